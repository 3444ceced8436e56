//! `damas bestmove`: search a position and print the move.

use std::io::Write;

use super::position_arg;
use crate::engine::{Engine, Level, Limits, format_score, hub::encode_move};
use crate::rules::{GameState, VariantId};

pub fn run(
    variant: VariantId,
    fen: Option<&str>,
    movetime: Option<u64>,
    depth: Option<u32>,
    level: Option<Level>,
    seed: u64,
) -> anyhow::Result<()> {
    let mut out = super::stdout();
    let position = position_arg(variant, fen)?;
    let state = GameState::new(position);
    if let Some(o) = state.outcome() {
        anyhow::bail!("the game is over: {:?}", o);
    }
    let mut engine = Engine::new(variant, level.map(|l| l.tt_bits()).unwrap_or(21));
    let print = |info: &crate::engine::Info| {
        let mut pos = position;
        let pv: Vec<String> = info
            .pv
            .iter()
            .map(|m| {
                let t = pos.notation(m);
                pos = pos.play(m);
                t
            })
            .collect();
        // Search lines are progress: a reader that went away is noticed at the final line.
        let _ = writeln!(
            std::io::stdout(),
            "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
            info.depth,
            info.seldepth,
            format_score(info.score),
            info.nodes,
            info.nps(),
            info.time.as_millis(),
            pv.join(" ")
        );
    };
    let result = match (level, movetime, depth) {
        (Some(level), None, None) => {
            let r = engine.play(&state, level, seed, None)?;
            writeln!(
                out,
                "info depth {} score {} nodes {} nps {} time {} pv {}",
                r.depth,
                format_score(r.score),
                r.nodes,
                (r.nodes as f64 / r.time.as_secs_f64().max(1e-6)) as u64,
                r.time.as_millis(),
                position.notation(&r.best)
            )?;
            r
        }
        (None, _, _) if movetime.is_some() || depth.is_some() => {
            let limits = Limits {
                movetime: movetime.map(std::time::Duration::from_millis),
                depth,
                nodes: None,
                use_all_time: true,
            };
            engine.analyse(&state, &limits, None, &mut |i| print(i))?
        }
        _ => anyhow::bail!("give exactly one of --level, or --movetime and/or --depth"),
    };
    eprintln!("hub: {}", encode_move(&position, &result.best));
    writeln!(out, "{}", position.notation(&result.best))?;
    Ok(())
}
