//! Round control for the director: the current round, each table's state in it, and
//! starting the next round.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::club::Club;
use crate::event::clock::TimingDraft;
use crate::event::game::EventGame;
use crate::event::movement::movement_kind;
use crate::event::rounds::start_question;
use crate::event::{Event, EventId};
use crate::print::cards::{self, CardsOptions, TableCard};
use crate::service;
use crate::service::tokens::table_code;
use crate::web::auth::{ClubDirector, MaybeDirector};
use crate::web::error::AppError;
use crate::web::extract::DirectorEvent;
use crate::web::page::{DIRECTOR_POLL_MS, confirmation, live_json};
use crate::web::page::{Nav, flash, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::round_control::*;
use crate::web::state::AppState;

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
    /// The room clock: its line (live) and the director's controls.
    clock: ClockPart,
    clock_line: String,
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
    let clock = clock_part(&state, &ev).await?;
    let clock_line = ClockLine { c: &clock }.render()?;
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
            clock,
            clock_line,
        },
    ))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StartForm {
    pub round: String,
    pub confirm: String,
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
        boards_travel: EventGame::of(&ev.settings).papers(),
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

/// The room clock's page (issue #38), for a projector or a laptop at the front: the round,
/// the time left in the phase, the phase, the announcement, at the change who goes where,
/// and the late tables. Whoever may see the event page may see it.
#[derive(Template)]
#[template(path = "clock.html")]
struct ClockPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    part: String,
    sound: bool,
    poll_ms: u64,
}

/// The clock's live part (also the page's first).
#[derive(Template)]
#[template(path = "_clock.html")]
struct ClockFace<'a> {
    c: &'a ClockPart,
}

/// Round control's one line of the clock.
#[derive(Template)]
#[template(path = "_clock_line.html")]
struct ClockLine<'a> {
    c: &'a ClockPart,
}

/// The public clock: the club by its address, the event page's visibility rule.
async fn public_clock(
    state: &AppState,
    viewer: &MaybeDirector,
    slug: String,
    id: String,
) -> Result<(Club, EventId, String, ClockPart), AppError> {
    let id: EventId = id.parse().map_err(|_| AppError::NotFound)?;
    let now = state.now();
    let (club, room) = state
        .db(move |c| Ok(service::clock::clock_by_slug(c, &slug, id, now)?))
        .await?;
    if !room.event.exposure().event_visible(viewer.toward(club.id)) {
        return Err(AppError::NotFound);
    }
    let name = room.event.settings.name().to_string();
    Ok((club, id, name, ClockPart::of(&room)))
}

/// `/c/{club}/events/{event}/clock`.
pub async fn clock_page(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, id) = path.into_inner();
    let (club, event_id, event_name, c) = public_clock(&state, &viewer, slug, id).await?;
    let part = ClockFace { c: &c }.render()?;
    Ok(html_page(
        StatusCode::OK,
        &ClockPage {
            nav: Nav::new(&session, &viewer),
            club,
            event_id,
            event_name,
            part,
            sound: c.sound,
            poll_ms: DIRECTOR_POLL_MS,
        },
    ))
}

/// `/c/{club}/events/{event}/clock/live`: the clock's part and its figures, for the page's
/// script to count down between polls.
pub async fn clock_live(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, id) = path.into_inner();
    let (_, _, _, c) = public_clock(&state, &viewer, slug, id).await?;
    let html = ClockFace { c: &c }.render()?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(serde_json::json!({
            "html": html,
            "on": c.on,
            "round": c.round,
            "phase": c.phase,
            "phase_left": c.phase_left,
            "round_left": c.round_left,
            "over_by": c.over_by,
            "paused": c.paused,
            "announcement": c.announcement,
            "sound": c.sound,
        })))
}

/// `/c/{club}/events/{event}/clock/line`: round control's live line of the clock.
pub async fn clock_line(
    state: web::Data<AppState>,
    DirectorEvent { event: ev, .. }: DirectorEvent,
) -> Result<HttpResponse, AppError> {
    let c = clock_part(&state, &ev).await?;
    Ok(live_json(&ClockLine { c: &c }.render()?))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ClockForm {
    /// "pause", "resume" or "extend".
    pub act: String,
    /// Extend: the minutes to add (5 when empty).
    pub minutes: String,
}

/// `POST /c/{club}/events/{event}/clock`: pause, resume or extend the round's clock.
pub async fn clock_act(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<ClockForm>,
) -> Result<HttpResponse, AppError> {
    let (club, id, now) = (ev.club_id, ev.id, state.now());
    let said = match form.act.as_str() {
        "pause" => {
            state
                .db(move |c| Ok(service::clock::pause(c, club, id, now)?))
                .await?;
            "The clock is paused.".to_string()
        }
        "resume" => {
            state
                .db(move |c| Ok(service::clock::resume(c, club, id, now)?))
                .await?;
            "The clock runs again.".to_string()
        }
        "extend" => {
            let typed = form.minutes.trim();
            let minutes: u32 = if typed.is_empty() {
                5
            } else {
                typed.parse().map_err(|_| {
                    AppError::Invalid(format!(
                        "\"{}\" is not a number of minutes",
                        typed.chars().take(20).collect::<String>()
                    ))
                })?
            };
            state
                .db(move |c| Ok(service::clock::extend(c, club, id, minutes)?))
                .await?;
            format!("The round has {minutes} more minutes to play.")
        }
        other => {
            return Err(AppError::Invalid(format!(
                "\"{}\" is not something the clock does: pause, resume or extend",
                other.chars().take(20).collect::<String>()
            )));
        }
    };
    flash(&session, said);
    Ok(see_other(&format!("{}/rounds", event_path(&d.club, id))))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct TimingForm {
    pub game_minutes: String,
    pub rebuild_minutes: String,
    pub move_minutes: String,
    /// A checkbox: "on" when ticked.
    pub clock_sound: String,
}

/// `POST /c/{club}/events/{event}/clock/timing`: the minutes per game, rebuild and move of
/// the rounds started from now on, and the clock's sound.
pub async fn clock_timing(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<TimingForm>,
) -> Result<HttpResponse, AppError> {
    let (club, id) = (ev.club_id, ev.id);
    let draft = TimingDraft {
        game: form.game_minutes.clone(),
        rebuild: form.rebuild_minutes.clone(),
        moves: form.move_minutes.clone(),
        sound: !form.clock_sound.is_empty(),
    };
    let t = state
        .db(move |c| Ok(service::clock::set_timing(c, club, id, &draft)?))
        .await?;
    flash(
        &session,
        format!(
            "Rounds started from now on: {} min a game, {} min a rebuild, {} min to move.",
            t.game_minutes, t.rebuild_minutes, t.move_minutes
        ),
    );
    Ok(see_other(&format!("{}/rounds", event_path(&d.club, id))))
}
