//! Events: the director's list, create and edit (while draft), status changes, redeals,
//! releasing hand records, deleting a draft, and the public event page. Every rule comes
//! from `crate::event`; this file parses forms and renders.

pub mod boards;
pub mod entries;
pub mod individual;
pub mod movement;
pub mod papers;
pub mod rounds;
pub mod seats;
pub mod settings;

use crate::scoring::sheet::{Compare, Scale};

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::engine::{Seat, Suit, TrickRule, Variant};
use crate::event::club::{Club, TimeZone};
use crate::event::game::GameChoice;
use crate::event::lifecycle::{self, MAX_REASON};
use crate::event::pace::PaceWords;
use crate::event::play::{Play, PlayDraft, PlayError, local_input};
use crate::event::results::BoardOutcome;
use crate::event::rounds::OpenState;
use crate::event::settings::{
    DEFAULT_CORRECTION_MINUTES, Field, MAX_BOARDS, MAX_CORRECTION_MINUTES, MAX_NAME, MAX_TABLES,
};
use crate::event::{
    ClubId, Count, DealKey, Event, EventFormat, EventId, EventSettings, EventStatus,
    PublishedCommitment, SettingsDraft, SettingsErrors, TrumpsDraft,
};
use crate::service;
use crate::web::auth::{ClubDirector, MaybeDirector};
use crate::web::error::AppError;
use crate::web::extract::DirectorEvent;
use crate::web::pace_view::{PaceBlock, PaceQuery, pace_block};
use crate::web::page::{EventSummary, FieldErrors, Nav, confirmation, count, flash, see_other};
use crate::web::paths::event_path;
use crate::web::render::html_page;
use crate::web::results_view::{ResultsInput, ResultsView, results_view};
use crate::web::standings_view::{POLL_MS, computed};
use crate::web::state::AppState;

/// A seat and its personal trump, for pages (red suits in red).
pub struct SeatTrump {
    pub seat: char,
    pub symbol: char,
    pub red: bool,
}

pub fn seating(trumps: crate::engine::Trumps) -> Vec<SeatTrump> {
    Seat::ALL
        .iter()
        .filter_map(|&seat| {
            trumps.of(seat).map(|s| SeatTrump {
                seat: seat.letter(),
                symbol: s.symbol(),
                red: matches!(s, Suit::Hearts | Suit::Diamonds),
            })
        })
        .collect()
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
    let club = d.club.id;
    let events = state
        .db(move |c| Ok(service::events::events_of(c, club)?))
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
    /// Blank or absent: Calypso.
    pub game: String,
    pub variant: String,
    pub tables: String,
    pub boards: String,
    pub trick_rule: String,
    pub trump_n: String,
    pub trump_e: String,
    pub trump_s: String,
    pub trump_w: String,
    /// Absent from a form that predates the setting (a script's post): the default.
    pub correction_minutes: Option<String>,
    /// Blank or absent: the default (2-1, net).
    pub scale: String,
    pub compare: String,
    /// Embers only: hands per game and packs (absent from other forms: blank).
    #[serde(default)]
    pub hands: String,
    #[serde(default)]
    pub packs: String,
    /// Embers only: the fire hands opening each game (blank: one).
    #[serde(default)]
    pub fire_hands: String,
    /// Auction only: the setup before hand 1 (blank: balanced random for Auction, none for
    /// other games).
    #[serde(default)]
    pub auction_setup: String,
    /// How it is played (`event::play`): "table", "online" or "robots"; absent from a form
    /// that predates the setting (a script's post): unchanged (a new event: at the tables).
    pub play: Option<String>,
    /// The robot duplicate's window, `datetime-local` in the club's time zone.
    pub opens: String,
    pub closes: String,
    pub robot_ms: String,
    pub away_seconds: String,
}

/// Embers' fire hands in words after `sep` ("2 fire hands"); nothing for another game.
pub(crate) fn fire_words(fire_hands: u16, sep: &str) -> String {
    match fire_hands {
        0 => String::new(),
        1 => format!("{sep}1 fire hand"),
        n => format!("{sep}{n} fire hands"),
    }
}

/// An Auction event's setup in words after a comma ("the balanced random setup before
/// hand 1"); nothing for another game.
pub(crate) fn setup_words(s: &EventSettings) -> String {
    use crate::event::settings::GameKind;
    use crate::event::settings::SetupKind;
    match (s.game(), s.auction_setup()) {
        (GameKind::Auction, SetupKind::None) => ", no setup before hand 1".into(),
        (GameKind::Auction, kind) => format!(", the {} setup before hand 1", kind.name()),
        _ => String::new(),
    }
}

/// A count as the form shows it: 0 (not this game's setting) as blank.
fn blank_zero(c: &Count) -> String {
    match c.to_string() {
        z if z == "0" => String::new(),
        t => t,
    }
}

impl EventForm {
    /// The one "Game" choice the form shows selected: the form posts the game alone (a
    /// Calypso variant's name or another game's); a script may still post both.
    pub fn game_choice(&self) -> String {
        match self.variant.trim() {
            "" => self.game.trim().to_string(),
            v => GameChoice::value_of(&self.game, v),
        }
    }

    fn draft(&self) -> SettingsDraft {
        let (game, variant) = match self.variant.trim() {
            "" => GameChoice::split(&self.game),
            _ => (self.game.clone(), self.variant.clone()),
        };
        SettingsDraft {
            name: self.name.clone(),
            date: self.date.clone(),
            format: self.format.clone(),
            game,
            variant,
            tables: Count::Text(self.tables.clone()),
            boards: Count::Text(self.boards.clone()),
            trick_rule: self.trick_rule.clone(),
            trumps: TrumpsDraft::Seats([
                self.trump_n.clone(),
                self.trump_e.clone(),
                self.trump_s.clone(),
                self.trump_w.clone(),
            ]),
            correction_minutes: match &self.correction_minutes {
                Some(text) => Count::Text(text.clone()),
                None => SettingsDraft::default().correction_minutes,
            },
            scale: self.scale.clone(),
            compare: self.compare.clone(),
            hands: Count::Text(self.hands.clone()),
            packs: Count::Text(self.packs.clone()),
            fire_hands: Count::Text(self.fire_hands.clone()),
            auction_setup: self.auction_setup.clone(),
        }
    }

    fn from_settings(s: &EventSettings) -> EventForm {
        let seat = |seat: Seat| {
            s.trumps()
                .of(seat)
                .map_or("-".to_string(), |t| t.letter().to_string())
        };
        let d = s.draft();
        EventForm {
            name: d.name,
            date: d.date,
            format: d.format,
            game: GameChoice::value_of(&d.game, &d.variant),
            variant: String::new(),
            tables: d.tables.to_string(),
            boards: d.boards.to_string(),
            trick_rule: d.trick_rule,
            trump_n: seat(Seat::North),
            trump_e: seat(Seat::East),
            trump_s: seat(Seat::South),
            trump_w: seat(Seat::West),
            correction_minutes: Some(d.correction_minutes.to_string()),
            scale: d.scale,
            compare: d.compare,
            hands: blank_zero(&d.hands),
            packs: blank_zero(&d.packs),
            fire_hands: blank_zero(&d.fire_hands),
            auction_setup: d.auction_setup,
            ..Default::default()
        }
    }

    /// The form with how the event is played, its times in the club's zone.
    fn with_play(mut self, play: Play, zone: &str) -> EventForm {
        self.play = Some(play.name().to_string());
        if let Some(w) = play.window() {
            self.opens = local_input(w.opens, zone);
            self.closes = local_input(w.closes, zone);
        }
        if !play.is_table() {
            self.robot_ms = play.robot_ms().to_string();
        }
        if let Play::Online { away_seconds, .. } = play {
            self.away_seconds = away_seconds.to_string();
        }
        self
    }

    /// The way of play the form chose (none: the form has no such field), read; a problem
    /// beside the fieldset.
    fn read_play(&self, zone: &str) -> Result<Option<Play>, PlayError> {
        let Some(play) = &self.play else {
            return Ok(None);
        };
        PlayDraft::from_form(
            play,
            &self.opens,
            &self.closes,
            &self.robot_ms,
            &self.away_seconds,
            zone,
        )
        .and_then(|d| d.read())
        .map(Some)
    }

    /// The way of play shown checked: the form's, else at the tables.
    pub fn play_choice(&self) -> &str {
        self.play.as_deref().unwrap_or("table")
    }
}

/// The settings' problems beside their fields.
pub fn settings_field_errors(e: &SettingsErrors) -> FieldErrors {
    let mut f = FieldErrors::default();
    for err in &e.0 {
        // The form's one "Game" choice holds the variant too.
        let field = match err.field() {
            Field::Variant => Field::Game,
            other => other,
        };
        f.add(field.name(), err);
    }
    f
}

/// A choice in a select, with a sentence saying what it means.
pub struct Choice {
    pub value: &'static str,
    pub label: &'static str,
    pub description: &'static str,
}

/// Choices for the form's selects.
pub struct Choices {
    pub formats: Vec<Choice>,
    /// Every game, Calypso's variants one by one.
    pub games: Vec<GameChoice>,
    pub rules: Vec<Choice>,
    pub suits: Vec<(&'static str, &'static str)>,
    pub max_name: usize,
    pub max_tables: u16,
    pub max_boards: u16,
    pub max_correction_minutes: u16,
    pub scales: Vec<Choice>,
    pub compares: Vec<Choice>,
}

impl Choices {
    fn new() -> Choices {
        Choices {
            formats: EventFormat::ALL
                .iter()
                .map(|f| Choice {
                    value: f.name(),
                    label: f.label(),
                    description: "",
                })
                .collect(),
            games: GameChoice::all(),
            rules: TrickRule::ALL
                .iter()
                .map(|r| Choice {
                    value: r.name(),
                    label: r.label(),
                    description: r.description(),
                })
                .collect(),
            suits: vec![
                ("", "variant's own"),
                ("S", "♠ spades"),
                ("H", "♥ hearts"),
                ("D", "♦ diamonds"),
                ("C", "♣ clubs"),
                ("-", "no trump"),
            ],
            max_name: MAX_NAME,
            max_tables: MAX_TABLES,
            max_boards: MAX_BOARDS,
            max_correction_minutes: MAX_CORRECTION_MINUTES,
            scales: vec![
                Choice {
                    value: Scale::TwoOne.name(),
                    label: "2-1: 2 per result beaten, 1 per tie",
                    description: "",
                },
                Choice {
                    value: Scale::OneHalf.name(),
                    label: "1-½: 1 per result beaten, ½ per tie",
                    description: "",
                },
            ],
            compares: vec![
                Choice {
                    value: Compare::Net.name(),
                    label: "the net (majors minus minors)",
                    description: "",
                },
                Choice {
                    value: Compare::Own.name(),
                    label: "each side's own total",
                    description: "",
                },
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
    event_id: Option<EventId>,
    form: EventForm,
    errors: FieldErrors,
    choices: Choices,
    /// The club's pace of each game and the round it suggests (#38).
    pace: PaceBlock,
}

async fn form_page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    event_id: Option<EventId>,
    form: EventForm,
    errors: FieldErrors,
    pace_query: &PaceQuery,
) -> Result<HttpResponse, AppError> {
    let pace = pace_block(state, d.club.id, &form.game_choice(), pace_query).await?;
    Ok(html_page(
        errors.status(),
        &EventFormPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            event_id,
            form,
            errors,
            choices: Choices::new(),
            pace,
        },
    ))
}

pub async fn new_form(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    pace_query: web::Query<PaceQuery>,
) -> Result<HttpResponse, AppError> {
    // An evening is four or five rounds of one board each.
    let form = EventForm {
        // Today where the club plays, not where the server runs.
        date: d
            .club
            .time_zone
            .date(crate::service::now())
            .format("%Y-%m-%d")
            .to_string(),
        format: EventFormat::PairsMitchell.name().into(),
        // The game whose pace the director asked about (the pace block's question), if any.
        game: GameChoice::all()
            .into_iter()
            .find(|c| c.value == pace_query.game.trim())
            .map_or(Variant::Standard.name(), |c| c.value)
            .into(),
        tables: "4".into(),
        boards: "4".into(),
        trick_rule: TrickRule::Standard.name().into(),
        correction_minutes: Some(DEFAULT_CORRECTION_MINUTES.to_string()),
        scale: Scale::TwoOne.name().into(),
        compare: Compare::Net.name().into(),
        ..Default::default()
    };
    form_page(
        &state,
        &session,
        &d,
        None,
        form,
        FieldErrors::default(),
        &pace_query,
    )
    .await
}

pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<EventForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let zone = d.club.time_zone.name();
    let parsed = EventSettings::parse(&form.draft());
    let play = form.read_play(zone);
    let (settings, play) = match (parsed, play) {
        (Ok(s), Ok(p)) => (s, p.unwrap_or_default()),
        (parsed, play) => {
            let mut errors = parsed
                .err()
                .map(|e| settings_field_errors(&e))
                .unwrap_or_default();
            if let Err(p) = play {
                errors.add("play", p);
            }
            return form_page(
                &state,
                &session,
                &d,
                None,
                form,
                errors,
                &PaceQuery::default(),
            )
            .await;
        }
    };
    let club = d.club.id;
    let created = state
        .db(move |c| Ok(service::event_play::create(c, club, &settings, play)))
        .await?;
    let ev = match created {
        Ok((ev, _)) => ev,
        Err(service::event_play::PlayChangeError::Invalid(e)) => {
            return form_page(
                &state,
                &session,
                &d,
                None,
                form,
                FieldErrors::one("play", e),
                &PaceQuery::default(),
            )
            .await;
        }
        Err(e) => return Err(e.into()),
    };
    flash(&session, "Event created as a draft.");
    Ok(see_other(&event_path(&d.club, ev.id)))
}

/// The event and every commitment it has shown (the redeal and delete rules read both).
async fn load_with_commitments(
    state: &AppState,
    club: ClubId,
    id: EventId,
) -> Result<(Event, Vec<PublishedCommitment>), AppError> {
    state
        .db(move |c| Ok(service::events::with_commitments(c, club, id)?))
        .await
}

pub async fn edit_form(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    pace_query: web::Query<PaceQuery>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    if !ev.status.editable() {
        return Err(lifecycle::LifecycleError::NotDraft.into());
    }
    let play = state
        .db(move |c| Ok(service::event_play::play_of(c, id)?))
        .await?;
    let form = EventForm::from_settings(&ev.settings).with_play(play, d.club.time_zone.name());
    form_page(
        &state,
        &session,
        &d,
        Some(id),
        form,
        FieldErrors::default(),
        &pace_query,
    )
    .await
}

pub async fn update(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<EventForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    if !ev.status.editable() {
        return Err(lifecycle::LifecycleError::NotDraft.into());
    }
    let form = form.into_inner();
    let zone = d.club.time_zone.name();
    let parsed = EventSettings::parse(&form.draft());
    let play = form.read_play(zone);
    let (settings, play) = match (parsed, play) {
        (Ok(s), Ok(p)) => (s, p),
        (parsed, play) => {
            let mut errors = parsed
                .err()
                .map(|e| settings_field_errors(&e))
                .unwrap_or_default();
            if let Err(p) = play {
                errors.add("play", p);
            }
            return form_page(
                &state,
                &session,
                &d,
                Some(id),
                form,
                errors,
                &PaceQuery::default(),
            )
            .await;
        }
    };
    let club = d.club.id;
    let saved = state
        .db(move |c| {
            Ok(service::event_play::update(
                c,
                club,
                id,
                Some(&settings),
                play,
            ))
        })
        .await?;
    match saved {
        Ok(_) => {}
        Err(service::event_play::PlayChangeError::Invalid(e)) => {
            return form_page(
                &state,
                &session,
                &d,
                Some(id),
                form,
                FieldErrors::one("play", e),
                &PaceQuery::default(),
            )
            .await;
        }
        Err(e) => return Err(e.into()),
    }
    flash(&session, "Event saved.");
    Ok(see_other(&event_path(&d.club, id)))
}

fn confirmed(confirm: &str) -> bool {
    confirm == "yes"
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StatusForm {
    pub from: String,
    pub to: String,
    pub confirm: String,
}

fn what_it_means(to: EventStatus) -> &'static str {
    match to {
        EventStatus::Running => {
            "Play starts: the settings and the deals are fixed for good, and the event shows as live."
        }
        EventStatus::Finished => "Play is over: the event moves to the club's past events.",
        EventStatus::Cancelled => {
            "The event will not be played (or not finished). It stays on record, with every commitment it showed."
        }
        EventStatus::Archived => "The event becomes read-only for good; it stays public.",
        EventStatus::Draft => "The event goes back to draft: private and editable.",
        EventStatus::Ready => "The event and its deal commitment become public.",
    }
}

pub async fn change_status(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<StatusForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let to: EventStatus = form
        .to
        .parse()
        .map_err(|e: lifecycle::UnknownStatus| AppError::Invalid(e.to_string()))?;
    // The status the director's page showed: a stale page must not skip a step.
    let seen: EventStatus = form
        .from
        .parse()
        .map_err(|e: lifecycle::UnknownStatus| AppError::Invalid(e.to_string()))?;
    ev.status.check_move(seen, to)?;
    if to == EventStatus::Finished && !confirmed(&form.confirm) {
        return finish_page(&state, &session, &d, &ev, String::new(), None, false).await;
    }
    if ev.status.move_needs_confirmation(to) && !confirmed(&form.confirm) {
        return Ok(confirmation(
            &session,
            &d,
            to.action().to_string(),
            format!(
                "{} is {}. {}",
                ev.settings.name(),
                ev.status,
                what_it_means(to)
            ),
            format!("{}/status", event_path(&d.club, id)),
            vec![("from", seen.name().into()), ("to", to.name().into())],
            event_path(&d.club, id),
        ));
    }
    let club = d.club.id;
    let key = DealKey::generate()?;
    let now = state.now();
    let changed = state
        .db(move |c| {
            Ok(service::events::change_status_at(
                c, club, id, seen, to, &key, now,
            ))
        })
        .await?;
    let changed = match changed {
        Ok(c) => c,
        // A game with no result: the finish page again, listing each (409).
        Err(service::events::EventChangeError::OpenGames(_)) => {
            return finish_page(&state, &session, &d, &ev, String::new(), None, true).await;
        }
        Err(e) => return Err(e.into()),
    };
    if let Some(started) = changed.round_one {
        match started {
            Ok(_) => {
                flash(&session, "Play has started: round 1 is on.");
                return Ok(see_other(&format!("{}/rounds", event_path(&d.club, id))));
            }
            Err(e) => flash(
                &session,
                format!("The event is now running; round 1 has not started: {e}."),
            ),
        }
        return Ok(see_other(&event_path(&d.club, id)));
    }
    flash(&session, format!("The event is now {to}."));
    Ok(see_other(&event_path(&d.club, id)))
}

/// One game the finish page lists: no result, provisional or disputed.
struct OpenResult {
    round: u32,
    table: u32,
    board: u32,
    state: &'static str,
    scores: String,
    href: String,
}

#[derive(Template)]
#[template(path = "finish.html")]
struct FinishPage {
    nav: Nav,
    event_name: String,
    message: String,
    open: Vec<OpenResult>,
    provisional: usize,
    disputed: usize,
    /// Games with no result nor ruling: finishing is refused until each is entered or ruled.
    missing: usize,
    confirm_all: String,
    status_action: String,
    from: &'static str,
    back: String,
    reason: String,
    reason_error: Option<String>,
}

/// "Mark finished?": every open game of the rounds played (no result, provisional or
/// disputed, each linked to enter, confirm or rule on it), a form to confirm every
/// provisional result at once, and the button that finishes (not while a game has no
/// result: the service refuses it, and the page says so with a 409).
async fn finish_page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    ev: &Event,
    reason: String,
    reason_error: Option<String>,
    refused: bool,
) -> Result<HttpResponse, AppError> {
    let ev2 = ev.clone();
    let (open, results) = state
        .db(move |c| {
            Ok((
                service::play::open_games(c, &ev2)?,
                service::results::results_of(c, &ev2)?,
            ))
        })
        .await?;
    let base = event_path(&d.club, ev.id);
    let open: Vec<OpenResult> = open
        .iter()
        .map(|g| {
            let result = g.result.and_then(|id| results.iter().find(|r| r.id == id));
            OpenResult {
                round: g.round,
                table: g.table,
                board: g.board,
                state: g.state.name(),
                scores: match result {
                    Some(r) if r.values.outcome == BoardOutcome::Played => {
                        format!("{} – {}", r.values.scores.majors, r.values.scores.minors)
                    }
                    _ => String::new(),
                },
                href: match g.result {
                    Some(id) => format!("{base}/results/{id}"),
                    None => format!(
                        "{base}/results/board?round={}&table={}&board={}",
                        g.round, g.table, g.board
                    ),
                },
            }
        })
        .collect();
    let count = |state: OpenState| open.iter().filter(|r| r.state == state.name()).count();
    let (provisional, disputed, missing) = (
        count(OpenState::Provisional),
        count(OpenState::Disputed),
        count(OpenState::NoResult),
    );
    Ok(html_page(
        if reason_error.is_some() {
            StatusCode::UNPROCESSABLE_ENTITY
        } else if refused {
            StatusCode::CONFLICT
        } else {
            StatusCode::OK
        },
        &FinishPage {
            nav: Nav::for_director(session, d),
            event_name: ev.settings.name().to_string(),
            message: format!(
                "{} is {}. {}",
                ev.settings.name(),
                ev.status,
                what_it_means(EventStatus::Finished)
            ),
            disputed,
            provisional,
            missing,
            open,
            confirm_all: format!("{base}/results/confirm-all"),
            status_action: format!("{base}/status"),
            from: ev.status.name(),
            back: base,
            reason,
            reason_error,
        },
    ))
}

/// `/c/{club}/events/{event}/finish`: the same page, to come back to.
pub async fn finish(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
) -> Result<HttpResponse, AppError> {
    ev.status.check_move(ev.status, EventStatus::Finished)?;
    finish_page(&state, &session, &d, &ev, String::new(), None, false).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ConfirmAllForm {
    pub reason: String,
}

/// Confirms every provisional result with one reason (an audit row each), then back to the
/// finish page; a missing reason comes back beside the field with nothing changed.
pub async fn confirm_all(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<ConfirmAllForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let (ev2, name, reason) = (ev.clone(), d.director.name.clone(), form.reason.clone());
    let done = state
        .db(move |c| {
            Ok(service::results::confirm_every_provisional(
                c,
                &ev2,
                &name,
                Some(&reason),
            ))
        })
        .await?;
    match done {
        Ok(n) => {
            flash(
                &session,
                format!(
                    "{n} provisional result{} confirmed.",
                    if n == 1 { "" } else { "s" }
                ),
            );
            Ok(see_other(&format!("{}/finish", event_path(&d.club, id))))
        }
        Err(service::results::EntryError::Reason) => {
            let why = service::results::EntryError::Reason.to_string();
            finish_page(
                &state,
                &session,
                &d,
                &ev,
                form.reason.clone(),
                Some(why),
                false,
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RedealForm {
    pub reason: String,
    pub confirm: String,
    /// A given key (64 hex digits) instead of a fresh one: a heat of a simultaneous event
    /// organised on another server deals the organiser's boards.
    pub key: String,
}

/// A new deal key: free while the current one was never shown, otherwise a recorded redeal
/// with a reason (asked on a confirmation page).
pub async fn redeal(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, EventId)>,
    form: web::Form<RedealForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let club = d.club.id;
    let (ev, shown) = load_with_commitments(&state, club, id).await?;
    let public = current_is_public(&ev, &shown);
    if public && !confirmed(&form.confirm) {
        // Refuse early (running, finished...) rather than asking for a reason in vain.
        if !ev.status.before_play() {
            return Err(lifecycle::LifecycleError::RedealAfterStart.into());
        }
        return Ok(redeal_page(&session, &d, &ev, &form.reason, None));
    }
    if let Err(e) = lifecycle::check_redeal(ev.status, public, &form.reason) {
        if public
            && matches!(
                e,
                lifecycle::LifecycleError::RedealNeedsReason
                    | lifecycle::LifecycleError::ReasonTooLong
            )
        {
            return Ok(redeal_page(
                &session,
                &d,
                &ev,
                &form.reason,
                Some(e.to_string()),
            ));
        }
        return Err(e.into());
    }
    let key = match form.key.trim() {
        "" => DealKey::generate()?,
        // Only before any commitment was shown: a given key replaces nothing public.
        _ if public => {
            return Err(AppError::Refused(
                StatusCode::CONFLICT,
                "Commitment already public",
                "A given deal key can only replace a key whose commitment was never shown: this event's is public.".into(),
            ));
        }
        hex => DealKey::from_hex(hex).map_err(|e| {
            AppError::Refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "Not a deal key",
                format!(
                    "The given deal key \"{}\" is not one: {e}. Nothing was changed.",
                    hex.chars().take(80).collect::<String>()
                ),
            )
        })?,
    };
    let (by, reason) = (d.director.id, form.reason.clone());
    state
        .db(move |c| Ok(service::events::redeal(c, club, id, &reason, by, &key)?))
        .await?;
    flash(
        &session,
        if public {
            "New deals: the old commitment stays on the event page, marked withdrawn with your reason."
        } else {
            "New deal key generated."
        },
    );
    Ok(see_other(&event_path(&d.club, id)))
}

fn current_is_public(ev: &Event, shown: &[PublishedCommitment]) -> bool {
    ev.deal.as_ref().is_some_and(|k| {
        shown
            .iter()
            .any(|c| c.commitment == k.commitment && c.withdrawn.is_none())
    })
}

#[derive(Template)]
#[template(path = "redeal.html")]
struct RedealPage {
    nav: Nav,
    club: Club,
    event_id: EventId,
    event_name: String,
    commitment: String,
    reason: String,
    error: Option<String>,
    max_reason: usize,
}

fn redeal_page(
    session: &Session,
    d: &ClubDirector,
    ev: &Event,
    reason: &str,
    error: Option<String>,
) -> HttpResponse {
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    html_page(
        status,
        &RedealPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            event_id: ev.id,
            event_name: ev.settings.name().to_string(),
            commitment: ev
                .deal
                .as_ref()
                .map(|k| k.commitment.clone())
                .unwrap_or_default(),
            reason: reason.to_string(),
            error,
            max_reason: MAX_REASON,
        },
    )
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ConfirmForm {
    pub confirm: String,
}

pub async fn release(
    state: web::Data<AppState>,
    session: Session,
    DirectorEvent {
        director: d,
        event: ev,
    }: DirectorEvent,
    form: web::Form<ConfirmForm>,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    lifecycle::check_release(ev.status, ev.deal.is_some(), ev.hand_records_released)?;
    if !confirmed(&form.confirm) {
        return Ok(confirmation(
            &session,
            &d,
            "Release the hand records".into(),
            format!(
                "Everyone will see the deal key of {} and every board's cards (hand records, curtain cards, stacking order). This cannot be undone.",
                ev.settings.name()
            ),
            format!("{}/release", event_path(&d.club, id)),
            vec![],
            event_path(&d.club, id),
        ));
    }
    let club = d.club.id;
    state
        .db(move |c| Ok(service::events::release_hand_records(c, club, id)?))
        .await?;
    flash(&session, "Hand records and the deal key are now public.");
    Ok(see_other(&event_path(&d.club, id)))
}

pub async fn delete(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, EventId)>,
    form: web::Form<ConfirmForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let club = d.club.id;
    let ev = state
        .db(move |c| Ok(service::events::check_delete(c, club, id)?))
        .await?;
    if !confirmed(&form.confirm) {
        return Ok(confirmation(
            &session,
            &d,
            "Delete this draft".into(),
            format!(
                "{} has never been public. Deleting it removes it and its entries for good.",
                ev.settings.name()
            ),
            format!("{}/delete", event_path(&d.club, id)),
            vec![],
            event_path(&d.club, id),
        ));
    }
    state
        .db(move |c| Ok(service::events::delete_draft(c, club, id)?))
        .await?;
    flash(
        &session,
        format!("Deleted the draft {}.", ev.settings.name()),
    );
    Ok(see_other(&format!("/c/{}/events", d.club.slug)))
}

/// The settings and deal key a director gives the command line to print the event's papers
/// (`hand-records --settings FILE`), byte for byte as the site prints them.
pub async fn papers_settings(
    DirectorEvent { event: ev, .. }: DirectorEvent,
) -> Result<HttpResponse, AppError> {
    let id = ev.id;
    let key = ev.deal.as_ref().ok_or_else(|| {
        AppError::Conflict("This event has no deal key yet: generate one first.".into())
    })?;
    let doc = crate::event::PapersJson::new(&ev.settings, key);
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"event-{id}-papers.json\""),
        ))
        .insert_header(("Cache-Control", "private, no-store"))
        .json(doc))
}

/// The event's facts, as the page shows them.
pub struct EventView {
    pub id: EventId,
    pub name: String,
    pub date: String,
    pub status: EventStatus,
    pub format_label: &'static str,
    pub variant_label: &'static str,
    pub variant_description: &'static str,
    /// Calypso or Kaiso, and what that means.
    pub game_label: &'static str,
    pub game_description: String,
    pub rule_label: &'static str,
    pub rule_description: &'static str,
    pub tables: String,
    pub boards: String,
    pub seating: Vec<SeatTrump>,
    /// Auction (for three or four): no Calypso variant nor trump seating to show, the trumps
    /// being named at each hand's auction.
    pub trumps_by_auction: bool,
}

impl From<&Event> for EventView {
    fn from(e: &Event) -> Self {
        let s = &e.settings;
        EventView {
            id: e.id,
            name: s.name().to_string(),
            date: s.date().format("%A %-d %B %Y").to_string(),
            status: e.status,
            format_label: s.format().label(),
            variant_label: s.variant().label(),
            variant_description: s.variant().description(),
            game_label: s.game().label(),
            game_description: if s.game().continuous() {
                format!(
                    "{} hands a game, {} packs{}{}. {}",
                    s.hands(),
                    s.packs(),
                    fire_words(s.fire_hands(), ", "),
                    setup_words(s),
                    s.game().description()
                )
            } else {
                s.game().description().to_string()
            },
            rule_label: s.trick_rule().label(),
            rule_description: s.trick_rule().description(),
            tables: count(s.tables(), "table", "tables"),
            boards: {
                // A game dealt at the table has no boards: its table-rounds' games.
                let deal = crate::event::game::EventGame::of(s).deal();
                count(s.boards(), deal.one, deal.many)
            },
            seating: seating(s.trumps()),
            trumps_by_auction: crate::event::game::EventGame::of(s).trumps_by_auction(),
        }
    }
}

/// A commitment the page lists.
pub struct CommitmentView {
    pub algorithm: String,
    pub commitment: String,
    pub published: String,
    pub withdrawn: Option<(String, String)>,
    /// The key behind it, where the viewer may see keys.
    pub key: Option<String>,
}

pub struct StatusButton {
    pub from: &'static str,
    pub to: &'static str,
    pub label: &'static str,
}

#[derive(Template)]
#[template(path = "event.html")]
struct EventPage {
    nav: Nav,
    club: Club,
    ev: EventView,
    is_director: bool,
    /// The commitment in force now, if the viewer may see it.
    commitment: Option<String>,
    algorithm: String,
    /// Every commitment the event has shown, withdrawn ones included.
    withdrawn: Vec<CommitmentView>,
    key: Option<String>,
    released: bool,
    papers: bool,
    /// Embers: the cards are dealt at the table, so no papers are offered.
    dealt_here: bool,
    /// The papers list offers guide cards: the movement is planned ahead (not the
    /// progressive individual's, seated from the results).
    guide_cards: bool,
    next: Vec<StatusButton>,
    can_release: bool,
    can_redeal: bool,
    can_delete: bool,
    has_key: bool,
    entries: Vec<crate::event::entries::Entry>,
    entry_kind: &'static str,
    /// The results section, once the event has a result.
    results: Option<ResultsView>,
    /// The standings part the live script refreshes, once there are results.
    standings: Option<String>,
    poll_ms: u64,
    /// The simultaneous event this is a heat of: its address and name.
    sim: Option<(String, String)>,
    /// The director may open a simultaneous event from this event.
    can_open_sim: bool,
    /// A finished event's own pace, for its directors (#38), and whether anything was timed.
    pace_line: Option<(String, bool)>,
    /// How it is played, for its directors when not at the club's tables (#39): the words,
    /// and the "Seats online" page is offered.
    play_online: Option<&'static str>,
    /// A robot duplicate: its window, where play stands (counts only) and whether the
    /// results are sealed.
    robot_duplicate: Option<RobotDuplicatePart>,
}

/// The event page's robot duplicate section: the window in the club's zone and the
/// entrants' progress (counts, never scores; each entrant's for the directors).
struct RobotDuplicatePart {
    opens: String,
    closes: String,
    /// The window has not closed: the results are sealed.
    sealed: bool,
    summary: String,
    boards: u32,
    /// Each entrant's number, name and boards finished (the directors' view; empty for
    /// anyone else).
    entrants: Vec<(u32, String, u32)>,
}

fn stamp(t: chrono::NaiveDateTime, zone: TimeZone) -> String {
    zone.show(t, "%Y-%m-%d %H:%M")
}

/// The public event page; a draft exists only for the club's directors.
pub async fn show(
    state: web::Data<AppState>,
    session: Session,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, id) = path.into_inner();
    let id: EventId = id.parse().map_err(|_| AppError::NotFound)?;
    let service::events::EventPage {
        club,
        event: ev,
        commitments: shown,
        entries,
        played,
    } = state
        .db(move |c| Ok(service::events::event_page(c, &slug, id)?))
        .await?;
    let who = viewer.toward(club.id);
    // The room clock's now: a robot duplicate's results are sealed until its window closes.
    let now = state.now();
    let exposure = ev.exposure().sealed_at(played.sealed_until, now);
    if !exposure.event_visible(who) {
        return Err(AppError::NotFound);
    }
    let auction = ev.settings.auction_spec();
    let results = results_view(&ResultsInput {
        publication: ev.publication(now),
        now,
        zone: club.time_zone,
        exposure,
        viewer: who,
        results: &played.results,
        entries: &entries,
        still_to_play: &played.still_to_play,
        seated: played.seated.as_deref(),
        threes: &played.threes,
        auction: auction.as_ref(),
        sides: &ev.settings.side_names(),
    });
    // The live standings, once there are results to stand on.
    let standings = match results {
        Some(_) => Some(
            computed(&state, club.clone(), ev.clone(), who)
                .await?
                .part
                .clone(),
        ),
        None => None,
    };
    let is_director = who.is_club_director();
    let sim = match ev.sim {
        Some(_) => {
            let e = ev.clone();
            state
                .db(move |c| Ok(service::sims::sim_of(c, &e)?))
                .await?
                .map(|s| (format!("/sims/{}", s.id), s.name))
        }
        None => None,
    };
    let can_open_sim =
        is_director && crate::event::sim::check_open(&ev, ev.settings.name()).is_ok();
    let pace_line = if is_director && ev.status.over() {
        let (club_id, id) = (club.id, ev.id);
        state
            .db(move |c| Ok(service::paces::event_pace(c, club_id, id)?))
            .await?
            .map(|p| crate::event::pace::event_line(&p, PaceWords::of_event(&ev.settings)))
    } else {
        None
    };
    let (play, progress) = {
        let loaded = ev.clone();
        state
            .db(move |c| {
                Ok((
                    service::event_play::play_of(c, loaded.id)?,
                    service::robot_duplicate::progress(c, &loaded)?,
                ))
            })
            .await?
    };
    let play_online = (is_director && !play.is_table()).then(|| play.label());
    let robot_duplicate = match (play.window(), progress) {
        (Some(w), Some(p)) => Some(RobotDuplicatePart {
            opens: stamp(w.opens, club.time_zone),
            closes: stamp(w.closes, club.time_zone),
            sealed: exposure.sealed,
            summary: p.summary(),
            boards: p.boards,
            entrants: if is_director { p.entrants } else { vec![] },
        }),
        _ => None,
    };
    let key_visible = exposure.key_visible(who);
    let current = ev.deal.as_ref().map(|k| k.commitment.clone());
    let withdrawn = shown
        .iter()
        .filter(|c| c.withdrawn.is_some())
        .map(|c| CommitmentView {
            algorithm: c.algorithm.clone(),
            commitment: c.commitment.clone(),
            published: stamp(c.published_at, club.time_zone),
            withdrawn: c
                .withdrawn
                .as_ref()
                .map(|w| (stamp(w.at, club.time_zone), w.reason.clone())),
            key: key_visible.then(|| c.key_hex.clone()),
        })
        .collect();
    let page = EventPage {
        nav: Nav::new(&session, &viewer),
        commitment: current.filter(|_| exposure.commitment_visible(who)),
        algorithm: ev
            .deal
            .as_ref()
            .map(|k| k.algorithm.clone())
            .unwrap_or_default(),
        withdrawn,
        key: ev
            .deal
            .as_ref()
            .filter(|_| key_visible)
            .map(|k| k.key_hex.clone()),
        released: ev.hand_records_released,
        // A game dealt at the table (Embers) has no boards to print or view.
        papers: exposure.papers_visible(who) && !ev.settings.game().continuous(),
        dealt_here: ev.settings.game().continuous(),
        guide_cards: crate::event::movement::movement_kind(ev.settings.format()).is_some(),
        next: ev
            .status
            .next()
            .iter()
            .map(|to| StatusButton {
                from: ev.status.name(),
                to: to.name(),
                label: to.action(),
            })
            .collect(),
        // A heat's deal and release are its sim's.
        can_release: ev.sim.is_none()
            && lifecycle::check_release(ev.status, ev.deal.is_some(), ev.hand_records_released)
                .is_ok(),
        can_redeal: ev.status.before_play() && ev.sim.is_none(),
        can_delete: lifecycle::check_delete(ev.status, !shown.is_empty(), played.results.len())
            .is_ok(),
        has_key: ev.deal.is_some(),
        entries,
        entry_kind: ev.settings.entry_kind().name(),
        results,
        standings,
        poll_ms: POLL_MS,
        is_director,
        sim,
        can_open_sim,
        play_online,
        robot_duplicate,
        pace_line,
        ev: EventView::from(&ev),
        club,
    };
    Ok(html_page(StatusCode::OK, &page))
}
