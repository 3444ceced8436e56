//! Where the Redis server holding the games is, and following it when it moves.
//!
//! A `redis://` (or `rediss://`, TLS) URL names one server. A `redis+sentinel://` (or
//! `rediss+sentinel://`) URL names Redis Sentinels and the service they watch:
//!
//! ```text
//! redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/service[/db][?sentinel_password=...]
//! ```
//!
//! The master is asked of the Sentinels when connecting, and again every second, so that after a
//! failover the store moves to the promoted replica by itself. The credentials before `@` are the
//! Redis servers'; Sentinels that require their own are given `sentinel_username` and
//! `sentinel_password`.

use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;

use percent_encoding::percent_decode_str;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::sentinel::{Sentinel, SentinelNodeConnectionInfo};
use redis::{ConnectionAddr, ConnectionInfo, IntoConnectionInfo, RedisConnectionInfo, TlsMode};
use tokio::sync::watch;

use super::StoreError;

pub(super) const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(5);
const SENTINEL_PORT: u16 = 26379;
/// How often the Sentinels are asked who the master is.
const FOLLOW_EVERY: Duration = Duration::from_secs(1);

/// A parsed Redis URL: one server, or Sentinels and the name of the service they watch.
#[derive(Clone)]
pub enum RedisTarget {
    Server(ConnectionInfo),
    Sentinels {
        sentinels: Vec<ConnectionInfo>,
        service: String,
        db: i64,
        /// How the master is connected to once found: TLS, credentials, database.
        node: SentinelNodeConnectionInfo,
    },
}

fn bad_url(why: &str) -> StoreError {
    // The URL itself is never quoted: it may hold a password.
    StoreError::Unavailable(format!("bad Redis URL: {why}"))
}

pub(super) fn unavailable(e: redis::RedisError) -> StoreError {
    super::outage(e.to_string())
}

fn decoded(part: &str) -> Result<String, StoreError> {
    percent_decode_str(part)
        .decode_utf8()
        .map(|s| s.into_owned())
        .map_err(|_| bad_url("credentials are not UTF-8 once percent-decoded"))
}

impl RedisTarget {
    pub fn parse(url: &str) -> Result<RedisTarget, StoreError> {
        let url = url.trim();
        let (scheme, rest) = url.split_once("://").ok_or_else(|| bad_url("no scheme (redis://...)"))?;
        let tls = match scheme {
            "redis+sentinel" => false,
            "rediss+sentinel" => true,
            _ => {
                let info = url.into_connection_info().map_err(|e| bad_url(&e.to_string()))?;
                return Ok(RedisTarget::Server(info));
            }
        };
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        let (userinfo, hosts) = match authority.rsplit_once('@') {
            Some((userinfo, hosts)) => (Some(userinfo), hosts),
            None => (None, authority),
        };
        let mut path = path.split('/').filter(|p| !p.is_empty());
        let service = path.next().ok_or_else(|| bad_url("no service name after the Sentinels (…/mymaster)"))?;
        let db = match path.next() {
            Some(db) => db.parse::<i64>().map_err(|_| bad_url("the database after the service is not a number"))?,
            None => 0,
        };
        if path.next().is_some() {
            return Err(bad_url("the path is /service or /service/db"));
        }

        let mut redis = RedisConnectionInfo::default().set_db(db);
        if let Some(userinfo) = userinfo {
            let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
            if !user.is_empty() {
                redis = redis.set_username(decoded(user)?);
            }
            if !password.is_empty() {
                redis = redis.set_password(decoded(password)?);
            }
        }
        let mut sentinel_auth = RedisConnectionInfo::default();
        for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
            match &*key {
                "sentinel_username" => sentinel_auth = sentinel_auth.set_username(value),
                "sentinel_password" => sentinel_auth = sentinel_auth.set_password(value),
                _ => {
                    return Err(bad_url("unknown query parameter (sentinel_username, sentinel_password)"));
                }
            }
        }

        let sentinels = hosts
            .split(',')
            .map(|host| {
                let (name, port) = match host.rsplit_once(':') {
                    Some((name, port)) => {
                        (name, port.parse::<u16>().map_err(|_| bad_url("a Sentinel's port is not a number"))?)
                    }
                    None => (host, SENTINEL_PORT),
                };
                if name.is_empty() {
                    return Err(bad_url("a Sentinel has no host name"));
                }
                let addr = if tls {
                    ConnectionAddr::TcpTls { host: name.to_owned(), port, insecure: false, tls_params: None }
                } else {
                    ConnectionAddr::Tcp(name.to_owned(), port)
                };
                Ok(addr
                    .into_connection_info()
                    .map_err(|e| bad_url(&e.to_string()))?
                    .set_redis_settings(sentinel_auth.clone()))
            })
            .collect::<Result<Vec<_>, _>>()?;

        let mut node = SentinelNodeConnectionInfo::default().set_redis_connection_info(redis);
        if tls {
            node = node.set_tls_mode(TlsMode::Secure);
        }
        Ok(RedisTarget::Sentinels { sentinels, service: service.to_owned(), db, node })
    }
}

impl RedisTarget {
    /// The target without credentials, for logs: `redis://host:port/db`, or
    /// `redis+sentinel://host:port,host:port/service/db`.
    pub fn shown(&self) -> String {
        fn scheme(addr: &ConnectionAddr) -> &'static str {
            match addr {
                ConnectionAddr::TcpTls { .. } => "rediss",
                ConnectionAddr::Tcp(..) => "redis",
                _ => "redis+unix",
            }
        }
        match self {
            RedisTarget::Server(info) => {
                format!("{}://{}/{}", scheme(info.addr()), info.addr(), info.redis_settings().db())
            }
            RedisTarget::Sentinels { sentinels, service, db, .. } => {
                let hosts: Vec<String> = sentinels.iter().map(|s| s.addr().to_string()).collect();
                let scheme = sentinels.first().map_or("redis", |s| scheme(s.addr()));
                format!("{scheme}+sentinel://{}/{service}/{db}", hosts.join(","))
            }
        }
    }
}

/// The connection to the current master, shared by every user of the store, and moved to the new
/// master when the Sentinels name another.
pub struct Link {
    sentinels: Option<Watched>,
    current: RwLock<Current>,
    /// Bumped at every move to another master, so that subscriptions move too.
    moves: watch::Sender<u64>,
}

struct Watched {
    sentinel: tokio::sync::Mutex<Sentinel>,
    service: String,
    node: SentinelNodeConnectionInfo,
}

struct Current {
    client: redis::Client,
    con: ConnectionManager,
}

/// `host:port` of a client's server, for logs and to tell servers apart (never credentials).
pub fn server_of(client: &redis::Client) -> String {
    client.get_connection_info().addr().to_string()
}

async fn manage(client: redis::Client) -> Result<ConnectionManager, StoreError> {
    let config = ConnectionManagerConfig::new()
        .set_connection_timeout(Some(CONNECT_TIMEOUT))
        .set_response_timeout(Some(RESPONSE_TIMEOUT))
        .set_number_of_retries(2);
    tokio::time::timeout(CONNECT_TIMEOUT * 3, ConnectionManager::new_with_config(client, config))
        .await
        .map_err(|_| super::outage("timed out connecting to Redis".to_owned()))?
        .map_err(unavailable)
}

impl Watched {
    async fn master(&self) -> Result<redis::Client, StoreError> {
        let ask = async {
            let mut sentinel = self.sentinel.lock().await;
            sentinel.async_master_for(&self.service, Some(&self.node)).await
        };
        tokio::time::timeout(CONNECT_TIMEOUT, ask)
            .await
            .map_err(|_| super::outage("timed out asking the Sentinels for the master".to_owned()))?
            .map_err(unavailable)
    }
}

impl Link {
    /// Connects to the server, or to the master the Sentinels name (and then keeps following it).
    pub async fn connect(target: &RedisTarget) -> Result<Arc<Link>, StoreError> {
        let (client, sentinels) = match target {
            RedisTarget::Server(info) => (redis::Client::open(info.clone()).map_err(unavailable)?, None),
            RedisTarget::Sentinels { sentinels, service, node, .. } => {
                let watched = Watched {
                    sentinel: tokio::sync::Mutex::new(Sentinel::build(sentinels.clone()).map_err(unavailable)?),
                    service: service.clone(),
                    node: node.clone(),
                };
                (watched.master().await?, Some(watched))
            }
        };
        let con = manage(client.clone()).await?;
        let following = sentinels.is_some();
        let link =
            Arc::new(Link { sentinels, current: RwLock::new(Current { client, con }), moves: watch::channel(0).0 });
        if following {
            tokio::spawn(follow_master(Arc::downgrade(&link)));
        }
        Ok(link)
    }

    fn current(&self) -> std::sync::RwLockReadGuard<'_, Current> {
        self.current.read().unwrap_or_else(|p| p.into_inner())
    }

    /// A handle on the connection to the current master (multiplexed, reconnecting). Every store
    /// call takes one, so only the handle is cloned, not the client beside it.
    pub fn connection(&self) -> ConnectionManager {
        self.current().con.clone()
    }

    /// The current master, for connections of its own (subscriptions).
    pub fn client(&self) -> redis::Client {
        self.current().client.clone()
    }

    /// Changes each time the link moves to another master.
    pub fn moves(&self) -> watch::Receiver<u64> {
        self.moves.subscribe()
    }

    /// Asks the Sentinels who the master is and moves there if it is another server. Returns
    /// whether it moved; a link to a single server never does.
    pub async fn follow(&self) -> Result<bool, StoreError> {
        let Some(sentinels) = &self.sentinels else {
            return Ok(false);
        };
        let master = sentinels.master().await?;
        let before = server_of(&self.current().client);
        let after = server_of(&master);
        if before == after {
            return Ok(false);
        }
        let con = manage(master.clone()).await?;
        *self.current.write().unwrap_or_else(|p| p.into_inner()) = Current { client: master, con };
        self.moves.send_modify(|n| *n += 1);
        tracing::warn!(from = %before, to = %after, "the Sentinels name another Redis master; moved to it");
        Ok(true)
    }
}

async fn follow_master(link: Weak<Link>) {
    let mut failing = false;
    loop {
        tokio::time::sleep(FOLLOW_EVERY).await;
        let Some(link) = link.upgrade() else { return };
        match link.follow().await {
            Ok(_) => failing = false,
            Err(e) if !failing => {
                failing = true;
                tracing::warn!(error = %e, "cannot ask the Sentinels for the Redis master; keeping the current one");
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentinels(url: &str) -> (Vec<ConnectionInfo>, String, SentinelNodeConnectionInfo) {
        match RedisTarget::parse(url) {
            Ok(RedisTarget::Sentinels { sentinels, service, node, .. }) => (sentinels, service, node),
            Ok(RedisTarget::Server(_)) => panic!("{url}: parsed as one server"),
            Err(e) => panic!("{url}: {e}"),
        }
    }

    #[test]
    fn plain_urls_name_one_server() {
        let Ok(RedisTarget::Server(info)) = RedisTarget::parse("redis://:pw@cache:6380/2") else {
            panic!("not one server")
        };
        assert_eq!(info.addr().to_string(), "cache:6380");
        assert_eq!(info.redis_settings().db(), 2);
        assert_eq!(info.redis_settings().password(), Some("pw"));
        assert!(matches!(RedisTarget::parse("rediss://cache"), Ok(RedisTarget::Server(_))));
    }

    #[test]
    fn sentinel_urls_list_sentinels_service_credentials_and_database() {
        let (list, service, node) =
            sentinels("redis+sentinel://app:p%40ss@s1:26380,s2,10.0.0.3:5000/games/3?sentinel_password=sp");
        let addrs: Vec<String> = list.iter().map(|i| i.addr().to_string()).collect();
        assert_eq!(addrs, ["s1:26380", "s2:26379", "10.0.0.3:5000"]);
        assert!(list.iter().all(|i| i.redis_settings().password() == Some("sp")));
        assert!(list.iter().all(|i| matches!(i.addr(), ConnectionAddr::Tcp(..))));
        assert_eq!(service, "games");
        let debug = format!("{node:?}");
        assert!(debug.contains("db: 3"), "{debug}");
        assert!(debug.contains("\"app\""), "{debug}");
        assert!(debug.contains("tls_mode: None"), "{debug}");

        let (list, service, node) = sentinels("rediss+sentinel://s1/mymaster");
        assert!(matches!(list[0].addr(), ConnectionAddr::TcpTls { insecure: false, .. }));
        assert_eq!(list[0].redis_settings().password(), None);
        assert_eq!(service, "mymaster");
        assert!(format!("{node:?}").contains("Secure"));
    }

    #[test]
    fn shown_targets_carry_no_credentials() {
        let shown = |url: &str| RedisTarget::parse(url).map(|t| t.shown()).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(shown("redis://:hunter2@db.internal:6380/2"), "redis://db.internal:6380/2");
        assert_eq!(shown("rediss://me:pw@cache"), "rediss://cache:6379/0");
        assert_eq!(
            shown("redis+sentinel://app:s3cret@s1:26380,s2/games/1?sentinel_password=sp"),
            "redis+sentinel://s1:26380,s2:26379/games/1"
        );
        assert_eq!(shown("rediss+sentinel://s1/m"), "rediss+sentinel://s1:26379/m/0");
    }

    #[test]
    fn bad_sentinel_urls_are_refused_without_quoting_them() {
        for url in [
            "redis+sentinel://s1:26379",
            "redis+sentinel://s1:26379/",
            "redis+sentinel://s1:port/m",
            "redis+sentinel://:secret@,s2/m",
            "redis+sentinel://s1/m/not-a-db",
            "redis+sentinel://s1/m/0/extra",
            "redis+sentinel://s1/m?password=secret",
            "cache:6379",
        ] {
            match RedisTarget::parse(url) {
                Err(StoreError::Unavailable(why)) => {
                    assert!(why.starts_with("bad Redis URL"), "{url}: {why}");
                    assert!(!why.contains("secret"), "{url}: {why}");
                }
                Err(e) => panic!("{url}: {e}"),
                Ok(_) => panic!("{url}: accepted"),
            }
        }
    }
}
