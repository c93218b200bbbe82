//! Delivering the writer's outcomes to the request threads in one wake-up per thread and batch.
//!
//! A request awaiting its write sleeps on a oneshot; completing it from the writer's thread wakes
//! the request's thread (an eventfd write, then that thread leaves `epoll_wait`). Done one
//! outcome at a time, a batch of sixteen answers cost sixteen wake-ups, and each woken thread
//! preempted the writer on a two-core machine. Instead, each request thread (an actix worker: a
//! current-thread runtime) has an inbox served by a task on that thread; the writer sends a
//! batch's outcomes for that thread as one message, and the task completes them there, where
//! waking a task is a queue push (ARCHITECTURE.md "An answer").

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::runtime::{Handle, RuntimeFlavor};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

/// Completes one waiting request.
pub type Delivery = Box<dyn FnOnce() + Send>;

/// A request thread's inbox.
#[derive(Clone)]
pub struct Inbox {
    id: usize,
    tx: UnboundedSender<Vec<Delivery>>,
}

thread_local! {
    static INBOX: RefCell<Option<Inbox>> = const { RefCell::new(None) };
}

static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

impl Inbox {
    /// The calling thread's inbox, made on first use; `None` off a current-thread runtime (a
    /// blocking thread, or a multi-thread runtime whose tasks move between threads), where
    /// outcomes go straight to their requests.
    pub fn of_this_thread() -> Option<Inbox> {
        let handle = Handle::try_current().ok()?;
        if handle.runtime_flavor() != RuntimeFlavor::CurrentThread {
            return None;
        }
        INBOX.with(|cell| {
            let mut slot = cell.borrow_mut();
            // A runtime that stopped took its task along: a later runtime on this thread gets a
            // new inbox.
            if let Some(inbox) = slot.as_ref().filter(|i| !i.tx.is_closed()) {
                return Some(inbox.clone());
            }
            let (tx, mut rx) = unbounded_channel::<Vec<Delivery>>();
            handle.spawn(async move {
                while let Some(batch) = rx.recv().await {
                    for deliver in batch {
                        deliver();
                    }
                }
            });
            let inbox = Inbox {
                id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
                tx,
            };
            *slot = Some(inbox.clone());
            Some(inbox)
        })
    }
}

/// A batch's outcomes, gathered per request thread.
#[derive(Default)]
pub struct Outbox {
    by_inbox: HashMap<usize, (Inbox, Vec<Delivery>)>,
}

impl Outbox {
    /// Delivers at once when the request has no inbox, else keeps it for `send`.
    pub fn add(&mut self, inbox: Option<&Inbox>, deliver: Delivery) {
        match inbox {
            None => deliver(),
            Some(i) => self
                .by_inbox
                .entry(i.id)
                .or_insert_with(|| (i.clone(), Vec::new()))
                .1
                .push(deliver),
        }
    }

    /// One message per request thread; where a thread's runtime has stopped, the outcomes are
    /// delivered here (their requests are gone, so nothing waits).
    pub fn send(self) {
        for (_, (inbox, batch)) in self.by_inbox {
            if let Err(returned) = inbox.tx.send(batch) {
                for deliver in returned.0 {
                    deliver();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blocking_thread_has_no_inbox() {
        assert!(Inbox::of_this_thread().is_none());
    }

    #[test]
    fn one_message_completes_every_waiter_of_a_thread() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        rt.block_on(async {
            let inbox = Inbox::of_this_thread().expect("a current-thread runtime has an inbox");
            let again = Inbox::of_this_thread().expect("the same inbox");
            assert_eq!(inbox.id, again.id);
            let mut waits = Vec::new();
            let mut outbox = Outbox::default();
            for n in 0..5 {
                let (done, wait) = tokio::sync::oneshot::channel();
                waits.push(wait);
                outbox.add(
                    Some(&inbox),
                    Box::new(move || {
                        let _ = done.send(n);
                    }),
                );
            }
            assert_eq!(outbox.by_inbox.len(), 1, "one message for one thread");
            // From another thread, as the writer does.
            std::thread::spawn(move || outbox.send())
                .join()
                .expect("the sending thread");
            for (n, wait) in waits.into_iter().enumerate() {
                assert_eq!(wait.await.expect("delivered"), n);
            }
        });
    }

    #[test]
    fn outcomes_for_a_stopped_runtime_are_still_delivered() {
        let inbox = {
            let rt = tokio::runtime::Builder::new_current_thread()
                .build()
                .expect("a runtime");
            rt.block_on(async { Inbox::of_this_thread().expect("an inbox") })
        };
        let (done, mut wait) = tokio::sync::oneshot::channel();
        let mut outbox = Outbox::default();
        outbox.add(
            Some(&inbox),
            Box::new(move || {
                let _ = done.send(7);
            }),
        );
        outbox.send();
        assert_eq!(wait.try_recv().expect("delivered directly"), 7);
    }
}
