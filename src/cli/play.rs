//! `damas play`: a game against the engine in the terminal.

use std::io::{BufRead, Write};

use crate::engine::{self, Level, format_score};
use crate::rules::{Color, GameState, Position, Role, VariantId};

/// The board as text, White at the bottom, with square names of the variant beside each row.
pub fn board_text(p: &Position) -> String {
    let rules = p.rules();
    let mut out = String::new();
    for row in (0..rules.rows).rev() {
        let mut cells = String::new();
        let mut names = Vec::new();
        for col in 0..rules.cols {
            match rules.square_at(row, col) {
                None => cells.push_str("  "),
                Some(sq) => {
                    names.push(rules.square_name(sq));
                    let c = match p.piece_at(sq) {
                        None => '.',
                        Some(pc) => match (pc.color, pc.role) {
                            (Color::White, Role::Man) => 'w',
                            (Color::White, Role::King) => 'W',
                            (Color::Black, Role::Man) => 'b',
                            (Color::Black, Role::King) => 'B',
                        },
                    };
                    cells.push(' ');
                    cells.push(c);
                }
            }
        }
        out.push_str(&format!("{:>2} {cells}    {}\n", row + 1, names.join(" ")));
    }
    let files: String = (0..rules.cols).map(|c| format!(" {}", (b'a' + c) as char)).collect();
    out.push_str(&format!("   {files}\n"));
    out
}

pub fn run(variant: VariantId, level: Level, color: Option<Color>, seed: u64) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let mut state = GameState::new(Position::start(variant));
    let first = state.position().side_to_move();
    let human = color.unwrap_or(first);
    let mut engine = engine::Engine::new(variant, level.tt_bits());
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    writeln!(
        out,
        "{} — you play {}, the engine plays at level {level}. Type moves like {}; 'quit' to stop.",
        variant.rules().name_en,
        human,
        {
            let p = state.position();
            p.legal_moves().first().map(|m| p.notation(m)).unwrap_or_default()
        }
    )?;
    let mut turn = 0u64;
    loop {
        writeln!(out, "\n{}", board_text(state.position()))?;
        if let Some(o) = state.outcome() {
            match o.winner {
                Some(c) if c == human => writeln!(out, "You win ({:?}).", o.reason)?,
                Some(_) => writeln!(out, "The engine wins ({:?}).", o.reason)?,
                None => writeln!(out, "Draw ({:?}).", o.reason)?,
            }
            return Ok(());
        }
        let pos = *state.position();
        if pos.side_to_move() == human {
            write!(out, "{} to move> ", human)?;
            out.flush()?;
            let Some(line) = lines.next() else { return Ok(()) };
            let line = line?;
            let text = line.trim();
            if text == "quit" || text == "exit" {
                return Ok(());
            }
            if text.is_empty() || text == "moves" {
                let list: Vec<String> = pos.legal_moves().iter().map(|m| pos.notation(m)).collect();
                writeln!(out, "legal: {}", list.join(" "))?;
                continue;
            }
            match pos.parse_move(text) {
                Ok(m) => state.play(&m),
                Err(e) => writeln!(out, "{e}")?,
            }
        } else {
            turn += 1;
            let r = engine.play(&state, level, seed.wrapping_add(turn), None)?;
            writeln!(
                out,
                "engine plays {} (score {}, depth {}, {} ms)",
                pos.notation(&r.best),
                format_score(r.score),
                r.depth,
                r.time.as_millis()
            )?;
            state.play(&r.best);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_shows_every_piece_and_row_names() {
        let text = board_text(&Position::start(VariantId::International));
        // The last line names the files (a b c ...), so pieces are counted on the rows above it.
        let rows: String = text.lines().take(10).collect();
        assert_eq!(rows.matches('w').count(), 20);
        assert_eq!(rows.matches('b').count(), 20);
        assert!(text.lines().last().unwrap().contains("a b c d e f g h i j"));
        assert!(text.lines().next().unwrap().ends_with("1 2 3 4 5"));
    }
}
