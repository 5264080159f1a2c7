//! The robot par's background analysis: one thread of its own, never an actix worker, that
//! works out one board at a time (`service::pars::work_one`) while any event lacks a par,
//! then sleeps until a write wakes it or the poll comes round (other processes' events).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crate::db::DbPool;
use crate::deals::par::ParSettings;
use crate::service::pars::{Memo, work_one};

/// How often an idle worker looks for boards without a par.
pub const POLL: Duration = Duration::from_secs(5);

#[derive(Default)]
struct Bell {
    rung: Mutex<bool>,
    bell: Condvar,
    stop: AtomicBool,
}

impl Bell {
    fn ring(&self) {
        if let Ok(mut rung) = self.rung.lock() {
            *rung = true;
        }
        self.bell.notify_all();
    }

    /// Waits for a ring or the poll, whichever first.
    fn wait(&self) {
        let Ok(rung) = self.rung.lock() else {
            return std::thread::sleep(POLL);
        };
        let mut rung = match self.bell.wait_timeout_while(rung, POLL, |r| !*r) {
            Ok((r, _)) => r,
            Err(_) => return,
        };
        *rung = false;
    }
}

/// The handle the application keeps: dropped with it, the thread stops after its board.
pub struct ParWorker {
    bell: Arc<Bell>,
    /// False when this server works out no par.
    working: bool,
    stop: ParStop,
}

/// Stops the thread and waits for it: for a process about to end, which must not end with
/// the thread inside a database call (PostgreSQL's client library torn down under it).
#[derive(Clone)]
pub struct ParStop {
    bell: Arc<Bell>,
    thread: Arc<Mutex<Option<std::thread::JoinHandle<()>>>>,
}

impl ParStop {
    /// Asks the thread to stop and waits until it has (after the board it is on, if any).
    pub fn stop(&self) {
        self.bell.stop.store(true, Ordering::Relaxed);
        self.bell.ring();
        let thread = self.thread.lock().ok().and_then(|mut t| t.take());
        if let Some(t) = thread
            && t.join().is_err()
        {
            tracing::error!("robot par: its thread panicked");
        }
    }
}

impl ParWorker {
    /// Starts the thread, unless `budget` is None (`CALYPSO_PAR_GAMES=0`).
    pub fn start(pool: DbPool, budget: Option<ParSettings>) -> ParWorker {
        let bell = Arc::new(Bell::default());
        let mut thread = None;
        if let Some(budget) = budget {
            let b = bell.clone();
            let started = std::thread::Builder::new()
                .name("robot-par".into())
                .spawn(move || run(&pool, budget, &b));
            match started {
                Ok(t) => thread = Some(t),
                Err(e) => tracing::error!("robot par: cannot start its thread: {e}"),
            }
        }
        ParWorker {
            stop: ParStop {
                bell: bell.clone(),
                thread: Arc::new(Mutex::new(thread)),
            },
            bell,
            working: budget.is_some(),
        }
    }

    /// What stops the thread and waits for it (see [`ParStop`]).
    pub fn stopper(&self) -> ParStop {
        self.stop.clone()
    }

    /// Something was written (a deal key, perhaps): look now rather than at the next poll.
    pub fn wake(&self) {
        self.bell.ring();
    }

    pub fn working(&self) -> bool {
        self.working
    }
}

impl Drop for ParWorker {
    fn drop(&mut self) {
        self.bell.stop.store(true, Ordering::Relaxed);
        self.bell.ring();
    }
}

fn run(pool: &DbPool, budget: ParSettings, bell: &Bell) {
    let mut memo = Memo::default();
    // Logged once per failing streak, not every poll.
    let mut failing = false;
    while !bell.stop.load(Ordering::Relaxed) {
        match work_one(pool, budget, &mut memo) {
            Ok(Some((event, board))) => {
                failing = false;
                tracing::info!(event = event.get(), board, "robot par worked out");
            }
            Ok(None) => {
                failing = false;
                bell.wait();
            }
            Err(e) => {
                if !failing {
                    tracing::warn!("robot par: {e}");
                }
                failing = true;
                bell.wait();
            }
        }
    }
}
