//! A store wrapper that feeds the metrics: store outages and games started and ended. It sits
//! between the front ends and the real store, so neither side needs to know about metrics.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use tokio::sync::broadcast;

use super::metrics;
use crate::game::VariantId;
use crate::game::model::{ChatId, Game, GameId, UserId};
use crate::game::ratings::{RatingEntry, RatingScope};
use crate::game::store::{GameEvent, GameStore, StoreError};

pub struct MeteredStore {
    inner: Arc<dyn GameStore>,
}

impl MeteredStore {
    pub fn wrap(inner: Arc<dyn GameStore>) -> Arc<dyn GameStore> {
        Arc::new(MeteredStore { inner })
    }
}

fn seen<T>(result: Result<T, StoreError>) -> Result<T, StoreError> {
    if let Err(StoreError::Unavailable(_)) = &result {
        metrics::global().store_error();
    }
    result
}

#[async_trait]
impl GameStore for MeteredStore {
    async fn get(&self, id: &GameId) -> Result<Game, StoreError> {
        seen(self.inner.get(id).await)
    }

    async fn create(&self, game: &Game) -> Result<Game, StoreError> {
        let created = seen(self.inner.create(game).await)?;
        if !created.is_over() {
            metrics::global().game_started();
        }
        Ok(created)
    }

    async fn put(&self, game: &Game, expected_version: u64) -> Result<Game, StoreError> {
        // Only a write that ends the game needs the previous state, to count the end once even
        // when a finished game is written again (a rematch offer, say).
        let was_over = if game.is_over() {
            match self.inner.get(&game.id).await {
                Ok(old) if old.version == expected_version => Some(old.is_over()),
                _ => None,
            }
        } else {
            None
        };
        let stored = seen(self.inner.put(game, expected_version).await)?;
        if was_over == Some(false) {
            metrics::global().game_ended();
        }
        Ok(stored)
    }

    async fn delete(&self, id: &GameId) -> Result<(), StoreError> {
        seen(self.inner.delete(id).await)
    }

    async fn active_for_user(&self, user: UserId) -> Result<Vec<Game>, StoreError> {
        seen(self.inner.active_for_user(user).await)
    }

    async fn active_for_chat(&self, chat: ChatId) -> Result<Vec<Game>, StoreError> {
        seen(self.inner.active_for_chat(chat).await)
    }

    async fn history_for_user(&self, user: UserId, limit: usize) -> Result<Vec<Game>, StoreError> {
        seen(self.inner.history_for_user(user, limit).await)
    }

    async fn due(&self, now: i64, limit: usize) -> Result<Vec<GameId>, StoreError> {
        seen(self.inner.due(now, limit).await)
    }

    async fn subscribe(&self, id: &GameId) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        seen(self.inner.subscribe(id).await)
    }

    async fn subscribe_all(&self) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        seen(self.inner.subscribe_all().await)
    }

    async fn claim_once(&self, key: &str, ttl: Duration) -> Result<bool, StoreError> {
        seen(self.inner.claim_once(key, ttl).await)
    }

    async fn kv_set(&self, key: &str, value: &str, ttl: Duration) -> Result<(), StoreError> {
        seen(self.inner.kv_set(key, value, ttl).await)
    }

    async fn kv_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        seen(self.inner.kv_get(key).await)
    }

    async fn kv_delete(&self, key: &str) -> Result<(), StoreError> {
        seen(self.inner.kv_delete(key).await)
    }

    async fn kv_cas(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        seen(self.inner.kv_cas(key, expected, new, ttl).await)
    }

    async fn kv_get_many(&self, keys: &[&str]) -> Result<Vec<Option<String>>, StoreError> {
        seen(self.inner.kv_get_many(keys).await)
    }

    async fn kv_raise(&self, key: &str, value: u64, ttl: Duration) -> Result<bool, StoreError> {
        seen(self.inner.kv_raise(key, value, ttl).await)
    }

    async fn rating(
        &self,
        scope: RatingScope,
        variant: VariantId,
        user: UserId,
    ) -> Result<Option<RatingEntry>, StoreError> {
        seen(self.inner.rating(scope, variant, user).await)
    }

    async fn put_rating(&self, scope: RatingScope, variant: VariantId, entry: &RatingEntry) -> Result<(), StoreError> {
        seen(self.inner.put_rating(scope, variant, entry).await)
    }

    async fn put_ratings_if_unchanged(
        &self,
        scope: RatingScope,
        variant: VariantId,
        entries: &[(u32, RatingEntry)],
    ) -> Result<bool, StoreError> {
        seen(self.inner.put_ratings_if_unchanged(scope, variant, entries).await)
    }

    async fn leaderboard(
        &self,
        scope: RatingScope,
        variant: VariantId,
        n: usize,
    ) -> Result<Vec<RatingEntry>, StoreError> {
        seen(self.inner.leaderboard(scope, variant, n).await)
    }
}
