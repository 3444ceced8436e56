//! `damas tune`: fit evaluation weights to the results of games in PDN files (Texel's method) and
//! print the changed weights as a file for `damas match --engine-a internal:LEVEL:weights=FILE`.

use std::io::Write;

use std::path::PathBuf;

use crate::engine::Weights;
use crate::engine::selfplay::{SCORES_TAG, parse_scores_tag};
use crate::engine::tune::{self, Sample};
use crate::game::pdn;
use crate::rules::{Color, VariantId};

#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    #[arg(long, short)]
    pub variant: VariantId,
    /// PDN files of finished games (from `damas match --pdn`, say).
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Start from these weights instead of the built-in set.
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// Only fit these weights (a name, or a prefix such as `advance`); all by default.
    #[arg(long = "free", value_delimiter = ',')]
    pub free: Vec<String>,
    /// Plies at the start of each game left out (the opening ballot and what follows it).
    #[arg(long, default_value_t = 10)]
    pub skip: usize,
    #[arg(long, default_value_t = 50)]
    pub rounds: usize,
    /// Fit International's region-pattern table instead of the weights, and write it here.
    #[arg(long)]
    pub patterns: Option<PathBuf>,
    /// Positions' worth of evidence pulling each pattern entry towards zero.
    #[arg(long, default_value_t = 50.0)]
    pub prior: f64,
    /// Passes of the pattern fit.
    #[arg(long, default_value_t = 300)]
    pub epochs: usize,
    /// Share of a pattern fit's aim taken from the game's result; the rest comes from the search
    /// scores `damas selfplay` records, where a game has them.
    #[arg(long, default_value_t = 1.0, value_parser = share)]
    pub result_weight: f64,
    /// 2 to fit each pattern twice, for a full board and a bare one (blended by the pieces left).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub phases: u8,
}

pub fn run(args: TuneArgs) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let base = match &args.weights {
        Some(path) => Weights::from_toml(args.variant, &std::fs::read_to_string(path)?)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
        None => Weights::for_variant(args.variant),
    };
    let mut samples: Vec<Sample> = Vec::new();
    // Every tenth game is held out of a pattern fit, to see whether the table generalises.
    let mut held_out: Vec<Sample> = Vec::new();
    let mut games = 0;
    for path in &args.games {
        let text = std::fs::read_to_string(path)?;
        for game in pdn::read_games(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))? {
            if game.variant().ok() != Some(args.variant) {
                continue;
            }
            let white_score = match game.result.as_deref().and_then(pdn::result_winner) {
                Some(Some(Color::White)) => 1.0,
                Some(Some(Color::Black)) => 0.0,
                Some(None) => 0.5,
                None => continue,
            };
            let (start, moves) = game.replay().map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            let white_scores = match game.tag(SCORES_TAG) {
                Some(text) => parse_scores_tag(text)
                    .ok_or_else(|| anyhow::anyhow!("{}: a damaged {SCORES_TAG} tag", path.display()))?,
                None => Vec::new(),
            };
            let quiet = tune::quiet_samples(&start, &moves, white_score, &white_scores, args.skip);
            if args.patterns.is_some() && games % 10 == 9 {
                held_out.extend(quiet);
            } else {
                samples.extend(quiet);
            }
            games += 1;
        }
    }
    if samples.is_empty() {
        anyhow::bail!("no finished {} game with a quiet position in the given files", args.variant);
    }
    writeln!(out, "# {games} games, {} quiet positions", samples.len() + held_out.len())?;
    if let Some(file) = &args.patterns {
        if args.variant != VariantId::International {
            anyhow::bail!("only International has a region-pattern table");
        }
        let config = tune::PatternFitConfig {
            prior: args.prior,
            epochs: args.epochs,
            result_weight: args.result_weight,
            phases: args.phases.into(),
        };
        let fit = tune::fit_patterns(&samples, &held_out, &base, &config);
        writeln!(
            out,
            "# logistic scale {:.5}; mean squared error fitted {:.6} -> {:.6}, held out {:.6} -> {:.6}",
            fit.scale, fit.fitted.0, fit.fitted.1, fit.held_out.0, fit.held_out.1
        )?;
        std::fs::write(file, fit.patterns.to_bytes())?;
        writeln!(out, "# table written to {}", file.display())?;
        return Ok(());
    }
    let fit = tune::fit(args.variant, &samples, &base, &args.free, args.rounds);
    writeln!(
        out,
        "# logistic scale {:.5} per hundredth of a man; mean squared error {:.6} -> {:.6}",
        fit.scale, fit.error_before, fit.error_after
    )?;
    write!(out, "{}", tune::changes(&base, &fit.weights))?;
    Ok(())
}

/// A share from 0 to 1.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}
