//! An event export read back (`docs/export-format.md`), and what it must be before anything
//! is written: the same rules the pages and the API apply, checked on the whole file. A file
//! is untrusted input: an event a director could never have made (a draft with results, a
//! round past the plan, a movement the one validator refuses) is refused here, naming the
//! field by its path in the file, so nothing downstream ever sizes its work by a number the
//! file made up. Pure: the document's types are `event::export`'s, the writing is in
//! `db::archive`, the engine's re-check in `service::archive`.

use std::collections::BTreeSet;

use super::club::{ValueError, membership_number, person_name, text_value};
use super::entries::{
    EntryDraft, EntryError, EntryKind, PlayerChoice, change_reason, check_change_after_start,
    check_draft,
};
use super::export::{DealJson, EventDocument, FORMAT, PlayerJson, ResultJson, TIME};
use super::individual::individual_plan;
use super::individual::{IndividualOptions, IndividualPlan};
use super::lifecycle::{EventStatus, MAX_REASON};
use super::movement::MovementChange;
use super::movement::{MovementOptions, movement_kind, plan as movement_plan};
use super::results::BoardOutcome;
use super::results::{
    Adjusted, AuditEntry, AuditValues, ResultStatus, ResultValues, Sides, TableReport,
};
use super::scoring_sheet::entry_number;
use super::settings::{EventSettings, SettingsDraft};
use super::threes::StoredRound;
use super::{DealKey, PublishedCommitment, Withdrawal};
use crate::movement::individual::validate_round;
use crate::movement::threes::{self, ThreesRound};
use crate::movement::{MAX_TABLES, Movement, Seating, progressive_board, validate};
use chrono::NaiveDateTime;
use serde_json::Value;

/// The largest file `import` reads: a whole evening of 100 tables is a few megabytes.
pub const MAX_FILE_BYTES: usize = 32 << 20;
/// Most entries an event can have: 100 tables of six individual players.
const MAX_ENTRIES: usize = 6 * MAX_TABLES as usize;
/// Most audit rows one result may carry, movement changes and commitments an event may have.
const MAX_HISTORY: usize = 1_000;
/// Who entered or changed something: a director's name or a table's label.
const MAX_WHO: usize = 200;
/// An entry's name: up to three players' names joined.
const MAX_ENTRY_NAME: usize = 320;
/// A description of a movement change ("late entry 10: Ann Lee & Bob Ray").
const MAX_WHAT: usize = 600;
/// A stored report or an audit row's values, as JSON text.
const MAX_REPORT: usize = 64 * 1024;

fn field(path: impl Into<String>, problem: impl Into<String>) -> ImportError {
    ImportError::Field {
        path: path.into(),
        problem: problem.into(),
    }
}

/// Text as the pages store it: trimmed, within `max`, without control characters.
fn text(path: &str, s: &str, what: &'static str, max: usize) -> Result<(), ImportError> {
    as_stored(path, s, text_value(s, what, max), what)
}

/// `given` passed a page's value rule (`checked`) and is what that rule stores, unchanged.
fn as_stored(
    path: &str,
    given: &str,
    checked: Result<String, ValueError>,
    what: &str,
) -> Result<(), ImportError> {
    match checked {
        Ok(t) if t == given => Ok(()),
        Ok(_) => Err(field(path, format!("{what} has spaces around it"))),
        Err(e) => Err(field(path, e.to_string())),
    }
}

/// Checks a read file as a whole. The first problem found is returned.
pub fn check(p: &ImportPlan) -> Result<(), ImportError> {
    let rounds = planned_rounds(p)?;
    event_state(p, rounds)?;
    deal(p)?;
    entries(p, rounds)?;
    if let Some((options, plan)) = &p.movement {
        movement(p, options, plan)?;
    }
    individual(p)?;
    results(p)?;
    Ok(())
}

/// The rounds the event's plan has (0 without a plan), after checking that the plan is the
/// kind the format plays: a movement, or the individual's seatings.
fn planned_rounds(p: &ImportPlan) -> Result<u32, ImportError> {
    let format = p.settings.format();
    match movement_kind(format) {
        Some(_) => {
            if p.individual.is_some() {
                return Err(field(
                    "individual",
                    format!(
                        "a {} event has a movement, not a progressive individual's seatings",
                        format.label()
                    ),
                ));
            }
            Ok(p.movement.as_ref().map_or(0, |(_, m)| m.rounds))
        }
        None => {
            if p.movement.is_some() {
                return Err(field(
                    "movement",
                    "a progressive individual is seated round by round: it has no fixed movement",
                ));
            }
            Ok(p.individual.as_ref().map_or(0, |(_, plan, _)| plan.rounds))
        }
    }
}

/// The status agrees with what the file holds: nothing played before play, the round within
/// the plan, the round's start and the finish present exactly when they must be.
fn event_state(p: &ImportPlan, rounds: u32) -> Result<(), ImportError> {
    let status = p.status;
    let current = p.current_round;
    if current > rounds {
        return Err(field(
            "event.current_round",
            format!(
                "round {current} is being played, but the event's plan has {rounds} round{}",
                if rounds == 1 { "" } else { "s" }
            ),
        ));
    }
    if status.before_play() {
        let what = format!("a {status} event");
        if current != 0 {
            return Err(field(
                "event.current_round",
                format!("{what} has started no round, the file has round {current}"),
            ));
        }
        if !p.results.is_empty() {
            return Err(field(
                "results",
                format!("{what} has no results, the file has {}", p.results.len()),
            ));
        }
        if !p.movement_changes.is_empty() {
            return Err(field(
                "movement.changes",
                format!("{what}'s movement has not changed after a start"),
            ));
        }
    }
    if let Some(last) = p.results.iter().map(|r| r.round).max()
        && i64::from(last) > i64::from(current)
    {
        return Err(field(
            "event.current_round",
            format!(
                "a result of round {last} is in the file, but round {current} is the last started"
            ),
        ));
    }
    match (current, &p.round_started_at) {
        (0, Some(_)) => {
            return Err(field(
                "event.round_started_at",
                "no round has started (current_round is 0), but the file says when one did",
            ));
        }
        (n, None) if n > 0 => {
            return Err(field(
                "event.round_started_at",
                format!("round {n} has started, but the file does not say when"),
            ));
        }
        _ => {}
    }
    let finished = matches!(status, EventStatus::Finished | EventStatus::Archived);
    match (&p.finished_at, finished) {
        (None, true) => {
            return Err(field(
                "event.finished_at",
                format!("a {status} event was marked finished at a time the file does not give"),
            ));
        }
        (Some(_), false) => {
            return Err(field(
                "event.finished_at",
                format!("a {status} event has not been finished"),
            ));
        }
        _ => {}
    }
    if p.hand_records_released && !status.over() {
        return Err(field(
            "deal.hand_records_released",
            format!("hand records are released once play is over, not while the event is {status}"),
        ));
    }
    Ok(())
}

/// An event that has left draft has its key and its commitment on the public record; the
/// record's last commitment is the current one and every earlier one was withdrawn.
fn deal(p: &ImportPlan) -> Result<(), ImportError> {
    let Some(deal) = &p.deal else {
        if p.status != EventStatus::Draft || !p.results.is_empty() || p.current_round > 0 {
            return Err(field(
                "deal",
                format!(
                    "a {} event has its deal key (boards are dealt from it), the file has none",
                    p.status
                ),
            ));
        }
        if !p.commitments.is_empty() {
            return Err(field(
                "deal.commitments",
                "commitments are published for an event's key, and the file has no key",
            ));
        }
        return Ok(());
    };
    if p.commitments.len() > MAX_HISTORY {
        return Err(field(
            "deal.commitments",
            format!(
                "at most {MAX_HISTORY} commitments, the file has {}",
                p.commitments.len()
            ),
        ));
    }
    let Some(last) = p.commitments.last() else {
        if p.status.public() {
            return Err(field(
                "deal.commitments",
                format!(
                    "a {} event's commitment has been public: the record has it, the file's is empty",
                    p.status
                ),
            ));
        }
        return Ok(());
    };
    for (i, c) in p.commitments.iter().enumerate() {
        let path = format!("deal.commitments[{i}]");
        let is_last = i + 1 == p.commitments.len();
        match &c.withdrawn {
            None if !is_last => {
                return Err(field(
                    path,
                    "only the last commitment is current: every earlier one was withdrawn by a redeal",
                ));
            }
            Some(_) if is_last => {
                return Err(field(
                    path,
                    "the last commitment is the current one: it is not withdrawn",
                ));
            }
            Some(w) => text(
                &format!("{path}.withdrawn_reason"),
                &w.reason,
                "the reason",
                MAX_REASON,
            )?,
            None => {}
        }
    }
    if !last.commitment.eq_ignore_ascii_case(&deal.commitment) {
        return Err(field(
            "deal.commitments",
            format!(
                "the current commitment on record is {}, the event's is {}",
                last.commitment, deal.commitment
            ),
        ));
    }
    Ok(())
}

/// Each entry as the entry forms make it: its players for its kind, names within their
/// lengths, and late entries and withdrawals only where the format takes them, from a round
/// within the plan that had not yet started when they were recorded.
fn entries(p: &ImportPlan, rounds: u32) -> Result<(), ImportError> {
    let format = p.settings.format();
    if p.entries.len() > MAX_ENTRIES {
        return Err(field(
            "entries",
            format!(
                "an event has at most {MAX_ENTRIES} entries, the file has {}",
                p.entries.len()
            ),
        ));
    }
    let count = p.entries.len() as i32;
    for (i, e) in p.entries.iter().enumerate() {
        let at = format!("entries[{i}]");
        // The movement seats entries by number, so they are 1, 2, ... without a gap.
        if !(1..=count).contains(&e.number) {
            return Err(field(
                format!("{at}.number"),
                format!(
                    "the {count} entries are numbered 1 to {count}, not {}",
                    e.number
                ),
            ));
        }
        text(
            &format!("{at}.name"),
            &e.name,
            "the entry's name",
            MAX_ENTRY_NAME,
        )?;
        let draft = EntryDraft {
            kind: e.kind,
            name: (e.kind == EntryKind::Team).then(|| e.name.clone()),
            players: e
                .players
                .iter()
                .map(|pl| PlayerChoice::Guest(pl.name.clone()))
                .collect(),
        };
        check_draft(&p.settings, &draft).map_err(|err| match err {
            EntryError::PlayerCount {
                kind,
                expected,
                given,
            } => field(
                format!("{at}.players"),
                format!(
                    "{} {kind} has {expected} player{}, the file has {given}",
                    if kind == EntryKind::Individual {
                        "an"
                    } else {
                        "a"
                    },
                    if expected == 1 { "" } else { "s" }
                ),
            ),
            EntryError::PartnershipSize(given) => field(
                format!("{at}.players"),
                format!("a progressive partnership has 2 or 3 players, the file has {given}"),
            ),
            EntryError::Guest { position, problem } => field(
                format!("{at}.players[{}].name", position - 1),
                problem.to_string(),
            ),
            EntryError::TeamName(problem) => field(format!("{at}.name"), problem.to_string()),
            other => field(at.clone(), other.to_string()),
        })?;
        for (k, pl) in e.players.iter().enumerate() {
            let path = format!("{at}.players[{k}]");
            as_stored(
                &format!("{path}.name"),
                &pl.name,
                person_name(&pl.name),
                "the name",
            )?;
            match (&pl.membership_number, pl.roster) {
                (None, _) => {}
                (Some(_), false) => {
                    return Err(field(
                        format!("{path}.membership_number"),
                        "a guest has no membership number (only the club's roster players do)",
                    ));
                }
                (Some(n), true) => match membership_number(n) {
                    Ok(Some(m)) if &m == n => {}
                    _ => {
                        return Err(field(
                            format!("{path}.membership_number"),
                            ValueError::MembershipNumber.to_string(),
                        ));
                    }
                },
            }
        }
        let (joined, withdrawn) = (e.joined_round, e.withdrawn_round);
        if joined.is_none() && withdrawn.is_none() {
            continue;
        }
        if let Err(refused) = check_change_after_start(EventStatus::Running, format) {
            return Err(field(at, refused.to_string()));
        }
        if p.status.before_play() {
            return Err(field(
                at,
                format!(
                    "a late entry or a withdrawal is recorded after the start, and the event is {}",
                    p.status
                ),
            ));
        }
        // Recorded from the round after the one being played, and within the plan.
        let latest = rounds.min(p.current_round + 1);
        for (name, round) in [("joined_round", joined), ("withdrawn_round", withdrawn)] {
            if let Some(r) = round
                && !(1..=latest).contains(&r)
            {
                return Err(field(
                    format!("{at}.{name}"),
                    format!(
                        "round {r} is not a round this entry could join or leave: 1 to {latest}"
                    ),
                ));
            }
        }
        if let (Some(j), Some(w)) = (joined, withdrawn)
            && w <= j
        {
            return Err(field(
                format!("{at}.withdrawn_round"),
                format!("withdrew from round {w} on, but joined only in round {j}"),
            ));
        }
    }
    Ok(())
}

/// The movement is the kind the format plays, for the event's tables, boards and entries;
/// it passes the one validator; unchanged since the start, it is exactly what its options
/// make; and a late entry or a withdrawal is absent where it takes no part.
fn movement(p: &ImportPlan, options: &MovementOptions, m: &Movement) -> Result<(), ImportError> {
    let s = &p.settings;
    let format = s.format();
    if Some(m.kind) != movement_kind(format) {
        return Err(field(
            "movement.plan.kind",
            format!(
                "a {} event plays another movement than {}",
                format.label(),
                m.kind.name()
            ),
        ));
    }
    validate(m).map_err(|v| {
        let listed: Vec<String> = v.iter().take(3).map(ToString::to_string).collect();
        let more = v.len().saturating_sub(3);
        field(
            "movement.plan",
            format!(
                "the movement breaks its rules: {}{}",
                listed.join("; "),
                if more > 0 {
                    format!(" (and {more} more)")
                } else {
                    String::new()
                }
            ),
        )
    })?;
    let pairs = match format {
        super::EventFormat::TeamMatch => {
            if p.entries.len() != 2 {
                return Err(field(
                    "entries",
                    format!(
                        "a team match has its 2 teams, the file has {} entries",
                        p.entries.len()
                    ),
                ));
            }
            4
        }
        _ => {
            if m.tables != u32::from(s.tables()) {
                return Err(field(
                    "movement.plan.tables",
                    format!(
                        "the event has {} tables, the movement {}",
                        s.tables(),
                        m.tables
                    ),
                ));
            }
            // A duplicate coöperative's entry is a table of four: two pairs.
            let per_entry = if format == super::EventFormat::DuplicateCooperative {
                2
            } else {
                1
            };
            per_entry * p.entries.len() as u32
        }
    };
    if m.pairs != pairs {
        return Err(field(
            "movement.plan.pairs",
            format!(
                "the movement seats {} pairs, the event's entries make {pairs}",
                m.pairs
            ),
        ));
    }
    if m.boards != u32::from(s.boards()) {
        return Err(field(
            "movement.plan.boards",
            format!(
                "the event has {} boards, the movement plays {}",
                s.boards(),
                m.boards
            ),
        ));
    }
    if p.movement_changes.is_empty() {
        let made = movement_plan(s, p.entries.len(), options)
            .map_err(|e| field("movement.options", e.to_string()))?;
        if &made != m {
            return Err(field(
                "movement.plan",
                "not the movement its options make for the event's entries (and no change after the start is recorded)",
            ));
        }
    }
    if p.movement_changes.len() > MAX_HISTORY {
        return Err(field(
            "movement.changes",
            format!(
                "at most {MAX_HISTORY} changes, the file has {}",
                p.movement_changes.len()
            ),
        ));
    }
    for (i, c) in p.movement_changes.iter().enumerate() {
        let at = format!("movement.changes[{i}]");
        let latest = m.rounds.min(p.current_round + 1);
        if !(1..=latest).contains(&c.from_round) {
            return Err(field(
                format!("{at}.from_round"),
                format!(
                    "a change applies from a round not yet started: 1 to {latest}, not {}",
                    c.from_round
                ),
            ));
        }
        text(&format!("{at}.what"), &c.what, "what changed", MAX_WHAT)?;
        as_stored(
            &format!("{at}.reason"),
            &c.reason,
            change_reason(&c.reason),
            "the reason",
        )?;
        text(
            &format!("{at}.changed_by"),
            &c.changed_by,
            "who changed it",
            MAX_WHO,
        )?;
        let old: Movement = serde_json::from_str(&c.old_plan)
            .map_err(|e| field(format!("{at}.old_plan"), format!("not a movement: {e}")))?;
        if old.kind != m.kind || validate(&old).is_err() {
            return Err(field(
                format!("{at}.old_plan"),
                "the plan replaced is not a valid movement of the event's kind",
            ));
        }
    }
    if !matches!(
        format,
        super::EventFormat::TeamMatch | super::EventFormat::DuplicateCooperative
    ) {
        for (i, e) in p.entries.iter().enumerate() {
            let pair = e.number as u32;
            for round in 1..=m.rounds {
                let away = e.joined_round.is_some_and(|j| round < j)
                    || e.withdrawn_round.is_some_and(|w| round >= w);
                if away && m.place(round, pair).is_some() {
                    return Err(field(
                        format!("entries[{i}]"),
                        format!(
                            "entry {pair} takes no part in round {round}, but the movement seats it"
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The individual's plan is what its options make for the event, and every started round
/// is seated, numbered in order, by the round rules.
fn individual(p: &ImportPlan) -> Result<(), ImportError> {
    // Without seatings the plan has no rounds, and `event_state` allows none started.
    let Some((options, plan, rounds)) = &p.individual else {
        return Ok(());
    };
    let made = individual_plan(&p.settings, p.entries.len() as u32, options)
        .map_err(|e| field("individual.options", e.to_string()))?;
    if &made != plan {
        return Err(field(
            "individual.plan",
            "not the plan its options make for the event's tables and players",
        ));
    }
    if rounds.len() != p.current_round as usize {
        return Err(field(
            "individual.rounds",
            format!(
                "every started round is seated: round {} is the last started, the file seats {}",
                p.current_round,
                rounds.len()
            ),
        ));
    }
    let threes = p.settings.auction_spec();
    for (i, stored) in rounds.iter().enumerate() {
        let at = format!("individual.rounds[{i}]");
        if stored.round() != i as u32 + 1 {
            return Err(field(
                format!("{at}.round"),
                format!(
                    "the seatings are rounds 1, 2, ... in order: round {} here",
                    stored.round()
                ),
            ));
        }
        let r = match (stored, &threes) {
            (StoredRound::Fours(r), None) => r,
            (StoredRound::Threes(r), Some(_)) => {
                threes_round(plan, r, &at)?;
                continue;
            }
            (StoredRound::Fours(_), Some(_)) => {
                return Err(field(at, "an Auction Calypso event seats tables of three"));
            }
            (StoredRound::Threes(_), None) => {
                return Err(field(
                    at,
                    "tables of three are Auction Calypso's: this event seats four to six a table",
                ));
            }
        };
        if r.players != plan.players || r.tables.len() as u32 != plan.tables() {
            return Err(field(
                at,
                format!(
                    "the plan seats {} players at {} tables, this round {} at {}",
                    plan.players,
                    plan.tables(),
                    r.players,
                    r.tables.len()
                ),
            ));
        }
        validate_round(r).map_err(|v| {
            let listed: Vec<String> = v.iter().take(3).map(ToString::to_string).collect();
            field(
                at.clone(),
                format!("the seating breaks its rules: {}", listed.join("; ")),
            )
        })?;
        if r.round == 1 && r.table_sizes() != plan.table_sizes {
            return Err(field(at, "round 1 seats the plan's table sizes"));
        }
    }
    Ok(())
}

/// A round of tables of three is the plan's tables and keeps the round rules, and round 1
/// seats the players in number order. As with the individual's seatings, a later round is
/// not re-derived from the results before it: a correction made after the next round started
/// would make a true record differ.
fn threes_round(plan: &IndividualPlan, r: &ThreesRound, at: &str) -> Result<(), ImportError> {
    if r.table_count() != plan.tables() {
        return Err(field(
            at,
            format!(
                "the plan has {} tables, this round {}",
                plan.tables(),
                r.table_count()
            ),
        ));
    }
    threes::validate_round(r).map_err(|v| {
        let listed: Vec<String> = v.iter().take(3).map(ToString::to_string).collect();
        field(
            at,
            format!("the seating breaks its rules: {}", listed.join("; ")),
        )
    })?;
    match threes::first_round(plan.players) {
        Ok(first) if r.round() == 1 && first != *r => {
            Err(field(at, "round 1 seats the players in number order"))
        }
        _ => Ok(()),
    }
}

/// Every result is at a game the plan has, with the entries seated there, once; a played
/// result without a ruling has its report; the history within its bounds.
fn results(p: &ImportPlan) -> Result<(), ImportError> {
    let mut places = BTreeSet::new();
    for (i, r) in p.results.iter().enumerate() {
        let at = format!("results[{i}]");
        let (Ok(round), Ok(table), Ok(board)) = (
            u32::try_from(r.round),
            u32::try_from(r.table),
            u32::try_from(r.board),
        ) else {
            return Err(field(at, "round, table and board are numbered from 1"));
        };
        if !places.insert((round, table, board)) {
            return Err(field(
                at,
                format!("board {board} at table {table} in round {round} has two results"),
            ));
        }
        let seated = |pairs: (Option<i32>, Option<i32>)| -> Result<(), ImportError> {
            if r.sides.pair() != pairs {
                let show = |n: Option<i32>| n.map_or("none".to_string(), |n| n.to_string());
                return Err(field(
                    at.clone(),
                    format!(
                        "the plan seats entries {} and {} at table {table} in round {round}, the file {} and {}",
                        show(pairs.0),
                        show(pairs.1),
                        show(r.sides.majors),
                        show(r.sides.minors)
                    ),
                ));
            }
            Ok(())
        };
        for (side, n) in [("majors", r.sides.majors), ("minors", r.sides.minors)] {
            if let Some(n) = n
                && !p.entries.iter().any(|e| e.number == n)
            {
                return Err(field(
                    format!("{at}.{side}"),
                    format!("names entry {n}, which the file does not have"),
                ));
            }
        }
        if let Some((_, m)) = &p.movement {
            let game = m.seating(round, table).filter(|s: &&Seating| s.has_game());
            let Some(s) = game else {
                return Err(field(
                    at,
                    format!("the movement has no game at table {table} in round {round}"),
                ));
            };
            if !s.boards.contains(&board) {
                return Err(field(
                    format!("{at}.board"),
                    format!("table {table} does not play board {board} in round {round}"),
                ));
            }
            let number = |pair: Option<u32>| pair.map(|n| entry_number(m, n) as i32);
            seated((number(s.majors), number(s.minors)))?;
        } else if let Some((_, plan, rounds)) = &p.individual {
            let here = rounds
                .get(round.saturating_sub(1) as usize)
                .is_some_and(|seated| seated.has_table(table));
            if !here {
                return Err(field(
                    at,
                    format!("the seatings have no table {table} in round {round}"),
                ));
            }
            if board != progressive_board(plan.tables(), round, table) {
                return Err(field(
                    format!("{at}.board"),
                    format!("table {table} does not play board {board} in round {round}"),
                ));
            }
            seated((None, None))?;
        } else {
            return Err(field(
                at,
                "the event has no movement or seatings for its results",
            ));
        }
        let ruled = r.values.is_adjusted();
        let Some(report) = r.values.report.json().as_object() else {
            return Err(field(
                format!("{at}.sheet"),
                "the table's report is a JSON object ({} for a ruling without one)",
            ));
        };
        if r.values.report.text().len() > MAX_REPORT {
            return Err(field(
                format!("{at}.sheet"),
                format!("the table's report is at most {MAX_REPORT} bytes"),
            ));
        }
        if r.values.outcome == BoardOutcome::Played && !ruled && report.is_empty() {
            return Err(field(
                format!("{at}.sheet"),
                "a played result has the table's report: the file's is empty",
            ));
        }
        if r.values.outcome != BoardOutcome::Played && r.values.scores.pair() != (0, 0) {
            return Err(field(
                at,
                format!(
                    "a board {} has no scores",
                    r.values.outcome.name().replace('-', " ")
                ),
            ));
        }
        text(
            &format!("{at}.entered_by"),
            &r.entered_by,
            "who entered it",
            MAX_WHO,
        )?;
        if r.audit.is_empty() || r.audit.len() > MAX_HISTORY {
            return Err(field(
                format!("{at}.audit"),
                format!(
                    "a result's history has 1 to {MAX_HISTORY} rows, the file has {}",
                    r.audit.len()
                ),
            ));
        }
        for (k, a) in r.audit.iter().enumerate() {
            let path = format!("{at}.audit[{k}]");
            text(&format!("{path}.by"), &a.by, "who changed it", MAX_WHO)?;
            if let Some(reason) = &a.reason {
                text(&format!("{path}.reason"), reason, "the reason", MAX_REASON)?;
            }
            let size = |v: &AuditValues| v.json().to_string().len();
            if size(&a.new) > MAX_REPORT || a.old.as_ref().is_some_and(|o| size(o) > MAX_REPORT) {
                return Err(field(
                    path,
                    format!("a change's values are at most {MAX_REPORT} bytes"),
                ));
            }
        }
    }
    Ok(())
}

/// A file's timestamp; `path` names the field when it is not one.
fn parse_time(text: &str, path: &str) -> Result<NaiveDateTime, ImportError> {
    NaiveDateTime::parse_from_str(text, TIME)
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S"))
        .map_err(|_| ImportError::Field {
            path: path.to_string(),
            problem: format!(
                "\"{}\" is not a UTC timestamp",
                text.chars().take(40).collect::<String>()
            ),
        })
}

/// Why a file is not imported. Each names the problem; nothing has been written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the file is not JSON: {0}")]
    NotJson(String),
    #[error("the file has no \"format\": it is not a calypso-director event export")]
    NoFormat,
    #[error("unknown format version \"{0}\": this build reads {FORMAT}")]
    UnknownFormat(String),
    /// A field no page or API request could have stored, by its path in the file.
    #[error("{path}: {problem}")]
    Field { path: String, problem: String },
    #[error("the file is {0} bytes: an event's export is at most {max} bytes", max = MAX_FILE_BYTES)]
    TooLarge(usize),
    #[error(
        "the deal key is not the one committed to: SHA-256 of the key is {actual}, the \
         commitment is {commitment} (the key or the commitment was edited)"
    )]
    KeyMismatch { commitment: String, actual: String },
    #[error(
        "the file has the deal commitment but not the key (the hand records were not released \
         when it was exported): release them and export again, or export with --with-key (and \
         keep that file private), so the boards can be checked"
    )]
    KeyWithheld,
}

/// An entry to create, with its players (a roster player by name and membership number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportEntry {
    pub number: i32,
    pub name: String,
    pub kind: EntryKind,
    pub joined_round: Option<u32>,
    pub withdrawn_round: Option<u32>,
    pub players: Vec<PlayerJson>,
}

/// A result to create: the file's place (checked against the plan by [`check`]), its entries
/// by number, its values as a stored result holds them, and its audit trail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportResult {
    pub round: i32,
    pub table: i32,
    pub board: i32,
    /// The entry numbers in the majors and minors seats.
    pub sides: Sides<Option<i32>>,
    pub values: ResultValues,
    pub entered_by: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub audit: Vec<AuditEntry>,
}

impl ImportResult {
    /// A file's result read into the values a stored result holds; `at` names it in a
    /// refusal ("results[3]").
    fn read(r: ResultJson, at: &str) -> Result<ImportResult, ImportError> {
        let field = |path: String, problem: String| ImportError::Field { path, problem };
        let adjusted = |a: &Option<String>, side: &str| {
            a.as_deref()
                .map(Adjusted::parse)
                .transpose()
                .map_err(|e| field(format!("{at}.{side}_adjusted"), e.to_string()))
        };
        let audit = r
            .audit
            .iter()
            .enumerate()
            .map(|(k, a)| {
                Ok(AuditEntry {
                    at: parse_time(&a.at, &format!("{at}.audit[{k}].at"))?,
                    by: a.by.clone(),
                    reason: a.reason.clone(),
                    old: a.old.clone().map(AuditValues::of_json),
                    new: AuditValues::of_json(a.new.clone()),
                })
            })
            .collect::<Result<Vec<_>, ImportError>>()?;
        let values = ResultValues {
            scores: Sides::new(r.majors_score, r.minors_score),
            status: ResultStatus::parse(&r.status).ok_or_else(|| {
                field(
                    format!("{at}.status"),
                    format!("unknown status \"{}\"", r.status),
                )
            })?,
            outcome: BoardOutcome::parse(&r.outcome).ok_or_else(|| {
                field(
                    format!("{at}.outcome"),
                    format!("unknown outcome \"{}\"", r.outcome),
                )
            })?,
            adjusted: Sides::new(
                adjusted(&r.majors_adjusted, "majors")?,
                adjusted(&r.minors_adjusted, "minors")?,
            ),
            report: TableReport::of_json(r.sheet),
        };
        Ok(ImportResult {
            round: r.round,
            table: r.table,
            board: r.board,
            sides: Sides::new(r.majors, r.minors),
            values,
            entered_by: r.entered_by,
            created_at: parse_time(&r.created_at, &format!("{at}.created_at"))?,
            updated_at: parse_time(&r.updated_at, &format!("{at}.updated_at"))?,
            audit,
        })
    }
}

/// A document checked and made into what the database stores.
#[derive(Clone, Debug)]
pub struct ImportPlan {
    pub club_slug: String,
    /// The exporting club's name, as the file gives it.
    pub club_name: String,
    pub settings: EventSettings,
    pub status: EventStatus,
    pub current_round: u32,
    pub round_started_at: Option<NaiveDateTime>,
    pub finished_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub deal: Option<DealKey>,
    /// The public record of commitments, each key checked against its commitment.
    pub commitments: Vec<PublishedCommitment>,
    pub hand_records_released: bool,
    pub entries: Vec<ImportEntry>,
    pub movement: Option<(MovementOptions, Movement)>,
    pub movement_changes: Vec<MovementChange>,
    pub individual: Option<(IndividualOptions, IndividualPlan, Vec<StoredRound>)>,
    pub results: Vec<ImportResult>,
    /// The file's standings: the results must score to exactly these.
    pub standings: Value,
}

/// Reads and checks a file: the format version first (so an unknown version is reported as
/// such, not as a field this build does not know), then every field, the entry numbers the
/// results name, and the key against its commitment.
pub fn read(text: &str) -> Result<ImportPlan, ImportError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(ImportError::TooLarge(text.len()));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| ImportError::NotJson(e.to_string()))?;
    match value.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(Value::String(f)) => return Err(ImportError::UnknownFormat(f.clone())),
        Some(other) => return Err(ImportError::UnknownFormat(other.to_string())),
        None => return Err(ImportError::NoFormat),
    }
    // The path of a field of the wrong type or shape, as the other refusals name theirs.
    let doc: EventDocument = serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        ImportError::Field {
            path,
            problem: e.into_inner().to_string(),
        }
    })?;
    let plan = plan(doc)?;
    check(&plan)?;
    Ok(plan)
}

fn plan(doc: EventDocument) -> Result<ImportPlan, ImportError> {
    let field = |path: String, problem: String| ImportError::Field { path, problem };
    let settings = EventSettings::parse(&SettingsDraft::from(doc.event.settings.clone()))
        .map_err(|e| field("event.settings".into(), e.to_string()))?;
    let status: EventStatus = doc
        .event
        .status
        .parse()
        .map_err(|e| field("event.status".into(), format!("{e}")))?;
    let kind = settings.entry_kind();
    let mut numbers = BTreeSet::new();
    let mut entries = Vec::with_capacity(doc.entries.len());
    for (i, e) in doc.entries.into_iter().enumerate() {
        let at = format!("entries[{i}]");
        let k = EntryKind::from_name(&e.kind)
            .ok_or_else(|| field(format!("{at}.kind"), format!("unknown kind \"{}\"", e.kind)))?;
        if k != kind {
            return Err(field(
                format!("{at}.kind"),
                format!(
                    "entry {} is a {k}, but a {} event's entries are {kind}s",
                    e.number,
                    settings.format()
                ),
            ));
        }
        if !numbers.insert(e.number) {
            return Err(field(
                format!("{at}.number"),
                format!("entry number {} appears twice", e.number),
            ));
        }
        entries.push(ImportEntry {
            number: e.number,
            name: e.name,
            kind: k,
            joined_round: e.joined_round,
            withdrawn_round: e.withdrawn_round,
            players: e.players,
        });
    }
    let deal = match doc.deal.as_ref() {
        None => None,
        Some(DealJson { key: None, .. }) => return Err(ImportError::KeyWithheld),
        Some(DealJson {
            algorithm,
            commitment,
            key: Some(key),
            ..
        }) => {
            let set = crate::deals::SetKey::from_hex(key)
                .map_err(|e| field("deal.key".into(), e.to_string()))?;
            let actual = set.commitment();
            if !actual.eq_ignore_ascii_case(commitment) {
                return Err(ImportError::KeyMismatch {
                    commitment: commitment.clone(),
                    actual,
                });
            }
            if algorithm != crate::deals::ALGORITHM {
                return Err(field(
                    "deal.algorithm".into(),
                    format!(
                        "the deal algorithm \"{algorithm}\" is not this build's ({})",
                        crate::deals::ALGORITHM
                    ),
                ));
            }
            Some(DealKey {
                algorithm: algorithm.clone(),
                key_hex: set.to_hex(),
                commitment: actual,
            })
        }
    };
    let mut movement_changes = Vec::new();
    for (i, c) in doc
        .movement
        .iter()
        .flat_map(|m| m.changes.iter())
        .enumerate()
    {
        movement_changes.push(MovementChange {
            from_round: c.from_round,
            what: c.what.clone(),
            reason: c.reason.clone(),
            changed_by: c.changed_by.clone(),
            changed_at: parse_time(&c.changed_at, &format!("movement.changes[{i}].changed_at"))?,
            old_plan: match &c.old_plan {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            },
        });
    }
    let mut commitments = Vec::new();
    for (i, c) in doc
        .deal
        .iter()
        .flat_map(|d| d.commitments.iter())
        .enumerate()
    {
        let at = format!("deal.commitments[{i}]");
        let key = c
            .key
            .as_deref()
            .ok_or(ImportError::KeyWithheld)
            .and_then(|k| {
                crate::deals::SetKey::from_hex(k)
                    .map_err(|e| field(format!("{at}.key"), e.to_string()))
            })?;
        let actual = key.commitment();
        if !actual.eq_ignore_ascii_case(&c.commitment) {
            return Err(ImportError::KeyMismatch {
                commitment: c.commitment.clone(),
                actual,
            });
        }
        if c.algorithm != crate::deals::ALGORITHM {
            return Err(field(
                format!("{at}.algorithm"),
                format!("the deal algorithm \"{}\" is not this build's", c.algorithm),
            ));
        }
        let withdrawn = match (&c.withdrawn_at, &c.withdrawn_reason) {
            (None, None) => None,
            (Some(when), Some(reason)) => Some(Withdrawal {
                at: parse_time(when, &format!("{at}.withdrawn_at"))?,
                reason: reason.clone(),
            }),
            _ => {
                return Err(field(
                    at,
                    "a withdrawal has both its time and its reason".into(),
                ));
            }
        };
        commitments.push(PublishedCommitment {
            algorithm: c.algorithm.clone(),
            commitment: actual,
            key_hex: key.to_hex(),
            published_at: parse_time(&c.published_at, &format!("{at}.published_at"))?,
            withdrawn,
        });
    }
    let mut results = Vec::with_capacity(doc.results.len());
    for (i, r) in doc.results.into_iter().enumerate() {
        results.push(ImportResult::read(r, &format!("results[{i}]"))?);
    }
    let opt_time =
        |t: &Option<String>, path: &str| t.as_deref().map(|t| parse_time(t, path)).transpose();
    Ok(ImportPlan {
        club_slug: doc.club.slug,
        club_name: doc.club.name,
        status,
        current_round: doc.event.current_round,
        round_started_at: opt_time(&doc.event.round_started_at, "event.round_started_at")?,
        finished_at: opt_time(&doc.event.finished_at, "event.finished_at")?,
        created_at: parse_time(&doc.event.created_at, "event.created_at")?,
        updated_at: parse_time(&doc.event.updated_at, "event.updated_at")?,
        hand_records_released: doc.deal.as_ref().is_some_and(|d| d.hand_records_released),
        deal,
        commitments,
        settings,
        entries,
        movement_changes,
        movement: doc.movement.map(|m| (m.options, m.plan)),
        individual: doc.individual.map(|i| (i.options, i.plan, i.rounds)),
        results,
        standings: doc.standings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const EXAMPLE: &str = include_str!("../../docs/examples/event-export.json");

    fn example() -> Value {
        serde_json::from_str(EXAMPLE).unwrap()
    }

    fn read_value(v: &Value) -> Result<ImportPlan, ImportError> {
        read(&v.to_string())
    }

    #[test]
    fn the_documented_example_reads() {
        let p = read(EXAMPLE).unwrap();
        assert_eq!(p.club_slug, "riverside");
        assert_eq!(p.entries.len(), 6);
        assert_eq!(p.results.len(), 6);
        assert!(p.results.iter().all(|r| r.audit.len() == 1));
        assert_eq!(p.status, EventStatus::Finished);
        assert!(p.movement.is_some() && p.individual.is_none());
    }

    #[test]
    fn the_version_is_checked_before_anything_else() {
        let mut v = example();
        v["format"] = Value::from("calypso-director/event/v9");
        v["surprise"] = Value::from(1);
        assert_eq!(
            read_value(&v).unwrap_err(),
            ImportError::UnknownFormat("calypso-director/event/v9".into())
        );
        v.as_object_mut().unwrap().remove("format");
        assert_eq!(read_value(&v).unwrap_err(), ImportError::NoFormat);
        assert!(matches!(read("{"), Err(ImportError::NotJson(_))));
    }

    #[test]
    fn a_withdrawn_commitment_is_read_with_its_reason_and_its_key_checked() {
        let text = include_str!("../../docs/examples/event-export.json");
        let plan = read(text).unwrap();
        assert_eq!(plan.commitments.len(), 2);
        let w = plan.commitments[0]
            .withdrawn
            .as_ref()
            .expect("the first was withdrawn");
        assert!(w.reason.starts_with("a board was dealt in the wrong order"));
        assert!(plan.commitments[1].withdrawn.is_none());
        let mut v: Value = serde_json::from_str(text).unwrap();
        v["deal"]["commitments"][0]["key"] = Value::from("11".repeat(32));
        assert!(matches!(
            read(&v.to_string()),
            Err(ImportError::KeyMismatch { .. })
        ));
        let mut v: Value = serde_json::from_str(text).unwrap();
        v["deal"]["commitments"][0]["withdrawn_reason"] = Value::Null;
        let e = read(&v.to_string()).unwrap_err();
        assert!(
            e.to_string().contains("both its time and its reason"),
            "{e}"
        );
    }

    #[test]
    fn an_edited_key_or_a_withheld_key_is_refused() {
        let mut v = example();
        let key = v["deal"]["key"].as_str().unwrap().to_string();
        let edited = format!(
            "{}{}",
            if key.starts_with('0') { '1' } else { '0' },
            &key[1..]
        );
        v["deal"]["key"] = Value::from(edited);
        let e = read_value(&v).unwrap_err();
        assert!(matches!(e, ImportError::KeyMismatch { .. }), "{e}");
        assert!(e.to_string().contains("not the one committed to"), "{e}");
        v["deal"]["key"] = Value::Null;
        assert_eq!(read_value(&v).unwrap_err(), ImportError::KeyWithheld);
    }

    #[test]
    fn a_result_naming_a_missing_entry_is_refused() {
        let mut v = example();
        v["results"][0]["minors"] = Value::from(99);
        let e = read_value(&v).unwrap_err().to_string();
        assert!(
            e.contains("names entry 99, which the file does not have"),
            "{e}"
        );
    }
}
