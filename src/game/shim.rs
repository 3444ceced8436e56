//! Stand-ins for the rules vocabulary with the same serde form.
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantId {
    English,
    Spanish,
    International,
    Triestine,
    Russian,
    Brazilian,
    Italian,
    Turkish,
}

impl VariantId {
    pub const ALL: [VariantId; 8] = [
        VariantId::English,
        VariantId::Spanish,
        VariantId::International,
        VariantId::Triestine,
        VariantId::Russian,
        VariantId::Brazilian,
        VariantId::Italian,
        VariantId::Turkish,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            VariantId::English => "english",
            VariantId::Spanish => "spanish",
            VariantId::International => "international",
            VariantId::Triestine => "triestine",
            VariantId::Russian => "russian",
            VariantId::Brazilian => "brazilian",
            VariantId::Italian => "italian",
            VariantId::Turkish => "turkish",
        }
    }
}

impl std::fmt::Display for VariantId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for VariantId {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        VariantId::ALL.into_iter().find(|v| v.as_str().eq_ignore_ascii_case(s)).ok_or(())
    }
}
