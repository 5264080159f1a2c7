//! The room clock (issue #38): each round's clock written when the round starts, the
//! director's pause, resume and extension, the event's round timing, and the clock as the
//! room sees it (the phase, the time left, the announcement, at the change who goes where,
//! and the late tables). Each action is one short transaction holding the event's lock, as
//! starting a round does; "now" is the caller's (the web's clock), so a test can move it.

use chrono::NaiveDateTime;

use super::{ActionError, ErrorKind};
use crate::db::{self, DbConnection, DbError};
use super::play::games_in_round;
use crate::event::clock::{
    ClockError, ClockView, ClockWords, Pacing, RoundClock, StoredTiming, Timing,
    TimingDraft, TimingError,
};
use crate::event::game::EventGame;
use crate::event::movement::movement_kind;
use crate::event::rounds::{RoundState, TableState, table_states, table_states_with};
use crate::event::{ClubId, Event, EventId, EventStatus};
use crate::movement::Movement;
use crate::movement::plan::{Next, Plan};

#[derive(Debug, thiserror::Error)]
pub enum ClockActionError {
    #[error("not found")]
    NotFound,
    #[error("The clock runs while the event is running: this event is {0}.")]
    NotRunning(&'static str),
    #[error("No round is being played: start round 1 from round control first.")]
    NoRound,
    #[error("Play is over: there is no round left to time.")]
    Over,
    #[error("{}", capitalised(&.0.to_string()))]
    Refused(#[from] ClockError),
    #[error("{}", capitalised(&.0.to_string()))]
    Timing(#[from] TimingError),
    #[error(transparent)]
    Db(#[from] DbError),
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect::<String>() + ".",
        None => String::new(),
    }
}

impl ActionError for ClockActionError {
    fn kind(&self) -> ErrorKind {
        match self {
            ClockActionError::NotFound => ErrorKind::NotFound,
            ClockActionError::NotRunning(_)
            | ClockActionError::NoRound
            | ClockActionError::Over
            | ClockActionError::Refused(ClockError::AlreadyPaused | ClockError::NotPaused) => {
                ErrorKind::Conflict
            }
            ClockActionError::Refused(_) | ClockActionError::Timing(_) => ErrorKind::Invalid,
            ClockActionError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::result::Error> for ClockActionError {
    fn from(e: diesel::result::Error) -> Self {
        ClockActionError::Db(e.into())
    }
}

fn stored_timing(conn: &mut DbConnection, ev: &Event) -> Result<StoredTiming, DbError> {
    Ok(db::clocks::timing(conn, ev.club_id, ev.id)?.unwrap_or_default())
}

fn movement_of(conn: &mut DbConnection, ev: &Event) -> Result<Option<Movement>, DbError> {
    if movement_kind(ev.settings.format()).is_none() {
        return Ok(None);
    }
    Ok(db::movements::movement_of(conn, ev.club_id, ev.id)?.map(|(_, m)| m))
}

/// The current round's clock: its row, or for a round started before clocks were kept, one
/// made from the round's start and the event's timing.
fn current_clock(
    conn: &mut DbConnection,
    ev: &Event,
    movement: Option<&Movement>,
    timing: Timing,
) -> Result<Option<(RoundClock, bool)>, DbError> {
    let round = ev.round.current;
    if round == 0 {
        return Ok(None);
    }
    if let Some(c) = db::clocks::clock(conn, ev.id, round)? {
        return Ok(Some((c, true)));
    }
    Ok(ev.round.started_at.map(|at| {
        (
            RoundClock::start(round, games_in_round(movement, round), timing, at),
            false,
        )
    }))
}

/// Changes the running round's clock with `change`, in one transaction holding the
/// event's lock.
fn change_clock(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    change: impl FnOnce(&mut RoundClock) -> Result<(), ClockError>,
) -> Result<RoundClock, ClockActionError> {
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, event)?;
        let ev = db::events::event(conn, club, event)?.ok_or(ClockActionError::NotFound)?;
        if !ev.status.is_running() {
            return Err(ClockActionError::NotRunning(ev.status.name()));
        }
        let m = movement_of(conn, &ev)?;
        let timing = Timing::of(&ev.settings, stored_timing(conn, &ev)?);
        let (mut clock, stored) =
            current_clock(conn, &ev, m.as_ref(), timing)?.ok_or(ClockActionError::NoRound)?;
        change(&mut clock)?;
        if stored {
            db::clocks::update_clock(conn, ev.id, &clock)?;
        } else {
            db::clocks::start_clock(conn, ev.id, &clock)?;
        }
        Ok(clock)
    })
}

pub fn pause(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    now: NaiveDateTime,
) -> Result<RoundClock, ClockActionError> {
    change_clock(conn, club, event, |c| c.pause(now))
}

pub fn resume(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    now: NaiveDateTime,
) -> Result<RoundClock, ClockActionError> {
    change_clock(conn, club, event, |c| c.resume(now))
}

/// Gives the round's play `minutes` more (bounded: `event::clock::EXTEND_MINUTES`).
pub fn extend(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    minutes: u32,
) -> Result<RoundClock, ClockActionError> {
    change_clock(conn, club, event, |c| c.extend(minutes))
}

/// Sets the event's round timing from the director's form: rounds started from now on take
/// it, the round being played keeps its own. Refused once play is over.
pub fn set_timing(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    draft: &TimingDraft,
) -> Result<Timing, ClockActionError> {
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, event)?;
        let ev = db::events::event(conn, club, event)?.ok_or(ClockActionError::NotFound)?;
        if ev.status.over() {
            return Err(ClockActionError::Over);
        }
        let stored = draft.parse(EventGame::of(&ev.settings))?;
        if !db::clocks::set_timing(conn, club, event, &stored)? {
            return Err(ClockActionError::NotFound);
        }
        Ok(Timing::of(&ev.settings, stored))
    })
}

/// Where an entry goes at the change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub entry: u32,
    pub from: u32,
    /// The next round's table and side, or `None`: sits out the next round.
    pub to: Option<(u32, crate::movement::Side)>,
}

/// The room clock as a page shows it.
pub struct RoomClock {
    pub event: Event,
    pub stored: StoredTiming,
    /// The timing rounds started from now on take.
    pub timing: Timing,
    pub words: ClockWords,
    pub rounds: u32,
    /// The games (boards) a table plays in the current round.
    pub games: u32,
    pub clock: Option<RoundClock>,
    /// `None` when no round is being played.
    pub view: Option<ClockView>,
    /// At the change, in entry order: who goes where (a fixed movement).
    pub moves: Vec<Move>,
    /// At the change: the boards going to another table, in the table cards' words
    /// ("Boards 3, 4 to table 2").
    pub boards: Vec<String>,
    /// A progressive individual: the rule of the move (the seating follows the results).
    pub rule: Option<&'static str>,
    /// Tables with no result once the round's play time is over (or late by round control's
    /// rule).
    pub late: Vec<u32>,
}

/// The room clock of the club's event at `now`.
pub fn clock_view(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    now: NaiveDateTime,
) -> Result<RoomClock, ClockActionError> {
    let ev = db::events::event(conn, club, event)?.ok_or(ClockActionError::NotFound)?;
    let stored = stored_timing(conn, &ev)?;
    let timing = Timing::of(&ev.settings, stored);
    let words = ClockWords::of(&ev.settings);
    let m = movement_of(conn, &ev)?;
    let game = EventGame::of(&ev.settings);
    let rounds = match &m {
        Some(m) => m.rounds,
        None => super::play::individual_state(conn, &ev)
            .ok()
            .and_then(|st| st.rounds().ok())
            .unwrap_or(0),
    };
    let round = ev.round.current;
    let games = games_in_round(m.as_ref(), round);
    let clock = match ev.status {
        EventStatus::Running => current_clock(conn, &ev, m.as_ref(), timing)?.map(|(c, _)| c),
        _ => None,
    };
    let view = clock.as_ref().map(|c| {
        ClockView::at(
            c,
            &Pacing {
                games,
                words,
                last: rounds > 0 && round >= rounds,
            },
            now,
        )
    });
    let mut late = vec![];
    if let (Some(c), Some(v)) = (&clock, &view) {
        let reported = db::movements::reported_tables(conn, club, event)?;
        // Round control's rule, from the clock's own start (the room's time).
        let state = RoundState {
            current: round,
            started_at: Some(c.started_at),
        };
        let states = match &m {
            Some(m) => table_states(m, &state, now, &reported),
            None => table_states_with(u32::from(ev.settings.tables()), &state, now, &reported, |_| true),
        };
        let play_over = v.phase != crate::event::clock::Phase::Play;
        late = states
            .into_iter()
            .filter(|(_, s)| *s == TableState::Late || (play_over && *s == TableState::Playing))
            .map(|(t, _)| t)
            .collect();
    }
    let (mut moves, mut boards) = (vec![], vec![]);
    if let Some(m) = m.as_ref().filter(|_| view.is_some() && round < rounds) {
        let plan = Plan::new(m);
        for t in 1..=m.tables {
            for n in plan.next(round, t) {
                // A game dealt at the table has no boards to carry.
                if matches!(n, Next::Boards { .. }) && !words.dealt_at_table {
                    boards.push(n.text(round));
                }
            }
            if let Some(s) = m.seating(round, t).filter(|s| s.has_game()) {
                for p in [s.majors, s.minors].into_iter().flatten() {
                    moves.push(Move {
                        entry: p,
                        from: t,
                        to: m.place(round + 1, p),
                    });
                }
            }
        }
        moves.sort_by_key(|mv| mv.entry);
    }
    let rule = game
        .movement_words(ev.settings.side_names().majors())
        .map(|w| w.next);
    Ok(RoomClock {
        event: ev,
        stored,
        timing,
        words,
        rounds,
        games,
        clock,
        view,
        moves,
        boards,
        rule,
        late,
    })
}

/// The room clock of an event found by its club's address (the public clock page: the
/// caller applies the event page's visibility rule).
pub fn clock_by_slug(
    conn: &mut DbConnection,
    club_slug: &str,
    event: EventId,
    now: NaiveDateTime,
) -> Result<(crate::event::club::Club, RoomClock), ClockActionError> {
    let club = db::clubs::club_by_slug(conn, club_slug)?.ok_or(ClockActionError::NotFound)?;
    let room = clock_view(conn, club.id, event, now)?;
    Ok((club, room))
}
