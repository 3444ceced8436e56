//! One place that shows game changes in Telegram, whatever made them: a handler of this bot, the
//! Mini App, the sweeper (time-outs, abandoned games), another process sharing the store. For a
//! game between people it brings the cards up to date, once per version of the game, and tells the
//! player to move in private, once per position.
//!
//! A handler passes the service's answer to [`applied`] as soon as it has it, so whoever acted sees
//! the card change at once. Every process also listens to the store's change events ([`spawn`])
//! and, after a short pause, shows what nobody has shown yet. The claims that make "once" hold are
//! kept in the store, so this holds across processes too.

use std::sync::Arc;
use std::time::Duration;

use teloxide::Bot;
use tokio::sync::broadcast::error::RecvError;

use super::Ctx;
use super::card::Controls;
use super::cards::{self, Change};
use super::facts::Fact;
use super::keyboard::Step;
use super::notice::notify_turn;
use crate::game::service::{Applied, Event};
use crate::game::{Game, GameEvent, Status};

/// How long the listener lets a change settle before looking at it. A change made through the bot
/// is shown by its handler right after the write, well within this; the listener then finds the
/// version shown and leaves the card alone.
const SETTLE: Duration = Duration::from_millis(400);

/// Shows a change a handler has just made, with what the service said happened.
pub async fn applied(bot: &Bot, ctx: &Ctx, applied: &Applied) {
    changed(bot, ctx, &applied.game, change_of(&applied.events)).await;
}

/// How much of a card a change redraws: offers and their answers only touch the text, the rest
/// moves the board (or starts or ends the game).
pub fn change_of(events: &[Event]) -> Change {
    let text_only = events.iter().all(|e| {
        matches!(
            e,
            Event::DrawOffered { .. }
                | Event::DrawDeclined
                | Event::TakebackOffered { .. }
                | Event::TakebackDeclined
                | Event::RematchOffered { .. }
                | Event::ViewAdded
        )
    });
    if text_only { Change::Text } else { Change::Board }
}

/// Brings the cards of a game between people up to date and tells the player to move, unless
/// someone has done so for this version and position already. Games against the engine have
/// neither cards nor notices: the player's own board is the handler's answer.
pub async fn changed(bot: &Bot, ctx: &Ctx, game: &Game, change: Change) {
    if !cards::is_people_game(game) {
        return;
    }
    if !game.views.is_empty() && claim_card(ctx, game).await {
        for view in &game.views {
            if let Err(e) =
                cards::show_on(bot, ctx, game, view, &Step::Idle { refused: None }, Controls::Normal, change).await
            {
                tracing::warn!(error = %e, game = %game.id, "cannot update a game card");
            }
        }
    }
    tell_turn(bot, ctx, game).await;
}

/// Tells the player to move in private, once per position reached by moves: a draw offer or a
/// card posted at the same position says nothing new.
pub async fn tell_turn(bot: &Bot, ctx: &Ctx, game: &Game) {
    if game.status != Status::Active || game.player(game.turn).user().is_none() {
        return;
    }
    let position = game.moves.len() as u64 + 1;
    if claimed(ctx, Fact::TurnNotice(&game.id), position).await {
        notify_turn(bot, ctx, game).await;
    }
}

/// Claims the showing of the current version of a game on its cards: true for the first caller
/// with this version or a newer one than the cards show, false when they already show it (or a
/// newer one).
pub async fn claim_card(ctx: &Ctx, game: &Game) -> bool {
    claimed(ctx, Fact::CardVersion(&game.id), game.version).await
}

/// Raises a number that only moves forward in the store. If the store cannot be asked, the caller
/// goes ahead: a card shown twice is better than a card left behind.
async fn claimed(ctx: &Ctx, fact: Fact<'_>, value: u64) -> bool {
    match ctx.facts.raise(fact, value).await {
        Ok(claimed) => claimed,
        Err(e) => {
            tracing::warn!(error = %e, key = %fact.key(), "cannot claim a change");
            true
        }
    }
}

/// Listens to game changes for as long as the process runs, showing the ones nobody has shown.
pub fn spawn(bot: Bot, ctx: Arc<Ctx>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut events = loop {
            match ctx.games.subscribe_all().await {
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

/// Shows one change made elsewhere, if nobody else has. What exactly changed is not known here, so
/// the whole card is redrawn.
async fn follow(bot: &Bot, ctx: &Ctx, event: GameEvent) {
    tokio::time::sleep(SETTLE).await;
    let Ok(game) = ctx.games.get(&event.id).await else {
        return;
    };
    tracing::debug!(game = %game.id, version = game.version, "showing a change");
    changed(bot, ctx, &game, Change::Board).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn offers_touch_the_text_and_moves_the_board() {
        assert_eq!(change_of(&[Event::DrawOffered { by: Color::White }]), Change::Text);
        assert_eq!(change_of(&[Event::TakebackDeclined, Event::ViewAdded]), Change::Text);
        assert_eq!(change_of(&[Event::Moved { color: Color::White, notation: "9-13".into() }]), Change::Board);
        assert_eq!(change_of(&[Event::Joined { color: Color::Black }, Event::ViewAdded]), Change::Board);
        assert_eq!(change_of(&[Event::DrawOffered { by: Color::White }, Event::Ended]), Change::Board);
        assert_eq!(change_of(&[Event::TakenBack { plies: 2 }]), Change::Board);
    }
}
