//! Monte Carlo tree search with RAVE for the top levels: the tree is walked on a copy of the
//! rules core's `Game` (so superko and suicide are exact), leaves are valued by
//! [`super::rollout::playout`], and tactical facts seed every new child with prior wins.

use std::time::Instant;

use super::bot::Limits;
use super::game::{Kind, Match};
use super::rollout::{Goal, playout};
use super::tactics::facts;
use crate::go::{Color, Game, Move, Point, Rng};

/// RAVE equivalence: after this many real visits a child's own mean counts as much as AMAF's.
const RAVE_K: f32 = 600.0;
const EXPLORATION: f32 = 0.15;

struct Node {
    mv: Move,
    /// The colour that played `mv`.
    color: Color,
    first_child: u32,
    children: u16,
    expanded: bool,
    visits: f32,
    wins: f32,
    rave_visits: f32,
    rave_wins: f32,
}

impl Node {
    fn new(mv: Move, color: Color, prior_visits: f32, prior_wins: f32) -> Node {
        Node {
            mv,
            color,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: prior_visits,
            wins: prior_wins,
            rave_visits: prior_visits,
            rave_wins: prior_wins,
        }
    }
}

/// The best move for the side to move by search within `limits`.
pub fn search(m: &Match, limits: &Limits, rng: &mut Rng) -> Move {
    let start = Instant::now();
    let root_game = m.game().clone();
    let me = root_game.to_move();
    let size = usize::from(m.size());
    let goal = match m.kind() {
        Kind::Capture { target } => Goal {
            target: Some(u32::from(target)),
            komi: 0.0,
        },
        Kind::Go { handicap } => Goal {
            target: None,
            komi: root_game.rules().komi
                + if handicap >= 2 {
                    f64::from(handicap)
                } else {
                    0.0
                },
        },
    };
    let mut nodes = vec![Node::new(Move::Pass, me.opponent(), 0.0, 0.0)];
    expand(&mut nodes, 0, &root_game, goal);
    if nodes[0].children == 1 {
        return nodes[1].mv;
    }
    let mut game = root_game.clone();
    let mut scratch = root_game.board().clone();
    let mut firsts = vec![0u8; size * size];
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let max_moves = 3 * (size * size) as u32;
    let mut n = 0u32;
    while n < limits.playouts {
        if n.is_multiple_of(16) && start.elapsed() >= limits.time {
            break;
        }
        n += 1;
        game.clone_from(&root_game);
        firsts.fill(0);
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let mut result = None;
        loop {
            if !nodes[node].expanded {
                if nodes[node].visits >= 1.0 + prior_of(&nodes[node]) && !game.is_over() {
                    expand(&mut nodes, node, &game, goal);
                } else {
                    break;
                }
            }
            if nodes[node].children == 0 {
                break;
            }
            let child = select(&nodes, node);
            let (mv, color) = (nodes[child].mv, nodes[child].color);
            game.play(mv)
                .expect("a child move is legal on the path it was made on");
            if let Move::Play(p) = mv {
                let k = usize::from(p.y) * size + usize::from(p.x);
                if firsts[k] == 0 {
                    firsts[k] = 1 + color.index() as u8;
                }
            }
            path.push(child as u32);
            node = child;
            if let Some(t) = goal.target
                && game.captures(color) >= t
            {
                result = Some(if color == Color::Black { 1.0 } else { 0.0 });
                break;
            }
        }
        let black = match result {
            Some(r) => r,
            None => {
                scratch.clone_from(game.board());
                let last = match game.moves().last() {
                    Some(Move::Play(p)) => Some(*p),
                    _ => None,
                };
                let caps = [game.captures(Color::Black), game.captures(Color::White)];
                // Two passes end the real game but not the estimate: dead stones still die.
                playout(
                    &mut scratch,
                    game.to_move(),
                    last,
                    caps,
                    goal,
                    rng,
                    &mut firsts,
                    max_moves,
                )
            }
        };
        let black = black as f32;
        for &id in &path {
            let node = &mut nodes[id as usize];
            node.visits += 1.0;
            node.wins += if node.color == Color::Black {
                black
            } else {
                1.0 - black
            };
            let (first, count) = (node.first_child as usize, usize::from(node.children));
            for c in &mut nodes[first..first + count] {
                if let Move::Play(p) = c.mv
                    && firsts[usize::from(p.y) * size + usize::from(p.x)]
                        == 1 + c.color.index() as u8
                {
                    c.rave_visits += 1.0;
                    c.rave_wins += if c.color == Color::Black {
                        black
                    } else {
                        1.0 - black
                    };
                }
            }
        }
    }
    let root = &nodes[0];
    let first = root.first_child as usize;
    let best = (first..first + usize::from(root.children))
        .max_by(|&a, &b| {
            let (x, y) = (&nodes[a], &nodes[b]);
            (x.visits - prior_of(x))
                .total_cmp(&(y.visits - prior_of(y)))
                .then(x.wins.total_cmp(&y.wins))
        })
        .expect("the root has children");
    nodes[best].mv
}

/// Prior visits are not counted as search effort.
fn prior_of(_node: &Node) -> f32 {
    PRIOR_VISITS
}

const PRIOR_VISITS: f32 = 10.0;

fn select(nodes: &[Node], parent: usize) -> usize {
    let p = &nodes[parent];
    let first = p.first_child as usize;
    let log_n = (p.visits.max(1.0)).ln();
    let mut best = first;
    let mut best_value = f32::NEG_INFINITY;
    for (k, c) in nodes[first..first + usize::from(p.children)]
        .iter()
        .enumerate()
    {
        let q = c.wins / c.visits;
        let amaf = c.rave_wins / c.rave_visits;
        let real = (c.visits - PRIOR_VISITS).max(0.0);
        let beta = (RAVE_K / (3.0 * real + RAVE_K)).sqrt();
        let value = (1.0 - beta) * q + beta * amaf + EXPLORATION * (log_n / c.visits).sqrt();
        if value > best_value {
            best_value = value;
            best = first + k;
        }
    }
    best
}

/// Adds the legal moves of `game` (own eyes left out) as children with tactical priors.
fn expand(nodes: &mut Vec<Node>, parent: usize, game: &Game, goal: Goal) {
    let me = game.to_move();
    let board = game.board();
    let size = board.size();
    let first = nodes.len() as u32;
    let capture_go = goal.target.is_some();
    let mut count = 0u16;
    for p in game.legal_moves() {
        if board.is_eye(p, me) {
            continue;
        }
        let f = facts(board, p, me);
        let rate = prior_rate(p, size, &f, capture_go, game.moves().len());
        nodes.push(Node::new(
            Move::Play(p),
            me,
            PRIOR_VISITS,
            PRIOR_VISITS * rate,
        ));
        count += 1;
    }
    if !capture_go || count == 0 {
        // Passing is rarely right while points are open; searched last.
        let rate = if count == 0 { 0.5 } else { 0.1 };
        nodes.push(Node::new(Move::Pass, me, PRIOR_VISITS, PRIOR_VISITS * rate));
        count += 1;
    }
    nodes[parent].first_child = first;
    nodes[parent].children = count;
    nodes[parent].expanded = true;
}

fn prior_rate(p: Point, size: u8, f: &super::tactics::Facts, capture_go: bool, ply: usize) -> f32 {
    let edge = p.x.min(p.y).min(size - 1 - p.x).min(size - 1 - p.y);
    let mut rate: f32 = 0.5;
    if f.captures > 0 {
        rate = if capture_go { 0.95 } else { 0.8 };
    } else if f.saves > 0 {
        rate = if capture_go { 0.85 } else { 0.7 };
    } else if f.self_atari {
        rate = if capture_go { 0.05 } else { 0.2 };
    } else if f.ataris > 0 {
        rate = 0.6;
    }
    if !capture_go && edge == 0 && ply < usize::from(size) * 3 {
        rate -= 0.2;
    }
    rate.clamp(0.02, 0.98)
}
