//! HTTP only: routes parse requests into domain types, call the event module, storage and
//! services, and render pages (askama templates) or JSON. Inside this module imports run
//! without cycles (a test checks): render, config, limits, error, extract_errors,
//! standings_cache, state, auth, csrf, page, routes, startup.

pub mod api_json;
pub mod assets;
pub mod auth;
pub mod bell;
pub mod config;
pub mod csrf;
pub mod error;
pub mod extract;
pub mod extract_errors;
pub mod limits;
pub mod online_robot_worker;
pub mod pace_view;
pub mod page;
pub mod par_worker;
pub mod paths;
pub mod practice_view;
pub mod render;
pub mod results_view;
pub mod round_control;
pub mod round_seats;
pub mod routes;
pub mod standings_cache;
pub mod standings_view;
pub mod startup;
pub mod state;
pub mod table_view;
pub mod upload;

pub use config::Config;
pub use startup::Application;
pub use state::AppState;
