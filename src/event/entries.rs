//! What takes part in an event: a pair, a team of four (its majors pair, then its minors
//! pair), or an individual, numbered within the event. The event's format decides which.
//! Players come from the club's roster or are guests known by name.

use super::club::{ValueError, person_name};
use super::ids::{EntryId, EventId, PlayerId};
use super::lifecycle::EventStatus;
use super::settings::{EventFormat, EventSettings};
use crate::movement::IndividualSide;
// The kind is the format's to decide, so it is defined beside the format.
pub use super::settings::EntryKind;

/// One player of an entry as stored: a roster player (with the roster's name) or a guest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub player_id: Option<PlayerId>,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: EntryId,
    pub event_id: EventId,
    pub number: i32,
    pub name: String,
    pub kind: EntryKind,
    pub players: Vec<Entrant>,
    /// A late entry: the first round it plays.
    pub joined_round: Option<u32>,
    /// A withdrawn entry: the first round it no longer plays.
    pub withdrawn_round: Option<u32>,
}

/// One player as given in a form or a request, before the roster is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerChoice {
    Roster(PlayerId),
    Guest(String),
}

/// An entry as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryDraft {
    pub kind: EntryKind,
    /// A team's name (pairs and individuals are named after their players).
    pub name: Option<String>,
    pub players: Vec<PlayerChoice>,
}

/// Why an entry is refused, naming the player or field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    #[error("this event is {event}: its entries are {expected}s, not {given}s")]
    WrongKind {
        /// The event's format, or Calypso Duet (whose Mitchell seats individuals).
        event: &'static str,
        expected: EntryKind,
        given: EntryKind,
    },
    #[error("a {kind} has {expected} player{s}, not {given}", s = if *.expected == 1 { "" } else { "s" })]
    PlayerCount {
        kind: EntryKind,
        expected: usize,
        given: usize,
    },
    #[error(
        "a progressive partnership has 2 players, or 3 (a side of three: one sits out each \
         deal), not {0}"
    )]
    PartnershipSize(usize),
    #[error("player {position}: {problem}")]
    Guest {
        position: usize,
        problem: ValueError,
    },
    #[error("the team's name: {0}")]
    TeamName(ValueError),
    #[error("player {position} is the same roster player as player {first}")]
    Twice { position: usize, first: usize },
    #[error("player {position}: there is no such player on the club's roster")]
    NotOnRoster { position: usize },
    #[error("{name} is already entered in this event (entry {number})")]
    AlreadyEntered { name: String, number: i32 },
    #[error(
        "entries are fixed once play has started: a late entry or a withdrawal is recorded from \
         the next round on, with a reason"
    )]
    Started,
    #[error("a late entry or a withdrawal is recorded while the event is running (it is {0})")]
    NotRunning(EventStatus),
    #[error("a team match's two teams are fixed: it takes no late entries or withdrawals")]
    TeamsFixed,
    #[error(
        "a duplicate coöperative's tables are fixed: every table plays the same boards all \
         evening, so it takes no late tables or withdrawals (a table that stops has its boards \
         adjusted)"
    )]
    TablesFixed,
    #[error(
        "a progressive individual seats each round from the last one's results: late players \
         and withdrawals are not supported in that form yet"
    )]
    IndividualFixed,
    #[error("{name} (entry {number}) withdrew from round {round} on")]
    AlreadyWithdrawn {
        name: String,
        number: i32,
        round: u32,
    },
    #[error("the reason: {0}")]
    Reason(ValueError),
}

/// The entry rule: entries are added and removed until play starts.
pub const fn entries_open(status: EventStatus) -> bool {
    status.before_play()
}

/// After the start the entries change only by a late entry or a withdrawal, each recorded
/// from a round on (played results stay), in the formats whose movement can take it.
pub fn check_change_after_start(
    status: EventStatus,
    format: EventFormat,
) -> Result<(), EntryError> {
    if !status.is_running() {
        return Err(EntryError::NotRunning(status));
    }
    match format {
        EventFormat::TeamMatch => Err(EntryError::TeamsFixed),
        EventFormat::DuplicateCooperative => Err(EntryError::TablesFixed),
        EventFormat::ProgressiveIndividual => Err(EntryError::IndividualFixed),
        EventFormat::PairsMitchell | EventFormat::Progressive => Ok(()),
    }
}

/// The player slots an entry form offers for the event, and how many must be filled: a
/// progressive partnership may have a third player (a table of five or six).
pub fn player_slots(settings: &EventSettings) -> (usize, usize) {
    let n = settings.entry_kind().players();
    match settings.format() {
        EventFormat::Progressive => (n, n + 1),
        _ => (n, n),
    }
}

impl Entry {
    /// A side of three's players in the order they sit out the `deals` deals (4, or an
    /// Embers game's hands) of its `game`-th game (counted from 1): in turn, so that in a
    /// four-deal game whoever sits out the first deal also sits out the last, and from game
    /// to game the side takes turns at sitting out first ("A out, then J out, then K out,
    /// then A out"; next game J first). `None` for an entry of two.
    pub fn sit_out_order(&self, game: u32, deals: u32) -> Option<Vec<&str>> {
        let [a, b, c] = &self.players[..] else {
            return None;
        };
        let first = (game.max(1) - 1) as usize % 3;
        let side = IndividualSide {
            players: vec![0, 1, 2],
            sit_out: Some(crate::movement::individual::sit_out_order([0, 1, 2], first)),
        };
        let names = [a.name.as_str(), b.name.as_str(), c.name.as_str()];
        side.turns(deals)
            .map(|t| t.into_iter().map(|i| names[i as usize]).collect())
    }
}

/// A director's reason for a change after the start (a late entry, a withdrawal, a new
/// movement), kept with the change.
pub fn change_reason(s: &str) -> Result<String, ValueError> {
    super::club::text_value(s, "the reason", 200)
}

/// Checks a draft against the event's format and the kind's size; returns it with guest
/// names cleaned. Roster players are checked against the roster by `service::entries`.
pub fn check_draft(settings: &EventSettings, d: &EntryDraft) -> Result<EntryDraft, EntryError> {
    let format = settings.format();
    let expected = settings.entry_kind();
    if d.kind != expected {
        let event = if expected == format.entry_kind() {
            format.label()
        } else {
            settings.variant().label()
        };
        return Err(EntryError::WrongKind {
            event,
            expected,
            given: d.kind,
        });
    }
    let three = format == EventFormat::Progressive && d.players.len() == 3;
    if d.players.len() != d.kind.players() && !three {
        if format == EventFormat::Progressive {
            return Err(EntryError::PartnershipSize(d.players.len()));
        }
        return Err(EntryError::PlayerCount {
            kind: d.kind,
            expected: d.kind.players(),
            given: d.players.len(),
        });
    }
    let mut players = Vec::with_capacity(d.players.len());
    for (i, p) in d.players.iter().enumerate() {
        let position = i + 1;
        players.push(match p {
            PlayerChoice::Guest(name) => PlayerChoice::Guest(
                person_name(name).map_err(|problem| EntryError::Guest { position, problem })?,
            ),
            PlayerChoice::Roster(id) => {
                if let Some(first) = d.players[..i]
                    .iter()
                    .position(|q| q == &PlayerChoice::Roster(*id))
                {
                    return Err(EntryError::Twice {
                        position,
                        first: first + 1,
                    });
                }
                PlayerChoice::Roster(*id)
            }
        });
    }
    let name = match d.kind {
        EntryKind::Team => Some(
            super::club::text_value(d.name.as_deref().unwrap_or(""), "the team's name", 60)
                .map_err(EntryError::TeamName)?,
        ),
        _ => None,
    };
    Ok(EntryDraft {
        kind: d.kind,
        name,
        players,
    })
}

/// An entry's name: a team's own, a pair's players joined, an individual's name.
pub fn entry_name(kind: EntryKind, team_name: Option<&str>, players: &[String]) -> String {
    match (kind, team_name) {
        (EntryKind::Team, Some(n)) => n.to_string(),
        // "Ann & Bob"; a side of three "Ann, Jo & Ken".
        _ => match players {
            [rest @ .., last] if rest.len() > 1 => format!("{} & {last}", rest.join(", ")),
            _ => players.join(" & "),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(players: Vec<PlayerChoice>) -> EntryDraft {
        EntryDraft {
            kind: EntryKind::Pair,
            name: None,
            players,
        }
    }

    /// Settings of the format (and variant) for these tests.
    fn event(format: EventFormat, variant: &str) -> EventSettings {
        EventSettings::parse(&crate::event::SettingsDraft {
            name: "Test".into(),
            date: "2026-11-24".into(),
            format: format.name().into(),
            game: String::new(),
            variant: variant.into(),
            tables: crate::event::Count::Number(4),
            boards: crate::event::Count::Number(8),
            trick_rule: "standard".into(),
            ..Default::default()
        })
        .unwrap()
    }

    #[test]
    fn the_format_decides_the_entry_kind() {
        let d = pair(vec![PlayerChoice::Guest("Ann".into()); 2]);
        let at = |f| event(f, "standard");
        assert!(check_draft(&at(EventFormat::PairsMitchell), &d).is_ok());
        assert!(check_draft(&at(EventFormat::Progressive), &d).is_ok());
        let e = check_draft(&at(EventFormat::TeamMatch), &d).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this event is Team match: its entries are teams, not pairs"
        );
        let solo = EntryDraft {
            kind: EntryKind::Individual,
            name: None,
            players: vec![PlayerChoice::Roster(PlayerId::new(3))],
        };
        assert!(check_draft(&at(EventFormat::ProgressiveIndividual), &solo).is_ok());
    }

    #[test]
    fn a_duet_mitchell_enters_single_players() {
        let duet = event(EventFormat::PairsMitchell, "duet");
        let solo = EntryDraft {
            kind: EntryKind::Individual,
            name: None,
            players: vec![PlayerChoice::Guest("Ann".into())],
        };
        assert!(check_draft(&duet, &solo).is_ok());
        assert_eq!(player_slots(&duet), (1, 1));
        let e = check_draft(&duet, &pair(vec![PlayerChoice::Guest("Ann".into()); 2])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this event is Calypso Duet (two players): its entries are individuals, not pairs"
        );
    }

    #[test]
    fn a_progressive_partnership_may_be_a_side_of_three() {
        let three = pair(
            ["Ann", "Jo", "Ken"]
                .map(|n| PlayerChoice::Guest(n.into()))
                .to_vec(),
        );
        assert!(check_draft(&event(EventFormat::Progressive, "standard"), &three).is_ok());
        assert_eq!(
            check_draft(&event(EventFormat::PairsMitchell, "standard"), &three)
                .unwrap_err()
                .to_string(),
            "a pair has 2 players, not 3"
        );
        let four = pair(vec![PlayerChoice::Guest("Ann".into()); 4]);
        assert_eq!(
            check_draft(&event(EventFormat::Progressive, "standard"), &four)
                .unwrap_err()
                .to_string(),
            "a progressive partnership has 2 players, or 3 (a side of three: one sits out each \
             deal), not 4"
        );
        assert_eq!(
            player_slots(&event(EventFormat::Progressive, "standard")),
            (2, 3)
        );
        assert_eq!(
            player_slots(&event(EventFormat::PairsMitchell, "standard")),
            (2, 2)
        );
    }

    #[test]
    fn a_side_of_three_sits_out_in_turn_and_alternates_who_starts() {
        let entrant = |n: &str| Entrant {
            player_id: None,
            name: n.into(),
        };
        let mut e = Entry {
            id: EntryId::new(1),
            event_id: EventId::new(1),
            number: 1,
            name: "Ann, Jo & Ken".into(),
            kind: EntryKind::Pair,
            players: vec![entrant("Ann"), entrant("Jo"), entrant("Ken")],
            joined_round: None,
            withdrawn_round: None,
        };
        // Whoever sits out the first deal also sits out the last (the rules' A, J, K, A).
        assert_eq!(e.sit_out_order(1, 4), Some(vec!["Ann", "Jo", "Ken", "Ann"]));
        assert_eq!(e.sit_out_order(2, 4), Some(vec!["Jo", "Ken", "Ann", "Jo"]));
        assert_eq!(e.sit_out_order(3, 4), Some(vec!["Ken", "Ann", "Jo", "Ken"]));
        assert_eq!(e.sit_out_order(4, 4), e.sit_out_order(1, 4));
        // An Embers game of six hands: the turns go round twice.
        assert_eq!(
            e.sit_out_order(2, 6),
            Some(vec!["Jo", "Ken", "Ann", "Jo", "Ken", "Ann"])
        );
        e.players.pop();
        assert_eq!(
            e.sit_out_order(1, 4),
            None,
            "a pair of two plays every deal"
        );
    }

    #[test]
    fn sizes_names_and_repeats_are_checked() {
        let e = check_draft(
            &event(EventFormat::PairsMitchell, "standard"),
            &pair(vec![PlayerChoice::Guest("Ann".into())]),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "a pair has 2 players, not 1");
        let e = check_draft(
            &event(EventFormat::PairsMitchell, "standard"),
            &pair(vec![
                PlayerChoice::Guest("Ann".into()),
                PlayerChoice::Guest("  ".into()),
            ]),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "player 2: the name is required");
        let three = PlayerChoice::Roster(PlayerId::new(3));
        let e = check_draft(
            &event(EventFormat::PairsMitchell, "standard"),
            &pair(vec![three.clone(), three]),
        )
        .unwrap_err();
        assert_eq!(
            e,
            EntryError::Twice {
                position: 2,
                first: 1
            }
        );
        let team = EntryDraft {
            kind: EntryKind::Team,
            name: Some(" ".into()),
            players: vec![PlayerChoice::Guest("A".into()); 4],
        };
        assert!(matches!(
            check_draft(&event(EventFormat::TeamMatch, "standard"), &team),
            Err(EntryError::TeamName(_))
        ));
    }

    #[test]
    fn entries_are_named_after_their_players_or_their_team() {
        let names = vec!["Ann Lee".to_string(), "Bob Ray".to_string()];
        assert_eq!(
            entry_name(EntryKind::Pair, None, &names),
            "Ann Lee & Bob Ray"
        );
        assert_eq!(
            entry_name(EntryKind::Team, Some("Adders"), &names),
            "Adders"
        );
        assert_eq!(
            entry_name(EntryKind::Individual, None, &names[..1]),
            "Ann Lee"
        );
        assert!(entries_open(EventStatus::Ready) && !entries_open(EventStatus::Running));
    }
}
