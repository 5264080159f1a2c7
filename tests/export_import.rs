//! Issue #13's proof for export and import: a finished five-table Mitchell evening exported
//! by the real binary, imported into a fresh database, exported again: the same document but
//! for the fields the format says may differ. And the refusals (twice, an unknown version, an
//! edited result, an edited key), each with a clear message and the database unchanged. Runs
//! on PostgreSQL when the harness does (`CALYPSO_TEST_POSTGRES_URL`, `--features postgres`).

mod common;

use std::process::{Command, Output};

use calypso_director::event::export::without_instance_fields;
use common::evening::{mitchell, play_round};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");

fn run(app: &TestApp, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("DATABASE_URL", app.config.database_url.as_deref().unwrap())
        .env_remove("RUST_LOG")
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exports `event` of `app` through the binary, to a file.
fn export(app: &TestApp, event: &str, dir: &std::path::Path, name: &str) -> Value {
    let file = dir.join(name);
    let out = run(
        app,
        &[
            "export",
            event,
            "-o",
            file.to_str().unwrap(),
            "--club",
            "alpha",
        ],
    );
    assert!(out.status.success(), "export: {}", stderr(&out));
    serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap()
}

/// Imports a document through the binary, from a file.
fn import(app: &TestApp, doc: &Value, dir: &std::path::Path) -> Output {
    let file = dir.join("import.json");
    std::fs::write(&file, serde_json::to_string_pretty(doc).unwrap()).unwrap();
    run(app, &["import", file.to_str().unwrap()])
}

/// Rows of every table an import writes.
/// `doc` imports into `fresh`, and the event exported from there is the same record.
fn imports_and_exports_back(fresh: &TestApp, doc: &Value, dir: &std::path::Path) {
    let out = import(fresh, doc, dir);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let new_id = said.split_whitespace().nth(3).unwrap().to_string();
    let mut back = export(fresh, &new_id, dir, "back.json");
    let mut first = doc.clone();
    without_instance_fields(&mut back);
    without_instance_fields(&mut first);
    assert_eq!(back, first, "the re-export is the same record");
}

fn counts(app: &TestApp) -> Vec<(&'static str, i64)> {
    with_conn(app, |c| {
        use calypso_director::db::schema::*;
        use diesel::prelude::*;
        vec![
            ("events", events::table.count().get_result(c).unwrap()),
            (
                "entries",
                event_entries::table.count().get_result(c).unwrap(),
            ),
            (
                "entry players",
                entry_players::table.count().get_result(c).unwrap(),
            ),
            ("players", players::table.count().get_result(c).unwrap()),
            (
                "movements",
                event_movements::table.count().get_result(c).unwrap(),
            ),
            ("results", results::table.count().get_result(c).unwrap()),
            ("audit", result_audit::table.count().get_result(c).unwrap()),
        ]
    })
}

#[tokio::test]
async fn a_finished_evening_survives_export_and_import_and_tampering_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let e = mitchell(api_for(&app, &d, "alpha").await).await;
    for round in 1..=3 {
        play_round(&e, round, None).await;
    }
    for path in ["status", "release"] {
        let body = if path == "status" {
            json!({"to": "finished"})
        } else {
            json!({})
        };
        let (s, v) = e.api.post(&format!("{}/{path}", e.path), body).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
    }
    let id = e.path.rsplit('/').next().unwrap().to_string();
    let first = export(&app, &id, dir.path(), "first.json");

    // The document holds what the issue lists.
    assert_eq!(first["format"], "calypso-director/event/v1");
    assert_eq!(first["club"]["slug"], "alpha");
    assert_eq!(first["event"]["status"], "finished");
    assert_eq!(first["event"]["settings"]["format"], "pairs-mitchell");
    assert_eq!(first["entries"].as_array().unwrap().len(), 10);
    assert_eq!(first["entries"][0]["players"][0]["name"], "North 1");
    assert_eq!(first["movement"]["plan"]["tables"], 5);
    let results = first["results"].as_array().unwrap();
    assert_eq!(results.len(), 15, "five tables, three rounds");
    assert!(
        results
            .iter()
            .all(|r| !r["audit"].as_array().unwrap().is_empty())
    );
    assert!(results[0]["sheet"].is_object(), "{}", results[0]["sheet"]);
    let key = first["deal"]["key"].as_str().unwrap();
    assert_eq!(key.len(), 64);
    assert_eq!(
        first["deal"]["commitment"],
        calypso_director::deals::SetKey::from_hex(key)
            .unwrap()
            .commitment()
    );
    // The standings are the API's (without its "provisional" flag).
    let (s, mut api_standings) = e.api.get(&format!("{}/standings", e.path)).await;
    assert_eq!(s, StatusCode::OK, "{api_standings}");
    api_standings.as_object_mut().unwrap().remove("provisional");
    assert_eq!(first["standings"], api_standings);

    // The event page's download for the club's directors is the same document.
    let (s, page) = d.get_text(&format!("/c/alpha/events/{id}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(&format!("/c/alpha/events/{id}/export.json")),
        "{page}"
    );
    let r = d.get(&format!("/c/alpha/events/{id}/export.json")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(
        r.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains(&format!("event-{id}.json"))
    );
    let mut downloaded: Value = r.json().await.unwrap();
    downloaded["exported_at"] = first["exported_at"].clone();
    assert_eq!(downloaded, first);
    let anonymous = Browser::new(&app);
    let r = anonymous
        .get(&format!("/c/alpha/events/{id}/export.json"))
        .await;
    assert_ne!(r.status(), StatusCode::OK, "not for the public");

    // Into a fresh database, whose club was made through the app.
    let other = spawn_app().await;
    other.club_with_owner("alpha", "olive@elsewhere.test").await;
    let out = import(&other, &first, dir.path());
    assert!(out.status.success(), "import: {}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    let new_id = said
        .split_whitespace()
        .nth(3)
        .unwrap_or_else(|| panic!("{said}"))
        .to_string();
    // The public record of commitments came along: the same commitments, keys and times.
    let record = |app: &TestApp, id: &str| {
        with_conn(app, |c| {
            let ev = calypso_director::db::events::public_event(c, id.parse().unwrap())
                .unwrap()
                .unwrap();
            // The format keeps times to the microsecond.
            calypso_director::db::events::commitments_of(c, ev.club_id, ev.id)
                .unwrap()
                .into_iter()
                .map(|p| {
                    let micros = p.published_at.and_utc().timestamp_micros();
                    (p.algorithm, p.commitment, p.key_hex, micros, p.withdrawn)
                })
                .collect::<Vec<_>>()
        })
    };
    let original = record(&app, &id);
    assert_eq!(
        original.len(),
        1,
        "published once, when the event became ready"
    );
    assert_eq!(record(&other, &new_id), original);
    assert_eq!(
        first["deal"]["commitments"][0]["commitment"],
        first["deal"]["commitment"]
    );
    let second = export(&other, &new_id, dir.path(), "second.json");
    let (mut a, mut b) = (first.clone(), second.clone());
    without_instance_fields(&mut a);
    without_instance_fields(&mut b);
    assert_eq!(a, b, "the re-export is the same record");

    // Refusals, each naming the problem, none changing a row.
    let before = counts(&other);
    let refused = |doc: Value, expect: &'static str| {
        let out = import(&other, &doc, dir.path());
        assert_eq!(out.status.code(), Some(2), "{expect}: {}", stderr(&out));
        assert!(stderr(&out).contains(expect), "{expect}: {}", stderr(&out));
        assert_eq!(counts(&other), before, "{expect}: rows unchanged");
    };
    refused(first.clone(), "already in club \"alpha\"");

    let mut doc = first.clone();
    doc["format"] = json!("calypso-director/event/v2");
    refused(doc, "unknown format version \"calypso-director/event/v2\"");

    // An edited result must not reach the database, so it is tried where the event is new.
    let fresh = spawn_app().await;
    fresh.club_with_owner("alpha", "olive@fresh.test").await;
    let before_fresh = counts(&fresh);
    let refused_fresh = |doc: Value, expect: &'static str| {
        let out = import(&fresh, &doc, dir.path());
        assert_eq!(out.status.code(), Some(2), "{expect}: {}", stderr(&out));
        assert!(stderr(&out).contains(expect), "{expect}: {}", stderr(&out));
        assert_eq!(counts(&fresh), before_fresh, "{expect}: rows unchanged");
    };
    let mut doc = first.clone();
    let score = doc["results"][0]["majors_score"].as_i64().unwrap();
    doc["results"][0]["majors_score"] = json!(score + 1000);
    refused_fresh(doc, "does not stand: its report scores");

    // Edited standings: the results do not give them.
    let mut doc = first.clone();
    doc["standings"]["standings"][0]["percent"] = json!(99.99);
    refused_fresh(doc, "the results do not give the file's standings");

    // An edited report whose totals were left alone: the engine, run again on the board
    // dealt from the key, no longer gives the file's scores.
    let mut doc = first.clone();
    let piles = doc["results"][0]["sheet"]["trick_piles"].clone();
    let (ns, ew) = (piles["NS"].as_i64().unwrap(), piles["EW"].as_i64().unwrap());
    doc["results"][0]["sheet"]["trick_piles"] = json!({"NS": ns + 4, "EW": ew - 4});
    refused_fresh(doc, "does not stand");

    let mut doc = first.clone();
    let mut edited: Vec<char> = key.chars().collect();
    edited[0] = if edited[0] == '0' { '1' } else { '0' };
    doc["deal"]["key"] = json!(edited.into_iter().collect::<String>());
    refused_fresh(doc, "the deal key is not the one committed to");

    // The club must exist on the importing instance.
    let out = run(
        &fresh,
        &[
            "import",
            dir.path().join("first.json").to_str().unwrap(),
            "--club",
            "nowhere",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no club \"nowhere\""),
        "{}",
        stderr(&out)
    );
    assert_eq!(counts(&fresh), before_fresh);
}

/// The documented example (docs/examples/event-export.json) is a complete file: it imports,
/// and exporting it again (to stdout) gives it back but for the fields that may differ.
#[tokio::test]
async fn the_documented_example_imports_and_exports_back() {
    let dir = tempfile::tempdir().unwrap();
    let example: Value = serde_json::from_str(include_str!("../docs/examples/event-export.json"))
        .expect("the example is JSON");
    let app = spawn_app().await;
    app.club_with_owner("riverside", "olive@riverside.test")
        .await;
    let out = import(&app, &example, dir.path());
    assert!(out.status.success(), "import: {}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(said.contains("of club \"riverside\""), "{said}");
    let new_id = said.split_whitespace().nth(3).unwrap().to_string();
    let out = run(&app, &["export", &new_id, "-o", "-"]);
    assert!(out.status.success(), "export: {}", stderr(&out));
    let mut back: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut example = example;
    without_instance_fields(&mut back);
    without_instance_fields(&mut example);
    assert_eq!(back, example);
}

/// An event whose hand records are not released exports without its key, which import
/// refuses (the boards could not be checked); `--with-key` moves it, and the key stays as
/// private on the new instance as it was.
#[tokio::test]
async fn an_unreleased_event_moves_only_with_its_key_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let e = mitchell(api_for(&app, &d, "alpha").await).await;
    play_round(&e, 1, None).await;
    // A withdrawal after round 1 changes the movement, with its reason: that record moves too.
    let (_, entries) = e.api.get(&format!("{}/entries", e.path)).await;
    let pair_2 = entries["entries"][1]["id"].clone();
    let (s, v) = e
        .api
        .post(
            &format!("{}/entries/{pair_2}/withdraw", e.path),
            json!({"reason": "taken ill"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = e.path.rsplit('/').next().unwrap().to_string();
    let plain = export(&app, &id, dir.path(), "plain.json");
    assert!(plain["deal"]["key"].is_null(), "no key before release");
    assert!(plain["deal"]["commitment"].is_string());

    let other = spawn_app().await;
    other.club_with_owner("alpha", "olive@elsewhere.test").await;
    let before = counts(&other);
    let out = import(&other, &plain, dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--with-key"), "{}", stderr(&out));
    assert_eq!(counts(&other), before, "nothing written");

    let file = dir.path().join("keyed.json");
    let out = run(
        &app,
        &["export", &id, "-o", file.to_str().unwrap(), "--with-key"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let keyed: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(keyed["deal"]["hand_records_released"], false);
    let key = keyed["deal"]["key"].as_str().unwrap();
    assert_eq!(
        keyed["deal"]["commitment"],
        calypso_director::deals::SetKey::from_hex(key)
            .unwrap()
            .commitment()
    );
    let out = import(&other, &keyed, dir.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    let new_id = said.split_whitespace().nth(3).unwrap().to_string();
    // On the new instance the key is stored (the boards can be dealt) and as private as
    // before: not released, and not in a plain export.
    let moved = with_conn(&other, |c| {
        calypso_director::db::events::public_event(c, new_id.parse().unwrap())
            .unwrap()
            .unwrap()
    });
    assert!(!moved.hand_records_released);
    assert_eq!(moved.deal.as_ref().unwrap().key_hex, key);
    let again = export(&other, &new_id, dir.path(), "again.json");
    assert!(again["deal"]["key"].is_null(), "still unreleased: no key");
    let changes = again["movement"]["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{}", again["movement"]);
    assert_eq!(changes[0]["reason"], "taken ill");
    assert_eq!(changes[0], keyed["movement"]["changes"][0]);
    let (mut a, mut b) = (plain.clone(), again.clone());
    without_instance_fields(&mut a);
    without_instance_fields(&mut b);
    assert_eq!(a, b);
}

/// A Kaiso event (#22) moves with its game and its songs, and the importing instance's engine
/// checks every report again: an edited song, or a score the songs do not give, is refused.
#[tokio::test]
async fn a_kaiso_evening_moves_with_its_songs_and_an_edited_song_is_refused() {
    use common::evening::place;
    use common::games::{post_kaiso, six_pair_evening};
    let dir = tempfile::tempdir().unwrap();
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let e = six_pair_evening(
        api,
        json!({"name": "Kaiso Night", "date": "2026-12-01", "format": "pairs-mitchell",
               "game": "kaiso", "tables": 3, "boards": 3}),
        2,
    )
    .await;
    for round in 1..=2u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            post_kaiso(&e, round, table, board, 7 + round * 10 + table).await;
        }
    }
    for (path, body) in [
        ("status", json!({"to": "finished"})),
        ("release", json!({})),
    ] {
        let (s, v) = e.api.post(&format!("{}/{path}", e.path), body).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
    }
    let id = e.path.rsplit('/').next().unwrap().to_string();
    let doc = export(&app, &id, dir.path(), "kaiso.json");
    assert_eq!(doc["event"]["settings"]["game"], "kaiso");
    assert!(doc["results"][0]["sheet"]["partnerships"]["NS"]["songs"].is_array());

    let fresh = spawn_app().await;
    fresh.club_with_owner("alpha", "olive@fresh.test").await;
    let before = counts(&fresh);
    let refused = |doc: Value, expect: &str| {
        let out = import(&fresh, &doc, dir.path());
        assert_eq!(out.status.code(), Some(2), "{expect}: {}", stderr(&out));
        assert!(stderr(&out).contains(expect), "{expect}: {}", stderr(&out));
        assert_eq!(counts(&fresh), before, "{expect}: rows unchanged");
    };
    // A score the songs do not give.
    let mut edited = doc.clone();
    let score = edited["results"][0]["majors_score"].as_i64().unwrap();
    edited["results"][0]["majors_score"] = json!(score + 30);
    refused(edited, "does not stand: its report scores");
    // A song edited to one the cards cannot make: a regular calypso with fourteen wild 8s.
    let mut edited = doc.clone();
    let songs = edited["results"][0]["sheet"]["partnerships"]["NS"]["songs"]
        .as_array_mut()
        .unwrap();
    songs.push(json!({"kind": "calypso", "rainbow": false, "suit": "S", "wilds": 14}));
    refused(edited, "has 14 wild 8s, but a calypso holds 13 cards");

    imports_and_exports_back(&fresh, &doc, dir.path());
}

/// An Embers progressive (#23) exports with its game, hands, packs and fire hands (#40: 4
/// packs, 2 fire hands) and each game's hand reports; a fresh instance imports it with every
/// game re-checked by the engine against those fire hands, and the re-export is the same. A
/// hand edited to a trick pile bigger than a hand is refused, and so are fire hands edited
/// past the packs minus two.
#[tokio::test]
async fn an_embers_evening_moves_with_its_hands_and_an_edited_hand_is_refused() {
    use calypso_director::engine::TrickRule;
    use calypso_director::engine::embers::{EmbersSpec, random::random_game};
    use common::evening::place;
    use common::games::six_pair_evening;
    use rand::SeedableRng;
    let spec = EmbersSpec::new(4, 4, 2, TrickRule::Standard, None).unwrap();
    let embers_game = |_hands: usize, seed: u64| {
        random_game(&spec, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed)).1
    };
    let dir = tempfile::tempdir().unwrap();
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let e = six_pair_evening(
        api,
        json!({"name": "Embers Night", "date": "2026-12-02", "format": "progressive",
               "game": "embers", "hands": 4, "packs": 4, "fire_hands": 2, "tables": 3,
               "boards": 6}),
        2,
    )
    .await;
    for round in 1..=2u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let game = embers_game(4, 3 + round * 10 + table);
            let body = json!({"round": round, "table": table, "board": board,
                "reports": game.summary.hands});
            let (s, v) = e.api.post(&e.results(), body).await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
        }
    }
    for (path, body) in [
        ("status", json!({"to": "finished"})),
        ("release", json!({})),
    ] {
        let (s, v) = e.api.post(&format!("{}/{path}", e.path), body).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
    }
    let id = e.path.rsplit('/').next().unwrap().to_string();
    let doc = export(&app, &id, dir.path(), "embers.json");
    let settings = &doc["event"]["settings"];
    assert_eq!(
        (
            &settings["game"],
            &settings["hands"],
            &settings["packs"],
            &settings["fire_hands"]
        ),
        (&json!("embers"), &json!(4), &json!(4), &json!(2))
    );
    assert_eq!(
        doc["results"][0]["sheet"]["reports"]
            .as_array()
            .map(Vec::len),
        Some(4)
    );

    let fresh = spawn_app().await;
    fresh.club_with_owner("alpha", "olive@fresh.test").await;
    let before = counts(&fresh);
    let mut edited = doc.clone();
    edited["results"][0]["sheet"]["reports"][1]["trick_piles"]["NS"] = json!(60);
    let out = import(&fresh, &edited, dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("hand 2: North-South's trick pile holds 60 cards, a hand is 52"),
        "{}",
        stderr(&out)
    );
    assert_eq!(counts(&fresh), before, "rows unchanged");
    let mut edited = doc.clone();
    edited["event"]["settings"]["fire_hands"] = json!(3);
    let out = import(&fresh, &edited, dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Embers plays 1 to 2 fire hands with 4 packs"),
        "{}",
        stderr(&out)
    );
    assert_eq!(counts(&fresh), before, "rows unchanged");

    imports_and_exports_back(&fresh, &doc, dir.path());
}

/// A partnership Auction progressive (#40) exports with its game and hands and each game's
/// summary; a fresh instance imports it with every game re-checked by the engine, and the
/// re-export is the same. A file whose game was edited to East dealing first, or whose hand
/// was edited to a trick pile bigger than a hand, is refused, nothing written.
#[tokio::test]
async fn a_partnership_auction_evening_moves_with_its_hands_and_an_edited_hand_is_refused() {
    use common::evening::place;
    use common::games::{auction_pairs_game, six_pair_evening};
    let dir = tempfile::tempdir().unwrap();
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let e = six_pair_evening(
        api,
        json!({"name": "Auction Pairs", "date": "2026-12-03", "format": "progressive",
               "game": "auction-pairs", "hands": 4, "tables": 3, "boards": 6}),
        2,
    )
    .await;
    for round in 1..=2u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let game = auction_pairs_game(4, 5 + round * 10 + table);
            let body = json!({"round": round, "table": table, "board": board,
                "auction_pairs": game.summary});
            let (s, v) = e.api.post(&e.results(), body).await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
        }
    }
    for (path, body) in [
        ("status", json!({"to": "finished"})),
        ("release", json!({})),
    ] {
        let (s, v) = e.api.post(&format!("{}/{path}", e.path), body).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
    }
    let id = e.path.rsplit('/').next().unwrap().to_string();
    let doc = export(&app, &id, dir.path(), "auction-pairs.json");
    let settings = &doc["event"]["settings"];
    assert_eq!(
        (&settings["game"], &settings["hands"], &settings["packs"]),
        (&json!("auction-pairs"), &json!(4), &json!(4))
    );
    assert_eq!(
        doc["results"][0]["sheet"]["auction_pairs"]["reports"]
            .as_array()
            .map(Vec::len),
        Some(4)
    );

    let fresh = spawn_app().await;
    fresh.club_with_owner("alpha", "olive@fresh.test").await;
    let before = counts(&fresh);
    for (path, value, said) in [
        (
            "first_dealer",
            json!("E"),
            "at an event's table North deals the first hand, not East",
        ),
        (
            "reports/1/sides/NS/trick_pile",
            json!(60),
            "the result of round 1, table 1, board 1 does not stand: hand 2: the trick piles",
        ),
    ] {
        let mut edited = doc.clone();
        let sheet = &mut edited["results"][0]["sheet"]["auction_pairs"];
        *sheet.pointer_mut(&format!("/{path}")).unwrap() = value;
        let out = import(&fresh, &edited, dir.path());
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains(said), "{said}: {}", stderr(&out));
        assert_eq!(counts(&fresh), before, "rows unchanged");
    }

    imports_and_exports_back(&fresh, &doc, dir.path());
}

/// An Auction evening (#23): four tables of three over two rounds, the second seated from the
/// first's scores. It moves with its tables of three and its hands; a file whose round 2 seats
/// a player twice, or whose hand was edited, is refused, nothing written.
#[tokio::test]
async fn an_auction_evening_moves_with_its_tables_of_three_and_a_broken_round_is_refused() {
    use common::games::{auction_evening, auction_game};
    let dir = tempfile::tempdir().unwrap();
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let path = auction_evening(&api, 3, 2).await;
    for round in 1..=2u64 {
        let (s, v) = api
            .post(&format!("{path}/rounds"), json!({"round": round}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        for table in 1..=4u64 {
            let board = (round - 1) * 4 + table;
            let game = auction_game(3, 900 + round * 10 + table);
            let body = json!({"round": round, "table": table, "board": board,
                "auction": game.summary});
            let (s, v) = api.post(&format!("{path}/results"), body).await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
        }
    }
    for (to, body) in [
        ("status", json!({"to": "finished"})),
        ("release", json!({})),
    ] {
        let (s, v) = api.post(&format!("{path}/{to}"), body).await;
        assert_eq!(s, StatusCode::OK, "{to}: {v}");
    }
    let id = path.rsplit('/').next().unwrap().to_string();
    let doc = export(&app, &id, dir.path(), "auction.json");
    assert_eq!(doc["event"]["settings"]["game"], json!("auction"));
    let rounds = &doc["individual"]["rounds"];
    assert_eq!(
        rounds[0],
        json!({"round": 1, "tables": [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]})
    );
    assert_eq!(
        rounds[1]["tables"].as_array().map(Vec::len),
        Some(4),
        "{rounds}"
    );

    let fresh = spawn_app().await;
    fresh.club_with_owner("alpha", "olive@fresh.test").await;
    let before = counts(&fresh);
    // Round 2 with a player at two tables.
    let mut moved = doc.clone();
    let a = moved["individual"]["rounds"][1]["tables"][0][0].clone();
    moved["individual"]["rounds"][1]["tables"][1][0] = a;
    let out = import(&fresh, &moved, dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("individual.rounds[1]: the seating breaks its rules"),
        "{}",
        stderr(&out)
    );
    assert_eq!(counts(&fresh), before, "rows unchanged");
    // A hand edited: a trick pile of 60.
    let mut edited = doc.clone();
    edited["results"][0]["sheet"]["auction"]["reports"][0]["players"]["1"]["trick_pile"] =
        json!(60);
    let out = import(&fresh, &edited, dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the result of round 1, table 1, board 1 does not stand: hand 1"),
        "{}",
        stderr(&out)
    );
    assert_eq!(counts(&fresh), before, "rows unchanged");

    imports_and_exports_back(&fresh, &doc, dir.path());
}

/// A duplicate coöperative (#40 item 5) moves with its tables of four, its simultaneous
/// movement and its table totals compared: every table played the same board each round,
/// the file says so, a fresh instance imports it with every result re-checked, and the
/// re-export is the same record.
#[tokio::test]
async fn a_duplicate_cooperative_evening_moves_with_its_tables_of_four() {
    use common::evening::{Evening, coop_evening, play_round};
    let dir = tempfile::tempdir().unwrap();
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let (_, id, _) = coop_evening(&app, &d, "Coöp Night", 3, 2).await;
    let api = api_for(&app, &d, "alpha").await;
    let path = format!("/events/{}", id.get());
    let (s, boards) = api.get(&format!("{path}/boards")).await;
    assert_eq!(s, StatusCode::OK, "{boards}");
    let e = Evening { api, path, boards };
    for round in 1..=2u64 {
        let places = play_round(&e, round, None).await;
        assert_eq!(places.len(), 3);
        assert!(
            places.iter().all(|(_, board)| *board == round),
            "every table plays board {round} in round {round}: {places:?}"
        );
    }
    for (path, body) in [
        ("status", json!({"to": "finished"})),
        ("release", json!({})),
    ] {
        let (s, v) = e.api.post(&format!("{}/{path}", e.path), body).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
    }
    let doc = export(&app, &id.get().to_string(), dir.path(), "coop.json");
    let settings = &doc["event"]["settings"];
    assert_eq!(
        (&settings["format"], &settings["variant"]),
        (&json!("duplicate-cooperative"), &json!("cooperative")),
        "{settings}"
    );
    assert_eq!(
        doc["movement"]["plan"]["kind"], "simultaneous",
        "{}",
        doc["movement"]
    );
    let entries = doc["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3);
    assert!(
        entries
            .iter()
            .all(|x| x["players"].as_array().map(Vec::len) == Some(4)),
        "a table of four each: {entries:?}"
    );
    assert_eq!(doc["results"].as_array().map(Vec::len), Some(6));

    let fresh = spawn_app().await;
    fresh.club_with_owner("alpha", "olive@fresh.test").await;
    imports_and_exports_back(&fresh, &doc, dir.path());
}
