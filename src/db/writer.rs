//! Group commit: one writer thread owns the writes of answers and attempts. It drains the queue
//! and commits everything pending in one transaction (each job in its own savepoint, so one
//! failing job does not undo the others), then answers every waiting request. A request is
//! acknowledged only after its transaction has committed, so acknowledged moves are durable, and
//! SQLite never sees two writers at once (no SQLITE_BUSY retries, no busy-handler sleeps).
//!
//! A job is any function of a connection: what it writes (and the rules around it) is the
//! caller's, the use-case layer's; this module only batches and commits.

use std::sync::mpsc::{self, Receiver, Sender};

use tokio::sync::oneshot;

use diesel::Connection;

use super::connection::{AnyConnection, Pool};

/// Most jobs committed together.
const MAX_BATCH: usize = 512;

/// Delivers a job's outcome once the batch's fate is known (`Some(reason)`: the commit failed).
type Deliver = Box<dyn FnOnce(Option<&str>) + Send>;
/// Runs a job in its savepoint and returns how to deliver its outcome.
type Job = Box<dyn FnOnce(&mut AnyConnection) -> Deliver + Send>;

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

    /// Runs `work` in its own savepoint of the next batch and returns its result after the batch
    /// has committed. An `Err` from `work` rolls back only its savepoint. Blocks the thread: call
    /// it from a blocking context (async code awaits `submit`).
    pub fn write<T, F>(&self, work: F) -> Result<T, WriteError>
    where
        T: Send + 'static,
        F: FnOnce(&mut AnyConnection) -> Result<T, diesel::result::Error> + Send + 'static,
    {
        self.submit(work)?
            .blocking_recv()
            .map_err(|e| WriteError::Writer(e.to_string()))?
    }

    /// Queues `work` and returns the receiver of its result, answered once the batch commits: an
    /// async request awaits it without holding a thread.
    pub fn submit<T, F>(
        &self,
        work: F,
    ) -> Result<oneshot::Receiver<Result<T, WriteError>>, WriteError>
    where
        T: Send + 'static,
        F: FnOnce(&mut AnyConnection) -> Result<T, diesel::result::Error> + Send + 'static,
    {
        let (done, wait) = oneshot::channel::<Result<T, WriteError>>();
        let job: Job = Box::new(move |conn| {
            let outcome = conn.transaction(work);
            Box::new(move |failed: Option<&str>| {
                let reply = match failed {
                    None => outcome.map_err(WriteError::Query),
                    Some(reason) => Err(WriteError::Writer(reason.to_string())),
                };
                let _ = done.send(reply);
            })
        });
        self.tx
            .send(job)
            .map_err(|e| WriteError::Writer(e.to_string()))?;
        Ok(wait)
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
                // Each job must still answer its request: run none, report the failure.
                drop(jobs);
                tracing::error!("database writer: no connection: {msg}");
                continue;
            }
        };
        let mut delivers: Vec<Deliver> = Vec::with_capacity(jobs.len());
        let committed = conn.transaction::<_, diesel::result::Error, _>(|conn| {
            for job in jobs {
                delivers.push(job(conn));
            }
            Ok(())
        });
        let failed = committed.err().map(|e| e.to_string());
        for deliver in delivers {
            deliver(failed.as_deref());
        }
    }
}
