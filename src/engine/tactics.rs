//! Tactical test positions: a quiet position where a deep search finds a move that wins material by
//! force, which a two-ply search does not choose, and no other move comes close. The finder plays
//! varied games, probes their positions, and keeps those that pass; the suite files in
//! `tests/data/tactics/` were made this way (`damas tactics --variant V --depth N`).

use super::{Engine, SplitMix, WIN_BOUND};
use crate::rules::{GameState, Position, VariantId};

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Puzzle {
    pub fen: String,
    /// The winning move in the variant's notation.
    pub solution: String,
    /// Deep-search score of the solution (hundredths of a man).
    pub score: i32,
    /// The whole line in the variant's notation, starting with `solution`: the solver's moves and
    /// the defender's replies in turn, ending with a solver's move. At every solver's move the move
    /// given is the only good one (or the only legal one).
    pub line: Vec<String>,
    /// How hard the puzzle is, on the players' rating scale: the shallower the search that already
    /// finds the solution, the easier.
    pub rating: u32,
}

impl Puzzle {
    /// `fen;line;score;rating`, the line's moves separated by spaces.
    pub fn to_line(&self) -> String {
        format!("{};{};{};{}", self.fen, self.line.join(" "), self.score, self.rating)
    }

    /// Reads [`Puzzle::to_line`]; the older `fen;move;score` lines read as one-move puzzles.
    pub fn parse(line: &str) -> Option<Puzzle> {
        let mut parts = line.trim().split(';');
        let fen = parts.next()?.trim().to_string();
        let moves: Vec<String> = parts.next()?.split_whitespace().map(str::to_string).collect();
        let score = parts.next().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        let rating = parts.next().and_then(|s| s.trim().parse().ok()).unwrap_or(DEFAULT_RATING);
        if fen.is_empty() || moves.is_empty() || fen.starts_with('#') {
            return None;
        }
        Some(Puzzle { fen, solution: moves[0].clone(), score, line: moves, rating })
    }

    /// How many moves the solver has to find.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// The rating of a puzzle whose difficulty was not measured.
pub const DEFAULT_RATING: u32 = 1500;

/// Solver's moves a puzzle asks for at most.
const MAX_SOLVER_MOVES: usize = 3;

/// The rating for a puzzle a `depth`-ply search solves first: 3 plies is 1350, 8 plies 2100.
fn rating_for_depth(depth: u32) -> u32 {
    900 + 150 * depth
}

/// The line from `state` along the deep search's `pv`, kept while every solver's move in it is the
/// only good one at `deep` plies (or the only legal move), cut after the last such move.
fn unique_line(
    engine: &mut Engine,
    state: &GameState,
    pv: &[crate::rules::Move],
    deep: u32,
) -> Vec<crate::rules::Move> {
    let mut line = vec![pv[0]];
    let mut at = state.clone();
    at.play(&pv[0]);
    let mut k = 1;
    while k + 1 < pv.len() && line.len().div_ceil(2) < MAX_SOLVER_MOVES {
        let (reply, next) = (pv[k], pv[k + 1]);
        let mut after = at.clone();
        after.play(&reply);
        if after.outcome().is_some() {
            break;
        }
        let legal = after.position().legal_moves();
        let unique = if legal.len() == 1 {
            legal[0].same_effect(&next)
        } else {
            engine.new_game();
            let scores = engine.searcher().score_moves(&after, deep, None);
            match (scores.first(), scores.get(1)) {
                (Some(first), Some(second)) => first.0.same_effect(&next) && first.1 - second.1 >= 120,
                _ => false,
            }
        };
        if !unique {
            break;
        }
        line.push(reply);
        line.push(next);
        after.play(&next);
        at = after;
        k += 2;
    }
    line
}

/// The shallowest search (from 3 plies up to `deep`) that plays `solution`.
fn solving_depth(engine: &mut Engine, state: &GameState, solution: &crate::rules::Move, deep: u32) -> u32 {
    use super::Limits;
    for depth in 3..deep {
        engine.new_game();
        if let Ok(r) = engine.analyse(state, &Limits::depth(depth), None, &mut |_| {})
            && r.best.same_effect(solution)
        {
            return depth;
        }
    }
    deep
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

/// The puzzle in `state`, if it holds one: the `deep` search scores at least 1.2 men and its
/// principal variation wins at least a man of material (or the game), every other move scores at
/// least 1.2 men less, and `missed` (a shallower search's choice, when given) is another move.
fn probe(
    engine: &mut Engine,
    state: &GameState,
    deep: u32,
    king: i32,
    missed: Option<&crate::rules::Move>,
) -> Option<Puzzle> {
    use super::Limits;
    let pos = *state.position();
    engine.new_game();
    let d = engine.analyse(state, &Limits::depth(deep), None, &mut |_| {}).ok()?;
    if d.score < 120
        || missed.is_some_and(|m| m.same_effect(&d.best))
        || !(d.score >= WIN_BOUND || line_wins_material(&pos, &d.pv, king, 100))
    {
        return None;
    }
    engine.new_game();
    let scores = engine.searcher().score_moves(state, deep, None);
    match (scores.first(), scores.get(1)) {
        (Some(first), Some(second)) if first.0.same_effect(&d.best) && first.1 - second.1 >= 120 => {}
        _ => return None,
    }
    let moves = unique_line(engine, state, &d.pv, deep);
    let mut at = pos;
    let line: Vec<String> = moves
        .iter()
        .map(|m| {
            let text = at.notation(m);
            at = at.play(m);
            text
        })
        .collect();
    let rating = rating_for_depth(solving_depth(engine, state, &d.best, deep));
    Some(Puzzle { fen: pos.to_fen(), solution: pos.notation(&d.best), score: d.score, line, rating })
}

/// The puzzle a game position holds for the side to move (see [`probe`]), searched `deep` plies:
/// how a mistake in a played game becomes a puzzle for the player who made it.
pub fn puzzle_at(state: &GameState, deep: u32) -> Option<Puzzle> {
    let variant = state.position().variant();
    if state.outcome().is_some() || state.position().legal_moves().len() < 2 {
        return None;
    }
    let mut engine = Engine::new(variant, 16);
    probe(&mut engine, state, deep, super::Weights::for_variant(variant).king, None)
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
                if let Ok(shallow) = engine.analyse(&state, &Limits::depth(2), None, &mut |_| {})
                    && let Some(p) = probe(&mut engine, &state, deep, weights.king, Some(&shallow.best))
                {
                    found_one(&p);
                    found.push(p);
                    if found.len() >= wanted {
                        break;
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
