//! What every page shares: the frame's navigation, the session's CSRF token, one-time
//! messages, redirects after a POST, the messages beside form fields, the page that asks
//! before an act that cannot be undone, an event's line in a list, and the live parts' answer.

use std::collections::BTreeMap;

use actix_session::Session;
use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};

use askama::Template;

use super::auth::{ClubDirector, MaybeDirector};
use super::render::html_page;
use crate::event::Event;
use crate::event::EventId;
use crate::event::results::OpenDisputes;
use crate::service::tokens::random_token;

/// Session key of the CSRF token, and the form field that must carry it.
pub const SESSION_CSRF: &str = "csrf";
pub const CSRF_FIELD: &str = "csrf_token";
const SESSION_FLASH: &str = "flash";

/// The session's CSRF token, created on first use.
pub fn csrf_token(session: &Session) -> String {
    if let Ok(Some(t)) = session.get::<String>(SESSION_CSRF) {
        return t;
    }
    rotate_csrf(session)
}

/// Starts a new token (after login, so a token seen before login is worthless after).
pub fn rotate_csrf(session: &Session) -> String {
    let t = random_token();
    let _ = session.insert(SESSION_CSRF, &t);
    t
}

/// The frame of every page: the viewer, the CSRF token for forms, a one-time message.
pub struct Nav {
    pub csrf: String,
    pub director: Option<NavDirector>,
    pub flash: Option<String>,
}

pub struct NavDirector {
    pub name: String,
    pub club_slug: String,
    pub club_name: String,
    pub owner: bool,
    /// The open disputes' link, on the club's own pages (the live script keeps it current).
    pub disputes: String,
}

/// The navigation's count of the club's open disputes, linking the results grid of the event
/// (the events list when several have one); empty when there is none.
#[derive(askama::Template)]
#[template(path = "_nav_disputes.html")]
pub struct DisputesBadge {
    total: u32,
    href: String,
}

impl DisputesBadge {
    pub fn of(club_slug: &str, open: &OpenDisputes) -> DisputesBadge {
        let href = match (open.events(), open.first_event()) {
            (1, Some(id)) => format!("/c/{club_slug}/events/{id}/results"),
            _ => format!("/c/{club_slug}/events"),
        };
        DisputesBadge {
            total: open.total(),
            href,
        }
    }
}

impl Nav {
    pub fn new(session: &Session, viewer: &MaybeDirector) -> Nav {
        let flash = session.get::<String>(SESSION_FLASH).ok().flatten();
        if flash.is_some() {
            session.remove(SESSION_FLASH);
        }
        Nav {
            csrf: csrf_token(session),
            director: viewer.0.as_ref().map(|(d, c)| NavDirector {
                name: d.name.clone(),
                club_slug: c.slug.clone(),
                club_name: c.name.clone(),
                owner: d.is_owner(),
                disputes: String::new(),
            }),
            flash,
        }
    }

    /// The navigation of a page without forms of its own (standings, travellers): for an
    /// anonymous reader it leaves the session alone, so a phone polling the page gets no new
    /// session cookie on every answer; a logged-in director gets the usual one.
    pub fn reading(session: &Session, viewer: &MaybeDirector) -> Nav {
        match viewer.0 {
            None => Nav {
                csrf: String::new(),
                director: None,
                flash: None,
            },
            Some(_) => Nav::new(session, viewer),
        }
    }

    pub fn for_director(session: &Session, d: &super::auth::ClubDirector) -> Nav {
        let mut nav = Nav::new(
            session,
            &MaybeDirector(Some((d.director.clone(), d.club.clone()))),
        );
        if let Some(n) = &mut nav.director {
            n.disputes = askama::Template::render(&DisputesBadge::of(&d.club.slug, &d.disputes))
                .unwrap_or_default();
        }
        nav
    }
}

/// A message shown once on the next page.
pub fn flash(session: &Session, msg: impl Into<String>) {
    let _ = session.insert(SESSION_FLASH, msg.into());
}

/// Redirect after a successful POST (so reloading does not resubmit).
pub fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to.to_string()))
        .finish()
}

/// Messages keyed by form field name (the field's `id` on the page, which the summary at
/// the top of the page links to), kept in the order they were found.
#[derive(Clone, Debug, Default)]
pub struct FieldErrors {
    messages: BTreeMap<String, String>,
    order: Vec<String>,
}

impl FieldErrors {
    /// Keeps the first message for a field.
    pub fn add(&mut self, field: &str, msg: impl ToString) {
        if !self.messages.contains_key(field) {
            self.messages.insert(field.to_string(), msg.to_string());
            self.order.push(field.to_string());
        }
    }

    /// (field, its label, message) in the order found, for the summary at the top of the
    /// page, where a message is read away from its field.
    pub fn in_order(&self) -> Vec<(&str, String, &str)> {
        self.order
            .iter()
            .filter_map(|f| {
                self.messages
                    .get(f)
                    .map(|m| (f.as_str(), field_label(f), m.as_str()))
            })
            .collect()
    }

    /// The summary's heading: how many problems there are.
    pub fn heading(&self) -> String {
        match self.messages.len() {
            1 => "There is a problem to correct".to_string(),
            n => format!("There are {n} problems to correct"),
        }
    }
    pub fn one(field: &str, msg: impl ToString) -> FieldErrors {
        let mut e = FieldErrors::default();
        e.add(field, msg);
        e
    }
    pub fn get(&self, field: &str) -> Option<&str> {
        self.messages.get(field).map(String::as_str)
    }
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }
    /// How a page showing this form answers: 422 while it has errors.
    pub fn status(&self) -> StatusCode {
        if self.is_empty() {
            StatusCode::OK
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        }
    }
    /// One line for JSON errors (by field name, as it always was).
    pub fn summary(&self) -> String {
        self.messages
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// A form field's name in words, as its label says it: the pages' few special ones, else
/// the name with spaces ("team_name": "Team name", "player_2": "Player 2").
pub fn field_label(field: &str) -> String {
    let special = match field {
        "lines" => "Pasted players",
        "file" => "CSV file",
        "slug" => "Club address",
        "password_confirm" => "Password again",
        "correction_minutes" => "Correction period",
        "boards_per_round" => "Boards a round",
        "arrow_switch" => "Arrow switch",
        "settle_reason" | "withdraw_reason" => "Reason",
        "withdraw_entry" => "Entry to withdraw",
        _ => "",
    };
    if !special.is_empty() {
        return special.to_string();
    }
    let words = field.replace('_', " ");
    let mut c = words.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// `1 table`, `2 tables`: counts in words on pages.
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A form's comma-separated whole numbers ("3, 5"): the numbers, and each part that is not
/// one, for the caller to name in its own words. Empty parts are skipped.
pub fn number_list(text: &str) -> (Vec<u32>, Vec<&str>) {
    let (mut numbers, mut bad) = (Vec::new(), Vec::new());
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse() {
            Ok(n) => numbers.push(n),
            Err(_) => bad.push(part),
        }
    }
    (numbers, bad)
}

/// One line in an event list.
pub struct EventSummary {
    pub id: EventId,
    pub name: String,
    pub date: String,
    pub format_label: &'static str,
    pub size: String,
    pub status: &'static str,
}

impl From<&Event> for EventSummary {
    fn from(e: &Event) -> Self {
        let s = &e.settings;
        EventSummary {
            id: e.id,
            name: s.name().to_string(),
            date: s.date().format("%a %-d %b %Y").to_string(),
            format_label: s.format().label(),
            size: format!(
                "{}, {}",
                count(s.tables(), "table", "tables"),
                count(s.boards(), "board", "boards")
            ),
            status: e.status.name(),
        }
    }
}

/// The page that asks before an act that cannot be undone; its button posts the same form
/// again with `confirm=yes`.
#[derive(Template)]
#[template(path = "confirm.html")]
struct ConfirmPage {
    nav: Nav,
    title: String,
    message: String,
    action: String,
    fields: Vec<(&'static str, String)>,
    button: String,
    back: String,
}

pub fn confirmation(
    session: &Session,
    d: &ClubDirector,
    title: String,
    message: String,
    action: String,
    fields: Vec<(&'static str, String)>,
    back: String,
) -> HttpResponse {
    html_page(
        StatusCode::OK,
        &ConfirmPage {
            nav: Nav::for_director(session, d),
            button: format!("Yes: {}", title.to_lowercase()),
            title,
            message,
            action,
            fields,
            back,
        },
    )
}

/// A live part as the page's script reads it: `{"html": ...}`, never cached.
pub fn live_json(part: &str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(serde_json::json!({ "html": part }))
}

/// How often the director's live parts ask for news: a dispute is the director being called.
pub const DIRECTOR_POLL_MS: u64 = 3000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_lists_give_the_numbers_and_the_parts_that_are_not() {
        assert_eq!(number_list(" 3, 5,,7 "), (vec![3, 5, 7], vec![]));
        assert_eq!(number_list("4, five, -1"), (vec![4], vec!["five", "-1"]));
        assert_eq!(number_list(""), (vec![], vec![]));
    }

    #[test]
    fn counts_take_the_singular_for_one() {
        assert_eq!(count(1, "table", "tables"), "1 table");
        assert_eq!(count(0u16, "table", "tables"), "0 tables");
        assert_eq!(count(12, "board", "boards"), "12 boards");
    }

    #[test]
    fn field_errors_keep_the_first_message_and_answer_422() {
        let mut e = FieldErrors::default();
        assert_eq!(e.status(), StatusCode::OK);
        e.add("name", "first");
        e.add("name", "second");
        assert_eq!(e.get("name"), Some("first"));
        assert_eq!(e.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(e.summary(), "name: first");
        e.add("email", "third");
        assert_eq!(
            e.in_order(),
            vec![
                ("name", "Name".to_string(), "first"),
                ("email", "Email".to_string(), "third")
            ]
        );
        assert_eq!(field_label("membership_number"), "Membership number");
        assert_eq!(field_label("player_2"), "Player 2");
        assert_eq!(field_label("lines"), "Pasted players");
        assert_eq!(e.summary(), "email: third; name: first");
        assert_eq!(e.heading(), "There are 2 problems to correct");
    }
}
