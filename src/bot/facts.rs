//! The small facts the bot remembers between updates, in the store's key-value space: every key
//! and how long it is kept, in one place. Games themselves are not facts; they live in the game
//! records and are reached through the game service.

use std::sync::Arc;
use std::time::Duration;

use crate::game::{GameId, KeyValues, StoreError, UserId};

const DAY: u64 = 86_400;

/// One fact the bot keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact<'a> {
    /// The language a game's card is written in: the challenger's.
    CardLang(&'a GameId),
    /// The newest version of a game its cards show; it only moves forward.
    CardVersion(&'a GameId),
    /// The newest position (number of moves plus one) of a game whose player to move was told.
    TurnNotice(&'a GameId),
    /// A private notice to this user failed (never started the bot, or blocked it): no new try
    /// for a while.
    NoDirectMessages(UserId),
    /// The first name of a group member someone challenged, until the challenge is set up.
    ChallengedName(u64),
    /// The first name and language of someone who opened the inline challenge menu, for the card
    /// that is created when the chosen result arrives.
    InlineName(u64),
    InlineLang(u64),
    /// The inline message shows a board picture (else it is text only).
    InlinePhoto(&'a str),
    /// The user turned their board of a game around.
    Flipped(&'a GameId, UserId),
    /// A user's settings (language, board style).
    Prefs(u64),
}

impl Fact<'_> {
    /// The key in the store's key-value space.
    pub fn key(&self) -> String {
        match self {
            Fact::CardLang(game) => format!("glang:{game}"),
            Fact::CardVersion(game) => format!("cardv:{game}"),
            Fact::TurnNotice(game) => format!("turnv:{game}"),
            Fact::NoDirectMessages(user) => format!("nodm:{user}"),
            Fact::ChallengedName(user) => format!("gname:{user}"),
            Fact::InlineName(user) => format!("iname:{user}"),
            Fact::InlineLang(user) => format!("ilang:{user}"),
            Fact::InlinePhoto(message) => format!("inline-photo:{message}"),
            Fact::Flipped(game, user) => format!("flip:{game}:{user}"),
            Fact::Prefs(user) => format!("prefs:{user}"),
        }
    }

    /// How long the fact is kept after it was last written.
    pub fn ttl(&self) -> Duration {
        let days = match self {
            // As long as an unfinished game is kept.
            Fact::CardLang(_)
            | Fact::CardVersion(_)
            | Fact::TurnNotice(_)
            | Fact::Flipped(..)
            | Fact::ChallengedName(_) => 60,
            Fact::NoDirectMessages(_) => 1,
            Fact::InlineName(_) | Fact::InlineLang(_) | Fact::InlinePhoto(_) => 7,
            Fact::Prefs(_) => 400,
        };
        Duration::from_secs(days * DAY)
    }
}

/// Reads and writes [`Fact`]s.
#[derive(Clone)]
pub struct Facts {
    store: Arc<dyn KeyValues>,
}

impl Facts {
    pub fn new(store: Arc<dyn KeyValues>) -> Facts {
        Facts { store }
    }

    pub async fn get(&self, fact: Fact<'_>) -> Result<Option<String>, StoreError> {
        self.store.kv_get(&fact.key()).await
    }

    /// Several facts in one round trip, in the order asked.
    pub async fn get_many<const N: usize>(&self, facts: [Fact<'_>; N]) -> Result<[Option<String>; N], StoreError> {
        let keys = facts.map(|f| f.key());
        let values = self.store.kv_get_many(&keys.each_ref().map(String::as_str)).await?;
        <[Option<String>; N]>::try_from(values)
            .map_err(|v| StoreError::Corrupt(format!("asked for {N} values, got {}", v.len())))
    }

    pub async fn set(&self, fact: Fact<'_>, value: &str) -> Result<(), StoreError> {
        self.store.kv_set(&fact.key(), value, fact.ttl()).await
    }

    pub async fn delete(&self, fact: Fact<'_>) -> Result<(), StoreError> {
        self.store.kv_delete(&fact.key()).await
    }

    /// Raises a number that only moves forward; true when `value` is new.
    pub async fn raise(&self, fact: Fact<'_>, value: u64) -> Result<bool, StoreError> {
        self.store.kv_raise(&fact.key(), value, fact.ttl()).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::store::MemoryStore;

    fn every_kind(game: &GameId) -> Vec<Fact<'_>> {
        vec![
            Fact::CardLang(game),
            Fact::CardVersion(game),
            Fact::TurnNotice(game),
            Fact::NoDirectMessages(UserId(7)),
            Fact::ChallengedName(7),
            Fact::InlineName(7),
            Fact::InlineLang(7),
            Fact::InlinePhoto("m1"),
            Fact::Flipped(game, UserId(7)),
            Fact::Prefs(7),
        ]
    }

    #[test]
    fn every_fact_has_its_own_key_and_a_lifetime() {
        let game = GameId::parse("abc123").unwrap();
        let facts = every_kind(&game);
        let keys: std::collections::HashSet<String> = facts.iter().map(Fact::key).collect();
        assert_eq!(keys.len(), facts.len(), "two facts share a key: {keys:?}");
        // The same fact for another game, user or message is another key.
        assert_ne!(Fact::CardLang(&GameId::parse("abc124").unwrap()).key(), Fact::CardLang(&game).key());
        assert_ne!(Fact::Prefs(8).key(), Fact::Prefs(7).key());
        assert!(facts.iter().all(|f| f.ttl() >= Duration::from_secs(DAY)));
    }

    #[tokio::test]
    async fn facts_round_trip_through_the_store() {
        let facts = Facts::new(Arc::new(MemoryStore::new(Default::default())));
        let game = GameId::parse("abc123").unwrap();
        facts.set(Fact::CardLang(&game), "es").await.unwrap();
        facts.set(Fact::Prefs(7), "{}").await.unwrap();
        let [lang, nodm, prefs] =
            facts.get_many([Fact::CardLang(&game), Fact::NoDirectMessages(UserId(7)), Fact::Prefs(7)]).await.unwrap();
        assert_eq!((lang.as_deref(), nodm, prefs.as_deref()), (Some("es"), None, Some("{}")));
        assert!(facts.raise(Fact::CardVersion(&game), 3).await.unwrap());
        assert!(!facts.raise(Fact::CardVersion(&game), 2).await.unwrap());
    }
}
