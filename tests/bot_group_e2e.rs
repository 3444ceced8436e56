//! Games between people in a group, end to end: the real `damas serve` binary talking to the fake
//! Bot API, scripted users challenging, accepting, tapping, replying to the card and using /m.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod support;

use std::time::Duration;

use damas::bot::callback::{Action, BoardData};
use damas::bot::keyboard;
use damas::rules::{Position, Square, VariantId};
use support::fake_telegram::{ChatMessage, FakeTelegram, TestUser};
use support::{Damas, RedisSpace, TOKEN, button, started};

const WAIT: Duration = Duration::from_secs(30);
const GROUP: i64 = -100_777;

/// Any board callback of the card, to learn the game id and ply.
fn board_data(m: &ChatMessage) -> BoardData {
    let (_, d) = m
        .buttons()
        .into_iter()
        .find(|(_, d)| d.starts_with("b1:"))
        .unwrap_or_else(|| panic!("board buttons: {:?}", m.buttons()));
    BoardData::parse(&d).unwrap()
}

fn pick(card: &ChatMessage, variant: VariantId, squares: &[Square]) -> String {
    let data = board_data(card);
    let taps = squares.iter().map(|sq| keyboard::coord(variant.rules(), *sq)).collect();
    BoardData::new(data.game(), data.ply(), Action::Pick(taps)).unwrap().encode()
}

async fn answer_of(fake: &FakeTelegram, cq: &str) -> String {
    fake.wait_until(WAIT, "the tap answered", |f| f.callback_answer(cq)).await
}

/// Waits until the card shows ply `ply` ("Last move: 2. <code>...").
async fn card_at(fake: &FakeTelegram, card: i64, ply: usize) -> ChatMessage {
    let marker = support::last_move_marker(ply);
    fake.wait_until(WAIT, &format!("the card at ply {ply}"), |f| {
        f.message(GROUP, card).filter(|m| m.body().contains(&marker))
    })
    .await
}

fn first_move(position: &Position) -> (String, Square, Square) {
    let mv = position.legal_moves().into_iter().next().expect("a legal move");
    (position.notation(&mv), mv.from(), mv.to())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn group_challenge_with_taps_replies_and_m_to_a_result() {
    group_game(&[]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn group_challenge_with_taps_replies_and_m_to_a_result_on_redis() {
    let redis = RedisSpace::new();
    group_game(&redis.env(&[])).await;
}

/// A challenge accepted and played to the end by taps, a reply and /m, with a takeback, refused
/// taps, the PDN and a rematch.
async fn group_game(env: &[(&str, &str)]) {
    let (fake, _damas) = started(env).await;
    let ann = TestUser::new(6001, "Ann", Some("en"));
    let bob = TestUser::new(6002, "Bob", Some("en"));
    let carl = TestUser::new(6003, "Carl", Some("en"));
    let variant = VariantId::International;
    let fen = "W:W28:B23,9";

    let n = fake.call_count();
    fake.send_group_text(GROUP, &ann, &format!("/challenge international white {fen}"), None);
    let card = fake.wait_sent(n, GROUP).await;
    assert_eq!(card.kind, "photo", "the challenge card shows the board");
    assert!(
        card.body().contains("Ann") && card.body().contains("International") && card.body().contains("not rated"),
        "{}",
        card.body()
    );
    let id = card.message_id;

    // Only the challenger cancels, nobody accepts their own challenge.
    let cq = fake.tap_in(GROUP, &carl, id, &button(&card, "Cancel"));
    assert!(answer_of(&fake, &cq).await.contains("Only the challenger"));
    let cq = fake.tap_in(GROUP, &ann, id, &button(&card, "Accept"));
    assert!(answer_of(&fake, &cq).await.contains("your own"));

    let n = fake.call_count();
    fake.tap_in(GROUP, &bob, id, &button(&card, "Accept"));
    let card = fake
        .wait_until(WAIT, "the game to start", |f| f.message(GROUP, id).filter(|m| m.body().contains("Ann to move")))
        .await;
    assert!(card.body().contains("Bob"), "{}", card.body());
    // Ann moves first and hears it privately, not in the group.
    let notice =
        fake.wait_call(n, "the private notice", |c| c.method == "sendMessage" && c.chat_id() == Some(ann.id)).await;
    assert!(notice.str("text").unwrap_or_default().contains("Your move"), "{:?}", notice.params);
    assert!(
        fake.calls().iter().skip(n).all(|c| !(c.method.starts_with("send") && c.chat_id() == Some(GROUP))),
        "the group stays quiet"
    );

    let mut position = Position::from_fen(variant, fen).unwrap();
    let (text, from, to) = first_move(&position);

    // A third user's tap and Bob's out-of-turn tap change nothing.
    let edits = card.edits;
    let cq = fake.tap_in(GROUP, &carl, id, &pick(&card, variant, &[from]));
    assert_eq!(answer_of(&fake, &cq).await, "This is not your game.");
    // An empty square is a button too: the watcher is told, not left with a silent tap.
    let empty = card
        .buttons()
        .into_iter()
        .map(|(_, data)| data)
        .find(|data| data.ends_with(":-"))
        .expect("the card has empty squares");
    let cq = fake.tap_in(GROUP, &carl, id, &empty);
    assert_eq!(answer_of(&fake, &cq).await, "This is not your game.");
    let cq = fake.tap_in(GROUP, &bob, id, &pick(&card, variant, &[from, to]));
    assert_eq!(answer_of(&fake, &cq).await, "It is not your turn.");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(fake.message(GROUP, id).unwrap().edits, edits, "refused taps leave the card alone");

    // Ann: the piece (the keyboard shows the selection), then the destination.
    fake.tap_in(GROUP, &ann, id, &pick(&card, variant, &[from]));
    let selected = fake
        .wait_until(WAIT, "the selection", |f| {
            f.message(GROUP, id).filter(|m| m.buttons().iter().any(|(l, _)| l.contains("🔵")))
        })
        .await;
    let n = fake.call_count();
    fake.tap_in(GROUP, &ann, id, &pick(&selected, variant, &[from, to]));
    let card = card_at(&fake, id, 1).await;
    assert!(card.body().contains(&text) && card.body().contains("Bob to move"), "{}", card.body());
    assert_eq!(fake.calls().iter().skip(n).filter(|c| c.method == "editMessageMedia").count(), 1, "one edit per move");
    position = position.play(&position.parse_move(&text).unwrap());

    // Bob replies to the card with his move.
    let (text, _, _) = first_move(&position);
    fake.send_group_text(GROUP, &bob, &text, Some(id));
    let card = card_at(&fake, id, 2).await;
    assert!(card.body().contains(&text), "{}", card.body());

    // Bob asks to take his move back. Only Ann answers: a spectator and Bob himself cannot.
    let cq = fake.tap_in(GROUP, &bob, id, &button(&card, "↩️"));
    answer_of(&fake, &cq).await;
    let offered = "Bob asks to take back a move";
    let card = fake
        .wait_until(WAIT, "the takeback offer", |f| f.message(GROUP, id).filter(|m| m.body().contains(offered)))
        .await;
    let cq = fake.tap_in(GROUP, &carl, id, &button(&card, "↩️✅"));
    assert_eq!(answer_of(&fake, &cq).await, "This is not your game.");
    let cq = fake.tap_in(GROUP, &bob, id, &button(&card, "↩️✅"));
    assert!(!answer_of(&fake, &cq).await.is_empty(), "Bob cannot accept his own offer");
    // Ann declines: the offer goes, the move stays.
    fake.tap_in(GROUP, &ann, id, &button(&card, "↩️❌"));
    let card = fake
        .wait_until(WAIT, "the declined takeback", |f| f.message(GROUP, id).filter(|m| !m.body().contains(offered)))
        .await;
    assert!(
        card.body().contains(&support::last_move_marker(2)) && card.body().contains("Ann to move"),
        "{}",
        card.body()
    );
    // Asked again and accepted: back to Bob's turn at ply 1, with one picture edit.
    let cq = fake.tap_in(GROUP, &bob, id, &button(&card, "↩️"));
    answer_of(&fake, &cq).await;
    let card = fake
        .wait_until(WAIT, "the second takeback offer", |f| f.message(GROUP, id).filter(|m| m.body().contains(offered)))
        .await;
    let n = fake.call_count();
    fake.tap_in(GROUP, &ann, id, &button(&card, "↩️✅"));
    let card = card_at(&fake, id, 1).await;
    assert!(card.body().contains("Bob to move") && !card.body().contains(offered), "{}", card.body());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        fake.calls().iter().skip(n).filter(|c| c.method == "editMessageMedia").count(),
        1,
        "one edit for the takeback"
    );
    // Bob plays the same move again.
    fake.send_group_text(GROUP, &bob, &text, Some(id));
    let card = card_at(&fake, id, 2).await;
    assert!(card.body().contains(&text), "{}", card.body());
    position = position.play(&position.parse_move(&text).unwrap());

    // A wrong move by /m is explained in the group; the right one ends the game.
    let n = fake.call_count();
    fake.send_group_text(GROUP, &ann, "/m 1-7", None);
    let refusal = fake.wait_sent(n, GROUP).await;
    assert!(refusal.kind == "text" && !refusal.body().is_empty());
    let (text, _, _) = first_move(&position);
    fake.send_group_text(GROUP, &ann, &format!("/m {text}"), None);
    let card =
        fake.wait_until(WAIT, "the result", |f| f.message(GROUP, id).filter(|m| m.body().contains("White won"))).await;
    assert!(card.body().contains("Black has no pieces left"), "{}", card.body());
    let labels: Vec<String> = card.buttons().into_iter().map(|(l, _)| l).collect();
    assert!(labels.contains(&"Rematch".to_string()) && labels.contains(&"PDN".to_string()), "{labels:?}");

    // The PDN button posts the file.
    let n = fake.call_count();
    fake.tap_in(GROUP, &carl, id, &button(&card, "PDN"));
    let doc = fake.wait_sent(n, GROUP).await;
    let pdn = String::from_utf8(fake.file(doc.file.as_deref().unwrap()).unwrap().1).unwrap();
    assert!(pdn.contains("[White \"Ann\"]") && pdn.contains("[Black \"Bob\"]") && pdn.contains("2-0"), "{pdn}");

    // Rematch: asked by one, agreed by the other; the new game gets its own card.
    let cq = fake.tap_in(GROUP, &bob, id, &button(&card, "Rematch"));
    answer_of(&fake, &cq).await;
    let card = fake
        .wait_until(WAIT, "the rematch offer", |f| {
            f.message(GROUP, id).filter(|m| m.body().contains("Bob wants a rematch"))
        })
        .await;
    let n = fake.call_count();
    fake.tap_in(GROUP, &ann, id, &button(&card, "Rematch"));
    let fresh = fake.wait_sent(n, GROUP).await;
    assert!(fresh.kind == "photo" && fresh.body().contains("⚪ Bob — ⚫ Ann"), "colours swap: {}", fresh.body());

    // /games lists it.
    let n = fake.call_count();
    fake.send_group_text(GROUP, &carl, "/games", None);
    let list = fake.wait_sent(n, GROUP).await;
    assert!(
        list.body().contains("Bob") && list.body().contains("Ann") && list.body().contains("International"),
        "{}",
        list.body()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_limits_and_simultaneous_taps() {
    ratings_limits_and_taps(&[("DAMAS_LIMITS_OPEN_CHALLENGES_PER_USER", "1")]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_limits_and_simultaneous_taps_on_redis() {
    let redis = RedisSpace::new();
    ratings_limits_and_taps(&redis.env(&[("DAMAS_LIMITS_OPEN_CHALLENGES_PER_USER", "1")])).await;
}

/// Limits, both players tapping at the same instant, resigning, ratings and a declined challenge.
async fn ratings_limits_and_taps(env: &[(&str, &str)]) {
    let (fake, _damas) = started(env).await;
    let ann = TestUser::new(6101, "Ann", Some("en"));
    let bob = TestUser::new(6102, "Bob", Some("en"));

    // A challenge addressed to Bob, from the initial position (rated). Ann plays Black.
    let bob_says = fake.send_group_text(GROUP, &bob, "hi", None);
    let n = fake.call_count();
    fake.send_group_text(GROUP, &ann, "/challenge russian black", Some(bob_says));
    let card = fake.wait_sent(n, GROUP).await;
    assert!(card.body().contains("tg://user?id=6102"), "Bob is named: {}", card.body());
    assert!(card.buttons().iter().any(|(l, _)| l.contains("Decline")));
    let id = card.message_id;

    // One open challenge each at most (configured): a second one is refused.
    let n = fake.call_count();
    fake.send_group_text(GROUP, &ann, "/challenge english", None);
    let refused = fake.wait_sent(n, GROUP).await;
    assert!(refused.body().contains("limit of open challenges (1)"), "{}", refused.body());

    fake.tap_in(GROUP, &bob, id, &button(&card, "Accept"));
    let card = fake
        .wait_until(WAIT, "the game to start", |f| f.message(GROUP, id).filter(|m| m.body().contains("Bob to move")))
        .await;

    // Bob (White, to move) and Ann tap at the same instant, and Bob's tap arrives twice: exactly one
    // move is applied.
    let variant = VariantId::Russian;
    let position = Position::start(variant);
    let (text, from, to) = first_move(&position);
    let mine = pick(&card, variant, &[from, to]);
    let black_piece = position.pieces().find(|(_, p)| p.color == damas::rules::Color::Black).map(|(sq, _)| sq).unwrap();
    let hers = pick(&card, variant, &[black_piece]);
    let n = fake.call_count();
    let ids = fake.taps_in(GROUP, &[(&bob, id, &mine), (&ann, id, &hers), (&bob, id, &mine)]);
    let answers = [answer_of(&fake, &ids[0]).await, answer_of(&fake, &ids[1]).await, answer_of(&fake, &ids[2]).await];
    // Taps are handled one after the other: Ann's and the repeat find the board changed, or (had
    // Ann's come first) Ann is told it is not her turn.
    assert_eq!(answers[0], "", "{answers:?}");
    assert!(["It is not your turn.", "The board has changed."].contains(&answers[1].as_str()), "{answers:?}");
    assert_eq!(answers[2], "The board has changed.", "{answers:?}");
    let card = card_at(&fake, id, 1).await;
    assert!(card.body().contains(&text));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        fake.calls().iter().skip(n).filter(|c| c.method == "editMessageMedia").count(),
        1,
        "exactly one move applied"
    );
    assert!(!fake.message(GROUP, id).unwrap().body().contains(&support::last_move_marker(2)));

    // Ann resigns (with confirmation).
    let cq = fake.tap_in(GROUP, &ann, id, &button(&card, "🏳"));
    answer_of(&fake, &cq).await;
    let card = fake
        .wait_until(WAIT, "the confirmation", |f| {
            f.message(GROUP, id).filter(|m| m.buttons().iter().any(|(l, _)| l.contains("Yes, resign")))
        })
        .await;
    fake.tap_in(GROUP, &ann, id, &button(&card, "Yes, resign"));
    let card =
        fake.wait_until(WAIT, "the result", |f| f.message(GROUP, id).filter(|m| m.body().contains("White won"))).await;
    assert!(card.body().contains("Black resigned"), "{}", card.body());

    // Ratings moved: in the group and overall.
    let n = fake.call_count();
    fake.send_group_text(GROUP, &bob, "/top russian", None);
    let top = fake.wait_sent(n, GROUP).await;
    let body = top.body();
    assert!(body.contains("Best in this group") && body.contains("Best overall"), "{body}");
    let first = body.find("1. Bob").unwrap_or_else(|| panic!("{body}"));
    let second = body.find("2. Ann").unwrap_or_else(|| panic!("{body}"));
    assert!(first < second);
    let rating: u32 =
        body[first + "1. Bob — ".len()..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap();
    assert!(rating > 1500, "{body}");

    let n = fake.call_count();
    fake.send_group_text(GROUP, &ann, "/stats", None);
    let stats = fake.wait_sent(n, GROUP).await;
    assert!(stats.body().contains("Ratings in this group") && stats.body().contains("Russian"), "{}", stats.body());

    // Bob declines a challenge addressed to him; the card says so.
    let ann_says = fake.send_group_text(GROUP, &ann, "again?", None);
    let n = fake.call_count();
    fake.send_group_text(GROUP, &bob, "/retar russian", Some(ann_says));
    let card = fake.wait_sent(n, GROUP).await;
    fake.tap_in(GROUP, &ann, card.message_id, &button(&card, "Decline"));
    let card = fake
        .wait_until(WAIT, "the declined card", |f| {
            f.message(GROUP, card.message_id).filter(|m| m.body().contains("aborted"))
        })
        .await;
    assert!(card.buttons().is_empty(), "{:?}", card.buttons());
}

/// A Mini App session for `user`, with initData signed by the bot token as Telegram would.
async fn app_session(http: &reqwest::Client, base: &str, user: &TestUser) -> String {
    let who = format!(r#"{{"id":{},"first_name":"{}"}}"#, user.id, user.first_name);
    let auth_date = damas::game::now_unix().to_string();
    let init_data = damas::webapp::init_data::sign(&[("auth_date", &auth_date), ("user", &who)], TOKEN);
    let reply: serde_json::Value = http
        .post(format!("{base}/api/session"))
        .json(&serde_json::json!({ "init_data": init_data }))
        .send()
        .await
        .expect("session request")
        .json()
        .await
        .expect("session reply");
    reply["token"].as_str().unwrap_or_else(|| panic!("no session: {reply}")).to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_card_follows_moves_made_in_the_mini_app() {
    card_follows_the_mini_app(&[], false).await;
}

/// Two processes share the Redis: the second (in webhook mode, so it takes no updates from the
/// fake) serves the Mini App; both hear the change, the card is edited once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_card_follows_moves_made_in_the_mini_app_on_redis_with_two_processes() {
    let redis = RedisSpace::new();
    card_follows_the_mini_app(&redis.env(&[]), true).await;
}

/// Moves and a resignation made in the Mini App show on the group card, one edit each.
async fn card_follows_the_mini_app(env: &[(&str, &str)], two_processes: bool) {
    let (fake, mut damas) = started(env).await;
    let mut second = two_processes.then(|| {
        let mut env = env.to_vec();
        env.extend_from_slice(&[
            ("DAMAS_WEBHOOK_ENABLED", "true"),
            ("DAMAS_WEBHOOK_SECRET_TOKEN", "test-secret"),
            ("DAMAS_HTTP_PUBLIC_URL", "https://damas.example"),
        ]);
        Damas::start(&fake.url(), &env)
    });
    let base = match second.as_mut() {
        Some(other) => {
            let addr = other.wait_http_addr();
            fake.wait_until(WAIT, "the second process to connect", |f| (f.calls_to("getMe").len() >= 2).then_some(()))
                .await;
            format!("http://{addr}")
        }
        None => format!("http://{}", damas.wait_http_addr()),
    };
    let ann = TestUser::new(6201, "Ann", Some("en"));
    let bob = TestUser::new(6202, "Bob", Some("en"));
    let variant = VariantId::Russian;

    let n = fake.call_count();
    fake.send_group_text(GROUP, &ann, "/challenge russian white", None);
    let card = fake.wait_sent(n, GROUP).await;
    let id = card.message_id;
    fake.tap_in(GROUP, &bob, id, &button(&card, "Accept"));
    let card = fake
        .wait_until(WAIT, "the game to start", |f| f.message(GROUP, id).filter(|m| m.body().contains("Ann to move")))
        .await;
    let game = board_data(&card).game().to_owned();
    // Let the start settle, so that what follows counts only the move's edits.
    tokio::time::sleep(Duration::from_millis(1500)).await;

    // Ann moves in the Mini App: the card in the group shows it, with one edit.
    let http = reqwest::Client::new();
    let token = app_session(&http, &base, &ann).await;
    let position = Position::start(variant);
    let (text, _, _) = first_move(&position);
    let n = fake.call_count();
    let reply = http
        .post(format!("{base}/api/games/{game}/moves"))
        .bearer_auth(&token)
        .json(&serde_json::json!({ "move": text }))
        .send()
        .await
        .expect("move request");
    assert_eq!(reply.status().as_u16(), 200, "{:?}", reply.text().await);
    let card = card_at(&fake, id, 1).await;
    assert!(card.body().contains(&text) && card.body().contains("Bob to move"), "{}", card.body());
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let edits = |n: usize| fake.calls().iter().skip(n).filter(|c| c.method.starts_with("editMessage")).count();
    assert_eq!(edits(n), 1, "exactly one edit of the card for the move");
    // The move came from the Mini App, and Bob hears of it in private all the same, once.
    let notices = |n: usize, user: &TestUser| {
        fake.calls().iter().skip(n).filter(|c| c.method == "sendMessage" && c.chat_id() == Some(user.id)).count()
    };
    assert_eq!(notices(n, &bob), 1, "one 'your move' notice for a move made in the Mini App");

    // Bob answers on the card as usual: one edit, and the listener adds none.
    let position = position.play(&position.parse_move(&text).unwrap());
    let (text, _, _) = first_move(&position);
    let n = fake.call_count();
    fake.send_group_text(GROUP, &bob, &text, Some(id));
    card_at(&fake, id, 2).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(edits(n), 1, "a move on the card is shown once");
    assert_eq!(notices(n, &ann), 1, "and told to the opponent once");

    // Ann resigns in the Mini App: the card shows the result.
    let reply = http
        .post(format!("{base}/api/games/{game}/resign"))
        .bearer_auth(&token)
        .json(&serde_json::json!({}))
        .send()
        .await
        .expect("resign request");
    assert_eq!(reply.status().as_u16(), 200, "{:?}", reply.text().await);
    let card = fake
        .wait_until(WAIT, "the result on the card", |f| f.message(GROUP, id).filter(|m| m.body().contains("Black won")))
        .await;
    assert!(card.body().contains("White resigned"), "{}", card.body());
}

/// The daily puzzle: admins switch it on, the card's buttons are the legal moves, one try each, and
/// the people who found the move are listed on the card.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_groups_daily_puzzle_lists_who_found_it() {
    use damas::game::daily;
    use damas::game::puzzles::{move_choices, puzzles};
    const CHAT: i64 = -100_888;
    let (fake, _damas) = started(&[]).await;
    let ann = TestUser::new(6101, "Ann", Some("en"));
    let bob = TestUser::new(6102, "Bob", Some("en"));
    let cy = TestUser::new(6103, "Cy", Some("en"));
    fake.make_owner(CHAT, &ann);

    let n = fake.call_count();
    fake.send_text(&bob, "/daily on");
    assert!(fake.wait_sent(n, bob.id).await.body().contains("is for groups"));
    let n = fake.call_count();
    fake.send_group_text(CHAT, &bob, "/daily", None);
    assert!(fake.wait_sent(n, CHAT).await.body().contains("The daily puzzle is off here"));
    let n = fake.call_count();
    fake.send_group_text(CHAT, &bob, "/daily on russian", None);
    assert!(fake.wait_sent(n, CHAT).await.body().contains("Only the group's admins"));
    let n = fake.call_count();
    fake.send_group_text(CHAT, &ann, "/daily on frisian", None);
    assert!(fake.wait_sent(n, CHAT).await.body().contains("no puzzles for Frisian"));

    fake.send_group_text(CHAT, &ann, "/daily on russian", None);
    let card = fake
        .wait_until(WAIT, "the day's card", |f| {
            f.messages(CHAT).into_iter().find(|m| m.kind == "photo" && m.body().contains("Daily puzzle"))
        })
        .await;
    assert!(
        fake.messages(CHAT).iter().any(|m| m.body().contains("Daily puzzle on: a new Russian draughts puzzle")),
        "{:?}",
        fake.messages(CHAT).iter().map(ChatMessage::body).collect::<Vec<_>>()
    );
    let day = daily::day_of(damas::game::now_unix());
    let puzzle = &puzzles(VariantId::Russian)[daily::puzzle_of_day(VariantId::Russian, day).unwrap()];
    let body = card.body();
    assert!(
        body.contains(&daily::date_label(day))
            && body.contains(&format!("rating {}", puzzle.rating))
            && body.contains("Nobody has found it yet"),
        "{body}"
    );
    let position = Position::from_fen(VariantId::Russian, &puzzle.fen).unwrap();
    let choices = move_choices(&position);
    let labels: Vec<String> =
        card.buttons().into_iter().filter(|(_, d)| d.starts_with("dy:")).map(|(l, _)| l).collect();
    assert_eq!(labels, choices, "a button per legal move");
    let solution = position.parse_move(&puzzle.solution).unwrap();
    let right = choices.iter().position(|m| position.parse_move(m).unwrap().same_effect(&solution)).unwrap();
    let tap = |i: usize| format!("dy:{day}:{i}");

    let mut tries = 0;
    if let Some(wrong) = (0..choices.len()).find(|i| *i != right) {
        let cq = fake.tap_in(CHAT, &bob, card.message_id, &tap(wrong));
        assert!(answer_of(&fake, &cq).await.contains("Not that one"));
        tries += 1;
    }
    let cq = fake.tap_in(CHAT, &ann, card.message_id, &tap(right));
    let answer = answer_of(&fake, &cq).await;
    assert!(answer.contains("Right! You are number 1") && answer.contains(&puzzle.line.join(" ")), "{answer}");
    tries += 1;
    let cq = fake.tap_in(CHAT, &bob, card.message_id, &tap(right));
    assert!(answer_of(&fake, &cq).await.contains("You have had your try"));
    let cq = fake.tap_in(CHAT, &cy, card.message_id, &tap(right));
    assert!(answer_of(&fake, &cq).await.contains("number 2"));
    tries += 1;
    let cq = fake.tap_in(CHAT, &cy, card.message_id, &format!("dy:{}:{right}", day - 1));
    assert!(answer_of(&fake, &cq).await.contains("older daily puzzle"));
    let listed = format!("Found by: Ann, Cy (2 of {tries} tries)");
    let card = fake
        .wait_until(WAIT, "the solvers on the card", |f| {
            f.message(CHAT, card.message_id).filter(|m| m.body().contains(&listed))
        })
        .await;
    assert_eq!(
        card.buttons().iter().filter(|(_, d)| d.starts_with("dy:")).count(),
        choices.len(),
        "the card keeps its buttons"
    );

    // Switching on again the same day posts nothing new; off stops it.
    let n = fake.call_count();
    fake.send_group_text(CHAT, &ann, "/daily on russian", None);
    fake.wait_sent(n, CHAT).await;
    fake.send_group_text(CHAT, &ann, "/daily off", None);
    fake.wait_until(WAIT, "switched off", |f| {
        f.messages(CHAT).into_iter().find(|m| m.body().contains("Daily puzzle off."))
    })
    .await;
    assert_eq!(fake.messages(CHAT).iter().filter(|m| m.kind == "photo").count(), 1, "one card a day");
    let n = fake.call_count();
    fake.send_group_text(CHAT, &bob, "/daily", None);
    assert!(fake.wait_sent(n, CHAT).await.body().contains("is off here"));
}
