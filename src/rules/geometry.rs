//! Board shapes as bit layouts, and the tables derived from a variant's definition.
//!
//! Diagonal boards keep only the playing squares, `cols / 2` per row, with one padding bit after every
//! pair of rows; then each diagonal step is the same shift everywhere (`cols / 2` or `cols / 2 + 1`)
//! and a step off the board lands on a padding bit or outside the word. Orthogonal boards keep all
//! squares, nine bits per row. The layout is mirrored left-right where White's bottom-left corner is a
//! playing square, so that both orientations share one layout. Boards with straight captures on the
//! playing squares (Frisian) keep every square of a row plus two padding bits, so that a straight
//! neighbour, two files or two rows away, is also one shift everywhere.

use std::sync::OnceLock;

use super::bitboard::Bitboard;
use super::piece::Color;
use super::square::Square;
use super::variant::{Numbering, Variant, VariantId};

/// A short list of bit offsets, one per direction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dirs {
    offsets: [i32; 8],
    len: usize,
}

impl Dirs {
    fn new(list: &[i32]) -> Dirs {
        let mut offsets = [0; 8];
        offsets[..list.len()].copy_from_slice(list);
        Dirs { offsets, len: list.len() }
    }
    #[inline]
    pub(crate) fn as_slice(&self) -> &[i32] {
        &self.offsets[..self.len]
    }
}

#[derive(Debug)]
pub(crate) struct Geometry {
    /// The playing squares.
    pub mask: Bitboard,
    /// `square_at[row * cols + col]` with row 0 at White's home edge and col 0 at file a.
    pub square_at: Vec<Option<Square>>,
    pub coords: Vec<(u8, u8)>,
    /// Playing squares in notation order (square 1 first, or a1, b1, ... for algebraic names).
    pub order: Vec<Square>,
    /// 1-based notation number of each bit (0 for padding bits).
    pub number: Vec<u16>,
    /// Where each colour's men are crowned.
    pub promotion: [Bitboard; 2],
    pub man_moves: [Dirs; 2],
    pub man_captures: [Dirs; 2],
    /// Directions of a king's quiet moves.
    pub king_moves: Dirs,
    /// Directions of a king's captures (the same as its moves except with straight captures).
    pub king_captures: Dirs,
    pub zobrist_pieces: Vec<[[u64; 2]; 2]>,
    pub zobrist_black_to_move: u64,
}

static TABLES: [OnceLock<Geometry>; VariantId::COUNT] = [const { OnceLock::new() }; VariantId::COUNT];

impl Geometry {
    pub(crate) fn of(id: VariantId) -> &'static Geometry {
        TABLES[id.index()].get_or_init(|| Geometry::build(id.rules()))
    }

    fn build(v: &Variant) -> Geometry {
        let (rows, cols) = (v.rows as usize, v.cols as usize);
        let mut square_at = vec![None; rows * cols];
        let mut coords = vec![(0u8, 0u8); 128];
        let mut mask = Bitboard::EMPTY;
        let half = (cols / 2) as i32;
        for row in 0..rows {
            for col in 0..cols {
                let bit = if v.orthogonal {
                    Some(row * (cols + 1) + col)
                } else if v.straight_captures {
                    ((row + col) % 2 == if v.a1_playable { 0 } else { 1 }).then_some(row * (cols + 2) + col)
                } else {
                    let internal_col = if v.a1_playable { cols - 1 - col } else { col };
                    if (row + internal_col) % 2 == 1 {
                        let within = if row % 2 == 0 { internal_col / 2 } else { cols / 2 + internal_col / 2 };
                        Some(row / 2 * (cols + 1) + within)
                    } else {
                        None
                    }
                };
                if let Some(bit) = bit {
                    let sq = Square::new(bit as u8);
                    square_at[row * cols + col] = Some(sq);
                    coords[bit] = (row as u8, col as u8);
                    mask = mask.with(sq);
                }
            }
        }
        let by_rows_top_left = || (0..rows).rev().flat_map(move |row| (0..cols).map(move |col| (row, col)));
        let mut order: Vec<Square> = match v.numbering {
            Numbering::FromTopLeft | Numbering::FromBottomRight => {
                by_rows_top_left().filter_map(|(r, c)| square_at[r * cols + c]).collect()
            }
            Numbering::Algebraic => (0..rows)
                .flat_map(|row| (0..cols).map(move |col| (row, col)))
                .filter_map(|(r, c)| square_at[r * cols + c])
                .collect(),
        };
        if v.numbering == Numbering::FromBottomRight {
            order.reverse();
        }
        let mut number = vec![0u16; 128];
        for (i, sq) in order.iter().enumerate() {
            number[sq.index()] = i as u16 + 1;
        }
        let row_squares =
            |row: usize| (0..cols).filter_map(|c| square_at[row * cols + c]).fold(Bitboard::EMPTY, |b, s| b.with(s));
        let promotion = [row_squares(rows - 1), row_squares(0)];

        let (up, down, side): (Vec<i32>, Vec<i32>, Vec<i32>) = if v.orthogonal {
            let stride = cols as i32 + 1;
            (vec![stride], vec![-stride], vec![1, -1])
        } else if v.straight_captures {
            let stride = cols as i32 + 2;
            (vec![stride - 1, stride + 1], vec![-(stride - 1), -(stride + 1)], vec![])
        } else {
            (vec![half, half + 1], vec![-half, -(half + 1)], vec![])
        };
        // Straight captures on a diagonal board: two files or two rows away.
        let straight: Vec<i32> = if v.straight_captures {
            let stride = cols as i32 + 2;
            vec![2 * stride, -2 * stride, 2, -2]
        } else {
            vec![]
        };
        let forward = |c: Color| if c == Color::White { up.clone() } else { down.clone() };
        let backward = |c: Color| if c == Color::White { down.clone() } else { up.clone() };
        let man_moves = Color::BOTH.map(|c| {
            let mut d = forward(c);
            if v.men_move_sideways {
                d.extend(&side);
            }
            Dirs::new(&d)
        });
        let man_captures = Color::BOTH.map(|c| {
            let mut d = forward(c);
            if v.men_move_sideways {
                d.extend(&side);
            }
            if v.men_capture_backward {
                d.extend(backward(c));
            }
            d.extend(&straight);
            Dirs::new(&d)
        });
        let mut all = up.clone();
        all.extend(&down);
        all.extend(&side);
        let king_moves = Dirs::new(&all);
        all.extend(&straight);
        let king_captures = Dirs::new(&all);

        let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ (v.id.index() as u64) << 32;
        let mut next = || {
            // splitmix64: fixed keys, so hashes are the same in every process.
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let zobrist_pieces = (0..128).map(|_| [[next(), next()], [next(), next()]]).collect();
        let zobrist_black_to_move = next();

        Geometry {
            mask,
            square_at,
            coords,
            order,
            number,
            promotion,
            man_moves,
            man_captures,
            king_moves,
            king_captures,
            zobrist_pieces,
            zobrist_black_to_move,
        }
    }

    /// The square one step from `sq` in direction `dir`, if it is on the board.
    #[inline]
    pub(crate) fn step(&self, sq: Square, dir: i32) -> Option<Square> {
        sq.offset(dir).filter(|s| self.mask.contains(*s))
    }
}

impl Variant {
    /// The playing square at `row` (0 = White's home edge) and `col` (0 = file a), if any.
    pub fn square_at(&self, row: u8, col: u8) -> Option<Square> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        self.geometry().square_at[row as usize * self.cols as usize + col as usize]
    }

    /// Row (0 = White's home edge) and column (0 = file a) of a square.
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        self.geometry().coords[sq.index()]
    }

    /// Every playing square, in notation order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + 'static {
        self.geometry().order.iter().copied()
    }

    pub fn square_count(&self) -> usize {
        self.geometry().order.len()
    }

    /// The square's name in this variant's notation: "23" or "c3".
    pub fn square_name(&self, sq: Square) -> String {
        if self.algebraic {
            let (row, col) = self.coords(sq);
            format!("{}{}", (b'a' + col) as char, row + 1)
        } else {
            self.geometry().number[sq.index()].to_string()
        }
    }

    /// Reads a square name ("23", "c3"); `None` when it is not a playing square of this variant.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let text = text.trim();
        let geo = self.geometry();
        if self.algebraic {
            let mut chars = text.chars();
            let file = chars.next()?.to_ascii_lowercase();
            let rank: u8 = chars.as_str().parse().ok()?;
            if !file.is_ascii_lowercase() || rank == 0 {
                return None;
            }
            self.square_at(rank - 1, file as u8 - b'a')
        } else {
            if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 3 {
                return None;
            }
            let n: usize = text.parse().ok()?;
            geo.order.get(n.checked_sub(1)?).copied()
        }
    }

    /// Squares where `color`'s men are crowned.
    pub fn promotion_squares(&self, color: Color) -> impl Iterator<Item = Square> {
        self.geometry().promotion[color.index()]
    }
}

impl Variant {
    /// Bit offsets of a man's steps (for the engine's bit tables).
    pub(crate) fn man_move_offsets(&self, color: Color) -> &'static [i32] {
        self.geometry().man_moves[color.index()].as_slice()
    }

    /// Bit offsets of a man's jumps, one per direction (the victim is one offset away).
    pub(crate) fn man_capture_offsets(&self, color: Color) -> &'static [i32] {
        self.geometry().man_captures[color.index()].as_slice()
    }

    /// Bit offsets of a king's quiet moves.
    pub(crate) fn king_move_offsets(&self) -> &'static [i32] {
        self.geometry().king_moves.as_slice()
    }

    /// Bit offsets of a king's captures.
    pub(crate) fn king_capture_offsets(&self) -> &'static [i32] {
        self.geometry().king_captures.as_slice()
    }
}
