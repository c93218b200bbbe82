//! Reading uploaded problem files (ARCHITECTURE.md "Teachers' sets"): one SGF, an SGF collection
//! or OGS puzzle JSON (one puzzle or an array), in UTF-8 or GBK/GB18030 (the SGF reader honours
//! `CA[]` and falls back by detection). Each problem is read, checked for legality and kept with
//! its own tree's text; a problem that fails is rejected with the reason, the others are kept.
//! Pure: bytes in, problems and reasons out.

use crate::go::sgf::{self, Node, Sgf};

use super::export::to_sgf;
use super::import_ogs::from_ogs_json;
use super::import_sgf::from_sgf_file;
use super::legality::check_legality;
use super::model::Problem;

/// A problem read from an upload, ready to store.
#[derive(Debug, Clone)]
pub struct Uploaded {
    /// The file name, with `#k` for the k-th problem (from 0) of a file that holds several.
    pub file: String,
    /// This problem's game tree alone, as UTF-8 SGF.
    pub sgf: String,
    pub problem: Problem,
}

/// A problem (or a whole file) that cannot be used, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Rejected {
    pub file: String,
    /// The problem's index in its file (from 0); 0 when the whole file is unreadable.
    pub index: usize,
    pub reason: String,
}

/// One problem as read: its tree's text and the problem, or why it cannot be read.
type Read = Result<(String, Problem), String>;

/// Reads every problem of one uploaded file.
pub fn read_upload(file: &str, bytes: &[u8]) -> (Vec<Uploaded>, Vec<Rejected>) {
    let reject = |index: usize, reason: String| Rejected {
        file: file.to_string(),
        index,
        reason,
    };
    let trimmed = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let first = trimmed.iter().find(|b| !b.is_ascii_whitespace());
    let read: Vec<Read> = match first {
        None => return (Vec::new(), vec![reject(0, "the file is empty".into())]),
        Some(b'{') | Some(b'[') => match ogs_puzzles(trimmed) {
            Ok(list) => list,
            Err(e) => return (Vec::new(), vec![reject(0, e)]),
        },
        Some(_) => match sgf::parse(trimmed) {
            Ok(parsed) => from_sgf_file(&parsed)
                .into_iter()
                .zip(parsed.trees())
                .map(|(p, root)| p.map(|p| (tree_text(root), p)).map_err(|e| e.to_string()))
                .collect(),
            Err(e) => return (Vec::new(), vec![reject(0, format!("not SGF: {e}"))]),
        },
    };
    let many = read.len() > 1;
    let (mut kept, mut rejected) = (Vec::new(), Vec::new());
    for (index, r) in read.into_iter().enumerate() {
        let checked = r.and_then(|(text, p)| match check_legality(&p) {
            Ok(()) => Ok((text, p)),
            Err(e) => Err(e.to_string()),
        });
        match checked {
            Ok((sgf, problem)) => kept.push(Uploaded {
                file: if many {
                    format!("{file}#{index}")
                } else {
                    file.to_string()
                },
                sgf,
                problem,
            }),
            Err(reason) => rejected.push(reject(index, reason)),
        }
    }
    (kept, rejected)
}

/// The puzzles of an OGS JSON file (one object, or an array of them), each with its SGF text.
fn ogs_puzzles(bytes: &[u8]) -> Result<Vec<Read>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "OGS JSON must be UTF-8".to_string())?;
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let items = match value {
        serde_json::Value::Array(items) => items,
        one => vec![one],
    };
    Ok(items
        .iter()
        .map(|item| {
            from_ogs_json(&item.to_string())
                .map(|p| (to_sgf(&p), p))
                .map_err(|e| format!("not an OGS puzzle: {e}"))
        })
        .collect())
}

/// The SGF text of one game tree alone: the tree copied into a collection of its own and
/// written with the project's writer, so that reading it back gives the same tree. Values are
/// already decoded, so the text is UTF-8 and a `CA` property says so.
pub fn tree_text(root: Node<'_>) -> String {
    let mut one = Sgf::new();
    // (node to copy, its copy's parent); iterative, as trees can be deep.
    let mut stack = vec![(root, None)];
    while let Some((node, parent)) = stack.pop() {
        let props: Vec<(&str, Vec<&str>)> = node
            .props()
            .map(|(id, values)| match id {
                "CA" if parent.is_none() => (id, vec!["UTF-8"]),
                _ => (id, values.collect()),
            })
            .collect();
        let copy = one.add_node(parent, &props);
        let kids: Vec<_> = node.children().collect();
        stack.extend(kids.into_iter().rev().map(|k| (k, Some(copy))));
    }
    sgf::write(&one)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gbk_collection_keeps_good_problems_and_rejects_bad_ones_with_reasons() {
        let text = "(;CA[gb2312]SZ[9]AB[ba]AW[aa]C[黑先吃];B[ab]C[正解])\
                    (;SZ[9]AB[aa]AW[ba][ab]C[黑先];B[bb])\
                    (;SZ[9]AW[bb];B[bb]C[错])";
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        let (kept, rejected) = read_upload("a.sgf", &gbk);
        assert_eq!(kept.len(), 1, "{rejected:?}");
        assert_eq!(kept[0].file, "a.sgf#0");
        assert!(kept[0].sgf.contains("黑先吃"));
        assert_eq!(
            rejected.iter().map(|r| r.index).collect::<Vec<_>>(),
            vec![1, 2]
        );
        assert!(rejected[0].reason.contains("no liberties"), "{rejected:?}");
    }

    #[test]
    fn broken_files_are_rejected_whole() {
        let (kept, rejected) = read_upload("x.sgf", b"(;SZ[9]AB[aa");
        assert!(kept.is_empty());
        assert!(rejected[0].reason.starts_with("not SGF"), "{rejected:?}");
        let (_, rejected) = read_upload("x.json", b"{\"puzzle\": 3}");
        assert!(rejected[0].reason.starts_with("not an OGS puzzle"));
        let (_, rejected) = read_upload("e.sgf", b"  \n");
        assert_eq!(rejected[0].reason, "the file is empty");
    }
}
