//! What a service call did to a game: the game as written and the events that led there. The
//! events are read off the game before and after the change, so every way of changing a game
//! (a move, an offer, the sweeper) reports them the same way.

use std::ops::Deref;

use crate::game::model::{Game, GameId, Player, Status};
use crate::rules::Color;

/// One thing that happened to a game in a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The game was stored for the first time (a game against the engine, a challenge, a rematch).
    Created,
    /// The open seat of a challenge was taken: the game has begun.
    Joined {
        color: Color,
    },
    /// A move was played by the side `color` (a person or the engine).
    Moved {
        color: Color,
        notation: String,
    },
    /// Moves were taken back, `plies` of them.
    TakenBack {
        plies: usize,
    },
    DrawOffered {
        by: Color,
    },
    DrawDeclined,
    TakebackOffered {
        by: Color,
    },
    TakebackDeclined,
    RematchOffered {
        by: Color,
    },
    /// The rematch game exists.
    RematchStarted {
        game: GameId,
    },
    /// A message showing the game was recorded.
    ViewAdded,
    /// The game is over: finished with a result, or aborted.
    Ended,
}

/// The answer of a service call that changed a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The game as written, with its new version.
    pub game: Game,
    /// What happened, in order; empty only when nothing was written.
    pub events: Vec<Event>,
}

impl Applied {
    /// The change from `before` (`None`: a new game) to the written `after`.
    pub fn between(before: Option<&Game>, after: Game) -> Applied {
        let events = events_between(before, &after);
        Applied { game: after, events }
    }

    /// A call that wrote nothing: the game as it is.
    pub fn unchanged(game: Game) -> Applied {
        Applied { game, events: Vec::new() }
    }

    /// This change followed by `later` (the engine's reply to a move, say).
    pub fn then(mut self, later: Applied) -> Applied {
        self.events.extend(later.events);
        Applied { game: later.game, events: self.events }
    }

    /// Whether the change ended the game.
    pub fn ended(&self) -> bool {
        self.events.contains(&Event::Ended)
    }

    pub fn into_game(self) -> Game {
        self.game
    }
}

impl Deref for Applied {
    type Target = Game;

    fn deref(&self) -> &Game {
        &self.game
    }
}

impl From<Applied> for Game {
    fn from(applied: Applied) -> Game {
        applied.game
    }
}

/// The events that turn `before` into `after`.
pub fn events_between(before: Option<&Game>, after: &Game) -> Vec<Event> {
    let mut events = Vec::new();
    let Some(before) = before else {
        events.push(Event::Created);
        if after.is_over() {
            events.push(Event::Ended);
        }
        return events;
    };
    if before.status == Status::Waiting && after.status == Status::Active {
        let seat = [Color::White, Color::Black].into_iter().find(|c| *before.player(*c) == Player::Open);
        events.push(Event::Joined { color: seat.unwrap_or(after.turn) });
    }
    let kept = before.moves.iter().zip(&after.moves).take_while(|(a, b)| a == b).count();
    if kept < before.moves.len() {
        events.push(Event::TakenBack { plies: before.moves.len() - kept });
    }
    for (i, notation) in after.moves.iter().enumerate().skip(kept) {
        // The side to move after the last move is known; the sides alternate before it.
        let from_end = after.moves.len() - i;
        let color = if from_end % 2 == 1 { after.turn.opposite() } else { after.turn };
        events.push(Event::Moved { color, notation: notation.clone() });
    }
    offer_events(before, after, &mut events);
    if after.rematch.is_some() && before.rematch != after.rematch {
        events.extend(after.rematch.clone().map(|game| Event::RematchStarted { game }));
    }
    if after.views.len() > before.views.len() || after.views.iter().any(|v| !before.views.contains(v)) {
        events.push(Event::ViewAdded);
    }
    if after.is_over() && !before.is_over() {
        events.push(Event::Ended);
    }
    events
}

fn offer_events(before: &Game, after: &Game, events: &mut Vec<Event>) {
    let moved = before.moves != after.moves;
    let ended = after.is_over();
    match (before.offers.draw, after.offers.draw) {
        (None, Some(by)) => events.push(Event::DrawOffered { by }),
        // An offer lapses with a move or the end of the game; otherwise it was declined.
        (Some(_), None) if !moved && !ended => events.push(Event::DrawDeclined),
        _ => {}
    }
    match (before.offers.takeback, after.offers.takeback) {
        (None, Some(by)) => events.push(Event::TakebackOffered { by }),
        (Some(_), None) if !moved && !ended => events.push(Event::TakebackDeclined),
        _ => {}
    }
    if let (None, Some(by)) = (before.offers.rematch, after.offers.rematch) {
        events.push(Event::RematchOffered { by });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::model::{EndReason, GameResult, MessageRef, UserId};
    use crate::game::{ChatId, VariantId};
    use crate::rules::Position;

    fn game() -> Game {
        let start = Position::start(VariantId::English);
        Game::new(
            GameId::random(),
            VariantId::English,
            start.to_fen(),
            start.side_to_move(),
            Player::Human { id: UserId(1), name: "Ana".into() },
            Player::Open,
            0,
        )
    }

    fn played(mut game: Game, moves: &[&str]) -> Game {
        for m in moves {
            game.moves.push((*m).to_owned());
            game.turn = game.turn.opposite();
        }
        game
    }

    #[test]
    fn a_new_game_is_created() {
        assert_eq!(events_between(None, &game()), vec![Event::Created]);
    }

    #[test]
    fn joining_starts_the_game_on_the_open_seat() {
        let before = game();
        let mut after = before.clone();
        after.black = Player::Human { id: UserId(2), name: "Bo".into() };
        after.status = Status::Active;
        assert_eq!(events_between(Some(&before), &after), vec![Event::Joined { color: Color::Black }]);
    }

    #[test]
    fn moves_are_reported_with_the_side_that_made_them() {
        let mut before = game();
        before.status = Status::Active;
        let first = before.turn;
        let after = played(before.clone(), &["11-15", "23-19"]);
        assert_eq!(
            events_between(Some(&before), &after),
            vec![
                Event::Moved { color: first, notation: "11-15".into() },
                Event::Moved { color: first.opposite(), notation: "23-19".into() },
            ]
        );
    }

    #[test]
    fn a_takeback_then_a_new_move() {
        let mut start = game();
        start.status = Status::Active;
        let before = played(start.clone(), &["11-15", "23-19"]);
        let after = played(start, &["11-16"]);
        let events = events_between(Some(&before), &after);
        assert_eq!(events[0], Event::TakenBack { plies: 2 });
        assert!(matches!(&events[1], Event::Moved { notation, .. } if notation == "11-16"));
    }

    #[test]
    fn offers_made_and_declined_and_lapsing() {
        let mut before = game();
        before.status = Status::Active;
        let mut offered = before.clone();
        offered.offers.draw = Some(Color::White);
        assert_eq!(events_between(Some(&before), &offered), vec![Event::DrawOffered { by: Color::White }]);
        assert_eq!(events_between(Some(&offered), &before), vec![Event::DrawDeclined]);
        // A move lets the offer lapse: no decline.
        let mut moved = played(before.clone(), &["11-15"]);
        moved.offers.draw = None;
        assert!(!events_between(Some(&offered), &moved).contains(&Event::DrawDeclined));
    }

    #[test]
    fn the_end_is_reported_once() {
        let mut before = game();
        before.status = Status::Active;
        let mut after = before.clone();
        after.status = Status::Finished;
        after.result = Some(GameResult { winner: Some(Color::White), reason: EndReason::Resignation });
        let applied = Applied::between(Some(&before), after.clone());
        assert!(applied.ended());
        // Writing a finished game again (a rematch offer) does not end it again.
        let mut again = after.clone();
        again.offers.rematch = Some(Color::Black);
        assert_eq!(events_between(Some(&after), &again), vec![Event::RematchOffered { by: Color::Black }]);
    }

    #[test]
    fn views_and_rematches() {
        let before = game();
        let mut after = before.clone();
        after.views.push(MessageRef::Chat { chat_id: ChatId(-5), message_id: 3 });
        assert_eq!(events_between(Some(&before), &after), vec![Event::ViewAdded]);
        let mut rematched = before.clone();
        let fresh = GameId::random();
        rematched.rematch = Some(fresh.clone());
        assert_eq!(events_between(Some(&before), &rematched), vec![Event::RematchStarted { game: fresh }]);
    }
}
