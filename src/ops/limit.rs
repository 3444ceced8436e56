//! Per-user rate limiting of updates: a token bucket per user, so a burst of taps (or a script)
//! cannot monopolise the service. Normal play never comes near the limit.
//!
//! With Redis, the bucket of a user is shared by every instance (one key per user, updated by a
//! small script, see [`SHARED_LUA`]), so a user is limited in total however the load balancer
//! spreads their updates. Without Redis (the embedded store), or while Redis does not answer, each
//! instance limits what it receives with buckets in the process: play goes on during an outage
//! (the limit fails open to the per-instance one), which is logged and counted in
//! `damas_rate_limit_fallbacks_total`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use redis::Script;

use crate::game::store::Link;

/// Updates a user may send at once.
pub const BURST: u32 = 20;
/// Updates per second a user may keep sending.
pub const PER_SECOND: f64 = 5.0;
/// Buckets are swept once the map holds this many users.
const SWEEP_AT: usize = 50_000;

pub struct RateLimiter {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<u64, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Default for RateLimiter {
    fn default() -> Self {
        RateLimiter::new(BURST, PER_SECOND)
    }
}

impl RateLimiter {
    pub fn new(burst: u32, per_second: f64) -> RateLimiter {
        RateLimiter {
            burst: f64::from(burst.max(1)),
            per_second: per_second.max(0.0),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `user` may send another update at `now`; takes one token if so.
    pub fn allow(&self, user: u64, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= SWEEP_AT {
            // Users whose bucket has filled up again are indistinguishable from new ones.
            let (burst, rate) = (self.burst, self.per_second);
            buckets.retain(|_, b| b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * rate < burst);
        }
        let bucket = buckets.entry(user).or_insert(Bucket { tokens: self.burst, at: now });
        let refill = now.saturating_duration_since(bucket.at).as_secs_f64() * self.per_second;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The shared bucket as a generic cell rate algorithm: the key holds the "theoretical arrival
/// time" (ms, on the Redis clock, so instances need not agree on the time) of the next update at the
/// sustained rate. An update is allowed while that lies at most `burst - 1` intervals ahead.
/// KEYS[1] the user's key. ARGV: interval ms, tolerance ms. Returns 1 allowed, 0 limited.
pub const SHARED_LUA: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if tat < now then tat = now end
if tat - now > tonumber(ARGV[2]) then return 0 end
tat = tat + interval
redis.call('SET', KEYS[1], tostring(tat), 'PX', tat - now)
return 1
";

/// A shared check that takes longer than this counts as failed: the local bucket decides.
const SHARED_TIMEOUT: Duration = Duration::from_millis(500);
/// At most one warning about the shared limit per this many seconds.
const WARN_EVERY_SECS: u64 = 10;

struct Shared {
    link: Arc<Link>,
    prefix: String,
    script: Script,
}

/// The limiter a process uses: shared through Redis once [`Limiter::share`] was called, with the
/// in-process buckets as the fallback.
pub struct Limiter {
    local: RateLimiter,
    shared: OnceLock<Shared>,
    interval_ms: u64,
    tolerance_ms: u64,
    last_warning: AtomicU64,
}

impl Default for Limiter {
    fn default() -> Self {
        Limiter::new(BURST, PER_SECOND)
    }
}

/// Why a limit was decided locally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Shared(bool),
    /// Redis did not answer in time or failed: the local bucket decided.
    Fallback(bool),
    /// No shared store configured.
    Local(bool),
}

impl Decision {
    pub fn allowed(self) -> bool {
        match self {
            Decision::Shared(b) | Decision::Fallback(b) | Decision::Local(b) => b,
        }
    }
}

impl Limiter {
    pub fn new(burst: u32, per_second: f64) -> Limiter {
        let burst = burst.max(1);
        let interval_ms = if per_second > 0.0 { (1000.0 / per_second).round().max(1.0) as u64 } else { u64::MAX / 4 };
        Limiter {
            local: RateLimiter::new(burst, per_second),
            shared: OnceLock::new(),
            interval_ms,
            tolerance_ms: interval_ms.saturating_mul(u64::from(burst - 1)),
            last_warning: AtomicU64::new(0),
        }
    }

    /// From now on the buckets live in Redis under `<prefix>:limit:{<user>}`. Only the first call counts.
    pub fn share(&self, link: Arc<Link>, prefix: &str) {
        let _ = self.shared.set(Shared { link, prefix: prefix.to_owned(), script: Script::new(SHARED_LUA) });
    }

    /// Whether `user` may send another update now; takes one token if so.
    pub async fn allow(&self, user: u64) -> Decision {
        let Some(shared) = self.shared.get() else {
            return Decision::Local(self.local.allow(user, Instant::now()));
        };
        let mut con = shared.link.connection();
        let key = format!("{}:limit:{{{user}}}", shared.prefix);
        let mut invocation = shared.script.key(key);
        invocation.arg(self.interval_ms).arg(self.tolerance_ms);
        let call = invocation.invoke_async::<i64>(&mut con);
        let error = match tokio::time::timeout(SHARED_TIMEOUT, call).await {
            Ok(Ok(allowed)) => return Decision::Shared(allowed == 1),
            Ok(Err(e)) => e.to_string(),
            Err(_) => "timed out".to_owned(),
        };
        super::metrics::global().rate_limit_fallback();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let last = self.last_warning.load(Ordering::Relaxed);
        if now >= last + WARN_EVERY_SECS
            && self.last_warning.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        {
            tracing::warn!(%error, "shared rate limit unavailable; limiting per instance meanwhile");
        }
        Decision::Fallback(self.local.allow(user, Instant::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_is_cut_and_refills_with_time() {
        let limiter = RateLimiter::new(5, 2.0);
        let t0 = Instant::now();
        let allowed = (0..50).filter(|_| limiter.allow(7, t0)).count();
        assert_eq!(allowed, 5);
        assert!(limiter.allow(8, t0), "other users are not affected");
        assert!(!limiter.allow(7, t0 + Duration::from_millis(400)));
        assert!(limiter.allow(7, t0 + Duration::from_millis(600)), "one token after half a second");
        assert!(!limiter.allow(7, t0 + Duration::from_millis(600)));
        let later = t0 + Duration::from_secs(60);
        assert_eq!((0..50).filter(|_| limiter.allow(7, later)).count(), 5, "never more than the burst");
    }

    #[tokio::test]
    async fn without_redis_the_limit_is_local() {
        let limiter = Limiter::new(3, 1.0);
        let mut decisions = Vec::new();
        for _ in 0..5 {
            decisions.push(limiter.allow(9).await);
        }
        assert_eq!(decisions.iter().filter(|d| d.allowed()).count(), 3);
        assert!(decisions.iter().all(|d| matches!(d, Decision::Local(_))));
        assert_eq!(limiter.tolerance_ms, 2000);
    }
}
