//! `damas variants`: the variants with their board, PDN GameType and start position.

use std::io::Write;

use crate::rules::VariantId;

pub fn run(json: bool) -> anyhow::Result<()> {
    let mut out = super::stdout();
    if json {
        let list: Vec<_> = VariantId::ALL
            .iter()
            .map(|&id| {
                let v = id.rules();
                serde_json::json!({
                    "id": v.key, "name": v.name_en, "name_es": v.name_es,
                    "board": format!("{}x{}", v.rows, v.cols), "game_type": v.game_type,
                    "game_type_tag": v.game_type_tag, "first_to_move": v.first_to_move, "start_fen": v.start_fen,
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&list)?)?;
        return Ok(());
    }
    for id in VariantId::ALL {
        let v = id.rules();
        let game_type = if v.game_type == 0 { "-".to_string() } else { v.game_type.to_string() };
        writeln!(
            out,
            "{:<14} {:<28} {:>2}x{:<2} GameType {:<3} {}",
            v.key, v.name_en, v.rows, v.cols, game_type, v.start_fen
        )?;
    }
    Ok(())
}
