//! Taps on a card: the board, the game controls, the challenge and takeback buttons, PDN.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, MessageId};

use crate::bot::callback::{Action, BoardData, CardAction, CardButton};
use crate::bot::card::Controls;
use crate::bot::i18n::t;
use crate::bot::keyboard::Step;
use crate::bot::tap::{answer, tapped_game, vet};
use crate::bot::who::Who;
use crate::bot::{Ctx, HandlerResult};
use crate::game::service::{Applied, GameError, Rematch};
use crate::game::{ChatId as GameChat, Game, GameId, MessageRef, Status};

use super::post_card;
use super::{limits, me, refusal, say};
use crate::bot::cards::{Change, card_lang, is_people_game, show_on};
use crate::bot::facts::Fact;
use crate::bot::notifier;

/// Whether a board tap belongs here: on an inline message, or on a game between people.
pub async fn owns_board(q: CallbackQuery, data: BoardData, ctx: Arc<Ctx>) -> bool {
    if q.inline_message_id.is_some() {
        return true;
    }
    let Ok(id) = GameId::parse(data.game()) else {
        return false;
    };
    match ctx.games.get(&id).await {
        Ok(game) => is_people_game(&game),
        Err(_) => false,
    }
}

/// Who tapped, and the message the button is on.
pub(super) async fn tapped(ctx: &Ctx, q: &CallbackQuery) -> (Who, Option<MessageRef>) {
    let chat = q.message.as_ref().map(|m| m.chat().id).unwrap_or(ChatId(q.from.id.0 as i64));
    let who = ctx.who(&q.from, chat).await;
    let view = match (&q.message, &q.inline_message_id) {
        (Some(m), _) => Some(MessageRef::Chat { chat_id: GameChat(m.chat().id.0), message_id: m.id().0 }),
        (None, Some(id)) => Some(MessageRef::Inline { inline_message_id: id.clone() }),
        (None, None) => None,
    };
    (who, view)
}

/// A tap on a card's board or control buttons.
pub async fn on_board(bot: Bot, q: CallbackQuery, data: BoardData, ctx: Arc<Ctx>) -> HandlerResult {
    let (who, view) = tapped(&ctx, &q).await;
    tap(&bot, &ctx, &who, &q, data, view).await
}

/// Accept, Decline, Cancel, PDN and the takeback offer and answers on a card.
pub async fn on_card_button(bot: Bot, q: CallbackQuery, button: CardButton, ctx: Arc<Ctx>) -> HandlerResult {
    let (who, view) = tapped(&ctx, &q).await;
    card_button(&bot, &ctx, &who, &q, button.action, &button.game, view).await
}

pub(super) async fn card_button(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    q: &CallbackQuery,
    action: CardAction,
    id: &GameId,
    view: Option<MessageRef>,
) -> HandlerResult {
    let user = me(who);
    let result = match action {
        // Losing a race for the seat reads as "taken", not as a changed board.
        CardAction::Accept => {
            ctx.games.accept_challenge(id, user, &who.first_name, &limits(ctx)).await.map_err(|e| match e {
                GameError::Stale => GameError::SeatTaken,
                other => other,
            })
        }
        CardAction::Decline => ctx.games.decline_challenge(id, user).await,
        // Taking a move back between people needs both: one offers, the other accepts or declines.
        CardAction::Takeback => ctx.games.takeback(id, user, None).await,
        CardAction::TakebackYes => ctx.games.answer_takeback(id, user, true, None).await,
        CardAction::TakebackNo => ctx.games.answer_takeback(id, user, false, None).await,
        CardAction::Cancel => match ctx.games.get(id).await {
            Ok(g) if g.status == Status::Waiting && g.colors_of(user).is_empty() => {
                answer(bot, q, Some(t(who.lang, "challenge-only-challenger"))).await;
                return Ok(());
            }
            _ => ctx.games.cancel_challenge(id, user).await,
        },
        CardAction::Pdn => {
            answer(bot, q, None).await;
            return pdn(bot, ctx, who, id, view.as_ref()).await;
        }
    };
    match result {
        Ok(game) => {
            answer(bot, q, None).await;
            // A card made in inline mode is not recorded before the game is accepted.
            let game = match view {
                Some(v) if !game.views.contains(&v) => {
                    let shown = ctx.games.add_view(&game.id, v).await?;
                    game.then(shown)
                }
                _ => game,
            };
            notifier::applied(bot, ctx, &game).await;
            Ok(())
        }
        Err(e) => {
            answer(bot, q, Some(refusal(who.lang, &e))).await;
            Ok(())
        }
    }
}

/// The game as a PDN file, in the chat where the button was tapped (or privately for inline games):
/// for the players, and for whoever taps the button on a card that shows the game.
pub(super) async fn pdn(bot: &Bot, ctx: &Ctx, who: &Who, id: &GameId, tapped: Option<&MessageRef>) -> HandlerResult {
    let Ok(game) = ctx.games.get(id).await else {
        return say(bot, who, t(who.lang, "game-gone")).await;
    };
    let on_card = tapped.is_some_and(|v| game.views.contains(v));
    if !on_card && game.colors_of(me(who)).is_empty() {
        return say(bot, who, t(who.lang, "group-not-your-game")).await;
    }
    if let Err(e) = crate::bot::pdn::send(bot, who.chat, who.lang, &game).await {
        tracing::info!(error = %e, "cannot send the PDN file");
    }
    Ok(())
}

pub(super) async fn tap(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    q: &CallbackQuery,
    data: BoardData,
    view: Option<MessageRef>,
) -> HandlerResult {
    let lang = who.lang;
    let Some(game) = tapped_game(ctx, &data).await else {
        answer(bot, q, Some(t(lang, "game-gone"))).await;
        return Ok(());
    };
    let user = me(who);
    let action = data.action().clone();
    // Looking costs nothing; everything else is for the two players. A watcher's tap on an empty
    // square is told so too, or the button would seem broken.
    if matches!(action, Action::Noop) {
        let text = game.colors_of(user).is_empty().then(|| t(lang, "group-not-your-game"));
        answer(bot, q, text).await;
        return Ok(());
    }
    // Redrawing a message is for the messages that show this game, or for its players.
    let shows_game = view.as_ref().is_some_and(|v| game.views.contains(v));
    if action == Action::Refresh && !shows_game && game.colors_of(user).is_empty() {
        answer(bot, q, Some(t(lang, "group-not-your-game"))).await;
        return Ok(());
    }
    if action == Action::Refresh {
        answer(bot, q, None).await;
        let views: Vec<MessageRef> = view.into_iter().collect();
        for v in &views {
            show_on(bot, ctx, &game, v, &Step::Idle { refused: None }, Controls::Normal, Change::Text).await?;
        }
        return Ok(());
    }
    if let Err(e) = vet(&game, user, &data) {
        answer(bot, q, Some(refusal(lang, &e))).await;
        return Ok(());
    }
    let idle = Step::Idle { refused: None };
    let outcome = match action {
        Action::Pick(taps) => match crate::bot::board::read_taps(&game, taps).await? {
            (_, Some(text)) => match ctx.games.play(&game.id, user, &text, Some(game.version)).await {
                Ok(next) => {
                    answer(bot, q, None).await;
                    notifier::applied(bot, ctx, &next).await;
                    return Ok(());
                }
                Err(e) => Err(e),
            },
            (step, None) => {
                answer(bot, q, None).await;
                if let Some(v) = &view {
                    show_on(bot, ctx, &game, v, &step, Controls::Normal, Change::Keyboard).await?;
                }
                return Ok(());
            }
        },
        Action::Resign => {
            answer(bot, q, None).await;
            if let Some(v) = &view {
                show_on(bot, ctx, &game, v, &idle, Controls::ConfirmResign, Change::Text).await?;
            }
            return Ok(());
        }
        Action::ConfirmResign => ctx.games.resign(&game.id, user, None).await,
        Action::OfferDraw => ctx.games.offer_draw(&game.id, user, None).await,
        Action::AcceptDraw => ctx.games.answer_draw(&game.id, user, true, None).await,
        Action::DeclineDraw => ctx.games.answer_draw(&game.id, user, false, None).await,
        Action::Rematch => match ctx.games.rematch(&game.id, user).await {
            Ok(Rematch::Offered(g)) => Ok(g),
            Ok(Rematch::Started(fresh)) => {
                answer(bot, q, None).await;
                return rematch_started(bot, ctx, &game, fresh.into_game()).await;
            }
            Err(e) => Err(e),
        },
        Action::Flip | Action::Noop | Action::Refresh => Ok(Applied::unchanged(game.clone())),
    };
    match outcome {
        Ok(next) => {
            answer(bot, q, None).await;
            notifier::applied(bot, ctx, &next).await;
            Ok(())
        }
        Err(e) => {
            answer(bot, q, Some(refusal(lang, &e))).await;
            Ok(())
        }
    }
}

/// Both asked for a rematch: the old card keeps the result, the new game gets its own card (an
/// inline message, which cannot be answered with a new message, shows the new game instead).
pub(super) async fn rematch_started(bot: &Bot, ctx: &Ctx, old: &Game, fresh: Game) -> HandlerResult {
    if old.lang.is_none() {
        // A game stored before games kept their card language has it as a fact.
        let lang = card_lang(ctx, old).await;
        if let Err(e) = ctx.facts.set(Fact::CardLang(&fresh.id), lang.code()).await {
            tracing::warn!(error = %e, "cannot store the card language");
        }
    }
    let old = ctx.games.get(&old.id).await.unwrap_or_else(|_| old.clone());
    // The old game's cards are handled here: a chat card keeps the result, an inline one turns
    // into the new game.
    notifier::claim_card(ctx, &old).await;
    let mut fresh = fresh;
    for view in &old.views {
        match view {
            MessageRef::Chat { chat_id, message_id } => {
                show_on(bot, ctx, &old, view, &Step::Idle { refused: None }, Controls::Normal, Change::Text).await?;
                fresh = post_card(bot, ctx, &fresh, ChatId(chat_id.0), Some(MessageId(*message_id))).await?;
            }
            MessageRef::Inline { .. } => {
                fresh = ctx.games.add_view(&fresh.id, view.clone()).await?.into_game();
                notifier::claim_card(ctx, &fresh).await;
                show_on(bot, ctx, &fresh, view, &Step::Idle { refused: None }, Controls::Normal, Change::Board).await?;
            }
        }
    }
    notifier::tell_turn(bot, ctx, &fresh).await;
    Ok(())
}
