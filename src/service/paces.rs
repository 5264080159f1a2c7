//! The club's own pace (#38): an event's pace is learnt when it finishes, from when its
//! tables' results arrived and when they ticked boards rebuilt, and kept with the club; the
//! event form reads the club's pace of a game from its last events. The figures are
//! `event::pace`'s; docs/pace.md says how they are defined.

use crate::db::{self, DbConnection, DbError};
use crate::event::game::GameChoice;
use crate::event::pace::{self, CLUB_EVENTS, ClubPace, Pace, RoundStart};
use crate::event::{ClubId, Event, EventId};

/// Learns and stores the event's pace: reads its times (each read on its own, no
/// transaction held), works the figures out with no connection in use, then stores them in
/// one short write transaction. Learnt again, the last one counts.
pub fn learn(conn: &mut DbConnection, event: &Event) -> Result<Pace, DbError> {
    let starts: Vec<RoundStart> = db::clocks::clocks_of(conn, event.id)?
        .into_iter()
        .filter(|c| c.round >= 1)
        .map(|c| RoundStart {
            round: c.round,
            started_at: c.started_at,
        })
        .collect();
    let results = db::paces::result_times(conn, event.id)?;
    let rebuilds = db::paces::rebuild_times(conn, event.id)?;
    let samples = pace::samples(&starts, &results, &rebuilds);
    let learnt = Pace::of(&samples);
    let game = pace::game_of(&event.settings);
    db::write_transaction(conn, |conn| {
        db::paces::store_pace(conn, event.id, event.club_id, &game, &learnt)
    })?;
    tracing::info!(
        event = event.id.get(),
        games = samples.games.len(),
        rebuilds = samples.rebuilds.len(),
        dropped = samples.dropped,
        "learnt the event's pace"
    );
    Ok(learnt)
}

/// The club's pace of a game (the form's choice of game), from its last [`CLUB_EVENTS`]
/// finished events of that game that timed a game: `None` until one has.
pub fn club_pace(
    conn: &mut DbConnection,
    club: ClubId,
    game: &str,
) -> Result<Option<ClubPace>, DbError> {
    let events = db::paces::club_paces(conn, club, game, CLUB_EVENTS)?;
    Ok(pace::club_pace(&events))
}

/// The club's pace of every game the event form offers, in the form's order.
pub fn club_paces(
    conn: &mut DbConnection,
    club: ClubId,
) -> Result<Vec<(GameChoice, Option<ClubPace>)>, DbError> {
    GameChoice::all()
        .into_iter()
        .map(|c| Ok((c, club_pace(conn, club, c.value)?)))
        .collect()
}

/// The club's event's own pace, once learnt.
pub fn event_pace(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Option<Pace>, DbError> {
    db::paces::event_pace(conn, club, event)
}
