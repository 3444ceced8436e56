//! Unit tests of the search: repetitions, limits, cancellation, determinism, the capture test and
//! levels.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::board::Tables;
use super::*;
use crate::rules::{Bitboard, Color, GameState, Position, VariantId};

fn state(v: VariantId, fen: &str) -> GameState {
    GameState::new(Position::from_fen(v, fen).unwrap())
}

#[test]
fn levels_parse_in_both_languages_and_digits() {
    for (text, level) in [
        ("easy", Level::Easy),
        ("fácil", Level::Easy),
        ("1", Level::Easy),
        ("medio", Level::Medium),
        ("2", Level::Medium),
        ("Difícil", Level::Hard),
        ("3", Level::Hard),
        ("maestro", Level::Master),
        ("4", Level::Master),
    ] {
        assert_eq!(text.parse::<Level>().unwrap(), level, "{text}");
    }
    assert!("5".parse::<Level>().is_err());
    assert_eq!(serde_json::to_string(&Level::Hard).unwrap(), "\"hard\"");
    assert_eq!(serde_json::from_str::<Level>("\"master\"").unwrap(), Level::Master);
    assert!(Level::ALL.iter().all(|l| l.limits().movetime.unwrap() < l.budget()));
}

/// Each level must see further than the one below, not merely be allowed longer: `hard` is cut at
/// a node count well under what `master`, which thinks to the end of its budget, gets through.
#[test]
fn each_level_sees_further_than_the_one_below() {
    let [easy, medium, hard, master] = Level::ALL.map(Level::limits);
    assert!(easy.depth < medium.depth && medium.depth.is_some());
    assert_eq!(hard.depth, None);
    assert_eq!(hard.nodes, Some(crate::engine::HARD_NODES));
    assert!(!hard.use_all_time);
    assert!(master.use_all_time && master.nodes.is_none() && master.depth.is_none());
    // At a million nodes a second, a slow machine's pace, master still visits twice hard's cap.
    let master_nodes_at_slowest = master.movetime.unwrap().as_millis() as u64 * 1_000;
    assert!(master_nodes_at_slowest >= 2 * crate::engine::HARD_NODES);
}

/// The generator's narrow word serves the boards whose layout fits in it, and the wide one the
/// others; the random-game tests below then check both against the rules core.
#[test]
fn boards_that_fit_in_64_bits_are_generated_in_a_u64() {
    use VariantId::*;
    for v in VariantId::ALL {
        let narrow = matches!(
            v,
            English
                | Spanish
                | Italian
                | Russian
                | Brazilian
                | Pool
                | Czech
                | Thai
                | International
                | Triestine
                | Antidraughts
        );
        assert_eq!(Tables::of(v).word64, narrow, "{v}");
    }
}

#[test]
fn fast_capture_test_agrees_with_the_rules_on_random_games() {
    for v in VariantId::ALL {
        let t = Tables::of(v);
        let mut rng = SplitMix::new(11);
        for _ in 0..20 {
            let mut p = Position::start(v);
            for _ in 0..120 {
                assert_eq!(t.has_capture(&p), p.has_capture(), "{v} {}", p.to_fen());
                let moves = p.legal_moves();
                assert_eq!(t.has_step(&p) || t.has_capture(&p), !moves.is_empty(), "{v} {}", p.to_fen());
                if moves.is_empty() {
                    break;
                }
                p = p.play(&moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn quiet_steps_and_their_play_agree_with_the_rules_on_random_games() {
    for v in VariantId::ALL {
        let t = Tables::of(v);
        let mut rng = SplitMix::new(5);
        let mut steps = Vec::new();
        for _ in 0..20 {
            let mut p = Position::start(v);
            for _ in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if !t.has_capture(&p) {
                    t.quiet_steps(&p, &mut steps);
                    assert_eq!(steps.len(), moves.len(), "{v} {}", p.to_fen());
                    for m in &moves {
                        let s = steps
                            .iter()
                            .find(|s| s.from as usize == m.from().index() && s.to as usize == m.to().index())
                            .unwrap_or_else(|| panic!("{v} {}: no step for {}", p.to_fen(), p.notation(m)));
                        assert_eq!(s.promotes, m.promotes(), "{v} {}", p.to_fen());
                        let (fast, slow) = (t.play_step(&p, *s), p.play(m));
                        assert_eq!(fast, slow, "{v} {} {}", p.to_fen(), p.notation(m));
                        assert_eq!(fast.zobrist(), slow.zobrist());
                    }
                }
                p = p.play(&moves[rng.below(moves.len())]);
            }
        }
    }
}

/// The engine's captures against the rules core's moves in one position: the same moves in the same
/// order (the search's move order depends on it), and the same position after each.
fn check_captures(
    t: &'static Tables,
    p: &Position,
    caps: &mut Vec<super::capture::Capture>,
    moves: &mut Vec<crate::rules::Move>,
) {
    let v = p.variant();
    t.captures(p, caps);
    p.generate(moves, crate::rules::Paths::Merge);
    if !t.has_capture(p) {
        assert!(caps.is_empty(), "{v} {}: {} captures where the rules have none", p.to_fen(), caps.len());
        return;
    }
    let ours: Vec<_> =
        caps.iter().map(|c| (c.from as usize, c.to as usize, c.captured, c.jumps as usize, c.promotes)).collect();
    let theirs: Vec<_> = moves
        .iter()
        .map(|m| (m.from().index(), m.to().index(), m.captured_set().0, m.captures().len(), m.promotes()))
        .collect();
    assert_eq!(ours, theirs, "{v} {}", p.to_fen());
    for (c, m) in caps.iter().zip(moves.iter()) {
        let (fast, slow) = (t.play_capture(p, c), p.play(m));
        assert_eq!(fast, slow, "{v} {} {}", p.to_fen(), p.notation(m));
        assert_eq!(fast.zobrist(), slow.zobrist());
    }
}

/// A random position of `v`: a few to many men and kings for each side anywhere (men never on their
/// own crowning row), so that long captures, king captures and priority choices come up often.
fn random_position(v: VariantId, rng: &mut SplitMix) -> Position {
    let rules = v.rules();
    let squares: Vec<_> = rules.squares().collect();
    let promotion = [Color::White, Color::Black].map(|c| rules.promotion_squares(c).collect::<Vec<_>>());
    let (mut by_color, mut kings) = ([Bitboard::EMPTY; 2], Bitboard::EMPTY);
    let king_share = rng.below(4);
    for c in 0..2 {
        for _ in 0..1 + rng.below(squares.len() / 3) {
            let sq = squares[rng.below(squares.len())];
            if (by_color[0] | by_color[1]).contains(sq) {
                continue;
            }
            let king = rng.below(4) < king_share;
            if !king && promotion[c].contains(&sq) {
                continue;
            }
            by_color[c] = by_color[c].with(sq);
            if king {
                kings = kings.with(sq);
            }
        }
    }
    let side = if rng.below(2) == 0 { Color::White } else { Color::Black };
    Position::from_parts(v, side, by_color[0], by_color[1], kings)
}

#[test]
fn engine_captures_are_the_rules_legal_captures_in_every_variant() {
    let (mut caps, mut moves) = (Vec::new(), Vec::new());
    let mut captures_seen = [0usize; VariantId::COUNT];
    for v in VariantId::ALL {
        let t = Tables::of(v);
        let mut rng = SplitMix::new(23);
        for _ in 0..20 {
            let mut p = Position::start(v);
            for _ in 0..150 {
                check_captures(t, &p, &mut caps, &mut moves);
                captures_seen[v as usize] += caps.len();
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                p = p.play(&legal[rng.below(legal.len())]);
            }
        }
        for _ in 0..3000 {
            let p = random_position(v, &mut rng);
            check_captures(t, &p, &mut caps, &mut moves);
            captures_seen[v as usize] += caps.len();
        }
    }
    // The comparison means something only if captures came up in every variant.
    for v in VariantId::ALL {
        assert!(captures_seen[v as usize] > 1000, "{v}: only {} captures compared", captures_seen[v as usize]);
    }
}

#[test]
fn takes_a_free_man_and_sees_a_simple_shot() {
    // White to move in International: 28x19 wins a man cleanly.
    let s = state(VariantId::International, "W:W28,33,34,45:B23,3,4");
    let r = think_with(&s, &Limits::depth(4), None).unwrap();
    assert!(r.best.is_capture());
    assert!(r.score > 50, "score {}", r.score);
}

#[test]
fn sees_a_forced_win() {
    // English: two kings against a lone man on its home row: it is caught at once.
    let s = state(VariantId::English, "W:WK14,K15:B2");
    let r = think_with(&s, &Limits::depth(16), None).unwrap();
    assert!(r.score >= WIN_BOUND, "score {}", r.score);
}

#[test]
fn depth_limited_search_is_deterministic() {
    for v in [VariantId::Russian, VariantId::International, VariantId::Turkish] {
        let s = GameState::new(Position::start(v));
        let a = think_with(&s, &Limits::depth(6), None).unwrap();
        let b = think_with(&s, &Limits::depth(6), None).unwrap();
        assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes), "{v}");
        assert_eq!(a.depth, 6);
    }
}

#[test]
fn probcut_prunes_the_tree_and_keeps_a_shot() {
    let searched = |fen: Option<&str>, probcut: bool, depth: u32| {
        let v = VariantId::International;
        let s = fen.map_or_else(|| GameState::new(Position::start(v)), |f| state(v, f));
        let mut engine = Engine::new(v, 20);
        engine.searcher().set_options(SearchOptions { probcut: Some(probcut), ..SearchOptions::default() });
        engine.analyse(&s, &Limits::depth(depth), None, &mut |_| {}).unwrap()
    };
    let (with, without) = (searched(None, true, 10), searched(None, false, 10));
    assert!(with.nodes * 10 < without.nodes * 9, "{} nodes with ProbCut, {} without", with.nodes, without.nodes);
    let shot = searched(Some("W:W28,33,34,45:B23,3,4"), true, 8);
    assert!(shot.best.is_capture() && shot.score > 50, "{:?} {}", shot.best, shot.score);
}

#[test]
fn easy_level_is_repeatable_for_a_seed_and_varies_across_seeds() {
    let s = GameState::new(Position::start(VariantId::International));
    let pick = |seed| think(&s, Level::Easy, seed, None).unwrap().best;
    assert_eq!(pick(5), pick(5));
    let distinct: std::collections::HashSet<_> = (0..20).map(|seed| pick(seed).to()).collect();
    assert!(distinct.len() > 1, "easy always plays the same move");
}

#[test]
fn time_limit_stops_the_search() {
    let s = GameState::new(Position::start(VariantId::International));
    let started = Instant::now();
    let r = think_with(&s, &Limits::movetime(60), None).unwrap();
    // Functional, not tight: an unlimited search from the start would run for minutes.
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(Position::start(VariantId::International).legal_moves().contains(&r.best));
}

#[test]
fn node_limit_stops_the_search() {
    let s = GameState::new(Position::start(VariantId::Russian));
    let r = think_with(&s, &Limits { nodes: Some(5_000), ..Limits::default() }, None).unwrap();
    assert!(r.nodes <= 5_100, "{} nodes", r.nodes);
}

#[test]
fn cancel_flag_stops_an_unlimited_search() {
    let s = GameState::new(Position::start(VariantId::International));
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let handle = std::thread::spawn(move || think_with(&s, &Limits::default(), Some(flag)));
    std::thread::sleep(Duration::from_millis(100));
    cancel.store(true, std::sync::atomic::Ordering::Relaxed);
    let r = handle.join().unwrap().unwrap();
    assert!(Position::start(VariantId::International).legal_moves().contains(&r.best));
    assert!(r.depth < 60);
}

#[test]
fn an_already_set_cancel_flag_still_gives_a_legal_move() {
    let s = GameState::new(Position::start(VariantId::Italian));
    let r = think_with(&s, &Limits::default(), Some(Arc::new(AtomicBool::new(true)))).unwrap();
    assert!(Position::start(VariantId::Italian).legal_moves().contains(&r.best));
}

#[test]
fn game_over_is_an_error() {
    let s = state(VariantId::English, "W:W:B1");
    assert_eq!(think_with(&s, &Limits::depth(2), None).unwrap_err(), EngineError::NoMoves);
}

#[test]
fn repetition_inside_the_search_is_a_draw() {
    // English, two kings against one: White is clearly better, so any move scores well above zero,
    // except a move back into a position the game has already seen.
    let v = VariantId::English;
    let p0 = Position::from_fen(v, "W:WK14,K23:BK4").unwrap();
    let back = |p: &Position, from, to| *p.legal_moves().iter().find(|m| m.from() == from && m.to() == to).unwrap();
    let m1 = p0.legal_moves()[0];
    let p1 = p0.play(&m1);
    let m2 = p1.legal_moves()[0];
    let mut g = GameState::new(p0);
    g.play(&m1);
    g.play(&m2);
    let r1 = back(g.position(), m1.to(), m1.from());
    g.play(&r1);
    let r2 = back(g.position(), m2.to(), m2.from());
    g.play(&r2);
    assert_eq!(g.position().zobrist(), p0.zobrist());
    let fresh = GameState::new(p0);
    let mut s = Searcher::new(Weights::for_variant(v), 16);
    let without = s.score_moves(&fresh, 3, None);
    let with = s.score_moves(&g, 3, None);
    let score_of = |list: &[(crate::rules::Move, i32)]| list.iter().find(|(m, _)| *m == m1).map(|x| x.1).unwrap();
    assert!(score_of(&without) > 50, "without history {}", score_of(&without));
    assert_eq!(score_of(&with), 0, "repeating the game's position is a draw");
    // The other moves are unaffected.
    assert!(with.iter().filter(|(m, _)| *m != m1).all(|(_, sc)| *sc > 50));
}

#[test]
fn move_limit_counters_draw_inside_the_search() {
    // Russian: 2 kings + man against a lone king after many quiet moves: the five-move rule
    // (lone king v 1-2 pieces) makes it a draw when the count is already exhausted.
    let v = VariantId::Russian;
    let s = Searcher::new(Weights::for_variant(v), 12);
    let p = Position::from_fen(v, "W:WKa1,Kc1:BKh8").unwrap();
    assert!(s.rule_draw(&p, 0, 10));
    assert!(!s.rule_draw(&p, 0, 2));
    let e = Position::from_fen(VariantId::English, "W:WK1,K2,22:BK32").unwrap();
    assert!(s.rule_draw(&e, 80, 0));
    assert!(!s.rule_draw(&e, 79, 0));
}

#[test]
fn engines_in_parallel_do_not_interfere() {
    let handles: Vec<_> = VariantId::ALL
        .iter()
        .map(|&v| {
            std::thread::spawn(move || {
                think_with(&GameState::new(Position::start(v)), &Limits::depth(5), None).unwrap()
            })
        })
        .collect();
    for (h, v) in handles.into_iter().zip(VariantId::ALL) {
        let r = h.join().unwrap();
        let again = think_with(&GameState::new(Position::start(v)), &Limits::depth(5), None).unwrap();
        assert_eq!((r.best, r.score), (again.best, again.score), "{v}");
    }
}

#[test]
fn a_movetime_given_per_move_is_used_to_the_end() {
    let s = GameState::new(Position::start(VariantId::International));
    let r = think_with(&s, &Limits::movetime(120), None).unwrap();
    assert!(r.time >= Duration::from_millis(120), "stopped after {:?}", r.time);
    assert!(s.position().legal_moves().contains(&r.best));
}
