//! Per-user preferences, kept in the game store's key-value space so they survive restarts and are
//! shared by every instance.

use serde::{Deserialize, Serialize};

use super::facts::{Fact, Facts};
use super::i18n::Lang;
use crate::game::StoreError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardMode {
    #[default]
    Image,
    Buttons,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// The user's own colour at the bottom.
    #[default]
    Auto,
    /// White at the bottom whatever the user plays.
    White,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    #[default]
    Classic,
    Wood,
    Contrast,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Chosen with /lang; `None` follows Telegram's language_code.
    pub lang: Option<Lang>,
    pub board: BoardMode,
    pub orientation: Orientation,
    pub theme: ThemeChoice,
}

#[derive(Clone)]
pub struct PrefsStore {
    facts: Facts,
}

impl PrefsStore {
    pub fn new(facts: Facts) -> Self {
        PrefsStore { facts }
    }

    /// Preferences from their stored form; defaults when none are stored or the stored value is
    /// unreadable (an old format must not lock anyone out).
    pub fn decode(stored: Option<&str>) -> Prefs {
        stored.and_then(|json| serde_json::from_str(json).ok()).unwrap_or_default()
    }

    /// The user's preferences (see [`PrefsStore::decode`]).
    pub async fn get(&self, user: u64) -> Result<Prefs, StoreError> {
        Ok(Self::decode(self.facts.get(Fact::Prefs(user)).await?.as_deref()))
    }

    pub async fn put(&self, user: u64, prefs: &Prefs) -> Result<(), StoreError> {
        let json = serde_json::to_string(prefs).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        self.facts.set(Fact::Prefs(user), &json).await
    }
}
