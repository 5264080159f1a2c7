//! Score entry: the one path a result takes into an event, from a table's phone, a director's
//! page or the API. Where it was played is checked against the movement, what was reported is
//! checked by the engine against the board as dealt, and then it is written once.
//!
//! The engine's check holds no connection: [`submit`] and [`correct`] take the pool, read
//! what the check needs (a connection taken and given back), check (through the gate of
//! `checks`), and write in one short transaction that reads the event again. Only they,
//! [`hands_so_far`] and [`deals_so_far`] run the engine here.

use super::play::{EventPlay, TableGame, game_at};
use super::{ActionError, ErrorKind, FindError, Found, checks, step, write_step};
use crate::db::results::{self as store, Inserted, PlayedAt};
use crate::db::{self, DbConnection, DbError, DbPool};
use crate::engine::Budget;
use crate::engine::auction;
use crate::engine::embers;
use crate::engine::kaiso;
use crate::engine::{GameSpec, Problem};
use crate::event::entries::Entry;
use crate::event::entries::change_reason;
use crate::event::papers::board_deals;
use crate::event::results::{
    Adjusted, AuditEntry, BoardOutcome, OpenDisputes, ResultStatus, ResultValues, Sides,
    TableReport, TableResult,
};
use crate::event::settings::EventSettings;
use crate::event::table_report::{
    self, Breakdown, Checked, Scored, ShapeError, Sheet, SheetInput, auction_pairs_problems,
    auction_problems,
};
use crate::event::{ClubId, DealKey, Event, EventId, EventStatus, PapersError, ResultId};
use crate::movement::IndividualRound;
use crate::movement::Side;
use crate::movement::threes::ThreesRound;

/// Who is entering or changing a result, as the audit trail names them.
#[derive(Clone, Copy, Debug)]
pub enum Who<'a> {
    /// A director, by name.
    Director(&'a str),
    /// A table's phone, by the table's code.
    Table { table: u32, code: &'a str },
    /// An online table's last card (#39): its play record, every card refereed by the
    /// engine as it was played. Final, as a director's: nothing was typed, so nothing waits
    /// for the other side's agreement (docs/online.md).
    Online { table: u32 },
}

impl Who<'_> {
    pub fn label(&self) -> String {
        match self {
            Who::Director(name) => format!("director {name}"),
            Who::Table { table, code } => format!("table {table} (code {code})"),
            Who::Online { table } => format!("online table {table} (its cards as played)"),
        }
    }
}

/// Where a result was played, as a table's form or the API gives it: not yet checked against
/// the movement (that is done here), so any number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaceAsked {
    pub round: i64,
    pub table: i64,
    pub board: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum EntryError {
    /// The report's shape is wrong (a field missing, an unknown side).
    #[error("{0}")]
    Shape(String),
    /// The report is not one of the shapes this event's game takes.
    #[error(transparent)]
    Report(#[from] ShapeError),
    /// The engine found the report impossible.
    #[error("the rules engine cannot accept this result")]
    Problems(Vec<Problem>),
    /// The movement has no such table, round or board.
    #[error("{0}")]
    NotInMovement(String),
    /// Results cannot be entered now (the event or the round is not open).
    #[error("{0}")]
    NotOpen(String),
    #[error(
        "round {}, table {}, board {} already has a result (entered by {}); to change it, ask the director for a correction",
        .0.place.round, .0.place.table, .0.place.board, .0.entered_by
    )]
    Exists(Box<TableResult>),
    #[error("a reason is required (1 to 200 characters)")]
    Reason,
    #[error("there is no such result in this event")]
    NoResult,
    /// The change does not fit the result's state (e.g. confirming a confirmed result).
    #[error("{0}")]
    State(String),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Papers(#[from] PapersError),
}

impl ActionError for EntryError {
    fn kind(&self) -> ErrorKind {
        match self {
            EntryError::Problems(_)
            | EntryError::Shape(_)
            | EntryError::Report(_)
            | EntryError::Reason => ErrorKind::Invalid,
            EntryError::NotInMovement(_) | EntryError::NoResult => ErrorKind::NotFound,
            EntryError::NotOpen(_) | EntryError::Exists(_) | EntryError::State(_) => {
                ErrorKind::Conflict
            }
            EntryError::Db(_) | EntryError::Papers(PapersError::Deal(_)) => ErrorKind::Internal,
            // A key that no longer fits its algorithm: the event's state.
            EntryError::Papers(_) => ErrorKind::Conflict,
        }
    }
}

impl EntryError {
    /// Whether this refuses the result itself (said beside the form), rather than the event
    /// failing to take one (its database, or papers its key cannot make).
    pub fn refuses_the_result(&self) -> bool {
        self.kind() != ErrorKind::Internal && !matches!(self, EntryError::Papers(_))
    }
}

fn reason_of(reason: Option<&str>) -> Result<String, EntryError> {
    change_reason(reason.unwrap_or("")).map_err(|_| EntryError::Reason)
}

fn positive(n: i64, what: &str) -> Result<u32, EntryError> {
    u32::try_from(n)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| EntryError::NotInMovement(format!("{what} {n} is not in this event")))
}

/// The table's game at a place, or why the movement has none.
fn game_of_place(
    conn: &mut DbConnection,
    ev: &Event,
    place: PlaceAsked,
) -> Result<(TableGame, u32), EntryError> {
    let round = positive(place.round, "round")?;
    let table = positive(place.table, "table")?;
    let board = positive(place.board, "board")?;
    let game = game_at(conn, ev, round, table)?.ok_or_else(|| {
        EntryError::NotInMovement(format!(
            "the movement has no game at table {table} in round {round}"
        ))
    })?;
    if !game.boards.contains(&board) {
        let boards: Vec<String> = game.boards.iter().map(u32::to_string).collect();
        return Err(EntryError::NotInMovement(format!(
            "table {table} plays board {} in round {round}, not board {board}",
            boards.join(", ")
        )));
    }
    Ok((game, board))
}

/// Who may enter a result for this round now.
fn check_open(ev: &Event, who: Who, round: u32) -> Result<(), EntryError> {
    match who {
        Who::Table { .. } => {
            if !ev.status.is_running() {
                return Err(EntryError::NotOpen(
                    "results are entered at the table only while the event is running".into(),
                ));
            }
            // A late table enters an earlier round's result after the next round started.
            if round > ev.round.current {
                return Err(EntryError::NotOpen(format!(
                    "round {} is being played, not round {round}: ask the director to enter it",
                    ev.round.current
                )));
            }
        }
        Who::Director(_) | Who::Online { .. } => {
            if !matches!(ev.status, EventStatus::Running | EventStatus::Finished) {
                return Err(EntryError::NotOpen(format!(
                    "results are entered while the event runs (it is {})",
                    ev.status.name()
                )));
            }
            if round > ev.round.current {
                return Err(EntryError::NotOpen(format!(
                    "round {round} has not started (the event is in round {})",
                    ev.round.current
                )));
            }
        }
    }
    Ok(())
}

/// A report read in the terms of this event's game (its shape only: not yet checked).
fn read_sheet(
    settings: &EventSettings,
    input: SheetInput,
) -> Result<(GameSpec, Sheet), EntryError> {
    let spec = settings.game_spec();
    let sheet = input
        .read(
            &spec,
            settings.game(),
            settings.embers_spec().as_ref(),
            settings.auction_spec().as_ref(),
            settings.auction_pairs_spec().as_ref(),
        )
        .map_err(EntryError::Report)?;
    Ok((spec, sheet))
}

/// The engine's check of a report for a board of this event: against the board as dealt when
/// the event's seeded deck has it, otherwise every check that does not need the deal. Runs
/// through the gate of `checks`: call it with no connection held.
fn check_sheet(
    ev: &Event,
    board: u32,
    input: SheetInput,
) -> Result<(Checked, TableReport), EntryError> {
    check_report(&ev.settings, ev.deal.as_ref(), board, input)
}

/// [`check_sheet`] for an event not stored yet (an imported file's): its settings and key.
pub(crate) fn check_report(
    settings: &EventSettings,
    deal: Option<&DealKey>,
    board: u32,
    input: SheetInput,
) -> Result<(Checked, TableReport), EntryError> {
    let mut budget = Budget::new(kaiso::CHECK_BUDGET);
    check_report_within(settings, deal, board, input, &mut budget)
}

/// [`check_report`] spending from a budget the caller shares between several reports (an
/// imported file's results), so that the whole request is bounded, not each report.
pub(crate) fn check_report_within(
    settings: &EventSettings,
    deal: Option<&DealKey>,
    board: u32,
    input: SheetInput,
    budget: &mut Budget,
) -> Result<(Checked, TableReport), EntryError> {
    let (spec, sheet) = read_sheet(settings, input)?;
    checks::run(|| {
        let dealt = match deal {
            Some(key) => board_deals(settings, key, board)?,
            None => None,
        };
        let checked = table_report::check_within(&spec, &sheet, dealt.as_deref(), budget)
            .map_err(EntryError::Problems)?;
        // The engine's breakdown is stored beside the report: the pages show it as scored here.
        let report = TableReport::of_json(sheet.to_json(&spec))
            .with_breakdown(Breakdown::of_scored(&checked.score));
        Ok((checked, report))
    })
}

/// The engine's breakdown of a stored report (song by song, hand by hand): the one stored
/// beside it, or, for a row kept before breakdowns were stored, scored now. The one place a
/// stored report is scored (docs/scoring.md).
pub fn breakdown(settings: &EventSettings, report: &TableReport) -> Option<Breakdown> {
    report
        .breakdown()
        .cloned()
        .or_else(|| report.score_breakdown(settings))
}

/// An Embers or Auction table's hands so far, before the game is over: checked by the engine
/// hand by hand, and the running score. Nothing is kept (the game's result is entered with
/// its last hand), so nothing but the event, read before, is needed: no connection.
pub fn hands_so_far(ev: &Event, input: SheetInput) -> Result<Scored, EntryError> {
    let (_, sheet) = read_sheet(&ev.settings, input)?;
    checks::run(|| hands_checked(sheet))
}

/// A Calypso table's deals so far, entered as it goes (deals 1 to k, before the game is over):
/// checked by the engine against the board as dealt, and the score after deal k. Nothing is
/// kept (the result is entered with the last deal). The place is read with a connection
/// given back before the check, which holds none.
pub fn deals_so_far(
    pool: &DbPool,
    ev: &Event,
    who: Who,
    place: PlaceAsked,
    input: SheetInput,
) -> Result<Checked, EntryError> {
    if input.deals.is_none() {
        return Err(EntryError::Shape(
            "only deal-by-deal counts are checked as the table goes".into(),
        ));
    }
    let (game, board) = step(pool, |c| game_of_place(c, ev, place))?;
    may_enter(ev, who, &game)?;
    check_sheet(ev, board, input).map(|(checked, _)| checked)
}

fn hands_checked(sheet: Sheet) -> Result<Scored, EntryError> {
    let (problems, score) = match sheet {
        Sheet::Embers { spec: e, summary } => (
            embers::check(&e, &summary),
            Scored::Embers(embers::score(&e, &summary)),
        ),
        Sheet::Auction { spec: a, summary } => (
            auction_problems(&a, &summary),
            Scored::Auction(auction::score(&a, &summary)),
        ),
        Sheet::AuctionPairs { spec: a, summary } => (
            auction_pairs_problems(&a, &summary),
            Scored::AuctionPairs(auction::pairs::score(&a, &summary)),
        ),
        _ => {
            return Err(EntryError::Shape(
                "only an Embers or Auction event's table reports hand by hand".into(),
            ));
        }
    };
    if !problems.is_empty() {
        return Err(EntryError::Problems(problems));
    }
    Ok(score)
}

fn score(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(if n < 0 { i32::MIN } else { i32::MAX })
}

/// Who may enter the result of the game at a place now: the event open to them for its round,
/// and a table's page only for its own table.
fn may_enter(ev: &Event, who: Who, game: &TableGame) -> Result<(), EntryError> {
    check_open(ev, who, game.round)?;
    if let Who::Table { table, .. } = who
        && table != game.table
    {
        return Err(EntryError::NotInMovement(format!(
            "this is table {table}'s page; it cannot enter table {}'s result",
            game.table
        )));
    }
    Ok(())
}

/// In the write after a check: the event read again with its row taken for the transaction,
/// refused if it is gone, or if what the check read (its game's settings, its deal) changed
/// meanwhile. Whether it still takes the result is the caller's `check_open` on it.
fn still_as_checked(conn: &mut DbConnection, ev: &Event) -> Result<Event, EntryError> {
    db::lock_event(conn, ev.id)?;
    let now = db::events::event(conn, ev.club_id, ev.id)?
        .ok_or_else(|| EntryError::NotOpen("the event was deleted meanwhile".into()))?;
    if now.settings != ev.settings || now.deal != ev.deal {
        return Err(EntryError::NotOpen(
            "the event's settings or deal changed while this result was being checked: \
             send it again"
                .into(),
        ));
    }
    Ok(now)
}

/// A first result for a place: a table's is provisional until the other side confirms, a
/// director's is final. A reason, when given (a director entering for a table), goes into
/// the audit trail.
///
/// `ev` is the event as the caller read it. The place is read with a connection given back
/// before the engine checks the report (holding none); the result is then written in one
/// short transaction that reads the event and the place again, so a result for an event that
/// stopped taking them meanwhile, or a place filled meanwhile, is refused as it would have
/// been before the check.
pub fn submit(
    pool: &DbPool,
    ev: &Event,
    who: Who,
    place: PlaceAsked,
    input: SheetInput,
    reason: Option<&str>,
) -> Result<TableResult, EntryError> {
    let reason = match reason.map(str::trim) {
        None | Some("") => None,
        Some(r) => Some(reason_of(Some(r))?),
    };
    let (game, board) = step(pool, |c| game_of_place(c, ev, place))?;
    may_enter(ev, who, &game)?;
    let (checked, report) = check_sheet(ev, board, input)?;
    let values = ResultValues {
        scores: Sides::new(score(checked.majors), score(checked.minors)),
        status: match who {
            Who::Director(_) | Who::Online { .. } => ResultStatus::Confirmed,
            Who::Table { .. } => ResultStatus::Provisional,
        },
        outcome: BoardOutcome::Played,
        adjusted: Sides::default(),
        report,
    };
    write_step(pool, |c| {
        let now = still_as_checked(c, ev)?;
        let (game, board) = game_of_place(c, &now, place)?;
        may_enter(&now, who, &game)?;
        insert(c, &now, &game, board, &values, who, reason.as_deref())
    })
}

fn insert(
    conn: &mut DbConnection,
    ev: &Event,
    game: &TableGame,
    board: u32,
    values: &ResultValues,
    who: Who,
    reason: Option<&str>,
) -> Result<TableResult, EntryError> {
    let at = PlayedAt {
        round: game.round as i32,
        table_number: game.table as i32,
        board: board as i32,
        majors_entry: game.majors.as_ref().map(|e| e.id),
        minors_entry: game.minors.as_ref().map(|e| e.id),
    };
    match store::insert_result(conn, ev.club_id, ev.id, at, values, &who.label(), reason)? {
        Some(Inserted::Saved(r)) => Ok(r),
        Some(Inserted::Exists(r)) => Err(EntryError::Exists(Box::new(r))),
        None => Err(EntryError::NoResult),
    }
}

/// A director's correction: the whole report again, checked again, with a reason. The result
/// is then final. As [`submit`]: read, checked with no connection held, then written in one
/// short transaction that reads the event again.
pub fn correct(
    pool: &DbPool,
    ev: &Event,
    director: &str,
    id: ResultId,
    place: Option<PlaceAsked>,
    input: SheetInput,
    reason: Option<&str>,
) -> Result<TableResult, EntryError> {
    let reason = reason_of(reason)?;
    let current =
        step(pool, |c| store::result_of(c, ev.club_id, ev.id, id))?.ok_or(EntryError::NoResult)?;
    let here = PlaceAsked {
        round: i64::from(current.place.round),
        table: i64::from(current.place.table),
        board: i64::from(current.place.board),
    };
    if let Some(p) = place
        && p != here
    {
        return Err(EntryError::Shape(format!(
            "result {id} is for round {}, table {}, board {}; a correction cannot move it",
            here.round, here.table, here.board
        )));
    }
    let who = Who::Director(director);
    check_open(ev, who, current.place.round)?;
    let (checked, report) = check_sheet(ev, current.place.board, input)?;
    let values = ResultValues {
        scores: Sides::new(score(checked.majors), score(checked.minors)),
        status: ResultStatus::Confirmed,
        outcome: BoardOutcome::Played,
        adjusted: Sides::default(),
        report,
    };
    write_step(pool, |c| {
        let now = still_as_checked(c, ev)?;
        check_open(&now, who, current.place.round)?;
        change(c, &now, who, id, Some(&reason), |_| Ok(values))
    })
}

fn change(
    conn: &mut DbConnection,
    ev: &Event,
    who: Who,
    id: ResultId,
    reason: Option<&str>,
    f: impl FnOnce(&TableResult) -> Result<ResultValues, EntryError>,
) -> Result<TableResult, EntryError> {
    store::change_result(conn, ev.club_id, ev.id, id, &who.label(), reason, f)?
        .ok_or(EntryError::NoResult)?
}

/// The other side's answer at the table: they agree (the result is final) or they do not
/// (the director is called). Only the side who must agree answers (see
/// [`EventPlay::agreeing`]), from the phone of a table where they sit in the round being
/// played: the result's own table while they sit there, or the table they have moved to. The
/// pair now sitting where the result was played never played it, and is refused. The audit
/// row names the side, its pair (or players) and the table whose phone answered.
pub fn confirm(
    conn: &mut DbConnection,
    ev: &Event,
    table: u32,
    code: &str,
    id: ResultId,
    agree: bool,
) -> Result<TableResult, EntryError> {
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, ev.id)?;
        let ev = db::events::event(conn, ev.club_id, ev.id)?.ok_or(EntryError::NoResult)?;
        if !ev.status.is_running() {
            return Err(EntryError::NotOpen(
                "results are confirmed at the table only while the event is running".into(),
            ));
        }
        let current = store::result_of(conn, ev.club_id, ev.id, id)?.ok_or(EntryError::NoResult)?;
        let answered = |r: &TableResult| {
            if r.values.status == ResultStatus::Provisional {
                Ok(())
            } else {
                Err(EntryError::State(format!(
                    "this result is already {}; ask the director to change it",
                    r.values.status.name()
                )))
            }
        };
        if current.place.table == table {
            answered(&current)?;
        }
        let play = EventPlay::load(conn, &ev)?;
        let now = ev.round.current;
        let agreeing = play.agreeing(&ev.settings, current.place.round, current.place.table, now);
        let by = match &agreeing {
            Some(a) if a.agrees_at(table) => a.audit(),
            // Another table's result, for no one sitting here: not this phone's.
            _ if current.place.table != table => return Err(EntryError::NoResult),
            Some(a) => {
                return Err(EntryError::State(format!(
                    "round {}'s result at table {table} waits for {}, {}: only they agree or \
                     dispute it{}",
                    current.place.round,
                    a.short(),
                    a.where_now(now),
                    match a.now_at.first() {
                        Some(t) => format!(", on table {t}'s phone"),
                        None => "; the director settles it".into(),
                    }
                )));
            }
            None => "the other side".into(),
        };
        let label = format!(
            "{} by {by} at table {table} (code {code})",
            if agree { "agreed" } else { "disputed" }
        );
        store::change_result(conn, ev.club_id, ev.id, id, &label, None, |r| {
            answered(r)?;
            Ok(ResultValues {
                status: if agree {
                    ResultStatus::Confirmed
                } else {
                    ResultStatus::Disputed
                },
                ..r.values.clone()
            })
        })?
        .ok_or(EntryError::NoResult)?
    })
}

/// A director settles a provisional or disputed result as it was entered: it is confirmed,
/// with the director's reason in the audit trail.
pub fn settle(
    conn: &mut DbConnection,
    ev: &Event,
    director: &str,
    id: ResultId,
    reason: Option<&str>,
) -> Result<TableResult, EntryError> {
    let reason = reason_of(reason)?;
    let current = store::result_of(conn, ev.club_id, ev.id, id)?.ok_or(EntryError::NoResult)?;
    check_open(ev, Who::Director(director), current.place.round)?;
    change(conn, ev, Who::Director(director), id, Some(&reason), |r| {
        if r.values.status == ResultStatus::Confirmed {
            return Err(EntryError::State(
                "this result is already confirmed: correct or adjust it instead".into(),
            ));
        }
        Ok(ResultValues {
            status: ResultStatus::Confirmed,
            ..r.values.clone()
        })
    })
}

impl From<diesel::result::Error> for EntryError {
    fn from(e: diesel::result::Error) -> Self {
        EntryError::Db(e.into())
    }
}

/// Before finishing: the director confirms every result still provisional (the other side
/// never answered on its phone), each with the same reason in its audit trail, all or
/// nothing. Disputed results stay open: they are ruled one by one. Returns how many.
pub fn confirm_every_provisional(
    conn: &mut DbConnection,
    ev: &Event,
    director: &str,
    reason: Option<&str>,
) -> Result<usize, EntryError> {
    let reason = reason_of(reason)?;
    if !matches!(ev.status, EventStatus::Running | EventStatus::Finished) {
        return Err(EntryError::NotOpen(format!(
            "results are confirmed while the event runs (it is {})",
            ev.status.name()
        )));
    }
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, ev.id)?;
        let waiting: Vec<ResultId> = store::results_of(conn, ev.club_id, ev.id)?
            .into_iter()
            .filter(|r| r.values.status == ResultStatus::Provisional)
            .map(|r| r.id)
            .collect();
        for &id in &waiting {
            change(conn, ev, Who::Director(director), id, Some(&reason), |r| {
                Ok(ResultValues {
                    status: ResultStatus::Confirmed,
                    ..r.values.clone()
                })
            })?;
        }
        Ok(waiting.len())
    })
}

/// A director's ruling on a board: adjusted scores per side, or the board not played or
/// fouled (which may carry adjusted scores too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ruling {
    pub majors: Option<Adjusted>,
    pub minors: Option<Adjusted>,
    /// Not played or fouled; None keeps the result played.
    pub outcome: Option<BoardOutcome>,
}

impl Ruling {
    /// A late pair: the board is not played, the late side gets average-minus and its
    /// opponents average-plus (the usual ruling; the director may give others).
    pub fn late_pair(late: Side) -> Ruling {
        let (majors, minors) = match late {
            Side::Majors => (Adjusted::AveMinus, Adjusted::AvePlus),
            Side::Minors => (Adjusted::AvePlus, Adjusted::AveMinus),
        };
        Ruling {
            majors: Some(majors),
            minors: Some(minors),
            outcome: Some(BoardOutcome::NotPlayed),
        }
    }

    /// The adjusted scores the director gave win over the ruling's usual ones (a late
    /// pair's ave-/ave+); a side not given keeps them.
    pub fn with_scores(self, majors: Option<Adjusted>, minors: Option<Adjusted>) -> Ruling {
        Ruling {
            majors: majors.or(self.majors),
            minors: minors.or(self.minors),
            ..self
        }
    }

    fn check(&self) -> Result<(), EntryError> {
        if self.majors.is_none() && self.minors.is_none() && self.outcome.is_none() {
            return Err(EntryError::Shape(
                "give an adjusted score for a side (ave+, ave, ave- or a percentage), or not played, or fouled".into(),
            ));
        }
        Ok(())
    }
}

/// Applies a ruling to an existing result, with a reason.
pub fn adjust(
    conn: &mut DbConnection,
    ev: &Event,
    director: &str,
    id: ResultId,
    ruling: Ruling,
    reason: Option<&str>,
) -> Result<TableResult, EntryError> {
    ruling.check()?;
    let reason = reason_of(reason)?;
    let current = store::result_of(conn, ev.club_id, ev.id, id)?.ok_or(EntryError::NoResult)?;
    check_open(ev, Who::Director(director), current.place.round)?;
    change(conn, ev, Who::Director(director), id, Some(&reason), |r| {
        let outcome = ruling.outcome.unwrap_or(r.values.outcome);
        let unplayed = outcome != BoardOutcome::Played;
        Ok(ResultValues {
            scores: if unplayed {
                Sides::default()
            } else {
                r.values.scores
            },
            status: ResultStatus::Confirmed,
            outcome,
            adjusted: Sides::new(
                ruling.majors.or(r.values.adjusted.majors),
                ruling.minors.or(r.values.adjusted.minors),
            ),
            report: r.values.report.clone(),
        })
    })
}

/// A ruling for a board with no result yet (not played, fouled, or adjusted scores).
pub fn rule_unplayed(
    conn: &mut DbConnection,
    ev: &Event,
    director: &str,
    place: PlaceAsked,
    ruling: Ruling,
    reason: Option<&str>,
) -> Result<TableResult, EntryError> {
    ruling.check()?;
    let reason = reason_of(reason)?;
    let (game, board) = game_of_place(conn, ev, place)?;
    check_open(ev, Who::Director(director), game.round)?;
    let values = ResultValues {
        scores: Sides::default(),
        status: ResultStatus::Confirmed,
        outcome: ruling.outcome.unwrap_or(BoardOutcome::NotPlayed),
        adjusted: Sides::new(ruling.majors, ruling.minors),
        report: TableReport::none(),
    };
    insert(
        conn,
        ev,
        &game,
        board,
        &values,
        Who::Director(director),
        Some(&reason),
    )
}

/// The event's results, in the order they were entered.
pub fn results_of(conn: &mut DbConnection, ev: &Event) -> Result<Vec<TableResult>, DbError> {
    db::results::results_of(conn, ev.club_id, ev.id)
}

/// The club's open disputes, by event: the navigation's count on every director page.
pub fn open_disputes(conn: &mut DbConnection, club: ClubId) -> Result<OpenDisputes, DbError> {
    db::results::open_disputes(conn, club)
}

/// Every result a table has entered, in any round.
pub fn results_of_table(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    table: u32,
) -> Result<Vec<TableResult>, DbError> {
    db::results::results_of_table(conn, club, event, table)
}

/// The results a table has entered in a round.
pub fn results_at(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    table: u32,
) -> Result<Vec<TableResult>, DbError> {
    db::results::results_at(conn, club, event, round, table)
}

/// One of the event's results.
pub fn result_of(
    conn: &mut DbConnection,
    ev: &Event,
    id: ResultId,
) -> Result<TableResult, FindError> {
    db::results::result_of(conn, ev.club_id, ev.id, id).found()
}

/// The results grid's data: where the event's games come from and its results.
pub fn results_grid(
    conn: &mut DbConnection,
    ev: &Event,
) -> Result<(EventPlay, Vec<TableResult>), DbError> {
    Ok((EventPlay::load(conn, ev)?, results_of(conn, ev)?))
}

/// One result with where its game comes from and its audit trail, oldest first.
pub struct ResultRecord {
    pub result: TableResult,
    pub play: EventPlay,
    pub audit: Vec<(ResultId, AuditEntry)>,
}

pub fn result_record(
    conn: &mut DbConnection,
    ev: &Event,
    id: ResultId,
) -> Result<ResultRecord, FindError> {
    let result = result_of(conn, ev, id)?;
    Ok(ResultRecord {
        audit: db::results::audits_of(conn, &[id])?,
        play: EventPlay::load(conn, ev)?,
        result,
    })
}

/// What the results' JSON names beside each result: the entries, every audit row of the
/// results, and the individual's seatings (who sat on each side), read once for them all.
pub struct ResultsContext {
    pub entries: Vec<Entry>,
    pub audit: Vec<(ResultId, AuditEntry)>,
    pub seated: Option<Vec<IndividualRound>>,
    /// Auction Calypso's rounds of tables of three.
    pub threes: Vec<ThreesRound>,
}

pub fn results_context(
    conn: &mut DbConnection,
    ev: &Event,
    results: &[TableResult],
) -> Result<ResultsContext, DbError> {
    let ids: Vec<ResultId> = results.iter().map(|r| r.id).collect();
    let audit = db::results::audits_of(conn, &ids)?;
    let play = EventPlay::load(conn, ev)?;
    let seated = play.is_individual().then(|| play.seated().to_vec());
    let threes = play.threes().to_vec();
    Ok(ResultsContext {
        entries: play.into_entries_and_movement().0,
        audit,
        seated,
        threes,
    })
}
