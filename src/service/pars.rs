//! Robot par in events: which board the background analysis works out next (fairly across
//! clubs, `event::par::FairQueue`, for several workers sharing one [`Memo`]), the analysis
//! itself (on no connection: a board takes seconds to minutes), storing it only while the
//! event still has the deal it was worked out for, and what the pages read.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::Mutex;

use super::FindError;
use crate::db::{self, DbConnection, DbError};
use crate::deals::par::{BoardPar, ParError, ParSettings, analyse_board};
use crate::deals::{DealError, SetKey, board};
use crate::event::game::EventGame;
use crate::event::par::{EventPars, FairQueue, PICK_EVENTS, ParCandidate};
use crate::event::{ClubId, DealKey, Event, EventId, EventSettings};

/// Whether the event's boards get a par at all: its game on boards the site deals, and
/// robots that play it.
fn gets_par(settings: &EventSettings) -> bool {
    EventGame::of(settings).robot_par()
}

/// Whether a stored par is of the event's game as it is now: a cooperative game's par
/// carries the table total, the others' do not. One that does not fit counts as missing
/// (and is worked out again), as a row that does not read.
fn fits(settings: &EventSettings, par: &BoardPar) -> bool {
    let cooperative = settings.game_spec().scoring == crate::engine::Scoring::Cooperative;
    par.total.is_some() == cooperative
}

/// The event's pars for its current deal, as the pages show them. `working` is whether
/// this server works pars out.
pub fn event_pars(
    conn: &mut DbConnection,
    ev: &Event,
    working: bool,
) -> Result<EventPars, FindError> {
    if !gets_par(&ev.settings) {
        return Ok(EventPars::NotThisGame);
    }
    let Some(key) = ev.deal.as_ref() else {
        return Ok(EventPars::None);
    };
    let boards = u32::from(ev.settings.boards());
    let stored: BTreeMap<u32, BoardPar> = db::pars::pars_of(conn, ev.id, &key.commitment, boards)?
        .into_iter()
        .filter(|p| fits(&ev.settings, p))
        .map(|p| (p.board, p))
        .collect();
    Ok(EventPars::Boards {
        boards,
        stored,
        working,
    })
}

/// A board whose par is to be worked out.
#[derive(Clone, Debug)]
pub struct ParJob {
    pub event: EventId,
    pub club: ClubId,
    pub settings: EventSettings,
    pub key: DealKey,
    pub board: u32,
}

/// What the workers remember between polls, shared by them all behind one `Mutex` held only
/// for a pick: the boards that could not be worked out (event, commitment, board: skipped
/// from then on), the events found to need nothing more, with the version they had then,
/// and the fair queue (what is in flight, who was served when). An event is looked at again
/// only once its version moved (a redeal, a new deal key; storing a par moves it too, once):
/// a poll of a server with years of events reads one column of them, not each one's pars.
#[derive(Debug, Default)]
pub struct Memo {
    pub failed: BTreeSet<(EventId, String, u32)>,
    complete: HashMap<EventId, i64>,
    pub queue: FairQueue,
}

/// The fair choice of the next board without a par for its event's current deal, but those
/// that failed and those another worker is on (`event::par::FairQueue::pick`), among the
/// boards of the first [`PICK_EVENTS`] events (newest first) that still lack some. The job
/// is in flight until [`finish`].
pub fn next_job(conn: &mut DbConnection, memo: &mut Memo) -> Result<Option<ParJob>, DbError> {
    let versions = db::events::keyed_versions(conn)?;
    // Events gone (or cancelled) are forgotten, so the memo stays as large as the server.
    let live: HashSet<EventId> = versions.iter().map(|(id, _)| *id).collect();
    memo.complete.retain(|id, _| live.contains(id));
    memo.queue.keep_groups(|id| live.contains(id));
    let mut candidates = Vec::new();
    let mut events: HashMap<EventId, (EventSettings, DealKey)> = HashMap::new();
    for (id, version) in versions {
        if events.len() >= PICK_EVENTS {
            break;
        }
        if memo.complete.get(&id) == Some(&version) {
            continue;
        }
        let ev = match db::events::public_event(conn, id) {
            Ok(Some(ev)) => ev,
            Ok(None) => continue,
            Err(e @ DbError::Corrupt { .. }) => {
                // One bad event does not stop the others' analysis.
                tracing::warn!("robot par: {e}");
                memo.complete.insert(id, version);
                continue;
            }
            Err(e) => return Err(e),
        };
        let Some(key) = ev.deal.as_ref().filter(|_| gets_par(&ev.settings)) else {
            memo.complete.insert(id, version);
            continue;
        };
        let boards = u32::from(ev.settings.boards());
        let mut stored = db::pars::pars_of(conn, ev.id, &key.commitment, boards)?;
        stored.retain(|p| fits(&ev.settings, p));
        let missing: Vec<u32> = (1..=boards)
            .filter(|b| {
                !stored.iter().any(|p| p.board == *b)
                    && !memo.failed.contains(&(ev.id, key.commitment.clone(), *b))
            })
            .collect();
        if missing.is_empty() {
            memo.complete.insert(id, version);
            continue;
        }
        candidates.extend(missing.into_iter().map(|board| ParCandidate {
            event: ev.id,
            club: ev.club_id,
            board,
        }));
        events.insert(ev.id, (ev.settings.clone(), key.clone()));
    }
    let Some(pick) = memo.queue.pick(&candidates) else {
        return Ok(None);
    };
    // Every candidate's event was kept with it; were it not, the board is freed again.
    let Some((settings, key)) = events.remove(&pick.event) else {
        memo.queue.done(&pick);
        return Ok(None);
    };
    Ok(Some(ParJob {
        event: pick.event,
        club: pick.club,
        settings,
        key,
        board: pick.board,
    }))
}

/// The job is over (stored, failed, or given up): another worker may take its board again
/// if it still lacks a par.
pub fn finish(memo: &mut Memo, job: &ParJob) {
    memo.queue.done(&ParCandidate {
        event: job.event,
        club: job.club,
        board: job.board,
    });
}

#[derive(Debug, thiserror::Error)]
pub enum WorkError {
    #[error(transparent)]
    Deal(#[from] DealError),
    #[error(transparent)]
    Par(#[from] ParError),
}

/// Plays the board's robot games on one thread (the server's other work comes first).
pub fn work_out(job: &ParJob, budget: ParSettings) -> Result<BoardPar, WorkError> {
    let set = SetKey::from_hex(&job.key.key_hex)?;
    let spec = job.settings.game_spec();
    let b = board(&set, job.board, false, &spec, None)?;
    Ok(analyse_board(&spec, &set, &b, budget, 1, &|| {})?)
}

/// Stores the board's par, in one transaction, if the event still has the deal it was
/// worked out for (a redeal meanwhile makes it worthless). True when stored.
pub fn store(conn: &mut DbConnection, job: &ParJob, par: &BoardPar) -> Result<bool, DbError> {
    db::write_transaction(conn, |conn| {
        let current = db::events::public_event(conn, job.event)?;
        let same_deal = current
            .and_then(|ev| ev.deal)
            .is_some_and(|k| k.commitment == job.key.commitment);
        if !same_deal {
            return Ok(false);
        }
        db::pars::store_par(conn, job.event, &job.key.commitment, par)?;
        Ok(true)
    })
}

/// Works out and stores one board: Some(the event and board) when there was one to do. The
/// shared memo is locked only to pick the board (a few short reads) and to mark it done,
/// never while the robots play or the par is stored; no connection is held while they play.
/// A board whose analysis fails joins `failed`.
pub fn work_one(
    pool: &db::DbPool,
    budget: ParSettings,
    memo: &Mutex<Memo>,
) -> Result<Option<(EventId, u32)>, ParWorkError> {
    let lock = || memo.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let job = {
        let mut conn = pool.get().map_err(DbError::from)?;
        next_job(&mut conn, &mut lock())?
    };
    let Some(job) = job else {
        return Ok(None);
    };
    // The board leaves the in-flight set however this ends, a panic included.
    struct Done<'a>(&'a Mutex<Memo>, &'a ParJob, bool);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            let mut memo = self.0.lock().unwrap_or_else(|p| p.into_inner());
            if self.2 {
                memo.failed
                    .insert((self.1.event, self.1.key.commitment.clone(), self.1.board));
            }
            finish(&mut memo, self.1);
        }
    }
    let mut done = Done(memo, &job, false);
    let par = work_out(&job, budget).inspect_err(|_| done.2 = true)?;
    let mut conn = pool.get().map_err(DbError::from)?;
    store(&mut conn, &job, &par)?;
    drop(done);
    Ok(Some((job.event, job.board)))
}

/// Why a round of the background analysis failed (logged; the worker tries again later).
#[derive(Debug, thiserror::Error)]
pub enum ParWorkError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Work(#[from] WorkError),
}
