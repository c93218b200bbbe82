//! Static life: Benson's unconditional life, the only "alive" the search trusts without reading
//! further. Everything weaker (eye shapes, seki) is left to the search, which reads it out inside
//! the enclosed region; this module must never call a group alive that a sequence can kill.

use crate::go::{Board, Color, Point};

use super::region::rect_points;

/// Benson's algorithm: whether every point of `target` holds a chain of `color` that stays alive
/// even if the opponent plays every move in a row (and `color` always passes).
pub(super) fn unconditionally_alive(board: &Board, color: Color, target: &[Point]) -> bool {
    let last = board.size() - 1;
    alive_within(board, color, target, (0, 0, last, last), |_| true)
}

/// Benson's algorithm on the points of the rectangle `rect` (`x0, y0, x1, y1`, inclusive) where
/// `inside` holds (the enclosed box: reading the whole board for every node would cost more than
/// the search). A region that reaches past them is never vital, so the answer errs only towards
/// "not alive".
pub(super) fn alive_within(
    board: &Board,
    color: Color,
    target: &[Point],
    rect: (u8, u8, u8, u8),
    inside: impl Fn(Point) -> bool,
) -> bool {
    let (x0, y0, x1, y1) = rect;
    let w = usize::from(x1 - x0) + 1;
    let in_rect = |p: Point| (x0..=x1).contains(&p.x) && (y0..=y1).contains(&p.y);
    let inside = |p: Point| in_rect(p) && inside(p);
    let idx = |p: Point| usize::from(p.y - y0) * w + usize::from(p.x - x0);
    let mut checked: Vec<u16> = Vec::new();
    // Whether every target chain has two eyes of its own (else only a miai can make it live).
    let mut own_eyes = true;
    for &t in target {
        let Some(id) = board.chain_id(t) else {
            return false;
        };
        if !checked.contains(&id) {
            match two_enclosed_eyes(board, color, t, inside) {
                Eyes::Two => {}
                Eyes::OneAndAMiai => own_eyes = false,
                Eyes::Fewer => return false,
            }
            checked.push(id);
        }
    }
    let n = w * (usize::from(y1 - y0) + 1);
    let (chain_of, chains) = label(board, n, rect_points(rect), idx, |p| {
        inside(p) && board.get(p) == Some(color)
    });
    if target
        .iter()
        .any(|&p| !in_rect(p) || chain_of[idx(p)] == usize::MAX)
    {
        return false;
    }
    let (region_of, regions) = label(board, n, rect_points(rect), idx, |p| {
        inside(p) && board.get(p) != Some(color)
    });
    let chain_at = |q: Point| {
        if in_rect(q) {
            chain_of[idx(q)]
        } else {
            usize::MAX
        }
    };
    let open: Vec<bool> = regions
        .iter()
        .map(|pts| pts.iter().any(|&p| board.adjacent(p).any(|q| !inside(q))))
        .collect();
    let eyes: Vec<usize> = regions.iter().map(|r| eyes_in(board, r)).collect();
    let targets: Vec<usize> = target.iter().map(|&p| chain_of[idx(p)]).collect();
    let alone: Vec<usize> = (0..chains.len()).collect();
    let plain = Labels {
        regions: &regions,
        open: &open,
        eyes: &eyes,
        banned: &[],
    };
    if own_eyes && benson(board, &plain, chain_at, &alone, &targets) {
        return true;
    }
    // Chains joined in miai: two chains sharing two empty points that touch no other chain of
    // `color` connect whenever the opponent takes one of them (the other is the answer).
    let Some((unit, banned)) = miai_units(board, color, &plain, &region_of, idx, chain_at, &alone)
    else {
        return false;
    };
    let joined = Labels {
        banned: &banned,
        ..plain
    };
    benson(board, &joined, chain_at, &unit, &targets)
}

/// The regions of Benson's algorithm: their points, whether each reaches past the enclosed
/// points (never vital), the eyes each is worth ([`eyes_in`]), and which may not count as vital
/// (`banned`, by region; empty: none).
#[derive(Clone, Copy)]
struct Labels<'a> {
    regions: &'a [Vec<Point>],
    open: &'a [bool],
    eyes: &'a [usize],
    banned: &'a [bool],
}

/// Joins chains two by two where they share two empty points that touch no other chain of
/// theirs (a miai: whichever the opponent takes, the other joins them, and no single move
/// threatens two such pairs, as each point belongs to one). Returns each chain's unit and the
/// regions holding a point so used (no longer vital: the answer fills it), or `None` when no
/// pair joins.
fn miai_units(
    board: &Board,
    color: Color,
    labels: &Labels,
    region_of: &[usize],
    idx: impl Fn(Point) -> usize,
    chain_at: impl Fn(Point) -> usize,
    alone: &[usize],
) -> Option<(Vec<usize>, Vec<bool>)> {
    let (regions, open) = (labels.regions, labels.open);
    // A chain of theirs outside the enclosed points (unlabelled) rules the point out.
    let labelled = |q: Point| Some(chain_at(q)).filter(|&c| c != usize::MAX);
    // (pair of chains, whether its region is enclosed, point)
    let mut shared: Vec<((usize, usize), bool, Point)> = Vec::new();
    for (r, pts) in regions.iter().enumerate() {
        for &p in pts {
            if board.get(p).is_some() {
                continue;
            }
            if let Some([a, b]) = two_chains_beside(board, p, color, labelled) {
                shared.push(((a.min(b), a.max(b)), !open[r], p));
            }
        }
    }
    if shared.len() < 2 {
        return None;
    }
    shared.sort_unstable_by_key(|&(pair, enclosed, p)| (pair, enclosed, p.y, p.x));
    let mut unit = alone.to_vec();
    fn root(unit: &mut [usize], mut c: usize) -> usize {
        while unit[c] != c {
            unit[c] = unit[unit[c]];
            c = unit[c];
        }
        c
    }
    let mut banned = vec![false; regions.len()];
    let mut joined = false;
    for group in shared.chunk_by(|a, b| a.0 == b.0) {
        if let [(pair, _, a), (_, _, b), ..] = group {
            let (ra, rb) = (root(&mut unit, pair.0), root(&mut unit, pair.1));
            if ra != rb {
                unit[ra] = rb;
                joined = true;
                banned[region_of[idx(*a)]] = true;
                banned[region_of[idx(*b)]] = true;
            }
        }
    }
    if !joined {
        return None;
    }
    let unit = (0..unit.len()).map(|c| root(&mut unit, c)).collect();
    Some((unit, banned))
}

/// The two chains of `color` beside the point `p` (by `id`), when there are exactly two; `None`
/// where there are fewer or more, or a stone of `color` that `id` does not know.
fn two_chains_beside<T: Copy + PartialEq>(
    board: &Board,
    p: Point,
    color: Color,
    id: impl Fn(Point) -> Option<T>,
) -> Option<[T; 2]> {
    let mut pair: [Option<T>; 2] = [None; 2];
    for q in board.adjacent(p) {
        if board.get(q) != Some(color) {
            continue;
        }
        let c = id(q)?;
        match pair {
            [Some(a), _] if a == c => {}
            [_, Some(b)] if b == c => {}
            [None, _] => pair[0] = Some(c),
            [_, None] => pair[1] = Some(c),
            _ => return None,
        }
    }
    Some([pair[0]?, pair[1]?])
}

/// Benson's iteration over units of chains (`unit[c]`: the unit of chain `c`, a chain alone or
/// chains joined in miai): a unit lives while it borders two healthy vital regions, a region is
/// healthy while every unit around it lives. Whether every target chain's unit lives.
fn benson(
    board: &Board,
    labels: &Labels,
    chain_at: impl Fn(Point) -> usize,
    unit: &[usize],
    targets: &[usize],
) -> bool {
    let regions = labels.regions;
    let unit_at = |q: Point| {
        let c = chain_at(q);
        if c == usize::MAX { c } else { unit[c] }
    };
    let units = unit.len();
    // Which units border each region, and whether every empty point of the region is a liberty
    // of that unit (then the region is "vital" to it).
    let mut vital: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, pts) in regions.iter().enumerate() {
        for &p in pts {
            for q in board.adjacent(p) {
                let c = unit_at(q);
                if c != usize::MAX && !borders[r].contains(&c) {
                    borders[r].push(c);
                }
            }
        }
        if labels.open[r] || labels.banned.get(r).copied().unwrap_or(false) {
            continue;
        }
        for &c in &borders[r] {
            let all_libs = pts
                .iter()
                .filter(|&&p| board.get(p).is_none())
                .all(|&p| board.adjacent(p).any(|q| unit_at(q) == c));
            if all_libs {
                vital[r].push(c);
            }
        }
    }
    let eyes = labels.eyes;
    let mut unit_alive = vec![true; units];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for c in 0..units {
            // A chain joined to another lives or dies with its unit's root.
            if unit_alive[c] && unit[c] == c {
                let n: usize = (0..regions.len())
                    .filter(|&r| region_alive[r] && vital[r].contains(&c))
                    .map(|r| eyes[r])
                    .sum();
                if n < 2 {
                    unit_alive[c] = false;
                    changed = true;
                }
            }
        }
        for r in 0..regions.len() {
            if region_alive[r] && borders[r].iter().any(|&c| !unit_alive[c]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    targets.iter().all(|&c| unit_alive[unit[c]])
}

/// Benson's necessary condition for the chain at `t`, cheap to test before the whole labelling:
/// regions of non-`color` points next to it worth two eyes ([`eyes_in`]), each enclosed by
/// `inside` and with every empty point a liberty of the chain; or one such eye and two
/// liberties beside another chain of `color` (a miai that may join it to a second eye,
/// [`miai_units`]). A region's flood stops at its first point that fails.
fn two_enclosed_eyes(
    board: &Board,
    color: Color,
    t: Point,
    inside: impl Fn(Point) -> bool,
) -> Eyes {
    let libs = board.liberties(t);
    if libs.len() < 2 {
        return Eyes::Fewer;
    }
    let mut seen: Vec<Point> = Vec::new();
    let mut found = 0;
    for &l in &libs {
        if seen.contains(&l) {
            continue;
        }
        let mut region = vec![l];
        let mut enclosed = true;
        let mut k = 0;
        'flood: while k < region.len() {
            let p = region[k];
            k += 1;
            if board.get(p).is_none() && !libs.contains(&p) {
                enclosed = false;
                break;
            }
            for q in board.adjacent(p) {
                if !inside(q) {
                    enclosed = false;
                    break 'flood;
                }
                if board.get(q) != Some(color) && !region.contains(&q) {
                    region.push(q);
                }
            }
        }
        seen.extend(&region);
        if enclosed {
            found += eyes_in(board, &region);
            if found >= 2 {
                return Eyes::Two;
            }
        }
    }
    if found == 1 && miai_partner(board, color, t, &libs) {
        Eyes::OneAndAMiai
    } else {
        Eyes::Fewer
    }
}

/// Whether two liberties of the chain at `t` touch one same other chain of `color` and no
/// third one: a miai [`miai_units`] may join.
fn miai_partner(board: &Board, color: Color, t: Point, libs: &[Point]) -> bool {
    let own = board.chain_id(t);
    let mut partners: Vec<u16> = Vec::new();
    for &l in libs {
        // `l` is a liberty of `t`: one of the two is its own chain.
        let Some([a, b]) = two_chains_beside(board, l, color, |q| board.chain_id(q)) else {
            continue;
        };
        let other = if Some(a) == own { b } else { a };
        if partners.contains(&other) {
            return true;
        }
        partners.push(other);
    }
    false
}

/// What [`two_enclosed_eyes`] finds around a chain.
enum Eyes {
    /// Two eyes of its own (Benson's necessary condition).
    Two,
    /// One, and two liberties beside other chains of its colour: it lives only if a miai
    /// joins it to a second eye ([`miai_units`]); Benson's own test cannot pass.
    OneAndAMiai,
    Fewer,
}

/// The eyes a region vital to its chains is worth with the attacker to move: two for an empty
/// path of four or more points (straight, bent, skewed four, the five-point paths…): whichever
/// point the attacker takes, the defender answers next to it and splits the rest into two eyes,
/// each still a liberty of every chain around (vital means every point is one), so no filling
/// of outside liberties can reach them. One for any other region, as in Benson's algorithm.
fn eyes_in(board: &Board, region: &[Point]) -> usize {
    if region.len() < 4 || region.iter().any(|&p| board.get(p).is_some()) {
        return 1;
    }
    let (edges, widest) = shape_graph(region);
    if edges + 1 == region.len() && widest <= 2 {
        2
    } else {
        1
    }
}

/// Whether an empty, connected eye space of these points, bordered only by the defender's
/// stones, makes at most one eye: one or two points; three with the attacker to move (it takes
/// the middle); the square four whoever moves; and with the attacker on the vital point the
/// pyramid four, the bulky and the crossed five and the rabbity six. Straight, bent and skewed
/// fours, the other fives and every larger space may live and are left to the search.
pub(super) fn dead_shape(space: &[Point], attacker_to_move: bool) -> bool {
    let (edges, widest) = shape_graph(space);
    match (space.len(), edges, widest) {
        (0..=2, _, _) => true,
        // A cycle of four points is the square.
        (4, 4, _) => true,
        (3, _, _) | (4, 3, 3) | (5, 5, _) | (5, 4, 4) | (6, 6, 4) => attacker_to_move,
        _ => false,
    }
}

/// The point of a shape with the most neighbours in it, when only one has that many (the
/// middle of three, the centre of the pyramid, the cross and the rabbity six, the bulky five's
/// vital point).
pub(super) fn vital_point(shape: &[Point]) -> Option<Point> {
    let degree = |p: &Point| degree_in(shape, *p);
    let most = shape.iter().map(degree).max()?;
    let mut at = shape.iter().filter(|p| degree(p) == most);
    let first = *at.next()?;
    at.next().is_none().then_some(first)
}

/// How many points of `shape` are next to `p`.
fn degree_in(shape: &[Point], p: Point) -> usize {
    shape
        .iter()
        .filter(|q| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1)
        .count()
}

/// A shape as a graph of neighbouring points: its number of edges and its largest degree.
fn shape_graph(shape: &[Point]) -> (usize, usize) {
    let degrees = shape.iter().map(|&p| degree_in(shape, p));
    let (sum, widest) = degrees.fold((0, 0), |(s, w), d| (s + d, w.max(d)));
    (sum / 2, widest)
}

/// How many moves the attacker needs to capture a group whose only eye space is a dead shape
/// of `n` points (its liberties in a capturing race): 1, 2, 3, 5, 8, 12.
pub(super) fn dead_shape_liberties(n: usize) -> usize {
    match n {
        0..=3 => n,
        4 => 5,
        5 => 8,
        _ => 12,
    }
}

/// Connected components of the `points` where `inside` holds: the component of each point by
/// `idx` (`usize::MAX` outside) and the points of each component.
fn label(
    board: &Board,
    n: usize,
    points: impl Iterator<Item = Point>,
    idx: impl Fn(Point) -> usize,
    inside: impl Fn(Point) -> bool,
) -> (Vec<usize>, Vec<Vec<Point>>) {
    let mut of = vec![usize::MAX; n];
    let mut parts: Vec<Vec<Point>> = Vec::new();
    for p in points {
        if !inside(p) || of[idx(p)] != usize::MAX {
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
                if inside(r) && of[idx(r)] == usize::MAX {
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

    fn shape(rows: &str) -> Vec<Point> {
        let mut out = Vec::new();
        for (y, row) in rows.lines().enumerate() {
            for (x, c) in row.trim().chars().enumerate() {
                if c == 'o' {
                    out.push(Point::new(x as u8, y as u8));
                }
            }
        }
        out
    }

    #[test]
    fn vital_points_of_the_killable_shapes() {
        let at = |rows: &str| vital_point(&shape(rows));
        assert_eq!(at("ooo"), Some(Point::new(1, 0)));
        assert_eq!(at("oo\no."), Some(Point::new(0, 0)));
        assert_eq!(at("oo.\nooo"), Some(Point::new(1, 1)));
        assert_eq!(at(".o.\nooo\n.o."), Some(Point::new(1, 1)));
        assert_eq!(at("oo\noo"), None);
    }

    #[test]
    fn the_dead_eye_shapes_and_the_living_ones() {
        let square = shape("oo\noo");
        assert!(dead_shape(&square, false) && dead_shape(&square, true));
        for dead_if_first in [
            "ooo",
            "oo\no.",
            ".o.\nooo",
            "oo.\nooo",
            ".o.\nooo\n.o.",
            "oo.\nooo\n.o.",
        ] {
            let s = shape(dead_if_first);
            assert!(dead_shape(&s, true), "{dead_if_first}");
            assert!(!dead_shape(&s, false), "{dead_if_first}");
        }
        for alive in [
            "oooo",
            "ooo\no..",
            "oo.\n.oo",
            "ooooo",
            "ooo\no..\no..",
            "ooo\nooo",
            "oooooo",
        ] {
            let s = shape(alive);
            assert!(!dead_shape(&s, true), "{alive}");
        }
    }

    #[test]
    fn an_empty_path_of_four_is_two_eyes_and_a_bent_three_or_a_square_is_not() {
        // One white chain with nothing but this eye space in the corner, no outside liberty.
        let alive = |rows: &str| {
            let board = Board::from_rows(rows).unwrap();
            let white = board.points().find(|&p| board.get(p) == Some(Color::White));
            unconditionally_alive(&board, Color::White, &[white.unwrap()])
        };
        // Straight four, bent four, the five-point path: alive with Black to move.
        assert!(alive(
            "....OX
             OOOOOX
             XXXXXX
             ......
             ......
             ......"
        ));
        assert!(alive(
            "OO...OX
             OOOO.OX
             XXXOOOX
             XXXXXXX
             .......
             .......
             ......."
        ));
        // The corner's bent four: its corner point is no liberty, so it is left to the search.
        assert!(!alive(
            "...OX.
             .OOOX.
             OOXXX.
             XXX...
             ......
             ......"
        ));
        assert!(alive(
            ".....O
             OOOOOO
             XXXXXX
             ......
             ......
             ......"
        ));
        // Three points, the pyramid four, the square: one eye when Black moves first.
        for dead in [
            "...OX.
             OOOOX.
             XXXXX.
             ......
             ......
             ......",
            "...OX.
             O.OOX.
             OOXXX.
             XXX...
             ......
             ......",
            "..OX..
             ..OX..
             OOOX..
             XXXX..
             ......
             ......",
        ] {
            assert!(!alive(dead), "{dead}");
        }
        // An attacker stone in the space: not counted as two eyes.
        assert!(!alive(
            ".X..OX
             OOOOOX
             XXXXXX
             ......
             ......
             ......"
        ));
    }

    #[test]
    fn two_chains_of_one_eye_each_joined_in_miai_live_and_joined_by_one_point_do_not() {
        // Black's left chain and right chain hold one eye each and share two points between
        // them (a bamboo joint): White takes one, Black joins at the other.
        let rows = |gap: &str| {
            format!(
                ".XX.XX.XO
                 XXX{gap}XXXXO
                 OOOOOOOOO
                 .........
                 .........
                 .........
                 .........
                 .........
                 ........."
            )
        };
        let left = [Point::new(1, 0)];
        let both = [Point::new(1, 0), Point::new(5, 0)];
        let miai = Board::from_rows(&rows(".")).unwrap();
        assert!(unconditionally_alive(&miai, Color::Black, &left));
        assert!(unconditionally_alive(&miai, Color::Black, &both));
        // One shared point left (White holds the other): White takes it and the left chain
        // is in atari in its one eye.
        let one = Board::from_rows(&rows("O")).unwrap();
        assert!(!unconditionally_alive(&one, Color::Black, &left));
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
}
