//! One picture put together band by band. Each band of rows is drawn on its own from the empty
//! board and the marks and pieces that reach into it, and is known by exactly those: a band that
//! an earlier picture drew with the same things in it has the same pixels, so it need not be drawn,
//! converted or compressed again. A move changes the few rows of squares it touches.

use std::sync::Arc;

use resvg::{tiny_skia, usvg};

use super::super::font::options;
use super::super::svg::{Cell, Layers, Man, Mark, Scene};
use super::bands::Weigh;
use super::{BaseKey, Layer, RenderError, Sprite, blend, draw_rows, shaded};

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

struct Placed {
    sprite: Arc<Sprite>,
    cell: Cell,
    man: Man,
    x: i32,
    y: i32,
    rows: Rows,
}

pub(super) struct Picture<'a> {
    scene: &'a Scene,
    ground: Ground<'a>,
    pieces: Vec<Placed>,
    under: Vec<(Mark, Rows)>,
    over: Vec<(Mark, Rows)>,
    under_tree: Option<usvg::Tree>,
    over_tree: Option<usvg::Tree>,
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
                Ok(Placed {
                    rows: (at(top), at(bottom)),
                    sprite,
                    cell,
                    man,
                    x,
                    y,
                })
            })
            .collect::<Result<_, RenderError>>()?;
        let marks = |over| {
            scene
                .marks(over)
                .into_iter()
                .map(|(mark, reach)| (mark, reach.pixel_rows(&layout)))
                .collect()
        };
        Ok(Picture {
            scene,
            ground,
            pieces,
            under: marks(false),
            over: marks(true),
            under_tree: None,
            over_tree: None,
        })
    }

    /// The key of the band `rows` of this picture, drawn on the empty board `board`.
    pub(super) fn key(&self, board: BaseKey, rows: Rows) -> BandKey {
        let marks = |list: &[(Mark, Rows)], wrap: fn(Mark) -> Drawn| {
            list.iter()
                .filter(|(_, r)| overlap(*r, rows))
                .map(move |(m, _)| wrap(*m))
                .collect::<Vec<_>>()
        };
        let mut drawn = marks(&self.under, Drawn::Under);
        drawn.extend(
            self.pieces
                .iter()
                .filter(|p| overlap(p.rows, rows))
                .map(|p| Drawn::Piece(p.cell, p.man)),
        );
        drawn.extend(marks(&self.over, Drawn::Over));
        drawn.shrink_to_fit();
        BandKey { board, rows, drawn }
    }

    /// Rows `rows` of the picture, drawn in the SVG's layer order: the empty board, the marks,
    /// the numbers, the pieces (each over its shadow), then what goes over the pieces.
    pub(super) fn rows(&mut self, rows: Rows) -> Result<tiny_skia::Pixmap, RenderError> {
        let width = self.ground.board.width();
        let height = rows.1.saturating_sub(rows.0);
        let under = self.under.iter().any(|(_, r)| overlap(*r, rows));
        let from = if under {
            self.ground.board
        } else {
            self.ground.plain
        };
        let stride = width as usize * 4;
        let source = from
            .data()
            .get(rows.0 as usize * stride..rows.1 as usize * stride)
            .filter(|_| from.width() == width && height > 0)
            .ok_or(RenderError::Shape {
                width,
                height,
                bytes: from.data().len(),
            })?;
        let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Pixmap(width))?;
        pixmap.data_mut().copy_from_slice(source);
        let top = rows.0 as i32;
        if under {
            let tree = layer(
                &mut self.under_tree,
                self.scene,
                Layers {
                    marks: true,
                    ..Layers::NONE
                },
            )?;
            draw_rows(tree, &mut pixmap, rows.0);
            if let Some(numbers) = self.ground.numbers {
                blend(&mut pixmap, numbers, 0, -top);
            }
        }
        for p in self.pieces.iter().filter(|p| overlap(p.rows, rows)) {
            blend(&mut pixmap, &p.sprite.layer, p.x, p.y - top);
        }
        if self.over.iter().any(|(_, r)| overlap(*r, rows)) {
            let tree = layer(
                &mut self.over_tree,
                self.scene,
                Layers {
                    over: true,
                    ..Layers::NONE
                },
            )?;
            draw_rows(tree, &mut pixmap, rows.0);
        }
        Ok(pixmap)
    }

    /// The whole picture, each band `bands` names drawn on its own as [`Picture::rows`] draws it.
    pub(super) fn whole(&mut self, bands: &[Rows]) -> Result<tiny_skia::Pixmap, RenderError> {
        let (width, height) = (self.ground.board.width(), self.ground.board.height());
        let mut pixmap =
            tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Pixmap(width.max(height)))?;
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

/// The document of one layer of `scene`, parsed once per picture.
fn layer<'t>(
    slot: &'t mut Option<usvg::Tree>,
    scene: &Scene,
    layers: Layers,
) -> Result<&'t usvg::Tree, RenderError> {
    let tree = match slot.take() {
        Some(tree) => tree,
        None => usvg::Tree::from_str(&scene.document(layers), options())?,
    };
    Ok(slot.insert(tree))
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
