//! Group commit: one writer thread owns the writes of answers and attempts. It drains the queue
//! and commits everything pending in one transaction (each job in its own savepoint, so one
//! failing job does not undo the others), then answers every waiting request. A request is
//! acknowledged only after its transaction has committed, so acknowledged moves are durable, and
//! SQLite never sees two writers at once (no SQLITE_BUSY retries, no busy-handler sleeps).
//!
//! A job is any function of a connection: what it writes (and the rules around it) is the
//! caller's, the use-case layer's; this module only batches and commits.

use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use diesel::Connection;

use super::connection::{AnyConnection, Pool, PooledConn};
use super::enums::AttemptResult;
use super::models::NewAttemptMove;
use super::queries;

/// Most jobs committed together.
const MAX_BATCH: usize = 512;

/// How long the writer keeps its connection between batches without testing it again.
const KEEP_CONNECTION: Duration = Duration::from_secs(1);

/// Delivers a job's outcome once the batch's fate is known (`Some(reason)`: the commit failed).
type Deliver = Box<dyn FnOnce(Option<&str>) + Send>;
/// Runs a job in its savepoint and returns how to deliver its outcome.
type Work = Box<dyn FnOnce(&mut AnyConnection) -> Deliver + Send>;
/// What runs after a stored move, in the same transaction (the rating of an ended attempt).
pub type AfterMove =
    Box<dyn FnOnce(&mut AnyConnection) -> Result<(), diesel::result::Error> + Send>;

/// A learner's move (and the reply) for an attempt expected at `seq`: the moves of a batch are
/// stored with one UPDATE of their attempts and one INSERT of their rows, so a batch costs a few
/// round trips however many answers it holds.
pub struct MoveWrite {
    pub attempt_id: i32,
    pub seq: i32,
    pub rows: Vec<NewAttemptMove>,
    pub result: AttemptResult,
    pub then: Option<AfterMove>,
}

/// Where a move's outcome goes: true once stored, false when the attempt had moved on.
type MoveDone = oneshot::Sender<Result<bool, WriteError>>;

enum Job {
    Work(Work),
    Move(MoveWrite, MoveDone),
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
        let job: Work = Box::new(move |conn| {
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
            .send(Job::Work(job))
            .map_err(|e| WriteError::Writer(e.to_string()))?;
        Ok(wait)
    }

    /// Queues a move: the receiver answers true once it is stored, false when the attempt had
    /// ended or moved on (another writer got there first; nothing stored).
    pub fn submit_move(
        &self,
        write: MoveWrite,
    ) -> Result<oneshot::Receiver<Result<bool, WriteError>>, WriteError> {
        let (done, wait) = oneshot::channel();
        self.tx
            .send(Job::Move(write, done))
            .map_err(|e| WriteError::Writer(e.to_string()))?;
        Ok(wait)
    }
}

fn run(pool: Pool, rx: Receiver<Job>) {
    // Under load the writer keeps its connection (no checkout and no ping per batch). After a
    // pause, or a failed batch, it goes back to the pool and the next batch checks one out, which
    // the pool tests first: a database that restarted meanwhile costs no batch.
    let mut held: Option<PooledConn> = None;
    let mut last_batch = Instant::now();
    while let Ok(first) = rx.recv() {
        if last_batch.elapsed() > KEEP_CONNECTION {
            held = None;
        }
        let mut jobs = vec![first];
        while jobs.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(j) => jobs.push(j),
                Err(_) => break,
            }
        }
        if held.is_none() {
            match pool.get() {
                Ok(c) => held = Some(c),
                Err(e) => {
                    let msg = e.to_string();
                    // Each job must still answer its request: run none, report the failure.
                    drop(jobs);
                    tracing::error!("database writer: no connection: {msg}");
                    continue;
                }
            }
        }
        let conn = held
            .as_mut()
            .expect("the writer's connection was just taken");
        let (mut works, mut moves) = (Vec::new(), Vec::new());
        for job in jobs {
            match job {
                Job::Work(w) => works.push(w),
                Job::Move(m, done) => moves.push((m, done)),
            }
        }
        let mut delivers: Vec<Deliver> = Vec::with_capacity(works.len());
        let mut stored = Vec::new();
        // Moves alone, with nothing run after them, are one statement on PostgreSQL: its own
        // transaction, one round trip.
        let alone = works.is_empty()
            && moves.iter().all(|(m, _)| m.then.is_none())
            && queries::moves_store_alone(conn);
        let committed = if alone {
            store_moves(conn, &mut moves).map(|s| stored = s)
        } else {
            queries::write_transaction(conn, |conn| {
                stored = store_moves(conn, &mut moves)?;
                for work in works {
                    delivers.push(work(conn));
                }
                Ok(())
            })
        };
        let failed = committed.err().map(|e| e.to_string());
        if failed.is_some() {
            held = None;
        }
        last_batch = Instant::now();
        for deliver in delivers {
            deliver(failed.as_deref());
        }
        deliver_moves(moves, stored, failed.as_deref());
    }
}

/// Answers the batch's moves: stored or not (`won`), or the commit's failure.
fn deliver_moves(moves: Vec<(MoveWrite, MoveDone)>, won: Vec<bool>, failed: Option<&str>) {
    for ((_, done), won) in moves
        .into_iter()
        .zip(won.into_iter().chain(std::iter::repeat(false)))
    {
        let _ = done.send(match failed {
            None => Ok(won),
            Some(reason) => Err(WriteError::Writer(reason.to_string())),
        });
    }
}

/// Stores the batch's moves (`queries::store_moves`), then what each winner sets off.
fn store_moves(
    conn: &mut AnyConnection,
    moves: &mut [(MoveWrite, MoveDone)],
) -> Result<Vec<bool>, diesel::result::Error> {
    let items: Vec<queries::MoveBatchItem> = moves
        .iter()
        .map(|(m, _)| queries::MoveBatchItem {
            advance: queries::Advance {
                attempt_id: m.attempt_id,
                seq: m.seq,
                added: m.rows.len() as i32,
                result: m.result,
            },
            rows: &m.rows,
        })
        .collect();
    let wins = queries::store_moves(conn, &items)?;
    drop(items);
    for ((m, _), w) in moves.iter_mut().zip(&wins) {
        if *w && let Some(then) = m.then.take() {
            then(conn)?;
        }
    }
    Ok(wins)
}
