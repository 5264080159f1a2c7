//! The club's pace (#38): the times an event's pace is learnt from (its results' entry
//! times, the boards its tables rebuilt; its rounds' starts are its clocks, `db::clocks`)
//! and each event's pace, kept with its club. Storage only: `event::pace` works the figures out, `service::paces` decides when.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{board_rebuilds, event_paces, events, results};
use super::{DbConnection, DbError, now};
use crate::event::pace::{Figures, MAX_ROWS, Pace, RebuildTime, ResultTime};
use crate::event::results::BoardOutcome;
use crate::event::{ClubId, EventId, EventStatus};

fn limit() -> i64 {
    i64::try_from(MAX_ROWS).unwrap_or(i64::MAX)
}

fn number(n: i32) -> Option<u32> {
    u32::try_from(n).ok().filter(|&n| n >= 1)
}

/// When each result of a board played as dealt arrived (a ruling that a board was not
/// played, or fouled, is the director's, not a table's pace), at most [`MAX_ROWS`].
pub fn result_times(conn: &mut DbConnection, event: EventId) -> Result<Vec<ResultTime>, DbError> {
    let rows: Vec<(i32, i32, i32, NaiveDateTime)> = results::table
        .filter(results::event_id.eq(event.get()))
        .filter(results::outcome.eq(BoardOutcome::Played.name()))
        .order((
            results::round.asc(),
            results::table_number.asc(),
            results::created_at.asc(),
        ))
        .select((
            results::round,
            results::table_number,
            results::board,
            results::created_at,
        ))
        .limit(limit())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(round, table, board, entered_at)| {
            Some(ResultTime {
                round: number(round)?,
                table: number(table)?,
                board: number(board)?,
                entered_at,
            })
        })
        .collect())
}

/// When the event's tables ticked each board rebuilt, at most [`MAX_ROWS`].
pub fn rebuild_times(conn: &mut DbConnection, event: EventId) -> Result<Vec<RebuildTime>, DbError> {
    let rows: Vec<(i32, i32, i32, NaiveDateTime)> = board_rebuilds::table
        .filter(board_rebuilds::event_id.eq(event.get()))
        .order((
            board_rebuilds::round.asc(),
            board_rebuilds::table_number.asc(),
            board_rebuilds::board.asc(),
        ))
        .select((
            board_rebuilds::round,
            board_rebuilds::table_number,
            board_rebuilds::board,
            board_rebuilds::rebuilt_at,
        ))
        .limit(limit())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(round, table, board, rebuilt_at)| {
            Some(RebuildTime {
                round: number(round)?,
                table: number(table)?,
                board: number(board)?,
                rebuilt_at,
            })
        })
        .collect())
}

fn column(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Stores the event's pace in place of any it had (learnt again, the last one counts).
/// `game` is the event form's choice of game (`event::game::GameChoice`'s value).
pub fn store_pace(
    conn: &mut DbConnection,
    event: EventId,
    club: ClubId,
    game: &str,
    pace: &Pace,
) -> Result<(), DbError> {
    diesel::delete(event_paces::table.find(event.get())).execute(conn)?;
    diesel::insert_into(event_paces::table)
        .values((
            event_paces::event_id.eq(event.get()),
            event_paces::club_id.eq(club.get()),
            event_paces::game.eq(game),
            event_paces::games.eq(pace.game.map_or(0, |f| column(f.count))),
            event_paces::game_median_seconds.eq(pace.game.map(|f| column(f.median))),
            event_paces::game_slow_seconds.eq(pace.game.map(|f| column(f.slow))),
            event_paces::rebuilds.eq(pace.rebuild.map_or(0, |f| column(f.count))),
            event_paces::rebuild_median_seconds.eq(pace.rebuild.map(|f| column(f.median))),
            event_paces::rebuild_slow_seconds.eq(pace.rebuild.map(|f| column(f.slow))),
            event_paces::computed_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

type PaceRow = (i32, Option<i32>, Option<i32>, i32, Option<i32>, Option<i32>);

fn pace_of(row: PaceRow) -> Pace {
    let figures = |count: i32, median: Option<i32>, slow: Option<i32>| {
        Some(Figures {
            count: number(count)?,
            median: u32::try_from(median?).ok()?,
            slow: u32::try_from(slow?).ok()?,
        })
    };
    Pace {
        game: figures(row.0, row.1, row.2),
        rebuild: figures(row.3, row.4, row.5),
    }
}

const PACE_COLUMNS: (
    event_paces::games,
    event_paces::game_median_seconds,
    event_paces::game_slow_seconds,
    event_paces::rebuilds,
    event_paces::rebuild_median_seconds,
    event_paces::rebuild_slow_seconds,
) = (
    event_paces::games,
    event_paces::game_median_seconds,
    event_paces::game_slow_seconds,
    event_paces::rebuilds,
    event_paces::rebuild_median_seconds,
    event_paces::rebuild_slow_seconds,
);

/// The club's event's own pace, if it has been learnt (another club's is not found).
pub fn event_pace(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Option<Pace>, DbError> {
    let row: Option<PaceRow> = event_paces::table
        .filter(event_paces::event_id.eq(event.get()))
        .filter(event_paces::club_id.eq(club.get()))
        .select(PACE_COLUMNS)
        .first(conn)
        .optional()?;
    Ok(row.map(pace_of))
}

/// The paces of the club's last `k` finished (or archived) events of `game` that timed at
/// least one game, the latest finished first.
pub fn club_paces(
    conn: &mut DbConnection,
    club: ClubId,
    game: &str,
    k: usize,
) -> Result<Vec<Pace>, DbError> {
    let over = [EventStatus::Finished.name(), EventStatus::Archived.name()];
    let rows: Vec<PaceRow> = event_paces::table
        .inner_join(events::table)
        .filter(event_paces::club_id.eq(club.get()))
        .filter(events::club_id.eq(club.get()))
        .filter(event_paces::game.eq(game))
        .filter(event_paces::games.gt(0))
        .filter(events::status.eq_any(over))
        // Ordered by the finish, which both backends sort alike only without NULLs.
        .filter(events::finished_at.is_not_null())
        .order((events::finished_at.desc(), events::id.desc()))
        .select(PACE_COLUMNS)
        .limit(i64::try_from(k).unwrap_or(0))
        .load(conn)?;
    Ok(rows.into_iter().map(pace_of).collect())
}
