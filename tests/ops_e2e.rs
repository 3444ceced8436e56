//! Operating the real binary: metrics, logs without secrets, shutdown on SIGTERM, webhook mode
//! with its secret and de-duplication, and `damas set-webhook`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod support;

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::Value;
use support::fake_telegram::{FakeTelegram, TestUser};
use support::{Damas, TOKEN};

const SECRET: &str = "s3cret-Webhook_token";
const HEADER: &str = "X-Telegram-Bot-Api-Secret-Token";

fn http() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap()
}

async fn metrics(addr: SocketAddr) -> String {
    let response = http().get(format!("http://{addr}/metrics")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    response.text().await.unwrap()
}

/// The value of one sample line, `name{labels} value`.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')).and_then(|v| v.parse().ok()))
}

async fn wait_ready(addr: SocketAddr) {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(r) = http().get(format!("http://{addr}/readyz")).send().await
            && r.status() == 200
        {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "damas did not become ready");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn secret_part() -> &'static str {
    TOKEN.split(':').nth(1).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_updates_and_sigterm_stops_cleanly() {
    let fake = FakeTelegram::start(TOKEN).await;
    let mut damas = Damas::start(&fake.url(), &[("RUST_LOG", "debug")]);
    let addr = damas.wait_http_addr();
    fake.wait_until(Duration::from_secs(30), "polling", |f| (f.get_updates_polls() > 0).then_some(())).await;

    let before = metrics(addr).await;
    assert_eq!(sample(&before, "damas_updates_total{kind=\"message\"}"), None, "{before}");

    let ana = TestUser::new(4001, "Ana", Some("es"));
    let n = fake.call_count();
    fake.send_text(&ana, "/start");
    fake.wait_sent(n, ana.id).await;
    // The handler's timing is recorded when it returns, just after the reply went out.
    let mut after = String::new();
    for _ in 0..100 {
        after = metrics(addr).await;
        if sample(&after, "damas_update_handling_seconds_count") == Some(1.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(sample(&after, "damas_updates_total{kind=\"message\"}"), Some(1.0), "{after}");
    assert_eq!(sample(&after, "damas_update_handling_seconds_count"), Some(1.0), "{after}");
    assert_eq!(sample(&after, "damas_update_handling_seconds_bucket{le=\"+Inf\"}"), Some(1.0), "{after}");
    assert_eq!(sample(&after, "damas_updates_in_flight"), Some(0.0), "{after}");

    let status = damas.terminate();
    assert!(status.success(), "exit status {status:?}; log:\n{}", damas.log());
    let log = damas.log();
    assert!(log.contains("shutting down") && log.contains("stopped"), "{log}");
    assert!(log.contains("update handled"), "debug logs carry the per-update line: {log}");
    assert!(!log.contains(secret_part()), "the token must not be logged:\n{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_without_the_token_even_when_telegram_is_unreachable() {
    // A port nobody listens on: getMe fails, the error is logged, and the process keeps serving
    // HTTP while the bot retries; the health check says so.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let mut damas = Damas::start(&format!("http://{closed}/"), &[("DAMAS_LOG_JSON", "true"), ("RUST_LOG", "debug")]);
    let addr = damas.wait_http_addr();
    let health = wait_body(addr, "/healthz", |b| b.contains("bot connecting")).await;
    assert_eq!(health, "ok, bot connecting to Telegram");
    let ready = http().get(format!("http://{addr}/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 200, "the Mini App is served meanwhile");
    let page = http().get(format!("http://{addr}/app")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    // A second attempt after the first backoff.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while damas.log().matches("cannot reach Telegram").count() < 2 {
        assert!(std::time::Instant::now() < deadline, "no retry:\n{}", damas.log());
        assert!(damas.try_status().is_none(), "damas exited without Telegram:\n{}", damas.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(damas.terminate().success(), "a clean stop while retrying");
    let log = damas.log();
    let mut lines = 0;
    for line in log.lines().filter(|l| l.starts_with('{')) {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        assert!(v.get("level").is_some() && v.get("fields").is_some(), "{line}");
        lines += 1;
    }
    assert!(lines >= 2, "{log}");
    assert!(log.contains("getMe failed") || log.contains("error sending request"), "{log}");
    assert!(!log.contains(secret_part()), "the token must not be logged:\n{log}");
}

/// Polls `path` until its body satisfies `pred`; returns the body.
async fn wait_body(addr: SocketAddr, path: &str, pred: impl Fn(&str) -> bool) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(r) = http().get(format!("http://{addr}{path}")).send().await {
            let body = r.text().await.unwrap_or_default();
            if pred(&body) {
                return body;
            }
            assert!(std::time::Instant::now() < deadline, "{path} still says {body:?}");
        }
        assert!(std::time::Instant::now() < deadline, "{path} never answered");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_telegram_outage_at_start_up_is_retried_until_the_bot_polls() {
    let fake = FakeTelegram::start(TOKEN).await;
    fake.fail_next("getMe", 2);
    let mut damas = Damas::start(&fake.url(), &[]);
    let addr = damas.wait_http_addr();
    fake.wait_until(Duration::from_secs(30), "the bot to poll after the outage", |f| {
        (f.get_updates_polls() > 0).then_some(())
    })
    .await;
    let get_me = fake.calls_to("getMe");
    assert_eq!(get_me.iter().filter(|c| !c.ok()).count(), 2, "two failed attempts");
    assert!(get_me.iter().skip(2).all(|c| c.ok()), "then the ones that worked");
    assert_eq!(wait_body(addr, "/healthz", |b| b == "ok").await, "ok", "the health check no longer mentions the bot");
    let user = TestUser::new(7001, "Ana", Some("en"));
    let after = fake.call_count();
    fake.send_text(&user, "/start");
    let reply = fake.wait_sent(after, user.id).await;
    assert!(!reply.body().is_empty(), "the bot answers after the outage");
    assert_eq!(damas.log().matches("cannot reach Telegram").count(), 2, "{}", damas.log());
}

async fn post_update(addr: SocketAddr, secret: Option<&str>, update: &Value) -> u16 {
    let mut request = http().post(format!("http://{addr}/telegram/webhook")).json(update);
    if let Some(secret) = secret {
        request = request.header(HEADER, secret);
    }
    request.send().await.unwrap().status().as_u16()
}

const WEBHOOK_TAKING_UPDATES: &str = "webhook mode: taking updates over HTTP";

fn webhook_env() -> Vec<(&'static str, &'static str)> {
    vec![
        ("DAMAS_WEBHOOK_ENABLED", "true"),
        ("DAMAS_WEBHOOK_URL", "https://damas.example/telegram/webhook"),
        ("DAMAS_WEBHOOK_SECRET_TOKEN", SECRET),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_checks_the_secret_and_applies_a_redelivered_update_once() {
    let fake = FakeTelegram::start(TOKEN).await;
    let mut damas = Damas::start(&fake.url(), &webhook_env());
    let addr = damas.wait_http_addr();
    wait_ready(addr).await;
    // Ready covers the Mini App; the webhook route answers 503 until the bot has connected.
    damas.wait_log(WEBHOOK_TAKING_UPDATES);
    assert!(
        fake.calls_to("getMe").len() == 1 && fake.calls_to("deleteWebhook").is_empty(),
        "webhook mode keeps the webhook"
    );
    assert_eq!(fake.get_updates_polls(), 0, "webhook mode does not poll");

    let ana = TestUser::new(4101, "Ana", Some("es"));
    fake.send_text(&ana, "/start");
    let updates = fake.take_updates();
    assert_eq!(updates.len(), 1);
    let update = &updates[0];

    assert_eq!(post_update(addr, None, update).await, 401);
    assert_eq!(post_update(addr, Some("s3cret-Webhook_tokeN"), update).await, 401);
    assert_eq!(post_update(addr, Some(&SECRET[..SECRET.len() - 1]), update).await, 401);
    assert!(fake.calls_to("sendMessage").is_empty(), "a rejected update is not handled");

    // A 200 means handled: the answer went out before it.
    assert_eq!(post_update(addr, Some(SECRET), update).await, 200);
    assert_eq!(fake.calls_to("sendMessage").len(), 1);
    assert_eq!(post_update(addr, Some(SECRET), update).await, 200);
    assert_eq!(post_update(addr, Some(SECRET), update).await, 200);
    assert_eq!(fake.calls_to("sendMessage").len(), 1, "redeliveries are applied once");

    let m = metrics(addr).await;
    assert_eq!(sample(&m, "damas_duplicate_updates_total"), Some(2.0), "{m}");
    assert_eq!(sample(&m, "damas_webhook_rejected_total"), Some(3.0), "{m}");
    assert_eq!(sample(&m, "damas_updates_total{kind=\"message\"}"), Some(1.0), "{m}");

    // A new update still goes through; nonsense is refused without crashing.
    fake.send_text(&ana, "/help");
    let next = fake.take_updates();
    assert_eq!(post_update(addr, Some(SECRET), &next[0]).await, 200);
    assert_eq!(fake.calls_to("sendMessage").len(), 2);
    assert_eq!(post_update(addr, Some(SECRET), &serde_json::json!({"nonsense": true})).await, 400);

    let status = damas.terminate();
    assert!(status.success(), "exit status {status:?}; log:\n{}", damas.log());
    assert!(!damas.log().contains(secret_part()) && !damas.log().contains(SECRET), "{}", damas.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_mode_refuses_to_start_without_a_secret() {
    let fake = FakeTelegram::start(TOKEN).await;
    let mut damas = Damas::start(
        &fake.url(),
        &[("DAMAS_WEBHOOK_ENABLED", "true"), ("DAMAS_WEBHOOK_URL", "https://damas.example/hook")],
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = damas.try_status() {
            break status;
        }
        assert!(std::time::Instant::now() < deadline);
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(!status.success());
    assert!(damas.log().contains("secret"), "{}", damas.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn set_webhook_registers_url_and_secret_with_the_configured_api() {
    let fake = FakeTelegram::start(TOKEN).await;
    let dir = tempfile::tempdir().unwrap();
    let url = fake.url();
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_damas"))
            .args(["set-webhook", "--max-connections", "20"])
            .current_dir(dir.path())
            .env_remove("REDIS_URL")
            .env_remove("DAMAS_CONFIG")
            .env("TELEGRAM_BOT_TOKEN", TOKEN)
            .env("TELOXIDE_API_URL", url)
            .env("DAMAS_HTTP_PUBLIC_URL", "https://damas.example/base/")
            .env("DAMAS_WEBHOOK_SECRET_TOKEN", SECRET)
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    let calls = fake.calls_to("setWebhook");
    assert_eq!(calls.len(), 1, "{:?}", fake.calls());
    let call = &calls[0];
    assert_eq!(call.str("url").as_deref(), Some("https://damas.example/base/telegram/webhook"));
    assert_eq!(call.str("secret_token").as_deref(), Some(SECRET));
    assert_eq!(
        call.params["max_connections"].as_i64().or_else(|| call.str("max_connections").and_then(|s| s.parse().ok())),
        Some(20)
    );
    assert!(stdout.contains("https://damas.example/base/telegram/webhook"));
    assert!(!stdout.contains(SECRET));
}
