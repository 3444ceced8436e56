//! The shared card of a game between people, in a chat or inline: its language, its picture and
//! text, and editing it after a change.

use teloxide::prelude::*;
use teloxide::types::{InputFile, MessageId};

use crate::bot::card::{self, Controls, Place};
use crate::bot::facts::Fact;
use crate::bot::i18n::Lang;
use crate::bot::keyboard::Step;
use crate::bot::present::{self, Edit, Target};
use crate::bot::{Ctx, HandlerResult};
use crate::game::{Game, MessageRef};

/// The language a game's card is written in: the challenger's, kept in the game (games stored
/// before it was kept there have it as a fact).
pub async fn card_lang(ctx: &Ctx, game: &Game) -> Lang {
    match game.lang {
        Some(lang) => lang,
        None => card_lang_of(ctx.facts.get(Fact::CardLang(&game.id)).await.ok().flatten().as_deref()),
    }
}

/// A card language from its stored form: English when none is stored.
pub(super) fn card_lang_of(stored: Option<&str>) -> Lang {
    stored.and_then(Lang::parse_word).unwrap_or(Lang::En)
}

/// Whether an inline card is a photo (set before its game is created).
pub async fn is_photo_card(ctx: &Ctx, inline_message_id: &str) -> bool {
    matches!(ctx.facts.get(Fact::InlinePhoto(inline_message_id)).await, Ok(Some(_)))
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

pub(super) fn place_of(ctx: &Ctx, view: &MessageRef) -> Place {
    Place { picture: matches!(view, MessageRef::Chat { .. }), mini_app: mini_app(ctx) }
}

/// A game between two people (or a challenge): shown on shared cards.
pub fn is_people_game(game: &Game) -> bool {
    !game.white.is_engine() && !game.black.is_engine()
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
    let lang = card_lang(ctx, game).await;
    let place = place_of(ctx, view);
    let picture = change == Change::Board;
    let g = game.clone();
    let s = step.clone();
    let message = tokio::task::spawn_blocking(move || card::compose(&g, lang, &s, controls, &place, picture)).await??;
    let (target, what) = match view {
        MessageRef::Chat { chat_id, message_id } => {
            let what = match (change, &message.png) {
                (Change::Keyboard, _) => Edit::Keyboard,
                (Change::Board, Some(png)) => Edit::Picture(present::upload(png)),
                _ => Edit::Caption,
            };
            (Target::Chat(ChatId(chat_id.0), MessageId(*message_id)), what)
        }
        MessageRef::Inline { inline_message_id } => {
            let photo = is_photo_card(ctx, inline_message_id).await;
            let what = match (change, photo, board_url(ctx, game)) {
                (Change::Keyboard, _, _) => Edit::Keyboard,
                // Inline messages take no uploads: the picture goes by its URL on this server.
                (Change::Board, true, Some(url)) => Edit::Picture(InputFile::url(url)),
                (_, true, _) => Edit::Caption,
                (_, false, _) => Edit::Text,
            };
            (Target::Inline(inline_message_id), what)
        }
    };
    present::edit_board(bot, target, &message, what).await?;
    Ok(())
}
