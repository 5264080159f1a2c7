//! The club's archive: which events it holds, grouped by year and month, and the people in
//! their entries (roster players by id, guests by name), found by part of a name, with each
//! one's placings and running average percentage. Pure: the caller reads the events, entries
//! and standings.

use std::collections::BTreeMap;
use std::fmt;

use chrono::{Datelike, NaiveDate};

use super::entries::Entrant;
use super::lifecycle::EventStatus;
use super::standings::{EventStandings, Method, StandingRow};
use super::{EventId, PlayerId};

/// Past events: played out, called off or put away. Drafts and events still to be played
/// are not in the archive.
pub fn in_archive(status: EventStatus) -> bool {
    matches!(
        status,
        EventStatus::Finished | EventStatus::Cancelled | EventStatus::Archived
    )
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

#[derive(Clone, Debug, PartialEq)]
pub struct Month<T> {
    /// 1 to 12.
    pub month: u32,
    pub name: &'static str,
    pub items: Vec<T>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Year<T> {
    pub year: i32,
    pub months: Vec<Month<T>>,
}

/// Items grouped by year, then month, newest first at every level; items of the same date
/// keep the order they came in.
pub fn by_year_and_month<T>(mut items: Vec<(NaiveDate, T)>) -> Vec<Year<T>> {
    items.sort_by_key(|i| std::cmp::Reverse(i.0));
    let mut years: Vec<Year<T>> = Vec::new();
    for (date, item) in items {
        if years.last().is_none_or(|y| y.year != date.year()) {
            years.push(Year {
                year: date.year(),
                months: vec![],
            });
        }
        let Some(year) = years.last_mut() else {
            continue;
        };
        if year.months.last().is_none_or(|m| m.month != date.month()) {
            year.months.push(Month {
                month: date.month(),
                name: MONTHS[date.month0() as usize],
                items: vec![],
            });
        }
        if let Some(month) = year.months.last_mut() {
            month.items.push(item);
        }
    }
    years
}

/// Who a name in an entry is: a roster player (by id, whatever the name now is) or a guest
/// (by name: the same guest name in two events is taken as one person).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PersonKey {
    Roster(PlayerId),
    /// The guest's name as [`guest_slug`] gives it.
    Guest(String),
}

/// A guest's name for a URL: lower case letters and digits, anything else between them one
/// `-` ("Anne-Marie O'Hara" is `anne-marie-o-hara`). Empty for a name with no letter or digit.
pub fn guest_slug(name: &str) -> String {
    let mut slug = String::new();
    let mut gap = false;
    for c in name.chars() {
        if c.is_alphanumeric() {
            if gap && !slug.is_empty() {
                slug.push('-');
            }
            gap = false;
            slug.extend(c.to_lowercase());
        } else {
            gap = true;
        }
    }
    slug
}

impl PersonKey {
    /// The entrant's key; None for a guest whose name has no letter or digit to link by.
    pub fn of(e: &Entrant) -> Option<PersonKey> {
        match e.player_id {
            Some(id) => Some(PersonKey::Roster(id)),
            None => {
                let slug = guest_slug(&e.name);
                (!slug.is_empty()).then_some(PersonKey::Guest(slug))
            }
        }
    }

    /// The key as a path segment: `p12`, or `g-` and the slug, its non-ASCII letters
    /// percent-encoded so the link is plain ASCII.
    pub fn path(&self) -> String {
        let text = self.to_string();
        let mut out = String::with_capacity(text.len());
        for b in text.bytes() {
            if b.is_ascii() {
                out.push(b as char);
            } else {
                out.push_str(&format!("%{b:02X}"));
            }
        }
        out
    }

    /// A key as [`fmt::Display`] writes it (a path segment, already decoded); None for
    /// anything else.
    pub fn parse(s: &str) -> Option<PersonKey> {
        if let Some(id) = s.strip_prefix('p') {
            return id.parse().ok().map(PersonKey::Roster);
        }
        let slug = s.strip_prefix("g-")?;
        // Only what guest_slug makes: the same slug again.
        (!slug.is_empty() && guest_slug(slug) == slug).then(|| PersonKey::Guest(slug.to_string()))
    }
}

impl fmt::Display for PersonKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PersonKey::Roster(id) => write!(f, "p{id}"),
            PersonKey::Guest(slug) => write!(f, "g-{slug}"),
        }
    }
}

/// A search as typed: trimmed, runs of spaces made one, lower case; None when nothing is left.
pub fn search_terms(query: &str) -> Option<String> {
    let q = query.split_whitespace().collect::<Vec<_>>().join(" ");
    (!q.is_empty()).then(|| q.to_lowercase())
}

/// Whether `name` contains the (prepared) search, ignoring case and extra spaces.
pub fn name_matches(terms: &str, name: &str) -> bool {
    search_terms(name).is_some_and(|n| n.contains(terms))
}

/// A person the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub key: PersonKey,
    /// The name in their most recent entry.
    pub name: String,
    /// How many of the searched events they played in.
    pub events: usize,
}

/// Everyone in `entrants` (each with the event it is in, newest events first) whose name
/// contains `terms`, by name.
pub fn search<'a>(
    terms: &str,
    entrants: impl IntoIterator<Item = (EventId, &'a Entrant)>,
) -> Vec<Found> {
    let mut found: BTreeMap<PersonKey, (String, Vec<EventId>)> = BTreeMap::new();
    for (event, e) in entrants {
        if !name_matches(terms, &e.name) {
            continue;
        }
        let Some(key) = PersonKey::of(e) else {
            continue;
        };
        let (_, events) = found.entry(key).or_insert_with(|| (e.name.clone(), vec![]));
        if !events.contains(&event) {
            events.push(event);
        }
    }
    let mut out: Vec<Found> = found
        .into_iter()
        .map(|(key, (name, events))| Found {
            key,
            name,
            events: events.len(),
        })
        .collect();
    out.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then(a.key.cmp(&b.key))
    });
    out
}

/// The standings row of the entry numbered `number` (a team match's teams are A and B, its
/// entries 1 and 2), with its field's title.
pub fn row_of(view: &EventStandings, number: i32) -> Option<(&'static str, &StandingRow)> {
    let label = match view.method {
        Method::Team => match number {
            1 => "A".to_string(),
            2 => "B".to_string(),
            _ => return None,
        },
        _ => number.to_string(),
    };
    view.fields.iter().find_map(|f| {
        f.rows
            .iter()
            .find(|r| r.entry == label)
            .map(|r| (f.title, r))
    })
}

/// The average after each value: the running average percentage over a player's events.
pub fn running_average(values: &[f64]) -> Vec<f64> {
    let mut sum = 0.0;
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            sum += v;
            sum / (i + 1) as f64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn only_past_events_are_archived() {
        let kept: Vec<&str> = EventStatus::ALL
            .into_iter()
            .filter(|s| in_archive(*s))
            .map(|s| s.name())
            .collect();
        assert_eq!(kept, ["finished", "cancelled", "archived"]);
    }

    #[test]
    fn events_group_by_year_then_month_newest_first() {
        let years = by_year_and_month(vec![
            (d(2025, 11, 3), "november"),
            (d(2026, 3, 10), "march a"),
            (d(2026, 6, 1), "june"),
            (d(2026, 3, 10), "march b"),
            (d(2026, 3, 24), "march late"),
        ]);
        type Shape<'a> = Vec<(i32, Vec<(&'a str, Vec<&'a str>)>)>;
        let shape: Shape = years
            .iter()
            .map(|y| {
                (
                    y.year,
                    y.months.iter().map(|m| (m.name, m.items.clone())).collect(),
                )
            })
            .collect();
        assert_eq!(
            shape,
            vec![
                (
                    2026,
                    vec![
                        ("June", vec!["june"]),
                        ("March", vec!["march late", "march a", "march b"]),
                    ]
                ),
                (2025, vec![("November", vec!["november"])]),
            ]
        );
        assert!(by_year_and_month::<u8>(vec![]).is_empty());
    }

    #[test]
    fn keys_name_roster_players_by_id_and_guests_by_name() {
        let guest = Entrant {
            player_id: None,
            name: "  Anne-Marie O'Hara ".into(),
        };
        let key = PersonKey::of(&guest).unwrap();
        assert_eq!(key.to_string(), "g-anne-marie-o-hara");
        assert_eq!(PersonKey::parse("g-anne-marie-o-hara"), Some(key));
        let roster = Entrant {
            player_id: Some(PlayerId::new(12)),
            name: "Anne-Marie O'Hara".into(),
        };
        let key = PersonKey::of(&roster).unwrap();
        assert_eq!(key.path(), "p12");
        assert_eq!(PersonKey::parse("p12"), Some(key));
        for bad in [
            "", "p", "p0", "p-3", "px", "g-", "g-Upper", "g-a--b", "x12", "g-a b",
        ] {
            assert_eq!(PersonKey::parse(bad), None, "{bad:?}");
        }
        let nameless = Entrant {
            player_id: None,
            name: "?!".into(),
        };
        assert_eq!(PersonKey::of(&nameless), None);
        // Letters beyond ASCII stay (lower case) and are percent-encoded in the path.
        let accented = PersonKey::Guest(guest_slug("Zoë Ébert"));
        assert_eq!(accented.to_string(), "g-zoë-ébert");
        assert_eq!(accented.path(), "g-zo%C3%AB-%C3%A9bert");
        assert_eq!(PersonKey::parse("g-zoë-ébert"), Some(accented));
    }

    #[test]
    fn search_is_a_case_insensitive_part_of_a_name() {
        let ann = Entrant {
            player_id: Some(PlayerId::new(1)),
            name: "Ann  Walker".into(),
        };
        let bob = Entrant {
            player_id: None,
            name: "Bob Hannay".into(),
        };
        let walker_guest = Entrant {
            player_id: None,
            name: "Joe Walker".into(),
        };
        let (e1, e2) = (EventId::new(1), EventId::new(2));
        let all = vec![
            (e2, &ann),
            (e2, &walker_guest),
            (e1, &ann),
            (e1, &bob),
            (e1, &walker_guest),
        ];
        let terms = search_terms("  ANN ").unwrap();
        let found = search(&terms, all.clone());
        assert_eq!(
            found,
            vec![
                Found {
                    key: PersonKey::Roster(PlayerId::new(1)),
                    name: "Ann  Walker".into(),
                    events: 2
                },
                Found {
                    key: PersonKey::Guest("bob-hannay".into()),
                    name: "Bob Hannay".into(),
                    events: 1
                },
            ]
        );
        let walker: Vec<String> = search(&search_terms("n walk").unwrap(), all.clone())
            .into_iter()
            .map(|f| f.key.to_string())
            .collect();
        assert_eq!(walker, ["p1"]);
        assert!(search(&search_terms("zed").unwrap(), all).is_empty());
        assert_eq!(search_terms("   "), None);
    }

    #[test]
    fn running_average_is_the_mean_so_far() {
        assert_eq!(
            running_average(&[60.0, 40.0, 56.0, 52.0]),
            [60.0, 50.0, 52.0, 52.0]
        );
        assert!(running_average(&[]).is_empty());
    }
}
