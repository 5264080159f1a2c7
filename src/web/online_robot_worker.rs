//! Robots in online seats (#39 item 4): threads of their own (`CALYPSO_ROBOT_THREADS`, as
//! the robot par's), never actix workers, each taking one table at a time
//! (`service::online_robots::work_one`: the fair pick across clubs and tables, the robot's
//! card from its seat's view, played through the same refereeing as any card). While a
//! robot has cards to play a thread goes straight on; when a whole round of the tables
//! found none to play it sleeps [`FIRST_NAP`], doubling up to [`LONGEST_NAP`] while nothing
//! happens, until a card is played or [`RobotWorker::wake`] rings.

use std::sync::{Arc, Mutex};

use super::bell::Bell;
use std::time::Duration;

use super::config::{Clock, Tuning};
use crate::db::DbPool;
use crate::event::online::robots::TableQueue;
use crate::service::live::Hub;
use crate::service::online_robots::{Step, work_one};

/// The first sleep after a round of the tables found no robot to play.
pub const FIRST_NAP: Duration = Duration::from_millis(150);
/// The longest sleep while nothing happens (no online table, or only people to play).
pub const LONGEST_NAP: Duration = Duration::from_secs(2);

/// The handle the application keeps: dropped with it, the threads stop after their table.
pub struct RobotWorker {
    bell: Arc<Bell>,
    threads: Arc<Mutex<Vec<std::thread::JoinHandle<()>>>>,
}

impl RobotWorker {
    /// Starts the tuning's `robot_threads` threads (1 to the robot par's bound), or none
    /// when `on` is false; each robot runs the tuning's playouts per ms of its budget.
    pub fn start(pool: DbPool, clock: Clock, tuning: Tuning, on: bool, live: Hub) -> RobotWorker {
        let (threads, per_ms) = (tuning.robot_threads, tuning.robot_playouts_per_ms);
        let bell = Arc::new(Bell::default());
        let queue = Arc::new(Mutex::new(TableQueue::default()));
        let mut handles = Vec::new();
        if on {
            for n in 0..threads.clamp(1, super::par_worker::MAX_ROBOT_THREADS) {
                let (b, q, p, c) = (bell.clone(), queue.clone(), pool.clone(), clock.clone());
                let live = live.clone();
                let started = std::thread::Builder::new()
                    .name(format!("robot-seat-{n}"))
                    .spawn(move || run(&p, &c, &b, &q, &live, per_ms));
                match started {
                    Ok(t) => handles.push(t),
                    Err(e) => tracing::error!("robot seats: cannot start a thread: {e}"),
                }
            }
        }
        RobotWorker {
            bell,
            threads: Arc::new(Mutex::new(handles)),
        }
    }

    /// A card was played or a seat changed: look now rather than after the nap.
    pub fn wake(&self) {
        self.bell.ring();
    }

    /// Asks the threads to stop and waits until they have (each after the table it is on).
    pub fn stop(&self) {
        self.bell.stop();
        let threads = self
            .threads
            .lock()
            .map(|mut t| std::mem::take(&mut *t))
            .unwrap_or_default();
        for t in threads {
            if t.join().is_err() {
                tracing::error!("robot seats: a thread of it panicked");
            }
        }
    }
}

impl Drop for RobotWorker {
    fn drop(&mut self) {
        self.bell.stop();
    }
}

fn run(
    pool: &DbPool,
    clock: &Clock,
    bell: &Bell,
    queue: &Mutex<TableQueue>,
    live: &Hub,
    per_ms: u32,
) {
    let mut nap = FIRST_NAP;
    // Tables looked at since a card was played: a whole round of them with nothing to
    // play is a nap.
    let mut idle_visits = 0usize;
    let mut failing = false;
    // Tables read at the last step (a failing step counts as a visit to one of them).
    let mut tables_read = 1usize;
    while !bell.stopped() {
        let seen = bell.rings();
        let rest = match work_one(pool, queue, clock.now(), per_ms) {
            Ok(Step::Played {
                at,
                seat,
                card,
                stored,
            }) => {
                failing = false;
                if stored {
                    // The table's streams see the robot's card as they see a person's.
                    live.wake(at);
                }
                tracing::debug!(
                    event = at.event.get(),
                    table = at.table,
                    "robot {seat:?} played {card}"
                );
                nap = FIRST_NAP;
                idle_visits = 0;
                false
            }
            Ok(Step::Waited { tables }) => {
                failing = false;
                tables_read = tables.max(1);
                idle_visits += 1;
                idle_visits >= tables_read
            }
            Ok(Step::AllBusy { tables } | Step::Resting { tables }) => {
                failing = false;
                tables_read = tables.max(1);
                true
            }
            Ok(Step::NoTables) => {
                failing = false;
                true
            }
            // One table's trouble (a corrupt log, say) is logged once per streak; the other
            // tables are served in turn all the same.
            Err(e) => {
                if !failing {
                    tracing::warn!("robot seats: {e}");
                }
                failing = true;
                idle_visits += 1;
                idle_visits >= tables_read
            }
        };
        if rest {
            idle_visits = 0;
            if bell.wait(seen, nap) {
                nap = FIRST_NAP;
            } else {
                nap = (nap * 2).min(LONGEST_NAP);
            }
        }
    }
}
