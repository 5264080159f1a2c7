//! Clubs are tenants. Walks EVERY director route (the list the app registers its routes
//! from) as a director of another club, and as nobody, and checks nothing leaks or changes.

mod common;

use calypso_director::db::models::{EventFields, PlayerFields};
use calypso_director::db::queries;
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
    let (event_id, player_id, token_id) = with_conn(&app, |c| {
        let ev = queries::create_event(
            c,
            bravo,
            &EventFields {
                name: "Bravo secret draft".into(),
                event_date: chrono::NaiveDate::from_ymd_opt(2026, 7, 1).unwrap(),
                format: "pairs-mitchell".into(),
                variant: "standard".into(),
                tables: 4,
                boards: 16,
                trick_rule: "standard".into(),
                trumps: "SDHC".into(),
            },
        )
        .unwrap();
        let p = queries::create_player(
            c,
            bravo,
            &PlayerFields {
                name: "Bravo Player".into(),
                membership_number: Some("B-1".into()),
            },
        )
        .unwrap();
        let bob = queries::director_by_email(c, "bob@example.org")
            .unwrap()
            .unwrap();
        let t = queries::create_api_token(c, bob.id, "bob's laptop", "hash-of-bobs-token").unwrap();
        (ev.id, p.id, t)
    });

    let routes = director_routes();
    assert!(routes.len() >= 15, "the route list is the real one");
    let ids = |path: &str, club: &str| {
        path.replace("{club}", club)
            .replace("{event}", &event_id.to_string())
            .replace("{player}", &player_id.to_string())
            .replace("{token}", &token_id.to_string())
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
        if r.path.contains("{event}") || r.path.contains("{player}") || r.path.contains("{token}") {
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
        let ev = queries::event(c, bravo, event_id).unwrap().unwrap();
        assert_eq!(ev.name, "Bravo secret draft");
        assert_eq!(ev.status, "draft");
        assert!(ev.deal_key.is_none());
        let p = queries::player(c, bravo, player_id).unwrap().unwrap();
        assert_eq!(p.name, "Bravo Player");
        assert!(!p.archived);
        let bob = queries::director_by_email(c, "bob@example.org")
            .unwrap()
            .unwrap();
        let tokens = queries::api_tokens_of(c, bob.id).unwrap();
        assert!(tokens[0].revoked_at.is_none());
        assert!(
            queries::director_by_email(c, "mallory@example.org")
                .unwrap()
                .is_none()
        );
        let alpha = queries::club_by_slug(c, "alpha").unwrap().unwrap();
        assert!(queries::events_of(c, alpha.id).unwrap().is_empty());
        assert!(queries::players_of(c, alpha.id, true).unwrap().is_empty());
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
