//! The site's addresses that several pages link to.

use crate::event::EventId;
use crate::event::club::Club;

/// A director's page of one event: `/c/{club}/events/{event}`.
pub fn event_path(club: &Club, id: EventId) -> String {
    format!("/c/{}/events/{id}", club.slug)
}
