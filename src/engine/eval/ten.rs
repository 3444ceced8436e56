//! International and Triestine: 10×10. The same board and men, but International kings fly (worth
//! about three men) and Triestine kings step (worth about one and a half), so the weights are chosen
//! by king range. Flying-king endings follow the International theory: one king draws against two
//! pieces, and against three kings while it holds the main diagonal.

use super::patterns::Layout;
use super::{SquarePlanes, Weights, common, drive, flying_king_scale, lone_king};
use crate::engine::board::{Material, Tables};
use crate::rules::{KingRange, Position, VariantId};

pub const FLYING: Weights = Weights {
    man: 100,
    king: 300,
    advance: [0, 1, 2, 4, 6, 9, 13, 18, 26, 0],
    back_rank: 6,
    centre: 5,
    king_centre: 4,
    mobility: 2,
    king_mobility: 1,
    runaway: 40,
    tempo: 2,
    trade: 30,
    drive: 0,
    balance: 0,
    man_squares: Vec::new(),
    patterns: 0,
    pattern_file: String::new(),
    planes: SquarePlanes::EMPTY,
    pattern_table: None,
};

/// Triestine. King 180 (was 160) scored +35 Elo over 746 games at the medium level (400 games on
/// the first 200 ballots, then 346 on the rest); 140 scored -83.
pub const SHORT: Weights = Weights {
    man: 100,
    king: 180,
    advance: [0, 1, 2, 4, 6, 9, 13, 17, 22, 0],
    back_rank: 8,
    centre: 5,
    king_centre: 8,
    mobility: 2,
    king_mobility: 3,
    runaway: 25,
    tempo: 2,
    trade: 30,
    drive: 3,
    balance: 0,
    man_squares: Vec::new(),
    patterns: 0,
    pattern_file: String::new(),
    planes: SquarePlanes::EMPTY,
    pattern_table: None,
};

/// International and Frisian: the flying-king set with mobility weighted twice as much. Tuned by
/// self-play at the medium level from 3-ply ballots: doubling the mobility weight scored +24 ± 19
/// Elo over 800 games in International and +81 ± 43 over 200 in Frisian (where king values of 250
/// and 350 scored -33 and -19), but only +2 ± 44 over 200 in Canadian, which keeps the plain set.
pub fn mobile() -> Weights {
    Weights { mobility: 4, ..FLYING }
}

/// International: men spread over both wings, and a value for a man on each square.
///
/// Every fit to International game results (`damas tune`) asked for a balance penalty of 13–17;
/// 8, 10 and 16 scored +54, +29 and +42 Elo over 300 games each at the medium level.
///
/// The square table is half of what `damas tune --free man_squares` fitted to 1,365 games of
/// self-play (135,620 quiet positions); halving the fit guards against over-fitting and scored
/// better than the full fit (+97 ± 34 Elo against +69 ± 34 over 300 games at the medium level, and
/// +83 ± 39 over 200 games at 40 ms a move).
///
/// The region patterns (`data/eval/international.patterns`) are fitted to self-play games aiming
/// at 0.3 of each game's result and 0.7 of the result its search score predicts; added in full,
/// they scored +196 ± 57 Elo over 100 games at 50 ms a move. A fit to the results alone scored
/// about −100. The tables since have full-board and bare-board values, each fitted to about 17,000
/// games the engine played with the table before: the second scored +29 ± 28 against the first
/// over 300 games (a one-phase fit to the same games: +21 ± 46 over 100), the third +44 ± 33
/// against the second over 200, and the fourth, built in, +37 ± 30 against the third over 200.
pub fn international() -> Weights {
    Weights { balance: 10, man_squares: INTERNATIONAL_MEN.to_vec(), patterns: 100, ..mobile() }
}

/// By square as a man's own side sees the board, square 1 first (the row where it is crowned,
/// which a man never stands on) and its own home row last: on top of the rows' `advance`.
const INTERNATIONAL_MEN: [i32; 50] = [
    0, 0, 0, 0, 0, -12, 38, 48, 58, 86, 13, 10, 6, 12, 9, -6, -4, -12, -6, 4, -12, -8, -2, -10, 4, -9, -4, 1, -14, -6,
    -5, -8, 1, -4, 4, 0, -7, 6, 0, 4, -8, 3, 14, 2, -2, -4, -2, 12, 5, 7,
];

pub fn weights(range: KingRange) -> Weights {
    match range {
        KingRange::Flying => FLYING,
        KingRange::Short => SHORT,
    }
}

/// # Safety
/// With `BMI2` true, the CPU must support BMI2 (the region patterns are gathered with it).
#[inline(always)]
pub(super) unsafe fn evaluate<const BMI2: bool>(p: &Position, t: &Tables, w: &Weights) -> i32 {
    let m = Material::of(p);
    if lone_king(&m, 0) && lone_king(&m, 1) {
        return 0;
    }
    let mut score = common(p, t, w, &m);
    if w.patterns != 0
        && p.variant() == VariantId::International
        && let Some(table) = w.pattern_table()
    {
        // SAFETY: passed on from the caller.
        score += unsafe { table.score_with::<BMI2>(Layout::international(), p) } * w.patterns / 100;
    }
    if t.flying { score * flying_king_scale(p, t, &m) / 16 } else { score + drive(p, t, w, &m) }
}
