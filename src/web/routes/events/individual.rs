//! The progressive individual on the site: the director sets the rounds and round 1's table
//! sizes and sees round 1's seating; round control and the table pages use the seating
//! texts below and [`round_parts`]. No other route file is imported here.

use std::collections::BTreeMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::club::Club;
use crate::event::entries::Entry;
use crate::event::game::{EventGame, MovementWords};
use crate::event::individual::{
    DEFAULT_ROUNDS, IndividualOptions, IndividualPlan, IndividualPlanError, options_open,
};
use crate::event::rounds::{TableState, next_round_of, table_states_with};
use crate::event::settings::EventFormat;
use crate::event::{Event, EventId};
use crate::movement::threes::ThreesRound;
use crate::movement::{IndividualRound, IndividualSide, IndividualTable, progressive_board};
use crate::service::play::{CutChangeError, IndividualChangeError};
use crate::service::tokens::table_code;
use crate::service::{self, ActionError, ErrorKind};
use crate::web::auth::ClubDirector;
use crate::web::error::{AppError, status_of};
use crate::web::extract::{DirectorEvent, load_event};
use crate::web::page::{FieldErrors, Nav, flash, number_list, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::round_seats::{Seated, TableSeats, Upcoming};
use crate::web::state::AppState;

/// Entry (player) numbers to names.
pub fn names(entries: &[Entry]) -> BTreeMap<u32, String> {
    entries
        .iter()
        .map(|e| (e.number as u32, e.name.clone()))
        .collect()
}

fn player(n: u32, names: &BTreeMap<u32, String>) -> String {
    match names.get(&n) {
        Some(name) => format!("{n} {name}"),
        None => n.to_string(),
    }
}

/// "1 Ann Lee, 2 Bob Ray", and for a side of three who sits out each deal.
pub fn side_text(side: &IndividualSide, names: &BTreeMap<u32, String>) -> String {
    let players = side
        .players
        .iter()
        .map(|p| player(*p, names))
        .collect::<Vec<_>>()
        .join(", ");
    match side.sit_out {
        Some(out) => format!("{players} (sitting out deals 1-4: {})", sit_out_text(&out)),
        None => players,
    }
}

pub fn sit_out_text(out: &[u32; 4]) -> String {
    out.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A table of three in a line: its players by position, the first dealer named.
pub fn threes_text(players: [u32; 3], names: &BTreeMap<u32, String>) -> String {
    players
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let first = if i == 0 { " (deals first)" } else { "" };
            format!("position {}: {}{first}", i + 1, player(p, names))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Round control of Auction Calypso's tables of three: the current round's tables and the
/// next round's as soon as every table's scores are in.
fn threes_parts(
    ev: &Event,
    st: &service::play::IndividualState,
    codes: Vec<(u32, String)>,
    reported: &[crate::event::rounds::Reported],
) -> RoundParts {
    let tables = u32::from(ev.settings.tables());
    let names = names(&st.entries);
    let current = st.threes.iter().find(|r| r.round() == ev.round.current);
    let states = table_states_with(tables, &ev.round, crate::service::now(), reported, |t| {
        current.is_some_and(|r| r.table(t).is_some())
    });
    let seats_of = |r: &ThreesRound, states: &[(u32, TableState)]| -> Vec<TableSeats> {
        r.tables()
            .iter()
            .enumerate()
            .map(|(i, &players)| {
                let table = i as u32 + 1;
                TableSeats {
                    table,
                    state: states
                        .iter()
                        .find(|(n, _)| *n == table)
                        .map_or(TableState::NoGame, |(_, s)| *s),
                    majors: Seated::Entry(None),
                    minors: Seated::Entry(None),
                    boards: vec![progressive_board(tables, r.round(), table)],
                    cut: None,
                    players: Some(players),
                }
            })
            .collect()
    };
    let rounds = st.rounds();
    let next = next_round_of(ev.status, &ev.round, rounds.clone());
    let seating = st.next_threes(ev);
    let upcoming = match rounds {
        Ok(r) if ev.round.current < r => seating.as_ref().ok().map(|u| Upcoming {
            round: u.round(),
            tables: u
                .tables()
                .iter()
                .enumerate()
                .map(|(i, &t)| (i as u32 + 1, threes_text(t, &names)))
                .collect(),
            seats: seats_of(u, &[]),
        }),
        _ => None,
    };
    let next = next.and_then(|n| seating.map(|_| n));
    RoundParts {
        rounds: rounds.unwrap_or(0),
        tables: states
            .iter()
            .map(|&(t, s)| {
                let text = current
                    .and_then(|r| r.table(t))
                    .map(|p| threes_text(p, &names))
                    .unwrap_or_default();
                (t, s, text)
            })
            .collect(),
        seats: current.map(|r| seats_of(r, &states)).unwrap_or_default(),
        cuts_open: vec![],
        codes,
        next: next.map_err(|e| e.to_string()),
        upcoming,
    }
}

/// One table's seating in a line: both sides by name, and its board.
pub fn seating_text(t: &IndividualTable, names: &BTreeMap<u32, String>, board: u32) -> String {
    format!(
        "majors {} v minors {}, board {board}",
        side_text(&t.majors, names),
        side_text(&t.minors, names)
    )
}

#[derive(Template)]
#[template(path = "individual.html")]
struct IndividualPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    tables: u16,
    entries: usize,
    can_change: bool,
    plan: Option<IndividualPlan>,
    /// Round 1's seating by table, or why it cannot be shown yet.
    first_round: Result<Vec<(u32, String)>, String>,
    form: IndividualForm,
    errors: FieldErrors,
    /// How the players move, in the game's words.
    moves: MovementWords,
    /// A game dealt at the table (Auction): no boards.
    dealt_at_table: bool,
}

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct IndividualForm {
    pub rounds: String,
    pub table_sizes: String,
}

impl IndividualForm {
    fn from_options(o: &IndividualOptions) -> IndividualForm {
        IndividualForm {
            rounds: o.rounds.map(|r| r.to_string()).unwrap_or_default(),
            table_sizes: o
                .table_sizes
                .as_ref()
                .map(|s| s.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
                .unwrap_or_default(),
        }
    }

    fn options(&self) -> Result<IndividualOptions, FieldErrors> {
        let mut errors = FieldErrors::default();
        let rounds = match self.rounds.trim() {
            "" => None,
            t => t
                .parse()
                .map_err(|_| {
                    errors.add(
                        "rounds",
                        format!(
                            "\"{t}\" is not a whole number: leave it empty for {DEFAULT_ROUNDS}"
                        ),
                    )
                })
                .ok(),
        };
        let (sizes, bad) = number_list(&self.table_sizes);
        for part in bad {
            errors.add(
                "table_sizes",
                format!("\"{part}\" is not a number of players: list them like 5, 4, 4"),
            );
        }
        if errors.is_empty() {
            Ok(IndividualOptions {
                rounds,
                table_sizes: (!sizes.is_empty()).then_some(sizes),
            })
        } else {
            Err(errors)
        }
    }
}

async fn render(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    id: EventId,
    form: Option<IndividualForm>,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let ev = load_event(state, d.club.id, id).await?;
    if ev.settings.format() != EventFormat::ProgressiveIndividual {
        return Err(AppError::NotFound);
    }
    let at = ev.clone();
    let st = state
        .db(move |c| Ok(service::play::individual_state(c, &at)?))
        .await?;
    let names = names(&st.entries);
    let tables = u32::from(ev.settings.tables());
    let game = EventGame::of(&ev.settings);
    let first_round = if game.three_scores() {
        match st.threes.iter().find(|r| r.round() == 1) {
            Some(r) => Ok(r.clone()),
            None if st.options.is_none() => Err("Set the rounds first.".to_string()),
            None if ev.round.current == 0 => st.next_threes(&ev).map_err(|e| e.to_string()),
            None => Err("Round 1's seating was not stored.".to_string()),
        }
        .map(|r| {
            r.tables()
                .iter()
                .enumerate()
                .map(|(i, &t)| (i as u32 + 1, threes_text(t, &names)))
                .collect()
        })
    } else {
        fours_first_round(&ev, &st, &names, tables)
    };
    let form = form.unwrap_or_else(|| {
        st.options
            .as_ref()
            .map(|(o, _)| IndividualForm::from_options(o))
            .unwrap_or_default()
    });
    let page = IndividualPage {
        nav: Nav::for_director(session, d),
        club: d.club.clone(),
        event_id: id,
        event_name: ev.settings.name().to_string(),
        tables: ev.settings.tables(),
        entries: st.entries.len(),
        can_change: options_open(ev.status, ev.round.current),
        plan: st.options.map(|(_, p)| p),
        first_round,
        form,
        errors,
        moves: game
            .movement_words(ev.settings.side_names().majors())
            .ok_or_else(|| AppError::NotFound)?,
        dealt_at_table: game.dealt_at_table(),
    };
    let status = page.errors.status();
    Ok(html_page(status, &page))
}

/// `/c/{club}/events/{event}/individual`: the options and round 1's seating.
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, EventId)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    render(&state, &session, &d, id, None, FieldErrors::default()).await
}

/// The director sets (or changes, until round 1 starts) the rounds and table sizes.
pub async fn set(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<IndividualForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    // Another club's event is not found before anything is read from the form.
    let form = form.into_inner();
    let options = match form.options() {
        Ok(o) => o,
        Err(errors) => return render(&state, &session, &d, id, Some(form), errors).await,
    };
    let club = d.club.id;
    let set = state
        .db(move |c| Ok(service::play::set_individual_options(c, club, id, &options)))
        .await?;
    match set {
        Ok(plan) => {
            flash(
                &session,
                format!(
                    "{} rounds at {} tables of {}: {} boards.",
                    plan.rounds,
                    plan.tables(),
                    plan.table_sizes
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    plan.boards()
                ),
            );
            Ok(see_other(&format!(
                "{}/individual",
                event_path(&d.club, id)
            )))
        }
        Err(IndividualChangeError::Refused(e)) => {
            let field = match e {
                IndividualPlanError::Rounds(_) => "rounds",
                _ => "table_sizes",
            };
            render(
                &state,
                &session,
                &d,
                id,
                Some(form),
                FieldErrors::one(field, e),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

/// Round 1 of a progressive individual at tables of four to six, by table, or why not yet.
fn fours_first_round(
    ev: &Event,
    st: &service::play::IndividualState,
    names: &BTreeMap<u32, String>,
    tables: u32,
) -> Result<Vec<(u32, String)>, String> {
    match st.seated.iter().find(|r| r.round == 1) {
        Some(r) => Ok(r.clone()),
        None if st.options.is_none() => Err("Set the rounds and table sizes first.".to_string()),
        None if ev.round.current == 0 => st.next_seating(ev).map_err(|e| e.to_string()),
        None => Err("Round 1's seating was not stored.".to_string()),
    }
    .map(|r| {
        r.tables
            .iter()
            .map(|t| {
                (
                    t.table,
                    seating_text(t, names, progressive_board(tables, 1, t.table)),
                )
            })
            .collect()
    })
}

/// Round control's view of a progressive individual (rounds.rs wraps it in its `RoundView`).
pub struct RoundParts {
    pub rounds: u32,
    pub tables: Vec<(u32, TableState, String)>,
    pub seats: Vec<TableSeats>,
    pub codes: Vec<(u32, String)>,
    pub next: Result<u32, String>,
    pub upcoming: Option<Upcoming>,
    /// Tables that may still report their cut, with their codes.
    pub cuts_open: Vec<(u32, String)>,
}

/// Round control of a progressive individual: the stored seating of the current round, and
/// the next round's as soon as it can be computed.
pub async fn round_parts(state: &AppState, ev: &Event) -> Result<RoundParts, AppError> {
    let (club, id, tables) = (ev.club_id, ev.id, u32::from(ev.settings.tables()));
    let at = ev.clone();
    let (st, codes, reported) = state
        .db(move |c| {
            let st = service::play::individual_state(c, &at)?;
            let codes = match &st.options {
                Some(_) => service::play::table_codes(c, club, id, tables, table_code)?,
                None => vec![],
            };
            let reported = service::play::reported_tables(c, club, id)?;
            Ok((st, codes, reported))
        })
        .await?;
    if EventGame::of(&ev.settings).three_scores() {
        return Ok(threes_parts(ev, &st, codes, &reported));
    }
    let names = names(&st.entries);
    let current = st.seated.iter().find(|r| r.round == ev.round.current);
    let states = table_states_with(tables, &ev.round, crate::service::now(), &reported, |t| {
        current.is_some_and(|r| r.table(t).is_some())
    });
    let board = |round: u32, table: u32| progressive_board(tables, round, table);
    let seats_of = |r: &IndividualRound, states: &[(u32, TableState)]| -> Vec<TableSeats> {
        r.tables
            .iter()
            .map(|t| TableSeats {
                table: t.table,
                state: states
                    .iter()
                    .find(|(n, _)| *n == t.table)
                    .map_or(TableState::NoGame, |(_, s)| *s),
                majors: Seated::Players {
                    players: t.majors.players.clone(),
                    sit_out: t.majors.sit_out,
                },
                minors: Seated::Players {
                    players: t.minors.players.clone(),
                    sit_out: t.minors.sit_out,
                },
                boards: vec![board(r.round, t.table)],
                cut: Some((t.cut.clone(), t.cut_reported)),
                players: None,
            })
            .collect()
    };
    let rounds = st.rounds();
    let next = next_round_of(ev.status, &ev.round, rounds.clone());
    let seating = st.next_seating(ev);
    // The next seating is shown whenever it can be computed and a next round is planned,
    // also before the event runs (round 1).
    let upcoming = match rounds {
        Ok(r) if ev.round.current < r => seating.as_ref().ok().map(|u| Upcoming {
            round: u.round,
            tables: u
                .tables
                .iter()
                .map(|t| (t.table, seating_text(t, &names, board(u.round, t.table))))
                .collect(),
            seats: seats_of(u, &[]),
        }),
        _ => None,
    };
    // Starting needs the next seating: say why it cannot be made, if it cannot.
    let next = next.and_then(|n| seating.map(|_| n));
    Ok(RoundParts {
        rounds: rounds.unwrap_or(0),
        tables: match current {
            Some(r) => states
                .iter()
                .map(|&(t, s)| {
                    let text = r
                        .table(t)
                        .map(|x| seating_text(x, &names, board(r.round, t)))
                        .unwrap_or_default();
                    (t, s, text)
                })
                .collect(),
            None => states.iter().map(|&(t, s)| (t, s, String::new())).collect(),
        },
        seats: current.map(|r| seats_of(r, &states)).unwrap_or_default(),
        cuts_open: cuts_open(ev, &st.seated, &st.scores, &codes),
        codes,
        next: next.map_err(|e| e.to_string()),
        upcoming,
    })
}

/// A refused cut as the API and the table page answer it: a round or table that does not
/// exist is 404, a cut that is not the table's players 422, a cut that comes too late 409.
pub fn cut_refusal(e: CutChangeError) -> Result<(StatusCode, String), AppError> {
    match e.kind() {
        kind @ (ErrorKind::Invalid | ErrorKind::Conflict) => Ok((status_of(kind), e.to_string())),
        _ => Err(e.into()),
    }
}

/// The tables of the round being played that may still report their cut (no result yet),
/// with their codes: round control links each to its table page's cut form.
pub fn cuts_open(
    ev: &Event,
    seated: &[IndividualRound],
    scores: &[(u32, u32, i64, i64)],
    codes: &[(u32, String)],
) -> Vec<(u32, String)> {
    if ev.status != crate::event::EventStatus::Running {
        return vec![];
    }
    let Some(r) = seated.iter().find(|r| r.round == ev.round.current) else {
        return vec![];
    };
    codes
        .iter()
        .filter(|(t, _)| {
            r.table(*t).is_some() && !scores.iter().any(|s| s.0 == ev.round.current && s.1 == *t)
        })
        .cloned()
        .collect()
}
