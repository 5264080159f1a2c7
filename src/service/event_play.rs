//! Setting how an event is played (#39): at the club's tables, online, or as a robot
//! duplicate (`event::play`). The setting may change while play has not started (a draft or
//! a ready event) and must suit the event's game; each change is one transaction that locks
//! the event, reads it as it is now and writes through `db::event_play`.

use super::events::EventChangeError;
use super::{ActionError, ErrorKind};
use crate::db::{self, DbConnection, DbError};
use crate::event::play::{Play, PlayError};
use crate::event::{ClubId, Event, EventId, EventSettings, EventStatus, LifecycleError};

/// Why the play setting (or an event change that carries it) did not happen.
#[derive(Debug, thiserror::Error)]
pub enum PlayChangeError {
    /// The setting cannot be, or does not suit the event's game.
    #[error(transparent)]
    Invalid(#[from] PlayError),
    /// Play has started: how it is played stays.
    #[error(
        "the event is {0}: how it is played can change only before play starts (a draft or a ready event)"
    )]
    Started(EventStatus),
    /// The change of the rest of the event's settings was refused.
    #[error(transparent)]
    Event(#[from] EventChangeError),
}

impl ActionError for PlayChangeError {
    fn kind(&self) -> ErrorKind {
        match self {
            PlayChangeError::Invalid(_) => ErrorKind::Invalid,
            PlayChangeError::Started(_) => ErrorKind::Conflict,
            PlayChangeError::Event(e) => e.kind(),
        }
    }
}

impl From<DbError> for PlayChangeError {
    fn from(e: DbError) -> Self {
        PlayChangeError::Event(e.into())
    }
}

impl From<diesel::result::Error> for PlayChangeError {
    fn from(e: diesel::result::Error) -> Self {
        PlayChangeError::Event(e.into())
    }
}

/// How the event is played (no row: at the club's tables).
pub fn play_of(conn: &mut DbConnection, event: EventId) -> Result<Play, DbError> {
    db::event_play::play_of(conn, event)
}

/// Creates the club's event with its settings and how it is played, in one transaction.
pub fn create(
    conn: &mut DbConnection,
    club: ClubId,
    settings: &EventSettings,
    play: Play,
) -> Result<(Event, Play), PlayChangeError> {
    play.check_game(settings)?;
    db::write_transaction(conn, |conn| {
        let ev = super::events::create(conn, club, settings)?;
        db::event_play::set_play(conn, ev.id, &play)?;
        Ok((ev, play))
    })
}

/// Changes the club's event: its settings (a draft's only, as `events::update_draft`) and
/// how it is played (before play starts), either or both, in one transaction. The play
/// that results (the new one, or the stored one) must suit the game that results.
pub fn update(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    settings: Option<&EventSettings>,
    play: Option<Play>,
) -> Result<(Event, Play), PlayChangeError> {
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, id)?;
        let mut ev = db::events::event(conn, club, id)?.ok_or(EventChangeError::NotFound)?;
        if let Some(settings) = settings {
            if !ev.status.editable() {
                return Err(EventChangeError::Refused(LifecycleError::NotDraft).into());
            }
            ev = super::events::update_draft(conn, club, id, settings)?;
        }
        let play = match play {
            Some(p) => {
                if !ev.status.before_play() {
                    return Err(PlayChangeError::Started(ev.status));
                }
                db::event_play::set_play(conn, id, &p)?;
                p
            }
            None => db::event_play::play_of(conn, id)?,
        };
        play.check_game(&ev.settings)?;
        Ok((ev, play))
    })
}

/// How each of these events is played, in their order.
pub fn plays_of(conn: &mut DbConnection, events: &[EventId]) -> Result<Vec<Play>, DbError> {
    db::event_play::plays_of(conn, events)
}
