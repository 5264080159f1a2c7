//! Public pages: the club list, each club's home, the stylesheet, the API documentation.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::event::EventStatus;
use crate::event::club::Club;
use crate::service::clubs;
use crate::web::auth::MaybeDirector;
use crate::web::error::AppError;
use crate::web::page::EventSummary;
use crate::web::page::Nav;
use crate::web::render::html_page;
use crate::web::state::AppState;

const API_DOC: &str = include_str!("../../../docs/api.md");

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage {
    nav: Nav,
    clubs: Vec<Club>,
}

pub async fn index(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
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
    viewer: MaybeDirector,
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
pub async fn api_doc(session: Session, viewer: MaybeDirector) -> HttpResponse {
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
