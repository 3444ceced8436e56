//! The machine word the move generator works in. Every board layout fits in 128 bits, and most
//! (the 8×8 diagonal boards, International and Triestine) in 64: there each shift, test and count is
//! one instruction instead of a pair with a carry between them. The rules core keeps `u128`; the
//! generator narrows a board on the way in and widens what it records on the way out.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

pub(crate) trait Word:
    Copy + Eq + BitAnd<Output = Self> + BitAndAssign + BitOr<Output = Self> + BitOrAssign + Not<Output = Self>
{
    const ZERO: Self;

    /// The low bits of a board; the caller knows that the layout fits.
    fn narrow(board: u128) -> Self;
    fn widen(self) -> u128;
    /// Shifted towards higher bits by `by`, or lower ones for a negative `by`; bits pushed off the
    /// word are lost, as they are off every board.
    fn shift(self, by: i32) -> Self;
    /// Whether bit `i` is set; indices off the word are never set.
    fn bit(self, i: i32) -> bool;
    /// Bit `i` alone (`i` on the word).
    fn single(i: i32) -> Self;
    fn lowest(self) -> i32;
    /// The same set without its lowest bit.
    fn without_lowest(self) -> Self;
    fn count(self) -> u32;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;

            #[inline(always)]
            fn narrow(board: u128) -> Self {
                board as $t
            }
            #[inline(always)]
            fn widen(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn shift(self, by: i32) -> Self {
                if by >= 0 { self << by } else { self >> -by }
            }
            #[inline(always)]
            fn bit(self, i: i32) -> bool {
                (i as u32) < <$t>::BITS && (self >> i) & 1 != 0
            }
            #[inline(always)]
            fn single(i: i32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn lowest(self) -> i32 {
                self.trailing_zeros() as i32
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
        }
    };
}

word!(u64);
word!(u128);

/// Whether every square of a layout lies in the low 64 bits.
pub(crate) fn fits_64(mask: u128) -> bool {
    mask >> 64 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both words agree on every operation for sets in the low 64 bits, including shifts that push
    /// bits off the top of the narrow word (which the wide one keeps above bit 63).
    #[test]
    fn the_narrow_word_computes_what_the_wide_one_does_below_bit_64() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..10_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let x = seed & (seed >> 7);
            let by = (seed >> 58) as i32 - 32;
            let wide = x as u128;
            assert_eq!(x.shift(by).widen(), wide.shift(by) & u64::MAX as u128, "{x:#x} by {by}");
            for i in [-3, 0, 17, 63, 64, 70, 127, 128] {
                assert_eq!(x.bit(i), wide.bit(i), "{x:#x} bit {i}");
            }
            if x != 0 {
                assert_eq!(x.lowest(), wide.lowest());
                assert_eq!(x.without_lowest().widen(), wide.without_lowest());
            }
            assert_eq!(x.count(), wide.count());
            assert_eq!(u64::narrow(wide), x);
        }
        assert!(fits_64(u64::MAX as u128));
        assert!(!fits_64(1 << 64));
    }
}
