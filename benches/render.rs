//! Board rendering speed. The target is a 640 px PNG in at most 10 ms, encoding included.
//! Run: `cargo bench --bench render`; the PNG sizes are printed before the timings.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
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

/// PNG compression settings on the palette indices of a board: time per picture, and the size
/// printed before.
fn deflate(c: &mut Criterion, palette: &[u8], indices: &[u8], size: u32) {
    use ::png::{DeflateCompression, Filter};
    let encode = |filter: Filter, deflate: DeflateCompression| -> Vec<u8> {
        let mut out = Vec::new();
        let mut enc = ::png::Encoder::new(&mut out, size, size);
        enc.set_color(::png::ColorType::Indexed);
        enc.set_depth(::png::BitDepth::Eight);
        enc.set_palette(palette.to_vec());
        enc.set_filter(filter);
        enc.set_deflate_compression(deflate);
        if let Ok(mut w) = enc.write_header() {
            let _ = w.write_image_data(indices);
            let _ = w.finish();
        }
        out
    };
    let settings = [
        ("none_l1", Filter::NoFilter, DeflateCompression::Level(1)),
        ("none_l2", Filter::NoFilter, DeflateCompression::Level(2)),
        ("none_l3", Filter::NoFilter, DeflateCompression::Level(3)),
        ("none_l4", Filter::NoFilter, DeflateCompression::Level(4)),
        ("none_l6", Filter::NoFilter, DeflateCompression::Level(6)),
        ("none_fdeflate", Filter::NoFilter, DeflateCompression::FdeflateUltraFast),
        ("up_l1", Filter::Up, DeflateCompression::Level(1)),
        ("up_l2", Filter::Up, DeflateCompression::Level(2)),
        ("up_fdeflate", Filter::Up, DeflateCompression::FdeflateUltraFast),
        ("adaptive_l2", Filter::Adaptive, DeflateCompression::Level(2)),
    ];
    for (name, filter, deflate) in &settings {
        eprintln!("deflate {name}: {} bytes", encode(*filter, *deflate).len());
    }
    let mut group = c.benchmark_group("deflate_640");
    for (name, filter, deflate) in settings {
        group.bench_function(name, |b| b.iter(|| encode(filter, deflate)));
    }
    group.finish();
}

/// Games of random moves from the start (a fixed seed each), every position with the move that
/// led to it, as a game's board message shows them.
fn games(v: VariantId, seeds: std::ops::Range<u64>, plies: usize) -> Vec<BoardView> {
    let mut views = Vec::new();
    for seed in seeds {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut position = Position::start(v);
        views.push(BoardView::new(position));
        for _ in 0..plies {
            let mut moves = position.legal_moves();
            moves.sort_by_key(|m| position.notation(m));
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let Some(mv) = moves.get((state >> 33) as usize % moves.len().max(1)).cloned() else {
                break;
            };
            position = position.play(&mv);
            views.push(BoardView::new(position).last_move(&mv));
        }
    }
    views
}

/// The board's palette indices as one zlib stream by the `png` crate, as board pictures were
/// written before their rows were compressed in cached bands.
fn one_stream(view: &BoardView) -> Vec<u8> {
    let Ok((palette, indices)) = png::board_indices(view) else {
        return Vec::new();
    };
    let size = (indices.len() as f64).sqrt() as u32;
    png::write_indexed(size, size, palette, &indices).unwrap_or_default()
}

/// Successive positions of games, one picture per iteration, as a server draws them: each picture
/// shares most rows with the one before, and none was drawn before (the games never come back:
/// a new one is made when one runs out). `one_stream` is the same pictures compressed whole.
fn game_sequence(c: &mut Criterion) {
    const PLIES: usize = 40;
    let views = games(VariantId::International, 0..10, PLIES);
    let sample = &views[..];
    let mean = |sizes: &mut dyn Iterator<Item = usize>| sizes.sum::<usize>() / sample.len().max(1);
    eprintln!(
        "international game positions, 640 px, mean of {} pictures: PNG {} bytes, one stream {} bytes",
        sample.len(),
        mean(&mut sample.iter().filter_map(|v| board_png(v).ok()).map(|p| p.len())),
        mean(&mut sample.iter().map(|v| one_stream(v).len())),
    );
    let mut group = c.benchmark_group("game_640");
    // Pictures of a game are made ahead, outside the timed part.
    let endless = |first_seed: u64| {
        let mut seed = first_seed;
        let mut game = Vec::new().into_iter();
        move || loop {
            if let Some(view) = game.next() {
                return view;
            }
            game = games(VariantId::International, seed..seed + 1, PLIES).into_iter();
            seed += 1;
        }
    };
    let mut next = endless(1_000);
    group
        .bench_function("international", |b| b.iter_batched(&mut next, |view| board_png(&view), BatchSize::SmallInput));
    let mut next = endless(1_000_000_000);
    group.bench_function("international_one_stream", |b| {
        b.iter_batched(&mut next, |view| one_stream(&view), BatchSize::SmallInput)
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    game_sequence(c);
    for v in VariantId::ALL {
        if let Ok(bytes) = board_png(&typical(v)) {
            eprintln!("{v}: 640 px PNG = {} bytes", bytes.len());
        }
    }
    let mut group = c.benchmark_group("png_640");
    for v in [VariantId::English, VariantId::International, VariantId::Russian, VariantId::Turkish] {
        let view = typical(v);
        group.bench_function(v.as_str(), |b| b.iter(|| board_png(&view)));
    }
    group.finish();

    let view = typical(VariantId::International);
    if let Ok((palette, indices)) = png::board_indices(&view) {
        deflate(c, &palette, &indices, view.size);
    }
    c.bench_function("svg/international", |b| b.iter(|| board_svg(&view)));
    if let Ok(pixmap) = png::board_pixmap(&view) {
        c.bench_function("pixels_640/international", |b| b.iter(|| png::board_pixmap(&view)));
        c.bench_function("encode_indexed_640/international", |b| b.iter(|| png::encode_indexed(&pixmap)));
        c.bench_function("encode_rgb_640/international", |b| b.iter(|| png::encode_rgb(&pixmap)));
        if let Ok(rgb) = png::encode_rgb(&pixmap) {
            eprintln!("international: true-colour PNG would be {} bytes", rgb.len());
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
