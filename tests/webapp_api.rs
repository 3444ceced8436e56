//! The Mini App API over HTTP: sessions from Telegram initData and for guests, games against the
//! engine and between two people, refused requests that change nothing, the event stream (also
//! across two servers sharing Redis), the board pictures, and the limits that keep one client
//! from taking the server: drawing slots, request rates, open streams, the games-per-user limit
//! under simultaneous requests.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::sync::Arc;
use std::time::Duration;

use damas::config::Config;
use damas::game::GameStore;
use damas::game::service::{EnginePlayer, GameService, ServiceConfig};
use damas::game::store::{MemoryStore, RedisStore, Retention};
use damas::rules::{GameState, Move};
use damas::webapp::{self, AppState, init_data};
use serde_json::{Value, json};

#[path = "support/slow_lists.rs"]
mod slow_lists;

const TOKEN: &str = "123456:TEST-TOKEN-FOR-WEBAPP";

/// Plays the first legal move at once, so tests do not wait for a search.
struct FirstMove;

impl EnginePlayer for FirstMove {
    fn choose(&self, state: &GameState, _level: u8) -> Option<Move> {
        state.position().legal_moves().into_iter().next()
    }
}

struct Server {
    base: String,
    http: reqwest::Client,
    store: Arc<dyn GameStore>,
    state: AppState,
}

async fn start_with(env: &[(&str, &str)], store: Arc<dyn GameStore>) -> Server {
    let vars: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let config = Config::from_sources(None, &|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
        .expect("config");
    let state = AppState::new(Arc::new(config));
    state.set_games(Arc::new(GameService::new(store.clone(), Arc::new(FirstMove), ServiceConfig::default())));
    let app = webapp::router(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Server { base: format!("http://{addr}"), http: reqwest::Client::new(), store, state }
}

/// No bot token: guest mode on.
async fn local() -> Server {
    local_with(&[]).await
}

/// The embedded store and these settings.
async fn local_with(env: &[(&str, &str)]) -> Server {
    start_with(env, Arc::new(MemoryStore::new(Retention::default()))).await
}

/// A bot token: Telegram sessions, guests off.
async fn telegram() -> Server {
    local_with(&[("TELEGRAM_BOT_TOKEN", TOKEN)]).await
}

impl Server {
    async fn call(&self, method: &str, path: &str, token: Option<&str>, body: Option<&str>) -> (u16, Value) {
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.header("content-type", "application/json").body(b.to_owned());
        }
        let resp = req.send().await.expect("request");
        let status = resp.status().as_u16();
        let text = resp.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.call("POST", path, token, Some(&body.to_string())).await
    }

    async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        self.call("GET", path, token, None).await
    }

    /// The whole response to a GET, for its headers.
    async fn response(&self, path: &str, token: Option<&str>) -> reqwest::Response {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().await.expect("request")
    }

    async fn guest(&self, name: &str) -> String {
        let (status, body) = self.post("/api/session/guest", None, json!({ "name": name })).await;
        assert_eq!(status, 200, "{body}");
        body["token"].as_str().expect("token").to_owned()
    }
}

fn now() -> i64 {
    damas::game::now_unix()
}

fn init_data_for(user_id: u64, auth_date: i64, token: &str) -> String {
    let user = format!(r#"{{"id":{user_id},"first_name":"Ana","last_name":"García","language_code":"es"}}"#);
    init_data::sign(
        &[("auth_date", &auth_date.to_string()), ("query_id", "AAHdF6IQAAAAAN0XohDhrOrc"), ("user", &user)],
        token,
    )
}

fn error_code(body: &Value) -> &str {
    body["error"].as_str().unwrap_or("")
}

#[tokio::test]
async fn telegram_init_data_gives_a_session_and_bad_init_data_does_not() {
    let s = telegram().await;
    let good = init_data_for(42, now() - 10, TOKEN);
    let (status, body) = s.post("/api/session", None, json!({ "init_data": good })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["id"], 42);
    assert_eq!(body["user"]["name"], "Ana García");
    assert_eq!(body["user"]["lang"], "es");
    let token = body["token"].as_str().unwrap().to_owned();
    let (status, list) = s.get("/api/games", Some(&token)).await;
    assert_eq!((status, list), (200, json!([])));

    let tampered = good.replace("Ana", "Eve");
    let wrong_hash = {
        let (rest, hash) = good.rsplit_once("hash=").unwrap();
        let flipped: String = hash.chars().rev().collect();
        format!("{rest}hash={flipped}")
    };
    let stale = init_data_for(42, now() - 2 * 3600, TOKEN);
    let missing_hash = good.split("&hash=").next().unwrap().to_owned();
    let other_bot = init_data_for(42, now(), "654321:OTHER-TOKEN");
    // A launch Telegram did not sign is told apart from an old one and from a malformed request:
    // the page says "could not verify Telegram's signature", "open it again" or "reload".
    let cases = [
        ("tampered field", json!({ "init_data": tampered }), "bad_signature"),
        ("wrong hash", json!({ "init_data": wrong_hash }), "bad_signature"),
        ("stale auth_date", json!({ "init_data": stale }), "init_data_expired"),
        ("missing hash", json!({ "init_data": missing_hash }), "bad_signature"),
        ("signed with another bot's token", json!({ "init_data": other_bot }), "bad_signature"),
        ("empty", json!({ "init_data": "" }), "bad_signature"),
        ("not an object", json!("hello"), "unauthorized"),
        ("unknown field", json!({ "init_data": good, "admin": true }), "unauthorized"),
    ];
    for (what, body, code) in cases {
        let (status, reply) = s.post("/api/session", None, body).await;
        assert_eq!(status, 401, "{what}: {reply}");
        assert_eq!(error_code(&reply), code, "{what}");
        assert!(reply.get("token").is_none(), "{what}");
    }
    let (status, _) = s.call("POST", "/api/session", None, Some("{not json")).await;
    assert_eq!(status, 401);
    // Guests are off when a token is configured.
    let (status, body) = s.post("/api/session/guest", None, json!({})).await;
    assert_eq!((status, error_code(&body)), (403, "guest_mode_off"));
    let (_, info) = s.get("/api/info", None).await;
    assert_eq!((info["guest"].as_bool(), info["telegram"].as_bool()), (Some(false), Some(true)));
    assert_eq!(info["variants"].as_array().map(Vec::len), Some(damas::rules::VariantId::ALL.len()));
}

#[tokio::test]
async fn guest_mode_follows_the_setting() {
    let s = local().await;
    let (_, info) = s.get("/api/info", None).await;
    assert_eq!((info["guest"].as_bool(), info["telegram"].as_bool()), (Some(true), Some(false)));
    // Without a token there is no Telegram sign-in at all.
    let init = init_data_for(42, now(), TOKEN);
    let (status, _) = s.post("/api/session", None, json!({ "init_data": init })).await;
    assert_eq!(status, 401);
    // With a token, guests only when asked for.
    let both = local_with(&[("TELEGRAM_BOT_TOKEN", TOKEN), ("DAMAS_WEBAPP_DEV_GUEST", "true")]).await;
    both.guest("Bo").await;
    let (status, _) = both.post("/api/session", None, json!({ "init_data": init })).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn requests_without_a_valid_session_are_refused() {
    let s = local().await;
    for path in ["/api/games", "/api/games/abc", "/api/games/abc/events"] {
        let (status, body) = s.get(path, None).await;
        assert_eq!((status, error_code(&body)), (401, "unauthorized"), "{path}");
        let (status, _) = s.get(path, Some(&"a".repeat(64))).await;
        assert_eq!(status, 401, "{path}");
    }
    let (status, _) = s.post("/api/games", Some("junk"), json!({ "variant": "english" })).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_game_against_the_engine() {
    let s = local().await;
    let me = s.guest("Ana").await;
    let (status, game) =
        s.post("/api/games", Some(&me), json!({ "variant": "international", "color": "white", "level": 1 })).await;
    assert_eq!(status, 201, "{game}");
    assert_eq!(game["status"], "active");
    assert_eq!(game["legal"].as_array().map(Vec::len), Some(9));
    assert_eq!(game["white"]["you"], true);
    assert_eq!(game["black"]["kind"], "engine");
    assert!(game["svg"].as_str().unwrap().contains("data-sq=\"50\""));
    let id = game["id"].as_str().unwrap().to_owned();

    let (status, after) = s
        .post(&format!("/api/games/{id}/moves"), Some(&me), json!({ "move": "32-28", "version": game["version"] }))
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"][0], "32-28");
    assert_eq!(after["moves"].as_array().map(Vec::len), Some(2), "the engine answered");
    assert_eq!(after["last"]["text"], after["moves"][1]);
    assert!(!after["legal"].as_array().unwrap().is_empty());

    // Takeback against the engine is immediate and removes the reply too.
    let (status, back) = s.post(&format!("/api/games/{id}/takeback"), Some(&me), json!({})).await;
    assert_eq!(status, 200, "{back}");
    assert_eq!(back["moves"], json!([]));
    // Draws are declined by the engine; resigning ends the game.
    let (status, body) = s.post(&format!("/api/games/{id}/draw"), Some(&me), json!({})).await;
    assert_eq!((status, error_code(&body)), (409, "engine_declines"));
    let (status, over) = s.post(&format!("/api/games/{id}/resign"), Some(&me), json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(over["status"], "finished");
    assert_eq!(over["result"]["winner"], "black");
    assert_eq!(over["result"]["reason"]["kind"], "resignation");
    assert_eq!(over["legal"], json!([]));
    let (status, body) = s.post(&format!("/api/games/{id}/moves"), Some(&me), json!({ "move": "32-28" })).await;
    assert_eq!((status, error_code(&body)), (409, "game_over"));
    // A rematch against the engine starts at once, colours swapped.
    let (status, next) = s.post(&format!("/api/games/{id}/rematch"), Some(&me), json!({})).await;
    assert_eq!(status, 200, "{next}");
    assert_ne!(next["id"], json!(id));
    assert_eq!(next["black"]["you"], true);
    assert_eq!(next["flip"], true);
    assert_eq!(next["moves"].as_array().map(Vec::len), Some(1), "the engine opened as White");
}

#[tokio::test]
async fn a_finished_game_is_analysed_for_its_players() {
    let s = local().await;
    let me = s.guest("Ana").await;
    let (_, game) =
        s.post("/api/games", Some(&me), json!({ "variant": "russian", "color": "white", "level": 1 })).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let first = game["legal"][0]["text"].clone();
    let (status, _) = s
        .post(&format!("/api/games/{id}/moves"), Some(&me), json!({ "move": first, "version": game["version"] }))
        .await;
    assert_eq!(status, 200);
    let analysis = format!("/api/games/{id}/analysis");
    let (status, body) = s.post(&analysis, Some(&me), json!({})).await;
    assert_eq!((status, error_code(&body)), (409, "not_over"), "no engine help during play");
    let (status, _) = s.post(&format!("/api/games/{id}/resign"), Some(&me), json!({})).await;
    assert_eq!(status, 200);

    let stranger = s.guest("Eve").await;
    let (status, body) = s.post(&analysis, Some(&stranger), json!({})).await;
    assert_eq!((status, error_code(&body)), (403, "not_a_player"));
    let (status, done) = s.post(&analysis, Some(&me), json!({})).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["plies"], 2);
    assert_eq!(done["moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(done["moves"][0]["played"], first);
    assert_eq!(done["moves"][1]["label"], "1...");
    assert_eq!(done["white_scores"].as_array().map(Vec::len), Some(3));
    assert!(done["accuracy_white"].as_f64().is_some_and(|a| (0.0..=100.0).contains(&a)), "{done}");
    let (status, again) = s.post(&analysis, Some(&me), json!({})).await;
    assert_eq!((status, again), (200, done), "the same review, kept");
}

/// The puzzle mode: the board comes as a game does, moves are checked against the line, a hint,
/// the solution, the rating; bad requests change nothing.
#[tokio::test]
async fn puzzles_are_played_on_the_same_board() {
    use damas::game::puzzles::puzzles;
    use damas::rules::{Position, VariantId};
    let s = local().await;
    let me = s.guest("Ana").await;
    let (_, info) = s.get("/api/info", None).await;
    assert!(info["puzzles"].as_array().is_some_and(|v| v.iter().any(|v| v == "russian")), "{info}");
    let (status, body) = s.get("/api/puzzles?variant=frisian", Some(&me)).await;
    assert_eq!((status, error_code(&body)), (400, "bad_request"), "{body}");
    let (status, body) = s.get("/api/puzzles", None).await;
    assert_eq!(status, 401, "{body}");

    let (status, view) = s.get("/api/puzzles?variant=russian", Some(&me)).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        (view["id"].as_str(), view["variant"]["id"].as_str(), view["status"].as_str()),
        (Some("puzzle"), Some("russian"), Some("active"))
    );
    assert_eq!(view["puzzle"]["your_rating"], 1500);
    let number = view["puzzle"]["number"].as_u64().expect("a numbered puzzle") as usize;
    let puzzle = &puzzles(VariantId::Russian)[number - 1];
    let start = Position::from_fen(VariantId::Russian, &puzzle.fen).unwrap();
    assert_eq!(view["legal"].as_array().map(Vec::len), Some(start.legal_moves().len()));
    assert!(view["svg"].as_str().is_some_and(|svg| svg.starts_with("<svg")));
    let (_, again) = s.get("/api/puzzles", Some(&me)).await;
    assert_eq!(again["puzzle"]["number"], view["puzzle"]["number"], "the running puzzle, not a new one");

    let (status, body) = s.post("/api/puzzles/moves", Some(&me), json!({ "move": "a1-h8" })).await;
    assert_eq!((status, error_code(&body)), (422, "illegal_move"), "{body}");
    let (status, body) = s.post("/api/puzzles/moves", Some(&me), json!({ "move": "" })).await;
    assert_eq!(status, 400, "{body}");
    let (status, hint) = s.post("/api/puzzles/hint", Some(&me), json!({})).await;
    let solution = start.parse_move(&puzzle.line[0]).unwrap();
    assert_eq!(
        (status, hint["square"].as_str()),
        (200, Some(VariantId::Russian.rules().square_name(solution.from()).as_str()))
    );
    for k in (0..puzzle.line.len()).step_by(2) {
        let (status, reply) = s.post("/api/puzzles/moves", Some(&me), json!({ "move": puzzle.line[k] })).await;
        assert_eq!(status, 200, "{reply}");
        match puzzle.line.get(k + 1) {
            Some(answer) => {
                assert_eq!(
                    (reply["outcome"].as_str(), reply["reply"].as_str()),
                    (Some("right"), Some(answer.as_str()))
                );
                assert_eq!(reply["view"]["moves"].as_array().map(Vec::len), Some(k + 2));
                assert_eq!(reply["view"]["last"]["text"].as_str(), Some(answer.as_str()));
            }
            None => {
                assert_eq!(
                    (reply["outcome"].as_str(), reply["clean"].as_bool()),
                    (Some("solved"), Some(true)),
                    "{reply}"
                );
                assert!(reply["rating"]["after"].as_i64() > reply["rating"]["before"].as_i64(), "{reply}");
                assert_eq!(
                    (reply["view"]["status"].as_str(), reply["view"]["puzzle"]["done"].as_bool()),
                    (Some("finished"), Some(true))
                );
                assert_eq!(reply["view"]["legal"].as_array().map(Vec::len), Some(0));
            }
        }
    }
    let (status, body) = s.post("/api/puzzles/hint", Some(&me), json!({})).await;
    assert_eq!((status, error_code(&body)), (404, "not_found"), "a solved puzzle is over");

    let (status, next) = s.post("/api/puzzles", Some(&me), json!({ "variant": "russian" })).await;
    assert_eq!(status, 200, "{next}");
    assert_ne!(next["puzzle"]["number"], view["puzzle"]["number"]);
    assert!(next["puzzle"]["your_rating"].as_i64() > Some(1500));
    let (status, shown) = s.post("/api/puzzles/solution", Some(&me), json!({})).await;
    assert_eq!(status, 200, "{shown}");
    let next_puzzle = &puzzles(VariantId::Russian)[next["puzzle"]["number"].as_u64().unwrap() as usize - 1];
    assert_eq!(shown["line"], json!(next_puzzle.line));
    assert!(shown["rating"]["after"].as_i64() < shown["rating"]["before"].as_i64());
    assert_eq!(shown["view"]["status"], "finished");
    let (status, body) = s.post("/api/puzzles", Some(&me), json!({ "variant": "russian", "extra": 1 })).await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn bad_requests_get_clear_errors_and_change_nothing() {
    let s = local().await;
    let me = s.guest("Ana").await;
    let (_, game) = s.post("/api/games", Some(&me), json!({ "variant": "english", "color": "black" })).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let moves = format!("/api/games/{id}/moves");
    let version = game["version"].clone();

    let bad: Vec<(&str, Option<String>, u16, &str)> = vec![
        ("not JSON", Some("{\"move\":".to_owned()), 400, "bad_request"),
        ("wrong type", Some(json!({ "move": 5 }).to_string()), 400, "bad_request"),
        ("unknown field", Some(json!({ "move": "11-15", "teleport": true }).to_string()), 400, "bad_request"),
        ("missing move", Some("{}".to_owned()), 400, "bad_request"),
        ("empty move", Some(json!({ "move": "  " }).to_string()), 400, "bad_request"),
        ("illegal move", Some(json!({ "move": "1-5" }).to_string()), 422, "illegal_move"),
        ("nonsense move", Some(json!({ "move": "x".repeat(5000) }).to_string()), 422, "illegal_move"),
        ("old version", Some(json!({ "move": "11-15", "version": 0 }).to_string()), 409, "stale"),
        ("huge body", Some(json!({ "move": "y".repeat(40_000) }).to_string()), 413, "too_large"),
    ];
    for (what, body, want, code) in bad {
        let (status, reply) = s.call("POST", &moves, Some(&me), body.as_deref()).await;
        assert_eq!(status, want, "{what}: {}", reply.get("message").unwrap_or(&reply));
        if !code.is_empty() {
            assert_eq!(error_code(&reply), code, "{what}: {reply}");
            assert!(reply["message"].as_str().is_some_and(|m| !m.is_empty()), "{what}");
        }
    }
    let (status, body) = s.post("/api/games", Some(&me), json!({ "variant": "chess" })).await;
    assert_eq!((status, error_code(&body)), (400, "bad_request"));
    assert!(body["message"].as_str().unwrap().contains("unknown variant"));
    for bad_choice in [
        json!({ "variant": "english", "level": 9 }),
        json!({ "variant": "english", "color": "green" }),
        json!({ "variant": "english", "opponent": "cat" }),
    ] {
        let (status, body) = s.post("/api/games", Some(&me), bad_choice.clone()).await;
        assert_eq!((status, error_code(&body)), (400, "bad_request"), "{bad_choice}: {body}");
    }
    let (status, body) = s.post("/api/games", Some(&me), json!({ "variant": "english", "fen": "W:W99:B1" })).await;
    assert_eq!((status, error_code(&body)), (400, "invalid"), "{body}");
    let (status, _) = s.get(&format!("/api/games/{id}?theme=neon"), Some(&me)).await;
    assert_eq!(status, 400);
    let (status, body) = s.get("/api/games/no-such-id!", Some(&me)).await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
    let (status, body) = s.get("/api/games/Zz9Zz9Zz9Z", Some(&me)).await;
    assert_eq!((status, error_code(&body)), (404, "not_found"));
    let (status, _) = s.post(&format!("/api/games/{id}/resign"), Some(&me), json!({ "accept": true })).await;
    assert_eq!(status, 400);

    // Someone else cannot play in it.
    let other = s.guest("Eve").await;
    let (status, body) = s.post(&moves, Some(&other), json!({ "move": "11-15" })).await;
    assert_eq!((status, error_code(&body)), (403, "not_a_player"));
    let (status, body) = s.post(&format!("/api/games/{id}/resign"), Some(&other), json!({})).await;
    assert_eq!((status, error_code(&body)), (403, "not_a_player"));

    // Nothing of that changed the game.
    let (status, now) = s.get(&format!("/api/games/{id}"), Some(&me)).await;
    assert_eq!(status, 200);
    assert_eq!(now["version"], version);
    assert_eq!(now["moves"], json!([]));
    assert_eq!(now["status"], "active");
    let stored = s.store.get(&damas::game::GameId::parse(&id).unwrap()).await.unwrap();
    assert!(stored.moves.is_empty());
}

/// What a client of the event stream keeps: unread bytes and the board drawing it holds.
#[derive(Default)]
struct EventFeed {
    buf: String,
    svg: Option<String>,
}

/// Rebuilds a drawing from a `svg_patch` as the page does: `n` keeps lines, `-n` skips them, an
/// array inserts lines; `base` and `lines` count the old and new lines.
fn apply_patch(old: &str, patch: &Value) -> String {
    let lines: Vec<&str> = old.split('\n').collect();
    assert_eq!(patch["base"].as_u64(), Some(lines.len() as u64), "the patch fits the drawing held");
    let mut out: Vec<String> = Vec::new();
    let mut at = 0usize;
    for op in patch["ops"].as_array().expect("ops") {
        if let Some(n) = op.as_i64() {
            if n >= 0 {
                out.extend(lines[at..at + n as usize].iter().map(|l| l.to_string()));
                at += n as usize;
            } else {
                at += (-n) as usize;
            }
        } else {
            out.extend(op.as_array().expect("inserted lines").iter().map(|l| l.as_str().expect("line").to_owned()));
        }
    }
    assert_eq!(at, lines.len());
    assert_eq!(patch["lines"].as_u64(), Some(out.len() as u64));
    out.join("\n")
}

/// Reads server-sent events from a streaming response until `pred` accepts one `game` event. Every
/// event's drawing is rebuilt (whole or from its patch) into `svg`; a patched event comes back
/// with the rebuilt `svg` and `"patched": true`.
async fn next_game_event(resp: &mut reqwest::Response, feed: &mut EventFeed, pred: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        while let Some(end) = feed.buf.find("\n\n") {
            let block: String = feed.buf.drain(..end + 2).collect();
            let mut event = "message";
            let mut data = String::new();
            for line in block.lines() {
                if let Some(e) = line.strip_prefix("event:") {
                    event = if e.trim() == "game" { "game" } else { "other" };
                } else if let Some(d) = line.strip_prefix("data:") {
                    data.push_str(d.trim_start());
                }
            }
            if event == "game" {
                let mut value: Value = serde_json::from_str(&data).expect("event data is JSON");
                if let Some(patch) = value.get("svg_patch").cloned() {
                    let old = feed.svg.as_deref().expect("a patch comes after a whole drawing");
                    let svg = apply_patch(old, &patch);
                    value["svg"] = json!(svg);
                    value["patched"] = json!(true);
                }
                feed.svg = Some(value["svg"].as_str().expect("a drawing").to_owned());
                if pred(&value) {
                    return value;
                }
            }
        }
        let chunk = tokio::time::timeout_at(deadline, resp.chunk()).await.expect("event in time").expect("stream");
        let chunk = chunk.expect("stream ended");
        feed.buf.push_str(&String::from_utf8_lossy(&chunk));
    }
}

async fn open_events(s: &Server, id: &str, token: &str) -> reqwest::Response {
    let resp = s.http.get(format!("{}/api/games/{id}/events?token={token}", s.base)).send().await.expect("events");
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "text/event-stream");
    resp
}

async fn friend_game(a: &Server, b: &Server) {
    let ana = a.guest("Ana").await;
    let bob = b.guest("Bob").await;
    let (status, game) =
        a.post("/api/games", Some(&ana), json!({ "variant": "russian", "opponent": "friend", "color": "black" })).await;
    assert_eq!(status, 201, "{game}");
    assert_eq!(game["status"], "waiting");
    assert_eq!(game["white"]["kind"], "open");
    let id = game["id"].as_str().unwrap().to_owned();

    let mut events = open_events(a, &id, &ana).await;
    let mut buf = EventFeed::default();
    let first = next_game_event(&mut events, &mut buf, |_| true).await;
    assert_eq!(first["status"], "waiting");

    let (status, seen) = b.get(&format!("/api/games/{id}"), Some(&bob)).await;
    assert_eq!(status, 200);
    assert_eq!(seen["can_join"], true);
    let (status, joined) = b.post(&format!("/api/games/{id}/join"), Some(&bob), json!({})).await;
    assert_eq!(status, 200, "{joined}");
    let live = next_game_event(&mut events, &mut buf, |g| g["status"] == "active").await;
    assert!(live["white"]["name"].as_str().unwrap().starts_with("Bob"));
    assert_eq!(live["legal"], json!([]), "White moves first, not Ana");

    let (status, _) = b.post(&format!("/api/games/{id}/moves"), Some(&bob), json!({ "move": "c3-d4" })).await;
    assert_eq!(status, 200);
    let live = next_game_event(&mut events, &mut buf, |g| g["moves"].as_array().map(Vec::len) == Some(1)).await;
    assert_eq!(live["moves"][0], "c3-d4");
    assert_eq!(live["last"]["from"], "c3");
    // The move came as a few changed lines of the drawing, and they rebuild exactly the board the
    // page would fetch.
    assert_eq!(live["patched"], true, "a move is sent as a patch of the drawing");
    let (status, fetched) = a.get(&format!("/api/games/{id}"), Some(&ana)).await;
    assert_eq!(status, 200);
    assert_eq!(fetched["version"], live["version"]);
    assert_eq!(live["svg"], fetched["svg"], "the patched drawing is the board as it stands");
    assert!(!live["legal"].as_array().unwrap().is_empty(), "now Ana may move");
    assert_eq!(live["flip"], true);

    // Draw offer and answer between people.
    let (status, _) = a.post(&format!("/api/games/{id}/draw"), Some(&ana), json!({})).await;
    assert_eq!(status, 200);
    let offered = next_game_event(&mut events, &mut buf, |g| g["offers"]["draw"] == "black").await;
    assert_eq!(offered["status"], "active");
    let (status, body) = b.post(&format!("/api/games/{id}/draw"), Some(&bob), json!({ "accept": false })).await;
    assert_eq!(status, 200, "{body}");
    let declined = next_game_event(&mut events, &mut buf, |g| g["offers"].get("draw").is_none()).await;
    assert_eq!(declined["status"], "active");
}

#[tokio::test]
async fn a_game_between_two_people_arrives_live() {
    let s = local().await;
    friend_game(&s, &s).await;
}

#[tokio::test]
async fn events_cross_servers_through_redis() {
    let (first, prefix) = redis_store().await;
    let second =
        RedisStore::connect(&redis_url(), &prefix, Retention::default()).await.expect("a second connection to Redis");
    let a = start_with(&[], first).await;
    let b = start_with(&[], Arc::new(second)).await;
    friend_game(&a, &b).await;
    forget(&prefix).await;
}

#[tokio::test]
async fn board_pictures_and_the_page() {
    let s = local().await;
    let me = s.guest("Ana").await;
    let (_, game) = s.post("/api/games", Some(&me), json!({ "variant": "spanish", "color": "white" })).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let (status, _) =
        s.post(&format!("/api/games/{id}/moves"), Some(&me), json!({ "move": game["legal"][0]["text"] })).await;
    assert_eq!(status, 200);
    for ply in 0..=2 {
        let resp =
            s.http.get(format!("{}/board/{id}/{ply}.png?theme=dark&flip=true&size=320", s.base)).send().await.unwrap();
        assert_eq!(resp.status(), 200, "ply {ply}");
        assert_eq!(resp.headers()["content-type"], "image/png");
        let bytes = resp.bytes().await.unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let img = image::load_from_memory(&bytes).unwrap();
        assert_eq!((img.width(), img.height()), (320, 320));
    }
    let a = s.http.get(format!("{}/board/{id}/0.png", s.base)).send().await.unwrap().bytes().await.unwrap();
    let b = s.http.get(format!("{}/board/{id}/2.png", s.base)).send().await.unwrap().bytes().await.unwrap();
    assert_ne!(a, b, "different plies, different pictures");
    for (path, want) in [
        (format!("/board/{id}/3.png"), 404),
        (format!("/board/{id}/x.png"), 404),
        (format!("/board/{id}/1.gif"), 404),
        (format!("/board/{id}/1.png?size=5"), 400),
        (format!("/board/{id}/1.png?theme=neon"), 400),
        ("/board/Zz9Zz9Zz9Z/0.png".to_owned(), 404),
    ] {
        let (status, _) = s.get(&path, None).await;
        assert_eq!(status, want, "{path}");
    }

    let page = s.http.get(format!("{}/app", s.base)).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-security-policy"].to_str().unwrap().contains("script-src 'self'"));
    let html = page.text().await.unwrap();
    assert!(html.contains("/app/static/app.js") && html.contains("/app/static/app.css"));
    assert!(!html.contains("https://"), "no outside resources");
    for (path, kind) in [("/app/static/app.js", "text/javascript"), ("/app/static/app.css", "text/css")] {
        let resp = s.http.get(format!("{}{path}", s.base)).send().await.unwrap();
        assert_eq!(resp.status(), 200);
        assert!(resp.headers()["content-type"].to_str().unwrap().starts_with(kind));
    }
    // Compressed for clients that accept it (the script and a game with its drawing), as they are.
    for (encoding, path) in
        [("gzip", "/app/static/app.js"), ("br", "/app/static/app.js"), ("br", "/app/static/i18n/ru.json")]
    {
        let resp = s.http.get(format!("{}{path}", s.base)).header("accept-encoding", encoding).send().await.unwrap();
        assert_eq!(resp.status(), 200);
        assert_eq!(resp.headers().get("content-encoding").and_then(|v| v.to_str().ok()), Some(encoding), "{path}");
        let plain = s.http.get(format!("{}{path}", s.base)).send().await.unwrap();
        assert!(plain.headers().get("content-encoding").is_none(), "uncompressed when not asked");
        let (packed, whole) = (resp.bytes().await.unwrap().len(), plain.bytes().await.unwrap().len());
        assert!(packed * 2 < whole, "{path}: {packed} of {whole} bytes");
    }
    // API answers too: a game view carries its whole board drawing.
    let (status, game) = s.post("/api/games", Some(&me), json!({"variant": "international", "level": 1})).await;
    assert_eq!(status, 201, "{game}");
    let path = format!("/api/games/{}", game["id"].as_str().unwrap());
    for encoding in ["gzip", "br"] {
        let resp = s
            .http
            .get(format!("{}{path}", s.base))
            .bearer_auth(&me)
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200);
        assert_eq!(resp.headers().get("content-encoding").and_then(|v| v.to_str().ok()), Some(encoding), "{path}");
        let packed = resp.bytes().await.unwrap().len();
        let whole =
            s.http.get(format!("{}{path}", s.base)).bearer_auth(&me).send().await.unwrap().bytes().await.unwrap().len();
        assert!(packed * 2 < whole, "{path} in {encoding}: {packed} of {whole} bytes");
    }
    let root = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let resp = root.get(format!("{}/", s.base)).send().await.unwrap();
    assert_eq!(resp.headers()["location"], "/app");
    let (status, _) = s.get("/healthz", None).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_game_from_a_position_with_two_capture_routes() {
    let s = local().await;
    let me = s.guest("Ana").await;
    let fen = "W:Wf6:Bg3,d4,c7,b4,h2,e7";
    let (status, game) = s
        .post("/api/games", Some(&me), json!({ "variant": "russian", "color": "white", "level": 1, "fen": fen }))
        .await;
    assert_eq!(status, 201, "{game}");
    let routes: Vec<&Value> =
        game["legal"].as_array().unwrap().iter().filter(|m| m["from"] == "f6" && m["to"] == "h4").collect();
    assert_eq!(routes.len(), 2, "two ways from f6 to h4");
    assert_ne!(routes[0]["captures"], routes[1]["captures"]);
    for m in &routes {
        assert_eq!(
            m["text"].as_str().unwrap().matches(':').count(),
            4,
            "ambiguous moves are written in full: {}",
            m["text"]
        );
    }
    // The short form is refused as ambiguous and lists both routes.
    let id = game["id"].as_str().unwrap();
    let (status, body) = s.post(&format!("/api/games/{id}/moves"), Some(&me), json!({ "move": "f6:h4" })).await;
    assert_eq!((status, error_code(&body)), (422, "illegal_move"), "{body}");
    assert_eq!(body["reason"], json!({ "kind": "ambiguous" }), "the rules' reason, for the page to word");
    assert_eq!(body["alternatives"].as_array().map(Vec::len), Some(2), "{body}");
    // A quiet move while a capture is there: the reason names the rule.
    let (status, forced) = s
        .post(
            "/api/games",
            Some(&me),
            json!({ "variant": "russian", "color": "white", "level": 1, "fen": "W:Wc3,g3:Bd4,a7" }),
        )
        .await;
    assert_eq!(status, 201, "{forced}");
    let forced_id = forced["id"].as_str().unwrap();
    let (status, body) = s.post(&format!("/api/games/{forced_id}/moves"), Some(&me), json!({ "move": "g3-h4" })).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["reason"]["kind"], "capture_required", "{body}");
    let (status, after) =
        s.post(&format!("/api/games/{id}/moves"), Some(&me), json!({ "move": routes[1]["text"] })).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"][0], routes[1]["text"]);
}

/// Turkish, 23 kings against one: about half a million capture paths for White.
const CAPTURE_STORM: &str =
    "W:WKa1:BKb1,Kd1,Kf1,Ka2,Kc2,Ke2,Kg2,Kb3,Kd3,Kf3,Ka4,Kc4,Ke4,Kg4,Kb5,Kd5,Kf5,Ka6,Kc6,Ke6,Kg6,Kb7,Kd7,Kf7";

/// Polls `/healthz` until `stop` is set; returns the slowest answer.
async fn health_while(base: String, stop: Arc<std::sync::atomic::AtomicBool>) -> Duration {
    let http = reqwest::Client::new();
    let mut slowest = Duration::ZERO;
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let asked = std::time::Instant::now();
        let answer = tokio::time::timeout(Duration::from_secs(5), http.get(format!("{base}/healthz")).send()).await;
        assert!(matches!(answer, Ok(Ok(ref r)) if r.status() == 200), "/healthz did not answer: {answer:?}");
        slowest = slowest.max(asked.elapsed());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    slowest
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_with_too_many_captures_neither_stalls_the_server_nor_is_stored() {
    let s = local().await;
    let me = s.guest("Ana").await;
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let health = tokio::spawn(health_while(s.base.clone(), Arc::clone(&stop)));

    let (status, body) = s
        .post(
            "/api/games",
            Some(&me),
            json!({ "variant": "turkish", "color": "white", "level": 1, "fen": CAPTURE_STORM }),
        )
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid"), "{body}");
    assert!(body["message"].as_str().unwrap_or("").contains("too many capture sequences"), "{body}");
    let (_, list) = s.get("/api/games", Some(&me)).await;
    assert_eq!(list.as_array().map(Vec::len), Some(0), "nothing stored: {list}");

    // Black to move is calm; each of its moves would hand White the storm and is refused.
    let calm = CAPTURE_STORM.replacen('W', "B", 1);
    let (status, game) = s
        .post("/api/games", Some(&me), json!({ "variant": "turkish", "color": "black", "level": 1, "fen": calm }))
        .await;
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap();
    let first = game["legal"][0]["text"].clone();
    let (status, body) = s.post(&format!("/api/games/{id}/moves"), Some(&me), json!({ "move": first })).await;
    assert_eq!((status, error_code(&body)), (422, "too_complex"), "{body}");
    let (_, after) = s.get(&format!("/api/games/{id}"), Some(&me)).await;
    assert_eq!(after["version"], game["version"], "nothing changed");

    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let slowest = health.await.unwrap();
    assert!(slowest < Duration::from_secs(1), "/healthz took {slowest:?}");
}

fn redis_url() -> String {
    std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}

/// A Redis store under a prefix of its own, and that prefix (for [`forget`]).
async fn redis_store() -> (Arc<RedisStore>, String) {
    let url = redis_url();
    let prefix = format!("damas-webapp-test-{}", rand::random::<u64>());
    let store = RedisStore::connect(&url, &prefix, Retention::default())
        .await
        .unwrap_or_else(|e| panic!("Redis at {url} is required for this test (set REDIS_URL): {e}"));
    (Arc::new(store), prefix)
}

/// Deletes every key under `prefix`.
async fn forget(prefix: &str) {
    let client = redis::Client::open(redis_url()).unwrap();
    let mut con = client.get_multiplexed_async_connection().await.unwrap();
    let keys: Vec<String> = redis::cmd("KEYS").arg(format!("{prefix}*")).query_async(&mut con).await.unwrap();
    if !keys.is_empty() {
        let _: () = redis::cmd("DEL").arg(keys).query_async(&mut con).await.unwrap();
    }
}

/// The width written in a PNG's header.
fn png_width(png: &[u8]) -> u32 {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    u32::from_be_bytes([png[16], png[17], png[18], png[19]])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_flood_of_picture_sizes_is_drawn_at_a_few_widths_two_at_a_time() {
    let s = local_with(&[
        ("DAMAS_HTTP_MAX_CONCURRENT_RENDERS", "2"),
        // Long enough that every request of the flood gets its turn.
        ("DAMAS_HTTP_RENDER_WAIT_MS", "600000"),
    ])
    .await;
    let requests = (0..40u32).map(|k| {
        let url = format!("{}/board/start/russian.png?size={}", s.base, 64 + k * 49);
        let http = s.http.clone();
        tokio::spawn(async move {
            let resp = http.get(url).send().await.expect("picture");
            (resp.status().as_u16(), resp.bytes().await.expect("body"))
        })
    });
    let mut widths = std::collections::BTreeSet::new();
    for request in futures::future::join_all(requests).await {
        let (status, body) = request.expect("request task");
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        widths.insert(png_width(&body));
    }
    let steps: std::collections::BTreeSet<u32> = webapp::limits::PICTURE_SIZES.into_iter().collect();
    assert!(widths.is_subset(&steps), "drawn at {widths:?}, not only at {steps:?}");
    assert!(widths.len() > 1, "requests of every size are answered: {widths:?}");
    let peak = s.state.guards().renders.peak();
    assert!((1..=2).contains(&peak), "{peak} pictures were drawn at once");
}

#[tokio::test]
async fn pictures_are_refused_with_retry_after_while_every_drawing_slot_is_taken() {
    let s = local_with(&[("DAMAS_HTTP_MAX_CONCURRENT_RENDERS", "2"), ("DAMAS_HTTP_RENDER_WAIT_MS", "50")]).await;
    let gate = &s.state.guards().renders;
    let held = (gate.enter().await.unwrap(), gate.enter().await.unwrap());
    let resp = s.response("/board/start/spanish.png", None).await;
    assert_eq!(resp.status(), 503);
    assert_eq!(resp.headers()["retry-after"], "1");
    let body: Value = resp.json().await.unwrap();
    assert_eq!(error_code(&body), "busy", "{body}");
    drop(held);
    let resp = s.response("/board/start/spanish.png", None).await;
    assert_eq!(resp.status(), 200);
}

/// Asks for the events of a game nobody created, then opens and closes a real stream: nothing
/// is left watching in the store afterwards.
async fn events_leave_no_channel_behind(s: &Server, watched: impl Fn() -> usize) {
    let me = s.guest("Ana").await;
    for _ in 0..20 {
        let made_up = damas::game::GameId::random();
        let (status, body) = s.get(&format!("/api/games/{made_up}/events?token={me}"), None).await;
        assert_eq!(status, 404, "{body}");
        assert_eq!(error_code(&body), "not_found");
    }
    assert_eq!(watched(), 0, "an unknown game got a channel");

    let (_, game) = s.post("/api/games", Some(&me), json!({ "variant": "russian", "opponent": "friend" })).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let mut events = open_events(s, &id, &me).await;
    let mut buf = EventFeed::default();
    next_game_event(&mut events, &mut buf, |_| true).await;
    assert_eq!(watched(), 1);
    drop(events);
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while watched() > 0 {
        assert!(std::time::Instant::now() < deadline, "the closed stream's channel stayed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn events_of_unknown_games_are_refused_and_closed_streams_are_forgotten() {
    let store = Arc::new(MemoryStore::new(Retention::default()));
    let s = start_with(&[], store.clone()).await;
    events_leave_no_channel_behind(&s, || store.watched_games()).await;
}

#[tokio::test]
async fn events_of_unknown_games_are_refused_and_closed_streams_are_forgotten_on_redis() {
    let (store, prefix) = redis_store().await;
    let s = start_with(&[], store.clone()).await;
    events_leave_no_channel_behind(&s, || store.watched_games()).await;
    forget(&prefix).await;
}

/// Forty requests of one user for a new game at once, against a limit of ten: exactly ten games.
async fn simultaneous_new_games_keep_to_the_limit(s: &Server) {
    let me = s.guest("Ana").await;
    let requests = (0..40).map(|_| {
        let http = s.http.clone();
        let url = format!("{}/api/games", s.base);
        let me = me.clone();
        tokio::spawn(async move {
            let resp = http
                .post(url)
                .bearer_auth(me)
                .json(&json!({ "variant": "russian", "opponent": "friend" }))
                .send()
                .await
                .expect("request");
            let status = resp.status().as_u16();
            (status, resp.json::<Value>().await.expect("JSON"))
        })
    });
    let mut created = 0;
    for request in futures::future::join_all(requests).await {
        let (status, body) = request.expect("request task");
        match status {
            201 => created += 1,
            429 => assert_eq!(error_code(&body), "too_many_games", "{body}"),
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(created, 10);
    let (status, list) = s.get("/api/games", Some(&me)).await;
    assert_eq!(status, 200);
    assert_eq!(list.as_array().map(Vec::len), Some(10), "{list}");
}

/// The limit, the request rate out of the way.
const TEN_GAMES: &[(&str, &str)] = &[("DAMAS_LIMITS_GAMES_PER_USER", "10"), ("DAMAS_WEBAPP_REQUESTS_BURST", "100")];

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_new_games_keep_to_the_limit_in_memory() {
    let store = Arc::new(slow_lists::SlowLists(Arc::new(MemoryStore::new(Retention::default()))));
    let s = start_with(TEN_GAMES, store).await;
    simultaneous_new_games_keep_to_the_limit(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_new_games_keep_to_the_limit_on_redis() {
    let (store, prefix) = redis_store().await;
    let s = start_with(TEN_GAMES, store).await;
    simultaneous_new_games_keep_to_the_limit(&s).await;
    forget(&prefix).await;
}

#[tokio::test]
async fn too_many_requests_are_answered_429_with_retry_after() {
    let s = local_with(&[("DAMAS_WEBAPP_REQUESTS_BURST", "5"), ("DAMAS_WEBAPP_REQUESTS_PER_MINUTE", "2")]).await;
    let ana = s.guest("Ana").await;
    for _ in 0..5 {
        let (status, body) = s.get("/api/games", Some(&ana)).await;
        assert_eq!(status, 200, "{body}");
    }
    let resp = s.response("/api/games", Some(&ana)).await;
    assert_eq!(resp.status(), 429);
    assert_eq!(resp.headers()["retry-after"], "30");
    let body: Value = resp.json().await.unwrap();
    assert_eq!(error_code(&body), "rate_limited", "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    // The event stream counts too; other users are not held back.
    let (status, body) = s.get("/api/games/Zz9Zz9Zz9Z/events", Some(&ana)).await;
    assert_eq!((status, error_code(&body)), (429, "rate_limited"), "{body}");
    let bob = s.guest("Bob").await;
    let (status, _) = s.get("/api/games", Some(&bob)).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_user_may_hold_only_so_many_event_streams() {
    let s = local_with(&[("DAMAS_WEBAPP_STREAMS_PER_USER", "2")]).await;
    let ana = s.guest("Ana").await;
    let (_, game) = s.post("/api/games", Some(&ana), json!({ "variant": "russian", "opponent": "friend" })).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let first = open_events(&s, &id, &ana).await;
    let second = open_events(&s, &id, &ana).await;
    let resp = s.response(&format!("/api/games/{id}/events?token={ana}"), None).await;
    assert_eq!(resp.status(), 429);
    assert!(resp.headers().contains_key("retry-after"));
    let body: Value = resp.json().await.unwrap();
    assert_eq!(error_code(&body), "too_many_streams", "{body}");
    let bob = s.guest("Bob").await;
    drop(open_events(&s, &id, &bob).await);
    drop((first, second));
}
