//! Who may see what of an event: the page itself, the deal commitment, the deal key and the
//! papers (hand records, curtain cards, stacking order). Written once, as functions of the
//! event and the viewer; pages, PDFs and the API all ask here.

use super::ids::ClubId;
use super::lifecycle::EventStatus;

/// How the person asking stands to the event's club.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Not logged in.
    Anonymous,
    /// A director, but of another club: sees what the public sees.
    OtherClub,
    /// A director of the event's own club.
    ClubDirector,
}

impl Viewer {
    /// `directs` is the club of the logged-in director, if any.
    pub fn of(directs: Option<ClubId>, event_club: ClubId) -> Viewer {
        match directs {
            None => Viewer::Anonymous,
            Some(c) if c == event_club => Viewer::ClubDirector,
            Some(_) => Viewer::OtherClub,
        }
    }

    pub fn is_club_director(self) -> bool {
        self == Viewer::ClubDirector
    }
}

/// The facts about an event that decide what is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exposure {
    pub status: EventStatus,
    pub has_key: bool,
    pub released: bool,
    /// A heat of a simultaneous event: other clubs may still have to play its boards.
    pub in_sim: bool,
    /// A robot duplicate whose window has not closed yet (see [`Exposure::sealed_at`]):
    /// every entrant may still have to play every board.
    pub sealed: bool,
}

impl Exposure {
    /// The event exists for this viewer at all: a draft only for its club's directors (for
    /// anyone else it is "not found", not "forbidden").
    pub fn event_visible(self, v: Viewer) -> bool {
        self.status.public() || v.is_club_director()
    }

    /// The commitments (current and withdrawn) are shown wherever the event is.
    pub fn commitment_visible(self, v: Viewer) -> bool {
        self.has_key && self.event_visible(v)
    }

    /// The key: the club's directors always (they print the papers); everyone else once the
    /// hand records are released.
    pub fn key_visible(self, v: Viewer) -> bool {
        self.has_key && (v.is_club_director() || (self.released && self.event_visible(v)))
    }

    /// The papers show every card, so they follow the key.
    pub fn papers_visible(self, v: Viewer) -> bool {
        self.key_visible(v)
    }

    /// A board's robot par, and each table's result set against it: the par tells how
    /// the cards lie, so it follows the papers (directors any time, everyone else once the
    /// hand records are released).
    pub fn robot_par_visible(self, v: Viewer) -> bool {
        self.papers_visible(v)
    }

    /// A board's results (scores, rulings): the club's directors see them wherever they see
    /// the event; anyone else once no table still has to play the board (its scores would
    /// tell those players about the cards, see `results::boards_still_to_play`), and every
    /// board's once play is over. A heat of a simultaneous event shows them to the public
    /// only once the field's hand records are released: until then some other club may
    /// still have to play every board.
    ///
    /// A robot duplicate's results are sealed until its window closes: only the club's
    /// directors see any board's results before then, whatever else holds (an entrant who
    /// finished would tell a later player how the cards lie).
    pub fn board_results_visible(self, v: Viewer, still_to_play: bool) -> bool {
        if self.sealed {
            return self.event_visible(v) && v.is_club_director();
        }
        let field_over = !self.in_sim || self.released;
        self.event_visible(v)
            && (v.is_club_director() || (field_over && (self.status.over() || !still_to_play)))
    }
}

impl Exposure {
    /// The same facts at `now` for an event whose results are sealed until `until` (a robot
    /// duplicate's window's close: `event::robot_duplicate::sealed_until`).
    pub fn sealed_at(
        self,
        until: Option<chrono::NaiveDateTime>,
        now: chrono::NaiveDateTime,
    ) -> Self {
        Exposure {
            sealed: until.is_some_and(|closes| now < closes),
            ..self
        }
    }

    /// The standings (the ranking, the scorecards): wherever some board's results are shown,
    /// except while sealed, when only the club's directors see them.
    pub fn standings_visible(self, v: Viewer) -> bool {
        self.event_visible(v) && (!self.sealed || v.is_club_director())
    }
}

#[cfg(test)]
mod tests {
    use super::EventStatus::*;
    use super::*;

    const ALL_VIEWERS: [Viewer; 3] = [Viewer::Anonymous, Viewer::OtherClub, Viewer::ClubDirector];

    #[test]
    fn viewers_are_placed_by_their_club() {
        let (mine, other) = (ClubId::new(1), ClubId::new(2));
        assert_eq!(Viewer::of(None, mine), Viewer::Anonymous);
        assert_eq!(Viewer::of(Some(other), mine), Viewer::OtherClub);
        assert_eq!(Viewer::of(Some(mine), mine), Viewer::ClubDirector);
    }

    #[test]
    fn a_draft_exists_only_for_its_clubs_directors() {
        let draft = Exposure {
            status: Draft,
            has_key: true,
            released: false,
            in_sim: false,
            sealed: false,
        };
        assert!(!draft.event_visible(Viewer::Anonymous));
        assert!(!draft.event_visible(Viewer::OtherClub));
        assert!(draft.event_visible(Viewer::ClubDirector));
        assert!(!draft.commitment_visible(Viewer::OtherClub));
        assert!(draft.commitment_visible(Viewer::ClubDirector));
        for s in [Ready, Running, Finished, Cancelled, Archived] {
            let e = Exposure { status: s, ..draft };
            for v in ALL_VIEWERS {
                assert!(e.event_visible(v) && e.commitment_visible(v), "{s} {v:?}");
            }
        }
    }

    #[test]
    fn the_key_and_papers_before_and_after_release() {
        for s in [Ready, Running, Finished] {
            let before = Exposure {
                status: s,
                has_key: true,
                released: false,
                in_sim: false,
                sealed: false,
            };
            let after = Exposure {
                released: true,
                ..before
            };
            for v in [Viewer::Anonymous, Viewer::OtherClub] {
                assert!(
                    !before.key_visible(v) && !before.papers_visible(v),
                    "{s} {v:?}"
                );
                assert!(after.key_visible(v) && after.papers_visible(v), "{s} {v:?}");
                assert!(!before.robot_par_visible(v) && after.robot_par_visible(v));
            }
            assert!(before.robot_par_visible(Viewer::ClubDirector));
            assert!(before.key_visible(Viewer::ClubDirector));
            assert!(before.papers_visible(Viewer::ClubDirector));
        }
    }

    #[test]
    fn without_a_key_nothing_of_the_deals_is_shown() {
        let e = Exposure {
            status: Draft,
            has_key: false,
            released: false,
            in_sim: false,
            sealed: false,
        };
        for v in ALL_VIEWERS {
            assert!(!e.commitment_visible(v) && !e.key_visible(v) && !e.papers_visible(v));
        }
    }

    #[test]
    fn a_boards_results_wait_for_the_tables_still_to_play_it() {
        for s in [Ready, Running] {
            let e = Exposure {
                status: s,
                has_key: true,
                released: false,
                in_sim: false,
                sealed: false,
            };
            for v in [Viewer::Anonymous, Viewer::OtherClub] {
                assert!(!e.board_results_visible(v, true), "{s} {v:?}");
                assert!(e.board_results_visible(v, false), "{s} {v:?}");
            }
            assert!(e.board_results_visible(Viewer::ClubDirector, true));
        }
        for s in [Finished, Cancelled, Archived] {
            let e = Exposure {
                status: s,
                has_key: true,
                released: false,
                in_sim: false,
                sealed: false,
            };
            for v in ALL_VIEWERS {
                assert!(e.board_results_visible(v, true), "{s} {v:?}");
            }
        }
        let draft = Exposure {
            status: Draft,
            has_key: true,
            released: false,
            in_sim: false,
            sealed: false,
        };
        assert!(!draft.board_results_visible(Viewer::Anonymous, false));
    }

    #[test]
    fn a_heats_board_results_wait_for_the_whole_field() {
        let heat = Exposure {
            status: Finished,
            has_key: true,
            released: false,
            in_sim: true,
            sealed: false,
        };
        for v in [Viewer::Anonymous, Viewer::OtherClub] {
            assert!(!heat.board_results_visible(v, false), "{v:?}");
            let released = Exposure {
                released: true,
                ..heat
            };
            assert!(released.board_results_visible(v, false), "{v:?}");
        }
        assert!(heat.board_results_visible(Viewer::ClubDirector, true));
    }

    #[test]
    fn a_robot_duplicates_results_are_sealed_from_all_but_its_directors_until_the_window_closes() {
        let t = |h: u32| {
            chrono::NaiveDate::from_ymd_opt(2026, 12, 1)
                .unwrap()
                .and_hms_opt(h, 0, 0)
                .unwrap()
        };
        let running = Exposure {
            status: Running,
            has_key: true,
            released: true,
            in_sim: false,
            sealed: false,
        };
        let closes = Some(t(18));
        let open = running.sealed_at(closes, t(17));
        assert!(open.sealed);
        for v in [Viewer::Anonymous, Viewer::OtherClub] {
            // Even a board nobody else has to play, even once the event is over.
            assert!(!open.board_results_visible(v, false), "{v:?}");
            assert!(!open.standings_visible(v), "{v:?}");
            let over = Exposure {
                status: Finished,
                ..open
            };
            assert!(!over.board_results_visible(v, false), "{v:?}");
        }
        assert!(open.board_results_visible(Viewer::ClubDirector, true));
        assert!(open.standings_visible(Viewer::ClubDirector));
        // At the close, and for any event with no window, the usual rules.
        let closed = running.sealed_at(closes, t(18));
        assert!(!closed.sealed);
        assert!(closed.board_results_visible(Viewer::Anonymous, false));
        assert!(closed.standings_visible(Viewer::Anonymous));
        assert!(!running.sealed_at(None, t(17)).sealed);
    }
}
