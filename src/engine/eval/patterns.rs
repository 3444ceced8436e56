//! Region patterns for International: the board is covered by sixteen overlapping 4×4 windows, each
//! holding eight playable squares, and every arrangement of men in a window (empty, own man or the
//! opponent's man on each square: 3^8 of them) has a learned value. Such tables see formations –
//! a man backed up or hanging, a locked wing, an outpost and its supports – that terms counted one
//! man at a time cannot.
//!
//! The eight windows on Black's half are the eight on White's half turned half a turn with the
//! colours swapped, so they share one table: a formation is worth the same to either side. Kings are
//! left out (an empty square to the patterns); the other terms value them.
//!
//! A table may hold two values per arrangement, one for a full board and one for a bare one; a
//! position takes the blend its number of pieces sets, since a formation that matters while the
//! board is crowded (a locked centre, say) can mean little once it has thinned out.
//!
//! The table is fitted to self-play results (`damas tune --patterns`) on top of the other terms and
//! built into the program from `data/eval/international.patterns`.

use std::sync::OnceLock;

use crate::engine::board::Tables;
use crate::rules::{Color, Position, VariantId};

/// Playable squares in a window.
const WINDOW_SQUARES: usize = 8;
/// Arrangements of one window: 3^8.
pub const STATES: usize = 6561;
/// Windows on the board.
const WINDOWS: usize = 16;
/// Windows with a table of their own (White's half; Black's half shares them).
pub const TABLES: usize = 8;
/// Entries in a pattern table for one phase of the game.
pub const PARAMETERS: usize = TABLES * STATES;
/// Pieces on a full board: a two-phase table's full-board values count wholly at this many.
pub const FULL_BOARD: u32 = 40;

/// The file formats: this tag, then every entry as a little-endian i16, table by table (and for a
/// two-phase table the full-board values first).
const MAGIC: &[u8; 8] = b"DAMASPT1";
const MAGIC_PHASED: &[u8; 8] = b"DAMASPT2";

/// How the windows lie on the board: where each window's squares sit among the bits, and what each
/// arrangement of them adds to the window's arrangement number.
///
/// A window's eight squares come in four pairs of neighbouring bits (two squares of one row), so its
/// men are gathered from a bitboard with four shifts into one byte, and a 256-entry table turns that
/// byte into the window's share of the arrangement number: no loop over the men and no per-square
/// lookups on the search's hot path.
pub(crate) struct Layout {
    windows: [Window; WINDOWS],
    /// Byte-to-arrangement tables, `[by White's men, by Black's men]`; windows whose squares lie
    /// alike share one.
    codes: Vec<[[u16; 256]; 2]>,
    /// For each bit, up to four `(window, added by a White man, added by a Black man)`: the layout
    /// spelled out square by square, against which the tests check the byte tables.
    #[cfg(test)]
    by_square: Vec<Vec<(u8, u16, u16)>>,
}

#[derive(Clone, Copy, Default)]
struct Window {
    /// The bit of the lower square of each pair, lowest pair first.
    pairs: [u8; 4],
    /// The window's eight squares.
    mask: u64,
    /// Which of `Layout::codes` reads this window.
    code: u8,
    /// Where the window's table starts among the entries.
    base: u32,
    /// +1 when the window is read from White's side, −1 from Black's.
    sign: i8,
}

impl Window {
    /// The window's squares in a bitboard, packed into a byte: pair `i` at bits `2i` and `2i + 1`.
    #[inline(always)]
    fn gather(&self, board: u64) -> usize {
        let pair = |i: usize| (board >> self.pairs[i]) as usize & 3;
        pair(0) | pair(1) << 2 | pair(2) << 4 | pair(3) << 6
    }

    /// [`gather`](Self::gather), in one instruction with `BMI2`: the window's squares in bit order
    /// are the pairs in order.
    ///
    /// # Safety
    /// With `BMI2` true, the CPU must support BMI2.
    #[inline(always)]
    unsafe fn read<const BMI2: bool>(&self, board: u64) -> usize {
        #[cfg(target_arch = "x86_64")]
        if BMI2 {
            // SAFETY: the caller vouches for BMI2.
            return unsafe { std::arch::x86_64::_pext_u64(board, self.mask) as usize };
        }
        self.gather(board)
    }
}

impl Layout {
    fn build(t: &Tables) -> Layout {
        debug_assert_eq!(t.mask >> 64, 0, "the windows are gathered from 64-bit boards");
        let mut by_square = vec![Vec::new(); 128];
        let mut table_of = [(0u8, 1i8); WINDOWS];
        let mut window_bits = [[0u8; WINDOW_SQUARES]; WINDOWS];
        let playable: Vec<usize> = (0..128).filter(|&b| t.mask >> b & 1 == 1).collect();
        for (window, (r0, c0)) in (0..4).flat_map(|i| (0..4).map(move |j| (2 * i as u8, 2 * j as u8))).enumerate() {
            // Windows on Black's half are read from Black's side: turned half a turn, they are the
            // White-side window at (6 - r0, 6 - c0).
            let white_side = r0 < 4;
            let (tr, tc) = if white_side { (r0, c0) } else { (6 - r0, 6 - c0) };
            table_of[window] = (tr / 2 * 4 + tc / 2, if white_side { 1 } else { -1 });
            // The squares in the order their owner sees them: by row from its home edge, then column.
            let mut squares: Vec<(u8, u8, usize)> = playable
                .iter()
                .filter(|&&b| (r0..r0 + 4).contains(&t.row_of[b]) && (c0..c0 + 4).contains(&t.col_of[b]))
                .map(|&b| {
                    let (r, c) = (t.row_of[b], t.col_of[b]);
                    if white_side { (r, c, b) } else { (t.rows - 1 - r, t.rows - 1 - c, b) }
                })
                .collect();
            squares.sort();
            debug_assert_eq!(squares.len(), WINDOW_SQUARES);
            for (place, &(_, _, bit)) in squares.iter().enumerate() {
                let power = 3u16.pow(place as u32);
                let (white, black) = if white_side { (power, 2 * power) } else { (2 * power, power) };
                by_square[bit].push((window as u8, white, black));
                window_bits[window][place] = bit as u8;
            }
        }

        let mut windows = [Window::default(); WINDOWS];
        let mut codes: Vec<[[u16; 256]; 2]> = Vec::new();
        for (w, window) in windows.iter_mut().enumerate() {
            let mut bits = window_bits[w];
            bits.sort();
            debug_assert!(bits.chunks(2).all(|pair| pair[1] == pair[0] + 1), "window {w}: squares not in pairs");
            let pairs = [bits[0], bits[2], bits[4], bits[6]];
            let (mut by_white_men, mut by_black_men) = ([0u16; 256], [0u16; 256]);
            for (byte, (white, black)) in by_white_men.iter_mut().zip(by_black_men.iter_mut()).enumerate() {
                for (i, &bit) in bits.iter().enumerate() {
                    if byte >> i & 1 == 1
                        && let Some(&(_, by_white, by_black)) =
                            by_square[bit as usize].iter().find(|&&(v, ..)| v as usize == w)
                    {
                        *white += by_white;
                        *black += by_black;
                    }
                }
            }
            let code = [by_white_men, by_black_men];
            let code_index = match codes.iter().position(|c| *c == code) {
                Some(i) => i,
                None => {
                    codes.push(code);
                    codes.len() - 1
                }
            };
            let (table, sign) = table_of[w];
            let mask = bits.iter().fold(0u64, |m, &b| m | 1 << b);
            *window = Window { pairs, mask, code: code_index as u8, base: table as u32 * STATES as u32, sign };
        }
        Layout {
            windows,
            codes,
            #[cfg(test)]
            by_square,
        }
    }

    /// The layout of International's board.
    pub(crate) fn international() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(|| Layout::build(Tables::of(VariantId::International)))
    }

    /// Every window's entry in the table and its sign (White minus Black).
    #[inline(always)]
    pub(crate) fn features(&self, p: &Position) -> [(u32, i8); WINDOWS] {
        // SAFETY: without BMI2 asked for, no BMI2 instruction is used.
        unsafe { self.features_with::<false>(p) }
    }

    /// [`features`](Self::features), gathering each window with BMI2's `pext` when `BMI2` is true.
    ///
    /// # Safety
    /// With `BMI2` true, the CPU must support BMI2.
    #[inline(always)]
    pub(crate) unsafe fn features_with<const BMI2: bool>(&self, p: &Position) -> [(u32, i8); WINDOWS] {
        // International's squares all lie in the low 64 bits (see `build`), where shifts are cheap.
        let kings = p.king_squares().0;
        let white = (p.color_pieces(Color::White).0 & !kings) as u64;
        let black = (p.color_pieces(Color::Black).0 & !kings) as u64;
        let mut out = [(0u32, 0i8); WINDOWS];
        for (slot, window) in out.iter_mut().zip(&self.windows) {
            let Some([by_white, by_black]) = self.codes.get(window.code as usize) else { continue };
            // SAFETY: passed on from the caller.
            let index = unsafe { by_white[window.read::<BMI2>(white)] + by_black[window.read::<BMI2>(black)] };
            *slot = (window.base + index as u32, window.sign);
        }
        out
    }
}

/// A fitted table: hundredths of a man per window arrangement, for one phase or for two (a full
/// board, then a bare one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Patterns {
    /// Each entry's full-board and bare-board values side by side (the same value twice for a
    /// one-phase table), so that one cache line serves both phases of a window.
    by_entry: Vec<[i16; 2]>,
    /// 1, or 2 when the table values a full board and a bare one apart.
    phases: usize,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PatternsError {
    #[error("not a pattern table (the file does not start with {MAGIC:?} or {MAGIC_PHASED:?})")]
    Magic,
    #[error("a pattern table holds {PARAMETERS} entries per phase, this one {0} bytes of them")]
    Size(usize),
}

impl Patterns {
    /// A table of `PARAMETERS` values (one phase) or twice as many (full-board values, then bare).
    pub fn new(values: Vec<i16>) -> Result<Patterns, PatternsError> {
        if values.len() != PARAMETERS && values.len() != 2 * PARAMETERS {
            return Err(PatternsError::Size(values.len() * 2));
        }
        let bare = &values[values.len() - PARAMETERS..];
        let by_entry = values[..PARAMETERS].iter().zip(bare).map(|(&full, &bare)| [full, bare]).collect();
        Ok(Patterns { by_entry, phases: values.len() / PARAMETERS })
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Patterns, PatternsError> {
        let (body, phases) = match bytes.strip_prefix(MAGIC.as_slice()) {
            Some(body) => (body, 1),
            None => (bytes.strip_prefix(MAGIC_PHASED.as_slice()).ok_or(PatternsError::Magic)?, 2),
        };
        if body.len() != phases * PARAMETERS * 2 {
            return Err(PatternsError::Size(body.len()));
        }
        Patterns::new(body.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect())
    }

    /// 1, or 2 when the table values a full board and a bare one apart.
    pub fn phases(&self) -> usize {
        self.phases
    }

    /// The file form: the full-board values, then for a two-phase table the bare-board ones.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = if self.phases == 2 { MAGIC_PHASED.to_vec() } else { MAGIC.to_vec() };
        for phase in 0..self.phases {
            for pair in &self.by_entry {
                out.extend_from_slice(&pair[phase].to_le_bytes());
            }
        }
        out
    }

    /// International's built-in table; `None` only if the built-in file were damaged, which a test
    /// rules out.
    pub fn international() -> Option<&'static Patterns> {
        static BUILT_IN: OnceLock<Option<Patterns>> = OnceLock::new();
        BUILT_IN
            .get_or_init(|| {
                Patterns::from_bytes(include_bytes!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/data/eval/international.patterns"
                )))
                .ok()
            })
            .as_ref()
    }

    /// The table's score of a position, White minus Black.
    #[cfg(test)]
    pub(crate) fn score(&self, layout: &Layout, p: &Position) -> i32 {
        // SAFETY: without BMI2 asked for, no BMI2 instruction is used.
        unsafe { self.score_with::<false>(layout, p) }
    }

    /// [`score`](Self::score), with [`Layout::features_with`].
    ///
    /// # Safety
    /// With `BMI2` true, the CPU must support BMI2.
    #[inline(always)]
    pub(crate) unsafe fn score_with<const BMI2: bool>(&self, layout: &Layout, p: &Position) -> i32 {
        let (mut full, mut bare) = (0i32, 0i32);
        // SAFETY: passed on from the caller.
        for (entry, sign) in unsafe { layout.features_with::<BMI2>(p) } {
            let [f, b] = self.by_entry.get(entry as usize).copied().unwrap_or_default();
            full += sign as i32 * f as i32;
            bare += sign as i32 * b as i32;
        }
        // A one-phase table holds the same value for both, and the blend gives it back exactly.
        let share = full_board_share(p);
        (full * share + bare * (FULL_BOARD as i32 - share)) / FULL_BOARD as i32
    }
}

/// How full the board is, out of [`FULL_BOARD`]: the weight of a two-phase table's full-board
/// values.
#[inline(always)]
pub(crate) fn full_board_share(p: &Position) -> i32 {
    p.occupied().0.count_ones().min(FULL_BOARD) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flipped(p: &Position) -> Position {
        // Turned half a turn with the colours swapped: square n becomes 51 - n of the other colour.
        let fen = p.to_fen();
        let mut parts = fen.trim_end_matches('.').split(':');
        let side = parts.next().unwrap_or("W");
        let mut white = String::new();
        let mut black = String::new();
        for part in parts {
            let (colour, list) = part.split_at(1);
            let turned: Vec<String> = list
                .split(',')
                .filter(|s| !s.is_empty())
                .map(|s| {
                    let (king, n) = if let Some(n) = s.strip_prefix('K') { ("K", n) } else { ("", s) };
                    format!("{king}{}", 51 - n.parse::<u32>().unwrap())
                })
                .collect();
            if colour == "W" { black = turned.join(",") } else { white = turned.join(",") }
        }
        let side = if side == "W" { "B" } else { "W" };
        Position::from_fen(VariantId::International, &format!("{side}:W{white}:B{black}")).unwrap()
    }

    #[test]
    fn every_square_lies_in_one_to_four_windows_of_eight() {
        let layout = Layout::international();
        let t = Tables::of(VariantId::International);
        let mut per_window = [0; WINDOWS];
        for bit in 0..128 {
            let n = layout.by_square[bit].len();
            if t.mask >> bit & 1 == 1 {
                assert!((1..=4).contains(&n), "square bit {bit} in {n} windows");
            } else {
                assert_eq!(n, 0);
            }
            for &(w, ..) in &layout.by_square[bit] {
                per_window[w as usize] += 1;
            }
        }
        assert_eq!(per_window, [WINDOW_SQUARES; WINDOWS]);
    }

    /// Every window's entry counted man by man from the square-by-square layout.
    fn features_man_by_man(layout: &Layout, p: &Position) -> Vec<(u32, i8)> {
        let kings = p.king_squares().0;
        let mut index = [0u32; WINDOWS];
        for (color, white) in [(Color::White, true), (Color::Black, false)] {
            let men = p.color_pieces(color).0 & !kings;
            for bit in (0..128).filter(|b| men >> b & 1 == 1) {
                for &(w, by_white, by_black) in &layout.by_square[bit] {
                    index[w as usize] += if white { by_white } else { by_black } as u32;
                }
            }
        }
        layout.windows.iter().zip(index).map(|(w, i)| (w.base + i, w.sign)).collect()
    }

    #[test]
    fn gathered_windows_read_as_the_men_square_by_square() {
        let layout = Layout::international();
        assert_eq!(Tables::of(VariantId::International).mask >> 64, 0, "gathered from 64-bit boards");
        // A few shared byte tables, not one per window: the windows' squares lie alike.
        assert!(layout.codes.len() <= 4, "{} byte tables", layout.codes.len());
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut distinct = std::collections::HashSet::new();
        for _ in 0..2000 {
            let fill = 1 + next(9);
            let (mut white, mut black) = (Vec::new(), Vec::new());
            for n in 1..=50 {
                if next(10) >= fill {
                    continue;
                }
                let king = if next(6) == 0 { "K" } else { "" };
                let is_white = next(2) == 0;
                // No man stands on its own crowning row.
                if king.is_empty() && (is_white && n <= 5 || !is_white && n >= 46) {
                    continue;
                }
                if is_white { white.push(format!("{king}{n}")) } else { black.push(format!("{king}{n}")) }
            }
            let fen = format!("W:W{}:B{}", white.join(","), black.join(","));
            let p = Position::from_fen(VariantId::International, &fen).unwrap();
            let features = layout.features(&p);
            assert_eq!(features.to_vec(), features_man_by_man(layout, &p), "{fen}");
            // Where the CPU has BMI2 the search gathers with `pext`: the same entries.
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("bmi2") {
                // SAFETY: the CPU has just been seen to support BMI2.
                assert_eq!(unsafe { layout.features_with::<true>(&p) }, features, "pext, {fen}");
            }
            distinct.extend(features.iter().map(|f| f.0));
        }
        assert!(distinct.len() > 5000, "the positions reach {} entries", distinct.len());
    }

    #[test]
    fn a_formation_scores_the_same_for_either_side() {
        let values: Vec<i16> = (0..PARAMETERS).map(|i| ((i * 7919) % 201) as i16 - 100).collect();
        let table = Patterns::new(values).unwrap();
        let layout = Layout::international();
        let start = Position::start(VariantId::International);
        assert_eq!(table.score(layout, &start), 0, "the start is symmetric");
        let p =
            Position::from_fen(VariantId::International, "W:W27,28,32,33,38,45,K3:B7,12,13,17,18,19,22,24").unwrap();
        let s = table.score(layout, &p);
        assert_ne!(s, 0);
        assert_eq!(table.score(layout, &flipped(&p)), -s);
    }

    #[test]
    fn a_two_phase_table_blends_by_the_pieces_on_the_board() {
        let layout = Layout::international();
        let p =
            Position::from_fen(VariantId::International, "W:W27,28,32,33,38,45,K3:B7,12,13,17,18,19,22,24").unwrap();
        let pieces = 15;
        let values: Vec<i16> = (0..PARAMETERS).map(|i| ((i * 7919) % 201) as i16 - 100).collect();
        let zeros = vec![0i16; PARAMETERS];
        let one_phase = Patterns::new(values.clone()).unwrap();
        let s = one_phase.score(layout, &p);
        assert_ne!(s, 0);
        let full_only = Patterns::new([values.clone(), zeros.clone()].concat()).unwrap();
        let bare_only = Patterns::new([zeros, values.clone()].concat()).unwrap();
        let same = Patterns::new([values.clone(), values].concat()).unwrap();
        assert_eq!((one_phase.phases(), same.phases()), (1, 2));
        assert_eq!(full_only.score(layout, &p), s * pieces / FULL_BOARD as i32);
        assert_eq!(bare_only.score(layout, &p), s * (FULL_BOARD as i32 - pieces) / FULL_BOARD as i32);
        assert_eq!(same.score(layout, &p), s, "equal phases score as one");
        assert_eq!(full_only.score(layout, &flipped(&p)), -full_only.score(layout, &p));
        let start = Position::start(VariantId::International);
        assert_eq!(full_board_share(&start), FULL_BOARD as i32);
        assert_eq!(Patterns::from_bytes(&full_only.to_bytes()), Ok(full_only));
        assert_eq!(Patterns::new(vec![0; 3]), Err(PatternsError::Size(6)));
    }

    #[test]
    fn the_built_in_table_loads_and_a_damaged_one_is_refused() {
        let table = Patterns::international().expect("the built-in table");
        assert_eq!(Patterns::from_bytes(&table.to_bytes()).as_ref(), Ok(table));
        assert_eq!(Patterns::from_bytes(b"DAMASPT1\x01\x00"), Err(PatternsError::Size(2)));
        let one_phase = [b"DAMASPT2".as_slice(), &vec![0; PARAMETERS * 2]].concat();
        assert_eq!(Patterns::from_bytes(&one_phase), Err(PatternsError::Size(PARAMETERS * 2)));
        assert_eq!(Patterns::from_bytes(b"garbage"), Err(PatternsError::Magic));
    }
}
