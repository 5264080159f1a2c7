//! Each director's API tokens: create (shown once), list, revoke.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::ApiTokenId;
use crate::event::club::{ApiToken, Club, token_name};
use crate::service::tokens;
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::page::{FieldErrors, Nav, flash, see_other};
use crate::web::render::html_page;
use crate::web::state::AppState;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct TokenForm {
    pub name: String,
}

#[derive(Template)]
#[template(path = "tokens.html")]
struct TokensPage {
    nav: Nav,
    club: Club,
    tokens: Vec<ApiToken>,
    new_token: Option<String>,
    form: TokenForm,
    errors: FieldErrors,
}

async fn page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    new_token: Option<String>,
    form: TokenForm,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let director = d.director.id;
    let tokens = state
        .db(move |c| Ok(tokens::api_tokens_of(c, director)?))
        .await?;
    Ok(html_page(
        errors.status(),
        &TokensPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            tokens,
            new_token,
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
        TokenForm::default(),
        FieldErrors::default(),
    )
    .await
}

pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<TokenForm>,
) -> Result<HttpResponse, AppError> {
    let input = form.into_inner();
    let name = match token_name(&input.name) {
        Ok(n) => n,
        Err(msg) => {
            let errors = FieldErrors::one("name", msg);
            return page(&state, &session, &d, None, input, errors).await;
        }
    };
    let director = d.director.id;
    let token = state
        .db(move |c| Ok(tokens::create_api_token(c, director, &name)?))
        .await?;
    page(
        &state,
        &session,
        &d,
        Some(token),
        TokenForm::default(),
        FieldErrors::default(),
    )
    .await
}

pub async fn revoke(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, ApiTokenId)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let director = d.director.id;
    let found = state
        .db(move |c| Ok(tokens::revoke_api_token(c, director, id)?))
        .await?;
    if !found {
        return Err(AppError::NotFound);
    }
    flash(&session, "Token revoked.");
    Ok(see_other(&format!("/c/{}/tokens", d.club.slug)))
}
