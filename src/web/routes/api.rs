//! The JSON API under `/api/v1` (documented in docs/api.md). Authenticated per director
//! with bearer tokens; every query is scoped to the token's club, and another club's ids
//! answer 404 exactly like ids that do not exist.

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, Scope, web};
use serde::{Deserialize, Serialize};

use crate::db::models::{Event, Player, Standing, StoredResult};
use crate::db::queries::{self, PlayerError};
use crate::web::AppState;
use crate::web::auth::ApiDirector;
use crate::web::domain::{EventInput, EventStatus, PlayerInput};
use crate::web::error::{AppError, json_error};
use crate::web::startup::JSON_LIMIT;

pub fn scope() -> Scope {
    let json = web::JsonConfig::default()
        .limit(JSON_LIMIT)
        .error_handler(|err, _req| {
            let status = match &err {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => StatusCode::PAYLOAD_TOO_LARGE,
                JsonPayloadError::ContentType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
                _ => StatusCode::BAD_REQUEST,
            };
            json_error(status, format!("bad JSON body: {err}"))
        });
    let path = web::PathConfig::default()
        .error_handler(|_err: PathError, _req| json_error(StatusCode::NOT_FOUND, "not found"));
    let query = web::QueryConfig::default().error_handler(|err: QueryPayloadError, _req| {
        json_error(StatusCode::BAD_REQUEST, format!("bad query string: {err}"))
    });
    web::scope("/api/v1")
        .app_data(json)
        .app_data(path)
        .app_data(query)
        .route("/me", web::get().to(me))
        .route("/events", web::get().to(list_events))
        .route("/events", web::post().to(create_event))
        .route("/events/{id}", web::get().to(get_event))
        .route("/events/{id}", web::patch().to(update_event))
        .route("/events/{id}/results", web::get().to(results))
        .route("/events/{id}/standings", web::get().to(standings))
        .route("/players", web::get().to(list_players))
        .route("/players", web::post().to(create_player))
        .route("/players/{id}", web::patch().to(update_player))
        .default_service(web::to(|req: HttpRequest| async move {
            Err::<HttpResponse, _>(AppError::Api(
                StatusCode::NOT_FOUND,
                format!("no API endpoint {} {}", req.method(), req.path()),
            ))
        }))
}

type ApiResult = Result<HttpResponse, AppError>;

fn api<T>(r: Result<T, AppError>) -> Result<T, AppError> {
    r.map_err(AppError::into_api)
}

fn unprocessable(msg: impl Into<String>) -> AppError {
    AppError::Api(StatusCode::UNPROCESSABLE_ENTITY, msg.into())
}

#[derive(Serialize)]
struct MeJson {
    director: DirectorJson,
    club: ClubJson,
}
#[derive(Serialize)]
struct DirectorJson {
    id: i32,
    name: String,
    email: String,
    role: String,
}
#[derive(Serialize)]
struct ClubJson {
    slug: String,
    name: String,
}

async fn me(a: ApiDirector) -> HttpResponse {
    HttpResponse::Ok().json(MeJson {
        director: DirectorJson {
            id: a.director.id,
            name: a.director.name,
            email: a.director.email,
            role: a.director.role,
        },
        club: ClubJson {
            slug: a.club.slug,
            name: a.club.name,
        },
    })
}

#[derive(Serialize)]
pub struct EventJson {
    id: i32,
    name: String,
    date: String,
    format: String,
    variant: String,
    tables: i32,
    boards: i32,
    trick_rule: String,
    trumps: String,
    status: String,
    deal: DealJson,
    hand_records_released: bool,
}

#[derive(Serialize)]
struct DealJson {
    algorithm: Option<String>,
    commitment: Option<String>,
    /// Only once hand records are released.
    key: Option<String>,
}

impl From<Event> for EventJson {
    fn from(e: Event) -> Self {
        EventJson {
            id: e.id,
            date: e.event_date.format("%Y-%m-%d").to_string(),
            deal: DealJson {
                algorithm: e.deal_algorithm,
                commitment: e.deal_commitment,
                key: if e.hand_records_released {
                    e.deal_key
                } else {
                    None
                },
            },
            name: e.name,
            format: e.format,
            variant: e.variant,
            tables: e.tables,
            boards: e.boards,
            trick_rule: e.trick_rule,
            trumps: e.trumps,
            status: e.status,
            hand_records_released: e.hand_records_released,
        }
    }
}

/// Event fields in a request; absent fields keep their value (PATCH) or default (POST).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EventBody {
    name: Option<String>,
    date: Option<String>,
    format: Option<String>,
    variant: Option<String>,
    tables: Option<i64>,
    boards: Option<i64>,
    trick_rule: Option<String>,
    trumps: Option<String>,
}

impl EventBody {
    fn apply(self, mut base: EventInput) -> EventInput {
        if let Some(v) = self.variant {
            if v != base.variant && self.trumps.is_none() {
                // A new variant without a seating takes the variant's own.
                base.trumps.clear();
            }
            base.variant = v;
        }
        if let Some(v) = self.name {
            base.name = v;
        }
        if let Some(v) = self.date {
            base.date = v;
        }
        if let Some(v) = self.format {
            base.format = v;
        }
        if let Some(v) = self.tables {
            base.tables = v.to_string();
        }
        if let Some(v) = self.boards {
            base.boards = v.to_string();
        }
        if let Some(v) = self.trick_rule {
            base.trick_rule = v;
        }
        if let Some(v) = self.trumps {
            base.trumps = v;
        }
        base
    }
}

async fn list_events(state: web::Data<AppState>, a: ApiDirector) -> ApiResult {
    let club_id = a.club.id;
    let events = api(state.db(move |c| Ok(queries::events_of(c, club_id)?)).await)?;
    let out: Vec<EventJson> = events.into_iter().map(EventJson::from).collect();
    Ok(HttpResponse::Ok().json(out))
}

async fn load_event(state: &AppState, club_id: i32, id: i32) -> Result<Event, AppError> {
    api(state
        .db(move |c| queries::event(c, club_id, id)?.ok_or(AppError::NotFound))
        .await)
}

async fn get_event(state: web::Data<AppState>, a: ApiDirector, path: web::Path<i32>) -> ApiResult {
    let ev = load_event(&state, a.club.id, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(EventJson::from(ev)))
}

async fn create_event(
    state: web::Data<AppState>,
    a: ApiDirector,
    body: web::Json<EventBody>,
) -> ApiResult {
    let defaults = EventInput {
        variant: "standard".into(),
        trick_rule: "standard".into(),
        ..Default::default()
    };
    let fields = body
        .into_inner()
        .apply(defaults)
        .validate()
        .map_err(|e| unprocessable(e.summary()))?;
    let club_id = a.club.id;
    let ev = api(state
        .db(move |c| Ok(queries::create_event(c, club_id, &fields)?))
        .await)?;
    Ok(HttpResponse::Created().json(EventJson::from(ev)))
}

async fn update_event(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<i32>,
    body: web::Json<EventBody>,
) -> ApiResult {
    let id = path.into_inner();
    let ev = load_event(&state, a.club.id, id).await?;
    let conflict = || {
        AppError::Api(
            StatusCode::CONFLICT,
            "only a draft event can be changed".into(),
        )
    };
    if ev.status != EventStatus::Draft.name() {
        return Err(conflict());
    }
    let fields = body
        .into_inner()
        .apply(EventInput::from_event(&ev))
        .validate()
        .map_err(|e| unprocessable(e.summary()))?;
    let club_id = a.club.id;
    let saved = api(state
        .db(move |c| Ok(queries::update_draft_event(c, club_id, id, &fields)?))
        .await)?;
    if !saved {
        return Err(conflict());
    }
    let ev = load_event(&state, club_id, id).await?;
    Ok(HttpResponse::Ok().json(EventJson::from(ev)))
}

#[derive(Serialize)]
struct ResultsJson {
    event_id: i32,
    results: Vec<StoredResult>,
}

async fn results(state: web::Data<AppState>, a: ApiDirector, path: web::Path<i32>) -> ApiResult {
    let ev = load_event(&state, a.club.id, path.into_inner()).await?;
    let event_id = ev.id;
    let results = api(state
        .db(move |c| Ok(queries::results_of(c, event_id)?))
        .await)?;
    Ok(HttpResponse::Ok().json(ResultsJson { event_id, results }))
}

#[derive(Serialize)]
struct StandingsJson {
    event_id: i32,
    /// How the totals are made, so a tool does not mistake them for matchpoints.
    method: &'static str,
    standings: Vec<Standing>,
}

async fn standings(state: web::Data<AppState>, a: ApiDirector, path: web::Path<i32>) -> ApiResult {
    let ev = load_event(&state, a.club.id, path.into_inner()).await?;
    let event_id = ev.id;
    let standings = api(state
        .db(move |c| Ok(queries::standings(c, event_id)?))
        .await)?;
    Ok(HttpResponse::Ok().json(StandingsJson {
        event_id,
        method: "sum-of-stored-scores",
        standings,
    }))
}

#[derive(Deserialize)]
struct PlayersQuery {
    #[serde(default)]
    archived: bool,
}

async fn list_players(
    state: web::Data<AppState>,
    a: ApiDirector,
    q: web::Query<PlayersQuery>,
) -> ApiResult {
    let (club_id, archived) = (a.club.id, q.archived);
    let players = api(state
        .db(move |c| Ok(queries::players_of(c, club_id, archived)?))
        .await)?;
    Ok(HttpResponse::Ok().json(players))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PlayerBody {
    name: Option<String>,
    membership_number: Option<String>,
    archived: Option<bool>,
}

fn player_error(e: PlayerError) -> AppError {
    match e {
        PlayerError::MembershipTaken => AppError::Api(
            StatusCode::CONFLICT,
            "another player of the club has this membership number".into(),
        ),
        PlayerError::NotFound => AppError::NotFound.into_api(),
        PlayerError::Db(e) => AppError::from(e).into_api(),
    }
}

async fn create_player(
    state: web::Data<AppState>,
    a: ApiDirector,
    body: web::Json<PlayerBody>,
) -> ApiResult {
    let body = body.into_inner();
    if body.archived.is_some() {
        return Err(unprocessable("archived: a new player is never archived"));
    }
    let fields = PlayerInput {
        name: body.name.unwrap_or_default(),
        membership_number: body.membership_number.unwrap_or_default(),
    }
    .validate()
    .map_err(|e| unprocessable(e.summary()))?;
    let club_id = a.club.id;
    let p: Player = api(state
        .db(move |c| Ok(queries::create_player(c, club_id, &fields)))
        .await)?
    .map_err(player_error)?;
    Ok(HttpResponse::Created().json(p))
}

async fn update_player(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<i32>,
    body: web::Json<PlayerBody>,
) -> ApiResult {
    let id = path.into_inner();
    let club_id = a.club.id;
    let current = api(state
        .db(move |c| queries::player(c, club_id, id)?.ok_or(AppError::NotFound))
        .await)?;
    let body = body.into_inner();
    let fields = PlayerInput {
        name: body.name.unwrap_or(current.name),
        membership_number: body
            .membership_number
            .or(current.membership_number)
            .unwrap_or_default(),
    }
    .validate()
    .map_err(|e| unprocessable(e.summary()))?;
    let archived = body.archived;
    let p = api(state
        .db(move |c| Ok(queries::update_player(c, club_id, id, &fields, archived)))
        .await)?
    .map_err(player_error)?;
    Ok(HttpResponse::Ok().json(p))
}
