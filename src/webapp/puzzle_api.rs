//! The Mini App's puzzle mode: the user's running puzzle (the same one the bot's /puzzle shows), its
//! moves, a hint, the solution and the next one.
//!
//! - `GET /api/puzzles[?variant=V]`: the running puzzle, or a new one when none runs (or it is of
//!   another variant than the one named).
//! - `POST /api/puzzles` `{"variant": V}` (optional): a new puzzle.
//! - `POST /api/puzzles/moves` `{"move": "32-28"}`: `{"outcome": "wrong"|"right"|"solved", ...}`
//!   with the puzzle as it stands; a move the rules refuse is a 422 `illegal_move`.
//! - `POST /api/puzzles/hint`: `{"square": "32"}`, the piece to move.
//! - `POST /api/puzzles/solution`: `{"line": [...], "rating": {...}}` and the puzzle, now over.

use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::AppState;
use super::api::{ApiError, ApiResult, Body, Q, ViewQuery, bearer, body, games, no_store, session_of};
use super::view::{self, Look, PuzzleView};
use crate::game::UserId;
use crate::game::VariantId;
use crate::game::puzzles::{self, Answer, Rating, Run};
use crate::game::service::{GameError, off_thread};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/puzzles", get(current).post(next))
        .route("/api/puzzles/moves", post(answer))
        .route("/api/puzzles/hint", post(hint))
        .route("/api/puzzles/solution", post(solution))
}

/// The variant asked for, beside the [`ViewQuery`] options in the same query string.
#[derive(Deserialize)]
struct VariantQuery {
    #[serde(default)]
    variant: Option<String>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct NextRequest {
    #[serde(default)]
    variant: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
}

#[derive(Serialize)]
struct RatingChange {
    before: i64,
    after: i64,
}

impl From<Rating> for RatingChange {
    fn from(r: Rating) -> Self {
        RatingChange { before: r.before.round() as i64, after: r.after.round() as i64 }
    }
}

#[derive(Serialize)]
struct MoveReply {
    /// "wrong", "right" or "solved".
    outcome: &'static str,
    /// The defender's answer to a right move.
    #[serde(skip_serializing_if = "Option::is_none")]
    reply: Option<String>,
    /// Solved without a wrong try.
    #[serde(skip_serializing_if = "Option::is_none")]
    clean: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<RatingChange>,
    view: PuzzleView,
}

fn variant_of(raw: Option<&str>) -> ApiResult<Option<VariantId>> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else { return Ok(None) };
    let variant: VariantId = raw.parse().map_err(|_| ApiError::bad_request(format!("unknown variant {raw:?}")))?;
    if puzzles::puzzles(variant).is_empty() {
        return Err(ApiError::bad_request(format!("no puzzles for {variant}")));
    }
    Ok(Some(variant))
}

async fn view_of(state: &AppState, user: UserId, run: &Run, look: Look) -> ApiResult<PuzzleView> {
    let rating = games(state)?.puzzles().rating(user).await?.rating;
    let run = run.clone();
    Ok(off_thread(move || view::build_puzzle(&run, rating, look)).await?)
}

/// A new puzzle: of `variant`, else of the user's last puzzle, else International.
async fn start(state: &AppState, user: UserId, variant: Option<VariantId>) -> ApiResult<Run> {
    let service = games(state)?.puzzles();
    let variant = match variant {
        Some(v) => v,
        None => service.last_variant(user).await?.unwrap_or(VariantId::International),
    };
    let seed = user.0 ^ crate::game::now_unix() as u64;
    Ok(service.start(user, variant, seed).await?)
}

async fn current(
    State(state): State<AppState>,
    Q(q): Q<ViewQuery>,
    Q(v): Q<VariantQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let look = q.look()?;
    let variant = variant_of(v.variant.as_deref())?;
    let running = games(&state)?.puzzles().current(who.user).await?;
    let run = match running {
        Some(run) if variant.is_none_or(|v| v == run.variant) => run,
        _ => start(&state, who.user, variant).await?,
    };
    Ok(no_store(view_of(&state, who.user, &run, look).await?))
}

async fn next(
    State(state): State<AppState>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
    Body(bytes): Body,
) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let look = q.look()?;
    let request: NextRequest = if bytes.is_empty() { NextRequest::default() } else { body(&bytes)? };
    let variant = variant_of(request.variant.as_deref())?;
    let run = start(&state, who.user, variant).await?;
    Ok(no_store(view_of(&state, who.user, &run, look).await?))
}

async fn answer(
    State(state): State<AppState>,
    Q(q): Q<ViewQuery>,
    headers: HeaderMap,
    Body(bytes): Body,
) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let look = q.look()?;
    let request: MoveRequest = body(&bytes)?;
    if request.text.trim().is_empty() {
        return Err(ApiError::bad_request("the move is empty"));
    }
    let (answer, run) = games(&state)?.puzzles().answer(who.user, request.text.trim()).await?;
    let (outcome, reply, clean, rating) = match answer {
        Answer::Illegal(e) => return Err(GameError::Move(e).into()),
        Answer::Wrong => ("wrong", None, None, None),
        Answer::Right { reply } => ("right", reply, None, None),
        Answer::Solved { clean, rating } => ("solved", None, Some(clean), Some(rating.into())),
    };
    let view = view_of(&state, who.user, &run, look).await?;
    Ok(no_store(MoveReply { outcome, reply, clean, rating, view }))
}

async fn hint(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let (square, run) = games(&state)?.puzzles().hint(who.user).await?;
    Ok(no_store(serde_json::json!({ "square": run.variant.rules().square_name(square) })))
}

async fn solution(State(state): State<AppState>, Q(q): Q<ViewQuery>, headers: HeaderMap) -> ApiResult<Response> {
    let who = session_of(&state, bearer(&headers)).await?;
    let look = q.look()?;
    let (run, rating) = games(&state)?.puzzles().reveal(who.user).await?;
    let line: Vec<String> = run.puzzle().map(|p| p.line[run.step.min(p.line.len())..].to_vec()).unwrap_or_default();
    // The whole line played out, as the page shows it now.
    let over = Run { step: run.puzzle().map_or(run.step, |p| p.line.len()), ..run };
    let view = view_of(&state, who.user, &over, look).await?;
    Ok(no_store(serde_json::json!({ "line": line, "rating": RatingChange::from(rating), "view": view })))
}
