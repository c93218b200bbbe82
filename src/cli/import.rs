//! `sente import`: reads problem files into a set of the database. Bad files and trees are
//! named with the reason and skipped; each file's problems are stored in one transaction.

use std::path::{Path, PathBuf};

use crate::db::{self, AnyConnection, ImportItem};
use crate::go::sgf;
use crate::problem::{check_legality, from_sgf_file, tree_text};

/// The outcome of an import.
#[derive(Debug, Default)]
pub struct ImportSummary {
    pub files: usize,
    pub added: usize,
    pub skipped: usize,
    /// "file: reason" for each file or tree that was not imported.
    pub errors: Vec<String>,
}

/// A set slug from a name: lower case, words joined by dashes.
pub fn slug_of(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// Imports `files` into the set `set_name` (created when missing).
pub fn import_files(
    conn: &mut AnyConnection,
    set_name: &str,
    source: Option<&str>,
    files: &[PathBuf],
    mut progress: impl FnMut(usize, usize),
) -> Result<ImportSummary, db::DbError> {
    let set_id = db::ensure_set(conn, &slug_of(set_name), set_name, source)?;
    let mut summary = ImportSummary::default();
    for (k, path) in files.iter().enumerate() {
        progress(k + 1, files.len());
        summary.files += 1;
        let items = match load_items(path) {
            Ok((items, errors)) => {
                summary.errors.extend(errors);
                items
            }
            Err(e) => {
                summary.errors.push(e);
                continue;
            }
        };
        let (added, skipped) = db::import_into_set(conn, set_id, &items)?;
        summary.added += added;
        summary.skipped += skipped;
    }
    Ok(summary)
}

/// The problems of one file, ready to store (each with its own tree's text), with
/// "file (problem k): reason" for each tree that is not a usable problem or has an illegal move;
/// Err names the file (and the line and column for SGF that does not read) when nothing can be
/// read from it.
pub fn load_items(path: &Path) -> Result<(Vec<ImportItem>, Vec<String>), String> {
    let name = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    let file = sgf::parse(&bytes).map_err(|e| format!("{shown}: not SGF: {e}"))?;
    let many = file.tree_count() > 1;
    let (mut items, mut errors) = (Vec::new(), Vec::new());
    for (index, (tree, root)) in from_sgf_file(&file)
        .into_iter()
        .zip(file.trees())
        .enumerate()
    {
        let problem = tree
            .map_err(|e| e.to_string())
            .and_then(|p| check_legality(&p).map(|()| p).map_err(|e| e.to_string()));
        match problem {
            Ok(problem) => items.push(ImportItem {
                file: if many {
                    format!("{name}#{index}")
                } else {
                    name.clone()
                },
                sgf: tree_text(root),
                problem,
            }),
            Err(e) => errors.push(format!("{shown} (problem {}): {e}", index + 1)),
        }
    }
    Ok((items, errors))
}

/// The set name for a path given on the command line: its folder's name.
pub fn default_set_name(path: &Path) -> String {
    let dir = if path.is_dir() {
        Some(path)
    } else {
        path.parent()
    };
    dir.and_then(|d| d.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "imported".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lower_case_words_joined_by_dashes() {
        assert_eq!(slug_of("Capture in One"), "capture-in-one");
        assert_eq!(slug_of("gokyo-shumyo"), "gokyo-shumyo");
        assert_eq!(slug_of("吃子 入门!"), "吃子-入门");
    }

    #[test]
    fn each_tree_is_stored_alone_as_utf8_with_its_charset_rewritten() {
        let (gbk, _, _) =
            encoding_rs::GBK.encode("(;CA[gb2312]SZ[9]C[黑先];B[aa])(;SZ[9]C[白先];W[bb])");
        let file = sgf::parse(&gbk).unwrap();
        assert_eq!(
            tree_text(file.root(0).unwrap()).replace('\n', ""),
            "(;CA[UTF-8]SZ[9]C[黑先];B[aa])"
        );
        let second = tree_text(file.root(1).unwrap());
        assert_eq!(second.replace('\n', ""), "(;SZ[9]C[白先];W[bb])");
        let again = sgf::parse(second.as_bytes()).unwrap();
        assert!(again.root(0).unwrap().get("C") == Some("白先"));
    }
}
