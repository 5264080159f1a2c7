//! The standings API: what `calypso-director score` prints for the event's results, and the
//! scoring sheet it reads (docs/api.md).

use actix_web::{HttpResponse, web};

use super::events::api_event;
use super::standings::scores_of;
use crate::event::{EventId, Viewer};
use crate::web::auth::ApiDirector;
use crate::web::error::AppError;
use crate::web::state::AppState;

type ApiResult = Result<HttpResponse, AppError>;

/// `GET /api/v1/events/{id}/standings`: `score`'s output for the event, and whether it is
/// provisional.
pub async fn standings(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<EventId>,
) -> ApiResult {
    let ev = api_event(&state, a.club.id, path.into_inner()).await?;
    let scores = scores_of(&state, &ev, Viewer::ClubDirector)
        .await
        .map_err(AppError::into_api)?;
    let now = chrono::Utc::now().naive_utc();
    Ok(HttpResponse::Ok().json(scores.standings_json(ev.publication(now))))
}

/// `GET /api/v1/events/{id}/sheet`: the scoring sheet the standings come from.
pub async fn sheet(
    state: web::Data<AppState>,
    a: ApiDirector,
    path: web::Path<EventId>,
) -> ApiResult {
    let ev = api_event(&state, a.club.id, path.into_inner()).await?;
    let scores = scores_of(&state, &ev, Viewer::ClubDirector)
        .await
        .map_err(AppError::into_api)?;
    Ok(HttpResponse::Ok().json(scores.sheet.to_json()))
}
