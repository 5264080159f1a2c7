//! The event a request is about, as an argument of its handler: a director's page on one of
//! their club's events (`/c/{club}/events/{event}/...`) takes a [`DirectorEvent`], the JSON
//! API's (`/api/v1/events/{id}/...`) an [`ApiEvent`]. Each reads the id from the path,
//! authenticates the director and loads the event of their club; another club's event, or
//! an id that does not parse, is not found (a 404, as JSON under the API).

use std::future::{Future, poll_fn};
use std::pin::Pin;
use std::task::Poll;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use serde::Deserialize;

use crate::event::{ClubId, Event, EventId};
use crate::service;
use crate::web::auth::{ApiDirector, ClubDirector};
use crate::web::error::AppError;
use crate::web::state::AppState;

type Pending<T, E> = Pin<Box<dyn Future<Output = Result<T, E>>>>;

/// A director of the club in `{club}` and that club's event `{event}`.
pub struct DirectorEvent {
    pub director: ClubDirector,
    pub event: Event,
}

/// An API director and their club's event `{id}`; every refusal answered as JSON.
pub struct ApiEvent {
    pub director: ApiDirector,
    pub event: Event,
}

#[derive(Deserialize)]
struct EventSegment {
    event: EventId,
}

#[derive(Deserialize)]
struct IdSegment {
    id: EventId,
}

/// The club's event `id`: not found for another club's.
pub async fn load_event(state: &AppState, club: ClubId, id: EventId) -> Result<Event, AppError> {
    state
        .db(move |c| Ok(service::events::event(c, club, id)?))
        .await
}

/// The same for the JSON API: its errors answered as JSON (404 for another club's event).
pub async fn api_event(state: &AppState, club: ClubId, id: EventId) -> Result<Event, AppError> {
    load_event(state, club, id)
        .await
        .map_err(AppError::into_api)
}

/// The director, refused in the order actix's argument tuple refused when the handlers took
/// the director and then the path: a refusal the director's extractor gives at once (not
/// logged in) first, then a path that does not parse, then the director's lookup.
async fn director_then<D, E>(
    director: Pending<D, E>,
    segment: Result<EventId, AppError>,
) -> Result<(D, EventId), actix_web::Error>
where
    E: Into<actix_web::Error>,
{
    let mut director = director;
    let mut path_unread = true;
    // `None`: the path was refused before the director's lookup answered.
    let d = poll_fn(|cx| match director.as_mut().poll(cx) {
        Poll::Ready(Err(e)) => Poll::Ready(Some(Err(e))),
        polled => {
            if std::mem::take(&mut path_unread) && segment.is_err() {
                return Poll::Ready(None);
            }
            polled.map(Some)
        }
    })
    .await;
    match (d, segment) {
        (Some(Err(e)), _) => Err(e.into()),
        (_, Err(e)) => Err(e.into()),
        (Some(Ok(d)), Ok(id)) => Ok((d, id)),
        (None, Ok(_)) => Err(AppError::NotFound.into()),
    }
}

impl FromRequest for DirectorEvent {
    type Error = actix_web::Error;
    type Future = Pending<DirectorEvent, actix_web::Error>;
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let director = ClubDirector::from_request(req, payload);
        // A segment that does not parse names nothing: 404, as `web::Path` answers.
        let segment = req
            .match_info()
            .load::<EventSegment>()
            .map(|s| s.event)
            .map_err(|_| AppError::NotFound);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let (director, id) = director_then(director, segment).await?;
            let state = state.ok_or(AppError::NotFound)?;
            let event = load_event(&state, director.club.id, id).await?;
            Ok(DirectorEvent { director, event })
        })
    }
}

impl FromRequest for ApiEvent {
    type Error = actix_web::Error;
    type Future = Pending<ApiEvent, actix_web::Error>;
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let director = ApiDirector::from_request(req, payload);
        let segment = req
            .match_info()
            .load::<IdSegment>()
            .map(|s| s.id)
            .map_err(|_| AppError::NotFound.into_api());
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let (director, id) = director_then(director, segment).await?;
            let state = state.ok_or_else(|| AppError::NotFound.into_api())?;
            let event = api_event(&state, director.club.id, id).await?;
            Ok(ApiEvent { director, event })
        })
    }
}
