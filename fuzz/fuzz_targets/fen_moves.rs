//! Positions read from any FEN: every legal move is named, read back to the same move, and played.
#![no_main]

use damas::rules::{Position, VariantId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for variant in VariantId::ALL {
        let Ok(position) = Position::from_fen(variant, &text) else { continue };
        // What was read writes back to a FEN that reads as the same position.
        let fen = position.to_fen();
        let again = Position::from_fen(variant, &fen).unwrap_or_else(|e| panic!("{variant:?}: own FEN {fen:?} refused: {e}"));
        assert_eq!(again.to_fen(), fen, "{variant:?}");
        // Any readable position can be searched for moves, and each move named and found again.
        for mv in position.legal_moves().iter().take(64) {
            let full = position.full_notation(mv);
            let parsed = position.parse_move(&full).unwrap_or_else(|e| panic!("{variant:?} {fen}: {full:?} refused: {e}"));
            assert_eq!(position.full_notation(&parsed), full, "{variant:?} {fen}");
            let _ = position.play(mv).to_fen();
        }
    }
});
