//! Tactical test positions: a quiet position where a deep search finds a move that wins material by
//! force, which a two-ply search does not choose, and no other move comes close. The finder plays
//! varied games, probes their positions, and keeps those that pass; the suite files in
//! `tests/data/tactics/` were made this way (`damas tactics --variant V --depth N`).

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

/// Material of the side to move minus the opponent's, in men (a king counts as its weight ratio).
fn material(p: &Position, king: i32) -> i32 {
    let m = super::board::Material::of(p);
    let us = p.side_to_move() as usize;
    let value = |c: usize| m.men[c] as i32 * 100 + m.kings[c] as i32 * king;
    value(us) - value(1 - us)
}

/// Whether the line `pv` from `pos` gains at least `gain` hundredths of material for the side to move,
/// counted at the end of the line once no capture is pending.
fn line_wins_material(pos: &Position, pv: &[crate::rules::Move], king: i32, gain: i32) -> bool {
    let before = material(pos, king);
    let mut p = *pos;
    let mut sign = 1;
    for m in pv {
        p = p.play(m);
        sign = -sign;
    }
    // Finish pending captures greedily (largest first), so that a line cut short mid-exchange is not
    // counted as a gain.
    let mut moves = Vec::new();
    for _ in 0..16 {
        if !p.has_capture() {
            break;
        }
        p.generate(&mut moves, crate::rules::Paths::Merge);
        let Some(m) = moves.iter().max_by_key(|m| m.captures().len()) else {
            break;
        };
        p = p.play(m);
        sign = -sign;
    }
    let after = sign * material(&p, king);
    after - before >= gain
}

/// Searches varied games for up to `wanted` puzzles, checking each candidate at `deep` plies.
///
/// A candidate is a position without a pending capture, roughly level (static evaluation under 0.6
/// men), where the `deep` search scores at least 1.2 men and its principal variation wins at least a
/// man of material, a two-ply search picks another move, and every other move scores at least 1.2 men
/// less at `deep` plies.
pub fn find(variant: VariantId, seed: u64, wanted: usize, deep: u32, max_games: usize) -> Vec<Puzzle> {
    find_with(variant, seed, wanted, deep, max_games, &mut |_| {})
}

/// [`find`], telling `found` about each puzzle as soon as it is accepted.
pub fn find_with(
    variant: VariantId,
    seed: u64,
    wanted: usize,
    deep: u32,
    max_games: usize,
    found_one: &mut dyn FnMut(&Puzzle),
) -> Vec<Puzzle> {
    use super::Limits;
    let weights = super::Weights::for_variant(variant);
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
        for ply in 0..90 {
            if state.outcome().is_some() {
                break;
            }
            let pos = *state.position();
            let level = super::evaluate(&pos, &weights).abs() < 60;
            if ply >= 6 && level && !tables.has_capture(&pos) && seen.insert(pos.zobrist()) {
                // Each search starts from empty tables: a shallow search must not see what a deep
                // one stored.
                engine.new_game();
                let shallow = engine.analyse(&state, &Limits::depth(2), None, &mut |_| {});
                engine.new_game();
                let deep_info = engine.analyse(&state, &Limits::depth(deep), None, &mut |_| {});
                if let (Ok(d), Ok(q)) = (deep_info, shallow)
                    && d.score >= 120
                    && !q.best.same_effect(&d.best)
                    && (d.score >= WIN_BOUND || line_wins_material(&pos, &d.pv, weights.king, 100))
                {
                    engine.new_game();
                    let scores = engine.searcher().score_moves(&state, deep, None);
                    let unique = match (scores.first(), scores.get(1)) {
                        (Some(first), Some(second)) => first.0.same_effect(&d.best) && first.1 - second.1 >= 120,
                        _ => false,
                    };
                    if unique {
                        let p = Puzzle { fen: pos.to_fen(), solution: pos.notation(&d.best), score: d.score };
                        found_one(&p);
                        found.push(p);
                        if found.len() >= wanted {
                            break;
                        }
                    }
                }
            }
            // Varied but sensible play: a random choice among the better shallow moves.
            let choices = engine.searcher().score_moves(&state, 1, None);
            let Some(&(_, top)) = choices.first() else {
                break;
            };
            let ok: Vec<_> = choices.iter().filter(|(_, s)| *s >= top - 60).collect();
            let m = ok[rng.below(ok.len())].0;
            state.play(&m);
        }
    }
    found
}
