//! The event's "Seats online" page (#39): for an event played online or as a robot
//! duplicate, each seat of a round with its player, its personal link to copy, its QR code
//! and a Revoke button (the next listing issues the seat a new link), and the round's
//! seat-link slips to print and hand out (a PDF). HTTP only: the seats are
//! `service::seats`, the QR code `print::qr_svg`, the slips `print::seat_slips`.

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::{ClubId, EventId};
use crate::print::qr_svg::qr_svg;
use crate::print::seat_slips::{SeatSlip, SlipsOptions, seat_slips};
use crate::service;
use crate::web::error::AppError;
use crate::web::extract::DirectorEvent;
use crate::web::page::{Nav, flash, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::state::AppState;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RoundQuery {
    round: Option<u32>,
}

/// One seat's row.
pub struct SeatRow {
    pub table: u32,
    pub board: String,
    pub seat: &'static str,
    pub seat_letter: String,
    pub link_board: String,
    pub name: String,
    pub url: Option<String>,
    /// The QR code of the link, an inline SVG (safe: made here from the URL).
    pub qr: Option<String>,
    /// The director seated a robot for the person.
    pub robot_seated: bool,
}

#[derive(Template)]
#[template(path = "seats.html")]
struct SeatsPage {
    nav: Nav,
    event_name: String,
    event_path: String,
    round: u32,
    rounds: Vec<u32>,
    rows: Vec<SeatRow>,
    robots: usize,
    problem: Option<String>,
}

fn seat_word(letter: char) -> &'static str {
    match letter {
        'N' => "North",
        'E' => "East",
        'S' => "South",
        _ => "West",
    }
}

fn site(state: &AppState, req: &HttpRequest) -> String {
    let base = state.config.base_url();
    if !base.is_empty() {
        return base.to_string();
    }
    let info = req.connection_info();
    format!("{}://{}", info.scheme(), info.host())
}

/// The event's rounds, the round asked (within them, 1 unless said) and its seats as
/// listed (issuing any missing link): what the page and the slips both show.
async fn round_listed(
    state: &AppState,
    club: ClubId,
    id: EventId,
    query: &RoundQuery,
) -> Result<
    (
        u32,
        u32,
        Result<Vec<service::seats::ListedSeat>, service::seats::SeatsError>,
    ),
    AppError,
> {
    let rounds = state
        .db(move |c| Ok(service::seats::rounds_of(c, club, id)))
        .await?
        .map_err(AppError::from)?;
    let round = query.round.unwrap_or(1).clamp(1, rounds.max(1));
    let listed = state
        .work(move |pool| Ok(service::seats::seats_of_round(pool, club, id, round)))
        .await?;
    Ok((rounds, round, listed))
}

/// `GET /c/{club}/events/{event}/seats?round=R`.
pub async fn page(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    query: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let (club, id) = (d.club.id, ev.id);
    let (rounds, round, listed) = round_listed(&state, club, id, &query).await?;
    let site = site(&state, &req);
    let (rows, robots, problem) = match listed {
        Ok(seats) => {
            // The seats nobody sits in; a person's seat given to a robot keeps its row.
            let robots = seats.iter().filter(|s| s.entry.is_none()).count();
            let mut rows = vec![];
            for s in seats.into_iter().filter(|s| s.entry.is_some()) {
                let letter = s.seat.letter();
                let url = s.token.as_ref().map(|t| format!("{site}/seat/{t}"));
                let qr = match &url {
                    Some(u) => qr_svg(
                        u,
                        &format!(
                            "QR code of the seat link of table {} {}",
                            s.table,
                            seat_word(letter)
                        ),
                    )
                    .ok(),
                    None => None,
                };
                rows.push(SeatRow {
                    table: s.table,
                    board: s.board.map(|b| b.to_string()).unwrap_or_default(),
                    seat: seat_word(letter),
                    seat_letter: letter.to_string(),
                    link_board: s.link_board.map(|b| b.to_string()).unwrap_or_default(),
                    name: s.name.unwrap_or_default(),
                    url,
                    qr,
                    robot_seated: s.robot_seated,
                });
            }
            (rows, robots, None)
        }
        Err(e) => (vec![], 0, Some(e.to_string())),
    };
    Ok(html_page(
        actix_web::http::StatusCode::OK,
        &SeatsPage {
            nav: Nav::for_director(&session, &d),
            event_name: ev.settings.name().to_string(),
            event_path: event_path(&d.club, id),
            round,
            rounds: (1..=rounds).collect(),
            rows,
            robots,
            problem,
        },
    ))
}

/// `GET /c/{club}/events/{event}/seats/slips.pdf?round=R`: a slip for each person's seat of
/// the round (robots' seats have none), eight to an A4 page, listed as the page lists them
/// (so printing issues any missing link; a revoked link is never printed).
pub async fn slips(
    state: web::Data<AppState>,
    req: HttpRequest,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    query: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let (club, id) = (d.club.id, ev.id);
    let (_, round, seats) = round_listed(&state, club, id, &query).await?;
    let seats = seats.map_err(AppError::from)?;
    let site = site(&state, &req);
    let slips: Vec<SeatSlip> = seats
        .into_iter()
        .filter(|s| s.entry.is_some())
        .filter_map(|s| {
            let token = s.token?;
            Some(SeatSlip {
                round: s.round,
                table: s.table,
                board: s.link_board,
                seat: s.seat,
                name: s.name.unwrap_or_default(),
                url: format!("{site}/seat/{token}"),
            })
        })
        .collect();
    let options = SlipsOptions {
        event_name: ev.settings.name().to_string(),
        date: ev.settings.date().format("%Y-%m-%d").to_string(),
        trumps: ev.settings.game_spec().trumps,
    };
    let pdf = web::block(move || seat_slips(&slips, &options))
        .await?
        .map_err(|e| AppError::Conflict(format!("No seat slips: {e}.")))?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"event-{id}-round-{round}-seat-slips.pdf\""),
        ))
        .insert_header(("Cache-Control", "private, no-store"))
        .body(pdf))
}

#[derive(Deserialize)]
pub struct RevokeForm {
    round: u32,
    table: u32,
    #[serde(default)]
    board: String,
    seat: String,
}

/// `POST /c/{club}/events/{event}/seats/revoke`: the seat's link stops working at once; the
/// page lists the seat again with a new one.
pub async fn revoke(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<RevokeForm>,
) -> Result<HttpResponse, AppError> {
    let (club, id) = (d.club.id, ev.id);
    let RevokeForm {
        round,
        table,
        board,
        seat,
    } = form.into_inner();
    let board = board.trim().parse::<u32>().ok();
    let said = format!(
        "The link of table {table} {} is revoked: the seat has a new one below.",
        seat_word(seat.chars().next().unwrap_or('W'))
    );
    state
        .db(move |c| {
            Ok(service::seats::revoke(
                c, club, id, round, table, board, &seat,
            )?)
        })
        .await?;
    flash(&session, said);
    Ok(see_other(&format!(
        "{}/seats?round={round}",
        event_path(&d.club, id)
    )))
}

#[derive(Deserialize)]
pub struct RobotForm {
    round: u32,
    table: u32,
    seat: String,
    /// "1": seat a robot for the person; anything else: give the seat back.
    #[serde(default)]
    robot: String,
}

/// `POST /c/{club}/events/{event}/seats/robot`: a robot plays the person's seat (a player
/// who left for good or never came), or the seat goes back to them; the page again.
pub async fn robot(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<RobotForm>,
) -> Result<HttpResponse, AppError> {
    let (club, id) = (d.club.id, ev.id);
    let RobotForm {
        round,
        table,
        seat,
        robot,
    } = form.into_inner();
    let asked = service::seats::RobotSeat {
        round,
        table,
        board: None,
        seat,
        robot: robot.trim() == "1",
    };
    let seat = state
        .work(move |pool| Ok(service::seats::seat_robot(pool, club, id, &asked)))
        .await??;
    state.robots.wake();
    let place = format!("Table {table} {}", seat_word(seat.seat.letter()));
    let name = seat.name.unwrap_or_default();
    flash(
        &session,
        if seat.robot_seated {
            format!("{place}: a robot plays for {name} from the next card.")
        } else {
            format!("{place}: {name} plays the seat again from the next card.")
        },
    );
    Ok(see_other(&format!(
        "{}/seats?round={round}",
        event_path(&d.club, id)
    )))
}
