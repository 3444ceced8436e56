//! The embedded store: everything in one process behind one mutex. Nothing survives a restart;
//! use Redis for that.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use tokio::sync::broadcast;

use super::channels::Channels;
use super::{
    GameEvent, GameFeed, GameRecords, KeyValues, RatingBook, Retention, StoreError, active_in_chat, active_with_user,
    finished_with_user, newest_first,
};
use crate::game::VariantId;
use crate::game::model::{ChatId, Game, GameId, UserId};
use crate::game::ratings::{RatingEntry, RatingScope};

/// Subscribers that fall this far behind miss events (and see `Lagged`); they reload the game anyway.
const CHANNEL_CAPACITY: usize = 64;
/// The same for the subscribers to every game's changes.
const ALL_CAPACITY: usize = 1024;
/// Expired entries are swept out every this many writes.
const PURGE_EVERY: u64 = 1024;

pub struct MemoryStore {
    retention: Retention,
    inner: Mutex<Inner>,
}

struct Stored {
    game: Game,
    expires: Instant,
}

struct Inner {
    games: HashMap<GameId, Stored>,
    by_user: HashMap<UserId, HashSet<GameId>>,
    by_chat: HashMap<ChatId, HashSet<GameId>>,
    history: HashMap<UserId, VecDeque<GameId>>,
    deadlines: BTreeSet<(i64, GameId)>,
    values: HashMap<String, (String, Instant)>,
    ratings: HashMap<(RatingScope, VariantId), HashMap<UserId, RatingEntry>>,
    channels: Channels,
    all: Option<broadcast::Sender<GameEvent>>,
    writes: u64,
}

impl Default for Inner {
    fn default() -> Self {
        Inner {
            games: HashMap::new(),
            by_user: HashMap::new(),
            by_chat: HashMap::new(),
            history: HashMap::new(),
            deadlines: BTreeSet::new(),
            values: HashMap::new(),
            ratings: HashMap::new(),
            channels: Channels::new(CHANNEL_CAPACITY),
            all: None,
            writes: 0,
        }
    }
}

impl MemoryStore {
    pub fn new(retention: Retention) -> MemoryStore {
        MemoryStore { retention, inner: Mutex::new(Inner::default()) }
    }

    /// Games somebody in this process is watching (has a change channel for).
    pub fn watched_games(&self) -> usize {
        self.lock().channels.len()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave a half-written game (each write is one
        // insert), so the data is still usable.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Default for MemoryStore {
    fn default() -> Self {
        MemoryStore::new(Retention::default())
    }
}

impl Inner {
    /// The short-lived value stored as `key` (already prefixed), unless it has expired.
    fn value(&self, key: &str, now: Instant) -> Option<&str> {
        self.values.get(key).filter(|(_, expires)| *expires > now).map(|(v, _)| v.as_str())
    }

    fn live(&mut self, id: &GameId, now: Instant) -> Option<&Game> {
        let expired = self.games.get(id).is_some_and(|s| s.expires <= now);
        if expired {
            self.remove(id);
        }
        self.games.get(id).map(|s| &s.game)
    }

    fn remove(&mut self, id: &GameId) {
        if let Some(stored) = self.games.remove(id) {
            self.unindex(&stored.game);
        }
    }

    fn unindex(&mut self, game: &Game) {
        for user in game.users() {
            if let Some(set) = self.by_user.get_mut(&user) {
                set.remove(&game.id);
            }
        }
        if let Some(chat) = game.chat
            && let Some(set) = self.by_chat.get_mut(&chat)
        {
            set.remove(&game.id);
        }
        if let Some(deadline) = game.deadline() {
            self.deadlines.remove(&(deadline, game.id.clone()));
        }
    }

    fn index(&mut self, game: &Game, history_len: usize) {
        if game.is_over() {
            for user in game.users() {
                let list = self.history.entry(user).or_default();
                if !list.contains(&game.id) {
                    list.push_back(game.id.clone());
                    while list.len() > history_len {
                        list.pop_front();
                    }
                }
            }
            return;
        }
        for user in game.users() {
            self.by_user.entry(user).or_default().insert(game.id.clone());
        }
        if let Some(chat) = game.chat {
            self.by_chat.entry(chat).or_default().insert(game.id.clone());
        }
        if let Some(deadline) = game.deadline() {
            self.deadlines.insert((deadline, game.id.clone()));
        }
    }

    fn store(&mut self, game: Game, retention: &Retention, now: Instant) {
        if let Some(old) = self.games.get(&game.id).map(|s| s.game.clone()) {
            self.unindex(&old);
        }
        self.index(&game, retention.history_len);
        let event = GameEvent::of(&game);
        let expires = now + retention.ttl_for(&game);
        self.games.insert(game.id.clone(), Stored { game, expires });
        self.publish(event);
        self.writes += 1;
        if self.writes.is_multiple_of(PURGE_EVERY) {
            self.purge(now);
        }
    }

    fn publish(&mut self, event: GameEvent) {
        if let Some(all) = &self.all {
            // Nobody listening is not an error.
            let _ = all.send(event.clone());
        }
        self.channels.send(event);
    }

    fn purge(&mut self, now: Instant) {
        let expired: Vec<GameId> =
            self.games.iter().filter(|(_, s)| s.expires <= now).map(|(id, _)| id.clone()).collect();
        for id in expired {
            self.remove(&id);
        }
        self.values.retain(|_, (_, expires)| *expires > now);
        self.channels.sweep();
        let games = &self.games;
        self.history.retain(|_, list| {
            list.retain(|id| games.contains_key(id));
            !list.is_empty()
        });
        self.by_user.retain(|_, set| !set.is_empty());
        self.by_chat.retain(|_, set| !set.is_empty());
    }

    fn collect<'a>(&mut self, ids: impl IntoIterator<Item = &'a GameId>, keep: impl Fn(&Game) -> bool) -> Vec<Game> {
        let now = Instant::now();
        let ids: Vec<GameId> = ids.into_iter().cloned().collect();
        ids.iter().filter_map(|id| self.live(id, now).filter(|g| keep(g)).cloned()).collect()
    }
}

#[async_trait]
impl GameRecords for MemoryStore {
    async fn get(&self, id: &GameId) -> Result<Game, StoreError> {
        self.lock().live(id, Instant::now()).cloned().ok_or(StoreError::NotFound)
    }

    async fn create(&self, game: &Game) -> Result<Game, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        if inner.live(&game.id, now).is_some() {
            return Err(StoreError::AlreadyExists);
        }
        let mut game = game.clone();
        game.version = 1;
        inner.store(game.clone(), &self.retention, now);
        Ok(game)
    }

    async fn put(&self, game: &Game, expected_version: u64) -> Result<Game, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        let current = inner.live(&game.id, now).ok_or(StoreError::NotFound)?;
        if current.version != expected_version {
            return Err(StoreError::Stale);
        }
        let mut game = game.clone();
        game.version = expected_version + 1;
        inner.store(game.clone(), &self.retention, now);
        Ok(game)
    }

    async fn delete(&self, id: &GameId) -> Result<(), StoreError> {
        self.lock().remove(id);
        Ok(())
    }

    async fn active_for_user(&self, user: UserId) -> Result<Vec<Game>, StoreError> {
        let mut inner = self.lock();
        let ids: Vec<GameId> = inner.by_user.get(&user).map(|s| s.iter().cloned().collect()).unwrap_or_default();
        let mut games = inner.collect(&ids, |g| active_with_user(g, user));
        newest_first(&mut games);
        Ok(games)
    }

    async fn active_for_chat(&self, chat: ChatId) -> Result<Vec<Game>, StoreError> {
        let mut inner = self.lock();
        let ids: Vec<GameId> = inner.by_chat.get(&chat).map(|s| s.iter().cloned().collect()).unwrap_or_default();
        let mut games = inner.collect(&ids, |g| active_in_chat(g, chat));
        newest_first(&mut games);
        Ok(games)
    }

    async fn history_for_user(&self, user: UserId, limit: usize) -> Result<Vec<Game>, StoreError> {
        let mut inner = self.lock();
        let ids: Vec<GameId> = inner.history.get(&user).map(|l| l.iter().cloned().collect()).unwrap_or_default();
        let mut games = inner.collect(&ids, |g| finished_with_user(g, user));
        newest_first(&mut games);
        games.truncate(limit);
        Ok(games)
    }

    async fn due(&self, now: i64, limit: usize) -> Result<Vec<GameId>, StoreError> {
        let inner = self.lock();
        Ok(inner.deadlines.iter().take_while(|(d, _)| *d <= now).take(limit).map(|(_, id)| id.clone()).collect())
    }
}

#[async_trait]
impl GameFeed for MemoryStore {
    async fn subscribe(&self, id: &GameId) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        Ok(self.lock().channels.subscribe(id))
    }

    async fn subscribe_all(&self) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        let mut inner = self.lock();
        Ok(inner.all.get_or_insert_with(|| broadcast::channel(ALL_CAPACITY).0).subscribe())
    }
}

#[async_trait]
impl KeyValues for MemoryStore {
    async fn claim_once(&self, key: &str, ttl: Duration) -> Result<bool, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        let key = format!("once:{key}");
        if inner.value(&key, now).is_some() {
            return Ok(false);
        }
        inner.values.insert(key, (String::new(), now + ttl));
        Ok(true)
    }

    async fn kv_set(&self, key: &str, value: &str, ttl: Duration) -> Result<(), StoreError> {
        let now = Instant::now();
        self.lock().values.insert(format!("kv:{key}"), (value.to_owned(), now + ttl));
        Ok(())
    }

    async fn kv_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let now = Instant::now();
        let inner = self.lock();
        Ok(inner.value(&format!("kv:{key}"), now).map(str::to_owned))
    }

    async fn kv_get_many(&self, keys: &[&str]) -> Result<Vec<Option<String>>, StoreError> {
        let now = Instant::now();
        let inner = self.lock();
        Ok(keys.iter().map(|key| inner.value(&format!("kv:{key}"), now).map(str::to_owned)).collect())
    }

    async fn kv_delete(&self, key: &str) -> Result<(), StoreError> {
        self.lock().values.remove(&format!("kv:{key}"));
        Ok(())
    }

    async fn kv_cas(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        let key = format!("kv:{key}");
        let current = inner.value(&key, now);
        if current != expected {
            return Ok(false);
        }
        match new {
            Some(value) => inner.values.insert(key, (value.to_owned(), now + ttl)),
            None => inner.values.remove(&key),
        };
        Ok(true)
    }

    async fn kv_raise(&self, key: &str, value: u64, ttl: Duration) -> Result<bool, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        let key = format!("kv:{key}");
        let current = inner.value(&key, now).and_then(|v| v.parse::<u64>().ok());
        if current.is_some_and(|v| v >= value) {
            return Ok(false);
        }
        inner.values.insert(key, (value.to_string(), now + ttl));
        Ok(true)
    }
}

#[async_trait]
impl RatingBook for MemoryStore {
    async fn rating(
        &self,
        scope: RatingScope,
        variant: VariantId,
        user: UserId,
    ) -> Result<Option<RatingEntry>, StoreError> {
        Ok(self.lock().ratings.get(&(scope, variant)).and_then(|m| m.get(&user)).cloned())
    }

    async fn put_rating(&self, scope: RatingScope, variant: VariantId, entry: &RatingEntry) -> Result<(), StoreError> {
        self.lock().ratings.entry((scope, variant)).or_default().insert(entry.user, entry.clone());
        Ok(())
    }

    async fn put_ratings_if_unchanged(
        &self,
        scope: RatingScope,
        variant: VariantId,
        entries: &[(u32, RatingEntry)],
    ) -> Result<bool, StoreError> {
        let mut inner = self.lock();
        let table = inner.ratings.entry((scope, variant)).or_default();
        let unchanged =
            entries.iter().all(|(expected, entry)| table.get(&entry.user).map_or(0, |e| e.games) == *expected);
        if unchanged {
            for (_, entry) in entries {
                table.insert(entry.user, entry.clone());
            }
        }
        Ok(unchanged)
    }

    async fn leaderboard(
        &self,
        scope: RatingScope,
        variant: VariantId,
        n: usize,
    ) -> Result<Vec<RatingEntry>, StoreError> {
        let inner = self.lock();
        let mut all: Vec<RatingEntry> =
            inner.ratings.get(&(scope, variant)).map(|m| m.values().cloned().collect()).unwrap_or_default();
        all.sort_by(|a, b| b.glicko.rating.total_cmp(&a.glicko.rating).then_with(|| a.user.cmp(&b.user)));
        all.truncate(n);
        Ok(all)
    }
}
