//! A service over the memory store whose engine plays its first legal move, for the tests of the
//! service's parts.

use std::sync::Arc;

use super::{EnginePlayer, GameService, ServiceConfig};
use crate::game::store::MemoryStore;
use crate::rules::{GameState, Move};

struct First;

impl EnginePlayer for First {
    fn choose(&self, state: &GameState, _: u8) -> Option<Move> {
        state.position().legal_moves().into_iter().next()
    }
}

pub fn service() -> GameService {
    GameService::new(Arc::new(MemoryStore::new(Default::default())), Arc::new(First), ServiceConfig::default())
}
