//! What keeps one client from taking the whole server: a bounded number of board pictures drawn
//! at once, a request rate per user and a number of open event streams per user.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::config::Config;
use crate::game::UserId;
use crate::game::user_counts::{UserCounts, UserShare};
use crate::ops::limit::Limiter;

/// Widths a picture is drawn at: a request is drawn at the first step at least as wide as it
/// asked for (or the last). Every width keeps an empty board and sprites in the render caches, so
/// free widths would let a client fill them with pictures nobody else asks for.
pub const PICTURE_SIZES: [u32; 6] = [160, 320, 480, 640, 960, 1280];

/// The width a picture asked to be `size` pixels wide is drawn at.
pub fn picture_size(size: u32) -> u32 {
    PICTURE_SIZES.iter().copied().find(|&step| step >= size).unwrap_or(PICTURE_SIZES[PICTURE_SIZES.len() - 1])
}

/// The drawing slots for board pictures. Each drawing takes a core and tens of MB for as long as
/// it runs, so only a few run at once; a request that cannot get a slot in time is refused.
pub struct RenderGate {
    slots: Arc<Semaphore>,
    wait: Duration,
    running: Arc<AtomicUsize>,
    peak: AtomicUsize,
}

/// A drawing slot; dropping it frees the slot. Kept by the drawing itself, so a client that goes
/// away does not free the slot of a drawing still running.
pub struct RenderSlot {
    _permit: OwnedSemaphorePermit,
    running: Arc<AtomicUsize>,
}

/// No drawing slot came free in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the server is busy drawing other pictures")]
pub struct Busy;

impl RenderGate {
    pub fn new(slots: usize, wait: Duration) -> RenderGate {
        RenderGate {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            wait,
            running: Arc::default(),
            peak: AtomicUsize::new(0),
        }
    }

    /// A slot, waiting for one at most the configured time.
    pub async fn enter(&self) -> Result<RenderSlot, Busy> {
        let permit = match tokio::time::timeout(self.wait, Arc::clone(&self.slots).acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            // The semaphore is never closed; a timeout is the busy case.
            Ok(Err(_)) | Err(_) => return Err(Busy),
        };
        let now = self.running.fetch_add(1, Ordering::Relaxed) + 1;
        self.peak.fetch_max(now, Ordering::Relaxed);
        Ok(RenderSlot { _permit: permit, running: Arc::clone(&self.running) })
    }

    /// The most drawings that ever ran at once.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }
}

impl Drop for RenderSlot {
    fn drop(&mut self) {
        if self.running.fetch_sub(1, Ordering::Relaxed) == 1 {
            give_back_memory();
        }
    }
}

/// Hands the heap's free pages back to the system once no picture is being drawn: the working
/// buffers of a burst of large pictures would otherwise stay in the process's arenas for good.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back_memory() {
    // SAFETY: malloc_trim only walks the allocator's own free lists; it takes no pointers.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_back_memory() {}

/// Requests per user to the Mini App API (event streams included).
pub struct RequestLimit {
    limiter: Limiter,
    /// What a refused request is told to wait, in seconds: the time one request's worth refills.
    retry_after: u64,
}

impl RequestLimit {
    pub fn new(burst: u32, per_minute: u32) -> RequestLimit {
        let per_minute = per_minute.max(1);
        RequestLimit {
            limiter: Limiter::new(burst, f64::from(per_minute) / 60.0),
            retry_after: 60u64.div_ceil(u64::from(per_minute)),
        }
    }

    /// `Err(seconds to wait)` when the user has sent too many requests lately.
    pub async fn admit(&self, user: UserId) -> Result<(), u64> {
        if self.limiter.allow(user.0).await.allowed() { Ok(()) } else { Err(self.retry_after) }
    }

    /// The buckets live in Redis from now on, so the limit holds across instances.
    pub fn share(&self, link: Arc<crate::game::store::Link>, prefix: &str) {
        self.limiter.share(link, &format!("{prefix}:webapp"));
    }
}

/// Event streams open per user.
pub struct StreamCounts {
    max: u32,
    open: UserCounts,
}

/// One open stream, counted until dropped.
pub type StreamTicket = UserShare;

impl StreamCounts {
    pub fn new(max: u32) -> StreamCounts {
        StreamCounts { max: max.max(1), open: UserCounts::default() }
    }

    /// A ticket for one more stream of `user`, unless they hold the most already.
    pub fn open(&self, user: UserId) -> Option<StreamTicket> {
        self.open.take(user, self.max as usize)
    }

    /// Streams open now, of all users.
    pub fn total(&self) -> u32 {
        u32::try_from(self.open.total()).unwrap_or(u32::MAX)
    }
}

/// The limits of one server, made from its settings.
pub struct Guards {
    pub renders: RenderGate,
    pub requests: RequestLimit,
    pub streams: StreamCounts,
}

impl Guards {
    pub fn new(config: &Config) -> Guards {
        Guards {
            renders: RenderGate::new(config.http.max_concurrent_renders, config.http.render_wait),
            requests: RequestLimit::new(config.webapp.requests_burst, config.webapp.requests_per_minute),
            streams: StreamCounts::new(config.webapp.streams_per_user),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_snap_up_to_a_few_steps() {
        assert_eq!(picture_size(64), 160);
        assert_eq!(picture_size(160), 160);
        assert_eq!(picture_size(161), 320);
        assert_eq!(picture_size(641), 960);
        assert_eq!(picture_size(2048), 1280);
        let distinct: std::collections::BTreeSet<u32> =
            (crate::render::MIN_SIZE..=crate::render::MAX_SIZE).map(picture_size).collect();
        assert_eq!(distinct.len(), PICTURE_SIZES.len());
    }

    #[tokio::test]
    async fn render_slots_are_bounded_and_a_long_wait_is_refused() {
        let gate = RenderGate::new(2, Duration::from_millis(1));
        let a = gate.enter().await.unwrap();
        let b = gate.enter().await.unwrap();
        assert_eq!(gate.enter().await.err(), Some(Busy));
        drop(a);
        let c = gate.enter().await.unwrap();
        assert_eq!(gate.peak(), 2);
        drop((b, c));
    }

    #[test]
    fn streams_per_user_are_counted_until_dropped() {
        let streams = StreamCounts::new(2);
        let a = streams.open(UserId(1)).unwrap();
        let b = streams.open(UserId(1)).unwrap();
        assert!(streams.open(UserId(1)).is_none());
        let other = streams.open(UserId(2)).unwrap();
        drop(a);
        let c = streams.open(UserId(1)).unwrap();
        assert_eq!(streams.total(), 3);
        drop((b, c, other));
        assert_eq!(streams.total(), 0);
        assert!(streams.open.users() == 0, "no entry is left for users without streams");
    }

    #[tokio::test]
    async fn requests_past_the_burst_wait() {
        let limit = RequestLimit::new(3, 30);
        for _ in 0..3 {
            assert_eq!(limit.admit(UserId(5)).await, Ok(()));
        }
        assert_eq!(limit.admit(UserId(5)).await, Err(2));
        assert_eq!(limit.admit(UserId(6)).await, Ok(()));
    }
}
