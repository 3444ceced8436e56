//! `/games`, `/top` and the rating lines of `/stats`.

use teloxide::prelude::*;

use crate::bot::card::{self};
use crate::bot::i18n::{t, tf};
use crate::bot::views::{escape, variant_name};
use crate::bot::who::Who;
use crate::bot::{Ctx, HandlerResult};
use crate::game::ratings::RatingScope;
use crate::game::{ChatId as GameChat, Status};
use crate::rules::VariantId;

use super::{me, say};

/// `/games`: the unfinished games and open challenges of this chat.
pub async fn games(bot: &Bot, ctx: &Ctx, who: &Who) -> HandlerResult {
    let lang = who.lang;
    let games = ctx.games.in_chat(GameChat(who.chat.0)).await?;
    if games.is_empty() {
        return say(bot, who, t(lang, "games-none")).await;
    }
    let mut lines = vec![t(lang, "games-title")];
    for g in games.iter().take(30) {
        let variant = variant_name(lang, g.variant);
        let line = match g.status {
            Status::Waiting => match card::challenger(g) {
                Some((_, p)) => {
                    tf(lang, "games-open", &[("name", &crate::bot::board::player_name(lang, p)), ("variant", &variant)])
                }
                None => continue,
            },
            _ => tf(
                lang,
                "games-line",
                &[
                    ("white", &crate::bot::board::player_name(lang, &g.white)),
                    ("black", &crate::bot::board::player_name(lang, &g.black)),
                    ("variant", &variant),
                    ("n", &(g.moves.len() + 1)),
                    ("turn", &crate::bot::board::player_name(lang, g.player(g.turn))),
                ],
            ),
        };
        lines.push(line);
    }
    say(bot, who, lines.join("\n")).await
}

pub(super) fn rating_text(entry: &crate::game::ratings::RatingEntry) -> String {
    let r = entry.glicko.rating.round() as i64;
    if entry.is_provisional() { format!("{r}?") } else { r.to_string() }
}

/// `/top [variant]`: the best ratings in this group and overall.
pub async fn top(bot: &Bot, ctx: &Ctx, who: &Who, private: bool, args: &[String]) -> HandlerResult {
    let lang = who.lang;
    let variants: Vec<VariantId> = match args.first() {
        Some(word) => match word.parse::<VariantId>() {
            Ok(v) => vec![v],
            Err(_) => {
                return say(bot, who, tf(lang, "variant-unknown", &[("name", &escape(word))])).await;
            }
        },
        None => VariantId::ALL.to_vec(),
    };
    let n = if variants.len() == 1 { 10 } else { 5 };
    let mut scopes = Vec::new();
    if !private {
        scopes.push((RatingScope::Chat(GameChat(who.chat.0)), t(lang, "top-group")));
    }
    scopes.push((RatingScope::Global, t(lang, "top-global")));
    let mut sections = Vec::new();
    for (scope, title) in scopes {
        let mut lines = Vec::new();
        for variant in &variants {
            let board = ctx.games.leaderboard(scope, *variant, n).await?;
            if board.is_empty() {
                continue;
            }
            lines.push(format!("<i>{}</i>", variant_name(lang, *variant)));
            for (i, entry) in board.iter().enumerate() {
                lines.push(tf(
                    lang,
                    "top-line",
                    &[
                        ("rank", &(i + 1)),
                        ("name", &escape(&entry.name)),
                        ("rating", &rating_text(entry)),
                        ("games", &entry.games),
                    ],
                ));
            }
        }
        if !lines.is_empty() {
            sections.push(format!("<b>{title}</b>\n{}", lines.join("\n")));
        }
    }
    if sections.is_empty() {
        return say(bot, who, t(lang, "top-none")).await;
    }
    say(bot, who, sections.join("\n\n")).await
}

/// The user's ratings, for `/stats`: overall, and in this group when asked in one.
pub async fn rating_lines(ctx: &Ctx, who: &Who) -> String {
    let lang = who.lang;
    let mut out = String::new();
    let mut scopes = vec![(RatingScope::Global, t(lang, "stats-ratings"))];
    if who.chat.0 < 0 {
        scopes.push((RatingScope::Chat(GameChat(who.chat.0)), t(lang, "stats-ratings-group")));
    }
    for (scope, title) in scopes {
        let Ok(entries) = ctx.games.ratings_of(me(who), scope).await else {
            continue;
        };
        if entries.is_empty() {
            continue;
        }
        let items: Vec<String> = entries
            .iter()
            .map(|(v, e)| {
                tf(
                    lang,
                    "stats-rating",
                    &[("variant", &variant_name(lang, *v)), ("rating", &rating_text(e)), ("games", &e.games)],
                )
            })
            .collect();
        out.push_str(&format!("\n<b>{title}</b>\n{}", items.join("\n")));
    }
    out
}
