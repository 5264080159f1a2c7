//! The seat API (#39 item 8, docs/api.md "Seats online"): a director lists an online
//! event's seats with their personal links (`GET /api/v1/events/{id}/seats?round=R`, the
//! director's API token); a seat's link is the credential of the seat's own routes: its view
//! (`GET /api/v1/seats/{token}`) and its card (`POST /api/v1/seats/{token}/cards`). HTTP only:
//! the rules are `service::seats` and `service::online`.

use actix_web::http::StatusCode;
use actix_web::http::header::ContentType;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::service::{self, ActionError};
use crate::web::error::AppError;
use crate::web::extract::ApiEvent;
use crate::web::state::AppState;

type ApiResult = Result<HttpResponse, AppError>;

fn refused(e: impl ActionError) -> AppError {
    AppError::from(e).into_api()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundQuery {
    round: Option<u32>,
}

/// One seat as the listing shows it: exactly these fields, in this order.
#[derive(Serialize)]
struct SeatJson {
    round: u32,
    table: u32,
    board: Option<u32>,
    seat: String,
    entry: Option<i32>,
    name: Option<String>,
    token: Option<String>,
    url: Option<String>,
    robot: bool,
}

/// Where the site is reached: the configured base URL, else the request's own scheme and
/// host.
fn site(state: &AppState, req: &HttpRequest) -> String {
    let base = state.config.base_url();
    if !base.is_empty() {
        return base.to_string();
    }
    let info = req.connection_info();
    format!("{}://{}", info.scheme(), info.host())
}

/// `GET /api/v1/events/{id}/seats?round=R`: every seat of round R with its live link (one
/// issued for a seat that has none); the same call twice gives the same links.
pub async fn list(
    state: web::Data<AppState>,
    req: HttpRequest,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    query: web::Query<RoundQuery>,
) -> ApiResult {
    let round = query.round.ok_or_else(|| {
        AppError::Api(
            StatusCode::UNPROCESSABLE_ENTITY,
            "round is required: /seats?round=1".into(),
        )
    })?;
    let (club, id) = (a.club.id, ev.id);
    let listed = state
        .work(move |pool| Ok(service::seats::seats_of_round(pool, club, id, round)))
        .await
        .map_err(AppError::into_api)?
        .map_err(refused)?;
    let site = site(&state, &req);
    let out: Vec<SeatJson> = listed.into_iter().map(|s| seat_json(&site, s)).collect();
    Ok(HttpResponse::Ok().json(out))
}

fn seat_json(site: &str, s: service::seats::ListedSeat) -> SeatJson {
    SeatJson {
        round: s.round,
        table: s.table,
        board: s.board,
        seat: s.seat.letter().to_string(),
        entry: s.entry.map(|e| e.get()),
        name: s.name,
        url: s.token.as_ref().map(|t| format!("{site}/seat/{t}")),
        token: s.token,
        robot: s.robot,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotBody {
    round: u32,
    table: u32,
    seat: String,
    robot: bool,
    board: Option<u32>,
}

/// `POST /api/v1/events/{id}/seats/robot` `{"round":1,"table":2,"seat":"N","robot":true}`:
/// a robot plays the person's seat (`"robot": false` gives it back); 200 with the seat as
/// the listing shows it.
pub async fn robot(
    state: web::Data<AppState>,
    req: HttpRequest,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    body: web::Json<RobotBody>,
) -> ApiResult {
    let b = body.into_inner();
    let asked = service::seats::RobotSeat {
        round: b.round,
        table: b.table,
        board: b.board,
        seat: b.seat,
        robot: b.robot,
    };
    let (club, id) = (a.club.id, ev.id);
    let seat = state
        .work(move |pool| Ok(service::seats::seat_robot(pool, club, id, &asked)))
        .await
        .map_err(AppError::into_api)?
        .map_err(|e| match e {
            // Which table or seat is not there, said (another club's event is "not found").
            service::seats::SeatsError::Missing(m) => AppError::Api(StatusCode::NOT_FOUND, m),
            e => refused(e),
        })?;
    // The robots look at once, as after a card.
    state.robots.wake();
    Ok(HttpResponse::Ok().json(seat_json(&site(&state, &req), seat)))
}

fn view_answer(status: StatusCode, json: String) -> HttpResponse {
    HttpResponse::build(status)
        .content_type(ContentType::json())
        .insert_header(("Cache-Control", "no-store"))
        .body(json)
}

/// `GET /api/v1/seats/{token}`: what the seat may know of its table now.
pub async fn view(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult {
    let token = path.into_inner();
    let at = state.now();
    let view = state
        .work(move |pool| Ok(service::online::seat_view(pool, &token, at)))
        .await
        .map_err(AppError::into_api)?
        .map_err(refused)?;
    Ok(view_answer(StatusCode::OK, view.to_json()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardBody {
    card: String,
    seq: u32,
}

/// `POST /api/v1/seats/{token}/cards` `{"card":"9S","seq":57}`: 201 with the new view.
pub async fn play(
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<CardBody>,
) -> ApiResult {
    let token = path.into_inner();
    let CardBody { card, seq } = body.into_inner();
    let (at, hub) = (state.now(), state.live.clone());
    let view = state
        .work(move |pool| Ok(service::live::play_card(pool, &hub, &token, &card, seq, at)))
        .await
        .map_err(AppError::into_api)?
        .map_err(refused)?;
    Ok(view_answer(StatusCode::CREATED, view.to_json()))
}

/// A Calypso Duet player's choice: `{"step": "look"|"dummy", "hand": "N", "seq": 1}` or
/// `{"step": "pass"|"return", "cards": ["AS", "KS", "QS"], "seq": 1}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuetBody {
    step: String,
    hand: Option<String>,
    #[serde(default)]
    cards: Vec<String>,
    seq: u32,
}

/// `POST /api/v1/seats/{token}/duet`: a Calypso Duet player's choice of the deal; 201 with
/// the player's new view, 409 when it is not theirs to make now, 422 when the rules do not
/// allow it (docs/api.md, "Calypso Duet online").
pub async fn duet(
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<DuetBody>,
) -> ApiResult {
    let token = path.into_inner();
    let b = body.into_inner();
    let sent = service::online_duet::ChoiceSent {
        step: b.step,
        hand: b.hand,
        cards: b.cards,
        seq: b.seq,
    };
    let (at, hub) = (state.now(), state.live.clone());
    let view = state
        .work(move |pool| Ok(service::online_duet::choose(pool, &hub, &token, &sent, at)))
        .await
        .map_err(AppError::into_api)?
        .map_err(refused)?;
    Ok(view_answer(StatusCode::CREATED, view.to_json()))
}
