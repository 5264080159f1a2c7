//! The event's export document (`docs/export-format.md`) as a download for its club's
//! directors: the same document as `calypso-director export`.

use actix_web::{HttpResponse, web};

use crate::event::EventId;
use crate::service::archive::{ArchiveError, export_event};
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::state::AppState;

pub async fn export_json(
    state: web::Data<AppState>,
    d: ClubDirector,
    path: web::Path<(String, EventId)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let club = d.club.id;
    let doc = state
        .db(move |c| {
            export_event(c, club, id, false).map_err(|e| match e {
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
