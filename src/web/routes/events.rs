//! Events: the director's list, create and edit (while draft), status changes, the deal
//! key, releasing hand records, and the public event page.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Nav, flash, see_other};
use crate::db::models::{Club, Event};
use crate::db::queries;
use crate::engine::{Seat, Suit, TrickRule, Variant};
use crate::web::auth::{ClubDirector, Viewer};
use crate::web::domain::{EventFormat, EventInput, EventStatus, FieldErrors};
use crate::web::error::{AppError, html_page};
use crate::web::{AppState, deal_key};

/// One line in an event list.
pub struct EventSummary {
    pub id: i32,
    pub name: String,
    pub date: String,
    pub format_label: String,
    pub tables: i32,
    pub boards: i32,
    pub status: String,
}

impl From<&Event> for EventSummary {
    fn from(e: &Event) -> Self {
        EventSummary {
            id: e.id,
            name: e.name.clone(),
            date: e.event_date.format("%a %-d %b %Y").to_string(),
            format_label: format_label(&e.format),
            tables: e.tables,
            boards: e.boards,
            status: e.status.clone(),
        }
    }
}

fn format_label(name: &str) -> String {
    name.parse::<EventFormat>()
        .map(|f| f.label().to_string())
        .unwrap_or_else(|_| name.to_string())
}

/// "N ♠ · E ♦ · S ♥ · W ♣" from the stored "SDHC".
pub fn seating_label(trumps: &str) -> String {
    Seat::ALL
        .iter()
        .zip(trumps.chars())
        .filter_map(|(seat, c)| {
            Suit::from_char(c).map(|s| format!("{} {}", seat.letter(), s.symbol()))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

#[derive(Template)]
#[template(path = "events.html")]
struct EventsPage {
    nav: Nav,
    club: Club,
    list: Vec<EventSummary>,
}

pub async fn list(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
) -> Result<HttpResponse, AppError> {
    let club_id = d.club.id;
    let events = state
        .db(move |c| Ok(queries::events_of(c, club_id)?))
        .await?;
    Ok(html_page(
        StatusCode::OK,
        &EventsPage {
            nav: Nav::for_director(&session, &d),
            club: d.club.clone(),
            list: events.iter().map(EventSummary::from).collect(),
        },
    ))
}

/// The event form as posted: trump seating comes as one select per seat.
#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct EventForm {
    pub name: String,
    pub date: String,
    pub format: String,
    pub variant: String,
    pub tables: String,
    pub boards: String,
    pub trick_rule: String,
    pub trump_n: String,
    pub trump_e: String,
    pub trump_s: String,
    pub trump_w: String,
}

impl EventForm {
    fn input(&self) -> EventInput {
        let seats = [&self.trump_n, &self.trump_e, &self.trump_s, &self.trump_w];
        // All four on "variant default" means the variant's own seating.
        let trumps = if seats.iter().all(|s| s.trim().is_empty()) {
            String::new()
        } else {
            seats
                .iter()
                .map(|s| s.trim().chars().next().unwrap_or('?'))
                .collect()
        };
        EventInput {
            name: self.name.clone(),
            date: self.date.clone(),
            format: self.format.clone(),
            variant: self.variant.clone(),
            tables: self.tables.clone(),
            boards: self.boards.clone(),
            trick_rule: self.trick_rule.clone(),
            trumps,
        }
    }

    fn from_event(e: &Event) -> EventForm {
        let t: Vec<String> = e.trumps.chars().map(|c| c.to_string()).collect();
        let seat = |i: usize| t.get(i).cloned().unwrap_or_default();
        EventForm {
            name: e.name.clone(),
            date: e.event_date.format("%Y-%m-%d").to_string(),
            format: e.format.clone(),
            variant: e.variant.clone(),
            tables: e.tables.to_string(),
            boards: e.boards.to_string(),
            trick_rule: e.trick_rule.clone(),
            trump_n: seat(0),
            trump_e: seat(1),
            trump_s: seat(2),
            trump_w: seat(3),
        }
    }
}

/// (value, label) choices for the form's selects.
pub struct Choices {
    pub formats: Vec<(&'static str, &'static str)>,
    pub variants: Vec<&'static str>,
    pub rules: Vec<&'static str>,
    pub suits: Vec<(&'static str, &'static str)>,
}

impl Choices {
    fn new() -> Choices {
        Choices {
            formats: EventFormat::ALL
                .iter()
                .map(|f| (f.name(), f.label()))
                .collect(),
            variants: Variant::ALL.iter().map(|v| v.name()).collect(),
            rules: TrickRule::ALL.iter().map(|r| r.name()).collect(),
            suits: vec![
                ("", "variant default"),
                ("S", "♠ spades"),
                ("H", "♥ hearts"),
                ("D", "♦ diamonds"),
                ("C", "♣ clubs"),
                ("-", "none"),
            ],
        }
    }
}

#[derive(Template)]
#[template(path = "event_form.html")]
struct EventFormPage {
    nav: Nav,
    club: Club,
    /// None when creating.
    event_id: Option<i32>,
    form: EventForm,
    errors: FieldErrors,
    choices: Choices,
}

fn form_page(
    session: &Session,
    d: &ClubDirector,
    event_id: Option<i32>,
    form: EventForm,
    errors: FieldErrors,
) -> HttpResponse {
    let status = errors.status();
    html_page(
        status,
        &EventFormPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            event_id,
            form,
            errors,
            choices: Choices::new(),
        },
    )
}

pub async fn new_form(session: Session, d: ClubDirector) -> HttpResponse {
    let form = EventForm {
        date: chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string(),
        format: EventFormat::PairsMitchell.name().into(),
        variant: Variant::Standard.name().into(),
        tables: "4".into(),
        boards: "16".into(),
        trick_rule: TrickRule::Standard.name().into(),
        ..Default::default()
    };
    form_page(&session, &d, None, form, FieldErrors::default())
}

pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<EventForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let fields = match form.input().validate() {
        Ok(f) => f,
        Err(errors) => return Ok(form_page(&session, &d, None, form, errors)),
    };
    let club_id = d.club.id;
    let ev = state
        .db(move |c| Ok(queries::create_event(c, club_id, &fields)?))
        .await?;
    flash(&session, "Event created as a draft.");
    Ok(see_other(&format!("/c/{}/events/{}", d.club.slug, ev.id)))
}

fn new_deal_key() -> Result<crate::db::models::DealKey, AppError> {
    deal_key::generate().map_err(|e| AppError::Internal(format!("deal key: {e}")))
}

async fn load_event(state: &AppState, club_id: i32, id: i32) -> Result<Event, AppError> {
    state
        .db(move |c| queries::event(c, club_id, id)?.ok_or(AppError::NotFound))
        .await
}

fn not_draft() -> AppError {
    AppError::Conflict("Only a draft event can be edited.".into())
}

pub async fn edit_form(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let ev = load_event(&state, d.club.id, id).await?;
    if ev.status != EventStatus::Draft.name() {
        return Err(not_draft());
    }
    Ok(form_page(
        &session,
        &d,
        Some(id),
        EventForm::from_event(&ev),
        FieldErrors::default(),
    ))
}

pub async fn update(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
    form: web::Form<EventForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let ev = load_event(&state, d.club.id, id).await?;
    if ev.status != EventStatus::Draft.name() {
        return Err(not_draft());
    }
    let form = form.into_inner();
    let fields = match form.input().validate() {
        Ok(f) => f,
        Err(errors) => return Ok(form_page(&session, &d, Some(id), form, errors)),
    };
    let club_id = d.club.id;
    let saved = state
        .db(move |c| Ok(queries::update_draft_event(c, club_id, id, &fields)?))
        .await?;
    if !saved {
        return Err(not_draft());
    }
    flash(&session, "Event saved.");
    Ok(see_other(&format!("/c/{}/events/{id}", d.club.slug)))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StatusForm {
    pub from: String,
    pub to: String,
}

pub async fn change_status(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
    form: web::Form<StatusForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let ev = load_event(&state, d.club.id, id).await?;
    let current: EventStatus = ev.status.parse().map_err(AppError::Internal)?;
    let to: EventStatus = form.to.parse().map_err(AppError::Invalid)?;
    // `from` is what the director saw: a stale page must not skip a step.
    if form.from != current.name() || !current.next().contains(&to) {
        return Err(AppError::Conflict(format!(
            "This event is {current}; it cannot become {to} from here. Reload the page."
        )));
    }
    let club_id = d.club.id;
    let key = new_deal_key()?;
    let changed = state
        .db(move |c| {
            Ok(queries::change_status(
                c,
                club_id,
                id,
                current.name(),
                to.name(),
                &key,
            )?)
        })
        .await?;
    if !changed {
        return Err(AppError::Conflict(
            "The event changed meanwhile. Reload the page.".into(),
        ));
    }
    flash(&session, format!("The event is now {to}."));
    Ok(see_other(&format!("/c/{}/events/{id}", d.club.slug)))
}

pub async fn new_key(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    load_event(&state, d.club.id, id).await?;
    let club_id = d.club.id;
    let key = new_deal_key()?;
    let done = state
        .db(move |c| Ok(queries::set_deal_key(c, club_id, id, &key)?))
        .await?;
    if !done {
        return Err(AppError::Conflict(
            "The deal key is fixed once the event leaves draft: its commitment is public.".into(),
        ));
    }
    flash(&session, "New deal key generated.");
    Ok(see_other(&format!("/c/{}/events/{id}", d.club.slug)))
}

pub async fn release(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    load_event(&state, d.club.id, id).await?;
    let club_id = d.club.id;
    let done = state
        .db(move |c| Ok(queries::release_hand_records(c, club_id, id)?))
        .await?;
    if !done {
        return Err(AppError::Conflict(
            "Hand records can be released once the event is finished.".into(),
        ));
    }
    flash(&session, "Hand records and the deal key are now public.");
    Ok(see_other(&format!("/c/{}/events/{id}", d.club.slug)))
}

#[derive(Template)]
#[template(path = "event.html")]
struct EventPage {
    nav: Nav,
    club: Club,
    ev: Event,
    format_label: String,
    seating: String,
    is_director: bool,
    /// Statuses the director may move to.
    next: Vec<&'static str>,
    /// The key, only once released.
    public_key: Option<String>,
    can_release: bool,
    hand_records_visible: bool,
}

/// The public event page; a draft exists only for the club's directors.
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    viewer: Viewer,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, id) = path.into_inner();
    let id: i32 = id.parse().map_err(|_| AppError::NotFound)?;
    let (club, ev) = state
        .db(move |c| {
            let club = queries::club_by_slug(c, &slug)?.ok_or(AppError::NotFound)?;
            let ev = queries::event(c, club.id, id)?.ok_or(AppError::NotFound)?;
            Ok((club, ev))
        })
        .await?;
    let is_director = viewer.directs(club.id);
    if ev.status == EventStatus::Draft.name() && !is_director {
        return Err(AppError::NotFound);
    }
    let status: EventStatus = ev.status.parse().map_err(AppError::Internal)?;
    let page = EventPage {
        nav: Nav::new(&session, &viewer),
        format_label: format_label(&ev.format),
        seating: seating_label(&ev.trumps),
        next: status.next().iter().map(|s| s.name()).collect(),
        public_key: if ev.hand_records_released {
            ev.deal_key.clone()
        } else {
            None
        },
        can_release: matches!(status, EventStatus::Finished | EventStatus::Archived)
            && !ev.hand_records_released
            && ev.deal_key.is_some(),
        hand_records_visible: ev.deal_key.is_some() && (is_director || ev.hand_records_released),
        is_director,
        club,
        ev,
    };
    Ok(html_page(StatusCode::OK, &page))
}
