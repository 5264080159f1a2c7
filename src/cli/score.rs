//! `score [FILE|-]`: a scoring sheet in, standings out (docs/scoring.md). Reads and reports
//! as `rules check` does: the result on stdout, or `{"error":...}` on stdout and the message
//! on stderr with exit 2 for a malformed sheet. The standings are written by serde straight
//! from their types.

use super::rules::{read_input, refuse};
use crate::scoring::score_text;

pub fn run(file: Option<&str>) -> i32 {
    match read_input(file).and_then(|text| score_text(&text).map_err(|e| e.to_string())) {
        Ok(standings) => {
            println!("{}", standings.to_json_text());
            0
        }
        Err(e) => refuse(&e),
    }
}
