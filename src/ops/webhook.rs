//! The Telegram webhook on our own axum server.
//!
//! Telegram posts each update to `webhook.path` with the secret token in a header. The update is
//! handled before the answer goes back, so a 200 means "applied": if the instance dies halfway,
//! Telegram (or the load balancer) gets no answer and delivers the update again, possibly to
//! another instance.
//!
//! Exactly-once across instances rests on two marks in the shared store:
//! * `update:<id>:done`, written after handling, kept for a day (Telegram gives up on an update
//!   after 24 hours): a redelivery of a done update is acknowledged and skipped;
//! * `update:<id>:lease`, claimed with SET NX before handling, living `webhook.lease_secs`: while
//!   one instance handles an update, a second delivery gets 503 and Telegram retries later. If the
//!   holder died, the lease runs out and the retry is handled by whoever takes it.
//!
//! When the marks cannot be read (the store is unreachable), the delivery gets 503 and Telegram
//! delivers it again later: without the store nothing could be applied anyway, and handling an
//! update whose marks were not checked could apply it twice.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use teloxide::dispatching::UpdateHandler;
use teloxide::types::Update;
use tokio::sync::watch;

use super::metrics;
use crate::config::{Config, Secret};
use crate::game::KeyValues;

/// The header Telegram fills with the `secret_token` given to setWebhook.
pub const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// How long the done mark is kept: Telegram does not redeliver older updates.
const DONE_TTL: Duration = Duration::from_secs(24 * 3600);

/// What handling needs once the bot has connected; the route answers 503 until then.
pub struct Target {
    pub handler: UpdateHandler<anyhow::Error>,
    pub deps: teloxide::dptree::di::DependencyMap,
    pub store: Arc<dyn KeyValues>,
}

pub type TargetSlot = Arc<OnceLock<Target>>;

struct WebhookState {
    secret: Secret,
    lease: Duration,
    target: TargetSlot,
    stopping: watch::Receiver<bool>,
}

/// The webhook route at `config.webhook.path`, and the slot to fill once the bot is connected.
/// Requests stop being taken (503, so Telegram retries elsewhere) as soon as `stopping` turns true.
pub fn router(config: &Config, stopping: watch::Receiver<bool>) -> anyhow::Result<(Router, TargetSlot)> {
    let secret = config
        .webhook
        .secret_token
        .clone()
        .ok_or_else(|| anyhow::anyhow!("webhook mode needs webhook.secret_token (DAMAS_WEBHOOK_SECRET_TOKEN)"))?;
    let target: TargetSlot = Arc::new(OnceLock::new());
    let state = Arc::new(WebhookState { secret, lease: config.webhook.lease, target: target.clone(), stopping });
    let router = Router::new().route(&config.webhook.path, post(receive)).with_state(state);
    Ok((router, target))
}

/// Compares in time independent of where the first difference is, so the token cannot be guessed
/// byte by byte from response times.
pub fn same_secret(given: &[u8], expected: &[u8]) -> bool {
    if given.len() != expected.len() {
        return false;
    }
    let diff = given.iter().zip(expected).fold(0u8, |acc, (a, b)| std::hint::black_box(acc | (a ^ b)));
    diff == 0
}

/// The outcome of one delivery, as the HTTP status Telegram sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    Handled,
    /// Already applied earlier (by this or another instance).
    Duplicate,
    /// Another instance is handling it right now.
    Busy,
    /// The store could not tell whether it was applied: try again later.
    StoreDown,
}

/// An update is a few KB; the largest (a message with long entities and a reply) stays far below.
const BODY_LIMIT: usize = 1 << 20;

// The body is taken unread: a caller without the secret must not make the server wait for (or
// hold) a body at all.
async fn receive(State(state): State<Arc<WebhookState>>, headers: HeaderMap, body: Body) -> StatusCode {
    let given = headers.get(SECRET_HEADER).map(|v| v.as_bytes()).unwrap_or_default();
    if !same_secret(given, state.secret.expose().as_bytes()) {
        metrics::global().rejected_webhook_call();
        tracing::warn!("webhook call without the right secret token");
        return StatusCode::UNAUTHORIZED;
    }
    if *state.stopping.borrow() {
        return StatusCode::SERVICE_UNAVAILABLE;
    }
    let Some(target) = state.target.get() else {
        return StatusCode::SERVICE_UNAVAILABLE;
    };
    let body = match axum::body::to_bytes(body, BODY_LIMIT).await {
        Ok(body) => body,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the webhook body");
            let timed_out = super::http::is_body_timeout(&e);
            let too_large = std::error::Error::source(&e).is_some_and(|c| c.is::<http_body_util::LengthLimitError>());
            return if timed_out {
                StatusCode::REQUEST_TIMEOUT
            } else if too_large {
                StatusCode::PAYLOAD_TOO_LARGE
            } else {
                StatusCode::BAD_REQUEST
            };
        }
    };
    let update: Update = match serde_json::from_slice(&body) {
        Ok(update) => update,
        Err(e) => {
            tracing::warn!(error = %e, "webhook body is not an update");
            return StatusCode::BAD_REQUEST;
        }
    };
    match deliver(target, update, state.lease).await {
        Delivery::Handled | Delivery::Duplicate => StatusCode::OK,
        Delivery::Busy | Delivery::StoreDown => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// Handles `update` unless it was already applied or is being applied elsewhere.
pub async fn deliver(target: &Target, update: Update, lease: Duration) -> Delivery {
    let id = update.id.0;
    let done_key = format!("update:{id}:done");
    let lease_key = format!("update:{id}:lease");
    // Both at once (one round trip on the multiplexed connection). Claiming the lease of an update
    // that turns out to be done is harmless: it only makes a concurrent redelivery wait.
    let (done, claimed) = tokio::join!(target.store.kv_get(&done_key), target.store.claim_once(&lease_key, lease));
    match (done, claimed) {
        (Ok(Some(_)), _) => {
            metrics::global().duplicate_update();
            tracing::info!(update = id, "duplicate update skipped");
            return Delivery::Duplicate;
        }
        (Ok(None), Ok(true)) => {}
        (Ok(None), Ok(false)) => {
            tracing::info!(update = id, "update is being handled by another instance");
            return Delivery::Busy;
        }
        // Without the store there is no telling whether it was applied, and nothing could be
        // applied anyway: Telegram delivers it again later.
        (Err(e), _) | (_, Err(e)) => {
            tracing::warn!(update = id, error = %e, "cannot check the update's marks; asking for a redelivery");
            return Delivery::StoreDown;
        }
    }
    let start = Instant::now();
    let mut deps = target.deps.clone();
    deps.insert(update);
    match target.handler.dispatch(deps).await {
        std::ops::ControlFlow::Break(Ok(())) | std::ops::ControlFlow::Continue(_) => {}
        std::ops::ControlFlow::Break(Err(e)) => {
            tracing::error!(update = id, error = %format!("{e:#}"), "error while handling an update")
        }
    }
    if let Err(e) = target.store.kv_set(&done_key, "1", DONE_TTL).await {
        tracing::warn!(update = id, error = %e, "cannot mark the update as done");
    }
    tracing::debug!(update = id, elapsed_ms = start.elapsed().as_secs_f64() * 1e3, "webhook update done");
    Delivery::Handled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_comparison() {
        assert!(same_secret(b"abc-DEF_123", b"abc-DEF_123"));
        assert!(!same_secret(b"abc-DEF_124", b"abc-DEF_123"));
        assert!(!same_secret(b"abc", b"abc-DEF_123"));
        assert!(!same_secret(b"", b"abc"));
        assert!(!same_secret(b"Abc", b"abc"));
    }
}
