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
    Candidate, PICK_TABLES, RobotTable, TableQueue, playouts_for, robot_card, robot_plays, seed_of,
};
use crate::event::play::{ROBOT_MS_MAX, ROBOT_MS_MIN};
use crate::event::practice::PRACTICE_ROUND;

/// The most practice tables one pass reads (the newest first): 8 per club for 32 clubs
/// with practice tables at once (see docs/online.md).
pub const PICK_PRACTICE: usize = 256;

/// What one step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// No online table of a running event anywhere.
    NoTables,
    /// Every table read is being served by another thread.
    AllBusy { tables: usize },
    /// Every table read not in flight was found with no robot to play and has not moved
    /// since.
    Resting { tables: usize },
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
/// result put in. `per_ms`: the host's playouts per ms of the event's budget.
pub fn work_one(
    pool: &DbPool,
    queue: &Mutex<TableQueue>,
    now: NaiveDateTime,
    per_ms: u32,
) -> Result<Step, OnlineError> {
    let lock = || {
        queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    let (job, tables, awake) = {
        let mut conn = pool.get()?;
        let mut candidates = db::online_robots::online_tables(&mut conn, PICK_TABLES)?;
        // The practice tables (#39 item 6c) after the events' tables: each one more table
        // of its club in the fair pick (no strict priority: see docs/online.md).
        candidates.extend(
            db::practice::unfinished(&mut conn, PICK_PRACTICE)?
                .into_iter()
                .map(|t| RobotTable {
                    event: t.event,
                    club: t.club,
                    round: PRACTICE_ROUND,
                    table: t.id,
                }),
        );
        let cards = db::online_robots::cards_at(&mut conn, &candidates)?;
        drop(conn);
        let candidates: Vec<Candidate> = candidates
            .into_iter()
            .map(|table| Candidate {
                table,
                cards: cards.get(&table).copied().unwrap_or(0),
            })
            .collect();
        let mut q = lock();
        q.keep(&candidates);
        let awake = q.awake(&candidates, now);
        let job = q.pick(&awake);
        let cards = job.and_then(|j| candidates.iter().find(|c| c.table == j));
        (
            job.zip(cards.map(|c| c.cards)),
            candidates.len(),
            awake.len(),
        )
    };
    if tables == 0 {
        return Ok(Step::NoTables);
    }
    if awake == 0 {
        return Ok(Step::Resting { tables });
    }
    let Some((job, cards)) = job else {
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
    let step = serve(pool, job, now, tables, per_ms)?;
    if let Step::Waited { .. } = step {
        // Nothing for a robot here until its log grows (or the rest is over).
        lock().rest(job, cards, now);
    }
    Ok(step)
}

/// The board a robot would play at, read in one short hold of a connection.
struct Read {
    at: OnlineBoard,
    ev: crate::event::Event,
    moves: Vec<replay::Move>,
    /// The robots' budget a card (ms, within the setting's bounds).
    robot_ms: u32,
    /// How long a person may be away before a robot plays for them (none: never).
    takeover_after: Option<u32>,
    seats: Vec<db::online_robots::TableSeat>,
    /// Boards of the table fully played with no result.
    unscored: Vec<u32>,
}

/// A practice table's board as the robots read it: its seats (a person's and three
/// robots'), its budget; never a result to put in, never a person taken over.
fn read_practice(pool: &DbPool, job: RobotTable) -> Result<Option<Read>, OnlineError> {
    let mut conn = pool.get()?;
    let Some(t) = db::practice::practice_table(&mut conn, job.table)? else {
        return Ok(None);
    };
    let Some(ev) = db::events::public_event(&mut conn, t.event)? else {
        return Ok(None);
    };
    if ev.deal.is_none() || t.finished_at.is_some() {
        return Ok(None);
    }
    let at = OnlineBoard {
        event: t.event,
        round: PRACTICE_ROUND,
        table: t.id,
        board: t.board,
    };
    let seats = db::online_robots::seats_at(&mut conn, t.event, PRACTICE_ROUND, t.id)?;
    let moves = online::log_of(&mut conn, at)?;
    Ok(Some(Read {
        at,
        ev,
        moves,
        // Read within the setting's bounds as an event's budget is; nobody takes over a
        // practice table's visitor: the table is theirs alone, however long they are gone.
        robot_ms: t.robot_ms.clamp(ROBOT_MS_MIN, ROBOT_MS_MAX),
        takeover_after: None,
        seats,
        unscored: Vec::new(),
    }))
}

fn read(pool: &DbPool, job: RobotTable) -> Result<Option<Read>, OnlineError> {
    if job.round == PRACTICE_ROUND {
        return read_practice(pool, job);
    }
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
    let play = db::event_play::play_of(&mut conn, job.event)?;
    let moves = online::log_of(&mut conn, at)?;
    Ok(Some(Read {
        at,
        ev,
        moves,
        robot_ms: play.robot_ms(),
        takeover_after: play.takeover_after(),
        seats,
        unscored,
    }))
}

/// Whether a robot plays `seat` at `board` now, by the table's live links: a robot's seat
/// (or a person's the director gave to a robot), or a person's who is away.
fn robot_seat(
    seats: &[db::online_robots::TableSeat],
    seat: Seat,
    board: u32,
    away: Option<u32>,
    now: NaiveDateTime,
) -> bool {
    let links: Vec<_> = seats
        .iter()
        .filter(|s| s.seat == seat.letter().to_string())
        .filter(|s| s.board.is_none_or(|b| b == board))
        .collect();
    let robot = links.iter().any(|s| s.robot);
    let seen = links
        .iter()
        .filter(|s| !s.robot)
        .filter_map(|s| s.seen_at)
        .max();
    !links.is_empty() && robot_plays(robot, seen, away, now)
}

fn serve(
    pool: &DbPool,
    job: RobotTable,
    now: NaiveDateTime,
    tables: usize,
    per_ms: u32,
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
        if r.at.round == PRACTICE_ROUND {
            // Over: noted (if the last card's process stopped before it was), so the table
            // leaves the robots' candidates.
            online::finish_practice(pool, r.at.table, now);
        }
        return Ok(Step::Waited { tables });
    };
    if !robot_seat(&r.seats, seat, r.at.board, r.takeover_after, now) {
        return Ok(Step::Waited { tables });
    }
    let ms = r.robot_ms;
    let seq = table.next_seq();
    let seed = seed_of(r.at.event, r.at.round, r.at.table, r.at.board, seq);
    let Some(card) = robot_card(&table, seat, playouts_for(ms, per_ms), seed) else {
        return Ok(Step::Waited { tables });
    };
    // The seat may have changed hands while the card was worked out (the director gave a
    // robot-seated seat back, or seated a person's link anew): read its links again, so a
    // seat given back is the person's from the next card.
    if r.at.round != PRACTICE_ROUND {
        let mut conn = pool.get()?;
        let seats = db::online_robots::seats_at(&mut conn, r.at.event, r.at.round, r.at.table)?;
        drop(conn);
        if !robot_seat(&seats, seat, r.at.board, r.takeover_after, now) {
            return Ok(Step::Waited { tables });
        }
    }
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
