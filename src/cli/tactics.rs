//! `damas tactics`: find positions with a winning shot that a two-ply search misses, or check how
//! many positions of a suite file a level solves.

use std::io::Write;
use std::path::Path;

use crate::engine::{self, Level, tactics};
use crate::rules::{GameState, Position, VariantId};

pub fn run(variant: VariantId, count: usize, depth: u32, seed: u64, games: usize) -> anyhow::Result<()> {
    let mut out = super::stdout();
    writeln!(
        out,
        "# {variant}: fen;line;score;rating (depth {depth} finds the first move, depth 2 does not; every solver move in the line is the only good one)"
    )?;
    // The search cannot be stopped from here: after a failed write the rest is not printed.
    let mut failed = None;
    tactics::find_with(variant, seed, count, depth, games, &mut |p| {
        if failed.is_none()
            && let Err(e) = writeln!(out, "{}", p.to_line()).and_then(|()| out.flush())
        {
            failed = Some(e);
        }
    });
    match failed {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

/// Plays `level` on every position of `file` and prints the solve rate.
pub fn check(variant: VariantId, file: &Path, level: Level) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let text = std::fs::read_to_string(file)?;
    let puzzles: Vec<_> = text.lines().filter_map(tactics::Puzzle::parse).collect();
    let mut solved = 0;
    for (i, p) in puzzles.iter().enumerate() {
        let pos = Position::from_fen(variant, &p.fen).map_err(|e| anyhow::anyhow!("line {}: bad FEN: {e}", i + 1))?;
        let want = pos.parse_move(&p.solution).map_err(|e| anyhow::anyhow!("line {}: bad move: {e}", i + 1))?;
        let r = engine::think(&GameState::new(pos), level, i as u64, None)?;
        let ok = r.best.same_effect(&want);
        solved += ok as usize;
        if !ok {
            writeln!(out, "missed {};{} played {}", p.fen, p.solution, pos.notation(&r.best))?;
        }
    }
    writeln!(
        out,
        "{variant} {level}: solved {solved}/{} ({:.1}%)",
        puzzles.len(),
        100.0 * solved as f64 / puzzles.len().max(1) as f64
    )?;
    Ok(())
}
