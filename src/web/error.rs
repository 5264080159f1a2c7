//! One error type for handlers: HTML pages for the site, `{"error": "..."}` for the API.
//! Internal details go to the log, never to the client.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    /// The director may not do this at all (e.g. owner-only pages).
    #[error("{0}")]
    Forbidden(String),
    /// Not possible in the event's current state (edited after draft, a stale page).
    #[error("{0}")]
    Conflict(String),
    /// A form value no page offers (e.g. an unknown status).
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    Internal(String),
    /// A JSON API error with its status.
    #[error("{1}")]
    Api(StatusCode, String),
    #[error("{0}")]
    ApiUnauthorized(String),
}

impl AppError {
    /// The same error, answered as JSON.
    pub fn into_api(self) -> AppError {
        match self {
            AppError::NotFound => AppError::Api(StatusCode::NOT_FOUND, "not found".into()),
            AppError::Forbidden(m) => AppError::Api(StatusCode::FORBIDDEN, m),
            AppError::Conflict(m) => AppError::Api(StatusCode::CONFLICT, m),
            AppError::Invalid(m) => AppError::Api(StatusCode::UNPROCESSABLE_ENTITY, m),
            AppError::Internal(m) => {
                tracing::error!("{m}");
                AppError::Api(StatusCode::INTERNAL_SERVER_ERROR, "internal error".into())
            }
            other => other,
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        AppError::Internal(format!("database: {e}"))
    }
}

impl From<crate::db::DbError> for AppError {
    fn from(e: crate::db::DbError) -> Self {
        AppError::Internal(e.to_string())
    }
}

impl From<askama::Error> for AppError {
    fn from(e: askama::Error) -> Self {
        AppError::Internal(format!("template: {e}"))
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    title: &'a str,
    message: &'a str,
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::Api(s, _) => *s,
            AppError::ApiUnauthorized(_) => StatusCode::UNAUTHORIZED,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        match self {
            AppError::Api(..) | AppError::ApiUnauthorized(_) => {
                let mut r = HttpResponse::build(status);
                if status == StatusCode::UNAUTHORIZED {
                    r.insert_header(("WWW-Authenticate", "Bearer"));
                }
                r.json(serde_json::json!({ "error": self.to_string() }))
            }
            _ => {
                let (title, message) = match self {
                    AppError::NotFound => ("Not found", "There is nothing at this address."),
                    AppError::Forbidden(m) => ("Not allowed", m.as_str()),
                    AppError::Conflict(m) => ("Not possible now", m.as_str()),
                    AppError::Invalid(m) => ("Not valid", m.as_str()),
                    AppError::Internal(m) => {
                        tracing::error!("internal error: {m}");
                        (
                            "Something went wrong",
                            "The error has been logged. Please try again.",
                        )
                    }
                    _ => unreachable!("API errors answered above"),
                };
                html_page(status, &ErrorPage { title, message })
            }
        }
    }
}

/// Renders a template as an HTML response; a template failure becomes a plain 500.
pub fn html_page(status: StatusCode, t: &impl Template) -> HttpResponse {
    match t.render() {
        Ok(body) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body),
        Err(e) => {
            tracing::error!("template: {e}");
            HttpResponse::InternalServerError().body("internal error")
        }
    }
}

/// A JSON error response for the API's extractor error handlers.
pub fn json_error(status: StatusCode, msg: impl Into<String>) -> actix_web::Error {
    AppError::Api(status, msg.into()).into()
}
