//! Rules texts for players.
