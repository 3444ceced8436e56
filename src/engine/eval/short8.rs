//! English and Italian: 8×8, short kings. A king is only about one and a half men; men that keep the
//! back rank stop the opponent from crowning; two kings beat one by hunting it out of the double
//! corner.

use super::{Weights, common, drive, lone_king};
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
};

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
