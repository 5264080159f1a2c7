//! The club's directors, and invitations (owner only).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono::Duration;
use serde::Deserialize;

use super::Nav;
use crate::db::models::{Club, Director, Invite};
use crate::db::queries;
use crate::web::AppState;
use crate::web::auth::{self, ClubDirector};
use crate::web::domain::{Email, FieldErrors};
use crate::web::error::{AppError, html_page};

pub const INVITE_DAYS: i64 = 7;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct InviteInput {
    pub email: String,
}

#[derive(Template)]
#[template(path = "directors.html")]
struct DirectorsPage {
    nav: Nav,
    club: Club,
    directors: Vec<Director>,
    invites: Vec<Invite>,
    is_owner: bool,
    new_link: Option<String>,
    invite_days: i64,
    form: InviteInput,
    errors: FieldErrors,
}

async fn page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    new_link: Option<String>,
    form: InviteInput,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let club_id = d.club.id;
    let (directors, invites) = state
        .db(move |c| {
            Ok((
                queries::directors_of_club(c, club_id)?,
                queries::pending_invites(c, club_id)?,
            ))
        })
        .await?;
    Ok(html_page(
        errors.status(),
        &DirectorsPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            directors,
            invites,
            is_owner: d.director.is_owner(),
            new_link,
            invite_days: INVITE_DAYS,
            form,
            errors,
        },
    ))
}

pub async fn list(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
) -> Result<HttpResponse, AppError> {
    page(
        &state,
        &session,
        &d,
        None,
        InviteInput::default(),
        FieldErrors::default(),
    )
    .await
}

pub async fn invite(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<InviteInput>,
) -> Result<HttpResponse, AppError> {
    if !d.director.is_owner() {
        return Err(AppError::Forbidden(
            "Only the club's owner can invite directors.".into(),
        ));
    }
    let input = form.into_inner();
    let email = match Email::parse(&input.email) {
        Ok(e) => e,
        Err(msg) => {
            let mut errors = FieldErrors::default();
            errors.add("email", msg);
            return page(&state, &session, &d, None, input, errors).await;
        }
    };
    let token = auth::random_token();
    let hash = auth::hash_token(&token);
    let (club_id, by) = (d.club.id, d.director.id);
    let addr = email.as_str().to_string();
    let taken = state
        .db(move |c| {
            if queries::director_by_email(c, &addr)?.is_some() {
                return Ok(true);
            }
            queries::create_invite(c, club_id, &addr, by, &hash, Duration::days(INVITE_DAYS))?;
            Ok(false)
        })
        .await?;
    if taken {
        let mut errors = FieldErrors::default();
        errors.add("email", "this email already has a director account");
        return page(&state, &session, &d, None, input, errors).await;
    }
    let link = format!("{}/invite/{token}", state.config.base_url);
    page(
        &state,
        &session,
        &d,
        Some(link),
        InviteInput::default(),
        FieldErrors::default(),
    )
    .await
}
