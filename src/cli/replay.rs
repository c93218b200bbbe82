//! `sente replay`: replays each record's main line under the default (Chinese) rules and reports
//! moves, prisoners, the first illegal move and the final position (ARCHITECTURE.md §4).

use std::path::Path;

use serde::Serialize;

use crate::go::{Color, IllegalMove, Rules, replay_main_line, sgf};

/// One line of `replay --json` output.
#[derive(Debug, Serialize, PartialEq)]
pub struct ReplayReport {
    pub file: String,
    pub moves: usize,
    pub prisoners: Prisoners,
    pub error: Option<String>,
    #[serde(rename = "final")]
    pub final_rows: String,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Prisoners {
    pub black: u32,
    pub white: u32,
}

/// The reason words of the replay contract: occupied | suicide | superko (and off_board).
fn reason(e: IllegalMove) -> &'static str {
    match e {
        // Under positional superko an immediate ko retake is a repetition like any other.
        IllegalMove::Ko | IllegalMove::Superko => "superko",
        other => other.code(),
    }
}

/// Replays one file. Unreadable files give a report whose `error` says why.
pub fn replay_file(path: &Path) -> ReplayReport {
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let empty = |error: String| ReplayReport {
        file: file.clone(),
        moves: 0,
        prisoners: Prisoners { black: 0, white: 0 },
        error: Some(error),
        final_rows: String::new(),
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return empty(format!("read: {e}")),
    };
    let parsed = match sgf::parse(&bytes) {
        Ok(p) => p,
        Err(e) => return empty(format!("sgf: {e}")),
    };
    let Some(root) = parsed.root(0) else {
        return empty("sgf: no game tree".into());
    };
    match replay_main_line(root, Rules::chinese()) {
        Err(e) => empty(format!("sgf: {e}")),
        Ok(r) => ReplayReport {
            file,
            moves: r.moves,
            prisoners: Prisoners {
                black: r.game.captures(Color::Black),
                white: r.game.captures(Color::White),
            },
            error: r.illegal.map(|(k, e)| format!("move {k}: {}", reason(e))),
            final_rows: r.game.board().to_rows(),
        },
    }
}
