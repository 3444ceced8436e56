//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), per variant, globally and
//! per group chat. Every rated game is its own rating period, as online servers usually do.

use serde::{Deserialize, Serialize};

use super::model::{ChatId, Game, Status, UserId};
use super::store::{RatingBook, StoreError};
use super::{Color, VariantId, now_unix};

/// Converts between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// System constant: how much volatility may change; Glickman suggests 0.3..1.2.
pub const TAU: f64 = 0.5;
const EPSILON: f64 = 1e-6;
/// A rating deviation above this marks a rating as provisional.
pub const PROVISIONAL_RD: f64 = 110.0;
const MAX_RD: f64 = 350.0;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Self {
        Glicko { rating: 1500.0, deviation: MAX_RD, volatility: 0.06 }
    }
}

impl Glicko {
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_RD
    }

    /// The rating after one rating period with `results` (opponent, score 1 / 0.5 / 0).
    pub fn update(&self, results: &[(Glicko, f64)], tau: f64) -> Glicko {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if results.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Glicko { deviation: (phi_star * SCALE).min(MAX_RD), ..*self };
        }
        let mut v_inv = 0.0;
        let mut delta_sum = 0.0;
        for (opp, score) in results {
            let mu_j = (opp.rating - 1500.0) / SCALE;
            let phi_j = opp.deviation / SCALE;
            let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI * std::f64::consts::PI)).sqrt();
            let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            v_inv += g * g * e * (1.0 - e);
            delta_sum += g * (score - e);
        }
        let v = 1.0 / v_inv;
        let delta = v * delta_sum;

        // New volatility: root of f by the Illinois variant of regula falsi (step 5 of the paper).
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 && k < 1000.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        let mut guard = 0;
        while (big_b - big_a).abs() > EPSILON && guard < 1000 {
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
            guard += 1;
        }
        let new_sigma = (big_a / 2.0).exp();

        let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu + new_phi * new_phi * delta_sum;
        Glicko { rating: new_mu * SCALE + 1500.0, deviation: (new_phi * SCALE).min(MAX_RD), volatility: new_sigma }
    }
}

/// Both players' new ratings after a game; `winner` `None` is a draw.
pub fn rate_game(white: Glicko, black: Glicko, winner: Option<Color>) -> (Glicko, Glicko) {
    let white_score = match winner {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    };
    (white.update(&[(black, white_score)], TAU), black.update(&[(white, 1.0 - white_score)], TAU))
}

/// Where a rating counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "chat", rename_all = "snake_case")]
pub enum RatingScope {
    Global,
    Chat(ChatId),
}

/// One player's rating in one variant and scope.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingEntry {
    pub user: UserId,
    /// The last display name seen, for leaderboards.
    pub name: String,
    pub glicko: Glicko,
    pub games: u32,
    pub updated: i64,
}

impl RatingEntry {
    pub fn new(user: UserId, name: impl Into<String>) -> RatingEntry {
        RatingEntry { user, name: name.into(), glicko: Glicko::default(), games: 0, updated: 0 }
    }

    pub fn is_provisional(&self) -> bool {
        self.glicko.is_provisional()
    }
}

/// Applies a finished rated game to the global ratings and, for a group game, to the group's.
/// Returns the new (white, black) global entries, or `None` when the game does not count.
///
/// Each scope's pair of entries is written by compare-and-set on the players' game counts, so two
/// games of one player finishing at the same instant are both counted: the slower one reads the
/// other's result and recomputes.
pub async fn record_game(
    store: &dyn RatingBook,
    game: &Game,
) -> Result<Option<(RatingEntry, RatingEntry)>, StoreError> {
    if !game.rated || game.status != Status::Finished {
        return Ok(None);
    }
    let (Some(result), Some(white), Some(black)) = (&game.result, game.white.user(), game.black.user()) else {
        return Ok(None);
    };
    let names = (game.white.display_name(), game.black.display_name());
    let mut scopes = vec![RatingScope::Global];
    if let Some(chat) = game.chat.filter(|c| c.0 < 0) {
        scopes.push(RatingScope::Chat(chat));
    }
    let mut global = None;
    for scope in scopes {
        let (w, b) = rate_pair(store, scope, game.variant, (white, &names.0), (black, &names.1), result.winner).await?;
        if global.is_none() {
            global = Some((w, b));
        }
    }
    Ok(global)
}

/// The (white, black) entries after one more game between them at `now`: new ratings, one more
/// game each, and the names the players had in it.
pub fn after_game(
    (mut white, mut black): (RatingEntry, RatingEntry),
    names: (&str, &str),
    winner: Option<Color>,
    now: i64,
) -> (RatingEntry, RatingEntry) {
    let (glicko_white, glicko_black) = rate_game(white.glicko, black.glicko, winner);
    for (entry, glicko, name) in [(&mut white, glicko_white, names.0), (&mut black, glicko_black, names.1)] {
        entry.glicko = glicko;
        entry.games += 1;
        entry.updated = now;
        entry.name = name.to_owned();
    }
    (white, black)
}

/// How often a rating update is recomputed when other games of the same players keep finishing
/// in between; each retry means someone else's update went through, so this is never reached in
/// practice.
const RATE_ATTEMPTS: usize = 64;

async fn rate_pair(
    store: &dyn RatingBook,
    scope: RatingScope,
    variant: VariantId,
    white: (UserId, &str),
    black: (UserId, &str),
    winner: Option<Color>,
) -> Result<(RatingEntry, RatingEntry), StoreError> {
    for attempt in 0..RATE_ATTEMPTS {
        let now = now_unix();
        let w = store.rating(scope, variant, white.0).await?.unwrap_or_else(|| RatingEntry::new(white.0, white.1));
        let b = store.rating(scope, variant, black.0).await?.unwrap_or_else(|| RatingEntry::new(black.0, black.1));
        let expected = (w.games, b.games);
        let (w, b) = after_game((w, b), (white.1, black.1), winner, now);
        if store.put_ratings_if_unchanged(scope, variant, &[(expected.0, w.clone()), (expected.1, b.clone())]).await? {
            return Ok((w, b));
        }
        // Another game of one of the players was rated in between: back off a little, then read again.
        let pause = 1 + (attempt as u64).min(20) * rand::random_range(1..=3u64);
        tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
    }
    tracing::warn!(white = %white.0, black = %black.0, "ratings kept changing; update given up");
    Err(StoreError::Stale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_moves_both_entries_and_counts_once() {
        let (ann, bo) = (RatingEntry::new(UserId(1), "Ann"), RatingEntry::new(UserId(2), "Bo"));
        let (w, b) = after_game((ann.clone(), bo.clone()), ("Ann B.", "Bo"), Some(Color::White), 77);
        assert!(w.glicko.rating > ann.glicko.rating && b.glicko.rating < bo.glicko.rating);
        assert_eq!((w.games, b.games, w.updated, b.updated), (1, 1, 77, 77));
        assert_eq!((w.name.as_str(), b.name.as_str()), ("Ann B.", "Bo"));
        let (w, b) = after_game((ann.clone(), bo.clone()), ("Ann", "Bo"), None, 0);
        assert!((w.glicko.rating - b.glicko.rating).abs() < 1e-9, "a draw between equals leaves them equal");
    }

    #[test]
    fn glickman_example() {
        let player = Glicko { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opponents = [
            (Glicko { rating: 1400.0, deviation: 30.0, volatility: 0.06 }, 1.0),
            (Glicko { rating: 1550.0, deviation: 100.0, volatility: 0.06 }, 0.0),
            (Glicko { rating: 1700.0, deviation: 300.0, volatility: 0.06 }, 0.0),
        ];
        let new = player.update(&opponents, 0.5);
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
    }

    #[test]
    fn idle_period_widens_deviation_only() {
        let p = Glicko { rating: 1600.0, deviation: 50.0, volatility: 0.06 };
        let q = p.update(&[], TAU);
        assert_eq!(q.rating, 1600.0);
        assert!(q.deviation > 50.0 && q.deviation < 52.0, "{q:?}");
    }

    #[test]
    fn game_results_move_ratings_the_right_way() {
        let a = Glicko::default();
        let (w, b) = rate_game(a, a, Some(Color::White));
        assert!(w.rating > 1500.0 && b.rating < 1500.0);
        assert!((w.rating - 1500.0 + b.rating - 1500.0).abs() < 1e-6, "symmetric for equal players");
        let (w, b) = rate_game(a, a, None);
        assert!((w.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(w.deviation < 350.0);
    }

    #[test]
    fn provisional_until_deviation_drops() {
        let mut p = Glicko::default();
        assert!(p.is_provisional());
        let opp = Glicko { rating: 1500.0, deviation: 60.0, volatility: 0.06 };
        let mut games = 0;
        while p.is_provisional() {
            p = p.update(&[(opp, if games % 2 == 0 { 1.0 } else { 0.0 })], TAU);
            games += 1;
            assert!(games < 100, "deviation never dropped: {p:?}");
        }
        assert!(games > 3, "one or two games should not make a rating established ({games})");
    }
}
