//! "Your move" notices in the players' private chats.

use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, ParseMode};

use crate::bot::Ctx;
use crate::bot::facts::Fact;
use crate::bot::i18n::{t, tf};
use crate::bot::prefs::PrefsStore;
use crate::bot::telegram::call;
use crate::bot::views::{escape, variant_name};
use crate::game::{Game, MessageRef, Status};

use super::cards::card_lang_of;

/// Tells the player to move, in their private chat with the bot, if they have one.
pub async fn notify_turn(bot: &Bot, ctx: &Ctx, game: &Game) {
    if game.status != Status::Active {
        return;
    }
    let Some(user) = game.player(game.turn).user() else {
        return;
    };
    // Three small facts in one read: no private chat, the player's language, the card's (for games
    // stored before the game kept it).
    let facts = ctx.facts.get_many([Fact::NoDirectMessages(user), Fact::Prefs(user.0), Fact::CardLang(&game.id)]).await;
    let [no_dm, prefs, card] = facts.unwrap_or_default();
    let [no_dm, prefs, card] = [no_dm.as_deref(), prefs.as_deref(), card.as_deref()];
    if no_dm.is_some() {
        return;
    }
    let lang = PrefsStore::decode(prefs).lang.or(game.lang).unwrap_or_else(|| card_lang_of(card));
    let opponent = crate::bot::board::player_name(lang, game.player(game.turn.opposite()));
    let mut text =
        tf(lang, "notice-your-move", &[("opponent", &opponent), ("variant", &variant_name(lang, game.variant))]);
    if let Some(mv) = game.moves.last() {
        text.push('\n');
        text.push_str(&tf(
            lang,
            "game-last-move",
            &[
                ("move", &format!("<code>{}</code>", escape(mv))),
                ("n", &crate::game::pdn::move_label(game, game.moves.len() - 1)),
            ],
        ));
    }
    let link = game.views.iter().find_map(|v| match v {
        // Links to messages work for supergroups (ids -100…).
        MessageRef::Chat { chat_id, message_id } => {
            chat_id.0.to_string().strip_prefix("-100").map(|c| format!("https://t.me/c/{c}/{message_id}"))
        }
        MessageRef::Inline { .. } => None,
    });
    let mut request = bot.send_message(ChatId(user.0 as i64), text).parse_mode(ParseMode::Html);
    if let Some(url) = link.and_then(|l| url::Url::parse(&l).ok()) {
        request = request.reply_markup(InlineKeyboardMarkup::new(vec![vec![InlineKeyboardButton::url(
            t(lang, "notice-open-game"),
            url,
        )]]));
    }
    if let Err(e) = call(request).await {
        // Mostly "bot can't initiate conversation": the user never started the bot.
        tracing::debug!(error = %e, "no private notice");
        let _ = ctx.facts.set(Fact::NoDirectMessages(user), "1").await;
    }
}
