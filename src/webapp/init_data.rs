//! Telegram Mini App `initData`: the signed query string Telegram hands the page, checked exactly
//! as <https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app> says:
//!
//! * `secret = HMAC-SHA256(key = "WebAppData", msg = bot_token)`
//! * `data_check_string` = every field except `hash`, as `key=value` (values percent-decoded),
//!   sorted by key, joined with `\n`
//! * `hash == hex(HMAC-SHA256(key = secret, msg = data_check_string))`, compared in constant time
//! * `auth_date` no older than the configured limit.
//!
//! Nothing here trusts a field before the signature has been checked.

use std::collections::BTreeMap;
use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Real initData is well under a kilobyte; anything much larger is not worth hashing.
pub const MAX_LEN: usize = 8 * 1024;

/// A signature from a device whose clock runs a little ahead is still accepted.
const FUTURE_SKEW_SECS: i64 = 60;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InitDataError {
    #[error("initData is empty")]
    Empty,
    #[error("initData is too long")]
    TooLong,
    #[error("initData is not a query string")]
    Malformed,
    #[error("initData repeats the field {0:?}")]
    DuplicateField(String),
    #[error("initData has no hash")]
    MissingHash,
    #[error("initData hash is not 64 hex digits")]
    BadHashFormat,
    #[error("initData signature does not match")]
    BadSignature,
    #[error("initData has no valid auth_date")]
    MissingAuthDate,
    #[error("initData is too old")]
    Expired,
    #[error("initData is dated in the future")]
    FromTheFuture,
    #[error("initData has no valid user")]
    MissingUser,
}

/// The Telegram user who opened the Mini App (only the fields damas uses).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct WebAppUser {
    pub id: u64,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub language_code: Option<String>,
}

impl WebAppUser {
    /// The name to show on the board: first and last name, else the username, else the id.
    pub fn display_name(&self) -> String {
        let full = match &self.last_name {
            Some(last) if !last.trim().is_empty() => format!("{} {}", self.first_name.trim(), last.trim()),
            _ => self.first_name.trim().to_owned(),
        };
        let full = full.trim().to_owned();
        if !full.is_empty() {
            return full;
        }
        match &self.username {
            Some(u) if !u.trim().is_empty() => format!("@{}", u.trim()),
            _ => format!("user {}", self.id),
        }
    }
}

/// initData whose signature and age have been checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitData {
    pub user: WebAppUser,
    pub auth_date: i64,
    /// `startapp` parameter of a t.me/<bot>/<app>?startapp=... link (damas puts a game id there).
    pub start_param: Option<String>,
}

/// The secret key derived from the bot token; computing it once per process is enough.
pub fn secret_key(bot_token: &str) -> [u8; 32] {
    // HMAC accepts keys of any length, so this cannot fail.
    let mut mac = <HmacSha256 as Mac>::new_from_slice(b"WebAppData").unwrap_or_else(|_| unreachable!());
    mac.update(bot_token.as_bytes());
    mac.finalize().into_bytes().into()
}

/// Splits the query string into decoded fields; refuses repeated keys (which a forger could use to
/// make the signed and the read value differ).
fn fields(raw: &str) -> Result<BTreeMap<String, String>, InitDataError> {
    if raw.trim().is_empty() {
        return Err(InitDataError::Empty);
    }
    if raw.len() > MAX_LEN {
        return Err(InitDataError::TooLong);
    }
    let mut map = BTreeMap::new();
    for (key, value) in url::form_urlencoded::parse(raw.as_bytes()) {
        if key.is_empty() {
            return Err(InitDataError::Malformed);
        }
        let key = key.into_owned();
        if map.contains_key(&key) {
            return Err(InitDataError::DuplicateField(key.chars().take(40).collect()));
        }
        map.insert(key, value.into_owned());
    }
    if map.is_empty() {
        return Err(InitDataError::Malformed);
    }
    Ok(map)
}

/// The string Telegram signs: all fields but `hash`, sorted by key (the map keeps them sorted).
fn data_check_string(fields: &BTreeMap<String, String>) -> String {
    fields.iter().filter(|(k, _)| k.as_str() != "hash").map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("\n")
}

fn signature(secret: &[u8; 32], check: &str) -> HmacSha256 {
    let mut mac = <HmacSha256 as Mac>::new_from_slice(secret).unwrap_or_else(|_| unreachable!());
    mac.update(check.as_bytes());
    mac
}

/// Checks `raw` (the page's `Telegram.WebApp.initData`, as sent) against the bot's secret and the
/// clock. `now` is unix seconds.
pub fn validate(raw: &str, secret: &[u8; 32], max_age: Duration, now: i64) -> Result<InitData, InitDataError> {
    let fields = fields(raw)?;
    let hash = fields.get("hash").ok_or(InitDataError::MissingHash)?;
    if hash.len() != 64 {
        return Err(InitDataError::BadHashFormat);
    }
    let expected = hex::decode(hash).map_err(|_| InitDataError::BadHashFormat)?;
    let check = data_check_string(&fields);
    // verify_slice compares in constant time.
    signature(secret, &check).verify_slice(&expected).map_err(|_| InitDataError::BadSignature)?;

    let auth_date: i64 = fields
        .get("auth_date")
        .and_then(|s| s.parse::<i64>().ok())
        .filter(|d| *d > 0)
        .ok_or(InitDataError::MissingAuthDate)?;
    let max_age = i64::try_from(max_age.as_secs()).unwrap_or(i64::MAX);
    if auth_date > now.saturating_add(FUTURE_SKEW_SECS) {
        return Err(InitDataError::FromTheFuture);
    }
    if now.saturating_sub(auth_date) > max_age {
        return Err(InitDataError::Expired);
    }
    let user: WebAppUser =
        fields.get("user").and_then(|s| serde_json::from_str(s).ok()).ok_or(InitDataError::MissingUser)?;
    let start_param = fields.get("start_param").filter(|s| !s.is_empty()).cloned();
    Ok(InitData { user, auth_date, start_param })
}

/// Signs `pairs` the way Telegram does and returns the query string, `hash` included. For tests
/// and for local tools that need a valid initData without Telegram.
pub fn sign(pairs: &[(&str, &str)], bot_token: &str) -> String {
    let map: BTreeMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let hash = hex::encode(signature(&secret_key(bot_token), &data_check_string(&map)).finalize().into_bytes());
    let mut out = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        out.append_pair(k, v);
    }
    out.append_pair("hash", &hash);
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11";
    const NOW: i64 = 1_800_000_000;
    const USER: &str =
        r#"{"id":279058397,"first_name":"Vladislav","last_name":"Kibenko","username":"vdkfrost","language_code":"es"}"#;
    const HOUR: Duration = Duration::from_secs(3600);

    fn sample(auth_date: i64) -> String {
        let date = auth_date.to_string();
        sign(&[("query_id", "AAHdF6IQAAAAAN0XohDhrOrc"), ("user", USER), ("auth_date", &date)], TOKEN)
    }

    fn check(raw: &str) -> Result<InitData, InitDataError> {
        validate(raw, &secret_key(TOKEN), HOUR, NOW)
    }

    /// Replaces one field's value in an encoded query string, keeping the hash.
    fn with_field(raw: &str, key: &str, value: &str) -> String {
        let mut out = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in url::form_urlencoded::parse(raw.as_bytes()) {
            out.append_pair(&k, if k == key { value } else { &v });
        }
        out.finish()
    }

    #[test]
    fn valid_sample_is_accepted() {
        let data = check(&sample(NOW - 10)).unwrap();
        assert_eq!(data.user.id, 279058397);
        assert_eq!(data.user.language_code.as_deref(), Some("es"));
        assert_eq!(data.user.display_name(), "Vladislav Kibenko");
        assert_eq!(data.auth_date, NOW - 10);
        assert_eq!(data.start_param, None);
    }

    /// A vector computed independently of `sign` (Python's hmac module over the same fields), so the
    /// test does not only check that the code agrees with itself.
    #[test]
    fn independent_vector_is_accepted() {
        let raw = "auth_date=1800000000&query_id=Q1&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Ana%22%2C%22language_code%22%3A%22en%22%7D&hash=c9c7476dbbe0d19faea3157c099ad6f0a89e09ffb00e81ff3695ea18eeedf1bc";
        let data = check(raw).unwrap();
        assert_eq!(data.user.id, 42);
        assert_eq!(data.user.first_name, "Ana");
        let flipped = raw.replace("hash=c9", "hash=c8");
        assert_eq!(check(&flipped), Err(InitDataError::BadSignature));
    }

    #[test]
    fn start_param_and_field_order_do_not_matter() {
        let date = (NOW - 5).to_string();
        let raw = sign(
            &[("user", USER), ("start_param", "g1234567890"), ("auth_date", &date), ("chat_type", "private")],
            TOKEN,
        );
        let data = check(&raw).unwrap();
        assert_eq!(data.start_param.as_deref(), Some("g1234567890"));
    }

    #[test]
    fn tampered_field_is_rejected() {
        let raw = sample(NOW - 10);
        let forged = with_field(&raw, "user", &USER.replace("279058397", "1"));
        assert_eq!(check(&forged), Err(InitDataError::BadSignature));
        let redated = with_field(&raw, "auth_date", &NOW.to_string());
        assert_eq!(check(&redated), Err(InitDataError::BadSignature));
        let extra = format!("{raw}&chat_instance=7");
        assert_eq!(check(&extra), Err(InitDataError::BadSignature));
    }

    #[test]
    fn wrong_hash_is_rejected() {
        let raw = sample(NOW - 10);
        let zeros = with_field(&raw, "hash", &"0".repeat(64));
        assert_eq!(check(&zeros), Err(InitDataError::BadSignature));
        let short = with_field(&raw, "hash", "abcd");
        assert_eq!(check(&short), Err(InitDataError::BadHashFormat));
        let not_hex = with_field(&raw, "hash", &"z".repeat(64));
        assert_eq!(check(&not_hex), Err(InitDataError::BadHashFormat));
    }

    #[test]
    fn stale_or_future_auth_date_is_rejected() {
        assert_eq!(check(&sample(NOW - 3601)), Err(InitDataError::Expired));
        assert!(check(&sample(NOW - 3600)).is_ok(), "exactly the limit is still fine");
        assert_eq!(check(&sample(NOW + 3600)), Err(InitDataError::FromTheFuture));
        let raw = sign(&[("user", USER), ("auth_date", "yesterday")], TOKEN);
        assert_eq!(check(&raw), Err(InitDataError::MissingAuthDate));
        let raw = sign(&[("user", USER)], TOKEN);
        assert_eq!(check(&raw), Err(InitDataError::MissingAuthDate));
    }

    #[test]
    fn missing_hash_is_rejected() {
        let raw = sample(NOW - 10);
        let without: String = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(url::form_urlencoded::parse(raw.as_bytes()).filter(|(k, _)| k != "hash"))
            .finish();
        assert_eq!(check(&without), Err(InitDataError::MissingHash));
        assert_eq!(check(""), Err(InitDataError::Empty));
        assert_eq!(check("&&&"), Err(InitDataError::Malformed));
    }

    #[test]
    fn wrong_token_is_rejected() {
        let raw = sample(NOW - 10);
        assert_eq!(validate(&raw, &secret_key("123456:another-token"), HOUR, NOW), Err(InitDataError::BadSignature));
    }

    #[test]
    fn repeated_fields_and_missing_user_are_rejected() {
        let raw = sample(NOW - 10);
        let doubled = format!("{raw}&auth_date={NOW}");
        assert!(matches!(check(&doubled), Err(InitDataError::DuplicateField(k)) if k == "auth_date"));
        let date = (NOW - 1).to_string();
        let raw = sign(&[("auth_date", &date), ("user", "not json")], TOKEN);
        assert_eq!(check(&raw), Err(InitDataError::MissingUser));
        assert_eq!(check(&"a".repeat(MAX_LEN + 1)), Err(InitDataError::TooLong));
    }

    #[test]
    fn names_fall_back_to_username_and_id() {
        let u = |first: &str, last: Option<&str>, username: Option<&str>| WebAppUser {
            id: 9,
            first_name: first.into(),
            last_name: last.map(Into::into),
            username: username.map(Into::into),
            language_code: None,
        };
        assert_eq!(u("Ana", None, None).display_name(), "Ana");
        assert_eq!(u(" ", Some(""), Some("ana_b")).display_name(), "@ana_b");
        assert_eq!(u("", None, None).display_name(), "user 9");
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_strings_never_panic(s in ".{0,600}") {
            let _ = check(&s);
        }

        #[test]
        fn arbitrary_query_strings_never_panic(pairs in proptest::collection::vec(("[a-z_]{0,12}", ".{0,80}"), 0..8), hash in "[0-9a-f]{0,70}") {
            let mut raw = url::form_urlencoded::Serializer::new(String::new());
            for (k, v) in &pairs {
                raw.append_pair(k, v);
            }
            raw.append_pair("hash", &hash);
            let raw = raw.finish();
            proptest::prop_assert!(check(&raw).is_err());
        }
    }
}
