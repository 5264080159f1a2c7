//! An event's entries on the site: the list, adding a pair, team or individual from the
//! roster or as guests, and removing one before play starts.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::club::{Club, Player};
use crate::event::entries::{
    Entry, EntryDraft, EntryError, PlayerChoice, check_change_after_start, entries_open,
    player_slots,
};
use crate::event::settings::EntryKind;
use crate::event::{EntryId, Event, EventId, PlayerId};
use crate::service;
use crate::service::entries::EntryChangeError;
use crate::web::auth::ClubDirector;
use crate::web::error::AppError;
use crate::web::extract::DirectorEvent;
use crate::web::page::{FieldErrors, Nav, flash, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::state::AppState;

/// The add-entry form as posted: per player a roster choice or a guest's name.
#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct EntryForm {
    pub team_name: String,
    pub player_1: String,
    pub player_2: String,
    pub player_3: String,
    pub player_4: String,
    pub guest_1: String,
    pub guest_2: String,
    pub guest_3: String,
    pub guest_4: String,
    /// A late entry's reason.
    pub reason: String,
}

/// One player slot of the form, as the page shows it.
pub struct Slot {
    pub n: usize,
    pub label: &'static str,
    pub player: String,
    pub guest: String,
}

impl EntryForm {
    fn slots(&self, n: usize, team: bool) -> Vec<Slot> {
        let given = [
            (&self.player_1, &self.guest_1),
            (&self.player_2, &self.guest_2),
            (&self.player_3, &self.guest_3),
            (&self.player_4, &self.guest_4),
        ];
        let labels: [&str; 4] = if team {
            [
                "Majors pair, player 1",
                "Majors pair, player 2",
                "Minors pair, player 1",
                "Minors pair, player 2",
            ]
        } else if n == 3 {
            // A progressive partnership: a third player makes a side of three.
            [
                "Player 1",
                "Player 2",
                "Player 3 (optional: a side of three, one sits out each deal)",
                "",
            ]
        } else {
            ["Player 1", "Player 2", "Player 3", "Player 4"]
        };
        given
            .iter()
            .take(n)
            .enumerate()
            .map(|(i, (p, g))| Slot {
                n: i + 1,
                label: labels[i],
                player: p.to_string(),
                guest: g.to_string(),
            })
            .collect()
    }

    /// The draft, or the slots' own problems (a slot with both or neither filled).
    fn draft(&self, ev: &Event) -> Result<EntryDraft, FieldErrors> {
        let kind = ev.settings.entry_kind();
        let (required, offered) = player_slots(&ev.settings);
        let mut errors = FieldErrors::default();
        let mut players = Vec::new();
        for s in self.slots(offered, false) {
            let (p, g) = (s.player.trim(), s.guest.trim());
            match (p.is_empty(), g.is_empty()) {
                (true, true) if s.n > required => {}
                (false, true) => match p.parse::<PlayerId>() {
                    Ok(id) => players.push(PlayerChoice::Roster(id)),
                    Err(_) => {
                        errors.add(&format!("player_{}", s.n), "choose a player from the list")
                    }
                },
                (true, false) => players.push(PlayerChoice::Guest(g.to_string())),
                (true, true) => errors.add(
                    &format!("player_{}", s.n),
                    "choose a player from the roster, or type a guest's name",
                ),
                (false, false) => errors.add(
                    &format!("player_{}", s.n),
                    "choose a roster player or type a guest's name, not both",
                ),
            }
        }
        if errors.is_empty() {
            Ok(EntryDraft {
                kind,
                name: Some(self.team_name.clone()).filter(|_| kind.players() == 4),
                players,
            })
        } else {
            Err(errors)
        }
    }
}

/// Where a refusal goes on the form.
fn entry_field_errors(e: &EntryError) -> FieldErrors {
    let field = match e {
        EntryError::Guest { position, .. }
        | EntryError::Twice { position, .. }
        | EntryError::NotOnRoster { position } => format!("player_{position}"),
        EntryError::TeamName(_) => "team_name".into(),
        EntryError::Reason(_) => "reason".into(),
        _ => "entry".into(),
    };
    FieldErrors::one(&field, e)
}

#[derive(Template)]
#[template(path = "entries.html")]
struct EntriesPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    kind: &'static str,
    /// The kind with its article: "a pair", "an individual".
    a_kind: &'static str,
    team: bool,
    open: bool,
    /// Running, in a format that takes late entries and withdrawals.
    late: bool,
    /// Why not, when running in a format that does not.
    late_refused: Option<String>,
    next_round: u32,
    entries: Vec<Entry>,
    roster: Vec<Player>,
    form: EntryForm,
    withdraw: WithdrawForm,
    slots: Vec<Slot>,
    errors: FieldErrors,
}

async fn page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    ev: &Event,
    form: EntryForm,
    withdraw: Option<WithdrawForm>,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let (club, id) = (d.club.id, ev.id);
    let (entries, roster) = state
        .db(move |c| Ok(service::entries::entries_with_roster(c, club, id)?))
        .await?;
    let kind = ev.settings.entry_kind();
    let team = kind.players() == 4;
    let (_, offered) = player_slots(&ev.settings);
    let late = check_change_after_start(ev.status, ev.settings.format());
    Ok(html_page(
        errors.status(),
        &EntriesPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            event_id: ev.id,
            event_name: ev.settings.name().to_string(),
            kind: kind.name(),
            a_kind: match kind {
                EntryKind::Individual => "an individual",
                EntryKind::Pair => "a pair",
                EntryKind::Team => "a team",
            },
            team,
            open: entries_open(ev.status),
            late: late.is_ok(),
            late_refused: late
                .err()
                .filter(|_| ev.status.is_running())
                .map(|e| e.to_string()),
            next_round: ev.round.current + 1,
            withdraw: withdraw.unwrap_or_default(),
            entries,
            roster,
            slots: form.slots(offered, team),
            form,
            errors,
        },
    ))
}

pub async fn list(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
) -> Result<HttpResponse, AppError> {
    page(
        &state,
        &session,
        &d,
        &ev,
        EntryForm::default(),
        None,
        FieldErrors::default(),
    )
    .await
}

pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<EntryForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let form = form.into_inner();
    let draft = match form.draft(&ev) {
        Ok(d) => d,
        Err(errors) => return page(&state, &session, &d, &ev, form, None, errors).await,
    };
    let club = d.club.id;
    // Once play has started an entry is a late one: from the next round, with a reason.
    let late = ev.status.is_running();
    let (reason, by) = (form.reason.clone(), d.director.name.clone());
    let added = state
        .db(move |c| {
            Ok(if late {
                service::entries::add_late_entry(c, club, id, &draft, &reason, &by)
            } else {
                service::entries::add_entry(c, club, id, &draft)
            })
        })
        .await?;
    match added {
        Ok(e) => {
            let joins = e
                .joined_round
                .map(|r| format!(" It plays from round {r}."))
                .unwrap_or_default();
            flash(
                &session,
                format!("Entered {} as number {}.{joins}", e.name, e.number),
            );
            Ok(see_other(&format!("{}/entries", event_path(&d.club, id))))
        }
        Err(EntryChangeError::Refused(e)) if e != EntryError::Started => {
            page(
                &state,
                &session,
                &d,
                &ev,
                form,
                None,
                entry_field_errors(&e),
            )
            .await
        }
        Err(EntryChangeError::Movement(e)) => {
            let errors = FieldErrors::one("entry", e);
            page(&state, &session, &d, &ev, form, None, errors).await
        }
        Err(e) => Err(e.into()),
    }
}

pub async fn delete(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, EventId, EntryId)>,
) -> Result<HttpResponse, AppError> {
    let (_, id, entry) = path.into_inner();
    let club = d.club.id;
    let gone = state
        .db(move |c| Ok(service::entries::delete_entry(c, club, id, entry)))
        .await?;
    match gone {
        Ok(e) => {
            flash(
                &session,
                format!(
                    "Removed {} (entry {}); the later entries moved up a number.",
                    e.name, e.number
                ),
            );
            Ok(see_other(&format!("{}/entries", event_path(&d.club, id))))
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct DrawForm {
    pub confirm: String,
}

/// Draws the starting numbers at random (after a confirmation: everyone's number changes).
pub async fn draw(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<DrawForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    if !entries_open(ev.status) {
        return Err(AppError::Conflict(EntryError::Started.to_string()));
    }
    let back = format!("{}/entries", event_path(&d.club, id));
    if form.confirm != "yes" {
        return Ok(crate::web::page::confirmation(
            &session,
            &d,
            "Draw the starting numbers".into(),
            "Every entry gets a new number, drawn at random; the movement seats the numbers, so each entry's table and seat follow its new number.".into(),
            format!("{back}/draw"),
            vec![],
            back,
        ));
    }
    let club = d.club.id;
    let done = state
        .db(move |c| Ok(service::entries::draw_numbers(c, club, id)))
        .await?;
    match done {
        Ok(_) => {
            flash(&session, "Starting numbers drawn.");
            Ok(see_other(&back))
        }
        Err(e) => Err(e.into()),
    }
}

/// The withdrawal form: which entry, and why.
#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct WithdrawForm {
    pub entry: String,
    pub reason: String,
}

/// Withdraws an entry of a running event from the next round on; its played results stay
/// and its later opponents sit out.
pub async fn withdraw(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<WithdrawForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let form = form.into_inner();
    let Ok(entry) = form.entry.trim().parse::<EntryId>() else {
        let errors = FieldErrors::one("withdraw_entry", "choose the entry that withdraws");
        return page(
            &state,
            &session,
            &d,
            &ev,
            EntryForm::default(),
            Some(form),
            errors,
        )
        .await;
    };
    let club = d.club.id;
    let (reason, by) = (form.reason.clone(), d.director.name.clone());
    let done = state
        .db(move |c| {
            Ok(service::entries::withdraw_entry(
                c, club, id, entry, &reason, &by,
            ))
        })
        .await?;
    match done {
        Ok(e) => {
            flash(
                &session,
                format!(
                    "{} (entry {}) withdrawn from round {} on; the results already played stay.",
                    e.name,
                    e.number,
                    e.withdrawn_round.unwrap_or_default()
                ),
            );
            Ok(see_other(&format!("{}/entries", event_path(&d.club, id))))
        }
        // The form's own problems go back to it, with what was chosen and typed.
        Err(e) => {
            let errors = match e {
                EntryChangeError::Refused(r @ EntryError::Reason(_)) => {
                    FieldErrors::one("withdraw_reason", r)
                }
                EntryChangeError::Refused(r @ EntryError::AlreadyWithdrawn { .. }) => {
                    FieldErrors::one("withdraw_entry", r)
                }
                EntryChangeError::Movement(p) => FieldErrors::one("withdraw_entry", p),
                e => return Err(e.into()),
            };
            let back = EntryForm::default();
            page(&state, &session, &d, &ev, back, Some(form), errors).await
        }
    }
}
