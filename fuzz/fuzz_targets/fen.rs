//! Any text given as a FEN for any variant: an error or a position that writes back to a FEN which
//! reads to the same position. Never a panic.
#![no_main]

use damas::rules::{Position, VariantId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let variant = VariantId::ALL[selector as usize % VariantId::ALL.len()];
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if let Ok(position) = Position::from_fen(variant, text) {
        let again = Position::from_fen(variant, &position.to_fen()).expect("own FEN reads back");
        assert_eq!(again, position);
        let _ = position.legal_moves();
    }
});
