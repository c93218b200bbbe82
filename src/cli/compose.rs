//! `sente compose` (the problem generator), `sente mine` (problems from game records) and
//! `sente bank` (the bank by kind and level): files in, files and tables out; the work is done
//! by `problem::generator` (ARCHITECTURE.md "Problem generator").

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::problem::generator::{self, Generated, Topic};
use crate::problem::{Problem, from_sgf_bytes, level_of};

use super::collect_sgf_files;

/// One problem of a bank folder, with the level and kind its set's folder name gives.
pub struct BankEntry {
    pub path: PathBuf,
    pub problem: Problem,
    pub set: Option<(u8, Topic)>,
}

/// Every problem under `paths`; a file that does not read is an error naming it.
pub fn read_bank(paths: &[PathBuf]) -> anyhow::Result<Vec<BankEntry>> {
    let mut out = Vec::new();
    for path in collect_sgf_files(paths)? {
        let bytes = std::fs::read(&path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let problems =
            from_sgf_bytes(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let set = path
            .parent()
            .and_then(|d| d.file_name())
            .and_then(|n| generator::parse_set_name(&n.to_string_lossy()));
        for p in problems {
            let problem = p.map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            out.push(BankEntry {
                path: path.clone(),
                problem,
                set,
            });
        }
    }
    Ok(out)
}

/// The keys (up to symmetry and colour) of every problem under `paths` that exist.
pub fn known_keys(paths: &[PathBuf]) -> anyhow::Result<HashSet<String>> {
    let existing: Vec<PathBuf> = paths.iter().filter(|p| p.exists()).cloned().collect();
    Ok(read_bank(&existing)?
        .iter()
        .map(|e| generator::key(&e.problem))
        .collect())
}

/// Writes each problem to `out/<set>/<file>`; returns the number written.
pub fn write_all(out: &Path, problems: &[Generated]) -> anyhow::Result<usize> {
    for g in problems {
        let dir = out.join(g.set_name());
        std::fs::create_dir_all(&dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
        let file = dir.join(g.file_name());
        std::fs::write(&file, &g.sgf).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    }
    Ok(problems.len())
}

/// The bank by kind (rows, in curriculum order) and level (columns) as a Markdown table; a
/// problem outside a level-and-kind folder counts by its `LV` level under "other".
pub fn table(entries: &[BankEntry]) -> String {
    let mut counts: BTreeMap<Option<Topic>, [usize; 8]> = BTreeMap::new();
    for e in entries {
        let (level, topic) = match e.set {
            Some((l, t)) => (l, Some(t)),
            None => (level_of(&e.problem).unwrap_or(0), None),
        };
        counts.entry(topic).or_default()[usize::from(level.min(7))] += 1;
    }
    let mut s = String::from(
        "| kind | L1 | L2 | L3 | L4 | L5 | L6 | L7 | total |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    let mut columns = [0usize; 8];
    for (topic, row) in &counts {
        let name = topic.map_or("other".to_string(), |t| format!("{} {}", t.zh(), t.en()));
        let total: usize = row.iter().sum();
        s.push_str(&format!("| {name} |"));
        for (l, n) in row.iter().enumerate().skip(1) {
            columns[l] += n;
            s.push_str(&format!(" {n} |"));
        }
        s.push_str(&format!(" {total} |\n"));
    }
    s.push_str("| **all** |");
    for n in &columns[1..] {
        s.push_str(&format!(" {n} |"));
    }
    s.push_str(&format!(" {} |\n", entries.len()));
    s
}

/// A progress bar on standard error: `[#####.....] made/wanted …`.
pub fn progress_bar(done: usize, wanted: usize, note: &str) {
    let width = 30;
    let filled = (done * width)
        .checked_div(wanted)
        .unwrap_or(width)
        .min(width);
    let mut err = std::io::stderr().lock();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{wanted} {note}   ",
        "#".repeat(filled),
        ".".repeat(width - filled)
    );
    let _ = err.flush();
}

/// Mines the records `files` for at most `limit` problems not in `known`;
/// `progress(record, records, found)` after each record.
pub fn mine_files(
    files: &[PathBuf],
    known: &HashSet<String>,
    limit: usize,
    mut progress: impl FnMut(usize, usize, usize),
) -> anyhow::Result<Vec<Generated>> {
    let mut known = known.clone();
    let mut out = Vec::new();
    for (k, path) in files.iter().enumerate() {
        if out.len() >= limit {
            break;
        }
        let bytes = std::fs::read(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let sgf = crate::go::sgf::parse(&bytes)
            .map_err(|e| anyhow::anyhow!("{}: not SGF: {e}", path.display()))?;
        let name = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        for root in sgf.trees() {
            let left = limit - out.len();
            out.extend(generator::mine::mine_record(
                root,
                &name,
                &mut known,
                left.min(3),
            ));
        }
        progress(k + 1, files.len(), out.len());
    }
    Ok(out)
}
