//! A simultaneous event across three clubs (#25): the organiser's heat, a heat joined on the
//! same server, and a heat played on another server and imported from its export file.
//! The field's matchpoints are `calypso-director score` on the whole field's sheet, built
//! here from the heats' own sheets; each club's standings are its heat's; the key and the
//! travellers wait for the last heat.

mod common;

use calypso_director::event::EventId;
use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn sim_id_from(loc: &str) -> String {
    loc.strip_prefix("/sims/")
        .unwrap_or_else(|| panic!("a sim's address: {loc}"))
        .to_string()
}

/// The text between `id="{id}">` and the next `<`.
fn element_text(html: &str, id: &str) -> Option<String> {
    let marker = format!("id=\"{id}\">");
    let at = html.find(&marker)? + marker.len();
    Some(html[at..].split('<').next()?.trim().to_string())
}

/// The whole field's sheet as docs/web.md defines it: every heat's results with pair and
/// table numbers `heat × 1000 + number`, each board's expected results the heats' sum.
fn field_sheet(heats: &[(u64, Value)]) -> Value {
    let mut results = Vec::new();
    let mut expected = serde_json::Map::new();
    for (heat, sheet) in heats {
        for (board, n) in sheet["expected"].as_object().unwrap() {
            let sum =
                expected.get(board).and_then(Value::as_u64).unwrap_or(0) + n.as_u64().unwrap();
            expected.insert(board.clone(), json!(sum));
        }
        for r in sheet["results"].as_array().unwrap() {
            let mut r = r.clone();
            for k in ["table", "majors", "minors"] {
                r[k] = json!(heat * 1000 + r[k].as_u64().unwrap());
            }
            results.push(r);
        }
    }
    let key = |r: &Value| {
        (
            r["board"].as_u64().unwrap(),
            r["round"].as_u64().unwrap(),
            r["table"].as_u64().unwrap(),
        )
    };
    results.sort_by_key(key);
    json!({
        "method": "matchpoints",
        "scale": heats[0].1["scale"],
        "compare": heats[0].1["compare"],
        "expected": expected,
        "results": results,
    })
}

#[tokio::test]
async fn a_three_club_sim_is_scored_across_the_field_and_released_after_the_last_heat() {
    let app = spawn_app().await;
    let alpha = app.club_with_owner("alpha", "olive@alpha.example").await;
    let bravo = app.club_with_owner("bravo", "bea@bravo.example").await;
    let alpha_api = api_for(&app, &alpha, "alpha").await;
    let bravo_api = api_for(&app, &bravo, "bravo").await;

    // The organiser's own event, ready and running, becomes heat 1.
    let e1 = mitchell(alpha_api.clone()).await;
    let id1 = event_id(&e1);
    let page1 = format!("/c/alpha/events/{id1}");
    let r = open_sim(&alpha, "alpha", id1, "Winter Sim").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let sim = sim_id_from(&location(&r));
    let sim_page = format!("/sims/{sim}");
    let (_, html1) = alpha.get_text(&page1).await;
    let key = element_text(&html1, "deal-key").expect("the organiser's directors see the key");
    let commitment = element_text(&html1, "commitment").unwrap();

    let public = Browser::new(&app);
    let (s, html) = public.get_text(&sim_page).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        element_text(&html, "sim-commitment"),
        Some(commitment.clone())
    );
    assert!(!html.contains(&key), "the key is secret before release");

    // Bravo joins on this server: a draft of its own with the sim's deal and settings.
    let r = join_sim(&bravo, "bravo", &sim_page, "5").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let heat2: EventId = id_from_location(&location(&r));
    let path2 = format!("/events/{heat2}");
    // A heat keeps the sim's way of play and scoring, and its deal.
    let (s, v) = bravo_api
        .send("PATCH", &path2, Some(json!({"boards": 4})))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v.to_string()
            .contains("a heat's boards must be the simultaneous event's (5), not 4"),
        "{v}"
    );
    let again = join_sim(&bravo, "bravo", &sim_page, "5").await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    let r = bravo
        .post(
            &format!("/c/bravo/events/{heat2}"),
            &format!("/c/bravo/events/{heat2}/key"),
            &[],
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "a heat is not redealt");
    let e2 = run_heat(bravo_api.clone(), path2).await;
    assert_eq!(e2.boards["boards"], e1.boards["boards"], "the same cards");

    // Charlie plays on a server of its own, dealing from the key the organiser sent, and
    // exports its heat.
    let remote = spawn_app().await;
    let charlie = remote
        .club_with_owner("charlie", "cy@charlie.example")
        .await;
    let charlie_api = api_for(&remote, &charlie, "charlie").await;
    let (s, ev) = charlie_api
        .post(
            "/events",
            json!({"name": "Winter Sim at Charlie", "date": "2026-12-01",
                   "format": "pairs-mitchell", "tables": 5, "boards": 5}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let id3 = ev["id"].as_i64().unwrap();
    let page3 = format!("/c/charlie/events/{id3}");
    let r = charlie
        .post(&page3, &format!("{page3}/key"), &[("key", "not a key")])
        .await;
    assert_eq!(
        r.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "a bad key is named"
    );
    let r = charlie
        .post(&page3, &format!("{page3}/key"), &[("key", &key)])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let e3 = run_heat(charlie_api.clone(), format!("/events/{id3}")).await;
    assert_eq!(
        e3.boards["boards"], e1.boards["boards"],
        "the same cards elsewhere"
    );

    play_all(&e1).await;
    play_all(&e2).await;
    play_all(&e3).await;
    finish(&e3).await;
    let (s, file) = charlie
        .get_text(&format!("{page3}/export.json?with_key=1"))
        .await;
    assert_eq!(s, StatusCode::OK);

    // The organiser imports it: a file of another deal is refused, nothing saved.
    let token = alpha.csrf(&sim_page).await;
    let import = |body: String| {
        let (content_type, body) = multipart_body(
            &[("csrf_token", &token)],
            Some(("heat.json", body.as_bytes())),
        );
        alpha
            .http
            .post(alpha.url(&format!("/c/alpha/sims/{sim}/heats/import")))
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let other_key = "ab".repeat(32);
    let other = calypso_director::deals::SetKey::from_hex(&other_key).unwrap();
    let forged = file
        .replace(&key, &other_key)
        .replace(&commitment, &other.commitment());
    let r = import(forged).await.unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let text = r.text().await.unwrap();
    assert!(text.contains("not the simultaneous event&#39;s"), "{text}");
    let r = import(file.clone()).await.unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "{:?}", r.text().await);
    let r = import(file.clone()).await.unwrap();
    assert_eq!(r.status(), StatusCode::CONFLICT, "a heat is imported once");
    let r = bravo
        .get(&format!("/c/bravo/sims/{sim}/heats/import"))
        .await;
    assert_eq!(
        r.status(),
        StatusCode::NOT_FOUND,
        "only the organiser imports"
    );

    // Alpha finishes; Bravo still plays: nothing of the cards is public yet.
    finish(&e1).await;
    let (s, _) = public.get_text(&format!("{sim_page}/travellers")).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (_, travellers1) = public
        .get_text(&format!("/c/alpha/events/{id1}/travellers"))
        .await;
    assert!(
        travellers1.contains("held back: a board's results are shown here once every table has played it, in every club of the simultaneous event."),
        "a heat's travellers wait for the field"
    );
    let (_, html) = public.get_text(&sim_page).await;
    assert!(!html.contains(&key));

    // The field's standings: `score` on the field's sheet built from the heats' own.
    let (s, standings) = alpha_api.get(&format!("/sims/{sim}/standings")).await;
    assert_eq!(s, StatusCode::OK, "{standings}");
    let heats = standings["heats"].as_array().unwrap();
    assert_eq!(heats.len(), 3);
    let mut sheets = Vec::new();
    for (h, api) in heats.iter().zip([&alpha_api, &bravo_api, &alpha_api]) {
        let (s, sheet) = api.get(&format!("/events/{}/sheet", h["event"])).await;
        assert_eq!(s, StatusCode::OK, "{sheet}");
        sheets.push((h["heat"].as_u64().unwrap(), sheet));
        // Each club's standings are its heat's own.
        let (_, own) = api.get(&format!("/events/{}/standings", h["event"])).await;
        assert_eq!(
            h["standings"]["standings"], own["standings"],
            "heat {}",
            h["heat"]
        );
    }
    assert_eq!(heats[2]["club"], "Club charlie");
    assert_eq!(heats[2]["imported"], true);
    let sheet = field_sheet(&sheets);
    let (s, served) = alpha_api.get(&format!("/sims/{sim}/sheet")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(served, sheet, "the field's sheet");
    let scored = score_cli(&sheet);
    assert_eq!(
        standings["field"], scored,
        "the field's matchpoints are score's"
    );
    let rows = scored["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 30, "30 pairs in the field");
    // Each board's top is that of every heat's tables together.
    for b in scored["boards"].as_array().unwrap() {
        let expected = sheet["expected"][b["board"].to_string()].as_u64().unwrap();
        assert_eq!(b["top"], json!(2 * (expected - 1)), "board {}", b["board"]);
        assert_eq!(b["results"].as_array().unwrap().len() as u64, expected);
    }

    // Bravo's heat was the last: finishing it releases the key and every heat's papers.
    finish(&e2).await;
    let (_, html) = public.get_text(&sim_page).await;
    assert_eq!(element_text(&html, "sim-key"), Some(key.clone()));
    assert!(html.contains("Club charlie") && html.contains("Club bravo"));
    // The field's two fields are named as players call a Mitchell's sides.
    assert!(
        html.contains("<h3>N-S ♠♥</h3>") && html.contains("<h3>E-W ♦♣</h3>"),
        "{html}"
    );
    let (s, travellers) = public.get_text(&format!("{sim_page}/travellers")).await;
    assert_eq!(s, StatusCode::OK);
    // Each line names its club once, then its pairs by number and name in that heat.
    assert!(
        travellers.contains("<td>Club charlie</td><td>1 North 1 &#38; South 1</td>"),
        "{travellers}"
    );
    assert!(
        travellers.contains("<th>N-S ♠♥</th><th>E-W ♦♣</th>"),
        "{travellers}"
    );
    assert_eq!(
        travellers.matches("class=\"card traveller-card\"").count(),
        5
    );
    let (_, travellers1) = public
        .get_text(&format!("/c/alpha/events/{id1}/travellers"))
        .await;
    assert!(!travellers1.contains("No results yet."));
    let (s, _) = public
        .get_text(&format!("/c/bravo/events/{heat2}/hand-records.pdf"))
        .await;
    assert_eq!(s, StatusCode::OK, "the heats' hand records are public");
}

#[tokio::test]
async fn the_organiser_may_release_before_every_heat_has_finished() {
    let app = spawn_app().await;
    let alpha = app.club_with_owner("alpha", "olive@alpha.example").await;
    let bravo = app.club_with_owner("bravo", "bea@bravo.example").await;
    let alpha_api = api_for(&app, &alpha, "alpha").await;
    let e1 = mitchell(alpha_api.clone()).await;
    let id1 = event_id(&e1);
    // A bad name is named; a draft cannot open a sim (its commitment is not public yet).
    let r = open_sim(&alpha, "alpha", id1, "  ").await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let (_, draft) = alpha_api
        .post(
            "/events",
            json!({"name": "Draft", "date": "2026-12-01", "format": "pairs-mitchell",
                   "tables": 5, "boards": 5}),
        )
        .await;
    let draft = EventId::new(draft["id"].as_i64().unwrap() as i32);
    let r = open_sim(&alpha, "alpha", draft, "Draft Sim").await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(r.text().await.unwrap().contains("no deal key yet"));
    let r = open_sim(&alpha, "alpha", id1, "Spring Sim").await;
    let sim_page = location(&r);
    let sim = sim_id_from(&sim_page);
    let r = open_sim(&alpha, "alpha", id1, "Again").await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "already a heat");
    let r = join_sim(&bravo, "bravo", &sim_page, "x").await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "tables named");
    // Named beside the form, which keeps what was typed.
    let page = r.text().await.unwrap();
    assert!(page.contains("id=\"join-error\""), "{page}");
    assert!(page.contains("value=\"x\""), "{page}");
    let r = join_sim(&bravo, "bravo", &sim_page, "3").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let heat2 = id_from_location(&location(&r));
    let r = bravo
        .post(
            &format!("/c/bravo/events/{heat2}"),
            &format!("/c/bravo/events/{heat2}/delete"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(
        r.status(),
        StatusCode::CONFLICT,
        "a heat is cancelled, not deleted"
    );
    // Only the organiser releases, and only when confirmed.
    let r = bravo
        .post(
            &sim_page,
            &format!("/c/bravo/sims/{sim}/release"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = alpha
        .post(&sim_page, &format!("/c/alpha/sims/{sim}/release"), &[])
        .await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    // A heat's own release is refused: the field's is the organiser's.
    let (s, v) = alpha_api
        .post(&format!("/events/{id1}/release"), json!({}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    let r = alpha
        .post(
            &sim_page,
            &format!("/c/alpha/sims/{sim}/release"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let released = with_conn(&app, |c| {
        calypso_director::db::events::public_event(c, heat2)
            .unwrap()
            .unwrap()
            .hand_records_released
    });
    assert!(released, "every heat is released with the field");
    // A heat's file that is missing or not a file is named, and nothing is saved.
    let token = alpha.csrf(&sim_page).await;
    for (file, status, words) in [
        (
            None,
            StatusCode::BAD_REQUEST,
            "Choose the heat&#39;s export file",
        ),
        (
            Some(&b"{\"format\": "[..]),
            StatusCode::UNPROCESSABLE_ENTITY,
            "JSON",
        ),
        (
            Some(&[0xff, 0xfe, 0x00][..]),
            StatusCode::BAD_REQUEST,
            "not UTF-8",
        ),
    ] {
        let (content_type, body) =
            multipart_body(&[("csrf_token", &token)], file.map(|f| ("heat.json", f)));
        let r = alpha
            .http
            .post(alpha.url(&format!("/c/alpha/sims/{sim}/heats/import")))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), status);
        let text = r.text().await.unwrap();
        assert!(text.contains(words), "{text}");
    }
    let (_, standings) = alpha_api.get(&format!("/sims/{sim}/standings")).await;
    // Bravo's heat is still a draft: only Bravo sees it; nothing was imported.
    assert_eq!(
        standings["heats"].as_array().unwrap().len(),
        1,
        "{standings}"
    );
    // No club joins a released sim.
    let charlie = app.club_with_owner("charlie", "cy@charlie.example").await;
    let r = join_sim(&charlie, "charlie", &sim_page, "3").await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
}

/// A result in one heat is in the field's very next answer: the field kept for a viewer lends
/// only the scores of the heats whose event has not changed since, and what it serves is
/// what a computation from nothing gives.
#[tokio::test]
async fn the_field_after_a_result_in_one_heat_is_the_field_computed_afresh() {
    let app = spawn_app().await;
    let TwoClubSim {
        e1, e2, sim_page, ..
    } = two_club_sim(&app, "Autumn Sim").await;
    let alpha_api = &e1.api;
    let sim = sim_id_from(&sim_page);
    let sim_id: calypso_director::event::SimId = sim.parse().unwrap();
    let alpha_club = app.club_id("alpha");
    let public = Browser::new(&app);
    let afresh = |directs| {
        with_conn(&app, |c| {
            calypso_director::service::sims::field(c, sim_id, directs)
                .unwrap()
                .to_json()
        })
    };
    let results_shown = |v: &Value| -> usize {
        v["field"]["boards"].as_array().map_or(0, |boards| {
            boards
                .iter()
                .map(|b| b["results"].as_array().unwrap().len())
                .sum()
        })
    };
    let (s, before) = alpha_api.get(&format!("/sims/{sim}/standings")).await;
    assert_eq!(s, StatusCode::OK, "{before}");
    let (_, live_before) = public.get_text(&format!("{sim_page}/live")).await;
    let mut shown = 0;
    for (e, round) in [(&e1, 1), (&e2, 1), (&e2, 2), (&e1, 2)] {
        play_round(e, round, None).await;
        shown += 5;
        let (s, served) = alpha_api.get(&format!("/sims/{sim}/standings")).await;
        assert_eq!(s, StatusCode::OK, "{served}");
        assert_eq!(served, afresh(Some(alpha_club)), "after round {round}");
        assert_eq!(results_shown(&served), shown);
    }
    let (_, live_after) = public.get_text(&format!("{sim_page}/live")).await;
    assert_ne!(live_after, live_before);
    assert!(live_after.contains("Club bravo: "), "{live_after}");
    assert_eq!(
        results_shown(&afresh(None)),
        0,
        "the public sees no board's results yet"
    );
}

/// What a refusal of the organiser's heat says once bravo has joined.
const FROZEN: &str =
    "Club bravo has joined the simultaneous event with a heat: its deal and settings are fixed";

/// `n` pairs named as a heat's.
fn pair_entries(n: u32) -> Vec<Value> {
    (1..=n)
        .map(|n| json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]}))
        .collect()
}

/// Alpha's event of `tables` tables (twice as many pairs, one board a round, as many rounds
/// as boards allow), made ready and opened as the sim `name`: its API path, its page and
/// the sim's page.
async fn ready_sim(
    alpha: &Browser,
    api: &Api,
    tables: u32,
    rounds: u32,
    name: &str,
) -> (String, String, String) {
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": name, "date": "2026-12-01", "format": "pairs-mitchell",
                   "tables": tables, "boards": tables}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let path = format!("/events/{}", ev["id"]);
    for entry in pair_entries(2 * tables) {
        let (s, v) = api.post(&format!("{path}/entries"), entry).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, v) = api
        .put(&format!("{path}/movement"), json!({"rounds": rounds}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = api
        .post(&format!("{path}/status"), json!({"to": "ready"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id: EventId = id_from_location(&path);
    let r = open_sim(alpha, "alpha", id, name).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    (path, format!("/c/alpha/events/{id}"), location(&r))
}

#[tokio::test]
async fn the_organisers_heat_is_frozen_once_a_club_has_joined() {
    let app = spawn_app().await;
    let alpha = app.club_with_owner("alpha", "olive@alpha.example").await;
    let bravo = app.club_with_owner("bravo", "bea@bravo.example").await;
    let api = api_for(&app, &alpha, "alpha").await;
    let (path, page, sim_page) = ready_sim(&alpha, &api, 5, 3, "Frozen Sim").await;
    let status = |to: &'static str| {
        let (api, path) = (api.clone(), path.clone());
        async move { api.post(&format!("{path}/status"), json!({"to": to})).await }
    };
    let edit = |boards: &'static str| {
        let mut fields = event_fields("Frozen Sim");
        fields[4] = ("tables", "5");
        fields[5] = ("boards", boards);
        fields
    };

    // Before any club joins, the organiser's heat is its own: back to draft, its settings
    // changed (page and API), redealt with a reason, and ready again.
    let (s, v) = status("draft").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = api.send("PATCH", &path, Some(json!({"boards": 6}))).await;
    assert_eq!((s, &v["boards"]), (StatusCode::OK, &json!(6)), "{v}");
    let r = alpha
        .post(&format!("{page}/edit"), &format!("{page}/edit"), &edit("5"))
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let r = alpha
        .post(
            &page,
            &format!("{page}/key"),
            &[
                ("confirm", "yes"),
                ("reason", "The boards were shuffled badly"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "the organiser redeals");
    let (s, v) = status("ready").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = status("draft").await;
    assert_eq!(s, StatusCode::OK, "{v}");

    // Bravo joins while alpha's heat is a draft: from then on its deal and shared settings
    // are the field's.
    let r = join_sim(&bravo, "bravo", &sim_page, "5").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (s, v) = api.send("PATCH", &path, Some(json!({"boards": 6}))).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v.to_string().contains(FROZEN), "{v}");
    let (s, v) = api
        .send("PATCH", &path, Some(json!({"game": "kaiso"})))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v.to_string().contains(FROZEN), "{v}");
    let r = alpha
        .post(&format!("{page}/edit"), &format!("{page}/edit"), &edit("6"))
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(r.text().await.unwrap().contains(FROZEN));
    let r = alpha
        .post(
            &page,
            &format!("{page}/key"),
            &[("confirm", "yes"), ("reason", "Once more")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "no redeal");
    assert!(r.text().await.unwrap().contains(FROZEN));
    // Its own name and tables are still its own.
    let (s, v) = api
        .send(
            "PATCH",
            &path,
            Some(json!({"name": "Frozen Sim at Alpha", "tables": 6})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = api.send("PATCH", &path, Some(json!({"tables": 5}))).await;
    assert_eq!(s, StatusCode::OK, "{v}");

    // Ready again, it does not go back to draft: not through the API, nor the page.
    let (s, v) = status("ready").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = status("draft").await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v.to_string().contains(FROZEN), "{v}");
    let r = alpha
        .post(
            &page,
            &format!("{page}/status"),
            &[("from", "ready"), ("to", "draft")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(r.text().await.unwrap().contains(FROZEN));
    let (_, ev) = api.get(&path).await;
    assert_eq!((&ev["status"], &ev["boards"]), (&json!("ready"), &json!(5)));
}

#[tokio::test]
async fn a_heats_movement_plays_exactly_the_sims_boards() {
    let app = spawn_app().await;
    let alpha = app.club_with_owner("alpha", "olive@alpha.example").await;
    let bravo = app.club_with_owner("bravo", "bea@bravo.example").await;
    let alpha_api = api_for(&app, &alpha, "alpha").await;
    let bravo_api = api_for(&app, &bravo, "bravo").await;
    // A three-board sim: alpha's three tables play one board a round.
    let (path1, _, sim_page) = ready_sim(&alpha, &alpha_api, 3, 3, "Three Board Sim").await;
    let r = join_sim(&bravo, "bravo", &sim_page, "2").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let heat2: EventId = id_from_location(&location(&r));
    let path2 = format!("/events/{heat2}");
    let page2 = format!("/c/bravo/events/{heat2}");
    for entry in pair_entries(4) {
        let (s, v) = bravo_api.post(&format!("{path2}/entries"), entry).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let words = |boards: u32| {
        format!(
            "a heat plays the simultaneous event's boards 1 to 3; this movement plays boards 1 to {boards}"
        )
    };

    // Two tables play 2 or 4 boards, never the sim's 3: refused through the API, the
    // default as well, and the form says what to choose.
    let (s, v) = bravo_api
        .put(&format!("{path2}/movement"), json!({"boards_per_round": 2}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v.to_string().contains(&words(4)), "{v}");
    let (s, v) = bravo_api.put(&format!("{path2}/movement"), json!({})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v.to_string().contains(&words(2)), "{v}");
    let (_, html) = bravo.get_text(&format!("{page2}/movement")).await;
    assert!(
        html.contains("A heat of a simultaneous event plays its boards 1 to 3"),
        "{html}"
    );
    assert!(
        html.contains("give the heat a number of tables that divides 3"),
        "{html}"
    );
    let form = [
        ("rounds", ""),
        ("boards_per_round", ""),
        ("arrow_switch", ""),
        ("reason", ""),
    ];
    let r = bravo
        .post(
            &format!("{page2}/movement"),
            &format!("{page2}/movement"),
            &form,
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = r.text().await.unwrap();
    assert!(
        html.contains("boards 1 to 3; this movement plays boards 1 to 2"),
        "{html}"
    );
    // The organiser's heat is held to them too.
    let (s, v) = alpha_api
        .put(&format!("{path1}/movement"), json!({"boards_per_round": 2}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v.to_string().contains(&words(6)), "{v}");

    // At three tables the form's default plays the sim's boards.
    let (s, v) = bravo_api
        .send("PATCH", &path2, Some(json!({"tables": 3})))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    for entry in pair_entries(2) {
        let (s, v) = bravo_api.post(&format!("{path2}/entries"), entry).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (_, html) = bravo.get_text(&format!("{page2}/movement")).await;
    assert!(!html.contains("Not with these entries"), "{html}");
    let r = bravo
        .post(
            &format!("{page2}/movement"),
            &format!("{page2}/movement"),
            &form,
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (s, m) = bravo_api.get(&format!("{path2}/movement")).await;
    assert_eq!((s, &m["boards"]), (StatusCode::OK, &json!(3)), "{m}");

    // The sim page lists each heat's boards.
    let (_, html) = bravo.get_text(&sim_page).await;
    assert_eq!(html.matches("boards 1–3").count(), 2, "{html}");
    assert!(!html.contains("its movement plays"), "{html}");
    // A heat whose boards are not the sim's (made before they were held to them) says so.
    with_conn(&app, |c| {
        let ev = calypso_director::db::events::public_event(c, heat2)
            .unwrap()
            .unwrap();
        let settings = ev.settings.with_boards(2).unwrap();
        calypso_director::db::events::update_settings(c, heat2, &settings).unwrap();
    });
    let (_, html) = bravo.get_text(&sim_page).await;
    assert!(
        html.contains("its movement plays boards 1–2, not the simultaneous event&#39;s 1–3"),
        "{html}"
    );
}

#[tokio::test]
async fn a_heat_where_each_board_was_played_once_shows_no_percentages() {
    let app = spawn_app().await;
    let alpha = app.club_with_owner("alpha", "olive@alpha.example").await;
    let bravo = app.club_with_owner("bravo", "bea@bravo.example").await;
    let alpha_api = api_for(&app, &alpha, "alpha").await;
    let bravo_api = api_for(&app, &bravo, "bravo").await;
    let (_, _, sim_page) = ready_sim(&alpha, &alpha_api, 3, 3, "Small Sim").await;
    // Bravo's three tables play one round: each of the three boards at one table only.
    let r = join_sim(&bravo, "bravo", &sim_page, "3").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let heat2: EventId = id_from_location(&location(&r));
    let path = format!("/events/{heat2}");
    let boards =
        common::games::start(&bravo_api, &path, &pair_entries(6), json!({"rounds": 1})).await;
    let e2 = Evening {
        api: bravo_api,
        path,
        boards,
    };
    play_round(&e2, 1, None).await;

    // The heat's own standings page: no matchpoints, percentage or place, and no winner.
    let public = Browser::new(&app);
    for viewer in [&bravo, &public] {
        let (s, html) = viewer
            .get_text(&format!("/c/bravo/events/{heat2}/standings"))
            .await;
        assert_eq!(s, StatusCode::OK);
        assert!(
            html.contains("no pair can be compared with another yet"),
            "{html}"
        );
        assert!(!html.contains("0/0"), "{html}");
        assert!(!html.contains("<strong>0"), "{html}");
        assert!(
            !html.contains("Leading") && !html.contains("Winner"),
            "{html}"
        );
        assert!(html.contains("<td>—</td>"), "{html}");
    }
    // The sim page: the heat's standings and the field's (only bravo has played) alike.
    for viewer in [&bravo, &public] {
        let (_, html) = viewer.get_text(&sim_page).await;
        let heat = &html[html.find("id=\"heat-2\"").expect("bravo's standings")..];
        assert!(heat.contains("<td>—</td>"), "{heat}");
        assert!(!html.contains("0/0"), "{html}");
        assert!(!html.contains("<strong>0"), "{html}");
    }
}
