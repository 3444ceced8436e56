//! Palette PNGs written from bands of rows compressed one by one and kept by what they show.
//!
//! Successive pictures of a game differ in two or three board rows, while pictures of different
//! games share many more (the frame, empty rows, the start rows). Each band is compressed on its
//! own as raw deflate ending in a sync flush, byte aligned and not final, so compressed bands put
//! one after the other make one valid zlib stream, whose checksum is put together from the
//! bands' own. A band found in the cache is neither drawn nor compressed again. A band starts
//! without the previous band in its window, which costs a few bytes per band.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use flate2::{Compress, Compression, FlushCompress};

use super::RenderError;

/// Memory a key holds besides itself.
pub(super) trait Weigh {
    fn heap_bytes(&self) -> usize;
}

/// Compressed bands kept for later pictures, up to a total number of bytes, found by a key that
/// says everything drawn in the band: equal keys must mean equal rows.
///
/// Eviction is by generation: bands go to the young generation, and when it is full the old one
/// is dropped and the young one becomes old. A band found in the old generation moves back to
/// the young one, so bands that pictures keep using stay, like LRU, at O(1) per band.
pub(super) struct BandCache<K> {
    /// Bytes a generation may hold: half the bound, so both together stay under it.
    half: usize,
    state: Mutex<Generations<K>>,
    hits: AtomicU64,
    misses: AtomicU64,
}

struct Generations<K> {
    young: HashMap<(K, u8), Arc<Band>>,
    old: HashMap<(K, u8), Arc<Band>>,
    young_bytes: usize,
    old_bytes: usize,
}

impl<K> Default for Generations<K> {
    fn default() -> Self {
        Generations { young: HashMap::new(), old: HashMap::new(), young_bytes: 0, old_bytes: 0 }
    }
}

/// Rows compressed: the deflate blocks, and the Adler-32 and length of the rows.
pub(super) struct Band {
    deflated: Box<[u8]>,
    adler: u32,
    len: usize,
    /// The key's share of memory.
    key_bytes: usize,
}

/// Memory of an entry besides the compressed bytes and the key's heap: the `Arc` with the band,
/// the key itself and the map slot.
const ENTRY_OVERHEAD: usize = 160;

impl Band {
    fn bytes(&self) -> usize {
        self.deflated.len() + self.key_bytes + ENTRY_OVERHEAD
    }
}

/// What a cache holds, and how often it had a band asked for.
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Usage {
    pub bands: usize,
    pub bytes: usize,
    pub hits: u64,
    pub misses: u64,
}

impl<K: Hash + Eq + Weigh> BandCache<K> {
    /// A cache holding at most `bound` bytes of bands (compressed, with their keys and upkeep).
    pub(super) fn new(bound: usize) -> BandCache<K> {
        BandCache {
            half: bound / 2,
            state: Mutex::new(Generations::default()),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        }
    }

    #[cfg(test)]
    pub(super) fn usage(&self) -> Usage {
        let g = self.lock();
        Usage {
            bands: g.young.len() + g.old.len(),
            bytes: g.young_bytes + g.old_bytes,
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Generations<K>> {
        // The maps and their byte counts are updated together between calls that cannot panic.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The band known by `key`, compressed at `level`: from the cache, or made now from the rows
    /// `rows` gives (PNG scanlines without a filter: a zero byte, then the row's palette
    /// indices), compressed without holding the lock, and kept.
    pub(super) fn band(
        &self,
        key: K,
        level: u8,
        rows: impl FnOnce() -> Result<Vec<u8>, RenderError>,
    ) -> Result<Arc<Band>, RenderError> {
        let key = (key, level);
        if let Some(band) = self.find(&key) {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return Ok(band);
        }
        self.misses.fetch_add(1, Ordering::Relaxed);
        let raw = rows()?;
        let mut adler = simd_adler32::Adler32::new();
        adler.write(&raw);
        let band = Arc::new(Band {
            deflated: deflate_band(&raw, level)?.into_boxed_slice(),
            adler: adler.finish(),
            len: raw.len(),
            key_bytes: key.0.heap_bytes(),
        });
        self.keep(key, Arc::clone(&band));
        Ok(band)
    }

    fn find(&self, key: &(K, u8)) -> Option<Arc<Band>> {
        let mut g = self.lock();
        if let Some(band) = g.young.get(key) {
            return Some(Arc::clone(band));
        }
        let (key, band) = g.old.remove_entry(key)?;
        g.old_bytes -= band.bytes();
        let dropped = g.add(key, Arc::clone(&band), self.half);
        drop(g);
        drop(dropped);
        Some(band)
    }

    fn keep(&self, key: (K, u8), band: Arc<Band>) {
        if band.bytes() > self.half {
            return;
        }
        let mut g = self.lock();
        if let Some(old) = g.old.remove(&key) {
            g.old_bytes -= old.bytes();
        }
        let dropped = g.add(key, band, self.half);
        drop(g);
        drop(dropped);
    }
}

/// Writes an 8-bit palette PNG of `width`×`height` pixels from its bands, top to bottom, each
/// compressed at `level` by [`BandCache::band`].
pub(super) fn write_png(
    width: u32,
    height: u32,
    palette: &[u8],
    bands: &[Arc<Band>],
    level: u8,
) -> Result<Vec<u8>, RenderError> {
    let stride = width as usize + 1;
    let total: usize = bands.iter().map(|b| b.len).sum();
    if width == 0
        || height == 0
        || total != stride * height as usize
        || bands.iter().any(|b| !b.len.is_multiple_of(stride))
    {
        return Err(RenderError::Shape { width, height, bytes: total });
    }
    if palette.is_empty() || palette.len() > 256 * 3 || !palette.len().is_multiple_of(3) {
        return Err(RenderError::Palette(palette.len()));
    }
    let deflated: usize = bands.iter().map(|b| b.deflated.len()).sum();
    let mut idat = Vec::with_capacity(deflated + 8);
    idat.extend_from_slice(&zlib_header(level));
    let mut adler = 1;
    for band in bands {
        idat.extend_from_slice(&band.deflated);
        adler = adler32_combine(adler, band.adler, band.len);
    }
    // A final fixed-Huffman block holding only its end code closes the stream.
    idat.extend_from_slice(&[0x03, 0x00]);
    idat.extend_from_slice(&adler.to_be_bytes());

    let mut png = Vec::with_capacity(idat.len() + palette.len() + 64);
    png.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = [0u8; 13];
    ihdr[..4].copy_from_slice(&width.to_be_bytes());
    ihdr[4..8].copy_from_slice(&height.to_be_bytes());
    // Bit depth 8, colour type 3 (palette), deflate, adaptive filtering, no interlace.
    ihdr[8..].copy_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut png, b"IHDR", &ihdr)?;
    chunk(&mut png, b"PLTE", palette)?;
    chunk(&mut png, b"IDAT", &idat)?;
    chunk(&mut png, b"IEND", &[])?;
    Ok(png)
}

/// The Adler-32 of two byte strings one after the other, from the checksum of each and the
/// length of the second (as zlib's `adler32_combine`).
fn adler32_combine(first: u32, second: u32, second_len: usize) -> u32 {
    const BASE: u64 = 65_521;
    let rem = second_len as u64 % BASE;
    let (a1, b1) = (u64::from(first & 0xffff), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xffff), u64::from(second >> 16));
    // a = a1 + a2 - 1, b = b1 + b2 + rem * (a1 - 1), all mod BASE.
    let a = (a1 + a2 + BASE - 1) % BASE;
    let b = (b1 + b2 + rem * a1 + BASE - rem) % BASE;
    ((b << 16) | a) as u32
}

impl<K: Hash + Eq> Generations<K> {
    /// Adds a band to the young generation, first making the young generation old if the band
    /// does not fit. Returns what was dropped, to be freed after the lock is released.
    fn add(&mut self, key: (K, u8), band: Arc<Band>, half: usize) -> Option<HashMap<(K, u8), Arc<Band>>> {
        let bytes = band.bytes();
        let mut dropped = None;
        if self.young_bytes + bytes > half {
            let young = std::mem::take(&mut self.young);
            dropped = Some(std::mem::replace(&mut self.old, young));
            self.old_bytes = self.young_bytes;
            self.young_bytes = 0;
        }
        if let Some(previous) = self.young.insert(key, band) {
            self.young_bytes -= previous.bytes();
        }
        self.young_bytes += bytes;
        dropped
    }
}

/// Raw deflate of one band, ending in a sync flush.
fn deflate_band(raw: &[u8], level: u8) -> Result<Vec<u8>, RenderError> {
    thread_local! {
        // A compressor owns a few hundred KB of tables: one per thread and level is reused.
        static COMPRESSOR: std::cell::RefCell<Option<(u8, Compress)>> =
            const { std::cell::RefCell::new(None) };
    }
    COMPRESSOR.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_some_and(|(l, _)| *l != level) {
            *cell = None;
        }
        let (_, compress) = cell.get_or_insert_with(|| (level, Compress::new(Compression::new(level.into()), false)));
        compress.reset();
        // Room for stored blocks in the worst case, so that one call usually does it all.
        let mut out = Vec::with_capacity(raw.len() + raw.len() / 64 + 64);
        loop {
            let done = usize::try_from(compress.total_in()).unwrap_or(usize::MAX);
            let rest = raw.get(done..).unwrap_or_default();
            compress.compress_vec(rest, &mut out, FlushCompress::Sync)?;
            let consumed = usize::try_from(compress.total_in()).unwrap_or(usize::MAX);
            // The flush is complete once all input is in and the output had room to spare.
            if consumed >= raw.len() && out.len() < out.capacity() {
                return Ok(out);
            }
            out.reserve(out.capacity().max(1024));
        }
    })
}

/// The two zlib header bytes: deflate with a 32 KB window, the level class, the check bits.
fn zlib_header(level: u8) -> [u8; 2] {
    const CMF: u8 = 0x78;
    let class: u8 = match level {
        0 | 1 => 0,
        2..=5 => 1,
        6 => 2,
        _ => 3,
    };
    let flg = class << 6;
    let check = (31 - (u16::from(CMF) << 8 | u16::from(flg)) % 31) % 31;
    [CMF, flg | check as u8]
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) -> Result<(), RenderError> {
    let len = u32::try_from(data.len())
        .ok()
        .filter(|&n| n <= i32::MAX as u32)
        .ok_or(RenderError::ChunkTooLong(data.len()))?;
    png.extend_from_slice(&len.to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.finalize().to_be_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows that look a little like a board: runs of two colours, with noisy stretches standing in
    /// for shaded pieces on every row (so that no two bands are alike). `seed` changes the noise
    /// and `shift` moves the runs.
    fn rows(width: u32, height: u32, seed: u32, shift: u32) -> Vec<u8> {
        let mut state = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
        let mut out = Vec::new();
        for y in 0..height {
            out.push(0);
            for x in 0..width {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                let square = ((x + shift) / 16 + y / 16) % 2;
                let piece = (x + shift) % 48 < 12;
                let index = if piece { 2 + (state >> 29) as u8 } else { square as u8 };
                out.push(index);
            }
        }
        out
    }

    fn palette(entries: usize) -> Vec<u8> {
        (0..entries * 3).map(|i| (i * 37 % 251) as u8).collect()
    }

    /// Decodes with the checksums checked, returning the palette and the indices.
    fn decode(png: &[u8]) -> (Vec<u8>, Vec<u8>, u32, u32) {
        let mut options = ::png::DecodeOptions::default();
        options.set_ignore_adler32(false);
        options.set_ignore_crc(false);
        let decoder = ::png::Decoder::new_with_options(std::io::Cursor::new(png), options);
        let mut reader = match decoder.read_info() {
            Ok(r) => r,
            Err(e) => panic!("not a PNG: {e}"),
        };
        let palette = reader.info().palette.as_ref().map(|p| p.to_vec()).unwrap_or_default();
        let size = reader.output_buffer_size().unwrap_or(0);
        let mut buf = vec![0; size];
        let frame = match reader.next_frame(&mut buf) {
            Ok(f) => f,
            Err(e) => panic!("bad image data: {e}"),
        };
        assert_eq!(frame.color_type, ::png::ColorType::Indexed);
        assert_eq!(frame.bit_depth, ::png::BitDepth::Eight);
        buf.truncate(frame.buffer_size());
        (palette, buf, frame.width, frame.height)
    }

    fn without_filter_bytes(scanlines: &[u8], width: u32) -> Vec<u8> {
        scanlines.chunks_exact(width as usize + 1).flat_map(|row| row[1..].iter().copied()).collect()
    }

    impl Weigh for (u32, u32) {
        fn heap_bytes(&self) -> usize {
            0
        }
    }

    /// Writes `scanlines` cut at `cuts`, each band known by `(picture, first row)`.
    fn write(
        cache: &BandCache<(u32, u32)>,
        picture: u32,
        (width, height): (u32, u32),
        palette: &[u8],
        scanlines: &[u8],
        cuts: &[u32],
        level: u8,
    ) -> Result<Vec<u8>, RenderError> {
        let stride = width as usize + 1;
        let mut bounds: Vec<u32> = cuts.iter().map(|&c| c.min(height)).collect();
        bounds.sort_unstable();
        bounds.push(height);
        let mut bands = Vec::new();
        let mut start = 0;
        for cut in bounds {
            if cut > start {
                let rows = &scanlines[start as usize * stride..cut as usize * stride];
                bands.push(cache.band((picture, start), level, || Ok(rows.to_vec()))?);
                start = cut;
            }
        }
        write_png(width, height, palette, &bands, level)
    }

    #[test]
    fn bands_make_a_png_that_decodes_to_the_rows_however_they_are_cut() {
        let cache = BandCache::new(8 << 20);
        let cases: [(u32, u32, Vec<u32>); 7] = [
            (64, 64, vec![0, 10, 20, 54]),
            (64, 64, vec![]),
            (64, 64, (0..64).collect()),
            // Unsorted, repeated, past the bottom: empty bands are skipped.
            (64, 64, vec![30, 5, 5, 40, 200]),
            (1, 1, vec![0]),
            (333, 200, vec![0, 17, 100, 150]),
            // Bands longer than a stored block (64 KB) and than the window.
            (640, 300, vec![0, 150]),
        ];
        for (i, (width, height, cuts)) in cases.into_iter().enumerate() {
            let scanlines = rows(width, height, i as u32, 0);
            let rgb = palette(26);
            for level in [1, 2, 6, 9] {
                let png = match write(&cache, i as u32, (width, height), &rgb, &scanlines, &cuts, level) {
                    Ok(png) => png,
                    Err(e) => panic!("case {i}: {e}"),
                };
                let (p, indices, w, h) = decode(&png);
                assert_eq!((w, h), (width, height), "case {i}");
                assert_eq!(p, rgb, "case {i}");
                assert!(indices == without_filter_bytes(&scanlines, width), "case {i} level {level}: pixels differ");
            }
        }
    }

    #[test]
    fn checksums_of_parts_combine_into_the_checksum_of_the_whole() {
        let data: Vec<u8> =
            (0..300_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8 | (i % 3 * 100) as u8).collect();
        let adler = |bytes: &[u8]| {
            let mut a = simd_adler32::Adler32::new();
            a.write(bytes);
            a.finish()
        };
        // Cuts on both sides of the modulus 65521 and of its multiples, and empty parts.
        for cut in [0, 1, 5552, 65_520, 65_521, 65_522, 131_042, 200_000, 300_000] {
            let (a, b) = data.split_at(cut);
            assert_eq!(adler32_combine(adler(a), adler(b), b.len()), adler(&data), "cut at {cut}");
        }
        assert_eq!(adler32_combine(1, 1, 0), 1);
    }

    #[test]
    fn a_warm_cache_gives_the_bytes_a_cold_one_gave_without_making_rows_again() {
        let rgb = palette(16);
        let first = rows(120, 96, 1, 0);
        // The same picture with the runs moved in rows 32 to 63 only: two bands differ, and are
        // known by other keys.
        let mut second = first.clone();
        let moved = rows(120, 96, 1, 5);
        let stride = 121;
        second[32 * stride..64 * stride].copy_from_slice(&moved[32 * stride..64 * stride]);
        let made = std::cell::Cell::new(0);
        let write = |cache: &BandCache<(u32, u32)>, scanlines: &[u8]| {
            let mut bands = Vec::new();
            for (i, w) in [0, 16, 32, 48, 64, 80, 96].windows(2).enumerate() {
                let changed = scanlines[w[0] * stride..w[1] * stride] != first[w[0] * stride..w[1] * stride];
                let key = (u32::from(changed), i as u32);
                let band = cache
                    .band(key, 2, || {
                        made.set(made.get() + 1);
                        Ok(scanlines[w[0] * stride..w[1] * stride].to_vec())
                    })
                    .unwrap_or_else(|e| panic!("{e}"));
                bands.push(band);
            }
            write_png(120, 96, &rgb, &bands, 2).unwrap_or_else(|e| panic!("{e}"))
        };
        let cold = BandCache::new(8 << 20);
        let first_cold = write(&cold, &first);
        assert_eq!((cold.usage().misses, made.get()), (6, 6));
        let second_cold = write(&BandCache::new(8 << 20), &second);

        let warm = BandCache::new(8 << 20);
        assert_eq!(write(&warm, &first), first_cold);
        let before = (warm.usage(), made.get());
        assert_eq!(write(&warm, &first), first_cold);
        let again = warm.usage();
        assert_eq!((again.hits - before.0.hits, again.misses), (6, 6));
        assert_eq!(made.get(), before.1, "rows were made for bands in the cache");
        assert_eq!(write(&warm, &second), second_cold);
        let after = warm.usage();
        assert_eq!((after.hits - again.hits, after.misses - again.misses), (4, 2));
        assert_eq!(decode(&second_cold).1, without_filter_bytes(&second, 120));
    }

    #[test]
    fn the_level_is_part_of_the_key() {
        let rgb = palette(16);
        let scanlines = rows(200, 64, 3, 0);
        let cache = BandCache::new(8 << 20);
        let write =
            |level| write(&cache, 0, (200, 64), &rgb, &scanlines, &[0, 32], level).unwrap_or_else(|e| panic!("{e}"));
        let fast = write(1);
        let small = write(9);
        assert_ne!(fast, small);
        assert_eq!(cache.usage().hits, 0);
        assert_eq!(write(1), fast);
        assert_eq!(write(9), small);
        assert_eq!(cache.usage().hits, 4);
    }

    #[test]
    fn the_cache_stays_under_its_bound_and_keeps_the_bands_in_use() {
        let bound = 64 * 1024;
        let cache = BandCache::new(bound);
        let rgb = palette(16);
        // Rows 0..32 are the same in every picture, the rest differs each time.
        let common = rows(256, 32, 99, 0);
        for i in 0..200u32 {
            let mut scanlines = common.clone();
            scanlines.extend_from_slice(&rows(256, 64, i, i % 7));
            let stride = 257;
            let mut bands = Vec::new();
            for (start, end) in [(0, 32), (32, 64), (64, 96)] {
                // The common band is picture 0's.
                let picture = if start == 0 { 0 } else { i };
                let rows = &scanlines[start as usize * stride..end as usize * stride];
                let band = cache.band((picture, start), 2, || Ok(rows.to_vec())).unwrap_or_else(|e| panic!("{e}"));
                bands.push(band);
            }
            let png = write_png(256, 96, &rgb, &bands, 2).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(decode(&png).1, without_filter_bytes(&scanlines, 256));
            let usage = cache.usage();
            assert!(usage.bytes <= bound, "picture {i}: {usage:?}");
            assert!(usage.bands >= 1, "picture {i}: {usage:?}");
        }
        let usage = cache.usage();
        // 200 pictures of about 10 KB compressed: most had to go.
        assert!(usage.bands < 100, "{usage:?}");
        // The common band was found every time after the first.
        assert!(usage.hits >= 199, "{usage:?}");
        // A band over half the bound is written but not kept.
        let tall = rows(1024, 200, 5, 0);
        let before = cache.usage().bands;
        write(&cache, 1000, (1024, 200), &rgb, &tall, &[0], 0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(cache.usage().bands, before);
    }

    #[test]
    fn zlib_header_checks_out() {
        for level in 0..=10u8 {
            let [cmf, flg] = zlib_header(level);
            assert_eq!((u16::from(cmf) << 8 | u16::from(flg)) % 31, 0, "{level}");
            assert_eq!(cmf & 0x0f, 8);
            assert_eq!(flg & 0x20, 0, "no preset dictionary");
        }
    }

    #[test]
    fn shapes_and_palettes_that_cannot_be_written_are_errors() {
        let cache = BandCache::new(1 << 20);
        let rgb = palette(4);
        let rows = rows(10, 10, 1, 0);
        let band = |key, bytes: &[u8]| cache.band(key, 2, || Ok(bytes.to_vec())).unwrap_or_else(|e| panic!("{e}"));
        let whole = band((0, 0), &rows);
        let shape = |width, height, bands: &[Arc<Band>]| {
            matches!(write_png(width, height, &rgb, bands, 2), Err(RenderError::Shape { .. }))
        };
        assert!(shape(10, 11, std::slice::from_ref(&whole)));
        assert!(shape(0, 10, std::slice::from_ref(&whole)));
        assert!(shape(10, 10, &[]));
        // The right length in all, but a band ends inside a row.
        let (a, b) = rows.split_at(30);
        assert!(shape(10, 10, &[band((1, 0), a), band((1, 1), b)]));
        for bad in [0, 4, 257 * 3] {
            assert!(matches!(
                write_png(10, 10, &vec![7; bad], std::slice::from_ref(&whole), 2),
                Err(RenderError::Palette(_))
            ));
        }
        assert!(write_png(10, 10, &rgb, &[whole], 2).is_ok());
    }
}
