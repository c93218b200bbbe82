//! The solution tree from the solver's proof (ARCHITECTURE.md "Problem generator"): every
//! correct first move with its line played to the end (the opponent's most stubborn natural
//! resistance, the learner's proven answer), and every plausible wrong first move (the target's
//! liberties, the learner's own weak stones' liberties, ataris) with the opponent's refutation.

use crate::go::{Board, Color, Game, KoRule, Move, Point, Rules};
use crate::problem::Ruleset;
use crate::problem::solver::{Budget, KoTake, Question, Solution, Status, solve_query_counting};
use crate::problem::{Mark, SolutionTree, TreeNode};

use super::kinds::Task;

/// One fight the generator asks about: the target chain and what the learner must do to it.
#[derive(Clone, Debug)]
pub struct Fight {
    pub board: Board,
    pub learner: Color,
    /// A stone of the chain at stake (the opponent's when the task attacks, else the learner's).
    pub target: Point,
    pub task: Task,
}

impl Fight {
    /// The owner of the target.
    pub fn defender(&self) -> Color {
        if self.task.attacks() {
            self.learner.opponent()
        } else {
            self.learner
        }
    }

    /// The question the side `mover` asks about the target.
    pub fn question(&self, mover: Color) -> Question {
        let life = matches!(self.task, Task::Live | Task::Kill);
        match (life, mover == self.defender()) {
            (false, false) => Question::Capture,
            (false, true) => Question::Save,
            (true, false) => Question::Kill,
            (true, true) => Question::Live,
        }
    }

    /// Asks the solver whether `mover` achieves its side of the fight on `board`.
    pub fn ask(&self, board: &Board, mover: Color, budget: Budget) -> Solution {
        // A query's first mover is the question's: Game positions keep the ko point. A stone
        // taken in a ko counts as taken: the first-ko problems are "take it by taking the ko".
        solve_query_counting(
            board,
            (self.question(mover), self.target),
            Ruleset::Chinese,
            budget,
            KoTake::Capture,
        )
    }
}

/// The rules problems are played under (simple ko, as the judge plays them).
pub fn problem_rules() -> Rules {
    Rules {
        ko: KoRule::Simple,
        ..Rules::chinese()
    }
}

/// A line of play from the start position, learner first.
pub type Line = Vec<Move>;

/// Whether the fight is settled for the learner after the line so far.
fn settled(f: &Fight, game: &Game, plies: usize) -> bool {
    let b = game.board();
    let alive = b.get(f.target) == Some(f.defender());
    match f.task {
        Task::Live => plies >= 3 || two_eyes(b, f.target),
        Task::Kill => !alive || plies >= 3,
        Task::Escape | Task::Connect => alive && b.liberty_count(f.target) >= 4,
        _ => !alive,
    }
}

/// Whether the chain at `p` touches two empty points whose every neighbour is the chain's colour
/// and which are not both sides of one false eye (a simple two-eye shape; the solver decides life).
pub fn two_eyes(b: &Board, p: Point) -> bool {
    let Some(c) = b.get(p) else { return false };
    let chain = b.chain(p);
    let eyes: Vec<Point> = b
        .liberties(p)
        .into_iter()
        .filter(|&e| {
            b.adjacent(e)
                .all(|q| b.get(q) == Some(c) && chain.contains(&q))
        })
        .collect();
    eyes.len() >= 2
}

/// How natural a move of the side resisting is: the defender extends (liberties after the move),
/// the attacker takes liberties away; ties go to moves touching the target.
fn resistance(f: &Fight, game: &Game, mv: Move) -> i64 {
    let mut g = game.clone();
    if g.play(mv).is_err() {
        return i64::MIN;
    }
    let b = g.board();
    let libs = if b.get(f.target) == Some(f.defender()) {
        b.liberty_count(f.target) as i64
    } else {
        -10
    };
    let touches = match mv {
        Move::Play(p) => i64::from(b.adjacent(p).any(|q| b.chain(f.target).contains(&q))),
        Move::Pass => 0,
    };
    let resisting_defends = game.to_move() == f.defender();
    if resisting_defends {
        libs * 4 + touches
    } else {
        -libs * 4 + touches
    }
}

/// The correct line starting with `first`: after each learner move the opponent plays its most
/// natural move among those the solver proves lose, and the learner answers with the proof's
/// reply. None when the solver cannot show every step within the budget.
pub fn correct_line(f: &Fight, first: Move, budget: Budget, max_plies: usize) -> Option<Line> {
    let mut game = Game::from_position(f.board.clone(), f.learner, problem_rules());
    game.play(first).ok()?;
    let mut line = vec![first];
    while !settled(f, &game, line.len()) {
        if line.len() >= max_plies {
            return None;
        }
        let opponent = game.to_move();
        if game.board().get(f.target) != Some(f.defender()) {
            return None;
        }
        let s = f.ask(game.board(), opponent, budget);
        if s.status != Status::Refuted {
            return None;
        }
        let Some(&(mv, reply)) = s
            .refutations
            .iter()
            .max_by_key(|(m, _)| resistance(f, &game, *m))
        else {
            // Nothing the opponent can try: the fight is over.
            break;
        };
        game.play(mv).ok()?;
        game.play(reply).ok()?;
        line.push(mv);
        line.push(reply);
    }
    Some(line)
}

/// The first moves a beginner tries: the target's liberties, the liberties of the learner's
/// stones next to it, moves that put an opponent chain in atari, and (for life and death) the
/// empty points next to the target's liberties.
pub fn plausible_moves(f: &Fight) -> Vec<Point> {
    let b = &f.board;
    let mut out: Vec<Point> = Vec::new();
    let add = |p: Point, out: &mut Vec<Point>| {
        if b.get(p).is_none() && !out.contains(&p) {
            out.push(p);
        }
    };
    let target = b.chain(f.target);
    for p in b.liberties(f.target) {
        add(p, &mut out);
    }
    let mut seen: Vec<Point> = Vec::new();
    for &t in &target {
        for q in b.adjacent(t) {
            if b.get(q) == Some(f.defender().opponent()) && !seen.contains(&q) {
                seen.extend(b.chain(q));
                for l in b.liberties(q) {
                    add(l, &mut out);
                }
            }
        }
    }
    let opponent = f.learner.opponent();
    for p in b.points() {
        if b.get(p).is_none()
            && b.adjacent(p)
                .any(|q| b.get(q) == Some(opponent) && b.liberty_count(q) == 2)
        {
            add(p, &mut out);
        }
    }
    for l in b.liberties(f.target) {
        for q in b.adjacent(l) {
            add(q, &mut out);
        }
    }
    // Near the target: where a beginner's hand goes when the answer is not seen.
    for p in b.points() {
        if target
            .iter()
            .any(|t| t.x.abs_diff(p.x) + t.y.abs_diff(p.y) <= 2)
        {
            add(p, &mut out);
        }
    }
    out
}

/// A wrong first move with its refutation.
#[derive(Clone, Debug)]
pub struct Wrong {
    pub mv: Move,
    pub reply: Move,
}

/// A node under `parent` playing `mv`.
fn push(tree: &mut SolutionTree, parent: usize, color: Color, mv: Move) -> usize {
    let id = tree.nodes.len();
    tree.nodes.push(TreeNode {
        mv: Some((color, mv)),
        parent: Some(parent),
        children: Vec::new(),
        comment: None,
        mark: Mark::None,
        leads_to_success: false,
        choice: false,
    });
    tree.nodes[parent].children.push(id);
    id
}

/// The tree of correct lines (each ending in a correct mark) and wrong tries (each ending in
/// its refutation, marked wrong); `leads_to_success` is derived as the importer does.
pub fn build_tree(learner: Color, correct: &[Line], wrong: &[Wrong]) -> SolutionTree {
    let mut tree = SolutionTree {
        nodes: vec![TreeNode {
            mv: None,
            parent: None,
            children: Vec::new(),
            comment: None,
            mark: Mark::None,
            leads_to_success: false,
            choice: false,
        }],
    };
    for line in correct {
        let mut at = 0;
        let mut color = learner;
        for &mv in line {
            at = tree
                .child_by_move(at, mv)
                .unwrap_or_else(|| push(&mut tree, at, color, mv));
            color = color.opponent();
        }
        tree.nodes[at].mark = Mark::Correct;
    }
    for w in wrong {
        let a = push(&mut tree, 0, learner, w.mv);
        let b = push(&mut tree, a, learner.opponent(), w.reply);
        tree.nodes[b].mark = Mark::Wrong;
    }
    for id in (0..tree.nodes.len()).rev() {
        let n = &tree.nodes[id];
        let ok = if n.children.is_empty() {
            n.mark == Mark::Correct
        } else {
            n.children.iter().any(|&c| tree.nodes[c].leads_to_success)
        };
        tree.nodes[id].leads_to_success = ok;
    }
    tree
}

/// The board after a line.
pub fn play_line(board: &Board, learner: Color, line: &[Move]) -> Option<Game> {
    let mut game = Game::from_position(board.clone(), learner, problem_rules());
    for &m in line {
        game.play(m).ok()?;
    }
    Some(game)
}
