//! The per-game change channels of a process, shared by both stores.
//!
//! A channel exists while somebody listens: anyone may ask to watch any game id (the event
//! stream of the Mini App is one request away), so a channel left behind by its last receiver
//! would be memory that an outsider can make the process keep for ever.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::broadcast;

use super::GameEvent;
use crate::game::model::GameId;

type Map = HashMap<GameId, broadcast::Sender<GameEvent>>;

pub(crate) struct Channels {
    map: Arc<Mutex<Map>>,
    /// Receivers that fall this far behind miss events (and see `Lagged`).
    capacity: usize,
}

impl Channels {
    pub(crate) fn new(capacity: usize) -> Channels {
        Channels { map: Arc::default(), capacity: capacity.max(1) }
    }

    fn lock(map: &Mutex<Map>) -> MutexGuard<'_, Map> {
        // Every change is one insert or removal: a panic elsewhere cannot leave it half done.
        map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A receiver of `id`'s events; the channel goes once every receiver of it is dropped.
    pub(crate) fn subscribe(&self, id: &GameId) -> broadcast::Receiver<GameEvent> {
        let mut map = Self::lock(&self.map);
        if let Some(tx) = map.get(id) {
            return tx.subscribe();
        }
        let (tx, rx) = broadcast::channel(self.capacity);
        map.insert(id.clone(), tx.clone());
        drop(map);
        // Outside a runtime nobody can wait for the receivers: the next event for the game or the
        // next sweep removes the channel instead.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(remove_when_unwatched(Arc::clone(&self.map), id.clone(), tx));
        }
        rx
    }

    /// Hands `event` to the receivers of its game, if there are any.
    pub(crate) fn send(&self, event: GameEvent) {
        let mut map = Self::lock(&self.map);
        if let Some(tx) = map.get(&event.id) {
            if tx.receiver_count() == 0 {
                map.remove(&event.id);
            } else {
                // A receiver dropped just now is not an error.
                let _ = tx.send(event);
            }
        }
    }

    /// Drops the channels nobody listens to any more.
    pub(crate) fn sweep(&self) {
        Self::lock(&self.map).retain(|_, tx| tx.receiver_count() > 0);
    }

    /// Games with a channel now.
    pub(crate) fn len(&self) -> usize {
        Self::lock(&self.map).len()
    }
}

async fn remove_when_unwatched(map: Arc<Mutex<Map>>, id: GameId, tx: broadcast::Sender<GameEvent>) {
    loop {
        tx.closed().await;
        let mut map = Channels::lock(&map);
        // Somebody may have subscribed again between the last drop and the lock.
        if tx.receiver_count() > 0 {
            continue;
        }
        if map.get(&id).is_some_and(|current| current.same_channel(&tx)) {
            map.remove(&id);
        }
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::model::Status;

    fn event(id: &GameId, version: u64) -> GameEvent {
        GameEvent { id: id.clone(), version, status: Status::Active }
    }

    async fn settle(channels: &Channels, expected: usize) {
        // The removal runs on its own task: let it run.
        for _ in 0..100 {
            if channels.len() == expected {
                return;
            }
            tokio::task::yield_now().await;
        }
        assert_eq!(channels.len(), expected);
    }

    #[tokio::test]
    async fn a_channel_lives_as_long_as_its_receivers() {
        let channels = Channels::new(4);
        let a = GameId::random();
        let mut first = channels.subscribe(&a);
        let second = channels.subscribe(&a);
        assert_eq!(channels.len(), 1);
        drop(second);
        settle(&channels, 1).await;
        channels.send(event(&a, 2));
        assert_eq!(first.recv().await.map(|e| e.version), Ok(2));
        drop(first);
        settle(&channels, 0).await;

        // Watching again after the last receiver went makes a fresh channel that works.
        let mut again = channels.subscribe(&a);
        channels.send(event(&a, 3));
        assert_eq!(again.recv().await.map(|e| e.version), Ok(3));
        drop(again);
        settle(&channels, 0).await;
    }

    #[tokio::test]
    async fn many_unknown_ids_leave_nothing_behind() {
        let channels = Channels::new(4);
        let receivers: Vec<_> = (0..200).map(|_| channels.subscribe(&GameId::random())).collect();
        assert_eq!(channels.len(), 200);
        drop(receivers);
        settle(&channels, 0).await;
    }
}
