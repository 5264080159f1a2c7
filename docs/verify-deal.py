#!/usr/bin/env python3
"""Independent check of the calypso-director deal algorithm v1 (standard 208-card deck).

Standard library only: ChaCha20 is written here from the RFC 8439 block function, SHA-256
comes from hashlib. Shares no code with the Rust implementation.

usage: python3 docs/verify-deal.py KEYHEX BOARD [--reserve]
prints the commitment, the first 13 cards of the stack and the four hands of deal 1.
"""

import hashlib
import struct
import sys

TAG = b"calypso-director/deal/v1"
RESERVE_TAG = b"calypso-director/deal/v1/reserve"
SUITS = "CDHS"
RANKS = "23456789TJQKA"
SEATS = "NESW"
MASK = 0xFFFFFFFF


def rotl(x, n):
    return ((x << n) & MASK) | (x >> (32 - n))


def quarter_round(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK
    s[d] = rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK
    s[b] = rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK
    s[d] = rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK
    s[b] = rotl(s[b] ^ s[c], 7)


def chacha20_block(key, counter, nonce):
    """RFC 8439 section 2.3: 32-byte key, 32-bit counter, 12-byte nonce -> 16 words."""
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    state += list(struct.unpack("<8I", key))
    state += [counter]
    state += list(struct.unpack("<3I", nonce))
    w = state[:]
    for _ in range(10):
        quarter_round(w, 0, 4, 8, 12)
        quarter_round(w, 1, 5, 9, 13)
        quarter_round(w, 2, 6, 10, 14)
        quarter_round(w, 3, 7, 11, 15)
        quarter_round(w, 0, 5, 10, 15)
        quarter_round(w, 1, 6, 11, 12)
        quarter_round(w, 2, 7, 8, 13)
        quarter_round(w, 3, 4, 9, 14)
    return [(w[i] + state[i]) & MASK for i in range(16)]


def words(key):
    """The keystream as little-endian u32 words, counter from 0, all-zero nonce."""
    counter = 0
    while True:
        for word in chacha20_block(key, counter, bytes(12)):
            yield word
        counter += 1


def self_test():
    # RFC 8439 section 2.3.2 test vector.
    key = bytes(range(32))
    nonce = bytes.fromhex("000000090000004a00000000")
    out = chacha20_block(key, 1, nonce)
    assert out[0] == 0xE4E7F110 and out[15] == 0x4E3C50A2, "ChaCha20 block is wrong"


def card_name(index):
    return RANKS[index % 13] + SUITS[index // 13]


def board_stack(key, board, reserve):
    seed = hashlib.sha256(
        (RESERVE_TAG if reserve else TAG) + key + struct.pack(">I", board)
    ).digest()
    stream = words(seed)
    deck = [i % 52 for i in range(208)]  # copy 1..4, suit C D H S, rank 2..A
    for i in range(len(deck) - 1, 0, -1):
        m = i + 1
        limit = 2**32 - (2**32 % m)
        x = next(stream)
        while x >= limit:
            x = next(stream)
        j = x % m
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def display_order(index):
    # Spades, hearts, diamonds, clubs; high to low.
    return (-(index // 13), -(index % 13))


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--reserve"):
        sys.exit(__doc__)
    key = bytes.fromhex(argv[1])
    if len(key) != 32:
        sys.exit("a set key is 32 bytes (64 hex digits)")
    board = int(argv[2])
    if board < 1:
        sys.exit("boards are numbered from 1")
    reserve = len(argv) == 4
    self_test()
    stack = board_stack(key, board, reserve)
    dealer = (board - 1) % 4  # N, E, S, W in turn
    hands = {s: [] for s in SEATS}
    for k in range(52):
        hands[SEATS[(dealer + 1 + k) % 4]].append(stack[k])
    print("commitment", hashlib.sha256(key).hexdigest())
    print("board", board, "reserve" if reserve else "", "first dealer", SEATS[dealer])
    print("stack 1-13", " ".join(card_name(c) for c in stack[:13]))
    for s in SEATS:
        print("deal 1", s, " ".join(card_name(c) for c in sorted(hands[s], key=display_order)))


if __name__ == "__main__":
    main(sys.argv)
