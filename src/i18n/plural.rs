//! Cardinal plural categories (Unicode CLDR) of our languages, for counts in messages.

use super::Lang;

/// The forms a language may give a noun after a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluralCategory {
    Zero,
    One,
    Two,
    Few,
    Many,
    Other,
}

impl PluralCategory {
    /// The name used in a catalogue's select expression (`[one]`, `[few]`, ...).
    pub fn name(self) -> &'static str {
        match self {
            PluralCategory::Zero => "zero",
            PluralCategory::One => "one",
            PluralCategory::Two => "two",
            PluralCategory::Few => "few",
            PluralCategory::Many => "many",
            PluralCategory::Other => "other",
        }
    }
}

/// The category of the number written as `number` in `lang`. Whole numbers follow the CLDR
/// integer rules; any number with a fraction is `other` except where CLDR says otherwise for the
/// languages here (none of our texts shows fractional counts).
pub fn plural_category(lang: Lang, number: &str) -> PluralCategory {
    let number = number.trim().trim_start_matches('-');
    let Ok(i) = number.parse::<u64>() else {
        return PluralCategory::Other;
    };
    match lang {
        Lang::Ru => {
            let (ten, hundred) = (i % 10, i % 100);
            if ten == 1 && hundred != 11 {
                PluralCategory::One
            } else if (2..=4).contains(&ten) && !(12..=14).contains(&hundred) {
                PluralCategory::Few
            } else {
                PluralCategory::Many
            }
        }
        // Portuguese (Brazil) and French say "0 partida", "0 partie": zero and one share a form.
        Lang::Pt | Lang::Fr if i <= 1 => PluralCategory::One,
        Lang::Pt | Lang::Fr => PluralCategory::Other,
        Lang::Es | Lang::En | Lang::Tr | Lang::It | Lang::Nl if i == 1 => PluralCategory::One,
        Lang::Es | Lang::En | Lang::Tr | Lang::It | Lang::Nl => PluralCategory::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_has_three_forms_for_whole_numbers() {
        let cat = |n: u64| plural_category(Lang::Ru, &n.to_string());
        for n in [1, 21, 101, 1001] {
            assert_eq!(cat(n), PluralCategory::One, "{n}");
        }
        for n in [2, 3, 4, 22, 104] {
            assert_eq!(cat(n), PluralCategory::Few, "{n}");
        }
        for n in [0, 5, 11, 12, 14, 19, 25, 111, 112] {
            assert_eq!(cat(n), PluralCategory::Many, "{n}");
        }
        assert_eq!(plural_category(Lang::Ru, "1.5"), PluralCategory::Other);
    }

    #[test]
    fn zero_is_singular_in_portuguese_and_french_only() {
        assert_eq!(plural_category(Lang::Pt, "0"), PluralCategory::One);
        assert_eq!(plural_category(Lang::Fr, "0"), PluralCategory::One);
        assert_eq!(plural_category(Lang::Fr, "2"), PluralCategory::Other);
        for lang in [Lang::En, Lang::Es, Lang::It, Lang::Nl, Lang::Tr] {
            assert_eq!(plural_category(lang, "0"), PluralCategory::Other);
            assert_eq!(plural_category(lang, "1"), PluralCategory::One);
            assert_eq!(plural_category(lang, "7"), PluralCategory::Other);
        }
        assert_eq!(plural_category(Lang::En, "lots"), PluralCategory::Other);
    }
}
