//! Property tests: random games of every variant and trick rule, checked after every trick
//! against a second, deliberately naive model of where the cards go, and replayed from
//! their own record.

use calypso_director::engine::{
    Card, Game, GameRecord, GameSpec, Rank, Seat, TrickRule, Variant, random, replay,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The naive model: Vec-based calypsos in play order, no bit tricks, no shared code.
#[derive(Default, Clone)]
struct Model {
    progress: [Vec<Rank>; 4],
    completed: [u32; 4],
    piles: [u32; 4],
    revokes: [u32; 4],
}

impl Model {
    fn take(&mut self, spec: &GameSpec, winner: Seat, trick: &[(Seat, Card)]) {
        let mut collectors = vec![winner];
        if spec.scoring.partnerships() {
            collectors.push(winner.partner());
        }
        let side = spec.side_of(winner);
        let mut used = vec![false; trick.len()];
        for &c in &collectors {
            let Some(suit) = spec.trumps.of(c) else {
                continue;
            };
            let mine: Vec<usize> = (0..trick.len())
                .filter(|&i| trick[i].1.suit() == suit)
                .collect();
            let progress = &mut self.progress[c.index()];
            let mut spare = Vec::new();
            for &i in &mine {
                used[i] = true;
                let r = trick[i].1.rank();
                if progress.contains(&r) {
                    spare.push(r);
                } else {
                    progress.push(r);
                }
            }
            if progress.len() == 13 {
                self.completed[c.index()] += 1;
                progress.clear();
                for r in spare {
                    if progress.contains(&r) {
                        self.piles[side] += 1;
                    } else {
                        progress.push(r);
                    }
                }
            } else {
                self.piles[side] += spare.len() as u32;
            }
        }
        self.piles[side] += used.iter().filter(|u| !**u).count() as u32;
    }

    fn player_points(&self, seat: Seat) -> i64 {
        let mut pts = 0;
        for k in 1..=self.completed[seat.index()] {
            pts += match k {
                1 => 500,
                2 => 750,
                _ => 1000,
            };
        }
        pts + 20 * self.progress[seat.index()].len() as i64
    }
}

fn play_checked(spec: &GameSpec, seed: u64, revoke_per_mille: u32) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let stack = random::shuffled_deck(spec, &mut rng);
    prop_assert_eq!(stack.len(), spec.deck.len());
    let first = Seat::from_index((rng.next_u32() as usize) % spec.players);
    let mut game = Game::new(spec, first);
    let mut model = Model::default();
    let mut record = GameRecord::default();
    let mut tricks_played = 0usize;
    for deal in spec.deal_stack(&stack, first) {
        record.deals.push(calypso_director::engine::DealRecord {
            dealer: Some(deal.dealer),
            hands: deal.hands.each_ref().map(|h| h.cards()),
            tricks: Vec::new(),
            duet: None,
        });
        game.deal(deal.hands).expect("a shuffled deck deals");
        let mut trick: Vec<(Seat, Card)> = Vec::new();
        let mut by_seat = [None; 4];
        while let Some(seat) = game.to_play() {
            let hand = game.hand(seat);
            let legal = game.legal_cards();
            prop_assert!(!legal.is_empty());
            let card = if rng.next_u32() % 1000 < revoke_per_mille {
                let held = hand.cards();
                held[(rng.next_u32() as usize) % held.len()]
            } else {
                legal[(rng.next_u32() as usize) % legal.len()]
            };
            // Revoke, decided here from the rules' words, not from the engine.
            if let Some(&(_, lead)) = trick.first() {
                let led = lead.suit();
                let trumping =
                    spec.rule == TrickRule::AllFours && spec.trumps.of(seat) == Some(card.suit());
                if card.suit() != led && hand.has_suit(led) && !trumping {
                    model.revokes[seat.index()] += 1;
                }
            }
            trick.push((seat, card));
            by_seat[seat.index()] = Some(card);
            let played = game.play(card).expect("held card");
            if let Some(winner) = played.trick_won_by {
                prop_assert_eq!(winner, game.leader());
                model.take(spec, winner, &trick);
                tricks_played += 1;
                trick.clear();
                record.deals.last_mut().unwrap().tricks.push(by_seat);
                by_seat = [None; 4];
                // The card invariant and the model agree after every trick.
                let mut total = 0;
                for &s in spec.seats() {
                    let c = game.calypsos(s);
                    prop_assert_eq!(u32::from(c.completed()), model.completed[s.index()]);
                    let mut a: Vec<Rank> = c.in_progress().collect();
                    let mut b = model.progress[s.index()].clone();
                    a.sort();
                    b.sort();
                    prop_assert_eq!(a, b);
                    total += 13 * u32::from(c.completed()) + c.in_progress_len() as u32;
                }
                for side in 0..spec.sides() {
                    prop_assert_eq!(game.trick_pile(side), model.piles[side]);
                    total += game.trick_pile(side);
                }
                prop_assert_eq!(total as usize, tricks_played * spec.players);
            }
        }
    }
    prop_assert!(game.is_over());
    prop_assert_eq!(tricks_played * spec.players, spec.deck.len());

    // Independent score recount.
    let score = game.score();
    for &s in spec.seats() {
        prop_assert_eq!(score.player(s).unwrap().score, model.player_points(s));
    }
    for side in 0..spec.sides() {
        let seats = spec.side_seats(side);
        let opp_revokes: u32 = spec
            .seats()
            .iter()
            .filter(|s| !seats.contains(s))
            .map(|s| model.revokes[s.index()])
            .sum();
        let bonus = if spec.variant == Variant::Cooperative {
            0
        } else {
            260 * i64::from(opp_revokes)
        };
        let expect: i64 = seats.iter().map(|&s| model.player_points(s)).sum::<i64>()
            + 10 * i64::from(model.piles[side])
            + bonus;
        prop_assert_eq!(score.sides[side].score, expect);
    }
    let total_revokes: u32 = model.revokes.iter().sum();
    prop_assert_eq!(game.revokes().len() as u32, total_revokes);

    // Replaying the game's own record gives the same result.
    let outcome = replay(spec, &record).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&outcome.score, &score);
    prop_assert_eq!(outcome.revokes.as_slice(), game.revokes());
    prop_assert!(outcome.complete);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_games_keep_the_invariants(seed: u64, v in 0usize..6, r in 0usize..3) {
        let spec = GameSpec::new(Variant::ALL[v]).with_rule(TrickRule::ALL[r]);
        play_checked(&spec, seed, 0)?;
    }

    #[test]
    fn random_games_with_revokes_score_the_penalty(seed: u64, v in 0usize..6, r in 0usize..3) {
        let spec = GameSpec::new(Variant::ALL[v]).with_rule(TrickRule::ALL[r]);
        play_checked(&spec, seed, 30)?;
    }
}

#[test]
fn random_game_helper_records_a_replayable_game() {
    for v in Variant::ALL {
        let spec = GameSpec::new(v);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut record = GameRecord::default();
        let score = random::play_random_game(&spec, &mut rng, 20, Some(&mut record));
        assert_eq!(record.deals.len(), spec.deals());
        let outcome = replay(&spec, &record).unwrap();
        assert_eq!(outcome.score, score, "{v}");
    }
}
