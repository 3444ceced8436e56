//! `damas perft`: leaf counts of the move tree.

use std::io::Write;

use super::position_arg;
use crate::rules::{Paths, Position, VariantId};

/// Which move generator counts the tree.
#[derive(Clone, Copy, Debug)]
pub enum Generator {
    /// The rules core's, the reference: merged capture paths or every path.
    Rules { every_path: bool },
    /// The search's own (merged paths).
    Engine,
}

impl Generator {
    fn count(self, position: &Position, depth: u32) -> u64 {
        match self {
            Generator::Rules { every_path } => {
                position.perft(depth, if every_path { Paths::Keep } else { Paths::Merge })
            }
            Generator::Engine => crate::engine::perft(position, depth),
        }
    }

    fn paths(self) -> Paths {
        match self {
            Generator::Rules { every_path: true } => Paths::Keep,
            _ => Paths::Merge,
        }
    }
}

pub fn run(
    variant: VariantId,
    fen: Option<&str>,
    depth: u32,
    generator: Generator,
    divide: bool,
) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let position = position_arg(variant, fen)?;
    let started = std::time::Instant::now();
    let total = if divide && depth > 0 {
        let mut moves = Vec::new();
        position.generate(&mut moves, generator.paths());
        let mut total = 0;
        for mv in &moves {
            let n = generator.count(&position.play(mv), depth - 1);
            writeln!(out, "{} {n}", position.full_notation(mv))?;
            total += n;
        }
        total
    } else {
        generator.count(&position, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("{:.3} s, {:.1} M leaves/s", seconds, total as f64 / seconds.max(1e-9) / 1e6);
    writeln!(out, "{total}")?;
    Ok(())
}
