//! Perft: counting the leaves of the move tree, the standard check of a move generator.

use super::movegen::Paths;
use super::mv::Move;
use super::position::Position;

impl Position {
    /// Leaves at `depth` plies, counting merged moves or every capture path.
    pub fn perft(&self, depth: u32, paths: Paths) -> u64 {
        let mut buffers: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
        perft_with(self, depth, paths, &mut buffers)
    }

    /// Leaves below each legal move at `depth`, for comparing generators move by move.
    pub fn divide(&self, depth: u32, paths: Paths) -> Vec<(Move, u64)> {
        let mut moves = Vec::new();
        self.generate(&mut moves, paths);
        moves
            .into_iter()
            .map(|m| {
                let n = if depth <= 1 { 1 } else { self.play(&m).perft(depth - 1, paths) };
                (m, n)
            })
            .collect()
    }
}

fn perft_with(p: &Position, depth: u32, paths: Paths, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mine, rest) = buffers.split_first_mut().unwrap_or_else(|| unreachable!("one buffer per ply"));
    if depth == 1 {
        return p.count_moves(paths, mine);
    }
    p.generate(mine, paths);
    let mut total = 0;
    for mv in mine.iter() {
        total += perft_with(&p.play(mv), depth - 1, paths, rest);
    }
    total
}
