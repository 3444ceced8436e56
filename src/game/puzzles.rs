//! Puzzles: the shipped sets (`data/puzzles/<variant>.txt`, made by `damas tactics`), one running
//! puzzle per user, and a puzzle rating per user (Glicko-2, each puzzle rated by its difficulty).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::model::UserId;
use super::ratings::{Glicko, TAU};
use super::service::GameError;
use super::store::KeyValues;
use crate::engine::SplitMix;
use crate::engine::tactics::Puzzle;
use crate::rules::{MoveError, Position, Square, VariantId};

/// The variants with a shipped set, and the set's text.
const SHIPPED: &[(VariantId, &str)] = &[
    (VariantId::International, include_str!("../../data/puzzles/international.txt")),
    (VariantId::Russian, include_str!("../../data/puzzles/russian.txt")),
    (VariantId::Brazilian, include_str!("../../data/puzzles/brazilian.txt")),
    (VariantId::English, include_str!("../../data/puzzles/english.txt")),
    (VariantId::Spanish, include_str!("../../data/puzzles/spanish.txt")),
    (VariantId::Italian, include_str!("../../data/puzzles/italian.txt")),
    (VariantId::Turkish, include_str!("../../data/puzzles/turkish.txt")),
];

/// How long a running puzzle and a user's puzzle history are kept.
const KEEP: Duration = Duration::from_secs(90 * 86_400);

/// Puzzles a user is not shown again soon after.
const REMEMBERED: usize = 200;

fn sets() -> &'static HashMap<VariantId, Vec<Puzzle>> {
    static SETS: OnceLock<HashMap<VariantId, Vec<Puzzle>>> = OnceLock::new();
    SETS.get_or_init(|| {
        SHIPPED.iter().map(|(v, text)| (*v, text.lines().filter_map(Puzzle::parse).collect())).collect()
    })
}

/// The shipped puzzles of `variant` (empty when it has none).
pub fn puzzles(variant: VariantId) -> &'static [Puzzle] {
    sets().get(&variant).map(Vec::as_slice).unwrap_or(&[])
}

/// The variants that have puzzles, in the order of [`VariantId::ALL`].
pub fn variants() -> Vec<VariantId> {
    VariantId::ALL.into_iter().filter(|v| !puzzles(*v).is_empty()).collect()
}

/// The legal moves of `position` in the variant's notation, shortest and then alphabetically first:
/// the order a puzzle's move buttons are shown and read back in.
pub fn move_choices(position: &Position) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(|m| position.notation(m)).collect();
    moves.sort_by_key(|m| (m.len(), m.clone()));
    moves
}

/// A user's puzzle in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub variant: VariantId,
    /// Index in the variant's set.
    pub index: usize,
    /// Moves of the line played so far.
    pub step: usize,
    /// A wrong move was tried or the solution shown: the rating counts it as not solved.
    pub failed: bool,
    pub hinted: bool,
    /// A puzzle from one of the user's own analysed games, in place of the set's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own: Option<Puzzle>,
}

impl Run {
    pub fn puzzle(&self) -> Option<&Puzzle> {
        match &self.own {
            Some(own) => Some(own),
            None => puzzles(self.variant).get(self.index),
        }
    }

    /// The position the user is to move in now.
    pub fn position(&self) -> Option<Position> {
        let puzzle = self.puzzle()?;
        let mut position = Position::from_fen(self.variant, &puzzle.fen).ok()?;
        for text in puzzle.line.iter().take(self.step) {
            let mv = position.parse_move(text).ok()?;
            position = position.play(&mv);
        }
        Some(position)
    }

    /// The solver's moves found so far and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.step.div_ceil(2), self.puzzle().map_or(0, Puzzle::solver_moves))
    }
}

/// What an answer did.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The rules refuse the move; nothing changed.
    Illegal(MoveError),
    /// A legal move, not the solution; the user may try again.
    Wrong,
    /// The right move; `reply` is the defender's answer when the line goes on.
    Right { reply: Option<String> },
    /// The last move of the line: solved (`clean` without a wrong try or the solution shown).
    Solved { clean: bool, rating: Rating },
}

/// A user's puzzle rating before and after a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub before: f64,
    pub after: f64,
}

pub struct PuzzleService {
    store: Arc<dyn KeyValues>,
}

fn run_key(user: UserId) -> String {
    format!("puzzle:{user}")
}

fn rating_key(user: UserId) -> String {
    format!("puzzle-rating:{user}")
}

fn variant_key(user: UserId) -> String {
    format!("puzzle-variant:{user}")
}

fn own_key(user: UserId, variant: VariantId) -> String {
    format!("puzzle-own:{user}:{}", variant.as_str())
}

/// Puzzles from a user's own games waiting to be shown, per variant; the oldest go first.
const OWN_KEPT: usize = 30;

fn seen_key(user: UserId, variant: VariantId) -> String {
    format!("puzzle-seen:{user}:{}", variant.as_str())
}

impl PuzzleService {
    pub fn new(store: Arc<dyn KeyValues>) -> PuzzleService {
        PuzzleService { store }
    }

    pub async fn rating(&self, user: UserId) -> Result<Glicko, GameError> {
        Ok(self.store.kv_get(&rating_key(user)).await?.and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default())
    }

    /// The user's puzzle in progress, if any.
    pub async fn current(&self, user: UserId) -> Result<Option<Run>, GameError> {
        let run: Option<Run> = self.store.kv_get(&run_key(user)).await?.and_then(|t| serde_json::from_str(&t).ok());
        Ok(run.filter(|r| r.puzzle().is_some()))
    }

    async fn save(&self, user: UserId, run: &Run) -> Result<(), GameError> {
        let text = serde_json::to_string(run).map_err(|e| GameError::Internal(e.to_string()))?;
        Ok(self.store.kv_set(&run_key(user), &text, KEEP).await?)
    }

    /// Adds puzzles found in one of `user`'s games to the ones they will be given first.
    pub async fn add_own(&self, user: UserId, variant: VariantId, found: &[Puzzle]) -> Result<(), GameError> {
        if found.is_empty() {
            return Ok(());
        }
        let mut own = self.own(user, variant).await?;
        for p in found {
            if !own.iter().any(|o| o.fen == p.fen) {
                own.push(p.clone());
            }
        }
        let excess = own.len().saturating_sub(OWN_KEPT);
        own.drain(..excess);
        self.put_own(user, variant, &own).await
    }

    /// The puzzles from `user`'s own games not shown yet.
    pub async fn own(&self, user: UserId, variant: VariantId) -> Result<Vec<Puzzle>, GameError> {
        Ok(self
            .store
            .kv_get(&own_key(user, variant))
            .await?
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default())
    }

    async fn put_own(&self, user: UserId, variant: VariantId, own: &[Puzzle]) -> Result<(), GameError> {
        let text = serde_json::to_string(own).map_err(|e| GameError::Internal(e.to_string()))?;
        Ok(self.store.kv_set(&own_key(user, variant), &text, KEEP).await?)
    }

    /// A new puzzle of `variant` for `user`: the next one from their own analysed games if any
    /// waits, else one of the set near their rating and not among the ones shown lately. It
    /// replaces the one in progress (which counts as not solved if it was begun wrongly).
    pub async fn start(&self, user: UserId, variant: VariantId, seed: u64) -> Result<Run, GameError> {
        let mut own = self.own(user, variant).await?;
        if !own.is_empty() {
            let puzzle = own.remove(0);
            self.put_own(user, variant, &own).await?;
            let run = Run { variant, index: 0, step: 0, failed: false, hinted: false, own: Some(puzzle) };
            self.save(user, &run).await?;
            self.store.kv_set(&variant_key(user), variant.as_str(), KEEP).await?;
            return Ok(run);
        }
        let set = puzzles(variant);
        if set.is_empty() {
            return Err(GameError::Invalid(format!("no puzzles for {variant}")));
        }
        let rating = self.rating(user).await?.rating;
        let mut seen: Vec<usize> = self
            .store
            .kv_get(&seen_key(user, variant))
            .await?
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        if seen.len() >= set.len() {
            seen.clear();
        }
        let mut fresh: Vec<usize> = (0..set.len()).filter(|i| !seen.contains(i)).collect();
        // The closest ratings first; a random one among the nearest few keeps it varied.
        fresh.sort_by_key(|i| (f64::from(set[*i].rating) - rating).abs() as i64);
        let near = fresh.len().min(8);
        let mut rng = SplitMix::new(seed);
        let index = fresh[rng.below(near)];
        seen.push(index);
        if seen.len() > REMEMBERED {
            seen.remove(0);
        }
        if let Ok(text) = serde_json::to_string(&seen) {
            self.store.kv_set(&seen_key(user, variant), &text, KEEP).await?;
        }
        let run = Run { variant, index, step: 0, failed: false, hinted: false, own: None };
        self.save(user, &run).await?;
        self.store.kv_set(&variant_key(user), variant.as_str(), KEEP).await?;
        Ok(run)
    }

    /// The variant of the user's last puzzle, if any.
    pub async fn last_variant(&self, user: UserId) -> Result<Option<VariantId>, GameError> {
        Ok(self
            .store
            .kv_get(&variant_key(user))
            .await?
            .and_then(|v| VariantId::ALL.into_iter().find(|id| id.as_str() == v)))
    }

    /// The user's move for the running puzzle.
    pub async fn answer(&self, user: UserId, text: &str) -> Result<(Answer, Run), GameError> {
        let Some(mut run) = self.current(user).await? else { return Err(GameError::NotFound) };
        let (Some(puzzle), Some(position)) = (run.puzzle().cloned(), run.position()) else {
            return Err(GameError::NotFound);
        };
        let played = match position.parse_move(text) {
            Ok(mv) => mv,
            Err(e) => return Ok((Answer::Illegal(e), run)),
        };
        // A run kept from an older set may not fit the puzzle now at its index: it is over.
        let Some(expected) = puzzle.line.get(run.step).and_then(|m| position.parse_move(m).ok()) else {
            return Err(GameError::NotFound);
        };
        if !played.same_effect(&expected) {
            run.failed = true;
            self.save(user, &run).await?;
            return Ok((Answer::Wrong, run));
        }
        run.step += 1;
        if run.step < puzzle.line.len() {
            let reply = puzzle.line[run.step].clone();
            run.step += 1;
            self.save(user, &run).await?;
            return Ok((Answer::Right { reply: Some(reply) }, run));
        }
        let rating = self.finish(user, &run, !run.failed).await?;
        Ok((Answer::Solved { clean: !run.failed, rating }, run))
    }

    /// The square of the piece to move now.
    pub async fn hint(&self, user: UserId) -> Result<(Square, Run), GameError> {
        let Some(mut run) = self.current(user).await? else { return Err(GameError::NotFound) };
        let (Some(puzzle), Some(position)) = (run.puzzle(), run.position()) else { return Err(GameError::NotFound) };
        // A run kept from an older set may not fit the puzzle now at its index: it is over.
        let Some(expected) = puzzle.line.get(run.step).and_then(|m| position.parse_move(m).ok()) else {
            return Err(GameError::NotFound);
        };
        run.hinted = true;
        self.save(user, &run).await?;
        Ok((expected.from(), run))
    }

    /// Gives up: the rest of the line is shown and the puzzle counts as not solved.
    pub async fn reveal(&self, user: UserId) -> Result<(Run, Rating), GameError> {
        let Some(run) = self.current(user).await? else { return Err(GameError::NotFound) };
        let rating = self.finish(user, &run, false).await?;
        Ok((run, rating))
    }

    /// Ends the run and rates it against the puzzle's own rating.
    async fn finish(&self, user: UserId, run: &Run, solved: bool) -> Result<Rating, GameError> {
        let before = self.rating(user).await?;
        let puzzle_rating =
            run.puzzle().map_or(f64::from(crate::engine::tactics::DEFAULT_RATING), |p| f64::from(p.rating));
        let opponent = Glicko { rating: puzzle_rating, deviation: 80.0, volatility: 0.06 };
        let after = before.update(&[(opponent, if solved { 1.0 } else { 0.0 })], TAU);
        let text = serde_json::to_string(&after).map_err(|e| GameError::Internal(e.to_string()))?;
        self.store.kv_set(&rating_key(user), &text, KEEP).await?;
        self.store.kv_delete(&run_key(user)).await?;
        Ok(Rating { before: before.rating, after: after.rating })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::store::memory::MemoryStore;

    /// Every shipped puzzle reads, and its line is legal from its position.
    #[test]
    fn the_shipped_sets_are_sound() {
        for (variant, _) in SHIPPED {
            let set = puzzles(*variant);
            let wanted = 300;
            assert!(set.len() >= wanted, "{variant}: {} puzzles", set.len());
            for (i, p) in set.iter().enumerate() {
                let mut position =
                    Position::from_fen(*variant, &p.fen).unwrap_or_else(|e| panic!("{variant} {i}: {e}"));
                assert!(p.line.len() % 2 == 1, "{variant} {i}: the line ends with the solver's move");
                for m in &p.line {
                    let mv = position.parse_move(m).unwrap_or_else(|e| panic!("{variant} {i} {m}: {e}"));
                    position = position.play(&mv);
                }
                assert!((1000..=2500).contains(&p.rating), "{variant} {i}: rating {}", p.rating);
            }
        }
        assert_eq!(variants().len(), SHIPPED.len());
    }

    fn service() -> PuzzleService {
        PuzzleService::new(Arc::new(MemoryStore::new(Default::default())))
    }

    #[tokio::test]
    async fn a_puzzle_solved_cleanly_raises_the_rating() {
        let s = service();
        let user = UserId(5);
        let run = s.start(user, VariantId::Russian, 1).await.unwrap();
        let puzzle = run.puzzle().unwrap().clone();
        assert_eq!(s.current(user).await.unwrap(), Some(run.clone()));
        let (square, _) = s.hint(user).await.unwrap();
        let position = run.position().unwrap();
        assert_eq!(square, position.parse_move(&puzzle.line[0]).unwrap().from());
        let mut last = None;
        for (k, m) in puzzle.line.iter().enumerate().step_by(2) {
            let (answer, _) = s.answer(user, m).await.unwrap();
            match &answer {
                Answer::Right { reply } => assert_eq!(reply.as_deref(), puzzle.line.get(k + 1).map(String::as_str)),
                Answer::Solved { .. } => assert_eq!(k + 1, puzzle.line.len()),
                other => panic!("{other:?}"),
            }
            last = Some(answer);
        }
        let Some(Answer::Solved { clean: true, rating }) = last else { panic!("{last:?}") };
        assert!(rating.after > rating.before);
        assert_eq!(s.current(user).await.unwrap(), None, "the run is over");
        assert_eq!(s.rating(user).await.unwrap().rating, rating.after);
    }

    #[tokio::test]
    async fn a_wrong_try_or_the_solution_lowers_it_and_illegal_moves_change_nothing() {
        let s = service();
        let user = UserId(6);
        let run = s.start(user, VariantId::English, 2).await.unwrap();
        let puzzle = run.puzzle().unwrap().clone();
        let (answer, after) = s.answer(user, "99-98").await.unwrap();
        assert!(matches!(answer, Answer::Illegal(_)));
        assert!(!after.failed);
        let position = run.position().unwrap();
        let expected = position.parse_move(&puzzle.line[0]).unwrap();
        if let Some(other) = position.legal_moves().into_iter().find(|m| !m.same_effect(&expected)) {
            let (answer, after) = s.answer(user, &position.notation(&other)).await.unwrap();
            assert_eq!(answer, Answer::Wrong);
            assert!(after.failed && after.step == 0);
        }
        let (_, rating) = s.reveal(user).await.unwrap();
        assert!(rating.after < rating.before);
        assert!(matches!(s.answer(user, &puzzle.line[0]).await, Err(GameError::NotFound)));
        // The next puzzle is another one.
        let next = s.start(user, VariantId::English, 2).await.unwrap();
        assert_ne!(next.index, run.index);
    }
}
