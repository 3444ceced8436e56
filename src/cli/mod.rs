//! The `damas` command line: one file per subcommand.

mod apply;
mod moves;
mod perft;
pub mod serve;
mod variants;

use clap::{Parser, Subcommand};

pub mod render;
pub mod rules;
use crate::rules::{Position, VariantId};

#[derive(Debug, Parser)]
#[command(
    name = "damas",
    version,
    about = "Draughts in every national variant: rules, engine, Telegram bot and Mini App"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP server and, when TELEGRAM_BOT_TOKEN is set, the Telegram bot (the default).
    Serve(serve::ServeArgs),
    /// Show the rules of a variant, in Spanish or English
    Rules(rules::RulesArgs),
    /// List the variants: id, name, board, PDN GameType and start position.
    Variants {
        #[arg(long)]
        json: bool,
    },
    /// Print every legal move of a position, one per line in PDN notation.
    Moves {
        #[arg(long, short)]
        variant: VariantId,
        /// Position in PDN FEN (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print a JSON array with notation, from, to, path and captures.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the move tree to a depth (the total is on the last line).
    Perft {
        #[arg(long, short)]
        variant: VariantId,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long, short)]
        depth: u32,
        /// Count every capture path instead of merging paths with the same captures.
        #[arg(long)]
        paths: bool,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
    },
    /// Play moves from a position and print the resulting FEN; stops at the first illegal move.
    Apply {
        #[arg(long, short)]
        variant: VariantId,
        #[arg(long)]
        fen: Option<String>,
        /// Moves such as 32-28 or 23x14x5.
        #[arg(required = true, allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// Draw a position as PNG or SVG, or print it as text.
    Render(render::RenderArgs),
}

/// Runs the parsed command line; the error is printed by `main` and turns into exit code 1.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => serve::run(serve::ServeArgs::default()),
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Rules(args)) => rules::run(args),
        Some(Command::Variants { json }) => variants::run(json),
        Some(Command::Moves { variant, fen, json }) => moves::run(variant, fen.as_deref(), json),
        Some(Command::Perft { variant, fen, depth, paths, divide }) => perft::run(variant, fen.as_deref(), depth, paths, divide),
        Some(Command::Apply { variant, fen, moves }) => apply::run(variant, fen.as_deref(), &moves),
        Some(Command::Render(args)) => render::run(args),
    }
}

/// The position given on the command line, or the variant's start position.
fn position_arg(variant: VariantId, fen: Option<&str>) -> anyhow::Result<Position> {
    match fen {
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| anyhow::anyhow!("bad FEN: {e}")),
        None => Ok(Position::start(variant)),
    }
}
