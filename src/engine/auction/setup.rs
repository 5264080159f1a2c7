//! The optional setup before the first hand: the calypsos in progress each player starts
//! with. The seed's three procedures are here: balanced random (the recommended one), fully
//! random, and the standardised setup, whose list of cards was lost from our copy of the
//! rules: [`STANDARDISED`] is ours (docs/variants.md says why). [`SetupKind`] is the setup
//! a game agreed; [`check_counts`] and [`check_cards`] check a reported or recorded setup
//! against it. The partnership game for four plays the same procedures with the two
//! partnerships where the three-hander has three players ([`SetupOf`] over the number of
//! holders, [`check_counts_for`] and [`check_cards_for`] with their [`Holders`]).

pub use super::spec::SetupKind;
use super::spec::{MAX_IN_PROGRESS, PLAYERS, SEATS, player_name};
use super::wire::SuitCounts;
use crate::engine::cards::{Card, Rank, Suit};
use crate::engine::summary::Problem;

/// Cards dealt face up for each setup.
pub const SETUP_CARDS: usize = 30;

/// The calypsos in progress each of `N` holders starts with (the three-hander's players by
/// position, or the partnerships of the game for four), and the calypsos found complete in
/// the setup: their cards are shuffled back and every holder scores 500 for each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupOf<const N: usize> {
    pub in_progress: [Vec<Card>; N],
    pub calypsos: u32,
}

/// The three-hander's setup: the calypsos in progress of each player.
pub type Setup = SetupOf<PLAYERS>;

impl<const N: usize> Default for SetupOf<N> {
    fn default() -> SetupOf<N> {
        SetupOf {
            in_progress: std::array::from_fn(|_| Vec::new()),
            calypsos: 0,
        }
    }
}

impl<const N: usize> SetupOf<N> {
    /// Balanced random: 30 cards from the top of the shuffled `deck` seed the first
    /// holder's calypsos in progress, and every other holder gets the identical set (the
    /// deck holds four of each card, so the copies are always there).
    pub fn balanced_random(deck: &[Card]) -> SetupOf<N> {
        let (cards, complete) = seed(&deck[..SETUP_CARDS.min(deck.len())]);
        SetupOf {
            in_progress: std::array::from_fn(|_| cards.clone()),
            calypsos: complete,
        }
    }

    /// Fully random: each holder is dealt 30 cards of the shuffled `deck` in turn and keeps
    /// the distinct ones. A calypso complete in anyone's setup is shuffled back and every
    /// holder scores 500 for it, as in the balanced setup.
    pub fn fully_random(deck: &[Card]) -> SetupOf<N> {
        let mut out = SetupOf::default();
        for (p, chunk) in deck.chunks(SETUP_CARDS).take(N).enumerate() {
            let (cards, complete) = seed(chunk);
            out.in_progress[p] = cards;
            out.calypsos += complete;
        }
        out
    }

    /// The standardised setup: every holder starts with [`STANDARDISED`].
    pub fn standardised() -> SetupOf<N> {
        SetupOf {
            in_progress: std::array::from_fn(|_| STANDARDISED.to_vec()),
            calypsos: 0,
        }
    }

    /// A setup of `kind` from the shuffled `deck`: none, the balanced or the fully random
    /// deal, or the standardised set.
    pub fn deal(kind: SetupKind, deck: &[Card]) -> SetupOf<N> {
        match kind {
            SetupKind::None => SetupOf::default(),
            SetupKind::Balanced => SetupOf::balanced_random(deck),
            SetupKind::FullyRandom => SetupOf::fully_random(deck),
            SetupKind::Standardised => SetupOf::standardised(),
        }
    }

    /// Each holder's setup as counts by suit.
    pub fn counts(&self) -> [SuitCounts; N] {
        self.in_progress.each_ref().map(|cards| {
            let mut c = SuitCounts::default();
            for card in cards {
                let n = &mut c.0[card.suit().index()];
                *n = n.saturating_add(1);
            }
            c
        })
    }
}

/// Who starts with a setup, as the checks' messages name them: the three-hander's players
/// ([`PLAYER_HOLDERS`]) or the partnerships of the game for four.
#[derive(Clone, Copy, Debug)]
pub struct Holders {
    /// One of them: "player", "partnership".
    pub one: &'static str,
    /// All of them: "all three players", "both partnerships".
    pub all: &'static str,
    /// As a group: "the players", "the partnerships".
    pub group: &'static str,
    /// How many, in words: "three", "two".
    pub count: &'static str,
    /// The holder at a position: "player 1", "North-South".
    pub name: fn(usize) -> String,
    /// A problem about the holder at a position: at their seat (a player) or side.
    pub locate: fn(Problem, usize) -> Problem,
}

fn player_at(i: usize) -> String {
    player_name(SEATS[i % PLAYERS])
}

fn at_seat(p: Problem, i: usize) -> Problem {
    Problem {
        seat: Some(SEATS[i % PLAYERS]),
        ..p
    }
}

/// The three-hander's holders: its players.
pub const PLAYER_HOLDERS: Holders = Holders {
    one: "player",
    all: "all three players",
    group: "the players",
    count: "three",
    name: player_at,
    locate: at_seat,
};

/// One player's seed: the distinct cards of those dealt (duplicates set aside), less any
/// suit that holds all 13 ranks; and how many such complete calypsos there were.
fn seed(dealt: &[Card]) -> (Vec<Card>, u32) {
    let mut distinct: Vec<Card> = Vec::new();
    for &c in dealt {
        if !distinct.contains(&c) {
            distinct.push(c);
        }
    }
    let mut complete = 0;
    for suit in Suit::ALL {
        let n = distinct.iter().filter(|c| c.suit() == suit).count();
        if n > usize::from(MAX_IN_PROGRESS) {
            complete += 1;
            distinct.retain(|c| c.suit() != suit);
        }
    }
    distinct.sort();
    (distinct, complete)
}

/// Balanced random: 30 cards from the top of the shuffled `deck` seed the dealer's
/// calypsos in progress, and the other two players get the identical set (the deck holds
/// four of each card, so three copies are always there).
pub fn balanced_random(deck: &[Card]) -> Setup {
    Setup::balanced_random(deck)
}

/// Fully random: each player is dealt 30 cards of the shuffled `deck` in turn and keeps
/// the distinct ones. A calypso complete in anyone's setup is shuffled back and everyone
/// scores 500 for it, as in the balanced setup.
pub fn fully_random(deck: &[Card]) -> Setup {
    Setup::fully_random(deck)
}

/// Ranks of the standardised setup (ours): 2, 4, 6, 8, 10 and queen in every suit.
pub const STANDARDISED_RANKS: [Rank; 6] = [
    Rank::ALL[0],
    Rank::ALL[2],
    Rank::ALL[4],
    Rank::ALL[6],
    Rank::ALL[8],
    Rank::ALL[10],
];

/// The standardised setup's cards, the same for every player (ours, the seed's list being
/// lost): 24 cards, the seed's "around 24" expected of the balanced random setup; six in
/// each suit, so no suit is favoured and every first calypso bid needs 7 more (bonus 530);
/// alternate ranks, so the gaps are spread; no calypso complete.
pub const STANDARDISED: [Card; 24] = standardised_cards();

const fn standardised_cards() -> [Card; 24] {
    let mut out = [Card::new(Rank::ALL[0], Suit::Clubs); 24];
    let mut s = 0;
    while s < 4 {
        let mut r = 0;
        while r < 6 {
            out[s * 6 + r] = Card::new(STANDARDISED_RANKS[r], Suit::ALL[s]);
            r += 1;
        }
        s += 1;
    }
    out
}

/// The counts of the standardised setup in each suit: six.
pub const STANDARDISED_COUNTS: SuitCounts = SuitCounts([6; 4]);

/// The standardised setup: every player starts with [`STANDARDISED`].
pub fn standardised() -> Setup {
    Setup::standardised()
}

/// A setup of `kind` from the shuffled `deck`: none, the balanced or the fully random deal,
/// or the standardised set.
pub fn deal(kind: SetupKind, deck: &[Card]) -> Setup {
    Setup::deal(kind, deck)
}

fn setup_problem(code: &'static str, m: String) -> Problem {
    Problem::general(code, format!("setup: {m}"))
}

/// Checks a setup reported as counts (each player's calypsos in progress by suit, `None`
/// when a player's line is not given, and the calypsos found complete) against the setup
/// the game agreed. The bounds of any setup (12 a suit, 12 calypsos) are
/// [`check`](super::summary::check)'s; these are the agreed kind's:
///
/// - `setup-not-agreed`: a setup given when the game agreed none;
/// - `setup-missing`: none given when the game agreed one;
/// - `setup-not-balanced`: balanced random, but the players' counts differ;
/// - `setup-not-standard`: standardised, but a player's counts are not six a suit;
/// - `setup-too-many`: more cards than 30 dealt less 13 for each complete calypso allow
///   (a player's in balanced random, the three players' together in fully random);
/// - `setup-calypsos`: more complete calypsos than the kind can find.
pub fn check_counts(
    kind: SetupKind,
    setup: &[Option<SuitCounts>; PLAYERS],
    calypsos: u32,
) -> Vec<Problem> {
    check_counts_for(&PLAYER_HOLDERS, kind, setup, calypsos)
}

/// [`check_counts`] for any `N` holders (the players, or the partnerships of the game for
/// four), named in the messages by `h`.
pub fn check_counts_for<const N: usize>(
    h: &Holders,
    kind: SetupKind,
    setup: &[Option<SuitCounts>; N],
    calypsos: u32,
) -> Vec<Problem> {
    let mut out = Vec::new();
    let counts = setup.map(Option::unwrap_or_default);
    let given = counts.iter().any(|c| c.total() > 0) || calypsos > 0;
    let name = kind.name();
    let one = h.one;
    let at = |p: Problem, i: usize| (h.locate)(p, i);
    if kind == SetupKind::None {
        if given {
            out.push(setup_problem(
                "setup-not-agreed",
                "the game agreed no setup, but the report gives calypsos in progress or complete at the start".into(),
            ));
        }
        return out;
    }
    if !given {
        out.push(setup_problem(
            "setup-missing",
            format!("the game agreed the {name} setup: give the cards each {one} starts with"),
        ));
        return out;
    }
    let most = kind.max_calypsos_for(N);
    if calypsos > most {
        out.push(setup_problem(
            "setup-calypsos",
            match kind {
                SetupKind::Standardised => format!(
                    "{calypsos} calypsos complete in the setup: the standardised setup completes none"
                ),
                _ => format!(
                    "{calypsos} calypsos complete in the setup: the {name} setup's 30 cards{} complete at most {most}",
                    if kind == SetupKind::FullyRandom {
                        format!(" a {one}")
                    } else {
                        String::new()
                    },
                ),
            },
        ));
    }
    let most_calypsos = 4 * N as u32;
    let dealt =
        |n: usize| SETUP_CARDS as i64 * n as i64 - 13 * i64::from(calypsos.min(most_calypsos));
    match kind {
        SetupKind::None => {}
        SetupKind::Balanced => {
            let first = counts[0];
            if let Some(i) = (0..N).find(|&i| counts[i] != first) {
                out.push(at(
                    setup_problem(
                        "setup-not-balanced",
                        format!(
                            "in the balanced random setup {} start with the same cards, but {} starts with {} and {} with {}",
                            h.all,
                            (h.name)(i),
                            describe(&counts[i]),
                            (h.name)(0),
                            describe(&first)
                        ),
                    ),
                    i,
                ));
            }
            if let Some(i) = (0..N).find(|&i| i64::from(counts[i].total()) > dealt(1)) {
                out.push(at(
                    setup_problem(
                        "setup-too-many",
                        format!(
                            "{} starts with {} cards: 30 cards dealt{} leave at most {}",
                            (h.name)(i),
                            counts[i].total(),
                            less_calypsos(calypsos),
                            dealt(1).max(0)
                        ),
                    ),
                    i,
                ));
            }
        }
        SetupKind::FullyRandom => {
            if let Some(i) = (0..N).find(|&i| counts[i].total() > 30) {
                out.push(at(
                    setup_problem(
                        "setup-too-many",
                        format!(
                            "{} starts with {} cards: each {one} is dealt 30",
                            (h.name)(i),
                            counts[i].total()
                        ),
                    ),
                    i,
                ));
            } else {
                let n: u32 = counts.iter().map(SuitCounts::total).sum();
                if i64::from(n) > dealt(N) {
                    out.push(setup_problem(
                        "setup-too-many",
                        format!(
                            "{} start with {n} cards between them: {} deals of 30{} leave at most {}",
                            h.group,
                            h.count,
                            less_calypsos(calypsos),
                            dealt(N).max(0)
                        ),
                    ));
                }
            }
        }
        SetupKind::Standardised => {
            if let Some(i) = (0..N).find(|&i| counts[i] != STANDARDISED_COUNTS) {
                out.push(at(
                    setup_problem(
                        "setup-not-standard",
                        format!(
                            "in the standardised setup every {one} starts with six cards a suit, but {} starts with {}",
                            (h.name)(i),
                            describe(&counts[i])
                        ),
                    ),
                    i,
                ));
            }
        }
    }
    out
}

fn less_calypsos(calypsos: u32) -> String {
    match calypsos {
        0 => String::new(),
        1 => " less the complete calypso's 13".into(),
        n => format!(" less {n} complete calypsos of 13"),
    }
}

/// "5♠ 6♥ 7♦ 6♣" style: the counts by suit, spades first.
pub fn describe(c: &SuitCounts) -> String {
    [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
        .map(|s| format!("{}{}", c.get(s), s.symbol()))
        .join(" ")
}

/// Each player's setup as counts by suit.
pub fn counts_of(setup: &Setup) -> [SuitCounts; PLAYERS] {
    setup.counts()
}

/// Checks a play record's setup (cards) against the agreed kind: [`check_counts`] on its
/// counts, and on the cards themselves: balanced random's three players hold the same
/// cards, the standardised setup's are exactly [`STANDARDISED`]. The first problem's words.
pub fn check_cards(kind: SetupKind, setup: &Setup) -> Result<(), String> {
    check_cards_for(&PLAYER_HOLDERS, kind, setup)
}

/// [`check_cards`] for any `N` holders, named in the messages by `h`.
pub fn check_cards_for<const N: usize>(
    h: &Holders,
    kind: SetupKind,
    setup: &SetupOf<N>,
) -> Result<(), String> {
    let counts = setup.counts().map(Some);
    if let Some(p) = check_counts_for(h, kind, &counts, setup.calypsos)
        .into_iter()
        .next()
    {
        return Err(p.message);
    }
    let sorted = |i: usize| {
        let mut v = setup.in_progress[i].clone();
        v.sort();
        v
    };
    match kind {
        SetupKind::Balanced => {
            let first = sorted(0);
            if let Some(i) = (0..N).find(|&i| sorted(i) != first) {
                return Err(format!(
                    "setup: in the balanced random setup {} start with the same cards, but {}'s differ from {}'s",
                    h.all,
                    (h.name)(i),
                    (h.name)(0)
                ));
            }
        }
        SetupKind::Standardised => {
            let mut standard = STANDARDISED.to_vec();
            standard.sort();
            for i in 0..N {
                let own = sorted(i);
                if own != standard {
                    let odd = own
                        .iter()
                        .find(|c| !standard.contains(c))
                        .map(|c| format!(": {c} is not one of them"))
                        .unwrap_or_default();
                    return Err(format!(
                        "setup: in the standardised setup every {} starts with 2, 4, 6, 8, 10 and Q of every suit, but {}'s cards differ{odd}",
                        h.one,
                        (h.name)(i)
                    ));
                }
            }
        }
        SetupKind::None | SetupKind::FullyRandom => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    #[test]
    fn duplicates_are_set_aside_and_a_complete_calypso_goes_back() {
        let mut dealt = parse_cards("2S 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 5H 5H 9D").unwrap();
        dealt.extend(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2C").unwrap());
        assert_eq!(dealt.len(), 30);
        let s = balanced_random(&dealt);
        assert_eq!(s.calypsos, 1, "the spades are complete");
        assert_eq!(s.in_progress[0].len(), 2 + 12);
        assert_eq!(s.in_progress[0], s.in_progress[2]);
        let mut deck = dealt.clone();
        deck.extend(dealt.iter().rev());
        deck.extend(dealt.iter().take(30));
        let f = fully_random(&deck);
        assert_eq!(f.calypsos, 3, "every player had the spades complete");
        assert_eq!(
            f.in_progress[1].len(),
            14,
            "the second player's cards in reverse"
        );
    }

    fn codes(
        kind: SetupKind,
        setup: [Option<SuitCounts>; PLAYERS],
        calypsos: u32,
    ) -> Vec<&'static str> {
        check_counts(kind, &setup, calypsos)
            .into_iter()
            .map(|p| p.code)
            .collect()
    }

    fn shuffled(seed: u64) -> Vec<Card> {
        use rand::SeedableRng;
        let mut deck = Vec::new();
        for _ in 0..4 {
            deck.extend(Card::all());
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        crate::engine::random::shuffle(&mut deck, &mut rng);
        deck
    }

    #[test]
    fn all_three_players_start_with_the_same_set_of_cards() {
        for seed in 0..50 {
            let s = balanced_random(&shuffled(seed));
            assert_eq!(s.in_progress[0], s.in_progress[1]);
            assert_eq!(s.in_progress[1], s.in_progress[2]);
            assert!(check_cards(SetupKind::Balanced, &s).is_ok(), "seed {seed}");
            let c = counts_of(&s).map(Some);
            assert!(check_counts(SetupKind::Balanced, &c, s.calypsos).is_empty());
        }
        let same = Some(SuitCounts([6, 5, 7, 6]));
        assert!(codes(SetupKind::Balanced, [same; 3], 0).is_empty());
        let other = Some(SuitCounts([6, 5, 6, 7]));
        assert_eq!(
            codes(SetupKind::Balanced, [same, same, other], 0),
            ["setup-not-balanced"]
        );
        let p = &check_counts(SetupKind::Balanced, &[same, same, other], 0)[0];
        assert_eq!(p.seat, Some(SEATS[2]));
        assert_eq!(
            p.message,
            "setup: in the balanced random setup all three players start with the same cards, but player 3 starts with 7♠ 6♥ 5♦ 6♣ and player 1 with 6♠ 7♥ 5♦ 6♣"
        );
        // The same counts, other cards: only the cards tell.
        let mut s = balanced_random(&shuffled(7));
        let moved = s.in_progress[1].pop().expect("cards");
        let swap = Card::all()
            .find(|c| c.suit() == moved.suit() && !s.in_progress[1].contains(c) && *c != moved)
            .expect("another rank");
        s.in_progress[1].push(swap);
        assert!(
            check_cards(SetupKind::Balanced, &s)
                .unwrap_err()
                .contains("player 2's differ from player 1's")
        );
    }

    #[test]
    fn deal_30_cards_set_any_duplicates_to_one_side() {
        // 30 cards leave at most 30, less 13 for each calypso complete.
        let over = Some(SuitCounts([8, 8, 8, 7]));
        assert_eq!(codes(SetupKind::Balanced, [over; 3], 0), ["setup-too-many"]);
        let seventeen = Some(SuitCounts([12, 5, 0, 0]));
        assert!(codes(SetupKind::Balanced, [seventeen; 3], 1).is_empty());
        let eighteen = Some(SuitCounts([12, 6, 0, 0]));
        assert_eq!(
            codes(SetupKind::Balanced, [eighteen; 3], 1),
            ["setup-too-many"]
        );
        let four = Some(SuitCounts([0, 4, 0, 0]));
        assert!(codes(SetupKind::Balanced, [four; 3], 2).is_empty());
    }

    #[test]
    fn in_the_unlikely_event_that_one_of_these_calypsoes_is_already_complete_everyone_gets_500() {
        // Balanced: 30 cards complete at most two calypsos (26 distinct cards).
        let two = Some(SuitCounts([0, 2, 0, 0]));
        assert!(codes(SetupKind::Balanced, [two; 3], 2).is_empty());
        // Three would take 39 of the 30 cards: too many as well.
        assert_eq!(
            codes(SetupKind::Balanced, [two; 3], 3),
            ["setup-calypsos", "setup-too-many"]
        );
        // Fully random: two in each player's 30.
        assert!(codes(SetupKind::FullyRandom, [two; 3], 6).is_empty());
        assert_eq!(
            codes(SetupKind::FullyRandom, [two; 3], 7),
            ["setup-calypsos", "setup-too-many"]
        );
        // Standardised: none.
        let six = Some(STANDARDISED_COUNTS);
        assert_eq!(
            codes(SetupKind::Standardised, [six; 3], 1),
            ["setup-calypsos"]
        );
    }

    #[test]
    fn each_player_instead_is_dealt_30_cards_and_keeps_what_remains_after_duplicates() {
        for seed in 0..50 {
            let s = fully_random(&shuffled(seed));
            assert!(
                check_cards(SetupKind::FullyRandom, &s).is_ok(),
                "seed {seed}"
            );
            for p in 0..PLAYERS {
                assert!(s.in_progress[p].len() <= SETUP_CARDS);
            }
        }
        let a = Some(SuitCounts([6, 5, 7, 6]));
        let b = Some(SuitCounts([9, 3, 7, 2]));
        assert!(codes(SetupKind::FullyRandom, [a, b, None], 0).is_empty());
        let over = Some(SuitCounts([8, 8, 8, 7]));
        assert_eq!(
            codes(SetupKind::FullyRandom, [a, over, b], 0),
            ["setup-too-many"]
        );
        // Three deals of 30, two calypsos complete: 90 − 26 = 64 at most between them.
        let twentytwo = Some(SuitCounts([6, 6, 6, 4]));
        assert_eq!(
            codes(SetupKind::FullyRandom, [twentytwo; 3], 2),
            ["setup-too-many"]
        );
        assert!(codes(SetupKind::FullyRandom, [twentytwo; 3], 1).is_empty());
    }

    #[test]
    fn the_choice_of_cards_each_player_starts_with_is_fixed() {
        assert_eq!(STANDARDISED.len(), 24);
        for suit in Suit::ALL {
            let ranks: Vec<char> = STANDARDISED
                .iter()
                .filter(|c| c.suit() == suit)
                .map(|c| c.rank().char())
                .collect();
            assert_eq!(ranks, ['2', '4', '6', '8', 'T', 'Q']);
        }
        let s = standardised();
        assert_eq!(counts_of(&s), [STANDARDISED_COUNTS; 3]);
        assert!(check_cards(SetupKind::Standardised, &s).is_ok());
        let six = Some(STANDARDISED_COUNTS);
        assert!(codes(SetupKind::Standardised, [six; 3], 0).is_empty());
        let five = Some(SuitCounts([6, 6, 6, 5]));
        assert_eq!(
            codes(SetupKind::Standardised, [six, five, six], 0),
            ["setup-not-standard"]
        );
        // Six a suit but a card not of the set.
        let mut odd = standardised();
        odd.in_progress[2][0] = "3C".parse().unwrap();
        assert_eq!(
            check_cards(SetupKind::Standardised, &odd).unwrap_err(),
            "setup: in the standardised setup every player starts with 2, 4, 6, 8, 10 and Q of every suit, but player 3's cards differ: 3C is not one of them"
        );
    }

    #[test]
    fn instead_of_players_starting_with_no_calypsoes_in_progress_they_start_with_a_selection() {
        // The setup agreed and none given; a setup given and none agreed.
        for kind in [
            SetupKind::Balanced,
            SetupKind::FullyRandom,
            SetupKind::Standardised,
        ] {
            assert_eq!(codes(kind, [None; 3], 0), ["setup-missing"], "{kind}");
        }
        assert!(codes(SetupKind::None, [None; 3], 0).is_empty());
        let some = Some(SuitCounts([1, 0, 0, 0]));
        assert_eq!(
            codes(SetupKind::None, [some, None, None], 0),
            ["setup-not-agreed"]
        );
        assert_eq!(codes(SetupKind::None, [None; 3], 1), ["setup-not-agreed"]);
        assert!(check_cards(SetupKind::None, &Setup::default()).is_ok());
        assert!(
            check_cards(SetupKind::None, &standardised())
                .unwrap_err()
                .contains("agreed no setup")
        );
        assert!(
            check_cards(SetupKind::Balanced, &Setup::default())
                .unwrap_err()
                .contains("give the cards each player starts with")
        );
    }

    #[test]
    fn setup_words_read_back() {
        for kind in SetupKind::ALL {
            assert_eq!(SetupKind::parse(kind.word()), Some(kind));
        }
        assert_eq!(
            SetupKind::parse("Standardized"),
            Some(SetupKind::Standardised)
        );
        assert_eq!(
            SetupKind::parse("fully_random"),
            Some(SetupKind::FullyRandom)
        );
        assert_eq!(SetupKind::parse("seeded"), None);
    }
}
