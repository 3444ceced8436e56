//! The rules texts: complete, sendable to Telegram, and saying what each variant's rules say.
//! Where the rules module defines a fact (who starts, how many pieces, the capture priority, the
//! draw rules, ...), the texts are checked against that definition, so the two cannot drift apart.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::process::Command;

use damas::rulebook::{self, Lang, MAX_TEXT_CHARS, RulebookError, Topic, strip_html, validate_html};
use damas::rules::{
    CapturePriority, Color, DrawRule, KingRange, Position, PromotionInCapture, Removal, Role, VariantId,
};

fn text(variant: VariantId, lang: Lang, topic: Topic) -> &'static str {
    rulebook::text(variant, lang, topic).unwrap_or_else(|e| panic!("{variant} {lang} {topic}: {e}"))
}

/// Plain text, lowercased, for content checks that should not depend on markup or case.
fn plain(variant: VariantId, lang: Lang, topic: Topic) -> String {
    strip_html(text(variant, lang, topic)).to_lowercase()
}

fn all_plain(variant: VariantId, lang: Lang) -> String {
    Topic::ALL.iter().map(|&t| plain(variant, lang, t)).collect::<Vec<_>>().join("\n")
}

/// The answer under a FAQ question: the line after the one that starts with `question`.
fn faq_answer(variant: VariantId, lang: Lang, question: &str) -> String {
    let faq = plain(variant, lang, Topic::Faq);
    let mut lines = faq.lines();
    lines
        .by_ref()
        .find(|l| l.starts_with(question))
        .unwrap_or_else(|| panic!("{variant} {lang}: no question {question:?}"));
    lines.next().unwrap_or_default().to_owned()
}

#[test]
fn every_variant_language_and_topic_has_a_sendable_text() {
    for variant in VariantId::ALL {
        for lang in Lang::ALL {
            for topic in Topic::ALL {
                let t = text(variant, lang, topic);
                let chars = t.chars().count();
                assert!(chars > 200, "{variant} {lang} {topic} is too short ({chars})");
                assert!(
                    chars < MAX_TEXT_CHARS,
                    "{variant} {lang} {topic} has {chars} characters, limit {MAX_TEXT_CHARS}"
                );
                if let Err(e) = validate_html(t) {
                    panic!("{variant} {lang} {topic}: {e}");
                }
                assert!(t.starts_with("<b>"), "{variant} {lang} {topic} should open with a bold title");
            }
            let overview = rulebook::overview(variant, lang).expect("overview");
            assert!(overview.chars().count() < MAX_TEXT_CHARS);
            assert_eq!(validate_html(&overview), Ok(()), "{variant} {lang} overview");
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
fn every_translation_covers_the_same_topics_with_the_same_structure() {
    let codes = |t: &str| -> Vec<String> {
        t.split("<code>")
            .skip(1)
            .filter_map(|s| s.split("</code>").next())
            .filter(|c| c.chars().any(|ch| ch.is_ascii_digit()))
            .map(str::to_owned)
            .collect()
    };
    let pre = |t: &str| t.split("<pre>").nth(1).and_then(|s| s.split("</pre>").next()).map(str::to_owned);
    let numbers = |t: &str| -> std::collections::BTreeSet<String> {
        strip_html(t).split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).map(str::to_owned).collect()
    };
    let mut translations = 0;
    for variant in VariantId::ALL {
        for lang in rulebook::languages(variant).unwrap() {
            if lang == Lang::En {
                continue;
            }
            translations += 1;
            for topic in Topic::ALL {
                let other = text(variant, lang, topic);
                let en = text(variant, Lang::En, topic);
                assert_eq!(
                    other.matches("<b>").count(),
                    en.matches("<b>").count(),
                    "{variant} {lang} {topic}: bold sections differ from English"
                );
                assert_eq!(
                    other.matches("\n• ").count(),
                    en.matches("\n• ").count(),
                    "{variant} {lang} {topic}: bullet lists differ from English"
                );
                assert_eq!(codes(other), codes(en), "{variant} {lang} {topic}: move examples differ");
                assert_eq!(pre(other), pre(en), "{variant} {lang} {topic}: diagrams differ");
                // Every number of the English (counts, squares, move limits) is in the translation.
                let missing: Vec<_> = numbers(en).difference(&numbers(other)).cloned().collect();
                assert!(missing.is_empty(), "{variant} {lang} {topic}: numbers {missing:?} of the English are missing");
            }
        }
    }
    assert!(translations >= VariantId::ALL.len() + 9, "only {translations} translations");
}

#[test]
fn names_differ_by_variant_in_every_language() {
    for lang in Lang::ALL {
        let mut seen = std::collections::HashSet::new();
        for variant in VariantId::ALL {
            let name = rulebook::name(variant, lang).expect("name");
            assert!(seen.insert(name), "duplicate name {name} in {lang}");
        }
    }
    let translated = |v: VariantId, l: Lang| rulebook::is_translated(v, l).unwrap();
    for variant in VariantId::ALL {
        for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En && translated(variant, l)) {
            assert_ne!(rulebook::name(variant, lang), rulebook::name(variant, Lang::En), "{variant} {lang}");
        }
    }
}

#[test]
fn lookups_accept_ids_and_spanish_names_and_report_unknown_ones() {
    assert_eq!(
        rulebook::text("Italianas", Lang::Es, Topic::Faq),
        rulebook::text(VariantId::Italian, Lang::Es, Topic::Faq)
    );
    assert_eq!(
        rulebook::text(String::from("russian"), Lang::En, Topic::End),
        rulebook::text(VariantId::Russian, Lang::En, Topic::End)
    );
    assert!(matches!(rulebook::text("checkers-9x9", Lang::En, Topic::Faq), Err(RulebookError::UnknownVariant(_))));
    assert!(matches!(rulebook::overview("", Lang::En), Err(RulebookError::UnknownVariant(_))));
}

#[test]
fn board_size_first_move_and_piece_count_match_the_rules() {
    for variant in VariantId::ALL {
        let rules = variant.rules();
        let start = Position::start(variant);
        let men = start.count(Color::White, Role::Man);
        assert_eq!(men, start.count(Color::Black, Role::Man));
        for lang in Lang::ALL {
            let size = format!("{}×{}", rules.rows, rules.cols);
            let summary = rulebook::overview(variant, lang).expect("overview");
            assert!(summary.contains(&size), "{variant} {lang}: {size}");
            assert!(plain(variant, lang, Topic::Movement).contains(&size));
        }
        let (en, es) = match rules.first_to_move {
            Color::White => ("white", "las blancas"),
            Color::Black => ("black", "las negras"),
        };
        assert!(faq_answer(variant, Lang::En, "who starts?").starts_with(en), "{variant}");
        assert!(faq_answer(variant, Lang::Es, "¿quién empieza?").starts_with(es), "{variant}");
        assert!(faq_answer(variant, Lang::En, "how many pieces?").starts_with(&format!("{men} each")), "{variant}");
        assert!(faq_answer(variant, Lang::Es, "¿cuántas piezas").starts_with(&format!("{men},")), "{variant}");
    }
}

#[test]
fn men_and_kings_are_described_as_the_rules_define_them() {
    for variant in VariantId::ALL {
        let rules = variant.rules();
        let backward = faq_answer(variant, Lang::En, "can a man capture backward?");
        assert_eq!(backward.starts_with("yes"), rules.men_capture_backward, "{variant}");
        assert!(backward.starts_with("yes") || backward.starts_with("no"), "{variant}");
        let atras = faq_answer(variant, Lang::Es, "¿puede el peón capturar hacia atrás?");
        assert_eq!(atras.starts_with("sí"), rules.men_capture_backward, "{variant}");

        let capture = plain(variant, Lang::En, Topic::Capture);
        assert_eq!(capture.contains("a man cannot capture a king"), !rules.men_capture_kings, "{variant}");
        let captura = plain(variant, Lang::Es, Topic::Capture);
        assert_eq!(captura.contains("el peón no puede capturar una dama"), !rules.men_capture_kings, "{variant}");

        let movement = plain(variant, Lang::En, Topic::Movement);
        match rules.king_range {
            KingRange::Short => assert!(movement.contains("does not fly"), "{variant}"),
            KingRange::Flying => {
                assert!(movement.contains("\"flying\" king") || movement.contains("like a rook"), "{variant}")
            }
        }
        assert_eq!(movement.contains("sideways"), rules.men_move_sideways, "{variant}");
    }
}

#[test]
fn capture_priority_matches_the_rules() {
    for variant in VariantId::ALL {
        let en = plain(variant, Lang::En, Topic::Capture);
        let es = plain(variant, Lang::Es, Topic::Capture);
        let majority = en.contains("largest number of pieces");
        match variant.rules().priority {
            CapturePriority::Free => {
                assert!(en.contains("which capture: your choice"), "{variant}");
                assert!(es.contains("qué captura: la eliges tú"), "{variant}");
                assert!(!majority, "{variant}");
            }
            CapturePriority::Majority => {
                assert!(majority, "{variant}");
                assert!(
                    en.contains("a king counts as one piece")
                        || en.contains("a king and a man both count as one piece"),
                    "{variant}"
                );
            }
            CapturePriority::QuantityThenQuality => {
                assert!(en.contains("law of quantity") && en.contains("law of quality"));
                assert!(es.contains("ley de la cantidad") && es.contains("ley de la calidad"));
            }
            CapturePriority::KingCaptures => {
                assert!(en.contains("a king must capture"), "{variant}");
                assert!(es.contains("tiene que capturar una dama"), "{variant}");
                assert!(!majority, "{variant}");
            }
            CapturePriority::Value => {
                assert!(en.contains("the capture worth the most"), "{variant}");
                assert!(en.contains("more than one man and less than two"), "{variant}");
                assert!(es.contains("la captura que más vale"), "{variant}");
                assert!(!majority, "{variant}");
            }
            CapturePriority::Italian => {
                for criterion in ["most pieces", "with a king", "most kings", "king first"] {
                    assert!(en.contains(criterion), "{variant}: {criterion}");
                }
                for criterio in ["más piezas", "con dama", "más damas", "encuentre antes"] {
                    assert!(es.contains(criterio), "{variant}: {criterio}");
                }
            }
        }
        let immediate = en.contains("as soon as it is jumped");
        assert_eq!(immediate, variant.rules().removal == Removal::Immediate, "{variant}");
        assert_eq!(en.contains("180°"), variant.rules().no_reversal, "{variant}");
    }
    let international = plain(VariantId::International, Lang::En, Topic::Capture);
    assert!(international.contains("majority rule"));
}

#[test]
fn promotion_during_a_capture_matches_the_rules() {
    for variant in VariantId::ALL {
        let en = plain(variant, Lang::En, Topic::Promotion);
        let es = plain(variant, Lang::Es, Topic::Promotion);
        match variant.rules().promotion_in_capture {
            PromotionInCapture::Stops => {
                assert!(en.contains("ends there") || en.contains("ends on the spot"), "{variant}");
                assert!(es.contains("termina ahí"), "{variant}");
            }
            PromotionInCapture::ContinuesAsKing => {
                assert!(en.contains("immediately") && en.contains("as a flying king"), "{variant}");
                assert!(es.contains("al instante"), "{variant}");
            }
            PromotionInCapture::ContinuesAsMan => {
                assert!(en.contains("must go on") && en.contains("man"), "{variant}");
                assert!(es.contains("tiene que seguir"), "{variant}");
                assert!(!en.contains("ends there"), "{variant}");
            }
        }
    }
}

#[test]
fn draw_rules_match_the_rules_one_bullet_each() {
    for variant in VariantId::ALL {
        let draw_rules = variant.rules().draw_rules;
        for lang in Lang::ALL {
            let end = plain(variant, lang, Topic::End);
            // One bullet for a draw by agreement, then one per rule the game applies by itself.
            let bullets = end.lines().filter(|l| l.starts_with("• ")).count();
            assert_eq!(bullets, 1 + draw_rules.len(), "{variant} {lang}:\n{end}");
            for rule in draw_rules {
                let needle = match *rule {
                    DrawRule::Repetition { times } => {
                        assert_eq!(times, 3, "texts say threefold");
                        match lang {
                            Lang::En => "threefold repetition".to_owned(),
                            Lang::Es => "triple repetición".to_owned(),
                            _ => String::new(),
                        }
                    }
                    DrawRule::NoProgress { moves_each, .. }
                    | DrawRule::ShortEnding { moves_each, .. }
                    | DrawRule::BalancedKings { moves_each, .. } => moves_each.to_string(),
                    DrawRule::LoneKings { .. } => match lang {
                        Lang::En => "single king".to_owned(),
                        Lang::Es => "solo le queda una dama".to_owned(),
                        _ => String::new(),
                    },
                };
                assert!(end.contains(&needle), "{variant} {lang}: {rule:?} ({needle:?})");
            }
        }
    }
    let international = plain(VariantId::International, Lang::En, Topic::End);
    for rule in ["25 moves each", "16 moves each", "5 moves each"] {
        assert!(international.contains(rule), "international end lacks {rule:?}");
    }
}

#[test]
fn english_black_moves_first_and_the_40_move_rule() {
    let en = plain(VariantId::English, Lang::En, Topic::Faq);
    assert!(en.contains("who starts?\nblack"), "{en}");
    let end = plain(VariantId::English, Lang::En, Topic::End);
    assert!(end.contains("40 moves") && end.contains("no man was moved"), "{end}");
}

#[test]
fn italian_and_triestine_men_cannot_capture_kings() {
    for variant in [VariantId::Italian, VariantId::Triestine] {
        let en = plain(variant, Lang::En, Topic::Faq);
        assert!(en.contains("can a man capture a king?\nno"), "{variant}: {en}");
        let es = plain(variant, Lang::Es, Topic::Faq);
        assert!(es.contains("¿puede un peón capturar una dama?\nno"), "{variant}: {es}");
    }
}

#[test]
fn triestine_is_10x10_with_its_own_numbering() {
    for lang in Lang::ALL {
        let movement = plain(VariantId::Triestine, lang, Topic::Movement);
        assert!(movement.contains("10×10"));
        // "31–50" in English and Spanish; "31 à 50", "31-50"... elsewhere.
        let range = movement.contains("31–50")
            || (lang != Lang::En && lang != Lang::Es && movement.contains("31") && movement.contains("50"));
        assert!(range, "white starts on 31-50: {movement}");
        let notation = text(VariantId::Triestine, lang, Topic::Notation);
        // Square 1 is the top-left corner seen by White; 46 is b1, not a1.
        assert!(notation.contains("<pre>\n 1  .  2"), "{notation}");
        assert!(notation.contains(" . 46  . 47"), "{notation}");
    }
}

#[test]
fn diagrams_match_the_numbering_of_each_variant() {
    // Every square of the diagram that holds a number must be a playing square of the variant, and
    // the number must be that square's name. Rows are printed from White's far side down.
    for variant in VariantId::ALL {
        let rules = variant.rules();
        let t = text(variant, Lang::En, Topic::Notation);
        let Some(pre) = t.split("<pre>").nth(1).and_then(|s| s.split("</pre>").next()) else {
            assert!(rules.algebraic, "{variant} has no diagram");
            continue;
        };
        let lines: Vec<&str> = pre.trim_matches('\n').lines().collect();
        assert_eq!(lines.len(), rules.rows as usize, "{variant}");
        let mut seen = 0;
        for (i, line) in lines.iter().enumerate() {
            let row = rules.rows - 1 - i as u8;
            let cells: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(cells.len(), rules.cols as usize, "{variant} line {line:?}");
            for (col, cell) in cells.iter().enumerate() {
                let square = rules.square_at(row, col as u8);
                match (*cell, square) {
                    (".", None) => {}
                    (number, Some(sq)) => {
                        assert_eq!(number, rules.square_name(sq), "{variant} row {row} col {col}");
                        seen += 1;
                    }
                    (cell, None) => panic!("{variant}: {cell} on a non-playing square"),
                }
            }
        }
        assert_eq!(seen, rules.square_count(), "{variant}");
    }
}

#[test]
fn move_examples_in_the_notation_topic_are_well_formed() {
    // Plain moves in the examples must be legal from the start position when the side that starts
    // could play them; all of them must at least name real squares.
    for variant in VariantId::ALL {
        let rules = variant.rules();
        let t = text(variant, Lang::En, Topic::Notation);
        let examples: Vec<&str> = t
            .split("<code>")
            .skip(1)
            .filter_map(|s| s.split("</code>").next())
            .filter(|c| c.contains('-') || c.contains('x') || c.contains(':'))
            .flat_map(str::split_whitespace)
            .filter(|c| c.chars().any(|ch| ch.is_ascii_digit()))
            .collect();
        assert!(!examples.is_empty(), "{variant}");
        for example in examples {
            for square in example.split(['-', 'x', ':']) {
                assert!(rules.parse_square(square).is_some(), "{variant}: {example} names no square {square:?}");
            }
        }
    }
    // The opening sequences quoted in the texts are legal games.
    for (variant, moves) in [
        (VariantId::International, "32-28 19-23 28x19 14x23"),
        (VariantId::Russian, "c3-d4 f6-e5 d4:f6 g7:e5"),
        (VariantId::Brazilian, "c3-d4 f6-e5 d4xf6 g7xe5"),
        (VariantId::English, "11-15"),
        (VariantId::Spanish, "10-14"),
        (VariantId::Italian, "23-19"),
        (VariantId::Triestine, "32-27"),
        (VariantId::Turkish, "d3-d4"),
        (VariantId::Pool, "11-15"),
        (VariantId::Czech, "c3-d4 f6-e5 d4xf6 g7xe5"),
        (VariantId::Thai, "27-23"),
        (VariantId::Frisian, "32-28 19-23 28x19 14x23"),
        (VariantId::Canadian, "45-39 28-34 39x28 23x34"),
        (VariantId::Antidraughts, "32-28 19-23 28x19 14x23"),
    ] {
        let notation = text(variant, Lang::En, Topic::Notation);
        let mut position = Position::start(variant);
        for mv in moves.split_whitespace() {
            assert!(notation.contains(mv), "{variant}: the text no longer quotes {mv}");
            let parsed = position.parse_move(mv).unwrap_or_else(|e| panic!("{variant} {mv}: {e:?}"));
            position = position.play(&parsed);
        }
    }
}

#[test]
fn the_soplo_is_explained_and_never_applied() {
    for variant in VariantId::ALL {
        let en = plain(variant, Lang::En, Topic::Faq);
        assert!(en.contains("soplo"), "{variant} en");
        assert!(en.contains("refused"), "{variant} en: illegal moves are refused");
        let es = plain(variant, Lang::Es, Topic::Faq);
        assert!(es.contains("soplo"), "{variant} es");
        assert!(es.contains("se rechaza"), "{variant} es");
    }
    // Spanish draughts: the seed describes the soplo as the opponent's option.
    let es = plain(VariantId::Spanish, Lang::Es, Topic::Faq);
    assert!(es.contains("opcional"), "{es}");
}

#[test]
fn turkish_is_orthogonal() {
    let en = all_plain(VariantId::Turkish, Lang::En);
    assert!(en.contains("all 64 squares"));
    let es = all_plain(VariantId::Turkish, Lang::Es);
    assert!(es.contains("las 64 casillas"));
}

#[test]
fn cli_prints_plain_text_from_any_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["rules", "english", "--lang", "en", "--topic", "faq"])
        .current_dir(dir.path())
        .output()
        .expect("run damas");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Who starts?\nBlack"), "{stdout}");
    assert!(!stdout.contains("<b>"), "tags should be stripped: {stdout}");

    let html = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["rules", "internacionales", "--topic", "captura", "--html"])
        .output()
        .expect("run damas");
    assert!(html.status.success());
    let html = String::from_utf8_lossy(&html.stdout);
    assert!(html.contains("<b>Captura — damas internacionales</b>"), "{html}");

    let bad = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["rules", "english", "--topic", "tactics"])
        .output()
        .expect("run damas");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown topic"));
}
