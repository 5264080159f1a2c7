//! An event's standings: its stored results read once, made into the scoring sheet by the
//! event's movement (`event::scoring_sheet`) and scored by the same module as `calypso-director
//! score`, so the site, the API and the command line cannot disagree.

use std::collections::BTreeSet;

use serde_json::Value;

use super::play::EventPlay;
use crate::db::{self, DbConnection, DbError};
use crate::event::club::Club;
use crate::event::entries::Entry;
use crate::event::results::{Place, Publication, ResultStatus, TableResult, boards_still_to_play};
use crate::event::robot_duplicate;
use crate::event::scoring_sheet::{
    SheetInputs, entry_of, matchpoint_sheet, outcome_of, scoring_sheet,
};
use crate::event::settings::EntryKind;
use crate::event::standings::{self, EntryNames, EventStandings, Mark, ResultMarks, live};
use crate::event::{ClubId, Event, EventId, Viewer};
use crate::movement::threes::ThreesRound;
use crate::movement::{IndividualRound, Movement};
use crate::scoring::sheet::{Sheet, TableScore};
use crate::scoring::{SheetScores, Standings, score};

/// An event's results as one viewer may see them, with the sheet and standings they give.
#[derive(Clone, Debug)]
pub struct EventScores {
    pub entries: Vec<Entry>,
    pub movement: Option<Movement>,
    /// The progressive individual's seatings (empty for the other formats).
    pub seated: Vec<IndividualRound>,
    /// Auction Calypso's rounds of tables of three.
    pub threes: Vec<ThreesRound>,
    /// The results the sheet was made from (all of them: see `hidden_boards`).
    pub results: Vec<TableResult>,
    pub sheet: Sheet,
    /// What scoring `sheet` found: the pages' views are built from it, not scored again.
    pub report: SheetScores,
    /// What scoring `sheet` gives: exactly what `calypso-director score` prints for it.
    pub standings: Standings,
    /// Whether a result is disputed and not ruled on yet.
    pub any_disputed: bool,
    /// Whether a game of the rounds started has no result nor ruling (see
    /// `event::rounds::OpenState`): the standings are not final over a field missing a game.
    pub any_missing: bool,
    /// The boards whose travellers this viewer may not see yet (some table still has to
    /// play them); their results count in the ranking all the same.
    pub hidden_boards: BTreeSet<u32>,
    /// The rounds planned (0 before there is a plan).
    pub rounds: u32,
    /// A robot duplicate: its E-W side is the robots (pair `robot_duplicate::ROBOTS`).
    pub robot_duplicate: bool,
    /// A robot duplicate's window as this viewer's standings say it (instead of a round).
    pub window: Option<robot_duplicate::WindowLine>,
}

/// The length of a value's JSON text, counted without writing it anywhere: most of what a
/// kept computation holds is these values and their like, so caches weigh it by them.
pub fn json_len(value: &impl serde::Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0 += b.len();
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut n = Count(0);
    let _ = serde_json::to_writer(&mut n, value);
    n.0
}

impl EventScores {
    /// About how many bytes these scores hold, for a cache's budget: the standings' JSON
    /// size three times (the standings, the sheet and the report it was scored into hold
    /// much the same), every result's report, and a share per entry, result and seating.
    pub fn approx_bytes(&self) -> usize {
        let reports: usize = self
            .results
            .iter()
            .map(|r| json_len(r.values.report.json()) + 256)
            .sum();
        let rows = self.movement.as_ref().map_or(0, |m| m.schedule.len());
        json_len(&self.standings) * 3
            + reports
            + (self.entries.len() + rows + self.seated.len() + self.threes.len()) * 256
    }

    /// Provisional while the results may still be corrected, and after that while a disputed
    /// result waits for the director: a result nobody disputed is final when the correction
    /// period ends.
    pub fn provisional(&self, publication: Publication) -> bool {
        self.any_disputed || self.any_missing || publication != Publication::Final
    }

    /// The standings as the API answers them: `score`'s output and `"provisional"`.
    pub fn standings_json(&self, publication: Publication) -> Value {
        let mut out = self
            .standings
            .without_boards(&self.hidden_boards)
            .to_value();
        if let Value::Object(m) = &mut out {
            m.insert(
                "provisional".into(),
                Value::Bool(self.provisional(publication)),
            );
        }
        out
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StandingsError {
    #[error(transparent)]
    Db(#[from] DbError),
    /// The stored results make a sheet the scoring module refuses (a corrupt row).
    #[error("the stored results cannot be scored: {0}")]
    Sheet(#[from] crate::scoring::SheetError),
    /// The view of scored results refuses them (a mark naming no result of the sheet).
    #[error("the standings cannot be shown: {0}")]
    View(String),
}

/// The event's standings as `viewer` may see them: every result counts in the ranking at
/// once. While a fixed movement's board still has tables to play it, its traveller (the
/// scores at each table) is hidden from the public, which would tell those tables what is
/// coming; the club's directors see everything.
pub fn event_scores(
    conn: &mut DbConnection,
    ev: &Event,
    viewer: Viewer,
) -> Result<EventScores, StandingsError> {
    event_scores_at(conn, ev, viewer, super::now())
}

/// [`event_scores`] at `now` (the room clock): a robot duplicate's results are sealed from
/// all but the club's directors until its window closes (`Exposure::standings_visible`),
/// so for anyone else the scores are made from no results at all: no ranking, traveller or
/// scorecard can tell a later player how the cards lie.
pub fn event_scores_at(
    conn: &mut DbConnection,
    ev: &Event,
    viewer: Viewer,
    now: chrono::NaiveDateTime,
) -> Result<EventScores, StandingsError> {
    let (club, id) = (ev.club_id, ev.id);
    let play = EventPlay::load(conn, ev)?;
    let robot_duplicate = play.is_robot_duplicate();
    let exposure = ev.exposure().sealed_at(play.sealed_until(), now);
    let window = play
        .play()
        .window()
        .map(|w| robot_duplicate::WindowLine::at(w, now, !exposure.standings_visible(viewer)));
    let results = if exposure.standings_visible(viewer) {
        db::results::results_of(conn, club, id)?
    } else {
        vec![]
    };
    let seated = play.seated().to_vec();
    let threes = play.threes().to_vec();
    let rounds = play.rounds;
    let any_missing = super::play::open_in(&play, ev.round.current, &results)
        .iter()
        .any(|g| g.state.blocks_finishing());
    let (entries, movement) = play.into_entries_and_movement();
    let still = boards_still_to_play(movement.as_ref(), &results);
    let hidden_boards = if exposure.board_results_visible(viewer, false) {
        still
            .into_iter()
            .filter(|&b| !exposure.board_results_visible(viewer, true) && b > 0)
            .collect()
    } else {
        // No board's results are shown yet (a heat of a sim before the field's release).
        (1..=u32::from(ev.settings.boards())).collect()
    };
    let inputs = SheetInputs {
        settings: &ev.settings,
        entries: &entries,
        movement: movement.as_ref(),
        seated: &seated,
        threes: &threes,
        results: &results,
    };
    // A robot duplicate is matchpointed against the field whatever its format says.
    let sheet = if robot_duplicate {
        matchpoint_sheet(&inputs)
    } else {
        scoring_sheet(&inputs)
    };
    let mut scored = score(&sheet)?;
    if robot_duplicate {
        robot_duplicate::entrants_only(&mut scored);
    }
    let any_disputed = results
        .iter()
        .any(|r| r.values.status == ResultStatus::Disputed);
    Ok(EventScores {
        entries,
        movement,
        seated,
        threes,
        results,
        sheet,
        report: scored.report,
        standings: scored.standings,
        any_disputed,
        any_missing,
        hidden_boards,
        rounds,
        robot_duplicate,
        window,
    })
}

/// The event's version: what computed standings are kept against (one primary-key read;
/// the database moves it on with every write to the event). None: no such event.
pub fn event_version(conn: &mut DbConnection, id: EventId) -> Result<Option<i64>, DbError> {
    db::events::event_version(conn, id)
}

/// When the event's results are sealed until (a robot duplicate's window's close; see
/// `visibility::Exposure::sealed_at`): one primary-key read.
pub fn sealed_until(
    conn: &mut DbConnection,
    id: EventId,
) -> Result<Option<chrono::NaiveDateTime>, DbError> {
    Ok(robot_duplicate::sealed_until(&db::event_play::play_of(
        conn, id,
    )?))
}

/// The club, the event and its scores as `viewer` may see them, with the version read
/// before any of them: whatever is written after that read moves the version on, so what
/// is kept under it is at worst newer than it, never older. None: the event or its club
/// is gone.
pub fn versioned_scores(
    conn: &mut DbConnection,
    club_id: ClubId,
    id: EventId,
    viewer: Viewer,
    now: chrono::NaiveDateTime,
) -> Result<Option<(i64, Club, Event, EventScores)>, StandingsError> {
    let Some(version) = db::events::event_version(conn, id)? else {
        return Ok(None);
    };
    let (Some(club), Some(ev)) = (
        db::clubs::club_by_id(conn, club_id)?,
        db::events::event(conn, club_id, id)?,
    ) else {
        return Ok(None);
    };
    let scores = event_scores_at(conn, &ev, viewer, now)?;
    Ok(Some((version, club, ev, scores)))
}

/// The names the standings show: entries by number (a team match's four pairs by their
/// team), or the individual's players.
pub fn names_of(ev: &Event, scores: &EventScores) -> EntryNames {
    let mut names = match ev.settings.entry_kind() {
        EntryKind::Individual => EntryNames::players(),
        _ => EntryNames::pairs(),
    };
    for e in &scores.entries {
        if let Ok(n) = u32::try_from(e.number) {
            names = names.with(n, &e.name);
        }
    }
    if scores.robot_duplicate {
        names = names.with(robot_duplicate::ROBOTS, "Robots");
    }
    let movement = scores.movement.as_ref();
    // A duplicate coöperative's minors pair T+t is table t's entry, as its majors pair t is.
    if let Some(m) = movement.filter(|m| m.kind == crate::movement::MovementKind::Simultaneous) {
        for pair in m.tables + 1..=m.pairs.min(2 * m.tables) {
            if let Some(e) = entry_of(&scores.entries, m, pair) {
                names = names.with(pair, &e.name);
            }
        }
    }
    if let Some((m, teams)) = movement.and_then(|m| m.teams.as_ref().map(|t| (m, t))) {
        for (label, pairs) in [("A", &teams.a), ("B", &teams.b)] {
            // The team entry a pair stands for, as the results name it.
            let team = pairs
                .first()
                .and_then(|p| entry_of(&scores.entries, m, *p))
                .map(|e| e.name.clone())
                .unwrap_or_else(|| format!("Team {label}"));
            names = names.with_team(label, &team);
            for (pair, side) in pairs.iter().zip(["majors", "minors"]) {
                names = names.with(*pair, &format!("{team} ({side})"));
            }
        }
    }
    names
}

/// Provisional and disputed results, as the standings mark them: only results that give a
/// line of the sheet.
pub fn marks_of(scores: &EventScores) -> ResultMarks {
    let mut marks = ResultMarks::new();
    let tally = matches!(scores.sheet, Sheet::Tally { .. });
    for r in &scores.results {
        let Some(mark) = Mark::of_status(r.values.status) else {
            continue;
        };
        let Place {
            round,
            table,
            board,
        } = r.place;
        match outcome_of(r) {
            Some(TableScore::Scored { .. }) if tally => {
                marks.mark_table(round, table, mark);
            }
            Some(_) if !tally => {
                marks.mark(round, table, board, mark);
            }
            _ => {}
        }
    }
    marks
}

/// The standings view of the event's scores at `now`, built from the scoring the standings
/// came from.
pub fn view_of(
    ev: &Event,
    scores: &EventScores,
    now: chrono::NaiveDateTime,
) -> Result<EventStandings, StandingsError> {
    let names = names_of(ev, scores);
    let marks = marks_of(scores);
    let mut view = standings::build_from(&scores.sheet, &scores.report, &names, &marks)
        .map_err(StandingsError::View)?;
    if let Sheet::Tally { games } = &scores.sheet {
        // Each game of a progressive is its own board: its traveller has one line.
        let boards = scores
            .results
            .iter()
            .map(|r| ((r.place.round, r.place.table), r.place.board))
            .collect();
        view.travellers = standings::tally_travellers(games, &boards, &names, &marks);
    }
    view.provisional = scores.provisional(ev.publication(now));
    let plan = match &scores.movement {
        Some(m) => live::plan_of_movement(m),
        None if !scores.threes.is_empty() => live::plan_of_threes(&scores.threes),
        None => live::plan_of_seatings(&scores.seated),
    };
    let clock = live::Clock {
        current_round: ev.round.current,
        rounds: scores.rounds,
        running: ev.status.is_running(),
    };
    live::follow_the_room(&mut view, &scores.hidden_boards, &plan, clock, &names);
    if let Some(w) = scores.window {
        // One round each entrant plays when they like: the window, not a round count.
        view.progress = None;
        view.window = Some(w);
    }
    Ok(view)
}

/// An event's results with what the page needs to show them: the boards still to be played
/// at some table, and the progressive individual's seatings (its sides are players). The
/// deal viewer's traveller reads the same.
pub struct EventResults {
    pub results: Vec<TableResult>,
    pub still_to_play: BTreeSet<u32>,
    pub seated: Option<Vec<IndividualRound>>,
    /// Auction Calypso's rounds of tables of three.
    pub threes: Vec<ThreesRound>,
    /// When the results are sealed until (a robot duplicate's window's close): the pages
    /// take it into the exposure (`Exposure::sealed_at`).
    pub sealed_until: Option<chrono::NaiveDateTime>,
}

pub fn played_of(c: &mut DbConnection, ev: &Event) -> Result<EventResults, DbError> {
    let results = db::results::results_of(c, ev.club_id, ev.id)?;
    if results.is_empty() {
        return Ok(EventResults {
            results,
            still_to_play: BTreeSet::new(),
            seated: None,
            threes: vec![],
            sealed_until: sealed_until(c, ev.id)?,
        });
    }
    let play = EventPlay::load(c, ev)?;
    Ok(EventResults {
        still_to_play: boards_still_to_play(play.movement(), &results),
        seated: play.is_individual().then(|| play.seated().to_vec()),
        threes: play.threes().to_vec(),
        sealed_until: play.sealed_until(),
        results,
    })
}

/// An entry's games as their tables reported them, for a scorecard of games played hand by
/// hand (Embers, Auction): each game's place, where the entry sat (0 for the majors and 1 for
/// the minors; at a table of three its position, 0 to 2), and the report. Results the
/// scorecard does not show as scored are left for it to skip.
pub fn reports_of_entry(
    c: &mut DbConnection,
    ev: &Event,
    number: u32,
) -> Result<Vec<(Place, usize, crate::event::results::TableReport)>, DbError> {
    let play = EventPlay::load(c, ev)?;
    let Some(entry) = play
        .entries()
        .iter()
        .find(|e| u32::try_from(e.number).ok() == Some(number))
        .cloned()
    else {
        return Ok(Vec::new());
    };
    let threes = play.threes().to_vec();
    Ok(db::results::results_of(c, ev.club_id, ev.id)?
        .into_iter()
        .filter_map(|r| {
            let at = if threes.is_empty() {
                if r.sides.majors == Some(entry.id) {
                    Some(0)
                } else {
                    (r.sides.minors == Some(entry.id)).then_some(1)
                }
            } else {
                threes
                    .iter()
                    .find(|t| t.round() == r.place.round)
                    .and_then(|t| t.table(r.place.table))
                    .and_then(|p| p.iter().position(|&q| q == number))
            };
            at.map(|at| (r.place, at, r.values.report))
        })
        .collect())
}
