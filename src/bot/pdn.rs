//! A game as a PDN file in a chat: the private `/pdn` and the PDN button of a card send the same.

use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::InputFile;

use super::i18n::{Lang, t};
use super::telegram::call;
use crate::game::Game;

/// Sends `game` as `damas-<id>.pdn` to `chat`.
pub async fn send(bot: &Bot, chat: ChatId, lang: Lang, game: &Game) -> Result<(), RequestError> {
    let text = crate::game::pdn::export(game, &Default::default());
    let file = InputFile::memory(text.into_bytes()).file_name(format!("damas-{}.pdn", game.id));
    call(bot.send_document(chat, file).caption(t(lang, "game-pdn-caption"))).await?;
    Ok(())
}
