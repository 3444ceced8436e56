//! Running damas in production: metrics, the webhook endpoint with de-duplication, and the store
//! wrapper that reports outages.

pub mod metrics;
pub mod store;
pub mod webhook;

use std::ops::ControlFlow;
use std::time::Instant;

use teloxide::dispatching::UpdateHandler;
use teloxide::types::Update;
use tracing::Instrument as _;

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
                let result = handler.execute(deps, cont).instrument(span.clone()).await;
                let elapsed = start.elapsed();
                let ok = !matches!(result, ControlFlow::Break(Err(_)));
                m.handled(elapsed, ok);
                span.in_scope(|| tracing::debug!(elapsed_ms = elapsed.as_secs_f64() * 1e3, ok, "update handled"));
                result
            }
        },
        sig,
    )
}
