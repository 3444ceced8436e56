//! The end of a game: no pieces, no moves, and each variant's draw rules, which need the game's
//! history as well as its position.

use serde::Serialize;

use super::mv::Move;
use super::piece::{Color, Role};
use super::position::Position;
use super::variant::DrawRule;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: OutcomeReason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "rule", rename_all = "snake_case")]
pub enum OutcomeReason {
    /// The side to move has no pieces left (it loses; in antidraughts it wins).
    NoPieces,
    /// The side to move has pieces but none can move (it loses; in antidraughts it wins).
    NoMoves,
    /// The same position occurred for the third time with the same side to move.
    Repetition,
    /// A move-limit rule, by its id (for example "forty-move" or "sixteen-move").
    MoveLimit(&'static str),
    /// Only one king each remains.
    InsufficientMaterial(&'static str),
}

/// A position together with the history the draw rules need.
#[derive(Clone, Debug)]
pub struct GameState {
    position: Position,
    /// Hashes of the positions since the last irreversible move, current one included.
    since_irreversible: Vec<u64>,
    /// Plies since the last irreversible move (a capture or a man's step forward).
    quiet_plies: u32,
    /// Plies since the material (pieces of each colour and role) last changed.
    same_material_plies: u32,
}

impl GameState {
    pub fn new(start: Position) -> GameState {
        GameState { position: start, since_irreversible: vec![start.zobrist()], quiet_plies: 0, same_material_plies: 0 }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Hashes of the positions since the last capture or man's step forward, the current one last.
    pub fn history(&self) -> &[u64] {
        &self.since_irreversible
    }

    /// Plies since the last capture or man's step forward (see [`Position::is_irreversible`]).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// Plies since the material last changed (capture or promotion).
    pub fn same_material_plies(&self) -> u32 {
        self.same_material_plies
    }

    /// Plays a legal move of the current position.
    pub fn play(&mut self, mv: &Move) {
        let before = self.position;
        self.position = before.play(mv);
        if before.is_irreversible(mv) {
            self.quiet_plies = 0;
            self.since_irreversible.clear();
        } else {
            self.quiet_plies += 1;
        }
        if mv.is_capture() || mv.promotes() {
            self.same_material_plies = 0;
        } else {
            self.same_material_plies += 1;
        }
        self.since_irreversible.push(self.position.zobrist());
    }

    /// The result if the game is over, applied automatically.
    pub fn outcome(&self) -> Option<Outcome> {
        let p = &self.position;
        let side = p.side_to_move();
        // Normally the side that cannot move loses; in a losing variant (antidraughts) it wins.
        let stuck_side_result = if p.rules().losing { Some(side) } else { Some(side.opposite()) };
        if p.color_pieces(side).is_empty() {
            return Some(Outcome { winner: stuck_side_result, reason: OutcomeReason::NoPieces });
        }
        if p.legal_moves().is_empty() {
            return Some(Outcome { winner: stuck_side_result, reason: OutcomeReason::NoMoves });
        }
        let draw = |reason| Some(Outcome { winner: None, reason });
        for rule in p.rules().draw_rules {
            match *rule {
                DrawRule::Repetition { times } => {
                    let now = p.zobrist();
                    if self.since_irreversible.iter().filter(|&&h| h == now).count() >= times as usize {
                        return draw(OutcomeReason::Repetition);
                    }
                }
                DrawRule::NoProgress { moves_each, id } => {
                    if self.quiet_plies >= 2 * moves_each as u32 {
                        return draw(OutcomeReason::MoveLimit(id));
                    }
                }
                DrawRule::ShortEnding { min_strong, max_strong, all_kings, moves_each, id } => {
                    if self.same_material_plies >= 2 * moves_each as u32
                        && Color::BOTH.iter().any(|&weak| lone_king_against(p, weak, min_strong, max_strong, all_kings))
                    {
                        return draw(OutcomeReason::MoveLimit(id));
                    }
                }
                DrawRule::BalancedKings { min_total, max_total, moves_each, id } => {
                    let total = p.occupied().count();
                    let both_have_kings = Color::BOTH.iter().all(|&c| p.count(c, Role::King) > 0);
                    if both_have_kings
                        && (min_total as u32..=max_total as u32).contains(&total)
                        && self.same_material_plies >= 2 * moves_each as u32
                    {
                        return draw(OutcomeReason::MoveLimit(id));
                    }
                }
                DrawRule::LoneKings { id } => {
                    if Color::BOTH.iter().all(|&c| p.count(c, Role::King) == 1 && p.count(c, Role::Man) == 0) {
                        return draw(OutcomeReason::InsufficientMaterial(id));
                    }
                }
            }
        }
        None
    }
}

/// `weak` has a single king; the other side has `min..=max` pieces with a king among them.
fn lone_king_against(p: &Position, weak: Color, min: u8, max: u8, all_kings: bool) -> bool {
    let strong = weak.opposite();
    let (kings, men) = (p.count(strong, Role::King), p.count(strong, Role::Man));
    p.count(weak, Role::King) == 1
        && p.count(weak, Role::Man) == 0
        && kings >= 1
        && (!all_kings || men == 0)
        && (min as u32..=max as u32).contains(&(kings + men))
}
