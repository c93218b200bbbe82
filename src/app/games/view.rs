//! A game as a player or a watcher sees it: the board, the last move, stones in atari, the
//! captures and the result (ARCHITECTURE.md "A game").

use serde::Serialize;

use super::seats;
use crate::db::accounts::UserRow;
use crate::db::games::GameRow;
use crate::go::{Color, Move, Point};
use crate::play::{Kind, Match, Reason};

/// The result of a finished (or ended) game.
#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
pub struct ResultView {
    /// B or W; null for a draw or an ended game.
    pub winner: Option<String>,
    /// captured | passes | score | resignation | ended
    pub reason: String,
    /// Go: the winner's lead in points.
    pub margin: Option<f64>,
    /// The SGF result (B+R, W+7.5, B+, 0).
    pub sgf: Option<String>,
}

/// A game as a player or a watcher sees it.
#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
pub struct GameView {
    pub id: i32,
    /// capture | go
    pub kind: String,
    pub size: u8,
    /// Capture-Go: the stones to capture; Go: 0.
    pub target: u8,
    pub handicap: u8,
    /// In points (Go: 7.5, i.e. 3¾ stones).
    pub komi: f64,
    /// computer | one_device | two_devices
    pub mode: String,
    pub level: Option<u8>,
    /// The code the second device types, shown to the players while the game waits.
    pub code: Option<String>,
    /// waiting | playing | finished | ended
    pub state: String,
    /// B or W.
    pub to_move: String,
    /// The colours this viewer may play (none for a watcher).
    pub you: Vec<String>,
    pub your_turn: bool,
    /// Rows of `.`, `X` (black), `O` (white), top first.
    pub board: Vec<String>,
    /// The last move: an SGF point, or "pass".
    pub last: Option<String>,
    /// Stones in atari (SGF points), for the optional highlight.
    pub atari: Vec<String>,
    pub captures_black: u32,
    pub captures_white: u32,
    pub moves: usize,
    /// Moves the player took back against the computer.
    pub undos: i32,
    pub result: Option<ResultView>,
    pub version: i32,
}

pub(super) fn color_letter(c: Color) -> String {
    c.sgf_letter().to_string()
}

pub(super) fn move_token(mv: Move) -> String {
    match mv {
        Move::Play(p) => p.to_sgf(),
        Move::Pass => "pass".into(),
    }
}

fn atari_points(m: &Match) -> Vec<String> {
    let board = m.game().board();
    board
        .points()
        .filter(|&p| board.get(p).is_some() && board.in_atari(p))
        .map(Point::to_sgf)
        .collect()
}

fn result_view(row: &GameRow, m: &Match) -> Option<ResultView> {
    if row.state == "ended" {
        return Some(ResultView {
            winner: None,
            reason: "ended".into(),
            margin: None,
            sgf: None,
        });
    }
    m.result().map(|o| {
        let (reason, margin) = match o.reason {
            Reason::Captured { .. } => ("captured", None),
            Reason::Passes { .. } => ("passes", None),
            Reason::Score { margin } => ("score", Some(margin)),
            Reason::Resignation => ("resignation", None),
        };
        ResultView {
            winner: o.winner.map(color_letter),
            reason: reason.into(),
            margin,
            sgf: Some(o.sgf_result()),
        }
    })
}

pub(super) fn view_of(row: &GameRow, m: &Match, viewer: Option<&UserRow>) -> GameView {
    let you = viewer.map(|u| seats(row, u)).unwrap_or_default();
    let (handicap, target, komi) = match m.kind() {
        Kind::Capture { target } => (0, target, 0.0),
        Kind::Go { handicap } => (handicap, 0, m.game().rules().komi),
    };
    let playing = row.state == "playing" && m.result().is_none();
    GameView {
        id: row.id,
        kind: row.kind.clone(),
        size: m.size(),
        target,
        handicap,
        komi,
        mode: row.mode.clone(),
        level: row.bot_level.map(|l| l as u8),
        code: row.code.clone().filter(|_| !you.is_empty()),
        state: row.state.clone(),
        to_move: color_letter(m.to_move()),
        your_turn: playing && you.contains(&m.to_move()),
        you: you.into_iter().map(color_letter).collect(),
        board: m
            .game()
            .board()
            .to_rows()
            .as_bytes()
            .chunks(usize::from(m.size()))
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect(),
        last: m.moves().last().map(|&mv| move_token(mv)),
        atari: atari_points(m),
        captures_black: m.game().captures(Color::Black),
        captures_white: m.game().captures(Color::White),
        moves: m.moves().len(),
        undos: row.undos,
        result: result_view(row, m),
        version: row.version,
    }
}
