//! Positions from the rule notes (REFERENCE section 4) whose legal-move sets were cross-checked with
//! other implementations, plus one test per sentence of the seed rule texts.

use damas::rules::{Color, Paths, Position, PriorityRule, Reason, Role, VariantId};

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
    let mut ends: Vec<String> = p.legal_moves().iter().map(|m| VariantId::International.rules().square_name(m.to())).collect();
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
    assert_eq!(reason("italian", "W:WK22:B18,K19", "22x13"), Reason::PriorityRequired { rule: PriorityRule::MostKings });
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
