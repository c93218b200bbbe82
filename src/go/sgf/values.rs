//! Reading Go values out of SGF properties: board size, points, compressed point lists
//! (`AB[aa:cc]`), moves with `B[]` and `B[tt]` (on boards up to 19) as passes.

use super::Node;
use crate::go::{MAX_SIZE, MIN_SIZE, Move, Point};

/// A property value that does not fit the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    #[error("'{0}' is not a point")]
    NotAPoint(String),
    #[error("point '{point}' is off the {size}×{size} board")]
    OffBoard { point: String, size: u8 },
    #[error("board size '{0}' is not supported (square boards of 2 to 25 lines)")]
    BadSize(String),
}

/// The board size of a game tree: `SZ` of its root, 19 when absent.
pub fn board_size(root: Node<'_>) -> Result<u8, ValueError> {
    let Some(sz) = root.get("SZ") else {
        return Ok(19);
    };
    let bad = || ValueError::BadSize(sz.to_string());
    let (a, b) = match sz.split_once(':') {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (sz.trim(), sz.trim()),
    };
    let (w, h): (u8, u8) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if w != h || !(MIN_SIZE..=MAX_SIZE).contains(&w) {
        return Err(bad());
    }
    Ok(w)
}

fn point(s: &str, size: u8) -> Result<Point, ValueError> {
    let p = Point::from_sgf(s.trim()).ok_or_else(|| ValueError::NotAPoint(s.to_string()))?;
    if !p.in_board(size) {
        return Err(ValueError::OffBoard {
            point: s.to_string(),
            size,
        });
    }
    Ok(p)
}

/// The points of a list property, expanding rectangles such as `aa:cc`.
pub fn parse_point_list<'a>(
    values: impl Iterator<Item = &'a str>,
    size: u8,
) -> Result<Vec<Point>, ValueError> {
    let mut out = Vec::new();
    for v in values {
        match v.split_once(':') {
            None => out.push(point(v, size)?),
            Some((a, b)) => {
                let (a, b) = (point(a, size)?, point(b, size)?);
                for y in a.y.min(b.y)..=a.y.max(b.y) {
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        out.push(Point::new(x, y));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// A move value: empty (or `tt` on boards up to 19) is a pass.
pub fn parse_move(value: &str, size: u8) -> Result<Move, ValueError> {
    let v = value.trim();
    if v.is_empty() || (v == "tt" && size <= 19) {
        return Ok(Move::Pass);
    }
    point(v, size).map(Move::Play)
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    #[test]
    fn compressed_point_lists_expand_to_rectangles() {
        let pts = parse_point_list(["aa:cb", "ee"].into_iter(), 9).unwrap();
        assert_eq!(pts.len(), 7);
        assert!(pts.contains(&Point::new(2, 1)));
        assert!(parse_point_list(["aa:jj"].into_iter(), 9).is_err());
    }

    #[test]
    fn tt_is_a_pass_only_up_to_nineteen_lines() {
        assert_eq!(parse_move("tt", 19), Ok(Move::Pass));
        assert_eq!(parse_move("", 9), Ok(Move::Pass));
        assert_eq!(parse_move("tt", 21), Ok(Move::Play(Point::new(19, 19))));
        assert!(parse_move("tt", 9).is_ok());
        assert!(parse_move("zz", 19).is_err());
    }

    #[test]
    fn board_size_defaults_to_nineteen_and_rejects_rectangles() {
        let f = parse(b"(;GM[1])(;SZ[9])(;SZ[9:13])(;SZ[x])").unwrap();
        assert_eq!(board_size(f.root(0).unwrap()), Ok(19));
        assert_eq!(board_size(f.root(1).unwrap()), Ok(9));
        assert!(board_size(f.root(2).unwrap()).is_err());
        assert!(board_size(f.root(3).unwrap()).is_err());
    }
}
