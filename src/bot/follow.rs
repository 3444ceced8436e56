//! Keeps the shared cards of games between people in step with changes made elsewhere: a move in
//! the Mini App, a game ended by the sweeper (time out, abandoned). Every process listens to the
//! store's change events; the card is edited once per game version, by whoever claims that version
//! first (see [`claim`]), so neither the bot's own edits nor several processes listening to the
//! same event lead to a second edit.

use std::sync::Arc;
use std::time::Duration;

use teloxide::Bot;
use tokio::sync::broadcast::error::RecvError;

use super::Ctx;
use super::card::Controls;
use super::group::{self, Change};
use super::keyboard::Step;
use crate::game::{GameEvent, GameId};

/// How long the card version is remembered (as long as the other small facts of a game).
const CARD_VERSION_TTL: Duration = Duration::from_secs(60 * 86_400);
/// How long the listener lets a change settle before looking at it. A change made through the bot
/// is claimed by its handler right after the write, well within this; the listener then finds the
/// version shown and leaves the card alone.
const SETTLE: Duration = Duration::from_millis(400);

fn key(id: &GameId) -> String {
    format!("cardv:{id}")
}

/// Claims the showing of `version` of a game on its cards: true for the first caller with this
/// version or a newer one than the cards show, false when the cards already show it (or a newer
/// one). The version shown only moves forward, atomically in the store, so this holds across
/// processes. If the store cannot be asked, the caller edits anyway: a card shown twice is better
/// than a card left behind.
pub async fn claim(ctx: &Ctx, id: &GameId, version: u64) -> bool {
    match ctx.store.kv_raise(&key(id), version, CARD_VERSION_TTL).await {
        Ok(claimed) => claimed,
        Err(e) => {
            tracing::warn!(error = %e, game = %id, "cannot claim the card version");
            true
        }
    }
}

/// Listens to game changes for as long as the process runs, editing the cards of changes nobody
/// has shown.
pub fn spawn(bot: Bot, ctx: Arc<Ctx>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut events = loop {
            match ctx.store.subscribe_all().await {
                Ok(rx) => break rx,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot listen to game changes; retrying");
                    tokio::time::sleep(Duration::from_secs(5)).await;
                }
            }
        };
        loop {
            match events.recv().await {
                Ok(event) => {
                    let (bot, ctx) = (bot.clone(), Arc::clone(&ctx));
                    tokio::spawn(async move { follow(&bot, &ctx, event).await });
                }
                // Missed events: the next change of those games brings their cards up to date.
                Err(RecvError::Lagged(n)) => {
                    tracing::warn!(missed = n, "game change listener fell behind")
                }
                Err(RecvError::Closed) => return,
            }
        }
    })
}

/// Brings the cards of one changed game up to date, if nobody else has.
async fn follow(bot: &Bot, ctx: &Ctx, event: GameEvent) {
    tokio::time::sleep(SETTLE).await;
    let Ok(game) = ctx.games.get(&event.id).await else {
        return;
    };
    // Games against the engine have no shared card; a game without a card has nothing to edit.
    if !group::is_people_game(&game) || game.views.is_empty() {
        return;
    }
    if !claim(ctx, &game.id, game.version).await {
        return;
    }
    tracing::debug!(game = %game.id, version = game.version, "card follows a change made elsewhere");
    for view in &game.views {
        if let Err(e) =
            group::show_on(bot, ctx, &game, view, &Step::Idle { refused: None }, Controls::Normal, Change::Board).await
        {
            tracing::warn!(error = %e, game = %game.id, "cannot update a game card");
        }
    }
}
