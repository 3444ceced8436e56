//! Moves as text: writing the shortest unambiguous PDN form and reading what players type.

use std::collections::HashMap;

use super::bitboard::Bitboard;
use super::movegen::{Paths, rank};
use super::mv::Move;
use super::position::Position;
use super::reason::{MoveError, PriorityRule, Reason};
use super::square::Square;
use super::variant::CapturePriority;

/// Alternatives are listed only when there are few enough to read.
const MAX_SUGGESTIONS: usize = 6;
const MAX_MOVE_TEXT: usize = 200;

impl Position {
    /// The move in PDN: `from-to`, `fromxto`, or the full path when two legal captures share origin and
    /// destination.
    pub fn notation(&self, mv: &Move) -> String {
        let ambiguous = mv.is_capture()
            && self.legal_moves().iter().any(|m| m.from == mv.from && m.to == mv.to && !m.same_effect(mv));
        self.write_move(mv, ambiguous)
    }

    /// [`notation`](Self::notation) of each of `moves`, with the legal moves generated once for
    /// the whole list rather than once per move.
    pub fn notations(&self, moves: &[Move]) -> Vec<String> {
        let mut effects: HashMap<(Square, Square), Vec<Bitboard>> = HashMap::new();
        if moves.iter().any(Move::is_capture) {
            for m in self.legal_moves() {
                effects.entry((m.from, m.to)).or_default().push(m.captured);
            }
        }
        moves
            .iter()
            .map(|mv| {
                let ambiguous = mv.is_capture()
                    && effects.get(&(mv.from, mv.to)).is_some_and(|e| e.iter().any(|c| *c != mv.captured));
                self.write_move(mv, ambiguous)
            })
            .collect()
    }

    /// The move with every landing square written out.
    pub fn full_notation(&self, mv: &Move) -> String {
        self.write_move(mv, true)
    }

    fn write_move(&self, mv: &Move, full: bool) -> String {
        let rules = self.rules();
        let name = |s: Square| rules.square_name(s);
        if !mv.is_capture() {
            return format!("{}-{}", name(mv.from), name(mv.to));
        }
        let sep = rules.capture_separator.to_string();
        let mut parts = vec![name(mv.from)];
        if full {
            parts.extend(mv.path().iter().map(|&s| name(s)));
        } else {
            parts.push(name(mv.to));
        }
        parts.join(&sep)
    }

    /// Finds the legal move a player meant by `text` ("23x16", "27-23", "23x14x5", "c3:e5", spaces
    /// allowed), or says why there is none.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let squares = self.read_squares(text)?;
        let legal = self.legal_moves();
        if legal.is_empty() {
            return Err(MoveError::new(Reason::GameOver));
        }
        let mut matches: Vec<&Move> = legal.iter().filter(|m| fits(m, &squares)).collect();
        // A capture written out in full is that capture, even when its landing squares also lie
        // on a longer one (a Thai king may turn back through a square it freed).
        let exact: Vec<&Move> = matches.iter().copied().filter(|m| is_whole_path(m, &squares)).collect();
        if exact.len() == 1 {
            matches = exact;
        }
        match matches.len() {
            1 => return Ok(*matches[0]),
            0 => {}
            _ => {
                return Err(MoveError {
                    reason: Reason::Ambiguous,
                    alternatives: matches.iter().map(|m| self.full_notation(m)).collect(),
                });
            }
        }
        Err(self.explain(&squares, &legal))
    }

    fn read_squares(&self, text: &str) -> Result<Vec<Square>, MoveError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(MoveError::new(Reason::Unreadable));
        }
        let rules = self.rules();
        let tokens: Vec<&str> = text
            .split(|c: char| matches!(c, '-' | 'x' | 'X' | ':' | '×' | '*') || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.len() < 2 {
            return Err(MoveError::new(Reason::Unreadable));
        }
        tokens
            .iter()
            .map(|t| {
                let looks_like_square =
                    t.chars().all(|c| c.is_ascii_alphanumeric()) && t.chars().any(|c| c.is_ascii_digit());
                if !looks_like_square {
                    return Err(MoveError::new(Reason::Unreadable));
                }
                rules.parse_square(t).ok_or_else(|| MoveError::new(Reason::NoSuchSquare { square: t.to_string() }))
            })
            .collect()
    }

    fn names(&self, moves: &[Move]) -> Vec<String> {
        self.notations(&moves[..moves.len().min(MAX_SUGGESTIONS + 1)])
    }

    /// Builds the most helpful reason for squares that match no legal move.
    fn explain(&self, squares: &[Square], legal: &[Move]) -> MoveError {
        let rules = self.rules();
        let from = squares[0];
        let name = |s: Square| rules.square_name(s);
        let Some(piece) = self.piece_at(from) else {
            return MoveError::new(Reason::NoPiece { square: name(from) });
        };
        if piece.color != self.side {
            return MoveError::new(Reason::NotYourPiece { square: name(from) });
        }
        let few = |moves: Vec<Move>| {
            let names = self.names(&moves);
            if names.len() > MAX_SUGGESTIONS { Vec::new() } else { names }
        };
        let captures_required = legal.iter().any(Move::is_capture);
        // Every complete capture, whatever the priority law says.
        let mut unrestricted = Vec::new();
        self.generate_captures(&mut unrestricted, CapturePriority::Free, Paths::Merge);
        if let Some(chosen) = unrestricted.iter().find(|m| fits(m, squares)) {
            let opponent_kings = self.by_color[1 - self.side.index()] & self.kings;
            let best = legal[0];
            let rule = which_criterion(chosen, &best, rules.priority, opponent_kings);
            return MoveError { reason: Reason::PriorityRequired { rule }, alternatives: few(legal.to_vec()) };
        }
        // A prefix of a capture: the player stopped too early.
        if unrestricted.iter().any(|m| is_prefix(m, squares)) {
            let own: Vec<Move> = legal.iter().filter(|m| m.from == from).copied().collect();
            return MoveError {
                reason: Reason::Incomplete,
                alternatives: few(if own.is_empty() { legal.to_vec() } else { own }),
            };
        }
        if !rules.men_capture_kings
            && piece.role == super::piece::Role::Man
            && squares.len() == 2
            && self.jumps_king(from, squares[1])
        {
            return MoveError { reason: Reason::ManCannotCaptureKing, alternatives: few(legal.to_vec()) };
        }
        if captures_required {
            return MoveError { reason: Reason::CaptureRequired, alternatives: few(legal.to_vec()) };
        }
        let own: Vec<Move> = legal.iter().filter(|m| m.from == from).copied().collect();
        MoveError { reason: Reason::NotLegal, alternatives: few(own) }
    }

    /// Whether a man on `from` would jump an opponent king to land on `to` (one short jump).
    fn jumps_king(&self, from: Square, to: Square) -> bool {
        let geo = self.geometry();
        geo.man_captures[self.side.index()].as_slice().iter().any(|&dir| {
            geo.step(from, dir).is_some_and(|victim| {
                geo.step(victim, dir) == Some(to)
                    && self.kings.contains(victim)
                    && self.by_color[1 - self.side.index()].contains(victim)
            })
        })
    }
}

/// The typed squares fit a move: same origin and destination, and any squares in between are landing
/// squares of the move, in order.
fn fits(m: &Move, squares: &[Square]) -> bool {
    let (first, last) = (squares[0], squares[squares.len() - 1]);
    if m.from != first || m.to != last {
        return false;
    }
    let mut path = m.path().iter();
    squares[1..squares.len() - 1].iter().all(|s| path.any(|p| p == s))
}

/// The typed squares are the move's origin and every one of its landing squares.
fn is_whole_path(m: &Move, squares: &[Square]) -> bool {
    squares[0] == m.from && squares[1..] == *m.path()
}

/// The typed squares describe the start of a capture that goes on further.
fn is_prefix(m: &Move, squares: &[Square]) -> bool {
    if m.from != squares[0] || squares.len() < 2 {
        return false;
    }
    let last = squares[squares.len() - 1];
    let Some(stop) = m.path().iter().position(|&p| p == last) else { return false };
    stop + 1 < m.path().len()
}

fn which_criterion(
    chosen: &Move,
    best: &Move,
    priority: CapturePriority,
    opponent_kings: super::bitboard::Bitboard,
) -> PriorityRule {
    let (a, b) = (rank(chosen, priority, opponent_kings), rank(best, priority, opponent_kings));
    if a.0 != b.0 && priority == CapturePriority::Value {
        PriorityRule::MostValue
    } else if a.0 != b.0 {
        PriorityRule::MostPieces
    } else if a.1 != b.1 {
        PriorityRule::KingCaptures
    } else if a.2 != b.2 {
        PriorityRule::MostKings
    } else {
        PriorityRule::KingFirst
    }
}
