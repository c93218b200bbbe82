//! Persistence: one diesel schema over SQLite (embedded, the default) and PostgreSQL, chosen by
//! the URL scheme; an r2d2 pool; migrations embedded per backend and run at start-up.
//!
//! Knows the domain types (problems, moves), not HTTP.

pub mod accounts;
mod batch;
mod connection;
pub mod devices;
mod enums;
pub mod games;
pub mod generate;
pub mod learning;
mod models;
mod queries;
pub mod schema;
pub mod secrets;
pub mod sets;
mod writer;

pub use connection::{AnyConnection, Backend, DbError, Pool, PooledConn, backend_of, connect_pool};
pub use enums::{AttemptResult, Role};
pub use models::{AttemptMoveRow, AttemptRow, NewAttemptMove, ProblemRow, ProblemSetRow};
pub use queries::*;
pub use queries::{AttemptSpec, ImportItem, ProblemFilter};
pub use writer::{AfterMove, MoveWrite, WriteError, Writer};
