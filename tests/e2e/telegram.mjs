// The Mini App as Telegram opens it: launch parameters in the URL fragment (signed initData, theme,
// platform), Telegram's event bridge (window.TelegramWebviewProxy) recording what the page asks of
// the client. Usage: node telegram.mjs <base url of damas with a bot token> <bot token> <screenshot dir>
import { chromium } from "playwright-core";
import { createHmac } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const [base, botToken, outDir] = process.argv.slice(2);
if (!base || !botToken || !outDir) {
  console.error("usage: node telegram.mjs <base url> <bot token> <screenshot dir>");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

function check(cond, what) {
  if (!cond) throw new Error("check failed: " + what);
  console.log("ok - " + what);
}

// Telegram's signing scheme, written from its documentation.
function initData(fields, token) {
  const secret = createHmac("sha256", "WebAppData").update(token).digest();
  const check = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join("\n");
  const hash = createHmac("sha256", secret).update(check).digest("hex");
  return new URLSearchParams({ ...fields, hash }).toString();
}

const user = JSON.stringify({ id: 4242, first_name: "Ana", last_name: "García", language_code: "es" });
const now = String(Math.floor(Date.now() / 1000));
const theme = { bg_color: "#17212b", secondary_bg_color: "#232e3c", text_color: "#f5f5f5", hint_color: "#708499", button_color: "#5288c1", button_text_color: "#ffffff" };

function launchUrl(data) {
  const params = new URLSearchParams({
    tgWebAppData: data,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "android",
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  return base + "/app#" + params.toString();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
});
const problems = [];

async function openTelegram(data) {
  const context = await browser.newContext({ viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "en-US" });
  await context.addInitScript(() => {
    window.__tg = [];
    window.TelegramWebviewProxy = { postEvent: (type, data) => window.__tg.push([type, JSON.parse(data || "{}")]) };
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  await page.goto(launchUrl(data));
  return { context, page };
}

const events = (page) => page.evaluate(() => window.__tg);

try {
  // A forged signature gets no session, and there is no guest fallback next to a bot.
  const forged = await openTelegram(initData({ auth_date: now, user }, "999:NOT-THE-BOT"));
  await forged.page.waitForSelector("#screen-error:not([hidden])");
  const es = (await (await fetch(base + "/app/static/i18n/es.json")).json()).text;
  check((await forged.page.textContent("#error-text")) === es.e_bad_signature, "initData signed with another token is refused, and the page says why: " + es.e_bad_signature);
  const guest = await fetch(base + "/api/session/guest", { method: "POST" });
  check(guest.status === 403, "guest sessions are off when a bot token is set");
  await forged.context.close();
  const stale = await openTelegram(initData({ auth_date: String(Number(now) - 3 * 86400), user }, botToken));
  await stale.page.waitForSelector("#screen-error:not([hidden])");
  check((await stale.page.textContent("#error-text")) === es.e_init_data_expired, "a launch signed days ago is refused as too old");
  await stale.context.close();

  const { context, page } = await openTelegram(initData({ auth_date: now, query_id: "AAF1", user }, botToken));
  await page.waitForSelector("#screen-new:not([hidden])");
  check((await page.textContent("#screen-new h1")) === "Nueva partida", "the user's Telegram language (es) is used");
  check(await page.evaluate(() => document.documentElement.classList.contains("tg")), "Telegram's theme is applied");
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  check(bg === "rgb(23, 33, 43)", "the page background is the theme's bg_color (" + bg + ")");
  check(!(await page.isVisible("#guest-note")), "no guest note inside Telegram");
  let sent = await events(page);
  const names = sent.map((e) => e[0]);
  check(names.includes("web_app_ready") && names.includes("web_app_expand"), "the page tells Telegram it is ready and asks to expand");
  const swipe = sent.find((e) => e[0] === "web_app_setup_swipe_behavior");
  check(swipe && swipe[1].allow_vertical_swipe === false, "vertical swipes are disabled");

  await page.selectOption("#variant", "english");
  await page.tap("#opponent button[data-value=engine]");
  await page.tap("#color button[data-value=black]");
  await page.tap("#level button[data-value='1']");
  await page.tap("#start");
  await page.waitForSelector("body[data-my-turn='1']");
  check((await page.textContent("#player-bottom .name")) === "Ana García", "the Telegram user's name is on the board");
  check((await page.innerHTML("#board-view")).includes("#5d7658"), "a dark Telegram theme gets the dark board");
  const gameId = await page.getAttribute("body", "data-game");
  const tap = async (name) => {
    const box = await page.locator(`#board rect[data-sq="${name}"]`).boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  };
  const from = await page.getAttribute("#board rect[data-movable]", "data-sq");
  await tap(from);
  await page.waitForSelector("#board circle[data-dest]");
  sent = await events(page);
  check(sent.some((e) => e[0] === "web_app_trigger_haptic_feedback" && e[1].type === "selection_change"), "picking a piece gives haptic feedback");
  const to = await page.getAttribute("#board circle[data-dest]", "data-dest");
  await tap(to);
  await page.waitForFunction(() => document.body.dataset.ply === "2" && document.body.dataset.myTurn === "1", null, { timeout: 30000 });
  sent = await events(page);
  check(sent.some((e) => e[0] === "web_app_trigger_haptic_feedback" && e[1].type === "impact"), "moving gives haptic feedback");
  check((await page.$$eval("#moves .m", (els) => els.map((e) => e.textContent)))[0] === `${from}-${to}`, "my move and the engine's answer are listed");
  await page.screenshot({ path: join(outDir, "telegram-dark.png") });
  await context.close();

  // A t.me/<bot>/<app>?startapp=<game id> link opens that game directly.
  const again = await openTelegram(initData({ auth_date: now, user, start_param: gameId }, botToken));
  await again.page.waitForSelector("#screen-game:not([hidden])");
  check((await again.page.getAttribute("body", "data-game")) === gameId, "start_param opens the game");
  check((await again.page.getAttribute("body", "data-ply")) === "2", "with its moves");
  await again.context.close();

  check(problems.length === 0, "no script errors" + (problems.length ? ": " + problems.join("; ") : ""));
} finally {
  await browser.close();
}
console.log("all browser checks passed");
