//! Setup helpers both Auction property tests share (tests/auction_props.rs for three,
//! tests/auction_pairs_props.rs for four): included by `#[path]`, not through `common`.

use calypso_director::engine::Card;
use calypso_director::engine::auction::SuitCounts;

/// Every code a setup check raises: a test of corrupted setups must meet them all.
pub const SETUP_CODES: [&str; 6] = [
    "setup-not-agreed",
    "setup-missing",
    "setup-not-balanced",
    "setup-too-many",
    "setup-calypsos",
    "setup-not-standard",
];

/// Asserts every setup code was raised.
pub fn assert_every_setup_code(seen: &std::collections::BTreeSet<&str>) {
    for code in SETUP_CODES {
        assert!(seen.contains(code), "{code} never raised: {seen:?}");
    }
}

/// One count changed by one (up, or down from 12).
pub fn bump(c: &mut SuitCounts, suit: usize) {
    c.0[suit] = if c.0[suit] < 12 {
        c.0[suit] + 1
    } else {
        c.0[suit] - 1
    };
}

/// The first card of a setup's line replaced by another rank of its suit the line does not
/// hold: the same counts, other cards.
pub fn change_one_card(cards: &mut [Card]) {
    let c = cards[0];
    let swap = Card::all()
        .find(|x| x.suit() == c.suit() && !cards.contains(x))
        .expect("a rank not held");
    cards[0] = swap;
}
