//! Load generator: many users play the engine at the easiest level at the same time, their updates
//! posted to the webhooks of two `damas serve` instances sharing one Redis (a private server), with
//! the fake Bot API answering the bot. Reports move updates per second and the handling latency
//! (a webhook call returns once the update is handled: move stored, engine reply stored, board
//! drawn and sent).
//!
//! Not part of the normal test run; start it by hand (release build recommended):
//!
//! ```sh
//! cargo test --release --test ops_load -- --ignored --nocapture
//! LOAD_USERS=100 LOAD_MOVES=15 cargo test --release --test ops_load -- --ignored --nocapture
//! ```
//!
//! Each user stays below the per-user rate limit (bursts of 20), so nothing is dropped.

mod private_redis;
mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use damas::game::store::{RedisStore, Retention};
use damas::game::{GameStore, UserId};
use damas::rules::Position;
use private_redis::PrivateRedis;
use serde_json::Value;
use support::fake_telegram::{FakeTelegram, TestUser};
use support::{Damas, TOKEN};

const SECRET: &str = "load-test-secret_0123";

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn http() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(60)).pool_max_idle_per_host(256).build().unwrap()
}

async fn instance(fake: &FakeTelegram, redis: &str) -> (Damas, SocketAddr) {
    let env = [
        ("REDIS_URL", redis),
        ("DAMAS_WEBHOOK_ENABLED", "true"),
        ("DAMAS_WEBHOOK_URL", "https://damas.example/telegram/webhook"),
        ("DAMAS_WEBHOOK_SECRET_TOKEN", SECRET),
        ("RUST_LOG", "warn,damas=info"),
    ];
    let mut damas = Damas::start(&fake.url(), &env);
    let addr = damas.wait_http_addr();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(r) = http().get(format!("http://{addr}/readyz")).send().await
            && r.status() == 200
        {
            return (damas, addr);
        }
        assert!(Instant::now() < deadline, "instance not ready:\n{}", damas.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The user types `text`; returns the update Telegram would deliver.
async fn typed(fake: &FakeTelegram, lock: &tokio::sync::Mutex<()>, user: &TestUser, text: &str) -> Value {
    let _one_at_a_time = lock.lock().await;
    fake.send_text(user, text);
    let mut updates = fake.take_updates();
    assert_eq!(updates.len(), 1);
    updates.remove(0)
}

async fn post(client: &reqwest::Client, addr: SocketAddr, update: &Value) -> (u16, Duration) {
    let start = Instant::now();
    let status = client
        .post(format!("http://{addr}/telegram/webhook"))
        .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
        .json(update)
        .send()
        .await
        .map(|r| r.status().as_u16())
        .unwrap_or(0);
    (status, start.elapsed())
}

fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')).and_then(|v| v.parse().ok()))
        .unwrap_or(0.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "load generator, run by hand"]
async fn load_two_instances_sharing_redis() {
    let users_n = env_number("LOAD_USERS", 40);
    let moves_n = env_number("LOAD_MOVES", 12).min(18);
    let redis = PrivateRedis::start();
    let fake = FakeTelegram::start(TOKEN).await;
    let (mut a, addr_a) = instance(&fake, &redis.url()).await;
    let (mut b, addr_b) = instance(&fake, &redis.url()).await;
    let addrs = [addr_a, addr_b];
    let store = RedisStore::connect(&redis.url(), "damas", Retention::default()).await.unwrap();
    let client = http();
    let lock = tokio::sync::Mutex::new(());
    let users: Vec<TestUser> =
        (0..users_n).map(|i| TestUser::new(800_000 + i as i64, &format!("u{i}"), Some("en"))).collect();

    let started = Instant::now();
    let runs = users.iter().enumerate().map(|(i, user)| {
        let (fake, lock, client, store) = (&fake, &lock, &client, &store);
        async move {
            let mut latencies = Vec::new();
            let mut refused = 0;
            let update = typed(fake, lock, user, "/play international easy white").await;
            let (status, _) = post(client, addrs[i % 2], &update).await;
            if status != 200 {
                return (latencies, 1);
            }
            for m in 0..moves_n {
                let Some(game) = store.active_for_user(UserId(user.id as u64)).await.ok().and_then(|g| g.into_iter().next())
                else {
                    break;
                };
                let Ok(pos) = Position::from_fen(game.variant, &game.fen) else { break };
                let Some(mv) = pos.legal_moves().into_iter().next() else { break };
                let update = typed(fake, lock, user, &pos.notation(&mv)).await;
                let (status, took) = post(client, addrs[(i + m + 1) % 2], &update).await;
                if status == 200 {
                    latencies.push(took);
                } else {
                    refused += 1;
                }
            }
            (latencies, refused)
        }
    });
    let results = futures::future::join_all(runs).await;
    let elapsed = started.elapsed();

    let mut latencies: Vec<Duration> = results.iter().flat_map(|(l, _)| l.iter().copied()).collect();
    let refused: usize = results.iter().map(|(_, r)| r).sum();
    latencies.sort();
    let mut engine_secs = 0.0;
    let mut engine_count = 0.0;
    for addr in addrs {
        let m = client.get(format!("http://{addr}/metrics")).send().await.unwrap().text().await.unwrap();
        engine_secs += sample(&m, "damas_engine_think_seconds_sum{level=\"1\"}");
        engine_count += sample(&m, "damas_engine_think_seconds_count{level=\"1\"}");
    }
    let moves = latencies.len();
    let mean_engine = if engine_count > 0.0 { engine_secs / engine_count } else { 0.0 };
    println!(
        "load: {users_n} users x {moves_n} moves on 2 instances sharing Redis: {moves} move updates in {:.2} s = {:.0} move updates/s; handling latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; engine search mean {:.1} ms over {engine_count} searches; {refused} not handled",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        mean_engine * 1e3,
    );
    assert!(moves > 0, "no move was handled");
    assert_eq!(refused, 0, "every update is handled");
    for d in [&mut a, &mut b] {
        let status = d.terminate();
        assert!(status.success(), "{status:?}");
    }
}
