//! Faults and Redis deployments, with the real `damas serve` binary and the fake Bot API: Redis
//! dying mid-game, the same webhook update delivered twice (to two instances sharing Redis), an
//! instance killed mid-move and its update redelivered to the other, a burst of taps from one user,
//! a Sentinel failover, Redis over TLS.
//! Tests that kill Redis use a private server (see `private_redis`), never the shared one.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod private_redis;
mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use damas::game::store::{RedisStore, Retention};
use damas::game::{Game, GameRecords, UserId};
use damas::rules::Position;
use private_redis::PrivateRedis;
use serde_json::Value;
use support::fake_telegram::{FakeTelegram, TestUser};
use support::{Damas, TOKEN};

const WAIT: Duration = Duration::from_secs(30);
const SECRET: &str = "fault-test-secret_0123";

fn http() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap()
}

async fn polling(env: &[(&str, &str)]) -> (FakeTelegram, Damas) {
    let fake = FakeTelegram::start(TOKEN).await;
    let damas = Damas::start(&fake.url(), env);
    fake.wait_until(WAIT, "the bot to start polling", |f| (f.get_updates_polls() > 0).then_some(())).await;
    (fake, damas)
}

async fn store_at(url: &str) -> RedisStore {
    RedisStore::connect(url, "damas", Retention::default()).await.expect("the private redis")
}

/// Polls the store until the user's current game satisfies `done`.
async fn game_where(store: &RedisStore, user: &TestUser, what: &str, done: impl Fn(&Game) -> bool) -> Game {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Ok(games) = store.active_for_user(UserId(user.id as u64)).await
            && let Some(g) = games.into_iter().next()
            && done(&g)
        {
            return g;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Starts an easy International game for `user` in private chat and plays one move; returns the
/// game once the engine has answered.
async fn a_move_against_the_engine(fake: &FakeTelegram, store: &RedisStore, user: &TestUser) -> Game {
    let n = fake.call_count();
    fake.send_text(user, "/play international easy white");
    fake.wait_sent(n, user.id).await;
    let game = game_where(store, user, "the new game", |_| true).await;
    fake.send_text(user, &first_move(&game));
    game_where(store, user, "the engine's reply", |g| g.moves.len() == 2).await
}

fn first_move(game: &Game) -> String {
    let pos = Position::from_fen(game.variant, &game.fen).unwrap();
    pos.notation(&pos.legal_moves()[0])
}

/// The bot's text messages to `user` sent after call number `after`.
fn texts_after(fake: &FakeTelegram, after: usize, user: &TestUser) -> Vec<String> {
    fake.calls()
        .into_iter()
        .skip(after)
        .filter(|c| c.method == "sendMessage" && c.chat_id() == Some(user.id))
        .filter_map(|c| c.str("text"))
        .collect()
}

async fn metrics(addr: SocketAddr) -> String {
    http().get(format!("http://{addr}/metrics")).send().await.unwrap().text().await.unwrap()
}

fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')).and_then(|v| v.parse().ok()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_restart_mid_game_asks_to_try_again_and_loses_nothing() {
    let mut redis = PrivateRedis::start();
    let url = redis.url();
    let (fake, mut damas) = polling(&[("REDIS_URL", url.as_str())]).await;
    let store = store_at(&url).await;
    let ana = TestUser::new(6101, "Ana", Some("en"));

    let before = a_move_against_the_engine(&fake, &store, &ana).await;

    // Redis dies: the next move gets an answer asking to try again, and nothing changes.
    redis.kill();
    let mv = first_move(&before);
    let n = fake.call_count();
    fake.send_text(&ana, &mv);
    let answer = fake.wait_sent(n, ana.id).await;
    assert!(answer.body().contains("try again"), "{}", answer.body());
    assert!(damas.try_status().is_none(), "damas must survive the outage:\n{}", damas.log());

    // Redis comes back with its data; the same move goes through (a request racing the reconnection
    // may still be asked to try again).
    redis.restart();
    let after = resend_until_played(&fake, &store, &ana, &mv, &damas).await;
    assert_played_once(&before, &after, &mv);
    let status = damas.terminate();
    assert!(status.success(), "{status:?}\n{}", damas.log());
    assert!(!damas.log().contains("panicked"), "{}", damas.log());
}

/// Sends the move again whenever the user is asked to try again, until the engine has answered it.
async fn resend_until_played(
    fake: &FakeTelegram,
    store: &RedisStore,
    user: &TestUser,
    mv: &str,
    damas: &Damas,
) -> Game {
    let deadline = Instant::now() + WAIT;
    loop {
        let n = fake.call_count();
        fake.send_text(user, mv);
        let sent_at = Instant::now();
        while sent_at.elapsed() < Duration::from_secs(10) {
            if let Ok(games) = store.active_for_user(UserId(user.id as u64)).await
                && let Some(g) = games.into_iter().next()
                && g.moves.len() >= 4
            {
                return g;
            }
            if texts_after(fake, n, user).iter().any(|t| t.contains("try again")) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(Instant::now() < deadline, "play did not resume:\n{}", damas.log());
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// `after` is `before` with `mv` and the engine's answer, each applied once.
fn assert_played_once(before: &Game, after: &Game, mv: &str) {
    assert_eq!(after.id, before.id);
    assert_eq!(after.moves.len(), 4, "the move was applied once: {:?}", after.moves);
    assert_eq!(after.moves[..2], before.moves[..], "nothing lost");
    assert_eq!(after.moves[2], mv);
    assert_eq!(damas::game::service::replay(after).unwrap().position().to_fen(), after.fen);
}

/// Redis behind Sentinel: the master dies, the Sentinel promotes its replica, and the instance
/// (told only where the Sentinel is) moves to the new master by itself; no move is lost or doubled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sentinel_failover_moves_play_to_the_promoted_replica() {
    let mut master = PrivateRedis::start();
    let replica = PrivateRedis::start_replica_of(master.port());
    let sentinel = PrivateRedis::start_sentinel_of(master.port(), 1);
    let url = format!("redis+sentinel://127.0.0.1:{}/{}", sentinel.port(), private_redis::SERVICE);
    let (fake, mut damas) = polling(&[("REDIS_URL", url.as_str())]).await;
    // The test reads the games through the Sentinel too, so it follows the failover the same way.
    let store = store_at(&url).await;
    let on_replica = store_at(&replica.url()).await;
    let ana = TestUser::new(6601, "Ana", Some("en"));

    let before = a_move_against_the_engine(&fake, &store, &ana).await;
    // Replication is asynchronous: only what reached the replica can survive the master.
    game_where(&on_replica, &ana, "the replica to catch up", |g| g.version == before.version).await;

    master.kill();
    let mv = first_move(&before);
    let after = resend_until_played(&fake, &store, &ana, &mv, &damas).await;
    // The old master is dead: `after` was read from the promoted replica.
    assert_played_once(&before, &after, &mv);
    let named = sentinel.command(&["SENTINEL", "get-master-addr-by-name", private_redis::SERVICE]).unwrap_or_default();
    assert!(named.contains(&replica.port().to_string()), "the sentinel names {named:?}");
    assert!(damas.log().contains("moved to it"), "{}", damas.log());
    let status = damas.terminate();
    assert!(status.success(), "{status:?}\n{}", damas.log());
    assert!(!damas.log().contains("panicked"), "{}", damas.log());
}

const WEBHOOK_TAKING_UPDATES: &str = "webhook mode: taking updates over HTTP";

fn webhook_env(redis: &str) -> Vec<(&'static str, String)> {
    vec![
        ("REDIS_URL", redis.to_owned()),
        ("DAMAS_WEBHOOK_ENABLED", "true".to_owned()),
        ("DAMAS_WEBHOOK_URL", "https://damas.example/telegram/webhook".to_owned()),
        ("DAMAS_WEBHOOK_SECRET_TOKEN", SECRET.to_owned()),
    ]
}

async fn start_webhook_instance(fake: &FakeTelegram, redis: &str) -> (Damas, SocketAddr) {
    let env = webhook_env(redis);
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut damas = Damas::start(&fake.url(), &env);
    let addr = damas.wait_http_addr();
    let deadline = Instant::now() + WAIT;
    loop {
        if let Ok(r) = http().get(format!("http://{addr}/readyz")).send().await
            && r.status() == 200
        {
            break;
        }
        assert!(Instant::now() < deadline, "instance not ready:\n{}", damas.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Ready covers the Mini App; the webhook route answers 503 until the bot has connected.
    damas.wait_log(WEBHOOK_TAKING_UPDATES);
    (damas, addr)
}

async fn deliver(addr: SocketAddr, update: &Value) -> u16 {
    http()
        .post(format!("http://{addr}/telegram/webhook"))
        .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
        .json(update)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// Delivers the user's one queued update to `addr`.
async fn deliver_next(fake: &FakeTelegram, addr: SocketAddr) -> Value {
    let updates = fake.take_updates();
    assert_eq!(updates.len(), 1);
    assert_eq!(deliver(addr, &updates[0]).await, 200);
    updates[0].clone()
}

/// Two instances share one Redis; a move update delivered to both (at once, and again later) is
/// applied once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_move_update_twice_to_two_instances_is_applied_once() {
    let redis = PrivateRedis::start();
    let fake = FakeTelegram::start(TOKEN).await;
    let (mut a, addr_a) = start_webhook_instance(&fake, &redis.url()).await;
    let (mut b, addr_b) = start_webhook_instance(&fake, &redis.url()).await;
    let store = store_at(&redis.url()).await;
    let ivo = TestUser::new(6201, "Ivo", Some("en"));

    fake.send_text(&ivo, "/play international easy white");
    deliver_next(&fake, addr_a).await;
    let game = game_where(&store, &ivo, "the new game", |_| true).await;

    // The same move update reaches both instances at the same time.
    fake.send_text(&ivo, &first_move(&game));
    let update = fake.take_updates().remove(0);
    let (ra, rb) = tokio::join!(deliver(addr_a, &update), deliver(addr_b, &update));
    // One handles it (200); the other sees it done (200) or in progress elsewhere (503: Telegram
    // would retry later).
    assert!(ra == 200 || rb == 200, "{ra} {rb}");
    assert!([200, 503].contains(&ra) && [200, 503].contains(&rb), "{ra} {rb}");
    let after = game_where(&store, &ivo, "the move and the reply", |g| g.moves.len() >= 2).await;
    // Redelivered later to either instance: acknowledged, not applied again.
    let sends = fake.calls_to("sendMessage").len() + fake.calls_to("sendPhoto").len();
    assert_eq!(deliver(addr_b, &update).await, 200);
    assert_eq!(deliver(addr_a, &update).await, 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let now = store.get(&after.id).await.unwrap();
    assert_eq!(now.moves.len(), 2, "applied once: {:?}", now.moves);
    assert_eq!(now.version, after.version);
    assert_eq!(fake.calls_to("sendMessage").len() + fake.calls_to("sendPhoto").len(), sends);
    for (name, m) in [("a", metrics(addr_a).await), ("b", metrics(addr_b).await)] {
        assert!(sample(&m, "damas_duplicate_updates_total").is_some(), "{name}: {m}");
    }
    let dups = sample(&metrics(addr_a).await, "damas_duplicate_updates_total").unwrap_or(0.0)
        + sample(&metrics(addr_b).await, "damas_duplicate_updates_total").unwrap_or(0.0);
    assert!(dups >= 2.0, "both redeliveries were recognised ({dups})");

    for d in [&mut a, &mut b] {
        let status = d.terminate();
        assert!(status.success(), "{status:?}\n{}", d.log());
    }
}

/// A user hammering a board button: the excess is dropped (and each dropped tap answered), the
/// process stays up, and the user can play normally afterwards. Engine and render times show up in
/// the metrics on the way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_taps_is_rate_limited_without_harm() {
    let (fake, mut damas) = polling(&[]).await;
    let addr = damas.wait_http_addr();
    let eve = TestUser::new(6301, "Eve", Some("en"));
    let n = fake.call_count();
    fake.send_text(&eve, "/play international easy white");
    let board = fake.wait_sent(n, eve.id).await;
    let m = metrics(addr).await;
    assert!(sample(&m, "damas_render_seconds_count").unwrap_or(0.0) >= 1.0, "the board was drawn:\n{m}");
    let (_, data) = board.buttons().into_iter().find(|(_, d)| d.starts_with("b1:")).expect("a board button");

    const TAPS: usize = 120;
    let ids: Vec<String> = (0..TAPS).map(|_| fake.tap(&eve, board.message_id, &data)).collect();
    // Every tap is answered, handled or not.
    fake.wait_until(Duration::from_secs(60), "every tap answered", |f| {
        let answered = f.calls_to("answerCallbackQuery");
        ids.iter()
            .all(|id| answered.iter().any(|c| c.str("callback_query_id").as_deref() == Some(id.as_str())))
            .then_some(())
    })
    .await;
    assert!(damas.try_status().is_none(), "{}", damas.log());
    let m = metrics(addr).await;
    let limited = sample(&m, "damas_rate_limited_total").unwrap_or(0.0);
    assert!(limited >= (TAPS - 60) as f64, "most of the burst is dropped ({limited}):\n{m}");
    assert!(limited < TAPS as f64, "the first taps are handled ({limited})");

    // After a pause the user plays normally, and the engine's search is measured.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let n = fake.call_count();
    let game_fen = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";
    let pos = Position::from_fen(damas::rules::VariantId::International, game_fen).unwrap();
    fake.send_text(&eve, &pos.notation(&pos.legal_moves()[0]));
    fake.wait_call(n, "the board after the move", |c| c.method.starts_with("editMessage") && c.ok()).await;
    let deadline = Instant::now() + WAIT;
    loop {
        let m = metrics(addr).await;
        if sample(&m, "damas_engine_think_seconds_count{level=\"1\"}").unwrap_or(0.0) >= 1.0 {
            break;
        }
        assert!(Instant::now() < deadline, "no engine time recorded:\n{m}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let status = damas.terminate();
    assert!(status.success(), "{status:?}\n{}", damas.log());
}

/// An instance is killed (SIGKILL) while handling a move; Telegram, getting no answer, delivers the
/// update again, to the other instance. The move is applied exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_killed_mid_move_and_the_update_redelivered_elsewhere_applies_it_once() {
    let redis = PrivateRedis::start();
    let fake = FakeTelegram::start(TOKEN).await;
    let lease = [("DAMAS_WEBHOOK_LEASE_SECS", "2")];
    let start = |fake: &FakeTelegram| {
        let mut env = webhook_env(&redis.url());
        env.extend(lease.iter().map(|(k, v)| (*k, v.to_string())));
        let env: Vec<(&str, String)> = env;
        let url = fake.url();
        async move {
            let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let mut damas = Damas::start(&url, &env);
            let addr = damas.wait_http_addr();
            let deadline = Instant::now() + WAIT;
            loop {
                if let Ok(r) = http().get(format!("http://{addr}/readyz")).send().await
                    && r.status() == 200
                {
                    break;
                }
                assert!(Instant::now() < deadline, "instance not ready:\n{}", damas.log());
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            damas.wait_log(WEBHOOK_TAKING_UPDATES);
            (damas, addr)
        }
    };
    let (mut a, addr_a) = start(&fake).await;
    let (mut b, addr_b) = start(&fake).await;
    let store = store_at(&redis.url()).await;
    let una = TestUser::new(6401, "Una", Some("en"));

    // The strongest level thinks for seconds: long enough to kill the instance during the search.
    fake.send_text(&una, "/play international 4 white");
    deliver_next(&fake, addr_a).await;
    let game = game_where(&store, &una, "the new game", |_| true).await;
    let mv = first_move(&game);
    fake.send_text(&una, &mv);
    let update = fake.take_updates().remove(0);
    let in_flight = tokio::spawn({
        let update = update.clone();
        async move {
            http()
                .post(format!("http://{addr_a}/telegram/webhook"))
                .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
                .json(&update)
                .send()
                .await
                .map(|r| r.status().as_u16())
        }
    });
    let moved = game_where(&store, &una, "the move stored", |g| g.moves.len() == 1).await;
    a.kill();
    let answer = in_flight.await.unwrap();
    assert!(!matches!(answer, Ok(200)), "no 200 from a killed instance: {answer:?}");

    // Redelivered to the other instance: busy while the dead instance's lease lives, then handled.
    let deadline = Instant::now() + WAIT;
    loop {
        match deliver(addr_b, &update).await {
            200 => break,
            503 => {}
            other => panic!("unexpected status {other}"),
        }
        assert!(Instant::now() < deadline, "the redelivery was never taken:\n{}", b.log());
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let now = store.get(&moved.id).await.unwrap();
    assert_eq!(now.moves.first(), Some(&mv));
    assert!(
        now.moves.len() == 1 || (now.moves.len() == 2 && now.moves[1] != mv),
        "the move was applied once: {:?}",
        now.moves
    );
    if now.moves.len() == 1 {
        // The engine's reply died with the instance; it is owed, and the sweeper will make it up.
        assert!(now.player(now.turn).is_engine() && now.deadline().is_some(), "{now:?}");
    }
    assert_eq!(deliver(addr_b, &update).await, 200, "a further redelivery is a duplicate");
    assert_eq!(store.get(&moved.id).await.unwrap().moves.len(), now.moves.len());
    let status = b.terminate();
    assert!(status.success(), "{status:?}\n{}", b.log());
}

async fn status_of(url: String) -> Option<u16> {
    http().get(url).send().await.ok().map(|r| r.status().as_u16())
}

/// Redis is not running when the instance starts (webhook mode): it starts anyway, reports 503 on
/// the health checks, says so in its log (without secrets) and refuses deliveries with 503 (their
/// de-duplication marks cannot be checked, so Telegram delivers them again later). Once Redis comes
/// up it connects by itself, and the redelivered update starts the game, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_started_before_redis_waits_for_it() {
    let mut redis = PrivateRedis::reserve();
    let url = redis.url();
    let fake = FakeTelegram::start(TOKEN).await;
    let env = webhook_env(&url);
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut damas = Damas::start(&fake.url(), &env);
    let addr = damas.wait_http_addr();
    let deadline = Instant::now() + WAIT;
    while !damas.log().contains("cannot connect to Redis") {
        assert!(Instant::now() < deadline, "no word about Redis in the log:\n{}", damas.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(damas.try_status().is_none(), "damas must not exit without Redis:\n{}", damas.log());
    // Alive but not ready: a liveness probe must not restart an instance for want of Redis.
    assert_eq!(status_of(format!("http://{addr}/healthz")).await, Some(200));
    assert_eq!(status_of(format!("http://{addr}/readyz")).await, Some(503));

    let ada = TestUser::new(6501, "Ada", Some("en"));
    fake.send_text(&ada, "/play international easy white");
    let update = fake.take_updates().remove(0);
    // Until the bot is connected the route answers 503 too; either way nothing is applied.
    assert_eq!(deliver(addr, &update).await, 503);

    redis.launch();
    let deadline = Instant::now() + WAIT;
    while status_of(format!("http://{addr}/readyz")).await != Some(200) {
        assert!(Instant::now() < deadline, "never ready:\n{}", damas.log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let log = damas.log();
    assert!(log.contains("connected to Redis"), "{log}");
    assert!(!log.contains(TOKEN) && !log.contains(SECRET), "no secrets in the log:\n{log}");

    // Telegram delivers the update again (and again while the bot, set up once Redis answers, is
    // not there yet): the game starts, and a further redelivery is a duplicate.
    let n = fake.call_count();
    let deadline = Instant::now() + WAIT;
    loop {
        match deliver(addr, &update).await {
            200 => break,
            503 => assert!(Instant::now() < deadline, "deliveries refused for good:\n{}", damas.log()),
            other => panic!("delivery answered {other}:\n{}", damas.log()),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    fake.wait_call(n, "the board of the new game", |c| c.method == "sendPhoto" && c.chat_id() == Some(ada.id)).await;
    let store = store_at(&url).await;
    let game = game_where(&store, &ada, "the new game in Redis", |g| g.moves.is_empty()).await;
    assert_eq!(deliver(addr, &update).await, 200);
    assert_eq!(store.active_for_user(UserId(ada.id as u64)).await.unwrap().len(), 1);
    let m = metrics(addr).await;
    assert_eq!(sample(&m, "damas_games_started_total"), Some(1.0), "{m}");
    let errors_before = sample(&m, "damas_store_errors_total").unwrap_or(0.0);

    // Redis goes away again: readiness follows, liveness stays, and deliveries are refused.
    redis.kill();
    let deadline = Instant::now() + WAIT;
    while status_of(format!("http://{addr}/readyz")).await != Some(503) {
        assert!(Instant::now() < deadline, "health did not follow the outage");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status_of(format!("http://{addr}/healthz")).await, Some(200));
    fake.send_text(&ada, &first_move(&game));
    assert_eq!(deliver_next_status(&fake, addr).await, 503);
    let m = metrics(addr).await;
    assert!(sample(&m, "damas_store_errors_total").unwrap_or(0.0) > errors_before, "the outage is counted:\n{m}");
    assert!(damas.try_status().is_none(), "{}", damas.log());
    let status = damas.terminate();
    assert!(status.success(), "{status:?}\n{}", damas.log());
}

async fn deliver_next_status(fake: &FakeTelegram, addr: SocketAddr) -> u16 {
    let updates = fake.take_updates();
    assert_eq!(updates.len(), 1);
    deliver(addr, &updates[0]).await
}

/// One user's burst spread over two instances sharing Redis is limited in total (per-instance
/// buckets would let twice the burst through); with Redis gone the instances fall back to their
/// own buckets and keep answering.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_across_two_instances_is_limited_in_total() {
    let mut redis = PrivateRedis::start();
    let fake = FakeTelegram::start(TOKEN).await;
    let (mut a, addr_a) = start_webhook_instance(&fake, &redis.url()).await;
    let (mut b, addr_b) = start_webhook_instance(&fake, &redis.url()).await;
    let zed = TestUser::new(6601, "Zed", Some("en"));

    // Twice the burst to each instance: alone, each would take its 20 (and what refills), so
    // together at least twice what the shared limit lets through.
    const SENT: usize = 80;
    let updates: Vec<Value> = (0..SENT)
        .map(|_| {
            fake.send_text(&zed, "/help");
            fake.take_updates().remove(0)
        })
        .collect();
    let started = Instant::now();
    let statuses = futures::future::join_all(
        updates.iter().enumerate().map(|(i, u)| deliver(if i % 2 == 0 { addr_a } else { addr_b }, u)),
    )
    .await;
    let took = started.elapsed().as_secs_f64();
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let limited: f64 = [metrics(addr_a).await, metrics(addr_b).await]
        .iter()
        .map(|m| sample(m, "damas_rate_limited_total").unwrap_or(0.0))
        .sum();
    let handled = SENT as f64 - limited;
    // The burst (20) plus what refilled (5 a second) while the requests ran.
    let allowed = 20.0 + (5.0 * took).ceil();
    assert!(handled <= allowed, "{handled} handled in {took:.2} s, at most {allowed} allowed");
    assert!(handled >= 20.0, "the burst itself is allowed ({handled})");
    for addr in [addr_a, addr_b] {
        assert_eq!(sample(&metrics(addr).await, "damas_rate_limit_fallbacks_total"), Some(0.0));
    }

    // Redis dies. Webhook deliveries are refused (503: their marks cannot be checked, Telegram
    // delivers them again later); nothing is applied meanwhile.
    for d in [&mut a, &mut b] {
        let status = d.terminate();
        assert!(status.success(), "{status:?}\n{}", d.log());
    }
    let (fake, mut c) = polling(&[("REDIS_URL", redis.url().as_str())]).await;
    let addr_c = c.wait_http_addr();
    redis.kill();
    // With long polling, updates are still answered ("try again" where the store is needed); the
    // limit does not block them: the instance decides alone meanwhile.
    let other = TestUser::new(6602, "Yul", Some("en"));
    let n = fake.call_count();
    fake.send_text(&other, "/help");
    let answer = fake.wait_sent(n, other.id).await;
    assert!(!answer.body().is_empty());
    let fallbacks = sample(&metrics(addr_c).await, "damas_rate_limit_fallbacks_total").unwrap_or(0.0);
    assert!(fallbacks >= 1.0, "the fallback is counted ({fallbacks})");
    let status = c.terminate();
    assert!(status.success(), "{status:?}\n{}", c.log());
}

/// `rediss://`: the instance trusts the server's certificate only through the CA it is given
/// (`SSL_CERT_FILE`, as a deployment with a private CA would), and then plays over TLS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_over_tls_is_trusted_through_the_given_ca_only() {
    let redis = PrivateRedis::start_tls();
    let url = redis.url();
    let ca = redis.ca_file();
    let ana = TestUser::new(6701, "Ana", Some("en"));

    // With the system's CAs only, the certificate is refused: the instance runs but cannot reach
    // Redis.
    let (fake, mut untrusting) = polling(&[("REDIS_URL", url.as_str())]).await;
    let deadline = Instant::now() + WAIT;
    while !untrusting.log().contains("UnknownIssuer") {
        assert!(Instant::now() < deadline, "{}", untrusting.log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let n = fake.call_count();
    fake.send_text(&ana, "/play international easy white");
    assert!(fake.wait_sent(n, ana.id).await.body().contains("try again"));
    assert!(untrusting.terminate().success(), "{}", untrusting.log());
    drop(fake);

    let ca = ca.to_str().expect("a UTF-8 temp path");
    let (fake, mut damas) = polling(&[("REDIS_URL", url.as_str()), ("SSL_CERT_FILE", ca)]).await;
    let deadline = Instant::now() + WAIT;
    let game = loop {
        let n = fake.call_count();
        fake.send_text(&ana, "/play international easy white");
        let answer = fake.wait_sent(n, ana.id).await;
        if !answer.body().contains("try again") {
            let keys = redis.cli(&["--scan", "--pattern", "damas:*:game"]);
            break keys.lines().next().map(str::to_owned).unwrap_or_default();
        }
        assert!(Instant::now() < deadline, "never connected over TLS:\n{}", damas.log());
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    assert!(game.starts_with("damas:{"), "no game stored over TLS: {game:?}\n{}", damas.log());
    assert!(damas.log().contains("connected to Redis"), "{}", damas.log());
    assert!(damas.terminate().success(), "{}", damas.log());
}
