//! Results in the JSON API (docs/api.md, "Results"): a director enters, corrects and adjusts
//! results through the same score-entry service the tables' pages use.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db::{DbConnection, DbError, DbPool};
use crate::engine::auction::AuctionSummary;
use crate::engine::auction::pairs::PairsSummary;
use crate::engine::embers::HandSummary;
use crate::engine::json::{DummiesInput, ExchangesInput, PlayerInput, SeatMap};
use crate::engine::kaiso::{Partnerships, SideSummary};
use crate::event::club::TimeZone;
use crate::event::entries::Entry;
use crate::event::results::{Adjusted, AuditEntry, AuditValues, BoardOutcome, TableResult};
use crate::event::table_report::{DealLine, RecordInput, SheetInput};
use crate::event::threes::table_scores;
use crate::event::{Event, EventId, ResultId};
use crate::movement::Side;
use crate::service::ActionError;
use crate::service::results::{self as entry, EntryError, PlaceAsked, Ruling};
use crate::web::error::{AppError, status_of};
use crate::web::extract::ApiEvent;
use crate::web::state::AppState;

type ApiResult = Result<HttpResponse, AppError>;

/// The body of `POST` and `PUT .../results`: where, and what was reported.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultBody {
    round: i64,
    table: i64,
    board: i64,
    players: Option<SeatMap<PlayerInput>>,
    trick_piles: Option<std::collections::BTreeMap<String, i64>>,
    revokes: Option<std::collections::BTreeMap<String, i64>>,
    deals: Option<Vec<DealLine>>,
    record: Option<RecordInput>,
    dummies: Option<Vec<DummiesInput>>,
    /// Calypso Duet's call-and-response, with the game's summary: each deal's exchanges.
    exchanges: Option<Vec<ExchangesInput>>,
    partnerships: Option<Partnerships<SideSummary>>,
    /// Embers: each hand's report.
    reports: Option<Vec<HandSummary>>,
    /// Auction Calypso: the game's summary, hand by hand.
    auction: Option<AuctionSummary>,
    /// Partnership Auction Calypso: the game's summary, hand by hand.
    auction_pairs: Option<PairsSummary>,
    reason: Option<String>,
}

impl ResultBody {
    fn split(self) -> (PlaceAsked, SheetInput, Option<String>) {
        (
            PlaceAsked {
                round: self.round,
                table: self.table,
                board: self.board,
            },
            SheetInput {
                players: self.players,
                trick_piles: self.trick_piles,
                revokes: self.revokes,
                deals: self.deals,
                record: self.record,
                dummies: self.dummies,
                exchanges: self.exchanges,
                partnerships: self.partnerships,
                reports: self.reports,
                auction: self.auction,
                auction_pairs: self.auction_pairs,
            },
            self.reason,
        )
    }
}

/// An adjusted score as the body gives it: a name or a percentage, as text or a number
/// (anything else is a malformed body). Read by the one parser the score sheet, the ruling
/// form and an import use.
#[derive(Deserialize)]
#[serde(untagged)]
enum AdjustedJson {
    Text(String),
    Number(serde_json::Number),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjustBody {
    majors: Option<AdjustedJson>,
    minors: Option<AdjustedJson>,
    #[serde(default)]
    not_played: bool,
    #[serde(default)]
    fouled: bool,
    /// A late pair: `"majors"` or `"minors"` (not played; the late side ave-, the other ave+).
    late: Option<String>,
    reason: Option<String>,
}

impl AdjustBody {
    /// The ruling asked for and its reason, or why it makes no sense.
    fn ruling(self) -> Result<(Ruling, Option<String>), String> {
        let r = ruling_of(
            self.majors,
            self.minors,
            self.not_played,
            self.fouled,
            self.late.as_deref(),
        )?;
        Ok((r, self.reason))
    }
}

/// The body of `POST .../results/adjust`: a ruling on a board that has no result yet (the
/// place and the fields of [`AdjustBody`]; serde cannot flatten with unknown fields denied).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleBody {
    round: i64,
    table: i64,
    board: i64,
    majors: Option<AdjustedJson>,
    minors: Option<AdjustedJson>,
    #[serde(default)]
    not_played: bool,
    #[serde(default)]
    fouled: bool,
    late: Option<String>,
    reason: Option<String>,
}

impl RuleBody {
    fn split(self) -> (PlaceAsked, AdjustBody) {
        let place = PlaceAsked {
            round: self.round,
            table: self.table,
            board: self.board,
        };
        let ruling = AdjustBody {
            majors: self.majors,
            minors: self.minors,
            not_played: self.not_played,
            fouled: self.fouled,
            late: self.late,
            reason: self.reason,
        };
        (place, ruling)
    }
}

/// The ruling a body asks for, or why it makes no sense.
fn ruling_of(
    majors: Option<AdjustedJson>,
    minors: Option<AdjustedJson>,
    not_played: bool,
    fouled: bool,
    late: Option<&str>,
) -> Result<Ruling, String> {
    let late = match late {
        None => None,
        Some("majors") => Some(Side::Majors),
        Some("minors") => Some(Side::Minors),
        Some(other) => {
            return Err(format!(
                "late: \"{other}\" is not a side: use \"majors\" or \"minors\""
            ));
        }
    };
    let ruling = match (not_played, fouled, late) {
        (_, true, Some(_)) => return Err("a late pair's board is not played, not fouled".into()),
        (true, true, _) => return Err("a board is either not played or fouled, not both".into()),
        (_, false, Some(side)) => Ruling::late_pair(side),
        (true, false, None) => Ruling {
            outcome: Some(BoardOutcome::NotPlayed),
            ..Ruling::default()
        },
        (false, true, None) => Ruling {
            outcome: Some(BoardOutcome::Fouled),
            ..Ruling::default()
        },
        (false, false, None) => Ruling::default(),
    };
    Ok(ruling.with_scores(adjusted(majors, "majors")?, adjusted(minors, "minors")?))
}

fn adjusted(a: Option<AdjustedJson>, side: &str) -> Result<Option<Adjusted>, String> {
    a.map(|a| match a {
        AdjustedJson::Text(t) => Adjusted::parse(&t),
        AdjustedJson::Number(n) => Adjusted::from_json(&Value::Number(n)),
    })
    .transpose()
    .map_err(|e| format!("{side}: {e}"))
}

fn error(status: StatusCode, message: impl Into<String>) -> HttpResponse {
    HttpResponse::build(status).json(json!({ "error": message.into() }))
}

/// The service's refusals as the API answers them.
/// The service's refusals as the API answers them: the status of their kind, with the
/// message (a place not found names itself), and the engine's problems listed.
pub fn entry_error(e: EntryError) -> ApiResult {
    if !e.refuses_the_result() {
        return Err(AppError::from(e).into_api());
    }
    let status = status_of(e.kind());
    Ok(match e {
        EntryError::Problems(problems) => HttpResponse::build(status).json(json!({
            "error": format!("the rules engine found {} problem{}: {}", problems.len(),
                if problems.len() == 1 { "" } else { "s" },
                problems.iter().map(|p| p.message.as_str()).collect::<Vec<_>>().join("; ")),
            "problems": problems.iter().map(|p| json!({"code": p.code, "message": p.message})).collect::<Vec<_>>(),
        })),
        e => error(status, e.to_string()),
    })
}

fn audit_json(a: &AuditEntry) -> Value {
    json!({
        "at": TimeZone::UTC.rfc3339(a.at),
        "by": a.by,
        "reason": a.reason,
        "old": a.old.as_ref().map(AuditValues::json),
        "new": a.new.json(),
    })
}

/// A result as the API shows it, with its audit trail.
pub fn result_json(
    r: &TableResult,
    entries: &[Entry],
    audit: &[(ResultId, AuditEntry)],
    players: Option<(Vec<u32>, Vec<u32>)>,
) -> Value {
    let number = |id: Option<crate::event::EntryId>| {
        id.and_then(|id| entries.iter().find(|e| e.id == id))
            .map(|e| e.number)
    };
    let mut v = json!({
        "id": r.id.get(),
        "round": r.place.round,
        "table": r.place.table,
        "board": r.place.board,
        "majors": number(r.sides.majors),
        "minors": number(r.sides.minors),
        "scores": r.values.scores,
        "status": r.values.status.name(),
        "audit": audit.iter().filter(|(id, _)| *id == r.id).map(|(_, a)| audit_json(a)).collect::<Vec<_>>(),
    });
    if r.values.outcome != BoardOutcome::Played {
        v["outcome"] = json!(r.values.outcome.name());
    }
    if r.values.is_adjusted() {
        v["adjusted"] = json!(r.values.adjusted.map(|a| a.map(|a| a.to_string())));
    }
    if let Some((majors, minors)) = players {
        v["players"] = json!({"majors": majors, "minors": minors});
    }
    v
}

/// Results with what the JSON needs: entries, audit rows and, for the progressive
/// individual, who sat on each side.
fn results_json(
    c: &mut DbConnection,
    ev: &Event,
    results: &[TableResult],
) -> Result<Vec<Value>, AppError> {
    let entry::ResultsContext {
        entries,
        audit,
        seated,
        threes,
    } = entry::results_context(c, ev, results)?;
    let auction = ev.settings.auction_spec();
    let scores = auction
        .as_ref()
        .map(|spec| table_scores(spec, results))
        .unwrap_or_default();
    Ok(results
        .iter()
        .zip(0..)
        .map(|(r, i)| {
            let players = seated.as_deref().and_then(|s| {
                crate::service::play::individual_sides(s, r.place.round, r.place.table)
            });
            let mut v = result_json(r, &entries, &audit, players);
            // A table of three: its players by position, and the three scores the engine
            // gives its hands.
            if let Some(s) = scores.get(i) {
                let at = threes
                    .iter()
                    .find(|t| t.round() == r.place.round)
                    .and_then(|t| t.table(r.place.table));
                v["players"] = json!(at);
                v["scores"] = json!({"1": s.scores[0], "2": s.scores[1], "3": s.scores[2]});
            }
            v
        })
        .collect())
}

/// Runs one service call on a connection and answers with the result's JSON (or the
/// refusal).
async fn answer(
    state: &AppState,
    ev: Event,
    status: StatusCode,
    f: impl FnOnce(&mut DbConnection, &Event) -> Result<TableResult, EntryError> + Send + 'static,
) -> ApiResult {
    answer_checked(state, ev, status, move |pool, ev| {
        let mut c = pool.get().map_err(DbError::from)?;
        f(&mut c, ev)
    })
    .await
}

/// The same for a call that runs the rules engine: it takes the pool, and holds no
/// connection while the engine checks (`service::results::submit`); the answer's JSON is
/// then read on a connection of its own.
async fn answer_checked(
    state: &AppState,
    ev: Event,
    status: StatusCode,
    f: impl FnOnce(&DbPool, &Event) -> Result<TableResult, EntryError> + Send + 'static,
) -> ApiResult {
    let out = state
        .work(move |pool| match f(pool, &ev) {
            Ok(r) => {
                let mut c = pool.get().map_err(DbError::from)?;
                Ok(Ok(results_json(&mut c, &ev, std::slice::from_ref(&r))?))
            }
            Err(e) => Ok(Err(e)),
        })
        .await
        .map_err(AppError::into_api)?;
    match out {
        Ok(mut v) => Ok(HttpResponse::build(status).json(v.pop().unwrap_or(Value::Null))),
        Err(e) => entry_error(e),
    }
}

pub async fn post_result(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    body: web::Json<ResultBody>,
) -> ApiResult {
    let (place, sheet, reason) = body.into_inner().split();
    let name = a.director.name.clone();
    answer_checked(&state, ev, StatusCode::CREATED, move |pool, ev| {
        entry::submit(
            pool,
            ev,
            entry::Who::Director(&name),
            place,
            sheet,
            reason.as_deref(),
        )
    })
    .await
}

pub async fn put_result(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    path: web::Path<(EventId, ResultId)>,
    body: web::Json<ResultBody>,
) -> ApiResult {
    let (_, result) = path.into_inner();
    let (place, sheet, reason) = body.into_inner().split();
    let name = a.director.name.clone();
    answer_checked(&state, ev, StatusCode::OK, move |pool, ev| {
        entry::correct(
            pool,
            ev,
            &name,
            result,
            Some(place),
            sheet,
            reason.as_deref(),
        )
    })
    .await
}

pub async fn adjust_result(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    path: web::Path<(EventId, ResultId)>,
    body: web::Json<AdjustBody>,
) -> ApiResult {
    let (_, result) = path.into_inner();
    let (ruling, reason) = match body.into_inner().ruling() {
        Ok(r) => r,
        Err(e) => return Ok(error(StatusCode::UNPROCESSABLE_ENTITY, e)),
    };
    let name = a.director.name.clone();
    answer(&state, ev, StatusCode::OK, move |c, ev| {
        entry::adjust(c, ev, &name, result, ruling, reason.as_deref())
    })
    .await
}

/// A ruling on a board with no result (not played, fouled, a late pair, adjusted scores).
pub async fn rule_board(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    body: web::Json<RuleBody>,
) -> ApiResult {
    let (place, body) = body.into_inner().split();
    let (ruling, reason) = match body.ruling() {
        Ok(r) => r,
        Err(e) => return Ok(error(StatusCode::UNPROCESSABLE_ENTITY, e)),
    };
    let name = a.director.name.clone();
    answer(&state, ev, StatusCode::CREATED, move |c, ev| {
        entry::rule_unplayed(c, ev, &name, place, ruling, reason.as_deref())
    })
    .await
}

pub async fn get_results(
    state: web::Data<AppState>,
    ApiEvent { event: ev, .. }: ApiEvent,
) -> ApiResult {
    let results = state
        .db(move |c| {
            let results = entry::results_of(c, &ev)?;
            results_json(c, &ev, &results)
        })
        .await
        .map_err(AppError::into_api)?;
    Ok(HttpResponse::Ok().json(json!({ "results": results })))
}
