//! Positions from the rule notes (REFERENCE section 4) whose legal-move sets were cross-checked with
//! other implementations, plus one test per sentence of the seed rule texts.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use damas::rules::{Color, GameState, OutcomeReason, Paths, Position, PriorityRule, Reason, Role, VariantId};

fn pos(variant: &str, fen: &str) -> Position {
    let v: VariantId = variant.parse().expect("variant");
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves with every landing square written out, sorted.
fn full(variant: &str, fen: &str) -> Vec<String> {
    let p = pos(variant, fen);
    let mut list: Vec<String> = p.legal_moves().iter().map(|m| p.full_notation(m)).collect();
    list.sort();
    list
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn paths_count(variant: &str, fen: &str) -> u64 {
    pos(variant, fen).perft(1, Paths::Keep)
}

fn reason(variant: &str, fen: &str, text: &str) -> Reason {
    match pos(variant, fen).parse_move(text) {
        Ok(m) => panic!("{text} was accepted as {m:?}"),
        Err(e) => e.reason,
    }
}

// --- International (FMJD) -------------------------------------------------------------------

#[test]
fn int1_majority_rule_king_has_no_priority() {
    assert_eq!(full("international", "W:W33,K47:B28,17,41"), sorted(&["33x22x11"]));
    assert_eq!(
        reason("international", "W:W33,K47:B28,17,41", "47x36"),
        Reason::PriorityRequired { rule: PriorityRule::MostPieces }
    );
}

#[test]
fn int2_equal_counts_free_choice() {
    assert_eq!(full("international", "W:W33,K47:B28,41"), sorted(&["33x22", "47x36"]));
}

#[test]
fn int3_man_passing_promotion_row_stays_man() {
    let p = pos("international", "W:W13:B7,8");
    assert_eq!(full("international", "W:W13:B7,8"), sorted(&["13x2x11"]));
    let after = p.play(&p.parse_move("13x11").unwrap());
    let sq11 = VariantId::International.rules().parse_square("11").unwrap();
    assert_eq!(after.piece_at(sq11).map(|pc| pc.role), Some(Role::Man));
}

#[test]
fn int4_man_ending_on_promotion_row_is_crowned() {
    let p = pos("international", "W:W13:B8");
    assert_eq!(full("international", "W:W13:B8"), sorted(&["13x2"]));
    let after = p.play(&p.parse_move("13x2").unwrap());
    assert_eq!(after.to_fen(), "B:WK2:B");
}

#[test]
fn int5_king_round_trip_duplicate_paths() {
    let fen = "W:WK32:B17,18,27,28";
    let moves = full("international", fen);
    assert_eq!(moves.len(), 7, "{moves:?}");
    assert_eq!(paths_count("international", fen), 8);
    let p = pos("international", fen);
    let mut ends: Vec<String> =
        p.legal_moves().iter().map(|m| VariantId::International.rules().square_name(m.to())).collect();
    ends.sort();
    assert_eq!(ends, sorted(&["32", "37", "41", "46", "38", "43", "49"]));
    assert!(p.legal_moves().iter().all(|m| m.captures().len() == 4));
}

#[test]
fn int6_turkish_strike_captured_pieces_block() {
    let fen = "W:WK32:B17,18,19,27,28";
    assert_eq!(full("international", fen).len(), 10);
    assert_eq!(paths_count("international", fen), 11);
    assert!(pos("international", fen).legal_moves().iter().all(|m| m.captures().len() == 4));
}

// --- Russian and Brazilian ----------------------------------------------------------------

#[test]
fn bra1_and_rus1_majority_versus_free_choice() {
    let fen = "W:WKc3:Bd4,d6,b6,b4,f6";
    assert_eq!(full("brazilian", fen).len(), 7);
    assert_eq!(paths_count("brazilian", fen), 8);
    assert_eq!(full("russian", fen).len(), 11);
    assert_eq!(paths_count("russian", fen), 12);
}

#[test]
fn rus2_man_crowned_mid_capture_continues_as_king() {
    assert_eq!(full("russian", "W:Wb6:Bc7,f6"), sorted(&["b6:d8:g5", "b6:d8:h4"]));
    let p = pos("russian", "W:Wb6:Bc7,f6");
    let after = p.play(&p.parse_move("b6:h4").unwrap());
    assert_eq!(after.to_fen(), "B:WKh4:B");
}

#[test]
fn bra2_man_stops_on_promotion_row() {
    assert_eq!(full("brazilian", "W:Wb6:Bc7,f6"), sorted(&["b6xd8"]));
}

#[test]
fn rus3_free_choice_but_sequences_must_be_finished() {
    assert_eq!(full("russian", "W:Wc3:Bb4,d4,f6"), sorted(&["c3:a5", "c3:e5:g7"]));
    assert_eq!(reason("russian", "W:Wc3:Bb4,d4,f6", "c3:e5"), Reason::Incomplete);
    assert_eq!(full("brazilian", "W:Wc3:Bb4,d4,f6"), sorted(&["c3xe5xg7"]));
    assert_eq!(
        reason("brazilian", "W:Wc3:Bb4,d4,f6", "c3xa5"),
        Reason::PriorityRequired { rule: PriorityRule::MostPieces }
    );
}

// --- English (seed 000) --------------------------------------------------------------------

#[test]
fn eng1_crowning_ends_the_move() {
    assert_eq!(full("english", "B:W26,27:B22"), sorted(&["22x31"]));
}

#[test]
fn eng2_free_choice_among_captures() {
    assert_eq!(full("english", "B:W18,26,27:B22,14"), sorted(&["22x31", "14x23x32", "14x23x30"]));
}

#[test]
fn english_black_moves_first_from_1_to_12() {
    let start = Position::start(VariantId::English);
    assert_eq!(start.side_to_move(), Color::Black);
    assert_eq!(start.count(Color::Black, Role::Man), 12);
    assert_eq!(start.legal_moves().len(), 7);
    assert!(start.parse_move("9-13").is_ok());
    assert_eq!(reason("english", "B:W21-32:B1-12", "22-18"), Reason::NotYourPiece { square: "22".into() });
}

#[test]
fn english_capture_is_compulsory_and_quiet_moves_vanish() {
    // Seed: if there is a single capture, quiet moves do not exist.
    let fen = "B:W18,30:B14,5";
    let moves = full("english", fen);
    assert_eq!(moves, sorted(&["14x23"]));
    let err = pos("english", fen).parse_move("5-9").unwrap_err();
    assert_eq!(err.reason, Reason::CaptureRequired);
    assert_eq!(err.alternatives, vec!["14x23".to_string()]);
}

#[test]
fn english_king_jumps_only_adjacent_pieces() {
    // Seed: the king also jumps a single square; a piece two squares away cannot be taken.
    assert!(full("english", "W:WK30:B21").iter().all(|m| !m.contains('x')));
    assert_eq!(full("english", "W:WK30:B25"), sorted(&["30x21"]));
}

#[test]
fn english_landing_square_must_be_free() {
    // Seed: if the square behind is occupied or off the board, the capture does not exist.
    assert!(full("english", "W:W27:B23,18").iter().all(|m| !m.contains('x')));
    // 13 stands on the edge: there is no square behind it.
    assert_eq!(full("english", "W:W17:B13"), sorted(&["17-14"]));
}

#[test]
fn english_man_never_captures_backward_even_mid_sequence() {
    // After 23x14 a jump back over 17 to 21 would need a man that captures backward.
    assert_eq!(full("english", "W:W23:B18,17"), sorted(&["23x14"]));
    assert_eq!(full("russian", "W:We3:Bd4,b4"), sorted(&["e3:c5:a3"]));
}

#[test]
fn english_same_piece_not_jumped_twice() {
    let p = pos("english", "W:WK22:B18,17,25,26");
    for m in p.legal_moves() {
        let mut taken = m.captures().to_vec();
        taken.sort();
        taken.dedup();
        assert_eq!(taken.len(), m.captures().len());
    }
}

#[test]
fn english_sequence_cannot_stop_half_way() {
    assert_eq!(reason("english", "W:W23:B18,10,19", "23x14"), Reason::Incomplete);
}

#[test]
fn english_captured_pieces_leave_at_the_end() {
    let p = pos("english", "W:W23:B18,10");
    let mv = p.parse_move("23x7").unwrap();
    assert_eq!(mv.captures().len(), 2);
    assert_eq!(p.play(&mv).to_fen(), "B:W7:B");
}

#[test]
fn illegal_move_changes_nothing() {
    let p = Position::start(VariantId::English);
    let before = p;
    assert!(p.parse_move("9-15").is_err());
    assert_eq!(p, before);
}

// --- Italian (FID) ------------------------------------------------------------------------

#[test]
fn ita1_man_cannot_capture_king() {
    assert_eq!(full("italian", "W:W22:BK18"), sorted(&["22-19"]));
    assert_eq!(reason("italian", "W:W22:BK18", "22x13"), Reason::ManCannotCaptureKing);
    assert_eq!(full("italian", "W:W22:B18"), sorted(&["22x13"]));
}

#[test]
fn ita3_king_must_capture_when_counts_tie() {
    assert_eq!(full("italian", "W:W22,K30:B18,27"), sorted(&["30x23"]));
    assert_eq!(
        reason("italian", "W:W22,K30:B18,27", "22x13"),
        Reason::PriorityRequired { rule: PriorityRule::KingCaptures }
    );
}

#[test]
fn ita4_king_must_take_the_king() {
    assert_eq!(full("italian", "W:WK22:B18,K19"), sorted(&["22x15"]));
    assert_eq!(
        reason("italian", "W:WK22:B18,K19", "22x13"),
        Reason::PriorityRequired { rule: PriorityRule::MostKings }
    );
}

#[test]
fn ita5_king_met_first() {
    assert_eq!(full("italian", "W:WK19:B14,K6,K22,21"), sorted(&["19x26x17"]));
    assert_eq!(
        reason("italian", "W:WK19:B14,K6,K22,21", "19x10x3"),
        Reason::PriorityRequired { rule: PriorityRule::KingFirst }
    );
}

// --- Turkish --------------------------------------------------------------------------------

#[test]
fn tur1_no_half_turn_between_captures() {
    assert_eq!(full("turkish", "W:WKe4:Bc4,g4"), sorted(&["e4xb4", "e4xa4", "e4xh4"]));
}

#[test]
fn tur2_captured_pieces_leave_at_once() {
    let p = pos("turkish", "W:WKa1:Ba3,c5,d3,b2,a6");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().all(|m| m.captures().len() == 5));
    let mut ends: Vec<String> = moves.iter().map(|m| VariantId::Turkish.rules().square_name(m.to())).collect();
    ends.sort();
    assert_eq!(ends, sorted(&["a7", "a8"]));
}

#[test]
fn tur3_man_goes_on_capturing_as_a_man_on_the_last_row() {
    assert_eq!(full("turkish", "W:Wc6:Bc7,d8,e5"), sorted(&["c6xc8xe8"]));
    let p = pos("turkish", "W:Wc6:Bc7,d8,e5");
    let after = p.play(&p.parse_move("c6xe8").unwrap());
    assert_eq!(after.to_fen(), "B:WKe8:Be5");
}

#[test]
fn tur4_men_capture_forward_and_sideways_never_backward() {
    assert_eq!(full("turkish", "W:Wd4:Be4,d5,c4"), sorted(&["d4xd6", "d4xb4", "d4xf4"]));
    assert!(full("turkish", "W:Wd4:Bd3").iter().all(|m| !m.contains('x')));
}

/// A man's sideways step can be undone, so it does not wipe the history threefold repetition looks
/// at; a step forward does.
#[test]
fn tur5_positions_repeat_across_sideways_man_steps() {
    let mut game = GameState::new(pos("turkish", "W:WKh8:Bb5"));
    let round = ["h8-g8", "b5-a5", "g8-h8", "a5-b5"];
    for (i, text) in round.iter().chain(round.iter()).enumerate() {
        assert_eq!(game.outcome(), None, "ended before ply {i}");
        let mv = game.position().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(&mv);
    }
    let outcome = game.outcome().expect("the start position has stood three times");
    assert_eq!((outcome.winner, outcome.reason), (None, OutcomeReason::Repetition));

    let mut game = GameState::new(pos("turkish", "W:WKh8:Bb6"));
    for text in ["h8-g8", "b6-b5", "g8-h8"] {
        let mv = game.position().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(&mv);
    }
    assert_eq!(game.history().len(), 2, "the step forward started the history again");
}

// --- Spanish (seed 004) ---------------------------------------------------------------------

#[test]
fn spanish_white_starts_on_1_to_12_from_the_bottom_right() {
    let start = Position::start(VariantId::Spanish);
    assert_eq!(start.side_to_move(), Color::White);
    let rules = VariantId::Spanish.rules();
    // Square 1 is White's bottom-right corner (h1), a playing square; a1 is not.
    assert_eq!(rules.square_name(rules.square_at(0, 7).unwrap()), "1");
    assert!(rules.square_at(0, 0).is_none());
    assert_eq!(rules.square_name(rules.square_at(7, 0).unwrap()), "32");
}

#[test]
fn spanish_law_of_quantity() {
    // The man on 10 can take 14 and 23 (two pieces); the man on 11 only one.
    let moves = full("spanish", "W:W10,11:B14,23,15");
    assert!(moves.iter().all(|m| m.matches('x').count() == 2), "{moves:?}");
}

#[test]
fn spanish_law_of_quality_kings_before_men() {
    // Both captures take one piece; the one that takes a king is compulsory.
    let fen = "W:W10,12:BK14,15";
    assert_eq!(full("spanish", fen), sorted(&["10x19"]));
    assert_eq!(reason("spanish", fen, "12x19"), Reason::PriorityRequired { rule: PriorityRule::MostKings });
}

#[test]
fn spanish_has_no_king_priority() {
    // The man on 10 and the king on 4 can each take the man on 14: all four captures are legal.
    let moves = full("spanish", "W:W10,K4:B14");
    assert_eq!(moves, sorted(&["10x19", "4x18", "4x21", "4x25"]));
}

#[test]
fn spanish_men_capture_forward_only_and_kings_fly() {
    assert!(full("spanish", "W:W14:B10").iter().all(|m| !m.contains('x')));
    let king_moves = full("spanish", "W:WK1:B32");
    assert!(king_moves.len() >= 6, "{king_moves:?}");
}

// --- Triestine (seed 002) -------------------------------------------------------------------

#[test]
fn triestine_board_and_numbering() {
    let rules = VariantId::Triestine.rules();
    assert_eq!((rules.rows, rules.cols), (10, 10));
    assert_eq!(rules.square_name(rules.square_at(9, 0).unwrap()), "1"); // a10
    assert_eq!(rules.square_name(rules.square_at(0, 1).unwrap()), "46"); // b1
    let start = Position::start(VariantId::Triestine);
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(start.count(Color::White, Role::Man), 20);
    // The seed's 27-23 is a diagonal step for White in this numbering.
    assert_eq!(full("triestine", "W:W27:B1"), sorted(&["27-22", "27-23"]));
}

#[test]
fn triestine_a_king_is_a_wall_for_men() {
    assert_eq!(full("triestine", "W:W33:B28"), sorted(&["33x24"]));
    assert_eq!(full("triestine", "W:W33:BK28"), sorted(&["33-27"]));
    assert_eq!(reason("triestine", "W:W33:BK28", "33x24"), Reason::ManCannotCaptureKing);
}

#[test]
fn triestine_men_never_capture_backward_mid_sequence() {
    // After 33x24 a jump back over 29 would land on 35: a man may not.
    assert_eq!(full("triestine", "W:W33:B28,29"), sorted(&["33x24"]));
}

#[test]
fn triestine_crowning_ends_the_move() {
    // 12x3 crowns; as a king it could go on over 8, but the move ends on the crowning square.
    assert_eq!(full("triestine", "W:W12:B7,8"), sorted(&["12x3"]));
    let p = pos("triestine", "W:W12:B7,8");
    assert_eq!(p.play(&p.parse_move("12x3").unwrap()).to_fen(), "B:WK3:B8");
}

#[test]
fn triestine_priority_most_pieces_over_all_pieces() {
    // 38x27x18 takes two pieces; 37x26 takes one, so the man on 37 must stay still.
    let fen = "W:W38,37:B33,23,32";
    let moves = full("triestine", fen);
    assert!(moves.iter().all(|m| m.matches('x').count() == 2), "{moves:?}");
}

#[test]
fn triestine_king_captures_before_man() {
    let fen = "W:W38,K39:B33,34";
    let moves = full("triestine", fen);
    assert!(moves.iter().all(|m| m.starts_with("39")), "{moves:?}");
}

#[test]
fn triestine_crowning_counts_only_what_it_took() {
    // 12x3 takes one piece and crowns; 39x28x17 takes two: the crowning capture is illegal.
    let fen = "W:W12,39:B7,34,23";
    let moves = full("triestine", fen);
    assert!(moves.iter().all(|m| m.matches('x').count() == 2), "{moves:?}");
    assert_eq!(reason("triestine", fen, "12x3"), Reason::PriorityRequired { rule: PriorityRule::MostPieces });
}

#[test]
fn triestine_crowning_man_counts_as_a_man() {
    // A man that crowns and a king each take one man: the king has priority, the crowning man does not.
    let fen = "W:W12,K39:B7,34";
    assert_eq!(full("triestine", fen), sorted(&["39x28"]));
}

// --- Notation ---------------------------------------------------------------------------------

#[test]
fn ambiguous_short_form_lists_the_paths() {
    // Two captures from 32 to 32 with different pieces? Use INT-6: 32x32 has one effect, so it is not
    // ambiguous; 32x14 is the only way to 14.
    let p = pos("international", "W:WK32:B17,18,19,27,28");
    assert!(p.parse_move("32x32").is_ok());
    assert!(p.parse_move("32 x 14").is_ok());
}

#[test]
fn unreadable_and_unknown_squares() {
    let p = Position::start(VariantId::International);
    assert_eq!(p.parse_move("hello").unwrap_err().reason, Reason::Unreadable);
    assert_eq!(p.parse_move("32").unwrap_err().reason, Reason::Unreadable);
    assert_eq!(p.parse_move("32-99").unwrap_err().reason, Reason::NoSuchSquare { square: "99".into() });
    assert_eq!(p.parse_move("28-23").unwrap_err().reason, Reason::NoPiece { square: "28".into() });
    assert_eq!(p.parse_move("32-23").unwrap_err().reason, Reason::NotLegal);
}

#[test]
fn turkish_king_may_land_where_it_captured() {
    // Positions after a Turkish king's captures read back identically from their FEN.
    let p = pos("turkish", "W:WKd1:Bd3,c5,b5");
    for m in p.legal_moves() {
        let after = p.play(&m);
        let rebuilt = Position::from_fen(VariantId::Turkish, &after.to_fen()).unwrap();
        assert_eq!(after, rebuilt, "{}", p.full_notation(&m));
    }
}

// --- More seed sentences -----------------------------------------------------------------------

/// The name of the square at a chess-like coordinate ("c3") in `variant`'s own notation.
fn at(variant: &str, coord: &str) -> String {
    let v: VariantId = variant.parse().unwrap();
    let rules = v.rules();
    let bytes = coord.as_bytes();
    let col = bytes[0] - b'a';
    let row: u8 = coord[1..].parse::<u8>().unwrap() - 1;
    rules.square_name(rules.square_at(row, col).unwrap_or_else(|| panic!("{coord} is not a playing square")))
}

#[test]
fn english_any_piece_may_capture_any_piece() {
    // Seed 000: no restriction by rank: a man takes a king.
    assert_eq!(full("english", "W:W22:BK18"), sorted(&["22x15"]));
}

#[test]
fn english_direction_may_change_at_each_jump() {
    // 30x23 goes up-right over 26, then 23x14 up-left over 18: a zig-zag is one legal sequence.
    assert_eq!(full("english", "W:W30:B26,18"), sorted(&["30x23x14"]));
}

#[test]
fn english_king_may_cross_the_same_empty_square_again() {
    // A short king goes round four men and ends on its own starting square, both ways round.
    let fen = "W:WK22:B18,10,9,17";
    let p = pos("english", fen);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].captures().len(), 4);
    assert_eq!(moves[0].from(), moves[0].to());
    assert_eq!(paths_count("english", fen), 2);
}

#[test]
fn spanish_start_has_twelve_each_on_the_three_nearest_rows() {
    let start = Position::start(VariantId::Spanish);
    let rules = VariantId::Spanish.rules();
    for (sq, piece) in start.pieces() {
        let (row, _) = rules.coords(sq);
        match piece.color {
            Color::White => assert!(row <= 2),
            Color::Black => assert!(row >= 5),
        }
    }
    assert_eq!(start.count(Color::White, Role::Man), 12);
    assert_eq!(start.count(Color::Black, Role::Man), 12);
}

#[test]
fn spanish_king_flies_only_over_free_squares() {
    // The king on 1 (h1) runs up the long diagonal (5, 10, 14) until its own man on 19 (d5) stops it.
    let fen = "W:WK1,19:B32";
    let king_moves: Vec<String> = full("spanish", fen).into_iter().filter(|m| m.starts_with("1-")).collect();
    assert_eq!(king_moves, sorted(&["1-5", "1-10", "1-14"]));
}

#[test]
fn spanish_king_captures_from_afar_and_lands_on_any_free_square_beyond() {
    let fen = format!("W:WK{}:B{}", at("spanish", "h1"), at("spanish", "e4"));
    let ends: Vec<String> = full("spanish", &fen);
    let mut expected: Vec<String> =
        ["d5", "c6", "b7", "a8"].iter().map(|c| format!("{}x{}", at("spanish", "h1"), at("spanish", c))).collect();
    expected.sort();
    assert_eq!(ends, expected);
}

#[test]
fn spanish_captured_pieces_stay_until_the_move_ends() {
    // The diamond of BRA-1 mirrored onto Spanish squares: the king cannot jump a captured man again.
    let squares = |list: &[&str]| list.iter().map(|c| at("spanish", c)).collect::<Vec<_>>().join(",");
    let fen = format!("W:WK{}:B{}", at("spanish", "f3"), squares(&["e4", "e6", "g6", "g4", "c6"]));
    assert_eq!(full("spanish", &fen).len(), 7);
    assert_eq!(paths_count("spanish", &fen), 8);
    assert!(pos("spanish", &fen).legal_moves().iter().all(|m| m.captures().len() == 4));
}

#[test]
fn spanish_no_soplo_a_missed_capture_is_simply_refused() {
    let fen = format!("W:W{},{}:B{}", at("spanish", "f3"), at("spanish", "a2"), at("spanish", "e4"));
    let p = pos("spanish", &fen);
    let quiet = format!("{}-{}", at("spanish", "a2"), at("spanish", "b3"));
    let err = p.parse_move(&quiet).unwrap_err();
    assert_eq!(err.reason, Reason::CaptureRequired);
    assert_eq!(p.to_fen(), pos("spanish", &fen).to_fen());
}

#[test]
fn spanish_man_reaching_the_last_row_is_crowned_and_stops() {
    let p = pos("spanish", "W:W26:B5");
    let after = p.play(&p.parse_move("26-30").unwrap());
    assert_eq!(after.to_fen(), "B:WK30:B5");
}

#[test]
fn international_men_capture_backward_and_start_twenty_each() {
    let start = Position::start(VariantId::International);
    assert_eq!(start.count(Color::White, Role::Man), 20);
    assert_eq!(start.count(Color::Black, Role::Man), 20);
    assert_eq!(full("international", "W:W28:B33"), sorted(&["28x39"]));
}

// --- New variants: shared helpers ----------------------------------------------------------

/// Several squares given by coordinates, as a FEN list in the variant's names.
fn list(variant: &str, coords: &[&str]) -> String {
    coords.iter().map(|c| at(variant, c)).collect::<Vec<_>>().join(",")
}

/// Plays `plies` quiet moves that neither repeat a position nor give the opponent a capture, checking
/// that the game goes on until then, and returns the final state.
fn play_quietly(variant: &str, fen: &str, plies: usize) -> GameState {
    let mut game = GameState::new(pos(variant, fen));
    let mut seen = std::collections::HashSet::new();
    seen.insert(game.position().zobrist());
    for ply in 0..plies {
        assert_eq!(game.outcome(), None, "{variant}: ended after {ply} plies");
        let p = *game.position();
        let mv = p
            .legal_moves()
            .into_iter()
            .find(|m| {
                let next = p.play(m);
                // Also leave the opponent a quiet reply that gives nothing away.
                let calm = |q: &Position| !q.has_capture() && !seen.contains(&q.zobrist());
                !m.is_capture()
                    && calm(&next)
                    && next.legal_moves().iter().any(|r| calm(&next.play(r)) && !seen.contains(&next.play(r).zobrist()))
            })
            .unwrap_or_else(|| panic!("{variant}: no quiet move at ply {ply} in {}", p.to_fen()));
        game.play(&mv);
        seen.insert(game.position().zobrist());
    }
    game
}

// --- American pool checkers -----------------------------------------------------------------

#[test]
fn pool_black_starts_on_1_to_12_with_english_numbering() {
    let start = Position::start(VariantId::Pool);
    assert_eq!(start.side_to_move(), Color::Black);
    assert_eq!(start.to_fen(), pos("english", "B:W21-32:B1-12").to_fen());
    assert_eq!(at("pool", "a1"), "29");
    assert_eq!(at("pool", "b8"), "1");
    assert_eq!(start.legal_moves().len(), 7);
}

#[test]
fn pool_men_capture_backward() {
    assert_eq!(full("pool", "W:W15:B19"), sorted(&["15x24"]));
    assert_eq!(full("english", "W:W15:B19"), sorted(&["15-10", "15-11"]));
}

#[test]
fn pool_man_reaching_the_far_row_mid_capture_goes_on_as_a_man() {
    // 11 takes 7 and lands on 2 (the far row), then must take 6 backward and ends on 9 as a man.
    let p = pos("pool", "W:W11:B6,7");
    assert_eq!(full("pool", "W:W11:B6,7"), sorted(&["11x2x9"]));
    let after = p.play(&p.parse_move("11x9").unwrap());
    assert_eq!(after.to_fen(), "B:W9:B");
    // Ending on the far row crowns it.
    let p = pos("pool", "W:W11:B7");
    assert_eq!(p.play(&p.parse_move("11x2").unwrap()).to_fen(), "B:WK2:B");
}

#[test]
fn pool_free_choice_no_majority() {
    assert_eq!(full("pool", "W:W22:B17,18,11"), sorted(&["22x13", "22x15x8"]));
}

#[test]
fn pool_king_flies_and_captures_from_afar() {
    assert_eq!(full("pool", "W:WK29:B22"), sorted(&["29x18", "29x15", "29x11", "29x8", "29x4"]));
    assert_eq!(full("english", "W:WK29:B22"), sorted(&["29-25"]));
}

#[test]
fn pool_three_kings_against_one_must_win_within_13_moves() {
    let game = play_quietly("pool", "W:WK30,K31,K32:BK1", 26);
    let outcome = game.outcome().expect("drawn by the 13-move rule");
    assert_eq!((outcome.winner, outcome.reason), (None, OutcomeReason::MoveLimit("thirteen-move")));
}

// --- Czech ----------------------------------------------------------------------------------

#[test]
fn czech_king_must_capture_when_a_king_and_a_man_can() {
    let fen = "W:Wc3,Kh8:Bd4,g7";
    assert_eq!(full("czech", fen), sorted(&["h8xe5", "h8xf6"]));
    assert_eq!(reason("czech", fen, "c3xe5"), Reason::PriorityRequired { rule: PriorityRule::KingCaptures });
    // Russian rules (free choice) allow the man's capture too.
    assert_eq!(full("russian", fen), sorted(&["c3:e5", "h8:e5", "h8:f6"]));
}

#[test]
fn czech_has_no_majority_rule_and_men_capture_forward_only() {
    assert_eq!(full("czech", "W:Wc3:Bb4,d4,f6"), sorted(&["c3xa5", "c3xe5xg7"]));
    assert_eq!(full("czech", "W:We5:Bd4"), sorted(&["e5-d6", "e5-f6"]));
}

#[test]
fn czech_man_crowned_by_a_capture_stops() {
    assert_eq!(full("czech", "W:Wb6:Bc7,f6"), sorted(&["b6xd8"]));
    let p = pos("czech", "W:Wb6:Bc7,f6");
    assert_eq!(p.play(&p.parse_move("b6xd8").unwrap()).to_fen(), "B:WKd8:Bf6");
}

#[test]
fn czech_kings_only_for_25_moves_is_a_draw() {
    let game = play_quietly("czech", "W:WKa1,Kc1:BKh8,Kf8", 50);
    let outcome = game.outcome().expect("drawn");
    assert_eq!(outcome.reason, OutcomeReason::MoveLimit("twenty-five-move"));
}

// --- Thai -------------------------------------------------------------------------------------

#[test]
fn thai_start_two_rows_eight_each_black_first() {
    let start = Position::start(VariantId::Thai);
    assert_eq!(start.side_to_move(), Color::Black);
    for color in Color::BOTH {
        assert_eq!(start.count(color, Role::Man), 8);
    }
    // Square 1 is g1, the top-left square seen from Black's seat; White starts on 1-8.
    assert_eq!(at("thai", "g1"), "1");
    assert_eq!(at("thai", "a1"), "4");
    assert_eq!(at("thai", "b8"), "32");
    assert_eq!(start.to_fen(), "B:W1,2,3,4,5,6,7,8:B25,26,27,28,29,30,31,32");
    assert_eq!(start.legal_moves().len(), 7);
}

#[test]
fn thai_king_captures_from_afar_but_lands_right_behind() {
    let fen = format!("W:WK{}:B{}", at("thai", "a1"), at("thai", "c3"));
    assert_eq!(full("thai", &fen), vec![format!("{}-{}", at("thai", "a1"), at("thai", "d4"))]);
    // The Czech king (any landing) may land anywhere beyond.
    assert_eq!(full("czech", "W:WKa1:Bc3").len(), 5);
}

#[test]
fn thai_captured_pieces_leave_at_once_so_a_king_may_turn_back() {
    // King d4 takes e5 (landing f6), turns back through the freed e5 and its own empty start square,
    // and takes c3; or the other way round.
    let fen = format!("W:WK{}:B{}", at("thai", "d4"), list("thai", &["e5", "c3"]));
    let expected = sorted(&[
        &format!("{}-{}-{}", at("thai", "d4"), at("thai", "f6"), at("thai", "b2")),
        &format!("{}-{}-{}", at("thai", "d4"), at("thai", "b2"), at("thai", "f6")),
    ]);
    assert_eq!(full("thai", &fen), expected);
    assert!(pos("thai", &fen).legal_moves().iter().all(|m| m.captures().len() == 2));
}

#[test]
fn thai_men_move_and_capture_forward_only() {
    let fen = format!("W:W{}:B{}", at("thai", "d4"), at("thai", "c3"));
    let expected = sorted(&[
        &format!("{}-{}", at("thai", "d4"), at("thai", "c5")),
        &format!("{}-{}", at("thai", "d4"), at("thai", "e5")),
    ]);
    assert_eq!(full("thai", &fen), expected);
}

#[test]
fn thai_moves_use_a_hyphen_for_captures_too() {
    let fen = format!("W:W{}:B{}", at("thai", "d4"), at("thai", "e5"));
    let p = pos("thai", &fen);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(p.notation(&moves[0]), format!("{}-{}", at("thai", "d4"), at("thai", "f6")));
}

// --- Frisian ----------------------------------------------------------------------------------

#[test]
fn fri1_and_fri2_men_capture_straight_along_files_and_rows() {
    assert_eq!(full("frisian", "W:W33:B23"), sorted(&["33x13"]));
    assert_eq!(full("frisian", "W:W33:B34"), sorted(&["33x35"]));
    // International men have no such capture.
    assert_eq!(full("international", "W:W33:B34"), sorted(&["33-28", "33-29"]));
}

#[test]
fn fri3_the_capture_worth_most_two_men_beat_one_king() {
    assert_eq!(full("frisian", "W:W33,K47:B28,17,K41"), sorted(&["33x22x11"]));
    assert_eq!(
        reason("frisian", "W:W33,K47:B28,17,K41", "47x36"),
        Reason::PriorityRequired { rule: PriorityRule::MostValue }
    );
}

#[test]
fn frisian_one_king_is_worth_more_than_one_man() {
    // Man 33 can take the man on 34 (landing on 35) or the king on 28 (landing on 22): the king.
    assert_eq!(full("frisian", "W:W33:B34,K28"), sorted(&["33x22"]));
}

#[test]
fn frisian_on_equal_value_the_king_must_capture() {
    assert_eq!(full("frisian", "W:W33,K6:B11,34"), sorted(&["6x17", "6x22", "6x28"]));
    assert_eq!(
        reason("frisian", "W:W33,K6:B11,34", "33x35"),
        Reason::PriorityRequired { rule: PriorityRule::KingCaptures }
    );
}

#[test]
fn frisian_king_captures_straight_from_afar_but_moves_only_diagonally() {
    assert_eq!(full("frisian", "W:WK46:B26"), sorted(&["46x16", "46x6"]));
    let quiet = full("frisian", "W:WK46:B5");
    assert_eq!(quiet.len(), 8, "{quiet:?}");
    assert!(!quiet.contains(&"46-36".to_string()));
}

#[test]
fn frisian_men_step_diagonally_forward_only() {
    assert_eq!(full("frisian", "W:W33:B3"), sorted(&["33-28", "33-29"]));
}

#[test]
fn frisian_two_kings_against_one_must_win_within_7_moves_and_king_against_king_is_drawn() {
    let game = play_quietly("frisian", "W:WK47,K48:BK3", 14);
    let outcome = game.outcome().expect("drawn by the 7-move rule");
    assert_eq!(outcome.reason, OutcomeReason::MoveLimit("seven-move"));
    let lone = GameState::new(pos("frisian", "W:WK46:BK5")).outcome().expect("drawn");
    assert_eq!((lone.winner, lone.reason), (None, OutcomeReason::InsufficientMaterial("lone-kings")));
}

/// Plays the moves in order and returns the position reached.
fn after(variant: &str, fen: &str, moves: &[&str]) -> Position {
    let mut p = pos(variant, fen);
    for text in moves {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p = p.play(&mv);
    }
    p
}

#[test]
fn frisian_a_king_makes_at_most_three_plain_moves_in_a_row_while_its_side_has_men() {
    let moves = ["47-42", "5-10", "42-47", "4-9", "47-42", "10-14"];
    let p = after("frisian", "W:WK47,36:B4,5", &moves);
    assert_eq!(p.king_run(Color::White).moves, 3);
    assert_eq!(full("frisian", &p.to_fen()), sorted(&["36-31"]));
    assert!(p.to_fen().ends_with(":RW3@42"), "{}", p.to_fen());
    assert_eq!(Position::from_fen(VariantId::Frisian, &p.to_fen()), Ok(p));
    // The man's move starts the count again.
    let q = after("frisian", &p.to_fen(), &["36-31", "14-19"]);
    assert_eq!(q.king_run(Color::White).moves, 0);
    assert!(full("frisian", &q.to_fen()).iter().any(|m| m.starts_with("42-")));
    // Without men there is no limit.
    let alone = after("frisian", "W:WK47:B4,5", &moves);
    assert!(full("frisian", &alone.to_fen()).iter().any(|m| m.starts_with("42-")));
    // Another king restarts the count.
    let two = after("frisian", "W:WK47,K50,36:B4,5", &["47-42", "5-10", "42-47", "4-9", "50-44", "10-14"]);
    assert_eq!(two.king_run(Color::White).moves, 1);
    // Other variants have no such limit and no such FEN field.
    assert!(Position::from_fen(VariantId::International, "W:WK42,36:B9,14:RW3@42").is_err());
}

// --- Canadian ---------------------------------------------------------------------------------

#[test]
fn canadian_is_international_on_12x12_with_30_each() {
    let rules = VariantId::Canadian.rules();
    assert_eq!((rules.rows, rules.cols, rules.square_count()), (12, 12, 72));
    let start = Position::start(VariantId::Canadian);
    assert_eq!(start.count(Color::White, Role::Man), 30);
    assert_eq!(start.count(Color::Black, Role::Man), 30);
    assert_eq!(at("canadian", "a1"), "67");
    assert_eq!(at("canadian", "b12"), "1");
    assert_eq!(start.legal_moves().len(), 11);
}

#[test]
fn canadian_man_passing_the_far_row_stays_a_man() {
    let p = pos("canadian", "W:W15:B8,9");
    assert_eq!(full("canadian", "W:W15:B8,9"), sorted(&["15x2x13"]));
    assert_eq!(p.play(&p.parse_move("15x13").unwrap()).to_fen(), "B:W13:B");
}

#[test]
fn canadian_majority_rule_king_has_no_priority() {
    // INT-1 on the larger board: the man takes two, the king only one, so only the man's capture.
    let v = "canadian";
    let fen = format!("W:W{},K{}:B{}", at(v, "f4"), at(v, "c1"), list(v, &["e5", "c7", "b2"]));
    assert_eq!(full(v, &fen), vec![format!("{}x{}x{}", at(v, "f4"), at(v, "d6"), at(v, "b8"))]);
}

// --- Antidraughts -----------------------------------------------------------------------------

#[test]
fn antidraughts_the_side_that_cannot_move_wins() {
    // White's man on 46 is blocked by 41 with 37 behind it.
    let blocked = "W:W46:B41,37";
    let anti = GameState::new(pos("antidraughts", blocked)).outcome().expect("over");
    assert_eq!((anti.winner, anti.reason), (Some(Color::White), OutcomeReason::NoMoves));
    let normal = GameState::new(pos("international", blocked)).outcome().expect("over");
    assert_eq!(normal.winner, Some(Color::Black));
    // Losing every piece wins too.
    let none = GameState::new(pos("antidraughts", "B:W46:B")).outcome().expect("over");
    assert_eq!((none.winner, none.reason), (Some(Color::Black), OutcomeReason::NoPieces));
}

#[test]
fn antidraughts_captures_follow_international_rules() {
    assert_eq!(full("antidraughts", "W:W33,K47:B28,17,41"), sorted(&["33x22x11"]));
    assert_eq!(full("antidraughts", "W:W13:B7,8"), sorted(&["13x2x11"]));
    assert_eq!(Position::start(VariantId::Antidraughts).perft(3, Paths::Merge), 658);
}

// ---------------------------------------------------------------------------------------------
// Positions built to have very many capture paths.

/// Turkish, 23 kings against one: White's king has about half a million capture paths.
const CAPTURE_STORM: &str =
    "W:WKa1:BKb1,Kd1,Kf1,Ka2,Kc2,Ke2,Kg2,Kb3,Kd3,Kf3,Ka4,Kc4,Ke4,Kg4,Kb5,Kd5,Kf5,Ka6,Kc6,Ke6,Kg6,Kb7,Kd7,Kf7";

#[test]
fn a_capture_storm_is_counted_and_merged_in_full() {
    let p = pos("turkish", CAPTURE_STORM);
    let mut paths = Vec::new();
    p.generate(&mut paths, Paths::Keep);
    assert!(paths.len() > 100_000, "{} paths", paths.len());
    let walked = p.capture_paths_within(usize::MAX).unwrap_or(0);
    assert!(walked >= paths.len(), "every path is walked before the priority law picks: {walked}");
    let best = paths.iter().map(|m| m.captures().len()).max().unwrap_or(0);
    let distinct: std::collections::BTreeSet<_> =
        paths.iter().filter(|m| m.captures().len() == best).map(|m| (m.from(), m.to(), m.captured_set())).collect();
    let merged = p.legal_moves();
    assert_eq!(merged.len(), distinct.len(), "one move per origin, destination and captured set");
    assert_eq!(p.perft(1, Paths::Merge), merged.len() as u64);
    // Written once per list, each move is still the notation it has on its own.
    let texts = p.notations(&merged);
    let some = [0, merged.len() / 2, merged.len() - 1];
    for (m, text) in some.iter().map(|&i| (&merged[i], &texts[i])) {
        assert_eq!(*text, p.notation(m));
        assert_eq!(p.parse_move(text).map(|found| found.captured_set()), Ok(m.captured_set()));
    }
}

#[test]
fn counting_capture_paths_stops_at_the_limit() {
    let p = pos("turkish", CAPTURE_STORM);
    let err = p.capture_paths_within(10_000).unwrap_err();
    assert_eq!(err.limit, 10_000);
    assert!(err.to_string().contains("too many capture sequences"), "{err}");
    let start = Position::start(VariantId::Turkish);
    assert_eq!(start.capture_paths_within(0), Ok(0), "no capture, no path");
    // Sequences are counted before the priority law picks among them: Brazilian walks the same
    // twelve as Russian, and keeps eight.
    let fen = "W:WKc3:Bd4,d6,b6,b4,f6";
    assert_eq!(pos("russian", fen).capture_paths_within(12), Ok(12));
    assert_eq!(pos("brazilian", fen).capture_paths_within(12), Ok(12));
    assert!(pos("brazilian", fen).capture_paths_within(11).is_err());
    let single = pos("english", "B:W18:B14");
    assert_eq!(single.capture_paths_within(1), Ok(1));
    assert!(single.capture_paths_within(0).is_err());
}
