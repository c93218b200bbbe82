//! Rule sets as data: which ko rule, whether suicide is allowed, how the game is scored.
//! The default is the Chinese rules of 2002 (positional superko, no suicide, area scoring,
//! komi 7.5 points = 3¾ stones).

use std::fmt;

/// How repetition is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone is forbidden.
    Simple,
    /// No move may recreate an earlier whole-board position (禁止全局同形再现).
    PositionalSuperko,
    /// No move may recreate an earlier position with the same player to move.
    SituationalSuperko,
}

/// How a finished game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// 数子法: stones plus surrounded points.
    Area,
    /// Japanese/Korean: surrounded points plus prisoners; no territory inside seki.
    Territory,
}

/// A complete rule set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    pub ko: KoRule,
    pub suicide_allowed: bool,
    pub scoring: Scoring,
    /// Points given to White.
    pub komi: f64,
    /// Whether White receives one point per handicap stone (half a stone each, 让子要贴还让子数的一半).
    pub handicap_compensation: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::chinese()
    }
}

impl Rules {
    /// Chinese rules (2002): positional superko, no suicide, area counting, komi 7.5.
    pub fn chinese() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide_allowed: false,
            scoring: Scoring::Area,
            komi: 7.5,
            handicap_compensation: true,
        }
    }

    /// Japanese/Korean-style rules: simple ko, no suicide, territory counting, komi 6.5.
    pub fn japanese() -> Rules {
        Rules {
            ko: KoRule::Simple,
            suicide_allowed: false,
            scoring: Scoring::Territory,
            komi: 6.5,
            handicap_compensation: false,
        }
    }

    /// Tromp-Taylor: positional superko, suicide allowed, area counting (for importing such records).
    pub fn tromp_taylor() -> Rules {
        Rules {
            suicide_allowed: true,
            handicap_compensation: false,
            ..Rules::chinese()
        }
    }
}

/// Why a move was refused. The game is unchanged after an illegal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the point is occupied")]
    Occupied,
    #[error("the move would leave its own chain without liberties (suicide)")]
    Suicide,
    #[error("the move retakes a ko immediately")]
    Ko,
    #[error("the move repeats an earlier whole-board position (superko)")]
    Superko,
    #[error("the point is off the board")]
    OffBoard,
    #[error("the game is over")]
    GameOver,
}

impl IllegalMove {
    /// A stable machine-readable name: `occupied`, `suicide`, `ko`, `superko`, `off_board`, `finished`.
    pub fn code(self) -> &'static str {
        match self {
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Superko => "superko",
            IllegalMove::OffBoard => "off_board",
            IllegalMove::GameOver => "finished",
        }
    }
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KoRule::Simple => "simple ko",
            KoRule::PositionalSuperko => "positional superko",
            KoRule::SituationalSuperko => "situational superko",
        })
    }
}
