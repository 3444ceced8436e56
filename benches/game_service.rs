//! Moves per second through the game service with the Redis store (REDIS_URL, default
//! redis://127.0.0.1:6379), and the stored size of a 60-move game.
//!
//! Each measured move is a whole request: load the game, get its position (remembered by the service
//! from the previous move of the same game version, else replayed from the moves), parse and check
//! the move, compare-and-set, update the indexes, publish the change. The `_alternating` variants
//! send the moves of one game through two services in turn, as two instances behind a load
//! balancer would: every move then finds the game changed by the other and replays it.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damas::game::service::{EnginePlayer, GameService, NewGame, ServiceConfig};
use damas::game::store::{MemoryStore, RedisStore, Retention};
use damas::game::{Game, GameStore, Player, UserId};
use damas::rules::{GameState, Move, Position, VariantId};

struct NoEngine;

impl EnginePlayer for NoEngine {
    fn choose(&self, _: &GameState, _: u8) -> Option<Move> {
        None
    }
}

const PLIES: usize = 60;

/// A 60-move game (both sides; fewer if it ends earlier), as move texts.
fn script(variant: VariantId) -> Vec<String> {
    let mut pos = Position::start(variant);
    let mut state = GameState::new(pos);
    let mut moves = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    while moves.len() < PLIES && state.outcome().is_none() {
        let legal = pos.legal_moves();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = &legal[(seed % legal.len() as u64) as usize];
        moves.push(pos.notation(mv));
        state.play(mv);
        pos = *state.position();
    }
    moves
}

async fn new_game(s: &GameService) -> Game {
    s.create(NewGame {
        variant: VariantId::International,
        white: Player::Human { id: UserId(1), name: "A".into() },
        black: Player::Human { id: UserId(2), name: "B".into() },
        fen: None,
        chat: None,
    })
    .await
    .expect("create")
    .into_game()
}

/// Plays `n` moves through the services in turn, starting new games whenever the script runs out.
async fn play_moves(services: &[&GameService], script: &[String], n: u64) -> Duration {
    let mut game = new_game(services[0]).await;
    let mut i = 0;
    let start = Instant::now();
    for k in 0..n {
        let s = services[k as usize % services.len()];
        if i == script.len() {
            game = new_game(s).await;
            i = 0;
        }
        let user = game.player(game.turn).user().expect("people game");
        game = s.play(&game.id, user, &script[i], Some(game.version)).await.expect("move").into_game();
        i += 1;
    }
    start.elapsed()
}

/// Plays `n` moves split over (at most) `clients` games played at the same time.
async fn play_parallel(s: &Arc<GameService>, script: &Arc<Vec<String>>, clients: u64, n: u64) -> Duration {
    let start = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .filter_map(|i| {
            let moves = n / clients + u64::from(i < n % clients);
            (moves > 0).then_some(moves)
        })
        .map(|moves| {
            let (s, script) = (Arc::clone(s), Arc::clone(script));
            tokio::spawn(async move { play_moves(&[&s], &script, moves).await })
        })
        .collect();
    for t in tasks {
        t.await.expect("client task");
    }
    start.elapsed()
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let url = std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned());
    let prefix = format!("damas-bench-{}", std::process::id());
    let retention = Retention { finished: Duration::from_secs(600), idle: Duration::from_secs(600), history_len: 10 };
    let redis: Arc<dyn GameStore> = Arc::new(
        rt.block_on(RedisStore::connect(&url, &prefix, retention))
            .unwrap_or_else(|e| panic!("Redis at {url} is needed for this benchmark: {e}")),
    );
    let memory: Arc<dyn GameStore> = Arc::new(MemoryStore::new(retention));
    let script = script(VariantId::International);

    // Stored size of a full game.
    let s = GameService::new(Arc::clone(&redis), Arc::new(NoEngine), ServiceConfig::default());
    let game = rt.block_on(async {
        let mut game = new_game(&s).await;
        for mv in &script {
            let user = game.player(game.turn).user().expect("people game");
            game = s.play(&game.id, user, mv, None).await.expect("move").into_game();
        }
        game
    });
    let (json_len, memory_usage) = rt.block_on(async {
        let client = redis::Client::open(url.as_str()).expect("url");
        let mut con = client.get_multiplexed_async_connection().await.expect("connection");
        let key = format!("{prefix}:{{{}}}:game", game.id);
        let data: String = redis::cmd("HGET").arg(&key).arg("data").query_async(&mut con).await.expect("HGET");
        let usage: i64 = redis::cmd("MEMORY").arg("USAGE").arg(&key).query_async(&mut con).await.expect("MEMORY");
        (data.len(), usage)
    });
    println!(
        "stored game after {} moves: {json_len} bytes of JSON, {memory_usage} bytes in Redis (MEMORY USAGE)",
        game.moves.len()
    );

    let mut group = c.benchmark_group("game_service");
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(10));
    for (name, store) in [("move_redis", &redis), ("move_memory", &memory)] {
        let s = GameService::new(Arc::clone(store), Arc::new(NoEngine), ServiceConfig::default());
        let t = GameService::new(Arc::clone(store), Arc::new(NoEngine), ServiceConfig::default());
        group.bench_function(name, |b| b.iter_custom(|n| rt.block_on(play_moves(&[&s], &script, n))));
        let alternating = format!("{name}_alternating");
        group.bench_function(&alternating, |b| b.iter_custom(|n| rt.block_on(play_moves(&[&s, &t], &script, n))));
    }
    let shared = Arc::new(GameService::new(Arc::clone(&redis), Arc::new(NoEngine), ServiceConfig::default()));
    let script = Arc::new(script);
    group.bench_function("move_redis_32_clients", |b| {
        b.iter_custom(|n| rt.block_on(play_parallel(&shared, &script, 32, n)))
    });
    group.finish();

    rt.block_on(async {
        let client = redis::Client::open(url.as_str()).expect("url");
        let mut con = client.get_multiplexed_async_connection().await.expect("connection");
        let keys: Vec<String> =
            redis::cmd("KEYS").arg(format!("{prefix}:*")).query_async(&mut con).await.expect("KEYS");
        if !keys.is_empty() {
            let _: i64 = redis::cmd("DEL").arg(keys).query_async(&mut con).await.expect("DEL");
        }
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
