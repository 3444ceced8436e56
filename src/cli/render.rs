//! `damas render`: draw a position as PNG or SVG, or print it as text.

use std::io::Write;

use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;

use crate::render::{BoardView, Theme, board_png, board_svg, text};
use crate::rules::{Position, VariantId};

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Variant id or name (english, spanish, international, russian, brazilian, italian, turkish, ...).
    #[arg(long)]
    pub variant: VariantId,
    /// Position in PDN FEN; the variant's start position if absent.
    #[arg(long)]
    pub fen: Option<String>,
    /// A move legal in that position: it is played and shown as the last move.
    #[arg(long)]
    pub last: Option<String>,
    /// Pick up the piece on this square and mark where it can go.
    #[arg(long)]
    pub select: Option<String>,
    /// Draw from Black's side.
    #[arg(long)]
    pub flip: bool,
    #[arg(long, default_value = "light")]
    pub theme: Theme,
    /// Width and height in pixels.
    #[arg(long, default_value_t = 640)]
    pub size: u32,
    /// Output file: `.svg` writes the SVG document, anything else a PNG. Without it the board is
    /// printed as text.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

pub fn run(args: RenderArgs) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let mut position = match &args.fen {
        Some(fen) => Position::from_fen(args.variant, fen).with_context(|| format!("bad FEN {fen:?}"))?,
        None => Position::start(args.variant),
    };
    let mut last = None;
    if let Some(text) = &args.last {
        let mv = position.parse_move(text).map_err(|e| anyhow::anyhow!("move {text:?} is illegal: {e}"))?;
        position = position.play(&mv);
        last = Some(mv);
    }
    let mut view = BoardView::new(position).flipped(args.flip).theme(args.theme).size(args.size);
    if let Some(mv) = &last {
        view = view.last_move(mv);
    }
    if let Some(name) = &args.select {
        let variant = args.variant.rules();
        let Some(sq) = variant.parse_square(name) else {
            bail!("no square {name:?} in {}", args.variant);
        };
        view = view.select(sq);
    }
    let Some(path) = args.output else {
        write!(out, "{}", text::text_board(&view.position, view.flip))?;
        writeln!(out, "{}", text::describe(&view.position, crate::i18n::Lang::En))?;
        return Ok(());
    };
    let is_svg = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes = if is_svg { board_svg(&view).into_bytes() } else { board_png(&view)? };
    std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
