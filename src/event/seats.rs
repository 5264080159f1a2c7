//! The two sides of a table as players read them: their seats and personal trumps, "N-S ♠♥"
//! and "E-W ♦♣" on the default seating. Taken from the event's seating, never assumed.

use crate::engine::spec::Variant;
use crate::engine::{GameSpec, Seat};
use crate::movement::Side;

use super::table_report::side_seats;

/// What players call each side: the seats and their suits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideNames {
    majors: String,
    minors: String,
}

impl SideNames {
    /// The sides of a game: the seats of each side ("N-S") and their trumps in seat order.
    pub fn of(spec: &GameSpec) -> SideNames {
        let named = |seats: Vec<Seat>| called(spec, &seats);
        SideNames {
            majors: named(side_seats(spec, true)),
            minors: named(side_seats(spec, false)),
        }
    }

    /// The sides by their seats alone ("N-S", "E-W"), for a game whose trumps change from
    /// hand to hand (partnership Auction: the declarer names them).
    pub fn seats_only(spec: &GameSpec) -> SideNames {
        SideNames {
            majors: letters(&side_seats(spec, true)),
            minors: letters(&side_seats(spec, false)),
        }
    }

    /// "N-S ♠♥" or "E-W ♦♣".
    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::Majors => &self.majors,
            Side::Minors => &self.minors,
        }
    }

    /// A side's seats alone ("N-S"), for a heading that puts the suits under them.
    pub fn seats(&self, side: Side) -> &str {
        self.name(side)
            .split_once(' ')
            .map_or(self.name(side), |p| p.0)
    }

    /// A side's suits alone ("♠♥"); empty where its seats have no trumps.
    pub fn suits(&self, side: Side) -> &str {
        self.name(side).split_once(' ').map_or("", |p| p.1)
    }

    /// The players' name for a side written "majors" or "minors" (any case), as the
    /// scoring names fields and seats; any other word as it is.
    pub fn naming<'a>(&'a self, word: &'a str) -> &'a str {
        if word.eq_ignore_ascii_case("majors") {
            &self.majors
        } else if word.eq_ignore_ascii_case("minors") {
            &self.minors
        } else {
            word
        }
    }

    pub fn majors(&self) -> &str {
        &self.majors
    }

    pub fn minors(&self) -> &str {
        &self.minors
    }
}

/// A game's side by its index (a partnership, or one player where each plays alone), as
/// players know it: "N-S ♠♥", "E ♦".
pub fn side_called(spec: &GameSpec, side: usize) -> String {
    called(spec, &spec.side_seats(side))
}

/// A game's side by its seats alone: "N-S", "E".
pub fn side_letters(spec: &GameSpec, side: usize) -> String {
    letters(&spec.side_seats(side))
}

/// Seats as "N-S".
fn letters(seats: &[Seat]) -> String {
    let letters: Vec<String> = seats.iter().map(|s| s.letter().to_string()).collect();
    letters.join("-")
}

/// Seats as "N-S" followed by their trumps in seat order.
fn called(spec: &GameSpec, seats: &[Seat]) -> String {
    let suits: String = seats
        .iter()
        .filter_map(|&s| spec.trumps.of(s))
        .map(|s| s.symbol())
        .collect();
    let seats = letters(seats);
    if suits.is_empty() {
        seats
    } else {
        format!("{seats} {suits}")
    }
}

/// The default table's: N-S ♠♥ against E-W ♦♣.
impl Default for SideNames {
    fn default() -> Self {
        SideNames::of(&GameSpec::new(Variant::Standard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::spec::{TrickRule, Trumps};

    fn seated(trumps: &str) -> SideNames {
        let t: Trumps = trumps.parse().unwrap();
        SideNames::of(&GameSpec::build(Variant::Standard, TrickRule::Standard, Some(t)).unwrap())
    }

    #[test]
    fn the_default_table_is_ns_spades_hearts_against_ew_diamonds_clubs() {
        let s = SideNames::default();
        assert_eq!((s.majors(), s.minors()), ("N-S ♠♥", "E-W ♦♣"));
        assert_eq!(s.name(Side::Minors), "E-W ♦♣");
        assert_eq!(s.naming("Majors"), "N-S ♠♥");
        assert_eq!(s.naming("minors"), "E-W ♦♣");
        assert_eq!(s.naming("All pairs"), "All pairs");
        assert_eq!(
            (s.seats(Side::Majors), s.suits(Side::Majors)),
            ("N-S", "♠♥")
        );
        assert_eq!(
            (s.seats(Side::Minors), s.suits(Side::Minors)),
            ("E-W", "♦♣")
        );
    }

    #[test]
    fn the_names_follow_the_events_seating() {
        // The online seating: N♠ E♣ S♥ W♦.
        let s = seated("SCHD");
        assert_eq!((s.majors(), s.minors()), ("N-S ♠♥", "E-W ♣♦"));
        // Spades and hearts East-West.
        let s = seated("DSCH");
        assert_eq!((s.majors(), s.minors()), ("E-W ♠♥", "N-S ♦♣"));
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        assert_eq!(side_called(&spec, 1), "E-W ♦♣");
        // Each for themselves: one seat a side.
        let three = GameSpec::new(Variant::CutThroat3);
        assert_eq!(side_called(&three, 1), "E ♥");
    }
}
