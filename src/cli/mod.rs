//! Command-line front ends: argument types and the output of each subcommand. Each subcommand
//! reads files and prints; the domain work is done by the pure layers.

pub mod compose;
mod files;
pub mod import;
pub mod replay;
pub mod solve;
pub mod verify;

pub use files::collect_sgf_files;
