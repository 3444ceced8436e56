//! The Mini App page and its static assets, built into the binary (no CDN: the page must load on
//! networks that reach nothing but this server).

use std::sync::OnceLock;

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

use super::AppState;
use crate::i18n::{self, Lang};
use crate::rules::VariantId;

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
        .route("/app/static/app.js", get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }))
        .route("/app/static/app.css", get(|| async { asset("text/css; charset=utf-8", STYLE) }))
        .route("/app/static/i18n/{file}", get(strings))
}

/// The page's texts in one language (`/app/static/i18n/pt.json`): the catalogue's `app-` messages
/// under their short names, the rules' reasons for refusing a move (`reason_capture_required`),
/// the variant names, and the list of languages for the switch.
async fn strings(Path(file): Path<String>) -> Response {
    let Some(lang) = file.strip_suffix(".json").and_then(|code| Lang::ALL.into_iter().find(|l| l.code() == code))
    else {
        return (StatusCode::NOT_FOUND, "no such language").into_response();
    };
    let mut response = ([(header::CONTENT_TYPE, "application/json")], strings_json(lang)).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    response
}

/// [`page_strings`] as served: built once per language, since the catalogue is part of the binary.
fn strings_json(lang: Lang) -> &'static str {
    static BUILT: [OnceLock<String>; Lang::ALL.len()] = [const { OnceLock::new() }; Lang::ALL.len()];
    let at = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    BUILT[at].get_or_init(|| page_strings(lang).to_string())
}

pub fn page_strings(lang: Lang) -> serde_json::Value {
    let english = i18n::catalog(Lang::En);
    let text: serde_json::Map<String, serde_json::Value> = english
        .keys()
        .filter_map(|key| match key.strip_prefix("app-") {
            Some(short) => Some((key, short)),
            None => key.starts_with("reason-").then_some((key, key.as_str())),
        })
        .map(|(key, short)| (short.replace('-', "_"), i18n::t(lang, key).into()))
        .collect();
    let variants: serde_json::Map<String, serde_json::Value> =
        VariantId::ALL.into_iter().map(|v| (v.as_str().to_owned(), i18n::variant_name(lang, v).into())).collect();
    let langs: Vec<serde_json::Value> =
        Lang::ALL.into_iter().map(|l| serde_json::json!({ "code": l.code(), "name": l.native_name() })).collect();
    serde_json::json!({ "lang": lang.code(), "text": text, "variants": variants, "langs": langs })
}

async fn page() -> Response {
    let mut response = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], HTML).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    let mut response = ([(header::CONTENT_TYPE, content_type)], body).into_response();
    // Served from the binary: a new version comes with a restart, so clients re-check often.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each language is served its own texts, built once.
    #[test]
    fn every_language_gets_its_own_strings() {
        for lang in Lang::ALL {
            let served: serde_json::Value = serde_json::from_str(strings_json(lang)).unwrap();
            assert_eq!(served, page_strings(lang), "{lang}");
            assert!(std::ptr::eq(strings_json(lang), strings_json(lang)), "{lang}: built again");
        }
        assert_ne!(strings_json(Lang::Es), strings_json(Lang::En));
    }
}
