//! `/challenge`: the variant menu and posting the challenge's card.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, MessageId, ParseMode};

use crate::bot::callback::{Callback, ChallengeChoice};
use crate::bot::facts::Fact;
use crate::bot::i18n::{t, tf};
use crate::bot::telegram::{call, edit};
use crate::bot::views::{escape, variant_name};
use crate::bot::who::Who;
use crate::bot::{Ctx, HandlerResult};
use crate::game::service::Challenge;
use crate::game::{ChatId as GameChat, UserId};
use crate::rules::{Color, VariantId};

use super::post_card;
use super::taps::tapped;
use super::{limits, me, refusal, reply, say};
use crate::bot::tap::answer;

/// `/challenge [variant] [white|black|random] [FEN]`, as a reply to challenge that person.
pub async fn challenge(bot: &Bot, ctx: &Ctx, who: &Who, msg: &Message, args: &[String]) -> HandlerResult {
    let lang = who.lang;
    if msg.chat.is_private() {
        let button = InlineKeyboardButton::switch_inline_query(
            t(lang, "challenge-inline-button"),
            args.first().cloned().unwrap_or_default(),
        );
        return call(
            bot.send_message(who.chat, t(lang, "challenge-private"))
                .parse_mode(ParseMode::Html)
                .reply_markup(InlineKeyboardMarkup::new(vec![vec![button]])),
        )
        .await
        .map(|_| ())
        .map_err(Into::into);
    }
    let opponent = msg.reply_to_message().and_then(|r| r.from.as_ref()).filter(|u| !u.is_bot && u.id.0 != who.user);
    if msg.reply_to_message().and_then(|r| r.from.as_ref()).is_some_and(|u| u.is_bot) {
        return reply(bot, msg, t(lang, "challenge-bot")).await;
    }
    let Some(word) = args.first() else {
        let target = opponent.map(|u| u.id.0);
        if let Some(u) = opponent {
            let _ = ctx.facts.set(Fact::ChallengedName(u.id.0), &u.first_name).await;
        }
        let rows = VariantId::ALL
            .chunks(2)
            .map(|pair| {
                pair.iter()
                    .map(|v| {
                        let choice = ChallengeChoice { variant: *v, issuer: who.user, opponent: target };
                        let data = Callback::Challenge(choice).encode();
                        InlineKeyboardButton::callback(variant_name(lang, *v), data)
                    })
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>();
        call(
            bot.send_message(who.chat, t(lang, "challenge-choose-variant"))
                .reply_markup(InlineKeyboardMarkup::new(rows)),
        )
        .await?;
        return Ok(());
    };
    let Ok(variant) = word.parse::<VariantId>() else {
        return reply(bot, msg, tf(lang, "variant-unknown", &[("name", &escape(word))])).await;
    };
    let color = match args.get(1) {
        None => None,
        Some(word) => match crate::bot::words::parse_color(word) {
            Some(c) => c,
            None => return reply(bot, msg, t(lang, "bad-color")).await,
        },
    };
    let fen = Some(args.get(2..).unwrap_or_default().join(" ")).filter(|f| !f.trim().is_empty());
    let opponent = opponent.map(|u| (UserId(u.id.0), u.first_name.clone()));
    issue(bot, ctx, who, variant, color, fen, opponent, Some(msg.id)).await
}

#[allow(clippy::too_many_arguments)]
pub(super) async fn issue(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    variant: VariantId,
    color: Option<Color>,
    fen: Option<String>,
    opponent: Option<(UserId, String)>,
    reply_to: Option<MessageId>,
) -> HandlerResult {
    let request = Challenge {
        user: me(who),
        name: who.first_name.clone(),
        variant,
        color,
        chat: Some(GameChat(who.chat.0)),
        opponent,
        fen,
        lang: Some(who.lang),
    };
    match ctx.games.issue_challenge(request, &limits(ctx)).await {
        Ok(game) => {
            post_card(bot, ctx, &game, who.chat, reply_to).await?;
            Ok(())
        }
        Err(e) => say(bot, who, refusal(who.lang, &e)).await,
    }
}

/// A variant picked from the menu of `/challenge` without arguments (only by who asked).
pub async fn on_variant_chosen(bot: Bot, q: CallbackQuery, choice: ChallengeChoice, ctx: Arc<Ctx>) -> HandlerResult {
    let (who, _) = tapped(&ctx, &q).await;
    if choice.issuer != who.user {
        answer(&bot, &q, Some(t(who.lang, "challenge-not-your-menu"))).await;
        return Ok(());
    }
    answer(&bot, &q, None).await;
    let variant = choice.variant;
    let opponent = match choice.opponent {
        Some(id) => {
            let name = ctx.facts.get(Fact::ChallengedName(id)).await.ok().flatten().unwrap_or_else(|| "?".into());
            Some((UserId(id), name))
        }
        None => None,
    };
    if let Some(m) = &q.message {
        // The menu has served its purpose.
        let _ = edit(bot.edit_message_reply_markup(m.chat().id, m.id())).await;
    }
    issue(&bot, &ctx, &who, variant, None, None, opponent, None).await
}
