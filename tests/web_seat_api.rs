//! The seat API (#39 item 8) over HTTP: an event's `play` setting through the API (and its
//! refusals), the director's listing of an online event's seats (its exact shape, the same
//! links twice), a whole board played by four clients through `GET /api/v1/seats/{token}`
//! and `POST /api/v1/seats/{token}/cards` with every refusal and its words, and the stored
//! log's engine replay scoring as the last view says. Named `web_*` so scripts/test.sh runs
//! it on PostgreSQL too.

mod common;

use calypso_director::db;
use calypso_director::engine::{Card, Seat};
use calypso_director::event::EventId;
use calypso_director::event::online::replay::{self, Move};
use calypso_director::service::online;
use common::seats::{cards, online_draft, run_round_one, seat_get, seat_post};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A Mitchell of club alpha at 2 tables, 4 pairs ("Ann n" & "Bob n"), 1 round, set to be
/// played online through the API while a draft, then running with round 1 started.
async fn online_running(app: &TestApp) -> (Browser, Api, EventId) {
    let (d, api, id, page, ev) = online_draft(app).await;
    assert_eq!(
        (&ev["play"], &ev["robot_ms"], &ev["away_seconds"]),
        (&json!("online"), &json!(300), &json!(90))
    );
    assert!(ev.get("window").is_none(), "{ev}");
    run_round_one(&d, &page).await;
    (d, api, id)
}

#[tokio::test]
async fn the_seats_listing_has_its_exact_shape_and_gives_the_same_links_twice() {
    let app = spawn_app().await;
    let (_, api, id) = online_running(&app).await;
    let (s, listed) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(s, StatusCode::OK, "{listed}");
    let seats = listed.as_array().unwrap();
    assert_eq!(seats.len(), 8, "2 tables of 4 seats");
    let (_, entries) = api.get(&format!("/events/{id}/entries")).await;
    for (i, seat) in seats.iter().enumerate() {
        let keys: Vec<&str> = seat
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut want = vec![
            "round", "table", "board", "seat", "entry", "name", "token", "url", "robot",
        ];
        want.sort_unstable();
        let mut got = keys.clone();
        got.sort_unstable();
        assert_eq!(got, want, "exactly these keys");
        assert_eq!(seat["round"], 1);
        assert_eq!(seat["table"], json!(i / 4 + 1));
        assert_eq!(seat["seat"], json!(["N", "E", "S", "W"][i % 4]));
        assert_eq!(seat["robot"], false, "every seat has its pair's player");
        let token = seat["token"].as_str().unwrap();
        assert_eq!(token.len(), 64, "256 random bits");
        assert_eq!(
            seat["url"].as_str().unwrap(),
            format!("{}/seat/{token}", app.address)
        );
        assert!(seat["board"].as_u64().unwrap() >= 1);
        // The player is one of the entry's players: N and E the first, S and W the second.
        let entry = entries["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == seat["entry"])
            .unwrap();
        let k = if i % 4 < 2 { 0 } else { 1 };
        assert_eq!(seat["name"], entry["players"][k]["name"], "{seat}");
    }
    // N and S are one pair, E and W the other.
    assert_eq!(seats[0]["entry"], seats[2]["entry"]);
    assert_eq!(seats[1]["entry"], seats[3]["entry"]);
    assert_ne!(seats[0]["entry"], seats[1]["entry"]);
    // The same call again: the same links, none issued.
    let (_, again) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(again, listed);
    // Each link is its seat's: its view says where.
    let (s, v) = seat_get(&app, seats[5]["token"].as_str().unwrap()).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!((&v["table"], &v["seat"]), (&json!(2), &json!("E")));
    // A revoked link is listed no more: the next listing issues the seat a new one.
    let club = app.club_id("alpha");
    with_conn(&app, |c| {
        online::revoke_seat_link(c, club, id, 1, 2, None, Seat::East).unwrap()
    });
    let (s, v) = seat_get(&app, seats[5]["token"].as_str().unwrap()).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert!(v["error"].as_str().unwrap().contains("revoked"), "{v}");
    let (_, third) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_ne!(third[5]["token"], seats[5]["token"]);
    for i in (0..8).filter(|&i| i != 5) {
        assert_eq!(third[i], seats[i]);
    }

    // Bounds and refusals, in words.
    let (s, v) = api.get(&format!("/events/{id}/seats?round=2")).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        v["error"],
        "round must be 1 to 1 (the rounds the event plans), not 2"
    );
    let (s, v) = api.get(&format!("/events/{id}/seats")).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"], "round is required: /seats?round=1");
    let (s, _) = api.get(&format!("/events/{id}/seats?round=x")).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    // Without the director's token: 401.
    let r = reqwest::get(format!("{}/api/v1/events/{id}/seats?round=1", app.address))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    // How it is played stays once play has started.
    let (s, v) = api
        .send(
            "PATCH",
            &format!("/events/{id}"),
            Some(json!({"play": "table"})),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(
        v["error"],
        "the event is running: how it is played can change only before play starts (a draft or a ready event)"
    );
    let (_, ev) = api.get(&format!("/events/{id}")).await;
    assert_eq!(ev["play"], "online");
}

#[tokio::test]
async fn a_table_event_has_no_seats_and_its_cards_are_at_the_club_s_tables() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let (_, id, _) = two_tables_running(&app, &d, "At the tables", ("Ann", "Bob")).await;
    let (_, ev) = api.get(&format!("/events/{id}")).await;
    assert_eq!(ev["play"], "table");
    assert!(ev.get("robot_ms").is_none() && ev.get("window").is_none());
    let (s, v) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("this event is played at the club's tables"),
        "{v}"
    );
    // A link issued anyway (as the service can) plays no card.
    let club = app.club_id("alpha");
    let token = with_conn(&app, |c| {
        online::issue_seat_link(c, club, id, 1, 1, None, Seat::North, None).unwrap()
    });
    let (s, v) = seat_post(&app, &token, json!({"card": "AS", "seq": 1})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(v["error"], "this event is played at the club's tables");
}

#[tokio::test]
async fn a_whole_board_played_by_four_clients_through_the_seat_api() {
    let app = spawn_app().await;
    let (_, api, id) = online_running(&app).await;
    let (_, listed) = api.get(&format!("/events/{id}/seats?round=1")).await;
    let tokens: Vec<String> = listed.as_array().unwrap()[..4]
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    let token_of = |seat: &str| tokens["NESW".find(seat).unwrap()].clone();

    // The view is the service's view, as JSON.
    let (s, first) = seat_get(&app, &tokens[0]).await;
    assert_eq!(s, StatusCode::OK, "{first}");
    let service_view = online::table_state(&app.pool, &tokens[0]).unwrap();
    assert_eq!(first, serde_json::to_value(&service_view).unwrap());
    assert_eq!((&first["seq"], &first["over"]), (&json!(1), &json!(false)));

    // Unknown token: 404.
    let (s, v) = seat_get(&app, &"0".repeat(64)).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(v["error"], "not found", "as every 404 of the API");

    let leader = first["to_play"].as_str().unwrap().to_string();
    let (_, lead) = seat_get(&app, &token_of(&leader)).await;
    let other = ["N", "E", "S", "W"]
        .into_iter()
        .find(|s| *s != leader)
        .unwrap();
    let (_, other_view) = seat_get(&app, &token_of(other)).await;

    // Out of turn: 409, in words.
    let held = cards(&other_view["hand"])[0].clone();
    let (s, v) = seat_post(&app, &token_of(other), json!({"card": held, "seq": 1})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("turn to play"), "{v}");
    // Not held: 422.
    let hand = cards(&lead["hand"]);
    let not_held = Card::all()
        .map(|c| c.to_string())
        .find(|c| !hand.contains(c))
        .unwrap();
    let (s, v) = seat_post(
        &app,
        &token_of(&leader),
        json!({"card": not_held, "seq": 1}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"].as_str().unwrap().starts_with("You do not hold"),
        "{v}"
    );
    // Not a card: 422.
    let (s, v) = seat_post(&app, &token_of(&leader), json!({"card": "11S", "seq": 1})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"].as_str().unwrap().starts_with("not a card"),
        "{v}"
    );
    // Stale seq (a seq not the table's next): 409.
    let (s, v) = seat_post(&app, &token_of(&leader), json!({"card": hand[0], "seq": 7})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    // Bad JSON, a missing field, an unknown field: 400, in words.
    let r = reqwest::Client::new()
        .post(format!("{}/api/v1/seats/{}/cards", app.address, tokens[0]))
        .header("Content-Type", "application/json")
        .body("{\"card\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert!(error_of(r).await.starts_with("bad JSON body"));
    let (s, v) = seat_post(&app, &tokens[0], json!({"card": "AS"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("seq"), "{v}");
    let (s, v) = seat_post(&app, &tokens[0], json!({"card": "AS", "seq": 1, "x": 1})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        v["error"].as_str().unwrap().contains("unknown field"),
        "{v}"
    );

    // The board, card by card, each by the seat to play through its own link.
    let mut played = 0u64;
    let mut refused_illegal = false;
    let mut refused_stale = false;
    let mut last = first.clone();
    loop {
        let (_, any) = seat_get(&app, &tokens[0]).await;
        let Some(seat) = any["to_play"].as_str() else {
            break;
        };
        let token = token_of(seat);
        let (_, view) = seat_get(&app, &token).await;
        let legal = cards(&view["legal"]);
        let seq = view["seq"].as_u64().unwrap();
        assert_eq!(seq, played + 1);
        if !refused_illegal
            && let Some(bad) = cards(&view["hand"])
                .into_iter()
                .find(|c| !legal.contains(c))
        {
            let (s, v) = seat_post(&app, &token, json!({"card": bad, "seq": seq})).await;
            assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
            assert!(
                v["error"].as_str().unwrap().contains("You must follow"),
                "{v}"
            );
            refused_illegal = true;
        }
        let (s, after) = seat_post(&app, &token, json!({"card": legal[0], "seq": seq})).await;
        assert_eq!(s, StatusCode::CREATED, "{after}");
        played += 1;
        assert_eq!(after["seq"], json!(played + 1));
        assert_eq!(after["seat"], json!(seat));
        if !refused_stale {
            // The same post again: played once, the second is stale.
            let (s, v) = seat_post(&app, &token, json!({"card": legal[0], "seq": seq})).await;
            assert_eq!(s, StatusCode::CONFLICT);
            assert!(
                v["error"].as_str().unwrap().contains("already been played"),
                "{v}"
            );
            refused_stale = true;
        }
        last = after;
    }
    assert!(
        refused_illegal,
        "some seat could follow suit and was refused a discard"
    );
    assert_eq!(played, 208);
    assert_eq!(last["over"], true);
    // Board over: 409.
    let (s, v) = seat_post(&app, &tokens[0], json!({"card": "AS", "seq": 209})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");

    // The stored log, replayed by the engine, scores as every seat's last view says.
    let end = online::table_state(&app.pool, &tokens[0]).unwrap();
    let at = db::online::OnlineBoard {
        event: id,
        round: 1,
        table: 1,
        board: end.board,
    };
    let log: Vec<Move> = with_conn(&app, |c| db::online::moves_of(c, at).unwrap())
        .iter()
        .map(|r| Move::from_stored(r.seq.into(), &r.seat, &r.card).unwrap())
        .collect();
    assert_eq!(log.len(), 208);
    let ev = with_conn(&app, |c| {
        db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
    });
    let key = ev.deal.unwrap();
    let set = calypso_director::deals::SetKey::from_hex(&key.key_hex).unwrap();
    let spec = ev.settings.game_spec();
    let board = calypso_director::deals::board(&set, end.board, false, &spec, None).unwrap();
    let record = replay::record(&spec, &board, &log).unwrap();
    let outcome = calypso_director::engine::replay(&spec, &record).unwrap();
    assert!(outcome.complete);
    assert_eq!(end.score.table_total, outcome.score.table_total);
    for side in &outcome.score.sides {
        let seen = end.score.sides.get(&side.name).unwrap();
        assert_eq!(
            (seen.trick_pile, seen.points),
            (side.trick_pile, side.score)
        );
    }
    for t in &tokens {
        let (_, v) = seat_get(&app, t).await;
        assert_eq!(v["score"], serde_json::to_value(&end.score).unwrap());
        assert_eq!(v["over"], true);
    }

    // Each view noted the person's sign of life.
    let link = with_conn(&app, |c| {
        db::online::seat_link(
            c,
            &calypso_director::service::tokens::hash_token(&tokens[0]),
        )
        .unwrap()
        .unwrap()
    });
    assert!(link.seen_at.is_some());
}

#[tokio::test]
async fn the_play_setting_is_checked_by_the_api_in_words() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Daylong", "date": "2026-12-01", "format": "pairs-mitchell",
                      "tables": 2, "boards": 2});
    let with = |extra: Value| {
        let mut b = base.clone();
        b.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        b
    };
    let refusals = [
        (
            json!({"play": "robots"}),
            "the robot duplicate needs a window",
        ),
        (
            json!({"play": "online", "window": {"opens": "2026-12-01T18:00:00Z", "closes": "2026-12-02T18:00:00Z"}}),
            "a window is for the robot duplicate",
        ),
        (
            json!({"play": "robots", "window": {"opens": "2026-12-02T18:00:00Z", "closes": "2026-12-01T18:00:00Z"}}),
            "the window must open before it closes",
        ),
        (
            json!({"play": "robots", "window": {"opens": "2026-12-01T18:00:00Z", "closes": "2027-01-05T18:00:00Z"}}),
            "the window may last at most 31 days",
        ),
        (
            json!({"play": "robots", "window": {"opens": "tomorrow", "closes": "2026-12-01T18:00:00Z"}}),
            "window.opens must be a time in RFC 3339",
        ),
        (
            json!({"play": "online", "robot_ms": 10}),
            "must be 50 to 1000 milliseconds",
        ),
        (
            json!({"play": "online", "away_seconds": 5}),
            "must be 15 to 3600 seconds",
        ),
        (
            json!({"play": "bridge"}),
            "play must be \"table\", \"online\" or \"robots\"",
        ),
        (json!({"robot_ms": 300}), "send \"play\" beside them"),
        (
            json!({"play": "online", "game": "kaiso"}),
            "a game of Kaiso is not played online yet",
        ),
        (
            json!({"play": "robots", "variant": "duet", "format": "pairs-mitchell",
                   "window": {"opens": "2026-12-01T18:00:00Z", "closes": "2026-12-02T18:00:00Z"}}),
            "robots do not play Calypso Duet, so it has no robot duplicate",
        ),
    ];
    for (extra, words) in refusals {
        let (s, v) = api.post("/events", with(extra.clone())).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{extra}: {v}");
        assert!(v["error"].as_str().unwrap().contains(words), "{extra}: {v}");
    }
    let (_, list) = api.get("/events").await;
    assert_eq!(
        list.as_array().unwrap().len(),
        0,
        "nothing created by a refusal"
    );

    // A robot duplicate: its window (any offset, shown in UTC) and budget shown back.
    let (s, ev) = api
        .post(
            "/events",
            with(json!({"play": "robots", "robot_ms": 500,
                        "window": {"opens": "2026-12-01T19:00:00+01:00", "closes": "2026-12-02T18:00:00Z"}})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    assert_eq!(ev["play"], "robots");
    assert_eq!(
        ev["window"],
        json!({"opens": "2026-12-01T18:00:00Z", "closes": "2026-12-02T18:00:00Z"})
    );
    assert_eq!(ev["robot_ms"], 500);
    assert!(ev.get("away_seconds").is_none());
    let id = ev["id"].as_i64().unwrap();
    let (_, got) = api.get(&format!("/events/{id}")).await;
    assert_eq!(got, ev);
    let (_, list) = api.get("/events").await;
    assert_eq!(list[0]["play"], "robots");
    // A game the robot duplicate cannot play is refused on a change too.
    let (s, v) = api
        .send(
            "PATCH",
            &format!("/events/{id}"),
            Some(json!({"game": "kaiso"})),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("Kaiso"), "{v}");
    // Back to the tables: no window, no budgets.
    let (s, v) = api
        .send(
            "PATCH",
            &format!("/events/{id}"),
            Some(json!({"play": "table"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["play"], "table");
    assert!(v.get("window").is_none() && v.get("robot_ms").is_none());
}

#[tokio::test]
async fn a_robot_duplicate_gives_each_entrant_south_at_every_board_and_robots_elsewhere() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Daylong", "date": "2026-12-01", "format": "pairs-mitchell",
                   "tables": 2, "boards": 2, "play": "robots",
                   "window": {"opens": "2026-01-01T00:00:00Z", "closes": "2026-01-02T00:00:00Z"}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let id = ev["id"].as_i64().unwrap();
    api.enter_pairs(id, &[("Ann", "Bob"), ("Cy", "Di")]).await;
    let (s, listed) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(s, StatusCode::OK, "{listed}");
    let seats = listed.as_array().unwrap();
    assert_eq!(seats.len(), 2 * 2 * 4, "2 entrants × 2 boards × 4 seats");
    for s in seats {
        let person = s["seat"] == "S";
        assert_eq!(s["robot"], json!(!person), "{s}");
        assert_eq!(s["token"].is_string(), person, "{s}");
        assert_eq!(s["url"].is_string(), person, "{s}");
        assert_eq!(s["entry"].is_number(), person, "{s}");
        assert!(s["board"] == 1 || s["board"] == 2);
    }
    let south: Vec<&Value> = seats.iter().filter(|s| s["seat"] == "S").collect();
    assert_eq!(
        south
            .iter()
            .map(|s| (
                s["table"].as_u64().unwrap(),
                s["board"].as_u64().unwrap(),
                s["name"].as_str().unwrap()
            ))
            .collect::<Vec<_>>(),
        vec![(1, 1, "Ann"), (1, 2, "Ann"), (2, 1, "Cy"), (2, 2, "Cy")]
    );
    let (_, again) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(again, listed, "the same links twice");
    // Robots' link rows exist, with no token kept.
    let robots = with_conn(&app, |c| {
        db::online::live_links_of_round(c, EventId::new(id as i32), 1, 100).unwrap()
    });
    assert_eq!(robots.iter().filter(|(_, l)| l.robot).count(), 12);
    assert!(
        robots
            .iter()
            .filter(|(_, l)| l.robot)
            .all(|(_, l)| l.token.is_none())
    );
    let (s, v) = api.get(&format!("/events/{id}/seats?round=2")).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        v["error"],
        "the robot duplicate is played in one round: round must be 1, not 2"
    );
    // The window (in 2026's first day) has closed: a card is refused in words (checked
    // before the event's status).
    let (s, v) = api
        .post(&format!("/events/{id}/status"), json!({"to": "ready"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let token = south[0]["token"].as_str().unwrap();
    let (s, v) = seat_get(&app, token).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (&v["seat"], &v["board"], &v["table"]),
        (&json!("S"), &json!(1), &json!(1))
    );
    let (s, v) = seat_post(&app, token, json!({"card": "AS", "seq": 1})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(v["error"], "the window closed at 2026-01-02T00:00:00Z");
}

#[tokio::test]
async fn the_event_form_sets_how_it_is_played_with_its_window_in_the_club_s_time_zone() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let r = d
        .post(
            "/c/alpha/settings",
            "/c/alpha/settings",
            &[("time_zone", "Europe/Paris")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, page) = d.get_text("/c/alpha/events/new").await;
    assert!(
        page.contains("How it is played"),
        "the fieldset is on the form"
    );
    assert!(
        page.contains(r#"id="play_table" name="play" value="table" checked"#),
        "at the club's tables by default"
    );
    // A robot duplicate without its closing time: the form again, in words, the input kept.
    let mut fields = event_fields("Daylong");
    fields.extend([
        ("play", "robots"),
        ("opens", "2026-12-01T19:00"),
        ("closes", ""),
        ("robot_ms", "450"),
        ("away_seconds", ""),
    ]);
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_ne!(r.status(), StatusCode::SEE_OTHER);
    let body = r.text().await.unwrap();
    keep_for_a_screenshot(&d, &body, "event-form-refused").await;
    assert!(
        body.contains("the robot duplicate needs a window"),
        "{body}"
    );
    assert!(
        body.contains(r#"value="2026-12-01T19:00""#),
        "the input kept"
    );
    assert!(body.contains(r#"value="450""#), "the input kept");
    assert!(
        body.contains(r#"value="robots" checked"#),
        "the choice kept"
    );
    let (_, list) = api.get("/events").await;
    assert_eq!(list.as_array().unwrap().len(), 0);
    // With it: Paris's 19:00 is 18:00 UTC in December.
    let n = fields.len();
    fields[n - 3] = ("closes", "2026-12-02T19:00");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let page = location(&r);
    let id = id_from_location(&page);
    let (_, ev) = api.get(&format!("/events/{id}")).await;
    assert_eq!(ev["play"], "robots");
    assert_eq!(
        ev["window"],
        json!({"opens": "2026-12-01T18:00:00Z", "closes": "2026-12-02T18:00:00Z"})
    );
    assert_eq!(ev["robot_ms"], 450);
    // The edit form shows it back in the club's time; the event page offers its seats.
    let (_, edit) = d.get_text(&format!("{page}/edit")).await;
    assert!(edit.contains(r#"value="2026-12-01T19:00""#), "{edit}");
    assert!(edit.contains(r#"value="robots" checked"#));
    let (_, shown) = d.get_text(&page).await;
    assert!(shown.contains("id=\"seats-online\""), "{shown}");
    // A game not played online yet is refused beside the fieldset.
    let mut kaiso = fields.clone();
    kaiso.push(("game", "kaiso"));
    let r = d
        .post(&format!("{page}/edit"), &format!("{page}/edit"), &kaiso)
        .await;
    assert_ne!(r.status(), StatusCode::SEE_OTHER);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("a game of Kaiso is not played online yet"),
        "{body}"
    );
    // Back to the tables from the form.
    let mut table = fields.clone();
    table[fields.len() - 5] = ("play", "table");
    let r = d
        .post(&format!("{page}/edit"), &format!("{page}/edit"), &table)
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, ev) = api.get(&format!("/events/{id}")).await;
    assert_eq!(ev["play"], "table");
    assert!(ev.get("window").is_none());
}

#[tokio::test]
async fn the_seats_online_page_shows_each_link_with_its_qr_code_and_revokes_one() {
    let app = spawn_app().await;
    let (d, api, id) = online_running(&app).await;
    let page = format!("/c/alpha/events/{id}/seats");
    let (s, html) = d.get_text(&page).await;
    assert_eq!(s, StatusCode::OK);
    keep_for_a_screenshot(&d, &html, "seats-online").await;
    let (_, listed) = api.get(&format!("/events/{id}/seats?round=1")).await;
    for seat in listed.as_array().unwrap() {
        let url = seat["url"].as_str().unwrap();
        assert!(html.contains(url), "{url} on the page");
    }
    assert_eq!(
        html.matches("aria-label=\"QR code of the seat link")
            .count(),
        8,
        "a QR code per seat"
    );
    assert_eq!(html.matches(">Revoke</button>").count(), 8);
    let old = listed[0]["token"].as_str().unwrap().to_string();
    let r = d
        .post(
            &page,
            &format!("{page}/revoke"),
            &[("round", "1"), ("table", "1"), ("board", ""), ("seat", "N")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (s, _) = seat_get(&app, &old).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "revoked at once");
    let (_, html) = d.get_text(&page).await;
    assert!(!html.contains(&old));
    let (_, again) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_ne!(again[0]["token"], listed[0]["token"]);
    assert!(html.contains(again[0]["url"].as_str().unwrap()));
}

/// With `CALYPSO_SCREENSHOTS=dir`, the page as a file with its stylesheet inlined (the test's
/// server is gone once the test ends), for `chromium --screenshot` to draw.
async fn keep_for_a_screenshot(d: &Browser, html: &str, name: &str) {
    let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") else {
        return;
    };
    let start = html.find("<link rel=\"stylesheet\" href=\"").unwrap();
    let href_at = start + "<link rel=\"stylesheet\" href=\"".len();
    let href = html[href_at..].split('"').next().unwrap().to_string();
    let end = href_at + html[href_at..].find('>').unwrap() + 1;
    let (_, css) = d.get_text(&href).await;
    let page = format!("{}<style>{css}</style>{}", &html[..start], &html[end..]);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(format!("{dir}/{name}.html"), page).unwrap();
}

#[tokio::test]
async fn two_listings_at_once_issue_each_seat_one_link() {
    let app = spawn_app().await;
    let (_, api, id) = online_running(&app).await;
    let path = format!("/events/{id}/seats?round=1");
    let ((s1, a), (s2, b), (s3, c)) = tokio::join!(api.get(&path), api.get(&path), api.get(&path));
    assert_eq!(
        (s1, s2, s3),
        (StatusCode::OK, StatusCode::OK, StatusCode::OK)
    );
    assert_eq!(a, b);
    assert_eq!(b, c);
    let live = with_conn(&app, |c| {
        db::online::live_links_of_round(c, id, 1, 100).unwrap()
    });
    assert_eq!(live.len(), 8, "one live link a seat");
}
