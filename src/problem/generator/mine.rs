//! Mining real games (ARCHITECTURE.md "Problem generator"): the main line of a record is
//! replayed, and at each position every small chain of the side that just moved with one or two
//! liberties is asked about with the whole-board queries: can the side to move capture it, and
//! could its owner, moving first, save it? When one move decides, the stones around the chain
//! are cut out (a crop of the corner, side or centre), and the cut position is proven, built,
//! graded and checked like a composed problem. The game's players and date go into the SGF.

use std::collections::HashSet;

use crate::go::sgf::{Node, parse_move};
use crate::go::{Board, Game, Point, Rules};
use crate::problem::solver::Status;

use super::kinds::Task;
use super::search::{classify_capture, finish, first_budget, sane};
use super::tree::Fight;
use super::{Generated, Origin, assemble};

/// Who played the game, when and where: the root's `PB`, `PW`, `DT`, `EV`.
pub fn origin_of(root: Node<'_>, file: &str) -> Origin {
    let get = |id: &str| {
        root.get(id)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let (b, w) = (
        get("PB").unwrap_or("?".into()),
        get("PW").unwrap_or("?".into()),
    );
    let mut source = format!("{b} (B) – {w} (W)");
    if let Some(dt) = get("DT") {
        source.push_str(&format!(", {dt}"));
    }
    source.push_str(&format!(", {file}"));
    let mut props = Vec::new();
    for id in ["PB", "PW", "DT", "EV"] {
        if let Some(v) = get(id) {
            props.push((id, v));
        }
    }
    Origin { source, props }
}

/// The stones within `margin` lines of `chain`'s box (stretched to an edge within two lines of
/// it): the crop a problem is cut to.
fn crop(board: &Board, chain: &[Point], margin: u8) -> Option<Board> {
    let size = board.size();
    let vp = crate::problem::Viewport::around(chain, size, margin);
    let mut out = Board::new(size)?;
    for p in board.points() {
        if vp.contains(p)
            && let Some(c) = board.get(p)
        {
            out.set(p, Some(c));
        }
    }
    Some(out)
}

/// The candidate at one position of a game, for the chain at `at` of the side that just moved.
fn decided_here(game: &Game, at: Point) -> Option<super::Candidate> {
    let b = game.board();
    let chain = b.chain(at);
    if chain.len() > 8 || b.liberty_count(at) > 2 {
        return None;
    }
    let cut = crop(b, &chain, 3)?;
    let learner = game.to_move();
    if !sane(&cut, learner.opponent(), at) || !sane(&cut, learner, at) {
        return None;
    }
    let fight = Fight {
        board: cut,
        learner,
        target: at,
        task: Task::Capture,
    };
    // One move decides: the owner, moving first, would save the chain.
    if fight
        .ask(&fight.board, learner.opponent(), first_budget())
        .status
        != Status::Proven
    {
        return None;
    }
    finish(fight, |f, lines| {
        classify_capture(f, &lines[0]).into_iter().next()
    })
}

/// Problems from one record's main line (at most `limit`, none whose key is in `known`, which
/// grows with the ones found). Positions before move 20 are skipped (the opening has no fight).
pub fn mine_record(
    root: Node<'_>,
    file: &str,
    known: &mut HashSet<String>,
    limit: usize,
) -> Vec<Generated> {
    let origin = origin_of(root, file);
    let size = crate::go::sgf::board_size(root).unwrap_or(19);
    let Some(board) = Board::new(size) else {
        return Vec::new();
    };
    let mut game = Game::from_position(board, crate::go::Color::Black, Rules::chinese());
    let mut out = Vec::new();
    let mut last_found = 0;
    for (k, node) in root.main_line().enumerate() {
        let mv = match (node.get("B"), node.get("W")) {
            (Some(v), _) => (crate::go::Color::Black, v),
            (None, Some(v)) => (crate::go::Color::White, v),
            _ => continue,
        };
        let Ok(m) = parse_move(mv.1, size) else { break };
        if game.play_as(mv.0, m).is_err() {
            break;
        }
        if k < 20 || out.len() >= limit || k < last_found + 10 {
            continue;
        }
        let b = game.board();
        let mover = game.to_move().opponent();
        let mut seen: Vec<Point> = Vec::new();
        for p in b.points() {
            if b.get(p) != Some(mover) || seen.contains(&p) || b.liberty_count(p) > 2 {
                continue;
            }
            seen.extend(b.chain(p));
            let Some(c) = decided_here(&game, p) else {
                continue;
            };
            let Some(mut g) = assemble(&c, &origin) else {
                continue;
            };
            if known.insert(g.key.clone()) {
                g.problem.source = Some(origin.source.clone());
                out.push(g);
                last_found = k;
                break;
            }
        }
    }
    out
}
