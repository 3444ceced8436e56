//! The HTTP side: health checks, the Mini App page and its API.

pub mod init_data;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;

use crate::config::Config;

/// Shared by every HTTP handler; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    /// Flipped once the stores and the bot are up, so a load balancer only routes to a working process.
    pub ready: Arc<AtomicBool>,
}

impl AppState {
    pub fn new(config: Arc<Config>) -> Self {
        AppState { config, ready: Arc::new(AtomicBool::new(false)) }
    }
}

/// The whole HTTP surface of `damas serve`.
pub fn router(state: AppState) -> Router {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz)).with_state(state)
}

async fn healthz() -> &'static str {
    "ok"
}

async fn readyz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    if state.ready.load(Ordering::Acquire) {
        (StatusCode::OK, "ready")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "starting")
    }
}
