//! The board as an SVG document.
//!
//! Drawing works on a [`Scene`]: display cells (x to the right, y downwards, already oriented for the
//! viewer) and what to draw on them. [`Scene::from_view`] turns a [`BoardView`] into a scene, so
//! the drawing itself knows nothing of variants.
//!
//! The document has three layers: under the pieces (frame, squares, last move, numbers), the pieces,
//! and over the pieces (capture hints, destinations, turn marker). The PNG renderer draws the
//! middle layer from cached piece pictures, which is why the layers can be written separately.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::OnceLock;

use super::font::{self, GLYPH_SIZE};
use super::{BoardView, MAX_SIZE, MIN_SIZE, Theme};
use crate::rules::{Color, Role, Square};

/// Side of one square in SVG units.
pub const SQUARE: f32 = 100.0;
/// Frame width wanted, in squares; the exact width makes squares fall on whole pixels.
const FRAME: f32 = 0.36;
const PIECE_RADIUS: f32 = 37.0;
/// Font size of square numbers and of edge coordinates, in SVG units.
const NUMBER_SIZE: f32 = 18.0;
/// Font size of square numbers drawn over the pieces for a phone screen.
const SCREEN_NUMBER_SIZE: f32 = 30.0;
const COORD_SIZE: f32 = 24.0;
/// Height of a digit above the baseline, as a fraction of the font size (DejaVu Sans Bold).
const CAP_HEIGHT: f32 = 0.73;

const TEMPLATE: &str = include_str!("../../templates/board.svg.tmpl");

/// A cell on the picture: `x` counts columns from the left edge, `y` rows from the top edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    pub x: u8,
    pub y: u8,
}

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    pub white: bool,
    pub king: bool,
}

impl Man {
    /// The four kinds: white man, black man, white king, black king.
    pub const ALL: [Man; 4] = [
        Man { white: true, king: false },
        Man { white: false, king: false },
        Man { white: true, king: true },
        Man { white: false, king: true },
    ];

    /// Id of the piece drawing in the template's `<defs>`.
    pub fn id(self) -> &'static str {
        match (self.white, self.king) {
            (true, false) => "wm",
            (true, true) => "wk",
            (false, false) => "bm",
            (false, true) => "bk",
        }
    }
}

/// Pixel geometry: squares are a whole number of pixels wide and start on a whole pixel, so edges
/// are sharp and every piece is drawn at the same sub-pixel offset (identical pieces give
/// identical pixels, which PNG compression rewards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub size: u32,
    pub cells: u8,
    pub square_px: u32,
    pub margin_px: u32,
}

impl Layout {
    pub fn new(size: u32, cells: u8) -> Layout {
        let size = size.clamp(MIN_SIZE, MAX_SIZE);
        let cells = cells.max(1);
        let square_px = ((size as f32 / (f32::from(cells) + 2.0 * FRAME)).floor() as u32).max(1);
        let margin_px = size.saturating_sub(square_px * u32::from(cells)) / 2;
        Layout { size, cells, square_px, margin_px }
    }

    /// SVG units per pixel.
    pub fn unit(&self) -> f32 {
        SQUARE / self.square_px as f32
    }

    pub fn margin(&self) -> f32 {
        self.margin_px as f32 * self.unit()
    }

    pub fn extent(&self) -> f32 {
        self.size as f32 * self.unit()
    }

    /// A cell's top-left corner, in units.
    pub fn corner(&self, c: Cell) -> (f32, f32) {
        let m = self.margin();
        (m + SQUARE * f32::from(c.x), m + SQUARE * f32::from(c.y))
    }

    /// A cell's centre, in units.
    pub fn middle(&self, c: Cell) -> (f32, f32) {
        let (x, y) = self.corner(c);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    }

    /// Pixel position of the centre of the turn marker, in the frame corner on the mover's side
    /// (`bottom` or top).
    pub fn turn_center_px(&self, bottom: bool) -> (f32, f32) {
        let inset = self.size as f32 - self.margin_px as f32 / 2.0;
        let y = if bottom { inset } else { self.margin_px as f32 / 2.0 };
        (inset, y)
    }

    /// Scale of the turn marker's piece drawing, which fits in the frame.
    pub fn turn_scale(&self) -> f32 {
        (self.margin() * 0.8 / 2.0 / PIECE_RADIUS).min(0.4)
    }

    /// Pixel position of a cell's centre.
    pub fn center_px(&self, c: Cell) -> (f32, f32) {
        let half = self.square_px as f32 / 2.0;
        (
            (self.margin_px + self.square_px * u32::from(c.x)) as f32 + half,
            (self.margin_px + self.square_px * u32::from(c.y)) as f32 + half,
        )
    }
}

/// Which layers of the document to write, bottom to top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layers {
    /// Frame, squares and edge coordinates: what depends only on variant, side, theme and size.
    pub board: bool,
    /// Last move and picked piece.
    pub marks: bool,
    /// Square numbers (numeric variants only).
    pub numbers: bool,
    pub pieces: bool,
    /// Forced-capture rings, captured pieces, destinations, route hints, turn marker.
    pub over: bool,
}

impl Layers {
    pub const ALL: Layers = Layers { board: true, marks: true, numbers: true, pieces: true, over: true };
    pub const NONE: Layers = Layers { board: false, marks: false, numbers: false, pieces: false, over: false };
}

/// Everything the picture shows, in display cells.
#[derive(Clone, Debug)]
pub struct Scene {
    pub cols: u8,
    pub rows: u8,
    /// All squares are playing squares (Turkish): one surface with grid lines.
    pub orthogonal: bool,
    /// Pieces stand on the light squares (Spanish boards).
    pub light_playing: bool,
    pub theme: Theme,
    pub layout: Layout,
    /// Playing squares with their notation name (used for `data-sq` and, if `numbered`, drawn).
    pub squares: Vec<(Cell, String)>,
    pub numbered: bool,
    /// Numbers larger and over the pieces (see [`BoardView::screen_numbers`]).
    pub screen_numbers: bool,
    /// Edge coordinates, left to right and top to bottom as seen on the picture.
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    pub pieces: Vec<(Cell, Man)>,
    /// Origin and landing squares of the last move, in order.
    pub trail: Vec<Cell>,
    pub captured: Vec<Cell>,
    pub selected: Option<Cell>,
    pub destinations: Vec<Cell>,
    pub hints: Vec<Cell>,
    pub must_capture: Vec<Cell>,
    /// Colour to move (white?) and whether that colour plays from the bottom of the picture.
    pub turn: Option<(bool, bool)>,
}

struct Palette {
    light: &'static str,
    dark: &'static str,
    grid: &'static str,
    number: &'static str,
    coord: &'static str,
    last: &'static str,
    last_opacity: &'static str,
    select: &'static str,
    dest: &'static str,
    capture: &'static str,
    must: &'static str,
    frame: &'static str,
    frame_hi: &'static str,
    /// Turkish boards are one colour; this is that colour.
    plain: &'static str,
}

fn palette(theme: Theme) -> &'static Palette {
    match theme {
        Theme::Light => &Palette {
            light: "#f0dcb8",
            dark: "#b3845c",
            grid: "#8a5f3c",
            number: "#f6e7cc",
            coord: "#ecd6b0",
            last: "#e3c84a",
            last_opacity: ".62",
            select: "#5fb0e8",
            dest: "#2f6b3a",
            capture: "#c0392b",
            must: "#e8742a",
            frame: "#5b3820",
            frame_hi: "#74502f",
            plain: "#e2bd8a",
        },
        Theme::Dark => &Palette {
            light: "#b9b59c",
            dark: "#5d7658",
            grid: "#3d4c3a",
            number: "#d3dccb",
            coord: "#a8b39f",
            last: "#d6c25a",
            last_opacity: ".55",
            select: "#58a6d8",
            dest: "#eef5e6",
            capture: "#e0584a",
            must: "#f08a3c",
            frame: "#222823",
            frame_hi: "#343c35",
            plain: "#7f9874",
        },
        Theme::Classic => &Palette {
            light: "#f1ead6",
            dark: "#4f7a54",
            grid: "#36573b",
            number: "#e6efe0",
            coord: "#d9e4d3",
            last: "#e3c84a",
            last_opacity: ".6",
            select: "#5fb0e8",
            dest: "#f4f1c9",
            capture: "#c0392b",
            must: "#e8742a",
            frame: "#1f3323",
            frame_hi: "#2c4631",
            plain: "#9db88f",
        },
    }
}

/// The template cut at its placeholders once: literal text and placeholder names alternate.
fn template_parts() -> &'static [(&'static str, &'static str)] {
    static PARTS: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    PARTS.get_or_init(|| {
        let mut parts = Vec::new();
        let mut rest = TEMPLATE;
        while let Some(start) = rest.find("{{") {
            let Some(len) = rest[start + 2..].find("}}") else {
                break;
            };
            parts.push((&rest[..start], &rest[start + 2..start + 2 + len]));
            rest = &rest[start + 2 + len + 2..];
        }
        parts.push((rest, ""));
        parts
    })
}

/// Fills the template: `size` in pixels, `extent` in units, glyphs for `chars`, `board` as body.
fn fill_template(theme: Theme, size: u32, extent: f32, chars: &BTreeSet<char>, board: &str) -> String {
    let pal = palette(theme);
    let mut out = String::with_capacity(TEMPLATE.len() + board.len() + 512 * chars.len());
    for (text, name) in template_parts() {
        out.push_str(text);
        let value = match *name {
            "" => "",
            "size" => {
                let _ = write!(out, "{size}");
                ""
            }
            "extent" => {
                let _ = write!(out, "{}", num(extent));
                ""
            }
            "glyphs" => {
                for &c in chars {
                    if let Some(g) = font::glyph(c) {
                        let _ = writeln!(out, r#"  <path id="g{c}" d="{}"/>"#, g.d);
                    }
                }
                ""
            }
            "board" => board,
            "light" => pal.light,
            "dark" => pal.dark,
            "grid" => pal.grid,
            "number" => pal.number,
            "number_dark" => pal.grid,
            "coord" => pal.coord,
            "last" => pal.last,
            "last_opacity" => pal.last_opacity,
            "select" => pal.select,
            "dest" => pal.dest,
            "capture" => pal.capture,
            "must" => pal.must,
            "frame" => pal.frame,
            "frame_hi" => pal.frame_hi,
            // An unknown placeholder is a template bug; leaving it visible makes that obvious.
            other => {
                let _ = write!(out, "{{{{{other}}}}}");
                ""
            }
        };
        out.push_str(value);
    }
    out
}

/// A number for SVG: at most two decimals, no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_owned() } else { s.to_owned() }
}

/// Writes `text` with the glyph outlines, scaled to `size`, with its baseline start at (x, y).
fn write_glyphs(out: &mut String, class: &str, text: &str, x: f32, y: f32, size: f32) {
    let scale = size / GLYPH_SIZE;
    let _ = write!(out, r#"<g class="{class}" transform="translate({} {}) scale({})">"#, num(x), num(y), num(scale));
    let mut pen = 0.0;
    for c in text.chars() {
        let Some(g) = font::glyph(c) else { continue };
        if pen == 0.0 {
            let _ = write!(out, r##"<use xlink:href="#g{c}"/>"##);
        } else {
            let _ = write!(out, r##"<use xlink:href="#g{c}" x="{}"/>"##, num(pen));
        }
        pen += g.advance;
    }
    out.push_str("</g>\n");
}

impl Scene {
    /// The whole SVG document.
    pub fn to_svg(&self) -> String {
        self.document(Layers::ALL)
    }

    /// The SVG document with only some layers.
    pub fn document(&self, layers: Layers) -> String {
        let mut board = String::with_capacity(16 * 1024);
        let mut chars = BTreeSet::new();
        if layers.board {
            self.write_board(&mut board);
            chars.extend(self.files.iter().chain(&self.ranks).flat_map(|s| s.chars()));
        }
        if layers.marks {
            self.write_marks(&mut board);
        }
        if self.numbered && layers.numbers && !self.screen_numbers {
            for (cell, name) in &self.squares {
                self.write_number(&mut board, *cell, name);
                chars.extend(name.chars());
            }
        }
        if layers.pieces {
            self.write_pieces(&mut board);
        }
        if self.numbered && layers.numbers && self.screen_numbers {
            for (cell, name) in &self.squares {
                let (x, y) = self.origin(*cell);
                write_glyphs(
                    &mut board,
                    "numo",
                    name,
                    x + 3.0,
                    y + 3.0 + SCREEN_NUMBER_SIZE * CAP_HEIGHT,
                    SCREEN_NUMBER_SIZE,
                );
                chars.extend(name.chars());
            }
        }
        if layers.over {
            self.write_over(&mut board);
        }
        fill_template(self.theme, self.layout.size, self.layout.extent(), &chars, &board)
    }

    fn origin(&self, c: Cell) -> (f32, f32) {
        self.layout.corner(c)
    }

    fn center(&self, c: Cell) -> (String, String) {
        let (x, y) = self.layout.middle(c);
        (num(x), num(y))
    }

    /// Square numbers sit in the top-left corner, which a piece does not cover.
    fn write_number(&self, out: &mut String, cell: Cell, name: &str) {
        let (x, y) = self.origin(cell);
        let (x, y) = (x + 4.0, y + 4.0 + NUMBER_SIZE * CAP_HEIGHT);
        // A soft shadow keeps the number readable on the light last-move tint.
        if self.light_playing {
            // Dark figures on a light square need no shadow.
            write_glyphs(out, "numd", name, x, y, NUMBER_SIZE);
        } else {
            write_glyphs(out, "nums", name, x + 1.2, y + 1.2, NUMBER_SIZE);
            write_glyphs(out, "num", name, x, y, NUMBER_SIZE);
        }
    }

    fn write_board(&self, out: &mut String) {
        let pal = palette(self.theme);
        let extent = num(self.layout.extent());
        let m = self.layout.margin();
        let (ms, w, h) = (num(m), num(SQUARE * f32::from(self.cols)), num(SQUARE * f32::from(self.rows)));
        let _ = writeln!(out, r#"<rect class="frame" width="{extent}" height="{extent}"/>"#);
        let inset = num(self.layout.extent() - 4.0);
        let _ = writeln!(out, r#"<rect class="bevel" x="2" y="2" width="{inset}" height="{inset}"/>"#);
        if self.orthogonal {
            let _ = writeln!(out, r#"<rect x="{ms}" y="{ms}" width="{w}" height="{h}" fill="{}"/>"#, pal.plain);
        } else {
            let _ = writeln!(
                out,
                r#"<rect class="{}" x="{ms}" y="{ms}" width="{w}" height="{h}"/>"#,
                if self.light_playing { "dk" } else { "lt" }
            );
        }
        for (cell, name) in &self.squares {
            let (x, y) = self.origin(*cell);
            // Turkish squares are not painted, but stay in the document as click targets.
            let paint = if self.orthogonal {
                r#"fill="none" pointer-events="all""#
            } else if self.light_playing {
                r#"class="lt""#
            } else {
                r#"class="dk""#
            };
            let _ = writeln!(
                out,
                r#"<rect {paint} x="{}" y="{}" width="100" height="100" data-sq="{name}"/>"#,
                num(x),
                num(y)
            );
        }
        if self.orthogonal {
            let mut d = String::new();
            for i in 1..self.cols {
                let _ = write!(d, "M{} {ms}v{h}", num(m + SQUARE * f32::from(i)));
            }
            for i in 1..self.rows {
                let _ = write!(d, "M{ms} {}h{w}", num(m + SQUARE * f32::from(i)));
            }
            let _ = writeln!(out, r#"<path class="grid" d="{d}"/>"#);
        }
        // A thin dark line between the squares and the frame.
        let _ = writeln!(
            out,
            r##"<rect x="{ms}" y="{ms}" width="{w}" height="{h}" fill="none" stroke="#000" stroke-opacity=".4" stroke-width="3"/>"##
        );

        let extent = self.layout.extent();
        let baseline = |center: f32| center + COORD_SIZE * 0.36;
        for (i, f) in self.files.iter().enumerate() {
            let cx = m + SQUARE * i as f32 + SQUARE / 2.0;
            let width = font::text_width(f) * COORD_SIZE / GLYPH_SIZE;
            write_glyphs(out, "crd", f, cx - width / 2.0, baseline(extent - m / 2.0), COORD_SIZE);
        }
        for (i, r) in self.ranks.iter().enumerate() {
            let cy = m + SQUARE * i as f32 + SQUARE / 2.0;
            let width = font::text_width(r) * COORD_SIZE / GLYPH_SIZE;
            write_glyphs(out, "crd", r, m / 2.0 - width / 2.0, cy + COORD_SIZE * CAP_HEIGHT / 2.0, COORD_SIZE);
        }
    }

    fn write_marks(&self, out: &mut String) {
        // Last move: origin and arrival tinted, the route drawn as a trail.
        if let (Some(first), Some(last)) = (self.trail.first(), self.trail.last()) {
            self.write_look(out, Look::Last, *first);
            if last != first {
                self.write_look(out, Look::Last, *last);
            }
            if self.trail.len() > 1 {
                write_route(out, self.trail.iter().map(|c| self.layout.middle(*c)));
            }
        }
        if let Some(c) = self.selected {
            self.write_look(out, Look::Selected, c);
        }
    }

    fn write_look(&self, out: &mut String, look: Look, c: Cell) {
        let (x, y) = self.origin(c);
        write_look(out, look, x, y);
    }

    fn write_pieces(&self, out: &mut String) {
        // All shadows first, so that no shadow falls on a neighbouring piece.
        for (c, _) in &self.pieces {
            let (x, y) = self.center(*c);
            let _ = writeln!(out, r##"<use xlink:href="#shade" x="{x}" y="{y}"/>"##);
        }
        for (c, man) in &self.pieces {
            let (x, y) = self.center(*c);
            let _ = writeln!(out, r##"<use xlink:href="#{}" x="{x}" y="{y}"/>"##, man.id());
        }
    }

    fn write_over(&self, out: &mut String) {
        let looks = [
            (Look::MustCapture, &self.must_capture),
            (Look::Captured, &self.captured),
            (Look::Destination, &self.destinations),
            (Look::Hint, &self.hints),
        ];
        for (look, cells) in looks {
            for c in cells {
                self.write_look(out, look, *c);
            }
        }
        if let Some((white, bottom)) = self.turn {
            write_turn(out, white, bottom, &self.layout);
        }
    }

    /// What the marks layer (`over` false) or the over layer draws, in drawing order, each with
    /// the rows it stays within. Two scenes on the same empty board that draw the same marks draw
    /// them with the same pixels, so a picture can be put together from rows drawn for others.
    pub fn marks(&self, over: bool) -> Vec<(Mark, Reach)> {
        let at = |c: &Cell| Reach::Cells { top: c.y, bottom: c.y };
        let mut out = Vec::new();
        if !over {
            if let (Some(first), Some(last)) = (self.trail.first(), self.trail.last()) {
                out.push((Mark::Last(*first), at(first)));
                if last != first {
                    out.push((Mark::Last(*last), at(last)));
                }
                if self.trail.len() > 1 {
                    // The route joins square centres, with round ends narrower than a square.
                    let rows = self.trail.iter().map(|c| c.y);
                    let reach = Reach::Cells { top: rows.clone().min().unwrap_or(0), bottom: rows.max().unwrap_or(0) };
                    out.extend(self.trail.iter().map(|c| (Mark::Route(*c), reach)));
                }
            }
            if let Some(c) = &self.selected {
                out.push((Mark::Selected(*c), at(c)));
            }
            return out;
        }
        out.extend(self.must_capture.iter().map(|c| (Mark::MustCapture(*c), at(c))));
        out.extend(self.captured.iter().map(|c| (Mark::Captured(*c), at(c))));
        out.extend(self.destinations.iter().map(|c| (Mark::Destination(*c), at(c))));
        out.extend(self.hints.iter().map(|c| (Mark::Hint(*c), at(c))));
        if let Some((white, bottom)) = self.turn {
            let reach = if bottom { Reach::BottomFrame } else { Reach::TopFrame };
            out.push((Mark::Turn { white, bottom }, reach));
        }
        out
    }

    /// Scene for a board view: orientation, notation and highlights resolved.
    pub fn from_view(view: &BoardView) -> Scene {
        let variant = view.position.variant().rules();
        let rows = variant.rows;
        let cols = variant.cols;
        let flip = view.flip;
        let cell = |sq: Square| -> Cell {
            let (r, c) = variant.coords(sq);
            if flip { Cell { x: cols - 1 - c, y: r } } else { Cell { x: c, y: rows - 1 - r } }
        };
        let squares: Vec<(Cell, String)> = variant.squares().map(|sq| (cell(sq), variant.square_name(sq))).collect();
        let (mut files, mut ranks) = (Vec::new(), Vec::new());
        if variant.algebraic {
            files = (0..cols).map(|c| char::from(b'a' + c).to_string()).collect();
            ranks = (1..=rows).rev().map(|r| r.to_string()).collect();
            if flip {
                files.reverse();
                ranks.reverse();
            }
        }
        let pieces = view
            .position
            .pieces()
            .map(|(sq, p)| (cell(sq), Man { white: p.color == Color::White, king: p.role == Role::King }))
            .collect();
        let (trail, captured) = match &view.last_move {
            Some(m) => (
                std::iter::once(m.from).chain(m.path.iter().copied()).map(cell).collect(),
                m.captured.iter().copied().map(cell).collect(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        let mover = view.position.side_to_move();
        let turn = view.show_turn.then_some((mover == Color::White, (mover == Color::White) != flip));
        Scene {
            cols,
            rows,
            orthogonal: variant.orthogonal,
            light_playing: variant.plays_on_light_squares,
            theme: view.theme,
            layout: Layout::new(view.size, rows.max(cols)),
            squares,
            numbered: !variant.algebraic,
            screen_numbers: view.screen_numbers,
            files,
            ranks,
            pieces,
            trail,
            captured,
            selected: view.selected.map(cell),
            destinations: view.destinations.iter().copied().map(cell).collect(),
            hints: view.hints.iter().copied().map(cell).collect(),
            must_capture: view.must_capture.iter().copied().map(cell).collect(),
            turn,
        }
    }
}

/// One thing the marks or over layer draws: what it is and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Origin or landing square of the last move, tinted.
    Last(Cell),
    /// A point of the last move's route, in order.
    Route(Cell),
    Selected(Cell),
    MustCapture(Cell),
    Captured(Cell),
    Destination(Cell),
    Hint(Cell),
    Turn {
        white: bool,
        bottom: bool,
    },
}

/// The rows of a picture a mark stays within: rows of squares (display rows, inclusive), or the
/// frame above or below them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    Cells { top: u8, bottom: u8 },
    TopFrame,
    BottomFrame,
}

impl Reach {
    /// The same rows in pixels, top inclusive, bottom exclusive.
    pub fn pixel_rows(self, layout: &Layout) -> (u32, u32) {
        let board_bottom = layout.margin_px + layout.square_px * u32::from(layout.cells);
        match self {
            Reach::Cells { top, bottom } => (
                layout.margin_px + layout.square_px * u32::from(top),
                layout.margin_px + layout.square_px * (u32::from(bottom) + 1),
            ),
            Reach::TopFrame => (0, layout.margin_px),
            Reach::BottomFrame => (board_bottom, layout.size),
        }
    }
}

/// What a mark on one square looks like, wherever the square is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    Last,
    Selected,
    MustCapture,
    Captured,
    Destination,
    Hint,
}

impl Mark {
    /// The look and square of a mark drawn within one square (all but the route and the turn
    /// marker).
    pub fn on_square(self) -> Option<(Look, Cell)> {
        match self {
            Mark::Last(c) => Some((Look::Last, c)),
            Mark::Selected(c) => Some((Look::Selected, c)),
            Mark::MustCapture(c) => Some((Look::MustCapture, c)),
            Mark::Captured(c) => Some((Look::Captured, c)),
            Mark::Destination(c) => Some((Look::Destination, c)),
            Mark::Hint(c) => Some((Look::Hint, c)),
            Mark::Route(_) | Mark::Turn { .. } => None,
        }
    }
}

/// `look` on the square whose top-left corner is at (`x`, `y`), in units.
fn write_look(out: &mut String, look: Look, x: f32, y: f32) {
    let (cx, cy) = (num(x + SQUARE / 2.0), num(y + SQUARE / 2.0));
    let _ = match look {
        Look::Last | Look::Selected => {
            let class = if look == Look::Last { "last" } else { "sel" };
            writeln!(out, r#"<rect class="{class}" x="{}" y="{}" width="100" height="100"/>"#, num(x), num(y))
        }
        Look::MustCapture => {
            writeln!(out, r#"<circle class="must" cx="{cx}" cy="{cy}" r="{}"/>"#, num(PIECE_RADIUS + 5.0))
        }
        // A piece taken by the last move: a dashed ghost and a cross.
        Look::Captured => {
            let _ = writeln!(out, r#"<circle class="cap" cx="{cx}" cy="{cy}" r="30"/>"#);
            writeln!(
                out,
                r#"<path class="capx" d="M{} {}l20 20m0 -20l-20 20"/>"#,
                num(x + SQUARE / 2.0 - 10.0),
                num(y + SQUARE / 2.0 - 10.0)
            )
        }
        Look::Destination => writeln!(out, r#"<circle class="dest" cx="{cx}" cy="{cy}" r="15"/>"#),
        Look::Hint => writeln!(out, r#"<circle class="hint" cx="{cx}" cy="{cy}" r="42"/>"#),
    };
}

/// The last move's route through `points` (square centres, in units).
fn write_route(out: &mut String, points: impl Iterator<Item = (f32, f32)>) {
    let mut d = String::new();
    for (i, (x, y)) in points.enumerate() {
        let _ = write!(d, "{}{} {}", if i == 0 { 'M' } else { 'L' }, num(x), num(y));
    }
    let _ = writeln!(out, r#"<path class="trail" d="{d}"/>"#);
}

/// Whose turn: a small piece in the frame corner at the `bottom` or the top.
fn write_turn(out: &mut String, white: bool, bottom: bool, layout: &Layout) {
    let id = if white { "wm" } else { "bm" };
    let (x, y) = layout.turn_center_px(bottom);
    let (x, y, scale) = (x * layout.unit(), y * layout.unit(), layout.turn_scale());
    let _ = writeln!(
        out,
        r##"<use id="turn" xlink:href="#{id}" transform="translate({} {}) scale({})"/>"##,
        num(x),
        num(y),
        num(scale)
    );
}

/// The square whose neighbourhood the sprites of what may go on any square are drawn in; a
/// sprite drawn there is the same, pixel for pixel, a whole number of squares away.
pub const FIRST: Cell = Cell { x: 0, y: 0 };

/// A document of the whole board's size with only `board` drawn on it, at the same coordinates
/// as in [`Scene::document`], so that what it draws falls on the same fractions of a pixel.
fn alone(theme: Theme, layout: &Layout, board: &str) -> String {
    fill_template(theme, layout.size, layout.extent(), &BTreeSet::new(), board)
}

/// A document with one piece drawing (`id` from the template) on [`FIRST`].
pub(crate) fn sprite_svg(id: &str, layout: &Layout) -> String {
    let (x, y) = layout.middle(FIRST);
    let board = format!(r##"<use xlink:href="#{id}" x="{}" y="{}"/>"##, num(x), num(y));
    alone(Theme::Light, layout, &board)
}

/// A document with `look` on [`FIRST`].
pub(crate) fn look_svg(look: Look, theme: Theme, layout: &Layout) -> String {
    let (x, y) = layout.corner(FIRST);
    let mut board = String::new();
    write_look(&mut board, look, x, y);
    alone(theme, layout, &board)
}

/// A document with the route through `steps`, squares right and down from [`FIRST`].
pub(crate) fn route_svg(steps: &[(u8, u8)], theme: Theme, layout: &Layout) -> String {
    let centre = |&(x, y): &(u8, u8)| layout.middle(Cell { x, y });
    let mut board = String::new();
    write_route(&mut board, steps.iter().map(centre));
    alone(theme, layout, &board)
}

/// A document with the turn marker of `white` in the frame at the `bottom` or the top.
pub(crate) fn turn_svg(white: bool, bottom: bool, layout: &Layout) -> String {
    let mut board = String::new();
    write_turn(&mut board, white, bottom, layout);
    alone(Theme::Light, layout, &board)
}

/// The board as an SVG document, ready for a browser or for [`super::board_png`].
pub fn board_svg(view: &BoardView) -> String {
    Scene::from_view(view).to_svg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_puts_squares_on_whole_pixels() {
        let l = Layout::new(640, 10);
        assert_eq!((l.square_px, l.margin_px), (59, 25));
        let l = Layout::new(640, 8);
        assert_eq!((l.square_px, l.margin_px), (73, 28));
        assert_eq!(Layout::new(0, 8).size, MIN_SIZE);
        assert_eq!(Layout::new(u32::MAX, 8).size, MAX_SIZE);
    }
}
