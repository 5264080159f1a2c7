//! One description per game: what an event's pages, papers, exports, forms and workers call
//! things and show, asked here instead of branching on the game (docs/web.md, "One
//! description per game"). The game's name alone is `GameKind` (`event::game_kind`).

use std::fmt;

pub use super::game_kind::GameKind;
use super::seats::SideNames;
use super::settings::{EntryKind, EventFormat, EventSettings};
use crate::deals::par::analysable;
use crate::engine::spec::Variant;

/// A word in the singular and the plural ("board", "boards").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    pub one: &'static str,
    pub many: &'static str,
}

impl Word {
    /// "1 board", "9 boards".
    pub fn count(self, n: impl Into<u64>) -> String {
        let n = n.into();
        format!("{n} {}", if n == 1 { self.one } else { self.many })
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.one)
    }
}

/// How a progressive individual's players move, in the words of each page that tells it:
/// changing partners at tables of four to six (the partners cut for), or Auction's tables of
/// three (highest stays, middle up, lowest down: `movement::threes`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementWords {
    /// The setup page's opening paragraph.
    pub about: &'static str,
    /// The setup page's line on table sizes.
    pub sizes: &'static str,
    /// Round control's line before round 1's seating.
    pub first_round: &'static str,
    /// Round control's line before a later round's seating, after "Every result of round N
    /// is in: ".
    pub after_round: &'static str,
    /// The table page's line on what happens after this round's game.
    pub next: &'static str,
    /// The printed table card's notes (before the line on the code).
    pub card_notes: Vec<String>,
}

/// One game as an event plays it: what the pages, papers, exports, forms and the par worker
/// call things and show. Every question that depends on the game is asked here, so that a
/// new game is one new description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventGame {
    kind: GameKind,
    variant: Variant,
    individual: bool,
    changing_partners: bool,
    robot_par: bool,
}

impl EventGame {
    /// The game of an event's settings.
    pub fn of(s: &EventSettings) -> EventGame {
        let kind = s.game();
        EventGame {
            kind,
            variant: s.variant(),
            individual: s.entry_kind() == EntryKind::Individual,
            changing_partners: s.format() == EventFormat::ProgressiveIndividual,
            // Robots give a par for partnership and cooperative Calypso only (docs/robots.md):
            // not Kaiso's songs, not a game dealt at the table, not Duet's open dummies, not
            // a variant whose per-seat scores the event's two side scores do not hold.
            robot_par: kind == GameKind::Calypso && analysable(&s.game_spec()).is_ok(),
        }
    }

    pub fn kind(self) -> GameKind {
        self.kind
    }

    /// The game's name as the pages say it: "Kaiso", "Calypso Duet (two players)".
    pub fn label(self) -> &'static str {
        match self.kind {
            GameKind::Calypso if self.variant != Variant::Standard => self.variant.label(),
            k => k.label(),
        }
    }

    /// What takes part: a pair, or a player (an individual, Duet's players, Auction's).
    pub fn entry(self) -> Word {
        if self.individual {
            Word {
                one: "player",
                many: "players",
            }
        } else {
            Word {
                one: "pair",
                many: "pairs",
            }
        }
    }

    /// Who scores together at a table: a partnership, or a player for themselves (Duet,
    /// Auction).
    pub fn side(self) -> Word {
        if self.kind == GameKind::Auction || Variant::DUET.contains(&self.variant) {
            Word {
                one: "player",
                many: "players",
            }
        } else {
            Word {
                one: "partnership",
                many: "partnerships",
            }
        }
    }

    /// Where a player sits: Auction's positions 1, 2, 3, the other games' seats N E S W.
    pub fn seat(self) -> Word {
        if self.kind == GameKind::Auction {
            Word {
                one: "position",
                many: "positions",
            }
        } else {
            Word {
                one: "seat",
                many: "seats",
            }
        }
    }

    /// What one game at a table is: a board the site deals, or a game dealt at the table.
    pub fn deal(self) -> Word {
        if self.kind.continuous() {
            Word {
                one: "game",
                many: "games",
            }
        } else {
            Word {
                one: "board",
                many: "boards",
            }
        }
    }

    /// One deal within a game: a board's four deals, or a hand of a game dealt at the table.
    pub fn hand(self) -> Word {
        if self.kind.continuous() {
            Word {
                one: "hand",
                many: "hands",
            }
        } else {
            Word {
                one: "deal",
                many: "deals",
            }
        }
    }

    /// Played on cards dealt at the table, hand after hand (no boards, no hand records).
    pub fn dealt_at_table(self) -> bool {
        self.kind.continuous()
    }

    /// Whether the boards' papers exist: hand records, curtain cards and the deal viewer
    /// (not for a game dealt at the table).
    pub fn papers(self) -> bool {
        !self.dealt_at_table()
    }

    /// Three players each for themselves, three scores a table (Auction).
    pub fn three_scores(self) -> bool {
        self.kind == GameKind::Auction
    }

    /// Its own game with its own deal, trumps named at each hand's auction (Auction's, for
    /// three or four): the event's Calypso variant and trump seating say nothing about it.
    pub fn trumps_by_auction(self) -> bool {
        matches!(self.kind, GameKind::Auction | GameKind::AuctionPairs)
    }

    /// Whether the robots play it, so that its boards get a par.
    pub fn robot_par(self) -> bool {
        self.robot_par
    }

    /// What a side's result is compared on, in the game's words: "N-S ♠♥ less E-W ♦♣".
    pub fn net_words(self, sides: &SideNames) -> String {
        format!("{} less {}", sides.majors(), sides.minors())
    }

    /// A person's page's word for the event's format: "changing partners" for a progressive
    /// individual, each for themselves at tables of three for Auction's, one against one
    /// for Calypso Duet's single players; `None` for the others (the partners are named).
    pub fn person_format(self) -> Option<&'static str> {
        match (self.kind, self.changing_partners) {
            (GameKind::Auction, _) => Some("each for themselves at tables of three"),
            (_, true) => Some("changing partners"),
            _ if Variant::DUET.contains(&self.variant) => Some("one against one at tables of two"),
            _ => None,
        }
    }

    /// How a progressive individual moves, or `None` for an event with a fixed movement.
    /// `majors` is what the players call the side with the first trumps ("N-S ♠♥").
    pub fn movement_words(self, majors: &str) -> Option<MovementWords> {
        if !self.changing_partners {
            return None;
        }
        Some(if self.kind == GameKind::Auction {
            MovementWords {
                about: "Three players at each table, each for themselves, one game a round: after it the highest scorer stays, the middle scorer moves up a table and the lowest moves down a table. The seating of each round follows the results of the round before.",
                sizes: "Each table seats three; leave the sizes empty.",
                first_round: "Players sit in number order, three to a table; position 1 deals the first hand.",
                after_round: "the highest scorer at each table stays, the middle scorer moves up a table and the lowest down a table.",
                next: "The highest scorer stays at this table; the middle scorer moves up a table (the last table's to table 1) and the lowest moves down a table (table 1's to the last table).",
                card_notes: vec![
                    "Three players at this table, each for themselves: one game a round, position 1 dealing its first hand, the deal passing to the left.".into(),
                    "After the game the highest scorer stays at this table, the middle scorer moves up a table (the last table's to table 1) and the lowest moves down a table (table 1's to the last table); with two tables both go to the other table.".into(),
                    "Equal scores: whoever did better the round before ranks higher (the one who stayed, then the one who moved up); in round 1 the higher position.".into(),
                ],
            }
        } else if self.kind == GameKind::Embers {
            // An Embers game is many hands: the turns at sitting out go round all of them.
            MovementWords {
                next: "The winners stay at this table; the losers move up a table (of a losing side of three, the player who sat out the last hand moves down a table instead).",
                card_notes: vec![
                    Self::cut_note(majors),
                    "After the game the winners stay at this table and the losers move up a table (the last table's to table 1). Of a losing side of three, the player who sat out the last hand moves down a table instead.".into(),
                    "A side of three sits one player out each hand, in turn, over all the game's hands.".into(),
                ],
                ..Self::changing_partners_words(majors)
            }
        } else {
            Self::changing_partners_words(majors)
        })
    }

    fn cut_note(majors: &str) -> String {
        format!(
            "Before each game the players at this table cut: the highest newcomer partners the highest player who stayed (in round 1 the two highest cuts partner), and the highest cut's side sits {majors}."
        )
    }

    fn changing_partners_words(majors: &str) -> MovementWords {
        MovementWords {
            about: "Nobody has a fixed partner: before each round the players at a table cut for partners, and after it the winners stay and the losers move. The seating of each round follows the results of the round before.",
            sizes: "Each table seats 4, 5 or 6; leave the sizes empty to spread tables of five or six round the room.",
            first_round: "Players sit in number order; each table's cut is drawn from the event's key.",
            after_round: "the winners stay, the losers move, and each table's cut is drawn from the event's key.",
            next: "The winners stay at this table; the losers move up a table (of a losing side of three, the player who sat out the last deal moves down a table instead).",
            card_notes: vec![
                Self::cut_note(majors),
                "After the game the winners stay at this table and the losers move up a table (the last table's to table 1). Of a losing side of three, the player who sat out the last deal moves down a table instead.".into(),
                "A side of three sits one player out each deal; whoever sits out the first deal also sits out the last.".into(),
            ],
        }
    }
}

/// One choice of the event form's "Game": every game, Calypso's variants one by one (a
/// variant is a Calypso game; Kaiso, Embers and Auction play the standard deal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameChoice {
    /// A variant's name for Calypso, the game's name otherwise.
    pub value: &'static str,
    pub label: &'static str,
    pub description: &'static str,
    /// A Calypso variant (the form groups them).
    pub calypso: bool,
}

impl GameChoice {
    /// Every choice, Calypso's variants first.
    pub fn all() -> Vec<GameChoice> {
        let variants = Variant::EVERY.into_iter().map(|v| GameChoice {
            value: v.name(),
            label: v.label(),
            description: v.description(),
            calypso: true,
        });
        let games = GameKind::ALL
            .into_iter()
            .filter(|g| *g != GameKind::Calypso)
            .map(|g| GameChoice {
                value: g.name(),
                label: g.label(),
                description: g.description(),
                calypso: false,
            });
        variants.chain(games).collect()
    }

    /// The game's and the variant's names a form's choice stands for, as the settings read
    /// them: a variant's name is Calypso in that variant, another game's is that game in the
    /// standard variant. Anything else is kept as the game's name, for the settings to refuse.
    pub fn split(value: &str) -> (String, String) {
        let value = value.trim();
        match (GameKind::from_name(value), value.parse::<Variant>()) {
            (Some(g), _) if g != GameKind::Calypso => {
                (g.name().to_string(), Variant::Standard.name().to_string())
            }
            (_, Ok(v)) => (GameKind::Calypso.name().to_string(), v.name().to_string()),
            _ => (value.to_string(), String::new()),
        }
    }

    /// The choice a game and a variant show as: the game unless it is Calypso, else the
    /// variant.
    pub fn value_of(game: &str, variant: &str) -> String {
        match GameKind::from_name(game.trim()) {
            Some(g) if g != GameKind::Calypso => g.name().to_string(),
            _ => variant.trim().to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::settings::{Count, SettingsDraft};

    fn game(format: &str, game: &str, variant: &str, hands: i64) -> EventGame {
        let d = SettingsDraft {
            name: "Club night".into(),
            date: "2026-04-01".into(),
            format: format.into(),
            game: game.into(),
            variant: variant.into(),
            tables: Count::Number(4),
            boards: Count::Number(12),
            trick_rule: "standard".into(),
            hands: Count::Number(hands),
            ..SettingsDraft::default()
        };
        EventGame::of(&EventSettings::parse(&d).unwrap())
    }

    #[test]
    fn only_partnership_and_cooperative_calypso_get_a_robot_par() {
        assert!(game("pairs-mitchell", "calypso", "standard", 0).robot_par());
        // Coöperative: all four play for the table total, one figure the event stores.
        assert!(game("pairs-mitchell", "calypso", "cooperative", 0).robot_par());
        assert!(!game("pairs-mitchell", "kaiso", "standard", 0).robot_par());
        assert!(!game("pairs-mitchell", "calypso", "duet", 0).robot_par());
        assert!(!game("pairs-mitchell", "calypso", "cutthroat-4", 0).robot_par());
        assert!(!game("progressive", "embers", "standard", 4).robot_par());
        assert!(!game("progressive-individual", "auction", "standard", 3).robot_par());
    }

    #[test]
    fn each_game_names_its_entries_seats_and_games_at_the_table() {
        let auction = game("progressive-individual", "auction", "standard", 3);
        assert_eq!(
            (auction.entry().one, auction.side().one, auction.seat().one),
            ("player", "player", "position")
        );
        assert_eq!(auction.deal().count(12u32), "12 games");
        assert!(!auction.papers());
        let embers = game("progressive", "embers", "standard", 4);
        assert_eq!(embers.entry().one, "pair");
        assert_eq!(embers.deal().count(1u32), "1 game");
        let duet = game("pairs-mitchell", "calypso", "duet", 0);
        assert_eq!((duet.entry().one, duet.side().one), ("player", "player"));
        assert_eq!(duet.label(), "Calypso Duet (two players)");
        let kaiso = game("team-match", "kaiso", "standard", 0);
        assert_eq!(kaiso.deal().count(9u32), "9 boards");
        assert!(kaiso.papers());
        assert_eq!(kaiso.side().one, "partnership");
    }

    #[test]
    fn a_persons_page_says_how_each_individual_game_is_played() {
        let said = |f, g, v, h| game(f, g, v, h).person_format();
        assert_eq!(
            said("progressive-individual", "auction", "standard", 3),
            Some("each for themselves at tables of three")
        );
        assert_eq!(
            said("progressive-individual", "calypso", "standard", 0),
            Some("changing partners")
        );
        // A Duet player has no partner to change: one against one.
        assert_eq!(
            said("pairs-mitchell", "calypso", "duet", 0),
            Some("one against one at tables of two")
        );
        assert_eq!(said("pairs-mitchell", "calypso", "standard", 0), None);
    }

    #[test]
    fn auction_tells_its_tables_of_three_and_the_individual_its_cut() {
        let auction = game("progressive-individual", "auction", "standard", 3);
        let words = auction.movement_words("N-S ♠♥").unwrap();
        let all = format!(
            "{} {} {}",
            words.about,
            words.next,
            words.card_notes.join(" ")
        );
        assert!(all.contains("the middle scorer moves up a table"), "{all}");
        assert!(!all.contains("cut") && !all.contains("losers"), "{all}");
        let individual = game("progressive-individual", "calypso", "standard", 0);
        let words = individual.movement_words("N-S ♠♥").unwrap();
        assert!(words.card_notes[0].contains("sits N-S ♠♥"));
        assert!(
            game("pairs-mitchell", "calypso", "standard", 0)
                .movement_words("")
                .is_none()
        );
    }

    #[test]
    fn one_game_choice_stands_for_the_game_and_variant_the_settings_store() {
        for c in GameChoice::all() {
            let (g, v) = GameChoice::split(c.value);
            assert_eq!(GameChoice::value_of(&g, &v), c.value);
        }
        assert_eq!(
            GameChoice::split("duet"),
            ("calypso".to_string(), "duet".to_string())
        );
        assert_eq!(
            GameChoice::split("auction"),
            ("auction".to_string(), "standard".to_string())
        );
        assert_eq!(
            GameChoice::split("bridge"),
            ("bridge".to_string(), String::new())
        );
        let values: Vec<&str> = GameChoice::all().iter().map(|c| c.value).collect();
        assert_eq!(values.len(), Variant::EVERY.len() + 4);
    }
}
