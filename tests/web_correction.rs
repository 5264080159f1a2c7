//! The correction period (an event setting): on the event form and in the API, and the public
//! event page's results, provisional while play goes on and during the period after the
//! director marks the event finished, final after it.

mod common;

use calypso_director::db;
use calypso_director::db::results::PlayedAt;
use calypso_director::event::EventId;
use calypso_director::event::results::{ResultStatus, TableResult};
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

/// A running Mitchell of the club "alpha" through the pages: 3 tables, 6 pairs, 2 rounds of
/// one board, so every board is played at two tables. Round 1 started.
async fn running_mitchell(d: &Browser, correction: &str) -> (String, EventId) {
    let mut fields = with_correction("Harbour Pairs", correction);
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let page = location(&r);
    let id = id_from_location(&page);
    let (entries, movement, rounds) = (
        format!("{page}/entries"),
        format!("{page}/movement"),
        format!("{page}/rounds"),
    );
    enter_pairs(d, &entries, 6, "North", "South").await;
    let r = d.post(&movement, &movement, &[("rounds", "2")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    move_event(d, &page, &TO_RUNNING).await;
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    (page, id)
}

/// Stores every table's result of a round, as a director's entry would be (confirmed); the
/// scores are 100·table + round against 10·table. Returns the results by table.
fn report_round(app: &TestApp, id: EventId, round: u32) -> Vec<TableResult> {
    let club = app.club_id("alpha");
    let (m, entries) = with_conn(app, |c| {
        (
            db::movements::movement_of(c, club, id).unwrap().unwrap().1,
            db::entries::entries_of(c, club, id).unwrap(),
        )
    });
    let entry = |n: Option<u32>| {
        n.and_then(|n| entries.iter().find(|e| e.number == n as i32))
            .map(|e| e.id)
    };
    m.round(round)
        .filter(|s| s.has_game())
        .map(|s| {
            let at = PlayedAt {
                round: round as i32,
                table_number: s.table as i32,
                board: s.boards[0] as i32,
                majors_entry: entry(s.majors),
                minors_entry: entry(s.minors),
            };
            let t = s.table as i32;
            store_result(app, id, at, (100 * t + round as i32, 10 * t))
        })
        .collect()
}

/// Sets a stored result's status (as a table's answer would).
fn set_status(app: &TestApp, id: EventId, r: &TableResult, status: ResultStatus) {
    with_conn(app, |c| {
        db::results::change_result(c, app.club_id("alpha"), id, r.id, "test", None, |r| {
            Ok::<_, ()>(calypso_director::event::results::ResultValues {
                status,
                ..r.values.clone()
            })
        })
        .unwrap()
        .unwrap()
        .unwrap();
    });
}

/// The public page's results section (from its heading to the entries).
/// The event page's results by round (without the live standings above them).
fn results_section(html: &str) -> Option<String> {
    let start = html.find("<h2 id=\"results\">")?;
    let end = html[start..].find("<h2>Entries").unwrap() + start;
    let section = &html[start..end];
    Some(
        match (
            section.find("<div id=\"live-standings\""),
            section.find("<h3>By round</h3>"),
        ) {
            (Some(a), Some(b)) => format!("{}{}", &section[..a], &section[b..]),
            _ => section.to_string(),
        },
    )
}

fn event_now(app: &TestApp, id: EventId) -> calypso_director::event::Event {
    with_conn(app, |c| {
        db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
    })
}

#[tokio::test]
async fn results_are_provisional_while_playing_and_in_the_correction_period_then_final() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);
    let (page, id) = running_mitchell(&d, "30").await;
    let (_, body) = public.get_text(&page).await;
    assert!(results_section(&body).is_none(), "no results, no section");

    // Round 1 in: each board has still to be played at another table in round 2, so the
    // public sees that results exist, but not their scores; the club's director sees them.
    let round_1 = report_round(&app, id, 1);
    assert_eq!(round_1.len(), 3);
    let (s, body) = public.get_text(&page).await;
    assert_eq!(s, StatusCode::OK);
    let section = results_section(&body).expect("a results section");
    assert!(
        section.contains("Results are provisional while play goes on."),
        "{section}"
    );
    assert!(
        section.contains("3 more results are shown once every table has played their boards."),
        "{section}"
    );
    assert!(!section.contains("Round 1"), "{section}");
    assert!(!section.contains("<td>101</td>"), "{section}");
    let (_, mine) = d.get_text(&page).await;
    let mine = results_section(&mine).unwrap();
    assert!(
        mine.contains("Round 1") && mine.contains("<td>101</td>"),
        "{mine}"
    );

    // Round 2 in: every board has been played everywhere. Every result shows as
    // provisional, a disputed one as under review.
    let rounds = format!("{page}/rounds");
    let r = d.post(&rounds, &rounds, &[("round", "2")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let round_2 = report_round(&app, id, 2);
    set_status(&app, id, &round_2[0], ResultStatus::Disputed);
    set_status(&app, id, &round_2[1], ResultStatus::Provisional);
    let (_, body) = public.get_text(&page).await;
    let section = results_section(&body).unwrap();
    assert!(
        section.contains("Round 1") && section.contains("Round 2"),
        "{section}"
    );
    assert!(!section.contains("more result"), "{section}");
    assert_eq!(section.matches("<tbody>").count(), 6, "{section}");
    for (t, round) in [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)] {
        let score = format!("<td>{}</td>", 100 * t + round);
        assert!(section.contains(&score), "{score}: {section}");
    }
    assert_eq!(
        section.matches(">provisional</span>").count(),
        5,
        "{section}"
    );
    assert_eq!(
        section.matches(">under review</span>").count(),
        1,
        "{section}"
    );
    // Who sat where: entry number and name.
    let majors = with_conn(&app, |c| {
        db::entries::entries_of(c, app.club_id("alpha"), id)
            .unwrap()
            .into_iter()
            .find(|e| Some(e.id) == round_1[0].sides.majors)
            .unwrap()
    });
    let majors = format!(
        "<td class=\"muted\">N-S ♠♥</td><td>{} {}</td>",
        majors.number,
        majors.name.replace('&', "&#38;")
    );
    assert!(section.contains(&majors), "{majors}: {section}");
    // Nothing the visibility rules hide: no key before release, no table codes.
    let key = event_now(&app, id).deal.unwrap().key_hex;
    assert!(!body.contains(&key));
    assert!(!body.contains("/t/"));

    // The director marks the event finished: the correction period runs from that moment.
    move_event(&d, &page, &[("running", "finished")]).await;
    let finished_at = event_now(&app, id).finished_at.expect("finished_at is set");
    let age = calypso_director::db::now() - finished_at;
    assert!(
        age >= chrono::Duration::zero() && age < chrono::Duration::minutes(1),
        "{age}"
    );
    let until = finished_at + chrono::Duration::minutes(30);
    let (_, body) = public.get_text(&page).await;
    let section = results_section(&body).unwrap();
    let banner = format!(
        "Results are provisional: the correction period ends at {} UTC",
        until.format("%H:%M")
    );
    assert!(section.contains(&banner), "{banner}: {section}");
    assert_eq!(
        section.matches(">provisional</span>").count(),
        5,
        "{section}"
    );
    assert_eq!(
        section.matches(">under review</span>").count(),
        1,
        "{section}"
    );

    // Half an hour later (finished_at moved back through the database): final, except the
    // disputed result, still under review (#21: a result nobody disputed is final when the
    // correction period ends, confirmed or not).
    with_conn(&app, |c| {
        use calypso_director::db::schema::events;
        use diesel::prelude::*;
        diesel::update(events::table.find(id.get()))
            .set(events::finished_at.eq(Some(finished_at - chrono::Duration::minutes(31))))
            .execute(c)
            .unwrap();
    });
    let (_, body) = public.get_text(&page).await;
    let section = results_section(&body).unwrap();
    assert!(
        section.contains(
            "Results are final except 1 disputed result the director has still to rule on."
        ),
        "{section}"
    );
    assert!(!section.contains("correction period"), "{section}");
    assert!(!section.contains(">provisional</span>"), "{section}");
    assert_eq!(
        section.matches(">not confirmed</span>").count(),
        0,
        "{section}"
    );
    assert_eq!(
        section.matches(">under review</span>").count(),
        1,
        "{section}"
    );
    assert_eq!(section.matches("<tbody>").count(), 6, "{section}");
}

#[tokio::test]
async fn with_no_correction_period_results_are_final_once_the_event_is_finished() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);
    let (page, id) = running_mitchell(&d, "0").await;
    report_round(&app, id, 1);
    let rounds = format!("{page}/rounds");
    let r = d.post(&rounds, &rounds, &[("round", "2")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    report_round(&app, id, 2);
    let (_, body) = public.get_text(&page).await;
    assert!(
        results_section(&body)
            .unwrap()
            .contains("Results are provisional while play goes on.")
    );
    move_event(&d, &page, &[("running", "finished")]).await;
    assert!(event_now(&app, id).finished_at.is_some());
    let (_, body) = public.get_text(&page).await;
    let section = results_section(&body).unwrap();
    assert!(section.contains("Results are final."), "{section}");
    assert!(
        !section.contains("status-"),
        "every result confirmed: no badge: {section}"
    );
    assert_eq!(section.matches("<tbody>").count(), 6, "{section}");
}

#[tokio::test]
async fn the_api_shows_the_scoring_settings_and_how_the_results_stand() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Club Night", "date": "2026-12-01", "format": "pairs-mitchell",
                      "tables": 3, "boards": 3});
    let (s, ev) = api.post("/events", base.clone()).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    assert_eq!(
        (&ev["scale"], &ev["compare"], &ev["results"]),
        (&json!("2-1"), &json!("net"), &json!("live")),
        "the defaults: {ev}"
    );
    assert!(ev["finished_at"].is_null() && ev["correction_ends_at"].is_null());
    let mut body = base.clone();
    body["scale"] = json!("1-half");
    body["compare"] = json!("own");
    body["correction_minutes"] = json!(45);
    let (s, ev) = api.post("/events", body).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    assert_eq!(
        (&ev["scale"], &ev["compare"]),
        (&json!("1-half"), &json!("own"))
    );
    for (field, bad) in [("scale", "3-1"), ("compare", "gross")] {
        let mut body = base.clone();
        body[field] = json!(bad);
        let (s, v) = api.post("/events", body).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        let msg = v["error"].as_str().unwrap();
        assert!(
            msg.starts_with(&format!("{field}: ")) && msg.contains(bad),
            "{v}"
        );
    }
    // Finished: the correction period runs from the moment it was marked.
    let path = format!("/events/{}", ev["id"]);
    for to in ["ready", "running", "finished"] {
        let (s, v) = api.post(&format!("{path}/status"), json!({"to": to})).await;
        assert_eq!(s, StatusCode::OK, "{to}: {v}");
    }
    let (_, ev) = api.get(&path).await;
    assert_eq!(ev["results"], "correcting", "{ev}");
    let finished = ev["finished_at"].as_str().unwrap();
    let ends = ev["correction_ends_at"].as_str().unwrap();
    let at = |t: &str| chrono::NaiveDateTime::parse_from_str(t, "%Y-%m-%dT%H:%M:%SZ").unwrap();
    assert_eq!(at(ends) - at(finished), chrono::Duration::minutes(45));
}
