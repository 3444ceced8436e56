//! A position: the pieces and the side to move.

use super::bitboard::Bitboard;
use super::geometry::Geometry;
use super::mv::Move;
use super::piece::{Color, Piece, Role};
use super::square::Square;
use super::variant::{Variant, VariantId};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: VariantId,
    pub(crate) side: Color,
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) kings: Bitboard,
    /// Per colour, the king that made the latest plain moves in a row and how many (only in variants
    /// with a king move limit; otherwise always empty).
    pub(crate) king_run: [KingRun; 2],
    pub(crate) hash: u64,
}

/// Plain moves made in a row by one king, for the king move limit (Frisian).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KingRun {
    /// Where that king stands now.
    pub square: Option<Square>,
    pub moves: u8,
}

/// Hash key of a king run (0 for none), so that positions that allow different moves hash apart.
fn run_key(color: Color, run: KingRun) -> u64 {
    let Some(sq) = run.square else { return 0 };
    let mut z =
        0xD1B5_4A32_D192_ED03u64 ^ ((color.index() as u64) << 40 | (run.moves as u64) << 32 | sq.index() as u64);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Position {
    /// The variant's start position.
    pub fn start(variant: VariantId) -> Position {
        match Position::from_fen(variant, variant.rules().start_fen) {
            Ok(p) => p,
            // The start FENs are constants checked by the test suite.
            Err(e) => unreachable!("start position of {variant}: {e}"),
        }
    }

    pub(crate) fn from_parts(
        variant: VariantId,
        side: Color,
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
    ) -> Position {
        let mut p =
            Position { variant, side, by_color: [white, black], kings, king_run: [KingRun::default(); 2], hash: 0 };
        p.hash = p.compute_hash();
        p
    }

    /// The same position with the given king runs (checked by the caller).
    pub(crate) fn with_king_runs(mut self, runs: [KingRun; 2]) -> Position {
        self.king_run = runs;
        self.hash = self.compute_hash();
        self
    }

    /// The king run of `color`: which king made the latest plain moves in a row, and how many.
    pub fn king_run(&self, color: Color) -> KingRun {
        self.king_run[color.index()]
    }

    /// The king of the side to move that has used up its plain moves (Frisian king move limit): it
    /// may still capture, but not make a plain move.
    pub fn restricted_king(&self) -> Option<Square> {
        let limit = self.rules().king_quiet_limit;
        let us = self.side.index();
        let run = self.king_run[us];
        let has_men = (self.by_color[us] & !self.kings).any();
        if limit > 0 && run.moves >= limit && has_men { run.square } else { None }
    }

    fn compute_hash(&self) -> u64 {
        let geo = self.geometry();
        let mut h = if self.side == Color::Black { geo.zobrist_black_to_move } else { 0 };
        for (sq, piece) in self.pieces() {
            h ^= geo.zobrist_pieces[sq.index()][piece.color.index()][piece.role as usize];
        }
        for color in Color::BOTH {
            h ^= run_key(color, self.king_run[color.index()]);
        }
        h
    }

    #[inline]
    pub(crate) fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.variant)
    }

    pub fn variant(&self) -> VariantId {
        self.variant
    }

    pub fn rules(&self) -> &'static Variant {
        self.variant.rules()
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The same pieces with the other side to move.
    pub fn with_side_to_move(&self, side: Color) -> Position {
        Position::from_parts(self.variant, side, self.by_color[0], self.by_color[1], self.kings)
            .with_king_runs(self.king_run)
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    pub fn color_pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    pub fn king_squares(&self) -> Bitboard {
        self.kings
    }

    /// Whether `mv` can never be undone: a capture, or a man's step toward the crowning row. A king's
    /// move can be undone, and so can a man's sideways step (Turkish), so positions on either side of
    /// one may repeat.
    pub fn is_irreversible(&self, mv: &Move) -> bool {
        if mv.is_capture() {
            return true;
        }
        let man = !self.kings.contains(mv.from());
        let geometry = self.geometry();
        man && geometry.coords[mv.from().index()].0 != geometry.coords[mv.to().index()].0
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) { Role::King } else { Role::Man };
        Some(Piece { color, role })
    }

    /// Every piece, in notation order of its square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.geometry().order.iter().filter_map(|&sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    pub fn count(&self, color: Color, role: Role) -> u32 {
        let mine = self.by_color[color.index()];
        match role {
            Role::King => (mine & self.kings).count(),
            Role::Man => (mine & !self.kings).count(),
        }
    }

    /// Zobrist hash of pieces and side to move; equal positions of one variant hash alike.
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// Plays a move from `legal_moves()`. A move from elsewhere gives a meaningless position.
    pub fn play(&self, mv: &Move) -> Position {
        let geo = self.geometry();
        let us = self.side.index();
        let them = 1 - us;
        let mut next = *self;
        let was_king = self.kings.contains(mv.from);
        let role = was_king as usize;
        let keys = &geo.zobrist_pieces;
        // Captured pieces go first: with immediate removal the mover may land on a captured square.
        for sq in mv.captured {
            let victim_role = self.kings.contains(sq) as usize;
            next.hash ^= keys[sq.index()][them][victim_role];
        }
        next.by_color[them] &= !mv.captured;
        next.kings &= !mv.captured;
        next.by_color[us] = next.by_color[us].without(mv.from).with(mv.to);
        next.hash ^= keys[mv.from.index()][us][role];
        let new_role = (was_king || mv.promotes) as usize;
        next.hash ^= keys[mv.to.index()][us][new_role];
        if was_king {
            next.kings = next.kings.without(mv.from).with(mv.to);
        } else if mv.promotes {
            next.kings = next.kings.with(mv.to);
        }
        next.side = self.side.opposite();
        next.hash ^= geo.zobrist_black_to_move;
        let limit = self.rules().king_quiet_limit;
        if limit > 0 {
            let before = self.king_run;
            let mover_has_men = (self.by_color[us] & !self.kings).any();
            next.king_run[us] = if was_king && !mv.is_capture() && mover_has_men {
                let moves = if before[us].square == Some(mv.from) { before[us].moves.saturating_add(1) } else { 1 };
                KingRun { square: Some(mv.to), moves: moves.min(limit) }
            } else {
                KingRun::default()
            };
            if before[them].square.is_some_and(|sq| mv.captured.contains(sq)) {
                next.king_run[them] = KingRun::default();
            }
            for color in Color::BOTH {
                let i = color.index();
                next.hash ^= run_key(color, before[i]) ^ run_key(color, next.king_run[i]);
            }
        }
        next
    }
}
