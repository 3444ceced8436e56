//! Captures generated inside the engine: the same moves, in the same order, as the rules core's
//! generator (so the search visits the same tree), found with bit tests on the board word and kept as
//! small records instead of full moves with their paths. The search only needs the origin, the
//! destination, the captured set and the jump count; the rules core still builds full moves for the
//! root and the principal variation.
//!
//! Every variant goes through here: the board layouts make each direction one bit offset everywhere,
//! and a step off the board lands on a padding bit or outside the word, so a bit test is the whole of
//! the rules core's "next square on the board".

use super::board::Tables;
use super::word::Word;
use crate::rules::{Bitboard, CapturePriority, MAX_JUMPS, Move, Position, PromotionInCapture, Square, keep_best};

/// The most capture paths one node of the search walks.
const MAX_CAPTURE_PATHS: usize = 1 << 16;

/// A capture as the search keeps it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Capture {
    pub captured: u128,
    /// The jumps that took a king, as a bit string read from the first jump (bit 63) on: what the
    /// Italian priority law compares last.
    pub meets: u64,
    pub from: u8,
    pub to: u8,
    pub jumps: u8,
    pub promotes: bool,
    pub started_as_king: bool,
}

impl Capture {
    /// The same capture as the rules core's move (without its path, which playing does not need).
    pub(crate) fn to_move(self) -> Move {
        let mut m = Move::step(Square::new(self.from), Square::new(self.to), self.promotes);
        m.captured = Bitboard(self.captured);
        m.jumps = self.jumps;
        m.started_as_king = self.started_as_king;
        m
    }
}

struct Gen<'a, W> {
    t: &'static Tables,
    opponents: W,
    opponent_kings: W,
    /// What a man may jump (kings too in most variants).
    man_victims: W,
    promotion: W,
    mask: W,
    side: usize,
    from: u8,
    started_as_king: bool,
    out: &'a mut Vec<Capture>,
}

impl Tables {
    /// The legal captures of the side to move in the rules core's order (its generator with merged
    /// paths): kings first, then men, each by square and direction, narrowed by the priority law.
    /// Empty when there is no capture.
    pub(crate) fn captures(&'static self, p: &Position, out: &mut Vec<Capture>) {
        if self.word64 { self.captures_in::<u64>(p, out) } else { self.captures_in::<u128>(p, out) }
    }

    #[inline(always)]
    fn captures_in<W: Word>(&'static self, p: &Position, out: &mut Vec<Capture>) {
        out.clear();
        let us = p.side_to_move() as usize;
        let own = W::narrow(p.color_pieces(p.side_to_move()).0);
        let opponents = W::narrow(p.color_pieces(p.side_to_move().opposite()).0);
        let kings = W::narrow(p.king_squares().0);
        let occupied = own | opponents;
        let mask = W::narrow(self.mask);
        let empty = mask & !occupied;
        let man_victims = if self.men_capture_kings { opponents } else { opponents & !kings };
        // Men with a first jump, found for the whole board at once; the others would record nothing.
        // Most captures by men are single jumps: a landing from which no second jump can follow is
        // recorded here, and only men with a longer capture go through the full search.
        let men = own & !kings;
        let dirs = &self.man_captures[us];
        let promotion = W::narrow(self.promotion[us]);
        let mut jumping_men = W::ZERO;
        // Squares from which a man could jump in each direction, on the board as it stands, and the
        // men that can.
        let mut jump_from = [W::ZERO; 8];
        let mut jumps = [W::ZERO; 8];
        for (k, &d) in dirs.as_slice().iter().enumerate() {
            jump_from[k] = (man_victims & empty.shift(-d)).shift(-d);
            jumps[k] = men & jump_from[k];
            jumping_men |= jumps[k];
        }
        let my_kings = own & kings;
        if jumping_men == W::ZERO && my_kings == W::ZERO {
            return;
        }
        // Men whose jump lands where the capture may go on. After one jump the board differs only
        // by the empty origin and the taken piece: a second jump could reach the origin or cross
        // the taken piece only by turning straight back, which takes that piece again. So a second
        // jump is possible exactly where the unchanged board has one in another direction.
        let mut longer = W::ZERO;
        for (k, &d) in dirs.as_slice().iter().enumerate() {
            if jumps[k] == W::ZERO {
                continue;
            }
            let mut onward = W::ZERO;
            for (k2, &d2) in dirs.as_slice().iter().enumerate() {
                if d2 != -d {
                    onward |= jump_from[k2];
                }
            }
            let goes_on = match self.promotion_in_capture {
                PromotionInCapture::Stops => onward & !promotion,
                PromotionInCapture::ContinuesAsMan => onward,
                // Crowned on the way: it goes on as a king, which the full search follows.
                PromotionInCapture::ContinuesAsKing => onward | promotion,
            };
            // The men of this direction whose landing square is one of those.
            longer |= jumps[k] & goes_on.shift(-2 * d);
        }
        let opponent_kings = opponents & kings;
        let mut g = Gen {
            t: self,
            opponents,
            opponent_kings,
            man_victims,
            promotion,
            mask,
            side: us,
            from: 0,
            started_as_king: false,
            out,
        };
        let mut pieces = my_kings;
        while pieces != W::ZERO {
            let from = pieces.lowest();
            pieces = pieces.without_lowest();
            g.from = from as u8;
            g.started_as_king = true;
            g.extend(from, true, W::ZERO, 0, occupied & !W::single(from), 0, 0, 0);
        }
        g.started_as_king = false;
        let mut pieces = jumping_men & men;
        while pieces != W::ZERO {
            let from = pieces.lowest();
            pieces = pieces.without_lowest();
            if longer.bit(from) {
                g.from = from as u8;
                g.extend(from, false, W::ZERO, 0, occupied & !W::single(from), 0, 0, 0);
                continue;
            }
            for (k, &d) in dirs.as_slice().iter().enumerate() {
                if jumps[k].bit(from) {
                    let to = from + 2 * d;
                    let victim = W::single(from + d);
                    g.out.push(Capture {
                        captured: victim.widen(),
                        meets: if opponent_kings & victim != W::ZERO { 1 << 63 } else { 0 },
                        from: from as u8,
                        to: to as u8,
                        jumps: 1,
                        promotes: promotion.bit(to),
                        started_as_king: false,
                    });
                }
            }
        }
        let out = g.out;
        if out.len() > 1 {
            if self.priority != CapturePriority::Free {
                let opponent_kings = opponent_kings.widen();
                let kept = keep_best(out, |c| rank(c, self.priority, opponent_kings));
                out.truncate(kept);
            }
            merge_duplicates(out);
        }
    }

    /// Plays a capture from [`Tables::captures`], keeping the hash up to date.
    #[inline]
    pub(crate) fn play_capture(&self, p: &Position, c: &Capture) -> Position {
        if self.king_limit {
            // The rules core keeps the king move counts.
            return p.play(&c.to_move());
        }
        let mut next = *p;
        let us = p.side.index();
        let them = 1 - us;
        let keys = &self.zobrist;
        let mut hash = p.hash;
        // Captured pieces go first: with immediate removal the mover may land on a captured square.
        let mut taken = c.captured;
        while taken != 0 {
            let sq = taken.trailing_zeros() as usize;
            taken &= taken - 1;
            hash ^= keys[sq][them][(p.kings.0 >> sq & 1) as usize];
        }
        next.by_color[them].0 &= !c.captured;
        next.kings.0 &= !c.captured;
        let (from, to) = (c.from as usize, c.to as usize);
        let (fb, tb) = (1u128 << from, 1u128 << to);
        next.by_color[us].0 = (next.by_color[us].0 & !fb) | tb;
        let was_king = p.kings.0 & fb != 0;
        hash ^= keys[from][us][was_king as usize] ^ keys[to][us][(was_king || c.promotes) as usize];
        if was_king {
            next.kings.0 = (next.kings.0 & !fb) | tb;
        } else if c.promotes {
            next.kings.0 |= tb;
        }
        next.side = p.side.opposite();
        next.hash = hash ^ self.zobrist_black;
        next
    }
}

/// Paths that differ only in the squares passed are one move: keeps the first of each, in order.
/// Long lists go through a set so that their cost stays in proportion to their length.
fn merge_duplicates(out: &mut Vec<Capture>) {
    const PAIRWISE: usize = 24;
    let mut kept = 0;
    if out.len() <= PAIRWISE {
        for i in 0..out.len() {
            let c = out[i];
            if !out[..kept].iter().any(|k| k.from == c.from && k.to == c.to && k.captured == c.captured) {
                out[kept] = c;
                kept += 1;
            }
        }
    } else {
        let mut seen = std::collections::HashSet::with_capacity(out.len());
        for i in 0..out.len() {
            let c = out[i];
            if seen.insert((c.from, c.to, c.captured)) {
                out[kept] = c;
                kept += 1;
            }
        }
    }
    out.truncate(kept);
}

/// How a capture ranks under a priority law, as the rules core ranks its moves.
#[inline]
fn rank(c: &Capture, priority: CapturePriority, opponent_kings: u128) -> (u32, u32, u32, u64) {
    let count = c.jumps as u32;
    let kings = (c.captured & opponent_kings).count_ones();
    match priority {
        CapturePriority::Free => (0, 0, 0, 0),
        CapturePriority::Majority => (count, 0, 0, 0),
        CapturePriority::QuantityThenQuality => (count, 0, kings, 0),
        CapturePriority::Italian => (count, c.started_as_king as u32, kings, c.meets),
        CapturePriority::KingCaptures => (0, c.started_as_king as u32, 0, 0),
        CapturePriority::Value => (32 * (count - kings) + 63 * kings, c.started_as_king as u32, 0, 0),
    }
}

impl<W: Word> Gen<'_, W> {
    /// Tries every jump from `at` except in direction `skip` (0 skips none); each sequence that
    /// cannot go on is recorded. Returns whether any jump was possible.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &mut self,
        at: i32,
        king: bool,
        captured: W,
        last_dir: i32,
        occupied: W,
        depth: usize,
        skip: i32,
        meets: u64,
    ) -> bool {
        if depth >= MAX_JUMPS {
            return false;
        }
        if self.out.len() >= MAX_CAPTURE_PATHS {
            // A crafted position can hold millions of paths; past this many the search takes what
            // it has (the rules core still lists every move at the root). Reporting a jump keeps the
            // unfinished sequence from being recorded as complete.
            return true;
        }
        let t = self.t;
        let dirs = if king { &t.king_dirs } else { &t.man_captures[self.side] };
        let mut any = false;
        for &dir in dirs.as_slice() {
            if dir == skip || (t.no_reversal && dir == -last_dir) {
                continue;
            }
            if king && t.flying {
                any |= self.flying_jump(at, dir, captured, occupied, depth, meets);
            } else {
                any |= self.short_jump(at, king, dir, captured, occupied, depth, meets);
            }
        }
        any
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn short_jump(
        &mut self,
        at: i32,
        king: bool,
        dir: i32,
        captured: W,
        occupied: W,
        depth: usize,
        meets: u64,
    ) -> bool {
        let victim = at + dir;
        let victims = if king { self.opponents } else { self.man_victims };
        if !(victims & !captured).bit(victim) {
            return false;
        }
        let land = victim + dir;
        if !(self.mask & !occupied).bit(land) {
            return false;
        }
        let t = self.t;
        let (captured, occupied, meets) = self.take(victim, captured, occupied, depth, meets);
        let reaches_row = !king && self.promotion.bit(land);
        let (continues, king_after) = match (reaches_row, t.promotion_in_capture) {
            (true, PromotionInCapture::Stops) => (false, false),
            (true, PromotionInCapture::ContinuesAsKing) => (true, true),
            _ => (true, king),
        };
        if !(continues && self.extend(land, king_after, captured, dir, occupied, depth + 1, 0, meets)) {
            self.record(land, captured, depth + 1, king_after, meets);
        }
        true
    }

    /// The capture after taking the piece on `victim` as jump number `depth`: the taken set, the
    /// occupied squares (the piece leaves at once where the variant says so), and the Italian
    /// record of where opponent kings were met.
    #[inline]
    fn take(&self, victim: i32, captured: W, occupied: W, depth: usize, meets: u64) -> (W, W, u64) {
        let vb = W::single(victim);
        let occupied = if self.t.immediate_removal { occupied & !vb } else { occupied };
        let meets = if self.opponent_kings & vb != W::ZERO { meets | 1 << (63 - depth) } else { meets };
        (captured | vb, occupied, meets)
    }

    fn flying_jump(&mut self, at: i32, dir: i32, captured: W, occupied: W, depth: usize, meets: u64) -> bool {
        let t = self.t;
        let empty = self.mask & !occupied;
        let mut victim = at + dir;
        while empty.bit(victim) {
            victim += dir;
        }
        // Off the board, an own piece or a piece already taken: no jump this way.
        if !(self.opponents & !captured).bit(victim) {
            return false;
        }
        let (captured, occupied, meets) = self.take(victim, captured, occupied, depth, meets);
        let empty = self.mask & !occupied;
        let mut landings = [0i32; 16];
        let mut count = 0;
        let mut land = victim + dir;
        while empty.bit(land) && count < landings.len() {
            landings[count] = land;
            count += 1;
            if t.land_behind {
                break;
            }
            land += dir;
        }
        if count == 0 {
            return false;
        }
        // Only landings from which the capture goes on are allowed, if there is any such landing;
        // going on straight ahead is one path whichever empty square the king passes, so only the
        // first landing goes on in the same direction (as in the rules core).
        let mut continued = false;
        for (i, &land) in landings[..count].iter().enumerate() {
            let skip = if i == 0 { 0 } else { dir };
            continued |= self.extend(land, true, captured, dir, occupied, depth + 1, skip, meets);
        }
        if !continued {
            for &land in &landings[..count] {
                self.record(land, captured, depth + 1, true, meets);
            }
        }
        true
    }

    #[inline]
    fn record(&mut self, to: i32, captured: W, jumps: usize, king_now: bool, meets: u64) {
        let promotes = !self.started_as_king && (king_now || self.promotion.bit(to));
        self.out.push(Capture {
            captured: captured.widen(),
            meets,
            from: self.from,
            to: to as u8,
            jumps: jumps as u8,
            promotes,
            started_as_king: self.started_as_king,
        });
    }
}
