//! `damas serve`: the HTTP server, plus the Telegram bot when a token is configured.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use anyhow::Context;
use tokio::sync::watch;
use tracing::{error, info, warn};

use crate::config::{self, Config};
use crate::game::GameStore;
use crate::game::engine_gate::EngineLimits;
use crate::game::engine_player::SearchEngine;
use crate::game::service::{GameService, ServiceConfig};
use crate::game::store::{MemoryStore, RedisStore, RedisTarget, Retention};
use crate::ops::connect::{StoreHealth, connect_in_background};
use crate::webapp::limits::Guards;
use crate::webapp::{self, AppState};

#[derive(Debug, Default, clap::Args)]
pub struct ServeArgs {
    /// A TOML file overriding the built-in settings (also DAMAS_CONFIG).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let config = Config::load(args.config.as_deref())?;
    init_tracing(&config.log)?;
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the async runtime")?;
    runtime.block_on(serve(Arc::new(config)))
}

fn init_tracing(log: &config::Log) -> anyhow::Result<()> {
    let filter =
        tracing_subscriber::EnvFilter::try_new(&log.filter).with_context(|| format!("log filter `{}`", log.filter))?;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    let result = if log.json { builder.json().try_init() } else { builder.try_init() };
    result.map_err(|e| anyhow::anyhow!("cannot set up logging: {e}"))
}

/// Runs until Ctrl-C or SIGTERM, then lets in-flight work finish.
pub async fn serve(config: Arc<Config>) -> anyhow::Result<()> {
    crate::ops::observe();
    let (stop_tx, stop_rx) = watch::channel(false);
    let listener = tokio::net::TcpListener::bind(config.http.bind)
        .await
        .with_context(|| format!("cannot listen on {}", config.http.bind))?;
    let addr = listener.local_addr().context("listening socket has no address")?;
    info!(%addr, "HTTP server listening on http://{addr}/");

    let health = crate::ops::connect::StoreHealth::default();
    let bot_health = crate::ops::connect::BotHealth::default();
    let state = AppState::new(config.clone())
        .with_shutdown(stop_rx.clone())
        .with_store_health(health.clone())
        .with_bot_health(bot_health.clone());
    let ready = state.ready.clone();
    let mut http_stop = stop_rx.clone();
    let mut router = webapp::router(state.clone()).merge(crate::ops::metrics::router());
    let webhook = if config.webhook.enabled && config.telegram.token.is_some() {
        let (route, slot) = crate::ops::webhook::router(&config, stop_rx.clone())?;
        router = router.merge(route);
        Some(slot)
    } else {
        None
    };
    let limits = crate::ops::http::Limits::from_config(&config.http);
    let connections = Arc::new(crate::ops::http::Connections::default());
    let http = tokio::spawn(async move {
        crate::ops::http::serve(listener, router, limits, connections, async move {
            let _ = http_stop.wait_for(|stop| *stop).await;
        })
        .await;
        Ok::<(), std::io::Error>(())
    });

    let store = open_store(&config, health.clone(), state.guards().clone())?;
    // Usually Redis answers at once; give it a moment so the first updates find it, then start
    // anyway (and keep connecting in the background) if it does not.
    let waited = tokio::time::Instant::now();
    while !health.up() && waited.elapsed() < STORE_WAIT {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    if !health.up() {
        warn!(
            "starting without Redis: requests are answered \"try again\" and /readyz reports 503 until it is reachable"
        );
    }
    let engine = Arc::new(SearchEngine::new(config.engine.max_think));
    let limits = EngineLimits {
        quick_searches: config.engine.quick_searches,
        deep_searches: config.engine.max_concurrent_searches,
        queue: config.engine.queue,
        per_user: config.engine.searches_per_user,
        max_wait: config.engine.max_wait,
    };
    let games =
        Arc::new(GameService::new(store.clone(), engine, ServiceConfig { engine: limits, ..ServiceConfig::default() }));
    games.observe(|applied| crate::ops::metrics::global().count_games(applied));
    state.set_games(games.clone());
    if config.webapp.dev_guest {
        info!(url = %format!("http://{addr}/app"), "guest games in the browser are on");
    }
    // Ends games whose deadline passed and makes up engine replies lost in a restart.
    let sweeper = games.clone().spawn_sweeper(std::time::Duration::from_secs(30));
    let bot = match (&config.telegram.token, webhook) {
        (Some(_), Some(slot)) => {
            // Until the bot reaches Telegram the webhook answers 503 and Telegram delivers again later.
            let (config, games, store, stop) = (config.clone(), games.clone(), store.clone(), stop_rx.clone());
            tokio::spawn(async move {
                let Some(connected) =
                    crate::bot::connect_with_retry(config.clone(), games, bot_health, false, stop).await
                else {
                    return;
                };
                let target = crate::ops::webhook::Target {
                    handler: crate::ops::instrument(crate::bot::schema()),
                    deps: connected.deps(),
                    store,
                };
                let _ = slot.set(target);
                info!(path = %config.webhook.path, "webhook mode: taking updates over HTTP");
            });
            None
        }
        (Some(_), None) => {
            Some(tokio::spawn(crate::bot::run(config.clone(), games.clone(), bot_health, stop_rx.clone())))
        }
        (None, _) => {
            info!("TELEGRAM_BOT_TOKEN is not set: running the HTTP server only");
            None
        }
    };
    ready.store(true, Ordering::Release);

    let mut http = http;
    let mut bot = bot;
    let bot_done = async {
        match bot.as_mut() {
            Some(handle) => handle.await,
            None => std::future::pending().await,
        }
    };
    let mut failure = None;
    tokio::select! {
        _ = shutdown_signal() => info!("shutting down"),
        result = &mut http => {
            // The server only stops on its own when something broke.
            return match result {
                Ok(Ok(())) => Err(anyhow::anyhow!("HTTP server stopped unexpectedly")),
                Ok(Err(e)) => Err(anyhow::Error::new(e).context("HTTP server failed")),
                Err(e) => Err(anyhow::Error::new(e).context("HTTP server task failed")),
            };
        }
        result = bot_done => {
            failure = Some(match result {
                Ok(Ok(())) => anyhow::anyhow!("the bot stopped unexpectedly"),
                Ok(Err(e)) => e.context("the bot failed"),
                Err(e) => anyhow::Error::new(e).context("the bot task failed"),
            });
        }
    }
    if failure.is_some() {
        bot = None;
    }
    ready.store(false, Ordering::Release);
    sweeper.abort();
    let _ = stop_tx.send(true);
    // In-flight updates and requests get a bounded time to finish; a stuck one must not keep the
    // process from exiting before the orchestrator's own deadline kills it.
    let deadline = tokio::time::Instant::now() + SHUTDOWN_GRACE;
    if let Some(bot) = bot {
        match tokio::time::timeout_at(deadline, bot).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => error!(error = %format!("{e:#}"), "bot stopped with an error"),
            Ok(Err(e)) => error!(error = %e, "bot task failed"),
            Err(_) => warn!(
                in_flight = crate::ops::metrics::global().in_flight_now(),
                "updates still in flight at the shutdown deadline"
            ),
        }
    }
    match tokio::time::timeout_at(deadline, http).await {
        Ok(Ok(result)) => result.context("HTTP server failed")?,
        Ok(Err(e)) => return Err(anyhow::Error::new(e).context("HTTP server task failed")),
        Err(_) => warn!(
            in_flight = crate::ops::metrics::global().in_flight_now(),
            "requests still running at the shutdown deadline"
        ),
    }
    // The last handle on the store: dropping it closes the Redis connections.
    drop(store);
    if let Some(failure) = failure {
        return Err(failure);
    }
    info!("stopped");
    Ok(())
}

/// How long shutdown waits for in-flight work (below Docker's default 30 s stop grace period).
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(20);

/// Redis when configured, else the embedded in-memory store. Redis is connected in the background
/// (retrying until it answers), so the process starts even while Redis is down; `health` tells.
fn open_store(config: &Config, health: StoreHealth, guards: Arc<Guards>) -> anyhow::Result<Arc<dyn GameStore>> {
    match &config.store.redis_url {
        Some(url) => {
            let target = RedisTarget::parse(url.expose()).context("REDIS_URL")?;
            let shown = target.shown();
            info!(redis = %shown, "using Redis for games; connecting");
            let prefix = config.store.key_prefix.clone();
            let store = Arc::new(RedisStore::unconnected(&prefix, Retention::default()));
            connect_in_background(Arc::clone(&store), target, shown, health, move |link| {
                // From now on the per-user rate limits are shared by every instance.
                crate::ops::limiter().share(Arc::clone(link), &prefix);
                guards.requests.share(Arc::clone(link), &prefix);
            });
            Ok(store)
        }
        None => {
            info!("REDIS_URL is not set: games are kept in memory and lost on restart");
            health.set(true);
            Ok(Arc::new(MemoryStore::new(Retention::default())))
        }
    }
}

/// How long startup waits for Redis before going on without it.
const STORE_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
