//! Practice tables' storage (#39 item 6c): a released board replayed by a visitor against
//! robots. The table's row is here; its cards and seats are the online tables' own rows
//! (`online_moves`, `seat_links`) under round 0 (`event::practice::PRACTICE_ROUND`, a round
//! no event has), with the row's id as the table number. Storage only:
//! `service::practice` decides.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{online_moves, practice_tables, seat_links};
use super::{DbConnection, DbError};
use crate::engine::Seat;
use crate::event::practice::{KEPT_HOURS, Kept, MOST_PER_CLUB, PRACTICE_ROUND};
use crate::event::{ClubId, EventId};

fn number(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn unsigned(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

const ROUND: i32 = PRACTICE_ROUND as i32;

/// A practice table as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PracticeTable {
    pub id: u32,
    pub event: EventId,
    pub club: ClubId,
    pub board: u32,
    /// As stored (a seat letter): the visitor's seat.
    pub seat: String,
    pub robot_ms: u32,
    pub created_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
}

type Row = (
    i32,
    i32,
    i32,
    i32,
    String,
    i32,
    NaiveDateTime,
    Option<NaiveDateTime>,
);

fn of_row(r: Row) -> PracticeTable {
    let (id, event, club, board, seat, robot_ms, created_at, finished_at) = r;
    PracticeTable {
        id: unsigned(id),
        event: EventId::new(event),
        club: ClubId::new(club),
        board: unsigned(board),
        seat,
        robot_ms: unsigned(robot_ms),
        created_at,
        finished_at,
    }
}

macro_rules! columns {
    () => {
        (
            practice_tables::id,
            practice_tables::event_id,
            practice_tables::club_id,
            practice_tables::board,
            practice_tables::seat,
            practice_tables::robot_ms,
            practice_tables::created_at,
            practice_tables::finished_at,
        )
    };
}

/// A new practice table: where, the visitor's seat, and each seat's link (its token's hash,
/// and whether a robot plays it).
pub struct NewPractice<'a> {
    pub club: ClubId,
    pub event: EventId,
    pub board: u32,
    pub seat: Seat,
    pub robot_ms: u32,
    pub links: &'a [(String, Seat, bool)],
}

/// Deletes practice tables with their cards and seats (at most a few hundred ids a call).
fn delete_tables(conn: &mut DbConnection, ids: &[i32]) -> QueryResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    diesel::delete(
        online_moves::table
            .filter(online_moves::round.eq(ROUND))
            .filter(online_moves::table_number.eq_any(ids)),
    )
    .execute(conn)?;
    diesel::delete(
        seat_links::table
            .filter(seat_links::round.eq(ROUND))
            .filter(seat_links::table_number.eq_any(ids)),
    )
    .execute(conn)?;
    diesel::delete(practice_tables::table.filter(practice_tables::id.eq_any(ids))).execute(conn)?;
    Ok(())
}

/// Makes a practice table in one short write transaction: first deletes every practice
/// table older than [`KEPT_HOURS`] (a few hundred at most per call), then reads the club's
/// (each with its last card's time) and asks `room` which to reclaim to make room for one
/// more (`event::practice::room_for_one`): refused (its words returned, nothing stored), or
/// those deleted and the new table stored with its seat links. The new table's id.
pub fn insert_practice(
    conn: &mut DbConnection,
    new: &NewPractice<'_>,
    now: NaiveDateTime,
    room: impl FnOnce(&[Kept]) -> Result<Vec<u32>, String>,
) -> Result<Result<u32, String>, DbError> {
    super::write_transaction(conn, |conn| {
        let old: Vec<i32> = practice_tables::table
            .filter(practice_tables::created_at.lt(now - chrono::Duration::hours(KEPT_HOURS)))
            .select(practice_tables::id)
            .order(practice_tables::id.asc())
            .limit(500)
            .load(conn)?;
        delete_tables(conn, &old)?;
        let rows: Vec<Row> = practice_tables::table
            .filter(practice_tables::club_id.eq(new.club.get()))
            .select(columns!())
            .order(practice_tables::id.asc())
            .limit(i64::try_from(MOST_PER_CLUB * 4).unwrap_or(64))
            .load(conn)?;
        let ids: Vec<i32> = rows.iter().map(|r| r.0).collect();
        let last: Vec<(i32, Option<NaiveDateTime>)> = if ids.is_empty() {
            Vec::new()
        } else {
            online_moves::table
                .filter(online_moves::round.eq(ROUND))
                .filter(online_moves::table_number.eq_any(&ids))
                .group_by(online_moves::table_number)
                .select((
                    online_moves::table_number,
                    diesel::dsl::max(online_moves::played_at),
                ))
                .load(conn)?
        };
        let kept: Vec<Kept> = rows
            .into_iter()
            .map(|r| Kept {
                id: unsigned(r.0),
                created_at: r.6,
                finished_at: r.7,
                last_card: last.iter().find(|(t, _)| *t == r.0).and_then(|(_, at)| *at),
            })
            .collect();
        let gone = match room(&kept) {
            Ok(gone) => gone,
            Err(words) => return Ok(Err(words)),
        };
        let gone: Vec<i32> = gone.into_iter().map(number).collect();
        delete_tables(conn, &gone)?;
        let id: i32 = diesel::insert_into(practice_tables::table)
            .values((
                practice_tables::event_id.eq(new.event.get()),
                practice_tables::club_id.eq(new.club.get()),
                practice_tables::board.eq(number(new.board)),
                practice_tables::seat.eq(new.seat.letter().to_string()),
                practice_tables::robot_ms.eq(number(new.robot_ms)),
                practice_tables::created_at.eq(now),
            ))
            .returning(practice_tables::id)
            .get_result(conn)?;
        for (hash, seat, robot) in new.links {
            diesel::insert_into(seat_links::table)
                .values((
                    seat_links::token_hash.eq(hash),
                    seat_links::event_id.eq(new.event.get()),
                    seat_links::round.eq(ROUND),
                    seat_links::table_number.eq(id),
                    seat_links::board.eq(Some(number(new.board))),
                    seat_links::seat.eq(seat.letter().to_string()),
                    seat_links::created_at.eq(now),
                    seat_links::robot.eq(*robot),
                ))
                .execute(conn)?;
        }
        Ok(Ok(unsigned(id)))
    })
}

/// The practice table with this id.
pub fn practice_table(conn: &mut DbConnection, id: u32) -> Result<Option<PracticeTable>, DbError> {
    let row: Option<Row> = practice_tables::table
        .find(number(id))
        .select(columns!())
        .first(conn)
        .optional()?;
    Ok(row.map(of_row))
}

/// Notes the table's last card (once: a second call changes nothing).
pub fn finish(conn: &mut DbConnection, id: u32, at: NaiveDateTime) -> Result<(), DbError> {
    diesel::update(
        practice_tables::table
            .find(number(id))
            .filter(practice_tables::finished_at.is_null()),
    )
    .set(practice_tables::finished_at.eq(Some(at)))
    .execute(conn)?;
    Ok(())
}

/// Up to `most` practice tables not finished, the newest first (an abandoned one, waiting
/// for its person, is the oldest: it is the one left out when there are more): the robots'
/// candidates.
pub fn unfinished(conn: &mut DbConnection, most: usize) -> Result<Vec<PracticeTable>, DbError> {
    let rows: Vec<Row> = practice_tables::table
        .filter(practice_tables::finished_at.is_null())
        .select(columns!())
        .order(practice_tables::id.desc())
        .limit(i64::try_from(most).unwrap_or(i64::MAX))
        .load(conn)?;
    Ok(rows.into_iter().map(of_row).collect())
}

/// Up to `most` finished practice tables of the event's board, the latest first.
pub fn finished_of_board(
    conn: &mut DbConnection,
    event: EventId,
    board: u32,
    most: usize,
) -> Result<Vec<PracticeTable>, DbError> {
    let rows: Vec<Row> = practice_tables::table
        .filter(practice_tables::event_id.eq(event.get()))
        .filter(practice_tables::board.eq(number(board)))
        .filter(practice_tables::finished_at.is_not_null())
        .select(columns!())
        .order(practice_tables::id.desc())
        .limit(i64::try_from(most).unwrap_or(i64::MAX))
        .load(conn)?;
    Ok(rows.into_iter().map(of_row).collect())
}

/// How many practice tables the club keeps now.
pub fn count_of_club(conn: &mut DbConnection, club: ClubId) -> Result<i64, DbError> {
    Ok(practice_tables::table
        .filter(practice_tables::club_id.eq(club.get()))
        .count()
        .get_result(conn)?)
}
