//! Fixed handicap placement on the star points, as GTP's `fixed_handicap` (and GNU Go) place them.

use super::types::Point;

/// Why a fixed handicap cannot be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    #[error("fixed handicap is defined for 9, 13 and 19 lines, not {0}")]
    UnsupportedSize(u8),
    #[error("fixed handicap takes 2 to 9 stones, not {0}")]
    BadCount(u8),
}

/// The star points for `stones` handicap stones (2–9) on a 9×9, 13×13 or 19×19 board.
pub fn fixed_handicap(size: u8, stones: u8) -> Result<Vec<Point>, HandicapError> {
    let edge = match size {
        9 => 2,
        13 | 19 => 3,
        _ => return Err(HandicapError::UnsupportedSize(size)),
    };
    if !(2..=9).contains(&stones) {
        return Err(HandicapError::BadCount(stones));
    }
    let (lo, mid, hi) = (edge, size / 2, size - 1 - edge);
    // In GTP terms: D4/Q16 first, then D16, Q4, the centre for odd counts, then the sides.
    let (bottom_left, top_right, top_left, bottom_right) = (
        Point::new(lo, hi),
        Point::new(hi, lo),
        Point::new(lo, lo),
        Point::new(hi, hi),
    );
    let (left, right, top, bottom, centre) = (
        Point::new(lo, mid),
        Point::new(hi, mid),
        Point::new(mid, lo),
        Point::new(mid, hi),
        Point::new(mid, mid),
    );
    let mut points = vec![bottom_left, top_right];
    if stones >= 3 {
        points.push(top_left);
    }
    if stones >= 4 {
        points.push(bottom_right);
    }
    if stones >= 6 {
        points.extend([left, right]);
    }
    if stones >= 8 {
        points.extend([top, bottom]);
    }
    if stones % 2 == 1 && stones >= 5 {
        points.push(centre);
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gtp(size: u8, stones: u8) -> Vec<String> {
        let mut v: Vec<String> = fixed_handicap(size, stones)
            .unwrap()
            .iter()
            .map(|p| p.to_gtp(size))
            .collect();
        v.sort();
        v
    }

    fn sorted(s: &str) -> Vec<String> {
        let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
        v.sort();
        v
    }

    // Expected lists are GNU Go 3.8's answers to `fixed_handicap N`.
    #[test]
    fn placements_match_gnu_go() {
        assert_eq!(gtp(19, 2), sorted("D4 Q16"));
        assert_eq!(gtp(19, 3), sorted("D16 Q16 D4"));
        assert_eq!(gtp(19, 5), sorted("D16 Q16 K10 D4 Q4"));
        assert_eq!(gtp(19, 6), sorted("D16 Q16 D10 Q10 D4 Q4"));
        assert_eq!(gtp(19, 8), sorted("D16 K16 Q16 D10 Q10 D4 K4 Q4"));
        assert_eq!(gtp(9, 9), sorted("C7 E7 G7 C5 E5 G5 C3 E3 G3"));
        assert_eq!(gtp(13, 7), sorted("D10 K10 D7 G7 K7 D4 K4"));
    }

    #[test]
    fn unsupported_sizes_and_counts_are_errors() {
        assert_eq!(fixed_handicap(7, 2), Err(HandicapError::UnsupportedSize(7)));
        assert_eq!(fixed_handicap(19, 1), Err(HandicapError::BadCount(1)));
        assert_eq!(fixed_handicap(19, 10), Err(HandicapError::BadCount(10)));
    }
}
