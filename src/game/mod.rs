//! Games and sessions: the layer between the rules/engine and the front ends. It knows nothing of
//! Telegram; the bot and the Mini App call it and listen to its change events.

pub mod analysis;
pub mod calendar;
pub mod daily;
pub mod engine_gate;
pub mod engine_player;
pub mod model;
pub mod pdn;
pub mod puzzles;
pub mod ratings;
pub mod service;
pub mod store;
pub mod user_counts;

pub use model::{ChatId, Clock, EndReason, Game, GameId, GameResult, MessageRef, Offers, Player, Status, UserId};
pub use store::{GameEvent, GameFeed, GameRecords, GameStore, KeyValues, RatingBook, StoreError};

pub use crate::rules::{Color, VariantId};

/// Current time in unix seconds; a clock before 1970 counts as 0 rather than failing a request.
pub fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}
