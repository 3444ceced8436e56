//! A store that pauses after every listing of a user's or a chat's games, which widens the
//! window between a limit check and the write it allows the way a slow network would. Only the
//! game records pause; the other aggregates are passed through.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use tokio::sync::broadcast;

use damas::game::ratings::{RatingEntry, RatingScope};
use damas::game::store::StoreError;
use damas::game::{ChatId, Game, GameEvent, GameFeed, GameId, GameRecords, GameStore, KeyValues, RatingBook, UserId};
use damas::rules::VariantId;

/// Delegates to a store, pausing before every listing.
pub struct SlowLists(pub Arc<dyn GameStore>);

const PAUSE: Duration = Duration::from_millis(20);

#[async_trait]
impl GameRecords for SlowLists {
    async fn get(&self, id: &GameId) -> Result<Game, StoreError> {
        self.0.get(id).await
    }
    async fn create(&self, game: &Game) -> Result<Game, StoreError> {
        self.0.create(game).await
    }
    async fn put(&self, game: &Game, expected_version: u64) -> Result<Game, StoreError> {
        self.0.put(game, expected_version).await
    }
    async fn delete(&self, id: &GameId) -> Result<(), StoreError> {
        self.0.delete(id).await
    }
    async fn active_for_user(&self, user: UserId) -> Result<Vec<Game>, StoreError> {
        let games = self.0.active_for_user(user).await;
        tokio::time::sleep(PAUSE).await;
        games
    }
    async fn active_for_chat(&self, chat: ChatId) -> Result<Vec<Game>, StoreError> {
        let games = self.0.active_for_chat(chat).await;
        tokio::time::sleep(PAUSE).await;
        games
    }
    async fn history_for_user(&self, user: UserId, limit: usize) -> Result<Vec<Game>, StoreError> {
        self.0.history_for_user(user, limit).await
    }
    async fn due(&self, now: i64, limit: usize) -> Result<Vec<GameId>, StoreError> {
        self.0.due(now, limit).await
    }
}

#[async_trait]
impl GameFeed for SlowLists {
    async fn subscribe(&self, id: &GameId) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        self.0.subscribe(id).await
    }
    async fn subscribe_all(&self) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        self.0.subscribe_all().await
    }
}

#[async_trait]
impl KeyValues for SlowLists {
    async fn claim_once(&self, key: &str, ttl: Duration) -> Result<bool, StoreError> {
        self.0.claim_once(key, ttl).await
    }
    async fn kv_set(&self, key: &str, value: &str, ttl: Duration) -> Result<(), StoreError> {
        self.0.kv_set(key, value, ttl).await
    }
    async fn kv_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.0.kv_get(key).await
    }
    async fn kv_delete(&self, key: &str) -> Result<(), StoreError> {
        self.0.kv_delete(key).await
    }
    async fn kv_cas(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        self.0.kv_cas(key, expected, new, ttl).await
    }
    async fn kv_get_many(&self, keys: &[&str]) -> Result<Vec<Option<String>>, StoreError> {
        self.0.kv_get_many(keys).await
    }
    async fn kv_raise(&self, key: &str, value: u64, ttl: Duration) -> Result<bool, StoreError> {
        self.0.kv_raise(key, value, ttl).await
    }
}

#[async_trait]
impl RatingBook for SlowLists {
    async fn rating(
        &self,
        scope: RatingScope,
        variant: VariantId,
        user: UserId,
    ) -> Result<Option<RatingEntry>, StoreError> {
        self.0.rating(scope, variant, user).await
    }
    async fn put_rating(&self, scope: RatingScope, variant: VariantId, entry: &RatingEntry) -> Result<(), StoreError> {
        self.0.put_rating(scope, variant, entry).await
    }
    async fn put_ratings_if_unchanged(
        &self,
        scope: RatingScope,
        variant: VariantId,
        entries: &[(u32, RatingEntry)],
    ) -> Result<bool, StoreError> {
        self.0.put_ratings_if_unchanged(scope, variant, entries).await
    }
    async fn leaderboard(
        &self,
        scope: RatingScope,
        variant: VariantId,
        n: usize,
    ) -> Result<Vec<RatingEntry>, StoreError> {
        self.0.leaderboard(scope, variant, n).await
    }
}
