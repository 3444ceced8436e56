//! A game as the page sees it: the stored game plus, for the viewer, the board picture oriented
//! for them and the moves they may make now.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::game::model::{Game, GameId, GameResult, Offers, Player, Status};
use crate::game::service::GameError;
use crate::game::store::StoreError;
use crate::game::{Color, UserId, VariantId};
use crate::render::{BoardView, Theme, board_svg};
use crate::rules::{GameState, Move, Piece, Position, Role};

#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// "human", "engine" or "open" (a seat nobody has taken yet).
    pub kind: &'static str,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The viewer sits here.
    pub you: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    pub from: String,
    pub to: String,
    /// Every landing square, the last one being `to`.
    pub path: Vec<String>,
    pub captures: Vec<String>,
    /// The move in notation; what `POST /api/games/{id}/moves` takes.
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct VariantView {
    pub id: VariantId,
    pub name_en: &'static str,
    pub name_es: &'static str,
}

impl VariantView {
    pub fn of(id: VariantId) -> VariantView {
        let rules = id.rules();
        VariantView { id, name_en: rules.name_en, name_es: rules.name_es }
    }
}

/// How the viewer asked for the board: colours and which side at the bottom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    pub theme: Theme,
    /// Turned around from the viewer's own side (a player sees their own pieces at the bottom).
    pub turned: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub id: GameId,
    pub variant: VariantView,
    pub status: Status,
    pub version: u64,
    pub ply: u32,
    pub turn: Color,
    pub white: PlayerView,
    pub black: PlayerView,
    /// The colours the viewer plays (none for a spectator).
    pub you: Vec<Color>,
    /// The picture shows Black at the bottom.
    pub flip: bool,
    /// The board was turned around at the viewer's request.
    pub turned: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    pub offers: Offers,
    pub moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<MoveView>,
    /// Legal moves, only when it is the viewer's turn.
    pub legal: Vec<MoveView>,
    /// The viewer may take the open seat.
    pub can_join: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<GameId>,
    /// What stands on each occupied square: `wm`, `wk`, `bm` or `bk` (white/black man/king).
    pub pieces: BTreeMap<String, &'static str>,
    /// The board, the same SVG the PNG pictures are rendered from.
    pub svg: String,
}

fn piece_code(piece: Piece) -> &'static str {
    match (piece.color, piece.role) {
        (Color::White, Role::Man) => "wm",
        (Color::White, Role::King) => "wk",
        (Color::Black, Role::Man) => "bm",
        (Color::Black, Role::King) => "bk",
    }
}

fn player_view(p: &Player, viewer: UserId) -> PlayerView {
    match p {
        Player::Human { id, name } => PlayerView { kind: "human", name: name.clone(), level: None, you: *id == viewer },
        Player::Engine { level } => {
            PlayerView { kind: "engine", name: p.display_name(), level: Some(*level), you: false }
        }
        Player::Open => PlayerView { kind: "open", name: String::new(), level: None, you: false },
    }
}

fn corrupt(game: &Game, detail: impl std::fmt::Display) -> GameError {
    GameError::Store(StoreError::Corrupt(format!("game {}: {detail}", game.id)))
}

/// The position after the first `ply` moves, with the move that led to it.
pub fn position_at(game: &Game, ply: usize) -> Result<(GameState, Option<Move>), GameError> {
    let start = Position::from_fen(game.variant, &game.start_fen).map_err(|e| corrupt(game, e))?;
    let mut state = GameState::new(start);
    let mut last = None;
    for (i, text) in game.moves.iter().take(ply).enumerate() {
        let mv = state.position().parse_move(text).map_err(|e| corrupt(game, format!("move {} {text}: {e}", i + 1)))?;
        state.play(&mv);
        last = Some(mv);
    }
    Ok((state, last))
}

fn move_view(pos: &Position, mv: &Move, text: String) -> MoveView {
    let rules = pos.rules();
    let name = |s| rules.square_name(s);
    MoveView {
        from: name(mv.from()),
        to: name(mv.to()),
        path: mv.path().iter().map(|&s| name(s)).collect(),
        captures: mv.captures().iter().map(|&s| name(s)).collect(),
        text,
    }
}

/// The game for `viewer`, its board drawn as `look` asks.
pub fn build(game: &Game, viewer: UserId, look: Look) -> Result<GameView, GameError> {
    let you = game.colors_of(viewer);
    let flip = (you.as_slice() == [Color::Black]) != look.turned;
    let before_last = game.moves.len().saturating_sub(1);
    let (before, _) = position_at(game, before_last)?;
    let (state, last) = if game.moves.is_empty() {
        (before.clone(), None)
    } else {
        let text = &game.moves[before_last];
        let mv = before.position().parse_move(text).map_err(|e| corrupt(game, format!("move {text}: {e}")))?;
        let mut after = before.clone();
        after.play(&mv);
        (after, Some(mv))
    };
    let pos = *state.position();
    // The stored text is the notation written when the move was played.
    let last_view = last
        .as_ref()
        .map(|mv| move_view(before.position(), mv, game.moves.get(before_last).cloned().unwrap_or_default()));
    let my_turn = game.status == Status::Active && game.player(game.turn).user() == Some(viewer);
    let legal = if my_turn {
        let moves = pos.legal_moves();
        let texts = pos.notations(&moves);
        moves.iter().zip(texts).map(|(mv, text)| move_view(&pos, mv, text)).collect()
    } else {
        Vec::new()
    };
    let mut board = BoardView::new(pos).flipped(flip).theme(look.theme).screen_numbers(true);
    if let Some(mv) = &last {
        board = board.last_move(mv);
    }
    if game.status != Status::Active {
        board.must_capture.clear();
        board.show_turn = false;
    }
    let can_join = game.status == Status::Waiting && you.is_empty();
    let rules = pos.rules();
    let pieces = pos.pieces().map(|(sq, p)| (rules.square_name(sq), piece_code(p))).collect();
    Ok(GameView {
        id: game.id.clone(),
        variant: VariantView::of(game.variant),
        status: game.status,
        version: game.version,
        ply: game.ply,
        turn: game.turn,
        white: player_view(&game.white, viewer),
        black: player_view(&game.black, viewer),
        you,
        flip,
        turned: look.turned,
        result: game.result.clone(),
        offers: game.offers.clone(),
        moves: game.moves.clone(),
        last: last_view,
        legal,
        can_join,
        rematch: game.rematch.clone(),
        pieces,
        svg: board_svg(&board),
    })
}

/// What the page shows of a puzzle besides the board.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleInfo {
    /// Its place in the variant's set (none for a puzzle from one of the user's own games).
    pub number: Option<usize>,
    pub own: bool,
    pub rating: u32,
    /// The user's puzzle rating.
    pub your_rating: i64,
    /// Solver's moves found so far and in all.
    pub found: usize,
    pub total: usize,
    /// The line is done (solved or shown): the board takes no more moves.
    pub done: bool,
}

/// A puzzle as the page sees it: the same shape as a game (so the board works the same way), with
/// `puzzle` added.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleView {
    #[serde(flatten)]
    pub board: GameView,
    pub puzzle: PuzzleInfo,
}

/// The running puzzle `run` for a user whose puzzle rating is `rating`.
pub fn build_puzzle(run: &crate::game::puzzles::Run, rating: f64, look: Look) -> Result<PuzzleView, GameError> {
    let missing = || GameError::NotFound;
    let puzzle = run.puzzle().ok_or_else(missing)?;
    let start = Position::from_fen(run.variant, &puzzle.fen).map_err(|_| missing())?;
    let solver = start.side_to_move();
    let mut pos = start;
    let mut last = None;
    let shown = run.step.min(puzzle.line.len());
    for text in &puzzle.line[..shown] {
        let mv = pos.parse_move(text).map_err(|_| missing())?;
        last = Some((pos, mv, text.clone()));
        pos = pos.play(&mv);
    }
    let done = run.step >= puzzle.line.len();
    let legal = if done {
        Vec::new()
    } else {
        let moves = pos.legal_moves();
        let texts = pos.notations(&moves);
        moves.iter().zip(texts).map(|(mv, text)| move_view(&pos, mv, text)).collect()
    };
    let flip = (solver == Color::Black) != look.turned;
    let mut board = BoardView::new(pos).flipped(flip).theme(look.theme).screen_numbers(true);
    if let Some((_, mv, _)) = &last {
        board = board.last_move(mv);
    }
    if done {
        board.must_capture.clear();
        board.show_turn = false;
    }
    let seat = |color: Color| PlayerView { kind: "human", name: String::new(), level: None, you: color == solver };
    let rules = pos.rules();
    let (found, total) = run.progress();
    Ok(PuzzleView {
        board: GameView {
            id: GameId::parse("puzzle").map_err(|_| missing())?,
            variant: VariantView::of(run.variant),
            status: if done { Status::Finished } else { Status::Active },
            version: run.step as u64,
            ply: shown as u32,
            turn: pos.side_to_move(),
            white: seat(Color::White),
            black: seat(Color::Black),
            you: vec![solver],
            flip,
            turned: look.turned,
            result: None,
            offers: Offers::default(),
            moves: puzzle.line[..shown].to_vec(),
            last: last.map(|(before, mv, text)| move_view(&before, &mv, text)),
            legal,
            can_join: false,
            rematch: None,
            pieces: pos.pieces().map(|(sq, p)| (rules.square_name(sq), piece_code(p))).collect(),
            svg: board_svg(&board),
        },
        puzzle: PuzzleInfo {
            number: run.own.is_none().then_some(run.index + 1),
            own: run.own.is_some(),
            rating: puzzle.rating,
            your_rating: rating.round() as i64,
            found,
            total,
            done,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(variant: VariantId, moves: &[&str]) -> Game {
        let start = Position::start(variant);
        let mut g = Game::new(
            GameId::parse("abc").unwrap(),
            variant,
            start.to_fen(),
            start.side_to_move(),
            Player::human(7, "Ana"),
            Player::Engine { level: 1 },
            0,
        );
        let mut state = GameState::new(start);
        for m in moves {
            let mv = state.position().parse_move(m).unwrap();
            state.play(&mv);
            g.moves.push(m.to_string());
        }
        g.fen = state.position().to_fen();
        g.turn = state.position().side_to_move();
        g.ply = g.moves.len() as u32;
        g
    }

    #[test]
    fn viewer_to_move_gets_legal_moves_and_picture() {
        let g = game(VariantId::International, &[]);
        let v = build(&g, UserId(7), Look::default()).unwrap();
        assert_eq!(v.legal.len(), 9, "nine opening moves in international draughts");
        assert!(v.legal.iter().all(|m| m.text == format!("{}-{}", m.from, m.to)));
        assert!(v.svg.contains("data-sq=\"32\""));
        assert!(!v.flip);
        assert!(v.white.you && !v.black.you);
        // Someone else sees the same board without moves.
        let other = build(&g, UserId(8), Look::default()).unwrap();
        assert!(other.legal.is_empty() && other.you.is_empty());
    }

    #[test]
    fn last_move_and_black_orientation() {
        let mut g = game(VariantId::International, &["32-28"]);
        std::mem::swap(&mut g.white, &mut g.black);
        let v = build(&g, UserId(7), Look { theme: Theme::Dark, turned: false }).unwrap();
        assert!(v.flip);
        let last = v.last.unwrap();
        assert_eq!((last.from.as_str(), last.to.as_str()), ("32", "28"));
        assert_eq!(v.legal.len(), 9);
        assert!(v.svg.contains("class=\"last\""));
        assert_eq!(v.pieces.get("28"), Some(&"wm"));
        assert_eq!(v.pieces.get("32"), None);
        assert_eq!(v.pieces.len(), 40);
        // Turned around, Black's player sees White at the bottom.
        let turned = build(&g, UserId(7), Look { theme: Theme::Dark, turned: true }).unwrap();
        assert!(!turned.flip && turned.turned);
    }

    #[test]
    fn position_at_stops_at_ply() {
        let g = game(VariantId::English, &["11-15", "23-19"]);
        let (s, last) = position_at(&g, 1).unwrap();
        assert_eq!(s.position().side_to_move(), Color::White);
        assert!(last.is_some());
        let (s0, none) = position_at(&g, 0).unwrap();
        assert_eq!(*s0.position(), Position::start(VariantId::English));
        assert!(none.is_none());
    }
}
