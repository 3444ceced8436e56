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
    pub(crate) hash: u64,
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

    pub(crate) fn from_parts(variant: VariantId, side: Color, white: Bitboard, black: Bitboard, kings: Bitboard) -> Position {
        let mut p = Position { variant, side, by_color: [white, black], kings, hash: 0 };
        p.hash = p.compute_hash();
        p
    }

    fn compute_hash(&self) -> u64 {
        let geo = self.geometry();
        let mut h = if self.side == Color::Black { geo.zobrist_black_to_move } else { 0 };
        for (sq, piece) in self.pieces() {
            h ^= geo.zobrist_pieces[sq.index()][piece.color.index()][piece.role as usize];
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
        next
    }
}
