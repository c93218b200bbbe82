//! The same problem seen another way: the eight symmetries of the board and swapped colours.
//! Review shows a failed problem transformed so that it cannot be answered from memory; the
//! verdict of every line is unchanged, only the points and colours move.

use crate::go::{Color, Move, Point};

use super::model::{Problem, Viewport};

/// One of the eight symmetries of a square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    Mirror,
    MirrorRotate90,
    MirrorRotate180,
    MirrorRotate270,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::Mirror,
        Symmetry::MirrorRotate90,
        Symmetry::MirrorRotate180,
        Symmetry::MirrorRotate270,
    ];

    /// Where a point of a `size` board goes.
    pub fn apply(self, p: Point, size: u8) -> Point {
        let n = size - 1;
        let rot = |q: Point| Point::new(n - q.y, q.x);
        let mirror = |q: Point| Point::new(n - q.x, q.y);
        match self {
            Symmetry::Identity => p,
            Symmetry::Rotate90 => rot(p),
            Symmetry::Rotate180 => rot(rot(p)),
            Symmetry::Rotate270 => rot(rot(rot(p))),
            Symmetry::Mirror => mirror(p),
            Symmetry::MirrorRotate90 => rot(mirror(p)),
            Symmetry::MirrorRotate180 => rot(rot(mirror(p))),
            Symmetry::MirrorRotate270 => rot(rot(rot(mirror(p)))),
        }
    }
}

/// Black and White exchanged in a question ("Black to play" / 黑先 become "White to play" / 白先).
fn swap_words(text: &str) -> String {
    const MARK: char = '\u{1}';
    text.replace("Black", "\u{1}W")
        .replace("White", "Black")
        .replace("\u{1}W", "White")
        .replace("black", "\u{1}w")
        .replace("white", "black")
        .replace("\u{1}w", "white")
        .replace('黑', &MARK.to_string())
        .replace('白', "黑")
        .replace(MARK, "白")
}

/// The problem under a symmetry, with colours swapped when `swap` is true.
pub fn transform(problem: &Problem, sym: Symmetry, swap: bool) -> Problem {
    let size = problem.size;
    let map = |p: Point| sym.apply(p, size);
    let color = |c: Color| if swap { c.opponent() } else { c };
    let mut out = problem.clone();
    let (black, white): (Vec<Point>, Vec<Point>) = (
        problem.black.iter().map(|&p| map(p)).collect(),
        problem.white.iter().map(|&p| map(p)).collect(),
    );
    (out.black, out.white) = if swap { (white, black) } else { (black, white) };
    out.to_play = color(problem.to_play);
    for node in &mut out.tree.nodes {
        node.mv = node.mv.map(|(c, m)| {
            let m = match m {
                Move::Play(p) => Move::Play(map(p)),
                Move::Pass => Move::Pass,
            };
            (color(c), m)
        });
        if swap {
            node.comment = node.comment.as_deref().map(swap_words);
        }
    }
    if swap {
        out.comment = problem.comment.as_deref().map(swap_words);
    }
    let vp = problem.viewport;
    let (a, b) = (map(Point::new(vp.x0, vp.y0)), map(Point::new(vp.x1, vp.y1)));
    out.viewport = Viewport {
        x0: a.x.min(b.x),
        y0: a.y.min(b.y),
        x1: a.x.max(b.x),
        y1: a.y.max(b.y),
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{from_sgf_bytes, verify_tree};

    const SNAPBACK: &str = "(;SZ[9]AB[ca][cb][ac][bc]AW[ba][bb]C[黑先 Black to capture.](;B[aa];W[ab];B[aa]C[Correct])(;B[dd];W[ab]))";

    fn problem() -> Problem {
        from_sgf_bytes(SNAPBACK.as_bytes())
            .unwrap()
            .remove(0)
            .unwrap()
    }

    #[test]
    fn every_symmetry_maps_the_board_onto_itself_and_four_rotations_are_the_identity() {
        for sym in Symmetry::ALL {
            let mut seen = std::collections::HashSet::new();
            for y in 0..9 {
                for x in 0..9 {
                    let q = sym.apply(Point::new(x, y), 9);
                    assert!(q.in_board(9));
                    assert!(seen.insert(q), "{sym:?} is one-to-one");
                }
            }
        }
        let p = Point::new(1, 2);
        let four = (0..4).fold(p, |q, _| Symmetry::Rotate90.apply(q, 9));
        assert_eq!(four, p);
        assert_eq!(Symmetry::Mirror.apply(Symmetry::Mirror.apply(p, 9), 9), p);
        assert_eq!(
            Symmetry::Rotate90.apply(Point::new(0, 0), 9),
            Point::new(8, 0)
        );
    }

    #[test]
    fn a_transformed_problem_keeps_every_verdict_and_moves_the_answer() {
        let original = problem();
        for sym in Symmetry::ALL {
            for swap in [false, true] {
                let t = transform(&original, sym, swap);
                assert!(
                    verify_tree(&t).is_empty(),
                    "{sym:?} swap={swap}: {:?}",
                    verify_tree(&t)
                );
                assert_eq!(t.line_counts(), original.line_counts());
                let answer = t.tree.correct_first_moves();
                assert_eq!(answer, vec![Move::Play(sym.apply(Point::new(0, 0), 9))]);
                assert_eq!(t.to_play, if swap { Color::White } else { Color::Black });
                for p in t.black.iter().chain(&t.white) {
                    assert!(t.viewport.contains(*p), "{sym:?}: {p} outside the viewport");
                }
            }
        }
    }

    #[test]
    fn swapped_colours_swap_the_question() {
        let t = transform(&problem(), Symmetry::Identity, true);
        assert_eq!(t.comment.as_deref(), Some("白先 White to capture."));
        assert_eq!(swap_words("Black and white, 黑白"), "White and black, 白黑");
    }
}
