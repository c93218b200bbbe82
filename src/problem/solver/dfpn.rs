//! Depth-first proof-number search (df-pn, after Nagai; used for life and death by Kishimoto and
//! Müller) over the enclosed region, with a transposition table keyed by the Zobrist hash, the
//! side to move, the ko point and the pass state. Pure: the only clock is the deadline check.
//!
//! Ko: one search runs under one ko assumption. `Strict` lets the learner's opponent retake any
//! ko at once (unlimited threats) and counts a repeated position as the learner's loss; `Lenient`
//! is the mirror image. Because the value of the root is monotone in the leaves, biasing every
//! path-dependent result (repetitions, depth cut-offs) against the learner keeps `Strict` proofs
//! sound despite the graph-history interaction, and `Lenient` disproofs likewise.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use crate::go::{Board, Color, Move, Point};

use super::goal::{Aim, Goal, KoTake};
use super::life::{alive_within, dead_shape, dead_shape_liberties, vital_point};
use super::local_life::{Memo, alive_by_reading};
use super::region::Area;
use crate::problem::model::Ruleset;

/// "Infinite" proof or disproof number; sums saturate here.
pub const INF: u32 = 1 << 28;

/// Whose ko threats the search assumes to be unlimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoMode {
    /// The learner must win without winning a ko: the opponent retakes at once.
    Strict,
    /// The learner wins every ko: the learner retakes at once.
    Lenient,
}

/// A position in the search.
pub struct State {
    pub board: Board,
    pub to_move: Color,
    /// Passes in a row just before this position.
    pub passes: u8,
    pub ply: u32,
    /// Whether the move into this position retook a ko at once (the side that is not bound by
    /// ko, spending a ko threat: [`KoMode`]).
    pub retook: bool,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            board: self.board.clone(),
            to_move: self.to_move,
            passes: self.passes,
            ply: self.ply,
            retook: self.retook,
        }
    }

    /// Reuses the board's buffers: the search copies states without allocating.
    fn clone_from(&mut self, src: &State) {
        self.board.clone_from(&src.board);
        self.to_move = src.to_move;
        self.passes = src.passes;
        self.ply = src.ply;
        self.retook = src.retook;
    }
}

impl State {
    pub fn new(board: Board, to_move: Color) -> State {
        State {
            board,
            to_move,
            passes: 0,
            ply: 0,
            retook: false,
        }
    }
}

/// One move out of a node, with what is known of the position it leads to.
#[derive(Clone, Copy)]
struct Kid {
    mv: Move,
    key: u64,
    /// Proof and disproof numbers fixed at generation (end of the fight, repetition), for the
    /// side to move after the move.
    fixed: Option<(u32, u32)>,
    init: (u32, u32),
    /// What of `fixed` does not depend on the path: the target taken, two passes, the horizon.
    settled: Option<(u32, u32)>,
    /// The situation after the move ([`Search::situation`]), for repetitions.
    pos: u64,
    /// Whether the move retakes a ko at once.
    retook: bool,
    /// Whether `fixed` is a repetition read under the one-sided ko rule, won or lost by the
    /// learner: a result of this path only ([`Search::path_bound`]).
    by_cycle: bool,
}

/// Proof (`phi`) and disproof (`delta`) numbers of a node for the side to move there.
pub type Numbers = (u32, u32);

/// The table's keys are Zobrist hashes already: they are used as they are, not hashed again.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

type Table = HashMap<u64, Numbers, BuildHasherDefault<KeyHasher>>;

/// A set of board points by generation stamp: starting a new set clears nothing, so the move
/// generator keeps its scratch sets from node to node.
#[derive(Default)]
struct Marks {
    stamp: Vec<u32>,
    generation: u32,
}

impl Marks {
    /// Empties the set (for points `0..n`).
    fn fresh(&mut self, n: usize) {
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    fn insert(&mut self, i: usize) {
        self.stamp[i] = self.generation;
    }

    fn has(&self, i: usize) -> bool {
        self.stamp[i] == self.generation
    }
}

pub struct Search<'a> {
    goal: &'a Goal,
    area: &'a Area,
    learner: Color,
    ko: KoMode,
    max_depth: u32,
    /// Whether a ko only the attacker can end counts as a kill ([`Search::repetition_winner`]):
    /// under rules that read it so, when the learner attacks in life and death
    /// ([`Search::under`]).
    one_sided_kos: bool,
    /// Whether a capture is read with a whole-board question's wider tries: the attacker also
    /// saves its chains of two liberties next to the target, not only those in atari, and both
    /// sides play on the short chains the target would join ([`Search::attack_thoroughly`]).
    thorough: bool,
    /// How a target stone the attacker takes in a ko counts ([`Search::count_ko_takes`]).
    ko_take: KoTake,
    tt: Table,
    /// Final results that rest on a repetition read under the one-sided ko rule (won or lost
    /// by the learner), keyed by the node's key and the path above it: valid on that path only.
    path_bound: Table,
    /// A hash of the path above the node being searched (its position keys), for `path_bound`.
    ctx: u64,
    /// The situations of the current path ([`Search::situation`]), for repetitions.
    path: Vec<u64>,
    /// For each position of `path`, whether the move into it retook a ko at once.
    retakes: Vec<bool>,
    /// How many positions of `path` fall in each bucket of their low bits: a kid whose bucket
    /// is empty repeats nothing, and the path is not scanned for it (every kid of every visit).
    on_path: Vec<u16>,
    /// One reusable state per depth (no allocation once warm).
    stack: Vec<Option<State>>,
    pub nodes: u64,
    /// Scratch sets: the move generator's group, points near it and points taken; the flood of
    /// the static death test beside walls that cannot be taken; the reach's flood, by cell.
    marks: [RefCell<Marks>; 5],
    node_limit: u64,
    deadline: Instant,
    pub aborted: bool,
    /// Each node's move list, kept while the node is open (df-pn enters a node many times):
    /// direct-mapped by the node's key, the path-dependent results recomputed on every visit.
    kid_cache: Vec<Option<(u64, u32, Vec<Kid>)>>,
    /// Each point's distance to the nearest target stone (Manhattan), with the target's own
    /// points at 0: the move ordering's nearness, computed once.
    to_target: Vec<i32>,
    /// The cells within `COUNTER_CAPTURE` lines of the target stones (as they stand at the
    /// start), where the defender of a whole-board capture looks for attacker chains in atari
    /// to take: from `to_target`, and only once the search attacks thoroughly.
    near_target: Vec<usize>,
    /// By ply, the last two moves that won a node there, newest first ([`Search::killers_first`]).
    killers: Vec<[Option<Move>; 2]>,
    /// Groups already read by [`alive_by_reading`], by their local position.
    read_lives: RefCell<Memo>,
}

/// The liberties on the board (inside the area plus the frame's stones beside it) with which a
/// target chain touching the frame has got out ([`Search::got_out`]). Fewer ("not in atari")
/// lost GGG easy 30, 87 and 115, kills GNU Go's owl reads on the board too.
const OUT_OF_THE_FRAME: usize = 4;

const SIDE_KEY: u64 = 0x9E37_79B9_7F4A_7C15;
const PASS_KEY: u64 = 0xD1B5_4A32_D192_ED03;
const PLY_KEY: u64 = 0x8CB9_2BA7_2F3D_8DD7;
const KO_KEY: u64 = 0xA076_1D64_78BD_642F;

impl<'a> Search<'a> {
    pub fn new(goal: &'a Goal, area: &'a Area, learner: Color, ko: KoMode, max_depth: u32) -> Self {
        Search {
            goal,
            area,
            learner,
            ko,
            max_depth,
            one_sided_kos: false,
            thorough: false,
            ko_take: KoTake::Capture,
            tt: Table::default(),
            path_bound: Table::default(),
            ctx: 0,
            path: Vec::new(),
            retakes: Vec::new(),
            on_path: vec![0; PATH_BUCKETS],
            stack: Vec::new(),
            nodes: 0,
            marks: Default::default(),
            node_limit: u64::MAX,
            deadline: Instant::now(),
            aborted: false,
            kid_cache: Vec::new(),
            to_target: target_distances(&area.board, &goal.target),
            near_target: Vec::new(),
            killers: Vec::new(),
            read_lives: RefCell::default(),
        }
    }

    /// Searches `state` until it is proven or disproven for the side to move there, or until
    /// `nodes` more nodes or the deadline. Returns the numbers for the side to move.
    pub fn prove(&mut self, state: &State, nodes: u64, deadline: Instant) -> Numbers {
        self.node_limit = self.nodes.saturating_add(nodes);
        self.deadline = deadline;
        self.aborted = false;
        if let Some(w) = self.winner(state) {
            return if w == state.to_move {
                (0, INF)
            } else {
                (INF, 0)
            };
        }
        self.path.clear();
        self.retakes.clear();
        self.on_path.fill(0);
        match self.stack.first_mut() {
            Some(Some(s)) => s.clone_from(state),
            _ => {
                self.stack.clear();
                self.stack.push(Some(state.clone()));
            }
        }
        // Thresholds above every open number: the root goes on until it is proven or
        // disproven, or the budget ends, even where its numbers have grown to `INF - 1`.
        self.mid(0, INF, INF)
    }

    /// The search under the problem's rules: under Japanese rules a ko only the attacker can
    /// end is a kill (what makes bent four in the corner dead), read so where the learner
    /// attacks in life and death; under Chinese rules, the default, it stays a ko.
    pub fn under(mut self, rules: Ruleset) -> Self {
        self.one_sided_kos = rules == Ruleset::Japanese
            && self.goal.aim == Aim::Kill
            && self.learner == self.goal.attacker;
        self
    }

    /// The attacker of a capture also saves (and presses the defender's chains beside) its
    /// chains of two liberties next to the target, not only those in atari: for whole-board
    /// questions, whose `refuted` claims that every try fails (in Shusaku's game 440 before
    /// move 64, after B L5 W O2 B O3 W N2 B P2 W M2 B L2 W L4, Black's M4 is down to two
    /// liberties and K4 against L4 is what takes N4; without it the capture was refuted where
    /// GNU Go's `attack` takes the chain by L5). Problems keep the narrower tries: the shipped
    /// bank's trees were made with them, and with the wider ones the open capture goal proves
    /// slow moves beside the author's in 22 of its problems.
    pub fn attack_thoroughly(&mut self) {
        self.thorough = true;
        self.near_target = (0..self.to_target.len())
            .filter(|&i| self.to_target[i] <= COUNTER_CAPTURE)
            .collect();
    }

    /// How a target stone the attacker takes in a ko counts. As a ko ([`KoTake::Ko`]), it is
    /// not taken yet where the defender may retake at once (it is not the side bound by the
    /// ko rule): the defender's one move is then the retake, and the fight goes on; where the
    /// defender is bound, the take stands. For whole-board questions, whose `proven` must not
    /// stand for a ko (a lone stone in atari whose liberty lies inside the defender's stones:
    /// GNU Go's `attack` says KO_A). Problems and the generator's first ko ("take the stone
    /// by taking the ko") keep a take a capture, the default.
    pub fn count_ko_takes(&mut self, ko_take: KoTake) {
        self.ko_take = ko_take;
    }

    /// Whether `c` retakes at once a target stone just taken in a ko
    /// ([`Search::count_ko_takes`]): it defends, kos count as kos, and the ko rule does not
    /// bind it.
    fn retakes_target_at_once(&self, c: Color) -> bool {
        self.ko_take == KoTake::Ko && c == self.goal.defender() && !self.bound_by_ko(c)
    }

    /// Whether `board`, with `to_move` to play, holds a target stone just taken in a ko that
    /// the defender retakes at once ([`Search::retakes_target_at_once`]): the ko point is the
    /// taken target point.
    fn target_in_ko(&self, board: &Board, to_move: Color) -> Option<Point> {
        if !self.retakes_target_at_once(to_move) {
            return None;
        }
        let k = board.ko_point()?;
        let taken_there = self.goal.target.contains(&k)
            && self
                .goal
                .target
                .iter()
                .all(|&t| t == k || board.get(t) == Some(to_move));
        taken_there.then_some(k)
    }

    /// Whether a ko only the attacker can end counts as a kill here ([`Search::under`]).
    pub fn one_sided_kos(&self) -> bool {
        self.one_sided_kos
    }

    /// The move that wins for the side to move at a proven `state` (or, at a disproven one, the
    /// most forcing try), read from the table.
    pub fn best_move(&mut self, state: &State) -> Option<Move> {
        let kids = self.kids(state, &[], &[]);
        let value = |k: &Kid| k.fixed.or_else(|| self.tt.get(&k.key).copied());
        kids.iter()
            .find(|k| value(k).is_some_and(|v| v.1 == 0))
            .or_else(|| kids.iter().find(|k| k.mv != Move::Pass))
            .map(|k| k.mv)
    }

    /// Whether the numbers of a node with `to_move` to play say the learner has won there.
    pub fn learner_won(&self, to_move: Color, (phi, delta): Numbers) -> bool {
        if to_move == self.learner {
            phi == 0
        } else {
            delta == 0
        }
    }

    /// The side that has won at `state`, if the fight is over there.
    pub fn winner(&self, state: &State) -> Option<Color> {
        let board = &state.board;
        let defender = self.goal.defender();
        if self
            .goal
            .target
            .iter()
            .any(|&p| board.get(p) != Some(defender))
        {
            return match self.target_in_ko(board, state.to_move) {
                Some(_) => None,
                None => Some(self.goal.attacker),
            };
        }
        if self.goal.aim == Aim::Connect {
            // Joined into one chain.
            let one = board.chain_id(self.goal.target[0]);
            if self.goal.target.iter().all(|&p| board.chain_id(p) == one) {
                return Some(defender);
            }
            // Or as good as one: linked by points the attacker cannot all take.
            if super::connection::joined_for_good(board, &self.goal.target, defender) {
                return Some(defender);
            }
        }
        if state.passes >= 2 {
            return Some(self.passes_winner());
        }
        if self.goal.horizon.is_some_and(|h| state.ply >= h) {
            return Some(defender);
        }
        match self.goal.aim {
            Aim::Capture => {
                let libs = self.target_liberties(board, self.escape_liberties());
                (libs >= self.escape_liberties()).then_some(defender)
            }
            Aim::Connect => None,
            Aim::Kill => {
                // Only the defender's own moves make life: Benson runs after them (and at the
                // root), not after the attacker's.
                let defender_moved = state.to_move == self.goal.attacker || state.ply == 0;
                let alive = defender_moved
                    && (self.lives_statically(board)
                        || (self.learner == self.goal.attacker && self.got_out(board)));
                if alive {
                    Some(defender)
                } else if self.no_room_for_two_eyes(board, state.to_move)
                    || self.one_eye_inside_immortal_walls(board, state.to_move)
                {
                    Some(self.goal.attacker)
                } else {
                    None
                }
            }
        }
    }

    /// Whether a target chain has run into the frame with room ([`OUT_OF_THE_FRAME`] liberties
    /// counted on the board: its own inside the area and the frame's stones beside it, which
    /// stand on empty points there). The frame stands for a settled rest of the board, which a
    /// group running out of the box may not meet: in a kill the learner attacks, such a group
    /// has got out (Xuanxuan Qijing 281: after B J8, White's G6 runs to the open top the frame
    /// walls in on row 11, and the kill "proved" four moves GNU Go's owl refutes). Not in a
    /// proof of life, where the frame's wall is the learner's harder case. The chain needs two
    /// ways out, one block cannot close both: two of the frame's stones beside it, or one and a
    /// liberty beside the frame elsewhere. A single gap it fills on the edge beside the wall
    /// (ggg-easy-115's T6, with the frame on T7) is one the attacker blocks on the board.
    fn got_out(&self, board: &Board) -> bool {
        let target = &self.goal.target;
        target.iter().enumerate().any(|(k, &t)| {
            // Each chain once: a target point of a chain read already is skipped.
            let id = board.chain_id(t);
            if target[..k].iter().any(|&u| board.chain_id(u) == id) {
                return false;
            }
            let frame_stone =
                |q: Point| self.area.is_frame_cell(board.index(q)) && board.get(q).is_some();
            let mut frame: Vec<Point> = Vec::new();
            for s in board.chain_stones(t) {
                for q in board.adjacent(s) {
                    if frame_stone(q) && !frame.contains(&q) {
                        frame.push(q);
                    }
                }
            }
            // Two ways out: a second frame stone, or a liberty of the chain beside the frame
            // (read only where the chain touches it once).
            let two_ways = match frame.len() {
                0 => false,
                1 => board
                    .liberties(t)
                    .into_iter()
                    .any(|l| board.adjacent(l).any(frame_stone)),
                _ => true,
            };
            two_ways && frame.len() + board.liberties_up_to(t, OUT_OF_THE_FRAME) >= OUT_OF_THE_FRAME
        })
    }

    /// Static life, after the defender's move: Benson's unconditional life inside the area, or
    /// in a proof of life (the learner defends) the reading of the group's enclosed space
    /// ([`alive_by_reading`]; in the attacker's proofs it costs more than it saves).
    fn lives_statically(&self, board: &Board) -> bool {
        let defender = self.goal.defender();
        let target = &self.goal.target;
        let inside = |p| self.area.contains(p);
        !board.in_atari(target[0])
            && (alive_within(board, defender, target, self.area.rect, inside)
                || (self.learner == defender
                    && alive_by_reading(
                        board,
                        defender,
                        target,
                        inside,
                        &mut self.read_lives.borrow_mut(),
                    )))
    }

    /// Static death: the target's group (with every defender chain it can reach through empty
    /// points) has one connected space of empty points to make eyes in, enclosed inside the
    /// region, and that space makes one eye at most ([`dead_shape`]: up to three points with
    /// the attacker to move, who takes the vital point; the square four; the pyramid four, the
    /// bulky and crossed five and the rabbity six with the attacker to move, when no attacker
    /// stone stands in the space). An attacker chain standing wholly inside the space counts as
    /// part of the eye, which then makes one eye whoever moves where it holds its vital point
    /// (or it is a square, or two points): the nakade the defender can only take back into one
    /// eye. No attacker chain touching the group from outside may be short of liberties (a
    /// capturing race it could lose is left to the search).
    fn no_room_for_two_eyes(&self, board: &Board, to_move: Color) -> bool {
        let defender = self.goal.defender();
        let attacker_to_move = to_move == self.goal.attacker;
        let room = 6;
        let n = usize::from(board.size());
        let at = |p: Point| usize::from(p.y) * n + usize::from(p.x);
        // The group's stones and space, as a list and as a set.
        let mut in_group = self.marks[0].borrow_mut();
        in_group.fresh(n * n);
        let mut group: Vec<Point> = Vec::with_capacity(64);
        let join = |p: Point, group: &mut Vec<Point>, in_group: &mut Marks| {
            in_group.insert(at(p));
            group.push(p);
        };
        for p in board.chain_stones(self.goal.target[0]) {
            join(p, &mut group, &mut in_group);
        }
        let mut space: Vec<Point> = Vec::with_capacity(8);
        let mut walls: Vec<Point> = Vec::with_capacity(16);
        let mut i = 0;
        while i < group.len() {
            let s = group[i];
            i += 1;
            for q in board.adjacent(s) {
                match board.get(q) {
                    None if !in_group.has(at(q)) => {
                        if !self.area.contains(q) || space.len() >= room {
                            return false;
                        }
                        space.push(q);
                        join(q, &mut group, &mut in_group);
                    }
                    Some(c) if c == defender && !in_group.has(at(q)) => {
                        for p in board.chain_stones(q) {
                            join(p, &mut group, &mut in_group);
                        }
                    }
                    Some(c) if c == self.goal.attacker => walls.push(q),
                    _ => {}
                }
            }
        }
        // An attacker chain inside the eye (every neighbour of its stones the space, the group
        // or the chain itself): with the space it is the eye the defender has.
        let mut inside: Vec<Point> = Vec::new();
        let mut inside_id = None;
        let mut open: Vec<Option<u16>> = Vec::new();
        for &w in &walls {
            let id = board.chain_id(w);
            if inside_id == Some(id) || open.contains(&id) {
                continue;
            }
            let chain: Vec<Point> = board.chain_stones(w).take(7).collect();
            let enclosed = chain.len() <= 6
                && chain.iter().all(|&s| {
                    board.adjacent(s).all(|q| match board.get(q) {
                        Some(c) if c == defender => in_group.has(at(q)),
                        Some(_) => chain.contains(&q),
                        None => space.contains(&q),
                    })
                });
            // One chain inside at most: two apart (diagonal in a square) can be taken into
            // two separate eyes.
            if enclosed && !inside.is_empty() {
                return false;
            }
            if enclosed {
                inside = chain;
                inside_id = Some(id);
            } else {
                open.push(id);
            }
        }
        walls.retain(|w| !inside.contains(w));
        // Any other attacker stone on the space (the eye is not the defender's alone) leaves
        // the count of the space's points to the search, except for the smallest spaces.
        let touching = walls
            .iter()
            .any(|w| board.adjacent(*w).any(|q| space.contains(&q)));
        let needed = |n: usize| {
            if n <= 3 {
                4
            } else {
                dead_shape_liberties(n) + 2
            }
        };
        let safe_walls = |n: usize| {
            walls
                .iter()
                .all(|&w| board.liberties_up_to(w, needed(n)) >= needed(n))
        };
        if inside.is_empty() {
            let small = space.len() <= 2 || (space.len() == 3 && attacker_to_move);
            return connected(&space)
                && (!touching || small)
                && safe_walls(space.len())
                && (small || dead_shape(&space, attacker_to_move));
        }
        // An attacker chain on the vital point of a dead shape (or anywhere in a square or a
        // space of two): whoever moves, the defender cannot make two eyes there. Filling the
        // chain's liberties to take it leaves one eye where it stood; an empty point the
        // defender takes leaves the rest beside the attacker's stones.
        let mut eye = space.clone();
        eye.extend_from_slice(&inside);
        !touching
            && eye.len() <= 6
            && connected(&eye)
            && (eye.len() <= 2
                || dead_shape(&eye, false)
                || vital_point(&eye).is_some_and(|v| inside.contains(&v)))
            && dead_shape(&eye, true)
            && safe_walls(eye.len())
    }

    /// Static death beside walls that can never be taken: the target's group (every defender
    /// chain it reaches through empty points) touches only attacker chains with a liberty
    /// outside the region (no move is ever played there, so they are never captured), and its
    /// eye space, the empty points it reaches that touch no attacker stone, is one piece that
    /// makes one eye at most ([`dead_shape`]) or nothing. The other empty points it reaches are
    /// outside liberties the attacker fills at will: a stone there joins a wall. No seki is
    /// possible, as every attacker chain around has a liberty nobody can fill.
    fn one_eye_inside_immortal_walls(&self, board: &Board, to_move: Color) -> bool {
        /// Past this many empty points the group has room enough to be left to the search.
        const REACH: usize = 24;
        let attacker = self.goal.attacker;
        let n = usize::from(board.size());
        let at = |p: Point| usize::from(p.y) * n + usize::from(p.x);
        let mut seen = self.marks[3].borrow_mut();
        seen.fresh(n * n);
        let start = self.goal.target[0];
        seen.insert(at(start));
        let mut stack = vec![start];
        let mut empties: Vec<Point> = Vec::new();
        let mut walls: Vec<u16> = Vec::new();
        while let Some(p) = stack.pop() {
            for q in board.adjacent(p) {
                if seen.has(at(q)) {
                    continue;
                }
                match board.get(q) {
                    Some(c) if c == attacker => {
                        let id = board.chain_id(q).expect("a stone");
                        if !walls.contains(&id) {
                            if !self.immortal(board, q) {
                                return false;
                            }
                            walls.push(id);
                        }
                    }
                    Some(_) => {
                        seen.insert(at(q));
                        stack.push(q);
                    }
                    None => {
                        if !self.area.contains(q) || empties.len() >= REACH {
                            return false;
                        }
                        seen.insert(at(q));
                        empties.push(q);
                        stack.push(q);
                    }
                }
            }
        }
        let eye: Vec<Point> = empties
            .into_iter()
            .filter(|&e| board.adjacent(e).all(|q| board.get(q) != Some(attacker)))
            .collect();
        let attacker_to_move = to_move == attacker;
        eye.len() <= 6 && connected(&eye) && (eye.len() <= 2 || dead_shape(&eye, attacker_to_move))
    }

    /// Whether the chain at `p` has a liberty outside the region: no move is ever played
    /// there, so the chain can never be captured.
    fn immortal(&self, board: &Board, p: Point) -> bool {
        board.liberties(p).iter().any(|&l| !self.area.contains(l))
    }

    /// The fewest liberties of a target chain (each chain counted once), counted up to `cap`.
    fn target_liberties(&self, board: &Board, cap: usize) -> usize {
        let mut seen: Vec<u16> = Vec::new();
        let mut fewest = cap;
        for &t in &self.goal.target {
            let Some(id) = board.chain_id(t) else {
                continue;
            };
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            fewest = fewest.min(board.liberties_up_to(t, cap));
        }
        fewest
    }

    /// Liberties at which a chain has escaped a capture question.
    fn escape_liberties(&self) -> usize {
        self.goal.escape
    }

    fn key(&self, s: &State) -> u64 {
        let pos = position_key(&s.board, s.to_move);
        self.key_of(pos, s.board.ko_point(), s.passes, s.ply)
    }

    /// The table key: the position, the ko point, whether the last move passed, and the ply
    /// when a horizon makes the result depend on it.
    fn key_of(&self, pos: u64, ko: Option<Point>, passes: u8, ply: u32) -> u64 {
        let mut k = pos;
        if let Some(p) = ko {
            k ^= ko_key(p);
        }
        if passes > 0 {
            k ^= PASS_KEY;
        }
        if self.goal.horizon.is_some() {
            k ^= PLY_KEY.wrapping_mul(u64::from(ply) + 1);
        }
        k
    }

    /// What a repetition repeats: the stones, the side to move and, where that side may not
    /// retake a ko just taken, the ko point. The side free of the ko retakes at once (it has a
    /// threat every time, the threat and its answer left out), which brings back the stones of
    /// the position before the take but not its situation: now the other side may not play
    /// there. Keyed by the stones alone, ggg-easy-02's B rr, W rs, B ss (the ko), W rs (the
    /// retake) "repeated" the position before B ss, and the one-sided ko rule counted that
    /// against White, who could still end the ko at rq: the author's ko was proven a kill.
    fn situation(&self, pos: u64, ko: Option<Point>, to_move: Color) -> u64 {
        match ko {
            Some(p) if self.bound_by_ko(to_move) => pos ^ ko_key(p),
            _ => pos,
        }
    }

    /// Who has won when both sides pass: the defender, whose target stands; for a connection the
    /// attacker, as its chains are still apart.
    fn passes_winner(&self) -> Color {
        match self.goal.aim {
            Aim::Connect => self.goal.attacker,
            Aim::Capture | Aim::Kill => self.goal.defender(),
        }
    }

    /// The numbers a node gets when a result is fixed: `winner` wins for the side to move `c`.
    fn result(winner: Color, c: Color) -> Numbers {
        if winner == c { (0, INF) } else { (INF, 0) }
    }

    /// The side a repetition (or a depth cut-off) counts against: the learner under `Strict`.
    /// This is the side that may retake a ko at once.
    fn cycle_winner(&self) -> Color {
        match self.ko {
            KoMode::Strict => self.learner.opponent(),
            KoMode::Lenient => self.learner,
        }
    }

    /// Whether a pass at `state` counts towards the two that end the fight: not when the side
    /// to move is barred from retaking a ko just taken, as its pass is then a move elsewhere
    /// (a ko threat) after which it may retake, not an end of the fight.
    /// Where the learner attacks in life and death only (`one_sided_kos`).
    fn pass_counts(&self, state: &State) -> bool {
        !self.one_sided_kos || state.board.ko_point().is_none() || !self.bound_by_ko(state.to_move)
    }

    /// Whether a ko that `c` takes is a move `c` need not read: `c` is the side bound by the ko
    /// rule, so the other side retakes at once and brings back the stones before the take with
    /// `c` to move again, no better off (barred from the ko point, two plies deeper, with every
    /// repetition still counting against it). Not under the one-sided ko rule, where a cycle of
    /// takes and retakes can win for the bound side, nor under a horizon, which the two plies
    /// bring nearer.
    fn ko_takes_dominated(&self, c: Color) -> bool {
        self.bound_by_ko(c) && !self.one_sided_kos && self.goal.horizon.is_none()
    }

    /// Whether `c` may not retake a ko at once (it must play elsewhere first).
    fn bound_by_ko(&self, c: Color) -> bool {
        match self.ko {
            KoMode::Strict => c == self.learner,
            KoMode::Lenient => c != self.learner,
        }
    }

    /// Who wins a repetition, given whether a ko was retaken at once on the way round. A side
    /// that had to retake a ko at once (a ko threat every time) to keep the cycle going never
    /// ends the ko in its favour, while the other side retakes for free: it loses the cycle
    /// (ARCHITECTURE.md §8, `dfpn`: a ko only one side can ever end is no ko; GNU Go's owl and
    /// the problem authors read it so too). Any other cycle counts against the bound side.
    ///
    /// Only where the learner attacks in life and death (`one_sided_kos`): with the learner
    /// defending, the same rule "proved" moves that problem authors mark as leading to a ko
    /// (ggg-easy-21's B cs), most likely through the table, whose entries do not record the
    /// path a repetition came from; there every cycle still counts against the bound side.
    fn repetition_winner(&self, retook: bool) -> Color {
        if retook && self.one_sided_kos {
            self.cycle_winner().opponent()
        } else {
            self.cycle_winner()
        }
    }

    fn mid(&mut self, depth: usize, th_phi: u32, th_delta: u32) -> Numbers {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes & 255 == 0 && Instant::now() >= self.deadline)
        {
            self.aborted = true;
        }
        let state = self.stack[depth].take().expect("the state of this depth");
        let key = self.key(&state);
        let here = self.ctx;
        let final_ = |(phi, delta): Numbers| phi == 0 || delta == 0;
        let mut known = self.tt.get(&key).copied();
        if !known.is_some_and(final_)
            && let Some(&v) = self.path_bound.get(&(key ^ here))
        {
            known = Some(v);
        }
        let over = known.is_some_and(final_);
        if self.aborted || over {
            self.stack[depth] = Some(state);
            return known.unwrap_or((1, 1));
        }
        // A node in the table was entered before and is not over (its result would be final):
        // the end-of-fight test (Benson's life, the dead shapes) is not repeated.
        if known.is_none()
            && let Some(w) = self.winner(&state)
        {
            let result = Self::result(w, state.to_move);
            self.stack[depth] = Some(state);
            self.tt.insert(key, result);
            return result;
        }
        let at = self.situation(
            position_key(&state.board, state.to_move),
            state.board.ko_point(),
            state.to_move,
        );
        self.path.push(at);
        self.retakes.push(state.retook);
        self.on_path[bucket(at)] += 1;
        let (path, retakes) = (
            std::mem::take(&mut self.path),
            std::mem::take(&mut self.retakes),
        );
        let kids = self.cached_kids(&state, key, &path, &retakes);
        (self.path, self.retakes) = (path, retakes);
        self.ctx = path_step(here, key);
        let (result, bound) = loop {
            let (phi, delta, best, best_phi, second_delta, on_path) = self.combine(&kids);
            if phi >= th_phi || delta >= th_delta || self.aborted {
                if phi == 0 {
                    self.remember_killer(state.ply, kids[best].mv);
                }
                break ((phi, delta), on_path);
            }
            let kid = kids[best];
            let c_phi = (th_delta.saturating_add(best_phi))
                .saturating_sub(delta)
                .min(INF - 1);
            // 1+ε (Pawlewicz and Lew): the child may run a quarter past its sibling's number
            // before the search switches, which saves most of the re-expansions of plain df-pn.
            let c_delta = th_phi
                .min(second_delta.saturating_add(second_delta / 4 + 1))
                .min(INF - 1);
            self.descend(depth, &state, kid.mv);
            self.mid(depth + 1, c_phi, c_delta);
        };
        self.ctx = here;
        self.path.pop();
        self.retakes.pop();
        self.on_path[bucket(at)] -= 1;
        let settled = result.0 == 0 || result.1 == 0;
        if !settled {
            self.keep_kids(key, state.ply, kids);
        }
        self.stack[depth] = Some(state);
        if bound && settled {
            // A result that rests on a repetition of this path holds on this path only (the
            // graph-history interaction: reached by another path, the position may not repeat),
            // for the learner or against it.
            self.path_bound.insert(key ^ here, result);
        } else if !self.aborted || settled {
            self.tt.insert(key, result);
        }
        result
    }

    /// Slots of the move-list cache (a power of two).
    const KID_CACHE: usize = 1 << 11;

    /// The node's kids from the cache when it was entered before at the same ply, else
    /// generated; the results that depend on the path (repetitions, the depth cut-off) are
    /// always computed afresh.
    fn cached_kids(&mut self, state: &State, key: u64, path: &[u64], retakes: &[bool]) -> Vec<Kid> {
        if self.kid_cache.is_empty() {
            self.kid_cache.resize_with(Self::KID_CACHE, || None);
        }
        let slot = (key as usize) & (Self::KID_CACHE - 1);
        let mut kids = match self.kid_cache[slot].take() {
            Some((k, ply, kids)) if k == key && ply == state.ply => kids,
            other => {
                self.kid_cache[slot] = other;
                return self.kids(state, path, retakes);
            }
        };
        let next = state.to_move.opponent();
        for kid in &mut kids {
            self.fix_kid(kid, next, state.ply, path, retakes);
        }
        kids
    }

    /// Puts an open node's kids back in the cache (sized by [`Search::cached_kids`]).
    fn keep_kids(&mut self, key: u64, ply: u32, kids: Vec<Kid>) {
        let slot = (key as usize) & (Self::KID_CACHE - 1);
        self.kid_cache[slot] = Some((key, ply, kids));
    }

    /// Fixes a kid's result where it is known at once: the path-independent one, else a
    /// repetition of a position on the path, else the depth cut-off. Marks a repetition read
    /// under the one-sided ko rule (`by_cycle`): whoever it counts for, the same position
    /// reached by another path may not repeat.
    fn fix_kid(&self, kid: &mut Kid, next: Color, ply: u32, path: &[u64], retakes: &[bool]) {
        kid.by_cycle = false;
        kid.fixed = if kid.settled.is_some() {
            kid.settled
        } else if let Some(j) = self.place_on_path(kid.pos, path) {
            let retook = kid.retook || retakes[j + 1..].contains(&true);
            let winner = self.repetition_winner(retook);
            kid.by_cycle = self.one_sided_kos;
            Some(Self::result(winner, next))
        } else if ply + 1 >= self.max_depth {
            Some(Self::result(self.cycle_winner(), next))
        } else {
            None
        };
    }

    /// Where the situation `pos` stands on `path`, if it does; not scanned for where no
    /// position of the path falls in its bucket ([`Search::on_path`]).
    fn place_on_path(&self, pos: u64, path: &[u64]) -> Option<usize> {
        if self.on_path[bucket(pos)] == 0 {
            return None;
        }
        path.iter().position(|&k| k == pos)
    }

    /// The node's numbers from its kids: `phi` = the smallest kid `delta`, `delta` = the sum of
    /// kid `phi`s; with the kid to search next, its `phi`, and the second-smallest kid `delta`.
    /// A sum that grows past the largest open number stays open (`INF - 1`): only a kid that
    /// is lost for its mover (`phi == INF`) makes the node's `delta` final. The last item tells
    /// whether some kid's number holds on this path only ([`Kid::by_cycle`], `path_bound`).
    fn combine(&self, kids: &[Kid]) -> (u32, u32, usize, u32, u32, bool) {
        let (mut phi, mut delta, mut best, mut best_phi, mut second) = (INF, 0u32, 0, INF, INF);
        let mut lost_kid = false;
        let (mut tainted, mut clean_win) = (false, false);
        for (i, k) in kids.iter().enumerate() {
            let bound = if k.fixed.is_none() && !self.path_bound.is_empty() {
                self.path_bound.get(&(k.key ^ self.ctx)).copied()
            } else {
                None
            };
            let taint = k.by_cycle || bound.is_some();
            tainted |= taint;
            let (cp, cd) = k
                .fixed
                .or(bound)
                .or_else(|| self.tt.get(&k.key).copied())
                .unwrap_or(k.init);
            lost_kid |= cp >= INF;
            clean_win |= cd == 0 && !taint;
            delta = delta.saturating_add(cp).min(INF);
            if cd < phi {
                second = phi;
                phi = cd;
                best = i;
                best_phi = cp;
            } else if cd < second {
                second = cd;
            }
        }
        if !lost_kid {
            delta = delta.min(INF - 1);
        }
        // A node won rests on the path only when every winning kid does; a node lost (or
        // open), when any kid does.
        let on_path = if phi == 0 { !clean_win } else { tainted };
        (phi, delta, best, best_phi, second, on_path)
    }

    fn descend(&mut self, depth: usize, state: &State, mv: Move) {
        if self.stack.len() <= depth + 1 {
            self.stack.push(None);
        }
        match &mut self.stack[depth + 1] {
            Some(next) => next.clone_from(state),
            slot => *slot = Some(state.clone()),
        }
        let counts = self.pass_counts(state);
        apply_pass_counting(
            self.stack[depth + 1].as_mut().expect("just filled"),
            mv,
            counts,
        );
    }

    /// The legal moves at `state` in search order, each with its child's key and the result
    /// when it is fixed at once (the target taken, two passes, the horizon, a repetition). The
    /// children are not played here: their keys come from the board's probe, which keeps a node
    /// as cheap as its move list; static life is checked when a child is entered.
    fn kids(&mut self, state: &State, path: &[u64], retakes: &[bool]) -> Vec<Kid> {
        let board = &state.board;
        let me = state.to_move;
        let next = me.opponent();
        let horizon = self.goal.horizon.is_some_and(|h| state.ply + 1 >= h);
        let defender = self.goal.defender();
        let mut moves = self.moves(state, false);
        self.killers_first(state.ply, &mut moves);
        let mut out = Vec::with_capacity(moves.len());
        for (rank, (mv, hash)) in moves.into_iter().enumerate() {
            let (ko, takes_target) = match mv {
                Move::Play(p) => {
                    let ko = board.ko_after(p, me);
                    let retaken = ko.is_some() && self.retakes_target_at_once(next);
                    let takes = me == self.goal.attacker && !retaken && self.takes_target(board, p);
                    (ko, takes)
                }
                Move::Pass => (None, false),
            };
            let passes = match mv {
                Move::Pass if self.pass_counts(state) => state.passes + 1,
                _ => 0,
            };
            let retook = matches!(mv, Move::Play(p) if board.ko_point() == Some(p));
            let pos = match next {
                Color::Black => hash,
                Color::White => hash ^ SIDE_KEY,
            };
            let settled = if takes_target {
                Some(Self::result(self.goal.attacker, next))
            } else if passes >= 2 {
                Some(Self::result(self.passes_winner(), next))
            } else if horizon {
                Some(Self::result(defender, next))
            } else {
                None
            };
            let situation = self.situation(pos, ko, next);
            let mut kid = Kid {
                mv,
                key: self.key_of(pos, ko, passes, state.ply + 1),
                fixed: None,
                // Move ordering inside df-pn: the earlier a move in the forcing order, the
                // smaller its proof estimate for the side that plays it.
                init: (1, 1 + self.order_weight(rank as u32)),
                settled,
                pos: situation,
                retook,
                by_cycle: false,
            };
            self.fix_kid(&mut kid, next, state.ply, path, retakes);
            out.push(kid);
        }
        out
    }

    /// Keeps `mv`, which has just won a node at `ply`, as that ply's newest killer.
    fn remember_killer(&mut self, ply: u32, mv: Move) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }

    /// The killer heuristic: the moves that last won a node at this ply (a refutation often
    /// refutes the siblings too) go to the front of the move order, newest first, wherever the
    /// static order put them. Against the static order alone, at fixed nodes on one core: GGG
    /// easy (400,000 nodes) 119 of 140 both ways with 5% fewer nodes, the harder sets (200,000
    /// nodes) 34 → 36 of 180 (one killer a ply: the same on GGG easy). Tried and not kept
    /// beside it: the reply that last won against the opponent's move (a counter-move table),
    /// 120 of 140 but 33 of 180.
    fn killers_first(&self, ply: u32, moves: &mut [(Move, u64)]) {
        if let Some(k) = self.killers.get(ply as usize) {
            for m in k.iter().rev().flatten() {
                if let Some(i) = moves.iter().position(|&(x, _)| x == *m) {
                    moves[..=i].rotate_right(1);
                }
            }
        }
    }

    /// How much a kid's place in the move order adds to its first disproof number (its
    /// mover's proof estimate). Life and death trusts the order four times per place: measured
    /// against a quarter per place, GGG easy at 400,000 nodes 116 → 119 of 140 and the harder
    /// sets at 200,000 nodes 33 → 34 of 180, with 5% fewer nodes on the problems both solve.
    /// Captures keep a quarter: there the steeper order proves a false escape (the shipped
    /// escape-47957c33e2's fi, a ko for GNU Go) through White tries the problem reading leaves
    /// out (README, twenty-fourth round), which the gentler order does not reach.
    fn order_weight(&self, rank: u32) -> u32 {
        match self.goal.aim {
            Aim::Kill => rank.saturating_mul(4),
            Aim::Capture | Aim::Connect => rank / 4,
        }
    }

    /// Whether the attacker's stone at `p` captures a target stone.
    fn takes_target(&self, board: &Board, p: Point) -> bool {
        board.adjacent(p).any(|q| {
            board.get(q) == Some(self.goal.defender())
                && board.in_atari(q)
                && self
                    .goal
                    .target
                    .iter()
                    .any(|&t| board.chain_id(t) == board.chain_id(q))
        })
    }

    /// The first moves of a question: the candidates, and for a defender in life and death
    /// every point two lines around its group as well (a group that lives in seki or is alive
    /// already answers anywhere; inside the search such moves are a pass).
    pub fn first_candidates(&self, s: &State) -> Vec<Move> {
        self.moves(s, true).into_iter().map(|(m, _)| m).collect()
    }

    /// The moves worth trying, most forcing first, the pass last; each with the board's hash
    /// after it (the legality probe computes both).
    fn moves(&self, s: &State, first: bool) -> Vec<(Move, u64)> {
        let board = &s.board;
        let me = s.to_move;
        // A target stone just taken in a ko: the defender retakes it, its only move.
        if let Some(k) = self.target_in_ko(board, me) {
            let (illegal, hash) = board.probe(board.index(k), me, false);
            return if illegal {
                vec![(Move::Pass, board.hash())]
            } else {
                vec![(Move::Play(k), hash)]
            };
        }
        let ko = if self.bound_by_ko(me) {
            board.ko_point()
        } else {
            None
        };
        let points: Vec<Point> = match self.goal.aim {
            Aim::Kill => self.fight_points(board, me, first),
            Aim::Capture | Aim::Connect => self.tactical_points(board, me),
        };
        // Sized once: collected from the points' list, the wider items grew it by reallocation
        // (a tenth of the search's time).
        let mut scored: Vec<(i32, Move, u64)> = Vec::with_capacity(points.len());
        let skip_ko_takes = !first && self.ko_takes_dominated(me);
        for p in points {
            if Some(p) == ko {
                continue;
            }
            if skip_ko_takes
                && board.ko_after(p, me).is_some()
                && !(me == self.goal.attacker && self.takes_target(board, p))
            {
                continue;
            }
            let (illegal, hash) = board.probe(board.index(p), me, false);
            if !illegal {
                scored.push((self.score(board, p, me), Move::Play(p), hash));
            }
        }
        scored.sort_by_key(|&(score, _, _)| std::cmp::Reverse(score));
        let mut out: Vec<(Move, u64)> = Vec::with_capacity(scored.len() + 1);
        out.extend(scored.into_iter().map(|(_, m, h)| (m, h)));
        // A cutter passes where every cut fails (a connection is not made by the cutter's
        // moves).
        let may_pass = self.goal.aim != Aim::Capture || me == self.goal.defender();
        if may_pass {
            out.push((Move::Pass, board.hash()));
        }
        out
    }

    /// The target's chains and every defender chain one empty point away from them, grown
    /// until no more join (inside the region), as cells of the board's padded grid.
    fn target_group(&self, board: &Board) -> Vec<usize> {
        let defender = self.goal.defender();
        let mut in_group = self.marks[0].borrow_mut();
        in_group.fresh(board.cell_count());
        let mut group: Vec<usize> = Vec::with_capacity(64);
        let add_chain = |i: usize, in_group: &mut Marks, group: &mut Vec<usize>| {
            for c in board.chain_cells(i) {
                in_group.insert(c);
                group.push(c);
            }
        };
        for &t in &self.goal.target {
            let i = board.index(t);
            if !in_group.has(i) && board.color_at(i).is_some() {
                add_chain(i, &mut in_group, &mut group);
            }
        }
        let mut k = 0;
        while k < group.len() {
            let s = group[k];
            k += 1;
            for q in board.neighbours(s) {
                let mut visit = |r: usize| {
                    if board.color_at(r) == Some(defender)
                        && !in_group.has(r)
                        && self.area.contains_cell(r)
                    {
                        add_chain(r, &mut in_group, &mut group);
                    }
                };
                if board.is_empty_cell(q) {
                    board.neighbours(q).into_iter().for_each(&mut visit);
                } else {
                    visit(q);
                }
            }
        }
        group
    }

    /// Life and death: the points of the region near the target's group (its stones and the
    /// defender's stones one empty point away from them) that the group reaches through empty
    /// points, two lines around it, and the liberties of the attacker's chains that touch the
    /// group and are short of them (capturing races). Elsewhere a move is no more than a pass,
    /// which both sides have.
    fn fight_points(&self, board: &Board, me: Color, first: bool) -> Vec<Point> {
        let defender = self.goal.defender();
        let group = self.target_group(board);
        // Two lines around the group, by cell: a step past the board's edge lands on the
        // border ring (rows wrap onto it), which is never a move.
        let cells = board.cell_count();
        let stride = board.size() as isize + 2;
        let mut near = self.marks[1].borrow_mut();
        near.fresh(cells);
        for &c in &group {
            for (dx, dy) in DIAMOND {
                let i = c as isize + dy as isize * stride + dx as isize;
                if (0..cells as isize).contains(&i) {
                    near.insert(i as usize);
                }
            }
        }
        let mut taken = self.marks[2].borrow_mut();
        taken.fresh(cells);
        // Both sides play where the group could make eyes or run: the empty points it reaches
        // through empty points (two lines around it). Elsewhere the attacker would only fill its
        // own territory, and the defender could only fill the attacker's outside liberties,
        // which matters only to a wall short of them (below). Outside moves multiplied the
        // defender's tries tenfold: every one had to be refuted, again after every reply.
        let whole = me != self.learner;
        let mut out = self.reach_near(board, &group, (&near, whole), &mut taken);
        if first && me == defender {
            for p in self.area.rect_points() {
                let i = board.index(p);
                if near.has(i)
                    && board.is_empty_cell(i)
                    && self.area.contains_cell(i)
                    && !taken.has(i)
                {
                    taken.insert(i);
                    out.push(p);
                }
            }
        }
        if me == defender && me != self.learner {
            self.captures_anywhere(board, &mut out, &mut taken);
        }
        // A race: an attacker chain touching the group that is down to `RACE` liberties is
        // where both sides play (the defender fills its liberties, the attacker extends it or
        // shortens the defender's chains beside it), each chain once.
        let mut raced: Vec<u16> = Vec::new();
        for &g in &group {
            for c in board.neighbours(g) {
                if board.color_at(c) != Some(self.goal.attacker) {
                    continue;
                }
                let q = board.point(c);
                let id = board.chain_id(q).expect("a stone");
                if raced.contains(&id) {
                    continue;
                }
                raced.push(id);
                if board.liberties_up_to(q, RACE + 1) > RACE {
                    continue;
                }
                let mut add = |l: Point| {
                    let i = board.index(l);
                    if self.area.contains_cell(i) && !taken.has(i) {
                        taken.insert(i);
                        out.push(l);
                    }
                };
                liberties_of(board, q, &mut add);
                // The short chain's other neighbours: a defender chain of `RACE` liberties or
                // fewer next to it is what the attacker shortens, takes or ataris to save it
                // (a race against that chain, fought outside the group's own space), and what
                // the defender extends.
                short_neighbours_liberties(board, q, defender, RACE, &mut add);
            }
        }
        out
    }

    /// The defender's captures anywhere in the box: every attacker chain in atari beside a
    /// defender stone, taken at its last liberty. A capture away from the group can still
    /// decide the fight (Xuanxuan Qijing 12: after Black's throw-in at E2, beside White's
    /// D2–E3 and F2 but three lines from the target, White's E1 takes it and mends the eye;
    /// left out of White's list, the throw-in "killed", GNU Go's owl refuting it). Only where
    /// the defender's list must be complete (the learner attacks): a move missing there makes
    /// a false proof.
    fn captures_anywhere(&self, board: &Board, out: &mut Vec<Point>, taken: &mut Marks) {
        let defender = Some(self.goal.defender());
        let cells = self.area.rect_points().map(|p| board.index(p));
        let beside_defender = |i: usize| {
            !self.area.is_frame_cell(i)
                && board
                    .neighbours(i)
                    .into_iter()
                    .any(|n| board.color_at(n) == defender)
        };
        let mut add = |l: Point| {
            let j = board.index(l);
            if self.area.contains_cell(j) && !taken.has(j) {
                taken.insert(j);
                out.push(l);
            }
        };
        takes_in_atari(
            board,
            cells,
            Some(self.goal.attacker),
            beside_defender,
            &mut add,
        );
    }

    /// The empty points of the region two lines around the group (`near`) that the group
    /// reaches through empty points, marked in `taken`: through any point of the region for
    /// the learner's opponent, through points near the group only for the learner (`!whole`).
    /// A point near the group that only a longer way reaches (behind a wall) is rarely a move
    /// at all, and flooding the whole open board at every node to find such points was a third
    /// of the search's time; but a move left out of the opponent's list can make a false proof,
    /// so the opponent keeps them, while fewer moves of the learner's own only take proofs away.
    /// The flood runs on the board's cells, in the order of [`Board::adjacent`]; `near` and `taken`
    /// are marked by cell too.
    fn reach_near(
        &self,
        board: &Board,
        group: &[usize],
        (near, whole): (&Marks, bool),
        taken: &mut Marks,
    ) -> Vec<Point> {
        let mut flooded = self.marks[4].borrow_mut();
        flooded.fresh(board.cell_count());
        let mut cells: Vec<usize> = Vec::with_capacity(64);
        let visit = |i: usize, flooded: &mut Marks, cells: &mut Vec<usize>| {
            if board.is_empty_cell(i)
                && self.area.contains_cell(i)
                && !flooded.has(i)
                && (whole || near.has(i))
            {
                flooded.insert(i);
                cells.push(i);
            }
        };
        for &g in group {
            for i in board.neighbours(g) {
                visit(i, &mut flooded, &mut cells);
            }
        }
        let mut k = 0;
        while k < cells.len() {
            let c = cells[k];
            k += 1;
            for i in board.neighbours(c) {
                visit(i, &mut flooded, &mut cells);
            }
        }
        let mut reach: Vec<Point> = Vec::with_capacity(cells.len());
        for c in cells {
            if near.has(c) {
                taken.insert(c);
                reach.push(board.point(c));
            }
        }
        reach
    }

    /// Capture questions: the target's liberties and the points next to them; for the attacker
    /// the liberties of its own chains in atari next to the target, for the defender those of
    /// the attacker's chains around it that are short of liberties (escaping by capturing).
    fn tactical_points(&self, board: &Board, me: Color) -> Vec<Point> {
        let attacking = me == self.goal.attacker;
        let mut out: Vec<Point> = Vec::with_capacity(32);
        let mut push = |p: Point| {
            if board.get(p).is_none() && self.area.contains(p) && !out.contains(&p) {
                out.push(p);
            }
        };
        let mut stones: Vec<Point> = Vec::with_capacity(32);
        for &t in &self.goal.target {
            if !stones.contains(&t) {
                stones.extend(board.chain(t));
            }
        }
        let mut libs: Vec<Point> = Vec::with_capacity(32);
        for &s in &stones {
            for q in board.adjacent(s) {
                if board.get(q).is_none() && !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
        // Both sides get the points next to the liberties: the attacker's nets, and the
        // defender's shape moves (a defender cut short of them would make false proofs).
        for &l in &libs {
            push(l);
            for q in board.adjacent(l) {
                push(q);
            }
        }
        // Whole-board questions: the defender's chains the target would join through a
        // liberty, when short of liberties (`JOINED`), are pressed by the attacker and
        // extended by the defender (Shusaku's game 415 before move 79: GNU Go takes T12 in a
        // ko by R13, which shortens S13, the chain T12 joins through T13, and White's answer
        // to T13 is T15, extending it).
        if self.thorough {
            let defender = self.goal.defender();
            let mut joined: Vec<Point> = Vec::new();
            for &l in &libs {
                for q in board.adjacent(l) {
                    if board.get(q) == Some(defender)
                        && !stones.contains(&q)
                        && !joined.contains(&q)
                        && board.liberties_up_to(q, JOINED + 1) <= JOINED
                    {
                        joined.extend(board.chain(q));
                        for m in board.liberties(q) {
                            push(m);
                        }
                        // An attacker chain in atari beside it: the defender takes it, which
                        // gives back the liberty it took, and the attacker saves it; both sides
                        // get the point, as with the chain's liberties (Shusaku's game 12 before
                        // move 129: after W A15 the corner's A19 would join A16, and B A14 takes
                        // A15; without the try the capture of A19 was "proven" by A15).
                        short_neighbours_liberties(board, q, self.goal.attacker, 1, &mut push);
                    }
                }
            }
        }
        // Whole-board questions: the defender takes any attacker chain of two stones or more
        // in atari near the target (within `COUNTER_CAPTURE` lines of it). Stones that touch
        // neither the target nor its liberties can still be what saves it, when the space
        // they leave gives a chain the target joins its liberties (ggg-intermediate-10 after
        // B so W rp: B ss takes the corner's two stones and po is saved, GNU Go's `defend`
        // too; without the try the save was "refuted"). Not single stones: their captures
        // are mostly kos and throw-ins, and with them the capture in the nine-by-nine
        // `JOINS_THROUGH_ITS_LIBERTY` after W db B eb W dc read as a ko, where GNU Go's
        // `attack` and the search without the try take the stone by D6. Nor for problems:
        // against their narrower attacker tries (`thorough`) the defender's wider ones prove
        // the false escape fi of the bank's escape-47957c33e2 (a ko for GNU Go).
        if !attacking && self.thorough {
            let attacker = Some(self.goal.attacker);
            let two_or_more = |i: usize| {
                board
                    .neighbours(i)
                    .iter()
                    .any(|&j| board.color_at(j) == attacker)
            };
            let near = self.near_target.iter().copied();
            takes_in_atari(board, near, attacker, two_or_more, &mut push);
        }
        // The attacker's chains next to the target or to its liberties (a net's stones stand
        // by the liberties, not on the target): when short of liberties, their liberties are
        // the defender's counter-attack and the attacker's rescue.
        let mut seen: Vec<Point> = Vec::with_capacity(32);
        for &s in stones.iter().chain(&libs) {
            for q in board.adjacent(s) {
                if board.get(q) != Some(self.goal.attacker) || seen.contains(&q) {
                    continue;
                }
                seen.extend(board.chain(q));
                // The defender shortens a chain of up to three liberties: a net's stones can
                // run short of liberties themselves while they chase. The attacker saves one in
                // atari, or of two liberties where it attacks thoroughly.
                let short = if attacking {
                    board.liberties_up_to(q, 3) <= if self.thorough { 2 } else { 1 }
                } else {
                    board.liberties_up_to(q, 4) <= 3
                };
                if !short {
                    // A defender chain in atari beside the attacker's chain: taking it is an
                    // attacker's try (in the same game, B L5 takes the stone beside the
                    // target's neighbour M4, and the target cannot escape).
                    if attacking {
                        short_neighbours_liberties(board, q, self.goal.defender(), 1, &mut push);
                    }
                    continue;
                }
                liberties_of(board, q, &mut push);
                // A defender chain of `ATARI_RESCUE` liberties or fewer beside the short chain:
                // the attacker saves its chain by taking it, the defender extends it to keep
                // the attack going.
                let defender = self.goal.defender();
                short_neighbours_liberties(board, q, defender, ATARI_RESCUE, &mut push);
            }
        }
        out
    }

    /// Ordering: captures and ataris first, then the target's liberties, then nearness.
    fn score(&self, board: &Board, p: Point, me: Color) -> i32 {
        let i = board.index(p);
        let mut score = 0;
        for q in board.neighbours(i) {
            match board.color_at(q) {
                Some(c) if c != me && board.cell_in_atari(q) => score += 1000,
                Some(c) if c == me && board.cell_in_atari(q) => score += 300,
                _ => {}
            }
            if self.to_target[q] == 0 {
                score += 100;
            }
        }
        score - self.to_target[i]
    }
}

/// The points two lines around a point (Manhattan distance 2 at most), as offsets.
const DIAMOND: [(i32, i32); 13] = [
    (0, -2),
    (-1, -1),
    (0, -1),
    (1, -1),
    (-2, 0),
    (-1, 0),
    (0, 0),
    (1, 0),
    (2, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (0, 2),
];

/// Life and death: a chain beside the group with this many liberties or fewer is in a race,
/// and both sides play on its liberties (the attacker's chains touching the group, the
/// defender's chains beside those).
const RACE: usize = 3;

/// Whole-board captures: a defender chain of this many liberties or fewer that the target
/// would join through one of its liberties is pressed and extended ([`Search::tactical_points`]).
const JOINED: usize = 4;

/// Captures: a defender chain of this many liberties or fewer beside an attacker chain in atari
/// is what the attacker takes (or ataris) to save it.
const ATARI_RESCUE: usize = 2;

/// How far from the target (Manhattan) the defender of a capture looks for attacker chains in
/// atari to take.
const COUNTER_CAPTURE: i32 = 4;

/// The liberties of the chains of `colour` with `cap` liberties or fewer next to the chain at
/// `q`, each chain read once, given to `f` ([`liberties_of`]: a point may repeat, and the callers
/// keep their own sets).
fn short_neighbours_liberties(
    board: &Board,
    q: Point,
    colour: Color,
    cap: usize,
    f: &mut impl FnMut(Point),
) {
    let mut seen: Vec<u16> = Vec::new();
    for c in board.chain_cells(board.index(q)) {
        for d in board.neighbours(c) {
            if board.color_at(d) != Some(colour) {
                continue;
            }
            let d = board.point(d);
            let id = board.chain_id(d).expect("a stone");
            if !seen.contains(&id) {
                seen.push(id);
                if board.liberties_up_to(d, cap + 1) <= cap {
                    liberties_of(board, d, f);
                }
            }
        }
    }
}

/// The liberty of every chain of `colour` in atari with a stone on one of `cells` that `keep`
/// accepts: where taking it is a try (each stone of a chain on `cells` reports it again).
fn takes_in_atari(
    board: &Board,
    cells: impl IntoIterator<Item = usize>,
    colour: Option<Color>,
    keep: impl Fn(usize) -> bool,
    f: &mut impl FnMut(Point),
) {
    for i in cells {
        if board.color_at(i) == colour && keep(i) && board.cell_in_atari(i) {
            liberties_of(board, board.point(i), f);
        }
    }
}

/// The liberties of the chain at `q` (a stone), given to `f` in the order of
/// [`Board::liberties`], without a list: a liberty shared by several of its stones comes again
/// each time, for callers that keep their own sets.
fn liberties_of(board: &Board, q: Point, f: &mut impl FnMut(Point)) {
    for c in board.chain_cells(board.index(q)) {
        for n in board.neighbours(c) {
            if board.is_empty_cell(n) {
                f(board.point(n));
            }
        }
    }
}

/// Each point's Manhattan distance to the nearest point of `target`, by cell of the board's
/// padded grid: 0 exactly on the target's points, as a goal always names at least one (the
/// search reads `target[0]`), and [`OFF_BOARD`] on the border.
fn target_distances(board: &Board, target: &[Point]) -> Vec<i32> {
    let mut out = vec![OFF_BOARD; board.cell_count()];
    for p in board.points() {
        out[board.index(p)] = target
            .iter()
            .map(|t| {
                (i32::from(t.x) - i32::from(p.x)).abs() + (i32::from(t.y) - i32::from(p.y)).abs()
            })
            .min()
            .unwrap_or(0);
    }
    out
}

/// A border cell's distance to the target ([`target_distances`]): far enough never to count
/// as the target's neighbour.
const OFF_BOARD: i32 = 1 << 20;

/// Whether the points form one orthogonally connected piece (an empty list does).
fn connected(pts: &[Point]) -> bool {
    let Some(&first) = pts.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut k = 0;
    while k < seen.len() {
        let p = seen[k];
        k += 1;
        for &q in pts {
            if !seen.contains(&q) && p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1 {
                seen.push(q);
            }
        }
    }
    seen.len() == pts.len()
}

/// The buckets of [`Search::on_path`] (a power of two).
const PATH_BUCKETS: usize = 1 << 12;

/// A situation's bucket in [`Search::on_path`].
fn bucket(pos: u64) -> usize {
    (pos as usize) & (PATH_BUCKETS - 1)
}

/// The hash of a path one node longer: `ctx` above the node, `key` the node's.
fn path_step(ctx: u64, key: u64) -> u64 {
    (ctx.rotate_left(7) ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The hash a ko point adds to a key (the table's and a repetition's situation).
fn ko_key(p: Point) -> u64 {
    KO_KEY.wrapping_mul(u64::from(p.y) * 32 + u64::from(p.x) + 1)
}

/// The stones and the side to move (a repetition's situation, with [`Search::situation`]).
fn position_key(board: &Board, to_move: Color) -> u64 {
    match to_move {
        Color::Black => board.hash(),
        Color::White => board.hash() ^ SIDE_KEY,
    }
}

/// Whether `color` may play at `p` on a search board: on the board, empty, not the ko point
/// and not suicide.
pub fn playable(board: &Board, p: Point, color: Color) -> bool {
    p.in_board(board.size())
        && board.get(p).is_none()
        && board.ko_point() != Some(p)
        && !board.probe(board.index(p), color, false).0
}

/// Plays a candidate move (already checked legal) on a state.
pub fn apply(s: &mut State, mv: Move) {
    apply_pass_counting(s, mv, true);
}

/// Plays a move; a pass adds to the passes in a row only when `counts` (see
/// [`Search::pass_counts`]), else it is a move elsewhere.
pub fn apply_pass_counting(s: &mut State, mv: Move, counts: bool) {
    match mv {
        Move::Play(p) => {
            s.retook = s.board.ko_point() == Some(p);
            let i = s.board.index(p);
            s.board.play_at(i, s.to_move);
            s.passes = 0;
        }
        Move::Pass => {
            s.board.clear_ko();
            s.retook = false;
            s.passes = if counts { s.passes + 1 } else { 0 };
        }
    }
    s.to_move = s.to_move.opponent();
    s.ply += 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's goal against the chain at `at`.
    fn black_goal(board: &Board, at: Point, aim: Aim) -> Goal {
        Goal {
            attacker: Color::Black,
            target: board.chain(at),
            aim,
            horizon: None,
            escape: 5,
            tree_only: false,
        }
    }

    #[test]
    fn a_connection_is_won_by_joining_the_chains_and_lost_by_a_cut() {
        // White's bc cc and ec fc, with the cutting point dc between Black's db and dd.
        let board = Board::from_rows(
            ".......
             ...X...
             .OO.OO.
             ...X...
             .......
             .......
             .......",
        )
        .unwrap();
        let mut goal = black_goal(&board, Point::new(1, 2), Aim::Connect);
        goal.target.extend(board.chain(Point::new(4, 2)));
        let area = Area::open(&board);
        let far = Instant::now() + std::time::Duration::from_secs(60);
        let mut white = Search::new(&goal, &area, Color::White, KoMode::Strict, 80);
        let start = State::new(board.clone(), Color::White);
        assert_eq!(white.prove(&start, 10_000, far), (0, INF));
        assert_eq!(white.best_move(&start), Some(Move::Play(Point::new(3, 2))));
        // Cut at dc: the chains stay apart when the fight ends.
        let mut cut = start.clone();
        apply(&mut cut, Move::Pass);
        apply(&mut cut, Move::Play(Point::new(3, 2)));
        assert_eq!(white.winner(&cut), None);
        apply(&mut cut, Move::Pass);
        apply(&mut cut, Move::Pass);
        assert_eq!(white.winner(&cut), Some(Color::Black));
    }

    #[test]
    fn a_capture_reads_taking_the_chain_that_holds_the_attackers_stone_in_atari() {
        // White's target ee fe ef; Black's stone at ff is in atari (at fg), held there by
        // White's gf, itself in atari at gg, which touches neither the target nor its
        // liberties: taking it saves Black's stone, and White may extend it.
        let board = Board::from_rows(
            ".......
             .......
             .......
             ....XX.
             ...XOOX
             ...XOXO
             .......",
        )
        .unwrap();
        let goal = black_goal(&board, Point::new(4, 4), Aim::Capture);
        let area = Area::open(&board);
        let search = Search::new(&goal, &area, Color::Black, KoMode::Strict, 80);
        let gg = Move::Play(Point::new(6, 6));
        for side in [Color::Black, Color::White] {
            let moves: Vec<Move> = (search.moves(&State::new(board.clone(), side), false))
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            assert!(moves.contains(&gg), "{side:?}: {moves:?}");
        }
    }

    #[test]
    fn numbers_that_add_up_past_the_largest_open_number_stay_open() {
        // Two kids each half the way to INF: their sum is no disproof of the node, whose
        // proof number (the smallest kid delta) is still 5. A node whose delta read INF
        // while its phi was 5 was returned unsettled by every later call at once, so the
        // search stopped making progress.
        let board = Board::from_rows(
            "...
             .O.
             ...",
        )
        .unwrap();
        let goal = Goal {
            attacker: Color::Black,
            target: vec![Point::new(1, 1)],
            aim: Aim::Kill,
            horizon: None,
            escape: 5,
            tree_only: false,
        };
        let area = Area::open(&board);
        let search = Search::new(&goal, &area, Color::Black, KoMode::Strict, 80);
        let kid = |x: u8, numbers: (u32, u32)| Kid {
            mv: Move::Play(Point::new(x, 0)),
            key: u64::from(x),
            fixed: None,
            init: numbers,
            settled: None,
            pos: u64::from(x),
            retook: false,
            by_cycle: false,
        };
        let open = [kid(0, (INF / 2, 5)), kid(1, (INF / 2 + 1, 7))];
        let (phi, delta, best, _, _, _) = search.combine(&open);
        assert_eq!((phi, delta, best), (5, INF - 1, 0));
        // A kid lost for its mover proves the node: phi 0, delta INF.
        let lost = [kid(0, (INF / 2, 5)), kid(1, (INF, 0))];
        assert_eq!(search.combine(&lost).0, 0);
        assert_eq!(search.combine(&lost).1, INF);
    }

    #[test]
    fn a_straight_three_beside_walls_that_cannot_be_taken_is_dead_with_the_attacker_to_move() {
        // White's eye space is aa ba ca; its other liberty, db, touches Black's wall, which
        // holds liberties outside the region (rows 4-7 and the columns right of it are not
        // playable): Black fills db at will, so only the straight three counts, one eye with
        // Black to move. The space reached through empty points (aa ba ca db) is no dead
        // shape, so the older test cannot see it.
        let board = Board::from_rows(
            "...OX...
             OOO.X...
             XXXXX...
             ........
             ........
             ........
             ........
             ........",
        )
        .unwrap();
        let goal = black_goal(&board, Point::new(0, 1), Aim::Kill);
        let framed =
            |playable: &dyn Fn(Point) -> bool| Area::new(board.clone(), (0, 0, 7, 7), playable);
        let area = framed(&|p: Point| p.x <= 4 && p.y <= 2);
        let search = Search::new(&goal, &area, Color::Black, KoMode::Strict, 80);
        assert!(!search.no_room_for_two_eyes(&board, Color::Black));
        assert!(search.one_eye_inside_immortal_walls(&board, Color::Black));
        let black_to_move = State::new(board.clone(), Color::Black);
        assert_eq!(search.winner(&black_to_move), Some(Color::Black));
        // White to move plays ba and lives: no static verdict.
        assert!(!search.one_eye_inside_immortal_walls(&board, Color::White));
        // A wall whose liberties can all be filled is no wall: the test stays silent.
        let open = Area::open(&board);
        let search = Search::new(&goal, &open, Color::Black, KoMode::Strict, 80);
        assert!(!search.one_eye_inside_immortal_walls(&board, Color::Black));
    }

    #[test]
    fn a_chain_that_touches_the_frame_at_one_point_it_cannot_go_beyond_has_not_got_out() {
        // White's corner group; Black's wall on row e closes it but for ae on the edge, and
        // the frame (row f, x) lies right behind the wall. White's ae touches the frame at af
        // only: Black would block there on the board, and no liberty of White's leads to the
        // frame elsewhere. Its liberties inside and the frame's af, counted together, are more
        // than the rule asks of a group that has got out (ggg-easy-115's gap at T6).
        let rows = |row_e: &str| {
            format!(
                ".O.X.....
                 .O.X.....
                 .O.X.....
                 OO.X.....
                 {row_e}
                 XXXXX....
                 .........
                 .........
                 ........."
            )
        };
        let closed = Board::from_rows(&rows("OXXX.....")).unwrap();
        let framed = |board: &Board| {
            let mut area = Area::new(board.clone(), (0, 0, 8, 8), |p: Point| p.y <= 4);
            for x in 0..5 {
                area.mark_frame(Point::new(x, 5));
            }
            area
        };
        let area = framed(&closed);
        let goal = black_goal(&closed, Point::new(1, 0), Aim::Kill);
        let search = Search::new(&goal, &area, Color::Black, KoMode::Strict, 80);
        assert!(closed.liberties(Point::new(0, 4)).len() >= OUT_OF_THE_FRAME);
        assert!(!search.got_out(&closed));
        // The same chain with the wall one stone shorter: its liberty be touches the frame at
        // bf too, a second way out that one block cannot close.
        let open = Board::from_rows(&rows("O.XX.....")).unwrap();
        let area = framed(&open);
        let goal = black_goal(&open, Point::new(1, 0), Aim::Kill);
        let search = Search::new(&goal, &area, Color::Black, KoMode::Strict, 80);
        assert!(search.got_out(&open));
    }

    #[test]
    fn two_attacker_stones_on_the_vital_point_of_a_bulky_five_leave_one_eye() {
        // White's eye space in the corner is the bulky five aa ba ca ab bb; Black's ba ca stand
        // on its vital point ba, inside (every neighbour White's or the space). Whoever moves,
        // White makes one eye at most: taking the two stones leaves a space of two.
        let vital = Board::from_rows(
            ".XXOX....
             ..OOX....
             OOOXX....
             XXXXXXX..
             .........
             .........
             .........
             .........
             .........",
        )
        .unwrap();
        // The same five with Black's two stones at aa ab, off the vital point: White takes ba
        // and lives (an eye at ca, and bb once the two stones in atari are taken).
        let off = Board::from_rows(
            "X..OX....
             X.OOX....
             OOOXX....
             XXXXXXX..
             .........
             .........
             .........
             .........
             .........",
        )
        .unwrap();
        // Two chains apart inside a square (aa and bb, diagonal) are left to the search: a
        // defender with liberties to spare fills ba and ab, takes both stones at once and has
        // two single eyes where they stood.
        let apart = Board::from_rows(
            "X.OX.....
             .XOX.....
             OOOX.....
             XXXXXXX..
             .........
             .........
             .........
             .........
             .........",
        )
        .unwrap();
        for (board, dead, at) in [(vital, true, 3), (off, false, 3), (apart, false, 2)] {
            let goal = black_goal(&board, Point::new(at, 0), Aim::Kill);
            let area = Area::new(board.clone(), (0, 0, 8, 8), |_| true);
            let search = Search::new(&goal, &area, Color::Black, KoMode::Strict, 80);
            for to_move in [Color::Black, Color::White] {
                assert_eq!(
                    search.no_room_for_two_eyes(&board, to_move),
                    dead,
                    "{to_move:?}"
                );
            }
        }
    }

    /// White's eye at c1 (the bottom row's third point) is a ko only Black can end: Black takes
    /// d1 there and White can only retake, never connect (filling c1 leaves one eye and an
    /// atari at a1). White's group holds b2.
    fn one_sided_ko() -> Board {
        Board::from_rows(
            ".......
             .......
             .......
             .......
             XXXX...
             OOOXX..
             .O.OX..",
        )
        .unwrap()
    }

    #[test]
    fn a_ko_only_the_attacker_can_end_does_not_save_the_defender() {
        // The one-sided ko: White retakes at once every time, yet never ends the ko, while
        // Black's retake after any move elsewhere is free: White is dead, and no pass of
        // Black's, while it may not retake, ends the fight with White still on the board.
        let board = one_sided_ko();
        let goal = black_goal(&board, Point::new(1, 5), Aim::Kill);
        let area = Area::open(&board);
        let deadline = Instant::now() + std::time::Duration::from_secs(30);
        for to_move in [Color::White, Color::Black] {
            let mut search = Search::new(&goal, &area, Color::Black, KoMode::Strict, 80)
                .under(Ruleset::Japanese);
            let numbers = search.prove(&State::new(board.clone(), to_move), 200_000, deadline);
            // The numbers are the side to move's: Black has won where White's are (INF, 0).
            let black_wins = match to_move {
                Color::White => (INF, 0),
                Color::Black => (0, INF),
            };
            assert_eq!(numbers, black_wins, "{to_move:?} to move");
        }
        // Under the Chinese rules the same ko is a ko: read with every repetition against
        // Black (the strict read), Black cannot kill.
        let mut search =
            Search::new(&goal, &area, Color::Black, KoMode::Strict, 80).under(Ruleset::Chinese);
        let numbers = search.prove(&State::new(board.clone(), Color::Black), 200_000, deadline);
        assert_eq!(numbers, (INF, 0), "a ko under the Chinese rules");
    }

    #[test]
    fn a_ko_the_bound_side_takes_is_not_read_where_the_other_side_retakes_at_once() {
        // The one-sided ko above: Black's c1 takes White's d1. Read strictly (Black bound by
        // the ko, White retaking at once), the take only brings back this position two plies
        // later with Black barred from c1: inside the search it is not read. It is still a
        // first move the learner may be asked about, and under the one-sided ko rule, where
        // cycles of takes can win, it is read.
        let board = one_sided_ko();
        let goal = black_goal(&board, Point::new(1, 5), Aim::Kill);
        let area = Area::open(&board);
        let c1 = Move::Play(Point::new(2, 6));
        let listed = |rules: Ruleset, mode: KoMode, first: bool| {
            let search = Search::new(&goal, &area, Color::Black, mode, 80).under(rules);
            search
                .moves(&State::new(board.clone(), Color::Black), first)
                .iter()
                .any(|&(m, _)| m == c1)
        };
        assert!(!listed(Ruleset::Chinese, KoMode::Strict, false));
        assert!(listed(Ruleset::Chinese, KoMode::Strict, true));
        assert!(listed(Ruleset::Japanese, KoMode::Strict, false));
        // Where Black retakes at once (the lenient read), its take is read.
        assert!(listed(Ruleset::Chinese, KoMode::Lenient, false));
    }

    #[test]
    fn a_ko_the_defender_can_end_is_a_ko_under_the_one_sided_rule_too() {
        // ggg-easy-02's corner after B rr W rs (row 6 is the edge, f6 is rs). Black takes
        // the ko at g6 (ss); White's retake at f6 brings back the stones of this position,
        // but not its situation: Black may not retake at once, and White next ends the ko by
        // taking f5 at f4 (rq), with eyes at f5 and g6. Counted as a repetition lost by
        // White (the one-sided ko rule), the retake "proved" the kill; it is a ko.
        let board = Board::from_rows(
            ".......
             .......
             ....XXX
             ....XO.
             .XXXO.O
             .XOOOXO
             .XO.XO.",
        )
        .unwrap();
        let goal = black_goal(&board, Point::new(4, 4), Aim::Kill);
        let area = Area::open(&board);
        let deadline = Instant::now() + std::time::Duration::from_secs(30);
        let mut search =
            Search::new(&goal, &area, Color::Black, KoMode::Strict, 80).under(Ruleset::Japanese);
        let numbers = search.prove(&State::new(board.clone(), Color::Black), 200_000, deadline);
        assert_eq!(numbers, (INF, 0), "Black cannot kill without the ko");
        // Where Black may win every ko (the lenient read), the ko kills.
        let mut search =
            Search::new(&goal, &area, Color::Black, KoMode::Lenient, 80).under(Ruleset::Japanese);
        let numbers = search.prove(&State::new(board, Color::Black), 200_000, deadline);
        assert_eq!(numbers, (0, INF), "Black kills when it wins the ko");
    }
}
