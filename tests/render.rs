//! Board rendering: golden pictures, SVG content, keyboard layouts and the tap state machine.
//!
//! Golden pictures live in tests/golden/. After an intended change of the picture, regenerate them
//! with `DAMAS_BLESS=1 cargo test --test render` and look at every one before committing.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::path::PathBuf;

use damas::bot::callback::{Action, Coord};
use damas::bot::keyboard::{self, Labels, Step, board_keyboard, control_row};
use damas::render::svg::Layout;
use damas::render::text::{Lang, describe, text_board};
use damas::render::{BoardView, Theme, board_png, board_svg};
use damas::rules::{Color, Position, Role, Square, VariantId};

// ---------------------------------------------------------------- helpers

fn sq(v: VariantId, row: u8, col: u8) -> Square {
    v.rules().square_at(row, col).unwrap_or_else(|| panic!("({row},{col}) is not a playing square of {v}"))
}

fn name(v: VariantId, row: u8, col: u8) -> String {
    v.rules().square_name(sq(v, row, col))
}

/// A FEN from board coordinates, so tests do not depend on each variant's numbering.
fn fen(v: VariantId, white_to_move: bool, white: &[(u8, u8, bool)], black: &[(u8, u8, bool)]) -> String {
    let list = |pieces: &[(u8, u8, bool)]| {
        pieces
            .iter()
            .map(|&(r, c, king)| format!("{}{}", if king { "K" } else { "" }, name(v, r, c)))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{}:W{}:B{}", if white_to_move { "W" } else { "B" }, list(white), list(black))
}

fn position(v: VariantId, f: &str) -> Position {
    Position::from_fen(v, f).unwrap_or_else(|e| panic!("{v} {f}: {e:?}"))
}

/// English position, White to move, with two capture routes from (row 2, col 4) to (6, 4) that
/// take different pieces: over (3,3) and (5,3), or over (3,5) and (5,5). English men do not
/// capture backwards, so neither route can go on.
fn diamond() -> Position {
    let v = VariantId::English;
    position(
        v,
        &fen(
            v,
            true,
            &[(2, 4, false), (0, 0, false)],
            &[(3, 3, false), (5, 3, false), (3, 5, false), (5, 5, false), (7, 7, true)],
        ),
    )
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares decoded pixels with a tolerance: a pixel differs if a channel is off by more than
/// 32 levels, and at most 0.05% of the pixels may differ. Palette quantisation and rasteriser
/// updates move colours a little; a misplaced piece or a missing mark moves far more.
fn pixels_match(expected: &image::RgbaImage, actual: &image::RgbaImage) -> Result<(), String> {
    if expected.dimensions() != actual.dimensions() {
        return Err(format!("size {:?} instead of {:?}", actual.dimensions(), expected.dimensions()));
    }
    let differing = expected
        .pixels()
        .zip(actual.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 32))
        .count();
    let total = (expected.width() * expected.height()) as usize;
    if differing * 2000 > total {
        return Err(format!("{differing} of {total} pixels differ"));
    }
    Ok(())
}

fn check_golden(name: &str, png: &[u8]) {
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("DAMAS_BLESS").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let expected = std::fs::read(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with DAMAS_BLESS=1 to create it", path.display()));
    let expected = image::load_from_memory(&expected).unwrap().to_rgba8();
    let actual = image::load_from_memory(png).unwrap().to_rgba8();
    if let Err(why) = pixels_match(&expected, &actual) {
        let out = std::env::temp_dir().join(format!("{name}.actual.png"));
        let _ = std::fs::write(&out, png);
        panic!("{name}: {why}; the new picture is at {}", out.display());
    }
}

/// First legal move in notation order, so the choice does not depend on generation order.
fn first_move(p: &Position) -> damas::rules::Move {
    let mut moves = p.legal_moves();
    moves.sort_by_key(|m| p.notation(m));
    moves.into_iter().next().expect("a legal move")
}

// ---------------------------------------------------------------- golden pictures

#[test]
fn golden_start_positions() {
    for v in VariantId::ALL {
        let view = BoardView::new(Position::start(v)).size(256);
        check_golden(&format!("{v}-start"), &board_png(&view).unwrap());
    }
}

#[test]
fn golden_dark_flipped_after_a_move_with_a_piece_picked() {
    for v in VariantId::ALL {
        let start = Position::start(v);
        let mv = first_move(&start);
        let after = start.play(&mv);
        let reply = first_move(&after);
        let view = BoardView::new(after).last_move(&mv).select(reply.from()).flipped(true).theme(Theme::Dark).size(256);
        check_golden(&format!("{v}-dark-flipped"), &board_png(&view).unwrap());
    }
}

#[test]
fn golden_captures_kings_and_routes() {
    let p = diamond();
    let step = keyboard::advance(&p, &[Coord { row: 2, col: 4 }, Coord { row: 6, col: 4 }]);
    let view = BoardView::new(p).step(&step).size(320);
    check_golden("english-route", &board_png(&view).unwrap());

    let moves = p.legal_moves();
    let after = p.play(&moves[0]);
    let view = BoardView::new(after).last_move(&moves[0]).size(320);
    check_golden("english-capture", &board_png(&view).unwrap());
}

#[test]
fn golden_comparison_notices_a_wrong_picture() {
    let v = VariantId::International;
    let straight =
        image::load_from_memory(&board_png(&BoardView::new(Position::start(v)).size(256)).unwrap()).unwrap().to_rgba8();
    let flipped =
        image::load_from_memory(&board_png(&BoardView::new(Position::start(v)).flipped(true).size(256)).unwrap())
            .unwrap()
            .to_rgba8();
    let dark =
        image::load_from_memory(&board_png(&BoardView::new(Position::start(v)).theme(Theme::Dark).size(256)).unwrap())
            .unwrap()
            .to_rgba8();
    assert!(pixels_match(&straight, &flipped).is_err());
    // Small things count too: the two crosses on captured squares.
    let p = diamond();
    let mv = p.legal_moves().remove(0);
    let with = BoardView::new(p.play(&mv)).last_move(&mv).size(256);
    let mut without = with.clone();
    if let Some(last) = without.last_move.as_mut() {
        last.captured.clear();
    }
    let decode = |v: &BoardView| image::load_from_memory(&board_png(v).unwrap()).unwrap().to_rgba8();
    assert!(pixels_match(&decode(&with), &decode(&without)).is_err());
    assert!(pixels_match(&straight, &dark).is_err());
    assert!(pixels_match(&straight, &straight).is_ok());
}

/// The PNG path draws pieces from cached pictures; the SVG (which the Mini App shows) must look
/// the same.
#[test]
fn png_matches_the_svg_document() {
    for v in [VariantId::English, VariantId::International, VariantId::Turkish] {
        let p = Position::start(v);
        let view = BoardView::new(p).last_move(&first_move(&p)).size(320);
        let png = image::load_from_memory(&board_png(&view).unwrap()).unwrap().to_rgba8();
        let pixmap = damas::render::png::rasterize(&board_svg(&view), 320).unwrap();
        let from_svg = image::RgbaImage::from_raw(320, 320, pixmap.data().to_vec()).unwrap();
        pixels_match(&png, &from_svg).unwrap_or_else(|e| panic!("{v}: {e}"));
    }
}

/// A picture is mapped to a palette chosen once per empty board (variant, side, theme, size):
/// each board must get its own, the palette must fit the pictures drawn on it as well as one made
/// for the picture alone, and a warm cache must give what the cold one gave.
#[test]
fn board_palettes_are_kept_apart_and_reused() {
    use damas::render::png::{board_pixmap, encode_indexed};
    let p = Position::start(VariantId::Russian);
    let mv = first_move(&p);
    let after = p.play(&mv);
    // Sizes no other test draws, so that the first pictures here start from a cold cache.
    let plain = BoardView::new(after).last_move(&mv).size(333);
    let views = [
        plain.clone(),
        plain.clone().theme(Theme::Dark),
        plain.clone().size(347),
        plain.clone().flipped(true),
        plain.clone().select(first_move(&after).from()),
    ];
    let decode = |png: &[u8]| image::load_from_memory(png).unwrap().to_rgba8();
    let cold: Vec<Vec<u8>> = views.iter().map(|v| board_png(v).unwrap()).collect();
    for (view, first) in views.iter().zip(&cold) {
        assert_eq!(&board_png(view).unwrap(), first, "{view:?}");
        let own = encode_indexed(&board_pixmap(view).unwrap()).unwrap();
        pixels_match(&decode(&own), &decode(first)).unwrap_or_else(|e| panic!("{view:?}: {e}"));
    }
    for (i, a) in cold.iter().enumerate() {
        for b in &cold[i + 1..] {
            assert!(pixels_match(&decode(a), &decode(b)).is_err());
        }
    }
}

/// Decodes a palette PNG with every checksum checked: the palette and one index per pixel.
fn decode_indexed(png: &[u8]) -> (Vec<u8>, Vec<u8>, u32) {
    let mut options = ::png::DecodeOptions::default();
    options.set_ignore_adler32(false);
    options.set_ignore_crc(false);
    let mut reader = ::png::Decoder::new_with_options(std::io::Cursor::new(png), options).read_info().unwrap();
    let palette = reader.info().palette.as_deref().unwrap().to_vec();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    assert_eq!(frame.color_type, ::png::ColorType::Indexed);
    assert_eq!(frame.width, frame.height);
    buf.truncate(frame.buffer_size());
    (palette, buf, frame.width)
}

/// Positions of one game, each with the move that led to it; moves picked by a fixed rule so that
/// pieces of both sides move over the board.
fn game(v: VariantId, plies: usize) -> Vec<(Position, Option<damas::rules::Move>)> {
    let mut p = Position::start(v);
    let mut out = vec![(p, None)];
    for ply in 0..plies {
        let mut moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        moves.sort_by_key(|m| p.notation(m));
        let mv = moves[(ply * 5 + 2) % moves.len()];
        p = p.play(&mv);
        out.push((p, Some(mv)));
    }
    out
}

/// Pictures are written from compressed bands of rows kept from earlier pictures: whatever the
/// cache held, each must decode to exactly the palette indices of its board.
#[test]
fn successive_pictures_of_a_game_decode_to_their_board_indices() {
    use damas::render::png::board_indices;
    // Sizes no other test draws, so that each game starts from a cache without its bands.
    let cases = [
        (VariantId::International, 611, Theme::Light, false),
        (VariantId::International, 611, Theme::Dark, true),
        (VariantId::Russian, 383, Theme::Light, false),
        (VariantId::Canadian, 611, Theme::Light, false),
        (VariantId::Canadian, 383, Theme::Dark, true),
    ];
    for (v, size, theme, flip) in cases {
        let views: Vec<BoardView> = game(v, 14)
            .into_iter()
            .map(|(p, mv)| {
                let view = BoardView::new(p).size(size).theme(theme).flipped(flip);
                match &mv {
                    Some(mv) => view.last_move(mv),
                    None => view,
                }
            })
            .collect();
        let mut first_pictures: Vec<Vec<u8>> = Vec::new();
        for (ply, view) in views.iter().enumerate() {
            let png = board_png(view).unwrap();
            let (palette, indices) = board_indices(view).unwrap();
            let (got_palette, got, width) = decode_indexed(&png);
            assert_eq!(width, size, "{v} {size} ply {ply}");
            assert_eq!(got_palette, palette, "{v} {size} ply {ply}");
            assert!(got == indices, "{v} {size} {theme:?} ply {ply}: pixels differ");
            first_pictures.push(png);
        }
        // Drawn again, every band is found in the cache: the same bytes as the first time.
        for (ply, view) in views.iter().enumerate() {
            assert!(
                board_png(view).unwrap() == first_pictures[ply],
                "{v} {size} ply {ply}: a warm cache changed the picture"
            );
        }
    }
}

#[test]
fn png_at_640_px_stays_under_40_kb() {
    for v in VariantId::ALL {
        for theme in [Theme::Light, Theme::Dark] {
            let png = board_png(&BoardView::new(Position::start(v)).theme(theme)).unwrap();
            assert!(png.len() <= 40 * 1024, "{v} {theme:?}: {} bytes", png.len());
            let img = image::load_from_memory(&png).unwrap();
            assert_eq!((img.width(), img.height()), (640, 640));
        }
    }
}

#[test]
fn size_is_clamped_and_squares_fall_on_whole_pixels() {
    let png = board_png(&BoardView::new(Position::start(VariantId::English)).size(1)).unwrap();
    let img = image::load_from_memory(&png).unwrap();
    assert_eq!(img.width(), damas::render::MIN_SIZE);
    for (size, cells) in [(640, 8), (640, 10), (640, 12), (333, 8), (1000, 10), (320, 12)] {
        let l = Layout::new(size, cells);
        assert!(l.square_px * u32::from(cells) + 2 * l.margin_px <= size);
        assert!(size - (l.square_px * u32::from(cells) + 2 * l.margin_px) <= 1, "{l:?}");
        assert!(l.margin_px * 4 >= l.square_px, "frame too thin for coordinates: {l:?}");
    }
}

// ---------------------------------------------------------------- SVG content

#[test]
fn pieces_stand_on_the_squares_each_variant_plays_on() {
    // Spanish plays on the light squares; the other diagonal variants on the dark ones.
    for v in VariantId::ALL.into_iter().filter(|v| !v.rules().orthogonal) {
        let svg = board_svg(&BoardView::new(Position::start(v)));
        let class = if v == VariantId::Spanish { "lt" } else { "dk" };
        let squares: Vec<&str> = svg.lines().filter(|l| l.contains("data-sq=")).collect();
        assert_eq!(squares.len(), v.rules().square_count(), "{v}");
        assert!(squares.iter().all(|l| l.contains(&format!("class=\"{class}\""))), "{v}: {}", squares[0]);
    }
}

#[test]
fn svg_has_every_square_and_piece() {
    for v in VariantId::ALL {
        let p = Position::start(v);
        let svg = board_svg(&BoardView::new(p));
        let variant = v.rules();
        assert_eq!(svg.matches("data-sq=").count(), variant.square_count(), "{v}");
        for s in variant.squares() {
            assert!(svg.contains(&format!("data-sq=\"{}\"", variant.square_name(s))), "{v}");
        }
        let men = |c| p.count(c, Role::Man) as usize;
        assert_eq!(svg.matches("href=\"#wm\" x=").count(), men(Color::White), "{v}");
        assert_eq!(svg.matches("href=\"#bm\" x=").count(), men(Color::Black), "{v}");
        assert!(!svg.contains("{{"), "{v}: unfilled placeholder");
        // Numbers for numeric variants, edge coordinates for algebraic ones.
        let numbered = svg.contains("class=\"num\"") || svg.contains("class=\"numd\"");
        assert_eq!(numbered, !variant.algebraic, "{v}");
        assert_eq!(svg.contains("class=\"crd\""), variant.algebraic, "{v}");
        // A browser must be able to read it: well-formed XML.
        resvg::usvg::roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{v}: {e}"));
    }
}

#[test]
fn svg_marks_last_move_selection_and_forced_captures() {
    let p = diamond();
    let quiet = BoardView::new(p);
    assert_eq!(quiet.must_capture, vec![sq(VariantId::English, 2, 4)]);
    let svg = board_svg(&quiet);
    assert_eq!(svg.matches("class=\"must\" cx").count(), 1);
    assert!(!svg.contains("class=\"last\" x"));

    let mv = p.legal_moves().remove(0);
    let after = p.play(&mv);
    let svg = board_svg(&BoardView::new(after).last_move(&mv));
    assert_eq!(svg.matches("class=\"last\" x").count(), 2);
    assert_eq!(svg.matches("class=\"cap\" cx").count(), 2);
    assert!(svg.contains("class=\"trail\""));

    let svg = board_svg(&BoardView::new(p).select(sq(VariantId::English, 2, 4)));
    assert_eq!(svg.matches("class=\"sel\" x").count(), 1);
    assert_eq!(svg.matches("class=\"dest\" cx").count(), 1);
}

#[test]
fn turn_marker_sits_on_the_movers_side() {
    let p = Position::start(VariantId::Russian);
    let svg = |flip| board_svg(&BoardView::new(p).flipped(flip));
    // White moves first in Russian: marker at the bottom, or at the top when Black's view is drawn.
    let straight = svg(false);
    let flipped = svg(true);
    let marker_y = |s: &str| -> f32 {
        let at = s.find("id=\"turn\"").unwrap();
        let inner = &s[at..];
        let inner = &inner[inner.find("translate(").unwrap() + "translate(".len()..];
        inner.split([' ', ')']).nth(1).unwrap().parse().unwrap()
    };
    assert!(marker_y(&straight) > marker_y(&flipped));
}

// ---------------------------------------------------------------- keyboard

fn label_at(kb: &keyboard::Keyboard, row: usize, col: usize) -> &str {
    &kb.rows[row][col].label
}

#[test]
fn keyboard_shapes_for_every_variant_and_side() {
    let labels = Labels::default();
    for v in VariantId::ALL {
        let variant = v.rules();
        let p = Position::start(v);
        for flip in [false, true] {
            let kb = board_keyboard(&p, &Step::Idle { refused: None }, flip, &labels);
            let (rows, per_row) = match variant.cols {
                12 => (12, 6),
                10 => (10, 5),
                _ => (8, 8),
            };
            assert_eq!(kb.rows.len(), rows, "{v} flip={flip}");
            assert!(kb.rows.iter().all(|r| r.len() == per_row), "{v} flip={flip}");
            let total: usize = kb.rows.iter().map(Vec::len).sum();
            assert!(total + control_row(true).len() <= 100 && per_row <= 8);
            // Every playing square appears exactly once.
            let picks: Vec<_> = kb.rows.iter().flatten().filter(|b| b.label != labels.blank).collect();
            assert_eq!(picks.len(), variant.square_count(), "{v}");
            // The viewer's own pieces are at the bottom.
            let (near, far) =
                if flip { (labels.black_man, labels.white_man) } else { (labels.white_man, labels.black_man) };
            let bottom = kb.rows.last().unwrap();
            let top = &kb.rows[0];
            if !variant.orthogonal {
                assert!(bottom.iter().any(|b| b.label.contains(near)), "{v} flip={flip}");
                assert!(top.iter().any(|b| b.label.contains(far)), "{v} flip={flip}");
            } else {
                // Turkish back rows are empty; the second rows hold the pieces.
                assert!(kb.rows[6].iter().all(|b| b.label == near), "{v} flip={flip}");
                assert!(kb.rows[1].iter().all(|b| b.label == far), "{v} flip={flip}");
            }
        }
    }
}

#[test]
fn keyboard_cells_map_to_the_right_squares() {
    let labels = Labels::default();
    // International: square 1 is the top row's first playing square seen by White; 46 is a1.
    let v = VariantId::International;
    let p = Position::start(v);
    let idle = Step::Idle { refused: None };
    let kb = board_keyboard(&p, &idle, false, &labels);
    let white_pick = |kb: &keyboard::Keyboard, r: usize, c: usize| match &kb.rows[r][c].action {
        Action::Pick(t) => t.clone(),
        _ => Vec::new(),
    };
    // White to move: bottom-left button is a1 (row 0, col 0), a white man, and picks it.
    assert_eq!(white_pick(&kb, 9, 0), vec![Coord { row: 0, col: 0 }]);
    assert_eq!(kb.rows[0][0].action, Action::Noop, "black pieces are not White's to pick");
    // Labels alternate sides so that the diagonals read: row 10 (top) starts on b10.
    assert!(label_at(&kb, 0, 0).starts_with(labels.pad));
    assert!(label_at(&kb, 9, 0).ends_with(labels.pad));
    let flipped = board_keyboard(&p, &idle, true, &labels);
    // Seen by Black, the top-left button is a1's opposite corner... a1 is now bottom-right.
    assert_eq!(white_pick(&flipped, 0, 4), vec![Coord { row: 0, col: 0 }]);

    // English 8x8: blanks on the non-playing squares, a1 bottom-left for White.
    let v = VariantId::English;
    let p = Position::start(v);
    let kb = board_keyboard(&p, &idle, false, &labels);
    assert_eq!(label_at(&kb, 7, 0), labels.white_man);
    assert_eq!(label_at(&kb, 7, 1), labels.blank);
    let kb = board_keyboard(&p, &idle, true, &labels);
    assert_eq!(label_at(&kb, 0, 7), labels.white_man);
    assert_eq!(label_at(&kb, 0, 6), labels.blank);

    // Italian and Spanish boards: the playing squares are where those variants put them.
    for v in [VariantId::Italian, VariantId::Spanish] {
        let variant = v.rules();
        let kb = board_keyboard(&Position::start(v), &idle, false, &labels);
        for (i, row) in kb.rows.iter().enumerate() {
            let r = 7 - i as u8;
            for (c, b) in row.iter().enumerate() {
                assert_eq!(b.label == labels.blank, variant.square_at(r, c as u8).is_none(), "{v} ({r},{c})");
            }
        }
    }
}

#[test]
fn two_taps_make_a_quiet_move() {
    let labels = Labels::default();
    for v in VariantId::ALL {
        let variant = v.rules();
        let p = Position::start(v);
        let mv = first_move(&p);
        let from = keyboard::coord(variant, mv.from());
        let to = keyboard::coord(variant, mv.to());

        let step = keyboard::advance(&p, &[from]);
        let Step::Piece { from: f, targets } = &step else { panic!("{v}: {step:?}") };
        assert_eq!(*f, mv.from());
        assert!(targets.contains(&mv.to()));

        // The picked piece and its targets are marked and carry the next taps.
        let kb = board_keyboard(&p, &step, false, &labels);
        let all: Vec<_> = kb.rows.iter().flatten().collect();
        assert_eq!(all.iter().filter(|b| b.label.contains(labels.selected)).count(), 1, "{v}");
        assert_eq!(all.iter().filter(|b| b.label.contains(labels.target)).count(), targets.len(), "{v}");
        assert!(all.iter().any(|b| b.action == Action::Pick(vec![from, to])), "{v}");
        assert!(all.iter().any(|b| b.label.contains(labels.selected) && b.action == Action::Pick(vec![])), "{v}");

        assert_eq!(keyboard::advance(&p, &[from, to]), Step::Ready(mv), "{v}");
    }
}

#[test]
fn taps_that_do_not_fit_fall_back() {
    let v = VariantId::English;
    let p = Position::start(v);
    // Black moves first in English: a White piece cannot be picked.
    let white = Coord { row: 0, col: 0 };
    assert_eq!(keyboard::advance(&p, &[white]), Step::Idle { refused: Some(sq(v, 0, 0)) });
    // A Black man on its back row is blocked.
    assert_eq!(keyboard::advance(&p, &[Coord { row: 7, col: 1 }]), Step::Idle { refused: Some(sq(v, 7, 1)) });
    // Not a playing square, or no square at all.
    assert_eq!(keyboard::advance(&p, &[Coord { row: 0, col: 1 }]), Step::Idle { refused: None });
    assert_eq!(keyboard::advance(&p, &[]), Step::Idle { refused: None });
    // A picked piece, then another movable piece: that one is picked instead.
    let a = Coord { row: 5, col: 1 };
    let b = Coord { row: 5, col: 3 };
    assert!(matches!(keyboard::advance(&p, &[a, b]), Step::Piece { from, .. } if from == sq(v, 5, 3)));
    // A picked piece, then a useless square: still picked.
    assert!(
        matches!(keyboard::advance(&p, &[a, Coord { row: 0, col: 0 }]), Step::Piece { from, .. } if from == sq(v, 5, 1))
    );
}

#[test]
fn a_third_tap_chooses_between_capture_routes() {
    let v = VariantId::English;
    let p = diamond();
    let from = Coord { row: 2, col: 4 };
    let to = Coord { row: 6, col: 4 };
    let step = keyboard::advance(&p, &[from, to]);
    let Step::Route { candidates, hints, .. } = &step else { panic!("{step:?}") };
    assert_eq!(candidates.len(), 2);
    let mut expected = vec![sq(v, 3, 3), sq(v, 5, 3), sq(v, 3, 5), sq(v, 5, 5)];
    expected.sort();
    assert_eq!(hints, &expected);

    let labels = Labels::default();
    let kb = board_keyboard(&p, &step, false, &labels);
    let hint_buttons: Vec<_> = kb.rows.iter().flatten().filter(|b| b.label == labels.hint).collect();
    assert_eq!(hint_buttons.len(), 4);
    assert!(hint_buttons.iter().any(|b| b.action == Action::Pick(vec![from, to, Coord { row: 5, col: 3 }])));

    let Step::Ready(mv) = keyboard::advance(&p, &[from, to, Coord { row: 5, col: 3 }]) else { panic!() };
    let mut taken = mv.captures().to_vec();
    taken.sort();
    assert_eq!(taken, {
        let mut t = vec![sq(v, 3, 3), sq(v, 5, 3)];
        t.sort();
        t
    });
    let Step::Ready(other) = keyboard::advance(&p, &[from, to, Coord { row: 3, col: 5 }]) else { panic!() };
    assert!(other.captures().contains(&sq(v, 5, 5)));
    // A tap on something that is not a hint changes nothing.
    assert!(matches!(keyboard::advance(&p, &[from, to, Coord { row: 0, col: 0 }]), Step::Route { .. }));
}

#[test]
fn control_row_fits_one_row() {
    assert!(control_row(false).len() <= 8);
    assert!(control_row(true).iter().any(|b| b.action == Action::AcceptDraw));
    assert!(!control_row(false).iter().any(|b| b.action == Action::AcceptDraw));
}

// ---------------------------------------------------------------- text

#[test]
fn text_board_and_description() {
    let p = Position::start(VariantId::Russian);
    let board = text_board(&p, false);
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0].trim(), "a b c d e f g h");
    assert!(lines[1].starts_with(" 8") && lines[1].ends_with('8'));
    assert_eq!(lines[8].trim(), "1  w   w   w   w    1");
    assert_eq!(lines.last().copied(), Some("White to move"));
    let flipped = text_board(&p, true);
    assert_eq!(flipped.lines().next().map(str::trim), Some("h g f e d c b a"));

    let p = Position::start(VariantId::International);
    let board = text_board(&p, false);
    let first = board.lines().next().unwrap();
    assert!(first.contains('b') && first.trim_end().ends_with("5"), "{first}");

    let en = describe(&p, Lang::En);
    assert!(en.starts_with("International"), "{en}");
    assert!(en.contains("White to move") && en.contains("20 men on 31, 32"), "{en}");
    assert!(en.contains("FEN: "));
    let es = describe(&p, Lang::Es);
    assert!(es.contains("Juegan las blancas") && es.contains("20 peones en 31, 32"), "{es}");

    let v = VariantId::English;
    let kings = position(v, &fen(v, false, &[(0, 0, true)], &[(7, 7, false)]));
    assert!(describe(&kings, Lang::En).contains("1 king on"));
    assert!(describe(&kings, Lang::Es).contains("1 dama en"));
    assert!(describe(&kings, Lang::En).contains("Black to move"));
}
