//! The seats of an event played online or as a robot duplicate (#39 item 8), as the
//! director lists them (the API's `GET /api/v1/events/{id}/seats?round=R` and the event's
//! "Seats online" page): every seat with its live personal link, a link issued for a seat
//! that has none. Listing twice gives the same links. A seat with nobody to sit in it (a
//! missing player, and a robot duplicate's other three seats) is a robot's: its link row
//! has `robot` set and a token nobody gets (only a hash of random bits is stored).
//!
//! Reading and issuing are short: the seats wanted and the live links are read, and only
//! when a seat lacks its link is a write transaction taken (the event locked, the links
//! read again, the missing ones issued), so two listings at once issue each link once.

use super::online::cards_per_board;
use super::play::EventPlay;
use super::{ActionError, ErrorKind};
use crate::db::online::{MOST_LISTED, NewLink, SeatLink};
use crate::db::{self, DbConnection, DbError, DbPool};
use crate::engine::Seat;
use crate::event::entries::Entry;
use crate::event::play::Play;
use crate::event::{ClubId, EntryId, Event, EventId};
use crate::service::tokens::{hash_token, random_token};

/// One seat as listed: where, who sits there, and its link's token (none for a robot).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedSeat {
    pub round: u32,
    pub table: u32,
    /// The board the link names; for a link of a table's round (online), the board the
    /// table plays now (the first not finished, the last once all are); none when the table
    /// has no boards.
    pub board: Option<u32>,
    /// The board the link itself names (the robot duplicate's), none for a link of the
    /// table's round: how the link is named to revoke it.
    pub link_board: Option<u32>,
    pub seat: Seat,
    pub entry: Option<EntryId>,
    /// The player's name (none for a robot).
    pub name: Option<String>,
    pub token: Option<String>,
    /// A robot plays the seat: a robot's seat (nobody sits there), or a person's that the
    /// director gave to a robot ([`seat_robot`]).
    pub robot: bool,
    /// The director seated a robot for the person at this seat (who keeps the link).
    pub robot_seated: bool,
}

/// Why the seats were not listed.
#[derive(Debug, thiserror::Error)]
pub enum SeatsError {
    #[error("not found")]
    NotFound,
    /// No such table or seat in the round.
    #[error("{0}")]
    Missing(String),
    /// A table event, or a round the event has not.
    #[error("{0}")]
    NotNow(String),
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ActionError for SeatsError {
    fn kind(&self) -> ErrorKind {
        match self {
            SeatsError::NotFound | SeatsError::Missing(_) => ErrorKind::NotFound,
            SeatsError::NotNow(_) => ErrorKind::Conflict,
            SeatsError::Invalid(_) => ErrorKind::Invalid,
            SeatsError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::result::Error> for SeatsError {
    fn from(e: diesel::result::Error) -> Self {
        SeatsError::Db(e.into())
    }
}

impl From<diesel::r2d2::PoolError> for SeatsError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        SeatsError::Db(e.into())
    }
}

/// A seat the event's plan has, before its link is found or issued.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Wanted {
    table: u32,
    /// The board the link names (the robot duplicate's), none for the table's round.
    board: Option<u32>,
    seat: Seat,
    entry: Option<EntryId>,
    name: Option<String>,
}

impl Wanted {
    fn robot(&self) -> bool {
        self.entry.is_none()
    }

    /// The live link that is this seat's: the same place, the same person (or a robot's).
    fn matches(&self, l: &SeatLink) -> bool {
        l.table == self.table
            && l.board == self.board
            && l.seat.len() == 1
            && l.seat.starts_with(self.seat.letter())
            && l.robot == self.robot()
            && l.entry == self.entry
            && (l.robot || l.token.is_some())
    }
}

/// The seats in the order a game of `players` fills them (N, E, S, W; a game of three has
/// no West).
fn seats(players: usize) -> impl Iterator<Item = Seat> {
    Seat::ALL.into_iter().take(players.min(4))
}

/// Who sits at `seat` of a side's seats: a pair's (or the individual's majors' and minors')
/// two players take N and S (the majors) or E and W (the minors).
fn side_index(seat: Seat) -> (bool, usize) {
    match seat {
        Seat::North => (true, 0),
        Seat::South => (true, 1),
        Seat::East => (false, 0),
        Seat::West => (false, 1),
    }
}

/// Every seat of every table of `round` from the movement (or the individual's seating).
/// Calypso Duet (`duet`: the players' secret seats, the ♠♥ player's then the ♦♣ player's):
/// one seat per player, their secret hand's, and none for a missing player (robots do not
/// play Duet).
fn online_seats(
    play: &EventPlay,
    players: usize,
    round: u32,
    duet: Option<[Seat; 2]>,
) -> Result<Vec<Wanted>, SeatsError> {
    if play.rounds == 0 {
        return Err(SeatsError::NotNow(
            "the event has no movement yet: make one, and its seats are listed by round".into(),
        ));
    }
    if round == 0 || round > play.rounds {
        return Err(SeatsError::Invalid(format!(
            "round must be 1 to {} (the rounds the event plans), not {round}",
            play.rounds
        )));
    }
    let by_number = |n: u32| play.entries().iter().find(|e| e.number == n as i32);
    let mut out = vec![];
    for table in 1..=play.tables() {
        let Some(g) = play.game_at(round, table) else {
            continue;
        };
        let seated: Vec<(Seat, bool, usize)> = match duet {
            Some(secret) => vec![(secret[0], true, 0), (secret[1], false, 0)],
            None => seats(players)
                .map(|seat| {
                    let (majors, i) = side_index(seat);
                    (seat, majors, i)
                })
                .collect(),
        };
        for (seat, majors, i) in seated {
            let person: Option<(&Entry, String)> = if play.is_individual() {
                let side = if majors {
                    &g.majors_players
                } else {
                    &g.minors_players
                };
                side.get(i)
                    .and_then(|&n| by_number(n))
                    .map(|e| (e, e.name.clone()))
            } else {
                let side = if majors { &g.majors } else { &g.minors };
                side.as_ref()
                    .and_then(|e| {
                        e.players
                            .get(i)
                            .map(|p| (play_entry(play, e.id), p.name.clone()))
                    })
                    .and_then(|(e, name)| e.map(|e| (e, name)))
            };
            if duet.is_some() && person.is_none() {
                continue;
            }
            out.push(Wanted {
                table,
                board: None,
                seat,
                entry: person.as_ref().map(|(e, _)| e.id),
                name: person.map(|(_, n)| n),
            });
        }
    }
    Ok(out)
}

fn play_entry(play: &EventPlay, id: EntryId) -> Option<&Entry> {
    play.entries().iter().find(|e| e.id == id)
}

/// The robot duplicate's seats: each entrant plays every board at South (table: its number
/// in the event), robots in the other seats.
fn robot_duplicate_seats(
    entries: &[Entry],
    boards: u32,
    players: usize,
    round: u32,
) -> Result<Vec<Wanted>, SeatsError> {
    if round != 1 {
        return Err(SeatsError::Invalid(format!(
            "the robot duplicate is played in one round: round must be 1, not {round}"
        )));
    }
    let mut out = vec![];
    for e in entries.iter().filter(|e| e.withdrawn_round.is_none()) {
        let Ok(table) = u32::try_from(e.number) else {
            continue;
        };
        let name = e
            .players
            .first()
            .map(|p| p.name.clone())
            .unwrap_or_else(|| e.name.clone());
        for board in 1..=boards {
            for seat in seats(players) {
                let person = seat == Seat::South;
                out.push(Wanted {
                    table,
                    board: Some(board),
                    seat,
                    entry: person.then_some(e.id),
                    name: person.then(|| name.clone()),
                });
            }
            if out.len() > MOST_LISTED {
                return Err(too_many());
            }
        }
    }
    Ok(out)
}

fn too_many() -> SeatsError {
    SeatsError::Invalid(format!(
        "more than {MOST_LISTED} seats in one round: too many to list at once"
    ))
}

/// The event, how it is played and the seats it wants in `round`.
fn wanted(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    round: u32,
) -> Result<(Event, Play, Vec<Wanted>, Option<EventPlay>), SeatsError> {
    let ev = db::events::event(conn, club, id)?.ok_or(SeatsError::NotFound)?;
    let play = db::event_play::play_of(conn, id)?;
    let players = ev.settings.game_spec().players;
    let (wanted, plan) = match play {
        Play::Table => {
            return Err(SeatsError::NotNow(
                "this event is played at the club's tables: it has no seats online (set its \
                 play to \"online\" or \"robots\" before play starts)"
                    .into(),
            ));
        }
        Play::Online { .. } => {
            let plan = EventPlay::load(conn, &ev)?;
            let duet = ev
                .settings
                .game_spec()
                .duet
                .map(|d| [d.players[0].secret, d.players[1].secret]);
            (online_seats(&plan, players, round, duet)?, Some(plan))
        }
        Play::Robots { .. } => {
            let entries = db::entries::entries_of(conn, club, id)?;
            let boards = u32::from(ev.settings.boards());
            (
                robot_duplicate_seats(&entries, boards, players, round)?,
                None,
            )
        }
    };
    if wanted.len() > MOST_LISTED {
        return Err(too_many());
    }
    Ok((ev, play, wanted, plan))
}

/// The seats wanted that have no live link of their own.
fn missing<'w>(wanted: &'w [Wanted], links: &[(String, SeatLink)]) -> Vec<&'w Wanted> {
    wanted
        .iter()
        .filter(|w| !links.iter().any(|(_, l)| w.matches(l)))
        .collect()
}

/// The event's seats in `round` with their links, issuing a link for each seat that has
/// none (and revoking a live link of the seat that is no longer its own: another entry
/// seated there, or a robot's where a person now sits). See the module's notes.
pub fn seats_of_round(
    pool: &DbPool,
    club: ClubId,
    id: EventId,
    round: u32,
) -> Result<Vec<ListedSeat>, SeatsError> {
    listing(pool, club, id, round).map(|(_, _, seats)| seats)
}

/// [`seats_of_round`], with the event and how it is played.
fn listing(
    pool: &DbPool,
    club: ClubId,
    id: EventId,
    round: u32,
) -> Result<(Event, Play, Vec<ListedSeat>), SeatsError> {
    let mut conn = pool.get()?;
    let (ev, play, want, plan) = wanted(&mut conn, club, id, round)?;
    let mut links = db::online::live_links_of_round(&mut conn, id, round, MOST_LISTED * 2)?;
    drop(conn);
    if !missing(&want, &links).is_empty() {
        let mut conn = pool.get()?;
        links = db::write_transaction(&mut conn, |conn| {
            db::lock_event(conn, id)?;
            if !db::event_of_club(conn, club, id)? {
                return Err(SeatsError::NotFound);
            }
            let links = db::online::live_links_of_round(conn, id, round, MOST_LISTED * 2)?;
            let new: Vec<NewLink> = missing(&want, &links)
                .into_iter()
                .map(|w| {
                    let token = random_token();
                    NewLink {
                        token_hash: hash_token(&token),
                        token: (!w.robot()).then_some(token),
                        round,
                        table: w.table,
                        board: w.board,
                        seat: w.seat,
                        entry: w.entry,
                        robot: w.robot(),
                    }
                })
                .collect();
            for n in &new {
                db::online::revoke_seat_links(conn, club, (id, round, n.table, n.board), n.seat)?;
            }
            db::online::insert_links(conn, id, &new)?;
            Ok(db::online::live_links_of_round(
                conn,
                id,
                round,
                MOST_LISTED * 2,
            )?)
        })?;
    }
    // The board each online table plays now.
    let now_board = |table: u32, conn: &mut DbConnection| -> Result<Option<u32>, SeatsError> {
        let Some(g) = plan.as_ref().and_then(|p| p.game_at(round, table)) else {
            return Ok(None);
        };
        let counts = db::online::move_counts(conn, id, round, table)?;
        let per_board = cards_per_board(&ev.settings.game_spec());
        let played = |b: u32| counts.iter().find(|(n, _)| *n == b).map_or(0, |(_, c)| *c);
        Ok(g.boards
            .iter()
            .copied()
            .find(|&b| played(b) < per_board)
            .or_else(|| g.boards.last().copied()))
    };
    let mut boards: Vec<(u32, Option<u32>)> = vec![];
    if plan.is_some() {
        let mut conn = pool.get()?;
        let mut tables: Vec<u32> = want.iter().map(|w| w.table).collect();
        tables.dedup();
        for t in tables {
            boards.push((t, now_board(t, &mut conn)?));
        }
    }
    let mut out = vec![];
    for w in &want {
        let Some((_, l)) = links.iter().find(|(_, l)| w.matches(l)) else {
            // Issued above: only a link revoked between the two reads is missing, and the
            // next listing issues it.
            continue;
        };
        let board = match w.board {
            Some(b) => Some(b),
            None => boards
                .iter()
                .find(|(t, _)| *t == w.table)
                .and_then(|(_, b)| *b),
        };
        out.push(ListedSeat {
            round,
            table: w.table,
            board,
            link_board: w.board,
            seat: w.seat,
            entry: w.entry,
            name: w.name.clone(),
            token: l.token.clone().filter(|_| !l.robot),
            robot: l.robot || l.robot_seated_at.is_some(),
            robot_seated: !l.robot && l.robot_seated_at.is_some(),
        });
    }
    Ok((ev, play, out))
}

/// The rounds whose seats the event lists: the movement's (online), 1 (the robot
/// duplicate), none for an event played at the club's tables.
pub fn rounds_of(conn: &mut DbConnection, club: ClubId, id: EventId) -> Result<u32, SeatsError> {
    let ev = db::events::event(conn, club, id)?.ok_or(SeatsError::NotFound)?;
    Ok(match db::event_play::play_of(conn, id)? {
        Play::Table => 0,
        Play::Online { .. } => EventPlay::load(conn, &ev)?.rounds,
        Play::Robots { .. } => 1,
    })
}

/// Revokes the live link of one seat as listed (`seat` its letter, as a form posts it); the
/// next listing issues the seat a new one.
#[allow(clippy::too_many_arguments)]
pub fn revoke(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    round: u32,
    table: u32,
    board: Option<u32>,
    seat: &str,
) -> Result<usize, super::online::OnlineError> {
    let seat: Seat = seat.trim().parse().map_err(|_| {
        super::online::OnlineError::Invalid(format!(
            "\"{}\" is not a seat",
            seat.chars().take(10).collect::<String>()
        ))
    })?;
    super::online::revoke_seat_link(conn, club, id, round, table, board, seat)
}

/// Where the director seats a robot for a person (or gives the seat back): a seat of a
/// round as listed; `board` names a robot duplicate's link (none for an online event's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobotSeat {
    pub round: u32,
    pub table: u32,
    pub board: Option<u32>,
    /// The seat's letter as sent ("N").
    pub seat: String,
    /// True: a robot plays the seat; false: the seat is given back to its person.
    pub robot: bool,
}

/// Seats a robot for the person at a seat of an online event (a player who left for good or
/// never came), or gives the seat back (`robot` false). The person keeps their link: while a
/// robot plays for them, the robots play the seat's cards as a robot's seat's and the
/// person's own are refused ([`super::online::ROBOT_SEATED`]); given back, the person plays
/// the seat's next card (the robots read the seat again before playing a card worked out).
/// Asking
/// for what already is changes nothing. The seats are listed first (issuing any missing
/// link, as [`seats_of_round`] does), then the one link is written in a short write
/// transaction. Refused: a robot duplicate's entrant's seat (the entrant would have no
/// entry), a Calypso Duet's (robots do not play it), giving back a seat nobody sits in.
/// Returns the seat as listed after the change.
pub fn seat_robot(
    pool: &DbPool,
    club: ClubId,
    id: EventId,
    asked: &RobotSeat,
) -> Result<ListedSeat, SeatsError> {
    let seat: Seat = asked.seat.trim().parse().map_err(|_| {
        SeatsError::Invalid(format!(
            "\"{}\" is not a seat: N, E, S or W",
            asked.seat.chars().take(10).collect::<String>()
        ))
    })?;
    let (ev, play, seats) = listing(pool, club, id, asked.round)?;
    let (round, table) = (asked.round, asked.table);
    match (&play, asked.board) {
        (Play::Robots { .. }, None) => {
            return Err(SeatsError::Invalid(
                "a robot duplicate's seats are one per board: say which board".into(),
            ));
        }
        (Play::Online { .. }, Some(_)) => {
            return Err(SeatsError::Invalid(
                "an online event's seat is named by round, table and seat, not by board".into(),
            ));
        }
        _ => {}
    }
    if !seats.iter().any(|s| s.table == table) {
        return Err(SeatsError::Missing(format!(
            "round {round} has no table {table}"
        )));
    }
    let listed = seats
        .into_iter()
        .find(|s| s.table == table && s.seat == seat && s.link_board == asked.board)
        .ok_or_else(|| {
            SeatsError::Missing(match asked.board {
                Some(b) => format!(
                    "table {table} has no {} seat at board {b} in round {round}",
                    seat.name()
                ),
                None => format!("table {table} has no {} seat in round {round}", seat.name()),
            })
        })?;
    if listed.entry.is_some() && matches!(play, Play::Robots { .. }) {
        return Err(SeatsError::NotNow(format!(
            "table {table} {} is the entrant's own seat in this robot duplicate: a robot there \
             would leave the entry with no player (the other three seats are robots' already)",
            seat.name()
        )));
    }
    if ev.settings.game_spec().duet.is_some() {
        return Err(SeatsError::NotNow(
            "robots do not play Calypso Duet: both its players are people".into(),
        ));
    }
    let Some(token) = listed.token.clone().filter(|_| listed.entry.is_some()) else {
        // Nobody sits there: a robot's seat already.
        return if asked.robot {
            Ok(listed)
        } else {
            Err(SeatsError::NotNow(format!(
                "nobody sits at table {table} {} in round {round}: a robot plays the empty \
                 seat, and there is no person to give it back to",
                seat.name()
            )))
        };
    };
    if listed.robot_seated == asked.robot {
        return Ok(listed);
    }
    let mut conn = pool.get()?;
    let at = asked.robot.then(db::now);
    db::write_transaction(&mut conn, |conn| {
        db::lock_event(conn, id)?;
        if !db::event_of_club(conn, club, id)? {
            return Err(SeatsError::NotFound);
        }
        if !db::online::set_robot_seated(conn, &hash_token(&token), at)? {
            return Err(SeatsError::NotNow(format!(
                "the link of table {table} {} was revoked meanwhile: list the seats again",
                seat.name()
            )));
        }
        Ok(())
    })?;
    Ok(ListedSeat {
        robot: asked.robot,
        robot_seated: asked.robot,
        ..listed
    })
}
