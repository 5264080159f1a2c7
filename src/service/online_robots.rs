//! Robots in online seats (#39 item 4): the background threads' one step. A thread picks an
//! online table fairly across clubs and tables (`event::online::robots::TableQueue`, behind
//! a `Mutex` held only to pick), reads it (short: its seats, its event's robot budget and
//! away time, its board's log; the connection given back), and when the seat to play is a
//! robot's, or a person's who is away, works out the robot's card from that seat's view
//! only, with no connection held, and plays it through `service::online::play_for_seat`:
//! the same refereeing as any card, a stale seq meaning only that someone else moved. The
//! same step puts in the result of any board of the table found over without one (a
//! process that stopped between a board's last card and its result). See docs/robots.md.

use std::sync::Mutex;

use chrono::NaiveDateTime;

use super::online::{self, OnlineError, ResultIn, board_now};
use crate::db::online::OnlineBoard;
use crate::db::{self, DbPool};
use crate::engine::{Card, Seat};
use crate::event::EventStatus;
use crate::event::online::replay::{self, Refused};
use crate::event::online::robots::{
    DEFAULT_ROBOT_MS, PICK_TABLES, RobotTable, TableQueue, playouts_for, robot_card, robot_plays,
    seed_of,
};

/// What one step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// No online table of a running event anywhere.
    NoTables,
    /// Every table read is being served by another thread.
    AllBusy { tables: usize },
    /// A table was looked at: nobody's robot was to play (a person's turn, the board over).
    Waited { tables: usize },
    /// A robot played a card (or found the seq taken: someone moved meanwhile).
    Played {
        at: OnlineBoard,
        seat: Seat,
        card: Card,
        stored: bool,
    },
}

/// Picks a table fairly and serves it: the robot's card played if a robot is to play there
/// now (`now`: the room clock's, for the away time), and any finished board's missing
/// result put in.
pub fn work_one(
    pool: &DbPool,
    queue: &Mutex<TableQueue>,
    now: NaiveDateTime,
) -> Result<Step, OnlineError> {
    let lock = || {
        queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    let (job, tables) = {
        let mut conn = pool.get()?;
        let candidates = db::online_robots::online_tables(&mut conn, PICK_TABLES)?;
        drop(conn);
        let mut q = lock();
        q.keep_groups(|t| candidates.contains(t));
        (q.pick(&candidates), candidates.len())
    };
    if tables == 0 {
        return Ok(Step::NoTables);
    }
    let Some(job) = job else {
        return Ok(Step::AllBusy { tables });
    };
    // The table leaves the in-flight set however this ends, a panic included.
    struct Done<'a>(&'a Mutex<TableQueue>, RobotTable);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            let mut q = self.0.lock().unwrap_or_else(|p| p.into_inner());
            q.done(&self.1);
        }
    }
    let _done = Done(queue, job);
    serve(pool, job, now, tables)
}

/// The board a robot would play at, read in one short hold of a connection.
struct Read {
    at: OnlineBoard,
    ev: crate::event::Event,
    moves: Vec<replay::Move>,
    /// The robot budget (ms) and the away time (s) when the event's play is set.
    settings: Option<(u32, u32)>,
    seats: Vec<db::online_robots::TableSeat>,
    /// Boards of the table fully played with no result.
    unscored: Vec<u32>,
}

fn read(pool: &DbPool, job: RobotTable) -> Result<Option<Read>, OnlineError> {
    let mut conn = pool.get()?;
    let Some(ev) = db::events::public_event(&mut conn, job.event)? else {
        return Ok(None);
    };
    if ev.status != EventStatus::Running || ev.deal.is_none() {
        return Ok(None);
    }
    let spec = ev.settings.game_spec();
    let per_board: usize = spec.schedule.iter().sum::<usize>() * spec.players;
    let counts = db::online::move_counts(&mut conn, ev.id, job.round, job.table)?;
    let full: Vec<u32> = counts
        .iter()
        .filter(|(_, n)| *n as usize == per_board)
        .map(|(b, _)| *b)
        .collect();
    let unscored = if full.is_empty() {
        Vec::new()
    } else {
        let scored = db::results::results_at(&mut conn, ev.club_id, ev.id, job.round, job.table)?;
        full.into_iter()
            .filter(|b| !scored.iter().any(|r| r.place.board == *b))
            .collect()
    };
    let Some(board) = board_now(&mut conn, &ev, job.round, job.table)? else {
        return Ok(None);
    };
    let at = OnlineBoard {
        event: job.event,
        round: job.round,
        table: job.table,
        board,
    };
    let seats = db::online_robots::seats_at(&mut conn, job.event, job.round, job.table)?;
    let settings = db::online_robots::robot_settings(&mut conn, job.event)?;
    let moves = db::online::moves_of(&mut conn, at)?
        .iter()
        .map(|r| replay::Move::from_stored(i64::from(r.seq), &r.seat, &r.card))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(Read {
        at,
        ev,
        moves,
        settings,
        seats,
        unscored,
    }))
}

fn serve(
    pool: &DbPool,
    job: RobotTable,
    now: NaiveDateTime,
    tables: usize,
) -> Result<Step, OnlineError> {
    let Some(r) = read(pool, job)? else {
        return Ok(Step::Waited { tables });
    };
    for b in &r.unscored {
        let at = OnlineBoard { board: *b, ..r.at };
        // A result refused (a round not started yet, say) is logged and tried again at the
        // table's next turn; it never keeps the robots from the table's board in play.
        match online::ensure_result(pool, at) {
            Ok(Some(ResultIn::Stored)) => tracing::info!(
                event = at.event.get(),
                round = at.round,
                table = at.table,
                board = at.board,
                "an online table's result put in after its last card"
            ),
            Ok(_) => {}
            Err(e) => tracing::warn!(
                event = at.event.get(),
                round = at.round,
                table = at.table,
                board = at.board,
                "an online table's result did not go in: {e}"
            ),
        }
    }
    // No connection is held from here to the card's store.
    let (spec, board) = online::dealt_board(&r.ev, r.at.board)?;
    // Robots do not play Calypso Duet (both its players are people): no away takeover.
    if spec.duet.is_some() {
        return Ok(Step::Waited { tables });
    }
    let table = replay::replay(&spec, &board, &r.moves)?;
    let Some(seat) = table.to_play() else {
        return Ok(Step::Waited { tables });
    };
    let links: Vec<_> = r
        .seats
        .iter()
        .filter(|s| s.seat == seat.letter().to_string())
        .filter(|s| s.board.is_none_or(|b| b == r.at.board))
        .collect();
    let robot = links.iter().any(|s| s.robot);
    let seen = links
        .iter()
        .filter(|s| !s.robot)
        .filter_map(|s| s.seen_at)
        .max();
    let away = r.settings.map(|(_, away)| away);
    if links.is_empty() || !robot_plays(robot, seen, away, now) {
        return Ok(Step::Waited { tables });
    }
    let ms = r.settings.map_or(DEFAULT_ROBOT_MS, |(ms, _)| ms);
    let seq = table.next_seq();
    let seed = seed_of(r.at.event, r.at.round, r.at.table, r.at.board, seq);
    let Some(card) = robot_card(&table, seat, playouts_for(ms), seed) else {
        return Ok(Step::Waited { tables });
    };
    let stored = match online::play_for_seat(pool, r.at, seat, card, seq) {
        Ok(_) => true,
        // Someone moved meanwhile (the person came back, another process's robot): the
        // next step reads the table again.
        Err(OnlineError::Refused(
            Refused::StaleSeq { .. } | Refused::NotYourTurn { .. } | Refused::BoardOver,
        )) => false,
        Err(e) => return Err(e),
    };
    Ok(Step::Played {
        at: r.at,
        seat,
        card,
        stored,
    })
}
