//! Robots in online seats (#39 item 4), the pure part: whether a robot plays a seat now
//! (a robot's seat, or a person's seat while they are away), which card it plays, from that
//! seat's view only, and which table the background threads serve next, fairly across
//! clubs and tables. No database, no clock: the service reads and passes `now`.
//!
//! The robot is the engine's (`engine::robot`, the one the robot par uses): Monte-Carlo over
//! guessed hidden hands. It takes a whole [`Game`], so it is never given the table's game:
//! [`seat_game`] builds one from what the seat may know (its own hand, the cards played,
//! the renounces, the calypsos and piles on the table) with every other hidden hand a guess
//! drawn from the cards the seat cannot see, so the card chosen cannot depend on where the
//! unseen cards really are (tested by re-dealing them).

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::replay::TablePlay;
use crate::engine::random::below;
use crate::engine::robot::{self, MAX_PLAYOUTS, Player};
use crate::engine::{Card, CardCounts, Game, Seat, Suit};
use crate::event::fair::FairJob;
use crate::event::play::ROBOT_MS_MAX;
use crate::event::{ClubId, EventId};

/// Playouts the robot runs per ms of its budget, unless the host sets another rate
/// (`CALYPSO_ROBOT_PLAYOUTS_PER_MS`, at most this). The budget is counted in playouts, not
/// read off a clock, so a robot's card is the same on every machine and every load for the
/// same seed. The rate is set low enough that a release build here spends well under the
/// budget on a card: a playout takes about 1 µs there on average, some 2 µs from a deal's
/// first card, the longest (docs/robots.md has the figures). At the most a director may
/// give ([`ROBOT_MS_MAX`]) it is the engine's bound on a card's playouts.
pub const PLAYOUTS_PER_MS: u32 = 100;

/// The playouts of a budget of `ms` per card at `per_ms` playouts a ms (at least 1, at most
/// the engine's bound).
pub fn playouts_for(ms: u32, per_ms: u32) -> u32 {
    ms.min(ROBOT_MS_MAX)
        .saturating_mul(per_ms.min(PLAYOUTS_PER_MS))
        .clamp(1, MAX_PLAYOUTS)
}

/// Whether a robot plays this seat's card now: a robot's seat always; a person's seat only
/// while the person is away, that is last seen more than `away_seconds` before `now` (an
/// event with no away time set has no takeover; a person never seen at the seat is waited
/// for: the director seats a robot there instead). A person seen again gets the seat back
/// at the next card.
pub fn robot_plays(
    robot: bool,
    seen_at: Option<NaiveDateTime>,
    away_seconds: Option<u32>,
    now: NaiveDateTime,
) -> bool {
    if robot {
        return true;
    }
    match (seen_at, away_seconds) {
        (Some(seen), Some(away)) => now - seen > chrono::Duration::seconds(i64::from(away)),
        _ => false,
    }
}

/// The game as `seat` may know it: its own hand as it is, every card played and everything
/// on the table as it is, and every other hidden hand replaced by a guess drawn from the
/// cards the seat cannot see (of the right sizes, without a suit that seat has renounced
/// while the unseen cards allow). The guess depends only on what the seat can know and on
/// `rng`: the cards the seat cannot see are counted as one pile, never by hand.
pub fn seat_game<'s>(game: &Game<'s>, seat: Seat, rng: &mut ChaCha8Rng) -> Game<'s> {
    let spec = game.spec();
    let mut unseen = CardCounts::new();
    let mut others: Vec<(Seat, usize, [bool; 4])> = Vec::with_capacity(3);
    for &other in spec.seats() {
        if other == seat {
            continue;
        }
        unseen.add_all(game.hand(other));
        let renounced = Suit::ALL.map(|s| game.renounced(other, s));
        others.push((other, game.hand(other).len(), renounced));
    }
    // The most constrained first, so their cards are drawn while the pile is full.
    others.sort_by_key(|o| std::cmp::Reverse(o.2.iter().filter(|&&r| r).count()));
    // In card order, copies counted: the pile, not who holds what.
    let mut pile: Vec<Card> = Vec::with_capacity(unseen.len());
    for card in Card::all() {
        for _ in 0..unseen.count(card) {
            pile.push(card);
        }
    }
    let mut world = game.clone();
    for (other, size, renounced) in others {
        let mut hand = CardCounts::new();
        for _ in 0..size {
            let open: Vec<usize> = (0..pile.len())
                .filter(|&i| !renounced[pile[i].suit().index()])
                .collect();
            let i = if open.is_empty() {
                if pile.is_empty() {
                    break;
                }
                below(rng, pile.len())
            } else {
                open[below(rng, open.len())]
            };
            hand.add(pile.swap_remove(i));
        }
        world.set_hand(other, hand);
    }
    world
}

/// A seed for the robot's card at a table: the same table and card number, the same seed
/// (a retried or repeated pass plays the same card).
pub fn seed_of(event: EventId, round: u32, table: u32, board: u32, seq: u32) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for n in [
        event.get() as u32 as u64,
        u64::from(round),
        u64::from(table),
        u64::from(board),
        u64::from(seq),
    ] {
        h ^= n;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

/// The card the robot plays for `seat`, the seat to play at `table`, from the seat's view
/// only ([`seat_game`]), with `playouts` and the random numbers of `seed`; None when it is
/// not that seat's turn (or the board is over).
pub fn robot_card(table: &TablePlay, seat: Seat, playouts: u32, seed: u64) -> Option<Card> {
    if table.to_play() != Some(seat) {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let known = seat_game(&table.game, seat, &mut rng);
    let player = Player::robot(playouts.clamp(1, MAX_PLAYOUTS)).ok()?;
    robot::choose(&known, player, &mut rng)
}

/// An online table as the robots' queue sees it: an event's table in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RobotTable {
    pub event: EventId,
    pub club: ClubId,
    pub round: u32,
    pub table: u32,
}

/// The most tables one pass reads (newest event first): what bounds a pass's reads, and
/// so the most online tables in play at once across a host that the robots serve (a
/// table of an older event beyond it waits until fewer are in play).
pub const PICK_TABLES: usize = 512;

/// How long a table found with no robot to play (a person's turn, the board over) rests
/// while its log stays as it was: then it is read again, for a person's away time (and a
/// seat the director changed) to be seen within it.
pub const RECHECK_SECS: i64 = 2;

/// The robots' jobs are tables, each its own group (`event::fair`): each pick serves the
/// club with the fewest tables in flight, then the one served longest ago; within it the
/// table served longest ago; never a table in flight.
impl FairJob for RobotTable {
    type Group = RobotTable;
    fn club(&self) -> ClubId {
        self.club
    }
    fn group(&self) -> RobotTable {
        *self
    }
}

/// A table as a pass reads it: where, and how many cards its log holds in the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub table: RobotTable,
    pub cards: u32,
}

/// The robots' shared queue of tables: the fair pick across clubs, and the tables resting.
/// A table found with no robot to play rests until its log grows (a card played, by a
/// person or by another process) or [`RECHECK_SECS`] pass, so that the tables waiting on
/// people, and those whose boards are over, do not take the robots' turns from the tables
/// where a robot is to play.
#[derive(Debug, Default)]
pub struct TableQueue {
    fair: crate::event::fair::FairQueue<RobotTable>,
    /// The table's card count when it was found with nothing to play, and when.
    resting: HashMap<RobotTable, (u32, NaiveDateTime)>,
}

impl TableQueue {
    /// The fair choice among `candidates` (in the order read), taken: in flight until
    /// [`TableQueue::done`].
    pub fn pick(&mut self, candidates: &[RobotTable]) -> Option<RobotTable> {
        self.fair.pick(candidates)
    }

    /// The table is no longer in hand.
    pub fn done(&mut self, table: &RobotTable) {
        self.fair.done(table);
    }

    /// Forgets the tables no longer read, so the queue stays as large as the server.
    pub fn keep(&mut self, candidates: &[Candidate]) {
        let live: HashSet<RobotTable> = candidates.iter().map(|c| c.table).collect();
        self.fair.keep_groups(|t| live.contains(t));
        self.resting.retain(|t, _| live.contains(t));
    }

    /// The table had nothing for a robot to play with `cards` in its log.
    pub fn rest(&mut self, table: RobotTable, cards: u32, now: NaiveDateTime) {
        self.resting.insert(table, (cards, now));
    }

    /// The candidates not resting at `now`: a resting table whose log has grown, or whose
    /// rest is over, is awake again.
    pub fn awake(&mut self, candidates: &[Candidate], now: NaiveDateTime) -> Vec<RobotTable> {
        let read: HashMap<RobotTable, u32> =
            candidates.iter().map(|c| (c.table, c.cards)).collect();
        self.resting.retain(|t, (cards, since)| {
            (now - *since).num_seconds() < RECHECK_SECS && read.get(t) == Some(cards)
        });
        candidates
            .iter()
            .filter(|c| !self.resting.contains_key(&c.table))
            .map(|c| c.table)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::play::ROBOT_MS_DEFAULT;

    fn t(club: i32, event: i32, table: u32) -> RobotTable {
        RobotTable {
            event: EventId::new(event),
            club: ClubId::new(club),
            round: 1,
            table,
        }
    }

    #[test]
    fn a_small_clubs_table_is_served_before_a_big_clubs_tenth() {
        // Club 1 has ten tables to play, club 2 one: read in that order.
        let mut cands: Vec<RobotTable> = (1..=10).map(|n| t(1, 10, n)).collect();
        cands.push(t(2, 20, 1));
        let mut q = TableQueue::default();
        let first = q.pick(&cands).unwrap();
        let second = q.pick(&cands).unwrap();
        assert_eq!(first.club, ClubId::new(1));
        assert_eq!(
            second,
            t(2, 20, 1),
            "the other club's table comes second, not eleventh"
        );
        // Club 2's only table is in flight: club 1 gets its next one, not the same again.
        let third = q.pick(&cands).unwrap();
        assert_eq!(third.club, ClubId::new(1));
        assert_ne!(third, first);
        q.done(&first);
        q.done(&second);
        q.done(&third);
        // All idle again: club 2 was served at the second pick, club 1 at the third, so
        // club 2 comes first.
        assert_eq!(q.pick(&cands).unwrap(), t(2, 20, 1));
        // Within club 1, the tables never served come before those served.
        let next = q.pick(&cands).unwrap();
        assert!(next != first && next != third, "{next:?}");
    }

    #[test]
    fn no_two_threads_take_one_table_and_every_table_is_served_in_turn() {
        let cands: Vec<RobotTable> = (1..=3).map(|n| t(1, 10, n)).collect();
        let mut q = TableQueue::default();
        let a = q.pick(&cands).unwrap();
        let b = q.pick(&cands).unwrap();
        let c = q.pick(&cands).unwrap();
        assert!(q.pick(&cands).is_none(), "every table is in flight");
        let mut all = vec![a, b, c];
        all.sort_by_key(|x| x.table);
        assert_eq!(all, cands);
        // Round and round: each done table comes back after the others.
        for x in [a, b, c] {
            q.done(&x);
        }
        let order: Vec<u32> = (0..6)
            .map(|_| {
                let x = q.pick(&cands).unwrap();
                q.done(&x);
                x.table
            })
            .collect();
        assert_eq!(
            order,
            vec![a.table, b.table, c.table, a.table, b.table, c.table]
        );
    }

    /// A table part-way through its board's second deal, a trick under way.
    fn table_midway(spec: &crate::engine::GameSpec, seed: u64, cards: usize) -> TablePlay<'_> {
        use crate::engine::random::shuffled_deck;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let deals = spec.deal_stack(&shuffled_deck(spec, &mut rng), Seat::North);
        let mut game = Game::new(spec, Seat::North);
        let mut played = 0;
        'deals: for deal in &deals {
            game.deal(deal.hands).unwrap();
            while game.to_play().is_some() {
                if played == cards {
                    break 'deals;
                }
                let card = robot::choose(&game, Player::Random, &mut rng).unwrap();
                game.play(card).unwrap();
                played += 1;
            }
        }
        TablePlay {
            game,
            seq: played as u32,
            last: Default::default(),
            duet: None,
            board_hands: Vec::new(),
        }
    }

    #[test]
    fn the_robots_card_does_not_change_when_the_hidden_hands_are_dealt_again() {
        let spec = crate::engine::GameSpec::default();
        let mut differed = 0;
        for seed in 0..12u64 {
            let table = table_midway(&spec, seed, 52 + 7 + (seed as usize * 3) % 40);
            let seat = table.to_play().unwrap();
            let card = robot_card(&table, seat, 60, 99).unwrap();
            for again in 0..3u64 {
                // The same seat's view, the other hidden hands dealt otherwise.
                let mut rng = ChaCha8Rng::seed_from_u64(1000 + seed * 10 + again);
                let other = TablePlay {
                    game: seat_game(&table.game, seat, &mut rng),
                    ..table.clone()
                };
                assert_eq!(other.game.hand(seat), table.game.hand(seat));
                if spec
                    .seats()
                    .iter()
                    .any(|&s| s != seat && other.game.hand(s) != table.game.hand(s))
                {
                    differed += 1;
                }
                assert_eq!(
                    robot_card(&other, seat, 60, 99),
                    Some(card),
                    "seed {seed}: the card moved with the hidden hands"
                );
            }
        }
        assert!(
            differed >= 30,
            "the re-deals changed the hidden hands ({differed} of 36)"
        );
    }

    #[test]
    fn the_seats_game_keeps_its_hand_and_the_others_sizes_and_renounces() {
        let spec = crate::engine::GameSpec::default();
        for seed in 0..20u64 {
            let table = table_midway(&spec, seed, 60 + seed as usize);
            let seat = table.to_play().unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let known = seat_game(&table.game, seat, &mut rng);
            let mut before = CardCounts::new();
            let mut after = CardCounts::new();
            for &s in spec.seats() {
                assert_eq!(known.hand(s).len(), table.game.hand(s).len());
                if s == seat {
                    assert_eq!(known.hand(s), table.game.hand(s));
                    continue;
                }
                before.add_all(table.game.hand(s));
                after.add_all(known.hand(s));
                for suit in Suit::ALL {
                    if table.game.renounced(s, suit) {
                        assert!(!known.hand(s).has_suit(suit), "{s:?} renounced {suit:?}");
                    }
                }
            }
            assert_eq!(before, after, "the unseen cards are the same pile");
        }
    }

    #[test]
    fn the_robot_takes_a_seat_only_while_its_person_is_away() {
        let now = chrono::NaiveDate::from_ymd_opt(2026, 11, 27)
            .unwrap()
            .and_hms_opt(20, 0, 0)
            .unwrap();
        let ago = |s| Some(now - chrono::Duration::seconds(s));
        assert!(robot_plays(true, None, None, now));
        assert!(robot_plays(true, ago(0), Some(60), now));
        assert!(
            !robot_plays(false, ago(60), Some(60), now),
            "60 s is not more than 60"
        );
        assert!(robot_plays(false, ago(61), Some(60), now));
        assert!(
            !robot_plays(false, ago(6000), None, now),
            "no away time: no takeover"
        );
        assert!(
            !robot_plays(false, None, Some(60), now),
            "never seen: waited for"
        );
    }

    #[test]
    fn the_budget_is_counted_in_playouts_and_bounded() {
        let rate = PLAYOUTS_PER_MS;
        assert_eq!(playouts_for(0, rate), 1);
        assert_eq!(
            playouts_for(ROBOT_MS_DEFAULT, rate),
            ROBOT_MS_DEFAULT * PLAYOUTS_PER_MS
        );
        assert_eq!(playouts_for(ROBOT_MS_DEFAULT, 2), ROBOT_MS_DEFAULT * 2);
        assert_eq!(playouts_for(u32::MAX, rate), MAX_PLAYOUTS);
        assert_eq!(
            playouts_for(ROBOT_MS_MAX, rate),
            MAX_PLAYOUTS,
            "the most a director may give is the engine's bound"
        );
        assert_eq!(playouts_for(ROBOT_MS_MAX, u32::MAX), MAX_PLAYOUTS);
    }
}
