// Browser end-to-end test of the Mini App in headless Chromium, on a phone-size screen.
// Usage: node app.mjs <base url of a running `damas serve` in guest mode> <screenshot dir>
// Environment: CHROMIUM = path of the browser (default /usr/bin/chromium).
// Exits non-zero with a message on the first failed check.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const [base, outDir] = process.argv.slice(2);
if (!base || !outDir) {
  console.error("usage: node app.mjs <base url> <screenshot dir>");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";

function check(cond, what) {
  if (!cond) throw new Error("check failed: " + what);
  console.log("ok - " + what);
}

async function api(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = "Bearer " + token;
  const r = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
});
const problems = [];
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
    colorScheme: "light",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  page.on("console", (m) => { if (m.type() === "error") problems.push("console error: " + m.text()); });

  // Tap the centre of a square; the piece drawn on it receives the touch, as on a phone.
  const tapSquare = async (name) => {
    const box = await page.locator(`#board rect[data-sq="${name}"]`).boundingBox();
    if (!box) throw new Error("square " + name + " is not on the board");
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  };
  const movesShown = () => page.$$eval("#moves .m", (els) => els.map((e) => e.textContent));

  // 1. A local game against the engine.
  await page.goto(base + "/app");
  await page.waitForSelector("#screen-new:not([hidden])");
  check(await page.isVisible("#guest-note"), "the page offers a local game without Telegram");
  await page.selectOption("#variant", "international");
  await page.tap("#opponent button[data-value=engine]");
  await page.tap("#color button[data-value=white]");
  await page.tap("#level button[data-value='1']");
  await page.tap("#start");
  await page.waitForSelector("body[data-my-turn='1']");
  check((await page.$$("#board rect[data-sq]")).length === 50, "the international board has 50 playing squares");
  const movable = await page.$$eval("#board rect[data-movable]", (els) => els.map((e) => e.getAttribute("data-sq")));
  check(movable.length === 5, "five white men can move at the start (" + movable.join(",") + ")");
  const from = movable[0];
  await tapSquare(from);
  await page.waitForSelector("#board circle[data-dest]");
  const dests = await page.$$eval("#board circle[data-dest]", (els) => els.map((e) => e.getAttribute("data-dest")));
  check(dests.length >= 1, `destinations of ${from} light up (${dests.join(",")})`);
  await tapSquare(dests[0]);
  await page.waitForFunction(() => document.body.dataset.ply === "2" && document.body.dataset.myTurn === "1", null, { timeout: 30000 });
  const afterEngine = await movesShown();
  check(afterEngine.length === 2 && afterEngine[0] === `${from}-${dests[0]}`, "my move and the engine's answer are listed: " + afterEngine.join(" "));
  check((await page.$$("#board .last")).length >= 2, "the last move is highlighted");
  check((await page.textContent("#notice")).includes("Your turn"), "the page says it is my turn");
  await page.screenshot({ path: join(outDir, "engine-game.png") });

  // Every language from the switch, with the texts the server's catalogue gives.
  const langs = await page.$$eval("#lang-select option", (els) => els.map((e) => e.value));
  check(langs.length === 8 && langs.includes("ru") && langs.includes("nl"), "the switch offers eight languages: " + langs.join(","));
  for (const code of ["es", "ru", "pt", "tr", "it", "fr", "nl"]) {
    const strings = await (await fetch(base + "/app/static/i18n/" + code + ".json")).json();
    await page.selectOption("#lang-select", code);
    await page.waitForFunction((c) => document.documentElement.lang === c, code);
    const notice = await page.textContent("#notice");
    check(notice.includes(strings.text.your_turn) && strings.text.your_turn !== "Your turn", `the page speaks ${code} after the switch: ${notice}`);
    check((await page.textContent("#btn-resign")) === strings.text.resign, `the ${code} resign button`);
  }
  check((await page.textContent("#notice")).includes("Te toca") === false, "the last language replaced Spanish");
  await page.selectOption("#lang-select", "en");
  await page.waitForFunction(() => document.documentElement.lang === "en");

  // 2. A game with a friend: the page plays Black, the friend plays through the API.
  await page.tap("#btn-new");
  await page.waitForSelector("#screen-new:not([hidden])");
  await page.selectOption("#variant", "international");
  await page.tap("#opponent button[data-value=friend]");
  await page.tap("#color button[data-value=black]");
  await page.tap("#start");
  await page.waitForSelector("body[data-status='waiting']");
  check(await page.isVisible("#share"), "a waiting game shows the link to send");
  const gameId = await page.getAttribute("body", "data-game");
  const shareUrl = await page.inputValue("#share-url");
  check(shareUrl.endsWith("/app?game=" + gameId), "the link names the game");

  const friend = await api("POST", "/api/session/guest", { name: "Bob" });
  const joined = await api("POST", `/api/games/${gameId}/join`, {}, friend.token);
  check(joined.status === "active" && joined.white.name.startsWith("Bob"), "the friend takes the white seat");
  await page.waitForSelector("body[data-status='active']");
  check(!(await page.isVisible("#share")), "the page learns of the join live");
  check((await page.textContent("#player-top .name")).startsWith("Bob"), "the friend's name is shown at the top");
  const friendMove = joined.legal[joined.legal.length - 1].text;
  await api("POST", `/api/games/${gameId}/moves`, { move: friendMove, version: joined.version }, friend.token);
  await page.waitForFunction(() => document.body.dataset.ply === "1" && document.body.dataset.myTurn === "1");
  const live = await movesShown();
  check(live.length === 1 && live[0] === friendMove, "the friend's move " + friendMove + " arrives over the event stream");
  const flipped = await page.$eval("#board svg", (svg) => {
    const r = svg.querySelector('rect[data-sq="1"]').getBoundingClientRect();
    return r.top > svg.getBoundingClientRect().top + svg.getBoundingClientRect().height / 2;
  });
  check(flipped, "Black sees the board from Black's side (square 1 at the bottom)");

  // Answer by tapping; the friend sees it through the API.
  const mine = await page.$$eval("#board rect[data-movable]", (els) => els.map((e) => e.getAttribute("data-sq")));
  await tapSquare(mine[0]);
  await page.waitForSelector("#board circle[data-dest]");
  const to = await page.getAttribute("#board circle[data-dest]", "data-dest");
  await tapSquare(to);
  await page.waitForFunction(() => document.body.dataset.ply === "2");
  const seen = await api("GET", `/api/games/${gameId}`, undefined, friend.token);
  check(seen.moves.length === 2 && seen.moves[1] === `${mine[0]}-${to}`, "the friend sees my reply " + seen.moves[1]);
  check(seen.legal.length > 0, "and it is the friend's turn");
  await page.screenshot({ path: join(outDir, "friend-game.png") });
  await page.screenshot({ path: join(outDir, "friend-game-full.png"), fullPage: true });

  // 3. Two capture routes between the same squares: the page asks which one.
  const token = await page.evaluate(() => localStorage.getItem("damas.guest"));
  const fenGame = await api("POST", "/api/games", { variant: "russian", color: "white", level: 1, fen: "W:Wf6:Bg3,d4,c7,b4,h2,e7" }, token);
  await page.goto(base + "/app?game=" + fenGame.id);
  await page.waitForSelector("body[data-my-turn='1']");
  await tapSquare("f6");
  await page.waitForSelector("#board circle[data-dest='h4']");
  await tapSquare("h4");
  await page.waitForSelector("#choices:not([hidden])");
  const routes = await page.$$eval("#choices button", (els) => els.map((e) => [e.textContent, e.getAttribute("data-move")]));
  check(routes.length === 2, "two routes are offered: " + routes.map((r) => r[0]).join(" / "));
  await page.tap(`#choices button[data-move="${routes[1][1]}"]`);
  await page.waitForFunction((m) => [...document.querySelectorAll("#moves .m")].some((e) => e.textContent === m), routes[1][1]);
  check(true, "the chosen route " + routes[1][1] + " is played");
  await page.screenshot({ path: join(outDir, "route-choice.png") });

  // Dark scheme outside Telegram gives the dark board.
  const dark = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: "dark", locale: "es-ES" });
  const darkPage = await dark.newPage();
  await darkPage.goto(base + "/app?game=" + gameId);
  await darkPage.waitForSelector("#screen-game:not([hidden])");
  check((await darkPage.textContent("#notice")).includes("Bob"), "a spectator sees whose turn it is");
  check((await darkPage.$$("#board rect[data-movable]")).length === 0, "a spectator cannot move");
  check((await darkPage.getAttribute("html", "lang")) === "es", "a Spanish browser gets Spanish");
  await darkPage.screenshot({ path: join(outDir, "spectator-dark.png") });
  await dark.close();

  check(problems.length === 0, "no script errors in the page" + (problems.length ? ": " + problems.join("; ") : ""));
} finally {
  await browser.close();
}
console.log("all browser checks passed");
