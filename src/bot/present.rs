//! Putting a composed board in front of people: sending it and editing it in place. The player's
//! own board in private and the shared cards of groups and inline messages go through here alike;
//! what they show is composed elsewhere ([`super::board`], [`super::card`]).

use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::{InputFile, InputMedia, InputMediaPhoto, Message, MessageId, ParseMode, ReplyParameters};

use super::board::BoardMessage;
use super::telegram::{call, edit};

/// A message that shows a board.
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    Chat(ChatId, MessageId),
    /// A message sent in inline mode (it takes no uploads: a new picture goes by URL).
    Inline(&'a str),
}

/// What an edit replaces.
#[derive(Debug)]
pub enum Edit {
    /// The buttons only (a piece picked up).
    Keyboard,
    /// The text and buttons of a message without a picture.
    Text,
    /// The caption and buttons of a picture, which stays.
    Caption,
    /// The picture too, with its caption and buttons.
    Picture(InputFile),
}

/// The picture of a composed board as a file to upload.
pub fn upload(png: &[u8]) -> InputFile {
    InputFile::memory(png.to_vec()).file_name("board.png")
}

/// Sends a composed board to `chat`: a photo with its caption, or a text message when it has no
/// picture; as a reply to `reply_to` when given.
pub async fn send(
    bot: &Bot,
    chat: ChatId,
    message: &BoardMessage,
    reply_to: Option<MessageId>,
) -> Result<Message, RequestError> {
    let reply = reply_to.map(|to| ReplyParameters::new(to).allow_sending_without_reply());
    match &message.png {
        Some(png) => {
            let mut request = bot
                .send_photo(chat, upload(png))
                .caption(message.caption.clone())
                .parse_mode(ParseMode::Html)
                .reply_markup(message.markup.clone());
            if let Some(reply) = reply {
                request = request.reply_parameters(reply);
            }
            call(request).await
        }
        None => {
            let mut request = bot
                .send_message(chat, message.caption.clone())
                .parse_mode(ParseMode::Html)
                .reply_markup(message.markup.clone());
            if let Some(reply) = reply {
                request = request.reply_parameters(reply);
            }
            call(request).await
        }
    }
}

/// Edits a board message in place; an edit that changes nothing is not an error.
pub async fn edit_board(bot: &Bot, target: Target<'_>, message: &BoardMessage, what: Edit) -> Result<(), RequestError> {
    let (caption, markup) = (message.caption.clone(), message.markup.clone());
    match (target, what) {
        (Target::Chat(chat, id), Edit::Keyboard) => {
            edit(bot.edit_message_reply_markup(chat, id).reply_markup(markup)).await
        }
        (Target::Chat(chat, id), Edit::Text) => {
            edit(bot.edit_message_text(chat, id, caption).parse_mode(ParseMode::Html).reply_markup(markup)).await
        }
        (Target::Chat(chat, id), Edit::Caption) => {
            edit(bot.edit_message_caption(chat, id).caption(caption).parse_mode(ParseMode::Html).reply_markup(markup))
                .await
        }
        (Target::Chat(chat, id), Edit::Picture(file)) => {
            let media = InputMediaPhoto::new(file).caption(caption).parse_mode(ParseMode::Html);
            edit(bot.edit_message_media(chat, id, InputMedia::Photo(media)).reply_markup(markup)).await
        }
        (Target::Inline(id), Edit::Keyboard) => {
            edit(bot.edit_message_reply_markup_inline(id.to_owned()).reply_markup(markup)).await
        }
        (Target::Inline(id), Edit::Text) => {
            edit(bot.edit_message_text_inline(id.to_owned(), caption).parse_mode(ParseMode::Html).reply_markup(markup))
                .await
        }
        (Target::Inline(id), Edit::Caption) => {
            edit(
                bot.edit_message_caption_inline(id.to_owned())
                    .caption(caption)
                    .parse_mode(ParseMode::Html)
                    .reply_markup(markup),
            )
            .await
        }
        (Target::Inline(id), Edit::Picture(file)) => {
            let media = InputMediaPhoto::new(file).caption(caption).parse_mode(ParseMode::Html);
            edit(bot.edit_message_media_inline(id.to_owned(), InputMedia::Photo(media)).reply_markup(markup)).await
        }
    }
}
