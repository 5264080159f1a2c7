//! Setup link, login, wrong password, rate limits, session rotation, logout, CSRF.

mod common;

use common::*;
use reqwest::StatusCode;

#[tokio::test]
async fn first_start_link_creates_club_and_owner_once() {
    let app = spawn_app().await;
    let b = Browser::new(&app);
    // Without a valid token, the setup page refuses.
    let (status, body) = b.get_text("/setup?token=nope").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("invalid, expired or already used"));

    // The link the server printed at first start.
    let announced = app
        .setup_link
        .clone()
        .expect("no director yet, so a setup link");
    let path = announced.strip_prefix(&app.address).unwrap().to_string();
    let token = path.split("token=").nth(1).unwrap().to_string();
    let fields = [
        ("token", token.as_str()),
        ("club_name", "Riverside Calypso"),
        ("slug", "riverside"),
        ("name", "Olive Owner"),
        ("email", "olive@example.org"),
        ("password", PASSWORD),
        ("password_confirm", PASSWORD),
    ];
    let r = b.post(&path, "/setup", &fields).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), "/login");

    // Used up: the same link cannot make a second club.
    let csrf = b.csrf("/login").await;
    let mut again = vec![("csrf_token", csrf.as_str())];
    again.extend_from_slice(&fields);
    again[3] = ("slug", "another");
    let r = b.post_raw("/setup", &again).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);

    // With a director now, a server starting on this database announces no link.
    assert!(app.second_instance().await.setup_link.is_none());
    let (status, home) = b.get_text("/c/riverside").await;
    assert_eq!(status, StatusCode::OK);
    assert!(home.contains("Riverside Calypso"));
}

#[tokio::test]
async fn setup_form_errors_keep_the_input() {
    let app = spawn_app().await;
    let b = Browser::new(&app);
    let path = app.setup_path();
    let token = path.split("token=").nth(1).unwrap().to_string();
    let r = b
        .post(
            &path,
            "/setup",
            &[
                ("token", &token),
                ("club_name", "Hilltop Club"),
                ("slug", "Not A Slug!"),
                ("name", "Olive"),
                ("email", "olive-at-example"),
                ("password", "short"),
                ("password_confirm", "short"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(body.contains("value=\"Hilltop Club\""), "club name kept");
    assert!(body.contains("value=\"olive-at-example\""), "email kept");
    assert!(body.contains("enter an email address"));
    assert!(body.contains("lowercase letters, digits and hyphens"));
    assert!(body.contains("at least 10 characters"));
    assert!(
        !body.contains("value=\"short\""),
        "passwords are not echoed"
    );
    // Nothing half-saved: the token still works.
    let mut c = app.conn();
    assert_eq!(
        calypso_director::db::accounts::count_directors(&mut c).unwrap(),
        0
    );
}

#[tokio::test]
async fn login_wrong_password_logout_and_session_rotation() {
    let app = spawn_app().await;
    let owner = app.club_with_owner("alpha", "olive@example.org").await;
    assert_eq!(owner.get("/c/alpha/players").await.status(), StatusCode::OK);

    let b = Browser::new(&app);
    // Director pages send strangers to the login page.
    let r = b.get("/c/alpha/players").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert!(location(&r).starts_with("/login?next="));

    let r = b.login("olive@example.org", "not the password").await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert!(r.text().await.unwrap().contains("Wrong email or password"));
    let r = b.login("nobody@example.org", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);

    let before_cookie = b.cookie_header().unwrap();
    let before_csrf = b.csrf("/login").await;
    let r = b.login("OLIVE@example.org", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), "/c/alpha");
    let after_cookie = b.cookie_header().unwrap();
    assert_ne!(
        before_cookie, after_cookie,
        "session cookie rotates on login"
    );
    // The token from before login is worthless after it.
    let r = b
        .post_raw(
            "/c/alpha/players",
            &[("csrf_token", &before_csrf), ("name", "Ann")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(b.get("/c/alpha/players").await.status(), StatusCode::OK);

    // Cookie flags.
    let r = b.get("/login").await;
    let set_cookie: Vec<String> = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    for c in &set_cookie {
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax"), "{c}");
    }

    // Logout ends the session on the server: replaying the old cookie gets nowhere.
    let stolen = b.cookie_header().unwrap();
    let r = b.post("/c/alpha", "/logout", &[]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        b.get("/c/alpha/players").await.status(),
        StatusCode::SEE_OTHER
    );
    let replay = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(b.url("/c/alpha/players"))
        .header("cookie", stolen)
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), StatusCode::SEE_OTHER);
    assert!(location(&replay).starts_with("/login"));
}

#[tokio::test]
async fn failed_logins_are_rate_limited_per_account_and_per_ip() {
    let app = spawn_app().await;
    app.club_with_owner("alpha", "olive@example.org").await;
    let b = Browser::new(&app);
    for _ in 0..5 {
        let r = b.login("olive@example.org", "wrong password!").await;
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    }
    // Even the right password is refused while the account is locked.
    let r = b.login("olive@example.org", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.text().await.unwrap().contains("Too many failed logins"));

    // Per IP: failures spread over many accounts trip the address limit.
    let app = spawn_app().await;
    app.club_with_owner("beta", "bea@example.org").await;
    let b = Browser::new(&app);
    for i in 0..20 {
        let r = b
            .login(&format!("guess{i}@example.org"), "wrong password!")
            .await;
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "attempt {i}");
    }
    let r = b.login("bea@example.org", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn every_post_without_a_valid_csrf_token_is_refused() {
    let app = spawn_app().await;
    let owner = app.club_with_owner("alpha", "olive@example.org").await;
    for path in [
        "/login",
        "/logout",
        "/setup",
        "/c/alpha/players",
        "/c/alpha/events",
    ] {
        let r = owner.post_raw(path, &[("name", "x")]).await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "no token: {path}");
        let r = owner
            .post_raw(path, &[("csrf_token", "forged"), ("name", "x")])
            .await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "wrong token: {path}");
    }
    // Still logged in, and nothing was created.
    let (_, players) = owner.get_text("/c/alpha/players").await;
    assert!(players.contains("No players yet"));
    // A token from another browser session does not work either.
    let other = Browser::new(&app);
    let foreign = other.csrf("/login").await;
    let r = owner
        .post_raw(
            "/c/alpha/players",
            &[("csrf_token", &foreign), ("name", "x")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn oversized_forms_are_refused() {
    let app = spawn_app().await;
    let owner = app.club_with_owner("alpha", "olive@example.org").await;
    let big = "x".repeat(200 * 1024);
    let r = owner.post_raw("/c/alpha/players", &[("name", &big)]).await;
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn owners_invite_directors_with_an_expiring_link() {
    let app = spawn_app().await;
    let owner = app.club_with_owner("alpha", "olive@example.org").await;
    // A bad address and an existing director's address: the form comes back with a message.
    for (email, message) in [
        (
            "dan.example.org",
            "enter an email address like name@example.org",
        ),
        (
            "olive@example.org",
            "this email already has a director account",
        ),
    ] {
        let r = owner
            .post(
                "/c/alpha/directors",
                "/c/alpha/invites",
                &[("email", email)],
            )
            .await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{email}");
        let body = r.text().await.unwrap();
        assert!(body.contains(message), "{email}: {body}");
        assert!(!body.contains("/invite/"), "{email}: no link on an error");
    }
    let r = owner
        .post(
            "/c/alpha/directors",
            "/c/alpha/invites",
            &[("email", "dan@example.org")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let body = r.text().await.unwrap();
    let start = body.find("/invite/").expect("invite link shown");
    let link: String = body[start..].chars().take_while(|c| *c != '<').collect();

    let dan = Browser::new(&app);
    let (status, page) = dan.get_text(&link).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("dan@example.org"));
    let r = dan
        .post(
            &link,
            &link,
            &[
                ("name", "Dan Director"),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        dan.login("dan@example.org", PASSWORD).await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(dan.get("/c/alpha/players").await.status(), StatusCode::OK);
    // Used once only.
    assert_eq!(dan.get(&link).await.status(), StatusCode::NOT_FOUND);
    // A director who is not the owner cannot invite.
    let r = dan
        .post(
            "/c/alpha/directors",
            "/c/alpha/invites",
            &[("email", "eve@example.org")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);

    // Expired invitations are refused.
    {
        use calypso_director::db::schema::invites;
        use diesel::prelude::*;
        let r = owner
            .post(
                "/c/alpha/directors",
                "/c/alpha/invites",
                &[("email", "late@example.org")],
            )
            .await;
        let body = r.text().await.unwrap();
        let start = body.find("/invite/").unwrap();
        let late: String = body[start..].chars().take_while(|c| *c != '<').collect();
        let mut c = app.conn();
        diesel::update(invites::table.filter(invites::email.eq("late@example.org")))
            .set(
                invites::expires_at.eq(chrono::Utc::now().naive_utc() - chrono::Duration::hours(1)),
            )
            .execute(&mut *c)
            .unwrap();
        assert_eq!(
            Browser::new(&app).get(&late).await.status(),
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test]
async fn a_second_instance_on_the_same_database_shares_logins_and_limits() {
    let app = spawn_app().await;
    let owner = app.club_with_owner("alpha", "olive@example.org").await;
    let other = app.second_instance().await;
    // The same cookie works on the other instance (shared session key and login rows).
    let cookie = owner.cookie_header().unwrap();
    let r = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}/c/alpha/players", other.address))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    // Failures on one instance count on the other.
    let b1 = Browser::new(&app);
    for _ in 0..5 {
        b1.login("olive@example.org", "wrong password!").await;
    }
    let b2 = Browser::new(&other);
    let r = b2.login("olive@example.org", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
}

/// `n` wrong table codes from the client `forwarded` names (through the proxy, the test's
/// own loopback address); the status of the last.
async fn wrong_codes(app: &TestApp, forwarded: &str, n: u32) -> StatusCode {
    let http = reqwest::Client::new();
    let mut last = StatusCode::OK;
    for _ in 0..n {
        last = http
            .get(format!("{}/t/WRONGONE", app.address))
            .header("X-Forwarded-For", forwarded)
            .send()
            .await
            .unwrap()
            .status();
    }
    last
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_allowance_of_wrong_codes() {
    let app = spawn_app_behind(&["127.0.0.1"]).await;
    assert_eq!(
        wrong_codes(&app, "198.51.100.1", 20).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        wrong_codes(&app, "198.51.100.1", 1).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Another client behind the same proxy is not held up; a client's own header, left of
    // what the proxy appended, changes nothing.
    assert_eq!(
        wrong_codes(&app, "198.51.100.2", 1).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        wrong_codes(&app, "203.0.113.5, 198.51.100.1", 1).await,
        StatusCode::TOO_MANY_REQUESTS
    );

    // Without the setting the header is anyone's invention: the peer's address counts.
    let app = spawn_app().await;
    assert_eq!(
        wrong_codes(&app, "198.51.100.1", 20).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        wrong_codes(&app, "198.51.100.2", 1).await,
        StatusCode::TOO_MANY_REQUESTS
    );
}
