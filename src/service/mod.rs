//! What the web pages and the command line both do with accounts: passwords and tokens,
//! the rate-limited login, setup links and invitations. Over storage, under the web layer.

pub mod accounts;
pub mod archive;
pub mod tokens;

pub use accounts::{LoginOutcome, ServiceError};
pub mod results;
pub mod standings;
