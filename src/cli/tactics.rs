//! `damas tactics`: find positions with a winning shot that a two-ply search misses.

use crate::engine::tactics;
use crate::rules::VariantId;

pub fn run(variant: VariantId, count: usize, depth: u32, seed: u64, games: usize) -> anyhow::Result<()> {
    println!("# {variant}: fen;solution;score (depth {depth} finds it, depth 2 does not)");
    for p in tactics::find(variant, seed, count, depth, games) {
        println!("{}", p.to_line());
    }
    Ok(())
}
