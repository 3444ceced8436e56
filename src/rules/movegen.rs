//! Legal moves: quiet steps, capture sequences, the capture priority laws and duplicate-path merging.

use std::collections::HashSet;

use super::bitboard::Bitboard;
use super::geometry::Geometry;
use super::mv::{MAX_JUMPS, Move};
use super::piece::Color;
use super::position::Position;
use super::square::Square;
use super::variant::{CapturePriority, KingLanding, KingRange, PromotionInCapture, Removal, Variant};

/// Whether capture sequences that differ only in their path count as one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paths {
    /// Same origin, destination and captured set: one move (what a player can tell apart).
    Merge,
    /// Every capture path is a move of its own.
    Keep,
}

impl Position {
    /// Every legal move, duplicate capture paths merged, in notation order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(32);
        self.generate(&mut moves, Paths::Merge);
        let geo = self.geometry();
        fn numbers<'a>(geo: &'a Geometry, m: &'a Move) -> impl Iterator<Item = u16> + 'a {
            [m.from, m.to].into_iter().chain(m.path().iter().copied()).map(|s| geo.number[s.index()])
        }
        moves.sort_by(|a, b| numbers(geo, a).cmp(numbers(geo, b)));
        moves
    }

    /// How many capture paths the side to move has, counted up to `limit`: `Err` when there are
    /// more. Every path is a branch the generator walks, so this bounds the work any question about
    /// the position costs before that work is done.
    pub fn capture_paths_within(&self, limit: usize) -> Result<usize, TooManyCaptures> {
        let mut none = Vec::new();
        let mut sink = Sink { out: &mut none, keep: false, recorded: 0, limit };
        self.search_captures(&mut sink);
        if sink.recorded > limit { Err(TooManyCaptures { limit }) } else { Ok(sink.recorded) }
    }

    /// Fills `out` (cleared first) with the legal moves in generation order.
    pub fn generate(&self, out: &mut Vec<Move>, paths: Paths) {
        out.clear();
        self.generate_captures(out, self.rules().priority, paths);
        if out.is_empty() {
            self.generate_quiet(out);
        }
    }

    /// Whether the side to move has a capture.
    pub fn has_capture(&self) -> bool {
        let mut found = Vec::new();
        self.generate_captures(&mut found, CapturePriority::Free, Paths::Merge);
        !found.is_empty()
    }

    /// Squares of the pieces that can make a legal capture now (empty when there is none).
    pub fn capturers(&self) -> Vec<Square> {
        let mut moves = Vec::new();
        self.generate_captures(&mut moves, self.rules().priority, Paths::Merge);
        let mut from: Vec<Square> = moves.iter().map(|m| m.from).collect();
        let geo = self.geometry();
        from.sort_by_key(|s| geo.number[s.index()]);
        from.dedup();
        from
    }

    /// The number of legal moves, counted without building quiet moves.
    pub fn count_moves(&self, paths: Paths, scratch: &mut Vec<Move>) -> u64 {
        scratch.clear();
        self.generate_captures(scratch, self.rules().priority, paths);
        if !scratch.is_empty() {
            return scratch.len() as u64;
        }
        self.count_quiet()
    }

    pub(crate) fn generate_quiet(&self, out: &mut Vec<Move>) {
        let geo = self.geometry();
        let rules = self.rules();
        let us = self.side.index();
        let empty = geo.mask & !self.occupied();
        let men = self.by_color[us] & !self.kings;
        let mut kings = self.by_color[us] & self.kings;
        if let Some(tired) = self.restricted_king() {
            kings = kings.without(tired);
        }
        let promotion = geo.promotion[us];
        for &dir in geo.man_moves[us].as_slice() {
            for to in men.shift(dir) & empty {
                if let Some(from) = to.offset(-dir) {
                    out.push(Move::step(from, to, promotion.contains(to)));
                }
            }
        }
        for from in kings {
            for &dir in geo.king_moves.as_slice() {
                let mut at = from;
                while let Some(to) = geo.step(at, dir).filter(|s| empty.contains(*s)) {
                    out.push(Move::step(from, to, false));
                    if rules.king_range == KingRange::Short {
                        break;
                    }
                    at = to;
                }
            }
        }
    }

    fn count_quiet(&self) -> u64 {
        let geo = self.geometry();
        let us = self.side.index();
        let empty = geo.mask & !self.occupied();
        let men = self.by_color[us] & !self.kings;
        let mut kings = self.by_color[us] & self.kings;
        if let Some(tired) = self.restricted_king() {
            kings = kings.without(tired);
        }
        let mut n = 0u64;
        for &dir in geo.man_moves[us].as_slice() {
            n += (men.shift(dir) & empty).count() as u64;
        }
        if kings.any() {
            if self.rules().king_range == KingRange::Short {
                for &dir in geo.king_moves.as_slice() {
                    n += (kings.shift(dir) & empty).count() as u64;
                }
            } else {
                for &dir in geo.king_moves.as_slice() {
                    let mut front = kings.shift(dir) & empty;
                    while front.any() {
                        n += front.count() as u64;
                        front = front.shift(dir) & empty;
                    }
                }
            }
        }
        n
    }

    /// Captures under the given priority law, appended to `out`.
    pub(crate) fn generate_captures(&self, out: &mut Vec<Move>, priority: CapturePriority, paths: Paths) {
        let start = out.len();
        self.search_captures(&mut Sink { out: &mut *out, keep: true, recorded: 0, limit: usize::MAX });
        if out.len() - start > 1 {
            let opponent_kings = self.by_color[1 - self.side.index()] & self.kings;
            let kept = filter_priority(&mut out[start..], priority, opponent_kings);
            out.truncate(start + kept);
            if paths == Paths::Merge {
                merge_duplicates(out, start);
            }
        }
    }

    /// Walks every capture path of the side to move into `sink`, kings first, then men.
    fn search_captures(&self, sink: &mut Sink<'_>) {
        let geo = self.geometry();
        let rules = self.rules();
        let us = self.side.index();
        let them = 1 - us;
        let mut search = CaptureSearch {
            geo,
            rules,
            side: self.side,
            opponents: self.by_color[them],
            opponent_kings: self.by_color[them] & self.kings,
            from: Square::new(0),
            started_as_king: false,
            path: [Square::new(0); MAX_JUMPS],
            taken: [Square::new(0); MAX_JUMPS],
            sink,
        };
        let (men, kings) = self.pieces_that_can_jump();
        if men.is_empty() && kings.is_empty() {
            return;
        }
        let occupied = self.occupied();
        for (pieces, is_king) in [(kings, true), (men, false)] {
            for from in pieces {
                search.from = from;
                search.started_as_king = is_king;
                search.extend(from, is_king, Bitboard::EMPTY, 0, occupied.without(from), 0);
            }
        }
    }
}

impl Position {
    /// Men and kings of the side to move that have at least a first jump, found with whole-board shifts
    /// so that positions without captures cost a few instructions. Kings are returned all together
    /// when any flying king can jump.
    fn pieces_that_can_jump(&self) -> (Bitboard, Bitboard) {
        let geo = self.geometry();
        let rules = self.rules();
        let us = self.side.index();
        let opponents = self.by_color[1 - us];
        let empty = geo.mask & !self.occupied();
        let men = self.by_color[us] & !self.kings;
        let kings = self.by_color[us] & self.kings;
        let men_targets = if rules.men_capture_kings { opponents } else { opponents & !self.kings };
        let mut jumping_men = Bitboard::EMPTY;
        for &dir in geo.man_captures[us].as_slice() {
            let landings = (men.shift(dir) & men_targets).shift(dir) & empty;
            jumping_men |= landings.shift(-2 * dir);
        }
        let mut jumping_kings = Bitboard::EMPTY;
        if kings.any() {
            for &dir in geo.king_captures.as_slice() {
                let victims = if rules.king_range == KingRange::Short {
                    kings.shift(dir) & opponents
                } else {
                    let mut front = kings.shift(dir) & geo.mask;
                    let mut hit = Bitboard::EMPTY;
                    while front.any() {
                        hit |= front & !empty;
                        front = (front & empty).shift(dir) & geo.mask;
                    }
                    hit & opponents
                };
                if (victims.shift(dir) & empty).any() {
                    jumping_kings = kings;
                    break;
                }
            }
        }
        (jumping_men & men, jumping_kings)
    }
}

/// Moves the allowed captures to the front of `moves` and returns how many there are.
fn filter_priority(moves: &mut [Move], priority: CapturePriority, opponent_kings: Bitboard) -> usize {
    if priority == CapturePriority::Free {
        return moves.len();
    }
    keep_best(moves, |m| rank(m, priority, opponent_kings))
}

/// Moves the items whose key is the greatest to the front, keeping their order, and returns how
/// many there are. The engine filters its own capture records with it, so that both generators
/// list the allowed captures in the same order.
pub(crate) fn keep_best<T, K: Ord + Default>(items: &mut [T], key: impl Fn(&T) -> K) -> usize {
    let best = items.iter().map(&key).max().unwrap_or_default();
    let mut kept = 0;
    for i in 0..items.len() {
        if key(&items[i]) == best {
            items.swap(kept, i);
            kept += 1;
        }
    }
    kept
}

/// How a capture ranks under a priority law: a greater rank is preferred.
pub(crate) fn rank(m: &Move, priority: CapturePriority, opponent_kings: Bitboard) -> (u32, u32, u32, u64) {
    let count = m.jumps as u32;
    match priority {
        CapturePriority::Free => (0, 0, 0, 0),
        CapturePriority::Majority => (count, 0, 0, 0),
        CapturePriority::QuantityThenQuality => (count, 0, (m.captured & opponent_kings).count(), 0),
        CapturePriority::Italian => {
            // Criterion 4: the earlier a king is met, the better; read as a bit string from the first jump.
            let mut meets = 0u64;
            for (i, sq) in m.captures().iter().enumerate() {
                if opponent_kings.contains(*sq) {
                    meets |= 1 << (63 - i);
                }
            }
            (count, m.started_as_king as u32, (m.captured & opponent_kings).count(), meets)
        }
        CapturePriority::KingCaptures => (0, m.started_as_king as u32, 0, 0),
        CapturePriority::Value => {
            // A king is worth 63/32 men: more than one man, less than two, and n kings (n < 32) are
            // worth more than 2n-1 men and less than 2n, as the Frisian rules ask.
            let kings = (m.captured & opponent_kings).count();
            (32 * (count - kings) + 63 * kings, m.started_as_king as u32, 0, 0)
        }
    }
}

/// Keeps the first of the moves from `start` on that have the same effect, in their order. Short
/// lists (nearly all of them) are compared pairwise; long ones go through a set, so that a position
/// with hundreds of thousands of paths costs time in proportion to them.
fn merge_duplicates(out: &mut Vec<Move>, start: usize) {
    const PAIRWISE: usize = 24;
    let mut kept = start;
    if out.len() - start <= PAIRWISE {
        for i in start..out.len() {
            if !out[start..kept].iter().any(|k| k.same_effect(&out[i])) {
                out.swap(kept, i);
                kept += 1;
            }
        }
    } else {
        let mut seen = HashSet::with_capacity(out.len() - start);
        for i in start..out.len() {
            if seen.insert((out[i].from, out[i].to, out[i].captured)) {
                out.swap(kept, i);
                kept += 1;
            }
        }
    }
    out.truncate(kept);
}

/// A position has more capture paths than a caller is willing to walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this position has too many capture sequences (more than {limit})")]
pub struct TooManyCaptures {
    pub limit: usize,
}

/// Where the capture search puts what it finds: the moves, or only their count, and when to give up.
struct Sink<'a> {
    out: &'a mut Vec<Move>,
    keep: bool,
    recorded: usize,
    limit: usize,
}

struct CaptureSearch<'a, 'b> {
    geo: &'static Geometry,
    rules: &'static Variant,
    side: Color,
    opponents: Bitboard,
    opponent_kings: Bitboard,
    from: Square,
    started_as_king: bool,
    path: [Square; MAX_JUMPS],
    taken: [Square; MAX_JUMPS],
    sink: &'a mut Sink<'b>,
}

impl CaptureSearch<'_, '_> {
    /// Tries every jump from `at`; each sequence that cannot go on is recorded. Returns whether any
    /// jump was possible, so the caller knows whether its own sequence is complete.
    fn extend(
        &mut self,
        at: Square,
        king: bool,
        captured: Bitboard,
        last_dir: i32,
        occupied: Bitboard,
        depth: usize,
    ) -> bool {
        self.extend_except(at, king, captured, last_dir, occupied, depth, 0)
    }

    /// [`extend`](Self::extend) without direction `skip` (0 skips none).
    #[allow(clippy::too_many_arguments)]
    fn extend_except(
        &mut self,
        at: Square,
        king: bool,
        captured: Bitboard,
        last_dir: i32,
        occupied: Bitboard,
        depth: usize,
        skip: i32,
    ) -> bool {
        if depth >= MAX_JUMPS {
            return false;
        }
        if self.sink.recorded > self.sink.limit {
            // Given up: report a jump so that no partial sequence is recorded as complete.
            return true;
        }
        let geo = self.geo;
        let dirs = if king { geo.king_captures } else { geo.man_captures[self.side.index()] };
        let mut any = false;
        for &dir in dirs.as_slice() {
            if dir == skip || (self.rules.no_reversal && dir == -last_dir) {
                continue;
            }
            if king && self.rules.king_range == KingRange::Flying {
                any |= self.flying_jump(at, dir, captured, occupied, depth);
            } else {
                any |= self.short_jump(at, king, dir, captured, occupied, depth);
            }
        }
        any
    }

    fn short_jump(
        &mut self,
        at: Square,
        king: bool,
        dir: i32,
        captured: Bitboard,
        occupied: Bitboard,
        depth: usize,
    ) -> bool {
        let geo = self.geo;
        let Some(victim) = geo.step(at, dir) else { return false };
        if !self.opponents.contains(victim) || captured.contains(victim) {
            return false;
        }
        if !king && !self.rules.men_capture_kings && self.opponent_kings.contains(victim) {
            return false;
        }
        let Some(land) = geo.step(victim, dir) else { return false };
        if occupied.contains(land) {
            return false;
        }
        let captured = captured.with(victim);
        let occupied = if self.rules.removal == Removal::Immediate { occupied.without(victim) } else { occupied };
        self.path[depth] = land;
        self.taken[depth] = victim;
        let reaches_row = !king && geo.promotion[self.side.index()].contains(land);
        let (continues, king_after) = match (reaches_row, self.rules.promotion_in_capture) {
            (true, PromotionInCapture::Stops) => (false, false),
            (true, PromotionInCapture::ContinuesAsKing) => (true, true),
            _ => (true, king),
        };
        if !(continues && self.extend(land, king_after, captured, dir, occupied, depth + 1)) {
            self.record(land, captured, depth + 1, king_after);
        }
        true
    }

    fn flying_jump(&mut self, at: Square, dir: i32, captured: Bitboard, occupied: Bitboard, depth: usize) -> bool {
        let geo = self.geo;
        let mut victim = at;
        loop {
            match geo.step(victim, dir) {
                None => return false,
                Some(s) if occupied.contains(s) => {
                    victim = s;
                    break;
                }
                Some(s) => victim = s,
            }
        }
        if !self.opponents.contains(victim) || captured.contains(victim) {
            return false;
        }
        let captured = captured.with(victim);
        let occupied = if self.rules.removal == Removal::Immediate { occupied.without(victim) } else { occupied };
        let mut landings = [Square::new(0); 16];
        let mut count = 0;
        let mut at = victim;
        while let Some(land) = geo.step(at, dir).filter(|s| !occupied.contains(*s)) {
            landings[count] = land;
            count += 1;
            if self.rules.king_landing == KingLanding::DirectlyBehind {
                break;
            }
            at = land;
        }
        if count == 0 {
            return false;
        }
        self.taken[depth] = victim;
        // Only landings from which the capture goes on are allowed, if there is any such landing.
        // Going on straight ahead is one movement of the king whichever empty square it passes, so
        // only the first landing goes on in the same direction: otherwise every square between the
        // two captured pieces would make a path of its own.
        let mut continued = false;
        for (i, &land) in landings[..count].iter().enumerate() {
            self.path[depth] = land;
            self.taken[depth] = victim;
            let skip = if i == 0 { 0 } else { dir };
            continued |= self.extend_except(land, true, captured, dir, occupied, depth + 1, skip);
        }
        if !continued {
            for &land in &landings[..count] {
                self.path[depth] = land;
                self.taken[depth] = victim;
                self.record(land, captured, depth + 1, true);
            }
        }
        true
    }

    fn record(&mut self, to: Square, captured: Bitboard, jumps: usize, king_now: bool) {
        self.sink.recorded += 1;
        if !self.sink.keep {
            return;
        }
        let promotes = !self.started_as_king && (king_now || self.geo.promotion[self.side.index()].contains(to));
        let mut mv = Move::step(self.from, to, promotes);
        mv.captured = captured;
        mv.jumps = jumps as u8;
        mv.started_as_king = self.started_as_king;
        mv.path[..jumps].copy_from_slice(&self.path[..jumps]);
        mv.taken[..jumps].copy_from_slice(&self.taken[..jumps]);
        self.sink.out.push(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::VariantId;

    const CAPTURE_STORM: &str =
        "W:WKa1:BKb1,Kd1,Kf1,Ka2,Kc2,Ke2,Kg2,Kb3,Kd3,Kf3,Ka4,Kc4,Ke4,Kg4,Kb5,Kd5,Kf5,Ka6,Kc6,Ke6,Kg6,Kb7,Kd7,Kf7";

    /// The first move of each effect, found by comparing every pair.
    fn first_of_each(moves: &[Move]) -> Vec<Move> {
        let mut kept: Vec<Move> = Vec::new();
        for m in moves {
            if !kept.iter().any(|k| k.same_effect(m)) {
                kept.push(*m);
            }
        }
        kept
    }

    #[test]
    fn short_and_long_lists_keep_the_first_of_each_effect_in_order() {
        let Ok(p) = Position::from_fen(VariantId::Turkish, CAPTURE_STORM) else { panic!("bad FEN") };
        let mut paths = Vec::new();
        p.generate(&mut paths, Paths::Keep);
        let steps = [Move::step(Square::new(0), Square::new(1), false); 3];
        for len in [2, 7, 24, 25, 300, 5000] {
            for offset in [0, 1234, paths.len() / 2] {
                let window = &paths[offset..offset + len];
                let mut out = steps.to_vec();
                out.extend_from_slice(window);
                merge_duplicates(&mut out, steps.len());
                assert_eq!(out[..steps.len()], steps, "moves before the start are left alone");
                let expected = first_of_each(window);
                assert!(len < 25 || expected.len() < len, "the window has duplicates to merge");
                assert_eq!(out[steps.len()..], expected[..], "len {len} at {offset}");
            }
        }
    }
}
