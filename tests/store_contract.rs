//! One contract, two stores: every test below runs against the in-memory store and against a real
//! Redis (REDIS_URL, default redis://127.0.0.1:6379). An unreachable Redis fails these tests.
//! Tests that cut connections or restart the server use a private one (see `private_redis`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod private_redis;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use damas::game::ratings::{self, Glicko, RatingEntry, RatingScope};
use damas::game::store::{GameFeed, GameRecords, MemoryStore, RedisStore, Retention};
use damas::game::{
    ChatId, Clock, Color, EndReason, Game, GameId, GameResult, GameStore, Player, Status, StoreError, UserId,
    VariantId, now_unix,
};

const FEN: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

fn redis_url() -> String {
    std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}

/// A key prefix no other test (or test run) uses.
fn unique_prefix() -> String {
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("damas-test-{}-{nanos}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed))
}

fn test_retention() -> Retention {
    // Short enough that whatever a failed run leaves behind in the local Redis goes away by itself.
    Retention { finished: Duration::from_secs(3600), idle: Duration::from_secs(3600), history_len: 5 }
}

async fn redis_store(prefix: &str, retention: Retention) -> RedisStore {
    let url = redis_url();
    match RedisStore::connect(&url, prefix, retention).await {
        Ok(store) => store,
        Err(e) => panic!("Redis at {url} is required for the store contract tests (set REDIS_URL): {e}"),
    }
}

async fn cleanup(prefix: &str) {
    let client = redis::Client::open(redis_url()).expect("redis url");
    let mut con = client.get_multiplexed_async_connection().await.expect("redis connection for cleanup");
    let keys: Vec<String> = redis::cmd("KEYS").arg(format!("{prefix}:*")).query_async(&mut con).await.expect("KEYS");
    if !keys.is_empty() {
        let _: i64 = redis::cmd("DEL").arg(keys).query_async(&mut con).await.expect("DEL");
    }
}

fn game(white: u64, black: u64) -> Game {
    Game::new(
        GameId::random(),
        VariantId::Spanish,
        FEN,
        Color::White,
        Player::human(white, format!("user{white}")),
        Player::human(black, format!("user{black}")),
        now_unix(),
    )
}

fn finish(g: &mut Game, winner: Option<Color>) {
    g.status = Status::Finished;
    g.result = Some(GameResult {
        winner,
        reason: if winner.is_some() { EndReason::Resignation } else { EndReason::DrawAgreed },
    });
}

// ---------------------------------------------------------------------------------------------
// The contract.

async fn create_and_get(s: Arc<dyn GameStore>) {
    let g = game(1, 2);
    assert_eq!(s.get(&g.id).await, Err(StoreError::NotFound));
    let created = s.create(&g).await.unwrap();
    assert_eq!(created.version, 1);
    let got = s.get(&g.id).await.unwrap();
    assert_eq!(got, created);
    assert_eq!(got.moves, g.moves);
    assert_eq!(s.create(&g).await, Err(StoreError::AlreadyExists));
    assert_eq!(s.get(&g.id).await.unwrap().version, 1, "a refused create must not touch the game");
}

async fn compare_and_set(s: Arc<dyn GameStore>) {
    let g = s.create(&game(1, 2)).await.unwrap();
    let mut next = g.clone();
    next.moves.push("22-18".into());
    let v2 = s.put(&next, 1).await.unwrap();
    assert_eq!(v2.version, 2);
    assert_eq!(s.get(&g.id).await.unwrap().moves, vec!["22-18".to_owned()]);

    let mut other = g.clone();
    other.moves.push("21-17".into());
    assert_eq!(s.put(&other, 1).await, Err(StoreError::Stale));
    assert_eq!(s.put(&other, 3).await, Err(StoreError::Stale), "a version from the future is stale too");
    let stored = s.get(&g.id).await.unwrap();
    assert_eq!(stored.version, 2);
    assert_eq!(stored.moves, vec!["22-18".to_owned()]);

    let missing = game(1, 2);
    assert_eq!(s.put(&missing, 1).await, Err(StoreError::NotFound));
    assert_eq!(s.get(&missing.id).await, Err(StoreError::NotFound), "put must not create");
}

async fn indexes_follow_the_lifecycle(s: Arc<dyn GameStore>) {
    let chat = ChatId(-1001);
    let mut a = game(10, 11);
    a.chat = Some(chat);
    a.updated = 100;
    let mut b = game(10, 12);
    b.updated = 200;
    let a = s.create(&a).await.unwrap();
    let b = s.create(&b).await.unwrap();

    let ids = |gs: Vec<Game>| gs.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(s.active_for_user(UserId(10)).await.unwrap()), vec![b.id.clone(), a.id.clone()]);
    assert_eq!(ids(s.active_for_user(UserId(11)).await.unwrap()), vec![a.id.clone()]);
    assert!(s.active_for_user(UserId(99)).await.unwrap().is_empty());
    assert_eq!(ids(s.active_for_chat(chat).await.unwrap()), vec![a.id.clone()]);
    assert!(s.history_for_user(UserId(10), 10).await.unwrap().is_empty());

    let mut done = a.clone();
    finish(&mut done, Some(Color::White));
    done.updated = 300;
    s.put(&done, a.version).await.unwrap();
    assert_eq!(ids(s.active_for_user(UserId(10)).await.unwrap()), vec![b.id.clone()]);
    assert!(s.active_for_user(UserId(11)).await.unwrap().is_empty());
    assert!(s.active_for_chat(chat).await.unwrap().is_empty());
    let hist = s.history_for_user(UserId(11), 10).await.unwrap();
    assert_eq!(ids(hist.clone()), vec![a.id.clone()]);
    assert_eq!(hist[0].status, Status::Finished);

    // History: newest first, bounded by the limit asked and by the retention's length (5 here).
    for i in 0..7 {
        let mut g = game(20, 21);
        g.updated = 1000 + i;
        let g = s.create(&g).await.unwrap();
        let mut f = g.clone();
        finish(&mut f, None);
        s.put(&f, g.version).await.unwrap();
    }
    let hist = s.history_for_user(UserId(20), 3).await.unwrap();
    assert_eq!(hist.iter().map(|g| g.updated).collect::<Vec<_>>(), vec![1006, 1005, 1004]);
    let all = s.history_for_user(UserId(21), 100).await.unwrap();
    assert_eq!(all.len(), 5);
    assert!(all.iter().all(|g| g.updated >= 1002));
}

async fn delete_removes_everywhere(s: Arc<dyn GameStore>) {
    let mut g = game(30, 31);
    g.chat = Some(ChatId(-5));
    g.clock = Some(Clock { per_move_secs: 60, deadline: Some(10) });
    let g = s.create(&g).await.unwrap();
    assert_eq!(s.due(now_unix(), 10).await.unwrap(), vec![g.id.clone()]);
    s.delete(&g.id).await.unwrap();
    assert_eq!(s.get(&g.id).await, Err(StoreError::NotFound));
    assert!(s.active_for_user(UserId(30)).await.unwrap().is_empty());
    assert!(s.active_for_chat(ChatId(-5)).await.unwrap().is_empty());
    assert!(s.due(now_unix(), 10).await.unwrap().is_empty());
    s.delete(&g.id).await.unwrap();
}

async fn deadlines_queue(s: Arc<dyn GameStore>) {
    let now = now_unix();
    let mut early = game(40, 41);
    early.clock = Some(Clock { per_move_secs: 60, deadline: Some(now - 5) });
    let mut late = game(40, 42);
    late.clock = Some(Clock { per_move_secs: 60, deadline: Some(now + 3600) });
    let early = s.create(&early).await.unwrap();
    s.create(&late).await.unwrap();
    s.create(&game(40, 43)).await.unwrap();
    assert_eq!(s.due(now, 10).await.unwrap(), vec![early.id.clone()]);
    assert_eq!(s.due(now + 7200, 10).await.unwrap().len(), 2);
    assert_eq!(s.due(now + 7200, 1).await.unwrap(), vec![early.id.clone()]);

    // A move resets the clock further out; a finished game leaves the queue.
    let mut moved = early.clone();
    moved.clock = Some(Clock { per_move_secs: 60, deadline: Some(now + 60) });
    let moved = s.put(&moved, early.version).await.unwrap();
    assert!(s.due(now, 10).await.unwrap().is_empty());
    let mut over = moved.clone();
    finish(&mut over, Some(Color::Black));
    s.put(&over, moved.version).await.unwrap();
    assert!(!s.due(now + 7200, 10).await.unwrap().contains(&early.id));
}

async fn change_events(s: Arc<dyn GameStore>) {
    let g = s.create(&game(50, 51)).await.unwrap();
    let other = s.create(&game(50, 52)).await.unwrap();
    let mut rx = s.subscribe(&g.id).await.unwrap();
    let mut rx2 = s.subscribe(&g.id).await.unwrap();
    s.put(&other, other.version).await.unwrap();
    let v2 = s.put(&g, g.version).await.unwrap();
    let mut done = v2.clone();
    finish(&mut done, Some(Color::White));
    s.put(&done, v2.version).await.unwrap();
    for rx in [&mut rx, &mut rx2] {
        let e = tokio::time::timeout(Duration::from_secs(5), rx.recv()).await.expect("event in time").unwrap();
        assert_eq!((e.id.clone(), e.version, e.status), (g.id.clone(), 2, Status::Active));
        let e = tokio::time::timeout(Duration::from_secs(5), rx.recv()).await.expect("event in time").unwrap();
        assert_eq!((e.id.clone(), e.version, e.status), (g.id.clone(), 3, Status::Finished));
    }
    // A failed write publishes nothing.
    assert_eq!(s.put(&g, 1).await, Err(StoreError::Stale));
    assert!(tokio::time::timeout(Duration::from_millis(300), rx.recv()).await.is_err(), "no event for a stale write");
}

async fn every_game_change_events(s: Arc<dyn GameStore>) {
    let mut all = s.subscribe_all().await.unwrap();
    let a = s.create(&game(53, 54)).await.unwrap();
    let b = s.create(&game(53, 55)).await.unwrap();
    s.put(&a, a.version).await.unwrap();
    assert_eq!(s.put(&b, 7).await, Err(StoreError::Stale));
    let mut seen = Vec::new();
    for _ in 0..3 {
        let e = tokio::time::timeout(Duration::from_secs(5), all.recv()).await.expect("event in time").unwrap();
        seen.push((e.id, e.version));
    }
    assert_eq!(seen, vec![(a.id.clone(), 1), (b.id.clone(), 1), (a.id.clone(), 2)]);
    assert!(tokio::time::timeout(Duration::from_millis(300), all.recv()).await.is_err(), "no event for a stale write");
}

async fn claim_once_dedups(s: Arc<dyn GameStore>) {
    assert!(s.claim_once("update:1", Duration::from_millis(300)).await.unwrap());
    assert!(!s.claim_once("update:1", Duration::from_millis(300)).await.unwrap());
    assert!(s.claim_once("update:2", Duration::from_millis(300)).await.unwrap());
    tokio::time::sleep(Duration::from_millis(450)).await;
    assert!(s.claim_once("update:1", Duration::from_millis(300)).await.unwrap(), "mark expired");
}

async fn short_lived_values(s: Arc<dyn GameStore>) {
    assert_eq!(s.kv_get("session:a").await.unwrap(), None);
    s.kv_set("session:a", "user 7", Duration::from_secs(60)).await.unwrap();
    s.kv_set("session:b", "user 8", Duration::from_millis(200)).await.unwrap();
    assert_eq!(s.kv_get("session:a").await.unwrap().as_deref(), Some("user 7"));
    assert_eq!(s.kv_get("session:b").await.unwrap().as_deref(), Some("user 8"));
    s.kv_delete("session:a").await.unwrap();
    assert_eq!(s.kv_get("session:a").await.unwrap(), None);
    tokio::time::sleep(Duration::from_millis(350)).await;
    assert_eq!(s.kv_get("session:b").await.unwrap(), None);
    // Values and once-marks are separate key spaces.
    s.kv_set("x", "1", Duration::from_secs(60)).await.unwrap();
    assert!(s.claim_once("x", Duration::from_secs(60)).await.unwrap());
}

async fn kv_compare_and_set(s: Arc<dyn GameStore>) {
    let ttl = Duration::from_secs(60);
    assert!(!s.kv_cas("lock", Some("a"), None, ttl).await.unwrap(), "nothing to compare with");
    assert!(s.kv_cas("lock", None, Some("a"), ttl).await.unwrap());
    assert!(!s.kv_cas("lock", None, Some("b"), ttl).await.unwrap(), "taken");
    assert!(!s.kv_cas("lock", Some("b"), None, ttl).await.unwrap(), "not the holder");
    assert_eq!(s.kv_get("lock").await.unwrap().as_deref(), Some("a"));
    assert!(s.kv_cas("lock", Some("a"), Some("c"), ttl).await.unwrap());
    assert!(s.kv_cas("lock", Some("c"), None, ttl).await.unwrap());
    assert_eq!(s.kv_get("lock").await.unwrap(), None);
    // An expired value counts as absent.
    assert!(s.kv_cas("brief", None, Some("x"), Duration::from_millis(200)).await.unwrap());
    tokio::time::sleep(Duration::from_millis(350)).await;
    assert!(s.kv_cas("brief", None, Some("y"), ttl).await.unwrap());
    // Many at once: exactly one takes it.
    let tasks: Vec<_> = (0..16)
        .map(|i| {
            let s = Arc::clone(&s);
            tokio::spawn(async move { s.kv_cas("race", None, Some(&i.to_string()), ttl).await.unwrap() })
        })
        .collect();
    let mut won = 0;
    for t in tasks {
        won += usize::from(t.await.unwrap());
    }
    assert_eq!(won, 1);
}

async fn kv_read_many_and_raise(s: Arc<dyn GameStore>) {
    let ttl = Duration::from_secs(60);
    s.kv_set("a", "1", ttl).await.unwrap();
    s.kv_set("c", "3", ttl).await.unwrap();
    s.kv_set("brief", "4", Duration::from_millis(200)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(350)).await;
    let got = s.kv_get_many(&["c", "b", "a", "brief"]).await.unwrap();
    assert_eq!(got, [Some("3".to_owned()), None, Some("1".to_owned()), None]);
    assert!(s.kv_get_many(&[]).await.unwrap().is_empty());

    assert!(s.kv_raise("shown", 5, ttl).await.unwrap(), "absent");
    assert!(!s.kv_raise("shown", 5, ttl).await.unwrap(), "equal");
    assert!(!s.kv_raise("shown", 4, ttl).await.unwrap(), "smaller");
    assert!(s.kv_raise("shown", 12, ttl).await.unwrap(), "larger, compared as numbers");
    assert_eq!(s.kv_get("shown").await.unwrap().as_deref(), Some("12"));
    s.kv_set("odd", "not a number", ttl).await.unwrap();
    assert!(s.kv_raise("odd", 1, ttl).await.unwrap());
    assert!(s.kv_raise("brief", 1, ttl).await.unwrap(), "expired counts as absent");
    // Many at once with the same number: exactly one raises it.
    let tasks: Vec<_> = (0..16)
        .map(|_| {
            let s = Arc::clone(&s);
            tokio::spawn(async move { s.kv_raise("race", 7, ttl).await.unwrap() })
        })
        .collect();
    let mut won = 0;
    for t in tasks {
        won += usize::from(t.await.unwrap());
    }
    assert_eq!(won, 1);
}

async fn ratings_and_leaderboard(s: Arc<dyn GameStore>) {
    let v = VariantId::Russian;
    let mk = |user: u64, rating: f64| RatingEntry {
        user: UserId(user),
        name: format!("p{user}"),
        glicko: Glicko { rating, deviation: 80.0, volatility: 0.06 },
        games: 12,
        updated: 1,
    };
    assert_eq!(s.rating(RatingScope::Global, v, UserId(1)).await.unwrap(), None);
    for (u, r) in [(1, 1500.0), (2, 1700.0), (3, 1600.0), (4, 1400.0)] {
        s.put_rating(RatingScope::Global, v, &mk(u, r)).await.unwrap();
    }
    s.put_rating(RatingScope::Chat(ChatId(-9)), v, &mk(1, 2000.0)).await.unwrap();
    s.put_rating(RatingScope::Global, VariantId::Turkish, &mk(9, 3000.0)).await.unwrap();
    // Updating a rating moves the player on the board.
    s.put_rating(RatingScope::Global, v, &mk(4, 1650.0)).await.unwrap();

    let top = s.leaderboard(RatingScope::Global, v, 3).await.unwrap();
    assert_eq!(top.iter().map(|e| e.user.0).collect::<Vec<_>>(), vec![2, 4, 3]);
    assert_eq!(top[1], mk(4, 1650.0));
    let chat = s.leaderboard(RatingScope::Chat(ChatId(-9)), v, 10).await.unwrap();
    assert_eq!(chat, vec![mk(1, 2000.0)]);
    assert!(s.leaderboard(RatingScope::Chat(ChatId(-8)), v, 10).await.unwrap().is_empty());
    assert_eq!(s.rating(RatingScope::Global, v, UserId(1)).await.unwrap(), Some(mk(1, 1500.0)));
}

async fn rated_game_updates_both_scopes(s: Arc<dyn GameStore>) {
    let mut g = game(60, 61);
    g.chat = Some(ChatId(-77));
    g.variant = VariantId::Italian;
    assert!(g.rated);
    finish(&mut g, Some(Color::Black));
    let (w, b) = ratings::record_game(s.as_ref(), &g).await.unwrap().expect("rated");
    assert!(w.glicko.rating < 1500.0 && b.glicko.rating > 1500.0);
    assert_eq!((w.games, b.games), (1, 1));
    let chat_black = s.rating(RatingScope::Chat(ChatId(-77)), VariantId::Italian, UserId(61)).await.unwrap().unwrap();
    assert_eq!(chat_black.glicko, b.glicko);
    let top = s.leaderboard(RatingScope::Global, VariantId::Italian, 1).await.unwrap();
    assert_eq!(top[0].user, UserId(61));
    assert!(top[0].is_provisional());

    // Games against the engine or unfinished games do not count.
    let mut engine = game(60, 61);
    engine.black = Player::Engine { level: 2 };
    engine.rated = false;
    finish(&mut engine, Some(Color::Black));
    assert!(ratings::record_game(s.as_ref(), &engine).await.unwrap().is_none());
    assert!(ratings::record_game(s.as_ref(), &game(60, 61)).await.unwrap().is_none());
}

/// Two writers race on the same version, 1000 times: exactly one wins, the stored game is the winner's.
async fn concurrent_writers(s: Arc<dyn GameStore>) {
    for trial in 0..1000 {
        let g = s.create(&game(70, 71)).await.unwrap();
        let mut tasks = Vec::new();
        for mv in ["22-18", "21-17"] {
            let s = Arc::clone(&s);
            let mut next = g.clone();
            next.moves.push(mv.to_owned());
            next.ply += 1;
            tasks.push(tokio::spawn(async move { (mv, s.put(&next, 1).await) }));
        }
        let mut winners = Vec::new();
        let mut stale = 0;
        for t in tasks {
            match t.await.unwrap() {
                (mv, Ok(written)) => {
                    assert_eq!(written.version, 2);
                    winners.push(mv);
                }
                (_, Err(StoreError::Stale)) => stale += 1,
                (_, Err(e)) => panic!("trial {trial}: unexpected error {e}"),
            }
        }
        assert_eq!((winners.len(), stale), (1, 1), "trial {trial}");
        let stored = s.get(&g.id).await.unwrap();
        assert_eq!(stored.version, 2, "trial {trial}");
        assert_eq!(stored.moves, vec![winners[0].to_owned()], "trial {trial}");
        assert_eq!(stored.ply, 1, "trial {trial}");
        s.delete(&g.id).await.unwrap();
    }
}

/// Rating writes are compare-and-set on the players' game counts, for both entries together.
async fn rating_compare_and_set(s: Arc<dyn GameStore>) {
    let v = VariantId::Triestine;
    let scope = RatingScope::Global;
    let entry = |user: u64, games: u32, rating: f64| RatingEntry {
        user: UserId(user),
        name: format!("p{user}"),
        glicko: Glicko { rating, deviation: 200.0, volatility: 0.06 },
        games,
        updated: 7,
    };
    // New players count as 0 games.
    assert!(s.put_ratings_if_unchanged(scope, v, &[(0, entry(1, 1, 1600.0)), (0, entry(2, 1, 1400.0))]).await.unwrap());
    assert_eq!(s.rating(scope, v, UserId(1)).await.unwrap(), Some(entry(1, 1, 1600.0)));
    // One stale count refuses the whole write.
    assert!(
        !s.put_ratings_if_unchanged(scope, v, &[(1, entry(1, 2, 1700.0)), (0, entry(2, 2, 1300.0))]).await.unwrap()
    );
    assert_eq!(s.rating(scope, v, UserId(1)).await.unwrap(), Some(entry(1, 1, 1600.0)), "nothing written");
    assert_eq!(s.rating(scope, v, UserId(2)).await.unwrap(), Some(entry(2, 1, 1400.0)), "nothing written");
    assert!(!s.put_ratings_if_unchanged(scope, v, &[(2, entry(4, 3, 1500.0))]).await.unwrap(), "user 4 has no games");
    assert_eq!(s.rating(scope, v, UserId(4)).await.unwrap(), None);
    assert!(s.put_ratings_if_unchanged(scope, v, &[(0, entry(3, 1, 1500.0))]).await.unwrap());
    assert!(s.put_ratings_if_unchanged(scope, v, &[(1, entry(1, 2, 1700.0)), (1, entry(2, 2, 1300.0))]).await.unwrap());
    let top = s.leaderboard(scope, v, 10).await.unwrap();
    assert_eq!(top.iter().map(|e| (e.user.0, e.games)).collect::<Vec<_>>(), vec![(1, 2), (3, 1), (2, 2)]);
    // Another scope is separate.
    assert_eq!(s.rating(RatingScope::Chat(ChatId(-1)), v, UserId(1)).await.unwrap(), None);
}

/// Many games of one player finishing at the same instant: every result counts, and the rating is
/// what applying them one after another gives.
async fn concurrent_rating_updates(s: Arc<dyn GameStore>) {
    const GAMES: u64 = 12;
    for round in 0..10u64 {
        let player = 1_000 + round;
        let mut tasks = Vec::new();
        for i in 0..GAMES {
            let s = Arc::clone(&s);
            let mut g = game(player, 10_000 + round * 100 + i);
            g.chat = Some(ChatId(-500));
            finish(&mut g, Some(Color::White));
            tasks.push(tokio::spawn(async move { ratings::record_game(s.as_ref(), &g).await }));
        }
        for t in tasks {
            t.await.unwrap().unwrap().expect("a rated game");
        }
        // Every opponent is new (the default rating), so the order of the games does not matter.
        let mut expected = Glicko::default();
        for _ in 0..GAMES {
            expected = ratings::rate_game(expected, Glicko::default(), Some(Color::White)).0;
        }
        for scope in [RatingScope::Global, RatingScope::Chat(ChatId(-500))] {
            let got = s.rating(scope, VariantId::Spanish, UserId(player)).await.unwrap().expect("rated");
            assert_eq!(got.games, GAMES as u32, "round {round} {scope:?}: a result was lost");
            assert!((got.glicko.rating - expected.rating).abs() < 1e-6, "round {round}: {got:?} vs {expected:?}");
            assert!((got.glicko.deviation - expected.deviation).abs() < 1e-6, "round {round}: {got:?} vs {expected:?}");
        }
    }
}

async fn finished_games_expire() -> (Game, Game) {
    let mut over = game(80, 81);
    finish(&mut over, None);
    (over, game(80, 82))
}

// ---------------------------------------------------------------------------------------------
// Running the contract against each store.

macro_rules! contract {
    ($($name:ident),* $(,)?) => {
        mod memory {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(Arc::new(MemoryStore::new(test_retention()))).await;
                }
            )*
        }
        mod redis_store {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let prefix = unique_prefix();
                    super::$name(Arc::new(redis_store(&prefix, test_retention()).await)).await;
                    cleanup(&prefix).await;
                }
            )*
        }
    };
}

contract!(
    create_and_get,
    compare_and_set,
    indexes_follow_the_lifecycle,
    delete_removes_everywhere,
    deadlines_queue,
    change_events,
    every_game_change_events,
    claim_once_dedups,
    short_lived_values,
    kv_compare_and_set,
    kv_read_many_and_raise,
    ratings_and_leaderboard,
    rated_game_updates_both_scopes,
    concurrent_writers,
    rating_compare_and_set,
    concurrent_rating_updates,
);

async fn expiry(s: Arc<dyn GameStore>) {
    let (over, active) = finished_games_expire().await;
    let over = s.create(&over).await.unwrap();
    let active = s.create(&active).await.unwrap();
    assert!(s.get(&over.id).await.is_ok());
    tokio::time::sleep(Duration::from_millis(2100)).await;
    assert_eq!(s.get(&over.id).await, Err(StoreError::NotFound), "finished game kept past its retention");
    assert!(s.get(&active.id).await.is_ok(), "an active game must outlive a finished one");
    assert!(s.history_for_user(UserId(80), 10).await.unwrap().is_empty());
}

fn short_retention() -> Retention {
    Retention { finished: Duration::from_secs(1), idle: Duration::from_secs(30), history_len: 5 }
}

#[tokio::test]
async fn memory_finished_games_expire() {
    expiry(Arc::new(MemoryStore::new(short_retention()))).await;
}

#[tokio::test]
async fn redis_finished_games_expire() {
    let prefix = unique_prefix();
    expiry(Arc::new(redis_store(&prefix, short_retention()).await)).await;
    cleanup(&prefix).await;
}

/// A game written through one connection is read back intact through a fresh one.
#[tokio::test]
async fn redis_restart_keeps_games() {
    let prefix = unique_prefix();
    let mut g = game(90, 91);
    g.chat = Some(ChatId(-3));
    g.clock = Some(Clock { per_move_secs: 3600, deadline: Some(now_unix() + 3600) });
    let written = {
        let first = redis_store(&prefix, test_retention()).await;
        let created = first.create(&g).await.unwrap();
        let mut next = created.clone();
        next.moves = vec!["22-18".into(), "11-15".into()];
        next.ply = 2;
        next.offers.draw = Some(Color::Black);
        first.put(&next, created.version).await.unwrap()
    };
    let second = redis_store(&prefix, test_retention()).await;
    assert_eq!(second.get(&g.id).await.unwrap(), written);
    assert_eq!(second.active_for_user(UserId(91)).await.unwrap(), vec![written.clone()]);
    assert_eq!(second.active_for_chat(ChatId(-3)).await.unwrap(), vec![written.clone()]);
    let mut again = written.clone();
    again.moves.push("24-20".into());
    assert_eq!(second.put(&again, written.version).await.unwrap().version, 3);
    cleanup(&prefix).await;
}

#[tokio::test]
async fn redis_corrupt_record_is_reported() {
    let prefix = unique_prefix();
    let s = redis_store(&prefix, test_retention()).await;
    let id = GameId::random();
    let client = redis::Client::open(redis_url()).unwrap();
    let mut con = client.get_multiplexed_async_connection().await.unwrap();
    let _: () = redis::cmd("HSET")
        .arg(format!("{prefix}:{{{id}}}:game"))
        .arg("v")
        .arg(4)
        .arg("data")
        .arg("{not json")
        .query_async(&mut con)
        .await
        .unwrap();
    assert!(matches!(s.get(&id).await, Err(StoreError::Corrupt(_))));
    s.delete(&id).await.unwrap();
    assert_eq!(s.get(&id).await, Err(StoreError::NotFound));
    cleanup(&prefix).await;
}

#[tokio::test]
async fn redis_unreachable_is_unavailable() {
    match RedisStore::connect("redis://127.0.0.1:1", &unique_prefix(), test_retention()).await {
        Err(StoreError::Unavailable(_)) => {}
        Err(e) => panic!("wrong error {e:?}"),
        Ok(_) => panic!("connected to a closed port"),
    }
}

/// Waits up to `within` for an event of `version`, skipping older ones.
async fn event_of(
    rx: &mut tokio::sync::broadcast::Receiver<damas::game::GameEvent>,
    version: u64,
    within: Duration,
) -> bool {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, rx.recv()).await {
            Ok(Ok(e)) if e.version == version => return true,
            Ok(Ok(_)) | Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => continue,
            Ok(Err(_)) | Err(_) => return false,
        }
    }
}

/// Writes the game again until its event arrives: after a dropped subscription, events of the
/// gap are lost, but once the store has subscribed again every write must be heard.
async fn until_heard(
    s: &RedisStore,
    rx: &mut tokio::sync::broadcast::Receiver<damas::game::GameEvent>,
    mut g: Game,
) -> Game {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        g = s.put(&g, g.version).await.expect("write while the subscription is down");
        if event_of(rx, g.version, Duration::from_millis(300)).await {
            return g;
        }
        assert!(std::time::Instant::now() < deadline, "no event after the subscription was cut");
    }
}

/// Subscribers keep receiving a game's events after Redis drops the pub/sub connection, and
/// after the server itself is restarted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_events_survive_dropped_connections() {
    let mut server = private_redis::PrivateRedis::start();
    let s = RedisStore::connect(&server.url(), "damas", test_retention()).await.unwrap();
    let g = s.create(&game(1, 2)).await.unwrap();
    let other = s.create(&game(3, 4)).await.unwrap();
    let mut rx = s.subscribe(&g.id).await.unwrap();
    let g = s.put(&g, g.version).await.unwrap();
    assert!(event_of(&mut rx, g.version, Duration::from_secs(5)).await);

    for round in 0..2 {
        let killed = server.command(&["CLIENT", "KILL", "TYPE", "pubsub"]).unwrap();
        assert_eq!(killed.trim(), ":1", "round {round}: one subscription connection per store, killed");
        let g = until_heard(&s, &mut rx, s.get(&g.id).await.unwrap()).await;
        // Once heard again, every write is heard, and a new subscriber works too.
        let g = s.put(&g, g.version).await.unwrap();
        assert!(event_of(&mut rx, g.version, Duration::from_secs(5)).await, "round {round}");
        let mut rx_other = s.subscribe(&other.id).await.unwrap();
        let current = s.get(&other.id).await.unwrap();
        let o = s.put(&current, current.version).await.unwrap();
        assert!(event_of(&mut rx_other, o.version, Duration::from_secs(5)).await, "round {round}");
    }

    // The whole server goes away and comes back with its data (append-only file).
    let before = s.get(&g.id).await.unwrap();
    server.restart();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let after = loop {
        match s.get(&g.id).await {
            Ok(g) => break g,
            Err(StoreError::Unavailable(_)) if std::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            Err(e) => panic!("store did not come back: {e}"),
        }
    };
    assert_eq!(after, before, "nothing lost in the restart");
    let g = until_heard(&s, &mut rx, after).await;
    assert_eq!(s.get(&g.id).await.unwrap().version, g.version);
}
