//! Words users type for a variant, a colour or an engine level, in any of our languages.

use super::i18n::{Lang, fold, text};
use crate::engine::Level;
use crate::rules::{Color, VariantId};

/// A variant by its id, its Spanish name, or a word of its name in any of our languages.
pub fn variant_id(word: &str) -> Option<VariantId> {
    use crate::rulebook::VariantKey;
    word.variant().ok()
}

/// Reads a colour word of /play.
pub fn parse_color(word: &str) -> Option<Option<Color>> {
    match word.trim().to_lowercase().as_str() {
        "white" | "w" | "blancas" | "blanco" | "blancos" => Some(Some(Color::White)),
        "black" | "negras" | "negro" | "negros" => Some(Some(Color::Black)),
        "random" | "any" | "azar" | "al-azar" | "cualquiera" => Some(None),
        _ => {
            // The words the buttons show, in any of our languages ("brancas", "белые", "zwart").
            let choices = [(Some(Color::White), "white"), (Some(Color::Black), "black"), (None, "random")];
            choices
                .into_iter()
                .find(|(_, key)| said(word, &[&format!("color-{key}"), &format!("app-{key}")]))
                .map(|(c, _)| c)
        }
    }
}

/// An engine level: a number, an English or Spanish word, or the level's name in any of our
/// languages ("difícil", "moeilijk", "сложный").
pub fn parse_level(word: &str) -> Option<Level> {
    word.parse::<Level>().ok().or_else(|| {
        [Level::Easy, Level::Medium, Level::Hard, Level::Master]
            .into_iter()
            .find(|level| said(word, &[&format!("level-{}", *level as u8)]))
    })
}

/// Whether `word` is the text of one of the messages `keys` in some language, case and accents aside.
fn said(word: &str, keys: &[&str]) -> bool {
    let word = fold(word);
    !word.is_empty()
        && Lang::ALL.iter().any(|&lang| keys.iter().any(|key| text(lang, key).is_some_and(|t| fold(t) == word)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::t;

    #[test]
    fn colour_words() {
        assert_eq!(parse_color("Blancas"), Some(Some(Color::White)));
        assert_eq!(parse_color("black"), Some(Some(Color::Black)));
        assert_eq!(parse_color("random"), Some(None));
        assert_eq!(parse_color("purple"), None);
        assert_eq!(parse_color("Brancas"), Some(Some(Color::White)), "pt");
        assert_eq!(parse_color(&t(Lang::Ru, "color-black")), Some(Some(Color::Black)));
        assert_eq!(parse_color(&t(Lang::Nl, "color-random").to_uppercase()), Some(None));
        for lang in Lang::ALL {
            assert_eq!(parse_color(&t(lang, "color-white")), Some(Some(Color::White)), "{lang}");
            for level in [Level::Easy, Level::Medium, Level::Hard, Level::Master] {
                assert_eq!(parse_level(&t(lang, &format!("level-{}", level as u8))), Some(level), "{lang}");
            }
        }
        assert_eq!(parse_level("3"), Some(Level::Hard));
        assert_eq!(parse_level("impossible"), None);
    }
}
