//! The daily puzzle of a group: switched on per chat, one puzzle a day (the same for every chat of a
//! variant), one try per person, the people who found it listed in order.

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::model::{ChatId, UserId};
use super::puzzles::{move_choices, puzzles};
use super::service::GameError;
use super::store::KeyValues;
use crate::engine::SplitMix;
use crate::engine::tactics::Puzzle;
use crate::rules::{Position, VariantId};

/// How long a chat's subscription lasts without being renewed (it is renewed with every card).
const KEEP: Duration = Duration::from_secs(365 * 86_400);
/// How long a card and the tries at it are kept: past the next day's card, so late taps are told.
const CARD_KEEP: Duration = Duration::from_secs(3 * 86_400);
/// Names listed on a card at most; the count goes on.
pub const LISTED_SOLVERS: usize = 20;
/// Compare-and-set attempts before giving up on a busy card.
const RETRIES: usize = 8;

/// A chat's daily puzzle settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subscription {
    pub variant: VariantId,
    /// The language the cards are written in (that of whoever switched it on).
    pub lang: String,
}

/// The day's puzzle as posted in a chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Days since 1970-01-01 (UTC).
    pub day: i64,
    pub variant: VariantId,
    /// Index in the variant's shipped set.
    pub index: usize,
    pub message_id: Option<i32>,
    /// Who found the move, first first (at most [`LISTED_SOLVERS`]).
    pub solvers: Vec<String>,
    pub solved: usize,
    pub tries: usize,
}

impl Card {
    pub fn puzzle(&self) -> Option<&'static Puzzle> {
        puzzles(self.variant).get(self.index)
    }

    pub fn position(&self) -> Option<Position> {
        Position::from_fen(self.variant, &self.puzzle()?.fen).ok()
    }
}

/// What a tap on a card did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The move: the card now lists the person (`card` as it stands).
    Right(Card),
    Wrong(Card),
    /// The person had their try today already.
    AlreadyTried,
    /// The tap was on another day's card, or on a move that is not there.
    Stale,
}

/// The day (days since 1970-01-01, UTC) of a unix time.
pub fn day_of(unix: i64) -> i64 {
    unix.div_euclid(86_400)
}

/// `YYYY-MM-DD` for a day number (the proleptic Gregorian calendar).
pub fn date_label(day: i64) -> String {
    let (y, m, d) = super::calendar::civil_date(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The puzzle of `day` for `variant`: the same in every chat, a different one every day.
pub fn puzzle_of_day(variant: VariantId, day: i64) -> Option<usize> {
    let set = puzzles(variant);
    if set.is_empty() {
        return None;
    }
    let variant_seed = VariantId::ALL.iter().position(|v| *v == variant).unwrap_or(0) as u64;
    Some(SplitMix::new((day as u64).wrapping_mul(1_000_003) ^ variant_seed).below(set.len()))
}

fn subscription_key(chat: ChatId) -> String {
    format!("daily:{}", chat.0)
}

fn card_key(chat: ChatId) -> String {
    format!("daily-card:{}", chat.0)
}

const CHATS_KEY: &str = "daily-chats";

pub struct DailyService {
    store: Arc<dyn KeyValues>,
}

impl DailyService {
    pub fn new(store: Arc<dyn KeyValues>) -> DailyService {
        DailyService { store }
    }

    pub async fn subscription(&self, chat: ChatId) -> Result<Option<Subscription>, GameError> {
        Ok(self.store.kv_get(&subscription_key(chat)).await?.and_then(|t| serde_json::from_str(&t).ok()))
    }

    /// Switches the daily puzzle on in `chat` (or changes its variant or language).
    pub async fn switch_on(&self, chat: ChatId, subscription: &Subscription) -> Result<(), GameError> {
        if puzzles(subscription.variant).is_empty() {
            return Err(GameError::Invalid(format!("no puzzles for {}", subscription.variant)));
        }
        let text = serde_json::to_string(subscription).map_err(|e| GameError::Internal(e.to_string()))?;
        self.store.kv_set(&subscription_key(chat), &text, KEEP).await?;
        self.edit_chats(|chats| {
            if !chats.contains(&chat.0) {
                chats.push(chat.0);
            }
        })
        .await
    }

    /// Switches it off; false when it was not on.
    pub async fn switch_off(&self, chat: ChatId) -> Result<bool, GameError> {
        let was_on = self.subscription(chat).await?.is_some();
        self.store.kv_delete(&subscription_key(chat)).await?;
        self.edit_chats(|chats| chats.retain(|c| *c != chat.0)).await?;
        Ok(was_on)
    }

    /// The chats with the daily puzzle on.
    pub async fn chats(&self) -> Result<Vec<ChatId>, GameError> {
        Ok(self.read_chats().await?.1.into_iter().map(ChatId).collect())
    }

    async fn read_chats(&self) -> Result<(Option<String>, Vec<i64>), GameError> {
        let text = self.store.kv_get(CHATS_KEY).await?;
        let chats = text.as_deref().and_then(|t| serde_json::from_str(t).ok()).unwrap_or_default();
        Ok((text, chats))
    }

    async fn edit_chats(&self, change: impl Fn(&mut Vec<i64>)) -> Result<(), GameError> {
        for _ in 0..RETRIES {
            let (old, mut chats) = self.read_chats().await?;
            change(&mut chats);
            let new = serde_json::to_string(&chats).map_err(|e| GameError::Internal(e.to_string()))?;
            if self.store.kv_cas(CHATS_KEY, old.as_deref(), Some(&new), KEEP).await? {
                return Ok(());
            }
        }
        Err(GameError::Stale)
    }

    pub async fn card(&self, chat: ChatId) -> Result<Option<Card>, GameError> {
        Ok(self.store.kv_get(&card_key(chat)).await?.and_then(|t| serde_json::from_str(&t).ok()))
    }

    /// The chats whose card of `day` is still to be posted.
    pub async fn due(&self, day: i64) -> Result<Vec<(ChatId, Subscription)>, GameError> {
        let mut due = Vec::new();
        for chat in self.chats().await? {
            let Some(subscription) = self.subscription(chat).await? else { continue };
            if self.card(chat).await?.is_none_or(|c| c.day < day) {
                due.push((chat, subscription));
            }
        }
        Ok(due)
    }

    /// Makes `day`'s card for `chat` unless one is already made (by this process or another):
    /// `Some((card, the card it replaces))` for the one caller that should post it.
    pub async fn begin_card(
        &self,
        chat: ChatId,
        variant: VariantId,
        day: i64,
    ) -> Result<Option<(Card, Option<Card>)>, GameError> {
        let Some(index) = puzzle_of_day(variant, day) else {
            return Err(GameError::Invalid(format!("no puzzles for {variant}")));
        };
        let old_text = self.store.kv_get(&card_key(chat)).await?;
        let old: Option<Card> = old_text.as_deref().and_then(|t| serde_json::from_str(t).ok());
        if old.as_ref().is_some_and(|c| c.day >= day && c.variant == variant) {
            return Ok(None);
        }
        let card = Card { day, variant, index, message_id: None, solvers: Vec::new(), solved: 0, tries: 0 };
        let text = serde_json::to_string(&card).map_err(|e| GameError::Internal(e.to_string()))?;
        if !self.store.kv_cas(&card_key(chat), old_text.as_deref(), Some(&text), CARD_KEEP).await? {
            return Ok(None);
        }
        if let Some(subscription) = self.subscription(chat).await? {
            let renewed = serde_json::to_string(&subscription).map_err(|e| GameError::Internal(e.to_string()))?;
            self.store.kv_set(&subscription_key(chat), &renewed, KEEP).await?;
        }
        Ok(Some((card, old)))
    }

    /// Notes the message the card was posted as.
    pub async fn posted(&self, chat: ChatId, day: i64, message_id: i32) -> Result<(), GameError> {
        self.edit_card(chat, day, |card| card.message_id = Some(message_id)).await.map(|_| ())
    }

    async fn edit_card(&self, chat: ChatId, day: i64, change: impl Fn(&mut Card)) -> Result<Option<Card>, GameError> {
        for _ in 0..RETRIES {
            let Some(old) = self.store.kv_get(&card_key(chat)).await? else { return Ok(None) };
            let Some(mut card) = serde_json::from_str::<Card>(&old).ok().filter(|c| c.day == day) else {
                return Ok(None);
            };
            change(&mut card);
            let new = serde_json::to_string(&card).map_err(|e| GameError::Internal(e.to_string()))?;
            if self.store.kv_cas(&card_key(chat), Some(&old), Some(&new), CARD_KEEP).await? {
                return Ok(Some(card));
            }
        }
        Err(GameError::Stale)
    }

    /// `user` (shown as `name`) taps the move at `choice` in [`move_choices`] on the card of `day`.
    pub async fn attempt(
        &self,
        chat: ChatId,
        day: i64,
        user: UserId,
        name: &str,
        choice: usize,
    ) -> Result<Attempt, GameError> {
        let Some(card) = self.card(chat).await?.filter(|c| c.day == day) else { return Ok(Attempt::Stale) };
        let (Some(puzzle), Some(position)) = (card.puzzle(), card.position()) else { return Ok(Attempt::Stale) };
        let Some(tapped) = move_choices(&position).into_iter().nth(choice).and_then(|t| position.parse_move(&t).ok())
        else {
            return Ok(Attempt::Stale);
        };
        let Some(solution) = position.parse_move(&puzzle.solution).ok() else { return Ok(Attempt::Stale) };
        if !self
            .store
            .claim_once(&format!("daily-try:{}:{day}:{}:{user}", chat.0, card.variant.as_str()), CARD_KEEP)
            .await?
        {
            return Ok(Attempt::AlreadyTried);
        }
        let right = tapped.same_effect(&solution);
        let name: String = name.chars().take(40).collect();
        let card = self
            .edit_card(chat, day, |card| {
                card.tries += 1;
                if right {
                    card.solved += 1;
                    if card.solvers.len() < LISTED_SOLVERS {
                        card.solvers.push(name.clone());
                    }
                }
            })
            .await?;
        let Some(card) = card else { return Ok(Attempt::Stale) };
        Ok(if right { Attempt::Right(card) } else { Attempt::Wrong(card) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::store::memory::MemoryStore;

    #[test]
    fn days_read_as_dates() {
        assert_eq!(date_label(0), "1970-01-01");
        assert_eq!(date_label(day_of(1_780_000_000)), "2026-05-28");
        assert_eq!(date_label(day_of(951_782_400)), "2000-02-29");
        assert_eq!(date_label(-1), "1969-12-31");
    }

    #[test]
    fn each_day_has_its_puzzle() {
        let days: Vec<usize> = (20_000..20_010).filter_map(|d| puzzle_of_day(VariantId::Russian, d)).collect();
        assert_eq!(days.len(), 10);
        assert!(days.windows(2).any(|w| w[0] != w[1]), "{days:?}");
        assert_eq!(puzzle_of_day(VariantId::Russian, 20_000), puzzle_of_day(VariantId::Russian, 20_000));
        assert_eq!(puzzle_of_day(VariantId::Frisian, 20_000), None);
    }

    #[tokio::test]
    async fn a_group_gets_one_card_a_day_and_one_try_each() {
        let store: Arc<dyn KeyValues> = Arc::new(MemoryStore::new(Default::default()));
        let daily = DailyService::new(store);
        let chat = ChatId(-100);
        let on = Subscription { variant: VariantId::Russian, lang: "en".into() };
        assert!(matches!(
            daily.switch_on(chat, &Subscription { variant: VariantId::Frisian, ..on.clone() }).await,
            Err(GameError::Invalid(_))
        ));
        daily.switch_on(chat, &on).await.unwrap();
        daily.switch_on(chat, &on).await.unwrap();
        assert_eq!(daily.chats().await.unwrap(), [chat]);
        assert_eq!(daily.due(100).await.unwrap(), [(chat, on.clone())]);

        let (card, before) =
            daily.begin_card(chat, VariantId::Russian, 100).await.unwrap().expect("the first caller posts");
        assert_eq!(before, None);
        assert!(daily.begin_card(chat, VariantId::Russian, 100).await.unwrap().is_none(), "only once a day");
        daily.posted(chat, 100, 55).await.unwrap();
        assert!(daily.due(100).await.unwrap().is_empty());
        assert_eq!(daily.due(101).await.unwrap().len(), 1);

        let position = card.position().unwrap();
        let choices = move_choices(&position);
        let right = choices
            .iter()
            .position(|m| {
                position
                    .parse_move(m)
                    .unwrap()
                    .same_effect(&position.parse_move(&card.puzzle().unwrap().solution).unwrap())
            })
            .unwrap();
        let Attempt::Right(after) = daily.attempt(chat, 100, UserId(1), "Ana", right).await.unwrap() else {
            panic!("the solution")
        };
        assert_eq!(
            (after.solvers.clone(), after.solved, after.tries, after.message_id),
            (vec!["Ana".to_string()], 1, 1, Some(55))
        );
        assert_eq!(daily.attempt(chat, 100, UserId(1), "Ana", right).await.unwrap(), Attempt::AlreadyTried);
        if let Some(wrong) = (0..choices.len()).find(|i| *i != right) {
            assert!(
                matches!(daily.attempt(chat, 100, UserId(2), "Bo", wrong).await.unwrap(), Attempt::Wrong(c) if c.solvers == ["Ana"] && c.tries == 2)
            );
            assert_eq!(daily.attempt(chat, 100, UserId(2), "Bo", right).await.unwrap(), Attempt::AlreadyTried);
        }
        assert_eq!(daily.attempt(chat, 99, UserId(3), "Cy", right).await.unwrap(), Attempt::Stale);
        assert_eq!(daily.attempt(chat, 100, UserId(3), "Cy", 999).await.unwrap(), Attempt::Stale);

        let (_, replaced) = daily.begin_card(chat, VariantId::Russian, 101).await.unwrap().expect("a new day");
        assert_eq!(replaced.map(|c| c.solvers), Some(vec!["Ana".to_string()]));
        assert!(daily.switch_off(chat).await.unwrap());
        assert!(!daily.switch_off(chat).await.unwrap());
        assert!(daily.chats().await.unwrap().is_empty());
        assert!(daily.due(102).await.unwrap().is_empty());
    }
}
