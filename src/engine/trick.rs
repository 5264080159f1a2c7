//! Playing to a trick: which cards a seat may play, and who wins.

use super::cards::{Card, CardCounts, Seat, Suit};
use super::spec::{TrickRule, Trumps};

/// A card of the player's own trump suit played when that suit was not led.
/// Following suit is never a trump-in, even in one's own suit.
pub fn is_trump_in(card: Card, own_trump: Option<Suit>, led: Suit) -> bool {
    own_trump == Some(card.suit()) && card.suit() != led
}

/// May a seat holding `hand` play `card` to a trick led in `led` (None when leading)?
pub fn may_play(
    hand: &CardCounts,
    card: Card,
    led: Option<Suit>,
    own_trump: Option<Suit>,
    rule: TrickRule,
) -> bool {
    match led {
        None => true,
        Some(led) => {
            card.suit() == led
                || !hand.has_suit(led)
                || (rule == TrickRule::AllFours && own_trump == Some(card.suit()))
        }
    }
}

/// Does playing `card` to a trick led in `led` turn on the seat's renounce indicator for
/// `led`? Under all-fours a trump played while able to follow is not a renounce, so only
/// discards count there.
pub fn shows_renounce(card: Card, led: Suit, own_trump: Option<Suit>, rule: TrickRule) -> bool {
    card.suit() != led && !(rule == TrickRule::AllFours && own_trump == Some(card.suit()))
}

/// Distinct cards of `hand` that may be played, low to high by suit then rank.
pub fn legal_cards(
    hand: &CardCounts,
    led: Option<Suit>,
    own_trump: Option<Suit>,
    rule: TrickRule,
) -> Vec<Card> {
    Card::all()
        .filter(|&c| hand.contains(c) && may_play(hand, c, led, own_trump, rule))
        .collect()
}

/// The position (0 = leader) of the card that wins a trick. `cards` are in play order,
/// starting with `leader` and going left around a table of `players` seats.
///
/// Standard: the highest trump-in wins (ties to the earlier card); with none, a led personal
/// trump wins whatever its rank; otherwise the highest card of the suit led.
/// Beat-the-leader and all-fours: a led personal trump counts as a trump, so a trump-in
/// must be strictly higher to win.
pub fn winner(
    leader: Seat,
    cards: &[Card],
    players: usize,
    trumps: &Trumps,
    rule: TrickRule,
) -> usize {
    winner_stepping(leader, cards, players, 1, trumps, rule)
}

/// As [`winner`], with the turn passing `step` seats to the left per card (`players - 1`
/// when play runs counter-clockwise, as in every other deal of Calypso Duet).
pub fn winner_stepping(
    leader: Seat,
    cards: &[Card],
    players: usize,
    step: usize,
    trumps: &Trumps,
    rule: TrickRule,
) -> usize {
    winner_by(cards, |i| leader.left_by(i * step, players), trumps, rule)
}

/// As [`winner`], with the seat of each card given (as a game knows them from play).
pub(crate) fn winner_seated(
    cards: &[Card],
    seats: &[Seat],
    trumps: &Trumps,
    rule: TrickRule,
) -> usize {
    winner_by(cards, |i| seats[i], trumps, rule)
}

/// The rule of [`winner`], with `seat_of(i)` the seat that played card i.
#[inline(always)]
fn winner_by(
    cards: &[Card],
    seat_of: impl Fn(usize) -> Seat,
    trumps: &Trumps,
    rule: TrickRule,
) -> usize {
    let Some(first) = cards.first() else { return 0 };
    let led = first.suit();
    let led_own_trump = trumps.of(seat_of(0)) == Some(led);
    let mut best = match rule {
        TrickRule::Standard => None,
        TrickRule::BeatTheLeader | TrickRule::AllFours => {
            led_own_trump.then_some((0, first.rank()))
        }
    };
    for (i, &card) in cards.iter().enumerate().skip(1) {
        if is_trump_in(card, trumps.of(seat_of(i)), led)
            && best.is_none_or(|(_, r)| card.rank() > r)
        {
            best = Some((i, card.rank()));
        }
    }
    if let Some((i, _)) = best {
        return i;
    }
    if led_own_trump {
        return 0;
    }
    let mut top = 0;
    for (i, &card) in cards.iter().enumerate().skip(1) {
        if card.suit() == led && card.rank() > cards[top].rank() {
            top = i;
        }
    }
    top
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    fn trumps(s: &str) -> Trumps {
        let mut t = [None; 4];
        for (i, c) in s.chars().enumerate() {
            t[i] = Suit::from_char(c);
        }
        Trumps(t)
    }

    fn win(rule: TrickRule, table: &str, cards: &str) -> Seat {
        let cards = parse_cards(cards).unwrap();
        let i = winner(Seat::North, &cards, 4, &trumps(table), rule);
        Seat::North.left_by(i, 4)
    }

    // The main rules page's examples: North holds spades and leads every trick; the
    // page's lost suit symbols are restored from its "Reason" column.
    #[test]
    fn main_rules_page_examples() {
        use Seat::*;
        let s = TrickRule::Standard;
        let t = "SDHC";
        assert_eq!(win(s, t, "4S 6S KS 4S"), North);
        assert_eq!(win(s, t, "AS AS 3S 4S"), North);
        assert_eq!(win(s, t, "TS 6S JS 2S"), North);
        assert_eq!(win(s, t, "TS 6D JS 2S"), East);
        assert_eq!(win(s, t, "TS 6D 6H 2S"), East);
        assert_eq!(win(s, t, "TS 6D 7H 2S"), South);
        assert_eq!(win(s, t, "TS 6D 7H 9C"), West);
        assert_eq!(win(s, t, "3D 6D KD 4D"), South);
        assert_eq!(win(s, t, "3D 6D KD KD"), South);
        assert_eq!(win(s, t, "3D AD KD AD"), East);
        assert_eq!(win(s, t, "3H AC KH AH"), West);
        assert_eq!(win(s, t, "8C AC 4H AC"), South);
        assert_eq!(win(s, t, "8D AD 4H 2C"), South);
        assert_eq!(win(s, t, "8S 8S 8S 8S"), North);
        assert_eq!(win(s, t, "8C 8C 8C 8C"), North);
        assert_eq!(win(s, t, "8S 8D 8H 8C"), East);
    }

    #[test]
    fn problem_rule_any_trump_in_beats_a_led_personal_trump() {
        // North leads the ace of their own suit; East trumps in with a 2 and wins.
        assert_eq!(win(TrickRule::Standard, "SDHC", "AS 2D 3S 4S"), Seat::East);
    }

    #[test]
    fn beat_the_leader_needs_a_higher_trump_than_the_lead() {
        let b = TrickRule::BeatTheLeader;
        assert_eq!(win(b, "SDHC", "TS 6D JS 2S"), Seat::North);
        assert_eq!(win(b, "SDHC", "TS 6D JH 2S"), Seat::South);
        assert_eq!(
            win(b, "SDHC", "TS TD TH 2S"),
            Seat::North,
            "ties go to the leader"
        );
        assert_eq!(win(b, "SDHC", "TS JD QH KC"), Seat::West);
        assert_eq!(win(b, "SDHC", "TS JD 9H 2S"), Seat::East);
        // Not a led personal trump: beat-the-leader plays like standard.
        assert_eq!(win(b, "SDHC", "8C AC 4H 2C"), Seat::South);
        assert_eq!(win(b, "SDHC", "3D AD KD AD"), Seat::East);
    }

    #[test]
    fn all_fours_allows_trumping_while_able_to_follow() {
        let hand = CardCounts::from_cards(&parse_cards("2C 5D 9H").unwrap());
        let led = Some(Suit::Clubs);
        let own = Some(Suit::Diamonds);
        let five_d = "5D".parse().unwrap();
        let nine_h = "9H".parse().unwrap();
        assert!(!may_play(&hand, five_d, led, own, TrickRule::Standard));
        assert!(!may_play(&hand, five_d, led, own, TrickRule::BeatTheLeader));
        assert!(may_play(&hand, five_d, led, own, TrickRule::AllFours));
        assert!(!may_play(&hand, nine_h, led, own, TrickRule::AllFours));
        assert_eq!(
            legal_cards(&hand, led, own, TrickRule::AllFours).len(),
            2,
            "the club and the own trump"
        );
        // Trumping is not a renounce under all-fours; a discard is.
        assert!(!shows_renounce(
            five_d,
            Suit::Clubs,
            own,
            TrickRule::AllFours
        ));
        assert!(shows_renounce(
            nine_h,
            Suit::Clubs,
            own,
            TrickRule::AllFours
        ));
        assert!(shows_renounce(
            five_d,
            Suit::Clubs,
            own,
            TrickRule::Standard
        ));
        // And it wins as beat-the-leader does.
        assert_eq!(win(TrickRule::AllFours, "SDHC", "TS JD 9H 2S"), Seat::East);
        assert_eq!(win(TrickRule::AllFours, "SDHC", "TS 9D 9H 2S"), Seat::North);
    }

    #[test]
    fn following_your_own_suit_when_led_is_not_a_trump_in() {
        assert!(!is_trump_in(
            "6D".parse().unwrap(),
            Some(Suit::Diamonds),
            Suit::Diamonds
        ));
        assert!(is_trump_in(
            "6D".parse().unwrap(),
            Some(Suit::Diamonds),
            Suit::Spades
        ));
        assert!(!is_trump_in("6D".parse().unwrap(), None, Suit::Spades));
    }

    #[test]
    fn must_follow_suit_when_able() {
        let hand = CardCounts::from_cards(&parse_cards("2C 5D 9H").unwrap());
        let legal = legal_cards(
            &hand,
            Some(Suit::Hearts),
            Some(Suit::Diamonds),
            TrickRule::Standard,
        );
        assert_eq!(legal, parse_cards("9H").unwrap());
        let void = legal_cards(&hand, Some(Suit::Spades), None, TrickRule::Standard);
        assert_eq!(void.len(), 3);
        assert_eq!(legal_cards(&hand, None, None, TrickRule::Standard).len(), 3);
    }

    #[test]
    fn three_handed_trick_goes_round_three_seats() {
        // South (index 2) leads at a three-seat table; next is North, then East.
        let t = trumps("SH D");
        let cards = parse_cards("4C 2S 9C").unwrap();
        let i = winner(Seat::South, &cards, 3, &t, TrickRule::Standard);
        assert_eq!(Seat::South.left_by(i, 3), Seat::North);
    }
}
