//! The `damas` command line: one file per subcommand.

use clap::{Parser, Subcommand};

pub mod rules;

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
    /// Show the rules of a variant, in Spanish or English
    Rules(rules::RulesArgs),
}

/// Runs the parsed command line; the error is printed by `main` and turns into exit code 1.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => Ok(()),
        Some(Command::Rules(args)) => rules::run(args),
    }
}
