//! The daily puzzle in groups: `/daily on [variant]` (admins), a card every day at 00:00 UTC whose
//! buttons are the legal moves, one try per person, the people who found it listed on the card.

use std::sync::Arc;
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, InputFile, Message, ParseMode};

use super::callback::{Callback, DailyTap};
use super::i18n::{Lang, t, tf};
use super::tap::answer;
use super::telegram::{call, edit};
use super::views::color_name;
use super::views::{escape, variant_name};
use super::who::Who;
use super::words::variant_id;
use super::{Ctx, HandlerResult};
use crate::game::daily::{self, Attempt, Card, Subscription};
use crate::game::puzzles::{self, move_choices};
use crate::game::{ChatId as GameChat, UserId, now_unix};
use crate::render::{BoardView, board_png};
use crate::rules::{Color, VariantId};

/// How often the chats are looked at for a day's card still to post.
const TICK: Duration = Duration::from_secs(60);

async fn say(bot: &Bot, chat: ChatId, text: String) -> HandlerResult {
    call(bot.send_message(chat, text).parse_mode(ParseMode::Html)).await?;
    Ok(())
}

/// `/daily`, `/daily on [variant]`, `/daily off`.
pub async fn command(bot: &Bot, ctx: &Ctx, who: &Who, msg: &Message, args: &[String]) -> HandlerResult {
    if msg.chat.is_private() {
        return say(bot, who.chat, t(who.lang, "daily-group-only")).await;
    }
    let chat = GameChat(msg.chat.id.0);
    let service = ctx.games.daily();
    let word = args.first().map(|w| w.to_lowercase());
    let switch = match word.as_deref() {
        Some("on" | "si" | "sí" | "sim" | "acik" | "açık" | "oui" | "aan" | "вкл") => Some(true),
        Some("off" | "no" | "nao" | "não" | "kapali" | "kapalı" | "non" | "uit" | "выкл") => Some(false),
        _ => None,
    };
    let Some(on) = switch else {
        let text = match service.subscription(chat).await? {
            Some(s) => tf(who.lang, "daily-status-on", &[("variant", &variant_name(who.lang, s.variant))]),
            None => t(who.lang, "daily-status-off"),
        };
        return say(bot, who.chat, text).await;
    };
    // Only the group's admins decide what the bot posts every day.
    let admin = match call(bot.get_chat_member(msg.chat.id, teloxide::types::UserId(who.user))).await {
        Ok(member) => member.is_privileged(),
        Err(e) => {
            tracing::warn!(error = %e, "getChatMember failed");
            false
        }
    };
    if !admin {
        return say(bot, who.chat, t(who.lang, "daily-admins-only")).await;
    }
    if !on {
        service.switch_off(chat).await?;
        return say(bot, who.chat, t(who.lang, "daily-off")).await;
    }
    let variant = match args.get(1) {
        Some(word) => match variant_id(word) {
            Some(v) => v,
            None => return say(bot, who.chat, tf(who.lang, "variant-unknown", &[("name", &escape(word))])).await,
        },
        None => VariantId::International,
    };
    if puzzles::puzzles(variant).is_empty() {
        let names: Vec<String> = puzzles::variants().into_iter().map(|v| variant_name(who.lang, v)).collect();
        return say(
            bot,
            who.chat,
            tf(
                who.lang,
                "puzzle-no-set",
                &[("variant", &variant_name(who.lang, variant)), ("variants", &names.join(", "))],
            ),
        )
        .await;
    }
    let subscription = Subscription { variant, lang: who.lang.code().to_string() };
    service.switch_on(chat, &subscription).await?;
    say(bot, who.chat, tf(who.lang, "daily-on", &[("variant", &variant_name(who.lang, variant))])).await?;
    post(bot, ctx, chat, &subscription, daily::day_of(now_unix())).await
}

/// Posts `day`'s card in `chat` unless it is there already.
async fn post(bot: &Bot, ctx: &Ctx, chat: GameChat, subscription: &Subscription, day: i64) -> HandlerResult {
    let service = ctx.games.daily();
    let Some((card, before)) = service.begin_card(chat, subscription.variant, day).await? else { return Ok(()) };
    let lang = Lang::from_code(&subscription.lang).unwrap_or(Lang::En);
    let Some(position) = card.position() else { return Ok(()) };
    let mut caption = caption(lang, &card);
    if let Some(line) = before.as_ref().and_then(Card::puzzle).map(|p| p.line.join(" ")) {
        caption = format!("{caption}\n{}", tf(lang, "daily-yesterday", &[("line", &line)]));
    }
    let side = position.side_to_move();
    let drawn =
        tokio::task::spawn_blocking(move || board_png(&BoardView::new(position).flipped(side == Color::Black))).await;
    let chat_id = ChatId(chat.0);
    let sent = match drawn {
        Ok(Ok(png)) => {
            call(
                bot.send_photo(chat_id, InputFile::memory(png).file_name("daily.png"))
                    .caption(caption)
                    .parse_mode(ParseMode::Html)
                    .reply_markup(keyboard(&card)),
            )
            .await
        }
        _ => call(bot.send_message(chat_id, caption).parse_mode(ParseMode::Html).reply_markup(keyboard(&card))).await,
    };
    match sent {
        Ok(message) => service.posted(chat, day, message.id.0).await?,
        Err(e) => {
            // A group that removed the bot (or forbids it to post) gets no more cards.
            tracing::warn!(error = %e, chat = chat.0, "cannot post the daily puzzle");
            use teloxide::{ApiError, RequestError};
            let gone = matches!(
                e,
                RequestError::Api(
                    ApiError::BotKicked
                        | ApiError::BotKickedFromSupergroup
                        | ApiError::ChatNotFound
                        | ApiError::NotEnoughRightsToPostMessages
                )
            );
            if gone {
                service.switch_off(chat).await?;
            }
        }
    }
    Ok(())
}

fn caption(lang: Lang, card: &Card) -> String {
    let (Some(puzzle), Some(position)) = (card.puzzle(), card.position()) else { return String::new() };
    let mut text = tf(
        lang,
        "daily-caption",
        &[
            ("date", &daily::date_label(card.day)),
            ("variant", &variant_name(lang, card.variant)),
            ("rating", &puzzle.rating),
            ("side", &color_name(lang, position.side_to_move())),
        ],
    );
    if card.solvers.is_empty() {
        text.push('\n');
        text.push_str(&tf(lang, "daily-nobody", &[("tries", &card.tries)]));
    } else {
        let mut names: Vec<String> = card.solvers.iter().map(|n| escape(n)).collect();
        if card.solved > names.len() {
            names.push(format!("+{}", card.solved - names.len()));
        }
        text.push('\n');
        text.push_str(&tf(
            lang,
            "daily-solvers",
            &[("names", &names.join(", ")), ("solved", &card.solved), ("tries", &card.tries)],
        ));
    }
    text
}

/// The legal moves as buttons, `dy:<day>:<index in move_choices>`.
fn keyboard(card: &Card) -> InlineKeyboardMarkup {
    let moves = card.position().map(|p| move_choices(&p)).unwrap_or_default();
    let rows = moves
        .chunks(4)
        .enumerate()
        .map(|(row, chunk)| {
            chunk
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let tap = Callback::Daily(DailyTap { day: card.day, index: row * 4 + i });
                    InlineKeyboardButton::callback(m.clone(), tap.encode())
                })
                .collect()
        })
        .collect::<Vec<Vec<_>>>();
    InlineKeyboardMarkup::new(rows)
}

/// A tap on a daily card.
pub async fn on_tap(bot: Bot, q: CallbackQuery, tap: DailyTap, ctx: Arc<Ctx>) -> HandlerResult {
    let who = ctx.who(&q.from, q.message.as_ref().map_or(ChatId(q.from.id.0 as i64), |m| m.chat().id)).await;
    let Some(message) = q.message.as_ref() else {
        answer(&bot, &q, None).await;
        return Ok(());
    };
    let DailyTap { day, index } = tap;
    let chat = GameChat(message.chat().id.0);
    let attempt = ctx.games.daily().attempt(chat, day, UserId(who.user), &q.from.first_name, index).await;
    let (notice, card) = match attempt {
        Ok(Attempt::Right(card)) => {
            let line = card.puzzle().map(|p| p.line.join(" ")).unwrap_or_default();
            (tf(who.lang, "daily-right", &[("line", &line), ("rank", &card.solved)]), Some(card))
        }
        Ok(Attempt::Wrong(card)) => (t(who.lang, "daily-wrong"), Some(card)),
        Ok(Attempt::AlreadyTried) => (t(who.lang, "daily-tried"), None),
        Ok(Attempt::Stale) => (t(who.lang, "daily-old"), None),
        Err(e) => {
            answer(&bot, &q, Some(t(who.lang, "error-generic"))).await;
            return Err(e.into());
        }
    };
    answer(&bot, &q, Some(notice)).await;
    if let Some(card) = card {
        let lang = match ctx.games.daily().subscription(chat).await? {
            Some(s) => Lang::from_code(&s.lang).unwrap_or(who.lang),
            None => who.lang,
        };
        let text = caption(lang, &card);
        let request = if message.regular_message().is_some_and(|m| m.photo().is_some()) {
            edit(
                bot.edit_message_caption(message.chat().id, message.id())
                    .caption(text)
                    .parse_mode(ParseMode::Html)
                    .reply_markup(keyboard(&card)),
            )
            .await
        } else {
            edit(
                bot.edit_message_text(message.chat().id, message.id(), text)
                    .parse_mode(ParseMode::Html)
                    .reply_markup(keyboard(&card)),
            )
            .await
        };
        request?;
    }
    Ok(())
}

/// Posts the day's card in every chat that has the daily puzzle on, now and after each
/// [`TICK`], for as long as the process runs.
pub fn spawn(bot: Bot, ctx: Arc<Ctx>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(e) = post_due(&bot, &ctx).await {
                tracing::warn!(error = %e, "cannot post the daily puzzles");
            }
            tokio::time::sleep(TICK).await;
        }
    })
}

async fn post_due(bot: &Bot, ctx: &Ctx) -> HandlerResult {
    let day = daily::day_of(now_unix());
    for (chat, subscription) in ctx.games.daily().due(day).await? {
        if let Err(e) = post(bot, ctx, chat, &subscription, day).await {
            tracing::warn!(error = %e, chat = chat.0, "cannot post a daily puzzle");
        }
    }
    Ok(())
}
