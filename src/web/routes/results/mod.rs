//! The director's results: the grid of every round's tables and their results' states, one
//! result with its audit trail, and the director's rulings (settle, adjust, not played,
//! fouled, late pair). Every change goes through the score-entry service the tables and the
//! API use.

pub mod standings;

use std::collections::BTreeMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use serde_json::Value;

use crate::db::{DbConnection, DbError};
use crate::engine::{GameSpec, Problem, Seat};
use crate::event::club::{Club, TimeZone};
use crate::event::forms::calypso::TableForm;
use crate::event::results::{
    Adjusted, AuditEntry, AuditValues, BoardOutcome, TableReport, TableResult,
};
use crate::event::rounds::{GridState, grid_state};
use crate::event::seats::SideNames;
use crate::event::table_report::{Breakdown, CalypsoReport};
use crate::event::threes::scores_of;
use crate::event::{Event, EventId, ResultId};
use crate::movement::Side;
use crate::service::play::{EventPlay, TableGame};
use crate::service::results::{self as entry, EntryError, PlaceAsked, Ruling, Who};
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::extract::DirectorEvent;
use crate::web::page::{DIRECTOR_POLL_MS, live_json};
use crate::web::page::{FieldErrors, Nav, flash, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::round_control;
use crate::web::state::AppState;
use crate::web::table_view::ScoreEntry;

/// One table's board in a round of the grid.
pub struct GridRow {
    pub table: u32,
    pub board: u32,
    pub majors: String,
    pub minors: String,
    pub state: GridState,
    /// "1850 – 1600", or empty before a result.
    pub scores: String,
    /// An adjustment or a board not played, in words.
    pub ruling: String,
    pub result: Option<i32>,
}

pub struct GridRound {
    pub round: u32,
    pub current: bool,
    pub rows: Vec<GridRow>,
}

/// "3 Ann Lee & Bob Ray" for a pair, "players 2, 7" with names for an individual's side.
fn side_label(game: &TableGame, side: Side, names: &BTreeMap<u32, String>) -> String {
    let (entry, players) = match side {
        Side::Majors => (&game.majors, &game.majors_players),
        Side::Minors => (&game.minors, &game.minors_players),
    };
    match entry {
        Some(e) => format!("{} {}", e.number, e.name),
        None => players
            .iter()
            .map(|&p| match names.get(&p) {
                Some(n) => format!("{p} {n}"),
                None => p.to_string(),
            })
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A table of three's players by position ("1 Ann Lee"); empty elsewhere.
fn positions(game: &TableGame, names: &BTreeMap<u32, String>) -> Vec<String> {
    let Some(third) = game.third else {
        return Vec::new();
    };
    game.majors_players
        .iter()
        .chain(&game.minors_players)
        .chain(std::iter::once(&third))
        .map(|&p| match names.get(&p) {
            Some(n) => format!("{p} {n}"),
            None => p.to_string(),
        })
        .collect()
}

/// An Auction report hand by hand, for the director: "Hand 2: player 3: 200 spades, made ·
/// 120 · 120 · 470".
fn auction_lines(breakdown: Option<&Breakdown>) -> Vec<String> {
    crate::event::forms::auction::auction_report(breakdown)
        .iter()
        .map(|r| {
            let verdict = r.verdict();
            format!(
                "Hand {}: {}{}{} · {}",
                r.hand,
                r.contract,
                if verdict.is_empty() { "" } else { ", " },
                verdict,
                r.points
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" · ")
            )
        })
        .collect()
}

/// An adjustment or an unplayed board in words: "not played; majors ave-, minors ave+".
pub fn ruling_text(r: &TableResult) -> String {
    let mut parts = vec![];
    match r.values.outcome {
        BoardOutcome::Played => {}
        BoardOutcome::NotPlayed => parts.push("not played".to_string()),
        BoardOutcome::Fouled => parts.push("fouled".to_string()),
    }
    let adjusted: Vec<String> = [
        ("majors", r.values.adjusted.majors),
        ("minors", r.values.adjusted.minors),
    ]
    .into_iter()
    .filter_map(|(side, a)| a.map(|a| format!("{side} {}", a.label())))
    .collect();
    if !adjusted.is_empty() {
        parts.push(adjusted.join(", "));
    }
    parts.join("; ")
}

fn scores_text(r: &TableResult) -> String {
    if r.values.outcome == BoardOutcome::Played {
        format!("{} – {}", r.values.scores.majors, r.values.scores.minors)
    } else {
        String::new()
    }
}

/// Every round's tables, from the event's seatings and results.
fn grid(
    ev: &Event,
    seatings: &EventPlay,
    results: &[TableResult],
    now: chrono::NaiveDateTime,
) -> Vec<GridRound> {
    let names = round_control::names(seatings.entries());
    let auction = ev.settings.auction_spec();
    let player = |p: u32| match names.get(&p) {
        Some(n) => format!("{p} {n}"),
        None => p.to_string(),
    };
    // The plan's rounds only: a stored round number never sizes the page.
    (1..=seatings.rounds.min(crate::movement::MAX_ROUNDS))
        .map(|round| {
            let mut rows = vec![];
            for table in 1..=seatings.tables() {
                let Some(game) = seatings.game_at(round, table) else {
                    continue;
                };
                for &board in &game.boards {
                    let result = results.iter().find(|r| {
                        r.place.round == round && r.place.table == table && r.place.board == board
                    });
                    // A table of three: "1 Ann v 2 Bob v 3 Cy", and the engine's three scores.
                    let (minors, scores) = match (&auction, game.third) {
                        (Some(spec), Some(third)) => (
                            format!(
                                "{} v {}",
                                side_label(&game, Side::Minors, &names),
                                player(third)
                            ),
                            result
                                .filter(|r| r.values.outcome == BoardOutcome::Played)
                                .map(|r| scores_of(spec, r).map(|n| n.to_string()).join(" – "))
                                .unwrap_or_default(),
                        ),
                        _ => (
                            side_label(&game, Side::Minors, &names),
                            result.map(scores_text).unwrap_or_default(),
                        ),
                    };
                    rows.push(GridRow {
                        table,
                        board,
                        majors: side_label(&game, Side::Majors, &names),
                        minors,
                        state: grid_state(
                            round,
                            &ev.round,
                            ev.status.is_running(),
                            now,
                            result.map(|r| r.values.status),
                        ),
                        scores,
                        ruling: result.map(ruling_text).unwrap_or_default(),
                        result: result.map(|r| r.id.get()),
                    });
                }
            }
            GridRound {
                round,
                current: round == ev.round.current && ev.status.is_running(),
                rows,
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "results.html")]
struct GridPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    /// The live part: the rounds' tables and the counts.
    part: String,
    poll_ms: u64,
}

/// The grid's live part: the round being played, the counts by state, every round's tables.
#[derive(Template)]
#[template(path = "_results_grid.html")]
struct GridPart {
    club: Club,
    event_id: EventId,
    current: u32,
    /// Whether the event is running: once it is over, no round "is being played".
    running: bool,
    rounds: Vec<GridRound>,
    /// "N-S ♠♥ v E-W ♦♣": the pairs' column, as players name the sides.
    sides: String,
    /// How many of the grid's boards are in each state, for the summary line.
    counts: Vec<(&'static str, usize)>,
    /// What one game at a table is called: "board", or "game" where dealt at the table.
    deal: &'static str,
}

/// `/c/{club}/events/{event}/results`: the director's grid, live.
pub async fn grid_page(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let part = grid_part(&state, &d, &ev).await?;
    Ok(html_page(
        StatusCode::OK,
        &GridPage {
            nav: Nav::for_director(&session, &d),
            club: d.club.clone(),
            event_id: id,
            event_name: ev.settings.name().to_string(),
            part,
            poll_ms: DIRECTOR_POLL_MS,
        },
    ))
}

/// `/c/{club}/events/{event}/results/live`: the grid's part for the page's script.
pub async fn grid_live(
    state: web::Data<AppState>,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
) -> Result<HttpResponse, AppError> {
    let part = grid_part(&state, &d, &ev).await?;
    Ok(live_json(&part))
}

/// `/c/{club}/disputes/live`: the navigation's count of open disputes.
pub async fn disputes_live(d: ClubDirector) -> Result<HttpResponse, AppError> {
    let badge = crate::web::page::DisputesBadge::of(&d.club.slug, &d.disputes).render()?;
    Ok(live_json(&badge))
}

async fn grid_part(state: &AppState, d: &ClubDirector, ev: &Event) -> Result<String, AppError> {
    let ev2 = ev.clone();
    let (seatings, results) = state.db(move |c| Ok(entry::results_grid(c, &ev2)?)).await?;
    let rounds = grid(ev, &seatings, &results, state.now());
    let counts = [
        GridState::Confirmed,
        GridState::Provisional,
        GridState::Disputed,
        GridState::Late,
        GridState::Missing,
        GridState::Playing,
    ]
    .into_iter()
    .map(|s| {
        let n = rounds
            .iter()
            .flat_map(|r| &r.rows)
            .filter(|row| row.state == s)
            .count();
        (s.name(), n)
    })
    .filter(|(_, n)| *n > 0)
    .collect();
    Ok(GridPart {
        club: d.club.clone(),
        event_id: ev.id,
        current: ev.round.current,
        running: ev.status.is_running(),
        rounds,
        deal: crate::event::game::EventGame::of(&ev.settings).deal().one,
        sides: if crate::event::game::EventGame::of(&ev.settings).three_scores() {
            "Positions 1 v 2 v 3".to_string()
        } else {
            let n = ev.settings.side_names();
            format!("{} v {}", n.majors(), n.minors())
        },
        counts,
    }
    .render()?)
}

/// A ruling as the form sends it: what happened to the board, each side's adjusted score
/// (blank for none) and the reason.
#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct RulingForm {
    /// `adjust`, `not-played`, `fouled`, `late-majors` or `late-minors`.
    pub ruling: String,
    pub majors: String,
    pub minors: String,
    pub reason: String,
    /// Where, for a board with no result yet.
    pub round: String,
    pub table: String,
    pub board: String,
}

impl RulingForm {
    fn read(&self) -> Result<Ruling, FieldErrors> {
        let mut errors = FieldErrors::default();
        let mut side = |field: &str, text: &str| match text.trim() {
            "" => None,
            t => match Adjusted::parse(t) {
                Ok(a) => Some(a),
                Err(e) => {
                    errors.add(field, e);
                    None
                }
            },
        };
        let (majors, minors) = (side("majors", &self.majors), side("minors", &self.minors));
        let ruling = match self.ruling.as_str() {
            "adjust" => Ruling::default(),
            "not-played" => Ruling {
                outcome: Some(BoardOutcome::NotPlayed),
                ..Ruling::default()
            },
            "fouled" => Ruling {
                outcome: Some(BoardOutcome::Fouled),
                ..Ruling::default()
            },
            "late-majors" => Ruling::late_pair(Side::Majors),
            "late-minors" => Ruling::late_pair(Side::Minors),
            _ => {
                errors.add(
                    "ruling",
                    "choose a ruling: adjusted scores, not played, fouled, or a late pair",
                );
                Ruling::default()
            }
        };
        let ruling = ruling.with_scores(majors, minors);
        if self.ruling == "adjust" && ruling.majors.is_none() && ruling.minors.is_none() {
            errors.add(
                "majors",
                "give an adjusted score for at least one side: ave+, ave, ave- or a percentage",
            );
        }
        if self.reason.trim().is_empty() {
            errors.add("reason", "a reason is required for every ruling");
        }
        if errors.is_empty() {
            Ok(ruling)
        } else {
            Err(errors)
        }
    }
}

/// A change to the result as the audit trail shows it.
pub struct AuditLine {
    pub at: String,
    pub by: String,
    pub reason: String,
    pub old: String,
    pub new: String,
}

/// An audit row's values in words: "1850 – 1600, confirmed" (a row not in their shape, from
/// an imported file, as its JSON).
fn values_text(values: &AuditValues) -> String {
    let v = match values {
        AuditValues::Values(v) => v,
        AuditValues::Other(Value::String(text)) => return text.clone(),
        AuditValues::Other(json) => return json.to_string(),
    };
    let mut parts = vec![];
    if v.outcome == BoardOutcome::Played {
        parts.push(format!("{} – {}", v.scores.majors, v.scores.minors));
    } else {
        parts.push(v.outcome.name().replace('-', " "));
    }
    for (side, adjusted) in [("majors", v.adjusted.majors), ("minors", v.adjusted.minors)] {
        if let Some(a) = adjusted {
            parts.push(format!("{side} {}", a.label()));
        }
    }
    parts.push(v.status.name().to_string());
    parts.join(", ")
}

fn audit_line(a: &AuditEntry, zone: TimeZone) -> AuditLine {
    AuditLine {
        at: zone.show(a.at, "%Y-%m-%d %H:%M:%S"),
        by: a.by.clone(),
        reason: a.reason.clone().unwrap_or_default(),
        old: a.old.as_ref().map(values_text).unwrap_or_default(),
        new: values_text(&a.new),
    }
}

/// What the table reported, in a few lines.
fn sheet_lines(
    spec: &GameSpec,
    report: &TableReport,
    breakdown: Option<&Breakdown>,
) -> Vec<String> {
    let mut lines = vec![];
    // A Kaiso report: each partnership's songs in the order scored, then what is left.
    for side in crate::event::forms::songs::songs_report(spec, report, breakdown) {
        let songs: Vec<String> = side
            .songs
            .iter()
            .map(|l| format!("{} {}", l.what, l.points))
            .collect();
        lines.push(format!(
            "{}: {}{} leftover song card{} {}; trick pile {} cards; total {}",
            side.label,
            if songs.is_empty() {
                "no songs; ".to_string()
            } else {
                format!("{}; ", songs.join(", "))
            },
            side.leftover,
            if side.leftover == 1 { "" } else { "s" },
            side.leftover_points,
            side.pile,
            side.total
        ));
    }
    let TableReport::Calypso(calypso) = report else {
        return lines;
    };
    // The summary (or the last deal's line) says what the table saw at the end.
    let (players, piles, revokes) = match calypso.report() {
        CalypsoReport::Summary {
            players,
            trick_piles,
            revokes,
            ..
        } => (Some(players), Some(trick_piles), revokes.as_ref()),
        CalypsoReport::Deals { deals, revokes } => {
            lines.push(format!(
                "Entered deal by deal ({} deal{}); the engine checked after each.",
                deals.len(),
                if deals.len() == 1 { "" } else { "s" }
            ));
            let last = deals.last();
            (
                last.map(|d| &d.players),
                last.map(|d| &d.trick_piles),
                revokes.as_ref(),
            )
        }
        CalypsoReport::Record(_) => {
            lines.push("Entered as the full play record; the engine replayed every trick.".into());
            (None, None, None)
        }
    };
    for (seat, p) in Seat::ALL
        .iter()
        .filter_map(|&seat| Some((seat, players?.0[seat.index()].as_ref()?)))
    {
        let cards: Vec<String> = p
            .in_progress
            .iter()
            .map(|c| crate::event::problem_words::card_words(&c.0.to_string()))
            .collect();
        lines.push(format!(
            "{seat}: {} completed calypso{}{}",
            p.calypsos,
            if p.calypsos == 1 { "" } else { "s" },
            if cards.is_empty() {
                String::new()
            } else {
                format!(", in progress {}", cards.join(" "))
            }
        ));
    }
    for (counts, what) in [(piles, "Trick piles"), (revokes, "Revokes")] {
        if let Some(m) = counts {
            let parts: Vec<String> = CalypsoReport::by_side(spec, m)
                .into_iter()
                .map(|(side, n)| format!("{} {n}", spec.side_name(side)))
                .collect();
            lines.push(format!("{what}: {}", parts.join(", ")));
        }
    }
    lines
}

#[derive(Template)]
#[template(path = "result.html")]
struct ResultPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    result: TableResult,
    majors: String,
    minors: String,
    /// "N-S ♠♥" and "E-W ♦♣": the sides as players name them.
    sides: SideNames,
    /// A table of three: its players by position, and the engine's three scores.
    positions: Vec<String>,
    scores: Vec<i64>,
    ruling: String,
    sheet: Vec<String>,
    sheet_json: String,
    audit: Vec<AuditLine>,
    form: RulingForm,
    errors: FieldErrors,
    /// A refusal from the service, in its words.
    message: Option<String>,
}

async fn result_page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    ev: Event,
    id: ResultId,
    ruling: RulingState,
) -> Result<HttpResponse, AppError> {
    let RulingState {
        form,
        errors,
        message,
    } = ruling;
    let status = if errors.is_empty() && message.is_none() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    let ev2 = ev.clone();
    let entry::ResultRecord {
        result,
        play: seatings,
        audit,
    } = state
        .db(move |c| Ok(entry::result_record(c, &ev2, id)?))
        .await?;
    let names = round_control::names(seatings.entries());
    let game = seatings.game_at(result.place.round, result.place.table);
    let side = |s: Side| {
        game.as_ref()
            .map(|g| side_label(g, s, &names))
            .unwrap_or_default()
    };
    let positions = game
        .as_ref()
        .map(|g| positions(g, &names))
        .unwrap_or_default();
    let auction = ev.settings.auction_spec();
    let scores = match &auction {
        Some(spec) if result.values.outcome == BoardOutcome::Played => {
            scores_of(spec, &result).to_vec()
        }
        _ => Vec::new(),
    };
    let breakdown = entry::breakdown(&ev.settings, &result.values.report);
    let sheet = if auction.is_some() {
        auction_lines(breakdown.as_ref())
    } else {
        sheet_lines(
            &ev.settings.game_spec(),
            &result.values.report,
            breakdown.as_ref(),
        )
    };
    let sheet_json = result.values.report.pretty_text();
    Ok(html_page(
        status,
        &ResultPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            event_id: ev.id,
            event_name: ev.settings.name().to_string(),
            majors: side(Side::Majors),
            minors: side(Side::Minors),
            sides: ev.settings.side_names(),
            ruling: ruling_text(&result),
            positions,
            scores,
            sheet,
            sheet_json,
            audit: audit
                .iter()
                .map(|(_, a)| audit_line(a, d.club.time_zone))
                .collect(),
            result,
            form,
            errors,
            message,
        },
    ))
}

/// `/c/{club}/events/{event}/results/{result}`: one result, its audit trail and rulings.
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    path: web::Path<(String, EventId, ResultId)>,
) -> Result<HttpResponse, AppError> {
    let (_, _, result) = path.into_inner();
    let form = RulingForm {
        ruling: "adjust".into(),
        ..RulingForm::default()
    };
    result_page(
        &state,
        &session,
        &d,
        ev,
        result,
        RulingState {
            form,
            errors: FieldErrors::default(),
            message: None,
        },
    )
    .await
}

/// The service's refusal as a line on the page (a database failure stays an error).
fn refusal(e: EntryError) -> Result<String, AppError> {
    if !e.refuses_the_result() {
        return Err(e.into());
    }
    match e {
        EntryError::Problems(problems) => Ok(format!(
            "The rules engine cannot accept this: {}",
            problems
                .iter()
                .map(|p| p.message.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        )),
        other => Ok(capitalised(&other.to_string())),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn result_path(club: &Club, ev: EventId, id: ResultId) -> String {
    format!("{}/results/{id}", event_path(club, ev))
}

/// `POST .../results/{result}/adjust`: a ruling on a result.
pub async fn adjust(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    path: web::Path<(String, EventId, ResultId)>,
    form: web::Form<RulingForm>,
) -> Result<HttpResponse, AppError> {
    let (_, _, result) = path.into_inner();
    let id = ev.id;
    let form = form.into_inner();
    let ruling = match form.read() {
        Ok(r) => r,
        Err(errors) => {
            return result_page(
                &state,
                &session,
                &d,
                ev,
                result,
                RulingState {
                    form,
                    errors,
                    message: None,
                },
            )
            .await;
        }
    };
    let reason = form.reason.clone();
    let done = as_director(&state, &d, &ev, move |c, ev, name| {
        entry::adjust(c, ev, name, result, ruling, Some(reason.as_str()))
    })
    .await?;
    match done {
        Ok(r) => {
            flash(
                &session,
                format!(
                    "Round {}, table {}, board {}: {}.",
                    r.place.round,
                    r.place.table,
                    r.place.board,
                    ruling_text(&r)
                ),
            );
            Ok(see_other(&result_path(&d.club, id, result)))
        }
        Err(EntryError::NoResult) => Err(AppError::NotFound),
        Err(e) => {
            let message = refusal(e)?;
            result_page(
                &state,
                &session,
                &d,
                ev,
                result,
                RulingState {
                    form,
                    errors: FieldErrors::default(),
                    message: Some(message),
                },
            )
            .await
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct SettleForm {
    pub reason: String,
}

/// `POST .../results/{result}/settle`: a provisional or disputed result confirmed as entered.
pub async fn settle(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    path: web::Path<(String, EventId, ResultId)>,
    form: web::Form<SettleForm>,
) -> Result<HttpResponse, AppError> {
    let (_, _, result) = path.into_inner();
    let id = ev.id;
    let reason = form.into_inner().reason;
    let keep = RulingForm {
        ruling: "adjust".into(),
        ..RulingForm::default()
    };
    if reason.trim().is_empty() {
        let errors = FieldErrors::one("settle_reason", "a reason is required to confirm it");
        return result_page(
            &state,
            &session,
            &d,
            ev,
            result,
            RulingState {
                form: keep,
                errors,
                message: None,
            },
        )
        .await;
    }
    let done = as_director(&state, &d, &ev, move |c, ev, name| {
        entry::settle(c, ev, name, result, Some(reason.as_str()))
    })
    .await?;
    match done {
        Ok(r) => {
            flash(
                &session,
                format!(
                    "Round {}, table {}, board {} is confirmed as entered.",
                    r.place.round, r.place.table, r.place.board
                ),
            );
            Ok(see_other(&result_path(&d.club, id, result)))
        }
        Err(EntryError::NoResult) => Err(AppError::NotFound),
        Err(e) => {
            let message = refusal(e)?;
            result_page(
                &state,
                &session,
                &d,
                ev,
                result,
                RulingState {
                    form: keep,
                    errors: FieldErrors::default(),
                    message: Some(message),
                },
            )
            .await
        }
    }
}

/// The score form on a director's page, as typed, with what is wrong with it.
struct ScoreForm {
    form: TableForm,
    problems: Vec<Problem>,
    message: Option<String>,
    reason: String,
    reason_error: Option<String>,
}

impl ScoreForm {
    fn new(form: TableForm) -> ScoreForm {
        ScoreForm {
            form,
            problems: vec![],
            message: None,
            reason: String::new(),
            reason_error: None,
        }
    }

    fn has_errors(&self) -> bool {
        !self.problems.is_empty() || self.message.is_some() || self.reason_error.is_some()
    }
}

/// The ruling form on a board's page, as typed, with what is wrong with it.
struct RulingState {
    form: RulingForm,
    errors: FieldErrors,
    message: Option<String>,
}

impl RulingState {
    fn new() -> RulingState {
        RulingState {
            form: RulingForm {
                ruling: "not-played".into(),
                ..RulingForm::default()
            },
            errors: FieldErrors::default(),
            message: None,
        }
    }
}

/// A board's entry page: a first entry (with the ruling form beside it) or a correction.
#[derive(Template)]
#[template(path = "result_entry.html")]
struct EntryPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    round: u32,
    table: u32,
    board: u32,
    majors: String,
    minors: String,
    /// A table of three's players by position.
    positions: Vec<String>,
    sides: SideNames,
    /// The result being corrected; none for a first entry.
    result: Option<i32>,
    action: String,
    e: ScoreEntry,
    reason: String,
    reason_error: Option<String>,
    form: RulingForm,
    errors: FieldErrors,
    message: Option<String>,
}

#[derive(Deserialize)]
pub struct PlaceQuery {
    round: Option<u32>,
    table: Option<u32>,
    board: Option<u32>,
}

/// The board a director rules on, as the movement has it (404 when it has no such game).
async fn board_game(
    state: &AppState,
    ev: &Event,
    round: u32,
    table: u32,
    board: u32,
) -> Result<(String, String, Vec<String>), AppError> {
    let ev2 = ev.clone();
    let seatings = state.db(move |c| Ok(EventPlay::load(c, &ev2)?)).await?;
    let game = seatings
        .game_at(round, table)
        .filter(|g| g.boards.contains(&board))
        .ok_or(AppError::NotFound)?;
    let names = round_control::names(seatings.entries());
    Ok((
        side_label(&game, Side::Majors, &names),
        side_label(&game, Side::Minors, &names),
        positions(&game, &names),
    ))
}

#[allow(clippy::too_many_arguments)]
async fn entry_page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    ev: &Event,
    (round, table, board): (u32, u32, u32),
    result: Option<ResultId>,
    score: ScoreForm,
    ruling: RulingState,
) -> Result<HttpResponse, AppError> {
    let (majors, minors, positions) = board_game(state, ev, round, table, board).await?;
    let status = if score.has_errors() || !ruling.errors.is_empty() || ruling.message.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let base = format!("{}/results", event_path(&d.club, ev.id));
    let action = match result {
        Some(id) => format!("{base}/{id}/correct"),
        None => format!("{base}/enter"),
    };
    let spec = ev.settings.game_spec();
    Ok(html_page(
        status,
        &EntryPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            event_id: ev.id,
            event_name: ev.settings.name().to_string(),
            round,
            table,
            board,
            majors,
            minors,
            sides: ev.settings.side_names(),
            result: result.map(ResultId::get),
            action,
            e: ScoreEntry::new(&spec, &score.form, &score.problems, score.message, None)
                .with_hands(usize::from(ev.settings.hands()), None)
                .with_auction(
                    &score.form,
                    &score.problems,
                    usize::from(ev.settings.hands()),
                    None,
                    [0, 1, 2].map(|i| positions.get(i).cloned().unwrap_or_default()),
                )
                .with_auction_pairs(
                    &score.form,
                    &score.problems,
                    usize::from(ev.settings.hands()),
                    None,
                )
                .with_auction_setup(ev.settings.auction_setup()),
            positions,
            reason: score.reason,
            reason_error: score.reason_error,
            form: ruling.form,
            errors: ruling.errors,
            message: ruling.message,
        },
    ))
}

/// A board with no result: the blank score form and the ruling form (as typed).
async fn rule_page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    ev: &Event,
    (round, table, board): (u32, u32, u32),
    ruling: RulingState,
) -> Result<HttpResponse, AppError> {
    let blank = TableForm::blank(&ev.settings.game_spec(), ev.settings.game(), round, board);
    let score = ScoreForm::new(blank);
    entry_page(
        state,
        session,
        d,
        ev,
        (round, table, board),
        None,
        score,
        ruling,
    )
    .await
}

/// `/c/{club}/events/{event}/results/board?round=&table=&board=`: a board with no result
/// yet: a ruling for it (not played, fouled, a late pair, adjusted scores).
pub async fn board(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    query: web::Query<PlaceQuery>,
) -> Result<HttpResponse, AppError> {
    let q = query.into_inner();
    // A place that is not whole is not a board of this event.
    let (Some(round), Some(table), Some(board)) = (q.round, q.table, q.board) else {
        return Err(AppError::NotFound);
    };
    rule_page(
        &state,
        &session,
        &d,
        &ev,
        (round, table, board),
        RulingState::new(),
    )
    .await
}

/// `POST .../results/rule`: the ruling on a board with no result.
pub async fn rule(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<RulingForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let form = form.into_inner();
    let (at, place) = board_place(&form.round, &form.table, &form.board)?;
    let (round, table, board) = at;
    let ruling = match form.read() {
        Ok(r) => r,
        Err(errors) => {
            let ruling = RulingState {
                form,
                errors,
                message: None,
            };
            return rule_page(&state, &session, &d, &ev, at, ruling).await;
        }
    };
    let reason = form.reason.clone();
    let done = as_director(&state, &d, &ev, move |c, ev, name| {
        entry::rule_unplayed(c, ev, name, place, ruling, Some(reason.as_str()))
    })
    .await?;
    match done {
        Ok(r) => {
            flash(
                &session,
                format!(
                    "Round {round}, table {table}, board {board}: {}.",
                    ruling_text(&r)
                ),
            );
            Ok(see_other(&result_path(&d.club, id, r.id)))
        }
        Err(e) => {
            let ruling = RulingState {
                form,
                errors: FieldErrors::default(),
                message: Some(refusal(e)?),
            };
            rule_page(&state, &session, &d, &ev, at, ruling).await
        }
    }
}

/// A board's place as a form gives it (round, table and board as typed), or why not.
fn board_place(
    round: &str,
    table: &str,
    board: &str,
) -> Result<((u32, u32, u32), PlaceAsked), AppError> {
    let number = |t: &str| t.trim().parse::<u32>().ok();
    let (Some(r), Some(t), Some(b)) = (number(round), number(table), number(board)) else {
        return Err(AppError::Invalid(
            "the form names no round, table and board: open it from the results grid".into(),
        ));
    };
    let place = PlaceAsked {
        round: i64::from(r),
        table: i64::from(t),
        board: i64::from(b),
    };
    Ok(((r, t, b), place))
}

/// Runs one of the score-entry service's changes as this director, in the database.
async fn as_director(
    state: &AppState,
    d: &ClubDirector,
    ev: &Event,
    f: impl FnOnce(&mut DbConnection, &Event, &str) -> Result<TableResult, EntryError> + Send + 'static,
) -> Result<Result<TableResult, EntryError>, AppError> {
    let (name, ev) = (d.director.name.clone(), ev.clone());
    state.db(move |c| Ok(f(c, &ev, &name))).await
}

/// The director's score form as posted: the table form's fields, the place and a reason.
fn score_form(pairs: Vec<(String, String)>) -> (ScoreForm, String) {
    let field = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let reason = field("reason");
    let table = field("table");
    let mut score = ScoreForm::new(TableForm::from_pairs(pairs));
    score.reason = reason;
    (score, table)
}

/// The service's answer to a director's score form: the result, or the form back with the
/// engine's problems beside its lines, or the refusal above it.
fn checked(
    score: &mut ScoreForm,
    done: Result<TableResult, EntryError>,
) -> Result<Option<TableResult>, AppError> {
    match done {
        Ok(r) => return Ok(Some(r)),
        Err(EntryError::Problems(p)) => {
            score.problems = p;
            score.message = Some(
                "The rules engine cannot accept this result: see the notes beside the lines."
                    .into(),
            );
        }
        Err(EntryError::Reason) => {
            score.reason_error = Some(EntryError::Reason.to_string());
        }
        Err(EntryError::NoResult) => return Err(AppError::NotFound),
        Err(e) => score.message = Some(refusal(e)?),
    }
    Ok(None)
}

/// `/c/{club}/events/{event}/results/{result}/correct`: the form as the table entered it.
pub async fn correct_form(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    path: web::Path<(String, EventId, ResultId)>,
) -> Result<HttpResponse, AppError> {
    let (_, _, result) = path.into_inner();
    let ev2 = ev.clone();
    let r = state
        .db(move |c| Ok(entry::result_of(c, &ev2, result)?))
        .await?;
    let (round, table, board) = (r.place.round, r.place.table, r.place.board);
    let score = ScoreForm::new(TableForm::from_sheet(&r.values.report, round, board));
    let place = (round, table, board);
    entry_page(
        &state,
        &session,
        &d,
        &ev,
        place,
        Some(result),
        score,
        RulingState::new(),
    )
    .await
}

/// `POST .../results/{result}/correct`: the whole report again, checked again, with a reason.
pub async fn correct(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    path: web::Path<(String, EventId, ResultId)>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let (_, _, result) = path.into_inner();
    let id = ev.id;
    let (mut score, _) = score_form(form.into_inner());
    let (ev2, sent, name, reason) = (
        ev.clone(),
        score.form.clone(),
        d.director.name.clone(),
        score.reason.clone(),
    );
    let done = state
        .work(move |pool| {
            let current = {
                let mut c = pool.get().map_err(DbError::from)?;
                entry::result_of(&mut c, &ev2, result)?
            };
            let at = (
                current.place.round,
                current.place.table,
                current.place.board,
            );
            let sheet = match sent.sheet(&ev2.settings.game_spec()) {
                Ok(s) => s,
                Err(p) => return Ok((at, Err(EntryError::Problems(p)))),
            };
            // No connection is held here: the service reads, checks and writes.
            Ok((
                at,
                entry::correct(
                    pool,
                    &ev2,
                    &name,
                    result,
                    None,
                    sheet,
                    Some(reason.as_str()),
                ),
            ))
        })
        .await?;
    let (at, done) = done;
    match checked(&mut score, done)? {
        Some(r) => {
            flash(
                &session,
                format!(
                    "Round {}, table {}, board {} corrected: {} – {}.",
                    r.place.round,
                    r.place.table,
                    r.place.board,
                    r.values.scores.majors,
                    r.values.scores.minors
                ),
            );
            Ok(see_other(&result_path(&d.club, id, result)))
        }
        None => {
            entry_page(
                &state,
                &session,
                &d,
                &ev,
                at,
                Some(result),
                score,
                RulingState::new(),
            )
            .await
        }
    }
}

/// `POST .../results/enter`: a director enters a board's result for a table (final at once).
pub async fn enter(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let (mut score, table) = score_form(form.into_inner());
    let (at, place) = board_place(&score.form.round, &table, &score.form.board)?;
    let (round, table, board) = at;
    let (sent, reason) = (score.form.clone(), score.reason.clone());
    let (name, ev2) = (d.director.name.clone(), ev.clone());
    let done = state
        .work(move |pool| {
            let sheet = sent
                .sheet(&ev2.settings.game_spec())
                .map_err(EntryError::Problems);
            Ok(sheet.and_then(|sheet| {
                entry::submit(
                    pool,
                    &ev2,
                    Who::Director(&name),
                    place,
                    sheet,
                    Some(reason.as_str()),
                )
            }))
        })
        .await?;
    match checked(&mut score, done)? {
        Some(r) => {
            flash(
                &session,
                format!(
                    "Round {round}, table {table}, board {board} entered: {} – {}.",
                    r.values.scores.majors, r.values.scores.minors
                ),
            );
            Ok(see_other(&result_path(&d.club, id, r.id)))
        }
        None => {
            entry_page(
                &state,
                &session,
                &d,
                &ev,
                at,
                None,
                score,
                RulingState::new(),
            )
            .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(ruling: &str, majors: &str, minors: &str, reason: &str) -> RulingForm {
        RulingForm {
            ruling: ruling.into(),
            majors: majors.into(),
            minors: minors.into(),
            reason: reason.into(),
            ..RulingForm::default()
        }
    }

    #[test]
    fn a_late_pair_is_not_played_with_the_usual_scores_unless_the_director_gives_others() {
        let r = form("late-minors", "", "", "pair 8 arrived at 20:10")
            .read()
            .unwrap();
        assert_eq!(r.outcome, Some(BoardOutcome::NotPlayed));
        assert_eq!(r.majors, Some(Adjusted::AvePlus));
        assert_eq!(r.minors, Some(Adjusted::AveMinus));
        let r = form("late-majors", "ave", "", "late").read().unwrap();
        assert_eq!(r.majors, Some(Adjusted::Ave));
        assert_eq!(r.minors, Some(Adjusted::AvePlus));
    }

    #[test]
    fn a_ruling_needs_a_known_kind_valid_scores_and_a_reason() {
        let e = form("adjust", "", "", "x").read().unwrap_err();
        assert!(e.get("majors").is_some());
        let e = form("adjust", "ave++", "45", "").read().unwrap_err();
        assert!(e.get("majors").unwrap().contains("ave++"));
        assert!(e.get("reason").is_some());
        assert!(e.get("minors").is_none());
        let e = form("swap", "", "", "x").read().unwrap_err();
        assert!(e.get("ruling").is_some());
        let r = form("fouled", "", "", "board 3 had 53 cards in deal 2")
            .read()
            .unwrap();
        assert_eq!(r.outcome, Some(BoardOutcome::Fouled));
        assert_eq!(r.majors, None);
        let r = form("adjust", "60%", "40", "x").read().unwrap();
        assert_eq!(r.majors, Some(Adjusted::Percent(60.0)));
        assert_eq!(r.minors, Some(Adjusted::Percent(40.0)));
    }

    #[test]
    fn audit_values_read_as_words() {
        let v = AuditValues::read(
            r#"{"scores":{"majors":1850,"minors":1600},"status":"provisional","outcome":"played","sheet":{}}"#,
        );
        assert!(matches!(v, AuditValues::Values(_)));
        assert_eq!(values_text(&v), "1850 – 1600, provisional");
        let v = AuditValues::read(
            r#"{"scores":{"majors":0,"minors":0},"status":"confirmed","outcome":"not-played","sheet":{},"adjusted":{"majors":"ave+","minors":"40"}}"#,
        );
        assert!(matches!(v, AuditValues::Values(_)));
        assert_eq!(
            values_text(&v),
            "not played, majors ave+ (60%), minors 40%, confirmed"
        );
    }
}
