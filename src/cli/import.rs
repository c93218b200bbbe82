//! `sente import`: reads problem files into a set of the database. Bad files and trees are
//! named with the reason and skipped; each file's problems are stored in one transaction.

use std::path::{Path, PathBuf};

use crate::db::{self, AnyConnection, ImportItem};
use crate::problem::from_sgf_file;

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

/// The file's text as UTF-8: other charsets are decoded and their `CA` rewritten, so that the
/// stored source reads back the same.
fn utf8_source(bytes: &[u8], encoding: &str) -> String {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_string();
    }
    let enc = encoding_rs::Encoding::for_label(encoding.as_bytes()).unwrap_or(encoding_rs::GB18030);
    let (text, _, _) = enc.decode(bytes);
    match text.find("CA[") {
        Some(start) => match text[start..].find(']') {
            Some(len) => format!("{}CA[UTF-8]{}", &text[..start], &text[start + len + 1..]),
            None => text.into_owned(),
        },
        None => text.into_owned(),
    }
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

/// The problems of one file, ready to store, with "file (problem k): reason" for each bad tree;
/// Err names the file when it cannot be read at all.
pub fn load_items(path: &Path) -> Result<(Vec<ImportItem>, Vec<String>), String> {
    let name = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    let file = crate::go::sgf::parse(&bytes).map_err(|e| format!("{shown}: not SGF: {e}"))?;
    let trees = from_sgf_file(&file);
    let text = utf8_source(&bytes, file.encoding);
    let many = trees.len() > 1;
    let (mut items, mut errors) = (Vec::new(), Vec::new());
    for (index, tree) in trees.into_iter().enumerate() {
        match tree {
            Ok(problem) => items.push(ImportItem {
                file: if many {
                    format!("{name}#{index}")
                } else {
                    name.clone()
                },
                sgf: text.clone(),
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
    fn non_utf8_sources_are_stored_as_utf8_with_their_charset_rewritten() {
        let (gbk, _, _) = encoding_rs::GBK.encode("(;CA[gb2312]C[黑先];B[aa])");
        let text = utf8_source(&gbk, "gb18030");
        assert_eq!(text, "(;CA[UTF-8]C[黑先];B[aa])");
    }
}
