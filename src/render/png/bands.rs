//! Palette PNGs written from bands of rows compressed one by one and kept by content.
//!
//! Deflate is the largest cost of a picture, and successive pictures of a game differ in two or
//! three board rows while pictures of different games share many more (the frame, empty rows,
//! the start rows). Each band is compressed on its own as raw deflate ending in a sync flush,
//! byte aligned and not final, so compressed bands put one after the other make one valid zlib
//! stream; a band seen before is not compressed again. A band starts without the previous band
//! in its window, which costs a few bytes per band.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use flate2::{Compress, Compression, FlushCompress};

use super::RenderError;

/// Compressed bands kept for later pictures, up to a total number of bytes.
///
/// Eviction is by generation: bands go to the young generation, and when it is full the old one
/// is dropped and the young one becomes old. A band found in the old generation moves back to
/// the young one, so bands that pictures keep using stay, like LRU, at O(1) per band.
pub(super) struct BandCache {
    /// Bytes a generation may hold: half the bound, so both together stay under it.
    half: usize,
    state: Mutex<Generations>,
    hits: AtomicU64,
    misses: AtomicU64,
}

#[derive(Default)]
struct Generations {
    young: HashMap<Key, Arc<Band>>,
    old: HashMap<Key, Arc<Band>>,
    young_bytes: usize,
    old_bytes: usize,
}

/// Finds a band's entry quickly; only the stored raw bytes say whether it is the same band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    level: u8,
    len: usize,
    crc: u32,
}

impl Key {
    fn of(raw: &[u8], level: u8) -> Key {
        Key {
            level,
            len: raw.len(),
            crc: crc32fast::hash(raw),
        }
    }
}

struct Band {
    raw: Box<[u8]>,
    deflated: Box<[u8]>,
}

/// Memory of an entry besides its two buffers: the `Arc` with the band, and the map slot.
const ENTRY_OVERHEAD: usize = 128;

impl Band {
    fn bytes(&self) -> usize {
        self.raw.len() + self.deflated.len() + ENTRY_OVERHEAD
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

impl BandCache {
    /// A cache holding at most `bound` bytes of bands (raw and compressed, with their upkeep).
    pub(super) fn new(bound: usize) -> BandCache {
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

    fn lock(&self) -> std::sync::MutexGuard<'_, Generations> {
        // The maps and their byte counts are updated together between calls that cannot panic.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The compressed band for `raw`, from the cache or compressed now (without holding the lock)
    /// and kept.
    fn deflated(&self, raw: &[u8], level: u8) -> Result<Arc<Band>, RenderError> {
        let key = Key::of(raw, level);
        if let Some(band) = self.find(key) {
            // Another band with the same key (a CRC collision) is treated as a miss and replaced.
            if *band.raw == *raw {
                self.hits.fetch_add(1, Ordering::Relaxed);
                return Ok(band);
            }
        }
        self.misses.fetch_add(1, Ordering::Relaxed);
        let band = Arc::new(Band {
            raw: raw.into(),
            deflated: deflate_band(raw, level)?.into_boxed_slice(),
        });
        self.keep(key, Arc::clone(&band));
        Ok(band)
    }

    fn find(&self, key: Key) -> Option<Arc<Band>> {
        let mut g = self.lock();
        if let Some(band) = g.young.get(&key) {
            return Some(Arc::clone(band));
        }
        let band = g.old.remove(&key)?;
        g.old_bytes -= band.bytes();
        let dropped = g.add(key, Arc::clone(&band), self.half);
        drop(g);
        drop(dropped);
        Some(band)
    }

    fn keep(&self, key: Key, band: Arc<Band>) {
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

    /// Writes an 8-bit palette PNG. `scanlines` holds each row as PNG stores it without a filter
    /// (a zero byte, then the row's palette indices); rows `cuts[i]..cuts[i + 1]` make band `i`,
    /// with rows before the first cut in a band of their own and the last band running to the
    /// bottom.
    pub(super) fn write_png(
        &self,
        width: u32,
        height: u32,
        palette: &[u8],
        scanlines: &[u8],
        cuts: &[u32],
        level: u8,
    ) -> Result<Vec<u8>, RenderError> {
        let stride = width as usize + 1;
        if width == 0 || height == 0 || scanlines.len() != stride * height as usize {
            return Err(RenderError::Shape {
                width,
                height,
                bytes: scanlines.len(),
            });
        }
        if palette.is_empty() || palette.len() > 256 * 3 || !palette.len().is_multiple_of(3) {
            return Err(RenderError::Palette(palette.len()));
        }
        let mut bands = Vec::with_capacity(cuts.len() + 1);
        let mut start = 0;
        for &cut in cuts.iter().chain(std::iter::once(&height)) {
            let cut = cut.min(height) as usize;
            if cut > start {
                bands.push(self.deflated(&scanlines[start * stride..cut * stride], level)?);
                start = cut;
            }
        }
        let deflated: usize = bands.iter().map(|b| b.deflated.len()).sum();
        let mut idat = Vec::with_capacity(deflated + 8);
        idat.extend_from_slice(&zlib_header(level));
        for band in &bands {
            idat.extend_from_slice(&band.deflated);
        }
        // A final fixed-Huffman block holding only its end code closes the stream.
        idat.extend_from_slice(&[0x03, 0x00]);
        let mut adler = simd_adler32::Adler32::new();
        adler.write(scanlines);
        idat.extend_from_slice(&adler.finish().to_be_bytes());

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
}

impl Generations {
    /// Adds a band to the young generation, first making the young generation old if the band
    /// does not fit. Returns what was dropped, to be freed after the lock is released.
    fn add(&mut self, key: Key, band: Arc<Band>, half: usize) -> Option<HashMap<Key, Arc<Band>>> {
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
        let (_, compress) = cell
            .get_or_insert_with(|| (level, Compress::new(Compression::new(level.into()), false)));
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
                let index = if piece {
                    2 + (state >> 29) as u8
                } else {
                    square as u8
                };
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
        let palette = reader
            .info()
            .palette
            .as_ref()
            .map(|p| p.to_vec())
            .unwrap_or_default();
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
        scanlines
            .chunks_exact(width as usize + 1)
            .flat_map(|row| row[1..].iter().copied())
            .collect()
    }

    #[test]
    fn bands_make_a_png_that_decodes_to_the_rows_however_they_are_cut() {
        let cache = BandCache::new(8 << 20);
        let cases: [(u32, u32, Vec<u32>); 7] = [
            (64, 64, vec![0, 10, 20, 54]),
            (64, 64, vec![]),
            (64, 64, (0..64).collect()),
            // Out of order, repeated, past the bottom: empty bands are skipped.
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
                let png = match cache.write_png(width, height, &rgb, &scanlines, &cuts, level) {
                    Ok(png) => png,
                    Err(e) => panic!("case {i}: {e}"),
                };
                let (p, indices, w, h) = decode(&png);
                assert_eq!((w, h), (width, height), "case {i}");
                assert_eq!(p, rgb, "case {i}");
                assert!(
                    indices == without_filter_bytes(&scanlines, width),
                    "case {i} level {level}: pixels differ"
                );
            }
        }
    }

    #[test]
    fn a_warm_cache_gives_the_bytes_a_cold_one_gave() {
        let rgb = palette(16);
        let cuts = [0, 16, 32, 48, 64, 80];
        let first = rows(120, 96, 1, 0);
        // The same picture with the runs moved in rows 32 to 63 only: two bands differ.
        let mut second = first.clone();
        let moved = rows(120, 96, 1, 5);
        let stride = 121;
        second[32 * stride..64 * stride].copy_from_slice(&moved[32 * stride..64 * stride]);

        let write = |cache: &BandCache, scanlines: &[u8]| {
            cache
                .write_png(120, 96, &rgb, scanlines, &cuts, 2)
                .unwrap_or_else(|e| panic!("{e}"))
        };
        let cold = BandCache::new(8 << 20);
        let first_cold = write(&cold, &first);
        assert_eq!(cold.usage().misses, 6);
        let second_cold = write(&BandCache::new(8 << 20), &second);

        let warm = BandCache::new(8 << 20);
        assert_eq!(write(&warm, &first), first_cold);
        let before = warm.usage();
        assert_eq!(write(&warm, &first), first_cold);
        let again = warm.usage();
        assert_eq!((again.hits - before.hits, again.misses), (6, 6));
        assert_eq!(write(&warm, &second), second_cold);
        let after = warm.usage();
        assert_eq!(
            (after.hits - again.hits, after.misses - again.misses),
            (4, 2)
        );
        assert_eq!(decode(&second_cold).1, without_filter_bytes(&second, 120));
    }

    #[test]
    fn a_stored_band_with_the_same_key_but_other_bytes_is_not_used() {
        let rgb = palette(16);
        let a = rows(100, 20, 7, 0);
        let b = rows(100, 20, 8, 3);
        assert_ne!(a, b);
        let cache = BandCache::new(8 << 20);
        // As if `b` had the CRC of `a`, which real collisions would give.
        let Ok(deflated) = deflate_band(&a, 2) else {
            panic!("deflate failed")
        };
        cache.keep(
            Key::of(&b, 2),
            Arc::new(Band {
                raw: a.clone().into(),
                deflated: deflated.into(),
            }),
        );
        let png = cache
            .write_png(100, 20, &rgb, &b, &[0], 2)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(decode(&png).1, without_filter_bytes(&b, 100));
        assert_eq!((cache.usage().hits, cache.usage().misses), (0, 1));
        // And the band compressed for `b` replaced the wrong one.
        let again = cache
            .write_png(100, 20, &rgb, &b, &[0], 2)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again, png);
        assert_eq!(cache.usage().hits, 1);
    }

    #[test]
    fn the_level_is_part_of_the_key() {
        let rgb = palette(16);
        let scanlines = rows(200, 64, 3, 0);
        let cache = BandCache::new(8 << 20);
        let write = |level| {
            cache
                .write_png(200, 64, &rgb, &scanlines, &[0, 32], level)
                .unwrap_or_else(|e| panic!("{e}"))
        };
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
        let bound = 256 * 1024;
        let cache = BandCache::new(bound);
        let rgb = palette(16);
        // Rows 0..32 are the same in every picture, the rest differs each time.
        let common = rows(256, 32, 99, 0);
        for i in 0..200u32 {
            let mut scanlines = common.clone();
            scanlines.extend_from_slice(&rows(256, 64, i, i % 7));
            let png = cache
                .write_png(256, 96, &rgb, &scanlines, &[0, 32, 64], 2)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(decode(&png).1, without_filter_bytes(&scanlines, 256));
            let usage = cache.usage();
            assert!(usage.bytes <= bound, "picture {i}: {usage:?}");
            assert!(usage.bands >= 1, "picture {i}: {usage:?}");
        }
        let usage = cache.usage();
        // 200 pictures of about 25 KB of rows: most had to go.
        assert!(usage.bands < 40, "{usage:?}");
        // The common band was found every time after the first.
        assert!(usage.hits >= 199, "{usage:?}");
        // A band over half the bound is written but not kept.
        let tall = rows(1024, 200, 5, 0);
        let before = cache.usage().bands;
        cache
            .write_png(1024, 200, &rgb, &tall, &[0], 2)
            .unwrap_or_else(|e| panic!("{e}"));
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
        assert!(matches!(
            cache.write_png(10, 11, &rgb, &rows, &[0], 2),
            Err(RenderError::Shape { .. })
        ));
        assert!(matches!(
            cache.write_png(0, 10, &rgb, &rows, &[0], 2),
            Err(RenderError::Shape { .. })
        ));
        for bad in [0, 4, 257 * 3] {
            assert!(matches!(
                cache.write_png(10, 10, &vec![7; bad], &rows, &[0], 2),
                Err(RenderError::Palette(_))
            ));
        }
    }
}
