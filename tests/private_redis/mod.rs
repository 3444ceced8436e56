//! A Redis server of the test's own, on a free port, for tests that kill, restart or disconnect it
//! (the shared server at REDIS_URL must not be disturbed). Needs `redis-server` on the PATH (CI
//! installs it); without it these tests fail, they never skip.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct PrivateRedis {
    port: u16,
    dir: tempfile::TempDir,
    child: Option<Child>,
    /// `appendfsync`: `always` or `everysec`.
    fsync: &'static str,
}

impl PrivateRedis {
    /// Starts a server with append-only persistence (fsync on every write), so a crash loses
    /// nothing that was acknowledged.
    pub fn start() -> PrivateRedis {
        let mut redis = PrivateRedis::reserve();
        redis.launch();
        redis
    }

    /// Starts a server persisted as `docker-compose.yml` runs it: append-only, fsync once a
    /// second.
    pub fn start_as_deployed() -> PrivateRedis {
        let mut redis = PrivateRedis::reserve();
        redis.fsync = "everysec";
        redis.launch();
        redis
    }

    /// Picks a free port (nothing listens on it) without starting the server; see [`Self::launch`].
    pub fn reserve() -> PrivateRedis {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let dir = tempfile::tempdir().expect("temp dir for redis");
        PrivateRedis {
            port,
            dir,
            child: None,
            fsync: "always",
        }
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    fn log_path(&self) -> PathBuf {
        self.dir.path().join("redis.log")
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.log_path()).unwrap_or_default()
    }

    /// Starts the server and waits until it answers.
    pub fn launch(&mut self) {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", ""])
            .args(["--appendonly", "yes", "--appendfsync", self.fsync, "--daemonize", "no"])
            .arg("--dir")
            .arg(self.dir.path())
            .arg("--logfile")
            .arg(self.log_path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start redis-server (is it installed?): {e}"));
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while !self.ping() {
            assert!(Instant::now() < deadline, "private redis on port {} did not start:\n{}", self.port, self.log());
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Whether the server answers PING.
    pub fn ping(&self) -> bool {
        self.command(&["PING"]).is_some_and(|r| r.starts_with("+PONG"))
    }

    /// Sends one command and returns the raw first reply chunk.
    pub fn command(&self, args: &[&str]) -> Option<String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
        let mut request = format!("*{}\r\n", args.len());
        for a in args {
            request.push_str(&format!("${}\r\n{a}\r\n", a.len()));
        }
        stream.write_all(request.as_bytes()).ok()?;
        let mut buf = [0u8; 4096];
        let n = stream.read(&mut buf).ok()?;
        Some(String::from_utf8_lossy(&buf[..n]).into_owned())
    }

    /// Kills the server with SIGKILL, as a crash would, and waits until it is gone.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.ping() {
            assert!(Instant::now() < deadline, "redis still answers after SIGKILL");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Starts the server again on the same port with the same data directory.
    pub fn restart(&mut self) {
        self.kill();
        self.launch();
    }
}

impl Drop for PrivateRedis {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
