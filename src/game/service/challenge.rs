//! Challenges between people: open ones anyone in the chat may accept, or ones addressed to one
//! person, with limits on how many open challenges and unfinished games a user and a chat may
//! have. Also the ratings' read side (a user's ratings, leaderboards).
//!
//! A limit check and the write it allows run under a lock per user and per chat kept in the store,
//! so concurrent requests, even on different processes, cannot together exceed a limit.

use super::{Applied, GameError, GameService, NewGame, abort};
use crate::game::model::{ChatId, Game, GameId, Player, Status, UserId};
use crate::game::now_unix;
use crate::game::ratings::{RatingEntry, RatingScope};
use crate::game::store::StoreError;
use crate::i18n::Lang;
use crate::rules::{Color, VariantId};

/// How long a limits lock lives if its holder never gives it back.
const LIMITS_LOCK_TTL: std::time::Duration = std::time::Duration::from_secs(10);
/// How long a request waits for a limits lock before giving up.
const LIMITS_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Which limit a request ran into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitKind {
    /// Open challenges (waiting for an opponent) one user may have.
    OpenPerUser(u32),
    /// Unfinished games between people one user may play at once.
    GamesPerUser(u32),
    /// Open challenges in one chat.
    OpenPerChat(u32),
    /// Unfinished games between people in one chat.
    GamesPerChat(u32),
    /// Unfinished games of any kind, against the engine too, one user may have (the Mini App's
    /// games, which are addressed by id).
    AnyGamesPerUser(u32),
}

impl std::fmt::Display for LimitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitKind::OpenPerUser(n) => write!(f, "at most {n} open challenges per user"),
            LimitKind::GamesPerUser(n) => write!(f, "at most {n} games at once per user"),
            LimitKind::OpenPerChat(n) => write!(f, "at most {n} open challenges per chat"),
            LimitKind::GamesPerChat(n) => write!(f, "at most {n} games at once per chat"),
            LimitKind::AnyGamesPerUser(n) => write!(f, "at most {n} unfinished games at once"),
        }
    }
}

/// The configured limits (`[limits]` in the settings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub open_per_user: u32,
    pub games_per_user: u32,
    pub open_per_chat: u32,
    pub games_per_chat: u32,
}

impl Limits {
    pub fn from_config(limits: &crate::config::Limits) -> Limits {
        Limits {
            open_per_user: limits.open_challenges_per_user,
            games_per_user: limits.games_per_user,
            open_per_chat: limits.open_challenges_per_chat,
            games_per_chat: limits.games_per_chat,
        }
    }
}

/// A challenge to post.
#[derive(Clone, Debug)]
pub struct Challenge {
    pub user: UserId,
    pub name: String,
    pub variant: VariantId,
    /// The challenger's colour; `None` draws it at random.
    pub color: Option<Color>,
    /// The chat it is posted in (`None` for a challenge from inline mode).
    pub chat: Option<ChatId>,
    /// The one person who may accept; `None` for an open challenge.
    pub opponent: Option<(UserId, String)>,
    /// Start from this position (such games are not rated).
    pub fen: Option<String>,
    /// The language the challenge's card is written in (the challenger's); the game keeps it.
    pub lang: Option<Lang>,
}

/// An unfinished game with no engine in it.
fn between_people(game: &Game) -> bool {
    !game.is_over() && !game.white.is_engine() && !game.black.is_engine()
}

fn is_open(game: &Game) -> bool {
    game.status == Status::Waiting
}

fn is_running(game: &Game) -> bool {
    game.status == Status::Active && between_people(game)
}

impl GameService {
    /// Posts a challenge, within the limits.
    pub async fn issue_challenge(&self, c: Challenge, limits: &Limits) -> Result<Applied, GameError> {
        if c.opponent.as_ref().is_some_and(|(id, _)| *id == c.user) {
            return Err(GameError::OwnChallenge);
        }
        let (user, chat) = (c.user, c.chat);
        self.under_limits_lock(user, chat, async {
            self.within_limits(user, chat, limits, true).await?;
            self.post_challenge(c).await
        })
        .await
    }

    async fn post_challenge(&self, c: Challenge) -> Result<Applied, GameError> {
        let color = c.color.unwrap_or_else(|| if rand::random::<bool>() { Color::White } else { Color::Black });
        let me = Player::Human { id: c.user, name: c.name.clone() };
        let (white, black) = if color == Color::White { (me, Player::Open) } else { (Player::Open, me) };
        let mut game = self.prepare(NewGame { variant: c.variant, white, black, fen: c.fen, chat: c.chat }).await?;
        game.invited = c.opponent.map(|(id, name)| Player::Human { id, name });
        game.lang = c.lang;
        self.stored(&game).await
    }

    /// Creates a game for `user` unless they have `limits.games_per_user` unfinished games of any
    /// kind already. The count and the write run under the user's limits lock (the one challenges
    /// take), so simultaneous requests are counted one after the other, on every process.
    pub async fn create_within_limits(
        &self,
        user: UserId,
        new: NewGame,
        limits: &Limits,
    ) -> Result<Applied, GameError> {
        self.under_limits_lock(user, None, async {
            if self.active(user).await?.len() >= limits.games_per_user as usize {
                return Err(GameError::Limit(LimitKind::AnyGamesPerUser(limits.games_per_user)));
            }
            self.create(new).await
        })
        .await
    }

    /// Takes the open seat of a challenge, within the limits (the acceptor's games, the chat's games).
    pub async fn accept_challenge(
        &self,
        id: &GameId,
        user: UserId,
        name: &str,
        limits: &Limits,
    ) -> Result<Applied, GameError> {
        let game = self.store.get(id).await?;
        if game.status != Status::Waiting {
            return Err(if game.is_over() { GameError::GameOver } else { GameError::SeatTaken });
        }
        if !game.colors_of(user).is_empty() {
            return Err(GameError::OwnChallenge);
        }
        if game.invited.as_ref().is_some_and(|p| p.user() != Some(user)) {
            return Err(GameError::NotInvited);
        }
        self.under_limits_lock(user, game.chat, async {
            self.within_limits(user, game.chat, limits, false).await?;
            self.join(id, user, name).await
        })
        .await
    }

    /// Fails with the first limit the user (and the chat, if any) has reached: unfinished games
    /// between people, and with `opening` also open challenges.
    async fn within_limits(
        &self,
        user: UserId,
        chat: Option<ChatId>,
        limits: &Limits,
        opening: bool,
    ) -> Result<(), GameError> {
        let mine = self.store.active_for_user(user).await?;
        let here = match chat {
            Some(chat) => Some(self.store.active_for_chat(chat).await?),
            None => None,
        };
        type Check<'a> = (&'a [Game], fn(&Game) -> bool, u32, LimitKind);
        let mut checks: Vec<Check> = Vec::new();
        if opening {
            checks.push((mine.as_slice(), is_open, limits.open_per_user, LimitKind::OpenPerUser(limits.open_per_user)));
        }
        checks.push((
            mine.as_slice(),
            is_running,
            limits.games_per_user,
            LimitKind::GamesPerUser(limits.games_per_user),
        ));
        if let Some(here) = &here {
            if opening {
                checks.push((
                    here.as_slice(),
                    is_open,
                    limits.open_per_chat,
                    LimitKind::OpenPerChat(limits.open_per_chat),
                ));
            }
            checks.push((
                here.as_slice(),
                is_running,
                limits.games_per_chat,
                LimitKind::GamesPerChat(limits.games_per_chat),
            ));
        }
        for (games, counts, limit, kind) in checks {
            if games.iter().filter(|g| counts(g)).count() >= limit as usize {
                return Err(GameError::Limit(kind));
            }
        }
        Ok(())
    }

    /// Runs `body` (a limit check and the write it allows) while holding the limit locks of the
    /// user and of the chat, so that concurrent requests of the same user or in the same chat are
    /// checked one after the other and cannot together exceed a limit. The locks are values in the
    /// store (shared by all processes), taken by compare-and-set and given back afterwards; should
    /// a process die holding one, it expires after `LIMITS_LOCK_TTL`.
    async fn under_limits_lock<T>(
        &self,
        user: UserId,
        chat: Option<ChatId>,
        body: impl std::future::Future<Output = Result<T, GameError>>,
    ) -> Result<T, GameError> {
        let mut keys = vec![format!("limits:user:{user}")];
        if let Some(chat) = chat {
            keys.push(format!("limits:chat:{chat}"));
        }
        let token = format!("{:016x}", rand::random::<u64>());
        let mut held = Vec::new();
        let mut outcome = Ok(());
        for key in &keys {
            match self.take_lock(key, &token).await {
                Ok(()) => held.push(key),
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            }
        }
        let result = match outcome {
            Ok(()) => body.await,
            Err(e) => Err(e),
        };
        for key in held {
            // A lock that cannot be given back expires on its own.
            if let Err(e) = self.store.kv_cas(key, Some(&token), None, LIMITS_LOCK_TTL).await {
                tracing::warn!(key, error = %e, "could not release a limits lock");
            }
        }
        result
    }

    async fn take_lock(&self, key: &str, token: &str) -> Result<(), GameError> {
        let start = std::time::Instant::now();
        let mut pause = std::time::Duration::from_millis(2);
        loop {
            if self.store.kv_cas(key, None, Some(token), LIMITS_LOCK_TTL).await? {
                return Ok(());
            }
            if start.elapsed() >= LIMITS_LOCK_WAIT {
                return Err(GameError::Store(StoreError::Unavailable(format!("{key} is busy"))));
            }
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(std::time::Duration::from_millis(50));
        }
    }

    /// The invited person turns a challenge down: it ends without a game.
    pub async fn decline_challenge(&self, id: &GameId, user: UserId) -> Result<Applied, GameError> {
        let game = self.store.get(id).await?;
        if game.status != Status::Waiting {
            return Err(if game.is_over() { GameError::GameOver } else { GameError::SeatTaken });
        }
        if game.invited.as_ref().and_then(Player::user) != Some(user) {
            return Err(GameError::NotInvited);
        }
        let mut next = game.clone();
        abort(&mut next, now_unix());
        self.commit(next, &game).await
    }

    /// The challenger withdraws a challenge nobody has accepted yet.
    pub async fn cancel_challenge(&self, id: &GameId, user: UserId) -> Result<Applied, GameError> {
        let game = self.store.get(id).await?;
        if game.status != Status::Waiting {
            return Err(if game.is_over() { GameError::GameOver } else { GameError::SeatTaken });
        }
        if game.colors_of(user).is_empty() {
            return Err(GameError::NotAPlayer);
        }
        let mut next = game.clone();
        abort(&mut next, now_unix());
        self.commit(next, &game).await
    }

    /// Unfinished games of a chat, most recently changed first.
    pub async fn in_chat(&self, chat: ChatId) -> Result<Vec<Game>, GameError> {
        Ok(self.store.active_for_chat(chat).await?)
    }

    /// The user's ratings in `scope`, one per variant played.
    pub async fn ratings_of(
        &self,
        user: UserId,
        scope: RatingScope,
    ) -> Result<Vec<(VariantId, RatingEntry)>, GameError> {
        let mut out = Vec::new();
        for variant in VariantId::ALL {
            if let Some(entry) = self.store.rating(scope, variant, user).await? {
                out.push((variant, entry));
            }
        }
        Ok(out)
    }

    /// The best `n` ratings of a variant in `scope`.
    pub async fn leaderboard(
        &self,
        scope: RatingScope,
        variant: VariantId,
        n: usize,
    ) -> Result<Vec<RatingEntry>, GameError> {
        Ok(self.store.leaderboard(scope, variant, n).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::service::testing::service;

    const LIMITS: Limits = Limits { open_per_user: 2, games_per_user: 2, open_per_chat: 3, games_per_chat: 3 };

    fn open(user: u64, chat: i64) -> Challenge {
        Challenge {
            user: UserId(user),
            name: format!("u{user}"),
            variant: VariantId::Russian,
            color: Some(Color::White),
            chat: Some(ChatId(chat)),
            opponent: None,
            fen: None,
            lang: None,
        }
    }

    #[tokio::test]
    async fn addressed_challenges_take_only_the_invited() {
        let s = service();
        let c = Challenge { opponent: Some((UserId(2), "Bo".into())), ..open(1, -5) };
        let g = s.issue_challenge(c, &LIMITS).await.unwrap();
        assert_eq!(g.invited.as_ref().and_then(Player::user), Some(UserId(2)));
        assert_eq!(s.accept_challenge(&g.id, UserId(3), "Cy", &LIMITS).await.unwrap_err(), GameError::NotInvited);
        assert_eq!(
            s.join(&g.id, UserId(3), "Cy").await.unwrap_err(),
            GameError::NotInvited,
            "join checks the invitation too"
        );
        assert_eq!(s.decline_challenge(&g.id, UserId(3)).await.unwrap_err(), GameError::NotInvited);
        assert_eq!(s.accept_challenge(&g.id, UserId(1), "u1", &LIMITS).await.unwrap_err(), GameError::OwnChallenge);
        let g = s.accept_challenge(&g.id, UserId(2), "Bo", &LIMITS).await.unwrap();
        assert_eq!((g.status, g.black.user()), (Status::Active, Some(UserId(2))));
        assert!(g.rated);

        let c = Challenge { opponent: Some((UserId(2), "Bo".into())), ..open(1, -5) };
        let g = s.issue_challenge(c, &LIMITS).await.unwrap();
        let g = s.decline_challenge(&g.id, UserId(2)).await.unwrap();
        assert_eq!(g.status, Status::Aborted);
        assert_eq!(s.accept_challenge(&g.id, UserId(2), "Bo", &LIMITS).await.unwrap_err(), GameError::GameOver);

        let self_challenge = Challenge { opponent: Some((UserId(1), "u1".into())), ..open(1, -5) };
        assert_eq!(s.issue_challenge(self_challenge, &LIMITS).await.unwrap_err(), GameError::OwnChallenge);
    }

    /// The card of a Spanish challenge stays in Spanish, and so does its rematch's.
    #[tokio::test]
    async fn the_challengers_language_stays_with_the_game_and_its_rematch() {
        let s = service();
        let c = Challenge { lang: Some(Lang::Es), ..open(1, -5) };
        let g = s.issue_challenge(c, &LIMITS).await.unwrap();
        assert_eq!(g.lang, Some(Lang::Es));
        let g = s.accept_challenge(&g.id, UserId(2), "Bo", &LIMITS).await.unwrap();
        assert_eq!(s.get(&g.id).await.unwrap().lang, Some(Lang::Es), "kept in the stored record");
        s.resign(&g.id, UserId(2), None).await.unwrap();
        assert!(matches!(s.rematch(&g.id, UserId(1)).await.unwrap(), super::super::Rematch::Offered(_)));
        let super::super::Rematch::Started(fresh) = s.rematch(&g.id, UserId(2)).await.unwrap() else {
            panic!("both asked: the rematch starts");
        };
        assert_eq!(fresh.lang, Some(Lang::Es));
    }

    #[tokio::test]
    async fn limits_per_user_and_per_chat() {
        let s = service();
        let a = s.issue_challenge(open(1, -5), &LIMITS).await.unwrap();
        s.issue_challenge(open(1, -6), &LIMITS).await.unwrap();
        assert_eq!(
            s.issue_challenge(open(1, -7), &LIMITS).await.unwrap_err(),
            GameError::Limit(LimitKind::OpenPerUser(2))
        );
        // Withdrawing one makes room again; only the challenger may withdraw.
        assert_eq!(s.cancel_challenge(&a.id, UserId(9)).await.unwrap_err(), GameError::NotAPlayer);
        s.cancel_challenge(&a.id, UserId(1)).await.unwrap();
        s.issue_challenge(open(1, -7), &LIMITS).await.unwrap();

        s.issue_challenge(open(2, -9), &LIMITS).await.unwrap();
        s.issue_challenge(open(3, -9), &LIMITS).await.unwrap();
        s.issue_challenge(open(4, -9), &LIMITS).await.unwrap();
        assert_eq!(
            s.issue_challenge(open(5, -9), &LIMITS).await.unwrap_err(),
            GameError::Limit(LimitKind::OpenPerChat(3))
        );

        // Running games: user 10 plays two, so a third acceptance is refused.
        let g1 = s.issue_challenge(open(11, -20), &LIMITS).await.unwrap();
        let g2 = s.issue_challenge(open(12, -21), &LIMITS).await.unwrap();
        let g3 = s.issue_challenge(open(13, -22), &LIMITS).await.unwrap();
        s.accept_challenge(&g1.id, UserId(10), "x", &LIMITS).await.unwrap();
        s.accept_challenge(&g2.id, UserId(10), "x", &LIMITS).await.unwrap();
        assert_eq!(
            s.accept_challenge(&g3.id, UserId(10), "x", &LIMITS).await.unwrap_err(),
            GameError::Limit(LimitKind::GamesPerUser(2))
        );
        // Games against the engine do not count.
        s.vs_engine(UserId(14), "e", VariantId::Russian, 1, Color::White, None).await.unwrap();
        s.vs_engine(UserId(14), "e", VariantId::Russian, 1, Color::White, None).await.unwrap();
        s.accept_challenge(&g3.id, UserId(14), "e", &LIMITS).await.unwrap();
    }

    #[tokio::test]
    async fn random_colours_and_positions() {
        let s = service();
        let mut colours = std::collections::HashSet::new();
        for i in 0..40 {
            let c = Challenge { color: None, chat: Some(ChatId(-100 - i)), ..open(100 + i as u64, 0) };
            let g = s.issue_challenge(c, &LIMITS).await.unwrap();
            colours.insert(g.colors_of(UserId(100 + i as u64))[0]);
        }
        assert_eq!(colours.len(), 2, "both colours come up");
        let c = Challenge { fen: Some("W:W28,40:B23,5".into()), variant: VariantId::International, ..open(1, -1) };
        let g = s.issue_challenge(c, &LIMITS).await.unwrap();
        let g = s.accept_challenge(&g.id, UserId(2), "Bo", &LIMITS).await.unwrap();
        assert!(!g.rated, "games from a set-up position are not rated");
        let bad = Challenge { fen: Some("nonsense".into()), ..open(3, -1) };
        assert!(matches!(s.issue_challenge(bad, &LIMITS).await, Err(GameError::Invalid(_))));
    }
}
