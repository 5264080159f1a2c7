//! Seeded, verifiable deals (algorithm v1), hand-record PDFs, audits and benchmarks.
//! Plain functions over values: no I/O here (the command line writes the files).

pub mod algorithm;
pub mod audit;
pub mod bench;
pub mod pdf;
pub mod record;

pub use algorithm::{ALGORITHM, Board, DealError, SetKey, board, board_seed, default_first_dealer};
pub use audit::{Audit, audit_set, audit_text, chi_square_p_value};
pub use pdf::{PdfError, PdfKind, PdfOptions, render};
pub use record::{BoardJson, board_json, board_text};
