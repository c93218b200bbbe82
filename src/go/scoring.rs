//! Counting a finished position: area counting (数子法, Chinese rules) and territory counting
//! (Japanese/Korean), with dead stones given by the players, komi and handicap compensation.
//!
//! Results are reported in points ("B+3.5") and, for area counting, in stones as Chinese
//! referees state them (黑胜1¾子): one stone is two points, 180½ is the balance point on 19×19.

use super::board::Board;
use super::rules::{Rules, Scoring};
use super::types::{Color, Point};

/// The count of a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    pub scoring: Scoring,
    pub size: u8,
    /// Area (stones + surrounded points) or territory + prisoners, before komi.
    pub black: f64,
    pub white: f64,
    pub komi: f64,
    /// Points given to White for handicap stones (one per stone under Chinese rules).
    pub compensation: f64,
    /// Black's lead after komi and compensation; negative when White wins.
    pub margin: f64,
}

/// A dead-stone list that does not fit the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    #[error("dead stone at {0} is off the board")]
    OffBoard(Point),
    #[error("dead stone at {0} is an empty point")]
    NoStone(Point),
}

impl Score {
    pub fn winner(&self) -> Option<Color> {
        if self.margin > 0.0 {
            Some(Color::Black)
        } else if self.margin < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The result as SGF writes it: `B+3.5`, `W+0.5`, `0` for a draw.
    pub fn result(&self) -> String {
        match self.winner() {
            Some(c) => format!("{}+{}", c.sgf_letter(), trim_number(self.margin.abs())),
            None => "0".to_string(),
        }
    }

    /// The margin in stones (half the points), as Chinese area counting states it.
    pub fn margin_in_stones(&self) -> f64 {
        self.margin / 2.0
    }

    /// The result in Chinese: 黑胜1¾子, 白胜¼子, 和棋.
    pub fn result_zh(&self) -> String {
        let amount = match self.scoring {
            Scoring::Area => format!("{}子", format_stones(self.margin_in_stones().abs())),
            Scoring::Territory => format!("{}目", trim_number(self.margin.abs())),
        };
        match self.winner() {
            Some(Color::Black) => format!("黑胜{amount}"),
            Some(Color::White) => format!("白胜{amount}"),
            None => "和棋".to_string(),
        }
    }

    /// Half the board's points: the count Black needs (before komi) for an even game; 180½ on 19×19.
    pub fn balance_point(&self) -> f64 {
        f64::from(self.size) * f64::from(self.size) / 2.0
    }
}

fn trim_number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// Writes a stone count in quarters as Chinese results do: `1¾`, `½`, `3¼`, `2`.
pub fn format_stones(stones: f64) -> String {
    let quarters = (stones * 4.0).round() as i64;
    let (whole, frac) = (quarters / 4, quarters % 4);
    let frac = ["", "¼", "½", "¾"][frac as usize];
    match (whole, frac) {
        (0, "") => "0".to_string(),
        (0, f) => f.to_string(),
        (w, f) => format!("{w}{f}"),
    }
}

/// Counts `board` with the stones at `dead` removed.
/// `captures[c]` are the stones captured during play by colour `c` (territory counting uses them).
pub fn score(
    board: &Board,
    dead: &[Point],
    rules: &Rules,
    handicap: u8,
    captures: [u32; 2],
) -> Result<Score, ScoreError> {
    let size = board.size();
    let n = size as usize;
    let mut grid: Vec<Option<Color>> = board.points().map(|p| board.get(p)).collect();
    let mut prisoners = captures.map(f64::from);
    for &p in dead {
        if !p.in_board(size) {
            return Err(ScoreError::OffBoard(p));
        }
        let k = p.y as usize * n + p.x as usize;
        match grid[k].take() {
            Some(c) => prisoners[c.opponent().index()] += 1.0,
            None => return Err(ScoreError::NoStone(p)),
        }
    }
    let regions = empty_regions(&grid, n);
    let mut count = [0.0f64; 2];
    match rules.scoring {
        Scoring::Area => {
            for c in grid.iter().flatten() {
                count[c.index()] += 1.0;
            }
            for r in &regions {
                if let Some(owner) = r.owner() {
                    count[owner.index()] += r.points.len() as f64;
                }
            }
        }
        Scoring::Territory => {
            let seki = seki_stones(&grid, n, &regions);
            for r in &regions {
                if let Some(owner) = r.owner()
                    && !r.border.iter().any(|&k| seki[k])
                {
                    count[owner.index()] += r.points.len() as f64;
                }
            }
            count[0] += prisoners[0];
            count[1] += prisoners[1];
        }
    }
    let compensation = if rules.handicap_compensation && handicap >= 2 {
        f64::from(handicap)
    } else {
        0.0
    };
    Ok(Score {
        scoring: rules.scoring,
        size,
        black: count[0],
        white: count[1],
        komi: rules.komi,
        compensation,
        margin: count[0] - count[1] - rules.komi - compensation,
    })
}

struct Region {
    points: Vec<usize>,
    /// Stones adjacent to the region.
    border: Vec<usize>,
    touches: [bool; 2],
}

impl Region {
    fn owner(&self) -> Option<Color> {
        match self.touches {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }
}

fn grid_neighbours(k: usize, n: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (k % n, k / n);
    [
        (y > 0).then(|| k - n),
        (x > 0).then(|| k - 1),
        (x + 1 < n).then(|| k + 1),
        (y + 1 < n).then(|| k + n),
    ]
    .into_iter()
    .flatten()
}

fn empty_regions(grid: &[Option<Color>], n: usize) -> Vec<Region> {
    let mut seen = vec![false; grid.len()];
    let mut regions = Vec::new();
    for start in 0..grid.len() {
        if grid[start].is_some() || seen[start] {
            continue;
        }
        let mut region = Region {
            points: Vec::new(),
            border: Vec::new(),
            touches: [false; 2],
        };
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(k) = stack.pop() {
            region.points.push(k);
            for m in grid_neighbours(k, n) {
                match grid[m] {
                    Some(c) => {
                        region.touches[c.index()] = true;
                        region.border.push(m);
                    }
                    None if !seen[m] => {
                        seen[m] = true;
                        stack.push(m);
                    }
                    None => {}
                }
            }
        }
        regions.push(region);
    }
    regions
}

/// Stones of chains in seki: chains touching an empty region that borders both colours. Territory
/// counting is done after the neutral points are filled (as Japanese rules require), so a point
/// still shared by both colours is a shared liberty of a seki, and such chains' eyes are no territory.
fn seki_stones(grid: &[Option<Color>], n: usize, regions: &[Region]) -> Vec<bool> {
    let mut seki = vec![false; grid.len()];
    for r in regions.iter().filter(|r| r.touches == [true, true]) {
        for &b in &r.border {
            if seki[b] {
                continue;
            }
            // Mark the whole chain through b.
            let color = grid[b];
            let mut stack = vec![b];
            seki[b] = true;
            while let Some(k) = stack.pop() {
                for m in grid_neighbours(k, n) {
                    if grid[m] == color && !seki[m] {
                        seki[m] = true;
                        stack.push(m);
                    }
                }
            }
        }
    }
    seki
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_are_written_in_quarters() {
        assert_eq!(format_stones(1.75), "1¾");
        assert_eq!(format_stones(0.25), "¼");
        assert_eq!(format_stones(3.5), "3½");
        assert_eq!(format_stones(2.0), "2");
        assert_eq!(format_stones(0.0), "0");
    }
}
