//! `movement`: the command-line face of `crate::movement`. Prints a movement as one line of
//! JSON or as the director's round-by-round plan; an impossible request prints `error: ...`
//! naming the problem and returns exit status 2.

use clap::{Args, ValueEnum};

use super::deals::fail;
use crate::movement::{MovementKind, MovementRequest, generate, movement_text, validate};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Text,
}

/// Who sits where with which boards, round by round.
#[derive(Args, Debug)]
pub struct MovementArgs {
    /// team-match, mitchell, progressive or simultaneous.
    #[arg(long)]
    kind: String,
    /// Tables (mitchell, progressive: 2 to 100; a team match is 2).
    #[arg(long)]
    tables: Option<u32>,
    /// Rounds (default: mitchell T, so every pair meets every opposing pair, or T-1 for an
    /// even T, the most; progressive min(T, 4); a team match plays one round a board).
    #[arg(long)]
    rounds: Option<u32>,
    /// Boards each table plays a round (mitchell; default 1).
    #[arg(long)]
    boards_per_round: Option<u32>,
    /// Boards of a team match: an even number (default 4).
    #[arg(long)]
    boards: Option<u32>,
    /// Pairs: 2T (default) or 2T-1, where one pair a round sits out.
    #[arg(long)]
    pairs: Option<u32>,
    /// Rounds in which the pairs at each table swap seats (mitchell); repeat the option or
    /// separate rounds with commas.
    #[arg(long, value_delimiter = ',')]
    arrow_switch: Vec<u32>,
    #[arg(long, value_enum, default_value = "json")]
    format: Format,
}

pub fn run(args: MovementArgs) -> i32 {
    let kind: MovementKind = match args.kind.trim().parse() {
        Ok(k) => k,
        Err(e) => return fail(e),
    };
    let request = MovementRequest {
        kind,
        tables: args.tables,
        rounds: args.rounds,
        boards_per_round: args.boards_per_round,
        boards: args.boards,
        pairs: args.pairs,
        arrow_switch: args.arrow_switch,
    };
    let movement = match generate(&request) {
        Ok(m) => m,
        Err(e) => return fail(e),
    };
    // Generated movements always pass; checking here keeps a regression from being printed.
    if let Err(violations) = validate(&movement) {
        let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
        eprintln!("error: the movement breaks its rules: {}", list.join("; "));
        return 1;
    }
    match args.format {
        Format::Json => match serde_json::to_string(&movement) {
            Ok(json) => println!("{json}"),
            Err(e) => return fail(e),
        },
        Format::Text => print!("{}", movement_text(&movement)),
    }
    0
}
