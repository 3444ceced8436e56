//! Static evaluation, one file per family of variants. Each family keeps its weights in one constant;
//! a weight set can also be read from a TOML file to compare sets in self-play (`damas match`).
//!
//! Scores are in hundredths of a man, from the side to move's point of view.

mod anti;
mod flying8;
mod orthogonal;
pub mod patterns;
mod short8;
mod ten;

use serde::{Deserialize, Serialize};

use super::board::{Material, Tables, shift};
use super::word::Word;
use crate::rules::{Color, Position, VariantId};

/// The families that share an evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// 8×8 with short kings: English, Italian.
    ShortEight,
    /// 8×8 with flying kings: Russian, Brazilian, Spanish, Pool, Czech and Thai.
    FlyingEight,
    /// 10×10 and larger: International, Frisian and Canadian (12×12) with flying kings, Triestine
    /// with short kings.
    TenByTen,
    /// Orthogonal moves: Turkish.
    Orthogonal,
    /// Played to lose: Antidraughts.
    Losing,
}

impl Family {
    pub fn of(variant: VariantId) -> Family {
        match variant {
            VariantId::English | VariantId::Italian => Family::ShortEight,
            VariantId::Russian
            | VariantId::Brazilian
            | VariantId::Spanish
            | VariantId::Pool
            | VariantId::Czech
            | VariantId::Thai => Family::FlyingEight,
            VariantId::International | VariantId::Triestine | VariantId::Frisian | VariantId::Canadian => {
                Family::TenByTen
            }
            VariantId::Turkish => Family::Orthogonal,
            VariantId::Antidraughts => Family::Losing,
        }
    }
}

/// Evaluation weights. Fields missing from a TOML file keep the family's default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    pub man: i32,
    pub king: i32,
    /// Bonus for a man by its row counted from its own home edge (index 0 = home row).
    pub advance: [i32; 10],
    /// Men still on the home row, while the opponent has men that could crown.
    pub back_rank: i32,
    pub centre: i32,
    pub king_centre: i32,
    /// Per empty square a man can step to.
    pub mobility: i32,
    /// Per square a king can reach.
    pub king_mobility: i32,
    /// A man with no opponent piece anywhere on its way to the crowning row.
    pub runaway: i32,
    /// Being on move.
    pub tempo: i32,
    /// When ahead, the lead grows by this percentage as the board empties (trading down pays).
    pub trade: i32,
    /// Kings-only ending where one side has more: bonus per step the strong kings close in.
    pub drive: i32,
    /// Penalty per man of difference between a side's left and right wings.
    pub balance: i32,
    /// A bonus for a man on each square, in notation order as its own side sees the board (Black's
    /// board turned half a turn: its first entry is White's last square). Empty for none. After
    /// changing it by hand, call [`Weights::prepared`].
    pub man_squares: Vec<i32>,
    /// How much of the variant's learned region patterns to add, in percent (0 for none). Only
    /// International has such a table ([`patterns`]).
    pub patterns: i32,
    /// A region-pattern table file (`damas tune --patterns`) to use instead of the built-in table,
    /// to try a fit in a match before building it in. Empty for the built-in table.
    pub pattern_file: String,
    /// `man_squares` laid out for the evaluation.
    #[serde(skip)]
    planes: SquarePlanes,
    /// The table read from `pattern_file`.
    #[serde(skip)]
    pattern_table: Option<std::sync::Arc<patterns::Patterns>>,
}

/// Why a weights file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    #[error(transparent)]
    Toml(#[from] toml::de::Error),
    #[error("{path}: {message}")]
    PatternFile { path: String, message: String },
}

/// A square table as bit planes over the board: the evaluation adds it for all the men at once
/// with a few population counts instead of a loop over the men.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct SquarePlanes {
    /// `planes[color][k]`: the squares whose value, less `low`, has bit `k` set.
    planes: [[u128; PLANES]; 2],
    low: i32,
    used: usize,
}

/// Values of a square table may span up to 2^PLANES - 1; wider ones are clamped.
const PLANES: usize = 10;

impl SquarePlanes {
    const EMPTY: SquarePlanes = SquarePlanes { planes: [[0; PLANES]; 2], low: 0, used: 0 };

    fn build(values: &[i32], t: &Tables) -> SquarePlanes {
        let mut out = SquarePlanes::EMPTY;
        let Some(&low) = values.iter().min() else { return out };
        let span = values.iter().map(|v| v - low).max().unwrap_or(0).min((1 << PLANES) - 1);
        out.low = low;
        out.used = (32 - span.leading_zeros()) as usize;
        for bit in iter_bits(t.mask) {
            for color in 0..2 {
                let value = values.get(t.own_index[color][bit] as usize).copied().unwrap_or(low);
                let above = (value - low).clamp(0, span);
                for k in 0..out.used {
                    if above >> k & 1 != 0 {
                        out.planes[color][k] |= 1u128 << bit;
                    }
                }
            }
        }
        out
    }

    #[inline(always)]
    fn sum<W: Word>(&self, color: usize, men: W, count: u32) -> i32 {
        let mut s = self.low * count as i32;
        for k in 0..self.used {
            s += ((men & W::narrow(self.planes[color][k])).count() as i32) << k;
        }
        s
    }
}

impl Default for Weights {
    fn default() -> Weights {
        short8::WEIGHTS
    }
}

impl Weights {
    /// The built-in weights of a variant's family.
    pub fn for_variant(variant: VariantId) -> Weights {
        let weights = match Family::of(variant) {
            Family::ShortEight if variant == VariantId::English => short8::english(),
            Family::ShortEight if variant == VariantId::Italian => short8::italian(),
            Family::ShortEight => short8::WEIGHTS,
            Family::FlyingEight
                if matches!(variant, VariantId::Russian | VariantId::Thai | VariantId::Pool | VariantId::Czech) =>
            {
                flying8::mobile()
            }
            Family::FlyingEight => flying8::WEIGHTS,
            Family::TenByTen if variant == VariantId::International => ten::international(),
            Family::TenByTen if variant == VariantId::Frisian => ten::mobile(),
            Family::TenByTen => ten::weights(variant.rules().king_range),
            Family::Orthogonal => orthogonal::WEIGHTS,
            Family::Losing => anti::WEIGHTS,
        };
        weights.prepared(variant)
    }

    /// Reads weights from TOML text; missing fields take the variant's defaults. A `pattern_file`
    /// is read here.
    pub fn from_toml(variant: VariantId, text: &str) -> Result<Weights, WeightsError> {
        let base = Weights::for_variant(variant);
        let table: toml::Table = toml::from_str(text)?;
        let mut merged = toml::Table::try_from(&base).unwrap_or_default();
        for (k, v) in table {
            merged.insert(k, v);
        }
        let mut weights: Weights = merged.try_into()?;
        if !weights.pattern_file.is_empty() {
            let path = &weights.pattern_file;
            let refused = |message: String| WeightsError::PatternFile { path: path.clone(), message };
            let bytes = std::fs::read(path).map_err(|e| refused(e.to_string()))?;
            let table = patterns::Patterns::from_bytes(&bytes).map_err(|e| refused(e.to_string()))?;
            weights.pattern_table = Some(std::sync::Arc::new(table));
        }
        Ok(weights.prepared(variant))
    }

    /// The region-pattern table the evaluation adds: the one from `pattern_file`, else the
    /// built-in one.
    pub(crate) fn pattern_table(&self) -> Option<&patterns::Patterns> {
        match &self.pattern_table {
            Some(table) => Some(table),
            None => patterns::Patterns::international(),
        }
    }

    /// These weights with `other`'s region-pattern table (its file and the table read from it), so
    /// that weights rebuilt from their numbers keep a table given by file.
    pub(crate) fn with_pattern_table_of(mut self, other: &Weights) -> Weights {
        self.pattern_file.clone_from(&other.pattern_file);
        self.pattern_table.clone_from(&other.pattern_table);
        self
    }

    /// The weights made ready for a variant's board (the square table laid out for it).
    pub fn prepared(mut self, variant: VariantId) -> Weights {
        self.planes = SquarePlanes::build(&self.man_squares, Tables::of(variant));
        self
    }
}

/// Scores beyond this are reserved for won or lost games.
pub const EVAL_LIMIT: i32 = 20_000;

/// The static evaluation from the side to move's point of view.
pub fn evaluate(p: &Position, w: &Weights) -> i32 {
    // The evaluation counts bits all the time: use the CPU's population count where there is one
    // (the portable build has to count with shifts and masks, several times slower), and BMI2's
    // bit gathering for the region patterns where the CPU has that too.
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            if std::arch::is_x86_feature_detected!("bmi2") {
                // SAFETY: the CPU has just been seen to support both.
                return unsafe { evaluate_bmi2(p, w) };
            }
            // SAFETY: the CPU has just been seen to support the instruction.
            return unsafe { evaluate_popcnt(p, w) };
        }
    }
    // SAFETY: no BMI2 asked for.
    unsafe { evaluate_portable::<false>(p, w) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn evaluate_popcnt(p: &Position, w: &Weights) -> i32 {
    // SAFETY: no BMI2 asked for.
    unsafe { evaluate_portable::<false>(p, w) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
fn evaluate_bmi2(p: &Position, w: &Weights) -> i32 {
    // SAFETY: this function runs only where the CPU has BMI2.
    unsafe { evaluate_portable::<true>(p, w) }
}

/// # Safety
/// With `BMI2` true, the CPU must support BMI2.
#[inline(always)]
unsafe fn evaluate_portable<const BMI2: bool>(p: &Position, w: &Weights) -> i32 {
    let t = Tables::of(p.variant());
    let white = match Family::of(p.variant()) {
        Family::ShortEight => short8::evaluate(p, t, w),
        Family::FlyingEight => flying8::evaluate(p, t, w),
        // SAFETY: passed on from the caller.
        Family::TenByTen => unsafe { ten::evaluate::<BMI2>(p, t, w) },
        Family::Orthogonal => orthogonal::evaluate(p, t, w),
        Family::Losing => anti::evaluate(p, t, w),
    };
    let white = white.clamp(-EVAL_LIMIT, EVAL_LIMIT);
    let s = if p.side_to_move() == Color::White { white } else { -white };
    s + w.tempo
}

/// The terms every family shares, White minus Black.
#[inline(always)]
pub(crate) fn common(p: &Position, t: &Tables, w: &Weights, m: &Material) -> i32 {
    if t.word64 { common_in::<u64>(p, t, w, m) } else { common_in::<u128>(p, t, w, m) }
}

#[inline(always)]
fn common_in<W: Word>(p: &Position, t: &Tables, w: &Weights, m: &Material) -> i32 {
    let kings = W::narrow(p.king_squares().0);
    let own = [W::narrow(p.color_pieces(Color::White).0), W::narrow(p.color_pieces(Color::Black).0)];
    let empty = W::narrow(t.mask) & !(own[0] | own[1]);
    let (centre, left) = (W::narrow(t.centre), W::narrow(t.left));
    let mut side = [0i32; 2];
    for (ci, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let oi = 1 - ci;
        let men = own[ci] & !kings;
        let my_kings = own[ci] & kings;
        let mut s = m.men[ci] as i32 * w.man + m.kings[ci] as i32 * w.king;
        for r in 1..t.rows as usize {
            let n = (men & W::narrow(t.rel_row[ci][r])).count() as i32;
            s += n * w.advance[t.advance_index[r]];
        }
        if m.men[oi] > 0 {
            s += (men & W::narrow(t.rel_row[ci][0])).count() as i32 * w.back_rank;
        }
        s += (men & centre).count() as i32 * w.centre;
        s += (my_kings & centre).count() as i32 * w.king_centre;
        s += t.man_mobility(men, empty, color) as i32 * w.mobility;
        if w.planes.used > 0 {
            s += w.planes.sum(ci, men, m.men[ci]);
        }
        if w.balance != 0 {
            let left = (men & left).count() as i32;
            s -= w.balance * (2 * left - m.men[ci] as i32).abs();
        }
        if my_kings != W::ZERO {
            s += t.king_mobility(my_kings, empty) as i32 * w.king_mobility;
        }
        // Runaway men: only men in the far half are worth the cone test.
        let mut candidates = men & W::narrow(t.far[ci]);
        while candidates != W::ZERO {
            let sq = candidates.lowest() as usize;
            candidates = candidates.without_lowest();
            if W::narrow(t.cone[ci][sq]) & own[oi] == W::ZERO {
                // The nearer the crowning row, the surer the crown.
                let row = if ci == 0 { t.row_of[sq] } else { t.rows - 1 - t.row_of[sq] } as i32;
                s += w.runaway * (row + 2 - t.rows as i32 / 2) / 2;
            }
        }
        side[ci] = s;
    }
    let mut score = side[0] - side[1];
    // Trade down when ahead: the same lead weighs more with fewer pieces left.
    let material = |c: usize| m.men[c] as i32 * w.man + m.kings[c] as i32 * w.king;
    let lead = material(0) - material(1);
    if lead != 0 && w.trade != 0 {
        let start = t.start_pieces as i32;
        let gone = (start - (m.total(0) + m.total(1)) as i32).max(0);
        score += lead * w.trade * gone / (100 * start.max(1));
    }
    score
}

/// Whether `color` has exactly one king and nothing else.
#[inline(always)]
pub(crate) fn lone_king(m: &Material, c: usize) -> bool {
    m.kings[c] == 1 && m.men[c] == 0
}

/// Kings-only ending knowledge for flying kings: one king cannot be caught by one or two pieces, and
/// holds three kings off from the main diagonal. Returns the factor (in 1/16) to scale the score by.
#[inline(always)]
pub(crate) fn flying_king_scale(p: &Position, t: &Tables, m: &Material) -> i32 {
    for weak in 0..2 {
        let strong = 1 - weak;
        if !lone_king(m, weak) || m.kings[strong] == 0 {
            continue;
        }
        let n = m.total(strong);
        if n <= 2 {
            return 1;
        }
        let weak_king = p.color_pieces(if weak == 0 { Color::White } else { Color::Black }).0;
        if n == 3 && weak_king & t.main_diagonal != 0 {
            return 2;
        }
    }
    if m.men == [0, 0] && m.kings[0] == m.kings[1] {
        return 2;
    }
    16
}

/// Short-king endings: the stronger side hunts the weaker kings, so reward closing the distance.
#[inline(always)]
pub(crate) fn drive(p: &Position, t: &Tables, w: &Weights, m: &Material) -> i32 {
    if m.men != [0, 0] || m.kings[0] == m.kings[1] {
        return 0;
    }
    let (strong, weak) = if m.kings[0] > m.kings[1] { (0, 1) } else { (1, 0) };
    let colors = [Color::White, Color::Black];
    let s = p.color_pieces(colors[strong]).0;
    let wk = p.color_pieces(colors[weak]).0;
    let mut dist = 0i32;
    for a in iter_bits(s) {
        let mut best = 99;
        for b in iter_bits(wk) {
            let dr = (t.row_of[a] as i32 - t.row_of[b] as i32).abs();
            let dc = (t.col_of[a] as i32 - t.col_of[b] as i32).abs();
            best = best.min(dr.max(dc));
        }
        dist += best;
    }
    // A weak king in a double corner is hardest to dislodge.
    let cornered = (wk & t.double_corners).count_ones() as i32;
    let bonus = w.drive * (4 * t.rows as i32 - dist) - w.drive * 3 * cornered;
    if strong == 0 { bonus } else { -bonus }
}

pub(crate) fn iter_bits(mut b: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            return None;
        }
        let i = b.trailing_zeros() as usize;
        b &= b - 1;
        Some(i)
    })
}

/// Men that the opponent can capture right now, as a rough measure of loose pieces (unused by the
/// default weights, kept for experiments with weight files).
#[allow(dead_code)]
pub(crate) fn hanging(t: &Tables, attackers: u128, victims: u128, empty: u128) -> u32 {
    let mut n = 0;
    for &d in t.king_dirs.as_slice() {
        n += (shift(attackers, d) & victims & shift(empty, -d)).count_ones();
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_near_zero_and_material_counts() {
        for v in VariantId::ALL {
            let p = Position::start(v);
            let w = Weights::for_variant(v);
            let e = evaluate(&p, &w);
            assert!(e.abs() < 60, "{v}: start eval {e}");
        }
        // White a man up in Russian.
        let p = Position::from_fen(VariantId::Russian, "W:Wc3,e3:Bf6").unwrap();
        assert!(evaluate(&p, &Weights::for_variant(VariantId::Russian)) > 60);
    }

    #[test]
    fn flying_kings_are_worth_more_than_short_kings() {
        assert!(Weights::for_variant(VariantId::Russian).king > Weights::for_variant(VariantId::English).king + 50);
        assert!(
            Weights::for_variant(VariantId::International).king > Weights::for_variant(VariantId::Triestine).king + 50
        );
    }

    #[test]
    fn lone_flying_king_against_two_is_drawish() {
        let w = Weights::for_variant(VariantId::International);
        let two = Position::from_fen(VariantId::International, "W:WK46,K10:BK23").unwrap();
        let four = Position::from_fen(VariantId::International, "W:WK46,K10,K40,K7:BK23").unwrap();
        assert!(evaluate(&two, &w) < 100, "2K v 1K: {}", evaluate(&two, &w));
        assert!(evaluate(&four, &w) > 500);
        let one = Position::from_fen(VariantId::Russian, "W:WKa1:BKh2").unwrap();
        assert!(evaluate(&one, &Weights::for_variant(VariantId::Russian)).abs() <= 10);
    }

    #[test]
    fn men_spread_over_both_wings_beat_men_on_one() {
        let v = VariantId::International;
        // The same rows and the same number of steps; only the spread over the wings differs.
        let spread = Position::from_fen(v, "B:W46,49,50:B1,2,3").unwrap();
        let one_wing = Position::from_fen(v, "B:W46,47,48:B1,2,3").unwrap();
        assert!(Weights::for_variant(v).balance > 0);
        // Without the square table and the patterns, which value those squares differently.
        let w = Weights { man_squares: Vec::new(), patterns: 0, ..Weights::for_variant(v) }.prepared(v);
        assert!(evaluate(&spread, &w) < evaluate(&one_wing, &w), "Black to move: White's spread is worse for Black");
        let blind = Weights { balance: 0, ..w };
        assert_eq!(evaluate(&spread, &blind), evaluate(&one_wing, &blind));
    }

    /// The same position with the colours swapped and the board turned half a turn.
    fn turned(side: char, white: &[u32], black: &[u32], squares: u32) -> String {
        let list = |v: &[u32]| v.iter().map(|s| (squares + 1 - s).to_string()).collect::<Vec<_>>().join(",");
        let side = if side == 'W' { 'B' } else { 'W' };
        format!("{side}:W{}:B{}", list(black), list(white))
    }

    #[test]
    fn a_square_table_scores_both_colours_alike() {
        for (v, squares) in [(VariantId::International, 50u32), (VariantId::English, 32)] {
            let table = (0..squares as i32).map(|i| (i * 37) % 23 - 11).collect();
            let w = Weights { man_squares: table, ..Weights::for_variant(v) }.prepared(v);
            let (white, black): (&[u32], &[u32]) = if squares == 50 {
                (&[31, 33, 36, 40, 47], &[6, 12, 19, 24])
            } else {
                (&[21, 22, 30], &[5, 9, 12, 13])
            };
            let list = |v: &[u32]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
            let p = Position::from_fen(v, &format!("W:W{}:B{}", list(white), list(black))).unwrap();
            let q = Position::from_fen(v, &turned('W', white, black, squares)).unwrap();
            assert_eq!(evaluate(&p, &w), evaluate(&q, &w), "{v}");
            let plain = Weights::for_variant(v);
            assert_ne!(evaluate(&p, &w), evaluate(&p, &plain), "{v}: the table counts");
        }
    }

    #[test]
    fn weights_read_from_toml_override_only_given_fields() {
        let w = Weights::from_toml(VariantId::English, "king = 200\nmobility = 7\n").unwrap();
        assert_eq!((w.king, w.mobility, w.man), (200, 7, 100));
        assert!(Weights::from_toml(VariantId::English, "kingg = 1").is_err());
    }

    #[test]
    fn a_pattern_file_replaces_the_built_in_table_and_a_bad_one_is_refused() {
        let v = VariantId::International;
        let dir = std::env::temp_dir().join(format!("damas-patterns-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (good, bad) = (dir.join("good.patterns"), dir.join("bad.patterns"));
        // A table that values only the arrangements White's windows show after 32-28 (where
        // Black's windows show others, the start being symmetric).
        let p = Position::start(v).play(&Position::start(v).legal_moves()[0]);
        let features = patterns::Layout::international().features(&p);
        let mut values = vec![0i16; patterns::PARAMETERS];
        for &(entry, sign) in &features {
            if sign > 0 {
                values[entry as usize] = 7;
            }
        }
        let expected: i32 = features.iter().map(|&(e, sign)| sign as i32 * values[e as usize] as i32).sum();
        assert_ne!(expected, 0);
        std::fs::write(&good, patterns::Patterns::new(values).unwrap().to_bytes()).unwrap();
        std::fs::write(&bad, b"not a table").unwrap();
        let file =
            |path: &std::path::Path| format!("patterns = 100\npattern_file = {:?}\n", path.display().to_string());
        let with = Weights::from_toml(v, &file(&good)).unwrap();
        let without = Weights::from_toml(v, "patterns = 0").unwrap();
        let scores: Vec<i32> = [&with, &without].iter().map(|w| evaluate(&p, w)).collect();
        // Black is to move: the evaluation speaks for it.
        assert_eq!(scores[1] - scores[0], expected, "the file's table is added");
        assert!(matches!(Weights::from_toml(v, &file(&bad)), Err(WeightsError::PatternFile { .. })));
        assert!(Weights::from_toml(v, &file(&dir.join("missing"))).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
