//! One function per user action. Each reads the request, calls the services, answers.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, InlineKeyboardMarkup, MaybeInaccessibleMessage, Message, MessageId, ParseMode};

use super::callback::{BoardData, Menu, Setting};
use super::command::{self, Action, Command};
use super::i18n::{Lang, t, tf};
use super::telegram::{call, edit};
use super::views::{self, escape, level_name, variant_name};
use super::who::Who;
use super::words::variant_id;
use super::{Ctx, HandlerResult};
use super::{play, words};
use crate::engine::Level;
use crate::rulebook::{self, Topic};
use crate::rules::VariantId;

async fn say(bot: &Bot, who: &Who, text: String) -> HandlerResult {
    call(bot.send_message(who.chat, text).parse_mode(ParseMode::Html)).await?;
    Ok(())
}

async fn say_with(bot: &Bot, who: &Who, text: String, markup: InlineKeyboardMarkup) -> HandlerResult {
    call(bot.send_message(who.chat, text).parse_mode(ParseMode::Html).reply_markup(markup)).await?;
    Ok(())
}

pub async fn on_message(bot: Bot, msg: Message, ctx: Arc<Ctx>) -> HandlerResult {
    if let (Some(user), Some(document), true) = (msg.from.as_ref(), msg.document(), msg.chat.is_private()) {
        let who = ctx.who(user, msg.chat.id).await;
        return super::analysis::analyse_document(&bot, &ctx, &who, document).await;
    }
    let (Some(user), Some(text)) = (msg.from.as_ref(), msg.text()) else { return Ok(()) };
    let who = ctx.who(user, msg.chat.id).await;
    match command::parse(text, &ctx.username) {
        Some(cmd) => on_command(&bot, &ctx, &who, cmd).await,
        None if text.trim_start().starts_with('/') => {
            if msg.chat.is_private() {
                say(&bot, &who, t(who.lang, "unknown-command")).await?;
            }
            Ok(())
        }
        None => typed_move(&bot, &ctx, &who, text, msg.chat.is_private()).await,
    }
}

async fn on_command(bot: &Bot, ctx: &Ctx, who: &Who, cmd: Command) -> HandlerResult {
    match cmd.action {
        Action::Start => start(bot, ctx, who, cmd.args.first().map(String::as_str)).await,
        Action::Help => help(bot, who).await,
        Action::Lang => lang(bot, ctx, who, cmd.args.first().map(String::as_str)).await,
        Action::Variants => variants(bot, who).await,
        Action::Rules => rules(bot, who, &cmd.args).await,
        Action::Settings => settings(bot, who).await,
        Action::Play => play(bot, ctx, who, &cmd.args).await,
        Action::Move => match cmd.args.is_empty() {
            true => say(bot, who, t(who.lang, "unknown-text")).await,
            false => typed_move(bot, ctx, who, &cmd.args.join(" "), true).await,
        },
        Action::Board => play::board(bot, ctx, who).await,
        Action::Resign => play::ask_resign(bot, ctx, who).await,
        Action::Undo => play::undo(bot, ctx, who).await,
        Action::Draw => play::draw(bot, ctx, who).await,
        Action::Pdn => play::pdn(bot, ctx, who, None).await,
        Action::Analyse => super::analysis::analyse(bot, ctx, who, None).await,
        Action::Puzzle => match cmd.args.first() {
            Some(word) => match variant_id(word) {
                Some(v) => super::puzzle::start(bot, ctx, who, Some(v)).await,
                None => say(bot, who, tf(who.lang, "variant-unknown", &[("name", &escape(word))])).await,
            },
            None => super::puzzle::start(bot, ctx, who, None).await,
        },
        Action::Stats => play::stats(bot, ctx, who).await,
    }
}

/// /start, also with a deep-link parameter: `rules_<variant>`, `play_<variant>`, `lang_<code>`.
pub async fn start(bot: &Bot, ctx: &Ctx, who: &Who, param: Option<&str>) -> HandlerResult {
    if let Some(param) = param {
        let (kind, value) = param.split_once('_').unwrap_or((param, ""));
        match kind {
            "rules" | "reglas" => return rules(bot, who, &[value.to_string()]).await,
            "play" | "jugar" => return play(bot, ctx, who, &[value.to_string()]).await,
            "lang" => return lang(bot, ctx, who, Some(value)).await,
            _ => {}
        }
    }
    let count = crate::rules::VariantId::ALL.len().to_string();
    say(bot, who, tf(who.lang, "welcome", &[("name", &escape(&who.first_name)), ("count", &count)])).await
}

pub async fn help(bot: &Bot, who: &Who) -> HandlerResult {
    say(bot, who, t(who.lang, "help")).await
}

/// /lang es|en; without an argument, buttons to choose.
pub async fn lang(bot: &Bot, ctx: &Ctx, who: &Who, arg: Option<&str>) -> HandlerResult {
    match arg.filter(|a| !a.is_empty()) {
        None => say_with(bot, who, t(who.lang, "lang-choose"), views::lang_menu()).await,
        Some(word) => match Lang::parse_word(word) {
            Some(lang) => set_lang(bot, ctx, who, lang).await,
            None => say(bot, who, t(who.lang, "lang-unknown")).await,
        },
    }
}

async fn set_lang(bot: &Bot, ctx: &Ctx, who: &Who, lang: Lang) -> HandlerResult {
    let mut prefs = who.prefs.clone();
    prefs.lang = Some(lang);
    ctx.prefs.put(who.user, &prefs).await?;
    call(bot.send_message(who.chat, t(lang, "lang-set")).parse_mode(ParseMode::Html)).await?;
    Ok(())
}

pub async fn variants(bot: &Bot, who: &Who) -> HandlerResult {
    say_with(bot, who, t(who.lang, "variants-title"), views::variant_menu(who.lang, Menu::Rules)).await
}

/// /rules [variant] [topic]: the variant menu, a variant's overview, or one topic; always with
/// buttons for the other topics.
pub async fn rules(bot: &Bot, who: &Who, args: &[String]) -> HandlerResult {
    let Some(word) = args.first().filter(|a| !a.is_empty()) else {
        return say_with(bot, who, t(who.lang, "rules-choose-variant"), views::variant_menu(who.lang, Menu::Rules))
            .await;
    };
    let Some(variant) = variant_id(word) else {
        return say(bot, who, tf(who.lang, "variant-unknown", &[("name", &escape(word))])).await;
    };
    let book = who.lang;
    let topic_word = args[1..].join(" ");
    if topic_word.trim().is_empty() {
        return show_rules(bot, who, variant, None).await;
    }
    match topic_word.parse::<Topic>() {
        Ok(topic) => show_rules(bot, who, variant, Some(topic)).await,
        Err(_) => {
            let names: Vec<&str> = Topic::ALL.iter().map(|t| t.name(book)).collect();
            let text =
                tf(who.lang, "rules-unknown-topic", &[("topic", &escape(&topic_word)), ("topics", &names.join(", "))]);
            say_with(bot, who, text, views::topic_menu(who.lang, variant, None)).await
        }
    }
}

/// A variant's rules overview, or one topic; with buttons for the other topics.
async fn show_rules(bot: &Bot, who: &Who, variant: VariantId, topic: Option<Topic>) -> HandlerResult {
    let book = who.lang;
    let text = match topic {
        None => rulebook::overview(variant, book),
        Some(topic) => rulebook::text(variant, book, topic).map(str::to_string),
    };
    match text {
        Ok(text) => say_with(bot, who, text, views::topic_menu(who.lang, variant, topic)).await,
        Err(e) => {
            // The texts are compiled in and checked by tests; this is a broken build, not bad input.
            tracing::error!(error = %e, "rules text missing");
            say(bot, who, t(who.lang, "rules-unavailable")).await
        }
    }
}

pub async fn settings(bot: &Bot, who: &Who) -> HandlerResult {
    say_with(bot, who, views::settings_text(who.lang, &who.prefs), views::settings_menu(who.lang, &who.prefs)).await
}

/// /play [variant] [level] [white|black|random] [FEN]: asks with buttons for whatever is missing;
/// a FEN after the colour starts from that position.
pub async fn play(bot: &Bot, ctx: &Ctx, who: &Who, args: &[String]) -> HandlerResult {
    let Some(variant) = args.first().filter(|a| !a.is_empty()) else {
        return say_with(
            bot,
            who,
            t(who.lang, "play-choose-variant"),
            views::variant_menu(who.lang, Menu::PlayVariant),
        )
        .await;
    };
    let Some(variant) = variant_id(variant) else {
        return say(bot, who, tf(who.lang, "variant-unknown", &[("name", &escape(variant))])).await;
    };
    let Some(level) = args.get(1) else {
        let text = tf(who.lang, "play-choose-level", &[("variant", &variant_name(who.lang, variant))]);
        return say_with(bot, who, text, views::level_menu(who.lang, variant)).await;
    };
    let Some(level) = words::parse_level(level) else {
        return say(bot, who, tf(who.lang, "bad-level", &[("max", &views::MAX_LEVEL)])).await;
    };
    let Some(color) = args.get(2) else {
        let text = tf(
            who.lang,
            "play-choose-color",
            &[("variant", &variant_name(who.lang, variant)), ("level", &level_name(who.lang, level as u8))],
        );
        return say_with(bot, who, text, views::color_menu(who.lang, variant, level)).await;
    };
    let Some(color) = words::parse_color(color) else {
        return say(bot, who, t(who.lang, "bad-color")).await;
    };
    let fen = Some(args[3..].join(" ")).filter(|f| !f.trim().is_empty());
    play::new_game(bot, ctx, who, variant, level as u8, color, fen).await
}

/// A move typed as text (or after /m). Outside private chats text is conversation, not moves.
pub async fn typed_move(bot: &Bot, ctx: &Ctx, who: &Who, text: &str, private: bool) -> HandlerResult {
    if !private {
        return Ok(());
    }
    // A puzzle being solved takes typed moves until it is solved, given up or replaced.
    if super::puzzle::typed(bot, ctx, who, text).await? {
        return Ok(());
    }
    play::typed_move(bot, ctx, who, text).await
}

// ---- button taps ----

/// A tap on a private board or its controls. Board taps answer themselves (a tap on an old board
/// gets a short notice).
pub async fn on_board(bot: Bot, q: CallbackQuery, data: BoardData, ctx: Arc<Ctx>) -> HandlerResult {
    let Some(message) = q.message.as_ref() else {
        call(bot.answer_callback_query(q.id.clone())).await?;
        return Ok(());
    };
    let who = ctx.who(&q.from, message.chat().id).await;
    play::tap(&bot, &ctx, &who, &q, data).await
}

/// A tap on a menu button in the private chat.
pub async fn on_menu(bot: Bot, q: CallbackQuery, menu: Menu, ctx: Arc<Ctx>) -> HandlerResult {
    let Some(message) = q.message.as_ref() else {
        call(bot.answer_callback_query(q.id.clone())).await?;
        return Ok(());
    };
    let message_id = message.id();
    let who = ctx.who(&q.from, message.chat().id).await;
    // Answer at once so the button stops spinning; the real answer follows as a message or edit.
    if let Err(e) = call(bot.answer_callback_query(q.id.clone())).await {
        tracing::warn!(error = %e, "answerCallbackQuery failed");
    }
    match menu {
        Menu::Lang(lang) => set_lang(&bot, &ctx, &who, lang).await,
        Menu::Rules(variant) => show_rules(&bot, &who, variant, None).await,
        Menu::Topic(variant, topic) => show_rules(&bot, &who, variant, Some(topic)).await,
        Menu::Setting(setting) => toggle_setting(&bot, &ctx, &who, message, setting).await,
        Menu::PlayVariant(variant) => choose_level(&bot, &who, message_id, variant).await,
        Menu::PlayLevel(variant, level) => choose_color(&bot, &who, message_id, variant, level).await,
        Menu::Play(variant, level, color) => play::new_game(&bot, &ctx, &who, variant, level as u8, color, None).await,
        Menu::Pdn(id) => play::pdn(&bot, &ctx, &who, Some(id)).await,
        Menu::Analyse(id) => super::analysis::analyse(&bot, &ctx, &who, Some(id)).await,
        Menu::Puzzle(button) => super::puzzle::on_button(&bot, &ctx, &who, button).await,
        Menu::PuzzleMove { step, index } => super::puzzle::tapped(&bot, &ctx, &who, step, index).await,
        Menu::New => play::new_game_menu(&bot, &who).await,
        Menu::Board => play::board(&bot, &ctx, &who).await,
        Menu::Resign => play::ask_resign(&bot, &ctx, &who).await,
        Menu::Keep => play::keep_playing(&bot, &who, message_id).await,
    }
}

/// A tap whose data no handler takes: a button of an older version of the bot, or data made up by
/// hand. It changes nothing, and the user is told so instead of the button spinning in silence.
pub async fn on_unknown(bot: Bot, q: CallbackQuery, ctx: Arc<Ctx>) -> HandlerResult {
    tracing::debug!(data = q.data.as_deref(), "unknown callback data");
    let mut answer = bot.answer_callback_query(q.id.clone());
    if q.data.is_some() {
        let who = ctx.who(&q.from, ChatId(q.from.id.0 as i64)).await;
        answer = answer.text(t(who.lang, "button-unknown"));
    }
    if let Err(e) = call(answer).await {
        tracing::warn!(error = %e, "answerCallbackQuery failed");
    }
    Ok(())
}

async fn toggle_setting(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    message: &MaybeInaccessibleMessage,
    setting: Setting,
) -> HandlerResult {
    let mut prefs = who.prefs.clone();
    views::cycle(&mut prefs, setting);
    ctx.prefs.put(who.user, &prefs).await?;
    edit(
        bot.edit_message_text(who.chat, message.id(), views::settings_text(who.lang, &prefs))
            .parse_mode(ParseMode::Html)
            .reply_markup(views::settings_menu(who.lang, &prefs)),
    )
    .await?;
    if setting == Setting::Board {
        let who = Who { prefs, ..who.clone() };
        play::redraw_after_style_change(bot, ctx, &who).await?;
    }
    Ok(())
}

async fn choose_level(bot: &Bot, who: &Who, message_id: MessageId, variant: VariantId) -> HandlerResult {
    let text = tf(who.lang, "play-choose-level", &[("variant", &variant_name(who.lang, variant))]);
    edit(
        bot.edit_message_text(who.chat, message_id, text)
            .parse_mode(ParseMode::Html)
            .reply_markup(views::level_menu(who.lang, variant)),
    )
    .await?;
    Ok(())
}

async fn choose_color(bot: &Bot, who: &Who, message_id: MessageId, variant: VariantId, level: Level) -> HandlerResult {
    let text = tf(
        who.lang,
        "play-choose-color",
        &[("variant", &variant_name(who.lang, variant)), ("level", &level_name(who.lang, level as u8))],
    );
    edit(
        bot.edit_message_text(who.chat, message_id, text)
            .parse_mode(ParseMode::Html)
            .reply_markup(views::color_menu(who.lang, variant, level)),
    )
    .await?;
    Ok(())
}
