//! The shared card of a game between two people: one message in a group (or one inline message)
//! that everybody sees, so it never says "you". While a seat is open it is the challenge with
//! Accept / Decline / Cancel; then the board with the side to move's keyboard; at the end the
//! result with rematch and PDN. Pure and synchronous like [`super::board`].

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::board::{self, BoardError, BoardMessage, player_name};
use super::callback::{Action, BoardData, Callback, CardAction, CardButton};
use super::i18n::{Lang, t, tf};
use super::keyboard::{self, Labels, Step};
use super::views::color_name;
use super::views::{escape, variant_name};
use crate::game::{Game, Player, Status, UserId};
use crate::render::{BoardView, Theme, board_png};
use crate::rules::{Color, Position};

/// Nobody: the card is written for spectators and both players alike.
const NOBODY: UserId = UserId(0);

/// What the card's control row shows besides the usual buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controls {
    Normal,
    /// "Resign? yes / no", after a tap on the resign button.
    ConfirmResign,
}

/// Where the card lives: a chat message can carry a picture, an inline message only text.
#[derive(Clone, Debug)]
pub struct Place {
    pub picture: bool,
    /// `t.me/<bot>/<app>?startapp=<game>` base (without the game), when a Mini App is configured.
    pub mini_app: Option<String>,
}

/// A player's name as a mention (a tap opens their profile, and the invited person is notified).
pub fn mention(player: &Player) -> String {
    match player {
        Player::Human { id, name } => format!("<a href=\"tg://user?id={id}\">{}</a>", escape(name)),
        other => player_name(Lang::En, other),
    }
}

fn board_button(label: String, game: &Game, action: Action) -> InlineKeyboardButton {
    let data =
        BoardData::new(game.id.as_str(), game.ply, action).map(|d| d.encode()).unwrap_or_else(|_| "m:x".to_owned());
    InlineKeyboardButton::callback(label, data)
}

/// Callback data of the challenge and card buttons.
pub fn data(action: CardAction, game: &Game) -> String {
    Callback::Card(CardButton { action, game: game.id.clone() }).encode()
}

/// The challenger of a waiting game and their colour.
pub fn challenger(game: &Game) -> Option<(Color, &Player)> {
    [Color::White, Color::Black].into_iter().map(|c| (c, game.player(c))).find(|(_, p)| p.user().is_some())
}

/// The card's text (Telegram HTML).
pub fn caption(game: &Game, lang: Lang) -> Result<String, BoardError> {
    let variant = variant_name(lang, game.variant);
    if game.status == Status::Waiting {
        let Some((color, who)) = challenger(game) else {
            return Ok(String::new());
        };
        let mut lines = vec![match &game.invited {
            Some(invited) => tf(
                lang,
                "challenge-to",
                &[("name", &mention(who)), ("opponent", &mention(invited)), ("variant", &variant)],
            ),
            None => tf(lang, "challenge-open", &[("name", &mention(who)), ("variant", &variant)]),
        }];
        lines.push(tf(
            lang,
            "challenge-colour",
            &[("name", &player_name(lang, who)), ("color", &color_name(lang, color))],
        ));
        // The rating flag is set when the seat is taken; only games from the initial position count.
        let standard =
            Position::from_fen(game.variant, &game.start_fen).is_ok_and(|p| p == Position::start(game.variant));
        if !standard {
            lines.push(t(lang, "challenge-unrated"));
        }
        return Ok(lines.join("\n"));
    }
    let (position, _) = board::position_of(game)?;
    let mut text = format!(
        "<b>{variant}</b>\n{}",
        board::caption(game, NOBODY, lang, &position, game.moves.last().map(String::as_str), false)
    );
    let live = game.status == Status::Active;
    let offers = [
        (live, game.offers.draw, "card-draw-offered"),
        (live, game.offers.takeback, "card-takeback-offered"),
        (true, game.offers.rematch, "card-rematch-offered"),
    ];
    for (shown, by, key) in offers {
        if let (true, Some(by)) = (shown, by) {
            text.push('\n');
            text.push_str(&tf(lang, key, &[("name", &player_name(lang, game.player(by)))]));
        }
    }
    Ok(text)
}

/// The card's keyboard. `step` is the move being built by the side to move.
pub fn markup(
    game: &Game,
    lang: Lang,
    step: &Step,
    controls: Controls,
    place: &Place,
) -> Result<InlineKeyboardMarkup, BoardError> {
    let mut rows: Vec<Vec<InlineKeyboardButton>> = Vec::new();
    match game.status {
        Status::Waiting => {
            let mut row =
                vec![InlineKeyboardButton::callback(t(lang, "challenge-accept"), data(CardAction::Accept, game))];
            if game.invited.is_some() {
                row.push(InlineKeyboardButton::callback(t(lang, "challenge-decline"), data(CardAction::Decline, game)));
            }
            row.push(InlineKeyboardButton::callback(t(lang, "challenge-cancel"), data(CardAction::Cancel, game)));
            rows.push(row);
        }
        Status::Active => {
            let (position, _) = board::position_of(game)?;
            let grid = keyboard::board_keyboard(&position, step, false, &Labels::default());
            for row in grid.rows {
                rows.push(row.into_iter().map(|b| board_button(b.label, game, b.action)).collect());
            }
            let row = match controls {
                Controls::ConfirmResign => vec![
                    board_button(t(lang, "game-resign-yes"), game, Action::ConfirmResign),
                    board_button(t(lang, "game-resign-no"), game, Action::Refresh),
                ],
                Controls::Normal => {
                    let mut row = vec![board_button("🏳".into(), game, Action::Resign)];
                    if game.offers.draw.is_some() {
                        row.push(board_button("🤝✅".into(), game, Action::AcceptDraw));
                        row.push(board_button("🤝❌".into(), game, Action::DeclineDraw));
                    } else {
                        row.push(board_button("🤝".into(), game, Action::OfferDraw));
                    }
                    if game.offers.takeback.is_some() {
                        row.push(InlineKeyboardButton::callback("↩️✅", data(CardAction::TakebackYes, game)));
                        row.push(InlineKeyboardButton::callback("↩️❌", data(CardAction::TakebackNo, game)));
                    } else if !game.moves.is_empty() {
                        row.push(InlineKeyboardButton::callback("↩️", data(CardAction::Takeback, game)));
                    }
                    row.push(board_button("♻️".into(), game, Action::Refresh));
                    row
                }
            };
            rows.push(row);
        }
        Status::Finished | Status::Aborted => {
            let mut row = Vec::new();
            if game.status == Status::Finished && game.rematch.is_none() {
                row.push(board_button(t(lang, "game-button-rematch"), game, Action::Rematch));
            }
            if !game.moves.is_empty() {
                row.push(InlineKeyboardButton::callback(t(lang, "game-button-pdn"), data(CardAction::Pdn, game)));
            }
            if !row.is_empty() {
                rows.push(row);
            }
        }
    }
    if let Some(base) = &place.mini_app
        && !matches!(game.status, Status::Aborted)
        && let Ok(url) = url::Url::parse(&format!("{base}?startapp={}", game.id))
    {
        rows.push(vec![InlineKeyboardButton::url(t(lang, "card-open-app"), url)]);
    }
    Ok(InlineKeyboardMarkup::new(rows))
}

/// The whole card; the picture only when `place` takes one and `picture` asks for it.
pub fn compose(
    game: &Game,
    lang: Lang,
    step: &Step,
    controls: Controls,
    place: &Place,
    picture: bool,
) -> Result<BoardMessage, BoardError> {
    let caption = caption(game, lang)?;
    let markup = markup(game, lang, step, controls, place)?;
    let png = if picture && place.picture {
        let (position, last) = board::position_of(game)?;
        let mut view = BoardView::new(position).theme(Theme::Light);
        if let Some(mv) = &last {
            view = view.last_move(mv);
        }
        Some(board_png(&view)?)
    } else {
        None
    };
    Ok(BoardMessage { caption, markup, png })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{EndReason, GameId, GameResult};
    use crate::rules::VariantId;

    fn challenge() -> Game {
        let start = Position::start(VariantId::English);
        Game::new(
            GameId::parse("abc").unwrap(),
            VariantId::English,
            start.to_fen(),
            start.side_to_move(),
            Player::human(1, "Ann"),
            Player::Open,
            0,
        )
    }

    fn place() -> Place {
        Place { picture: false, mini_app: Some("https://t.me/bot/app".into()) }
    }

    fn labels(m: &InlineKeyboardMarkup) -> Vec<String> {
        m.inline_keyboard.iter().flatten().map(|b| b.text.clone()).collect()
    }

    #[test]
    fn challenge_card_offers_accept_and_cancel() {
        let mut g = challenge();
        let text = caption(&g, Lang::En).unwrap();
        assert!(text.contains("tg://user?id=1") && text.contains("English"), "{text}");
        let m = markup(&g, Lang::En, &Step::Idle { refused: None }, Controls::Normal, &place()).unwrap();
        assert_eq!(labels(&m), vec!["✅ Accept", "Cancel", "Open in the app"]);
        g.invited = Some(Player::human(2, "Bo"));
        let text = caption(&g, Lang::Es).unwrap();
        assert!(text.contains("tg://user?id=2"), "{text}");
        let m = markup(
            &g,
            Lang::En,
            &Step::Idle { refused: None },
            Controls::Normal,
            &Place { picture: true, mini_app: None },
        )
        .unwrap();
        assert_eq!(labels(&m), vec!["✅ Accept", "❌ Decline", "Cancel"]);
    }

    #[test]
    fn running_and_finished_cards_speak_to_nobody() {
        let mut g = challenge();
        g.black = Player::human(2, "Bo");
        g.status = Status::Active;
        let m = compose(&g, Lang::En, &Step::Idle { refused: None }, Controls::Normal, &place(), true).unwrap();
        assert!(m.png.is_none(), "no picture where the place takes none");
        assert!(!m.caption.contains("Your move") && m.caption.contains("Bo to move"), "{}", m.caption);
        let data: Vec<String> = m
            .markup
            .inline_keyboard
            .iter()
            .flatten()
            .filter_map(|b| match &b.kind {
                teloxide::types::InlineKeyboardButtonKind::CallbackData(d) => Some(d.clone()),
                _ => None,
            })
            .collect();
        assert!(
            data.iter().any(|d| d.starts_with("b1:abc:0:p") && d.len() > 10),
            "the side to move can pick pieces: {data:?}"
        );
        g.status = Status::Finished;
        g.result = Some(GameResult { winner: Some(Color::White), reason: EndReason::Resignation });
        g.moves.push("11-15".into());
        g.fen = Position::start(VariantId::English)
            .play(&Position::start(VariantId::English).parse_move("11-15").unwrap())
            .to_fen();
        g.ply = 1;
        let m = compose(
            &g,
            Lang::En,
            &Step::Idle { refused: None },
            Controls::Normal,
            &Place { picture: true, mini_app: None },
            true,
        )
        .unwrap();
        assert!(m.caption.contains("White won") && m.caption.contains("Black resigned"), "{}", m.caption);
        assert_eq!(labels(&m.markup), vec!["Rematch", "PDN"]);
        assert!(m.png.is_some());
    }
}
