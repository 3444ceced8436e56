//! The board as text: a monospace diagram for terminals and a description in words for screen
//! readers.

use std::fmt::Write as _;

use crate::i18n::{t, tf, variant_name};
use crate::rules::{Color, Piece, Position, Role, Square};

pub use crate::i18n::Lang;

fn symbol(piece: Option<Piece>) -> char {
    match piece {
        None => '.',
        Some(Piece { color: Color::White, role: Role::Man }) => 'w',
        Some(Piece { color: Color::White, role: Role::King }) => 'W',
        Some(Piece { color: Color::Black, role: Role::Man }) => 'b',
        Some(Piece { color: Color::Black, role: Role::King }) => 'B',
    }
}

/// A monospace diagram: `w`/`b` men, `W`/`B` kings, `.` empty playing squares. Algebraic variants
/// get a–h/1–8 around the board; numeric variants get the square numbers in a second diagram on
/// the right. `flip` shows the board from Black's side.
pub fn text_board(position: &Position, flip: bool) -> String {
    let variant = position.variant().rules();
    let (rows, cols) = (variant.rows, variant.cols);
    let row_order: Vec<u8> = if flip { (0..rows).collect() } else { (0..rows).rev().collect() };
    let col_order: Vec<u8> = if flip { (0..cols).rev().collect() } else { (0..cols).collect() };
    let mut out = String::new();
    let files: String = col_order.iter().map(|&c| format!(" {}", char::from(b'a' + c))).collect();
    if variant.algebraic {
        let _ = writeln!(out, "   {files}");
    }
    for &r in &row_order {
        let mut line = String::new();
        if variant.algebraic {
            let _ = write!(line, "{:>2} ", r + 1);
        } else {
            line.push_str("  ");
        }
        for &c in &col_order {
            line.push(' ');
            line.push(match variant.square_at(r, c) {
                Some(sq) => symbol(position.piece_at(sq)),
                None => ' ',
            });
        }
        if variant.algebraic {
            let _ = write!(line, "  {}", r + 1);
        } else {
            line.push_str("     ");
            for &c in &col_order {
                match variant.square_at(r, c) {
                    Some(sq) => {
                        let _ = write!(line, "{:>3}", variant.square_name(sq));
                    }
                    None => line.push_str("   "),
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if variant.algebraic {
        let _ = writeln!(out, "   {files}");
    }
    let mover = match position.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    };
    let _ = writeln!(out, "{mover} to move");
    out
}

/// The position in words for screen readers: variant, side to move, every piece by square, FEN.
pub fn describe(position: &Position, lang: Lang) -> String {
    let variant = position.variant().rules();
    let mut squares: Vec<(Square, Piece)> = position.pieces().collect();
    squares.sort_by_key(|(sq, _)| variant.squares().position(|s| s == *sq));
    let list = |color: Color, role: Role| -> Vec<String> {
        squares
            .iter()
            .filter(|(_, p)| p.color == color && p.role == role)
            .map(|(sq, _)| variant.square_name(*sq))
            .collect()
    };
    let side = |color: Color| if color == Color::White { "white" } else { "black" };
    let name = variant_name(lang, position.variant());
    let mut out = tf(lang, "describe-to-move", &[("variant", &name), ("side", &side(position.side_to_move()))]);
    for color in [Color::White, Color::Black] {
        let mut parts = Vec::new();
        for (role, key) in [(Role::Man, "describe-men"), (Role::King, "describe-kings")] {
            let squares = list(color, role);
            if !squares.is_empty() {
                parts.push(tf(lang, key, &[("n", &squares.len()), ("squares", &squares.join(", "))]));
            }
        }
        if parts.is_empty() {
            parts.push(t(lang, "describe-no-pieces"));
        }
        let _ = write!(out, " {}", tf(lang, "describe-side", &[("side", &side(color)), ("pieces", &parts.join("; "))]));
    }
    let _ = write!(out, " FEN: {}", position.to_fen());
    out
}
