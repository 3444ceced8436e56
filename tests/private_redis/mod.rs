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
    role: Role,
}

#[derive(Clone, Copy)]
enum Role {
    Alone,
    /// A replica of the server on this port.
    ReplicaOf(u16),
    /// A Sentinel watching the master on this port as the service [`SERVICE`].
    SentinelOf(u16),
    /// A server that speaks TLS only, with a certificate from a CA of the test's own.
    Tls,
}

/// The service name the test Sentinels give their master.
pub const SERVICE: &str = "games";

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
    /// Starts a replica of the server on `master`, and waits until it has synchronised.
    pub fn start_replica_of(master: u16) -> PrivateRedis {
        let mut redis = PrivateRedis::reserve();
        redis.role = Role::ReplicaOf(master);
        redis.launch();
        let deadline = Instant::now() + Duration::from_secs(20);
        while !redis.info("replication").contains("master_link_status:up") {
            assert!(Instant::now() < deadline, "replica on port {} did not sync:\n{}", redis.port, redis.log());
            std::thread::sleep(Duration::from_millis(50));
        }
        redis
    }

    /// Starts a Sentinel (quorum 1, a master is down after 1 s) watching the master on `master`,
    /// and waits until it knows of `replicas` replicas.
    pub fn start_sentinel_of(master: u16, replicas: usize) -> PrivateRedis {
        let mut redis = PrivateRedis::reserve();
        redis.role = Role::SentinelOf(master);
        redis.launch();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let known = redis.command(&["SENTINEL", "replicas", SERVICE]).unwrap_or_default();
            if known.starts_with(&format!("*{replicas}\r\n")) {
                return redis;
            }
            assert!(
                Instant::now() < deadline,
                "sentinel on port {} sees no replica ({known:?}):\n{}",
                redis.port,
                redis.log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Starts a server that speaks only TLS, its certificate (for 127.0.0.1) signed by a CA made
    /// for the test ([`Self::ca_file`]). Needs `openssl` on the PATH.
    pub fn start_tls() -> PrivateRedis {
        let mut redis = PrivateRedis::reserve();
        redis.role = Role::Tls;
        let dir = redis.dir.path();
        std::fs::write(dir.join("ext.cnf"), "subjectAltName=IP:127.0.0.1\n").expect("ext.cnf");
        let ec = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
        for args in [
            format!("req -x509 {ec} -keyout ca.key -out ca.pem -days 2 -subj /CN=damas-test-CA"),
            format!("req {ec} -keyout server.key -out server.csr -subj /CN=127.0.0.1"),
            "x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile ext.cnf"
                .to_owned(),
        ] {
            let out = Command::new("openssl")
                .args(args.split(' '))
                .current_dir(dir)
                .output()
                .unwrap_or_else(|e| panic!("cannot run openssl (is it installed?): {e}"));
            assert!(out.status.success(), "openssl {args}: {}", String::from_utf8_lossy(&out.stderr));
        }
        redis.launch();
        redis
    }

    /// The CA that signed a TLS server's certificate (PEM).
    pub fn ca_file(&self) -> PathBuf {
        self.dir.path().join("ca.pem")
    }

    /// Runs `redis-cli` against the server (over TLS, trusting [`Self::ca_file`], for a TLS one).
    pub fn cli(&self, args: &[&str]) -> String {
        let mut command = Command::new("redis-cli");
        command.args(["-h", "127.0.0.1", "-p", &self.port.to_string()]);
        if matches!(self.role, Role::Tls) {
            command.arg("--tls").arg("--cacert").arg(self.ca_file());
        }
        let out = command.args(args).output().unwrap_or_else(|e| panic!("cannot run redis-cli: {e}"));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn start_as_deployed() -> PrivateRedis {
        let mut redis = PrivateRedis::reserve();
        redis.fsync = "everysec";
        redis.launch();
        redis
    }

    /// Picks a free port (nothing listens on it) without starting the server; see [`Self::launch`].
    pub fn reserve() -> PrivateRedis {
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let dir = tempfile::tempdir().expect("temp dir for redis");
        PrivateRedis { port, dir, child: None, fsync: "always", role: Role::Alone }
    }

    pub fn url(&self) -> String {
        let scheme = if matches!(self.role, Role::Tls) { "rediss" } else { "redis" };
        format!("{scheme}://127.0.0.1:{}", self.port)
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
        let mut command = Command::new("redis-server");
        let port = self.port.to_string();
        match self.role {
            Role::Alone => {}
            Role::Tls => {
                let dir = self.dir.path();
                command.args(["--tls-port", &port, "--port", "0", "--tls-auth-clients", "no"]);
                command.arg("--tls-cert-file").arg(dir.join("server.pem"));
                command.arg("--tls-key-file").arg(dir.join("server.key"));
                command.arg("--tls-ca-cert-file").arg(dir.join("ca.pem"));
            }
            Role::ReplicaOf(master) => {
                command.args(["--replicaof", "127.0.0.1", &master.to_string()]);
            }
            Role::SentinelOf(master) => {
                // A Sentinel rewrites its configuration file, so it gets one of its own.
                let conf = self.dir.path().join("sentinel.conf");
                let text = format!(
                    "sentinel monitor {SERVICE} 127.0.0.1 {master} 1\n\
                     sentinel down-after-milliseconds {SERVICE} 1000\n\
                     sentinel failover-timeout {SERVICE} 10000\n"
                );
                std::fs::write(&conf, text).expect("sentinel.conf");
                command.arg(conf).arg("--sentinel");
            }
        }
        if !matches!(self.role, Role::SentinelOf(_)) {
            command.args(["--save", ""]).args(["--appendonly", "yes", "--appendfsync", self.fsync]);
        }
        if !matches!(self.role, Role::Tls) {
            command.args(["--port", &port]);
        }
        let child = command
            .args(["--bind", "127.0.0.1", "--daemonize", "no"])
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
        if matches!(self.role, Role::Tls) {
            return self.cli(&["PING"]).starts_with("PONG");
        }
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

    /// A section of `INFO`, as text.
    pub fn info(&self, section: &str) -> String {
        self.command(&["INFO", section]).unwrap_or_default()
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
