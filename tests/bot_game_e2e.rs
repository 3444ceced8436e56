//! Games against the engine in private chat, end to end: the real `damas serve` binary talking to
//! the fake Bot API, a scripted user typing moves and tapping the board.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod support;

use std::time::Duration;

use damas::bot::callback::{Action, BoardData};
use damas::bot::keyboard;
use damas::rules::{Position, VariantId};
use support::fake_telegram::{ChatMessage, FakeTelegram, TestUser};
use support::started;

const WAIT: Duration = Duration::from_secs(30);

/// A pause before each update the scripted user sends: the bot drops updates from a user beyond
/// five a second (after a burst of twenty), and a whole game is longer than the burst. People are
/// slower than that anyway.
async fn pace() {
    tokio::time::sleep(Duration::from_millis(220)).await;
}

/// The newest board message (a photo or a text with the board keyboard) in the user's chat.
fn board(fake: &FakeTelegram, user: &TestUser) -> Option<ChatMessage> {
    fake.last_bot_message_where(user.id, |m| {
        m.kind == "photo" || m.buttons().iter().any(|(_, d)| d.starts_with("b1:") && d.ends_with(":u"))
    })
}

/// The engine's move from the caption ("Last move: 3... <code>X</code>") if it is ply `n`.
fn last_move(caption: &str, n: usize) -> Option<String> {
    let marker = support::last_move_marker(n);
    let start = caption.find(&marker)? + marker.len();
    let end = caption[start..].find("</code>")? + start;
    Some(caption[start..end].to_string())
}

fn finished(body: &str) -> bool {
    ["You won", "You lost", "Draw.", "¡Has ganado!", "Has perdido", "Tablas."].iter().any(|w| body.contains(w))
}

/// Board callback data for tapping `squares` (in order) on the board with the given data prefix.
fn pick(prefix: &BoardData, variant: VariantId, squares: &[damas::rules::Square]) -> String {
    let rules = variant.rules();
    let taps = squares.iter().map(|sq| keyboard::coord(rules, *sq)).collect();
    BoardData::new(prefix.game(), prefix.ply(), Action::Pick(taps)).unwrap().encode()
}

/// Any board callback of the current board, to learn the game id and ply.
fn board_data(m: &ChatMessage) -> BoardData {
    let (_, d) = m.buttons().into_iter().find(|(_, d)| d.starts_with("b1:")).expect("board buttons");
    BoardData::parse(&d).unwrap()
}

/// Plays the first legal move every turn (typed, or tapped on the board) until the game ends;
/// returns the final board message.
async fn play_out(
    fake: &FakeTelegram,
    user: &TestUser,
    variant: VariantId,
    fen: &str,
    by_taps: bool,
    max_moves: usize,
) -> ChatMessage {
    let mut position = Position::from_fen(variant, fen).unwrap();
    let mut plies = 0;
    let board_id = board(fake, user).expect("a board").message_id;
    for _ in 0..max_moves {
        let m = fake.message(user.id, board_id).unwrap();
        if finished(&m.body()) {
            return m;
        }
        assert!(m.body().contains("Your move") || m.body().contains("Te toca"), "{}", m.body());
        let mv = position.legal_moves().into_iter().next().expect("a legal move");
        let text = position.notation(&mv);
        let before = m.edits;
        if by_taps {
            let data = board_data(&m);
            pace().await;
            let n = fake.call_count();
            let cq = fake.tap(user, board_id, &pick(&data, variant, &[mv.from()]));
            // The answer comes at once; the selection shows on the keyboard only.
            fake.wait_call(n, "the tap answered", |c| {
                c.method == "answerCallbackQuery" && c.str("callback_query_id").as_deref() == Some(cq.as_str())
            })
            .await;
            let selected = fake
                .wait_until(WAIT, "the piece selected", |f| {
                    f.message(user.id, board_id)
                        .filter(|m| m.edits > before && m.buttons().iter().any(|(l, _)| l.contains("🔵")))
                })
                .await;
            let data = board_data(&selected);
            pace().await;
            fake.tap(user, board_id, &pick(&data, variant, &[mv.from(), mv.to()]));
            if mv.captures().len() > 1
                && !matches!(
                    keyboard::advance(
                        &position,
                        &[keyboard::coord(variant.rules(), mv.from()), keyboard::coord(variant.rules(), mv.to())]
                    ),
                    keyboard::Step::Ready(_)
                )
            {
                panic!("route choice needed for {text}; not scripted");
            }
        } else {
            pace().await;
            fake.send_text(user, &text);
        }
        position = position.play(&mv);
        plies += 1;
        // Wait for the reply: the game over, or the engine's move shown with the user to move.
        let m = fake
            .wait_until(WAIT, "the engine's reply", |f| {
                f.message(user.id, board_id).filter(|m| {
                    finished(&m.body())
                        || (m.body().contains("Your move") && last_move(&m.body(), plies + 1).is_some())
                        || (m.body().contains("Te toca") && last_move(&m.body(), plies + 1).is_some())
                })
            })
            .await;
        if let Some(reply) = last_move(&m.body(), plies + 1) {
            let mv = position.parse_move(&reply).unwrap_or_else(|e| panic!("engine move {reply}: {e}"));
            position = position.play(&mv);
            plies += 1;
        }
    }
    panic!("no result after {max_moves} moves; board: {:?}", fake.message(user.id, board_id));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn english_game_by_text_to_a_result() {
    let (fake, _damas) = started(&[("DAMAS_ENGINE_THINKING_NOTICE_MS", "0")]).await;
    let ann = TestUser::new(5001, "Ann", Some("en"));

    // Black moves first in English draughts; the user plays Black from an endgame position.
    let n = fake.call_count();
    fake.send_text(&ann, "/play english easy black B:WK27,K28:B1,5");
    let first = fake.wait_sent(n, ann.id).await;
    assert_eq!(first.kind, "photo", "the board is a picture by default");
    assert!(first.body().contains("Your move") && first.body().contains("Engine (easy)"), "{}", first.body());
    let png = fake.file(first.file.as_deref().unwrap()).unwrap().1;
    assert!(png.starts_with(b"\x89PNG"));

    let end = play_out(&fake, &ann, VariantId::English, "B:WK27,K28:B1,5", false, 60).await;
    assert!(finished(&end.body()), "{}", end.body());
    assert!(fake.calls_to("editMessageMedia").iter().all(|c| c.ok()));
    assert!(
        fake.calls_to("editMessageCaption").iter().any(|c| c.str("caption").unwrap_or_default().contains("Thinking"))
            || fake.calls_to("editMessageMedia").iter().any(|c| c.params.to_string().contains("Thinking")),
        "the caption says the engine is thinking"
    );
    // The result message with its buttons; the PDN button sends the file.
    let result = fake
        .wait_until(WAIT, "the result message", |f| {
            f.last_bot_message_where(ann.id, |m| m.kind == "text" && finished(&m.body()))
        })
        .await;
    let labels: Vec<String> = result.buttons().into_iter().map(|(l, _)| l).collect();
    assert!(
        labels.contains(&"Rematch".to_string())
            && labels.contains(&"PDN".to_string())
            && labels.contains(&"New game".to_string()),
        "{labels:?}"
    );
    let n = fake.call_count();
    fake.tap(&ann, result.message_id, &result.buttons().into_iter().find(|(l, _)| l == "PDN").unwrap().1);
    let doc = fake.wait_sent(n, ann.id).await;
    assert_eq!(doc.kind, "document");
    let (name, bytes) = fake.file(doc.file.as_deref().unwrap()).unwrap();
    let pdn = String::from_utf8(bytes).unwrap();
    assert!(
        name.ends_with(".pdn") && pdn.contains("[FEN \"B:WK27,K28:B1,5\"]") && pdn.contains("[GameType"),
        "{name}: {pdn}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn international_game_by_taps_to_a_result_and_stale_taps() {
    let (fake, _damas) = started(&[]).await;
    let ivo = TestUser::new(5002, "Ivo", Some("en"));
    let fen = "W:W28,40:B23,5";
    let n = fake.call_count();
    fake.send_text(&ivo, &format!("/play international 1 white {fen}"));
    let first = fake.wait_sent(n, ivo.id).await;
    let old = board_data(&first);

    let end = play_out(&fake, &ivo, VariantId::International, fen, true, 60).await;
    assert!(finished(&end.body()), "{}", end.body());
    assert!(fake.calls_to("editMessageReplyMarkup").iter().any(|c| c.ok()), "picking a piece edits only the keyboard");
    // The result message comes after the final board.
    fake.wait_until(WAIT, "the result message", |f| {
        f.last_bot_message_where(ivo.id, |m| m.kind == "text" && finished(&m.body()))
    })
    .await;

    // A tap on a board drawn for an earlier ply changes nothing and says so.
    let n = fake.call_count();
    let before = fake.message(ivo.id, first.message_id).unwrap();
    let cq = fake.tap(
        &ivo,
        first.message_id,
        &BoardData::new(old.game(), old.ply(), Action::Pick(vec![])).unwrap().encode(),
    );
    let answer = fake
        .wait_call(n, "the stale tap answered", |c| {
            c.method == "answerCallbackQuery" && c.str("callback_query_id").as_deref() == Some(cq.as_str())
        })
        .await;
    assert!(answer.str("text").is_some_and(|t| !t.is_empty()), "{:?}", answer.params);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(fake.message(ivo.id, first.message_id).unwrap().edits, before.edits);
    // Every tap was answered before anything else was done for it.
    assert_eq!(fake.taps_answered_late(), Vec::<String>::new());
}
