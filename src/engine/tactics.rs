//! Tactical test positions: a quiet position where a deep search finds a move that wins material by
//! force, which a two-ply search does not choose, and no other move comes close. The finder plays
//! varied games, probes their positions, and keeps those that pass; the suite files in
//! `tests/data/tactics/` were made this way.

use super::{Engine, SplitMix, WIN_BOUND};
use crate::rules::{GameState, Position, VariantId};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub fen: String,
    /// The winning move in the variant's notation.
    pub solution: String,
    /// Deep-search score of the solution (hundredths of a man).
    pub score: i32,
}

impl Puzzle {
    /// `fen;move;score`
    pub fn to_line(&self) -> String {
        format!("{};{};{}", self.fen, self.solution, self.score)
    }

    pub fn parse(line: &str) -> Option<Puzzle> {
        let mut parts = line.trim().split(';');
        let fen = parts.next()?.trim().to_string();
        let solution = parts.next()?.trim().to_string();
        let score = parts.next().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        if fen.is_empty() || solution.is_empty() || fen.starts_with('#') {
            return None;
        }
        Some(Puzzle { fen, solution, score })
    }
}

/// Searches random games for up to `wanted` puzzles, checking each candidate at `deep` plies.
pub fn find(variant: VariantId, seed: u64, wanted: usize, deep: u32, max_games: usize) -> Vec<Puzzle> {
    let mut engine = Engine::new(variant, 18);
    let mut rng = SplitMix::new(seed);
    let mut found = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let tables = super::board::Tables::of(variant);
    for _ in 0..max_games {
        if found.len() >= wanted {
            break;
        }
        let mut state = GameState::new(Position::start(variant));
        for ply in 0..70 {
            if state.outcome().is_some() {
                break;
            }
            let pos = *state.position();
            if ply >= 6 && !tables.has_capture(&pos) && seen.insert(pos.zobrist()) && rng.below(3) == 0 {
                engine.new_game();
                let deep_scores = engine.searcher().score_moves(&state, deep, None);
                let shallow = engine.searcher().score_moves(&state, 2, None);
                if let (Some(best), Some(second), Some(quick)) = (deep_scores.first(), deep_scores.get(1), shallow.first()) {
                    let before = super::evaluate(&pos, &super::Weights::for_variant(variant));
                    let wins = best.1 >= 120 && before < 60 && best.1 < WIN_BOUND + 1000;
                    let unique = best.1 - second.1 >= 120;
                    let missed = !quick.0.same_effect(&best.0);
                    if wins && unique && missed {
                        found.push(Puzzle { fen: pos.to_fen(), solution: pos.notation(&best.0), score: best.1 });
                        if found.len() >= wanted {
                            break;
                        }
                    }
                }
            }
            // Varied but sensible play: a random choice among the better shallow moves.
            let choices = engine.searcher().score_moves(&state, 1, None);
            let Some(&(_, top)) = choices.first() else { break };
            let ok: Vec<_> = choices.iter().filter(|(_, s)| *s >= top - 60).collect();
            let m = ok[rng.below(ok.len())].0;
            state.play(&m);
        }
    }
    found
}
