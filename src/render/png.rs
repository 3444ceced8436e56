//! The board as a PNG: the empty board rasterised by resvg once, with cached pictures of pieces
//! and marks blended over it, written as an indexed (palette) PNG, which is about half the size
//! of true colour for a board.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use resvg::{tiny_skia, usvg};

use super::font::options;
use super::svg::{Cell, FIRST, Layers, Layout, Look, Man, Scene, look_svg, route_svg, sprite_svg, turn_svg};
use super::{BoardView, Theme};
use crate::rules::VariantId;

mod bands;
mod picture;

use picture::{BandKey, Ground, Picture, band_rows};

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("board SVG did not parse: {0}")]
    Svg(#[from] usvg::Error),
    #[error("cannot allocate a {0}x{0} picture")]
    Pixmap(u32),
    #[error("PNG encoding failed: {0}")]
    Png(#[from] ::png::EncodingError),
    #[error("compressing the picture failed: {0}")]
    Deflate(#[from] flate2::CompressError),
    #[error("{bytes} bytes of rows do not make a {width}x{height} picture")]
    Shape { width: u32, height: u32, bytes: usize },
    #[error("a palette of {0} bytes is not 1 to 256 RGB entries")]
    Palette(usize),
    #[error("a PNG chunk of {0} bytes is too long")]
    ChunkTooLong(usize),
}

/// Draws an SVG document onto `pixmap`, scaled to its width.
pub(crate) fn draw(svg: &str, pixmap: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    draw_rows(&usvg::Tree::from_str(svg, options())?, pixmap, 0);
    Ok(())
}

/// Draws `tree`, scaled to the picture's width, onto `pixmap`, which holds the picture's rows
/// from `top` on.
fn draw_rows(tree: &usvg::Tree, pixmap: &mut tiny_skia::Pixmap, top: u32) {
    let width = pixmap.width();
    draw_window(tree, width, pixmap, (0, top as i32));
}

/// Draws `tree`, scaled to a picture `width` pixels wide, onto `pixmap`, which holds the part of
/// that picture whose top-left pixel is `corner`. Moving a drawing by whole pixels leaves every
/// pixel of it as it was.
fn draw_window(tree: &usvg::Tree, width: u32, pixmap: &mut tiny_skia::Pixmap, corner: (i32, i32)) {
    let scale = width as f32 / tree.size().width().max(1.0);
    let (left, top) = (-(corner.0 as f32), -(corner.1 as f32));
    let transform = tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, left, top);
    resvg::render(tree, transform, &mut pixmap.as_mut());
}

/// Rasterises an SVG document (such as [`super::board_svg`] returns) to `size`×`size` pixels.
pub fn rasterize(svg: &str, size: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap = tiny_skia::Pixmap::new(size, size).ok_or(RenderError::Pixmap(size))?;
    draw(svg, &mut pixmap)?;
    Ok(pixmap)
}

/// A picture drawn over the board many times (a piece, its shadow, the square numbers), with the
/// runs of pixels that are not fully transparent: blending only those skips most of a sprite's
/// corners and nearly all of the numbers layer.
struct Layer {
    pixmap: tiny_skia::Pixmap,
    /// In order of rows.
    spans: Vec<Span>,
    /// The rows that hold anything, top inclusive, bottom exclusive.
    rows: (u32, u32),
}

/// Pixels `x0..x1` of row `y` hold something to blend.
struct Span {
    y: u32,
    x0: u32,
    x1: u32,
}

impl Layer {
    fn new(pixmap: tiny_skia::Pixmap) -> Layer {
        // A few transparent pixels inside a run cost less than starting a new run.
        const GAP: usize = 8;
        let w = pixmap.width() as usize;
        let mut spans = Vec::new();
        for (y, row) in pixmap.data().chunks_exact(w * 4).enumerate() {
            let opaque = |x: usize| row[x * 4 + 3] != 0;
            let mut x = 0;
            while x < w {
                if !opaque(x) {
                    x += 1;
                    continue;
                }
                let x0 = x;
                let mut x1 = x + 1;
                x = x1;
                while x < w && x - x1 <= GAP {
                    if opaque(x) {
                        x1 = x + 1;
                    }
                    x += 1;
                }
                spans.push(Span { y: y as u32, x0: x0 as u32, x1: x1 as u32 });
                x = x1;
            }
        }
        let rows = match (spans.first(), spans.last()) {
            (Some(first), Some(last)) => (first.y, last.y + 1),
            _ => (0, 0),
        };
        Layer { pixmap, spans, rows }
    }
}

/// A drawing that goes on many pictures (a piece, its shadow, a mark on a square, a route, the
/// turn marker), drawn once and blended wherever it goes: gradients are the slowest thing to
/// rasterise, a board has up to 40 identical pieces, and parsing a document per picture for its
/// few marks would cost more than all the blending.
struct Sprite {
    layer: Layer,
    /// Distance from the sprite's top-left pixel to the centre it is drawn around, rounded down.
    offset: i32,
}

impl Sprite {
    /// Where the sprite's top-left pixel goes to centre it on `cell`.
    fn origin(&self, layout: &Layout, cell: Cell) -> (i32, i32) {
        self.origin_at(layout.center_px(cell))
    }

    /// Where the sprite's top-left pixel goes to centre it at pixel `centre`.
    fn origin_at(&self, centre: (f32, f32)) -> (i32, i32) {
        corner(centre, self.offset)
    }
}

/// The top-left pixel of a sprite drawn around `centre` that reaches `offset` pixels from it.
fn corner((cx, cy): (f32, f32), offset: i32) -> (i32, i32) {
    (cx.floor() as i32 - offset, cy.floor() as i32 - offset)
}

/// Which sprite.
#[derive(Clone, PartialEq, Eq, Hash)]
enum SpriteKind {
    /// One drawing of the template.
    Drawing(&'static str),
    /// A piece over its shadow.
    Shaded(Man),
    Look(Look, Theme),
    /// The route through these squares, counted right and down from the first of them.
    Route(Box<[(u8, u8)]>, Theme),
    Turn {
        white: bool,
        bottom: bool,
    },
}

/// The sprite of `kind` on boards of `layout`, drawn once and kept.
fn cached_sprite(
    kind: SpriteKind,
    layout: &Layout,
    make: impl FnOnce() -> Result<Sprite, RenderError>,
) -> Result<Arc<Sprite>, RenderError> {
    // Routes come in many shapes; past this many bytes the cache starts again.
    const BOUND: usize = 32 << 20;
    #[derive(Default)]
    struct Cache {
        sprites: HashMap<(SpriteKind, u32, u8), Arc<Sprite>>,
        bytes: usize,
    }
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (kind, layout.size, layout.cells);
    if let Some(s) = cache.lock().unwrap_or_else(|e| e.into_inner()).sprites.get(&key) {
        return Ok(Arc::clone(s));
    }
    let sprite = Arc::new(make()?);
    let bytes = sprite.layer.pixmap.data().len();
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if cache.bytes + bytes > BOUND {
        *cache = Cache::default();
    }
    if cache.sprites.insert(key, Arc::clone(&sprite)).is_none() {
        cache.bytes += bytes;
    }
    Ok(sprite)
}

fn sprite(id: &'static str, layout: &Layout) -> Result<Arc<Sprite>, RenderError> {
    cached_sprite(SpriteKind::Drawing(id), layout, || on_first(layout, 0, &sprite_svg(id, layout)))
}

/// A mark on one square.
fn look_sprite(look: Look, theme: Theme, layout: &Layout) -> Result<Arc<Sprite>, RenderError> {
    cached_sprite(SpriteKind::Look(look, theme), layout, || on_first(layout, 0, &look_svg(look, theme, layout)))
}

/// The route through `steps` (squares right and down from the first), placed like a sprite on
/// the first of those squares.
fn route_sprite(steps: Box<[(u8, u8)]>, theme: Theme, layout: &Layout) -> Result<Arc<Sprite>, RenderError> {
    let span = steps.iter().map(|&(x, y)| x.max(y)).max().unwrap_or(0);
    let extra = u32::from(span) * layout.square_px;
    cached_sprite(SpriteKind::Route(steps.clone(), theme), layout, || {
        on_first(layout, extra, &route_svg(&steps, theme, layout))
    })
}

/// The turn marker, placed like a sprite on [`Layout::turn_center_px`].
fn turn_sprite(white: bool, bottom: bool, layout: &Layout) -> Result<Arc<Sprite>, RenderError> {
    cached_sprite(SpriteKind::Turn { white, bottom }, layout, || {
        // The marker stays within the frame, around the frame's middle line.
        let reach = layout.margin_px as f32 / 2.0;
        let document = turn_svg(white, bottom, layout);
        drawn_around(layout, &document, layout.turn_center_px(bottom), reach, 0)
    })
}

/// A sprite of `document`, which draws around the centre of [`FIRST`], `extra` pixels wider and
/// taller for what reaches further squares.
fn on_first(layout: &Layout, extra: u32, document: &str) -> Result<Sprite, RenderError> {
    // Piece and shadow reach 0.51 of a square from the centre.
    let reach = layout.square_px as f32 * 0.56;
    drawn_around(layout, document, layout.center_px(FIRST), reach, extra)
}

/// A sprite of what `document` (of a whole board of `layout`) draws within `reach` pixels of
/// `centre`, with a pixel or two to spare, and `extra` pixels more to the right and below.
fn drawn_around(
    layout: &Layout,
    document: &str,
    centre: (f32, f32),
    reach: f32,
    extra: u32,
) -> Result<Sprite, RenderError> {
    let offset = reach.ceil() as u32 + 2;
    let size_px = 2 * offset + 1 + extra;
    let mut pixmap = tiny_skia::Pixmap::new(size_px, size_px).ok_or(RenderError::Pixmap(size_px))?;
    let tree = usvg::Tree::from_str(document, options())?;
    let offset = offset as i32;
    draw_window(&tree, layout.size, &mut pixmap, corner(centre, offset));
    Ok(Sprite { layer: Layer::new(pixmap), offset })
}

/// A piece with its shadow under it, blended as one sprite: the SVG draws every shadow before
/// every piece, but a shadow reaches only 0.51 of a square from its centre and the nearest other
/// piece is a step away (a diagonal one of 1.41 squares on most boards), so no shadow falls on
/// another piece, and where two shadows meet (Turkish boards) they are alike and their order
/// does not matter. One blend per piece gives the same picture, to rounding, at half the cost.
fn shaded(man: Man, layout: &Layout) -> Result<Arc<Sprite>, RenderError> {
    cached_sprite(SpriteKind::Shaded(man), layout, || {
        let shade = sprite("shade", layout)?;
        let piece = sprite(man.id(), layout)?;
        let mut pixmap = shade.layer.pixmap.clone();
        blend(&mut pixmap, &piece.layer, 0, 0);
        Ok(Sprite { layer: Layer::new(pixmap), offset: shade.offset })
    })
}

/// The empty board depends only on these.
type BaseKey = (VariantId, bool, Theme, u32);

/// An empty board: frame, squares and coordinates, and apart from it the square numbers, which
/// go over the last-move and selection marks; and the palette of every picture drawn on it.
struct Base {
    board: tiny_skia::Pixmap,
    numbers: Option<Layer>,
    palette: Palette,
    /// The board with its numbers blended in, on numbered boards (on others that is `board`);
    /// with its palette indices: most of a picture is still this, and those pixels need no lookup.
    numbered: Option<tiny_skia::Pixmap>,
    plain_indices: Vec<u8>,
    /// First rows of the PNG's compressed bands.
    cuts: Vec<u32>,
}

impl Base {
    /// The board as a picture with nothing on it shows it.
    fn plain(&self) -> &tiny_skia::Pixmap {
        self.numbered.as_ref().unwrap_or(&self.board)
    }

    /// What every band of a picture is drawn from.
    fn ground(&self) -> Ground<'_> {
        Ground { board: &self.board, numbers: self.numbers.as_ref(), plain: self.plain() }
    }

    /// The rows of PNG scanlines of `pixmap`, rows of a picture drawn on this board from row
    /// `top` on, without a filter: a zero byte, then one palette index per pixel. Stretches of
    /// pixels equal to the plain board's take its indices; the rest are looked up as in
    /// [`Palette::rows`], which gives the same indices.
    fn scanlines(&self, pixmap: &tiny_skia::Pixmap, top: u32) -> Vec<u8> {
        // Pixels compared at a time: short enough to catch the board between pieces.
        const STRETCH: usize = 16;
        let width = pixmap.width() as usize;
        let plain = self.plain();
        let start = top as usize * width;
        let end = start + pixmap.height() as usize * width;
        let (Some(plain_rows), Some(plain_indices), true) =
            (plain.data().get(start * 4..end * 4), self.plain_indices.get(start..end), plain.width() == pixmap.width())
        else {
            return self.palette.rows(pixmap, true);
        };
        let mut out = vec![0u8; (width + 1) * pixmap.height() as usize];
        let mut last: Option<(u32, u8)> = None;
        let rows = pixmap
            .data()
            .chunks_exact(width.max(1) * 4)
            .zip(plain_rows.chunks_exact(width.max(1) * 4))
            .zip(plain_indices.chunks_exact(width.max(1)))
            .zip(out.chunks_exact_mut(width + 1));
        for (((row, plain), plain_indices), line) in rows {
            let line = &mut line[1..];
            for (((px, plain), plain_indices), line) in row
                .chunks(STRETCH * 4)
                .zip(plain.chunks(STRETCH * 4))
                .zip(plain_indices.chunks(STRETCH))
                .zip(line.chunks_mut(STRETCH))
            {
                // Without an early exit the compiler compares the stretch in a few wide steps.
                if px.iter().zip(plain).fold(0, |d, (a, b)| d | (a ^ b)) == 0 {
                    line.copy_from_slice(plain_indices);
                    continue;
                }
                for (px, i) in px.chunks_exact(4).zip(line.iter_mut()) {
                    *i = self.palette.index_of_pixel(px, &mut last);
                }
            }
        }
        out
    }
}

/// Empty boards drawn recently. Drawing one costs more than everything else in a picture; a
/// 640 px board takes 1.6 MB (three times that with numbers: the numbers layer and the board with
/// them), its palette indices 0.4 MB and its palette 0.5 MB, so only a few are kept.
fn base(key: BaseKey, scene: &Scene) -> Result<Arc<Base>, RenderError> {
    const KEEP: usize = 8;
    type Cache = Mutex<Vec<(BaseKey, Arc<Base>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some((_, b)) = cache.lock().unwrap_or_else(|e| e.into_inner()).iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(b));
    }
    let size = scene.layout.size;
    let board = rasterize(&scene.document(Layers { board: true, ..Layers::NONE }), size)?;
    let numbers = if scene.numbered {
        Some(Layer::new(rasterize(&scene.document(Layers { numbers: true, ..Layers::NONE }), size)?))
    } else {
        None
    };
    let numbered = numbers.as_ref().map(|numbers| {
        let mut plain = board.clone();
        blend(&mut plain, numbers, 0, 0);
        plain
    });
    let sampler = sampler(scene);
    let ground = Ground { board: &board, numbers: numbers.as_ref(), plain: numbered.as_ref().unwrap_or(&board) };
    let sample = Picture::new(&sampler, ground)?.whole(&[(0, size)])?;
    let palette = Palette::of(&sample);
    let plain_indices = palette.rows(numbered.as_ref().unwrap_or(&board), false);
    let base = Arc::new(Base { board, numbers, palette, numbered, plain_indices, cuts: band_cuts(&scene.layout) });
    let mut list = cache.lock().unwrap_or_else(|e| e.into_inner());
    if list.len() >= KEEP {
        list.remove(0);
    }
    list.push((key, Arc::clone(&base)));
    Ok(base)
}

/// A board with everything a picture can show, for choosing the palette: all four kinds of
/// piece, last move with a trail and a capture, a picked piece with destinations and route hints,
/// forced-capture rings and the turn marker.
fn sampler(scene: &Scene) -> Scene {
    let mut s = scene.clone();
    let cells: Vec<Cell> = scene.squares.iter().map(|(c, _)| *c).collect();
    let kinds = Man::ALL;
    // Every fifth square stays empty, for the marks that are drawn on empty squares.
    s.pieces = cells.iter().enumerate().filter(|(i, _)| i % 5 != 4).map(|(i, c)| (*c, kinds[i % 5])).collect();
    let at = |i: usize| cells.get(i).copied();
    s.trail = [at(4), at(9), at(0)].into_iter().flatten().collect();
    s.captured = at(14).into_iter().collect();
    s.selected = at(1);
    s.destinations = [at(19), at(24)].into_iter().flatten().collect();
    s.hints = at(2).into_iter().collect();
    s.must_capture = [at(3), at(6)].into_iter().flatten().collect();
    s.turn = Some((true, true));
    s
}

/// The board as RGBA pixels, drawn in the SVG's layer order: the cached empty board, the marks,
/// the cached numbers, the cached pieces, then everything drawn over the pieces; band by band,
/// as [`board_png`] draws them.
pub fn board_pixmap(view: &BoardView) -> Result<tiny_skia::Pixmap, RenderError> {
    Ok(whole_picture(view)?.0)
}

fn whole_picture(view: &BoardView) -> Result<(tiny_skia::Pixmap, Arc<Base>), RenderError> {
    let (scene, _, base) = scene_on_board(view)?;
    let bands = band_rows(&base.cuts, scene.layout.size);
    let pixmap = Picture::new(&scene, base.ground())?.whole(&bands)?;
    Ok((pixmap, base))
}

/// The scene of `view` and the empty board it is drawn on, with that board's key.
fn scene_on_board(view: &BoardView) -> Result<(Scene, BaseKey, Arc<Base>), RenderError> {
    let scene = Scene::from_view(view);
    let key = (view.position.variant(), view.flip, view.theme, scene.layout.size);
    let base = base(key, &scene)?;
    Ok((scene, key, base))
}

/// Draws `src` over `dst` with its top-left pixel at (x, y). Both are premultiplied RGBA; a plain
/// loop over the layer's runs is several times faster here than tiny-skia's general pattern
/// pipeline.
fn blend(dst: &mut tiny_skia::Pixmap, src: &Layer, x: i32, y: i32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let sw = src.pixmap.width() as i32;
    let data = dst.data_mut();
    let sdata = src.pixmap.data();
    // Spans go down the rows: skip those above the picture, stop below it.
    let first = src.spans.partition_point(|span| y + (span.y as i32) < 0);
    for span in &src.spans[first..] {
        let row = y + span.y as i32;
        if row >= dh {
            break;
        }
        let x0 = (x + span.x0 as i32).max(0);
        let x1 = (x + span.x1 as i32).min(dw);
        if x0 >= x1 {
            continue;
        }
        let d_start = ((row * dw + x0) * 4) as usize;
        let s_start = ((span.y as i32 * sw + (x0 - x)) * 4) as usize;
        let len = ((x1 - x0) * 4) as usize;
        let d = &mut data[d_start..d_start + len];
        let s = &sdata[s_start..s_start + len];
        for (dp, sp) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
            let s = u32::from_le_bytes([sp[0], sp[1], sp[2], sp[3]]);
            let d = u32::from_le_bytes([dp[0], dp[1], dp[2], dp[3]]);
            dp.copy_from_slice(&over(d, s).to_le_bytes());
        }
    }
}

/// Source-over of one premultiplied RGBA pixel (red in the low byte), two channels at a time in
/// 16-bit lanes, with the rounded division by 255 of the one-channel formula
/// `(v + (v >> 8)) >> 8`, `v = d * (255 - a) + 128`.
#[inline]
fn over(d: u32, s: u32) -> u32 {
    let a = s >> 24;
    if a == 255 {
        return s;
    }
    if a == 0 {
        return d;
    }
    let inv = 255 - a;
    const LANES: u32 = 0x00ff_00ff;
    let mut rb = (d & LANES) * inv + 0x0080_0080;
    rb = ((rb + ((rb >> 8) & LANES)) >> 8) & LANES;
    let mut ag = ((d >> 8) & LANES) * inv + 0x0080_0080;
    ag = (ag + ((ag >> 8) & LANES)) & !LANES;
    // Premultiplied channels never exceed alpha, so no lane carries into the next.
    s.wrapping_add(rb | ag)
}

/// The board as PNG bytes (an 8-bit palette image). The time it took goes to the observer set
/// with [`super::observe_renders`], if any.
pub fn board_png(view: &BoardView) -> Result<Vec<u8>, RenderError> {
    let start = std::time::Instant::now();
    let png = write_board(view, bands());
    super::rendered(start.elapsed());
    png
}

fn write_board(view: &BoardView, cache: &bands::BandCache<BandKey>) -> Result<Vec<u8>, RenderError> {
    let (scene, board, base) = scene_on_board(view)?;
    let size = scene.layout.size;
    let picture = Picture::new(&scene, base.ground())?;
    let bands = band_rows(&base.cuts, size)
        .into_iter()
        .map(|rows| {
            cache.band(picture.key(board, rows), DEFLATE_LEVEL, || Ok(base.scanlines(&picture.rows(rows)?, rows.0)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    bands::write_png(size, size, &base.palette.rgb, &bands, DEFLATE_LEVEL)
}

/// Compressed bands of the pictures drawn lately, shared by all boards.
fn bands() -> &'static bands::BandCache<BandKey> {
    static CACHE: OnceLock<bands::BandCache<BandKey>> = OnceLock::new();
    CACHE.get_or_init(|| bands::BandCache::new(BAND_CACHE_BYTES))
}

/// Bound of the band cache. A band is kept compressed, with what was drawn in it: a 640 px
/// picture takes about 30 KB, so the cache keeps the bands of the last 1,000 to 2,000 pictures
/// that share no rows (the newest half of the bound at least), enough for as many games at once
/// to find most of their next picture.
const BAND_CACHE_BYTES: usize = 64 << 20;

/// Where bands start: at the top of a row of squares, so that a move recompresses only the rows
/// it touches, with the frame above and below in bands of their own (the turn marker changes
/// them, but has only two places).
///
/// A band starts with an empty window. When a row of squares is shorter than the 32 KB window
/// (8×8 boards under 535 px, 10×10 under 595 px, 12×12 up to 645 px), a stream in one piece
/// reaches back to the pieces of the row above and a band per row costs half as many bytes
/// again: such rows go in bands of at least three windows, the whole board on small pictures.
fn band_cuts(layout: &Layout) -> Vec<u32> {
    const WINDOW: u32 = 32 * 1024;
    let row_bytes = (layout.square_px * (layout.size + 1)).max(1);
    let rows_per_band = if row_bytes >= WINDOW { 1 } else { (3 * WINDOW).div_ceil(row_bytes) };
    let cells = u32::from(layout.cells);
    let mut cuts = vec![0];
    cuts.extend(
        (0..cells)
            .step_by(rows_per_band as usize)
            .chain(std::iter::once(cells))
            .map(|row| layout.margin_px + row * layout.square_px),
    );
    cuts
}

/// The board as palette indices, as [`board_png`] encodes them: the RGB palette and one entry
/// per pixel, rows from the top.
pub fn board_indices(view: &BoardView) -> Result<(Vec<u8>, Vec<u8>), RenderError> {
    let (pixmap, base) = whole_picture(view)?;
    Ok((base.palette.rgb.clone(), base.palette.rows(&pixmap, false)))
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

/// Writes the pixmap as an 8-bit palette PNG with a palette made for it alone (see
/// [`quantize`]); [`board_png`] uses a palette made once per empty board instead.
pub fn encode_indexed(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let (palette, indices) = quantize(pixmap);
    write_indexed(pixmap.width(), pixmap.height(), palette, &indices)
}

/// Writes palette indices as one zlib stream through the `png` crate (level [`DEFLATE_LEVEL`], no
/// filter): how board pictures were written before their rows were compressed in cached bands.
pub fn write_indexed(width: u32, height: u32, palette: Vec<u8>, indices: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(32 * 1024);
    let mut enc = ::png::Encoder::new(&mut out, width, height);
    enc.set_color(::png::ColorType::Indexed);
    enc.set_depth(::png::BitDepth::Eight);
    enc.set_palette(palette);
    // Palette indices are not numbers, so row filters only hurt; and fdeflate's fast mode finds
    // too few of the long repeats (identical pieces, flat squares) that zlib finds.
    enc.set_filter(::png::Filter::NoFilter);
    enc.set_deflate_compression(::png::DeflateCompression::Level(DEFLATE_LEVEL));
    let mut writer = enc.write_header()?;
    writer.write_image_data(indices)?;
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

/// The palette of every picture drawn on one empty board, chosen once from a board showing
/// everything a picture can show ([`sampler`]), so that a picture needs only one pass mapping its
/// pixels to palette entries instead of a quantisation of its own.
struct Palette {
    rgb: Vec<u8>,
    /// Palette entry of each colour key: those of the sample board from the quantisation, any
    /// other (a colour only some picture has, such as a mark's edge over a piece) the nearest
    /// entry, found the first time a picture has it.
    lut: Box<[AtomicU16]>,
}

/// A key of `Palette::lut` not looked up yet.
const UNKNOWN: u16 = u16::MAX;

impl Palette {
    fn of(sample: &tiny_skia::Pixmap) -> Palette {
        let (rgb, keys) = with_scratch(|bins, lut| {
            let (rgb, used) = median_cut(sample, bins, lut);
            let keys: Vec<(usize, u8)> = used.iter().map(|&k| (k as usize, lut[k as usize])).collect();
            (rgb, keys)
        });
        let lut: Box<[AtomicU16]> = (0..KEYS).map(|_| AtomicU16::new(UNKNOWN)).collect();
        for (k, i) in keys {
            lut[k].store(u16::from(i), Ordering::Relaxed);
        }
        Palette { rgb, lut }
    }

    fn index(&self, k: usize) -> u8 {
        match self.lut[k].load(Ordering::Relaxed) {
            UNKNOWN => {
                let i = self.nearest(k);
                // Two threads may both look the key up; they store the same entry.
                self.lut[k].store(u16::from(i), Ordering::Relaxed);
                i
            }
            i => i as u8,
        }
    }

    /// The entry nearest to the middle of the key's colour cell.
    fn nearest(&self, k: usize) -> u8 {
        let shift = 8 - BITS;
        let centre = |c: u32| -> i32 {
            let level = ((k >> (BITS * (2 - c))) & (LEVELS - 1)) as i32;
            (level << shift) + (1 << (shift - 1))
        };
        let want = [centre(0), centre(1), centre(2)];
        self.rgb
            .chunks_exact(3)
            .enumerate()
            .min_by_key(|(_, e)| (0..3).map(|c| (i32::from(e[c]) - want[c]).pow(2)).sum::<i32>())
            .map_or(0, |(i, _)| i as u8)
    }

    /// The entry of one RGBA pixel. `last` is the previous pixel looked up and its entry:
    /// boards are long runs of one colour, so a colour is looked up once per run.
    #[inline]
    fn index_of_pixel(&self, px: &[u8], last: &mut Option<(u32, u8)>) -> u8 {
        let word = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
        match *last {
            Some((w, i)) if w == word => i,
            _ => {
                let i = self.index(key(px[0], px[1], px[2]));
                *last = Some((word, i));
                i
            }
        }
    }

    /// One palette index per pixel, each row led by a zero byte if `filter_byte`.
    fn rows(&self, pixmap: &tiny_skia::Pixmap, filter_byte: bool) -> Vec<u8> {
        let width = pixmap.width() as usize;
        let lead = usize::from(filter_byte);
        let mut out = Vec::with_capacity((width + lead) * pixmap.height() as usize);
        let mut last = None;
        for row in pixmap.data().chunks_exact(width.max(1) * 4) {
            if filter_byte {
                out.push(0);
            }
            for px in row.chunks_exact(4) {
                out.push(self.index_of_pixel(px, &mut last));
            }
        }
        out
    }
}

#[derive(Clone, Copy, Default)]
struct Bin {
    count: u32,
    sum: [u32; 3],
}

/// Runs `f` with this thread's histogram (4 MB, cleared bin by bin after use) and key table.
fn with_scratch<T>(f: impl FnOnce(&mut [Bin], &mut [u8]) -> T) -> T {
    thread_local! {
        static SCRATCH: std::cell::RefCell<(Vec<Bin>, Vec<u8>)> =
            std::cell::RefCell::new((vec![Bin::default(); KEYS], vec![0u8; KEYS]));
    }
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let (bins, lut) = &mut *scratch;
        f(bins, lut)
    })
}

/// Median-cut quantisation to at most 256 colours, without dithering (dithering would cost more
/// bytes than the banding it hides on a picture made of flat colours and smooth shading).
/// Returns the RGB palette and one palette index per pixel.
pub fn quantize(pixmap: &tiny_skia::Pixmap) -> (Vec<u8>, Vec<u8>) {
    with_scratch(|bins, lut| {
        let (palette, _) = median_cut(pixmap, bins, lut);
        let indices: Vec<u8> = pixmap.data().chunks_exact(4).map(|px| lut[key(px[0], px[1], px[2])]).collect();
        (palette, indices)
    })
}

/// The palette for `pixmap`, and the colour keys it has; `lut` holds the palette entry of each of
/// those keys (other entries are left as they were). `bins` must be all empty and is left so.
fn median_cut(pixmap: &tiny_skia::Pixmap, bins: &mut [Bin], lut: &mut [u8]) -> (Vec<u8>, Vec<u32>) {
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
    let mut words = pixmap.data().chunks_exact(4).map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]]));
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
            let Some((i, b)) = boxes.iter().enumerate().filter(|(_, b)| b.hi - b.lo >= 2).max_by_key(|(_, b)| b.score)
            else {
                break;
            };
            let (lo, hi, axis) = (b.lo, b.hi, b.axis);
            let slice = &mut used[lo..hi];
            slice.sort_unstable_by_key(|&k| channel(k, axis));
            let total: u64 = slice.iter().map(|&k| u64::from(bins[k as usize].count)).sum();
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
    for &k in &used {
        bins[k as usize] = Bin::default();
    }
    (palette, used)
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
        let weight: u64 = used[lo..hi].iter().map(|&k| u64::from(bins[k as usize].count)).sum();
        // Spread squared times the square root of the weight: big flat areas get their own entry
        // without starving the shading of the pieces.
        let score = u64::from(range) * u64::from(range) * (weight as f64).sqrt() as u64;
        ColorBox { lo, hi, axis, score }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Source-over one channel at a time, rounded.
    fn over_by_channel(d: [u8; 4], s: [u8; 4]) -> [u8; 4] {
        let inv = 255 - u32::from(s[3]);
        let mut out = [0; 4];
        for i in 0..4 {
            let v = u32::from(d[i]) * inv + 128;
            out[i] = (u32::from(s[i]) + ((v + (v >> 8)) >> 8)) as u8;
        }
        out
    }

    #[test]
    fn blending_two_channels_at_a_time_rounds_like_one_at_a_time() {
        let levels = [0u8, 1, 2, 17, 64, 127, 128, 129, 200, 254, 255];
        for &a in &levels {
            for &c in &levels {
                // A premultiplied source: no channel above alpha.
                let s = [c.min(a), (c / 2).min(a), a.saturating_sub(c).min(a), a];
                for &x in &levels {
                    for &y in &levels {
                        let d = [x, y, x ^ y, 255 - y];
                        let want = over_by_channel(d, s);
                        let got = over(u32::from_le_bytes(d), u32::from_le_bytes(s));
                        assert_eq!(got.to_le_bytes(), want, "d {d:?} s {s:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn blending_runs_only_equals_blending_every_pixel() {
        let Some(mut src) = tiny_skia::Pixmap::new(40, 30) else { panic!("no pixmap") };
        // A soft dot with transparent gaps inside its rows, and one lone pixel far from it.
        let data = src.data_mut();
        for y in 0..30usize {
            for x in 0..40usize {
                let (dx, dy) = (x as i32 - 15, y as i32 - 12);
                let r2 = dx * dx + dy * dy;
                let a = if r2 < 60 {
                    255
                } else if r2 < 120 && x % 7 != 0 {
                    (120 - r2) as u8 * 4
                } else {
                    0
                };
                let i = (y * 40 + x) * 4;
                data[i..i + 4].copy_from_slice(&[a / 2, a / 3, a, a]);
            }
        }
        data[(29 * 40 + 39) * 4..][..4].copy_from_slice(&[9, 9, 9, 9]);
        let layer = Layer::new(src.clone());
        assert!(layer.spans.iter().map(|s| s.x1 - s.x0).sum::<u32>() < 40 * 30 / 2);
        for (x, y) in [(0, 0), (-7, -5), (30, 20), (5, 14)] {
            let Some(mut dst) = tiny_skia::Pixmap::new(50, 40) else { panic!("no pixmap") };
            for (i, px) in dst.data_mut().chunks_exact_mut(4).enumerate() {
                px.copy_from_slice(&[(i * 7) as u8, (i * 3) as u8, (i / 5) as u8, 255]);
            }
            let mut want = dst.clone();
            let (w, h) = (want.width() as i32, want.height() as i32);
            let wd = want.data_mut();
            for sy in 0..30 {
                for sx in 0..40 {
                    let (dx, dy) = (x + sx, y + sy);
                    if dx < 0 || dy < 0 || dx >= w || dy >= h {
                        continue;
                    }
                    let si = ((sy * 40 + sx) * 4) as usize;
                    let di = ((dy * w + dx) * 4) as usize;
                    let s: [u8; 4] = [src.data()[si], src.data()[si + 1], src.data()[si + 2], src.data()[si + 3]];
                    let d: [u8; 4] = [wd[di], wd[di + 1], wd[di + 2], wd[di + 3]];
                    wd[di..di + 4].copy_from_slice(&over_by_channel(d, s));
                }
            }
            blend(&mut dst, &layer, x, y);
            assert!(dst.data() == want.data(), "at ({x}, {y})");
        }
    }

    /// A game's positions, each with the move that led to it, picking moves by a fixed sequence.
    fn game(v: VariantId, plies: usize) -> Vec<BoardView> {
        let mut position = crate::rules::Position::start(v);
        let mut views = vec![BoardView::new(position)];
        for ply in 0..plies {
            let mut moves = position.legal_moves();
            moves.sort_by_key(|m| position.notation(m));
            let Some(mv) = moves.get((ply * 7 + 3) % moves.len().max(1)).cloned() else {
                break;
            };
            position = position.play(&mv);
            views.push(BoardView::new(position).last_move(&mv));
        }
        views
    }

    #[test]
    fn a_piece_blended_with_its_shadow_matches_all_shadows_then_all_pieces() {
        let kinds = Man::ALL;
        for (v, size) in [
            (VariantId::English, 640),
            (VariantId::International, 640),
            (VariantId::International, 333),
            (VariantId::Canadian, 1000),
            // Every square is a playing square: neighbours a straight step away.
            (VariantId::Turkish, 640),
        ] {
            let view = BoardView::new(crate::rules::Position::start(v));
            let scene = Scene::from_view(&view);
            let layout = Layout::new(size, scene.layout.cells);
            // Every square taken: each piece has all its diagonal neighbours.
            let pieces: Vec<(Cell, Man)> =
                scene.squares.iter().enumerate().map(|(i, (c, _))| (*c, kinds[i % 4])).collect();
            let Some(mut board) = tiny_skia::Pixmap::new(size, size) else { panic!("no pixmap") };
            for (i, px) in board.data_mut().chunks_exact_mut(4).enumerate() {
                px.copy_from_slice(&[(i % 251) as u8, (i % 97) as u8, 90, 255]);
            }
            let mut want = board.clone();
            let shade = sprite("shade", &layout).unwrap_or_else(|e| panic!("{e}"));
            for (c, _) in &pieces {
                let (x, y) = shade.origin(&layout, *c);
                blend(&mut want, &shade.layer, x, y);
            }
            for (c, m) in &pieces {
                let s = sprite(m.id(), &layout).unwrap_or_else(|e| panic!("{e}"));
                let (x, y) = s.origin(&layout, *c);
                blend(&mut want, &s.layer, x, y);
            }
            let mut got = board.clone();
            for (c, m) in &pieces {
                let s = shaded(*m, &layout).unwrap_or_else(|e| panic!("{e}"));
                let (x, y) = s.origin(&layout, *c);
                blend(&mut got, &s.layer, x, y);
            }
            let worst = want.data().iter().zip(got.data()).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
            assert!(worst <= 2, "{v:?} at {size} px: a channel differs by {worst}");
            assert!(want.data() != board.data(), "{v:?}: nothing was drawn");
        }
    }

    #[test]
    fn scanlines_give_the_indices_of_a_lookup_of_every_pixel() {
        // Numbered and lettered boards, at widths that are and are not a multiple of 16.
        for (v, size) in [
            (VariantId::International, 333),
            (VariantId::International, 640),
            (VariantId::Russian, 250),
            (VariantId::English, 517),
        ] {
            for (i, view) in game(v, 12).into_iter().enumerate() {
                let view = view.size(size);
                let (pixmap, base) = whole_picture(&view).unwrap_or_else(|e| panic!("{e}"));
                let want = base.palette.rows(&pixmap, true);
                assert!(base.scanlines(&pixmap, 0) == want, "{v:?} at {size} px, ply {i}: the indices differ");
                // A band of rows further down gives the same rows.
                let stride = pixmap.width() as usize * 4;
                let (top, bottom) = (size / 3, size / 3 + 25);
                let rows = &pixmap.data()[top as usize * stride..bottom as usize * stride];
                let band = tiny_skia::Pixmap::from_vec(
                    rows.to_vec(),
                    tiny_skia::IntSize::from_wh(size, bottom - top).unwrap_or_else(|| panic!()),
                )
                .unwrap_or_else(|| panic!("no band"));
                let lines = (size as usize + 1) * top as usize..(size as usize + 1) * bottom as usize;
                assert!(
                    base.scanlines(&band, top) == want[lines],
                    "{v:?} at {size} px, ply {i}: the band's indices differ"
                );
            }
        }
    }

    #[test]
    fn band_cuts_follow_rows_of_squares_and_cover_the_picture() {
        for (size, cells) in [(640, 8), (640, 10), (640, 12), (320, 10), (160, 8), (2048, 12)] {
            let l = Layout::new(size, cells);
            let cuts = band_cuts(&l);
            assert_eq!(cuts.first(), Some(&0), "{l:?}");
            assert!(cuts.windows(2).all(|w| w[0] < w[1]), "{l:?}: {cuts:?}");
            assert!(cuts.iter().all(|&c| c < l.size), "{l:?}: {cuts:?}");
            assert!(cuts[1..].iter().all(|c| (c - l.margin_px).is_multiple_of(l.square_px)), "{l:?}: {cuts:?}");
            // The frame at the bottom has a band of its own.
            assert_eq!(cuts.last(), Some(&(l.margin_px + u32::from(cells) * l.square_px)));
            // A band per row of squares where rows are long, a few rows per band where not.
            let bands = cuts.len() - 2;
            if l.square_px * (l.size + 1) >= 32 * 1024 {
                assert_eq!(bands, usize::from(cells), "{l:?}");
            } else {
                assert!(bands * 3 <= usize::from(cells), "{l:?}: {cuts:?}");
            }
            if size <= 320 {
                assert_eq!(bands, 1, "{l:?}");
            }
            if size == 640 && cells <= 10 {
                assert_eq!(bands, usize::from(cells), "{l:?}");
            }
        }
    }

    /// Views of games with every kind of mark: picked pieces with destinations and hints, pieces
    /// that must capture, captures shown, the turn marker on either side.
    fn marked_views(v: VariantId, size: u32, flip: bool) -> Vec<BoardView> {
        let mut views = Vec::new();
        let mut position = crate::rules::Position::start(v);
        for ply in 0..40usize {
            let mut moves = position.legal_moves();
            moves.sort_by_key(|m| position.notation(m));
            let Some(mv) = moves.get((ply * 11 + 5) % moves.len().max(1)).cloned() else {
                break;
            };
            let plain = BoardView::new(position).size(size).flipped(flip);
            let mut picked = plain.clone().select(mv.from());
            picked.hints = mv.path().to_vec();
            let mut unmarked = plain.clone();
            unmarked.must_capture.clear();
            unmarked.show_turn = ply % 2 == 0;
            views.extend([unmarked, picked]);
            let forced = plain;
            views.push(forced);
            let next = position.play(&mv);
            views.push(BoardView::new(next).size(size).flipped(flip).last_move(&mv));
            position = next;
        }
        views
    }

    /// The picture as the SVG's layers draw it, each document drawn whole, with the pieces
    /// blended as sprites between them (their drawing as sprites is checked on its own).
    fn drawn_layer_by_layer(view: &BoardView) -> Result<tiny_skia::Pixmap, RenderError> {
        let scene = Scene::from_view(view);
        let layers = |under, over| Layers { board: under, marks: under, numbers: under, pieces: false, over };
        let mut pixmap = rasterize(&scene.document(layers(true, false)), view.size)?;
        for &(cell, man) in &scene.pieces {
            let sprite = shaded(man, &scene.layout)?;
            let (x, y) = sprite.origin(&scene.layout, cell);
            blend(&mut pixmap, &sprite.layer, x, y);
        }
        draw(&scene.document(layers(false, true)), &mut pixmap)?;
        Ok(pixmap)
    }

    /// Marks, routes and the turn marker are sprites blended where they go; the picture must be
    /// the one their documents draw, to the rounding of blending a layer at a time.
    #[test]
    fn marks_drawn_as_sprites_match_the_whole_document() {
        let mut worst_seen = 0;
        for (v, size, flip, theme) in [
            (VariantId::International, 640, false, Theme::Light),
            (VariantId::English, 640, true, Theme::Dark),
            (VariantId::Turkish, 611, false, Theme::Dark),
            (VariantId::Russian, 517, true, Theme::Light),
            (VariantId::Brazilian, 383, false, Theme::Light),
        ] {
            for (i, view) in marked_views(v, size, flip).into_iter().enumerate().step_by(3) {
                let view = view.theme(theme);
                let got = board_pixmap(&view).unwrap_or_else(|e| panic!("{e}"));
                let want = drawn_layer_by_layer(&view).unwrap_or_else(|e| panic!("{e}"));
                let differences = want
                    .data()
                    .chunks_exact(4)
                    .zip(got.data().chunks_exact(4))
                    .map(|(a, b)| a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max());
                let (mut worst, mut off) = (0, 0);
                for d in differences {
                    let d = d.unwrap_or(u8::MAX);
                    worst = worst.max(d);
                    off += usize::from(d > 24);
                }
                worst_seen = worst_seen.max(worst);
                // Blending a layer at a time rounds, and an edge drawn a whole number of pixels
                // away can come out a sample of 16 apart (a sixteenth of the contrast, a dozen
                // levels, along a whole line of the route); a sprite a pixel out of place, or the
                // wrong one, changes its edges by far more.
                assert!(
                    worst <= 40 && off * 2000 <= (size * size) as usize,
                    "{v:?} at {size} px, flipped {flip}, {theme:?}, view {i}: {off} pixels differ \
                     by more than 24, one by {worst}"
                );
            }
        }
        println!("worst channel difference: {worst_seen}");
    }

    /// The key of a band must name everything that shows in it: bands of different pictures with
    /// the same key must have the same pixels, or a picture would be put together with rows of
    /// another.
    #[test]
    fn bands_with_the_same_key_have_the_same_pixels() {
        use std::collections::HashMap;
        let mut checked = 0;
        let mut shared = 0;
        for (v, size, flip) in [
            (VariantId::International, 640, false),
            (VariantId::English, 640, true),
            (VariantId::Turkish, 611, false),
            (VariantId::Russian, 517, true),
            (VariantId::Canadian, 640, false),
            (VariantId::Brazilian, 383, false),
            (VariantId::International, 250, true),
        ] {
            let mut seen: HashMap<BandKey, Vec<u8>> = HashMap::new();
            for (i, view) in marked_views(v, size, flip).iter().enumerate() {
                let (scene, board, base) = scene_on_board(view).unwrap_or_else(|e| panic!("{e}"));
                let picture = Picture::new(&scene, base.ground()).unwrap_or_else(|e| panic!("{e}"));
                for rows in band_rows(&base.cuts, size) {
                    let pixels = picture.rows(rows).unwrap_or_else(|e| panic!("{e}")).data().to_vec();
                    checked += 1;
                    match seen.entry(picture.key(board, rows)) {
                        std::collections::hash_map::Entry::Occupied(e) => {
                            shared += 1;
                            assert!(*e.get() == pixels, "{v:?} {size} px, view {i}, rows {rows:?}: {:?}", e.key());
                        }
                        std::collections::hash_map::Entry::Vacant(e) => {
                            e.insert(pixels);
                        }
                    }
                }
            }
        }
        // Most bands of most pictures are found again.
        assert!(shared * 2 > checked, "{shared} of {checked}");
    }

    #[test]
    fn pictures_of_a_game_share_bands_and_the_cache_keeps_to_its_bound() {
        let bound = 256 << 10;
        let cache = bands::BandCache::new(bound);
        let views = game(VariantId::International, 30);
        for (i, view) in views.iter().enumerate() {
            let png = write_board(view, &cache).unwrap_or_else(|e| panic!("{e}"));
            let (palette, indices) = board_indices(view).unwrap_or_else(|e| panic!("{e}"));
            let img = image::load_from_memory(&png).unwrap_or_else(|e| panic!("ply {i}: {e}"));
            assert_eq!((img.width(), img.height()), (640, 640));
            let mut options = ::png::DecodeOptions::default();
            options.set_ignore_adler32(false);
            let mut decoder = ::png::Decoder::new_with_options(std::io::Cursor::new(&png[..]), options)
                .read_info()
                .unwrap_or_else(|e| panic!("ply {i}: {e}"));
            let mut buf = vec![0; decoder.output_buffer_size().unwrap_or(0)];
            decoder.next_frame(&mut buf).unwrap_or_else(|e| panic!("ply {i}: {e}"));
            assert_eq!(decoder.info().palette.as_deref(), Some(&palette[..]), "ply {i}");
            assert!(buf == indices, "ply {i}: pixels differ");
            let usage = cache.usage();
            assert!(usage.bytes <= bound, "ply {i}: {usage:?}");
        }
        let usage = cache.usage();
        // A move touches a few rows of squares: most bands of each picture were there already.
        assert!(usage.hits > usage.misses, "{usage:?}");
        // 31 pictures of 12 bands, about 14 KB each when compressed: the bound made the cache
        // drop some.
        assert!(usage.misses as usize > usage.bands, "{usage:?}");
    }

    #[test]
    fn colours_missing_from_the_sample_map_to_the_nearest_entry() {
        let Some(mut sample) = tiny_skia::Pixmap::new(4, 1) else { panic!("no pixmap") };
        let colours: [[u8; 4]; 4] = [[0, 0, 0, 255], [200, 40, 40, 255], [40, 200, 40, 255], [250, 250, 250, 255]];
        for (px, c) in sample.data_mut().chunks_exact_mut(4).zip(colours) {
            px.copy_from_slice(&c);
        }
        let palette = Palette::of(&sample);
        let entry = |i: u8| palette.rgb[usize::from(i) * 3..][..3].to_vec();
        for c in colours {
            assert_eq!(entry(palette.index(key(c[0], c[1], c[2]))), c[..3].to_vec());
        }
        // Reddish, greenish, light grey: not in the sample.
        for (c, near) in [([230, 10, 60], 1), ([60, 170, 20], 2), ([200, 210, 190], 3)] {
            let i = palette.index(key(c[0], c[1], c[2]));
            assert_eq!(entry(i), colours[near][..3].to_vec(), "{c:?}");
            // Looked up once, then kept.
            assert_eq!(palette.index(key(c[0], c[1], c[2])), i);
        }
    }
}
