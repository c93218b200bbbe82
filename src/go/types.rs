//! Plain value types shared by the whole rules core: colours, points, moves.
//! Points are board-size agnostic (column, row from the top-left, as SGF writes them); a
//! [`crate::go::Board`] checks them against its own size.

use std::fmt;

/// Smallest and largest supported board sizes (square boards only).
pub const MIN_SIZE: u8 = 2;
pub const MAX_SIZE: u8 = 25;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Color {
    #[serde(rename = "B")]
    Black,
    #[serde(rename = "W")]
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: for arrays indexed by colour.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The SGF property letter: `B` or `W`.
    pub fn sgf_letter(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }
}

/// An intersection: `x` is the column (0 = left), `y` the row (0 = top), as in SGF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Reads an SGF point such as `"cd"` (no size check; see [`Point::in_board`]).
    pub fn from_sgf(s: &str) -> Option<Point> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let coord = |c: u8| match c {
            b'a'..=b'z' => Some(c - b'a'),
            b'A'..=b'Z' => Some(c - b'A' + 26),
            _ => None,
        };
        Some(Point::new(coord(b[0])?, coord(b[1])?))
    }

    /// The SGF spelling of the point, e.g. `"cd"`.
    pub fn to_sgf(self) -> String {
        self.sgf_letters().iter().map(|&b| b as char).collect()
    }

    /// The two ASCII letters of the SGF spelling, without a heap string.
    pub fn sgf_letters(self) -> [u8; 2] {
        let letter = |v: u8| if v < 26 { b'a' + v } else { b'A' + v - 26 };
        [letter(self.x), letter(self.y)]
    }

    /// Whether the point lies on a board of the given size.
    pub fn in_board(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// GTP vertex ("D4": column letters skip I, rows count from the bottom).
    pub fn to_gtp(self, size: u8) -> String {
        let col = if self.x < 8 {
            b'A' + self.x
        } else {
            b'A' + self.x + 1
        } as char;
        format!("{}{}", col, size - self.y)
    }

    /// Parses a GTP vertex such as `"D4"` or `"q16"` on a board of the given size.
    pub fn from_gtp(s: &str, size: u8) -> Option<Point> {
        let s = s.trim();
        let mut chars = s.chars();
        let c = chars.next()?.to_ascii_uppercase();
        if !c.is_ascii_uppercase() || c == 'I' {
            return None;
        }
        let x = if c < 'I' {
            c as u8 - b'A'
        } else {
            c as u8 - b'A' - 1
        };
        let row: u8 = chars.as_str().parse().ok()?;
        if row == 0 || row > size || x >= size {
            return None;
        }
        Some(Point::new(x, size - row))
    }
}

/// Points travel as their SGF spelling ("cd") in JSON.
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_sgf())
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sgf())
    }
}

/// What a player does on their turn (resignation is a game event, see [`crate::go::Game::resign`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_points_round_trip_including_upper_case_columns() {
        for x in 0..52 {
            let p = Point::new(x, 51 - x);
            assert_eq!(Point::from_sgf(&p.to_sgf()), Some(p));
        }
        assert_eq!(Point::from_sgf("cd"), Some(Point::new(2, 3)));
        assert_eq!(Point::from_sgf("c"), None);
        assert_eq!(Point::from_sgf("c1"), None);
    }

    #[test]
    fn gtp_vertices_skip_the_letter_i() {
        assert_eq!(Point::new(3, 15).to_gtp(19), "D4");
        assert_eq!(Point::new(8, 0).to_gtp(19), "J19");
        assert_eq!(Point::from_gtp("J19", 19), Some(Point::new(8, 0)));
        assert_eq!(Point::from_gtp("q16", 19), Some(Point::new(15, 3)));
        assert_eq!(Point::from_gtp("I5", 19), None);
        assert_eq!(Point::from_gtp("A20", 19), None);
    }

    #[test]
    fn opponent_is_an_involution() {
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.opponent().opponent(), Color::White);
    }
}
