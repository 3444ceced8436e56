//! Admission to the engine. Searches run a few at a time on the blocking pool; the gate decides
//! before any work is done whether a request may wait for one, so the queue stays short, one user
//! cannot fill it, and a quick level never waits behind deep searches.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::model::UserId;
use super::user_counts::{UserCounts, UserShare};

/// How much engine work may run and wait at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineLimits {
    /// Searches at the quick levels (easy, medium) running at once.
    pub quick_searches: usize,
    /// Searches at the deep levels (hard, master) running at once.
    pub deep_searches: usize,
    /// Requests that may wait for a search slot, per lane; one more is told the engine is busy.
    pub queue: usize,
    /// Searches one user may have running or waiting at once.
    pub per_user: usize,
    /// The longest a request waits for a slot before it is told the engine is busy.
    pub max_wait: Duration,
}

impl Default for EngineLimits {
    fn default() -> Self {
        EngineLimits { quick_searches: 2, deep_searches: 2, queue: 16, per_user: 2, max_wait: Duration::from_secs(15) }
    }
}

/// Which lane a stored engine level searches in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    Quick,
    Deep,
}

impl Lane {
    /// Levels 1 and 2 answer within a fraction of a second; 3 and 4 think for up to seconds.
    pub fn of_level(level: u8) -> Lane {
        if level <= 2 { Lane::Quick } else { Lane::Deep }
    }
}

/// Why the gate turned a request away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Busy {
    #[error("you already have engine moves in progress; wait for them")]
    User,
    #[error("the engine is busy; try again in a moment")]
    Queue,
}

struct LaneSlots {
    running: Arc<Semaphore>,
    waiting: AtomicUsize,
}

pub struct EngineGate {
    limits: EngineLimits,
    quick: LaneSlots,
    deep: LaneSlots,
    per_user: UserCounts,
}

/// A search slot, held while the engine thinks; dropping it frees the slot and the user's share.
pub struct EnginePass {
    _running: OwnedSemaphorePermit,
    _user: Option<UserShare>,
}

/// A place in a lane's queue, given back when the wait ends however it ends.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl EngineGate {
    pub fn new(limits: EngineLimits) -> EngineGate {
        let lane = |n: usize| LaneSlots { running: Arc::new(Semaphore::new(n.max(1))), waiting: AtomicUsize::new(0) };
        EngineGate {
            quick: lane(limits.quick_searches),
            deep: lane(limits.deep_searches),
            per_user: UserCounts::default(),
            limits,
        }
    }

    pub fn limits(&self) -> &EngineLimits {
        &self.limits
    }

    /// A slot in `lane` for a search on behalf of `user` (none for work nobody asked for, such as
    /// the sweeper's). Waits at most the configured time, and not at all when the queue is full.
    pub async fn enter(&self, lane: Lane, user: Option<UserId>) -> Result<EnginePass, Busy> {
        let share = match user {
            Some(user) => Some(self.per_user.take(user, self.limits.per_user.max(1)).ok_or(Busy::User)?),
            None => None,
        };
        let slots = match lane {
            Lane::Quick => &self.quick,
            Lane::Deep => &self.deep,
        };
        let running = match Arc::clone(&slots.running).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                if slots.waiting.fetch_add(1, Ordering::AcqRel) >= self.limits.queue {
                    slots.waiting.fetch_sub(1, Ordering::AcqRel);
                    return Err(Busy::Queue);
                }
                let _place = Waiting(&slots.waiting);
                match tokio::time::timeout(self.limits.max_wait, Arc::clone(&slots.running).acquire_owned()).await {
                    Ok(Ok(permit)) => permit,
                    _ => return Err(Busy::Queue),
                }
            }
        };
        Ok(EnginePass { _running: running, _user: share })
    }

    /// Requests waiting for a slot in `lane` now.
    pub fn waiting(&self, lane: Lane) -> usize {
        match lane {
            Lane::Quick => self.quick.waiting.load(Ordering::Acquire),
            Lane::Deep => self.deep.waiting.load(Ordering::Acquire),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(queue: usize, per_user: usize) -> EngineGate {
        EngineGate::new(EngineLimits {
            quick_searches: 1,
            deep_searches: 1,
            queue,
            per_user,
            max_wait: Duration::from_millis(200),
        })
    }

    #[tokio::test]
    async fn a_quick_level_does_not_wait_behind_a_deep_one() {
        let gate = gate(4, 4);
        let _deep = gate.enter(Lane::Deep, Some(UserId(1))).await.unwrap();
        let quick = tokio::time::timeout(Duration::from_millis(50), gate.enter(Lane::Quick, Some(UserId(2)))).await;
        assert!(matches!(quick, Ok(Ok(_))), "the quick lane had a free slot");
    }

    #[tokio::test]
    async fn a_full_queue_answers_busy_at_once() {
        let gate = Arc::new(gate(1, 4));
        let held = gate.enter(Lane::Deep, None).await.unwrap();
        let waiter = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.enter(Lane::Deep, None).await.map(|_| ()) })
        };
        while gate.waiting(Lane::Deep) == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(gate.enter(Lane::Deep, None).await.err(), Some(Busy::Queue));
        drop(held);
        assert_eq!(waiter.await.unwrap(), Ok(()));
        assert_eq!(gate.waiting(Lane::Deep), 0);
    }

    #[tokio::test]
    async fn a_wait_longer_than_allowed_answers_busy() {
        let gate = gate(4, 4);
        let _held = gate.enter(Lane::Deep, None).await.unwrap();
        assert_eq!(gate.enter(Lane::Deep, None).await.err(), Some(Busy::Queue));
        assert_eq!(gate.waiting(Lane::Deep), 0, "the place in the queue is given back");
    }

    #[tokio::test]
    async fn one_user_cannot_hold_more_than_their_share() {
        let gate = gate(4, 1);
        let first = gate.enter(Lane::Quick, Some(UserId(7))).await.unwrap();
        assert_eq!(gate.enter(Lane::Deep, Some(UserId(7))).await.err(), Some(Busy::User));
        assert!(gate.enter(Lane::Deep, Some(UserId(8))).await.is_ok(), "another user is not held back");
        drop(first);
        assert!(gate.enter(Lane::Deep, Some(UserId(7))).await.is_ok(), "the share comes back with the pass");
    }
}
