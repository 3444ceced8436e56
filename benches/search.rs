//! Search speed at a fixed depth from fixed middlegame positions (nodes per second is printed by
//! `damas bestmove`; here criterion times whole searches).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use criterion::{Criterion, criterion_group, criterion_main};
use damas::engine::{Limits, Searcher, Weights, evaluate};
use damas::rules::{GameState, Position, VariantId};

fn positions() -> Vec<(VariantId, &'static str, u32)> {
    vec![
        (
            VariantId::International,
            "W:W27,28,31,32,33,34,35,36,37,38,39,40,41,42,43,45,47,48:B1,2,3,4,6,7,8,9,11,12,13,14,16,17,18,19,20,22,23,24",
            9,
        ),
        (VariantId::Russian, "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 11),
        (VariantId::English, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", 11),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (v, fen, depth) in positions() {
        let state = GameState::new(Position::from_fen(v, fen).unwrap());
        let mut nodes = 0;
        group.bench_function(format!("{v}_depth{depth}"), |b| {
            b.iter(|| {
                let mut s = Searcher::new(Weights::for_variant(v), 20);
                let info = s.search(&state, &Limits::depth(depth), None, &mut |_| {}).unwrap();
                nodes = info.nodes;
            })
        });
        eprintln!("{v} depth {depth}: {nodes} nodes per search");
    }
    group.finish();

    // The static evaluation alone, where International's region patterns weigh most.
    let mut group = c.benchmark_group("evaluate");
    let v = VariantId::International;
    let weights = Weights::for_variant(v);
    let positions: Vec<Position> = [
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        "W:W27,28,31,32,33,34,35,36,37,38,39,40,41,42,43,45,47,48:B1,2,3,4,6,7,8,9,11,12,13,14,16,17,18,19,20,22,23,24",
        "B:W24,27,28,29,32,33,34,37,38,43,44,49:B3,8,9,12,13,14,17,18,19,21,23,26",
        "W:W25,30,34,K41,44:B6,9,K16,18",
    ]
    .iter()
    .map(|fen| Position::from_fen(v, fen).unwrap())
    .collect();
    group.bench_function("international_4_positions", |b| {
        b.iter(|| positions.iter().map(|p| evaluate(std::hint::black_box(p), &weights)).sum::<i32>())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
