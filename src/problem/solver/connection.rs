//! Chains joined for good: where a connection fight is decided before the stones touch
//! (ARCHITECTURE.md §8).
//!
//! A connection is won when the target's chains are one chain. Two chains that share two empty
//! points are as good as one (the attacker takes one point, the defender the other), and so are
//! chains around an empty point only the defender's stones surround (the attacker may not play
//! there while they have another liberty); a search that waits for the stones to touch must
//! refute every attacker move in the box before each joining move, which is most of a
//! connection problem's tree. The test here ends those lines as soon as the links are there
//! and safe, and errs only towards "not yet".

use crate::go::{Board, Color, Point};

/// A chain reached from the first target chain, with the link that reached it.
struct Reached {
    id: u16,
    at: Point,
    /// The chain it was reached from (an index into the list) and the link's points.
    from: Option<(usize, Link)>,
}

#[derive(Clone, Copy)]
enum Link {
    /// Two empty points both chains touch: miai.
    Pair(Point, Point),
    /// An empty point whose every neighbour is the defender's stone.
    Eye(Point),
}

/// Whether the defender's chains holding `target` become one chain whatever the attacker does.
///
/// The chains must be linked, chain to chain (through other chains of the defender's where
/// needed), by `k` links that share no point, and every chain on the way — and every chain
/// around an eye link — must hold at least `2k + 1` liberties. Then the defender joins one link
/// a move (the other point at once where the attacker takes one): before the last join at most
/// `2k - 1` points are filled, each taking at most one liberty from a chain (a join only adds
/// the other chain's), so no chain is taken and no eye link is played by capturing, and the
/// last join is no suicide. Passes and moves elsewhere only give the defender time. Ko does not
/// arise: no defender stone is taken and every join is on a point that was empty.
pub(super) fn joined_for_good(board: &Board, target: &[Point], defender: Color) -> bool {
    let mut targets: Vec<u16> = Vec::with_capacity(2);
    for &t in target {
        if board.get(t) != Some(defender) {
            return false;
        }
        let id = board.chain_id(t).expect("a stone has a chain");
        if !targets.contains(&id) {
            targets.push(id);
        }
    }
    if targets.len() < 2 {
        return targets.len() == 1;
    }
    let reached = reach(board, target[0], defender);
    // The chains on the way from each target chain back to the first, and the links between.
    let mut needed: Vec<usize> = Vec::new();
    let mut links: Vec<Point> = Vec::new();
    for &id in &targets[1..] {
        let Some(mut i) = reached.iter().position(|r| r.id == id) else {
            return false;
        };
        while let Some((parent, link)) = reached[i].from {
            if needed.contains(&i) {
                break;
            }
            needed.push(i);
            // One move joins a link: an eye link joins every chain around it at once.
            let key = match link {
                Link::Pair(a, _) => a,
                Link::Eye(e) => e,
            };
            if !links.contains(&key) {
                links.push(key);
            }
            i = parent;
        }
    }
    let least = 2 * links.len() + 1;
    let enough = |p: Point| board.liberties_up_to(p, least) >= least;
    enough(reached[0].at)
        && needed.iter().all(|&i| {
            let r = &reached[i];
            let (_, link) = r.from.expect("a needed chain was reached by a link");
            enough(r.at)
                && match link {
                    Link::Pair(..) => true,
                    Link::Eye(e) => board
                        .adjacent(e)
                        .all(|q| board.get(q) == Some(defender) && enough(q)),
                }
        })
}

/// Every defender chain reachable from the chain at `start` by links that share no point,
/// breadth first, each with the link it was reached by.
fn reach(board: &Board, start: Point, defender: Color) -> Vec<Reached> {
    let mut reached = vec![Reached {
        id: board.chain_id(start).expect("a stone has a chain"),
        at: start,
        from: None,
    }];
    let mut used: Vec<Point> = Vec::new();
    let mut next = 0;
    while next < reached.len() {
        let (id, at) = (reached[next].id, reached[next].at);
        let libs = board.liberties(at);
        // Each liberty with whether only the defender's stones surround it; eye links first:
        // they take no point another pair could need.
        let mut ordered: Vec<(Point, bool)> = libs
            .iter()
            .map(|&p| (p, board.adjacent(p).all(|q| board.get(q) == Some(defender))))
            .collect();
        ordered.sort_by_key(|&(_, eye)| !eye);
        for (p, eye) in ordered {
            if used.contains(&p) {
                continue;
            }
            for q in board.adjacent(p) {
                if board.get(q) != Some(defender) {
                    continue;
                }
                let other = board.chain_id(q).expect("a stone has a chain");
                if other == id || reached.iter().any(|r| r.id == other) {
                    continue;
                }
                let link = if eye {
                    Some(Link::Eye(p))
                } else {
                    board
                        .liberties(q)
                        .into_iter()
                        .find(|&s| s != p && libs.contains(&s) && !used.contains(&s))
                        .map(|s| Link::Pair(p, s))
                };
                let Some(link) = link else {
                    continue;
                };
                match link {
                    Link::Pair(a, b) => used.extend([a, b]),
                    Link::Eye(e) => used.push(e),
                }
                reached.push(Reached {
                    id: other,
                    at: q,
                    from: Some((next, link)),
                });
                if !eye {
                    // The point is now one of this link's; another chain beside it needs a
                    // link of its own.
                    break;
                }
            }
        }
        next += 1;
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        Board::from_rows(rows).expect("a board")
    }

    #[test]
    fn chains_sharing_two_points_with_room_to_spare_are_joined_for_good() {
        // D6-D5 and C4-C3 on a diagonal: C5 and D4 are miai.
        let b = board(
            ".......\
             ...X...\
             ...X...\
             ..X....\
             ..X....\
             .......\
             .......",
        );
        let target = [Point::new(3, 1), Point::new(2, 4)];
        assert!(joined_for_good(&b, &target, Color::Black));
        // The same for White to cut is no connection of White's.
        assert!(!joined_for_good(&b, &target, Color::White));
    }

    #[test]
    fn one_shared_point_or_too_few_liberties_is_not_a_connection() {
        // A one-point jump: one shared point, which the attacker takes.
        let jump = board(
            ".......\
             .......\
             ...X...\
             .......\
             ...X...\
             .......\
             .......",
        );
        let target = [Point::new(3, 2), Point::new(3, 4)];
        assert!(!joined_for_good(&jump, &target, Color::Black));
        // The diagonal pressed by White: C4-C3 keeps only the two shared points, fewer than
        // the three liberties one link needs (White's move on one is atari).
        let pressed = board(
            ".......\
             ...X...\
             ...X...\
             .OX....\
             .OXO...\
             ..O....\
             .......",
        );
        let target = [Point::new(3, 1), Point::new(2, 4)];
        assert!(!joined_for_good(&pressed, &target, Color::Black));
    }

    #[test]
    fn an_empty_point_only_the_defender_surrounds_links_every_chain_around_it() {
        let ring = board(
            ".......\
             .......\
             ...X...\
             ..X.X..\
             ...X...\
             .......\
             .......",
        );
        let all = [(3, 2), (2, 3), (4, 3), (3, 4)].map(|(x, y)| Point::new(x, y));
        assert!(joined_for_good(&ring, &all, Color::Black));
        // With one neighbour White's the middle is a point White may play: the single
        // stones' diagonal pairs would all need it.
        let open = board(
            ".......\
             .......\
             ...X...\
             ..X.X..\
             ...O...\
             .......\
             .......",
        );
        let three = [(3, 2), (2, 3), (4, 3)].map(|(x, y)| Point::new(x, y));
        assert!(!joined_for_good(&open, &three, Color::Black));
    }

    #[test]
    fn a_point_serves_one_link_only() {
        // The long chain below joins each of the two above by two points, but D7 is one of
        // both pairs: White's D7 (joined to D8) leaves one of C6 and E6 to cut.
        let b = board(
            ".........\
             ...O.....\
             XXX.XXX..\
             ...X.....\
             ...X.....\
             ...X.....\
             ...X.....\
             .........\
             .........",
        );
        let target = [Point::new(0, 2), Point::new(6, 2)];
        assert!(!joined_for_good(&b, &target, Color::Black));
        // Each of the three joined to the long chain alone is a connection.
        assert!(joined_for_good(
            &b,
            &[Point::new(0, 2), Point::new(3, 5)],
            Color::Black
        ));
        assert!(joined_for_good(
            &b,
            &[Point::new(6, 2), Point::new(3, 5)],
            Color::Black
        ));
    }
}
