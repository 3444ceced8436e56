//! Squares. A `Square` is a bit index in the variant's board layout; it is only meaningful together
//! with its variant, which names it ("23" or "c3") and places it on the board.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    #[inline]
    pub(crate) const fn new(index: u8) -> Square {
        Square(index)
    }
    /// The bit index of the square in its variant's layout (below 128).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub(crate) fn offset(self, by: i32) -> Option<Square> {
        let i = self.0 as i32 + by;
        if (0..128).contains(&i) { Some(Square(i as u8)) } else { None }
    }
}
