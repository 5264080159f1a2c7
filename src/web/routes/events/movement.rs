//! The event's movement on the site: the plan as a round-by-table grid and each entry's
//! "where do I go" lines for everyone who may see the event; the director generates it.

use crate::event::scoring_sheet::entry_of;
use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::EventId;
use crate::event::club::Club;
use crate::event::entries::Entry;
use crate::event::game::{EventGame, Word};
use crate::event::movement::MovementChange;
use crate::event::movement::{
    MovementOptions, MovementPatch, PlanError, heat_boards_per_round, movement_kind, movement_open,
    plan_heat,
};
use crate::event::seats::SideNames;
use crate::event::settings::EventSettings;
use crate::movement::{Movement, MovementKind, Side, round_limits};
use crate::service;
use crate::service::play::MovementChangeError;
use crate::web::auth::MaybeDirector;
use crate::web::error::AppError;
use crate::web::extract::DirectorEvent;
use crate::web::page::{FieldErrors, Nav, flash, number_list, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::state::AppState;

/// One cell of the grid: a table in a round.
pub struct Cell {
    pub table: u32,
    pub majors: Option<u32>,
    pub minors: Option<u32>,
    pub boards: String,
}

pub struct GridRow {
    pub round: u32,
    pub cells: Vec<Cell>,
    pub sit_out: Vec<u32>,
    /// Late entries not yet joined and withdrawn ones.
    pub absent: Vec<u32>,
}

/// An entry's evening, round by round.
pub struct Itinerary {
    pub number: u32,
    pub name: String,
    pub lines: Vec<String>,
}

fn boards_text(b: &[u32]) -> String {
    match b {
        [] => "no game".into(),
        [one] => format!("board {one}"),
        [first, .., last] => format!("boards {first}-{last}"),
    }
}

fn grid(m: &Movement) -> Vec<GridRow> {
    (1..=m.rounds)
        .map(|r| GridRow {
            round: r,
            cells: m
                .round(r)
                .map(|s| Cell {
                    table: s.table,
                    majors: s.majors,
                    minors: s.minors,
                    boards: boards_text(&s.boards),
                })
                .collect(),
            sit_out: m.sitting_out(r).collect(),
            absent: m
                .absent
                .iter()
                .filter(|a| a.round == r)
                .map(|a| a.pair)
                .collect(),
        })
        .collect()
}

/// Each entry's rounds, its seats named as players know them ("N-S ♠♥"), the parts of a
/// line kept apart so numbers never run together.
fn itineraries(m: &Movement, entries: &[Entry], sides: &SideNames, entry: Word) -> Vec<Itinerary> {
    (1..=m.pairs)
        .map(|pair| Itinerary {
            number: pair,
            name: entry_of(entries, m, pair)
                .map(|e| e.name.clone())
                .unwrap_or_default(),
            lines: (1..=m.rounds)
                .map(|r| match m.place(r, pair) {
                    Some((t, side)) => {
                        let s = m.seating(r, t);
                        let other = s.and_then(|s| {
                            s.pair(match side {
                                Side::Majors => Side::Minors,
                                Side::Minors => Side::Majors,
                            })
                        });
                        format!(
                            "Round {r}: table {t} · {} · {} · {}",
                            sides.name(side),
                            other.map_or("no opponents".to_string(), |o| format!(
                                "against {} {o}",
                                entry.one
                            )),
                            boards_text(s.map(|s| s.boards.as_slice()).unwrap_or(&[]))
                        )
                    }
                    None if m.is_absent(r, pair) => format!("Round {r}: not playing"),
                    None => format!("Round {r}: sits out"),
                })
                .collect(),
        })
        .collect()
}

/// What the make-the-movement form will use for the entries as they are now, shown before
/// anything is saved: the options typed (or stored), the usual for those left empty.
pub struct Preview {
    pub entries: usize,
    /// The rounds an empty field takes, and the most the tables allow (none for a team
    /// match, whose rounds are its boards).
    pub default_rounds: u32,
    pub max_rounds: Option<u32>,
    /// The boards a round an empty field takes: 1, or for a heat of a simultaneous event
    /// the number that plays the sim's boards at its tables.
    pub default_boards_per_round: u32,
    /// A heat's: the simultaneous event's boards, which its movement plays.
    pub sim_boards: Option<u32>,
    pub numbers: Option<Numbers>,
    /// Why these entries and options make no movement, in the generator's words.
    pub problem: Option<String>,
}

/// The movement's numbers in words for the form.
pub struct Numbers {
    pub kind: &'static str,
    pub tables: u32,
    pub rounds: u32,
    pub boards_per_round: u32,
    pub boards: u32,
    pub pairs: u32,
    pub teams: bool,
    /// Whom each pair meets.
    pub meets: String,
    /// The phantom's number when the pairs are odd.
    pub phantom: Option<u32>,
    /// Who sits out, round by round ("round 1: pair 5").
    pub sit_out: Vec<String>,
}

fn numbers(m: &Movement) -> Numbers {
    let meets = match m.kind {
        MovementKind::TeamMatch => {
            "Each board is played once with each team in the majors seats".to_string()
        }
        _ if m.rounds >= m.tables => "Every pair meets every opposing pair".to_string(),
        _ => format!(
            "Each pair meets {} of the {} opposing pairs",
            m.rounds, m.tables
        ),
    };
    let phantom =
        (m.kind != MovementKind::TeamMatch && m.pairs < 2 * m.tables).then_some(2 * m.tables);
    Numbers {
        kind: m.kind.label(),
        tables: m.tables,
        rounds: m.rounds,
        boards_per_round: m.boards_per_round,
        boards: m.boards,
        pairs: m.pairs,
        teams: m.teams.is_some(),
        meets,
        phantom,
        sit_out: (1..=m.rounds)
            .filter_map(|r| {
                let out: Vec<String> = m.sitting_out(r).map(|p| p.to_string()).collect();
                (!out.is_empty()).then(|| format!("round {r}: pair {}", out.join(", ")))
            })
            .collect(),
    }
}

/// The numbers `options` make for `entries` entries; a form that does not parse shows the
/// usual ones.
fn preview(
    settings: &EventSettings,
    entries: usize,
    options: &MovementOptions,
    sim_boards: Option<u32>,
) -> Option<Preview> {
    let kind = movement_kind(settings.format())?;
    let tables = u32::from(settings.tables());
    let limits = round_limits(kind, tables);
    let (numbers, problem) = match plan_heat(settings, entries, options, sim_boards) {
        Ok((_, m)) => (Some(numbers(&m)), None),
        Err(e) => (None, Some(e.to_string())),
    };
    Some(Preview {
        entries,
        default_rounds: limits.map_or(u32::from(settings.boards()), |l| l.default),
        max_rounds: limits.map(|l| l.max),
        default_boards_per_round: sim_boards
            .and_then(|b| heat_boards_per_round(b, tables))
            .unwrap_or(1),
        sim_boards,
        numbers,
        problem,
    })
}

#[derive(Template)]
#[template(path = "movement.html")]
struct MovementPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    is_director: bool,
    can_change: bool,
    /// Play has started: a change keeps the started rounds and needs a reason.
    running: bool,
    current_round: u32,
    changes: Vec<MovementChange>,
    fixed_kind: bool,
    entries: usize,
    movement: Option<Movement>,
    tables: Vec<u32>,
    grid: Vec<GridRow>,
    itineraries: Vec<Itinerary>,
    /// What players call the two sides ("N-S ♠♥", "E-W ♦♣").
    sides: SideNames,
    /// What an entry is: a pair, or a player (Duet).
    entry: Word,
    form: MovementForm,
    /// The make-the-movement form's numbers, for a director who may make it.
    preview: Option<Preview>,
    /// What an empty "boards a round" takes (the preview's, else 1).
    default_boards_per_round: u32,
    errors: FieldErrors,
}

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct MovementForm {
    pub rounds: String,
    pub boards_per_round: String,
    pub arrow_switch: String,
    /// Why the movement changes after the start.
    pub reason: String,
    /// Set by the "Show the numbers" button: show what the options make, save nothing.
    pub preview: String,
}

impl MovementForm {
    fn from_options(o: &MovementOptions) -> MovementForm {
        MovementForm {
            rounds: o.rounds.map(|r| r.to_string()).unwrap_or_default(),
            boards_per_round: o
                .boards_per_round
                .map(|r| r.to_string())
                .unwrap_or_default(),
            arrow_switch: o
                .arrow_switch
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            reason: String::new(),
            preview: String::new(),
        }
    }

    fn options(&self) -> Result<MovementOptions, FieldErrors> {
        let mut errors = FieldErrors::default();
        let mut number = |field: &str, text: &str| -> Option<u32> {
            let t = text.trim();
            if t.is_empty() {
                return None;
            }
            t.parse()
                .map_err(|_| errors.add(field, "a whole number, or empty for the usual"))
                .ok()
        };
        let rounds = number("rounds", &self.rounds);
        let boards_per_round = number("boards_per_round", &self.boards_per_round);
        let (arrow_switch, bad) = number_list(&self.arrow_switch);
        for part in bad {
            errors.add(
                "arrow_switch",
                format!("\"{part}\" is not a round number: list rounds like 3, 5"),
            );
        }
        if errors.is_empty() {
            Ok(MovementOptions {
                rounds,
                boards_per_round,
                arrow_switch,
            })
        } else {
            Err(errors)
        }
    }
}

async fn render(
    state: &AppState,
    session: &Session,
    viewer: &MaybeDirector,
    club: Club,
    id: EventId,
    form: Option<MovementForm>,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let club_id = club.id;
    let who = viewer.toward(club.id);
    let service::play::MovementRecord {
        event: ev,
        entries,
        movement: found,
        changes,
        sim_boards,
    } = state
        .db(move |c| Ok(service::play::movement_record(c, club_id, id)?))
        .await?;
    if !ev.exposure().event_visible(who) {
        return Err(AppError::NotFound);
    }
    let running = who.is_club_director() && ev.status.is_running();
    let (options, movement) = match found {
        Some((o, m)) => (Some(o), Some(m)),
        None => (None, None),
    };
    let form = form.unwrap_or_else(|| {
        options
            .as_ref()
            .map(MovementForm::from_options)
            .unwrap_or_default()
    });
    let can_change = who.is_club_director() && movement_open(ev.status);
    let preview = if can_change {
        let options = form.options().unwrap_or_default();
        preview(&ev.settings, entries.len(), &options, sim_boards)
    } else {
        None
    };
    let sides = ev.settings.side_names();
    // Duet's entries are single players: "player", not "pair".
    let entry = EventGame::of(&ev.settings).entry();
    let page = MovementPage {
        nav: Nav::new(session, viewer),
        event_id: id,
        event_name: ev.settings.name().to_string(),
        is_director: who.is_club_director(),
        can_change,
        default_boards_per_round: preview.as_ref().map_or(1, |p| p.default_boards_per_round),
        preview,
        running,
        current_round: ev.round.current,
        // The record of changes is the club's: reasons may name players' troubles.
        changes: if who.is_club_director() {
            changes
        } else {
            Vec::new()
        },
        fixed_kind: movement_kind(ev.settings.format()).is_some(),
        entries: entries.len(),
        tables: movement
            .as_ref()
            .map(|m| (1..=m.tables).collect())
            .unwrap_or_default(),
        grid: movement.as_ref().map(grid).unwrap_or_default(),
        itineraries: movement
            .as_ref()
            .map(|m| itineraries(m, &entries, &sides, entry))
            .unwrap_or_default(),
        sides,
        entry,
        movement,
        club,
        form,
        errors,
    };
    let status = if page.errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    Ok(html_page(status, &page))
}

/// The plan, for whoever may see the event.
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, id) = path.into_inner();
    let id: EventId = id.parse().map_err(|_| AppError::NotFound)?;
    let club = state
        .db(move |c| Ok(service::clubs::club_by_slug(c, &slug)?))
        .await?;
    render(
        &state,
        &session,
        &viewer,
        club,
        id,
        None,
        FieldErrors::default(),
    )
    .await
}

/// The director generates (or regenerates, before play starts) the movement.
pub async fn generate(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<MovementForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let viewer = MaybeDirector(Some((d.director.clone(), d.club.clone())));
    let form = form.into_inner();
    let options = match form.options() {
        Ok(o) => o,
        Err(errors) => {
            return render(
                &state,
                &session,
                &viewer,
                d.club.clone(),
                id,
                Some(form),
                errors,
            )
            .await;
        }
    };
    if !form.preview.is_empty() {
        // Only the numbers: nothing is saved.
        return render(
            &state,
            &session,
            &viewer,
            d.club.clone(),
            id,
            Some(form),
            FieldErrors::default(),
        )
        .await;
    }
    let club = d.club.id;
    let running = ev.status.is_running();
    let (reason, by) = (form.reason.clone(), d.director.name.clone());
    let made = state
        .db(move |c| {
            Ok(if running {
                service::play::change_movement(
                    c,
                    club,
                    id,
                    Some(&MovementPatch::whole(&options)),
                    None,
                    &reason,
                    &by,
                )
            } else {
                service::play::set_movement(c, club, id, &options)
            })
        })
        .await?;
    match made {
        Ok(m) => {
            flash(
                &session,
                format!(
                    "Movement ready: {} rounds at {} tables, {} boards.",
                    m.rounds, m.tables, m.boards
                ),
            );
            Ok(see_other(&format!("{}/movement", event_path(&d.club, id))))
        }
        Err(MovementChangeError::Refused(PlanError::Started)) => Err(AppError::Conflict(format!(
            "{} is {}: {}",
            ev.settings.name(),
            ev.status,
            PlanError::Started
        ))),
        Err(MovementChangeError::Refused(e)) => {
            let field = match &e {
                PlanError::Movement(m) => m.field().name().to_string(),
                PlanError::Reason(_) => "reason".to_string(),
                PlanError::RoundsPlayed { .. } => "rounds".to_string(),
                PlanError::BoardsPerRoundFixed(_) | PlanError::HeatBoards { .. } => {
                    "boards_per_round".to_string()
                }
                _ => "movement".to_string(),
            };
            let errors = FieldErrors::one(&field, e);
            render(
                &state,
                &session,
                &viewer,
                d.club.clone(),
                id,
                Some(form),
                errors,
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}
