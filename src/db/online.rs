//! Online tables' storage (#39): each card played at a table, one row per card keyed by its
//! seq (the primary key is what makes a repeated or concurrent post play once), and the
//! personal seat links, stored by the hash of their token. Storage only: `service::online`
//! decides what is played (by replaying the log through `event::online::replay`).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{online_moves, seat_links};
use super::{DbConnection, DbError, event_of_club, is_unique_violation, now};
use crate::engine::Seat;
use crate::event::online::replay::{MOST_MOVES, Move};
use crate::event::{ClubId, EntryId, EventId};

fn number(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Where a board is played online: the event's round, table and board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnlineBoard {
    pub event: EventId,
    pub round: u32,
    pub table: u32,
    pub board: u32,
}

/// One stored row of a table's log, as stored (the service reads it into a move, and a row
/// that does not read is a clear error there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    pub seq: i32,
    pub seat: String,
    pub card: String,
    pub played_at: NaiveDateTime,
}

/// The board's log in seq order: at most one row more than a board has cards, so a log
/// grown past a board (a corrupt table) is seen as too long, never read whole.
pub fn moves_of(conn: &mut DbConnection, at: OnlineBoard) -> Result<Vec<StoredMove>, DbError> {
    let rows: Vec<(i32, String, String, NaiveDateTime)> = online_moves::table
        .filter(online_moves::event_id.eq(at.event.get()))
        .filter(online_moves::round.eq(number(at.round)))
        .filter(online_moves::table_number.eq(number(at.table)))
        .filter(online_moves::board.eq(number(at.board)))
        .order(online_moves::seq.asc())
        .select((
            online_moves::seq,
            online_moves::seat,
            online_moves::card,
            online_moves::played_at,
        ))
        .limit(MOST_MOVES as i64 + 1)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(seq, seat, card, played_at)| StoredMove {
            seq,
            seat,
            card,
            played_at,
        })
        .collect())
}

/// How many cards each of these boards of one table and round has had played, by board
/// (boards with none are left out).
pub fn move_counts(
    conn: &mut DbConnection,
    event: EventId,
    round: u32,
    table: u32,
) -> Result<Vec<(u32, u32)>, DbError> {
    let rows: Vec<(i32, i64)> = online_moves::table
        .filter(online_moves::event_id.eq(event.get()))
        .filter(online_moves::round.eq(number(round)))
        .filter(online_moves::table_number.eq(number(table)))
        .group_by(online_moves::board)
        .select((online_moves::board, diesel::dsl::count_star()))
        .limit(10_000)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(b, n)| {
            (
                u32::try_from(b).unwrap_or(0),
                u32::try_from(n).unwrap_or(u32::MAX),
            )
        })
        .collect())
}

/// What storing one card did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The row is in: this call played the card.
    Played,
    /// A card with this seq is already stored (a repeated post, or another one won the
    /// race): nothing was written.
    SeqTaken,
}

/// Stores one card in its own short write transaction. The primary key (event, round,
/// table, board, seq) lets one row per seq in: a second insert of the same seq, repeated or
/// concurrent, is [`Stored::SeqTaken`], not an error.
pub fn insert_move(
    conn: &mut DbConnection,
    at: OnlineBoard,
    m: Move,
    played_at: NaiveDateTime,
) -> Result<Stored, DbError> {
    // The unique violation is returned out of the transaction (so PostgreSQL's aborted
    // transaction is rolled back, not committed) and read here.
    let stored = super::write_transaction(conn, |conn| {
        diesel::insert_into(online_moves::table)
            .values((
                online_moves::event_id.eq(at.event.get()),
                online_moves::round.eq(number(at.round)),
                online_moves::table_number.eq(number(at.table)),
                online_moves::board.eq(number(at.board)),
                online_moves::seq.eq(number(m.seq)),
                online_moves::seat.eq(m.seat.letter().to_string()),
                online_moves::card.eq(m.card.to_string()),
                online_moves::played_at.eq(played_at),
            ))
            .execute(conn)?;
        notify_card(conn, at, m.seq)
    });
    match stored {
        Ok(_) => Ok(Stored::Played),
        Err(e) if is_unique_violation(&e) => Ok(Stored::SeqTaken),
        Err(e) => Err(e.into()),
    }
}

/// The PostgreSQL channel a stored card is announced on (`NOTIFY`), with the payload
/// `card:<event>:<round>:<table>:<board>:<seq>`: every process of the app listens to it
/// and wakes the streams of that table (docs/deploy.md).
pub const TABLES_CHANNEL: &str = "calypso_tables";

/// On PostgreSQL, announces the card on [`TABLES_CHANNEL`] inside the insert's transaction
/// (PostgreSQL delivers it when the transaction commits, never for a rolled-back one). On
/// SQLite nothing: one process, which wakes its own streams.
fn notify_card(conn: &mut DbConnection, at: OnlineBoard, seq: u32) -> QueryResult<usize> {
    match conn {
        #[cfg(feature = "postgres")]
        DbConnection::Pg(c) => {
            use diesel::sql_types::Text;
            let payload = format!(
                "card:{}:{}:{}:{}:{seq}",
                at.event.get(),
                at.round,
                at.table,
                at.board
            );
            diesel::sql_query("SELECT pg_notify($1, $2)")
                .bind::<Text, _>(TABLES_CHANNEL)
                .bind::<Text, _>(payload)
                .execute(c)
        }
        #[allow(unreachable_patterns)] // the SQLite-only build has no other variant
        _ => {
            let _ = (at, seq);
            Ok(0)
        }
    }
}

/// Reads a [`TABLES_CHANNEL`] payload back: the table and the card's seq (anything else
/// is not ours, and is none).
pub fn announced_card(payload: &str) -> Option<(OnlineBoard, u32)> {
    let mut parts = payload.split(':');
    if parts.next() != Some("card") {
        return None;
    }
    let mut next = || parts.next().and_then(|p| p.parse::<u32>().ok());
    let (event, round, table, board, seq) = (next()?, next()?, next()?, next()?, next()?);
    if parts.next().is_some() {
        return None;
    }
    let event = EventId::new(i32::try_from(event).ok()?);
    Some((
        OnlineBoard {
            event,
            round,
            table,
            board,
        },
        seq,
    ))
}

/// A dedicated PostgreSQL connection that `LISTEN`s on [`TABLES_CHANNEL`] (outside the pool:
/// it is never given back, and holds no transaction).
#[cfg(feature = "postgres")]
pub struct TablesListener {
    conn: diesel::PgConnection,
}

#[cfg(feature = "postgres")]
impl TablesListener {
    /// Connects to `url` and listens.
    pub fn open(url: &str) -> Result<TablesListener, DbError> {
        let mut conn = diesel::PgConnection::establish(url)?;
        diesel::connection::SimpleConnection::batch_execute(
            &mut conn,
            &format!("LISTEN {TABLES_CHANNEL}"),
        )?;
        Ok(TablesListener { conn })
    }

    /// The payloads received since the last call, without waiting (libpq reads what the
    /// socket holds); at most `most`, the rest left for the next call. An error means the
    /// connection is gone.
    pub fn received(&mut self, most: usize) -> Result<Vec<String>, DbError> {
        let mut out = Vec::new();
        for n in self.conn.notifications_iter() {
            out.push(n?.payload);
            if out.len() >= most {
                break;
            }
        }
        Ok(out)
    }

    /// Asks the server something, so a connection dropped while nothing was said is seen.
    pub fn check(&mut self) -> Result<(), DbError> {
        diesel::connection::SimpleConnection::batch_execute(&mut self.conn, "SELECT 1")?;
        Ok(())
    }
}

/// A personal seat link as stored (its token is never stored, only the hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLink {
    pub event: EventId,
    pub round: u32,
    pub table: u32,
    /// None: the seat at whichever board the table is playing in the round.
    pub board: Option<u32>,
    /// As stored: the service reads it (a seat letter).
    pub seat: String,
    pub entry: Option<EntryId>,
    pub created_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
    /// The token itself, kept to be listed again (links issued before it was kept: none).
    pub token: Option<String>,
    /// The seat is played by a robot.
    pub robot: bool,
    /// The person's last sign of life at this seat.
    pub seen_at: Option<NaiveDateTime>,
    /// When the director seated a robot for the person (none: the person plays the seat).
    pub robot_seated_at: Option<NaiveDateTime>,
}

/// Stores a new seat link of the club's event under the hash of its token; false when the
/// club has no such event.
#[allow(clippy::too_many_arguments)]
pub fn insert_seat_link(
    conn: &mut DbConnection,
    club: ClubId,
    token_hash: &str,
    at: (EventId, u32, u32, Option<u32>),
    seat: Seat,
    entry: Option<EntryId>,
) -> Result<bool, DbError> {
    let (event, round, table, board) = at;
    super::write_transaction(conn, |conn| {
        if !event_of_club(conn, club, event)? {
            return Ok(false);
        }
        diesel::insert_into(seat_links::table)
            .values((
                seat_links::token_hash.eq(token_hash),
                seat_links::event_id.eq(event.get()),
                seat_links::round.eq(number(round)),
                seat_links::table_number.eq(number(table)),
                seat_links::board.eq(board.map(number)),
                seat_links::seat.eq(seat.letter().to_string()),
                seat_links::entry_id.eq(entry.map(EntryId::get)),
                seat_links::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(true)
    })
}

type LinkRow = (
    String,
    i32,
    i32,
    i32,
    Option<i32>,
    String,
    Option<i32>,
    NaiveDateTime,
    Option<NaiveDateTime>,
    Option<String>,
    bool,
    Option<NaiveDateTime>,
    Option<NaiveDateTime>,
);

fn link_of(r: LinkRow) -> SeatLink {
    let (
        _,
        event,
        round,
        table,
        board,
        seat,
        entry,
        created_at,
        revoked_at,
        token,
        robot,
        seen_at,
        robot_seated_at,
    ) = r;
    SeatLink {
        event: EventId::new(event),
        round: u32::try_from(round).unwrap_or(0),
        table: u32::try_from(table).unwrap_or(0),
        board: board.map(|b| u32::try_from(b).unwrap_or(0)),
        seat,
        entry: entry.map(EntryId::new),
        created_at,
        revoked_at,
        token,
        robot,
        seen_at,
        robot_seated_at,
    }
}

/// The seat link with this token hash, revoked or not.
pub fn seat_link(conn: &mut DbConnection, token_hash: &str) -> Result<Option<SeatLink>, DbError> {
    let row: Option<LinkRow> = seat_links::table.find(token_hash).first(conn).optional()?;
    Ok(row.map(link_of))
}

/// Revokes every live link of one seat at the club's event's table (round, table, board,
/// seat as issued); how many were revoked.
pub fn revoke_seat_links(
    conn: &mut DbConnection,
    club: ClubId,
    at: (EventId, u32, u32, Option<u32>),
    seat: Seat,
) -> Result<usize, DbError> {
    let (event, round, table, board) = at;
    super::write_transaction(conn, |conn| {
        if !event_of_club(conn, club, event)? {
            return Ok(0);
        }
        let base = seat_links::table
            .filter(seat_links::event_id.eq(event.get()))
            .filter(seat_links::round.eq(number(round)))
            .filter(seat_links::table_number.eq(number(table)))
            .filter(seat_links::seat.eq(seat.letter().to_string()))
            .filter(seat_links::revoked_at.is_null());
        let n = match board {
            Some(b) => diesel::update(base.filter(seat_links::board.eq(number(b))))
                .set(seat_links::revoked_at.eq(now()))
                .execute(conn)?,
            None => diesel::update(base.filter(seat_links::board.is_null()))
                .set(seat_links::revoked_at.eq(now()))
                .execute(conn)?,
        };
        Ok(n)
    })
}

/// Seats a robot for the person at the live link `token_hash` (`at`: when) or gives the seat
/// back (`at` none), in the caller's transaction: only a person's live link (not a robot's,
/// not revoked). True when the link was written.
pub fn set_robot_seated(
    conn: &mut DbConnection,
    token_hash: &str,
    at: Option<NaiveDateTime>,
) -> Result<bool, DbError> {
    let n = diesel::update(
        seat_links::table
            .filter(seat_links::token_hash.eq(token_hash))
            .filter(seat_links::robot.eq(false))
            .filter(seat_links::revoked_at.is_null()),
    )
    .set(seat_links::robot_seated_at.eq(at))
    .execute(conn)?;
    Ok(n > 0)
}

/// The token of a person's live link for one board of a table (round, table, board, seat
/// as issued) given to `entry` (none: a link for no entry), the newest when there are
/// several; none when no such link keeps its token.
pub fn live_token_at(
    conn: &mut DbConnection,
    at: OnlineBoard,
    seat: Seat,
    entry: Option<EntryId>,
) -> Result<Option<String>, DbError> {
    let base = seat_links::table
        .filter(seat_links::event_id.eq(at.event.get()))
        .filter(seat_links::round.eq(number(at.round)))
        .filter(seat_links::table_number.eq(number(at.table)))
        .filter(seat_links::board.eq(number(at.board)))
        .filter(seat_links::seat.eq(seat.letter().to_string()))
        .filter(seat_links::robot.eq(false))
        .filter(seat_links::revoked_at.is_null())
        .filter(seat_links::token.is_not_null())
        .order((seat_links::created_at.desc(), seat_links::token_hash.desc()))
        .select(seat_links::token);
    let token: Option<Option<String>> = match entry {
        Some(e) => base
            .filter(seat_links::entry_id.eq(e.get()))
            .first(conn)
            .optional()?,
        None => base
            .filter(seat_links::entry_id.is_null())
            .first(conn)
            .optional()?,
    };
    Ok(token.flatten())
}

/// The least time between two stored signs of life of one seat link, in seconds: a view
/// polled every second writes at most once in this long.
pub const SEEN_EVERY_SECONDS: i64 = 10;

/// Notes a person's sign of life at a seat (a view, a stream, a card) at `at`: written only
/// when the link's `seen_at` is empty or at least [`SEEN_EVERY_SECONDS`] older, and never
/// for a robot's link or a revoked one. True when a row was written.
pub fn touch_seen(
    conn: &mut DbConnection,
    token_hash: &str,
    at: NaiveDateTime,
) -> Result<bool, DbError> {
    let before = at - chrono::Duration::seconds(SEEN_EVERY_SECONDS);
    let n = diesel::update(
        seat_links::table
            .filter(seat_links::token_hash.eq(token_hash))
            .filter(seat_links::robot.eq(false))
            .filter(seat_links::revoked_at.is_null())
            .filter(
                seat_links::seen_at
                    .is_null()
                    .or(seat_links::seen_at.le(before)),
            ),
    )
    .set(seat_links::seen_at.eq(at))
    .execute(conn)?;
    Ok(n > 0)
}

/// The most seat links one listing reads (a round's seats, or a robot duplicate's entrants'
/// boards): more is refused before anything is issued.
pub const MOST_LISTED: usize = 4_000;

/// The live (not revoked) seat links of the event's round, with their token hash, oldest
/// first: at most `limit`.
pub fn live_links_of_round(
    conn: &mut DbConnection,
    event: EventId,
    round: u32,
    limit: usize,
) -> Result<Vec<(String, SeatLink)>, DbError> {
    let rows: Vec<LinkRow> = seat_links::table
        .filter(seat_links::event_id.eq(event.get()))
        .filter(seat_links::round.eq(number(round)))
        .filter(seat_links::revoked_at.is_null())
        .order((seat_links::created_at.asc(), seat_links::token_hash.asc()))
        .limit(i64::try_from(limit).unwrap_or(i64::MAX))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| (r.0.clone(), link_of(r)))
        .collect())
}

/// A seat link to store: a person's (its token kept, to be listed again) or a robot's (a
/// token nobody gets: only its hash, `token` none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLink {
    pub token_hash: String,
    pub token: Option<String>,
    pub round: u32,
    pub table: u32,
    pub board: Option<u32>,
    pub seat: Seat,
    pub entry: Option<EntryId>,
    pub robot: bool,
}

/// Stores new seat links of one event (in the caller's transaction, which checked the
/// event is the club's).
pub fn insert_links(
    conn: &mut DbConnection,
    event: EventId,
    links: &[NewLink],
) -> Result<(), DbError> {
    let at = now();
    for l in links {
        diesel::insert_into(seat_links::table)
            .values((
                seat_links::token_hash.eq(&l.token_hash),
                seat_links::event_id.eq(event.get()),
                seat_links::round.eq(number(l.round)),
                seat_links::table_number.eq(number(l.table)),
                seat_links::board.eq(l.board.map(number)),
                seat_links::seat.eq(l.seat.letter().to_string()),
                seat_links::entry_id.eq(l.entry.map(EntryId::get)),
                seat_links::created_at.eq(at),
                seat_links::token.eq(l.token.as_deref()),
                seat_links::robot.eq(l.robot),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Stores new seat links of the club's event in one short write transaction; false (and
/// nothing stored) when the club has no such event.
pub fn insert_club_links(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    links: &[NewLink],
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        if !event_of_club(conn, club, event)? {
            return Ok(false);
        }
        insert_links(conn, event, links)?;
        Ok(true)
    })
}
