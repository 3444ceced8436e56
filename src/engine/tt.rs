//! The transposition table: a fixed array of two-entry buckets owned by one searcher, so that several
//! games can search at the same time without sharing anything.

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: u32,
    pub score: i16,
    pub depth: i8,
    /// 0 for an empty slot, else `Bound as u8`.
    pub bound: u8,
    pub generation: u8,
}

impl Entry {
    pub(crate) fn bound(&self) -> Option<Bound> {
        match self.bound {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }
}

pub(crate) struct Tt {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Tt {
    /// A table of `2^bits` entries (16 bytes each).
    pub(crate) fn new(bits: u32) -> Tt {
        let bits = bits.clamp(4, 28);
        let n = 1usize << bits;
        Tt { entries: vec![Entry::default(); n], mask: (n - 1) & !1, generation: 0 }
    }

    pub(crate) fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
        self.generation = 0;
    }

    /// Marks later stores as newer, so entries from older searches are replaced first.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        let pair = &self.entries[i..i + 2];
        pair.iter().find(|e| e.bound != 0 && e.key == key).copied()
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, mv: u32, score: i32, depth: i32, bound: Bound) {
        let i = key as usize & self.mask;
        let generation = self.generation;
        let slot = {
            let pair = &self.entries[i..i + 2];
            if let Some(j) = pair.iter().position(|e| e.key == key) {
                j
            } else {
                // Prefer replacing an entry from an older search, then the shallower one.
                let value = |e: &Entry| (e.bound != 0 && e.generation == generation) as i32 * 256 + e.depth as i32;
                if value(&pair[0]) <= value(&pair[1]) { 0 } else { 1 }
            }
        };
        let e = &mut self.entries[i + slot];
        // Keep the old move when a fail-low store has none.
        let mv = if mv == 0 && e.key == key { e.mv } else { mv };
        *e = Entry {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound: bound as u8,
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_then_probe_returns_the_entry() {
        let mut tt = Tt::new(10);
        tt.store(0xDEAD_BEEF_0000_0042, 77, -123, 5, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF_0000_0042).expect("stored entry");
        assert_eq!((e.mv, e.score, e.depth, e.bound()), (77, -123, 5, Some(Bound::Lower)));
        assert!(tt.probe(0xDEAD_BEEF_0000_0043).is_none());
    }

    #[test]
    fn same_bucket_keeps_two_keys_and_replaces_the_shallower() {
        let mut tt = Tt::new(8);
        let (a, b, c) = (0x1000u64 << 8, 0x2000u64 << 8, 0x3000u64 << 8);
        tt.store(a, 1, 10, 9, Bound::Exact);
        tt.store(b, 2, 20, 3, Bound::Exact);
        assert!(tt.probe(a).is_some() && tt.probe(b).is_some());
        tt.store(c, 3, 30, 4, Bound::Exact);
        assert!(tt.probe(a).is_some(), "the deeper entry survives");
        assert!(tt.probe(b).is_none(), "the shallower entry is replaced");
        assert_eq!(tt.probe(c).map(|e| e.mv), Some(3));
    }

    #[test]
    fn a_store_without_move_keeps_the_previous_move() {
        let mut tt = Tt::new(8);
        tt.store(42 << 8, 9, 0, 2, Bound::Lower);
        tt.store(42 << 8, 0, -5, 3, Bound::Upper);
        assert_eq!(tt.probe(42 << 8).map(|e| (e.mv, e.depth)), Some((9, 3)));
        tt.clear();
        assert!(tt.probe(42 << 8).is_none());
    }
}
