//! `damas match`: two engines play balloted openings with colours reversed.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use crate::engine::matchplay::{Adjudication, Player, PlayerSpec, elo, pdn, play_game};
use crate::engine::openings::{self, Opening};
use crate::rules::VariantId;

pub struct MatchArgs<'a> {
    pub variant: VariantId,
    pub engine_a: &'a str,
    pub engine_b: &'a str,
    pub games: usize,
    pub movetime: u64,
    pub openings: Option<&'a Path>,
    pub pdn: &'a Path,
    pub seed: u64,
    pub adjudication: Option<Adjudication>,
}

pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let spec_a: PlayerSpec = args.engine_a.parse().map_err(|e: String| anyhow::anyhow!(e))?;
    let spec_b: PlayerSpec = args.engine_b.parse().map_err(|e: String| anyhow::anyhow!(e))?;
    let ballots: Vec<Opening> = match args.openings {
        Some(path) => openings::parse(args.variant, &std::fs::read_to_string(path)?)?,
        None => vec![Opening::start(args.variant)],
    };
    if ballots.is_empty() {
        anyhow::bail!("the openings file has no ballot");
    }
    let mut a = Player::start(&spec_a, args.variant, args.seed)?;
    let mut b = Player::start(&spec_b, args.variant, args.seed.wrapping_mul(31).wrapping_add(7))?;
    let (name_a, name_b) = (a.name(), b.name());
    let mut file = std::fs::File::create(args.pdn)?;
    let movetime = Duration::from_millis(args.movetime);
    let mut points = Vec::new();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    writeln!(out, "{name_a} vs {name_b}: {} games of {} from {} ballots", args.games, args.variant, ballots.len())?;
    for g in 0..args.games {
        let ballot = &ballots[(g / 2 + args.seed as usize) % ballots.len()];
        let a_first = g % 2 == 0;
        let (game, result) = play_game(&mut a, &mut b, ballot, a_first, movetime, args.adjudication.as_ref())?;
        let (first, second) = if a_first { (&name_a, &name_b) } else { (&name_b, &name_a) };
        // PDN White is the side whose men start at the bottom, whoever moves first.
        let first_is_white = ballot.start.side_to_move() == crate::rules::Color::White;
        let (white, black) = if first_is_white { (first, second) } else { (second, first) };
        file.write_all(
            pdn(&game, white, black, &result, &format!("damas match {}", args.variant), g + 1, &[]).as_bytes(),
        )?;
        points.push(result.a_points);
        match result.a_points {
            p if p > 0.75 => wins += 1,
            p if p < 0.25 => losses += 1,
            _ => draws += 1,
        }
        let total: f64 = points.iter().sum();
        let (e, err) = elo(&points);
        writeln!(
            out,
            "game {}/{} [{}] {} as {}: {} ({}, {} plies) | {name_a} {total:.1}/{} (+{wins} ={draws} -{losses}) elo {e:+.0} ± {err:.0}",
            g + 1,
            args.games,
            ballot.text,
            name_a,
            if a_first { "first" } else { "second" },
            match result.a_points {
                p if p > 0.75 => "win",
                p if p < 0.25 => "loss",
                _ => "draw",
            },
            result.end,
            result.plies,
            points.len(),
        )?;
    }
    let total: f64 = points.iter().sum();
    let (e, err) = elo(&points);
    writeln!(
        out,
        "final: {name_a} {total:.1}/{} ({:.1}%) +{wins} ={draws} -{losses}, elo {e:+.0} ± {err:.0} (95%); games in {}",
        points.len(),
        100.0 * total / points.len().max(1) as f64,
        args.pdn.display()
    )?;
    Ok(())
}
