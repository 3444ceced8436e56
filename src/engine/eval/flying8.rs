//! Russian, Brazilian and Spanish: 8×8, flying kings. A king is worth nearly three men, so the race to
//! crown dominates the middlegame; in the ending a lone king draws against one or two pieces and
//! against three kings when it holds the main diagonal.

use super::{SquarePlanes, Weights, common, flying_king_scale, lone_king};
use crate::engine::board::{Material, Tables};
use crate::rules::Position;

pub const WEIGHTS: Weights = Weights {
    man: 100,
    king: 260,
    advance: [0, 2, 5, 8, 12, 18, 26, 0, 0, 0],
    back_rank: 8,
    centre: 6,
    king_centre: 4,
    mobility: 2,
    king_mobility: 1,
    runaway: 45,
    tempo: 3,
    trade: 30,
    drive: 0,
    balance: 0,
    man_squares: Vec::new(),
    patterns: 0,
    pattern_file: String::new(),
    planes: SquarePlanes::EMPTY,
    pattern_table: None,
};

/// Russian, Pool, Czech and Thai: the same terms with mobility weighted twice as much. Tuned by
/// self-play at the medium level from 3-ply ballots, 400 games per change; doubling the mobility
/// weight scored +61 ± 32 Elo in Thai, +35 ± 27 in Russian, +36 ± 29 in Pool and +23 ± 23 in Czech,
/// but only +11 ± 25 in Brazilian and +5 ± 25 in Spanish, which keep the plain set. In Thai, king
/// values of 200 and 320 scored -34 and -52, and runaway, back-rank and centre changes stayed
/// within the error.
pub fn mobile() -> Weights {
    Weights { mobility: 4, ..WEIGHTS }
}

#[inline(always)]
pub(super) fn evaluate(p: &Position, t: &Tables, w: &Weights) -> i32 {
    let m = Material::of(p);
    if lone_king(&m, 0) && lone_king(&m, 1) {
        return 0;
    }
    let score = common(p, t, w, &m);
    score * flying_king_scale(p, t, &m) / 16
}
