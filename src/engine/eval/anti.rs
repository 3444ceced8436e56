//! Antidraughts: International moves played to lose. A side with no pieces or no moves wins, so
//! having fewer pieces and fewer moves is good; a king, which is hard to give away, counts as a
//! burden worth more than a man.

use super::{SquarePlanes, Weights, common};
use crate::engine::board::{Material, Tables};
use crate::rules::Position;

/// Tuned by self-play at the medium level from 3-ply ballots: mobility 6 instead of 3 scored
/// +43 ± 22 Elo over 1000 games; mobility 1 (+19 ± 48) and a penalty for advancing men (+12 ± 48)
/// were no clear gain over 200 games.
pub const WEIGHTS: Weights = Weights {
    man: 100,
    king: 150,
    advance: [0; 10],
    back_rank: 0,
    centre: 0,
    king_centre: 0,
    mobility: 6,
    king_mobility: 1,
    runaway: 0,
    tempo: 0,
    trade: 0,
    drive: 0,
    balance: 0,
    man_squares: Vec::new(),
    patterns: 0,
    pattern_file: String::new(),
    planes: SquarePlanes::EMPTY,
    pattern_table: None,
};

/// White minus Black: the ordinary terms (material, mobility) with the sign turned round.
pub(super) fn evaluate(p: &Position, t: &Tables, w: &Weights) -> i32 {
    let m = Material::of(p);
    -common(p, t, w, &m)
}
