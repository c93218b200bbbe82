//! Live updates of games (ARCHITECTURE.md "A game"): a broadcast per watched game in this server
//! process; the streams of `web::games` wait on it.

use std::collections::HashMap;
use std::sync::Mutex;

/// Live updates of games for the devices watching them: the new version of a changed game, in
/// this server process (another process's change is seen by the stream's periodic re-read).
#[derive(Default)]
pub struct Hub {
    games: Mutex<HashMap<i32, tokio::sync::broadcast::Sender<i32>>>,
}

impl Hub {
    /// Waits for changes of game `id` (games nobody watches any more are forgotten).
    pub fn subscribe(&self, id: i32) -> tokio::sync::broadcast::Receiver<i32> {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.retain(|_, tx| tx.receiver_count() > 0);
        games
            .entry(id)
            .or_insert_with(|| tokio::sync::broadcast::channel(16).0)
            .subscribe()
    }

    pub(super) fn publish(&self, id: i32, version: i32) {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = games.get(&id)
            && tx.send(version).is_err()
        {
            // Nobody watches any more.
            games.remove(&id);
        }
    }
}
