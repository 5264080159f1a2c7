//! Every route. Director routes are listed once, in [`director_routes`]: the app registers
//! them from that list and the cross-club test walks the same list, so a new director
//! route is covered by the tenancy test the moment it exists.

pub mod account;
pub mod api;
pub mod directors;
pub mod events;
pub mod hand_records;
pub mod players;
pub mod public;
pub mod tokens;

use actix_session::Session;
use actix_web::http::header;
use actix_web::{HttpResponse, Route, web};

use super::auth::Viewer;
use super::csrf;

/// A route that only a director of the club in `{club}` may use. Placeholders in `path`:
/// `{club}` (slug), `{event}`, `{player}`, `{token}` (ids within that club).
pub struct DirectorRoute {
    pub method: &'static str,
    pub path: &'static str,
    pub route: fn() -> Route,
}

pub fn director_routes() -> Vec<DirectorRoute> {
    fn get(path: &'static str, route: fn() -> Route) -> DirectorRoute {
        DirectorRoute {
            method: "GET",
            path,
            route,
        }
    }
    fn post(path: &'static str, route: fn() -> Route) -> DirectorRoute {
        DirectorRoute {
            method: "POST",
            path,
            route,
        }
    }
    vec![
        get("/c/{club}/players", || web::get().to(players::list)),
        post("/c/{club}/players", || web::post().to(players::create)),
        get("/c/{club}/players/{player}/edit", || {
            web::get().to(players::edit_form)
        }),
        post("/c/{club}/players/{player}/edit", || {
            web::post().to(players::update)
        }),
        post("/c/{club}/players/{player}/archive", || {
            web::post().to(players::archive)
        }),
        get("/c/{club}/events", || web::get().to(events::list)),
        get("/c/{club}/events/new", || web::get().to(events::new_form)),
        post("/c/{club}/events", || web::post().to(events::create)),
        get("/c/{club}/events/{event}/edit", || {
            web::get().to(events::edit_form)
        }),
        post("/c/{club}/events/{event}/edit", || {
            web::post().to(events::update)
        }),
        post("/c/{club}/events/{event}/status", || {
            web::post().to(events::change_status)
        }),
        post("/c/{club}/events/{event}/key", || {
            web::post().to(events::new_key)
        }),
        post("/c/{club}/events/{event}/release", || {
            web::post().to(events::release)
        }),
        get("/c/{club}/directors", || web::get().to(directors::list)),
        post("/c/{club}/invites", || web::post().to(directors::invite)),
        get("/c/{club}/tokens", || web::get().to(tokens::list)),
        post("/c/{club}/tokens", || web::post().to(tokens::create)),
        post("/c/{club}/tokens/{token}/revoke", || {
            web::post().to(tokens::revoke)
        }),
    ]
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api::scope());
    // Before the public `/c/{club}/events/{event}`, so `/events/new` is not read as an id.
    for r in director_routes() {
        cfg.route(r.path, (r.route)());
    }
    cfg.route("/", web::get().to(public::index))
        .route("/static/style.css", web::get().to(public::stylesheet))
        .route("/setup", web::get().to(account::setup_form))
        .route("/setup", web::post().to(account::setup))
        .route("/login", web::get().to(account::login_form))
        .route("/login", web::post().to(account::login))
        .route("/logout", web::post().to(account::logout))
        .route("/invite/{invite}", web::get().to(account::invite_form))
        .route("/invite/{invite}", web::post().to(account::accept_invite))
        .route("/c/{club}", web::get().to(public::club_home))
        .route("/c/{club}/events/{event}", web::get().to(events::show))
        .route(
            "/c/{club}/events/{event}/hand-records.pdf",
            web::get().to(hand_records::download),
        )
        .default_service(web::to(public::not_found));
}

/// What every page's frame needs: the viewer, the CSRF token for forms, a one-time message.
pub struct Nav {
    pub csrf: String,
    pub director: Option<NavDirector>,
    pub flash: Option<String>,
}

pub struct NavDirector {
    pub name: String,
    pub club_slug: String,
    pub club_name: String,
    pub owner: bool,
}

const SESSION_FLASH: &str = "flash";

impl Nav {
    pub fn new(session: &Session, viewer: &Viewer) -> Nav {
        let flash = session.get::<String>(SESSION_FLASH).ok().flatten();
        if flash.is_some() {
            session.remove(SESSION_FLASH);
        }
        Nav {
            csrf: csrf::token(session),
            director: viewer.0.as_ref().map(|(d, c)| NavDirector {
                name: d.name.clone(),
                club_slug: c.slug.clone(),
                club_name: c.name.clone(),
                owner: d.is_owner(),
            }),
            flash,
        }
    }

    pub fn for_director(session: &Session, d: &super::auth::ClubDirector) -> Nav {
        Nav::new(session, &Viewer(Some((d.director.clone(), d.club.clone()))))
    }
}

/// A message shown once on the next page.
pub fn flash(session: &Session, msg: impl Into<String>) {
    let _ = session.insert(SESSION_FLASH, msg.into());
}

/// Redirect after a successful POST (so reloading does not resubmit).
pub fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to.to_string()))
        .finish()
}
