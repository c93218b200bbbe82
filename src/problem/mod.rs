//! Problems (tsumego): the model, import from SGF and OGS puzzle JSON with the conventions of
//! the common collections, export back to SGF, and the judge that checks a learner's moves.
//!
//! Pure: no I/O. Builds on `go`; knows nothing of the database or the web.

mod check;
mod export;
pub mod generator;
mod import_ogs;
pub(crate) mod import_sgf;
mod judge;
mod legality;
mod model;
pub mod solver;
mod transform;
mod upload;

pub use check::{CheckReport, Finding, check_problem, position_key};
pub use export::to_sgf;
pub use import_ogs::{OgsError, from_ogs_json};
pub use import_sgf::{ImportError, from_sgf, from_sgf_bytes, from_sgf_file, level_of};
pub use judge::{
    JudgeError, Referee, TreeOnly, Verdict, WrongReason, judge, judge_replayed, main_correct_line,
    main_correct_path, next_correct_move, play_in_problem, replay_history, verify_tree,
};
pub use legality::{Illegality, check_legality};
pub use model::{Kind, Mark, Problem, Ruleset, SolutionTree, TreeNode, TreeNodeId, Viewport};
pub use transform::{Symmetry, transform};
pub use upload::{Rejected, Uploaded, read_upload, tree_text};
