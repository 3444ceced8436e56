//! Games between people: challenges in groups (`/challenge`, `/retar`), the shared game card, taps
//! from players and onlookers, moves by reply or `/m`, "your move" notices in private, `/games`
//! and `/top`. Inline-mode games (see [`super::inline`]) share the card and the tap handling.
//!
//! Only the two players can change a game: anybody else's tap is answered with a short notice and
//! nothing else happens. The service decides everything; these functions read the request, call
//! it and show the card.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::{Message, MessageId, ParseMode, ReplyParameters};

use super::card::{Controls, Place};
use super::cards::{card_lang, mini_app};
use super::command::GroupAction;
use super::i18n::{Lang, t};
use super::keyboard::Step;
use super::present;
use super::refusal::Audience;
use super::telegram::call;
use super::who::Who;
use super::{Ctx, HandlerResult};
use crate::game::service::{GameError, Limits};
use crate::game::{ChatId as GameChat, Game, MessageRef, Status, UserId};

mod challenge;
mod listings;
mod taps;

pub use challenge::{challenge, on_variant_chosen};
pub use listings::{games, rating_lines, top};
pub use taps::{on_board, on_card_button, owns_board};

/// A request in a message this module handles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Challenge(Vec<String>),
    Games,
    Top(Vec<String>),
    Daily(Vec<String>),
    /// A move typed in a group: after `/m`, or as a reply to a card (`card` is the message replied to).
    Move {
        text: String,
        card: Option<i32>,
    },
}

fn request_of(msg: &Message, bot_username: &str) -> Option<Request> {
    let text = msg.text()?;
    let group = !msg.chat.is_private();
    if let Some((name, args)) = super::command::addressed(text, bot_username) {
        return match (super::command::group_action(&name), name.as_str()) {
            (Some(GroupAction::Challenge), _) => Some(Request::Challenge(args)),
            (Some(GroupAction::Games), _) => Some(Request::Games),
            (Some(GroupAction::Top), _) => Some(Request::Top(args)),
            (Some(GroupAction::Daily), _) => Some(Request::Daily(args)),
            (None, "m" | "move" | "mover" | "jugada") if group && !args.is_empty() => {
                let card = msg.reply_to_message().map(|r| r.id.0);
                Some(Request::Move { text: args.join(" "), card })
            }
            _ => None,
        };
    }
    // In groups the bot only sees commands and replies to its own messages: a reply to a card is a move.
    let reply = msg.reply_to_message()?;
    let to_us = reply
        .from
        .as_ref()
        .is_some_and(|u| u.is_bot && u.username.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(bot_username)));
    (group && to_us).then(|| Request::Move { text: text.trim().to_string(), card: Some(reply.id.0) })
}

/// The filter of the handler tree: the messages this module answers.
pub async fn request(msg: Message, ctx: Arc<Ctx>) -> Option<Request> {
    msg.from.as_ref()?;
    request_of(&msg, &ctx.username)
}

pub async fn on_request(bot: Bot, msg: Message, request: Request, ctx: Arc<Ctx>) -> HandlerResult {
    let Some(user) = msg.from.as_ref() else {
        return Ok(());
    };
    let who = ctx.who(user, msg.chat.id).await;
    match request {
        Request::Challenge(args) => challenge(&bot, &ctx, &who, &msg, &args).await,
        Request::Games => games(&bot, &ctx, &who).await,
        Request::Top(args) => top(&bot, &ctx, &who, msg.chat.is_private(), &args).await,
        Request::Daily(args) => super::daily::command(&bot, &ctx, &who, &msg, &args).await,
        Request::Move { text, card } => typed_move(&bot, &ctx, &who, &msg, &text, card).await,
    }
}

fn me(who: &Who) -> UserId {
    UserId(who.user)
}

fn limits(ctx: &Ctx) -> Limits {
    Limits::from_config(&ctx.config.limits)
}

async fn say(bot: &Bot, who: &Who, text: String) -> HandlerResult {
    call(bot.send_message(who.chat, text).parse_mode(ParseMode::Html)).await?;
    Ok(())
}

/// Answers in the group as a reply to the user's message, so it is clear who is meant.
async fn reply(bot: &Bot, msg: &Message, text: String) -> HandlerResult {
    call(
        bot.send_message(msg.chat.id, text)
            .parse_mode(ParseMode::Html)
            .reply_parameters(ReplyParameters::new(msg.id).allow_sending_without_reply()),
    )
    .await?;
    Ok(())
}

/// The text for a refusal of the service, as a card says it.
fn refusal(lang: Lang, error: &GameError) -> String {
    super::refusal::refusal(lang, error, Audience::Card)
}

async fn typed_move(bot: &Bot, ctx: &Ctx, who: &Who, msg: &Message, text: &str, card: Option<i32>) -> HandlerResult {
    let here = ctx.games.in_chat(GameChat(who.chat.0)).await?;
    let on_card = |g: &&Game| {
        card.is_some_and(|id| g.views.iter().any(|v| matches!(v, MessageRef::Chat { chat_id, message_id } if chat_id.0 == who.chat.0 && *message_id == id)))
    };
    let game = match here.iter().find(on_card) {
        Some(g) => Some(g),
        // Without a card: the user's game here where it is their turn, else any of theirs.
        None if card.is_none() => here
            .iter()
            .filter(|g| g.status == Status::Active && !g.colors_of(me(who)).is_empty())
            .max_by_key(|g| (g.player(g.turn).user() == Some(me(who)), g.updated)),
        None => None,
    };
    let Some(game) = game else {
        // A reply to some other message of the bot is conversation, not a move.
        return if card.is_none() { reply(bot, msg, t(who.lang, "group-no-game-here")).await } else { Ok(()) };
    };
    match ctx.games.play(&game.id, me(who), text, None).await {
        Ok(next) => {
            super::notifier::applied(bot, ctx, &next).await;
            Ok(())
        }
        Err(e) => reply(bot, msg, refusal(who.lang, &e)).await,
    }
}

/// Posts a new card for `game` in `chat` (as a reply to `reply_to` if given) and records it.
async fn post_card(
    bot: &Bot,
    ctx: &Ctx,
    game: &Game,
    chat: ChatId,
    reply_to: Option<MessageId>,
) -> anyhow::Result<Game> {
    let lang = card_lang(ctx, game).await;
    let place = Place { picture: true, mini_app: mini_app(ctx) };
    let g = game.clone();
    let message = tokio::task::spawn_blocking(move || {
        super::card::compose(&g, lang, &Step::Idle { refused: None }, Controls::Normal, &place, true)
    })
    .await??;
    let sent = present::send(bot, chat, &message, reply_to).await?;
    let view = MessageRef::Chat { chat_id: GameChat(chat.0), message_id: sent.id.0 };
    let game = ctx.games.add_view(&game.id, view).await?.into_game();
    // The card just posted shows this version.
    crate::bot::notifier::claim_card(ctx, &game).await;
    Ok(game)
}
