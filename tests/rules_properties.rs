//! Properties that hold in every reachable position of every variant, checked on random playouts.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use damas::rules::{Color, GameState, Paths, Position, Role, VariantId};
use proptest::prelude::*;

/// Plays `choices` (each taken modulo the number of legal moves) from the start position.
fn playout(variant: VariantId, choices: &[u16]) -> Vec<Position> {
    let mut p = Position::start(variant);
    let mut seen = vec![p];
    for &c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p.play(&moves[c as usize % moves.len()]);
        seen.push(p);
    }
    seen
}

fn variant_strategy() -> impl Strategy<Value = VariantId> {
    prop::sample::select(VariantId::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn fen_round_trip(variant in variant_strategy(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        for p in playout(variant, &choices) {
            let fen = p.to_fen();
            let back = Position::from_fen(variant, &fen).expect("own FEN reads back");
            prop_assert_eq!(back, p, "{}", fen);
            prop_assert_eq!(back.to_fen(), fen);
        }
    }

    #[test]
    fn play_keeps_the_board_consistent(variant in variant_strategy(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let rules = variant.rules();
        let positions = playout(variant, &choices);
        for pair in positions.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            let mover = before.side_to_move();
            prop_assert_eq!(after.side_to_move(), mover.opposite());
            // The incremental hash equals a hash computed from scratch.
            let rebuilt = Position::from_fen(variant, &after.to_fen()).unwrap();
            prop_assert_eq!(after.zobrist(), rebuilt.zobrist());
            // The mover never loses pieces; the opponent loses exactly the captured ones.
            let total = |p: &Position, c: Color| p.count(c, Role::Man) + p.count(c, Role::King);
            prop_assert_eq!(total(&after, mover), total(&before, mover));
            prop_assert!(total(&after, mover.opposite()) <= total(&before, mover.opposite()));
            // No man stands on its own promotion row.
            for (sq, piece) in after.pieces() {
                if piece.role == Role::Man {
                    prop_assert!(!rules.promotion_squares(piece.color).any(|s| s == sq));
                }
            }
        }
    }

    #[test]
    fn every_printed_move_parses_back(variant in variant_strategy(), choices in prop::collection::vec(any::<u16>(), 0..80)) {
        for p in playout(variant, &choices) {
            let moves = p.legal_moves();
            for m in &moves {
                let text = p.notation(m);
                let parsed = p.parse_move(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
                prop_assert!(parsed.same_effect(m), "{} parsed as another move", text);
                let full = p.full_notation(m);
                prop_assert!(p.parse_move(&full).is_ok_and(|x| x.same_effect(m)), "{}", full);
            }
            // Merged moves are never more than the capture paths.
            prop_assert!(p.perft(1, Paths::Merge) <= p.perft(1, Paths::Keep));
            prop_assert_eq!(p.perft(1, Paths::Merge), moves.len() as u64);
        }
    }

    #[test]
    fn parsing_garbage_never_panics(variant in variant_strategy(), text in ".{0,40}") {
        let p = Position::start(variant);
        let _ = p.parse_move(&text);
        let _ = Position::from_fen(variant, &text);
    }
}

#[test]
fn game_state_declares_a_repetition_draw() {
    // Two kings shuffle back and forth: the third occurrence of the position ends the game.
    let start = Position::from_fen(VariantId::International, "W:WK48,K49:BK1").unwrap();
    let mut game = GameState::new(start);
    let cycle = ["48-43", "1-6", "43-48", "6-1"];
    let mut finished_after = None;
    for (i, text) in cycle.iter().cycle().take(12).enumerate() {
        if game.outcome().is_some() {
            finished_after = Some(i);
            break;
        }
        let mv = game.position().parse_move(text).unwrap();
        game.play(&mv);
    }
    let outcome = game.outcome().expect("drawn");
    assert_eq!(outcome.winner, None);
    assert_eq!(finished_after, Some(8));
}

#[test]
fn game_state_applies_the_five_move_rule() {
    // Two kings against one in International: drawn after five moves each with the material unchanged.
    let start = Position::from_fen(VariantId::International, "W:WK48,K49:BK1").unwrap();
    let mut game = GameState::new(start);
    let moves = ["48-43", "1-6", "43-38", "6-11", "38-32", "11-17", "32-27", "17-11", "27-21", "11-6"];
    for text in moves {
        assert_eq!(game.outcome(), None, "ended before {text}");
        let mv = game.position().parse_move(text).unwrap();
        game.play(&mv);
    }
    let outcome = game.outcome().expect("drawn by the five-move rule");
    assert_eq!(outcome.reason, damas::rules::OutcomeReason::MoveLimit("five-move"));
}

#[test]
fn no_moves_and_no_pieces_lose() {
    let none = GameState::new(Position::from_fen(VariantId::English, "B:W23:B").unwrap());
    let outcome = none.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, damas::rules::OutcomeReason::NoPieces);
    // Black's man on 28 can only step to 32, where a White man stands; there is no square to jump to.
    let stuck = GameState::new(Position::from_fen(VariantId::English, "B:W32:B28").unwrap());
    let outcome = stuck.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, damas::rules::OutcomeReason::NoMoves);
    let playing = GameState::new(Position::start(VariantId::English));
    assert_eq!(playing.outcome(), None);
}
