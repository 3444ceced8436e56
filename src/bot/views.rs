//! Inline keyboards and small texts the handlers send. Menu buttons carry callback data starting
//! with `m:`; board buttons use the render module's codec.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::i18n::{Lang, t, tf};
use super::prefs::{BoardMode, Orientation, Prefs, ThemeChoice};

use crate::rules::VariantId;
use crate::rulebook::Topic;

/// Highest engine level offered in the menus.
pub const MAX_LEVEL: u8 = 5;

/// The variant's display name in `lang`.
pub fn variant_name(lang: Lang, variant: VariantId) -> String {
    t(lang, &format!("variant-{}", variant.as_str()))
}

/// Escapes text for Telegram's HTML parse mode.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn button(label: impl Into<String>, data: impl Into<String>) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(label.into(), data.into())
}

/// One button per variant, two to a row, with callback data `<prefix><variant>`.
pub fn variant_menu(lang: Lang, prefix: &str) -> InlineKeyboardMarkup {
    let rows = VariantId::ALL
        .chunks(2)
        .map(|pair| pair.iter().map(|v| button(variant_name(lang, *v), format!("{prefix}{}", v.as_str()))).collect::<Vec<_>>());
    InlineKeyboardMarkup::new(rows)
}

/// Buttons for the rules topics of a variant, leaving out the one on screen.
pub fn topic_menu(lang: Lang, variant: VariantId, current: Option<Topic>) -> InlineKeyboardMarkup {
    let buttons: Vec<_> = Topic::ALL
        .iter()
        .filter(|t| Some(**t) != current)
        .map(|topic| button(topic.name(lang.book()), format!("m:rt:{}:{}", variant.as_str(), topic.id())))
        .collect();
    InlineKeyboardMarkup::new(buttons.chunks(3).map(<[_]>::to_vec).collect::<Vec<_>>())
}

pub fn level_menu(lang: Lang, variant: VariantId) -> InlineKeyboardMarkup {
    let variant = variant.as_str();
    let row = (1..=MAX_LEVEL).map(|n| button(n.to_string(), format!("m:play:{variant}:{n}"))).collect::<Vec<_>>();
    let _ = lang;
    InlineKeyboardMarkup::new(vec![row])
}

pub fn color_menu(lang: Lang, variant: VariantId, level: u8) -> InlineKeyboardMarkup {
    let variant = variant.as_str();
    let row = [("white", "color-white"), ("black", "color-black"), ("random", "color-random")]
        .iter()
        .map(|(c, key)| button(t(lang, key), format!("m:play:{variant}:{level}:{c}")))
        .collect::<Vec<_>>();
    InlineKeyboardMarkup::new(vec![row])
}

pub fn lang_menu() -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![button("Español", "m:lang:es"), button("English", "m:lang:en")]])
}

fn board_label(lang: Lang, mode: BoardMode) -> String {
    match mode {
        BoardMode::Image => t(lang, "settings-board-image"),
        BoardMode::Buttons => t(lang, "settings-board-buttons"),
    }
}

fn orientation_label(lang: Lang, o: Orientation) -> String {
    match o {
        Orientation::Auto => t(lang, "settings-orientation-auto"),
        Orientation::White => t(lang, "settings-orientation-white"),
    }
}

fn theme_label(lang: Lang, theme: ThemeChoice) -> String {
    match theme {
        ThemeChoice::Classic => t(lang, "settings-theme-classic"),
        ThemeChoice::Wood => t(lang, "settings-theme-wood"),
        ThemeChoice::Contrast => t(lang, "settings-theme-contrast"),
    }
}

pub fn settings_text(lang: Lang, prefs: &Prefs) -> String {
    tf(lang, "settings-title", &[
        ("board", &board_label(lang, prefs.board)),
        ("orientation", &orientation_label(lang, prefs.orientation)),
        ("theme", &theme_label(lang, prefs.theme)),
    ])
}

pub fn settings_menu(lang: Lang, prefs: &Prefs) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![
        vec![button(tf(lang, "settings-toggle-board", &[("value", &board_label(lang, prefs.board))]), "m:set:board")],
        vec![button(tf(lang, "settings-toggle-orientation", &[("value", &orientation_label(lang, prefs.orientation))]), "m:set:orient")],
        vec![button(tf(lang, "settings-toggle-theme", &[("value", &theme_label(lang, prefs.theme))]), "m:set:theme")],
        vec![button("Español", "m:lang:es"), button("English", "m:lang:en")],
    ])
}

/// The next value of a setting when its button is tapped.
pub fn cycle(prefs: &mut Prefs, which: &str) -> bool {
    match which {
        "board" => {
            prefs.board = match prefs.board {
                BoardMode::Image => BoardMode::Buttons,
                BoardMode::Buttons => BoardMode::Image,
            }
        }
        "orient" => {
            prefs.orientation = match prefs.orientation {
                Orientation::Auto => Orientation::White,
                Orientation::White => Orientation::Auto,
            }
        }
        "theme" => {
            prefs.theme = match prefs.theme {
                ThemeChoice::Classic => ThemeChoice::Wood,
                ThemeChoice::Wood => ThemeChoice::Contrast,
                ThemeChoice::Contrast => ThemeChoice::Classic,
            }
        }
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::i18n::catalog;

    #[test]
    fn dynamic_keys_exist() {
        for lang in Lang::ALL {
            for v in VariantId::ALL {
                assert!(catalog(lang).contains_key(&format!("variant-{}", v.as_str())), "variant-{v} in {lang}");
            }
            for (en, _, _) in crate::bot::command::COMMANDS {
                assert!(catalog(lang).contains_key(&format!("cmd-{en}")), "cmd-{en} in {lang}");
            }
        }
    }

    #[test]
    fn callback_data_fits_telegram_limit() {
        for v in VariantId::ALL {
            for markup in [variant_menu(Lang::Es, "m:rules:"), level_menu(Lang::Es, v), color_menu(Lang::Es, v, MAX_LEVEL), topic_menu(Lang::Es, v, None)] {
                let json = serde_json::to_value(&markup).unwrap();
                for row in json["inline_keyboard"].as_array().unwrap() {
                    for b in row.as_array().unwrap() {
                        assert!(b["callback_data"].as_str().unwrap().len() <= 64);
                    }
                }
            }
        }
    }

    #[test]
    fn settings_cycle_round_trips() {
        let mut p = Prefs::default();
        for _ in 0..3 {
            assert!(cycle(&mut p, "theme"));
        }
        assert_eq!(p.theme, ThemeChoice::Classic);
        assert!(cycle(&mut p, "board"));
        assert_eq!(p.board, BoardMode::Buttons);
        assert!(!cycle(&mut p, "nope"));
    }
}
