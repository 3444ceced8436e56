//! The search engine as the game service's [`EnginePlayer`]: levels map to the engine's levels,
//! and a semaphore keeps the number of searches running at once within the configured limit so a
//! burst of games cannot starve the machine.

use std::sync::{Condvar, Mutex};
use std::time::Duration;

use super::service::EnginePlayer;
use crate::engine::{self, Level};
use crate::rules::{GameState, Move};

pub struct SearchEngine {
    slots: Mutex<usize>,
    freed: Condvar,
    max_think: Duration,
}

impl SearchEngine {
    /// At most `concurrent` searches at once (at least one); levels that would think longer than
    /// `max_think` are played at the strongest level that fits.
    pub fn new(concurrent: usize, max_think: Duration) -> SearchEngine {
        SearchEngine { slots: Mutex::new(concurrent.max(1)), freed: Condvar::new(), max_think }
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

    fn acquire(&self) {
        let mut free = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
    }

    fn release(&self) {
        let mut free = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        *free += 1;
        self.freed.notify_one();
    }
}

impl EnginePlayer for SearchEngine {
    fn choose(&self, state: &GameState, level: u8) -> Option<Move> {
        let level = self.level(level);
        let seed = rand::random::<u64>();
        self.acquire();
        let result = engine::think(state, level, seed, None);
        self.release();
        result.ok().map(|r| r.best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, VariantId};

    #[test]
    fn levels_are_clamped_to_the_budget() {
        let e = SearchEngine::new(1, Duration::from_millis(3000));
        assert_eq!(e.level(0), Level::Easy);
        assert_eq!(e.level(2), Level::Medium);
        assert_eq!(e.level(9), Level::Master);
        let quick = SearchEngine::new(1, Duration::from_millis(300));
        assert_eq!(quick.level(4), Level::Medium);
    }

    #[test]
    fn plays_a_legal_move() {
        let e = SearchEngine::new(2, Duration::from_millis(3000));
        let state = GameState::new(Position::start(VariantId::Spanish));
        let mv = e.choose(&state, 1).unwrap();
        assert!(state.position().legal_moves().contains(&mv));
    }
}
