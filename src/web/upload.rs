//! Forms sent as `multipart/form-data` (a file chosen on the page). Only the addresses in
//! [`UPLOAD_PATHS`] take one; the CSRF guard reads its body whole, up to [`UPLOAD_LIMIT`],
//! parses the parts once (bounded in number and size) and leaves them in the request's
//! extensions for the handler ([`UploadParts`]), as it reads every other form first.

use actix_web::HttpRequest;
use actix_web::error::PayloadError;
use actix_web::http::header::{self, HeaderMap};
use actix_web::web::Bytes;
use futures_util::StreamExt;

use crate::event::roster::MAX_BYTES;

/// The addresses (their ends, after `/c/{club}`) that take a file: the roster's many
/// players, and a simultaneous event's heat played elsewhere (its export file).
pub const UPLOAD_PATHS: [&str; 2] = ["/players/bulk", HEAT_IMPORT];

/// The end of a sim's heat import address.
pub const HEAT_IMPORT: &str = "/heats/import";

/// A whole upload: the file (or the pasted text) and the form's other small fields.
pub const UPLOAD_LIMIT: usize = MAX_BYTES + 64 * 1024;

/// A heat's export file: a large heat's results and their audit run to a few megabytes.
pub const HEAT_UPLOAD_LIMIT: usize = 8 * MAX_BYTES + 64 * 1024;

/// The limit of the upload to this address.
pub fn limit_for(req: &HttpRequest) -> usize {
    if req.path().ends_with(HEAT_IMPORT) {
        HEAT_UPLOAD_LIMIT
    } else {
        UPLOAD_LIMIT
    }
}

/// The most parts a form of the site sends (token, text, file, order): more is not ours.
const MAX_PARTS: usize = 16;

/// One field of a multipart form.
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    /// A file's name as the browser gave it; `Some("")` when no file was chosen.
    pub filename: Option<String>,
    pub data: Bytes,
}

/// The parts of a multipart form, read by the CSRF guard.
#[derive(Clone, Debug, Default)]
pub struct UploadParts(pub Vec<Part>);

impl UploadParts {
    /// The first part of this name.
    pub fn get(&self, name: &str) -> Option<&Part> {
        self.0.iter().find(|p| p.name == name)
    }

    /// A text field's value (lossy: the form's own fields are UTF-8).
    pub fn text(&self, name: &str) -> String {
        self.get(name)
            .map(|p| String::from_utf8_lossy(&p.data).into_owned())
            .unwrap_or_default()
    }

    /// The text fields as (name, value), for the expired-form page (files are not kept).
    pub fn text_fields(&self) -> Vec<(String, String)> {
        self.0
            .iter()
            .filter(|p| p.filename.is_none())
            .map(|p| {
                (
                    p.name.clone(),
                    String::from_utf8_lossy(&p.data).into_owned(),
                )
            })
            .collect()
    }
}

/// Whether the request says it is `multipart/form-data`.
pub fn is_multipart(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.trim_start()
                .to_ascii_lowercase()
                .starts_with("multipart/form-data")
        })
}

/// Whether this address takes an upload.
pub fn takes_upload(req: &HttpRequest) -> bool {
    let path = req.path();
    path.starts_with("/c/") && UPLOAD_PATHS.iter().any(|end| path.ends_with(end))
}

/// Why a multipart body could not be read.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error("The upload could not be read as a form ({0}); nothing was saved.")]
    Malformed(String),
    #[error("The upload has more than {MAX_PARTS} fields; nothing was saved.")]
    TooManyParts,
}

/// Reads the parts of a multipart body already in memory (so bounded by the body's limit).
pub async fn read_parts(headers: &HeaderMap, body: Bytes) -> Result<UploadParts, UploadError> {
    let limit = body.len();
    let stream = futures_util::stream::once(async move { Ok::<_, PayloadError>(body) });
    let mut multipart = actix_multipart::Multipart::new(headers, stream);
    let mut parts = Vec::new();
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|e| UploadError::Malformed(e.to_string()))?;
        if parts.len() == MAX_PARTS {
            return Err(UploadError::TooManyParts);
        }
        let name = field.name().unwrap_or_default().to_string();
        let filename = field
            .content_disposition()
            .and_then(|d| d.get_filename())
            .map(str::to_string);
        let data = match field.bytes(limit).await {
            Ok(Ok(b)) => b,
            Ok(Err(e)) => return Err(UploadError::Malformed(e.to_string())),
            Err(e) => return Err(UploadError::Malformed(e.to_string())),
        };
        parts.push(Part {
            name,
            filename,
            data,
        });
    }
    Ok(UploadParts(parts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::HeaderValue;

    fn headers(boundary: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(&format!("multipart/form-data; boundary={boundary}")).unwrap(),
        );
        h
    }

    #[tokio::test]
    async fn parts_are_read_with_their_file_names() {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\nabc\r\n\
                    --XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"club.csv\"\r\n\
                    Content-Type: text/csv\r\n\r\nAnn Smith,1\nBob Ray\r\n--XyZ--\r\n";
        let parts = read_parts(&headers("XyZ"), Bytes::from(body))
            .await
            .unwrap();
        assert_eq!(parts.text("csrf_token"), "abc");
        let file = parts.get("file").unwrap();
        assert_eq!(file.filename.as_deref(), Some("club.csv"));
        assert_eq!(&file.data[..], b"Ann Smith,1\nBob Ray");
        assert_eq!(
            parts.text_fields(),
            vec![("csrf_token".to_string(), "abc".to_string())]
        );
    }

    #[tokio::test]
    async fn a_broken_or_crowded_body_is_refused() {
        let cut = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nabc";
        assert!(matches!(
            read_parts(&headers("XyZ"), Bytes::from(cut)).await,
            Err(UploadError::Malformed(_))
        ));
        let many: String = (0..=MAX_PARTS)
            .map(|i| format!("--B\r\nContent-Disposition: form-data; name=\"f{i}\"\r\n\r\nx\r\n"))
            .chain(std::iter::once("--B--\r\n".to_string()))
            .collect();
        assert!(matches!(
            read_parts(&headers("B"), Bytes::from(many)).await,
            Err(UploadError::TooManyParts)
        ));
    }
}
