//! damas: draughts in its national variants — exact rules, an in-process engine, board rendering,
//! game sessions, a Telegram bot and a Mini App.

pub mod bot;
pub mod cli;
pub mod config;
pub mod engine;
pub mod game;
pub mod i18n;
pub mod ops;
pub mod render;
pub mod rulebook;
pub mod rules;
pub mod webapp;
