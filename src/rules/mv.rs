//! Moves: a step, or a capture sequence with its landing squares and captured pieces in order.

use super::bitboard::Bitboard;
use super::square::Square;

/// The most jumps one capture can make: every piece the opponent can have on the largest board.
pub const MAX_JUMPS: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) captured: Bitboard,
    pub(crate) jumps: u8,
    pub(crate) promotes: bool,
    pub(crate) started_as_king: bool,
    pub(crate) path: [Square; MAX_JUMPS],
    pub(crate) taken: [Square; MAX_JUMPS],
}

impl Move {
    pub(crate) fn step(from: Square, to: Square, promotes: bool) -> Move {
        let mut path = [Square::new(0); MAX_JUMPS];
        path[0] = to;
        Move {
            from,
            to,
            captured: Bitboard::EMPTY,
            jumps: 0,
            promotes,
            started_as_king: false,
            path,
            taken: [Square::new(0); MAX_JUMPS],
        }
    }

    pub fn from(&self) -> Square {
        self.from
    }

    pub fn to(&self) -> Square {
        self.to
    }

    /// Landing squares after each step or jump; for a quiet move just the destination.
    pub fn path(&self) -> &[Square] {
        &self.path[..(self.jumps as usize).max(1)]
    }

    /// Captured squares in the order they were jumped; empty for a quiet move.
    pub fn captures(&self) -> &[Square] {
        &self.taken[..self.jumps as usize]
    }

    pub fn captured_set(&self) -> Bitboard {
        self.captured
    }

    pub fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// The moving man is crowned by this move.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// Same origin, destination and captured pieces: the same move for the player, whatever the path.
    pub fn same_effect(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}
