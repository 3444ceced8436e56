//! The rules texts: complete, sendable to Telegram, and saying what each variant's rules say.

use std::process::Command;

use damas::rulebook::{
    self, Lang, MAX_TEXT_CHARS, RulebookError, Topic, VARIANTS, strip_html, validate_html,
};

fn text(variant: &str, lang: Lang, topic: Topic) -> &'static str {
    rulebook::text(variant, lang, topic).unwrap_or_else(|e| panic!("{variant} {lang} {topic}: {e}"))
}

/// Plain text, lowercased, for content checks that should not depend on markup or case.
fn plain(variant: &str, lang: Lang, topic: Topic) -> String {
    strip_html(text(variant, lang, topic)).to_lowercase()
}

fn all_plain(variant: &str, lang: Lang) -> String {
    Topic::ALL
        .iter()
        .map(|&t| plain(variant, lang, t))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_variant_language_and_topic_has_a_sendable_text() {
    for variant in VARIANTS {
        for lang in Lang::ALL {
            for topic in Topic::ALL {
                let t = text(variant, lang, topic);
                let chars = t.chars().count();
                assert!(
                    chars > 200,
                    "{variant} {lang} {topic} is too short ({chars})"
                );
                assert!(
                    chars < MAX_TEXT_CHARS,
                    "{variant} {lang} {topic} has {chars} characters, limit {MAX_TEXT_CHARS}"
                );
                if let Err(e) = validate_html(t) {
                    panic!("{variant} {lang} {topic}: {e}");
                }
                assert!(
                    t.starts_with("<b>"),
                    "{variant} {lang} {topic} should open with a bold title"
                );
            }
            let overview = rulebook::overview(variant, lang).expect("overview");
            assert!(overview.chars().count() < MAX_TEXT_CHARS);
            assert_eq!(
                validate_html(&overview),
                Ok(()),
                "{variant} {lang} overview"
            );
            for topic in Topic::ALL {
                assert!(
                    overview.contains(&format!("<code>{}</code>", topic.name(lang))),
                    "{variant} {lang} overview lacks {topic}"
                );
            }
        }
    }
}

#[test]
fn spanish_and_english_cover_the_same_topics_with_the_same_structure() {
    for variant in VARIANTS {
        for topic in Topic::ALL {
            let es = text(variant, Lang::Es, topic);
            let en = text(variant, Lang::En, topic);
            // Same sections and the same diagrams and move examples in both languages.
            assert_eq!(
                es.matches("<b>").count(),
                en.matches("<b>").count(),
                "{variant} {topic}: bold sections differ between es and en"
            );
            let codes = |t: &str| -> Vec<String> {
                t.split("<code>")
                    .skip(1)
                    .filter_map(|s| s.split("</code>").next())
                    .filter(|c| c.chars().any(|ch| ch.is_ascii_digit()))
                    .map(str::to_owned)
                    .collect()
            };
            assert_eq!(
                codes(es),
                codes(en),
                "{variant} {topic}: move examples differ"
            );
            let pre = |t: &str| {
                t.split("<pre>")
                    .nth(1)
                    .and_then(|s| s.split("</pre>").next())
                    .map(str::to_owned)
            };
            assert_eq!(pre(es), pre(en), "{variant} {topic}: diagrams differ");
        }
    }
}

#[test]
fn names_differ_by_language_and_variant() {
    let mut seen = std::collections::HashSet::new();
    for variant in VARIANTS {
        for lang in Lang::ALL {
            let name = rulebook::name(variant, lang).expect("name");
            assert!(seen.insert(name), "duplicate name {name}");
        }
    }
}

#[test]
fn lookups_accept_spanish_names_and_report_unknown_ones() {
    assert_eq!(
        rulebook::text("Italianas", Lang::Es, Topic::Faq),
        rulebook::text("italian", Lang::Es, Topic::Faq)
    );
    assert!(matches!(
        rulebook::text("checkers-9x9", Lang::En, Topic::Faq),
        Err(RulebookError::UnknownVariant(_))
    ));
    assert!(matches!(
        rulebook::overview("", Lang::En),
        Err(RulebookError::UnknownVariant(_))
    ));
}

#[test]
fn english_black_moves_first_and_choice_is_free() {
    let en = plain("english", Lang::En, Topic::Faq);
    assert!(en.contains("who starts?\nblack"), "{en}");
    let es = plain("english", Lang::Es, Topic::Faq);
    assert!(es.contains("¿quién empieza?\nlas negras"), "{es}");
    for lang in Lang::ALL {
        let capture = plain("english", lang, Topic::Capture);
        assert!(
            capture.contains("no hierarchy") || capture.contains("no hay jerarquía"),
            "{capture}"
        );
        let end = plain("english", lang, Topic::End);
        assert!(
            end.contains("40"),
            "english {lang} end lacks the 40-move rule"
        );
    }
}

#[test]
fn white_moves_first_everywhere_but_english() {
    for variant in VARIANTS.iter().filter(|v| **v != "english") {
        let en = plain(variant, Lang::En, Topic::Faq);
        assert!(en.contains("who starts?\nwhite"), "{variant}: {en}");
        let es = plain(variant, Lang::Es, Topic::Faq);
        assert!(
            es.contains("¿quién empieza?\nlas blancas"),
            "{variant}: {es}"
        );
    }
}

#[test]
fn italian_and_triestine_men_cannot_capture_kings() {
    for variant in ["italian", "triestine"] {
        let en = plain(variant, Lang::En, Topic::Capture);
        assert!(
            en.contains("a man cannot capture a king"),
            "{variant}: {en}"
        );
        let es = plain(variant, Lang::Es, Topic::Capture);
        assert!(
            es.contains("el peón no puede capturar una dama"),
            "{variant}: {es}"
        );
    }
    // Where men may take kings, the texts must not claim otherwise.
    for variant in [
        "english",
        "spanish",
        "international",
        "russian",
        "brazilian",
        "turkish",
    ] {
        let en = all_plain(variant, Lang::En);
        assert!(!en.contains("cannot capture a king"), "{variant}");
    }
}

#[test]
fn international_and_brazilian_require_majority_capture() {
    for variant in ["international", "brazilian"] {
        let en = plain(variant, Lang::En, Topic::Capture);
        assert!(en.contains("majority rule"), "{variant}: {en}");
        assert!(en.contains("largest number of pieces"), "{variant}");
        let es = plain(variant, Lang::Es, Topic::Capture);
        assert!(es.contains("ley de la mayoría"), "{variant}: {es}");
    }
    let end = plain("international", Lang::En, Topic::End);
    for rule in [
        "threefold",
        "25 moves each",
        "16 moves each",
        "5 moves each",
    ] {
        assert!(end.contains(rule), "international end lacks {rule:?}");
    }
}

#[test]
fn russian_and_english_have_free_choice_not_majority() {
    for variant in ["russian", "english"] {
        let en = plain(variant, Lang::En, Topic::Capture);
        assert!(
            !en.contains("majority rule") || en.contains("no majority rule"),
            "{variant}"
        );
        assert!(en.contains("your choice"), "{variant}: {en}");
    }
}

#[test]
fn triestine_is_10x10_with_its_own_numbering() {
    for lang in Lang::ALL {
        let summary = rulebook::overview("triestine", lang).expect("overview");
        assert!(summary.contains("10×10"), "{summary}");
        let movement = plain("triestine", lang, Topic::Movement);
        assert!(movement.contains("10×10"));
        assert!(
            movement.contains("31–50"),
            "white starts on 31-50: {movement}"
        );
        let notation = text("triestine", lang, Topic::Notation);
        // Square 1 is the top-left corner seen by White; 46 is b1, not a1.
        assert!(notation.contains("<pre>\n 1  .  2"), "{notation}");
        assert!(notation.contains(" . 46  . 47"), "{notation}");
        let capture = plain("triestine", lang, Topic::Capture);
        assert!(capture.contains('4'), "four hierarchy criteria");
    }
}

#[test]
fn promotion_during_capture_differs_by_variant() {
    // Stops: English, Spanish, Italian, Triestine. Continues as king: Russian. Stays a man: International.
    for variant in ["english", "spanish", "italian", "triestine"] {
        let en = plain(variant, Lang::En, Topic::Promotion);
        assert!(
            en.contains("move ends there") || en.contains("move ends on the spot"),
            "{variant}: {en}"
        );
    }
    let russian = plain("russian", Lang::En, Topic::Promotion);
    assert!(russian.contains("immediately") && russian.contains("as a flying king"));
    for variant in ["international", "brazilian"] {
        let en = plain(variant, Lang::En, Topic::Promotion);
        assert!(en.contains("remains a man"), "{variant}: {en}");
    }
}

#[test]
fn turkish_is_orthogonal_with_immediate_removal() {
    let en = all_plain("turkish", Lang::En);
    assert!(en.contains("all 64 squares"));
    assert!(en.contains("16 each"));
    assert!(en.contains("180°"));
    assert!(en.contains("as soon as it is jumped"));
    let es = all_plain("turkish", Lang::Es);
    assert!(es.contains("las 64 casillas"));
    assert!(es.contains("180°"));
}

#[test]
fn the_soplo_is_explained_and_never_applied() {
    for variant in VARIANTS {
        let en = plain(variant, Lang::En, Topic::Faq);
        assert!(en.contains("soplo"), "{variant} en");
        assert!(
            en.contains("refused"),
            "{variant} en: illegal moves are refused"
        );
        let es = plain(variant, Lang::Es, Topic::Faq);
        assert!(es.contains("soplo"), "{variant} es");
        assert!(es.contains("se rechaza"), "{variant} es");
    }
    // Spanish draughts: the seed describes the soplo as the opponent's option.
    let es = plain("spanish", Lang::Es, Topic::Faq);
    assert!(es.contains("opcional"), "{es}");
}

#[test]
fn diagrams_match_the_numbering_of_each_variant() {
    // The bottom-left corner seen by White: a playing square in English (29) and International (46),
    // not in Italian or Spanish, whose first square is at the top left / bottom right respectively.
    let last_line = |variant: &str| -> String {
        let t = text(variant, Lang::En, Topic::Notation);
        let pre = t
            .split("<pre>")
            .nth(1)
            .and_then(|s| s.split("</pre>").next())
            .unwrap_or("");
        pre.trim_end().lines().last().unwrap_or("").to_owned()
    };
    assert!(last_line("english").starts_with("29"));
    assert!(last_line("international").starts_with("46"));
    assert!(last_line("italian").starts_with(" . 29"));
    assert!(last_line("spanish").ends_with(" 1"));
    assert!(last_line("triestine").ends_with("50"));
}

#[test]
fn cli_prints_plain_text_from_any_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["rules", "english", "--lang", "en", "--topic", "faq"])
        .current_dir(dir.path())
        .output()
        .expect("run damas");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Who starts?\nBlack"), "{stdout}");
    assert!(!stdout.contains("<b>"), "tags should be stripped: {stdout}");

    let html = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["rules", "internacionales", "--topic", "captura", "--html"])
        .output()
        .expect("run damas");
    assert!(html.status.success());
    let html = String::from_utf8_lossy(&html.stdout);
    assert!(
        html.contains("<b>Captura — damas internacionales</b>"),
        "{html}"
    );

    let bad = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["rules", "english", "--topic", "tactics"])
        .output()
        .expect("run damas");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown topic"));
}
