//! The engine: a search over the rules core's moves with an evaluation per family of variants, four
//! playing levels, the Hub protocol and a match runner.
//!
//! Searching blocks the calling thread for up to the level's budget (3 s for `master`). From async
//! code run it off the runtime's worker threads:
//!
//! ```no_run
//! # async fn demo(state: damas::rules::GameState) -> Result<(), Box<dyn std::error::Error>> {
//! use damas::engine::{self, Level};
//! let result = tokio::task::spawn_blocking(move || engine::think(&state, Level::Medium, 7, None)).await??;
//! println!("{:?} scores {}", result.best, result.score);
//! # Ok(()) }
//! ```

pub(crate) mod board;
mod capture;
pub mod eval;
pub mod hub;
pub mod matchplay;
pub mod openings;
mod perft;
mod pool;
pub mod review;
mod search;
pub mod selfplay;
pub mod tactics;
mod tt;
pub mod tune;
mod word;

use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use eval::{Family, Weights, evaluate};
pub use perft::perft;
pub use pool::EnginePool;
pub use search::{INFINITY, Info, Limits, SearchOptions, Searcher, WIN, WIN_BOUND, format_score};

use crate::rules::{GameState, Move, VariantId};

/// Nodes a `hard` search visits at most (see [`Level::limits`]).
pub const HARD_NODES: u64 = 300_000;

/// How strongly the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy = 1,
    Medium = 2,
    Hard = 3,
    Master = 4,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// The most time a reply may take at this level.
    pub fn budget(self) -> Duration {
        Duration::from_millis(match self {
            Level::Easy => 50,
            Level::Medium => 250,
            Level::Hard => 1000,
            Level::Master => 3000,
        })
    }

    /// Search limits for this level, leaving room under the budget for setting up and replying.
    ///
    /// Each level must clearly beat the one below, so the levels differ in how far they see, not
    /// only in their budget: `hard` stops at [`HARD_NODES`] (well under a tenth of a second on an
    /// 8×8 board, whatever else the machine is doing), while `master` thinks for its whole budget,
    /// some fifty times as many nodes. With budgets alone, `master` (2.85 s) and `hard` (0.92 s)
    /// ended most searches one iteration apart and scored 7 to 8 over 15 English games; with
    /// `hard` cut at a million nodes, `master` still drew most flying-king games against it
    /// (Brazilian 58%, Spanish 67%).
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => {
                Limits { movetime: Some(Duration::from_millis(40)), depth: Some(3), nodes: None, use_all_time: false }
            }
            Level::Medium => {
                Limits { movetime: Some(Duration::from_millis(220)), depth: Some(6), nodes: None, use_all_time: false }
            }
            Level::Hard => Limits {
                movetime: Some(Duration::from_millis(920)),
                depth: None,
                nodes: Some(HARD_NODES),
                use_all_time: false,
            },
            Level::Master => {
                Limits { movetime: Some(Duration::from_millis(2850)), depth: None, nodes: None, use_all_time: true }
            }
        }
    }

    /// Transposition table size (log2 of entries): small for quick levels so setting up stays cheap.
    pub fn tt_bits(self) -> u32 {
        match self {
            Level::Easy => 14,
            Level::Medium => 17,
            Level::Hard => 20,
            Level::Master => 21,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not a level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (easy, medium, hard, master, or 1 to 4)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let folded = s.trim().to_lowercase().replace('í', "i").replace('á', "a");
        match folded.as_str() {
            "easy" | "facil" | "1" => Ok(Level::Easy),
            "medium" | "medio" | "2" => Ok(Level::Medium),
            "hard" | "dificil" | "3" => Ok(Level::Hard),
            "master" | "maestro" | "4" => Ok(Level::Master),
            _ => Err(UnknownLevel(s.to_string())),
        }
    }
}

/// Why the engine could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("the game is over: there is no legal move")]
    NoMoves,
}

/// The engine's answer.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Move,
    /// From the side to move's view, in hundredths of a man; beyond ±[`WIN_BOUND`] a forced result.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// Expected line, starting with `best`.
    pub pv: Vec<Move>,
}

/// A player that keeps its tables between moves of one game.
pub struct Engine {
    searcher: Searcher,
    variant: VariantId,
}

impl Engine {
    pub fn new(variant: VariantId, tt_bits: u32) -> Engine {
        Engine { searcher: Searcher::new(Weights::for_variant(variant), tt_bits), variant }
    }

    pub fn with_weights(variant: VariantId, weights: Weights, tt_bits: u32) -> Engine {
        Engine { searcher: Searcher::new(weights.prepared(variant), tt_bits), variant }
    }

    pub fn variant(&self) -> VariantId {
        self.variant
    }

    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Whether this engine's table already knows the position of `state`, as it does when it
    /// searched the previous move of the same game.
    pub fn knows(&self, state: &GameState) -> bool {
        self.searcher.knows(state.position())
    }

    pub fn searcher(&mut self) -> &mut Searcher {
        &mut self.searcher
    }

    /// Searches with explicit limits; `report` sees every finished iteration.
    pub fn analyse(
        &mut self,
        state: &GameState,
        limits: &Limits,
        cancel: Option<Arc<AtomicBool>>,
        report: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, EngineError> {
        let info = self.searcher.search(state, limits, cancel, report).ok_or(EngineError::NoMoves)?;
        Ok(result_of(info))
    }

    /// Chooses a move the way `level` plays. `seed` makes the easy level's choices repeatable.
    pub fn play(
        &mut self,
        state: &GameState,
        level: Level,
        seed: u64,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Result<SearchResult, EngineError> {
        if level == Level::Easy {
            return self.play_easy(state, seed, cancel);
        }
        self.analyse(state, &level.limits(), cancel, &mut |_| {})
    }

    /// Scores every move with a shallow search and picks one at random, favouring the better ones:
    /// sometimes the best, often a decent move, now and then a slip a beginner would make.
    fn play_easy(
        &mut self,
        state: &GameState,
        seed: u64,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Result<SearchResult, EngineError> {
        let started = std::time::Instant::now();
        let scored = self.searcher.score_moves(state, 2, cancel);
        let Some(&(_, top)) = scored.first() else { return Err(EngineError::NoMoves) };
        let mut rng = SplitMix::new(seed ^ state.position().zobrist());
        // Never throw away a forced win, and never pick what loses outright when something does not.
        let candidates: Vec<(Move, i32)> = if top >= WIN_BOUND {
            scored.iter().filter(|(_, s)| *s >= WIN_BOUND).copied().collect()
        } else {
            scored.iter().filter(|(_, s)| *s >= top - 220 && *s > -WIN_BOUND).copied().collect()
        };
        let candidates = if candidates.is_empty() { scored.clone() } else { candidates };
        let weights: Vec<f64> = candidates.iter().map(|(_, s)| ((*s - top) as f64 / 55.0).exp()).collect();
        let total: f64 = weights.iter().sum();
        let mut pick = rng.next_f64() * total;
        let mut chosen = candidates[0];
        for (c, w) in candidates.iter().zip(&weights) {
            if pick < *w {
                chosen = *c;
                break;
            }
            pick -= w;
        }
        Ok(SearchResult {
            best: chosen.0,
            score: chosen.1,
            depth: 3,
            nodes: self.searcher.nodes(),
            time: started.elapsed(),
            pv: vec![chosen.0],
        })
    }
}

fn result_of(info: Info) -> SearchResult {
    SearchResult {
        best: info.pv[0],
        score: info.score,
        depth: info.depth,
        nodes: info.nodes,
        time: info.time,
        pv: info.pv,
    }
}

/// Thinks about the position of `state` at `level` with a fresh engine and returns the move to play.
/// Blocking: call it through `tokio::task::spawn_blocking` (or a thread of its own) from async code.
/// Setting `cancel` stops the search early; the answer is then the best move found so far.
pub fn think(
    state: &GameState,
    level: Level,
    seed: u64,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<SearchResult, EngineError> {
    observed(level, || Engine::new(state.position().variant(), level.tt_bits()).play(state, level, seed, cancel))
}

/// Runs a search at `level`, telling the observer (if any) how long it took.
pub(crate) fn observed<T>(level: Level, search: impl FnOnce() -> T) -> T {
    let start = std::time::Instant::now();
    let result = search();
    if let Some(observer) = THINK_OBSERVER.get() {
        observer(level, start.elapsed());
    }
    result
}

/// Told the level and duration of every [`think`] (the server's metrics listen here; the engine
/// itself knows nothing of them).
static THINK_OBSERVER: std::sync::OnceLock<fn(Level, Duration)> = std::sync::OnceLock::new();

/// Sets the function told the level and time of every search made with [`think`]. Only the first
/// call counts; returns whether this one did.
pub fn observe_searches(observer: fn(Level, Duration)) -> bool {
    THINK_OBSERVER.set(observer).is_ok()
}

/// Thinks with explicit limits (time, depth, nodes) instead of a level.
pub fn think_with(
    state: &GameState,
    limits: &Limits,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<SearchResult, EngineError> {
    Engine::new(state.position().variant(), 20).analyse(state, limits, cancel, &mut |_| {})
}

/// A small, fixed random generator: the same seed gives the same choices on every machine.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests;
