//! Starting without Redis: the process comes up at once and connects to Redis in the background,
//! retrying with backoff, so an instance started before (or during an outage of) Redis does not
//! exit. Until the connection is made every store call fails as `Unavailable` (users are asked to
//! try again) and the health check reports the store as down.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::Duration;

use crate::game::store::{KeyValues, Link, RedisStore, RedisTarget};

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

/// Connects `store` to Redis at `target` in the background, retrying with backoff until it works;
/// `connected` is called once with the link. `health` follows the connection from then on
/// (probed every few seconds). Until then the store answers every call with `Unavailable`.
pub fn connect_in_background(
    store: Arc<RedisStore>,
    target: RedisTarget,
    shown: String,
    health: StoreHealth,
    connected: impl FnOnce(&Arc<Link>) + Send + 'static,
) {
    let store = Arc::downgrade(&store);
    tokio::spawn(async move {
        let mut failures = 0u32;
        let link = loop {
            match Link::connect(&target).await {
                Ok(link) => break link,
                Err(error) => {
                    let wait = backoff(failures);
                    failures = failures.saturating_add(1);
                    tracing::warn!(redis = %shown, attempt = failures, retry_in_ms = wait.as_millis() as u64, %error, "cannot connect to Redis; retrying");
                    tokio::time::sleep(wait).await;
                }
            }
        };
        let Some(attached) = store.upgrade() else { return };
        attached.attach(Arc::clone(&link));
        drop(attached);
        health.set(true);
        tracing::info!(redis = %shown, attempts = failures + 1, "connected to Redis");
        connected(&link);
        loop {
            tokio::time::sleep(PROBE_EVERY).await;
            let Some(store) = store.upgrade() else { return };
            let ok = matches!(tokio::time::timeout(PROBE_TIMEOUT, store.kv_get("health")).await, Ok(Ok(_)));
            drop(store);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameId;
    use crate::game::store::{GameRecords, Retention, StoreError};

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
        let pending = RedisStore::unconnected("damas-test", Retention::default());
        assert!(matches!(pending.kv_get("x").await, Err(StoreError::Unavailable(_))));
        assert!(matches!(pending.get(&GameId::parse("abc123").unwrap()).await, Err(StoreError::Unavailable(_))));
        assert!(pending.link().is_none());
    }
}
