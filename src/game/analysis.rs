//! Post-game analysis: a finished game reviewed by the engine on a small pool of its own (live games
//! never wait for it), the result kept in the store so that asking again costs nothing.

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::sync::{Semaphore, watch};

use super::model::{Game, GameId, Player, Status, UserId};
use super::pdn;
use super::service::{GameError, MAX_CAPTURE_PATHS};
use super::store::KeyValues;
use super::user_counts::UserCounts;
use crate::engine::review::{self, Judgement, ReviewLimits};
use crate::engine::tactics::Puzzle;
use crate::rules::{Color, GameState, Move, Position};

/// How much analysis may run and wait at once, and how deep it looks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLimits {
    /// Reviews running at once (each takes one blocking thread).
    pub workers: usize,
    /// Reviews that may wait for a worker; one more is told to try later.
    pub queue: usize,
    /// Search effort per position.
    pub review: ReviewLimits,
    /// How long a result is kept.
    pub keep: Duration,
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        AnalysisLimits { workers: 1, queue: 8, review: ReviewLimits::default(), keep: Duration::from_secs(30 * 86_400) }
    }
}

/// One analysed move, in the game's notation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysedMove {
    /// Index in the game's moves (0 for the first).
    pub index: usize,
    /// PDN move number ("12." or "12...").
    pub label: String,
    pub mover: Color,
    pub played: String,
    pub best: String,
    /// The engine's expected line from the position before the move, starting with `best`.
    pub line: Vec<String>,
    pub judgement: Judgement,
    /// Points of win percentage the move gave away.
    pub loss: f64,
    pub accuracy: f64,
}

/// A finished game as the engine sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    pub game: GameId,
    /// How many moves were analysed (the game's length when it was asked for).
    pub plies: usize,
    pub moves: Vec<AnalysedMove>,
    /// Mean accuracy of White's and Black's moves that had a choice.
    pub accuracy_white: Option<f64>,
    pub accuracy_black: Option<f64>,
    /// The score after every move from White's side, in hundredths of a man (first: the start).
    pub white_scores: Vec<i32>,
}

impl Analysis {
    pub fn accuracy(&self, color: Color) -> Option<f64> {
        match color {
            Color::White => self.accuracy_white,
            Color::Black => self.accuracy_black,
        }
    }

    /// The moves worth a player's attention: inaccuracies, mistakes and blunders.
    pub fn errors(&self) -> impl Iterator<Item = &AnalysedMove> {
        self.moves.iter().filter(|m| m.judgement.is_error())
    }

    pub fn count(&self, color: Color, judgement: Judgement) -> usize {
        self.moves.iter().filter(|m| m.mover == color && m.judgement == judgement).count()
    }
}

/// Runs reviews, a few at a time, one per user, each result stored.
pub struct Analyst {
    store: Arc<dyn KeyValues>,
    limits: AnalysisLimits,
    workers: Arc<Semaphore>,
    waiting: std::sync::atomic::AtomicUsize,
    per_user: UserCounts,
}

fn key(id: &GameId, plies: usize) -> String {
    format!("analysis:{id}:{plies}")
}

impl Analyst {
    pub fn new(store: Arc<dyn KeyValues>, limits: AnalysisLimits) -> Analyst {
        let workers = Arc::new(Semaphore::new(limits.workers.max(1)));
        Analyst { store, limits, workers, waiting: Default::default(), per_user: UserCounts::default() }
    }

    /// A stored analysis of `game` as it stands, if one was made.
    pub async fn cached(&self, game: &Game) -> Result<Option<Analysis>, GameError> {
        let Some(text) = self.store.kv_get(&key(&game.id, game.moves.len())).await? else { return Ok(None) };
        // A stored result that no longer reads (an older format) is made again.
        Ok(serde_json::from_str(&text).ok())
    }

    /// The analysis of `game`, asked for by `user`, who played in it. Only finished games are
    /// analysed: an engine's opinion of a running game would be help during play. `progress` gets
    /// (positions done, positions in all) while the engine works.
    pub async fn analyse(
        &self,
        game: &Game,
        user: UserId,
        progress: watch::Sender<(usize, usize)>,
    ) -> Result<Analysis, GameError> {
        if game.colors_of(user).is_empty() {
            return Err(GameError::NotAPlayer);
        }
        if matches!(game.status, Status::Active | Status::Waiting) {
            return Err(GameError::NotOver);
        }
        self.run(game, user, progress, true).await
    }

    /// The analysis of a game `user` sent as PDN (see [`game_from_pdn`]), kept like any other.
    /// Nobody here played it, so it gives no one puzzles.
    pub async fn analyse_upload(
        &self,
        game: &Game,
        user: UserId,
        progress: watch::Sender<(usize, usize)>,
    ) -> Result<Analysis, GameError> {
        self.run(game, user, progress, false).await
    }

    /// Reviews `game` and, when `puzzles` is set, gives each person who played in it the puzzles
    /// their own mistakes left.
    async fn run(
        &self,
        game: &Game,
        user: UserId,
        progress: watch::Sender<(usize, usize)>,
        puzzles: bool,
    ) -> Result<Analysis, GameError> {
        if let Some(done) = self.cached(game).await? {
            return Ok(done);
        }
        let _share = self.per_user.take(user, 1).ok_or(GameError::Busy(super::engine_gate::Busy::User))?;
        let _worker = self.worker().await?;
        // Another request may have finished the same game while this one waited.
        if let Some(done) = self.cached(game).await? {
            return Ok(done);
        }
        let limits = self.limits.review;
        let owned = game.clone();
        let (analysis, found) = tokio::task::spawn_blocking(move || {
            let analysis = analyse_now(&owned, &limits, &mut |done, total| {
                let _ = progress.send((done, total));
            })?;
            let found = if puzzles { puzzles_from_mistakes(&owned, &analysis) } else { Vec::new() };
            Ok::<_, GameError>((analysis, found))
        })
        .await
        .map_err(|e| GameError::Internal(e.to_string()))??;
        let service = super::puzzles::PuzzleService::new(Arc::clone(&self.store));
        for color in [Color::White, Color::Black] {
            let Some(player) = game.player(color).user() else { continue };
            let theirs: Vec<Puzzle> = found.iter().filter(|(c, _)| *c == color).map(|(_, p)| p.clone()).collect();
            if let Err(e) = service.add_own(player, game.variant, &theirs).await {
                tracing::warn!(error = %e, "cannot keep the puzzles of a game");
            }
        }
        if let Ok(text) = serde_json::to_string(&analysis)
            && let Err(e) = self.store.kv_set(&key(&game.id, analysis.plies), &text, self.limits.keep).await
        {
            tracing::warn!(error = %e, "cannot keep the analysis");
        }
        Ok(analysis)
    }

    async fn worker(&self) -> Result<tokio::sync::OwnedSemaphorePermit, GameError> {
        use std::sync::atomic::Ordering;
        if let Ok(permit) = Arc::clone(&self.workers).try_acquire_owned() {
            return Ok(permit);
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.limits.queue {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(GameError::Busy(super::engine_gate::Busy::Queue));
        }
        let permit = Arc::clone(&self.workers).acquire_owned().await;
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        permit.map_err(|e| GameError::Internal(e.to_string()))
    }
}

/// The most moves a game sent as PDN may have.
pub const MAX_UPLOAD_PLIES: usize = 600;

/// A game read from PDN text (the first one), its moves checked by the rules and written in the
/// variant's notation, as a finished game nobody on this server played. Its id comes from its
/// contents, so the same game sent twice is analysed once. Every position is checked against
/// [`MAX_CAPTURE_PATHS`] before its move is read, so a crafted position cannot stall the reader.
pub fn game_from_pdn(text: &str, now: i64) -> Result<Game, GameError> {
    use std::hash::{Hash, Hasher};
    let invalid = |e: &dyn std::fmt::Display| GameError::Invalid(e.to_string());
    let read = pdn::read_game(text).map_err(|e| invalid(&e))?;
    let variant = read.variant().map_err(|e| invalid(&e))?;
    if read.moves.is_empty() {
        return Err(GameError::Invalid("the game has no moves".into()));
    }
    if read.moves.len() > MAX_UPLOAD_PLIES {
        return Err(GameError::Invalid(format!("the game has more than {MAX_UPLOAD_PLIES} moves")));
    }
    let start = match read.tag("FEN") {
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| invalid(&e))?,
        None => Position::start(variant),
    };
    let mut position = start;
    let mut moves = Vec::with_capacity(read.moves.len());
    for (i, text) in read.moves.iter().enumerate() {
        position.capture_paths_within(MAX_CAPTURE_PATHS).map_err(|e| invalid(&e))?;
        let mv = position.parse_move(text).map_err(|e| GameError::Invalid(format!("move {} ({text}): {e}", i + 1)))?;
        moves.push(position.notation(&mv));
        position = position.play(&mv);
    }
    let mut hasher = std::hash::DefaultHasher::new();
    (variant.as_str(), start.to_fen(), &moves).hash(&mut hasher);
    let id = GameId::parse(&format!("pdn{:016x}", hasher.finish())).map_err(|e| invalid(&e))?;
    let name = |tag: &str, fallback: &str| -> String {
        let given = read.tag(tag).map(str::trim).filter(|n| !n.is_empty() && *n != "?");
        given.unwrap_or(fallback).chars().take(40).collect()
    };
    let white = Player::human(0, name("White", "White"));
    let black = Player::human(0, name("Black", "Black"));
    let mut game = Game::new(id, variant, start.to_fen(), start.side_to_move(), white, black, now);
    game.ply = moves.len() as u32;
    game.moves = moves;
    game.fen = position.to_fen();
    game.turn = position.side_to_move();
    game.status = Status::Finished;
    Ok(game)
}

/// Mistakes of a game looked at for puzzles, and puzzles kept from one game, at most.
const PUZZLE_CANDIDATES: usize = 6;
const PUZZLES_PER_GAME: usize = 3;
/// How deep a mistake's position is searched for a puzzle.
const PUZZLE_DEPTH: u32 = 6;

/// The puzzles a finished game holds for its players (blocking): the positions where a person made
/// a mistake or a blunder and a single winning move was there to find, each with the mover's colour.
pub fn puzzles_from_mistakes(game: &Game, analysis: &Analysis) -> Vec<(Color, Puzzle)> {
    let Ok(start) = Position::from_fen(game.variant, &game.start_fen) else { return Vec::new() };
    let worst: Vec<&AnalysedMove> = analysis
        .moves
        .iter()
        .filter(|m| {
            matches!(m.judgement, Judgement::Mistake | Judgement::Blunder) && game.player(m.mover).user().is_some()
        })
        .take(PUZZLE_CANDIDATES)
        .collect();
    let mut found = Vec::new();
    let mut state = GameState::new(start);
    for (index, text) in game.moves.iter().enumerate() {
        if found.len() >= PUZZLES_PER_GAME {
            break;
        }
        if let Some(m) = worst.iter().find(|m| m.index == index)
            && let Some(p) = crate::engine::tactics::puzzle_at(&state, PUZZLE_DEPTH)
        {
            found.push((m.mover, p));
        }
        let Ok(mv) = state.position().parse_move(text) else { break };
        state.play(&mv);
    }
    found
}

/// Reviews `game` here and now (blocking).
pub fn analyse_now(
    game: &Game,
    limits: &ReviewLimits,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, GameError> {
    let start = Position::from_fen(game.variant, &game.start_fen).map_err(|e| GameError::Invalid(e.to_string()))?;
    // Each move with the position it is played in (notation needs it).
    let mut moves: Vec<Move> = Vec::with_capacity(game.moves.len());
    let mut positions = Vec::with_capacity(game.moves.len());
    let mut pos = start;
    for text in &game.moves {
        let mv = pos.parse_move(text).map_err(|e| GameError::Invalid(e.to_string()))?;
        let next = pos.play(&mv);
        positions.push(std::mem::replace(&mut pos, next));
        moves.push(mv);
    }
    let review =
        review::review(&start, &moves, limits, None, progress).map_err(|e| GameError::Engine(e.to_string()))?;
    let analysed = review
        .moves
        .iter()
        .map(|m| {
            let before = &positions[m.index];
            let mut line = Vec::with_capacity(m.best_line.len());
            let mut p = *before;
            for mv in m.best_line.iter().take(8) {
                line.push(p.notation(mv));
                p = p.play(mv);
            }
            AnalysedMove {
                index: m.index,
                label: pdn::move_label(game, m.index),
                mover: m.mover,
                played: game.moves[m.index].clone(),
                best: before.notation(&m.best),
                line,
                judgement: m.judgement,
                loss: (m.loss() * 10.0).round() / 10.0,
                accuracy: (m.accuracy * 10.0).round() / 10.0,
            }
        })
        .collect();
    let round = |a: Option<f64>| a.map(|a| (a * 10.0).round() / 10.0);
    Ok(Analysis {
        game: game.id.clone(),
        plies: game.moves.len(),
        moves: analysed,
        accuracy_white: round(review.accuracy(Color::White)),
        accuracy_black: round(review.accuracy(Color::Black)),
        white_scores: review.white_scores,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::store::memory::MemoryStore;
    use crate::rules::VariantId;

    fn finished(moves: &[&str]) -> Game {
        let start = Position::from_fen(VariantId::Russian, "W:Wc3,e3,g3:Bd6,f8,h8").unwrap();
        let mut game = Game::new(
            GameId::parse("an1").unwrap(),
            VariantId::Russian,
            start.to_fen(),
            start.side_to_move(),
            Player::human(7, "Ana"),
            Player::Engine { level: 1 },
            0,
        );
        game.moves = moves.iter().map(|m| m.to_string()).collect();
        game.status = Status::Finished;
        game
    }

    #[tokio::test]
    async fn a_finished_game_is_analysed_once_and_kept() {
        let store: Arc<dyn KeyValues> = Arc::new(MemoryStore::new(Default::default()));
        let analyst = Analyst::new(Arc::clone(&store), AnalysisLimits::default());
        let game = finished(&["e3-f4", "d6-e5", "f4:d6"]);
        let (tx, rx) = watch::channel((0, 0));
        let first = analyst.analyse(&game, UserId(7), tx).await.unwrap();
        assert_eq!(*rx.borrow(), (4, 4), "progress reached every position");
        assert_eq!(first.plies, 3);
        assert_eq!(first.moves[1].label, "1...");
        assert_eq!(first.moves[1].played, "d6-e5");
        assert!(first.moves[1].judgement.is_error(), "{:?}", first.moves[1]);
        assert_eq!(first.moves[1].line.first(), Some(&first.moves[1].best));
        assert_eq!(first.errors().count(), first.moves.iter().filter(|m| m.judgement.is_error()).count());
        assert!(first.accuracy(Color::White).unwrap() > first.accuracy(Color::Black).unwrap());

        // The second time comes from the store: no progress is reported at all.
        let (tx, rx) = watch::channel((0, 0));
        assert_eq!(analyst.analyse(&game, UserId(7), tx).await.unwrap(), first);
        assert_eq!(*rx.borrow(), (0, 0));
        assert!(analyst.cached(&game).await.unwrap().is_some());
    }

    #[tokio::test]
    async fn only_players_of_finished_games_get_one() {
        let store: Arc<dyn KeyValues> = Arc::new(MemoryStore::new(Default::default()));
        let analyst = Analyst::new(store, AnalysisLimits::default());
        let mut game = finished(&["e3-f4"]);
        let (tx, _) = watch::channel((0, 0));
        assert_eq!(analyst.analyse(&game, UserId(8), tx.clone()).await.err(), Some(GameError::NotAPlayer));
        game.status = Status::Active;
        assert_eq!(analyst.analyse(&game, UserId(7), tx).await.err(), Some(GameError::NotOver));
    }

    /// A position where White wins two men with f4-e5 and every other move gives that up.
    const SHOT: &str = "W:Wc1,d2,h2,f4,h6:Bb4,d6,f6,a7,h8";

    /// The game from [`SHOT`] where White's first move misses it as a mistake or a blunder.
    fn missed_shot(white: Player) -> Game {
        let start = Position::from_fen(VariantId::Russian, SHOT).unwrap();
        let limits = ReviewLimits { nodes: 50_000, ..ReviewLimits::default() };
        for mv in start.legal_moves() {
            let mut game = Game::new(
                GameId::parse("an2").unwrap(),
                VariantId::Russian,
                SHOT,
                Color::White,
                white.clone(),
                Player::Engine { level: 1 },
                0,
            );
            game.moves = vec![start.notation(&mv)];
            game.status = Status::Finished;
            let analysis = analyse_now(&game, &limits, &mut |_, _| {}).unwrap();
            if matches!(analysis.moves[0].judgement, Judgement::Mistake | Judgement::Blunder) {
                return game;
            }
        }
        panic!("no move from {SHOT} is a mistake");
    }

    #[tokio::test]
    async fn a_players_mistake_becomes_their_next_puzzle() {
        let store: Arc<dyn KeyValues> = Arc::new(MemoryStore::new(Default::default()));
        let analyst = Analyst::new(
            Arc::clone(&store),
            AnalysisLimits {
                review: ReviewLimits { nodes: 50_000, ..ReviewLimits::default() },
                ..AnalysisLimits::default()
            },
        );
        let game = missed_shot(Player::human(7, "Ana"));
        let (tx, _) = watch::channel((0, 0));
        analyst.analyse(&game, UserId(7), tx).await.unwrap();
        let puzzles = super::super::puzzles::PuzzleService::new(Arc::clone(&store));
        let own = puzzles.own(UserId(7), VariantId::Russian).await.unwrap();
        assert_eq!(own.len(), 1, "{own:?}");
        assert_eq!(own[0].fen, SHOT);
        assert_eq!(own[0].solution, "f4-e5");
        assert!(own[0].line.len() % 2 == 1);
        let run = puzzles.start(UserId(7), VariantId::Russian, 1).await.unwrap();
        assert_eq!(run.own.as_ref(), Some(&own[0]), "the player's own puzzle comes first");
        assert!(puzzles.own(UserId(7), VariantId::Russian).await.unwrap().is_empty(), "and is given once");
        assert!(puzzles.start(UserId(7), VariantId::Russian, 1).await.unwrap().own.is_none());

        // The engine's mistakes teach nobody, and a game sent as PDN belongs to no one here.
        let by_engine = missed_shot(Player::Engine { level: 1 });
        let analysis = analyse_now(&by_engine, &ReviewLimits::default(), &mut |_, _| {}).unwrap();
        assert!(puzzles_from_mistakes(&by_engine, &analysis).is_empty());
        let (tx, _) = watch::channel((0, 0));
        let upload = Game { id: GameId::parse("pdn1").unwrap(), ..missed_shot(Player::human(0, "White")) };
        analyst.analyse_upload(&upload, UserId(7), tx).await.unwrap();
        assert!(puzzles.own(UserId(7), VariantId::Russian).await.unwrap().is_empty());
        assert!(puzzles.own(UserId(0), VariantId::Russian).await.unwrap().is_empty());
    }

    #[test]
    fn a_pdn_game_is_read_checked_and_named_by_its_contents() {
        let text = "[White \"Ana\"]\n[Black \"?\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4-c5 *";
        let game = game_from_pdn(text, 0).unwrap();
        assert_eq!(game.variant, VariantId::Russian);
        assert_eq!(game.moves, ["c3-d4", "f6-g5", "d4-c5"]);
        assert_eq!(game.status, Status::Finished);
        assert_eq!(game.white.display_name(), "Ana");
        assert_eq!(game.black.display_name(), "Black");
        assert_eq!(game_from_pdn(text, 99).unwrap().id, game.id, "the same game, the same id");
        assert!(
            matches!(game_from_pdn("1. c3-d4 f6-g5 2. d4-e5 *", 0), Err(GameError::Invalid(_))),
            "International has no c3"
        );
        let illegal = "[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4-e6 *";
        assert!(matches!(game_from_pdn(illegal, 0), Err(GameError::Invalid(m)) if m.contains("move 3")));
        assert!(matches!(game_from_pdn("[Event \"x\"]", 0), Err(GameError::Invalid(_))));
    }
}
