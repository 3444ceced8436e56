//! Playing in private chat: one function per user action. The game service decides; these read
//! the request, call it, and show the board message (see [`super::board`]).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::{
    CallbackQuery, ChatAction, InlineKeyboardButton, InlineKeyboardMarkup, MessageId, ParseMode, WebAppInfo,
};

use super::board::{self, BoardMessage, Look};
use super::callback::{Action, BoardData, Callback, Menu};
use super::facts::Fact;
use super::i18n::{t, tf};
use super::keyboard::Step;
use super::prefs::BoardMode;
use super::present::{self, Edit, Target};
use super::refusal::{Audience, refusal};
use super::tap::{answer as answer_tap, tapped_game, vet};
use super::telegram::{call, edit};
use super::views;
use super::who::Who;
use super::{Ctx, HandlerResult};
use crate::game::service::{GameError, Rematch};
use crate::game::{ChatId as GameChat, Game, GameId, MessageRef, Status, UserId};
use crate::rules::{Color, VariantId};

/// What each board message shows now, and for which version of the game, so edits that would
/// change nothing are not sent. Kept per process: another instance (webhook mode) may have edited
/// the message since, but it did so for a newer version, and a cached fingerprint only counts for
/// the version it was made for. Lost on restart, which costs at most one redundant edit per board.
#[derive(Default)]
pub struct Shown {
    inner: Mutex<HashMap<(i64, i32), (u64, Fingerprint)>>,
}

type Fingerprint = (u64, u64, u64);

impl Shown {
    /// The fingerprint of message `key` if it was last drawn here for `version`.
    fn get(&self, key: (i64, i32), version: u64) -> Option<Fingerprint> {
        let map = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        map.get(&key).filter(|(v, _)| *v == version).map(|(_, f)| *f)
    }

    fn set(&self, key: (i64, i32), version: u64, value: Fingerprint) {
        let mut map = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        // Boards of long-finished games are never edited again; a bounded map is enough.
        if map.len() > 50_000 {
            map.clear();
        }
        map.insert(key, (version, value));
    }
}

/// How a board is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Show {
    /// Edit the board message in place (a new one when there is none or the edit fails).
    Edit,
    /// Only the keyboard changed (a piece picked up).
    Selection,
    /// Send a new board message.
    New,
}

fn me(who: &Who) -> UserId {
    UserId(who.user)
}

async fn say(bot: &Bot, who: &Who, text: String) -> HandlerResult {
    call(bot.send_message(who.chat, text).parse_mode(ParseMode::Html)).await?;
    Ok(())
}

/// The user's current game in private chat: the unfinished game against the engine (games
/// between people belong to the chats they are played in).
async fn current(ctx: &Ctx, who: &Who) -> Result<Option<Game>, GameError> {
    Ok(ctx.games.active(me(who)).await?.into_iter().find(|g| g.white.is_engine() || g.black.is_engine()))
}

/// Starts a game against the engine and sends its board. `fen` starts from a position. One game
/// against the engine at a time: typed moves and /undo, /resign... need no game named.
pub async fn new_game(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    variant: VariantId,
    level: u8,
    color: Option<Color>,
    fen: Option<String>,
) -> HandlerResult {
    if current(ctx, who).await?.is_some() {
        return in_progress(bot, who).await;
    }
    let color = color.unwrap_or_else(|| if rand::random::<bool>() { Color::White } else { Color::Black });
    busy(bot, who).await;
    match ctx.games.vs_engine(me(who), &who.first_name, variant, level, color, fen).await {
        Ok(game) => {
            show(bot, ctx, who, &game, &idle(), false, Show::New, None).await?;
            if game.is_over() {
                announce_end(bot, who, &game).await?;
            }
            Ok(())
        }
        Err(e) => refuse(bot, who, e).await,
    }
}

/// Says that a game against the engine is running already, with buttons to show or resign it.
async fn in_progress(bot: &Bot, who: &Who) -> HandlerResult {
    // Both act on whatever game is current when tapped (the resign question asks first).
    let markup = InlineKeyboardMarkup::new(vec![vec![
        InlineKeyboardButton::callback(t(who.lang, "game-button-board"), Callback::Menu(Menu::Board).encode()),
        InlineKeyboardButton::callback(t(who.lang, "game-button-resign"), Callback::Menu(Menu::Resign).encode()),
    ]]);
    call(bot.send_message(who.chat, t(who.lang, "game-in-progress")).parse_mode(ParseMode::Html).reply_markup(markup))
        .await?;
    Ok(())
}

/// A move typed as text, or after /m.
pub async fn typed_move(bot: &Bot, ctx: &Ctx, who: &Who, text: &str) -> HandlerResult {
    let Some(game) = current(ctx, who).await? else { return no_game(bot, who).await };
    make_move(bot, ctx, who, game, text.trim(), None).await
}

/// Plays `text` and shows the board: "thinking…" once the move stands and the engine has been
/// searching for `engine.thinking_notice_ms`, then the engine's reply. A quick reply (the easy
/// levels) is the only edit, which saves drawing and uploading a picture per move.
async fn make_move(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    game: Game,
    text: &str,
    target: Option<MessageRef>,
) -> HandlerResult {
    let mut events = ctx.games.subscribe(&game.id).await.ok();
    let mut listening = events.is_some();
    let play = ctx.games.play(&game.id, me(who), text, Some(game.version));
    tokio::pin!(play);
    let thinking = tokio::time::sleep(Duration::MAX);
    tokio::pin!(thinking);
    let mut stored = None;
    let result = loop {
        tokio::select! {
            biased;
            result = &mut play => break result,
            event = async {
                match events.as_mut() {
                    Some(rx) => rx.recv().await.ok(),
                    None => None,
                }
            }, if listening => match event {
                // The move is stored and the engine is searching (the service awaits the search
                // before storing its reply, so an edit made now lands before the final one).
                Some(event) if event.version == game.version + 1 && event.status == Status::Active => {
                    stored = Some(event);
                    thinking.as_mut().reset(tokio::time::Instant::now() + ctx.config.engine.thinking_notice);
                    if ctx.config.engine.thinking_notice.is_zero() {
                        // At once, before the reply is stored (play is not polled meanwhile).
                        show_thinking(bot, ctx, who, stored.take(), target.clone()).await;
                    }
                }
                Some(_) => {}
                None => listening = false,
            },
            () = &mut thinking, if stored.is_some() => show_thinking(bot, ctx, who, stored.take(), target.clone()).await,
        }
    };
    match result {
        Ok(game) => {
            show(bot, ctx, who, &game, &idle(), false, Show::Edit, target).await?;
            if game.is_over() {
                announce_end(bot, who, &game).await?;
            }
            Ok(())
        }
        Err(e) => refuse(bot, who, e).await,
    }
}

/// The board after the player's move, saying the engine is thinking, if the game is still there.
async fn show_thinking(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    stored: Option<crate::game::GameEvent>,
    target: Option<MessageRef>,
) {
    if let Some(event) = stored
        && let Ok(now) = ctx.games.get(&event.id).await
        && now.version == event.version
        && now.player(now.turn).is_engine()
        && let Err(e) = show(bot, ctx, who, &now, &idle(), true, Show::Edit, target).await
    {
        tracing::warn!(error = %e, "cannot show the thinking board");
    }
}

/// "typing…" in the chat header while a new game is set up: the engine may have the first move,
/// and there is no board yet to say it is thinking.
async fn busy(bot: &Bot, who: &Who) {
    if let Err(e) = call(bot.send_chat_action(who.chat, ChatAction::Typing)).await {
        tracing::debug!(error = %e, "sendChatAction failed");
    }
}

fn idle() -> Step {
    Step::Idle { refused: None }
}

/// Tells the user why the service refused.
async fn refuse(bot: &Bot, who: &Who, error: GameError) -> HandlerResult {
    say(bot, who, refusal(who.lang, &error, Audience::Player)).await
}

async fn no_game(bot: &Bot, who: &Who) -> HandlerResult {
    say(bot, who, t(who.lang, "no-game")).await
}

/// The result message with rematch, PDN and new-game buttons.
async fn announce_end(bot: &Bot, who: &Who, game: &Game) -> HandlerResult {
    let text = board::result_text(game, me(who), who.lang);
    let markup = InlineKeyboardMarkup::new(vec![board::end_buttons(game, who.lang)]);
    call(bot.send_message(who.chat, text).parse_mode(ParseMode::Html).reply_markup(markup)).await?;
    Ok(())
}

async fn turned(ctx: &Ctx, game: &GameId, user: UserId) -> bool {
    matches!(ctx.facts.get(Fact::Flipped(game, user)).await, Ok(Some(v)) if v == "1")
}

/// The board message this chat shows for `game`: the newest one.
fn view_in(game: &Game, chat: ChatId) -> Option<MessageRef> {
    game.views.iter().rev().find(|v| matches!(v, MessageRef::Chat { chat_id, .. } if chat_id.0 == chat.0)).cloned()
}

/// The Mini App page of a game (`<public_url>/app?game=<id>`), when the server has a public https
/// address: Telegram opens only https pages in a Mini App.
pub fn app_url(ctx: &Ctx, game: &GameId) -> Option<url::Url> {
    let base = ctx.config.http.public_url.as_ref().filter(|u| u.scheme() == "https")?;
    let mut url = url::Url::parse(&format!("{}/app", base.as_str().trim_end_matches('/'))).ok()?;
    url.query_pairs_mut().append_pair("game", game.as_str());
    Some(url)
}

/// A last row with the button opening the game in the Mini App (private chats only take these).
fn add_app_button(ctx: &Ctx, who: &Who, game: &Game, message: &mut BoardMessage) {
    if let Some(url) = app_url(ctx, &game.id) {
        message
            .markup
            .inline_keyboard
            .push(vec![InlineKeyboardButton::web_app(t(who.lang, "card-open-app"), WebAppInfo { url })]);
    }
}

/// Composes the board for the user and sends or edits it.
#[allow(clippy::too_many_arguments)]
async fn show(
    bot: &Bot,
    ctx: &Ctx,
    who: &Who,
    game: &Game,
    step: &Step,
    thinking: bool,
    how: Show,
    target: Option<MessageRef>,
) -> HandlerResult {
    let look = Look::of(who.lang, &who.prefs, game, me(who), turned(ctx, &game.id, me(who)).await);
    let picture = how != Show::Selection;
    let (g, l, s, viewer) = (game.clone(), look.clone(), step.clone(), me(who));
    let mut message =
        tokio::task::spawn_blocking(move || board::compose(&g, viewer, &l, &s, thinking, picture)).await??;
    add_app_button(ctx, who, game, &mut message);
    let target = match how {
        Show::New => None,
        _ => target.or_else(|| view_in(game, who.chat)),
    };
    if let Some(MessageRef::Chat { chat_id, message_id }) = target {
        match edit_board(bot, ctx, (chat_id.0, message_id), game.version, &look, &message, how).await {
            Ok(()) => return Ok(()),
            // A selection only makes sense on the message tapped.
            Err(e) if how == Show::Selection => return Err(e.into()),
            Err(e) => tracing::info!(error = %e, "cannot edit the board; sending a new one"),
        }
    }
    let message = match (how, message.png.is_none() && look.mode == BoardMode::Image) {
        // A selection tap on a board that is gone: draw it whole.
        (Show::Selection, _) | (_, true) => {
            let (g, viewer) = (game.clone(), me(who));
            let mut message =
                tokio::task::spawn_blocking(move || board::compose(&g, viewer, &look, &idle(), thinking, true))
                    .await??;
            add_app_button(ctx, who, game, &mut message);
            message
        }
        _ => message,
    };
    let sent = present::send(bot, who.chat, &message, None).await?;
    ctx.shown.set((who.chat.0, sent.id.0), game.version, message.fingerprint());
    // The board it replaces keeps its picture but not its buttons: only the newest one is played on.
    if let Some(MessageRef::Chat { chat_id, message_id }) = view_in(game, who.chat)
        && message_id != sent.id.0
        && let Err(e) = edit(bot.edit_message_reply_markup(ChatId(chat_id.0), MessageId(message_id))).await
    {
        tracing::debug!(error = %e, "cannot remove the old board's buttons");
    }
    let view = MessageRef::Chat { chat_id: GameChat(who.chat.0), message_id: sent.id.0 };
    if let Err(e) = ctx.games.add_view(&game.id, view).await {
        // The board works without it; only later edits would go to a new message.
        tracing::warn!(error = %e, game = %game.id, "cannot record the board message");
    }
    Ok(())
}

/// Edits a board message with as little as changed: the keyboard, the caption, or the picture.
async fn edit_board(
    bot: &Bot,
    ctx: &Ctx,
    key: (i64, i32),
    version: u64,
    look: &Look,
    message: &BoardMessage,
    how: Show,
) -> Result<(), teloxide::RequestError> {
    let target = Target::Chat(ChatId(key.0), MessageId(key.1));
    let (png, caption, markup) = message.fingerprint();
    let before = ctx.shown.get(key, version);
    let same_keyboard = before.is_some_and(|b| b.2 == markup);
    if how == Show::Selection {
        if !same_keyboard {
            present::edit_board(bot, target, message, Edit::Keyboard).await?;
            if let Some(b) = before {
                ctx.shown.set(key, version, (b.0, b.1, markup));
            }
        }
        return Ok(());
    }
    let same_caption = before.is_some_and(|b| b.1 == caption);
    let what = match (&message.png, look.mode) {
        (Some(bytes), BoardMode::Image) => {
            let same_picture = before.is_some_and(|b| b.0 == png);
            if same_picture && same_caption && same_keyboard {
                return Ok(());
            }
            if same_picture { Edit::Caption } else { Edit::Picture(present::upload(bytes)) }
        }
        _ => {
            if same_caption && same_keyboard {
                return Ok(());
            }
            Edit::Text
        }
    };
    present::edit_board(bot, target, message, what).await?;
    ctx.shown.set(key, version, message.fingerprint());
    Ok(())
}

/// After the board style was switched in the settings: the game's board again, drawn the new way
/// (a picture cannot be edited into buttons), the old one's keyboard removed.
pub async fn redraw_after_style_change(bot: &Bot, ctx: &Ctx, who: &Who) -> HandlerResult {
    let Some(game) = current(ctx, who).await? else { return Ok(()) };
    if view_in(&game, who.chat).is_none() {
        return Ok(());
    }
    show(bot, ctx, who, &game, &idle(), false, Show::New, None).await
}

/// /board: the board again, as a new message (the one edited from now on).
pub async fn board(bot: &Bot, ctx: &Ctx, who: &Who) -> HandlerResult {
    let Some(game) = current(ctx, who).await? else { return no_game(bot, who).await };
    show(bot, ctx, who, &game, &idle(), false, Show::New, None).await
}

/// /resign: asks first.
pub async fn ask_resign(bot: &Bot, ctx: &Ctx, who: &Who) -> HandlerResult {
    let Some(game) = current(ctx, who).await? else { return no_game(bot, who).await };
    resign_question(bot, who, &game).await
}

async fn resign_question(bot: &Bot, who: &Who, game: &Game) -> HandlerResult {
    let yes = BoardData::new(game.id.as_str(), game.ply, Action::ConfirmResign)
        .map(|d| d.encode())
        .unwrap_or_else(|_| "m:x".into());
    let markup = InlineKeyboardMarkup::new(vec![vec![
        InlineKeyboardButton::callback(t(who.lang, "game-resign-yes"), yes),
        InlineKeyboardButton::callback(t(who.lang, "game-resign-no"), Callback::Menu(Menu::Keep).encode()),
    ]]);
    call(
        bot.send_message(who.chat, t(who.lang, "game-resign-confirm")).parse_mode(ParseMode::Html).reply_markup(markup),
    )
    .await?;
    Ok(())
}

/// Resigns after the user confirmed on `question`, whose buttons then go (the answer is given).
async fn resign(bot: &Bot, ctx: &Ctx, who: &Who, game: &Game, question: Option<MessageRef>) -> HandlerResult {
    match ctx.games.resign(&game.id, me(who), None).await {
        Ok(game) => {
            if let Some(MessageRef::Chat { chat_id, message_id }) = question
                && let Err(e) = edit(bot.edit_message_reply_markup(ChatId(chat_id.0), MessageId(message_id))).await
            {
                tracing::info!(error = %e, "cannot remove the resign buttons");
            }
            show(bot, ctx, who, &game, &idle(), false, Show::Edit, None).await?;
            announce_end(bot, who, &game).await
        }
        Err(e) => refuse(bot, who, e).await,
    }
}

/// /undo: takes back the user's last move (and the engine's reply).
pub async fn undo(bot: &Bot, ctx: &Ctx, who: &Who) -> HandlerResult {
    let Some(game) = current(ctx, who).await? else { return no_game(bot, who).await };
    match ctx.games.takeback(&game.id, me(who), Some(game.version)).await {
        Ok(game) => {
            say(bot, who, t(who.lang, "game-undone")).await?;
            show(bot, ctx, who, &game, &idle(), false, Show::Edit, None).await
        }
        Err(e) => refuse(bot, who, e).await,
    }
}

/// /draw: the engine never agrees to a draw (the service declines for it); between people it
/// would be an offer.
pub async fn draw(bot: &Bot, ctx: &Ctx, who: &Who) -> HandlerResult {
    let Some(game) = current(ctx, who).await? else { return no_game(bot, who).await };
    offer_draw(bot, ctx, who, &game).await
}

async fn offer_draw(bot: &Bot, ctx: &Ctx, who: &Who, game: &Game) -> HandlerResult {
    match ctx.games.offer_draw(&game.id, me(who), None).await {
        Ok(game) if game.is_over() => {
            show(bot, ctx, who, &game, &idle(), false, Show::Edit, None).await?;
            announce_end(bot, who, &game).await
        }
        Ok(_) => say(bot, who, t(who.lang, "game-draw-offered")).await,
        Err(e) => refuse(bot, who, e).await,
    }
}

/// /pdn: the current game, else the last finished one, as a file.
pub async fn pdn(bot: &Bot, ctx: &Ctx, who: &Who, id: Option<GameId>) -> HandlerResult {
    let game = match id {
        Some(id) => ctx.games.get(&id).await.ok().filter(|g| !g.colors_of(me(who)).is_empty()),
        None => match current(ctx, who).await? {
            Some(g) => Some(g),
            None => ctx.games.history(me(who), 1).await?.into_iter().next(),
        },
    };
    let Some(game) = game else { return no_game(bot, who).await };
    super::pdn::send(bot, who.chat, who.lang, &game).await?;
    Ok(())
}

/// /stats: wins, losses and draws from the finished games kept.
pub async fn stats(bot: &Bot, ctx: &Ctx, who: &Who) -> HandlerResult {
    let games = ctx.games.history(me(who), 500).await?;
    let (mut won, mut lost, mut drawn) = (0u32, 0u32, 0u32);
    for g in games.iter().filter(|g| g.status == Status::Finished) {
        let mine = g.colors_of(me(who));
        match g.result.as_ref().map(|r| r.winner) {
            Some(None) => drawn += 1,
            Some(Some(w)) if mine.contains(&w) => won += 1,
            Some(Some(_)) => lost += 1,
            None => {}
        }
    }
    let total = won + lost + drawn;
    if total == 0 {
        return say(bot, who, t(who.lang, "stats-none")).await;
    }
    let ratings = super::group::rating_lines(ctx, who).await;
    say(
        bot,
        who,
        tf(who.lang, "stats", &[("total", &total), ("won", &won), ("lost", &lost), ("drawn", &drawn)]) + &ratings,
    )
    .await
}

/// "New game" button: the variant menu of /play.
pub async fn new_game_menu(bot: &Bot, who: &Who) -> HandlerResult {
    call(
        bot.send_message(who.chat, t(who.lang, "play-choose-variant"))
            .reply_markup(views::variant_menu(who.lang, Menu::PlayVariant)),
    )
    .await?;
    Ok(())
}

/// "Keep playing" on the resign question.
pub async fn keep_playing(bot: &Bot, who: &Who, message: MessageId) -> HandlerResult {
    edit(bot.edit_message_text(who.chat, message, t(who.lang, "game-resign-cancelled"))).await?;
    Ok(())
}

/// A tap on a board button (or the resign confirmation). Answers the tap itself: at once, with
/// "the board has changed" when the tap was made on an older board.
pub async fn tap(bot: &Bot, ctx: &Ctx, who: &Who, q: &CallbackQuery, data: BoardData) -> HandlerResult {
    let Some(game) = tapped_game(ctx, &data).await else {
        answer_tap(bot, q, Some(t(who.lang, "game-gone"))).await;
        return Ok(());
    };
    // A private board is its player's: a tap with another game's id shows nothing and changes
    // nothing. A piece picked while the engine is to move is ignored quietly.
    match vet(&game, me(who), &data) {
        Ok(()) | Err(GameError::NotYourTurn) => answer_tap(bot, q, None).await,
        Err(e) => {
            // A tap's notice is short: the wording a card's tap gets.
            answer_tap(bot, q, Some(refusal(who.lang, &e, Audience::Card))).await;
            return Ok(());
        }
    }
    let tapped =
        q.message.as_ref().map(|m| MessageRef::Chat { chat_id: GameChat(m.chat().id.0), message_id: m.id().0 });
    match data.action().clone() {
        Action::Noop | Action::AcceptDraw | Action::DeclineDraw => Ok(()),
        Action::Pick(_) if game.player(game.turn).user() != Some(me(who)) => Ok(()),
        Action::Pick(taps) => match board::read_taps(&game, taps).await? {
            (_, Some(text)) => make_move(bot, ctx, who, game, &text, tapped).await,
            (step, None) => show(bot, ctx, who, &game, &step, false, Show::Selection, tapped).await,
        },
        Action::Resign => resign_question(bot, who, &game).await,
        Action::ConfirmResign => resign(bot, ctx, who, &game, tapped).await,
        Action::OfferDraw => offer_draw(bot, ctx, who, &game).await,
        Action::Flip => {
            let next = if turned(ctx, &game.id, me(who)).await { "0" } else { "1" };
            ctx.facts.set(Fact::Flipped(&game.id, me(who)), next).await?;
            show(bot, ctx, who, &game, &idle(), false, Show::Edit, tapped).await
        }
        Action::Refresh => show(bot, ctx, who, &game, &idle(), false, Show::Edit, tapped).await,
        // A rematch not started yet would be a second game against the engine.
        Action::Rematch if game.rematch.is_none() && current(ctx, who).await?.is_some() => in_progress(bot, who).await,
        Action::Rematch => {
            busy(bot, who).await;
            match ctx.games.rematch(&game.id, me(who)).await {
                Ok(Rematch::Started(next)) => show(bot, ctx, who, &next, &idle(), false, Show::New, None).await,
                Ok(Rematch::Offered(_)) => say(bot, who, t(who.lang, "game-rematch-offered")).await,
                Err(e) => refuse(bot, who, e).await,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shown_board_counts_only_for_the_version_it_was_drawn_for() {
        let shown = Shown::default();
        shown.set((-5, 7), 3, (1, 2, 3));
        assert_eq!(shown.get((-5, 7), 3), Some((1, 2, 3)));
        // Another instance may have drawn version 4 on the message meanwhile: edit whatever we have.
        assert_eq!(shown.get((-5, 7), 4), None);
        assert_eq!(shown.get((-5, 8), 3), None);
        shown.set((-5, 7), 4, (1, 2, 9));
        assert_eq!(shown.get((-5, 7), 3), None);
    }
}
