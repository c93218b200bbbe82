//! Open attempts in memory, so that an answer is the judge plus one queued durable write: the
//! attempt row, its moves as played, and the problem as shown, per attempt id, the least recently
//! answered dropped past a limit (`Settings::live_attempts`, 100,000 by default: about 40 MB).
//! It is only a cache: the writer's conditional UPDATE (`db::store_moves`) checks the
//! attempt's state and next sequence number in the database, so an entry made stale by another
//! server is refused there, dropped and loaded again (ARCHITECTURE.md "An answer").

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use lru::LruCache;

use crate::db::AttemptRow;
use crate::go::Move;
use crate::problem::Problem;

/// An open (or just finished) attempt as the answer path needs it.
#[derive(Clone)]
pub struct Live {
    pub attempt: AttemptRow,
    /// Every move stored so far, the learner's and the replies, in order.
    pub history: Vec<Move>,
    /// When the last move was stored (or the attempt started), for the time between moves.
    pub last_at: i64,
    pub problem: Arc<Problem>,
}

/// One attempt's place: an async lock (answers to one attempt wait for each other) around the
/// state, `None` until loaded.
pub type Slot = Arc<tokio::sync::Mutex<Option<Live>>>;

/// The open attempts of this server.
pub struct LiveAttempts {
    slots: Mutex<LruCache<i32, Slot>>,
}

impl LiveAttempts {
    pub fn new(capacity: usize) -> LiveAttempts {
        let cap = NonZeroUsize::new(capacity.max(1)).expect("at least one");
        LiveAttempts {
            slots: Mutex::new(LruCache::new(cap)),
        }
    }

    /// The attempt's slot (made empty when it has none), marked as just used.
    pub fn slot(&self, attempt: i32) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots
            .get_or_insert(attempt, || Arc::new(tokio::sync::Mutex::new(None)))
            .clone()
    }

    /// Starts holding a new attempt (the first answer then reads nothing).
    pub fn hold(&self, live: Live) {
        let id = live.attempt.id;
        let slot: Slot = Arc::new(tokio::sync::Mutex::new(Some(live)));
        self.slots
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .put(id, slot);
    }

    /// Drops an attempt (its state changed outside the answer path).
    pub fn forget(&self, attempt: i32) {
        self.slots
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop(&attempt);
    }

    /// How many attempts are held.
    pub fn len(&self) -> usize {
        self.slots.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
