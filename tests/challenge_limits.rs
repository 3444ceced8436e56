//! The challenge limits hold under concurrent requests, on both stores (Redis at REDIS_URL, default
//! redis://127.0.0.1:6379; an unreachable Redis fails these tests). The store is wrapped so that
//! listing games takes a while, which widens the window between the limit check and the write the
//! way a slow network would.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use damas::game::service::{
    Applied, Challenge, EnginePlayer, GameError, GameService, LimitKind, Limits, ServiceConfig,
};
use damas::game::store::{MemoryStore, RedisStore, Retention};
use damas::game::{ChatId, Game, GameStore, Status, UserId};
use damas::rules::{Color, GameState, Move, VariantId};

#[path = "support/slow_lists.rs"]
mod slow_lists;
use slow_lists::SlowLists;

struct NoEngine;

impl EnginePlayer for NoEngine {
    fn choose(&self, _: &GameState, _: u8) -> Option<Move> {
        None
    }
}

fn redis_url() -> String {
    std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}

fn unique_prefix() -> String {
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("damas-limits-{}-{nanos}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed))
}

fn retention() -> Retention {
    Retention { finished: Duration::from_secs(3600), idle: Duration::from_secs(3600), history_len: 50 }
}

async fn redis_store(prefix: &str) -> Arc<dyn GameStore> {
    let url = redis_url();
    match RedisStore::connect(&url, prefix, retention()).await {
        Ok(s) => Arc::new(s),
        Err(e) => panic!("Redis at {url} is required for the limits tests (set REDIS_URL): {e}"),
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

const LIMITS: Limits = Limits { open_per_user: 2, games_per_user: 2, open_per_chat: 3, games_per_chat: 3 };

fn open(user: u64, chat: i64) -> Challenge {
    Challenge {
        user: UserId(user),
        name: format!("u{user}"),
        variant: VariantId::Russian,
        color: Some(Color::White),
        chat: Some(ChatId(chat)),
        opponent: None,
        fen: None,
        lang: None,
    }
}

/// Two services (as two processes would have) over the given stores, each behind slow listings.
fn services(a: Arc<dyn GameStore>, b: Arc<dyn GameStore>) -> [Arc<GameService>; 2] {
    [a, b].map(|s| Arc::new(GameService::new(Arc::new(SlowLists(s)), Arc::new(NoEngine), ServiceConfig::default())))
}

/// Runs `n` requests at once, alternating between the services; returns the successes and checks
/// that every failure is the expected limit.
async fn at_once<F, Fut>(services: &[Arc<GameService>; 2], n: usize, expected: LimitKind, request: F) -> Vec<Game>
where
    F: Fn(Arc<GameService>, usize) -> Fut,
    Fut: std::future::Future<Output = Result<Applied, GameError>> + Send + 'static,
{
    let tasks: Vec<_> = (0..n).map(|i| tokio::spawn(request(Arc::clone(&services[i % 2]), i))).collect();
    let mut ok = Vec::new();
    for task in tasks {
        match task.await.expect("request task") {
            Ok(applied) => ok.push(applied.into_game()),
            Err(e) => assert_eq!(e, GameError::Limit(expected)),
        }
    }
    ok
}

async fn concurrent_challenges_of_one_user(services: [Arc<GameService>; 2]) {
    let ok = at_once(&services, 12, LimitKind::OpenPerUser(2), |s, i| async move {
        s.issue_challenge(open(7, -100 - i as i64), &LIMITS).await
    })
    .await;
    assert_eq!(ok.len(), 2, "exactly the limit of open challenges is posted");
    let open = services[0].active(UserId(7)).await.unwrap();
    assert_eq!(open.len(), 2);
}

async fn concurrent_challenges_in_one_chat(services: [Arc<GameService>; 2]) {
    let ok = at_once(&services, 12, LimitKind::OpenPerChat(3), |s, i| async move {
        s.issue_challenge(open(100 + i as u64, -5), &LIMITS).await
    })
    .await;
    assert_eq!(ok.len(), 3, "exactly the chat's limit of open challenges is posted");
    assert_eq!(services[1].in_chat(ChatId(-5)).await.unwrap().len(), 3);
}

async fn concurrent_acceptances_of_one_user(services: [Arc<GameService>; 2]) {
    let mut ids = Vec::new();
    for i in 0..8 {
        ids.push(services[0].issue_challenge(open(200 + i, -200 - i as i64), &LIMITS).await.unwrap().game.id);
    }
    let ids = Arc::new(ids);
    let ok = at_once(&services, 8, LimitKind::GamesPerUser(2), |s, i| {
        let ids = Arc::clone(&ids);
        async move { s.accept_challenge(&ids[i], UserId(9), "acceptor", &LIMITS).await }
    })
    .await;
    assert_eq!(ok.len(), 2, "the acceptor starts exactly the limit of games");
    let running = services[0].active(UserId(9)).await.unwrap();
    assert_eq!(running.iter().filter(|g| g.status == Status::Active).count(), 2);
}

async fn concurrent_acceptances_in_one_chat(services: [Arc<GameService>; 2]) {
    let mut ids = Vec::new();
    for i in 0..6 {
        ids.push(
            services[0]
                .issue_challenge(open(300 + i, -7), &Limits { open_per_chat: 10, ..LIMITS })
                .await
                .unwrap()
                .game
                .id,
        );
    }
    let ids = Arc::new(ids);
    let ok = at_once(&services, 6, LimitKind::GamesPerChat(3), |s, i| {
        let ids = Arc::clone(&ids);
        async move { s.accept_challenge(&ids[i], UserId(400 + i as u64), "acceptor", &LIMITS).await }
    })
    .await;
    assert_eq!(ok.len(), 3, "the chat gets exactly its limit of running games");
}

macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        mod on_memory {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(super::retention()));
                    super::$name(super::services(Arc::clone(&store), store)).await;
                }
            )*
        }
        mod on_redis {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let prefix = super::unique_prefix();
                    // Two connections: the same data as two processes see it.
                    let a = super::redis_store(&prefix).await;
                    let b = super::redis_store(&prefix).await;
                    super::$name(super::services(a, b)).await;
                    super::cleanup(&prefix).await;
                }
            )*
        }
    };
}

on_both_stores!(
    concurrent_challenges_of_one_user,
    concurrent_challenges_in_one_chat,
    concurrent_acceptances_of_one_user,
    concurrent_acceptances_in_one_chat,
);
