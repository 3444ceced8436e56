// Browser end-to-end test of the Mini App in headless Chromium, on a phone-size screen.
// Usage: node app.mjs <base url of a running `damas serve` in guest mode> <screenshot dir>
// Environment: CHROMIUM = path of the browser (default /usr/bin/chromium).
// Exits non-zero with a message on the first failed check.
import { chromium } from "playwright-core";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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
  // The refused move asked of the server in section 4 is answered 422, which Chromium logs.
  let refusals = 0;
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (m.text().includes("status of 422")) refusals += 1;
    else problems.push("console error: " + m.text());
  });

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
  check((await page.getAttribute("#opponent button[data-value=engine]", "aria-pressed")) === "true"
    && (await page.getAttribute("#opponent button[data-value=friend]", "aria-pressed")) === "false", "the chosen option is announced as pressed");
  await page.tap("#start");
  await page.waitForSelector("body[data-my-turn='1']");
  check((await page.$$('[id="board"]')).length === 1, "one element with the id board");
  const labels = await page.$$eval("#board rect[data-sq]", (els) => els.map((e) => [e.getAttribute("role"), e.getAttribute("aria-label")]));
  check(labels.every(([role, label]) => role === "button" && label && label.length > 3), "every square is a button with a name: " + labels[0][1]);
  check(labels.some(([, label]) => label.includes("white man")) && labels.some(([, label]) => label.includes("empty")), "the names say what is on the square");
  // The square numbers stay readable on a phone: drawn over the pieces and at least 7 px high.
  const numberHeight = await page.$$eval("#board-view g.numo", (els) => Math.min(...els.map((e) => e.getBoundingClientRect().height)));
  check(numberHeight >= 7, "square numbers are " + numberHeight.toFixed(1) + " px high on a 390 px screen");
  check((await page.$$("#board rect[data-sq]")).length === 50, "the international board has 50 playing squares");
  const movable = await page.$$eval("#board rect[data-movable]", (els) => els.map((e) => e.getAttribute("data-sq")));
  check(movable.length === 5, "five white men can move at the start (" + movable.join(",") + ")");
  // A man of the back row has no move at the start: the tap says so.
  const noMove = (await (await fetch(base + "/app/static/i18n/en.json")).json()).text.tap_no_move.replace("{ $square }", "46");
  await tapSquare("46");
  await page.waitForFunction((text) => document.querySelector("#notice").textContent === text, noMove);
  check(true, "a blocked piece: " + noMove);
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
  const firstLine = await page.textContent("#moves li");
  check(/^1\. \S+ \S+$/.test(firstLine.trim()), "the move list reads with spaces: " + firstLine);
  // The engine never agrees to a draw: the button says so instead of offering one.
  check(await page.$eval("#btn-draw", (b) => b.classList.contains("off") && b.getAttribute("aria-disabled") === "true"), "the draw button is greyed against the engine");
  // A real tap: Playwright would wait for an aria-disabled button to become enabled.
  const drawBox = await page.locator("#btn-draw").boundingBox();
  await page.touchscreen.tap(drawBox.x + drawBox.width / 2, drawBox.y + drawBox.height / 2);
  const en = (await (await fetch(base + "/app/static/i18n/en.json")).json()).text;
  await page.waitForFunction((hint) => document.querySelector("#notice").textContent.includes(hint), en.draw_engine_hint);
  check(true, "tapping it explains why");
  // Text in the light theme is readable: contrast 4.5:1 or more against what is behind it.
  const contrasts = await page.evaluate(() => {
    const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c;
      }
      return [255, 255, 255];
    };
    return [...document.querySelectorAll("#screen-game .muted, #screen-game .turn, #notice, #moves, .player .name, .legend")]
      .filter((el) => el.offsetParent !== null && el.textContent.trim())
      .map((el) => {
        const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
        return [el.id || el.className, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
      });
  });
  const low = contrasts.filter(([, ratio]) => ratio < 4.5);
  check(contrasts.length >= 3 && low.length === 0, "text contrast is at least 4.5:1 (" + contrasts.map(([n, r]) => n + " " + r.toFixed(1)).join(", ") + ")");
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
  const flipped = await page.$eval("#board-view svg", (svg) => {
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

  // 4. A forced capture: the page says why a tap does nothing, and the rules' reason for a move.
  const forced = await api("POST", "/api/games", { variant: "russian", color: "white", level: 1, fen: "W:Wc3,g3:Bd4,a7" }, token);
  await page.goto(base + "/app?game=" + forced.id);
  await page.waitForSelector("body[data-my-turn='1']");
  const noticeAfter = async (what) => {
    await page.waitForFunction((before) => document.querySelector("#notice").textContent !== before, what);
    return page.textContent("#notice");
  };
  check(await page.isVisible("#legend"), "the legend explains the orange ring when a capture is forced");
  let before = await page.textContent("#notice");
  await tapSquare("g3");
  let said = await noticeAfter(before);
  check(said.includes(en.tap_must_capture.split("{")[0].trim()) && said.includes("c3"), "a piece that may not move: " + said);
  before = said;
  await tapSquare("d4");
  said = await noticeAfter(before);
  check(said === en.reason_not_your_piece.replace("{ $square }", "d4"), "an opponent's piece: " + said);
  before = said;
  await tapSquare("b4");
  said = await noticeAfter(before);
  check(said === en.reason_no_piece.replace("{ $square }", "b4"), "an empty square: " + said);
  before = said;
  await tapSquare("c3");
  await page.waitForSelector("#board circle[data-dest='e5']");
  before = await page.textContent("#notice");
  await tapSquare("b4");
  said = await noticeAfter(before);
  check(said === en.reason_capture_required, "a move the rules forbid, in the server's words: " + said);
  check((await api("GET", `/api/games/${forced.id}`, undefined, token)).moves.length === 0, "and nothing was played");
  check(refusals === 1, "the page asked the server once (" + refusals + " refusals)");

  // Turning the board: a1 goes from the bottom left to the top right, and stays so.
  const a1Low = () => page.$eval("#board-view svg", (svg) => {
    const r = svg.querySelector('rect[data-sq="a1"]').getBoundingClientRect(), b = svg.getBoundingClientRect();
    return r.top > b.top + b.height / 2 && r.left < b.left + b.width / 2;
  });
  check(await a1Low(), "White sees a1 at the bottom left");
  await page.tap("#btn-flip");
  await page.waitForFunction(() => {
    const svg = document.querySelector("#board-view svg");
    const r = svg && svg.querySelector('rect[data-sq="a1"]');
    return r && r.getBoundingClientRect().top < svg.getBoundingClientRect().top + svg.getBoundingClientRect().height / 2;
  });
  check(true, "the flip button turns the board");
  await page.reload();
  await page.waitForSelector("body[data-my-turn='1']");
  check(!(await a1Low()), "the turned board is remembered for this game");
  await page.tap("#btn-flip");
  await page.waitForFunction(() => {
    const svg = document.querySelector("#board-view svg");
    const r = svg && svg.querySelector('rect[data-sq="a1"]');
    return r && r.getBoundingClientRect().top > svg.getBoundingClientRect().top + svg.getBoundingClientRect().height / 2;
  });

  // Keyboard: arrows move between squares, Enter picks up and puts down.
  await page.focus('#board rect[data-sq="c3"]');
  await page.keyboard.press("ArrowUp");
  const reached = await page.evaluate(() => document.activeElement.getAttribute("data-sq"));
  check(["b4", "d4"].includes(reached), "ArrowUp from c3 reaches a square of the next row: " + reached);
  await page.focus('#board rect[data-sq="c3"]');
  await page.keyboard.press("Enter");
  await page.waitForSelector("#board [data-selected='c3']");
  check((await page.getAttribute('#board rect[data-sq="c3"]', "aria-pressed")) === "true", "the picked piece is announced as pressed");
  await page.focus('#board rect[data-sq="e5"]');
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => [...document.querySelectorAll("#moves .m")].some((e) => e.textContent === "c3:e5"));
  check(true, "Enter on the destination plays c3:e5");
  await page.screenshot({ path: join(outDir, "forced-capture.png") });

  // Once the game is over it can be reviewed: each side's accuracy, the graph, the moves to look at.
  check(!(await page.isVisible("#btn-analysis")), "no analysis while the game runs");
  await api("POST", `/api/games/${forced.id}/resign`, {}, token);
  await page.waitForSelector("#btn-analysis:not([hidden])");
  await page.tap("#btn-analysis");
  await page.waitForSelector("#analysis:not([hidden])", { timeout: 30000 });
  const accuracyRows = await page.$$eval("#analysis-accuracy div", (els) => els.map((e) => e.textContent));
  check(accuracyRows.length === 2 && accuracyRows.every((r) => r.includes(en.accuracy) && /\d+%|—/.test(r)), "each side's accuracy: " + accuracyRows.join(" / "));
  check((await page.$$("#analysis-graph polygon")).length === 1, "the evaluation graph is drawn");
  const reviewed = await page.$$eval("#analysis-errors li", (els) => els.map((e) => e.textContent));
  check(reviewed.length >= 1, "the moves to look at, or a word that there are none: " + reviewed.join(" | "));
  // Stepping through the game: the board picture and the bar follow.
  await page.waitForFunction(() => { const i = document.querySelector("#analysis-board"); return i.complete && i.naturalWidth > 0; });
  check((await page.getAttribute("#analysis-board", "src")).includes(`/board/${forced.id}/2.png`), "without errors the review shows the final position");
  await page.tap("#step-first");
  await page.waitForFunction(() => document.querySelector("#analysis-board").getAttribute("src").includes("/0.png"));
  check((await page.textContent("#analysis-ply")) === en.step_start, "« goes to the start position");
  await page.tap("#step-next");
  await page.waitForFunction(() => { const i = document.querySelector("#analysis-board"); return i.getAttribute("src").includes("/1.png") && i.complete && i.naturalWidth > 0; });
  check((await page.textContent("#analysis-ply")) === "1. c3:e5", "› steps to the first move: " + await page.textContent("#analysis-ply"));
  const bar = await page.$eval("#eval-fill", (e) => parseFloat(e.style.height));
  check(bar > 50, "White, a man up, has the larger part of the bar (" + bar + "%)");
  await page.screenshot({ path: join(outDir, "analysis.png"), fullPage: true });

  // 7. Puzzles on the same board: a wrong try, a hint, the line found by taps, the next one, a solution.
  const shipped = (variant) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../data/puzzles/" + variant + ".txt"), "utf8")
    .split("\n").filter((l) => l.trim() && !l.startsWith("#")).map((l) => l.split(";"));
  await page.goto(base + "/app");
  await page.waitForSelector("#screen-new:not([hidden])");
  await page.selectOption("#variant", "english");
  check(await page.isVisible("#btn-puzzles"), "the new-game screen offers puzzles");
  await page.tap("#btn-puzzles");
  await page.waitForSelector("#puzzle-bar:not([hidden])");
  check(page.url().endsWith("/app?puzzle=english"), "the address names the puzzle mode: " + page.url());
  check(!(await page.isVisible("#btn-resign")) && !(await page.isVisible("#player-top")), "no game buttons nor players in a puzzle");
  const caption = await page.textContent("#puzzle-caption");
  const number = Number(caption.match(/\d+/)[0]);
  const [, lineText] = shipped("english")[number - 1];
  const line = lineText.split(" ");
  check(caption.startsWith(en.puzzle_caption.replace("{ $number }", number).split("·")[0].trim()), "the caption names the puzzle: " + caption);
  check((await page.textContent("#notice")).includes(en.puzzle_find.split(":")[1].trim()), "the page asks for the best move");
  const ends = (text) => { const parts = text.split(/[-x:]/); return [parts[0], parts[parts.length - 1]]; };
  const playByTaps = async (text) => {
    const [from, to] = ends(text);
    if ((await page.getAttribute("#board rect[data-sq='" + from + "']", "aria-pressed")) !== "true") await tapSquare(from);
    await page.waitForSelector(`#board circle[data-dest='${to}']`);
    await tapSquare(to);
    if (await page.isVisible("#choices:not([hidden])")) await page.tap(`#choices button[data-move="${text}"]`);
  };
  const puzzleToken = await page.evaluate(() => localStorage.getItem("damas.guest"));
  const posed = await api("GET", "/api/puzzles", undefined, puzzleToken);
  const wrong = posed.legal.find((m) => m.text !== line[0] && ends(m.text)[0] === m.from
    && posed.legal.filter((o) => o.from === m.from && o.to === m.to).length === 1);
  if (wrong) {
    before = await page.textContent("#notice");
    await playByTaps(wrong.text);
    said = await noticeAfter(before);
    check(said === en.puzzle_wrong, "a wrong move " + wrong.text + " is refused as such: " + said);
    check((await movesShown()).length === 0 && (await page.getAttribute("body", "data-puzzle")) === "0", "and the puzzle stays where it was");
  }
  before = await page.textContent("#notice");
  await page.tap("#puzzle-hint");
  said = await noticeAfter(before);
  check(said === en.puzzle_hint_text.replace("{ $square }", ends(line[0])[0]), "the hint names the piece: " + said);
  await page.waitForSelector(`#board [data-selected='${ends(line[0])[0]}']`);
  for (let i = 0; i < line.length; i += 2) {
    await playByTaps(line[i]);
    await page.waitForFunction((n) => document.querySelectorAll("#moves .m").length >= n, Math.min(i + 2, line.length));
  }
  await page.waitForSelector("body[data-puzzle='done']");
  said = await page.textContent("#notice");
  check(said.startsWith(wrong ? en.puzzle_solved_late : en.puzzle_solved) && /→/.test(said), "the line " + lineText + " solves it, with the rating change: " + said);
  check((await movesShown()).join(" ") === lineText, "the moves list shows the whole line");
  check(await page.isDisabled("#puzzle-hint") && await page.isDisabled("#puzzle-solution"), "a solved puzzle takes no hint");
  await page.screenshot({ path: join(outDir, "puzzle-solved.png") });
  await page.tap("#puzzle-next");
  await page.waitForSelector("body[data-puzzle='0']");
  check((await movesShown()).length === 0, "the next puzzle starts from its position");
  const secondLine = shipped("english")[Number((await page.textContent("#puzzle-caption")).match(/\d+/)[0]) - 1][1];
  await page.tap("#puzzle-solution");
  await page.waitForSelector("body[data-puzzle='done']");
  said = await page.textContent("#notice");
  check(said.startsWith(en.puzzle_solution.replace("{ $line }", secondLine)), "the solution is shown and played: " + said);
  check((await movesShown()).join(" ") === secondLine, "on the board too");
  await page.reload();
  await page.waitForSelector("#puzzle-bar:not([hidden])");
  check((await page.getAttribute("body", "data-puzzle")) === "0" && (await page.textContent("#bar-title")) === "English draughts (checkers)",
    "after a reload the next puzzle of the same variant is posed");

  // 5. Drag and drop with a mouse on a desktop screen.
  const desk = await browser.newContext({ viewport: { width: 1000, height: 900 }, locale: "en-US", colorScheme: "light" });
  const deskPage = await desk.newPage();
  deskPage.setDefaultTimeout(20000);
  deskPage.on("pageerror", (e) => problems.push("page error: " + e.message));
  await deskPage.goto(base + "/app");
  await deskPage.waitForSelector("#screen-new:not([hidden])");
  const deskToken = await deskPage.evaluate(() => localStorage.getItem("damas.guest"));
  const dragGame = await api("POST", "/api/games", { variant: "english", color: "black", level: 1 }, deskToken);
  await deskPage.goto(base + "/app?game=" + dragGame.id);
  await deskPage.waitForSelector("body[data-my-turn='1']");
  const dragState = await api("GET", `/api/games/${dragGame.id}`, undefined, deskToken);
  const centre = async (sq) => {
    const box = await deskPage.locator(`#board rect[data-sq="${sq}"]`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const dragMove = dragState.legal[0];
  const [fx, fy] = await centre(dragMove.from);
  const [tx, ty] = await centre(dragMove.to);
  await deskPage.mouse.move(fx, fy);
  await deskPage.mouse.down();
  await deskPage.mouse.move((fx + tx) / 2, (fy + ty) / 2, { steps: 5 });
  check((await deskPage.$$("#board-view .drag-ghost")).length === 1, "the piece follows the pointer");
  await deskPage.mouse.move(tx, ty, { steps: 5 });
  await deskPage.mouse.up();
  await deskPage.waitForFunction((m) => [...document.querySelectorAll("#moves .m")].some((e) => e.textContent === m), dragMove.text);
  check((await deskPage.$$("#board-view .drag-ghost")).length === 0, "a drag from " + dragMove.from + " to " + dragMove.to + " plays " + dragMove.text);
  await desk.close();

  // 6. A phone held sideways: the whole board is on the screen, beside the rest.
  const side = await browser.newContext({ viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "en-US", colorScheme: "light" });
  const sidePage = await side.newPage();
  await sidePage.goto(base + "/app?game=" + gameId);
  await sidePage.waitForSelector("#screen-game:not([hidden])");
  const boardBox = await sidePage.locator("#board-view svg").boundingBox();
  check(boardBox.y >= 0 && boardBox.y + boardBox.height <= 390 + 1 && boardBox.x + boardBox.width <= 844 + 1,
    `the board fits a 844×390 screen (${Math.round(boardBox.x)},${Math.round(boardBox.y)} ${Math.round(boardBox.width)}×${Math.round(boardBox.height)})`);
  check(boardBox.width >= 300, "and is " + Math.round(boardBox.width) + " px wide");
  const flipBox = await sidePage.locator("#btn-flip").boundingBox();
  check(flipBox.y + flipBox.height <= 390 + 1, "the flip button under it is on the screen too");
  const movesBox = await sidePage.locator("#moves").boundingBox();
  check(movesBox && movesBox.x >= boardBox.x + boardBox.width - 1, "the moves are beside the board, not under it");
  await sidePage.screenshot({ path: join(outDir, "landscape.png") });
  await side.close();

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
