//! The bot's message catalogues, Spanish and English, in `templates/i18n/{es,en}.ftl`.
//!
//! The files use the plain subset of Fluent syntax: `key = text`, indented continuation lines,
//! `{ $name }` placeables and `#` comments. Messages need only substitution, so a small reader keeps
//! the build free of a full Fluent stack while the files stay loadable by one if that ever pays.

use std::collections::HashMap;
use std::fmt::Display;
use std::sync::LazyLock;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Es,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Es, Lang::En];

    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }

    /// The same language for the rules texts.
    pub fn book(self) -> crate::rulebook::Lang {
        match self {
            Lang::Es => crate::rulebook::Lang::Es,
            Lang::En => crate::rulebook::Lang::En,
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

const ES: &str = include_str!("../../templates/i18n/es.ftl");
const EN: &str = include_str!("../../templates/i18n/en.ftl");

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{lang}.ftl line {line}: {message}")]
pub struct CatalogError {
    pub lang: &'static str,
    pub line: usize,
    pub message: String,
}

pub type Catalog = HashMap<String, String>;

static CATALOGS: LazyLock<(Catalog, Catalog)> = LazyLock::new(|| {
    // A malformed catalogue is caught by the unit tests; at run time the bad lines are skipped.
    let es = parse("es", ES).unwrap_or_else(|(partial, _)| partial);
    let en = parse("en", EN).unwrap_or_else(|(partial, _)| partial);
    (es, en)
});

pub fn catalog(lang: Lang) -> &'static Catalog {
    match lang {
        Lang::Es => &CATALOGS.0,
        Lang::En => &CATALOGS.1,
    }
}

/// The user's language from Telegram's `language_code`: Spanish for Spanish and the other languages
/// of Spain, English for everything else.
pub fn lang_from_code(code: Option<&str>) -> Lang {
    let primary = code.unwrap_or("").split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
    match primary.as_str() {
        "es" | "ca" | "gl" | "eu" | "ast" => Lang::Es,
        _ => Lang::En,
    }
}

/// Reads a language a user typed after /lang.
pub fn parse_lang(word: &str) -> Option<Lang> {
    match word.trim().to_lowercase().as_str() {
        "es" | "español" | "espanol" | "spanish" | "castellano" => Some(Lang::Es),
        "en" | "english" | "inglés" | "ingles" => Some(Lang::En),
        _ => None,
    }
}

/// The message `key` in `lang`; the key itself when missing (a test keeps that from happening).
pub fn t(lang: Lang, key: &str) -> String {
    match catalog(lang).get(key) {
        Some(text) => text.clone(),
        None => {
            tracing::warn!(key, lang = lang.code(), "missing message");
            key.to_string()
        }
    }
}

/// The message `key` with `{ $name }` placeables filled from `args`.
pub fn tf(lang: Lang, key: &str, args: &[(&str, &(dyn Display + Sync))]) -> String {
    let template = t(lang, key);
    fill(&template, args)
}

fn fill(template: &str, args: &[(&str, &(dyn Display + Sync))]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return out;
        };
        let inner = after[..end].trim();
        match inner.strip_prefix('$').and_then(|name| args.iter().find(|(n, _)| *n == name)) {
            Some((_, value)) => out.push_str(&value.to_string()),
            None => match inner.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
                // Fluent's string literal placeable, used to write a literal brace.
                Some(literal) => out.push_str(literal),
                None => out.push_str(&rest[start..start + end + 2]),
            },
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Parses one catalogue; on errors returns what could be read together with the errors.
pub fn parse(lang: &'static str, text: &str) -> Result<Catalog, (Catalog, Vec<CatalogError>)> {
    let mut map = Catalog::new();
    let mut errors = Vec::new();
    let mut current: Option<(String, Vec<String>, usize)> = None;
    let finish = |current: &mut Option<(String, Vec<String>, usize)>, map: &mut Catalog, errors: &mut Vec<CatalogError>| {
        if let Some((key, mut lines, line)) = current.take() {
            while lines.last().is_some_and(|l| l.is_empty()) {
                lines.pop();
            }
            while lines.first().is_some_and(|l| l.is_empty()) {
                lines.remove(0);
            }
            if lines.is_empty() {
                errors.push(CatalogError { lang, line, message: format!("message `{key}` is empty") });
            } else if map.insert(key.clone(), lines.join("\n")).is_some() {
                errors.push(CatalogError { lang, line, message: format!("message `{key}` is defined twice") });
            }
        }
    };
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        if raw.starts_with(' ') || raw.starts_with('\t') {
            match current.as_mut() {
                Some((_, lines, _)) => lines.push(raw.trim().to_string()),
                None if raw.trim().is_empty() => {}
                None => errors.push(CatalogError { lang, line: number, message: "indented line outside a message".into() }),
            }
            continue;
        }
        if raw.trim().is_empty() {
            // A blank line inside a message is kept only if the message continues after it.
            if let Some((_, lines, _)) = current.as_mut() {
                lines.push(String::new());
            }
            continue;
        }
        finish(&mut current, &mut map, &mut errors);
        if raw.starts_with('#') {
            continue;
        }
        let Some((key, value)) = raw.split_once('=') else {
            errors.push(CatalogError { lang, line: number, message: "expected `key = text`".into() });
            continue;
        };
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            errors.push(CatalogError { lang, line: number, message: format!("bad message key `{key}`") });
            continue;
        }
        current = Some((key.to_string(), vec![value.trim().to_string()], number));
    }
    finish(&mut current, &mut map, &mut errors);
    if errors.is_empty() { Ok(map) } else { Err((map, errors)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn catalogues_parse_cleanly() {
        for (lang, text) in [("es", ES), ("en", EN)] {
            if let Err((_, errors)) = parse(lang, text) {
                panic!("{errors:#?}");
            }
        }
    }

    #[test]
    fn both_catalogues_have_the_same_keys() {
        let es: BTreeSet<_> = catalog(Lang::Es).keys().collect();
        let en: BTreeSet<_> = catalog(Lang::En).keys().collect();
        let only_es: Vec<_> = es.difference(&en).collect();
        let only_en: Vec<_> = en.difference(&es).collect();
        assert!(only_es.is_empty() && only_en.is_empty(), "only in es: {only_es:?}; only in en: {only_en:?}");
        assert!(es.len() > 20);
    }

    #[test]
    fn placeables_match_between_languages() {
        let names = |s: &str| -> BTreeSet<String> {
            s.split('{').skip(1).filter_map(|p| p.split('}').next()).map(|p| p.trim().to_string()).filter(|p| p.starts_with('$')).collect()
        };
        for (key, en) in catalog(Lang::En) {
            let es = &catalog(Lang::Es)[key];
            assert_eq!(names(en), names(es), "placeables of `{key}` differ");
        }
    }

    /// Every literal key passed to `t`/`tf` under src/bot exists in the catalogues.
    #[test]
    fn every_key_used_in_code_exists() {
        let mut used = BTreeSet::new();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bot");
        let mut stack = vec![dir];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let source = std::fs::read_to_string(&path).unwrap();
                // `t(<any>.lang, "key"` and `tf(<any>.lang, "key"`, whatever holds the language.
                let mut rest = source.as_str();
                while let Some(at) = rest.find("lang, \"") {
                    let before = rest[..at].trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.');
                    let after = &rest[at + "lang, \"".len()..];
                    let call = before.strip_suffix("t(").or_else(|| before.strip_suffix("tf("));
                    if call.is_some_and(|c| !c.ends_with(|x: char| x.is_ascii_alphanumeric() || x == '_'))
                        && let Some(key) = after.split('"').next()
                    {
                        used.insert(key.to_string());
                    }
                    rest = after;
                }
                for piece in source.split("key!(\"").skip(1) {
                    if let Some(key) = piece.split('"').next() {
                        used.insert(key.to_string());
                    }
                }
            }
        }
        // The handlers hold the language in `who.lang`; they must be found as well as `lang`.
        for key in ["game-resign-confirm", "no-game", "reason-capture-required", "stats"] {
            assert!(used.contains(key), "the scan missed `{key}`: {used:?}");
        }
        assert!(used.len() > 60, "the scan found too few keys: {used:?}");
        used.remove("key");
        for key in &used {
            for lang in Lang::ALL {
                assert!(catalog(lang).contains_key(key), "`{key}` is used in code but missing from {lang}.ftl");
            }
        }
    }

    #[test]
    fn parser_handles_continuations_and_errors() {
        let cat = parse("en", "# c\na = one\n  two\n\n  three\nb = x { $n } y\n").unwrap();
        assert_eq!(cat["a"], "one\ntwo\n\nthree");
        assert_eq!(fill(&cat["b"], &[("n", &5)]), "x 5 y");
        assert_eq!(fill("{ \"{\" }x", &[]), "{x");
        let (_, errors) = parse("en", "a = 1\na = 2\nnot a message\n").unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
    }

    #[test]
    fn language_choice() {
        assert_eq!(lang_from_code(Some("es-419")), Lang::Es);
        assert_eq!(lang_from_code(Some("ca")), Lang::Es);
        assert_eq!(lang_from_code(Some("en-GB")), Lang::En);
        assert_eq!(lang_from_code(Some("de")), Lang::En);
        assert_eq!(lang_from_code(None), Lang::En);
        assert_eq!(parse_lang("Español"), Some(Lang::Es));
        assert_eq!(parse_lang("fr"), None);
    }
}
