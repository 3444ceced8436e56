//! A set of squares as bits. Every board shape fits in 128 bits with its padding squares.

use super::square::Square;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u128);

/// The bit of each square, looked up rather than shifted into place (see [`Bitboard::contains`]).
static BITS: [u128; 128] = {
    let mut bits = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        bits[i] = 1u128 << i;
        i += 1;
    }
    bits
};

/// A square's bit; squares are below 128 by construction.
#[inline]
fn bit(sq: Square) -> u128 {
    BITS[sq.index() & 127]
}

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    #[inline]
    pub fn from_square(sq: Square) -> Bitboard {
        Bitboard(bit(sq))
    }
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        // One 64-bit half and a shift within it: a 128-bit shift by a variable amount costs several
        // instructions, and this test runs at every step of the capture search.
        let i = sq.index();
        let half = if i < 64 { self.0 as u64 } else { (self.0 >> 64) as u64 };
        half >> (i & 63) & 1 != 0
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn any(self) -> bool {
        self.0 != 0
    }
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | bit(sq))
    }
    #[inline]
    pub fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !bit(sq))
    }
    /// Moves every square by `offset` bits (up for positive offsets), dropping what leaves the word.
    #[inline]
    pub fn shift(self, offset: i32) -> Bitboard {
        // Every board's steps (and jumps, two steps) are far below 64 bits: saying so lets the
        // compiler shift the two halves without the case of a shift by 64 or more.
        debug_assert!(offset.unsigned_abs() < 64, "shift by {offset}");
        let by = offset.unsigned_abs() & 63;
        if offset >= 0 { Bitboard(self.0 << by) } else { Bitboard(self.0 >> by) }
    }
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::new(self.0.trailing_zeros() as u8)) }
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}
impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}
impl std::ops::BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}
impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
impl std::ops::BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0
    }
}
impl std::ops::BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0
    }
}
impl std::ops::BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        self.0 ^= rhs.0
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both halves of the word, and their edges, read and write the square asked for.
    #[test]
    fn squares_in_both_halves() {
        for i in [0u8, 1, 62, 63, 64, 65, 100, 126, 127] {
            let sq = Square::new(i);
            let one = Bitboard::EMPTY.with(sq);
            assert_eq!(one.0, 1u128 << i);
            assert!(one.contains(sq));
            assert_eq!(Bitboard(!0).without(sq).0, !(1u128 << i));
            assert!(!Bitboard(!0).without(sq).contains(sq));
            for j in [0u8, 63, 64, 127] {
                assert_eq!(one.contains(Square::new(j)), i == j);
            }
        }
        let word = Bitboard((1u128 << 70) | (1 << 5));
        assert_eq!(word.shift(3).0, (1u128 << 73) | (1 << 8));
        assert_eq!(word.shift(-6).0, 1u128 << 64);
        assert_eq!(Bitboard(1u128 << 127).shift(1), Bitboard::EMPTY);
    }
}
