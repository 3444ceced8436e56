//! One picture put together band by band. Each band of rows is drawn on its own from the empty
//! board and the marks and pieces that reach into it, and is known by exactly those: a band that
//! an earlier picture drew with the same things in it has the same pixels, so it need not be drawn,
//! converted or compressed again. A move changes the few rows of squares it touches.

use std::sync::Arc;

use resvg::tiny_skia;

use super::super::svg::{Cell, Man, Mark, Scene};
use super::bands::Weigh;
use super::{BaseKey, Layer, RenderError, Sprite, blend, look_sprite, route_sprite, shaded, turn_sprite};

/// Everything that shows in one band of a picture, in drawing order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct BandKey {
    board: BaseKey,
    rows: (u32, u32),
    drawn: Vec<Drawn>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Drawn {
    Under(Mark),
    Piece(Cell, Man),
    Over(Mark),
}

impl Weigh for BandKey {
    fn heap_bytes(&self) -> usize {
        self.drawn.capacity() * std::mem::size_of::<Drawn>()
    }
}

/// What every band starts from: the empty board, its square numbers (drawn over the marks), and
/// the board with its numbers, which a band without marks starts from.
#[derive(Clone, Copy)]
pub(super) struct Ground<'a> {
    pub board: &'a tiny_skia::Pixmap,
    pub numbers: Option<&'a Layer>,
    pub plain: &'a tiny_skia::Pixmap,
}

/// Rows `.0..1` of a picture.
pub(super) type Rows = (u32, u32);

fn overlap(a: Rows, b: Rows) -> bool {
    a.0 < b.1 && b.0 < a.1
}

/// A sprite where it goes on the picture, and the rows it draws on.
struct Stamp {
    sprite: Arc<Sprite>,
    x: i32,
    y: i32,
    rows: Rows,
}

impl Stamp {
    fn new(sprite: Arc<Sprite>, (x, y): (i32, i32), rows: Rows) -> Stamp {
        Stamp { sprite, x, y, rows }
    }
}

pub(super) struct Picture<'a> {
    ground: Ground<'a>,
    pieces: Vec<(Cell, Man, Stamp)>,
    under: Vec<(Mark, Rows)>,
    over: Vec<(Mark, Rows)>,
    under_stamps: Vec<Stamp>,
    over_stamps: Vec<Stamp>,
}

impl<'a> Picture<'a> {
    pub(super) fn new(scene: &'a Scene, ground: Ground<'a>) -> Result<Picture<'a>, RenderError> {
        let layout = scene.layout;
        let pieces = scene
            .pieces
            .iter()
            .map(|&(cell, man)| {
                let sprite = shaded(man, &layout)?;
                let (x, y) = sprite.origin(&layout, cell);
                let (top, bottom) = sprite.layer.rows;
                let at = |r: u32| (y + r as i32).max(0) as u32;
                let rows = (at(top), at(bottom));
                Ok((cell, man, Stamp::new(sprite, (x, y), rows)))
            })
            .collect::<Result<_, RenderError>>()?;
        let marks = |over| -> Vec<(Mark, Rows)> {
            scene.marks(over).into_iter().map(|(mark, reach)| (mark, reach.pixel_rows(&layout))).collect()
        };
        let (under, over) = (marks(false), marks(true));
        Ok(Picture {
            ground,
            pieces,
            under_stamps: stamps(scene, &under)?,
            over_stamps: stamps(scene, &over)?,
            under,
            over,
        })
    }

    /// The key of the band `rows` of this picture, drawn on the empty board `board`.
    pub(super) fn key(&self, board: BaseKey, rows: Rows) -> BandKey {
        let marks = |list: &[(Mark, Rows)], wrap: fn(Mark) -> Drawn| {
            list.iter().filter(|(_, r)| overlap(*r, rows)).map(move |(m, _)| wrap(*m)).collect::<Vec<_>>()
        };
        let mut drawn = marks(&self.under, Drawn::Under);
        drawn.extend(
            self.pieces
                .iter()
                .filter(|(_, _, stamp)| overlap(stamp.rows, rows))
                .map(|&(cell, man, _)| Drawn::Piece(cell, man)),
        );
        drawn.extend(marks(&self.over, Drawn::Over));
        drawn.shrink_to_fit();
        BandKey { board, rows, drawn }
    }

    /// Rows `rows` of the picture, drawn in the SVG's layer order: the empty board, the marks,
    /// the numbers, the pieces (each over its shadow), then what goes over the pieces.
    pub(super) fn rows(&self, rows: Rows) -> Result<tiny_skia::Pixmap, RenderError> {
        let width = self.ground.board.width();
        let height = rows.1.saturating_sub(rows.0);
        let under = self.under.iter().any(|(_, r)| overlap(*r, rows));
        let from = if under { self.ground.board } else { self.ground.plain };
        let stride = width as usize * 4;
        let source = from
            .data()
            .get(rows.0 as usize * stride..rows.1 as usize * stride)
            .filter(|_| from.width() == width && height > 0)
            .ok_or(RenderError::Shape { width, height, bytes: from.data().len() })?;
        let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Pixmap(width))?;
        pixmap.data_mut().copy_from_slice(source);
        let top = rows.0 as i32;
        let stamp = |pixmap: &mut tiny_skia::Pixmap, stamp: &Stamp| {
            if overlap(stamp.rows, rows) {
                blend(pixmap, &stamp.sprite.layer, stamp.x, stamp.y - top);
            }
        };
        if under {
            for s in &self.under_stamps {
                stamp(&mut pixmap, s);
            }
            if let Some(numbers) = self.ground.numbers {
                blend(&mut pixmap, numbers, 0, -top);
            }
        }
        for (_, _, s) in &self.pieces {
            stamp(&mut pixmap, s);
        }
        for s in &self.over_stamps {
            stamp(&mut pixmap, s);
        }
        Ok(pixmap)
    }

    /// The whole picture, each band `bands` names drawn on its own as [`Picture::rows`] draws it.
    pub(super) fn whole(&self, bands: &[Rows]) -> Result<tiny_skia::Pixmap, RenderError> {
        let (width, height) = (self.ground.board.width(), self.ground.board.height());
        let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Pixmap(width.max(height)))?;
        let stride = width as usize * 4;
        for &rows in bands {
            let band = self.rows(rows)?;
            let start = rows.0 as usize * stride;
            if let Some(place) = pixmap.data_mut().get_mut(start..start + band.data().len()) {
                place.copy_from_slice(band.data());
            }
        }
        Ok(pixmap)
    }
}

/// The sprites that draw `marks` (one layer's, in drawing order) on `scene`, in the same order;
/// the route (the scene's trail), which its every point names, is one sprite where its first
/// point is.
fn stamps(scene: &Scene, marks: &[(Mark, Rows)]) -> Result<Vec<Stamp>, RenderError> {
    let layout = &scene.layout;
    let route = &scene.trail;
    let mut out = Vec::with_capacity(marks.len());
    let mut route_drawn = false;
    for &(mark, rows) in marks {
        let stamp = match mark {
            Mark::Route(_) if route_drawn => continue,
            Mark::Route(_) => {
                route_drawn = true;
                let corner = Cell {
                    x: route.iter().map(|c| c.x).min().unwrap_or(0),
                    y: route.iter().map(|c| c.y).min().unwrap_or(0),
                };
                let steps = route.iter().map(|c| (c.x - corner.x, c.y - corner.y)).collect();
                let sprite = route_sprite(steps, scene.theme, layout)?;
                let at = sprite.origin(layout, corner);
                Stamp::new(sprite, at, rows)
            }
            Mark::Turn { white, bottom } => {
                let sprite = turn_sprite(white, bottom, layout)?;
                let at = sprite.origin_at(layout.turn_center_px(bottom));
                Stamp::new(sprite, at, rows)
            }
            _ => {
                let Some((look, cell)) = mark.on_square() else {
                    continue;
                };
                let sprite = look_sprite(look, scene.theme, layout)?;
                let at = sprite.origin(layout, cell);
                Stamp::new(sprite, at, rows)
            }
        };
        out.push(stamp);
    }
    Ok(out)
}

/// The bands of a `height`-row picture cut at `cuts` (in increasing order; rows before the first
/// cut make a band of their own and the last band runs to the bottom).
pub(super) fn band_rows(cuts: &[u32], height: u32) -> Vec<Rows> {
    let mut out = Vec::with_capacity(cuts.len() + 1);
    let mut start = 0;
    for &cut in cuts.iter().chain(std::iter::once(&height)) {
        let cut = cut.min(height);
        if cut > start {
            out.push((start, cut));
            start = cut;
        }
    }
    out
}
