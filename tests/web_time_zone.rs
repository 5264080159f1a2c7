//! A club's time zone (#21 item 9): chosen at setup and on the owner's settings page, an
//! unknown name refused with the input kept; pages show stored UTC moments in the club's local
//! time with its abbreviation; the API keeps UTC, written with `Z`.
//!
//! America/Port_of_Spain keeps UTC-4 all year (no daylight saving), so the expected local
//! times here are the stored ones minus four hours, worked out without the zone database.

mod common;

use calypso_director::db;
use chrono::{DateTime, Duration, NaiveDateTime};
use common::*;
use reqwest::StatusCode;
use serde_json::Value;

const POS: &str = "America/Port_of_Spain";

fn zone_of(app: &TestApp, slug: &str) -> String {
    with_conn(app, |c| {
        db::clubs::club_by_slug(c, slug)
            .unwrap()
            .unwrap()
            .time_zone
            .name()
            .to_string()
    })
}

/// Port of Spain's wall clock for a stored UTC moment.
fn ast(utc: NaiveDateTime, pattern: &str) -> String {
    format!("{} AST", (utc - Duration::hours(4)).format(pattern))
}

async fn set_zone(d: &Browser, slug: &str, zone: &str) -> reqwest::Response {
    let page = format!("/c/{slug}/settings");
    d.post(&page, &page, &[("time_zone", zone)]).await
}

#[tokio::test]
async fn the_owner_sets_the_zone_and_pages_show_local_time_with_it() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    assert_eq!(
        zone_of(&app, "alpha"),
        "UTC",
        "a club set up without a zone"
    );
    let (status, page) = d.get_text("/c/alpha/settings").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("value=\"UTC\""), "{page}");
    assert!(page.contains("<option value=\"America/Port_of_Spain\">"));
    let (_, home) = d.get_text("/c/alpha").await;
    assert!(
        home.contains("href=\"/c/alpha/settings\""),
        "the owner's menu"
    );

    let r = set_zone(&d, "alpha", "america/port of spain").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), "/c/alpha/settings");
    assert_eq!(zone_of(&app, "alpha"), POS, "stored by its database name");
    let (_, page) = d.get_text("/c/alpha/settings").await;
    assert!(
        page.contains("The club&#39;s time zone is now America/Port_of_Spain"),
        "{page}"
    );
    assert!(page.contains(&format!("value=\"{POS}\"")));

    // An invitation's expiry, on the directors page.
    let r = d
        .post(
            "/c/alpha/directors",
            "/c/alpha/invites",
            &[("email", "dan@example.org")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let club = app.club_id("alpha");
    let expires =
        with_conn(&app, |c| db::accounts::pending_invites(c, club).unwrap())[0].expires_at;
    let (_, page) = d.get_text("/c/alpha/directors").await;
    let until = format!("until {}", ast(expires, "%Y-%m-%d %H:%M"));
    assert!(page.contains(&until), "{until} in {page}");
    assert!(!page.contains(" UTC"), "no time left in UTC: {page}");

    // A finished evening: round control's start, the correction banner, a result's trail.
    let (event, id, stored) = finished_evening(&app, &d).await;
    let api = api_for(&app, &d, "alpha").await;
    let (_, rounds) = api.get(&format!("/events/{id}/rounds")).await;
    let started = DateTime::parse_from_rfc3339(rounds["started_at"].as_str().unwrap())
        .unwrap()
        .naive_utc();
    let (_, page) = d.get_text(&format!("{event}/rounds")).await;
    let text = format!("the last started {}", ast(started, "%H:%M"));
    assert!(page.contains(&text), "{text} in {page}");

    let (_, ev) = api.get(&format!("/events/{id}")).await;
    assert_eq!(ev["results"], "correcting");
    let until = DateTime::parse_from_rfc3339(ev["correction_ends_at"].as_str().unwrap())
        .unwrap()
        .naive_utc();
    let (_, page) = d.get_text(&event).await;
    let banner = format!("the correction period ends at {}", ast(until, "%H:%M"));
    assert!(page.contains(&banner), "{banner} in {page}");

    let (_, page) = d
        .get_text(&format!("{event}/results/{}", stored[1].id))
        .await;
    let entered = format!("test, {}", ast(stored[1].created_at, "%Y-%m-%d %H:%M"));
    assert!(page.contains(&entered), "{entered} in {page}");
    let audit = with_conn(&app, |c| {
        db::results::audits_of(c, &[stored[1].id]).unwrap()
    });
    assert_eq!(audit.len(), 2, "entered, then ruled");
    for (_, a) in &audit {
        let at = ast(a.at, "%Y-%m-%d %H:%M:%S");
        assert!(page.contains(&at), "audit trail at {at} in {page}");
    }
    assert!(!page.contains(" UTC"), "{page}");

    // The API keeps UTC: the same start, written with Z, whatever the club's zone.
    assert!(rounds["started_at"].as_str().unwrap().ends_with('Z'));
    let (_, me) = api.get("/me").await;
    assert_eq!(me["club"]["time_zone"], POS);
}

#[tokio::test]
async fn an_unknown_zone_is_refused_naming_it_with_the_input_kept_and_nothing_saved() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = set_zone(&d, "alpha", "Mars/Olympus_Mons").await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("Mars/Olympus_Mons&#34; is not a time zone the server knows"),
        "{page}"
    );
    assert!(
        page.contains("value=\"Mars/Olympus_Mons\""),
        "input kept: {page}"
    );
    assert!(page.contains("aria-invalid=\"true\""));
    assert_eq!(zone_of(&app, "alpha"), "UTC");
    // An offset or an abbreviation is not a zone's name; nor is nothing.
    for typed in ["UTC-4", "AST", "  "] {
        let r = set_zone(&d, "alpha", typed).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{typed:?}");
    }
    assert_eq!(zone_of(&app, "alpha"), "UTC");

    // At setup: refused beside its field, everything typed kept, the link not used up.
    let b = Browser::new(&app);
    let path = app.setup_path();
    let token = path.split("token=").nth(1).unwrap().to_string();
    let fields = |zone: &'static str| {
        vec![
            ("token", token.clone()),
            ("club_name", "Harbour Club".to_string()),
            ("slug", "harbour".to_string()),
            ("time_zone", zone.to_string()),
            ("name", "Hal Harbour".to_string()),
            ("email", "hal@example.org".to_string()),
            ("password", PASSWORD.to_string()),
            ("password_confirm", PASSWORD.to_string()),
        ]
    };
    let post = |zone| {
        let f = fields(zone);
        let b = &b;
        let path = path.clone();
        async move {
            let f: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
            b.post(&path, "/setup", &f).await
        }
    };
    let r = post("Atlantis/Poseidonia").await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("Atlantis/Poseidonia&#34; is not a time zone"),
        "{page}"
    );
    for kept in [
        "value=\"Atlantis/Poseidonia\"",
        "value=\"Harbour Club\"",
        "value=\"harbour\"",
    ] {
        assert!(page.contains(kept), "{kept} kept: {page}");
    }
    assert!(with_conn(&app, |c| db::clubs::club_by_slug(c, "harbour").unwrap()).is_none());
    // The same link then creates the club, in the zone typed (case aside).
    let r = post("europe/london").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(zone_of(&app, "harbour"), "Europe/London");
}

#[tokio::test]
async fn only_the_owner_changes_the_zone_and_only_with_the_forms_token() {
    let app = spawn_app().await;
    let owner = app.club_with_owner("alpha", "olive@example.org").await;
    // Without the CSRF token: refused, nothing changed.
    let r = owner
        .post_raw("/c/alpha/settings", &[("time_zone", POS)])
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(zone_of(&app, "alpha"), "UTC");

    let r = owner
        .post(
            "/c/alpha/directors",
            "/c/alpha/invites",
            &[("email", "dan@example.org")],
        )
        .await;
    let body = r.text().await.unwrap();
    let start = body.find("/invite/").expect("invite link shown");
    let link: String = body[start..].chars().take_while(|c| *c != '<').collect();
    let dan = Browser::new(&app);
    let r = dan
        .post(
            &link,
            &link,
            &[
                ("name", "Dan Director"),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        dan.login("dan@example.org", PASSWORD).await.status(),
        StatusCode::SEE_OTHER
    );

    let (status, page) = dan.get_text("/c/alpha/settings").await;
    assert_eq!(status, StatusCode::OK, "a director reads the zone");
    assert!(page.contains("Only the club's owner can change"), "{page}");
    assert!(!page.contains("name=\"time_zone\""), "no form: {page}");
    let (_, home) = dan.get_text("/c/alpha").await;
    assert!(
        !home.contains("/c/alpha/settings"),
        "not in a director's menu"
    );
    let r = set_zone(&dan, "alpha", POS).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(zone_of(&app, "alpha"), "UTC");
    // Another club's settings are not there at all.
    let (status, _) = dan.get_text("/c/beta/settings").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn api_times_are_utc_with_an_offset() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    assert_eq!(
        set_zone(&d, "alpha", POS).await.status(),
        StatusCode::SEE_OTHER
    );
    let (_, id, stored) = finished_evening(&app, &d).await;
    let api = api_for(&app, &d, "alpha").await;
    let utc = |v: &Value, what: &str| {
        let s = v.as_str().unwrap_or_else(|| panic!("{what}: {v}"));
        assert!(s.ends_with('Z'), "{what}: {s}");
        let t = DateTime::parse_from_rfc3339(s).unwrap_or_else(|e| panic!("{what}: {s}: {e}"));
        assert_eq!(t.offset().local_minus_utc(), 0, "{what} is UTC");
        t.naive_utc()
    };

    let (status, results) = api.get(&format!("/events/{id}/results")).await;
    assert_eq!(status, StatusCode::OK);
    let audit = with_conn(&app, |c| {
        db::results::audits_of(c, &[stored[1].id]).unwrap()
    });
    let shown: Vec<_> = results["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == stored[1].id.get())
        .unwrap()["audit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| utc(&a["at"], "audit at"))
        .collect();
    let kept: Vec<_> = audit.iter().map(|(_, a)| a.at).collect();
    assert_eq!(shown, kept, "the stored moments, to the fraction");

    let (_, rounds) = api.get(&format!("/events/{id}/rounds")).await;
    utc(&rounds["started_at"], "started_at");
    let (_, ev) = api.get(&format!("/events/{id}")).await;
    utc(&ev["finished_at"], "finished_at");
    utc(&ev["correction_ends_at"], "correction_ends_at");
}
