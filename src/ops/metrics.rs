//! Process metrics in the Prometheus text format, served at `GET /metrics`.
//!
//! A small fixed registry rather than a metrics crate: the set of series is known in advance, the
//! hot paths are a few atomic adds, and nothing here costs the build anything.
//!
//! Counters are per process; with several instances behind a load balancer, sum them in the query
//! (`sum(rate(damas_updates_total[5m])) by (kind)`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use crate::game::service::{Applied, Event};

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

/// Upper bounds of the latency buckets, in seconds: from a cache hit to a slow engine search.
const BUCKETS: [f64; 14] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// A latency histogram with fixed buckets; lock-free to record.
pub struct Histogram {
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_nanos: AtomicU64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            count: AtomicU64::new(0),
            sum_nanos: AtomicU64::new(0),
        }
    }
}

impl Histogram {
    pub fn observe(&self, elapsed: Duration) {
        let secs = elapsed.as_secs_f64();
        // Buckets are stored non-cumulatively and summed when written out, so one add per sample.
        if let Some(i) = BUCKETS.iter().position(|&le| secs <= le) {
            self.buckets[i].fetch_add(1, Ordering::Relaxed);
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    fn write(&self, out: &mut String, name: &str, labels: &str) {
        let mut cumulative = 0;
        for (le, bucket) in BUCKETS.iter().zip(&self.buckets) {
            cumulative += bucket.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{{labels}{}le=\"{le}\"}} {cumulative}", sep(labels));
        }
        let count = self.count();
        let _ = writeln!(out, "{name}_bucket{{{labels}{}le=\"+Inf\"}} {count}", sep(labels));
        let sum = self.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        let braces = if labels.is_empty() { String::new() } else { format!("{{{labels}}}") };
        let _ = writeln!(out, "{name}_sum{braces} {sum}");
        let _ = writeln!(out, "{name}_count{braces} {count}");
    }
}

fn sep(labels: &str) -> &'static str {
    if labels.is_empty() { "" } else { "," }
}

/// Every series the process exports.
#[derive(Default)]
pub struct Metrics {
    updates: Mutex<BTreeMap<&'static str, u64>>,
    update_errors: AtomicU64,
    duplicate_updates: AtomicU64,
    rejected_webhook_calls: AtomicU64,
    rate_limited: AtomicU64,
    rate_limit_fallbacks: AtomicU64,
    handling: Histogram,
    engine: Mutex<BTreeMap<u8, std::sync::Arc<Histogram>>>,
    render: Histogram,
    store_errors: AtomicU64,
    games_started: AtomicU64,
    games_ended: AtomicU64,
    in_flight: AtomicI64,
}

/// The process-wide registry.
pub fn global() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(Metrics::default)
}

impl Metrics {
    /// One Telegram update received, by kind (`message`, `callback_query`, ...).
    pub fn update(&self, kind: &'static str) {
        let mut map = self.updates.lock().unwrap_or_else(|e| e.into_inner());
        *map.entry(kind).or_default() += 1;
    }

    pub fn updates_of(&self, kind: &str) -> u64 {
        self.updates.lock().unwrap_or_else(|e| e.into_inner()).get(kind).copied().unwrap_or(0)
    }

    /// How long handling one update took, answer to the user included.
    pub fn handled(&self, elapsed: Duration, ok: bool) {
        self.handling.observe(elapsed);
        if !ok {
            self.update_errors.fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn handled_count(&self) -> u64 {
        self.handling.count()
    }

    /// A webhook delivery of an update that was already applied.
    pub fn duplicate_update(&self) {
        self.duplicate_updates.fetch_add(1, Ordering::Relaxed);
    }

    /// A webhook call without the right secret token.
    pub fn rejected_webhook_call(&self) {
        self.rejected_webhook_calls.fetch_add(1, Ordering::Relaxed);
    }

    /// An update dropped because its user sent too many.
    pub fn rate_limited(&self) {
        self.rate_limited.fetch_add(1, Ordering::Relaxed);
    }

    /// The shared rate limit did not answer; the instance's own buckets decided.
    pub fn rate_limit_fallback(&self) {
        self.rate_limit_fallbacks.fetch_add(1, Ordering::Relaxed);
    }

    /// One engine search at `level`.
    pub fn engine_think(&self, level: u8, elapsed: Duration) {
        let histogram = {
            let mut map = self.engine.lock().unwrap_or_else(|e| e.into_inner());
            map.entry(level).or_default().clone()
        };
        histogram.observe(elapsed);
    }

    /// One board picture rendered.
    pub fn render(&self, elapsed: Duration) {
        self.render.observe(elapsed);
    }

    /// The store could not be reached (Redis down, timeout).
    pub fn store_error(&self) {
        self.store_errors.fetch_add(1, Ordering::Relaxed);
    }

    pub fn store_errors(&self) -> u64 {
        self.store_errors.load(Ordering::Relaxed)
    }

    pub fn game_started(&self) {
        self.games_started.fetch_add(1, Ordering::Relaxed);
    }

    pub fn game_ended(&self) {
        self.games_ended.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts the games a change started or ended (a game service observer).
    pub fn count_games(&self, applied: &Applied) {
        if applied.events.contains(&Event::Created) && !applied.is_over() {
            self.game_started();
        }
        if applied.ended() {
            self.game_ended();
        }
    }

    /// Marks an update as being handled until the guard is dropped (for the shutdown wait).
    pub fn in_flight(&'static self) -> InFlight {
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        InFlight(self)
    }

    pub fn in_flight_now(&self) -> i64 {
        self.in_flight.load(Ordering::Acquire)
    }

    /// The Prometheus text exposition (format 0.0.4).
    pub fn render_text(&self) -> String {
        let mut out = String::with_capacity(4096);
        out.push_str(
            "# HELP damas_updates_total Telegram updates received, by kind.\n# TYPE damas_updates_total counter\n",
        );
        for (kind, n) in self.updates.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            let _ = writeln!(out, "damas_updates_total{{kind=\"{kind}\"}} {n}");
        }
        counter(&mut out, "damas_update_errors_total", "Updates whose handler failed.", &self.update_errors);
        counter(
            &mut out,
            "damas_duplicate_updates_total",
            "Redelivered updates skipped because they were already applied.",
            &self.duplicate_updates,
        );
        counter(
            &mut out,
            "damas_webhook_rejected_total",
            "Webhook calls refused for a missing or wrong secret token.",
            &self.rejected_webhook_calls,
        );
        counter(
            &mut out,
            "damas_rate_limited_total",
            "Updates dropped because their user sent too many at once.",
            &self.rate_limited,
        );
        counter(
            &mut out,
            "damas_rate_limit_fallbacks_total",
            "Rate-limit checks decided by this instance alone because Redis did not answer.",
            &self.rate_limit_fallbacks,
        );
        out.push_str("# HELP damas_update_handling_seconds Time to handle one update, answer included.\n# TYPE damas_update_handling_seconds histogram\n");
        self.handling.write(&mut out, "damas_update_handling_seconds", "");
        out.push_str(
            "# HELP damas_engine_think_seconds Engine search time per move, by level.\n# TYPE damas_engine_think_seconds histogram\n",
        );
        for (level, h) in self.engine.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            h.write(&mut out, "damas_engine_think_seconds", &format!("level=\"{level}\""));
        }
        out.push_str(
            "# HELP damas_render_seconds Time to draw one board picture.\n# TYPE damas_render_seconds histogram\n",
        );
        self.render.write(&mut out, "damas_render_seconds", "");
        counter(
            &mut out,
            "damas_store_errors_total",
            "Store (Redis) calls that failed for want of the server.",
            &self.store_errors,
        );
        counter(&mut out, "damas_games_started_total", "Games created by this process.", &self.games_started);
        counter(&mut out, "damas_games_ended_total", "Games that ended through this process.", &self.games_ended);
        let started = self.games_started.load(Ordering::Relaxed) as i64;
        let ended = self.games_ended.load(Ordering::Relaxed) as i64;
        let _ = writeln!(
            out,
            "# HELP damas_active_games Games started minus games ended through this process; sum over instances.\n# TYPE damas_active_games gauge\ndamas_active_games {}",
            started - ended
        );
        let _ = writeln!(
            out,
            "# HELP damas_updates_in_flight Updates being handled right now.\n# TYPE damas_updates_in_flight gauge\ndamas_updates_in_flight {}",
            self.in_flight_now()
        );
        out
    }
}

fn counter(out: &mut String, name: &str, help: &str, value: &AtomicU64) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} counter\n{name} {}", value.load(Ordering::Relaxed));
}

/// Counts an update as in flight while alive.
pub struct InFlight(&'static Metrics);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// `GET /metrics`.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route("/metrics", get(metrics))
}

async fn metrics() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], global().render_text())
}

/// The kind of a Telegram update as a metric label.
pub fn update_kind(update: &teloxide::types::Update) -> &'static str {
    use teloxide::types::UpdateKind as K;
    match &update.kind {
        K::Message(_) => "message",
        K::EditedMessage(_) => "edited_message",
        K::CallbackQuery(_) => "callback_query",
        K::InlineQuery(_) => "inline_query",
        K::ChosenInlineResult(_) => "chosen_inline_result",
        K::MyChatMember(_) => "my_chat_member",
        K::ChatMember(_) => "chat_member",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_cumulative_and_count_everything() {
        let h = Histogram::default();
        h.observe(Duration::from_micros(300));
        h.observe(Duration::from_millis(3));
        h.observe(Duration::from_millis(40));
        h.observe(Duration::from_secs(60));
        let mut out = String::new();
        h.write(&mut out, "x", "");
        assert!(out.contains("x_bucket{le=\"0.0005\"} 1\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"0.005\"} 2\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"0.05\"} 3\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"10\"} 3\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"+Inf\"} 4\n"), "{out}");
        assert!(out.contains("x_count 4\n"), "{out}");
        let sum: f64 = out.lines().find_map(|l| l.strip_prefix("x_sum ")).unwrap().parse().unwrap();
        assert!((sum - 60.0433).abs() < 1e-6, "{sum}");
    }

    #[test]
    fn games_are_counted_from_what_the_service_did() {
        use crate::game::{EndReason, Game, GameId, GameResult, Player, Status, UserId, VariantId};
        let m = Metrics::default();
        let start = crate::rules::Position::start(VariantId::English);
        let ann = Player::Human { id: UserId(1), name: "Ann".into() };
        let game = Game::new(
            GameId::random(),
            VariantId::English,
            start.to_fen(),
            start.side_to_move(),
            ann,
            Player::Engine { level: 1 },
            0,
        );
        m.count_games(&Applied::between(None, game.clone()));
        let mut over = game.clone();
        over.status = Status::Finished;
        over.result = Some(GameResult { winner: None, reason: EndReason::DrawAgreed });
        m.count_games(&Applied::between(Some(&game), over.clone()));
        // Writing the finished game again (a rematch offer) ends nothing.
        m.count_games(&Applied::between(Some(&over), over.clone()));
        assert_eq!(m.games_started.load(Ordering::Relaxed), 1);
        assert_eq!(m.games_ended.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn exposition_has_every_family_with_labels() {
        let m = Metrics::default();
        m.update("message");
        m.update("message");
        m.update("callback_query");
        m.handled(Duration::from_millis(2), true);
        m.handled(Duration::from_millis(2), false);
        m.engine_think(1, Duration::from_millis(20));
        m.engine_think(4, Duration::from_millis(900));
        m.render(Duration::from_millis(7));
        m.store_error();
        m.rate_limited();
        m.game_started();
        m.game_started();
        m.game_ended();
        let text = m.render_text();
        for line in [
            "damas_updates_total{kind=\"message\"} 2",
            "damas_updates_total{kind=\"callback_query\"} 1",
            "damas_update_errors_total 1",
            "damas_update_handling_seconds_count 2",
            "damas_engine_think_seconds_bucket{level=\"1\",le=\"0.025\"} 1",
            "damas_engine_think_seconds_count{level=\"4\"} 1",
            "damas_render_seconds_count 1",
            "damas_store_errors_total 1",
            "damas_rate_limited_total 1",
            "damas_active_games 1",
            "damas_updates_in_flight 0",
        ] {
            assert!(text.lines().any(|l| l == line), "missing {line:?} in\n{text}");
        }
        // Every sample line belongs to a family declared with TYPE.
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            let name = l.split(['{', ' ']).next().unwrap();
            let family = name.trim_end_matches("_bucket").trim_end_matches("_sum").trim_end_matches("_count");
            assert!(text.contains(&format!("# TYPE {family} ")), "{name} has no TYPE line");
        }
    }
}
