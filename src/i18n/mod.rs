//! Every text a user reads, in eight languages: the message catalogues in
//! `templates/i18n/<code>.ftl`, the plural rules they select on, and the [`Lang`] the bot, the Mini
//! App, the rules texts and the board descriptions share.
//!
//! ```
//! use damas::i18n::{Lang, tf};
//!
//! assert_eq!(Lang::from_code("pt-BR"), Some(Lang::Pt));
//! let text = tf(Lang::Ru, "limit-games-user", &[("n", &3)]);
//! assert!(text.contains('3'));
//! ```

mod catalog;
mod plural;

use std::fmt;
use std::str::FromStr;

pub(crate) use catalog::RULES_FILES;
pub use catalog::{Catalog, CatalogError, catalog, parse, t, text, tf};
pub use plural::{PluralCategory, plural_category};

/// A language damas speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Es,
    En,
    Ru,
    Pt,
    Tr,
    It,
    Fr,
    Nl,
}

/// A language code or name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language \"{0}\" (es, en, ru, pt, tr, it, fr, nl)")]
pub struct UnknownLang(pub String);

impl Lang {
    pub const ALL: [Lang; 8] = [Lang::Es, Lang::En, Lang::Ru, Lang::Pt, Lang::Tr, Lang::It, Lang::Fr, Lang::Nl];

    /// The ISO 639-1 code, also the catalogue's file name and Telegram's `language_code`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Pt => "pt",
            Lang::Tr => "tr",
            Lang::It => "it",
            Lang::Fr => "fr",
            Lang::Nl => "nl",
        }
    }

    /// The language's name in itself, for language menus.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::Es => "Español",
            Lang::En => "English",
            Lang::Ru => "Русский",
            Lang::Pt => "Português",
            Lang::Tr => "Türkçe",
            Lang::It => "Italiano",
            Lang::Fr => "Français",
            Lang::Nl => "Nederlands",
        }
    }

    /// Reads a language tag such as Telegram's `language_code` ("es-419", "pt-BR", "en_GB");
    /// `None` for languages without a catalogue, so the caller picks its own fallback. Languages
    /// whose speakers read one of ours as well are mapped to it (Catalan, Galician and Basque to
    /// Spanish, Belarusian and Kazakh to Russian, Frisian to Dutch).
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        match primary.as_str() {
            "es" | "ca" | "gl" | "eu" | "ast" => Some(Lang::Es),
            "en" => Some(Lang::En),
            "ru" | "be" | "kk" => Some(Lang::Ru),
            "pt" => Some(Lang::Pt),
            "tr" => Some(Lang::Tr),
            "it" => Some(Lang::It),
            "fr" => Some(Lang::Fr),
            "nl" | "fy" => Some(Lang::Nl),
            _ => None,
        }
    }

    /// The user's language from Telegram's `language_code`, English when it is not one of ours.
    pub fn from_telegram(code: Option<&str>) -> Lang {
        code.and_then(Lang::from_code).unwrap_or(Lang::En)
    }

    /// Reads a language a user typed: its code, its own name or its English name, any case,
    /// with or without accents ("pt", "Português", "portugues", "Russian", "русский").
    pub fn parse_word(word: &str) -> Option<Lang> {
        let word = fold(word);
        if word.len() == 2 {
            return Lang::ALL.into_iter().find(|l| l.code() == word);
        }
        let named = |lang: Lang| -> &'static [&'static str] {
            match lang {
                Lang::Es => &["espanol", "spanish", "castellano"],
                Lang::En => &["english", "ingles"],
                Lang::Ru => &["русскии", "russian", "russkii"],
                Lang::Pt => &["portugues", "portuguese"],
                Lang::Tr => &["turkce", "turkish"],
                Lang::It => &["italiano", "italian"],
                Lang::Fr => &["francais", "french"],
                Lang::Nl => &["nederlands", "dutch"],
            }
        };
        Lang::ALL.into_iter().find(|&lang| named(lang).contains(&word.as_str()) || fold(lang.native_name()) == word)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = UnknownLang;

    /// A code or a name, as [`Lang::parse_word`] reads them, or a tag as [`Lang::from_code`] does.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::parse_word(s).or_else(|| Lang::from_code(s)).ok_or_else(|| UnknownLang(s.to_owned()))
    }
}

/// The variant's display name in `lang` ("Damas rusas", "Русские шашки").
pub fn variant_name(lang: Lang, variant: crate::rules::VariantId) -> String {
    t(lang, &format!("variant-{}", variant.as_str()))
}

/// Lowercased and without diacritics, so words compare as a user would type them on any keyboard
/// ("Coronación" = "coronacion", "Türkçe" = "turkce", "bitiş" = "bitis", "ё" = "е").
pub fn fold(s: &str) -> String {
    s.trim()
        .chars()
        .flat_map(char::to_lowercase)
        // Combining marks: "İ" lowercases to "i" and a combining dot.
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' | 'ı' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            'ş' => 's',
            'ğ' => 'g',
            'ё' => 'е',
            'й' => 'и',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_from_telegram_codes() {
        assert_eq!(Lang::from_telegram(Some("es-419")), Lang::Es);
        assert_eq!(Lang::from_telegram(Some("ca")), Lang::Es);
        assert_eq!(Lang::from_telegram(Some("en-GB")), Lang::En);
        assert_eq!(Lang::from_telegram(Some("pt-br")), Lang::Pt);
        assert_eq!(Lang::from_telegram(Some("ru")), Lang::Ru);
        assert_eq!(Lang::from_telegram(Some("fy")), Lang::Nl);
        assert_eq!(Lang::from_telegram(Some("de")), Lang::En);
        assert_eq!(Lang::from_telegram(None), Lang::En);
        assert_eq!(Lang::from_code("EN_gb"), Some(Lang::En));
        assert_eq!(Lang::from_code("xx"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn language_from_typed_words() {
        assert_eq!(Lang::parse_word("Español"), Some(Lang::Es));
        assert_eq!(Lang::parse_word("portugues"), Some(Lang::Pt));
        assert_eq!(Lang::parse_word("Русский"), Some(Lang::Ru));
        assert_eq!(Lang::parse_word("TÜRKÇE"), Some(Lang::Tr));
        assert_eq!(fold("İngiliz"), "ingiliz");
        assert_eq!(Lang::parse_word("francais"), Some(Lang::Fr));
        assert_eq!(Lang::parse_word("NL"), Some(Lang::Nl));
        assert_eq!(Lang::parse_word("de"), None);
        assert_eq!(Lang::parse_word("klingon"), None);
        for lang in Lang::ALL {
            assert_eq!(Lang::parse_word(lang.code()), Some(lang));
            assert_eq!(Lang::parse_word(lang.native_name()), Some(lang));
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
        }
        assert!("de".parse::<Lang>().is_err());
    }
}
