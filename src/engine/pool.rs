//! Engines kept warm between searches.
//!
//! A game against the engine asks for one move after another, each from a position close to the
//! last one. A fresh engine starts every search with an empty transposition table and relearns
//! what the previous search already knew; an engine taken from the pool keeps its table, so the
//! next move is searched deeper for the same nodes. Table entries are keyed by the position, so an
//! engine last used for another game of the same variant gives no wrong answer, only fewer hits;
//! when several games are under way, the engine whose table already knows the position (the one
//! that searched this game's previous move) is taken first.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use super::{Engine, EngineError, Level, SearchResult};
use crate::rules::{GameState, VariantId};

/// A bounded set of idle engines by variant and level. The most recently used are kept.
pub struct EnginePool {
    idle: Mutex<VecDeque<(VariantId, Level, Engine)>>,
    capacity: usize,
}

impl EnginePool {
    /// A pool keeping at most `capacity` idle engines (each holds its level's table: up to 32 MiB
    /// for `master`).
    pub fn new(capacity: usize) -> EnginePool {
        EnginePool { idle: Mutex::new(VecDeque::with_capacity(capacity)), capacity }
    }

    /// Like [`super::think`], with an engine from the pool: the same levels and limits, but the
    /// table of the last search of this variant and level is kept.
    pub fn think(
        &self,
        state: &GameState,
        level: Level,
        seed: u64,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Result<SearchResult, EngineError> {
        let variant = state.position().variant();
        let mut engine = self.take(state, level);
        let result = super::observed(level, || engine.play(state, level, seed, cancel));
        self.give_back(variant, level, engine);
        result
    }

    /// How many engines are idle now.
    pub fn idle(&self) -> usize {
        self.idle.lock().map(|idle| idle.len()).unwrap_or(0)
    }

    /// An idle engine of the variant and level: the one that knows the position if any (it searched
    /// this game's last move), otherwise the least recently used (most likely one of a game that
    /// has ended), otherwise a new one.
    fn take(&self, state: &GameState, level: Level) -> Engine {
        let variant = state.position().variant();
        let found = self.idle.lock().ok().and_then(|mut idle| {
            let suits = |(v, l, _): &(VariantId, Level, Engine)| *v == variant && *l == level;
            let at = idle.iter().position(|e| suits(e) && e.2.knows(state)).or_else(|| idle.iter().rposition(suits))?;
            idle.remove(at).map(|(_, _, engine)| engine)
        });
        found.unwrap_or_else(|| Engine::new(variant, level.tt_bits()))
    }

    fn give_back(&self, variant: VariantId, level: Level, engine: Engine) {
        // A poisoned lock only loses the warm table: the engine is dropped.
        if let Ok(mut idle) = self.idle.lock() {
            idle.push_front((variant, level, engine));
            idle.truncate(self.capacity);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::rules::Position;

    /// After a search to depth 11, the position two plies on (which it covered to depth 9) is
    /// searched to depth 8 in far fewer nodes by the warm engine than by a cold one. To the full
    /// depth the saving is not reliable: deeper entries change the windows and the move order, and
    /// can cost as many nodes as they save.
    #[test]
    fn a_warm_table_saves_work_on_the_next_move() {
        let variant = VariantId::International;
        let mut state = GameState::new(Position::start(variant));
        let mut warm = Engine::new(variant, 20);
        let first = warm.analyse(&state, &Limits::depth(11), None, &mut |_| {}).unwrap();
        state.play(&first.pv[0]);
        state.play(&first.pv[1]);
        let warm_next = warm.analyse(&state, &Limits::depth(8), None, &mut |_| {}).unwrap();
        let cold_next = Engine::new(variant, 20).analyse(&state, &Limits::depth(8), None, &mut |_| {}).unwrap();
        assert!(warm_next.nodes * 4 < cold_next.nodes * 3, "warm {} cold {}", warm_next.nodes, cold_next.nodes);
    }

    /// Two games of the same variant and level searched at the same time, then each asks for its
    /// next move: each gets back the engine that searched its last one, not the one used last.
    #[test]
    fn each_game_gets_back_the_engine_that_searched_its_last_move() {
        let pool = EnginePool::new(4);
        let variant = VariantId::International;
        let mut first = GameState::new(Position::start(variant));
        let mut second = GameState::new(Position::from_fen(variant, "W:W31-50:B1-17").unwrap());
        let (mut a, mut b) = (pool.take(&first, Level::Medium), pool.take(&second, Level::Medium));
        let first_reply = a.play(&first, Level::Medium, 1, None).unwrap();
        let second_reply = b.play(&second, Level::Medium, 2, None).unwrap();
        pool.give_back(variant, Level::Medium, a);
        pool.give_back(variant, Level::Medium, b);
        for (state, reply) in [(&mut first, &first_reply), (&mut second, &second_reply)] {
            state.play(&reply.pv[0]);
            state.play(&reply.pv[1]);
        }
        let a = pool.take(&first, Level::Medium);
        assert!(a.knows(&first) && !a.knows(&second), "the first game's engine is taken for it");
        let b = pool.take(&second, Level::Medium);
        assert!(b.knows(&second) && !b.knows(&first), "the second game's engine is taken for it");
    }

    #[test]
    fn the_pool_keeps_the_most_recent_engines_by_variant_and_level() {
        let pool = EnginePool::new(2);
        let english = GameState::new(Position::start(VariantId::English));
        let russian = GameState::new(Position::start(VariantId::Russian));
        pool.think(&english, Level::Medium, 1, None).unwrap();
        assert_eq!(pool.idle(), 1);
        // The same variant and level take the idle engine and give it back.
        pool.think(&english, Level::Medium, 2, None).unwrap();
        assert_eq!(pool.idle(), 1);
        pool.think(&russian, Level::Medium, 3, None).unwrap();
        pool.think(&english, Level::Easy, 4, None).unwrap();
        assert_eq!(pool.idle(), 2, "capacity bounds the idle engines");
        let kept: Vec<(VariantId, Level)> = pool.idle.lock().unwrap().iter().map(|(v, l, _)| (*v, *l)).collect();
        assert_eq!(kept, vec![(VariantId::English, Level::Easy), (VariantId::Russian, Level::Medium)]);
    }
}
