//! The problem model: setup position, side to play, kind, viewport and the author's solution tree
//! with each line's verdict derived once at import.

use serde::Serialize;

use crate::go::{Board, Color, Move, Point};

/// What the learner is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Capture,
    Escape,
    Ladder,
    Net,
    Snapback,
    Connect,
    Cut,
    Live,
    Kill,
    Ko,
    CapturingRace,
    /// Life and death without a stated direction (e.g. "Black to play").
    LifeAndDeath,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Capture => "capture",
            Kind::Escape => "escape",
            Kind::Ladder => "ladder",
            Kind::Net => "net",
            Kind::Snapback => "snapback",
            Kind::Connect => "connect",
            Kind::Cut => "cut",
            Kind::Live => "live",
            Kind::Kill => "kill",
            Kind::Ko => "ko",
            Kind::CapturingRace => "capturing_race",
            Kind::LifeAndDeath => "life_and_death",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "capture" => Kind::Capture,
            "escape" => Kind::Escape,
            "ladder" => Kind::Ladder,
            "net" => Kind::Net,
            "snapback" => Kind::Snapback,
            "connect" => Kind::Connect,
            "cut" => Kind::Cut,
            "live" => Kind::Live,
            "kill" => Kind::Kill,
            "ko" => Kind::Ko,
            "capturing_race" => Kind::CapturingRace,
            "life_and_death" => Kind::LifeAndDeath,
            _ => return None,
        })
    }
}

/// The part of the board shown: columns `x0..=x1`, rows `y0..=y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Viewport {
    pub x0: u8,
    pub y0: u8,
    pub x1: u8,
    pub y1: u8,
}

impl Viewport {
    pub fn whole(size: u8) -> Viewport {
        Viewport {
            x0: 0,
            y0: 0,
            x1: size - 1,
            y1: size - 1,
        }
    }

    pub fn contains(&self, p: Point) -> bool {
        (self.x0..=self.x1).contains(&p.x) && (self.y0..=self.y1).contains(&p.y)
    }

    /// The bounding box of `points` grown by `margin`, clipped to the board; a box that reaches
    /// within two lines of an edge is stretched to that edge (corner and side problems).
    pub fn around(points: &[Point], size: u8, margin: u8) -> Viewport {
        if points.is_empty() {
            return Viewport::whole(size);
        }
        let (mut x0, mut y0, mut x1, mut y1) = (u8::MAX, u8::MAX, 0, 0);
        for p in points {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
        let grow_lo = |v: u8| if v <= margin + 2 { 0 } else { v - margin };
        let grow_hi = |v: u8| {
            if v + margin + 2 >= size - 1 {
                size - 1
            } else {
                v + margin
            }
        };
        Viewport {
            x0: grow_lo(x0),
            y0: grow_lo(y0),
            x1: grow_hi(x1),
            y1: grow_hi(y1),
        }
    }
}

/// The rules a problem was written under (SGF `RU[]`), as far as they change its answer: whether
/// a ko only the attacker can ever end is a kill (Japanese and Korean rules: bent four in the
/// corner is dead) or stays a ko (Chinese rules, sente's own and the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ruleset {
    #[default]
    Chinese,
    Japanese,
}

impl Ruleset {
    /// Reads an SGF `RU[]` value: "Japanese", "Korean", "jp", "kr" (any case) are the Japanese
    /// family; anything else (Chinese, AGA, NZ, Tromp-Taylor, …) counts by area and reads kos
    /// as the Chinese rules do.
    pub fn from_sgf(value: &str) -> Ruleset {
        let v = value.trim().to_ascii_lowercase();
        if v.starts_with("jap") || v.starts_with("kor") || v == "jp" || v == "kr" || v == "ja" {
            Ruleset::Japanese
        } else {
            Ruleset::Chinese
        }
    }

    /// The SGF `RU[]` value written on export.
    pub fn sgf_value(self) -> &'static str {
        match self {
            Ruleset::Chinese => "Chinese",
            Ruleset::Japanese => "Japanese",
        }
    }
}

/// An author's verdict on a node, from comments and SGF markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Correct,
    Wrong,
    None,
}

pub type TreeNodeId = usize;

/// One node of the solution tree. Node 0 is the start position (no move).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TreeNode {
    #[serde(skip)]
    pub mv: Option<(Color, Move)>,
    pub parent: Option<TreeNodeId>,
    pub children: Vec<TreeNodeId>,
    pub comment: Option<String>,
    pub mark: Mark,
    /// For a leaf: the line ending here is correct. For an inner node: some line through it is.
    pub leads_to_success: bool,
    /// The opponent chooses its reply at random among the children (goproblems' CHOICE).
    pub choice: bool,
}

/// The author's solution tree.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SolutionTree {
    pub nodes: Vec<TreeNode>,
}

impl SolutionTree {
    pub fn root(&self) -> &TreeNode {
        &self.nodes[0]
    }

    /// The child of `node` reached by `mv`.
    pub fn child_by_move(&self, node: TreeNodeId, mv: Move) -> Option<TreeNodeId> {
        self.nodes[node]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv.map(|(_, m)| m) == Some(mv))
    }

    /// Every leaf with its verdict.
    pub fn leaves(&self) -> impl Iterator<Item = (TreeNodeId, bool)> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.children.is_empty())
            .map(|(i, n)| (i, n.leads_to_success))
    }

    /// The moves from the root to `node`.
    pub fn path(&self, node: TreeNodeId) -> Vec<(Color, Move)> {
        let mut out = Vec::new();
        let mut cur = Some(node);
        while let Some(n) = cur {
            if let Some(mv) = self.nodes[n].mv {
                out.push(mv);
            }
            cur = self.nodes[n].parent;
        }
        out.reverse();
        out
    }

    /// The first moves of lines that lead to success.
    pub fn correct_first_moves(&self) -> Vec<Move> {
        self.root()
            .children
            .iter()
            .filter(|&&c| self.nodes[c].leads_to_success)
            .filter_map(|&c| self.nodes[c].mv.map(|m| m.1))
            .collect()
    }
}

/// A problem ready to be solved.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Problem {
    pub size: u8,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub to_play: Color,
    pub kind: Kind,
    pub viewport: Viewport,
    pub tree: SolutionTree,
    /// The root comment (often the question: "Black to play and live").
    pub comment: Option<String>,
    pub name: Option<String>,
    pub source: Option<String>,
    pub tags: Vec<String>,
    pub warnings: Vec<String>,
    /// The rules the author read it under (`RU[]`; Chinese when absent).
    pub rules: Ruleset,
}

impl Problem {
    /// The start position.
    pub fn board(&self) -> Board {
        let mut b = Board::new(self.size).expect("a problem's size was checked at import");
        for &p in &self.black {
            b.set(p, Some(Color::Black));
        }
        for &p in &self.white {
            b.set(p, Some(Color::White));
        }
        b
    }

    /// Whether the question asks for a ko: the kind says so, or the question does beside
    /// another kind ([`crate::problem::import_sgf::says_the_answer_is_a_ko`]).
    pub fn answer_is_a_ko(&self) -> bool {
        self.kind == Kind::Ko
            || self
                .comment
                .as_deref()
                .is_some_and(crate::problem::import_sgf::says_the_answer_is_a_ko)
    }

    /// The number of correct and wrong lines.
    pub fn line_counts(&self) -> (usize, usize) {
        let (mut correct, mut wrong) = (0, 0);
        for (_, ok) in self.tree.leaves() {
            if ok {
                correct += 1;
            } else {
                wrong += 1;
            }
        }
        (correct, wrong)
    }
}
