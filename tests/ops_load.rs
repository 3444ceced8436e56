//! Load generator: many games at the same time, their updates posted to the webhooks of two
//! `damas serve` instances sharing one Redis (a private server), with the fake Bot API answering the
//! bot. Two kinds of games run together:
//! * people against people: two users in a group, a `/challenge` accepted with a tap, then moves
//!   typed with `/m` by whoever is to move;
//! * people against the engine at the easiest level, moves typed in private chat.
//!
//! Redis keeps an append-only file synced once a second, as `docker-compose.yml` runs it.
//! Every move update goes to one of the two instances, alternating, so both share every game.
//! Reports move updates per second and the handling latency of each kind (a webhook call returns
//! once the update is handled: move stored, the engine's reply stored, the board drawn and sent),
//! the mean engine search time, the Redis commands per move update and the load average.
//!
//! Not part of the normal test run; start it by hand with a release build:
//!
//! ```sh
//! cargo test --release --locked --test ops_load -- --ignored --nocapture
//! LOAD_GAMES=400 LOAD_AT_ONCE=20 LOAD_MOVES=18 LOAD_KINDS=people cargo test --release --test ops_load -- --ignored --nocapture
//! LOAD_BOARD=buttons LOAD_KINDS=engine cargo test --release --test ops_load -- --ignored --nocapture
//! ```
//!
//! Settings: `LOAD_GAMES` games of each kind (default 20), `LOAD_MOVES` moves per game (default
//! 12; at most 18, so that no user goes over the per-user rate limit), `LOAD_KINDS` `people`,
//! `engine` or `people,engine` (default both), `LOAD_AT_ONCE` games of each kind played at a time
//! (default all of them; with fewer, the next game starts when one ends), `LOAD_BOARD` `image`
//! (default) or `buttons` (every user has chosen the keyboard board, so engine games in private
//! chat draw no picture; a group card carries its picture whatever its players chose).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod private_redis;
mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures::StreamExt;

use damas::bot::prefs::{BoardMode, Prefs, PrefsStore};
use damas::game::store::{RedisStore, Retention};
use damas::game::{ChatId, GameRecords, UserId};
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
    reqwest::Client::builder().timeout(Duration::from_secs(60)).pool_max_idle_per_host(512).build().unwrap()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".to_owned())
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

/// Takes the one update that `act` made the fake queue (one at a time, so updates are not mixed).
async fn queued(fake: &FakeTelegram, lock: &tokio::sync::Mutex<()>, act: impl FnOnce(&FakeTelegram)) -> Value {
    let _one_at_a_time = lock.lock().await;
    act(fake);
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

/// CPU time (user and system) the process `pid` has used so far, in seconds (Linux: clock ticks
/// of 1/100 s in /proc/<pid>/stat).
fn cpu_secs(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name (which is in parentheses and may hold spaces).
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
    (ticks(11) + ticks(12)) / 100.0
}

/// One section of the Redis server's `INFO`.
async fn redis_info(url: &str, section: &str) -> String {
    let client = redis::Client::open(url).unwrap();
    let mut con = client.get_multiplexed_async_connection().await.unwrap();
    redis::cmd("INFO").arg(section).query_async(&mut con).await.unwrap()
}

/// CPU time the Redis server has used so far, in seconds.
async fn redis_cpu_secs(url: &str) -> f64 {
    let info = redis_info(url, "cpu").await;
    ["used_cpu_sys:", "used_cpu_user:"]
        .iter()
        .filter_map(|k| info.lines().find_map(|l| l.strip_prefix(k)).and_then(|v| v.trim().parse::<f64>().ok()))
        .sum()
}

/// Total commands the Redis server has run.
async fn redis_commands(url: &str) -> u64 {
    redis_info(url, "stats")
        .await
        .lines()
        .find_map(|l| l.strip_prefix("total_commands_processed:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// Calls of each Redis command the server has run so far.
async fn redis_command_calls(url: &str) -> std::collections::BTreeMap<String, u64> {
    // Lines such as `cmdstat_get:calls=12,usec=40,...`.
    redis_info(url, "commandstats")
        .await
        .lines()
        .filter_map(|l| {
            let (name, stats) = l.strip_prefix("cmdstat_")?.split_once(':')?;
            let calls = stats.strip_prefix("calls=")?.split(',').next()?.parse().ok()?;
            Some((name.to_owned(), calls))
        })
        .collect()
}

/// A legal move chosen by `seed`, so that games take different paths (a board picture cached for
/// one game is of no use to the others, as with real players).
fn pick(pos: &Position, seed: usize) -> Option<damas::rules::Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    // A multiplicative hash of the seed: cheap, deterministic, spread enough.
    let h = (seed as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Some(moves[((h >> 32) as usize) % moves.len()])
}

/// Latencies of the move updates handled, and how many were refused.
#[derive(Default)]
struct Run {
    latencies: Vec<Duration>,
    refused: usize,
}

struct Ctx<'a> {
    fake: &'a FakeTelegram,
    lock: &'a tokio::sync::Mutex<()>,
    client: &'a reqwest::Client,
    store: &'a RedisStore,
    addrs: [SocketAddr; 2],
    moves: usize,
}

/// One user against the engine at the easiest level, moves typed in private chat.
async fn engine_game(ctx: &Ctx<'_>, i: usize, user: &TestUser) -> Run {
    let mut run = Run::default();
    let update = queued(ctx.fake, ctx.lock, |f| {
        f.send_text(user, "/play international easy white");
    })
    .await;
    if post(ctx.client, ctx.addrs[i % 2], &update).await.0 != 200 {
        run.refused += 1;
        return run;
    }
    for m in 0..ctx.moves {
        let Some(game) =
            ctx.store.active_for_user(UserId(user.id as u64)).await.ok().and_then(|g| g.into_iter().next())
        else {
            break;
        };
        let Ok(pos) = Position::from_fen(game.variant, &game.fen) else {
            break;
        };
        let Some(mv) = pick(&pos, i * 1000 + m) else {
            break;
        };
        let text = pos.notation(&mv);
        let update = queued(ctx.fake, ctx.lock, |f| {
            f.send_text(user, &text);
        })
        .await;
        let (status, took) = post(ctx.client, ctx.addrs[(i + m + 1) % 2], &update).await;
        if status == 200 {
            run.latencies.push(took);
        } else {
            run.refused += 1;
        }
    }
    run
}

/// Two users in their own group: a challenge, accepted with a tap, then `/m` moves in turn.
async fn people_game(ctx: &Ctx<'_>, i: usize, white: &TestUser, black: &TestUser) -> Run {
    let mut run = Run::default();
    let group = -(300_000 + i as i64);
    let update = queued(ctx.fake, ctx.lock, |f| {
        f.send_group_text(group, white, "/challenge international white", None);
    })
    .await;
    if post(ctx.client, ctx.addrs[i % 2], &update).await.0 != 200 {
        run.refused += 1;
        return run;
    }
    let Some((card, accept)) = ctx
        .fake
        .last_bot_message_where(group, |m| m.buttons().iter().any(|(l, _)| l.contains("Accept")))
        .and_then(|m| m.buttons().into_iter().find(|(l, _)| l.contains("Accept")).map(|(_, d)| (m.message_id, d)))
    else {
        run.refused += 1;
        return run;
    };
    let update = queued(ctx.fake, ctx.lock, |f| {
        f.tap_in(group, black, card, &accept);
    })
    .await;
    if post(ctx.client, ctx.addrs[(i + 1) % 2], &update).await.0 != 200 {
        run.refused += 1;
        return run;
    }
    for m in 0..ctx.moves {
        let Some(game) = ctx.store.active_for_chat(ChatId(group)).await.ok().and_then(|g| g.into_iter().next()) else {
            break;
        };
        let Ok(pos) = Position::from_fen(game.variant, &game.fen) else {
            break;
        };
        let Some(mv) = pick(&pos, 500_000 + i * 1000 + m) else {
            break;
        };
        let text = format!("/m {}", pos.notation(&mv));
        let mover = if game.player(game.turn).user() == Some(UserId(white.id as u64)) { white } else { black };
        let update = queued(ctx.fake, ctx.lock, |f| {
            f.send_group_text(group, mover, &text, None);
        })
        .await;
        let (status, took) = post(ctx.client, ctx.addrs[(i + m) % 2], &update).await;
        if status == 200 {
            run.latencies.push(took);
        } else {
            run.refused += 1;
        }
    }
    run
}

fn report(kind: &str, runs: &[Run]) -> (usize, usize) {
    let mut latencies: Vec<Duration> = runs.iter().flat_map(|r| r.latencies.iter().copied()).collect();
    let refused: usize = runs.iter().map(|r| r.refused).sum();
    latencies.sort();
    if !runs.is_empty() {
        println!(
            "  {kind}: {} games, {} move updates, handling latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {refused} not handled",
            runs.len(),
            latencies.len(),
            percentile(&latencies, 0.5).as_secs_f64() * 1e3,
            percentile(&latencies, 0.99).as_secs_f64() * 1e3,
            latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        );
    }
    (latencies.len(), refused)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "load generator, run by hand"]
async fn load_two_instances_sharing_redis() {
    let games_n = env_number("LOAD_GAMES", 20);
    let moves = env_number("LOAD_MOVES", 12).min(18);
    let at_once = env_number("LOAD_AT_ONCE", games_n).clamp(1, games_n.max(1));
    let kinds = std::env::var("LOAD_KINDS").unwrap_or_else(|_| "people,engine".to_owned());
    let (people, engine) = (kinds.contains("people"), kinds.contains("engine"));
    let board = std::env::var("LOAD_BOARD").unwrap_or_else(|_| "image".to_owned());
    let buttons = match board.as_str() {
        "image" => false,
        "buttons" => true,
        other => panic!("LOAD_BOARD is neither `image` nor `buttons`: {other:?}"),
    };
    assert!(people || engine, "LOAD_KINDS names neither `people` nor `engine`: {kinds:?}");
    let redis = PrivateRedis::start_as_deployed();
    let fake = FakeTelegram::start(TOKEN).await;
    let (mut a, addr_a) = instance(&fake, &redis.url()).await;
    let (mut b, addr_b) = instance(&fake, &redis.url()).await;
    let store = RedisStore::connect(&redis.url(), "damas", Retention::default()).await.unwrap();
    let client = http();
    let lock = tokio::sync::Mutex::new(());
    let ctx = Ctx { fake: &fake, lock: &lock, client: &client, store: &store, addrs: [addr_a, addr_b], moves };
    let engine_users: Vec<TestUser> = (0..if engine { games_n } else { 0 })
        .map(|i| TestUser::new(800_000 + i as i64, &format!("e{i}"), Some("en")))
        .collect();
    let pairs: Vec<(TestUser, TestUser)> = (0..if people { games_n } else { 0 })
        .map(|i| {
            let w = TestUser::new(900_000 + 2 * i as i64, &format!("w{i}"), Some("en"));
            let b = TestUser::new(900_001 + 2 * i as i64, &format!("b{i}"), Some("en"));
            (w, b)
        })
        .collect();

    if buttons {
        let prefs = PrefsStore::new(damas::bot::facts::Facts::new(std::sync::Arc::new(
            RedisStore::connect(&redis.url(), "damas", Retention::default()).await.unwrap(),
        )));
        let keyboard = Prefs { board: BoardMode::Buttons, ..Prefs::default() };
        let users = engine_users.iter().chain(pairs.iter().flat_map(|(w, b)| [w, b]));
        for user in users {
            prefs.put(user.id as u64, &keyboard).await.unwrap();
        }
    }

    let load_before = load_average();
    let commands_before = redis_commands(&redis.url()).await;
    let calls_before = redis_command_calls(&redis.url()).await;
    let cpu_before = cpu_secs(a.pid()) + cpu_secs(b.pid());
    let redis_cpu_before = redis_cpu_secs(&redis.url()).await;
    let started = Instant::now();
    let engine_runs = futures::stream::iter(engine_users.iter().enumerate().map(|(i, u)| engine_game(&ctx, i, u)))
        .buffer_unordered(at_once)
        .collect::<Vec<_>>();
    let people_runs = futures::stream::iter(pairs.iter().enumerate().map(|(i, (w, b))| people_game(&ctx, i, w, b)))
        .buffer_unordered(at_once)
        .collect::<Vec<_>>();
    let (engine_runs, people_runs) = futures::future::join(engine_runs, people_runs).await;
    let elapsed = started.elapsed();
    let commands = redis_commands(&redis.url()).await - commands_before;
    let calls_after = redis_command_calls(&redis.url()).await;
    let cpu = cpu_secs(a.pid()) + cpu_secs(b.pid()) - cpu_before;
    let redis_cpu = redis_cpu_secs(&redis.url()).await - redis_cpu_before;
    let load_after = load_average();

    let (mut engine_secs, mut engine_count, mut render_secs, mut render_count) = (0.0, 0.0, 0.0, 0.0);
    for addr in ctx.addrs {
        let m = client.get(format!("http://{addr}/metrics")).send().await.unwrap().text().await.unwrap();
        engine_secs += sample(&m, "damas_engine_think_seconds_sum{level=\"1\"}");
        engine_count += sample(&m, "damas_engine_think_seconds_count{level=\"1\"}");
        render_secs += sample(&m, "damas_render_seconds_sum");
        render_count += sample(&m, "damas_render_seconds_count");
    }
    let mean_engine = if engine_count > 0.0 { engine_secs / engine_count } else { 0.0 };
    let mean_render = if render_count > 0.0 { render_secs / render_count } else { 0.0 };
    println!(
        "load: {kinds} games, {games_n} of each kind ({at_once} at a time), {moves} moves each, board as {board}, 2 instances sharing one Redis; load average {load_before} before, {load_after} after"
    );
    let (people_moves, people_refused) = report("people vs people", &people_runs);
    let (engine_moves, engine_refused) = report("people vs engine (easy)", &engine_runs);
    let total = people_moves + engine_moves;
    let uploads = fake.calls_to("sendPhoto").len() + fake.calls_to("editMessageMedia").len();
    println!(
        "  all: {total} move updates in {:.2} s = {:.0} move updates/s; engine search mean {:.1} ms over {engine_count} searches; {render_count} boards drawn (mean {:.1} ms), {uploads} pictures sent; {:.1} Redis commands per move update (setup included)",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64(),
        mean_engine * 1e3,
        mean_render * 1e3,
        commands as f64 / total.max(1) as f64,
    );
    println!(
        "  CPU used: the two instances {:.2} s = {:.1} ms per move update; Redis {:.2} s = {:.2} ms per move update (setup included)",
        cpu,
        cpu * 1e3 / total.max(1) as f64,
        redis_cpu,
        redis_cpu * 1e3 / total.max(1) as f64,
    );
    let mut busiest: Vec<(u64, &String)> = calls_after
        .iter()
        .map(|(name, n)| (n.saturating_sub(calls_before.get(name).copied().unwrap_or(0)), name))
        .filter(|(n, _)| *n > 0)
        .collect();
    busiest.sort_by(|a, b| b.cmp(a));
    println!(
        "  Redis commands per move update (setup and these readings included): {}",
        busiest
            .iter()
            .take(10)
            .map(|(n, name)| format!("{name} {:.1}", *n as f64 / total.max(1) as f64))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert!(total > 0, "no move was handled");
    assert_eq!(people_refused + engine_refused, 0, "every update is handled");
    for d in [&mut a, &mut b] {
        let status = d.terminate();
        assert!(status.success(), "{status:?}");
    }
}
