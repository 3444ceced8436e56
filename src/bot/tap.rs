//! What a tap on a board must pass before it changes anything, on a private board and on a card
//! alike: the game still there, the tapper one of its players, the board not outdated, their turn.

use teloxide::prelude::*;
use teloxide::types::CallbackQuery;

use super::Ctx;
use super::callback::{Action, BoardData};
use super::telegram::call;
use crate::game::service::GameError;
use crate::game::{Game, GameId, UserId};

/// Checks a player's tap against the game it names: the refusal is the service's own error, so it
/// is worded like every other refusal (see [`super::refusal`]).
pub fn vet(game: &Game, user: UserId, data: &BoardData) -> Result<(), GameError> {
    if game.colors_of(user).is_empty() {
        return Err(GameError::NotAPlayer);
    }
    let action = data.action();
    let needs_current = matches!(action, Action::Pick(_) | Action::Resign | Action::ConfirmResign | Action::OfferDraw);
    if needs_current && game.is_over() {
        return Err(GameError::GameOver);
    }
    if needs_current && data.ply() != game.ply {
        return Err(GameError::Stale);
    }
    if matches!(action, Action::Pick(_)) && game.player(game.turn).user() != Some(user) {
        return Err(GameError::NotYourTurn);
    }
    Ok(())
}

/// The game a board tap names, if it still exists.
pub async fn tapped_game(ctx: &Ctx, data: &BoardData) -> Option<Game> {
    let id = GameId::parse(data.game()).ok()?;
    ctx.games.get(&id).await.ok()
}

/// Answers a tap, with a short notice or silently.
pub async fn answer(bot: &Bot, q: &CallbackQuery, text: Option<String>) {
    let mut request = bot.answer_callback_query(q.id.clone());
    if let Some(text) = text {
        request = request.text(text);
    }
    if let Err(e) = call(request).await {
        tracing::warn!(error = %e, "answerCallbackQuery failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::callback::Coord;
    use crate::game::{Player, Status};
    use crate::rules::{Color, Position, VariantId};

    fn game() -> Game {
        let start = Position::start(VariantId::Russian);
        Game::new(
            GameId::random(),
            VariantId::Russian,
            start.to_fen(),
            Color::White,
            Player::human(1, "a"),
            Player::human(2, "b"),
            0,
        )
    }

    fn tap(game: &Game, ply: u32, action: Action) -> BoardData {
        BoardData::new(game.id.as_str(), ply, action).unwrap()
    }

    #[test]
    fn only_the_players_tap_and_only_on_the_current_board() {
        let g = game();
        let pick = Action::Pick(vec![Coord { row: 5, col: 0 }]);
        assert_eq!(vet(&g, UserId(1), &tap(&g, 0, pick.clone())), Ok(()));
        assert_eq!(vet(&g, UserId(3), &tap(&g, 0, pick.clone())), Err(GameError::NotAPlayer));
        assert_eq!(vet(&g, UserId(2), &tap(&g, 0, pick.clone())), Err(GameError::NotYourTurn));
        assert_eq!(vet(&g, UserId(1), &tap(&g, 3, pick.clone())), Err(GameError::Stale));
        // Flipping or answering an offer does not depend on the board shown.
        assert_eq!(vet(&g, UserId(2), &tap(&g, 3, Action::Flip)), Ok(()));
        let mut over = g.clone();
        over.status = Status::Finished;
        assert_eq!(vet(&over, UserId(1), &tap(&over, 0, Action::Resign)), Err(GameError::GameOver));
        assert_eq!(vet(&over, UserId(1), &tap(&over, 0, Action::Rematch)), Ok(()));
    }
}
