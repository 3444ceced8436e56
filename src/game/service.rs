//! The game service: every change to a game goes through here. Front ends pass who did what and the
//! version of the board they were looking at; the service checks it with the rules, writes it by
//! compare-and-set, lets the engine answer, and applies the end-of-game rules by itself.
//!
//! The store publishes a [`GameEvent`](super::GameEvent) for every write, so a move against the
//! engine produces two events (the player's move, then the reply) and a board can show both.

use std::sync::Arc;
use std::time::Duration;

use super::model::{ChatId, Clock, EndReason, Game, GameId, GameResult, MessageRef, Player, Status, UserId};
use super::ratings;
use super::store::{GameEvent, GameStore, StoreError};
use super::now_unix;
use crate::rules::{Color, GameState, Move, MoveError, OutcomeReason, Position, Reason, VariantId};

mod challenge;
pub use challenge::{Challenge, LimitKind, Limits};

/// When the engine owes a move for this long (its reply was lost, say in a restart), the sweeper
/// asks it again.
const ENGINE_GRACE_SECS: i64 = 60;

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
}

impl Default for ServiceConfig {
    fn default() -> Self {
        ServiceConfig { per_move: None, challenge_ttl: Duration::from_secs(86_400), sweep_batch: 200 }
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
    Offered(Game),
    /// The new game (colours swapped).
    Started(Game),
}

pub struct GameService {
    store: Arc<dyn GameStore>,
    engine: Arc<dyn EnginePlayer>,
    config: ServiceConfig,
    states: StateCache,
}

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
        GameService { store, engine, config, states: StateCache::new() }
    }

    pub fn store(&self) -> &Arc<dyn GameStore> {
        &self.store
    }

    pub async fn get(&self, id: &GameId) -> Result<Game, GameError> {
        Ok(self.store.get(id).await?)
    }

    pub async fn subscribe(&self, id: &GameId) -> Result<tokio::sync::broadcast::Receiver<GameEvent>, GameError> {
        Ok(self.store.subscribe(id).await?)
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
    pub async fn create(&self, new: NewGame) -> Result<Game, GameError> {
        let game = self.prepare(new)?;
        let game = self.store.create(&game).await?;
        self.engine_reply(game).await
    }

    /// The record [`create`](Self::create) stores: checked position, clock and rating flag.
    fn prepare(&self, new: NewGame) -> Result<Game, GameError> {
        if new.white == Player::Open && new.black == Player::Open {
            return Err(GameError::Invalid("both seats are open".to_owned()));
        }
        let standard = Position::start(new.variant);
        let start = match &new.fen {
            Some(fen) => Position::from_fen(new.variant, fen).map_err(|e| GameError::Invalid(e.to_string()))?,
            None => standard,
        };
        if GameState::new(start).outcome().is_some() {
            return Err(GameError::Invalid("the position is already decided".to_owned()));
        }
        let now = now_unix();
        let mut game = Game::new(GameId::random(), new.variant, start.to_fen(), start.side_to_move(), new.white, new.black, now);
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
    ) -> Result<Game, GameError> {
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
    ) -> Result<Game, GameError> {
        let me = Player::Human { id: user, name: name.to_owned() };
        let (white, black) = if color == Color::White { (me, Player::Open) } else { (Player::Open, me) };
        self.create(NewGame { variant, white, black, fen: None, chat }).await
    }

    /// Takes the open seat of a challenge.
    pub async fn join(&self, id: &GameId, user: UserId, name: &str) -> Result<Game, GameError> {
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
        next.rated = Position::from_fen(game.variant, &game.start_fen).is_ok_and(|p| p == Position::start(game.variant));
        next.updated = now;
        self.set_clock(&mut next, now);
        self.commit(next, game.version).await
    }

    /// Plays `text` for `user`. `expected_version` is the version of the board the user saw (`None`:
    /// whatever is current). Returns the game after the engine's reply, if it had to reply.
    pub async fn play(
        &self,
        id: &GameId,
        user: UserId,
        text: &str,
        expected_version: Option<u64>,
    ) -> Result<Game, GameError> {
        let game = self.load(id, expected_version).await?;
        ensure_started(&game)?;
        if game.player(game.turn).user() != Some(user) {
            return Err(if game.colors_of(user).is_empty() { GameError::NotAPlayer } else { GameError::NotYourTurn });
        }
        let mut state = self.states.state(&game)?;
        let mv = state.position().parse_move(text).map_err(GameError::Move)?;
        let mut next = game.clone();
        self.apply(&mut next, &mut state, &mv, now_unix());
        let game = self.commit(next, game.version).await?;
        self.states.keep(&game, state);
        // The player's move stands whatever happens to the reply; a lost reply is made up by the
        // sweeper once the engine's grace period is over.
        match self.engine_reply(game.clone()).await {
            Ok(answered) => Ok(answered),
            Err(e) => {
                tracing::warn!(game = %game.id, error = %e, "engine reply failed");
                Ok(game)
            }
        }
    }

    /// Lets the engine move if it is its turn (also used to resume after an interrupted reply).
    pub async fn engine_reply(&self, game: Game) -> Result<Game, GameError> {
        let Player::Engine { level } = *game.player(game.turn) else { return Ok(game) };
        if game.status != Status::Active {
            return Ok(game);
        }
        let state = self.states.state(&game)?;
        let engine = Arc::clone(&self.engine);
        let thinking = state.clone();
        let mv = tokio::task::spawn_blocking(move || engine.choose(&thinking, level))
            .await
            .map_err(|e| GameError::Engine(e.to_string()))?;
        let Some(mv) = mv else {
            return Err(GameError::Engine("no move from the engine".to_owned()));
        };
        if !state.position().legal_moves().contains(&mv) {
            return Err(GameError::Engine("the engine chose an illegal move".to_owned()));
        }
        let mut state = state;
        let mut next = game.clone();
        self.apply(&mut next, &mut state, &mv, now_unix());
        let game = self.commit(next, game.version).await?;
        self.states.keep(&game, state);
        Ok(game)
    }

    pub async fn resign(&self, id: &GameId, user: UserId, expected_version: Option<u64>) -> Result<Game, GameError> {
        let game = self.load(id, expected_version).await?;
        if game.status == Status::Waiting {
            return self.abort(id, user, expected_version).await;
        }
        ensure_started(&game)?;
        let loser = player_color(&game, user)?;
        let mut next = game.clone();
        finish(&mut next, Some(loser.opposite()), EndReason::Resignation, now_unix());
        self.commit(next, game.version).await
    }

    /// Offers a draw; if the opponent had offered one already, this agrees to it.
    pub async fn offer_draw(&self, id: &GameId, user: UserId, expected_version: Option<u64>) -> Result<Game, GameError> {
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
        self.commit(next, game.version).await
    }

    /// Accepts or declines the opponent's draw offer.
    pub async fn answer_draw(
        &self,
        id: &GameId,
        user: UserId,
        accept: bool,
        expected_version: Option<u64>,
    ) -> Result<Game, GameError> {
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
        self.commit(next, game.version).await
    }

    /// Takes back the user's last move (and anything played after it). Free against the engine;
    /// between people it is an offer the opponent answers with [`answer_takeback`](Self::answer_takeback).
    pub async fn takeback(&self, id: &GameId, user: UserId, expected_version: Option<u64>) -> Result<Game, GameError> {
        let game = self.load(id, expected_version).await?;
        ensure_started(&game)?;
        let me = player_color(&game, user)?;
        let cut = last_move_of(&game, me)?.ok_or(GameError::NothingToTakeBack)?;
        let mut next = game.clone();
        if game.player(me.opposite()).is_engine() || game.player(me.opposite()).user() == Some(user) {
            truncate(&mut next, cut)?;
            self.set_clock(&mut next, now_unix());
        } else if game.offers.takeback == Some(me) {
            return Err(GameError::AlreadyOffered);
        } else {
            next.offers.takeback = Some(me);
        }
        next.updated = now_unix();
        self.commit(next, game.version).await
    }

    pub async fn answer_takeback(
        &self,
        id: &GameId,
        user: UserId,
        accept: bool,
        expected_version: Option<u64>,
    ) -> Result<Game, GameError> {
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
            truncate(&mut next, cut)?;
            self.set_clock(&mut next, now_unix());
        }
        next.updated = now_unix();
        self.commit(next, game.version).await
    }

    /// Ends the game without a result, allowed until both sides have moved.
    pub async fn abort(&self, id: &GameId, user: UserId, expected_version: Option<u64>) -> Result<Game, GameError> {
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
        self.commit(next, game.version).await
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
            return Ok(Rematch::Started(self.get(existing).await?));
        }
        let opponent = game.player(me.opposite());
        let agreed = opponent.is_engine() || opponent.user() == Some(user) || game.offers.rematch == Some(me.opposite());
        if !agreed {
            if game.offers.rematch == Some(me) {
                return Err(GameError::AlreadyOffered);
            }
            let mut next = game.clone();
            next.offers.rematch = Some(me);
            next.updated = now_unix();
            return Ok(Rematch::Offered(self.commit(next, game.version).await?));
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
        self.set_clock(&mut fresh, now);
        let fresh = self.store.create(&fresh).await?;
        let mut old = game.clone();
        old.rematch = Some(fresh.id.clone());
        old.offers.rematch = None;
        old.updated = now;
        if let Err(e) = self.commit(old, game.version).await {
            // Someone else changed the old game (maybe started the rematch): drop ours.
            self.store.delete(&fresh.id).await?;
            return Err(e);
        }
        Ok(Rematch::Started(self.engine_reply(fresh).await?))
    }

    /// Records a message that shows the game (retried on concurrent changes: it does not depend on
    /// the board).
    pub async fn add_view(&self, id: &GameId, view: MessageRef) -> Result<Game, GameError> {
        loop {
            let game = self.load(id, None).await?;
            if game.views.contains(&view) {
                return Ok(game);
            }
            let mut next = game.clone();
            next.views.push(view.clone());
            match self.commit(next, game.version).await {
                Err(GameError::Stale) => continue,
                other => return other,
            }
        }
    }

    /// Ends every game whose deadline passed by `now`: a side that did not move in time loses, a game
    /// in which not both sides have moved (or an open challenge) is aborted, and an engine that
    /// owes a move makes it. Returns the games changed.
    pub async fn sweep(&self, now: i64) -> Result<Vec<Game>, GameError> {
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

    async fn expire(&self, id: &GameId, now: i64) -> Result<Option<Game>, GameError> {
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
        self.commit(next, game.version).await.map(Some)
    }

    async fn load(&self, id: &GameId, expected_version: Option<u64>) -> Result<Game, GameError> {
        let game = self.store.get(id).await?;
        match expected_version {
            Some(v) if v != game.version => Err(GameError::Stale),
            _ => Ok(game),
        }
    }

    /// Writes `next` if the stored game is still at `expected`; a game that has just finished goes
    /// into the ratings (exactly once: only one write can finish it).
    async fn commit(&self, next: Game, expected: u64) -> Result<Game, GameError> {
        let written = self.store.put(&next, expected).await?;
        if written.status == Status::Finished
            && written.rated
            && let Err(e) = ratings::record_game(self.store.as_ref(), &written).await
        {
            tracing::warn!(game = %written.id, error = %e, "rating update lost");
        }
        Ok(written)
    }

    /// Plays a legal move on the stored game and applies the end-of-game rules.
    fn apply(&self, game: &mut Game, state: &mut GameState, mv: &Move, now: i64) {
        game.moves.push(state.position().notation(mv));
        state.play(mv);
        let pos = state.position();
        game.fen = pos.to_fen();
        game.turn = pos.side_to_move();
        game.ply = game.moves.len() as u32;
        game.offers.draw = None;
        game.offers.takeback = None;
        game.updated = now;
        self.set_clock(game, now);
        if let Some(outcome) = state.outcome() {
            let reason = match outcome.reason {
                OutcomeReason::NoPieces => EndReason::NoPieces,
                OutcomeReason::NoMoves => EndReason::NoMoves,
                OutcomeReason::Repetition => EndReason::Repetition,
                OutcomeReason::MoveLimit(rule) => EndReason::MoveLimit { rule: rule.to_owned() },
                OutcomeReason::InsufficientMaterial(rule) => EndReason::MoveLimit { rule: rule.to_owned() },
            };
            finish(game, outcome.winner, reason, now);
        }
    }

    /// Starts the clock of the side to move (people only), the open challenge's expiry, or the
    /// engine's grace period.
    fn set_clock(&self, game: &mut Game, now: i64) {
        match game.status {
            Status::Waiting => {
                let per_move_secs = self.config.per_move.map_or(0, |d| d.as_secs());
                game.clock = Some(Clock { per_move_secs, deadline: Some(now + self.config.challenge_ttl.as_secs() as i64) });
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

/// Cuts the game back to its first `len` moves.
fn truncate(game: &mut Game, len: usize) -> Result<(), GameError> {
    game.moves.truncate(len);
    let state = replay(game)?;
    game.fen = state.position().to_fen();
    game.turn = state.position().side_to_move();
    game.ply = game.moves.len() as u32;
    game.offers.draw = None;
    game.offers.takeback = None;
    Ok(())
}
