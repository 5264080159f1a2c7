//! The club's settings (its time zone): every director reads them, the owner changes them.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::club::{Club, TimeZone};
use crate::service::clubs;
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::page::{FieldErrors, Nav, flash, see_other};
use crate::web::render::html_page;
use crate::web::state::AppState;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct SettingsForm {
    pub time_zone: String,
}

#[derive(Template)]
#[template(path = "club_settings.html")]
struct SettingsPage {
    nav: Nav,
    club: Club,
    is_owner: bool,
    /// The club's clock now, as its pages show times ("20:15 AST").
    now: String,
    form: SettingsForm,
    errors: FieldErrors,
    zones: Vec<&'static str>,
}

fn page(
    session: &Session,
    d: &ClubDirector,
    form: SettingsForm,
    errors: FieldErrors,
) -> HttpResponse {
    let zone = d.club.time_zone;
    html_page(
        errors.status(),
        &SettingsPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            is_owner: d.director.is_owner(),
            now: zone.show(crate::service::now(), "%a %-d %b %Y, %H:%M"),
            form,
            errors,
            zones: TimeZone::offered().collect(),
        },
    )
}

/// `GET /c/{club}/settings`.
pub async fn show(session: Session, d: ClubDirector) -> HttpResponse {
    let form = SettingsForm {
        time_zone: d.club.time_zone.name().into(),
    };
    page(&session, &d, form, FieldErrors::default())
}

/// `POST /c/{club}/settings`: the owner's new time zone; a name the time zone database does
/// not know comes back beside the field, as typed, and nothing changes.
pub async fn save(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<SettingsForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    if !d.director.is_owner() {
        return Err(clubs::SettingsError::NotOwner.into());
    }
    let zone = match TimeZone::parse(&form.time_zone) {
        Ok(z) => z,
        Err(e) => return Ok(page(&session, &d, form, FieldErrors::one("time_zone", e))),
    };
    let director = d.director.clone();
    let club = state
        .db(move |c| Ok(clubs::set_time_zone(c, &director, zone)?))
        .await?;
    flash(
        &session,
        format!(
            "The club's time zone is now {}: its pages show times as {}.",
            club.time_zone,
            club.time_zone.show(crate::service::now(), "%H:%M")
        ),
    );
    Ok(see_other(&format!("/c/{}/settings", club.slug)))
}
