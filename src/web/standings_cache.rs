//! Computed standings kept in memory, so that a room of phones polling the live standings
//! costs one primary-key read per poll and one computation per change. An entry is served
//! only for the event version it was computed from: the database's triggers move an event's
//! version on in the same transaction as every write to it, so a result entered through
//! another process (several behind one proxy) or the command line is seen at the next poll.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::event::club::Club;
use crate::event::standings::EventStandings;
use crate::event::{Event, EventId};
use crate::service::standings::EventScores;

/// Entries kept at most. The keys come from URLs (any event id a client names that exists):
/// beyond this the oldest entry goes, so no client grows the cache without bound.
pub const MAX_ENTRIES: usize = 4096;

/// About how many bytes a kept value holds: what the cache's memory budget counts. An
/// estimate from the sizes of the texts and JSON it is mostly made of, not an allocator's
/// count; large fields (a sim of many heats) weigh in proportion.
pub trait Weigh {
    fn weight(&self) -> usize;
}

impl Weigh for Computed {
    fn weight(&self) -> usize {
        // The view is what the part was rendered from: about its size again.
        self.part.len() * 2 + self.live_json.len() + self.scores.approx_bytes() + 4096
    }
}

impl Weigh for SimComputed {
    fn weight(&self) -> usize {
        self.part.len() + self.live_json.len() + self.field.approx_bytes()
    }
}

/// Whose view of an event an entry holds: the public's, or the club's directors' (who also
/// see the boards some table still has to play), or the public's while sealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    Public,
    Directors,
    /// The public's while a robot duplicate's results are sealed (its window open): kept
    /// apart, so the window's close shows the public the results with no write at all.
    Sealed,
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

/// A simultaneous event's field as one viewer sees it, computed once per change to any
/// heat, with its rendered live part.
pub struct SimComputed {
    pub field: crate::service::sims::Field,
    pub part: String,
    /// What `/sims/{sim}/live` answers: `{"html": part}`.
    pub live_json: String,
}

/// A sim's field is kept per sim and per viewer: the public (None), or a club's directors.
pub type SimKey = (crate::event::SimId, Option<crate::event::ClubId>);

struct Cached<T> {
    version: i64,
    /// The value's weight when it was kept.
    bytes: usize,
    /// When the entry stops being true without any write: the end of the correction period,
    /// when the results turn final (the only part of the standings that follows the clock).
    until: Option<Instant>,
    /// Order of storing, to find the oldest entry.
    made: u64,
    value: Arc<T>,
}

/// Keyed by what was computed for whom: an event's view, or a sim's field for one viewer.
/// Bounded twice: at most [`MAX_ENTRIES`] entries, and their weights at most its budget of
/// bytes (`CALYPSO_CACHE_MIB`, half for each cache); past either the oldest entries go.
pub struct StandingsCache<T = Computed, K = (EventId, View)> {
    entries: Mutex<Entries<T, K>>,
    budget: usize,
}

struct Entries<T, K> {
    by_event: HashMap<K, Cached<T>>,
    stored: u64,
    /// The kept entries' weights, added up.
    bytes: usize,
}

impl<T, K> StandingsCache<T, K> {
    /// A cache whose entries together weigh at most `budget` bytes.
    pub fn with_budget(budget: usize) -> Self {
        StandingsCache {
            entries: Mutex::new(Entries {
                by_event: HashMap::new(),
                stored: 0,
                bytes: 0,
            }),
            budget,
        }
    }

    /// What its entries weigh now (bytes), for the tests and the benchmark.
    pub fn bytes(&self) -> usize {
        self.entries.lock().map_or(0, |e| e.bytes)
    }
}

impl<T, K> Default for StandingsCache<T, K> {
    fn default() -> Self {
        Self::with_budget(crate::web::config::Tuning::default().cache_bytes_each())
    }
}

impl<T, K: std::hash::Hash + Eq + Copy> StandingsCache<T, K> {
    /// The entry computed from the `version` read from the database just now (an event's, or
    /// the sum of a sim's heats'), if its moment has not passed.
    pub fn get(&self, key: K, version: i64) -> Option<Arc<T>> {
        let now = Instant::now();
        let entries = self.entries.lock().ok()?;
        entries
            .by_event
            .get(&key)
            .filter(|c| c.version == version && c.until.is_none_or(|u| now < u))
            .map(|c| c.value.clone())
    }

    /// The entry last kept for `key`, whatever its version or moment: what a new computation
    /// may take parts from that it checks are still current (a sim's unchanged heats).
    pub fn latest(&self, key: K) -> Option<Arc<T>> {
        let entries = self.entries.lock().ok()?;
        entries.by_event.get(&key).map(|c| c.value.clone())
    }

    /// Keeps `value`, computed from data read after the event's `version` was read (newer
    /// data under an older version is only recomputed once more, never served stale). A
    /// value heavier than the whole budget is not kept: it is computed for each request.
    pub fn put(&self, key: K, version: i64, until: Option<Instant>, value: Arc<T>)
    where
        T: Weigh,
    {
        let bytes = value.weight();
        let Ok(mut guard) = self.entries.lock() else {
            return;
        };
        let e = &mut *guard;
        e.stored += 1;
        let made = e.stored;
        if let Some(c) = e.by_event.get(&key)
            && c.version > version
        {
            // A slower computation of an older version does not replace a newer one.
            return;
        }
        if let Some(old) = e.by_event.remove(&key) {
            e.bytes -= old.bytes;
        }
        if bytes > self.budget {
            return;
        }
        while e.by_event.len() >= MAX_ENTRIES || e.bytes + bytes > self.budget {
            let Some(oldest) = e
                .by_event
                .iter()
                .min_by_key(|(_, c)| c.made)
                .map(|(k, _)| *k)
            else {
                break;
            };
            if let Some(gone) = e.by_event.remove(&oldest) {
                e.bytes -= gone.bytes;
            }
        }
        e.bytes += bytes;
        e.by_event.insert(
            key,
            Cached {
                version,
                bytes,
                until,
                made,
                value,
            },
        );
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.lock().unwrap().by_event.len()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn scores(n: u32) -> Arc<u32> {
        Arc::new(n)
    }

    /// A test value weighs its own number.
    impl Weigh for u32 {
        fn weight(&self) -> usize {
            *self as usize
        }
    }

    #[test]
    fn an_entry_is_served_for_its_own_version_only() {
        let cache = StandingsCache::<u32>::default();
        let ev = EventId::new(3);
        cache.put((ev, View::Public), 5, None, scores(1));
        assert_eq!(cache.get((ev, View::Public), 5).as_deref(), Some(&1));
        assert!(cache.get((ev, View::Directors), 5).is_none());
        assert!(cache.get((EventId::new(4), View::Public), 5).is_none());
        // Another process wrote: the database's version moved on.
        assert!(cache.get((ev, View::Public), 6).is_none());
        cache.put((ev, View::Public), 6, None, scores(2));
        assert_eq!(cache.get((ev, View::Public), 6).as_deref(), Some(&2));
        assert!(cache.get((ev, View::Public), 5).is_none());
        // A computation of the older version finishing late keeps the newer entry.
        cache.put((ev, View::Public), 5, None, scores(3));
        assert_eq!(cache.get((ev, View::Public), 6).as_deref(), Some(&2));
    }

    #[test]
    fn the_latest_entry_is_lent_whatever_its_version() {
        let cache = StandingsCache::<u32>::default();
        let ev = EventId::new(3);
        assert!(cache.latest((ev, View::Public)).is_none());
        cache.put((ev, View::Public), 5, None, scores(1));
        // The version moved on: no longer served, still lent.
        assert!(cache.get((ev, View::Public), 6).is_none());
        assert_eq!(cache.latest((ev, View::Public)).as_deref(), Some(&1));
        assert!(cache.latest((ev, View::Directors)).is_none());
        let past = Instant::now() - Duration::from_millis(1);
        cache.put((ev, View::Public), 6, Some(past), scores(2));
        assert_eq!(cache.latest((ev, View::Public)).as_deref(), Some(&2));
        // An older computation finishing late does not replace what is lent either.
        cache.put((ev, View::Public), 4, None, scores(3));
        assert_eq!(cache.latest((ev, View::Public)).as_deref(), Some(&2));
    }

    #[test]
    fn a_write_to_one_event_leaves_the_others_cached() {
        let cache = StandingsCache::<u32>::default();
        let (a, b) = (EventId::new(1), EventId::new(2));
        cache.put((a, View::Public), 7, None, scores(1));
        cache.put((b, View::Public), 9, None, scores(2));
        assert!(cache.get((a, View::Public), 8).is_none());
        assert_eq!(cache.get((b, View::Public), 9).as_deref(), Some(&2));
    }

    #[test]
    fn an_entry_lapses_when_the_correction_period_ends() {
        let cache = StandingsCache::<u32>::default();
        let ev = EventId::new(3);
        let past = Instant::now() - Duration::from_millis(1);
        cache.put((ev, View::Public), 1, Some(past), scores(1));
        assert!(cache.get((ev, View::Public), 1).is_none());
        let later = Instant::now() + Duration::from_secs(60);
        cache.put((ev, View::Public), 1, Some(later), scores(1));
        assert!(cache.get((ev, View::Public), 1).is_some());
    }

    #[test]
    fn the_oldest_entry_goes_beyond_the_bound() {
        let cache = StandingsCache::<u32>::default();
        for i in 1..=MAX_ENTRIES as i32 + 10 {
            cache.put((EventId::new(i), View::Public), 0, None, scores(0));
        }
        assert_eq!(cache.len(), MAX_ENTRIES);
        assert!(cache.get((EventId::new(1), View::Public), 0).is_none());
        let last = EventId::new(MAX_ENTRIES as i32 + 10);
        assert!(cache.get((last, View::Public), 0).is_some());
        // Replacing an entry does not push another out.
        cache.put((last, View::Public), 1, None, scores(1));
        assert_eq!(cache.len(), MAX_ENTRIES);
        assert!(cache.get((EventId::new(11), View::Public), 0).is_some());
    }

    #[test]
    fn the_oldest_entries_go_beyond_the_byte_budget() {
        let cache = StandingsCache::<u32>::with_budget(100);
        let ev = |i| (EventId::new(i), View::Public);
        cache.put(ev(1), 0, None, scores(40));
        cache.put(ev(2), 0, None, scores(40));
        assert_eq!(cache.bytes(), 80);
        // A third of 40 would pass the budget: the oldest goes.
        cache.put(ev(3), 0, None, scores(40));
        assert_eq!(cache.bytes(), 80);
        assert!(cache.get(ev(1), 0).is_none());
        assert!(cache.get(ev(2), 0).is_some() && cache.get(ev(3), 0).is_some());
        // A heavier value for a kept key replaces its weight, not adds to it.
        cache.put(ev(3), 1, None, scores(60));
        assert_eq!(cache.bytes(), 100);
        assert!(cache.get(ev(2), 0).is_some());
        // One heavier than the whole budget is not kept, and takes nothing out.
        cache.put(ev(4), 0, None, scores(101));
        assert!(cache.get(ev(4), 0).is_none());
        assert_eq!(cache.bytes(), 100);
        // Many small ones push out the big one, never past the budget.
        for i in 10..60 {
            cache.put(ev(i), 0, None, scores(7));
            assert!(cache.bytes() <= 100, "{} bytes", cache.bytes());
        }
        assert!(cache.get(ev(3), 1).is_none());
        assert_eq!(cache.len(), 14);
    }
}
