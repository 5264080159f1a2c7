//! Requests the extractors refuse (a form missing a field, a body too large or of the wrong
//! type, an address with a field twice, a path that names nothing) are answered by the site
//! itself: its error page with the right status for pages, `{"error": "..."}` under `/api/`.
//! Never the framework's own plain text.

mod common;

use std::io::{Read, Write};

use calypso_director::db;
use calypso_director::event::EventId;
use calypso_director::service::tokens::table_code;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// What actix-web says on its own; none of it may reach a client.
const FRAMEWORK_WORDS: [&str; 9] = [
    "Parse error",
    "Query deserialize error",
    "Path deserialize error",
    "Json deserialize error",
    "Content type error",
    "payload reached size limit",
    "URL encoded payload",
    "JSON payload",
    "can not parse",
];

fn assert_no_framework_words(body: &str) {
    for w in FRAMEWORK_WORDS {
        assert!(!body.contains(w), "the framework's {w:?} in: {body}");
    }
}

/// The response is the site's error page (templates/error.html in the layout), with
/// `status`, the usual security headers, and `says` in its message; returns the body.
async fn assert_error_page(r: reqwest::Response, status: StatusCode, says: &str) -> String {
    let got = r.status();
    let headers = r.headers().clone();
    let body = r.text().await.unwrap();
    assert_eq!(got, status, "{body}");
    let ct = headers["content-type"].to_str().unwrap();
    assert!(ct.starts_with("text/html"), "{ct}: {body}");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert!(headers.contains_key("content-security-policy"));
    assert!(body.starts_with("<!doctype html>"), "{body}");
    assert!(body.contains(" · Calypso Director</title>"), "{body}");
    assert!(body.contains("<header class=\"top\">"), "{body}");
    assert!(body.contains(says), "{says:?} in: {body}");
    assert_no_framework_words(&body);
    body
}

/// The response is a JSON error with `status` whose message contains `says`.
async fn assert_json_error(r: reqwest::Response, status: StatusCode, says: &str) -> String {
    let got = r.status();
    let ct = r.headers()["content-type"].to_str().unwrap().to_string();
    let body = r.text().await.unwrap();
    assert_eq!(got, status, "{body}");
    assert!(ct.starts_with("application/json"), "{ct}: {body}");
    let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
    let msg = v["error"].as_str().unwrap_or_else(|| panic!("{body}"));
    assert!(msg.contains(says), "{says:?} in: {msg}");
    assert_no_framework_words(&body);
    msg.to_string()
}

/// A running Mitchell of 2 tables, round 1 started, and the first table's code.
async fn running_table(app: &TestApp, d: &Browser) -> String {
    let mut fields = event_fields("Refusal Night");
    fields[4] = ("tables", "2");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let id: EventId = id_from_location(&page);
    enter_pairs(d, &format!("{page}/entries"), 4, "North", "South").await;
    let movement = format!("{page}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    move_event(d, &page, &TO_RUNNING).await;
    let rounds = format!("{page}/rounds");
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let club = app.club_id("alpha");
    let codes = with_conn(app, |c| {
        db::tables::ensure_codes(c, club, id, 2, table_code).unwrap()
    });
    codes[0].1.clone()
}

/// A form body with the session's CSRF token, as a page would send it.
fn form_body(csrf: &str, fields: &[(&str, &str)]) -> String {
    let mut all = vec![("csrf_token", csrf)];
    all.extend_from_slice(fields);
    serde_urlencoded::to_string(&all).unwrap()
}

#[tokio::test]
async fn a_confirm_form_missing_a_field_gets_the_error_page() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let code = running_table(&app, &d).await;
    let phone = Browser::new(&app);
    let path = format!("/t/{code}");
    let csrf = phone.csrf(&path).await;
    // The confirmation without its answer.
    let r = phone
        .post_raw(
            &format!("{path}/confirm"),
            &[("csrf_token", &csrf), ("result", "1")],
        )
        .await;
    let body = assert_error_page(
        r,
        StatusCode::BAD_REQUEST,
        "The form is missing the field &#34;answer&#34;",
    )
    .await;
    assert!(body.contains("<h1>Form not understood</h1>"), "{body}");
    // A value that is not a number: said, not the parser's words.
    let r = phone
        .post_raw(
            &format!("{path}/confirm"),
            &[
                ("csrf_token", &csrf),
                ("result", "one"),
                ("answer", "agree"),
            ],
        )
        .await;
    assert_error_page(
        r,
        StatusCode::BAD_REQUEST,
        "The form has a value that is not valid",
    )
    .await;
    // A director's form with a field twice: the same page.
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players/1/archive",
            &[("archived", "1"), ("archived", "0")],
        )
        .await;
    assert_error_page(
        r,
        StatusCode::BAD_REQUEST,
        "The form has the field &#34;archived&#34; twice",
    )
    .await;
}

#[tokio::test]
async fn an_empty_form_gets_the_expired_form_page() {
    // No body at all: the CSRF check finds no token and shows the form's page to send again
    // (the site's own 403), before any extractor sees it.
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = d
        .http
        .post(d.url("/c/alpha/players"))
        .header("content-type", "application/x-www-form-urlencoded")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let body = r.text().await.unwrap();
    assert!(body.contains("name=\"csrf_token\""), "{body}");
    assert_no_framework_words(&body);
}

#[tokio::test]
async fn an_oversized_form_gets_the_error_page() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let csrf = d.csrf("/c/alpha/players").await;
    let big = "x".repeat(200 * 1024);
    let r = d
        .post_raw("/c/alpha/players", &[("csrf_token", &csrf), ("name", &big)])
        .await;
    assert_error_page(
        r,
        StatusCode::PAYLOAD_TOO_LARGE,
        "larger than the limit of 64 KiB",
    )
    .await;
    assert!(
        d.get_text("/c/alpha/players")
            .await
            .1
            .contains("No players yet")
    );
}

#[tokio::test]
async fn an_oversized_chunked_body_gets_the_error_page() {
    // No Content-Length: the limit is found while reading the body.
    let app = spawn_app().await;
    let addr = app.address.trim_start_matches("http://").to_string();
    let raw = tokio::task::spawn_blocking(move || {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        let chunk = "x".repeat(16 * 1024);
        let mut req = String::from(
            "POST /login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
             Content-Type: application/x-www-form-urlencoded\r\n\
             Transfer-Encoding: chunked\r\n\r\n",
        );
        for _ in 0..8 {
            req.push_str(&format!("{:x}\r\n{chunk}\r\n", chunk.len()));
        }
        req.push_str("0\r\n\r\n");
        // The server may answer and close before it has read everything.
        let _ = s.write_all(req.as_bytes());
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        String::from_utf8_lossy(&out).into_owned()
    })
    .await
    .unwrap();
    assert!(raw.starts_with("HTTP/1.1 413"), "{raw}");
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: text/html"),
        "{head}"
    );
    assert!(body.contains(" · Calypso Director</title>"), "{body}");
    assert!(body.contains("larger than the limit of 64 KiB"), "{body}");
    assert_no_framework_words(body);
}

#[tokio::test]
async fn a_wrong_content_type_gets_the_error_page() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let csrf = d.csrf("/c/alpha/players").await;
    for content_type in ["text/plain", "application/json"] {
        let r = d
            .http
            .post(d.url("/c/alpha/players"))
            .header("content-type", content_type)
            .body(form_body(&csrf, &[("name", "Ada")]))
            .send()
            .await
            .unwrap();
        assert_error_page(
            r,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "application/x-www-form-urlencoded",
        )
        .await;
    }
    assert!(
        d.get_text("/c/alpha/players")
            .await
            .1
            .contains("No players yet")
    );
}

#[tokio::test]
async fn a_duplicate_query_field_gets_the_error_page() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = d.get("/c/alpha/players/search?q=a&q=b").await;
    let body = assert_error_page(
        r,
        StatusCode::BAD_REQUEST,
        "The address has the field &#34;q&#34; twice",
    )
    .await;
    assert!(body.contains("<h1>Address not understood</h1>"), "{body}");
    let r = d.get("/c/alpha/players?archived=1&archived=1").await;
    assert_error_page(
        r,
        StatusCode::BAD_REQUEST,
        "The address has the field &#34;archived&#34; twice",
    )
    .await;
}

#[tokio::test]
async fn a_bad_path_gets_the_404_page() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    for path in [
        "/c/alpha/events/notanumber",
        "/c/alpha/events/notanumber/edit",
        "/c/alpha/events/99999999999/entries",
        "/c/alpha/players/x/edit",
    ] {
        let r = d.get(path).await;
        let body = assert_error_page(
            r,
            StatusCode::NOT_FOUND,
            "There is nothing at this address.",
        )
        .await;
        assert!(body.contains("<h1>Not found</h1>"), "{path}: {body}");
    }
    // A form posted to such an address: the same page.
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players/x/archive",
            &[("archived", "1")],
        )
        .await;
    assert_error_page(
        r,
        StatusCode::NOT_FOUND,
        "There is nothing at this address.",
    )
    .await;
}

/// A club with an owner, an API client of it and a draft event's id.
async fn api_with_event(app: &TestApp) -> (Api, i64) {
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(app, &d, "alpha").await;
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "API Night", "date": "2026-06-01", "format": "pairs-mitchell",
                   "tables": 3, "boards": 12}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    (api, ev["id"].as_i64().unwrap())
}

#[tokio::test]
async fn api_a_body_missing_a_field_gets_a_json_error() {
    let app = spawn_app().await;
    let (api, id) = api_with_event(&app).await;
    let r = api
        .http
        .post(format!("{}/api/v1/events/{id}/status", api.base))
        .bearer_auth(&api.token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let msg = assert_json_error(r, StatusCode::BAD_REQUEST, "bad JSON body").await;
    assert!(msg.contains("missing field `to`"), "{msg}");
}

#[tokio::test]
async fn api_an_oversized_body_gets_a_json_error() {
    let app = spawn_app().await;
    let (api, _) = api_with_event(&app).await;
    let r = api
        .http
        .post(format!("{}/api/v1/events", api.base))
        .bearer_auth(&api.token)
        .header("content-type", "application/json")
        .body(format!("{{\"name\": \"{}\"}}", "x".repeat(100 * 1024)))
        .send()
        .await
        .unwrap();
    assert_json_error(
        r,
        StatusCode::PAYLOAD_TOO_LARGE,
        "larger than the limit of 64 KiB",
    )
    .await;
}

#[tokio::test]
async fn api_a_wrong_content_type_gets_a_json_error() {
    let app = spawn_app().await;
    let (api, id) = api_with_event(&app).await;
    for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
        let r = api
            .http
            .post(format!("{}/api/v1/events/{id}/status", api.base))
            .bearer_auth(&api.token)
            .header("content-type", content_type)
            .body("to=ready")
            .send()
            .await
            .unwrap();
        assert_json_error(
            r,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Content-Type: application/json",
        )
        .await;
    }
}

#[tokio::test]
async fn api_a_duplicate_query_field_gets_a_json_error() {
    let app = spawn_app().await;
    let (api, _) = api_with_event(&app).await;
    let r = api
        .http
        .get(format!(
            "{}/api/v1/players?archived=true&archived=false",
            api.base
        ))
        .bearer_auth(&api.token)
        .send()
        .await
        .unwrap();
    assert_json_error(
        r,
        StatusCode::BAD_REQUEST,
        "bad query string: the query string has the field \"archived\" twice",
    )
    .await;
    let r = api
        .http
        .get(format!("{}/api/v1/players?archived=maybe", api.base))
        .bearer_auth(&api.token)
        .send()
        .await
        .unwrap();
    assert_json_error(r, StatusCode::BAD_REQUEST, "bad query string").await;
}

#[tokio::test]
async fn api_a_bad_path_gets_a_json_404() {
    let app = spawn_app().await;
    let (api, id) = api_with_event(&app).await;
    for (method, path) in [
        ("GET", "/api/v1/events/notanumber".to_string()),
        ("GET", "/api/v1/events/notanumber/rounds".to_string()),
        ("PUT", format!("/api/v1/events/{id}/rounds/x/tables/1/cut")),
        ("GET", "/api/v1/nothing-here".to_string()),
        ("GET", "/api/v2/events".to_string()),
        ("POST", "/api/anything".to_string()),
    ] {
        let req = match method {
            "GET" => api.http.get(format!("{}{path}", api.base)),
            "POST" => api.http.post(format!("{}{path}", api.base)),
            _ => api.http.put(format!("{}{path}", api.base)),
        };
        let r = req
            .bearer_auth(&api.token)
            .json(&json!({"cuts": []}))
            .send()
            .await
            .unwrap();
        let msg = assert_json_error(r, StatusCode::NOT_FOUND, "").await;
        assert!(
            msg == "not found" || msg.starts_with("no API endpoint"),
            "{method} {path}: {msg}"
        );
    }
}
