//! One error type for handlers: HTML pages for the site, `{"error": "..."}` for the API.
//! Internal details go to the log, never to the client.

use actix_web::error::BlockingError;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

use super::limits::WRONG_CODE_REFILL;
use super::render::html_page;
use crate::db::DbError;
use crate::deals::DealError;
use crate::event::PapersError;
use crate::print::hand_records::{EventPapersError, PdfError};
use crate::service::standings::StandingsError;
use crate::service::{ActionError, ErrorKind};

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
    /// A request the site cannot read (a form or address of the wrong shape, a body too
    /// large or of the wrong type; see `extract_errors`): its status, the page's title and
    /// what was wrong, in plain words.
    #[error("{2}")]
    Refused(StatusCode, &'static str, String),
    /// Too many wrong table codes from the client's address (see `limits`).
    #[error("too many wrong table codes from this address")]
    TooManyTableCodes,
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("template: {0}")]
    Template(#[from] askama::Error),
    #[error("blocking task: {0}")]
    Blocking(#[from] BlockingError),
    #[error("deal key: {0}")]
    Deal(#[from] DealError),
    #[error("PDF: {0}")]
    Pdf(#[from] PdfError),
    #[error("session: {0}")]
    Session(#[from] actix_session::SessionInsertError),
    /// A JSON API error with its status.
    #[error("{1}")]
    Api(StatusCode, String),
    #[error("{0}")]
    ApiUnauthorized(String),
    /// Stored results the scoring module refuses (a corrupt row): logged, never shown.
    #[error("{0}")]
    Standings(String),
    /// An action's failure of its own (its database, a PDF...): logged, never shown.
    #[error("{0}")]
    Internal(Box<dyn ActionError>),
}

/// The HTTP status of each kind of refusal: the one mapping, for pages and the API alike.
pub fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::Forbidden => StatusCode::FORBIDDEN,
        ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// Every service's error, by its kind: a page answers the error page of that kind, the API
/// (through [`AppError::into_api`]) `{"error": ...}` with its status.
impl<E: ActionError> From<E> for AppError {
    fn from(e: E) -> AppError {
        match e.kind() {
            ErrorKind::NotFound => AppError::NotFound,
            ErrorKind::Invalid => AppError::Invalid(e.to_string()),
            ErrorKind::Conflict => AppError::Conflict(e.to_string()),
            ErrorKind::Forbidden => AppError::Forbidden(e.to_string()),
            ErrorKind::Internal => AppError::Internal(Box::new(e)),
        }
    }
}

impl From<StandingsError> for AppError {
    fn from(e: StandingsError) -> AppError {
        match e {
            StandingsError::Db(d) => d.into(),
            StandingsError::Sheet(_) | StandingsError::View(_) => {
                AppError::Standings(e.to_string())
            }
        }
    }
}

/// An event's papers: a PDF or deal failure is internal; a key that no longer fits (another
/// algorithm) is said.
impl From<PapersError> for AppError {
    fn from(e: PapersError) -> Self {
        match e {
            PapersError::Deal(d) => AppError::Deal(d),
            other => AppError::Conflict(other.to_string()),
        }
    }
}

impl From<EventPapersError> for AppError {
    fn from(e: EventPapersError) -> Self {
        match e {
            EventPapersError::Papers(p) => p.into(),
            EventPapersError::Pdf(p) => AppError::Pdf(p),
        }
    }
}

impl AppError {
    /// The kind of answer this is, when it is one of the kinds (a refusal or an internal
    /// failure); the others carry their status themselves.
    fn kind(&self) -> Option<ErrorKind> {
        match self {
            AppError::NotFound => Some(ErrorKind::NotFound),
            AppError::Forbidden(_) => Some(ErrorKind::Forbidden),
            AppError::Conflict(_) => Some(ErrorKind::Conflict),
            AppError::Invalid(_) => Some(ErrorKind::Invalid),
            AppError::Db(_)
            | AppError::Template(_)
            | AppError::Blocking(_)
            | AppError::Deal(_)
            | AppError::Pdf(_)
            | AppError::Session(_)
            | AppError::Standings(_)
            | AppError::Internal(_) => Some(ErrorKind::Internal),
            AppError::Refused(..)
            | AppError::TooManyTableCodes
            | AppError::Api(..)
            | AppError::ApiUnauthorized(_) => None,
        }
    }

    fn internal(&self) -> bool {
        self.kind() == Some(ErrorKind::Internal)
    }

    /// The same error, answered as JSON.
    pub fn into_api(self) -> AppError {
        let status = self.status_code();
        match self {
            AppError::NotFound => AppError::Api(status, "not found".into()),
            AppError::Forbidden(m) | AppError::Conflict(m) | AppError::Invalid(m) => {
                AppError::Api(status, m)
            }
            AppError::Refused(s, _, m) => AppError::Api(s, m),
            AppError::TooManyTableCodes => AppError::Api(
                StatusCode::TOO_MANY_REQUESTS,
                AppError::TooManyTableCodes.to_string(),
            ),
            e if e.internal() => {
                tracing::error!("internal error: {e}");
                AppError::Api(StatusCode::INTERNAL_SERVER_ERROR, "internal error".into())
            }
            other => other,
        }
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
            AppError::Refused(s, ..) | AppError::Api(s, _) => *s,
            AppError::TooManyTableCodes => StatusCode::TOO_MANY_REQUESTS,
            AppError::ApiUnauthorized(_) => StatusCode::UNAUTHORIZED,
            e => status_of(e.kind().unwrap_or(ErrorKind::Internal)),
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        let (title, message) = match self {
            AppError::Api(..) | AppError::ApiUnauthorized(_) => {
                let mut r = HttpResponse::build(status);
                if status == StatusCode::UNAUTHORIZED {
                    r.insert_header(("WWW-Authenticate", "Bearer"));
                }
                return r.json(serde_json::json!({ "error": self.to_string() }));
            }
            AppError::NotFound => ("Not found", "There is nothing at this address."),
            AppError::Forbidden(m) => ("Not allowed", m.as_str()),
            AppError::Conflict(m) => ("Not possible now", m.as_str()),
            AppError::Invalid(m) => ("Not valid", m.as_str()),
            AppError::Refused(_, title, m) => (*title, m.as_str()),
            AppError::TooManyTableCodes => {
                let mut page = html_page(
                    status,
                    &ErrorPage {
                        title: "Too many wrong table codes",
                        message: "Too many wrong table codes were tried from this network. \
                                  Wait a minute and try again, or ask the director for your \
                                  table's page.",
                    },
                );
                page.headers_mut().insert(
                    actix_web::http::header::RETRY_AFTER,
                    actix_web::http::header::HeaderValue::from(WRONG_CODE_REFILL.as_secs()),
                );
                return page;
            }
            e => {
                tracing::error!("internal error: {e}");
                (
                    "Something went wrong",
                    "The error has been logged. Please try again.",
                )
            }
        };
        html_page(status, &ErrorPage { title, message })
    }
}
