//! The progressive individual on the site: the director sets the rounds and round 1's table
//! sizes and sees round 1's seating (its texts, shared with round control and the table
//! pages, are in `web::round_control`).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::EventId;
use crate::event::club::Club;
use crate::event::game::{EventGame, MovementWords};
use crate::event::individual::{
    DEFAULT_ROUNDS, IndividualOptions, IndividualPlan, IndividualPlanError, options_open,
};
use crate::event::settings::EventFormat;
use crate::service::play::IndividualChangeError;
use crate::service::{self};
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::extract::{DirectorEvent, load_event};
use crate::web::page::{FieldErrors, Nav, flash, number_list, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::round_control::*;
use crate::web::state::AppState;

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
