//! Rules texts for players: every variant, in English and Spanish and in the languages of the
//! people who play it, split into topics.
//!
//! The texts live in `templates/rules/<lang>/<variant>.toml` and are compiled into the binary, so a
//! lookup works from any working directory and never touches the disk. They are written in the HTML
//! subset Telegram accepts (`<b>`, `<i>`, `<code>`, `<pre>`), and each stays well under Telegram's
//! message limit so a front end can send it as one message; [`strip_html`] turns one into plain text
//! for a terminal.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::rules::VariantId;

/// Longest text (in characters, tags included) any topic may have. Telegram cuts messages at 4096
/// UTF-16 units after parsing; the margin leaves room for a header or a footer a front end adds.
pub const MAX_TEXT_CHARS: usize = 3500;

pub use crate::i18n::Lang;
use crate::i18n::{self, fold};

/// One section of a variant's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Topic {
    /// Board, setup, who starts, how men and kings move.
    Movement,
    /// Obligation, priority among captures, multiple captures, when captured pieces leave.
    Capture,
    /// Becoming a king, including in the middle of a capture.
    Promotion,
    /// How a game is won, and the draw rules.
    End,
    /// Square names and move syntax.
    Notation,
    /// Short answers to the usual questions.
    Faq,
}

impl Topic {
    pub const ALL: [Topic; 6] =
        [Topic::Movement, Topic::Capture, Topic::Promotion, Topic::End, Topic::Notation, Topic::Faq];

    /// The English name, used as the stable id (file keys, callback data, catalogue keys).
    pub fn id(self) -> &'static str {
        match self {
            Topic::Movement => "movement",
            Topic::Capture => "capture",
            Topic::Promotion => "promotion",
            Topic::End => "end",
            Topic::Notation => "notation",
            Topic::Faq => "faq",
        }
    }

    /// The word a user types for this topic in `lang`; [`Topic::from_str`] accepts it back.
    pub fn name(self, lang: Lang) -> &'static str {
        i18n::text(lang, &format!("topic-{}", self.id())).unwrap_or(self.id())
    }

    /// One line saying what the topic covers, for the overview.
    pub fn blurb(self, lang: Lang) -> &'static str {
        i18n::text(lang, &format!("topic-{}-blurb", self.id())).unwrap_or_default()
    }
}

impl fmt::Display for Topic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Topic {
    type Err = RulebookError;

    /// A topic's name in any of our languages, case-insensitive, with or without accents.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = fold(s);
        Topic::ALL
            .into_iter()
            .find(|topic| Lang::ALL.iter().any(|&lang| fold(topic.name(lang)) == word))
            .ok_or_else(|| RulebookError::UnknownTopic(s.to_owned()))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulebookError {
    #[error(
        "unknown variant \"{0}\" (known: english, spanish, international, triestine, russian, \
         brazilian, italian, turkish)"
    )]
    UnknownVariant(String),
    #[error(
        "unknown topic \"{0}\" (topics: movement, capture, promotion, end, notation, faq; \
         or their names in the other languages, such as movimiento, captura, coronación)"
    )]
    UnknownTopic(String),
    /// A compiled-in text file does not parse or is missing; only a broken build can produce this.
    #[error("the {lang} rules of {variant} are malformed: {detail}")]
    Malformed { variant: VariantId, lang: Lang, detail: String },
}

/// Anything that names a variant: a [`VariantId`], or its id or Spanish name as text
/// ("english", "inglesas", "Españolas", ...; whatever [`VariantId`] parses).
pub trait VariantKey {
    fn variant(&self) -> Result<VariantId, RulebookError>;
}

impl VariantKey for VariantId {
    fn variant(&self) -> Result<VariantId, RulebookError> {
        Ok(*self)
    }
}

impl VariantKey for str {
    fn variant(&self) -> Result<VariantId, RulebookError> {
        self.parse()
            .ok()
            .or_else(|| variant_by_word(self))
            .ok_or_else(|| RulebookError::UnknownVariant(self.to_owned()))
    }
}

/// The variant a word of its name means in any of our languages ("russe", "brasileiras",
/// "русские", "rus"): a word of at least three letters found in the names of one variant only.
pub fn variant_by_word(word: &str) -> Option<VariantId> {
    let word = fold(word);
    if word.chars().count() < 3 {
        return None;
    }
    let mut found = None;
    for variant in VariantId::ALL {
        let named = Lang::ALL.iter().any(|&lang| {
            let name = i18n::variant_name(lang, variant);
            fold(&name).split(|c: char| !c.is_alphanumeric()).any(|w| w == word)
        });
        if named {
            if found.is_some() {
                return None;
            }
            found = Some(variant);
        }
    }
    found
}

impl VariantKey for String {
    fn variant(&self) -> Result<VariantId, RulebookError> {
        self.as_str().variant()
    }
}

impl<T: VariantKey + ?Sized> VariantKey for &T {
    fn variant(&self) -> Result<VariantId, RulebookError> {
        (**self).variant()
    }
}

/// The text of one topic for one variant, in Telegram HTML: in `lang` where it has been written
/// in `lang` ([`is_translated`]), else in English.
pub fn text(variant: impl VariantKey, lang: Lang, topic: Topic) -> Result<&'static str, RulebookError> {
    Ok(sheet(&variant, lang)?.topic(topic))
}

/// The variant's display name in `lang` ("Damas inglesas (checkers)").
pub fn name(variant: impl VariantKey, lang: Lang) -> Result<&'static str, RulebookError> {
    Ok(sheet(&variant, lang)?.name.as_str())
}

/// A short summary of the variant followed by the list of topics, in Telegram HTML.
pub fn overview(variant: impl VariantKey, lang: Lang) -> Result<String, RulebookError> {
    overview_in(&SHEETS, variant.variant()?, lang)
}

fn overview_in(table: &SheetTable, id: VariantId, lang: Lang) -> Result<String, RulebookError> {
    let (sheet, found) = sheet_in(table, id, lang)?;
    let heading = i18n::t(lang, "rules-topics-heading");
    let mut out = format!("<b>{}</b>\n\n", sheet.name);
    if found != lang {
        out.push_str(&i18n::t(lang, "rules-in-english"));
        out.push_str("\n\n");
    }
    out.push_str(&format!("{}\n\n<b>{heading}</b>\n", sheet.summary.trim_end()));
    for topic in Topic::ALL {
        out.push_str(&format!("• <code>{}</code> — {}\n", topic.name(lang), topic.blurb(lang)));
    }
    Ok(out)
}

/// The fields of one `templates/rules/<lang>/<variant>.toml` file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sheet {
    name: String,
    summary: String,
    movement: String,
    capture: String,
    promotion: String,
    end: String,
    notation: String,
    faq: String,
}

impl Sheet {
    fn topic(&self, topic: Topic) -> &str {
        let text = match topic {
            Topic::Movement => &self.movement,
            Topic::Capture => &self.capture,
            Topic::Promotion => &self.promotion,
            Topic::End => &self.end,
            Topic::Notation => &self.notation,
            Topic::Faq => &self.faq,
        };
        text.trim_end()
    }
}

/// Whether the variant's rules have been written in `lang` (English and Spanish always are; a test
/// checks it). Without a text of its own, a language is answered in English.
pub fn is_translated(variant: impl VariantKey, lang: Lang) -> Result<bool, RulebookError> {
    Ok(SHEETS.contains_key(&(variant.variant()?, lang)))
}

/// The languages the variant's rules are written in.
pub fn languages(variant: impl VariantKey) -> Result<Vec<Lang>, RulebookError> {
    let id = variant.variant()?;
    Ok(Lang::ALL.into_iter().filter(|&lang| SHEETS.contains_key(&(id, lang))).collect())
}

/// The compiled-in files whose directory or name is not a language or variant of ours; empty in a
/// sound build (a test checks it).
pub fn stray_files() -> Vec<String> {
    i18n::RULES_FILES
        .iter()
        .filter(|(lang, variant, _)| {
            Lang::ALL.iter().all(|l| l.code() != *lang)
                || variant.parse::<VariantId>().map(|v| v.as_str() != *variant).unwrap_or(true)
        })
        .map(|(lang, variant, _)| format!("{lang}/{variant}.toml"))
        .collect()
}

type SheetTable = HashMap<(VariantId, Lang), Result<Sheet, String>>;

/// Parsed once on first use. A file that fails to parse is kept as its error, so one bad file costs
/// only its own lookups instead of taking the process down.
static SHEETS: LazyLock<SheetTable> = LazyLock::new(|| {
    i18n::RULES_FILES
        .iter()
        .filter_map(|&(code, id, source)| {
            let lang = Lang::ALL.into_iter().find(|l| l.code() == code)?;
            let variant = VariantId::ALL.into_iter().find(|v| v.as_str() == id)?;
            let parsed = toml::from_str::<Sheet>(source).map_err(|e| e.to_string());
            Some(((variant, lang), parsed))
        })
        .collect()
});

fn sheet(variant: &impl VariantKey, lang: Lang) -> Result<&'static Sheet, RulebookError> {
    let table: &'static SheetTable = &SHEETS;
    Ok(sheet_in(table, variant.variant()?, lang)?.0)
}

/// The variant's sheet in `lang`, or in English when `lang` has none, with the language found.
fn sheet_in(table: &SheetTable, id: VariantId, lang: Lang) -> Result<(&Sheet, Lang), RulebookError> {
    let found = table
        .get(&(id, lang))
        .map(|sheet| (sheet, lang))
        .or_else(|| table.get(&(id, Lang::En)).map(|sheet| (sheet, Lang::En)));
    match found {
        Some((Ok(sheet), found)) => Ok((sheet, found)),
        Some((Err(detail), found)) => {
            Err(RulebookError::Malformed { variant: id, lang: found, detail: detail.clone() })
        }
        None => Err(RulebookError::Malformed { variant: id, lang, detail: "no text file compiled in".to_owned() }),
    }
}

/// Tags a text may use: the part of Telegram's HTML that our texts need.
pub const ALLOWED_TAGS: [&str; 4] = ["b", "i", "code", "pre"];

/// Why a text would be rejected (or mangled) by Telegram's HTML parser. Offsets are byte offsets.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HtmlError {
    #[error("tag <{tag}> at byte {at} is not allowed (only b, i, code, pre, without attributes)")]
    TagNotAllowed { tag: String, at: usize },
    #[error("'<' at byte {at} does not start a tag; write &lt;")]
    UnterminatedTag { at: usize },
    #[error("</{found}> at byte {at} closes nothing open (expected {expected:?})")]
    Mismatched { found: String, expected: Option<String>, at: usize },
    #[error("<{tag}> is never closed")]
    Unclosed { tag: String },
    #[error("<{tag}> at byte {at} is inside <code> or <pre>, which take no markup")]
    MarkupInCode { tag: String, at: usize },
    #[error("<{tag}> at byte {at} is already open")]
    Reopened { tag: String, at: usize },
    #[error("bare '>' at byte {at}; write &gt;")]
    BareGreaterThan { at: usize },
    #[error("'&' at byte {at} does not start an entity; write &amp;")]
    BadEntity { at: usize },
}

/// Checks that `text` is HTML Telegram accepts as we intend it: only [`ALLOWED_TAGS`], no
/// attributes, properly nested and closed, nothing inside `<code>`/`<pre>`, and every `<`, `>`, `&`
/// that is not markup written as an entity.
pub fn validate_html(text: &str) -> Result<(), HtmlError> {
    let bytes = text.as_bytes();
    let mut open: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => {
                let len = text[i..]
                    .find('>')
                    .filter(|&end| !text[i + 1..i + end].contains('<'))
                    .ok_or(HtmlError::UnterminatedTag { at: i })?;
                let inner = &text[i + 1..i + len];
                let (closing, tag) = match inner.strip_prefix('/') {
                    Some(tag) => (true, tag),
                    None => (false, inner),
                };
                if !ALLOWED_TAGS.contains(&tag) {
                    return Err(HtmlError::TagNotAllowed { tag: inner.to_owned(), at: i });
                }
                if closing {
                    match open.pop() {
                        Some(top) if top == tag => {}
                        top => {
                            return Err(HtmlError::Mismatched {
                                found: tag.to_owned(),
                                expected: top.map(str::to_owned),
                                at: i,
                            });
                        }
                    }
                } else {
                    if open.iter().any(|t| *t == "code" || *t == "pre") {
                        return Err(HtmlError::MarkupInCode { tag: tag.to_owned(), at: i });
                    }
                    if open.contains(&tag) {
                        return Err(HtmlError::Reopened { tag: tag.to_owned(), at: i });
                    }
                    open.push(tag);
                }
                i += len + 1;
            }
            b'>' => return Err(HtmlError::BareGreaterThan { at: i }),
            b'&' => {
                let len = entity_len(&text[i..]).ok_or(HtmlError::BadEntity { at: i })?;
                i += len;
            }
            _ => i += 1,
        }
    }
    match open.pop() {
        Some(tag) => Err(HtmlError::Unclosed { tag: tag.to_owned() }),
        None => Ok(()),
    }
}

/// Length in bytes of the entity at the start of `s` (which starts with '&'), if it is one Telegram
/// knows: the four named ones or a numeric one.
fn entity_len(s: &str) -> Option<usize> {
    let end = s.get(1..12).unwrap_or(&s[1..]).find(';')? + 1;
    let body = &s[1..end];
    let ok = matches!(body, "lt" | "gt" | "amp" | "quot")
        || body
            .strip_prefix("#x")
            .or_else(|| body.strip_prefix("#X"))
            .is_some_and(|hex| !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()))
        || body.strip_prefix('#').is_some_and(|dec| !dec.is_empty() && dec.chars().all(|c| c.is_ascii_digit()));
    ok.then_some(end + 1)
}

/// Plain text for a terminal: tags dropped, entities decoded. Input that is not valid HTML is
/// passed through as well as possible rather than refused.
pub fn strip_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(pos) = rest.find(['<', '&']) {
        out.push_str(&rest[..pos]);
        rest = &rest[pos..];
        if rest.starts_with('<') {
            match rest.find('>') {
                Some(end) => rest = &rest[end + 1..],
                None => {
                    out.push_str(rest);
                    rest = "";
                }
            }
        } else if let Some(len) = entity_len(rest) {
            let body = &rest[1..len - 1];
            let decoded = match body {
                "lt" => Some('<'),
                "gt" => Some('>'),
                "amp" => Some('&'),
                "quot" => Some('"'),
                _ => body
                    .strip_prefix("#x")
                    .or_else(|| body.strip_prefix("#X"))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| body.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            };
            match decoded {
                Some(c) => out.push(c),
                None => out.push_str(&rest[..len]),
            }
            rest = &rest[len..];
        } else {
            out.push('&');
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topics_parse_in_every_language_with_or_without_accents() {
        for topic in Topic::ALL {
            for lang in Lang::ALL {
                assert_eq!(topic.name(lang).parse::<Topic>(), Ok(topic));
                assert_eq!(topic.name(lang).to_uppercase().parse::<Topic>(), Ok(topic));
            }
        }
        assert_eq!("coronacion".parse::<Topic>(), Ok(Topic::Promotion));
        assert_eq!("ВЗЯТИЕ".parse::<Topic>(), Ok(Topic::Capture));
        assert_eq!("promocao".parse::<Topic>(), Ok(Topic::Promotion));
        assert_eq!("bitis".parse::<Topic>(), Ok(Topic::End));
        assert_eq!(" Notación ".parse::<Topic>(), Ok(Topic::Notation));
        assert!(matches!("draws".parse::<Topic>(), Err(RulebookError::UnknownTopic(_))));
        assert!("".parse::<Topic>().is_err());
    }

    #[test]
    fn variants_resolve_from_ids_and_spanish_names() {
        assert_eq!("Españolas".variant(), Ok(VariantId::Spanish));
        assert_eq!("brasilenas".variant(), Ok(VariantId::Brazilian));
        assert_eq!(String::from("TURKISH").variant(), Ok(VariantId::Turkish));
        assert!(matches!("gothic".variant(), Err(RulebookError::UnknownVariant(_))));
        for id in VariantId::ALL {
            assert_eq!(id.as_str().variant(), Ok(id));
        }
    }

    #[test]
    fn every_variant_has_english_and_spanish_and_no_file_is_stray() {
        assert_eq!(stray_files(), Vec::<String>::new());
        for id in VariantId::ALL {
            for lang in [Lang::En, Lang::Es] {
                assert_eq!(is_translated(id, lang), Ok(true), "{id} {lang}");
            }
        }
    }

    /// Every variant is written in every language.
    #[test]
    fn every_variant_is_written_in_every_language() {
        for id in VariantId::ALL {
            assert_eq!(languages(id).unwrap(), Lang::ALL.to_vec(), "{id}");
        }
    }

    /// A language without a text of its own gets the English one, with a line saying so in the
    /// reader's language and the topic names in it.
    #[test]
    fn untranslated_texts_fall_back_to_english_and_say_so() {
        let english_only: SheetTable =
            SHEETS.iter().filter(|((_, lang), _)| *lang == Lang::En).map(|(k, v)| (*k, v.clone())).collect();
        let (sheet, found) = sheet_in(&english_only, VariantId::Russian, Lang::Ru).unwrap();
        assert_eq!(found, Lang::En);
        assert_eq!(sheet.topic(Topic::Capture), text(VariantId::Russian, Lang::En, Topic::Capture).unwrap());
        let overview = overview_in(&english_only, VariantId::Russian, Lang::Ru).unwrap();
        assert!(overview.contains(&i18n::t(Lang::Ru, "rules-in-english")), "{overview}");
        assert!(overview.contains(Topic::Capture.name(Lang::Ru)));
        let translated = overview_in(&SHEETS, VariantId::Russian, Lang::Ru).unwrap();
        assert!(!translated.contains(&i18n::t(Lang::Ru, "rules-in-english")), "{translated}");
        let empty = SheetTable::new();
        assert!(matches!(sheet_in(&empty, VariantId::Russian, Lang::Ru), Err(RulebookError::Malformed { .. })));
    }

    #[test]
    fn variants_are_found_by_a_word_of_their_name_in_any_language() {
        assert_eq!(variant_by_word("Brazilian"), Some(VariantId::Brazilian));
        assert_eq!(variant_by_word("draughts"), None, "in every name");
        assert_eq!(variant_by_word("10×10"), None);
        assert_eq!("frisian".variant(), Ok(VariantId::Frisian));
        for variant in VariantId::ALL {
            for lang in Lang::ALL {
                let name = i18n::t(lang, &format!("variant-{}", variant.as_str()));
                assert_ne!(name, format!("variant-{}", variant.as_str()));
                // Some word of every name finds its variant, so a user can type it.
                let found = name.split(|c: char| !c.is_alphanumeric()).any(|w| variant_by_word(w) == Some(variant));
                assert!(
                    found || name.split_whitespace().any(|w| w.parse::<VariantId>() == Ok(variant)),
                    "{lang}: no word of {name:?} finds {variant}"
                );
            }
        }
    }

    #[test]
    fn validator_accepts_telegram_html() {
        let ok = "<b>Bold</b> and <i>it <b>both</b></i>, <code>23x16</code>\n\
                  <pre> 1 . 2\n . 3 .</pre> 3 &lt; 4 &gt; 2 &amp; &quot;q&quot; &#8212; &#x2014;";
        assert_eq!(validate_html(ok), Ok(()));
        assert_eq!(validate_html("plain text, no markup"), Ok(()));
    }

    #[test]
    fn validator_rejects_what_telegram_would_refuse() {
        let cases = [
            ("<u>underline</u>", "TagNotAllowed"),
            ("<b class=\"x\">x</b>", "TagNotAllowed"),
            ("<br>", "TagNotAllowed"),
            ("<b>open", "Unclosed"),
            ("<b><i>x</b></i>", "Mismatched"),
            ("x</i>", "Mismatched"),
            ("<code><b>x</b></code>", "MarkupInCode"),
            ("<b><b>x</b></b>", "Reopened"),
            ("3 < 4", "UnterminatedTag"),
            ("a -> b", "BareGreaterThan"),
            ("fish & chips", "BadEntity"),
            ("&nbsp;", "BadEntity"),
            ("&#;", "BadEntity"),
        ];
        for (text, kind) in cases {
            let err = validate_html(text).expect_err(text);
            assert!(format!("{err:?}").starts_with(kind), "{text:?} gave {err:?}, expected {kind}");
        }
    }

    #[test]
    fn strip_html_drops_tags_and_decodes_entities() {
        assert_eq!(
            strip_html("<b>Capture</b>: <code>23x16</code> &amp; 3 &lt; 4 &#8212; &quot;x&quot;"),
            "Capture: 23x16 & 3 < 4 — \"x\""
        );
        assert_eq!(strip_html("&amp;lt;"), "&lt;");
        assert_eq!(strip_html("a & b"), "a & b");
        assert_eq!(strip_html("broken <b"), "broken <b");
    }
}
