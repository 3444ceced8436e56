//! Games between people: challenges in groups (`/challenge`, `/retar`), the shared game card, taps
//! from players and onlookers, moves by reply or `/m`, "your move" notices in private, `/games`
//! and `/top`. Inline-mode games (see [`super::inline`]) share the card and the tap handling.
//!
//! Only the two players can change a game: anybody else's tap is answered with a short notice and
//! nothing else happens. The service decides everything; these functions read the request, call
//! it and show the card.

use std::sync::Arc;
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::{
    CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, Message,
    MessageId, ParseMode, ReplyParameters,
};

use super::callback::{Action, BoardData, Callback, CardAction, CardButton, ChallengeChoice};
use super::card::{self, Controls, Place};
use super::command::GroupAction;
use super::handlers::Who;
use super::i18n::{Lang, t, tf};
use super::keyboard::Step;
use super::prefs::PrefsStore;
use super::telegram::{call, edit};
use super::views::{self, escape, variant_name};
use super::{Ctx, HandlerResult};
use crate::game::engine_gate::Busy;
use crate::game::ratings::RatingScope;
use crate::game::service::{Challenge, GameError, LimitKind, Limits, Rematch};
use crate::game::{ChatId as GameChat, Game, GameId, MessageRef, Status, UserId};
use crate::rules::{Color, VariantId};

/// How long a game's card language and similar small facts are kept.
const FACT_TTL: Duration = Duration::from_secs(60 * 86_400);
/// After a private notice fails (the user never started the bot or blocked it), no new attempt
/// for this long.
const NO_DM_TTL: Duration = Duration::from_secs(86_400);

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

/// Reads a command of this module; `None` for everything else.
pub fn parse(text: &str, bot_username: &str) -> Option<(String, Vec<String>)> {
    let rest = text.trim().strip_prefix('/')?;
    let mut words = rest.split_whitespace();
    let head = words.next()?;
    let (name, target) = match head.split_once('@') {
        Some((name, target)) => (name, Some(target)),
        None => (head, None),
    };
    if target.is_some_and(|t| !t.eq_ignore_ascii_case(bot_username)) {
        return None;
    }
    Some((name.to_lowercase(), words.map(str::to_string).collect()))
}

fn request_of(msg: &Message, bot_username: &str) -> Option<Request> {
    let text = msg.text()?;
    let group = !msg.chat.is_private();
    if let Some((name, args)) = parse(text, bot_username) {
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

/// The text for a refusal of the service.
pub fn refusal(lang: Lang, error: &GameError) -> String {
    match error {
        GameError::Move(e) => views::explain(lang, e),
        GameError::GameOver => t(lang, "reason-game-over"),
        GameError::NotYourTurn => t(lang, "group-not-your-turn"),
        GameError::NotAPlayer => t(lang, "group-not-your-game"),
        GameError::Stale => t(lang, "game-board-changed"),
        GameError::NotFound => t(lang, "game-gone"),
        GameError::NotStarted => t(lang, "group-not-started"),
        GameError::SeatTaken => t(lang, "challenge-taken"),
        GameError::OwnChallenge => t(lang, "challenge-own"),
        GameError::NotInvited => t(lang, "challenge-not-invited"),
        GameError::AlreadyOffered => t(lang, "game-already-offered"),
        GameError::NoOffer => t(lang, "group-no-offer"),
        GameError::NotOver => t(lang, "game-not-over"),
        GameError::NothingToTakeBack => t(lang, "game-nothing-to-undo"),
        GameError::Invalid(detail) => tf(lang, "game-bad-position", &[("detail", &escape(detail))]),
        GameError::Busy(Busy::Queue) => t(lang, "engine-busy"),
        GameError::Busy(Busy::User) => t(lang, "engine-busy-user"),
        GameError::TooComplex => t(lang, "game-too-complex"),
        GameError::Limit(kind) => match kind {
            LimitKind::OpenPerUser(n) => tf(lang, "limit-open-user", &[("n", n)]),
            LimitKind::GamesPerUser(n) => tf(lang, "limit-games-user", &[("n", n)]),
            LimitKind::OpenPerChat(n) => tf(lang, "limit-open-chat", &[("n", n)]),
            LimitKind::GamesPerChat(n) => tf(lang, "limit-games-chat", &[("n", n)]),
        },
        other => {
            tracing::error!(error = %other, "game request failed");
            t(lang, "error-generic")
        }
    }
}

// ---- the card ----

fn lang_key(game: &GameId) -> String {
    format!("glang:{game}")
}

/// The language a game's card is written in: the challenger's.
pub async fn card_lang(ctx: &Ctx, game: &GameId) -> Lang {
    card_lang_of(ctx.store.kv_get(&lang_key(game)).await.ok().flatten().as_deref())
}

/// A card language from its stored form: English when none is stored.
fn card_lang_of(stored: Option<&str>) -> Lang {
    stored.and_then(Lang::parse_word).unwrap_or(Lang::En)
}

pub async fn set_card_lang(ctx: &Ctx, game: &GameId, lang: Lang) {
    if let Err(e) = ctx.store.kv_set(&lang_key(game), lang.code(), FACT_TTL).await {
        tracing::warn!(error = %e, "cannot store the card language");
    }
}

/// `https://t.me/<bot>/<app>` when a Mini App short name is configured.
pub fn mini_app(ctx: &Ctx) -> Option<String> {
    let app = ctx.config.telegram.mini_app_short_name.as_deref().filter(|a| !a.is_empty())?;
    (!ctx.username.is_empty()).then(|| format!("https://t.me/{}/{app}", ctx.username))
}

/// The picture of the game's current position on this server
/// (`<public_url>/board/<game>/<ply>.png?v=<version>`, the version because a takeback changes what a
/// ply shows and Telegram keeps pictures by URL), when it has a public address.
pub fn board_url(ctx: &Ctx, game: &Game) -> Option<url::Url> {
    let base = ctx.config.http.public_url.as_ref()?;
    let base = base.as_str().trim_end_matches('/');
    url::Url::parse(&format!("{base}/board/{}/{}.png?v={}", game.id, game.moves.len(), game.version)).ok()
}

fn place_of(ctx: &Ctx, view: &MessageRef) -> Place {
    Place { picture: matches!(view, MessageRef::Chat { .. }), mini_app: mini_app(ctx) }
}

/// How a card changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The position changed (or the game started or ended): picture, text and keyboard.
    Board,
    /// Text and keyboard (an offer, a confirmation).
    Text,
    /// Only the keyboard (a piece picked up).
    Keyboard,
}

/// Shows `game` on one card.
pub async fn show_on(
    bot: &Bot,
    ctx: &Ctx,
    game: &Game,
    view: &MessageRef,
    step: &Step,
    controls: Controls,
    change: Change,
) -> HandlerResult {
    let lang = card_lang(ctx, &game.id).await;
    let place = place_of(ctx, view);
    let picture = change == Change::Board;
    let g = game.clone();
    let s = step.clone();
    let message = tokio::task::spawn_blocking(move || card::compose(&g, lang, &s, controls, &place, picture)).await??;
    match view {
        MessageRef::Chat { chat_id, message_id } => {
            let (chat, id) = (ChatId(chat_id.0), MessageId(*message_id));
            match (change, &message.png) {
                (Change::Keyboard, _) => {
                    edit(bot.edit_message_reply_markup(chat, id).reply_markup(message.markup)).await?
                }
                (Change::Board, Some(png)) => {
                    let media = InputMediaPhoto::new(InputFile::memory(png.clone()).file_name("board.png"))
                        .caption(message.caption)
                        .parse_mode(ParseMode::Html);
                    edit(bot.edit_message_media(chat, id, InputMedia::Photo(media)).reply_markup(message.markup))
                        .await?
                }
                _ => {
                    edit(
                        bot.edit_message_caption(chat, id)
                            .caption(message.caption)
                            .parse_mode(ParseMode::Html)
                            .reply_markup(message.markup),
                    )
                    .await?
                }
            }
        }
        MessageRef::Inline { inline_message_id } => {
            let photo = super::inline::is_photo_card(ctx, inline_message_id).await;
            let id = inline_message_id.clone();
            match (change, photo, board_url(ctx, game)) {
                (Change::Keyboard, _, _) => {
                    edit(bot.edit_message_reply_markup_inline(id).reply_markup(message.markup)).await?
                }
                // Inline messages take no uploads: the picture goes by its URL on this server.
                (Change::Board, true, Some(url)) => {
                    let media =
                        InputMediaPhoto::new(InputFile::url(url)).caption(message.caption).parse_mode(ParseMode::Html);
                    edit(bot.edit_message_media_inline(id, InputMedia::Photo(media)).reply_markup(message.markup))
                        .await?
                }
                (_, true, _) => {
                    edit(
                        bot.edit_message_caption_inline(id)
                            .caption(message.caption)
                            .parse_mode(ParseMode::Html)
                            .reply_markup(message.markup),
                    )
                    .await?
                }
                (_, false, _) => {
                    edit(
                        bot.edit_message_text_inline(id, message.caption)
                            .parse_mode(ParseMode::Html)
                            .reply_markup(message.markup),
                    )
                    .await?
                }
            }
        }
    }
    Ok(())
}

/// Shows `game` on every card it has, after a change: once per version of the game, so that the
/// listener to game changes ([`super::follow`]) leaves the cards alone (and a handler that comes
/// after it does too).
pub async fn show(bot: &Bot, ctx: &Ctx, game: &Game, step: &Step, controls: Controls, change: Change) -> HandlerResult {
    if !super::follow::claim(ctx, &game.id, game.version).await {
        return Ok(());
    }
    for view in &game.views {
        if let Err(e) = show_on(bot, ctx, game, view, step, controls, change).await {
            tracing::warn!(error = %e, game = %game.id, "cannot update a game card");
        }
    }
    Ok(())
}

/// Records that the cards of `game` show its current version (see [`super::follow::claim`]);
/// false when they already show it or a newer one.
pub async fn claim_card(ctx: &Ctx, game: &Game) -> bool {
    super::follow::claim(ctx, &game.id, game.version).await
}

/// Posts a new card for `game` in `chat` (as a reply to `reply_to` if given) and records it.
async fn post_card(
    bot: &Bot,
    ctx: &Ctx,
    game: &Game,
    chat: ChatId,
    reply_to: Option<MessageId>,
) -> anyhow::Result<Game> {
    let lang = card_lang(ctx, &game.id).await;
    let place = Place { picture: true, mini_app: mini_app(ctx) };
    let g = game.clone();
    let message = tokio::task::spawn_blocking(move || {
        card::compose(&g, lang, &Step::Idle { refused: None }, Controls::Normal, &place, true)
    })
    .await??;
    let sent = match message.png {
        Some(png) => {
            let mut request = bot
                .send_photo(chat, InputFile::memory(png).file_name("board.png"))
                .caption(message.caption)
                .parse_mode(ParseMode::Html)
                .reply_markup(message.markup);
            if let Some(to) = reply_to {
                request = request.reply_parameters(ReplyParameters::new(to).allow_sending_without_reply());
            }
            call(request).await?
        }
        None => {
            call(bot.send_message(chat, message.caption).parse_mode(ParseMode::Html).reply_markup(message.markup))
                .await?
        }
    };
    let view = MessageRef::Chat { chat_id: GameChat(chat.0), message_id: sent.id.0 };
    let game = ctx.games.add_view(&game.id, view).await?;
    // The card just posted shows this version.
    super::follow::claim(ctx, &game.id, game.version).await;
    Ok(game)
}

// ---- private notices ----

fn no_dm_key(user: UserId) -> String {
    format!("nodm:{user}")
}

/// Tells the player to move, in their private chat with the bot, if they have one.
pub async fn notify_turn(bot: &Bot, ctx: &Ctx, game: &Game) {
    if game.status != Status::Active {
        return;
    }
    let Some(user) = game.player(game.turn).user() else {
        return;
    };
    // Three small facts in one read: no private chat, the player's language, the card's.
    let keys = [no_dm_key(user), PrefsStore::key(user.0), lang_key(&game.id)];
    let facts = ctx.store.kv_get_many(&keys.each_ref().map(String::as_str)).await;
    let [no_dm, prefs, card] = match facts.as_deref() {
        Ok([a, b, c]) => [a.as_deref(), b.as_deref(), c.as_deref()],
        _ => [None; 3],
    };
    if no_dm.is_some() {
        return;
    }
    let lang = PrefsStore::decode(prefs).lang.unwrap_or_else(|| card_lang_of(card));
    let opponent = super::board::player_name(lang, game.player(game.turn.opposite()));
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
        let _ = ctx.store.kv_set(&no_dm_key(user), "1", NO_DM_TTL).await;
    }
}

// ---- /challenge ----

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
            let _ = ctx.store.kv_set(&format!("gname:{}", u.id.0), &u.first_name, FACT_TTL).await;
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
        Some(word) => match super::play::parse_color(word) {
            Some(c) => c,
            None => return reply(bot, msg, t(lang, "bad-color")).await,
        },
    };
    let fen = Some(args.get(2..).unwrap_or_default().join(" ")).filter(|f| !f.trim().is_empty());
    let opponent = opponent.map(|u| (UserId(u.id.0), u.first_name.clone()));
    issue(bot, ctx, who, variant, color, fen, opponent, Some(msg.id)).await
}

#[allow(clippy::too_many_arguments)]
async fn issue(
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
    };
    match ctx.games.issue_challenge(request, &limits(ctx)).await {
        Ok(game) => {
            set_card_lang(ctx, &game.id, who.lang).await;
            post_card(bot, ctx, &game, who.chat, reply_to).await?;
            Ok(())
        }
        Err(e) => say(bot, who, refusal(who.lang, &e)).await,
    }
}

// ---- moves typed in a group ----

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
        Ok(next) => after_move(bot, ctx, &next).await,
        Err(e) => reply(bot, msg, refusal(who.lang, &e)).await,
    }
}

/// After a move: the cards, the notice to the side to move, the result if it ended.
async fn after_move(bot: &Bot, ctx: &Ctx, game: &Game) -> HandlerResult {
    show(bot, ctx, game, &Step::Idle { refused: None }, Controls::Normal, Change::Board).await?;
    notify_turn(bot, ctx, game).await;
    Ok(())
}

// ---- taps ----

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

/// A game between two people (or a challenge): shown on shared cards.
pub fn is_people_game(game: &Game) -> bool {
    !game.white.is_engine() && !game.black.is_engine()
}

/// Answers a tap, with a short notice or silently.
pub async fn answer(bot: &Bot, q: &CallbackQuery, text: Option<String>) {
    let mut request = bot.answer_callback_query(q.id.clone());
    if let Some(text) = text {
        request = request.text(text);
    }
    if let Err(e) = call(request).await {
        tracing::warn!(error = %e, "answerCallbackQuery failed");
    }
}

/// Who tapped, and the message the button is on.
async fn tapped(ctx: &Ctx, q: &CallbackQuery) -> (Who, Option<MessageRef>) {
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
            let name = ctx.store.kv_get(&format!("gname:{id}")).await.ok().flatten().unwrap_or_else(|| "?".into());
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

async fn card_button(
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
                Some(v) if !game.views.contains(&v) => ctx.games.add_view(&game.id, v).await?,
                _ => game,
            };
            // An offer or a refused takeback changes only the text; the rest moves the board.
            let change = if matches!(action, CardAction::Takeback | CardAction::TakebackNo) {
                Change::Text
            } else {
                Change::Board
            };
            show(bot, ctx, &game, &Step::Idle { refused: None }, Controls::Normal, change).await?;
            if change == Change::Board {
                notify_turn(bot, ctx, &game).await;
            }
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
async fn pdn(bot: &Bot, ctx: &Ctx, who: &Who, id: &GameId, tapped: Option<&MessageRef>) -> HandlerResult {
    let Ok(game) = ctx.games.get(id).await else {
        return say(bot, who, t(who.lang, "game-gone")).await;
    };
    let on_card = tapped.is_some_and(|v| game.views.contains(v));
    if !on_card && game.colors_of(me(who)).is_empty() {
        return say(bot, who, t(who.lang, "group-not-your-game")).await;
    }
    let text = crate::game::pdn::export(&game, &Default::default());
    let file = InputFile::memory(text.into_bytes()).file_name(format!("damas-{}.pdn", game.id));
    if let Err(e) = call(bot.send_document(who.chat, file).caption(t(who.lang, "game-pdn-caption"))).await {
        tracing::info!(error = %e, "cannot send the PDN file");
    }
    Ok(())
}

async fn tap(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    q: &CallbackQuery,
    data: BoardData,
    view: Option<MessageRef>,
) -> HandlerResult {
    let lang = who.lang;
    let game = match GameId::parse(data.game()) {
        Ok(id) => ctx.games.get(&id).await.ok(),
        Err(_) => None,
    };
    let Some(game) = game else {
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
    if game.colors_of(user).is_empty() {
        answer(bot, q, Some(t(lang, "group-not-your-game"))).await;
        return Ok(());
    }
    let needs_current = matches!(action, Action::Pick(_) | Action::Resign | Action::ConfirmResign | Action::OfferDraw);
    if needs_current && game.is_over() {
        answer(bot, q, Some(t(lang, "reason-game-over"))).await;
        return Ok(());
    }
    if needs_current && data.ply() != game.ply {
        answer(bot, q, Some(t(lang, "game-board-changed"))).await;
        return Ok(());
    }
    if matches!(action, Action::Pick(_)) && game.player(game.turn).user() != Some(user) {
        answer(bot, q, Some(t(lang, "group-not-your-turn"))).await;
        return Ok(());
    }
    let idle = Step::Idle { refused: None };
    let outcome = match action {
        Action::Pick(taps) => match super::board::read_taps(&game, taps).await? {
            (_, Some(text)) => match ctx.games.play(&game.id, user, &text, Some(game.version)).await {
                Ok(next) => {
                    answer(bot, q, None).await;
                    return after_move(bot, ctx, &next).await;
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
                return rematch_started(bot, ctx, &game, fresh).await;
            }
            Err(e) => Err(e),
        },
        Action::Flip | Action::Noop | Action::Refresh => Ok(game.clone()),
    };
    match outcome {
        Ok(next) => {
            answer(bot, q, None).await;
            let change = if next.is_over() { Change::Board } else { Change::Text };
            show(bot, ctx, &next, &idle, Controls::Normal, change).await
        }
        Err(e) => {
            answer(bot, q, Some(refusal(lang, &e))).await;
            Ok(())
        }
    }
}

/// Both asked for a rematch: the old card keeps the result, the new game gets its own card (an
/// inline message, which cannot be answered with a new message, shows the new game instead).
async fn rematch_started(bot: &Bot, ctx: &Ctx, old: &Game, fresh: Game) -> HandlerResult {
    let lang = card_lang(ctx, &old.id).await;
    set_card_lang(ctx, &fresh.id, lang).await;
    let old = ctx.games.get(&old.id).await.unwrap_or_else(|_| old.clone());
    // The old game's cards are handled here: a chat card keeps the result, an inline one turns
    // into the new game.
    super::follow::claim(ctx, &old.id, old.version).await;
    let mut fresh = fresh;
    for view in &old.views {
        match view {
            MessageRef::Chat { chat_id, message_id } => {
                show_on(bot, ctx, &old, view, &Step::Idle { refused: None }, Controls::Normal, Change::Text).await?;
                fresh = post_card(bot, ctx, &fresh, ChatId(chat_id.0), Some(MessageId(*message_id))).await?;
            }
            MessageRef::Inline { .. } => {
                fresh = ctx.games.add_view(&fresh.id, view.clone()).await?;
                super::follow::claim(ctx, &fresh.id, fresh.version).await;
                show_on(bot, ctx, &fresh, view, &Step::Idle { refused: None }, Controls::Normal, Change::Board).await?;
            }
        }
    }
    notify_turn(bot, ctx, &fresh).await;
    Ok(())
}

// ---- /games, /top, ratings ----

/// `/games`: the unfinished games and open challenges of this chat.
pub async fn games(bot: &Bot, ctx: &Ctx, who: &Who) -> HandlerResult {
    let lang = who.lang;
    let games = ctx.games.in_chat(GameChat(who.chat.0)).await?;
    if games.is_empty() {
        return say(bot, who, t(lang, "games-none")).await;
    }
    let mut lines = vec![t(lang, "games-title")];
    for g in games.iter().take(30) {
        let variant = variant_name(lang, g.variant);
        let line = match g.status {
            Status::Waiting => match card::challenger(g) {
                Some((_, p)) => {
                    tf(lang, "games-open", &[("name", &super::board::player_name(lang, p)), ("variant", &variant)])
                }
                None => continue,
            },
            _ => tf(
                lang,
                "games-line",
                &[
                    ("white", &super::board::player_name(lang, &g.white)),
                    ("black", &super::board::player_name(lang, &g.black)),
                    ("variant", &variant),
                    ("n", &(g.moves.len() + 1)),
                    ("turn", &super::board::player_name(lang, g.player(g.turn))),
                ],
            ),
        };
        lines.push(line);
    }
    say(bot, who, lines.join("\n")).await
}

fn rating_text(entry: &crate::game::ratings::RatingEntry) -> String {
    let r = entry.glicko.rating.round() as i64;
    if entry.is_provisional() { format!("{r}?") } else { r.to_string() }
}

/// `/top [variant]`: the best ratings in this group and overall.
pub async fn top(bot: &Bot, ctx: &Ctx, who: &Who, private: bool, args: &[String]) -> HandlerResult {
    let lang = who.lang;
    let variants: Vec<VariantId> = match args.first() {
        Some(word) => match word.parse::<VariantId>() {
            Ok(v) => vec![v],
            Err(_) => {
                return say(bot, who, tf(lang, "variant-unknown", &[("name", &escape(word))])).await;
            }
        },
        None => VariantId::ALL.to_vec(),
    };
    let n = if variants.len() == 1 { 10 } else { 5 };
    let mut scopes = Vec::new();
    if !private {
        scopes.push((RatingScope::Chat(GameChat(who.chat.0)), t(lang, "top-group")));
    }
    scopes.push((RatingScope::Global, t(lang, "top-global")));
    let mut sections = Vec::new();
    for (scope, title) in scopes {
        let mut lines = Vec::new();
        for variant in &variants {
            let board = ctx.games.leaderboard(scope, *variant, n).await?;
            if board.is_empty() {
                continue;
            }
            lines.push(format!("<i>{}</i>", variant_name(lang, *variant)));
            for (i, entry) in board.iter().enumerate() {
                lines.push(tf(
                    lang,
                    "top-line",
                    &[
                        ("rank", &(i + 1)),
                        ("name", &escape(&entry.name)),
                        ("rating", &rating_text(entry)),
                        ("games", &entry.games),
                    ],
                ));
            }
        }
        if !lines.is_empty() {
            sections.push(format!("<b>{title}</b>\n{}", lines.join("\n")));
        }
    }
    if sections.is_empty() {
        return say(bot, who, t(lang, "top-none")).await;
    }
    say(bot, who, sections.join("\n\n")).await
}

/// The user's ratings, for `/stats`: overall, and in this group when asked in one.
pub async fn rating_lines(ctx: &Ctx, who: &Who) -> String {
    let lang = who.lang;
    let mut out = String::new();
    let mut scopes = vec![(RatingScope::Global, t(lang, "stats-ratings"))];
    if who.chat.0 < 0 {
        scopes.push((RatingScope::Chat(GameChat(who.chat.0)), t(lang, "stats-ratings-group")));
    }
    for (scope, title) in scopes {
        let Ok(entries) = ctx.games.ratings_of(me(who), scope).await else {
            continue;
        };
        if entries.is_empty() {
            continue;
        }
        let items: Vec<String> = entries
            .iter()
            .map(|(v, e)| {
                tf(
                    lang,
                    "stats-rating",
                    &[("variant", &variant_name(lang, *v)), ("rating", &rating_text(e)), ("games", &e.games)],
                )
            })
            .collect();
        out.push_str(&format!("\n<b>{title}</b>\n{}", items.join("\n")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_of_this_module() {
        assert_eq!(parse("/retar inglesas", "b"), Some(("retar".into(), vec!["inglesas".into()])));
        assert_eq!(parse("/challenge@DamasBot", "damasbot"), Some(("challenge".into(), vec![])));
        assert_eq!(parse("/challenge@other", "damasbot"), None);
        assert_eq!(parse("hello", "b"), None);
    }
}
