//! English and Italian: 8×8, short kings. A king is only about one and a half men; men that keep the
//! back rank stop the opponent from crowning; two kings beat one by hunting it out of the double
//! corner.

use super::{SquarePlanes, Weights, common, drive, lone_king};
use crate::engine::board::{Material, Tables};
use crate::rules::Position;

pub const WEIGHTS: Weights = Weights {
    man: 100,
    king: 150,
    advance: [0, 2, 4, 7, 10, 14, 20, 0, 0, 0],
    back_rank: 10,
    centre: 6,
    king_centre: 8,
    mobility: 2,
    king_mobility: 3,
    runaway: 20,
    tempo: 3,
    trade: 30,
    drive: 3,
    balance: 0,
    man_squares: Vec::new(),
    patterns: 0,
    pattern_file: String::new(),
    planes: SquarePlanes::EMPTY,
    pattern_table: None,
};

/// English: the back rank counts twice as much. Tuned by self-play at the medium level from 3-ply
/// ballots, 400 games per change: `back_rank = 20` scored +44 ± 27 Elo; mobility 4 (+14 ± 28) and a
/// king of 180 (+13 ± 27) stayed within the error, a king of 130 lost (-58 ± 26).
pub fn english() -> Weights {
    Weights { back_rank: 20, ..WEIGHTS }
}

/// Italian: the back rank twice as much and mobility twice as much. Each alone scored +25 ± 28 and
/// +21 ± 27 Elo over 400 games, both together +38 ± 20 over 800; a king of 130 lost (-72 ± 27).
pub fn italian() -> Weights {
    Weights { back_rank: 20, mobility: 4, ..WEIGHTS }
}

#[inline(always)]
pub(super) fn evaluate(p: &Position, t: &Tables, w: &Weights) -> i32 {
    let m = Material::of(p);
    if lone_king(&m, 0) && lone_king(&m, 1) {
        return 0;
    }
    let mut score = common(p, t, w, &m) + drive(p, t, w, &m);
    // Equal kings with no men left: nothing to play for.
    if m.men == [0, 0] && m.kings[0] == m.kings[1] {
        score /= 4;
    }
    score
}
