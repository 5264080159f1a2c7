//! Public pages: the club list, each club's home, the stylesheet, the API documentation.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::events::EventSummary;
use crate::event::EventStatus;
use crate::event::club::Club;
use crate::service::clubs;
use crate::web::auth::Viewer;
use crate::web::error::AppError;
use crate::web::page::Nav;
use crate::web::render::html_page;
use crate::web::state::AppState;

const STYLESHEET: &str = include_str!("../../../static/style.css");
const API_DOC: &str = include_str!("../../../docs/api.md");

pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(STYLESHEET)
}

const TABLE_SCRIPT: &str = include_str!("../../../static/table.js");

/// One of the site's scripts, cached for an hour.
fn script(body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(body)
}

/// The table page's script: keeps an unsent result form through a reload.
pub async fn table_script() -> HttpResponse {
    script(TABLE_SCRIPT)
}

const EVENT_FORM_SCRIPT: &str = include_str!("../../../static/event_form.js");

/// The event form's script: hands and packs shown for the games dealt at the table.
pub async fn event_form_script() -> HttpResponse {
    script(EVENT_FORM_SCRIPT)
}

const FORMS_SCRIPT: &str = include_str!("../../../static/forms.js");

const FAVICON: &str = include_str!("../../../static/favicon.svg");

/// The site's icon (`/static/favicon.svg`, linked from every page), also at `/favicon.ico`
/// where browsers and other clients look without a link: SVG either way.
pub async fn favicon() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("Cache-Control", "public, max-age=86400"))
        .body(FAVICON)
}

/// Every form's script: a form sent back with problems focuses its first field in error.
pub async fn forms_script() -> HttpResponse {
    script(FORMS_SCRIPT)
}

const LIVE_SCRIPT: &str = include_str!("../../../static/live.js");

/// The live parts' script: the standings, the result grid, round control and the
/// navigation's disputes follow the room without a reload.
pub async fn live_script() -> HttpResponse {
    script(LIVE_SCRIPT)
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage {
    nav: Nav,
    clubs: Vec<Club>,
}

pub async fn index(
    state: web::Data<AppState>,
    session: Session,
    viewer: Viewer,
) -> Result<HttpResponse, AppError> {
    let clubs = state.db(|c| Ok(clubs::all_clubs(c)?)).await?;
    Ok(html_page(
        StatusCode::OK,
        &IndexPage {
            nav: Nav::new(&session, &viewer),
            clubs,
        },
    ))
}

#[derive(Template)]
#[template(path = "club_home.html")]
struct ClubHome {
    nav: Nav,
    club: Club,
    is_director: bool,
    drafts: Vec<EventSummary>,
    upcoming: Vec<EventSummary>,
    live: Vec<EventSummary>,
    past: Vec<EventSummary>,
}

pub async fn club_home(
    state: web::Data<AppState>,
    session: Session,
    viewer: Viewer,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let slug = path.into_inner();
    let (club, events) = state
        .db(move |c| clubs::club_with_events(c, &slug)?.ok_or(AppError::NotFound))
        .await?;
    let who = viewer.toward(club.id);
    let mut page = ClubHome {
        nav: Nav::new(&session, &viewer),
        club,
        is_director: who.is_club_director(),
        drafts: vec![],
        upcoming: vec![],
        live: vec![],
        past: vec![],
    };
    for e in events {
        if !e.exposure().event_visible(who) {
            continue;
        }
        let s = EventSummary::from(&e);
        match e.status {
            EventStatus::Draft => page.drafts.push(s),
            EventStatus::Ready => page.upcoming.push(s),
            EventStatus::Running => page.live.push(s),
            EventStatus::Finished | EventStatus::Cancelled | EventStatus::Archived => {
                page.past.push(s)
            }
        }
    }
    // Soonest first for what is coming; most recent first for the past.
    page.upcoming.reverse();
    page.drafts.reverse();
    Ok(html_page(StatusCode::OK, &page))
}

#[derive(Template)]
#[template(path = "doc.html")]
struct DocPage {
    nav: Nav,
    title: &'static str,
    body: String,
}

/// docs/api.md as a page of the site, so the tokens page can link to it.
pub async fn api_doc(session: Session, viewer: Viewer) -> HttpResponse {
    let mut body = String::new();
    let parser = pulldown_cmark::Parser::new_ext(API_DOC, pulldown_cmark::Options::ENABLE_TABLES);
    pulldown_cmark::html::push_html(&mut body, parser);
    html_page(
        StatusCode::OK,
        &DocPage {
            nav: Nav::new(&session, &viewer),
            title: "JSON API",
            body,
        },
    )
}

pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, AppError> {
    Err(if req.path().starts_with("/api/") {
        AppError::NotFound.into_api()
    } else {
        AppError::NotFound
    })
}
