//! The evaluation of a game as a picture: White's expected score after every move, the light area
//! growing upwards as White stands better, with the errors marked.

use std::fmt::Write;

use resvg::tiny_skia;

use super::png::{RenderError, draw, encode_indexed};
use crate::engine::review::{Judgement, win_percent};

pub const WIDTH: u32 = 640;
pub const HEIGHT: u32 = 240;

/// One marked move: its index in the game and what it was.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub index: usize,
    pub judgement: Judgement,
}

fn colour(judgement: Judgement) -> Option<&'static str> {
    match judgement {
        Judgement::Blunder => Some("#d63a2f"),
        Judgement::Mistake => Some("#e8742a"),
        Judgement::Inaccuracy => Some("#e3c84a"),
        _ => None,
    }
}

/// The graph as SVG, `WIDTH`×`HEIGHT` units; `white_scores` holds the score before the first move
/// and after every move (White's side, hundredths of a man).
pub fn eval_graph_svg(white_scores: &[i32], marks: &[Mark]) -> String {
    let (w, h, pad) = (WIDTH as f64, HEIGHT as f64, 12.0);
    let steps = white_scores.len().saturating_sub(1).max(1) as f64;
    let x = |i: usize| pad + i as f64 * (w - 2.0 * pad) / steps;
    let y = |score: i32| pad + (100.0 - win_percent(score)) / 100.0 * (h - 2.0 * pad);
    let mut svg = String::with_capacity(4096);
    let _ = write!(svg, r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##);
    let _ = write!(svg, r##"<rect width="{w}" height="{h}" rx="14" fill="#2f2b29"/>"##);
    let _ = write!(svg, r##"<path fill="#f3ead8" d="M{:.1} {:.1}"##, x(0), h - pad);
    for (i, s) in white_scores.iter().enumerate() {
        let _ = write!(svg, " L{:.1} {:.1}", x(i), y(*s));
    }
    let _ = write!(svg, r##" L{:.1} {:.1} Z"/>"##, x(white_scores.len().saturating_sub(1)), h - pad);
    let _ = write!(
        svg,
        r##"<line x1="{pad}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#b3845c" stroke-width="2" stroke-dasharray="8 6"/>"##,
        w - pad,
        h / 2.0,
        h / 2.0
    );
    for m in marks {
        let (Some(fill), Some(score)) = (colour(m.judgement), white_scores.get(m.index + 1)) else { continue };
        let _ = write!(
            svg,
            r##"<circle cx="{:.1}" cy="{:.1}" r="7" fill="{fill}" stroke="#1b1511" stroke-width="2"/>"##,
            x(m.index + 1),
            y(*score)
        );
    }
    let _ = write!(
        svg,
        r##"<rect x="1" y="1" width="{}" height="{}" rx="14" fill="none" stroke="#5b3820" stroke-width="2"/>"##,
        w - 2.0,
        h - 2.0
    );
    svg.push_str("</svg>");
    svg
}

/// The graph as a PNG of `WIDTH`×`HEIGHT` pixels.
pub fn eval_graph_png(white_scores: &[i32], marks: &[Mark]) -> Result<Vec<u8>, RenderError> {
    let mut pixmap = tiny_skia::Pixmap::new(WIDTH, HEIGHT).ok_or(RenderError::Pixmap(WIDTH))?;
    draw(&eval_graph_svg(white_scores, marks), &mut pixmap)?;
    encode_indexed(&pixmap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_light_area_follows_whites_chances() {
        let scores = [0, 50, 300, 31_000];
        let png = eval_graph_png(&scores, &[Mark { index: 1, judgement: Judgement::Blunder }]).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        let pixmap = tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (WIDTH, HEIGHT));
        let light = |x: u32, y: u32| {
            let p = pixmap.pixel(x, y).unwrap().demultiply();
            p.red() > 200 && p.green() > 200
        };
        // At the start (even) the top quarter is dark and the bottom quarter light; at the end
        // (White has won) the light area reaches the top.
        assert!(!light(16, 40) && light(16, 200));
        assert!(light(WIDTH - 16, 16));
        // The blunder's dot is red.
        let svg = eval_graph_svg(
            &scores,
            &[Mark { index: 1, judgement: Judgement::Blunder }, Mark { index: 0, judgement: Judgement::Best }],
        );
        assert_eq!(svg.matches("<circle").count(), 1, "only errors are marked");
        assert!(svg.contains("#d63a2f"));
    }
}
