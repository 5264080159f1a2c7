//! Replay a board against robots (#39 item 6c): after release, anyone makes a practice
//! table of a board (the board's deals as dealt, their seat a person's link, the other seats
//! robots) and plays it at the phone table page. It is the online machinery's own table
//! (`service::online`, `service::live`, the robots' worker) under round 0
//! (`event::practice::PRACTICE_ROUND`), and never a result: at its last card it is marked
//! finished, and its end shows its net beside the field's nets on the board and the board's
//! robot par. Bounded per club (`event::practice`). See docs/online.md.

use chrono::NaiveDateTime;

use super::online::{OnlineError, dealt_board};
use crate::db::online::OnlineBoard;
use crate::db::practice::{NewPractice, PracticeTable};
use crate::db::{self, DbError, DbPool};
use crate::engine::Seat;
use crate::event::online::replay::{self, Move};
use crate::event::online::view::{Place, ScoreView};
use crate::event::par::EventPars;
use crate::event::practice::{
    Comparison, PRACTICE_ROBOT_MS, PRACTICE_ROUND, refusal, room_for_one, seat_asked,
};
use crate::event::results::BoardOutcome;
use crate::event::table_report::{Sheet, check};
use crate::event::{ClubId, Event, EventId, Viewer};
use crate::service::tokens::{hash_token, random_token};
use crate::service::{ActionError, ErrorKind};

/// Why a practice table was not made or cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum PracticeError {
    /// No such event, board or practice table.
    #[error("{0}")]
    NotFound(String),
    /// Not yet (the hand records not public) or not this game: in words.
    #[error("{0}")]
    Refused(String),
    /// A seat that is not one of the game's.
    #[error("{0}")]
    Invalid(String),
    /// The club's practice tables are all being played.
    #[error("{0}")]
    Busy(String),
    #[error(transparent)]
    Online(#[from] OnlineError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ActionError for PracticeError {
    fn kind(&self) -> ErrorKind {
        match self {
            PracticeError::NotFound(_) => ErrorKind::NotFound,
            PracticeError::Refused(_) => ErrorKind::Forbidden,
            PracticeError::Invalid(_) => ErrorKind::Invalid,
            PracticeError::Busy(_) => ErrorKind::Conflict,
            PracticeError::Online(e) => e.kind(),
            PracticeError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::r2d2::PoolError> for PracticeError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        PracticeError::Db(e.into())
    }
}

/// Whether the public may replay the event's boards against robots now (None), else why not.
pub fn offered(ev: &Event) -> Option<String> {
    refusal(ev.exposure(), &ev.settings)
}

/// Makes a practice table of the club's event's `board` with the visitor at `seat` ("N",
/// "E", "S" or "W") and robots in the other seats, and returns the visitor's seat token
/// (the phone table page is `/seat/{token}`). Refused before the hand records are public,
/// for a game not played online, and when the club's practice tables are all in play
/// (`event::practice::room_for_one`, which also reclaims the oldest finished or abandoned
/// ones; any older than a day are deleted here).
pub fn start(
    pool: &DbPool,
    club: ClubId,
    event: EventId,
    board: u32,
    seat: &str,
    now: NaiveDateTime,
) -> Result<String, PracticeError> {
    let mut conn = pool.get()?;
    let ev = db::events::public_event(&mut conn, event)?
        .filter(|e| e.club_id == club)
        .ok_or_else(|| PracticeError::NotFound("no such event".into()))?;
    if !ev.exposure().event_visible(Viewer::Anonymous) {
        return Err(PracticeError::NotFound("no such event".into()));
    }
    if let Some(why) = offered(&ev) {
        return Err(PracticeError::Refused(why));
    }
    let spec = ev.settings.game_spec();
    let seat = seat_asked(seat, spec.players).map_err(PracticeError::Invalid)?;
    // The board must deal (the event's board, its key readable).
    dealt_board(&ev, board)?;
    let token = random_token();
    let links: Vec<(String, Seat, bool)> = spec
        .seats()
        .iter()
        .map(|&s| {
            if s == seat {
                (hash_token(&token), s, false)
            } else {
                // A robot's token nobody gets: only its hash is stored.
                (hash_token(&random_token()), s, true)
            }
        })
        .collect();
    let new = NewPractice {
        club,
        event,
        board,
        seat,
        robot_ms: PRACTICE_ROBOT_MS,
        links: &links,
    };
    match db::practice::insert_practice(&mut conn, &new, now, |kept| room_for_one(kept, now))? {
        Ok(_) => Ok(token),
        Err(busy) => Err(PracticeError::Busy(busy)),
    }
}

/// The end of a practice table: its net beside the field's and the robot par.
#[derive(Clone, Debug)]
pub struct PracticeEnd {
    pub table: PracticeTable,
    pub event_name: String,
    /// The page of this practice table ("/c/{club}/events/{id}/boards/{board}/practice/{table}").
    pub path: String,
    /// The visitor's seat.
    pub seat: Seat,
    /// The visitor's side is the first (N-S, whose net the traveller shows).
    pub first_side: bool,
    /// The visitor's side as players say it ("N-S ♠♥").
    pub side_name: String,
    pub other_side_name: String,
    /// Every card played.
    pub over: bool,
    /// The sides' totals (first, second), once over.
    pub totals: Option<(i64, i64)>,
    /// Once over: the net, the field's nets (when the board's results are public) and the
    /// par's net.
    pub comparison: Option<Comparison>,
    /// The board's results are not public yet (tables still to play it).
    pub field_hidden: bool,
    /// The engine's breakdown of the score, once over (as the seat's view carries it).
    pub score: Option<ScoreView>,
}

/// A practice table's end (or, not over yet, where it stands): the table read, the
/// connection released, the log replayed and scored by the engine (the same check a play
/// record gets as a result), the field's nets from the stored results under the traveller's
/// rule for a visitor, and the board's robot par when worked out. `pars_working`: the
/// server works the robot par out (the app's setting).
/// `now`: the room clock's, for a robot duplicate's results sealed until its window closes.
pub fn end_of(
    pool: &DbPool,
    id: u32,
    pars_working: bool,
    now: chrono::NaiveDateTime,
) -> Result<PracticeEnd, PracticeError> {
    let not_found = || PracticeError::NotFound("no such practice table".into());
    let (table, ev, moves, field, pars, path) = {
        let mut conn = pool.get()?;
        let table = db::practice::practice_table(&mut conn, id)?.ok_or_else(not_found)?;
        let ev = db::events::public_event(&mut conn, table.event)?.ok_or_else(not_found)?;
        let club = db::clubs::club_by_id(&mut conn, ev.club_id)?.ok_or_else(not_found)?;
        let path = format!(
            "/c/{}/events/{}/boards/{}/practice/{}",
            club.slug,
            ev.id.get(),
            table.board,
            table.id
        );
        let at = OnlineBoard {
            event: table.event,
            round: PRACTICE_ROUND,
            table: table.id,
            board: table.board,
        };
        let moves = db::online::moves_of(&mut conn, at)?
            .iter()
            .map(|r| Move::from_stored(i64::from(r.seq), &r.seat, &r.card))
            .collect::<Result<Vec<_>, _>>()
            .map_err(OnlineError::from)?;
        let played = crate::service::standings::played_of(&mut conn, &ev)?;
        let sealed = crate::service::standings::sealed_until(&mut conn, ev.id)?;
        let visible = ev.exposure().sealed_at(sealed, now).board_results_visible(
            Viewer::Anonymous,
            played.still_to_play.contains(&table.board),
        );
        let field: Option<Vec<i64>> = visible.then(|| {
            let mut nets: Vec<i64> = played
                .results
                .iter()
                .filter(|r| r.place.board == table.board)
                .filter(|r| r.values.outcome == BoardOutcome::Played)
                .map(|r| i64::from(r.values.scores.majors) - i64::from(r.values.scores.minors))
                .collect();
            nets.sort_unstable();
            nets
        });
        let pars = if ev.exposure().robot_par_visible(Viewer::Anonymous) {
            crate::service::pars::event_pars(&mut conn, &ev, pars_working)
                .map_err(|e| PracticeError::Refused(e.to_string()))?
        } else {
            EventPars::unshown(crate::event::game::EventGame::of(&ev.settings))
        };
        (table, ev, moves, field, pars, path)
    };
    let (spec, board) = dealt_board(&ev, table.board)?;
    let seat: Seat = table
        .seat
        .parse()
        .map_err(|_| PracticeError::NotFound("no such practice table".into()))?;
    let played = replay::replay(&spec, &board, &moves).map_err(OnlineError::from)?;
    let over = played.is_over();
    let sides = ev.settings.side_names();
    let first_side = spec.side_of(seat) == 0;
    let (side_name, other_side_name) = if first_side {
        (sides.majors(), sides.minors())
    } else {
        (sides.minors(), sides.majors())
    };
    let mut end = PracticeEnd {
        event_name: ev.settings.name().to_string(),
        path,
        seat,
        first_side,
        side_name: side_name.to_string(),
        other_side_name: other_side_name.to_string(),
        over,
        totals: None,
        comparison: None,
        field_hidden: field.is_none(),
        score: None,
        table,
    };
    if !over {
        return Ok(end);
    }
    let record = replay::record(&spec, &board, &moves).map_err(OnlineError::from)?;
    let checked = check(&spec, &Sheet::Record(record), Some(&board.deals)).map_err(|p| {
        PracticeError::Online(OnlineError::Invalid(format!(
            "the practice table's play does not score: {}",
            p.first().map(|p| p.message.clone()).unwrap_or_default()
        )))
    })?;
    let view = played
        .view(
            Place {
                event: ev.id.get(),
                round: PRACTICE_ROUND,
                table: end.table.id,
                board: end.table.board,
            },
            seat,
        )
        .map_err(|e| PracticeError::Invalid(e.to_string()))?;
    end.totals = Some((checked.majors, checked.minors));
    end.score = Some(view.score);
    end.comparison = Some(Comparison {
        net: checked.majors - checked.minors,
        field: field.unwrap_or_default(),
        par: pars.net(end.table.board),
        total: pars
            .stored(end.table.board)
            .and_then(|p| p.total.as_ref())
            .map(|t| (checked.majors + checked.minors, t.mean)),
        no_par_for_game: pars.not_this_game(),
    });
    Ok(end)
}

/// The latest finished practice tables of a board (at most `most`, newest first), each with
/// its net (the traveller's convention) and the visitor's seat: the board page's list.
pub fn finished_of_board(
    pool: &DbPool,
    ev: &Event,
    board: u32,
    most: usize,
) -> Result<Vec<(PracticeTable, Option<i64>)>, PracticeError> {
    let (tables, logs) = {
        let mut conn = pool.get()?;
        let tables = db::practice::finished_of_board(&mut conn, ev.id, board, most.min(20))?;
        let mut logs = Vec::with_capacity(tables.len());
        for t in &tables {
            let at = OnlineBoard {
                event: ev.id,
                round: PRACTICE_ROUND,
                table: t.id,
                board,
            };
            logs.push(db::online::moves_of(&mut conn, at)?);
        }
        (tables, logs)
    };
    let (spec, dealt) = dealt_board(ev, board)?;
    let mut out = Vec::with_capacity(tables.len());
    for (t, rows) in tables.into_iter().zip(logs) {
        let moves: Result<Vec<Move>, _> = rows
            .iter()
            .map(|r| Move::from_stored(i64::from(r.seq), &r.seat, &r.card))
            .collect();
        let net = moves
            .ok()
            .and_then(|m| replay::record(&spec, &dealt, &m).ok())
            .and_then(|r| check(&spec, &Sheet::Record(r), Some(&dealt.deals)).ok())
            .map(|c| c.majors - c.minors);
        out.push((t, net));
    }
    Ok(out)
}
