//! SGF export of a match through the project's SGF writer (FF[4], opens in Sabaki).

use super::game::{Kind, Match};
use crate::go::sgf::{Sgf, write};
use crate::go::{Color, Move};

impl Match {
    /// The game record: size, rules, komi, handicap stones, every move and the result.
    /// Capture-Go is recorded as Go with the target in the game name and comment.
    pub fn to_sgf(&self) -> String {
        let size = self.size();
        let mut root: Vec<(&str, Vec<String>)> = vec![
            ("GM", vec!["1".into()]),
            ("FF", vec!["4".into()]),
            ("CA", vec!["UTF-8".into()]),
            ("AP", vec!["sente".into()]),
            ("SZ", vec![size.to_string()]),
        ];
        let initial = initial_stones(self);
        match self.kind() {
            Kind::Capture { target } => {
                root.push(("RU", vec!["Chinese".into()]));
                root.push(("KM", vec!["0".into()]));
                root.push(("GN", vec![format!("吃子棋 capture {target}")]));
                root.push((
                    "C",
                    vec![format!(
                        "Capture-Go: the first to capture {target} stones wins."
                    )],
                ));
            }
            Kind::Go { handicap } => {
                root.push(("RU", vec!["Chinese".into()]));
                root.push(("KM", vec!["7.5".into()]));
                if handicap >= 2 {
                    root.push(("HA", vec![handicap.to_string()]));
                    root.push(("AB", initial));
                }
            }
        }
        if let Some(o) = self.result() {
            root.push(("RE", vec![o.sgf_result()]));
        }
        let mut sgf = Sgf::new();
        let mut parent = sgf.add_node(None, &root);
        let mut color = if matches!(self.kind(), Kind::Go { handicap } if handicap >= 2) {
            Color::White
        } else {
            Color::Black
        };
        for &mv in self.moves() {
            let value = match mv {
                Move::Play(p) => p.to_sgf(),
                Move::Pass => String::new(),
            };
            parent = sgf.add_node(Some(parent), &[(color.sgf_letter(), vec![value])]);
            color = color.opponent();
        }
        write(&sgf)
    }
}

fn initial_stones(m: &Match) -> Vec<String> {
    match m.kind() {
        Kind::Go { handicap } if handicap >= 2 => crate::go::fixed_handicap(m.size(), handicap)
            .map(|v| v.iter().map(|p| p.to_sgf()).collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}
