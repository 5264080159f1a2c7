//! The site's own answers to requests actix-web's extractors refuse: a form or query string
//! of the wrong shape, a body too large or of the wrong type, a path segment that is not an
//! id. Without these handlers the framework answers in its own plain text ("Parse error:
//! missing field ...", "Content type error.", "payload reached size limit"). Under `/api/`
//! the answer is `{"error": "..."}` like every API error; elsewhere it is the site's error
//! page with the status, saying what was wrong in plain words. A path that does not parse
//! names nothing: 404.
//!
//! `PayloadConfig` has no error handler in actix-web 4: the one place that reads a raw body
//! is the CSRF guard (every page form, before its handler), which answers through
//! [`body_refused`]. A handler taking `web::Bytes` or `String` would have to do the same.

use actix_web::HttpRequest;
use actix_web::error::{
    JsonPayloadError, PathError, PayloadError, QueryPayloadError, UrlencodedError,
};
use actix_web::http::StatusCode;
use actix_web::web;

use super::config::{FORM_LIMIT, JSON_LIMIT};
use super::error::AppError;

/// Forms (`web::Form`), up to [`FORM_LIMIT`].
pub fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(FORM_LIMIT)
        .error_handler(|e, req| form_refused(&e, req).into())
}

/// Query strings (`web::Query`).
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|e, req| query_refused(&e, req).into())
}

/// Path segments (`web::Path`): one that does not parse names nothing.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|e, req| path_refused(&e, req).into())
}

/// JSON bodies (`web::Json`), up to [`JSON_LIMIT`]: the API's.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT)
        .error_handler(|e, req| json_refused(&e, req).into())
}

/// The API's requests are answered in JSON.
fn is_api(req: &HttpRequest) -> bool {
    req.path().starts_with("/api/")
}

/// The refusal for this request: JSON for the API, the error page for the site.
fn refused(req: &HttpRequest, status: StatusCode, title: &'static str, says: String) -> AppError {
    if is_api(req) {
        AppError::Api(status, says)
    } else {
        AppError::Refused(status, title, says)
    }
}

/// A limit as people read it: "64 KiB".
fn size(limit: usize) -> String {
    if limit >= 1024 && limit.is_multiple_of(1024) {
        format!("{} KiB", limit / 1024)
    } else {
        format!("{limit} bytes")
    }
}

/// At most `n` characters of what the client sent, to say it back.
fn short(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// What serde found wrong with a form or query string, read from its message.
#[derive(Debug, PartialEq)]
enum Problem {
    Missing(String),
    Twice(String),
    Unknown(String),
    Value(String),
}

impl Problem {
    fn of(serde_message: &str) -> Problem {
        let field = |prefix: &str| {
            serde_message
                .strip_prefix(prefix)
                .and_then(|rest| rest.split('`').next())
                .map(|f| short(f, 60))
        };
        if let Some(f) = field("missing field `") {
            Problem::Missing(f)
        } else if let Some(f) = field("duplicate field `") {
            Problem::Twice(f)
        } else if let Some(f) = field("unknown field `") {
            Problem::Unknown(f)
        } else {
            Problem::Value(short(serde_message, 120))
        }
    }

    /// The problem as a sentence about `subject` ("The form", "The address").
    fn say(&self, subject: &str) -> String {
        match self {
            Problem::Missing(f) => format!("{subject} is missing the field \"{f}\""),
            Problem::Twice(f) => format!("{subject} has the field \"{f}\" twice"),
            Problem::Unknown(f) => format!("{subject} has a field it does not take: \"{f}\""),
            Problem::Value(m) => format!("{subject} has a value that is not valid: {m}"),
        }
    }
}

/// A body that could not be read: too large, cut short or undecodable.
fn payload_problem(e: &PayloadError, limit: usize, subject: &str) -> (StatusCode, String) {
    match e {
        PayloadError::Overflow => (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "{subject} is larger than the limit of {}; nothing was saved.",
                size(limit)
            ),
        ),
        PayloadError::Incomplete(_) => (
            StatusCode::BAD_REQUEST,
            format!("{subject} ended before it was complete; nothing was saved."),
        ),
        _ => (
            StatusCode::BAD_REQUEST,
            format!("{subject} could not be read; nothing was saved."),
        ),
    }
}

/// A body the CSRF guard could not read (the app's `PayloadConfig`, [`FORM_LIMIT`]).
pub fn body_refused(req: &HttpRequest, e: &actix_web::Error) -> AppError {
    let (status, says) = match e.as_error::<PayloadError>() {
        Some(p) => payload_problem(p, FORM_LIMIT, "The form"),
        None => (
            StatusCode::BAD_REQUEST,
            "The form could not be read; nothing was saved.".to_string(),
        ),
    };
    let title = if status == StatusCode::PAYLOAD_TOO_LARGE {
        "Form too large"
    } else {
        "Form not understood"
    };
    refused(req, status, title, says)
}

fn form_refused(e: &UrlencodedError, req: &HttpRequest) -> AppError {
    let (status, says) = match e {
        UrlencodedError::Overflow { limit, .. } => (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "The form is larger than the limit of {}; nothing was saved.",
                size(*limit)
            ),
        ),
        UrlencodedError::ContentType => (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "This address takes a form sent as application/x-www-form-urlencoded (as a page's \
             form sends it), not another kind of body."
                .to_string(),
        ),
        UrlencodedError::UnknownLength => (
            StatusCode::LENGTH_REQUIRED,
            "The form was sent without a length that can be read.".to_string(),
        ),
        UrlencodedError::Encoding => (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "The form is in a character set this site does not read: send it as UTF-8.".to_string(),
        ),
        UrlencodedError::Parse(p) => (
            StatusCode::BAD_REQUEST,
            format!("{}.", Problem::of(&p.to_string()).say("The form")),
        ),
        UrlencodedError::Payload(p) => payload_problem(p, FORM_LIMIT, "The form"),
        _ => (
            StatusCode::BAD_REQUEST,
            "The form could not be read.".to_string(),
        ),
    };
    let title = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "Form too large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "Wrong kind of form",
        _ => "Form not understood",
    };
    refused(req, status, title, says)
}

fn query_refused(e: &QueryPayloadError, req: &HttpRequest) -> AppError {
    let (prefix, subject, end) = if is_api(req) {
        ("bad query string: ", "the query string", "")
    } else {
        ("", "The address", ".")
    };
    let says = match e {
        QueryPayloadError::Deserialize(d) => Problem::of(&d.to_string()).say(subject),
        _ => format!("{subject} could not be read"),
    };
    refused(
        req,
        StatusCode::BAD_REQUEST,
        "Address not understood",
        format!("{prefix}{says}{end}"),
    )
}

fn path_refused(_e: &PathError, req: &HttpRequest) -> AppError {
    if is_api(req) {
        AppError::NotFound.into_api()
    } else {
        AppError::NotFound
    }
}

fn json_refused(e: &JsonPayloadError, req: &HttpRequest) -> AppError {
    let (status, what) = match e {
        JsonPayloadError::OverflowKnownLength { limit, .. }
        | JsonPayloadError::Overflow { limit } => (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than the limit of {}", size(*limit)),
        ),
        JsonPayloadError::ContentType => (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send it with Content-Type: application/json".to_string(),
        ),
        // serde_json's own words name the field and the place: "missing field `to` at line 1
        // column 2", "unknown field `colour`, expected one of ...".
        JsonPayloadError::Deserialize(d) => (StatusCode::BAD_REQUEST, short(&d.to_string(), 300)),
        JsonPayloadError::Payload(p) => {
            let (status, says) = payload_problem(p, JSON_LIMIT, "the body");
            (status, says.trim_end_matches('.').to_string())
        }
        _ => (StatusCode::BAD_REQUEST, "it could not be read".to_string()),
    };
    let title = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "Too large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "Wrong kind of body",
        _ => "Not understood",
    };
    refused(req, status, title, format!("bad JSON body: {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_words_become_plain_sentences() {
        let say = |m: &str| Problem::of(m).say("The form");
        assert_eq!(
            say("missing field `answer`"),
            "The form is missing the field \"answer\""
        );
        assert_eq!(
            say("duplicate field `q`"),
            "The form has the field \"q\" twice"
        );
        assert_eq!(
            say("unknown field `colour`, expected `name`"),
            "The form has a field it does not take: \"colour\""
        );
        assert_eq!(
            say("invalid digit found in string"),
            "The form has a value that is not valid: invalid digit found in string"
        );
        assert_eq!(size(64 * 1024), "64 KiB");
        assert_eq!(size(1000), "1000 bytes");
        assert_eq!(short("abcdef", 3), "abc…");
        assert_eq!(short("abc", 3), "abc");
    }
}
