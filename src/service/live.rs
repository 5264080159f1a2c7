//! Live tables (#39 item 3): each card stored at an online table wakes every stream that
//! follows that table, in this process and, on PostgreSQL, in every other process of the
//! app on the same database (`NOTIFY` in the card's transaction, one `LISTEN`ing thread per
//! app). The hub holds no card and no view: a woken stream re-reads the table's log
//! (`service::online::table_log`) and sends what its seat may know. See docs/online.md
//! ("Live") and docs/deploy.md.
//!
//! The hub belongs to one app (its `AppState`), never to the process: tests run two apps in
//! one process, as two servers would.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use serde::Serialize;
use tokio::sync::watch;

use crate::db::DbPool;
use crate::db::online::OnlineBoard;
use crate::event::EventId;
use crate::event::online::view::SeatView;
use crate::service::online::{self, OnlineError, SeatPlace};
use crate::service::tokens::hash_token;

/// The most streams open at once for one seat link (a phone and a laptop, a reconnect
/// overlapping the stream it replaces).
pub const STREAMS_PER_LINK: usize = 4;

/// The most streams open at once in one process.
pub const STREAMS_IN_ALL: usize = 2_000;

/// Every card a seat's table stores wakes its streams through a [`Hub`]: one per app.
#[derive(Clone, Default)]
pub struct Hub {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    /// The tables someone follows now, each with its wake-up channel: a watch holds one
    /// value (a count of wake-ups), so a stream that has not looked for a while finds one
    /// change, however many cards were stored, and re-reads the table. An entry goes when
    /// its last follower does.
    tables: Mutex<HashMap<OnlineBoard, watch::Sender<u64>>>,
    streams: Mutex<Streams>,
    listener: Mutex<Option<Listener>>,
}

#[derive(Default)]
struct Streams {
    all: usize,
    /// Open streams by the hash of their seat link's token.
    by_link: HashMap<String, usize>,
}

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic elsewhere while holding one of these leaves counts that are still whole.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Following one table: [`Subscription::changed`] returns when a card may have been stored
/// there since the last call (or since subscribing).
pub struct Subscription {
    hub: Arc<Inner>,
    at: OnlineBoard,
    rx: Option<watch::Receiver<u64>>,
}

impl Subscription {
    /// Waits for the next wake-up of the table (at once if one came since the last call).
    pub async fn changed(&mut self) {
        match self.rx.as_mut() {
            // The sender stays in the hub while this receiver lives: an error cannot come,
            // but if it did, waiting forever is what "no more wake-ups" means.
            Some(rx) => {
                if rx.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
            None => std::future::pending::<()>().await,
        }
    }

    /// Counts the table as changed, so the next [`Subscription::changed`] returns at once.
    pub fn mark_changed(&mut self) {
        if let Some(rx) = self.rx.as_mut() {
            rx.mark_changed();
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut tables = locked(&self.hub.tables);
        self.rx = None;
        if tables
            .get(&self.at)
            .is_some_and(|tx| tx.receiver_count() == 0)
        {
            tables.remove(&self.at);
        }
    }
}

/// Too many streams are open: for this seat link, or in the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooManyStreams {
    #[error(
        "this seat link already has {STREAMS_PER_LINK} streams open: close one (another tab or device) first"
    )]
    ForLink,
    #[error("the server has {STREAMS_IN_ALL} streams open, its most: try again in a minute")]
    InAll,
}

/// One open stream, counted until dropped.
pub struct StreamPermit {
    hub: Arc<Inner>,
    link: String,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut s = locked(&self.hub.streams);
        s.all = s.all.saturating_sub(1);
        if let Some(n) = s.by_link.get_mut(&self.link) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                s.by_link.remove(&self.link);
            }
        }
    }
}

impl Hub {
    pub fn new() -> Hub {
        Hub::default()
    }

    /// Follows the table at `at`: wake-ups from now on.
    pub fn subscribe(&self, at: OnlineBoard) -> Subscription {
        let mut tables = locked(&self.inner.tables);
        let rx = tables
            .entry(at)
            .or_insert_with(|| watch::channel(0).0)
            .subscribe();
        Subscription {
            hub: self.inner.clone(),
            at,
            rx: Some(rx),
        }
    }

    /// A card may have been stored at `at`: wakes its followers (nothing when none).
    pub fn wake(&self, at: OnlineBoard) {
        if let Some(tx) = locked(&self.inner.tables).get(&at) {
            tx.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Wakes every followed table (after the listener missed what was said while it was
    /// reconnecting).
    pub fn wake_all(&self) {
        for tx in locked(&self.inner.tables).values() {
            tx.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// How many tables are followed now.
    pub fn tables_followed(&self) -> usize {
        locked(&self.inner.tables).len()
    }

    /// How many streams are open now.
    pub fn streams_open(&self) -> usize {
        locked(&self.inner.streams).all
    }

    /// Counts one more stream for the seat link `token`, or says which bound it would pass.
    pub fn open_stream(&self, token: &str) -> Result<StreamPermit, TooManyStreams> {
        let link = hash_token(token);
        let mut s = locked(&self.inner.streams);
        if s.by_link.get(&link).copied().unwrap_or(0) >= STREAMS_PER_LINK {
            return Err(TooManyStreams::ForLink);
        }
        if s.all >= STREAMS_IN_ALL {
            return Err(TooManyStreams::InAll);
        }
        s.all += 1;
        *s.by_link.entry(link.clone()).or_insert(0) += 1;
        Ok(StreamPermit {
            hub: self.inner.clone(),
            link,
        })
    }

    /// Stops the PostgreSQL listener's thread, if one runs, and waits for it (a moment: it
    /// looks every [`LISTEN_POLL`]). Call before the process ends.
    pub fn stop_listener(&self) {
        let listener = locked(&self.inner.listener).take();
        if let Some(l) = listener {
            l.stop.store(true, Ordering::Relaxed);
            let _ = l.thread.join();
        }
    }

    /// Whether a PostgreSQL listener's thread runs for this hub.
    pub fn listening(&self) -> bool {
        locked(&self.inner.listener).is_some()
    }
}

/// The one way a person's card is played online (the seat API, the table page):
/// [`online::play_seat_card`] (the card refereed at `at` on the room clock, the person's sign
/// of life noted), then the table's streams woken. A robot's card wakes them from the robots'
/// worker. On PostgreSQL the stored card was also announced to the other processes in its
/// transaction (`db::online::insert_move`).
pub fn play_card(
    pool: &DbPool,
    hub: &Hub,
    token: &str,
    card: &str,
    seq: u32,
    at: chrono::NaiveDateTime,
) -> Result<SeatView, OnlineError> {
    let view = online::play_seat_card(pool, token, card, seq, at)?;
    hub.wake(board_of(&view));
    Ok(view)
}

fn board_of(view: &SeatView) -> OnlineBoard {
    OnlineBoard {
        event: EventId::new(view.event),
        round: view.round,
        table: view.table,
        board: view.board,
    }
}

/// A card played, as the stream sends it: `{"seq":57,"seat":"N","card":"9S"}` (face up:
/// every seat saw it played).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedCard {
    pub seq: u32,
    pub seat: String,
    pub card: String,
}

/// What a stream sends after a read: the cards played since the last one it sent, then
/// the seat's view.
#[derive(Clone, Debug)]
pub struct CatchUp {
    /// The seat and the board its stream follows.
    pub place: SeatPlace,
    pub cards: Vec<PlayedCard>,
    pub view: SeatView,
    /// Cards played at the board: the view's event id.
    pub played: u32,
}

impl CatchUp {
    /// Where the followed board is played (the hub's key).
    pub fn at(&self) -> OnlineBoard {
        self.place.at()
    }
}

/// Reads the token's table (at `board`, the one its stream follows, or at the board its
/// link gives now) in one short hold of a connection: the cards after card `after` and the
/// seat's view. An `after` past the board's log is an id of another board (the round's
/// previous one): every card of this board is sent.
pub fn catch_up(
    pool: &DbPool,
    token: &str,
    board: Option<u32>,
    after: u32,
) -> Result<CatchUp, OnlineError> {
    let (place, view, moves) = online::table_log(pool, token, board)?;
    let played = u32::try_from(moves.len()).unwrap_or(u32::MAX);
    let after = if after > played { 0 } else { after };
    let cards = moves
        .iter()
        .filter(|m| m.seq > after)
        .map(|m| PlayedCard {
            seq: m.seq,
            seat: m.seat.letter().to_string(),
            card: m.card.to_string(),
        })
        .collect();
    Ok(CatchUp {
        place,
        cards,
        view,
        played,
    })
}

/// How often the PostgreSQL listener looks for announcements (libpq reads what its
/// socket holds without waiting): the most a card waits on its way to another process.
pub const LISTEN_POLL: std::time::Duration = std::time::Duration::from_millis(20);

#[cfg(feature = "postgres")]
/// How often the listener asks the server something, so a connection dropped in silence is
/// seen and reopened.
const LISTEN_CHECK: std::time::Duration = std::time::Duration::from_secs(5);

#[cfg(feature = "postgres")]
/// The longest wait between two attempts to reopen a dropped listener connection.
const LISTEN_BACKOFF_MOST: std::time::Duration = std::time::Duration::from_secs(30);

struct Listener {
    stop: Arc<AtomicBool>,
    thread: std::thread::JoinHandle<()>,
}

impl Hub {
    /// On PostgreSQL (a `postgres://` URL, built with the `postgres` feature), starts the
    /// app's one listener: a thread with its own connection that `LISTEN`s for the cards
    /// the app's processes store and wakes this hub's tables; it reopens a dropped
    /// connection with a growing wait (up to 30 s) and then wakes every followed table, as
    /// announcements may have been missed meanwhile. On SQLite nothing: one process. A
    /// second call does nothing.
    pub fn listen(&self, database_url: Option<&str>) {
        let url = match crate::db::Backend::from_url(database_url) {
            Ok(crate::db::Backend::Postgres(url)) => url,
            _ => return,
        };
        let mut slot = locked(&self.inner.listener);
        if slot.is_some() {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let hub = Arc::downgrade(&self.inner);
        let flag = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("live-listener".into())
            .spawn(move || listen_loop(&url, &hub, &flag));
        match spawned {
            Ok(thread) => *slot = Some(Listener { stop, thread }),
            Err(e) => tracing::error!(
                "cannot start the live tables' listener ({e}): streams on this process see only its own cards"
            ),
        }
    }
}

#[cfg(feature = "postgres")]
/// Sleeps `d` in short steps; false when told to stop (or the hub is gone) meanwhile.
fn wait(d: std::time::Duration, hub: &Weak<Inner>, stop: &AtomicBool) -> bool {
    let until = std::time::Instant::now() + d;
    loop {
        if stop.load(Ordering::Relaxed) || hub.strong_count() == 0 {
            return false;
        }
        let now = std::time::Instant::now();
        if now >= until {
            return true;
        }
        std::thread::sleep((until - now).min(LISTEN_POLL));
    }
}

#[cfg(feature = "postgres")]
fn listen_loop(url: &str, hub: &Weak<Inner>, stop: &AtomicBool) {
    use crate::db::online::{TablesListener, announced_card};
    let mut backoff = std::time::Duration::from_millis(250);
    let mut dropped = false;
    loop {
        if stop.load(Ordering::Relaxed) || hub.strong_count() == 0 {
            return;
        }
        let mut listener = match TablesListener::open(url) {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(
                    "live tables: cannot listen on PostgreSQL ({e}); trying again in {} ms",
                    backoff.as_millis()
                );
                if !wait(backoff, hub, stop) {
                    return;
                }
                backoff = (backoff * 2).min(LISTEN_BACKOFF_MOST);
                continue;
            }
        };
        if dropped {
            tracing::info!("live tables: listening on PostgreSQL again");
            // What was announced while the connection was down is lost: every stream re-reads.
            if let Some(inner) = hub.upgrade() {
                Hub { inner }.wake_all();
            }
        }
        backoff = std::time::Duration::from_millis(250);
        let mut checked = std::time::Instant::now();
        let lost = loop {
            match listener.received(1_000) {
                Ok(payloads) => {
                    if !payloads.is_empty() {
                        let Some(inner) = hub.upgrade() else { return };
                        let hub = Hub { inner };
                        for p in &payloads {
                            if let Some((at, _)) = announced_card(p) {
                                hub.wake(at);
                            }
                        }
                    }
                }
                Err(e) => break e,
            }
            if checked.elapsed() >= LISTEN_CHECK {
                if let Err(e) = listener.check() {
                    break e;
                }
                checked = std::time::Instant::now();
            }
            if !wait(LISTEN_POLL, hub, stop) {
                return;
            }
        };
        tracing::warn!(
            "live tables: the PostgreSQL listener's connection dropped ({lost}); reopening"
        );
        dropped = true;
    }
}

#[cfg(not(feature = "postgres"))]
fn listen_loop(_url: &str, _hub: &Weak<Inner>, _stop: &AtomicBool) {
    tracing::warn!(
        "a PostgreSQL URL, but this build has no PostgreSQL: the live tables' listener does not run"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(board: u32) -> OnlineBoard {
        OnlineBoard {
            event: EventId::new(1),
            round: 1,
            table: 1,
            board,
        }
    }

    #[tokio::test]
    async fn a_wake_reaches_the_tables_followers_and_an_entry_goes_with_its_last_follower() {
        let hub = Hub::new();
        let mut a = hub.subscribe(at(1));
        let mut b = hub.subscribe(at(1));
        let mut other = hub.subscribe(at(2));
        assert_eq!(hub.tables_followed(), 2);
        // Many wakes before anyone looks are one change (the watch holds one value).
        for _ in 0..1_000 {
            hub.wake(at(1));
        }
        a.changed().await;
        b.changed().await;
        let waited = tokio::time::timeout(std::time::Duration::from_millis(50), other.changed());
        assert!(
            waited.await.is_err(),
            "another table's card wakes no one here"
        );
        let again = tokio::time::timeout(std::time::Duration::from_millis(50), a.changed());
        assert!(again.await.is_err(), "one change, seen once");
        drop(a);
        assert_eq!(hub.tables_followed(), 2);
        drop(b);
        assert_eq!(
            hub.tables_followed(),
            1,
            "the table's entry goes with its last follower"
        );
        drop(other);
        assert_eq!(hub.tables_followed(), 0);
        hub.wake(at(1)); // nobody follows: nothing kept
        assert_eq!(hub.tables_followed(), 0);
    }

    #[test]
    fn streams_are_bounded_per_seat_link_and_their_permits_count_down() {
        let hub = Hub::new();
        let permits: Vec<_> = (0..STREAMS_PER_LINK)
            .map(|_| hub.open_stream("token-a").unwrap())
            .collect();
        assert_eq!(
            hub.open_stream("token-a").err(),
            Some(TooManyStreams::ForLink)
        );
        let other = hub.open_stream("token-b").unwrap();
        assert_eq!(hub.streams_open(), STREAMS_PER_LINK + 1);
        drop(permits);
        assert_eq!(hub.streams_open(), 1);
        assert!(hub.open_stream("token-a").is_ok());
        drop(other);
    }

    #[test]
    fn streams_are_bounded_in_all() {
        let hub = Hub::new();
        let permits: Vec<_> = (0..STREAMS_IN_ALL)
            .map(|i| hub.open_stream(&format!("token-{i}")).unwrap())
            .collect();
        assert_eq!(
            hub.open_stream("one-more").err(),
            Some(TooManyStreams::InAll)
        );
        drop(permits);
        assert_eq!(hub.streams_open(), 0);
    }
}
