//! `damas tune`: fit evaluation weights to the results of games in PDN files (Texel's method) and
//! print the changed weights as a file for `damas match --engine-a internal:LEVEL:weights=FILE`.

use std::io::Write;

use std::path::PathBuf;

use crate::engine::Weights;
use crate::engine::tune::{self, Sample};
use crate::game::pdn;
use crate::rules::{Color, VariantId};

pub struct TuneArgs {
    pub variant: VariantId,
    pub games: Vec<PathBuf>,
    pub weights: Option<PathBuf>,
    pub free: Vec<String>,
    pub skip: usize,
    pub rounds: usize,
}

pub fn run(args: TuneArgs) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let base = match &args.weights {
        Some(path) => Weights::from_toml(args.variant, &std::fs::read_to_string(path)?)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
        None => Weights::for_variant(args.variant),
    };
    let mut samples: Vec<Sample> = Vec::new();
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
            samples.extend(tune::quiet_samples(&start, &moves, white_score, args.skip));
            games += 1;
        }
    }
    if samples.is_empty() {
        anyhow::bail!("no finished {} game with a quiet position in the given files", args.variant);
    }
    writeln!(out, "# {games} games, {} quiet positions", samples.len())?;
    let fit = tune::fit(args.variant, &samples, &base, &args.free, args.rounds);
    writeln!(
        out,
        "# logistic scale {:.5} per hundredth of a man; mean squared error {:.6} -> {:.6}",
        fit.scale, fit.error_before, fit.error_after
    )?;
    write!(out, "{}", tune::changes(&base, &fit.weights))?;
    Ok(())
}
