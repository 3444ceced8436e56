//! The HTTP side: health checks, the Mini App page and its API.
//!
//! Routes:
//! * `/healthz`, `/readyz`
//! * `/app` (the page) and `/app/static/*` (its script and style, built into the binary)
//! * `/api/...` (JSON; see [`api`]) and `/api/games/{id}/events` (Server-Sent Events)
//! * `/board/{id}/{ply}.png` (the position after `ply` moves, as a picture)
//!
//! Every change to a game goes through [`GameService`]; this module only translates HTTP to
//! service calls and games to JSON.

pub mod api;
pub mod init_data;
pub mod limits;
mod page;
pub mod patch;
mod puzzle_api;
pub mod session;
pub mod view;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use tokio::sync::watch;

use crate::config::Config;
use crate::game::service::GameService;

/// Shared by every HTTP handler; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    /// Flipped once the stores and the bot are up, so a load balancer only routes to a working process.
    pub ready: Arc<AtomicBool>,
    /// Whether the store answers (Redis connected and reachable); the health checks report it.
    store_health: crate::ops::connect::StoreHealth,
    /// Whether the bot reached Telegram (the health checks say when it is still trying).
    bot_health: crate::ops::connect::BotHealth,
    /// Set once the store is open; the API answers 503 until then.
    games: Arc<OnceLock<Arc<GameService>>>,
    /// HMAC key derived from the bot token, when there is one.
    init_secret: Option<[u8; 32]>,
    /// Becomes true when the server shuts down; long-lived event streams end then.
    stopping: watch::Receiver<bool>,
    /// Drawing slots, request rates and open streams.
    guards: Arc<limits::Guards>,
}

impl AppState {
    pub fn new(config: Arc<Config>) -> Self {
        let init_secret = config.telegram.token.as_ref().map(|t| init_data::secret_key(t.expose()));
        // A sender that is dropped at once: the streams then simply never see a shutdown.
        let (_, stopping) = watch::channel(false);
        let store_health = crate::ops::connect::StoreHealth::default();
        store_health.set(true);
        let guards = Arc::new(limits::Guards::new(&config));
        AppState {
            config,
            ready: Arc::new(AtomicBool::new(false)),
            store_health,
            bot_health: Default::default(),
            games: Arc::new(OnceLock::new()),
            init_secret,
            stopping,
            guards,
        }
    }

    /// Event streams end when `stop` turns true (so a graceful shutdown does not wait for them).
    pub fn with_shutdown(mut self, stop: watch::Receiver<bool>) -> Self {
        self.stopping = stop;
        self
    }

    /// The health checks follow `health` (false while Redis is not connected or does not answer).
    pub fn with_store_health(mut self, health: crate::ops::connect::StoreHealth) -> Self {
        self.store_health = health;
        self
    }

    /// The health checks tell whether the bot is still trying to reach Telegram.
    pub fn with_bot_health(mut self, health: crate::ops::connect::BotHealth) -> Self {
        self.bot_health = health;
        self
    }

    /// Hands the game service to the API (once; later calls are ignored).
    pub fn set_games(&self, games: Arc<GameService>) {
        let _ = self.games.set(games);
    }

    pub fn games(&self) -> Option<&Arc<GameService>> {
        self.games.get()
    }

    /// The server's drawing slots, request limit and stream counts.
    pub fn guards(&self) -> &Arc<limits::Guards> {
        &self.guards
    }

    pub(crate) fn init_secret(&self) -> Option<&[u8; 32]> {
        self.init_secret.as_ref()
    }

    pub(crate) fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.clone()
    }
}

/// The whole HTTP surface of `damas serve`.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .merge(page::routes())
        .merge(api::routes())
        // gzip or brotli as the client accepts; tower-http leaves event streams and pictures alone.
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(state)
}

/// Liveness: 200 while the process serves HTTP, also during a Redis outage or while the bot cannot
/// reach Telegram (the body says so), so that a liveness probe never restarts every instance for a
/// fault none of them can fix. Routing decisions belong to [`readyz`].
async fn healthz(State(state): State<AppState>) -> (StatusCode, String) {
    (StatusCode::OK, with_faults("ok", &state))
}

/// `ok`, followed by what does not work: `ok, store unavailable, bot connecting to Telegram`.
fn with_faults(head: &str, state: &AppState) -> String {
    let mut body = head.to_owned();
    if !state.store_health.up() {
        body.push_str(", store unavailable");
    }
    if state.bot_health.state() == crate::ops::connect::BotState::Connecting {
        body.push_str(", bot connecting to Telegram");
    }
    body
}

/// 200 once started and while the store answers, so a load balancer routes only to working
/// processes. A bot still connecting does not hold the Mini App back; the body mentions it.
async fn readyz(State(state): State<AppState>) -> (StatusCode, String) {
    if !state.ready.load(Ordering::Acquire) {
        (StatusCode::SERVICE_UNAVAILABLE, "starting".into())
    } else if !state.store_health.up() {
        (StatusCode::SERVICE_UNAVAILABLE, "store unavailable".into())
    } else {
        (StatusCode::OK, with_faults("ready", &state))
    }
}
