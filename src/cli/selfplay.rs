//! `damas selfplay`: quick self-play games from random starts, written to stdout as PDN for
//! `damas tune`.

use std::io::Write;
use std::sync::mpsc;

use crate::engine::Engine;
use crate::engine::matchplay::pdn;
use crate::engine::selfplay::{self, Played, SCORES_TAG, SelfPlay};

pub fn run(config: &SelfPlay, games: u64, seed: u64, threads: usize) -> anyhow::Result<()> {
    let threads = threads.clamp(1, 64) as u64;
    let (tx, rx) = mpsc::channel();
    let mut out = super::stdout();
    let event = format!("damas selfplay {} depth {}", config.variant, config.depth);
    std::thread::scope(|s| -> anyhow::Result<()> {
        for worker in 0..threads {
            let tx = tx.clone();
            s.spawn(move || {
                let mut engine = Engine::new(config.variant, 18);
                for n in (worker..games).step_by(threads as usize) {
                    let game = selfplay::play(config, &mut engine, seed.wrapping_add(n));
                    if tx.send((n, game)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let (mut played, mut dropped) = (0u64, 0u64);
        for (n, game) in rx {
            let Some(played_game) = game else {
                dropped += 1;
                continue;
            };
            played += 1;
            let scores = (SCORES_TAG, selfplay::scores_tag(&played_game.white_scores));
            let Played { game, result, .. } = &played_game;
            out.write_all(pdn(game, "damas", "damas", result, &event, n as usize + 1, &[scores]).as_bytes())?;
            if played.is_multiple_of(100) {
                eprintln!("{played} games played, {dropped} unbalanced starts dropped");
            }
        }
        eprintln!("{played} games played, {dropped} unbalanced starts dropped");
        Ok(())
    })
}
