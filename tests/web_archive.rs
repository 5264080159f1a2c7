//! The club's public archive (#13): past events by year and month with their winners, the
//! search by part of a player's name (this club's events only), each player's page with
//! events, placings, percentages, partners and the average chart, and an archived event that
//! stays public, read-only, at the same URLs.

mod common;

use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

/// The page at `path` without a login.
async fn public(app: &TestApp, path: &str) -> (StatusCode, String) {
    let r = reqwest::get(format!("{}{path}", app.address))
        .await
        .unwrap();
    let s = r.status();
    (s, r.text().await.unwrap())
}

fn api_of(app: &TestApp, token: &str) -> Api {
    Api {
        http: reqwest::Client::new(),
        base: app.address.clone(),
        token: token.to_string(),
    }
}

/// The part of `html` from `start` to the next `end` (or the end).
fn section<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {html}"));
    let rest = &html[from + start.len()..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

/// The winners the event's standings page names, per field, as its HTML has them.
fn winners_on(standings_html: &str) -> Vec<String> {
    standings_html
        .split("<p class=\"winners\">")
        .skip(1)
        .map(|p| section(p, "<strong>", "</strong>").to_string())
        .collect()
}

/// Pair 1's standing from the API: (place, field, percent as the pages print it).
async fn pair_one(api: &Api, id: i64) -> (String, String, String) {
    let (s, v) = api.get(&format!("/events/{id}/standings")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let row = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["pair"] == 1)
        .unwrap_or_else(|| panic!("pair 1 in {v}"))
        .clone();
    let pct = row["percent"].as_f64().unwrap();
    let pct = if pct.fract() == 0.0 {
        format!("{}", pct as i64)
    } else {
        format!("{pct}")
    };
    // The archive names a Mitchell's fields by their seats (the default seating).
    let field = match row["field"].as_str().unwrap() {
        "majors" => "N-S ♠♥".to_string(),
        "minors" => "E-W ♦♣".to_string(),
        other => format!("{}{}", other[..1].to_uppercase(), &other[1..]),
    };
    (row["place"].as_str().unwrap().to_string(), field, pct)
}

#[tokio::test]
async fn the_archive_the_search_and_a_players_page() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "archive").await;
    let api = api_of(&app, &token);
    let (s, ann) = api.post("/players", json!({"name": "Ann Walker"})).await;
    assert_eq!(s, StatusCode::CREATED, "{ann}");
    let ann_id = ann["id"].as_i64().unwrap();

    let spring = played_evening(
        api_of(&app, &token),
        "Spring Pairs",
        "2026-03-10",
        [json!({"player_id": ann_id}), json!({"name": "Zoë Quinn"})],
    )
    .await;
    let summer = played_evening(
        api_of(&app, &token),
        "Summer Pairs",
        "2026-06-02",
        [json!({"name": "Bob Hannay"}), json!({"player_id": ann_id})],
    )
    .await;
    // Called off last year: in the archive, without winners.
    let (s, v) = api
        .post(
            "/events",
            json!({"name": "Rained Off", "date": "2025-11-04", "format": "pairs-mitchell",
                   "tables": 5, "boards": 3}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let rained = v["id"].as_i64().unwrap();
    let (s, v) = api
        .post(
            &format!("/events/{rained}/status"),
            json!({"to": "cancelled"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // Not past: a draft and an event announced (ready).
    for (name, to) in [("Future Draft", None), ("Autumn Pairs", Some("ready"))] {
        let (s, v) = api
            .post(
                "/events",
                json!({"name": name, "date": "2026-09-01", "format": "pairs-mitchell",
                       "tables": 5, "boards": 3}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        if let Some(to) = to {
            let (s, v) = api
                .post(&format!("/events/{}/status", v["id"]), json!({"to": to}))
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
    }

    // Another club with a Walker of its own, in an event of its past.
    let b = app.club_with_owner("bravo", "bruno@example.org").await;
    let bravo = api_of(&app, &new_token(&b, "bravo", "archive").await);
    let (s, v) = bravo
        .post(
            "/events",
            json!({"name": "Bravo Night", "date": "2026-03-12", "format": "pairs-mitchell",
                   "tables": 5, "boards": 3}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let bravo_event = v["id"].as_i64().unwrap();
    let (s, v) = bravo
        .post(
            &format!("/events/{bravo_event}/entries"),
            json!({"kind": "pair", "players": [{"name": "Annie Walkerton"}, {"name": "Zed Quill"}]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = bravo
        .post(
            &format!("/events/{bravo_event}/status"),
            json!({"to": "cancelled"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");

    // The club's home page links the archive.
    let (s, home) = public(&app, "/c/alpha").await;
    assert_eq!(s, StatusCode::OK);
    assert!(home.contains("href=\"/c/alpha/archive\""), "{home}");

    // The archive: by year then month, newest first, each event with its winners.
    let (s, page) = public(&app, "/c/alpha/archive").await;
    assert_eq!(s, StatusCode::OK, "{page}");
    let order: Vec<usize> = [
        "<h2>2026</h2>",
        "<h3>June 2026</h3>",
        "Summer Pairs",
        "<h3>March 2026</h3>",
        "Spring Pairs",
        "<h2>2025</h2>",
        "<h3>November 2025</h3>",
        "Rained Off",
    ]
    .iter()
    .map(|s| page.find(s).unwrap_or_else(|| panic!("{s} in {page}")))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}\n{page}");
    for absent in ["Future Draft", "Autumn Pairs", "Bravo Night"] {
        assert!(!page.contains(absent), "{absent} in the archive: {page}");
    }
    for (id, month) in [
        (spring, "<h3>March 2026</h3>"),
        (summer, "<h3>June 2026</h3>"),
    ] {
        let months = section(&page, month, "<h3>");
        assert!(
            months.contains(&format!("href=\"/c/alpha/events/{id}\""))
                && months.contains(&format!("href=\"/c/alpha/events/{id}/standings\"")),
            "{months}"
        );
        let (s, standings) = public(&app, &format!("/c/alpha/events/{id}/standings")).await;
        assert_eq!(s, StatusCode::OK);
        let winners = winners_on(&standings);
        assert_eq!(winners.len(), 2, "a winner in each field: {standings}");
        for w in &winners {
            assert!(
                months.contains(&format!("<strong>{w}</strong>")),
                "{w} in {months}"
            );
        }
        // And those are the API's first places.
        let (_, v) = api.get(&format!("/events/{id}/standings")).await;
        let (_, entries) = api.get(&format!("/events/{id}/entries")).await;
        for first in v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["place"] == "1")
        {
            let name = entries["entries"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["number"] == first["pair"])
                .unwrap()["name"]
                .as_str()
                .unwrap()
                .replace('&', "&#38;");
            assert!(months.contains(&name), "{name} in {months}");
        }
    }
    let november = section(&page, "<h3>November 2025</h3>", "</ul>");
    assert!(november.contains("cancelled") && !november.contains("Winner"));

    // The search: part of a name, any case; only this club's people.
    let (s, found) = public(&app, "/c/alpha/players/search?q=wALK").await;
    assert_eq!(s, StatusCode::OK);
    let ann_path = format!("/c/alpha/people/p{ann_id}");
    assert!(
        found.contains(&format!("<a href=\"{ann_path}\">Ann Walker</a>")),
        "{found}"
    );
    assert!(found.contains("2 events"), "{found}");
    assert!(!found.contains("Walkerton"), "{found}");
    let (_, found) = public(&app, "/c/alpha/players/search?q=quin").await;
    assert!(
        found.contains("href=\"/c/alpha/people/g-zo%C3%AB-quinn\">Zoë Quinn</a>"),
        "{found}"
    );
    assert!(!found.contains("Quill"), "{found}");
    let (_, found) = public(&app, "/c/alpha/players/search?q=walkerton").await;
    assert!(found.contains("Nobody in the club"), "{found}");
    let (_, found) = public(&app, "/c/bravo/players/search?q=walk").await;
    assert!(found.contains("Annie Walkerton") && !found.contains("Ann Walker<"));
    let (s, found) = public(&app, "/c/alpha/players/search?q=").await;
    assert_eq!(s, StatusCode::OK);
    assert!(found.contains("Type part of a name"), "{found}");
    let long = "x".repeat(101);
    let (s, found) = public(&app, &format!("/c/alpha/players/search?q={long}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(found.contains("at most 100 characters"), "{found}");

    // Ann's page: both events, newest first, her place, percentage and partner in each,
    // and her average charted event by event.
    let (s, ann_page) = public(&app, &ann_path).await;
    assert_eq!(s, StatusCode::OK, "{ann_page}");
    assert!(ann_page.contains("<h1>Ann Walker</h1>"));
    let list = section(&ann_page, "<h2>Events</h2>", "</ul>");
    let (sp, su) = (
        list.find("Spring Pairs").unwrap(),
        list.find("Summer Pairs").unwrap(),
    );
    assert!(su < sp, "newest first");
    let mut percents = vec![];
    for (id, partner) in [(summer, "Bob Hannay"), (spring, "Zoë Quinn")] {
        let item = section(
            &ann_page,
            &format!("<a href=\"/c/alpha/events/{id}\">"),
            "</li>",
        );
        let (place, field, pct) = pair_one(&api, id).await;
        assert!(
            item.contains(&format!("<dd>{place} ({field})</dd>")),
            "{place} ({field}) in {item}"
        );
        assert!(
            item.contains(&format!("<dd>{pct}%</dd>")),
            "{pct} in {item}"
        );
        assert!(
            item.contains(&format!("<dd>{partner}</dd>")),
            "{partner} in {item}"
        );
        assert!(item.contains(&format!("/c/alpha/events/{id}/standings")));
        percents.push(pct.parse::<f64>().unwrap());
    }
    assert_eq!(ann_page.matches("<circle").count(), 2, "{ann_page}");
    assert!(ann_page.contains("Ann Walker: average percentage, event by event"));
    let average = (percents[0] + percents[1]) / 2.0;
    let shown = format!("{}", (average * 100.0).round() / 100.0);
    assert!(
        ann_page.contains(&format!("average <strong>{shown}%</strong>")),
        "{shown} in {ann_page}"
    );

    // A guest's page by the link the search gave.
    let (s, zoe) = public(&app, "/c/alpha/people/g-zo%C3%AB-quinn").await;
    assert_eq!(s, StatusCode::OK, "{zoe}");
    assert!(zoe.contains("<h1>Zoë Quinn</h1>") && zoe.contains("Guest"));
    assert!(zoe.contains("<dd>Ann Walker</dd>") && !zoe.contains("Summer Pairs"));

    // Unknown people are 404, and so is another club's guest under this club.
    for path in [
        "/c/alpha/people/p999999".to_string(),
        "/c/alpha/people/g-nobody-at-all".to_string(),
        "/c/alpha/people/walker".to_string(),
        "/c/alpha/people/g-annie-walkerton".to_string(),
        format!("/c/bravo/people/p{ann_id}"),
        "/c/nowhere/archive".to_string(),
    ] {
        assert_eq!(public(&app, &path).await.0, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn an_archived_event_stays_public_at_its_urls_and_refuses_changes() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "archive").await;
    let api = api_of(&app, &token);
    let id = played_evening(
        api_of(&app, &token),
        "Old Pairs",
        "2026-02-03",
        [json!({"name": "Ann Lee"}), json!({"name": "Bob Ray"})],
    )
    .await;
    let urls = [
        format!("/c/alpha/events/{id}"),
        format!("/c/alpha/events/{id}/standings"),
        format!("/c/alpha/events/{id}/travellers"),
        format!("/c/alpha/events/{id}/scorecards/1"),
        format!("/c/alpha/events/{id}/standings.csv"),
    ];
    let mut before = vec![];
    for u in &urls {
        let (s, body) = public(&app, u).await;
        assert_eq!(s, StatusCode::OK, "{u}");
        before.push(body);
    }
    let (_, results_before) = api.get(&format!("/events/{id}/results")).await;
    let counts = count_results(&app);

    let (s, v) = api
        .post(&format!("/events/{id}/status"), json!({"to": "archived"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");

    // The same URLs, public, the standings unchanged.
    for (u, old) in urls.iter().zip(&before) {
        let (s, body) = public(&app, u).await;
        assert_eq!(s, StatusCode::OK, "{u} after archiving");
        if u.ends_with("standings.csv") {
            assert_eq!(&body, old, "{u}");
        }
    }
    let (_, page) = public(&app, &format!("/c/alpha/events/{id}")).await;
    assert!(page.contains("archived"), "{page}");
    let (_, archive) = public(&app, "/c/alpha/archive").await;
    assert!(archive.contains("Old Pairs") && archive.contains("status-archived"));

    // Read-only: no new result, no correction, no entry, no way back.
    let report = json!({"round": 1, "table": 1, "board": 1,
        "players": {"N": {"calypsos": 0, "in_progress": []}, "E": {"calypsos": 0, "in_progress": []},
                    "S": {"calypsos": 0, "in_progress": []}, "W": {"calypsos": 0, "in_progress": []}},
        "trick_piles": {"NS": 104, "EW": 104}, "revokes": {"NS": 0, "EW": 0}});
    let (s, v) = api.post(&format!("/events/{id}/results"), report).await;
    assert!(
        s.is_client_error(),
        "a result into an archived event: {s} {v}"
    );
    let (s, v) = api
        .post(
            &format!("/events/{id}/entries"),
            json!({"kind": "pair", "players": [{"name": "Late Comer"}, {"name": "Also Late"}]}),
        )
        .await;
    assert!(
        s.is_client_error(),
        "an entry into an archived event: {s} {v}"
    );
    for to in ["finished", "running", "draft"] {
        let (s, v) = api
            .post(&format!("/events/{id}/status"), json!({"to": to}))
            .await;
        assert_eq!(s, StatusCode::CONFLICT, "archived → {to}: {v}");
    }
    assert_eq!(count_results(&app), counts, "nothing written");
    let (_, results_after) = api.get(&format!("/events/{id}/results")).await;
    assert_eq!(results_after, results_before);
}

#[tokio::test]
async fn the_clubs_history_csv_has_a_row_per_result_of_its_past_events_only() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "history").await;
    let api = api_of(&app, &token);
    let mut played = Vec::new();
    for (name, date) in [
        ("Summer Pairs", "2026-06-02"),
        ("Spring Pairs", "2026-03-10"),
    ] {
        let id = played_evening(
            api_of(&app, &token),
            name,
            date,
            [json!({"name": "Ann Walker"}), json!({"name": "Bob Hannay"})],
        )
        .await;
        played.push((id, name));
    }
    // Another club's past is not in alpha's history.
    let b = app.club_with_owner("bravo", "bruno@example.org").await;
    played_evening(
        api_of(&app, &new_token(&b, "bravo", "history").await),
        "Bravo Night",
        "2026-04-01",
        [json!({"name": "Bea Bravo"}), json!({"name": "Ben Bravo"})],
    )
    .await;
    let r = reqwest::get(format!("{}/c/alpha/archive.csv", app.address))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let text = r.text().await.unwrap();
    assert!(!text.contains("Bravo"), "{text}");
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    // Oldest event first: Spring (March) before Summer (June), each with its 15 results.
    assert_eq!(rows.len(), 30);
    assert_eq!(&rows[0][col("event")], "Spring Pairs");
    assert_eq!(&rows[29][col("event")], "Summer Pairs");
    for (id, name) in played {
        let (_, v) = api.get(&format!("/events/{id}/results")).await;
        for r in v["results"].as_array().unwrap() {
            let row = rows
                .iter()
                .find(|row| {
                    &row[col("event_id")] == id.to_string().as_str()
                        && row[col("round")].parse::<u64>().ok() == r["round"].as_u64()
                        && row[col("table")].parse::<u64>().ok() == r["table"].as_u64()
                })
                .unwrap_or_else(|| panic!("{name} {r}"));
            assert_eq!(&row[col("event")], name);
            assert_eq!(row[col("board")], r["board"].to_string());
            assert_eq!(row[col("majors_score")], r["scores"]["majors"].to_string());
            assert_eq!(row[col("minors_score")], r["scores"]["minors"].to_string());
            assert_eq!(&row[col("status")], "confirmed");
            assert!(row[col("event_url")].ends_with(&format!("/c/alpha/events/{id}")));
        }
    }
    // Ann and Bob are pair 1, by name, on their rows.
    assert!(rows.iter().any(|row| &row[col("majors")] == "1"
        && row[col("majors_name")].contains("Ann Walker")));
    let (s, _) = public(&app, "/c/nowhere/archive.csv").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}
