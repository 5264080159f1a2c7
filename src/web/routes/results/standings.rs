//! An event's standings as the site shows them: read through the in-memory cache, so that a
//! room of phones polling the live standings costs one computation per change.

use std::sync::Arc;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::event::club::Club;
use crate::event::game::EventGame;
use crate::event::par::{self, EventPars};
use crate::event::results::Publication;
use crate::event::seats::SideNames;
use crate::event::standings::{EventStandings, Scorecard, export};
use crate::event::{Event, EventId, Viewer};
use crate::print::results as print;
use crate::service;
use crate::web::auth::MaybeDirector;
use crate::web::error::AppError;
use crate::web::page::Nav;
use crate::web::render::html_page;
use crate::web::standings_cache::{Computed, View};
use crate::web::standings_view::computed;
use crate::web::standings_view::{POLL_MS, base_of, club_event};
use crate::web::state::AppState;

/// The event of a public standings path, if the viewer may see it.
async fn visible_event(
    state: &AppState,
    viewer: &MaybeDirector,
    slug: String,
    event: &str,
) -> Result<(Club, Event, Viewer), AppError> {
    let (club, ev) = club_event(state, slug, event).await?;
    let who = viewer.toward(club.id);
    if !ev.exposure().event_visible(who) {
        return Err(AppError::NotFound);
    }
    Ok((club, ev, who))
}

/// A public standings path's computed standings. An anonymous viewer's come from the cache
/// after one primary-key read, the event's version (a room of phones polling).
async fn load(
    state: &AppState,
    viewer: &MaybeDirector,
    path: (String, String),
) -> Result<Arc<Computed>, AppError> {
    let (slug, event) = path;
    if viewer.0.is_none() {
        let id: EventId = event.parse().map_err(|_| AppError::NotFound)?;
        let version = state
            .db(move |c| Ok(service::standings::event_version(c, id)?))
            .await?
            .ok_or(AppError::NotFound)?;
        if let Some(c) = state
            .standings
            .get((id, View::Public), version)
            .filter(|c| c.club.slug == slug)
        {
            return Ok(c);
        }
    }
    let (club, ev, who) = visible_event(state, viewer, slug, &event).await?;
    computed(state, club, ev, who).await
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage<'a> {
    nav: Nav,
    base: &'a str,
    event_name: &'a str,
    part: String,
    /// How often the page asks for news (milliseconds).
    poll_ms: u64,
}

/// `/c/{club}/events/{event}/standings`: the standings, live while the event runs.
pub async fn page(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let l = load(&state, &viewer, path.into_inner()).await?;
    let base = base_of(&l.club, &l.ev);
    let part = l.part.clone();
    Ok(html_page(
        StatusCode::OK,
        &StandingsPage {
            nav: Nav::reading(&session, &viewer),
            base: &base,
            event_name: l.ev.settings.name(),
            part,
            poll_ms: POLL_MS,
        },
    ))
}

/// `/c/{club}/events/{event}/standings/live`: the standings part for the page's script.
pub async fn live(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let l = load(&state, &viewer, path.into_inner()).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .content_type("application/json")
        .body(l.live_json.clone()))
}

/// The event's robot pars, where this viewer may see them (else `EventPars::None`).
async fn pars_for(
    state: &AppState,
    viewer: &MaybeDirector,
    ev: &Event,
) -> Result<EventPars, AppError> {
    if !ev.exposure().robot_par_visible(viewer.toward(ev.club_id)) {
        return Ok(EventPars::unshown(EventGame::of(&ev.settings)));
    }
    let (ev, working) = (ev.clone(), state.pars.working());
    state
        .db(move |c| Ok(service::pars::event_pars(c, &ev, working)?))
        .await
}

#[derive(Template)]
#[template(path = "travellers.html")]
struct TravellersPage<'a> {
    nav: Nav,
    /// Results in whose boards some table still has to play: held back from this viewer.
    held_back: usize,
    /// A heat of a simultaneous event (its boards wait for the whole field).
    heat: bool,
    base: &'a str,
    event_name: &'a str,
    standings: &'a EventStandings,
    /// What players call the two sides ("N-S ♠♥", "E-W ♦♣").
    seat_names: SideNames,
    /// Each board's robot par, once the hand records are released (directors: any time).
    pars: EventPars,
    /// A robot duplicate's window in words, in the club's time (the standings' line).
    window: Option<String>,
    /// The results are sealed from this viewer until the window closes.
    sealed: bool,
}

impl TravellersPage<'_> {
    /// Whether any board's par is shown: the column is there only then.
    fn with_par(&self) -> bool {
        matches!(&self.pars, EventPars::Boards { stored, .. } if !stored.is_empty())
    }

    /// "net +520": the board's par net, majors less minors; "total 3,940" for cooperative
    /// Calypso's table total.
    fn par_net(&self, board: &u32) -> Option<String> {
        self.pars.heading(*board)
    }

    /// "+340": a table's net (a cooperative table's total) less the board's par; none for
    /// an adjusted result.
    fn against(&self, board: &u32, l: &crate::event::standings::TravellerLine) -> Option<String> {
        l.net?;
        Some(par::signed(self.pars.against_shown(
            *board,
            &l.majors_score,
            &l.minors_score,
        )?))
    }

    /// The event's game gets no robot par: the page says so.
    fn no_par(&self) -> Option<&'static str> {
        self.pars.not_this_game().then_some(par::NO_PAR_FOR_GAME)
    }
}

/// `/c/{club}/events/{event}/travellers`: every board's results, with its nets charted.
pub async fn travellers(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let l = load(&state, &viewer, path.into_inner()).await?;
    let base = base_of(&l.club, &l.ev);
    let pars = pars_for(&state, &viewer, &l.ev).await?;
    Ok(html_page(
        StatusCode::OK,
        &TravellersPage {
            pars,
            nav: Nav::reading(&session, &viewer),
            base: &base,
            event_name: l.ev.settings.name(),
            standings: &l.view,
            seat_names: l.ev.settings.side_names(),
            held_back: l
                .scores
                .results
                .iter()
                .filter(|r| l.scores.hidden_boards.contains(&r.place.board))
                .count(),
            heat: l.ev.sim.is_some(),
            window: l
                .view
                .window
                .map(|w| w.words(&l.club.time_zone.show(w.closes, "%Y-%m-%d %H:%M"))),
            sealed: l.view.window.is_some_and(|w| w.sealed),
        },
    ))
}

#[derive(Template)]
#[template(path = "scorecard.html")]
struct ScorecardPage<'a> {
    nav: Nav,
    base: &'a str,
    event_name: &'a str,
    provisional: bool,
    card: &'a Scorecard,
    kind: &'a str,
    /// What players call the two sides ("N-S ♠♥", "E-W ♦♣").
    seat_names: SideNames,
    /// Embers: each scored row's game hand by hand, the entry's own points ("190 · 250 ·
    /// 80 · 730"), by row.
    hands: Vec<Option<String>>,
    /// Each row's result against the robots from the entry's own side, by row; the
    /// column is there only when some row has one.
    against: Vec<Option<i64>>,
    /// "v robots" is the table's total less the par total (cooperative Calypso), not its
    /// net less the par net.
    by_total: bool,
    /// The game's words: a game dealt at the table has no boards.
    game: EventGame,
}

impl ScorecardPage<'_> {
    fn with_par(&self) -> bool {
        self.against.iter().any(Option::is_some)
    }

    /// The event's game gets no robot par: the page says so.
    fn no_par(&self) -> Option<&'static str> {
        (!self.game.robot_par()).then_some(par::NO_PAR_FOR_GAME)
    }

    /// Row `i`'s result against the robots: "+340".
    fn against_of(&self, i: &usize) -> Option<String> {
        Some(par::signed((*self.against.get(*i)?)?))
    }

    /// "+560 against the robots over 3 boards".
    fn against_total(&self) -> String {
        let figures: Vec<i64> = self.against.iter().flatten().copied().collect();
        let n = figures.len();
        format!(
            "{} over {n} {}",
            par::against_words(figures.iter().fold(0i64, |a, b| a.saturating_add(*b))),
            if n == 1 { "board" } else { "boards" }
        )
    }

    /// Row `i`'s game hand by hand, if it has one.
    fn hands_of(&self, i: &usize) -> Option<&str> {
        self.hands.get(*i)?.as_deref()
    }
}

/// `/c/{club}/events/{event}/scorecards/{number}`: one entry's evening, round by round.
pub async fn scorecard(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, event, number) = path.into_inner();
    let number: u32 = number.parse().map_err(|_| AppError::NotFound)?;
    let l = load(&state, &viewer, (slug, event)).await?;
    let card = l
        .view
        .scorecards
        .iter()
        .find(|c| c.number == number)
        .ok_or(AppError::NotFound)?;
    let base = base_of(&l.club, &l.ev);
    let hands = if EventGame::of(&l.ev.settings).dealt_at_table() {
        let ev = l.ev.clone();
        let games = state
            .db(move |c| Ok(service::standings::reports_of_entry(c, &ev, number)?))
            .await?;
        let spec = l.ev.settings.game_spec();
        let m = spec.majors_side();
        card.rows
            .iter()
            .map(|r| {
                let shown = r.state == crate::event::standings::RowState::Scored;
                let (_, at, report) = games
                    .iter()
                    .find(|(p, _, _)| shown && Some(p.table) == r.table && p.round == r.round)?;
                // Each hand's points for the entry: its side's (Embers), its position's
                // at a table of three (Auction).
                let breakdown = service::results::breakdown(&l.ev.settings, report);
                let points: Vec<i64> = if EventGame::of(&l.ev.settings).three_scores() {
                    crate::event::forms::auction::auction_report(breakdown.as_ref())
                        .iter()
                        .filter_map(|h| h.points.get(*at).copied())
                        .collect()
                } else {
                    let side = if *at == 0 { m } else { 1 - m };
                    crate::event::forms::hands::hands_report(breakdown.as_ref())
                        .iter()
                        .map(|h| h.points[side])
                        .collect()
                };
                (!points.is_empty()).then(|| {
                    points
                        .iter()
                        .map(i64::to_string)
                        .collect::<Vec<_>>()
                        .join(" · ")
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    let pars = pars_for(&state, &viewer, &l.ev).await?;
    let against = card
        .rows
        .iter()
        .map(|r| {
            let shown = r.state == crate::event::standings::RowState::Scored;
            pars.own_against(
                r.board.filter(|_| shown)?,
                r.seat?,
                &r.own_score,
                &r.opponents_score,
            )
        })
        .collect();
    Ok(html_page(
        StatusCode::OK,
        &ScorecardPage {
            hands,
            against,
            by_total: pars.by_total(),
            nav: Nav::reading(&session, &viewer),
            base: &base,
            event_name: l.ev.settings.name(),
            provisional: l.view.provisional,
            card,
            kind: l.ev.settings.entry_word(),
            seat_names: l.ev.settings.side_names(),
            game: EventGame::of(&l.ev.settings),
        },
    ))
}

fn download(l: &Computed, content_type: &str, name: &str, body: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"event-{}-{name}\"", l.ev.id),
        ))
        .body(body)
}

/// `/c/{club}/events/{event}/standings.csv`
pub async fn standings_csv(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    csv_of(
        &state,
        &viewer,
        path.into_inner(),
        "standings.csv",
        export::standings_csv,
    )
    .await
}

/// `/c/{club}/events/{event}/travellers.csv`
pub async fn travellers_csv(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    csv_of(
        &state,
        &viewer,
        path.into_inner(),
        "travellers.csv",
        export::travellers_csv,
    )
    .await
}

async fn csv_of(
    state: &AppState,
    viewer: &MaybeDirector,
    path: (String, String),
    name: &str,
    write: fn(&EventStandings) -> String,
) -> Result<HttpResponse, AppError> {
    let l = load(state, viewer, path).await?;
    let body = write(&l.view).into_bytes();
    Ok(download(&l, "text/csv; charset=utf-8", name, body))
}

/// Why the results are provisional, for the PDF's banner: a game with no result, results
/// awaiting agreement (provisional or disputed), play going on, or the correction period and
/// when it ends in the club's time: "provisional until 21:19 AST, the correction period".
fn provisional_why(l: &Computed, now: chrono::NaiveDateTime) -> String {
    use crate::event::results::ResultStatus;
    let mut why = vec![];
    if l.scores.any_missing {
        why.push("a game of the rounds played has no result yet".to_string());
    }
    let waiting = l
        .scores
        .results
        .iter()
        .filter(|r| r.values.status != ResultStatus::Confirmed)
        .count();
    if waiting > 0 {
        why.push(format!(
            "{waiting} result{} await{} agreement",
            if waiting == 1 { "" } else { "s" },
            if waiting == 1 { "s" } else { "" }
        ));
    }
    match l.ev.publication(now) {
        Publication::Live => why.push("play goes on".into()),
        Publication::Correcting { until } => why.push(format!(
            "provisional until {}, the correction period",
            l.club.time_zone.show(until, "%H:%M")
        )),
        Publication::Final => {}
    }
    why.join("; ")
}

/// `/c/{club}/events/{event}/results.pdf`: standings, then travellers, for the notice board.
pub async fn results_pdf(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let l = load(&state, &viewer, path.into_inner()).await?;
    let heading = print::ResultsHeading {
        club: l.club.name.clone(),
        title: l.ev.settings.name().to_string(),
        date: l.ev.settings.date().format("%Y-%m-%d").to_string(),
        provisional: l.view.provisional,
        why: provisional_why(&l, crate::service::now()),
        sides: l.ev.settings.side_names(),
    };
    let pars = pars_for(&state, &viewer, &l.ev).await?;
    let pdf = print::results_pdf_with_pars(&l.view, &heading, &pars).map_err(|e| match e {
        print::ResultsPdfError::NoResults => {
            AppError::Conflict("There are no results to print yet.".into())
        }
        other => AppError::Standings(other.to_string()),
    })?;
    Ok(download(&l, "application/pdf", "results.pdf", pdf))
}
