//! Simultaneous events: the public field page (live), its travellers, and the directors'
//! acts (open a sim from an event, join with a heat, import a heat, release the field).

use std::sync::Arc;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::seats::SideNames;
use crate::event::sim::Sim;
use crate::event::{ClubId, Count, EventId, SimId};
use crate::service::sims::{self as service, Field, StandingsTable as Table, Traveller};
use crate::web::auth::{ApiDirector, ClubDirector, MaybeDirector};
use crate::web::error::AppError;
use crate::web::page::{Nav, flash, see_other};
use crate::web::render::html_page;
use crate::web::standings_cache::SimComputed;
use crate::web::state::AppState;
use crate::web::upload::UploadParts;

/// How often the field page asks for news (milliseconds).
pub const POLL_MS: u64 = 5000;

fn sim_path(id: SimId) -> String {
    format!("/sims/{id}")
}

/// A heat as the field page lists it.
pub struct HeatLine {
    pub heat: u32,
    pub club: String,
    pub href: String,
    pub status: &'static str,
    pub tables: u16,
    /// The boards the heat plays: "boards 1–3".
    pub boards: String,
    /// When they are not the sim's (a heat made before every heat's movement was held to
    /// them): what it plays instead.
    pub boards_differ: Option<String>,
    pub imported: bool,
    pub standings: Vec<Table>,
}

/// What changes during play: the field's standings and each club's.
#[derive(Template)]
#[template(path = "_sim_standings.html")]
struct LivePart<'a> {
    field: &'a [Table],
    heats: &'a [HeatLine],
    released: bool,
}

fn heat_lines(f: &Field) -> Vec<HeatLine> {
    let sides = f.first.settings.side_names();
    let sim_boards = f.first.settings.boards();
    f.heats
        .iter()
        .map(|h| HeatLine {
            heat: h.heat.heat,
            club: h.heat.club_name.clone(),
            href: format!("/c/{}/events/{}", h.club_slug, h.event.id),
            status: h.event.status.name(),
            tables: h.event.settings.tables(),
            // A heat's boards are its movement's (setting the movement sets them).
            boards: format!("boards 1–{}", h.event.settings.boards()),
            boards_differ: (h.event.settings.boards() != sim_boards).then(|| {
                format!(
                    "its movement plays boards 1–{}, not the simultaneous event's 1–{sim_boards}",
                    h.event.settings.boards()
                )
            }),
            imported: h.heat.imported,
            standings: service::standings_tables(&h.standings, &sides, |p| {
                format!("{p} {}", h.names.of(p))
            }),
        })
        .collect()
}

fn live_part(f: &Field, heats: &[HeatLine]) -> Result<String, AppError> {
    let field = service::standings_tables(&f.standings, &f.first.settings.side_names(), |p| {
        f.pair_name(p)
    });
    Ok(LivePart {
        field: &field,
        heats,
        released: f.sim.released,
    }
    .render()?)
}

#[derive(Template)]
#[template(path = "sim.html")]
struct SimPage<'a> {
    nav: Nav,
    sim: &'a Sim,
    organiser: String,
    commitment: Option<String>,
    /// The key, once released.
    key: Option<String>,
    boards: u16,
    heats: Vec<HeatLine>,
    part: String,
    poll_ms: u64,
    travellers: bool,
    /// The logged-in director's club may join with a heat.
    can_join: bool,
    /// The join form's tables: the organiser's, or what was typed when it was refused.
    join_tables: String,
    /// Why the join was refused, beside the form.
    join_error: Option<String>,
    join_action: String,
    /// The logged-in director is the organiser's.
    organiser_director: bool,
    club_slug: String,
}

/// The field as the viewer (`directs`: the club of the director asking) sees it: from the
/// cache while no heat changed (one indexed read per request), else computed once.
async fn field_for(
    state: &AppState,
    id: SimId,
    directs: Option<ClubId>,
) -> Result<Arc<SimComputed>, AppError> {
    let version = state.db(move |c| Ok(service::version(c, id)?)).await?;
    if let Some(c) = state.sim_fields.get((id, directs), version) {
        return Ok(c);
    }
    // The last field computed for this viewer lends the scores of every heat that has not
    // changed since (a result changes one heat; the others need not be read and scored).
    let previous = state.sim_fields.latest((id, directs));
    let (version, field) = state
        .db(move |c| {
            let previous = previous.as_deref().map(|p| &p.field);
            Ok(service::versioned_field(c, id, directs, previous)?)
        })
        .await?;
    let heats = heat_lines(&field);
    let part = live_part(&field, &heats)?;
    let live_json = serde_json::json!({ "html": part }).to_string();
    let c = Arc::new(SimComputed {
        field,
        part,
        live_json,
    });
    state
        .sim_fields
        .put((id, directs), version, None, c.clone());
    Ok(c)
}

fn directs(viewer: &MaybeDirector) -> Option<ClubId> {
    viewer.0.as_ref().map(|(d, _)| d.club_id)
}

/// `/sims/{sim}`: the simultaneous event's field: heats, standings across the whole field
/// and within each club, live while it is played.
pub async fn page(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<SimId>,
) -> Result<HttpResponse, AppError> {
    sim_page(&state, &session, &viewer, path.into_inner(), None).await
}

/// A join that was refused: what was typed, and why.
struct JoinTry {
    tables: String,
    error: String,
}

/// The sim's page, with the join form as typed and its problem when a join was refused.
async fn sim_page(
    state: &AppState,
    session: &Session,
    viewer: &MaybeDirector,
    id: SimId,
    refused: Option<JoinTry>,
) -> Result<HttpResponse, AppError> {
    let mine = directs(viewer);
    let c = field_for(state, id, mine).await?;
    let f = &c.field;
    let heats = heat_lines(f);
    let part = c.part.clone();
    let in_sim = |c: ClubId| {
        f.heats
            .iter()
            .any(|h| !h.heat.imported && h.event.club_id == c)
    };
    let can_join = mine.is_some_and(|c| !f.sim.released && !in_sim(c));
    let club_slug = viewer
        .0
        .as_ref()
        .map(|(_, c)| c.slug.clone())
        .unwrap_or_default();
    let status = match refused {
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
        None => StatusCode::OK,
    };
    let (join_tables, join_error) = match refused {
        Some(t) => (t.tables, Some(t.error)),
        None => (f.first.settings.tables().to_string(), None),
    };
    let page = SimPage {
        nav: Nav::reading(session, viewer),
        organiser: f.organiser.name.clone(),
        commitment: f.first.deal.as_ref().map(|k| k.commitment.clone()),
        key: f
            .first
            .deal
            .as_ref()
            .filter(|_| f.sim.released)
            .map(|k| k.key_hex.clone()),
        boards: f.first.settings.boards(),
        part,
        poll_ms: POLL_MS,
        travellers: f.travellers_visible,
        can_join,
        join_tables,
        join_error,
        join_action: format!("/c/{club_slug}/sims/{id}/join"),
        organiser_director: mine == Some(f.sim.club_id),
        club_slug,
        sim: &f.sim,
        heats,
    };
    Ok(html_page(status, &page))
}

/// `/sims/{sim}/live`: the live part for the page's script.
pub async fn live(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<SimId>,
) -> Result<HttpResponse, AppError> {
    let c = field_for(&state, path.into_inner(), directs(&viewer)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .content_type("application/json")
        .body(c.live_json.clone()))
}

#[derive(Template)]
#[template(path = "sim_travellers.html")]
struct TravellersPage<'a> {
    nav: Nav,
    sim: &'a Sim,
    boards: Vec<Traveller>,
    /// What players call the two sides ("N-S ♠♥", "E-W ♦♣").
    sides: SideNames,
}

/// `/sims/{sim}/travellers`: every board's results across the whole field, once the
/// field's hand records are released (the organiser's directors: any time).
pub async fn travellers(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<SimId>,
) -> Result<HttpResponse, AppError> {
    let c = field_for(&state, path.into_inner(), directs(&viewer)).await?;
    let f = &c.field;
    if !f.travellers_visible {
        return Err(AppError::Refused(
            StatusCode::FORBIDDEN,
            "Not yet",
            "The field's travellers are shown once every heat has finished and the hand records are released: until then some club may still have to play a board.".into(),
        ));
    }
    let boards = f.travellers();
    Ok(html_page(
        StatusCode::OK,
        &TravellersPage {
            nav: Nav::reading(&session, &viewer),
            sim: &f.sim,
            boards,
            sides: f.first.settings.side_names(),
        },
    ))
}

#[derive(Template)]
#[template(path = "sims.html")]
struct ListPage {
    nav: Nav,
    sims: Vec<Sim>,
}

/// `/sims`: every simultaneous event on the server, newest first.
pub async fn list(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
) -> Result<HttpResponse, AppError> {
    let sims = state.db(|c| Ok(service::all(c)?)).await?;
    Ok(html_page(
        StatusCode::OK,
        &ListPage {
            nav: Nav::reading(&session, &viewer),
            sims,
        },
    ))
}

#[derive(Deserialize)]
pub struct OpenForm {
    pub name: String,
}

/// `POST /c/{club}/events/{event}/sim`: makes the event heat 1 of a new sim.
pub async fn open(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, EventId)>,
    form: web::Form<OpenForm>,
) -> Result<HttpResponse, AppError> {
    let (_, event) = path.into_inner();
    let club = d.club.clone();
    let name = form.into_inner().name;
    let id = state
        .db(move |c| Ok(service::open(c, &club, event, &name)?))
        .await?;
    flash(
        &session,
        "The simultaneous event is open: other clubs on this server can join it with a heat.",
    );
    Ok(see_other(&sim_path(id)))
}

#[derive(Deserialize)]
pub struct JoinForm {
    pub tables: String,
}

/// `POST /c/{club}/sims/{sim}/join`: a heat of the sim for the director's club. A number of
/// tables that does not do is named beside the form, as typed.
pub async fn join(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, SimId)>,
    form: web::Form<JoinForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let club = d.club.clone();
    let typed = form.into_inner().tables;
    let tables = Count::Text(typed.trim().to_string());
    match state
        .db(move |c| Ok(service::join(c, &club, id, tables)?))
        .await
    {
        Ok(event) => {
            flash(
                &session,
                "Your heat is a draft event of your club: enter the pairs, set the movement and run it as any event.",
            );
            Ok(see_other(&format!("/c/{}/events/{event}", d.club.slug)))
        }
        Err(AppError::Invalid(error)) => {
            let viewer = MaybeDirector(Some((d.director.clone(), d.club.clone())));
            let typed: String = typed.chars().take(40).collect();
            sim_page(
                &state,
                &session,
                &viewer,
                id,
                Some(JoinTry {
                    tables: typed,
                    error,
                }),
            )
            .await
        }
        Err(e) => Err(e),
    }
}

/// `POST /c/{club}/sims/{sim}/heats/import`: a heat played on another server, from the
/// export file its club sent.
pub async fn import(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    req: HttpRequest,
    path: web::Path<(String, SimId)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let parts = req.extensions().get::<UploadParts>().cloned();
    let file = parts
        .as_ref()
        .and_then(|p| p.get("file"))
        .map(|p| p.data.clone())
        .unwrap_or_default();
    let text = match std::str::from_utf8(&file) {
        Ok(t) if !t.trim().is_empty() => t.to_string(),
        Ok(_) => {
            return Err(AppError::Refused(
                StatusCode::BAD_REQUEST,
                "No file",
                "Choose the heat's export file (calypso-director/event/v1 JSON); nothing was saved.".into(),
            ));
        }
        Err(_) => {
            return Err(AppError::Refused(
                StatusCode::BAD_REQUEST,
                "Not a text file",
                "The heat's file is not UTF-8 text: choose the export file (JSON); nothing was saved.".into(),
            ));
        }
    };
    let club = d.club.clone();
    state
        .work(move |pool| Ok(service::import_heat(pool, &club, id, &text)?))
        .await?;
    flash(&session, "The heat is imported and scored with the field.");
    Ok(see_other(&sim_path(id)))
}

#[derive(Deserialize)]
pub struct ReleaseForm {
    #[serde(default)]
    pub confirm: String,
}

/// `POST /c/{club}/sims/{sim}/release`: the organiser releases the key and every heat's
/// hand records before every heat has finished.
pub async fn release(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, SimId)>,
    form: web::Form<ReleaseForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    if form.confirm != "yes" {
        return Err(AppError::Refused(
            StatusCode::BAD_REQUEST,
            "Not confirmed",
            "Tick the box to confirm that every heat has finished playing; nothing was released."
                .into(),
        ));
    }
    let club = d.club.id;
    state
        .db(move |c| Ok(service::release(c, club, id)?))
        .await?;
    flash(
        &session,
        "The key and every heat's hand records are now public.",
    );
    Ok(see_other(&sim_path(id)))
}

/// `GET /api/v1/sims/{id}/standings`: the field's standings and each heat's.
pub async fn api_standings(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<SimId>,
) -> Result<HttpResponse, AppError> {
    let c = field_for(&state, path.into_inner(), Some(a.club.id))
        .await
        .map_err(AppError::into_api)?;
    Ok(HttpResponse::Ok().json(c.field.to_json()))
}

/// `GET /api/v1/sims/{id}/sheet`: the whole field's scoring sheet, as `calypso-director
/// score` reads it (every result: the organiser's directors, or anyone once released).
pub async fn api_sheet(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<SimId>,
) -> Result<HttpResponse, AppError> {
    let c = field_for(&state, path.into_inner(), Some(a.club.id))
        .await
        .map_err(AppError::into_api)?;
    if !c.field.travellers_visible {
        return Err(AppError::NotFound.into_api());
    }
    Ok(HttpResponse::Ok().json(c.field.sheet.to_json()))
}
