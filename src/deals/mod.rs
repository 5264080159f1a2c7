//! Seeded, verifiable deals (algorithm v1), hand-record PDFs, audits and benchmarks.
//! Plain functions over values: no I/O here (the command line writes the files).

pub mod algorithm;
pub mod record;

pub use algorithm::{ALGORITHM, Board, DealError, SetKey, board, board_seed, default_first_dealer};
pub use record::{BoardJson, board_json, board_text};
