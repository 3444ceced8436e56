//! The embedded font and the glyph outlines the board draws with it.
//!
//! Square numbers and coordinates are drawn as outlines taken from the embedded font, not as SVG
//! `<text>`: a browser then shows exactly what the PNG shows, and the rasteriser skips text
//! shaping (which costs more than drawing the whole board).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// DejaVu Sans Bold (see templates/fonts/LICENSE-DejaVu.txt).
const FONT: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans-Bold.ttf");
const FAMILY: &str = "DejaVu Sans";

/// Characters the board ever writes: square numbers, files a–j, ranks 1–10.
const CHARSET: &str = "0123456789abcdefghij";

/// Glyph outlines are taken at this font size (in SVG units) and scaled where used.
pub const GLYPH_SIZE: f32 = 100.0;

/// usvg options with the embedded font as the only font, built once.
pub fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        usvg::Options {
            font_family: FAMILY.to_owned(),
            fontdb: Arc::new(db),
            // The documents are generated here and reference no files.
            resources_dir: None,
            ..usvg::Options::default()
        }
    })
}

/// One character's outline at [`GLYPH_SIZE`], baseline at y = 0, origin at x = 0.
#[derive(Clone, Debug, Default)]
pub struct Glyph {
    /// SVG path data.
    pub d: String,
    /// Horizontal distance to the next character's origin.
    pub advance: f32,
}

fn glyphs() -> &'static HashMap<char, Glyph> {
    static GLYPHS: OnceLock<HashMap<char, Glyph>> = OnceLock::new();
    GLYPHS.get_or_init(|| {
        // One text element per character for its outline, and one per doubled character: the
        // second copy's offset is the advance.
        let mut svg = String::from(r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"#);
        for c in CHARSET.chars() {
            let _ = write!(
                svg,
                r#"<text font-family="{FAMILY}" font-weight="bold" font-size="{GLYPH_SIZE}">{c}</text><text font-family="{FAMILY}" font-weight="bold" font-size="{GLYPH_SIZE}">{c}{c}</text>"#
            );
        }
        svg.push_str("</svg>");
        let mut map = HashMap::new();
        let Ok(tree) = usvg::Tree::from_str(&svg, options()) else {
            return map;
        };
        let texts: Vec<&usvg::Text> = tree
            .root()
            .children()
            .iter()
            .filter_map(|n| match n {
                usvg::Node::Text(t) => Some(t.as_ref()),
                _ => None,
            })
            .collect();
        for (c, pair) in CHARSET.chars().zip(texts.chunks(2)) {
            let [single, double] = pair else { continue };
            let mut d = String::new();
            collect_path_data(single.flattened(), &mut d);
            let xs: Vec<f32> = double
                .layouted()
                .iter()
                .flat_map(|span| span.positioned_glyphs.iter().map(|g| g.transform().tx))
                .collect();
            let advance = match xs.as_slice() {
                [a, b, ..] => b - a,
                _ => 0.6 * GLYPH_SIZE,
            };
            map.insert(c, Glyph { d, advance });
        }
        map
    })
}

/// The outline of `c`, if the board's character set has it.
pub fn glyph(c: char) -> Option<&'static Glyph> {
    glyphs().get(&c)
}

/// Width of `text` at [`GLYPH_SIZE`].
pub fn text_width(text: &str) -> f32 {
    text.chars().filter_map(glyph).map(|g| g.advance).sum()
}

fn collect_path_data(group: &usvg::Group, d: &mut String) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => collect_path_data(g, d),
            usvg::Node::Path(p) => {
                let ts = p.abs_transform();
                let pt = |q: tiny_skia::Point| {
                    let mut q = q;
                    ts.map_point(&mut q);
                    (q.x, q.y)
                };
                for seg in p.data().segments() {
                    match seg {
                        tiny_skia::PathSegment::MoveTo(a) => {
                            let (x, y) = pt(a);
                            let _ = write!(d, "M{x:.1} {y:.1}");
                        }
                        tiny_skia::PathSegment::LineTo(a) => {
                            let (x, y) = pt(a);
                            let _ = write!(d, "L{x:.1} {y:.1}");
                        }
                        tiny_skia::PathSegment::QuadTo(a, b) => {
                            let ((x1, y1), (x, y)) = (pt(a), pt(b));
                            let _ = write!(d, "Q{x1:.1} {y1:.1} {x:.1} {y:.1}");
                        }
                        tiny_skia::PathSegment::CubicTo(a, b, c) => {
                            let ((x1, y1), (x2, y2), (x, y)) = (pt(a), pt(b), pt(c));
                            let _ = write!(d, "C{x1:.1} {y1:.1} {x2:.1} {y2:.1} {x:.1} {y:.1}");
                        }
                        tiny_skia::PathSegment::Close => d.push('Z'),
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_character_has_an_outline() {
        for c in CHARSET.chars() {
            let g = glyph(c).unwrap_or_else(|| panic!("no glyph for {c:?}"));
            assert!(g.d.starts_with('M') && g.d.len() > 20, "{c:?}: {}", g.d);
            assert!(g.advance > 0.3 * GLYPH_SIZE && g.advance < GLYPH_SIZE, "{c:?}: {}", g.advance);
        }
        // DejaVu digits share one advance, so numbers line up.
        assert_eq!(glyph('1').map(|g| g.advance), glyph('8').map(|g| g.advance));
        assert!(text_width("10") > text_width("1"));
        assert_eq!(glyph('z').map(|g| g.advance), None);
    }
}
