//! Perft from each start position: leaves per second of the rules core's move generator and of
//! the search's own (`-engine`), single thread, leaves at the last ply counted without playing them.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use damas::rules::{Paths, Position, VariantId};

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth) in [
        (VariantId::English, 8),
        (VariantId::Spanish, 8),
        (VariantId::Italian, 8),
        (VariantId::Russian, 8),
        (VariantId::Brazilian, 8),
        (VariantId::International, 6),
        (VariantId::Triestine, 6),
        (VariantId::Turkish, 6),
        (VariantId::Pool, 8),
        (VariantId::Czech, 8),
        (VariantId::Thai, 8),
        (VariantId::Frisian, 6),
        (VariantId::Canadian, 5),
        (VariantId::Antidraughts, 6),
    ] {
        let start = Position::start(variant);
        let leaves = start.perft(depth, Paths::Merge);
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(BenchmarkId::new(variant.as_str(), depth), &start, |b, p| {
            b.iter(|| p.perft(depth, Paths::Merge))
        });
        group.bench_with_input(BenchmarkId::new(format!("{}-engine", variant.as_str()), depth), &start, |b, p| {
            b.iter(|| damas::engine::perft(p, depth))
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
