//! Per-user rate limiting of updates: a token bucket per user, so a burst of taps (or a script)
//! cannot monopolise an instance. Normal play never comes near the limit.
//!
//! The buckets live in the process: behind a load balancer each instance limits what it receives,
//! which bounds a user at N times the rate with N instances. That is enough to protect the
//! instances; the game itself is protected by its compare-and-set either way.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

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
        RateLimiter { burst: f64::from(burst.max(1)), per_second: per_second.max(0.0), buckets: Mutex::new(HashMap::new()) }
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
}
