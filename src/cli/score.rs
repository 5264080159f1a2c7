//! `score [FILE|-]`: a scoring sheet in, standings out (docs/scoring.md). Reads and reports
//! as `rules check` does: the result on stdout, or `{"error":...}` on stdout and the message
//! on stderr with exit 2 for a malformed sheet.

use super::rules::run_json;
use crate::scoring::score_json;

pub fn run(file: Option<&str>) -> i32 {
    run_json(file, score_json)
}
