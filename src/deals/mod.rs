//! Seeded, verifiable deals (algorithm v1), audits and benchmarks (the hand-record PDFs are
//! [`crate::print::hand_records`]).
//! Plain functions over values: no I/O here (the command line writes the files).

pub mod algorithm;
pub mod audit;
pub mod bench;
pub mod par;
pub mod rebuild;
pub mod record;

pub use algorithm::{ALGORITHM, Board, DealError, SetKey, board, board_seed, default_first_dealer};
pub use audit::{Audit, audit_set, audit_text, chi_square_p_value};
pub use record::{BoardJson, board_json, board_text};
