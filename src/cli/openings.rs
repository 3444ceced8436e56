//! `damas openings`: generate balanced opening ballots with our own search.

use std::io::Write;

use crate::rules::VariantId;

pub fn run(variant: VariantId, plies: u32, depth: u32, margin: i32) -> anyhow::Result<()> {
    let mut out = super::stdout();
    writeln!(out, "# {variant}: all {plies}-ply openings a depth-{depth} search scores within {margin} of equality")?;
    for line in crate::engine::openings::generate(variant, plies, depth, margin) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
