//! Round control in the JSON API (docs/api.md, "Round control"), and the progressive
//! individual's movement options. The same functions as the round control page: what it
//! shows ([`round_view`]) and starting a round ([`start_round`]).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::event::club::TimeZone;
use crate::event::individual::CutError;
use crate::event::rounds::{OpenGame, start_refusal};
use crate::event::{Event, EventId};
use crate::service;
use crate::web::api_json::open_json;
use crate::web::error::AppError;
use crate::web::extract::ApiEvent;
use crate::web::extract::api_event;
use crate::web::round_control::cut_refusal;
use crate::web::round_control::{Start, round_view, start_round};
use crate::web::round_seats::{Seated, TableSeats};
use crate::web::state::AppState;

type ApiResult = Result<HttpResponse, AppError>;

fn api_error(status: StatusCode, msg: impl Into<String>) -> AppError {
    AppError::Api(status, msg.into())
}

/// A side: an entry number (or `null`) for a fixed movement, a list of player numbers for
/// a progressive individual.
#[derive(Serialize)]
#[serde(untagged)]
enum SideJson {
    Entry(Option<u32>),
    Players(Vec<u32>),
}

#[derive(Serialize)]
struct SitOutJson {
    majors: Option<Vec<u32>>,
    minors: Option<Vec<u32>>,
}

#[derive(Serialize)]
struct TableJson {
    table: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'static str>,
    /// Absent at a table of three (Auction Calypso), which has `players` instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    majors: Option<SideJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    minors: Option<SideJson>,
    /// Only at a table of three: its players at positions 1, 2, 3 (1 deals first).
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<[u32; 3]>,
    /// Only for a progressive individual: who sits out each deal (1-4, or an Embers game's
    /// hands) on a side of three.
    #[serde(skip_serializing_if = "Option::is_none")]
    sit_out: Option<SitOutJson>,
    boards: Vec<u32>,
    /// Only for a progressive individual: the table's players, highest cut first, and
    /// whether the table reported that cut (otherwise it was drawn from the event's key).
    #[serde(skip_serializing_if = "Option::is_none")]
    cut: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cut_reported: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
}

#[derive(Serialize)]
struct SeatingJson {
    round: u32,
    tables: Vec<TableJson>,
}

#[derive(Serialize)]
struct RoundsJson {
    event_id: i32,
    format: &'static str,
    current_round: u32,
    rounds: Option<u32>,
    /// UTC, with `Z`.
    started_at: Option<String>,
    next_round: Option<u32>,
    /// Why no round can be started now.
    next_round_blocked: Option<String>,
    tables: Vec<TableJson>,
    next_seating: Option<SeatingJson>,
    /// Every open game of the rounds before the current one (all of them once play is
    /// over), as [`open_json`] writes them.
    still_open: Vec<serde_json::Value>,
}

fn table_json(s: TableSeats, with_state: bool, code: Option<String>) -> TableJson {
    let side = |x: Seated| match x {
        Seated::Entry(n) => (SideJson::Entry(n), None),
        Seated::Players { players, sit_out } => (SideJson::Players(players), Some(sit_out)),
    };
    let (majors, majors_out) = side(s.majors);
    let (minors, minors_out) = side(s.minors);
    let sit_out = match (majors_out, minors_out) {
        (None, None) => None,
        (a, b) => Some(SitOutJson {
            majors: a.flatten(),
            minors: b.flatten(),
        }),
    };
    let (cut, cut_reported) = match s.cut {
        Some((cut, reported)) => (Some(cut), Some(reported)),
        None => (None, None),
    };
    let threes = s.players.is_some();
    TableJson {
        table: s.table,
        state: with_state.then(|| s.state.name()),
        majors: (!threes).then_some(majors),
        minors: (!threes).then_some(minors),
        players: s.players,
        sit_out,
        boards: s.boards,
        cut,
        cut_reported,
        code,
    }
}

async fn rounds_json(state: &AppState, ev: &Event) -> Result<RoundsJson, AppError> {
    let view = round_view(state, ev).await.map_err(AppError::into_api)?;
    let code = |t: u32| {
        view.codes
            .iter()
            .find(|(n, _)| *n == t)
            .map(|(_, c)| c.clone())
    };
    let tables = view
        .seats
        .into_iter()
        .map(|s| {
            let c = code(s.table);
            table_json(s, true, c)
        })
        .collect();
    let still_open: Vec<OpenGame> = view.still_open.iter().map(|(g, _)| *g).collect();
    let (next_round, next_round_blocked) = match view.next {
        Ok(n) => (Some(n), None),
        Err(why) => (None, Some(why)),
    };
    Ok(RoundsJson {
        event_id: ev.id.get(),
        format: ev.settings.format().name(),
        current_round: view.current,
        rounds: (view.rounds > 0).then_some(view.rounds),
        started_at: view.started_at.map(|t| TimeZone::UTC.rfc3339(t)),
        next_round,
        next_round_blocked,
        tables,
        still_open: open_json(&still_open),
        next_seating: view.upcoming.map(|u| SeatingJson {
            round: u.round,
            tables: u
                .seats
                .into_iter()
                .map(|s| table_json(s, false, None))
                .collect(),
        }),
    })
}

/// `GET /api/v1/events/{id}/rounds`
pub async fn get_rounds(
    state: web::Data<AppState>,
    ApiEvent { event: ev, .. }: ApiEvent,
) -> ApiResult {
    Ok(HttpResponse::Ok().json(rounds_json(&state, &ev).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartBody {
    round: u32,
    #[serde(default)]
    confirm_unreported: bool,
}

/// `POST /api/v1/events/{id}/rounds`: starts the asked round if it is the next one.
pub async fn post_rounds(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    body: web::Json<StartBody>,
) -> ApiResult {
    let (club, id) = (a.club.id, ev.id);
    let round = body.round;
    match start_round(&state, &ev, round, body.confirm_unreported)
        .await
        .map_err(AppError::into_api)?
    {
        Start::Unconfirmed { current, open } => {
            Ok(HttpResponse::Conflict().json(serde_json::json!({
                "error": start_refusal(current, round, &open),
                "open": open_json(&open),
            })))
        }
        Start::Started(_) => {
            let ev = api_event(&state, club, id).await?;
            Ok(HttpResponse::Ok().json(rounds_json(&state, &ev).await?))
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CutBody {
    cut: Vec<u32>,
}

/// `PUT /api/v1/events/{id}/rounds/{round}/tables/{table}/cut`: a progressive individual's
/// table reports its cut, `{"cut": [7, 3, 12, 5]}` (its players, highest first), before its
/// game of the round being played. Answers the table as `GET .../rounds` lists it.
pub async fn put_cut(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    path: web::Path<(EventId, u32, u32)>,
    body: web::Json<CutBody>,
) -> ApiResult {
    let (_, round, table) = path.into_inner();
    let id = ev.id;
    let club = a.club.id;
    let cut = body.into_inner().cut;
    let done = state
        .db(move |c| Ok(service::play::report_cut(c, club, id, round, table, cut)))
        .await
        .map_err(AppError::into_api)?;
    if let Err(e) = done {
        let (status, msg) = cut_refusal(e).map_err(AppError::into_api)?;
        return Err(api_error(status, msg));
    }
    let ev = api_event(&state, club, id).await?;
    rounds_json(&state, &ev)
        .await?
        .tables
        .into_iter()
        .find(|t| t.table == table)
        .map(|t| HttpResponse::Ok().json(t))
        .ok_or_else(|| {
            AppError::from(crate::db::DbError::Corrupt {
                what: "individual round of event",
                id: id.get(),
                problem: CutError::NoTable { round, table }.to_string(),
            })
            .into_api()
        })
}
