//! Computed standings kept in memory, so that a room of phones polling the live standings
//! reads the database only when something changed. Any write request to this server (a
//! POST, PUT or DELETE, whatever its answer) moves the generation on and so drops every
//! cached entry; an entry also lapses after [`MAX_AGE`], for writes made outside this
//! process (the command line on the same database).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::event::club::Club;
use crate::event::standings::EventStandings;
use crate::event::{Event, EventId};
use crate::service::standings::EventScores;

/// The longest an entry is trusted without a write through this server.
pub const MAX_AGE: Duration = Duration::from_secs(30);

/// Whose view of an event an entry holds: the public's, or the club's directors' (who also
/// see the boards some table still has to play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    Public,
    Directors,
}

/// Everything a standings page or answer is made from, computed once per change: the club
/// and event as read, the scores, their view, and the rendered standings part.
pub struct Computed {
    pub club: Club,
    pub ev: Event,
    pub scores: EventScores,
    pub view: EventStandings,
    pub part: String,
    /// What `.../standings/live` answers: `{"provisional": .., "html": part}`.
    pub live_json: String,
}

struct Cached<T> {
    generation: u64,
    made: Instant,
    value: Arc<T>,
}

pub struct StandingsCache<T = Computed> {
    generation: AtomicU64,
    entries: Mutex<HashMap<(EventId, View), Cached<T>>>,
}

impl<T> Default for StandingsCache<T> {
    fn default() -> Self {
        StandingsCache {
            generation: AtomicU64::new(0),
            entries: Mutex::new(HashMap::new()),
        }
    }
}

impl<T> StandingsCache<T> {
    /// The generation to read before computing (an entry made from data read after a
    /// write is stored under the generation of before it at worst, and so recomputed).
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Something may have changed: every entry is stale.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    pub fn get(&self, event: EventId, view: View) -> Option<Arc<T>> {
        let now = self.generation();
        let entries = self.entries.lock().ok()?;
        entries
            .get(&(event, view))
            .filter(|c| c.generation == now && c.made.elapsed() < MAX_AGE)
            .map(|c| c.value.clone())
    }

    pub fn put(&self, event: EventId, view: View, generation: u64, value: Arc<T>) {
        if let Ok(mut entries) = self.entries.lock() {
            // Entries of older generations are of no use any more.
            entries.retain(|_, c| c.generation >= generation);
            entries.insert(
                (event, view),
                Cached {
                    generation,
                    made: Instant::now(),
                    value,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores() -> Arc<u32> {
        Arc::new(7)
    }

    #[test]
    fn a_write_drops_what_was_computed_before_it() {
        let cache = StandingsCache::<u32>::default();
        let ev = EventId::new(3);
        let g = cache.generation();
        cache.put(ev, View::Public, g, scores());
        assert!(cache.get(ev, View::Public).is_some());
        assert!(cache.get(ev, View::Directors).is_none());
        assert!(cache.get(EventId::new(4), View::Public).is_none());
        cache.invalidate();
        assert!(cache.get(ev, View::Public).is_none());
        // Computed from data read before the write, stored after it: still stale.
        cache.put(ev, View::Public, g, scores());
        assert!(cache.get(ev, View::Public).is_none());
        cache.put(ev, View::Public, cache.generation(), scores());
        assert!(cache.get(ev, View::Public).is_some());
    }
}
