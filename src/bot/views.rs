//! Inline keyboards and small texts the handlers send. Menu buttons carry [`Menu`] callback data.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::{Callback, Menu, Setting};
use super::i18n::{Lang, t, tf};
use super::prefs::{BoardMode, Orientation, Prefs, ThemeChoice};

use crate::engine::Level;
use crate::rulebook::Topic;
use crate::rules::{Color, MoveError, PriorityRule, Reason, VariantId};

/// Highest engine level (easy, medium, hard, master).
pub const MAX_LEVEL: u8 = 4;

pub use crate::i18n::variant_name;

/// Escapes text for Telegram's HTML parse mode.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn button(label: impl Into<String>, menu: Menu) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(label.into(), Callback::Menu(menu).encode())
}

/// One button per variant, two to a row, each with the menu `choice` makes of its variant.
pub fn variant_menu(lang: Lang, choice: fn(VariantId) -> Menu) -> InlineKeyboardMarkup {
    let rows = VariantId::ALL
        .chunks(2)
        .map(|pair| pair.iter().map(|v| button(variant_name(lang, *v), choice(*v))).collect::<Vec<_>>());
    InlineKeyboardMarkup::new(rows)
}

/// Buttons for the rules topics of a variant, leaving out the one on screen.
pub fn topic_menu(lang: Lang, variant: VariantId, current: Option<Topic>) -> InlineKeyboardMarkup {
    let buttons: Vec<_> = Topic::ALL
        .iter()
        .filter(|t| Some(**t) != current)
        .map(|topic| button(topic.name(lang), Menu::Topic(variant, *topic)))
        .collect();
    InlineKeyboardMarkup::new(buttons.chunks(3).map(<[_]>::to_vec).collect::<Vec<_>>())
}

pub fn level_menu(lang: Lang, variant: VariantId) -> InlineKeyboardMarkup {
    let row = Level::ALL
        .into_iter()
        .map(|level| button(level_name(lang, level as u8), Menu::PlayLevel(variant, level)))
        .collect::<Vec<_>>();
    InlineKeyboardMarkup::new(vec![row])
}

pub fn color_menu(lang: Lang, variant: VariantId, level: Level) -> InlineKeyboardMarkup {
    let row = [(Some(Color::White), "color-white"), (Some(Color::Black), "color-black"), (None, "color-random")]
        .into_iter()
        .map(|(color, key)| button(t(lang, key), Menu::Play(variant, level, color)))
        .collect::<Vec<_>>();
    InlineKeyboardMarkup::new(vec![row])
}

/// Every language by its own name, two to a row.
pub fn lang_menu() -> InlineKeyboardMarkup {
    let buttons: Vec<InlineKeyboardButton> =
        Lang::ALL.iter().map(|l| button(l.native_name(), Menu::Lang(*l))).collect();
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
        vec![button(
            tf(lang, "settings-toggle-board", &[("value", &board_label(lang, prefs.board))]),
            Menu::Setting(Setting::Board),
        )],
        vec![button(
            tf(lang, "settings-toggle-orientation", &[("value", &orientation_label(lang, prefs.orientation))]),
            Menu::Setting(Setting::Orientation),
        )],
        vec![button(
            tf(lang, "settings-toggle-theme", &[("value", &theme_label(lang, prefs.theme))]),
            Menu::Setting(Setting::Theme),
        )],
        vec![button("Español", Menu::Lang(Lang::Es)), button("English", Menu::Lang(Lang::En))],
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
pub fn cycle(prefs: &mut Prefs, setting: Setting) {
    match setting {
        Setting::Board => {
            prefs.board = match prefs.board {
                BoardMode::Image => BoardMode::Buttons,
                BoardMode::Buttons => BoardMode::Image,
            }
        }
        Setting::Orientation => {
            prefs.orientation = match prefs.orientation {
                Orientation::Auto => Orientation::White,
                Orientation::White => Orientation::Auto,
            }
        }
        Setting::Theme => {
            prefs.theme = match prefs.theme {
                ThemeChoice::Classic => ThemeChoice::Wood,
                ThemeChoice::Wood => ThemeChoice::Contrast,
                ThemeChoice::Contrast => ThemeChoice::Classic,
            }
        }
    }
}

/// The engine level's name ("easy", "fácil"...).
pub fn level_name(lang: Lang, level: u8) -> String {
    t(lang, &format!("level-{}", level.clamp(1, 4)))
}

pub fn color_name(lang: Lang, color: Color) -> String {
    match color {
        Color::White => t(lang, "color-white"),
        Color::Black => t(lang, "color-black"),
    }
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
                variant_menu(Lang::Es, Menu::Rules),
                level_menu(Lang::Es, v),
                color_menu(Lang::Es, v, Level::Master),
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
            cycle(&mut p, Setting::Theme);
        }
        assert_eq!(p.theme, ThemeChoice::Classic);
        cycle(&mut p, Setting::Board);
        assert_eq!(p.board, BoardMode::Buttons);
    }
}
