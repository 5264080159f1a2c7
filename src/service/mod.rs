//! What the web pages, the API and the command line do: every action with rules (an event's
//! lifecycle, results, accounts and tokens...), each in one transaction over `db`, which only
//! stores. Over storage, under the web layer.

pub mod accounts;
pub mod archive;
pub mod entries;
pub mod events;
pub mod play;
pub mod tokens;

pub use accounts::{LoginOutcome, ServiceError};
pub mod results;
pub mod standings;
