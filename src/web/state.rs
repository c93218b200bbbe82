//! What every request shares: the database pool, the judge's referee, and parsed problems.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use super::error::AppError;
use crate::db::{Pool, ProblemRow};
use crate::problem::solver::{Budget, SolverReferee};
use crate::problem::{Problem, from_sgf_bytes};

pub struct AppState {
    pub pool: Pool,
    /// Answers and attempts are written by one thread with group commit.
    pub writer: crate::db::Writer,
    pub referee: SolverReferee,
    /// Problems parsed from their stored SGF, by id (problems are immutable once stored).
    cache: RwLock<HashMap<i32, Arc<Problem>>>,
}

impl AppState {
    pub fn new(pool: Pool) -> AppState {
        AppState {
            pool: pool.clone(),
            writer: crate::db::Writer::start(pool.clone()),
            referee: SolverReferee {
                budget: Budget {
                    nodes: 20_000,
                    ..Budget::default()
                },
            },
            cache: RwLock::new(HashMap::new()),
        }
    }

    /// A connection from the pool.
    pub fn conn(&self) -> Result<crate::db::PooledConn, AppError> {
        Ok(self.pool.get()?)
    }

    /// The problem of a stored row (the `#k` suffix of `file` picks a tree of a collection).
    pub fn problem(&self, row: &ProblemRow) -> Result<Arc<Problem>, AppError> {
        if let Some(p) = self
            .cache
            .read()
            .map_err(|_| AppError::Internal("cache poisoned".into()))?
            .get(&row.id)
        {
            return Ok(p.clone());
        }
        let index = row
            .file
            .rsplit_once('#')
            .and_then(|(_, k)| k.parse::<usize>().ok())
            .unwrap_or(0);
        let broken = |why: String| {
            AppError::Internal(format!(
                "stored problem {} does not read back: {why}",
                row.id
            ))
        };
        let trees = from_sgf_bytes(row.sgf.as_bytes()).map_err(|e| broken(e.to_string()))?;
        let problem = trees
            .into_iter()
            .nth(index)
            .ok_or_else(|| broken("no such tree".into()))?
            .map_err(|e| broken(e.to_string()))?;
        let problem = Arc::new(problem);
        self.cache
            .write()
            .map_err(|_| AppError::Internal("cache poisoned".into()))?
            .insert(row.id, problem.clone());
        Ok(problem)
    }
}
