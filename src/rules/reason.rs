//! Why a move is rejected. Front ends translate these into the player's language.

use serde::Serialize;

/// Which capture-priority criterion a rejected capture fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PriorityRule {
    /// Another capture takes more pieces.
    MostPieces,
    /// Another capture takes as many pieces but more kings.
    MostKings,
    /// Another capture takes as many pieces with a king instead of a man.
    KingCaptures,
    /// Another capture is equal but meets a king earlier.
    KingFirst,
    /// Another capture is worth more (Frisian: a king is worth more than a man, less than two).
    MostValue,
}

/// The reason a move text was not played. Squares are named in the variant's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    #[error("that is not a move; write it like 23x16, 27-23 or c3-d4")]
    Unreadable,
    #[error("{square} is not a playing square of this board")]
    NoSuchSquare { square: String },
    #[error("there is no piece on {square}")]
    NoPiece { square: String },
    #[error("the piece on {square} is not yours")]
    NotYourPiece { square: String },
    #[error("a capture is compulsory")]
    CaptureRequired,
    #[error("{}", priority_text(*rule))]
    PriorityRequired { rule: PriorityRule },
    #[error("a man cannot capture a king in this variant")]
    ManCannotCaptureKing,
    #[error("a capture sequence cannot stop half-way: the piece must keep capturing")]
    Incomplete,
    #[error("several moves fit; write the whole path")]
    Ambiguous,
    #[error("that piece cannot move there")]
    NotLegal,
    #[error("the game is over")]
    GameOver,
}

fn priority_text(rule: PriorityRule) -> &'static str {
    match rule {
        PriorityRule::MostPieces => "you must take the capture that takes the most pieces",
        PriorityRule::MostKings => "among equal captures you must take the one that takes the most kings",
        PriorityRule::KingCaptures => "among equal captures you must capture with a king rather than a man",
        PriorityRule::KingFirst => "among equal captures you must take the one that meets a king first",
        PriorityRule::MostValue => {
            "you must take the capture worth the most (a king is worth more than one man and less than two)"
        }
    }
}

/// A rejected move: the reason and, when they help, the legal moves to suggest (in notation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{reason}{}", suggestions(alternatives))]
pub struct MoveError {
    pub reason: Reason,
    pub alternatives: Vec<String>,
}

fn suggestions(alternatives: &[String]) -> String {
    if alternatives.is_empty() { String::new() } else { format!(": {}", alternatives.join(" or ")) }
}

impl MoveError {
    pub(crate) fn new(reason: Reason) -> MoveError {
        MoveError { reason, alternatives: Vec::new() }
    }
}
