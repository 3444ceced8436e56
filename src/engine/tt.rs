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
    /// The bound in the low two bits (0 for an empty slot, else `Bound as u8`), and above them
    /// the search it was stored in, modulo 64: the entry stays 16 bytes.
    flags: u8,
}

impl Entry {
    pub(crate) fn bound(&self) -> Option<Bound> {
        match self.flags & 3 {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }

    fn is_empty(&self) -> bool {
        self.flags & 3 == 0
    }

    fn generation(&self) -> u8 {
        self.flags >> 2
    }
}

/// Two entries on one cache line half: a probe reads one line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(32))]
struct Bucket([Entry; 2]);

pub(crate) struct Tt {
    buckets: Vec<Bucket>,
    mask: usize,
    /// The current search, modulo 64.
    generation: u8,
}

impl Tt {
    /// A table of `2^bits` entries (16 bytes each).
    pub(crate) fn new(bits: u32) -> Tt {
        let bits = bits.clamp(4, 28);
        let n = 1usize << (bits - 1);
        let mut buckets = Vec::with_capacity(n);
        advise_huge_pages(buckets.spare_capacity_mut());
        buckets.resize(n, Bucket::default());
        Tt { buckets, mask: n - 1, generation: 0 }
    }

    pub(crate) fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
        self.generation = 0;
    }

    /// Marks later stores as newer, so entries from older searches are replaced first.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    /// The bucket of `key`. The mask keeps it in bounds. Bit 0 is left out, as when entries were
    /// indexed one by one: the same keys share a bucket as before.
    fn index(&self, key: u64) -> usize {
        (key >> 1) as usize & self.mask
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[self.index(key)]
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).0.iter().find(|e| !e.is_empty() && e.key == key).copied()
    }

    /// Starts loading the bucket of `key` into the cache, so that a probe a little later does not
    /// wait for memory: with a table of many megabytes nearly every probe misses the cache.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: SSE is part of every x86_64 processor, and a prefetch only hints the
            // cache: it reads nothing and cannot fault, here on a bucket of the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, mv: u32, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let i = self.index(key);
        let pair = &mut self.buckets[i].0;
        let slot = if let Some(j) = pair.iter().position(|e| e.key == key) {
            j
        } else {
            // Prefer replacing an entry from an older search, then the shallower one.
            let value = |e: &Entry| (!e.is_empty() && e.generation() == generation) as i32 * 256 + e.depth as i32;
            if value(&pair[0]) <= value(&pair[1]) { 0 } else { 1 }
        };
        let e = &mut pair[slot];
        // Keep the old move when a fail-low store has none.
        let mv = if mv == 0 && e.key == key { e.mv } else { mv };
        *e = Entry {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 127) as i8,
            flags: bound as u8 | generation << 2,
        };
    }
}

/// Asks Linux to back `memory` (not touched yet) with 2 MB pages where it can. Probes land all
/// over a table of many megabytes; with 4 KB pages nearly each one also misses the TLB and walks
/// the page tables. Nothing changes if the system does not allow it.
fn advise_huge_pages<T>(memory: &mut [std::mem::MaybeUninit<T>]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        let first = start.next_multiple_of(PAGE);
        if end > first + PAGE {
            let len = (end - first) / PAGE * PAGE;
            // SAFETY: the range lies inside the allocation `memory` borrows, and MADV_HUGEPAGE
            // only changes how the kernel backs those pages, never their contents.
            unsafe {
                libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_takes_16_bytes_and_a_bucket_one_aligned_half_line() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(std::mem::size_of::<Bucket>(), 32);
        assert_eq!(std::mem::align_of::<Bucket>(), 32);
    }

    #[test]
    fn entries_of_a_search_63_searches_ago_are_still_told_apart_from_new_ones() {
        let mut tt = Tt::new(8);
        let (a, b, c) = (0x1000u64 << 8, 0x2000u64 << 8, 0x3000u64 << 8);
        // `a` is deep but old; `b` shallow but from this search: the new key replaces `a`.
        tt.store(a, 1, 10, 9, Bound::Exact);
        for _ in 0..63 {
            tt.new_search();
        }
        tt.store(b, 2, 20, 3, Bound::Exact);
        tt.store(c, 3, 30, 4, Bound::Exact);
        assert!(tt.probe(a).is_none(), "the older entry is replaced");
        assert!(tt.probe(b).is_some() && tt.probe(c).is_some());
        assert_eq!(tt.probe(c).and_then(|e| e.bound()), Some(Bound::Exact));
    }

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
