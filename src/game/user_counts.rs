//! How many of something each user holds at once (engine searches, event streams), with a cap
//! checked and counted under one lock; a held share counts until it is dropped.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::model::UserId;

/// The shares each user holds now.
#[derive(Clone, Default)]
pub struct UserCounts {
    counts: Arc<Mutex<HashMap<UserId, usize>>>,
}

/// One share of one user, counted until dropped.
pub struct UserShare {
    user: UserId,
    counts: Arc<Mutex<HashMap<UserId, usize>>>,
}

impl UserCounts {
    /// One more share for `user`, unless they hold `max` already.
    pub fn take(&self, user: UserId, max: usize) -> Option<UserShare> {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let n = counts.entry(user).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(UserShare { user, counts: Arc::clone(&self.counts) })
    }

    /// Shares held now, of all users.
    pub fn total(&self) -> usize {
        self.counts.lock().unwrap_or_else(|p| p.into_inner()).values().sum()
    }

    /// Users with an entry in the table: those holding a share, and nobody else.
    pub fn users(&self) -> usize {
        self.counts.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

impl Drop for UserShare {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = counts.get_mut(&self.user) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.user);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_capped_per_user_and_given_back_on_drop() {
        let counts = UserCounts::default();
        let a = counts.take(UserId(1), 2).unwrap();
        let _b = counts.take(UserId(1), 2).unwrap();
        assert!(counts.take(UserId(1), 2).is_none());
        let _other = counts.take(UserId(2), 2).unwrap();
        assert_eq!(counts.total(), 3);
        drop(a);
        let _c = counts.take(UserId(1), 2).expect("a dropped share is given back");
        assert_eq!(counts.total(), 3);
        drop(_other);
        assert_eq!(counts.total(), 2);
        assert_eq!(counts.users(), 1, "no entry is left for a user without shares");
    }
}
