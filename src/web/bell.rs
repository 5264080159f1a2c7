//! A background worker's bell: each ring counts one up, and a worker waits only while the
//! count is still the one it read before it last looked for work (a ring meanwhile is not
//! missed). Shared by the robot par's worker and the robots at online tables.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

#[derive(Default)]
pub struct Bell {
    rings: Mutex<u64>,
    bell: Condvar,
    stop: AtomicBool,
}

impl Bell {
    pub fn ring(&self) {
        if let Ok(mut rings) = self.rings.lock() {
            *rings = rings.wrapping_add(1);
        }
        self.bell.notify_all();
    }

    pub fn rings(&self) -> u64 {
        self.rings.lock().map(|r| *r).unwrap_or(0)
    }

    /// Waits for a ring after `seen`, or `nap`; true when it was rung.
    pub fn wait(&self, seen: u64, nap: Duration) -> bool {
        let Ok(rings) = self.rings.lock() else {
            std::thread::sleep(nap);
            return false;
        };
        match self.bell.wait_timeout_while(rings, nap, |r| *r == seen) {
            Ok((r, _)) => *r != seen,
            Err(_) => false,
        }
    }

    /// Asks every worker to stop (after the work in hand), and wakes them to see it.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.ring();
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}
