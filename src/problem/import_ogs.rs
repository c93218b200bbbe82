//! Problems from OGS puzzle JSON: `initial_state` (black/white as concatenated SGF points),
//! `initial_player`, `width`/`height`, and `move_tree` whose branches carry `correct_answer`,
//! `wrong_answer` and `text`. The object may also be wrapped as `{"puzzle": {...}}`.

use serde::Deserialize;

use crate::go::{Color, MAX_SIZE, MIN_SIZE, Move, Point};

use super::import_sgf::kind_from_text;
use super::model::{Kind, Mark, Problem, Ruleset, SolutionTree, TreeNode, Viewport};

/// Why an OGS puzzle cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum OgsError {
    #[error("not OGS puzzle JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("board {0}×{1} is not supported (square, 2 to 25 lines)")]
    Size(u8, u8),
    #[error("bad point '{0}' in initial_state")]
    Point(String),
    #[error("no solution: the move tree has no correct answer")]
    NoCorrectLine,
}

#[derive(Deserialize)]
struct Wrapper {
    puzzle: Puzzle,
}

#[derive(Deserialize)]
struct Puzzle {
    #[serde(default)]
    name: Option<String>,
    width: u8,
    height: u8,
    initial_state: InitialState,
    initial_player: String,
    move_tree: Branch,
    #[serde(default)]
    puzzle_description: Option<String>,
    #[serde(default)]
    puzzle_type: Option<String>,
}

#[derive(Deserialize)]
struct InitialState {
    #[serde(default)]
    black: String,
    #[serde(default)]
    white: String,
}

#[derive(Deserialize)]
struct Branch {
    x: i32,
    y: i32,
    #[serde(default)]
    correct_answer: bool,
    #[serde(default)]
    wrong_answer: bool,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    branches: Vec<Branch>,
}

fn points(s: &str, size: u8) -> Result<Vec<Point>, OgsError> {
    let b = s.as_bytes();
    b.chunks(2)
        .map(|c| {
            let t = std::str::from_utf8(c).unwrap_or_default();
            Point::from_sgf(t)
                .filter(|p| p.in_board(size))
                .ok_or_else(|| OgsError::Point(t.to_string()))
        })
        .collect()
}

/// Reads one OGS puzzle.
pub fn from_ogs_json(text: &str) -> Result<Problem, OgsError> {
    let puzzle: Puzzle = match serde_json::from_str::<Wrapper>(text) {
        Ok(w) => w.puzzle,
        Err(_) => serde_json::from_str(text)?,
    };
    let (w, h) = (puzzle.width, puzzle.height);
    if w != h || !(MIN_SIZE..=MAX_SIZE).contains(&w) {
        return Err(OgsError::Size(w, h));
    }
    let size = w;
    let black = points(&puzzle.initial_state.black, size)?;
    let white = points(&puzzle.initial_state.white, size)?;
    let to_play = if puzzle.initial_player.eq_ignore_ascii_case("white") {
        Color::White
    } else {
        Color::Black
    };
    let mut tree = SolutionTree {
        nodes: vec![node(None, None, None, Mark::None)],
    };
    let mut stack: Vec<(&Branch, usize, Color)> = puzzle
        .move_tree
        .branches
        .iter()
        .rev()
        .map(|b| (b, 0, to_play))
        .collect();
    while let Some((b, parent, color)) = stack.pop() {
        let mv = if b.x < 0 || b.y < 0 {
            Move::Pass
        } else {
            Move::Play(Point::new(b.x as u8, b.y as u8))
        };
        let mark = if b.correct_answer {
            Mark::Correct
        } else if b.wrong_answer {
            Mark::Wrong
        } else {
            Mark::None
        };
        let id = tree.nodes.len();
        tree.nodes
            .push(node(Some((color, mv)), Some(parent), b.text.clone(), mark));
        tree.nodes[parent].children.push(id);
        stack.extend(b.branches.iter().rev().map(|c| (c, id, color.opponent())));
    }
    // OGS marks leaves explicitly; an unmarked leaf is a wrong answer.
    for id in (0..tree.nodes.len()).rev() {
        let ok = if tree.nodes[id].children.is_empty() {
            tree.nodes[id].mark == Mark::Correct
        } else {
            tree.nodes[id]
                .children
                .iter()
                .any(|&c| tree.nodes[c].leads_to_success)
        };
        tree.nodes[id].leads_to_success = ok;
    }
    if !tree.nodes[0].leads_to_success {
        return Err(OgsError::NoCorrectLine);
    }
    let description = puzzle
        .puzzle_description
        .clone()
        .filter(|d| !d.trim().is_empty());
    let kind_text = format!(
        "{} {}",
        puzzle.puzzle_type.as_deref().unwrap_or(""),
        description.as_deref().unwrap_or("")
    );
    let mut stones: Vec<Point> = black.iter().chain(white.iter()).copied().collect();
    stones.extend(tree.nodes.iter().filter_map(|n| match n.mv {
        Some((_, Move::Play(p))) => Some(p),
        _ => None,
    }));
    Ok(Problem {
        size,
        viewport: Viewport::around(&stones, size, 1),
        black,
        white,
        to_play,
        kind: kind_from_text(&kind_text).unwrap_or(Kind::LifeAndDeath),
        tree,
        comment: description,
        name: puzzle.name,
        source: Some("OGS".into()),
        tags: Vec::new(),
        warnings: Vec::new(),
        rules: Ruleset::Chinese,
    })
}

fn node(
    mv: Option<(Color, Move)>,
    parent: Option<usize>,
    comment: Option<String>,
    mark: Mark,
) -> TreeNode {
    TreeNode {
        mv,
        parent,
        children: Vec::new(),
        comment,
        mark,
        leads_to_success: false,
        choice: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ogs_puzzle_json_becomes_a_problem_with_marked_lines() {
        let json = r#"{"puzzle": {"name": "Corner", "width": 9, "height": 9,
            "initial_state": {"black": "cacbbcac", "white": "babb"},
            "initial_player": "black", "puzzle_type": "life_and_death",
            "puzzle_description": "Black to kill",
            "move_tree": {"x": -1, "y": -1, "branches": [
                {"x": 0, "y": 1, "branches": [{"x": 0, "y": 0, "branches": [{"x": 0, "y": 1, "correct_answer": true}]}]},
                {"x": 0, "y": 0, "wrong_answer": true, "text": "No"}
            ]}}}"#;
        let p = from_ogs_json(json).unwrap();
        assert_eq!((p.size, p.to_play, p.kind), (9, Color::Black, Kind::Kill));
        assert_eq!(p.black.len(), 4);
        assert_eq!(p.line_counts(), (1, 1));
        assert_eq!(
            p.tree.nodes[2].mv,
            Some((Color::White, Move::Play(Point::new(0, 0))))
        );
    }

    #[test]
    fn bad_ogs_input_is_an_error() {
        assert!(from_ogs_json("{").is_err());
        let json = r#"{"width": 9, "height": 13, "initial_state": {}, "initial_player": "black", "move_tree": {"x": -1, "y": -1}}"#;
        assert!(matches!(from_ogs_json(json), Err(OgsError::Size(9, 13))));
    }
}
