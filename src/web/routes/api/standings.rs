//! The standings API: what `calypso-director score` prints for the event's results, and the
//! scoring sheet it reads (docs/api.md).

use std::sync::Arc;

use actix_web::{HttpResponse, web};

use serde_json::json;

use crate::event::Viewer;
use crate::web::error::AppError;
use crate::web::extract::ApiEvent;
use crate::web::standings_cache::Computed;
use crate::web::standings_view::computed;
use crate::web::state::AppState;

type ApiResult = Result<HttpResponse, AppError>;

/// The event's computed standings, as the club's directors see them.
async fn directors_view(
    state: &AppState,
    ApiEvent {
        director: a,
        event: ev,
    }: ApiEvent,
) -> Result<Arc<Computed>, AppError> {
    computed(state, a.club, ev, Viewer::ClubDirector)
        .await
        .map_err(AppError::into_api)
}

/// `GET /api/v1/events/{id}/standings`: `score`'s output for the event, and whether it is
/// provisional.
pub async fn standings(state: web::Data<AppState>, e: ApiEvent) -> ApiResult {
    let c = directors_view(&state, e).await?;
    Ok(HttpResponse::Ok().json(
        c.scores
            .standings_json(c.ev.publication(crate::service::now())),
    ))
}

/// `GET /api/v1/events/{id}/sheet`: the scoring sheet the standings come from.
pub async fn sheet(state: web::Data<AppState>, e: ApiEvent) -> ApiResult {
    let c = directors_view(&state, e).await?;
    Ok(HttpResponse::Ok().json(c.scores.sheet.to_json()))
}

/// `GET /api/v1/events/{id}/travellers`: every board's results, net and matchpoints each way.
pub async fn travellers(state: web::Data<AppState>, e: ApiEvent) -> ApiResult {
    let c = directors_view(&state, e).await?;
    let view = &c.view;
    Ok(HttpResponse::Ok().json(json!({
        "method": view.method,
        "provisional": view.provisional,
        "travellers": view.travellers,
    })))
}

/// `GET /api/v1/events/{id}/scorecards`: each entry's rounds with a running total.
pub async fn scorecards(state: web::Data<AppState>, e: ApiEvent) -> ApiResult {
    let c = directors_view(&state, e).await?;
    let view = &c.view;
    Ok(HttpResponse::Ok().json(json!({
        "method": view.method,
        "provisional": view.provisional,
        "scorecards": view.scorecards,
    })))
}
