//! Bit tables the engine reads on every node: directions, rows, centre, cones ahead of each man, and a
//! capture test that needs no move list. Built once per variant from the public rule definitions.

use std::sync::OnceLock;

use super::word::{Word, fits_64};
use crate::rules::variant::KingLanding;
use crate::rules::{CapturePriority, Color, KingRange, Position, PromotionInCapture, Removal, Square, VariantId};

#[derive(Debug)]
pub(crate) struct Tables {
    pub mask: u128,
    /// The layout fits in 64 bits, where the move generator works in a `u64`.
    pub word64: bool,
    pub rows: u8,
    /// Row of each bit counted from White's home edge.
    pub row_of: [u8; 128],
    pub col_of: [u8; 128],
    /// `rel_row[color][row]`: squares on the row `row` counted from that colour's home edge.
    pub rel_row: [[u128; 12]; 2],
    /// Index into the weights' `advance` table for each row counted from home (boards with more than
    /// ten rows spread their rows over the ten entries).
    pub advance_index: [usize; 12],
    pub man_moves: [Dirs; 2],
    pub man_captures: [Dirs; 2],
    /// Directions of king captures.
    pub king_dirs: Dirs,
    /// Directions of quiet king moves (fewer than `king_dirs` where kings also capture straight).
    pub king_moves: Dirs,
    pub flying: bool,
    pub men_capture_kings: bool,
    /// The central squares (roughly the middle half of the board).
    pub centre: u128,
    /// The long diagonal from corner to corner, where a lone flying king holds off three kings.
    pub main_diagonal: u128,
    /// The double corners, a short king's refuge.
    pub double_corners: u128,
    /// `cone[color][sq]`: every square a man of `color` on `sq` could walk through to its crowning row.
    pub cone: [Vec<u128>; 2],
    /// The half of the board nearer each colour's crowning row.
    pub far: [u128; 2],
    /// The left half of the board's columns, as White sees it.
    pub left: u128,
    /// `own_index[color][bit]`: the square's place in notation order as `color` sees the board
    /// (Black's board turned half a turn), for tables by square.
    pub own_index: [[u8; 128]; 2],
    /// Pieces on the board at the start.
    pub start_pieces: u32,
    /// Where each colour's men are crowned.
    pub promotion: [u128; 2],
    /// The rules core's hash keys, `[square][colour][is_king]`, so that quiet steps can be played here.
    pub zobrist: Vec<[[u64; 2]; 2]>,
    pub zobrist_black: u64,
    /// The variant limits plain king moves in a row (the position then carries counts).
    pub king_limit: bool,
    /// The capture rules, for the engine's capture generator.
    pub no_reversal: bool,
    pub immediate_removal: bool,
    /// A flying king lands only right behind the piece it takes.
    pub land_behind: bool,
    pub promotion_in_capture: PromotionInCapture,
    pub priority: CapturePriority,
}

/// A quiet step as the search keeps it: small enough to fill, sort and copy on every node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Step {
    pub from: u8,
    pub to: u8,
    pub promotes: bool,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Dirs {
    pub list: [i32; 8],
    pub len: usize,
}

impl Dirs {
    fn new(v: &[i32]) -> Dirs {
        let mut list = [0; 8];
        list[..v.len()].copy_from_slice(v);
        Dirs { list, len: v.len() }
    }
    #[inline]
    pub fn as_slice(&self) -> &[i32] {
        &self.list[..self.len]
    }
}

#[inline]
pub(crate) fn shift(b: u128, by: i32) -> u128 {
    if by >= 0 { b << by } else { b >> -by }
}

static TABLES: [OnceLock<Tables>; VariantId::COUNT] = [const { OnceLock::new() }; VariantId::COUNT];

impl Tables {
    pub(crate) fn of(id: VariantId) -> &'static Tables {
        TABLES[id as usize].get_or_init(|| Tables::build(id))
    }

    fn build(id: VariantId) -> Tables {
        let v = id.rules();
        let mut mask = 0u128;
        let mut row_of = [0u8; 128];
        let mut col_of = [0u8; 128];
        let mut rel_row = [[0u128; 12]; 2];
        let mut centre = 0u128;
        let mut left = 0u128;
        let mut own_index = [[0u8; 128]; 2];
        let count = v.squares().count();
        let mut main_diagonal = 0u128;
        let corner_a1 = v.square_at(0, 0).is_some();
        for (n, sq) in v.squares().enumerate() {
            let (r, c) = v.coords(sq);
            let bit = 1u128 << sq.index();
            mask |= bit;
            own_index[0][sq.index()] = n as u8;
            own_index[1][sq.index()] = (count - 1 - n) as u8;
            row_of[sq.index()] = r;
            col_of[sq.index()] = c;
            rel_row[0][r as usize] |= bit;
            rel_row[1][(v.rows - 1 - r) as usize] |= bit;
            if c < v.cols / 2 {
                left |= bit;
            }
            let (rq, cq) = (v.rows / 4, v.cols / 4);
            if r >= rq && r < v.rows - rq && c >= cq && c < v.cols - cq {
                centre |= bit;
            }
            let on_main = if corner_a1 { r == c } else { r + c == v.cols - 1 };
            if on_main && !v.orthogonal {
                main_diagonal |= bit;
            }
        }
        // The double corner is the corner pair that is not on the main diagonal's ends.
        let mut double_corners = 0u128;
        if !v.orthogonal {
            for (r, c) in [(0u8, 0u8), (0, 1), (1, 0), (0, v.cols - 1), (0, v.cols - 2), (1, v.cols - 1)] {
                for (rr, cc) in [(r, c), (v.rows - 1 - r, v.cols - 1 - c)] {
                    if let Some(sq) = v.square_at(rr, cc) {
                        let bit = 1u128 << sq.index();
                        if main_diagonal & bit == 0 {
                            double_corners |= bit;
                        }
                    }
                }
            }
        }
        // The directions come from the rule definition's own board layout.
        let man_moves = [Color::White, Color::Black].map(|c| Dirs::new(v.man_move_offsets(c)));
        let man_captures = [Color::White, Color::Black].map(|c| Dirs::new(v.man_capture_offsets(c)));
        let king_dirs = Dirs::new(v.king_capture_offsets());
        let king_moves = Dirs::new(v.king_move_offsets());
        let mut advance_index = [0usize; 12];
        for (r, slot) in advance_index.iter_mut().enumerate().take(v.rows as usize) {
            *slot = if v.rows <= 10 { r } else { r * 9 / (v.rows as usize - 1) };
        }

        let mut cone = [vec![0u128; 128], vec![0u128; 128]];
        for sq in v.squares() {
            let (r, c) = v.coords(sq);
            for (ci, color) in [Color::White, Color::Black].into_iter().enumerate() {
                let mut set = 0u128;
                for other in v.squares() {
                    let (r2, c2) = v.coords(other);
                    let ahead = if color == Color::White { r2 as i32 - r as i32 } else { r as i32 - r2 as i32 };
                    if ahead <= 0 {
                        continue;
                    }
                    let spread = (c2 as i32 - c as i32).abs();
                    let reachable = if v.orthogonal { spread <= 1 } else { spread <= ahead };
                    if reachable {
                        set |= 1u128 << other.index();
                    }
                }
                cone[ci][sq.index()] = set;
            }
        }

        let geo = v.geometry();
        Tables {
            promotion: [0, 1].map(|c| rel_row[c][v.rows as usize - 1]),
            zobrist: geo.zobrist_pieces.clone(),
            zobrist_black: geo.zobrist_black_to_move,
            king_limit: v.king_quiet_limit > 0,
            no_reversal: v.no_reversal,
            immediate_removal: v.removal == Removal::Immediate,
            land_behind: v.king_landing == KingLanding::DirectlyBehind,
            promotion_in_capture: v.promotion_in_capture,
            priority: v.priority,
            mask,
            word64: fits_64(mask),
            rows: v.rows,
            row_of,
            col_of,
            rel_row,
            man_moves,
            man_captures,
            king_dirs,
            king_moves,
            advance_index,
            flying: v.king_range == KingRange::Flying,
            men_capture_kings: v.men_capture_kings,
            centre,
            left,
            own_index,
            main_diagonal,
            double_corners,
            cone,
            start_pieces: Position::start(id).occupied().count(),
            far: [0, 1].map(|c| (v.rows as usize / 2..v.rows as usize).fold(0, |acc, r| acc | rel_row[c][r])),
        }
    }

    /// Whether the side to move has a capture, without building it. Priority laws only choose among
    /// captures, so any capture at all means the side to move must capture.
    #[inline]
    pub(crate) fn has_capture(&self, p: &Position) -> bool {
        self.can_capture(p, p.side_to_move())
    }

    /// Whether `us` would have a capture if it were to move.
    #[inline]
    pub(crate) fn can_capture(&self, p: &Position, us: Color) -> bool {
        if self.word64 { self.can_capture_in::<u64>(p, us) } else { self.can_capture_in::<u128>(p, us) }
    }

    #[inline(always)]
    fn can_capture_in<W: Word>(&self, p: &Position, us: Color) -> bool {
        let ui = us as usize;
        let own = W::narrow(p.color_pieces(us).0);
        let opp = W::narrow(p.color_pieces(us.opposite()).0);
        let kings = W::narrow(p.king_squares().0);
        let empty = W::narrow(self.mask) & !(own | opp);
        let men = own & !kings;
        let victims_for_men = if self.men_capture_kings { opp } else { opp & !kings };
        for &d in self.man_captures[ui].as_slice() {
            if (men.shift(d) & victims_for_men).shift(d) & empty != W::ZERO {
                return true;
            }
        }
        let my_kings = own & kings;
        if my_kings == W::ZERO {
            return false;
        }
        for &d in self.king_dirs.as_slice() {
            let mut front = my_kings;
            if self.flying {
                let mut reach = front.shift(d) & empty;
                while reach != W::ZERO {
                    front |= reach;
                    reach = reach.shift(d) & empty;
                }
            }
            if (front.shift(d) & opp).shift(d) & empty != W::ZERO {
                return true;
            }
        }
        false
    }

    /// Whether the side to move has any quiet step (only meaningful when it has no capture).
    #[inline]
    pub(crate) fn has_step(&self, p: &Position) -> bool {
        if self.word64 { self.has_step_in::<u64>(p) } else { self.has_step_in::<u128>(p) }
    }

    #[inline(always)]
    fn has_step_in<W: Word>(&self, p: &Position) -> bool {
        let us = p.side_to_move();
        let own = W::narrow(p.color_pieces(us).0);
        let kings = W::narrow(p.king_squares().0);
        let empty = W::narrow(self.mask) & !(own | W::narrow(p.color_pieces(us.opposite()).0));
        let men = own & !kings;
        for &d in self.man_moves[us as usize].as_slice() {
            if men.shift(d) & empty != W::ZERO {
                return true;
            }
        }
        let mut my_kings = own & kings;
        if let Some(tired) = p.restricted_king() {
            // Frisian king move limit: this king may not make a plain move now.
            my_kings &= !W::single(tired.index() as i32);
        }
        my_kings != W::ZERO && self.king_moves.as_slice().iter().any(|&d| my_kings.shift(d) & empty != W::ZERO)
    }

    /// The quiet steps of the side to move, the same set as the rules core's quiet moves. Only
    /// meaningful when the side to move has no capture.
    #[inline]
    pub(crate) fn quiet_steps(&self, p: &Position, out: &mut Vec<Step>) {
        if self.word64 { self.quiet_steps_in::<u64>(p, out) } else { self.quiet_steps_in::<u128>(p, out) }
    }

    #[inline(always)]
    fn quiet_steps_in<W: Word>(&self, p: &Position, out: &mut Vec<Step>) {
        out.clear();
        let us = p.side_to_move();
        let ui = us as usize;
        let own = W::narrow(p.color_pieces(us).0);
        let kings = W::narrow(p.king_squares().0);
        let empty = W::narrow(self.mask) & !(own | W::narrow(p.color_pieces(us.opposite()).0));
        let men = own & !kings;
        let promotion = W::narrow(self.promotion[ui]);
        for &d in self.man_moves[ui].as_slice() {
            let mut to = men.shift(d) & empty;
            while to != W::ZERO {
                let t = to.lowest();
                to = to.without_lowest();
                out.push(Step { from: (t - d) as u8, to: t as u8, promotes: promotion.bit(t) });
            }
        }
        let mut my_kings = own & kings;
        if self.king_limit
            && let Some(tired) = p.restricted_king()
        {
            // Frisian king move limit: this king may not make a plain move now.
            my_kings &= !W::single(tired.index() as i32);
        }
        while my_kings != W::ZERO {
            let from = my_kings.lowest();
            my_kings = my_kings.without_lowest();
            for &d in self.king_moves.as_slice() {
                let mut at = from + d;
                while empty.bit(at) {
                    out.push(Step { from: from as u8, to: at as u8, promotes: false });
                    if !self.flying {
                        break;
                    }
                    at += d;
                }
            }
        }
    }

    /// Plays a quiet step from [`Tables::quiet_steps`], keeping the hash up to date.
    #[inline]
    pub(crate) fn play_step(&self, p: &Position, s: Step) -> Position {
        if self.king_limit {
            // The rules core keeps the king move counts.
            return p.play(&crate::rules::Move::step(Square::new(s.from), Square::new(s.to), s.promotes));
        }
        let mut next = *p;
        let us = p.side.index();
        let (from, to) = (s.from as usize, s.to as usize);
        let (fb, tb) = (1u128 << from, 1u128 << to);
        next.by_color[us].0 = (next.by_color[us].0 & !fb) | tb;
        let keys = &self.zobrist;
        if p.kings.0 & fb != 0 {
            next.kings.0 = (next.kings.0 & !fb) | tb;
            next.hash ^= keys[from][us][1] ^ keys[to][us][1];
        } else {
            next.hash ^= keys[from][us][0] ^ keys[to][us][s.promotes as usize];
            if s.promotes {
                next.kings.0 |= tb;
            }
        }
        next.side = p.side.opposite();
        next.hash ^= self.zobrist_black;
        next
    }

    /// Empty squares each man could step to, summed over directions.
    #[inline(always)]
    pub(crate) fn man_mobility<W: Word>(&self, men: W, empty: W, color: Color) -> u32 {
        let mut n = 0;
        for &d in self.man_moves[color as usize].as_slice() {
            n += (men.shift(d) & empty).count();
        }
        n
    }

    /// Squares the kings can reach in one move.
    #[inline(always)]
    pub(crate) fn king_mobility<W: Word>(&self, kings: W, empty: W) -> u32 {
        let mut n = 0;
        for &d in self.king_moves.as_slice() {
            let mut reach = kings.shift(d) & empty;
            n += reach.count();
            if self.flying {
                while reach != W::ZERO {
                    reach = reach.shift(d) & empty;
                    n += reach.count();
                }
            }
        }
        n
    }
}

/// Counts of each colour's men and kings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Material {
    pub men: [u32; 2],
    pub kings: [u32; 2],
}

impl Material {
    #[inline(always)]
    pub(crate) fn of(p: &Position) -> Material {
        let k = p.king_squares();
        let w = p.color_pieces(Color::White);
        let b = p.color_pieces(Color::Black);
        Material { men: [(w & !k).count(), (b & !k).count()], kings: [(w & k).count(), (b & k).count()] }
    }
    pub(crate) fn total(&self, c: usize) -> u32 {
        self.men[c] + self.kings[c]
    }
}
