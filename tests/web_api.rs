//! The JSON API: bearer tokens (none, bad, revoked), club scoping, JSON errors, and the
//! results and standings read from the database.

mod common;

use calypso_director::db;
use calypso_director::event::entries::{EntryDraft, EntryKind, PlayerChoice};
use common::*;
use diesel::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn tokens_authenticate_and_can_be_revoked() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = reqwest::Client::new();
    let url = format!("{}/api/v1/me", app.address);

    let r = api.get(&url).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert!(error_of(r).await.contains("missing API token"));
    let r = api
        .get(&url)
        .bearer_auth("cdt_nonsense")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert!(error_of(r).await.contains("invalid or revoked"));
    // A logged-in browser session is not an API credential.
    assert_eq!(d.get("/api/v1/me").await.status(), StatusCode::UNAUTHORIZED);

    let token = new_token(&d, "alpha", "scoring laptop").await;
    assert!(token.starts_with("cdt_"));
    let r = api.get(&url).bearer_auth(&token).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let me: Value = r.json().await.unwrap();
    assert_eq!(me["club"]["slug"], "alpha");
    assert_eq!(me["director"]["email"], "olive@example.org");

    // Shown once: the list page does not repeat it, but shows its use.
    let (_, list) = d.get_text("/c/alpha/tokens").await;
    assert!(!list.contains(&token));
    assert!(list.contains("scoring laptop"));

    let id = with_conn(&app, |c| {
        let (o, _) = db::accounts::director_for_login(c, "olive@example.org")
            .unwrap()
            .unwrap();
        db::accounts::api_tokens_of(c, o.id).unwrap()[0].clone()
    });
    assert!(id.last_used_at.is_some());
    let revoke = format!("/c/alpha/tokens/{}/revoke", id.id);
    assert_eq!(
        d.post("/c/alpha/tokens", &revoke, &[]).await.status(),
        StatusCode::SEE_OTHER
    );
    let r = api.get(&url).bearer_auth(&token).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn events_and_players_through_the_api() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let other = app.club_with_owner("bravo", "bob@example.org").await;
    let token = new_token(&d, "alpha", "tool").await;
    let other_token = new_token(&other, "bravo", "tool").await;
    let api = reqwest::Client::new();
    let u = |p: &str| format!("{}/api/v1{p}", app.address);

    let r = api
        .post(u("/events"))
        .bearer_auth(&token)
        .json(
            &json!({"name": "API Pairs", "date": "2026-09-09", "format": "pairs-mitchell",
                      "tables": 3, "boards": 12, "variant": "cutthroat-4"}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let ev: Value = r.json().await.unwrap();
    let id = ev["id"].as_i64().unwrap();
    assert_eq!(ev["status"], "draft");
    assert_eq!(ev["trumps"], "SDHC");
    assert_eq!(ev["deal"]["key"], Value::Null);

    // Update while draft; a new variant takes its own seating.
    let r = api
        .patch(u(&format!("/events/{id}")))
        .bearer_auth(&token)
        .json(&json!({"variant": "cutthroat-3", "trick_rule": "all-fours"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let ev: Value = r.json().await.unwrap();
    assert_eq!(ev["trumps"], "SHC-");
    assert_eq!(ev["trick_rule"], "all-fours");

    // Bad bodies: JSON errors with 4xx, never a panic or an HTML page.
    let cases: Vec<(reqwest::RequestBuilder, StatusCode, &str)> = vec![
        (
            api.post(u("/events"))
                .bearer_auth(&token)
                .header("content-type", "application/json")
                .body("{not json"),
            StatusCode::BAD_REQUEST,
            "bad JSON body",
        ),
        (
            api.post(u("/events"))
                .bearer_auth(&token)
                .json(&json!({"name": "x", "colour": "red"})),
            StatusCode::BAD_REQUEST,
            "unknown field",
        ),
        (
            api.post(u("/events"))
                .bearer_auth(&token)
                .json(&json!({"name": "x", "tables": "three"})),
            StatusCode::BAD_REQUEST,
            "bad JSON body",
        ),
        (
            api.post(u("/events"))
                .bearer_auth(&token)
                .json(&json!({"name": "", "date": "2026-01-01",
                "format": "progressive", "tables": 500, "boards": 10})),
            StatusCode::UNPROCESSABLE_ENTITY,
            "tables must be a whole number",
        ),
        (
            api.post(u("/events"))
                .bearer_auth(&token)
                .header("content-type", "application/json")
                .body(format!("{{\"name\": \"{}\"}}", "x".repeat(100 * 1024))),
            StatusCode::PAYLOAD_TOO_LARGE,
            "bad JSON body",
        ),
        (
            api.get(u("/events/999999")).bearer_auth(&token),
            StatusCode::NOT_FOUND,
            "not found",
        ),
        (
            api.get(u("/events/abc")).bearer_auth(&token),
            StatusCode::NOT_FOUND,
            "not found",
        ),
        (
            api.get(u("/nothing-here")).bearer_auth(&token),
            StatusCode::NOT_FOUND,
            "no API endpoint",
        ),
        // Another club's event: the same 404 as a missing one.
        (
            api.get(u(&format!("/events/{id}")))
                .bearer_auth(&other_token),
            StatusCode::NOT_FOUND,
            "not found",
        ),
        (
            api.patch(u(&format!("/events/{id}")))
                .bearer_auth(&other_token)
                .json(&json!({"name": "mine"})),
            StatusCode::NOT_FOUND,
            "not found",
        ),
        (
            api.get(u(&format!("/events/{id}/results")))
                .bearer_auth(&other_token),
            StatusCode::NOT_FOUND,
            "not found",
        ),
        (
            api.get(u(&format!("/events/{id}/standings")))
                .bearer_auth(&other_token),
            StatusCode::NOT_FOUND,
            "not found",
        ),
    ];
    for (req, status, msg) in cases {
        let r = req.send().await.unwrap();
        assert_eq!(r.status(), status, "{msg}");
        assert!(
            r.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json")
        );
        let e = error_of(r).await;
        assert!(e.contains(msg), "{e:?} should mention {msg:?}");
    }
    let list: Value = api
        .get(u("/events"))
        .bearer_auth(&other_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        list.as_array().unwrap().len(),
        0,
        "bravo sees none of alpha's events"
    );

    // Players.
    let r = api
        .post(u("/players"))
        .bearer_auth(&token)
        .json(&json!({"name": "Cara Cole", "membership_number": "77"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let p: Value = r.json().await.unwrap();
    let pid = p["id"].as_i64().unwrap();
    let r = api
        .post(u("/players"))
        .bearer_auth(&token)
        .json(&json!({"name": "Dup", "membership_number": "77"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let r = api
        .patch(u(&format!("/players/{pid}")))
        .bearer_auth(&token)
        .json(&json!({"archived": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let p: Value = r.json().await.unwrap();
    assert_eq!(p["archived"], true);
    assert_eq!(p["name"], "Cara Cole");
    let r = api
        .patch(u(&format!("/players/{pid}")))
        .bearer_auth(&other_token)
        .json(&json!({"name": "Stolen"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let active: Value = api
        .get(u("/players"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(active.as_array().unwrap().len(), 0);
    let all: Value = api
        .get(u("/players?archived=true"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(all.as_array().unwrap().len(), 1);

    // Non-draft events cannot be changed.
    let page = format!("/c/alpha/events/{id}");
    let r = d
        .post(
            &page,
            &format!("{page}/status"),
            &[("from", "draft"), ("to", "ready")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let r = api
        .patch(u(&format!("/events/{id}")))
        .bearer_auth(&token)
        .json(&json!({"name": "late change"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let ev: Value = api
        .get(u(&format!("/events/{id}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(ev["status"], "ready");
    assert_eq!(ev["deal"]["algorithm"], "v1");
    assert_eq!(ev["deal"]["commitment"].as_str().unwrap().len(), 64);
    assert_eq!(ev["deal"]["key"], Value::Null);
}

#[tokio::test]
async fn results_and_standings_come_from_the_database() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "tool").await;
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields("Club Night"),
        )
        .await;
    let id = id_from_location(&location(&r));
    let club = app.club_id("alpha");
    let pairs = with_conn(&app, |c| {
        let entry = |c: &mut _, a: &str, b: &str| {
            let draft = EntryDraft {
                kind: EntryKind::Pair,
                name: None,
                players: vec![PlayerChoice::Guest(a.into()), PlayerChoice::Guest(b.into())],
            };
            db::entries::add_entry(c, club, id, &draft).unwrap().id
        };
        let a = entry(c, "Ann", "Bob");
        let b = entry(c, "Cat", "Dan");
        (a, b)
    });
    let (a, b) = pairs;
    let at = |board, majors, minors| db::results::PlayedAt {
        round: 1,
        table_number: 1,
        board,
        majors_entry: Some(majors),
        minors_entry: Some(minors),
    };
    store_result(&app, id, at(1, a, b), (500, 200));
    let second = store_result(&app, id, at(2, b, a), (350, 150));
    with_conn(&app, |c| {
        // A correction replaces the score and leaves an audit row.
        db::results::change_result(c, club, id, second.id, "test", Some("typo"), |r| {
            Ok::<_, ()>(calypso_director::event::results::ResultValues {
                scores: calypso_director::event::results::Sides::new(340, 160),
                ..r.values.clone()
            })
        })
        .unwrap()
        .unwrap()
        .unwrap();
        // Another club's event is out of reach: nothing is added.
        let other = calypso_director::event::ClubId::new(club.get() + 1000);
        let eve = EntryDraft {
            kind: EntryKind::Pair,
            name: None,
            players: vec![PlayerChoice::Guest("Eve".into()); 2],
        };
        assert!(matches!(
            db::entries::add_entry(c, other, id, &eve),
            Err(db::entries::EntryChangeError::NotFound)
        ));
        assert!(db::results::results_of(c, other, id).unwrap().is_empty());
    });
    let api = reqwest::Client::new();
    let res: Value = api
        .get(format!("{}/api/v1/events/{id}/results", app.address))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(res["results"].as_array().unwrap().len(), 2);
    assert_eq!(res["results"][1]["scores"]["majors"], 340);
    let st: Value = api
        .get(format!("{}/api/v1/events/{id}/standings", app.address))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    // Results outside any movement (there is none here) place nobody: the event's
    // standings come from its movement and the scoring module.
    assert_eq!(st["method"], "matchpoints");
    assert_eq!(st["standings"], json!([]));
    assert_eq!(st["provisional"], true);
    let audits: i64 = with_conn(&app, |c| {
        use calypso_director::db::schema::result_audit;
        use diesel::prelude::*;
        result_audit::table.count().get_result(c).unwrap()
    });
    assert_eq!(audits, 3);
}

#[tokio::test]
async fn status_release_and_boards_through_the_api() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "scoring laptop").await;
    let _other = app.club_with_owner("bravo", "bob@example.org").await;
    let api = reqwest::Client::new();
    let url = |p: &str| format!("{}/api/v1{p}", app.address);
    let ev: Value = api
        .post(url("/events"))
        .bearer_auth(&token)
        .json(
            &serde_json::json!({"name":"API Night","date":"2026-06-01","format":"progressive",
            "tables":2,"boards":3,"trumps":"HCSD"}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = ev["id"].as_i64().unwrap();
    let status = |to: &str| {
        api.post(url(&format!("/events/{id}/status")))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "to": to }))
            .send()
    };
    // Not a step the lifecycle allows: 409 with its words; a status that does not exist: 422.
    let r = status("finished").await.unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(error_of(r).await.contains("cannot become finished"));
    assert_eq!(
        status("done").await.unwrap().status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let r = status("ready").await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let ready: Value = r.json().await.unwrap();
    assert_eq!(ready["status"], "ready");
    let commitment = ready["deal"]["commitment"].as_str().unwrap().to_string();
    assert_eq!(ready["deal"]["key"], Value::Null);

    // Boards: the club's directors at any time, everyone else after release only.
    let boards_url = url(&format!("/events/{id}/boards"));
    let r = api
        .get(&boards_url)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let boards: Value = r.json().await.unwrap();
    assert_eq!(boards["algorithm"], "v1");
    assert_eq!(boards["commitment"], commitment.as_str());
    assert_eq!(boards["boards"].as_array().unwrap().len(), 3);
    assert_eq!(boards["boards"][2]["board"], 3);
    assert_eq!(boards["boards"][0]["stack"].as_array().unwrap().len(), 208);
    assert_eq!(
        api.get(&boards_url).send().await.unwrap().status(),
        StatusCode::NOT_FOUND
    );
    let bob_token = new_token(&_other, "bravo", "bob's tool").await;
    assert_eq!(
        api.get(&boards_url)
            .bearer_auth(&bob_token)
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::NOT_FOUND,
        "another club's director sees nothing before release"
    );
    let release = || {
        api.post(url(&format!("/events/{id}/release")))
            .bearer_auth(&token)
            .send()
    };
    let r = release().await.unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT, "not before play is over");
    for to in ["running", "finished"] {
        assert_eq!(status(to).await.unwrap().status(), StatusCode::OK, "{to}");
    }
    let r = release().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let released: Value = r.json().await.unwrap();
    assert_eq!(released["hand_records_released"], true);
    let key = released["deal"]["key"].as_str().unwrap().to_string();
    assert_eq!(
        release().await.unwrap().status(),
        StatusCode::CONFLICT,
        "once"
    );
    // Now anyone: the same boards as the command line prints.
    let public: Value = api
        .get(&boards_url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(public, boards);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_calypso-director"))
        .args(["deal", "--key", &key, "--board", "2", "--trumps", "HCSD"])
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(public["boards"][1], cli);
}

#[tokio::test]
async fn entries_through_the_api() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "entries tool").await;
    let api = reqwest::Client::new();
    let url = |p: &str| format!("{}/api/v1{p}", app.address);
    let post = |p: String, body: Value| api.post(url(&p)).bearer_auth(&token).json(&body).send();
    let bob: Value = post("/players".into(), serde_json::json!({"name": "Bob Ray"}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let ev: Value = post(
        "/events".into(),
        serde_json::json!({"name":"Pairs Night","date":"2026-06-01","format":"pairs-mitchell",
            "tables":2,"boards":4}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let id = ev["id"].as_i64().unwrap();
    let entries = format!("/events/{id}/entries");

    // A guest by name and a roster player: the exact shape of the answer.
    let r = post(
        entries.clone(),
        serde_json::json!({"kind":"pair","players":[{"name":"Ann Lee"},{"player_id": bob["id"]}]}),
    )
    .await
    .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let first: Value = r.json().await.unwrap();
    assert_eq!(
        first,
        serde_json::json!({"id": first["id"], "number": 1, "kind": "pair", "name": "Ann Lee & Bob Ray",
            "players": [{"name": "Ann Lee", "player_id": null}, {"name": "Bob Ray", "player_id": bob["id"]}]})
    );
    let second: Value = post(
        entries.clone(),
        serde_json::json!({"kind":"pair","players":[{"name":"Cat"},{"name":"Dan"}]}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    assert_eq!(second["number"], 2);
    let third: Value = post(
        entries.clone(),
        serde_json::json!({"kind":"pair","players":[{"name":"Eve"},{"name":"Fay"}]}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    assert_eq!(third["number"], 3);

    // Refusals name the problem; nothing is saved.
    for (body, message) in [
        (
            serde_json::json!({"kind":"team","name":"Adders","players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"}]}),
            "its entries are pairs, not teams",
        ),
        (
            serde_json::json!({"kind":"pair","players":[{"name":"Ann"}]}),
            "a pair has 2 players, not 1",
        ),
        (
            serde_json::json!({"kind":"pair","players":[{"name":"Gil"},{"player_id": bob["id"]}]}),
            "Bob Ray is already entered in this event (entry 1)",
        ),
        (
            serde_json::json!({"kind":"pair","players":[{"name":"Gil"},{"player_id": 99999}]}),
            "player 2: there is no such player on the club's roster",
        ),
        (
            serde_json::json!({"kind":"pair","players":[{"name":"Gil","player_id":1},{"name":"Hal"}]}),
            "player 1: give either",
        ),
        (
            serde_json::json!({"kind":"duo","players":[]}),
            "\"duo\" is not an entry kind",
        ),
    ] {
        let r = post(entries.clone(), body).await.unwrap();
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{message}");
        assert!(error_of(r).await.contains(message), "{message}");
    }
    let list: Value = api
        .get(url(&entries))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(list["entries"].as_array().unwrap().len(), 3);

    // Removing entry 2 before the start: entry 3 becomes number 2.
    let r = api
        .delete(url(&format!("{entries}/{}", second["id"])))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    let list: Value = api
        .get(url(&entries))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let numbers: Vec<(i64, i64)> = list["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["id"].as_i64().unwrap(), e["number"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        numbers,
        vec![
            (first["id"].as_i64().unwrap(), 1),
            (third["id"].as_i64().unwrap(), 2)
        ]
    );

    // Once play has started, entries are fixed: 409.
    for to in ["ready", "running"] {
        let r = post(
            format!("/events/{id}/status"),
            serde_json::json!({ "to": to }),
        )
        .await
        .unwrap();
        assert_eq!(r.status(), StatusCode::OK);
    }
    let r = post(
        entries.clone(),
        serde_json::json!({"kind":"pair","players":[{"name":"Late"},{"name":"Comer"}]}),
    )
    .await
    .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let r = api
        .delete(url(&format!("{entries}/{}", first["id"])))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn the_movement_through_the_api_is_the_command_lines() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "movement tool").await;
    let api = reqwest::Client::new();
    let url = |p: &str| format!("{}/api/v1{p}", app.address);
    let ev: Value = api
        .post(url("/events"))
        .bearer_auth(&token)
        .json(
            &serde_json::json!({"name":"Mitchell Night","date":"2026-06-01",
            "format":"pairs-mitchell","tables":3,"boards":20}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = ev["id"].as_i64().unwrap();
    let movement = url(&format!("/events/{id}/movement"));
    let put = |body: Value| api.put(&movement).bearer_auth(&token).json(&body).send();
    assert_eq!(
        api.get(&movement)
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::NOT_FOUND
    );
    // Pairs come from the entries: none yet.
    let r = put(serde_json::json!({"rounds": 3})).await.unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(r).await.contains("pairs"));
    for n in 0..6 {
        let r = api
            .post(url(&format!("/events/{id}/entries")))
            .bearer_auth(&token)
            .json(&serde_json::json!({"kind":"pair","players":[{"name": format!("North {n}")},{"name": format!("South {n}")}]}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::CREATED);
    }
    let r = put(serde_json::json!({"rounds": 4})).await.unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(r).await.contains("at most 3 rounds"));
    let r = put(serde_json::json!({"rounds": 3, "bogus": 1}))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let r = put(serde_json::json!({"rounds": 3, "boards_per_round": 1, "arrow_switch": []}))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let text = r.text().await.unwrap();
    // Exactly the command line's JSON for the same movement.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_calypso-director"))
        .args([
            "movement", "--kind", "mitchell", "--tables", "3", "--rounds", "3",
        ])
        .output()
        .unwrap();
    assert_eq!(text.trim(), String::from_utf8_lossy(&out.stdout).trim());
    let got: Value = api
        .get(&movement)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(got, serde_json::from_str::<Value>(&text).unwrap());
    // The event now has the movement's boards.
    let ev: Value = api
        .get(url(&format!("/events/{id}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(ev["boards"], got["boards"]);
    // Fixed once play starts.
    for to in ["ready", "running"] {
        api.post(url(&format!("/events/{id}/status")))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "to": to }))
            .send()
            .await
            .unwrap();
    }
    let r = put(serde_json::json!({"rounds": 2})).await.unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn starting_numbers_are_drawn_at_random_before_the_start() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "draw tool").await;
    let api = reqwest::Client::new();
    let url = |p: &str| format!("{}/api/v1{p}", app.address);
    let ev: Value = api
        .post(url("/events"))
        .bearer_auth(&token)
        .json(&serde_json::json!({"name":"Draw Night","date":"2026-06-01",
            "format":"pairs-mitchell","tables":3,"boards":3}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = ev["id"].as_i64().unwrap();
    for n in 0..6 {
        api.post(url(&format!("/events/{id}/entries")))
            .bearer_auth(&token)
            .json(&serde_json::json!({"kind":"pair","players":[{"name": format!("A{n}")},{"name": format!("B{n}")}]}))
            .send()
            .await
            .unwrap();
    }
    let ids_by_number = |v: &Value| -> Vec<(i64, i64)> {
        let mut out: Vec<(i64, i64)> = v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["number"].as_i64().unwrap(), e["id"].as_i64().unwrap()))
            .collect();
        out.sort();
        out
    };
    let before: Value = api
        .get(url(&format!("/events/{id}/entries")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let start = ids_by_number(&before);
    // Five draws: each keeps every entry once, numbered 1..6; the chance that all five
    // leave the order as it was is 1 in 720^5.
    let mut changed = false;
    for _ in 0..5 {
        let r = api
            .post(url(&format!("/events/{id}/entries/draw")))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::OK);
        let drawn = ids_by_number(&r.json().await.unwrap());
        let numbers: Vec<i64> = drawn.iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, (1..=6).collect::<Vec<_>>());
        let mut ids: Vec<i64> = drawn.iter().map(|(_, i)| *i).collect();
        let mut start_ids: Vec<i64> = start.iter().map(|(_, i)| *i).collect();
        changed |= ids != start_ids;
        ids.sort();
        start_ids.sort();
        assert_eq!(ids, start_ids, "every entry once");
    }
    assert!(changed, "the draw changed the order");
    // Once play has started, the numbers are fixed.
    for to in ["ready", "running"] {
        api.post(url(&format!("/events/{id}/status")))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "to": to }))
            .send()
            .await
            .unwrap();
    }
    let r = api
        .post(url(&format!("/events/{id}/entries/draw")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_stored_result_at_round_zero_reads_as_a_corrupt_row_not_a_place() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields("Club Night"),
        )
        .await;
    let id = id_from_location(&location(&r));
    let club = app.club_id("alpha");
    let at = db::results::PlayedAt {
        round: 1,
        table_number: 1,
        board: 1,
        majors_entry: None,
        minors_entry: None,
    };
    let stored = store_result(&app, id, at, (500, 200));
    assert_eq!(
        stored.place,
        calypso_director::event::results::Place {
            round: 1,
            table: 1,
            board: 1
        }
    );
    with_conn(&app, |c| {
        // A row edited by hand: its place no longer names a game.
        diesel::sql_query(format!(
            "UPDATE results SET round = 0 WHERE id = {}",
            stored.id.get()
        ))
        .execute(c)
        .unwrap();
        let read = db::results::results_of(c, club, id);
        match read {
            Err(db::DbError::Corrupt { what, problem, .. }) => {
                assert_eq!((what, problem.as_str()), ("result", "round 0"));
            }
            other => panic!("a round of 0 is corrupt, got {other:?}"),
        }
    });
}

/// Starting play starts round 1 the same way from the event page and from the API (#37):
/// one rule, in the service's status change. Before, the API's move to running left every
/// table waiting for a second call; a tool that still makes it is answered as started.
#[tokio::test]
async fn starting_play_starts_round_1_from_the_page_and_from_the_api() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "start tool").await;
    let api = reqwest::Client::new();
    let url = |p: &str| format!("{}/api/v1{p}", app.address);
    let send = |m: reqwest::Method, p: String, body: Value| {
        api.request(m, url(&p))
            .bearer_auth(&token)
            .json(&body)
            .send()
    };
    let mut ids = Vec::new();
    for name in ["Started by the API", "Started by the page"] {
        let r = send(
            reqwest::Method::POST,
            "/events".into(),
            json!({"name": name, "date": "2026-06-01", "format": "pairs-mitchell",
                "tables": 3, "boards": 20}),
        )
        .await
        .unwrap();
        let id = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
        for n in 0..6 {
            let r = send(
                reqwest::Method::POST,
                format!("/events/{id}/entries"),
                json!({"kind": "pair", "players": [{"name": format!("North {n}")},
                    {"name": format!("South {n}")}]}),
            )
            .await
            .unwrap();
            assert_eq!(r.status(), StatusCode::CREATED);
        }
        let r = send(
            reqwest::Method::PUT,
            format!("/events/{id}/movement"),
            json!({"rounds": 3, "boards_per_round": 1}),
        )
        .await
        .unwrap();
        assert_eq!(r.status(), StatusCode::OK);
        ids.push(id);
    }
    let (by_api, by_page) = (ids[0], ids[1]);
    for to in ["ready", "running"] {
        let r = send(
            reqwest::Method::POST,
            format!("/events/{by_api}/status"),
            json!({ "to": to }),
        )
        .await
        .unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{to}");
    }
    let page = format!("/c/alpha/events/{by_page}");
    let mut landed = String::new();
    for (from, to) in [("draft", "ready"), ("ready", "running")] {
        let r = d
            .post(
                &page,
                &format!("{page}/status"),
                &[("from", from), ("to", to), ("confirm", "yes")],
            )
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{from} -> {to}");
        landed = location(&r);
    }
    // The page lands on round control with round 1 on.
    assert_eq!(landed, format!("{page}/rounds"));
    for id in [by_api, by_page] {
        let rounds = send(
            reqwest::Method::GET,
            format!("/events/{id}/rounds"),
            Value::Null,
        )
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
        assert_eq!(rounds["current_round"], 1, "event {id}: {rounds}");
        assert_eq!(rounds["next_round"], 2, "event {id}: {rounds}");
    }
    // A tool that still asks for round 1 is told it is on, not refused as stale.
    let r = send(
        reqwest::Method::POST,
        format!("/events/{by_api}/rounds"),
        json!({"round": 1}),
    )
    .await
    .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.json::<Value>().await.unwrap()["current_round"], 1);
}
