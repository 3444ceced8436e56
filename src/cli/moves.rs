//! `damas moves`: every legal move of a position.

use std::io::Write;

use super::position_arg;
use crate::rules::VariantId;

pub fn run(variant: VariantId, fen: Option<&str>, json: bool) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let position = position_arg(variant, fen)?;
    let rules = variant.rules();
    let moves = position.legal_moves();
    if json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "notation": position.notation(m),
                    "from": rules.square_name(m.from()),
                    "to": rules.square_name(m.to()),
                    "path": m.path().iter().map(|&s| rules.square_name(s)).collect::<Vec<_>>(),
                    "captures": m.captures().iter().map(|&s| rules.square_name(s)).collect::<Vec<_>>(),
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&list)?)?;
    } else {
        for m in &moves {
            writeln!(out, "{}", position.notation(m))?;
        }
    }
    Ok(())
}
