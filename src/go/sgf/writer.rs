//! The SGF writer: FF[4] text with escaped values, variations in parentheses, the main line
//! kept as one sequence. No recursion, so any tree the reader accepts can be written.

use super::{Node, Sgf};

/// Writes the whole collection as SGF text.
pub fn write(sgf: &Sgf) -> String {
    let mut out = String::with_capacity(sgf.text.len() * 2 + sgf.nodes.len() * 4);
    for root in sgf.trees() {
        write_tree(&mut out, root);
        out.push('\n');
    }
    out
}

enum Step<'a> {
    Open(Node<'a>),
    Close,
}

fn write_tree(out: &mut String, root: Node<'_>) {
    let mut stack = vec![Step::Open(root)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Close => out.push(')'),
            Step::Open(node) => {
                if node.parent().is_some() {
                    out.push('\n');
                }
                out.push('(');
                // Follow single children inline: a main line stays one sequence.
                let mut cur = node;
                let mut in_sequence = 0;
                loop {
                    write_node(out, cur);
                    in_sequence += 1;
                    if cur.parent().is_none() || in_sequence % 10 == 0 {
                        out.push('\n');
                    }
                    let mut kids = cur.children();
                    match (kids.next(), kids.next()) {
                        (Some(only), None) => cur = only,
                        (None, _) => {
                            stack.push(Step::Close);
                            break;
                        }
                        (Some(_), Some(_)) => {
                            stack.push(Step::Close);
                            let all: Vec<_> = cur.children().collect();
                            stack.extend(all.into_iter().rev().map(Step::Open));
                            break;
                        }
                    }
                }
            }
        }
    }
}

fn write_node(out: &mut String, node: Node<'_>) {
    out.push(';');
    for (id, values) in node.props() {
        out.push_str(id);
        for v in values {
            out.push('[');
            for c in v.chars() {
                if c == ']' || c == '\\' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push(']');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    #[test]
    fn values_with_brackets_and_backslashes_survive_a_round_trip() {
        let mut sgf = Sgf::new();
        let root = sgf.add_node(None, &[("GM", vec!["1"]), ("C", vec!["a]b\\c [x]\n正解"])]);
        let a = sgf.add_node(Some(root), &[("B", vec!["aa"])]);
        sgf.add_node(Some(root), &[("B", vec!["bb"]), ("TE", vec!["1"])]);
        sgf.add_node(Some(a), &[("W", vec![""])]);
        let text = write(&sgf);
        assert_eq!(parse(text.as_bytes()).unwrap(), sgf, "{text}");
    }

    #[test]
    fn a_single_variation_is_written_as_a_sequence() {
        let f = parse(b"(;GM[1](;B[aa](;W[bb])))").unwrap();
        assert_eq!(write(&f).replace('\n', ""), "(;GM[1];B[aa];W[bb])");
    }
}
