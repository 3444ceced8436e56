//! The game service against both stores (Redis at REDIS_URL, default redis://127.0.0.1:6379; an
//! unreachable Redis fails these tests).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use damas::game::ratings::RatingScope;
use damas::game::service::{EnginePlayer, GameError, GameService, NewGame, Rematch, ServiceConfig};
use damas::game::store::{MemoryStore, RedisStore, Retention};
use damas::game::{ChatId, EndReason, Game, GameStore, MessageRef, Player, Status, UserId, now_unix};
use damas::rules::{Color, GameState, Move, Position, Reason, VariantId};

/// Plays the first legal move: predictable, and enough to exercise the service.
struct FirstMove;

impl EnginePlayer for FirstMove {
    fn choose(&self, state: &GameState, _level: u8) -> Option<Move> {
        state.position().legal_moves().into_iter().next()
    }
}

/// An engine that never answers, as if its reply were lost.
struct Silent;

impl EnginePlayer for Silent {
    fn choose(&self, _: &GameState, _: u8) -> Option<Move> {
        None
    }
}

const ANA: UserId = UserId(1001);
const BO: UserId = UserId(1002);
const CY: UserId = UserId(1003);

fn redis_url() -> String {
    std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}

fn unique_prefix() -> String {
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("damas-svc-{}-{nanos}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed))
}

fn retention() -> Retention {
    Retention { finished: Duration::from_secs(3600), idle: Duration::from_secs(3600), history_len: 50 }
}

async fn redis_store(prefix: &str) -> Arc<dyn GameStore> {
    let url = redis_url();
    match RedisStore::connect(&url, prefix, retention()).await {
        Ok(s) => Arc::new(s),
        Err(e) => panic!("Redis at {url} is required for the game service tests (set REDIS_URL): {e}"),
    }
}

async fn cleanup(prefix: &str) {
    let client = redis::Client::open(redis_url()).expect("redis url");
    let mut con = client.get_multiplexed_async_connection().await.expect("redis connection for cleanup");
    let keys: Vec<String> = redis::cmd("KEYS").arg(format!("{prefix}:*")).query_async(&mut con).await.expect("KEYS");
    if !keys.is_empty() {
        let _: i64 = redis::cmd("DEL").arg(keys).query_async(&mut con).await.expect("DEL");
    }
}

fn config() -> ServiceConfig {
    ServiceConfig { per_move: Some(Duration::from_secs(600)), ..ServiceConfig::default() }
}

fn service(store: Arc<dyn GameStore>) -> GameService {
    GameService::new(store, Arc::new(FirstMove), config())
}

async fn people(s: &GameService, variant: VariantId) -> Game {
    s.create(NewGame {
        variant,
        white: Player::Human { id: ANA, name: "Ana".into() },
        black: Player::Human { id: BO, name: "Bo".into() },
        fen: None,
        chat: Some(ChatId(-42)),
    })
    .await
    .unwrap()
    .into_game()
}

/// A legal move for the side to move, other than the `skip`-th ones.
fn some_move(game: &Game, skip: usize) -> String {
    let pos = Position::from_fen(game.variant, &game.fen).unwrap();
    let moves = pos.legal_moves();
    pos.notation(&moves[skip % moves.len()])
}

// ---------------------------------------------------------------------------------------------

async fn engine_replies(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = s.vs_engine(ANA, "Ana", VariantId::International, 3, Color::White, None).await.unwrap();
    assert_eq!((g.version, g.moves.len(), g.turn), (1, 0, Color::White));
    let mut events = s.subscribe(&g.id).await.unwrap();
    let after = s.play(&g.id, ANA, "32-28", Some(1)).await.unwrap();
    assert_eq!(after.moves.len(), 2, "the engine answered");
    assert_eq!(after.moves[0], "32-28");
    assert_eq!((after.version, after.turn, after.ply), (3, Color::White, 2));
    assert!(after.clock.is_none(), "no clock against the engine");
    for v in [2, 3] {
        let e = tokio::time::timeout(Duration::from_secs(5), events.recv()).await.expect("event").unwrap();
        assert_eq!(e.version, v);
    }
    let state = damas::game::service::replay(&after).unwrap();
    assert_eq!(state.position().to_fen(), after.fen);

    // Engine with the first move.
    let g = s.vs_engine(BO, "Bo", VariantId::English, 1, Color::White, None).await.unwrap();
    assert_eq!(g.moves.len(), 1, "english: black (the engine) moves first");
    assert_eq!(g.turn, Color::White);
    assert_eq!(g.white.user(), Some(BO));
}

async fn refusals_carry_reasons(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = people(&s, VariantId::International).await;
    let e = s.play(&g.id, ANA, "hello", None).await.unwrap_err();
    assert_eq!(e.reason(), Some(Reason::Unreadable), "{e:?}");
    let e = s.play(&g.id, ANA, "46-41", None).await.unwrap_err();
    assert!(matches!(e, GameError::Move(_)), "{e:?}");
    assert!(e.reason().is_some());
    assert_eq!(s.play(&g.id, BO, "19-23", None).await.unwrap_err(), GameError::NotYourTurn);
    assert_eq!(s.play(&g.id, CY, "32-28", None).await.unwrap_err(), GameError::NotAPlayer);
    assert_eq!(s.play(&g.id, ANA, "32-28", Some(7)).await.unwrap_err(), GameError::Stale);
    let unknown = damas::game::GameId::random();
    assert_eq!(s.play(&unknown, ANA, "32-28", None).await.unwrap_err(), GameError::NotFound);
    assert_eq!(s.get(&g.id).await.unwrap().version, g.version, "refusals write nothing");

    let g = s.play(&g.id, ANA, "32-28", Some(g.version)).await.unwrap();
    assert_eq!(g.turn, Color::Black);
    assert!(g.clock.and_then(|c| c.deadline).is_some_and(|d| d > now_unix()), "clock runs between people");
    let g = s.resign(&g.id, BO, None).await.unwrap();
    assert_eq!(g.status, Status::Finished);
    let result = g.result.clone().unwrap();
    assert_eq!((result.winner, result.reason), (Some(Color::White), EndReason::Resignation));
    let e = s.play(&g.id, BO, "19-23", None).await.unwrap_err();
    assert_eq!(e, GameError::GameOver);
    assert_eq!(e.reason(), Some(Reason::GameOver));
}

async fn draws(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = people(&s, VariantId::Russian).await;
    assert_eq!(s.answer_draw(&g.id, BO, true, None).await.unwrap_err(), GameError::NoOffer);
    let g = s.offer_draw(&g.id, ANA, None).await.unwrap();
    assert_eq!(g.offers.draw, Some(Color::White));
    assert_eq!(s.offer_draw(&g.id, ANA, None).await.unwrap_err(), GameError::AlreadyOffered);
    assert_eq!(s.answer_draw(&g.id, ANA, true, None).await.unwrap_err(), GameError::NoOffer, "not one's own offer");
    let g = s.answer_draw(&g.id, BO, false, None).await.unwrap();
    assert_eq!((g.offers.draw, g.status), (None, Status::Active));
    s.offer_draw(&g.id, BO, None).await.unwrap();
    // A move declines a pending offer.
    let g = s.get(&g.id).await.unwrap();
    let mv = some_move(&g, 0);
    let g = s.play(&g.id, ANA, &mv, None).await.unwrap();
    assert_eq!(g.offers.draw, None);
    s.offer_draw(&g.id, BO, None).await.unwrap();
    // Offering while the opponent's offer stands agrees to it.
    let g = s.offer_draw(&g.id, ANA, None).await.unwrap();
    assert_eq!(g.status, Status::Finished);
    assert_eq!(g.result.clone().unwrap().reason, EndReason::DrawAgreed);

    let e = s.vs_engine(ANA, "Ana", VariantId::Russian, 2, Color::White, None).await.unwrap();
    assert_eq!(s.offer_draw(&e.id, ANA, None).await.unwrap_err(), GameError::EngineDeclines);
}

async fn takebacks(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = s.vs_engine(ANA, "Ana", VariantId::Spanish, 2, Color::White, None).await.unwrap();
    assert_eq!(s.takeback(&g.id, ANA, None).await.unwrap_err(), GameError::NothingToTakeBack);
    let mv = some_move(&g, 1);
    let g = s.play(&g.id, ANA, &mv, None).await.unwrap();
    assert_eq!(g.moves.len(), 2);
    let g = s.takeback(&g.id, ANA, None).await.unwrap();
    assert!(g.moves.is_empty(), "free against the engine: own move and the reply go");
    assert_eq!((g.fen.as_str(), g.turn), (g.start_fen.as_str(), Color::White));

    let g = people(&s, VariantId::Spanish).await;
    let g = s.play(&g.id, ANA, &some_move(&g, 0), None).await.unwrap();
    let after_ana = g.fen.clone();
    let g = s.play(&g.id, BO, &some_move(&g, 0), None).await.unwrap();
    let g = s.takeback(&g.id, BO, None).await.unwrap();
    assert_eq!((g.offers.takeback, g.moves.len()), (Some(Color::Black), 2), "between people it is an offer");
    assert_eq!(s.answer_takeback(&g.id, BO, true, None).await.unwrap_err(), GameError::NoOffer);
    let g = s.answer_takeback(&g.id, ANA, true, None).await.unwrap();
    assert_eq!((g.moves.len(), g.turn, g.fen.clone()), (1, Color::Black, after_ana));
    assert_eq!(g.offers.takeback, None);
    let g = s.takeback(&g.id, ANA, None).await.unwrap();
    let g = s.answer_takeback(&g.id, BO, false, None).await.unwrap();
    assert_eq!((g.moves.len(), g.offers.takeback), (1, None));
}

async fn aborts(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = people(&s, VariantId::Italian).await;
    let g = s.play(&g.id, ANA, &some_move(&g, 0), None).await.unwrap();
    assert_eq!(s.abort(&g.id, CY, None).await.unwrap_err(), GameError::NotAPlayer);
    let g = s.abort(&g.id, BO, None).await.unwrap();
    assert_eq!((g.status, g.result.clone().unwrap().reason), (Status::Aborted, EndReason::Aborted));

    let g = people(&s, VariantId::Italian).await;
    let g = s.play(&g.id, ANA, &some_move(&g, 0), None).await.unwrap();
    let g = s.play(&g.id, BO, &some_move(&g, 0), None).await.unwrap();
    assert_eq!(s.abort(&g.id, ANA, None).await.unwrap_err(), GameError::TooLateToAbort);
}

async fn rematches(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = people(&s, VariantId::Turkish).await;
    assert_eq!(s.rematch(&g.id, ANA).await.unwrap_err(), GameError::NotOver);
    let g = s.resign(&g.id, ANA, None).await.unwrap();
    let Rematch::Offered(g) = s.rematch(&g.id, ANA).await.unwrap() else { panic!("needs consent") };
    assert_eq!(g.offers.rematch, Some(Color::White));
    assert_eq!(s.rematch(&g.id, ANA).await.unwrap_err(), GameError::AlreadyOffered);
    let Rematch::Started(new) = s.rematch(&g.id, BO).await.unwrap() else { panic!("agreed") };
    assert_eq!((new.white.user(), new.black.user()), (Some(BO), Some(ANA)), "colours swapped");
    assert_eq!((new.status, new.rematch_of.as_ref()), (Status::Active, Some(&g.id)));
    assert_eq!(new.chat, g.chat);
    let Rematch::Started(again) = s.rematch(&g.id, ANA).await.unwrap() else { panic!("already started") };
    assert_eq!(again.id, new.id, "one rematch only");

    let e = s.vs_engine(ANA, "Ana", VariantId::Turkish, 1, Color::White, None).await.unwrap();
    let e = s.resign(&e.id, ANA, None).await.unwrap();
    let Rematch::Started(r) = s.rematch(&e.id, ANA).await.unwrap() else { panic!("the engine always agrees") };
    assert_eq!(r.black.user(), Some(ANA));
    assert_eq!(r.moves.len(), 1, "the engine, now White, has opened");
}

async fn challenges(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = s.challenge(ANA, "Ana", VariantId::Brazilian, Color::Black, Some(ChatId(-7))).await.unwrap();
    assert_eq!(g.status, Status::Waiting);
    assert_eq!(s.play(&g.id, ANA, &some_move(&g, 0), None).await.unwrap_err(), GameError::NotStarted);
    assert!(matches!(s.join(&g.id, ANA, "Ana").await.unwrap_err(), GameError::OwnChallenge));
    let g = s.join(&g.id, BO, "Bo").await.unwrap();
    assert_eq!((g.status, g.white.user(), g.rated), (Status::Active, Some(BO), true));
    assert_eq!(s.join(&g.id, CY, "Cy").await.unwrap_err(), GameError::SeatTaken);
    assert_eq!(s.store().active_for_chat(ChatId(-7)).await.unwrap()[0].id, g.id);
    let g = s.add_view(&g.id, MessageRef::Chat { chat_id: ChatId(-7), message_id: 3 }).await.unwrap();
    let g2 = s.add_view(&g.id, MessageRef::Chat { chat_id: ChatId(-7), message_id: 3 }).await.unwrap();
    assert_eq!(g2.views.len(), 1);
    assert_eq!(g.version, g2.version);
}

async fn automatic_results(store: Arc<dyn GameStore>) {
    let s = service(store);
    // White captures Black's last piece.
    let g = s
        .create(NewGame {
            variant: VariantId::International,
            white: Player::Human { id: ANA, name: "Ana".into() },
            black: Player::Human { id: BO, name: "Bo".into() },
            fen: Some("W:W28:B23".into()),
            chat: None,
        })
        .await
        .unwrap();
    assert!(!g.rated, "games from a set-up position are not rated");
    let g = s.play(&g.id, ANA, &some_move(&g, 0), None).await.unwrap();
    assert_eq!(g.status, Status::Finished);
    let r = g.result.clone().unwrap();
    assert_eq!((r.winner, r.reason), (Some(Color::White), EndReason::NoPieces));
    assert_eq!(g.result_pdn(), "2-0");
    assert!(s.history(ANA, 10).await.unwrap().iter().any(|h| h.id == g.id));
    assert!(!s.active(ANA).await.unwrap().iter().any(|h| h.id == g.id));

    let bad = s
        .create(NewGame {
            variant: VariantId::International,
            white: Player::Human { id: ANA, name: "Ana".into() },
            black: Player::Engine { level: 1 },
            fen: Some("B:W28:B".into()),
            chat: None,
        })
        .await;
    assert!(matches!(bad, Err(GameError::Invalid(_))), "{bad:?}");
}

async fn rated_games_update_ratings(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = people(&s, VariantId::International).await;
    assert!(g.rated);
    s.resign(&g.id, BO, None).await.unwrap();
    let board = s.store().leaderboard(RatingScope::Global, VariantId::International, 10).await.unwrap();
    assert_eq!(board.iter().map(|e| e.user).collect::<Vec<_>>(), vec![ANA, BO]);
    let group = s.store().leaderboard(RatingScope::Chat(ChatId(-42)), VariantId::International, 10).await.unwrap();
    assert_eq!(group.len(), 2);
    assert!(board[0].is_provisional());
}

async fn sweeper(store: Arc<dyn GameStore>) {
    let s = service(store);
    let now = now_unix();
    let slow = people(&s, VariantId::Spanish).await;
    let slow = s.play(&slow.id, ANA, &some_move(&slow, 0), None).await.unwrap();
    let slow = s.play(&slow.id, BO, &some_move(&slow, 0), None).await.unwrap();
    let unstarted = people(&s, VariantId::Spanish).await;
    let open = s.challenge(CY, "Cy", VariantId::Spanish, Color::White, None).await.unwrap();
    let engine = s.vs_engine(CY, "Cy", VariantId::Spanish, 1, Color::White, None).await.unwrap();

    assert!(s.sweep(now).await.unwrap().is_empty(), "nothing is due yet");
    let changed = s.sweep(now + 700).await.unwrap();
    let ids: Vec<_> = changed.iter().map(|g| g.id.clone()).collect();
    assert!(ids.contains(&slow.id) && ids.contains(&unstarted.id), "{changed:?}");
    assert!(!ids.contains(&open.id), "a challenge waits a day");
    let slow = s.get(&slow.id).await.unwrap();
    let r = slow.result.clone().unwrap();
    assert_eq!((slow.status, r.winner, r.reason), (Status::Finished, Some(Color::Black), EndReason::Timeout));
    assert_eq!(s.get(&unstarted.id).await.unwrap().status, Status::Aborted);
    let changed = s.sweep(now + 2 * 86_400).await.unwrap();
    assert_eq!(changed.iter().map(|g| g.id.clone()).collect::<Vec<_>>(), vec![open.id.clone()]);
    assert_eq!(s.get(&open.id).await.unwrap().status, Status::Aborted);
    assert_eq!(s.get(&engine.id).await.unwrap().status, Status::Active, "no clock against the engine");
}

async fn lost_engine_reply_is_made_up(store: Arc<dyn GameStore>) {
    let mute = GameService::new(Arc::clone(&store), Arc::new(Silent), config());
    let g = mute.vs_engine(ANA, "Ana", VariantId::International, 1, Color::White, None).await.unwrap();
    let g = mute.play(&g.id, ANA, "32-28", None).await.unwrap();
    assert_eq!((g.moves.len(), g.turn), (1, Color::Black), "the move stands without a reply");
    assert!(g.deadline().is_some());
    let s = service(store);
    assert!(s.sweep(now_unix()).await.unwrap().is_empty(), "the engine gets a grace period");
    let changed = s.sweep(now_unix() + 61).await.unwrap();
    assert_eq!(changed.len(), 1);
    assert_eq!((changed[0].moves.len(), changed[0].turn, changed[0].status), (2, Color::White, Status::Active));
    assert_eq!(changed[0].deadline(), None);
}

/// Two players' clients race with different moves on the same version, 1000 times.
async fn racing_moves(store: Arc<dyn GameStore>) {
    let s = Arc::new(service(store));
    let g = people(&s, VariantId::International).await;
    let base = g.clone();
    for trial in 0..1000 {
        let g = s.store().create(&Game { id: damas::game::GameId::random(), ..base.clone() }).await.unwrap();
        let a = some_move(&g, 0);
        let b = some_move(&g, 1);
        assert_ne!(a, b);
        let t1 = tokio::spawn({
            let (s, id, a) = (Arc::clone(&s), g.id.clone(), a.clone());
            async move { s.play(&id, ANA, &a, Some(1)).await }
        });
        let t2 = tokio::spawn({
            let (s, id, b) = (Arc::clone(&s), g.id.clone(), b.clone());
            async move { s.play(&id, ANA, &b, Some(1)).await }
        });
        let (r1, r2) = (t1.await.unwrap(), t2.await.unwrap());
        let winner = match (&r1, &r2) {
            (Ok(_), Err(GameError::Stale)) => &a,
            (Err(GameError::Stale), Ok(_)) => &b,
            other => panic!("trial {trial}: {other:?}"),
        };
        let stored = s.get(&g.id).await.unwrap();
        assert_eq!((stored.version, stored.moves.clone()), (2, vec![winner.clone()]), "trial {trial}");
        let fen = Position::from_fen(g.variant, &g.fen).unwrap();
        assert_eq!(stored.fen, fen.play(&fen.parse_move(winner).unwrap()).to_fen(), "trial {trial}");
        s.store().delete(&g.id).await.unwrap();
    }
}

/// Draws by the rules (repetition, move limits) end the game without anyone claiming them.
async fn automatic_draws(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = s
        .create(NewGame {
            variant: VariantId::International,
            white: Player::Human { id: ANA, name: "Ana".into() },
            black: Player::Human { id: BO, name: "Bo".into() },
            fen: Some("W:WK45:BK6".into()),
            chat: None,
        })
        .await
        .unwrap();
    let mut g = g;
    let shuffle = ["45-50", "6-1", "50-45", "1-6"];
    for (i, mv) in shuffle.iter().cycle().take(40).enumerate() {
        if g.is_over() {
            break;
        }
        let user = g.player(g.turn).user().unwrap();
        g = s.play(&g.id, user, mv, Some(g.version)).await.unwrap_or_else(|e| panic!("ply {i} {mv}: {e}"));
    }
    assert_eq!(g.status, Status::Finished, "{:?}", g.moves);
    let r = g.result.clone().unwrap();
    assert_eq!(r.winner, None);
    assert!(matches!(r.reason, EndReason::Repetition | EndReason::MoveLimit { .. }), "{r:?}");
    assert!(g.moves.len() <= 12, "ended as soon as the rule applied: {:?}", g.moves);
    assert_eq!(s.play(&g.id, g.player(g.turn).user().unwrap(), "45-50", None).await.unwrap_err(), GameError::GameOver);
    assert!(s.history(BO, 10).await.unwrap().iter().any(|h| h.id == g.id));
}

/// Several games of one player finishing at the same instant all count for the ratings.
async fn simultaneous_finishes_all_rated(store: Arc<dyn GameStore>) {
    let s = Arc::new(service(store));
    const GAMES: u64 = 8;
    let mut games = Vec::new();
    for i in 0..GAMES {
        let g = s
            .create(NewGame {
                variant: VariantId::Triestine,
                white: Player::Human { id: ANA, name: "Ana".into() },
                black: Player::Human { id: UserId(5000 + i), name: format!("p{i}") },
                fen: None,
                chat: Some(ChatId(-42)),
            })
            .await
            .unwrap();
        games.push(g);
    }
    let tasks: Vec<_> = games
        .iter()
        .map(|g| {
            let (s, id, loser) = (Arc::clone(&s), g.id.clone(), g.black.user().unwrap());
            tokio::spawn(async move { s.resign(&id, loser, None).await })
        })
        .collect();
    for t in tasks {
        assert_eq!(t.await.unwrap().unwrap().status, Status::Finished);
    }
    for scope in [RatingScope::Global, RatingScope::Chat(ChatId(-42))] {
        let ana = s.store().rating(scope, VariantId::Triestine, ANA).await.unwrap().expect("rated");
        assert_eq!(ana.games, GAMES as u32, "{scope:?}: every game counts");
    }
    let board = s.store().leaderboard(RatingScope::Global, VariantId::Triestine, 3).await.unwrap();
    assert_eq!(board[0].user, ANA);
    assert_eq!(s.history(ANA, 100).await.unwrap().len(), GAMES as usize);
}

/// Two services (as two processes would) take turns on the same games; each one's remembered
/// positions must never hide the other's moves or takebacks.
async fn two_services_take_turns(store: Arc<dyn GameStore>) {
    let a = service(Arc::clone(&store));
    let b = service(store);
    let g = people(&a, VariantId::Russian).await;
    let mut expected = Position::from_fen(g.variant, &g.fen).unwrap();
    let mut g = g;
    for ply in 0..12 {
        let s = if ply % 3 == 0 { &a } else { &b };
        let user = g.player(g.turn).user().unwrap();
        let mv = some_move(&g, ply);
        g = s.play(&g.id, user, &mv, Some(g.version)).await.unwrap().into_game();
        expected = expected.play(&expected.parse_move(&mv).unwrap());
        assert_eq!(g.fen, expected.to_fen(), "ply {ply}");
        if ply == 6 {
            // Take back through the other service, then go on through the first.
            let other = if ply % 3 == 0 { &b } else { &a };
            let undo = other.takeback(&g.id, user, None).await.unwrap();
            let undo =
                other.answer_takeback(&g.id, g.player(g.turn).user().unwrap(), true, Some(undo.version)).await.unwrap();
            g = undo.into_game();
            expected = damas::game::service::replay(&g).unwrap().position().to_owned();
            assert_eq!(g.moves.len(), 6);
        }
    }
    let state = damas::game::service::replay(&g).unwrap();
    assert_eq!(state.position().to_fen(), g.fen);
}

macro_rules! both_stores {
    ($($name:ident),* $(,)?) => {
        mod memory {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(Arc::new(MemoryStore::new(retention()))).await;
                }
            )*
        }
        mod redis_store {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let prefix = unique_prefix();
                    super::$name(redis_store(&prefix).await).await;
                    cleanup(&prefix).await;
                }
            )*
        }
    };
}

both_stores!(
    engine_replies,
    refusals_carry_reasons,
    draws,
    takebacks,
    aborts,
    rematches,
    challenges,
    automatic_results,
    rated_games_update_ratings,
    sweeper,
    lost_engine_reply_is_made_up,
    racing_moves,
    simultaneous_finishes_all_rated,
    automatic_draws,
    two_services_take_turns,
    positions_with_too_many_captures_are_refused,
    views_are_capped,
);

/// Turkish, 23 kings against one: about half a million capture paths for White.
const CAPTURE_STORM: &str =
    "W:WKa1:BKb1,Kd1,Kf1,Ka2,Kc2,Ke2,Kg2,Kb3,Kd3,Kf3,Ka4,Kc4,Ke4,Kg4,Kb5,Kd5,Kf5,Ka6,Kc6,Ke6,Kg6,Kb7,Kd7,Kf7";

async fn positions_with_too_many_captures_are_refused(store: Arc<dyn GameStore>) {
    let s = service(store);
    let err =
        s.vs_engine(ANA, "Ana", VariantId::Turkish, 1, Color::White, Some(CAPTURE_STORM.into())).await.unwrap_err();
    assert!(matches!(&err, GameError::Invalid(m) if m.contains("too many capture sequences")), "{err:?}");
    assert!(s.active(ANA).await.unwrap().is_empty(), "nothing is stored");

    // Black to move has no capture, so the position is accepted; every move of Black's hands
    // White the storm, and is refused without changing the game.
    let calm = CAPTURE_STORM.replacen('W', "B", 1);
    let g = s.vs_engine(ANA, "Ana", VariantId::Turkish, 1, Color::Black, Some(calm)).await.unwrap();
    let err = s.play(&g.id, ANA, &some_move(&g, 0), Some(g.version)).await.unwrap_err();
    assert_eq!(err, GameError::TooComplex);
    let after = s.get(&g.id).await.unwrap();
    assert_eq!((after.version, after.moves.len()), (g.version, 0), "nothing changed");
}

async fn views_are_capped(store: Arc<dyn GameStore>) {
    let s = service(store);
    let g = people(&s, VariantId::Russian).await;
    for message_id in 0..40 {
        s.add_view(&g.id, MessageRef::Chat { chat_id: ChatId(-42), message_id }).await.unwrap();
    }
    let g = s.get(&g.id).await.unwrap();
    assert_eq!(g.views.len(), damas::game::service::MAX_VIEWS);
    assert_eq!(g.views.last(), Some(&MessageRef::Chat { chat_id: ChatId(-42), message_id: 39 }), "the newest are kept");
}

/// Answers at once at the quick levels and thinks for a while at the deep ones, counting the deep
/// searches in progress.
struct SlowWhenDeep {
    deep_running: Arc<AtomicU64>,
}

impl EnginePlayer for SlowWhenDeep {
    fn choose(&self, state: &GameState, level: u8) -> Option<Move> {
        if level >= 3 {
            self.deep_running.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(1500));
            self.deep_running.fetch_sub(1, Ordering::SeqCst);
        }
        state.position().legal_moves().into_iter().next()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_work_is_bounded_and_quick_levels_do_not_wait() {
    use damas::game::engine_gate::{Busy, EngineLimits};
    let deep_running = Arc::new(AtomicU64::new(0));
    let limits =
        EngineLimits { quick_searches: 1, deep_searches: 1, queue: 0, per_user: 1, max_wait: Duration::from_secs(30) };
    let s = Arc::new(GameService::new(
        Arc::new(MemoryStore::new(retention())),
        Arc::new(SlowWhenDeep { deep_running: Arc::clone(&deep_running) }),
        ServiceConfig { engine: limits, ..config() },
    ));
    let deep = s.vs_engine(ANA, "Ana", VariantId::International, 4, Color::White, None).await.unwrap();
    let quick = s.vs_engine(BO, "Bo", VariantId::International, 1, Color::White, None).await.unwrap();
    let queued = s.vs_engine(CY, "Cy", VariantId::International, 4, Color::White, None).await.unwrap();
    let second = s.vs_engine(ANA, "Ana", VariantId::Russian, 1, Color::White, None).await.unwrap();

    let thinking = {
        let s = Arc::clone(&s);
        let id = deep.id.clone();
        tokio::spawn(async move { s.play(&id, ANA, "32-28", None).await })
    };
    while deep_running.load(Ordering::SeqCst) == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // An easy move is answered while the master search is still thinking.
    let answered = s.play(&quick.id, BO, "32-28", None).await.unwrap();
    assert_eq!(answered.moves.len(), 2);
    assert!(!thinking.is_finished(), "the deep search was still running");
    // The deep lane is full and nobody may wait: busy, and the board is as it was.
    let err = s.play(&queued.id, CY, "32-28", None).await.unwrap_err();
    assert_eq!(err, GameError::Busy(Busy::Queue));
    assert_eq!(s.get(&queued.id).await.unwrap().version, queued.version);
    // Ana's search is in progress: her other game waits for it.
    let err = s.play(&second.id, ANA, &some_move(&second, 0), None).await.unwrap_err();
    assert_eq!(err, GameError::Busy(Busy::User));
    assert_eq!(s.get(&second.id).await.unwrap().moves.len(), 0);

    let done = thinking.await.unwrap().unwrap();
    assert_eq!(done.moves.len(), 2, "the deep search answered");
    let later = s.play(&queued.id, CY, "32-28", None).await.unwrap();
    assert_eq!(later.moves.len(), 2, "with the lane free again the engine answers");
}

/// A game played through one process continues in another (Redis).
#[tokio::test]
async fn redis_game_resumes_after_restart() {
    let prefix = unique_prefix();
    let (id, before) = {
        let s = service(redis_store(&prefix).await);
        let g = people(&s, VariantId::Russian).await;
        let g = s.play(&g.id, ANA, &some_move(&g, 0), None).await.unwrap();
        (g.id.clone(), g.into_game())
    };
    let s = service(redis_store(&prefix).await);
    let g = s.get(&id).await.unwrap();
    assert_eq!(g, before);
    let g = s.play(&id, BO, &some_move(&g, 0), Some(g.version)).await.unwrap();
    assert_eq!(g.moves.len(), 2);
    cleanup(&prefix).await;
}

const CHILD_PREFIX: &str = "DAMAS_TEST_RESUME_PREFIX";
const CHILD_GAME: &str = "DAMAS_TEST_RESUME_GAME";

/// A game started by this process is resumed by a separate process (this test binary run again,
/// with only the Redis prefix and the game id), then continued here.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_game_resumes_in_another_process() {
    let prefix = unique_prefix();
    let before = {
        let s = service(redis_store(&prefix).await);
        let g = people(&s, VariantId::Brazilian).await;
        let g = s.play(&g.id, ANA, &some_move(&g, 0), None).await.unwrap();
        s.offer_draw(&g.id, ANA, None).await.unwrap()
    };
    let exe = std::env::current_exe().unwrap();
    let (prefix_for_child, id) = (prefix.clone(), before.id.to_string());
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(exe)
            .args(["--exact", "resume_in_child_process", "--ignored", "--nocapture", "--test-threads=1"])
            .env(CHILD_PREFIX, prefix_for_child)
            .env(CHILD_GAME, id)
            .env("REDIS_URL", redis_url())
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let out = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "the other process failed:\n{out}");
    assert!(out.contains("1 passed"), "the other process ran no test:\n{out}");

    let s = service(redis_store(&prefix).await);
    let g = s.get(&before.id).await.unwrap();
    assert_eq!(g.moves.len(), 2, "the other process's move is stored");
    assert_eq!(g.moves[0], before.moves[0]);
    assert_eq!(g.version, before.version + 1);
    assert_eq!(g.offers.draw, None, "the move declined the draw offer");
    let g = s.play(&g.id, ANA, &some_move(&g, 0), Some(g.version)).await.unwrap();
    assert_eq!(g.moves.len(), 3);
    assert_eq!(damas::game::service::replay(&g).unwrap().position().to_fen(), g.fen);
    cleanup(&prefix).await;
}

/// The other process of [`redis_game_resumes_in_another_process`]; does nothing when run alone.
#[tokio::test]
#[ignore = "run by redis_game_resumes_in_another_process"]
async fn resume_in_child_process() {
    let (Ok(prefix), Ok(id)) = (std::env::var(CHILD_PREFIX), std::env::var(CHILD_GAME)) else { return };
    let s = service(redis_store(&prefix).await);
    let id = damas::game::GameId::parse(&id).unwrap();
    let g = s.get(&id).await.unwrap();
    assert_eq!((g.moves.len(), g.turn, g.offers.draw), (1, Color::Black, Some(Color::White)), "{g:?}");
    assert_eq!(damas::game::service::replay(&g).unwrap().position().to_fen(), g.fen);
    let g = s.play(&id, BO, &some_move(&g, 0), Some(g.version)).await.unwrap();
    assert_eq!(g.moves.len(), 2);
}
