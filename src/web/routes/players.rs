//! The club's roster: list, add, edit, archive.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Nav, flash, see_other};
use crate::db::models::{Club, Player};
use crate::db::queries::{self, PlayerError};
use crate::web::AppState;
use crate::web::auth::ClubDirector;
use crate::web::domain::{FieldErrors, PlayerInput};
use crate::web::error::{AppError, html_page};

#[derive(Template)]
#[template(path = "players.html")]
struct PlayersPage {
    nav: Nav,
    club: Club,
    players: Vec<Player>,
    show_archived: bool,
    form: PlayerInput,
    errors: FieldErrors,
}

#[derive(Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    archived: Option<String>,
}

async fn players_page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    show_archived: bool,
    form: PlayerInput,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let club_id = d.club.id;
    let players = state
        .db(move |c| Ok(queries::players_of(c, club_id, show_archived)?))
        .await?;
    let status = errors.status();
    Ok(html_page(
        status,
        &PlayersPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            players,
            show_archived,
            form,
            errors,
        },
    ))
}

pub async fn list(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    q: web::Query<ListQuery>,
) -> Result<HttpResponse, AppError> {
    let show = q.archived.as_deref().is_some_and(|v| v == "1");
    players_page(
        &state,
        &session,
        &d,
        show,
        PlayerInput::default(),
        FieldErrors::default(),
    )
    .await
}

fn membership_taken() -> FieldErrors {
    let mut e = FieldErrors::default();
    e.add(
        "membership_number",
        "another player of the club has this number",
    );
    e
}

pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<PlayerInput>,
) -> Result<HttpResponse, AppError> {
    let input = form.into_inner();
    let fields = match input.validate() {
        Ok(f) => f,
        Err(errors) => return players_page(&state, &session, &d, false, input, errors).await,
    };
    let club_id = d.club.id;
    match state
        .db(move |c| Ok(queries::create_player(c, club_id, &fields)))
        .await?
    {
        Ok(p) => {
            flash(&session, format!("Added {}.", p.name));
            Ok(see_other(&format!("/c/{}/players", d.club.slug)))
        }
        Err(PlayerError::MembershipTaken) => {
            players_page(&state, &session, &d, false, input, membership_taken()).await
        }
        Err(PlayerError::NotFound) => Err(AppError::NotFound),
        Err(PlayerError::Db(e)) => Err(e.into()),
    }
}

#[derive(Template)]
#[template(path = "player_edit.html")]
struct EditPage {
    nav: Nav,
    club: Club,
    player_id: i32,
    form: PlayerInput,
    errors: FieldErrors,
}

pub async fn edit_form(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let club_id = d.club.id;
    let p = state
        .db(move |c| queries::player(c, club_id, id)?.ok_or(AppError::NotFound))
        .await?;
    Ok(html_page(
        StatusCode::OK,
        &EditPage {
            nav: Nav::for_director(&session, &d),
            club: d.club.clone(),
            player_id: p.id,
            form: PlayerInput {
                name: p.name,
                membership_number: p.membership_number.unwrap_or_default(),
            },
            errors: FieldErrors::default(),
        },
    ))
}

pub async fn update(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
    form: web::Form<PlayerInput>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let input = form.into_inner();
    let club_id = d.club.id;
    let errors = match input.validate() {
        Ok(fields) => {
            let saved = state
                .db(move |c| Ok(queries::update_player(c, club_id, id, &fields, None)))
                .await?;
            match saved {
                Ok(p) => {
                    flash(&session, format!("Saved {}.", p.name));
                    return Ok(see_other(&format!("/c/{}/players", d.club.slug)));
                }
                Err(PlayerError::MembershipTaken) => membership_taken(),
                Err(PlayerError::NotFound) => return Err(AppError::NotFound),
                Err(PlayerError::Db(e)) => return Err(e.into()),
            }
        }
        Err(errors) => {
            // Refuse ids of other clubs before echoing anything back.
            state
                .db(move |c| queries::player(c, club_id, id)?.ok_or(AppError::NotFound))
                .await?;
            errors
        }
    };
    Ok(html_page(
        errors.status(),
        &EditPage {
            nav: Nav::for_director(&session, &d),
            club: d.club.clone(),
            player_id: id,
            form: input,
            errors,
        },
    ))
}

#[derive(Deserialize)]
pub struct ArchiveForm {
    #[serde(default)]
    archived: String,
}

pub async fn archive(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
    form: web::Form<ArchiveForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let archived = form.archived != "0";
    let club_id = d.club.id;
    let found = state
        .db(move |c| Ok(queries::set_player_archived(c, club_id, id, archived)?))
        .await?;
    if !found {
        return Err(AppError::NotFound);
    }
    flash(
        &session,
        if archived {
            "Player archived."
        } else {
            "Player restored."
        },
    );
    Ok(see_other(&format!("/c/{}/players", d.club.slug)))
}
