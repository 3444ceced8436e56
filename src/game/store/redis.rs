//! Redis store: what several `damas serve` processes share and what survives restarts.
//!
//! Layout (prefix `damas` by default; `{..}` are Redis Cluster hash tags):
//! - `damas:{<game id>}:game` hash {v: version, data: JSON}; written only by the Lua scripts below,
//!   which also publish the change on `damas:{<game id>}:events`.
//! - `damas:user:{<user id>}:active` set and `...:history` sorted set (score = last change);
//!   `damas:chat:{<chat id>}:active` set; `damas:deadlines` sorted set (score = deadline).
//! - `damas:rating:{<variant>:<scope>}:entries` hash and `...:board` sorted set, same slot.
//! - `damas:once:<key>`, `damas:kv:<key>` plain strings with a TTL.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use futures::StreamExt;
use redis::{AsyncCommands, Script};
use tokio::sync::{OnceCell, broadcast, oneshot};

use super::channels::Channels;
use super::link::{CONNECT_TIMEOUT, Link, RedisTarget, unavailable};
use super::{
    GameEvent, GameFeed, GameRecords, KeyValues, RatingBook, Retention, StoreError, active_in_chat, active_with_user,
    finished_with_user, newest_first,
};
use crate::game::VariantId;
use crate::game::model::{ChatId, Game, GameId, UserId};
use crate::game::ratings::{RatingEntry, RatingScope};

const CHANNEL_CAPACITY: usize = 64;
/// The same for the subscribers to every game's changes.
const ALL_CAPACITY: usize = 1024;

/// KEYS[1] game. ARGV: data, ttl secs, channel, event.
const CREATE_LUA: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', '1', 'data', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
";

/// KEYS[1] game. ARGV: expected version, new version, data, ttl secs, channel, event.
/// Returns 1 written, 0 stale, -1 missing.
const CAS_LUA: &str = r"
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return -1 end
if v ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'data', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return 1
";

/// KEYS[1] rating entries hash, KEYS[2] leaderboard sorted set (same slot). ARGV[1] n, then n times:
/// user, expected game count, entry JSON, rating. Writes all n only if every stored entry still has
/// its expected game count (0 when absent). Returns 1 written, 0 changed.
const RATE_LUA: &str = r"
local n = tonumber(ARGV[1])
for i = 0, n - 1 do
  local raw = redis.call('HGET', KEYS[1], ARGV[2 + i * 4])
  local games = 0
  if raw then
    local ok, entry = pcall(cjson.decode, raw)
    if not ok or type(entry) ~= 'table' then
      return redis.error_reply('corrupt rating entry of user ' .. ARGV[2 + i * 4])
    end
    games = tonumber(entry['games']) or 0
  end
  if games ~= tonumber(ARGV[3 + i * 4]) then return 0 end
end
for i = 0, n - 1 do
  redis.call('HSET', KEYS[1], ARGV[2 + i * 4], ARGV[4 + i * 4])
  redis.call('ZADD', KEYS[2], ARGV[5 + i * 4], ARGV[2 + i * 4])
end
return 1
";

/// KEYS[1] value. ARGV: '1' if a value is expected else '0', expected value, '1' to set else '0'
/// (remove), new value, ttl millis. Returns 1 written, 0 the value differs.
const KV_CAS_LUA: &str = r"
local cur = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if cur ~= ARGV[2] then return 0 end
elseif cur then
  return 0
end
if ARGV[3] == '1' then
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
else
  redis.call('DEL', KEYS[1])
end
return 1
";

/// KEYS[1] the value, ARGV[1] the new number, ARGV[2] the time to live in ms.
const KV_RAISE_LUA: &str = r"
local cur = tonumber(redis.call('GET', KEYS[1]))
if cur and cur >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
";

pub struct RedisStore {
    /// Set once connected: a store made with [`RedisStore::unconnected`] fails every call as
    /// `Unavailable` until [`RedisStore::attach`] gives it its link.
    link: std::sync::OnceLock<Arc<Link>>,
    prefix: String,
    retention: Retention,
    create: Script,
    cas: Script,
    rate: Script,
    kv_cas: Script,
    kv_raise: Script,
    dispatcher: OnceCell<Dispatcher>,
}

/// Fans the messages of one pattern subscription out to local subscribers, so a process needs a
/// single pub/sub connection however many boards it is watching.
struct Dispatcher {
    senders: Arc<Channels>,
    /// Every game's events.
    all: broadcast::Sender<GameEvent>,
    /// Dropping the store drops this, which ends the listening task.
    _stop: oneshot::Sender<()>,
}

fn ttl_secs(d: Duration) -> u64 {
    d.as_secs().max(1)
}

impl RedisStore {
    /// Connects to `url` (e.g. `redis://127.0.0.1:6379`, or Sentinels: see [`RedisTarget`]).
    /// Every key starts with `prefix`.
    pub async fn connect(url: &str, prefix: &str, retention: Retention) -> Result<RedisStore, StoreError> {
        Self::connect_to(&RedisTarget::parse(url)?, prefix, retention).await
    }

    pub async fn connect_to(
        target: &RedisTarget,
        prefix: &str,
        retention: Retention,
    ) -> Result<RedisStore, StoreError> {
        let store = RedisStore::unconnected(prefix, retention);
        store.attach(Link::connect(target).await?);
        Ok(store)
    }

    /// A store without a link to Redis yet: it answers every call with `Unavailable` until
    /// [`attach`](Self::attach), so a process can start before Redis is reachable.
    pub fn unconnected(prefix: &str, retention: Retention) -> RedisStore {
        RedisStore {
            link: std::sync::OnceLock::new(),
            prefix: prefix.to_owned(),
            retention,
            create: Script::new(CREATE_LUA),
            cas: Script::new(CAS_LUA),
            rate: Script::new(RATE_LUA),
            kv_cas: Script::new(KV_CAS_LUA),
            kv_raise: Script::new(KV_RAISE_LUA),
            dispatcher: OnceCell::new(),
        }
    }

    /// Gives an unconnected store its link; false (and the link unused) if it had one already.
    pub fn attach(&self, link: Arc<Link>) -> bool {
        self.link.set(link).is_ok()
    }

    /// The store's link to Redis (multiplexed, reconnecting, following the master), for other
    /// small uses of the same Redis such as the shared rate limit. `None` until connected.
    pub fn link(&self) -> Option<Arc<Link>> {
        self.link.get().cloned()
    }

    fn connected(&self) -> Result<&Arc<Link>, StoreError> {
        self.link.get().ok_or_else(|| super::outage("not connected to Redis yet".to_owned()))
    }

    fn connection(&self) -> Result<redis::aio::ConnectionManager, StoreError> {
        Ok(self.connected()?.connection())
    }

    fn game_key(&self, id: &GameId) -> String {
        format!("{}:{{{id}}}:game", self.prefix)
    }
    fn channel(&self, id: &GameId) -> String {
        format!("{}:{{{id}}}:events", self.prefix)
    }
    fn user_active_key(&self, user: UserId) -> String {
        format!("{}:user:{{{user}}}:active", self.prefix)
    }
    fn user_history_key(&self, user: UserId) -> String {
        format!("{}:user:{{{user}}}:history", self.prefix)
    }
    fn chat_active_key(&self, chat: ChatId) -> String {
        format!("{}:chat:{{{chat}}}:active", self.prefix)
    }
    fn kv_key(&self, key: &str) -> String {
        format!("{}:kv:{key}", self.prefix)
    }
    fn deadlines_key(&self) -> String {
        format!("{}:deadlines", self.prefix)
    }
    fn rating_keys(&self, scope: RatingScope, variant: VariantId) -> (String, String) {
        let scope = match scope {
            RatingScope::Global => "global".to_owned(),
            RatingScope::Chat(chat) => format!("chat{chat}"),
        };
        let tag = format!("{}:rating:{{{variant}:{scope}}}", self.prefix);
        (format!("{tag}:entries"), format!("{tag}:board"))
    }

    fn decode(id: &GameId, version: Option<u64>, data: Option<String>) -> Result<Option<Game>, StoreError> {
        let (Some(version), Some(data)) = (version, data) else { return Ok(None) };
        let mut game: Game = serde_json::from_str(&data).map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?;
        if game.id != *id {
            return Err(StoreError::Corrupt(format!("game {id} holds game {}", game.id)));
        }
        game.version = version;
        Ok(Some(game))
    }

    fn encode(game: &Game) -> Result<String, StoreError> {
        serde_json::to_string(game).map_err(|e| StoreError::Corrupt(format!("cannot encode game {}: {e}", game.id)))
    }

    async fn get_many(&self, ids: &[GameId]) -> Result<Vec<(GameId, Option<Game>)>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut pipe = redis::pipe();
        for id in ids {
            pipe.cmd("HMGET").arg(self.game_key(id)).arg("v").arg("data");
        }
        let mut con = self.connection()?;
        let rows: Vec<(Option<u64>, Option<String>)> = pipe.query_async(&mut con).await.map_err(unavailable)?;
        ids.iter().zip(rows).map(|(id, (v, data))| Ok((id.clone(), Self::decode(id, v, data)?))).collect()
    }

    /// Loads the games listed under an index key, dropping (and unlisting) those that no longer belong.
    async fn listed(&self, key: &str, ids: Vec<GameId>, keep: impl Fn(&Game) -> bool) -> Result<Vec<Game>, StoreError> {
        let mut games = Vec::new();
        let mut gone = Vec::new();
        for (id, game) in self.get_many(&ids).await? {
            match game {
                Some(g) if keep(&g) => games.push(g),
                Some(_) | None => gone.push(id),
            }
        }
        if !gone.is_empty() {
            let mut con = self.connection()?;
            let cmd = if key.ends_with(":history") { "ZREM" } else { "SREM" };
            redis::cmd(cmd)
                .arg(key)
                .arg(gone.iter().map(GameId::as_str).collect::<Vec<_>>())
                .query_async::<i64>(&mut con)
                .await
                .map_err(unavailable)?;
        }
        Ok(games)
    }

    /// Index additions, made before the game is written (a failed write leaves a harmless hint).
    async fn index_before(&self, game: &Game) -> Result<(), StoreError> {
        if game.is_over() {
            return Ok(());
        }
        let idle = ttl_secs(self.retention.idle);
        let mut pipe = redis::pipe();
        for user in game.users() {
            let key = self.user_active_key(user);
            pipe.sadd(&key, game.id.as_str()).ignore().expire(&key, idle as i64).ignore();
        }
        if let Some(chat) = game.chat {
            let key = self.chat_active_key(chat);
            pipe.sadd(&key, game.id.as_str()).ignore().expire(&key, idle as i64).ignore();
        }
        if let Some(deadline) = game.deadline() {
            // LT (which still adds missing members): a losing concurrent write can only make the
            // sweeper look early, never late.
            pipe.cmd("ZADD").arg(self.deadlines_key()).arg("LT").arg(deadline).arg(game.id.as_str()).ignore();
        }
        let mut con = self.connection()?;
        pipe.query_async::<()>(&mut con).await.map_err(unavailable)
    }

    /// Index removals, made after the game is written.
    async fn index_after(&self, game: &Game) -> Result<(), StoreError> {
        let mut pipe = redis::pipe();
        match game.deadline() {
            // The write succeeded, so this deadline is the truth (it may be later than the one
            // queued before the write).
            Some(deadline) => {
                pipe.cmd("ZADD").arg(self.deadlines_key()).arg("XX").arg(deadline).arg(game.id.as_str()).ignore();
            }
            None => {
                pipe.zrem(self.deadlines_key(), game.id.as_str()).ignore();
            }
        }
        if game.is_over() {
            let keep = ttl_secs(self.retention.finished) as i64;
            let trim = -(self.retention.history_len as isize) - 1;
            for user in game.users() {
                pipe.srem(self.user_active_key(user), game.id.as_str()).ignore();
                let key = self.user_history_key(user);
                pipe.zadd(&key, game.id.as_str(), game.updated)
                    .ignore()
                    .zremrangebyrank(&key, 0, trim)
                    .ignore()
                    .expire(&key, keep)
                    .ignore();
            }
            if let Some(chat) = game.chat {
                pipe.srem(self.chat_active_key(chat), game.id.as_str()).ignore();
            }
        }
        let mut con = self.connection()?;
        pipe.query_async::<()>(&mut con).await.map_err(unavailable)
    }

    /// Games somebody in this process is watching (has a change channel for).
    pub fn watched_games(&self) -> usize {
        self.dispatcher.get().map_or(0, |d| d.senders.len())
    }

    async fn dispatcher(&self) -> Result<&Dispatcher, StoreError> {
        self.dispatcher
            .get_or_try_init(|| async {
                let pattern = format!("{}:*:events", self.prefix);
                let stream = subscribe_pattern(&self.connected()?.client(), &pattern).await?;
                let senders = Arc::new(Channels::new(CHANNEL_CAPACITY));
                let all = broadcast::channel(ALL_CAPACITY).0;
                let (stop, stopped) = oneshot::channel();
                tokio::spawn(listen(
                    Arc::clone(self.connected()?),
                    pattern,
                    stream,
                    Arc::clone(&senders),
                    all.clone(),
                    stopped,
                ));
                Ok(Dispatcher { senders, all, _stop: stop })
            })
            .await
    }
}

async fn subscribe_pattern(client: &redis::Client, pattern: &str) -> Result<redis::aio::PubSubStream, StoreError> {
    let connect = async {
        let mut pubsub = client.get_async_pubsub().await?;
        pubsub.psubscribe(pattern).await?;
        Ok::<_, redis::RedisError>(pubsub.into_on_message())
    };
    tokio::time::timeout(CONNECT_TIMEOUT, connect)
        .await
        .map_err(|_| super::outage("timed out subscribing".to_owned()))?
        .map_err(unavailable)
}

async fn listen(
    link: Arc<Link>,
    pattern: String,
    mut stream: redis::aio::PubSubStream,
    senders: Arc<Channels>,
    all: broadcast::Sender<GameEvent>,
    mut stopped: oneshot::Receiver<()>,
) {
    let mut moves = link.moves();
    loop {
        tokio::select! {
            _ = &mut stopped => return,
            Ok(()) = moves.changed() => {
                // Events are published on the new master only.
                tracing::info!("game event subscription moving to the new Redis master");
            }
            msg = stream.next() => match msg {
                Some(msg) => {
                    deliver(&msg, &senders, &all);
                    continue;
                }
                // Connection lost: events in the gap are missed; subscribers re-read the game on
                // their next event or poll.
                None => tracing::warn!("game event subscription lost; reconnecting"),
            }
        }
        loop {
            tokio::select! {
                _ = &mut stopped => return,
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            }
            match subscribe_pattern(&link.client(), &pattern).await {
                Ok(s) => {
                    stream = s;
                    break;
                }
                Err(e) => tracing::warn!(error = %e, "game event subscription: retrying"),
            }
        }
    }
}

fn deliver(msg: &redis::Msg, senders: &Channels, all: &broadcast::Sender<GameEvent>) {
    let Ok(event) = serde_json::from_slice::<GameEvent>(msg.get_payload_bytes()) else {
        tracing::warn!(channel = msg.get_channel_name(), "unreadable game event");
        return;
    };
    // Nobody listening to every game is not an error.
    let _ = all.send(event.clone());
    senders.send(event);
}

#[async_trait]
impl GameRecords for RedisStore {
    async fn get(&self, id: &GameId) -> Result<Game, StoreError> {
        let mut con = self.connection()?;
        let (v, data): (Option<u64>, Option<String>) = redis::cmd("HMGET")
            .arg(self.game_key(id))
            .arg("v")
            .arg("data")
            .query_async(&mut con)
            .await
            .map_err(unavailable)?;
        Self::decode(id, v, data)?.ok_or(StoreError::NotFound)
    }

    async fn create(&self, game: &Game) -> Result<Game, StoreError> {
        let mut game = game.clone();
        game.version = 1;
        let data = Self::encode(&game)?;
        let event = serde_json::to_string(&GameEvent::of(&game)).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        self.index_before(&game).await?;
        let mut con = self.connection()?;
        let created: i64 = self
            .create
            .key(self.game_key(&game.id))
            .arg(data)
            .arg(ttl_secs(self.retention.ttl_for(&game)))
            .arg(self.channel(&game.id))
            .arg(event)
            .invoke_async(&mut con)
            .await
            .map_err(unavailable)?;
        if created != 1 {
            return Err(StoreError::AlreadyExists);
        }
        self.index_after(&game).await?;
        Ok(game)
    }

    async fn put(&self, game: &Game, expected_version: u64) -> Result<Game, StoreError> {
        let mut game = game.clone();
        game.version = expected_version + 1;
        let data = Self::encode(&game)?;
        let event = serde_json::to_string(&GameEvent::of(&game)).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        self.index_before(&game).await?;
        let mut con = self.connection()?;
        let written: i64 = self
            .cas
            .key(self.game_key(&game.id))
            .arg(expected_version)
            .arg(game.version)
            .arg(data)
            .arg(ttl_secs(self.retention.ttl_for(&game)))
            .arg(self.channel(&game.id))
            .arg(event)
            .invoke_async(&mut con)
            .await
            .map_err(unavailable)?;
        match written {
            1 => {
                self.index_after(&game).await?;
                Ok(game)
            }
            0 => Err(StoreError::Stale),
            _ => Err(StoreError::NotFound),
        }
    }

    async fn delete(&self, id: &GameId) -> Result<(), StoreError> {
        let game = match self.get(id).await {
            Ok(g) => Some(g),
            Err(StoreError::NotFound) => None,
            // A corrupt record must still be removable.
            Err(StoreError::Corrupt(_)) => None,
            Err(e) => return Err(e),
        };
        let mut pipe = redis::pipe();
        pipe.del(self.game_key(id)).ignore().zrem(self.deadlines_key(), id.as_str()).ignore();
        if let Some(game) = game {
            for user in game.users() {
                pipe.srem(self.user_active_key(user), id.as_str()).ignore();
                pipe.zrem(self.user_history_key(user), id.as_str()).ignore();
            }
            if let Some(chat) = game.chat {
                pipe.srem(self.chat_active_key(chat), id.as_str()).ignore();
            }
        }
        let mut con = self.connection()?;
        pipe.query_async::<()>(&mut con).await.map_err(unavailable)
    }

    async fn active_for_user(&self, user: UserId) -> Result<Vec<Game>, StoreError> {
        let key = self.user_active_key(user);
        let mut con = self.connection()?;
        let ids: Vec<String> = con.smembers(&key).await.map_err(unavailable)?;
        let ids = ids.iter().filter_map(|s| GameId::parse(s).ok()).collect();
        let mut games = self.listed(&key, ids, |g| active_with_user(g, user)).await?;
        newest_first(&mut games);
        Ok(games)
    }

    async fn active_for_chat(&self, chat: ChatId) -> Result<Vec<Game>, StoreError> {
        let key = self.chat_active_key(chat);
        let mut con = self.connection()?;
        let ids: Vec<String> = con.smembers(&key).await.map_err(unavailable)?;
        let ids = ids.iter().filter_map(|s| GameId::parse(s).ok()).collect();
        let mut games = self.listed(&key, ids, |g| active_in_chat(g, chat)).await?;
        newest_first(&mut games);
        Ok(games)
    }

    async fn history_for_user(&self, user: UserId, limit: usize) -> Result<Vec<Game>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let key = self.user_history_key(user);
        let mut con = self.connection()?;
        // Some listed games may have expired; read a few extra so the page is usually full.
        let want = limit + limit / 4 + 4;
        let ids: Vec<String> = con.zrevrange(&key, 0, want as isize - 1).await.map_err(unavailable)?;
        let ids = ids.iter().filter_map(|s| GameId::parse(s).ok()).collect();
        let mut games = self.listed(&key, ids, |g| finished_with_user(g, user)).await?;
        newest_first(&mut games);
        games.truncate(limit);
        Ok(games)
    }

    async fn due(&self, now: i64, limit: usize) -> Result<Vec<GameId>, StoreError> {
        let mut con = self.connection()?;
        let ids: Vec<String> = redis::cmd("ZRANGE")
            .arg(self.deadlines_key())
            .arg("-inf")
            .arg(now)
            .arg("BYSCORE")
            .arg("LIMIT")
            .arg(0)
            .arg(limit)
            .query_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(ids.iter().filter_map(|s| GameId::parse(s).ok()).collect())
    }
}

#[async_trait]
impl GameFeed for RedisStore {
    async fn subscribe(&self, id: &GameId) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        Ok(self.dispatcher().await?.senders.subscribe(id))
    }

    async fn subscribe_all(&self) -> Result<broadcast::Receiver<GameEvent>, StoreError> {
        Ok(self.dispatcher().await?.all.subscribe())
    }
}

#[async_trait]
impl KeyValues for RedisStore {
    async fn claim_once(&self, key: &str, ttl: Duration) -> Result<bool, StoreError> {
        let mut con = self.connection()?;
        let set: Option<String> = redis::cmd("SET")
            .arg(format!("{}:once:{key}", self.prefix))
            .arg(1)
            .arg("NX")
            .arg("PX")
            .arg(ttl.as_millis().max(1) as u64)
            .query_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(set.is_some())
    }

    async fn kv_set(&self, key: &str, value: &str, ttl: Duration) -> Result<(), StoreError> {
        let mut con = self.connection()?;
        redis::cmd("SET")
            .arg(self.kv_key(key))
            .arg(value)
            .arg("PX")
            .arg(ttl.as_millis().max(1) as u64)
            .query_async::<()>(&mut con)
            .await
            .map_err(unavailable)
    }

    async fn kv_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let mut con = self.connection()?;
        con.get(self.kv_key(key)).await.map_err(unavailable)
    }

    async fn kv_delete(&self, key: &str) -> Result<(), StoreError> {
        let mut con = self.connection()?;
        con.del::<_, ()>(self.kv_key(key)).await.map_err(unavailable)
    }

    async fn kv_cas(
        &self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        let mut con = self.connection()?;
        let written: i64 = self
            .kv_cas
            .key(self.kv_key(key))
            .arg(if expected.is_some() { "1" } else { "0" })
            .arg(expected.unwrap_or(""))
            .arg(if new.is_some() { "1" } else { "0" })
            .arg(new.unwrap_or(""))
            .arg(ttl.as_millis().max(1) as u64)
            .invoke_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(written == 1)
    }

    async fn kv_get_many(&self, keys: &[&str]) -> Result<Vec<Option<String>>, StoreError> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        // A pipeline of GETs rather than MGET: the keys need not share a cluster slot.
        let mut pipe = redis::pipe();
        for key in keys {
            pipe.get(self.kv_key(key));
        }
        let mut con = self.connection()?;
        pipe.query_async(&mut con).await.map_err(unavailable)
    }

    async fn kv_raise(&self, key: &str, value: u64, ttl: Duration) -> Result<bool, StoreError> {
        let mut con = self.connection()?;
        let written: i64 = self
            .kv_raise
            .key(self.kv_key(key))
            .arg(value)
            .arg(ttl.as_millis().max(1) as u64)
            .invoke_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(written == 1)
    }
}

#[async_trait]
impl RatingBook for RedisStore {
    async fn rating(
        &self,
        scope: RatingScope,
        variant: VariantId,
        user: UserId,
    ) -> Result<Option<RatingEntry>, StoreError> {
        let (entries, _) = self.rating_keys(scope, variant);
        let mut con = self.connection()?;
        let raw: Option<String> = con.hget(&entries, user.0).await.map_err(unavailable)?;
        raw.map(|s| serde_json::from_str(&s).map_err(|e| StoreError::Corrupt(format!("rating of {user}: {e}"))))
            .transpose()
    }

    async fn put_rating(&self, scope: RatingScope, variant: VariantId, entry: &RatingEntry) -> Result<(), StoreError> {
        let (entries, board) = self.rating_keys(scope, variant);
        let data = serde_json::to_string(entry).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut pipe = redis::pipe();
        pipe.atomic()
            .hset(&entries, entry.user.0, data)
            .ignore()
            .zadd(&board, entry.user.0, entry.glicko.rating)
            .ignore();
        let mut con = self.connection()?;
        pipe.query_async::<()>(&mut con).await.map_err(unavailable)
    }

    async fn put_ratings_if_unchanged(
        &self,
        scope: RatingScope,
        variant: VariantId,
        entries: &[(u32, RatingEntry)],
    ) -> Result<bool, StoreError> {
        if entries.is_empty() {
            return Ok(true);
        }
        let (entries_key, board) = self.rating_keys(scope, variant);
        let mut invocation = self.rate.key(entries_key);
        invocation.key(board).arg(entries.len());
        for (expected, entry) in entries {
            if !entry.glicko.rating.is_finite() {
                return Err(StoreError::Corrupt(format!("rating of {} is not a number", entry.user)));
            }
            let data = serde_json::to_string(entry).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            invocation.arg(entry.user.0).arg(*expected).arg(data).arg(entry.glicko.rating);
        }
        let mut con = self.connection()?;
        let written: i64 = invocation.invoke_async(&mut con).await.map_err(|e| {
            if e.to_string().contains("corrupt rating entry") {
                StoreError::Corrupt(e.to_string())
            } else {
                unavailable(e)
            }
        })?;
        Ok(written == 1)
    }

    async fn leaderboard(
        &self,
        scope: RatingScope,
        variant: VariantId,
        n: usize,
    ) -> Result<Vec<RatingEntry>, StoreError> {
        if n == 0 {
            return Ok(Vec::new());
        }
        let (entries, board) = self.rating_keys(scope, variant);
        let mut con = self.connection()?;
        let users: Vec<u64> = con.zrevrange(&board, 0, n as isize - 1).await.map_err(unavailable)?;
        if users.is_empty() {
            return Ok(Vec::new());
        }
        let raw: Vec<Option<String>> =
            redis::cmd("HMGET").arg(&entries).arg(&users).query_async(&mut con).await.map_err(unavailable)?;
        let mut out: Vec<RatingEntry> = raw
            .into_iter()
            .flatten()
            .map(|s| serde_json::from_str(&s).map_err(|e| StoreError::Corrupt(format!("rating: {e}"))))
            .collect::<Result<_, _>>()?;
        // Equal ratings come back from Redis in member order; make the order match the memory store.
        out.sort_by(|a, b| b.glicko.rating.total_cmp(&a.glicko.rating).then_with(|| a.user.cmp(&b.user)));
        Ok(out)
    }
}
