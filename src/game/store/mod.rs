//! Where games live: an async trait with an in-memory implementation (the embedded default) and a
//! Redis one (several processes, restarts). Both pass the same contract suite (tests/store_contract.rs).
//!
//! Consistency model: the game record itself is the truth and is written only by compare-and-set on
//! its version. The per-user / per-chat indexes and the deadline queue are hints kept beside it: an
//! id is added before the game is written and removed after, and readers check every listed id
//! against the game, dropping the ones that no longer belong. That keeps every write to a single
//! key (what Redis Cluster allows atomically) without ever losing a game from a listing.

mod channels;
pub mod link;
pub mod memory;
pub mod redis;

use std::time::Duration;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use super::VariantId;
use super::model::{ChatId, Game, GameId, Status, UserId};
use super::ratings::{RatingEntry, RatingScope};

pub use self::link::{Link, RedisTarget};
pub use self::memory::MemoryStore;
pub use self::redis::RedisStore;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The game changed since the version the write was based on.
    #[error("the game has changed in the meantime")]
    Stale,
    #[error("no such game")]
    NotFound,
    #[error("a game with this id already exists")]
    AlreadyExists,
    #[error("storage unavailable: {0}")]
    Unavailable(String),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
}

static OUTAGE_OBSERVER: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Registers the function told of every store call that failed for want of the storage (Redis
/// down or not connected yet, a timeout), for the metrics. Only the first registration counts.
pub fn observe_outages(observer: fn()) -> bool {
    OUTAGE_OBSERVER.set(observer).is_ok()
}

/// The error of a call the storage could not answer, reported to the outage observer.
pub(crate) fn outage(detail: String) -> StoreError {
    if let Some(observer) = OUTAGE_OBSERVER.get() {
        observer();
    }
    StoreError::Unavailable(detail)
}

/// Sent to subscribers after every successful create or put of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEvent {
    pub id: GameId,
    pub version: u64,
    pub status: Status,
}

impl GameEvent {
    pub fn of(game: &Game) -> GameEvent {
        GameEvent { id: game.id.clone(), version: game.version, status: game.status }
    }
}

/// How long games are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retention {
    /// A finished or aborted game is deleted this long after its last change.
    pub finished: Duration,
    /// An unfinished game nobody has touched for this long is deleted (abandoned).
    pub idle: Duration,
    /// How many finished games per user the history keeps.
    pub history_len: usize,
}

impl Default for Retention {
    fn default() -> Self {
        Retention {
            finished: Duration::from_secs(90 * 86_400),
            idle: Duration::from_secs(60 * 86_400),
            history_len: 200,
        }
    }
}

impl Retention {
    pub fn ttl_for(&self, game: &Game) -> Duration {
        if game.is_over() { self.finished } else { self.idle }
    }
}

/// The game records: the truth about every game, written by compare-and-set on its version, and
/// the listings kept beside them.
#[async_trait]
pub trait GameRecords: Send + Sync {
    /// The stored game; `NotFound` when absent or expired.
    async fn get(&self, id: &GameId) -> Result<Game, StoreError>;

    /// Stores a new game with version 1 and returns it; `AlreadyExists` if the id is taken.
    async fn create(&self, game: &Game) -> Result<Game, StoreError>;

    /// Compare-and-set: writes `game` only if the stored version equals `expected_version`; the
    /// stored (and returned) game gets version `expected_version + 1`. `Stale` otherwise.
    async fn put(&self, game: &Game, expected_version: u64) -> Result<Game, StoreError>;

    /// Removes a game and its index entries. Deleting a missing game is not an error.
    async fn delete(&self, id: &GameId) -> Result<(), StoreError>;

    /// Unfinished games (waiting or active) the user plays in, most recently changed first.
    async fn active_for_user(&self, user: UserId) -> Result<Vec<Game>, StoreError>;

    /// Unfinished games started in a chat, most recently changed first.
    async fn active_for_chat(&self, chat: ChatId) -> Result<Vec<Game>, StoreError>;

    /// Finished and aborted games of a user, most recent first, at most `limit`.
    async fn history_for_user(&self, user: UserId, limit: usize) -> Result<Vec<Game>, StoreError>;

    /// Ids of active games whose clock deadline is at or before `now` (for the sweeper).
    async fn due(&self, now: i64, limit: usize) -> Result<Vec<GameId>, StoreError>;
}

/// The change notifications of the game records.
#[async_trait]
pub trait GameFeed: Send + Sync {
    /// Change notifications for one game, delivered for writes made after this call returns.
    async fn subscribe(&self, id: &GameId) -> Result<broadcast::Receiver<GameEvent>, StoreError>;

    /// Change notifications for every game (from every process sharing the store), delivered for
    /// writes made after this call returns. A receiver that falls behind misses events (`Lagged`).
    async fn subscribe_all(&self) -> Result<broadcast::Receiver<GameEvent>, StoreError>;
}

/// Small short-lived values under string keys: sessions, de-duplication marks, the front ends'
/// remembered facts, puzzle runs.
#[async_trait]
pub trait KeyValues: Send + Sync {
    /// Marks `key` as seen for `ttl`; true the first time, false while the mark lives. For
    /// de-duplicating webhook deliveries and double taps.
    async fn claim_once(&self, key: &str, ttl: Duration) -> Result<bool, StoreError>;

    /// A short-lived value (session tokens and the like).
    async fn kv_set(&self, key: &str, value: &str, ttl: Duration) -> Result<(), StoreError>;
    async fn kv_get(&self, key: &str) -> Result<Option<String>, StoreError>;
    async fn kv_delete(&self, key: &str) -> Result<(), StoreError>;
    /// Compare-and-set on a short-lived value (the same key space as `kv_set`): only if the value
    /// of `key` is `expected` (`None`: absent or expired), sets it to `new` for `ttl`, or removes it
    /// when `new` is `None`. True when written. Serves as a lock (`None` -> token -> `None`) and as
    /// a version that may only move forward.
    async fn kv_cas(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
        ttl: Duration,
    ) -> Result<bool, StoreError>;

    /// Several short-lived values, in the order of `keys`: one round trip where the store allows
    /// (a handler that needs a few small facts asks once, not once each).
    async fn kv_get_many(&self, keys: &[&str]) -> Result<Vec<Option<String>>, StoreError>;

    /// A number that only moves forward (same key space as `kv_set`): sets `key` to `value` for
    /// `ttl` when it is absent, expired, not a number, or smaller. True when written.
    async fn kv_raise(&self, key: &str, value: u64, ttl: Duration) -> Result<bool, StoreError>;
}

/// The players' ratings, per scope and variant, and the leaderboards read from them.
#[async_trait]
pub trait RatingBook: Send + Sync {
    async fn rating(
        &self,
        scope: RatingScope,
        variant: VariantId,
        user: UserId,
    ) -> Result<Option<RatingEntry>, StoreError>;
    async fn put_rating(&self, scope: RatingScope, variant: VariantId, entry: &RatingEntry) -> Result<(), StoreError>;
    /// Writes several players' entries of one scope and variant together, but only if each stored
    /// entry still has the game count the new one was computed from (`expected_games`, 0 for a
    /// player without an entry). Returns false, writing nothing, when any of them changed in the
    /// meantime; the caller reads again and recomputes. The game count serves as the version of a
    /// rating: every rated game bumps it.
    ///
    /// The default implementation checks and writes in separate steps; the stores of this crate
    /// override it with an atomic one.
    async fn put_ratings_if_unchanged(
        &self,
        scope: RatingScope,
        variant: VariantId,
        entries: &[(u32, RatingEntry)],
    ) -> Result<bool, StoreError> {
        for (expected_games, entry) in entries {
            let games = self.rating(scope, variant, entry.user).await?.map_or(0, |e| e.games);
            if games != *expected_games {
                return Ok(false);
            }
        }
        for (_, entry) in entries {
            self.put_rating(scope, variant, entry).await?;
        }
        Ok(true)
    }

    /// The best `n` ratings, highest first.
    async fn leaderboard(
        &self,
        scope: RatingScope,
        variant: VariantId,
        n: usize,
    ) -> Result<Vec<RatingEntry>, StoreError>;
}

/// Everything a process keeps: what [`MemoryStore`] and [`RedisStore`] implement. Code that needs
/// one aggregate asks for that trait alone (`Arc<dyn GameStore>` coerces to any of them).
pub trait GameStore: GameRecords + GameFeed + KeyValues + RatingBook {}

impl<T: GameRecords + GameFeed + KeyValues + RatingBook + ?Sized> GameStore for T {}

/// Whether the listed game still belongs to the user's active list (index entries are hints).
pub(crate) fn active_with_user(game: &Game, user: UserId) -> bool {
    !game.is_over() && game.users().contains(&user)
}

pub(crate) fn active_in_chat(game: &Game, chat: ChatId) -> bool {
    !game.is_over() && game.chat == Some(chat)
}

pub(crate) fn finished_with_user(game: &Game, user: UserId) -> bool {
    game.is_over() && game.users().contains(&user)
}

pub(crate) fn newest_first(games: &mut [Game]) {
    games.sort_by(|a, b| b.updated.cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
}

/// Picks the store from the environment: Redis when `REDIS_URL` is set, otherwise in memory.
pub async fn from_env() -> Result<std::sync::Arc<dyn GameStore>, StoreError> {
    match std::env::var("REDIS_URL") {
        Ok(url) if !url.trim().is_empty() => {
            Ok(std::sync::Arc::new(RedisStore::connect(url.trim(), "damas", Retention::default()).await?))
        }
        _ => Ok(std::sync::Arc::new(MemoryStore::new(Retention::default()))),
    }
}
