//! Post-game analysis: a 60-ply International game (engine self-play at the medium level from the
//! start) reviewed at the default effort, the work one /analyse does on one core.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use criterion::{Criterion, criterion_group, criterion_main};
use damas::engine::review::{ReviewLimits, review};
use damas::engine::{Engine, Level};
use damas::rules::{GameState, Move, Position, VariantId};

fn self_play(variant: VariantId, plies: usize) -> (Position, Vec<Move>) {
    let start = Position::start(variant);
    let mut state = GameState::new(start);
    let mut engine = Engine::new(variant, 17);
    let mut moves = Vec::new();
    for seed in 0..plies as u64 {
        if state.outcome().is_some() {
            break;
        }
        let Ok(result) = engine.play(&state, Level::Medium, seed, None) else { break };
        state.play(&result.best);
        moves.push(result.best);
    }
    (start, moves)
}

fn bench(c: &mut Criterion) {
    let (start, moves) = self_play(VariantId::International, 60);
    eprintln!("reviewing {} plies", moves.len());
    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    group.bench_function("international_60_plies", |b| {
        b.iter(|| review(&start, &moves, &ReviewLimits::default(), None, &mut |_, _| {}).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
