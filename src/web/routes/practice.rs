//! Replay a board against robots (#39 item 6c): the deal viewer's form makes a practice
//! table (`POST /c/{club}/events/{event}/boards/{board}/practice`, any visitor, no login, the
//! site's CSRF token) and sends the visitor to its phone table page, `/seat/{token}`; the
//! practice table's own page (`GET .../practice/{id}`) shows its net beside the field's nets
//! and the robot par once its last card is played. The rules are `service::practice`'s.

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::EventId;
use crate::event::club::Club;
use crate::service::practice;
use crate::web::auth::MaybeDirector;
use crate::web::error::AppError;
use crate::web::page::Nav;
use crate::web::practice_view::PracticeShow;
use crate::web::render::html_page;
use crate::web::standings_view::club_event;
use crate::web::state::AppState;

#[derive(Deserialize)]
pub struct PracticeForm {
    #[serde(default)]
    seat: String,
}

fn number(s: &str) -> Result<u32, AppError> {
    s.parse().map_err(|_| AppError::NotFound)
}

/// `POST /c/{club}/events/{event}/boards/{board}/practice` (`seat`): a practice table of
/// the board with the visitor in that seat, then its table page. Refused in words (404 for
/// an event or board not to be seen, 403 before the hand records are released or for a game
/// not played online, 409 while the club's practice tables are all in play), no table made.
pub async fn start(
    state: web::Data<AppState>,
    path: web::Path<(String, String, String)>,
    form: web::Form<PracticeForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, event, board) = path.into_inner();
    let board = number(&board)?;
    let (club, ev) = club_event(&state, slug, &event).await?;
    let (club_id, id, seat, now) = (club.id, ev.id, form.seat.clone(), state.now());
    let token = state
        .work(move |pool| Ok(practice::start(pool, club_id, id, board, &seat, now)?))
        .await?;
    // The robots look now rather than after their nap.
    state.robots.wake();
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, format!("/seat/{token}")))
        .finish())
}

#[derive(Template)]
#[template(path = "practice.html")]
struct PracticePage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    p: PracticeShow,
}

/// `GET /c/{club}/events/{event}/boards/{board}/practice/{id}`: the practice table's end
/// (or that it is still being played). A practice table plays a released board, so its
/// page is as public as the board's deal viewer.
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, event, board, table) = path.into_inner();
    let (board, table) = (number(&board)?, number(&table)?);
    let (club, ev) = club_event(&state, slug, &event).await?;
    let (working, now) = (state.pars.working(), state.now());
    let end = state
        .work(move |pool| Ok(practice::end_of(pool, table, working, now)?))
        .await?;
    if end.table.event != ev.id || end.table.board != board || practice::offered(&ev).is_some() {
        return Err(AppError::NotFound);
    }
    let page = PracticePage {
        nav: Nav::new(&session, &viewer),
        club,
        event_id: ev.id,
        p: PracticeShow::of(&end),
    };
    Ok(html_page(StatusCode::OK, &page))
}
