//! Problems back to SGF, with markers our importer (and other trainers) read: correct leaves
//! carry a comment starting "Correct" (正解), wrong leaves one starting "Wrong" (失败).

use crate::go::Move;
use crate::go::sgf::{self, Sgf};

use super::model::{Problem, Ruleset};

/// The problem as an SGF file.
pub fn to_sgf(problem: &Problem) -> String {
    let mut out = Sgf::new();
    let pts = |v: &[crate::go::Point]| v.iter().map(|p| p.to_sgf()).collect::<Vec<_>>();
    let vw = problem.viewport;
    let mut root_props: Vec<(&str, Vec<String>)> = vec![
        ("GM", vec!["1".into()]),
        ("FF", vec!["4".into()]),
        ("CA", vec!["UTF-8".into()]),
        ("AP", vec!["sente".into()]),
        ("SZ", vec![problem.size.to_string()]),
        ("PL", vec![problem.to_play.sgf_letter().into()]),
        ("AB", pts(&problem.black)),
        ("AW", pts(&problem.white)),
        (
            "VW",
            vec![format!(
                "{}:{}",
                crate::go::Point::new(vw.x0, vw.y0).to_sgf(),
                crate::go::Point::new(vw.x1, vw.y1).to_sgf()
            )],
        ),
    ];
    if let Some(name) = &problem.name {
        root_props.push(("GN", vec![name.clone()]));
    }
    if let Some(c) = &problem.comment {
        root_props.push(("C", vec![c.clone()]));
    }
    if let Some(so) = &problem.source {
        root_props.push(("SO", vec![so.clone()]));
    }
    if problem.rules != Ruleset::default() {
        root_props.push(("RU", vec![problem.rules.sgf_value().into()]));
    }
    root_props.retain(|(_, v)| !v.is_empty());
    let root = out.add_node(None, &root_props);
    let tree = &problem.tree;
    let mut stack: Vec<(usize, u32)> = tree
        .root()
        .children
        .iter()
        .rev()
        .map(|&c| (c, root))
        .collect();
    while let Some((id, parent)) = stack.pop() {
        let n = &tree.nodes[id];
        let Some((color, mv)) = n.mv else { continue };
        let value = match mv {
            Move::Play(p) => p.to_sgf(),
            Move::Pass => String::new(),
        };
        let mut props: Vec<(&str, Vec<String>)> = vec![(color.sgf_letter(), vec![value])];
        let comment = if n.children.is_empty() {
            let (marker, _) = if n.leads_to_success {
                ("Correct", "正解")
            } else {
                ("Wrong", "失败")
            };
            Some(match &n.comment {
                Some(c) if c.to_lowercase().starts_with(&marker.to_lowercase()) => c.clone(),
                Some(c) => format!("{marker}. {c}"),
                None => marker.to_string(),
            })
        } else {
            n.comment.clone()
        };
        if let Some(c) = comment {
            props.push(("C", vec![c]));
        }
        let sid = out.add_node(Some(parent), &props);
        stack.extend(n.children.iter().rev().map(|&c| (c, sid)));
    }
    sgf::write(&out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::from_sgf_bytes;

    #[test]
    fn export_then_import_keeps_position_and_verdicts() {
        let src = "(;SZ[19]AB[aa]AW[ba]PL[W]C[White to play and live.](;W[sd](;B[rb];W[qa])(;B[ra];W[sb]))(;W[rb];B[sb]))";
        let p = from_sgf_bytes(src.as_bytes()).unwrap().remove(0).unwrap();
        let again = from_sgf_bytes(to_sgf(&p).as_bytes())
            .unwrap()
            .remove(0)
            .unwrap();
        assert_eq!(
            (again.size, again.to_play, again.kind),
            (p.size, p.to_play, p.kind)
        );
        assert_eq!((&again.black, &again.white), (&p.black, &p.white));
        let verdicts = |q: &Problem| {
            q.tree
                .leaves()
                .map(|(id, ok)| (q.tree.path(id), ok))
                .collect::<Vec<_>>()
        };
        assert_eq!(verdicts(&again), verdicts(&p));
        assert_eq!(again.viewport, p.viewport);
    }
}
