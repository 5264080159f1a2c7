//! Each event's version (#25): the database's triggers move it on in the same transaction
//! as every write to the event, whichever way the write comes (here the API, and the service
//! and storage functions the site and the command line use), and leave other events alone.
//! Every process's cached standings are kept against it.

mod common;

use calypso_director::db;
use calypso_director::event::club::TimeZone;
use calypso_director::event::{EventId, PlayerId};
use calypso_director::service;
use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn version(app: &TestApp, id: EventId) -> i64 {
    with_conn(app, |c| {
        service::standings::event_version(c, id)
            .unwrap()
            .expect("the event")
    })
}

/// The event followed and another event of the same club, with their versions so far.
struct Versions<'a> {
    app: &'a TestApp,
    id: EventId,
    last: i64,
    other: EventId,
    other_at: i64,
}

impl Versions<'_> {
    /// The event's version grew with `what`; the other event's did not.
    fn moved(&mut self, what: &str) {
        let now = version(self.app, self.id);
        assert!(now > self.last, "{what}: version {now}, was {}", self.last);
        self.last = now;
        assert_eq!(
            version(self.app, self.other),
            self.other_at,
            "{what} moved the other event's version"
        );
    }
}

fn id_of(v: &Value) -> EventId {
    EventId::new(v["id"].as_i64().unwrap() as i32)
}

#[tokio::test]
async fn every_write_to_an_event_moves_its_version_on_and_leaves_other_events_alone() {
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let event = |name: &str| {
        json!({"name": name, "date": "2026-12-01", "format": "pairs-mitchell",
               "tables": 5, "boards": 5})
    };
    let (s, other) = api.post("/events", event("Other Night")).await;
    assert_eq!(s, StatusCode::CREATED, "{other}");
    let (s, ev) = api.post("/events", event("Results Night")).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let (id, other) = (id_of(&ev), id_of(&other));
    let path = format!("/events/{id}");
    let mut v = Versions {
        app: &app,
        id,
        last: version(&app, id),
        other,
        other_at: version(&app, other),
    };

    let (s, rosa) = api.post("/players", json!({"name": "Rosa Roster"})).await;
    assert_eq!(s, StatusCode::CREATED, "{rosa}");
    let entry = |n: u32| {
        if n == 1 {
            json!({"kind": "pair", "players": [{"player_id": rosa["id"]}, {"name": "South 1"}]})
        } else {
            json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]})
        }
    };
    for n in 1..=10 {
        let (s, r) = api.post(&format!("{path}/entries"), entry(n)).await;
        assert_eq!(s, StatusCode::CREATED, "{r}");
        v.moved(&format!("entry {n}"));
    }
    let (s, r) = api
        .put(
            &format!("{path}/movement"),
            json!({"rounds": 3, "boards_per_round": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    v.moved("the movement");
    for to in ["ready", "running"] {
        let (s, r) = api.post(&format!("{path}/status"), json!({"to": to})).await;
        assert_eq!(s, StatusCode::OK, "{r}");
        v.moved(to);
    }
    let (s, boards) = api.get(&format!("{path}/boards")).await;
    assert_eq!(s, StatusCode::OK);
    let e = Evening {
        api,
        path: path.clone(),
        boards,
    };

    let (board, report) = table_1(&e).await;
    v.moved("round 1 started");
    let (s, first) = e.api.post(&e.results(), report.body(1, 1, board)).await;
    assert_eq!(s, StatusCode::CREATED, "{first}");
    v.moved("a result");
    let fixed = Report::new(&e.deals(board), 4, [2, 1, 1, 0], [3, 0, 5, 2]);
    let mut body = fixed.body(1, 1, board);
    body["reason"] = json!("a trick pile was miscounted");
    let url = format!("{}/{}", e.results(), first["id"]);
    let (s, r) = e.api.put(&url, body).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    v.moved("a correction");

    // The club's and a player's rows show in the standings too.
    let club = app.club_id("alpha");
    with_conn(&app, |c| {
        db::clubs::set_time_zone(c, club, TimeZone::parse("Europe/London").unwrap())
            .unwrap()
            .unwrap();
    });
    // Every event of the club shows the club: the other one moves on too, this once.
    let other_now = version(&app, other);
    assert!(other_now > v.other_at, "the club's other event");
    v.other_at = other_now;
    v.moved("the club's time zone");
    let rosa = PlayerId::new(rosa["id"].as_i64().unwrap() as i32);
    let (s, r) = e
        .api
        .send(
            "PATCH",
            &format!("/players/{rosa}"),
            Some(json!({"name": "Rosa Renamed"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    v.moved("a player's new name");

    // Round 1's other tables never reported: each game gets a ruling before the finish.
    let (s, r) = e
        .api
        .post(&format!("{path}/status"), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{r}");
    for open in r["open"].as_array().unwrap() {
        let ruling = json!({"round": open["round"], "table": open["table"],
                            "board": open["board"], "not_played": true,
                            "reason": "the table did not reach it"});
        let (s, r) = e.api.post(&format!("{}/adjust", e.results()), ruling).await;
        assert_eq!(s, StatusCode::CREATED, "{r}");
        v.moved("a ruling on a game with no result");
    }
    let (s, r) = e
        .api
        .post(&format!("{path}/status"), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    v.moved("finished");
    let (s, r) = e.api.post(&format!("{path}/release"), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    v.moved("the hand records released");
}

#[tokio::test]
async fn a_club_update_moves_every_event_of_the_club_and_no_other_clubs() {
    let app = spawn_app().await;
    let alpha = club_api(&app, "alpha", "olive@example.org").await;
    let beta = club_api(&app, "beta", "bert@example.org").await;
    let body = json!({"name": "Night", "date": "2026-12-01", "format": "pairs-mitchell",
                      "tables": 2, "boards": 2});
    let (_, a) = alpha.post("/events", body.clone()).await;
    let (_, b) = beta.post("/events", body).await;
    let (a, b) = (id_of(&a), id_of(&b));
    let (va, vb) = (version(&app, a), version(&app, b));
    let club = app.club_id("alpha");
    with_conn(&app, |c| {
        db::clubs::set_time_zone(c, club, TimeZone::parse("Europe/Paris").unwrap())
            .unwrap()
            .unwrap();
    });
    assert!(version(&app, a) > va);
    assert_eq!(version(&app, b), vb);
}

#[tokio::test]
async fn a_draft_with_entries_and_a_movement_is_deleted_with_its_triggers_in_place() {
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let e = running_event(
        api,
        "pairs-mitchell",
        5,
        10,
        json!({"rounds": 3, "boards_per_round": 1}),
    )
    .await;
    let (s, draft) = e
        .api
        .post(
            "/events",
            json!({"name": "Draft", "date": "2026-12-02", "format": "pairs-mitchell",
                   "tables": 2, "boards": 2}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let draft = id_of(&draft);
    for n in 1..=4 {
        let (s, r) = e
            .api
            .post(
                &format!("/events/{draft}/entries"),
                json!({"kind": "pair", "players": [{"name": format!("A {n}")}, {"name": format!("B {n}")}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{r}");
    }
    let (s, r) = e
        .api
        .put(
            &format!("/events/{draft}/movement"),
            json!({"rounds": 1, "boards_per_round": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let running = event_id(&e);
    let before = version(&app, running);
    let club = app.club_id("alpha");
    with_conn(&app, |c| {
        service::events::delete_draft(c, club, draft).unwrap();
        assert_eq!(service::standings::event_version(c, draft).unwrap(), None);
    });
    assert_eq!(version(&app, running), before);
}
