//! Public pages: the club list, each club's home, the stylesheet.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::Nav;
use super::events::EventSummary;
use crate::db::models::Club;
use crate::db::queries;
use crate::web::AppState;
use crate::web::auth::Viewer;
use crate::web::error::{AppError, html_page};

const STYLESHEET: &str = include_str!("../../../static/style.css");

pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(STYLESHEET)
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
    let clubs = state.db(|c| Ok(queries::all_clubs(c)?)).await?;
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
        .db(move |c| {
            let club = queries::club_by_slug(c, &slug)?.ok_or(AppError::NotFound)?;
            let events = queries::events_of(c, club.id)?;
            Ok((club, events))
        })
        .await?;
    let is_director = viewer.directs(club.id);
    let mut page = ClubHome {
        nav: Nav::new(&session, &viewer),
        club,
        is_director,
        drafts: vec![],
        upcoming: vec![],
        live: vec![],
        past: vec![],
    };
    for e in events {
        let s = EventSummary::from(&e);
        match e.status.as_str() {
            "draft" if is_director => page.drafts.push(s),
            "ready" => page.upcoming.push(s),
            "running" => page.live.push(s),
            "finished" | "archived" => page.past.push(s),
            _ => {}
        }
    }
    // Soonest first for what is coming; most recent first for the past.
    page.upcoming.reverse();
    page.drafts.reverse();
    Ok(html_page(StatusCode::OK, &page))
}

pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, AppError> {
    Err(if req.path().starts_with("/api/") {
        AppError::NotFound.into_api()
    } else {
        AppError::NotFound
    })
}
