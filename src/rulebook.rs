//! Rules texts for players: every variant, in Spanish and English, split into topics.
//!
//! The texts live in `templates/rules/{es,en}/<variant>.toml` and are compiled into the binary, so a
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

/// The language of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    /// Reads a language tag such as Telegram's `language_code` ("es", "es-419", "en-GB").
    /// `None` for languages without texts, so the caller picks its own fallback.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or_default();
        match primary.to_ascii_lowercase().as_str() {
            "es" => Some(Lang::Es),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = RulebookError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::from_code(s).ok_or_else(|| RulebookError::UnknownLang(s.to_owned()))
    }
}

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
    pub const ALL: [Topic; 6] = [
        Topic::Movement,
        Topic::Capture,
        Topic::Promotion,
        Topic::End,
        Topic::Notation,
        Topic::Faq,
    ];

    /// The English name, used as the stable id (file keys, callback data).
    pub fn id(self) -> &'static str {
        self.name(Lang::En)
    }

    /// The word a user types for this topic in `lang`; [`Topic::from_str`] accepts it back.
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Topic::Movement, Lang::En) => "movement",
            (Topic::Capture, Lang::En) => "capture",
            (Topic::Promotion, Lang::En) => "promotion",
            (Topic::End, Lang::En) => "end",
            (Topic::Notation, Lang::En) => "notation",
            (Topic::Faq, Lang::En) => "faq",
            (Topic::Movement, Lang::Es) => "movimiento",
            (Topic::Capture, Lang::Es) => "captura",
            (Topic::Promotion, Lang::Es) => "coronación",
            (Topic::End, Lang::Es) => "final",
            (Topic::Notation, Lang::Es) => "notación",
            (Topic::Faq, Lang::Es) => "preguntas",
        }
    }

    /// One line saying what the topic covers, for the overview.
    pub fn blurb(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Topic::Movement, Lang::En) => "board, setup, how men and kings move",
            (Topic::Capture, Lang::En) => "obligation, which capture, multiple captures, removal",
            (Topic::Promotion, Lang::En) => "becoming a king",
            (Topic::End, Lang::En) => "how the game is won, draws",
            (Topic::Notation, Lang::En) => "square numbers and how moves are written",
            (Topic::Faq, Lang::En) => "quick answers",
            (Topic::Movement, Lang::Es) => "tablero, colocación, cómo mueven peones y damas",
            (Topic::Capture, Lang::Es) => {
                "obligación, qué captura hacer, capturas múltiples, retirada"
            }
            (Topic::Promotion, Lang::Es) => "cómo se corona un peón",
            (Topic::End, Lang::Es) => "cómo se gana, tablas",
            (Topic::Notation, Lang::Es) => "numeración de casillas y cómo se anotan las jugadas",
            (Topic::Faq, Lang::Es) => "respuestas rápidas",
        }
    }
}

impl fmt::Display for Topic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Topic {
    type Err = RulebookError;

    /// English or Spanish topic names, case-insensitive, with or without accents.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match fold(s).as_str() {
            "movement" | "movimiento" => Ok(Topic::Movement),
            "capture" | "captura" => Ok(Topic::Capture),
            "promotion" | "coronacion" => Ok(Topic::Promotion),
            "end" | "final" => Ok(Topic::End),
            "notation" | "notacion" => Ok(Topic::Notation),
            "faq" | "preguntas" => Ok(Topic::Faq),
            _ => Err(RulebookError::UnknownTopic(s.to_owned())),
        }
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
         or movimiento, captura, coronación, final, notación, preguntas)"
    )]
    UnknownTopic(String),
    #[error("unknown language \"{0}\" (es or en)")]
    UnknownLang(String),
    /// A compiled-in text file does not parse or is missing; only a broken build can produce this.
    #[error("the {lang} rules of {variant} are malformed: {detail}")]
    Malformed {
        variant: VariantId,
        lang: Lang,
        detail: String,
    },
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
            .map_err(|_| RulebookError::UnknownVariant(self.to_owned()))
    }
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

/// The text of one topic for one variant, in Telegram HTML.
pub fn text(
    variant: impl VariantKey,
    lang: Lang,
    topic: Topic,
) -> Result<&'static str, RulebookError> {
    Ok(sheet(&variant, lang)?.topic(topic))
}

/// The variant's display name in `lang` ("Damas inglesas (checkers)").
pub fn name(variant: impl VariantKey, lang: Lang) -> Result<&'static str, RulebookError> {
    Ok(sheet(&variant, lang)?.name.as_str())
}

/// A short summary of the variant followed by the list of topics, in Telegram HTML.
pub fn overview(variant: impl VariantKey, lang: Lang) -> Result<String, RulebookError> {
    let sheet = sheet(&variant, lang)?;
    let heading = match lang {
        Lang::Es => "Temas",
        Lang::En => "Topics",
    };
    let mut out = format!(
        "<b>{}</b>\n\n{}\n\n<b>{heading}</b>\n",
        sheet.name,
        sheet.summary.trim_end()
    );
    for topic in Topic::ALL {
        out.push_str(&format!(
            "• <code>{}</code> — {}\n",
            topic.name(lang),
            topic.blurb(lang)
        ));
    }
    Ok(out)
}

/// The fields of one `templates/rules/<lang>/<variant>.toml` file.
#[derive(Debug, Deserialize)]
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

macro_rules! sources {
    ($($variant:ident => $file:literal),* $(,)?) => {
        [$(
            (VariantId::$variant, Lang::Es, include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"), "/templates/rules/es/", $file, ".toml"))),
            (VariantId::$variant, Lang::En, include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"), "/templates/rules/en/", $file, ".toml"))),
        )*]
    };
}

/// Every text file, compiled in; a test checks that each variant has both languages.
const SOURCES: [(VariantId, Lang, &str); 2 * VariantId::COUNT] = sources!(
    English => "english",
    Spanish => "spanish",
    International => "international",
    Triestine => "triestine",
    Russian => "russian",
    Brazilian => "brazilian",
    Italian => "italian",
    Turkish => "turkish",
    Pool => "pool",
    Czech => "czech",
    Thai => "thai",
    Frisian => "frisian",
    Canadian => "canadian",
    Antidraughts => "antidraughts",
);

type SheetTable = HashMap<(VariantId, Lang), Result<Sheet, String>>;

/// Parsed once on first use. A file that fails to parse is kept as its error, so one bad file costs
/// only its own lookups instead of taking the process down.
static SHEETS: LazyLock<SheetTable> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|&(variant, lang, source)| {
            let parsed = toml::from_str::<Sheet>(source).map_err(|e| e.to_string());
            ((variant, lang), parsed)
        })
        .collect()
});

fn sheet(variant: &impl VariantKey, lang: Lang) -> Result<&'static Sheet, RulebookError> {
    let id = variant.variant()?;
    let table: &'static SheetTable = &SHEETS;
    match table.get(&(id, lang)) {
        Some(Ok(sheet)) => Ok(sheet),
        Some(Err(detail)) => Err(RulebookError::Malformed {
            variant: id,
            lang,
            detail: detail.clone(),
        }),
        None => Err(RulebookError::Malformed {
            variant: id,
            lang,
            detail: "no text file compiled in".to_owned(),
        }),
    }
}

/// Lowercases and drops the Spanish accents, so "Coronación" and "coronacion" compare equal.
fn fold(s: &str) -> String {
    s.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' | 'ü' => 'u',
            'ñ' => 'n',
            other => other,
        })
        .collect()
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
    Mismatched {
        found: String,
        expected: Option<String>,
        at: usize,
    },
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
                    return Err(HtmlError::TagNotAllowed {
                        tag: inner.to_owned(),
                        at: i,
                    });
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
                        return Err(HtmlError::MarkupInCode {
                            tag: tag.to_owned(),
                            at: i,
                        });
                    }
                    if open.contains(&tag) {
                        return Err(HtmlError::Reopened {
                            tag: tag.to_owned(),
                            at: i,
                        });
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
        Some(tag) => Err(HtmlError::Unclosed {
            tag: tag.to_owned(),
        }),
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
        || body
            .strip_prefix('#')
            .is_some_and(|dec| !dec.is_empty() && dec.chars().all(|c| c.is_ascii_digit()));
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
    fn topics_parse_in_both_languages_with_or_without_accents() {
        for topic in Topic::ALL {
            for lang in Lang::ALL {
                assert_eq!(topic.name(lang).parse::<Topic>(), Ok(topic));
                assert_eq!(topic.name(lang).to_uppercase().parse::<Topic>(), Ok(topic));
            }
        }
        assert_eq!("coronacion".parse::<Topic>(), Ok(Topic::Promotion));
        assert_eq!(" Notación ".parse::<Topic>(), Ok(Topic::Notation));
        assert!(matches!(
            "draws".parse::<Topic>(),
            Err(RulebookError::UnknownTopic(_))
        ));
        assert!("".parse::<Topic>().is_err());
    }

    #[test]
    fn languages_parse_from_telegram_codes() {
        assert_eq!(Lang::from_code("es-419"), Some(Lang::Es));
        assert_eq!(Lang::from_code("EN_gb"), Some(Lang::En));
        assert_eq!(Lang::from_code("pt-BR"), None);
        assert_eq!(Lang::from_code(""), None);
        assert!("fr".parse::<Lang>().is_err());
    }

    #[test]
    fn variants_resolve_from_ids_and_spanish_names() {
        assert_eq!("Españolas".variant(), Ok(VariantId::Spanish));
        assert_eq!("brasilenas".variant(), Ok(VariantId::Brazilian));
        assert_eq!(String::from("TURKISH").variant(), Ok(VariantId::Turkish));
        assert!(matches!(
            "gothic".variant(),
            Err(RulebookError::UnknownVariant(_))
        ));
        for id in VariantId::ALL {
            assert_eq!(id.as_str().variant(), Ok(id));
        }
    }

    #[test]
    fn every_variant_has_one_file_per_language_named_after_its_id() {
        for id in VariantId::ALL {
            for lang in Lang::ALL {
                let count = SOURCES
                    .iter()
                    .filter(|(v, l, _)| *v == id && *l == lang)
                    .count();
                assert_eq!(count, 1, "{id} {lang}");
            }
        }
        assert_eq!(SOURCES.len(), VariantId::ALL.len() * Lang::ALL.len());
        // The file names are the ids, so the templates directory reads like the CLI.
        for id in VariantId::ALL {
            let path = format!(
                "{}/templates/rules/en/{}.toml",
                env!("CARGO_MANIFEST_DIR"),
                id.as_str()
            );
            assert!(std::path::Path::new(&path).exists(), "{path}");
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
            assert!(
                format!("{err:?}").starts_with(kind),
                "{text:?} gave {err:?}, expected {kind}"
            );
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
