//! How an event is played (#39): one `event_play` row per event played online or as a
//! robot duplicate; no row is the default, at the club's tables. Storage only: the rules
//! are `event::play`. The row is deleted with its event (`db::events`).

use diesel::prelude::*;

use super::schema::event_play;
use super::{DbConnection, DbError};
use crate::event::EventId;
use crate::event::play::Play;

type PlayRow = (
    String,
    Option<chrono::NaiveDateTime>,
    Option<chrono::NaiveDateTime>,
    i32,
    i32,
);

fn corrupt(event: EventId, problem: String) -> DbError {
    DbError::Corrupt {
        what: "play setting of event",
        id: event.get(),
        problem,
    }
}

fn read_row(event: EventId, row: PlayRow) -> Result<Play, DbError> {
    let (play, opens, closes, robot_ms, away) = row;
    let num = |n: i32| u32::try_from(n).map_err(|_| corrupt(event, format!("{n} is negative")));
    Play::stored(&play, opens, closes, num(robot_ms)?, num(away)?).map_err(|e| corrupt(event, e.0))
}

/// How the event is played: its row, or [`Play::Table`] when it has none.
pub fn play_of(conn: &mut DbConnection, event: EventId) -> Result<Play, DbError> {
    let row: Option<PlayRow> = event_play::table
        .find(event.get())
        .select((
            event_play::play,
            event_play::opens,
            event_play::closes,
            event_play::robot_ms,
            event_play::away_seconds,
        ))
        .first(conn)
        .optional()?;
    match row {
        None => Ok(Play::Table),
        Some(r) => read_row(event, r),
    }
}

/// Stores how the event is played: a row for online or robots (replacing any), none for
/// the club's tables. The caller checks the event is the club's and may still change.
pub fn set_play(conn: &mut DbConnection, event: EventId, play: &Play) -> Result<(), DbError> {
    let clamp = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
    match play {
        Play::Table => {
            diesel::delete(event_play::table.find(event.get())).execute(conn)?;
        }
        Play::Online { .. } | Play::Robots { .. } => {
            let window = play.window();
            let values = (
                event_play::play.eq(play.name()),
                event_play::opens.eq(window.map(|w| w.opens)),
                event_play::closes.eq(window.map(|w| w.closes)),
                event_play::robot_ms.eq(clamp(play.robot_ms())),
                event_play::away_seconds.eq(clamp(play.away_seconds())),
            );
            let updated = diesel::update(event_play::table.find(event.get()))
                .set(values)
                .execute(conn)?;
            if updated == 0 {
                diesel::insert_into(event_play::table)
                    .values((event_play::event_id.eq(event.get()), values))
                    .execute(conn)?;
            }
        }
    }
    Ok(())
}

/// How each of these events is played, in their order (the API's list of a club's events):
/// one query for all, [`Play::Table`] for an event with no row.
pub fn plays_of(conn: &mut DbConnection, events: &[EventId]) -> Result<Vec<Play>, DbError> {
    let ids: Vec<i32> = events.iter().map(|e| e.get()).collect();
    let rows: Vec<(i32, PlayRow)> = event_play::table
        .filter(event_play::event_id.eq_any(&ids))
        .select((
            event_play::event_id,
            (
                event_play::play,
                event_play::opens,
                event_play::closes,
                event_play::robot_ms,
                event_play::away_seconds,
            ),
        ))
        .load(conn)?;
    let mut out = Vec::with_capacity(events.len());
    for e in events {
        match rows.iter().find(|(id, _)| *id == e.get()) {
            Some((_, row)) => out.push(read_row(*e, row.clone())?),
            None => out.push(Play::Table),
        }
    }
    Ok(out)
}
