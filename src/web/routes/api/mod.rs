//! The JSON API under `/api/v1` (documented in docs/api.md). Authenticated per director
//! with bearer tokens; every query is scoped to the token's club, and another club's ids
//! answer 404 exactly like ids that do not exist.

pub mod results;
pub mod rounds;
pub mod seat_stream;
pub mod seats;
pub mod standings;

use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::event::ClubId;
use crate::event::club::{Player, PlayerFields, TimeZone};
use crate::event::entries::{Entry, EntryDraft, EntryKind, PlayerChoice};
use crate::event::individual::IndividualOptions;
use crate::event::lifecycle::UnknownStatus;
use crate::event::movement::{MovementOptions, MovementPatch, movement_kind};
use crate::event::play::{Play, PlayDraft, parse_rfc3339, rfc3339};
use crate::event::results::Publication;
use crate::event::threes::StoredRound;
use crate::event::{
    Count, DealKey, EntryId, Event, EventId, EventSettings, EventStatus, LifecycleError, PlayerId,
    SettingsDraft, SettingsJson, TrumpsDraft, Viewer,
};
use crate::service::{self, ActionError};
use crate::web::api_json::open_json;
use crate::web::auth::ApiDirector;
use crate::web::error::AppError;
use crate::web::extract::ApiEvent;
use crate::web::extract::api_event;
use crate::web::state::AppState;

type ApiResult = Result<HttpResponse, AppError>;

fn api<T>(r: Result<T, AppError>) -> Result<T, AppError> {
    r.map_err(AppError::into_api)
}

/// A service's refusal, answered by its kind as JSON.
fn refused(e: impl ActionError) -> AppError {
    AppError::from(e).into_api()
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
    role: &'static str,
}
#[derive(Serialize)]
struct ClubJson {
    slug: String,
    name: String,
    /// The IANA name the club's pages show times in; the API's times stay UTC.
    time_zone: &'static str,
}

pub async fn me(a: ApiDirector) -> HttpResponse {
    HttpResponse::Ok().json(MeJson {
        director: DirectorJson {
            id: a.director.id.get(),
            name: a.director.name,
            email: a.director.email,
            role: a.director.role.name(),
        },
        club: ClubJson {
            slug: a.club.slug,
            name: a.club.name,
            time_zone: a.club.time_zone.name(),
        },
    })
}

#[derive(Serialize)]
pub struct EventJson {
    id: i32,
    #[serde(flatten)]
    settings: SettingsJson,
    status: &'static str,
    deal: DealJson,
    hand_records_released: bool,
    /// When the director marked the event finished (UTC), or null.
    finished_at: Option<String>,
    /// `live`, `correcting` (until `correction_ends_at`) or `final`: how its results stand.
    results: &'static str,
    correction_ends_at: Option<String>,
    #[serde(flatten)]
    play: PlayJson,
}

/// How the event is played (`event::play`): `play` always; the window for the robot
/// duplicate; the robots' budget for online and robots; the away time for online.
#[derive(Serialize)]
struct PlayJson {
    play: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    window: Option<WindowJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    robot_ms: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    away_seconds: Option<u32>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WindowJson {
    opens: String,
    closes: String,
}

impl From<Play> for PlayJson {
    fn from(p: Play) -> Self {
        PlayJson {
            play: p.name(),
            window: p.window().map(|w| WindowJson {
                opens: rfc3339(w.opens),
                closes: rfc3339(w.closes),
            }),
            robot_ms: (!p.is_table()).then(|| p.robot_ms()),
            away_seconds: matches!(p, Play::Online { .. }).then(|| p.away_seconds()),
        }
    }
}

/// The event's JSON with how it is played, read from the database.
async fn event_json(state: &AppState, ev: Event) -> Result<EventJson, AppError> {
    let id = ev.id;
    let play = api(state
        .db(move |c| Ok(service::event_play::play_of(c, id)?))
        .await)?;
    Ok(EventJson::of(ev, play))
}

#[derive(Serialize)]
struct DealJson {
    algorithm: Option<String>,
    commitment: Option<String>,
    /// Only once hand records are released (the visibility rule).
    key: Option<String>,
}

impl EventJson {
    fn of(e: Event, play: Play) -> Self {
        // The API shows the public record (docs/api.md): the key once anyone may see it.
        let key_shown = e.exposure().key_visible(Viewer::Anonymous);
        let publication = e.publication(chrono::Utc::now().naive_utc());
        let stamp = |t: chrono::NaiveDateTime| t.format("%Y-%m-%dT%H:%M:%SZ").to_string();
        EventJson {
            id: e.id.get(),
            settings: SettingsJson::from(&e.settings),
            status: e.status.name(),
            deal: DealJson {
                algorithm: e.deal.as_ref().map(|k| k.algorithm.clone()),
                commitment: e.deal.as_ref().map(|k| k.commitment.clone()),
                key: e.deal.filter(|_| key_shown).map(|k| k.key_hex),
            },
            hand_records_released: e.hand_records_released,
            finished_at: e.finished_at.map(stamp),
            results: match publication {
                Publication::Live => "live",
                Publication::Correcting { .. } => "correcting",
                Publication::Final => "final",
            },
            correction_ends_at: match publication {
                Publication::Correcting { until } => Some(stamp(until)),
                _ => None,
            },
            play: play.into(),
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
    game: Option<String>,
    variant: Option<String>,
    tables: Option<i64>,
    boards: Option<i64>,
    trick_rule: Option<String>,
    trumps: Option<String>,
    correction_minutes: Option<i64>,
    scale: Option<String>,
    compare: Option<String>,
    hands: Option<i64>,
    packs: Option<i64>,
    /// Embers: the fire hands opening each game (absent or 0: one).
    fire_hands: Option<i64>,
    /// Auction: the setup before hand 1 (absent from a new event: balanced).
    auction_setup: Option<String>,
    /// How the event is played (`event::play`): "table", "online" or "robots".
    play: Option<String>,
    window: Option<WindowJson>,
    robot_ms: Option<i64>,
    away_seconds: Option<i64>,
}

impl EventBody {
    /// Takes the play setting out of the body: none when the body has no `play` (and then
    /// none of its companions, which need it beside them).
    fn take_play(&mut self) -> Result<Option<Play>, AppError> {
        let play = self.play.take();
        let window = self.window.take();
        let robot_ms = self.robot_ms.take();
        let away = self.away_seconds.take();
        let Some(play) = play else {
            if window.is_some() || robot_ms.is_some() || away.is_some() {
                return Err(unprocessable(
                    "window, robot_ms and away_seconds are set with play: send \"play\" beside them",
                ));
            }
            return Ok(None);
        };
        let number = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
        let (opens, closes) = match &window {
            Some(w) => (
                Some(parse_rfc3339(&w.opens, "window.opens").map_err(|e| unprocessable(e.0))?),
                Some(parse_rfc3339(&w.closes, "window.closes").map_err(|e| unprocessable(e.0))?),
            ),
            None => (None, None),
        };
        PlayDraft {
            play,
            opens,
            closes,
            robot_ms: robot_ms.map(number),
            away_seconds: away.map(number),
        }
        .read()
        .map(Some)
        .map_err(|e| unprocessable(e.0))
    }

    /// Whether the body changes any of the event's settings (not only how it is played).
    fn has_settings(&self) -> bool {
        let EventBody {
            name,
            date,
            format,
            game,
            variant,
            tables,
            boards,
            trick_rule,
            trumps,
            correction_minutes,
            scale,
            compare,
            hands,
            packs,
            fire_hands,
            auction_setup,
            ..
        } = self;
        name.is_some()
            || date.is_some()
            || format.is_some()
            || game.is_some()
            || variant.is_some()
            || tables.is_some()
            || boards.is_some()
            || trick_rule.is_some()
            || trumps.is_some()
            || correction_minutes.is_some()
            || scale.is_some()
            || compare.is_some()
            || hands.is_some()
            || packs.is_some()
            || fire_hands.is_some()
            || auction_setup.is_some()
    }

    fn apply(self, mut base: SettingsDraft) -> SettingsDraft {
        if let Some(v) = self.variant {
            if v != base.variant && self.trumps.is_none() {
                // A new variant without a seating takes the variant's own.
                base.trumps = TrumpsDraft::VariantDefault;
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
        if let Some(v) = self.game {
            base.game = v;
        }
        if let Some(v) = self.tables {
            base.tables = Count::Number(v);
        }
        if let Some(v) = self.boards {
            base.boards = Count::Number(v);
        }
        if let Some(v) = self.trick_rule {
            base.trick_rule = v;
        }
        if let Some(v) = self.trumps {
            base.trumps = TrumpsDraft::Text(v);
        }
        if let Some(v) = self.correction_minutes {
            base.correction_minutes = Count::Number(v);
        }
        if let Some(v) = self.scale {
            base.scale = v;
        }
        if let Some(v) = self.compare {
            base.compare = v;
        }
        if let Some(v) = self.hands {
            base.hands = Count::Number(v);
        }
        if let Some(v) = self.packs {
            base.packs = Count::Number(v);
        }
        if let Some(v) = self.fire_hands {
            base.fire_hands = Count::Number(v);
        }
        if let Some(v) = self.auction_setup {
            base.auction_setup = v;
        }
        base
    }
}

pub async fn list_events(state: web::Data<AppState>, a: ApiDirector) -> ApiResult {
    let club = a.club.id;
    let (events, plays) = api(state
        .db(move |c| {
            let events = service::events::events_of(c, club)?;
            let ids: Vec<EventId> = events.iter().map(|e| e.id).collect();
            let plays = service::event_play::plays_of(c, &ids)?;
            Ok((events, plays))
        })
        .await)?;
    let out: Vec<EventJson> = events
        .into_iter()
        .zip(plays)
        .map(|(e, p)| EventJson::of(e, p))
        .collect();
    Ok(HttpResponse::Ok().json(out))
}

pub async fn get_event(
    state: web::Data<AppState>,
    ApiEvent { event: ev, .. }: ApiEvent,
) -> ApiResult {
    Ok(HttpResponse::Ok().json(event_json(&state, ev).await?))
}

pub async fn create_event(
    state: web::Data<AppState>,
    a: ApiDirector,
    body: web::Json<EventBody>,
) -> ApiResult {
    let defaults = SettingsDraft {
        variant: "standard".into(),
        trick_rule: "standard".into(),
        ..Default::default()
    };
    let mut body = body.into_inner();
    let play = body.take_play()?.unwrap_or_default();
    let settings =
        EventSettings::parse(&body.apply(defaults)).map_err(|e| unprocessable(e.to_string()))?;
    let club = a.club.id;
    let created = api(state
        .db(move |c| Ok(service::event_play::create(c, club, &settings, play)))
        .await)?;
    let (ev, play) = created.map_err(refused)?;
    Ok(HttpResponse::Created().json(EventJson::of(ev, play)))
}

pub async fn update_event(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    body: web::Json<EventBody>,
) -> ApiResult {
    let id = ev.id;
    let conflict = || {
        AppError::Api(
            StatusCode::CONFLICT,
            "only a draft event can be changed".into(),
        )
    };
    let mut body = body.into_inner();
    let play = body.take_play()?;
    // How it is played may change before play starts; the other settings only in a draft.
    let settings = if body.has_settings() || play.is_none() {
        if !ev.status.editable() {
            return Err(conflict());
        }
        Some(
            EventSettings::parse(&body.apply(ev.settings.draft()))
                .map_err(|e| unprocessable(e.to_string()))?,
        )
    } else {
        None
    };
    let club = a.club.id;
    let saved = state
        .db(move |c| {
            Ok(service::event_play::update(
                c,
                club,
                id,
                settings.as_ref(),
                play,
            ))
        })
        .await
        .map_err(AppError::into_api)?;
    match saved {
        Ok((ev, play)) => Ok(HttpResponse::Ok().json(EventJson::of(ev, play))),
        Err(service::event_play::PlayChangeError::Event(
            service::events::EventChangeError::Refused(LifecycleError::NotDraft),
        )) => Err(conflict()),
        Err(e) => Err(refused(e)),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    to: String,
}

/// Moves the event to another status, as the lifecycle allows (no confirmation step: the
/// call is the decision).
pub async fn change_status(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<EventId>,
    body: web::Json<StatusBody>,
) -> ApiResult {
    let (club, id) = (a.club.id, path.into_inner());
    let to: EventStatus = body
        .to
        .parse()
        .map_err(|e: UnknownStatus| unprocessable(format!("to: {e}")))?;
    let ev = api_event(&state, club, id).await?;
    let key = DealKey::generate().map_err(|e| AppError::from(e).into_api())?;
    let now = state.now();
    let seen = ev.status;
    let changed = api(state
        .db(move |c| {
            Ok(service::events::change_status_at(
                c, club, id, seen, to, &key, now,
            ))
        })
        .await)?;
    match changed {
        Ok(changed) => Ok(HttpResponse::Ok().json(event_json(&state, changed.event).await?)),
        // Finishing with games that have no result: the message and each game.
        Err(service::events::EventChangeError::OpenGames(open)) => {
            let listed = open_json(&open);
            let error = service::events::EventChangeError::OpenGames(open).to_string();
            Ok(HttpResponse::Conflict().json(serde_json::json!({
                "error": error,
                "open": listed,
            })))
        }
        Err(e) => Err(refused(e)),
    }
}

/// Releases the hand records and the key (once play is over).
pub async fn release(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
) -> ApiResult {
    let (club, id) = (a.club.id, ev.id);
    let released = api(state
        .db(move |c| Ok(service::events::release_hand_records(c, club, id)))
        .await)?;
    let ev = released.map_err(refused)?;
    Ok(HttpResponse::Ok().json(event_json(&state, ev).await?))
}

#[derive(Serialize)]
struct BoardsJson {
    algorithm: String,
    commitment: String,
    boards: Vec<crate::deals::BoardJson>,
}

/// Every board of the event, as `deal --format json` prints it: for the club's directors
/// (with their token) at any time, for anyone else once the hand records are released.
pub async fn boards(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventId>,
) -> ApiResult {
    let id = path.into_inner();
    let director = if req
        .headers()
        .contains_key(actix_web::http::header::AUTHORIZATION)
    {
        Some(ApiDirector::extract(&req).await?)
    } else {
        None
    };
    let ev = match &director {
        Some(a) => api_event(&state, a.club.id, id).await?,
        None => api(state
            .db(move |c| Ok(service::events::public_event(c, id)?))
            .await)?,
    };
    let who = Viewer::of(director.map(|a| a.club.id), ev.club_id);
    let key = ev
        .deal
        .as_ref()
        .filter(|_| ev.exposure().papers_visible(who))
        .ok_or_else(|| AppError::NotFound.into_api())?;
    let boards = crate::event::papers::boards_json(&ev.settings, key).map_err(|e| {
        tracing::error!("boards of event {id}: {e}");
        AppError::Api(StatusCode::INTERNAL_SERVER_ERROR, "internal error".into())
    })?;
    Ok(HttpResponse::Ok().json(BoardsJson {
        algorithm: key.algorithm.clone(),
        commitment: key.commitment.clone(),
        boards,
    }))
}

pub async fn get_movement(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
) -> ApiResult {
    let (club, id) = (a.club.id, ev.id);
    if movement_kind(ev.settings.format()).is_none() {
        return get_individual(&state, club, id).await;
    }
    let found = api(state
        .db(move |c| Ok(service::play::movement_of(c, club, id)?))
        .await)?;
    let (_, m) = found.ok_or_else(|| {
        AppError::Api(
            StatusCode::NOT_FOUND,
            "this event has no movement yet: PUT one".into(),
        )
    })?;
    Ok(HttpResponse::Ok().json(m))
}

/// Generates and stores the event's movement: the kind from its format, the tables from
/// its settings, the pairs from its entries, the rest from the body.
pub async fn put_movement(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
    body: web::Json<serde_json::Value>,
) -> ApiResult {
    let (club, id) = (a.club.id, ev.id);
    let by = a.director.name.clone();
    // The body's shape follows the format: a progressive individual takes rounds and
    // table sizes instead of a fixed plan's options.
    if movement_kind(ev.settings.format()).is_none() {
        return put_individual(&state, club, id, body.into_inner()).await;
    }
    let body: MovementBody = serde_json::from_value(body.into_inner())
        .map_err(|e| AppError::Api(StatusCode::BAD_REQUEST, format!("bad JSON body: {e}")))?;
    // With a reason, a change of a running event's movement (the started rounds stay; what
    // the body leaves out keeps its current value).
    let patch = MovementPatch {
        rounds: body.rounds,
        boards_per_round: body.boards_per_round,
        arrow_switch: body.arrow_switch,
    };
    let made = api(state
        .db(move |c| {
            Ok(match body.reason {
                Some(r) => service::play::change_movement(c, club, id, Some(&patch), None, &r, &by),
                None => {
                    let options = MovementOptions {
                        rounds: patch.rounds,
                        boards_per_round: patch.boards_per_round,
                        arrow_switch: patch.arrow_switch.unwrap_or_default(),
                    };
                    service::play::set_movement(c, club, id, &options)
                }
            })
        })
        .await)?;
    made.map(|m| HttpResponse::Ok().json(m)).map_err(refused)
}

/// `PUT .../movement`: the director's options, and a reason when play has started.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementBody {
    rounds: Option<u32>,
    boards_per_round: Option<u32>,
    arrow_switch: Option<Vec<u32>>,
    reason: Option<String>,
}

#[derive(Serialize)]
struct EntryJson {
    id: i32,
    number: i32,
    kind: &'static str,
    name: String,
    players: Vec<EntrantJson>,
    /// Only for a late or withdrawn entry, so an entry made before the start keeps the
    /// documented shape exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    joined_round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    withdrawn_round: Option<u32>,
}

#[derive(Serialize)]
struct EntrantJson {
    name: String,
    player_id: Option<i32>,
}

impl From<Entry> for EntryJson {
    fn from(e: Entry) -> Self {
        EntryJson {
            id: e.id.get(),
            number: e.number,
            kind: e.kind.name(),
            name: e.name,
            players: e
                .players
                .into_iter()
                .map(|p| EntrantJson {
                    name: p.name,
                    player_id: p.player_id.map(|id| id.get()),
                })
                .collect(),
            joined_round: e.joined_round,
            withdrawn_round: e.withdrawn_round,
        }
    }
}

#[derive(Serialize)]
struct EntriesJson {
    entries: Vec<EntryJson>,
}

pub async fn list_entries(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
) -> ApiResult {
    let (club, id) = (a.club.id, ev.id);
    let entries = api(state
        .db(move |c| Ok(service::entries::entries_of(c, club, id)?))
        .await)?;
    Ok(HttpResponse::Ok().json(EntriesJson {
        entries: entries.into_iter().map(EntryJson::from).collect(),
    }))
}

/// A player in a request: `{"name": "Ann Lee"}` (a guest) or `{"player_id": 3}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntrantBody {
    name: Option<String>,
    player_id: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryBody {
    kind: String,
    name: Option<String>,
    players: Vec<EntrantBody>,
    /// A late entry's reason (required once the event is running).
    reason: Option<String>,
}

impl EntryBody {
    fn draft(self) -> Result<EntryDraft, AppError> {
        let kind = EntryKind::from_name(&self.kind).ok_or_else(|| {
            unprocessable(format!(
                "kind: \"{}\" is not an entry kind: use pair, team or individual",
                self.kind
            ))
        })?;
        let players = self
            .players
            .into_iter()
            .enumerate()
            .map(|(i, p)| match (p.name, p.player_id) {
                (Some(n), None) => Ok(PlayerChoice::Guest(n)),
                (None, Some(id)) => i32::try_from(id)
                    .map(|id| PlayerChoice::Roster(PlayerId::new(id)))
                    .map_err(|_| unprocessable(format!("player {}: no such player_id", i + 1))),
                _ => Err(unprocessable(format!(
                    "player {}: give either a guest's \"name\" or a roster \"player_id\"",
                    i + 1
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(EntryDraft {
            kind,
            name: self.name,
            players,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReasonBody {
    reason: String,
}

/// Withdraws an entry of a running event from the next round on (its played results stay):
/// `200` with the entry.
pub async fn withdraw_entry(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<(EventId, EntryId)>,
    body: web::Json<ReasonBody>,
) -> ApiResult {
    let club = a.club.id;
    let by = a.director.name.clone();
    let (id, entry) = path.into_inner();
    let reason = body.into_inner().reason;
    let done = api(state
        .db(move |c| {
            Ok(service::entries::withdraw_entry(
                c, club, id, entry, &reason, &by,
            ))
        })
        .await)?;
    done.map(|e| HttpResponse::Ok().json(EntryJson::from(e)))
        .map_err(refused)
}

#[derive(Serialize)]
struct MovementChangeJson {
    from_round: u32,
    what: String,
    reason: String,
    changed_by: String,
    /// UTC, with `Z`.
    changed_at: String,
}

/// The changes made to the movement after the start, oldest first.
pub async fn movement_changes(
    state: web::Data<AppState>,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
) -> ApiResult {
    let (club, id) = (a.club.id, ev.id);
    let changes = api(state
        .db(move |c| Ok(service::play::movement_changes(c, club, id)?))
        .await)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "changes": changes
            .into_iter()
            .map(|c| MovementChangeJson {
                from_round: c.from_round,
                what: c.what,
                reason: c.reason,
                changed_by: c.changed_by,
                changed_at: TimeZone::UTC.rfc3339(c.changed_at),
            })
            .collect::<Vec<_>>()
    })))
}

pub async fn create_entry(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<EventId>,
    body: web::Json<EntryBody>,
) -> ApiResult {
    let (club, id) = (a.club.id, path.into_inner());
    let by = a.director.name.clone();
    let mut body = body.into_inner();
    let reason = body.reason.take();
    let draft = body.draft()?;
    // With a reason, a late entry to a running event; without, an entry before the start.
    let added = api(state
        .db(move |c| {
            Ok(match reason {
                Some(r) => service::entries::add_late_entry(c, club, id, &draft, &r, &by),
                None => service::entries::add_entry(c, club, id, &draft),
            })
        })
        .await)?;
    added
        .map(|e| HttpResponse::Created().json(EntryJson::from(e)))
        .map_err(refused)
}

/// Draws the starting numbers at random: `200 {"entries": [...]}` in the new order.
pub async fn draw_entries(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<EventId>,
) -> ApiResult {
    let (club, id) = (a.club.id, path.into_inner());
    let drawn = api(state
        .db(move |c| Ok(service::entries::draw_numbers(c, club, id)))
        .await)?;
    drawn
        .map(|entries| {
            HttpResponse::Ok().json(EntriesJson {
                entries: entries.into_iter().map(EntryJson::from).collect(),
            })
        })
        .map_err(refused)
}

pub async fn delete_entry(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<(EventId, EntryId)>,
) -> ApiResult {
    let club = a.club.id;
    let (id, entry) = path.into_inner();
    let gone = api(state
        .db(move |c| Ok(service::entries::delete_entry(c, club, id, entry)))
        .await)?;
    gone.map(|_| HttpResponse::NoContent().finish())
        .map_err(refused)
}

#[derive(Deserialize)]
pub struct PlayersQuery {
    #[serde(default)]
    archived: bool,
}

#[derive(Serialize)]
struct PlayerJson {
    id: i32,
    name: String,
    membership_number: Option<String>,
    archived: bool,
}

impl From<Player> for PlayerJson {
    fn from(p: Player) -> Self {
        PlayerJson {
            id: p.id.get(),
            name: p.name,
            membership_number: p.membership_number,
            archived: p.archived,
        }
    }
}

pub async fn list_players(
    state: web::Data<AppState>,
    a: ApiDirector,
    q: web::Query<PlayersQuery>,
) -> ApiResult {
    let (club, archived) = (a.club.id, q.archived);
    let players = api(state
        .db(move |c| Ok(service::clubs::players_of(c, club, archived)?))
        .await)?;
    let out: Vec<PlayerJson> = players.into_iter().map(PlayerJson::from).collect();
    Ok(HttpResponse::Ok().json(out))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PlayerBody {
    name: Option<String>,
    membership_number: Option<String>,
    archived: Option<bool>,
}

fn player_error(e: service::clubs::PlayerError) -> AppError {
    use service::clubs::PlayerError;
    match e {
        PlayerError::MembershipTaken => AppError::Api(
            StatusCode::CONFLICT,
            "another player of the club has this membership number".into(),
        ),
        PlayerError::NotFound => AppError::NotFound.into_api(),
        PlayerError::Db(e) => AppError::from(e).into_api(),
    }
}

fn player_fields(name: &str, number: &str) -> Result<PlayerFields, AppError> {
    PlayerFields::parse(name, number).map_err(|e| {
        let mut parts = Vec::new();
        if let Some(m) = e.name {
            parts.push(format!("name: {m}"));
        }
        if let Some(m) = e.membership_number {
            parts.push(format!("membership_number: {m}"));
        }
        unprocessable(parts.join("; "))
    })
}

pub async fn create_player(
    state: web::Data<AppState>,
    a: ApiDirector,
    body: web::Json<PlayerBody>,
) -> ApiResult {
    let body = body.into_inner();
    if body.archived.is_some() {
        return Err(unprocessable("archived: a new player is never archived"));
    }
    let fields = player_fields(
        body.name.as_deref().unwrap_or_default(),
        body.membership_number.as_deref().unwrap_or_default(),
    )?;
    let club = a.club.id;
    let p = api(state
        .db(move |c| Ok(service::clubs::add_player(c, club, &fields)))
        .await)?
    .map_err(player_error)?;
    Ok(HttpResponse::Created().json(PlayerJson::from(p)))
}

pub async fn update_player(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<PlayerId>,
    body: web::Json<PlayerBody>,
) -> ApiResult {
    let id = path.into_inner();
    let club = a.club.id;
    let current = api(state
        .db(move |c| service::clubs::player(c, club, id)?.ok_or(AppError::NotFound))
        .await)?;
    let body = body.into_inner();
    let fields = player_fields(
        &body.name.unwrap_or(current.name),
        &body
            .membership_number
            .or(current.membership_number)
            .unwrap_or_default(),
    )?;
    let archived = body.archived;
    let p = api(state
        .db(move |c| {
            Ok(service::clubs::update_player(
                c, club, id, &fields, archived,
            ))
        })
        .await)?
    .map_err(player_error)?;
    Ok(HttpResponse::Ok().json(PlayerJson::from(p)))
}

#[derive(Serialize)]
struct IndividualMovementJson {
    kind: &'static str,
    tables: u32,
    rounds: u32,
    players: u32,
    table_sizes: Vec<u32>,
    boards: u32,
    options: IndividualOptions,
    /// The seating of every round started so far (at tables of three, each round's
    /// players by table and position).
    seated: Vec<StoredRound>,
}

/// `GET .../movement` of a progressive individual: its options, the plan made of them and
/// the rounds seated so far; 404 before the options are set.
pub async fn get_individual(state: &AppState, club: ClubId, id: EventId) -> ApiResult {
    let (options, fours, threes) = state
        .db(move |c| Ok(service::play::individual_seatings(c, club, id)?))
        .await
        .map_err(AppError::into_api)?;
    let (options, plan) = options.ok_or_else(|| {
        AppError::Api(
            StatusCode::NOT_FOUND,
            "this progressive individual has no rounds and table sizes yet: PUT them".into(),
        )
    })?;
    Ok(HttpResponse::Ok().json(IndividualMovementJson {
        kind: "progressive-individual",
        tables: plan.tables(),
        rounds: plan.rounds,
        players: plan.players,
        boards: plan.boards(),
        table_sizes: plan.table_sizes,
        options,
        seated: fours
            .into_iter()
            .map(StoredRound::Fours)
            .chain(threes.into_iter().map(StoredRound::Threes))
            .collect(),
    }))
}

/// `PUT .../movement` of a progressive individual: `{"rounds": 5, "table_sizes": [5, 4, 4]}`.
pub async fn put_individual(
    state: &AppState,
    club: ClubId,
    id: EventId,
    body: serde_json::Value,
) -> ApiResult {
    let options: IndividualOptions = serde_json::from_value(body)
        .map_err(|e| AppError::Api(StatusCode::BAD_REQUEST, format!("bad JSON body: {e}")))?;
    let set = state
        .db(move |c| Ok(service::play::set_individual_options(c, club, id, &options)))
        .await
        .map_err(AppError::into_api)?;
    match set {
        Ok(_) => get_individual(state, club, id).await,
        Err(e) => Err(AppError::from(e).into_api()),
    }
}
