//! What a table's phone form reads for the games entered line by line, and what it shows
//! back: Kaiso's songs (`songs`), Embers' hands (`hands`), Auction's hands and calls
//! (`auction`; the partnership game's for four, `auction_pairs`, shares its pieces). Each reads the typed fields into the engine's summary, naming every field
//! it cannot read, and lays out the lines, chips and running score the page draws; the
//! table's pages (web) only render them. Pure.

pub mod auction;
pub mod auction_pairs;
pub mod calypso;
pub mod hands;
pub mod songs;
