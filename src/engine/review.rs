//! Reviewing a finished game: every position searched once, every move judged by how much it
//! lowered the mover's expected score.
//!
//! A score in hundredths of a man becomes an expected score (win percentage) through a logistic
//! curve, as lichess does for chess; a move's cost is the drop in the mover's win percentage between
//! the position before it (best play) and the position after it (the opponent's best reply). Costs
//! of 10, 20 and 30 points make an inaccuracy, a mistake and a blunder; a move's accuracy falls
//! off exponentially with its cost, and a player's accuracy is the mean over their moves.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::search::{Limits, WIN, WIN_BOUND};
use super::{Engine, EngineError};
use crate::rules::{Color, GameState, Move, Position};

/// How hard each position is searched. Fixed nodes keep a review the same on every machine; the
/// time is only a ceiling for a position where the node count would take unusually long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewLimits {
    pub nodes: u64,
    pub max_time_per_position: Duration,
}

impl Default for ReviewLimits {
    fn default() -> Self {
        ReviewLimits { nodes: 400_000, max_time_per_position: Duration::from_millis(1000) }
    }
}

/// What a move did to its player's chances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judgement {
    /// The only legal move.
    Forced,
    /// The engine's choice, or as good.
    Best,
    /// Lost less than ten points of win percentage.
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    fn of_loss(loss: f64) -> Judgement {
        match loss {
            l if l >= 30.0 => Judgement::Blunder,
            l if l >= 20.0 => Judgement::Mistake,
            l if l >= 10.0 => Judgement::Inaccuracy,
            l if l > 0.5 => Judgement::Good,
            _ => Judgement::Best,
        }
    }

    /// An error worth showing to the player.
    pub fn is_error(self) -> bool {
        matches!(self, Judgement::Inaccuracy | Judgement::Mistake | Judgement::Blunder)
    }
}

/// One move of the game under review.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Index in the game's move list (0 for the first move).
    pub index: usize,
    pub mover: Color,
    pub played: Move,
    /// The engine's move in the position before, and the line it expected.
    pub best: Move,
    pub best_line: Vec<Move>,
    /// The mover's win percentage with best play, and after the move played.
    pub win_before: f64,
    pub win_after: f64,
    pub judgement: Judgement,
    /// 0 to 100.
    pub accuracy: f64,
}

impl MoveReview {
    /// Points of win percentage the move gave away.
    pub fn loss(&self) -> f64 {
        (self.win_before - self.win_after).max(0.0)
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub moves: Vec<MoveReview>,
    /// The score of every position from the start (one more than the moves), from White's side,
    /// in hundredths of a man; forced results are clamped to ±[`WIN_BOUND`].
    pub white_scores: Vec<i32>,
}

impl Review {
    /// The mean accuracy of `color`'s moves that had a choice; `None` without any.
    pub fn accuracy(&self, color: Color) -> Option<f64> {
        let own: Vec<f64> = self
            .moves
            .iter()
            .filter(|m| m.mover == color && m.judgement != Judgement::Forced)
            .map(|m| m.accuracy)
            .collect();
        (!own.is_empty()).then(|| own.iter().sum::<f64>() / own.len() as f64)
    }

    /// How many of `color`'s moves got `judgement`.
    pub fn count(&self, color: Color, judgement: Judgement) -> usize {
        self.moves.iter().filter(|m| m.mover == color && m.judgement == judgement).count()
    }
}

/// The side to move's win percentage (0 to 100) for a score in hundredths of a man. A man up is
/// about 65%, two men about 78%; forced results are 0 and 100.
pub fn win_percent(score: i32) -> f64 {
    if score >= WIN_BOUND {
        return 100.0;
    }
    if score <= -WIN_BOUND {
        return 0.0;
    }
    50.0 + 50.0 * (2.0 / (1.0 + (-0.006 * f64::from(score)).exp()) - 1.0)
}

/// A move's accuracy from the points it lost (lichess's curve): 100 for nothing lost, about 65 for
/// ten points, 16 for forty.
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One position of a review: the score for the side to move, the best move and its line (none when
/// the game is over there), and how many legal moves there were.
type Searched = (i32, Option<(Move, Vec<Move>)>, usize);

/// Reviews the game that starts at `start` and plays `moves` (all legal, as a stored game's are).
/// `progress` is told after each searched position (done, total). Setting `cancel` stops the review
/// with what is done so far discarded.
pub fn review(
    start: &Position,
    moves: &[Move],
    limits: &ReviewLimits,
    cancel: Option<Arc<AtomicBool>>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, EngineError> {
    let mut engine = Engine::new(start.variant(), 20);
    let search = Limits {
        nodes: Some(limits.nodes),
        movetime: Some(limits.max_time_per_position),
        depth: None,
        use_all_time: false,
    };
    let mut state = GameState::new(*start);
    let mut searched: Vec<Searched> = Vec::with_capacity(moves.len() + 1);
    let total = moves.len() + 1;
    for i in 0..total {
        if cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
            return Err(EngineError::NoMoves);
        }
        let legal = state.position().legal_moves().len();
        let entry = match state.outcome() {
            Some(outcome) => {
                let score = match outcome.winner {
                    None => 0,
                    Some(w) if w == state.position().side_to_move() => WIN,
                    Some(_) => -WIN,
                };
                (score, None, legal)
            }
            None => {
                let result = engine.analyse(&state, &search, cancel.clone(), &mut |_| {})?;
                (result.score, Some((result.best, result.pv)), legal)
            }
        };
        searched.push(entry);
        progress(i + 1, total);
        if let Some(mv) = moves.get(i) {
            state.play(mv);
        }
    }

    let first = start.side_to_move();
    let mut reviews = Vec::with_capacity(moves.len());
    for (i, played) in moves.iter().enumerate() {
        let mover = if i % 2 == 0 { first } else { first.opposite() };
        let (before, best, legal) = &searched[i];
        let after = -searched[i + 1].0;
        let (best, best_line) = best.clone().unwrap_or((*played, vec![*played]));
        let win_before = win_percent(*before);
        let win_after = if played.same_effect(&best) { win_before } else { win_percent(after) };
        let loss = (win_before - win_after).max(0.0);
        let judgement = if *legal <= 1 { Judgement::Forced } else { Judgement::of_loss(loss) };
        reviews.push(MoveReview {
            index: i,
            mover,
            played: *played,
            best,
            best_line,
            win_before,
            win_after,
            judgement,
            accuracy: move_accuracy(loss),
        });
    }
    let white_scores = searched
        .iter()
        .enumerate()
        .map(|(i, (score, _, _))| {
            let to_move = if i % 2 == 0 { first } else { first.opposite() };
            let score = (*score).clamp(-WIN_BOUND, WIN_BOUND);
            if to_move == Color::White { score } else { -score }
        })
        .collect();
    Ok(Review { moves: reviews, white_scores })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::VariantId;

    fn play(variant: VariantId, fen: Option<&str>, moves: &[&str]) -> (Position, Vec<Move>) {
        let start = match fen {
            Some(f) => Position::from_fen(variant, f).unwrap(),
            None => Position::start(variant),
        };
        let mut pos = start;
        let mut out = Vec::new();
        for m in moves {
            let mv = pos.parse_move(m).unwrap();
            pos = pos.play(&mv);
            out.push(mv);
        }
        (start, out)
    }

    #[test]
    fn the_curves() {
        assert_eq!(win_percent(0), 50.0);
        assert!((win_percent(100) - 64.6).abs() < 0.5, "{}", win_percent(100));
        assert!((win_percent(-100) - 35.4).abs() < 0.5);
        assert_eq!(win_percent(WIN - 3), 100.0);
        assert_eq!(win_percent(-WIN + 3), 0.0);
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(10.0) > 60.0 && move_accuracy(10.0) < 70.0);
        assert_eq!(move_accuracy(100.0), 0.0);
        assert_eq!(Judgement::of_loss(35.0), Judgement::Blunder);
        assert_eq!(Judgement::of_loss(25.0), Judgement::Mistake);
        assert_eq!(Judgement::of_loss(12.0), Judgement::Inaccuracy);
        assert_eq!(Judgement::of_loss(3.0), Judgement::Good);
    }

    /// White gives a man away for nothing: a blunder, with the engine's better move named.
    #[test]
    fn a_man_given_away_is_a_blunder() {
        let (start, moves) = play(VariantId::Russian, Some("W:Wc3,e3,g3:Bd6,f8,h8"), &["e3-f4", "d6-e5", "f4xd6"]);
        let r = review(&start, &moves, &ReviewLimits::default(), None, &mut |_, _| {}).unwrap();
        assert_eq!(r.moves.len(), 3);
        assert_eq!(r.white_scores.len(), 4);
        // Black's d6-e5 gives a man away (f4xd6 follows).
        let gift = &r.moves[1];
        assert_eq!(gift.mover, Color::Black);
        assert!(gift.judgement.is_error(), "{gift:?}");
        assert_ne!(gift.best, gift.played);
        assert!(gift.loss() >= 10.0, "{}", gift.loss());
        // The capture was the only legal move.
        assert_eq!(r.moves[2].judgement, Judgement::Forced);
        assert!(r.accuracy(Color::White).unwrap() > r.accuracy(Color::Black).unwrap());
        assert!(r.white_scores[3] > 50, "White is a man up at the end: {:?}", r.white_scores);
    }

    #[test]
    fn progress_counts_every_position_and_a_finished_game_ends_scored() {
        // English: Black's last man cannot escape White's and is taken: the game is over.
        let (start, moves) = play(VariantId::English, Some("B:W22:B14"), &["14-18", "22x15"]);
        let mut seen = Vec::new();
        let r = review(&start, &moves, &ReviewLimits::default(), None, &mut |done, total| seen.push((done, total)))
            .unwrap();
        assert_eq!(seen, vec![(1, 3), (2, 3), (3, 3)]);
        assert_eq!(r.white_scores.len(), 3);
        assert_eq!(r.white_scores[2], WIN_BOUND, "Black has no piece left: White has won");
        // Either move loses the last man, so the one played cost nothing.
        assert_eq!((r.moves[0].win_before, r.moves[0].judgement), (0.0, Judgement::Best));
    }
}
