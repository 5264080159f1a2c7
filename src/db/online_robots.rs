//! What the robots in online seats read (#39 item 4): the online tables of running events
//! (tables with a live seat link) and each table's seats (robot or person, and when the
//! person was last seen); the event's robot budget is its play (`db::event_play`). Reads only: a
//! robot's card is stored through `service::online` like any other.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{events, online_moves, seat_links};
use super::{DbConnection, DbError};
use crate::event::online::robots::RobotTable;
use crate::event::{ClubId, EventId, EventStatus};

fn number(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn unsigned(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

/// Up to `most` online tables of running events (a table with a live seat link in the
/// event's current round or the one before), newest event first, then by round and table.
pub fn online_tables(conn: &mut DbConnection, most: usize) -> Result<Vec<RobotTable>, DbError> {
    let rows: Vec<(i32, i32, i32, i32)> = seat_links::table
        .inner_join(events::table)
        .filter(events::status.eq(EventStatus::Running.name()))
        .filter(seat_links::revoked_at.is_null())
        // The round being played and the one before it (a late table): the links of
        // earlier rounds stay live, and their finished tables would otherwise fill the
        // pick, so that by an evening's later rounds the tables in play were never read.
        .filter(seat_links::round.ge(events::current_round - 1))
        .select((
            seat_links::event_id,
            events::club_id,
            seat_links::round,
            seat_links::table_number,
        ))
        .distinct()
        .order((
            seat_links::event_id.desc(),
            seat_links::round.asc(),
            seat_links::table_number.asc(),
        ))
        .limit(i64::try_from(most).unwrap_or(i64::MAX))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(event, club, round, table)| RobotTable {
            event: EventId::new(event),
            club: ClubId::new(club),
            round: unsigned(round),
            table: unsigned(table),
        })
        .collect())
}

/// The cards each of `tables` holds in its log (all its boards of the round; a table with
/// none is not in the map): how the robots see that a resting table has moved. One grouped
/// read, at most four rows a table asked.
pub fn cards_at(
    conn: &mut DbConnection,
    tables: &[RobotTable],
) -> Result<std::collections::HashMap<RobotTable, u32>, DbError> {
    use std::collections::{BTreeSet, HashMap};
    if tables.is_empty() {
        return Ok(HashMap::new());
    }
    let events: BTreeSet<i32> = tables.iter().map(|t| t.event.get()).collect();
    let rounds: BTreeSet<i32> = tables.iter().map(|t| number(t.round)).collect();
    let numbers: BTreeSet<i32> = tables.iter().map(|t| number(t.table)).collect();
    let rows: Vec<(i32, i32, i32, i64)> = online_moves::table
        .filter(online_moves::event_id.eq_any(events))
        .filter(online_moves::round.eq_any(rounds))
        .filter(online_moves::table_number.eq_any(numbers))
        .group_by((
            online_moves::event_id,
            online_moves::round,
            online_moves::table_number,
        ))
        .select((
            online_moves::event_id,
            online_moves::round,
            online_moves::table_number,
            diesel::dsl::count_star(),
        ))
        .limit(i64::try_from(4 * tables.len()).unwrap_or(i64::MAX))
        .load(conn)?;
    // The three lists' cross product may name places not asked for: only those asked are kept.
    let asked: HashMap<(i32, i32, i32), RobotTable> = tables
        .iter()
        .map(|t| ((t.event.get(), number(t.round), number(t.table)), *t))
        .collect();
    Ok(rows
        .into_iter()
        .filter_map(|(event, round, table, n)| {
            let t = asked.get(&(event, round, table))?;
            Some((*t, u32::try_from(n).unwrap_or(u32::MAX)))
        })
        .collect())
}

/// One live seat link at a table, as the robots read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSeat {
    /// None: the seat at whichever board the table is playing.
    pub board: Option<u32>,
    /// As stored (a seat letter).
    pub seat: String,
    /// A robot plays the seat: a robot's link, or a person's whose seat the director gave to
    /// a robot.
    pub robot: bool,
    pub seen_at: Option<NaiveDateTime>,
}

/// The live seat links of one table in a round (a table has a handful; at most 64 read).
pub fn seats_at(
    conn: &mut DbConnection,
    event: EventId,
    round: u32,
    table: u32,
) -> Result<Vec<TableSeat>, DbError> {
    type Row = (
        Option<i32>,
        String,
        bool,
        Option<NaiveDateTime>,
        Option<NaiveDateTime>,
    );
    let rows: Vec<Row> = seat_links::table
        .filter(seat_links::event_id.eq(event.get()))
        .filter(seat_links::round.eq(number(round)))
        .filter(seat_links::table_number.eq(number(table)))
        .filter(seat_links::revoked_at.is_null())
        .select((
            seat_links::board,
            seat_links::seat,
            seat_links::robot,
            seat_links::seen_at,
            seat_links::robot_seated_at,
        ))
        .order(seat_links::created_at.asc())
        .limit(64)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(board, seat, robot, seen_at, seated)| TableSeat {
            board: board.map(unsigned),
            seat,
            robot: robot || seated.is_some(),
            seen_at,
        })
        .collect())
}
