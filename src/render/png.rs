//! The board as a PNG: the SVG layers rasterised by resvg with cached piece pictures in between,
//! written as an indexed (palette) PNG, which is about half the size of true colour for a board.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::{tiny_skia, usvg};

use super::font::options;
use super::svg::{Layers, Layout, Scene, sprite_svg};
use super::{BoardView, Theme};
use crate::rules::VariantId;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("board SVG did not parse: {0}")]
    Svg(#[from] usvg::Error),
    #[error("cannot allocate a {0}x{0} picture")]
    Pixmap(u32),
    #[error("PNG encoding failed: {0}")]
    Png(#[from] ::png::EncodingError),
}

/// Draws an SVG document onto `pixmap`, scaled to its width.
fn draw(svg: &str, pixmap: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    let tree = usvg::Tree::from_str(svg, options())?;
    let scale = pixmap.width() as f32 / tree.size().width().max(1.0);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(())
}

/// Rasterises an SVG document (such as [`super::board_svg`] returns) to `size`×`size` pixels.
pub fn rasterize(svg: &str, size: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap = tiny_skia::Pixmap::new(size, size).ok_or(RenderError::Pixmap(size))?;
    draw(svg, &mut pixmap)?;
    Ok(pixmap)
}

/// A piece (or its shadow) drawn once per square size and reused: gradients are the slowest thing
/// to rasterise, and a board has up to 40 identical pieces.
struct Sprite {
    pixmap: tiny_skia::Pixmap,
    /// Distance from the sprite's top-left pixel to the piece centre, rounded down.
    offset: i32,
}

fn sprite(id: &'static str, layout: &Layout) -> Result<Arc<Sprite>, RenderError> {
    type Cache = Mutex<HashMap<(&'static str, u32), Arc<Sprite>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (id, layout.square_px);
    if let Some(s) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(Arc::clone(s));
    }
    // Piece and shadow reach 0.51 of a square from the centre; keep a pixel or two to spare.
    let offset = (layout.square_px as f32 * 0.56).ceil() as u32 + 2;
    let size_px = 2 * offset + 1;
    // Centres of squares fall on a pixel boundary or a pixel middle, depending on the square size.
    let phase = if layout.square_px % 2 == 1 { 0.5 } else { 0.0 };
    let pixmap = rasterize(
        &sprite_svg(id, layout, size_px, offset as f32 + phase),
        size_px,
    )?;
    let sprite = Arc::new(Sprite {
        pixmap,
        offset: offset as i32,
    });
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if map.len() > 64 {
        map.clear();
    }
    map.insert(key, Arc::clone(&sprite));
    Ok(sprite)
}

/// The empty board depends only on these.
type BaseKey = (VariantId, bool, Theme, u32);

/// An empty board: frame, squares and coordinates, and apart from it the square numbers, which
/// go over the last-move and selection marks.
struct Base {
    board: tiny_skia::Pixmap,
    numbers: Option<tiny_skia::Pixmap>,
}

/// Empty boards drawn recently. Drawing one costs more than everything else in a picture; a
/// 640 px board takes 1.6 MB (twice that with numbers), so only a few are kept.
fn base(key: BaseKey, scene: &Scene) -> Result<Arc<Base>, RenderError> {
    const KEEP: usize = 8;
    type Cache = Mutex<Vec<(BaseKey, Arc<Base>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some((_, b)) = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|(k, _)| *k == key)
    {
        return Ok(Arc::clone(b));
    }
    let size = scene.layout.size;
    let board = rasterize(
        &scene.document(Layers {
            board: true,
            ..Layers::NONE
        }),
        size,
    )?;
    let numbers = if scene.numbered {
        Some(rasterize(
            &scene.document(Layers {
                numbers: true,
                ..Layers::NONE
            }),
            size,
        )?)
    } else {
        None
    };
    let base = Arc::new(Base { board, numbers });
    let mut list = cache.lock().unwrap_or_else(|e| e.into_inner());
    if list.len() >= KEEP {
        list.remove(0);
    }
    list.push((key, Arc::clone(&base)));
    Ok(base)
}

/// The board as RGBA pixels, drawn in the SVG's layer order: the cached empty board, the marks,
/// the cached numbers, the cached pieces, then everything drawn over the pieces.
pub fn board_pixmap(view: &BoardView) -> Result<tiny_skia::Pixmap, RenderError> {
    let scene = Scene::from_view(view);
    let layout = scene.layout;
    let base = base(
        (view.position.variant(), view.flip, view.theme, layout.size),
        &scene,
    )?;
    let mut pixmap = base.board.clone();
    if !scene.trail.is_empty() || scene.selected.is_some() {
        draw(
            &scene.document(Layers {
                marks: true,
                ..Layers::NONE
            }),
            &mut pixmap,
        )?;
    }
    if let Some(numbers) = &base.numbers {
        blend(&mut pixmap, numbers, 0, 0);
    }
    let shade = sprite("shade", &layout)?;
    for pass in 0..2 {
        for (cell, man) in &scene.pieces {
            let s = if pass == 0 {
                Arc::clone(&shade)
            } else {
                sprite(man.id(), &layout)?
            };
            let (cx, cy) = layout.center_px(*cell);
            let (x, y) = (cx.floor() as i32 - s.offset, cy.floor() as i32 - s.offset);
            blend(&mut pixmap, &s.pixmap, x, y);
        }
    }
    draw(
        &scene.document(Layers {
            over: true,
            ..Layers::NONE
        }),
        &mut pixmap,
    )?;
    Ok(pixmap)
}

/// Draws `src` over `dst` with its top-left pixel at (x, y). Both are premultiplied RGBA; a plain
/// loop is several times faster here than tiny-skia's general pattern pipeline.
fn blend(dst: &mut tiny_skia::Pixmap, src: &tiny_skia::Pixmap, x: i32, y: i32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let (x0, y0) = (x.max(0), y.max(0));
    let (x1, y1) = ((x + sw).min(dw), (y + sh).min(dh));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let data = dst.data_mut();
    let sdata = src.data();
    for row in y0..y1 {
        let d_start = ((row * dw + x0) * 4) as usize;
        let s_start = (((row - y) * sw + (x0 - x)) * 4) as usize;
        let len = ((x1 - x0) * 4) as usize;
        let d = &mut data[d_start..d_start + len];
        let s = &sdata[s_start..s_start + len];
        for (dp, sp) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
            let inv = 255 - u32::from(sp[3]);
            if inv == 255 {
                continue;
            }
            for i in 0..4 {
                // Rounded division by 255.
                let v = u32::from(dp[i]) * inv + 128;
                dp[i] = (u32::from(sp[i]) + ((v + (v >> 8)) >> 8)) as u8;
            }
        }
    }
}

/// The board as PNG bytes (an 8-bit palette image). The time it took goes to the observer set
/// with [`super::observe_renders`], if any.
pub fn board_png(view: &BoardView) -> Result<Vec<u8>, RenderError> {
    let start = std::time::Instant::now();
    let png = encode_indexed(&board_pixmap(view)?);
    super::rendered(start.elapsed());
    png
}

/// zlib level. On a 640 px board, level 1 gives about 31 KB, 2 about 26 KB for half a
/// millisecond more, and higher levels save little more for another millisecond.
const DEFLATE_LEVEL: u8 = 2;

/// Writes the pixmap as a true-colour PNG (kept for comparison in the benchmark).
pub fn encode_rgb(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let mut rgb = Vec::with_capacity(pixmap.data().len() / 4 * 3);
    for px in pixmap.pixels() {
        let c = px.demultiply();
        rgb.extend_from_slice(&[c.red(), c.green(), c.blue()]);
    }
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(::png::ColorType::Rgb);
    enc.set_depth(::png::BitDepth::Eight);
    enc.set_filter(::png::Filter::Adaptive);
    enc.set_deflate_compression(::png::DeflateCompression::Level(DEFLATE_LEVEL));
    let mut writer = enc.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

/// Writes the pixmap as an 8-bit palette PNG (see [`quantize`]).
pub fn encode_indexed(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let (palette, indices) = quantize(pixmap);
    let mut out = Vec::with_capacity(32 * 1024);
    let mut enc = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(::png::ColorType::Indexed);
    enc.set_depth(::png::BitDepth::Eight);
    enc.set_palette(palette);
    // Palette indices are not numbers, so row filters only hurt; and fdeflate's fast mode finds
    // too few of the long repeats (identical pieces, flat squares) that zlib finds.
    enc.set_filter(::png::Filter::NoFilter);
    enc.set_deflate_compression(::png::DeflateCompression::Level(DEFLATE_LEVEL));
    let mut writer = enc.write_header()?;
    writer.write_image_data(&indices)?;
    writer.finish()?;
    Ok(out)
}

/// Colour key with 6 bits per channel: fine enough that flat colours keep their exact value and
/// gradients keep 64 steps, coarse enough for an array histogram.
const BITS: u32 = 6;
const LEVELS: usize = 1 << BITS;
const KEYS: usize = LEVELS * LEVELS * LEVELS;

fn key(r: u8, g: u8, b: u8) -> usize {
    let s = 8 - BITS;
    (usize::from(r >> s) << (2 * BITS)) | (usize::from(g >> s) << BITS) | usize::from(b >> s)
}

#[derive(Clone, Copy, Default)]
struct Bin {
    count: u32,
    sum: [u32; 3],
}

/// Median-cut quantisation to at most 256 colours, without dithering (dithering would cost more
/// bytes than the banding it hides on a picture made of flat colours and smooth shading).
/// Returns the RGB palette and one palette index per pixel.
pub fn quantize(pixmap: &tiny_skia::Pixmap) -> (Vec<u8>, Vec<u8>) {
    thread_local! {
        // The histogram is 4 MB: kept per thread and cleared bin by bin after use.
        static SCRATCH: std::cell::RefCell<(Vec<Bin>, Vec<u8>)> =
            std::cell::RefCell::new((vec![Bin::default(); KEYS], vec![0u8; KEYS]));
    }
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let (bins, lut) = &mut *scratch;
        quantize_with(pixmap, bins, lut)
    })
}

fn quantize_with(
    pixmap: &tiny_skia::Pixmap,
    bins: &mut [Bin],
    lut: &mut [u8],
) -> (Vec<u8>, Vec<u8>) {
    let mut used: Vec<u32> = Vec::new();
    // Board pictures are long runs of one colour: count runs, not pixels, in the histogram.
    let mut add = |px: u32, n: u32| {
        let [r, g, b, _] = px.to_le_bytes();
        let k = key(r, g, b);
        let bin = &mut bins[k];
        if bin.count == 0 {
            used.push(k as u32);
        }
        bin.count += n;
        bin.sum[0] += u32::from(r) * n;
        bin.sum[1] += u32::from(g) * n;
        bin.sum[2] += u32::from(b) * n;
    };
    let mut words = pixmap
        .data()
        .chunks_exact(4)
        .map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]]));
    if let Some(first) = words.next() {
        let (mut color, mut n) = (first, 1);
        for px in words {
            if px == color {
                n += 1;
            } else {
                add(color, n);
                (color, n) = (px, 1);
            }
        }
        add(color, n);
    }
    let mut palette = Vec::with_capacity(256 * 3);

    if used.len() <= 256 {
        for (i, &k) in used.iter().enumerate() {
            push_mean(&mut palette, &bins[k as usize]);
            lut[k as usize] = i as u8;
        }
    } else {
        // Boxes are ranges of `used`; split the box with the highest score each time.
        let mut boxes: Vec<ColorBox> = vec![ColorBox::new(&used, bins, 0, used.len())];
        while boxes.len() < 256 {
            let Some((i, b)) = boxes
                .iter()
                .enumerate()
                .filter(|(_, b)| b.hi - b.lo >= 2)
                .max_by_key(|(_, b)| b.score)
            else {
                break;
            };
            let (lo, hi, axis) = (b.lo, b.hi, b.axis);
            let slice = &mut used[lo..hi];
            slice.sort_unstable_by_key(|&k| channel(k, axis));
            let total: u64 = slice
                .iter()
                .map(|&k| u64::from(bins[k as usize].count))
                .sum();
            let mut acc = 0u64;
            let mut cut = 1;
            for (j, &k) in slice.iter().enumerate() {
                acc += u64::from(bins[k as usize].count);
                if acc * 2 >= total {
                    cut = (j + 1).clamp(1, slice.len() - 1);
                    break;
                }
            }
            boxes[i] = ColorBox::new(&used, bins, lo, lo + cut);
            boxes.push(ColorBox::new(&used, bins, lo + cut, hi));
        }
        let boxes: Vec<(usize, usize)> = boxes.iter().map(|b| (b.lo, b.hi)).collect();
        for (i, &(lo, hi)) in boxes.iter().enumerate() {
            let mut merged = Bin::default();
            for &k in &used[lo..hi] {
                let b = &bins[k as usize];
                merged.count += b.count;
                for c in 0..3 {
                    merged.sum[c] += b.sum[c];
                }
                lut[k as usize] = i as u8;
            }
            push_mean(&mut palette, &merged);
        }
    }
    let indices: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .map(|px| lut[key(px[0], px[1], px[2])])
        .collect();
    for &k in &used {
        bins[k as usize] = Bin::default();
    }
    (palette, indices)
}

struct ColorBox {
    lo: usize,
    hi: usize,
    axis: usize,
    score: u64,
}

impl ColorBox {
    fn new(used: &[u32], bins: &[Bin], lo: usize, hi: usize) -> ColorBox {
        let (axis, range) = widest_axis(&used[lo..hi]);
        let weight: u64 = used[lo..hi]
            .iter()
            .map(|&k| u64::from(bins[k as usize].count))
            .sum();
        // Spread squared times the square root of the weight: big flat areas get their own entry
        // without starving the shading of the pieces.
        let score = u64::from(range) * u64::from(range) * (weight as f64).sqrt() as u64;
        ColorBox {
            lo,
            hi,
            axis,
            score,
        }
    }
}

fn channel(k: u32, axis: usize) -> u32 {
    (k >> (BITS * (2 - axis as u32))) & (LEVELS as u32 - 1)
}

fn widest_axis(keys: &[u32]) -> (usize, u32) {
    let mut best = (0, 0);
    for axis in 0..3 {
        let (mut lo, mut hi) = (u32::MAX, 0);
        for &k in keys {
            let c = channel(k, axis);
            lo = lo.min(c);
            hi = hi.max(c);
        }
        if hi - lo > best.1 {
            best = (axis, hi - lo);
        }
    }
    best
}

fn push_mean(palette: &mut Vec<u8>, bin: &Bin) {
    let n = bin.count.max(1);
    for c in 0..3 {
        palette.push(((bin.sum[c] + n / 2) / n) as u8);
    }
}
