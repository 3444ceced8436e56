//! Board rendering speed. The target is a 640 px PNG in at most 10 ms, encoding included.
//! Run: `cargo bench --bench render`; the PNG sizes are printed before the timings.

use criterion::{Criterion, criterion_group, criterion_main};
use damas::render::{BoardView, board_png, board_svg, png};
use damas::rules::{Position, VariantId};

/// The start position after its first legal move, with that move shown: a typical board message.
fn typical(v: VariantId) -> BoardView {
    let start = Position::start(v);
    let mut moves = start.legal_moves();
    moves.sort_by_key(|m| start.notation(m));
    match moves.first() {
        Some(mv) => BoardView::new(start.play(mv)).last_move(mv),
        None => BoardView::new(start),
    }
}

fn bench(c: &mut Criterion) {
    for v in VariantId::ALL {
        if let Ok(bytes) = board_png(&typical(v)) {
            eprintln!("{v}: 640 px PNG = {} bytes", bytes.len());
        }
    }
    let mut group = c.benchmark_group("png_640");
    for v in [
        VariantId::English,
        VariantId::International,
        VariantId::Russian,
        VariantId::Turkish,
    ] {
        let view = typical(v);
        group.bench_function(v.as_str(), |b| b.iter(|| board_png(&view)));
    }
    group.finish();

    let view = typical(VariantId::International);
    c.bench_function("svg/international", |b| b.iter(|| board_svg(&view)));
    if let Ok(pixmap) = png::board_pixmap(&view) {
        c.bench_function("pixels_640/international", |b| {
            b.iter(|| png::board_pixmap(&view))
        });
        c.bench_function("encode_indexed_640/international", |b| {
            b.iter(|| png::encode_indexed(&pixmap))
        });
        c.bench_function("encode_rgb_640/international", |b| {
            b.iter(|| png::encode_rgb(&pixmap))
        });
        if let Ok(rgb) = png::encode_rgb(&pixmap) {
            eprintln!(
                "international: true-colour PNG would be {} bytes",
                rgb.len()
            );
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
