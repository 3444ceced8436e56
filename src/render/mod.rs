//! The board for people: an SVG/PNG picture and a text board.
//!
//! Everything here is pure and synchronous. Rendering a PNG is CPU work of a few milliseconds:
//! async callers run it on a blocking pool.

mod font;
pub mod graph;
pub mod png;
pub mod svg;
pub mod text;

pub use png::{RenderError, board_png};
pub use svg::board_svg;

use crate::rules::{Move, Position, Square};

/// Told how long each board picture took to draw (the server's metrics listen here; the render
/// layer itself knows nothing of them).
static RENDER_OBSERVER: std::sync::OnceLock<fn(std::time::Duration)> = std::sync::OnceLock::new();

/// Sets the function told the drawing time of every PNG board. Only the first call counts; returns
/// whether this one did.
pub fn observe_renders(observer: fn(std::time::Duration)) -> bool {
    RENDER_OBSERVER.set(observer).is_ok()
}

fn rendered(elapsed: std::time::Duration) {
    if let Some(observer) = RENDER_OBSERVER.get() {
        observer(elapsed);
    }
}

/// Colour scheme of the picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Wood: cream and walnut squares in a dark frame.
    #[default]
    Light,
    /// Muted green and stone, for dark chat backgrounds.
    Dark,
    /// Tournament board: ivory and green squares in a dark green frame.
    Classic,
}

impl std::str::FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "light" => Ok(Theme::Light),
            "dark" => Ok(Theme::Dark),
            "classic" => Ok(Theme::Classic),
            _ => Err(UnknownTheme(s.chars().take(32).collect())),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme {0:?} (expected light, dark or classic)")]
pub struct UnknownTheme(pub String);

/// The move to show as "last move": where it started, where it landed on each step, what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub from: Square,
    pub path: Vec<Square>,
    pub captured: Vec<Square>,
}

impl From<&Move> for LastMove {
    fn from(mv: &Move) -> Self {
        LastMove { from: mv.from(), path: mv.path().to_vec(), captured: mv.captures().to_vec() }
    }
}

/// Smallest and largest picture width accepted, in pixels.
pub const MIN_SIZE: u32 = 64;
pub const MAX_SIZE: u32 = 2048;

/// What to draw: a position and everything shown on top of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The position; it also names the variant.
    pub position: Position,
    /// Draw from Black's side (Black's pieces at the bottom).
    pub flip: bool,
    pub theme: Theme,
    pub last_move: Option<LastMove>,
    /// A piece the viewer picked up, and the squares it can go to.
    pub selected: Option<Square>,
    pub destinations: Vec<Square>,
    /// Squares to tap next when several capture routes end on the same square.
    pub hints: Vec<Square>,
    /// Pieces of the side to move that must capture now.
    pub must_capture: Vec<Square>,
    /// Mark whose turn it is in the frame.
    pub show_turn: bool,
    /// Width and height of the PNG in pixels (clamped to `MIN_SIZE..=MAX_SIZE`).
    pub size: u32,
    /// Square numbers for a phone screen: larger, outlined and drawn over the pieces, since at the
    /// corner size a 10×10 board's numbers are a few pixels high.
    pub screen_numbers: bool,
}

impl BoardView {
    /// The position as seen by White, light theme, 640 px, turn marker and capture hint on.
    pub fn new(position: Position) -> Self {
        let must_capture = position.capturers();
        BoardView {
            position,
            flip: false,
            theme: Theme::Light,
            last_move: None,
            selected: None,
            destinations: Vec::new(),
            hints: Vec::new(),
            must_capture,
            show_turn: true,
            size: 640,
            screen_numbers: false,
        }
    }

    pub fn screen_numbers(mut self, on: bool) -> Self {
        self.screen_numbers = on;
        self
    }

    pub fn flipped(mut self, flip: bool) -> Self {
        self.flip = flip;
        self
    }

    pub fn theme(mut self, theme: Theme) -> Self {
        self.theme = theme;
        self
    }

    pub fn size(mut self, size: u32) -> Self {
        self.size = size;
        self
    }

    pub fn last_move(mut self, mv: &Move) -> Self {
        self.last_move = Some(LastMove::from(mv));
        self
    }

    /// Picks up the piece on `sq`: its legal destinations are marked.
    pub fn select(mut self, sq: Square) -> Self {
        self.selected = Some(sq);
        let mut dest: Vec<Square> =
            self.position.legal_moves().iter().filter(|m| m.from() == sq).map(|m| m.to()).collect();
        dest.sort();
        dest.dedup();
        self.destinations = dest;
        self
    }
}
