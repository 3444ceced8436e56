//! Any text typed as a move in a few positions of every variant: a legal move or a reason. Never a
//! panic, and an accepted move is one of the legal moves.
#![no_main]

use damas::rules::{Position, VariantId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let variant = VariantId::ALL[selector as usize % VariantId::ALL.len()];
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut position = Position::start(variant);
    // A few plies in, so that captures and kings can appear too.
    for step in 0..(selector as usize / 8) {
        let moves = position.legal_moves();
        let Some(mv) = moves.get(step % moves.len().max(1)) else { break };
        position = position.play(mv);
    }
    if let Ok(mv) = position.parse_move(text) {
        assert!(position.legal_moves().iter().any(|m| m.same_effect(&mv)));
    }
});
