//! What every problem of the bank must pass, and when two problems are the same
//! (ARCHITECTURE.md "Problem generator"). The generator keeps only problems that pass
//! [`check`]; the bank test runs the same check over all of problems/.

use std::collections::HashSet;

use crate::go::{Color, Move};
use crate::problem::solver::{Budget, Status, solve};
use crate::problem::{Problem, Symmetry, transform, verify_tree};

/// What the check learned from the proof.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// Solver nodes of the proof.
    pub nodes: u64,
    /// Opponent replies in the tree beyond one per learner move.
    pub branching: usize,
    pub correct_first_moves: Vec<Move>,
}

/// The budget the whole bank is checked with: ten times the generator's nodes, and nodes alone
/// decide (the time is only a safety net far above them), so the check answers the same on any
/// machine however busy, in CI as on a laptop.
pub fn check_budget() -> Budget {
    Budget {
        nodes: 200_000,
        max_depth: 80,
        time: std::time::Duration::from_secs(60),
        ..Budget::default()
    }
}

/// Checks a problem: no import warning, a question in Chinese, every line judged as marked,
/// every wrong first move refuted in the tree, the solver proving the author's answer, and the
/// solver's correct first moves exactly the tree's.
pub fn check(p: &Problem, budget: Budget) -> Result<Checked, String> {
    if !p.warnings.is_empty() {
        return Err(format!("warnings: {:?}", p.warnings));
    }
    let chinese = |t: &str| t.chars().any(|ch| ('\u{4e00}'..='\u{9fff}').contains(&ch));
    if !p.comment.as_deref().is_some_and(chinese) {
        return Err("the question is not in Chinese".into());
    }
    let failures = verify_tree(p);
    if !failures.is_empty() {
        return Err(format!("judge: {}", failures.join("; ")));
    }
    let tree = &p.tree;
    let mut wrong_first = Vec::new();
    for &c in &tree.root().children {
        let n = &tree.nodes[c];
        if !n.leads_to_success {
            if n.children.is_empty() {
                return Err(format!("wrong move {:?} without refutation", n.mv));
            }
            wrong_first.extend(n.mv.map(|m| m.1));
        }
    }
    if wrong_first.is_empty() {
        return Err("no wrong answer to learn from".into());
    }
    let s = solve(p, budget);
    if s.status != Status::Proven {
        return Err(format!("solver: {:?}", s.status));
    }
    let authors: HashSet<Move> = tree.correct_first_moves().into_iter().collect();
    let proven: HashSet<Move> = s.correct_first_moves.iter().copied().collect();
    if authors != proven {
        return Err(format!(
            "the tree's correct first moves {authors:?} are not the solver's {proven:?}"
        ));
    }
    let branching = tree
        .nodes
        .iter()
        .filter(|n| n.mv.is_some_and(|(c, _)| c == p.to_play) && n.leads_to_success)
        .map(|n| n.children.len().saturating_sub(1))
        .sum();
    Ok(Checked {
        nodes: s.nodes,
        branching,
        correct_first_moves: s.correct_first_moves,
    })
}

/// The problem's position up to the eight symmetries and colour swap: the side to play is
/// made Black, and the smallest of the eight boards' texts is the key. Two problems with the same
/// key are the same problem.
pub fn key(p: &Problem) -> String {
    let swap = p.to_play == Color::White;
    Symmetry::ALL
        .iter()
        .map(|&sym| {
            let t = transform(p, sym, swap);
            let mut stones: Vec<(u8, u8, char)> = t
                .black
                .iter()
                .map(|q| (q.y, q.x, 'x'))
                .chain(t.white.iter().map(|q| (q.y, q.x, 'o')))
                .collect();
            stones.sort();
            let mut s = format!("{}:", p.size);
            for (y, x, c) in stones {
                s.push_str(&format!("{c}{x},{y};"));
            }
            s
        })
        .min()
        .expect("eight symmetries")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::from_sgf_bytes;

    #[test]
    fn a_problem_turned_mirrored_or_recoloured_has_the_same_key_and_another_does_not() {
        let p = from_sgf_bytes(
            "(;SZ[9]AB[ca][cb][ac][bc]AW[ba][bb]C[黑先 Black to capture.](;B[aa];W[ab];B[aa]C[Correct])(;B[dd];W[ab]))"
                .as_bytes(),
        )
        .unwrap()
        .remove(0)
        .unwrap();
        let k = key(&p);
        for sym in Symmetry::ALL {
            for swap in [false, true] {
                assert_eq!(key(&transform(&p, sym, swap)), k, "{sym:?} {swap}");
            }
        }
        let mut other = p.clone();
        other.white.pop();
        assert_ne!(key(&other), k);
    }

    /// A problem the bank once shipped (L5 vital points, 95134bdf6c): White's bent three in the
    /// corner of a 13×13 board, Black's surrounding ring open at D12. After the "correct" B A12,
    /// W D12 runs out to E12 and the open board (GNU Go 3.8's owl defends there); read inside
    /// the frame, it was dead. A group that reaches the frame with room has got out, and the
    /// check refuses the problem.
    #[test]
    fn a_kill_whose_group_runs_out_through_a_gap_in_the_ring_is_refused() {
        let sgf = "(;SZ[13]PL[B]AB[da][dc][ad][bd][cd][dd]AW[ba][ca][cb][ac][bc][cc]VW[aa:ff]\
                   C[黑先杀棋 Black to kill.]\
                   (;B[ab];W[db];B[ea]C[正解！ Correct!])(;B[bb];W[ab]C[失败 Wrong.])\
                   (;B[db];W[ab]C[失败 Wrong.]))";
        let p = from_sgf_bytes(sgf.as_bytes()).unwrap().remove(0).unwrap();
        let err = check(&p, check_budget()).unwrap_err();
        assert!(err.starts_with("solver:"), "{err}");
    }
}
