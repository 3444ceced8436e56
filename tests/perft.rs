//! Runs every block of the perft data files in `tests/perft/` (format: `id`, `variant`, `fen`,
//! `perft D N` for merged moves, `paths D N` for every capture path).
//!
//! Merged counts are checked on the search's own generator (`engine::perft`) as well.
//!
//! The normal run stops each line at a leaf budget so that `cargo test` stays quick; the ignored
//! `perft_deep` test runs every line.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::path::Path;

use damas::engine;
use damas::rules::{Paths, Position, VariantId};

struct Block {
    id: String,
    variant: VariantId,
    fen: String,
    expected: Vec<(Paths, u32, u64)>,
}

fn load() -> Vec<Block> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("tests/perft exists").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let mut blocks = Vec::new();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "perft")) {
        let text = std::fs::read_to_string(file).expect("readable perft file");
        let mut current: Option<Block> = None;
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let (key, value) = line.split_once(' ').expect("key value");
            match key {
                "id" => {
                    blocks.extend(current.take());
                    current = Some(Block {
                        id: value.into(),
                        variant: VariantId::English,
                        fen: String::new(),
                        expected: vec![],
                    });
                }
                "variant" => current.as_mut().expect("id first").variant = value.parse().expect("known variant"),
                "fen" => current.as_mut().expect("id first").fen = value.into(),
                "perft" | "paths" => {
                    let (d, n) = value.split_once(' ').expect("depth count");
                    let paths = if key == "perft" { Paths::Merge } else { Paths::Keep };
                    current.as_mut().expect("id first").expected.push((paths, d.parse().unwrap(), n.parse().unwrap()));
                }
                other => panic!("unknown key {other} in {}", file.display()),
            }
        }
        blocks.extend(current);
    }
    assert!(blocks.len() >= 7, "perft data files not found");
    blocks
}

fn run(limit: u64) {
    let mut checked = 0;
    for block in load() {
        let pos = Position::from_fen(block.variant, &block.fen).unwrap_or_else(|e| panic!("{}: {e}", block.id));
        for &(paths, depth, expected) in &block.expected {
            if expected > limit {
                continue;
            }
            let got = pos.perft(depth, paths);
            assert_eq!(got, expected, "{} {:?} depth {depth}", block.id, paths);
            if paths == Paths::Merge {
                // The search's own generator must walk the same tree.
                assert_eq!(engine::perft(&pos, depth), expected, "{} engine generator, depth {depth}", block.id);
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} perft lines ran");
}

#[test]
fn perft_within_budget() {
    run(2_000_000);
}

#[test]
#[ignore = "deep perft: minutes of CPU"]
fn perft_deep() {
    run(u64::MAX);
}
