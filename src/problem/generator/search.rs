//! Building positions by search (ARCHITECTURE.md "Problem generator"): stones are placed at
//! random around a target in a corner, on a side or in the centre of a board, and a position is
//! kept only when the solver proves the learner's side of the fight; what the proof shows (an
//! atari, a ladder, a net, a snapback…) decides the kind. Nothing here is a fixed template: the
//! shapes come from the placement and the kinds from the proofs.

use crate::go::{Board, Color, Move, Point, Rng};
use crate::problem::Symmetry;
use crate::problem::solver::{Budget, Status};

use super::kinds::{Task, Topic};
use super::tree::{Fight, Line, Wrong, correct_line, play_line};

/// A proven fight with its lines, before grading and checking as a problem.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub fight: Fight,
    pub topic: Topic,
    pub correct: Vec<Line>,
    pub wrong: Vec<Wrong>,
    /// The box the problem is shown in.
    pub view: (Point, Point),
    /// The named eye shape a vital-point problem is about (Chinese, English).
    pub shape: Option<(&'static str, &'static str)>,
}

impl Candidate {
    /// A fight with its correct lines, before its wrong tries are refuted and its box is set.
    pub(super) fn new(fight: Fight, topic: Topic, correct: Vec<Line>) -> Candidate {
        Candidate {
            fight,
            topic,
            correct,
            wrong: Vec::new(),
            view: (Point::new(0, 0), Point::new(0, 0)),
            shape: None,
        }
    }
}

/// Where a fight is placed: the board and the box of points it may use.
#[derive(Clone, Copy, Debug)]
pub struct Spot {
    pub size: u8,
    pub lo: Point,
    pub hi: Point,
}

impl Spot {
    pub(super) fn contains(&self, p: Point) -> bool {
        (self.lo.x..=self.hi.x).contains(&p.x) && (self.lo.y..=self.hi.y).contains(&p.y)
    }

    pub(super) fn random_point(&self, rng: &mut Rng) -> Point {
        Point::new(
            self.lo.x + rng.below(usize::from(self.hi.x - self.lo.x + 1)) as u8,
            self.lo.y + rng.below(usize::from(self.hi.y - self.lo.y + 1)) as u8,
        )
    }
}

/// A board and an area of it: the small boards whole, or a corner or side of 13×13 and 19×19.
pub fn pick_spot(rng: &mut Rng) -> Spot {
    let size = [5u8, 7, 7, 9, 9, 9, 13, 19, 19][rng.below(9)];
    if size <= 9 {
        return Spot {
            size,
            lo: Point::new(0, 0),
            hi: Point::new(size - 1, size - 1),
        };
    }
    let (w, h) = if rng.chance(0.5) { (7, 7) } else { (9, 6) };
    let lo = Point::new(0, 0);
    let hi = Point::new(w - 1, h - 1);
    // A corner or the side: the box slides along the top edge, then a symmetry moves it.
    let shift = if rng.chance(0.5) { 0 } else { (size - w) / 2 };
    let sym = Symmetry::ALL[rng.below(8)];
    let a = sym.apply(Point::new(lo.x + shift, lo.y), size);
    let b = sym.apply(Point::new(hi.x + shift, hi.y), size);
    Spot {
        size,
        lo: Point::new(a.x.min(b.x), a.y.min(b.y)),
        hi: Point::new(a.x.max(b.x), a.y.max(b.y)),
    }
}

/// Every chain has a liberty, and no chain of `color` other than `except`'s is in atari.
pub(super) fn sane(b: &Board, color: Color, except: Point) -> bool {
    let except = b.chain(except);
    b.points().all(|p| match b.get(p) {
        None => true,
        Some(c) => {
            let libs = b.liberty_count(p);
            libs >= 1 && (c != color || libs >= 2 || except.contains(&p))
        }
    })
}

/// A random chain of `n` stones of `color` grown from `at` inside the spot.
pub(super) fn grow_chain(
    b: &mut Board,
    rng: &mut Rng,
    spot: &Spot,
    at: Point,
    color: Color,
    n: usize,
) {
    let mut chain = vec![at];
    b.set(at, Some(color));
    for _ in 1..n {
        let from = chain[rng.below(chain.len())];
        let next: Vec<Point> = b
            .adjacent(from)
            .filter(|&q| b.get(q).is_none() && spot.contains(q))
            .collect();
        if next.is_empty() {
            break;
        }
        let q = next[rng.below(next.len())];
        b.set(q, Some(color));
        chain.push(q);
    }
}

/// A target chain of `owner` with `libs` liberties left, stones of the other colour on the rest,
/// and a few stones of both colours around; None when the placement breaks a rule.
pub(super) fn tactical_board(
    rng: &mut Rng,
    spot: &Spot,
    owner: Color,
    libs: usize,
) -> Option<(Board, Point)> {
    let mut b = Board::new(spot.size)?;
    let at = spot.random_point(rng);
    let n = 1 + rng.below(3);
    grow_chain(&mut b, rng, spot, at, owner, n);
    let mut liberties = b.liberties(at);
    while liberties.len() > libs {
        let p = liberties.remove(rng.below(liberties.len()));
        b.set(p, Some(owner.opponent()));
    }
    for _ in 0..2 + rng.below(6) {
        let p = spot.random_point(rng);
        let near = b
            .chain(at)
            .iter()
            .any(|q| q.x.abs_diff(p.x) + q.y.abs_diff(p.y) <= 3);
        if b.get(p).is_some() || !near || b.liberties(at).contains(&p) {
            continue;
        }
        let c = if rng.chance(0.5) {
            owner
        } else {
            owner.opponent()
        };
        b.set(p, Some(c));
        if b.liberty_count(at) != libs {
            b.set(p, None);
        }
    }
    (b.liberty_count(at) == libs && b.get(at) == Some(owner)).then_some((b, at))
}

/// The solver's budget for the generator's questions: nodes, not time, decide (deterministic).
pub fn query_budget() -> Budget {
    Budget {
        nodes: 20_000,
        max_depth: 60,
        time: std::time::Duration::from_secs(20),
        ..Budget::default()
    }
}

/// The first question about a random position: beginners' problems are proven in a few
/// thousand nodes, and most random positions are not problems, so they must fail cheaply.
pub fn first_budget() -> Budget {
    Budget {
        nodes: 3_000,
        ..query_budget()
    }
}

/// A capture fight: the learner attacks an opponent chain with 1–3 liberties.
pub fn capture(rng: &mut Rng, spot: &Spot, full: &[Topic]) -> Option<Candidate> {
    let learner = if rng.chance(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let libs = 1 + rng.below(3);
    let (mut board, target) = if !full.contains(&Topic::FirstKo) && rng.chance(0.15) {
        ko_board(rng, spot, learner.opponent())?
    } else {
        tactical_board(rng, spot, learner.opponent(), libs)?
    };
    if libs >= 2 && rng.chance(0.4) {
        narrow_a_liberty(&mut board, rng, target);
    }
    if !sane(&board, learner.opponent(), target) || !sane(&board, learner, target) {
        return None;
    }
    let fight = Fight {
        board,
        learner,
        target,
        task: Task::Capture,
    };
    finish(fight, |f, lines| {
        first_wanted(classify_capture(f, &lines[0]), full)
    })
}

/// The first of the kinds a proof shows that is still wanted.
pub(super) fn first_wanted(kinds: Vec<(Topic, Task)>, full: &[Topic]) -> Option<(Topic, Task)> {
    kinds.into_iter().find(|(t, _)| !full.contains(t))
}

/// A ko shape: the opponent's stone at `a` with its last liberty at `b`, where `b` is closed by
/// the opponent's stones, so that taking at `b` leaves a ko.
fn ko_board(rng: &mut Rng, spot: &Spot, owner: Color) -> Option<(Board, Point)> {
    let mut b = Board::new(spot.size)?;
    let a = spot.random_point(rng);
    let around: Vec<Point> = b.adjacent(a).collect();
    let k = around[rng.below(around.len())];
    b.set(a, Some(owner));
    for q in b.adjacent(a).collect::<Vec<_>>() {
        if q != k {
            b.set(q, Some(owner.opponent()));
        }
    }
    for q in b.adjacent(k).collect::<Vec<_>>() {
        if q != a {
            b.set(q, Some(owner));
        }
    }
    for _ in 0..1 + rng.below(4) {
        let p = spot.random_point(rng);
        if b.get(p).is_none() && p != k && a.x.abs_diff(p.x) + a.y.abs_diff(p.y) <= 3 {
            b.set(
                p,
                Some(if rng.chance(0.5) {
                    owner
                } else {
                    owner.opponent()
                }),
            );
        }
    }
    (b.liberty_count(a) == 1).then_some((b, a))
}

/// Closes one of the target's liberties on all sides but one with the target's colour: a point
/// where the attacker's stone would stand in atari (throw-ins, snapbacks, shortage of liberties).
pub(super) fn narrow_a_liberty(b: &mut Board, rng: &mut Rng, target: Point) {
    let libs = b.liberties(target);
    let p = libs[rng.below(libs.len())];
    let owner = b.get(target).expect("the target");
    let open: Vec<Point> = b.adjacent(p).filter(|&q| b.get(q).is_none()).collect();
    for q in open.iter().skip(1) {
        b.set(*q, Some(owner));
    }
}

/// An escape (or connection): the learner's own chain with 1–2 liberties must get away.
pub fn escape(rng: &mut Rng, spot: &Spot, full: &[Topic]) -> Option<Candidate> {
    let learner = if rng.chance(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let libs = if rng.chance(0.8) { 1 } else { 2 };
    let (board, target) = tactical_board(rng, spot, learner, libs)?;
    if !sane(&board, learner.opponent(), target) || !sane(&board, learner, target) {
        return None;
    }
    let fight = Fight {
        board,
        learner,
        target,
        task: Task::Escape,
    };
    // In danger: the opponent to move would capture it.
    let danger = fight.ask(&fight.board, learner.opponent(), first_budget());
    if danger.status != Status::Proven {
        return None;
    }
    finish(fight, |f, lines| {
        let Move::Play(p) = lines[0][0] else {
            return None;
        };
        let b = &f.board;
        let own: Vec<Vec<Point>> = b
            .adjacent(p)
            .filter(|&q| b.get(q) == Some(f.learner))
            .map(|q| b.chain(q))
            .collect();
        let joins = own.iter().any(|c| !c.contains(&f.target));
        let kind = if joins {
            (Topic::ConnectAndCut, Task::Connect)
        } else {
            (Topic::Escape, Task::Escape)
        };
        first_wanted(vec![kind], full)
    })
}

/// Proves the learner's side, builds the lines and the wrong tries, and names the kind with
/// `classify` (from the position and the main line); the task may change with the kind.
pub(super) fn finish(
    mut fight: Fight,
    classify: impl Fn(&Fight, &[Line]) -> Option<(Topic, Task)>,
) -> Option<Candidate> {
    let budget = query_budget();
    let s = fight.ask(&fight.board, fight.learner, first_budget());
    if s.status != Status::Proven || s.correct_first_moves.len() > 4 {
        super::trace(&format!(
            "{:?}: first question {:?} {}",
            fight.task,
            s.status,
            s.correct_first_moves.len()
        ));
        return None;
    }
    let max_plies = if matches!(fight.task, Task::Capture | Task::Race) {
        41
    } else {
        9
    };
    let mut correct = Vec::new();
    for &m in &s.correct_first_moves {
        let Some(line) = correct_line(&fight, m, budget, max_plies) else {
            super::trace(&format!("{:?}: no line", fight.task));
            return None;
        };
        correct.push(line);
    }
    // The shortest line is the main line.
    correct.sort_by_key(|l| l.len());
    let Some((topic, task)) = classify(&fight, &correct) else {
        super::trace(&format!("{:?}: no kind", fight.task));
        return None;
    };
    fight.task = task;
    let mut c = Candidate::new(fight, topic, correct);
    if !super::refute_plausible(&mut c) {
        super::trace(&format!(
            "{topic:?}: no wrong try or not proven as a problem"
        ));
        return None;
    }
    c.view = view_of(&c.fight, &c.correct, &c.wrong);
    Some(c)
}
/// The box shown: the stones near the fight and every move of the tree, with a margin.
pub(super) fn view_of(f: &Fight, correct: &[Line], wrong: &[Wrong]) -> (Point, Point) {
    let b = &f.board;
    let mut pts: Vec<Point> = b.points().filter(|&p| b.get(p).is_some()).collect();
    for m in correct
        .iter()
        .flatten()
        .chain(wrong.iter().flat_map(|w| [&w.mv, &w.reply]))
    {
        if let Move::Play(p) = m {
            pts.push(*p);
        }
    }
    let vp = crate::problem::Viewport::around(&pts, b.size(), 1);
    (Point::new(vp.x0, vp.y0), Point::new(vp.x1, vp.y1))
}

/// What a capture's proof shows, in the order children learn the kinds.
pub(super) fn classify_capture(f: &Fight, main: &Line) -> Vec<(Topic, Task)> {
    let mut out = Vec::new();
    let b = &f.board;
    let libs = b.liberty_count(f.target);
    let Move::Play(fp) = main[0] else { return out };
    let after = |n: usize| play_line(b, f.learner, &main[..n.min(main.len())]);
    let Some(g1) = after(1) else { return out };
    let own_libs = g1.board().liberty_count(fp);
    let target_after = g1.board().liberty_count(f.target);
    let target = b.chain(f.target);
    let edge = target
        .iter()
        .any(|p| p.x == 0 || p.y == 0 || p.x + 1 == b.size() || p.y + 1 == b.size());
    if libs == 1 {
        if g1.board().ko_point().is_some() {
            out.push((Topic::FirstKo, Task::Capture));
        } else {
            out.push((Topic::CaptureInAtari, Task::Capture));
        }
        return out;
    }
    // The learner's first stone is taken and retaken at once: a snapback; otherwise a
    // sacrifice in atari: a throw-in.
    if own_libs == 1 && main.len() >= 3 {
        let taken = after(2).is_some_and(|g| g.board().get(fp).is_none());
        if taken && main[2] == main[0] {
            out.push((Topic::Snapback, Task::Snapback));
        }
        out.push((Topic::ThrowIn, Task::Capture));
    }
    let all_ataris = (0..main.len().div_ceil(2)).all(|k| {
        after(2 * k + 1).is_some_and(|g| {
            let bb = g.board();
            bb.get(f.target).is_none() || bb.liberty_count(f.target) == 1
        })
    });
    if all_ataris && main.len() >= 7 {
        out.push((Topic::Ladder, Task::Ladder));
    }
    if target_after >= 2 && main.len() >= 3 {
        out.push((Topic::Net, Task::Net));
    }
    if main.len() >= 3
        && after(2).is_some_and(|g| {
            g.board().get(f.target).is_some() && g.board().liberty_count(f.target) == 1
        })
    {
        out.push((Topic::ShortageOfLiberties, Task::Capture));
    }
    let enemy = f.learner.opponent();
    let cut_chains: std::collections::BTreeSet<Point> = b
        .adjacent(fp)
        .filter(|&q| b.get(q) == Some(enemy))
        .map(|q| b.chain(q).into_iter().min().expect("a chain"))
        .collect();
    if cut_chains.len() >= 2 && main.len() >= 3 {
        out.push((Topic::ConnectAndCut, Task::Cut));
    }
    if libs == 2 && main.len() == 3 && wrong_side_atari(f, fp) {
        out.push((Topic::CountLiberties, Task::Capture));
    }
    if edge && main.len() >= 3 {
        out.push((Topic::EdgeCapture, Task::Capture));
    }
    if let Some(race) = race_partner(f) {
        let rival = Fight {
            board: b.clone(),
            learner: enemy,
            target: race,
            task: Task::Capture,
        };
        if rival.ask(b, enemy, first_budget()).status == Status::Proven {
            out.push((Topic::CapturingRace, Task::Race));
        }
    }
    let touching: std::collections::BTreeSet<Point> = target
        .iter()
        .flat_map(|&t| b.adjacent(t).collect::<Vec<_>>())
        .filter(|&q| b.get(q) == Some(f.learner))
        .map(|q| b.chain(q).into_iter().min().expect("a chain"))
        .collect();
    if touching.len() >= 2 {
        out.push((Topic::CaptureCuttingStones, Task::Capture));
    }
    if libs == 2 && main.len() == 3 {
        out.push((Topic::CountLiberties, Task::Capture));
    }
    out
}

/// The atari from the other liberty lets the target extend to two liberties or more: the
/// learner has to count liberties to choose the side.
fn wrong_side_atari(f: &Fight, right: Point) -> bool {
    let b = &f.board;
    let Some(other) = b.liberties(f.target).into_iter().find(|&l| l != right) else {
        return false;
    };
    play_line(b, f.learner, &[Move::Play(other), Move::Play(right)]).is_some_and(|g| {
        g.board().get(f.target).is_some() && g.board().liberty_count(f.target) >= 2
    })
}

/// A learner chain next to the target with no more liberties than it: a capturing race.
fn race_partner(f: &Fight) -> Option<Point> {
    let b = &f.board;
    let libs = b.liberty_count(f.target);
    b.chain(f.target)
        .iter()
        .flat_map(|&t| b.adjacent(t).collect::<Vec<_>>())
        .find(|&q| {
            b.get(q) == Some(f.learner) && b.liberty_count(q) <= libs && b.liberty_count(q) >= 2
        })
}

/// A candidate whose correct lines the maker played itself (a double atari's two defences, a
/// snapback's take and retake): kept when the solver proves exactly their first moves and
/// refutes a beginner's move.
pub(super) fn with_lines(fight: Fight, topic: Topic, correct: Vec<Line>) -> Option<Candidate> {
    let mut c = Candidate::new(fight, topic, correct);
    if !super::refute_plausible(&mut c) {
        super::trace(&format!("{topic:?}: not proven with its lines"));
        return None;
    }
    c.view = view_of(&c.fight, &c.correct, &c.wrong);
    Some(c)
}
