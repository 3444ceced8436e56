//! Each variant's rules as data. The move generator reads these definitions; a new variant is a new
//! entry here, not a new generator.

use serde::{Deserialize, Serialize};

use super::geometry::Geometry;
use super::piece::Color;

/// The variants damas plays.
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
    Pool,
    Czech,
    Thai,
    Frisian,
    Canadian,
    Antidraughts,
}

impl VariantId {
    pub const ALL: [VariantId; 14] = [
        VariantId::English,
        VariantId::Spanish,
        VariantId::International,
        VariantId::Triestine,
        VariantId::Russian,
        VariantId::Brazilian,
        VariantId::Italian,
        VariantId::Turkish,
        VariantId::Pool,
        VariantId::Czech,
        VariantId::Thai,
        VariantId::Frisian,
        VariantId::Canadian,
        VariantId::Antidraughts,
    ];

    /// How many variants there are (the length of [`VariantId::ALL`]).
    pub const COUNT: usize = 14;

    pub fn as_str(self) -> &'static str {
        self.rules().key
    }

    /// The full rule definition.
    pub fn rules(self) -> &'static Variant {
        &VARIANTS[self as usize]
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for VariantId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not the name of a variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant '{0}' (known: english, spanish, international, triestine, russian, brazilian, italian, turkish, pool, czech, thai, frisian, canadian, antidraughts)"
)]
pub struct UnknownVariant(pub String);

impl std::str::FromStr for VariantId {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, UnknownVariant> {
        let folded: String = s
            .trim()
            .to_lowercase()
            .chars()
            .map(|c| match c {
                'á' => 'a',
                'é' => 'e',
                'í' => 'i',
                'ó' => 'o',
                'ú' | 'ü' => 'u',
                'ñ' => 'n',
                c => c,
            })
            .collect();
        VARIANTS
            .iter()
            .find(|v| v.key == folded || v.aliases.contains(&folded.as_str()))
            .map(|v| v.id)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// How far a king moves and captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingRange {
    /// One square; it jumps an adjacent piece to the square right behind.
    Short,
    /// Any distance along a free line; it lands on any free square beyond the captured piece.
    Flying,
}

/// Where a flying king lands after jumping a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingLanding {
    /// On any free square beyond the captured piece (the player chooses, within the priority law).
    AnyBeyond,
    /// Only on the square right behind the captured piece (Thai): the king still captures from a
    /// distance, but it cannot run on past the piece it took.
    DirectlyBehind,
}

/// When captured pieces leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// At the end of the move: until then they block and cannot be jumped again.
    AtEnd,
    /// As soon as they are jumped: their squares can be crossed again in the same move.
    Immediate,
}

/// What happens to a man that reaches the promotion row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionInCapture {
    /// It is crowned and the move ends there.
    Stops,
    /// It is crowned at once and goes on capturing as a king.
    ContinuesAsKing,
    /// It goes on capturing as a man and is crowned only if the move ends on the promotion row.
    ContinuesAsMan,
}

/// Which capture a player must choose when several are possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapturePriority {
    /// Any complete capture sequence.
    Free,
    /// The sequence that takes the most pieces (a king counts as one).
    Majority,
    /// The most pieces, then the most kings (Spanish laws of quantity and quality).
    QuantityThenQuality,
    /// The Italian federation's order: most pieces, then capturing with a king, then most kings taken,
    /// then the sequence that meets a king first.
    Italian,
    /// Czech: when a king can capture, a king must capture (a man may not); otherwise free choice, no
    /// majority.
    KingCaptures,
    /// Frisian: the capture worth most, where a king is worth more than one man and less than two
    /// (n kings are worth more than 2n-1 men and less than 2n); on equal worth, capture with a king.
    Value,
}

/// How squares are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Numbers row by row from the top-left playing square seen by White, left to right.
    FromTopLeft,
    /// Numbers row by row from White's bottom-right playing square, right to left.
    FromBottomRight,
    /// Chess-like names: file letter and rank number, a1 at White's bottom left.
    Algebraic,
}

/// A rule that ends a game as a draw without anyone claiming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// The same position with the same side to move for the given time.
    Repetition { times: u8 },
    /// This many moves by each side with no irreversible move: no capture and no man's step that
    /// changes row (see `Position::is_irreversible`).
    NoProgress { moves_each: u16, id: &'static str },
    /// A lone king against `min_strong..=max_strong` pieces with at least one king among them (only
    /// kings when `all_kings`): drawn after `moves_each` moves by each side, counted from the moment
    /// the material arose.
    ShortEnding { min_strong: u8, max_strong: u8, all_kings: bool, moves_each: u16, id: &'static str },
    /// Both sides have kings, the material stays the same, and the total piece count is in the range:
    /// drawn after `moves_each` moves by each side.
    BalancedKings { min_total: u8, max_total: u8, moves_each: u16, id: &'static str },
    /// Only a king against a single king.
    LoneKings { id: &'static str },
}

/// One variant's complete rule set.
#[derive(Debug)]
pub struct Variant {
    pub id: VariantId,
    pub key: &'static str,
    pub aliases: &'static [&'static str],
    pub name_en: &'static str,
    pub name_es: &'static str,
    pub rows: u8,
    pub cols: u8,
    /// All squares are playing squares and pieces move orthogonally.
    pub orthogonal: bool,
    /// Whether White's bottom-left corner (a1) is a playing square (diagonal boards).
    pub a1_playable: bool,
    /// The playing squares are the light ones (Spanish: "solo se juega sobre las casillas claras",
    /// with a light square at each player's near right). Only the picture depends on it.
    pub plays_on_light_squares: bool,
    pub numbering: Numbering,
    pub algebraic: bool,
    /// PDN GameType number and the full tag value.
    pub game_type: u8,
    pub game_type_tag: &'static str,
    pub first_to_move: Color,
    pub start_fen: &'static str,
    pub men_capture_backward: bool,
    pub men_move_sideways: bool,
    pub king_range: KingRange,
    pub men_capture_kings: bool,
    pub removal: Removal,
    /// A capture may not reverse its direction between two jumps.
    pub no_reversal: bool,
    pub promotion_in_capture: PromotionInCapture,
    pub priority: CapturePriority,
    pub draw_rules: &'static [DrawRule],
    /// Separator between squares of a capture in this variant's notation.
    pub capture_separator: char,
    /// Where a flying king lands after each capture.
    pub king_landing: KingLanding,
    /// Men and kings also capture straight ahead, backward and sideways along the playing squares of
    /// a diagonal board (Frisian): a straight neighbour is two files or two rows away.
    pub straight_captures: bool,
    /// The game is played to lose (antidraughts): a player who has no pieces or cannot move wins.
    pub losing: bool,
    /// While a player has both kings and men, one king may make at most this many plain (non-capturing)
    /// moves in a row (Frisian: 3); 0 for no limit.
    pub king_quiet_limit: u8,
}

impl Variant {
    pub(crate) fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.id)
    }
}

const ENGLISH_DRAWS: &[DrawRule] =
    &[DrawRule::Repetition { times: 3 }, DrawRule::NoProgress { moves_each: 40, id: "forty-move" }];

const SPANISH_DRAWS: &[DrawRule] =
    &[DrawRule::Repetition { times: 3 }, DrawRule::NoProgress { moves_each: 20, id: "king-moves" }];

const INTERNATIONAL_DRAWS: &[DrawRule] = &[
    DrawRule::Repetition { times: 3 },
    DrawRule::NoProgress { moves_each: 25, id: "twenty-five-move" },
    DrawRule::ShortEnding { min_strong: 3, max_strong: 3, all_kings: false, moves_each: 16, id: "sixteen-move" },
    DrawRule::ShortEnding { min_strong: 1, max_strong: 2, all_kings: false, moves_each: 5, id: "five-move" },
];

const RUSSIAN_DRAWS: &[DrawRule] = &[
    DrawRule::Repetition { times: 3 },
    DrawRule::NoProgress { moves_each: 15, id: "fifteen-move" },
    DrawRule::ShortEnding { min_strong: 1, max_strong: 2, all_kings: false, moves_each: 5, id: "five-move" },
    DrawRule::ShortEnding { min_strong: 3, max_strong: 12, all_kings: true, moves_each: 15, id: "three-kings" },
    DrawRule::BalancedKings { min_total: 4, max_total: 5, moves_each: 30, id: "thirty-move" },
    DrawRule::BalancedKings { min_total: 6, max_total: 7, moves_each: 60, id: "sixty-move" },
];

const TURKISH_DRAWS: &[DrawRule] = &[DrawRule::Repetition { times: 3 }, DrawRule::LoneKings { id: "lone-kings" }];

/// Pool: threefold repetition, and three kings against one must win within 13 moves [APCA via
/// worddisk/torofun]. dctl also encodes a 30-move reversible limit whose rule text was not found, so it
/// is not applied.
const POOL_DRAWS: &[DrawRule] = &[
    DrawRule::Repetition { times: 3 },
    DrawRule::ShortEnding { min_strong: 3, max_strong: 3, all_kings: true, moves_each: 13, id: "thirteen-move" },
];

/// Czech and Thai: no published move-count rule was found; damas applies threefold repetition and the
/// FMJD 25-move rule (only kings moving, nothing captured) so that games end.
const KINGS_ONLY_25_DRAWS: &[DrawRule] =
    &[DrawRule::Repetition { times: 3 }, DrawRule::NoProgress { moves_each: 25, id: "twenty-five-move" }];

/// Frisian: two kings against one king must win within 7 moves [FRIS 18]; king against king is a draw
/// [FRIS 21]; threefold repetition.
const FRISIAN_DRAWS: &[DrawRule] = &[
    DrawRule::Repetition { times: 3 },
    DrawRule::ShortEnding { min_strong: 2, max_strong: 2, all_kings: true, moves_each: 7, id: "seven-move" },
    DrawRule::LoneKings { id: "lone-kings" },
];

const RUSSIAN_START: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
const TURKISH_START: &str =
    "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";

/// What most variants share; each definition below states only where it differs. The identity
/// fields here are placeholders that every definition overrides.
const DIAGONAL: Variant = Variant {
    id: VariantId::International,
    key: "",
    aliases: &[],
    name_en: "",
    name_es: "",
    rows: 8,
    cols: 8,
    orthogonal: false,
    a1_playable: true,
    plays_on_light_squares: false,
    numbering: Numbering::FromTopLeft,
    algebraic: false,
    game_type: 0,
    game_type_tag: "",
    first_to_move: Color::White,
    start_fen: "",
    men_capture_backward: false,
    men_move_sideways: false,
    king_range: KingRange::Flying,
    men_capture_kings: true,
    removal: Removal::AtEnd,
    no_reversal: false,
    promotion_in_capture: PromotionInCapture::Stops,
    priority: CapturePriority::Free,
    draw_rules: &[],
    capture_separator: 'x',
    king_landing: KingLanding::AnyBeyond,
    straight_captures: false,
    losing: false,
    king_quiet_limit: 0,
};

static VARIANTS: [Variant; VariantId::COUNT] = [
    Variant {
        id: VariantId::English,
        key: "english",
        aliases: &["inglesas", "inglesa", "checkers", "en"],
        name_en: "English draughts (checkers)",
        name_es: "Damas inglesas",
        rows: 8,
        cols: 8,
        numbering: Numbering::FromTopLeft,
        game_type: 21,
        game_type_tag: "21,B,8,8,N1,0",
        first_to_move: Color::Black,
        start_fen: "B:W21-32:B1-12",
        king_range: KingRange::Short,
        promotion_in_capture: PromotionInCapture::Stops,
        priority: CapturePriority::Free,
        draw_rules: ENGLISH_DRAWS,
        ..DIAGONAL
    },
    Variant {
        id: VariantId::Spanish,
        key: "spanish",
        aliases: &["espanolas", "espanola", "es"],
        name_en: "Spanish draughts",
        name_es: "Damas españolas",
        rows: 8,
        cols: 8,
        a1_playable: false,
        plays_on_light_squares: true,
        numbering: Numbering::FromBottomRight,
        game_type: 24,
        game_type_tag: "24,W,8,8,N1,1",
        first_to_move: Color::White,
        start_fen: "W:W1-12:B21-32",
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::Stops,
        priority: CapturePriority::QuantityThenQuality,
        draw_rules: SPANISH_DRAWS,
        ..DIAGONAL
    },
    Variant {
        id: VariantId::International,
        key: "international",
        aliases: &["internacionales", "internacional", "fmjd", "10x10"],
        name_en: "International draughts",
        name_es: "Damas internacionales",
        rows: 10,
        cols: 10,
        numbering: Numbering::FromTopLeft,
        game_type: 20,
        game_type_tag: "20,W,10,10,N2,0",
        first_to_move: Color::White,
        start_fen: "W:W31-50:B1-20",
        men_capture_backward: true,
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::ContinuesAsMan,
        priority: CapturePriority::Majority,
        draw_rules: INTERNATIONAL_DRAWS,
        ..DIAGONAL
    },
    Variant {
        id: VariantId::Triestine,
        key: "triestine",
        aliases: &["triestinas", "triestina"],
        name_en: "Triestine draughts",
        name_es: "Damas triestinas",
        rows: 10,
        cols: 10,
        a1_playable: false,
        numbering: Numbering::FromTopLeft,
        game_type: 0,
        game_type_tag: "0,W,10,10,N2,1",
        first_to_move: Color::White,
        start_fen: "W:W31-50:B1-20",
        king_range: KingRange::Short,
        men_capture_kings: false,
        // Short-range pieces can never re-cross a captured piece's square, so this matches the seed's
        // "freed at once" while keeping the same-piece-twice ban.
        removal: Removal::AtEnd,
        promotion_in_capture: PromotionInCapture::Stops,
        priority: CapturePriority::Italian,
        draw_rules: ENGLISH_DRAWS,
        ..DIAGONAL
    },
    Variant {
        id: VariantId::Russian,
        key: "russian",
        aliases: &["rusas", "rusa", "shashki", "ru"],
        name_en: "Russian draughts (shashki)",
        name_es: "Damas rusas",
        rows: 8,
        cols: 8,
        numbering: Numbering::Algebraic,
        algebraic: true,
        game_type: 25,
        game_type_tag: "25,W,8,8,A0,0",
        first_to_move: Color::White,
        start_fen: RUSSIAN_START,
        men_capture_backward: true,
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::ContinuesAsKing,
        priority: CapturePriority::Free,
        draw_rules: RUSSIAN_DRAWS,
        capture_separator: ':',
        ..DIAGONAL
    },
    Variant {
        id: VariantId::Brazilian,
        key: "brazilian",
        aliases: &["brasilenas", "brasilena", "brasileiras", "br"],
        name_en: "Brazilian draughts",
        name_es: "Damas brasileñas",
        rows: 8,
        cols: 8,
        numbering: Numbering::Algebraic,
        algebraic: true,
        game_type: 26,
        game_type_tag: "26,W,8,8,A0,0",
        first_to_move: Color::White,
        start_fen: RUSSIAN_START,
        men_capture_backward: true,
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::ContinuesAsMan,
        priority: CapturePriority::Majority,
        draw_rules: RUSSIAN_DRAWS,
        ..DIAGONAL
    },
    Variant {
        id: VariantId::Italian,
        key: "italian",
        aliases: &["italianas", "italiana", "it"],
        name_en: "Italian draughts",
        name_es: "Damas italianas",
        rows: 8,
        cols: 8,
        a1_playable: false,
        numbering: Numbering::FromTopLeft,
        game_type: 22,
        game_type_tag: "22,W,8,8,N2,1",
        first_to_move: Color::White,
        start_fen: "W:W21-32:B1-12",
        king_range: KingRange::Short,
        men_capture_kings: false,
        promotion_in_capture: PromotionInCapture::Stops,
        priority: CapturePriority::Italian,
        draw_rules: ENGLISH_DRAWS,
        ..DIAGONAL
    },
    Variant {
        id: VariantId::Turkish,
        key: "turkish",
        aliases: &["turcas", "turca", "dama", "tr"],
        name_en: "Turkish draughts (dama)",
        name_es: "Damas turcas",
        rows: 8,
        cols: 8,
        orthogonal: true,
        numbering: Numbering::Algebraic,
        algebraic: true,
        game_type: 30,
        game_type_tag: "30,W,8,8,A0,0",
        first_to_move: Color::White,
        start_fen: TURKISH_START,
        men_move_sideways: true,
        king_range: KingRange::Flying,
        removal: Removal::Immediate,
        no_reversal: true,
        promotion_in_capture: PromotionInCapture::ContinuesAsMan,
        priority: CapturePriority::Majority,
        draw_rules: TURKISH_DRAWS,
        ..DIAGONAL
    },
    // American pool checkers [APCA]: English board and numbering, Black (on 1-12) moves first, men
    // capture backward, kings fly, free choice among captures. A man that reaches the far row in the
    // middle of a capture and can jump on (backward) must go on as a man; it is crowned only where the
    // move ends [APCA rule 5].
    Variant {
        id: VariantId::Pool,
        key: "pool",
        aliases: &["american-pool", "pool-checkers", "apca", "americanas", "pool checkers"],
        name_en: "American pool checkers",
        name_es: "Damas pool americanas",
        rows: 8,
        cols: 8,
        numbering: Numbering::FromTopLeft,
        game_type: 23,
        game_type_tag: "23,B,8,8,N1,0",
        first_to_move: Color::Black,
        start_fen: "B:W21-32:B1-12",
        men_capture_backward: true,
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::ContinuesAsMan,
        priority: CapturePriority::Free,
        draw_rules: POOL_DRAWS,
        ..DIAGONAL
    },
    // Czech draughts [CZECH; dctl czech.hpp]: the Russian board, algebraic names, White first; men
    // capture forward only, kings fly; when a king can capture a king must capture, otherwise free
    // choice; pieces leave at the end; a man crowned by a capture stops there.
    Variant {
        id: VariantId::Czech,
        key: "czech",
        aliases: &["checas", "checa", "cz", "ceska dama"],
        name_en: "Czech draughts",
        name_es: "Damas checas",
        rows: 8,
        cols: 8,
        numbering: Numbering::Algebraic,
        algebraic: true,
        game_type: 29,
        game_type_tag: "29,W,8,8,A0,0",
        first_to_move: Color::White,
        start_fen: RUSSIAN_START,
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::Stops,
        priority: CapturePriority::KingCaptures,
        draw_rules: KINGS_ONLY_25_DRAWS,
        ..DIAGONAL
    },
    // Thai draughts (mak-hos) [THAI]: 8 men each on the two rows nearest each player; kings move any
    // distance and capture from a distance but land right behind the captured piece; captured pieces
    // leave at once (so a king may turn back through a freed square); free choice; a man crowned by
    // a capture stops. Sources disagree on who starts: PDN GameType 31 says Black, mindsports says
    // White, fandom says there is no fixed rule; damas follows PDN (Black). Numbering follows PDN
    // `31,B,8,8,N2,0`: square 1 is the top-left square seen from Black's seat (g1), so White starts on
    // 1-8 and Black on 25-32.
    Variant {
        id: VariantId::Thai,
        key: "thai",
        aliases: &["tailandesas", "tailandesa", "makhos", "mak-hos", "th"],
        name_en: "Thai draughts (mak-hos)",
        name_es: "Damas tailandesas (mak-hos)",
        rows: 8,
        cols: 8,
        numbering: Numbering::FromBottomRight,
        game_type: 31,
        game_type_tag: "31,B,8,8,N2,0",
        first_to_move: Color::Black,
        start_fen: "B:W1-8:B25-32",
        king_range: KingRange::Flying,
        removal: Removal::Immediate,
        promotion_in_capture: PromotionInCapture::Stops,
        priority: CapturePriority::Free,
        draw_rules: KINGS_ONLY_25_DRAWS,
        capture_separator: '-',
        king_landing: KingLanding::DirectlyBehind,
        ..DIAGONAL
    },
    // Frisian draughts [FRIS]: the International board; men step diagonally forward but capture in
    // eight directions (diagonally, and straight along rows and files over the playing squares); kings
    // move diagonally and capture flying in eight directions; the capture worth most must be taken
    // (FRIS 11-12); pieces leave at the end (FRIS 14); a man is crowned only where its move ends (FRIS 8);
    // while a player has men, one king makes at most three plain moves in a row (FRIS 17, counted as
    // lidraughts does: the count restarts when another king moves, a man moves or anything is captured).
    Variant {
        id: VariantId::Frisian,
        key: "frisian",
        aliases: &["frisias", "frisia", "frisonas", "frysk", "fries", "fr"],
        name_en: "Frisian draughts",
        name_es: "Damas frisias",
        rows: 10,
        cols: 10,
        numbering: Numbering::FromTopLeft,
        game_type: 40,
        game_type_tag: "40,W,10,10,N2,0",
        first_to_move: Color::White,
        start_fen: "W:W31-50:B1-20",
        men_capture_backward: true,
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::ContinuesAsMan,
        priority: CapturePriority::Value,
        draw_rules: FRISIAN_DRAWS,
        straight_captures: true,
        king_quiet_limit: 3,
        ..DIAGONAL
    },
    // Canadian draughts: International rules on a 12x12 board with 30 men each [dctl: canadian =
    // international]. No separate draw rules were found; damas applies the FMJD ones.
    Variant {
        id: VariantId::Canadian,
        key: "canadian",
        aliases: &["canadienses", "canadiense", "ca", "12x12"],
        name_en: "Canadian draughts",
        name_es: "Damas canadienses",
        rows: 12,
        cols: 12,
        numbering: Numbering::FromTopLeft,
        game_type: 27,
        game_type_tag: "27,W,12,12,N2,0",
        first_to_move: Color::White,
        start_fen: "W:W43-72:B1-30",
        men_capture_backward: true,
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::ContinuesAsMan,
        priority: CapturePriority::Majority,
        draw_rules: INTERNATIONAL_DRAWS,
        ..DIAGONAL
    },
    // Antidraughts (giveaway): International moves and captures; the player who has no pieces or
    // cannot move wins [lidraughts Antidraughts.scala]. PDN has no GameType for it; damas uses
    // lidraughts' own number 98. The FMJD draw rules apply, as on lidraughts.
    Variant {
        id: VariantId::Antidraughts,
        key: "antidraughts",
        aliases: &["antidamas", "anti", "giveaway", "losing", "perdedoras"],
        name_en: "Antidraughts",
        name_es: "Antidamas",
        rows: 10,
        cols: 10,
        numbering: Numbering::FromTopLeft,
        game_type: 98,
        game_type_tag: "98,W,10,10,N2,0",
        first_to_move: Color::White,
        start_fen: "W:W31-50:B1-20",
        men_capture_backward: true,
        king_range: KingRange::Flying,
        promotion_in_capture: PromotionInCapture::ContinuesAsMan,
        priority: CapturePriority::Majority,
        draw_rules: INTERNATIONAL_DRAWS,
        losing: true,
        ..DIAGONAL
    },
];
