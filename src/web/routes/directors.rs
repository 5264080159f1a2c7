//! The club's directors: invitations (with revoking), and removing a director (owner only).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::club::{Club, Director, Email, Invite};
use crate::event::{DirectorId, InviteId};
use crate::service::accounts::{self, INVITE_DAYS, Invitation, RemoveError};
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::page::confirmation;
use crate::web::page::{FieldErrors, Nav, flash, see_other};
use crate::web::render::html_page;
use crate::web::state::AppState;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct InviteForm {
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
    me: DirectorId,
    new_link: Option<String>,
    invite_days: i64,
    form: InviteForm,
    errors: FieldErrors,
}

async fn page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    new_link: Option<String>,
    form: InviteForm,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let club = d.club.id;
    let (directors, invites) = state
        .db(move |c| Ok(accounts::directors_and_invites(c, club)?))
        .await?;
    Ok(html_page(
        errors.status(),
        &DirectorsPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            directors,
            invites,
            is_owner: d.director.is_owner(),
            me: d.director.id,
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
        InviteForm::default(),
        FieldErrors::default(),
    )
    .await
}

fn owner_only(d: &ClubDirector, what: &str) -> Result<(), AppError> {
    if d.director.is_owner() {
        Ok(())
    } else {
        Err(AppError::Forbidden(format!(
            "Only the club's owner can {what}."
        )))
    }
}

pub async fn invite(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<InviteForm>,
) -> Result<HttpResponse, AppError> {
    owner_only(&d, "invite directors")?;
    let input = form.into_inner();
    let email = match Email::parse(&input.email) {
        Ok(e) => e,
        Err(msg) => {
            let errors = FieldErrors::one("email", msg);
            return page(&state, &session, &d, None, input, errors).await;
        }
    };
    let (club, by) = (d.club.id, d.director.id);
    let base = state.config.base_url().to_string();
    let made = state
        .db(move |c| Ok(accounts::invite(c, club, by, &email, &base)?))
        .await?;
    match made {
        Invitation::EmailTaken => {
            let errors = FieldErrors::one("email", "this email already has a director account");
            page(&state, &session, &d, None, input, errors).await
        }
        Invitation::Link(link) => {
            page(
                &state,
                &session,
                &d,
                Some(link),
                InviteForm::default(),
                FieldErrors::default(),
            )
            .await
        }
    }
}

pub async fn revoke_invite(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, InviteId)>,
) -> Result<HttpResponse, AppError> {
    owner_only(&d, "revoke invitations")?;
    let (_, id) = path.into_inner();
    let club = d.club.id;
    let done = state
        .db(move |c| Ok(accounts::revoke_invite(c, club, id)?))
        .await?;
    if !done {
        return Err(AppError::NotFound);
    }
    flash(&session, "Invitation revoked: its link no longer works.");
    Ok(see_other(&format!("/c/{}/directors", d.club.slug)))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RemoveForm {
    pub confirm: String,
}

pub async fn remove(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, DirectorId)>,
    form: web::Form<RemoveForm>,
) -> Result<HttpResponse, AppError> {
    owner_only(&d, "remove directors")?;
    let (_, id) = path.into_inner();
    let club = d.club.id;
    let who = state
        .db(move |c| accounts::director_of_club(c, club, id)?.ok_or(AppError::NotFound))
        .await?;
    if who.is_owner() {
        return Err(AppError::Conflict(RemoveError::Owner.to_string()));
    }
    if form.confirm != "yes" {
        return Ok(confirmation(
            &session,
            &d,
            format!("Remove {}", who.name),
            format!(
                "{} ({}) will be logged out everywhere and their API tokens will stop working. Results and records they made stay.",
                who.name, who.email
            ),
            format!("/c/{}/directors/{id}/remove", d.club.slug),
            vec![],
            format!("/c/{}/directors", d.club.slug),
        ));
    }
    let removed = state
        .db(move |c| match accounts::remove_director(c, club, id) {
            Ok(d) => Ok(d),
            Err(RemoveError::NotFound) => Err(AppError::NotFound),
            Err(RemoveError::Owner) => Err(AppError::Conflict(RemoveError::Owner.to_string())),
            Err(RemoveError::Db(e)) => Err(e.into()),
        })
        .await?;
    flash(&session, format!("Removed {} from the club.", removed.name));
    Ok(see_other(&format!("/c/{}/directors", d.club.slug)))
}
