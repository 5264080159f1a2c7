//! The correction period (an event setting): on the event form and in the API, and the public
//! event page's results, provisional while play goes on and during the period after the
//! director marks the event finished, final after it.

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::json;

/// The value of the form's correction period field, as the page shows it.
fn correction_value(html: &str) -> String {
    let i = html
        .find("id=\"correction_minutes\"")
        .expect("the correction period field");
    let rest = &html[i..];
    let v = rest.find("value=\"").unwrap() + "value=\"".len();
    rest[v..].split('"').next().unwrap().to_string()
}

fn with_correction<'a>(name: &'a str, minutes: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut f = event_fields(name);
    f.push(("correction_minutes", minutes));
    f
}

#[tokio::test]
async fn a_bad_correction_period_is_refused_by_name_with_the_input_kept() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, form) = d.get_text("/c/alpha/events/new").await;
    assert!(
        form.contains("Correction period (minutes after the last round)"),
        "{form}"
    );
    assert_eq!(correction_value(&form), "30", "the default");

    for bad in ["-5", "abc", "2000", "", "2.5"] {
        let r = d
            .post(
                "/c/alpha/events/new",
                "/c/alpha/events",
                &with_correction("Spring Pairs", bad),
            )
            .await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}");
        let body = r.text().await.unwrap();
        assert!(
            body.contains(&format!(
                "the correction period must be a whole number of minutes from 0 to 1440 (not &#34;{bad}&#34;)"
            )),
            "{bad:?}: {body}"
        );
        assert_eq!(correction_value(&body), bad, "input kept");
        assert!(body.contains("Spring Pairs"), "the other fields are kept");
        assert!(body.contains("aria-invalid=\"true\""));
    }
    // Nothing was saved.
    let (_, list) = d.get_text("/c/alpha/events").await;
    assert!(!list.contains("Spring Pairs"), "{list}");

    // A good one is stored and shown again on the edit form; a bad edit changes nothing.
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &with_correction("Spring Pairs", " 45 "),
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let page = location(&r);
    let id = id_from_location(&page);
    let edit = format!("{page}/edit");
    assert_eq!(correction_value(&d.get_text(&edit).await.1), "45");
    let r = d
        .post(&edit, &edit, &with_correction("Spring Pairs", "1441"))
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(correction_value(&r.text().await.unwrap()), "1441");
    let stored = with_conn(&app, |c| {
        calypso_director::db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
    });
    assert_eq!(stored.settings.correction_minutes(), 45);
    // A post without the field (a script written before it existed) takes the default.
    let r = d.post(&edit, &edit, &event_fields("Spring Pairs")).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(correction_value(&d.get_text(&edit).await.1), "30");
    let r = d
        .post(&edit, &edit, &with_correction("Spring Pairs", "0"))
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(correction_value(&d.get_text(&edit).await.1), "0");
}

#[tokio::test]
async fn the_api_takes_the_correction_period_and_always_shows_it() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Club Night", "date": "2026-12-01", "format": "pairs-mitchell",
                      "tables": 3, "boards": 3});
    let (s, ev) = api.post("/events", base.clone()).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    assert_eq!(ev["correction_minutes"], 30, "the default");
    let mut body = base.clone();
    body["correction_minutes"] = json!(0);
    let (s, ev) = api.post("/events", body).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    assert_eq!(ev["correction_minutes"], 0);
    let (_, again) = api.get(&format!("/events/{}", ev["id"])).await;
    assert_eq!(again["correction_minutes"], 0);
    for bad in [json!(-5), json!(1441)] {
        let mut body = base.clone();
        body["correction_minutes"] = bad.clone();
        let (s, v) = api.post("/events", body).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .starts_with("correction_minutes: the correction period must be"),
            "{v}"
        );
    }
    let mut body = base;
    body["correction_minutes"] = json!("abc");
    let (s, v) = api.post("/events", body).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("bad JSON body"),
        "{v}"
    );
}
