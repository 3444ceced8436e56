//! The `damas` command line: one file per subcommand.

mod apply;
mod bestmove;
mod hub;
mod matches;
mod moves;
mod openings;
mod perft;
pub mod play;
mod selfplay;
pub mod serve;
mod set_webhook;
mod tactics;
mod tune;
mod variants;

use clap::{Parser, Subcommand};

pub mod render;
pub mod rules;
use crate::engine::matchplay::Adjudication;
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
    /// Register the webhook with Telegram (webhook.url or http.public_url, with webhook.secret_token).
    SetWebhook(set_webhook::SetWebhookArgs),
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
        /// Count with the search's own move generator (compact captures and steps) instead of the
        /// rules core's: the same counts, at the speed the search generates moves.
        #[arg(long, conflicts_with = "paths")]
        engine: bool,
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
    /// Search a position: prints `info` lines, then the best move on the last line.
    Bestmove {
        #[arg(long, short)]
        variant: VariantId,
        #[arg(long)]
        fen: Option<String>,
        /// Milliseconds to think.
        #[arg(long)]
        movetime: Option<u64>,
        /// Plies to search.
        #[arg(long, short)]
        depth: Option<u32>,
        /// Play as a level does: easy, medium, hard, master (or 1-4, fácil, medio, difícil, maestro).
        #[arg(long, short)]
        level: Option<crate::engine::Level>,
        /// Seed for the easy level's choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Speak the Hub protocol (version 2) on standard input/output; variant via `set-param`.
    Hub,
    /// Play two engines against each other from balloted openings, colours reversed.
    Match {
        #[arg(long, short)]
        variant: VariantId,
        /// `internal:LEVEL[@MS][:weights=FILE][:threats=on|off][:probcut=on|off]`, a Hub engine
        /// command, or `position-only:COMMAND` for a Hub engine that reads `pos=` and ignores
        /// `moves=`.
        #[arg(long, default_value = "internal:hard")]
        engine_a: String,
        #[arg(long, default_value = "internal:medium")]
        engine_b: String,
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// Milliseconds per move for Hub engines (internal levels keep their own budget unless `@MS`).
        #[arg(long, default_value_t = 200)]
        movetime: u64,
        /// Ballots: one per line, moves from the start or a FEN.
        #[arg(long)]
        openings: Option<std::path::PathBuf>,
        /// Where to write the games.
        #[arg(long, default_value = "match.pdn")]
        pdn: std::path::PathBuf,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// End a game early when both engines agree it is won (3 men ahead for 4 moves each) or
        /// dead level (|score| <= 0.05 for 10 moves each, after move 40).
        #[arg(long)]
        adjudicate: bool,
    },
    /// Play against the engine in the terminal.
    Play {
        #[arg(long, short)]
        variant: VariantId,
        #[arg(long, short, default_value = "medium")]
        level: crate::engine::Level,
        /// Your colour (default: the side that moves first).
        #[arg(long, short)]
        color: Option<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Generate opening ballots: every sequence of a few plies that our search finds balanced.
    Openings {
        #[arg(long, short)]
        variant: VariantId,
        #[arg(long, default_value_t = 3)]
        plies: u32,
        #[arg(long, short, default_value_t = 8)]
        depth: u32,
        /// Largest |score| kept, in hundredths of a man.
        #[arg(long, default_value_t = 40)]
        margin: i32,
    },
    /// Find tactical test positions: a winning shot a deep search sees and a 2-ply search misses.
    #[command(hide = true)]
    Tactics {
        #[arg(long, short)]
        variant: VariantId,
        #[arg(long, default_value_t = 20)]
        count: usize,
        #[arg(long, short, default_value_t = 9)]
        depth: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 400)]
        games: usize,
        /// Instead of searching for positions, play `--level` on every position of this suite file
        /// and print the solve rate.
        #[arg(long)]
        check: Option<std::path::PathBuf>,
        #[arg(long, default_value = "hard")]
        level: crate::engine::Level,
    },
    /// Play quick self-play games from random starts and write them as PDN (games to fit the
    /// evaluation to).
    #[command(hide = true)]
    Selfplay {
        #[arg(long, short)]
        variant: VariantId,
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Search depth of every move.
        #[arg(long, short, default_value_t = 4)]
        depth: u32,
        /// Random plies from the start position.
        #[arg(long, default_value_t = 6)]
        random_plies: usize,
        /// Largest |score| of the random start kept, in hundredths of a man.
        #[arg(long, default_value_t = 60)]
        margin: i32,
        /// The first game's seed; game n plays seed + n.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Fit evaluation weights to the results of the games in PDN files and print the changes.
    #[command(hide = true)]
    Tune(tune::TuneArgs),
}

/// Runs the parsed command line; the error is printed by `main` and turns into exit code 1.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    let Some(command) = cli.command else {
        return serve::run(serve::ServeArgs::default());
    };
    // Their broken pipes are lost connections, which are failures.
    let networked = matches!(command, Command::Serve(_) | Command::SetWebhook(_));
    match run_command(command) {
        // The reader has all it wanted (`damas moves ... | head -1`): not a failure.
        Err(e) if !networked && reader_went_away(&e) => Ok(()),
        other => other,
    }
}

/// Where the commands print their results. Writes return errors instead of panicking as
/// `println!` does when the reader has gone.
fn stdout() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}

fn reader_went_away(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<std::io::Error>())
        .any(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}

fn run_command(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Serve(args) => serve::run(args),
        Command::SetWebhook(args) => set_webhook::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Variants { json } => variants::run(json),
        Command::Moves { variant, fen, json } => moves::run(variant, fen.as_deref(), json),
        Command::Perft { variant, fen, depth, paths, divide, engine } => {
            let generator =
                if engine { perft::Generator::Engine } else { perft::Generator::Rules { every_path: paths } };
            perft::run(variant, fen.as_deref(), depth, generator, divide)
        }
        Command::Apply { variant, fen, moves } => apply::run(variant, fen.as_deref(), &moves),
        Command::Render(args) => render::run(args),
        Command::Bestmove { variant, fen, movetime, depth, level, seed } => {
            bestmove::run(variant, fen.as_deref(), movetime, depth, level, seed)
        }
        Command::Hub => hub::run(),
        Command::Match { variant, engine_a, engine_b, games, movetime, openings, pdn, seed, adjudicate } => {
            matches::run(matches::MatchArgs {
                variant,
                engine_a: &engine_a,
                engine_b: &engine_b,
                games,
                movetime,
                openings: openings.as_deref(),
                pdn: &pdn,
                seed,
                adjudication: adjudicate.then(Adjudication::default),
            })
        }
        Command::Play { variant, level, color, seed } => {
            let color = match color {
                Some(c) => Some(
                    c.parse::<crate::rules::Color>().map_err(|_| anyhow::anyhow!("colour must be white or black"))?,
                ),
                None => None,
            };
            play::run(variant, level, color, seed)
        }
        Command::Openings { variant, plies, depth, margin } => openings::run(variant, plies, depth, margin),
        Command::Tactics { variant, count, depth, seed, games, check, level } => match check {
            Some(file) => tactics::check(variant, &file, level),
            None => tactics::run(variant, count, depth, seed, games),
        },
        Command::Selfplay { variant, games, depth, random_plies, margin, seed, threads } => {
            let config = crate::engine::selfplay::SelfPlay { variant, depth, random_plies, margin };
            selfplay::run(&config, games, seed, threads)
        }
        Command::Tune(args) => tune::run(args),
    }
}

/// The position given on the command line, or the variant's start position.
fn position_arg(variant: VariantId, fen: Option<&str>) -> anyhow::Result<Position> {
    match fen {
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| anyhow::anyhow!("bad FEN: {e}")),
        None => Ok(Position::start(variant)),
    }
}
