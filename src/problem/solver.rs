//! The tsumego solver: decides whether a first move achieves the problem's goal, independent of
//! the author's tree.
//!
//! The goal comes from the kind: capture/kill problems attack a target (the opponent's weakest
//! chain in view), live/escape/connect problems defend one (the learner's). The attacker wins
//! when a target stone is captured; the defender wins when the target escapes (enough liberties)
//! or is unconditionally alive (Benson's algorithm). Search: iterative-deepening minimax over the
//! empty points of the viewport with a transposition table keyed by the Zobrist hash, under a
//! node budget; what the budget does not decide is `unknown`.

use std::collections::HashMap;

use serde::Serialize;

use crate::go::{Board, Color, Game, Move, Point, Rules};

use super::model::{Kind, Problem};

/// How much search one question may use.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub nodes: u64,
    pub max_depth: u32,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: 200_000,
            max_depth: 14,
        }
    }
}

/// The solver's verdict on the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// At least one first move provably achieves the goal.
    Proven,
    /// Every first move provably fails.
    Refuted,
    /// The budget did not decide.
    Unknown,
}

/// The solver's answer with its proof summary.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    pub status: Status,
    #[serde(serialize_with = "ser_moves")]
    pub correct_first_moves: Vec<Move>,
    /// For each first move proven wrong, the opponent's refuting answer.
    #[serde(serialize_with = "ser_pairs")]
    pub refutations: Vec<(Move, Move)>,
    pub nodes: u64,
}

fn move_str(m: &Move) -> String {
    match m {
        Move::Play(p) => p.to_sgf(),
        Move::Pass => String::new(),
    }
}

fn ser_moves<S: serde::Serializer>(v: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v.iter().map(move_str))
}

fn ser_pairs<S: serde::Serializer>(v: &[(Move, Move)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v.iter().map(|(a, b)| [move_str(a), move_str(b)]))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    AttackerWins,
    DefenderWins,
    Unknown,
}

/// Who attacks what: the target stones and the side trying to capture them.
#[derive(Clone, Debug)]
pub struct Goal {
    pub attacker: Color,
    pub target: Vec<Point>,
    /// Plies within which the learner must reach the goal (capture problems: as fast as the
    /// author's solution, so that a move elsewhere is not "correct" just because the target is
    /// doomed anyway).
    pub horizon: Option<u32>,
    /// Whether unconditional life ends the fight (life and death), or only escape does (capture).
    pub life_matters: bool,
}

/// Chooses the goal from the kind and the position.
pub fn goal(problem: &Problem) -> Option<Goal> {
    let board = problem.board();
    let learner = problem.to_play;
    let weakest = |c: Color| -> Option<Vec<Point>> {
        let mut best: Option<(usize, usize, Vec<Point>)> = None;
        let mut seen: Vec<Point> = Vec::new();
        for p in board
            .points()
            .filter(|&p| board.get(p) == Some(c) && problem.viewport.contains(p))
        {
            if seen.contains(&p) {
                continue;
            }
            let chain = board.chain(p);
            seen.extend(&chain);
            let libs = board.liberties(p).len();
            // Fewest liberties first, then the larger chain.
            let better = match &best {
                None => true,
                Some((l, n, _)) => libs < *l || (libs == *l && chain.len() > *n),
            };
            if better {
                best = Some((libs, chain.len(), chain));
            }
        }
        best.map(|b| b.2)
    };
    let capture_kind = matches!(
        problem.kind,
        Kind::Capture
            | Kind::Ladder
            | Kind::Net
            | Kind::Snapback
            | Kind::Escape
            | Kind::Connect
            | Kind::Cut
    );
    let longest_correct = problem
        .tree
        .leaves()
        .filter(|&(_, ok)| ok)
        .map(|(leaf, _)| problem.tree.path(leaf).len() as u32)
        .max();
    let horizon = if capture_kind { longest_correct } else { None };
    // Capture problems aim at every weak enemy chain in view (a double atari takes either one).
    let weak_chains = |c: Color| -> Vec<Point> {
        board
            .points()
            .filter(|&p| {
                board.get(p) == Some(c)
                    && problem.viewport.contains(p)
                    && board.liberty_count(p) <= 2
            })
            .collect()
    };
    let attack = |attacker: Color| {
        let weak = weak_chains(attacker.opponent());
        let target = if capture_kind && attacker == learner && !weak.is_empty() {
            Some(weak)
        } else {
            weakest(attacker.opponent())
        };
        target.map(|target| Goal {
            attacker,
            target,
            horizon,
            life_matters: !capture_kind,
        })
    };
    match problem.kind {
        Kind::Live | Kind::Escape | Kind::Connect => attack(learner.opponent()),
        Kind::Capture
        | Kind::Kill
        | Kind::Ladder
        | Kind::Net
        | Kind::Snapback
        | Kind::Cut
        | Kind::CapturingRace => attack(learner),
        Kind::Ko | Kind::LifeAndDeath => {
            // Attack when the opponent's weakest chain is weaker than ours.
            let libs = |c: Color| {
                weakest(c)
                    .map(|ch| board.liberties(ch[0]).len())
                    .unwrap_or(usize::MAX)
            };
            if libs(learner.opponent()) <= libs(learner) {
                attack(learner)
            } else {
                attack(learner.opponent())
            }
        }
    }
}

const ESCAPE_LIBERTIES: usize = 5;

struct Search {
    goal: Goal,
    region: Vec<Point>,
    /// One saved game per depth: undo by copying back, without allocation once warm.
    snapshots: Vec<Game>,
    learner_attacks: bool,
    tt: HashMap<(u64, bool), (u32, Outcome)>,
    nodes: u64,
    budget: u64,
}

impl Search {
    /// The search around `board` for the problem's goal; also says which outcome the learner wants.
    fn new(problem: &Problem, board: &Board, goal: Goal, budget: Budget) -> (Search, Outcome) {
        let region: Vec<Point> = board
            .points()
            .filter(|&p| problem.viewport.contains(p) && board.get(p).is_none())
            .collect();
        let learner_wins = if goal.attacker == problem.to_play {
            Outcome::AttackerWins
        } else {
            Outcome::DefenderWins
        };
        let learner_attacks = goal.attacker == problem.to_play;
        let search = Search {
            goal,
            region,
            snapshots: Vec::new(),
            learner_attacks,
            tt: HashMap::new(),
            nodes: 0,
            budget: budget.nodes,
        };
        (search, learner_wins)
    }

    fn status(&self, board: &Board) -> Outcome {
        let defender = self.goal.attacker.opponent();
        if self
            .goal
            .target
            .iter()
            .any(|&p| board.get(p) != Some(defender))
        {
            return Outcome::AttackerWins;
        }
        let min_libs = self
            .goal
            .target
            .iter()
            .map(|&p| board.liberty_count(p))
            .min()
            .unwrap_or(0);
        if min_libs >= ESCAPE_LIBERTIES || unconditionally_alive(board, defender, &self.goal.target)
        {
            return Outcome::DefenderWins;
        }
        Outcome::Unknown
    }

    /// Candidate moves: the target's liberties first, then the liberties of the attacker's weak
    /// chains around it, then the empty points of the region near the target.
    fn moves(&self, game: &Game) -> Vec<Move> {
        let board = game.board();
        let defender = self.goal.attacker.opponent();
        let mut stones: Vec<Point> = Vec::new();
        for &t in &self.goal.target {
            if board.get(t) == Some(defender) && !stones.contains(&t) {
                stones.extend(board.chain(t));
            }
        }
        let mut first: Vec<Point> = Vec::new();
        let push = |v: &mut Vec<Point>, p: Point| {
            if !v.contains(&p) {
                v.push(p);
            }
        };
        for &s in &stones {
            for l in board.liberties(s) {
                push(&mut first, l);
            }
        }
        for &s in &stones {
            for q in board.adjacent(s).collect::<Vec<_>>() {
                if board.get(q) == Some(self.goal.attacker) && board.liberty_count(q) <= 2 {
                    for l in board.liberties(q) {
                        push(&mut first, l);
                    }
                }
            }
        }
        let near = |p: &Point| {
            stones
                .iter()
                .any(|s| (s.x as i32 - p.x as i32).abs() + (s.y as i32 - p.y as i32).abs() <= 2)
        };
        let mut out: Vec<Move> = first.iter().map(|&p| Move::Play(p)).collect();
        out.extend(
            self.region
                .iter()
                .filter(|p| !first.contains(p) && board.get(**p).is_none() && near(p))
                .map(|&p| Move::Play(p)),
        );
        out.retain(|&m| game.check(m).is_ok());
        if game.to_move() != self.goal.attacker {
            // The defender may pass (a seki or an alive group need not move).
            out.push(Move::Pass);
        }
        out
    }

    fn search(&mut self, game: &mut Game, depth: u32) -> Outcome {
        let s = self.status(game.board());
        if s != Outcome::Unknown {
            return s;
        }
        if let Some(h) = self.goal.horizon
            && game.moves().len() as u32 >= h
        {
            // Out of time. An attacking learner has failed; a defending learner has escaped when
            // every target chain has three liberties (the beginner's "safe").
            if self.learner_attacks {
                return Outcome::DefenderWins;
            }
            let board = game.board();
            let safe = self
                .goal
                .target
                .iter()
                .all(|&p| board.get(p).is_some() && board.liberty_count(p) >= 3);
            return if safe {
                Outcome::DefenderWins
            } else {
                Outcome::AttackerWins
            };
        }
        if depth == 0 || self.nodes >= self.budget {
            return Outcome::Unknown;
        }
        let attacker_to_move = game.to_move() == self.goal.attacker;
        let ply_salt = self.goal.horizon.map_or(0, |_| {
            (game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        let key = (game.board().hash() ^ ply_salt, attacker_to_move);
        if let Some(&(d, r)) = self.tt.get(&key)
            && (r != Outcome::Unknown || d >= depth)
        {
            return r;
        }
        self.nodes += 1;
        let (good, bad) = if attacker_to_move {
            (Outcome::AttackerWins, Outcome::DefenderWins)
        } else {
            (Outcome::DefenderWins, Outcome::AttackerWins)
        };
        let mut result = bad;
        for mv in self.moves(game) {
            if mv == Move::Pass && game.moves().last() == Some(&Move::Pass) {
                // Two passes: the target survived the attack.
                if good == Outcome::DefenderWins {
                    result = good;
                    break;
                }
                continue;
            }
            let level = depth as usize;
            if self.snapshots.len() <= level {
                self.snapshots.resize_with(level + 1, || game.clone());
            }
            self.snapshots[level].clone_from(game);
            if game.play(mv).is_err() {
                continue;
            }
            let r = self.search(game, depth - 1);
            game.clone_from(&self.snapshots[level]);
            if r == good {
                result = good;
                break;
            }
            if r == Outcome::Unknown {
                result = Outcome::Unknown;
            }
        }
        self.tt.insert(key, (depth, result));
        result
    }
}

/// Solves the problem's start position for the side to play.
pub fn solve(problem: &Problem, budget: Budget) -> Solution {
    let empty = Solution {
        status: Status::Unknown,
        correct_first_moves: Vec::new(),
        refutations: Vec::new(),
        nodes: 0,
    };
    let Some(goal) = goal(problem) else {
        return empty;
    };
    let board = problem.board();
    let (mut search, learner_wins) = Search::new(problem, &board, goal, budget);
    let mut game = Game::from_position(board, problem.to_play, Rules::chinese());
    let first_moves: Vec<Move> = search
        .moves(&game)
        .into_iter()
        .filter(|&m| m != Move::Pass)
        .collect();
    let mut verdicts: Vec<(Move, Outcome)> =
        first_moves.iter().map(|&m| (m, Outcome::Unknown)).collect();
    let mut depth = 1;
    while depth <= budget.max_depth && search.nodes < budget.nodes {
        for (mv, verdict) in verdicts.iter_mut().filter(|(_, v)| *v == Outcome::Unknown) {
            game.play(*mv).expect("candidate moves are legal");
            *verdict = search.search(&mut game, depth - 1);
            game.undo();
        }
        if verdicts.iter().all(|(_, v)| *v != Outcome::Unknown)
            || verdicts.iter().any(|(_, v)| *v == learner_wins)
        {
            break;
        }
        depth += 2;
    }
    let correct: Vec<Move> = verdicts
        .iter()
        .filter(|(_, v)| *v == learner_wins)
        .map(|(m, _)| *m)
        .collect();
    let all_lose = verdicts
        .iter()
        .all(|(_, v)| *v != learner_wins && *v != Outcome::Unknown);
    let mut refutations = Vec::new();
    for (mv, v) in &verdicts {
        if *v != learner_wins && *v != Outcome::Unknown {
            game.play(*mv).expect("legal");
            if let Some(r) = refutation(&mut search, &mut game, budget.max_depth) {
                refutations.push((*mv, r));
            }
            game.undo();
        }
    }
    Solution {
        status: if !correct.is_empty() {
            Status::Proven
        } else if all_lose && !verdicts.is_empty() {
            Status::Refuted
        } else {
            Status::Unknown
        },
        correct_first_moves: correct,
        refutations,
        nodes: search.nodes,
    }
}

/// The opponent's answer that wins after the learner's losing move (opponent to move in `game`).
fn refutation(search: &mut Search, game: &mut Game, depth: u32) -> Option<Move> {
    let opponent_wins = if game.to_move() == search.goal.attacker {
        Outcome::AttackerWins
    } else {
        Outcome::DefenderWins
    };
    for mv in search.moves(game) {
        if game.play(mv).is_err() {
            continue;
        }
        let r = search.search(game, depth.saturating_sub(1));
        game.undo();
        if r == opponent_wins {
            return Some(mv);
        }
    }
    None
}

/// An off-tree move judged by the solver: correct if it provably achieves the goal.
pub fn judge_first_move(
    problem: &Problem,
    game: &Game,
    mv: Move,
    budget: Budget,
) -> (MoveVerdict, Option<Move>) {
    let Some(goal) = goal(problem) else {
        return (MoveVerdict::Unknown, None);
    };
    let (mut search, learner_wins) = Search::new(problem, game.board(), goal, budget);
    let mut g = game.clone();
    if g.play(mv).is_err() {
        return (MoveVerdict::Unknown, None);
    }
    let mut depth = 1;
    let mut r = Outcome::Unknown;
    while depth <= budget.max_depth && search.nodes < budget.nodes {
        r = search.search(&mut g, depth);
        if r != Outcome::Unknown {
            break;
        }
        depth += 2;
    }
    if r == learner_wins {
        // The opponent's best try: the first reply that does not lose at once.
        let reply = search.moves(&g).into_iter().find(|&m| m != Move::Pass);
        (MoveVerdict::Correct, reply)
    } else if r == Outcome::Unknown {
        (MoveVerdict::Unknown, None)
    } else {
        (
            MoveVerdict::Wrong,
            refutation(&mut search, &mut g, budget.max_depth),
        )
    }
}

/// The judge's referee for moves off the author's tree: the solver under a budget.
pub struct SolverReferee {
    pub budget: Budget,
}

impl super::judge::Referee for SolverReferee {
    /// Trusts the solver only where its goal model agrees with the author: at this point of the
    /// tree it must also prove one of the author's own correct moves. Otherwise (or after leaving
    /// the tree) an unproven move is "not in the tree", never accepted on a guess.
    fn judge_off_tree(&self, problem: &Problem, game: &Game, mv: Move) -> super::Verdict {
        use super::{Verdict, WrongReason};
        let not_in_tree = Verdict::Wrong {
            reply: None,
            comment: None,
            reason: WrongReason::NotInTree,
        };
        let Some(node) = super::judge::locate(problem, game.moves()) else {
            return not_in_tree;
        };
        let validated = problem.tree.nodes[node].children.iter().any(|&c| {
            let n = &problem.tree.nodes[c];
            n.leads_to_success
                && n.mv.is_some_and(|(_, author)| {
                    judge_first_move(problem, game, author, self.budget).0 == MoveVerdict::Correct
                })
        });
        if !validated {
            return not_in_tree;
        }
        match judge_first_move(problem, game, mv, self.budget) {
            (MoveVerdict::Correct, Some(reply)) => Verdict::Continue {
                reply,
                comment: None,
            },
            (MoveVerdict::Correct, None) => Verdict::Solved {
                reply: None,
                comment: None,
            },
            (MoveVerdict::Wrong, reply) => Verdict::Wrong {
                reply,
                comment: None,
                reason: WrongReason::Refuted,
            },
            (MoveVerdict::Unknown, _) => not_in_tree,
        }
    }
}

/// The solver's verdict on one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveVerdict {
    Correct,
    Wrong,
    Unknown,
}

/// Benson's algorithm: whether all of `target` belongs to chains of `color` that are alive even
/// if the opponent plays every move in a row.
fn unconditionally_alive(board: &Board, color: Color, target: &[Point]) -> bool {
    let size = board.size() as usize;
    let idx = |p: Point| p.y as usize * size + p.x as usize;
    let n = size * size;
    // Chains of `color` and regions of the rest.
    let mut chain_of = vec![usize::MAX; n];
    let mut chains: Vec<Vec<Point>> = Vec::new();
    let mut region_of = vec![usize::MAX; n];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for p in board.points() {
        let k = idx(p);
        if board.get(p) == Some(color) {
            if chain_of[k] == usize::MAX {
                let ch = board.chain(p);
                for &q in &ch {
                    chain_of[idx(q)] = chains.len();
                }
                chains.push(ch);
            }
        } else if region_of[k] == usize::MAX {
            let id = regions.len();
            let mut pts = vec![p];
            region_of[k] = id;
            let mut i = 0;
            while i < pts.len() {
                let q = pts[i];
                i += 1;
                for r in board.adjacent(q).collect::<Vec<_>>() {
                    if board.get(r) != Some(color) && region_of[idx(r)] == usize::MAX {
                        region_of[idx(r)] = id;
                        pts.push(r);
                    }
                }
            }
            regions.push(pts);
        }
    }
    let mut chain_alive = vec![true; chains.len()];
    let mut region_alive = vec![true; regions.len()];
    // Region r is vital to chain c when every empty point of r is a liberty of c.
    let neighbours_chain = |p: Point, c: usize| board.adjacent(p).any(|q| chain_of[idx(q)] == c);
    loop {
        let mut changed = false;
        for (c, alive) in chain_alive.iter_mut().enumerate() {
            if !*alive {
                continue;
            }
            let vital = (0..regions.len())
                .filter(|&r| region_alive[r])
                .filter(|&r| {
                    let touches = regions[r].iter().any(|&p| neighbours_chain(p, c));
                    touches
                        && regions[r]
                            .iter()
                            .filter(|&&p| board.get(p).is_none())
                            .all(|&p| neighbours_chain(p, c))
                })
                .count();
            if vital < 2 {
                *alive = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if !region_alive[r] {
                continue;
            }
            let borders_dead = regions[r].iter().any(|&p| {
                board.adjacent(p).any(|q| {
                    let c = chain_of[idx(q)];
                    c != usize::MAX && !chain_alive[c]
                })
            });
            if borders_dead {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    target.iter().all(|&p| {
        let c = chain_of[idx(p)];
        c != usize::MAX && chain_alive[c]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::from_sgf_bytes;

    fn problem(src: &str) -> Problem {
        from_sgf_bytes(src.as_bytes()).unwrap().remove(0).unwrap()
    }

    #[test]
    fn the_judge_accepts_an_alternative_answer_the_author_left_out() {
        use crate::problem::{Verdict, WrongReason, judge};
        // The author gives only the throw-in at aa; the atari at ab wins just as well.
        let p = problem(
            "(;SZ[5]AB[ca][cb][ac][bc]AW[ba][bb]C[Black to capture.](;B[aa];W[ab];B[aa]C[Correct])(;B[dd];W[ab]))",
        );
        let referee = SolverReferee {
            budget: Budget::default(),
        };
        let ab = Move::Play(Point::new(0, 1));
        let v = judge(&p, &[], ab, &referee).unwrap();
        assert!(
            matches!(v, Verdict::Continue { .. } | Verdict::Solved { .. }),
            "{v:?}"
        );
        // A slow move off the tree is refuted, with the refutation as the reply.
        let v = judge(&p, &[], Move::Play(Point::new(3, 1)), &referee).unwrap();
        assert!(
            matches!(
                v,
                Verdict::Wrong {
                    reason: WrongReason::Refuted,
                    reply: Some(_),
                    ..
                }
            ),
            "{v:?}"
        );
    }

    #[test]
    fn the_referee_does_not_trust_a_goal_model_that_misses_the_authors_answer() {
        use crate::problem::{Verdict, WrongReason, judge};
        // The tree's answer does not capture within its own length, so the model is not validated.
        let p = problem("(;SZ[9]AB[bc][cb]AW[cc]C[Black to capture.](;B[dc]C[Correct])(;B[ee]))");
        let referee = SolverReferee {
            budget: Budget::default(),
        };
        let v = judge(&p, &[], Move::Play(Point::new(2, 3)), &referee).unwrap();
        assert_eq!(
            v,
            Verdict::Wrong {
                reply: None,
                comment: None,
                reason: WrongReason::NotInTree
            }
        );
    }

    #[test]
    fn benson_sees_two_real_eyes_and_not_one() {
        let two = Board::from_rows(
            ".X.X.
             XXXXX
             .....
             .....
             .....",
        )
        .unwrap();
        assert!(unconditionally_alive(
            &two,
            Color::Black,
            &[Point::new(1, 0)]
        ));
        let one = Board::from_rows(
            ".XX..
             XXX..
             .....
             .....
             .....",
        )
        .unwrap();
        assert!(!unconditionally_alive(
            &one,
            Color::Black,
            &[Point::new(1, 0)]
        ));
    }

    #[test]
    fn capture_in_one_is_proven_and_moves_elsewhere_are_refuted() {
        // White's stone at cc has one liberty left, at dc.
        let p = problem("(;SZ[7]AB[bc][cb][cd]AW[cc]C[Black to capture.];B[dc])");
        let s = solve(&p, Budget::default());
        assert_eq!(s.status, Status::Proven);
        assert_eq!(s.correct_first_moves, vec![Move::Play(Point::new(3, 2))]);
        assert!(!s.refutations.is_empty());
    }

    #[test]
    fn an_escape_that_cannot_be_stopped_refutes_every_attack() {
        // The author's line claims a capture in one, but White has two liberties: no first move works.
        let p = problem("(;SZ[9]AB[bc][cb]AW[cc]C[Black to capture.];B[dc])");
        let s = solve(&p, Budget::default());
        assert_eq!(s.status, Status::Refuted);
        assert!(s.correct_first_moves.is_empty());
    }

    #[test]
    fn alternative_snapback_answers_are_both_found() {
        // The throw-in at aa and the atari at ab both win White's two stones.
        let p =
            problem("(;SZ[5]AB[ca][cb][ac][bc]AW[ba][bb]C[Black to capture.];B[aa];W[ab];B[aa])");
        let s = solve(&p, Budget::default());
        assert_eq!(s.status, Status::Proven);
        let moves: Vec<String> = s.correct_first_moves.iter().map(move_str).collect();
        assert!(
            moves.contains(&"aa".to_string()) && moves.contains(&"ab".to_string()),
            "{moves:?}"
        );
    }
}
