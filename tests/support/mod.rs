//! Shared pieces of the end-to-end tests: the fake Bot API and the real `damas serve` process.

#![allow(dead_code)]

pub mod fake_telegram;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

pub const TOKEN: &str = "123456:TEST-TOKEN";

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
                    rest.split(|c: char| c == '/' || c == '"' || c.is_whitespace())
                        .next()
                        .and_then(|a| a.parse().ok())
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

    fn signal(&mut self, name: &str) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status();
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
