//! Fixtures for the peer robot's adapter (`tools/peer-robots/`, issue #39): the seat views a
//! seat API client reads during a whole board, exactly as `SeatView::to_json` writes them.
//!
//! ```text
//! cargo run --example peer_fixtures -- standard > tools/peer-robots/test/fixtures/standard.ndjson
//! cargo run --example peer_fixtures -- all-fours > tools/peer-robots/test/fixtures/all-fours.ndjson
//! ```
//!
//! Board 1 of a fixed key is played out by the move log's own replay (`replay::after`), each
//! card the seat's first legal card or, every third card, its last. Before each card one line:
//! the view of the seat to play (what a client holding that seat reads before it plays); after
//! the last card the four seats' final views. Nothing here is random: the file is the same on
//! every run.

use calypso_director::deals::{SetKey, board};
use calypso_director::engine::{GameSpec, TrickRule};
use calypso_director::event::online::replay::{Move, after, replay};
use calypso_director::event::online::view::Place;

fn main() {
    let rule = match std::env::args().nth(1).as_deref() {
        None | Some("standard") => TrickRule::Standard,
        Some("all-fours") => TrickRule::AllFours,
        Some(other) => {
            eprintln!("error: the rule is standard or all-fours, not {other}");
            std::process::exit(2);
        }
    };
    let spec = GameSpec::default().with_rule(rule);
    let key = SetKey::from_hex(&"5a".repeat(32)).expect("a fixed key");
    let b = board(&key, 1, false, &spec, None).expect("board 1");
    let place = Place {
        event: 1,
        round: 1,
        table: 1,
        board: 1,
    };
    let mut table = replay(&spec, &b, &[]).expect("the board deals");
    let mut n = 0usize;
    while let Some(seat) = table.to_play() {
        let view = table.view(place, seat).expect("a seat in play");
        println!("{}", view.to_json());
        let legal = &view
            .legal
            .as_ref()
            .expect("the seat to play has legal cards")
            .0;
        let card = if n % 3 == 2 {
            legal[legal.len() - 1]
        } else {
            legal[0]
        };
        let m = Move {
            seq: table.next_seq(),
            seat,
            card,
        };
        table = after(table, &b, m).expect("a legal card plays");
        n += 1;
    }
    for &seat in spec.seats() {
        println!("{}", table.view(place, seat).expect("a seat").to_json());
    }
}
