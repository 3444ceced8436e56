//! The stored shape of a game. Everything here is plain data with a stable serde form: it is what
//! the stores persist and what the front ends read.

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{Color, VariantId};
use crate::i18n::Lang;

/// A short URL-safe game id (base62). It ends up in Redis keys, callback data and Mini App URLs,
/// so anything read from outside goes through [`GameId::parse`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameId(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a game id: {0:?}")]
pub struct InvalidGameId(pub String);

impl GameId {
    /// Length of generated ids: 62^10 ≈ 8·10^17, collisions are practically impossible and
    /// `create` refuses them anyway.
    pub const LEN: usize = 10;
    const MAX_LEN: usize = 32;

    pub fn random() -> GameId {
        let id: String = rand::rng().sample_iter(rand::distr::Alphanumeric).take(Self::LEN).map(char::from).collect();
        GameId(id)
    }

    pub fn parse(s: &str) -> Result<GameId, InvalidGameId> {
        let ok = !s.is_empty() && s.len() <= Self::MAX_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric());
        if ok { Ok(GameId(s.to_owned())) } else { Err(InvalidGameId(s.chars().take(40).collect())) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for GameId {
    type Err = InvalidGameId;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameId::parse(s)
    }
}

impl TryFrom<String> for GameId {
    type Error = InvalidGameId;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        GameId::parse(&s)
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

/// A Telegram user id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub u64);

/// A Telegram chat id (negative for groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChatId(pub i64);

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for ChatId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Who sits on one side of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Player {
    Human {
        id: UserId,
        name: String,
    },
    Engine {
        level: u8,
    },
    /// A challenge posted in a chat: the first person to accept takes this seat.
    Open,
}

impl Player {
    pub fn human(id: u64, name: impl Into<String>) -> Player {
        Player::Human { id: UserId(id), name: name.into() }
    }

    pub fn user(&self) -> Option<UserId> {
        match self {
            Player::Human { id, .. } => Some(*id),
            _ => None,
        }
    }

    pub fn is_engine(&self) -> bool {
        matches!(self, Player::Engine { .. })
    }

    /// The name shown on boards and in PDN tags.
    pub fn display_name(&self) -> String {
        match self {
            Player::Human { name, .. } => name.clone(),
            // Named by level as the bot's buttons and captions name it ("easy", …, "master").
            Player::Engine { level } => match crate::engine::Level::ALL.iter().find(|l| **l as u8 == *level) {
                Some(named) => format!("damas engine ({})", named.as_str()),
                None => format!("damas engine (level {level})"),
            },
            Player::Open => "?".to_owned(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A seat is still open.
    Waiting,
    Active,
    Finished,
    /// Ended without a result (aborted before both sides moved, or nobody took the open seat).
    Aborted,
}

impl Status {
    pub fn is_over(self) -> bool {
        matches!(self, Status::Finished | Status::Aborted)
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EndReason {
    /// The side to move has no legal move.
    NoMoves,
    /// The side to move has no pieces left.
    NoPieces,
    Resignation,
    DrawAgreed,
    Repetition,
    /// A variant's move-limit draw rule, by the rules' id (e.g. "english-40").
    MoveLimit {
        rule: String,
    },
    /// A correspondence deadline passed.
    Timeout,
    Aborted,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// `None` for a draw (and for an aborted game).
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl GameResult {
    /// The PDN result token, White's score first. English checkers writes wins as 1-0 and draws as
    /// 1/2-1/2; the other variants use the draughts convention 2-0 / 1-1.
    pub fn pdn(&self, variant: VariantId) -> &'static str {
        if self.reason == EndReason::Aborted {
            return "*";
        }
        let chess_style = variant == VariantId::English;
        match (self.winner, chess_style) {
            (Some(Color::White), true) => "1-0",
            (Some(Color::Black), true) => "0-1",
            (None, true) => "1/2-1/2",
            (Some(Color::White), false) => "2-0",
            (Some(Color::Black), false) => "0-2",
            (None, false) => "1-1",
        }
    }
}

/// Offers waiting for an answer, each with the side that made it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Color>,
}

impl Offers {
    pub fn is_empty(&self) -> bool {
        self.draw.is_none() && self.takeback.is_none() && self.rematch.is_none()
    }
}

/// Correspondence time control: each move must be made within `per_move_secs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// 0 when the deadline is not a player's time limit (an open challenge's expiry, or the
    /// engine's turn); front ends show a clock only when this is positive.
    pub per_move_secs: u64,
    /// Unix time by which the side to move must have moved; `None` while the clock is not running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<i64>,
}

/// A message that shows this game and must be edited when it changes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MessageRef {
    Chat { chat_id: ChatId, message_id: i32 },
    Inline { inline_message_id: String },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub id: GameId,
    pub variant: VariantId,
    pub start_fen: String,
    /// The moves in PDN notation, in order.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The current position.
    pub fen: String,
    #[serde(default)]
    pub ply: u32,
    /// The side to move in `fen`.
    pub turn: Color,
    pub white: Player,
    pub black: Player,
    pub status: Status,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    #[serde(default, skip_serializing_if = "Offers::is_empty")]
    pub offers: Offers,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// The chat the game belongs to (group games count for that group's ratings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat: Option<ChatId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub views: Vec<MessageRef>,
    /// For a challenge addressed to one person: that person, the only one who may take the open
    /// seat (or decline).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invited: Option<Player>,
    /// Whether the result goes into the ratings (games between two people only).
    #[serde(default)]
    pub rated: bool,
    /// The game this one is a rematch of, and the rematch of this one once agreed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<GameId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<GameId>,
    /// The language of the game's shared texts (its cards in a chat, the notices about it): the
    /// challenger's. `None` in games nobody else sees, and in games stored before it was kept here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    pub created: i64,
    pub updated: i64,
    /// Bumped by the store on every successful write; the basis of compare-and-set.
    #[serde(default)]
    pub version: u64,
}

impl Game {
    /// A fresh game at `start_fen` with `turn` to move. Status is `Waiting` while a seat is open.
    pub fn new(
        id: GameId,
        variant: VariantId,
        start_fen: impl Into<String>,
        turn: Color,
        white: Player,
        black: Player,
        now: i64,
    ) -> Game {
        let start_fen = start_fen.into();
        let status = if white == Player::Open || black == Player::Open { Status::Waiting } else { Status::Active };
        let rated = matches!((&white, &black), (Player::Human { id: a, .. }, Player::Human { id: b, .. }) if a != b);
        Game {
            id,
            variant,
            fen: start_fen.clone(),
            start_fen,
            moves: Vec::new(),
            ply: 0,
            turn,
            white,
            black,
            status,
            result: None,
            offers: Offers::default(),
            clock: None,
            chat: None,
            views: Vec::new(),
            invited: None,
            rated,
            rematch_of: None,
            lang: None,
            rematch: None,
            created: now,
            updated: now,
            version: 0,
        }
    }

    pub fn player(&self, color: Color) -> &Player {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    pub fn player_mut(&mut self, color: Color) -> &mut Player {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// The sides `user` plays: none, one, or both (a game against oneself).
    pub fn colors_of(&self, user: UserId) -> Vec<Color> {
        [Color::White, Color::Black].into_iter().filter(|c| self.player(*c).user() == Some(user)).collect()
    }

    /// The people in this game, each once.
    pub fn users(&self) -> Vec<UserId> {
        let mut users: Vec<UserId> = [&self.white, &self.black].into_iter().filter_map(Player::user).collect();
        users.dedup();
        users
    }

    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }

    /// The PDN result token ("*" while the game goes on).
    pub fn result_pdn(&self) -> &'static str {
        self.result.as_ref().map_or("*", |r| r.pdn(self.variant))
    }

    /// The time by which the side to move must move (or, for an open challenge, by which someone
    /// must accept), if a clock runs.
    pub fn deadline(&self) -> Option<i64> {
        if self.is_over() {
            return None;
        }
        self.clock.and_then(|c| c.deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Game {
        let mut g = Game::new(
            GameId::random(),
            VariantId::Spanish,
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            Color::White,
            Player::human(7, "Ana"),
            Player::Engine { level: 3 },
            1_700_000_000,
        );
        g.moves = vec!["22-18".into(), "11-15".into()];
        g.result =
            Some(GameResult { winner: None, reason: EndReason::MoveLimit { rule: "spanish-move-limit".into() } });
        g.views.push(MessageRef::Chat { chat_id: ChatId(-100), message_id: 5 });
        g.views.push(MessageRef::Inline { inline_message_id: "AbC".into() });
        g.offers.draw = Some(Color::Black);
        g.clock = Some(Clock { per_move_secs: 86_400, deadline: Some(1_700_086_400) });
        g
    }

    #[test]
    fn serde_round_trip() {
        let g = sample();
        let json = serde_json::to_string(&g).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        assert!(json.contains(r#""variant":"spanish""#), "{json}");
        assert!(json.contains(r#""kind":"engine","level":3"#), "{json}");
    }

    #[test]
    fn random_ids_are_base62_and_distinct() {
        let a = GameId::random();
        let b = GameId::random();
        assert_eq!(a.as_str().len(), GameId::LEN);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
    }

    #[test]
    fn ids_from_outside_are_checked() {
        assert!(GameId::parse("abc123XYZ").is_ok());
        for bad in ["", "a:b", "x}y", "a b", "ü", &"a".repeat(33)] {
            assert!(GameId::parse(bad).is_err(), "{bad:?}");
        }
        let json = r#""bad id""#;
        assert!(serde_json::from_str::<GameId>(json).is_err());
    }

    #[test]
    fn seats_and_status() {
        let g = sample();
        assert_eq!(g.status, Status::Active);
        assert!(!g.rated, "a game against the engine is not rated");
        assert_eq!(g.colors_of(UserId(7)), vec![Color::White]);
        assert!(g.colors_of(UserId(8)).is_empty());
        let open =
            Game::new(GameId::random(), VariantId::Russian, "x", Color::White, Player::human(1, "a"), Player::Open, 0);
        assert_eq!(open.status, Status::Waiting);
        let people = Game::new(
            GameId::random(),
            VariantId::Russian,
            "x",
            Color::White,
            Player::human(1, "a"),
            Player::human(2, "b"),
            0,
        );
        assert!(people.rated);
        let selfplay = Game::new(
            GameId::random(),
            VariantId::Russian,
            "x",
            Color::White,
            Player::human(1, "a"),
            Player::human(1, "a"),
            0,
        );
        assert!(!selfplay.rated);
        assert_eq!(selfplay.users(), vec![UserId(1)]);
        assert_eq!(selfplay.colors_of(UserId(1)).len(), 2);
    }

    #[test]
    fn result_tokens() {
        let win = GameResult { winner: Some(Color::Black), reason: EndReason::Resignation };
        assert_eq!(win.pdn(VariantId::English), "0-1");
        assert_eq!(win.pdn(VariantId::International), "0-2");
        let draw = GameResult { winner: None, reason: EndReason::DrawAgreed };
        assert_eq!(draw.pdn(VariantId::English), "1/2-1/2");
        assert_eq!(draw.pdn(VariantId::Spanish), "1-1");
    }
}
