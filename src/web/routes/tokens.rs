//! Each director's API tokens: create (shown once), list, revoke.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Nav, flash, see_other};
use crate::db::models::{ApiToken, Club};
use crate::db::queries;
use crate::web::AppState;
use crate::web::auth::{self, ClubDirector};
use crate::web::domain::{self, FieldErrors};
use crate::web::error::{AppError, html_page};

/// Prefix so a leaked token is recognisable (e.g. by secret scanners).
pub const TOKEN_PREFIX: &str = "cdt_";

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct TokenInput {
    pub name: String,
}

#[derive(Template)]
#[template(path = "tokens.html")]
struct TokensPage {
    nav: Nav,
    club: Club,
    tokens: Vec<ApiToken>,
    new_token: Option<String>,
    form: TokenInput,
    errors: FieldErrors,
}

async fn page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    new_token: Option<String>,
    form: TokenInput,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let director_id = d.director.id;
    let tokens = state
        .db(move |c| Ok(queries::api_tokens_of(c, director_id)?))
        .await?;
    let status = errors.status();
    Ok(html_page(
        status,
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
        TokenInput::default(),
        FieldErrors::default(),
    )
    .await
}

pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<TokenInput>,
) -> Result<HttpResponse, AppError> {
    let input = form.into_inner();
    let name = match domain::token_name(&input.name) {
        Ok(n) => n,
        Err(msg) => {
            let mut errors = FieldErrors::default();
            errors.add("name", msg);
            return page(&state, &session, &d, None, input, errors).await;
        }
    };
    let token = format!("{TOKEN_PREFIX}{}", auth::random_token());
    let hash = auth::hash_token(&token);
    let director_id = d.director.id;
    state
        .db(move |c| Ok(queries::create_api_token(c, director_id, &name, &hash)?))
        .await?;
    page(
        &state,
        &session,
        &d,
        Some(token),
        TokenInput::default(),
        FieldErrors::default(),
    )
    .await
}

pub async fn revoke(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let director_id = d.director.id;
    let found = state
        .db(move |c| Ok(queries::revoke_api_token(c, director_id, id)?))
        .await?;
    if !found {
        return Err(AppError::NotFound);
    }
    flash(&session, "Token revoked.");
    Ok(see_other(&format!("/c/{}/tokens", d.club.slug)))
}
