//! calypso-director: rules engine, seeded deals, scoring and the web service for Calypso.
//! Data flows one way: engine -> deals -> movement -> scoring -> event -> print -> db ->
//! service -> web, with the command line on top (a test checks the imports).

pub mod cli;
pub mod db;
pub mod deals;
pub mod engine;
pub mod event;
pub mod movement;
pub mod print;
pub mod scoring;
pub mod service;
pub mod web;
