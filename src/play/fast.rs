//! The search's own board: fixed arrays (no allocation per move or per playout), chains as
//! circular lists with pseudo-liberty counts, and the atari test by liberty sums (a chain is in
//! atari exactly when `count * sum_sq == sum²`, and then its liberty is `sum / count`).
//!
//! It knows simple ko and no suicide but not superko: the search checks superko only at its
//! root, on the rules core's [`crate::go::Game`]. Boards up to 13×13.

use crate::go::{Board, Color, Point};

/// Largest side the search plays on.
pub const MAX_SIDE: usize = 13;
/// Cells of the padded grid (a border ring around the largest board).
pub const CELLS: usize = (MAX_SIDE + 2) * (MAX_SIDE + 2);

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
pub const BORDER: u8 = 3;

/// The cell value of a colour's stone.
#[inline]
pub fn stone(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The other player's stone value (`BLACK` ↔ `WHITE`).
#[inline]
pub fn other(c: u8) -> u8 {
    3 - c
}

#[derive(Clone)]
pub struct Fast {
    size: usize,
    stride: usize,
    cell: [u8; CELLS],
    /// Head of the chain of each stone.
    head: [u16; CELLS],
    /// Next stone of the same chain (circular).
    next: [u16; CELLS],
    /// Per chain head: pseudo-liberties, their index sum and sum of squares, stone count.
    libs: [u16; CELLS],
    lib_sum: [u32; CELLS],
    lib_sq: [u32; CELLS],
    stones: [u16; CELLS],
    empties: [u16; CELLS],
    empty_pos: [u16; CELLS],
    empty_count: usize,
    /// The simple-ko point (0 when none).
    ko: usize,
    /// Stones captured by Black and by White.
    pub caps: [u32; 2],
    /// The last move's cell (0 after a pass or at the start).
    pub last: usize,
}

impl Fast {
    /// The board of the rules core's position; `None` for boards over 13×13.
    pub fn from_board(board: &Board) -> Option<Fast> {
        let size = usize::from(board.size());
        if size > MAX_SIDE {
            return None;
        }
        let stride = size + 2;
        let mut f = Fast {
            size,
            stride,
            cell: [BORDER; CELLS],
            head: [0; CELLS],
            next: [0; CELLS],
            libs: [0; CELLS],
            lib_sum: [0; CELLS],
            lib_sq: [0; CELLS],
            stones: [0; CELLS],
            empties: [0; CELLS],
            empty_pos: [0; CELLS],
            empty_count: 0,
            ko: 0,
            caps: [0; 2],
            last: 0,
        };
        for y in 0..size {
            for x in 0..size {
                let i = f.index(Point::new(x as u8, y as u8));
                f.cell[i] = EMPTY;
                f.empty_pos[i] = f.empty_count as u16;
                f.empties[f.empty_count] = i as u16;
                f.empty_count += 1;
            }
        }
        for p in board.points() {
            if let Some(c) = board.get(p) {
                // Setup stones never capture on a legal position.
                f.place(f.index(p), stone(c));
            }
        }
        f.ko = board.ko_point().map_or(0, |p| f.index(p));
        Some(f)
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    #[inline]
    pub fn index(&self, p: Point) -> usize {
        (usize::from(p.y) + 1) * self.stride + usize::from(p.x) + 1
    }

    #[inline]
    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    /// The cell value (`EMPTY`, `BLACK`, `WHITE`, `BORDER`).
    #[inline]
    pub fn at(&self, i: usize) -> u8 {
        self.cell[i]
    }

    #[inline]
    pub fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline]
    pub fn diagonals(&self, i: usize) -> [usize; 4] {
        let s = self.stride;
        [i - s - 1, i - s + 1, i + s - 1, i + s + 1]
    }

    #[cfg(test)]
    pub fn ko(&self) -> usize {
        self.ko
    }

    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    #[inline]
    pub fn empty_at(&self, k: usize) -> usize {
        usize::from(self.empties[k])
    }

    /// Swaps two entries of the empty-point list (random move choice without a copy).
    #[inline]
    pub fn swap_empties(&mut self, a: usize, b: usize) {
        self.empties.swap(a, b);
        self.empty_pos[usize::from(self.empties[a])] = a as u16;
        self.empty_pos[usize::from(self.empties[b])] = b as u16;
    }

    /// The stone count of the chain through stone `i`.
    #[cfg(test)]
    pub fn chain_stones(&self, i: usize) -> usize {
        usize::from(self.stones[usize::from(self.head[i])])
    }

    /// Whether the chain through stone `i` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, i: usize) -> bool {
        let h = usize::from(self.head[i]);
        let n = u64::from(self.libs[h]);
        n > 0 && n * u64::from(self.lib_sq[h]) == u64::from(self.lib_sum[h]).pow(2)
    }

    /// The liberty of a chain in atari.
    #[inline]
    pub fn atari_liberty(&self, i: usize) -> usize {
        let h = usize::from(self.head[i]);
        (self.lib_sum[h] / u32::from(self.libs[h])) as usize
    }

    /// Up to `N` distinct liberties of the chain through stone `i`; returns how many were found.
    pub fn liberties<const N: usize>(&self, i: usize, out: &mut [usize; N]) -> usize {
        let mut n = 0;
        let mut s = i;
        loop {
            for l in self.neighbours(s) {
                if self.cell[l] == EMPTY && !out[..n].contains(&l) {
                    out[n] = l;
                    n += 1;
                    if n == N {
                        return n;
                    }
                }
            }
            s = usize::from(self.next[s]);
            if s == i {
                return n;
            }
        }
    }

    /// The stones of the chain through `i`, in list order.
    pub fn chain(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let mut s = i;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let here = s;
            s = usize::from(self.next[s]);
            done = s == i;
            Some(here)
        })
    }

    /// Whether `c` may play at empty-or-not cell `i` (simple ko, no suicide).
    #[inline]
    pub fn legal(&self, i: usize, c: u8) -> bool {
        if self.cell[i] != EMPTY || i == self.ko {
            return false;
        }
        for n in self.neighbours(i) {
            match self.cell[n] {
                EMPTY => return true,
                BORDER => {}
                x if x == c => {
                    if !self.in_atari(n) {
                        return true;
                    }
                }
                _ => {
                    if self.in_atari(n) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// A one-point eye of `c` at empty `i`: all neighbours `c` (or the edge) and the diagonals
    /// not held by the opponent (one allowed away from the edge).
    #[inline]
    pub fn is_eye(&self, i: usize, c: u8) -> bool {
        let mut edge = false;
        for n in self.neighbours(i) {
            match self.cell[n] {
                BORDER => edge = true,
                x if x == c => {}
                _ => return false,
            }
        }
        let bad = self
            .diagonals(i)
            .into_iter()
            .filter(|&d| self.cell[d] == other(c))
            .count();
        if edge { bad == 0 } else { bad < 2 }
    }

    /// Whether `c` at `i` would leave its own chain with one liberty and capture nothing;
    /// returns the stone count of that chain (0 when not a self-atari).
    pub fn self_atari(&self, i: usize, c: u8) -> usize {
        let mut libs = [0usize; 2];
        let mut n_libs = 0;
        let add = |l: usize, libs: &mut [usize; 2], n: &mut usize| {
            if l != i && *n < 2 && !libs[..*n].contains(&l) {
                libs[*n] = l;
                *n += 1;
            }
        };
        let mut stones = 1;
        let mut seen = [0usize; 4];
        let mut k = 0;
        for n in self.neighbours(i) {
            match self.cell[n] {
                EMPTY => add(n, &mut libs, &mut n_libs),
                BORDER => {}
                x if x == c => {
                    let h = usize::from(self.head[n]);
                    if seen[..k].contains(&h) {
                        continue;
                    }
                    seen[k] = h;
                    k += 1;
                    stones += usize::from(self.stones[h]);
                    let mut l3 = [0usize; 3];
                    let m = self.liberties(n, &mut l3);
                    for &l in &l3[..m] {
                        add(l, &mut libs, &mut n_libs);
                    }
                }
                _ => {
                    if self.in_atari(n) {
                        return 0;
                    }
                }
            }
            if n_libs >= 2 {
                return 0;
            }
        }
        stones
    }

    /// Plays a legal move (see [`Fast::legal`]); returns the stones it captured.
    pub fn play(&mut self, i: usize, c: u8) -> u32 {
        self.place(i, c);
        let mut taken = 0;
        let mut single = 0;
        for n in self.neighbours(i) {
            if self.cell[n] == other(c) && self.libs[usize::from(self.head[n])] == 0 {
                let k = self.remove_chain(n);
                if k == 1 {
                    single = n;
                }
                taken += k;
            }
        }
        self.ko = 0;
        if taken == 1 && self.stones[usize::from(self.head[i])] == 1 && self.in_atari(i) {
            self.ko = single;
        }
        self.caps[usize::from(c - 1)] += taken;
        self.last = i;
        taken
    }

    /// A pass: the ko ban lapses.
    pub fn pass(&mut self) {
        self.ko = 0;
        self.last = 0;
    }

    /// Puts a stone and merges chains; captures are the caller's.
    fn place(&mut self, i: usize, c: u8) {
        let k = usize::from(self.empty_pos[i]);
        self.empty_count -= 1;
        let moved = self.empties[self.empty_count];
        self.empties[k] = moved;
        self.empty_pos[usize::from(moved)] = k as u16;
        self.cell[i] = c;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        self.libs[i] = 0;
        self.lib_sum[i] = 0;
        self.lib_sq[i] = 0;
        for n in self.neighbours(i) {
            match self.cell[n] {
                EMPTY => self.add_lib(i, n),
                BORDER => {}
                _ => {
                    let h = usize::from(self.head[n]);
                    self.remove_lib(h, i);
                }
            }
        }
        for n in self.neighbours(i) {
            if self.cell[n] == c {
                let (a, b) = (usize::from(self.head[n]), usize::from(self.head[i]));
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    #[inline]
    fn add_lib(&mut self, h: usize, l: usize) {
        self.libs[h] += 1;
        self.lib_sum[h] += l as u32;
        self.lib_sq[h] += (l * l) as u32;
    }

    #[inline]
    fn remove_lib(&mut self, h: usize, l: usize) {
        self.libs[h] -= 1;
        self.lib_sum[h] -= l as u32;
        self.lib_sq[h] -= (l * l) as u32;
    }

    /// Joins the chains with heads `a` and `b`, relabelling the smaller.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sq[big] += self.lib_sq[small];
    }

    /// Removes the chain through `i`; returns its stone count.
    fn remove_chain(&mut self, i: usize) -> u32 {
        let mut count = 0;
        let mut s = i;
        loop {
            let next = usize::from(self.next[s]);
            self.cell[s] = EMPTY;
            self.empty_pos[s] = self.empty_count as u16;
            self.empties[self.empty_count] = s as u16;
            self.empty_count += 1;
            count += 1;
            s = next;
            if s == i {
                break;
            }
        }
        // Second pass: the freed points are liberties of the stones around them.
        let mut s = i;
        loop {
            for n in self.neighbours(s) {
                if self.cell[n] == BLACK || self.cell[n] == WHITE {
                    let h = usize::from(self.head[n]);
                    self.add_lib(h, s);
                }
            }
            s = usize::from(self.next[s]);
            if s == i {
                break;
            }
        }
        count
    }

    /// The 3×3 neighbourhood of `i` as 8 two-bit cells (row by row, centre left out).
    #[inline]
    pub fn env8(&self, i: usize) -> u16 {
        let s = self.stride;
        let around = [
            i - s - 1,
            i - s,
            i - s + 1,
            i - 1,
            i + 1,
            i + s - 1,
            i + s,
            i + s + 1,
        ];
        around
            .iter()
            .fold(0u16, |acc, &n| (acc << 2) | u16::from(self.cell[n]))
    }

    /// Area count for Black minus White: stones, plus empty regions that touch one colour only.
    pub fn area(&self) -> i32 {
        let mut score = 0i32;
        let mut seen = [false; CELLS];
        let mut stack = [0u16; CELLS];
        for y in 0..self.size {
            for x in 0..self.size {
                let i = (y + 1) * self.stride + x + 1;
                match self.cell[i] {
                    BLACK => score += 1,
                    WHITE => score -= 1,
                    _ if seen[i] => {}
                    _ => {
                        let (mut top, mut region, mut touch) = (0, 0i32, 0u8);
                        stack[0] = i as u16;
                        top += 1;
                        seen[i] = true;
                        while top > 0 {
                            top -= 1;
                            let p = usize::from(stack[top]);
                            region += 1;
                            for n in self.neighbours(p) {
                                match self.cell[n] {
                                    EMPTY if !seen[n] => {
                                        seen[n] = true;
                                        stack[top] = n as u16;
                                        top += 1;
                                    }
                                    BLACK => touch |= 1,
                                    WHITE => touch |= 2,
                                    _ => {}
                                }
                            }
                        }
                        match touch {
                            1 => score += region,
                            2 => score -= region,
                            _ => {}
                        }
                    }
                }
            }
        }
        score
    }

    /// Area count at the end of a playout, where every empty point is a one-point region or dame.
    pub fn quick_area(&self) -> i32 {
        let mut score = 0i32;
        for y in 0..self.size {
            let row = (y + 1) * self.stride + 1;
            for i in row..row + self.size {
                match self.cell[i] {
                    BLACK => score += 1,
                    WHITE => score -= 1,
                    _ => {
                        let mut touch = 0u8;
                        for n in self.neighbours(i) {
                            touch |= match self.cell[n] {
                                BLACK => 1,
                                WHITE => 2,
                                _ => 0,
                            };
                        }
                        match touch {
                            1 => score += 1,
                            2 => score -= 1,
                            _ => {}
                        }
                    }
                }
            }
        }
        score
    }

    /// Consistency of the chain bookkeeping (tests).
    #[cfg(test)]
    pub fn check(&self) -> Result<(), String> {
        for y in 0..self.size {
            for x in 0..self.size {
                let i = (y + 1) * self.stride + x + 1;
                if self.cell[i] != BLACK && self.cell[i] != WHITE {
                    continue;
                }
                let h = usize::from(self.head[i]);
                if self.cell[h] != self.cell[i] {
                    return Err(format!("head colour at {i}"));
                }
                if usize::from(self.head[h]) != h {
                    return Err(format!("head of head at {i}"));
                }
                if h == i {
                    let (mut libs, mut sum, mut stones) = (0u16, 0u32, 0u16);
                    for s in self.chain(i) {
                        stones += 1;
                        for n in self.neighbours(s) {
                            if self.cell[n] == EMPTY {
                                libs += 1;
                                sum += n as u32;
                            }
                        }
                    }
                    if (libs, sum, stones) != (self.libs[h], self.lib_sum[h], self.stones[h]) {
                        return Err(format!("chain stats at {i}"));
                    }
                }
            }
        }
        Ok(())
    }
}
