//! Iterative-deepening principal-variation search with aspiration windows, a transposition table,
//! killer and history move ordering, late-move reductions and capture quiescence.
//!
//! Captures are compulsory in every variant, so a position where the side to move must capture is
//! never scored statically: the search goes on through every capture until the position is quiet.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::board::{Step, Tables};
use super::capture::Capture;
use super::eval::{Weights, evaluate};
use super::tt::{Bound, Tt};
use crate::rules::{Color, DrawRule, GameState, Move, Paths, Position, Role, VariantId};

pub const INFINITY: i32 = 32_000;
/// The score of a win at the root; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 31_000;
/// Scores at least this far from zero announce a forced win or loss.
pub const WIN_BOUND: i32 = 30_000;

pub(crate) const MAX_PLY: usize = 128;
/// Reverse futility pruning: at most this many plies from the horizon, and by this margin per ply
/// (hundredths of a man).
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: i32 = 60;
/// ProbCut: from this many plies from the horizon, a search at `PROBCUT_DEPTH_PERCENT` of the depth
/// that clears beta by `PROBCUT_MARGIN` per ply (hundredths of a man) cuts the node.
const PROBCUT_MIN_DEPTH: i32 = 3;
const PROBCUT_DEPTH_PERCENT: i32 = 40;
const PROBCUT_MARGIN: i32 = 5;

/// Search features switched on or off over the variant's defaults, so that a match can measure one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// The horizon look at capture threats.
    pub threats: Option<bool>,
    /// ProbCut: a shallow search well above beta cuts the node.
    pub probcut: Option<bool>,
}

/// When to stop searching. Unset fields mean no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget for the whole search.
    pub movetime: Option<Duration>,
    /// Deepest iteration to run.
    pub depth: Option<u32>,
    /// Nodes to visit at most.
    pub nodes: Option<u64>,
    /// Think until `movetime` runs out, ending inside an unfinished iteration if need be. Without
    /// it, no iteration is started that is unlikely to finish, so the answer often comes well
    /// before the budget: right for a chat, where the budget is a ceiling on the wait, but a
    /// waste when the time is given per move and is lost if not used (a match, a Hub GUI).
    pub use_all_time: bool,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }
    /// `ms` milliseconds per move, all of them used.
    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime: Some(Duration::from_millis(ms)), use_all_time: true, ..Limits::default() }
    }
}

/// One finished iteration, as reported while searching.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

impl Info {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64
    }
}

#[derive(Clone, Copy, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
}

/// A search instance: its own table and ordering state, nothing shared.
pub struct Searcher {
    tt: Tt,
    pub(crate) weights: Weights,
    killers: [[u32; 2]; MAX_PLY],
    history: Vec<i32>,
    captures: Vec<Vec<Capture>>,
    steps: Vec<Vec<Step>>,
    lists: Vec<Vec<Cand>>,
    pv: Vec<[u32; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Hashes from the last irreversible move of the game up to the current node.
    path: Vec<u64>,
    nodes: u64,
    /// Whether the next node searched has a capture, when its parent already knows: 0 unknown, 1 no,
    /// 2 yes. Taken (reset) by that node.
    capture_hint: u8,
    /// Look once more at quiet positions on the horizon where the opponent threatens a capture.
    /// On where self-play showed it pays: International, +30 ± 26 Elo over 400 games at 50 ms a
    /// move (with reverse futility pruning on in both).
    threats: bool,
    /// ProbCut at non-PV nodes, outside the shallow searches it makes itself. On where self-play
    /// showed it pays: International, +104 ± 33 Elo over 200 games at 50 ms a move.
    probcut: bool,
    /// Inside a ProbCut search, where no further ProbCut is tried.
    probing: bool,
    /// The features as asked for with [`set_options`](Self::set_options), over the variant's
    /// defaults.
    asked: SearchOptions,
    /// Reverse futility pruning, where self-play showed it pays: International, +52 ± 38 Elo over 200
    /// games at 50 ms a move (English scored +0 ± 53 and Russian -45 ± 41 over 100 each).
    futility: bool,
    seldepth: usize,
    stopped: bool,
    deadline: Option<Instant>,
    node_limit: u64,
    started: Instant,
    cancel: Option<std::sync::Arc<AtomicBool>>,
}

/// A compact move identity for tables: origin, destination and a fingerprint of the captured set.
#[inline]
pub(crate) fn move_key(m: &Move) -> u32 {
    key_of(m.from().index() as u8, m.to().index() as u8, m.captured_set().0)
}

#[inline]
fn key_of(from: u8, to: u8, captured: u128) -> u32 {
    let fold = (captured ^ (captured >> 64)) as u64;
    let fp = (fold.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 47) as u32 & 0x3FFFF;
    1 | (from as u32) << 1 | (to as u32) << 8 | fp << 15
}

impl Searcher {
    /// A searcher with a table of `2^tt_bits` entries.
    pub fn new(weights: Weights, tt_bits: u32) -> Searcher {
        Searcher {
            tt: Tt::new(tt_bits),
            weights,
            killers: [[0; 2]; MAX_PLY],
            history: vec![0; 2 * 128 * 128],
            captures: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(16)).collect(),
            steps: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            lists: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            pv: vec![[0; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY],
            path: Vec::with_capacity(256),
            nodes: 0,
            capture_hint: 0,
            threats: false,
            probcut: false,
            probing: false,
            asked: SearchOptions::default(),
            futility: false,
            seldepth: 0,
            stopped: false,
            deadline: None,
            node_limit: u64::MAX,
            started: Instant::now(),
            cancel: None,
        }
    }

    /// Forgets everything learnt in earlier searches (a new, unrelated game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers = [[0; 2]; MAX_PLY];
    }

    /// Turns search features on or off, whatever the variant's defaults; `None` keeps a default.
    pub fn set_options(&mut self, options: SearchOptions) {
        self.asked = options;
    }

    /// Whether the transposition table holds an entry for `pos`: the searcher has been over it
    /// recently, as after searching the previous move of the same game.
    pub(crate) fn knows(&self, pos: &Position) -> bool {
        self.tt.probe(pos.zobrist()).is_some()
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub(crate) fn prepare(&mut self, state: &GameState, limits: &Limits, cancel: Option<std::sync::Arc<AtomicBool>>) {
        self.futility = state.position().variant() == VariantId::International;
        self.threats = self.asked.threats.unwrap_or(state.position().variant() == VariantId::International);
        self.probcut = self.asked.probcut.unwrap_or(state.position().variant() == VariantId::International);
        self.probing = false;
        self.started = Instant::now();
        self.deadline = limits.movetime.map(|t| self.started + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.capture_hint = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.cancel = cancel;
        self.path.clear();
        self.path.extend_from_slice(state.history());
        if self.path.last() != Some(&state.position().zobrist()) {
            self.path.push(state.position().zobrist());
        }
        self.killers = [[0; 2]; MAX_PLY];
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        self.tt.new_search();
    }

    /// Searches the position of `state` (its history counts for repetitions and move limits) until a
    /// limit is reached, calling `report` after each finished iteration. `None` when there is no legal
    /// move.
    pub fn search(
        &mut self,
        state: &GameState,
        limits: &Limits,
        cancel: Option<std::sync::Arc<AtomicBool>>,
        report: &mut dyn FnMut(&Info),
    ) -> Option<Info> {
        self.prepare(state, limits, cancel);
        let root = *state.position();
        let mut moves = Vec::new();
        root.generate(&mut moves, Paths::Merge);
        if moves.is_empty() {
            return None;
        }
        let quiet = state.quiet_plies();
        let same = state.same_material_plies();
        let mut root_moves: Vec<RootMove> = moves.iter().map(|&mv| RootMove { mv, score: -INFINITY }).collect();
        // Order the first iteration by the table move, then by a one-ply look.
        let tt_move = self.tt.probe(root.zobrist()).map(|e| e.mv).unwrap_or(0);
        for rm in root_moves.iter_mut() {
            rm.score =
                if move_key(&rm.mv) == tt_move { INFINITY } else { -evaluate(&root.play(&rm.mv), &self.weights) };
        }
        root_moves.sort_by_key(|r| std::cmp::Reverse(r.score));
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 8).clamp(1, MAX_PLY as u32 - 8) as i32;
        let mut best: Option<Info> = None;
        let single = root_moves.len() == 1;
        let mut score: i32 = 0;
        for depth in 1..=max_depth {
            let mut delta = 30;
            let (mut alpha, mut beta) = if depth >= 4 && score.abs() < WIN_BOUND {
                (score - delta, score + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            loop {
                let s = self.root(&root, &mut root_moves, depth, alpha, beta, quiet, same);
                if self.stopped {
                    break;
                }
                if s <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (s - delta).max(-INFINITY);
                } else if s >= beta {
                    beta = (s + delta).min(INFINITY);
                } else {
                    score = s;
                    break;
                }
                delta *= 2;
                if delta > 800 {
                    alpha = -INFINITY;
                    beta = INFINITY;
                }
            }
            if self.stopped {
                // A move that beat the previous best in the unfinished iteration is already better
                // informed; the root loop leaves it in front only when its score is exact.
                if let Some(b) = best.as_mut()
                    && root_moves[0].score > -INFINITY
                    && root_moves[0].mv != b.pv[0]
                    && root_moves[0].score > b.score
                {
                    b.pv = vec![root_moves[0].mv];
                    b.score = root_moves[0].score;
                }
                break;
            }
            let pv = self.pv_moves(&root);
            let info = Info {
                depth: depth as u32,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                time: self.started.elapsed(),
                pv: if pv.is_empty() { vec![root_moves[0].mv] } else { pv },
            };
            report(&info);
            best = Some(info);
            if single && limits.depth.is_none() {
                break;
            }
            // A forced win or loss already seen to its end needs no deeper look.
            if score.abs() >= WIN_BOUND && WIN - score.abs() <= depth {
                break;
            }
            // An iteration takes several times the previous one: do not start what cannot finish.
            if let Some(t) = limits.movetime
                && !limits.use_all_time
                && self.started.elapsed() * 5 > t * 2
            {
                break;
            }
        }
        let mut result = best.unwrap_or_else(|| Info {
            depth: 0,
            seldepth: 0,
            score: root_moves[0].score.max(-INFINITY + 1),
            nodes: self.nodes,
            time: self.started.elapsed(),
            pv: vec![root_moves[0].mv],
        });
        result.nodes = self.nodes;
        result.time = self.started.elapsed();
        Some(result)
    }

    /// Scores every root move with a full window at `depth` (used for levels that choose among
    /// reasonable moves). Best first.
    pub fn score_moves(
        &mut self,
        state: &GameState,
        depth: u32,
        cancel: Option<std::sync::Arc<AtomicBool>>,
    ) -> Vec<(Move, i32)> {
        self.prepare(state, &Limits::default(), cancel);
        let root = *state.position();
        let mut moves = Vec::new();
        root.generate(&mut moves, Paths::Merge);
        let quiet = state.quiet_plies();
        let same = state.same_material_plies();
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves {
            let (child, cq, cs) = self.child_counters(&root, &mv, quiet, same);
            self.path.push(child.zobrist());
            let s = -self.search_node(&child, depth as i32 - 1, -INFINITY, INFINITY, 1, cq, cs);
            self.path.pop();
            out.push((mv, s));
        }
        out.sort_by_key(|(_, s)| std::cmp::Reverse(*s));
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        root: &Position,
        moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        quiet: u32,
        same: u32,
    ) -> i32 {
        let mut best = -INFINITY;
        self.pv_len[0] = 0;
        for i in 0..moves.len() {
            let mv = moves[i].mv;
            let (child, cq, cs) = self.child_counters(root, &mv, quiet, same);
            self.path.push(child.zobrist());
            let mut score;
            if i == 0 {
                score = -self.search_node(&child, depth - 1, -beta, -alpha, 1, cq, cs);
            } else {
                score = -self.search_node(&child, depth - 1, -alpha - 1, -alpha, 1, cq, cs);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.search_node(&child, depth - 1, -beta, -alpha, 1, cq, cs);
                }
            }
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                moves[i].score = score;
                self.update_pv(0, move_key(&mv));
                // The new best goes first, the others keep their order.
                moves[..=i].rotate_right(1);
                if score >= beta {
                    break;
                }
            } else {
                moves[i].score = -INFINITY;
            }
        }
        if !self.stopped && best > -INFINITY {
            let bound = if best >= beta { Bound::Lower } else { Bound::Exact };
            if bound == Bound::Exact || best >= beta {
                self.tt.store(root.zobrist(), move_key(&moves[0].mv), best, depth, bound);
            }
        }
        best
    }

    #[inline]
    fn child_counters(&self, pos: &Position, mv: &Move, quiet: u32, same: u32) -> (Position, u32, u32) {
        let child = pos.play(mv);
        let cq = if pos.is_irreversible(mv) { 0 } else { quiet + 1 };
        let cs = if mv.is_capture() || mv.promotes() { 0 } else { same + 1 };
        (child, cq, cs)
    }

    fn update_pv(&mut self, ply: usize, key: u32) {
        let child_len = self.pv_len.get(ply + 1).copied().unwrap_or(ply + 1).max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply] = key;
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// The principal variation as moves, replayed from the root so that every move is legal.
    fn pv_moves(&self, root: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        let mut pos = *root;
        let mut moves = Vec::new();
        for &key in &self.pv[0][..self.pv_len[0]] {
            pos.generate(&mut moves, Paths::Merge);
            let Some(mv) = moves.iter().find(|m| move_key(m) == key) else {
                break;
            };
            out.push(*mv);
            pos = pos.play(mv);
        }
        out
    }

    #[inline]
    fn check_limits(&mut self) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0 {
            if self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                self.stopped = true;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = true;
            }
        }
    }

    /// The same position occurred earlier, since the last irreversible move: a draw inside the tree.
    #[inline]
    pub(crate) fn is_repetition(&self, quiet: u32) -> bool {
        let n = self.path.len();
        let now = self.path[n - 1];
        let mut back = 4;
        while back as u32 <= quiet && back < n {
            if self.path[n - 1 - back] == now {
                return true;
            }
            back += 2;
        }
        false
    }

    /// The variant's move-limit and material rules, applied with the counters carried along the path.
    pub(crate) fn rule_draw(&self, pos: &Position, quiet: u32, same: u32) -> bool {
        for rule in pos.rules().draw_rules {
            match *rule {
                DrawRule::Repetition { .. } => {}
                DrawRule::NoProgress { moves_each, .. } => {
                    if quiet >= 2 * moves_each as u32 {
                        return true;
                    }
                }
                DrawRule::ShortEnding { min_strong, max_strong, all_kings, moves_each, .. } => {
                    if same >= 2 * moves_each as u32 {
                        for weak in [Color::White, Color::Black] {
                            let strong = weak.opposite();
                            let (k, m) = (pos.count(strong, Role::King), pos.count(strong, Role::Man));
                            if pos.count(weak, Role::King) == 1
                                && pos.count(weak, Role::Man) == 0
                                && k >= 1
                                && (!all_kings || m == 0)
                                && (min_strong as u32..=max_strong as u32).contains(&(k + m))
                            {
                                return true;
                            }
                        }
                    }
                }
                DrawRule::BalancedKings { min_total, max_total, moves_each, .. } => {
                    if same >= 2 * moves_each as u32 {
                        let total = pos.occupied().count();
                        if (min_total as u32..=max_total as u32).contains(&total)
                            && [Color::White, Color::Black].iter().all(|&c| pos.count(c, Role::King) > 0)
                        {
                            return true;
                        }
                    }
                }
                DrawRule::LoneKings { .. } => {
                    if pos.occupied().count() == 2
                        && [Color::White, Color::Black].iter().all(|&c| pos.count(c, Role::King) == 1)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn search_node(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        quiet: u32,
        same: u32,
    ) -> i32 {
        self.pv_len[ply.min(MAX_PLY - 1)] = ply;
        let hint = std::mem::take(&mut self.capture_hint);
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if (quiet >= 4 && self.is_repetition(quiet)) || ((quiet >= 8 || same >= 8) && self.rule_draw(pos, quiet, same))
        {
            return 0;
        }
        // No result can beat a win at the next ply, nor lose faster than now. In a losing variant
        // the side to move wins right here when it has no move.
        let losing = pos.rules().losing;
        alpha = alpha.max(-WIN + ply as i32);
        beta = beta.min(WIN - ply as i32 - if losing { 0 } else { 1 });
        if alpha >= beta {
            return alpha;
        }
        let tables = Tables::of(pos.variant());
        let must_capture = match hint {
            1 => false,
            2 => true,
            _ => tables.has_capture(pos),
        };
        if ply >= MAX_PLY - 2 {
            return evaluate(pos, &self.weights);
        }
        if depth <= 0 && !must_capture {
            // No capture and no step: the side to move has lost (this also covers having no pieces),
            // or won in a losing variant.
            if !tables.has_step(pos) {
                return stuck_score(losing, ply);
            }
            // At the horizon, a capture the opponent threatens is looked at once more: every reply
            // is tried (there is no passing in draughts), and the captures that follow are resolved.
            if !(self.threats && depth == 0 && tables.can_capture(pos, pos.side_to_move().opposite())) {
                return evaluate(pos, &self.weights);
            }
        }
        let pv_node = beta - alpha > 1;
        let hash = pos.zobrist();
        let mut tt_move = 0;
        if let Some(e) = self.tt.probe(hash) {
            tt_move = e.mv;
            let s = from_tt(e.score as i32, ply);
            if !pv_node && e.depth as i32 >= depth.max(0) {
                match e.bound() {
                    Some(Bound::Exact) => return s,
                    Some(Bound::Lower) if s >= beta => return s,
                    Some(Bound::Upper) if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        // Near the horizon, a quiet position (nothing to capture for either side) standing well
        // above beta is cut at once.
        if self.futility
            && !pv_node
            && !must_capture
            && depth <= FUTILITY_DEPTH
            && beta.abs() < WIN_BOUND
            && !tables.can_capture(pos, pos.side_to_move().opposite())
        {
            let stand = evaluate(pos, &self.weights);
            if stand - FUTILITY_MARGIN * depth >= beta {
                return stand;
            }
        }
        if self.probcut && !self.probing && !pv_node && depth >= PROBCUT_MIN_DEPTH && beta.abs() < WIN_BOUND {
            let margin = PROBCUT_MARGIN * depth;
            let raised = beta + margin;
            self.probing = true;
            self.capture_hint = 1 + must_capture as u8;
            let score =
                self.search_node(pos, depth * PROBCUT_DEPTH_PERCENT / 100, raised - 1, raised, ply, quiet, same);
            self.probing = false;
            if self.stopped {
                return 0;
            }
            if score >= raised {
                return score - margin;
            }
        }
        let mut caps = std::mem::take(&mut self.captures[ply]);
        let mut steps = std::mem::take(&mut self.steps[ply]);
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let side = pos.side_to_move() as usize;
        let killers = self.killers[ply];
        if must_capture {
            tables.captures(pos, &mut caps);
            let kings = pos.king_squares().0;
            for (i, c) in caps.iter().enumerate() {
                let key = key_of(c.from, c.to, c.captured);
                let score = if key == tt_move {
                    1 << 30
                } else {
                    (1 << 24) + (c.jumps as i32) * 1000 + (c.captured & kings).count_ones() as i32 * 500
                };
                list.push(Cand { score, key, idx: i as u16 });
            }
        } else {
            tables.quiet_steps(pos, &mut steps);
            for (i, m) in steps.iter().enumerate() {
                let key = step_key(m);
                let score = if key == tt_move {
                    1 << 30
                } else if m.promotes {
                    1 << 23
                } else if key == killers[0] {
                    1 << 22
                } else if key == killers[1] {
                    (1 << 22) - 1
                } else {
                    self.history[history_slot(side, m.from, m.to)]
                };
                list.push(Cand { score, key, idx: i as u16 });
            }
        }
        let n = list.len();
        if n == 0 {
            self.captures[ply] = caps;
            self.steps[ply] = steps;
            self.lists[ply] = list;
            return stuck_score(losing, ply);
        }
        let mut depth = depth;
        // A forced reply costs nothing to look through.
        if n == 1 && depth > 0 && ply < 64 {
            depth += 1;
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_key = 0;
        for i in 0..n {
            // Selection sort: only as many moves as are searched get sorted.
            let mut bi = i;
            for j in i + 1..n {
                if list[j].score > list[bi].score {
                    bi = j;
                }
            }
            list.swap(i, bi);
            let Cand { score: order, key, idx } = list[i];
            let (child, cq, cs, promotes) = if must_capture {
                let c = &caps[idx as usize];
                // A capture is irreversible: both counters start again.
                (tables.play_capture(pos, c), 0, 0, c.promotes)
            } else {
                let st = steps[idx as usize];
                let child = tables.play_step(pos, st);
                // A man's step forward is irreversible; a Turkish man's sideways step is not.
                let man_advanced = pos.king_squares().0 >> st.from & 1 == 0
                    && tables.row_of[st.from as usize] != tables.row_of[st.to as usize];
                let cq = if man_advanced { 0 } else { quiet + 1 };
                let cs = if st.promotes { 0 } else { same + 1 };
                (child, cq, cs, st.promotes)
            };
            self.tt.prefetch(child.zobrist());
            self.path.push(child.zobrist());
            let new_depth = depth - 1;
            let mut score;
            if i == 0 {
                score = -self.search_node(&child, new_depth, -beta, -alpha, ply + 1, cq, cs);
            } else {
                let quiet_move = !must_capture && !promotes && order < (1 << 22) - 1;
                let mut r = 0;
                if quiet_move && depth >= 3 && i >= 3 {
                    let child_captures = tables.has_capture(&child);
                    if !child_captures {
                        r = 1 + (i >= 8 && depth >= 6) as i32;
                    }
                    self.capture_hint = 1 + child_captures as u8;
                }
                score = -self.search_node(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, cq, cs);
                if r > 0 && score > alpha && !self.stopped {
                    score = -self.search_node(&child, new_depth, -alpha - 1, -alpha, ply + 1, cq, cs);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.search_node(&child, new_depth, -beta, -alpha, ply + 1, cq, cs);
                }
            }
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_key = key;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, key);
                    }
                    if score >= beta {
                        if !must_capture {
                            if self.killers[ply][0] != key {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = key;
                            }
                            let bonus = depth * depth;
                            let st = steps[idx as usize];
                            let h = &mut self.history[history_slot(side, st.from, st.to)];
                            *h = (*h + bonus).min(1 << 20);
                            for c in &list[..i] {
                                let m = steps[c.idx as usize];
                                let h = &mut self.history[history_slot(side, m.from, m.to)];
                                *h -= bonus;
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.captures[ply] = caps;
        self.steps[ply] = steps;
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper { 0 } else { best_key };
        self.tt.store(hash, stored_move, to_tt(best, ply), depth.max(0), bound);
        best
    }
}

#[inline]
fn history_slot(side: usize, from: u8, to: u8) -> usize {
    (side * 128 + from as usize) * 128 + to as usize
}

/// [`move_key`] of a quiet step (no captured set).
#[inline]
fn step_key(s: &Step) -> u32 {
    1 | (s.from as u32) << 1 | (s.to as u32) << 8
}

/// A move of the current node with its ordering score; `idx` points into the node's capture or step
/// list.
#[derive(Clone, Copy, Debug, Default)]
struct Cand {
    score: i32,
    key: u32,
    idx: u16,
}

/// Win scores are stored relative to the node, so that a hit at another ply keeps its distance.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a side to move that has no move (or no piece) at `ply`: a loss, or a win when the
/// variant is played to lose.
fn stuck_score(losing: bool, ply: usize) -> i32 {
    if losing { WIN - ply as i32 } else { -WIN + ply as i32 }
}

/// Scores a finished search for display: men as a decimal, or `win N` / `loss N` in plies.
pub fn format_score(score: i32) -> String {
    if score >= WIN_BOUND {
        format!("win{}", WIN - score)
    } else if score <= -WIN_BOUND {
        format!("loss{}", WIN + score)
    } else {
        format!("{:.2}", score as f64 / 100.0)
    }
}
