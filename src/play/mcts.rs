//! Monte Carlo tree search with RAVE for the top levels, on the fast board
//! ([`super::fast::Fast`]): the root's moves come from the rules core's `Game` (so superko is
//! exact where the move is really played), the tree below uses simple ko. New children start
//! with prior wins from tactics and shapes ([`super::priors`]), leaves are valued by
//! [`super::rollout::playout`], and AMAF statistics share what each simulation learnt.

use std::time::Instant;

use super::bot::Limits;
use super::fast::{Fast, stone};
use super::game::{Kind, Match};
use super::priors::{PRIOR_VISITS, prior_rate};
use super::rollout::{Goal, Trace, playout};
use crate::go::{Color, Move, Rng};

/// RAVE: the real visits after which a child's own mean and its AMAF mean weigh the same.
const RAVE_EQUIV: f32 = 3000.0;
/// Real visits a leaf needs before its children are added.
const EXPAND_AFTER: f32 = 2.0;

/// A move in the tree: `cell` 0 is a pass.
struct Node {
    cell: u16,
    /// The stone value (1 Black, 2 White) of the player of `cell`.
    color: u8,
    children: u16,
    first_child: u32,
    /// Visits and wins, the priors included.
    visits: f32,
    wins: f32,
    rave_visits: f32,
    rave_wins: f32,
}

impl Node {
    fn new(cell: u16, color: u8, rate: f32) -> Node {
        Node {
            cell,
            color,
            children: 0,
            first_child: 0,
            visits: PRIOR_VISITS,
            wins: PRIOR_VISITS * rate,
            rave_visits: 0.0,
            rave_wins: 0.0,
        }
    }

    fn real(&self) -> f32 {
        self.visits - PRIOR_VISITS
    }
}

/// What the search found: the move and how many playouts it ran.
pub struct Found {
    pub mv: Move,
    pub playouts: u32,
}

/// The best move for the side to move by search within `limits`.
pub fn search(m: &Match, limits: &Limits, rng: &mut Rng) -> Found {
    let start = Instant::now();
    let game = m.game();
    let me = stone(game.to_move());
    let mut root = Fast::from_board(game.board()).expect("search boards are at most 13x13");
    root.caps = [game.captures(Color::Black), game.captures(Color::White)];
    root.last = match game.moves().last() {
        Some(Move::Play(p)) => root.index(*p),
        _ => 0,
    };
    let goal = goal_of(m);
    let root_passes = u8::from(game.moves().last() == Some(&Move::Pass));
    let mut tree = Tree {
        nodes: Vec::with_capacity(1 << 16),
        goal,
    };
    tree.nodes.push(Node::new(0, 3 - me, 0.5));
    // The root's moves: exactly the rules core's legal moves (superko included).
    let legal: Vec<usize> = game
        .legal_moves()
        .into_iter()
        .map(|p| root.index(p))
        .collect();
    tree.expand(0, &root, me, Some(&legal));
    if tree.nodes[0].children == 1 {
        return Found {
            mv: tree.move_of(1, &root),
            playouts: 0,
        };
    }
    let size = root.size();
    let max_moves = 3 * size * size;
    let mut board = root.clone();
    let mut trace: Trace = Vec::with_capacity(4 * size * size);
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut amaf = vec![0u8; board.stride() * (size + 2)];
    let mut n = 0u32;
    while n < limits.playouts {
        if n.is_multiple_of(32) && start.elapsed() >= limits.time {
            break;
        }
        n += 1;
        board.clone_from(&root);
        trace.clear();
        path.clear();
        let black = tree.descend(
            &mut board,
            me,
            root_passes,
            &mut path,
            &mut trace,
            rng,
            max_moves,
        );
        tree.update(&path, &trace, black, &mut amaf);
    }
    Found {
        mv: tree.move_of(tree.best_child(0), &root),
        playouts: n,
    }
}

fn goal_of(m: &Match) -> Goal {
    match m.kind() {
        Kind::Capture { target } => Goal {
            target: Some(u32::from(target)),
            komi: 0.0,
        },
        Kind::Go { handicap } => Goal {
            target: None,
            komi: m.game().rules().komi
                + if handicap >= 2 {
                    f64::from(handicap)
                } else {
                    0.0
                },
        },
    }
}

struct Tree {
    nodes: Vec<Node>,
    goal: Goal,
}

impl Tree {
    fn move_of(&self, id: usize, board: &Fast) -> Move {
        match usize::from(self.nodes[id].cell) {
            0 => Move::Pass,
            cell => Move::Play(board.point(cell)),
        }
    }

    /// Walks down the tree by RAVE-UCT, adds children to a leaf that earned them, and plays the
    /// simulation out; returns Black's result. `path` gets the node ids, `trace` every move.
    #[expect(
        clippy::too_many_arguments,
        reason = "a simulation's whole state, passed once"
    )]
    fn descend(
        &mut self,
        board: &mut Fast,
        me: u8,
        mut passes: u8,
        path: &mut Vec<u32>,
        trace: &mut Trace,
        rng: &mut Rng,
        max_moves: usize,
    ) -> f32 {
        let mut node = 0usize;
        let mut to_move = me;
        path.push(0);
        loop {
            if self.nodes[node].children == 0 {
                if node != 0 && self.nodes[node].real() >= EXPAND_AFTER {
                    self.expand(node, board, to_move, None);
                }
                if self.nodes[node].children == 0 {
                    break;
                }
            }
            let child = self.select(node);
            let cell = usize::from(self.nodes[child].cell);
            if cell == 0 {
                board.pass();
                passes += 1;
            } else {
                board.play(cell, to_move);
                passes = 0;
            }
            trace.push((cell as u16, to_move));
            path.push(child as u32);
            node = child;
            if let Some(t) = self.goal.target
                && board.caps[usize::from(to_move - 1)] >= t
            {
                return if to_move == 1 { 1.0 } else { 0.0 };
            }
            to_move = 3 - to_move;
            if passes >= 2 {
                // Both passed: the game ends, but the count still removes dead stones, as
                // the playout's captures estimate them.
                break;
            }
        }
        playout(board, to_move, self.goal, rng, trace, max_moves)
    }

    /// The child with the best RAVE-blended value.
    fn select(&self, parent: usize) -> usize {
        let p = &self.nodes[parent];
        let first = p.first_child as usize;
        let mut best = first;
        let mut best_value = f32::NEG_INFINITY;
        for (k, c) in self.nodes[first..first + usize::from(p.children)]
            .iter()
            .enumerate()
        {
            let q = c.wins / c.visits;
            let value = if c.rave_visits > 0.0 {
                let amaf = c.rave_wins / c.rave_visits;
                let beta = c.rave_visits
                    / (c.rave_visits + c.visits + c.rave_visits * c.visits / RAVE_EQUIV);
                (1.0 - beta) * q + beta * amaf
            } else {
                q
            };
            if value > best_value {
                best_value = value;
                best = first + k;
            }
        }
        best
    }

    /// Adds the moves of `to_move` on `board` as children of `parent` with their priors;
    /// `only` limits them to the given cells (the root's superko-legal moves).
    fn expand(&mut self, parent: usize, board: &Fast, to_move: u8, only: Option<&[usize]>) {
        let first = self.nodes.len() as u32;
        let capture_go = self.goal.target.is_some();
        let size = board.size();
        let mut count = 0u16;
        for y in 0..size {
            for x in 0..size {
                let i = (y + 1) * board.stride() + x + 1;
                let allowed = match only {
                    Some(list) => list.contains(&i),
                    None => board.legal(i, to_move),
                };
                if !allowed {
                    continue;
                }
                if board.is_eye(i, to_move) {
                    continue;
                }
                let rate = prior_rate(board, i, to_move, capture_go);
                self.nodes.push(Node::new(i as u16, to_move, rate));
                count += 1;
            }
        }
        if !capture_go || count == 0 {
            // A pass is rarely right while points are open; with nothing but eyes left it is.
            let rate = if count == 0 { 0.5 } else { 0.1 };
            self.nodes.push(Node::new(0, to_move, rate));
            count += 1;
        }
        self.nodes[parent].first_child = first;
        self.nodes[parent].children = count;
    }

    /// Adds the simulation's result to the path, and AMAF results to the siblings of each step
    /// whose move the same player played first later in the simulation.
    fn update(&mut self, path: &[u32], trace: &Trace, black: f32, amaf: &mut [u8]) {
        amaf.fill(0);
        // The first player of each point from step k on: walk the moves backwards.
        let mut k = trace.len();
        for depth in (0..path.len()).rev() {
            while k > depth {
                k -= 1;
                let (cell, color) = trace[k];
                if cell != 0 {
                    amaf[usize::from(cell)] = color;
                }
            }
            let id = path[depth] as usize;
            let node = &mut self.nodes[id];
            node.visits += 1.0;
            node.wins += if node.color == 1 { black } else { 1.0 - black };
            let (first, count) = (node.first_child as usize, usize::from(node.children));
            for c in &mut self.nodes[first..first + count] {
                if c.cell != 0 && amaf[usize::from(c.cell)] == c.color {
                    c.rave_visits += 1.0;
                    c.rave_wins += if c.color == 1 { black } else { 1.0 - black };
                }
            }
        }
    }

    /// The most visited child (ties to the better mean).
    fn best_child(&self, parent: usize) -> usize {
        let p = &self.nodes[parent];
        let first = p.first_child as usize;
        (first..first + usize::from(p.children))
            .max_by(|&a, &b| {
                let (x, y) = (&self.nodes[a], &self.nodes[b]);
                x.visits
                    .total_cmp(&y.visits)
                    .then((x.wins / x.visits).total_cmp(&(y.wins / y.visits)))
            })
            .expect("the root has children")
    }
}
