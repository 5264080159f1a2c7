//! Every route. Director routes are listed once, in [`director_routes`]: the app registers
//! them from that list and the cross-club test walks the same list, so a new director
//! route is covered by the tenancy test the moment it exists. Handlers live in the files
//! below; nothing here is imported by them.

pub mod account;
pub mod api;
pub mod archive;
pub mod directors;
pub mod events;
pub mod export;
pub mod players;
pub mod practice;
pub mod public;
pub mod results;
pub mod seat;
pub mod sims;
pub mod table;
pub mod tokens;

// The route table below names each page's handlers by the page's own module.
use api::{
    results as api_results, rounds as api_rounds, seat_stream as api_seat_stream,
    standings as api_standings,
};
use events::{boards, entries, individual, movement, papers, rounds, seats, settings};
use results::standings;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, Route, Scope, web};

use crate::web::error::AppError;

/// A route that only a director of the club in `{club}` may use. Placeholders in `path`:
/// `{club}` (slug), `{event}`, `{player}`, `{token}`, `{invite}`, `{director}`, `{entry}` (ids within
/// that club).
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
        post("/c/{club}/players/bulk", || web::post().to(players::bulk)),
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
            web::post().to(events::redeal)
        }),
        post("/c/{club}/events/{event}/release", || {
            web::post().to(events::release)
        }),
        post("/c/{club}/events/{event}/delete", || {
            web::post().to(events::delete)
        }),
        get("/c/{club}/events/{event}/entries", || {
            web::get().to(entries::list)
        }),
        post("/c/{club}/events/{event}/entries", || {
            web::post().to(entries::create)
        }),
        post("/c/{club}/events/{event}/entries/draw", || {
            web::post().to(entries::draw)
        }),
        post("/c/{club}/events/{event}/entries/withdraw", || {
            web::post().to(entries::withdraw)
        }),
        post("/c/{club}/events/{event}/entries/{entry}/delete", || {
            web::post().to(entries::delete)
        }),
        post("/c/{club}/events/{event}/movement", || {
            web::post().to(movement::generate)
        }),
        get("/c/{club}/events/{event}/individual", || {
            web::get().to(individual::show)
        }),
        post("/c/{club}/events/{event}/individual", || {
            web::post().to(individual::set)
        }),
        get("/c/{club}/events/{event}/rounds", || {
            web::get().to(rounds::show)
        }),
        post("/c/{club}/events/{event}/rounds", || {
            web::post().to(rounds::start)
        }),
        get("/c/{club}/events/{event}/results", || {
            web::get().to(results::grid_page)
        }),
        get("/c/{club}/events/{event}/seats/slips.pdf", || {
            web::get().to(seats::slips)
        }),
        get("/c/{club}/events/{event}/seats", || {
            web::get().to(seats::page)
        }),
        post("/c/{club}/events/{event}/seats/revoke", || {
            web::post().to(seats::revoke)
        }),
        post("/c/{club}/events/{event}/seats/robot", || {
            web::post().to(seats::robot)
        }),
        get("/c/{club}/events/{event}/finish", || {
            web::get().to(events::finish)
        }),
        post("/c/{club}/events/{event}/results/confirm-all", || {
            web::post().to(events::confirm_all)
        }),
        get("/c/{club}/events/{event}/results/live", || {
            web::get().to(results::grid_live)
        }),
        get("/c/{club}/events/{event}/rounds/live", || {
            web::get().to(rounds::live)
        }),
        get("/c/{club}/events/{event}/clock/line", || {
            web::get().to(rounds::clock_line)
        }),
        post("/c/{club}/events/{event}/clock", || {
            web::post().to(rounds::clock_act)
        }),
        post("/c/{club}/events/{event}/clock/timing", || {
            web::post().to(rounds::clock_timing)
        }),
        get("/c/{club}/disputes/live", || {
            web::get().to(results::disputes_live)
        }),
        get("/c/{club}/events/{event}/results/board", || {
            web::get().to(results::board)
        }),
        post("/c/{club}/events/{event}/results/rule", || {
            web::post().to(results::rule)
        }),
        post("/c/{club}/events/{event}/results/enter", || {
            web::post().to(results::enter)
        }),
        get("/c/{club}/events/{event}/results/{result}", || {
            web::get().to(results::show)
        }),
        post("/c/{club}/events/{event}/results/{result}/adjust", || {
            web::post().to(results::adjust)
        }),
        post("/c/{club}/events/{event}/results/{result}/settle", || {
            web::post().to(results::settle)
        }),
        get("/c/{club}/events/{event}/results/{result}/correct", || {
            web::get().to(results::correct_form)
        }),
        post("/c/{club}/events/{event}/results/{result}/correct", || {
            web::post().to(results::correct)
        }),
        get("/c/{club}/events/{event}/table-cards.pdf", || {
            web::get().to(rounds::table_cards)
        }),
        get("/c/{club}/events/{event}/guide-cards.pdf", || {
            web::get().to(rounds::guide_cards)
        }),
        get("/c/{club}/events/{event}/papers.json", || {
            web::get().to(events::papers_settings)
        }),
        get("/c/{club}/events/{event}/export.json", || {
            web::get().to(export::export_json)
        }),
        post("/c/{club}/events/{event}/sim", || {
            web::post().to(sims::open)
        }),
        post("/c/{club}/sims/{sim}/join", || web::post().to(sims::join)),
        post("/c/{club}/sims/{sim}/heats/import", || {
            web::post().to(sims::import)
        }),
        post("/c/{club}/sims/{sim}/release", || {
            web::post().to(sims::release)
        }),
        get("/c/{club}/directors", || web::get().to(directors::list)),
        post("/c/{club}/invites", || web::post().to(directors::invite)),
        post("/c/{club}/invites/{invite}/revoke", || {
            web::post().to(directors::revoke_invite)
        }),
        post("/c/{club}/directors/{director}/remove", || {
            web::post().to(directors::remove)
        }),
        get("/c/{club}/settings", || web::get().to(settings::show)),
        post("/c/{club}/settings", || web::post().to(settings::save)),
        get("/c/{club}/tokens", || web::get().to(tokens::list)),
        post("/c/{club}/tokens", || web::post().to(tokens::create)),
        post("/c/{club}/tokens/{token}/revoke", || {
            web::post().to(tokens::revoke)
        }),
    ]
}

/// The API's routes. Its extractors' refusals (a bad JSON body, query string or id in the
/// path) are answered `{"error": "..."}` by the app-wide handlers of `web::extract_errors`,
/// which answer JSON for every path under `/api/`.
fn api_scope() -> Scope {
    web::scope("/api/v1")
        .route("/me", web::get().to(api::me))
        .route("/events", web::get().to(api::list_events))
        .route("/events", web::post().to(api::create_event))
        .route("/events/{id}", web::get().to(api::get_event))
        .route("/events/{id}", web::patch().to(api::update_event))
        .route(
            "/events/{id}/results",
            web::get().to(api_results::get_results),
        )
        .route(
            "/events/{id}/results",
            web::post().to(api_results::post_result),
        )
        .route(
            "/events/{id}/results/adjust",
            web::post().to(api_results::rule_board),
        )
        .route(
            "/events/{id}/results/{result}",
            web::put().to(api_results::put_result),
        )
        .route(
            "/events/{id}/results/{result}/adjust",
            web::post().to(api_results::adjust_result),
        )
        .route(
            "/events/{id}/standings",
            web::get().to(api_standings::standings),
        )
        .route("/events/{id}/sheet", web::get().to(api_standings::sheet))
        .route(
            "/events/{id}/travellers",
            web::get().to(api_standings::travellers),
        )
        .route(
            "/events/{id}/scorecards",
            web::get().to(api_standings::scorecards),
        )
        .route("/events/{id}/status", web::post().to(api::change_status))
        .route("/events/{id}/release", web::post().to(api::release))
        .route("/events/{id}/boards", web::get().to(api::boards))
        .route("/events/{id}/movement", web::get().to(api::get_movement))
        .route("/events/{id}/movement", web::put().to(api::put_movement))
        .route("/events/{id}/rounds", web::get().to(api_rounds::get_rounds))
        .route(
            "/events/{id}/rounds",
            web::post().to(api_rounds::post_rounds),
        )
        .route(
            "/events/{id}/rounds/{round}/tables/{table}/cut",
            web::put().to(api_rounds::put_cut),
        )
        .route("/events/{id}/entries", web::get().to(api::list_entries))
        .route("/events/{id}/entries", web::post().to(api::create_entry))
        .route(
            "/events/{id}/entries/draw",
            web::post().to(api::draw_entries),
        )
        .route(
            "/events/{id}/entries/{entry}",
            web::delete().to(api::delete_entry),
        )
        .route(
            "/events/{id}/entries/{entry}/withdraw",
            web::post().to(api::withdraw_entry),
        )
        .route(
            "/events/{id}/movement/changes",
            web::get().to(api::movement_changes),
        )
        .route("/sims/{id}/standings", web::get().to(sims::api_standings))
        .route("/sims/{id}/sheet", web::get().to(sims::api_sheet))
        .route(
            "/seats/{token}/stream",
            web::get().to(api_seat_stream::stream),
        )
        .route("/events/{id}/seats", web::get().to(api::seats::list))
        .route(
            "/events/{id}/seats/robot",
            web::post().to(api::seats::robot),
        )
        .route("/seats/{token}", web::get().to(api::seats::view))
        .route("/seats/{token}/cards", web::post().to(api::seats::play))
        .route("/seats/{token}/duet", web::post().to(api::seats::duet))
        .route("/players", web::get().to(api::list_players))
        .route("/players", web::post().to(api::create_player))
        .route("/players/{id}", web::patch().to(api::update_player))
        .default_service(web::to(|req: HttpRequest| async move {
            Err::<HttpResponse, _>(AppError::Api(
                StatusCode::NOT_FOUND,
                format!("no API endpoint {} {}", req.method(), req.path()),
            ))
        }))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_scope());
    // Before the public `/c/{club}/events/{event}`, so `/events/new` is not read as an id.
    for r in director_routes() {
        cfg.route(r.path, (r.route)());
    }
    cfg.route("/", web::get().to(public::index))
        .route("/static/{name}", web::get().to(crate::web::assets::serve))
        .route("/favicon.ico", web::get().to(crate::web::assets::favicon))
        .route("/docs/api", web::get().to(public::api_doc))
        .route("/setup", web::get().to(account::setup_form))
        .route("/setup", web::post().to(account::setup))
        .route("/login", web::get().to(account::login_form))
        .route("/login", web::post().to(account::login))
        .route("/logout", web::post().to(account::logout))
        .route("/invite/{invite}", web::get().to(account::invite_form))
        .route("/invite/{invite}", web::post().to(account::accept_invite))
        .route("/t", web::get().to(table::code_form))
        .route("/t/", web::get().to(table::code_form))
        .route("/t/{code}", web::get().to(table::show))
        .route("/t/{code}/result", web::post().to(table::post_result))
        .route("/t/{code}/confirm", web::post().to(table::post_confirm))
        .route("/t/{code}/cut", web::post().to(table::post_cut))
        .route(
            "/t/{code}/rebuild/{board}",
            web::get().to(table::rebuild_page),
        )
        .route(
            "/t/{code}/rebuild/{board}",
            web::post().to(table::post_rebuilt),
        )
        .route("/t/{code}/clock", web::get().to(table::clock))
        .route("/seat/{token}", web::get().to(seat::show))
        .route("/seat/{token}/cards", web::post().to(seat::post_card))
        .route("/seat/{token}/duet", web::post().to(seat::post_duet))
        .route("/sims", web::get().to(sims::list))
        .route("/sims/{sim}", web::get().to(sims::page))
        .route("/sims/{sim}/live", web::get().to(sims::live))
        .route("/sims/{sim}/travellers", web::get().to(sims::travellers))
        .route("/c/{club}", web::get().to(public::club_home))
        .route("/c/{club}/archive", web::get().to(archive::page))
        .route(
            "/c/{club}/players/search",
            web::get().to(archive::search_page),
        )
        .route("/c/{club}/people/{key}", web::get().to(archive::person))
        .route("/c/{club}/events/{event}", web::get().to(events::show))
        .route(
            "/c/{club}/events/{event}/clock",
            web::get().to(rounds::clock_page),
        )
        .route(
            "/c/{club}/events/{event}/clock/live",
            web::get().to(rounds::clock_live),
        )
        .route(
            "/c/{club}/events/{event}/movement",
            web::get().to(movement::show),
        )
        .route(
            "/c/{club}/events/{event}/boards",
            web::get().to(boards::list),
        )
        .route(
            "/c/{club}/events/{event}/boards/{board}",
            web::get().to(boards::show),
        )
        .route(
            "/c/{club}/events/{event}/boards/{board}/play/{round}/{table}",
            web::get().to(boards::play),
        )
        .route(
            "/c/{club}/events/{event}/boards/{board}/practice",
            web::post().to(practice::start),
        )
        .route(
            "/c/{club}/events/{event}/boards/{board}/practice/{table}",
            web::get().to(practice::show),
        )
        .route("/c/{club}/archive.csv", web::get().to(archive::history_csv))
        .route(
            "/c/{club}/events/{event}/standings",
            web::get().to(standings::page),
        )
        .route(
            "/c/{club}/events/{event}/standings/live",
            web::get().to(standings::live),
        )
        .route(
            "/c/{club}/events/{event}/standings.csv",
            web::get().to(standings::standings_csv),
        )
        .route(
            "/c/{club}/events/{event}/travellers",
            web::get().to(standings::travellers),
        )
        .route(
            "/c/{club}/events/{event}/travellers.csv",
            web::get().to(standings::travellers_csv),
        )
        .route(
            "/c/{club}/events/{event}/scorecards/{number}",
            web::get().to(standings::scorecard),
        )
        .route(
            "/c/{club}/events/{event}/results.pdf",
            web::get().to(standings::results_pdf),
        )
        .route(
            "/c/{club}/events/{event}/hand-records.pdf",
            web::get().to(papers::hand_records),
        )
        .route(
            "/c/{club}/events/{event}/papers/{paper}.pdf",
            web::get().to(papers::download),
        )
        .default_service(web::to(public::not_found));
}
