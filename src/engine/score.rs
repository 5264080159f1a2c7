//! The score of a game: per player, then per side, as the variant's scoring says.

use super::calypso::{Calypsos, calypso_points};
use super::cards::{Card, Seat};
use super::game::Game;
use super::spec::{GameSpec, Scoring};

/// Points per card of a calypso in progress, per trick-pile card, and per revoke.
pub const IN_PROGRESS_POINTS: i64 = 20;
pub const TRICK_PILE_POINTS: i64 = 10;
pub const REVOKE_PENALTY: i64 = 260;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerScore {
    pub seat: Seat,
    pub calypsos: u32,
    /// Cards of the calypso in progress, low to high.
    pub in_progress: Vec<Card>,
    /// Calypso points plus 20 per in-progress card.
    pub score: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideScore {
    /// "NS", "EW", or a seat letter when everyone plays for themselves.
    pub name: String,
    pub seats: Vec<Seat>,
    pub trick_pile: u32,
    /// 260 for each revoke by an opponent.
    pub revoke_bonus: i64,
    /// The side's players' scores, its trick pile and its revoke bonus.
    pub score: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    pub players: Vec<PlayerScore>,
    pub sides: Vec<SideScore>,
    /// Parlett's split partnership: each player's own side score plus that of the player on
    /// their right.
    pub split_totals: Option<Vec<(Seat, i64)>>,
    /// Cooperative: the table's total, less 260 per revoke (there is no opponent to pay).
    pub table_total: Option<i64>,
}

impl Score {
    pub fn side(&self, name: &str) -> Option<&SideScore> {
        self.sides.iter().find(|s| s.name == name)
    }

    pub fn player(&self, seat: Seat) -> Option<&PlayerScore> {
        self.players.iter().find(|p| p.seat == seat)
    }
}

/// Scores calypsos, trick piles and revokes by seat. Shared by live play and by summaries.
pub fn score(
    spec: &GameSpec,
    calypsos: &[Calypsos; 4],
    piles: &[u32],
    revokes_by: &[u32; 4],
) -> Score {
    let players: Vec<PlayerScore> = spec
        .seats()
        .iter()
        .map(|&seat| {
            let c = calypsos[seat.index()];
            let suit = spec.trumps.of(seat);
            let in_progress: Vec<Card> = match suit {
                Some(suit) => c.in_progress().map(|r| Card::new(r, suit)).collect(),
                None => Vec::new(),
            };
            let score = calypso_points(u32::from(c.completed()))
                + IN_PROGRESS_POINTS * in_progress.len() as i64;
            PlayerScore {
                seat,
                calypsos: u32::from(c.completed()),
                in_progress,
                score,
            }
        })
        .collect();
    let cooperative = spec.scoring == Scoring::Cooperative;
    let sides: Vec<SideScore> = (0..spec.sides())
        .map(|side| {
            let seats = spec.side_seats(side);
            let opponent_revokes: u32 = spec
                .seats()
                .iter()
                .filter(|s| spec.side_of(**s) != side)
                .map(|s| revokes_by[s.index()])
                .sum();
            let revoke_bonus = if cooperative {
                0
            } else {
                REVOKE_PENALTY * i64::from(opponent_revokes)
            };
            let trick_pile = piles.get(side).copied().unwrap_or(0);
            let own: i64 = players
                .iter()
                .filter(|p| seats.contains(&p.seat))
                .map(|p| p.score)
                .sum();
            SideScore {
                name: spec.side_name(side),
                seats,
                trick_pile,
                revoke_bonus,
                score: own + TRICK_PILE_POINTS * i64::from(trick_pile) + revoke_bonus,
            }
        })
        .collect();
    let split_totals = (spec.scoring == Scoring::SplitPartnership).then(|| {
        spec.seats()
            .iter()
            .map(|&seat| {
                let right = seat.left_by(spec.players - 1, spec.players);
                let of = |s: Seat| sides[spec.side_of(s)].score;
                (seat, of(seat) + of(right))
            })
            .collect()
    });
    let table_total = cooperative.then(|| {
        let revokes: u32 = revokes_by.iter().sum();
        sides.iter().map(|s| s.score).sum::<i64>() - REVOKE_PENALTY * i64::from(revokes)
    });
    Score {
        players,
        sides,
        split_totals,
        table_total,
    }
}

impl Game<'_> {
    /// The score as it stands (final once the last deal is played).
    pub fn score(&self) -> Score {
        let spec = self.spec();
        let calypsos = Seat::ALL.map(|s| *self.calypsos(s));
        let piles: Vec<u32> = (0..spec.sides()).map(|s| self.trick_pile(s)).collect();
        let revokes = Seat::ALL.map(|s| self.revokes_by(s));
        score(spec, &calypsos, &piles, &revokes)
    }
}

/// A coöperative table's grade: the seed suggests "score bands (with corresponding possible
/// total table calypsoes) translated into 'grades'" but its list is lost, so the bands are
/// ours (docs/variants.md). Each band's floor is the least a table scores with that many
/// calypsos spread evenly round the table, the rest of the 208 cards in trick piles:
/// calypso points + 10 × (208 − 13 × calypsos), rounded down to a hundred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Twelve table calypsos or more (three each): 9,520 at least.
    A,
    /// Eight (two each): 6,040.
    B,
    /// Four (one each): 3,560.
    C,
    /// Fewer, down to 2,080, what the 208 cards score in trick piles alone.
    D,
    /// Below 2,080: only revokes (260 each off the table total) take a table there.
    E,
}

/// The grade bands' floors, best first; below the last is [`Grade::E`].
pub const GRADE_FLOORS: [(Grade, i64); 4] = [
    (Grade::A, 9_500),
    (Grade::B, 6_000),
    (Grade::C, 3_500),
    (Grade::D, 2_080),
];

impl Grade {
    pub const ALL: [Grade; 5] = [Grade::A, Grade::B, Grade::C, Grade::D, Grade::E];

    pub const fn letter(self) -> &'static str {
        match self {
            Grade::A => "A",
            Grade::B => "B",
            Grade::C => "C",
            Grade::D => "D",
            Grade::E => "E",
        }
    }

    /// The band in players' words, for the table's result.
    pub const fn words(self) -> &'static str {
        match self {
            Grade::A => "9,500 or more: about three calypsos each",
            Grade::B => "6,000 to 9,499: about two calypsos each",
            Grade::C => "3,500 to 5,999: about one calypso each",
            Grade::D => "2,080 to 3,499: fewer than one calypso each",
            Grade::E => "below 2,080: revokes cost the table more than its calypsos made",
        }
    }
}

/// The grade of a coöperative table total.
pub fn grade(table_total: i64) -> Grade {
    GRADE_FLOORS
        .iter()
        .find(|(_, floor)| table_total >= *floor)
        .map_or(Grade::E, |(g, _)| *g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rank, Variant};

    fn ranks(n: usize) -> impl Iterator<Item = Rank> {
        Rank::all().take(n)
    }

    #[test]
    fn partnership_score_adds_players_pile_and_revoke_bonus() {
        let spec = GameSpec::default();
        let c = [
            Calypsos::new(1, ranks(2)),
            Calypsos::new(0, ranks(0)),
            Calypsos::new(2, ranks(1)),
            Calypsos::new(0, ranks(3)),
        ];
        let s = score(&spec, &c, &[72, 60], &[0, 1, 0, 0]);
        assert_eq!(s.player(Seat::North).unwrap().score, 540);
        assert_eq!(s.player(Seat::South).unwrap().score, 1270);
        let ns = s.side("NS").unwrap();
        assert_eq!(ns.revoke_bonus, 260);
        assert_eq!(ns.score, 540 + 1270 + 720 + 260);
        assert_eq!(s.side("EW").unwrap().score, 60 + 600);
        assert_eq!(
            s.player(Seat::North).unwrap().in_progress[1].to_string(),
            "3S"
        );
    }

    #[test]
    fn cooperative_revoke_costs_the_table() {
        let spec = GameSpec::new(Variant::Cooperative);
        let c = [Calypsos::default(); 4];
        let s = score(&spec, &c, &[100, 108], &[1, 0, 0, 0]);
        assert_eq!(s.side("EW").unwrap().revoke_bonus, 0);
        assert_eq!(s.table_total, Some(2080 - 260));
    }

    #[test]
    fn split_partnership_adds_the_right_hand_player() {
        let spec = GameSpec::new(Variant::SplitPartnership3);
        let c = [Calypsos::default(); 4];
        let s = score(&spec, &c, &[10, 20, 40], &[0; 4]);
        let totals = s.split_totals.unwrap();
        // North's right-hand player is South at a three-seat table.
        assert_eq!(totals[0], (Seat::North, 100 + 400));
        assert_eq!(totals[1], (Seat::East, 200 + 100));
        assert_eq!(totals[2], (Seat::South, 400 + 200));
    }

    #[test]
    fn cut_throat_revoke_pays_every_other_player() {
        let spec = GameSpec::new(Variant::CutThroat4);
        let c = [Calypsos::default(); 4];
        let s = score(&spec, &c, &[0, 0, 0, 0], &[0, 0, 1, 0]);
        let bonus: Vec<i64> = s.sides.iter().map(|x| x.revoke_bonus).collect();
        assert_eq!(bonus, vec![260, 260, 0, 260]);
    }

    #[test]
    fn grade_bands_follow_table_calypsos_spread_evenly() {
        // The floor of each band is c calypsos spread evenly, the rest in trick piles.
        let even = |c: u32| -> i64 {
            (0..4)
                .map(|p| crate::engine::calypso::calypso_points(c / 4 + u32::from(p < c % 4)))
                .sum::<i64>()
                + TRICK_PILE_POINTS * (208 - 13 * i64::from(c))
        };
        assert_eq!(
            (even(12), even(8), even(4), even(0)),
            (9_520, 6_040, 3_560, 2_080)
        );
        assert_eq!(grade(even(16)), Grade::A);
        assert_eq!(grade(even(12)), Grade::A);
        assert_eq!(grade(even(11)), Grade::B);
        assert_eq!(grade(even(8)), Grade::B);
        assert_eq!(grade(even(7)), Grade::C);
        assert_eq!(grade(even(4)), Grade::C);
        assert_eq!(grade(even(3)), Grade::D);
        assert_eq!(grade(even(0)), Grade::D);
        assert_eq!(grade(even(0) - REVOKE_PENALTY), Grade::E);
        for (g, floor) in GRADE_FLOORS {
            assert_eq!((grade(floor), grade(floor - 1) > g), (g, true));
        }
    }
}
