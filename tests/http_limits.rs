//! The HTTP listener's limits, against raw TCP clients: a client that never finishes its headers
//! or its body is cut off, connections beyond the cap wait for a free one, and the webhook turns a
//! caller without the secret away before reading a byte of its body.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use damas::config::Config;
use damas::ops::http::{self, Connections, Limits};
use damas::webapp::{self, AppState};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Every answer or close the tests wait for comes long before this.
const PATIENCE: Duration = Duration::from_secs(10);

fn config(env: &[(&str, &str)]) -> Config {
    Config::from_sources(None, &|name| env.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
        .expect("config")
}

async fn start(router: axum::Router, limits: Limits) -> (SocketAddr, Arc<Connections>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let connections = Arc::new(Connections::default());
    tokio::spawn(http::serve(listener, router, limits, connections.clone(), std::future::pending()));
    (addr, connections)
}

/// The health checks and the Mini App API, served within `limits`.
async fn app(limits: Limits) -> (SocketAddr, Arc<Connections>) {
    let state = AppState::new(Arc::new(config(&[])));
    state.set_games(Arc::new(damas::game::service::GameService::new(
        Arc::new(damas::game::store::MemoryStore::new(Default::default())),
        Arc::new(damas::game::engine_player::SearchEngine::new(Duration::from_millis(10))),
        Default::default(),
    )));
    start(webapp::router(state), limits).await
}

/// Reads what the server sends until it closes the connection (or resets it).
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(PATIENCE, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return String::from_utf8_lossy(&seen).into_owned(),
            Ok(Ok(n)) => seen.extend_from_slice(&buf[..n]),
            Err(_) => panic!("the server kept the connection open; got so far: {}", String::from_utf8_lossy(&seen)),
        }
    }
}

/// Reads one response whose body is `Content-Length` long.
async fn read_response(stream: &mut TcpStream) -> String {
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let text = String::from_utf8_lossy(&seen).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_owned()))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(0);
            if text.len() >= end + 4 + length {
                return text;
            }
        }
        match tokio::time::timeout(PATIENCE, stream.read(&mut buf)).await {
            Ok(Ok(0)) => panic!("closed before a whole response: {text}"),
            Ok(Ok(n)) => seen.extend_from_slice(&buf[..n]),
            Ok(Err(e)) => panic!("read failed ({e}) after: {text}"),
            Err(_) => panic!("no whole response in time; got so far: {text}"),
        }
    }
}

const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: damas\r\n\r\n";

fn limits(max_connections: usize, header_ms: u64, body_ms: u64) -> Limits {
    Limits {
        max_connections,
        header_timeout: Duration::from_millis(header_ms),
        body_timeout: Duration::from_millis(body_ms),
    }
}

#[tokio::test]
async fn half_a_header_is_cut_off_and_the_server_keeps_answering() {
    let (addr, _) = app(limits(64, 300, 300)).await;
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: dam").await.unwrap();

    let mut other = TcpStream::connect(addr).await.unwrap();
    other.write_all(HEALTHZ).await.unwrap();
    let answer = read_response(&mut other).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");

    let rest = read_to_close(&mut slow).await;
    assert!(!rest.contains(" 200 "), "the slow request must not be served: {rest}");
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed_too() {
    let (addr, connections) = app(limits(64, 300, 300)).await;
    let mut client = TcpStream::connect(addr).await.unwrap();
    client.write_all(HEALTHZ).await.unwrap();
    assert!(read_response(&mut client).await.starts_with("HTTP/1.1 200"));
    assert_eq!(read_to_close(&mut client).await, "");
    let deadline = std::time::Instant::now() + PATIENCE;
    while connections.open() > 0 {
        assert!(std::time::Instant::now() < deadline, "the connection is still counted");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_body_that_never_finishes_is_answered_408_and_closed() {
    let (addr, _) = app(limits(64, 10_000, 300)).await;
    let mut client = TcpStream::connect(addr).await.unwrap();
    client
        .write_all(
            b"POST /api/session/guest HTTP/1.1\r\nHost: damas\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"name\":",
        )
        .await
        .unwrap();
    let answer = read_to_close(&mut client).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"error\":\"timeout\""), "{answer}");
}

#[tokio::test]
async fn connections_beyond_the_cap_wait_for_a_free_one() {
    let (addr, connections) = app(limits(2, 30_000, 30_000)).await;
    let mut first = TcpStream::connect(addr).await.unwrap();
    let mut second = TcpStream::connect(addr).await.unwrap();
    for c in [&mut first, &mut second] {
        c.write_all(HEALTHZ).await.unwrap();
        assert!(read_response(c).await.starts_with("HTTP/1.1 200"));
    }
    let mut third = TcpStream::connect(addr).await.unwrap();
    third.write_all(HEALTHZ).await.unwrap();
    // Room for a server without the cap to take the third connection.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(connections.peak(), 2);
    drop(first);
    let answer = read_response(&mut third).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert_eq!(connections.peak(), 2, "the third was served only once the first had gone");
}

#[tokio::test]
async fn a_newcomer_beyond_the_cap_closes_the_oldest_connection_that_sent_nothing() {
    let (addr, connections) = app(limits(2, 30_000, 30_000)).await;
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let mut trickling = TcpStream::connect(addr).await.unwrap();
    trickling.write_all(b"GET /healthz HTTP/1.1\r\n").await.unwrap();
    let deadline = std::time::Instant::now() + PATIENCE;
    while connections.open() < 2 {
        assert!(std::time::Instant::now() < deadline, "the two connections were not taken");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut client = TcpStream::connect(addr).await.unwrap();
    client.write_all(HEALTHZ).await.unwrap();
    let answer = read_response(&mut client).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert_eq!(read_to_close(&mut silent).await, "", "the oldest made room");
    // The cap held: the newcomer was served in the place of the one closed.
    assert_eq!(connections.peak(), 2);
    drop(trickling);
}

#[tokio::test]
async fn the_webhook_refuses_a_wrong_secret_without_waiting_for_the_body() {
    let config = config(&[("DAMAS_WEBHOOK_SECRET_TOKEN", "right-Secret_1")]);
    let (_stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let (router, _slot) = damas::ops::webhook::router(&config, stop_rx).expect("webhook route");
    // A body timeout far beyond the test's patience: only an answer before the body counts.
    let (addr, _) = start(router, limits(64, 60_000, 600_000)).await;
    for secret in ["wrong-Secret_1", ""] {
        let mut client = TcpStream::connect(addr).await.unwrap();
        let head = format!(
            "POST /telegram/webhook HTTP/1.1\r\nHost: damas\r\nX-Telegram-Bot-Api-Secret-Token: {secret}\r\n\
             Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{{\"update_id\":"
        );
        client.write_all(head.as_bytes()).await.unwrap();
        let answer = read_response(&mut client).await;
        assert!(answer.starts_with("HTTP/1.1 401"), "{secret:?}: {answer}");
    }
}
