//! Turning a template into a response.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

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
