//! The search engine as the game service's [`EnginePlayer`]: levels map to the engine's levels.
//! How many searches run at once is the service's [`EngineGate`](super::engine_gate::EngineGate)'s
//! business.

use std::time::Duration;

use super::service::EnginePlayer;
use crate::engine::{EnginePool, Level};
use crate::rules::{GameState, Move};

pub struct SearchEngine {
    max_think: Duration,
    /// Engines kept between moves, so that a game's next move starts from what the last search
    /// learnt.
    pool: EnginePool,
}

/// Idle engines kept: about as many as searches run at once on a small server.
const WARM_ENGINES: usize = 4;

impl SearchEngine {
    /// Levels that would think longer than `max_think` are played at the strongest level that fits.
    pub fn new(max_think: Duration) -> SearchEngine {
        SearchEngine { max_think, pool: EnginePool::new(WARM_ENGINES) }
    }

    /// The engine level for a stored level number: 1..=4, anything else clamped into that range,
    /// then lowered until its budget fits the configured maximum.
    pub fn level(&self, level: u8) -> Level {
        let wanted = match level {
            0 | 1 => Level::Easy,
            2 => Level::Medium,
            3 => Level::Hard,
            _ => Level::Master,
        };
        Level::ALL.iter().rev().copied().find(|l| *l <= wanted && l.budget() <= self.max_think).unwrap_or(Level::Easy)
    }
}

impl EnginePlayer for SearchEngine {
    fn choose(&self, state: &GameState, level: u8) -> Option<Move> {
        let level = self.level(level);
        let seed = rand::random::<u64>();
        self.pool.think(state, level, seed, None).ok().map(|r| r.best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, VariantId};

    #[test]
    fn levels_are_clamped_to_the_budget() {
        let e = SearchEngine::new(Duration::from_millis(3000));
        assert_eq!(e.level(0), Level::Easy);
        assert_eq!(e.level(2), Level::Medium);
        assert_eq!(e.level(9), Level::Master);
        let quick = SearchEngine::new(Duration::from_millis(300));
        assert_eq!(quick.level(4), Level::Medium);
    }

    #[test]
    fn plays_a_legal_move() {
        let e = SearchEngine::new(Duration::from_millis(3000));
        let state = GameState::new(Position::start(VariantId::Spanish));
        let mv = e.choose(&state, 1).unwrap();
        assert!(state.position().legal_moves().contains(&mv));
    }
}
