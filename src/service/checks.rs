//! The gate every rules-engine check on a request path passes through: a table's result, a
//! director's entry or correction, the API's, an Embers or Auction table's hands so far, and
//! every result of an imported file or heat (the web, the API and the command line share it,
//! as they share `service`).
//!
//! A check can take seconds of one core (a long Kaiso summary, a file of hundreds of
//! results). Without a cap a wave of them would take every core and, worse, every pooled
//! connection. The gate lets at most [`size`] checks run at once, one per core the machine
//! offers (`std::thread::available_parallelism`, at least 1); the others wait their turn,
//! holding nothing. The rule that makes this safe: **no pool connection and no transaction
//! is held while waiting for the gate or inside it**. The actions that check are shaped so
//! (read with a connection and give it back, check, then write in one short transaction:
//! see `results::submit`), and nothing else calls the checks.

use std::sync::{Condvar, Mutex, OnceLock};

/// A counting semaphore: `free` permits of `size`.
struct Gate {
    size: usize,
    free: Mutex<usize>,
    freed: Condvar,
}

/// A permit, given back when dropped (also when the check panics).
struct Permit<'a>(&'a Gate);

impl Gate {
    fn new(size: usize) -> Gate {
        let size = size.max(1);
        Gate {
            size,
            free: Mutex::new(size),
            freed: Condvar::new(),
        }
    }

    fn enter(&self) -> Permit<'_> {
        // A panic while the count was held cannot leave it wrong (it is only decremented and
        // incremented whole), so a poisoned lock is taken as it is.
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
        Permit(self)
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let mut free = self.0.free.lock().unwrap_or_else(|p| p.into_inner());
        *free += 1;
        self.0.freed.notify_one();
    }
}

fn gate() -> &'static Gate {
    static GATE: OnceLock<Gate> = OnceLock::new();
    GATE.get_or_init(|| {
        Gate::new(std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get))
    })
}

/// How many checks may run at once in this process: the cores available, at least 1.
pub fn size() -> usize {
    gate().size
}

/// Runs one CPU-bound check once a place at the gate is free (waiting for it meanwhile).
/// Call it with no connection held (see the module's documentation).
pub fn run<T>(check: impl FnOnce() -> T) -> T {
    let _permit = gate().enter();
    check()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn no_more_than_the_gates_size_run_at_once_and_a_panic_gives_its_place_back() {
        let gate = Arc::new(Gate::new(2));
        let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (gate, now, most) = (gate.clone(), now.clone(), most.clone());
                std::thread::spawn(move || {
                    let _p = gate.enter();
                    let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(n, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(20));
                    now.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
        let g = gate.clone();
        let _ = std::thread::spawn(move || {
            let _p = g.enter();
            panic!("a check that panics");
        })
        .join();
        assert_eq!(*gate.free.lock().unwrap(), 2);
        assert_eq!(Gate::new(0).size, 1);
        assert!(size() >= 1);
    }
}
