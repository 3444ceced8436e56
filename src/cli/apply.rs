//! `damas apply`: plays moves in order and prints the resulting FEN.

use std::io::Write;

use super::position_arg;
use crate::rules::VariantId;

pub fn run(variant: VariantId, fen: Option<&str>, moves: &[String]) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let mut position = position_arg(variant, fen)?;
    for (i, text) in moves.iter().enumerate() {
        let mv = position.parse_move(text).map_err(|e| anyhow::anyhow!("move {} '{text}' is illegal: {e}", i + 1))?;
        position = position.play(&mv);
    }
    writeln!(out, "{}", position.to_fen())?;
    Ok(())
}
