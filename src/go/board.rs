//! The fast board: stones, chains, liberties, captures and the position hash.
//!
//! It knows how a stone changes the position (captures first, then own chain without liberties)
//! but not whose turn it is or which positions came before: that is [`crate::go::Game`]'s job.
//!
//! Representation (chosen for speed, see issue "fastest board we know of"):
//! - a padded one-dimensional grid with a border ring, so neighbours need no bounds checks;
//! - chains as circular linked lists of stones with one head per chain;
//! - per chain the pseudo-liberty count plus the sum and sum of squares of the liberty indices:
//!   a chain is in atari exactly when `count * sum_sq == sum * sum` (all liberties equal);
//! - an incremental Zobrist hash and a list of empty points; no allocation per move.

use std::sync::OnceLock;

use super::types::{Color, MAX_SIZE, MIN_SIZE, Point};
use super::zobrist::KEYS;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Cell {
    Black = 0,
    White = 1,
    Empty = 2,
    Border = 3,
}

impl Cell {
    fn of(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

/// Liberty bookkeeping of one chain, stored at the chain's head.
#[derive(Clone, Copy, Debug, Default)]
struct ChainStats {
    /// Pseudo-liberties: (stone, adjacent empty point) pairs, so a shared liberty counts twice.
    libs: u16,
    stones: u16,
    lib_sum: u32,
    lib_sum_sq: u64,
}

impl ChainStats {
    #[inline]
    fn add_lib(&mut self, p: usize) {
        self.libs += 1;
        self.lib_sum += p as u32;
        self.lib_sum_sq += (p * p) as u64;
    }

    #[inline]
    fn remove_lib(&mut self, p: usize) {
        self.libs -= 1;
        self.lib_sum -= p as u32;
        self.lib_sum_sq -= (p * p) as u64;
    }

    /// Exactly one distinct liberty.
    #[inline]
    fn in_atari(&self) -> bool {
        self.libs > 0
            && u64::from(self.libs) * self.lib_sum_sq
                == u64::from(self.lib_sum) * u64::from(self.lib_sum)
    }
}

/// What a move removed from the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Captures {
    /// Opponent stones captured by the move.
    pub opponent: u32,
    /// Own stones removed (only when suicide is allowed).
    pub own: u32,
}

/// The stones of a position by colour (`Board::stones`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardStones {
    pub black: Vec<Point>,
    pub white: Vec<Point>,
}

/// `RECIPROCAL[stride]` = ⌈65536 / stride⌉: for every cell index `i` of a board (below
/// 27², strides up to 27), `(i * RECIPROCAL[stride]) >> 16 == i / stride`, as the error
/// `i / 65536 < 0.012` never carries past the next integer (the fraction of `i / stride` is
/// at most `1 - 1/27`). Checked over every index by a test.
const RECIPROCAL: [u32; 28] = {
    let mut t = [0u32; 28];
    let mut s = 1;
    while s < 28 {
        t[s] = 65536u32.div_ceil(s as u32);
        s += 1;
    }
    t
};

/// A position on a square board of size 2–25.
#[derive(Debug)]
pub struct Board {
    size: u8,
    stride: usize,
    cells: Vec<Cell>,
    /// Next stone of the same chain (circular).
    next: Vec<u16>,
    /// Head of the chain a stone belongs to.
    head: Vec<u16>,
    chains: Vec<ChainStats>,
    empties: Vec<u16>,
    empty_pos: Vec<u16>,
    hash: u64,
    stones: [u32; 2],
    /// The point where the last move captured a single stone in a ko shape (simple-ko rule).
    ko_point: Option<u16>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut b = Board {
            size: self.size,
            stride: self.stride,
            cells: Vec::new(),
            next: Vec::new(),
            head: Vec::new(),
            chains: Vec::new(),
            empties: Vec::new(),
            empty_pos: Vec::new(),
            hash: 0,
            stones: [0; 2],
            ko_point: None,
        };
        b.clone_from(self);
        b
    }

    /// Reuses this board's buffers: resetting a playout board allocates nothing.
    fn clone_from(&mut self, src: &Board) {
        self.size = src.size;
        self.stride = src.stride;
        self.cells.clone_from(&src.cells);
        self.next.clone_from(&src.next);
        self.head.clone_from(&src.head);
        self.chains.clone_from(&src.chains);
        self.empties.clone_from(&src.empties);
        self.empty_pos.clone_from(&src.empty_pos);
        self.hash = src.hash;
        self.stones = src.stones;
        self.ko_point = src.ko_point;
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they hold the same stones (chain layout is an implementation detail).
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }
}
impl Eq for Board {}

impl Board {
    /// An empty board; `None` when the size is outside 2–25.
    pub fn new(size: u8) -> Option<Board> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        // Built once per size, then copied: an answer replays its problem from a new board, and
        // a copy is a few memcpy where building walks every point.
        static EMPTY: [OnceLock<Board>; MAX_SIZE as usize + 1] =
            [const { OnceLock::new() }; MAX_SIZE as usize + 1];
        Some(
            EMPTY[size as usize]
                .get_or_init(|| Board::build_empty(size))
                .clone(),
        )
    }

    /// An empty board of a size already checked.
    fn build_empty(size: u8) -> Board {
        let stride = size as usize + 2;
        let n = stride * stride;
        let mut board = Board {
            size,
            stride,
            cells: vec![Cell::Border; n],
            next: vec![0; n],
            head: vec![0; n],
            chains: vec![ChainStats::default(); n],
            empties: Vec::with_capacity(size as usize * size as usize),
            empty_pos: vec![u16::MAX; n],
            hash: 0,
            stones: [0; 2],
            ko_point: None,
        };
        for y in 0..size {
            for x in 0..size {
                let i = board.index(Point::new(x, y));
                board.cells[i] = Cell::Empty;
                board.push_empty(i);
            }
        }
        board
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// The Zobrist hash of the stones (not of the side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones of a colour on the board.
    pub fn stone_count(&self, color: Color) -> u32 {
        self.stones[color.index()]
    }

    /// The simple-ko point left by the last move, if it captured one stone in a ko shape.
    pub fn ko_point(&self) -> Option<Point> {
        self.ko_point.map(|i| self.point(i as usize))
    }

    pub(crate) fn ko_index(&self) -> Option<usize> {
        self.ko_point.map(usize::from)
    }

    pub(crate) fn clear_ko(&mut self) {
        self.ko_point = None;
    }

    #[inline]
    pub(crate) fn index(&self, p: Point) -> usize {
        (p.y as usize + 1) * self.stride + p.x as usize + 1
    }

    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        // `i / stride` by a reciprocal: the solver turns cells into points in its inner loops,
        // where a division was its largest single cost.
        let row = (i * RECIPROCAL[self.stride] as usize) >> 16;
        let col = i - row * self.stride;
        Point::new((col - 1) as u8, (row - 1) as u8)
    }

    /// The number of cells of the padded grid (the points and the border ring around them):
    /// cell indices run below it.
    pub(crate) fn cell_count(&self) -> usize {
        self.stride * self.stride
    }

    /// Whether cell `i` is an empty point (a border cell is not).
    #[inline]
    pub(crate) fn is_empty_cell(&self, i: usize) -> bool {
        self.cells[i] == Cell::Empty
    }

    /// The four cells beside point cell `i` (border cells included), in the order of
    /// [`Board::adjacent`]: above, left, right, below.
    #[inline]
    pub(crate) fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The stone on a point; `None` for an empty point or a point off the board.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        if !p.in_board(self.size) {
            return None;
        }
        self.color_at(self.index(p))
    }

    /// [`Board::in_atari`] for the stone on cell `i` (`false` off a stone).
    #[inline]
    pub(crate) fn cell_in_atari(&self, i: usize) -> bool {
        self.color_at(i).is_some() && self.chains[self.head[i] as usize].in_atari()
    }

    /// The stone on cell `i` of the padded grid (`None` for an empty point or a border cell):
    /// [`Board::get`] for loops that walk cells.
    #[inline]
    pub(crate) fn color_at(&self, i: usize) -> Option<Color> {
        match self.cells[i] {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }

    /// The stones of each colour, row by row from the top-left, read straight off the cells (an
    /// answer sends two positions this way).
    pub fn stones(&self) -> BoardStones {
        let mut out = BoardStones {
            black: Vec::with_capacity(self.stone_count(Color::Black) as usize),
            white: Vec::with_capacity(self.stone_count(Color::White) as usize),
        };
        for y in 0..self.size {
            let row = (y as usize + 1) * self.stride + 1;
            for (x, cell) in self.cells[row..row + self.size as usize].iter().enumerate() {
                match cell {
                    Cell::Black => out.black.push(Point::new(x as u8, y)),
                    Cell::White => out.white.push(Point::new(x as u8, y)),
                    _ => {}
                }
            }
        }
        out
    }

    /// Every point of the board, row by row from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| Point::new(x, y)))
    }

    /// The on-board orthogonal neighbours of a point.
    #[inline]
    pub fn adjacent(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let i = self.index(p);
        let (x, y) = (p.x, p.y);
        // Off-board neighbours are border cells, so their wrapped coordinates are never used.
        [
            (i - self.stride, x, y.wrapping_sub(1)),
            (i - 1, x.wrapping_sub(1), y),
            (i + 1, x + 1, y),
            (i + self.stride, x, y + 1),
        ]
        .into_iter()
        .filter(|&(n, _, _)| self.cells[n] != Cell::Border)
        .map(|(_, x, y)| Point::new(x, y))
    }

    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties.iter().map(|&i| self.point(i as usize))
    }

    pub(crate) fn empty_count(&self) -> usize {
        self.empties.len()
    }

    pub(crate) fn empty_at(&self, k: usize) -> usize {
        self.empties[k] as usize
    }

    /// Puts the empty point at position `a` of the empty list at position `b` and vice versa
    /// (lets a playout reject candidates without copying the list).
    pub(crate) fn swap_empties(&mut self, a: usize, b: usize) {
        self.empties.swap(a, b);
        self.empty_pos[self.empties[a] as usize] = a as u16;
        self.empty_pos[self.empties[b] as usize] = b as u16;
    }

    /// The stones of the chain through `p` (empty when `p` is empty).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        self.chain_stones(p).collect()
    }

    /// The stones of the chain through `p` one by one, without a list (none when `p` is empty).
    pub fn chain_stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let i = self.index(p);
        let start = self.color_at(i).map(|_| i);
        start
            .into_iter()
            .flat_map(move |i| self.chain_cells(i))
            .map(move |s| self.point(s))
    }

    /// The cells of the chain whose stone is at cell `i`, following its circular list once.
    pub(crate) fn chain_cells(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let mut at = Some(i);
        std::iter::from_fn(move || {
            let s = at?;
            let next = self.next[s] as usize;
            at = (next != i).then_some(next);
            Some(s)
        })
    }

    /// The number of stones of the chain through `p` (0 when `p` is empty), without listing them.
    pub fn chain_len(&self, p: Point) -> usize {
        let i = self.index(p);
        match self.color_at(i) {
            Some(_) => usize::from(self.chains[self.head[i] as usize].stones),
            None => 0,
        }
    }

    /// The distinct liberties of the chain through `p` (empty when `p` is empty).
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let i = self.index(p);
        let mut libs: Vec<Point> = Vec::new();
        if self.color_at(i).is_none() {
            return libs;
        }
        for s in self.chain_cells(i) {
            for n in self.neighbours(s) {
                if self.cells[n] == Cell::Empty {
                    let q = self.point(n);
                    if !libs.contains(&q) {
                        libs.push(q);
                    }
                }
            }
        }
        libs
    }

    /// Number of distinct liberties of the chain through `p`, cheaply when it is 0 or 1.
    pub fn liberty_count(&self, p: Point) -> usize {
        self.liberties_up_to(p, usize::MAX)
    }

    /// The number of distinct liberties of the chain through `p`, counted no further than
    /// `cap` (a search that asks "at most three?" stops at the fourth). No allocation: the
    /// liberties seen are kept on the stack, and a chain with more than fit there is counted
    /// by its list.
    pub fn liberties_up_to(&self, p: Point, cap: usize) -> usize {
        let i = self.index(p);
        if self.color_at(i).is_none() {
            return 0;
        }
        let st = &self.chains[self.head[i] as usize];
        match st.libs {
            0 => return 0,
            _ if st.in_atari() => return 1,
            _ => {}
        }
        const SEEN: usize = 64;
        let mut seen = [0u16; SEEN];
        let mut n_seen = 0;
        for s in self.chain_cells(i) {
            for n in self.neighbours(s) {
                if self.cells[n] == Cell::Empty && !seen[..n_seen].contains(&(n as u16)) {
                    if n_seen == SEEN {
                        return self.liberties(p).len().min(cap);
                    }
                    seen[n_seen] = n as u16;
                    n_seen += 1;
                    if n_seen >= cap {
                        return cap;
                    }
                }
            }
        }
        n_seen
    }

    /// An identity of the chain through `p`, equal for every stone of it while the board does
    /// not change (`None` on an empty point): lets a caller visit each chain once.
    pub fn chain_id(&self, p: Point) -> Option<u16> {
        let i = self.index(p);
        self.color_at(i).map(|_| self.head[i])
    }

    /// Whether the chain through `p` has exactly one liberty.
    pub fn in_atari(&self, p: Point) -> bool {
        self.cell_in_atari(self.index(p))
    }

    #[inline]
    fn push_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.empties.len() as u16;
        self.empties.push(i as u16);
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let k = self.empty_pos[i] as usize;
        let last = self.empties.pop().expect("an empty point to remove");
        if last as usize != i {
            self.empties[k] = last;
            self.empty_pos[last as usize] = k as u16;
        }
        self.empty_pos[i] = u16::MAX;
    }

    /// Places or removes a stone without any rule (setup stones: SGF `AB`/`AW`/`AE`, handicap).
    /// Chains left without liberties by a setup are kept, as SGF setups require.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let i = self.index(p);
        if self.color_at(i) == stone {
            return;
        }
        if self.color_at(i).is_some() {
            self.remove_stone_rebuild(i);
        }
        if let Some(color) = stone {
            self.place_stone(i, color);
        }
        self.ko_point = None;
    }

    /// Removes one stone and rebuilds the chains it split (setup edits only, not the hot path).
    fn remove_stone_rebuild(&mut self, i: usize) {
        let color = self.color_at(i).expect("a stone to remove");
        let members = self.chain(self.point(i));
        // Take the whole chain off, then put back every stone but `i`.
        for &m in &members {
            self.lift(self.index(m));
        }
        for &m in &members {
            let mi = self.index(m);
            if mi != i {
                self.place_stone(mi, color);
            }
        }
    }

    /// Takes one stone off the board, giving its point back as a liberty to neighbouring chains.
    /// The caller guarantees that its own chain is being dismantled as a whole.
    fn lift(&mut self, i: usize) {
        let color = self.color_at(i).expect("a stone to lift");
        self.cells[i] = Cell::Empty;
        self.hash ^= KEYS[color.index()][i];
        self.stones[color.index()] -= 1;
        self.push_empty(i);
        for n in self.neighbours(i) {
            if matches!(self.cells[n], Cell::Black | Cell::White) {
                let h = self.head[n] as usize;
                self.chains[h].add_lib(i);
            }
        }
    }

    /// Puts a stone on empty cell `i` as a chain of its own: its liberties counted, and the
    /// point taken from its neighbours' liberties. Merging and captures are the callers' part.
    #[inline]
    fn put(&mut self, i: usize, color: Color) {
        self.cells[i] = Cell::of(color);
        self.hash ^= KEYS[color.index()][i];
        self.stones[color.index()] += 1;
        self.remove_empty(i);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        let mut st = ChainStats {
            stones: 1,
            ..ChainStats::default()
        };
        for n in self.neighbours(i) {
            match self.cells[n] {
                Cell::Empty => st.add_lib(n),
                Cell::Border => {}
                _ => {
                    let h = self.head[n] as usize;
                    self.chains[h].remove_lib(i);
                }
            }
        }
        self.chains[i] = st;
    }

    /// Puts a stone down, merging with friendly neighbours; captures nothing (setup stones).
    fn place_stone(&mut self, i: usize, color: Color) {
        self.put(i, color);
        let me = Cell::of(color);
        for n in self.neighbours(i) {
            if self.cells[n] == me {
                let (a, b) = (self.head[n] as usize, self.head[i] as usize);
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Joins the chains with heads `a` and `b`; the larger one's head survives.
    fn merge(&mut self, a: usize, b: usize) {
        let (keep, gone) = if self.chains[a].stones >= self.chains[b].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.head[s] = keep as u16;
            s = self.next[s] as usize;
            if s == gone {
                break;
            }
        }
        self.next.swap(keep, gone);
        let g = self.chains[gone];
        let k = &mut self.chains[keep];
        k.libs += g.libs;
        k.stones += g.stones;
        k.lib_sum += g.lib_sum;
        k.lib_sum_sq += g.lib_sum_sq;
    }

    /// Removes the whole chain with head `h`; returns how many stones it had.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let color = self.color_at(h).expect("a chain to remove");
        let ci = color.index();
        let mut count = 0;
        let mut s = h;
        loop {
            self.cells[s] = Cell::Empty;
            self.hash ^= KEYS[ci][s];
            self.push_empty(s);
            count += 1;
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        self.stones[ci] -= count;
        // Second pass: the freed points become liberties of the chains around them.
        loop {
            for n in self.neighbours(s) {
                if matches!(self.cells[n], Cell::Black | Cell::White) {
                    let nh = self.head[n] as usize;
                    self.chains[nh].add_lib(s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }

    /// Checks a move by `color` at empty cell `i` without playing it.
    /// Returns `(is_suicide, hash_after)`; `hash_after` accounts for captures (and for the removal of
    /// the own chain when `suicide_allowed`).
    #[inline]
    pub(crate) fn probe(&self, i: usize, color: Color, suicide_allowed: bool) -> (bool, u64) {
        let me = Cell::of(color);
        let mut hash = self.hash ^ KEYS[color.index()][i];
        let mut has_liberty = false;
        let mut captured = [usize::MAX; 4];
        for (k, n) in self.neighbours(i).into_iter().enumerate() {
            match self.cells[n] {
                Cell::Empty => has_liberty = true,
                Cell::Border => {}
                c => {
                    let h = self.head[n] as usize;
                    let in_atari = self.chains[h].in_atari();
                    if c == me {
                        has_liberty |= !in_atari;
                    } else if in_atari && !captured[..k].contains(&h) {
                        captured[k] = h;
                        has_liberty = true;
                        hash ^= self.chain_hash(h, color.opponent());
                    }
                }
            }
        }
        if has_liberty {
            return (false, hash);
        }
        if suicide_allowed {
            // The new stone and its friendly neighbours all leave the board.
            let mut seen = [usize::MAX; 4];
            hash ^= KEYS[color.index()][i];
            for (k, n) in self.neighbours(i).into_iter().enumerate() {
                if self.cells[n] == me {
                    let h = self.head[n] as usize;
                    if !seen[..k].contains(&h) {
                        seen[k] = h;
                        hash ^= self.chain_hash(h, color);
                    }
                }
            }
        }
        (true, hash)
    }

    /// The simple-ko point a stone of `color` at empty `p` would leave, read without playing:
    /// it takes exactly one stone and stands alone with that one liberty (the rule of
    /// [`Board::play_at`]). The solver asks this of every move it lists.
    pub fn ko_after(&self, p: Point, color: Color) -> Option<Point> {
        let me = Cell::of(color);
        let (mut taken, mut count) = (0, 0);
        for n in self.neighbours(self.index(p)) {
            match self.cells[n] {
                Cell::Empty => return None,
                Cell::Border => {}
                c if c == me => return None,
                _ => {
                    let st = &self.chains[self.head[n] as usize];
                    if st.in_atari() {
                        count += usize::from(st.stones);
                        taken = n;
                    }
                }
            }
        }
        (count == 1).then(|| self.point(taken))
    }

    fn chain_hash(&self, h: usize, color: Color) -> u64 {
        let keys = &KEYS[color.index()];
        let mut hash = 0;
        let mut s = h;
        loop {
            hash ^= keys[s];
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        hash
    }

    /// Plays `color` at empty cell `i` (already checked): places the stone, removes opponent chains
    /// without liberties, then the own chain if it has none (only reachable when suicide is allowed).
    #[inline]
    pub(crate) fn play_at(&mut self, i: usize, color: Color) -> Captures {
        let me = Cell::of(color);
        let opp = Cell::of(color.opponent());
        self.put(i, color);
        let nbrs = self.neighbours(i);
        // Second pass: join friends, take opponents left without liberties.
        let mut caps = Captures::default();
        let mut single_capture_at = usize::MAX;
        for n in nbrs {
            let c = self.cells[n];
            if c == me {
                let (a, b) = (self.head[n] as usize, self.head[i] as usize);
                if a != b {
                    self.merge(a, b);
                }
            } else if c == opp {
                let h = self.head[n] as usize;
                if self.chains[h].libs == 0 {
                    let taken = self.remove_chain(h);
                    if taken == 1 {
                        single_capture_at = h;
                    }
                    caps.opponent += taken;
                }
            }
        }
        let h = self.head[i] as usize;
        self.ko_point = None;
        if self.chains[h].libs == 0 {
            caps.own = self.remove_chain(h);
        } else if caps.opponent == 1 && self.chains[h].stones == 1 && self.chains[h].in_atari() {
            self.ko_point = Some(single_capture_at as u16);
        }
        caps
    }

    /// Whether an empty point is a one-point eye of `color`: all neighbours are its stones (or the
    /// edge) and the diagonals hold at most one opponent stone (none on the edge).
    #[inline]
    pub(crate) fn is_eye_at(&self, i: usize, color: Color) -> bool {
        let me = Cell::of(color);
        for n in self.neighbours(i) {
            let c = self.cells[n];
            if c != me && c != Cell::Border {
                return false;
            }
        }
        let s = self.stride;
        let mut bad = 0;
        let mut edge = false;
        for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            match self.cells[d] {
                Cell::Border => edge = true,
                c if c != me && c != Cell::Empty => bad += 1,
                _ => {}
            }
        }
        if edge { bad == 0 } else { bad <= 1 }
    }

    /// Whether `p` is a one-point eye of `color` (see [`Board::is_eye_at`] for the definition).
    pub fn is_eye(&self, p: Point, color: Color) -> bool {
        p.in_board(self.size) && self.get(p).is_none() && self.is_eye_at(self.index(p), color)
    }

    /// The board as rows of `.`, `X` (black) and `O` (white), row-major from the top-left.
    pub fn to_rows(&self) -> String {
        let mut s = String::with_capacity(self.size as usize * self.size as usize);
        for p in self.points() {
            s.push(match self.get(p) {
                None => '.',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
            });
        }
        s
    }

    /// Builds a board from rows of `.`/`X`/`O` (whitespace ignored), as printed by [`Board::to_rows`].
    /// Returns `None` when the count of points is not a square of a supported size or a
    /// character is unknown.
    pub fn from_rows(rows: &str) -> Option<Board> {
        let chars: Vec<char> = rows.chars().filter(|c| !c.is_whitespace()).collect();
        let size = (chars.len() as f64).sqrt() as usize;
        if size * size != chars.len() || size > MAX_SIZE as usize {
            return None;
        }
        let mut board = Board::new(size as u8)?;
        for (k, ch) in chars.into_iter().enumerate() {
            let p = Point::new((k % size) as u8, (k / size) as u8);
            match ch {
                '.' | '+' => {}
                'X' | 'x' | '#' | 'B' => board.set(p, Some(Color::Black)),
                'O' | 'o' | 'W' => board.set(p, Some(Color::White)),
                _ => return None,
            }
        }
        Some(board)
    }

    /// Checks internal invariants (chains, liberty sums, empty list, hash). For tests.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut hash = 0;
        let mut empties = 0;
        for p in self.points() {
            let i = self.index(p);
            match self.color_at(i) {
                None => {
                    empties += 1;
                    let k = self.empty_pos[i] as usize;
                    if self.empties.get(k) != Some(&(i as u16)) {
                        return Err(format!("{p} missing from the empty list"));
                    }
                }
                Some(c) => {
                    hash ^= KEYS[c.index()][i];
                    let h = self.head[i] as usize;
                    let chain = self.chain(p);
                    let mut st = ChainStats::default();
                    for &s in &chain {
                        let si = self.index(s);
                        if self.head[si] as usize != h || self.color_at(si) != Some(c) {
                            return Err(format!("chain of {p} is inconsistent at {s}"));
                        }
                        for n in self.neighbours(si) {
                            if self.cells[n] == Cell::Empty {
                                st.add_lib(n);
                            }
                        }
                    }
                    let real = &self.chains[h];
                    if (
                        real.libs,
                        real.lib_sum,
                        real.lib_sum_sq,
                        real.stones as usize,
                    ) != (st.libs, st.lib_sum, st.lib_sum_sq, chain.len())
                    {
                        return Err(format!("stats of chain at {p}: {real:?} vs {st:?}"));
                    }
                }
            }
        }
        if empties != self.empties.len() {
            return Err("empty list length".into());
        }
        if hash != self.hash {
            return Err("hash drifted".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        Point::from_sgf(s).unwrap()
    }

    #[test]
    fn cells_map_back_to_their_points_and_neighbours_on_every_size() {
        for size in 2..=25u8 {
            let b = Board::new(size).unwrap();
            for i in 0..b.stride * b.stride {
                assert_eq!(
                    (i * RECIPROCAL[b.stride] as usize) >> 16,
                    i / b.stride,
                    "{i}"
                );
            }
            for p in b.points() {
                assert_eq!(b.point(b.index(p)), p);
                let plain: Vec<Point> = b
                    .neighbours(b.index(p))
                    .into_iter()
                    .filter(|&n| b.cells[n] != Cell::Border)
                    .map(|n| Point::new((n % b.stride - 1) as u8, (n / b.stride - 1) as u8))
                    .collect();
                assert_eq!(b.adjacent(p).collect::<Vec<_>>(), plain, "{size} {p:?}");
            }
        }
    }

    #[test]
    fn sizes_outside_two_to_twenty_five_are_refused() {
        assert!(Board::new(1).is_none());
        assert!(Board::new(26).is_none());
        assert_eq!(Board::new(2).unwrap().empty_count(), 4);
        assert_eq!(Board::new(25).unwrap().empty_count(), 625);
    }

    #[test]
    fn atari_detection_is_exact_with_shared_liberties() {
        // A bent chain whose two stones share one liberty counts it twice but is still in atari.
        let b = Board::from_rows(
            ".XO..
             XO...
             .....
             .....
             .....",
        )
        .unwrap();
        assert!(b.in_atari(pt("ba")));
        assert_eq!(b.liberty_count(pt("ba")), 1);
        assert_eq!(b.liberties(pt("bb")), vec![pt("cb"), pt("bc")]);
        b.check_invariants().unwrap();
    }

    #[test]
    fn counting_liberties_up_to_a_cap_agrees_with_the_list() {
        // A cross of 37 stones has 68 liberties: more than the count keeps on the stack.
        let mut b = Board::new(19).unwrap();
        for k in 0..19 {
            b.set(Point::new(k, 9), Some(Color::Black));
            b.set(Point::new(9, k), Some(Color::Black));
        }
        let centre = Point::new(9, 9);
        assert_eq!(b.liberties(centre).len(), 68);
        assert_eq!(b.liberty_count(centre), 68);
        assert_eq!(b.liberties_up_to(centre, 3), 3);
        assert_eq!(b.liberties_up_to(centre, 100), 68);
        let small = Board::from_rows(
            ".XO..
             XO...
             .....
             .....
             .....",
        )
        .unwrap();
        assert_eq!(small.liberties_up_to(pt("bb"), 5), 2);
        assert_eq!(small.liberties_up_to(pt("ca"), 1), 1);
        assert_eq!(small.liberties_up_to(pt("dd"), 5), 0);
        // One identity per chain, none on an empty point.
        assert_eq!(small.chain_id(pt("ba")), small.chain_id(pt("ba")));
        assert_ne!(small.chain_id(pt("ba")), small.chain_id(pt("ab")));
        assert_eq!(b.chain_id(Point::new(0, 9)), b.chain_id(Point::new(9, 0)));
        assert_eq!(small.chain_id(pt("dd")), None);
    }

    #[test]
    fn the_ko_point_read_before_a_move_is_the_one_the_move_leaves() {
        // Kos (X at cb takes O bb), takes that leave the taker more than one liberty, moves
        // beside stones in atari: every legal move of both colours, against playing it.
        let b = Board::from_rows(
            ".XO.X..
             XO.O...
             .XO.XO.
             ...XO..
             .....OX
             ....OX.
             .....O.",
        )
        .unwrap();
        let mut kos = 0;
        for p in b.points().filter(|&p| b.get(p).is_none()) {
            for c in [Color::Black, Color::White] {
                if b.probe(b.index(p), c, false).0 {
                    continue;
                }
                let mut after = b.clone();
                after.play_at(after.index(p), c);
                assert_eq!(
                    b.ko_after(p, c),
                    after.ko_point(),
                    "{c:?} at {}",
                    p.to_sgf()
                );
                kos += usize::from(after.ko_point().is_some());
            }
        }
        assert!(kos >= 2, "the shapes hold kos ({kos})");
    }

    #[test]
    fn setup_can_split_a_chain_and_the_pieces_are_rebuilt() {
        let mut b = Board::from_rows(
            "XXX
             ...
             ...",
        )
        .unwrap();
        b.set(pt("ba"), None);
        assert_eq!(b.chain(pt("aa")), vec![pt("aa")]);
        assert_eq!(b.liberty_count(pt("ca")), 2);
        b.check_invariants().unwrap();
    }
}
