//! Callback data of the board's inline buttons.
//!
//! Telegram returns at most 64 bytes with a button tap. The text names the game and the ply the
//! keyboard was drawn for, so a tap on an old board can be told apart from a tap on the current
//! one, and the action. The whole move being built travels in the data (the squares tapped so
//! far), so no server-side selection state is needed.
//!
//! Format, version 1: `b1:<game>:<ply>:<action>`
//! * `game`: 1–12 characters of `A–Z a–z 0–9 _ -`
//! * `ply`: decimal, no leading zeros
//! * `action`: `p` followed by 0–16 squares as two characters each, row then column (row 0 is White's
//!   home row, column 0 is file a; `0`–`9`, then `a` and `b` for 10 and 11 on 12×12 boards), or one
//!   letter for a control: `r` resign, `R` confirm resign,
//!   `d` offer draw, `a` accept draw, `n` decline draw, `f` flip, `u` refresh, `m` rematch,
//!   `-` nothing (inert buttons).

use std::fmt;
use std::str::FromStr;

/// Telegram's limit on callback data.
pub const MAX_LEN: usize = 64;
/// Longest game id the data can carry.
pub const MAX_GAME_ID: usize = 12;
/// Most squares one `Pick` can carry; a move needs origin, destination and rarely more than a
/// couple of route choices.
pub const MAX_TAPS: usize = 16;
const PREFIX: &str = "b";
/// Rows and columns of the largest board.
const BOARD_MAX: u8 = 12;

/// One coordinate as one character: `0`–`9`, then `a`, `b`.
fn coord_char(v: u8) -> char {
    if v < 10 { char::from(b'0' + v) } else { char::from(b'a' + v - 10) }
}

fn coord_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'b' => Some(c - b'a' + 10),
        _ => None,
    }
}
const VERSION: &str = "1";

/// A square by board coordinates: `row` 0 is White's home row, `col` 0 is file a. Both are
/// below 12 (the largest board is 12×12); whether it is a playing square is the variant's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    pub row: u8,
    pub col: u8,
}

impl Coord {
    pub fn new(row: u8, col: u8) -> Option<Coord> {
        (row < BOARD_MAX && col < BOARD_MAX).then_some(Coord { row, col })
    }
}

/// What a tap asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The squares tapped so far for the move being built: nothing (clear the selection), the
    /// piece, then the destination, then squares that pick one of several capture routes.
    Pick(Vec<Coord>),
    Resign,
    ConfirmResign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Flip,
    Refresh,
    Rematch,
    /// Inert buttons (squares that cannot be used now); the tap is only acknowledged.
    Noop,
}

impl Action {
    fn control_code(&self) -> Option<char> {
        Some(match self {
            Action::Pick(_) => return None,
            Action::Resign => 'r',
            Action::ConfirmResign => 'R',
            Action::OfferDraw => 'd',
            Action::AcceptDraw => 'a',
            Action::DeclineDraw => 'n',
            Action::Flip => 'f',
            Action::Refresh => 'u',
            Action::Rematch => 'm',
            Action::Noop => '-',
        })
    }

    fn from_control_code(c: char) -> Option<Action> {
        Some(match c {
            'r' => Action::Resign,
            'R' => Action::ConfirmResign,
            'd' => Action::OfferDraw,
            'a' => Action::AcceptDraw,
            'n' => Action::DeclineDraw,
            'f' => Action::Flip,
            'u' => Action::Refresh,
            'm' => Action::Rematch,
            '-' => Action::Noop,
            _ => return None,
        })
    }
}

/// Why callback data was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CallbackError {
    #[error("callback data is longer than {MAX_LEN} bytes")]
    TooLong,
    #[error("not board callback data")]
    NotBoard,
    #[error("board callback data of an unsupported version")]
    UnsupportedVersion,
    #[error("callback data has the wrong number of fields")]
    Fields,
    #[error("game id must be 1-{MAX_GAME_ID} characters of A-Z, a-z, 0-9, _ or -")]
    GameId,
    #[error("ply is not a canonical decimal number")]
    Ply,
    #[error("unknown action")]
    Action,
    #[error("square coordinates must be two characters of 0-9, a or b")]
    Square,
    #[error("more than {MAX_TAPS} squares in one pick")]
    TooManyTaps,
}

/// Decoded callback data. Fields are checked on construction, so every value encodes to at most
/// [`MAX_LEN`] bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CallbackData {
    game: String,
    ply: u32,
    action: Action,
}

fn valid_game_id(id: &str) -> bool {
    (1..=MAX_GAME_ID).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

impl CallbackData {
    pub fn new(game: &str, ply: u32, action: Action) -> Result<CallbackData, CallbackError> {
        if !valid_game_id(game) {
            return Err(CallbackError::GameId);
        }
        if let Action::Pick(taps) = &action {
            if taps.len() > MAX_TAPS {
                return Err(CallbackError::TooManyTaps);
            }
            if taps.iter().any(|c| c.row >= BOARD_MAX || c.col >= BOARD_MAX) {
                return Err(CallbackError::Square);
            }
        }
        Ok(CallbackData { game: game.to_owned(), ply, action })
    }

    pub fn game(&self) -> &str {
        &self.game
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn action(&self) -> &Action {
        &self.action
    }

    pub fn into_action(self) -> Action {
        self.action
    }

    /// Whether the tap was made on a keyboard drawn for another game or an earlier ply.
    pub fn is_stale(&self, game: &str, ply: u32) -> bool {
        self.game != game || self.ply != ply
    }

    pub fn encode(&self) -> String {
        let mut out = String::with_capacity(MAX_LEN);
        out.push_str(PREFIX);
        out.push_str(VERSION);
        out.push(':');
        out.push_str(&self.game);
        out.push(':');
        out.push_str(&self.ply.to_string());
        out.push(':');
        match &self.action {
            Action::Pick(taps) => {
                out.push('p');
                for c in taps {
                    out.push(coord_char(c.row));
                    out.push(coord_char(c.col));
                }
            }
            other => out.extend(other.control_code()),
        }
        out
    }

    /// Reads callback data; any input gives a value or an error, never a panic.
    pub fn parse(data: &str) -> Result<CallbackData, CallbackError> {
        if data.len() > MAX_LEN {
            return Err(CallbackError::TooLong);
        }
        let mut fields = data.split(':');
        let head = fields.next().unwrap_or("");
        let Some(version) = head.strip_prefix(PREFIX) else {
            return Err(CallbackError::NotBoard);
        };
        if version != VERSION {
            return Err(if !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) {
                CallbackError::UnsupportedVersion
            } else {
                CallbackError::NotBoard
            });
        }
        let (Some(game), Some(ply), Some(action), None) = (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(CallbackError::Fields);
        };
        if !valid_game_id(game) {
            return Err(CallbackError::GameId);
        }
        let canonical =
            !ply.is_empty() && ply.bytes().all(|b| b.is_ascii_digit()) && (ply == "0" || !ply.starts_with('0'));
        let ply: u32 = match ply.parse() {
            Ok(n) if canonical => n,
            _ => return Err(CallbackError::Ply),
        };
        let action = parse_action(action)?;
        Ok(CallbackData { game: game.to_owned(), ply, action })
    }
}

fn parse_action(text: &str) -> Result<Action, CallbackError> {
    if let Some(digits) = text.strip_prefix('p') {
        let bytes = digits.as_bytes();
        if bytes.len() % 2 != 0 || !bytes.iter().all(|&b| coord_value(b).is_some()) {
            return Err(CallbackError::Square);
        }
        if bytes.len() / 2 > MAX_TAPS {
            return Err(CallbackError::TooManyTaps);
        }
        let taps = bytes
            .chunks_exact(2)
            .filter_map(|p| Some(Coord { row: coord_value(p[0])?, col: coord_value(p[1])? }))
            .collect();
        return Ok(Action::Pick(taps));
    }
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Action::from_control_code(c).ok_or(CallbackError::Action),
        _ => Err(CallbackError::Action),
    }
}

impl fmt::Display for CallbackData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.encode())
    }
}

impl FromStr for CallbackData {
    type Err = CallbackError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CallbackData::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(cells: &[(u8, u8)]) -> Action {
        Action::Pick(cells.iter().map(|&(row, col)| Coord { row, col }).collect())
    }

    #[test]
    fn encodes_the_documented_format() {
        let data = CallbackData::new("Ab3_-x", 42, pick(&[(2, 3), (4, 5)])).unwrap();
        assert_eq!(data.encode(), "b1:Ab3_-x:42:p2345");
        assert_eq!(CallbackData::new("g", 0, Action::Resign).unwrap().encode(), "b1:g:0:r");
        assert_eq!(CallbackData::new("g", 7, pick(&[])).unwrap().encode(), "b1:g:7:p");
    }

    #[test]
    fn every_action_round_trips() {
        let actions = [
            pick(&[]),
            pick(&[(0, 0)]),
            pick(&[(9, 9), (0, 1), (5, 5)]),
            Action::Resign,
            Action::ConfirmResign,
            Action::OfferDraw,
            Action::AcceptDraw,
            Action::DeclineDraw,
            Action::Flip,
            Action::Refresh,
            Action::Rematch,
            Action::Noop,
        ];
        for action in actions {
            let data = CallbackData::new("abcDEF012_-z", u32::MAX, action.clone()).unwrap();
            let text = data.encode();
            assert_eq!(CallbackData::parse(&text), Ok(data.clone()), "{text}");
            assert_eq!(data.action(), &action);
        }
    }

    #[test]
    fn the_longest_data_fits_in_64_bytes() {
        let taps = vec![Coord { row: 9, col: 9 }; MAX_TAPS];
        let data = CallbackData::new("ZZZZZZZZZZZZ", u32::MAX, Action::Pick(taps)).unwrap();
        let text = data.encode();
        assert!(text.len() <= MAX_LEN, "{} bytes: {text}", text.len());
        assert_eq!(CallbackData::parse(&text).unwrap(), data);
    }

    #[test]
    fn construction_refuses_what_cannot_be_encoded() {
        assert_eq!(CallbackData::new("", 1, Action::Noop), Err(CallbackError::GameId));
        assert_eq!(CallbackData::new("abcdefghijklm", 1, Action::Noop), Err(CallbackError::GameId));
        assert_eq!(CallbackData::new("a:b", 1, Action::Noop), Err(CallbackError::GameId));
        assert_eq!(CallbackData::new("ñ", 1, Action::Noop), Err(CallbackError::GameId));
        let too_many = Action::Pick(vec![Coord { row: 1, col: 1 }; MAX_TAPS + 1]);
        assert_eq!(CallbackData::new("a", 1, too_many), Err(CallbackError::TooManyTaps));
        assert_eq!(
            CallbackData::new("a", 1, Action::Pick(vec![Coord { row: 12, col: 0 }])),
            Err(CallbackError::Square)
        );
        assert_eq!(Coord::new(12, 0), None);
        assert_eq!(Coord::new(9, 9), Some(Coord { row: 9, col: 9 }));
        // 12×12 boards: rows and columns 10 and 11 are written `a` and `b`.
        let big = CallbackData::new("g", 3, pick(&[(11, 10), (0, 11)])).unwrap();
        assert_eq!(big.encode(), "b1:g:3:pba0b");
        assert_eq!(CallbackData::parse("b1:g:3:pba0b"), Ok(big));
    }

    #[test]
    fn bad_input_gives_the_matching_error() {
        use CallbackError::*;
        let cases = [
            ("", NotBoard),
            ("x1:g:1:r", NotBoard),
            ("b:g:1:r", NotBoard),
            ("bx:g:1:r", NotBoard),
            ("b2:g:1:r", UnsupportedVersion),
            ("b10:g:1:r", UnsupportedVersion),
            ("b1", Fields),
            ("b1:g:1", Fields),
            ("b1:g:1:r:x", Fields),
            ("b1::1:r", GameId),
            ("b1:g g:1:r", GameId),
            ("b1:abcdefghijklm:1:r", GameId),
            ("b1:g::r", Ply),
            ("b1:g:01:r", Ply),
            ("b1:g:+1:r", Ply),
            ("b1:g:-1:r", Ply),
            ("b1:g:4294967296:r", Ply),
            ("b1:g:1:", Action),
            ("b1:g:1:z", Action),
            ("b1:g:1:rr", Action),
            ("b1:g:1:p1", Square),
            ("b1:g:1:p1c", Square),
            ("b1:g:1:p١٢", Square),
        ];
        for (text, error) in cases {
            assert_eq!(CallbackData::parse(text), Err(error), "{text:?}");
        }
        assert_eq!(CallbackData::parse(&format!("b1:g:1:p{}", "0".repeat(60))), Err(TooLong));
        assert_eq!(CallbackData::parse(&format!("b1:g:1:p{}", "01".repeat(MAX_TAPS + 1))), Err(TooManyTaps));
    }

    #[test]
    fn staleness_compares_game_and_ply() {
        let data = CallbackData::new("game1", 10, Action::Flip).unwrap();
        assert!(!data.is_stale("game1", 10));
        assert!(data.is_stale("game1", 11));
        assert!(data.is_stale("game2", 10));
    }

    proptest::proptest! {
        #[test]
        fn parsing_never_panics(text in "\\PC{0,80}") {
            let _ = CallbackData::parse(&text);
        }

        #[test]
        fn parsing_never_panics_on_near_misses(text in "b[0-9]?:[A-Za-z0-9_:-]{0,14}:[0-9+-]{0,11}:[a-zA-Z0-9-]{0,36}") {
            if let Ok(data) = CallbackData::parse(&text) {
                // Whatever parses is canonical: it encodes back to the same text.
                proptest::prop_assert_eq!(data.encode(), text);
            }
        }

        #[test]
        fn valid_data_round_trips(
            game in "[A-Za-z0-9_-]{1,12}",
            ply in proptest::num::u32::ANY,
            taps in proptest::collection::vec((0u8..12, 0u8..12), 0..=MAX_TAPS),
        ) {
            let action = Action::Pick(taps.into_iter().map(|(row, col)| Coord { row, col }).collect());
            let data = CallbackData::new(&game, ply, action).unwrap();
            let text = data.encode();
            proptest::prop_assert!(text.len() <= MAX_LEN);
            proptest::prop_assert_eq!(CallbackData::parse(&text), Ok(data));
        }
    }
}
