//! PDN FEN: `W:W31-50:B1-20`, kings prefixed with `K`, ranges on input, algebraic squares where the
//! variant names squares that way. Variants with a king move limit (Frisian) add a field per colour
//! whose king has made plain moves in a row: `:RW2@28` (White's king on 28 has made 2).

use super::bitboard::Bitboard;
use super::piece::Color;
use super::position::{KingRun, Position};
use super::variant::VariantId;

/// Why a FEN was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("the FEN is empty")]
    Empty,
    #[error("the FEN must start with the side to move, W or B, followed by ':' (found '{0}')")]
    SideToMove(String),
    #[error("'{0}' is not a piece list: it must start with W or B")]
    Section(String),
    #[error("'{square}' is not a playing square of {variant}")]
    Square { square: String, variant: VariantId },
    #[error("'{0}' is not a valid range of squares")]
    Range(String),
    #[error("square {0} is listed twice")]
    Duplicate(String),
    #[error("a man on {0} stands on its own promotion row: it would have been crowned")]
    UncrownedMan(String),
    #[error("the FEN is too long")]
    TooLong,
    #[error(
        "'{0}' is not a king run of this variant: write R, the colour, the number of plain moves, @ and the king's square (RW2@28)"
    )]
    KingRun(String),
}

const MAX_FEN_LEN: usize = 2048;

impl Position {
    /// Reads a FEN for `variant`. Also accepts the `[FEN "..."]` tag form, and ignores extra fields
    /// such as `:H0:F1`.
    pub fn from_fen(variant: VariantId, fen: &str) -> Result<Position, FenError> {
        if fen.len() > MAX_FEN_LEN {
            return Err(FenError::TooLong);
        }
        let mut text: String = fen.trim().chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(inner) = text.strip_prefix("[FEN").and_then(|t| t.strip_suffix(']')) {
            text = inner.trim_matches('"').to_string();
        }
        let text = text.trim_matches('"').trim_end_matches('.');
        if text.is_empty() {
            return Err(FenError::Empty);
        }
        let mut fields = text.split(':');
        let side = match fields.next().unwrap_or_default() {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        let rules = variant.rules();
        let geo = rules.geometry();
        let mut by_color = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        let mut runs = Vec::new();
        for field in fields {
            let mut chars = field.chars();
            let color = match chars.next() {
                Some('W' | 'w') => Color::White,
                Some('B' | 'b') => Color::Black,
                // A king run (Frisian king move limit): R, colour, count, @, square.
                Some('R' | 'r') => {
                    runs.push(field.to_string());
                    continue;
                }
                // Extra PDN fields (halfmove clock, move number) carry nothing we need.
                Some('H' | 'F' | 'h' | 'f') if field[1..].chars().all(|c| c.is_ascii_digit()) => continue,
                _ => return Err(FenError::Section(field.to_string())),
            };
            for item in chars.as_str().split(',').filter(|i| !i.is_empty()) {
                let (king, body) = match item.strip_prefix(['K', 'k']) {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let squares = if let Some((a, b)) = body.split_once('-') {
                    if rules.algebraic {
                        return Err(FenError::Range(item.to_string()));
                    }
                    let parse = |s: &str| {
                        rules.parse_square(s).ok_or_else(|| FenError::Square { square: s.to_string(), variant })
                    };
                    let (first, last) = (parse(a)?, parse(b)?);
                    let (lo, hi) = (geo.number[first.index()], geo.number[last.index()]);
                    if lo > hi {
                        return Err(FenError::Range(item.to_string()));
                    }
                    (lo..=hi).map(|n| geo.order[n as usize - 1]).collect::<Vec<_>>()
                } else {
                    vec![
                        rules
                            .parse_square(body)
                            .ok_or_else(|| FenError::Square { square: body.to_string(), variant })?,
                    ]
                };
                for sq in squares {
                    if (by_color[0] | by_color[1]).contains(sq) {
                        return Err(FenError::Duplicate(rules.square_name(sq)));
                    }
                    if !king && geo.promotion[color.index()].contains(sq) {
                        return Err(FenError::UncrownedMan(rules.square_name(sq)));
                    }
                    by_color[color.index()] = by_color[color.index()].with(sq);
                    if king {
                        kings = kings.with(sq);
                    }
                }
            }
        }
        let mut king_runs = [KingRun::default(); 2];
        for run in runs {
            let bad = || FenError::KingRun(run.clone());
            let body = &run[1..];
            let color = match body.chars().next() {
                Some('W' | 'w') => Color::White,
                Some('B' | 'b') => Color::Black,
                _ => return Err(bad()),
            };
            let (count, square) = body[1..].split_once('@').ok_or_else(bad)?;
            let moves: u8 = count.parse().map_err(|_| bad())?;
            let sq = rules.parse_square(square).ok_or_else(bad)?;
            let is_own_king = kings.contains(sq) && by_color[color.index()].contains(sq);
            if rules.king_quiet_limit == 0 || moves == 0 || moves > rules.king_quiet_limit || !is_own_king {
                return Err(bad());
            }
            king_runs[color.index()] = KingRun { square: Some(sq), moves };
        }
        Ok(Position::from_parts(variant, side, by_color[0], by_color[1], kings).with_king_runs(king_runs))
    }

    /// The FEN of this position: squares in notation order, no ranges.
    pub fn to_fen(&self) -> String {
        let rules = self.rules();
        let mut fen = String::from(if self.side == Color::White { "W" } else { "B" });
        for color in Color::BOTH {
            fen.push(':');
            fen.push(if color == Color::White { 'W' } else { 'B' });
            let list: Vec<String> = self
                .pieces()
                .filter(|(_, p)| p.color == color)
                .map(|(sq, p)| {
                    let k = if p.role == super::piece::Role::King { "K" } else { "" };
                    format!("{k}{}", rules.square_name(sq))
                })
                .collect();
            fen.push_str(&list.join(","));
        }
        for color in Color::BOTH {
            let run = self.king_run[color.index()];
            if let Some(sq) = run.square {
                let c = if color == Color::White { 'W' } else { 'B' };
                fen.push_str(&format!(":R{c}{}@{}", run.moves, rules.square_name(sq)));
            }
        }
        fen
    }
}
