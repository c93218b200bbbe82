//! Import stores each problem's own game tree and refuses trees with illegal moves; a database
//! URL that cannot work fails at once with a message that says what is wrong (issue #9, parts 6
//! and 7). Database stories run on both backends.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use sente::cli::import::import_files;
use sente::db::{self, ImportItem, ProblemFilter, ProblemRow, stored_problem};
use sente::problem::{Problem, from_sgf_bytes};

use crate::app::{Db, TestDb};

/// A folder of its own for one test, removed afterwards.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let name = format!(
            "sente-ic-{}-{}",
            std::process::id(),
            test.replace("::", "-")
        );
        let dir = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A small legal problem, told apart from the others by a stone on the bottom row.
fn legal_tree(k: usize) -> String {
    let col = (b'a' + k as u8) as char;
    format!(
        "(;GM[1]FF[4]SZ[9]GN[Problem {k}]AB[cc][dc][{col}i]AW[cd][dd]C[Black to play]\n\
         (;B[ce]C[Correct])\n(;B[de];W[ce];B[be]C[Wrong]))\n"
    )
}

/// Black's third move of the second variation, at aa, is suicide.
const SUICIDE_TREE: &str = "(;GM[1]FF[4]SZ[9]GN[Suicide]AW[ab][ba]AB[ee]C[Black to play]\n\
     (;B[bb]C[Correct])\n(;B[dd];W[de];B[aa]C[Wrong]))\n";

/// Six legal problems with the illegal one third: a collection file of seven trees.
fn collection() -> String {
    let mut trees: Vec<String> = (0..6).map(legal_tree).collect();
    trees.insert(2, SUICIDE_TREE.to_string());
    trees.concat()
}

fn rows_of(conn: &mut db::AnyConnection, set: &str) -> Vec<ProblemRow> {
    let filter = ProblemFilter {
        set: Some(set.into()),
        limit: 1000,
        ..ProblemFilter::default()
    };
    db::list_problems(conn, &filter).unwrap()
}

fn assert_same_problem(stored: &Problem, read: &Problem, what: &str) {
    assert_eq!(stored.size, read.size, "{what}: size");
    assert_eq!(stored.black, read.black, "{what}: black setup");
    assert_eq!(stored.white, read.white, "{what}: white setup");
    assert_eq!(stored.to_play, read.to_play, "{what}: side to play");
    assert_eq!(stored.tree, read.tree, "{what}: tree");
    assert_eq!(stored.name, read.name, "{what}: name");
}

fn a_collection_is_stored_one_tree_per_row(kind: Db, test: &str) {
    let Some(db) = TestDb::new(kind, test) else {
        return;
    };
    let scratch = Scratch::new(test);
    let text = collection();
    let path = scratch.write("collection.sgf", &text);
    let pool = db::connect_pool(&db.url, 1).unwrap();
    let mut conn = pool.get().unwrap();

    let summary = import_files(
        &mut conn,
        "Collection",
        None,
        std::slice::from_ref(&path),
        |_, _| {},
    )
    .unwrap();
    assert_eq!(summary.added, 6, "{:?}", summary.errors);
    assert_eq!(summary.errors.len(), 1, "{:?}", summary.errors);
    let refusal = &summary.errors[0];
    assert!(
        refusal.contains(
            "collection.sgf (problem 3): move 3 (B aa) of variation 2 is illegal: suicide"
        ),
        "{refusal}"
    );

    let rows = rows_of(&mut conn, "collection");
    assert_eq!(rows.len(), 6);
    let stored: usize = rows.iter().map(|r| r.sgf.len()).sum();
    assert!(
        stored * 2 <= text.len() * 3,
        "{stored} bytes stored for a file of {}",
        text.len()
    );
    let read: Vec<Problem> = from_sgf_bytes(text.as_bytes())
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let legal = [0, 1, 3, 4, 5, 6];
    for (row, &k) in rows.iter().zip(&legal) {
        assert_eq!(row.file, format!("collection.sgf#{k}"));
        let own = sente::go::sgf::parse(row.sgf.as_bytes()).unwrap();
        assert_eq!(own.tree_count(), 1, "{}: {}", row.file, row.sgf);
        let problem = stored_problem(&row.sgf, &row.file).unwrap();
        assert_same_problem(&problem, &read[k], &row.file);
    }

    let again = import_files(&mut conn, "Collection", None, &[path], |_, _| {}).unwrap();
    assert_eq!((again.added, again.skipped), (0, 6));
    assert_eq!(rows_of(&mut conn, "collection").len(), 6);
}

/// Rows written before each problem kept its own tree hold the whole file; they still read back,
/// and importing the file again does not store their problems a second time.
fn legacy_rows_read_back_and_are_not_imported_twice(kind: Db, test: &str) {
    let Some(db) = TestDb::new(kind, test) else {
        return;
    };
    let scratch = Scratch::new(test);
    let text: String = (0..4).map(legal_tree).collect();
    let path = scratch.write("old.sgf", &text);
    let pool = db::connect_pool(&db.url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    let read = from_sgf_bytes(text.as_bytes()).unwrap();
    let legacy: Vec<ImportItem> = read
        .into_iter()
        .enumerate()
        .map(|(k, p)| ImportItem {
            file: format!("old.sgf#{k}"),
            sgf: text.clone(),
            problem: p.unwrap(),
        })
        .collect();
    let set = db::ensure_set(&mut conn, "old", "Old", None).unwrap();
    assert_eq!(
        db::import_into_set(&mut conn, set, &legacy).unwrap(),
        (4, 0)
    );

    for (row, item) in rows_of(&mut conn, "old").iter().zip(&legacy) {
        let problem = stored_problem(&row.sgf, &row.file).unwrap();
        assert_same_problem(&problem, &item.problem, &row.file);
    }
    let again = import_files(&mut conn, "Old", None, &[path], |_, _| {}).unwrap();
    assert_eq!((again.added, again.skipped), (0, 4), "{:?}", again.errors);
}

both_backends!(
    a_collection_is_stored_one_tree_per_row,
    legacy_rows_read_back_and_are_not_imported_twice,
);

/// The error of opening `url`, and how long it took to come.
fn open_error(url: &str) -> (String, Duration) {
    let start = Instant::now();
    match db::connect_pool(url, 2) {
        Ok(_) => panic!("{url} opened"),
        Err(e) => (e.to_string(), start.elapsed()),
    }
}

#[test]
fn a_misspelt_scheme_is_one_line_from_the_cli_and_creates_no_file() {
    let scratch = Scratch::new("misspelt_scheme");
    let sgf = scratch.write("one.sgf", &legal_tree(0));
    let out = Command::new(env!("CARGO_BIN_EXE_sente"))
        .current_dir(&scratch.0)
        .args(["import", "--database", "postgress://x/sente"])
        .arg(&sgf)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "sente: cannot open the database: unknown database URL scheme 'postgress': \
         use sqlite:PATH or postgres://user@host/db"
    );
    let left: Vec<_> = std::fs::read_dir(&scratch.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("one.sgf")]);
}

#[test]
fn an_unknown_scheme_names_the_accepted_ones() {
    let (err, _) = open_error("postgress://x");
    assert!(err.contains("'postgress'"), "{err}");
    assert!(err.contains("sqlite:PATH or postgres://"), "{err}");
}

#[test]
fn an_sqlite_file_in_a_missing_folder_is_refused_and_no_folder_is_made() {
    let scratch = Scratch::new("missing_folder");
    let missing = scratch.0.join("nonexistent-dir");
    let (err, _) = open_error(&format!("sqlite:{}", missing.join("x.db").display()));
    assert_eq!(
        err,
        format!(
            "the folder {} for the SQLite database does not exist",
            missing.display()
        )
    );
    assert!(!missing.exists());
}

#[test]
fn a_refused_postgres_port_is_reported_at_once() {
    let (err, took) = open_error("postgres://postgres@127.0.0.1:1/sente");
    assert!(
        err.contains("refused") && err.contains("127.0.0.1:1"),
        "{err}"
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[test]
fn a_missing_postgres_database_is_named_at_once() {
    let Ok(admin) = std::env::var("SENTE_TEST_POSTGRES") else {
        eprintln!(
            "a_missing_postgres_database_is_named_at_once: skipped, SENTE_TEST_POSTGRES is not set"
        );
        return;
    };
    let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
    let name = format!("sente_missing_{}", std::process::id());
    let (err, took) = open_error(&format!("{base}/{name}"));
    assert!(
        err.contains(&format!("database '{name}' does not exist")) && err.contains("createdb"),
        "{err}"
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
}

/// The folder check is about folders only: a file in an existing folder is created as before.
#[test]
fn an_sqlite_file_in_an_existing_folder_is_created() {
    let scratch = Scratch::new("existing_folder");
    let file = scratch.0.join("new.db");
    let pool = db::connect_pool(&format!("sqlite:{}", file.display()), 1).unwrap();
    drop(pool);
    assert!(file.is_file());
}
