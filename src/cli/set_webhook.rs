//! `damas set-webhook`: tells Telegram where to post updates, once per deployment.

use std::path::PathBuf;

use anyhow::Context;
use teloxide::payloads::{DeleteWebhookSetters as _, SetWebhookSetters as _};
use teloxide::prelude::Requester;
use teloxide::types::AllowedUpdate;
use url::Url;

use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct SetWebhookArgs {
    /// A TOML file overriding the built-in settings (also DAMAS_CONFIG).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Drop the updates Telegram is holding for the bot.
    #[arg(long)]
    pub drop_pending: bool,
    /// Most simultaneous connections Telegram opens to the webhook (1-100).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=100))]
    pub max_connections: Option<u8>,
    /// Remove the webhook instead (back to long polling).
    #[arg(long)]
    pub delete: bool,
}

/// The URL Telegram should post to: `webhook.url`, else `http.public_url` joined with `webhook.path`.
pub fn webhook_url(config: &Config) -> anyhow::Result<Url> {
    if let Some(url) = &config.webhook.url {
        return Ok(url.clone());
    }
    let base = config
        .http
        .public_url
        .as_ref()
        .context("set webhook.url or http.public_url (DAMAS_WEBHOOK_URL, DAMAS_HTTP_PUBLIC_URL)")?;
    base.join(config.webhook.path.trim_start_matches('/')).context("cannot build the webhook URL")
}

pub fn run(args: SetWebhookArgs) -> anyhow::Result<()> {
    let config = Config::load(args.config.as_deref())?;
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().context("cannot start the async runtime")?;
    runtime.block_on(set(&config, &args))
}

async fn set(config: &Config, args: &SetWebhookArgs) -> anyhow::Result<()> {
    let bot = crate::bot::client(config)?;
    if args.delete {
        let mut request = bot.delete_webhook();
        if args.drop_pending {
            request = request.drop_pending_updates(true);
        }
        crate::bot::telegram::call(request).await.context("deleteWebhook failed")?;
        println!("webhook removed");
        return Ok(());
    }
    let url = webhook_url(config)?;
    let secret =
        config.webhook.secret_token.as_ref().context("set webhook.secret_token (DAMAS_WEBHOOK_SECRET_TOKEN)")?;
    let mut request = bot.set_webhook(url.clone()).secret_token(secret.expose().to_string()).allowed_updates(vec![
        AllowedUpdate::Message,
        AllowedUpdate::CallbackQuery,
        AllowedUpdate::InlineQuery,
    ]);
    if args.drop_pending {
        request = request.drop_pending_updates(true);
    }
    if let Some(n) = args.max_connections {
        request = request.max_connections(n);
    }
    crate::bot::telegram::call(request).await.context("setWebhook failed")?;
    println!("webhook set to {url}");
    Ok(())
}
