//! The club's roster: list (by surname or first name), add one or many (pasted lines or a
//! CSV file, all or nothing), edit, archive.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::event::PlayerId;
use crate::event::club::{Club, Player, PlayerErrors, PlayerFields, RosterOrder};
use crate::event::roster::{
    LineProblem, MAX_BYTES, MAX_PROBLEMS, read_roster_bytes, read_roster_text,
};
use crate::service::clubs::{self, BulkAddError, PlayerError};
use crate::web::auth::ClubDirector;
use crate::web::config::FORM_LIMIT;
use crate::web::error::AppError;
use crate::web::page::{FieldErrors, Nav, count, flash, see_other};
use crate::web::render::html_page;
use crate::web::state::AppState;
use crate::web::upload::UploadParts;

/// A player as typed into the form, before validation.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct PlayerForm {
    pub name: String,
    pub membership_number: String,
    /// The roster's order, kept through the form (`surname` or `first`).
    pub sort: String,
}

impl PlayerForm {
    fn parse(&self) -> Result<PlayerFields, FieldErrors> {
        PlayerFields::parse(&self.name, &self.membership_number).map_err(field_errors)
    }
}

pub fn field_errors(e: PlayerErrors) -> FieldErrors {
    let mut f = FieldErrors::default();
    if let Some(m) = e.name {
        f.add("name", m);
    }
    if let Some(m) = e.membership_number {
        f.add("membership_number", m);
    }
    f
}

#[derive(Template)]
#[template(path = "players.html")]
struct PlayersPage {
    nav: Nav,
    club: Club,
    players: Vec<Player>,
    show_archived: bool,
    /// `surname` or `first`: the director's order, kept in the links and forms.
    sort: &'static str,
    form: PlayerForm,
    bulk: BulkView,
    errors: FieldErrors,
}

/// The many-players form as shown again: the text (a file's lines moved into it when they
/// need correcting) and each line's problem.
#[derive(Default)]
struct BulkView {
    lines: String,
    /// Where the text in the box came from, when it was a file.
    note: Option<String>,
    problems: Vec<String>,
    /// Problems past the first [`MAX_PROBLEMS`], counted only.
    more: usize,
}

/// The roster's order as the page's `sort` parameter names it; any other value is refused
/// by the query extractor with the site's 400 page, naming the value.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SortParam {
    #[default]
    Surname,
    First,
}

impl From<SortParam> for RosterOrder {
    fn from(s: SortParam) -> RosterOrder {
        match s {
            SortParam::Surname => RosterOrder::Surname,
            SortParam::First => RosterOrder::FirstName,
        }
    }
}

#[derive(Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    archived: Option<String>,
    #[serde(default)]
    sort: SortParam,
}

/// The roster's address with the director's order kept (the default left out).
fn roster_path(club: &Club, order: RosterOrder) -> String {
    match order {
        RosterOrder::Surname => format!("/c/{}/players", club.slug),
        other => format!("/c/{}/players?sort={}", club.slug, other.name()),
    }
}

/// The order a form's hidden `sort` field names (the default for anything else).
fn order_of(sort: &str) -> RosterOrder {
    if sort == RosterOrder::FirstName.name() {
        RosterOrder::FirstName
    } else {
        RosterOrder::Surname
    }
}

#[allow(clippy::too_many_arguments)]
async fn players_page(
    state: &AppState,
    session: &Session,
    d: &ClubDirector,
    show_archived: bool,
    order: RosterOrder,
    form: PlayerForm,
    bulk: BulkView,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let club = d.club.id;
    let players = state
        .db(move |c| Ok(clubs::roster(c, club, show_archived, order)?))
        .await?;
    Ok(html_page(
        errors.status(),
        &PlayersPage {
            nav: Nav::for_director(session, d),
            club: d.club.clone(),
            players,
            show_archived,
            sort: order.name(),
            form,
            bulk,
            errors,
        },
    ))
}

pub async fn list(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    q: web::Query<ListQuery>,
) -> Result<HttpResponse, AppError> {
    let show = q.archived.as_deref().is_some_and(|v| v == "1");
    let order = RosterOrder::from(q.sort);
    players_page(
        &state,
        &session,
        &d,
        show,
        order,
        PlayerForm {
            sort: order.name().to_string(),
            ..PlayerForm::default()
        },
        BulkView::default(),
        FieldErrors::default(),
    )
    .await
}

pub async fn create(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let input = form.into_inner();
    let order = order_of(&input.sort);
    let fields = match input.parse() {
        Ok(f) => f,
        Err(errors) => {
            return players_page(
                &state,
                &session,
                &d,
                false,
                order,
                input,
                BulkView::default(),
                errors,
            )
            .await;
        }
    };
    let club = d.club.id;
    match state
        .db(move |c| Ok(clubs::add_player(c, club, &fields)))
        .await?
    {
        Ok(p) => {
            flash(&session, format!("Added {}.", p.name));
            Ok(see_other(&roster_path(&d.club, order)))
        }
        Err(PlayerError::MembershipTaken) => {
            let errors = FieldErrors::one("membership_number", PlayerError::MembershipTaken);
            players_page(
                &state,
                &session,
                &d,
                false,
                order,
                input,
                BulkView::default(),
                errors,
            )
            .await
        }
        Err(PlayerError::NotFound) => Err(AppError::NotFound),
        Err(PlayerError::Db(e)) => Err(e.into()),
    }
}

#[derive(Template)]
#[template(path = "player_edit.html")]
struct EditPage {
    nav: Nav,
    club: Club,
    player_id: PlayerId,
    form: PlayerForm,
    errors: FieldErrors,
}

pub async fn edit_form(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, PlayerId)>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let club = d.club.id;
    let p = state
        .db(move |c| clubs::player(c, club, id)?.ok_or(AppError::NotFound))
        .await?;
    Ok(html_page(
        StatusCode::OK,
        &EditPage {
            nav: Nav::for_director(&session, &d),
            club: d.club.clone(),
            player_id: p.id,
            form: PlayerForm {
                name: p.name,
                membership_number: p.membership_number.unwrap_or_default(),
                sort: String::new(),
            },
            errors: FieldErrors::default(),
        },
    ))
}

pub async fn update(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, PlayerId)>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let input = form.into_inner();
    let club = d.club.id;
    let errors = match input.parse() {
        Ok(fields) => {
            let saved = state
                .db(move |c| Ok(clubs::update_player(c, club, id, &fields, None)))
                .await?;
            match saved {
                Ok(p) => {
                    flash(&session, format!("Saved {}.", p.name));
                    return Ok(see_other(&format!("/c/{}/players", d.club.slug)));
                }
                Err(PlayerError::MembershipTaken) => {
                    FieldErrors::one("membership_number", PlayerError::MembershipTaken)
                }
                Err(PlayerError::NotFound) => return Err(AppError::NotFound),
                Err(PlayerError::Db(e)) => return Err(e.into()),
            }
        }
        Err(errors) => {
            // Refuse ids of other clubs before echoing anything back.
            state
                .db(move |c| clubs::player(c, club, id)?.ok_or(AppError::NotFound))
                .await?;
            errors
        }
    };
    Ok(html_page(
        errors.status(),
        &EditPage {
            nav: Nav::for_director(&session, &d),
            club: d.club.clone(),
            player_id: id,
            form: input,
            errors,
        },
    ))
}

#[derive(Deserialize)]
pub struct ArchiveForm {
    #[serde(default)]
    archived: String,
    #[serde(default)]
    sort: String,
}

pub async fn archive(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    path: web::Path<(String, PlayerId)>,
    form: web::Form<ArchiveForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let archived = form.archived != "0";
    let club = d.club.id;
    let found = state
        .db(move |c| Ok(clubs::set_player_archived(c, club, id, archived)?))
        .await?;
    if !found {
        return Err(AppError::NotFound);
    }
    flash(
        &session,
        if archived {
            "Player archived."
        } else {
            "Player restored."
        },
    );
    Ok(see_other(&roster_path(&d.club, order_of(&form.sort))))
}

/// The many-players form as a page's form (`application/x-www-form-urlencoded`) sends it;
/// the page's own form is multipart, for its file.
#[derive(Deserialize, Default)]
#[serde(default)]
struct BulkForm {
    lines: String,
    sort: String,
}

/// What the many-players form sent: the pasted text, a chosen file (its name and bytes),
/// the roster's order.
struct BulkInput {
    lines: String,
    file: Option<(String, web::Bytes)>,
    sort: String,
}

/// Reads the form: its parts, which the CSRF guard has read from a multipart body, or an
/// urlencoded body (already held to the form limit by that guard).
async fn bulk_input(req: &HttpRequest, payload: web::Payload) -> Result<BulkInput, AppError> {
    if let Some(parts) = req.extensions().get::<UploadParts>() {
        // A file input left empty still sends a part, with an empty name and no bytes.
        let file = parts
            .get("file")
            .filter(|p| p.filename.as_deref().is_some_and(|n| !n.is_empty()) || !p.data.is_empty())
            .map(|p| (p.filename.clone().unwrap_or_default(), p.data.clone()));
        return Ok(BulkInput {
            lines: parts.text("lines"),
            file,
            sort: parts.text("sort"),
        });
    }
    let not_read = |says: &str| {
        AppError::Refused(
            StatusCode::BAD_REQUEST,
            "Form not understood",
            format!("{says}; nothing was saved."),
        )
    };
    let body = payload
        .to_bytes_limited(FORM_LIMIT)
        .await
        .map_err(|_| not_read("The form is larger than the limit of 64 KiB"))?
        .map_err(|_| not_read("The form could not be read"))?;
    let form: BulkForm =
        serde_urlencoded::from_bytes(&body).map_err(|_| not_read("The form could not be read"))?;
    Ok(BulkInput {
        lines: form.lines,
        file: None,
        sort: form.sort,
    })
}

/// Many players at once, from pasted lines or a CSV file: all are added, or none.
pub async fn bulk(
    state: web::Data<AppState>,
    session: Session,
    d: ClubDirector,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let input = bulk_input(&req, payload).await?;
    let order = order_of(&input.sort);
    let mut view = BulkView {
        lines: input.lines,
        ..BulkView::default()
    };
    // A file's lines, to go into the box if they need correcting there.
    let mut from_file = None;
    let read = match (view.lines.trim().is_empty(), input.file) {
        (true, None) => Err(FieldErrors::one(
            "lines",
            "paste the players, one a line, or choose a CSV file",
        )),
        (false, Some(_)) => Err(FieldErrors::one(
            "file",
            "paste lines or choose a file, not both: the pasted lines are kept below",
        )),
        (false, None) => read_roster_text(&view.lines).map_err(|e| FieldErrors::one("lines", e)),
        (true, Some((name, bytes))) => {
            if let Ok(text) = std::str::from_utf8(&bytes)
                && bytes.len() <= MAX_BYTES
            {
                from_file = Some((name, text.trim_start_matches('\u{feff}').to_string()));
            }
            read_roster_bytes(&bytes).map_err(|e| FieldErrors::one("lines", e))
        }
    };
    let errors = match read {
        Ok(lines) => {
            // Bad lines and duplicates are listed together, by the service.
            let club = d.club.id;
            match state
                .work(move |pool| Ok(clubs::add_players(pool, club, lines)))
                .await?
            {
                Ok(added) => {
                    flash(
                        &session,
                        format!("Added {}.", count(added.len() as i64, "player", "players")),
                    );
                    return Ok(see_other(&roster_path(&d.club, order)));
                }
                Err(BulkAddError::Lines(problems)) => lines_problems(problems, &mut view),
                Err(BulkAddError::Db(e)) => return Err(e.into()),
            }
        }
        Err(errors) => errors,
    };
    if let Some((name, text)) = from_file {
        view.lines = text;
        view.note = Some(format!(
            "The lines of {} are in the box: correct them there and add them again.",
            if name.is_empty() { "the file" } else { &name }
        ));
    }
    players_page(
        &state,
        &session,
        &d,
        false,
        order,
        PlayerForm {
            sort: order.name().to_string(),
            ..PlayerForm::default()
        },
        view,
        errors,
    )
    .await
}

/// Each line's problem listed under the box, one message beside it.
fn lines_problems(problems: Vec<LineProblem>, view: &mut BulkView) -> FieldErrors {
    let n = problems.len();
    view.more = n.saturating_sub(MAX_PROBLEMS);
    view.problems = problems
        .iter()
        .take(MAX_PROBLEMS)
        .map(LineProblem::to_string)
        .collect();
    FieldErrors::one(
        "lines",
        format!(
            "{} correcting, and nothing was added",
            count(n as i64, "line needs", "lines need")
        ),
    )
}
