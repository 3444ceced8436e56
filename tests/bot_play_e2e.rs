//! Playing the engine in private chat, end to end, beyond a plain game: refused moves explained,
//! takebacks, resigning and the rematch, Spanish commands, deep links, rate limits, and a restart of
//! the bot in the middle of a game kept in Redis. The real `damas serve` binary talks to the fake
//! Bot API; scripted users type and tap.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod support;

use std::time::Duration;

use damas::bot::callback::{Action, BoardData};
use damas::bot::keyboard;
use damas::rules::{Position, Reason, VariantId};
use support::fake_telegram::{ChatMessage, FakeTelegram, TestUser};
use support::{Damas, TOKEN, started};

const WAIT: Duration = Duration::from_secs(30);

/// A pause before a move: the bot drops updates from a user beyond five a second after a burst of
/// twenty, and the longer scripts here come near that.
async fn pace() {
    tokio::time::sleep(Duration::from_millis(220)).await;
}

/// A user id no earlier run used, so data left in Redis cannot make a test pass.
fn fresh_id(base: i64) -> i64 {
    let micros = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_micros();
    base + (micros % 1_000_000) as i64
}

/// The move of ply `n` from a caption ("Last move: 3... <code>X</code>"), if the caption shows it.
fn last_move(caption: &str, n: usize) -> Option<String> {
    let marker = support::last_move_marker(n);
    let start = caption.find(&marker)? + marker.len();
    let end = caption[start..].find("</code>")? + start;
    Some(caption[start..end].to_string())
}

fn my_turn(body: &str) -> bool {
    body.contains("Your move") || body.contains("Te toca")
}

/// Waits until board message `board_id` shows ply `ply` with the user to move.
async fn wait_ply(fake: &FakeTelegram, user: &TestUser, board_id: i64, ply: usize) -> ChatMessage {
    fake.wait_until(WAIT, &format!("the board at ply {ply}"), |f| {
        f.message(user.id, board_id).filter(|m| my_turn(&m.body()) && last_move(&m.body(), ply).is_some())
    })
    .await
}

/// Any board callback of a board message, to learn the game id and ply it was drawn for.
fn board_data(m: &ChatMessage) -> BoardData {
    let (_, d) = m.buttons().into_iter().find(|(_, d)| d.starts_with("b1:")).expect("board buttons");
    BoardData::parse(&d).unwrap()
}

fn pick(data: &BoardData, variant: VariantId, squares: &[damas::rules::Square]) -> String {
    let taps = squares.iter().map(|sq| keyboard::coord(variant.rules(), *sq)).collect();
    BoardData::new(data.game(), data.ply(), Action::Pick(taps)).unwrap().encode()
}

/// A game being followed by the test: its moves as the board should show them.
struct Tracked {
    variant: VariantId,
    start: Position,
    moves: Vec<String>,
    board_id: i64,
}

impl Tracked {
    fn new(variant: VariantId, start: Position, board_id: i64) -> Tracked {
        Tracked { variant, start, moves: Vec::new(), board_id }
    }

    fn position(&self) -> Position {
        let mut p = self.start;
        for text in &self.moves {
            p = p.play(&p.parse_move(text).unwrap());
        }
        p
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    /// A legal move of the current position, as text.
    fn any_move(&self) -> String {
        let p = self.position();
        p.notation(&p.legal_moves()[0])
    }

    /// Types `text` (a legal move), waits for the engine's reply on the same board message, and
    /// follows both moves.
    async fn typed(&mut self, fake: &FakeTelegram, user: &TestUser, text: &str) -> ChatMessage {
        let p = self.position();
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pace().await;
        fake.send_text(user, text);
        self.after_my_move(fake, user, p.notation(&mv)).await
    }

    /// Plays a legal move by tapping its squares on the board message.
    async fn tapped(&mut self, fake: &FakeTelegram, user: &TestUser) -> ChatMessage {
        let p = self.position();
        let mv = p
            .legal_moves()
            .into_iter()
            .find(|mv| {
                matches!(
                    keyboard::advance(
                        &p,
                        &[
                            keyboard::coord(self.variant.rules(), mv.from()),
                            keyboard::coord(self.variant.rules(), mv.to())
                        ]
                    ),
                    keyboard::Step::Ready(_)
                )
            })
            .expect("a move of two taps");
        let m = fake.message(user.id, self.board_id).unwrap();
        let before = m.edits;
        pace().await;
        fake.tap(user, self.board_id, &pick(&board_data(&m), self.variant, &[mv.from()]));
        let selected = fake
            .wait_until(WAIT, "the piece selected", |f| f.message(user.id, self.board_id).filter(|m| m.edits > before))
            .await;
        pace().await;
        fake.tap(user, self.board_id, &pick(&board_data(&selected), self.variant, &[mv.from(), mv.to()]));
        self.after_my_move(fake, user, p.notation(&mv)).await
    }

    async fn after_my_move(&mut self, fake: &FakeTelegram, user: &TestUser, mine: String) -> ChatMessage {
        self.moves.push(mine);
        let m = wait_ply(fake, user, self.board_id, self.plies() + 1).await;
        let reply = last_move(&m.body(), self.plies() + 1).unwrap();
        let p = self.position();
        let mv = p.parse_move(&reply).unwrap_or_else(|e| panic!("engine move {reply}: {e}"));
        self.moves.push(p.notation(&mv));
        m
    }
}

/// What the bot sent or edited in `user`'s chat after call number `after`.
fn chat_calls(fake: &FakeTelegram, after: usize, user: &TestUser) -> Vec<String> {
    fake.calls().into_iter().skip(after).filter(|c| c.chat_id() == Some(user.id)).map(|c| c.method).collect()
}

/// A move the rules refuse is explained with the rules' reason in the user's language, with the
/// legal moves when they are few; the game and its board stay as they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_move_is_explained_and_changes_nothing() {
    let (fake, _damas) = started(&[]).await;
    // Black (to move) must capture with the man on 14: two ways.
    let fen = "B:W17,18:B14,1";
    let position = Position::from_fen(VariantId::English, fen).unwrap();
    let refused = position.parse_move("1-6").unwrap_err();
    assert_eq!(refused.reason, Reason::CaptureRequired);
    let legal: Vec<String> = position.legal_moves().iter().map(|m| position.notation(m)).collect();
    assert_eq!(legal.len(), 2, "{legal:?}");

    for (user, play, expect_reason, expect_list, expect_unreadable) in [
        (
            TestUser::new(6101, "Ann", Some("en")),
            format!("/play english easy black {fen}"),
            "A capture is compulsory.",
            "Possible:",
            "That is not a move",
        ),
        (
            TestUser::new(6102, "Pepe", Some("es")),
            format!("/jugar inglesas fácil negras {fen}"),
            "La captura es obligatoria.",
            "Posibles:",
            "no es una jugada",
        ),
    ] {
        let n = fake.call_count();
        fake.send_text(&user, &play);
        let board = fake.wait_sent(n, user.id).await;
        assert!(my_turn(&board.body()), "{}", board.body());
        assert!(
            !board.buttons().iter().any(|(l, _)| l.contains("app")),
            "no Mini App button without a public https address: {:?}",
            board.buttons()
        );

        let n = fake.call_count();
        fake.send_text(&user, "1-6");
        let answer = fake.wait_sent(n, user.id).await;
        let body = answer.body();
        assert!(body.starts_with(expect_reason), "{body}");
        assert!(body.contains(expect_list), "{body}");
        for mv in &legal {
            assert!(body.contains(&format!("<code>{mv}</code>")), "{mv} listed: {body}");
        }

        let n2 = fake.call_count();
        fake.send_text(&user, "hello there");
        assert!(fake.wait_sent(n2, user.id).await.body().contains(expect_unreadable));
        let n3 = fake.call_count();
        fake.send_text(&user, "/m 30-26");
        let m = fake.wait_sent(n3, user.id).await;
        assert!(!m.body().is_empty() && m.kind == "text", "{m:?}");

        // Nothing changed: only the explanations were sent, the board was not touched.
        assert_eq!(chat_calls(&fake, n, &user), vec!["sendMessage"; 3]);
        assert_eq!(fake.message(user.id, board.message_id).unwrap().edits, 0);

        // A legal move is accepted afterwards, as the first move of the game.
        let n = fake.call_count();
        fake.send_text(&user, &legal[1]);
        wait_ply(&fake, &user, board.message_id, 2).await;
        assert!(!chat_calls(&fake, n, &user).contains(&"sendPhoto".to_string()), "the same board message is edited");
    }
}

/// /undo against the engine takes back the user's move and the engine's reply, on the same board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takeback_against_the_engine() {
    let (fake, _damas) = started(&[]).await;
    let tom = TestUser::new(6201, "Tom", Some("en"));

    let n = fake.call_count();
    fake.send_text(&tom, "/undo");
    assert!(fake.wait_sent(n, tom.id).await.body().contains("no game in progress"));

    let n = fake.call_count();
    fake.send_text(&tom, "/play english easy black");
    let board = fake.wait_sent(n, tom.id).await;
    let mut game = Tracked::new(VariantId::English, Position::start(VariantId::English), board.message_id);

    let n = fake.call_count();
    fake.send_text(&tom, "/undo");
    assert!(fake.wait_sent(n, tom.id).await.body().contains("no move of yours to take back"));

    // Telegram rate-limits the board edit once: the bot waits as told and edits then.
    fake.rate_limit_next("editMessageMedia", 1);
    game.typed(&fake, &tom, "11-15").await;
    let edits = fake.calls_to("editMessageMedia");
    assert!(
        edits.iter().any(|c| c.response["error_code"] == 429) && edits.iter().any(|c| c.ok()),
        "a 429, then the edit"
    );
    let next = game.any_move();
    game.typed(&fake, &tom, &next).await;
    assert_eq!(game.plies(), 4);

    let before = fake.message(tom.id, board.message_id).unwrap();
    let n = fake.call_count();
    fake.send_text(&tom, "/undo");
    assert!(fake.wait_sent(n, tom.id).await.body().contains("taken back"));
    let back = fake
        .wait_until(WAIT, "the board two plies back", |f| {
            f.message(tom.id, board.message_id).filter(|m| m.edits > before.edits && last_move(&m.body(), 2).is_some())
        })
        .await;
    assert!(my_turn(&back.body()), "{}", back.body());
    assert_eq!(last_move(&back.body(), 2).as_deref(), Some(game.moves[1].as_str()), "{}", back.body());
    assert!(!chat_calls(&fake, n, &tom).contains(&"sendPhoto".to_string()), "edited in place");

    // Play goes on from there, by taps this time.
    game.moves.truncate(2);
    game.tapped(&fake, &tom).await;
    assert_eq!(game.plies(), 4);

    // Spanish name of the command, and a second takeback in a row.
    let n = fake.call_count();
    fake.send_text(&tom, "/deshacer");
    assert!(fake.wait_sent(n, tom.id).await.body().contains("taken back"));
    game.moves.truncate(2);
    wait_ply(&fake, &tom, board.message_id, 2).await;

    // One game against the engine at a time: /play offers the board or resigning instead.
    let n = fake.call_count();
    fake.send_text(&tom, "/play international easy white");
    let busy = fake.wait_sent(n, tom.id).await;
    assert!(busy.body().contains("already playing"), "{}", busy.body());
    let n = fake.call_count();
    fake.tap_label(&tom, "Show the board");
    let again = fake.wait_sent(n, tom.id).await;
    assert_eq!(again.kind, "photo");
    assert!(last_move(&again.body(), 2).is_some(), "{}", again.body());
    // The new board message is the one kept up to date from now on.
    game.board_id = again.message_id;
    // The old board loses its buttons, so that no tap lands on a stale picture ...
    let old_edits = fake
        .wait_until(WAIT, "the old board without buttons", |f| {
            f.message(tom.id, board.message_id).filter(|m| m.reply_markup.is_none()).map(|m| m.edits)
        })
        .await;
    // ... and stays as it was after that.
    let next = game.any_move();
    game.typed(&fake, &tom, &next).await;
    assert_eq!(fake.message(tom.id, board.message_id).unwrap().edits, old_edits, "the old board stays as it was");

    // A tap on ♻️ redraws nothing when nothing changed: no edit is sent at all.
    let refresh =
        fake.message(tom.id, again.message_id).unwrap().buttons().into_iter().find(|(l, _)| l == "♻️").unwrap().1;
    let n = fake.call_count();
    let cq = fake.tap(&tom, again.message_id, &refresh);
    fake.wait_call(n, "the refresh answered", |c| {
        c.method == "answerCallbackQuery" && c.str("callback_query_id").as_deref() == Some(cq.as_str())
    })
    .await;
    let n2 = fake.call_count();
    fake.send_text(&tom, "/help");
    fake.wait_sent(n2, tom.id).await;
    assert_eq!(chat_calls(&fake, n, &tom), ["sendMessage"], "only the help was sent");

    // Resigning through the busy message frees the way for the new game.
    let n = fake.call_count();
    fake.tap_label(&tom, "Resign it");
    let question = fake.wait_sent(n, tom.id).await;
    let n = fake.call_count();
    fake.tap(&tom, question.message_id, &question.buttons()[0].1);
    fake.wait_until(WAIT, "the result", |f| {
        f.last_bot_message_where(tom.id, |m| m.kind == "text" && m.body().contains("You lost"))
    })
    .await;
    let n = fake.call_count().max(n);
    fake.send_text(&tom, "/play international easy white");
    let fresh = fake.wait_sent(n, tom.id).await;
    assert_eq!(fresh.kind, "photo", "{}", fresh.body());
    assert!(fresh.body().contains("Your move") && last_move(&fresh.body(), 1).is_none(), "{}", fresh.body());

    // No edit was sent that would have changed nothing.
    for method in ["editMessageMedia", "editMessageCaption", "editMessageReplyMarkup", "editMessageText"] {
        assert!(fake.calls_to(method).iter().all(|c| !c.response.to_string().contains("not modified")), "{method}");
    }
    assert_eq!(fake.taps_answered_late(), Vec::<String>::new());
}

/// In Spanish, with the Spanish command names: /tablas (the engine declines), /abandonar with its
/// confirmation (declined once, then confirmed), the result with its buttons, /pdn, /estadisticas,
/// the rematch with colours swapped and the new-game menu.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_with_confirmation_result_and_rematch_in_spanish() {
    let (fake, _damas) = started(&[]).await;
    let lola = TestUser::new(6301, "Lola", Some("es-AR"));

    let n = fake.call_count();
    fake.send_text(&lola, "/jugar internacional fácil blancas");
    let board = fake.wait_sent(n, lola.id).await;
    assert_eq!(board.kind, "photo");
    assert!(board.body().contains("Te toca") && board.body().contains("Motor"), "{}", board.body());
    let mut game = Tracked::new(VariantId::International, Position::start(VariantId::International), board.message_id);
    let first = game.any_move();
    game.typed(&fake, &lola, &first).await;

    let n = fake.call_count();
    fake.send_text(&lola, "/analizar");
    assert!(
        fake.wait_sent(n, lola.id).await.body().contains("Termina antes la partida"),
        "no engine help during a game"
    );

    let n = fake.call_count();
    fake.send_text(&lola, "/tablas");
    assert!(fake.wait_sent(n, lola.id).await.body().contains("rechaza las tablas"));

    // Asked first; "no" keeps the game going.
    let n = fake.call_count();
    fake.send_text(&lola, "/abandonar");
    let question = fake.wait_sent(n, lola.id).await;
    assert!(question.body().contains("¿Seguro"), "{}", question.body());
    let labels: Vec<String> = question.buttons().into_iter().map(|(l, _)| l).collect();
    assert_eq!(labels, ["Sí, abandono", "No, sigo jugando"]);
    let board_before = fake.message(lola.id, board.message_id).unwrap();
    fake.tap_label(&lola, "No, sigo jugando");
    fake.wait_until(WAIT, "the question withdrawn", |f| {
        f.message(lola.id, question.message_id).filter(|m| m.body().contains("¡Sigue jugando!"))
    })
    .await;
    assert_eq!(fake.message(lola.id, board.message_id).unwrap().edits, board_before.edits, "the board is untouched");

    // The board's flag asks too; this time "yes".
    let flag = fake
        .message(lola.id, board.message_id)
        .unwrap()
        .buttons()
        .into_iter()
        .find(|(l, _)| l == "🏳")
        .expect("resign button")
        .1;
    let n = fake.call_count();
    fake.tap(&lola, board.message_id, &flag);
    let question = fake.wait_sent(n, lola.id).await;
    let yes = question.buttons().into_iter().find(|(l, _)| l == "Sí, abandono").unwrap().1;
    let n = fake.call_count();
    fake.tap(&lola, question.message_id, &yes);
    let result = fake
        .wait_until(WAIT, "the result message", |f| {
            f.last_bot_message_where(lola.id, |m| m.kind == "text" && m.body().contains("Has perdido"))
        })
        .await;
    assert!(result.body().contains("Las Blancas abandonan"), "{}", result.body());
    let labels: Vec<String> = result.buttons().into_iter().map(|(l, _)| l).collect();
    assert_eq!(labels, ["Revancha", "PDN", "📈 Análisis", "Nueva partida"]);

    let end = fake.message(lola.id, board.message_id).unwrap();
    assert!(
        end.body().contains("Has perdido") && end.body().contains("abandonan"),
        "the board shows the result: {}",
        end.body()
    );
    assert!(!end.buttons().iter().any(|(l, _)| l == "🏳"), "no resign button on a finished game");
    assert!(chat_calls(&fake, n, &lola).iter().filter(|m| *m == "sendPhoto").count() == 0);

    // The engine's review of the finished game, from the button: each side's accuracy, then the
    // moves to look at or a word that there are none.
    fake.tap_label(&lola, "📈 Análisis");
    let review = fake
        .wait_until(WAIT, "the analysis", |f| {
            f.last_bot_message_where(lola.id, |m| m.kind == "text" && m.body().contains("precisión"))
        })
        .await;
    let text = review.body();
    assert!(text.contains("<b>Análisis</b>") && text.contains("⚪ Lola: precisión"), "{text}");
    assert!(text.matches(": precisión").count() == 2, "one accuracy per side: {text}");
    assert!(text.contains("Jugadas para revisar") || text.contains("No hay errores"), "{text}");
    // Then the evaluation graph as a picture.
    let graph = fake
        .wait_until(WAIT, "the evaluation graph", |f| {
            f.last_bot_message_where(lola.id, |m| m.kind == "photo" && m.body().contains("Evaluación"))
        })
        .await;
    let (_, png) = fake.file(graph.file.as_deref().unwrap()).unwrap();
    assert!(png.starts_with(b"\x89PNG") && png.len() > 500, "a real picture: {} bytes", png.len());
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Asked again by command: the same review, from the store.
    let n = fake.call_count();
    fake.send_text(&lola, "/analizar");
    assert_eq!(fake.wait_sent(n, lola.id).await.body(), text);
    fake.wait_until(WAIT, "the graph again", |f| {
        let graphs =
            f.messages(lola.id).iter().filter(|m| m.kind == "photo" && m.body().contains("Evaluación")).count();
        (graphs == 2).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Someone else's game is not theirs to review.
    let game_id = board_data(&board).game().to_owned();
    let eve = TestUser::new(6399, "Eve", Some("en"));
    let n = fake.call_count();
    fake.send_text(&eve, "/start");
    let hello = fake.wait_sent(n, eve.id).await;
    let n = fake.call_count();
    fake.tap(&eve, hello.message_id, &format!("m:an:{game_id}"));
    assert!(fake.wait_sent(n, eve.id).await.body().contains("no finished game"));

    fake.wait_until(WAIT, "the answered question to lose its buttons", |f| {
        f.message(lola.id, question.message_id).filter(|m| m.buttons().is_empty())
    })
    .await;

    // The same confirmation tapped again (an old copy of it): the game is over, nothing happens.
    let n = fake.call_count();
    let cq = fake.tap(&lola, question.message_id, &yes);
    let answer = fake
        .wait_call(n, "the late tap answered", |c| {
            c.method == "answerCallbackQuery" && c.str("callback_query_id").as_deref() == Some(cq.as_str())
        })
        .await;
    assert!(answer.str("text").is_some_and(|t| t.contains("terminado")), "{:?}", answer.params);

    let n = fake.call_count();
    fake.send_text(&lola, "/pdn");
    let doc = fake.wait_sent(n, lola.id).await;
    assert_eq!(doc.kind, "document");
    let (name, bytes) = fake.file(doc.file.as_deref().unwrap()).unwrap();
    let pdn = String::from_utf8(bytes).unwrap();
    assert!(name.ends_with(".pdn") && pdn.contains("[Result \"0-2\"]") && pdn.contains(&first), "{name}: {pdn}");

    let n = fake.call_count();
    fake.send_text(&lola, "/estadisticas");
    let stats = fake.wait_sent(n, lola.id).await.body();
    assert!(stats.contains("partidas: 1") && stats.contains("perdidas: 1") && stats.contains("ganadas: 0"), "{stats}");

    // Rematch: a new board, colours swapped, so the engine (White) has moved already.
    let n = fake.call_count();
    fake.tap_label(&lola, "Revancha");
    let rematch = fake.wait_sent(n, lola.id).await;
    // "typing…" while the engine makes its first move, before there is a board to say so.
    assert!(
        chat_calls(&fake, n, &lola).first().map(String::as_str) == Some("sendChatAction"),
        "{:?}",
        chat_calls(&fake, n, &lola)
    );
    assert_eq!(rematch.kind, "photo");
    assert_ne!(rematch.message_id, board.message_id);
    assert!(
        rematch.body().contains("Te toca")
            && rematch.body().contains("(Negras)")
            && last_move(&rematch.body(), 1).is_some(),
        "{}",
        rematch.body()
    );
    assert!(rematch.body().starts_with("⚪ Motor"), "{}", rematch.body());

    let n = fake.call_count();
    fake.tap(&lola, result.message_id, &result.buttons().into_iter().find(|(l, _)| l == "Nueva partida").unwrap().1);
    let menu = fake.wait_sent(n, lola.id).await;
    assert!(menu.buttons().iter().any(|(_, d)| d == "m:play:spanish"), "{:?}", menu.buttons());
    assert_eq!(fake.taps_answered_late(), Vec::<String>::new());
}

/// A game sent as a PDN file is read, checked and analysed; what is not a readable game is
/// answered with the reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pdn_file_sent_to_the_bot_is_analysed() {
    let (fake, _damas) = started(&[]).await;
    let kai = TestUser::new(fresh_id(7_300_000), "Kai", Some("en"));
    let pdn = "[Event \"Club\"]\n[White \"Kai\"]\n[Black \"Lea\"]\n[GameType \"25\"]\n[FEN \"W:Wc3,e3,g3:Bd6,f8,h8\"]\n1. e3-f4 d6-e5 2. f4:d6 *\n";
    let n = fake.call_count();
    fake.send_document(&kai, "club.pdn", pdn.as_bytes());
    let review = fake
        .wait_until(WAIT, "the analysis of the file", |f| {
            f.last_bot_message_where(kai.id, |m| m.kind == "text" && m.body().contains("accuracy"))
        })
        .await;
    let text = review.body();
    assert!(text.contains("Kai") && text.contains("Lea") && text.contains("Russian"), "{text}");
    assert!(text.contains("1... <code>d6-e5</code>"), "Black's gift is listed: {text}");
    assert!(fake.calls().iter().skip(n).any(|c| c.method == "getFile"), "the file was fetched");
    fake.wait_until(WAIT, "the position of the error", |f| {
        f.last_bot_message_where(kai.id, |m| m.kind == "photo" && m.body().contains("d6-e5")).map(|_| ())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    let n = fake.call_count();
    fake.send_document(&kai, "broken.pdn", b"[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4-e6 *");
    let answer = fake.wait_sent(n, kai.id).await.body();
    assert!(answer.contains("could not read that game") && answer.contains("move 3"), "{answer}");
    let n = fake.call_count();
    fake.send_document(&kai, "photo.jpg", b"\xff\xd8\xff");
    assert!(fake.wait_sent(n, kai.id).await.body().contains(".pdn file"));
    let n = fake.call_count();
    fake.send_document(&kai, "huge.pdn", &vec![b' '; 70 * 1024]);
    assert!(fake.wait_sent(n, kai.id).await.body().contains("too big"), "the download stops at the limit");
}

/// /puzzle: a position to solve by typing moves, with a hint, the defender's replies, the result
/// with the puzzle rating, the next puzzle, and the solution when asked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_with_hints_replies_solutions_and_a_rating() {
    let (fake, _damas) = started(&[]).await;
    let pia = TestUser::new(fresh_id(7_400_000), "Pia", Some("en"));
    let n = fake.call_count();
    fake.send_text(&pia, "/puzzle russian");
    let card = fake.wait_sent(n, pia.id).await;
    assert_eq!(card.kind, "photo", "{}", card.body());
    let body = card.body();
    assert!(body.contains("Russian") && body.contains("Your puzzle rating: 1500"), "{body}");
    let number: usize = body
        .split("Puzzle #")
        .nth(1)
        .and_then(|r| r.split("</b>").next())
        .and_then(|n| n.parse().ok())
        .expect("the puzzle's number");
    let puzzle = &damas::game::puzzles::puzzles(VariantId::Russian)[number - 1];
    let start = Position::from_fen(VariantId::Russian, &puzzle.fen).unwrap();
    let solution = start.parse_move(&puzzle.line[0]).unwrap();

    // A move the rules refuse is explained; a legal one that is not the solution is refused.
    let n = fake.call_count();
    fake.send_text(&pia, "a1-h8");
    let refused = fake.wait_sent(n, pia.id).await.body();
    assert!(!refused.contains("Not that one") && !refused.is_empty(), "{refused}");
    if let Some(other) = start.legal_moves().into_iter().find(|m| !m.same_effect(&solution)) {
        let n = fake.call_count();
        fake.send_text(&pia, &start.notation(&other));
        assert!(fake.wait_sent(n, pia.id).await.body().contains("Not that one"));
    }
    let n = fake.call_count();
    fake.tap(&pia, card.message_id, "m:pz:hint");
    let hint = fake.wait_sent(n, pia.id).await.body();
    let from = VariantId::Russian.rules().square_name(solution.from());
    assert!(hint.contains(&format!("Move the piece on {from}.")), "{hint}");

    // The line: each right move is answered with the defender's reply, the last one ends it. The
    // first move is tapped among the legal moves under the picture, the others typed.
    let moves: Vec<String> =
        card.buttons().into_iter().filter(|(_, d)| d.starts_with("m:pz:m:0:")).map(|(t, _)| t).collect();
    assert_eq!(moves.len(), start.legal_moves().len(), "a button per legal move: {:?}", card.buttons());
    let first_button = card
        .buttons()
        .into_iter()
        .find(|(t, _)| *t == puzzle.line[0])
        .map(|(_, d)| d)
        .expect("the solution among the buttons");
    for k in (0..puzzle.line.len()).step_by(2) {
        let n = fake.call_count();
        if k == 0 {
            fake.tap(&pia, card.message_id, &first_button);
        } else {
            fake.send_text(&pia, &puzzle.line[k]);
        }
        let answer = fake.wait_sent(n, pia.id).await;
        match puzzle.line.get(k + 1) {
            Some(reply) => {
                assert_eq!(answer.kind, "photo");
                assert!(
                    answer.body().contains(&format!("Right! The reply was <code>{reply}</code>")),
                    "{}",
                    answer.body()
                );
                if k == 0 {
                    let n = fake.call_count();
                    fake.tap(&pia, card.message_id, &first_button);
                    assert!(
                        fake.wait_sent(n, pia.id).await.body().contains("no longer the current one"),
                        "a tap on the old board does nothing"
                    );
                }
            }
            None => {
                let text = answer.body();
                let wrong_tried = start.legal_moves().len() > 1;
                assert!(text.contains(if wrong_tried { "Solved, after a wrong try." } else { "Solved!" }), "{text}");
                let after: f64 = text.split("→ ").nth(1).and_then(|r| r.trim().parse().ok()).expect("the new rating");
                assert_eq!(after < 1500.0, wrong_tried, "a wrong try counts against the rating: {text}");
                assert!(answer.buttons().iter().any(|(_, d)| d == "m:pz:next"));
            }
        }
    }
    // Without a running puzzle, moves go back to games: there is none.
    let n = fake.call_count();
    fake.send_text(&pia, &puzzle.line[0]);
    assert!(!fake.wait_sent(n, pia.id).await.body().contains("Right"));

    // The next one, and its solution on request.
    let n = fake.call_count();
    fake.send_text(&pia, "/puzzle");
    let next = fake.wait_sent(n, pia.id).await;
    assert!(next.body().contains("Russian") && !next.body().contains(&format!("Puzzle #{number}<")), "{}", next.body());
    let number: usize = next
        .body()
        .split("Puzzle #")
        .nth(1)
        .and_then(|r| r.split("</b>").next())
        .and_then(|n| n.parse().ok())
        .expect("the puzzle's number");
    let solution = &damas::game::puzzles::puzzles(VariantId::Russian)[number - 1].line[0];
    if let Some((_, wrong)) = next.buttons().into_iter().find(|(t, d)| d.starts_with("m:pz:m:") && t != solution) {
        let n = fake.call_count();
        fake.tap(&pia, next.message_id, &wrong);
        assert!(fake.wait_sent(n, pia.id).await.body().contains("Not that one"));
    }
    let n = fake.call_count();
    fake.tap(&pia, next.message_id, "m:pz:show");
    let shown = fake.wait_sent(n, pia.id).await.body();
    assert!(shown.contains("The solution: <code>") && shown.contains("Puzzle rating:"), "{shown}");
    let n = fake.call_count();
    fake.tap(&pia, next.message_id, "m:pz:hint");
    assert!(fake.wait_sent(n, pia.id).await.body().contains("no puzzle running"));
    let n = fake.call_count();
    fake.send_text(&pia, "/puzzle frisian");
    assert!(fake.wait_sent(n, pia.id).await.body().contains("no puzzles for"));
}

/// Deep links (`t.me/<bot>?start=...`) open what they name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_opens_the_game_in_the_mini_app() {
    let (fake, _damas) = started(&[("DAMAS_HTTP_PUBLIC_URL", "https://damas.example/play/")]).await;
    let ann = TestUser::new(fresh_id(7_100_000), "Ann", Some("en"));
    let n = fake.call_count();
    fake.send_text(&ann, "/play russian easy white");
    let board = fake.wait_sent(n, ann.id).await;
    let game = board_data(&board).game().to_owned();
    let rows = board.reply_markup.as_ref().and_then(|m| m["inline_keyboard"].as_array()).expect("keyboard");
    let button = rows
        .iter()
        .flat_map(|r| r.as_array().into_iter().flatten())
        .find(|b| b["text"] == "Open in the app")
        .unwrap_or_else(|| panic!("no Mini App button: {:?}", board.buttons()));
    assert_eq!(
        button["web_app"]["url"].as_str(),
        Some(format!("https://damas.example/play/app?game={game}").as_str()),
        "a web_app button opening this game: {button}"
    );
    // The board keeps the button after a move.
    let tracked = Tracked::new(VariantId::Russian, Position::start(VariantId::Russian), board.message_id);
    let text = tracked.any_move();
    fake.send_text(&ann, &text);
    let board = wait_ply(&fake, &ann, board.message_id, 2).await;
    assert!(board.buttons().iter().any(|(l, d)| l == "Open in the app" && d.ends_with(&game)), "{:?}", board.buttons());
}

/// Switching the board style in /settings during a game shows the game in the new style at once,
/// and the old board loses its buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_board_style_redraws_the_running_game() {
    let (fake, _damas) = started(&[]).await;
    let ivy = TestUser::new(fresh_id(7_200_000), "Ivy", Some("en"));
    let n = fake.call_count();
    fake.send_text(&ivy, "/play russian easy white");
    let picture = fake.wait_sent(n, ivy.id).await;
    assert_eq!(picture.kind, "photo", "pictures are the default");
    let game = board_data(&picture).game().to_owned();

    let n = fake.call_count();
    fake.send_text(&ivy, "/settings");
    let settings = fake.wait_sent(n, ivy.id).await;
    fake.tap(&ivy, settings.message_id, "m:set:board");
    let buttons = fake
        .wait_until(WAIT, "the board in buttons", |f| {
            f.last_bot_message_where(ivy.id, |m| {
                m.kind == "text" && m.message_id > settings.message_id && my_turn(&m.body())
            })
        })
        .await;
    assert_eq!(board_data(&buttons).game(), game, "the same game");
    let squares = buttons.buttons().iter().filter(|(_, d)| d.starts_with("b1:")).count();
    assert!(squares >= 32, "one button per dark square: {:?}", buttons.buttons());
    fake.wait_until(WAIT, "the picture without buttons", |f| {
        f.message(ivy.id, picture.message_id).filter(|m| m.reply_markup.is_none())
    })
    .await;
    assert!(
        fake.calls_to("editMessageReplyMarkup")
            .iter()
            .any(|c| c.params.get("message_id").and_then(|v| v.as_i64()) == Some(picture.message_id)),
        "the old board's keyboard was removed"
    );

    // Moves now edit the text board.
    let tracked = Tracked::new(VariantId::Russian, Position::start(VariantId::Russian), buttons.message_id);
    fake.send_text(&ivy, &tracked.any_move());
    let after = wait_ply(&fake, &ivy, buttons.message_id, 2).await;
    assert_eq!(after.kind, "text");

    // And back to pictures: a picture of the same position.
    fake.tap(&ivy, settings.message_id, "m:set:board");
    let again = fake
        .wait_until(WAIT, "the board as a picture again", |f| {
            f.last_bot_message_where(ivy.id, |m| m.kind == "photo" && m.message_id > buttons.message_id)
        })
        .await;
    assert!(last_move(&again.body(), 2).is_some(), "{}", again.body());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_links() {
    let (fake, _damas) = started(&[]).await;
    let kai = TestUser::new(6401, "Kai", Some("en"));

    let n = fake.call_count();
    fake.send_text(&kai, "/start play_russian");
    let m = fake.wait_sent(n, kai.id).await;
    assert!(m.body().contains("Russian") && m.body().contains("level"), "{}", m.body());
    assert!(m.buttons().iter().any(|(_, d)| d == "m:play:russian:4"));

    let n = fake.call_count();
    fake.send_text(&kai, "/start lang_es");
    assert!(fake.wait_sent(n, kai.id).await.body().contains("español"));
    let n = fake.call_count();
    fake.send_text(&kai, "/start");
    assert!(fake.wait_sent(n, kai.id).await.body().contains("¡Hola, Kai!"));
    let n = fake.call_count();
    fake.send_text(&kai, "/start reglas_brasilenas");
    let m = fake.wait_sent(n, kai.id).await;
    assert!(m.body().contains("rasile"), "{}", m.body());
    assert!(m.buttons().iter().any(|(_, d)| d.starts_with("m:rt:brazilian:")), "{:?}", m.buttons());
}

/// The bot process dies in the middle of a game kept in Redis; a new process carries on with the
/// same board message, by text and by taps.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_continues_after_a_restart_with_redis() {
    let redis = std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379/0".into());
    let fake = FakeTelegram::start(TOKEN).await;
    let rui = TestUser::new(fresh_id(8_000_000), "Rui", Some("en"));

    let mut first = Damas::start(&fake.url(), &[("REDIS_URL", &redis)]);
    fake.wait_until(WAIT, "the first process to poll", |f| (f.get_updates_polls() > 0).then_some(())).await;
    let n = fake.call_count();
    fake.send_text(&rui, "/play english easy black");
    let board = fake.wait_sent(n, rui.id).await;
    let mut game = Tracked::new(VariantId::English, Position::start(VariantId::English), board.message_id);
    game.typed(&fake, &rui, "11-15").await;

    // Killed without warning, once Telegram has been told the update was handled (the next poll).
    let polls = fake.get_updates_polls();
    fake.wait_until(WAIT, "the update to be confirmed", |f| (f.get_updates_polls() > polls).then_some(())).await;
    first.kill();

    let polls = fake.get_updates_polls();
    let second = Damas::start(&fake.url(), &[("REDIS_URL", &redis)]);
    fake.wait_until(WAIT, "the second process to poll", |f| (f.get_updates_polls() > polls).then_some(())).await;
    let n = fake.call_count();
    let next = game.any_move();
    game.typed(&fake, &rui, &next).await;
    game.tapped(&fake, &rui).await;
    assert_eq!(game.plies(), 6);
    assert!(
        !chat_calls(&fake, n, &rui).iter().any(|m| m == "sendPhoto" || m == "sendMessage"),
        "{:?}",
        chat_calls(&fake, n, &rui)
    );

    // The new process knows the game: /pdn has every move.
    let n = fake.call_count();
    fake.send_text(&rui, "/pdn");
    let doc = fake.wait_sent(n, rui.id).await;
    let pdn = String::from_utf8(fake.file(doc.file.as_deref().unwrap()).unwrap().1).unwrap();
    for mv in &game.moves {
        assert!(pdn.contains(mv.as_str()), "{mv} in {pdn}");
    }
    drop(second);
}

/// The rematch button of a finished game does not start a second game against the engine while
/// another one is running: it says so, like /play, and starts it once that game is over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_waits_for_the_running_game_against_the_engine() {
    let (fake, _damas) = started(&[]).await;
    let bea = TestUser::new(fresh_id(7_200_000), "Bea", Some("en"));
    let resign = |board: &ChatMessage| {
        let flag = board.buttons().into_iter().find(|(l, _)| l == "🏳").expect("resign button").1;
        (board.message_id, flag)
    };
    let confirm = async |(message_id, flag): (i64, String)| {
        let n = fake.call_count();
        fake.tap(&bea, message_id, &flag);
        let question = fake.wait_sent(n, bea.id).await;
        let yes = question.buttons().into_iter().find(|(l, _)| l.starts_with("Yes")).expect("yes button").1;
        let n = fake.call_count();
        fake.tap(&bea, question.message_id, &yes);
        fake.wait_until(WAIT, "the result", |f| {
            f.last_bot_message_where(bea.id, |m| {
                m.kind == "text"
                    && m.message_id > question.message_id
                    && m.buttons().iter().any(|(l, _)| l == "Rematch")
            })
        })
        .await;
        n
    };

    let n = fake.call_count();
    fake.send_text(&bea, "/play russian easy white");
    let first = fake.wait_sent(n, bea.id).await;
    confirm(resign(&first)).await;
    let result = fake.last_bot_message_where(bea.id, |m| m.buttons().iter().any(|(l, _)| l == "Rematch")).unwrap();
    let rematch = result.buttons().into_iter().find(|(l, _)| l == "Rematch").unwrap().1;

    let n = fake.call_count();
    fake.send_text(&bea, "/play english easy white");
    let second = fake.wait_sent(n, bea.id).await;
    assert_eq!(second.kind, "photo");

    // The old game's rematch while the new one runs: refused, no new board.
    pace().await;
    let n = fake.call_count();
    fake.tap(&bea, result.message_id, &rematch);
    let said = fake.wait_sent(n, bea.id).await;
    assert!(said.body().contains("already playing"), "{}", said.body());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!fake.calls()[n..].iter().any(|c| c.method == "sendPhoto"), "no second board");

    // Once the running game is over, the same button starts the rematch.
    pace().await;
    let second = fake.message(bea.id, second.message_id).unwrap();
    confirm(resign(&second)).await;
    pace().await;
    let n = fake.call_count();
    fake.tap(&bea, result.message_id, &rematch);
    let board = fake.wait_sent(n, bea.id).await;
    assert_eq!(board.kind, "photo", "{}", board.body());
    assert!(board.body().contains("(Black)"), "colours swapped: {}", board.body());
}

/// Turkish, 23 kings against one: about half a million capture paths for White.
const CAPTURE_STORM: &str =
    "W:WKa1:BKb1,Kd1,Kf1,Ka2,Kc2,Ke2,Kg2,Kb3,Kd3,Kf3,Ka4,Kc4,Ke4,Kg4,Kb5,Kd5,Kf5,Ka6,Kc6,Ke6,Kg6,Kb7,Kd7,Kf7";

/// A position built to have half a million capture sequences is refused with the reason, and a
/// stranger who knows a game's id can neither redraw its board nor fetch its PDN.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn storm_positions_and_strangers_taps_are_refused() {
    let (fake, _damas) = started(&[]).await;
    let owner = TestUser::new(fresh_id(71_000_000), "Olga", Some("en"));
    let stranger = TestUser::new(fresh_id(72_000_000), "Sid", Some("en"));

    let n = fake.call_count();
    fake.send_text(&owner, &format!("/play turkish easy white {CAPTURE_STORM}"));
    let refusal = fake.wait_sent(n, owner.id).await;
    assert!(refusal.body().contains("too many capture sequences"), "{}", refusal.body());

    pace().await;
    let n = fake.call_count();
    fake.send_text(&owner, "/play english easy black");
    let board = fake.wait_sent(n, owner.id).await;
    let game = board_data(&board);
    let n = fake.call_count();
    fake.send_text(&stranger, "/play russian easy white");
    let own_board = fake.wait_sent(n, stranger.id).await;

    let before = fake.calls().len();
    let refresh = BoardData::new(game.game(), game.ply(), Action::Refresh).unwrap().encode();
    let tap = fake.tap(&stranger, own_board.message_id, &refresh);
    let answer = fake.wait_until(WAIT, "the refresh answer", |f| f.callback_answer(&tap)).await;
    assert!(answer.contains("not your game"), "{answer}");
    let tap = fake.tap(&stranger, own_board.message_id, &format!("g:p:{}", game.game()));
    fake.wait_until(WAIT, "the PDN answer", |f| f.callback_answer(&tap)).await;
    let n = fake.call_count();
    pace().await;
    fake.send_text(&stranger, "/help");
    fake.wait_sent(n, stranger.id).await;
    let since: Vec<String> = fake.calls()[before..]
        .iter()
        .filter(|c| c.method != "answerCallbackQuery" && c.method != "getUpdates" && c.method != "sendChatAction")
        .map(|c| c.method.clone())
        .collect();
    assert!(!since.iter().any(|m| m == "sendDocument"), "no PDN for a stranger: {since:?}");
    assert!(!since.iter().any(|m| m.starts_with("edit")), "no board redrawn: {since:?}");
    assert_eq!(fake.message(owner.id, board.message_id).map(|m| m.edits), Some(0));

    // The player gets the same PDN.
    let tap = fake.tap(&owner, board.message_id, &format!("g:p:{}", game.game()));
    fake.wait_until(WAIT, "the PDN answer", |f| f.callback_answer(&tap)).await;
    fake.wait_call(before, "the player's PDN", |c| c.method == "sendDocument" && c.chat_id() == Some(owner.id)).await;
}
