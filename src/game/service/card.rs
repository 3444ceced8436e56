//! Challenges behind a message that exists before its game: an inline card is sent by Telegram
//! first and reported later, so the game is created by whichever update about the card comes
//! first (the chosen result, an early Accept, a Cancel), and only once.

use std::time::Duration;

use super::{Applied, Challenge, GameError, GameService, Limits};
use crate::game::model::{GameId, MessageRef};

/// How long a card remembers its game: as long as anyone may still tap it.
const CARD_TTL: Duration = Duration::from_secs(7 * 86_400);
/// How long an update waits for another one that is creating the card's game.
const WAIT_STEP: Duration = Duration::from_millis(100);
const WAIT_STEPS: usize = 50;

/// The card's game, once created.
fn game_key(card: &str) -> String {
    format!("inline:{card}")
}

/// Held by the update creating the card's game (or withdrawing the card before it has one).
fn creation_key(card: &str) -> String {
    format!("inline-new:{card}")
}

impl GameService {
    /// The challenge shown on the inline message `card_id`, created from `request` by the first
    /// caller; the card is the game's first view. A refused creation (a limit) leaves the card free
    /// for a later try.
    pub async fn card_challenge(
        &self,
        card_id: &str,
        request: Challenge,
        limits: &Limits,
    ) -> Result<Applied, GameError> {
        let kv = self.key_values();
        for _ in 0..WAIT_STEPS {
            if let Some(id) = self.card_game(card_id).await? {
                return Ok(Applied::unchanged(self.get(&id).await?));
            }
            if kv.kv_cas(&creation_key(card_id), None, Some("1"), CARD_TTL).await? {
                let created = match self.issue_challenge(request, limits).await {
                    Ok(created) => created,
                    Err(e) => {
                        kv.kv_delete(&creation_key(card_id)).await?;
                        return Err(e);
                    }
                };
                let card = MessageRef::Inline { inline_message_id: card_id.to_owned() };
                let shown = self.add_view(&created.id, card).await?;
                kv.kv_set(&game_key(card_id), created.id.as_str(), CARD_TTL).await?;
                return Ok(created.then(shown));
            }
            // Another update is creating it right now.
            tokio::time::sleep(WAIT_STEP).await;
        }
        Err(GameError::Stale)
    }

    /// The game of a card that is being withdrawn, if it has one. From now on nobody creates one
    /// for it; when another update is creating it right now, waits for it, so that the withdrawal
    /// cancels that game instead of racing it.
    pub async fn withdraw_card(&self, card_id: &str) -> Result<Option<GameId>, GameError> {
        let kv = self.key_values();
        let mut asked = false;
        for _ in 0..WAIT_STEPS {
            if let Some(id) = self.card_game(card_id).await? {
                return Ok(Some(id));
            }
            if !asked {
                if kv.kv_cas(&creation_key(card_id), None, Some("1"), CARD_TTL).await? {
                    return Ok(None);
                }
                asked = true;
            }
            tokio::time::sleep(WAIT_STEP).await;
        }
        Ok(None)
    }

    async fn card_game(&self, card_id: &str) -> Result<Option<GameId>, GameError> {
        let stored = self.key_values().kv_get(&game_key(card_id)).await?;
        Ok(stored.and_then(|id| GameId::parse(&id).ok()))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::UserId;
    use crate::game::service::LimitKind;
    use crate::game::service::testing;
    use crate::i18n::Lang;
    use crate::rules::VariantId;

    fn service() -> Arc<GameService> {
        Arc::new(testing::service())
    }

    const LIMITS: Limits = Limits { open_per_user: 1, games_per_user: 5, open_per_chat: 5, games_per_chat: 5 };

    fn request(user: u64) -> Challenge {
        Challenge {
            user: UserId(user),
            name: format!("u{user}"),
            variant: VariantId::Russian,
            color: None,
            chat: None,
            opponent: None,
            fen: None,
            lang: Some(Lang::Es),
        }
    }

    fn card(id: &str) -> MessageRef {
        MessageRef::Inline { inline_message_id: id.to_owned() }
    }

    #[tokio::test]
    async fn updates_about_one_card_share_one_game() {
        let games = service();
        let tries: Vec<_> = (0..4)
            .map(|_| {
                let games = games.clone();
                tokio::spawn(async move { games.card_challenge("m1", request(1), &LIMITS).await })
            })
            .collect();
        let mut ids = Vec::new();
        for t in tries {
            ids.push(t.await.unwrap().unwrap().id.clone());
        }
        ids.dedup();
        assert_eq!(ids.len(), 1, "{ids:?}");
        let game = games.get(&ids[0]).await.unwrap();
        assert_eq!(game.views, vec![card("m1")]);
        assert_eq!(game.lang, Some(Lang::Es));
    }

    #[tokio::test]
    async fn a_refused_card_can_be_tried_again() {
        let games = service();
        games.card_challenge("m1", request(1), &LIMITS).await.unwrap();
        let refused = games.card_challenge("m2", request(1), &LIMITS).await;
        assert!(matches!(refused, Err(GameError::Limit(LimitKind::OpenPerUser(1)))), "{refused:?}");
        // The first challenge is withdrawn: the second card may now be created.
        let first = games.withdraw_card("m1").await.unwrap().unwrap();
        games.cancel_challenge(&first, UserId(1)).await.unwrap();
        let second = games.card_challenge("m2", request(1), &LIMITS).await.unwrap();
        assert_ne!(second.id, first);
    }

    #[tokio::test]
    async fn a_card_withdrawn_before_its_game_gets_none() {
        let games = service();
        assert_eq!(games.withdraw_card("m1").await.unwrap(), None);
        // The withdrawal holds the creation: a late Accept waits (and in the end gives up) and
        // creates nothing.
        let late = tokio::time::timeout(Duration::from_millis(350), games.card_challenge("m1", request(1), &LIMITS));
        assert!(late.await.is_err(), "a withdrawn card got a game");
        assert!(games.active(UserId(1)).await.unwrap().is_empty());
    }
}
