//! Property tests for Calypso Duet: random games (random dummy choices, random
//! call-and-response exchanges, every trick rule) played through the engine and checked
//! against the seed's words for the order of play and the hands, then replayed from their
//! record and their table summaries checked and scored; corrupted records and summaries
//! refused with the problem named.

use calypso_director::engine::{
    Card, CardCounts, Deal, DealRecord, DuetDeal, Game, GameRecord, GameSpec, PlayError,
    PlayerSummary, Seat, Summary, TrickRule, Variant, check_series, random, replay,
    score_summary_with_revokes,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A game played at random, with what the tests need to look at afterwards.
struct Played {
    record: GameRecord,
    boards: Vec<Deal>,
    summaries: Vec<Summary>,
    score: calypso_director::engine::Score,
    revokes_by_side: Vec<u32>,
}

/// The two hands one player holds after their exchange, by board seat, computed from the
/// seed's words with plain vectors: the cards passed leave the inspected hand for the other,
/// the cards returned leave the other (as dealt) for the inspected one.
fn after_exchange(
    board: &[Vec<Card>; 4],
    deal: &DuetDeal,
    p: usize,
    seats: [Seat; 2],
) -> [Vec<Card>; 2] {
    let mut hands = seats.map(|s| board[s.index()].clone());
    if let Some(ex) = &deal.choices[p].exchange {
        let i = seats.iter().position(|&s| s == ex.inspected).unwrap();
        let o = 1 - i;
        for c in &ex.passed {
            let at = hands[i].iter().position(|x| x == c).unwrap();
            hands[i].remove(at);
            hands[o].push(*c);
        }
        for c in &ex.returned {
            // Returned cards come from the other hand as dealt, not from those just passed.
            let at = hands[o].iter().position(|x| x == c).unwrap();
            hands[o].remove(at);
            hands[i].push(*c);
        }
    }
    hands
}

/// Who wins a trick, from the rules' words, given each card with the seat that played it
/// (in play order): the highest trump-in (a card of the player's own suit, not the suit led;
/// under beat-the-leader and all-fours it must beat a led personal trump too), ties to the
/// earlier card; else a led personal trump; else the highest card of the suit led.
fn model_winner(spec: &GameSpec, trick: &[(Seat, Card)]) -> Seat {
    let (leader, lead) = trick[0];
    let led = lead.suit();
    let led_own = spec.trumps.of(leader) == Some(led);
    let mut best = (spec.rule != TrickRule::Standard && led_own).then_some((leader, lead.rank()));
    for &(seat, card) in &trick[1..] {
        let trump_in = spec.trumps.of(seat) == Some(card.suit()) && card.suit() != led;
        if trump_in && best.is_none_or(|(_, r)| card.rank() > r) {
            best = Some((seat, card.rank()));
        }
    }
    if let Some((seat, _)) = best {
        return seat;
    }
    if led_own {
        return leader;
    }
    let mut top = trick[0];
    for &(seat, card) in &trick[1..] {
        if card.suit() == led && card.rank() > top.1.rank() {
            top = (seat, card);
        }
    }
    top.0
}

fn play(spec: &GameSpec, seed: u64, revoke_per_mille: u32) -> Result<Played, TestCaseError> {
    let duet = spec.duet.expect("a Duet spec");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let stack = random::shuffled_deck(spec, &mut rng);
    // The majors player (North's spades) or the minors player (West's clubs) deals first.
    let first = if rng.next_u32() & 1 == 0 {
        Seat::North
    } else {
        Seat::West
    };
    let boards = spec.deal_stack(&stack, first);
    let mut game = Game::new(spec, first);
    let mut record = GameRecord::default();
    let mut summaries = Vec::new();
    let mut legal = [Card::new(
        calypso_director::engine::Rank::TWO,
        calypso_director::engine::Suit::Clubs,
    ); 52];
    for (d, board) in boards.iter().enumerate() {
        // The deal alternates: the first dealer's player deals deals 1 and 3.
        let dealer = if d % 2 == 0 {
            first
        } else if first == Seat::North {
            Seat::West
        } else {
            Seat::North
        };
        prop_assert_eq!(board.dealer, dealer);
        let choices = random::random_duet_deal(&duet, &board.hands, &mut rng);
        game.deal_duet(board.hands, &choices)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(game.dealer(), dealer);

        // Each seat's hand: the player's choice of dummy over the two hands after the
        // exchange. Majors: N (spades, secret) and S (hearts, dummy); minors: W and E.
        let board_cards = board.hands.each_ref().map(CardCounts::cards);
        for (p, (secret, dummy)) in [(Seat::North, Seat::South), (Seat::West, Seat::East)]
            .into_iter()
            .enumerate()
        {
            let hands = after_exchange(&board_cards, &choices, p, [secret, dummy]);
            let named = choices.choices[p].dummy;
            prop_assert!(named == secret || named == dummy);
            let (to_dummy, to_secret) = if named == dummy {
                (&hands[1], &hands[0])
            } else {
                (&hands[0], &hands[1])
            };
            prop_assert_eq!(game.hand(dummy), &CardCounts::from_cards(to_dummy));
            prop_assert_eq!(game.hand(secret), &CardCounts::from_cards(to_secret));
        }

        // The first trick's order, in the seed's words: the non-dealer leads from their
        // secret hand, then the dealer's dummy, the non-dealer's dummy, the dealer's hand.
        let (dealer_dummy, other_secret, other_dummy) = if dealer == Seat::North {
            (Seat::South, Seat::West, Seat::East)
        } else {
            (Seat::East, Seat::North, Seat::South)
        };
        let cycle = [other_secret, dealer_dummy, other_dummy, dealer];
        record.deals.push(DealRecord {
            dealer: Some(dealer),
            hands: board_cards,
            tricks: Vec::new(),
            duet: Some(choices),
        });
        // Call-and-response: a non-dealer who kept the inspected hand as their secret hand
        // leads from the cards left in it; the returned ones join when their dummy plays.
        let non_dealer = usize::from(dealer == Seat::North);
        let choice = &record.deals[d].duet.as_ref().unwrap().choices[non_dealer];
        let limit = choice.exchange.as_ref().and_then(|ex| {
            (ex.inspected != choice.dummy).then(|| {
                let mut kept = record.deals[d].hands[ex.inspected.index()].clone();
                for c in &ex.passed {
                    kept.remove(kept.iter().position(|x| x == c).unwrap());
                }
                CardCounts::from_cards(&kept)
            })
        });
        prop_assert_eq!(game.first_lead_limit(), limit.as_ref());
        if let Some(limit) = &limit {
            for c in game.hand(other_secret).cards() {
                if !limit.contains(c) {
                    prop_assert_eq!(
                        game.clone().play(c),
                        Err(PlayError::NotYetHeld {
                            seat: other_secret,
                            card: c
                        })
                    );
                }
            }
        }
        let mut leader = other_secret;
        let mut trick = [None; 4];
        let mut order = Vec::new();
        while let Some(seat) = game.to_play() {
            // Later tricks: the winner leads and play goes the same way round.
            let start = cycle.iter().position(|&s| s == leader).unwrap();
            prop_assert_eq!(seat, cycle[(start + order.len()) % 4]);
            let n = game.legal_cards_into(&mut legal);
            let listed = game.legal_cards();
            prop_assert_eq!(&legal[..n], listed.as_slice());
            let card = if order.is_empty() && game.first_lead_limit().is_some() {
                // Call-and-response: the first lead comes from the cards kept.
                legal[(rng.next_u32() as usize) % n]
            } else if rng.next_u32() % 1000 < revoke_per_mille {
                let held = game.hand(seat).cards();
                held[(rng.next_u32() as usize) % held.len()]
            } else {
                legal[(rng.next_u32() as usize) % n]
            };
            order.push((seat, card));
            trick[seat.index()] = Some(card);
            let played = game
                .play(card)
                .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            if let Some(winner) = played.trick_won_by {
                prop_assert_eq!(winner, model_winner(spec, &order));
                record.deals.last_mut().unwrap().tricks.push(trick);
                trick = [None; 4];
                order.clear();
                leader = winner;
            }
        }
        // The table's summary after this deal, as the table would report it.
        summaries.push(Summary {
            after_deal: d as i64 + 1,
            players: Seat::ALL.map(|s| {
                let c = game.calypsos(s);
                let suit = spec.trumps.of(s).unwrap();
                Some(PlayerSummary {
                    calypsos: i64::from(c.completed()),
                    in_progress: c.in_progress().map(|r| Card::new(r, suit)).collect(),
                })
            }),
            trick_piles: (0..2)
                .map(|side| Some(i64::from(game.trick_pile(side))))
                .collect(),
            dummies: record.deals[d]
                .duet
                .as_ref()
                .unwrap()
                .choices
                .each_ref()
                .map(|c| Some(c.dummy)),
            // Call-and-response: each player's exchange, as the table's form records it.
            exchanges: record.deals[d]
                .duet
                .as_ref()
                .unwrap()
                .choices
                .each_ref()
                .map(|c| c.exchange.clone()),
        });
    }
    prop_assert!(game.is_over());
    let revokes_by_side = (0..2)
        .map(|side| {
            spec.side_seats(side)
                .iter()
                .map(|&s| game.revokes_by(s))
                .sum()
        })
        .collect();
    Ok(Played {
        record,
        boards,
        summaries,
        score: game.score(),
        revokes_by_side,
    })
}

fn duet_spec(v: usize, r: usize) -> GameSpec {
    GameSpec::new(Variant::DUET[v]).with_rule(TrickRule::ALL[r])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random Duet games replay from their record to the same score and revokes, and each
    /// deal's summary (with its dummies) passes the check and scores the same.
    #[test]
    fn random_duet_games_replay_and_their_summaries_check(
        seed: u64, v in 0usize..2, r in 0usize..3, revokes in prop::sample::select(vec![0u32, 30]),
    ) {
        let spec = duet_spec(v, r);
        let g = play(&spec, seed, revokes)?;
        let outcome = replay(&spec, &g.record).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(outcome.complete);
        prop_assert_eq!(&outcome.score, &g.score);
        let by_side: u32 = g.revokes_by_side.iter().sum();
        prop_assert_eq!(outcome.revokes.len() as u32, by_side);
        // Call-and-response: every deal's summary carries both players' exchanges.
        let given = g.summaries.iter().flat_map(|s| &s.exchanges).filter(|x| x.is_some()).count();
        prop_assert_eq!(given, if v == 1 { 8 } else { 0 });
        let problems = check_series(&spec, &g.summaries, Some(&g.boards));
        prop_assert!(problems.is_empty(), "{:?}", problems);
        let last = g.summaries.last().unwrap();
        let scored = score_summary_with_revokes(&spec, last, &g.revokes_by_side).unwrap();
        prop_assert_eq!(&scored, &g.score);
    }

    /// A dummy choice naming the other player's hand: the replay refuses it at that deal,
    /// and so does the summary check.
    #[test]
    fn a_dummy_naming_the_other_players_hand_is_refused(
        seed: u64, v in 0usize..2, d in 0usize..4, p in 0usize..2, k in 0usize..2,
    ) {
        let spec = duet_spec(v, 0);
        let mut g = play(&spec, seed, 0)?;
        let other = spec.duet.unwrap().players[1 - p].dealt()[k];
        g.record.deals[d].duet.as_mut().unwrap().choices[p].dummy = other;
        let e = replay(&spec, &g.record).unwrap_err();
        prop_assert_eq!((e.deal, e.seat), (Some(d + 1), Some(other)));
        prop_assert!(e.message.contains("dummy must be one of their two dealt hands"), "{}", e);

        g.summaries[d].dummies[p] = Some(other);
        let problems = check_series(&spec, &g.summaries, Some(&g.boards));
        prop_assert_eq!(problems.len(), 1, "{:?}", problems);
        prop_assert_eq!(problems[0].code, "dummy-not-own");
        prop_assert_eq!(problems[0].deal, Some(d as i64 + 1));
        prop_assert_eq!(problems[0].side, Some(p));
    }

    /// An exchange card the hand it left did not hold (one more copy than it held) is
    /// refused with the deal and the card named.
    #[test]
    fn an_exchange_card_not_in_the_hand_is_refused(
        seed: u64, d in 0usize..4, p in 0usize..2, returned: bool, i in 0usize..3,
    ) {
        let spec = duet_spec(1, 0);
        let mut g = play(&spec, seed, 0)?;
        let player = spec.duet.unwrap().players[p];
        let deal = &mut g.record.deals[d];
        let ex = deal.duet.as_mut().unwrap().choices[p].exchange.as_mut().unwrap();
        let from = if returned {
            player.dealt().into_iter().find(|&s| s != ex.inspected).unwrap()
        } else {
            ex.inspected
        };
        let hand = CardCounts::from_cards(&deal.hands[from.index()]);
        let cards = if returned { &mut ex.returned } else { &mut ex.passed };
        // A card the hand holds fewer copies of than the exchange would then move.
        let moved = |c: Card, cards: &Vec<Card>| cards.iter().enumerate().filter(|&(j, &x)| j != i && x == c).count() + 1;
        let card = Card::all().find(|&c| usize::from(hand.count(c)) < moved(c, cards)).unwrap();
        cards[i] = card;
        let e = replay(&spec, &g.record).unwrap_err();
        prop_assert_eq!((e.deal, e.card, e.seat), (Some(d + 1), Some(card), Some(from)));
        let way = if returned { "returned" } else { "passed" };
        let expected = format!("the {} player {way} {card}, but the {} hand", player.name, from.name());
        prop_assert!(e.message.contains(&expected), "{}", e);
    }
}

/// How a test corrupts one player's exchange in one deal's summary.
#[derive(Clone, Copy, Debug)]
enum Corrupt {
    /// A card the hand it leaves did not hold (one copy more than it held).
    NotHeld,
    /// Two cards one way instead of three.
    TwoCards,
    /// The hand looked at is one of the other player's.
    OtherPlayersHand,
    /// Left out.
    Missing,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random call-and-response games' summaries with each deal's exchanges check clean
    /// (above); one player's exchange corrupted in one deal is flagged with its code, that
    /// deal and that player's side, and nothing else is.
    #[test]
    fn a_corrupted_exchange_in_a_summary_is_flagged_with_its_code(
        seed: u64, d in 0usize..4, p in 0usize..2, returned: bool, i in 0usize..3,
        kind in prop::sample::select(vec![Corrupt::NotHeld, Corrupt::TwoCards, Corrupt::OtherPlayersHand, Corrupt::Missing]),
    ) {
        let spec = duet_spec(1, 0);
        let mut g = play(&spec, seed, 0)?;
        let duet = spec.duet.unwrap();
        let player = duet.players[p];
        let slot = &mut g.summaries[d].exchanges[p];
        let ex = slot.as_mut().unwrap();
        let code = match kind {
            Corrupt::NotHeld => {
                let from = if returned {
                    player.dealt().into_iter().find(|&s| s != ex.inspected).unwrap()
                } else {
                    ex.inspected
                };
                let hand = g.boards[d].hands[from.index()];
                let cards = if returned { &mut ex.returned } else { &mut ex.passed };
                let moved = |c: Card, cards: &Vec<Card>| cards.iter().enumerate().filter(|&(j, &x)| j != i && x == c).count() + 1;
                let card = Card::all().find(|&c| usize::from(hand.count(c)) < moved(c, cards)).unwrap();
                cards[i] = card;
                "exchange-not-held"
            }
            Corrupt::TwoCards => {
                let cards = if returned { &mut ex.returned } else { &mut ex.passed };
                cards.remove(i);
                "exchange-count"
            }
            Corrupt::OtherPlayersHand => {
                ex.inspected = duet.players[1 - p].dealt()[usize::from(returned)];
                "exchange-not-own"
            }
            Corrupt::Missing => {
                *slot = None;
                "exchange-missing"
            }
        };
        let problems = check_series(&spec, &g.summaries, Some(&g.boards));
        prop_assert_eq!(problems.len(), 1, "{:?}", problems);
        prop_assert_eq!(problems[0].code, code);
        prop_assert_eq!(problems[0].deal, Some(d as i64 + 1));
        prop_assert_eq!(problems[0].side, Some(p));
        // Without the board, every check but the cards held still runs.
        let blind = check_series(&spec, &g.summaries, None);
        match kind {
            Corrupt::NotHeld => prop_assert!(blind.is_empty(), "{:?}", blind),
            _ => prop_assert_eq!(blind.iter().map(|p| p.code).collect::<Vec<_>>(), vec![code]),
        }
    }

    /// Plain Duet has no exchange: one given in a summary is flagged.
    #[test]
    fn an_exchange_in_a_plain_duet_summary_is_flagged(seed: u64, d in 0usize..4, p in 0usize..2) {
        let exchanging = play(&duet_spec(1, 0), seed, 0)?;
        let spec = duet_spec(0, 0);
        let mut g = play(&spec, seed, 0)?;
        g.summaries[d].exchanges[p] = exchanging.summaries[d].exchanges[p].clone();
        let problems = check_series(&spec, &g.summaries, Some(&g.boards));
        prop_assert_eq!(problems.iter().map(|p| (p.code, p.deal, p.side)).collect::<Vec<_>>(),
            vec![("exchange-not-duet", Some(d as i64 + 1), Some(p))]);
    }
}

#[test]
fn random_game_helper_records_a_replayable_duet_game() {
    for v in Variant::DUET {
        for seed in 0..8 {
            let spec = GameSpec::new(v);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut record = GameRecord::default();
            let score = random::play_random_game(&spec, &mut rng, 20, Some(&mut record));
            assert_eq!(record.deals.len(), 4);
            let exchanges = record
                .deals
                .iter()
                .flat_map(|d| &d.duet.as_ref().unwrap().choices)
                .filter(|c| c.exchange.is_some())
                .count();
            assert_eq!(exchanges, if v == Variant::Duet { 0 } else { 8 }, "{v}");
            let outcome = replay(&spec, &record).unwrap();
            assert_eq!(outcome.score, score, "{v} seed {seed}");
        }
    }
}
