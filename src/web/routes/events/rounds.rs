//! Round control for the director: the current round, each table's state in it, and
//! starting the next round.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::individual;
use crate::event::club::Club;
use crate::event::game::{EventGame, MovementWords, Word};
use crate::event::movement::movement_kind;
use crate::event::rounds::{OpenGame, TableState, next_round, start_question, table_states};
use crate::event::{Event, EventId};
use crate::movement::Movement;
use crate::print::cards::{self, CardsOptions, TableCard};
use crate::service;
use crate::service::play::MovementChangeError;
use crate::service::tokens::table_code;
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::extract::DirectorEvent;
use crate::web::page::{DIRECTOR_POLL_MS, confirmation, live_json};
use crate::web::page::{Nav, flash, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::round_seats::{Seated, TableSeats, Upcoming};
use crate::web::state::AppState;

/// What the round control shows, for the page and the API.
pub struct RoundView {
    pub current: u32,
    /// The rounds planned (0 before there is a plan).
    pub rounds: u32,
    /// When the current round started (UTC; the page shows it in the club's zone).
    pub started_at: Option<chrono::NaiveDateTime>,
    pub tables: Vec<(u32, TableState, String)>,
    /// The same tables, who sits where, for the API.
    pub seats: Vec<TableSeats>,
    /// Each table's code (its page is /t/<code>).
    pub codes: Vec<(u32, String)>,
    /// The round the director may start now, or why not.
    pub next: Result<u32, String>,
    /// A progressive individual: the next round's seating, once it can be computed (all
    /// results of the current round in), exactly as starting it will store it.
    pub upcoming: Option<Upcoming>,
    /// Whether the table cards exist (a fixed movement's with its plan, a progressive
    /// individual's without) and the guide cards (a fixed movement's only).
    pub table_cards: bool,
    pub guide_cards: bool,
    /// A progressive individual's tables that may still report their cut, with their codes.
    pub cuts_open: Vec<(u32, String)>,
    /// Every open game of the rounds before the current one (no result, provisional or
    /// disputed), with the director's page to enter, confirm or rule on it (under the
    /// event's path); once play is over, every open game.
    pub still_open: Vec<(OpenGame, String)>,
    pub event_id: EventId,
    /// Whether the event is running (once it is over, no round "is being played").
    pub running: bool,
    /// A progressive individual: how its players move, in its game's words.
    pub moves: Option<MovementWords>,
}

/// The open games of rounds before the current one, each with its page: the result's, or
/// the ruling page of a board with no result.
async fn still_open(state: &AppState, ev: &Event) -> Result<Vec<(OpenGame, String)>, AppError> {
    let ev2 = ev.clone();
    let open = state
        .db(move |c| Ok(service::play::open_games(c, &ev2)?))
        .await?;
    Ok(open
        .into_iter()
        .filter(|g| g.round < ev.round.current || !ev.status.is_running())
        .map(|g| {
            // Under the event's path (the template adds it).
            let href = match g.result {
                Some(id) => format!("results/{id}"),
                None => format!(
                    "results/board?round={}&table={}&board={}",
                    g.round, g.table, g.board
                ),
            };
            (g, href)
        })
        .collect())
}

pub async fn round_view(state: &AppState, ev: &Event) -> Result<RoundView, AppError> {
    if movement_kind(ev.settings.format()).is_none() {
        let p = individual::round_parts(state, ev).await?;
        let table_cards = !p.codes.is_empty();
        return Ok(RoundView {
            still_open: still_open(state, ev).await?,
            running: ev.status.is_running(),
            event_id: ev.id,
            current: ev.round.current,
            rounds: p.rounds,
            started_at: ev.round.started_at,
            tables: p.tables,
            seats: p.seats,
            codes: p.codes,
            next: p.next,
            upcoming: p.upcoming,
            table_cards,
            guide_cards: false,
            cuts_open: p.cuts_open,
            moves: EventGame::of(&ev.settings).movement_words(ev.settings.side_names().majors()),
        });
    }
    let (club, id) = (ev.club_id, ev.id);
    let service::play::RoundControl {
        movement,
        reported,
        codes,
    } = state
        .db(move |c| Ok(service::play::round_control(c, club, id, table_code)?))
        .await?;
    let now = crate::service::now();
    let game = EventGame::of(&ev.settings);
    let states = match &movement {
        Some(m) => table_states(m, &ev.round, now, &reported),
        None => vec![],
    };
    let seats = match &movement {
        Some(m) => states
            .iter()
            .map(|&(t, state)| {
                let s = m.seating(ev.round.current, t);
                TableSeats {
                    table: t,
                    state,
                    majors: Seated::Entry(s.and_then(|s| s.majors)),
                    minors: Seated::Entry(s.and_then(|s| s.minors)),
                    boards: s.map(|s| s.boards.clone()).unwrap_or_default(),
                    cut: None,
                    players: None,
                }
            })
            .collect(),
        None => vec![],
    };
    Ok(RoundView {
        still_open: still_open(state, ev).await?,
        running: ev.status.is_running(),
        event_id: ev.id,
        current: ev.round.current,
        rounds: movement.as_ref().map_or(0, |m| m.rounds),
        started_at: ev.round.started_at,
        tables: match &movement {
            Some(m) => states
                .into_iter()
                .map(|(t, s)| (t, s, who(m, ev.round.current, t, game.deal())))
                .collect(),
            None => vec![],
        },
        seats,
        codes,
        next: next_round(ev.status, &ev.round, movement.as_ref()).map_err(|e| e.to_string()),
        upcoming: None,
        table_cards: movement.is_some(),
        guide_cards: movement.is_some(),
        cuts_open: vec![],
        moves: None,
    })
}

/// "3 v 8, board 3" for a table in a round ("game 3" for a game dealt at the table).
fn who(m: &Movement, round: u32, table: u32, deal: Word) -> String {
    match m.seating(round, table) {
        Some(s) if s.has_game() => format!(
            "{} v {}, {} {}",
            s.majors.unwrap_or(0),
            s.minors.unwrap_or(0),
            if s.boards.len() > 1 {
                deal.many
            } else {
                deal.one
            },
            s.boards
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => String::new(),
    }
}

#[derive(Template)]
#[template(path = "rounds.html")]
struct RoundsPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    view: RoundView,
    /// The live part: the round and each table's state.
    part: String,
    poll_ms: u64,
}

/// Round control's live part: the round being played and each table's state.
#[derive(Template)]
#[template(path = "_round_tables.html")]
struct RoundTables<'a> {
    club: &'a Club,
    view: &'a RoundView,
}

/// `/c/{club}/events/{event}/rounds/live`: round control's part for the page's script.
pub async fn live(
    state: web::Data<AppState>,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
) -> Result<HttpResponse, AppError> {
    let view = round_view(&state, &ev).await?;
    Ok(live_json(
        &RoundTables {
            club: &d.club,
            view: &view,
        }
        .render()?,
    ))
}

pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let view = round_view(&state, &ev).await?;
    let part = RoundTables {
        club: &d.club,
        view: &view,
    }
    .render()?;
    Ok(html_page(
        StatusCode::OK,
        &RoundsPage {
            nav: Nav::for_director(&session, &d),
            club: d.club.clone(),
            event_id: id,
            event_name: ev.settings.name().to_string(),
            view,
            part,
            poll_ms: DIRECTOR_POLL_MS,
        },
    ))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StartForm {
    pub round: String,
    pub confirm: String,
}

/// What asking to start a round came to.
pub enum Start {
    Started(u32),
    /// Games of the rounds started are open (no result, provisional or disputed) and the
    /// director has not confirmed: every one of them.
    Unconfirmed {
        current: u32,
        open: Vec<OpenGame>,
    },
}

/// Starts round `round` for the page and the API alike: while a game of the rounds started is
/// open, only once the director confirms (the service decides both in the start's own
/// transaction; a progressive individual cannot start the next round before every result of
/// the current one is in: the service refuses, naming the tables).
pub async fn start_round(
    state: &AppState,
    ev: &Event,
    round: u32,
    confirmed: bool,
) -> Result<Start, AppError> {
    let (club, id) = (ev.club_id, ev.id);
    let started = state
        .db(move |c| Ok(service::play::start_round(c, club, id, round, confirmed)))
        .await?;
    match started {
        Ok(r) => Ok(Start::Started(r)),
        Err(MovementChangeError::Unconfirmed { current, open, .. }) => {
            Ok(Start::Unconfirmed { current, open })
        }
        Err(e) => Err(e.into()),
    }
}

pub async fn start(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<StartForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let round: u32 = form
        .round
        .trim()
        .parse()
        .map_err(|_| AppError::Invalid(format!("\"{}\" is not a round number", form.round)))?;
    let rounds_page = format!("{}/rounds", event_path(&d.club, id));
    // Starting play started round 1: a page from before says so, not an error (a later
    // round asked twice is still refused as stale).
    if round == 1 && ev.round.current == 1 && ev.status.is_running() {
        flash(&session, format!("Round {round} has started."));
        return Ok(see_other(&rounds_page));
    }
    match start_round(&state, &ev, round, form.confirm == "yes").await? {
        Start::Unconfirmed { current, open } => Ok(confirmation(
            &session,
            &d,
            format!("Start round {round}"),
            format!(
                "{} Their results can still be entered after the next round starts, on their own phones (their table page lists the round first) or by you, and you can rule on any of them from the results grid.",
                start_question(current, &open)
            ),
            rounds_page.clone(),
            vec![("round", round.to_string())],
            rounds_page,
        )),
        Start::Started(r) => {
            flash(&session, format!("Round {r} has started."));
            Ok(see_other(&rounds_page))
        }
    }
}

/// Which cards a path names.
#[derive(Clone, Copy)]
enum Cards {
    Table,
    Guide,
}

/// `/c/{club}/events/{event}/table-cards.pdf`: one page per table, with its QR code.
pub async fn table_cards(
    state: web::Data<AppState>,
    d: ClubDirector,
    path: web::Path<(String, EventId)>,
) -> Result<HttpResponse, AppError> {
    download(state, d, path.into_inner().1, Cards::Table).await
}

/// `/c/{club}/events/{event}/guide-cards.pdf`: one card per entry.
pub async fn guide_cards(
    state: web::Data<AppState>,
    d: ClubDirector,
    path: web::Path<(String, EventId)>,
) -> Result<HttpResponse, AppError> {
    download(state, d, path.into_inner().1, Cards::Guide).await
}

async fn download(
    state: web::Data<AppState>,
    d: ClubDirector,
    id: EventId,
    which: Cards,
) -> Result<HttpResponse, AppError> {
    let club = d.club.id;
    let service::play::CardsRecord {
        event: ev,
        entries,
        movement,
        codes,
    } = state
        .db(move |c| Ok(service::play::cards_record(c, club, id, table_code)?))
        .await?;
    let base = state.config.base_url();
    let tables: Vec<TableCard> = codes
        .into_iter()
        .map(|(table, code)| TableCard {
            table,
            url: format!("{base}/t/{code}"),
            code,
        })
        .collect();
    let mut options = CardsOptions {
        event_name: ev.settings.name().to_string(),
        date: ev.settings.date().format("%Y-%m-%d").to_string(),
        entry_names: vec![],
        sides: ev.settings.side_names(),
    };
    if movement_kind(ev.settings.format()).is_none() {
        return individual_cards(&ev, entries.len(), tables, options, which).await;
    }
    let movement = movement.ok_or_else(|| {
        AppError::Conflict("This event has no movement yet: make it on the movement page.".into())
    })?;
    options.entry_names = entries
        .iter()
        .map(|e| (e.number as u32, e.name.clone()))
        .collect();
    let (pdf, name) = web::block(move || match which {
        Cards::Table => (
            cards::table_cards(&movement, &tables, &options),
            "table-cards",
        ),
        Cards::Guide => (cards::guide_cards(&movement, &options), "guide-cards"),
    })
    .await?;
    pdf_download(pdf, id, name)
}

/// A progressive individual's table cards: each table's code and QR code with the room's
/// rules, no plan (the seating follows the results). It has no guide cards.
async fn individual_cards(
    ev: &Event,
    players: usize,
    cards: Vec<TableCard>,
    options: CardsOptions,
    which: Cards,
) -> Result<HttpResponse, AppError> {
    if let Cards::Guide = which {
        return Err(AppError::Conflict(
            "A progressive individual is seated round by round from the results, so there are no guide cards: each table's page shows who sits where.".into(),
        ));
    }
    let tables = u32::from(ev.settings.tables());
    let game = EventGame::of(&ev.settings);
    let summary = match game.three_scores() {
        true => format!(
            "{}: {tables} tables of three, {players} players",
            game.label()
        ),
        false => format!("Progressive individual: {tables} tables, {players} players"),
    };
    let mut notes = game
        .movement_words(options.sides.majors())
        .map(|m| m.card_notes)
        .unwrap_or_default();
    notes.push(
        "Scan the code for this round's seating at this table, and to report the score.".into(),
    );
    let pdf =
        web::block(move || cards::code_cards(&cards, tables, &summary, &notes, &options)).await?;
    pdf_download(pdf, ev.id, "table-cards")
}

fn pdf_download(
    pdf: Result<Vec<u8>, cards::CardsError>,
    id: EventId,
    name: &str,
) -> Result<HttpResponse, AppError> {
    let pdf = pdf.map_err(|e| AppError::Conflict(e.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"event-{id}-{name}.pdf\""),
        ))
        .insert_header(("Cache-Control", "private, no-store"))
        .body(pdf))
}
