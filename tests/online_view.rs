//! The seat's view (issue #39, items 2 and 8): its JSON key by key for a worked position,
//! and every refusal of a card in the player's words, named after the rule. The proof that
//! no view carries a hidden hand is in `src/event/online/view.rs` (it redeals hidden hands,
//! which only the crate may do).

use calypso_director::engine::{
    CardCounts, DuetChoice, DuetDeal, Exchange, Game, GameSpec, Seat, TrickRule, Variant,
    parse_cards,
};
use calypso_director::event::online::view::{LastTrick, Place, RefusalKind, SeatView, refusal};

fn hand(s: &str) -> CardCounts {
    CardCounts::from_cards(&parse_cards(s).unwrap())
}

const PLACE: Place = Place {
    event: 7,
    round: 2,
    table: 3,
    board: 4,
};

/// West deals, North (♠) leads. Trick 1: 9S 3S 2S 5S, all spades: North's led personal
/// trump wins and North's calypso takes all four (2, 3, 5, 9). Trick 2: North leads 2H and
/// East (♦), who holds J♥ 9♥ 5♥, is to play.
fn position(rule: TrickRule) -> (GameSpec, [CardCounts; 4]) {
    let spec = GameSpec::default().with_rule(rule);
    let hands = [
        hand("AS KS 9S 4S AH 7H 2H QD 8D 3D KC 5C 2C"),
        hand("QS 8S 3S JH 9H 5H AD KD 9D 6D 4D QC 7C"),
        hand("JS 7S 2S KH QH 8H 6H 3H JD 5D AC 9C 4C"),
        hand("TS 6S 5S TH 4H TD 7D 2D JC TC 8C 6C 3C"),
    ];
    (spec, hands)
}

fn play_to_the_position<'s>(spec: &'s GameSpec, hands: [CardCounts; 4]) -> (Game<'s>, LastTrick) {
    let mut game = Game::new(spec, Seat::West);
    game.deal(hands).unwrap();
    let mut last = LastTrick::default();
    for c in ["9S", "3S", "2S", "5S", "2H"] {
        last.play(&mut game, c.parse().unwrap()).unwrap();
    }
    (game, last)
}

#[test]
fn the_seats_json_key_by_key() {
    let (spec, hands) = position(TrickRule::Standard);
    let (game, last) = play_to_the_position(&spec, hands);
    let view = SeatView::new(&game, PLACE, Seat::East, last.cards(), 5).unwrap();
    // East's hand: its own ♦ first, then ♠ ♥ ♣, each high to low. East must follow ♥.
    let expected = concat!(
        r#"{"event":7,"round":2,"table":3,"board":4,"seat":"E","deal":1,"trick":2,"to_play":"E","#,
        r#""hand":["AD","KD","9D","6D","4D","QS","8S","JH","9H","5H","QC","7C"],"#,
        r#""legal":["JH","9H","5H"],"#,
        r#""trick_so_far":[{"seat":"N","card":"2H"}],"#,
        r#""last_trick":[{"seat":"N","card":"9S"},{"seat":"E","card":"3S"},{"seat":"S","card":"2S"},{"seat":"W","card":"5S"}],"#,
        r#""calypsos":{"N":{"completed":0,"ranks":["2","3","5","9"]},"E":{"completed":0,"ranks":[]},"#,
        r#""S":{"completed":0,"ranks":[]},"W":{"completed":0,"ranks":[]}},"#,
        r#""piles":{"NS":0,"EW":0},"#,
        r#""renounced":{"N":[],"E":[],"S":[],"W":[]},"#,
        r#""score":{"players":{"N":{"calypsos":0,"in_progress":4,"points":80},"#,
        r#""E":{"calypsos":0,"in_progress":0,"points":0},"S":{"calypsos":0,"in_progress":0,"points":0},"#,
        r#""W":{"calypsos":0,"in_progress":0,"points":0}},"#,
        r#""sides":{"NS":{"trick_pile":0,"revoke_bonus":0,"points":80},"EW":{"trick_pile":0,"revoke_bonus":0,"points":0}}},"#,
        r#""seq":5,"over":false}"#
    );
    assert_eq!(view.to_json(), expected);

    // The issue's keys, in its order; `legal` only for the seat to play.
    let keys = |json: &str| -> Vec<String> {
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        v.as_object().unwrap().keys().cloned().collect()
    };
    let issue = [
        "event",
        "round",
        "table",
        "board",
        "seat",
        "deal",
        "trick",
        "to_play",
        "hand",
        "legal",
        "trick_so_far",
        "last_trick",
        "calypsos",
        "piles",
        "renounced",
        "score",
        "seq",
        "over",
    ];
    assert_eq!(keys(expected), issue);
    let south = SeatView::new(&game, PLACE, Seat::South, last.cards(), 5)
        .unwrap()
        .to_json();
    let without_legal: Vec<&str> = issue.iter().copied().filter(|k| *k != "legal").collect();
    assert_eq!(keys(&south), without_legal);
    // South (♥) sees its own hand (2S went to trick 1), ♥ first, and nothing of East's.
    assert!(
        south.contains(r#""hand":["KH","QH","8H","6H","3H","JS","7S","JD","5D","AC","9C","4C"]"#)
    );
    assert!(
        !south.contains("AD"),
        "East's A♦ is in no other hand: {south}"
    );
}

#[test]
fn the_renounce_indicators_and_piles_after_a_discard() {
    let (spec, hands) = position(TrickRule::Standard);
    let (mut game, mut last) = play_to_the_position(&spec, hands);
    // Trick 2 goes on: East 5H, South 3H, West 4H, all following.
    for c in ["5H", "3H", "4H"] {
        last.play(&mut game, c.parse().unwrap()).unwrap();
    }
    // Highest heart: East's 5H (N 2H, S 3H, W 4H); no calypso takes a heart but South's,
    // who did not win: the four cards go to E-W's pile.
    let view = SeatView::new(&game, PLACE, Seat::West, last.cards(), 8).unwrap();
    assert_eq!(view.to_play, Some(Seat::East));
    assert_eq!(view.piles.get("EW"), Some(&4));
    assert_eq!(view.score.sides.get("EW").unwrap().points, 40);
    // Trick 3: East leads AD; South follows JD, West TD, North QD.
    for c in ["AD", "JD", "TD", "QD"] {
        last.play(&mut game, c.parse().unwrap()).unwrap();
    }
    // East's own-suit lead wins; ♦ to East's calypso: A, J, T, Q.
    let view = SeatView::new(&game, PLACE, Seat::North, last.cards(), 12).unwrap();
    assert_eq!(
        view.calypsos.get(Seat::East).unwrap().ranks,
        ["T", "J", "Q", "A"]
    );
    // East leads 4D; South has 5D: must follow. Then West 7D, North 8D.
    for c in ["4D", "5D", "7D", "8D"] {
        last.play(&mut game, c.parse().unwrap()).unwrap();
    }
    // East's led trump wins again; East leads 6D; South is now void in ♦ and trumps in with
    // 6H: South's ♦ indicator turns up, in every seat's view.
    for c in ["6D", "6H"] {
        assert!(
            refusal(&game, game.to_play().unwrap(), c.parse().unwrap()).is_none(),
            "{c}"
        );
        last.play(&mut game, c.parse().unwrap()).unwrap();
    }
    for seat in Seat::ALL {
        let json = SeatView::new(&game, PLACE, seat, last.cards(), 18)
            .unwrap()
            .to_json();
        assert!(
            json.contains(r#""renounced":{"N":[],"E":[],"S":["D"],"W":[]}"#),
            "{json}"
        );
    }
}

#[test]
fn refusal_out_of_turn_names_the_seat_to_play() {
    let (spec, hands) = position(TrickRule::Standard);
    let (game, _) = play_to_the_position(&spec, hands);
    let r = refusal(&game, Seat::West, "TH".parse().unwrap()).unwrap();
    assert_eq!(r.kind, RefusalKind::NotYourTurn);
    assert_eq!(r.message, "It is East's turn, not yours");
    assert_eq!(r.kind.status(), 409);
}

#[test]
fn refusal_a_card_not_held() {
    let (spec, hands) = position(TrickRule::Standard);
    let (game, _) = play_to_the_position(&spec, hands);
    // East held 3S, played it to trick 1: no longer held. 2C was never East's.
    for (card, words) in [("3S", "3♠"), ("2C", "2♣")] {
        let r = refusal(&game, Seat::East, card.parse().unwrap()).unwrap();
        assert_eq!(r.kind, RefusalKind::NotHeld);
        assert_eq!(r.message, format!("You do not hold {words}"));
        assert_eq!(r.kind.status(), 422);
    }
}

#[test]
fn refusal_follow_suit_under_the_standard_and_beat_the_leader_rules() {
    for rule in [TrickRule::Standard, TrickRule::BeatTheLeader] {
        let (spec, hands) = position(rule);
        let (game, _) = play_to_the_position(&spec, hands);
        for card in ["AD", "QS", "7C"] {
            let r = refusal(&game, Seat::East, card.parse().unwrap()).unwrap();
            assert_eq!(r.kind, RefusalKind::NotLegal, "{rule} {card}");
            assert_eq!(r.message, "You must follow ♥: you hold J♥, 9♥, 5♥");
            assert_eq!(r.kind.status(), 422);
        }
        assert_eq!(refusal(&game, Seat::East, "9H".parse().unwrap()), None);
    }
}

#[test]
fn all_fours_allows_trumping_in_while_able_to_follow() {
    let (spec, hands) = position(TrickRule::AllFours);
    let (game, _) = play_to_the_position(&spec, hands);
    assert_eq!(refusal(&game, Seat::East, "AD".parse().unwrap()), None);
    let r = refusal(&game, Seat::East, "QS".parse().unwrap()).unwrap();
    assert_eq!(r.kind, RefusalKind::NotLegal);
    assert_eq!(
        r.message,
        "You must follow ♥ or trump in with your own ♦ (all fours): you hold J♥, 9♥, 5♥"
    );
    let view = SeatView::new(&game, PLACE, Seat::East, &[], 5)
        .unwrap()
        .to_json();
    assert!(
        view.contains(r#""legal":["AD","KD","9D","6D","4D","JH","9H","5H"]"#),
        "{view}"
    );
}

#[test]
fn refusal_after_the_last_card_the_game_is_over() {
    let spec = GameSpec::new(Variant::CutThroat3);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    let deals = spec.deal_stack(
        &calypso_director::engine::random::shuffled_deck(&spec, &mut rng),
        Seat::North,
    );
    let mut game = Game::new(&spec, Seat::North);
    let mut last = LastTrick::default();
    for deal in deals {
        game.deal(deal.hands).unwrap();
        while let Some(seat) = game.to_play() {
            let card = game.legal_cards()[0];
            assert_eq!(refusal(&game, seat, card), None);
            last.play(&mut game, card).unwrap();
        }
    }
    let r = refusal(&game, Seat::North, "AS".parse().unwrap()).unwrap();
    assert_eq!(r.kind, RefusalKind::NotInPlay);
    assert_eq!(r.message, "The game is over: no more cards are played");
    assert_eq!(r.kind.status(), 409);
    let view = SeatView::new(&game, PLACE, Seat::South, last.cards(), 117).unwrap();
    let json = view.to_json();
    // Three seats, a pile each, everyone for themselves; the last deal's 13th trick.
    assert!(
        json.contains(r#""deal":3,"trick":13,"to_play":null,"hand":[],"#),
        "{json}"
    );
    assert!(
        json.contains(r#""piles":{"N":"#) && json.contains(r#""over":true}"#),
        "{json}"
    );
    assert!(!json.contains("\"legal\""));
}

/// Call-and-response: the non-dealer who kept the inspected hand as their secret hand leads
/// to the first trick from the ten cards left in it (the seed); the three returned cards are
/// held, but not yet.
#[test]
fn call_and_response_first_lead_only_from_the_ten_cards_kept() {
    let spec = GameSpec::new(Variant::DuetCallAndResponse);
    let mut game = Game::new(&spec, Seat::North);
    let board = [
        hand("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
        hand("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
        hand("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
        hand("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
    ];
    let ex = |inspected, passed: &str, returned: &str| {
        Some(Exchange {
            inspected,
            passed: parse_cards(passed).unwrap(),
            returned: parse_cards(returned).unwrap(),
        })
    };
    let choices = DuetDeal {
        choices: [
            DuetChoice {
                dummy: Seat::South,
                exchange: ex(Seat::South, "2H 3H 4H", "2S 3S 4S"),
            },
            DuetChoice {
                dummy: Seat::East,
                exchange: ex(Seat::West, "AC KC QC", "2D 3D 4D"),
            },
        ],
    };
    game.deal_duet(board, &choices).unwrap();
    let r = refusal(&game, Seat::West, "2D".parse().unwrap()).unwrap();
    assert_eq!(r.kind, RefusalKind::NotYetHeld);
    assert_eq!(
        r.message,
        "You lead to the first trick from the ten cards you kept: 2♦ joins your hand only when your dummy is about to play"
    );
    assert_eq!(r.kind.status(), 422);
    assert_eq!(refusal(&game, Seat::West, "2C".parse().unwrap()), None);
    let view = SeatView::new(&game, PLACE, Seat::West, &[], 0).unwrap();
    // West's own ♣ first; the legal cards are the ten clubs kept.
    assert_eq!(view.legal.unwrap().0.len(), 10);
    assert_eq!(view.hand.0[0].to_string(), "JC");
}
