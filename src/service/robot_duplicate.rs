//! The robot duplicate's actions and finds (#39 item 6b; the rules are
//! `event::robot_duplicate`'s): the boards left unplayed ruled when the director finishes
//! the event after its window closed, and the entrants' progress for the event page
//! (counts, never scores).

use super::results::{self, EntryError, PlaceAsked, Ruling};
use crate::db::{self, DbConnection, DbError};
use crate::event::Event;
use crate::event::play::{Play, rfc3339};
use crate::event::results::BoardOutcome;
use crate::event::robot_duplicate::{
    Progress, ROBOTS_UNFINISHED, ROUND, UNFINISHED, plan, unplayed,
};

/// Who rules an unplayed board, as the audit trail names it ("director ...").
pub const RULED_BY: &str = "(the robot duplicate's rule)";

/// Rules every board of the plan with no result (never started, or played partly) not
/// played, [`UNFINISHED`] for the entrant and [`ROBOTS_UNFINISHED`] for the robots, each
/// through the one path a director's ruling takes (`results::rule_unplayed`, its reason in
/// the audit trail). Called by the finish, in its transaction, after the window closed:
/// no card can be played any more. Answers how many boards were ruled.
pub fn rule_unfinished(conn: &mut DbConnection, ev: &Event) -> Result<usize, EntryError> {
    let Play::Robots { window, .. } = db::event_play::play_of(conn, ev.id)? else {
        return Ok(0);
    };
    let entries = db::entries::entries_of(conn, ev.club_id, ev.id)?;
    let results = db::results::results_of(conn, ev.club_id, ev.id)?;
    let todo = unplayed(&plan(&entries, u32::from(ev.settings.boards())), &results);
    let reason = format!(
        "not finished when the window closed at {}: average-minus (40%) for the entrant, \
         the robot duplicate's rule for an unplayed board",
        rfc3339(window.closes)
    );
    for &(table, board) in &todo {
        let ruling = Ruling {
            majors: Some(UNFINISHED),
            minors: Some(ROBOTS_UNFINISHED),
            outcome: Some(BoardOutcome::NotPlayed),
        };
        let place = PlaceAsked {
            round: i64::from(ROUND),
            table: i64::from(table),
            board: i64::from(board),
        };
        results::rule_unplayed(conn, ev, RULED_BY, place, ruling, Some(&reason))?;
    }
    Ok(todo.len())
}

/// How far a robot duplicate's entrants have got (none for any other way of play): each
/// entrant's boards with a result, from the stored results.
pub fn progress(conn: &mut DbConnection, ev: &Event) -> Result<Option<Progress>, DbError> {
    if !matches!(db::event_play::play_of(conn, ev.id)?, Play::Robots { .. }) {
        return Ok(None);
    }
    let entries = db::entries::entries_of(conn, ev.club_id, ev.id)?;
    let results = db::results::results_of(conn, ev.club_id, ev.id)?;
    Ok(Some(Progress::of(
        &entries,
        u32::from(ev.settings.boards()),
        &results,
    )))
}
