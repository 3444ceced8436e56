//! /puzzle: a position with a winning shot to find, answered by typing moves; a hint, the solution
//! and the next puzzle on buttons; a puzzle rating per user.

use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, InputFile, ParseMode};

use super::board::theme_of;
use super::callback::{Callback, Menu, PuzzleButton};
use super::i18n::{Lang, t, tf};
use super::telegram::call;
use super::views::color_name;
use super::who::Who;
use super::{Ctx, HandlerResult};
use crate::game::UserId;
use crate::game::puzzles::{self, Answer, Rating, Run, move_choices};
use crate::game::service::GameError;
use crate::i18n::variant_name;
use crate::render::{BoardView, board_png};
use crate::rules::{Move, Position, VariantId};

fn me(who: &Who) -> UserId {
    UserId(who.user)
}

fn button(label: String, menu: Menu) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(label, Callback::Menu(menu).encode())
}

fn help_row(lang: Lang) -> Vec<InlineKeyboardButton> {
    vec![
        button(t(lang, "puzzle-button-hint"), Menu::Puzzle(PuzzleButton::Hint)),
        button(t(lang, "puzzle-button-solution"), Menu::Puzzle(PuzzleButton::Show)),
        button(t(lang, "puzzle-button-next"), Menu::Puzzle(PuzzleButton::Next)),
    ]
}

fn buttons(lang: Lang) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![help_row(lang)])
}

/// Positions with more legal moves than this are answered by typing only.
const MOST_MOVE_BUTTONS: usize = 40;

/// The legal moves as buttons (with the step, so a tap on an older board is seen as such), above
/// the hint, solution and next buttons.
fn move_buttons(lang: Lang, run: &Run, position: &Position) -> InlineKeyboardMarkup {
    let moves = move_choices(position);
    let mut rows: Vec<Vec<InlineKeyboardButton>> = Vec::new();
    if moves.len() <= MOST_MOVE_BUTTONS {
        for (row, chunk) in moves.chunks(4).enumerate() {
            rows.push(
                chunk
                    .iter()
                    .enumerate()
                    .map(|(i, m)| button(m.clone(), Menu::PuzzleMove { step: run.step, index: row * 4 + i }))
                    .collect(),
            );
        }
    }
    rows.push(help_row(lang));
    InlineKeyboardMarkup::new(rows)
}

fn next_button(lang: Lang) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![button(t(lang, "puzzle-button-next"), Menu::Puzzle(PuzzleButton::Next))]])
}

async fn say(bot: &Bot, who: &Who, text: String, markup: Option<InlineKeyboardMarkup>) -> HandlerResult {
    let request = bot.send_message(who.chat, text).parse_mode(ParseMode::Html);
    match markup {
        Some(markup) => call(request.reply_markup(markup)).await?,
        None => call(request).await?,
    };
    Ok(())
}

/// /puzzle [variant]: a new puzzle, of the variant named, of the one being solved, or of the
/// variant of the user's last game when it has puzzles (International otherwise).
pub async fn start(bot: &Bot, ctx: &Ctx, who: &Who, variant: Option<VariantId>) -> HandlerResult {
    let service = ctx.games.puzzles();
    let variant = match variant {
        Some(v) => v,
        None => match service.current(me(who)).await? {
            Some(run) => run.variant,
            None => match service.last_variant(me(who)).await? {
                Some(v) => v,
                None => ctx
                    .games
                    .history(me(who), 1)
                    .await?
                    .first()
                    .map(|g| g.variant)
                    .filter(|v| !puzzles::puzzles(*v).is_empty())
                    .unwrap_or(VariantId::International),
            },
        },
    };
    if puzzles::puzzles(variant).is_empty() {
        let names: Vec<String> = puzzles::variants().into_iter().map(|v| variant_name(who.lang, v)).collect();
        return say(
            bot,
            who,
            tf(
                who.lang,
                "puzzle-no-set",
                &[("variant", &variant_name(who.lang, variant)), ("variants", &names.join(", "))],
            ),
            None,
        )
        .await;
    }
    let seed = who.chat.0.unsigned_abs() ^ crate::game::now_unix() as u64;
    let run = service.start(me(who), variant, seed).await?;
    show(bot, ctx, who, &run, None).await
}

/// The position to solve, as a picture with the buttons; `last` is the defender's reply just made.
async fn show(bot: &Bot, ctx: &Ctx, who: &Who, run: &Run, last: Option<&str>) -> HandlerResult {
    let (Some(puzzle), Some(position)) = (run.puzzle(), run.position()) else { return Ok(()) };
    let rating = ctx.games.puzzles().rating(me(who)).await?;
    let side = position.side_to_move();
    let (found, total) = run.progress();
    let number = if run.own.is_some() { "★".to_string() } else { (run.index + 1).to_string() };
    let mut caption = tf(
        who.lang,
        "puzzle-caption",
        &[
            ("number", &number),
            ("variant", &variant_name(who.lang, run.variant)),
            ("rating", &puzzle.rating),
            ("side", &color_name(who.lang, side)),
            ("moves", &total),
            ("yours", &format!("{:.0}", rating.rating)),
        ],
    );
    if run.own.is_some() && run.step == 0 {
        caption = format!("{}\n{caption}", t(who.lang, "puzzle-own"));
    }
    if let Some(reply) = last {
        caption = format!(
            "{}\n{caption}",
            tf(who.lang, "puzzle-right", &[("reply", &reply), ("found", &found), ("total", &total)])
        );
    }
    let keyboard = move_buttons(who.lang, run, &position);
    // The solver's side at the bottom; the reply just made is drawn as the last move.
    let last_move: Option<Move> = last.and_then(|text| {
        let before = run_before_reply(run)?;
        before.parse_move(text).ok()
    });
    let theme = theme_of(&who.prefs);
    let drawn = tokio::task::spawn_blocking(move || {
        let mut view = BoardView::new(position).flipped(side == crate::rules::Color::Black).theme(theme);
        if let Some(mv) = &last_move {
            view = view.last_move(mv);
        }
        board_png(&view)
    })
    .await;
    match drawn {
        Ok(Ok(png)) => {
            call(
                bot.send_photo(who.chat, InputFile::memory(png).file_name("puzzle.png"))
                    .caption(caption)
                    .parse_mode(ParseMode::Html)
                    .reply_markup(keyboard),
            )
            .await?;
        }
        other => {
            if let Ok(Err(e)) = other {
                tracing::warn!(error = %e, "cannot draw the puzzle");
            }
            say(bot, who, caption, Some(keyboard)).await?;
        }
    }
    Ok(())
}

/// The position before the defender's last reply (for drawing that reply).
fn run_before_reply(run: &Run) -> Option<crate::rules::Position> {
    let before = Run { step: run.step.checked_sub(1)?, ..run.clone() };
    before.position()
}

/// A typed move while a puzzle is running: `false` when there is none (the move is for a game).
pub async fn typed(bot: &Bot, ctx: &Ctx, who: &Who, text: &str) -> anyhow::Result<bool> {
    let service = ctx.games.puzzles();
    // Without a readable puzzle the move goes on to the games, which answer store trouble too.
    if !matches!(service.current(me(who)).await, Ok(Some(_))) {
        return Ok(false);
    }
    let (answer, run) = match service.answer(me(who), text.trim()).await {
        Ok(done) => done,
        Err(_) => return Ok(false),
    };
    tell(bot, ctx, who, answer, &run).await?;
    Ok(true)
}

/// A tapped move: `step` is the point of the line the board showed, `index` the move's place in
/// [`move_choices`].
pub async fn tapped(bot: &Bot, ctx: &Ctx, who: &Who, step: usize, index: usize) -> HandlerResult {
    let service = ctx.games.puzzles();
    let Some(run) = service.current(me(who)).await? else {
        return say(bot, who, t(who.lang, "puzzle-none"), Some(next_button(who.lang))).await;
    };
    let text = match run.position() {
        Some(position) if step == run.step => move_choices(&position).into_iter().nth(index),
        _ => None,
    };
    let Some(text) = text else { return say(bot, who, t(who.lang, "puzzle-old-board"), None).await };
    match service.answer(me(who), &text).await {
        Ok((answer, run)) => tell(bot, ctx, who, answer, &run).await,
        Err(GameError::NotFound) => say(bot, who, t(who.lang, "puzzle-none"), Some(next_button(who.lang))).await,
        Err(e) => Err(e.into()),
    }
}

async fn tell(bot: &Bot, ctx: &Ctx, who: &Who, answer: Answer, run: &Run) -> HandlerResult {
    match answer {
        Answer::Illegal(e) => say(bot, who, super::views::explain(who.lang, &e), None).await?,
        Answer::Wrong => say(bot, who, t(who.lang, "puzzle-wrong"), Some(buttons(who.lang))).await?,
        Answer::Right { reply } => show(bot, ctx, who, run, reply.as_deref()).await?,
        Answer::Solved { clean, rating } => {
            let key = if clean { "puzzle-solved" } else { "puzzle-solved-late" };
            say(
                bot,
                who,
                format!("{}\n{}", t(who.lang, key), rating_change(who.lang, rating)),
                Some(next_button(who.lang)),
            )
            .await?
        }
    }
    Ok(())
}

fn rating_change(lang: Lang, rating: Rating) -> String {
    tf(
        lang,
        "puzzle-rating-change",
        &[("before", &format!("{:.0}", rating.before)), ("after", &format!("{:.0}", rating.after))],
    )
}

/// The buttons under a puzzle.
pub async fn on_button(bot: &Bot, ctx: &Ctx, who: &Who, button: PuzzleButton) -> HandlerResult {
    let service = ctx.games.puzzles();
    match button {
        PuzzleButton::Next => start(bot, ctx, who, None).await,
        PuzzleButton::Hint => match service.hint(me(who)).await {
            Ok((square, run)) => {
                let name = run.variant.rules().square_name(square);
                say(bot, who, tf(who.lang, "puzzle-hint", &[("square", &name)]), None).await
            }
            Err(GameError::NotFound) => say(bot, who, t(who.lang, "puzzle-none"), Some(next_button(who.lang))).await,
            Err(e) => Err(e.into()),
        },
        PuzzleButton::Show => match service.reveal(me(who)).await {
            Ok((run, rating)) => {
                let rest = run.puzzle().map(|p| p.line[run.step.min(p.line.len())..].join(" ")).unwrap_or_default();
                let text = format!(
                    "{}\n{}",
                    tf(who.lang, "puzzle-solution", &[("line", &rest)]),
                    rating_change(who.lang, rating)
                );
                say(bot, who, text, Some(next_button(who.lang))).await
            }
            Err(GameError::NotFound) => say(bot, who, t(who.lang, "puzzle-none"), Some(next_button(who.lang))).await,
            Err(e) => Err(e.into()),
        },
    }
}
