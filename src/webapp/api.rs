//! The Mini App's JSON API, its event stream and the board pictures.
//!
//! Every request but `/api/info`, the session exchange and the pictures carries a session token
//! (`Authorization: Bearer <token>`, or `?token=` for the event stream, which browsers open without
//! headers). Errors are JSON `{"error": code, "message": text}` with a 4xx status for anything the
//! caller can fix; a refused request changes nothing.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures::{Stream, StreamExt};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::broadcast;

use super::limits::{self, StreamTicket};
use super::patch::Patch;
use super::session::{self, Session};
use super::view::{self, GameView, Look, VariantView};
use super::{AppState, init_data};
use crate::game::model::{GameId, Player, Status};
use crate::game::service::{GameError, GameService, LimitKind, Limits, NewGame, off_thread};
use crate::game::store::StoreError;
use crate::game::{Color, GameEvent, VariantId, now_unix};
use crate::render::{self, BoardView, Theme};

/// Request bodies are a few dozen bytes; initData is under 8 KiB.
const BODY_LIMIT: usize = 16 * 1024;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/info", get(info))
        .route("/api/session", post(create_session))
        .route("/api/session/guest", post(guest_session))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/takeback", post(takeback))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/analysis", post(analysis))
        .route("/api/games/{id}/events", get(events))
        .merge(super::puzzle_api::routes())
        .route("/board/start/{file}", get(start_png))
        .route("/board/{id}/{file}", get(board_png))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// A refused request: status, a stable code for programs, a sentence for people.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub alternatives: Vec<String>,
    /// Why a move was refused, as the rules say it (`{"kind": "capture_required"}` ...), for the
    /// page to explain in the player's language.
    pub reason: Option<serde_json::Value>,
    /// Seconds after which the same request may succeed (sent as `Retry-After`).
    pub retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), alternatives: Vec::new(), reason: None, retry_after: None }
    }

    fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds.max(1));
        self
    }

    fn rate_limited(seconds: u64) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", "too many requests; wait a moment and try again")
            .retry_after(seconds)
    }

    pub(super) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.code, "message": self.message });
        if !self.alternatives.is_empty() {
            body["alternatives"] = json!(self.alternatives);
        }
        if let Some(reason) = self.reason {
            body["reason"] = reason;
        }
        let mut response = (self.status, axum::Json(body)).into_response();
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> Self {
        use StatusCode as S;
        let (status, code) = match &e {
            GameError::Move(m) => {
                let mut err = ApiError::new(S::UNPROCESSABLE_ENTITY, "illegal_move", e.to_string());
                err.alternatives = m.alternatives.clone();
                err.reason = serde_json::to_value(&m.reason).ok();
                return err;
            }
            GameError::GameOver => (S::CONFLICT, "game_over"),
            GameError::NotStarted => (S::CONFLICT, "not_started"),
            GameError::NotYourTurn => (S::CONFLICT, "not_your_turn"),
            GameError::NotAPlayer => (S::FORBIDDEN, "not_a_player"),
            GameError::Stale => (S::CONFLICT, "stale"),
            GameError::NotFound => (S::NOT_FOUND, "not_found"),
            GameError::NoOffer => (S::CONFLICT, "no_offer"),
            GameError::AlreadyOffered => (S::CONFLICT, "already_offered"),
            GameError::EngineDeclines => (S::CONFLICT, "engine_declines"),
            GameError::TooLateToAbort => (S::CONFLICT, "too_late_to_abort"),
            GameError::NothingToTakeBack => (S::CONFLICT, "nothing_to_take_back"),
            GameError::SeatTaken => (S::CONFLICT, "seat_taken"),
            GameError::NotOver => (S::CONFLICT, "not_over"),
            GameError::OwnChallenge => (S::CONFLICT, "own_challenge"),
            GameError::NotInvited => (S::FORBIDDEN, "not_invited"),
            GameError::Limit(LimitKind::AnyGamesPerUser(_)) => (S::TOO_MANY_REQUESTS, "too_many_games"),
            GameError::Limit(_) => (S::TOO_MANY_REQUESTS, "limit"),
            GameError::Invalid(_) => (S::BAD_REQUEST, "invalid"),
            GameError::Engine(_) => (S::SERVICE_UNAVAILABLE, "engine_unavailable"),
            GameError::Busy(_) => (S::SERVICE_UNAVAILABLE, "engine_busy"),
            GameError::TooComplex => (S::UNPROCESSABLE_ENTITY, "too_complex"),
            GameError::Internal(_) => (S::INTERNAL_SERVER_ERROR, "internal"),
            GameError::Store(StoreError::Unavailable(_)) => (S::SERVICE_UNAVAILABLE, "store_unavailable"),
            GameError::Store(_) => (S::INTERNAL_SERVER_ERROR, "internal"),
        };
        if status.is_server_error() {
            tracing::warn!(error = %e, "Mini App request failed");
        }
        ApiError::new(status, code, e.to_string())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::from(GameError::from(e))
    }
}

pub(super) type ApiResult<T> = Result<T, ApiError>;

/// The query string, refused with a JSON error when it does not fit.
pub(super) struct Q<T>(pub(super) T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Q<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(Q(value)),
            Err(e) => Err(ApiError::bad_request(e.body_text())),
        }
    }
}

/// The request body, refused with a JSON error when it cannot be read (too large, say).
pub(super) struct Body(pub(super) Bytes);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Bytes::from_request(req, state).await {
            Ok(bytes) => Ok(Body(bytes)),
            Err(e) if crate::ops::http::is_body_timeout(&e) => {
                Err(ApiError::new(StatusCode::REQUEST_TIMEOUT, "timeout", "the request body did not arrive in time"))
            }
            Err(e) => {
                let status = e.status();
                let code = if status == StatusCode::PAYLOAD_TOO_LARGE { "too_large" } else { "bad_request" };
                Err(ApiError::new(status, code, e.body_text()))
            }
        }
    }
}

/// Path parameters, refused with a JSON error when they do not fit.
struct P<T>(T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for P<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(value)) => Ok(P(value)),
            Err(_) => Err(ApiError::not_found()),
        }
    }
}

/// Reads a JSON body; an empty body stands for `{}`.
pub(super) fn body<T: DeserializeOwned>(bytes: &Bytes) -> ApiResult<T> {
    let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { bytes };
    serde_json::from_slice(text).map_err(|e| ApiError::bad_request(format!("invalid JSON body: {e}")))
}

pub(super) fn games(state: &AppState) -> ApiResult<&Arc<GameService>> {
    state.games().ok_or_else(|| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "starting", "the server is starting"))
}

fn game_id(raw: &str) -> ApiResult<GameId> {
    GameId::parse(raw).map_err(|_| ApiError::not_found())
}

pub(super) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// The session behind `token`, once the user's request rate allows another request.
pub(super) async fn session_of(state: &AppState, token: Option<&str>) -> ApiResult<Session> {
    let token = token.ok_or_else(|| ApiError::unauthorized("a session token is required"))?;
    let store = games(state)?.key_values();
    let who = session::lookup(store.as_ref(), token)
        .await?
        .ok_or_else(|| ApiError::unauthorized("the session is unknown or has expired"))?;
    state.guards().requests.admit(who.user).await.map_err(ApiError::rate_limited)?;
    Ok(who)
}

/// Options every game request may carry in its query string.
#[derive(Debug, Default, Deserialize)]
pub(super) struct ViewQuery {
    /// Board colours: light (default) or dark.
    #[serde(default)]
    theme: Option<String>,
    /// The session token (for the event stream).
    #[serde(default)]
    token: Option<String>,
    /// Turn the board around from the viewer's own side.
    #[serde(default)]
    turned: Option<bool>,
}

impl ViewQuery {
    pub(super) fn look(&self) -> ApiResult<Look> {
        let theme = match &self.theme {
            None => Theme::Light,
            Some(t) => t.parse().map_err(|e: render::UnknownTheme| ApiError::bad_request(e.to_string()))?,
        };
        Ok(Look { theme, turned: self.turned.unwrap_or(false) })
    }
}

/// The game for the viewer, built on the blocking pool: it replays the game and lists the moves.
async fn view_of(game: &crate::game::Game, who: &Session, look: Look) -> ApiResult<GameView> {
    let (game, viewer) = (game.clone(), who.user);
    Ok(off_thread(move || view::build(&game, viewer, look)).await?)
}

pub(super) fn no_store<T: Serialize>(value: T) -> Response {
    let mut response = axum::Json(value).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

// ---------------------------------------------------------------------------------------------
// Info and sessions

#[derive(Serialize)]
struct Info {
    /// Guest games without Telegram are offered.
    guest: bool,
    /// A bot token is configured, so Telegram sessions work.
    telegram: bool,
    variants: Vec<VariantView>,
    /// The variants with puzzles.
    puzzles: Vec<VariantId>,
    default_level: u8,
    max_level: u8,
}

async fn info(State(state): State<AppState>) -> Response {
    no_store(Info {
        guest: state.config.webapp.dev_guest,
        telegram: state.config.telegram.token.is_some(),
        variants: VariantId::ALL.iter().map(|v| VariantView::of(*v)).collect(),
        puzzles: crate::game::puzzles::variants(),
        default_level: state.config.engine.default_level,
        max_level: MAX_LEVEL,
    })
}

#[derive(Serialize)]
struct SessionReply {
    token: String,
    user: SessionUser,
    expires_in: u64,
    /// The game named in a `startapp` link, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    start_game: Option<GameId>,
}

#[derive(Serialize)]
struct SessionUser {
    id: u64,
    name: String,
    guest: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    lang: Option<String>,
}

async fn issue(state: &AppState, who: Session, start_game: Option<GameId>) -> ApiResult<Response> {
    let token = session::create(games(state)?.key_values().as_ref(), &who).await?;
    let user = SessionUser { id: who.user.0, name: who.name, guest: who.guest, lang: who.lang };
    Ok(no_store(SessionReply { token, user, expires_in: session::TTL.as_secs(), start_game }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionRequest {
    init_data: String,
}

/// `POST /api/session {"init_data": "..."}`: Telegram's signed initData for a session token.
async fn create_session(State(state): State<AppState>, Body(bytes): Body) -> ApiResult<Response> {
    let request: SessionRequest =
        serde_json::from_slice(&bytes).map_err(|_| ApiError::unauthorized("expected {\"init_data\": \"...\"}"))?;
    let Some(secret) = state.init_secret() else {
        return Err(ApiError::unauthorized("Telegram sign-in is not configured on this server"));
    };
    let data = init_data::validate(&request.init_data, secret, state.config.telegram.init_data_max_age, now_unix())
        .map_err(refused_init_data)?;
    let who = Session {
        user: crate::game::UserId(data.user.id),
        name: data.user.display_name(),
        guest: false,
        lang: data.user.language_code.clone(),
    };
    let start_game = data.start_param.as_deref().and_then(|p| GameId::parse(p).ok());
    issue(&state, who, start_game).await
}

/// A launch Telegram did not sign (or signed for another bot) is told apart from an old one: the
/// first needs the app opened from the bot, the second only a fresh launch.
fn refused_init_data(e: init_data::InitDataError) -> ApiError {
    use init_data::InitDataError as E;
    let code = match e {
        E::Expired | E::FromTheFuture => "init_data_expired",
        _ => "bad_signature",
    };
    ApiError::new(StatusCode::UNAUTHORIZED, code, e.to_string())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GuestRequest {
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/session/guest {"name": "..."}`: a guest session, in local mode only.
async fn guest_session(State(state): State<AppState>, Body(bytes): Body) -> ApiResult<Response> {
    if !state.config.webapp.dev_guest {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "guest_mode_off",
            "guest games are not enabled on this server",
        ));
    }
    let request: GuestRequest = body(&bytes)?;
    issue(&state, Session::guest(request.name.as_deref().unwrap_or("")), None).await
}

// ---------------------------------------------------------------------------------------------
// Games

const MAX_LEVEL: u8 = 4;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameRequest {
    variant: String,
    /// "engine" (default) or "friend" (an open seat for the first person who joins).
    #[serde(default)]
    opponent: Option<String>,
    /// "white", "black" or "random" (default).
    #[serde(default)]
    color: Option<String>,
    /// Engine level 1..=4.
    #[serde(default)]
    level: Option<u8>,
    /// Start from this position (FEN) instead of the variant's initial one.
    #[serde(default)]
    fen: Option<String>,
}

#[derive(Serialize)]
struct GameSummary {
    id: GameId,
    variant: VariantId,
    status: Status,
    white: String,
    black: String,
    your_turn: bool,
    ply: u32,
}

/// `GET /api/games`: the viewer's unfinished games.
async fn list_games(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let list = games(&state)?.active(who.user).await?;
    let out: Vec<GameSummary> = list
        .iter()
        .map(|g| GameSummary {
            id: g.id.clone(),
            variant: g.variant,
            status: g.status,
            white: g.white.display_name(),
            black: g.black.display_name(),
            your_turn: g.status == Status::Active && g.player(g.turn).user() == Some(who.user),
            ply: g.ply,
        })
        .collect();
    Ok(no_store(out))
}

/// `POST /api/games {"variant", "opponent", "color", "level", "fen"}`: a new game for the viewer.
async fn create_game(
    State(state): State<AppState>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
    Body(bytes): Body,
) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let request: NewGameRequest = body(&bytes)?;
    let look = q.look()?;
    let variant: VariantId =
        request.variant.parse().map_err(|e: crate::rules::UnknownVariant| ApiError::bad_request(e.to_string()))?;
    let color = match request.color.as_deref().unwrap_or("random") {
        "white" => Color::White,
        "black" => Color::Black,
        "random" => {
            if rand::random::<bool>() {
                Color::White
            } else {
                Color::Black
            }
        }
        other => {
            return Err(ApiError::bad_request(format!("color {other:?}: expected white, black or random")));
        }
    };
    let level = request.level.unwrap_or(state.config.engine.default_level);
    if !(1..=MAX_LEVEL).contains(&level) {
        return Err(ApiError::bad_request(format!("level must be 1 to {MAX_LEVEL}")));
    }
    let service = games(&state)?;
    let opponent = match request.opponent.as_deref().unwrap_or("engine") {
        "engine" => Player::Engine { level },
        "friend" => Player::Open,
        other => {
            return Err(ApiError::bad_request(format!("opponent {other:?}: expected engine or friend")));
        }
    };
    let me = Player::Human { id: who.user, name: who.name.clone() };
    let (white, black) = if color == Color::White { (me, opponent) } else { (opponent, me) };
    let fen = request.fen.filter(|f| !f.trim().is_empty());
    let new = NewGame { variant, white, black, fen, chat: None };
    let game = service.create_within_limits(who.user, new, &Limits::from_config(&state.config.limits)).await?;
    let mut response = no_store(view_of(&game, &who, look).await?);
    *response.status_mut() = StatusCode::CREATED;
    Ok(response)
}

/// `GET /api/games/{id}`.
async fn get_game(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let id = game_id(&id)?;
    let game = games(&state)?.get(&id).await?;
    Ok(no_store(view_of(&game, &who, q.look()?).await?))
}

/// The parts of a request every game action shares.
struct Action {
    who: Session,
    id: GameId,
    look: Look,
    service: Arc<GameService>,
}

async fn action(state: &AppState, id: &str, q: &ViewQuery, headers: &HeaderMap) -> ApiResult<Action> {
    let who = session_of(state, bearer(headers)).await?;
    let id = game_id(id)?;
    let look = q.look()?;
    Ok(Action { who, id, look, service: games(state)?.clone() })
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    /// The move in notation ("32-28", "19x28", "c3-d4").
    #[serde(rename = "move")]
    text: String,
    /// The version of the game the move was chosen on; a newer game refuses it as stale.
    #[serde(default)]
    version: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct OfferRequest {
    #[serde(default)]
    version: Option<u64>,
    /// Answer the opponent's offer: true accepts, false declines. Absent: make an offer (or accept
    /// one that is waiting).
    #[serde(default)]
    accept: Option<bool>,
}

async fn join(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let a = action(&state, &id, &q, &headers).await?;
    let game = a.service.join(&a.id, a.who.user, &a.who.name).await?;
    Ok(no_store(view_of(&game, &a.who, a.look).await?))
}

/// `POST /api/games/{id}/moves {"move": "32-28", "version": 3}`; answers after the engine's reply
/// when it plays the other side.
async fn play(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
    Body(bytes): Body,
) -> ApiResult<Response> {
    let a = action(&state, &id, &q, &headers).await?;
    let request: MoveRequest = body(&bytes)?;
    if request.text.trim().is_empty() {
        return Err(ApiError::bad_request("the move is empty"));
    }
    let game = a.service.play(&a.id, a.who.user, &request.text, request.version).await?;
    Ok(no_store(view_of(&game, &a.who, a.look).await?))
}

async fn resign(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
    Body(bytes): Body,
) -> ApiResult<Response> {
    let a = action(&state, &id, &q, &headers).await?;
    let request: OfferRequest = body(&bytes)?;
    if request.accept.is_some() {
        return Err(ApiError::bad_request("resign takes no answer"));
    }
    let game = a.service.resign(&a.id, a.who.user, request.version).await?;
    Ok(no_store(view_of(&game, &a.who, a.look).await?))
}

/// The engine's review of a finished game the user played: made now (seconds, on the analysis
/// workers) or taken from the store.
async fn analysis(State(state): State<AppState>, P(id): P<String>, headers: HeaderMap) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let id = game_id(&id)?;
    let service = games(&state)?;
    let game = service.get(&id).await?;
    let (progress, _) = tokio::sync::watch::channel((0, 0));
    let done = service.analyst().analyse(&game, who.user, progress).await?;
    Ok(no_store(done))
}

async fn draw(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
    Body(bytes): Body,
) -> ApiResult<Response> {
    offer(Offer::Draw, &state, &id, &q, &headers, &bytes).await
}

async fn takeback(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
    Body(bytes): Body,
) -> ApiResult<Response> {
    offer(Offer::Takeback, &state, &id, &q, &headers, &bytes).await
}

/// What a player proposes to the opponent, who must agree.
#[derive(Clone, Copy)]
enum Offer {
    Draw,
    Takeback,
}

/// Makes an offer, or answers the opponent's when the request carries `accept`.
async fn offer(
    kind: Offer,
    state: &AppState,
    id: &str,
    q: &ViewQuery,
    headers: &HeaderMap,
    bytes: &Bytes,
) -> ApiResult<Response> {
    let a = action(state, id, q, headers).await?;
    let request: OfferRequest = body(bytes)?;
    let (service, user, version) = (&a.service, a.who.user, request.version);
    let game = match (kind, request.accept) {
        (Offer::Draw, None) => service.offer_draw(&a.id, user, version).await?,
        (Offer::Draw, Some(accept)) => service.answer_draw(&a.id, user, accept, version).await?,
        (Offer::Takeback, None) => service.takeback(&a.id, user, version).await?,
        (Offer::Takeback, Some(accept)) => service.answer_takeback(&a.id, user, accept, version).await?,
    };
    Ok(no_store(view_of(&game, &a.who, a.look).await?))
}

async fn rematch(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let a = action(&state, &id, &q, &headers).await?;
    let game = match a.service.rematch(&a.id, a.who.user).await? {
        crate::game::service::Rematch::Offered(g) | crate::game::service::Rematch::Started(g) => g,
    };
    Ok(no_store(view_of(&game, &a.who, a.look).await?))
}

// ---------------------------------------------------------------------------------------------
// Live updates

/// `GET /api/games/{id}/events?token=...`: the game as `event: game` messages, first as it is,
/// then after every change (from this process or, through Redis, from any other).
async fn events(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let token = bearer(&headers).or(q.token.as_deref());
    let who = session_of(&state, token).await?;
    let id = game_id(&id)?;
    let look = q.look()?;
    let service = games(&state)?.clone();
    // Only a game that exists, shown as this viewer may see it, gets a channel: watching made-up
    // ids must not leave anything behind.
    view_of(&service.get(&id).await?, &who, look).await?;
    let ticket = state.guards().streams.open(who.user).ok_or_else(|| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_streams",
            "too many boards open at once; close one and try again",
        )
        .retry_after(STREAM_RETRY_SECS)
    })?;
    // Subscribe before the read the stream starts from, so no change between the two is missed.
    let rx = service.subscribe(&id).await?;
    let game = service.get(&id).await?;
    let view = view_of(&game, &who, look).await?;
    let first = game_event(&view, None);
    let feed =
        Feed { rx, service, id, who, look, version: game.version, first: Some(first), svg: view.svg, _ticket: ticket };
    let stream = futures::stream::unfold(feed, |mut feed| async move { feed.next().await.map(|e| (Ok(e), feed)) });
    let mut stopping = state.stopping();
    let stopped = async move {
        if stopping.wait_for(|s| *s).await.is_err() {
            // No shutdown signal wired (tests): the stream lives as long as the client.
            std::future::pending::<()>().await;
        }
    };
    Ok(Sse::new(stream.take_until(Box::pin(stopped))).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// The game as an event: with the whole board drawing, or with `svg_patch` in its place when the
/// stream already sent `previous_svg` and the changes are much smaller than the drawing.
fn game_event(view: &GameView, previous_svg: Option<&str>) -> Event {
    let mut value = match serde_json::to_value(view) {
        Ok(value) => value,
        Err(e) => return Event::default().event("error").data(e.to_string()),
    };
    if let Some(old) = previous_svg {
        let patch = Patch::between(old, &view.svg);
        if patch.wire_size() < view.svg.len() / 2
            && let Some(fields) = value.as_object_mut()
        {
            fields.remove("svg");
            fields.insert("svg_patch".into(), json!(patch));
        }
    }
    Event::default().event("game").id(view.version.to_string()).data(value.to_string())
}

struct Feed {
    rx: broadcast::Receiver<GameEvent>,
    service: Arc<GameService>,
    id: GameId,
    who: Session,
    look: Look,
    version: u64,
    first: Option<Event>,
    /// The drawing the client holds: the last one this stream sent, whole or as a patch.
    svg: String,
    /// Counts the stream among the viewer's open ones while it lives.
    _ticket: StreamTicket,
}

/// What a viewer with too many open streams is told to wait: streams of closed pages end at the
/// next keep-alive, which fails on the closed connection.
const STREAM_RETRY_SECS: u64 = 15;

impl Feed {
    /// The next message, or `None` when the stream should end.
    async fn next(&mut self) -> Option<Event> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        loop {
            match self.rx.recv().await {
                Ok(event) if event.version <= self.version => continue,
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return None,
            }
            match self.service.get(&self.id).await {
                Ok(game) if game.version > self.version => {
                    self.version = game.version;
                    let (viewer, look) = (self.who.user, self.look);
                    return Some(match off_thread(move || view::build(&game, viewer, look)).await {
                        Ok(mut v) => {
                            let event = game_event(&v, Some(&self.svg));
                            self.svg = std::mem::take(&mut v.svg);
                            event
                        }
                        Err(e) => Event::default().event("error").data(e.to_string()),
                    });
                }
                Ok(_) => continue,
                Err(GameError::NotFound) => return Some(Event::default().event("gone").data("{}")),
                Err(e) => {
                    tracing::warn!(game = %self.id, error = %e, "event stream could not read the game");
                    continue;
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Pictures

#[derive(Deserialize, Default)]
struct PictureQuery {
    #[serde(default)]
    theme: Option<String>,
    /// Draw from Black's side.
    #[serde(default)]
    flip: Option<bool>,
    #[serde(default)]
    size: Option<u32>,
}

/// `GET /board/{id}/{ply}.png[?flip=true&theme=dark&size=640]`: the position after `ply` moves
/// with the move that led to it.
async fn board_png(
    State(state): State<AppState>,
    P((id, file)): P<(String, String)>,
    Q(q): Q<PictureQuery>,
) -> ApiResult<Response> {
    let id = game_id(&id)?;
    let ply: usize = file
        .strip_suffix(".png")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "not_found", "expected /board/{id}/{ply}.png"))?;
    let (theme, size) = picture_options(&q)?;
    let game = games(&state)?.get(&id).await?;
    if ply > game.moves.len() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("the game has {} moves", game.moves.len()),
        ));
    }
    let (position, last) = off_thread(move || view::position_at(&game, ply)).await?;
    let mut board = BoardView::new(*position.position()).flipped(q.flip.unwrap_or(false)).theme(theme).size(size);
    if let Some(mv) = &last {
        board = board.last_move(mv);
    }
    png_response(&state, board).await
}

/// `GET /board/start/{variant}.png[?flip=true&theme=dark&size=640]`: a variant's starting
/// position (the picture of a challenge before its game exists).
async fn start_png(State(state): State<AppState>, P(file): P<String>, Q(q): Q<PictureQuery>) -> ApiResult<Response> {
    let variant: VariantId = file
        .strip_suffix(".png")
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "not_found", "expected /board/start/{variant}.png"))?;
    let (theme, size) = picture_options(&q)?;
    let board =
        BoardView::new(crate::rules::Position::start(variant)).flipped(q.flip.unwrap_or(false)).theme(theme).size(size);
    png_response(&state, board).await
}

/// The theme and the width to draw at: any size in range is accepted, and drawn at the first of
/// [`limits::PICTURE_SIZES`] at least as wide.
fn picture_options(q: &PictureQuery) -> ApiResult<(Theme, u32)> {
    let theme = match &q.theme {
        None => Theme::Light,
        Some(t) => t.parse().map_err(|e: render::UnknownTheme| ApiError::bad_request(e.to_string()))?,
    };
    let size = q.size.unwrap_or(640);
    if !(render::MIN_SIZE..=render::MAX_SIZE).contains(&size) {
        return Err(ApiError::bad_request(format!("size must be {} to {}", render::MIN_SIZE, render::MAX_SIZE)));
    }
    Ok((theme, limits::picture_size(size)))
}

/// How long a refused picture request is told to wait.
const BUSY_RETRY_SECS: u64 = 1;

async fn png_response(state: &AppState, board: BoardView) -> ApiResult<Response> {
    let slot = state.guards().renders.enter().await.map_err(|busy| {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", format!("{busy}; try again"))
            .retry_after(BUSY_RETRY_SECS)
    })?;
    let png = tokio::task::spawn_blocking(move || {
        let png = render::board_png(&board);
        drop(slot);
        png
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?;
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
        // A takeback can change what a ply shows, so pictures are cached only briefly.
        (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=30")),
    ];
    Ok((headers, png).into_response())
}
