//! Inline mode: `@bot [variant] [colour]` in any chat offers a challenge card; the first other
//! person to accept plays, on the inline message itself (inline messages get no text, so moves are
//! taps; the board is the button grid with a text caption, edited via `inline_message_id`).
//!
//! The card posted from the inline result carries the challenger and the variant in its button
//! data. The game is created when Telegram reports the chosen result, or at the first tap on the
//! card if that report is off (BotFather's inline feedback); either way once per inline message.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::{
    CallbackQuery, ChosenInlineResult, InlineKeyboardButton, InlineKeyboardMarkup, InlineQuery, InlineQueryResult,
    InlineQueryResultArticle, InlineQueryResultPhoto, InputMessageContent, InputMessageContentText, ParseMode,
};

use super::callback::CardData;
use super::card::Controls;
use super::cards::{Change, is_photo_card, show_on};
use super::facts::Fact;
use super::i18n::{Lang, t, tf};
use super::keyboard::Step;
use super::refusal::{Audience, refusal};
use super::tap::answer;
use super::telegram::{call, edit};
use super::views::{escape, variant_name};
use super::{Ctx, HandlerResult};
use crate::game::service::{Challenge, GameError, Limits};
use crate::game::{Game, MessageRef, Status, UserId};
use crate::rules::{Color, VariantId};

/// Reads the query: an optional variant and an optional colour, in any order.
pub fn read_query(query: &str) -> (Option<VariantId>, Option<Color>) {
    let mut variant = None;
    let mut color = None;
    for word in query.split_whitespace() {
        if let Ok(v) = word.parse::<VariantId>() {
            variant = Some(v);
        } else if let Some(c) = super::words::parse_color(word) {
            color = c;
        }
    }
    (variant, color)
}

/// The challenge text of a card (before anyone accepted).
fn card_text(lang: Lang, name: &str, variant: VariantId, color: Option<Color>) -> String {
    let side = match color {
        Some(Color::White) => "white",
        Some(Color::Black) => "black",
        None => "random",
    };
    tf(lang, "inline-card", &[("name", &escape(name)), ("variant", &variant_name(lang, variant)), ("side", &side)])
}

fn card_markup(lang: Lang, data: &CardData, challenger: u64) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![
        InlineKeyboardButton::callback(t(lang, "challenge-accept"), data.encode()),
        InlineKeyboardButton::callback(t(lang, "challenge-cancel"), CardData::Cancel { challenger }.encode()),
    ]])
}

/// The starting position's picture and thumbnail on this server, when it has a public address.
fn start_pictures(ctx: &Ctx, variant: VariantId) -> Option<(url::Url, url::Url)> {
    let base = ctx.config.http.public_url.as_ref()?;
    let base = base.as_str().trim_end_matches('/');
    let picture = url::Url::parse(&format!("{base}/board/start/{}.png", variant.as_str())).ok()?;
    let thumbnail = url::Url::parse(&format!("{base}/board/start/{}.png?size=160", variant.as_str())).ok()?;
    Some((picture, thumbnail))
}

/// `@bot [variant] [colour]`: one challenge card per variant (or the one named).
pub async fn on_query(bot: Bot, q: InlineQuery, ctx: Arc<Ctx>) -> HandlerResult {
    let who = ctx.who(&q.from, ChatId(q.from.id.0 as i64)).await;
    let lang = who.lang;
    let user = q.from.id.0;
    // The card's buttons carry only the id; the name and language are looked up on the first tap.
    for (fact, value) in [(Fact::InlineName(user), q.from.first_name.as_str()), (Fact::InlineLang(user), lang.code())] {
        if let Err(e) = ctx.facts.set(fact, value).await {
            tracing::warn!(error = %e, "cannot remember the inline challenger");
        }
    }
    let (variant, color) = read_query(&q.query);
    let variants = match variant {
        Some(v) => vec![v],
        None => VariantId::ALL.to_vec(),
    };
    let results: Vec<InlineQueryResult> = variants
        .into_iter()
        .map(|v| {
            let id = format!("c:{}", v.as_str());
            let text = card_text(lang, &q.from.first_name, v, color);
            let title = tf(lang, "inline-title", &[("variant", &variant_name(lang, v))]);
            // With a public address the card is the board picture by URL (inline messages take no
            // uploads); without, a text card.
            if let Some((picture, thumbnail)) = start_pictures(&ctx, v) {
                let data = CardData::Accept { variant: v, challenger: user, color, photo: true };
                let photo = InlineQueryResultPhoto::new(id, picture, thumbnail)
                    .title(title)
                    .description(t(lang, "inline-description"))
                    .caption(text)
                    .parse_mode(ParseMode::Html)
                    .reply_markup(card_markup(lang, &data, user));
                return InlineQueryResult::Photo(photo);
            }
            let data = CardData::Accept { variant: v, challenger: user, color, photo: false };
            let content = InputMessageContent::Text(InputMessageContentText::new(text).parse_mode(ParseMode::Html));
            let article = InlineQueryResultArticle::new(id, title, content)
                .description(t(lang, "inline-description"))
                .reply_markup(card_markup(lang, &data, user));
            InlineQueryResult::Article(article)
        })
        .collect();
    call(bot.answer_inline_query(q.id.clone(), results).cache_time(0).is_personal(true)).await?;
    Ok(())
}

/// Telegram reports the card sent: the challenge is created now (limits, expiry, Mini App link).
pub async fn on_chosen(_bot: Bot, r: ChosenInlineResult, ctx: Arc<Ctx>) -> HandlerResult {
    let Some(inline_message_id) = r.inline_message_id.as_deref() else {
        return Ok(());
    };
    let Some(variant) = r.result_id.strip_prefix("c:").and_then(|v| v.parse::<VariantId>().ok()) else {
        return Ok(());
    };
    let (_, color) = read_query(&r.query);
    let data = CardData::Accept {
        variant,
        challenger: r.from.id.0,
        color,
        // The result offered was a photo exactly when the server has a public address.
        photo: ctx.config.http.public_url.is_some(),
    };
    if let Err(e) = game_of(&ctx, inline_message_id, &data).await {
        // The first tap on the card tries again.
        tracing::info!(error = %e, "cannot create the inline challenge yet");
    }
    Ok(())
}

/// The challenge behind an inline card, created on first use (once per card).
async fn game_of(ctx: &Ctx, inline_message_id: &str, data: &CardData) -> Result<Game, GameError> {
    let CardData::Accept { variant, challenger, color, photo } = data else {
        return Err(GameError::NotFound);
    };
    let [name, lang] = ctx.facts.get_many([Fact::InlineName(*challenger), Fact::InlineLang(*challenger)]).await?;
    let request = Challenge {
        user: UserId(*challenger),
        name: name.unwrap_or_else(|| "?".to_owned()),
        variant: *variant,
        color: *color,
        chat: None,
        opponent: None,
        fen: None,
        lang: Some(lang.and_then(|c| Lang::parse_word(&c)).unwrap_or(Lang::En)),
    };
    // What the card is must be known before anyone can find its game.
    if *photo {
        ctx.facts.set(Fact::InlinePhoto(inline_message_id), "1").await?;
    }
    let created =
        ctx.games.card_challenge(inline_message_id, request, &Limits::from_config(&ctx.config.limits)).await?;
    if created.events.is_empty() {
        return Ok(created.into_game());
    }
    // The card shows the challenge already.
    super::notifier::claim_card(ctx, &created).await;
    Ok(created.into_game())
}

/// A tap on an inline challenge card's Accept or Cancel.
pub async fn on_tap(bot: Bot, q: CallbackQuery, card: CardData, ctx: Arc<Ctx>) -> HandlerResult {
    let (bot, ctx, q) = (&bot, &*ctx, &q);
    let who = ctx.who(&q.from, ChatId(q.from.id.0 as i64)).await;
    let lang = who.lang;
    let Some(inline_message_id) = q.inline_message_id.as_deref() else {
        answer(bot, q, None).await;
        return Ok(());
    };
    let view = MessageRef::Inline { inline_message_id: inline_message_id.to_owned() };
    match card {
        CardData::Cancel { challenger } => {
            if challenger != who.user {
                answer(bot, q, Some(t(lang, "challenge-only-challenger"))).await;
                return Ok(());
            }
            if let Some(id) = ctx.games.withdraw_card(inline_message_id).await? {
                match ctx.games.cancel_challenge(&id, UserId(challenger)).await {
                    // Shown below, as withdrawn.
                    Ok(game) => {
                        super::notifier::claim_card(ctx, &game).await;
                    }
                    Err(e) => {
                        answer(bot, q, Some(refusal(lang, &e, Audience::Card))).await;
                        return Ok(());
                    }
                }
            }
            answer(bot, q, None).await;
            let card_lang =
                ctx.facts.get(Fact::InlineLang(challenger)).await?.and_then(|c| Lang::parse_word(&c)).unwrap_or(lang);
            let text = t(card_lang, "challenge-withdrawn");
            // A photo card (known once its game exists; else the text edit is refused) takes
            // the text as its caption.
            let as_text = !is_photo_card(ctx, inline_message_id).await
                && edit(
                    bot.edit_message_text_inline(inline_message_id.to_owned(), text.clone())
                        .parse_mode(ParseMode::Html),
                )
                .await
                .is_ok();
            if !as_text {
                edit(
                    bot.edit_message_caption_inline(inline_message_id.to_owned())
                        .caption(text)
                        .parse_mode(ParseMode::Html),
                )
                .await?;
            }
            Ok(())
        }
        accept @ CardData::Accept { challenger, .. } => {
            if challenger == who.user {
                answer(bot, q, Some(t(lang, "challenge-own"))).await;
                return Ok(());
            }
            let game = match game_of(ctx, inline_message_id, &accept).await {
                Ok(game) => game,
                Err(e) => {
                    answer(bot, q, Some(refusal(lang, &e, Audience::Card))).await;
                    return Ok(());
                }
            };
            if game.status != Status::Waiting {
                // The card shows an old state (a slow edit): bring it up to date.
                answer(
                    bot,
                    q,
                    Some(refusal(
                        lang,
                        &if game.is_over() { GameError::GameOver } else { GameError::SeatTaken },
                        Audience::Card,
                    )),
                )
                .await;
                return show_on(bot, ctx, &game, &view, &Step::Idle { refused: None }, Controls::Normal, Change::Board)
                    .await;
            }
            match ctx
                .games
                .accept_challenge(&game.id, UserId(who.user), &who.first_name, &Limits::from_config(&ctx.config.limits))
                .await
            {
                Ok(game) => {
                    answer(bot, q, None).await;
                    super::notifier::applied(bot, ctx, &game).await;
                    Ok(())
                }
                Err(e) => {
                    // Losing a race for the seat reads as "taken", not as a changed board.
                    let e = if e == GameError::Stale { GameError::SeatTaken } else { e };
                    answer(bot, q, Some(refusal(lang, &e, Audience::Card))).await;
                    Ok(())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card names the challenger's colour, or says the colours will be drawn, in every language.
    #[test]
    fn card_text_says_who_plays_what() {
        let random = card_text(Lang::En, "Alice", VariantId::Russian, None);
        assert!(random.contains("colours drawn at random") && !random.contains("plays Random"), "{random}");
        assert!(card_text(Lang::En, "Alice", VariantId::Russian, Some(Color::Black)).contains("Alice plays Black"));
        for lang in Lang::ALL {
            let texts: Vec<String> = [Some(Color::White), Some(Color::Black), None]
                .into_iter()
                .map(|c| card_text(lang, "Alice", VariantId::Russian, c))
                .collect();
            assert!(texts[0] != texts[1] && texts[1] != texts[2] && texts[0] != texts[2], "{lang}: {texts:?}");
            assert!(texts[0].contains("Alice") && texts[1].contains("Alice"), "{lang}");
        }
    }

    #[test]
    fn queries_name_a_variant_and_a_colour() {
        assert_eq!(read_query(""), (None, None));
        assert_eq!(read_query("english black"), (Some(VariantId::English), Some(Color::Black)));
        assert_eq!(read_query("blancas rusas"), (Some(VariantId::Russian), Some(Color::White)));
    }
}
