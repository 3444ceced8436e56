//! The board message of a game: caption, picture and inline keyboard, composed as plain data from
//! the stored game and the viewer's settings. Pure and synchronous (the picture takes a few
//! milliseconds of CPU): callers run [`compose`] on the blocking pool.

use std::hash::{Hash, Hasher};

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::{Action, BoardData, Callback, Menu};
use super::i18n::{Lang, t, tf};
use super::keyboard::{self, Labels, Step};
use super::prefs::{BoardMode, Orientation, Prefs, ThemeChoice};
use super::views::{color_name, escape, level_name};
use crate::game::{EndReason, Game, GameId, Player, Status, UserId};
use crate::render::{BoardView, RenderError, Theme, board_png};
use crate::rules::{Color, DrawRule, Move, Position, Role, VariantId};

/// How one viewer wants to see boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    pub lang: Lang,
    pub mode: BoardMode,
    /// Black at the bottom.
    pub flip: bool,
    pub theme: Theme,
}

impl Look {
    /// The viewer's settings applied to `game`: with the automatic orientation their own side is
    /// at the bottom; `turned` is the viewer's flip button on top of that.
    pub fn of(lang: Lang, prefs: &Prefs, game: &Game, viewer: UserId, turned: bool) -> Look {
        let plays_black = game.colors_of(viewer).first() == Some(&Color::Black);
        let base = match prefs.orientation {
            Orientation::Auto => plays_black,
            Orientation::White => false,
        };
        Look { lang, mode: prefs.board, flip: base ^ turned, theme: theme_of(prefs) }
    }
}

/// The board theme the viewer chose.
pub fn theme_of(prefs: &Prefs) -> Theme {
    match prefs.theme {
        ThemeChoice::Classic => Theme::Classic,
        ThemeChoice::Wood => Theme::Light,
        ThemeChoice::Contrast => Theme::Dark,
    }
}

/// A composed board message.
#[derive(Clone, Debug)]
pub struct BoardMessage {
    /// Telegram HTML, used as the photo caption or as the message text.
    pub caption: String,
    pub markup: InlineKeyboardMarkup,
    /// The picture, when the viewer wants one and it was asked for.
    pub png: Option<Vec<u8>>,
}

impl BoardMessage {
    /// A fingerprint of what the message shows, to skip edits that would change nothing.
    pub fn fingerprint(&self) -> (u64, u64, u64) {
        let hash = |bytes: &[u8]| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            bytes.hash(&mut h);
            h.finish()
        };
        let markup = serde_json::to_vec(&self.markup).unwrap_or_default();
        (hash(self.png.as_deref().unwrap_or_default()), hash(self.caption.as_bytes()), hash(&markup))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BoardError {
    #[error("stored game {0} does not replay: {1}")]
    Replay(GameId, String),
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// The current position of `game` and the last move played, rebuilt from its moves.
pub fn position_of(game: &Game) -> Result<(Position, Option<Move>), BoardError> {
    let bad = |detail: String| BoardError::Replay(game.id.clone(), detail);
    let mut position = Position::from_fen(game.variant, &game.start_fen).map_err(|e| bad(e.to_string()))?;
    let mut last = None;
    for text in &game.moves {
        let mv = position.parse_move(text).map_err(|e| bad(format!("{text}: {e}")))?;
        position = position.play(&mv);
        last = Some(mv);
    }
    Ok((position, last))
}

/// Reads a chain of taps on the game's board, on the blocking pool (it replays the game and lists
/// its moves): the step reached, and the move in notation once it is complete.
pub async fn read_taps(game: &Game, taps: Vec<super::callback::Coord>) -> anyhow::Result<(Step, Option<String>)> {
    let game = game.clone();
    let read = tokio::task::spawn_blocking(move || -> Result<_, BoardError> {
        let (position, _) = position_of(&game)?;
        let step = step_for(&position, &taps);
        let text = match &step {
            Step::Ready(mv) => Some(position.notation(mv)),
            _ => None,
        };
        Ok((step, text))
    });
    Ok(read.await??)
}

/// What the viewer is doing on the keyboard: `taps` are the squares tapped so far for a move.
pub fn step_for(position: &Position, taps: &[super::callback::Coord]) -> Step {
    keyboard::advance(position, taps)
}

/// Composes the board message for `viewer`. `thinking` marks the engine's search; `picture`
/// asks for the PNG (selection taps only change the keyboard and skip it).
pub fn compose(
    game: &Game,
    viewer: UserId,
    look: &Look,
    step: &Step,
    thinking: bool,
    picture: bool,
) -> Result<BoardMessage, BoardError> {
    let (position, last) = position_of(game)?;
    let caption = caption(game, viewer, look.lang, &position, game.moves.last().map(String::as_str), thinking);
    let my_turn = game.status == Status::Active && !thinking && game.player(game.turn).user() == Some(viewer);
    let mut rows: Vec<Vec<InlineKeyboardButton>> = Vec::new();
    let show_grid = look.mode == BoardMode::Buttons || game.status == Status::Active;
    if show_grid {
        let idle = Step::Idle { refused: None };
        let step = if my_turn { step } else { &idle };
        let grid = keyboard::board_keyboard(&position, step, look.flip, &Labels::default());
        for row in grid.rows {
            rows.push(
                row.into_iter()
                    .map(|b| {
                        let action = if my_turn { b.action } else { Action::Noop };
                        board_button(b.label, game, action)
                    })
                    .collect(),
            );
        }
    }
    if game.status == Status::Active {
        rows.push(keyboard::control_row(false).into_iter().map(|b| board_button(b.label, game, b.action)).collect());
    } else {
        rows.push(end_buttons(game, look.lang));
    }
    let png = if picture && look.mode == BoardMode::Image {
        let mut view = BoardView::new(position).flipped(look.flip).theme(look.theme);
        if let Some(mv) = &last {
            view = view.last_move(mv);
        }
        Some(board_png(&view)?)
    } else {
        None
    };
    Ok(BoardMessage { caption, markup: InlineKeyboardMarkup::new(rows), png })
}

/// A button carrying board callback data for `game` at its current ply.
fn board_button(label: String, game: &Game, action: Action) -> InlineKeyboardButton {
    let data =
        BoardData::new(game.id.as_str(), game.ply, action).map(|d| d.encode()).unwrap_or_else(|_| "m:x".to_owned());
    InlineKeyboardButton::callback(label, data)
}

/// Rematch, the PDN file and a new game: what a finished game offers.
pub fn end_buttons(game: &Game, lang: Lang) -> Vec<InlineKeyboardButton> {
    let mut row = Vec::new();
    if game.status == Status::Finished {
        row.push(board_button(t(lang, "game-button-rematch"), game, Action::Rematch));
    }
    row.push(InlineKeyboardButton::callback(
        t(lang, "game-button-pdn"),
        Callback::Menu(Menu::Pdn(game.id.clone())).encode(),
    ));
    if game.status == Status::Finished && !game.moves.is_empty() {
        row.push(InlineKeyboardButton::callback(
            t(lang, "game-button-analyse"),
            Callback::Menu(Menu::Analyse(game.id.clone())).encode(),
        ));
    }
    row.push(InlineKeyboardButton::callback(t(lang, "game-button-new"), Callback::Menu(Menu::New).encode()));
    row
}

/// Name of a player as the caption shows it.
pub fn player_name(lang: Lang, player: &Player) -> String {
    match player {
        Player::Human { name, .. } => escape(name),
        Player::Engine { level } => tf(lang, "engine-name", &[("level", &level_name(lang, *level))]),
        Player::Open => "?".to_owned(),
    }
}

fn material(lang: Lang, position: &Position, color: Color) -> String {
    let men = position.count(color, Role::Man);
    let kings = position.count(color, Role::King);
    if kings == 0 { men.to_string() } else { tf(lang, "game-material-kings", &[("men", &men), ("kings", &kings)]) }
}

/// The caption: players, whose turn (or the result), the last move and the material.
pub fn caption(
    game: &Game,
    viewer: UserId,
    lang: Lang,
    position: &Position,
    last: Option<&str>,
    thinking: bool,
) -> String {
    let mut lines = vec![tf(
        lang,
        "game-players",
        &[("white", &player_name(lang, &game.white)), ("black", &player_name(lang, &game.black))],
    )];
    lines.push(status_line(game, viewer, lang, thinking));
    if let Some(mv) = last.filter(|m| !m.is_empty()) {
        let number = crate::game::pdn::move_label(game, game.moves.len().saturating_sub(1));
        lines.push(tf(lang, "game-last-move", &[("move", &format!("<code>{}</code>", escape(mv))), ("n", &number)]));
    }
    lines.push(tf(
        lang,
        "game-material",
        &[("white", &material(lang, position, Color::White)), ("black", &material(lang, position, Color::Black))],
    ));
    lines.join("\n")
}

fn status_line(game: &Game, viewer: UserId, lang: Lang, thinking: bool) -> String {
    if game.is_over() {
        return result_text(game, viewer, lang);
    }
    if thinking {
        return t(lang, "game-thinking");
    }
    let color = color_name(lang, game.turn);
    if game.player(game.turn).user() == Some(viewer) {
        tf(lang, "game-your-turn", &[("color", &color)])
    } else {
        tf(lang, "game-their-turn", &[("color", &color), ("name", &player_name(lang, game.player(game.turn)))])
    }
}

/// The result from the viewer's side, with the reason: "You won: Black has no moves left."
pub fn result_text(game: &Game, viewer: UserId, lang: Lang) -> String {
    let Some(result) = &game.result else { return String::new() };
    let mine = game.colors_of(viewer);
    let headline = match result.winner {
        _ if result.reason == EndReason::Aborted => t(lang, "result-aborted"),
        None => t(lang, "result-draw"),
        Some(w) if mine.contains(&w) && mine.len() == 1 => t(lang, "result-you-win"),
        Some(w) if !mine.is_empty() && !mine.contains(&w) => t(lang, "result-you-lose"),
        Some(w) => tf(lang, "result-side-wins", &[("color", &color_name(lang, w))]),
    };
    // The side that could not move or lost its pieces is the loser; for a draw, the side to move.
    let loser = result.winner.map_or(game.turn, Color::opposite);
    let side = color_name(lang, loser);
    // The side left without moves or pieces; in a losing variant (antidraughts) that is the winner.
    let stuck = color_name(lang, if game.variant.rules().losing { result.winner.unwrap_or(game.turn) } else { loser });
    let reason = match &result.reason {
        EndReason::NoMoves => tf(lang, "end-no-moves", &[("color", &stuck)]),
        EndReason::NoPieces => tf(lang, "end-no-pieces", &[("color", &stuck)]),
        EndReason::Resignation => tf(lang, "end-resignation", &[("color", &side)]),
        EndReason::DrawAgreed => t(lang, "end-draw-agreed"),
        EndReason::Repetition => t(lang, "end-repetition"),
        EndReason::MoveLimit { rule } => {
            tf(lang, "end-move-limit", &[("rule", &draw_rule_text(lang, game.variant, rule))])
        }
        EndReason::Timeout => tf(lang, "end-timeout", &[("color", &side)]),
        EndReason::Aborted => t(lang, "end-aborted"),
    };
    format!("<b>{headline}</b> {reason}")
}

/// The variant's draw rule named `id`, in words ("40 moves each without a capture…"); the id itself
/// for a rule the variant no longer has (a game stored by an older version).
fn draw_rule_text(lang: Lang, variant: VariantId, id: &str) -> String {
    let range = |low: u8, high: u8| if low == high { low.to_string() } else { format!("{low}–{high}") };
    let rule = variant.rules().draw_rules.iter().find(|rule| match rule {
        DrawRule::NoProgress { id: rule_id, .. }
        | DrawRule::ShortEnding { id: rule_id, .. }
        | DrawRule::BalancedKings { id: rule_id, .. }
        | DrawRule::LoneKings { id: rule_id } => *rule_id == id,
        DrawRule::Repetition { .. } => false,
    });
    match rule {
        Some(DrawRule::NoProgress { moves_each, .. }) => tf(lang, "draw-no-progress", &[("moves", moves_each)]),
        Some(DrawRule::ShortEnding { min_strong, max_strong, all_kings, moves_each, .. }) => {
            let key = if *all_kings { "draw-short-ending-kings" } else { "draw-short-ending" };
            tf(lang, key, &[("strong", &range(*min_strong, *max_strong)), ("moves", moves_each)])
        }
        Some(DrawRule::BalancedKings { min_total, max_total, moves_each, .. }) => {
            tf(lang, "draw-balanced-kings", &[("strong", &range(*min_total, *max_total)), ("moves", moves_each)])
        }
        Some(DrawRule::LoneKings { .. }) => t(lang, "draw-lone-kings"),
        Some(DrawRule::Repetition { .. }) | None => escape(id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameResult, Player};
    use crate::rules::VariantId;

    fn game() -> Game {
        let start = Position::start(VariantId::International);
        Game::new(
            GameId::parse("abc123").unwrap(),
            VariantId::International,
            start.to_fen(),
            start.side_to_move(),
            Player::human(7, "Ana <x>"),
            Player::Engine { level: 1 },
            0,
        )
    }

    fn look(mode: BoardMode) -> Look {
        Look { lang: Lang::En, mode, flip: false, theme: Theme::Light }
    }

    #[test]
    fn the_caption_numbers_moves_as_the_pdn_does() {
        let mut g = game();
        let mut pos = Position::start(VariantId::International);
        for m in ["32-28", "19-23", "28x19"] {
            pos = pos.play(&pos.parse_move(m).unwrap());
            g.moves.push(m.to_owned());
        }
        let text = caption(&g, UserId(7), Lang::En, &pos, Some("28x19"), false);
        assert!(text.contains("Last move: 2. <code>28x19</code>"), "{text}");
        let pdn = crate::game::pdn::export(&g, &Default::default());
        assert!(pdn.contains("1. 32-28 19-23 2. 28x19"), "{pdn}");
        g.moves.pop();
        let text = caption(&g, UserId(7), Lang::En, &pos, Some("19-23"), false);
        assert!(text.contains("Last move: 1... <code>19-23</code>"), "{text}");

        // From a position with Black to move, Black's first move answers move 1.
        let start = Position::from_fen(VariantId::International, "B:W28,40:B23,5").unwrap();
        let mut g = Game::new(
            GameId::parse("abc124").unwrap(),
            VariantId::International,
            start.to_fen(),
            start.side_to_move(),
            Player::human(7, "Ana"),
            Player::Engine { level: 1 },
            0,
        );
        g.moves.push("23-29".to_owned());
        let text = caption(&g, UserId(7), Lang::Es, &start, Some("23-29"), false);
        assert!(text.contains("Última jugada: 1... <code>23-29</code>"), "{text}");
        assert!(crate::game::pdn::export(&g, &Default::default()).contains("1... 23-29"));
    }

    #[test]
    fn caption_and_keyboard_for_the_player_to_move() {
        let g = game();
        let m = compose(&g, UserId(7), &look(BoardMode::Buttons), &Step::Idle { refused: None }, false, true).unwrap();
        assert!(m.png.is_none(), "buttons mode has no picture");
        assert!(m.caption.contains("Ana &lt;x&gt;") && m.caption.contains("Your move"), "{}", m.caption);
        assert!(m.caption.contains("20"), "material: {}", m.caption);
        let json = serde_json::to_value(&m.markup).unwrap();
        let rows = json["inline_keyboard"].as_array().unwrap();
        assert_eq!(rows.len(), 11, "ten rows of squares and the controls");
        let data: Vec<String> = rows
            .iter()
            .flat_map(|r| r.as_array().unwrap().iter().map(|b| b["callback_data"].as_str().unwrap().to_owned()))
            .collect();
        assert!(data.iter().all(|d| d.len() <= 64));
        // White's men on 31..50 can be picked; the first pick from 31 (row 3, column 0 from White).
        assert!(data.iter().any(|d| d.starts_with("b1:abc123:0:p") && d.len() > "b1:abc123:0:p".len()), "{data:?}");
    }

    #[test]
    fn nothing_to_tap_while_the_engine_thinks_and_the_result_at_the_end() {
        let mut g = game();
        let m = compose(&g, UserId(7), &look(BoardMode::Buttons), &Step::Idle { refused: None }, true, false).unwrap();
        assert!(m.caption.contains("Thinking"), "{}", m.caption);
        let json = serde_json::to_string(&m.markup).unwrap();
        assert!(!json.contains(":p"), "no piece can be picked while the engine thinks");

        g.status = Status::Finished;
        g.result = Some(GameResult { winner: Some(Color::Black), reason: EndReason::NoPieces });
        let m = compose(&g, UserId(7), &look(BoardMode::Image), &Step::Idle { refused: None }, false, true).unwrap();
        assert!(m.caption.contains("You lost") && m.caption.contains("White has no pieces left"), "{}", m.caption);
        assert!(m.png.as_ref().is_some_and(|p| p.starts_with(b"\x89PNG")));
        let labels: Vec<String> = serde_json::to_value(&m.markup).unwrap()["inline_keyboard"][0]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["text"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(labels.len(), 3, "rematch, PDN, new game: {labels:?}");
        let es = result_text(&g, UserId(7), Lang::Es);
        assert!(es.contains("Has perdido") && es.contains("Las Blancas"), "{es}");
    }

    /// A draw by a move limit says which rule, in words from the variant's definition.
    #[test]
    fn move_limit_draws_name_their_rule() {
        let mut g = game();
        g.variant = VariantId::Russian;
        g.status = Status::Finished;
        g.result = Some(GameResult { winner: None, reason: EndReason::MoveLimit { rule: "three-kings".into() } });
        let en = result_text(&g, UserId(7), Lang::En);
        assert!(en.contains("a lone king against 3–12 kings, 15 moves each"), "{en}");
        let ru = result_text(&g, UserId(7), Lang::Ru);
        assert!(ru.contains("3–12") && ru.contains("15") && !ru.contains("three-kings"), "{ru}");
        g.result = Some(GameResult { winner: None, reason: EndReason::MoveLimit { rule: "thirty-move".into() } });
        assert!(
            result_text(&g, UserId(7), Lang::En).contains("kings on both sides and 4–5 pieces in all, 30 moves each")
        );
        g.variant = VariantId::Spanish;
        g.result = Some(GameResult { winner: None, reason: EndReason::MoveLimit { rule: "king-moves".into() } });
        assert!(result_text(&g, UserId(7), Lang::Es).contains("20 jugadas por bando sin capturas"));
        // A rule id the variant does not have is shown as it is, escaped.
        g.result = Some(GameResult { winner: None, reason: EndReason::MoveLimit { rule: "<old>".into() } });
        assert!(result_text(&g, UserId(7), Lang::En).contains("&lt;old&gt;"));
    }

    /// Each theme of the settings draws its own picture.
    #[test]
    fn every_theme_choice_draws_a_different_board() {
        let g = game();
        let mut pictures = Vec::new();
        for theme in [ThemeChoice::Classic, ThemeChoice::Wood, ThemeChoice::Contrast] {
            let prefs = Prefs { theme, ..Prefs::default() };
            let look = Look::of(Lang::En, &prefs, &g, UserId(7), false);
            let m = compose(&g, UserId(7), &look, &Step::Idle { refused: None }, false, true).unwrap();
            pictures.push(m.png.expect("a picture"));
        }
        assert!(pictures[0] != pictures[1] && pictures[1] != pictures[2] && pictures[0] != pictures[2]);
    }

    #[test]
    fn orientation_follows_the_viewers_side() {
        let g = game();
        let p = Prefs::default();
        assert!(!Look::of(Lang::En, &p, &g, UserId(7), false).flip);
        assert!(Look::of(Lang::En, &p, &g, UserId(7), true).flip);
        let mut black = g.clone();
        std::mem::swap(&mut black.white, &mut black.black);
        assert!(Look::of(Lang::En, &p, &black, UserId(7), false).flip);
        let fixed = Prefs { orientation: Orientation::White, ..Prefs::default() };
        assert!(!Look::of(Lang::En, &fixed, &black, UserId(7), false).flip);
    }
}
