//! First-run setup, login and logout, and accepting an invitation.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::club::{self, Club, Email, Invite, NewDirector, Password, TimeZone};
use crate::service::accounts::{self as service, CreateError, LoginOutcome};
use crate::web::auth::{self, MaybeDirector, SESSION_LOGIN};
use crate::web::error::AppError;
use crate::web::page::{FieldErrors, Nav, flash, rotate_csrf, see_other};
use crate::web::render::html_page;
use crate::web::state::AppState;

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct SetupForm {
    pub token: String,
    pub club_name: String,
    pub slug: String,
    /// An IANA name; left blank, UTC.
    pub time_zone: String,
    pub name: String,
    pub email: String,
    pub password: String,
    pub password_confirm: String,
}

#[derive(Template)]
#[template(path = "setup.html")]
struct SetupPage {
    nav: Nav,
    form: SetupForm,
    errors: FieldErrors,
    token_ok: bool,
    zones: Vec<&'static str>,
}

#[derive(Deserialize)]
pub struct TokenQuery {
    #[serde(default)]
    token: String,
}

pub async fn setup_form(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    q: web::Query<TokenQuery>,
) -> Result<HttpResponse, AppError> {
    let token = q.into_inner().token;
    let link_token = token.clone();
    let token_ok = state
        .db(move |c| Ok(service::setup_link_open(c, &link_token)?))
        .await?;
    let status = if token_ok {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    Ok(html_page(
        status,
        &SetupPage {
            nav: Nav::new(&session, &viewer),
            form: SetupForm {
                token,
                time_zone: TimeZone::UTC.name().into(),
                ..Default::default()
            },
            errors: FieldErrors::default(),
            token_ok,
            zones: TimeZone::offered().collect(),
        },
    ))
}

pub async fn setup(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    form: web::Form<SetupForm>,
) -> Result<HttpResponse, AppError> {
    let mut form = form.into_inner();
    let mut errors = FieldErrors::default();
    let club_name = club::club_name(&form.club_name).map_err(|e| errors.add("club_name", e));
    let slug = club::club_slug(&form.slug).map_err(|e| errors.add("slug", e));
    let time_zone = if form.time_zone.trim().is_empty() {
        Ok(TimeZone::UTC)
    } else {
        TimeZone::parse(&form.time_zone).map_err(|e| errors.add("time_zone", e))
    };
    let name = club::person_name(&form.name).map_err(|e| errors.add("name", e));
    let email = Email::parse(&form.email).map_err(|e| errors.add("email", e));
    let password = Password::parse(&form.password).map_err(|e| errors.add("password", e));
    if form.password != form.password_confirm {
        errors.add("password_confirm", "the two passwords differ");
    }
    let mut status = StatusCode::UNPROCESSABLE_ENTITY;
    let mut token_ok = true;
    if let (Ok(club_name), Ok(slug), Ok(time_zone), Ok(name), Ok(email), Ok(password), true) = (
        club_name,
        slug,
        time_zone,
        name,
        email,
        password,
        errors.is_empty(),
    ) {
        let hash = service::hash_password(password.as_str())?;
        let token = form.token.clone();
        let result = state
            .db(move |c| {
                let owner = NewDirector {
                    email: email.as_str(),
                    name: &name,
                    password_hash: &hash,
                };
                Ok(service::setup_club(
                    c, &token, &slug, &club_name, time_zone, &owner,
                ))
            })
            .await?;
        match result {
            Ok(club) => {
                tracing::info!(club = club.slug, "club created from a setup link");
                flash(
                    &session,
                    format!(
                        "{} is set up. Log in with your email and password.",
                        club.name
                    ),
                );
                return Ok(see_other("/login"));
            }
            Err(CreateError::TokenInvalid) => {
                token_ok = false;
                status = StatusCode::NOT_FOUND;
            }
            Err(e @ CreateError::SlugTaken) => errors.add("slug", e),
            Err(e @ CreateError::EmailTaken) => errors.add("email", e),
            Err(CreateError::Db(e)) => return Err(e.into()),
        }
    }
    form.password.clear();
    form.password_confirm.clear();
    Ok(html_page(
        status,
        &SetupPage {
            nav: Nav::new(&session, &viewer),
            form,
            errors,
            token_ok,
            zones: TimeZone::offered().collect(),
        },
    ))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct LoginForm {
    pub email: String,
    pub password: String,
    pub next: String,
}

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    nav: Nav,
    email: String,
    next: String,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct NextQuery {
    #[serde(default)]
    next: String,
}

pub async fn login_form(
    session: Session,
    viewer: MaybeDirector,
    q: web::Query<NextQuery>,
) -> HttpResponse {
    html_page(
        StatusCode::OK,
        &LoginPage {
            nav: Nav::new(&session, &viewer),
            email: String::new(),
            next: q.into_inner().next,
            error: None,
        },
    )
}

pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    viewer: MaybeDirector,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let ip = auth::client_ip(&req);
    let (email, password) = (form.email.clone(), form.password);
    let outcome = state
        .db(move |c| Ok(service::login(c, &email, &password, &ip)?))
        .await?;
    let (status, error) = match outcome {
        LoginOutcome::Ok {
            director,
            club_slug,
            token,
        } => {
            // A new session: nothing from before login survives, and the CSRF token changes.
            session.renew();
            session.clear();
            session.insert(SESSION_LOGIN, token)?;
            rotate_csrf(&session);
            tracing::info!(director = director.get(), club = club_slug, "login");
            let next = if form.next.is_empty() {
                format!("/c/{club_slug}")
            } else {
                auth::safe_next(&form.next)
            };
            return Ok(see_other(&next));
        }
        LoginOutcome::BadCredentials => (
            StatusCode::UNAUTHORIZED,
            "Wrong email or password.".to_string(),
        ),
        LoginOutcome::RateLimited => (
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too many failed logins. Wait {} minutes and try again.",
                service::RATE_WINDOW_MINUTES
            ),
        ),
    };
    Ok(html_page(
        status,
        &LoginPage {
            nav: Nav::new(&session, &viewer),
            email: form.email,
            next: form.next,
            error: Some(error),
        },
    ))
}

pub async fn logout(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    if let Ok(Some(token)) = session.get::<String>(SESSION_LOGIN) {
        state.db(move |c| Ok(service::logout(c, &token)?)).await?;
    }
    session.purge();
    Ok(see_other("/"))
}

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct InviteForm {
    pub name: String,
    pub password: String,
    pub password_confirm: String,
}

#[derive(Template)]
#[template(path = "invite.html")]
struct InvitePage {
    nav: Nav,
    club_name: String,
    email: String,
    form: InviteForm,
    errors: FieldErrors,
}

async fn open_invite(state: &AppState, token: &str) -> Result<(Invite, Club), AppError> {
    let token = token.to_string();
    state
        .db(move |c| service::open_invite(c, &token)?.ok_or(AppError::NotFound))
        .await
}

pub async fn invite_form(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (invite, club) = open_invite(&state, &path.into_inner()).await?;
    Ok(html_page(
        StatusCode::OK,
        &InvitePage {
            nav: Nav::new(&session, &viewer),
            club_name: club.name,
            email: invite.email,
            form: InviteForm::default(),
            errors: FieldErrors::default(),
        },
    ))
}

pub async fn accept_invite(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<String>,
    form: web::Form<InviteForm>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let (invite, club) = open_invite(&state, &token).await?;
    let mut form = form.into_inner();
    let mut errors = FieldErrors::default();
    let name = club::person_name(&form.name).map_err(|e| errors.add("name", e));
    let password = Password::parse(&form.password).map_err(|e| errors.add("password", e));
    if form.password != form.password_confirm {
        errors.add("password_confirm", "the two passwords differ");
    }
    if let (Ok(name), Ok(password), true) = (name, password, errors.is_empty()) {
        let hash = service::hash_password(password.as_str())?;
        let result = state
            .db(move |c| Ok(service::accept_invite(c, &token, &name, &hash)))
            .await?;
        match result {
            Ok(club) => {
                flash(
                    &session,
                    format!("Welcome to {}. Log in to start.", club.name),
                );
                return Ok(see_other("/login"));
            }
            Err(CreateError::EmailTaken) => errors.add(
                "name",
                "this invitation's email already has an account; log in instead",
            ),
            Err(CreateError::Db(e)) => return Err(e.into()),
            Err(_) => return Err(AppError::NotFound),
        }
    }
    form.password.clear();
    form.password_confirm.clear();
    Ok(html_page(
        errors.status(),
        &InvitePage {
            nav: Nav::new(&session, &viewer),
            club_name: club.name,
            email: invite.email,
            form,
            errors,
        },
    ))
}
