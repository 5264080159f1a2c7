//! Changes after the start, through the pages and the API: a late pair takes the phantom's
//! place from the next round, a withdrawn pair's later opponents sit out, the director
//! changes the movement with a reason; the started rounds stay as they were and every
//! change is recorded with its reason.

mod common;

use calypso_director::db;
use calypso_director::event::EventId;
use calypso_director::movement::{Movement, validate};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn movement_now(app: &TestApp, id: EventId) -> Movement {
    with_conn(app, |c| {
        db::movements::movement_of(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
            .1
    })
}

/// A running Mitchell of 3 tables and 5 pairs (a phantom), 3 rounds, round 1 started.
async fn running_mitchell(d: &Browser) -> (String, EventId) {
    let mut fields = event_fields("Late Night");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let id = id_from_location(&page);
    let (entries, movement, rounds) = (
        format!("{page}/entries"),
        format!("{page}/movement"),
        format!("{page}/rounds"),
    );
    enter_pairs(d, &entries, 5, "North", "South").await;
    let r = d.post(&movement, &movement, &[("rounds", "3")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    move_event(d, &page, &TO_RUNNING).await;
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    (page, id)
}

#[tokio::test]
async fn a_late_pair_and_a_withdrawal_through_the_pages_keep_the_played_rounds() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (page, id) = running_mitchell(&d).await;
    let (entries, movement) = (format!("{page}/entries"), format!("{page}/movement"));
    let before = movement_now(&app, id);

    let (_, body) = d.get_text(&entries).await;
    assert!(body.contains("A late pair") && body.contains("A withdrawal"));
    assert!(
        !body.contains(">Remove<"),
        "no removing once play has started"
    );
    // No reason: refused, the names kept, nothing saved.
    let r = d
        .post(
            &entries,
            &entries,
            &[("guest_1", "Lena Late"), ("guest_2", "Tom Tardy")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(body.contains("the reason is required"), "{body}");
    assert!(body.contains("value=\"Lena Late\""));
    assert_eq!(movement_now(&app, id), before);
    let r = d
        .post(
            &entries,
            &entries,
            &[
                ("guest_1", "Lena Late"),
                ("guest_2", "Tom Tardy"),
                ("reason", "arrived after the start"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&entries).await;
    assert!(
        body.contains("as number 6. It plays from round 2."),
        "{body}"
    );
    assert!(body.contains("late: from round 2"));

    let m = movement_now(&app, id);
    assert_eq!(validate(&m), Ok(()));
    assert_eq!(m.pairs, 6);
    assert!(m.round(1).eq(before.round(1)), "round 1 is as it was");
    assert!(m.is_absent(1, 6));
    for r in 2..=3 {
        assert!(m.place(r, 6).is_some(), "the late pair plays round {r}");
        assert_eq!(m.sitting_out(r).count(), 0, "nobody sits out round {r}");
    }

    // Pair 2 withdraws: from round 2 on its opponents sit out; its round 1 result stays.
    let pair_2 = with_conn(&app, |c| {
        db::entries::entries_of(c, app.club_id("alpha"), id).unwrap()[1].id
    });
    let (table, _) = before.place(1, 2).unwrap();
    let at = db::results::PlayedAt {
        round: 1,
        table_number: table as i32,
        board: before.seating(1, table).unwrap().boards[0] as i32,
        majors_entry: Some(pair_2),
        minors_entry: None,
    };
    store_result(&app, id, at, (150, 90));
    let entry = pair_2.get().to_string();
    let withdraw = format!("{entries}/withdraw");
    let r = d.post(&entries, &withdraw, &[("entry", &entry)]).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("the reason is required"));
    let r = d
        .post(
            &entries,
            &withdraw,
            &[("entry", &entry), ("reason", "taken ill")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&entries).await;
    assert!(body.contains("withdrawn from round 2"), "{body}");
    let m = movement_now(&app, id);
    assert_eq!(validate(&m), Ok(()));
    assert!(m.round(1).eq(before.round(1)));
    assert!(m.place(1, 2).is_some() && m.is_absent(2, 2) && m.is_absent(3, 2));
    let kept = with_conn(&app, |c| {
        db::results::results_of(c, app.club_id("alpha"), id).unwrap()
    });
    assert_eq!(kept.len(), 1, "the withdrawn pair's played result stays");
    assert_eq!(
        (kept[0].sides.majors, kept[0].values.scores.majors),
        (Some(pair_2), 150)
    );
    for r in 2..=3 {
        assert_eq!(m.sitting_out(r).count(), 1, "round {r}: pair 2's opponent");
    }
    // Twice is refused, naming the round.
    let r = d
        .post(
            &entries,
            &withdraw,
            &[("entry", &entry), ("reason", "again")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("withdrew from round 2 on"));

    // The director shortens the evening; round 1 has started, so it cannot go below 1.
    let r = d
        .post(&movement, &movement, &[("rounds", "2"), ("reason", "")])
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("the reason is required"));
    let r = d
        .post(
            &movement,
            &movement,
            &[("rounds", "2"), ("reason", "the hall closes early")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let m = movement_now(&app, id);
    assert_eq!((m.rounds, m.pairs), (2, 6));
    assert!(m.round(1).eq(before.round(1)));
    let (_, body) = d.get_text(&movement).await;
    for words in [
        "Changes after the start",
        "late entry 6: Lena Late &#38; Tom Tardy, from round 2",
        "arrived after the start",
        "withdrawal of 2",
        "taken ill",
        "new plan: 2 rounds",
        "the hall closes early",
        "not playing: 6",
        "Round 2: not playing",
    ] {
        assert!(body.contains(words), "{words}: {body}");
    }
    // The public sees the plan, not the reasons.
    let public = Browser::new(&app);
    let (status, shown) = public.get_text(&movement).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!shown.contains("taken ill") && !shown.contains("Change the movement"));
}

#[tokio::test]
async fn late_entries_withdrawals_and_movement_changes_through_the_api() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "room tool").await;
    let (_, id) = running_mitchell(&d).await;
    let api = reqwest::Client::new();
    let url = |p: &str| format!("{}/api/v1/events/{id}{p}", app.address);
    let before = movement_now(&app, id);

    // Without a reason a running event takes no entry (409, as before the start's end).
    let pair = json!({"kind":"pair","players":[{"name":"Lena Late"},{"name":"Tom Tardy"}]});
    let r = api
        .post(url("/entries"))
        .bearer_auth(&token)
        .json(&pair)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(error_of(r).await.contains("with a reason"));
    let mut late = pair.clone();
    late["reason"] = json!("   ");
    let r = api
        .post(url("/entries"))
        .bearer_auth(&token)
        .json(&late)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(r).await.contains("the reason is required"));
    late["reason"] = json!("arrived after the start");
    let r = api
        .post(url("/entries"))
        .bearer_auth(&token)
        .json(&late)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let e: Value = r.json().await.unwrap();
    assert_eq!((&e["number"], &e["joined_round"]), (&json!(6), &json!(2)));
    assert!(e.get("withdrawn_round").is_none());
    // A seventh pair does not fit 3 tables: refused, naming it, and not kept.
    let mut seventh = late.clone();
    seventh["players"] = json!([{"name":"Seven A"},{"name":"Seven B"}]);
    let r = api
        .post(url("/entries"))
        .bearer_auth(&token)
        .json(&seventh)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let said = error_of(r).await;
    assert!(said.contains("seat 5 or 6 pairs (not 7)"), "{said}");
    let listed: Value = api
        .get(url("/entries"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed["entries"].as_array().unwrap().len(), 6);

    // Withdraw pair 6 again straight away: it never plays.
    let entry = e["id"].as_i64().unwrap();
    let withdraw = url(&format!("/entries/{entry}/withdraw"));
    let r = api
        .post(&withdraw)
        .bearer_auth(&token)
        .json(&json!({"reason": "went home"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let w: Value = r.json().await.unwrap();
    assert_eq!(w["withdrawn_round"], json!(2));
    let r = api
        .post(&withdraw)
        .bearer_auth(&token)
        .json(&json!({"reason": "went home"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(error_of(r).await.contains("withdrew from round 2"));

    // The movement: no reason is the old answer (409); with one, the change is made.
    let movement = url("/movement");
    let r = api
        .put(&movement)
        .bearer_auth(&token)
        .json(&json!({"rounds": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let r = api
        .put(&movement)
        .bearer_auth(&token)
        .json(&json!({"rounds": 2, "boards_per_round": 2, "reason": "faster"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(r).await.contains("boards a round are fixed"));
    let r = api
        .put(&movement)
        .bearer_auth(&token)
        .json(&json!({"rounds": 2, "reason": "the hall closes early"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let m: Movement = r.json().await.unwrap();
    assert_eq!(validate(&m), Ok(()));
    assert_eq!(m, movement_now(&app, id));
    assert_eq!(m.rounds, 2);
    assert!(m.round(1).eq(before.round(1)));
    assert!(m.is_absent(1, 6) && m.is_absent(2, 6));
    let got: Value = api
        .get(&movement)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        got["absent"],
        json!([{"round":1,"pair":6},{"round":2,"pair":6}])
    );

    let changes: Value = api
        .get(url("/movement/changes"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let list = changes["changes"].as_array().unwrap();
    let said: Vec<(&str, &str, i64)> = list
        .iter()
        .map(|c| {
            (
                c["what"].as_str().unwrap(),
                c["reason"].as_str().unwrap(),
                c["from_round"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        said,
        vec![
            (
                "late entry 6: Lena Late & Tom Tardy, from round 2",
                "arrived after the start",
                2
            ),
            (
                "withdrawal of 6: Lena Late & Tom Tardy, from round 2",
                "went home",
                2
            ),
            ("new plan: 2 rounds", "the hall closes early", 2),
        ]
    );
    assert!(list.iter().all(|c| c["changed_by"] == "Olive Owner"));

    // Another club sees none of it.
    let other = app.club_with_owner("beta", "bea@example.org").await;
    let their = new_token(&other, "beta", "their tool").await;
    for r in [
        api.get(url("/movement/changes"))
            .bearer_auth(&their)
            .send()
            .await
            .unwrap(),
        api.post(&withdraw)
            .bearer_auth(&their)
            .json(&json!({"reason":"x"}))
            .send()
            .await
            .unwrap(),
    ] {
        assert_eq!(r.status(), StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn a_team_match_takes_no_late_entries() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "team tool").await;
    let api = reqwest::Client::new();
    let base = format!("{}/api/v1/events", app.address);
    let ev: Value = api
        .post(&base)
        .bearer_auth(&token)
        .json(&json!({"name":"Match","date":"2026-06-01","format":"team-match","tables":2,"boards":4}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = ev["id"].as_i64().unwrap();
    for t in ["Adders", "Boas"] {
        let players: Vec<Value> = (1..=4)
            .map(|i| json!({"name": format!("{t} {i}")}))
            .collect();
        let r = api
            .post(format!("{base}/{id}/entries"))
            .bearer_auth(&token)
            .json(&json!({"kind":"team","name":t,"players":players}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::CREATED);
    }
    let r = api
        .put(format!("{base}/{id}/movement"))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    for to in ["ready", "running"] {
        let r = api
            .post(format!("{base}/{id}/status"))
            .bearer_auth(&token)
            .json(&json!({"to": to}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{to}");
    }
    let players: Vec<Value> = (1..=4)
        .map(|i| json!({"name": format!("Cobra {i}")}))
        .collect();
    let r = api
        .post(format!("{base}/{id}/entries"))
        .bearer_auth(&token)
        .json(&json!({"kind":"team","name":"Cobras","players":players,"reason":"late"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(error_of(r).await.contains("two teams are fixed"));
}

/// A change through the API keeps what its body leaves out (a body with only an arrow switch
/// does not reset the rounds to the usual number), and a switch for a round that has started
/// is refused with 409 naming the round; the record says what the plan became.
#[tokio::test]
async fn a_movement_change_keeps_what_the_body_omits_and_no_started_round_is_switched() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "room tool").await;
    let (page, id) = running_mitchell(&d).await;
    let rounds = format!("{page}/rounds");
    // Round 1's tables have not reported: the director confirms starting round 2.
    let r = d
        .post(&rounds, &rounds, &[("round", "2"), ("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let before = movement_now(&app, id);
    assert_eq!(before.rounds, 3);
    let api = reqwest::Client::new();
    let url = |p: &str| format!("{}/api/v1/events/{id}{p}", app.address);
    let put = |body: Value| {
        api.put(url("/movement"))
            .bearer_auth(&token)
            .json(&body)
            .send()
    };

    for round in [1, 2] {
        let r = put(json!({"arrow_switch": [round], "reason": "x"}))
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::CONFLICT, "round {round}");
        let said = error_of(r).await;
        assert!(
            said.contains(&format!("round {round} has started")),
            "{said}"
        );
        assert_eq!(movement_now(&app, id), before, "nothing changed");
    }

    let r = put(json!({"arrow_switch": [3], "reason": "the last round switched"}))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let m: Movement = r.json().await.unwrap();
    assert_eq!(m.rounds, 3, "the rounds the body left out stay");
    assert_eq!(m.boards_per_round, before.boards_per_round);
    assert!(m.arrow_switched(3) && !m.arrow_switched(2));
    assert!(m.round(1).eq(before.round(1)) && m.round(2).eq(before.round(2)));
    assert_eq!(validate(&m), Ok(()));
    let changes: Value = api
        .get(url("/movement/changes"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let last = changes["changes"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(
        last["what"],
        json!("new plan: 3 rounds, arrow switch in round(s) 3")
    );
    assert_eq!(last["from_round"], json!(3));

    // Another change that names only the rounds keeps the switch.
    let r = put(json!({"rounds": 3, "reason": "confirm the plan"}))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let again: Movement = r.json().await.unwrap();
    assert!(
        again.arrow_switched(3),
        "the switch the body left out stays"
    );
}
