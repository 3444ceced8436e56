//! The board as a grid of buttons (pure data: front ends turn it into their own keyboard type).
//!
//! A move is made in taps. [`advance`] reads the squares tapped so far (they travel in the
//! callback data, see [`super::callback`]) and says where the player is:
//!
//! ```text
//! Idle ──tap own piece──▶ Piece ──tap destination──▶ Ready(move)
//!  ▲                        │  │                       ▲
//!  └──tap the piece again───┘  └──several capture──▶ Route ──tap a piece to take──┘
//!                                 routes end there      (repeat until one route is left)
//! ```
//!
//! Where several capture routes from one piece end on the same square and take different
//! pieces, the player taps one of the pieces that only some routes take (the hints) until one
//! route is left.
//!
//! Layouts: 8×8 diagonal boards get 8 rows of 8 buttons (non-playing squares are blank), 10×10 and 12×12
//! boards only their 50 or 72 playing squares in rows of 5 or 6 (labels pushed left or right so the
//! diagonals still read), Turkish 8 rows of 8. Rows run from the viewer's far side to their near
//! side. Telegram allows 8 buttons a row and 100 a message: there is room for a control row.

use super::callback::{Action, Coord};
use crate::rules::{Color, Move, Piece, Position, Role, Square, Variant};

/// One button: what it shows and what a tap asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Button {
    pub label: String,
    pub action: Action,
}

/// Rows of buttons, top row first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Keyboard {
    pub rows: Vec<Vec<Button>>,
}

/// Button faces. Emoji keep their colours in light and dark chat themes, unlike text symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Labels {
    pub white_man: &'static str,
    pub white_king: &'static str,
    pub black_man: &'static str,
    pub black_king: &'static str,
    pub empty: &'static str,
    /// Squares nobody plays on (the light squares of diagonal boards).
    pub blank: &'static str,
    /// The piece picked up.
    pub selected: &'static str,
    /// Where the picked piece can go.
    pub target: &'static str,
    /// Pieces to tap to choose among capture routes.
    pub hint: &'static str,
    /// Added beside a 10×10 label to push it left or right.
    pub pad: &'static str,
}

impl Default for Labels {
    fn default() -> Self {
        Labels {
            white_man: "⚪",
            white_king: "🤍",
            black_man: "⚫",
            black_king: "🖤",
            empty: "·",
            // Telegram refuses empty or whitespace-only button text; the braille blank is neither
            // and shows nothing.
            blank: "\u{2800}",
            selected: "🔵",
            target: "🟢",
            hint: "🎯",
            pad: "\u{2800}",
        }
    }
}

impl Labels {
    fn piece(&self, piece: Piece) -> &'static str {
        match (piece.color, piece.role) {
            (Color::White, Role::Man) => self.white_man,
            (Color::White, Role::King) => self.white_king,
            (Color::Black, Role::Man) => self.black_man,
            (Color::Black, Role::King) => self.black_king,
        }
    }
}

/// Where a player is in making a move, given the squares tapped so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Nothing picked. `refused` is set when the last tap named a square that cannot start a move.
    Idle { refused: Option<Square> },
    /// A piece is picked; `targets` are its destinations.
    Piece { from: Square, targets: Vec<Square> },
    /// Several capture routes from `from` end on `to`. `chosen` are the pieces tapped so far to
    /// tell them apart, `candidates` the routes still possible, `hints` the pieces to tap next.
    Route { from: Square, to: Square, chosen: Vec<Square>, candidates: Vec<Move>, hints: Vec<Square> },
    /// The taps name one legal move.
    Ready(Move),
}

impl Step {
    /// The squares tapped to reach this step (what the next tap's callback data carries).
    pub fn taps(&self) -> Vec<Square> {
        match self {
            Step::Idle { .. } => Vec::new(),
            Step::Piece { from, .. } => vec![*from],
            Step::Route { from, to, chosen, .. } => [*from, *to].into_iter().chain(chosen.iter().copied()).collect(),
            Step::Ready(mv) => vec![mv.from(), mv.to()],
        }
    }
}

impl crate::render::BoardView {
    /// Shows a step of making a move with the keyboard: the picked piece, its destinations, and
    /// the pieces to tap when capture routes must be told apart.
    pub fn step(mut self, step: &Step) -> Self {
        self.selected = None;
        self.destinations.clear();
        self.hints.clear();
        match step {
            Step::Idle { .. } | Step::Ready(_) => {}
            Step::Piece { from, targets } => {
                self.selected = Some(*from);
                self.destinations = targets.clone();
            }
            Step::Route { from, to, hints, .. } => {
                self.selected = Some(*from);
                self.destinations = vec![*to];
                self.hints = hints.clone();
            }
        }
        self
    }
}

/// The board coordinates of a square, as callback data carries them.
pub fn coord(variant: &Variant, sq: Square) -> Coord {
    let (row, col) = variant.coords(sq);
    Coord { row, col }
}

/// The square at board coordinates, if it is a playing square of the variant.
pub fn square(variant: &Variant, c: Coord) -> Option<Square> {
    variant.square_at(c.row, c.col)
}

/// Reads a chain of taps against the position. Taps that do not fit (an old chain, a square that
/// is not a choice) fall back to the last step they do fit.
pub fn advance(position: &Position, taps: &[Coord]) -> Step {
    let variant = position.variant().rules();
    let moves = position.legal_moves();
    let Some(&first) = taps.first() else {
        return Step::Idle { refused: None };
    };
    let Some(from) = square(variant, first) else {
        return Step::Idle { refused: None };
    };
    let mut targets: Vec<Square> = moves.iter().filter(|m| m.from() == from).map(|m| m.to()).collect();
    targets.sort();
    targets.dedup();
    if targets.is_empty() {
        return Step::Idle { refused: Some(from) };
    }
    let piece = Step::Piece { from, targets };
    let Some(to) = taps.get(1).and_then(|&c| square(variant, c)) else {
        return piece;
    };
    let mut candidates: Vec<Move> = moves.iter().filter(|m| m.from() == from && m.to() == to).cloned().collect();
    match candidates.len() {
        0 => {
            // Another own piece tapped while one is picked: pick that one instead.
            let again = advance(position, &taps[1..2]);
            return if matches!(again, Step::Piece { .. }) { again } else { piece };
        }
        1 => return candidates.pop().map_or(piece, Step::Ready),
        _ => {}
    }
    let mut chosen = Vec::new();
    for &c in &taps[2..] {
        let Some(sq) = square(variant, c) else {
            continue;
        };
        let narrowed: Vec<Move> = candidates.iter().filter(|m| m.captures().contains(&sq)).cloned().collect();
        if !narrowed.is_empty() && narrowed.len() < candidates.len() {
            candidates = narrowed;
            chosen.push(sq);
        }
    }
    if candidates.len() == 1 {
        return candidates.pop().map_or(piece, Step::Ready);
    }
    let hints = distinguishing(&candidates);
    if hints.is_empty() {
        // The rules merge routes that take the same pieces, so this does not happen; if it did,
        // the routes would have the same effect and any of them is the move.
        return candidates.into_iter().next().map_or(piece, Step::Ready);
    }
    Step::Route { from, to, chosen, candidates, hints }
}

/// Captured squares that some but not all candidates take.
fn distinguishing(candidates: &[Move]) -> Vec<Square> {
    let mut all: Vec<Square> = candidates.iter().flat_map(|m| m.captures().iter().copied()).collect();
    all.sort();
    all.dedup();
    all.retain(|sq| {
        let n = candidates.iter().filter(|m| m.captures().contains(sq)).count();
        n > 0 && n < candidates.len()
    });
    all
}

/// Display order of board rows and columns for a viewer: far row first, viewer's left first.
fn display_order(variant: &Variant, flip: bool) -> (Vec<u8>, Vec<u8>) {
    let rows: Vec<u8> = if flip { (0..variant.rows).collect() } else { (0..variant.rows).rev().collect() };
    let cols: Vec<u8> = if flip { (0..variant.cols).rev().collect() } else { (0..variant.cols).collect() };
    (rows, cols)
}

/// The board's buttons for `step`, seen from White's side or, with `flip`, from Black's.
pub fn board_keyboard(position: &Position, step: &Step, flip: bool, labels: &Labels) -> Keyboard {
    let variant = position.variant().rules();
    let mover = position.side_to_move();
    let taps: Vec<Coord> = step.taps().into_iter().map(|sq| coord(variant, sq)).collect();
    let pick_with = |sq: Square| {
        let mut chain = taps.clone();
        chain.push(coord(variant, sq));
        Action::Pick(chain)
    };
    let button = |sq: Square| -> Button {
        let piece = position.piece_at(sq);
        let plain = piece.map_or(labels.empty, |p| labels.piece(p));
        let own = piece.is_some_and(|p| p.color == mover);
        let (label, action) = match step {
            Step::Idle { .. } | Step::Ready(_) => {
                if own {
                    (plain, Action::Pick(vec![coord(variant, sq)]))
                } else {
                    (plain, Action::Noop)
                }
            }
            Step::Piece { from, targets } => {
                if sq == *from {
                    (labels.selected, Action::Pick(Vec::new()))
                } else if targets.contains(&sq) {
                    (labels.target, pick_with(sq))
                } else if own {
                    (plain, Action::Pick(vec![coord(variant, sq)]))
                } else {
                    (plain, Action::Noop)
                }
            }
            Step::Route { from, to, hints, .. } => {
                if sq == *from {
                    (labels.selected, Action::Pick(Vec::new()))
                } else if sq == *to {
                    (labels.target, Action::Noop)
                } else if hints.contains(&sq) {
                    (labels.hint, pick_with(sq))
                } else {
                    (plain, Action::Noop)
                }
            }
        };
        Button { label: label.to_owned(), action }
    };

    let (rows, cols) = display_order(variant, flip);
    let mut keyboard = Keyboard::default();
    let compact = variant.cols > 8;
    for &r in &rows {
        let mut line = Vec::new();
        for (i, &c) in cols.iter().enumerate() {
            match variant.square_at(r, c) {
                Some(sq) => {
                    let mut b = button(sq);
                    if compact {
                        // Playing squares alternate between the left and right cell of each pair
                        // of columns; pushing the label to that side keeps the diagonals visible.
                        b.label = if i % 2 == 0 {
                            format!("{}{}", b.label, labels.pad)
                        } else {
                            format!("{}{}", labels.pad, b.label)
                        };
                    }
                    line.push(b);
                }
                None if compact => {}
                None => line.push(Button { label: labels.blank.to_owned(), action: Action::Noop }),
            }
        }
        keyboard.rows.push(line);
    }
    keyboard
}

/// Game controls as one row: resign, draw (or answer a draw offer), flip, refresh.
pub fn control_row(draw_offered_to_viewer: bool) -> Vec<Button> {
    let b = |label: &str, action| Button { label: label.to_owned(), action };
    let mut row = vec![b("🏳", Action::Resign)];
    if draw_offered_to_viewer {
        row.push(b("🤝✅", Action::AcceptDraw));
        row.push(b("🤝❌", Action::DeclineDraw));
    } else {
        row.push(b("🤝", Action::OfferDraw));
    }
    row.push(b("🔄", Action::Flip));
    row.push(b("♻️", Action::Refresh));
    row
}
