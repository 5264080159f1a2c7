//! The robot par's background analysis: threads of its own (`CALYPSO_ROBOT_THREADS`, one a
//! core by default), never actix workers, each working out one board at a time
//! (`service::pars::work_one`) while any event lacks a par, then sleeping until a write
//! wakes them or the poll comes round (other processes' events). They share one queue
//! (`service::pars::Memo` behind a `Mutex` held only to pick a board): no two take the same
//! board, and the pick is fair across clubs (`event::par::FairQueue`).

use std::sync::{Arc, Mutex};

use super::bell::Bell;
use std::time::Duration;

use crate::db::DbPool;
use crate::deals::par::ParSettings;
use crate::service::pars::{Memo, work_one};

/// How often an idle worker looks for boards without a par.
pub const POLL: Duration = Duration::from_secs(5);

/// The most threads `CALYPSO_ROBOT_THREADS` may ask for: each plays one board's robot games
/// on one core, so more than the cores only slows every page down.
pub const MAX_ROBOT_THREADS: u32 = 64;

/// The default thread count: the machine's cores (as the process may use them), 1 to
/// [`MAX_ROBOT_THREADS`].
pub fn default_threads() -> u32 {
    std::thread::available_parallelism()
        .map(|n| u32::try_from(n.get()).unwrap_or(MAX_ROBOT_THREADS))
        .unwrap_or(1)
        .clamp(1, MAX_ROBOT_THREADS)
}

/// The handle the application keeps: dropped with it, the threads stop after their board.
pub struct ParWorker {
    bell: Arc<Bell>,
    /// False when this server works out no par.
    working: bool,
    stop: ParStop,
}

/// Stops the threads and waits for them: for a process about to end, which must not end
/// with a thread inside a database call (PostgreSQL's client library torn down under it).
#[derive(Clone)]
pub struct ParStop {
    bell: Arc<Bell>,
    threads: Arc<Mutex<Vec<std::thread::JoinHandle<()>>>>,
}

impl ParStop {
    /// Asks the threads to stop and waits until they have (each after the board it is on).
    pub fn stop(&self) {
        self.bell.stop();
        let threads = self
            .threads
            .lock()
            .map(|mut t| std::mem::take(&mut *t))
            .unwrap_or_default();
        for t in threads {
            if t.join().is_err() {
                tracing::error!("robot par: a thread of it panicked");
            }
        }
    }
}

impl ParWorker {
    /// Starts `threads` threads (1 to [`MAX_ROBOT_THREADS`]), none if `budget` is None
    /// (`CALYPSO_PAR_GAMES=0`).
    pub fn start(pool: DbPool, budget: Option<ParSettings>, threads: u32) -> ParWorker {
        let bell = Arc::new(Bell::default());
        let memo = Arc::new(Mutex::new(Memo::default()));
        let mut handles = Vec::new();
        if let Some(budget) = budget {
            for n in 0..threads.clamp(1, MAX_ROBOT_THREADS) {
                let (b, m, p) = (bell.clone(), memo.clone(), pool.clone());
                let started = std::thread::Builder::new()
                    .name(format!("robot-par-{n}"))
                    .spawn(move || run(&p, budget, &b, &m));
                match started {
                    Ok(t) => handles.push(t),
                    Err(e) => tracing::error!("robot par: cannot start a thread: {e}"),
                }
            }
        }
        ParWorker {
            stop: ParStop {
                bell: bell.clone(),
                threads: Arc::new(Mutex::new(handles)),
            },
            bell,
            working: budget.is_some(),
        }
    }

    /// What stops the threads and waits for them (see [`ParStop`]).
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
        self.bell.stop();
    }
}

fn run(pool: &DbPool, budget: ParSettings, bell: &Bell, memo: &Mutex<Memo>) {
    // Logged once per failing streak, not every poll.
    let mut failing = false;
    while !bell.stopped() {
        let seen = bell.rings();
        match work_one(pool, budget, memo) {
            Ok(Some((event, board))) => {
                failing = false;
                tracing::info!(event = event.get(), board, "robot par worked out");
            }
            Ok(None) => {
                failing = false;
                bell.wait(seen, POLL);
            }
            Err(e) => {
                if !failing {
                    tracing::warn!("robot par: {e}");
                }
                failing = true;
                bell.wait(seen, POLL);
            }
        }
    }
}
