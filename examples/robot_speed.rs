//! Our robot's time a card at a number of playouts, on the same positions as the peer's
//! `tools/peer-robots/src/speed.ts` (board 1 of the fixture key played as
//! `examples/peer_fixtures.rs` plays it; every 13th card: 16 positions across the four
//! deals). The two together set the peer match at equal time a card (docs/robots.md,
//! "Against the peer's robot"). Not a test: it prints figures.
//!
//! ```text
//! cargo run --release --example robot_speed -- 1000 5000   # playouts a card
//! ```
//!
//! Each position is timed `REPS` times; the line gives the median over repetitions of the
//! mean over positions (the machine is shared and noisy).

use std::time::Instant;

use calypso_director::deals::{Board, SetKey, board};
use calypso_director::engine::GameSpec;
use calypso_director::event::online::replay::{Move, TablePlay, after, replay};
use calypso_director::event::online::robots::robot_card;
use calypso_director::event::online::view::Place;

const REPS: usize = 5;

/// The positions: the table before every 13th card of the fixture's board.
fn positions<'a>(spec: &'a GameSpec, b: &'a Board) -> Vec<TablePlay<'a>> {
    let place = Place {
        event: 1,
        round: 1,
        table: 1,
        board: 1,
    };
    let mut table = replay(spec, b, &[]).expect("the board deals");
    let mut out = vec![];
    let mut n = 0usize;
    while let Some(seat) = table.to_play() {
        if n.is_multiple_of(13) {
            out.push(table.clone());
        }
        let view = table.view(place, seat).expect("a seat in play");
        let legal = &view.legal.as_ref().expect("legal cards").0;
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
        table = after(table, b, m).expect("a legal card plays");
        n += 1;
    }
    out
}

fn main() {
    let mut counts = vec![];
    for a in std::env::args().skip(1) {
        match a.parse::<u32>() {
            Ok(n) if (1..=100_000).contains(&n) => counts.push(n),
            _ => {
                eprintln!("error: playouts are 1 to 100000, not {a}");
                std::process::exit(2);
            }
        }
    }
    if counts.is_empty() {
        counts = vec![1_000, 5_000];
    }
    let spec = GameSpec::default();
    let key = SetKey::from_hex(&"5a".repeat(32)).expect("a fixed key");
    let b = board(&key, 1, false, &spec, None).expect("board 1");
    let tables = positions(&spec, &b);
    for n in counts {
        let mut means = vec![];
        for rep in 0..REPS {
            let started = Instant::now();
            for (i, t) in tables.iter().enumerate() {
                let seat = t.to_play().expect("a seat to play");
                let seed = (rep * 1_000 + i) as u64;
                robot_card(t, seat, n, seed).expect("a card");
            }
            means.push(started.elapsed().as_secs_f64() * 1e3 / tables.len() as f64);
        }
        means.sort_by(f64::total_cmp);
        println!(
            "ours {n} playouts: {:.1} ms a card (median of {REPS} runs over {} positions)",
            means[REPS / 2],
            tables.len()
        );
    }
}
