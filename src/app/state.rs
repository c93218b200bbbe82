//! What every use case shares: the database pool, the writer, the judge's referee, parsed
//! problems, and the limits of the secrets. Built once at start-up; the web layer holds it in
//! `web::Data`.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use super::error::AppError;
use super::secrets::Limits;
use crate::db::{Pool, ProblemRow};
use crate::problem::solver::{Budget, SolverReferee};
use crate::problem::{Problem, Symmetry, transform};

/// The solver's time for one move off the tree, in milliseconds.
pub const SOLVER_MS: u64 = 500;

/// Open attempts held in memory at most (about 400 bytes each plus their moves).
pub const LIVE_ATTEMPTS: usize = 100_000;

pub struct AppState {
    pub pool: Pool,
    /// Answers and attempts are written by one thread with group commit.
    pub writer: crate::db::Writer,
    pub referee: SolverReferee,
    /// Per-address request limits on the routes that check secrets (ARCHITECTURE.md "Secrets").
    pub limits: Limits,
    /// Open attempts in memory for the answer path.
    pub live: super::live::LiveAttempts,
    /// The bank's repeated reads, kept for a moment (`app::reads`).
    pub bank: super::bank::BankReads,
    /// Turns for solver searches (one per core): moves off the tree queue for them.
    pub solver_turns: tokio::sync::Semaphore,
    /// Changed games, pushed to the devices watching them (`app::games`).
    pub games: super::games::Hub,
    /// Problems parsed from their stored SGF, by id and view (problems are immutable once stored).
    cache: RwLock<HashMap<(i32, i32), Arc<Problem>>>,
}

impl AppState {
    pub fn new(pool: Pool) -> AppState {
        AppState::with_limits(pool, Limits::default())
    }

    /// The state with other request limits (tests, or a deployment behind a school's one
    /// address).
    pub fn with_limits(pool: Pool, limits: Limits) -> AppState {
        AppState {
            limits,
            live: super::live::LiveAttempts::new(LIVE_ATTEMPTS),
            bank: super::bank::BankReads::default(),
            games: super::games::Hub::default(),
            solver_turns: tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            ),
            pool: pool.clone(),
            writer: crate::db::Writer::start(pool.clone()),
            // A child waits for the verdict on a move off the author's tree: half a second of
            // search at most (ARCHITECTURE.md "An answer"); what it cannot prove is not accepted.
            referee: SolverReferee {
                budget: Budget {
                    time: std::time::Duration::from_millis(SOLVER_MS),
                    ..Budget::default()
                },
            },
            cache: RwLock::new(HashMap::new()),
        }
    }

    /// The same state holding at most `n` open attempts in memory (tests of eviction).
    pub fn with_live_capacity(mut self, n: usize) -> AppState {
        self.live = super::live::LiveAttempts::new(n);
        self
    }

    /// A connection from the pool.
    pub fn conn(&self) -> Result<crate::db::PooledConn, AppError> {
        Ok(self.pool.get()?)
    }

    /// The problem of a stored row (the `#k` suffix of `file` picks a tree of a collection).
    pub fn problem(&self, row: &ProblemRow) -> Result<Arc<Problem>, AppError> {
        self.problem_view(row, 0)
    }

    fn cached(&self, key: (i32, i32)) -> Result<Option<Arc<Problem>>, AppError> {
        Ok(self
            .cache
            .read()
            .map_err(|_| AppError::Internal("cache poisoned".into()))?
            .get(&key)
            .cloned())
    }

    /// The problem as an attempt shows it: `view` is a symmetry (0–7) plus 8 when the colours are
    /// swapped; every verdict of the tree is unchanged (reviews use it against memorising).
    pub fn problem_view(&self, row: &ProblemRow, view: i32) -> Result<Arc<Problem>, AppError> {
        if let Some(p) = self.cached((row.id, view))? {
            return Ok(p);
        }
        let problem = if view == 0 {
            self.parse(row)?
        } else {
            let (sym, swap) = split_view(view)?;
            let original = self.problem_view(row, 0)?;
            Arc::new(transform(&original, sym, swap))
        };
        self.cache
            .write()
            .map_err(|_| AppError::Internal("cache poisoned".into()))?
            .insert((row.id, view), problem.clone());
        Ok(problem)
    }

    fn parse(&self, row: &ProblemRow) -> Result<Arc<Problem>, AppError> {
        crate::db::stored_problem(&row.sgf, &row.file)
            .map(Arc::new)
            .map_err(|why| {
                AppError::Internal(format!(
                    "stored problem {} does not read back: {why}",
                    row.id
                ))
            })
    }
}

/// A view number as a symmetry and a colour swap.
pub fn split_view(view: i32) -> Result<(Symmetry, bool), AppError> {
    if !(0..16).contains(&view) {
        return Err(AppError::BadRequest(format!(
            "view {view} is not 0 to 15 (a symmetry 0-7, plus 8 to swap the colours)"
        )));
    }
    Ok((Symmetry::ALL[(view % 8) as usize], view >= 8))
}
