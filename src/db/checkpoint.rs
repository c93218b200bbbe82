//! SQLite checkpoints off the writer's thread. In WAL mode a commit appends the pages it changed
//! to the log; a checkpoint copies them back into the database file and syncs both files. SQLite
//! runs one inside the commit that grows the log past 1,000 pages, which put two syncs and a few
//! megabytes of copying into one batch of answers every few hundred: the answer path's p99
//! (ARCHITECTURE.md "An answer", Checkpoints). The writer's connection checkpoints only a long
//! log (`queries::writer_settings`); after the batches it commits, this thread runs a PASSIVE
//! checkpoint on a connection of its own, which never blocks the writer, so that the writer's
//! own checkpoint finds nearly every page copied and only restarts the log.

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::time::Duration;

use super::connection::Pool;
use super::queries;

/// How long the thread lets committed batches gather in the log before it copies them: at most
/// about a twentieth of a second of answers stays in the log only.
const GATHER: Duration = Duration::from_millis(50);

/// Wakes the checkpoint thread after a commit (never blocks the writer).
pub struct Nudge(SyncSender<()>);

impl Nudge {
    /// Says that a batch has committed.
    pub fn committed(&self) {
        // Full: a nudge is already waiting; gone: the backend needs no checkpoints.
        let _ = self.0.try_send(());
    }
}

/// Starts the thread for `pool`; it ends with the writer (when the `Nudge` is dropped) and at
/// once on PostgreSQL, which checkpoints by itself.
pub fn start(pool: Pool) -> Nudge {
    let (tx, rx) = sync_channel(1);
    std::thread::Builder::new()
        .name("sente-db-checkpoint".into())
        .spawn(move || run(pool, rx))
        .expect("start the database checkpoint thread");
    Nudge(tx)
}

fn run(pool: Pool, rx: Receiver<()>) {
    while rx.recv().is_ok() {
        std::thread::sleep(GATHER);
        // The commits of the pause are in this checkpoint too.
        let _ = rx.try_recv();
        let mut conn = match pool.get() {
            Ok(c) => c,
            Err(e) => {
                // The next commit tries again; the log only grows meanwhile.
                tracing::warn!("database checkpoint: no connection: {e}");
                continue;
            }
        };
        match queries::checkpoint(&mut conn) {
            Ok(None) => return,
            Ok(Some(c)) if c.busy != 0 => {
                tracing::debug!(
                    "database checkpoint: {} of {} pages copied",
                    c.copied,
                    c.log
                )
            }
            Ok(Some(_)) => {}
            Err(e) => tracing::warn!("database checkpoint: {e}"),
        }
    }
}
