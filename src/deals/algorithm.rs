//! The deal algorithm, version 1: set keys, commitments and board generation.
//!
//! This is a public contract (see `docs/deal-algorithm.md`): archived boards must regenerate
//! identically forever, so every step is spelled out here rather than left to a library whose
//! output could change between versions (no `SliceRandom::shuffle`, no `gen_range`).

use std::fmt;

use chacha20::ChaCha20Legacy;
use chacha20::cipher::{KeyIvInit, StreamCipher};
use rand::TryRng;
use sha2::{Digest, Sha256};

use crate::engine::{Card, Deal, GameSpec, Seat};

/// Name of this algorithm in output and documents.
pub const ALGORITHM: &str = "v1";
/// Domain tag of ordinary boards.
pub const BOARD_TAG: &[u8] = b"calypso-director/deal/v1";
/// Domain tag of reserve boards (replacements for a fouled or leaked board).
pub const RESERVE_TAG: &[u8] = b"calypso-director/deal/v1/reserve";

/// Why a set key or board request is not usable. Each message names the bad value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("the set key is empty: give 64 hex digits")]
    EmptyKey,
    #[error("set key \"{key}\" has an odd number of hex digits ({digits}): give 64")]
    OddKey { key: String, digits: usize },
    #[error("set key \"{key}\" has {digits} hex digits: a set key is 64 hex digits (32 bytes)")]
    KeyLength { key: String, digits: usize },
    #[error("set key \"{key}\" is not hex: {found:?} at position {position} is not 0-9 or a-f")]
    NotHex {
        key: String,
        found: char,
        position: usize,
    },
    #[error("the operating system's random source failed: {0}")]
    Random(String),
    #[error("board 0 does not exist: boards are numbered from 1")]
    BoardZero,
    #[error("first dealer {seat} is not a seat in a {players}-player game")]
    SeatNotInPlay { seat: Seat, players: usize },
    #[error("first dealer {seat} never deals in {variant}")]
    NotADealer { seat: Seat, variant: &'static str },
}

/// The secret of one set of boards: 32 bytes. Revealed after the event; its
/// [`commitment`](SetKey::commitment) is published before.
#[derive(Clone, PartialEq, Eq)]
pub struct SetKey([u8; 32]);

impl SetKey {
    /// A fresh key from the operating system's CSPRNG (not a user-space generator).
    pub fn generate() -> Result<SetKey, DealError> {
        let mut bytes = [0u8; 32];
        rand::rngs::SysRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| DealError::Random(e.to_string()))?;
        Ok(SetKey(bytes))
    }

    pub const fn from_bytes(bytes: [u8; 32]) -> SetKey {
        SetKey(bytes)
    }

    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Reads 64 hex digits (either case; surrounding whitespace ignored).
    pub fn from_hex(text: &str) -> Result<SetKey, DealError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(DealError::EmptyKey);
        }
        // Non-hex first: "zz" is better reported as not hex than as too short.
        if let Some((position, found)) = t.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
            return Err(DealError::NotHex {
                key: t.to_string(),
                found,
                position,
            });
        }
        let digits = t.len();
        if digits % 2 == 1 {
            return Err(DealError::OddKey {
                key: t.to_string(),
                digits,
            });
        }
        if digits != 64 {
            return Err(DealError::KeyLength {
                key: t.to_string(),
                digits,
            });
        }
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(t, &mut bytes).map_err(|_| DealError::KeyLength {
            key: t.to_string(),
            digits,
        })?;
        Ok(SetKey(bytes))
    }

    /// The key as 64 lower-case hex digits.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// SHA-256 of the 32 key bytes, in lower-case hex: safe to publish before the event.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }
}

/// Shows only the commitment, so a key cannot leak through debug logging.
impl fmt::Debug for SetKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SetKey(commitment {})", self.commitment())
    }
}

/// One board: a pre-arranged deck for one game, with its first dealer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub number: u32,
    pub reserve: bool,
    pub first_dealer: Seat,
    /// The shuffled deck face down, index 0 on top.
    pub stack: Vec<Card>,
    /// The hands of each deal as dealt from `stack`.
    pub deals: Vec<Deal>,
}

/// The ChaCha20 seed of one board:
/// `SHA-256(tag || key || board number as u32 big-endian)`.
pub fn board_seed(key: &SetKey, number: u32, reserve: bool) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(if reserve { RESERVE_TAG } else { BOARD_TAG });
    h.update(key.as_bytes());
    h.update(number.to_be_bytes());
    h.finalize().into()
}

/// Words below `2^32 - (2^32 mod m)` are accepted: the largest multiple of `m` in 2^32, so
/// every residue mod `m` is equally likely.
const fn rejection_zone(m: u32) -> u64 {
    (1u64 << 32) - ((1u64 << 32) % m as u64)
}

/// Divisors up to this size use the precomputed table (decks have at most 208 cards).
const TABLE: usize = 256;

/// For each m in 2..TABLE: the rejection zone and Lemire's fastmod multiplier
/// `floor((2^64 - 1) / m) + 1`. Speed only: results are exactly `x mod m` (tested below).
static DIVISORS: [(u64, u64); TABLE] = {
    let mut t = [(0u64, 0u64); TABLE];
    let mut m = 2;
    while m < TABLE {
        t[m] = (rejection_zone(m as u32), u64::MAX / m as u64 + 1);
        m += 1;
    }
    t
};

/// `x mod m` by two multiplications (Lemire, Kaser, Kurz 2019), exact for every u32 x.
fn fast_mod(x: u32, magic: u64, m: u32) -> u32 {
    let low = magic.wrapping_mul(u64::from(x));
    ((u128::from(low) * u128::from(m)) >> 64) as u32
}

/// `j` uniform in `0..m` from the stream `next`: draw until `x < 2^32 - (2^32 mod m)`, then
/// `x mod m`.
#[inline(always)]
fn draw_below(m: u32, next: &mut impl FnMut() -> u32) -> u32 {
    // Every deck has at most 208 cards, so the table always answers; the arm after it keeps
    // the function total for any slice.
    let (zone, magic) = match DIVISORS.get(m as usize) {
        Some(&entry) => entry,
        None => (rejection_zone(m), 0),
    };
    loop {
        let x = next();
        if u64::from(x) < zone {
            return if magic != 0 {
                fast_mod(x, magic, m)
            } else {
                x % m
            };
        }
    }
}

/// Blocks of the board's stream generated ahead: 13 blocks of 16 words, the 207 a 208-card
/// shuffle needs unless a draw is rejected (each draw is, with odds below 1 in 20 million).
const AHEAD_BLOCKS: usize = 13;

/// Word `k` of the stream past the words generated ahead: a new block from `cipher` at the
/// start of each 16. Reached only after a rejected draw.
#[cold]
fn word_past_ahead(cipher: &mut ChaCha20Legacy, block: &mut [u32; 16], k: usize) -> u32 {
    if k.is_multiple_of(16) {
        let mut bytes = [0u8; 64];
        cipher.write_keystream(&mut bytes);
        le_words(&bytes, block);
    }
    block[k % 16]
}

/// Keystream bytes as the little-endian u32 words `next_u32` returns.
fn le_words(bytes: &[u8], words: &mut [u32]) {
    for (w, b) in words.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
}

/// Fisher-Yates from the last index down to 1 with the board's ChaCha20 stream: for each i,
/// `j` uniform in `0..=i` by rejection (draw until `x < 2^32 - (2^32 mod m)` with `m = i + 1`,
/// then `x mod m`), swap. Returns the number of u32 words drawn (for the benchmark).
///
/// The stream is `rand_chacha::ChaCha20Rng::from_seed(seed)` drawn with `next_u32`: the
/// ChaCha20 keystream for key = seed, 64-bit block counter from 0, stream (nonce) 0, read as
/// little-endian words. That is the original 64-bit-nonce ChaCha20, which the `chacha20`
/// crate generates block by block where rand_chacha refills four blocks at a time; speed is
/// the only reason for the choice, and the tests compare the words with rand_chacha's.
pub fn shuffle_v1(seed: [u8; 32], deck: &mut [Card]) -> u64 {
    let mut cipher = ChaCha20Legacy::new(&seed.into(), &[0u8; 8].into());
    let blocks = deck.len().saturating_sub(1).div_ceil(16).min(AHEAD_BLOCKS);
    let mut ahead = [0u32; 16 * AHEAD_BLOCKS];
    {
        let mut bytes = [0u8; 64 * AHEAD_BLOCKS];
        cipher.write_keystream(&mut bytes[..64 * blocks]);
        le_words(&bytes[..64 * blocks], &mut ahead);
    }
    let ahead = &ahead[..16 * blocks];
    let mut i = deck.len().saturating_sub(1);
    let mut drawn = 0usize;
    // Fast path, while no draw has been rejected: draw k is word k of the words ahead, and
    // m = i + 1 runs down the divisor table.
    let divisors = DIVISORS.get(2..=i + 1).unwrap_or_default();
    for (&x, &(zone, magic)) in ahead.iter().zip(divisors.iter().rev()) {
        if u64::from(x) >= zone {
            break;
        }
        deck.swap(i, fast_mod(x, magic, (i + 1) as u32) as usize);
        i -= 1;
        drawn += 1;
    }
    // From the first rejected draw on (or for a deck past the table), draw by draw.
    let mut past = [0u32; 16];
    let mut next = || {
        let x = match ahead.get(drawn) {
            Some(&x) => x,
            None => word_past_ahead(&mut cipher, &mut past, drawn - ahead.len()),
        };
        drawn += 1;
        x
    };
    while i >= 1 {
        let j = draw_below((i + 1) as u32, &mut next);
        deck.swap(i, j as usize);
        i -= 1;
    }
    drawn as u64
}

/// The default first dealer of board `number`: the seats that deal, in turn from board 1
/// (N, E, S, W; N, E, S at a three-player table; N, W in Calypso Duet, whose players deal
/// from their secret hands' seats).
pub fn default_first_dealer(number: u32, spec: &GameSpec) -> Seat {
    let seats = spec.dealing_seats();
    let turn = (number.max(1) - 1) as usize % seats.len().max(1);
    seats.get(turn).copied().unwrap_or(Seat::North)
}

/// Generates board `number` of the set: the shuffled stack and its deals.
/// `first_dealer` overrides the N, E, S, W rotation when the event says so.
pub fn board(
    key: &SetKey,
    number: u32,
    reserve: bool,
    spec: &GameSpec,
    first_dealer: Option<Seat>,
) -> Result<Board, DealError> {
    if number == 0 {
        return Err(DealError::BoardZero);
    }
    let first_dealer = match first_dealer {
        Some(seat) if seat.index() >= spec.players => {
            return Err(DealError::SeatNotInPlay {
                seat,
                players: spec.players,
            });
        }
        Some(seat) if !spec.order.deals_from(seat) => {
            return Err(DealError::NotADealer {
                seat,
                variant: spec.variant.name(),
            });
        }
        Some(seat) => seat,
        None => default_first_dealer(number, spec),
    };
    let mut stack = spec.canonical_deck();
    shuffle_v1(board_seed(key, number, reserve), &mut stack);
    let deals = spec.deal_stack(&stack, first_dealer);
    Ok(Board {
        number,
        reserve,
        first_dealer,
        stack,
        deals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CardCounts, Variant, cards::sort_for_display};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha20Rng;

    /// The shuffle exactly as docs/deal-algorithm.md states it, on rand_chacha's
    /// `ChaCha20Rng` with `next_u32`, plain `%` and no words read ahead: the reference the
    /// fast shuffle must match card for card and word for word.
    fn reference_shuffle(seed: [u8; 32], deck: &mut [Card]) -> u64 {
        let mut rng = ChaCha20Rng::from_seed(seed);
        let mut words = 0;
        for i in (1..deck.len()).rev() {
            let m = (i + 1) as u64;
            let zone = (1u64 << 32) - (1u64 << 32) % m;
            let j = loop {
                let x = u64::from(rng.next_u32());
                words += 1;
                if x < zone {
                    break x % m;
                }
            };
            deck.swap(i, j as usize);
        }
        words
    }

    #[test]
    fn shuffle_matches_the_reference_on_rand_chacha() {
        // 300 cards is past the divisor table and the 13 blocks read ahead, so it takes the
        // draw-by-draw path and the blocks generated one at a time after them.
        for len in [0usize, 1, 2, 3, 16, 17, 52, 117, 207, 208, 255, 256, 300] {
            for s in 0..200u32 {
                let mut seed = [0u8; 32];
                seed[..4].copy_from_slice(&s.to_le_bytes());
                seed[31] = len as u8;
                let deck: Vec<Card> = (0..len).filter_map(|k| Card::from_index(k % 52)).collect();
                let (mut fast, mut reference) = (deck.clone(), deck);
                let fast_words = shuffle_v1(seed, &mut fast);
                let reference_words = reference_shuffle(seed, &mut reference);
                assert_eq!(fast, reference, "{len} cards, seed {s}");
                assert_eq!(fast_words, reference_words, "{len} cards, seed {s}");
            }
        }
    }

    #[test]
    fn board_stream_is_rand_chacha_word_for_word() {
        // The keystream the boards read, past the 13 blocks ahead, against next_u32.
        for s in 0..50u8 {
            let seed = [s; 32];
            let mut rng = ChaCha20Rng::from_seed(seed);
            let mut cipher = ChaCha20Legacy::new(&seed.into(), &[0u8; 8].into());
            let mut bytes = [0u8; 64 * 20];
            cipher.write_keystream(&mut bytes);
            let mut words = [0u32; 16 * 20];
            le_words(&bytes, &mut words);
            for (k, &w) in words.iter().enumerate() {
                assert_eq!(w, rng.next_u32(), "seed {s} word {k}");
            }
        }
    }

    #[test]
    fn draw_below_skips_words_in_the_rejection_zone() {
        // m = 3: only 0xFFFF_FFFF is rejected.
        let mut words = [u32::MAX, u32::MAX - 1, 7].into_iter();
        let mut drawn = 0;
        let mut next = || {
            drawn += 1;
            words.next().unwrap_or(0)
        };
        assert_eq!(draw_below(3, &mut next), (u32::MAX - 1) % 3);
        assert_eq!(drawn, 2);
        // m = 208: words from 2^32 - 48 up are rejected, the next one is used.
        let mut words = [u32::MAX - 47, u32::MAX, 1000].into_iter();
        assert_eq!(
            draw_below(208, &mut || words.next().unwrap_or(0)),
            1000 % 208
        );
    }

    fn zero_key() -> SetKey {
        SetKey::from_bytes([0; 32])
    }

    fn counting_key() -> SetKey {
        SetKey::from_bytes(std::array::from_fn(|i| i as u8))
    }

    fn cards(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn top(board: &Board, n: usize) -> Vec<String> {
        board.stack[..n].iter().map(Card::to_string).collect()
    }

    fn hand(board: &Board, deal: usize, seat: Seat) -> Vec<String> {
        let mut c = board.deals[deal].hand(seat).cards();
        sort_for_display(&mut c);
        c.iter().map(Card::to_string).collect()
    }

    #[test]
    fn key_hex_round_trips_and_commitment_is_sha256_of_bytes() {
        let key = counting_key();
        let hex = key.to_hex();
        assert_eq!(
            hex,
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
        );
        assert_eq!(SetKey::from_hex(&hex.to_uppercase()).unwrap(), key);
        // SHA-256 of 32 zero bytes, a widely published value.
        assert_eq!(
            zero_key().commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn bad_keys_are_rejected_naming_the_problem() {
        assert_eq!(SetKey::from_hex("  "), Err(DealError::EmptyKey));
        let e = SetKey::from_hex("abc").unwrap_err();
        assert!(matches!(e, DealError::OddKey { digits: 3, .. }), "{e}");
        assert!(e.to_string().contains("\"abc\""), "{e}");
        let e = SetKey::from_hex("abcd").unwrap_err();
        assert!(matches!(e, DealError::KeyLength { digits: 4, .. }), "{e}");
        let e = SetKey::from_hex(&"0".repeat(66)).unwrap_err();
        assert!(matches!(e, DealError::KeyLength { digits: 66, .. }), "{e}");
        let e = SetKey::from_hex(&format!("{}g", "0".repeat(63))).unwrap_err();
        assert!(
            matches!(
                e,
                DealError::NotHex {
                    found: 'g',
                    position: 63,
                    ..
                }
            ),
            "{e}"
        );
        // Multi-byte input must not panic on slicing.
        assert!(matches!(
            SetKey::from_hex("♠♠"),
            Err(DealError::NotHex { found: '♠', .. })
        ));
    }

    #[test]
    fn generated_keys_differ_and_parse_back() {
        let a = SetKey::generate().unwrap();
        let b = SetKey::generate().unwrap();
        assert_ne!(a, b);
        assert_eq!(SetKey::from_hex(&a.to_hex()).unwrap(), a);
        assert!(!format!("{a:?}").contains(&a.to_hex()));
    }

    #[test]
    fn rejection_zone_is_exact() {
        // m = 3: 2^32 mod 3 = 1, so only 0xFFFF_FFFF is rejected.
        assert_eq!(rejection_zone(3), 0xFFFF_FFFF);
        // 2^32 mod 208 = 48.
        assert_eq!(rejection_zone(208), (1u64 << 32) - 48);
        assert_eq!(rejection_zone(208) % 208, 0);
        // A power of two never rejects.
        assert_eq!(rejection_zone(64), 1u64 << 32);
    }

    #[test]
    fn fast_mod_table_is_exact() {
        let mut rng = ChaCha20Rng::from_seed([9; 32]);
        for m in 2..TABLE as u32 {
            let (zone, magic) = DIVISORS[m as usize];
            assert_eq!(zone, rejection_zone(m));
            let edges = [
                0,
                1,
                m - 1,
                m,
                m + 1,
                u32::MAX,
                u32::MAX - 1,
                (zone - 1) as u32,
            ];
            let random = (0..2000).map(|_| rng.next_u32());
            for x in edges.into_iter().chain(random) {
                assert_eq!(fast_mod(x, magic, m), x % m, "x {x} m {m}");
            }
        }
    }

    #[test]
    fn every_board_is_the_whole_deck_in_every_variant() {
        for v in Variant::EVERY {
            let spec = GameSpec::new(v);
            for n in 1..=20 {
                let b = board(&counting_key(), n, n % 2 == 0, &spec, None).unwrap();
                assert_eq!(CardCounts::from_cards(&b.stack), spec.deck, "{v} board {n}");
                let mut dealt = CardCounts::new();
                for d in &b.deals {
                    for s in spec.seats() {
                        for c in d.hand(*s).cards() {
                            dealt.add(c);
                        }
                    }
                }
                assert_eq!(dealt, spec.deck, "{v} board {n}");
            }
        }
    }

    #[test]
    fn same_key_and_board_give_identical_stacks() {
        let spec = GameSpec::default();
        let a = board(&counting_key(), 7, false, &spec, None).unwrap();
        let b = board(
            &SetKey::from_hex(&counting_key().to_hex()).unwrap(),
            7,
            false,
            &spec,
            None,
        )
        .unwrap();
        assert_eq!(a, b);
        let other_board = board(&counting_key(), 8, false, &spec, None).unwrap();
        let reserve = board(&counting_key(), 7, true, &spec, None).unwrap();
        assert_ne!(a.stack, other_board.stack);
        assert_ne!(a.stack, reserve.stack);
    }

    #[test]
    fn first_dealer_rotates_and_can_be_overridden() {
        let spec = GameSpec::default();
        let dealers: Vec<Seat> = (1..=5)
            .map(|n| {
                board(&zero_key(), n, false, &spec, None)
                    .unwrap()
                    .first_dealer
            })
            .collect();
        assert_eq!(
            dealers,
            [
                Seat::North,
                Seat::East,
                Seat::South,
                Seat::West,
                Seat::North
            ]
        );
        let b = board(&zero_key(), 1, false, &spec, Some(Seat::West)).unwrap();
        assert_eq!(b.first_dealer, Seat::West);
        assert_eq!(b.deals[1].dealer, Seat::North);
        // The override changes who receives the cards, not the stack.
        assert_eq!(
            b.stack,
            board(&zero_key(), 1, false, &spec, None).unwrap().stack
        );
        let three = GameSpec::new(Variant::CutThroat3);
        assert_eq!(
            board(&zero_key(), 4, false, &three, None)
                .unwrap()
                .first_dealer,
            Seat::North
        );
        assert_eq!(
            board(&zero_key(), 1, false, &three, Some(Seat::West)),
            Err(DealError::SeatNotInPlay {
                seat: Seat::West,
                players: 3
            })
        );
        assert_eq!(
            board(&zero_key(), 0, false, &spec, None),
            Err(DealError::BoardZero)
        );
    }

    // The vectors below are the ones in docs/deal-algorithm.md; they were checked against
    // docs/verify-deal.py, an independent stdlib-only implementation (RFC 8439 + hashlib).
    #[test]
    fn vector_zero_key_board_1() {
        let b = board(&zero_key(), 1, false, &GameSpec::default(), None).unwrap();
        assert_eq!(top(&b, 13), cards(VECTOR_1.0));
        assert_eq!(hand(&b, 0, Seat::North), cards(VECTOR_1.1[0]));
        assert_eq!(hand(&b, 0, Seat::East), cards(VECTOR_1.1[1]));
        assert_eq!(hand(&b, 0, Seat::South), cards(VECTOR_1.1[2]));
        assert_eq!(hand(&b, 0, Seat::West), cards(VECTOR_1.1[3]));
    }

    #[test]
    fn vector_counting_key_board_2() {
        let b = board(&counting_key(), 2, false, &GameSpec::default(), None).unwrap();
        assert_eq!(b.first_dealer, Seat::East);
        assert_eq!(top(&b, 13), cards(VECTOR_2.0));
        assert_eq!(hand(&b, 0, Seat::North), cards(VECTOR_2.1[0]));
        assert_eq!(hand(&b, 0, Seat::East), cards(VECTOR_2.1[1]));
        assert_eq!(hand(&b, 0, Seat::South), cards(VECTOR_2.1[2]));
        assert_eq!(hand(&b, 0, Seat::West), cards(VECTOR_2.1[3]));
    }

    #[test]
    fn vector_counting_key_reserve_board_1() {
        let b = board(&counting_key(), 1, true, &GameSpec::default(), None).unwrap();
        assert_eq!(top(&b, 13), cards(VECTOR_3.0));
        assert_eq!(hand(&b, 0, Seat::North), cards(VECTOR_3.1[0]));
        assert_eq!(hand(&b, 0, Seat::East), cards(VECTOR_3.1[1]));
        assert_eq!(hand(&b, 0, Seat::South), cards(VECTOR_3.1[2]));
        assert_eq!(hand(&b, 0, Seat::West), cards(VECTOR_3.1[3]));
    }

    type Vector = (&'static str, [&'static str; 4]);
    const VECTOR_1: Vector = (
        "4C 5S 6H 2S 5S 7H 3S QS TH 9C 9D 7D KS",
        [
            "QS JS 9S 2S 5H KD QD JD 7D 3D 3D 8C 4C",
            "AS KS TS 7S 6S 5S 5S AH TH 8H JC 4C 3C",
            "AS KS TS 7S 5S 7H 3H 4D 3D QC 9C 8C 3C",
            "QS 3S 9H 7H 6H 3H KD 9D 8D AC QC TC 4C",
        ],
    );
    const VECTOR_2: Vector = (
        "8D 3D JS KH 3C QS 7S QD 5H 9D JD QS 9S",
        [
            "KS JS 9S 8S 7S JH 8H 7H JD 3D 7C 7C 6C",
            "KS QS 9S 7S 3S KH 6H 5H 4H AD QD QC 8C",
            "TS 9S 7S KH 8H 5H 5H 2H KD QD 8D 3C 3C",
            "QS JS TH TH KD 9D 7D 6D 3D 2D 2D 5C 3C",
        ],
    );
    const VECTOR_3: Vector = (
        "AS 4C 5D QH JS 5D 6H TS KS KD 8D 3H 3H",
        [
            "AS TS QH JH TH 5H 3H KD KD 9D 3D 2D KC",
            "AS AS KS KS JS 8S 5S AH TH TH 3H 2H 7C",
            "JS 6S 5S KH QH 4H AD KD 5D JC 8C 4C 4C",
            "JS JS TS 2S 9H 6H 8D 5D 5D 4D 7C 6C 5C",
        ],
    );
}
