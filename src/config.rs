//! Settings: `config/default.toml` (built in) ← an optional config file ← `.env` ← the environment.
//!
//! Every key of the built-in file can be overridden by `DAMAS_<SECTION>_<KEY>`; a few settings also
//! answer to their customary names (`TELEGRAM_BOT_TOKEN`, `TELOXIDE_API_URL`, `REDIS_URL`,
//! `RUST_LOG`). Secrets come only from the environment and never show in `Debug` output or logs.

use std::collections::BTreeMap;
use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use toml::{Table, Value};
use url::Url;

/// The built-in defaults; also the list of every valid key.
pub const DEFAULT_TOML: &str = include_str!("../config/default.toml");

/// Environment variable naming an optional config file.
pub const CONFIG_FILE_VAR: &str = "DAMAS_CONFIG";
/// Environment variable holding the bot token (the only place it is read from).
pub const TOKEN_VAR: &str = "TELEGRAM_BOT_TOKEN";

/// Customary variable names that set a key too; the `DAMAS_` name wins when both are present.
const ALIASES: &[(&str, &str, &str)] =
    &[("telegram", "api_url", "TELOXIDE_API_URL"), ("store", "redis_url", "REDIS_URL"), ("log", "filter", "RUST_LOG")];

/// A value that must not end up in logs: `Debug` and `Display` print `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The secret itself, for the one place that needs it (an HTTP client, an HMAC key).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{origin}: not valid TOML: {source}")]
    Syntax { origin: String, source: Box<toml::de::Error> },
    #[error("{origin}: unknown setting `{key}`")]
    UnknownKey { origin: String, key: String },
    #[error("{origin}: setting `{key}` must be {expected}")]
    WrongType { origin: String, key: String, expected: &'static str },
    #[error("cannot read .env: {0}")]
    DotEnv(String),
    #[error("setting `{key}`: {message}")]
    Invalid { key: &'static str, message: String },
}

#[derive(Debug, Clone)]
pub struct Config {
    pub http: Http,
    pub telegram: Telegram,
    pub webhook: Webhook,
    pub store: Store,
    pub webapp: Webapp,
    pub engine: Engine,
    pub limits: Limits,
    pub log: Log,
}

#[derive(Debug, Clone)]
pub struct Http {
    pub bind: SocketAddr,
    pub public_url: Option<Url>,
    /// Connections served at once; further clients wait in the listen queue.
    pub max_connections: usize,
    /// Time a client has to send a request's headers (also how long an idle connection stays open).
    pub header_timeout: Duration,
    /// Time a client has to send a request's body, counted from its headers.
    pub body_timeout: Duration,
    /// Board pictures drawn at once for HTTP clients.
    pub max_concurrent_renders: usize,
    /// How long a picture request waits for a free drawing slot before it is answered 503.
    pub render_wait: Duration,
}

#[derive(Debug, Clone)]
pub struct Telegram {
    pub token: Option<Secret>,
    pub api_url: Option<Url>,
    pub mini_app_short_name: Option<String>,
    pub init_data_max_age: Duration,
    pub polling_timeout: Duration,
}

#[derive(Debug, Clone)]
pub struct Webhook {
    pub enabled: bool,
    pub url: Option<Url>,
    pub path: String,
    pub secret_token: Option<Secret>,
    /// How long an instance holds an update it is handling before another may take it over.
    pub lease: Duration,
}

#[derive(Debug, Clone)]
pub struct Store {
    /// May carry a password, hence a secret.
    pub redis_url: Option<Secret>,
    /// What every Redis key starts with, so several deployments can share one Redis.
    pub key_prefix: String,
}

#[derive(Debug, Clone)]
pub struct Webapp {
    /// Resolved: `auto` became true exactly when no bot token is set.
    pub dev_guest: bool,
    /// Mini App API requests one user may send at once, before the sustained rate applies.
    pub requests_burst: u32,
    /// Mini App API requests per minute one user may keep sending.
    pub requests_per_minute: u32,
    /// Event streams one user may hold open at once.
    pub streams_per_user: u32,
}

#[derive(Debug, Clone)]
pub struct Engine {
    pub default_level: u8,
    pub max_think: Duration,
    pub max_concurrent_searches: usize,
    /// Searches at the quick levels (easy, medium) at once, apart from the deep ones.
    pub quick_searches: usize,
    /// Requests that may wait for a search, per lane; more are told the engine is busy.
    pub queue: usize,
    /// Searches one user may have running or waiting at once.
    pub searches_per_user: usize,
    /// The longest a request waits for a search before it is told the engine is busy.
    pub max_wait: Duration,
    /// How long the engine searches before the board says it is thinking.
    pub thinking_notice: Duration,
}

#[derive(Debug, Clone)]
pub struct Limits {
    pub open_challenges_per_user: u32,
    pub games_per_user: u32,
    pub open_challenges_per_chat: u32,
    pub games_per_chat: u32,
}

#[derive(Debug, Clone)]
pub struct Log {
    pub filter: String,
    pub json: bool,
}

// The file's shape; `deny_unknown_fields` is a second guard behind the key check in `merge`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    http: RawHttp,
    telegram: RawTelegram,
    webhook: RawWebhook,
    store: RawStore,
    webapp: RawWebapp,
    engine: RawEngine,
    limits: RawLimits,
    log: RawLog,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHttp {
    bind: String,
    public_url: String,
    max_connections: usize,
    header_timeout_ms: u64,
    body_timeout_ms: u64,
    max_concurrent_renders: usize,
    render_wait_ms: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTelegram {
    api_url: String,
    mini_app_short_name: String,
    init_data_max_age_secs: u64,
    polling_timeout_secs: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWebhook {
    enabled: bool,
    url: String,
    path: String,
    secret_token: String,
    lease_secs: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStore {
    redis_url: String,
    key_prefix: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWebapp {
    dev_guest: String,
    requests_burst: u32,
    requests_per_minute: u32,
    streams_per_user: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEngine {
    default_level: u8,
    max_think_ms: u64,
    max_concurrent_searches: usize,
    quick_searches: usize,
    queue: usize,
    searches_per_user: usize,
    max_wait_ms: u64,
    thinking_notice_ms: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    open_challenges_per_user: u32,
    games_per_user: u32,
    open_challenges_per_chat: u32,
    games_per_chat: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLog {
    filter: String,
    json: bool,
}

impl Config {
    /// Loads the settings the way `damas serve` does: built-in defaults, then the config file (the
    /// argument, else `DAMAS_CONFIG`), then `.env` from the working directory, then the environment.
    pub fn load(config_file: Option<&Path>) -> Result<Config, ConfigError> {
        let dotenv = read_dotenv(Path::new(".env"))?;
        let lookup = |name: &str| -> Option<String> { std::env::var(name).ok().or_else(|| dotenv.get(name).cloned()) };
        let file_path = config_file
            .map(Path::to_path_buf)
            .or_else(|| lookup(CONFIG_FILE_VAR).filter(|p| !p.is_empty()).map(PathBuf::from));
        let file = match &file_path {
            Some(path) => {
                Some(std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.clone(), source })?)
            }
            None => None,
        };
        let origin = file_path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        Config::from_sources(file.as_deref().map(|text| (origin.as_str(), text)), &lookup)
    }

    /// The same load with every outside input passed in: the config file as (name, text) and a
    /// variable lookup standing for the environment (with `.env` already folded in).
    pub fn from_sources(
        file: Option<(&str, &str)>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let mut table = parse_toml("built-in defaults", DEFAULT_TOML)?;
        if let Some((origin, text)) = file {
            let overrides = parse_toml(origin, text)?;
            merge(&mut table, overrides, origin)?;
        }
        apply_env(&mut table, env)?;
        let raw: Raw = Raw::deserialize(Value::Table(table))
            .map_err(|e| ConfigError::Invalid { key: "config", message: e.to_string() })?;
        let token = env(TOKEN_VAR).filter(|t| !t.trim().is_empty()).map(|t| Secret::new(t.trim()));
        Config::validate(raw, token)
    }

    fn validate(raw: Raw, token: Option<Secret>) -> Result<Config, ConfigError> {
        let bind = raw.http.bind.parse::<SocketAddr>().map_err(|_| ConfigError::Invalid {
            key: "http.bind",
            message: format!("`{}` is not an address like 127.0.0.1:8080", raw.http.bind),
        })?;
        let public_url = optional_url("http.public_url", &raw.http.public_url)?;
        let api_url = optional_url("telegram.api_url", &raw.telegram.api_url)?;
        let webhook_url = optional_url("webhook.url", &raw.webhook.url)?;
        if raw.webhook.enabled && webhook_url.is_none() && public_url.is_none() {
            return Err(ConfigError::Invalid {
                key: "webhook.enabled",
                message: "webhook mode needs webhook.url or http.public_url".into(),
            });
        }
        if raw.webhook.enabled && non_empty(raw.webhook.secret_token.clone()).is_none() {
            // Without it anyone who guesses the URL could post updates as any user.
            return Err(ConfigError::Invalid {
                key: "webhook.secret_token",
                message: "webhook mode needs a secret token".into(),
            });
        }
        if raw.webhook.lease_secs == 0 {
            return Err(ConfigError::Invalid { key: "webhook.lease_secs", message: "must be at least 1".into() });
        }
        if !raw.webhook.path.starts_with('/') {
            return Err(ConfigError::Invalid { key: "webhook.path", message: "must start with `/`".into() });
        }
        let dev_guest = match raw.webapp.dev_guest.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => token.is_none(),
            other => parse_bool(other).ok_or_else(|| ConfigError::Invalid {
                key: "webapp.dev_guest",
                message: format!("`{other}` is not one of auto, true, false"),
            })?,
        };
        let max_level = crate::engine::Level::ALL.len();
        if !(1..=max_level).contains(&usize::from(raw.engine.default_level)) {
            return Err(ConfigError::Invalid {
                key: "engine.default_level",
                message: format!("{} is not a level: levels are 1 to {max_level}", raw.engine.default_level),
            });
        }
        if let Some(secret) = non_empty(raw.webhook.secret_token.clone()) {
            check_secret_token(&secret)?;
        }
        for (key, value) in [
            ("http.max_connections", raw.http.max_connections as u64),
            ("http.header_timeout_ms", raw.http.header_timeout_ms),
            ("http.body_timeout_ms", raw.http.body_timeout_ms),
            ("http.max_concurrent_renders", raw.http.max_concurrent_renders as u64),
            ("webapp.requests_burst", u64::from(raw.webapp.requests_burst)),
            ("webapp.requests_per_minute", u64::from(raw.webapp.requests_per_minute)),
            ("webapp.streams_per_user", u64::from(raw.webapp.streams_per_user)),
            ("engine.quick_searches", raw.engine.quick_searches as u64),
            ("engine.searches_per_user", raw.engine.searches_per_user as u64),
            ("engine.max_wait_ms", raw.engine.max_wait_ms),
        ] {
            if value == 0 {
                // Zero would refuse every connection, request or picture rather than switch a limit off.
                return Err(ConfigError::Invalid { key, message: "must be at least 1".into() });
            }
        }
        if raw.engine.max_concurrent_searches == 0 {
            return Err(ConfigError::Invalid {
                key: "engine.max_concurrent_searches",
                message: "must be at least 1".into(),
            });
        }
        if raw.telegram.polling_timeout_secs > 50 {
            // Telegram caps long polling at 50 s; more would only make the client time out first.
            return Err(ConfigError::Invalid {
                key: "telegram.polling_timeout_secs",
                message: "must be at most 50".into(),
            });
        }
        Ok(Config {
            http: Http {
                bind,
                public_url,
                max_connections: raw.http.max_connections,
                header_timeout: Duration::from_millis(raw.http.header_timeout_ms),
                body_timeout: Duration::from_millis(raw.http.body_timeout_ms),
                max_concurrent_renders: raw.http.max_concurrent_renders,
                render_wait: Duration::from_millis(raw.http.render_wait_ms),
            },
            telegram: Telegram {
                token,
                api_url,
                mini_app_short_name: non_empty(raw.telegram.mini_app_short_name),
                init_data_max_age: Duration::from_secs(raw.telegram.init_data_max_age_secs),
                polling_timeout: Duration::from_secs(u64::from(raw.telegram.polling_timeout_secs)),
            },
            webhook: Webhook {
                enabled: raw.webhook.enabled,
                url: webhook_url,
                path: raw.webhook.path,
                secret_token: non_empty(raw.webhook.secret_token).map(Secret::new),
                lease: Duration::from_secs(raw.webhook.lease_secs),
            },
            store: Store {
                redis_url: non_empty(raw.store.redis_url).map(Secret::new),
                key_prefix: non_empty(raw.store.key_prefix).unwrap_or_else(|| "damas".to_owned()),
            },
            webapp: Webapp {
                dev_guest,
                requests_burst: raw.webapp.requests_burst,
                requests_per_minute: raw.webapp.requests_per_minute,
                streams_per_user: raw.webapp.streams_per_user,
            },
            engine: Engine {
                default_level: raw.engine.default_level,
                max_think: Duration::from_millis(raw.engine.max_think_ms),
                max_concurrent_searches: raw.engine.max_concurrent_searches,
                quick_searches: raw.engine.quick_searches,
                queue: raw.engine.queue,
                searches_per_user: raw.engine.searches_per_user,
                max_wait: Duration::from_millis(raw.engine.max_wait_ms),
                thinking_notice: Duration::from_millis(raw.engine.thinking_notice_ms),
            },
            limits: Limits {
                open_challenges_per_user: raw.limits.open_challenges_per_user,
                games_per_user: raw.limits.games_per_user,
                open_challenges_per_chat: raw.limits.open_challenges_per_chat,
                games_per_chat: raw.limits.games_per_chat,
            },
            log: Log { filter: raw.log.filter, json: raw.log.json },
        })
    }

    /// Built-in defaults with no file and an empty environment.
    pub fn defaults() -> Result<Config, ConfigError> {
        Config::from_sources(None, &|_| None)
    }
}

fn non_empty(s: String) -> Option<String> {
    let t = s.trim();
    if t.is_empty() { None } else { Some(t.to_string()) }
}

/// Telegram sends the secret back in a header and refuses to register one with other characters
/// (setWebhook fails), so a bad one is caught at start-up rather than at the first delivery.
fn check_secret_token(secret: &str) -> Result<(), ConfigError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if secret.len() > 256 || !secret.chars().all(allowed) {
        return Err(ConfigError::Invalid {
            key: "webhook.secret_token",
            message: "must be 1 to 256 characters from A-Z, a-z, 0-9, _ and -".into(),
        });
    }
    Ok(())
}

fn optional_url(key: &'static str, s: &str) -> Result<Option<Url>, ConfigError> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    let url = Url::parse(s).map_err(|e| ConfigError::Invalid { key, message: format!("`{s}` is not a URL ({e})") })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(ConfigError::Invalid { key, message: format!("`{s}` must be an http or https URL") });
    }
    Ok(Some(url))
}

fn parse_bool(s: &str) -> Option<bool> {
    match s.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Some(true),
        "false" | "0" | "no" | "off" => Some(false),
        _ => None,
    }
}

fn parse_toml(origin: &str, text: &str) -> Result<Table, ConfigError> {
    text.parse::<Table>().map_err(|source| ConfigError::Syntax { origin: origin.to_string(), source: Box::new(source) })
}

/// Overlays `overrides` on `base`, refusing keys the defaults do not know and values of another type,
/// so a typo in a config file is an error instead of a silently ignored line.
fn merge(base: &mut Table, overrides: Table, origin: &str) -> Result<(), ConfigError> {
    for (section, value) in overrides {
        let Some(Value::Table(base_section)) = base.get_mut(&section) else {
            return Err(ConfigError::UnknownKey { origin: origin.to_string(), key: section });
        };
        let Value::Table(entries) = value else {
            return Err(ConfigError::WrongType { origin: origin.to_string(), key: section, expected: "a table" });
        };
        for (key, value) in entries {
            let full = format!("{section}.{key}");
            let Some(current) = base_section.get(&key) else {
                return Err(ConfigError::UnknownKey { origin: origin.to_string(), key: full });
            };
            if current.type_str() != value.type_str() {
                return Err(ConfigError::WrongType {
                    origin: origin.to_string(),
                    key: full,
                    expected: expected_for(current),
                });
            }
            base_section.insert(key, value);
        }
    }
    Ok(())
}

fn expected_for(value: &Value) -> &'static str {
    match value {
        Value::Integer(_) => "a whole number",
        Value::Boolean(_) => "true or false",
        Value::String(_) => "a string",
        _ => "of the default's type",
    }
}

fn apply_env(table: &mut Table, env: &dyn Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
    for (section, entries) in table.iter_mut() {
        let Value::Table(entries) = entries else { continue };
        for (key, current) in entries.iter_mut() {
            let name = format!("DAMAS_{}_{}", section.to_ascii_uppercase(), key.to_ascii_uppercase());
            let alias = ALIASES.iter().find(|(s, k, _)| s == section && k == key).map(|(_, _, a)| *a);
            let (var, text) = match env(&name) {
                Some(text) => (name, text),
                None => match alias.and_then(|a| env(a).map(|t| (a.to_string(), t))) {
                    Some(found) => found,
                    None => continue,
                },
            };
            let wrong = || ConfigError::WrongType {
                origin: format!("environment variable {var}"),
                key: format!("{section}.{key}"),
                expected: expected_for(current),
            };
            let value = match current {
                Value::Integer(_) => Value::Integer(text.trim().parse::<i64>().map_err(|_| wrong())?),
                Value::Boolean(_) => Value::Boolean(parse_bool(&text).ok_or_else(wrong)?),
                _ => Value::String(text),
            };
            *current = value;
        }
    }
    Ok(())
}

/// Reads `.env` into a map without touching the process environment; a missing file is no error.
fn read_dotenv(path: &Path) -> Result<BTreeMap<String, String>, ConfigError> {
    let mut map = BTreeMap::new();
    let iter = match dotenvy::from_path_iter(path) {
        Ok(iter) => iter,
        Err(dotenvy::Error::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => return Ok(map),
        Err(e) => return Err(ConfigError::DotEnv(e.to_string())),
    };
    for item in iter {
        let (k, v) = item.map_err(|e| ConfigError::DotEnv(e.to_string()))?;
        map.insert(k, v);
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: BTreeMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn defaults_are_loopback_and_embedded_store() {
        let c = Config::defaults().unwrap();
        assert_eq!(c.http.bind.to_string(), "127.0.0.1:8080");
        assert!(c.telegram.token.is_none());
        assert!(c.store.redis_url.is_none());
        assert_eq!(c.telegram.init_data_max_age, Duration::from_secs(3600));
        assert!(c.webapp.dev_guest, "guest mode is on without a token");
        assert!(!c.log.json);
    }

    #[test]
    fn file_overrides_defaults_and_env_overrides_file() {
        let file = "[http]\nbind = \"0.0.0.0:9000\"\n[limits]\ngames_per_user = 4\ngames_per_chat = 7\n";
        let env = env_of(&[("DAMAS_LIMITS_GAMES_PER_USER", "5")]);
        let c = Config::from_sources(Some(("test.toml", file)), &env).unwrap();
        assert_eq!(c.http.bind.to_string(), "0.0.0.0:9000");
        assert_eq!(c.limits.games_per_user, 5);
        assert_eq!(c.limits.games_per_chat, 7);
        assert_eq!(c.limits.open_challenges_per_user, 3);
    }

    #[test]
    fn standard_names_work_and_damas_names_win() {
        let env = env_of(&[("TELOXIDE_API_URL", "http://127.0.0.1:1234/"), ("REDIS_URL", "redis://localhost/0")]);
        let c = Config::from_sources(None, &env).unwrap();
        assert_eq!(c.telegram.api_url.unwrap().as_str(), "http://127.0.0.1:1234/");
        assert_eq!(c.store.redis_url.unwrap().expose(), "redis://localhost/0");
        let env = env_of(&[("TELOXIDE_API_URL", "http://a.example/"), ("DAMAS_TELEGRAM_API_URL", "http://b.example/")]);
        let c = Config::from_sources(None, &env).unwrap();
        assert_eq!(c.telegram.api_url.unwrap().host_str(), Some("b.example"));
    }

    #[test]
    fn token_only_from_environment_and_never_printed() {
        let env = env_of(&[("TELEGRAM_BOT_TOKEN", "123:SECRETVALUE")]);
        let c = Config::from_sources(None, &env).unwrap();
        assert_eq!(c.telegram.token.as_ref().map(Secret::expose), Some("123:SECRETVALUE"));
        let shown = format!("{c:?}");
        assert!(!shown.contains("SECRETVALUE"), "{shown}");
        assert!(shown.contains("***"));
        assert!(!c.webapp.dev_guest, "guest mode is off with a token unless asked for");
        let err = Config::from_sources(Some(("f.toml", "[telegram]\ntoken = \"x\"\n")), &|_| None).unwrap_err();
        assert!(matches!(err, ConfigError::UnknownKey { ref key, .. } if key == "telegram.token"), "{err}");
    }

    #[test]
    fn dev_guest_explicit_with_token() {
        let env = env_of(&[("TELEGRAM_BOT_TOKEN", "1:x"), ("DAMAS_WEBAPP_DEV_GUEST", "true")]);
        assert!(Config::from_sources(None, &env).unwrap().webapp.dev_guest);
    }

    #[test]
    fn bad_values_give_clear_errors() {
        let err = Config::from_sources(None, &env_of(&[("DAMAS_HTTP_BIND", "localhost")])).unwrap_err();
        assert!(err.to_string().contains("http.bind"), "{err}");
        let err = Config::from_sources(None, &env_of(&[("DAMAS_LIMITS_GAMES_PER_USER", "many")])).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("DAMAS_LIMITS_GAMES_PER_USER") && text.contains("whole number"), "{text}");
        let err = Config::from_sources(None, &env_of(&[("DAMAS_LOG_JSON", "maybe")])).unwrap_err();
        assert!(err.to_string().contains("true or false"), "{err}");
        let err = Config::from_sources(Some(("my.toml", "[http]\nbnd = \"x\"\n")), &|_| None).unwrap_err();
        assert_eq!(err.to_string(), "my.toml: unknown setting `http.bnd`");
        let err =
            Config::from_sources(Some(("my.toml", "[engine]\ndefault_level = \"hard\"\n")), &|_| None).unwrap_err();
        assert!(err.to_string().contains("engine.default_level"), "{err}");
        let err = Config::from_sources(Some(("my.toml", "[http\n")), &|_| None).unwrap_err();
        assert!(err.to_string().starts_with("my.toml: not valid TOML"), "{err}");
        let err = Config::from_sources(None, &env_of(&[("TELOXIDE_API_URL", "not a url")])).unwrap_err();
        assert!(err.to_string().contains("telegram.api_url"), "{err}");
        let err = Config::from_sources(None, &env_of(&[("DAMAS_ENGINE_DEFAULT_LEVEL", "0")])).unwrap_err();
        assert!(err.to_string().contains("engine.default_level"), "{err}");
        let err = Config::from_sources(None, &env_of(&[("DAMAS_WEBHOOK_ENABLED", "true")])).unwrap_err();
        assert!(err.to_string().contains("webhook"), "{err}");
    }

    #[test]
    fn levels_and_secret_tokens_that_cannot_work_are_refused() {
        let err = Config::from_sources(None, &env_of(&[("DAMAS_ENGINE_DEFAULT_LEVEL", "9")])).unwrap_err();
        assert_eq!(err.to_string(), "setting `engine.default_level`: 9 is not a level: levels are 1 to 4");
        assert_eq!(
            Config::from_sources(None, &env_of(&[("DAMAS_ENGINE_DEFAULT_LEVEL", "4")])).unwrap().engine.default_level,
            4
        );
        for bad in ["has space", "semi;colon", "ñandú", "slash/", &"a".repeat(257)] {
            let err = Config::from_sources(None, &env_of(&[("DAMAS_WEBHOOK_SECRET_TOKEN", bad)])).unwrap_err();
            let text = err.to_string();
            assert!(
                text.contains("webhook.secret_token") && text.contains("A-Z, a-z, 0-9, _ and -"),
                "{bad:?}: {text}"
            );
            assert!(!text.contains(bad), "the secret is not echoed: {text}");
        }
        let good = format!("Ok_-09{}", "z".repeat(250));
        let c = Config::from_sources(None, &env_of(&[("DAMAS_WEBHOOK_SECRET_TOKEN", &good)])).unwrap();
        assert_eq!(c.webhook.secret_token.as_ref().map(Secret::expose), Some(good.as_str()));
    }

    #[test]
    fn server_limits_have_defaults_and_refuse_zero() {
        let c = Config::defaults().unwrap();
        assert_eq!(c.http.max_connections, 512);
        assert_eq!(c.http.header_timeout, Duration::from_secs(10));
        assert_eq!(c.http.body_timeout, Duration::from_secs(15));
        assert_eq!((c.http.max_concurrent_renders, c.http.render_wait), (2, Duration::from_secs(2)));
        assert_eq!((c.webapp.requests_burst, c.webapp.requests_per_minute, c.webapp.streams_per_user), (40, 300, 8));
        let c = Config::from_sources(None, &env_of(&[("DAMAS_HTTP_HEADER_TIMEOUT_MS", "250")])).unwrap();
        assert_eq!(c.http.header_timeout, Duration::from_millis(250));
        assert_eq!((c.engine.quick_searches, c.engine.queue, c.engine.searches_per_user), (2, 16, 2));
        assert_eq!(c.engine.max_wait, Duration::from_secs(15));
        for key in [
            "ENGINE_QUICK_SEARCHES",
            "ENGINE_SEARCHES_PER_USER",
            "HTTP_MAX_CONNECTIONS",
            "HTTP_HEADER_TIMEOUT_MS",
            "HTTP_MAX_CONCURRENT_RENDERS",
            "WEBAPP_REQUESTS_PER_MINUTE",
            "WEBAPP_STREAMS_PER_USER",
        ] {
            let var = format!("DAMAS_{key}");
            let err = Config::from_sources(None, &env_of(&[(var.as_str(), "0")])).unwrap_err();
            assert!(err.to_string().ends_with("must be at least 1"), "{var}: {err}");
        }
    }

    #[test]
    fn dotenv_is_read_without_touching_the_environment() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".env");
        std::fs::write(&path, "DAMAS_LIMITS_GAMES_PER_CHAT=9\n# comment\nREDIS_URL=redis://x/1\n").unwrap();
        let map = read_dotenv(&path).unwrap();
        assert_eq!(map.get("DAMAS_LIMITS_GAMES_PER_CHAT").map(String::as_str), Some("9"));
        assert!(std::env::var("DAMAS_LIMITS_GAMES_PER_CHAT").is_err());
        assert!(read_dotenv(&dir.path().join("missing")).unwrap().is_empty());
    }
}
