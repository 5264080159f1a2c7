//! The room clock's storage (issue #38): each round's clock, written when the round starts
//! and kept afterwards (the club's pace is learnt from them), and the event's round timing
//! (its `events` columns, 0 meaning the game's default).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{events, round_clocks};
use super::{DbConnection, DbError};
use crate::event::clock::{RoundClock, StoredTiming};
use crate::event::{ClubId, EventId};

#[derive(Queryable, Insertable, AsChangeset)]
#[diesel(table_name = round_clocks)]
#[diesel(treat_none_as_null = true)]
struct ClockRow {
    event_id: i32,
    round: i32,
    started_at: NaiveDateTime,
    play_seconds: i32,
    rebuild_seconds: i32,
    move_seconds: i32,
    paused_at: Option<NaiveDateTime>,
    paused_seconds: i32,
    extra_seconds: i32,
}

fn to_i32(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

fn to_u32(v: i32) -> u32 {
    u32::try_from(v).unwrap_or(0)
}

impl ClockRow {
    fn of(event: EventId, c: &RoundClock) -> ClockRow {
        ClockRow {
            event_id: event.get(),
            round: to_i32(c.round),
            started_at: c.started_at,
            play_seconds: to_i32(c.play_seconds),
            rebuild_seconds: to_i32(c.rebuild_seconds),
            move_seconds: to_i32(c.move_seconds),
            paused_at: c.paused_at,
            paused_seconds: to_i32(c.paused_seconds),
            extra_seconds: to_i32(c.extra_seconds),
        }
    }

    fn into_clock(self) -> RoundClock {
        RoundClock {
            round: to_u32(self.round),
            started_at: self.started_at,
            play_seconds: to_u32(self.play_seconds),
            rebuild_seconds: to_u32(self.rebuild_seconds),
            move_seconds: to_u32(self.move_seconds),
            paused_at: self.paused_at,
            paused_seconds: to_u32(self.paused_seconds),
            extra_seconds: to_u32(self.extra_seconds),
        }
    }
}

/// Writes a started round's clock: one row per started round (a row already there for the
/// round is replaced).
pub fn start_clock(
    conn: &mut DbConnection,
    event: EventId,
    clock: &RoundClock,
) -> Result<(), DbError> {
    diesel::delete(
        round_clocks::table
            .filter(round_clocks::event_id.eq(event.get()))
            .filter(round_clocks::round.eq(to_i32(clock.round))),
    )
    .execute(conn)?;
    diesel::insert_into(round_clocks::table)
        .values(ClockRow::of(event, clock))
        .execute(conn)?;
    Ok(())
}

/// A round's clock (the event is the caller's, already checked against its club).
pub fn clock(
    conn: &mut DbConnection,
    event: EventId,
    round: u32,
) -> Result<Option<RoundClock>, DbError> {
    Ok(round_clocks::table
        .filter(round_clocks::event_id.eq(event.get()))
        .filter(round_clocks::round.eq(to_i32(round)))
        .first::<ClockRow>(conn)
        .optional()?
        .map(ClockRow::into_clock))
}

/// Every round's clock of an event, in round order (what the club's pace reads), at most
/// one per round an event may have ([`crate::movement::MAX_ROUNDS`]: stored rows beyond
/// that are no event's).
pub fn clocks_of(conn: &mut DbConnection, event: EventId) -> Result<Vec<RoundClock>, DbError> {
    Ok(round_clocks::table
        .filter(round_clocks::event_id.eq(event.get()))
        .order(round_clocks::round.asc())
        .limit(i64::from(crate::movement::MAX_ROUNDS))
        .load::<ClockRow>(conn)?
        .into_iter()
        .map(ClockRow::into_clock)
        .collect())
}

/// Stores a round's clock after a pause, a resume or an extension.
pub fn update_clock(
    conn: &mut DbConnection,
    event: EventId,
    clock: &RoundClock,
) -> Result<(), DbError> {
    diesel::update(
        round_clocks::table
            .filter(round_clocks::event_id.eq(event.get()))
            .filter(round_clocks::round.eq(to_i32(clock.round))),
    )
    .set(ClockRow::of(event, clock))
    .execute(conn)?;
    Ok(())
}

/// The event's round timing as stored, `None` when the club has no such event.
pub fn timing(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Option<StoredTiming>, DbError> {
    let row: Option<(i32, i32, i32, bool)> = events::table
        .filter(events::id.eq(event.get()))
        .filter(events::club_id.eq(club.get()))
        .select((
            events::game_minutes,
            events::rebuild_minutes,
            events::move_minutes,
            events::clock_sound,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(g, r, m, sound)| StoredTiming {
        game: to_u32(g),
        rebuild: to_u32(r),
        moves: to_u32(m),
        sound,
    }))
}

/// Sets the event's round timing (rounds started later take it).
pub fn set_timing(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    t: &StoredTiming,
) -> Result<bool, DbError> {
    let n = diesel::update(
        events::table
            .filter(events::id.eq(event.get()))
            .filter(events::club_id.eq(club.get())),
    )
    .set((
        events::game_minutes.eq(to_i32(t.game)),
        events::rebuild_minutes.eq(to_i32(t.rebuild)),
        events::move_minutes.eq(to_i32(t.moves)),
        events::clock_sound.eq(t.sound),
    ))
    .execute(conn)?;
    Ok(n == 1)
}
