//! Self-play games for fitting the evaluation: each game starts with a few random plies (kept only
//! when a search finds the position roughly level), then both sides search to a fixed depth. Quick,
//! varied games whose results, and the search scores recorded before each move, label the positions
//! they pass through.

use super::matchplay::{Adjudication, Game, GameResult};
use super::openings::Opening;
use super::{Engine, Limits, SplitMix};
use crate::rules::{Color, VariantId};

/// How the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    pub variant: VariantId,
    /// Search depth of every move after the random start.
    pub depth: u32,
    /// Random plies from the start position.
    pub random_plies: usize,
    /// A random start is kept when a search scores it within this many hundredths of a man.
    pub margin: i32,
}

/// A finished self-play game.
pub struct Played {
    pub game: Game,
    pub result: GameResult,
    /// The search's score of the position before each move, for White (`None` for the random
    /// plies): a less noisy label for a fit than the result alone.
    pub white_scores: Vec<Option<i32>>,
}

/// Plays the game of `seed`: `None` when its random start came out unbalanced (or over) and was
/// dropped. The same seed plays the same game.
pub fn play(config: &SelfPlay, engine: &mut Engine, seed: u64) -> Option<Played> {
    let mut rng = SplitMix::new(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5EED);
    let mut opening = Opening::start(config.variant);
    let mut pos = opening.start;
    for _ in 0..config.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        opening.moves.push(m);
        pos = pos.play(&m);
    }
    let mut game = Game::new(&opening);
    engine.new_game();
    let limits = Limits::depth(config.depth);
    let adjudication = Adjudication::default();
    let mut white_scores: Vec<Option<i32>> = vec![None; game.moves.len()];
    loop {
        if let Some(result) = game.result(&white_scores, Some(&adjudication), Color::White) {
            return Some(Played { game, result, white_scores });
        }
        let result = engine.analyse(&game.state, &limits, None, &mut |_| {}).ok()?;
        if game.moves.len() == config.random_plies && result.score.abs() > config.margin {
            return None;
        }
        let mover = game.state.position().side_to_move();
        white_scores.push(Some(if mover == Color::White { result.score } else { -result.score }));
        game.play(&result.best);
    }
}

/// The PDN tag that carries a self-play game's search scores.
pub const SCORES_TAG: &str = "WhiteScores";

/// The scores as a tag value: one per move, hundredths of a man for White, `-` where none.
pub fn scores_tag(white_scores: &[Option<i32>]) -> String {
    let words: Vec<String> = white_scores.iter().map(|s| s.map_or("-".to_owned(), |s| s.to_string())).collect();
    words.join(" ")
}

/// Reads a [`scores_tag`] value back; `None` if a word is neither a number nor `-`.
pub fn parse_scores_tag(text: &str) -> Option<Vec<Option<i32>>> {
    text.split_whitespace().map(|w| if w == "-" { Some(None) } else { w.parse().ok().map(Some) }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::matchplay::{GameEnd, MAX_PLIES};

    #[test]
    fn a_seed_plays_one_finished_game_and_unbalanced_starts_are_dropped() {
        let config = SelfPlay { variant: VariantId::English, depth: 3, random_plies: 4, margin: 10_000 };
        let mut engine = Engine::new(config.variant, 16);
        let Played { game, result, white_scores } =
            play(&config, &mut engine, 7).expect("a wide margin keeps every start");
        assert_eq!(white_scores.len(), game.moves.len(), "a score per move");
        assert!(white_scores[..config.random_plies].iter().all(Option::is_none), "random plies are not searched");
        assert!(white_scores[config.random_plies..].iter().all(Option::is_some));
        match result.end {
            GameEnd::Rules(_) => assert_eq!(game.state.outcome().map(|o| o.winner), Some(result.winner)),
            GameEnd::MoveCap => assert_eq!(result.plies, MAX_PLIES),
            GameEnd::Adjudicated => assert!(game.state.outcome().is_none()),
        }
        let expected = match result.winner {
            None => 0.5,
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
        };
        assert_eq!(result.a_points, expected, "points are White's");
        assert!(result.plies > config.random_plies);
        assert_eq!(parse_scores_tag(&scores_tag(&white_scores)), Some(white_scores.clone()));
        assert_eq!(parse_scores_tag("12 - x"), None, "a damaged tag is refused");
        let again = play(&config, &mut engine, 7).expect("the same start");
        assert_eq!(game.moves, again.game.moves, "the same seed plays the same game");
        let strict = SelfPlay { margin: -1, ..config };
        assert!(play(&strict, &mut engine, 7).is_none(), "no start scores below zero in absolute value");
    }
}
