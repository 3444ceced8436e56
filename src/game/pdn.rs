//! PDN (Portable Draughts Notation): export of games and a reader for PDN text.
//!
//! The reader is lenient where PDN files in the wild differ (move numbers glued to moves, `1...`,
//! NAGs and `!?` marks, `;` and `%` comment lines, variations in parentheses, chess-style or
//! draughts-style results) and strict where a game could be misread (unterminated tags, comments
//! or variations are errors).

use std::fmt::Write as _;

use super::model::Game;
use crate::rules::{Color, Move, Position, Reason, VariantId};

/// One game read from PDN text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// Moves as written (move numbers and annotations removed).
    pub moves: Vec<String>,
    /// Comments, each with the number of moves that precede it.
    pub comments: Vec<(usize, String)>,
    /// The game termination token, if any ("2-0", "1/2-1/2", "*", ...).
    pub result: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    #[error("line {line}: unterminated tag")]
    UnterminatedTag { line: usize },
    #[error("line {line}: malformed tag")]
    BadTag { line: usize },
    #[error("line {line}: unterminated comment")]
    UnterminatedComment { line: usize },
    #[error("line {line}: unterminated variation")]
    UnterminatedVariation { line: usize },
    #[error("no game found")]
    Empty,
    #[error("unknown game type {0:?}")]
    UnknownGameType(String),
    #[error("bad FEN tag: {0}")]
    BadFen(String),
    #[error("move {ply} ({text}) is not legal: {reason:?}")]
    IllegalMove { ply: usize, text: String, reason: Reason },
}

impl PdnGame {
    /// The value of a tag (names compare case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The variant named by the GameType tag (a bare number or the full `n,W,8,8,N1,0` form);
    /// no tag means international draughts, as the PDN standard says.
    pub fn variant(&self) -> Result<VariantId, PdnError> {
        let Some(tag) = self.tag("GameType") else { return Ok(VariantId::International) };
        let tag = tag.trim();
        let number = tag.split(',').next().unwrap_or("").trim();
        let by_full = VariantId::ALL.into_iter().find(|v| v.rules().game_type_tag.eq_ignore_ascii_case(tag));
        let by_number = || {
            let n: u8 = number.parse().ok()?;
            VariantId::ALL.into_iter().find(|v| n != 0 && v.rules().game_type == n)
        };
        by_full.or_else(by_number).ok_or_else(|| PdnError::UnknownGameType(tag.to_owned()))
    }

    /// Plays the moves from the start (or FEN tag) position, checking each with the rules.
    pub fn replay(&self) -> Result<(Position, Vec<Move>), PdnError> {
        let variant = self.variant()?;
        let start = match self.tag("FEN") {
            Some(fen) => Position::from_fen(variant, fen).map_err(|e| PdnError::BadFen(e.to_string()))?,
            None => Position::start(variant),
        };
        let mut pos = start;
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let mv = pos.parse_move(text).map_err(|e| PdnError::IllegalMove {
                ply: i + 1,
                text: text.clone(),
                reason: e.reason,
            })?;
            pos = pos.play(&mv);
            moves.push(mv);
        }
        Ok((start, moves))
    }
}

/// The result tokens the reader understands.
const RESULTS: [&str; 8] = ["1-0", "0-1", "2-0", "0-2", "1/2-1/2", "1-1", "0-0", "*"];

/// The winner a result token names: `Some(None)` for a draw, `None` for no result.
pub fn result_winner(token: &str) -> Option<Option<Color>> {
    match token {
        "1-0" | "2-0" => Some(Some(Color::White)),
        "0-1" | "0-2" => Some(Some(Color::Black)),
        "1/2-1/2" | "1-1" => Some(None),
        _ => None,
    }
}

/// Reads every game in `text`.
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut reader = Reader { chars: text.chars().collect(), pos: 0, line: 1 };
    let mut games = Vec::new();
    let mut game = PdnGame::default();
    let mut in_movetext = false;
    while let Some(c) = reader.peek() {
        match c {
            '\n' | ' ' | '\t' | '\r' | '\u{feff}' => reader.bump(),
            '%' if reader.at_line_start() => reader.skip_line(),
            '[' => {
                if in_movetext {
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                }
                let tag = reader.tag()?;
                game.tags.push(tag);
            }
            '{' => {
                in_movetext = true;
                let comment = reader.comment()?;
                game.comments.push((game.moves.len(), comment));
            }
            ';' => {
                in_movetext = true;
                reader.bump();
                let comment = reader.rest_of_line();
                game.comments.push((game.moves.len(), comment.trim().to_owned()));
            }
            '(' => {
                in_movetext = true;
                reader.variation()?;
            }
            _ => {
                in_movetext = true;
                let token = reader.token();
                if token.is_empty() {
                    // A stray closing bracket or similar: skip it rather than loop forever.
                    reader.bump();
                    continue;
                }
                if RESULTS.contains(&token.as_str()) {
                    game.result = Some(token);
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                    continue;
                }
                if token.starts_with('$') {
                    continue;
                }
                let mv = strip_move_number(&token).trim_end_matches(['!', '?']);
                if !mv.is_empty() {
                    game.moves.push(mv.to_owned());
                }
            }
        }
    }
    if !game.tags.is_empty() || !game.moves.is_empty() || !game.comments.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// Reads the first game in `text`.
pub fn read_game(text: &str) -> Result<PdnGame, PdnError> {
    read_games(text)?.into_iter().next().ok_or(PdnError::Empty)
}

/// "12." / "12..." / "12.22-18" → the part after the number.
fn strip_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') { token[digits..].trim_start_matches('.') } else { token }
}

struct Reader {
    chars: Vec<char>,
    pos: usize,
    line: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn bump(&mut self) {
        if self.peek() == Some('\n') {
            self.line += 1;
        }
        self.pos += 1;
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.chars.get(self.pos - 1) == Some(&'\n')
    }

    fn rest_of_line(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    fn skip_line(&mut self) {
        self.rest_of_line();
    }

    fn token(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';') {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    fn tag(&mut self) -> Result<(String, String), PdnError> {
        let line = self.line;
        self.bump(); // '['
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if name.is_empty() || self.peek() != Some('"') {
            return Err(PdnError::BadTag { line });
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => return Err(PdnError::UnterminatedTag { line }),
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c) if c != '\n' => {
                            value.push(c);
                            self.bump();
                        }
                        _ => return Err(PdnError::UnterminatedTag { line }),
                    }
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some(']') {
            return Err(PdnError::UnterminatedTag { line });
        }
        self.bump();
        Ok((name, value))
    }

    fn comment(&mut self) -> Result<String, PdnError> {
        let line = self.line;
        self.bump(); // '{'
        let mut s = String::new();
        loop {
            match self.peek() {
                None => return Err(PdnError::UnterminatedComment { line }),
                Some('}') => {
                    self.bump();
                    return Ok(s.split_whitespace().collect::<Vec<_>>().join(" "));
                }
                Some(c) => {
                    s.push(c);
                    self.bump();
                }
            }
        }
    }

    fn variation(&mut self) -> Result<(), PdnError> {
        let line = self.line;
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return Err(PdnError::UnterminatedVariation { line }),
                Some('(') => {
                    depth += 1;
                    self.bump();
                }
                Some(')') => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some('{') => {
                    self.comment()?;
                }
                Some(_) => self.bump(),
            }
        }
    }
}

/// Tags that are not derived from the game itself.
#[derive(Clone, Debug)]
pub struct ExportOptions {
    pub event: String,
    pub site: String,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions { event: "Casual game".to_owned(), site: "damas".to_owned() }
    }
}

/// The game as PDN, with the standard tags; FEN only when the game did not start from the
/// variant's initial position.
pub fn export(game: &Game, options: &ExportOptions) -> String {
    let mut tags = vec![
        ("Event".to_owned(), options.event.clone()),
        ("Site".to_owned(), options.site.clone()),
        ("Date".to_owned(), pdn_date(game.created)),
        ("White".to_owned(), game.white.display_name()),
        ("Black".to_owned(), game.black.display_name()),
        ("Result".to_owned(), game.result_pdn().to_owned()),
        ("GameType".to_owned(), game_type_tag(game.variant)),
    ];
    let standard_start =
        Position::from_fen(game.variant, &game.start_fen).map(|p| p == Position::start(game.variant)).unwrap_or(false);
    if !standard_start {
        tags.push(("FEN".to_owned(), game.start_fen.clone()));
    }
    let pdn =
        PdnGame { tags, moves: game.moves.clone(), comments: Vec::new(), result: Some(game.result_pdn().to_owned()) };
    write(&pdn, pairs_aligned(game))
}

/// Whether the game's first move opens a move pair: it does unless the game started from a
/// position with the variant's second player to move.
fn pairs_aligned(game: &Game) -> bool {
    let first = game.variant.rules().first_to_move;
    Position::from_fen(game.variant, &game.start_fen).map_or(true, |p| p.side_to_move() == first)
}

/// The PDN number of the game's move at `index` (from 0): `12.` when it opens a move pair, `12...`
/// when it answers one. Captions number moves like the PDN file.
pub fn move_label(game: &Game, index: usize) -> String {
    pair_label(index + usize::from(!pairs_aligned(game)))
}

/// The label of half-move `k` counted from the first of a pair.
fn pair_label(k: usize) -> String {
    if k.is_multiple_of(2) { format!("{}.", k / 2 + 1) } else { format!("{}...", k / 2 + 1) }
}

/// The GameType tag value: the bare number for standard types, the full description otherwise.
pub fn game_type_tag(variant: VariantId) -> String {
    let rules = variant.rules();
    if rules.game_type == 0 { rules.game_type_tag.to_owned() } else { rules.game_type.to_string() }
}

/// Writes PDN text. `pairs_aligned` says whether the first move opens a move pair (otherwise it is
/// numbered `1...`).
pub fn write(game: &PdnGame, pairs_aligned: bool) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    }
    out.push('\n');
    // Units are never split across lines: a move number stays with its move.
    let mut units: Vec<String> = Vec::new();
    let offset = usize::from(!pairs_aligned);
    let mut comments = game.comments.iter().peekable();
    for (i, mv) in game.moves.iter().enumerate() {
        while let Some((_, text)) = comments.next_if(|(at, _)| *at == i) {
            units.push(format!("{{{}}}", text.replace('}', ")")));
        }
        let k = i + offset;
        if k % 2 == 0 || i == 0 {
            units.push(format!("{} {mv}", pair_label(k)));
        } else {
            units.push(mv.clone());
        }
    }
    for (_, text) in comments {
        units.push(format!("{{{}}}", text.replace('}', ")")));
    }
    units.push(game.result.clone().unwrap_or_else(|| "*".to_owned()));
    let mut line = String::new();
    for unit in units {
        if !line.is_empty() && line.len() + 1 + unit.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&unit);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// "YYYY.MM.DD" in UTC for a unix time.
fn pdn_date(unix: i64) -> String {
    let (year, month, day) = super::calendar::civil_date(unix.div_euclid(86_400));
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::model::{EndReason, GameId, GameResult, Player, Status};

    fn played(variant: VariantId, start: Position, plies: usize) -> Game {
        let mut game = Game::new(
            GameId::random(),
            variant,
            start.to_fen(),
            start.side_to_move(),
            Player::human(1, "Ana \"la \\ Dama\""),
            Player::Engine { level: 4 },
            1_700_000_000,
        );
        let mut pos = start;
        for i in 0..plies {
            let moves = pos.legal_moves();
            let Some(mv) = moves.get(i * 7 % moves.len().max(1)) else { break };
            game.moves.push(pos.notation(mv));
            pos = pos.play(mv);
        }
        game.fen = pos.to_fen();
        game.ply = game.moves.len() as u32;
        game.status = Status::Finished;
        game.result = Some(GameResult { winner: Some(Color::White), reason: EndReason::Resignation });
        game
    }

    #[test]
    fn dates() {
        assert_eq!(pdn_date(0), "1970.01.01");
        assert_eq!(pdn_date(1_700_000_000), "2023.11.14");
        assert_eq!(pdn_date(951_782_400), "2000.02.29");
    }

    #[test]
    fn round_trip_every_variant() {
        for variant in VariantId::ALL {
            let game = played(variant, Position::start(variant), 40);
            let options = ExportOptions { event: "Club \"open\" 2026".to_owned(), site: "damas, Telegram".to_owned() };
            let text = export(&game, &options);
            let back = read_game(&text).unwrap_or_else(|e| panic!("{variant}: {e}\n{text}"));
            assert_eq!(back.moves, game.moves, "{variant}\n{text}");
            assert_eq!(back.tag("Event"), Some("Club \"open\" 2026"), "{text}");
            assert_eq!(back.tag("Site"), Some("damas, Telegram"), "{text}");
            assert_eq!(back.tag("GameType"), Some(game_type_tag(variant).as_str()), "{text}");
            let names: Vec<&str> = back.tags.iter().map(|(n, _)| n.as_str()).collect();
            assert_eq!(names, ["Event", "Site", "Date", "White", "Black", "Result", "GameType"], "{text}");
            assert_eq!(back.variant().unwrap(), variant, "{text}");
            assert_eq!(back.tag("White"), Some("Ana \"la \\ Dama\""));
            assert_eq!(back.tag("Black"), Some("damas engine (master)"));
            assert_eq!(back.tag("Date"), Some("2023.11.14"));
            assert_eq!(back.tag("FEN"), None, "{variant}: standard start needs no FEN\n{text}");
            assert_eq!(back.result.as_deref(), Some(game.result_pdn()));
            assert_eq!(back.tag("Result"), Some(game.result_pdn()));
            let (start, moves) = back.replay().unwrap_or_else(|e| panic!("{variant}: {e}\n{text}"));
            let end = moves.iter().fold(start, |p, m| p.play(m));
            assert_eq!(end.to_fen(), game.fen, "{variant}");
            assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        }
    }

    #[test]
    fn round_trip_from_a_position_with_the_second_player_to_move() {
        let variant = VariantId::International;
        let start = Position::start(variant);
        let after = start.play(&start.legal_moves()[0]);
        let game = played(variant, after, 11);
        let text = export(&game, &ExportOptions::default());
        assert!(text.contains("[FEN \""), "{text}");
        assert!(text.contains("\n1... "), "{text}");
        let back = read_game(&text).unwrap();
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.tag("FEN"), Some(after.to_fen().as_str()), "{text}");
        assert_eq!(back.tag("Result"), Some("2-0"), "{text}");
        assert_eq!(back.variant().unwrap(), variant);
        let (start_back, _) = back.replay().unwrap();
        assert_eq!(start_back, after);
    }

    #[test]
    fn reads_hand_written_pdn() {
        let text = r#"
[Event "Club championship"]
[White "Sijbrands, T."]
[Black "Baljakin, A."]
[GameType "20"]
[Result "1-1"]

{Opening comment} 1. 32-28 19-23 2.28x19 14x23 {the exchange}
3. 33-28 $1 (3. 37-32 {alternative (with parens)} 10-14) 23x32!? ; a line comment
4.37x28 ; after
% escaped line 1-0
1-1

[Event "second"]
[GameType "21"]
1. 11-15 23-19 *
"#;
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.tag("event"), Some("Club championship"));
        assert_eq!(g.moves, vec!["32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28"]);
        assert_eq!(g.result.as_deref(), Some("1-1"));
        assert_eq!(result_winner("1-1"), Some(None));
        assert_eq!(
            g.comments,
            vec![
                (0, "Opening comment".to_owned()),
                (4, "the exchange".to_owned()),
                (6, "a line comment".to_owned()),
                (7, "after".to_owned()),
            ]
        );
        assert_eq!(g.variant().unwrap(), VariantId::International);
        let (start, moves) = g.replay().unwrap();
        assert_eq!(moves.len(), 7);
        assert_eq!(moves.iter().fold(start, |p, m| p.play(m)).count(Color::White, crate::rules::Role::Man), 18);
        assert_eq!(games[1].variant().unwrap(), VariantId::English);
        assert_eq!(games[1].moves, vec!["11-15", "23-19"]);
        assert_eq!(games[1].result.as_deref(), Some("*"));
    }

    #[test]
    fn malformed_input_is_an_error() {
        assert!(matches!(read_game("[Event \"x]\n1. 32-28"), Err(PdnError::UnterminatedTag { line: 1 })));
        assert!(matches!(read_game("[Event x]"), Err(PdnError::BadTag { .. })));
        assert!(matches!(read_game("1. 32-28 {open"), Err(PdnError::UnterminatedComment { .. })));
        assert!(matches!(read_game("1. 32-28 (2. 33-29"), Err(PdnError::UnterminatedVariation { .. })));
        assert_eq!(read_game("   \n"), Err(PdnError::Empty));
        let bad = read_game("[GameType \"20\"]\n1. 46-41 *").unwrap();
        assert!(matches!(bad.replay(), Err(PdnError::IllegalMove { ply: 1, .. })));
        let unknown = read_game("[GameType \"99\"]\n*").unwrap();
        assert!(matches!(unknown.variant(), Err(PdnError::UnknownGameType(_))));
    }

    #[test]
    fn comments_survive_writing() {
        let g = PdnGame {
            tags: vec![("Event".into(), "e".into())],
            moves: vec!["32-28".into(), "19-23".into()],
            comments: vec![(0, "start".into()), (1, "mid".into()), (2, "end".into())],
            result: Some("2-0".into()),
        };
        let back = read_game(&write(&g, true)).unwrap();
        assert_eq!(back, g);
    }
}
