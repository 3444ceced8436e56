//! Callback data of every inline button the bot sends, read once into a typed [`Callback`].
//!
//! Telegram returns at most 64 bytes with a button tap. Buttons stay in chats for good, so each
//! format below is read exactly as it has always been written; a change means a new format.
//!
//! * `b1:<game>:<ply>:<action>`: a board or control button, see [`BoardData`].
//! * `g:<what>:<game>`: a button on a challenge or game card in a group, see [`CardAction`].
//! * `g:n:<variant>:<issuer>[:<opponent>]`: a variant picked from the menu of `/challenge`.
//! * `i1:a:<variant>:<challenger>:<w|b|r>[:p]`, `i1:c:<challenger>`: an inline challenge card, see
//!   [`CardData`].
//! * `dy:<day>:<index>`: a move picked on a daily puzzle card.
//! * `m:...`: the private chat's menus, see [`Menu`].
//!
//! Board data, version 1: `b1:<game>:<ply>:<action>`. The text names the game and the ply the
//! keyboard was drawn for, so a tap on an old board can be told apart from a tap on the current
//! one, and the action. The whole move being built travels in the data (the squares tapped so
//! far), so no server-side selection state is needed.
//! * `game`: 1–12 characters of `A–Z a–z 0–9 _ -`
//! * `ply`: decimal, no leading zeros
//! * `action`: `p` followed by 0–16 squares as two characters each, row then column (row 0 is White's
//!   home row, column 0 is file a; `0`–`9`, then `a` and `b` for 10 and 11 on 12×12 boards), or one
//!   letter for a control: `r` resign, `R` confirm resign,
//!   `d` offer draw, `a` accept draw, `n` decline draw, `f` flip, `u` refresh, `m` rematch,
//!   `-` nothing (inert buttons).

use std::fmt;
use std::str::FromStr;

use super::words::{parse_color, parse_level};
use crate::engine::Level;
use crate::game::GameId;
use crate::i18n::Lang;
use crate::rulebook::{Topic, VariantKey};
use crate::rules::{Color, VariantId};

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
    #[error("unknown kind of callback data")]
    Unknown,
    #[error("malformed {0} callback data")]
    Malformed(&'static str),
}

/// Decoded board data. Fields are checked on construction, so every value encodes to at most
/// [`MAX_LEN`] bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardData {
    game: String,
    ply: u32,
    action: Action,
}

fn valid_game_id(id: &str) -> bool {
    (1..=MAX_GAME_ID).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

impl BoardData {
    pub fn new(game: &str, ply: u32, action: Action) -> Result<BoardData, CallbackError> {
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
        Ok(BoardData { game: game.to_owned(), ply, action })
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

    /// Reads board data; any input gives a value or an error, never a panic.
    pub fn parse(data: &str) -> Result<BoardData, CallbackError> {
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
        Ok(BoardData { game: game.to_owned(), ply, action })
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

impl fmt::Display for BoardData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.encode())
    }
}

impl FromStr for BoardData {
    type Err = CallbackError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BoardData::parse(s)
    }
}

/// What a button tap asks for, whichever message the button is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callback {
    /// A board or control button under a board.
    Board(BoardData),
    /// A button on a challenge or game card in a group (or on an inline card once its game exists).
    Card(CardButton),
    /// A variant picked from the menu of `/challenge` without arguments.
    Challenge(ChallengeChoice),
    /// Accept or withdraw on an inline challenge card before its game exists.
    Inline(CardData),
    /// A move picked on a daily puzzle card.
    Daily(DailyTap),
    /// A button of the private chat's menus.
    Menu(Menu),
}

impl Callback {
    /// Reads callback data; any input gives a value or an error, never a panic.
    pub fn parse(data: &str) -> Result<Callback, CallbackError> {
        if data.len() > MAX_LEN {
            return Err(CallbackError::TooLong);
        }
        let fields: Vec<&str> = data.split(':').collect();
        match fields.as_slice() {
            [head, ..] if head.starts_with(PREFIX) => BoardData::parse(data).map(Callback::Board),
            ["g", "n", variant, issuer, rest @ ..] => {
                let choice = ChallengeChoice {
                    variant: variant.parse().map_err(|_| CallbackError::Malformed("challenge"))?,
                    issuer: issuer.parse().map_err(|_| CallbackError::Malformed("challenge"))?,
                    // Like the menu always did: anything after the opponent is ignored, and an
                    // unreadable opponent means none.
                    opponent: rest.first().and_then(|t| t.parse().ok()),
                };
                Ok(Callback::Challenge(choice))
            }
            ["g", what, game] => match (CardAction::from_code(what), GameId::parse(game)) {
                (Some(action), Ok(game)) => Ok(Callback::Card(CardButton { action, game })),
                _ => Err(CallbackError::Malformed("card")),
            },
            ["i1", ..] => CardData::parse(data).map(Callback::Inline).ok_or(CallbackError::Malformed("inline card")),
            ["dy", day, index] => match (day.parse(), index.parse()) {
                (Ok(day), Ok(index)) => Ok(Callback::Daily(DailyTap { day, index })),
                _ => Err(CallbackError::Malformed("daily")),
            },
            ["m", rest @ ..] => Menu::parse(rest).map(Callback::Menu).ok_or(CallbackError::Malformed("menu")),
            ["g", ..] => Err(CallbackError::Malformed("card")),
            ["dy", ..] => Err(CallbackError::Malformed("daily")),
            _ => Err(CallbackError::Unknown),
        }
    }

    pub fn encode(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Callback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Callback::Board(data) => data.fmt(f),
            Callback::Card(CardButton { action, game }) => write!(f, "g:{}:{game}", action.code()),
            Callback::Challenge(ChallengeChoice { variant, issuer, opponent }) => {
                write!(f, "g:n:{}:{issuer}", variant.as_str())?;
                match opponent {
                    Some(opponent) => write!(f, ":{opponent}"),
                    None => Ok(()),
                }
            }
            Callback::Inline(card) => f.write_str(&card.encode()),
            Callback::Daily(DailyTap { day, index }) => write!(f, "dy:{day}:{index}"),
            Callback::Menu(menu) => write!(f, "m:{menu}"),
        }
    }
}

impl FromStr for Callback {
    type Err = CallbackError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Callback::parse(s)
    }
}

/// `g:<what>:<game>`: a button on a card of `game`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardButton {
    pub action: CardAction,
    pub game: GameId,
}

/// What a card button asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardAction {
    Accept,
    Decline,
    /// Withdraw a challenge (only its challenger may).
    Cancel,
    /// Offer to take a move back.
    Takeback,
    TakebackYes,
    TakebackNo,
    /// The game as a PDN file.
    Pdn,
}

impl CardAction {
    pub const ALL: [CardAction; 7] = [
        CardAction::Accept,
        CardAction::Decline,
        CardAction::Cancel,
        CardAction::Takeback,
        CardAction::TakebackYes,
        CardAction::TakebackNo,
        CardAction::Pdn,
    ];

    pub fn code(self) -> &'static str {
        match self {
            CardAction::Accept => "a",
            CardAction::Decline => "d",
            CardAction::Cancel => "c",
            CardAction::Takeback => "t",
            CardAction::TakebackYes => "ty",
            CardAction::TakebackNo => "tn",
            CardAction::Pdn => "p",
        }
    }

    fn from_code(code: &str) -> Option<CardAction> {
        CardAction::ALL.into_iter().find(|a| a.code() == code)
    }
}

/// `g:n:<variant>:<issuer>[:<opponent>]`: the variant `issuer` picked for a challenge, to
/// `opponent` when the command answered someone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeChoice {
    pub variant: VariantId,
    /// Only who asked for the menu may pick from it.
    pub issuer: u64,
    pub opponent: Option<u64>,
}

/// What an inline card's buttons say: `i1:a:<variant>:<challenger>:<w|b|r>[:p]` (accept; `p` for a
/// card that is a photo) or `i1:c:<challenger>` (withdraw).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardData {
    Accept {
        variant: VariantId,
        challenger: u64,
        color: Option<Color>,
        /// The card is a photo (the board by URL), not a text: its edits differ.
        photo: bool,
    },
    Cancel {
        challenger: u64,
    },
}

impl CardData {
    pub fn encode(&self) -> String {
        match self {
            CardData::Accept { variant, challenger, color, photo } => {
                let c = match color {
                    Some(Color::White) => 'w',
                    Some(Color::Black) => 'b',
                    None => 'r',
                };
                let p = if *photo { ":p" } else { "" };
                format!("i1:a:{}:{challenger}:{c}{p}", variant.as_str())
            }
            CardData::Cancel { challenger } => format!("i1:c:{challenger}"),
        }
    }

    pub fn parse(data: &str) -> Option<CardData> {
        let parts: Vec<&str> = data.split(':').collect();
        match parts.as_slice() {
            ["i1", "a", variant, challenger, c, rest @ ..] => Some(CardData::Accept {
                variant: variant.parse().ok()?,
                challenger: challenger.parse().ok()?,
                color: match *c {
                    "w" => Some(Color::White),
                    "b" => Some(Color::Black),
                    "r" => None,
                    _ => return None,
                },
                photo: match rest {
                    [] => false,
                    ["p"] => true,
                    _ => return None,
                },
            }),
            ["i1", "c", challenger] => Some(CardData::Cancel { challenger: challenger.parse().ok()? }),
            _ => None,
        }
    }
}

/// `dy:<day>:<index>`: the move at `index` of the day's choices on the card of `day`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyTap {
    pub day: i64,
    pub index: usize,
}

/// A setting the settings menu cycles through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// Picture or buttons.
    Board,
    Orientation,
    Theme,
}

impl Setting {
    pub const ALL: [Setting; 3] = [Setting::Board, Setting::Orientation, Setting::Theme];

    pub fn code(self) -> &'static str {
        match self {
            Setting::Board => "board",
            Setting::Orientation => "orient",
            Setting::Theme => "theme",
        }
    }
}

/// The buttons under a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleButton {
    Next,
    Hint,
    /// Show the solution.
    Show,
}

impl PuzzleButton {
    pub const ALL: [PuzzleButton; 3] = [PuzzleButton::Next, PuzzleButton::Hint, PuzzleButton::Show];

    pub fn code(self) -> &'static str {
        match self {
            PuzzleButton::Next => "next",
            PuzzleButton::Hint => "hint",
            PuzzleButton::Show => "show",
        }
    }
}

/// `m:...`: the private chat's menus. Variants, levels, colours, languages and topics are read
/// with the same words the commands take, so older buttons that spelt them otherwise still work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Menu {
    /// `m:lang:<code>`
    Lang(Lang),
    /// `m:rules:<variant>`: a variant's rules overview.
    Rules(VariantId),
    /// `m:rt:<variant>:<topic>`
    Topic(VariantId, Topic),
    /// `m:set:<board|orient|theme>`
    Setting(Setting),
    /// `m:play:<variant>`: the variant of a new game is chosen; the level is next.
    PlayVariant(VariantId),
    /// `m:play:<variant>:<level>`: the colour is next.
    PlayLevel(VariantId, Level),
    /// `m:play:<variant>:<level>:<white|black|random>`: start the game.
    Play(VariantId, Level, Option<Color>),
    /// `m:pdn:<game>`
    Pdn(GameId),
    /// `m:an:<game>`
    Analyse(GameId),
    /// `m:pz:<next|hint|show>`
    Puzzle(PuzzleButton),
    /// `m:pz:m:<step>:<index>`: the move at `index` of the choices shown at puzzle step `step`.
    PuzzleMove { step: usize, index: usize },
    /// `m:new`: the menu for a new game.
    New,
    /// `m:board`: show the current game's board again.
    Board,
    /// `m:resign`: ask to confirm resigning.
    Resign,
    /// `m:keep`: resigning not confirmed.
    Keep,
}

impl Menu {
    /// Reads the fields after `m`.
    fn parse(fields: &[&str]) -> Option<Menu> {
        let variant = |word: &str| word.variant().ok();
        Some(match fields {
            ["lang", code] => Menu::Lang(Lang::parse_word(code)?),
            ["rules", v] => Menu::Rules(variant(v)?),
            ["rt", v, topic] => Menu::Topic(variant(v)?, topic.parse().ok()?),
            ["set", which] => Menu::Setting(Setting::ALL.into_iter().find(|s| s.code() == *which)?),
            ["play", v] => Menu::PlayVariant(variant(v)?),
            ["play", v, level] => Menu::PlayLevel(variant(v)?, parse_level(level)?),
            ["play", v, level, color] => Menu::Play(variant(v)?, parse_level(level)?, parse_color(color)?),
            ["pdn", id] => Menu::Pdn(GameId::parse(id).ok()?),
            ["an", id] => Menu::Analyse(GameId::parse(id).ok()?),
            ["pz", "m", step, index] => Menu::PuzzleMove { step: step.parse().ok()?, index: index.parse().ok()? },
            ["pz", button] => Menu::Puzzle(PuzzleButton::ALL.into_iter().find(|b| b.code() == *button)?),
            ["new"] => Menu::New,
            ["board"] => Menu::Board,
            ["resign"] => Menu::Resign,
            ["keep"] => Menu::Keep,
            _ => return None,
        })
    }
}

/// The menu's data after `m:`.
impl fmt::Display for Menu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Menu::Lang(lang) => write!(f, "lang:{}", lang.code()),
            Menu::Rules(v) => write!(f, "rules:{}", v.as_str()),
            Menu::Topic(v, topic) => write!(f, "rt:{}:{}", v.as_str(), topic.id()),
            Menu::Setting(s) => write!(f, "set:{}", s.code()),
            Menu::PlayVariant(v) => write!(f, "play:{}", v.as_str()),
            Menu::PlayLevel(v, level) => write!(f, "play:{}:{}", v.as_str(), *level as u8),
            Menu::Play(v, level, color) => {
                let color = match color {
                    Some(Color::White) => "white",
                    Some(Color::Black) => "black",
                    None => "random",
                };
                write!(f, "play:{}:{}:{color}", v.as_str(), *level as u8)
            }
            Menu::Pdn(id) => write!(f, "pdn:{id}"),
            Menu::Analyse(id) => write!(f, "an:{id}"),
            Menu::Puzzle(button) => write!(f, "pz:{}", button.code()),
            Menu::PuzzleMove { step, index } => write!(f, "pz:m:{step}:{index}"),
            Menu::New => f.write_str("new"),
            Menu::Board => f.write_str("board"),
            Menu::Resign => f.write_str("resign"),
            Menu::Keep => f.write_str("keep"),
        }
    }
}

impl From<Menu> for Callback {
    fn from(menu: Menu) -> Self {
        Callback::Menu(menu)
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
        let data = BoardData::new("Ab3_-x", 42, pick(&[(2, 3), (4, 5)])).unwrap();
        assert_eq!(data.encode(), "b1:Ab3_-x:42:p2345");
        assert_eq!(BoardData::new("g", 0, Action::Resign).unwrap().encode(), "b1:g:0:r");
        assert_eq!(BoardData::new("g", 7, pick(&[])).unwrap().encode(), "b1:g:7:p");
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
            let data = BoardData::new("abcDEF012_-z", u32::MAX, action.clone()).unwrap();
            let text = data.encode();
            assert_eq!(BoardData::parse(&text), Ok(data.clone()), "{text}");
            assert_eq!(data.action(), &action);
        }
    }

    #[test]
    fn the_longest_data_fits_in_64_bytes() {
        let taps = vec![Coord { row: 9, col: 9 }; MAX_TAPS];
        let data = BoardData::new("ZZZZZZZZZZZZ", u32::MAX, Action::Pick(taps)).unwrap();
        let text = data.encode();
        assert!(text.len() <= MAX_LEN, "{} bytes: {text}", text.len());
        assert_eq!(BoardData::parse(&text).unwrap(), data);
    }

    #[test]
    fn construction_refuses_what_cannot_be_encoded() {
        assert_eq!(BoardData::new("", 1, Action::Noop), Err(CallbackError::GameId));
        assert_eq!(BoardData::new("abcdefghijklm", 1, Action::Noop), Err(CallbackError::GameId));
        assert_eq!(BoardData::new("a:b", 1, Action::Noop), Err(CallbackError::GameId));
        assert_eq!(BoardData::new("ñ", 1, Action::Noop), Err(CallbackError::GameId));
        let too_many = Action::Pick(vec![Coord { row: 1, col: 1 }; MAX_TAPS + 1]);
        assert_eq!(BoardData::new("a", 1, too_many), Err(CallbackError::TooManyTaps));
        assert_eq!(BoardData::new("a", 1, Action::Pick(vec![Coord { row: 12, col: 0 }])), Err(CallbackError::Square));
        assert_eq!(Coord::new(12, 0), None);
        assert_eq!(Coord::new(9, 9), Some(Coord { row: 9, col: 9 }));
        // 12×12 boards: rows and columns 10 and 11 are written `a` and `b`.
        let big = BoardData::new("g", 3, pick(&[(11, 10), (0, 11)])).unwrap();
        assert_eq!(big.encode(), "b1:g:3:pba0b");
        assert_eq!(BoardData::parse("b1:g:3:pba0b"), Ok(big));
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
            assert_eq!(BoardData::parse(text), Err(error), "{text:?}");
        }
        assert_eq!(BoardData::parse(&format!("b1:g:1:p{}", "0".repeat(60))), Err(TooLong));
        assert_eq!(BoardData::parse(&format!("b1:g:1:p{}", "01".repeat(MAX_TAPS + 1))), Err(TooManyTaps));
    }

    #[test]
    fn staleness_compares_game_and_ply() {
        let data = BoardData::new("game1", 10, Action::Flip).unwrap();
        assert!(!data.is_stale("game1", 10));
        assert!(data.is_stale("game1", 11));
        assert!(data.is_stale("game2", 10));
    }

    fn game(id: &str) -> GameId {
        GameId::parse(id).unwrap()
    }

    /// One value of every kind of callback, with the extremes of their numbers.
    fn every_callback() -> Vec<Callback> {
        let mut all = vec![
            Callback::Board(BoardData::new("abc", 3, pick(&[(2, 3), (3, 4)])).unwrap()),
            Callback::Board(BoardData::new("abc", 0, Action::ConfirmResign).unwrap()),
            Callback::Challenge(ChallengeChoice { variant: VariantId::Russian, issuer: u64::MAX, opponent: None }),
            Callback::Challenge(ChallengeChoice { variant: VariantId::Brazilian, issuer: 1, opponent: Some(u64::MAX) }),
            Callback::Inline(CardData::Accept {
                variant: VariantId::International,
                challenger: u64::MAX,
                color: Some(Color::Black),
                photo: true,
            }),
            Callback::Inline(CardData::Accept {
                variant: VariantId::Triestine,
                challenger: 1,
                color: Some(Color::White),
                photo: false,
            }),
            Callback::Inline(CardData::Accept {
                variant: VariantId::English,
                challenger: 7,
                color: None,
                photo: false,
            }),
            Callback::Inline(CardData::Cancel { challenger: 42 }),
            Callback::Daily(DailyTap { day: i64::MIN, index: usize::MAX }),
            Callback::Daily(DailyTap { day: 20_000, index: 0 }),
            Menu::PuzzleMove { step: usize::MAX, index: usize::MAX }.into(),
            Menu::Pdn(game("AbC123xyz")).into(),
            Menu::Analyse(game("AbC123xyz")).into(),
            Menu::New.into(),
            Menu::Board.into(),
            Menu::Resign.into(),
            Menu::Keep.into(),
        ];
        all.extend(CardAction::ALL.map(|action| Callback::Card(CardButton { action, game: game("Zz9") })));
        all.extend(Lang::ALL.map(|l| Menu::Lang(l).into()));
        all.extend(Setting::ALL.map(|s| Menu::Setting(s).into()));
        all.extend(PuzzleButton::ALL.map(|b| Menu::Puzzle(b).into()));
        for v in VariantId::ALL {
            all.push(Menu::Rules(v).into());
            all.push(Menu::PlayVariant(v).into());
            all.extend(Topic::ALL.map(|topic| Menu::Topic(v, topic).into()));
            for level in Level::ALL {
                all.push(Menu::PlayLevel(v, level).into());
                all.extend([Some(Color::White), Some(Color::Black), None].map(|c| Menu::Play(v, level, c).into()));
            }
            all.push(Callback::Challenge(ChallengeChoice { variant: v, issuer: u64::MAX, opponent: Some(u64::MAX) }));
            all.push(Callback::Inline(CardData::Accept { variant: v, challenger: u64::MAX, color: None, photo: true }));
        }
        all
    }

    #[test]
    fn every_callback_round_trips_within_64_bytes() {
        for callback in every_callback() {
            let text = callback.encode();
            assert!(text.len() <= MAX_LEN, "{} bytes: {text}", text.len());
            assert_eq!(text, callback.to_string());
            assert_eq!(Callback::parse(&text), Ok(callback.clone()), "{text}");
            assert_eq!(text.parse::<Callback>(), Ok(callback));
        }
    }

    #[test]
    fn data_already_on_buttons_still_reads_the_same() {
        let cases: Vec<(&str, Callback)> = vec![
            ("b1:Ab3_-x:42:p2345", Callback::Board(BoardData::new("Ab3_-x", 42, pick(&[(2, 3), (4, 5)])).unwrap())),
            ("b1:g:0:r", Callback::Board(BoardData::new("g", 0, Action::Resign).unwrap())),
            ("b1:g:3:pba0b", Callback::Board(BoardData::new("g", 3, pick(&[(11, 10), (0, 11)])).unwrap())),
            ("g:a:Zz9", Callback::Card(CardButton { action: CardAction::Accept, game: game("Zz9") })),
            ("g:d:Zz9", Callback::Card(CardButton { action: CardAction::Decline, game: game("Zz9") })),
            ("g:c:Zz9", Callback::Card(CardButton { action: CardAction::Cancel, game: game("Zz9") })),
            ("g:t:Zz9", Callback::Card(CardButton { action: CardAction::Takeback, game: game("Zz9") })),
            ("g:ty:Zz9", Callback::Card(CardButton { action: CardAction::TakebackYes, game: game("Zz9") })),
            ("g:tn:Zz9", Callback::Card(CardButton { action: CardAction::TakebackNo, game: game("Zz9") })),
            ("g:p:Zz9", Callback::Card(CardButton { action: CardAction::Pdn, game: game("Zz9") })),
            (
                "g:n:russian:17",
                Callback::Challenge(ChallengeChoice { variant: VariantId::Russian, issuer: 17, opponent: None }),
            ),
            (
                "g:n:russian:17:23",
                Callback::Challenge(ChallengeChoice { variant: VariantId::Russian, issuer: 17, opponent: Some(23) }),
            ),
            (
                "i1:a:international:9999999999999:b:p",
                Callback::Inline(CardData::Accept {
                    variant: VariantId::International,
                    challenger: 9_999_999_999_999,
                    color: Some(Color::Black),
                    photo: true,
                }),
            ),
            (
                "i1:a:english:5:r",
                Callback::Inline(CardData::Accept {
                    variant: VariantId::English,
                    challenger: 5,
                    color: None,
                    photo: false,
                }),
            ),
            ("i1:c:42", Callback::Inline(CardData::Cancel { challenger: 42 })),
            ("dy:20431:7", Callback::Daily(DailyTap { day: 20431, index: 7 })),
            ("m:lang:es", Menu::Lang(Lang::Es).into()),
            ("m:rules:russian", Menu::Rules(VariantId::Russian).into()),
            ("m:rt:russian:capture", Menu::Topic(VariantId::Russian, Topic::Capture).into()),
            ("m:set:board", Menu::Setting(Setting::Board).into()),
            ("m:set:orient", Menu::Setting(Setting::Orientation).into()),
            ("m:set:theme", Menu::Setting(Setting::Theme).into()),
            ("m:play:english", Menu::PlayVariant(VariantId::English).into()),
            ("m:play:english:3", Menu::PlayLevel(VariantId::English, Level::Hard).into()),
            ("m:play:english:1:white", Menu::Play(VariantId::English, Level::Easy, Some(Color::White)).into()),
            ("m:play:english:4:black", Menu::Play(VariantId::English, Level::Master, Some(Color::Black)).into()),
            ("m:play:english:2:random", Menu::Play(VariantId::English, Level::Medium, None).into()),
            ("m:pdn:AbC123xyz", Menu::Pdn(game("AbC123xyz")).into()),
            ("m:an:AbC123xyz", Menu::Analyse(game("AbC123xyz")).into()),
            ("m:pz:next", Menu::Puzzle(PuzzleButton::Next).into()),
            ("m:pz:hint", Menu::Puzzle(PuzzleButton::Hint).into()),
            ("m:pz:show", Menu::Puzzle(PuzzleButton::Show).into()),
            ("m:pz:m:3:11", Menu::PuzzleMove { step: 3, index: 11 }.into()),
            ("m:new", Menu::New.into()),
            ("m:board", Menu::Board.into()),
            ("m:resign", Menu::Resign.into()),
            ("m:keep", Menu::Keep.into()),
        ];
        for (text, callback) in cases {
            assert_eq!(Callback::parse(text), Ok(callback.clone()), "{text}");
            // What the bot writes today is what it wrote then.
            assert_eq!(callback.encode(), text);
        }
        // The menus read words as the commands do; they are written the canonical way.
        assert_eq!(Callback::parse("m:play:rusas:facil:blancas"), Callback::parse("m:play:russian:1:white"));
        // Anything after a challenge's opponent was always ignored.
        assert_eq!(Callback::parse("g:n:russian:17:23:x"), Callback::parse("g:n:russian:17:23"));
        assert_eq!(Callback::parse("g:n:russian:17:x"), Callback::parse("g:n:russian:17"));
    }

    #[test]
    fn the_menus_build_data_that_reads_back() {
        use crate::bot::views;
        let prefs = crate::bot::prefs::Prefs::default();
        let menus = [
            views::lang_menu(),
            views::variant_menu(Lang::En, Menu::Rules),
            views::variant_menu(Lang::En, Menu::PlayVariant),
            views::topic_menu(Lang::En, VariantId::Russian, None),
            views::level_menu(Lang::En, VariantId::Russian),
            views::color_menu(Lang::En, VariantId::Russian, Level::Medium),
            views::settings_menu(Lang::En, &prefs),
        ];
        for menu in menus {
            for button in menu.inline_keyboard.iter().flatten() {
                let teloxide::types::InlineKeyboardButtonKind::CallbackData(data) = &button.kind else { continue };
                let callback = Callback::parse(data).unwrap_or_else(|e| panic!("{data}: {e}"));
                assert_eq!(&callback.encode(), data);
            }
        }
    }

    #[test]
    fn garbage_and_long_data_are_refused() {
        use CallbackError::*;
        let cases = [
            ("", Unknown),
            ("x", Unknown),
            ("m", Malformed("menu")),
            ("m:", Malformed("menu")),
            ("m:x", Malformed("menu")),
            ("m:lang:xx", Malformed("menu")),
            ("m:rules:", Malformed("menu")),
            ("m:rules:nope", Malformed("menu")),
            ("m:rt:russian:nope", Malformed("menu")),
            ("m:set:colour", Malformed("menu")),
            ("m:play:russian:9", Malformed("menu")),
            ("m:play:russian:1:green", Malformed("menu")),
            ("m:play:russian:1:white:x", Malformed("menu")),
            ("m:pdn:no/pe", Malformed("menu")),
            ("m:pz:m", Malformed("menu")),
            ("m:pz:m:1:x", Malformed("menu")),
            ("m:pz:m:-1:1", Malformed("menu")),
            ("m:new:x", Malformed("menu")),
            ("m:x", Malformed("menu")),
            ("g", Malformed("card")),
            ("g:a", Malformed("card")),
            ("g:z:Zz9", Malformed("card")),
            ("g:n:Zz9", Malformed("card")),
            ("g:a:no/pe", Malformed("card")),
            ("g:n:nope:1", Malformed("challenge")),
            ("g:n:russian:x", Malformed("challenge")),
            ("i1", Malformed("inline card")),
            ("i1:a:nope:1:w", Malformed("inline card")),
            ("i1:a:english:x:w", Malformed("inline card")),
            ("i1:a:english:1:q", Malformed("inline card")),
            ("i1:a:english:1:w:x", Malformed("inline card")),
            ("i1:c:", Malformed("inline card")),
            ("dy", Malformed("daily")),
            ("dy:1", Malformed("daily")),
            ("dy:1:2:3", Malformed("daily")),
            ("dy:x:1", Malformed("daily")),
            ("dy:1:-1", Malformed("daily")),
            ("b2:g:1:r", UnsupportedVersion),
            ("b1:g:1:z", Action),
            ("b", NotBoard),
            ("M:new", Unknown),
            (" m:new", Unknown),
        ];
        for (text, error) in cases {
            assert_eq!(Callback::parse(text), Err(error), "{text:?}");
        }
        let long = format!("m:pz:m:1:{}", "0".repeat(MAX_LEN));
        assert_eq!(Callback::parse(&long), Err(TooLong));
        assert_eq!(Callback::parse(&format!("i1:c:{}", "1".repeat(60))), Err(TooLong));
        assert_eq!(Callback::parse(&"b".repeat(MAX_LEN + 1)), Err(TooLong));
    }

    proptest::proptest! {
        #[test]
        fn parsing_never_panics(text in "\\PC{0,80}") {
            let _ = BoardData::parse(&text);
        }

        #[test]
        fn parsing_never_panics_on_near_misses(text in "b[0-9]?:[A-Za-z0-9_:-]{0,14}:[0-9+-]{0,11}:[a-zA-Z0-9-]{0,36}") {
            if let Ok(data) = BoardData::parse(&text) {
                // Whatever parses is canonical: it encodes back to the same text.
                proptest::prop_assert_eq!(data.encode(), text);
            }
        }

        #[test]
        fn whatever_parses_reads_back_the_same(text in "(b1|g|g:n|i1|i1:a|i1:c|dy|m|m:pz|m:play|m:rt)(:[a-z0-9-]{0,12}){0,5}") {
            if let Ok(callback) = Callback::parse(&text) {
                let encoded = callback.encode();
                proptest::prop_assert!(encoded.len() <= MAX_LEN);
                proptest::prop_assert_eq!(Callback::parse(&encoded), Ok(callback));
            }
        }

        #[test]
        fn valid_data_round_trips(
            game in "[A-Za-z0-9_-]{1,12}",
            ply in proptest::num::u32::ANY,
            taps in proptest::collection::vec((0u8..12, 0u8..12), 0..=MAX_TAPS),
        ) {
            let action = Action::Pick(taps.into_iter().map(|(row, col)| Coord { row, col }).collect());
            let data = BoardData::new(&game, ply, action).unwrap();
            let text = data.encode();
            proptest::prop_assert!(text.len() <= MAX_LEN);
            proptest::prop_assert_eq!(BoardData::parse(&text), Ok(data));
        }
    }
}
