//! Static life: Benson's unconditional life, the only "alive" the search trusts without reading
//! further. Everything weaker (eye shapes, seki) is left to the search, which reads it out inside
//! the enclosed region; this module must never call a group alive that a sequence can kill.

use crate::go::{Board, Color, Point};

/// Benson's algorithm: whether every point of `target` holds a chain of `color` that stays alive
/// even if the opponent plays every move in a row (and `color` always passes).
pub(super) fn unconditionally_alive(board: &Board, color: Color, target: &[Point]) -> bool {
    alive_within(board, color, target, |_| true)
}

/// Benson's algorithm on the points where `inside` holds (the enclosed box: reading the whole
/// board for every node would cost more than the search). A region that reaches past the box
/// is never vital, so the answer errs only towards "not alive".
pub(super) fn alive_within(
    board: &Board,
    color: Color,
    target: &[Point],
    inside: impl Fn(Point) -> bool,
) -> bool {
    let size = board.size() as usize;
    let idx = |p: Point| p.y as usize * size + p.x as usize;
    let (chain_of, chains) = label(board, size, |p| inside(p) && board.get(p) == Some(color));
    let (_, regions) = label(board, size, |p| inside(p) && board.get(p) != Some(color));
    let open: Vec<bool> = regions
        .iter()
        .map(|pts| pts.iter().any(|&p| board.adjacent(p).any(|q| !inside(q))))
        .collect();
    // Which chains border each region, and whether every empty point of the region is a liberty
    // of that chain (then the region is "vital" to it).
    let mut vital: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, pts) in regions.iter().enumerate() {
        for &p in pts {
            for q in board.adjacent(p) {
                let c = chain_of[idx(q)];
                if c != usize::MAX && !borders[r].contains(&c) {
                    borders[r].push(c);
                }
            }
        }
        for &c in borders[r].iter().filter(|_| !open[r]) {
            let all_libs = pts
                .iter()
                .filter(|&&p| board.get(p).is_none())
                .all(|&p| board.adjacent(p).any(|q| chain_of[idx(q)] == c));
            if all_libs {
                vital[r].push(c);
            }
        }
    }
    let mut chain_alive = vec![true; chains.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, alive) in chain_alive.iter_mut().enumerate() {
            if *alive {
                let n = (0..regions.len())
                    .filter(|&r| region_alive[r] && vital[r].contains(&c))
                    .count();
                if n < 2 {
                    *alive = false;
                    changed = true;
                }
            }
        }
        for r in 0..regions.len() {
            if region_alive[r] && borders[r].iter().any(|&c| !chain_alive[c]) {
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

/// Connected components of the points where `inside` holds: the component of each point
/// (`usize::MAX` outside) and the points of each component.
fn label(
    board: &Board,
    size: usize,
    inside: impl Fn(Point) -> bool,
) -> (Vec<usize>, Vec<Vec<Point>>) {
    let idx = |p: Point| p.y as usize * size + p.x as usize;
    let mut of = vec![usize::MAX; size * size];
    let mut parts: Vec<Vec<Point>> = Vec::new();
    for p in board.points() {
        if of[idx(p)] != usize::MAX || !inside(p) {
            continue;
        }
        let id = parts.len();
        of[idx(p)] = id;
        let mut pts = vec![p];
        let mut i = 0;
        while i < pts.len() {
            let q = pts[i];
            i += 1;
            for r in board.adjacent(q) {
                if of[idx(r)] == usize::MAX && inside(r) {
                    of[idx(r)] = id;
                    pts.push(r);
                }
            }
        }
        parts.push(pts);
    }
    (of, parts)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
