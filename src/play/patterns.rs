//! MoGo's 3×3 shape patterns (hane, cut, and the edge shapes), as playouts and priors use them:
//! a move in the centre of a matching neighbourhood is a good local answer. Matched in all eight
//! orientations and with the colours swapped, whoever is to play.

use std::sync::OnceLock;

use super::fast::{BLACK, BORDER, EMPTY, WHITE};

/// The shapes: `X` and `O` are stones of either colour (consistently), `.` empty, ` ` the edge,
/// `x` anything but an `X` stone, `o` anything but an `O` stone, `?` anything.
const SHAPES: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane: enclosing
    ["XO.", "...", "?.?"], // hane: not cutting
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // diagonal attachment (katatsuke)
    ["XO?", "O.o", "?o?"], // cut: unprotected
    ["XO?", "O.X", "???"], // cut: peeped
    ["?X?", "O.O", "ooo"], // cut: de
    ["OX?", "o.O", "???"], // cut: keima
    ["X.?", "O.?", "   "], // edge: chase
    ["OX?", "X.O", "   "], // edge: block the cut
    ["?X?", "x.O", "   "], // edge: block the connection
    ["?XO", "x.x", "   "], // edge: sagari
    ["?OX", "X.O", "   "], // edge: cut
];

/// Whether the 3×3 neighbourhood `env` (see [`super::fast::Fast::env8`]) matches a shape.
#[inline]
pub fn matches(env: u16) -> bool {
    let table = TABLE.get_or_init(build);
    (table[usize::from(env >> 6)] >> (env & 63)) & 1 == 1
}

static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();

fn build() -> Box<[u64; 1024]> {
    let mut table = Box::new([0u64; 1024]);
    for shape in SHAPES {
        let grid: Vec<Vec<u8>> = shape.iter().map(|r| r.bytes().collect()).collect();
        let mut g = [[0u8; 3]; 3];
        for (r, row) in grid.iter().enumerate() {
            g[r].copy_from_slice(row);
        }
        for swap in [false, true] {
            let mut s = g;
            if swap {
                for c in s.iter_mut().flatten() {
                    *c = match *c {
                        b'X' => b'O',
                        b'O' => b'X',
                        b'x' => b'o',
                        b'o' => b'x',
                        other => other,
                    };
                }
            }
            for _ in 0..4 {
                s = rotate(s);
                for t in [s, mirror(s)] {
                    mark(&t, 0, 0, &mut table);
                }
            }
        }
    }
    table
}

fn rotate(g: [[u8; 3]; 3]) -> [[u8; 3]; 3] {
    let mut r = [[0u8; 3]; 3];
    for (y, row) in r.iter_mut().enumerate() {
        for (x, c) in row.iter_mut().enumerate() {
            *c = g[2 - x][y];
        }
    }
    r
}

fn mirror(g: [[u8; 3]; 3]) -> [[u8; 3]; 3] {
    let mut r = g;
    for row in r.iter_mut() {
        row.swap(0, 2);
    }
    r
}

/// The neighbourhood cells in [`super::fast::Fast::env8`] order.
const ORDER: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

/// Sets every neighbourhood the shape `g` allows, expanding wildcards from cell `k` on.
fn mark(g: &[[u8; 3]; 3], k: usize, env: u16, table: &mut [u64; 1024]) {
    if k == 8 {
        table[usize::from(env >> 6)] |= 1 << (env & 63);
        return;
    }
    let (r, c) = ORDER[k];
    let allowed: &[u8] = match g[r][c] {
        b'X' => &[BLACK],
        b'O' => &[WHITE],
        b'.' => &[EMPTY],
        b' ' => &[BORDER],
        b'x' => &[EMPTY, WHITE, BORDER],
        b'o' => &[EMPTY, BLACK, BORDER],
        _ => &[EMPTY, BLACK, WHITE, BORDER],
    };
    for &v in allowed {
        mark(g, k + 1, (env << 2) | u16::from(v), table);
    }
}
