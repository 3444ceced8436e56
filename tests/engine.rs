//! Engine integration tests: legal answers in every variant, the tactical suites, and the Hub protocol
//! spoken by the `damas hub` binary.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use damas::engine::{self, Limits, SplitMix, tactics::Puzzle};
use damas::rules::{GameState, Position, VariantId};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    /// From random playouts of every variant, the engine's answer is one of the legal moves.
    #[test]
    fn the_engine_never_returns_an_illegal_move(seed in any::<u64>(), variant in 0usize..VariantId::ALL.len(), plies in 0usize..60) {
        let v = VariantId::ALL[variant];
        let mut rng = SplitMix::new(seed);
        let mut state = GameState::new(Position::start(v));
        for _ in 0..plies {
            let moves = state.position().legal_moves();
            if moves.is_empty() || state.outcome().is_some() {
                break;
            }
            state.play(&moves[rng.below(moves.len())]);
        }
        let legal = state.position().legal_moves();
        let answer = engine::think_with(&state, &Limits { depth: Some(4), nodes: Some(20_000), ..Limits::default() }, None);
        match answer {
            Ok(r) => {
                prop_assert!(legal.contains(&r.best));
                let easy = engine::think(&state, engine::Level::Easy, seed, None).unwrap();
                prop_assert!(legal.contains(&easy.best));
            }
            Err(_) => prop_assert!(legal.is_empty()),
        }
    }
}

fn suite(v: VariantId) -> Vec<Puzzle> {
    let path = format!("{}/tests/data/tactics/{v}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_default().lines().filter_map(Puzzle::parse).collect()
}

/// Solved and two-ply-solved counts of `level`-like searches on the first `sample` positions of a
/// suite (all when `sample` is `None`).
fn run_suite(v: VariantId, sample: Option<usize>, limits: impl Fn(usize) -> Option<Limits>) -> (usize, usize, usize) {
    let mut puzzles = suite(v);
    if let Some(n) = sample {
        puzzles.truncate(n);
    }
    let (mut solved, mut shallow_solved) = (0, 0);
    for (i, p) in puzzles.iter().enumerate() {
        let pos = Position::from_fen(v, &p.fen).unwrap();
        let state = GameState::new(pos);
        let want = pos.parse_move(&p.solution).unwrap();
        let r = match limits(i) {
            Some(l) => engine::think_with(&state, &l, None).unwrap(),
            None => engine::think(&state, engine::Level::Hard, i as u64, None).unwrap(),
        };
        solved += r.best.same_effect(&want) as usize;
        let shallow = engine::think_with(&state, &Limits::depth(2), None).unwrap();
        shallow_solved += shallow.best.same_effect(&want) as usize;
    }
    (puzzles.len(), solved, shallow_solved)
}

/// A quick sample of every suite: each position has a shot that a 2-ply search misses and a deeper
/// search finds within a node budget well under what `hard` spends in its second.
#[test]
fn tactical_suites_are_solved_and_are_real_tests() {
    let mut total = 0;
    for v in VariantId::ALL {
        let (n, solved, shallow_solved) =
            run_suite(v, Some(3), |_| Some(Limits { nodes: Some(300_000), ..Limits::default() }));
        total += n;
        assert_eq!(n, 3, "{v}: the suite tests/data/tactics/{v}.txt has fewer than 3 positions");
        assert!(solved + 1 >= n, "{v}: solved {solved}/{n}");
        assert_eq!(shallow_solved, 0, "{v}: a 2-ply search already finds {shallow_solved}/{n}");
    }
    assert_eq!(total, 3 * VariantId::ALL.len());
}

/// Every suite position at the `hard` level (minutes): `cargo test --release --test engine -- --ignored`.
/// `damas tactics --variant V --check FILE` prints the same figures with the positions missed.
#[test]
#[ignore]
fn hard_solves_nine_in_ten_of_every_suite() {
    for v in VariantId::ALL {
        let (n, solved, shallow_solved) = run_suite(v, None, |_| None);
        if n == 0 {
            continue;
        }
        eprintln!("{v}: hard solves {solved}/{n}, two plies {shallow_solved}/{n}");
        assert!(solved * 10 >= n * 9, "{v}: hard solved {solved}/{n}");
        assert!(shallow_solved * 10 <= n, "{v}: a 2-ply search already finds {shallow_solved}/{n}");
    }
}

/// A Hub engine's reported scores take part in adjudication: six men up, the game ends after four
/// moves of each engine.
#[test]
fn a_hub_engine_s_scores_adjudicate_a_won_game() {
    use damas::engine::matchplay::{Adjudication, GameEnd, Player, play_game};
    use damas::engine::openings;
    let v = VariantId::English;
    let ballots = openings::parse(v, "B:W21-26:B1-12").unwrap();
    let hub = format!("'{}' hub", env!("CARGO_BIN_EXE_damas"));
    let mut a = Player::start(&hub.parse().unwrap(), v, 1).unwrap();
    let mut b = Player::start(&"internal:medium".parse().unwrap(), v, 2).unwrap();
    let adjudication = Adjudication::default();
    let (_, r) = play_game(&mut a, &mut b, &ballots[0], true, Duration::from_millis(50), Some(&adjudication)).unwrap();
    assert_eq!((r.end, r.a_points, r.plies), (GameEnd::Adjudicated, 1.0, 8));
}

/// A Hub engine is sent the moves since the last irreversible one, so that it sees repetitions;
/// one given as `position-only:` is sent the current position alone, for adapters that drop
/// `moves=`.
#[test]
fn a_position_only_hub_engine_is_sent_no_moves() {
    use damas::engine::matchplay::{Adjudication, Player, play_game};
    use damas::engine::openings;
    let v = VariantId::English;
    // Kings only: every move is reversible, so the moves since the last irreversible one pile up.
    let ballots = openings::parse(v, "W:WK1,K2,K3,K4,K5:BK32").unwrap();
    let dir = std::env::temp_dir().join(format!("damas-hub-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (prefix, expect_moves) in [("", true), ("position-only:", false)] {
        let log = dir.join(if expect_moves { "with-moves.log" } else { "position-only.log" });
        let _ = std::fs::remove_file(&log);
        let spec = format!("{prefix}tee -a '{}' | '{}' hub", log.display(), env!("CARGO_BIN_EXE_damas"));
        let mut a = Player::start(&spec.parse().unwrap(), v, 1).unwrap();
        let mut b = Player::start(&"internal:medium".parse().unwrap(), v, 2).unwrap();
        play_game(&mut a, &mut b, &ballots[0], true, Duration::from_millis(20), Some(&Adjudication::default()))
            .unwrap();
        drop(a);
        let sent = std::fs::read_to_string(&log).unwrap();
        let positions: Vec<&str> = sent.lines().filter(|l| l.starts_with("pos ")).collect();
        assert!(positions.len() >= 2, "{prefix}: {sent}");
        assert_eq!(positions.iter().skip(1).all(|l| l.contains("moves=")), expect_moves, "{prefix}: {sent}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hub_round_trip() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damas"))
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start damas hub");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let read_until = |prefix: &str| -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = rx.recv_timeout(Duration::from_secs(20)).expect("hub answers");
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    };
    writeln!(stdin, "hub").unwrap();
    let intro = read_until("wait");
    assert!(intro.iter().any(|l| l.starts_with("id name=damas")));
    assert!(intro.iter().any(|l| l.starts_with("param name=variant")));
    writeln!(stdin, "init").unwrap();
    read_until("ready");
    writeln!(stdin, "ping").unwrap();
    read_until("pong");
    // International start with one move each played: the engine answers for White.
    writeln!(stdin, "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"").unwrap();
    writeln!(stdin, "level depth=4").unwrap();
    writeln!(stdin, "go think").unwrap();
    let lines = read_until("done");
    assert!(lines.iter().any(|l| l.starts_with("info depth=")));
    let done = lines.last().unwrap();
    let mv = done.split_whitespace().find_map(|t| t.strip_prefix("move=")).unwrap();
    let pos = Position::start(VariantId::International);
    let pos = pos.play(&pos.parse_move("32-28").unwrap());
    let pos = pos.play(&pos.parse_move("19-23").unwrap());
    // 28x19 is forced.
    assert_eq!(mv, "28x19x23");
    assert!(damas::engine::hub::decode_move(&pos, mv).is_ok());
    // Another variant, an infinite search stopped from outside.
    writeln!(stdin, "set-param name=variant value=russian").unwrap();
    writeln!(stdin, "init").unwrap();
    read_until("ready");
    writeln!(stdin, "pos pos=Wwwwwwwwwwwwweeeeeeeebbbbbbbbbbbb").unwrap();
    writeln!(stdin, "level infinite").unwrap();
    writeln!(stdin, "go analyze").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    writeln!(stdin, "stop").unwrap();
    let lines = read_until("done");
    let mv = lines.last().unwrap().split_whitespace().find_map(|t| t.strip_prefix("move=")).unwrap().to_string();
    let start = Position::start(VariantId::Russian);
    assert!(damas::engine::hub::decode_move(&start, &mv).is_ok(), "{mv}");
    writeln!(stdin, "quit").unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn bestmove_prints_info_and_the_move_last() {
    let out = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["bestmove", "--variant", "english", "--depth", "5"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("info depth 1 "), "{text}");
    assert!(lines.iter().any(|l| l.contains(" nps ") && l.contains(" pv ")));
    let last = lines.last().unwrap();
    assert!(Position::start(VariantId::English).parse_move(last).is_ok(), "{last}");
}

/// A longer level-against-level run (minutes): `cargo test --release --test engine -- --ignored`.
#[test]
#[ignore]
fn medium_beats_easy_in_english() {
    use damas::engine::matchplay::{Player, play_game};
    use damas::engine::openings;
    let v = VariantId::English;
    let ballots = openings::parse(v, include_str!("../data/openings/english.txt")).unwrap();
    let mut a = Player::start(&"internal:medium".parse().unwrap(), v, 1).unwrap();
    let mut b = Player::start(&"internal:easy".parse().unwrap(), v, 2).unwrap();
    let mut points = 0.0;
    for g in 0..20 {
        let (_, r) = play_game(&mut a, &mut b, &ballots[g / 2], g % 2 == 0, Duration::from_millis(200), None).unwrap();
        points += r.a_points;
    }
    assert!(points >= 14.0, "medium scored {points}/20");
}

/// Antidraughts is played to lose: the engine gives its last man away, where International would
/// keep it.
#[test]
fn antidraughts_engine_plays_to_lose_its_pieces() {
    let anti = Position::from_fen(VariantId::Antidraughts, "W:W27:B18").unwrap();
    let r = engine::think_with(&GameState::new(anti), &Limits::depth(4), None).unwrap();
    assert_eq!(anti.notation(&r.best), "27-22");
    assert!(r.score >= engine::WIN_BOUND, "score {}", r.score);
    let intl = Position::from_fen(VariantId::International, "W:W27:B18").unwrap();
    let r = engine::think_with(&GameState::new(intl), &Limits::depth(4), None).unwrap();
    assert_eq!(intl.notation(&r.best), "27-21");
}
