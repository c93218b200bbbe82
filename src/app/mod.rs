//! The use cases: one function per thing a user does (sign up, sign in with a password or
//! pictures, link a child, add a pupil, record an answer, select the next problem, take the
//! placement test, read a log or growth page, export or delete a child's data). Each holds the
//! authorization and orchestrates db, problem and rating; the web pages, the JSON API and the
//! CLI call these and only render. A rule lives in exactly one function here
//! (ARCHITECTURE.md "Where each rule lives").

pub mod accounts;
pub mod actor;
pub mod answers;
pub mod assignments;
pub mod bank;
pub mod children;
pub mod classes;
pub mod devices;
pub mod editor;
pub mod error;
pub mod games;
pub mod learners;
pub mod live;
pub mod outcome;
pub mod reads;
pub mod secrets;
pub mod sets;
pub mod state;
pub mod teaching;
pub mod text;

pub use actor::{Actor, Admin, Grownup, Learner, Parent, Teacher};
pub use error::AppError;
pub use state::{AppState, LIVE_ATTEMPTS};
