//! Players and events through the pages: create, validation keeping input, drafts private,
//! status changes, the deal commitment, and hand records released after play.

mod common;

use calypso_director::deals::SetKey;
use common::*;
use reqwest::StatusCode;

#[tokio::test]
async fn players_are_added_edited_and_archived() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players",
            &[("name", "Ann Able"), ("membership_number", "M-1")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    // Duplicate membership number: the form comes back with the input and a message.
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players",
            &[("name", "Bob Baker"), ("membership_number", "M-1")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(body.contains("value=\"Bob Baker\""));
    assert!(body.contains("another player of the club has this number"));
    // Empty name.
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players",
            &[("name", "  "), ("membership_number", "M-2")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("the name is required"));

    let id = with_conn(&app, |c| {
        calypso_director::db::clubs::players_of(c, app.club_id("alpha"), false).unwrap()[0].id
    });
    let edit = format!("/c/alpha/players/{id}/edit");
    let (status, page) = d.get_text(&edit).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("value=\"Ann Able\""));
    let r = d
        .post(
            &edit,
            &edit,
            &[("name", "Ann Archer"), ("membership_number", "M-1")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    // Editing to an empty name, or to another player's number, keeps the input and says why.
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players",
            &[("name", "Bob Baker"), ("membership_number", "M-2")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    for (name, number, message) in [
        ("  ", "M-1", "the name is required"),
        (
            "Ann Archer",
            "M-2",
            "another player of the club has this number",
        ),
    ] {
        let r = d
            .post(
                &edit,
                &edit,
                &[("name", name), ("membership_number", number)],
            )
            .await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{number}");
        let body = r.text().await.unwrap();
        assert!(body.contains(message), "{body}");
        assert!(body.contains(&format!("value=\"{number}\"")), "{body}");
    }
    let archive = format!("/c/alpha/players/{id}/archive");
    let r = d
        .post("/c/alpha/players", &archive, &[("archived", "1")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, list) = d.get_text("/c/alpha/players").await;
    assert!(
        !list.contains("Ann Archer"),
        "archived players are hidden by default"
    );
    let (_, all) = d.get_text("/c/alpha/players?archived=1").await;
    assert!(all.contains("Ann Archer") && all.contains("archived"));
}

#[tokio::test]
async fn event_form_errors_keep_the_input() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Summer Pairs");
    fields[1] = ("date", "2026-13-45");
    fields[4] = ("tables", "0");
    fields[2] = ("format", "swiss");
    // Clubs twice: the engine refuses the seating.
    fields.splice(
        7..11,
        [
            ("trump_n", "C"),
            ("trump_e", "D"),
            ("trump_s", "H"),
            ("trump_w", "C"),
        ],
    );
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(body.contains("value=\"Summer Pairs\""), "name kept");
    assert!(
        body.contains("value=\"2026-13-45\""),
        "bad date kept for correction"
    );
    assert!(body.contains("enter a date as YYYY-MM-DD"));
    assert!(body.contains("tables must be a whole number from 1 to 100"));
    assert!(
        body.contains("choose team-match, pairs-mitchell, progressive, progressive-individual or duplicate-cooperative")
    );
    assert!(
        body.contains("cannot both have Clubs"),
        "engine's seating check shown"
    );
    assert!(
        body.contains("<option value=\"H\" selected>"),
        "seat choices kept"
    );
    // Nothing saved.
    let (_, home) = d.get_text("/c/alpha").await;
    assert!(!home.contains("Summer Pairs"));
}

#[tokio::test]
async fn an_event_goes_from_private_draft_to_public_with_its_commitment() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);

    let mut fields = event_fields("Autumn Teams");
    fields[2] = ("format", "team-match");
    fields[6] = ("trick_rule", "beat-the-leader");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let page = location(&r);
    let id = id_from_location(&page);

    // A draft: the directors see it, the public does not.
    let (status, body) = d.get_text(&page).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Autumn Teams") && body.contains("Beat the leader"));
    assert!(
        body.contains(
            "N&nbsp;<span class=\"suit\">♠</span> · E&nbsp;<span class=\"suit red\">♦</span> · S&nbsp;<span class=\"suit red\">♥</span> · W&nbsp;<span class=\"suit\">♣</span>"
        ),
        "seating with red suits in red"
    );
    assert_eq!(public.get(&page).await.status(), StatusCode::NOT_FOUND);
    assert!(!public.get_text("/c/alpha").await.1.contains("Autumn Teams"));

    // Edit while draft.
    let edit = format!("/c/alpha/events/{id}/edit");
    let mut changed = fields.clone();
    changed[0] = ("name", "Autumn Teams Final");
    let r = d.post(&edit, &edit, &changed).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);

    // Ready: a deal key is made; the commitment is public, the key is not.
    let status_url = format!("/c/alpha/events/{id}/status");
    let r = d
        .post(&page, &status_url, &[("from", "draft"), ("to", "ready")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (key, commitment) = current_key(&app, id);
    assert_eq!(SetKey::from_hex(&key).unwrap().commitment(), commitment);
    let (status, body) = public.get_text(&page).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Autumn Teams Final"));
    assert!(body.contains(&commitment), "commitment shown before play");
    assert!(!body.contains(&key), "key hidden before release");
    assert!(
        public
            .get_text("/c/alpha")
            .await
            .1
            .contains("Autumn Teams Final")
    );

    // No more editing, no new key without a recorded reason, no skipping steps.
    assert_eq!(d.get(&edit).await.status(), StatusCode::CONFLICT);
    assert_eq!(
        d.post(&page, &edit, &changed).await.status(),
        StatusCode::CONFLICT
    );
    let key_url = format!("/c/alpha/events/{id}/key");
    let r = d.post(&page, &key_url, &[]).await;
    assert_eq!(r.status(), StatusCode::OK, "asks for the redeal's reason");
    assert!(r.text().await.unwrap().contains("Reason"));
    let r = d
        .post(&page, &key_url, &[("confirm", "yes"), ("reason", " ")])
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        current_key(&app, id),
        (key.clone(), commitment.clone()),
        "unchanged"
    );
    let r = d
        .post(&page, &status_url, &[("from", "ready"), ("to", "finished")])
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let r = d
        .post(&page, &status_url, &[("from", "ready"), ("to", "bogus")])
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // Hand records: directors may download; the public may not, until released.
    let pdf = format!("/c/alpha/events/{id}/hand-records.pdf");
    assert_eq!(public.get(&pdf).await.status(), StatusCode::NOT_FOUND);
    let r = d.get(&pdf).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "application/pdf");
    assert!(r.bytes().await.unwrap().starts_with(b"%PDF"));
    let release = format!("/c/alpha/events/{id}/release");
    assert_eq!(
        d.post(&page, &release, &[("confirm", "yes")])
            .await
            .status(),
        StatusCode::CONFLICT,
        "not before the event is finished"
    );

    for (from, to) in [("ready", "running"), ("running", "finished")] {
        // Irreversible: the first click asks, the confirmation acts.
        let r = d
            .post(&page, &status_url, &[("from", from), ("to", to)])
            .await;
        assert_eq!(r.status(), StatusCode::OK, "{from} -> {to} asks first");
        assert!(
            r.text()
                .await
                .unwrap()
                .contains("name=\"confirm\" value=\"yes\"")
        );
        let r = d
            .post(
                &page,
                &status_url,
                &[("from", from), ("to", to), ("confirm", "yes")],
            )
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{from} -> {to}");
    }
    // Play has started: the deals can no longer be replaced.
    assert_eq!(
        d.post(&page, &key_url, &[("confirm", "yes"), ("reason", "seen")])
            .await
            .status(),
        StatusCode::CONFLICT
    );
    assert_eq!(public.get(&pdf).await.status(), StatusCode::NOT_FOUND);
    let r = d.post(&page, &release, &[]).await;
    assert_eq!(r.status(), StatusCode::OK, "release asks first");
    assert_eq!(public.get(&pdf).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        d.post(&page, &release, &[("confirm", "yes")])
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
    let (_, body) = public.get_text(&page).await;
    assert!(body.contains(&key), "key public after release");
    let r = public.get(&pdf).await;
    assert_eq!(r.status(), StatusCode::OK);
    let bytes = r.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    // The records are this event's: its name, its commitment, all 20 boards.
    let text = pdf_text(&bytes);
    assert!(text.contains("Autumn Teams Final"), "{text}");
    assert!(text.contains(&commitment[..16]), "commitment in the footer");
    assert!(text.contains("Board 20") && !text.contains("Board 21"));
}

/// The event's deal key and commitment as stored.
fn current_key(app: &TestApp, id: calypso_director::event::EventId) -> (String, String) {
    with_conn(app, |c| {
        let ev = calypso_director::db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap();
        let k = ev.deal.unwrap();
        (k.key_hex, k.commitment)
    })
}
