//! An event's lifecycle acts: creating it, changing a draft's settings, moving its status,
//! redealing, releasing the hand records and deleting a draft. Each runs in one transaction:
//! it reads the event as it is now, asks `event::lifecycle`, and writes through `db::events`.

use super::play::MovementChangeError;
use super::standings::{EventResults, played_of};
use super::{ActionError, ErrorKind, FindError, Found};
use crate::db::{self, DbConnection, DbError, now};
use crate::event::PublishedCommitment;
use crate::event::club::Club;
use crate::event::entries::Entry;
use crate::event::lifecycle::{self, Redeal};
use crate::event::rounds::{OpenGame, list_open};
use crate::event::sim::SimError;
use crate::event::{
    ClubId, DealKey, DirectorId, Event, EventId, EventSettings, EventStatus, LifecycleError,
};

/// Why a change to an event did not happen.
#[derive(Debug, thiserror::Error)]
pub enum EventChangeError {
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Refused(#[from] LifecycleError),
    /// What a heat of a simultaneous event may not do on its own.
    #[error(transparent)]
    Heat(#[from] SimError),
    /// Finishing while games of the plan have no result nor ruling: each of them.
    #[error(
        "{} of the rounds played {} no result and no ruling: {}. Enter each result, or rule on the game (not played, or adjusted scores), before marking the event finished",
        if .0.len() == 1 { "1 game".to_string() } else { format!("{} games", .0.len()) },
        if .0.len() == 1 { "has" } else { "have" },
        list_open(.0)
    )]
    OpenGames(Vec<OpenGame>),
    /// Finishing a robot duplicate while its window is open.
    #[error("{0}")]
    WindowOpen(String),
    /// A robot duplicate's unplayed board could not be ruled at the finish.
    #[error("the boards not played could not be ruled: {0}")]
    Unruled(String),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// Every lifecycle refusal is about the event's state (a stale page, a move not allowed).
impl ActionError for LifecycleError {
    fn kind(&self) -> ErrorKind {
        ErrorKind::Conflict
    }
}

impl ActionError for EventChangeError {
    fn kind(&self) -> ErrorKind {
        match self {
            EventChangeError::NotFound => ErrorKind::NotFound,
            EventChangeError::Refused(r) => r.kind(),
            EventChangeError::Heat(SimError::SettingsDiffer { .. }) => ErrorKind::Invalid,
            EventChangeError::Heat(_)
            | EventChangeError::OpenGames(_)
            | EventChangeError::WindowOpen(_)
            | EventChangeError::Unruled(_) => ErrorKind::Conflict,
            EventChangeError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::result::Error> for EventChangeError {
    fn from(e: diesel::result::Error) -> Self {
        EventChangeError::Db(e.into())
    }
}

fn current(conn: &mut DbConnection, club: ClubId, id: EventId) -> Result<Event, EventChangeError> {
    db::events::event(conn, club, id)?.ok_or(EventChangeError::NotFound)
}

/// The club's events, as its list and the API show them.
pub fn events_of(conn: &mut DbConnection, club: ClubId) -> Result<Vec<Event>, DbError> {
    db::events::events_of(conn, club)
}

/// One of the club's events (another club's is not found).
pub fn event(conn: &mut DbConnection, club: ClubId, id: EventId) -> Result<Event, FindError> {
    let mut ev = db::events::event(conn, club, id).found()?;
    // The director's pages tell late tables by the round's clock (`RoundState::is_late`).
    if ev.status.is_running() && ev.round.current > 0 {
        ev.round.clock = db::clocks::clock(conn, id, ev.round.current)?;
    }
    Ok(ev)
}

/// An event by its id alone, for the public API (which then asks whether it is visible).
pub fn public_event(conn: &mut DbConnection, id: EventId) -> Result<Event, FindError> {
    db::events::public_event(conn, id).found()
}

/// One of the club's events with every deal commitment it has shown, oldest first.
pub fn with_commitments(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
) -> Result<(Event, Vec<PublishedCommitment>), FindError> {
    let ev = event(conn, club, id)?;
    Ok((ev, db::events::commitments_of(conn, club, id)?))
}

/// A club by its address and one of its events: what a public page opens first.
pub fn club_event(
    conn: &mut DbConnection,
    club_slug: &str,
    id: EventId,
) -> Result<(Club, Event), FindError> {
    let club = db::clubs::club_by_slug(conn, club_slug).found()?;
    let ev = event(conn, club.id, id)?;
    Ok((club, ev))
}

/// The event page as anyone may open it: the club by its address, the event, the
/// commitments shown, its entries and what has been played.
pub struct EventPage {
    pub club: Club,
    pub event: Event,
    pub commitments: Vec<PublishedCommitment>,
    pub entries: Vec<Entry>,
    pub played: EventResults,
}

pub fn event_page(
    conn: &mut DbConnection,
    club_slug: &str,
    id: EventId,
) -> Result<EventPage, FindError> {
    let (club, event) = club_event(conn, club_slug, id)?;
    let commitments = db::events::commitments_of(conn, club.id, id)?;
    Ok(EventPage {
        entries: db::entries::entries_of(conn, club.id, id)?,
        played: played_of(conn, &event)?,
        club,
        event,
        commitments,
    })
}

/// Whether the draft may be deleted, asked before the confirmation page (the deletion asks
/// again in its own transaction).
pub fn check_delete(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
) -> Result<Event, EventChangeError> {
    let ev = current(conn, club, id)?;
    if ev.sim.is_some() {
        return Err(SimError::HeatKept.into());
    }
    let ever_public = db::events::ever_public(conn, id)?;
    let played = db::results::count_of(conn, id)?;
    lifecycle::check_delete(ev.status, ever_public, played)?;
    Ok(ev)
}

/// A new event of the club, as a draft: its row and its game options' row together.
pub fn create(
    conn: &mut DbConnection,
    club: ClubId,
    settings: &EventSettings,
) -> Result<Event, EventChangeError> {
    db::write_transaction(conn, |conn| {
        Ok(db::events::create_event(conn, club, settings)?)
    })
}

/// Changes a draft's settings.
pub fn update_draft(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    settings: &EventSettings,
) -> Result<Event, EventChangeError> {
    db::write_transaction(conn, |conn| {
        // Locked first: a club joining the event's sim meanwhile is seen (`sims::join`).
        db::lock_event(conn, id)?;
        let ev = current(conn, club, id)?;
        if !ev.status.editable() {
            return Err(LifecycleError::NotDraft.into());
        }
        heat_keeps_sim_settings(conn, &ev, settings)?;
        db::events::update_settings(conn, id, settings)?;
        current(conn, club, id)
    })
}

/// A heat's draft keeps the settings every heat of its sim shares, and the organiser's
/// keeps them once a club has joined (`event::sim`).
fn heat_keeps_sim_settings(
    conn: &mut DbConnection,
    ev: &Event,
    settings: &EventSettings,
) -> Result<(), EventChangeError> {
    super::sims::check_heat_settings(conn, ev, settings).map_err(heat_refusal)
}

fn heat_refusal(e: super::sims::SimActionError) -> EventChangeError {
    use super::sims::SimActionError as E;
    match e {
        E::Refused(r) => EventChangeError::Heat(r),
        E::Db(d) => EventChangeError::Db(d),
        _ => EventChangeError::NotFound,
    }
}

/// A heat's deal and release are the field's, not its own.
fn refuse_heat(conn: &mut DbConnection, ev: &Event) -> Result<(), EventChangeError> {
    match super::sims::sim_of(conn, ev)? {
        Some(sim) => Err(SimError::HeatOfSim(sim.name).into()),
        None => Ok(()),
    }
}

/// A status change and what came with it.
pub struct StatusChange {
    /// The event as the change left it (round 1 on, when play started with it).
    pub event: Event,
    /// Only on a move to running: round 1 started (`Ok(1)`), or why it did not (no
    /// movement yet, a progressive individual's options not set...).
    pub round_one: Option<Result<u32, MovementChangeError>>,
}

/// Moves the event from the status the director saw to `to`, then, on a move to running,
/// starts round 1 when its seating is there: one step to start play, the same for the page
/// and the API. Round 1 that cannot start yet leaves the event running with no round on;
/// the director starts it from round control once the seating is there.
pub fn change_status(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    seen: EventStatus,
    to: EventStatus,
    new_key: &DealKey,
) -> Result<StatusChange, EventChangeError> {
    change_status_at(conn, club, id, seen, to, new_key, now())
}

/// [`change_status`] with round 1's clock started at `at` (the web's clock).
pub fn change_status_at(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    seen: EventStatus,
    to: EventStatus,
    new_key: &DealKey,
    at: chrono::NaiveDateTime,
) -> Result<StatusChange, EventChangeError> {
    let event = move_status(conn, club, id, seen, to, new_key, at)?;
    if to == EventStatus::Finished {
        // The club's pace, learnt after the move in its own short write: the event is
        // finished whether or not it can be learnt (a failure is logged, not shown).
        if let Err(e) = super::paces::learn(conn, &event) {
            tracing::warn!(event = id.get(), error = %e, "could not learn the event's pace");
        }
    }
    if to != EventStatus::Running {
        return Ok(StatusChange {
            event,
            round_one: None,
        });
    }
    // Its own transaction, right after the move: no open game can exist before round 1.
    let round_one = super::play::start_round_at(conn, club, id, 1, false, at);
    let event = match round_one {
        Ok(_) => current(conn, club, id)?,
        Err(_) => event,
    };
    Ok(StatusChange {
        event,
        round_one: Some(round_one),
    })
}

/// The status change itself, in one transaction. Leaving draft gives the event a deal key
/// (`new_key`, if it has none) and puts its commitment on the public record.
fn move_status(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    seen: EventStatus,
    to: EventStatus,
    new_key: &DealKey,
    at: chrono::NaiveDateTime,
) -> Result<Event, EventChangeError> {
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, id)?;
        let ev = current(conn, club, id)?;
        ev.status.check_move(seen, to)?;
        super::sims::check_heat_move(conn, &ev, to).map_err(heat_refusal)?;
        if to == EventStatus::Finished
            && let Some(window) = db::event_play::play_of(conn, id)?.window()
        {
            // A robot duplicate finishes once its window closed (the room clock's `at`),
            // every board an entrant did not finish ruled (`event::robot_duplicate`).
            if let Some(why) = crate::event::robot_duplicate::finish_refusal(window, at) {
                return Err(EventChangeError::WindowOpen(why));
            }
            super::robot_duplicate::rule_unfinished(conn, &ev)
                .map_err(|e| EventChangeError::Unruled(e.to_string()))?;
        }
        if to == EventStatus::Finished {
            // Every game of the rounds played is accounted for before the event is finished:
            // a game with no result would otherwise be dropped from the standings unseen.
            let missing: Vec<OpenGame> = super::play::open_games(conn, &ev)?
                .into_iter()
                .filter(|g| g.state.blocks_finishing())
                .collect();
            if !missing.is_empty() {
                return Err(EventChangeError::OpenGames(missing));
            }
        }
        let key = match &ev.deal {
            Some(k) => Some(k.clone()),
            None if lifecycle::needs_key(to) => {
                db::events::store_key(conn, id, new_key)?;
                Some(new_key.clone())
            }
            None => None,
        };
        if let Some(k) = key.as_ref().filter(|_| to.public()) {
            db::events::publish(conn, id, k)?;
        }
        let at = now();
        // Marking the event finished starts its correction period: the moment is stored with
        // the status, in the same statement.
        let finished_at = if to == EventStatus::Finished {
            Some(at)
        } else {
            ev.finished_at
        };
        if !db::events::set_status(conn, id, ev.status, to, finished_at, at)? {
            return Err(LifecycleError::Stale { now: ev.status }.into());
        }
        // The last heat of a sim to finish releases the whole field's hand records.
        if let Some(sim) = ev.sim.filter(|_| to.over()) {
            super::sims::release_if_over(conn, sim)?;
        }
        current(conn, club, id)
    })
}

/// Gives the event a new deal key. A key whose commitment was public is withdrawn with the
/// reason (the redeal rule decides whether one is needed); a public event shows the new
/// commitment at once. A heat of a simultaneous event is not redealt, except the
/// organiser's before any other club has a heat (its key is then the sim's).
pub fn redeal(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    reason: &str,
    by: DirectorId,
    new_key: &DealKey,
) -> Result<Event, EventChangeError> {
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, id)?;
        let ev = current(conn, club, id)?;
        super::sims::check_heat_redeal(conn, &ev).map_err(heat_refusal)?;
        let current_public = match &ev.deal {
            Some(k) => db::events::is_published(conn, id, &k.commitment)?,
            None => false,
        };
        let act = lifecycle::check_redeal(ev.status, current_public, reason)?;
        if let (Redeal::Withdraw { reason }, Some(old)) = (&act, &ev.deal) {
            db::events::withdraw_commitment(conn, id, &old.commitment, reason, by)?;
        }
        db::events::store_key(conn, id, new_key)?;
        if ev.status.public() {
            db::events::publish(conn, id, new_key)?;
        }
        current(conn, club, id)
    })
}

/// Publishes hand records (and so the key), as the release rule allows.
pub fn release_hand_records(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
) -> Result<Event, EventChangeError> {
    db::write_transaction(conn, |conn| {
        let ev = current(conn, club, id)?;
        refuse_heat(conn, &ev)?;
        lifecycle::check_release(ev.status, ev.deal.is_some(), ev.hand_records_released)?;
        db::events::set_released(conn, id)?;
        current(conn, club, id)
    })
}

/// Deletes a draft that never showed a commitment, with its entries (a draft has no results).
pub fn delete_draft(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
) -> Result<Event, EventChangeError> {
    db::write_transaction(conn, |conn| {
        let ev = current(conn, club, id)?;
        // A sim's version is the sum of its heats' (see `db::sims::version`): a heat stays.
        if ev.sim.is_some() {
            return Err(SimError::HeatKept.into());
        }
        let ever_public = db::events::ever_public(conn, id)?;
        let played = db::results::count_of(conn, id)?;
        lifecycle::check_delete(ev.status, ever_public, played)?;
        db::events::delete_event(conn, id)?;
        Ok(ev)
    })
}
