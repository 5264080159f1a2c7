//! The club's roster: list, add, edit, archive.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::PlayerId;
use crate::event::club::{Club, Player, PlayerErrors, PlayerFields};
use crate::service::clubs::{self, PlayerError};
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::page::{FieldErrors, Nav, flash, see_other};
use crate::web::render::html_page;
use crate::web::state::AppState;

/// A player as typed into the form, before validation.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct PlayerForm {
    pub name: String,
    pub membership_number: String,
}

impl PlayerForm {
    fn parse(&self) -> Result<PlayerFields, FieldErrors> {
        PlayerFields::parse(&self.name, &self.membership_number).map_err(field_errors)
    }
}

pub fn field_errors(e: PlayerErrors) -> FieldErrors {
    let mut f = FieldErrors::default();
    if let Some(m) = e.name {
        f.add("name", m);
    }
    if let Some(m) = e.membership_number {
        f.add("membership_number", m);
    }
    f
}

#[derive(Template)]
#[template(path = "players.html")]
struct PlayersPage {
    nav: Nav,
    club: Club,
    players: Vec<Player>,
    show_archived: bool,
    form: PlayerForm,
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
    form: PlayerForm,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let club = d.club.id;
    let players = state
        .db(move |c| Ok(clubs::players_of(c, club, show_archived)?))
        .await?;
    Ok(html_page(
        errors.status(),
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
        PlayerForm::default(),
        FieldErrors::default(),
    )
    .await
}

pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let input = form.into_inner();
    let fields = match input.parse() {
        Ok(f) => f,
        Err(errors) => return players_page(&state, &session, &d, false, input, errors).await,
    };
    let club = d.club.id;
    match state
        .db(move |c| Ok(clubs::add_player(c, club, &fields)))
        .await?
    {
        Ok(p) => {
            flash(&session, format!("Added {}.", p.name));
            Ok(see_other(&format!("/c/{}/players", d.club.slug)))
        }
        Err(PlayerError::MembershipTaken) => {
            let errors = FieldErrors::one("membership_number", PlayerError::MembershipTaken);
            players_page(&state, &session, &d, false, input, errors).await
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
    player_id: PlayerId,
    form: PlayerForm,
    errors: FieldErrors,
}

pub async fn edit_form(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, PlayerId)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let club = d.club.id;
    let p = state
        .db(move |c| clubs::player(c, club, id)?.ok_or(AppError::NotFound))
        .await?;
    Ok(html_page(
        StatusCode::OK,
        &EditPage {
            nav: Nav::for_director(&session, &d),
            club: d.club.clone(),
            player_id: p.id,
            form: PlayerForm {
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
    path: web::Path<(String, PlayerId)>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let input = form.into_inner();
    let club = d.club.id;
    let errors = match input.parse() {
        Ok(fields) => {
            let saved = state
                .db(move |c| Ok(clubs::update_player(c, club, id, &fields, None)))
                .await?;
            match saved {
                Ok(p) => {
                    flash(&session, format!("Saved {}.", p.name));
                    return Ok(see_other(&format!("/c/{}/players", d.club.slug)));
                }
                Err(PlayerError::MembershipTaken) => {
                    FieldErrors::one("membership_number", PlayerError::MembershipTaken)
                }
                Err(PlayerError::NotFound) => return Err(AppError::NotFound),
                Err(PlayerError::Db(e)) => return Err(e.into()),
            }
        }
        Err(errors) => {
            // Refuse ids of other clubs before echoing anything back.
            state
                .db(move |c| clubs::player(c, club, id)?.ok_or(AppError::NotFound))
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
    path: web::Path<(String, PlayerId)>,
    form: web::Form<ArchiveForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let archived = form.archived != "0";
    let club = d.club.id;
    let found = state
        .db(move |c| Ok(clubs::set_player_archived(c, club, id, archived)?))
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
