//! Reads that pages and the API repeat on every request (problem lists, one problem, the sets),
//! kept for a short time in memory: a problem's rating moves with every rated game, so an entry
//! lives `READ_TTL` at most; an edit of the bank (an import, a teacher's change) calls
//! `invalidate` and the next read goes to the database. Each server keeps its own copies; with
//! several servers an edit on one is seen by the others within `READ_TTL`.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a read is served from memory.
pub const READ_TTL: Duration = Duration::from_secs(2);
/// Most entries of one kind kept (older ones are dropped when it is full).
const MAX_ENTRIES: usize = 10_000;

/// Copies of one kind of read, by key.
pub struct Reads<K, V> {
    entries: Mutex<HashMap<K, (Instant, Arc<V>)>>,
}

impl<K: Eq + Hash + Clone, V> Default for Reads<K, V> {
    fn default() -> Self {
        Reads {
            entries: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Eq + Hash + Clone, V> Reads<K, V> {
    /// The fresh copy for `key`, or `load`'s answer (kept when it succeeds).
    pub fn get_or_load<E>(
        &self,
        key: &K,
        load: impl FnOnce() -> Result<V, E>,
    ) -> Result<Arc<V>, E> {
        let now = Instant::now();
        if let Some((at, v)) = self.lock().get(key)
            && now.duration_since(*at) < READ_TTL
        {
            return Ok(v.clone());
        }
        let v = Arc::new(load()?);
        let mut entries = self.lock();
        if entries.len() >= MAX_ENTRIES {
            entries.retain(|_, (at, _)| now.duration_since(*at) < READ_TTL);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key.clone(), (now, v.clone()));
        Ok(v)
    }

    /// Forgets the copy of one key.
    pub fn forget(&self, key: &K) {
        self.lock().remove(key);
    }

    /// Forgets every copy.
    pub fn invalidate(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, (Instant, Arc<V>)>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_is_kept_until_invalidated() {
        let reads: Reads<u8, u32> = Reads::default();
        let mut loads = 0;
        for _ in 0..3 {
            let v = reads
                .get_or_load(&1, || {
                    loads += 1;
                    Ok::<_, ()>(7)
                })
                .unwrap();
            assert_eq!(*v, 7);
        }
        assert_eq!(loads, 1, "served from memory");
        reads.invalidate();
        reads
            .get_or_load(&1, || {
                loads += 1;
                Ok::<_, ()>(8)
            })
            .unwrap();
        assert_eq!(loads, 2, "an edit makes the next read go to the database");
        assert!(
            reads.get_or_load(&2, || Err("db down")).is_err(),
            "errors are not kept"
        );
    }
}
