//! Life read out inside a group's own eye space: where Benson's test ([`super::life`]) fails
//! because the group needs to answer (a cutting point, a false eye it can mend, an attacker
//! stone it must take, a large eye space), a short exhaustive reading of the enclosed space
//! decides, under rules that only ever favour the attacker, so that a group called alive here
//! is alive whatever the attacker does (ARCHITECTURE.md §8, `local_life`).
//!
//! The reading: every liberty of the group outside its enclosed space is filled by the
//! attacker first (as if the attacker had played all of them for free, which it cannot do
//! better than); then the attacker moves first, on the enclosed points or passing; the defender
//! answers on the enclosed points only, never passes and never takes a ko; the group lives when
//! Benson's test passes within a few moves, and dies on any capture of its stones, on running
//! out of moves or of reading budget. The attacker's extra freedom (free fills, the defender's
//! ko threats and tenuki denied) makes every error an "unknown", never a false life.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::go::zobrist::KEYS;
use crate::go::{Board, Color, Point};

use super::dfpn::KeyHasher;
use super::life::alive_within;

/// The most points (empty or the attacker's) the enclosed space of a group may hold to be read.
const MAX_SPACE: usize = 10;
/// The most stones of the defender a group read here may hold.
const MAX_STONES: usize = 48;
/// Moves read ahead: the attacker's move, the defender's answer, the attacker's, the answer.
const PLIES: u32 = 4;
/// The defender's answers read per question at most (each followed by Benson's test).
const BUDGET: u32 = 120;

/// Answers already read, by the local position ([`Group::key`]).
#[derive(Default)]
pub(super) struct Memo(HashMap<u64, bool, BuildHasherDefault<KeyHasher>>);

/// Whether the group of `color` holding every `target` point lives with the attacker to move,
/// by reading its enclosed space (see the module's notes). `inside` bounds the enclosed points
/// as for [`alive_within`]. False whenever the reading cannot show life.
pub(super) fn alive_by_reading(
    board: &Board,
    color: Color,
    target: &[Point],
    inside: impl Fn(Point) -> bool + Copy,
    memo: &mut Memo,
) -> bool {
    let Some(group) = group_of(board, color, target, inside) else {
        return false;
    };
    let key = group.key(board);
    if let Some(&alive) = memo.0.get(&key) {
        return alive;
    }
    let mut b = board.clone();
    for &p in &group.fills {
        b.set(p, Some(color.opponent()));
    }
    // The attacker may take any ko at once: the answer depends on the stones alone.
    b.clear_ko();
    // A chain of the group left without liberties by the fills is one the attacker takes.
    let alive = group.stones.iter().all(|&p| b.liberties_up_to(p, 1) > 0) && {
        let mut reader = Reader {
            color,
            target,
            group: &group,
            inside: &inside,
            budget: BUDGET,
        };
        reader.attacker_cannot_kill(&b, PLIES)
    };
    memo.0.insert(key, alive);
    alive
}

/// The group read: its stones (every chain of `color` around its enclosed regions, from the
/// target's chains on), its enclosed space, and its other liberties (filled for the reading).
struct Group {
    stones: Vec<Point>,
    space: Vec<Point>,
    fills: Vec<Point>,
    /// The smallest rectangle holding stones and space, for Benson's test.
    rect: (u8, u8, u8, u8),
}

impl Group {
    /// A hash of what the reading depends on: the stones and the space's points. Not the
    /// fills: every point beside the group outside its space is the attacker's in the reading,
    /// whether a fill or a stone already there, and the defender never plays beside them.
    /// Stones hash by the board's own Zobrist keys; an empty point of the space by both
    /// colours' keys of its cell (a cell holds one of the three, so none stands for another).
    fn key(&self, board: &Board) -> u64 {
        self.stones.iter().chain(&self.space).fold(0, |h, &p| {
            let i = board.index(p);
            h ^ match board.get(p) {
                Some(c) => KEYS[c.index()][i],
                None => KEYS[0][i] ^ KEYS[1][i],
            }
        })
    }
}

/// Gathers the group around the target's chains: each region of non-`color` points beside
/// one of its stones is either enclosed (every point inside, small enough: its points join the
/// space and the chains of `color` around it join the group) or not (the region's empty points
/// beside the group are filled). `None` when the group is too large, has no enclosed space, or
/// borders an enclosed region too large to read.
fn group_of(
    board: &Board,
    color: Color,
    target: &[Point],
    inside: impl Fn(Point) -> bool,
) -> Option<Group> {
    let mut stones: Vec<Point> = Vec::new();
    let mut chains: Vec<u16> = Vec::new();
    let mut space: Vec<Point> = Vec::new();
    let mut seen = vec![UNSEEN; board.cell_count()];
    let mut add_chain = |p: Point, stones: &mut Vec<Point>| -> Option<()> {
        let id = board.chain_id(p)?;
        if !chains.contains(&id) {
            chains.push(id);
            stones.extend(board.chain_stones(p));
        }
        (stones.len() <= MAX_STONES).then_some(())
    };
    for &t in target {
        add_chain(t, &mut stones)?;
    }
    let mut k = 0;
    while k < stones.len() {
        let s = stones[k];
        k += 1;
        for q in board.adjacent(s) {
            if board.get(q) == Some(color) || seen[board.index(q)] != UNSEEN {
                continue;
            }
            let (region, enclosed) = flood(board, color, q, &inside, &mut seen)?;
            if !enclosed {
                continue;
            }
            if region.len() > MAX_SPACE {
                return None;
            }
            for &p in &region {
                for r in board.adjacent(p) {
                    if board.get(r) == Some(color) {
                        add_chain(r, &mut stones)?;
                    }
                }
            }
            space.extend(region);
        }
    }
    if space.iter().filter(|&&p| board.get(p).is_none()).count() < 2 {
        return None;
    }
    let mut fills: Vec<Point> = Vec::new();
    for &s in &stones {
        for q in board.adjacent(s) {
            let i = board.index(q);
            if board.get(q).is_none() && seen[i] != ENCLOSED && seen[i] != FILLED {
                seen[i] = FILLED;
                fills.push(q);
            }
        }
    }
    let all = stones.iter().chain(&space);
    let (x0, y0, x1, y1) = all.fold((u8::MAX, u8::MAX, 0, 0), |(x0, y0, x1, y1), p| {
        (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y))
    });
    Some(Group {
        stones,
        space,
        fills,
        rect: (x0, y0, x1, y1),
    })
}

/// How far [`flood`] looks for the way out of a region before giving up on it.
const MAX_FLOOD: usize = 40;

/// What [`flood`] marks on each cell: not reached yet, in a region that reaches past the
/// enclosed points, in one enclosed.
const UNSEEN: u8 = 0;
const OPEN: u8 = 1;
const ENCLOSED: u8 = 2;
/// In the flood under way.
const FLOODING: u8 = 3;
/// Beside the group outside its space: filled for the reading.
const FILLED: u8 = 4;

/// The region of non-`color` points holding `start`, and whether it is enclosed (no point of
/// it beside a point outside `inside`), marking its cells in `seen`. The flood stops at the
/// first sign of a way out (a point outside, or one of a region already found open: the
/// region's other points stay unseen, and a later flood that meets this one stops there too).
/// `None` past `MAX_FLOOD` points without either.
fn flood(
    board: &Board,
    color: Color,
    start: Point,
    inside: &impl Fn(Point) -> bool,
    seen: &mut [u8],
) -> Option<(Vec<Point>, bool)> {
    let mut region = vec![start];
    seen[board.index(start)] = FLOODING;
    let mut k = 0;
    let mut enclosed = inside(start);
    while enclosed && k < region.len() {
        let p = region[k];
        k += 1;
        for q in board.adjacent(p) {
            let i = board.index(q);
            if !inside(q) || seen[i] == OPEN {
                enclosed = false;
                break;
            }
            if seen[i] != FLOODING && board.get(q) != Some(color) {
                seen[i] = FLOODING;
                region.push(q);
            }
        }
        if region.len() > MAX_FLOOD {
            return None;
        }
    }
    let mark = if enclosed { ENCLOSED } else { OPEN };
    for &p in &region {
        seen[board.index(p)] = mark;
    }
    Some((region, enclosed))
}

struct Reader<'a, F: Fn(Point) -> bool> {
    color: Color,
    target: &'a [Point],
    group: &'a Group,
    inside: &'a F,
    budget: u32,
}

impl<F: Fn(Point) -> bool> Reader<'_, F> {
    /// The space's empty points, the likeliest moves first: those near `last` (the answers to
    /// it), then those with the most empty neighbours (the vital points of eye shapes).
    fn by_room(&self, b: &Board, last: Option<Point>) -> Vec<Point> {
        let near = |p: Point| last.is_some_and(|l| l.x.abs_diff(p.x) + l.y.abs_diff(p.y) <= 2);
        let mut order: Vec<(bool, usize, Point)> = self
            .group
            .space
            .iter()
            .filter(|&&p| b.get(p).is_none())
            .map(|&p| {
                let room = b.adjacent(p).filter(|&q| b.get(q).is_none()).count();
                (!near(p), 4 - room, p)
            })
            .collect();
        order.sort_unstable_by_key(|&(far, room, p)| (far, room, p.y, p.x));
        order.into_iter().map(|(_, _, p)| p).collect()
    }

    /// Whether the group survives every attacker move (or pass) here, `plies` moves deep.
    fn attacker_cannot_kill(&mut self, b: &Board, plies: u32) -> bool {
        if plies == 0 || self.budget == 0 {
            return false;
        }
        let attacker = self.color.opponent();
        for p in self.by_room(b, None) {
            if !super::dfpn::playable(b, p, attacker) {
                continue;
            }
            let mut n = b.clone();
            n.play_at(n.index(p), attacker);
            if !self.defender_lives(&n, plies - 1, Some(p)) {
                return false;
            }
        }
        let mut n = b.clone();
        n.clear_ko();
        self.defender_lives(&n, plies - 1, None)
    }

    /// Whether the defender, to move, has an answer on the space that lives (Benson's test after
    /// it, or a further reading). The answers next to the attacker's last move come first.
    fn defender_lives(&mut self, b: &Board, plies: u32, last: Option<Point>) -> bool {
        if self
            .group
            .stones
            .iter()
            .any(|&p| b.get(p) != Some(self.color))
        {
            return false;
        }
        if plies == 0 {
            return false;
        }
        for p in self.by_room(b, last) {
            if self.budget == 0 {
                return false;
            }
            if !super::dfpn::playable(b, p, self.color) {
                continue;
            }
            let mut n = b.clone();
            n.play_at(n.index(p), self.color);
            if n.ko_point().is_some() {
                continue;
            }
            self.budget -= 1;
            if alive_within(&n, self.color, self.target, self.group.rect, self.inside)
                || self.attacker_cannot_kill(&n, plies - 1)
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::solver::life::unconditionally_alive;

    /// Black's wall around an eye space drawn with `.` in the 5x3 hole of `rows` (the rest of
    /// the 9x9 board is open, so the wall has liberties outside).
    fn walled(space: [&str; 3]) -> Board {
        let mut rows = String::from(".........\n.XXXXXXX.\n");
        for r in space {
            rows.push_str(&format!(".XX{r}X.\n"));
        }
        rows.push_str(".XXXXXXX.\n.........\n.........\n.........\n");
        Board::from_rows(&rows).unwrap()
    }

    /// The enclosed box of these tests: the lower two lines are outside it, so that the open
    /// board beyond the walls reaches out of it (an area the whole board would make it one
    /// region enclosed by the edges, too large to read).
    fn in_box(p: Point) -> bool {
        p.y < 7
    }

    fn lives(board: &Board) -> bool {
        alive_by_reading(
            board,
            Color::Black,
            &[Point::new(1, 1)],
            in_box,
            &mut Memo::default(),
        )
    }

    #[test]
    fn eye_spaces_that_live_by_answering_are_read_alive_where_benson_cannot_see_them() {
        // The T-shaped five: wherever White plays, Black answers and has two eyes. The
        // rectangular six (away from the corner): two answers.
        for space in [["...X", "X.XX", "X.XX"], ["...X", "...X", "XXXX"]] {
            let board = walled(space);
            assert!(!unconditionally_alive(
                &board,
                Color::Black,
                &[Point::new(1, 1)]
            ));
            assert!(lives(&board), "{}", board.to_rows());
        }
    }

    #[test]
    fn the_killable_shapes_are_not_read_as_life() {
        // A straight three, a bulky five and the pyramid four: the attacker takes the vital
        // point and the group has one eye.
        for space in [
            ["...X", "XXXX", "XXXX"],
            ["..XX", "...X", "XXXX"],
            ["...X", "X.XX", "XXXX"],
        ] {
            let board = walled(space);
            assert!(!lives(&board), "{}", board.to_rows());
        }
        // The rectangular six in the corner without an outside liberty: White's placement at
        // the 2-1 point makes a ko at best, and a ko is never life.
        let corner = Board::from_rows(
            "...XO....
             ...XO....
             XXXXO....
             OOOOO....
             .........
             .........
             .........
             .........
             .........",
        )
        .unwrap();
        assert!(!alive_by_reading(
            &corner,
            Color::Black,
            &[Point::new(3, 0)],
            in_box,
            &mut Memo::default(),
        ));
    }
}
