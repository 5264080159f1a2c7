//! The club around its events: the club, its directors and its roster, and the validated
//! values people type for them (names, addresses, emails, passwords, membership numbers).

use chrono::{DateTime, NaiveDate, NaiveDateTime, Offset, TimeZone as _};
use chrono_tz::{OffsetName, Tz};

use super::ids::{ApiTokenId, ClubId, DirectorId, InviteId, PlayerId};

/// Why a typed value is refused; the message reads well beside the form field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    #[error("{0} is required")]
    Missing(&'static str),
    #[error("{what} is at most {max} characters")]
    TooLong { what: &'static str, max: usize },
    #[error("{0} cannot contain control characters")]
    Control(&'static str),
    #[error("enter an email address like name@example.org")]
    Email,
    #[error("use 2 to 40 lowercase letters, digits and hyphens (e.g. riverside-calypso)")]
    Slug,
    #[error("use at least {0} characters")]
    PasswordShort(usize),
    #[error("use at most 1000 characters")]
    PasswordLong,
    #[error("up to 30 letters, digits, '-', '.' or '/'")]
    MembershipNumber,
    #[error(
        "\"{0}\" is not a time zone the server knows: use a name from the IANA time zone \
         database, such as America/Port_of_Spain, Europe/London or UTC"
    )]
    TimeZone(String),
}

/// Trimmed text of at most `max` characters, required, without control characters.
pub fn text_value(s: &str, what: &'static str, max: usize) -> Result<String, ValueError> {
    let t = s.trim();
    if t.is_empty() {
        Err(ValueError::Missing(what))
    } else if t.chars().count() > max {
        Err(ValueError::TooLong { what, max })
    } else if t.chars().any(char::is_control) {
        Err(ValueError::Control(what))
    } else {
        Ok(t.to_string())
    }
}

pub fn person_name(s: &str) -> Result<String, ValueError> {
    text_value(s, "the name", 100)
}

pub fn club_name(s: &str) -> Result<String, ValueError> {
    text_value(s, "the club name", 100)
}

pub fn token_name(s: &str) -> Result<String, ValueError> {
    text_value(s, "the token name", 60)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(s: &str) -> Result<Email, ValueError> {
        let e = s.trim().to_lowercase();
        let ok = e.len() <= 254
            && !e.chars().any(|c| c.is_whitespace() || c.is_control())
            && matches!(e.split_once('@'), Some((local, domain))
                if !local.is_empty() && domain.contains('.') && !domain.contains('@')
                    && !domain.starts_with('.') && !domain.ends_with('.'));
        if ok {
            Ok(Email(e))
        } else {
            Err(ValueError::Email)
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub struct Password(String);

impl Password {
    pub const MIN: usize = 10;
    pub fn parse(s: &str) -> Result<Password, ValueError> {
        let n = s.chars().count();
        if n < Self::MIN {
            Err(ValueError::PasswordShort(Self::MIN))
        } else if n > 1000 {
            Err(ValueError::PasswordLong)
        } else {
            Ok(Password(s.to_string()))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A club's address in URLs: lowercase letters, digits and inner hyphens.
pub fn club_slug(s: &str) -> Result<String, ValueError> {
    let t = s.trim().to_lowercase();
    let ok = (2..=40).contains(&t.len())
        && t.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !t.starts_with('-')
        && !t.ends_with('-');
    if ok { Ok(t) } else { Err(ValueError::Slug) }
}

pub fn membership_number(s: &str) -> Result<Option<String>, ValueError> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.len() > 30
        || !t
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-./".contains(c))
    {
        return Err(ValueError::MembershipNumber);
    }
    Ok(Some(t.to_string()))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Club {
    pub id: ClubId,
    pub slug: String,
    pub name: String,
    pub created_at: NaiveDateTime,
    /// Where the club plays: every time its pages and papers show is in this zone.
    pub time_zone: TimeZone,
}

/// A club's time zone: a name of the IANA time zone database (America/Port_of_Spain), as
/// the chrono-tz crate carries it. Moments are stored in UTC; this is the one place they
/// become the club's local time, for every page and paper ([`TimeZone::show`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeZone(Tz);

impl Default for TimeZone {
    /// A club that never chose one (every club made before clubs had a zone) reads UTC.
    fn default() -> TimeZone {
        TimeZone::UTC
    }
}

impl TimeZone {
    pub const UTC: TimeZone = TimeZone(Tz::UTC);

    /// The zone a person typed: trimmed, case aside, a space read as the database's `_`
    /// ("america/port of spain" is America/Port_of_Spain). Anything else is refused, naming it.
    pub fn parse(s: &str) -> Result<TimeZone, ValueError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(ValueError::Missing("the time zone"));
        }
        if t.chars().count() > 60 {
            return Err(ValueError::TooLong {
                what: "the time zone",
                max: 60,
            });
        }
        if t.chars().any(char::is_control) {
            return Err(ValueError::Control("the time zone"));
        }
        let wanted = t.replace(' ', "_");
        if let Ok(tz) = wanted.parse::<Tz>() {
            return Ok(TimeZone(tz));
        }
        chrono_tz::TZ_VARIANTS
            .iter()
            .find(|tz| tz.name().eq_ignore_ascii_case(&wanted))
            .map(|&tz| TimeZone(tz))
            .ok_or_else(|| ValueError::TimeZone(t.to_string()))
    }

    /// The database's name, as stored and shown in forms ("America/Port_of_Spain").
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The stored moment (UTC) as the club's clock shows it.
    pub fn local(self, utc: NaiveDateTime) -> DateTime<Tz> {
        self.0.from_utc_datetime(&utc)
    }

    /// The club's calendar day at that moment (what "today" is for the club).
    pub fn date(self, utc: NaiveDateTime) -> NaiveDate {
        self.local(utc).date_naive()
    }

    /// What the club's clocks are called at that moment: the database's abbreviation (AST,
    /// GMT in winter and BST in summer for Europe/London), or the offset where the database
    /// has none ("UTC-03", "UTC+05:45"), so a reader never sees a bare "-03".
    pub fn abbreviation(self, utc: NaiveDateTime) -> String {
        let offset = *self.local(utc).offset();
        if let Some(name) = offset.abbreviation() {
            return name.to_string();
        }
        let seconds = offset.fix().local_minus_utc();
        let sign = if seconds < 0 { '-' } else { '+' };
        let (h, m) = (seconds.abs() / 3600, seconds.abs() / 60 % 60);
        if m == 0 {
            format!("UTC{sign}{h:02}")
        } else {
            format!("UTC{sign}{h:02}:{m:02}")
        }
    }

    /// A stored moment written for a page or a paper: local time by `pattern` (chrono's
    /// strftime, e.g. `%H:%M`), then the zone's abbreviation: "20:15 AST",
    /// "2026-05-01 20:15 AST". Every time shown to people goes through here.
    pub fn show(self, utc: NaiveDateTime, pattern: &str) -> String {
        format!(
            "{} {}",
            self.local(utc).format(pattern),
            self.abbreviation(utc)
        )
    }

    /// The moment as RFC 3339 in this zone, its fraction of a second as stored: what the API
    /// writes, always as `TimeZone::UTC.rfc3339(t)` ("2026-04-01T19:42:10.123456Z"), so no
    /// tool has to guess the zone of a time.
    pub fn rfc3339(self, utc: NaiveDateTime) -> String {
        self.local(utc)
            .to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true)
    }

    /// The names a form offers: every region's zones of the database, and UTC; its older
    /// aliases (US/Eastern, GB) are still read by [`TimeZone::parse`] but not offered.
    pub fn offered() -> impl Iterator<Item = &'static str> {
        const REGIONS: [&str; 10] = [
            "Africa/",
            "America/",
            "Antarctica/",
            "Arctic/",
            "Asia/",
            "Atlantic/",
            "Australia/",
            "Europe/",
            "Indian/",
            "Pacific/",
        ];
        std::iter::once("UTC").chain(
            chrono_tz::TZ_VARIANTS
                .iter()
                .map(|tz| tz.name())
                .filter(|n| REGIONS.iter().any(|r| n.starts_with(r))),
        )
    }
}

impl std::fmt::Display for TimeZone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Set the club up; invites and removes directors.
    Owner,
    Director,
}

impl Role {
    pub const ALL: [Role; 2] = [Role::Owner, Role::Director];
    pub const fn name(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Director => "director",
        }
    }
    pub fn from_name(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.name() == s)
    }
}

#[derive(Clone, Debug)]
pub struct Director {
    pub id: DirectorId,
    pub club_id: ClubId,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub created_at: NaiveDateTime,
}

impl Director {
    pub fn is_owner(&self) -> bool {
        self.role == Role::Owner
    }
}

/// A director account to create (a club's owner from a setup link, or an invited director):
/// who they are, and their password as stored (hashed, never the password itself).
pub struct NewDirector<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub password_hash: &'a str,
}

#[derive(Clone, Debug)]
pub struct Invite {
    pub id: InviteId,
    pub club_id: ClubId,
    pub email: String,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

#[derive(Clone, Debug)]
pub struct ApiToken {
    pub id: ApiTokenId,
    pub director_id: DirectorId,
    pub name: String,
    pub created_at: NaiveDateTime,
    pub last_used_at: Option<NaiveDateTime>,
    pub revoked_at: Option<NaiveDateTime>,
}

#[derive(Clone, Debug)]
pub struct Player {
    pub id: PlayerId,
    pub club_id: ClubId,
    pub name: String,
    pub membership_number: Option<String>,
    pub archived: bool,
}

/// A player's editable fields, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerFields {
    pub name: String,
    pub membership_number: Option<String>,
}

/// What went wrong with a player's fields, by field (`name`, `membership_number`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayerErrors {
    pub name: Option<ValueError>,
    pub membership_number: Option<ValueError>,
}

impl PlayerFields {
    pub fn parse(name: &str, membership_number: &str) -> Result<PlayerFields, PlayerErrors> {
        let n = person_name(name);
        let m = self::membership_number(membership_number);
        match (n, m) {
            (Ok(name), Ok(membership_number)) => Ok(PlayerFields {
                name,
                membership_number,
            }),
            (n, m) => Err(PlayerErrors {
                name: n.err(),
                membership_number: m.err(),
            }),
        }
    }
}

/// How the roster is listed: by surname (the default, as club lists are) or by first name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RosterOrder {
    #[default]
    Surname,
    FirstName,
}

impl RosterOrder {
    /// The value of the roster page's `sort` parameter.
    pub const fn name(self) -> &'static str {
        match self {
            RosterOrder::Surname => "surname",
            RosterOrder::FirstName => "first",
        }
    }
}

/// Words after a surname that are not the surname ("Sammy Davis Jr.").
const NAME_SUFFIXES: [&str; 7] = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"];

/// The surname a name is sorted by: its last word, after a suffix such as "Jr." if any. A
/// particle stays with the first name: "Anna van der Berg" sorts under Berg, as Dutch lists
/// sort; a one-word name is its own surname.
pub fn surname(name: &str) -> &str {
    let words: Vec<&str> = name.split_whitespace().collect();
    let last = words
        .iter()
        .rposition(|w| !NAME_SUFFIXES.contains(&w.to_lowercase().as_str()))
        .unwrap_or(words.len().saturating_sub(1));
    words.get(last).copied().unwrap_or("")
}

/// Sorts players in `order`, the current ones before archived ones; ties by the whole
/// name, then by id, so the order never depends on how storage returned them. Letters are
/// compared in lower case (accents are not folded).
pub fn sort_players(players: &mut [Player], order: RosterOrder) {
    players.sort_by_cached_key(|p| {
        let whole = p.name.to_lowercase();
        let first = match order {
            RosterOrder::Surname => surname(&p.name).to_lowercase(),
            RosterOrder::FirstName => whole.clone(),
        };
        (p.archived, first, whole, p.id.get())
    });
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn names_passwords_and_numbers_say_what_is_wrong() {
        assert_eq!(
            person_name("  ").unwrap_err().to_string(),
            "the name is required"
        );
        assert_eq!(
            Password::parse("short").err().unwrap().to_string(),
            "use at least 10 characters"
        );
        assert_eq!(membership_number(" ").unwrap(), None);
        assert!(membership_number("M 1").is_err());
        let e = PlayerFields::parse("", "M 1").unwrap_err();
        assert!(e.name.is_some() && e.membership_number.is_some());
        assert_eq!(Role::from_name("owner"), Some(Role::Owner));
        assert_eq!(Role::from_name("boss"), None);
    }

    fn utc(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn time_zones_are_iana_names_read_leniently_and_refused_by_name() {
        let pos = TimeZone::parse(" america/port of spain ").unwrap();
        assert_eq!(pos.name(), "America/Port_of_Spain");
        assert_eq!(
            TimeZone::parse("Europe/London").unwrap().name(),
            "Europe/London"
        );
        assert_eq!(TimeZone::parse("utc").unwrap(), TimeZone::UTC);
        assert_eq!(TimeZone::default(), TimeZone::UTC);
        // An alias the database keeps is read as itself.
        assert_eq!(TimeZone::parse("US/Eastern").unwrap().name(), "US/Eastern");
        let e = TimeZone::parse("Mars/Olympus_Mons").unwrap_err();
        assert_eq!(e, ValueError::TimeZone("Mars/Olympus_Mons".into()));
        assert!(e.to_string().starts_with(
            "\"Mars/Olympus_Mons\" is not a time zone the server knows: use a name from the IANA"
        ));
        assert_eq!(
            TimeZone::parse(" ").unwrap_err(),
            ValueError::Missing("the time zone")
        );
        assert!(matches!(
            TimeZone::parse(&"A".repeat(61)),
            Err(ValueError::TooLong { max: 60, .. })
        ));
        assert_eq!(
            TimeZone::parse("Europe/\nLondon").unwrap_err(),
            ValueError::Control("the time zone")
        );
        // A hand-made offset is not a zone name.
        assert!(TimeZone::parse("UTC-4").is_err() && TimeZone::parse("AST").is_err());
    }

    #[test]
    fn port_of_spain_is_four_hours_behind_utc_all_year() {
        let pos = TimeZone::parse("America/Port_of_Spain").unwrap();
        assert_eq!(
            pos.show(utc("2026-05-02 00:15"), "%Y-%m-%d %H:%M"),
            "2026-05-01 20:15 AST"
        );
        assert_eq!(pos.show(utc("2026-12-01 23:59"), "%H:%M"), "19:59 AST");
        assert_eq!(pos.date(utc("2026-05-02 03:59")).to_string(), "2026-05-01");
        assert_eq!(pos.date(utc("2026-05-02 04:00")).to_string(), "2026-05-02");
        assert_eq!(
            pos.local(utc("2026-05-02 00:15")).to_rfc3339(),
            "2026-05-01T20:15:00-04:00"
        );
    }

    #[test]
    fn london_changes_its_clocks_and_its_name_at_one_in_the_morning_utc() {
        let london = TimeZone::parse("Europe/London").unwrap();
        // 29 March 2026: GMT until 01:00 UTC, then BST (UTC+1).
        assert_eq!(london.show(utc("2026-03-29 00:59"), "%H:%M"), "00:59 GMT");
        assert_eq!(london.show(utc("2026-03-29 01:00"), "%H:%M"), "02:00 BST");
        // 25 October 2026: BST until 01:00 UTC; 01:30 local happens twice, told apart by name.
        assert_eq!(london.show(utc("2026-10-25 00:30"), "%H:%M"), "01:30 BST");
        assert_eq!(london.show(utc("2026-10-25 01:30"), "%H:%M"), "01:30 GMT");
        assert_eq!(
            TimeZone::UTC.show(utc("2026-03-29 01:00"), "%H:%M"),
            "01:00 UTC"
        );
    }

    #[test]
    fn a_zone_without_an_abbreviation_shows_its_offset() {
        let at = utc("2026-07-01 12:00");
        let kathmandu = TimeZone::parse("Asia/Kathmandu").unwrap();
        assert_eq!(kathmandu.show(at, "%H:%M"), "17:45 UTC+05:45");
        let sao_paulo = TimeZone::parse("America/Sao_Paulo").unwrap();
        assert_eq!(sao_paulo.show(at, "%H:%M"), "09:00 UTC-03");
    }

    #[test]
    fn the_api_writes_utc_with_z_and_the_fraction_as_stored() {
        let t = NaiveDateTime::parse_from_str("2026-04-01 19:42:10.123456", "%Y-%m-%d %H:%M:%S%.f")
            .unwrap();
        assert_eq!(TimeZone::UTC.rfc3339(t), "2026-04-01T19:42:10.123456Z");
        assert_eq!(
            TimeZone::UTC.rfc3339(utc("2026-04-01 19:42")),
            "2026-04-01T19:42:00Z"
        );
    }

    #[test]
    fn forms_offer_the_regions_zones_and_utc_not_the_old_aliases() {
        let offered: Vec<_> = TimeZone::offered().collect();
        assert_eq!(offered[0], "UTC");
        assert!(offered.contains(&"America/Port_of_Spain"));
        assert!(!offered.contains(&"US/Eastern") && !offered.contains(&"Etc/GMT+4"));
        assert!(
            offered
                .iter()
                .all(|n| TimeZone::parse(n).unwrap().name() == *n)
        );
    }

    fn player(id: i32, name: &str, archived: bool) -> Player {
        Player {
            id: PlayerId::new(id),
            club_id: ClubId::new(1),
            name: name.into(),
            membership_number: None,
            archived,
        }
    }

    #[test]
    fn surnames_are_the_last_word_before_a_suffix() {
        assert_eq!(surname("Ann Smith"), "Smith");
        assert_eq!(surname("  Anna  van der Berg "), "Berg");
        assert_eq!(surname("Sammy Davis Jr."), "Davis");
        assert_eq!(surname("Cher"), "Cher");
        assert_eq!(surname("Jr"), "Jr");
        assert_eq!(surname(""), "");
    }

    #[test]
    fn the_roster_sorts_by_surname_or_first_name_archived_last() {
        let mut ps = vec![
            player(1, "Zoe Adams", false),
            player(2, "Anna van der Berg", false),
            player(3, "bob Carter", false),
            player(4, "Al Aaron", true),
            player(5, "Zoe Adams", false),
        ];
        let names = |ps: &[Player]| ps.iter().map(|p| p.id.get()).collect::<Vec<_>>();
        sort_players(&mut ps, RosterOrder::Surname);
        assert_eq!(names(&ps), vec![1, 5, 2, 3, 4]);
        sort_players(&mut ps, RosterOrder::FirstName);
        assert_eq!(names(&ps), vec![2, 3, 1, 5, 4]);
    }
}
