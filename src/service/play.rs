//! Play: the movement (made before the start, changed while the event runs), starting a
//! round, and the progressive individual's rounds and table sizes, round seatings and
//! reported cuts. Each runs in one transaction with the event module's rules, writing
//! through `db::movements`, `db::individual` and `db::events`.

use super::{ActionError, ErrorKind, FindError, Found};
use crate::db::{self, DbConnection, DbError, is_unique_violation, now};
use crate::event::clock::{MAX_GAMES, RoundClock, Timing};
use crate::event::club::Club;
use crate::event::entries::{Entry, change_reason};
use crate::event::game::GameKind;
use crate::event::individual::{
    CutError, CutInputs, IndividualOptions, IndividualPlan, IndividualPlanError, SeatingInputs,
    individual_plan, next_seating, options_open, reseat_with_cut,
};
use crate::event::movement::{
    MovementChange, MovementOptions, MovementPatch, PlanError, check_heat_boards, movement_kind,
    movement_open, plan_heat, replan,
};
use crate::event::play::Play;
use crate::event::results::{Place, TableResult};
use crate::event::robot_duplicate;
use crate::event::rounds::{
    OpenGame, Reported, RoundError, next_round, next_round_of, open_games as open_of,
    start_question,
};
use crate::event::scoring_sheet::entry_of;
use crate::event::settings::{EventFormat, EventSettings};
use crate::event::threes::{self, StoredRound, TableScores, ThreesInputs, split_rounds};
use crate::event::{ClubId, Event, EventId};
use crate::movement::threes::ThreesRound;
use crate::movement::{IndividualRound, IndividualTable, Movement, Side};

#[derive(Debug, thiserror::Error)]
pub enum MovementChangeError {
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Refused(#[from] PlanError),
    /// Starting round `round` while games of the rounds started are open, without the
    /// director's confirmation: every open game, named.
    #[error("{}", start_question(*current, open))]
    Unconfirmed {
        round: u32,
        current: u32,
        open: Vec<OpenGame>,
    },
    #[error(transparent)]
    Db(#[from] DbError),
}

/// A refused movement: a conflict when the event's state forbids it (started, not running,
/// a stale round), invalid when it names what is wrong with the options or the reason.
pub(super) fn plan_kind(p: &PlanError) -> ErrorKind {
    match p {
        PlanError::Started
        | PlanError::NotRunning(_)
        | PlanError::NoMovement
        | PlanError::SwitchStarted { .. }
        | PlanError::Round(_) => ErrorKind::Conflict,
        _ => ErrorKind::Invalid,
    }
}

impl ActionError for MovementChangeError {
    fn kind(&self) -> ErrorKind {
        match self {
            MovementChangeError::NotFound => ErrorKind::NotFound,
            MovementChangeError::Refused(p) => plan_kind(p),
            MovementChangeError::Unconfirmed { .. } => ErrorKind::Conflict,
            MovementChangeError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::result::Error> for MovementChangeError {
    fn from(e: diesel::result::Error) -> Self {
        MovementChangeError::Db(e.into())
    }
}

fn event_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Event, MovementChangeError> {
    db::events::event(conn, club, event)?.ok_or(MovementChangeError::NotFound)
}

/// The event's settings with the movement's number of boards (boards are dealt from the key
/// by number, so more boards extend the same set).
fn store_boards(
    conn: &mut DbConnection,
    ev: &Event,
    boards: u32,
) -> Result<(), MovementChangeError> {
    let settings = ev
        .settings
        .with_boards(boards)
        .map_err(|e| PlanError::Invalid(e.to_string()))?;
    Ok(db::events::update_settings(conn, ev.id, &settings)?)
}

/// The boards every heat of the event's sim plays (the organiser's heat's), if the event
/// is a heat.
fn sim_boards(conn: &mut DbConnection, ev: &Event) -> Result<Option<u32>, DbError> {
    let Some(id) = ev.sim else { return Ok(None) };
    let heats = db::sims::heats_of(conn, id)?;
    let boards = match heats.first() {
        Some(h) if h.event == ev.id => ev.settings.boards(),
        Some(h) => match db::events::public_event(conn, h.event)? {
            Some(first) => first.settings.boards(),
            None => return Ok(None),
        },
        None => return Ok(None),
    };
    Ok(Some(u32::from(boards)))
}

/// Generates the movement from the event as it is now (its settings and entries) and the
/// options, stores it, and sets the event's number of boards to the movement's. Only until
/// play starts.
pub fn set_movement(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    options: &MovementOptions,
) -> Result<Movement, MovementChangeError> {
    db::write_transaction(conn, |conn| {
        let ev = event_of(conn, club, event)?;
        if !movement_open(ev.status) {
            return Err(PlanError::Started.into());
        }
        let entries = db::entries::entries_of(conn, club, event)?.len();
        // A heat of a sim plays the sim's boards, no others (`event::movement::plan_heat`).
        let sim_boards = sim_boards(conn, &ev)?;
        let (options, m) = plan_heat(&ev.settings, entries, options, sim_boards)?;
        store_boards(conn, &ev, m.boards)?;
        db::movements::store_movement(conn, event, &options, &m)?;
        Ok(m)
    })
}

/// Changes the movement of a running event: the rounds already started stay as they were,
/// the later ones follow the entries as they are now (late entries, withdrawals) and
/// `options` (the stored options when `None`). Needs a director's reason; the change, its
/// reason and the plan it replaced are recorded. All or nothing.
pub fn change_movement(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    options: Option<&MovementPatch>,
    what: Option<&str>,
    reason: &str,
    changed_by: &str,
) -> Result<Movement, MovementChangeError> {
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, event)?;
        let ev = event_of(conn, club, event)?;
        if !ev.status.is_running() {
            return Err(PlanError::NotRunning(ev.status).into());
        }
        let reason = change_reason(reason).map_err(PlanError::Reason)?;
        let (old_options, old) =
            db::movements::movement_of(conn, club, event)?.ok_or(PlanError::NoMovement)?;
        let options = match options {
            Some(patch) => patch.over(&old_options, &old),
            None => old_options,
        };
        // The record says what the plan became, omitted options included.
        let what = what.map_or_else(|| options.describe(), str::to_string);
        let entries = db::entries::entries_of(conn, club, event)?;
        let played = ev.round.current;
        let m = replan(&ev.settings, &entries, &old, played, &options)?;
        let sim_boards = sim_boards(conn, &ev)?;
        check_heat_boards(sim_boards, u32::from(ev.settings.tables()), &m)?;
        if m.boards != u32::from(ev.settings.boards()) {
            store_boards(conn, &ev, m.boards)?;
        }
        let old_plan =
            serde_json::to_string(&old).map_err(|e| PlanError::Invalid(e.to_string()))?;
        db::movements::update_movement(conn, event, &options, &m, &reason)?;
        let change = MovementChange {
            from_round: played + 1,
            what,
            reason,
            changed_by: changed_by.to_string(),
            changed_at: now(),
            old_plan,
        };
        db::movements::insert_changes(conn, event, &[change])?;
        Ok(m)
    })
}

/// Starts round `round`, which must be the next one the rules allow (so a stale page or a
/// double click does not skip a round). While a game of the rounds started is open (no
/// result, or one still provisional or disputed: see [`open_games`]) it starts only when
/// `confirmed`; otherwise it answers [`MovementChangeError::Unconfirmed`] naming every open
/// game. Both are decided here, in the start's own transaction. Round 1 asked once it is on
/// answers `Ok(1)`: moving the event to running starts it.
pub fn start_round(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    confirmed: bool,
) -> Result<u32, MovementChangeError> {
    start_round_at(conn, club, event, round, confirmed, now())
}

/// [`start_round`] at `now` by the caller's clock (the web's, settable in tests): the
/// round's clock row (`service::clock`) is written with that moment, in the same
/// transaction.
pub fn start_round_at(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    confirmed: bool,
    at: chrono::NaiveDateTime,
) -> Result<u32, MovementChangeError> {
    db::write_transaction(conn, |conn| {
        db::lock_event(conn, event)?;
        let ev = event_of(conn, club, event)?;
        // Starting play started round 1 (see `events::change_status`): asking for it again,
        // from a page or a tool of before, is answered as started, not refused as stale.
        if round == 1 && ev.round.current == 1 && ev.status.is_running() {
            return Ok(1);
        }
        let mut fixed: Option<Movement> = None;
        let play = db::event_play::play_of(conn, event)?;
        let robots = matches!(play, Play::Robots { .. });
        let (next, seating) = if movement_kind(ev.settings.format()).is_none() && !robots {
            // Seated round by round from the results, not from a fixed plan.
            let (next, seating) = individual_round(conn, &ev, round)?;
            (next, Some(seating))
        } else {
            let m = fixed_movement(conn, &ev, &play, None)?;
            let next = next_round(ev.status, &ev.round, m.as_ref()).map_err(PlanError::Round)?;
            if next != round {
                return Err(PlanError::Round(RoundError::Stale { asked: round, next }).into());
            }
            fixed = m;
            (next, None)
        };
        if !confirmed {
            let open = open_games(conn, &ev)?;
            if !open.is_empty() {
                return Err(MovementChangeError::Unconfirmed {
                    round: next,
                    current: ev.round.current,
                    open,
                });
            }
        }
        if let Some(seating) = seating {
            store_individual_round(conn, &ev, round, next, &seating)?;
        }
        // Only from the round just read: of two starts at once (two directors, a double
        // click), the later one finds the round moved on and is told so, not run twice.
        if !db::events::set_current_round(conn, event, ev.round.current, next)? {
            return Err(PlanError::Round(RoundError::Stale {
                asked: round,
                next: next + 1,
            })
            .into());
        }
        // The round's clock, its lengths fixed now (issue #38).
        start_clock(conn, &ev, next, fixed.as_ref(), at)?;
        Ok(next)
    })
}

/// The games (boards) each table plays in `round`: the most any table of the movement
/// plays; one for a progressive individual's table-round.
pub fn games_in_round(m: Option<&Movement>, round: u32) -> u32 {
    m.map_or(1, |m| {
        (1..=m.tables)
            .filter_map(|t| m.seating(round, t).map(|s| s.boards.len() as u32))
            .max()
            .unwrap_or(1)
    })
    .clamp(1, MAX_GAMES)
}

/// Writes round `round`'s clock at its start, inside the start's own transaction: its
/// lengths from the event's timing now, so a later change of timing does not move it
/// (`service::clock` pauses, resumes and extends it).
fn start_clock(
    conn: &mut DbConnection,
    ev: &Event,
    round: u32,
    movement: Option<&Movement>,
    now: chrono::NaiveDateTime,
) -> Result<(), DbError> {
    let stored = db::clocks::timing(conn, ev.club_id, ev.id)?.unwrap_or_default();
    let timing = Timing::of(&ev.settings, stored);
    let clock = RoundClock::start(round, games_in_round(movement, round), timing, now);
    db::clocks::start_clock(conn, ev.id, &clock)
}

#[derive(Debug, thiserror::Error)]
pub enum IndividualChangeError {
    #[error("not found")]
    NotFound,
    #[error("the rounds and table sizes are fixed once round 1 has started")]
    Started,
    #[error(transparent)]
    Refused(#[from] IndividualPlanError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ActionError for IndividualChangeError {
    fn kind(&self) -> ErrorKind {
        match self {
            IndividualChangeError::NotFound => ErrorKind::NotFound,
            IndividualChangeError::Started => ErrorKind::Conflict,
            IndividualChangeError::Refused(_) => ErrorKind::Invalid,
            IndividualChangeError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::result::Error> for IndividualChangeError {
    fn from(e: diesel::result::Error) -> Self {
        IndividualChangeError::Db(e.into())
    }
}

/// Makes the plan from the event as it is now (its tables and individual entries) and the
/// options, stores both, and sets the event's boards to tables × rounds. Until round 1
/// starts.
pub fn set_individual_options(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    options: &IndividualOptions,
) -> Result<IndividualPlan, IndividualChangeError> {
    db::write_transaction(conn, |conn| {
        let ev = db::events::event(conn, club, event)?.ok_or(IndividualChangeError::NotFound)?;
        if !options_open(ev.status, ev.round.current) {
            return Err(IndividualChangeError::Started);
        }
        let players = db::entries::entries_of(conn, club, event)?.len() as u32;
        let plan = individual_plan(&ev.settings, players, options)?;
        let settings =
            ev.settings
                .with_boards(plan.boards())
                .map_err(|_| IndividualPlanError::Boards {
                    boards: plan.boards(),
                })?;
        db::events::update_settings(conn, event, &settings)?;
        db::individual::store_options(conn, event, options, &plan)?;
        Ok(plan)
    })
}

/// The stored rounds of a progressive individual, split by shape (tables of four to six, or
/// Auction Calypso's tables of three).
pub(super) fn seatings(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<(Vec<IndividualRound>, Vec<ThreesRound>), DbError> {
    Ok(split_rounds(db::individual::rounds_of::<StoredRound>(
        conn, club, event,
    )?))
}

/// What round control reads for a progressive individual.
pub struct IndividualState {
    pub options: Option<(IndividualOptions, IndividualPlan)>,
    pub seated: Vec<IndividualRound>,
    pub scores: Vec<(u32, u32, i64, i64)>,
    /// Auction Calypso: the rounds of tables of three, and each table-round's three scores.
    pub threes: Vec<ThreesRound>,
    pub threes_scores: Vec<TableScores>,
    pub players: u32,
    /// The players (an individual's entries), by number.
    pub entries: Vec<Entry>,
}

impl IndividualState {
    /// The rounds planned, for the last-round check.
    pub fn rounds(&self) -> Result<u32, RoundError> {
        self.options
            .as_ref()
            .map(|(_, plan)| plan.rounds)
            .ok_or(RoundError::NoIndividualPlan)
    }

    /// Auction Calypso: the tables of three of the round after the current one.
    pub fn next_threes(&self, ev: &Event) -> Result<ThreesRound, RoundError> {
        threes::next_seating(&ThreesInputs {
            plan: self.options.as_ref().map(|(_, plan)| plan),
            current: ev.round.current,
            seated: &self.threes,
            scores: &self.threes_scores,
        })
    }

    /// The seating of the round after the current one (see [`next_seating`]).
    pub fn next_seating(&self, ev: &Event) -> Result<IndividualRound, RoundError> {
        let (options, _) = self.options.as_ref().ok_or(RoundError::NoIndividualPlan)?;
        next_seating(&SeatingInputs {
            settings: &ev.settings,
            players: self.players,
            options,
            deal: ev.deal.as_ref(),
            current: ev.round.current,
            seated: &self.seated,
            results: &self.scores,
        })
    }
}

pub fn individual_state(conn: &mut DbConnection, ev: &Event) -> Result<IndividualState, DbError> {
    let (club, event) = (ev.club_id, ev.id);
    let entries = db::entries::entries_of(conn, club, event)?;
    let (seated, threes) = seatings(conn, club, event)?;
    let threes_scores = match ev.settings.auction_spec() {
        Some(spec) => threes::table_scores(&spec, &db::results::results_of(conn, club, event)?),
        None => vec![],
    };
    Ok(IndividualState {
        options: db::individual::options_of(conn, club, event)?,
        seated,
        scores: db::individual::scores_of(conn, club, event)?,
        threes,
        threes_scores,
        players: entries.len() as u32,
        entries,
    })
}

/// The seating of round `round` of a progressive individual (inside the caller's
/// transaction): it must be the next one, every table of the current round must have its
/// result, and the round's seating is computed as round control shows it.
fn individual_round(
    conn: &mut DbConnection,
    ev: &Event,
    round: u32,
) -> Result<(u32, StoredRound), MovementChangeError> {
    let st = individual_state(conn, ev)?;
    let next = next_round_of(ev.status, &ev.round, st.rounds()).map_err(PlanError::Round)?;
    if next != round {
        return Err(PlanError::Round(RoundError::Stale { asked: round, next }).into());
    }
    let stored = if ev.settings.game() == GameKind::Auction {
        StoredRound::Threes(st.next_threes(ev).map_err(PlanError::Round)?)
    } else {
        StoredRound::Fours(st.next_seating(ev).map_err(PlanError::Round)?)
    };
    Ok((next, stored))
}

/// Stores the seating of round `next` (inside the caller's transaction).
fn store_individual_round(
    conn: &mut DbConnection,
    ev: &Event,
    round: u32,
    next: u32,
    stored: &StoredRound,
) -> Result<(), MovementChangeError> {
    match db::individual::insert_round(conn, ev.id, next, stored) {
        // Another start of the same round got there first.
        Err(DbError::Query(e)) if is_unique_violation(&e) => {
            Err(PlanError::Round(RoundError::Stale {
                asked: round,
                next: next + 1,
            })
            .into())
        }
        done => Ok(done?),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CutChangeError {
    /// No such event in the club, or not a progressive individual.
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Refused(#[from] CutError),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// A round or table that does not exist is not found, a cut that is not the table's players
/// invalid, a cut that comes too late (or not while running) a conflict.
impl ActionError for CutChangeError {
    fn kind(&self) -> ErrorKind {
        match self {
            CutChangeError::NotFound
            | CutChangeError::Refused(CutError::NoRound(_) | CutError::NoTable { .. }) => {
                ErrorKind::NotFound
            }
            CutChangeError::Refused(CutError::Cut(_)) => ErrorKind::Invalid,
            CutChangeError::Refused(_) => ErrorKind::Conflict,
            CutChangeError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<diesel::result::Error> for CutChangeError {
    fn from(e: diesel::result::Error) -> Self {
        CutChangeError::Db(e.into())
    }
}

/// Applies the cut a table of a progressive individual reported for the round being played
/// (its players, highest first): the stored seating of that round is rewritten with that
/// table re-seated (see [`reseat_with_cut`]). Answers the table's new seating.
pub fn report_cut(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    table: u32,
    cut: Vec<u32>,
) -> Result<IndividualTable, CutChangeError> {
    db::write_transaction(conn, |conn| {
        // As a result's insert does: a result and a cut at the same table queue here, and
        // the second sees the first (a cut after the result is refused).
        db::lock_event(conn, event)?;
        let ev = db::events::event(conn, club, event)?.ok_or(CutChangeError::NotFound)?;
        if ev.settings.format() != EventFormat::ProgressiveIndividual {
            return Err(CutChangeError::NotFound);
        }
        let st = individual_state(conn, &ev)?;
        let updated = reseat_with_cut(
            &CutInputs {
                status: ev.status,
                current: ev.round.current,
                deal: ev.deal.as_ref(),
                seated: &st.seated,
                results: &st.scores,
            },
            round,
            table,
            cut,
        )?;
        db::individual::update_round(conn, event, round, &updated)?;
        updated
            .table(table)
            .cloned()
            .ok_or(CutChangeError::Refused(CutError::NoTable { round, table }))
    })
}

/// What a table plays in a round: its boards and who sits majors and minors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGame {
    pub round: u32,
    pub table: u32,
    pub boards: Vec<u32>,
    /// The pairs' entries (none in the progressive individual).
    pub majors: Option<Entry>,
    pub minors: Option<Entry>,
    /// The players' numbers by side in the progressive individual; at Auction Calypso's
    /// tables of three, the players at positions 1 and 2.
    pub majors_players: Vec<u32>,
    pub minors_players: Vec<u32>,
    /// Auction Calypso: the player at position 3.
    pub third: Option<u32>,
}

/// Where an event's games come from, decided here once for every page, the API and the
/// result check: its fixed movement (Mitchell, team match, progressive pairs), or the
/// progressive individual's stored round seatings.
pub struct EventPlay {
    entries: Vec<Entry>,
    movement: Option<Movement>,
    seated: Vec<IndividualRound>,
    /// Auction Calypso's rounds of tables of three.
    threes: Vec<ThreesRound>,
    individual: bool,
    tables: u32,
    /// The rounds planned (0 before there is a plan).
    pub rounds: u32,
    /// How the event is played (a robot duplicate's plan is made from its entries).
    play: Play,
}

/// The fixed movement an event is played by: a robot duplicate's plan from its entries
/// (`event::robot_duplicate::plan`: no director-made movement), else the stored movement.
fn fixed_movement(
    conn: &mut DbConnection,
    ev: &Event,
    play: &Play,
    entries: Option<&[Entry]>,
) -> Result<Option<Movement>, DbError> {
    if matches!(play, Play::Robots { .. }) {
        let boards = u32::from(ev.settings.boards());
        return Ok(Some(match entries {
            Some(e) => robot_duplicate::plan(e, boards),
            None => {
                robot_duplicate::plan(&db::entries::entries_of(conn, ev.club_id, ev.id)?, boards)
            }
        }));
    }
    Ok(db::movements::movement_of(conn, ev.club_id, ev.id)?.map(|(_, m)| m))
}

impl EventPlay {
    /// Reads the event's entries and seatings once.
    pub fn load(conn: &mut DbConnection, ev: &Event) -> Result<EventPlay, DbError> {
        let (club, id) = (ev.club_id, ev.id);
        let entries = db::entries::entries_of(conn, club, id)?;
        let play = db::event_play::play_of(conn, id)?;
        if movement_kind(ev.settings.format()).is_some() || matches!(play, Play::Robots { .. }) {
            let movement = fixed_movement(conn, ev, &play, Some(&entries))?;
            return Ok(EventPlay {
                entries,
                rounds: movement.as_ref().map_or(0, |m| m.rounds),
                tables: movement.as_ref().map_or(0, |m| m.tables),
                movement,
                seated: vec![],
                threes: vec![],
                individual: false,
                play,
            });
        }
        let rounds = db::individual::options_of(conn, club, id)?.map_or(0, |(_, plan)| plan.rounds);
        let (seated, threes) = seatings(conn, club, id)?;
        Ok(EventPlay {
            entries,
            movement: None,
            rounds,
            seated,
            threes,
            individual: true,
            tables: u32::from(ev.settings.tables()),
            play,
        })
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// How the event is played.
    pub fn play(&self) -> Play {
        self.play
    }

    /// A robot duplicate: scored by matchpoints against the field, its results sealed until
    /// its window closes ([`EventPlay::sealed_until`]).
    pub fn is_robot_duplicate(&self) -> bool {
        matches!(self.play, Play::Robots { .. })
    }

    /// When the results are sealed until (a robot duplicate's window's close).
    pub fn sealed_until(&self) -> Option<chrono::NaiveDateTime> {
        robot_duplicate::sealed_until(&self.play)
    }

    /// The fixed movement (none for the individual, or before one is made).
    pub fn movement(&self) -> Option<&Movement> {
        self.movement.as_ref()
    }

    /// The individual's rounds seated so far (empty for a fixed movement).
    pub fn seated(&self) -> &[IndividualRound] {
        &self.seated
    }

    /// Auction Calypso's rounds of tables of three seated so far.
    pub fn threes(&self) -> &[ThreesRound] {
        &self.threes
    }

    /// Whether the games come from stored seatings (the progressive individual).
    pub fn is_individual(&self) -> bool {
        self.individual
    }

    /// The entries and the movement, for pages that draw from both.
    pub fn into_entries_and_movement(self) -> (Vec<Entry>, Option<Movement>) {
        (self.entries, self.movement)
    }

    /// The tables of the room.
    pub fn tables(&self) -> u32 {
        self.tables
    }

    /// Every game of the plan in rounds 1 to `through` (the rounds started): each table with
    /// a game and each board it plays, in round, table and board order. The progressive
    /// individual's and the tables of three's come from their stored seatings.
    pub fn planned(&self, through: u32) -> Vec<Place> {
        let mut out = vec![];
        for round in 1..=through.min(self.rounds) {
            for table in 1..=self.tables {
                if let Some(g) = self.game_at(round, table) {
                    out.extend(g.boards.iter().map(|&board| Place {
                        round,
                        table,
                        board,
                    }));
                }
            }
        }
        out
    }

    /// Who must agree the result of the game at `table` in `round`, and where they sit in
    /// round `now` (see [`Agreeing`]); none where the table had no game.
    pub fn agreeing(
        &self,
        settings: &EventSettings,
        round: u32,
        table: u32,
        now: u32,
    ) -> Option<Agreeing> {
        let names = settings.side_names();
        let named = |n: u32| {
            self.entries
                .iter()
                .find(|e| e.number == n as i32)
                .map(|e| e.name.clone())
                .unwrap_or_default()
        };
        let mut now_at: Vec<u32>;
        let (side, members) = if let Some(m) = &self.movement {
            let pair = m.seating(round, table).filter(|s| s.has_game())?.minors?;
            let name = entry_of(&self.entries, m, pair).map(|e| e.name.clone());
            now_at = m.place(now, pair).map(|(t, _)| t).into_iter().collect();
            (
                names.minors().to_string(),
                vec![(pair, name.unwrap_or_default())],
            )
        } else if let Some(r) = self.threes.iter().find(|r| r.round() == round) {
            let [_, b, c] = r.table(table)?;
            let here = self.threes.iter().find(|r| r.round() == now);
            now_at = [b, c]
                .iter()
                .filter_map(|&p| here.and_then(|r| r.seat_of(p)).map(|(t, _)| t))
                .collect();
            (
                "Positions 2 and 3".to_string(),
                vec![(b, named(b)), (c, named(c))],
            )
        } else {
            let (_, minors) = individual_sides(&self.seated, round, table)?;
            let here = self.seated.iter().find(|r| r.round == now);
            now_at = minors
                .iter()
                .filter_map(|&p| here.and_then(|r| r.place(p)).map(|(t, _)| t))
                .collect();
            (
                names.minors().to_string(),
                minors.iter().map(|&p| (p, named(p))).collect(),
            )
        };
        now_at.sort_unstable();
        now_at.dedup();
        Some(Agreeing {
            side,
            word: settings.entry_word(),
            members,
            now_at,
        })
    }

    /// What the table plays in that round (none at a phantom's table, or in an individual's
    /// round not seated yet).
    pub fn game_at(&self, round: u32, table: u32) -> Option<TableGame> {
        if let Some(m) = &self.movement {
            let entry = |n: Option<u32>| n.and_then(|n| entry_of(&self.entries, m, n).cloned());
            return m
                .seating(round, table)
                .filter(|s| s.has_game())
                .map(|s| TableGame {
                    round,
                    table,
                    boards: s.boards.clone(),
                    majors: entry(s.majors),
                    minors: entry(s.minors),
                    majors_players: vec![],
                    minors_players: vec![],
                    third: None,
                });
        }
        let board = crate::movement::progressive_board(self.tables, round, table);
        if let Some(r) = self.threes.iter().find(|r| r.round() == round) {
            return r.table(table).map(|[a, b, c]| TableGame {
                round,
                table,
                boards: vec![board],
                majors: None,
                minors: None,
                majors_players: vec![a],
                minors_players: vec![b],
                third: Some(c),
            });
        }
        individual_sides(&self.seated, round, table).map(|(majors_players, minors_players)| {
            TableGame {
                round,
                table,
                boards: vec![board],
                majors: None,
                minors: None,
                majors_players,
                minors_players,
                third: None,
            }
        })
    }
}

/// Who must agree a table's result: the side that did not enter it (the minors, E-W ♦♣ at
/// the default seating; at a table of three, positions 2 and 3), by their numbers, and the
/// tables where they sit in the round being played. Only those tables' phones may answer for
/// them: once they have moved, the pair now at the result's table never played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreeing {
    /// The side as players read it: "E-W ♦♣", or "Positions 2 and 3".
    pub side: String,
    /// What one of them is called: "Pair", or "Player".
    pub word: &'static str,
    /// Their numbers and names (a pair's entry, or each player of an individual's side).
    pub members: Vec<(u32, String)>,
    /// Where they sit in the round being played (none: no table this round).
    pub now_at: Vec<u32>,
}

impl Agreeing {
    /// Whether a table's phone answers for them now.
    pub fn agrees_at(&self, table: u32) -> bool {
        self.now_at.contains(&table)
    }

    /// "pair 10", "players 3 & 7": how a sentence names them.
    pub fn short(&self) -> String {
        let numbers: Vec<String> = self.members.iter().map(|(n, _)| n.to_string()).collect();
        let word = self.word.to_lowercase();
        match numbers.len() {
            1 => format!("{word} {}", numbers[0]),
            _ => format!("{word}s {}", numbers.join(" & ")),
        }
    }

    /// "E-W ♦♣ · Pair 10, Sonia Quamina & Trevor Ramdial": the agree step's heading.
    pub fn named(&self) -> String {
        let who: Vec<String> = self
            .members
            .iter()
            .map(|(n, name)| {
                let sep = if self.members.len() == 1 { ", " } else { " " };
                format!("{} {n}{sep}{name}", self.word)
                    .trim_end_matches([',', ' '])
                    .to_string()
            })
            .collect();
        let who = match who.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => who.join(""),
        };
        format!("{} · {who}", self.side)
    }

    /// "E-W ♦♣ (pair 10)": the audit trail's words.
    pub fn audit(&self) -> String {
        format!("{} ({})", self.side, self.short())
    }

    /// "now at table 1", or that they have no table in the round being played.
    pub fn where_now(&self, round: u32) -> String {
        let tables: Vec<String> = self.now_at.iter().map(u32::to_string).collect();
        match tables.len() {
            0 if self.members.len() == 1 => format!("who has no table in round {round}"),
            0 => format!("who have no table in round {round}"),
            1 => format!("now at table {}", tables[0]),
            _ => format!("now at tables {}", tables.join(" and ")),
        }
    }
}

/// What the table plays in that round, from the movement (or the individual's seating).
pub fn game_at(
    conn: &mut DbConnection,
    ev: &Event,
    round: u32,
    table: u32,
) -> Result<Option<TableGame>, DbError> {
    Ok(EventPlay::load(conn, ev)?.game_at(round, table))
}

/// The progressive individual's players on the majors and the minors side at a table in a
/// round, from the stored seatings.
pub fn individual_sides(
    seated: &[IndividualRound],
    round: u32,
    table: u32,
) -> Option<(Vec<u32>, Vec<u32>)> {
    let t = seated.iter().find(|r| r.round == round)?.table(table)?;
    Some((
        t.side(Side::Majors).players.clone(),
        t.side(Side::Minors).players.clone(),
    ))
}

/// Every game of the rounds started so far that is not accounted for (no result, or a result
/// still provisional or disputed), in round, table and board order: what round control lists,
/// starting a round asks about and finishing refuses (see `event::rounds::OpenState`).
pub fn open_games(conn: &mut DbConnection, ev: &Event) -> Result<Vec<OpenGame>, DbError> {
    let play = EventPlay::load(conn, ev)?;
    let results = db::results::results_of(conn, ev.club_id, ev.id)?;
    Ok(open_in(&play, ev.round.current, &results))
}

/// The same from what is already read.
pub fn open_in(play: &EventPlay, through: u32, results: &[TableResult]) -> Vec<OpenGame> {
    open_of(&play.planned(through), results)
}

/// The event's movement and the options it was made with (none before one is set).
pub fn movement_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Option<(MovementOptions, Movement)>, DbError> {
    db::movements::movement_of(conn, club, event)
}

/// Every change made to the movement while the event ran, oldest first.
pub fn movement_changes(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<MovementChange>, DbError> {
    db::movements::movement_changes(conn, club, event)
}

/// The movement page's record: the event, its entries, the movement and its changes.
pub struct MovementRecord {
    pub event: Event,
    pub entries: Vec<Entry>,
    pub movement: Option<(MovementOptions, Movement)>,
    pub changes: Vec<MovementChange>,
    /// The boards of the simultaneous event the event is a heat of (none: not a heat).
    pub sim_boards: Option<u32>,
}

pub fn movement_record(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
) -> Result<MovementRecord, FindError> {
    let event = db::events::event(conn, club, id).found()?;
    Ok(MovementRecord {
        sim_boards: sim_boards(conn, &event)?,
        event,
        entries: db::entries::entries_of(conn, club, id)?,
        movement: db::movements::movement_of(conn, club, id)?,
        changes: db::movements::movement_changes(conn, club, id)?,
    })
}

/// The progressive individual's options and plan, and the rounds seated so far (tables of
/// four to six, or Auction Calypso's tables of three).
pub type IndividualSeatings = (
    Option<(IndividualOptions, IndividualPlan)>,
    Vec<IndividualRound>,
    Vec<ThreesRound>,
);

pub fn individual_seatings(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<IndividualSeatings, DbError> {
    let (fours, threes) = seatings(conn, club, event)?;
    Ok((
        db::individual::options_of(conn, club, event)?,
        fours,
        threes,
    ))
}

/// The event's table codes by table 1..=`tables`, making the missing ones with `make`.
pub fn table_codes(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    tables: u32,
    make: impl FnMut() -> String,
) -> Result<Vec<(u32, String)>, DbError> {
    db::tables::ensure_codes(conn, club, event, tables, make)
}

/// Every result's round and table, and whether it is disputed (round control's states).
pub fn reported_tables(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<Reported>, DbError> {
    db::movements::reported_tables(conn, club, event)
}

/// The event (its club and id) and the table a table code opens.
pub fn table_of_code(
    conn: &mut DbConnection,
    code: &str,
) -> Result<Option<(ClubId, EventId, u32)>, DbError> {
    db::tables::table_of_code(conn, code)
}

/// Round control of a fixed movement: the movement, the tables that have reported in each
/// round, and the table codes (made for every table of the movement).
pub struct RoundControl {
    pub movement: Option<Movement>,
    pub reported: Vec<Reported>,
    pub codes: Vec<(u32, String)>,
}

pub fn round_control(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    make: impl FnMut() -> String,
) -> Result<RoundControl, DbError> {
    let movement = db::movements::movement_of(conn, club, id)?.map(|(_, m)| m);
    let codes = match &movement {
        Some(m) => db::tables::ensure_codes(conn, club, id, m.tables, make)?,
        None => vec![],
    };
    Ok(RoundControl {
        movement,
        reported: db::movements::reported_tables(conn, club, id)?,
        codes,
    })
}

/// What the table and guide cards are drawn from: the event, its entries, its movement and
/// the codes of its tables (a progressive individual's tables are the event's, a fixed
/// plan's its own; none before a fixed plan exists).
pub struct CardsRecord {
    pub event: Event,
    pub entries: Vec<Entry>,
    pub movement: Option<Movement>,
    pub codes: Vec<(u32, String)>,
}

pub fn cards_record(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    make: impl FnMut() -> String,
) -> Result<CardsRecord, FindError> {
    let event = db::events::event(conn, club, id).found()?;
    let entries = db::entries::entries_of(conn, club, id)?;
    let movement = db::movements::movement_of(conn, club, id)?.map(|(_, m)| m);
    let tables = match (&movement, movement_kind(event.settings.format())) {
        (_, None) => Some(u32::from(event.settings.tables())),
        (Some(m), Some(_)) => Some(m.tables),
        (None, Some(_)) => None,
    };
    let codes = match tables {
        Some(t) => db::tables::ensure_codes(conn, club, id, t, make)?,
        None => vec![],
    };
    Ok(CardsRecord {
        event,
        entries,
        movement,
        codes,
    })
}

/// What a table's page is drawn from: the club, the event, its entries and its movement.
pub struct TableRecord {
    pub club: Club,
    pub event: Event,
    pub entries: Vec<Entry>,
    pub movement: Option<Movement>,
}

pub fn table_record(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
) -> Result<TableRecord, FindError> {
    let event = db::events::event(conn, club, id).found()?;
    let entries = db::entries::entries_of(conn, club, id)?;
    let movement = db::movements::movement_of(conn, club, id)?.map(|(_, m)| m);
    Ok(TableRecord {
        club: db::clubs::club_by_id(conn, club).found()?,
        event,
        entries,
        movement,
    })
}
