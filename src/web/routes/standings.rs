//! An event's standings as the site shows them: read through the in-memory cache, so that a
//! room of phones polling the live standings costs one computation per change.

use std::sync::Arc;

use crate::event::{Event, Viewer};
use crate::service::standings::{EventScores, event_scores};
use crate::web::error::AppError;
use crate::web::standings_cache::View;
use crate::web::state::AppState;

/// The event's scores as `viewer` may see them, computed once per change.
pub async fn scores_of(
    state: &AppState,
    ev: &Event,
    viewer: Viewer,
) -> Result<Arc<EventScores>, AppError> {
    let view = if viewer.is_club_director() {
        View::Directors
    } else {
        View::Public
    };
    if let Some(s) = state.standings.get(ev.id, view) {
        return Ok(s);
    }
    let generation = state.standings.generation();
    let event = ev.clone();
    let scores = Arc::new(
        state
            .db(move |c| Ok(event_scores(c, &event, viewer)?))
            .await?,
    );
    state.standings.put(ev.id, view, generation, scores.clone());
    Ok(scores)
}
