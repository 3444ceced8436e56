//! The Mini App in a real browser: starts the `damas` binary as a newcomer would run it (no bot
//! token, embedded store, guest mode) and drives headless Chromium through tests/e2e/app.mjs
//! (playwright-core): a game against the engine made by tapping, a friend's move arriving over the
//! event stream, screenshots on a phone-size screen.
//!
//! Needs Chromium (`chromium` package, or CHROMIUM=/path), Node.js and `npm ci --prefix tests/e2e`;
//! `.ci/run` installs all three. Anything missing fails the test.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use support::Damas;
use support::fake_telegram::FakeTelegram;

fn chromium() -> PathBuf {
    if let Ok(path) = std::env::var("CHROMIUM") {
        return PathBuf::from(path);
    }
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        if let Ok(out) = Command::new("sh").arg("-c").arg(format!("command -v {name}")).output()
            && out.status.success()
        {
            let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
            if !path.is_empty() {
                return PathBuf::from(path);
            }
        }
    }
    panic!(
        "Chromium is required for the browser test: install the `chromium` package (bash .ci/run does) or set CHROMIUM"
    );
}

fn e2e_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e")
}

struct Server {
    child: Child,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Server {
    /// `damas serve` with nothing configured but a free port and a short engine think time.
    fn start() -> (Server, String) {
        let dir = tempfile::tempdir().expect("temp dir");
        let log = dir.path().join("damas.log");
        let log_file = std::fs::File::create(&log).expect("log file");
        let child = Command::new(env!("CARGO_BIN_EXE_damas"))
            .arg("serve")
            .current_dir(dir.path())
            .env_remove("TELEGRAM_BOT_TOKEN")
            .env_remove("REDIS_URL")
            .env_remove("DAMAS_CONFIG")
            .env_remove("DAMAS_WEBAPP_DEV_GUEST")
            .env("DAMAS_HTTP_BIND", "127.0.0.1:0")
            .env("DAMAS_ENGINE_MAX_THINK_MS", "300")
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(log_file))
            .spawn()
            .expect("start damas");
        let mut server = Server { child, log, _dir: dir };
        let addr = server.wait_addr();
        (server, format!("http://{addr}"))
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    fn wait_addr(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let log = self.log();
            let found = log.lines().filter(|l| l.contains("listening on")).find_map(|l| {
                let rest = l.split("http://").nth(1)?;
                rest.split(|c: char| c == '/' || c == '"' || c.is_whitespace()).next().map(str::to_owned)
            });
            if let Some(addr) = found {
                return addr;
            }
            if Instant::now() > deadline || self.child.try_wait().ok().flatten().is_some() {
                panic!("damas did not start listening; log:\n{log}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Fails unless Chromium, Node.js and playwright-core are there.
fn browser_tools() -> PathBuf {
    let browser = chromium();
    assert!(browser.exists(), "Chromium not found at {}", browser.display());
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.as_ref().is_ok_and(|o| o.status.success()),
        "Node.js is required for the browser test: install `nodejs` (bash .ci/run does)"
    );
    assert!(
        e2e_dir().join("node_modules/playwright-core/package.json").exists(),
        "playwright-core is missing: run `npm ci --prefix tests/e2e` (bash .ci/run does)"
    );
    browser
}

/// Runs `node tests/e2e/<script> <args>...` and returns its output; panics with both outputs and
/// the server's log when a check fails.
fn run_script(browser: &Path, script: &str, args: &[&str], server_log: &dyn Fn() -> String) -> String {
    let dir = e2e_dir();
    let logs = tempfile::tempdir().expect("temp dir");
    let (out_path, err_path) = (logs.path().join("out.txt"), logs.path().join("err.txt"));
    let mut child = Command::new("node")
        .arg(dir.join(script))
        .args(args)
        .env("CHROMIUM", browser)
        .current_dir(&dir)
        .stdout(Stdio::from(std::fs::File::create(&out_path).expect("out file")))
        .stderr(Stdio::from(std::fs::File::create(&err_path).expect("err file")))
        .spawn()
        .expect("run node");
    let deadline = Instant::now() + Duration::from_secs(180);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait node") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the browser test did not finish in time; server log:\n{}", server_log());
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let out = std::fs::read_to_string(&out_path).unwrap_or_default();
    let err = std::fs::read_to_string(&err_path).unwrap_or_default();
    println!("{out}");
    assert!(status.success(), "browser checks failed:\n{out}\n{err}\nserver log:\n{}", server_log());
    assert!(out.contains("all browser checks passed"), "{out}");
    out
}

fn shots_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("webapp-e2e")
}

fn assert_screenshot(name: &str) {
    let path = shots_dir().join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000, "{name} is a real screenshot");
}

/// Local mode: what `cargo run --release` gives a newcomer.
#[test]
fn mini_app_in_headless_chromium() {
    let browser = browser_tools();
    let (server, base) = Server::start();
    let shots = shots_dir();
    let shots_arg = shots.to_string_lossy().into_owned();
    run_script(&browser, "app.mjs", &[&base, &shots_arg], &|| server.log());
    for name in ["engine-game.png", "friend-game.png", "spectator-dark.png"] {
        assert_screenshot(name);
    }
    println!("screenshots in {}", shots.display());
}

/// Inside Telegram: a bot token, the page opened with Telegram's launch parameters (signed
/// initData, theme, start parameter) and Telegram's event bridge. The script signs initData itself
/// (an implementation independent of the server's).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mini_app_inside_telegram() {
    let browser = browser_tools();
    let fake = FakeTelegram::start(support::TOKEN).await;
    let mut damas = Damas::start(&fake.url(), &[("DAMAS_ENGINE_MAX_THINK_MS", "300"), ("RUST_LOG", "info")]);
    let base = format!("http://{}", damas.wait_http_addr());
    let shots = shots_dir().to_string_lossy().into_owned();
    // Blocking here is fine: the fake Bot API runs on the runtime's worker threads.
    run_script(&browser, "telegram.mjs", &[&base, support::TOKEN, &shots], &|| damas.log());
    assert_screenshot("telegram-dark.png");
    drop(damas);
}
