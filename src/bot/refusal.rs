//! Why the service said no, in the user's language: one wording per refusal, for the player's own
//! board and for the shared cards alike. The few refusals that read differently on a card, which
//! onlookers see too, take the card's wording there.

use super::i18n::{Lang, t, tf};
use super::views::{self, escape};
use crate::game::engine_gate::Busy;
use crate::game::service::{GameError, LimitKind};

/// Who reads the refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The player, in their private chat with the bot.
    Player,
    /// Whoever tapped or typed on a game's card in a group or an inline message.
    Card,
}

/// The text for a refusal of the service.
pub fn refusal(lang: Lang, error: &GameError, audience: Audience) -> String {
    use Audience::{Card, Player};
    let key = match (error, audience) {
        (GameError::Move(e), _) => return views::explain(lang, e),
        (GameError::Invalid(detail), _) => return tf(lang, "game-bad-position", &[("detail", &escape(detail))]),
        (GameError::Limit(kind), _) => return limit(lang, *kind),
        (GameError::GameOver, _) => "reason-game-over",
        (GameError::NotYourTurn, Player) => "game-not-your-turn",
        (GameError::NotYourTurn, Card) => "group-not-your-turn",
        (GameError::Stale, Player) => "game-stale",
        (GameError::Stale, Card) => "game-board-changed",
        (GameError::NotFound | GameError::NotAPlayer, Player) => "no-game",
        (GameError::NotFound, Card) => "game-gone",
        (GameError::NotAPlayer, Card) => "group-not-your-game",
        (GameError::NotStarted, _) => "group-not-started",
        (GameError::SeatTaken, _) => "challenge-taken",
        (GameError::OwnChallenge, _) => "challenge-own",
        (GameError::NotInvited, _) => "challenge-not-invited",
        (GameError::EngineDeclines, _) => "game-draw-declined",
        (GameError::AlreadyOffered, _) => "game-already-offered",
        (GameError::NoOffer, _) => "group-no-offer",
        (GameError::NotOver, _) => "game-not-over",
        (GameError::NothingToTakeBack, _) => "game-nothing-to-undo",
        (GameError::Busy(Busy::Queue), _) => "engine-busy",
        (GameError::Busy(Busy::User), _) => "engine-busy-user",
        (GameError::TooComplex, _) => "game-too-complex",
        (other, _) => {
            tracing::error!(error = %other, "game request failed");
            "error-generic"
        }
    };
    t(lang, key)
}

fn limit(lang: Lang, kind: LimitKind) -> String {
    match kind {
        LimitKind::OpenPerUser(n) => tf(lang, "limit-open-user", &[("n", &n)]),
        LimitKind::GamesPerUser(n) | LimitKind::AnyGamesPerUser(n) => tf(lang, "limit-games-user", &[("n", &n)]),
        LimitKind::OpenPerChat(n) => tf(lang, "limit-open-chat", &[("n", &n)]),
        LimitKind::GamesPerChat(n) => tf(lang, "limit-games-chat", &[("n", &n)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::StoreError;

    #[test]
    fn onlookers_and_players_read_their_own_wording() {
        for lang in Lang::ALL {
            for error in [GameError::NotYourTurn, GameError::Stale, GameError::NotAPlayer, GameError::NotFound] {
                let (player, card) = (refusal(lang, &error, Audience::Player), refusal(lang, &error, Audience::Card));
                assert!(!player.is_empty() && !card.is_empty());
                assert_ne!(player, card, "{error:?} in {lang:?}");
            }
            // Everything else reads the same wherever it is said.
            let same = refusal(lang, &GameError::AlreadyOffered, Audience::Player);
            assert_eq!(same, refusal(lang, &GameError::AlreadyOffered, Audience::Card));
        }
    }

    #[test]
    fn every_refusal_has_a_text_and_failures_get_the_generic_one() {
        let generic = t(Lang::En, "error-generic");
        let errors = [
            GameError::GameOver,
            GameError::NotStarted,
            GameError::SeatTaken,
            GameError::OwnChallenge,
            GameError::NotInvited,
            GameError::EngineDeclines,
            GameError::NoOffer,
            GameError::NotOver,
            GameError::NothingToTakeBack,
            GameError::Busy(Busy::Queue),
            GameError::Busy(Busy::User),
            GameError::TooComplex,
            GameError::Limit(LimitKind::OpenPerChat(3)),
            GameError::Invalid("no kings here".into()),
        ];
        for error in errors {
            let text = refusal(Lang::En, &error, Audience::Player);
            assert!(!text.is_empty() && text != generic, "{error:?}: {text}");
        }
        assert!(refusal(Lang::En, &GameError::Limit(LimitKind::OpenPerChat(3)), Audience::Card).contains('3'));
        assert_eq!(
            refusal(Lang::En, &GameError::Store(StoreError::Unavailable("down".into())), Audience::Card),
            generic
        );
    }
}
