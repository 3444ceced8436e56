//! The Mini App page and its static assets, built into the binary (no CDN: the page must load on
//! networks that reach nothing but this server).

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

use super::AppState;

const HTML: &str = include_str!("../../templates/webapp/app.html");
const SCRIPT: &str = include_str!("../../templates/webapp/app.js");
const STYLE: &str = include_str!("../../templates/webapp/app.css");

/// Scripts and styles only from this server; the board's SVG carries its own `<style>`.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'";

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| async { Redirect::temporary("/app") }))
        .route("/app", get(page))
        .route("/app/", get(page))
        .route(
            "/app/static/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/app/static/app.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE) }),
        )
}

async fn page() -> Response {
    let mut response = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], HTML).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    let mut response = ([(header::CONTENT_TYPE, content_type)], body).into_response();
    // Served from the binary: a new version comes with a restart, so clients re-check often.
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=300"),
    );
    response
}
