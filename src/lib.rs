//! calypso-director: rules engine, seeded deals, scoring and the web service for Calypso.
//! Data flows one way: engine -> deals -> scoring -> db -> web.

pub mod cli;
pub mod db;
pub mod deals;
pub mod engine;
pub mod web;
