//! The club around its events: the club, its directors and its roster, and the validated
//! values people type for them (names, addresses, emails, passwords, membership numbers).

use chrono::NaiveDateTime;

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
