//! The event's export document (`docs/export-format.md`) as a download for its club's
//! directors: the same document as `calypso-director export` (`?with_key=1`: as
//! `export --with-key`, the deal key even before release, for a simultaneous event's
//! organiser to import the heat).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::event::EventId;
use crate::service::archive::{ArchiveError, export_event};
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::state::AppState;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ExportQuery {
    pub with_key: String,
}

pub async fn export_json(
    state: web::Data<AppState>,
    d: ClubDirector,
    path: web::Path<(String, EventId)>,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let club = d.club.id;
    let with_key = matches!(query.with_key.as_str(), "1" | "yes" | "true");
    let doc = state
        .db(move |c| {
            export_event(c, club, id, with_key).map_err(|e| match e {
                ArchiveError::NoEvent(_) => AppError::NotFound,
                ArchiveError::Db(d) => d.into(),
                ArchiveError::Standings(s) => s.into(),
                // Only an import gives the others.
                other => AppError::Invalid(other.to_string()),
            })
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"event-{id}.json\""),
        ))
        // It may hold the deal key (once released) and every result: not for shared caches.
        .insert_header(("Cache-Control", "private, no-store"))
        .json(doc))
}
