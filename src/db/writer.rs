//! Group commit: one writer thread owns the writes of answers and attempts. It drains the queue
//! and commits everything pending in one transaction (each job in its own savepoint, so one
//! failing job does not undo the others), then answers every waiting request. A request is
//! acknowledged only after its transaction has committed, so acknowledged moves are durable, and
//! SQLite never sees two writers at once (no SQLITE_BUSY retries, no busy-handler sleeps).

use std::sync::mpsc::{self, Receiver, Sender};

use diesel::Connection;

use super::connection::Pool;
use super::models::{AttemptRow, NewAttemptMove};
use super::queries::{self, AttemptSpec};

/// Most jobs committed together.
const MAX_BATCH: usize = 512;

enum Job {
    Moves {
        attempt_id: i32,
        rows: Vec<NewAttemptMove>,
        result: String,
        done: Sender<Result<(), diesel::result::Error>>,
    },
    Attempt {
        spec: AttemptSpec,
        done: Sender<Result<AttemptRow, diesel::result::Error>>,
    },
}

/// A failed write.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{0}")]
    Query(#[from] diesel::result::Error),
    #[error("the database writer is not running: {0}")]
    Writer(String),
}

/// The handle requests use to write.
pub struct Writer {
    tx: Sender<Job>,
}

impl Writer {
    /// Starts the writer thread on connections of `pool`.
    pub fn start(pool: Pool) -> Writer {
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("sente-db-writer".into())
            .spawn(move || run(pool, rx))
            .expect("start the database writer thread");
        Writer { tx }
    }

    /// Stores a learner's move (and the reply) and ends the attempt when `result` is final.
    pub fn record_moves(
        &self,
        attempt_id: i32,
        rows: Vec<NewAttemptMove>,
        result: &str,
    ) -> Result<(), WriteError> {
        let (done, wait) = mpsc::channel();
        self.tx
            .send(Job::Moves {
                attempt_id,
                rows,
                result: result.to_string(),
                done,
            })
            .map_err(|e| WriteError::Writer(e.to_string()))?;
        Ok(wait
            .recv()
            .map_err(|e| WriteError::Writer(e.to_string()))??)
    }

    /// Starts an attempt.
    pub fn create_attempt(&self, spec: AttemptSpec) -> Result<AttemptRow, WriteError> {
        let (done, wait) = mpsc::channel();
        self.tx
            .send(Job::Attempt { spec, done })
            .map_err(|e| WriteError::Writer(e.to_string()))?;
        Ok(wait
            .recv()
            .map_err(|e| WriteError::Writer(e.to_string()))??)
    }
}

fn run(pool: Pool, rx: Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut jobs = vec![first];
        while jobs.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(j) => jobs.push(j),
                Err(_) => break,
            }
        }
        let mut conn = match pool.get() {
            Ok(c) => c,
            Err(e) => {
                let msg = e.to_string();
                for job in jobs {
                    fail(job, &msg);
                }
                continue;
            }
        };
        // Each job in a savepoint; the batch commits once.
        let mut outcomes: Vec<Result<Option<AttemptRow>, diesel::result::Error>> =
            Vec::with_capacity(jobs.len());
        let committed = conn.transaction::<_, diesel::result::Error, _>(|conn| {
            for job in &jobs {
                outcomes.push(conn.transaction(|conn| match job {
                    Job::Moves {
                        attempt_id,
                        rows,
                        result,
                        ..
                    } => queries::insert_moves(conn, *attempt_id, rows, result).map(|()| None),
                    Job::Attempt { spec, .. } => queries::insert_attempt(conn, spec).map(Some),
                }));
            }
            Ok(())
        });
        match committed {
            Ok(()) => {
                for (job, outcome) in jobs.into_iter().zip(outcomes) {
                    match (job, outcome) {
                        (Job::Moves { done, .. }, r) => {
                            let _ = done.send(r.map(|_| ()));
                        }
                        (Job::Attempt { done, .. }, Ok(Some(row))) => {
                            let _ = done.send(Ok(row));
                        }
                        (Job::Attempt { done, .. }, Ok(None)) => {
                            let _ = done.send(Err(diesel::result::Error::NotFound));
                        }
                        (Job::Attempt { done, .. }, Err(e)) => {
                            let _ = done.send(Err(e));
                        }
                    }
                }
            }
            Err(e) => {
                let msg = e.to_string();
                for job in jobs {
                    fail(job, &msg);
                }
            }
        }
    }
}

fn fail(job: Job, msg: &str) {
    let err = || diesel::result::Error::QueryBuilderError(msg.to_string().into());
    match job {
        Job::Moves { done, .. } => {
            let _ = done.send(Err(err()));
        }
        Job::Attempt { done, .. } => {
            let _ = done.send(Err(err()));
        }
    }
}
