//! Problems from SGF: one problem per game tree, with the conventions of the collections in use.
//!
//! - Correct lines: `C[RIGHT]` (goproblems), comments starting "Correct"/"Also correct" (Go Game
//!   Guru), 正解/正确/成功, `TE`, `GB`/`GW` for the side to play. Wrong: "Wrong"/"Incorrect",
//!   失败/错误/不正确, `BM`, `NOTTHIS`, `GB`/`GW` for the other side. The nearest mark on a line
//!   decides it.
//! - An unmarked line is correct when the learner always chose the main variation, whatever the
//!   opponent answered: the first variation leading to a correct mark, else the first one without
//!   a failure mark. So classical files (main line = solution, sometimes one side line marked
//!   正解 or 失败) and Go Game Guru files (every correct leaf marked) both read as their authors meant.
//! - Side to play: `PL`, else the first move's colour, else the comment (Black to play, 黑先, 白先);
//!   when `PL` and the first move disagree the moves win, with a warning.
//! - `CHOICE` in a comment: the opponent picks its reply at random among the variations.

use crate::go::sgf::{self, Node, SgfError, ValueError, board_size, parse_move, parse_point_list};
use crate::go::{Color, Move, Point};

use super::model::{Kind, Mark, Problem, Ruleset, SolutionTree, TreeNode, Viewport};

/// Why a game tree is not a usable problem.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("not SGF: {0}")]
    Sgf(#[from] SgfError),
    #[error("{0}")]
    Value(#[from] ValueError),
    #[error("no solution: the tree has no moves")]
    NoSolution,
    #[error("no correct line: every line of the tree is marked wrong")]
    NoCorrectLine,
    #[error("the setup position is empty")]
    EmptyBoard,
}

/// Reads every problem of an SGF file (a collection gives several). The outer error is a file
/// that is not SGF at all; each tree may fail on its own.
pub fn from_sgf_bytes(bytes: &[u8]) -> Result<Vec<Result<Problem, ImportError>>, SgfError> {
    Ok(from_sgf_file(&sgf::parse(bytes)?))
}

/// Every problem of an already parsed file; the file's reading warnings go to each problem.
pub fn from_sgf_file(file: &sgf::Sgf) -> Vec<Result<Problem, ImportError>> {
    file.trees()
        .map(|root| {
            from_sgf(root).map(|mut p| {
                p.warnings.splice(0..0, file.warnings.iter().cloned());
                p
            })
        })
        .collect()
}

/// Reads the problem of one game tree.
pub fn from_sgf(root: Node<'_>) -> Result<Problem, ImportError> {
    let size = board_size(root)?;
    let mut warnings = Vec::new();
    // Setup: the root and any move-less nodes that follow it on the main line.
    let mut black = Vec::new();
    let mut white = Vec::new();
    let mut start = root;
    loop {
        apply_setup(start, size, &mut black, &mut white)?;
        let mut kids = start.children();
        match (kids.next(), kids.next()) {
            (Some(only), None) if !has_move(only) && only.child_count() > 0 => start = only,
            _ => break,
        }
    }
    if black.is_empty() && white.is_empty() {
        return Err(ImportError::EmptyBoard);
    }
    let root_comment = root
        .get("C")
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty());
    let first_move_color = first_move(start).map(|(c, _)| c);
    let pl = root.get("PL").and_then(|v| match v.trim() {
        "B" | "b" | "1" => Some(Color::Black),
        "W" | "w" | "2" => Some(Color::White),
        _ => None,
    });
    let from_comment = root_comment.as_deref().and_then(color_from_text);
    let to_play = match (pl, first_move_color) {
        (Some(p), Some(m)) if p != m => {
            warnings.push(format!(
                "PL[{}] disagrees with the first move ({}): following the moves",
                p.sgf_letter(),
                m.sgf_letter()
            ));
            m
        }
        (Some(p), _) => p,
        (None, Some(m)) => m,
        (None, None) => from_comment.unwrap_or(Color::Black),
    };

    let mut tree = SolutionTree {
        nodes: vec![blank_node(None, None)],
    };
    tree.nodes[0].comment = None;
    build_tree(start, size, &mut tree)?;
    if tree.nodes.len() == 1 {
        return Err(ImportError::NoSolution);
    }
    resolve_lines(&mut tree, to_play);
    if !tree.nodes[0].leads_to_success {
        return Err(ImportError::NoCorrectLine);
    }

    let text = [root.get("GN"), root_comment.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let kind = kind_from_text(&text).unwrap_or(Kind::LifeAndDeath);
    let viewport = match root.get("VW") {
        Some(v) if !v.trim().is_empty() => {
            let pts = parse_point_list(root.values("VW"), size)?;
            Viewport::around(&pts, size, 0)
        }
        _ => {
            let mut pts: Vec<Point> = black.iter().chain(white.iter()).copied().collect();
            pts.extend(tree.nodes.iter().filter_map(|n| match n.mv {
                Some((_, Move::Play(p))) => Some(p),
                _ => None,
            }));
            Viewport::around(&pts, size, 1)
        }
    };
    Ok(Problem {
        size,
        black,
        white,
        to_play,
        kind,
        viewport,
        tree,
        comment: root_comment,
        name: root
            .get("GN")
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty()),
        source: root
            .get("SO")
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty()),
        tags: level_tag(root),
        warnings,
        rules: root.get("RU").map(Ruleset::from_sgf).unwrap_or_default(),
    })
}

/// The generator's grade (`LV[1]` … `LV[7]`, ARCHITECTURE.md "Problem generator") as the tag
/// `level-N`; nothing for another value.
fn level_tag(root: Node<'_>) -> Vec<String> {
    root.get("LV")
        .and_then(|v| v.trim().parse::<u8>().ok())
        .filter(|l| (1..=7).contains(l))
        .map(|l| vec![format!("level-{l}")])
        .unwrap_or_default()
}

/// The level of a problem's `level-N` tag.
pub fn level_of(p: &Problem) -> Option<u8> {
    p.tags
        .iter()
        .find_map(|t| t.strip_prefix("level-")?.parse().ok())
}

fn has_move(n: Node<'_>) -> bool {
    n.has("B") || n.has("W")
}

fn apply_setup(
    n: Node<'_>,
    size: u8,
    black: &mut Vec<Point>,
    white: &mut Vec<Point>,
) -> Result<(), ImportError> {
    for p in parse_point_list(n.values("AE"), size)? {
        black.retain(|&q| q != p);
        white.retain(|&q| q != p);
    }
    // A point set twice keeps its last colour.
    for p in parse_point_list(n.values("AB"), size)? {
        white.retain(|&q| q != p);
        if !black.contains(&p) {
            black.push(p);
        }
    }
    for p in parse_point_list(n.values("AW"), size)? {
        black.retain(|&q| q != p);
        if !white.contains(&p) {
            white.push(p);
        }
    }
    Ok(())
}

fn first_move(n: Node<'_>) -> Option<(Color, String)> {
    n.children().find_map(|c| {
        c.get("B")
            .map(|v| (Color::Black, v.to_string()))
            .or_else(|| c.get("W").map(|v| (Color::White, v.to_string())))
    })
}

fn blank_node(mv: Option<(Color, Move)>, parent: Option<usize>) -> TreeNode {
    TreeNode {
        mv,
        parent,
        children: Vec::new(),
        comment: None,
        mark: Mark::None,
        leads_to_success: false,
        choice: false,
    }
}

/// Copies the SGF variations below `start` into `tree` (iteratively: trees can be deep).
fn build_tree(start: Node<'_>, size: u8, tree: &mut SolutionTree) -> Result<(), ImportError> {
    let mut stack: Vec<(Node<'_>, usize)> = start.children().map(|c| (c, 0)).collect();
    stack.reverse();
    while let Some((node, parent)) = stack.pop() {
        let mv = match (node.get("B"), node.get("W")) {
            (Some(v), _) => Some((Color::Black, parse_move(v, size)?)),
            (None, Some(v)) => Some((Color::White, parse_move(v, size)?)),
            (None, None) => None,
        };
        let comment = node
            .get("C")
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty());
        let id = match mv {
            // The same move twice under one node (it happens in real files): one node, merged lines.
            Some(mv) if tree.child_by_move(parent, mv.1).is_some() => {
                tree.child_by_move(parent, mv.1).expect("checked")
            }
            Some(mv) => {
                let id = tree.nodes.len();
                tree.nodes.push(blank_node(Some(mv), Some(parent)));
                tree.nodes[parent].children.push(id);
                id
            }
            // A node without a move (a comment or a diagram step) belongs to the move before it.
            None => parent,
        };
        let n = &mut tree.nodes[id];
        if let Some(c) = comment {
            n.comment = Some(match n.comment.take() {
                Some(before) => format!("{before}\n{c}"),
                None => c,
            });
        }
        let mark = node_mark(node, n.comment.as_deref());
        if mark != Mark::None {
            n.mark = mark;
        }
        n.choice |= n.comment.as_deref().is_some_and(|c| c.contains("CHOICE"));
        let mut kids: Vec<_> = node.children().map(|c| (c, id)).collect();
        kids.reverse();
        stack.extend(kids);
    }
    Ok(())
}

fn node_mark(node: Node<'_>, comment: Option<&str>) -> Mark {
    if let Some(m) = comment.map(mark_from_comment).filter(|&m| m != Mark::None) {
        return m;
    }
    if node.has("BM") || node.has("DO") {
        return Mark::Wrong;
    }
    if node.has("TE") {
        return Mark::Correct;
    }
    Mark::None
}

/// The verdict a comment states, if any.
fn mark_from_comment(c: &str) -> Mark {
    let t = c.trim_start();
    let lower = t.to_lowercase();
    if t.contains("NOTTHIS")
        || ["不正确", "失败", "错误", "失敗", "錯誤"]
            .iter()
            .any(|w| t.contains(w))
    {
        return Mark::Wrong;
    }
    if lower.starts_with("wrong") || lower.starts_with("incorrect") || lower.starts_with("failure")
    {
        return Mark::Wrong;
    }
    if t.contains("RIGHT")
        || lower.starts_with("correct")
        || lower.starts_with("also correct")
        || lower.starts_with("right")
        || ["正解", "正确", "成功", "正確"]
            .iter()
            .any(|w| t.contains(w))
    {
        return Mark::Correct;
    }
    Mark::None
}

/// Derives each leaf's verdict and whether each node leads to success.
fn resolve_lines(tree: &mut SolutionTree, to_play: Color) {
    let n = tree.nodes.len();
    // Nodes are stored parents first, so a reverse sweep sees children before parents.
    let mut wrong_below = vec![false; n];
    let mut correct_below = vec![false; n];
    for id in (0..n).rev() {
        let node = &tree.nodes[id];
        wrong_below[id] = node.mark == Mark::Wrong || node.children.iter().any(|&c| wrong_below[c]);
        correct_below[id] =
            node.mark == Mark::Correct || node.children.iter().any(|&c| correct_below[c]);
    }
    let marks = Marks {
        wrong_below,
        correct_below,
    };
    for id in (0..n).rev() {
        if tree.nodes[id].children.is_empty() {
            tree.nodes[id].leads_to_success = leaf_verdict(tree, id, to_play, &marks);
        } else {
            let ok = tree.nodes[id]
                .children
                .iter()
                .any(|&c| tree.nodes[c].leads_to_success);
            tree.nodes[id].leads_to_success = ok;
        }
    }
}

struct Marks {
    wrong_below: Vec<bool>,
    correct_below: Vec<bool>,
}

fn leaf_verdict(tree: &SolutionTree, leaf: usize, to_play: Color, marks: &Marks) -> bool {
    let mut cur = Some(leaf);
    while let Some(id) = cur {
        match tree.nodes[id].mark {
            Mark::Correct => return true,
            Mark::Wrong => return false,
            Mark::None => cur = tree.nodes[id].parent,
        }
    }
    // Main-line rule for unmarked lines: at each of its moves the learner chose the main
    // variation: the first one leading to a correct mark, else the first without a failure mark.
    let mut cur = leaf;
    while let Some(parent) = tree.nodes[cur].parent {
        let is_learner = tree.nodes[cur].mv.is_some_and(|(c, _)| c == to_play);
        let kids = &tree.nodes[parent].children;
        let main = kids
            .iter()
            .copied()
            .find(|&k| marks.correct_below[k])
            .or_else(|| kids.iter().copied().find(|&k| !marks.wrong_below[k]))
            .unwrap_or(kids[0]);
        if is_learner && main != cur {
            return false;
        }
        cur = parent;
    }
    true
}

/// "Black to play", 黑先, 白先, "White to live"...
fn color_from_text(t: &str) -> Option<Color> {
    let lower = t.to_lowercase();
    if lower.contains("black to") || t.contains("黑先") || t.contains("黑棋") {
        Some(Color::Black)
    } else if lower.contains("white to") || t.contains("白先") || t.contains("白棋") {
        Some(Color::White)
    } else {
        None
    }
}

/// Whether a question says its answer is a ko beside another kind ("Black to play and win the
/// capturing race. The solution is a ko.", 对杀成劫, 劫活), in English or Chinese.
pub(crate) fn says_the_answer_is_a_ko(t: &str) -> bool {
    const SAYS_KO: [&str; 6] = [
        "solution is a ko",
        "result is a ko",
        "ends in a ko",
        "answer is a ko",
        "成劫",
        "劫活",
    ];
    let l = t.to_lowercase();
    SAYS_KO.iter().any(|w| l.contains(w))
}

/// Whether a comment on a correct line calls its result a ko ("Correct. It's a ko.", 成劫):
/// the word ko (劫), and no "no ko", "not a ko", "without a ko", "avoids the ko" or "potential
/// ko" (a ko left for later is not the result).
pub(crate) fn calls_it_a_ko(t: &str) -> bool {
    const NOT: [&str; 9] = [
        "no ko",
        "not a ko",
        "without",
        "avoid",
        "potential ko",
        "无劫",
        "不成劫",
        "不是劫",
        "避免",
    ];
    let l = t.to_lowercase();
    let word = l
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w == "ko");
    (word || l.contains('劫')) && !NOT.iter().any(|n| l.contains(n))
}

/// The kind a problem's title or question states, in English or Chinese.
pub(crate) fn kind_from_text(t: &str) -> Option<Kind> {
    let l = t.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| l.contains(w) || t.contains(w));
    Some(if has(&["capturing race", "semeai", "对杀", "對殺"]) {
        Kind::CapturingRace
    } else if has(&["snapback", "倒扑", "倒撲"]) {
        Kind::Snapback
    } else if has(&["ladder", "征子", "征吃"]) {
        Kind::Ladder
    } else if has(&["net", "枷吃", "枷"]) && !l.contains("network") {
        Kind::Net
    } else if has(&["get a ko", "make a ko", "打劫", "劫"]) {
        Kind::Ko
    } else if has(&["connect", "连接", "渡过", "連接"]) {
        Kind::Connect
    } else if has(&[" cut", "切断", "分断"]) {
        Kind::Cut
    } else if has(&["escape", "逃", "长出"]) {
        Kind::Escape
    } else if has(&["capture", "吃子", "提子", "吃掉"]) {
        Kind::Capture
    } else if has(&["kill", "杀", "殺"]) {
        Kind::Kill
    } else if has(&["live", "活"]) {
        Kind::Live
    } else {
        return None;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(src: &str) -> Problem {
        from_sgf_bytes(src.as_bytes()).unwrap().remove(0).unwrap()
    }

    #[test]
    fn a_race_whose_question_says_the_solution_is_a_ko_asks_for_a_ko() {
        let asked = |c: &str| {
            let p = one(&format!("(;SZ[9]AB[aa]AW[ba]PL[B]C[{c}];B[ca]C[Correct])"));
            (p.kind, p.answer_is_a_ko())
        };
        assert_eq!(
            asked("Black to play and win the capturing race. The solution is a ko."),
            (Kind::CapturingRace, true)
        );
        assert_eq!(
            asked("Black to play and win the capturing race."),
            (Kind::CapturingRace, false)
        );
        assert_eq!(asked("Black to play and get a ko."), (Kind::Ko, true));
        assert_eq!(asked("黑先 对杀 成劫"), (Kind::CapturingRace, true));
        assert_eq!(asked("Black to play and kill."), (Kind::Kill, false));
    }

    #[test]
    fn correct_comments_mark_lines_and_unmarked_lines_are_wrong() {
        let p = one(
            "(;SZ[9]AB[aa]AW[ba]C[Black to play.](;B[ca]C[Correct])(;B[bb];W[cb])(;B[cb]C[Also correct.]))",
        );
        assert_eq!(p.to_play, Color::Black);
        assert_eq!(p.line_counts(), (2, 1));
        assert_eq!(p.tree.correct_first_moves().len(), 2);
    }

    #[test]
    fn the_rules_come_from_ru_and_default_to_chinese() {
        let tree = "AB[aa]AW[ba](;B[ca]C[Correct])(;B[bb]))";
        for (ru, rules) in [
            ("RU[Japanese]", Ruleset::Japanese),
            ("RU[korean]", Ruleset::Japanese),
            ("RU[jp]", Ruleset::Japanese),
            ("RU[Chinese]", Ruleset::Chinese),
            ("RU[AGA]", Ruleset::Chinese),
            ("", Ruleset::Chinese),
        ] {
            let p = one(&format!("(;SZ[9]{ru}{tree}"));
            assert_eq!(p.rules, rules, "{ru}");
            let again = one(&crate::problem::to_sgf(&p));
            assert_eq!(again.rules, rules, "{ru} after export");
        }
    }

    #[test]
    fn goproblems_right_and_chinese_markers_are_understood() {
        let p = one("(;SZ[9]AB[aa]AW[ba](;B[ca]C[yes RIGHT])(;B[bb]C[失败]))");
        assert_eq!(p.line_counts(), (1, 1));
        let p = one("(;SZ[9]AB[aa]AW[ba]C[黑先](;B[bb]C[不正确])(;B[ca]C[正解]))");
        assert_eq!(p.line_counts(), (1, 1));
        assert_eq!(
            p.tree.correct_first_moves(),
            vec![Move::Play(Point::new(2, 0))]
        );
    }

    #[test]
    fn te_bm_and_notthis_markers_decide_lines() {
        let p = one("(;SZ[9]AB[aa]AW[ba](;B[ca]TE[1];W[dd];B[ee])(;B[bb]BM[1])(;B[cb]C[NOTTHIS]))");
        assert_eq!(p.line_counts(), (1, 2));
    }

    #[test]
    fn classical_trees_without_marks_are_solved_by_the_main_line() {
        // The learner's first variation is correct whatever the opponent answers; the other
        // first moves are wrong.
        let p = one(
            "(;SZ[19]AB[aa]AW[ba]PL[W](;W[sd](;B[rb];W[qa])(;B[ra];W[sb]))(;W[rb]TR[rb];B[sb]))",
        );
        assert_eq!(p.to_play, Color::White);
        assert_eq!(p.line_counts(), (2, 1));
    }

    #[test]
    fn a_first_variation_marked_as_failure_is_not_the_main_line() {
        let p = one(
            "(;SZ[19]AB[pb]AW[ob]PL[W](;W[qb];B[rb]C[失败])(;W[rb];B[qb];W[re])(;W[pa];B[rb]))",
        );
        assert_eq!(p.line_counts(), (1, 2));
        assert_eq!(
            p.tree.correct_first_moves(),
            vec![Move::Play(Point::new(17, 1))]
        );
    }

    #[test]
    fn duplicate_variations_are_merged() {
        let p = one("(;SZ[9]AB[aa]AW[ba](;B[ca];W[da];B[ea]C[Correct])(;B[ca];W[db]))");
        assert_eq!(p.tree.root().children.len(), 1);
        assert_eq!(p.tree.nodes[p.tree.root().children[0]].children.len(), 2);
    }

    #[test]
    fn pl_disagreeing_with_the_first_move_follows_the_moves_with_a_warning() {
        let p = one("(;SZ[9]AB[aa]AW[ba]PL[B];W[ca])");
        assert_eq!(p.to_play, Color::White);
        assert_eq!(p.warnings.len(), 1);
    }

    #[test]
    fn side_to_play_falls_back_to_the_comment() {
        let p = from_sgf_bytes("(;SZ[9]AB[aa]AW[ba]C[白先 活];B[ca])".as_bytes())
            .unwrap()
            .remove(0)
            .unwrap();
        assert_eq!(p.to_play, Color::Black, "moves win over the comment");
        assert_eq!(kind_from_text("白先 活"), Some(Kind::Live));
        assert_eq!(color_from_text("白先 活"), Some(Color::White));
    }

    #[test]
    fn kinds_are_read_from_english_and_chinese_questions() {
        assert_eq!(
            kind_from_text("White to play and win the capturing race."),
            Some(Kind::CapturingRace)
        );
        assert_eq!(
            kind_from_text("Black to play and connect underneath."),
            Some(Kind::Connect)
        );
        assert_eq!(
            kind_from_text("Black to play and get a ko."),
            Some(Kind::Ko)
        );
        assert_eq!(kind_from_text("黑先杀"), Some(Kind::Kill));
        assert_eq!(kind_from_text("Black to play."), None);
    }

    #[test]
    fn broken_problems_are_errors_not_panics() {
        assert!(matches!(
            from_sgf_bytes(b"(;SZ[9]AB[aa])").unwrap()[0],
            Err(ImportError::NoSolution)
        ));
        assert!(matches!(
            from_sgf_bytes(b"(;SZ[9];B[aa])").unwrap()[0],
            Err(ImportError::EmptyBoard)
        ));
        assert!(matches!(
            from_sgf_bytes(b"(;SZ[9]AB[zz];B[aa])").unwrap()[0],
            Err(ImportError::Value(_))
        ));
        assert!(matches!(
            from_sgf_bytes(b"(;SZ[9]AB[aa](;B[bb]C[Wrong])(;B[cc]BM[1]))").unwrap()[0],
            Err(ImportError::NoCorrectLine)
        ));
        assert!(from_sgf_bytes(b"(;SZ[9]").is_err());
    }

    #[test]
    fn viewport_is_the_bounding_box_with_a_margin_stretched_to_near_edges() {
        let p = one("(;SZ[19]AB[pp][qq]AW[rr];B[ss])");
        assert_eq!(
            p.viewport,
            Viewport {
                x0: 14,
                y0: 14,
                x1: 18,
                y1: 18
            }
        );
        let p = one("(;SZ[19]VW[aa:ee]AB[bb]AW[cc];B[dd])");
        assert_eq!((p.viewport.x0, p.viewport.x1), (0, 4));
    }
}
