//! CSRF protection: a random token in the session, a hidden `csrf_token` field in every
//! form, and a middleware that refuses any state-changing browser request without it.
//! The JSON API is exempt: it authenticates with a bearer token, which browsers never
//! attach on their own.

use actix_session::{Session, SessionExt};
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpResponse, web};

use super::auth::{SESSION_CSRF, constant_time_eq, random_token};

pub const FIELD: &str = "csrf_token";

/// The session's CSRF token, created on first use.
pub fn token(session: &Session) -> String {
    if let Ok(Some(t)) = session.get::<String>(SESSION_CSRF) {
        return t;
    }
    let t = random_token();
    let _ = session.insert(SESSION_CSRF, &t);
    t
}

/// Starts a new token (after login, so a token seen before login is worthless after).
pub fn rotate(session: &Session) -> String {
    let t = random_token();
    let _ = session.insert(SESSION_CSRF, &t);
    t
}

pub async fn guard(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let unsafe_method = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !unsafe_method || req.path().starts_with("/api/") {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    }
    let (http_req, mut payload) = req.into_parts();
    // Reads the body with the app's size limit (PayloadConfig), then hands it on unchanged.
    let body = match web::Bytes::from_request(&http_req, &mut payload).await {
        Ok(b) => b,
        Err(e) => {
            let resp = e.error_response();
            return Ok(ServiceResponse::new(http_req, resp).map_into_right_body());
        }
    };
    let sent = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body)
        .ok()
        .and_then(|fields| fields.into_iter().find(|(k, _)| k == FIELD).map(|(_, v)| v));
    let expected = http_req
        .get_session()
        .get::<String>(SESSION_CSRF)
        .ok()
        .flatten();
    let valid = matches!((&sent, &expected), (Some(s), Some(e)) if constant_time_eq(s, e));
    if !valid {
        tracing::info!(
            path = http_req.path(),
            "refused a form without a valid CSRF token"
        );
        let resp = HttpResponse::Forbidden()
            .content_type("text/plain; charset=utf-8")
            .body("403 Forbidden: this form has expired or did not come from this site. Go back, reload the page and try again.");
        return Ok(ServiceResponse::new(http_req, resp).map_into_right_body());
    }
    let (_, mut replay) = actix_http::h1::Payload::create(true);
    replay.unread_data(body);
    let req = ServiceRequest::from_parts(http_req, replay.into());
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}
