//! The message catalogues, one per language, in `templates/i18n/<code>.ftl`.
//!
//! The files use a subset of Fluent syntax: `key = text`, indented continuation lines, `{ $name }`
//! placeables, select expressions on a count (`{ $n -> [one] … *[other] … }`, chosen by the
//! language's plural rules or an exact `[0]`), string literals (`{ "{" }`) and `#` comments. A
//! small reader keeps the build free of a full Fluent stack while the files stay loadable by one.

use std::collections::HashMap;
use std::fmt::Display;
use std::sync::LazyLock;

use super::{Lang, plural_category};

mod files {
    include!(concat!(env!("OUT_DIR"), "/texts.rs"));
}
pub(crate) use files::RULES_FILES;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{lang}.ftl line {line}: {message}")]
pub struct CatalogError {
    pub lang: &'static str,
    pub line: usize,
    pub message: String,
}

pub type Catalog = HashMap<String, String>;

static CATALOGS: LazyLock<HashMap<Lang, Catalog>> = LazyLock::new(|| {
    // A malformed catalogue is caught by the unit tests; at run time the bad lines are skipped.
    files::CATALOG_FILES
        .iter()
        .filter_map(|&(code, text)| {
            let lang = Lang::ALL.into_iter().find(|l| l.code() == code)?;
            Some((lang, parse(lang.code(), text).unwrap_or_else(|(partial, _)| partial)))
        })
        .collect()
});

static EMPTY: LazyLock<Catalog> = LazyLock::new(Catalog::new);

/// The catalogue of `lang` (empty if its file was not compiled in; a test keeps that from happening).
pub fn catalog(lang: Lang) -> &'static Catalog {
    CATALOGS.get(&lang).unwrap_or(&EMPTY)
}

/// The raw message `key` in `lang`, falling back to English; `None` if neither has it.
pub fn text(lang: Lang, key: &str) -> Option<&'static str> {
    catalog(lang).get(key).or_else(|| catalog(Lang::En).get(key)).map(String::as_str)
}

/// The message `key` in `lang`; the key itself when missing (a test keeps that from happening).
pub fn t(lang: Lang, key: &str) -> String {
    tf(lang, key, &[])
}

/// The message `key` with `{ $name }` placeables and select expressions filled from `args`.
pub fn tf(lang: Lang, key: &str, args: &[(&str, &(dyn Display + Sync))]) -> String {
    match text(lang, key) {
        Some(template) => fill(lang, template, args),
        None => {
            tracing::warn!(key, lang = lang.code(), "missing message");
            key.to_string()
        }
    }
}

/// The end of the placeable that opens at `open` (a `{`): the index of its matching `}`.
fn closing_brace(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_literal = false;
    for (i, c) in text[open..].char_indices() {
        match c {
            '"' if depth > 0 => in_literal = !in_literal,
            '{' if !in_literal => depth += 1,
            '}' if !in_literal => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

fn fill(lang: Lang, template: &str, args: &[(&str, &(dyn Display + Sync))]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let Some(end) = closing_brace(rest, start) else {
            out.push_str(&rest[start..]);
            return out;
        };
        let inner = rest[start + 1..end].trim();
        let arg = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string());
        if let Some((selector, variants)) = inner.split_once("->") {
            let value = selector.trim().strip_prefix('$').and_then(arg).unwrap_or_default();
            out.push_str(&fill(lang, select(lang, &value, variants), args));
        } else if let Some(value) = inner.strip_prefix('$').and_then(arg) {
            out.push_str(&value);
        } else if let Some(literal) = inner.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
            // Fluent's string literal placeable, used to write a literal brace.
            out.push_str(literal);
        } else {
            out.push_str(&rest[start..=end]);
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// One variant of a select expression: its key, whether it is the default, and its text.
fn variants(body: &str) -> Vec<(&str, bool, &str)> {
    let mut found: Vec<(&str, bool, &str)> = Vec::new();
    for line in body.lines() {
        let line = line.trim();
        let (default, head) = match line.strip_prefix('*') {
            Some(head) => (true, head),
            None => (false, line),
        };
        if let Some(key_end) = head.strip_prefix('[').and_then(|h| h.find(']')) {
            let key = head[1..=key_end].trim();
            found.push((key, default, head[key_end + 2..].trim()));
        }
    }
    found
}

/// The variant of `body` for `value`: an exact key (`[0]`, `[white]`), else the plural category
/// of a number, else the default.
fn select<'a>(lang: Lang, value: &str, body: &'a str) -> &'a str {
    let all = variants(body);
    let category = plural_category(lang, value).name();
    all.iter()
        .find(|(key, _, _)| *key == value)
        .or_else(|| all.iter().find(|(key, _, _)| *key == category))
        .or_else(|| all.iter().find(|(_, default, _)| *default))
        .map(|(_, _, text)| *text)
        .unwrap_or_default()
}

/// Parses one catalogue; on errors returns what could be read together with the errors.
pub fn parse(lang: &'static str, text: &str) -> Result<Catalog, (Catalog, Vec<CatalogError>)> {
    let mut map = Catalog::new();
    let mut errors = Vec::new();
    let mut current: Option<(String, Vec<String>, usize)> = None;
    let finish =
        |current: &mut Option<(String, Vec<String>, usize)>, map: &mut Catalog, errors: &mut Vec<CatalogError>| {
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
        // A select expression's closing brace may sit at the start of a line.
        if raw.starts_with(' ') || raw.starts_with('\t') || (raw.starts_with('}') && current.is_some()) {
            match current.as_mut() {
                Some((_, lines, _)) => lines.push(raw.trim().to_string()),
                None if raw.trim().is_empty() => {}
                None => {
                    errors.push(CatalogError { lang, line: number, message: "indented line outside a message".into() })
                }
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

    fn source(lang: Lang) -> &'static str {
        files::CATALOG_FILES.iter().find(|(code, _)| *code == lang.code()).map(|(_, text)| *text).unwrap_or_default()
    }

    #[test]
    fn every_language_has_a_catalogue_that_parses_cleanly() {
        for (code, _) in files::CATALOG_FILES {
            assert!(Lang::ALL.iter().any(|l| l.code() == *code), "templates/i18n/{code}.ftl is not a language of ours");
        }
        for lang in Lang::ALL {
            let text = source(lang);
            assert!(!text.is_empty(), "templates/i18n/{lang}.ftl is missing");
            if let Err((_, errors)) = parse(lang.code(), text) {
                panic!("{errors:#?}");
            }
        }
    }

    #[test]
    fn every_catalogue_has_the_english_keys_and_no_others() {
        let en: BTreeSet<_> = catalog(Lang::En).keys().collect();
        assert!(en.len() > 20);
        for lang in Lang::ALL {
            let other: BTreeSet<_> = catalog(lang).keys().collect();
            let missing: Vec<_> = en.difference(&other).collect();
            let extra: Vec<_> = other.difference(&en).collect();
            assert!(missing.is_empty() && extra.is_empty(), "{lang}: missing {missing:?}; not in English {extra:?}");
        }
    }

    /// The `$name`s a message uses, wherever they stand (placeables and selectors).
    fn names(s: &str) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        for piece in s.split('$').skip(1) {
            let name: String =
                piece.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect();
            found.insert(name);
        }
        found
    }

    #[test]
    fn placeables_match_between_languages() {
        for (key, en) in catalog(Lang::En) {
            for lang in Lang::ALL {
                if let Some(other) = catalog(lang).get(key) {
                    assert_eq!(names(en), names(other), "placeables of `{key}` differ in {lang}");
                }
            }
        }
    }

    /// Every select expression has one default variant and keys that are plural categories, exact
    /// numbers or plain words (`[white]`), so no value can fall through to an empty text.
    #[test]
    fn select_expressions_are_complete() {
        let categories = ["zero", "one", "two", "few", "many", "other"];
        for lang in Lang::ALL {
            for (key, text) in catalog(lang) {
                let mut rest = text.as_str();
                while let Some(open) = rest.find('{') {
                    let Some(end) = closing_brace(rest, open) else { panic!("{lang} `{key}`: unclosed brace") };
                    let inner = &rest[open + 1..end];
                    if let Some((_, body)) = inner.split_once("->") {
                        let all = variants(body);
                        assert!(
                            all.iter().filter(|(_, d, _)| *d).count() == 1,
                            "{lang} `{key}`: needs exactly one *[default]"
                        );
                        for (k, _, _) in &all {
                            let word = !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase());
                            assert!(
                                categories.contains(k) || k.parse::<u64>().is_ok() || word,
                                "{lang} `{key}`: bad variant key [{k}]"
                            );
                        }
                    }
                    rest = &rest[end + 1..];
                }
            }
        }
    }

    /// Every message renders in every language with its placeables filled: no `{`, no `$`, no key
    /// shown in place of a text, and counts from 0 to 25 all give a text.
    #[test]
    fn every_message_renders_in_every_language() {
        let values = ["Ana", "White", "23x16", "International draughts"];
        for lang in Lang::ALL {
            for (key, text) in catalog(lang) {
                let arg_names: Vec<String> = names(text).into_iter().collect();
                for n in 0..=25 {
                    let count = n.to_string();
                    let args: Vec<(&str, &(dyn Display + Sync))> = arg_names
                        .iter()
                        .enumerate()
                        .map(|(i, name)| {
                            (
                                name.as_str(),
                                if i % 2 == 0 {
                                    &count as &(dyn Display + Sync)
                                } else {
                                    &values[i % 4] as &(dyn Display + Sync)
                                },
                            )
                        })
                        .collect();
                    let out = tf(lang, key, &args);
                    assert!(!out.trim().is_empty(), "{lang} `{key}` is empty for {n}");
                    assert!(!out.contains('$') && !out.contains("->"), "{lang} `{key}` left a placeable: {out}");
                    let braces = out.matches('{').count();
                    let literal = text.matches("{ \"{\" }").count();
                    assert!(braces <= literal, "{lang} `{key}` left a brace: {out}");
                }
            }
        }
    }

    /// A catalogue other than English is a translation: most of its messages differ from English.
    #[test]
    fn catalogues_are_translated() {
        let en = catalog(Lang::En);
        for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
            let same: Vec<_> = en
                .iter()
                .filter(|(k, v)| {
                    catalog(lang).get(*k) == Some(v) && v.chars().filter(|c| c.is_alphabetic()).count() > 12
                })
                .map(|(k, _)| k)
                .collect();
            assert!(same.len() * 10 < en.len(), "{lang}: {} messages are the English text: {same:?}", same.len());
        }
    }

    /// Every literal key passed to `t`/`tf` in the sources exists in the catalogues.
    #[test]
    fn every_key_used_in_code_exists() {
        let mut used = BTreeSet::new();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
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
                    let before =
                        rest[..at].trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.');
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
        assert_eq!(fill(Lang::En, &cat["b"], &[("n", &5)]), "x 5 y");
        assert_eq!(fill(Lang::En, "{ \"{\" }x", &[]), "{x");
        let (_, errors) = parse("en", "a = 1\na = 2\nnot a message\n").unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
    }

    #[test]
    fn select_expressions_follow_each_languages_plural_rules() {
        let ru =
            parse("ru", "g = { $n ->\n    [one] { $n } партия\n    [few] { $n } партии\n   *[many] { $n } партий\n}\n")
                .unwrap();
        let form = |n: u32| fill(Lang::Ru, &ru["g"], &[("n", &n)]);
        assert_eq!(form(1), "1 партия");
        assert_eq!(form(3), "3 партии");
        assert_eq!(form(11), "11 партий");
        assert_eq!(form(22), "22 партии");
        assert_eq!(form(25), "25 партий");
        let en =
            parse("en", "g = You have { $n ->\n    [0] no games\n    [one] one game\n   *[other] { $n } games\n  }.\n")
                .unwrap();
        let form = |lang: Lang, n: u32| fill(lang, &en["g"], &[("n", &n)]);
        assert_eq!(form(Lang::En, 0), "You have no games.");
        assert_eq!(form(Lang::En, 1), "You have one game.");
        assert_eq!(form(Lang::En, 7), "You have 7 games.");
        // A selector on a word picks the exact key or the default.
        let colour = parse("es", "c = { $side ->\n [white] las blancas\n *[other] las negras\n}\n").unwrap();
        assert_eq!(fill(Lang::Es, &colour["c"], &[("side", &"white")]), "las blancas");
        assert_eq!(fill(Lang::Es, &colour["c"], &[("side", &"black")]), "las negras");
    }
}
