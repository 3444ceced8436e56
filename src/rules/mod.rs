//! The rules of draughts: boards, pieces, moves, positions, notation, FEN and the end of the game.
//! Pure logic: no I/O, no async. Every variant is a definition in [`variant`].
//!
//! ```
//! use damas::rules::{Position, VariantId};
//!
//! let start = Position::start(VariantId::International);
//! assert_eq!(start.legal_moves().len(), 9);
//! let mv = start.parse_move("32-28").unwrap();
//! let next = start.play(&mv);
//! assert_eq!(next.to_fen(), "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
//! ```

mod bitboard;
mod fen;
mod geometry;
mod movegen;
mod mv;
mod notation;
mod outcome;
mod perft;
mod piece;
mod position;
mod reason;
mod square;
pub mod variant;

pub use bitboard::Bitboard;
pub use fen::FenError;
pub(crate) use movegen::keep_best;
pub use movegen::{Paths, TooManyCaptures};
pub use mv::{MAX_JUMPS, Move};
pub use outcome::{GameState, Outcome, OutcomeReason};
pub use piece::{Color, Piece, Role};
pub use position::{KingRun, Position};
pub use reason::{MoveError, PriorityRule, Reason};
pub use square::Square;
pub use variant::{
    CapturePriority, DrawRule, KingRange, Numbering, PromotionInCapture, Removal, UnknownVariant, Variant, VariantId,
};
