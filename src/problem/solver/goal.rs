//! The goal of a fight: who attacks which stones, and whether the chain itself must be taken
//! (capture/save) or the group must die (kill/live). For a problem the goal is read from the
//! author's correct main line, never guessed from the weakest chain in view; for a whole-board
//! query it is given. No search here: candidates are checked by the caller against the tree.

use std::cmp::Reverse;

use crate::go::{Board, Color, Move, Point};
use crate::problem::{Kind, Mark, Problem, main_correct_line, main_correct_path, replay_history};

use super::connection::joined_for_good;
use super::life::unconditionally_alive;

/// What the attacker must achieve against the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Take a target stone off the board (capture / save questions, ladders, nets).
    Capture,
    /// Leave the target's group no way to live inside the enclosed region (kill / live).
    Kill,
    /// Keep the target's chains from being joined into one chain (cut / connect): the defender
    /// connects them, the attacker wins by taking a target stone or when the fight ends with
    /// them apart.
    Connect,
}

/// Who attacks what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    pub attacker: Color,
    /// Stones of the defender; the attacker succeeds when any of them is captured.
    pub target: Vec<Point>,
    pub aim: Aim,
    /// For capture problems with a tree: plies within which the attacking learner must capture,
    /// so that a slow move is not "correct" merely because the target is doomed anyway.
    pub horizon: Option<u32>,
    /// Capture questions: the liberties at which the target has escaped. For a problem it is
    /// what the author's line reaches; for a whole-board question 5, or 6 when the side asking
    /// is the one escaping (a doubtful escape is never its proof).
    pub escape: usize,
    /// A goal that checks the author's answers only: no move off the tree is proven under it.
    /// The capture of the stones a question's correct lines take, where the question names no
    /// goal: taking them may be the point, or only what the answer does on the way (Xuanxuan
    /// Qijing 109: White lives by A2, and the line's H1 takes a stone that six moves take), and
    /// a move off the tree that takes them is no answer for that. Refused where such a move is
    /// proven ([`super::Fight::conclude`]); never the judge's goal for a move off the tree.
    pub tree_only: bool,
}

impl Goal {
    pub fn defender(&self) -> Color {
        self.attacker.opponent()
    }

    /// A short description for reports: `kill ec`, `live dd`, `capture cc`, `save cc`.
    pub fn describe(&self, learner: Color) -> String {
        let verb = match (self.aim, learner == self.attacker) {
            (Aim::Capture, true) => "capture",
            (Aim::Capture, false) => "save",
            (Aim::Kill, true) => "kill",
            (Aim::Kill, false) => "live",
            (Aim::Connect, true) => "cut",
            (Aim::Connect, false) => "connect",
        };
        let at = self.target.first().map(|p| p.to_sgf()).unwrap_or_default();
        format!("{verb} {at}")
    }
}

/// How a whole-board question counts a target stone the attacker takes in a ko.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoTake {
    /// A ko: the defender retakes where the ko rule lets it (`sente solve`, whose `proven`
    /// must not stand for a ko).
    Ko,
    /// A capture: the generator's first-ko problems are "take the stone by taking the ko".
    Capture,
}

/// A question asked of any position (`sente solve --goal … --target …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    Capture,
    Save,
    Kill,
    Live,
}

impl Question {
    pub fn parse(s: &str) -> Option<Question> {
        Some(match s {
            "capture" => Question::Capture,
            "save" => Question::Save,
            "kill" => Question::Kill,
            "live" => Question::Live,
            _ => return None,
        })
    }

    /// Whether the attacker (the opponent of the target's owner) moves first: in a capture and
    /// a kill; in a save and a life the owner does.
    pub fn attacker_moves(self) -> bool {
        matches!(self, Question::Capture | Question::Kill)
    }

    /// The side that moves first in the question on a chain of `owner`'s.
    pub fn first_mover(self, owner: Color) -> Color {
        if self.attacker_moves() {
            owner.opponent()
        } else {
            owner
        }
    }

    /// The goal on `board` for the chain at `target`, and the side that moves first.
    pub fn goal(self, board: &Board, target: Point) -> Option<(Goal, Color)> {
        let owner = board.get(target)?;
        let aim = match self {
            Question::Capture | Question::Save => Aim::Capture,
            Question::Kill | Question::Live => Aim::Kill,
        };
        let goal = Goal {
            attacker: owner.opponent(),
            target: board.chain(target),
            aim,
            horizon: None,
            escape: if self.attacker_moves() { 5 } else { 6 },
            tree_only: false,
        };
        Some((goal, self.first_mover(owner)))
    }
}

/// What the author's main line does: the position at its end and the stones it captured.
struct LineEnd {
    start: Board,
    end: Board,
    /// Start-position stones of each colour that the line takes off the board.
    captured: [Vec<Point>; 2],
    /// Every point the tree plays on.
    touched: Vec<Point>,
    /// The points the main line plays on (as far as it could be replayed).
    played: Vec<Point>,
}

impl LineEnd {
    /// How many liberties of the start-position chain `chain` the tree plays on.
    fn tree_plays_on(&self, chain: &[Point]) -> usize {
        self.liberties_among(chain, &self.touched)
    }

    /// How many liberties of the start-position chain `chain` the main line plays on.
    fn main_line_plays_on(&self, chain: &[Point]) -> usize {
        self.liberties_among(chain, &self.played)
    }

    fn liberties_among(&self, chain: &[Point], points: &[Point]) -> usize {
        self.start
            .liberties(chain[0])
            .iter()
            .filter(|l| points.contains(l))
            .count()
    }
}

fn play_main_line(problem: &Problem) -> LineEnd {
    let start = problem.board();
    let mut moves: Vec<Move> = main_correct_line(problem).iter().map(|m| m.1).collect();
    // A line that breaks the rules somewhere is read up to that point.
    let game = loop {
        match replay_history(problem, &moves) {
            Ok(g) => break g,
            Err(_) if !moves.is_empty() => {
                moves.pop();
            }
            Err(_) => break replay_history(problem, &[]).expect("the empty history"),
        }
    };
    let end = game.board().clone();
    let mut captured = [Vec::new(), Vec::new()];
    for p in start.points() {
        if let Some(c) = start.get(p)
            && end.get(p) != Some(c)
        {
            captured[c.index()].push(p);
        }
    }
    let touched = problem
        .tree
        .nodes
        .iter()
        .filter_map(|n| match n.mv {
            Some((_, Move::Play(p))) => Some(p),
            _ => None,
        })
        .collect();
    LineEnd {
        start,
        end,
        captured,
        touched,
        played: moves
            .iter()
            .filter_map(|m| match m {
                Move::Play(p) => Some(*p),
                Move::Pass => None,
            })
            .collect(),
    }
}

/// Whether the kind (or the question it was read from) asks the learner to defend.
fn kind_defends(kind: Kind) -> Option<bool> {
    match kind {
        Kind::Live | Kind::Escape | Kind::Connect => Some(true),
        Kind::Capture
        | Kind::Kill
        | Kind::Ladder
        | Kind::Net
        | Kind::Snapback
        | Kind::Cut
        | Kind::CapturingRace => Some(false),
        Kind::Ko | Kind::LifeAndDeath => None,
    }
}

fn kind_aim(kind: Kind) -> Aim {
    match kind {
        Kind::Capture
        | Kind::Ladder
        | Kind::Net
        | Kind::Snapback
        | Kind::Escape
        | Kind::Connect
        | Kind::Cut
        | Kind::CapturingRace => Aim::Capture,
        Kind::Live | Kind::Kill | Kind::Ko | Kind::LifeAndDeath => Aim::Kill,
    }
}

fn near(p: Point, pts: &[Point], d: i32) -> bool {
    pts.iter()
        .any(|q| (p.x as i32 - q.x as i32).abs() + (p.y as i32 - q.y as i32).abs() <= d)
}

/// The start-position chains of `color` the line is about (near its moves), best first. For a
/// capture: the chains it takes (largest first), then the standing ones shortest of liberties.
/// For life and death: the largest chains first, leaving out those the line leaves
/// unconditionally alive (they are not what an attacker kills).
fn chains_at_stake(line: &LineEnd, color: Color, aim: Aim) -> Vec<Vec<Point>> {
    let mut chains: Vec<(bool, usize, usize, Vec<Point>)> = Vec::new();
    for p in line.start.points() {
        if line.start.get(p) != Some(color)
            || !near(p, &line.touched, 2)
            || chains.iter().any(|c| c.3.contains(&p))
        {
            continue;
        }
        let chain = line.start.chain(p);
        let taken = chain
            .iter()
            .any(|q| line.captured[color.index()].contains(q));
        let libs = if taken { 0 } else { line.end.liberty_count(p) };
        chains.push((taken, libs, chain.len(), chain));
    }
    match aim {
        Aim::Capture | Aim::Connect => {
            chains.sort_by_key(|(taken, libs, n, _)| (!*taken, *libs, Reverse(*n)))
        }
        Aim::Kill => {
            chains.retain(|(taken, _, _, c)| {
                *taken || !unconditionally_alive(&line.end, color, &c[..1])
            });
            chains.sort_by_key(|(_, _, n, _)| Reverse(*n));
        }
    }
    chains.into_iter().map(|c| c.3).collect()
}

/// Among the chains at stake past the first two (the largest), the one whose liberties the
/// main line plays on most, where it plays on as many of them as on either of the first two
/// and on one at least: the line's own target when it is smaller than chains merely near it
/// (ggg-easy-42's dn-en, which the author's do takes, beside White's larger walls co and ck;
/// ggg-easy-116's corner sp, on two liberties like the wall qn beside it).
fn most_played_beyond_two(line: &LineEnd, targets: &[Vec<Point>]) -> Option<usize> {
    let played: Vec<usize> = targets.iter().map(|c| line.main_line_plays_on(c)).collect();
    let first_two = *played.iter().take(2).max()?;
    (2..played.len())
        .max_by_key(|&i| (played[i], Reverse(i)))
        .filter(|&i| played[i] > 0 && played[i] >= first_two)
}

/// The learner's start-position chains near the line that are still standing at its end,
/// the one a live or escape problem saves first.
fn defended_chains(line: &LineEnd, color: Color, aim: Aim) -> Vec<Vec<Point>> {
    let mut chains: Vec<Vec<Point>> = Vec::new();
    for p in line.start.points() {
        if line.start.get(p) == Some(color)
            && near(p, &line.touched, 2)
            && !chains.iter().any(|c| c.contains(&p))
        {
            chains.push(line.start.chain(p));
        }
    }
    chains.retain(|c| c.iter().all(|&p| line.end.get(p) == Some(color)));
    match aim {
        // An escape saves the chain in danger.
        Aim::Capture | Aim::Connect => {
            chains.sort_by_key(|c| (line.start.liberty_count(c[0]), Reverse(c.len())))
        }
        // The group the line is about lives where the line plays: its liberties the tree
        // plays on first (a large chain in the open, merely near the moves, last), then the
        // largest.
        Aim::Kill => {
            chains.sort_by_cached_key(|c| (Reverse(line.tree_plays_on(c)), Reverse(c.len())))
        }
    }
    chains
}

/// The goals a problem may have, most likely first (three at most, five for a capturing race);
/// the caller keeps the first one under which the author's answer is proven and no answer the
/// author marks wrong is.
pub fn candidates(problem: &Problem) -> Vec<Goal> {
    let line = play_main_line(problem);
    let learner = problem.to_play;
    let aim = kind_aim(problem.kind);
    let longest = problem
        .tree
        .leaves()
        .filter(|&(_, ok)| ok)
        .map(|(leaf, _)| problem.tree.path(leaf).len() as u32)
        .max();
    let mut targets = chains_at_stake(&line, learner.opponent(), aim);
    // A kill goal beyond the two largest chains: the one whose liberties the main line plays
    // on most, where that is as many as on either of the two (a third attack candidate).
    let mut extra = 0;
    if aim == Aim::Kill
        && let Some(i) = most_played_beyond_two(&line, &targets)
    {
        let c = targets.remove(i);
        targets.insert(2, c);
        extra = 1;
    }
    // Lines that take different chains (a double atari): taking any of them is the goal.
    let taken = captured_in_correct_lines(problem, learner.opponent());
    if aim == Aim::Capture && taken.len() > line.captured[learner.opponent().index()].len() {
        targets.insert(0, taken);
    }
    let mut attack: Vec<Goal> = targets
        .into_iter()
        .take(2 + extra)
        .map(|target| Goal {
            attacker: learner,
            target,
            aim,
            horizon: if aim == Aim::Capture { longest } else { None },
            escape: 5,
            tree_only: false,
        })
        .collect();
    // A line that ends with the target caught but still on the board (in atari, in a net): the
    // capture itself comes after the line, so the first target is also read without a horizon,
    // after the goals with one.
    // A move that is merely slow still fails there: a goal that holds after a pass, or under
    // which a move the author marks wrong wins, is not the author's (`Fight::agrees`).
    if let Some(first) = attack.first().filter(|g| g.horizon.is_some()) {
        let open = Goal {
            horizon: None,
            ..first.clone()
        };
        attack.push(open);
    }
    // A capturing race is fought between enclosed chains: counted as a capture, the target
    // "escapes" the moment it joins a neighbour and holds five liberties, though it still dies
    // in the race. Each target is also read as life and death in the enclosed region (the
    // target dies, or it lives by taking the attacker's chains, in seki or with eyes), right
    // after its capture goal: a capture goal that does not fit fails in a few nodes, while the
    // enclosed reading is the slower one.
    if problem.kind == Kind::CapturingRace {
        let mut races: Vec<Goal> = Vec::new();
        for g in &attack {
            if races.iter().any(|r| r.target == g.target) {
                continue;
            }
            races.extend(attack.iter().filter(|c| c.target == g.target).cloned());
            races.push(Goal {
                aim: Aim::Kill,
                horizon: None,
                ..g.clone()
            });
        }
        attack = races;
    }
    let defend: Vec<Goal> = defended_chains(&line, learner, aim)
        .into_iter()
        .take(2)
        .map(|target| {
            // Escaped: as many liberties as the author's line leaves the chain, and never fewer
            // than five, as in a whole-board question: with three or four a chain can still be
            // fought over in a ko (the bank's escape-47957c33e2: after B fi W hg B ii takes two
            // stones, White's throw-in at gi makes a ko, GNU Go's `attack` KO_A, yet fi was
            // proven "escaped" at three liberties, and at four under another move order).
            let reached = line.end.liberty_count(target[0]);
            Goal {
                attacker: learner.opponent(),
                target,
                aim,
                horizon: None,
                escape: reached.clamp(5, 6),
                tree_only: false,
            }
        })
        .collect();
    let defend_first = kind_defends(problem.kind).unwrap_or_else(|| {
        // No stated direction: a line that takes stones attacks, one that ends with the
        // learner's group unconditionally alive defends.
        line.captured[learner.opponent().index()].is_empty()
            && defend.first().is_some_and(|g| {
                !unconditionally_alive(&line.start, learner, &g.target)
                    && unconditionally_alive(&line.end, learner, &g.target)
            })
    });
    let (first, second) = if defend_first {
        (defend, attack)
    } else {
        (attack, defend)
    };
    let mut out = first;
    if problem.kind == Kind::Connect {
        let connect = chains_to_connect(problem).into_iter().map(|target| Goal {
            attacker: learner.opponent(),
            target,
            aim: Aim::Connect,
            horizon: None,
            escape: 0,
            tree_only: false,
        });
        out.splice(0..0, connect);
    }
    if kind_defends(problem.kind).is_none() {
        out.extend(second);
    }
    // Each candidate that does not fit costs budget: three (four with the kill of the chain
    // the main line plays on), or five for a race, which brings each target's capture goals
    // and its enclosed reading.
    out.truncate(if problem.kind == Kind::CapturingRace {
        5
    } else {
        3 + extra
    });
    // A question that names no goal, whose correct lines take stones: taking them (any of
    // them, where the lines take different ones) may be the point, as a cutting stone taken to
    // save the group around it (ggg-easy-140: B Q4 ataris the cut at R4, and the lines take
    // R4 or S5). Read last: the kills and lives come first. Not where the answer is a ko: a
    // problem's capture counts a stone taken in a ko as taken, and the answer would read as
    // won outright.
    if problem.kind == Kind::LifeAndDeath && !asks_for_a_ko(problem) {
        let taken = captured_in_correct_lines(problem, learner.opponent());
        if !taken.is_empty() {
            out.push(Goal {
                attacker: learner,
                target: taken,
                aim: Aim::Capture,
                // The take may come right after the line, which can end with it in atari.
                horizon: longest.map(|l| l + 2),
                escape: 5,
                tree_only: true,
            });
        }
    }
    out
}

/// A connection problem's targets (two at most): the learner's two largest start-position
/// units (a chain, or chains already joined for good, [`joined_for_good`]) near the moves of
/// the learner's in the author's main line, the chains that line joins — first those beside a
/// move (next to it or diagonal), then, where that differs, those within two and then three
/// lines (Manhattan) of one (a line that connects by a hane or a jump along the edge, away
/// from the chains).
fn chains_to_connect(problem: &Problem) -> Vec<Vec<Point>> {
    let start = problem.board();
    let learner = problem.to_play;
    let moves: Vec<Point> = main_correct_line(problem)
        .into_iter()
        .filter_map(|(c, m, _)| match m {
            Move::Play(p) if c == learner => Some(p),
            _ => None,
        })
        .collect();
    let pair = |near: &dyn Fn(u8, u8) -> bool| {
        let mut chains: Vec<Vec<Point>> = Vec::new();
        for &p in &moves {
            for q in start.points() {
                if near(q.x.abs_diff(p.x), q.y.abs_diff(p.y))
                    && start.get(q) == Some(learner)
                    && !chains.iter().any(|ch| ch.contains(&q))
                {
                    chains.push(start.chain(q));
                }
            }
        }
        // Chains already joined for good are one: a pair of them is no question (every move
        // would "connect" them), and the line joins what they make to another.
        let mut units: Vec<Vec<Point>> = Vec::new();
        for chain in chains {
            match units
                .iter_mut()
                .find(|u| joined_for_good(&start, &[u[0], chain[0]], learner))
            {
                Some(unit) => unit.extend(chain),
                None => units.push(chain),
            }
        }
        units.sort_by_key(|c| Reverse(c.len()));
        (units.len() >= 2).then(|| units[..2].concat())
    };
    let mut out: Vec<Vec<Point>> = Vec::new();
    let near = [
        pair(&|dx, dy| dx <= 1 && dy <= 1),
        pair(&|dx, dy| dx + dy <= 2),
        pair(&|dx, dy| dx + dy <= 3),
    ];
    for target in near.into_iter().flatten() {
        // The same two chains, in another order (each point once in either).
        let same = |t: &Vec<Point>| t.len() == target.len() && target.iter().all(|p| t.contains(p));
        if !out.iter().any(same) {
            out.push(target);
        }
    }
    out.truncate(2);
    out
}

/// The start-position stones of `color` that some correct line of the tree takes.
fn captured_in_correct_lines(problem: &Problem, color: Color) -> Vec<Point> {
    let start = problem.board();
    let mut out: Vec<Point> = Vec::new();
    for (leaf, ok) in problem.tree.leaves() {
        if !ok {
            continue;
        }
        let moves: Vec<Move> = problem.tree.path(leaf).iter().map(|m| m.1).collect();
        let Ok(game) = replay_history(problem, &moves) else {
            continue;
        };
        for p in start.points() {
            if start.get(p) == Some(color)
                && game.board().get(p) != Some(color)
                && !out.contains(&p)
            {
                for q in start.chain(p) {
                    if !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
    }
    out
}

/// Whether the problem's answer is a ko (the one place this is decided): the question asks for
/// one ([`Problem::answer_is_a_ko`]), the tree's main line is called a ko where it is called
/// correct (`main_line_called_a_ko`), or it ends by taking a ko ([`line_ends_in_a_ko`]).
pub fn asks_for_a_ko(problem: &Problem) -> bool {
    problem.answer_is_a_ko() || main_line_called_a_ko(problem) || line_ends_in_a_ko(problem)
}

/// Whether the tree's main line is called a ko where it is called correct (Go Game Guru's
/// "Correct. It's a ko." or "Correct, ko is the best result for Black." under a question that
/// only says "Black to play"): the first comment the importer marks correct on the way, else
/// the last one. The opponent's weaker replies, which may let the learner live outright, do
/// not change what the answer is.
fn main_line_called_a_ko(problem: &Problem) -> bool {
    let nodes = &problem.tree.nodes;
    let path = main_correct_path(problem);
    let Some(&last) = path.last().filter(|&&n| nodes[n].leads_to_success) else {
        return false;
    };
    path.iter()
        .find(|&&n| nodes[n].mark == Mark::Correct && nodes[n].comment.is_some())
        .map_or(nodes[last].comment.as_deref(), |&n| {
            nodes[n].comment.as_deref()
        })
        .is_some_and(crate::problem::import_sgf::calls_it_a_ko)
}

/// Whether the author's main line ends by taking a ko (the ko point stands after its last
/// move): the answer is a ko even where no comment says so (Xuanxuan Qijing's trees carry
/// none).
pub fn line_ends_in_a_ko(problem: &Problem) -> bool {
    play_main_line(problem).end.ko_point().is_some()
}

/// The points the problem is about: its stones in view and every point its tree plays.
pub fn problem_seeds(problem: &Problem) -> Vec<Point> {
    let mut seeds: Vec<Point> = problem
        .black
        .iter()
        .chain(&problem.white)
        .copied()
        .filter(|&p| problem.viewport.contains(p))
        .collect();
    for n in &problem.tree.nodes {
        if let Some((_, Move::Play(p))) = n.mv {
            seeds.push(p);
        }
    }
    seeds
}
