//! The web service: server-rendered pages for directors and players, and the JSON API.

pub mod auth;
pub mod config;
pub mod csrf;
pub mod deal_key;
pub mod domain;
pub mod error;
pub mod routes;
pub mod startup;

pub use config::Config;
pub use startup::{AppState, run};
