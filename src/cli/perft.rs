//! `damas perft`: leaf counts of the move tree.

use std::io::Write;

use super::position_arg;
use crate::rules::{Paths, VariantId};

pub fn run(variant: VariantId, fen: Option<&str>, depth: u32, every_path: bool, divide: bool) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let position = position_arg(variant, fen)?;
    let paths = if every_path { Paths::Keep } else { Paths::Merge };
    let started = std::time::Instant::now();
    let total = if divide {
        let mut total = 0;
        for (mv, n) in position.divide(depth, paths) {
            writeln!(out, "{} {n}", position.full_notation(&mv))?;
            total += n;
        }
        total
    } else {
        position.perft(depth, paths)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("{:.3} s, {:.1} M leaves/s", seconds, total as f64 / seconds.max(1e-9) / 1e6);
    writeln!(out, "{total}")?;
    Ok(())
}
