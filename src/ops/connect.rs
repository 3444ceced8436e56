//! Starting without Redis: the process comes up at once and connects to Redis in the background,
//! retrying with backoff, so an instance started before (or during an outage of) Redis does not
//! exit. Until the connection is made every store call fails as `Unavailable` (users are asked to
//! try again) and the health check reports the store as down.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use async_trait::async_trait;
use tokio::sync::broadcast;

use crate::game::VariantId;
use crate::game::model::{ChatId, Game, GameId, UserId};
use crate::game::ratings::{RatingEntry, RatingScope};
use crate::game::store::{GameEvent, GameStore, RedisStore, RedisTarget, Retention, StoreError};

/// First wait between connection attempts; doubled after each failure up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// How often the health of the store is checked once connected.
const PROBE_EVERY: Duration = Duration::from_secs(2);
const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// The wait before attempt `n + 1` after `n` failed attempts.
pub fn backoff(failures: u32) -> Duration {
    FIRST_BACKOFF.saturating_mul(1u32 << failures.min(10)).min(MAX_BACKOFF)
}

/// Where the Telegram bot stands, for the health checks: a process whose bot cannot reach
/// Telegram keeps serving the Mini App and retries the bot in the background.
#[derive(Clone, Default)]
pub struct BotHealth(Arc<AtomicU8>);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotState {
    /// No bot token: HTTP only.
    Off,
    /// Trying to reach Telegram (at start-up, with backoff).
    Connecting,
    Up,
}

impl BotHealth {
    pub fn state(&self) -> BotState {
        match self.0.load(Ordering::Acquire) {
            1 => BotState::Connecting,
            2 => BotState::Up,
            _ => BotState::Off,
        }
    }

    pub fn set(&self, state: BotState) {
        let n = match state {
            BotState::Off => 0,
            BotState::Connecting => 1,
            BotState::Up => 2,
        };
        self.0.store(n, Ordering::Release);
    }
}

/// A store that becomes Redis once the background connection succeeds.
pub struct PendingStore {
    slot: OnceLock<Arc<RedisStore>>,
}

/// Whether the store answers: false until connected, then the result of the last probe.
#[derive(Clone, Default)]
pub struct StoreHealth(Arc<AtomicBool>);

impl StoreHealth {
    pub fn up(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }

    pub fn set(&self, up: bool) {
        self.0.store(up, Ordering::Release);
    }
}

impl PendingStore {
    /// Connects to `url` in the background until it works; `connected` is called once with the
    /// store. `health` follows the connection from then on (probed every few seconds).
    pub fn spawn(
        target: RedisTarget,
        shown: String,
        prefix: &str,
        retention: Retention,
        health: StoreHealth,
        connected: impl FnOnce(&Arc<RedisStore>) + Send + 'static,
    ) -> Arc<PendingStore> {
        let pending = Arc::new(PendingStore { slot: OnceLock::new() });
        let (task, prefix) = (pending.clone(), prefix.to_owned());
        tokio::spawn(async move {
            let mut failures = 0u32;
            let store = loop {
                match RedisStore::connect_to(&target, &prefix, retention).await {
                    Ok(store) => break Arc::new(store),
                    Err(error) => {
                        let wait = backoff(failures);
                        failures = failures.saturating_add(1);
                        tracing::warn!(redis = %shown, attempt = failures, retry_in_ms = wait.as_millis() as u64, %error, "cannot connect to Redis; retrying");
                        tokio::time::sleep(wait).await;
                    }
                }
            };
            let _ = task.slot.set(store.clone());
            health.set(true);
            tracing::info!(redis = %shown, attempts = failures + 1, "connected to Redis");
            connected(&store);
            let task = Arc::downgrade(&task);
            loop {
                tokio::time::sleep(PROBE_EVERY).await;
                let Some(pending) = task.upgrade() else {
                    return;
                };
                let Some(store) = pending.slot.get() else {
                    return;
                };
                let ok = matches!(tokio::time::timeout(PROBE_TIMEOUT, store.kv_get("health")).await, Ok(Ok(_)));
                drop(pending);
                if ok != health.up() {
                    if ok {
                        tracing::info!(redis = %shown, "Redis is reachable again");
                    } else {
                        tracing::warn!(redis = %shown, "Redis is unreachable");
                    }
                }
                health.set(ok);
            }
        });
        pending
    }

    fn store(&self) -> Result<&Arc<RedisStore>, StoreError> {
        self.slot.get().ok_or_else(|| StoreError::Unavailable("not connected to Redis yet".to_owned()))
    }
}

#[async_trait]
impl GameStore for PendingStore {
    async fn get(&self, id: &GameId) -> Result<Game, StoreError> {
        self.store()?.get(id).await
    }

    async fn create(&self, game: &Game) -> Result<Game, StoreError> {
        self.store()?.create(game).await
    }

    async fn put(&self, game: &Game, expected_version: u64) -> Result<Game, StoreError> {
        self.store()?.put(game, expected_version).await
    }

    async fn delete(&self, id: &GameId) -> Result<(), StoreError> {
        self.store()?.delete(id).await
    }

    async fn active_for_user(&self, user: UserId) -> Result<Vec<Game>, StoreError> {
        self.store()?.active_for_user(user).await
    }

    async fn active_for_chat(&self, chat: ChatId) -> Result<Vec<Game>, StoreError> {
        self.store()?.active_for_chat(chat).await
    }

    async fn history_for_user(&self, user: UserId, limit: usize) -> Result<Vec<Game>, StoreError> {
        self.store()?.history_for_user(user, limit).await
    }

    async fn due(&self, now: i64, limit: usize) -> Result<Vec<GameId>, StoreError> {
        self.store()?.due(now, limit).await
    }

    async fn subscribe(&self, id: &GameId) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        self.store()?.subscribe(id).await
    }

    async fn subscribe_all(&self) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        self.store()?.subscribe_all().await
    }

    async fn claim_once(&self, key: &str, ttl: Duration) -> Result<bool, StoreError> {
        self.store()?.claim_once(key, ttl).await
    }

    async fn kv_set(&self, key: &str, value: &str, ttl: Duration) -> Result<(), StoreError> {
        self.store()?.kv_set(key, value, ttl).await
    }

    async fn kv_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.store()?.kv_get(key).await
    }

    async fn kv_cas(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        self.store()?.kv_cas(key, expected, new, ttl).await
    }

    async fn kv_get_many(&self, keys: &[&str]) -> Result<Vec<Option<String>>, StoreError> {
        self.store()?.kv_get_many(keys).await
    }

    async fn kv_raise(&self, key: &str, value: u64, ttl: Duration) -> Result<bool, StoreError> {
        self.store()?.kv_raise(key, value, ttl).await
    }

    async fn kv_delete(&self, key: &str) -> Result<(), StoreError> {
        self.store()?.kv_delete(key).await
    }

    async fn rating(
        &self,
        scope: RatingScope,
        variant: VariantId,
        user: UserId,
    ) -> Result<Option<RatingEntry>, StoreError> {
        self.store()?.rating(scope, variant, user).await
    }

    async fn put_rating(&self, scope: RatingScope, variant: VariantId, entry: &RatingEntry) -> Result<(), StoreError> {
        self.store()?.put_rating(scope, variant, entry).await
    }

    async fn put_ratings_if_unchanged(
        &self,
        scope: RatingScope,
        variant: VariantId,
        entries: &[(u32, RatingEntry)],
    ) -> Result<bool, StoreError> {
        self.store()?.put_ratings_if_unchanged(scope, variant, entries).await
    }

    async fn leaderboard(
        &self,
        scope: RatingScope,
        variant: VariantId,
        n: usize,
    ) -> Result<Vec<RatingEntry>, StoreError> {
        self.store()?.leaderboard(scope, variant, n).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_a_ceiling() {
        assert_eq!(backoff(0), Duration::from_millis(250));
        assert_eq!(backoff(1), Duration::from_millis(500));
        assert_eq!(backoff(3), Duration::from_secs(2));
        assert_eq!(backoff(5), MAX_BACKOFF);
        assert_eq!(backoff(u32::MAX), MAX_BACKOFF);
    }

    #[tokio::test]
    async fn calls_fail_as_unavailable_until_connected() {
        let pending = PendingStore { slot: OnceLock::new() };
        assert!(matches!(pending.kv_get("x").await, Err(StoreError::Unavailable(_))));
        assert!(matches!(pending.get(&GameId::parse("abc123").unwrap()).await, Err(StoreError::Unavailable(_))));
    }
}
