//! The cost of putting a played board back into its packets (#38), by the rebuild sheet and
//! from the curtain cards alone, worked out by `deals::rebuild`'s model on real boards of
//! each dealt game. Not a test (the model's tests are in `deals::rebuild`): it prints the
//! figures docs/deal-algorithm.md quotes.
//!
//! ```text
//! cargo run --example rebuild_cost
//! ```

use calypso_director::deals::rebuild::{cost_by_curtain_cards, cost_by_sheet, packets_of, sheet};
use calypso_director::deals::{SetKey, board};
use calypso_director::engine::{GameSpec, Variant};

fn main() {
    // The key of the documentation's examples: the bytes 0 to 31.
    let key = SetKey::from_bytes(std::array::from_fn(|i| i as u8));
    println!(
        "{:<28} {:>5} {:>7} | {:>7} {:>5} {:>5} | {:>7} {:>5} {:>11}",
        "game (boards 1-8)",
        "cards",
        "packets",
        "handled",
        "piles",
        "lines",
        "handled",
        "piles",
        "slips read"
    );
    for variant in [
        Variant::Standard,
        Variant::Duet,
        Variant::CutThroat3,
        Variant::Sheinwold3,
    ] {
        let spec = GameSpec::new(variant);
        let mut read = Vec::new();
        let mut first = None;
        let mut same = true;
        for number in 1..=8 {
            let b = board(&key, number, false, &spec, None).expect("a board");
            let s = sheet(&b);
            let (by_sheet, by_curtains) = (cost_by_sheet(&s), cost_by_curtain_cards(&s));
            read.push(by_curtains.read);
            let figures = (
                by_sheet,
                by_curtains.cards,
                by_curtains.handled,
                by_curtains.piles,
            );
            let kept = first.get_or_insert((figures, by_curtains, packets_of(&s).len()));
            same &= kept.0 == figures;
        }
        let ((by_sheet, ..), by_curtains, packets) = first.expect("eight boards");
        if !same {
            println!(
                "{}: the sheet's figures differ between boards; board 1's:",
                variant.label()
            );
        }
        let (lo, hi) = (read.iter().min().unwrap(), read.iter().max().unwrap());
        let slips = if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo}-{hi}")
        };
        println!(
            "{:<28} {:>5} {:>7} | {:>7} {:>5} {:>5} | {:>7} {:>5} {:>11}",
            variant.label(),
            by_sheet.cards,
            packets,
            by_sheet.handled,
            by_sheet.piles,
            by_sheet.read,
            by_curtains.handled,
            by_curtains.piles,
            slips
        );
    }
    println!(
        "\nby the sheet: handled, piles laid out, sheet lines read | from the curtain cards: handled, packets, curtain cards scanned (lowest-highest over the boards)"
    );
}
