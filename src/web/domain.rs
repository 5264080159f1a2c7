//! Input validated at the boundary: each type can only hold an acceptable value, and
//! parsing one gives a message fit to show next to the form field.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::db::models::{EventFields, PlayerFields};
use crate::engine::{GameSpec, Suit, TrickRule, Trumps, Variant};

/// Messages keyed by form field name.
#[derive(Clone, Debug, Default, Serialize)]
pub struct FieldErrors(pub BTreeMap<String, String>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, msg: impl Into<String>) {
        self.0
            .entry(field.to_string())
            .or_insert_with(|| msg.into());
    }
    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.get(field).map(String::as_str)
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// How a page showing this form answers: 422 while it has errors.
    pub fn status(&self) -> actix_web::http::StatusCode {
        if self.is_empty() {
            actix_web::http::StatusCode::OK
        } else {
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
        }
    }
    /// One line for JSON errors.
    pub fn summary(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

fn text(s: &str, what: &str, max: usize) -> Result<String, String> {
    let t = s.trim();
    if t.is_empty() {
        return Err(format!("{what} is required"));
    }
    if t.chars().count() > max {
        return Err(format!("{what} is at most {max} characters"));
    }
    if t.chars().any(char::is_control) {
        return Err(format!("{what} cannot contain control characters"));
    }
    Ok(t.to_string())
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(s: &str) -> Result<Email, String> {
        let e = s.trim().to_lowercase();
        let ok = e.len() <= 254
            && !e.chars().any(|c| c.is_whitespace() || c.is_control())
            && matches!(e.split_once('@'), Some((local, domain))
                if !local.is_empty() && domain.contains('.') && !domain.contains('@')
                    && !domain.starts_with('.') && !domain.ends_with('.'));
        if ok {
            Ok(Email(e))
        } else {
            Err("enter an email address like name@example.org".into())
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub struct Password(String);

impl Password {
    pub const MIN: usize = 10;
    pub fn parse(s: &str) -> Result<Password, String> {
        let n = s.chars().count();
        if n < Self::MIN {
            Err(format!("use at least {} characters", Self::MIN))
        } else if n > 1000 {
            Err("use at most 1000 characters".into())
        } else {
            Ok(Password(s.to_string()))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub fn person_name(s: &str) -> Result<String, String> {
    text(s, "the name", 100)
}

pub fn club_name(s: &str) -> Result<String, String> {
    text(s, "the club name", 100)
}

pub fn token_name(s: &str) -> Result<String, String> {
    text(s, "the token name", 60)
}

/// A club's address in URLs: lowercase letters, digits and inner hyphens.
pub fn club_slug(s: &str) -> Result<String, String> {
    let t = s.trim().to_lowercase();
    let ok = (2..=40).contains(&t.len())
        && t.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !t.starts_with('-')
        && !t.ends_with('-');
    if ok {
        Ok(t)
    } else {
        Err("use 2 to 40 lowercase letters, digits and hyphens (e.g. riverside-calypso)".into())
    }
}

pub fn membership_number(s: &str) -> Result<Option<String>, String> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.len() > 30
        || !t
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-./".contains(c))
    {
        return Err("up to 30 letters, digits, '-', '.' or '/'".into());
    }
    Ok(Some(t.to_string()))
}

/// How the event is run and scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventFormat {
    TeamMatch,
    PairsMitchell,
    Progressive,
}

impl EventFormat {
    pub const ALL: [EventFormat; 3] = [
        EventFormat::TeamMatch,
        EventFormat::PairsMitchell,
        EventFormat::Progressive,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            EventFormat::TeamMatch => "team-match",
            EventFormat::PairsMitchell => "pairs-mitchell",
            EventFormat::Progressive => "progressive",
        }
    }
    pub const fn label(self) -> &'static str {
        match self {
            EventFormat::TeamMatch => "Team match",
            EventFormat::PairsMitchell => "Pairs (Mitchell movement)",
            EventFormat::Progressive => "Progressive",
        }
    }
}

impl FromStr for EventFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        EventFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| "choose team-match, pairs-mitchell or progressive".into())
    }
}

/// An event's life: draft (editable, private) -> ready -> running -> finished -> archived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventStatus {
    Draft,
    Ready,
    Running,
    Finished,
    Archived,
}

impl EventStatus {
    pub const ALL: [EventStatus; 5] = [
        EventStatus::Draft,
        EventStatus::Ready,
        EventStatus::Running,
        EventStatus::Finished,
        EventStatus::Archived,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            EventStatus::Draft => "draft",
            EventStatus::Ready => "ready",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
            EventStatus::Archived => "archived",
        }
    }
    /// The statuses a director may move this one to.
    pub fn next(self) -> &'static [EventStatus] {
        match self {
            EventStatus::Draft => &[EventStatus::Ready],
            EventStatus::Ready => &[EventStatus::Running, EventStatus::Draft],
            EventStatus::Running => &[EventStatus::Finished],
            EventStatus::Finished => &[EventStatus::Archived],
            EventStatus::Archived => &[],
        }
    }
}

impl FromStr for EventStatus {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        EventStatus::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("unknown status \"{s}\""))
    }
}

impl fmt::Display for EventStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

pub const MAX_TABLES: i32 = 100;
pub const MAX_BOARDS: i32 = 200;

fn count(s: &str, what: &str, max: i32) -> Result<i32, String> {
    match s.trim().parse::<i32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("{what} must be a whole number from 1 to {max}")),
    }
}

/// Trump seating as stored: a letter or '-' per seat, N E S W.
pub fn trumps_text(t: &Trumps) -> String {
    t.0.iter().map(|s| s.map_or('-', |s| s.letter())).collect()
}

pub fn parse_trumps(s: &str) -> Result<Trumps, String> {
    let chars: Vec<char> = s.trim().chars().collect();
    if chars.len() != 4 {
        return Err("give four seats N E S W, each a suit letter S H D C or '-', e.g. SDHC".into());
    }
    let mut t = [None; 4];
    for (slot, c) in t.iter_mut().zip(chars) {
        if c != '-' {
            *slot = Some(Suit::from_char(c).ok_or_else(|| {
                format!("\"{c}\" is not a suit: use S, H, D, C or '-' for no trump")
            })?);
        }
    }
    Ok(Trumps(t))
}

/// An event as typed into the form (or sent as JSON), before validation.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct EventInput {
    pub name: String,
    pub date: String,
    pub format: String,
    pub variant: String,
    pub tables: String,
    pub boards: String,
    pub trick_rule: String,
    /// Four characters N E S W, or empty for the variant's default seating.
    pub trumps: String,
}

impl EventInput {
    pub fn from_event(e: &crate::db::models::Event) -> EventInput {
        EventInput {
            name: e.name.clone(),
            date: e.event_date.format("%Y-%m-%d").to_string(),
            format: e.format.clone(),
            variant: e.variant.clone(),
            tables: e.tables.to_string(),
            boards: e.boards.to_string(),
            trick_rule: e.trick_rule.clone(),
            trumps: e.trumps.clone(),
        }
    }

    /// Checks every field (reporting all problems at once) and the game spec as a whole.
    pub fn validate(&self) -> Result<EventFields, FieldErrors> {
        let mut errs = FieldErrors::default();
        let name = text(&self.name, "the event name", 120).map_err(|e| errs.add("name", e));
        let date = NaiveDate::parse_from_str(self.date.trim(), "%Y-%m-%d")
            .ok()
            .filter(|d| (2000..=2100).contains(&d.year()))
            .ok_or_else(|| errs.add("date", "enter a date as YYYY-MM-DD"));
        let format = self
            .format
            .parse::<EventFormat>()
            .map_err(|e| errs.add("format", e));
        let variant = self
            .variant
            .parse::<Variant>()
            .map_err(|e| errs.add("variant", e));
        let tables = count(&self.tables, "tables", MAX_TABLES).map_err(|e| errs.add("tables", e));
        let boards = count(&self.boards, "boards", MAX_BOARDS).map_err(|e| errs.add("boards", e));
        let rule = self
            .trick_rule
            .parse::<TrickRule>()
            .map_err(|e| errs.add("trick_rule", e));
        let mut trumps = None;
        if let Ok(v) = variant {
            let spec = GameSpec::new(v);
            let t = if self.trumps.trim().is_empty() {
                Ok(spec.trumps)
            } else {
                parse_trumps(&self.trumps)
            };
            match t.and_then(|t| spec.with_trumps(t).map_err(|e| e.0)) {
                Ok(spec) => trumps = Some(spec.trumps),
                Err(e) => errs.add("trumps", e),
            }
        }
        match (name, date, format, variant, tables, boards, rule, trumps) {
            (
                Ok(name),
                Ok(date),
                Ok(format),
                Ok(variant),
                Ok(tables),
                Ok(boards),
                Ok(rule),
                Some(t),
            ) if errs.is_empty() => Ok(EventFields {
                name,
                event_date: date,
                format: format.name().to_string(),
                variant: variant.name().to_string(),
                tables,
                boards,
                trick_rule: rule.name().to_string(),
                trumps: trumps_text(&t),
            }),
            _ => Err(errs),
        }
    }
}

/// A player as typed into the form (or sent as JSON), before validation.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct PlayerInput {
    pub name: String,
    pub membership_number: String,
}

impl PlayerInput {
    pub fn validate(&self) -> Result<PlayerFields, FieldErrors> {
        let mut errs = FieldErrors::default();
        let name = person_name(&self.name).map_err(|e| errs.add("name", e));
        let number = membership_number(&self.membership_number)
            .map_err(|e| errs.add("membership_number", e));
        match (name, number) {
            (Ok(name), Ok(membership_number)) => Ok(PlayerFields {
                name,
                membership_number,
            }),
            _ => Err(errs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> EventInput {
        EventInput {
            name: "Spring pairs".into(),
            date: "2026-04-01".into(),
            format: "pairs-mitchell".into(),
            variant: "standard".into(),
            tables: "6".into(),
            boards: "24".into(),
            trick_rule: "standard".into(),
            trumps: String::new(),
        }
    }

    #[test]
    fn a_good_event_validates_with_the_default_seating() {
        let f = input().validate().unwrap();
        assert_eq!(f.trumps, "SDHC");
        assert_eq!(f.tables, 6);
    }

    #[test]
    fn every_bad_field_is_reported() {
        let mut i = input();
        i.name = "  ".into();
        i.date = "2026-02-30".into();
        i.tables = "0".into();
        i.boards = "x".into();
        i.trick_rule = "whist".into();
        let e = i.validate().unwrap_err();
        for f in ["name", "date", "tables", "boards", "trick_rule"] {
            assert!(e.get(f).is_some(), "{f}: {e:?}");
        }
    }

    #[test]
    fn seating_is_checked_against_the_variant() {
        let mut i = input();
        i.trumps = "SSHC".into();
        assert!(i.validate().unwrap_err().get("trumps").is_some());
        i.variant = "cutthroat-3".into();
        i.trumps = "SDHC".into();
        assert!(
            i.validate()
                .unwrap_err()
                .get("trumps")
                .unwrap()
                .contains("no Diamonds")
        );
        i.variant = "sheinwold-3".into();
        assert!(
            i.validate()
                .unwrap_err()
                .get("trumps")
                .unwrap()
                .contains("West")
        );
        i.variant = "cutthroat-3".into();
        i.trumps = String::new();
        assert_eq!(i.validate().unwrap().trumps, "SHC-");
    }

    #[test]
    fn emails_and_slugs() {
        assert_eq!(
            Email::parse(" Ann@Example.org ").unwrap().as_str(),
            "ann@example.org"
        );
        assert!(Email::parse("ann").is_err());
        assert!(Email::parse("ann@x").is_err());
        assert!(club_slug("Riverside-1").is_ok());
        assert!(club_slug("-x").is_err());
        assert!(club_slug("a b").is_err());
    }
}
