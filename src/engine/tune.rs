//! Evaluation weights fitted to game results (Texel's method): every quiet position of a set of
//! games is labelled with the game's result for White, the static evaluation is turned into an
//! expected score by a logistic curve, and the weights are moved one step at a time while the mean
//! squared error between expected and actual scores falls.
//!
//! A fit only proposes weights; a change is kept when it also wins games (`damas match`).

use super::board::Tables;
use super::eval::patterns::{FULL_BOARD, Layout, PARAMETERS, Patterns, full_board_share};
use super::eval::{Weights, evaluate};
use crate::rules::{Color, Move, Position, VariantId};

/// A position and the score White made in the game it comes from (1, ½ or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    pub position: Position,
    pub white_score: f64,
    /// What a search in the game scored the position, for White in hundredths of a man, if known.
    pub searched: Option<i32>,
}

/// The quiet positions of one game after its first `skip` plies: neither side can capture, so the
/// static evaluation is a fair guess of the position's worth. `white_scores` holds the game's
/// search score before each move where it was recorded (it may be empty).
pub fn quiet_samples(
    start: &Position,
    moves: &[Move],
    white_score: f64,
    white_scores: &[Option<i32>],
    skip: usize,
) -> Vec<Sample> {
    let tables = Tables::of(start.variant());
    let mut out = Vec::new();
    let mut pos = *start;
    for (ply, m) in moves.iter().enumerate() {
        if ply >= skip && !tables.can_capture(&pos, Color::White) && !tables.can_capture(&pos, Color::Black) {
            let searched = white_scores.get(ply).copied().flatten();
            out.push(Sample { position: pos, white_score, searched });
        }
        pos = pos.play(m);
    }
    out
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    pub weights: Weights,
    /// The logistic curve's steepness, per hundredth of a man.
    pub scale: f64,
    pub error_before: f64,
    pub error_after: f64,
}

/// Weights whose change would only rescale every score: the man's value anchors the scale.
const FIXED: [&str; 1] = ["man"];

/// Fits the weights named in `free` (every weight when it is empty), starting from `base`, for at
/// most `rounds` passes over them.
pub fn fit(variant: VariantId, samples: &[Sample], base: &Weights, free: &[String], rounds: usize) -> Fit {
    let scale = best_scale(samples, base);
    let error_before = error(samples, base, scale);
    let mut params = Params::of(base);
    let mut best = error_before;
    for _ in 0..rounds {
        let mut moved = false;
        for i in 0..params.values.len() {
            let name = &params.names[i];
            if FIXED.contains(&name.as_str())
                || (!free.is_empty() && !free.iter().any(|f| name.starts_with(f.as_str())))
            {
                continue;
            }
            let step = (params.values[i].abs() / 20).max(1);
            for dir in [step, -step] {
                let mut improved = false;
                loop {
                    params.values[i] += dir;
                    let Some(w) = params.weights(variant) else {
                        params.values[i] -= dir;
                        break;
                    };
                    let e = error(samples, &w, scale);
                    if e < best {
                        best = e;
                        improved = true;
                        moved = true;
                    } else {
                        params.values[i] -= dir;
                        break;
                    }
                }
                if improved {
                    break;
                }
            }
        }
        if !moved {
            break;
        }
    }
    let weights = params.weights(variant).unwrap_or_else(|| base.clone());
    Fit { weights, scale, error_before, error_after: best }
}

/// What a pattern fit found: the table, and the mean squared error of the predicted results before
/// (the other terms alone) and after, on the positions fitted and on positions held out.
#[derive(Clone, Debug)]
pub struct PatternFit {
    pub patterns: Patterns,
    pub scale: f64,
    pub fitted: (f64, f64),
    pub held_out: (f64, f64),
}

/// A position ready for the pattern fit: its windows, the other terms' score, the result and the
/// score the fit aims at.
struct Prepared {
    features: [(u32, i8); 16],
    /// The weight of a two-phase table's full-board values, 0 to 1.
    full: f32,
    base: f32,
    white_score: f32,
    target: f32,
}

/// Fits International's region-pattern table to game results on top of the other terms of `base`
/// (whose own pattern share is ignored): logistic regression with the same curve as [`fit`], by
/// full-batch Adam over `epochs` passes. `prior` is how many positions' worth of evidence pull an
/// entry towards zero, so that an arrangement seen a few times stays near it.
///
/// A position whose search score is known aims at `result_weight` of its game's result plus the
/// rest of the score the search's value predicts (one game's result says little about any one of
/// its positions; a search says more). The errors reported are against the results alone.
///
/// With `phases` 2 the table values every arrangement twice, on a full board and on a bare one
/// (see [`Patterns`]).
pub fn fit_patterns(train: &[Sample], held_out: &[Sample], base: &Weights, config: &PatternFitConfig) -> PatternFit {
    let PatternFitConfig { prior, epochs, result_weight, phases } = *config;
    let phases = phases.clamp(1, 2);
    let mut base = base.clone();
    base.patterns = 0;
    let scale = best_scale(train, &base);
    let layout = Layout::international();
    let prepare = |samples: &[Sample]| -> Vec<Prepared> {
        samples
            .iter()
            .map(|x| {
                let own = evaluate(&x.position, &base) as f32;
                let white = if x.position.side_to_move() == Color::White { own } else { -own };
                let target = match x.searched {
                    Some(s) => {
                        let predicted = expected_score(scale, s as f64);
                        result_weight * x.white_score + (1.0 - result_weight) * predicted
                    }
                    None => x.white_score,
                };
                Prepared {
                    features: layout.features(&x.position),
                    full: if phases == 2 { full_board_share(&x.position) as f32 / FULL_BOARD as f32 } else { 1.0 },
                    base: white,
                    white_score: x.white_score as f32,
                    target: target as f32,
                }
            })
            .collect()
    };
    let (train, held) = (prepare(train), prepare(held_out));
    let size = phases * PARAMETERS;
    let mut values = vec![0f64; size];
    let before = (pattern_error(&train, &values, scale), pattern_error(&held, &values, scale));
    let n = train.len().max(1) as f64;
    // A logistic fit's information per position is about scale² p(1 - p), p(1 - p) ≈ 0.2.
    let l2 = prior * scale * scale * 0.2 / n;
    let (mut m, mut v) = (vec![0f64; size], vec![0f64; size]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let mut grad = vec![0f64; size];
    for epoch in 0..epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for x in &train {
            let p = expected_score(scale, predicted(x, &values));
            let g = scale * (p - x.target as f64) / n;
            let (full, bare) = (x.full as f64 * g, (1.0 - x.full as f64) * g);
            for &(e, s) in &x.features {
                grad[e as usize] += s as f64 * full;
                if phases == 2 {
                    grad[PARAMETERS + e as usize] += s as f64 * bare;
                }
            }
        }
        // The step shrinks from 2 to 0.1 hundredths of a man over the passes.
        let rate = 2.0 - 1.9 * epoch as f64 / epochs.max(1) as f64;
        let t = epoch as i32 + 1;
        for i in 0..size {
            let g = grad[i] + l2 * values[i];
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(t));
            let v_hat = v[i] / (1.0 - beta2.powi(t));
            values[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    let rounded: Vec<i16> = values.iter().map(|v| v.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16).collect();
    let exact: Vec<f64> = rounded.iter().map(|&v| v as f64).collect();
    let after = (pattern_error(&train, &exact, scale), pattern_error(&held, &exact, scale));
    let patterns = Patterns::new(rounded).unwrap_or_else(|_| unreachable!("the table has one or two phases"));
    PatternFit { patterns, scale, fitted: (before.0, after.0), held_out: (before.1, after.1) }
}

/// How [`fit_patterns`] fits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatternFitConfig {
    /// Positions' worth of evidence pulling each entry towards zero.
    pub prior: f64,
    /// Passes over the positions.
    pub epochs: usize,
    /// The share of a position's target taken from its game's result (the rest from its score).
    pub result_weight: f64,
    /// 1, or 2 for full-board and bare-board values.
    pub phases: usize,
}

/// The evaluation a fitted table gives a prepared position, White's view.
fn predicted(x: &Prepared, values: &[f64]) -> f64 {
    let full = x.features.iter().map(|&(e, s)| s as f64 * values[e as usize]).sum::<f64>();
    if values.len() == PARAMETERS {
        return x.base as f64 + full;
    }
    let bare = x.features.iter().map(|&(e, s)| s as f64 * values[PARAMETERS + e as usize]).sum::<f64>();
    x.base as f64 + x.full as f64 * full + (1.0 - x.full as f64) * bare
}

fn pattern_error(samples: &[Prepared], values: &[f64], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|x| {
            let p = expected_score(scale, predicted(x, values));
            (x.white_score as f64 - p).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// Mean squared error between the game results and the scores the evaluation predicts.
pub fn error(samples: &[Sample], w: &Weights, scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let chunk = samples.len().div_ceil(threads);
    let sum: f64 = std::thread::scope(|s| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(|x| squared(x, w, scale)).sum::<f64>()))
            .collect();
        parts.into_iter().map(|h| h.join().unwrap_or(f64::NAN)).sum()
    });
    sum / samples.len() as f64
}

fn squared(x: &Sample, w: &Weights, scale: f64) -> f64 {
    let own = evaluate(&x.position, w) as f64;
    let white = if x.position.side_to_move() == Color::White { own } else { -own };
    let expected = expected_score(scale, white);
    (x.white_score - expected).powi(2)
}

/// The score White is expected to make from an evaluation of `white` (the logistic curve).
fn expected_score(scale: f64, white: f64) -> f64 {
    1.0 / (1.0 + (-scale * white).exp())
}

/// The steepness that fits the base weights best (golden-section search).
fn best_scale(samples: &[Sample], w: &Weights) -> f64 {
    let (mut lo, mut hi) = (0.0005f64, 0.05f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The weights as a flat list of named integers (`advance[3]` for an array entry), by way of their
/// TOML form so that a new weight needs no change here.
struct Params {
    names: Vec<String>,
    values: Vec<i32>,
    /// Every list field, so that an empty one stays empty instead of taking the variant's default.
    lists: Vec<String>,
    /// The weights the numbers came from, whose pattern table the rebuilt weights keep.
    base: Weights,
}

impl Params {
    fn of(w: &Weights) -> Params {
        let mut names = Vec::new();
        let mut values = Vec::new();
        let mut lists = Vec::new();
        let table = toml::Table::try_from(w).unwrap_or_default();
        for (k, v) in table {
            match v {
                toml::Value::Integer(n) => {
                    names.push(k);
                    values.push(n as i32);
                }
                toml::Value::Array(items) => {
                    lists.push(k.clone());
                    for (i, item) in items.iter().enumerate() {
                        names.push(format!("{k}[{i}]"));
                        values.push(item.as_integer().unwrap_or(0) as i32);
                    }
                }
                _ => {}
            }
        }
        Params { names, values, lists, base: w.clone() }
    }

    fn weights(&self, variant: VariantId) -> Option<Weights> {
        let mut table: toml::Table = self.lists.iter().map(|k| (k.clone(), toml::Value::Array(Vec::new()))).collect();
        for (name, &value) in self.names.iter().zip(&self.values) {
            match name.split_once('[') {
                Some((field, _)) => {
                    let entry = table.entry(field.to_string()).or_insert_with(|| toml::Value::Array(Vec::new()));
                    if let toml::Value::Array(items) = entry {
                        items.push(toml::Value::Integer(value as i64));
                    }
                }
                None => {
                    table.insert(name.clone(), toml::Value::Integer(value as i64));
                }
            }
        }
        Weights::from_toml(variant, &table.to_string()).ok().map(|w| w.with_pattern_table_of(&self.base))
    }
}

/// The fields of `tuned` that differ from `base`, as a weights file for `damas match`.
pub fn changes(base: &Weights, tuned: &Weights) -> String {
    let a = toml::Table::try_from(base).unwrap_or_default();
    let b = toml::Table::try_from(tuned).unwrap_or_default();
    let mut out = toml::Table::new();
    for (k, v) in b {
        if a.get(&k) != Some(&v) {
            out.insert(k, v);
        }
    }
    out.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_survive_the_flat_form() {
        let w = Weights::for_variant(VariantId::International);
        let p = Params::of(&w);
        assert!(p.names.iter().any(|n| n == "advance[9]"));
        assert_eq!(p.weights(VariantId::International), Some(w.clone()));
        // An empty table stays empty rather than taking the built-in one.
        let mut bare = w;
        bare.man_squares.clear();
        let bare = bare.prepared(VariantId::International);
        assert_eq!(Params::of(&bare).weights(VariantId::International), Some(bare));
    }

    #[test]
    fn weights_rebuilt_from_their_numbers_keep_a_pattern_file() {
        let v = VariantId::International;
        let path = std::env::temp_dir().join(format!("damas-tune-patterns-{}", std::process::id()));
        std::fs::write(&path, Patterns::new(vec![3; PARAMETERS]).unwrap().to_bytes()).unwrap();
        let text = format!("pattern_file = {:?}\n", path.display().to_string());
        let with_file = Weights::from_toml(v, &text).unwrap();
        std::fs::remove_file(&path).ok();
        assert_ne!(with_file, Weights::for_variant(v), "the file's table differs from the built-in one");
        assert_eq!(Params::of(&with_file).weights(v), Some(with_file));
    }

    fn config(result_weight: f64, phases: usize) -> PatternFitConfig {
        PatternFitConfig { prior: 5.0, epochs: 100, result_weight, phases }
    }

    #[test]
    fn a_two_phase_fit_learns_a_formation_that_wins_on_a_full_board_and_loses_on_a_bare_one() {
        // The backed pair 31-36 wins while thirty pieces stand on the board and loses among six;
        // 31-37 the other way round. One value per arrangement cannot say both.
        let v = VariantId::International;
        let fen = |white: &str, black: &str| Position::from_fen(v, &format!("W:W{white}:B{black}")).unwrap();
        // Every other man stands outside the windows that hold 31, 36 and 37 (rows 5 to 10 of the
        // board, its first six columns), so those windows read the same in both phases.
        let crowd_white = "16,17,18,19,20,24,25,29,30,34,35,39,40";
        let crowd_black = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
        let positions = || {
            [
                Sample {
                    position: fen(&format!("31,36,{crowd_white}"), crowd_black),
                    white_score: 1.0,
                    searched: None,
                },
                Sample {
                    position: fen(&format!("31,37,{crowd_white}"), crowd_black),
                    white_score: 0.0,
                    searched: None,
                },
                Sample { position: fen("31,36,45", "6,7,8"), white_score: 0.0, searched: None },
                Sample { position: fen("31,37,45", "6,7,8"), white_score: 1.0, searched: None },
            ]
        };
        assert_eq!(full_board_share(&positions()[0].position), 30);
        let train: Vec<Sample> = (0..200).flat_map(|_| positions()).collect();
        let base = Weights::for_variant(v);
        let fit = |phases| fit_patterns(&train, &[], &base, &PatternFitConfig { epochs: 300, ..config(1.0, phases) });
        let (one, two) = (fit(1), fit(2));
        assert_eq!((one.patterns.phases(), two.patterns.phases()), (1, 2));
        assert!(two.fitted.1 < one.fitted.1 * 0.7, "one phase {:?}, two {:?}", one.fitted, two.fitted);
        let layout = Layout::international();
        let score = |i: usize| two.patterns.score(layout, &positions()[i].position);
        assert!(score(0) > score(1) + 20, "backed is better on a full board");
        assert!(score(2) + 20 < score(3), "and worse on a bare one");
    }

    #[test]
    fn a_pattern_fit_learns_a_formation_that_wins_and_generalises() {
        // With the men even, White wins whenever its men on 31 and 36 stand together (a formation
        // the other terms cannot see) and loses with 37 instead of 36; a man more wins outright,
        // which sets the curve's steepness.
        let v = VariantId::International;
        let fen = |white: String, black: &str| Position::from_fen(v, &format!("W:W{white}:B{black}")).unwrap();
        let positions = |i: u32| {
            let extra = 41 + i % 5;
            [
                Sample { position: fen(format!("31,36,{extra}"), "6,7,8"), white_score: 1.0, searched: None },
                Sample { position: fen(format!("31,37,{extra}"), "6,7,8"), white_score: 0.0, searched: None },
                Sample { position: fen(format!("33,{extra}"), "6,7,8,9"), white_score: 0.0, searched: None },
                Sample { position: fen(format!("33,34,39,{extra}"), "6,7"), white_score: 1.0, searched: None },
            ]
        };
        let train: Vec<Sample> = (0..200).flat_map(|i| positions(i % 4)).collect();
        let held: Vec<Sample> = (0..20).flat_map(|_| positions(4)).collect();
        let base = Weights::for_variant(v);
        let fit = fit_patterns(&train, &held, &base, &config(1.0, 1));
        assert!(fit.fitted.1 < fit.fitted.0 * 0.5, "{:?}", fit.fitted);
        assert!(fit.held_out.1 < fit.held_out.0 * 0.8, "{:?}", fit.held_out);
        let layout = Layout::international();
        let [backed, loose, ..] = positions(4);
        assert!(
            fit.patterns.score(layout, &backed.position) > fit.patterns.score(layout, &loose.position) + 20,
            "the backed formation is worth more"
        );
    }

    #[test]
    fn a_pattern_fit_follows_the_search_scores_as_much_as_it_is_told() {
        // Every game is drawn, but the search saw the backed formation as good for White and the
        // loose one as bad: only a fit that listens to the scores learns the difference.
        let v = VariantId::International;
        let fen = |white: String| Position::from_fen(v, &format!("W:W{white}:B6,7,8")).unwrap();
        let positions = |i: u32| {
            let extra = 41 + i % 5;
            [
                Sample { position: fen(format!("31,36,{extra}")), white_score: 0.5, searched: Some(300) },
                Sample { position: fen(format!("31,37,{extra}")), white_score: 0.5, searched: Some(-300) },
                Sample { position: fen(format!("33,34,{extra}")), white_score: 1.0, searched: Some(100) },
                Sample { position: fen(format!("33,{extra}")), white_score: 0.0, searched: Some(-100) },
            ]
        };
        let train: Vec<Sample> = (0..200).flat_map(|i| positions(i % 4)).collect();
        let base = Weights::for_variant(v);
        let layout = Layout::international();
        let [backed, loose, ..] = positions(4);
        let gap = |result_weight: f64| {
            let fit = fit_patterns(&train, &[], &base, &config(result_weight, 1));
            fit.patterns.score(layout, &backed.position) - fit.patterns.score(layout, &loose.position)
        };
        assert!(gap(0.0) > 50, "scores alone teach the formation: {}", gap(0.0));
        assert!(gap(1.0).abs() < 20, "results alone see no difference: {}", gap(1.0));
    }

    #[test]
    fn a_fit_moves_a_weight_towards_what_wins() {
        // White wins every game where it has more men on the back rank; the fit should learn to
        // value the back rank more than the built-in set does.
        let v = VariantId::English;
        let guarded = Position::from_fen(v, "W:W29,30,31,32,22:B1,2,3,4,11").unwrap();
        let bare = Position::from_fen(v, "W:W21,22,23,24,25:B1,2,3,4,11").unwrap();
        let mut samples = Vec::new();
        for _ in 0..50 {
            samples.push(Sample { position: guarded, white_score: 1.0, searched: None });
            samples.push(Sample { position: bare, white_score: 0.0, searched: None });
        }
        let base = Weights::for_variant(v);
        let fit = fit(v, &samples, &base, &["back_rank".to_string()], 30);
        assert!(fit.error_after < fit.error_before);
        assert!(fit.weights.back_rank > base.back_rank, "{} <= {}", fit.weights.back_rank, base.back_rank);
        assert_eq!(fit.weights.king, base.king, "only the named weight moves");
    }
}
