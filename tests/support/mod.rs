//! Shared pieces of the end-to-end tests: the fake Bot API and the real `damas serve` process.

#![allow(dead_code)]

pub mod fake_telegram;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fake_telegram::{ChatMessage, FakeTelegram};

pub const TOKEN: &str = "123456:TEST-TOKEN";

/// How a board's caption marks ply `n` (from 1) as the last move, numbered as PDN does in a
/// game whose first move opens a pair: ply 1 is `1.`, ply 2 `1...`, ply 3 `2.`.
pub fn last_move_marker(n: usize) -> String {
    let k = n.saturating_sub(1);
    let label = if k.is_multiple_of(2) { format!("{}.", k / 2 + 1) } else { format!("{}...", k / 2 + 1) };
    format!(": {label} <code>")
}

/// The fake Bot API and `damas serve` (with `env` set) talking to it, once the bot polls.
pub async fn started(env: &[(&str, &str)]) -> (FakeTelegram, Damas) {
    let fake = FakeTelegram::start(TOKEN).await;
    let damas = Damas::start(&fake.url(), env);
    fake.wait_until(Duration::from_secs(30), "the bot to start polling", |f| (f.get_updates_polls() > 0).then_some(()))
        .await;
    (fake, damas)
}

/// What the first button whose label contains `label` carries (callback data or URL).
pub fn button(m: &ChatMessage, label: &str) -> String {
    m.buttons()
        .into_iter()
        .find(|(l, _)| l.contains(label))
        .map(|(_, d)| d)
        .unwrap_or_else(|| panic!("no {label:?} button: {:?}", m.buttons()))
}

/// A Redis key space of its own for one test (REDIS_URL, default redis://127.0.0.1:6379): the
/// settings that point `damas serve` at it, and its keys deleted when dropped.
pub struct RedisSpace {
    pub url: String,
    pub prefix: String,
}

impl RedisSpace {
    pub fn new() -> RedisSpace {
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        RedisSpace {
            url: std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned()),
            prefix: format!("damas-e2e-{}-{nanos}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)),
        }
    }

    /// `REDIS_URL` and `DAMAS_STORE_KEY_PREFIX`, followed by `more`.
    pub fn env<'a>(&'a self, more: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
        let mut env = vec![("REDIS_URL", self.url.as_str()), ("DAMAS_STORE_KEY_PREFIX", self.prefix.as_str())];
        env.extend_from_slice(more);
        env
    }
}

impl Drop for RedisSpace {
    fn drop(&mut self) {
        let Ok(client) = redis::Client::open(self.url.as_str()) else { return };
        let Ok(mut con) = client.get_connection() else { return };
        let keys: Vec<String> =
            redis::cmd("KEYS").arg(format!("{}:*", self.prefix)).query(&mut con).unwrap_or_default();
        if !keys.is_empty() {
            let _: Result<i64, _> = redis::cmd("DEL").arg(keys).query(&mut con);
        }
    }
}

/// A running `damas serve` child process, killed when dropped.
pub struct Damas {
    child: Child,
    dir: tempfile::TempDir,
    log: PathBuf,
}

impl Damas {
    /// Starts the binary against the fake API at `api_url`, in an empty working directory (so no
    /// stray `.env` is read), on a free local port.
    pub fn start(api_url: &str, extra_env: &[(&str, &str)]) -> Damas {
        let dir = tempfile::tempdir().expect("temp dir");
        let log = dir.path().join("damas.log");
        let log_file = std::fs::File::create(&log).expect("log file");
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_damas"));
        cmd.arg("serve")
            .current_dir(dir.path())
            .env_remove("REDIS_URL")
            .env_remove("DAMAS_CONFIG")
            .env("TELEGRAM_BOT_TOKEN", TOKEN)
            .env("TELOXIDE_API_URL", api_url)
            .env("DAMAS_HTTP_BIND", "127.0.0.1:0")
            .env("DAMAS_TELEGRAM_POLLING_TIMEOUT_SECS", "2")
            .env("RUST_LOG", "info,damas=debug")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(log_file));
        for (k, v) in extra_env {
            cmd.env(k, v);
        }
        let child = cmd.spawn().expect("start damas");
        Damas { child, dir, log }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGINT (as Ctrl-C does) and waits for the exit status.
    pub fn interrupt(&mut self) -> std::process::ExitStatus {
        self.signal("INT")
    }

    /// Sends SIGTERM (as Docker and Kubernetes do) and waits for the exit status.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        self.signal("TERM")
    }

    /// The exit status if the process has ended.
    pub fn try_status(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// The HTTP address the server logged once it listened (it binds port 0).
    pub fn wait_http_addr(&mut self) -> std::net::SocketAddr {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            let log = self.log();
            if let Some(addr) = log
                .lines()
                .filter(|l| l.contains("listening on"))
                .find_map(|l| l.split("http://").nth(1))
                .and_then(|rest| {
                    rest.split(|c: char| c == '/' || c == '"' || c.is_whitespace()).next().and_then(|a| a.parse().ok())
                })
            {
                return addr;
            }
            if std::time::Instant::now() > deadline || self.try_status().is_some() {
                panic!("damas did not start listening; log:\n{log}");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Waits until the log has a line containing `needle` (for steps that finish after the server
    /// already answers, such as the webhook route taking updates once the bot has connected).
    pub fn wait_log(&mut self, needle: &str) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            let log = self.log();
            if log.contains(needle) {
                return;
            }
            if std::time::Instant::now() > deadline || self.try_status().is_some() {
                panic!("damas never logged {needle:?}; log:\n{log}");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    fn signal(&mut self, name: &str) -> std::process::ExitStatus {
        let _ = Command::new("kill").arg(format!("-{name}")).arg(self.child.id().to_string()).status();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("damas did not stop after SIG{name}; log:\n{}", self.log());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Damas {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!("---- damas log ----\n{}", self.log());
        }
    }
}
