//! Running damas in production: the HTTP listener and its limits, metrics, the webhook endpoint
//! with de-duplication, the background connection to Redis, and per-user rate limiting.

pub mod connect;
pub mod http;
pub mod limit;
pub mod metrics;
pub mod webhook;

use std::ops::ControlFlow;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use teloxide::dispatching::UpdateHandler;
use teloxide::prelude::*;
use teloxide::types::{Update, UpdateKind};
use tracing::Instrument as _;

use crate::bot::i18n::{self, t};

/// Connects the engine's and the renderer's timing hooks to the metrics. Idempotent.
pub fn observe() {
    crate::engine::observe_searches(|level, elapsed| metrics::global().engine_think(level as u8, elapsed));
    crate::render::observe_renders(|elapsed| metrics::global().render(elapsed));
    crate::game::store::observe_outages(|| metrics::global().store_error());
}

/// The process-wide per-user limiter of updates.
pub fn limiter() -> &'static limit::Limiter {
    static LIMITER: OnceLock<limit::Limiter> = OnceLock::new();
    LIMITER.get_or_init(limit::Limiter::default)
}

/// How long the apology for a failed update may take; it must not hold up shutdown.
const APOLOGY_TIMEOUT: Duration = Duration::from_secs(5);

/// Wraps the bot's handler tree so that every update is counted by kind, timed, tracked as in
/// flight, and logged inside a span carrying its id (never its content).
pub fn instrument(handler: UpdateHandler<anyhow::Error>) -> UpdateHandler<anyhow::Error> {
    let description = handler.description().clone();
    let sig = handler.sig().clone();
    teloxide::dptree::from_fn_with_description(
        description,
        move |deps: teloxide::dptree::di::DependencyMap, cont| {
            let handler = handler.clone();
            async move {
                let m = metrics::global();
                let (id, kind) = match deps.try_get::<Update>() {
                    Some(update) => (update.id.0, metrics::update_kind(&update)),
                    None => (0, "other"),
                };
                m.update(kind);
                let _in_flight = m.in_flight();
                let start = Instant::now();
                let span = tracing::info_span!("update", id, kind);
                let update = deps.try_get::<Update>();
                let bot = deps.try_get::<Bot>();
                let user = update.as_ref().and_then(|u| u.from()).map(|u| u.id.0);
                if let Some(user) = user
                    && !limiter().allow(user).await.allowed()
                {
                    m.rate_limited();
                    span.in_scope(|| tracing::debug!("update dropped: too many from this user"));
                    if let (Some(bot), Some(update)) = (bot, update) {
                        slow_down(&bot, &update).instrument(span).await;
                    }
                    return ControlFlow::Break(Ok(()));
                }
                let result = handler.execute(deps, cont).instrument(span.clone()).await;
                let elapsed = start.elapsed();
                let ok = !matches!(result, ControlFlow::Break(Err(_)));
                m.handled(elapsed, ok);
                span.in_scope(|| tracing::debug!(elapsed_ms = elapsed.as_secs_f64() * 1e3, ok, "update handled"));
                if let (ControlFlow::Break(Err(e)), Some(bot), Some(update)) = (&result, bot, update)
                    && !telegram_failed(e)
                {
                    apologize(&bot, &update).instrument(span).await;
                }
                result
            }
        },
        sig,
    )
}

/// Whether the error came from the Bot API itself (then answering would fail the same way).
fn telegram_failed(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<teloxide::RequestError>().is_some())
}

fn lang_of(update: &Update) -> i18n::Lang {
    i18n::Lang::from_telegram(update.from().and_then(|u| u.language_code.as_deref()))
}

/// Tells the user that their request failed on our side (the store was unreachable, say) and that
/// trying again is the thing to do: nothing was changed, and the game is intact.
async fn apologize(bot: &Bot, update: &Update) {
    let text = t(lang_of(update), "error-generic");
    let sent = match &update.kind {
        UpdateKind::Message(msg) => {
            tokio::time::timeout(APOLOGY_TIMEOUT, bot.send_message(msg.chat.id, text).send()).await.map(|r| r.map(drop))
        }
        UpdateKind::CallbackQuery(q) => {
            let answer = bot.answer_callback_query(q.id.clone()).text(text).show_alert(true);
            tokio::time::timeout(APOLOGY_TIMEOUT, answer.send()).await.map(|r| r.map(drop))
        }
        _ => return,
    };
    match sent {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::warn!(error = %e, "cannot tell the user about the failure"),
        Err(_) => tracing::warn!("timed out telling the user about the failure"),
    }
}

/// Answers a tap that was dropped by the rate limiter, so the button stops spinning. Messages are
/// dropped silently: answering a flood would only feed it.
async fn slow_down(bot: &Bot, update: &Update) {
    let UpdateKind::CallbackQuery(q) = &update.kind else { return };
    let text = t(lang_of(update), "rate-limited");
    let answer = bot.answer_callback_query(q.id.clone()).text(text);
    if let Ok(Err(e)) = tokio::time::timeout(APOLOGY_TIMEOUT, answer.send()).await {
        tracing::debug!(error = %e, "cannot answer a rate-limited tap");
    }
}
