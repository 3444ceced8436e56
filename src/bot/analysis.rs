//! /analyse and the 📈 button under a result: the engine's review of a finished game, with its
//! progress shown by editing one message.

use std::time::Duration;

use futures::StreamExt;
use teloxide::net::Download;
use teloxide::prelude::*;
use teloxide::types::{Document, InputFile, MessageId, ParseMode};
use tokio::sync::watch;

use super::board::{Look, player_name};
use super::i18n::{Lang, t, tf};
use super::telegram::{call, edit};
use super::views::escape;
use super::who::Who;
use super::{Ctx, HandlerResult};
use crate::engine::review::Judgement;
use crate::game::analysis::{AnalysedMove, Analysis, game_from_pdn};
use crate::game::engine_gate::Busy;
use crate::game::service::GameError;
use crate::game::{Game, GameId, UserId};
use crate::i18n::variant_name;
use crate::render::graph::{Mark, eval_graph_png};
use crate::render::{BoardView, board_png};
use crate::rules::{Color, Position};

/// The most moves listed; a long, messy game keeps its message readable (and within Telegram's
/// 4096 characters).
const MAX_LISTED: usize = 12;

/// How often the progress message is edited at most (Telegram limits edits per chat).
const PROGRESS_EVERY: Duration = Duration::from_millis(1500);

/// The largest PDN file read (a long game is a few kilobytes).
const MAX_PDN_BYTES: usize = 64 * 1024;

/// Analyses game `id`, or the user's last finished game, and answers with the review.
pub async fn analyse(bot: &Bot, ctx: &Ctx, who: &Who, id: Option<GameId>) -> HandlerResult {
    let me = UserId(who.user);
    let game = match id {
        Some(id) => ctx.games.get(&id).await.ok(),
        None => {
            let running = ctx.games.active(me).await?.into_iter().next();
            match running {
                Some(game) => Some(game),
                None => ctx.games.history(me, 1).await?.into_iter().next(),
            }
        }
    };
    let Some(game) = game.filter(|g| !g.colors_of(me).is_empty()) else {
        return say(bot, who, t(who.lang, "analysis-none")).await;
    };
    review(bot, ctx, who, game, false).await
}

/// A PDN file sent to the bot: its first game is read, checked and analysed like one played here.
pub async fn analyse_document(bot: &Bot, ctx: &Ctx, who: &Who, document: &Document) -> HandlerResult {
    let name = document.file_name.as_deref().unwrap_or_default().to_lowercase();
    if !(name.ends_with(".pdn") || name.ends_with(".txt")) {
        return say(bot, who, t(who.lang, "analysis-pdn-only")).await;
    }
    if document.file.size as usize > MAX_PDN_BYTES {
        return say(bot, who, t(who.lang, "analysis-pdn-too-big")).await;
    }
    let file = call(bot.get_file(document.file.id.clone())).await?;
    // The declared size is the sender's word; the download stops at the limit whatever it says.
    let mut stream = bot.download_file_stream(&file.path);
    let mut bytes = Vec::new();
    while let Some(chunk) = stream.next().await {
        bytes.extend_from_slice(&chunk?);
        if bytes.len() > MAX_PDN_BYTES {
            return say(bot, who, t(who.lang, "analysis-pdn-too-big")).await;
        }
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let read = tokio::task::spawn_blocking(move || game_from_pdn(&text, crate::game::now_unix())).await;
    match read {
        Ok(Ok(game)) => review(bot, ctx, who, game, true).await,
        Ok(Err(GameError::Invalid(reason))) => {
            say(bot, who, tf(who.lang, "analysis-pdn-bad", &[("reason", &escape(&reason))])).await
        }
        Ok(Err(e)) => refuse(bot, who, e).await,
        Err(e) => {
            tracing::error!(error = %e, "reading a PDN stopped");
            say(bot, who, t(who.lang, "error-generic")).await
        }
    }
}

/// Answers with the review of `game`: at once when it is kept, otherwise after the engine's work,
/// its progress shown in one message.
async fn review(bot: &Bot, ctx: &Ctx, who: &Who, game: Game, upload: bool) -> HandlerResult {
    let me = UserId(who.user);
    if let Ok(Some(done)) = ctx.games.analyst().cached(&game).await {
        say(bot, who, summary(who.lang, &game, &done)).await?;
        return pictures(bot, who, &game, &done).await;
    }
    // Refusals first, before a progress message promises anything.
    let total = game.moves.len() + 1;
    let (progress, mut seen) = watch::channel((0usize, total));
    let analysis = async {
        match upload {
            true => ctx.games.analyst().analyse_upload(&game, me, progress).await,
            false => ctx.games.analyst().analyse(&game, me, progress).await,
        }
    };
    tokio::pin!(analysis);
    // The review starts at once or is refused at once; wait for its first sign of life.
    let first = tokio::select! {
        done = &mut analysis => Some(done),
        _ = seen.changed() => None,
    };
    let answer = match first {
        Some(done) => done,
        None => {
            let now = *seen.borrow_and_update();
            let message = call(bot.send_message(who.chat, progress_text(who.lang, now))).await?.id;
            let chat = who.chat;
            let lang = who.lang;
            let updater = {
                let bot = bot.clone();
                async move {
                    loop {
                        tokio::time::sleep(PROGRESS_EVERY).await;
                        if seen.changed().await.is_err() {
                            break;
                        }
                        let now = *seen.borrow_and_update();
                        if let Err(e) = edit(bot.edit_message_text(chat, message, progress_text(lang, now))).await {
                            tracing::debug!(error = %e, "cannot show the analysis progress");
                        }
                    }
                }
            };
            let done = tokio::select! {
                done = &mut analysis => done,
                _ = updater => analysis.await,
            };
            return finish(bot, who, &game, message, done).await;
        }
    };
    match answer {
        Ok(done) => {
            say(bot, who, summary(who.lang, &game, &done)).await?;
            pictures(bot, who, &game, &done).await
        }
        Err(e) => refuse(bot, who, e).await,
    }
}

/// Turns the progress message into the review (or the reason there is none).
async fn finish(
    bot: &Bot,
    who: &Who,
    game: &Game,
    message: MessageId,
    done: Result<Analysis, GameError>,
) -> HandlerResult {
    let (text, done) = match done {
        Ok(done) => (summary(who.lang, game, &done), Some(done)),
        Err(e) => (refusal_text(who.lang, e), None),
    };
    if edit(bot.edit_message_text(who.chat, message, text.clone()).parse_mode(ParseMode::Html)).await.is_err() {
        say(bot, who, text).await?;
    }
    match done {
        Some(done) => pictures(bot, who, game, &done).await,
        None => Ok(()),
    }
}

/// The evaluation graph, then the position of the costliest error with the engine's move drawn.
async fn pictures(bot: &Bot, who: &Who, game: &Game, analysis: &Analysis) -> HandlerResult {
    let marks: Vec<Mark> = analysis.moves.iter().map(|m| Mark { index: m.index, judgement: m.judgement }).collect();
    let scores = analysis.white_scores.clone();
    let worst = analysis.errors().max_by(|a, b| a.loss.total_cmp(&b.loss)).cloned();
    let look = Look::of(who.lang, &who.prefs, game, UserId(who.user), false);
    let owned = game.clone();
    let worst_for_drawing = worst.clone();
    let drawn = tokio::task::spawn_blocking(move || -> Result<(Vec<u8>, Option<Vec<u8>>), String> {
        let graph = eval_graph_png(&scores, &marks).map_err(|e| e.to_string())?;
        let board = match worst_for_drawing {
            Some(m) => Some(critical_png(&owned, &m, &look)?),
            None => None,
        };
        Ok((graph, board))
    })
    .await;
    let (graph, board) = match drawn {
        Ok(Ok(pictures)) => pictures,
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "cannot draw the analysis pictures");
            return Ok(());
        }
        Err(e) => {
            tracing::warn!(error = %e, "the analysis drawing stopped");
            return Ok(());
        }
    };
    call(
        bot.send_photo(who.chat, InputFile::memory(graph).file_name("analysis.png"))
            .caption(t(who.lang, "app-eval-graph")),
    )
    .await?;
    if let (Some(png), Some(m)) = (board, worst) {
        let caption = error_line(who.lang, &m);
        call(
            bot.send_photo(who.chat, InputFile::memory(png).file_name("position.png"))
                .caption(caption)
                .parse_mode(ParseMode::Html),
        )
        .await?;
    }
    Ok(())
}

/// The position before move `m` with the engine's better move drawn as the move made.
fn critical_png(game: &Game, m: &AnalysedMove, look: &Look) -> Result<Vec<u8>, String> {
    let mut position = Position::from_fen(game.variant, &game.start_fen).map_err(|e| e.to_string())?;
    for text in game.moves.iter().take(m.index) {
        let mv = position.parse_move(text).map_err(|e| e.to_string())?;
        position = position.play(&mv);
    }
    let best = position.parse_move(&m.best).map_err(|e| e.to_string())?;
    let view = BoardView::new(position).flipped(look.flip).theme(look.theme).last_move(&best);
    board_png(&view).map_err(|e| e.to_string())
}

fn progress_text(lang: Lang, (done, total): (usize, usize)) -> String {
    tf(lang, "analysis-progress", &[("done", &done), ("total", &total)])
}

async fn say(bot: &Bot, who: &Who, text: String) -> HandlerResult {
    call(bot.send_message(who.chat, text).parse_mode(ParseMode::Html)).await?;
    Ok(())
}

async fn refuse(bot: &Bot, who: &Who, error: GameError) -> HandlerResult {
    say(bot, who, refusal_text(who.lang, error)).await
}

fn refusal_text(lang: Lang, error: GameError) -> String {
    let key = match error {
        GameError::NotOver => "analysis-not-over",
        GameError::NotAPlayer | GameError::NotFound => "analysis-none",
        GameError::Busy(Busy::Queue) => "analysis-busy",
        GameError::Busy(Busy::User) => "analysis-running",
        other => {
            tracing::error!(error = %other, "analysis failed");
            "error-generic"
        }
    };
    t(lang, key)
}

/// "12... 19-23?? — better 18-23: 18-23 28x19 ..."
fn error_line(lang: Lang, m: &AnalysedMove) -> String {
    let line: Vec<&str> = m.line.iter().take(6).map(String::as_str).collect();
    tf(
        lang,
        "analysis-error-line",
        &[
            ("label", &m.label),
            ("played", &m.played),
            ("mark", &mark(m.judgement)),
            ("best", &m.best),
            ("line", &line.join(" ")),
        ],
    )
}

fn mark(judgement: Judgement) -> &'static str {
    match judgement {
        Judgement::Blunder => "??",
        Judgement::Mistake => "?",
        Judgement::Inaccuracy => "?!",
        _ => "",
    }
}

/// The review as a message: each side's accuracy and error counts, then the moves to look at with
/// the engine's move and line.
pub fn summary(lang: Lang, game: &Game, analysis: &Analysis) -> String {
    let mut out = tf(
        lang,
        "analysis-title",
        &[
            ("white", &player_name(lang, &game.white)),
            ("black", &player_name(lang, &game.black)),
            ("variant", &variant_name(lang, game.variant)),
        ],
    );
    for (color, disc) in [(Color::White, "⚪"), (Color::Black, "⚫")] {
        let accuracy = analysis.accuracy(color).map_or_else(|| "—".to_owned(), |a| format!("{a:.0}"));
        out.push('\n');
        out.push_str(&tf(
            lang,
            "analysis-player",
            &[
                ("side", &disc),
                ("name", &player_name(lang, game.player(color))),
                ("accuracy", &accuracy),
                ("blunders", &analysis.count(color, Judgement::Blunder)),
                ("mistakes", &analysis.count(color, Judgement::Mistake)),
                ("inaccuracies", &analysis.count(color, Judgement::Inaccuracy)),
            ],
        ));
    }
    out.push_str("\n<i>");
    out.push_str(&escape(&t(lang, "analysis-legend")));
    out.push_str("</i>\n\n");
    let errors: Vec<_> = analysis.errors().collect();
    if errors.is_empty() {
        out.push_str(&t(lang, "analysis-clean"));
        return out;
    }
    out.push_str(&t(lang, "analysis-errors"));
    for m in errors.iter().take(MAX_LISTED) {
        out.push('\n');
        out.push_str(&error_line(lang, m));
    }
    if errors.len() > MAX_LISTED {
        out.push('\n');
        out.push_str(&tf(lang, "analysis-more", &[("n", &(errors.len() - MAX_LISTED))]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::review::ReviewLimits;
    use crate::game::Player;
    use crate::game::analysis::analyse_now;
    use crate::rules::VariantId;

    #[test]
    fn the_summary_lists_the_errors_with_the_better_move() {
        let start = Position::from_fen(VariantId::Russian, "W:Wc3,e3,g3:Bd6,f8,h8").unwrap();
        let mut game = Game::new(
            GameId::parse("an2").unwrap(),
            VariantId::Russian,
            start.to_fen(),
            start.side_to_move(),
            Player::human(7, "Ana <b>"),
            Player::Engine { level: 1 },
            0,
        );
        game.moves = vec!["e3-f4".into(), "d6-e5".into(), "f4:d6".into()];
        let analysis = analyse_now(&game, &ReviewLimits::default(), &mut |_, _| {}).unwrap();
        let gift = &analysis.moves[1];
        let text = summary(Lang::En, &game, &analysis);
        assert!(text.contains("⚪ Ana &lt;b&gt;: accuracy"), "names are escaped: {text}");
        let listed = format!(
            "1... <code>d6-e5</code>{} — better <code>{}</code>: {}",
            mark(gift.judgement),
            gift.best,
            gift.line[0]
        );
        assert!(text.contains(&listed), "{listed}\n{text}");
        assert!(text.contains("Moves to look at"), "{text}");
        // The position of the error, drawn with the engine's move.
        let look = Look {
            lang: Lang::En,
            mode: crate::bot::prefs::BoardMode::Image,
            flip: false,
            theme: crate::render::Theme::Light,
        };
        let png = critical_png(&game, gift, &look).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        let mut wrong = gift.clone();
        wrong.best = "a1-b2".into();
        assert!(critical_png(&game, &wrong, &look).is_err(), "a move that does not fit is an error, not a panic");

        // A game without errors says so.
        let mut clean = analysis.clone();
        clean.moves.iter_mut().for_each(|m| m.judgement = Judgement::Best);
        assert!(summary(Lang::En, &game, &clean).contains("No mistakes found"));
        // A long list is cut.
        let mut long = analysis.clone();
        long.moves = (0..20).map(|i| AnalysedMove { index: i, ..gift.clone() }).collect();
        assert!(summary(Lang::En, &game, &long).contains("…and 8 more."));
    }
}
