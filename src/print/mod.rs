//! Everything printed: the hand records, curtain cards, stacking order, rebuild sheets and
//! packet labels of a set of boards,
//! the table and guide cards of a movement, the results sheet, and the charts of the
//! standings pages (SVG geometry the templates print). `deals`, `movement` and `event` hand
//! over data; the drawing is here, and this is the only module that uses printpdf.
//!
//! Each PDF is a function of its inputs alone: the same inputs give the same bytes in any
//! process, however many documents it made before, so the web service serves what the
//! command line writes.

pub mod bench;
pub mod cards;
pub mod charts;
pub mod hand_records;
mod pen;
pub mod qr_svg;
pub mod rebuild;
pub mod results;
pub mod seat_slips;

pub use hand_records::{PdfError, PdfKind, PdfOptions};
