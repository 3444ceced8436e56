//! The Telegram bot: a dptree handler tree whose endpoints are one function per user action. The
//! handlers only read what the user asked for and answer; games live in `game`, texts in `i18n`.

pub mod analysis;
pub mod board;
pub mod callback;
pub mod card;
pub mod cards;
pub mod command;
pub mod daily;
pub mod facts;
pub mod group;
pub mod handlers;
pub use crate::i18n;
pub mod inline;
pub mod keyboard;
pub mod notice;
pub mod notifier;
pub mod pdn;
pub mod play;
pub mod prefs;
pub mod present;
pub mod puzzle;
pub mod refusal;
pub mod tap;
pub mod telegram;
pub mod views;
pub mod who;
pub mod words;

use std::sync::Arc;

use anyhow::Context;
use teloxide::dispatching::{Dispatcher, UpdateFilterExt, UpdateHandler};
use teloxide::error_handlers::LoggingErrorHandler;
use teloxide::prelude::*;
use teloxide::types::{BotCommand, CallbackQuery, Update};
use teloxide::update_listeners::Polling;
use tokio::sync::watch;

use crate::config::Config;
use crate::game::service::GameService;
use crate::ops::connect::{BotHealth, BotState};
use callback::Callback;
use facts::Facts;
use i18n::{Lang, t};
use prefs::PrefsStore;

/// What every handler gets besides the update.
pub struct Ctx {
    pub config: Arc<Config>,
    /// The small facts the bot remembers between updates.
    pub facts: Facts,
    pub games: Arc<GameService>,
    pub prefs: PrefsStore,
    /// What the board messages show now, to skip edits that change nothing.
    pub shown: play::Shown,
    /// The bot's @username, to recognise `/cmd@username` and build deep links.
    pub username: String,
}

pub type HandlerResult = anyhow::Result<()>;

/// The Bot API client for the configured token and base URL, with an HTTP timeout that outlasts
/// the long-polling wait.
pub fn client(config: &Config) -> anyhow::Result<Bot> {
    let token = config.telegram.token.as_ref().context("TELEGRAM_BOT_TOKEN is not set")?;
    let http = teloxide::net::default_reqwest_settings()
        .timeout(config.telegram.polling_timeout + std::time::Duration::from_secs(15))
        .build()
        .context("cannot build the HTTP client")?;
    let mut bot = Bot::with_client(token.expose(), http);
    if let Some(url) = &config.telegram.api_url {
        bot = bot.set_api_url(url.clone());
    }
    Ok(bot)
}

/// A bot that has introduced itself to Telegram, with what its handlers need.
pub struct Connected {
    pub bot: Bot,
    pub me: teloxide::types::Me,
    pub ctx: Arc<Ctx>,
}

impl Connected {
    /// The dependencies the handler tree expects, as the dispatcher would pass them.
    pub fn deps(&self) -> dptree::di::DependencyMap {
        dptree::deps![self.bot.clone(), self.me.clone(), self.ctx.clone()]
    }
}

/// Calls getMe, sets the command menus and starts following game changes for the shared cards.
pub async fn connect(config: Arc<Config>, games: Arc<GameService>) -> anyhow::Result<Connected> {
    let facts = Facts::new(games.key_values());
    let bot = client(&config)?;
    let me = telegram::call(bot.get_me()).await.context("getMe failed (is the token right?)")?;
    let username = me.username.clone().unwrap_or_default();
    tracing::info!(bot = %username, "bot connected");
    set_commands(&bot).await;
    let ctx = Arc::new(Ctx {
        prefs: PrefsStore::new(facts.clone()),
        config: config.clone(),
        facts,
        games,
        shown: play::Shown::default(),
        username,
    });
    // Cards and notices follow changes made outside the bot (the Mini App, the sweeper).
    notifier::spawn(bot.clone(), ctx.clone());
    daily::spawn(bot.clone(), ctx.clone());
    Ok(Connected { bot, me, ctx })
}

/// The wait before attempt `n + 1` to reach Telegram after `n` failed ones: 1 s, doubling, at
/// most a minute.
pub fn connect_backoff(failures: u32) -> std::time::Duration {
    std::time::Duration::from_secs(1u64 << failures.min(6)).min(std::time::Duration::from_secs(60))
}

/// Connects like [`connect`] (and, for long polling, removes any webhook), retrying with backoff
/// until it works or `stop` turns true (then `None`). `health` follows the attempts, so that the
/// health checks show a bot that cannot reach Telegram while the Mini App keeps serving.
pub async fn connect_with_retry(
    config: Arc<Config>,
    games: Arc<GameService>,
    health: BotHealth,
    polling: bool,
    mut stop: watch::Receiver<bool>,
) -> Option<Connected> {
    let mut failures = 0u32;
    loop {
        health.set(BotState::Connecting);
        let attempt = async {
            let connected = connect(config.clone(), games.clone()).await?;
            if polling {
                // Polling and a webhook exclude each other; a webhook left over from a deployment
                // would make every getUpdates fail.
                telegram::call(connected.bot.delete_webhook()).await.context("deleteWebhook failed")?;
            }
            anyhow::Ok(connected)
        };
        match attempt.await {
            Ok(connected) => {
                health.set(BotState::Up);
                return Some(connected);
            }
            Err(e) => {
                let wait = connect_backoff(failures);
                failures = failures.saturating_add(1);
                tracing::error!(error = %format!("{e:#}"), attempt = failures, retry_in_s = wait.as_secs(), "cannot reach Telegram; the Mini App keeps serving and the bot retries");
                tokio::select! {
                    _ = tokio::time::sleep(wait) => {}
                    _ = stop.wait_for(|s| *s) => return None,
                }
            }
        }
    }
}

/// Runs the bot with long polling until `stop` turns true, first reaching Telegram with retries.
pub async fn run(
    config: Arc<Config>,
    games: Arc<GameService>,
    health: BotHealth,
    mut stop: watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let Some(Connected { bot, ctx, .. }) = connect_with_retry(config.clone(), games, health, true, stop.clone()).await
    else {
        return Ok(());
    };

    let mut dispatcher = Dispatcher::builder(bot.clone(), crate::ops::instrument(schema()))
        .dependencies(dptree::deps![ctx])
        .default_handler(|_| async {})
        .error_handler(LoggingErrorHandler::with_custom_text("error while handling an update"))
        .build();
    let token = dispatcher.shutdown_token();
    tokio::spawn(async move {
        let _ = stop.wait_for(|s| *s).await;
        // Err only when the dispatcher is not running yet or already stopped: nothing to stop then.
        if let Ok(done) = token.shutdown() {
            done.await;
        }
    });
    let timeout = u32::try_from(config.telegram.polling_timeout.as_secs()).unwrap_or(30);
    let listener = Polling::builder(bot).timeout(std::time::Duration::from_secs(timeout.into())).build();
    dispatcher
        .try_dispatch_with_listener(listener, LoggingErrorHandler::with_custom_text("error from the update listener"))
        .await
        .context("cannot start dispatching")?;
    tracing::info!("bot stopped");
    Ok(())
}

/// The handler tree: one branch per kind of update.
pub fn schema() -> UpdateHandler<anyhow::Error> {
    dptree::entry()
        .branch(Update::filter_inline_query().endpoint(inline::on_query))
        .branch(Update::filter_chosen_inline_result().endpoint(inline::on_chosen))
        .branch(Update::filter_message().filter_map_async(group::request).endpoint(group::on_request))
        .branch(Update::filter_callback_query().chain(taps()))
        .branch(Update::filter_message().endpoint(handlers::on_message))
}

/// Button taps: the data is read once, then each kind goes to its handler. Data no button of
/// this bot carries is only acknowledged.
fn taps() -> UpdateHandler<anyhow::Error> {
    let read = dptree::filter_map(|q: CallbackQuery| q.data.as_deref().and_then(|d| Callback::parse(d).ok()));
    dptree::entry()
        .branch(
            read.branch(dptree::case![Callback::Daily(tap)].endpoint(daily::on_tap))
                .branch(dptree::case![Callback::Inline(card)].endpoint(inline::on_tap))
                .branch(dptree::case![Callback::Card(button)].endpoint(group::on_card_button))
                .branch(dptree::case![Callback::Challenge(choice)].endpoint(group::on_variant_chosen))
                .branch(
                    dptree::case![Callback::Board(data)]
                        .branch(dptree::filter_async(group::owns_board).endpoint(group::on_board))
                        .endpoint(handlers::on_board),
                )
                .branch(
                    // Menus belong to private chats; inline messages never carry them.
                    dptree::filter(|q: CallbackQuery| q.inline_message_id.is_none())
                        .chain(dptree::case![Callback::Menu(menu)])
                        .endpoint(handlers::on_menu),
                ),
        )
        .endpoint(handlers::on_unknown)
}

/// The command menus, one per language, plus the default (English) for everyone else.
async fn set_commands(bot: &Bot) {
    let menus = std::iter::once((Lang::En, None)).chain(Lang::ALL.into_iter().map(|l| (l, Some(l.code()))));
    for (lang, code) in menus {
        let entry = |names: &command::CommandName| {
            BotCommand::new(names.name(lang), t(lang, &format!("cmd-{}", names.name(Lang::En))))
        };
        let commands: Vec<BotCommand> = command::COMMANDS
            .iter()
            .map(|(names, _)| entry(names))
            .chain(command::GROUP_COMMANDS.iter().map(|(names, _)| entry(names)))
            .collect();
        let mut request = bot.set_my_commands(commands);
        if let Some(code) = code {
            request = request.language_code(code);
        }
        if let Err(e) = telegram::call(request).await {
            // The menu is a convenience: typing the commands still works without it.
            tracing::warn!(error = %e, "setMyCommands failed");
        }
    }
}
