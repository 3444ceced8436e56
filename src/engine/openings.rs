//! Opening ballots: short move sequences from the start position (or FENs) that matches start from,
//! each played twice with colours reversed. `generate` builds them from every sequence of a few plies,
//! keeping those our own search finds nearly balanced.

use super::{Engine, Limits};
use crate::rules::{GameState, Move, Position, VariantId};

#[derive(Clone, Debug)]
pub struct Opening {
    pub start: Position,
    pub moves: Vec<Move>,
    pub text: String,
}

impl Opening {
    pub fn start(variant: VariantId) -> Opening {
        Opening { start: Position::start(variant), moves: Vec::new(), text: "start".into() }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("opening line {line}: {message}")]
pub struct OpeningError {
    pub line: usize,
    pub message: String,
}

/// Reads ballots: one per line, either moves from the start position (`32-28 19-23 37-32`) or a FEN;
/// blank lines and lines starting with `#` are skipped.
pub fn parse(variant: VariantId, text: &str) -> Result<Vec<Opening>, OpeningError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |message: String| OpeningError { line: i + 1, message };
        if line.starts_with("W:") || line.starts_with("B:") {
            let start = Position::from_fen(variant, line).map_err(|e| err(e.to_string()))?;
            out.push(Opening { start, moves: Vec::new(), text: line.to_string() });
            continue;
        }
        let start = Position::start(variant);
        let mut pos = start;
        let mut moves = Vec::new();
        for token in line.split_whitespace() {
            let m = pos.parse_move(token).map_err(|e| err(format!("{token}: {e}")))?;
            moves.push(m);
            pos = pos.play(&m);
        }
        out.push(Opening { start, moves, text: line.to_string() });
    }
    Ok(out)
}

/// Every sequence of `plies` moves from the start whose position a search to `depth` scores within
/// `margin` hundredths of a man of equality, in move-notation order. Lines that transpose into an
/// earlier one are dropped.
pub fn generate(variant: VariantId, plies: u32, depth: u32, margin: i32) -> Vec<String> {
    let mut engine = Engine::new(variant, 18);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut stack: Vec<(Position, Vec<String>)> = vec![(Position::start(variant), Vec::new())];
    while let Some((pos, line)) = stack.pop() {
        if line.len() as u32 == plies {
            if !seen.insert(pos.zobrist()) {
                continue;
            }
            let state = GameState::new(pos);
            let Ok(r) = engine.analyse(&state, &Limits::depth(depth), None, &mut |_| {}) else { continue };
            if r.score.abs() <= margin {
                out.push(line.join(" "));
            }
            continue;
        }
        // Reverse so that popping visits moves in notation order.
        for m in pos.legal_moves().iter().rev() {
            let mut next = line.clone();
            next.push(pos.notation(m));
            stack.push((pos.play(m), next));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ballots_parse_and_bad_moves_are_reported() {
        let ok = parse(VariantId::International, "# comment\n32-28 19-23\n\nW:W31-50:B1-20\n").unwrap();
        assert_eq!(ok.len(), 2);
        assert_eq!(ok[0].moves.len(), 2);
        let bad = parse(VariantId::International, "32-28 19-25\n").unwrap_err();
        assert_eq!(bad.line, 1);
    }

    #[test]
    fn shipped_ballots_are_legal() {
        let mut shipped = Vec::new();
        for v in VariantId::ALL {
            let path = format!("{}/data/openings/{v}.txt", env!("CARGO_MANIFEST_DIR"));
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let list = parse(v, &text).unwrap_or_else(|e| panic!("{path}: {e:?}"));
            assert!(list.len() >= 20, "{v}: {} ballots", list.len());
            assert!(list.iter().all(|o| o.moves.len() == 3), "{v}");
            shipped.push(v);
        }
        assert!(shipped.contains(&VariantId::International) && shipped.contains(&VariantId::English), "{shipped:?}");
    }
}
