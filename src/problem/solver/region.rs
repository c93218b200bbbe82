//! The enclosed search region: the box around the points a fight is about, closed by a frame of
//! the attacker's stones (in the spirit of KaTrain's and LizGoban's tsumego frames), so that the
//! search is finite, the defender cannot run out of the box, and a move far away is never played.
//! The frame's stones on empty points are marked: in a kill the learner attacks, a target that
//! reaches them with room has got out (`Search::got_out`), as it would on the board.
//! Capture questions (ladders, nets) are not enclosed: their moves are chosen tactically.

use crate::go::{Board, Color, Point};

/// The board the search runs on and the points it may play.
pub struct Area {
    pub board: Board,
    /// One flag per cell of the board's padded grid (`Board::index`): the points a move may be
    /// played on (never a border cell). By cell, so that a flood over the board's cells reads
    /// it as it is.
    playable: Vec<bool>,
    /// The smallest rectangle holding every playable point: `(x0, y0, x1, y1)`, inclusive.
    pub rect: (u8, u8, u8, u8),
    /// One flag per cell: the stones the frame laid on empty points ([`enclose`]), which stand
    /// for the settled rest of the board, not for stones of the position's own.
    frame: Vec<bool>,
}

impl Area {
    /// The area on `board` whose playable points are those `playable` says, inside `rect`.
    pub fn new(board: Board, rect: (u8, u8, u8, u8), playable: impl Fn(Point) -> bool) -> Area {
        let mut cells = vec![false; board.cell_count()];
        for p in board.points() {
            cells[board.index(p)] = playable(p);
        }
        let frame = vec![false; cells.len()];
        Area {
            board,
            playable: cells,
            rect,
            frame,
        }
    }

    /// Marks the stone at `p` as one the frame laid (tests that build a frame by hand).
    #[cfg(test)]
    pub fn mark_frame(&mut self, p: Point) {
        let i = self.board.index(p);
        self.frame[i] = true;
    }

    /// Whether the stone at cell `i` (of the board's padded grid) is one the frame laid.
    pub fn is_frame_cell(&self, i: usize) -> bool {
        self.frame[i]
    }

    pub fn contains(&self, p: Point) -> bool {
        self.contains_cell(self.board.index(p))
    }

    /// [`Area::contains`] for a cell of the board's padded grid (`false` on the border).
    pub fn contains_cell(&self, i: usize) -> bool {
        self.playable[i]
    }

    /// The points of the rectangle, row by row.
    pub fn rect_points(&self) -> impl Iterator<Item = Point> + use<> {
        rect_points(self.rect)
    }

    /// The whole board is playable (capture questions).
    pub fn open(board: &Board) -> Area {
        let last = board.size() - 1;
        Area::new(board.clone(), (0, 0, last, last), |_| true)
    }
}

/// The points of the rectangle `(x0, y0, x1, y1)` (inclusive), row by row.
pub fn rect_points(rect: (u8, u8, u8, u8)) -> impl Iterator<Item = Point> {
    let (x0, y0, x1, y1) = rect;
    (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| Point::new(x, y)))
}

#[derive(Clone, Copy)]
struct Box {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Box {
    fn contains(&self, p: Point) -> bool {
        (self.x0..=self.x1).contains(&(p.x as i32)) && (self.y0..=self.y1).contains(&(p.y as i32))
    }
}

/// The liberties each chain of a solid wall holds: a side of the box whose outermost stones are
/// all the attacker's, in chains of at least this many liberties, is a wall the defender cannot
/// attack from outside. A weaker wall keeps a line of room outside it, where the defender's
/// attack on it is read (ggg-easy-85: "now Black has to worry about A"). One liberty fewer
/// holds where no weak attacker chain stands beside the line ([`solid_wall`]): a wall's end
/// stone with its four liberties kept a line of room outside a whole wall, where the attacker's
/// moves only fill its own outside liberties and each must be answered.
const SOLID_WALL: usize = 5;

/// Whether the seeds' stones on one side (`on`) of their bounding box `span` form a solid wall
/// of the attacker's: every stone there the attacker's, each chain with [`SOLID_WALL`]
/// liberties; or with one fewer, where every attacker chain next to an empty point of that
/// line (within `span`) holds as many too. The frame laid behind the line takes the outside
/// liberties of those chains: with a four-liberty wall, a weak attacker stone beside the line
/// lost the defender's attack on it to the frame (three shipped problems' bank check, a
/// destroy-an-eye whose White could still take Black's cutting stone from outside, GNU Go's
/// owl agreeing).
fn solid_wall(
    board: &Board,
    (seeds, span): (&[Point], Box),
    attacker: Color,
    on: &dyn Fn(Point) -> bool,
) -> bool {
    let holds = |p: Point, libs: usize| board.liberties_up_to(p, libs) >= libs;
    let line: Vec<Point> = seeds
        .iter()
        .copied()
        .filter(|&p| on(p) && board.get(p).is_some())
        .collect();
    let wall = |libs: usize| {
        !line.is_empty()
            && line
                .iter()
                .all(|&p| board.get(p) == Some(attacker) && holds(p, libs))
    };
    if wall(SOLID_WALL) {
        return true;
    }
    if !wall(SOLID_WALL - 1) {
        return false;
    }
    board
        .points()
        .filter(|&p| on(p) && board.get(p).is_none() && span.contains(p))
        .flat_map(|p| board.adjacent(p))
        .all(|q| board.get(q) != Some(attacker) || holds(q, SOLID_WALL - 1))
}

/// Encloses the fight around `seeds`: the bounding box grown by one line (stretched to an edge
/// within two lines of it), every empty point of the ring just outside it filled with the
/// attacker's stones. A side held by a solid wall of the attacker's ([`SOLID_WALL`]) is not
/// grown: the frame closes right behind the wall, which joins it and can never be taken (the
/// static death of the search counts on such walls). Where the ring would cross a defender stone
/// the box grows on that side instead, so the defender never keeps a liberty the search cannot
/// fill.
pub fn enclose(board: &Board, seeds: &[Point], attacker: Color) -> Area {
    let size = board.size() as i32;
    let mut b = Box {
        x0: size,
        y0: size,
        x1: -1,
        y1: -1,
    };
    for p in seeds {
        b.x0 = b.x0.min(p.x as i32);
        b.y0 = b.y0.min(p.y as i32);
        b.x1 = b.x1.max(p.x as i32);
        b.y1 = b.y1.max(p.y as i32);
    }
    if b.x1 < 0 {
        return Area::open(board);
    }
    let snap_lo = |v: i32| if v - 1 <= 2 { 0 } else { v - 1 };
    let snap_hi = |v: i32| if v + 1 >= size - 3 { size - 1 } else { v + 1 };
    // A side held by a solid wall of the attacker's gets no added line: the frame is laid
    // against the wall, which it joins.
    let edge_lo = |v: i32| if v <= 2 { 0 } else { v };
    let edge_hi = |v: i32| if v >= size - 3 { size - 1 } else { v };
    // The seeds' own box, kept for the wall test while `b` grows below.
    let seeds_box = b;
    let wall = |on: &dyn Fn(Point) -> bool| solid_wall(board, (seeds, seeds_box), attacker, on);
    // The low and high side of each axis: kept at a solid wall, grown by a line elsewhere.
    let lo = |v: i32, on: &dyn Fn(Point) -> bool| if wall(on) { edge_lo(v) } else { snap_lo(v) };
    let hi = |v: i32, on: &dyn Fn(Point) -> bool| if wall(on) { edge_hi(v) } else { snap_hi(v) };
    let (x0, y0, x1, y1) = (b.x0, b.y0, b.x1, b.y1);
    b = Box {
        x0: lo(x0, &|p| i32::from(p.x) == x0),
        y0: lo(y0, &|p| i32::from(p.y) == y0),
        x1: hi(x1, &|p| i32::from(p.x) == x1),
        y1: hi(y1, &|p| i32::from(p.y) == y1),
    };
    let defender = attacker.opponent();
    // Grow past defender stones on the ring (a few times at most: each step moves one side out).
    for _ in 0..2 * size {
        let ring = ring_points(board, b);
        let mut grown = false;
        for p in ring.iter().filter(|&&p| board.get(p) == Some(defender)) {
            let (x, y) = (p.x as i32, p.y as i32);
            if x < b.x0 {
                b.x0 = snap_lo(b.x0);
                grown = true;
            } else if x > b.x1 {
                b.x1 = snap_hi(b.x1);
                grown = true;
            } else if y < b.y0 {
                b.y0 = snap_lo(b.y0);
                grown = true;
            } else if y > b.y1 {
                b.y1 = snap_hi(b.y1);
                grown = true;
            }
        }
        if !grown {
            break;
        }
    }
    let mut framed = board.clone();
    let mut laid = Vec::new();
    for p in ring_points(board, b) {
        if board.get(p).is_none() {
            framed.set(p, Some(attacker));
            laid.push(framed.index(p));
        }
    }
    let rect = (b.x0 as u8, b.y0 as u8, b.x1 as u8, b.y1 as u8);
    let mut area = Area::new(framed, rect, |p| b.contains(p));
    for i in laid {
        area.frame[i] = true;
    }
    area
}

/// Whether the defender's chains at `target` are walled in by the stones of the problem, not by
/// the frame: no way leads from their liberties to the frame through empty points that touch
/// no attacker stone of the problem's (a way the attacker's stones stand beside is one the
/// attacker can block, also where it runs next to the frame; an open one is room the target
/// has on the board and the frame took away). A liberty next to the frame is such room. For a
/// problem, whose stones are all the fight there is (the frame stands for the author's settled
/// rest of the board), the target's own liberties are asked about; a game position's group
/// ([`group_walled_in`]) has its friends' as well.
pub fn walled_in(area: &Area, target: &[Point], defender: Color) -> bool {
    walled_in_with(area, target, defender, (false, true))
}

/// [`walled_in`] for a group on a game's board: a defender chain such a way reaches is the
/// target's friend, and its liberties are the group's room as well. In Shusaku's game 431
/// before move 143, Black's S18 has its liberties S19 and T18 in White's corner, but S19 joins
/// it to R19, which reaches the rest of a living group; read as walled in, the frame cut that
/// group off, and the whole-board question "refuted" the life of S18 (Black's S19 saves it;
/// GNU Go's owl has the group alive). Problems keep [`walled_in`]: there a race's friends
/// reaching the frame would refuse Gokyo Shumyo 337's kill, the author's answer.
pub fn group_walled_in(area: &Area, target: &[Point], defender: Color) -> bool {
    walled_in_with(area, target, defender, (true, true))
}

/// [`group_walled_in`] without the attacker's blocks: on a board nobody composed (a game's, the
/// command line's questions), a way that runs beside an attacker stone is still a way out, as
/// the attacker blocks one way a move while the defender may have two. Shusaku's game 150
/// before move 80: Black's N15 in atari runs out by N16 between White's M15, N17 and O15, and
/// both of its ways on (M16, O16) touch a White stone; read as walled in, the frame took the
/// centre from it, and `live N15` was refuted where GNU Go's `attack` and owl after N16 find
/// nothing. Only a group no empty way leads out from, its friends' included, is framed there.
pub fn enclosed(area: &Area, target: &[Point], defender: Color) -> bool {
    walled_in_with(area, target, defender, (true, false))
}

/// The way out of [`walled_in`]: through friendly chains (`friends`), and stopped beside an
/// attacker stone of the problem's (`blockable`).
fn walled_in_with(
    area: &Area,
    target: &[Point],
    defender: Color,
    (friends, blockable): (bool, bool),
) -> bool {
    let board = &area.board;
    let attacker = defender.opponent();
    let mut seen: Vec<Point> = Vec::new();
    let mut joined: Vec<u16> = Vec::new();
    let mut join = |c: Point, seen: &mut Vec<Point>| {
        let Some(id) = board.chain_id(c) else {
            return;
        };
        if joined.contains(&id) {
            return;
        }
        joined.push(id);
        for l in board.liberties(c) {
            if !seen.contains(&l) {
                seen.push(l);
            }
        }
    };
    for &t in target {
        join(t, &mut seen);
    }
    let mut k = 0;
    while k < seen.len() {
        let p = seen[k];
        k += 1;
        for q in board.adjacent(p) {
            if !area.contains(q) {
                return false;
            }
            match board.get(q) {
                Some(c) if c == defender && friends => {
                    join(q, &mut seen);
                    continue;
                }
                Some(_) => continue,
                None if seen.contains(&q) => continue,
                None => {}
            }
            // Beside a stone of the problem's attacker the way can be blocked, even where it
            // also runs next to the frame (whose stones are the attacker's too, but are not
            // the problem's).
            if blockable
                && board
                    .adjacent(q)
                    .any(|r| area.contains(r) && board.get(r) == Some(attacker))
            {
                continue;
            }
            if board.adjacent(q).any(|r| !area.contains(r)) {
                return false;
            }
            seen.push(q);
        }
    }
    true
}

/// The on-board points just outside the box (its ring), diagonal corners included.
fn ring_points(board: &Board, b: Box) -> Vec<Point> {
    let size = board.size() as i32;
    let mut out = Vec::new();
    for y in b.y0 - 1..=b.y1 + 1 {
        for x in b.x0 - 1..=b.x1 + 1 {
            let inside = (b.x0..=b.x1).contains(&x) && (b.y0..=b.y1).contains(&y);
            if !inside && (0..size).contains(&x) && (0..size).contains(&y) {
                out.push(Point::new(x as u8, y as u8));
            }
        }
    }
    out
}

/// The stones a whole-board question is about: the target chain and the chains around it (two
/// steps of adjacency, within four lines of the target).
pub fn query_seeds(board: &Board, target: &[Point]) -> Vec<Point> {
    let mut seeds: Vec<Point> = target.to_vec();
    let mut frontier: Vec<Point> = target.to_vec();
    for _ in 0..2 {
        let mut next = Vec::new();
        for &s in &frontier {
            for q in board.adjacent(s).flat_map(|l| {
                // Through one empty point as well: the stones that surround the target.
                std::iter::once(l).chain(board.adjacent(l).collect::<Vec<_>>())
            }) {
                if board.get(q).is_some() && !seeds.contains(&q) && within(q, target, 4) {
                    for c in board.chain(q) {
                        if within(c, target, 4) && !seeds.contains(&c) {
                            seeds.push(c);
                            next.push(c);
                        }
                    }
                }
            }
        }
        frontier = next;
    }
    seeds
}

fn within(p: Point, pts: &[Point], d: i32) -> bool {
    pts.iter()
        .any(|q| (p.x as i32 - q.x as i32).abs() + (p.y as i32 - q.y as i32).abs() <= d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_fight_is_framed_and_far_points_are_not_playable() {
        let mut board = Board::new(19).unwrap();
        for (x, y) in [(1, 0), (1, 1), (0, 2), (1, 2)] {
            board.set(Point::new(x, y), Some(Color::White));
        }
        let area = enclose(&board, &[Point::new(0, 0), Point::new(1, 2)], Color::Black);
        assert!(area.contains(Point::new(0, 0)));
        assert!(!area.contains(Point::new(10, 10)));
        // The frame closes the box: a point on its ring holds a black stone.
        let ring: Vec<Point> = board
            .points()
            .filter(|&p| !area.contains(p) && area.board.get(p) == Some(Color::Black))
            .collect();
        assert!(!ring.is_empty());
        assert!(ring.iter().all(|p| p.x <= 4 && p.y <= 4), "{ring:?}");
    }

    #[test]
    fn the_frame_closes_behind_a_solid_wall_and_leaves_a_weak_one_room() {
        // A 19×19 board with these white and black stones, framed around all of them.
        let framed = |white: &[(u8, u8)], black: &[(u8, u8)]| {
            let mut board = Board::new(19).unwrap();
            for (stones, color) in [(white, Color::White), (black, Color::Black)] {
                for &(x, y) in stones {
                    board.set(Point::new(x, y), Some(color));
                }
            }
            let seeds: Vec<Point> = board.points().filter(|&p| board.get(p).is_some()).collect();
            enclose(&board, &seeds, Color::Black)
        };
        // White's corner stones, Black's wall on the fourth line (da-de, ten liberties): no
        // line is added right of the wall, the frame stands on the fifth line and joins it.
        let wall: Vec<(u8, u8)> = (0..5).map(|y| (3, y)).collect();
        let area = framed(&[(0, 1), (1, 1), (1, 0), (2, 2)], &wall);
        assert!(area.contains(Point::new(3, 2)));
        assert!(!area.contains(Point::new(4, 2)));
        assert_eq!(area.board.get(Point::new(4, 2)), Some(Color::Black));
        // A wall of two stones with four liberties is solid: the frame joins it.
        let area = framed(&[(0, 1), (1, 1), (1, 0), (2, 2), (2, 1)], &[(3, 0), (3, 1)]);
        assert!(!area.contains(Point::new(4, 1)));
        assert_eq!(area.board.get(Point::new(4, 1)), Some(Color::Black));
        // With three liberties (White's stone at ca takes one) it keeps a line of room
        // outside it, where White may attack it.
        let area = framed(
            &[(0, 1), (1, 1), (1, 0), (2, 0), (2, 2), (2, 1)],
            &[(3, 0), (3, 1)],
        );
        assert!(area.contains(Point::new(4, 1)));
        assert!(!area.contains(Point::new(5, 1)));
    }

    #[test]
    fn a_way_to_the_frame_beside_a_stone_of_the_attacker_is_one_the_attacker_blocks() {
        // Black's fa-ga on the top edge, White's wall ea-eb…hb below and beside it; Black's
        // liberty ha leads to ia, next to the frame.
        let walled = |white: &[(u8, u8)]| {
            let mut board = Board::new(19).unwrap();
            for &(x, y) in white {
                board.set(Point::new(x, y), Some(Color::White));
            }
            let target = [Point::new(5, 0), Point::new(6, 0)];
            for p in target {
                board.set(p, Some(Color::Black));
            }
            let seeds: Vec<Point> = board.points().filter(|&p| board.get(p).is_some()).collect();
            let area = enclose(&board, &seeds, Color::White);
            walled_in(&area, &target, Color::Black)
        };
        let wall = [(4, 0), (4, 1), (5, 1), (6, 1), (7, 1)];
        // Without ib the frame stands on ia, next to Black's liberty: room the frame took.
        assert!(!walled(&wall));
        // With White's ib beside ia, White blocks the way at ia, though ia also touches the
        // frame (on ja): walled in (Gokyo Shumyo 311, whose race is read as a kill so).
        let with_ib: Vec<(u8, u8)> = wall.iter().copied().chain([(8, 1)]).collect();
        assert!(walled(&with_ib));
    }

    #[test]
    fn a_four_liberty_wall_keeps_room_where_a_weak_stone_of_the_attacker_stands_beside_it() {
        // A 9×9 corner (the bank's destroy-an-eye-b133badae2): Black's wall gd-hd-id has four
        // liberties, and Black's fc beside the wall's line has two, one of them fd on that line.
        let framed = |black: &[(u8, u8)]| {
            let mut board = Board::new(9).unwrap();
            for (x, y) in [(4, 0), (5, 1), (8, 1), (6, 2), (7, 2), (8, 2)] {
                board.set(Point::new(x, y), Some(Color::White));
            }
            for &(x, y) in black {
                board.set(Point::new(x, y), Some(Color::Black));
            }
            let seeds: Vec<Point> = board.points().filter(|&p| board.get(p).is_some()).collect();
            enclose(&board, &seeds, Color::Black)
        };
        let wall = [(3, 0), (4, 1), (7, 1), (6, 3), (7, 3), (8, 3)];
        // Without fc the wall is solid: the frame stands right below it on fe.
        let area = framed(&wall);
        assert!(!area.contains(Point::new(5, 4)));
        assert_eq!(area.board.get(Point::new(5, 4)), Some(Color::Black));
        // With fc, White may still attack it from outside (fd, then ec): a line of room.
        let with_fc: Vec<(u8, u8)> = wall.iter().copied().chain([(5, 2)]).collect();
        let area = framed(&with_fc);
        assert!(area.contains(Point::new(5, 4)));
        assert_eq!(area.board.get(Point::new(5, 4)), None);
    }
}
