//! `damas rules VARIANT [--lang CODE] [--topic T] [--html]`: the rules texts in a terminal.

use std::io::Write;

use anyhow::Context;

use crate::rulebook::{self, Lang, Topic};
use crate::rules::VariantId;

#[derive(Debug, clap::Args)]
pub struct RulesArgs {
    /// Variant: english, spanish, international, triestine, russian, brazilian, italian, turkish
    /// (Spanish names such as "españolas" work too)
    pub variant: VariantId,
    /// Language of the text: es, en, ru, pt, tr, it, fr or nl (English where not translated)
    #[arg(long, default_value = "es")]
    pub lang: Lang,
    /// Topic: movement, capture, promotion, end, notation, faq (or their names in another language), or "all";
    /// without it, a summary and the list of topics
    #[arg(long)]
    pub topic: Option<String>,
    /// Print the Telegram HTML as it is instead of plain text
    #[arg(long)]
    pub html: bool,
}

pub fn run(args: RulesArgs) -> anyhow::Result<()> {
    let text = render(&args)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", text.trim_end()).context("writing to stdout")?;
    Ok(())
}

fn render(args: &RulesArgs) -> anyhow::Result<String> {
    let lang = args.lang;
    let html = match args.topic.as_deref() {
        None => rulebook::overview(args.variant, lang)?,
        Some(all) if matches!(all.trim().to_lowercase().as_str(), "all" | "todo" | "todos") => {
            let mut parts = vec![rulebook::overview(args.variant, lang)?];
            for topic in Topic::ALL {
                parts.push(rulebook::text(args.variant, lang, topic)?.to_owned());
            }
            parts.join("\n\n")
        }
        Some(topic) => {
            let topic: Topic = topic.parse()?;
            rulebook::text(args.variant, lang, topic)?.to_owned()
        }
    };
    Ok(if args.html { html } else { rulebook::strip_html(&html) })
}
