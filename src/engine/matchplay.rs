//! Matches between engines: balloted openings played twice with colours reversed, a running score,
//! an Elo estimate with a 95% interval, and the games as PDN.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use super::hub::{HubClient, HubError};
use super::openings::Opening;
use super::{Engine, Level, Limits, SearchOptions, Weights};
use crate::rules::{Color, GameState, Move, OutcomeReason, Position, VariantId};

/// Who plays: our engine in-process at a level (optionally with its own time and weights file), or a
/// Hub engine command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// `internal:LEVEL[@MS][:weights=FILE][:threats=on|off][:probcut=on|off]`
    Internal { level: Level, movetime_ms: Option<u64>, weights: Option<PathBuf>, options: SearchOptions },
    /// Any other text: a shell command speaking Hub. `moves` says whether the engine is sent the
    /// moves since the last irreversible one (for repetitions) or only the current position, for
    /// adapters that read `pos=` and drop `moves=`: `position-only:COMMAND`.
    Hub { command: String, moves: bool },
}

/// The spec prefix for a Hub engine that is sent the current position only.
const POSITION_ONLY: &str = "position-only:";

impl FromStr for PlayerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let Some(rest) = s.trim().strip_prefix("internal:") else {
            let (command, moves) = match s.trim().strip_prefix(POSITION_ONLY) {
                Some(rest) => (rest.trim(), false),
                None => (s.trim(), true),
            };
            if command.is_empty() {
                return Err("empty engine command".into());
            }
            return Ok(PlayerSpec::Hub { command: command.to_string(), moves });
        };
        let mut parts = rest.split(':');
        let head = parts.next().unwrap_or("hard");
        let (level, ms) = match head.split_once('@') {
            Some((l, ms)) => (l, Some(ms.parse::<u64>().map_err(|_| format!("bad time in '{s}'"))?)),
            None => (head, None),
        };
        let level = level.parse::<Level>().map_err(|e| e.to_string())?;
        let mut weights = None;
        let mut options = SearchOptions::default();
        for p in parts {
            let switch = |value: &str| match value {
                "on" => Ok(Some(true)),
                "off" => Ok(Some(false)),
                _ => Err(format!("'{p}' in '{s}': say on or off")),
            };
            match p.split_once('=') {
                Some(("weights", f)) => weights = Some(PathBuf::from(f)),
                Some(("threats", v)) => options.threats = switch(v)?,
                Some(("probcut", v)) => options.probcut = switch(v)?,
                _ => return Err(format!("unknown option '{p}' in '{s}'")),
            }
        }
        Ok(PlayerSpec::Internal { level, movetime_ms: ms, weights, options })
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerSpec::Internal { level, movetime_ms, weights, options } => {
                write!(f, "damas {level}")?;
                for (on, name) in [(options.threats, "threat search"), (options.probcut, "ProbCut")] {
                    match on {
                        Some(true) => write!(f, " ({name})")?,
                        Some(false) => write!(f, " (no {name})")?,
                        None => {}
                    }
                }
                if let Some(ms) = movetime_ms {
                    write!(f, "@{ms}ms")?;
                }
                if let Some(w) = weights {
                    write!(f, " ({})", w.display())?;
                }
                Ok(())
            }
            PlayerSpec::Hub { command, moves: true } => f.write_str(command),
            PlayerSpec::Hub { command, moves: false } => write!(f, "{POSITION_ONLY}{command}"),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error(transparent)]
    Hub(#[from] HubError),
    #[error("weights file {path}: {message}")]
    Weights { path: String, message: String },
    #[error("the engine had no move in a position that is not over")]
    NoMove,
}

/// One side of a match.
pub enum Player {
    Internal { engine: Box<Engine>, level: Level, movetime_ms: Option<u64>, seed: u64, label: String },
    Hub { client: Box<HubClient>, moves: bool },
}

impl Player {
    pub fn start(spec: &PlayerSpec, variant: VariantId, seed: u64) -> Result<Player, MatchError> {
        match spec {
            PlayerSpec::Internal { level, movetime_ms, weights, options } => {
                let w = match weights {
                    None => Weights::for_variant(variant),
                    Some(path) => {
                        let text = std::fs::read_to_string(path).map_err(|e| MatchError::Weights {
                            path: path.display().to_string(),
                            message: e.to_string(),
                        })?;
                        Weights::from_toml(variant, &text).map_err(|e| MatchError::Weights {
                            path: path.display().to_string(),
                            message: e.to_string(),
                        })?
                    }
                };
                let mut engine = Box::new(Engine::with_weights(variant, w, level.tt_bits().max(18)));
                engine.searcher().set_options(*options);
                Ok(Player::Internal { engine, level: *level, movetime_ms: *movetime_ms, seed, label: spec.to_string() })
            }
            PlayerSpec::Hub { command, moves } => {
                Ok(Player::Hub { client: Box::new(HubClient::start(command, variant)?), moves: *moves })
            }
        }
    }

    pub fn name(&self) -> String {
        match self {
            Player::Internal { label, .. } => label.clone(),
            Player::Hub { client, .. } => client.name.clone(),
        }
    }

    fn new_game(&mut self) -> Result<(), MatchError> {
        match self {
            Player::Internal { engine, .. } => {
                engine.new_game();
                Ok(())
            }
            Player::Hub { client, .. } => Ok(client.new_game()?),
        }
    }

    /// The move, and the score the player gave the position (hundredths of a man for the side to
    /// move) when it reports one.
    fn choose(&mut self, game: &Game, movetime: Duration) -> Result<(Move, Option<i32>), MatchError> {
        match self {
            Player::Internal { engine, level, movetime_ms, seed, .. } => {
                *seed = seed.wrapping_add(1);
                let r = match (movetime_ms, *level) {
                    (Some(ms), l) if l != Level::Easy => {
                        // The time given replaces the level's own time and node limits; a depth cap
                        // (medium's) stays, as it is what makes the level.
                        let limits = Limits {
                            movetime: Some(Duration::from_millis(*ms)),
                            use_all_time: true,
                            nodes: None,
                            ..l.limits()
                        };
                        engine.analyse(&game.state, &limits, None, &mut |_| {})
                    }
                    (_, l) => engine.play(&game.state, l, *seed, None),
                };
                r.map(|r| (r.best, Some(r.score))).map_err(|_| MatchError::NoMove)
            }
            Player::Hub { client, moves: true } => {
                let (start, since) = game.since_irreversible();
                Ok(client.go(&start, since, movetime)?)
            }
            Player::Hub { client, moves: false } => Ok(client.go(game.state.position(), &[], movetime)?),
        }
    }
}

/// A game being played: where it started, its moves, and its current state.
pub struct Game {
    pub start: Position,
    pub opening_moves: usize,
    pub moves: Vec<Move>,
    pub positions: Vec<Position>,
    pub state: GameState,
}

impl Game {
    pub fn new(opening: &Opening) -> Game {
        let mut g = Game {
            start: opening.start,
            opening_moves: opening.moves.len(),
            moves: Vec::new(),
            positions: vec![opening.start],
            state: GameState::new(opening.start),
        };
        for m in &opening.moves {
            g.play(m);
        }
        g
    }

    pub fn play(&mut self, m: &Move) {
        self.state.play(m);
        self.moves.push(*m);
        self.positions.push(*self.state.position());
    }

    /// The position after the last capture or man move, and the moves since.
    fn since_irreversible(&self) -> (Position, &[Move]) {
        let mut i = self.moves.len();
        while i > 0 {
            let before = self.positions[i - 1];
            let m = &self.moves[i - 1];
            if m.is_capture() || !before.king_squares().contains(m.from()) {
                break;
            }
            i -= 1;
        }
        (self.positions[i], &self.moves[i..])
    }

    /// How the game has ended, if it has (by the rules, at [`MAX_PLIES`], or by `adjudication` of
    /// every engine move's score from White's side), scored for the engine playing `a_color`.
    pub fn result(
        &self,
        white_scores: &[Option<i32>],
        adjudication: Option<&Adjudication>,
        a_color: Color,
    ) -> Option<GameResult> {
        let (winner, end) = if let Some(o) = self.state.outcome() {
            (o.winner, GameEnd::Rules(o.reason))
        } else if self.moves.len() >= MAX_PLIES {
            (None, GameEnd::MoveCap)
        } else {
            (adjudication?.verdict(white_scores)?, GameEnd::Adjudicated)
        };
        let a_points = match winner {
            None => 0.5,
            Some(c) if c == a_color => 1.0,
            Some(_) => 0.0,
        };
        Some(GameResult { a_points, winner, end, plies: self.moves.len() })
    }

    /// The game's moves in PDN movetext.
    pub fn movetext(&self) -> String {
        let mut out = String::new();
        let first = self.start.side_to_move();
        let mut number = 1;
        for (i, m) in self.moves.iter().enumerate() {
            let pos = &self.positions[i];
            let mover = pos.side_to_move();
            if mover == first || i == 0 {
                if !out.is_empty() {
                    out.push(' ');
                }
                if mover == first {
                    out.push_str(&format!("{number}. "));
                } else {
                    out.push_str(&format!("{number}... "));
                }
            } else {
                out.push(' ');
            }
            out.push_str(&pos.notation(m));
            if mover != first {
                number += 1;
            }
        }
        out
    }
}

/// Result of one game: who won, how it ended, and the first engine's points (1, ½ or 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameResult {
    pub a_points: f64,
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub end: GameEnd,
    pub plies: usize,
}

/// How a match game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the variant's rules.
    Rules(OutcomeReason),
    /// It reached [`MAX_PLIES`] and was scored a draw.
    MoveCap,
    /// Both engines agreed on the result for long enough (see [`Adjudication`]).
    Adjudicated,
}

impl std::fmt::Display for GameEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameEnd::Rules(reason) => write!(f, "{reason:?}"),
            GameEnd::MoveCap => f.write_str("move cap"),
            GameEnd::Adjudicated => f.write_str("adjudicated"),
        }
    }
}

/// Longest game before it is scored a draw.
pub const MAX_PLIES: usize = 400;

/// When a match ends a game before the rules do, as engine-testing tools do to save the time a
/// settled game would still take: both engines have kept scoring one side clearly ahead, or both
/// have kept scoring the game dead level late in it. Only scores both sides report are used, so a
/// Hub engine that gives none is never adjudicated against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// Hundredths of a man that both engines must give the same side, `win_moves` moves each in a row.
    pub win_score: i32,
    pub win_moves: usize,
    /// From this ply on, both engines scoring within `draw_score` of zero for `draw_moves` moves each
    /// in a row calls a draw.
    pub draw_after: usize,
    pub draw_score: i32,
    pub draw_moves: usize,
}

impl Default for Adjudication {
    /// Three men ahead for four moves of each engine; a draw after move 40 when both scored
    /// 0.05 men or less for ten moves each (a dead king ending scores 0).
    fn default() -> Adjudication {
        Adjudication { win_score: 300, win_moves: 4, draw_after: 80, draw_score: 5, draw_moves: 10 }
    }
}

impl Adjudication {
    /// The result both engines agree on, given every engine move's score from White's side (`None`
    /// where the engine gave none), last move last.
    pub fn verdict(&self, white_scores: &[Option<i32>]) -> Option<Option<Color>> {
        let recent = |n: usize| -> Option<Vec<i32>> {
            let tail = white_scores.get(white_scores.len().checked_sub(n)?..)?;
            tail.iter().copied().collect()
        };
        if self.win_moves > 0
            && let Some(s) = recent(2 * self.win_moves)
        {
            if s.iter().all(|&v| v >= self.win_score) {
                return Some(Some(Color::White));
            }
            if s.iter().all(|&v| v <= -self.win_score) {
                return Some(Some(Color::Black));
            }
        }
        if self.draw_moves > 0
            && white_scores.len() >= self.draw_after
            && let Some(s) = recent(2 * self.draw_moves)
            && s.iter().all(|v| v.abs() <= self.draw_score)
        {
            return Some(None);
        }
        None
    }
}

/// Plays one game; `a_first` says whether engine A moves first. With `adjudication`, a game the
/// engines agree is settled ends early.
pub fn play_game(
    a: &mut Player,
    b: &mut Player,
    opening: &Opening,
    a_first: bool,
    movetime: Duration,
    adjudication: Option<&Adjudication>,
) -> Result<(Game, GameResult), MatchError> {
    let mut game = Game::new(opening);
    a.new_game()?;
    b.new_game()?;
    let first = opening.start.side_to_move();
    // Colour of A: the side that moved first in the ballot's start position, or the other one.
    let a_color = if a_first { first } else { first.opposite() };
    // One entry per ply, the ballot's included, so that `draw_after` counts plies of the game.
    let mut white_scores: Vec<Option<i32>> = vec![None; game.moves.len()];
    loop {
        if let Some(result) = game.result(&white_scores, adjudication, a_color) {
            return Ok((game, result));
        }
        let mover = game.state.position().side_to_move();
        let player = if mover == a_color { &mut *a } else { &mut *b };
        let (m, score) = player.choose(&game, movetime)?;
        white_scores.push(score.map(|s| if mover == Color::White { s } else { -s }));
        game.play(&m);
    }
}

/// The Elo difference for a score fraction, with the half-width of its 95% interval.
pub fn elo(points: &[f64]) -> (f64, f64) {
    let n = points.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let to_elo = |p: f64| {
        let p = p.clamp(0.001, 0.999);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    let e = to_elo(mean);
    let lo = to_elo(mean - 1.96 * se);
    let hi = to_elo(mean + 1.96 * se);
    (e, (hi - lo) / 2.0)
}

/// The PDN of a finished game, with `extra` tags after the standard ones.
pub fn pdn(
    game: &Game,
    white: &str,
    black: &str,
    result: &GameResult,
    event: &str,
    round: usize,
    extra: &[(&str, String)],
) -> String {
    let v = game.start.variant();
    let rules = v.rules();
    let big = rules.rows == 10;
    let res = match result.winner {
        Some(Color::White) => {
            if big {
                "2-0"
            } else {
                "1-0"
            }
        }
        Some(Color::Black) => {
            if big {
                "0-2"
            } else {
                "0-1"
            }
        }
        None => {
            if big {
                "1-1"
            } else {
                "1/2-1/2"
            }
        }
    };
    let mut s = String::new();
    s.push_str(&format!(
        "[Event \"{event}\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{res}\"]\n"
    ));
    if result.end == GameEnd::Adjudicated {
        s.push_str("[Termination \"adjudication\"]\n");
    }
    s.push_str(&format!("[GameType \"{}\"]\n", rules.game_type_tag));
    if game.start != Position::start(v) {
        s.push_str(&format!("[FEN \"{}\"]\n", game.start.to_fen()));
    }
    for (name, value) in extra {
        s.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    s.push('\n');
    s.push_str(&game.movetext());
    s.push(' ');
    s.push_str(res);
    s.push_str("\n\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert_eq!(
            "internal:hard@200".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Internal {
                level: Level::Hard,
                movetime_ms: Some(200),
                weights: None,
                options: SearchOptions::default()
            }
        );
        assert_eq!(
            "internal:facil:weights=w.toml".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Internal {
                level: Level::Easy,
                movetime_ms: None,
                weights: Some("w.toml".into()),
                options: SearchOptions::default()
            }
        );
        assert_eq!(
            "internal:hard:threats=off".parse::<PlayerSpec>().unwrap().to_string(),
            "damas hard (no threat search)"
        );
        assert_eq!(
            "internal:hard@50:probcut=on:threats=on".parse::<PlayerSpec>().unwrap().to_string(),
            "damas hard (threat search) (ProbCut)@50ms"
        );
        assert!("internal:hard:probcut=yes".parse::<PlayerSpec>().is_err());
        assert_eq!(
            "python -m dame hub".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Hub { command: "python -m dame hub".into(), moves: true }
        );
        let position_only = "position-only: python3 hub2.py scan".parse::<PlayerSpec>().unwrap();
        assert_eq!(position_only, PlayerSpec::Hub { command: "python3 hub2.py scan".into(), moves: false });
        assert_eq!(position_only.to_string().parse::<PlayerSpec>().unwrap(), position_only);
        assert!("position-only:".parse::<PlayerSpec>().is_err());
        assert!("internal:grandmaster".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn elo_is_zero_for_even_scores_and_positive_when_winning() {
        let (e, err) = elo(&[1.0, 0.0, 0.5, 0.5]);
        assert!(e.abs() < 1e-9 && err > 0.0);
        let (e, _) = elo(&[1.0, 1.0, 1.0, 0.5]);
        assert!(e > 150.0);
    }

    #[test]
    fn adjudication_needs_both_engines_to_agree_for_long_enough() {
        let adj = Adjudication { win_score: 300, win_moves: 2, draw_after: 6, draw_score: 5, draw_moves: 2 };
        let ahead = [Some(10), Some(320), Some(310), Some(400), Some(350)];
        assert_eq!(adj.verdict(&ahead), Some(Some(Color::White)));
        assert_eq!(adj.verdict(&ahead[..4]), None, "three moves of agreement are not four");
        let behind: Vec<Option<i32>> = ahead.iter().map(|s| s.map(|v| -v)).collect();
        assert_eq!(adj.verdict(&behind), Some(Some(Color::Black)));
        // One engine that does not see it, or gives no score, blocks the verdict.
        assert_eq!(adj.verdict(&[Some(320), Some(310), Some(299), Some(350)]), None);
        assert_eq!(adj.verdict(&[Some(320), None, Some(330), Some(350)]), None);
        let level = [None, None, Some(0), Some(3), Some(-5), Some(0)];
        assert_eq!(adj.verdict(&level), Some(None));
        assert_eq!(adj.verdict(&level[..5]), None, "a draw waits for draw_after plies");
        assert_eq!(adj.verdict(&[None, None, Some(0), Some(3), Some(-6), Some(0)]), None);
    }

    #[test]
    fn an_adjudicated_game_ends_early_and_says_so_in_its_pdn() {
        let v = VariantId::English;
        // Black, to move, is six men up.
        let ballots = crate::engine::openings::parse(v, "B:W21-26:B1-12").unwrap();
        let play = |adj: Option<&Adjudication>| {
            let mut a = Player::start(&"internal:medium".parse().unwrap(), v, 1).unwrap();
            let mut b = Player::start(&"internal:medium".parse().unwrap(), v, 2).unwrap();
            play_game(&mut a, &mut b, &ballots[0], true, Duration::from_millis(5), adj).unwrap()
        };
        let (_, full) = play(None);
        assert_eq!((full.winner, full.end), (Some(Color::Black), GameEnd::Rules(OutcomeReason::NoPieces)));
        let (game, early) = play(Some(&Adjudication::default()));
        assert_eq!(early.end, GameEnd::Adjudicated);
        assert_eq!((early.a_points, early.winner), (1.0, Some(Color::Black)));
        assert_eq!(early.plies, 8, "four moves each");
        assert!(game.state.outcome().is_none());
        let text = pdn(&game, "a", "b", &early, "test", 1, &[]);
        assert!(text.contains("[Result \"0-1\"]") && text.contains("[Termination \"adjudication\"]"), "{text}");
    }

    #[test]
    fn an_internal_game_finishes_with_legal_moves_and_pdn() {
        let v = VariantId::English;
        let opening = Opening::start(v);
        let mut a = Player::start(&"internal:easy".parse().unwrap(), v, 1).unwrap();
        let mut b = Player::start(&"internal:medium@5".parse().unwrap(), v, 2).unwrap();
        let (game, result) = play_game(&mut a, &mut b, &opening, true, Duration::from_millis(5), None).unwrap();
        assert!(result.plies > 10);
        // Replaying the recorded moves through the rules proves each was legal.
        let mut pos = Position::start(v);
        for m in &game.moves {
            assert!(pos.legal_moves().iter().any(|l| l.same_effect(m)));
            pos = pos.play(m);
        }
        let text = pdn(&game, "a", "b", &result, "test", 1, &[]);
        assert!(text.contains("[GameType \"21") && text.contains("1. "));
    }
}
