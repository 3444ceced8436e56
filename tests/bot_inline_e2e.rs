//! Inline mode end to end: `@bot english white` offers a challenge card, the first other person to
//! accept plays, and the game is played by taps on the inline message itself.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod support;

use std::time::Duration;

use damas::bot::callback::{Action, BoardData};
use damas::bot::keyboard;
use damas::rules::{Color, Position, Square, VariantId};
use support::fake_telegram::{ChatMessage, FakeTelegram, TestUser};
use support::{button, started};

const WAIT: Duration = Duration::from_secs(30);

fn pick(card: &ChatMessage, variant: VariantId, squares: &[Square]) -> String {
    let (_, d) = card.buttons().into_iter().find(|(_, d)| d.starts_with("b1:")).expect("board buttons");
    let data = BoardData::parse(&d).unwrap();
    let taps = squares.iter().map(|sq| keyboard::coord(variant.rules(), *sq)).collect();
    BoardData::new(data.game(), data.ply(), Action::Pick(taps)).unwrap().encode()
}

async fn answer_of(fake: &FakeTelegram, cq: &str) -> String {
    fake.wait_until(WAIT, "the tap answered", |f| f.callback_answer(cq)).await
}

async fn inline_at(fake: &FakeTelegram, id: &str, ply: usize) -> ChatMessage {
    let marker = support::last_move_marker(ply);
    fake.wait_until(WAIT, &format!("the inline board at ply {ply}"), |f| {
        f.inline_message(id).filter(|m| m.body().contains(&marker))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inline_challenge_to_a_result() {
    let (fake, _damas) = started(&[("DAMAS_TELEGRAM_MINI_APP_SHORT_NAME", "play")]).await;
    let ann = TestUser::new(6201, "Ann", Some("en"));
    let bob = TestUser::new(6202, "Bob", Some("en"));
    let carl = TestUser::new(6203, "Carl", Some("en"));
    let variant = VariantId::English;

    let q = fake.inline_query(&ann, "english white");
    let results = fake.wait_until(WAIT, "the inline answer", |f| f.inline_results(&q)).await;
    assert_eq!(results.len(), 1, "{results:?}");
    let text = results[0]["input_message_content"]["message_text"].as_str().unwrap_or_default().to_string();
    assert!(text.contains("Ann") && text.contains("English") && text.contains("White"), "{text}");
    let all = fake.inline_query(&ann, "");
    assert_eq!(
        fake.wait_until(WAIT, "the inline answer", |f| f.inline_results(&all)).await.len(),
        VariantId::ALL.len(),
        "one card per variant"
    );

    let id = fake.choose_inline_result(&ann, "english white", &results[0], true);
    let card = fake.inline_message(&id).unwrap();
    let accept = button(&card, "Accept");
    let cq = fake.taps_inline(&[(&ann, &id, &accept)]).remove(0);
    assert!(answer_of(&fake, &cq).await.contains("your own"));

    // Bob and Carl accept at the same instant: one plays, the other is told the seat is taken.
    let ids = fake.taps_inline(&[(&bob, &id, &accept), (&carl, &id, &accept)]);
    let answers = [answer_of(&fake, &ids[0]).await, answer_of(&fake, &ids[1]).await];
    let taken = "Someone has already accepted this challenge.";
    assert!(answers.iter().filter(|a| a.is_empty()).count() == 1 && answers.iter().any(|a| a == taken), "{answers:?}");
    let (opponent, outsider) = if answers[0].is_empty() { (&bob, &carl) } else { (&carl, &bob) };
    let board = fake
        .wait_until(WAIT, "the game on the inline message", |f| {
            f.inline_message(&id).filter(|m| m.body().contains(&format!("{} to move", opponent.first_name)))
        })
        .await;
    assert!(board.body().contains("⚪ Ann"), "{}", board.body());
    let app = button(&board, "Open in the app");
    assert!(app.starts_with("https://t.me/damas_test_bot/play?startapp="), "{app}");

    // English: Black (the opponent) moves first. Moves are taps on the inline message.
    let mut position = Position::start(variant);
    let mut board = board;
    for ply in 1..=2 {
        let mover = if position.side_to_move() == Color::White { &ann } else { opponent };
        let mv = position.legal_moves().into_iter().next().unwrap();
        let cq = fake.taps_inline(&[(mover, &id, &pick(&board, variant, &[mv.from(), mv.to()]))]).remove(0);
        assert_eq!(answer_of(&fake, &cq).await, "");
        board = inline_at(&fake, &id, ply).await;
        position = position.play(&mv);
    }

    // Outsiders cannot move; the side to move and the other player tap at once: one move counts.
    let mv = position.legal_moves().into_iter().next().unwrap();
    let cq = fake.taps_inline(&[(outsider, &id, &pick(&board, variant, &[mv.from(), mv.to()]))]).remove(0);
    assert_eq!(answer_of(&fake, &cq).await, "This is not your game.");
    let ann_piece = position.pieces().find(|(_, p)| p.color == Color::White).map(|(sq, _)| sq).unwrap();
    let mine = pick(&board, variant, &[mv.from(), mv.to()]);
    let n = fake.call_count();
    let ids = fake.taps_inline(&[
        (opponent, &id, &mine),
        (&ann, &id, &pick(&board, variant, &[ann_piece])),
        (opponent, &id, &mine),
    ]);
    let answers = [answer_of(&fake, &ids[0]).await, answer_of(&fake, &ids[1]).await, answer_of(&fake, &ids[2]).await];
    assert!(["It is not your turn.", "The board has changed."].contains(&answers[1].as_str()), "{answers:?}");
    assert_eq!(
        answers.iter().filter(|a| a.is_empty()).count(),
        1,
        "one tap played, the repeat was refused: {answers:?}"
    );
    board = inline_at(&fake, &id, 3).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let moves_shown = fake
        .calls()
        .iter()
        .skip(n)
        .filter(|c| {
            c.method == "editMessageText" && c.str("text").is_some_and(|t| t.contains(&support::last_move_marker(3)))
        })
        .count();
    assert_eq!(moves_shown, 1, "exactly one move applied");

    // Ann (White) resigns: the result stays on the inline message, the ratings move.
    let cq = fake.taps_inline(&[(&ann, &id, &button(&board, "🏳"))]).remove(0);
    answer_of(&fake, &cq).await;
    let board = fake
        .wait_until(WAIT, "the confirmation", |f| {
            f.inline_message(&id).filter(|m| m.buttons().iter().any(|(l, _)| l.contains("Yes, resign")))
        })
        .await;
    fake.taps_inline(&[(&ann, &id, &button(&board, "Yes, resign"))]);
    let board =
        fake.wait_until(WAIT, "the result", |f| f.inline_message(&id).filter(|m| m.body().contains("Black won"))).await;
    assert!(board.body().contains("White resigned"), "{}", board.body());
    assert!(board.buttons().iter().any(|(l, _)| l == "Rematch"));

    let n = fake.call_count();
    fake.send_text(opponent, "/stats");
    let stats = fake.wait_sent(n, opponent.id).await;
    let body = stats.body();
    let at = body.find("English draughts (checkers): ").unwrap_or_else(|| panic!("{body}"));
    let rating: u32 = body[at + "English draughts (checkers): ".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap();
    assert!(rating > 1500, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inline_cards_without_feedback_and_withdrawn() {
    let (fake, _damas) = started(&[]).await;
    let ann = TestUser::new(6301, "Ann", Some("es"));
    let bob = TestUser::new(6302, "Bob", Some("en"));

    // Without inline feedback the game is created at the first accept.
    let q = fake.inline_query(&ann, "rusas negras");
    let results = fake.wait_until(WAIT, "the inline answer", |f| f.inline_results(&q)).await;
    assert_eq!(results[0]["id"], "c:russian");
    let id = fake.choose_inline_result(&ann, "rusas negras", &results[0], false);
    let card = fake.inline_message(&id).unwrap();
    assert!(card.body().contains("Ann juega con negras"), "{}", card.body());
    fake.taps_inline(&[(&bob, &id, &button(&card, "Aceptar"))]);
    let board =
        fake.wait_until(WAIT, "the game", |f| f.inline_message(&id).filter(|m| m.body().contains("Juega Bob"))).await;
    assert!(board.body().contains("⚫ Ann"), "Ann plays Black: {}", board.body());

    // Another card, withdrawn by Ann; Bob cannot withdraw it for her.
    let q = fake.inline_query(&ann, "turcas");
    let results = fake.wait_until(WAIT, "the inline answer", |f| f.inline_results(&q)).await;
    let id = fake.choose_inline_result(&ann, "turcas", &results[0], true);
    let card = fake.inline_message(&id).unwrap();
    let cq = fake.taps_inline(&[(&bob, &id, &button(&card, "Cancelar"))]).remove(0);
    assert_eq!(answer_of(&fake, &cq).await, "Only the challenger can cancel it.");
    fake.taps_inline(&[(&ann, &id, &button(&card, "Cancelar"))]);
    fake.wait_until(WAIT, "the withdrawn card", |f| f.inline_message(&id).filter(|m| m.body().contains("retirado")))
        .await;
    let cq = fake.taps_inline(&[(&bob, &id, &button(&card, "Aceptar"))]).remove(0);
    assert!(!answer_of(&fake, &cq).await.is_empty(), "a withdrawn challenge cannot be accepted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inline_cards_show_the_board_by_url_with_a_public_address() {
    let (fake, mut damas) = started(&[("DAMAS_HTTP_PUBLIC_URL", "https://damas.example")]).await;
    let base = format!("http://{}", damas.wait_http_addr());
    let ann = TestUser::new(6301, "Ann", Some("en"));
    let bob = TestUser::new(6302, "Bob", Some("en"));
    let variant = VariantId::Russian;
    let public = "https://damas.example";
    let png = |path: String| {
        let url = format!("{base}{path}");
        async move {
            let reply = reqwest::get(&url).await.expect("picture request");
            assert_eq!(reply.status().as_u16(), 200, "{url}");
            let bytes = reply.bytes().await.expect("picture");
            assert!(bytes.starts_with(b"\x89PNG"), "{url}");
        }
    };

    // The challenge is offered as the starting position's picture, served by this server.
    let q = fake.inline_query(&ann, "russian white");
    let results = fake.wait_until(WAIT, "the inline answer", |f| f.inline_results(&q)).await;
    assert_eq!(results.len(), 1, "{results:?}");
    let result = &results[0];
    assert_eq!(result["type"], "photo", "{result}");
    assert_eq!(result["photo_url"].as_str(), Some("https://damas.example/board/start/russian.png"), "{result}");
    assert!(result["caption"].as_str().unwrap_or_default().contains("Ann"), "{result}");
    png("/board/start/russian.png".to_owned()).await;

    let id = fake.choose_inline_result(&ann, "russian white", result, true);
    let card = fake.inline_message(&id).unwrap();
    assert_eq!(card.kind, "photo");
    let accept = button(&card, "Accept");
    let cq = fake.taps_inline(&[(&bob, &id, &accept)]).remove(0);
    assert_eq!(answer_of(&fake, &cq).await, "");
    let board = fake
        .wait_until(WAIT, "the game on the inline message", |f| {
            f.inline_message(&id).filter(|m| m.body().contains("Ann to move"))
        })
        .await;
    let picture = board.file.clone().unwrap_or_default();
    assert!(picture.starts_with("https://damas.example/board/") && picture.contains("/0.png?v="), "{picture}");
    png(picture[public.len()..].to_owned()).await;

    // A move: the inline message gets the next picture, in one edit.
    let position = Position::start(variant);
    let mv = position.legal_moves().into_iter().next().unwrap();
    let n = fake.call_count();
    let cq = fake.taps_inline(&[(&ann, &id, &pick(&board, variant, &[mv.from(), mv.to()]))]).remove(0);
    assert_eq!(answer_of(&fake, &cq).await, "");
    let board = inline_at(&fake, &id, 1).await;
    let picture = board.file.clone().unwrap_or_default();
    assert!(picture.contains("/1.png?v="), "{picture}");
    png(picture[public.len()..].to_owned()).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let edits: Vec<String> =
        fake.calls().iter().skip(n).filter(|c| c.method.starts_with("editMessage")).map(|c| c.method.clone()).collect();
    assert_eq!(edits, vec!["editMessageMedia".to_owned()], "one edit per move");
}
