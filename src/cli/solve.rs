//! `sente solve`: the solver on one file (ARCHITECTURE.md §4) — the problem's own goal, or a
//! whole-board question on a target chain at any move of the file's main line. Reads the file
//! and builds the position; the reading itself is `problem::solver`'s.

use std::path::Path;

use crate::go::{Board, Color, Game, Move, Point, Rules, sgf};
use crate::problem::Ruleset;
use crate::problem::solver::{self, Budget, Question, Solution};

/// What to ask of the file.
pub struct Ask<'a> {
    /// `--goal` and `--target` (GTP `E3` or SGF `ec`); `None`: the problem's own goal.
    pub question: Option<(Question, &'a str)>,
    /// `--move N`: the position before move N of the main line.
    pub move_number: Option<usize>,
}

/// A vertex in GTP (`E3`, `e3`) or SGF (`ec`) form.
pub fn parse_vertex(s: &str, size: u8) -> Option<Point> {
    if s.chars().any(|c| c.is_ascii_digit()) {
        Point::from_gtp(s, size)
    } else {
        Point::from_sgf(s).filter(|p| p.in_board(size))
    }
}

/// Solves one file as asked.
pub fn solve_file(path: &Path, ask: &Ask<'_>, budget: Budget) -> anyhow::Result<Solution> {
    let bytes = std::fs::read(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let Some((question, vertex)) = ask.question else {
        if ask.move_number.is_some() {
            anyhow::bail!("--move asks about a position: give --goal and --target as well");
        }
        let problem = crate::problem::from_sgf_bytes(&bytes)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
            .into_iter()
            .next()
            .ok_or_else(|| anyhow::anyhow!("{}: no problem", path.display()))?
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        return Ok(solver::solve(&problem, budget));
    };
    let (board, rules) = position_before(&bytes, ask.move_number.unwrap_or(1))
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let target = parse_vertex(vertex, board.size())
        .ok_or_else(|| anyhow::anyhow!("--target {vertex}: not a point of the board"))?;
    if board.get(target).is_none() {
        anyhow::bail!("--target {vertex}: no stone there");
    }
    Ok(solver::solve_query(&board, question, target, rules, budget))
}

/// The board before move `n` (1-based) of the file's main line, as GTP's `loadsgf FILE n`, and
/// the rules the file names (`RU[]`).
fn position_before(bytes: &[u8], n: usize) -> Result<(Board, Ruleset), String> {
    let tree = sgf::parse(bytes).map_err(|e| e.to_string())?;
    let root = tree.root(0).ok_or("no game in the file")?;
    let rules = root.get("RU").map(Ruleset::from_sgf).unwrap_or_default();
    let size = sgf::board_size(root).map_err(|e| e.to_string())?;
    let board = Board::new(size).ok_or("unsupported board size")?;
    let mut game = Game::from_position(board, Color::Black, Rules::chinese());
    let mut played = 0;
    for node in root.main_line() {
        for (id, stone) in [
            ("AE", None),
            ("AB", Some(Color::Black)),
            ("AW", Some(Color::White)),
        ] {
            for p in sgf::parse_point_list(node.values(id), size).map_err(|e| e.to_string())? {
                game.set_stone(p, stone);
            }
        }
        for color in [Color::Black, Color::White] {
            let Some(v) = node.get(color.sgf_letter()) else {
                continue;
            };
            if played + 1 >= n {
                return Ok((game.board().clone(), rules));
            }
            let mv: Move = sgf::parse_move(v, size).map_err(|e| e.to_string())?;
            game.play_as(color, mv)
                .map_err(|e| format!("move {}: {e}", played + 1))?;
            played += 1;
        }
    }
    Ok((game.board().clone(), rules))
}
