//! Clubs are tenants. Walks EVERY director route (the list the app registers its routes
//! from) as a director of another club, and as nobody, and checks nothing leaks or changes.

mod common;

use calypso_director::db;
use calypso_director::event::club::PlayerFields;
use calypso_director::event::entries::{EntryDraft, EntryKind, PlayerChoice};
use calypso_director::event::{Count, EventSettings, EventStatus, SettingsDraft, TrumpsDraft};
use calypso_director::web::routes::director_routes;
use common::*;
use reqwest::StatusCode;

#[tokio::test]
async fn no_director_route_reaches_another_clubs_data() {
    let app = spawn_app().await;
    let alice = app.club_with_owner("alpha", "alice@example.org").await;
    let _bob = app.club_with_owner("bravo", "bob@example.org").await;
    let bravo = app.club_id("bravo");

    // Bravo's data, made directly in the database.
    let (event_id, player_id, token_id, invite_id, bob_id, entry_id) = with_conn(&app, |c| {
        let settings = EventSettings::parse(&SettingsDraft {
            name: "Bravo secret draft".into(),
            date: "2026-07-01".into(),
            format: "pairs-mitchell".into(),
            game: String::new(),
            variant: "standard".into(),
            tables: Count::Number(4),
            boards: Count::Number(16),
            trick_rule: "standard".into(),
            trumps: TrumpsDraft::VariantDefault,
            correction_minutes: Count::Number(30),
            scale: String::new(),
            compare: String::new(),
            ..SettingsDraft::default()
        })
        .unwrap();
        let ev = db::events::create_event(c, bravo, &settings).unwrap();
        let p = db::clubs::create_player(
            c,
            bravo,
            &PlayerFields {
                name: "Bravo Player".into(),
                membership_number: Some("B-1".into()),
            },
        )
        .unwrap();
        let (bob, _) = db::accounts::director_for_login(c, "bob@example.org")
            .unwrap()
            .unwrap();
        let t = db::accounts::create_api_token(c, bob.id, "bob's laptop", "hash-of-bobs-token")
            .unwrap();
        db::accounts::create_invite(
            c,
            bravo,
            "carol@example.org",
            bob.id,
            "hash-of-carols-invite",
            chrono::Duration::days(1),
        )
        .unwrap();
        let invite = db::accounts::pending_invites(c, bravo).unwrap()[0].id;
        let pair = EntryDraft {
            kind: EntryKind::Pair,
            name: None,
            players: vec![PlayerChoice::Guest("Bravo Guest".into()); 2],
        };
        let entry = db::entries::add_entry(c, bravo, ev.id, &pair).unwrap().id;
        (ev.id, p.id, t, invite, bob.id, entry)
    });

    let routes = director_routes();
    assert!(routes.len() >= 15, "the route list is the real one");
    let ids = |path: &str, club: &str| {
        path.replace("{club}", club)
            .replace("{event}", &event_id.to_string())
            .replace("{player}", &player_id.to_string())
            .replace("{token}", &token_id.to_string())
            .replace("{invite}", &invite_id.to_string())
            .replace("{director}", &bob_id.to_string())
            .replace("{entry}", &entry_id.to_string())
            // Bravo's event has no results: its own event's 404 is what stops the request.
            .replace("{result}", "1")
            // No sim exists: a sim route's club is what stops the request.
            .replace("{sim}", "1")
    };
    let csrf = alice.csrf("/c/alpha").await;
    // Every field any director form takes, all valid, so only tenancy can stop the request.
    let mut form = vec![("csrf_token", csrf.as_str())];
    form.extend(event_fields("Changed by alpha"));
    form.extend([
        ("membership_number", "A-9"),
        ("archived", "1"),
        ("from", "draft"),
        ("to", "ready"),
        ("email", "mallory@example.org"),
        ("confirm", "yes"),
        ("reason", "boards seen"),
        ("guest_1", "Mallory"),
        ("guest_2", "Mal"),
        // A seat link to revoke, or a seat to give to a robot.
        ("round", "1"),
        ("table", "1"),
        ("seat", "N"),
        ("robot", "1"),
    ]);
    let stranger = Browser::new(&app);
    let stranger_csrf = stranger.csrf("/login").await;
    let mut stranger_form = form.clone();
    stranger_form[0] = ("csrf_token", stranger_csrf.as_str());

    let mut checked = 0;
    for r in &routes {
        assert!(
            r.path.starts_with("/c/{club}"),
            "{} is not club-scoped",
            r.path
        );
        // Bravo's slug, and alpha's own slug with bravo's ids.
        let mut targets = vec![ids(r.path, "bravo")];
        if [
            "{event}",
            "{player}",
            "{token}",
            "{invite}",
            "{director}",
            "{entry}",
            "{result}",
        ]
        .iter()
        .any(|p| r.path.contains(p))
        {
            targets.push(ids(r.path, "alpha"));
        }
        for url in targets {
            let resp = match r.method {
                "GET" => alice.get(&url).await,
                "POST" => alice.post_raw(&url, &form).await,
                m => panic!("untested method {m}"),
            };
            assert_eq!(
                resp.status(),
                StatusCode::NOT_FOUND,
                "{} {url} as alpha's director",
                r.method
            );
            let body = resp.text().await.unwrap();
            assert!(
                !body.contains("Bravo"),
                "{} {url} leaked bravo's data",
                r.method
            );
            checked += 1;

            // Nobody logged in: sent to the login page, never served.
            let resp = match r.method {
                "GET" => stranger.get(&url).await,
                _ => stranger.post_raw(&url, &stranger_form).await,
            };
            assert_eq!(
                resp.status(),
                StatusCode::SEE_OTHER,
                "{} {url} anonymous",
                r.method
            );
            assert!(location(&resp).starts_with("/login"));
        }
    }
    assert!(checked >= routes.len());

    // Bravo's rows are exactly as they were.
    with_conn(&app, |c| {
        let ev = db::events::event(c, bravo, event_id).unwrap().unwrap();
        assert_eq!(ev.settings.name(), "Bravo secret draft");
        assert_eq!(ev.status, EventStatus::Draft);
        assert!(ev.deal.is_none());
        let p = db::clubs::player(c, bravo, player_id).unwrap().unwrap();
        assert_eq!(p.name, "Bravo Player");
        assert!(!p.archived);
        let tokens = db::accounts::api_tokens_of(c, bob_id).unwrap();
        assert!(tokens[0].revoked_at.is_none());
        assert_eq!(db::accounts::pending_invites(c, bravo).unwrap().len(), 1);
        let entries = db::entries::entries_of(c, bravo, event_id).unwrap();
        assert_eq!(entries.len(), 1, "no entry added or removed");
        assert_eq!(entries[0].name, "Bravo Guest & Bravo Guest");
        assert_eq!(db::accounts::directors_of_club(c, bravo).unwrap().len(), 1);
        assert!(
            !db::accounts::email_in_use(c, "mallory@example.org").unwrap(),
            "no account for the address in the form"
        );
        let alpha = db::clubs::club_by_slug(c, "alpha").unwrap().unwrap();
        assert!(db::events::events_of(c, alpha.id).unwrap().is_empty());
        assert!(db::clubs::players_of(c, alpha.id, true).unwrap().is_empty());
    });

    // Public pages: bravo's draft and its hand records do not exist for alpha either.
    for path in [
        format!("/c/bravo/events/{event_id}"),
        format!("/c/bravo/events/{event_id}/hand-records.pdf"),
        format!("/c/alpha/events/{event_id}"),
    ] {
        assert_eq!(
            alice.get(&path).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    let (_, home) = alice.get_text("/c/bravo").await;
    assert!(!home.contains("Bravo secret draft"));
}
