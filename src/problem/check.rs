//! The check on save (ARCHITECTURE.md "Teachers' sets"): what a teacher's problem gets before it
//! is stored. The setup and every line must be legal; the correct line must be proven by the
//! solver; a wrong first move needs the refuting reply; a first move the solver proves correct
//! that the tree marks wrong or leaves out is named (the editor adds it in one click); ko and
//! unknown are reported as such. The duplicate key finds the same position in the bank up to
//! rotation, reflection and colour swap. Pure: the solver runs under the given budget.

use serde::Serialize;

use crate::go::{Color, Move, Point};

use super::legality::check_legality;
use super::model::{Problem, SolutionTree, TreeNode};
use super::solver::{self, Budget, Status};
use super::transform::Symmetry;

/// One thing the check found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// illegal | no_correct_line | refuted | ko | unknown | correct_not_proven |
    /// wrong_without_refutation | marked_wrong_but_correct | missed_correct | duplicate
    pub code: &'static str,
    /// The first move it is about (SGF point), if any.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub message: String,
}

impl Finding {
    pub fn new(code: &'static str, mv: Option<Move>, message: impl Into<String>) -> Finding {
        Finding {
            code,
            mv: mv.map(|m| move_sgf(&m)),
            message: message.into(),
        }
    }
}

/// The check of one problem.
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    /// The solver's verdict on the start position (`unknown` when the problem is illegal).
    pub status: Status,
    /// The goal the solver read the tree as (`capture cc`…), when one was settled.
    pub goal: Option<String>,
    /// The first moves the solver proves correct.
    pub solver_correct: Vec<String>,
    pub findings: Vec<Finding>,
}

impl CheckReport {
    /// Proven, and nothing else to fix.
    pub fn clean(&self) -> bool {
        self.status == Status::Proven && self.findings.is_empty()
    }
}

fn move_sgf(m: &Move) -> String {
    match m {
        Move::Play(p) => p.to_sgf(),
        Move::Pass => String::new(),
    }
}

/// Checks a problem: legality, the tree's first moves against the solver's proof.
pub fn check_problem(problem: &Problem, budget: Budget) -> CheckReport {
    let mut report = CheckReport {
        status: Status::Unknown,
        goal: None,
        solver_correct: Vec::new(),
        findings: Vec::new(),
    };
    if let Err(e) = check_legality(problem) {
        report
            .findings
            .push(Finding::new("illegal", None, e.to_string()));
        return report;
    }
    let tree = &problem.tree;
    let firsts: Vec<&TreeNode> = tree
        .root()
        .children
        .iter()
        .map(|&c| &tree.nodes[c])
        .collect();
    let marked = |ok: bool| -> Vec<Move> {
        firsts
            .iter()
            .filter(|n| n.leads_to_success == ok)
            .filter_map(|n| n.mv.map(|(_, m)| m))
            .collect()
    };
    let (correct, wrong) = (marked(true), marked(false));
    if correct.is_empty() {
        report.findings.push(Finding::new(
            "no_correct_line",
            None,
            "the tree has no correct line",
        ));
    }
    for n in firsts
        .iter()
        .filter(|n| !n.leads_to_success && n.children.is_empty())
    {
        report.findings.push(Finding::new(
            "wrong_without_refutation",
            n.mv.map(|(_, m)| m),
            "a wrong first move without the reply that refutes it",
        ));
    }
    let solved = solver::solve(problem, budget);
    report.status = solved.status;
    report.goal = solved.goal.clone();
    report.solver_correct = solved.correct_first_moves.iter().map(move_sgf).collect();
    match solved.status {
        Status::Proven => {
            for &m in correct
                .iter()
                .filter(|m| !solved.correct_first_moves.contains(m))
            {
                report.findings.push(Finding::new(
                    "correct_not_proven",
                    Some(m),
                    "the tree marks this move correct but the solver does not prove it",
                ));
            }
            for &m in &solved.correct_first_moves {
                if !correct.contains(&m) && !wrong.contains(&m) {
                    report.findings.push(Finding::new(
                        "missed_correct",
                        Some(m),
                        "the solver proves this first move correct but the tree leaves it out",
                    ));
                }
            }
        }
        Status::Refuted => report.findings.push(Finding::new(
            "refuted",
            None,
            "the solver proves that every first move fails",
        )),
        Status::Ko => report.findings.push(Finding::new(
            "ko",
            None,
            "the best result is a ko: not proven",
        )),
        Status::Unknown => report.findings.push(Finding::new(
            "unknown",
            None,
            "the solver could not decide within its budget",
        )),
    }
    if !wrong.is_empty() && !correct.is_empty() {
        // The solver reads the goal so that no move marked wrong is proven; read once more
        // without the wrong lines to find a wrong mark on a move that works.
        let only_correct = Problem {
            tree: keep_first_moves(tree, |n| n.leads_to_success),
            ..problem.clone()
        };
        let again = solver::solve(&only_correct, budget);
        if again.status == Status::Proven {
            for &m in wrong
                .iter()
                .filter(|m| again.correct_first_moves.contains(m))
            {
                report.findings.push(Finding::new(
                    "marked_wrong_but_correct",
                    Some(m),
                    "the tree marks this move wrong but the solver proves it correct",
                ));
            }
        }
    }
    report
}

/// The tree with only the first moves (and their lines) that `keep` accepts.
fn keep_first_moves(tree: &SolutionTree, keep: impl Fn(&TreeNode) -> bool) -> SolutionTree {
    let mut out = SolutionTree {
        nodes: vec![TreeNode {
            children: Vec::new(),
            ..tree.root().clone()
        }],
    };
    let mut stack: Vec<(usize, usize)> = tree
        .root()
        .children
        .iter()
        .rev()
        .filter(|&&c| keep(&tree.nodes[c]))
        .map(|&c| (c, 0))
        .collect();
    while let Some((old, parent)) = stack.pop() {
        let id = out.nodes.len();
        out.nodes.push(TreeNode {
            parent: Some(parent),
            children: Vec::new(),
            ..tree.nodes[old].clone()
        });
        out.nodes[parent].children.push(id);
        stack.extend(tree.nodes[old].children.iter().rev().map(|&c| (c, id)));
    }
    out
}

/// The same key for positions equal up to rotation, reflection and swapped colours (with the
/// side to play swapped too): the smallest of the sixteen views' descriptions.
pub fn position_key(size: u8, to_play: Color, black: &[Point], white: &[Point]) -> String {
    let mut best: Option<String> = None;
    for sym in Symmetry::ALL {
        for swap in [false, true] {
            let view = |v: &[Point]| {
                let mut pts: Vec<String> = v.iter().map(|&p| sym.apply(p, size).to_sgf()).collect();
                pts.sort();
                pts.concat()
            };
            let (b, w) = if swap {
                (view(white), view(black))
            } else {
                (view(black), view(white))
            };
            let side = if swap { to_play.opponent() } else { to_play };
            let key = format!("{size}{}:{b}:{w}", side.sgf_letter());
            if best.as_ref().is_none_or(|k| key < *k) {
                best = Some(key);
            }
        }
    }
    best.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::from_sgf_bytes;

    fn problem(sgf: &str) -> Problem {
        from_sgf_bytes(sgf.as_bytes()).unwrap().remove(0).unwrap()
    }

    fn codes(r: &CheckReport) -> Vec<(&'static str, Option<String>)> {
        r.findings.iter().map(|f| (f.code, f.mv.clone())).collect()
    }

    /// A white stone in atari at ab... capture at ac? The white stone at aa with black ba: one
    /// liberty at ab.
    const CAPTURE: &str =
        "(;SZ[9]AB[ba]AW[aa]PL[B]C[Black to capture](;B[ab]C[Correct])(;B[cc];W[ab]C[Wrong]))";

    #[test]
    fn a_proven_problem_with_a_refuted_wrong_line_is_clean() {
        let r = check_problem(&problem(CAPTURE), Budget::default());
        assert_eq!(r.status, Status::Proven, "{r:?}");
        assert!(r.clean(), "{r:?}");
        assert_eq!(r.solver_correct, vec!["ab".to_string()]);
    }

    #[test]
    fn each_finding_is_named() {
        // A wrong first move with no reply.
        let r = check_problem(
            &problem(
                "(;SZ[9]AB[ba]AW[aa]PL[B]C[Black to capture](;B[ab]C[Correct])(;B[cc]C[Wrong]))",
            ),
            Budget::default(),
        );
        assert_eq!(
            codes(&r),
            vec![("wrong_without_refutation", Some("cc".into()))]
        );
        // The setup has a stone without liberties.
        let r = check_problem(
            &problem("(;SZ[9]AB[ba][ab]AW[aa]PL[B];B[cc]C[Correct])"),
            Budget::default(),
        );
        assert_eq!(r.findings[0].code, "illegal");
    }

    /// A white corner stone with two liberties next to a black stone: either atari works.
    const TWO_WAYS: &str =
        "(;SZ[9]AB[bb]AW[aa]PL[B]C[Black to capture](;B[ab];W[ba];B[ca]C[Correct])";

    #[test]
    fn a_correct_move_the_tree_leaves_out_is_found() {
        let r = check_problem(&problem(&format!("{TWO_WAYS})")), Budget::default());
        assert_eq!(r.status, Status::Proven, "{r:?}");
        assert!(
            codes(&r).contains(&("missed_correct", Some("ba".into()))),
            "{r:?}"
        );
    }

    #[test]
    fn a_move_marked_wrong_that_works_is_found() {
        let sgf = format!("{TWO_WAYS}(;B[ba];W[ab]C[Wrong]))");
        let r = check_problem(&problem(&sgf), Budget::default());
        assert!(
            codes(&r).contains(&("marked_wrong_but_correct", Some("ba".into()))),
            "{r:?}"
        );
    }

    #[test]
    fn the_key_is_the_same_under_symmetry_and_colour_swap() {
        let p = problem(CAPTURE);
        let key = position_key(p.size, p.to_play, &p.black, &p.white);
        for sym in Symmetry::ALL {
            for swap in [false, true] {
                let q = crate::problem::transform(&p, sym, swap);
                assert_eq!(position_key(q.size, q.to_play, &q.black, &q.white), key);
            }
        }
        let other = problem("(;SZ[9]AB[ca]AW[aa]PL[B];B[ab]C[Correct])");
        assert_ne!(
            position_key(other.size, other.to_play, &other.black, &other.white),
            key
        );
    }
}
