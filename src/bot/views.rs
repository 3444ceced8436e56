//! Inline keyboards and small texts the handlers send. Menu buttons carry callback data starting
//! with `m:`; board buttons use the render module's codec.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::i18n::{Lang, t, tf};
use super::prefs::{BoardMode, Orientation, Prefs, ThemeChoice};

use crate::rulebook::Topic;
use crate::rules::{MoveError, PriorityRule, Reason, VariantId};

/// Highest engine level (easy, medium, hard, master).
pub const MAX_LEVEL: u8 = 4;

pub use crate::i18n::variant_name;

/// Escapes text for Telegram's HTML parse mode.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn button(label: impl Into<String>, data: impl Into<String>) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(label.into(), data.into())
}

/// One button per variant, two to a row, with callback data `<prefix><variant>`.
pub fn variant_menu(lang: Lang, prefix: &str) -> InlineKeyboardMarkup {
    let rows = VariantId::ALL.chunks(2).map(|pair| {
        pair.iter().map(|v| button(variant_name(lang, *v), format!("{prefix}{}", v.as_str()))).collect::<Vec<_>>()
    });
    InlineKeyboardMarkup::new(rows)
}

/// Buttons for the rules topics of a variant, leaving out the one on screen.
pub fn topic_menu(lang: Lang, variant: VariantId, current: Option<Topic>) -> InlineKeyboardMarkup {
    let buttons: Vec<_> = Topic::ALL
        .iter()
        .filter(|t| Some(**t) != current)
        .map(|topic| button(topic.name(lang), format!("m:rt:{}:{}", variant.as_str(), topic.id())))
        .collect();
    InlineKeyboardMarkup::new(buttons.chunks(3).map(<[_]>::to_vec).collect::<Vec<_>>())
}

pub fn level_menu(lang: Lang, variant: VariantId) -> InlineKeyboardMarkup {
    let variant = variant.as_str();
    let row = (1..=MAX_LEVEL)
        .map(|n| button(super::board::level_name(lang, n), format!("m:play:{variant}:{n}")))
        .collect::<Vec<_>>();
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

/// Every language by its own name, two to a row.
pub fn lang_menu() -> InlineKeyboardMarkup {
    let buttons: Vec<InlineKeyboardButton> =
        Lang::ALL.iter().map(|l| button(l.native_name(), format!("m:lang:{}", l.code()))).collect();
    InlineKeyboardMarkup::new(buttons.chunks(2).map(<[InlineKeyboardButton]>::to_vec).collect::<Vec<_>>())
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
    tf(
        lang,
        "settings-title",
        &[
            ("board", &board_label(lang, prefs.board)),
            ("orientation", &orientation_label(lang, prefs.orientation)),
            ("theme", &theme_label(lang, prefs.theme)),
        ],
    )
}

pub fn settings_menu(lang: Lang, prefs: &Prefs) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![
        vec![button(tf(lang, "settings-toggle-board", &[("value", &board_label(lang, prefs.board))]), "m:set:board")],
        vec![button(
            tf(lang, "settings-toggle-orientation", &[("value", &orientation_label(lang, prefs.orientation))]),
            "m:set:orient",
        )],
        vec![button(tf(lang, "settings-toggle-theme", &[("value", &theme_label(lang, prefs.theme))]), "m:set:theme")],
        vec![button("Español", "m:lang:es"), button("English", "m:lang:en")],
    ])
}

/// Most alternatives listed after a refused move; more would bury the reason.
pub const MAX_ALTERNATIVES: usize = 4;

/// A refused move explained in the user's language, with the legal alternatives when they are few
/// ("A capture is compulsory. Possible: 23x16 or 21x14").
pub fn explain(lang: Lang, error: &MoveError) -> String {
    let mut text = match &error.reason {
        Reason::Unreadable => t(lang, "reason-unreadable"),
        Reason::NoSuchSquare { square } => tf(lang, "reason-no-such-square", &[("square", &escape(square))]),
        Reason::NoPiece { square } => tf(lang, "reason-no-piece", &[("square", &escape(square))]),
        Reason::NotYourPiece { square } => tf(lang, "reason-not-your-piece", &[("square", &escape(square))]),
        Reason::CaptureRequired => t(lang, "reason-capture-required"),
        Reason::PriorityRequired { rule } => match rule {
            PriorityRule::MostPieces => t(lang, "reason-priority-most-pieces"),
            PriorityRule::MostKings => t(lang, "reason-priority-most-kings"),
            PriorityRule::KingCaptures => t(lang, "reason-priority-king-captures"),
            PriorityRule::KingFirst => t(lang, "reason-priority-king-first"),
            PriorityRule::MostValue => t(lang, "reason-priority-most-value"),
        },
        Reason::ManCannotCaptureKing => t(lang, "reason-man-cannot-capture-king"),
        Reason::Incomplete => t(lang, "reason-incomplete"),
        Reason::Ambiguous => t(lang, "reason-ambiguous"),
        Reason::NotLegal => t(lang, "reason-not-legal"),
        Reason::GameOver => t(lang, "reason-game-over"),
    };
    let alternatives = &error.alternatives;
    if !alternatives.is_empty() && alternatives.len() <= MAX_ALTERNATIVES {
        let or = format!(" {} ", t(lang, "reason-or"));
        let moves = alternatives.iter().map(|m| format!("<code>{}</code>", escape(m))).collect::<Vec<_>>().join(&or);
        text.push('\n');
        text.push_str(&tf(lang, "reason-alternatives", &[("moves", &moves)]));
    }
    text
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
            let menu = crate::bot::command::COMMANDS
                .iter()
                .map(|(n, _)| n)
                .chain(crate::bot::command::GROUP_COMMANDS.iter().map(|(n, _)| n));
            for command in menu {
                let en = command.name(Lang::En);
                assert!(catalog(lang).contains_key(&format!("cmd-{en}")), "cmd-{en} in {lang}");
            }
        }
    }

    #[test]
    fn callback_data_fits_telegram_limit() {
        for v in VariantId::ALL {
            for markup in [
                variant_menu(Lang::Es, "m:rules:"),
                level_menu(Lang::Es, v),
                color_menu(Lang::Es, v, MAX_LEVEL),
                topic_menu(Lang::Es, v, None),
            ] {
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
    fn refused_moves_are_explained_from_the_rules() {
        use crate::rules::Position;
        // The English start position after 11-15 24-19: Black must capture 15x24.
        let mut pos = Position::start(VariantId::English);
        for m in ["11-15", "24-19"] {
            let mv = pos.parse_move(m).unwrap();
            pos = pos.play(&mv);
        }
        let error = pos.parse_move("9-13").unwrap_err();
        assert_eq!(error.reason, Reason::CaptureRequired);
        let en = explain(Lang::En, &error);
        assert!(en.starts_with("A capture is compulsory."), "{en}");
        assert!(en.contains("<code>15x24</code>"), "{en}");
        let es = explain(Lang::Es, &error);
        assert!(es.starts_with("La captura es obligatoria.") && es.contains("Posibles"), "{es}");

        let error = pos.parse_move("hello").unwrap_err();
        assert!(explain(Lang::Es, &error).contains("no es una jugada"));
        let many =
            MoveError { reason: Reason::NotLegal, alternatives: (1..=9).map(|i| format!("{i}-{}", i + 4)).collect() };
        assert!(!explain(Lang::En, &many).contains("Possible"), "long lists are left out");
        let not_yours = MoveError { reason: Reason::NotYourPiece { square: "<22>".into() }, alternatives: vec![] };
        assert_eq!(explain(Lang::En, &not_yours), "The piece on &lt;22&gt; is not yours.");
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
