//! CSRF protection: a random token in the session, a hidden `csrf_token` field in every
//! form, and a middleware that refuses any state-changing browser request without it.
//! A refused form is not lost: the answer shows it again with what was typed (passwords
//! aside) and a fresh token, to submit once more. The JSON API is exempt: it authenticates
//! with a bearer token, which browsers never attach on their own.

use actix_session::SessionExt;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, ResponseError, web};
use askama::Template;

use super::error::AppError;
use super::extract_errors::body_refused;
use super::page::{CSRF_FIELD, SESSION_CSRF, csrf_token};
use super::render::html_page;
use super::upload;
use crate::service::tokens::constant_time_eq;

/// One field of the expired form, as it will be shown again.
struct Kept {
    name: String,
    label: String,
    value: String,
    kind: &'static str,
}

/// Fields a page sends without showing them.
const HIDDEN: [&str; 7] = ["token", "from", "to", "next", "confirm", "archived", "sort"];

fn keep(name: String, value: String) -> Kept {
    let kind = if name.contains("password") {
        "password"
    } else if HIDDEN.contains(&name.as_str()) {
        "hidden"
    } else if value.contains('\n') {
        // Pasted lines: an input would drop the line ends.
        "textarea"
    } else {
        "text"
    };
    let label = match name.as_str() {
        "trump_n" => "North's trump".to_string(),
        "trump_e" => "East's trump".to_string(),
        "trump_s" => "South's trump".to_string(),
        "trump_w" => "West's trump".to_string(),
        "slug" => "Club address".to_string(),
        other => {
            let words = other.replace('_', " ");
            let mut c = words.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        }
    };
    // A password is never sent back to the browser: it is typed again.
    let value = if kind == "password" {
        String::new()
    } else {
        value
    };
    Kept {
        name,
        label,
        value,
        kind,
    }
}

#[derive(Template)]
#[template(path = "form_expired.html")]
struct ExpiredForm {
    csrf: String,
    action: String,
    fields: Vec<Kept>,
    had_password: bool,
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
    let multipart = upload::is_multipart(http_req.headers());
    let upload = multipart && upload::takes_upload(&http_req);
    // Reads the body with the app's size limit (PayloadConfig), or an upload's, then hands it
    // on unchanged. A body too large or cut short is refused here, with the site's page.
    let body = if upload {
        upload_body(&http_req, &mut payload).await
    } else {
        web::Bytes::from_request(&http_req, &mut payload)
            .await
            .map_err(|e| body_refused(&http_req, &e))
    };
    let body = match body {
        Ok(b) => b,
        Err(refused) => {
            let resp = refused.error_response();
            return Ok(ServiceResponse::new(http_req, resp).map_into_right_body());
        }
    };
    // A multipart form's parts are read once, here; its handler finds them in the request.
    let parts = if multipart {
        match upload::read_parts(http_req.headers(), body.clone()).await {
            Ok(p) => Some(p),
            Err(e) => {
                let resp = AppError::Refused(
                    StatusCode::BAD_REQUEST,
                    "Form not understood",
                    e.to_string(),
                )
                .error_response();
                return Ok(ServiceResponse::new(http_req, resp).map_into_right_body());
            }
        }
    } else {
        None
    };
    let fields = match &parts {
        Some(p) => p.text_fields(),
        None => serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default(),
    };
    let sent = fields.iter().find(|(k, _)| k == CSRF_FIELD).map(|(_, v)| v);
    let session = http_req.get_session();
    let expected = session.get::<String>(SESSION_CSRF).ok().flatten();
    let valid = matches!((&sent, &expected), (Some(s), Some(e)) if constant_time_eq(s, e));
    if !valid {
        tracing::info!(
            path = http_req.path(),
            "refused a form without a valid CSRF token; shown again to resubmit"
        );
        let fields: Vec<Kept> = fields
            .into_iter()
            .filter(|(k, _)| k != CSRF_FIELD)
            .map(|(k, v)| keep(k, v))
            .collect();
        let page = ExpiredForm {
            csrf: csrf_token(&session),
            action: http_req.path().to_string(),
            had_password: fields.iter().any(|f| f.kind == "password"),
            fields,
        };
        let resp = html_page(StatusCode::FORBIDDEN, &page);
        return Ok(ServiceResponse::new(http_req, resp).map_into_right_body());
    }
    if let Some(p) = parts {
        http_req.extensions_mut().insert(p);
    }
    let (_, mut replay) = actix_http::h1::Payload::create(true);
    replay.unread_data(body);
    let req = ServiceRequest::from_parts(http_req, replay.into());
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// An upload's body, up to its address's limit ([`upload::limit_for`]).
async fn upload_body(
    req: &actix_web::HttpRequest,
    payload: &mut actix_web::dev::Payload,
) -> Result<web::Bytes, AppError> {
    let limit = upload::limit_for(req);
    let too_large = || {
        AppError::Refused(
            StatusCode::PAYLOAD_TOO_LARGE,
            "Upload too large",
            format!(
                "The upload is larger than the limit of {} MiB for the file or the pasted text \
                 ({limit} bytes in all); nothing was saved.",
                limit >> 20
            ),
        )
    };
    let read = web::Payload::from_request(req, payload)
        .await
        .map_err(|e| body_refused(req, &e))?;
    match read.to_bytes_limited(limit).await {
        Ok(Ok(b)) => Ok(b),
        Ok(Err(e)) => Err(body_refused(req, &e)),
        Err(_) => Err(too_large()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expired_forms_keep_input_but_never_passwords() {
        let k = keep("password_confirm".into(), "secret".into());
        assert_eq!((k.kind, k.value.as_str()), ("password", ""));
        let k = keep("club_name".into(), "Riverside".into());
        assert_eq!((k.kind, k.label.as_str()), ("text", "Club name"));
        assert_eq!(k.value, "Riverside");
        assert_eq!(keep("from".into(), "draft".into()).kind, "hidden");
        assert_eq!(keep("trump_w".into(), "C".into()).label, "West's trump");
        assert_eq!(keep("lines".into(), "Ann\nBob".into()).kind, "textarea");
    }
}
