//! Perft on the search's own move generator: the compact captures and quiet steps of
//! [`Tables`], with bulk counting at the last ply.
//!
//! The rules core's [`Position::perft`] is the reference; this one counts what the search walks, so
//! that the reference tables check the engine's generator too, and its speed is the speed of the
//! search's move generation. Capture paths are always merged (the search never tells them apart).

use super::board::{Step, Tables};
use super::capture::Capture;
use super::word::Word;
use crate::rules::Position;

/// Leaves at `depth` plies with duplicate capture paths merged: the same count as
/// `position.perft(depth, Paths::Merge)`.
///
/// ```
/// use damas::rules::{Paths, Position, VariantId};
/// let start = Position::start(VariantId::International);
/// assert_eq!(damas::engine::perft(&start, 4), start.perft(4, Paths::Merge));
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    let tables = Tables::of(position.variant());
    let mut buffers: Vec<Buffers> = (0..depth.max(1)).map(|_| Buffers::default()).collect();
    count(tables, position, depth, &mut buffers)
}

#[derive(Default)]
struct Buffers {
    captures: Vec<Capture>,
    steps: Vec<Step>,
}

fn count(t: &'static Tables, p: &Position, depth: u32, buffers: &mut [Buffers]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((mine, rest)) = buffers.split_first_mut() else { return 0 };
    if t.has_capture(p) {
        t.captures(p, &mut mine.captures);
        if depth == 1 {
            return mine.captures.len() as u64;
        }
        return mine.captures.iter().map(|c| count(t, &t.play_capture(p, c), depth - 1, rest)).sum();
    }
    if depth == 1 {
        return quiet_count(t, p);
    }
    t.quiet_steps(p, &mut mine.steps);
    mine.steps.iter().map(|&s| count(t, &t.play_step(p, s), depth - 1, rest)).sum()
}

/// The number of quiet steps of the side to move: the squares its men and kings can step to.
fn quiet_count(t: &Tables, p: &Position) -> u64 {
    if t.word64 { quiet_count_in::<u64>(t, p) } else { quiet_count_in::<u128>(t, p) }
}

#[inline(always)]
fn quiet_count_in<W: Word>(t: &Tables, p: &Position) -> u64 {
    let us = p.side_to_move();
    let own = W::narrow(p.color_pieces(us).0);
    let kings = W::narrow(p.king_squares().0);
    let empty = W::narrow(t.mask) & !(own | W::narrow(p.color_pieces(us.opposite()).0));
    let mut my_kings = own & kings;
    if t.king_limit
        && let Some(tired) = p.restricted_king()
    {
        my_kings &= !W::single(tired.index() as i32);
    }
    let men = t.man_mobility(own & !kings, empty, us);
    // Most positions have no kings: skip their directions altogether.
    let kings = if my_kings == W::ZERO { 0 } else { t.king_mobility(my_kings, empty) };
    (men + kings) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Paths, VariantId};

    /// Positions from random games of every variant, where captures, kings and promotions occur:
    /// both generators count the same trees.
    #[test]
    fn counts_as_the_rules_core_does_along_random_games() {
        for v in VariantId::ALL {
            let mut seed = 0x5EED_u64 + v.index() as u64;
            let mut p = Position::start(v);
            for ply in 0..160 {
                if ply % 8 == 0 {
                    assert_eq!(perft(&p, 3), p.perft(3, Paths::Merge), "{v} {}", p.to_fen());
                }
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                p = p.play(&moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
}
