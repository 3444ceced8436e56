//! Mini App sessions: a random bearer token standing for a user, kept in the game store with an
//! expiry (so every instance behind a load balancer knows it).
//!
//! A session comes either from Telegram `initData` (the user is the Telegram user) or, in local
//! mode, from a guest request (the user is a fresh guest id outside Telegram's id range).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::game::{KeyValues, StoreError, UserId};

/// How long a session token is valid.
pub const TTL: Duration = Duration::from_secs(6 * 3600);

/// Guest ids have this bit set; Telegram user ids stay far below 2^53.
pub const GUEST_BIT: u64 = 1 << 62;

/// Tokens are 32 random bytes, hex-encoded.
const TOKEN_LEN: usize = 64;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    pub user: UserId,
    pub name: String,
    pub guest: bool,
    /// The user's language as Telegram reported it ("es", "en-GB"...), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

impl Session {
    /// A new guest with a random id.
    pub fn guest(name: &str) -> Session {
        let id = GUEST_BIT | (rand::random::<u64>() >> 24);
        let base = clean_name(name);
        let base = if base.is_empty() { "Guest".to_owned() } else { base.chars().take(24).collect() };
        let name = format!("{base} {:04}", id % 10_000);
        Session { user: UserId(id), name, guest: true, lang: None }
    }
}

/// A name as given by a browser: trimmed, control characters removed, at most 32 characters.
pub fn clean_name(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).take(32).collect::<String>().trim().to_owned()
}

fn key(token: &str) -> String {
    format!("webapp:session:{token}")
}

/// Stores `session` and returns its new token.
pub async fn create(store: &dyn KeyValues, session: &Session) -> Result<String, StoreError> {
    let token = hex::encode(rand::random::<[u8; 32]>());
    let value = serde_json::to_string(session).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    store.kv_set(&key(&token), &value, TTL).await?;
    Ok(token)
}

/// The session behind `token`; `None` for unknown, expired or malformed tokens.
pub async fn lookup(store: &dyn KeyValues, token: &str) -> Result<Option<Session>, StoreError> {
    if token.len() != TOKEN_LEN || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let Some(value) = store.kv_get(&key(token)).await? else {
        return Ok(None);
    };
    Ok(serde_json::from_str(&value).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::store::{MemoryStore, Retention};

    #[tokio::test]
    async fn tokens_round_trip_and_junk_is_unknown() {
        let store = MemoryStore::new(Retention::default());
        let s = Session::guest("  Ana\u{7}  ");
        assert!(s.name.starts_with("Ana ") && s.name.len() == 8, "{}", s.name);
        assert!(s.user.0 & GUEST_BIT != 0);
        let token = create(&store, &s).await.unwrap();
        assert_eq!(lookup(&store, &token).await.unwrap(), Some(s));
        assert_eq!(lookup(&store, "nope").await.unwrap(), None);
        assert_eq!(lookup(&store, &"0".repeat(64)).await.unwrap(), None);
        assert_eq!(lookup(&store, &"z".repeat(64)).await.unwrap(), None);
    }

    #[test]
    fn guests_get_a_name_and_distinct_ids() {
        let a = Session::guest("");
        let b = Session::guest("");
        assert!(a.name.starts_with("Guest "));
        assert_ne!(a.user, b.user);
        assert_eq!(clean_name(&"x".repeat(100)).len(), 32);
    }
}
