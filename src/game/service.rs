//! The game service: every change to a game goes through here. Front ends pass who did what and the
//! version of the board they were looking at; the service checks it with the rules, writes it by
//! compare-and-set, lets the engine answer, and applies the end-of-game rules by itself.
//!
//! The store publishes a [`GameEvent`](super::GameEvent) for every write, so a move against the
//! engine produces two events (the player's move, then the reply) and a board can show both.

use std::sync::Arc;
use std::time::Duration;

use super::analysis::{AnalysisLimits, Analyst};
use super::daily::DailyService;
use super::engine_gate::{Busy, EngineGate, EngineLimits, EnginePass, Lane};
use super::model::{ChatId, Clock, EndReason, Game, GameId, GameResult, MessageRef, Player, Status, UserId};
use super::now_unix;
use super::puzzles::PuzzleService;
use super::ratings;
use super::store::{GameEvent, GameStore, KeyValues, StoreError};
use crate::rules::{
    Color, GameState, Move, MoveError, Outcome, OutcomeReason, Position, Reason, TooManyCaptures, VariantId,
};

mod applied;
mod card;
mod challenge;
#[cfg(test)]
mod testing;
pub use applied::{Applied, Event, events_between};
pub use challenge::{Challenge, LimitKind, Limits};

/// When the engine owes a move for this long (its reply was lost, say in a restart), the sweeper
/// asks it again.
const ENGINE_GRACE_SECS: i64 = 60;

/// The most messages a game keeps redrawing on every change.
pub const MAX_VIEWS: usize = 16;

/// The most capture paths a position in a game may have. Games from the initial position come
/// nowhere near it (a few dozen at most); a position built to have hundreds of thousands would
/// make every request about its game slow, so such a position is refused when it is set up and a
/// move that would reach one is refused too.
pub const MAX_CAPTURE_PATHS: usize = 10_000;

/// Picks the engine's moves. Called on the blocking thread pool; it may take as long as its level
/// allows.
pub trait EnginePlayer: Send + Sync + 'static {
    fn choose(&self, state: &GameState, level: u8) -> Option<Move>;
}

#[derive(Clone, Debug)]
pub struct ServiceConfig {
    /// Per-move time limit for games between people; `None` plays without a clock.
    pub per_move: Option<Duration>,
    /// How long an open challenge waits for an opponent before it is aborted.
    pub challenge_ttl: Duration,
    /// How many due games one sweep handles.
    pub sweep_batch: usize,
    /// How much engine work may run and wait at once.
    pub engine: EngineLimits,
    /// Post-game analysis: its own workers, queue and search effort.
    pub analysis: AnalysisLimits,
}

impl Default for ServiceConfig {
    fn default() -> Self {
        ServiceConfig {
            per_move: None,
            challenge_ttl: Duration::from_secs(86_400),
            sweep_batch: 200,
            engine: EngineLimits::default(),
            analysis: AnalysisLimits::default(),
        }
    }
}

/// Why a request was refused. Moves refused by the rules carry the rules' [`Reason`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("{0}")]
    Move(MoveError),
    #[error("the game is over")]
    GameOver,
    #[error("the game has not started: a seat is still open")]
    NotStarted,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("you are not playing in this game")]
    NotAPlayer,
    #[error("the board has changed since you looked at it")]
    Stale,
    #[error("no such game")]
    NotFound,
    #[error("there is no offer to answer")]
    NoOffer,
    #[error("you have already made this offer")]
    AlreadyOffered,
    #[error("the engine declines the draw")]
    EngineDeclines,
    #[error("too late to abort: both sides have moved")]
    TooLateToAbort,
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    #[error("the seat has been taken")]
    SeatTaken,
    #[error("the game is not over yet")]
    NotOver,
    #[error("you cannot accept your own challenge")]
    OwnChallenge,
    #[error("this challenge is addressed to someone else")]
    NotInvited,
    #[error("limit reached: {0}")]
    Limit(challenge::LimitKind),
    #[error("invalid game: {0}")]
    Invalid(String),
    #[error("the engine failed: {0}")]
    Engine(String),
    #[error("{0}")]
    Busy(Busy),
    #[error("that move leads to a position with too many capture sequences to follow")]
    TooComplex,
    #[error("internal error: {0}")]
    Internal(String),
    #[error(transparent)]
    Store(StoreError),
}

impl GameError {
    /// The rules' reason, for refusals that have one.
    pub fn reason(&self) -> Option<Reason> {
        match self {
            GameError::Move(e) => Some(e.reason.clone()),
            GameError::GameOver => Some(Reason::GameOver),
            _ => None,
        }
    }
}

impl From<StoreError> for GameError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Stale => GameError::Stale,
            StoreError::NotFound => GameError::NotFound,
            other => GameError::Store(other),
        }
    }
}

/// What to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub variant: VariantId,
    pub white: Player,
    pub black: Player,
    /// Start from this position instead of the variant's initial one.
    pub fen: Option<String>,
    pub chat: Option<ChatId>,
}

/// The answer to a rematch request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rematch {
    /// The offer is recorded; the opponent has to agree.
    Offered(Applied),
    /// The new game (colours swapped).
    Started(Applied),
}

pub struct GameService {
    store: Arc<dyn GameStore>,
    engine: Arc<dyn EnginePlayer>,
    config: ServiceConfig,
    states: Arc<StateCache>,
    gate: EngineGate,
    analyst: Analyst,
    puzzles: PuzzleService,
    daily: DailyService,
    observers: std::sync::RwLock<Vec<Observer>>,
}

/// Told of every change a service writes.
type Observer = Arc<dyn Fn(&Applied) + Send + Sync>;

/// How many games' positions a service keeps at hand.
const STATE_CACHE_GAMES: usize = 4096;

/// The rules' state (position and repetition history) of recently played games, by game id and
/// version, so a move does not replay the whole game. A version identifies the stored game
/// exactly (every write bumps it), and a hit is still checked against the stored position; a game
/// changed by another process is simply a miss.
struct StateCache {
    inner: std::sync::Mutex<CacheInner>,
}

#[derive(Default)]
struct CacheInner {
    /// Game id -> (version, state, last use).
    games: std::collections::HashMap<GameId, (u64, GameState, u64)>,
    tick: u64,
}

impl StateCache {
    fn new() -> StateCache {
        StateCache { inner: std::sync::Mutex::new(CacheInner::default()) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CacheInner> {
        // Every change is a single insert or removal: a panic elsewhere cannot leave it half done.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The game's state: from the cache when it holds this version, else replayed from the moves.
    fn state(&self, game: &Game) -> Result<GameState, GameError> {
        let cached = {
            let mut inner = self.lock();
            inner.tick += 1;
            let tick = inner.tick;
            inner.games.get_mut(&game.id).filter(|(v, _, _)| *v == game.version).map(|(_, state, used)| {
                *used = tick;
                state.clone()
            })
        };
        match cached {
            Some(state) if state.position().to_fen() == game.fen => Ok(state),
            _ => replay(game),
        }
    }

    /// Remembers the state of the game as written; finished games are dropped.
    fn keep(&self, game: &Game, state: GameState) {
        let mut inner = self.lock();
        if game.is_over() {
            inner.games.remove(&game.id);
            return;
        }
        if inner.games.len() >= STATE_CACHE_GAMES && !inner.games.contains_key(&game.id) {
            // Forget the less recently used half.
            let mut ticks: Vec<u64> = inner.games.values().map(|(_, _, used)| *used).collect();
            let middle = ticks.len() / 2;
            let (_, cut, _) = ticks.select_nth_unstable(middle);
            let cut = *cut;
            inner.games.retain(|_, (_, _, used)| *used > cut);
        }
        inner.tick += 1;
        let tick = inner.tick;
        inner.games.insert(game.id.clone(), (game.version, state, tick));
    }
}

impl GameService {
    pub fn new(store: Arc<dyn GameStore>, engine: Arc<dyn EnginePlayer>, config: ServiceConfig) -> GameService {
        let gate = EngineGate::new(config.engine.clone());
        let analyst = Analyst::new(store.clone(), config.analysis.clone());
        let puzzles = PuzzleService::new(store.clone());
        let daily = DailyService::new(store.clone());
        GameService {
            store,
            engine,
            config,
            states: Arc::new(StateCache::new()),
            gate,
            analyst,
            puzzles,
            daily,
            observers: Default::default(),
        }
    }

    /// Puzzles and the users' puzzle ratings.
    pub fn puzzles(&self) -> &PuzzleService {
        &self.puzzles
    }

    /// The groups' daily puzzles.
    pub fn daily(&self) -> &DailyService {
        &self.daily
    }

    /// Post-game analysis of this service's games.
    pub fn analyst(&self) -> &Analyst {
        &self.analyst
    }

    /// The whole store (for tools and tests); the front ends need only [`key_values`](Self::key_values).
    pub fn store(&self) -> &Arc<dyn GameStore> {
        &self.store
    }

    /// The store's key-value space, where the front ends keep their own small facts (sessions,
    /// what the bot remembers between updates).
    pub fn key_values(&self) -> Arc<dyn KeyValues> {
        self.store.clone()
    }

    pub async fn get(&self, id: &GameId) -> Result<Game, GameError> {
        Ok(self.store.get(id).await?)
    }

    pub async fn subscribe(&self, id: &GameId) -> Result<tokio::sync::broadcast::Receiver<GameEvent>, GameError> {
        Ok(self.store.subscribe(id).await?)
    }

    /// Changes of every game, made by this process or any other sharing the store.
    pub async fn subscribe_all(&self) -> Result<tokio::sync::broadcast::Receiver<GameEvent>, GameError> {
        Ok(self.store.subscribe_all().await?)
    }

    /// Unfinished games of a user, most recent first.
    pub async fn active(&self, user: UserId) -> Result<Vec<Game>, GameError> {
        Ok(self.store.active_for_user(user).await?)
    }

    /// Finished games of a user, most recent first.
    pub async fn history(&self, user: UserId, limit: usize) -> Result<Vec<Game>, GameError> {
        Ok(self.store.history_for_user(user, limit).await?)
    }

    /// Creates a game; when the engine has the first move it is played before this returns.
    /// When the engine has the first move, the game is stored only once the engine has a search
    /// slot for it, so that a busy engine leaves nothing behind.
    pub async fn create(&self, new: NewGame) -> Result<Applied, GameError> {
        let game = self.prepare(new).await?;
        let pass = match engine_level(&game) {
            Some(level) => Some(self.engine_pass(level, game.player(game.turn.opposite()).user()).await?),
            None => None,
        };
        let created = self.stored(&game).await?;
        match pass {
            Some(pass) => {
                let answered = self.reply_with(created.game.clone(), pass).await?;
                Ok(created.then(answered))
            }
            None => Ok(created),
        }
    }

    /// The record [`create`](Self::create) stores: checked position, clock and rating flag.
    async fn prepare(&self, new: NewGame) -> Result<Game, GameError> {
        if new.white == Player::Open && new.black == Player::Open {
            return Err(GameError::Invalid("both seats are open".to_owned()));
        }
        let (variant, fen) = (new.variant, new.fen.clone());
        let start = off_thread(move || checked_start(variant, fen.as_deref())).await?;
        let standard = Position::start(new.variant);
        let now = now_unix();
        let mut game =
            Game::new(GameId::random(), new.variant, start.to_fen(), start.side_to_move(), new.white, new.black, now);
        game.chat = new.chat;
        // Only games from the initial position count for the ratings.
        game.rated &= start == standard;
        self.set_clock(&mut game, now);
        Ok(game)
    }

    /// Against the engine at `level`, the user playing `color`.
    pub async fn vs_engine(
        &self,
        user: UserId,
        name: &str,
        variant: VariantId,
        level: u8,
        color: Color,
        fen: Option<String>,
    ) -> Result<Applied, GameError> {
        let me = Player::Human { id: user, name: name.to_owned() };
        let engine = Player::Engine { level };
        let (white, black) = if color == Color::White { (me, engine) } else { (engine, me) };
        self.create(NewGame { variant, white, black, fen, chat: None }).await
    }

    /// An open challenge in a chat: the first person to [`join`](Self::join) takes the other seat.
    pub async fn challenge(
        &self,
        user: UserId,
        name: &str,
        variant: VariantId,
        color: Color,
        chat: Option<ChatId>,
    ) -> Result<Applied, GameError> {
        let me = Player::Human { id: user, name: name.to_owned() };
        let (white, black) = if color == Color::White { (me, Player::Open) } else { (Player::Open, me) };
        self.create(NewGame { variant, white, black, fen: None, chat }).await
    }

    /// Takes the open seat of a challenge.
    pub async fn join(&self, id: &GameId, user: UserId, name: &str) -> Result<Applied, GameError> {
        let game = self.load(id, None).await?;
        if game.status != Status::Waiting {
            return Err(if game.is_over() { GameError::GameOver } else { GameError::SeatTaken });
        }
        if !game.colors_of(user).is_empty() {
            return Err(GameError::OwnChallenge);
        }
        if game.invited.as_ref().is_some_and(|p| p.user() != Some(user)) {
            return Err(GameError::NotInvited);
        }
        let Some(seat) = [Color::White, Color::Black].into_iter().find(|c| *game.player(*c) == Player::Open) else {
            return Err(GameError::SeatTaken);
        };
        let now = now_unix();
        let mut next = game.clone();
        *next.player_mut(seat) = Player::Human { id: user, name: name.to_owned() };
        next.status = Status::Active;
        next.rated =
            Position::from_fen(game.variant, &game.start_fen).is_ok_and(|p| p == Position::start(game.variant));
        next.updated = now;
        self.set_clock(&mut next, now);
        self.commit(next, &game).await
    }

    /// Plays `text` for `user`. `expected_version` is the version of the board the user saw (`None`:
    /// whatever is current). Returns the game after the engine's reply, if it had to reply.
    pub async fn play(
        &self,
        id: &GameId,
        user: UserId,
        text: &str,
        expected_version: Option<u64>,
    ) -> Result<Applied, GameError> {
        let game = self.load(id, expected_version).await?;
        ensure_started(&game)?;
        if game.player(game.turn).user() != Some(user) {
            return Err(if game.colors_of(user).is_empty() { GameError::NotAPlayer } else { GameError::NotYourTurn });
        }
        // The engine's slot is taken before the move is written: when it is busy the player hears
        // so and the board stays as it was.
        let pass = match game.player(game.turn.opposite()) {
            Player::Engine { level } => Some(self.engine_pass(*level, Some(user)).await?),
            _ => None,
        };
        let played = {
            let (states, game, text) = (Arc::clone(&self.states), game.clone(), text.to_owned());
            off_thread(move || {
                let state = states.state(&game)?;
                let mv = state.position().parse_move(&text).map_err(GameError::Move)?;
                Played::new(state, &mv)
            })
            .await?
        };
        let mut next = game.clone();
        let state = self.record(&mut next, played, now_unix());
        let moved = self.commit(next, &game).await?;
        self.states.keep(&moved, state);
        let Some(pass) = pass.filter(|_| engine_level(&moved).is_some()) else { return Ok(moved) };
        // The player's move stands whatever happens to the reply; a lost reply is made up by the
        // sweeper once the engine's grace period is over.
        match self.reply_with(moved.game.clone(), pass).await {
            Ok(answered) => Ok(moved.then(answered)),
            Err(e) => {
                tracing::warn!(game = %moved.id, error = %e, "engine reply failed");
                Ok(moved)
            }
        }
    }

    /// Lets the engine move if it is its turn (also used to resume after an interrupted reply).
    pub async fn engine_reply(&self, game: Game) -> Result<Applied, GameError> {
        let Some(level) = engine_level(&game) else { return Ok(Applied::unchanged(game)) };
        let pass = self.engine_pass(level, game.player(game.turn.opposite()).user()).await?;
        self.reply_with(game, pass).await
    }

    /// A search slot for the engine at `level`, answering `user` (if a person is waiting).
    async fn engine_pass(&self, level: u8, user: Option<UserId>) -> Result<EnginePass, GameError> {
        self.gate.enter(Lane::of_level(level), user).await.map_err(GameError::Busy)
    }

    /// The engine's move in a game where it is to move, searched while `pass` holds its slot.
    async fn reply_with(&self, game: Game, pass: EnginePass) -> Result<Applied, GameError> {
        let Some(level) = engine_level(&game) else { return Ok(Applied::unchanged(game)) };
        let (states, engine, stored) = (Arc::clone(&self.states), Arc::clone(&self.engine), game.clone());
        let played = off_thread(move || {
            let _pass = pass;
            let state = states.state(&stored)?;
            let mv =
                engine.choose(&state, level).ok_or_else(|| GameError::Engine("no move from the engine".to_owned()))?;
            if !state.position().legal_moves().contains(&mv) {
                return Err(GameError::Engine("the engine chose an illegal move".to_owned()));
            }
            Played::new(state, &mv)
        })
        .await;
        let mut next = game.clone();
        let state = match played {
            Ok(played) => self.record(&mut next, played, now_unix()),
            Err(GameError::TooComplex) => {
                // No person can be asked for another move: the game ends without a result.
                tracing::warn!(game = %game.id, "engine move leads to a position too complex to follow; game aborted");
                abort(&mut next, now_unix());
                return self.commit(next, &game).await;
            }
            Err(e) => return Err(e),
        };
        let applied = self.commit(next, &game).await?;
        self.states.keep(&applied, state);
        Ok(applied)
    }

    pub async fn resign(&self, id: &GameId, user: UserId, expected_version: Option<u64>) -> Result<Applied, GameError> {
        let game = self.load(id, expected_version).await?;
        if game.status == Status::Waiting {
            return self.abort(id, user, expected_version).await;
        }
        ensure_started(&game)?;
        let loser = player_color(&game, user)?;
        let mut next = game.clone();
        finish(&mut next, Some(loser.opposite()), EndReason::Resignation, now_unix());
        self.commit(next, &game).await
    }

    /// Offers a draw; if the opponent had offered one already, this agrees to it.
    pub async fn offer_draw(
        &self,
        id: &GameId,
        user: UserId,
        expected_version: Option<u64>,
    ) -> Result<Applied, GameError> {
        let game = self.load(id, expected_version).await?;
        ensure_started(&game)?;
        let me = player_color(&game, user)?;
        if game.player(me.opposite()).is_engine() {
            return Err(GameError::EngineDeclines);
        }
        let mut next = game.clone();
        match game.offers.draw {
            Some(by) if by == me => return Err(GameError::AlreadyOffered),
            Some(_) => finish(&mut next, None, EndReason::DrawAgreed, now_unix()),
            None => {
                next.offers.draw = Some(me);
                next.updated = now_unix();
            }
        }
        self.commit(next, &game).await
    }

    /// Accepts or declines the opponent's draw offer.
    pub async fn answer_draw(
        &self,
        id: &GameId,
        user: UserId,
        accept: bool,
        expected_version: Option<u64>,
    ) -> Result<Applied, GameError> {
        let game = self.load(id, expected_version).await?;
        ensure_started(&game)?;
        let me = player_color(&game, user)?;
        if game.offers.draw != Some(me.opposite()) {
            return Err(GameError::NoOffer);
        }
        let mut next = game.clone();
        if accept {
            finish(&mut next, None, EndReason::DrawAgreed, now_unix());
        } else {
            next.offers.draw = None;
            next.updated = now_unix();
        }
        self.commit(next, &game).await
    }

    /// Takes back the user's last move (and anything played after it). Free against the engine;
    /// between people it is an offer the opponent answers with [`answer_takeback`](Self::answer_takeback).
    pub async fn takeback(
        &self,
        id: &GameId,
        user: UserId,
        expected_version: Option<u64>,
    ) -> Result<Applied, GameError> {
        let game = self.load(id, expected_version).await?;
        ensure_started(&game)?;
        let me = player_color(&game, user)?;
        let cut = last_move_of(&game, me)?.ok_or(GameError::NothingToTakeBack)?;
        let mut next = game.clone();
        if game.player(me.opposite()).is_engine() || game.player(me.opposite()).user() == Some(user) {
            next = truncated(next, cut).await?;
            self.set_clock(&mut next, now_unix());
        } else if game.offers.takeback == Some(me) {
            return Err(GameError::AlreadyOffered);
        } else {
            next.offers.takeback = Some(me);
        }
        next.updated = now_unix();
        self.commit(next, &game).await
    }

    pub async fn answer_takeback(
        &self,
        id: &GameId,
        user: UserId,
        accept: bool,
        expected_version: Option<u64>,
    ) -> Result<Applied, GameError> {
        let game = self.load(id, expected_version).await?;
        ensure_started(&game)?;
        let me = player_color(&game, user)?;
        let Some(by) = game.offers.takeback.filter(|by| *by == me.opposite()) else {
            return Err(GameError::NoOffer);
        };
        let mut next = game.clone();
        next.offers.takeback = None;
        if accept {
            let cut = last_move_of(&game, by)?.ok_or(GameError::NothingToTakeBack)?;
            next = truncated(next, cut).await?;
            self.set_clock(&mut next, now_unix());
        }
        next.updated = now_unix();
        self.commit(next, &game).await
    }

    /// Ends the game without a result, allowed until both sides have moved.
    pub async fn abort(&self, id: &GameId, user: UserId, expected_version: Option<u64>) -> Result<Applied, GameError> {
        let game = self.load(id, expected_version).await?;
        if game.is_over() {
            return Err(GameError::GameOver);
        }
        player_color(&game, user)?;
        if game.moves.len() >= 2 {
            return Err(GameError::TooLateToAbort);
        }
        let mut next = game.clone();
        abort(&mut next, now_unix());
        self.commit(next, &game).await
    }

    /// Asks for a rematch with colours swapped. Against the engine, or when the opponent asked
    /// already, the new game starts at once.
    pub async fn rematch(&self, id: &GameId, user: UserId) -> Result<Rematch, GameError> {
        let game = self.load(id, None).await?;
        if !game.is_over() {
            return Err(GameError::NotOver);
        }
        let me = player_color(&game, user)?;
        if game.white == Player::Open || game.black == Player::Open {
            return Err(GameError::Invalid("nobody accepted this challenge".to_owned()));
        }
        if let Some(existing) = &game.rematch {
            return Ok(Rematch::Started(Applied::unchanged(self.get(existing).await?)));
        }
        let opponent = game.player(me.opposite());
        let agreed =
            opponent.is_engine() || opponent.user() == Some(user) || game.offers.rematch == Some(me.opposite());
        if !agreed {
            if game.offers.rematch == Some(me) {
                return Err(GameError::AlreadyOffered);
            }
            let mut next = game.clone();
            next.offers.rematch = Some(me);
            next.updated = now_unix();
            return Ok(Rematch::Offered(self.commit(next, &game).await?));
        }
        let now = now_unix();
        let mut fresh = Game::new(
            GameId::random(),
            game.variant,
            game.start_fen.clone(),
            Position::from_fen(game.variant, &game.start_fen).map_err(|e| corrupt(&game, e))?.side_to_move(),
            game.black.clone(),
            game.white.clone(),
            now,
        );
        fresh.chat = game.chat;
        fresh.rated = game.rated;
        fresh.rematch_of = Some(game.id.clone());
        fresh.lang = game.lang;
        self.set_clock(&mut fresh, now);
        let fresh = self.stored(&fresh).await?;
        let mut old = game.clone();
        old.rematch = Some(fresh.id.clone());
        old.offers.rematch = None;
        old.updated = now;
        if let Err(e) = self.commit(old, &game).await {
            // Someone else changed the old game (maybe started the rematch): drop ours.
            self.store.delete(&fresh.id).await?;
            return Err(e);
        }
        // The new game stands even if the engine is busy now: the sweeper asks it again.
        match self.engine_reply(fresh.game.clone()).await {
            Ok(answered) => Ok(Rematch::Started(fresh.then(answered))),
            Err(e) => {
                tracing::warn!(game = %fresh.id, error = %e, "engine reply to a rematch failed");
                Ok(Rematch::Started(fresh))
            }
        }
    }

    /// Records a message that shows the game (retried on concurrent changes: it does not depend on
    /// the board).
    pub async fn add_view(&self, id: &GameId, view: MessageRef) -> Result<Applied, GameError> {
        loop {
            let game = self.load(id, None).await?;
            if game.views.contains(&view) {
                return Ok(Applied::unchanged(game));
            }
            let mut next = game.clone();
            if next.views.len() >= MAX_VIEWS {
                // The oldest messages are the least likely to be looked at again.
                next.views.drain(..=next.views.len() - MAX_VIEWS);
            }
            next.views.push(view.clone());
            match self.commit(next, &game).await {
                Err(GameError::Stale) => continue,
                other => return other,
            }
        }
    }

    /// Ends every game whose deadline passed by `now`: a side that did not move in time loses, a game
    /// in which not both sides have moved (or an open challenge) is aborted, and an engine that
    /// owes a move makes it. Returns the games changed.
    pub async fn sweep(&self, now: i64) -> Result<Vec<Applied>, GameError> {
        let mut changed = Vec::new();
        for id in self.store.due(now, self.config.sweep_batch).await? {
            match self.expire(&id, now).await {
                Ok(Some(game)) => changed.push(game),
                Ok(None) | Err(GameError::Stale) | Err(GameError::NotFound) => {}
                Err(e) => tracing::warn!(game = %id, error = %e, "sweeper could not end a game"),
            }
        }
        Ok(changed)
    }

    /// Runs [`sweep`](Self::sweep) every `every` until the returned task is aborted.
    pub fn spawn_sweeper(self: Arc<Self>, every: Duration) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                if let Err(e) = self.sweep(now_unix()).await {
                    tracing::warn!(error = %e, "sweep failed");
                }
            }
        })
    }

    async fn expire(&self, id: &GameId, now: i64) -> Result<Option<Applied>, GameError> {
        let game = self.store.get(id).await?;
        match game.deadline() {
            Some(deadline) if deadline <= now => {}
            _ => return Ok(None),
        }
        if game.status == Status::Active && game.player(game.turn).is_engine() {
            return self.engine_reply(game).await.map(Some);
        }
        let mut next = game.clone();
        if game.status == Status::Waiting || game.moves.len() < 2 {
            abort(&mut next, now);
        } else {
            finish(&mut next, Some(game.turn.opposite()), EndReason::Timeout, now);
        }
        self.commit(next, &game).await.map(Some)
    }

    async fn load(&self, id: &GameId, expected_version: Option<u64>) -> Result<Game, GameError> {
        let game = self.store.get(id).await?;
        match expected_version {
            Some(v) if v != game.version => Err(GameError::Stale),
            _ => Ok(game),
        }
    }

    /// Writes `next` if the stored game is still the version of `before`; a game that has just
    /// finished goes into the ratings (exactly once: only one write can finish it).
    async fn commit(&self, next: Game, before: &Game) -> Result<Applied, GameError> {
        let written = self.store.put(&next, before.version).await?;
        if written.status == Status::Finished
            && written.rated
            && let Err(e) = ratings::record_game(self.store.as_ref(), &written).await
        {
            tracing::warn!(game = %written.id, error = %e, "rating update lost");
        }
        Ok(self.applied(Some(before), written))
    }

    /// Stores a new game.
    async fn stored(&self, game: &Game) -> Result<Applied, GameError> {
        let created = self.store.create(game).await?;
        Ok(self.applied(None, created))
    }

    /// What a write did, told to the observers.
    fn applied(&self, before: Option<&Game>, written: Game) -> Applied {
        let applied = Applied::between(before, written);
        let observers = self.observers.read().unwrap_or_else(|p| p.into_inner()).clone();
        for observer in observers {
            observer(&applied);
        }
        applied
    }

    /// Calls `observer` with every change this service writes, in the process that writes it
    /// (changes made by other processes sharing the store come through
    /// [`subscribe_all`](Self::subscribe_all)).
    pub fn observe(&self, observer: impl Fn(&Applied) + Send + Sync + 'static) {
        self.observers.write().unwrap_or_else(|p| p.into_inner()).push(Arc::new(observer));
    }

    /// Writes a move the rules have played into the stored game and applies the end-of-game
    /// rules; returns the state after it.
    fn record(&self, game: &mut Game, played: Played, now: i64) -> GameState {
        let Played { notation, state, fen, outcome } = played;
        game.moves.push(notation);
        let pos = state.position();
        game.fen = fen;
        game.turn = pos.side_to_move();
        game.ply = game.moves.len() as u32;
        game.offers.draw = None;
        game.offers.takeback = None;
        game.updated = now;
        self.set_clock(game, now);
        if let Some(outcome) = outcome {
            let reason = match outcome.reason {
                OutcomeReason::NoPieces => EndReason::NoPieces,
                OutcomeReason::NoMoves => EndReason::NoMoves,
                OutcomeReason::Repetition => EndReason::Repetition,
                OutcomeReason::MoveLimit(rule) => EndReason::MoveLimit { rule: rule.to_owned() },
                OutcomeReason::InsufficientMaterial(rule) => EndReason::MoveLimit { rule: rule.to_owned() },
            };
            finish(game, outcome.winner, reason, now);
        }
        state
    }

    /// Starts the clock of the side to move (people only), the open challenge's expiry, or the
    /// engine's grace period.
    fn set_clock(&self, game: &mut Game, now: i64) {
        match game.status {
            Status::Waiting => {
                let per_move_secs = self.config.per_move.map_or(0, |d| d.as_secs());
                game.clock =
                    Some(Clock { per_move_secs, deadline: Some(now + self.config.challenge_ttl.as_secs() as i64) });
            }
            Status::Active if game.player(game.turn).is_engine() => {
                game.clock = Some(Clock { per_move_secs: 0, deadline: Some(now + ENGINE_GRACE_SECS) });
            }
            Status::Active => {
                let both_people = game.white.user().is_some() && game.black.user().is_some();
                game.clock = match (self.config.per_move, both_people) {
                    (Some(limit), true) if limit.as_secs() > 0 => {
                        Some(Clock { per_move_secs: limit.as_secs(), deadline: Some(now + limit.as_secs() as i64) })
                    }
                    _ => None,
                };
            }
            Status::Finished | Status::Aborted => {
                if let Some(clock) = &mut game.clock {
                    clock.deadline = None;
                }
            }
        }
    }
}

fn ensure_started(game: &Game) -> Result<(), GameError> {
    match game.status {
        Status::Active => Ok(()),
        Status::Waiting => Err(GameError::NotStarted),
        Status::Finished | Status::Aborted => Err(GameError::GameOver),
    }
}

/// The side `user` plays; in a game against oneself, the side to move.
fn player_color(game: &Game, user: UserId) -> Result<Color, GameError> {
    let colors = game.colors_of(user);
    match colors.as_slice() {
        [] => Err(GameError::NotAPlayer),
        [one] => Ok(*one),
        _ => Ok(game.turn),
    }
}

fn finish(game: &mut Game, winner: Option<Color>, reason: EndReason, now: i64) {
    game.status = Status::Finished;
    game.result = Some(GameResult { winner, reason });
    game.offers.draw = None;
    game.offers.takeback = None;
    if let Some(clock) = &mut game.clock {
        clock.deadline = None;
    }
    game.updated = now;
}

fn abort(game: &mut Game, now: i64) {
    game.status = Status::Aborted;
    game.result = Some(GameResult { winner: None, reason: EndReason::Aborted });
    game.offers = Default::default();
    if let Some(clock) = &mut game.clock {
        clock.deadline = None;
    }
    game.updated = now;
}

fn corrupt(game: &Game, detail: impl std::fmt::Display) -> GameError {
    GameError::Store(StoreError::Corrupt(format!("game {}: {detail}", game.id)))
}

/// The stored game's position with its history, rebuilt from the start and the moves.
pub fn replay(game: &Game) -> Result<GameState, GameError> {
    let start = Position::from_fen(game.variant, &game.start_fen).map_err(|e| corrupt(game, e))?;
    let mut state = GameState::new(start);
    for (i, text) in game.moves.iter().enumerate() {
        let mv = state.position().parse_move(text).map_err(|e| corrupt(game, format!("move {} {text}: {e}", i + 1)))?;
        state.play(&mv);
    }
    Ok(state)
}

/// The index of the last move `color` made, if any.
fn last_move_of(game: &Game, color: Color) -> Result<Option<usize>, GameError> {
    let first = Position::from_fen(game.variant, &game.start_fen).map_err(|e| corrupt(game, e))?.side_to_move();
    let mover = |i: usize| if i.is_multiple_of(2) { first } else { first.opposite() };
    Ok((0..game.moves.len()).rev().find(|i| mover(*i) == color))
}

/// The game cut back to its first `len` moves (replayed off the async workers).
async fn truncated(mut game: Game, len: usize) -> Result<Game, GameError> {
    off_thread(move || {
        game.moves.truncate(len);
        let state = replay(&game)?;
        game.fen = state.position().to_fen();
        game.turn = state.position().side_to_move();
        game.ply = game.moves.len() as u32;
        game.offers.draw = None;
        game.offers.takeback = None;
        Ok(game)
    })
    .await
}

/// The level of the engine that is to move in an active game.
fn engine_level(game: &Game) -> Option<u8> {
    match game.player(game.turn) {
        Player::Engine { level } if game.status == Status::Active => Some(*level),
        _ => None,
    }
}

/// Runs rules work on the blocking pool: how long it takes depends on the position, which may have
/// come from outside, and the async workers must go on answering meanwhile.
pub async fn off_thread<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, GameError> + Send + 'static,
) -> Result<T, GameError> {
    tokio::task::spawn_blocking(work).await.map_err(|e| GameError::Internal(e.to_string()))?
}

/// A position to start a game from: the variant's own, or one given as FEN that is undecided and
/// within [`MAX_CAPTURE_PATHS`].
fn checked_start(variant: VariantId, fen: Option<&str>) -> Result<Position, GameError> {
    let Some(fen) = fen else { return Ok(Position::start(variant)) };
    let start = Position::from_fen(variant, fen).map_err(|e| GameError::Invalid(e.to_string()))?;
    start.capture_paths_within(MAX_CAPTURE_PATHS).map_err(|e| GameError::Invalid(e.to_string()))?;
    if GameState::new(start).outcome().is_some() {
        return Err(GameError::Invalid("the position is already decided".to_owned()));
    }
    Ok(start)
}

/// A move the rules have played: what is written down and what follows from it.
struct Played {
    notation: String,
    state: GameState,
    fen: String,
    outcome: Option<Outcome>,
}

impl Played {
    /// Plays the legal move `mv` on `state`; refused when the position it reaches has more than
    /// [`MAX_CAPTURE_PATHS`] capture paths.
    fn new(mut state: GameState, mv: &Move) -> Result<Played, GameError> {
        let notation = state.position().notation(mv);
        state.play(mv);
        state
            .position()
            .capture_paths_within(MAX_CAPTURE_PATHS)
            .map_err(|TooManyCaptures { .. }| GameError::TooComplex)?;
        let outcome = state.outcome();
        let fen = state.position().to_fen();
        Ok(Played { notation, state, fen, outcome })
    }
}
