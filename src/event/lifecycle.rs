//! An event's life: its status and the moves between them, when its deal key exists, when
//! the key may be replaced (a redeal) and when hand records may be released. Each rule is
//! written once here; storage and pages ask these functions.

use std::fmt;
use std::str::FromStr;

/// draft (private, editable) -> ready (public, commitment shown) -> running -> finished ->
/// archived; a draft, ready or running event can be cancelled instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventStatus {
    Draft,
    Ready,
    Running,
    Finished,
    Cancelled,
    Archived,
}

impl EventStatus {
    pub const ALL: [EventStatus; 6] = [
        EventStatus::Draft,
        EventStatus::Ready,
        EventStatus::Running,
        EventStatus::Finished,
        EventStatus::Cancelled,
        EventStatus::Archived,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            EventStatus::Draft => "draft",
            EventStatus::Ready => "ready",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
            EventStatus::Cancelled => "cancelled",
            EventStatus::Archived => "archived",
        }
    }

    /// The button that makes this the event's status.
    pub const fn action(self) -> &'static str {
        match self {
            EventStatus::Draft => "Back to draft",
            EventStatus::Ready => "Mark ready",
            EventStatus::Running => "Start play",
            EventStatus::Finished => "Mark finished",
            EventStatus::Cancelled => "Cancel the event",
            EventStatus::Archived => "Archive",
        }
    }

    /// The statuses a director may move this one to.
    pub const fn next(self) -> &'static [EventStatus] {
        match self {
            EventStatus::Draft => &[EventStatus::Ready, EventStatus::Cancelled],
            EventStatus::Ready => &[
                EventStatus::Running,
                EventStatus::Draft,
                EventStatus::Cancelled,
            ],
            EventStatus::Running => &[EventStatus::Finished, EventStatus::Cancelled],
            EventStatus::Finished => &[EventStatus::Archived],
            EventStatus::Cancelled => &[EventStatus::Archived],
            EventStatus::Archived => &[],
        }
    }

    /// Checks a move; `seen` is the status the director's page showed, so a stale page
    /// cannot skip a step.
    pub fn check_move(self, seen: EventStatus, to: EventStatus) -> Result<(), LifecycleError> {
        if seen != self {
            return Err(LifecycleError::Stale { now: self });
        }
        if !self.next().contains(&to) {
            return Err(LifecycleError::NotAllowed { from: self, to });
        }
        Ok(())
    }

    /// Moves that cannot be taken back ask the director to confirm first.
    pub const fn move_needs_confirmation(self, to: EventStatus) -> bool {
        matches!(
            to,
            EventStatus::Running
                | EventStatus::Finished
                | EventStatus::Cancelled
                | EventStatus::Archived
        )
    }

    /// Play has not started: entries and the movement are still open.
    pub const fn before_play(self) -> bool {
        matches!(self, EventStatus::Draft | EventStatus::Ready)
    }

    /// Rounds are being played.
    pub const fn is_running(self) -> bool {
        matches!(self, EventStatus::Running)
    }

    /// Only a draft's settings can change.
    pub const fn editable(self) -> bool {
        matches!(self, EventStatus::Draft)
    }

    /// Anyone may see the event (its page, its commitment): everything but a draft.
    pub const fn public(self) -> bool {
        !matches!(self, EventStatus::Draft)
    }

    /// Play is over: finished, cancelled or archived.
    pub const fn over(self) -> bool {
        matches!(
            self,
            EventStatus::Finished | EventStatus::Cancelled | EventStatus::Archived
        )
    }
}

impl fmt::Display for EventStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown status \"{0}\": use one of draft, ready, running, finished, cancelled, archived")]
pub struct UnknownStatus(pub String);

impl FromStr for EventStatus {
    type Err = UnknownStatus;
    fn from_str(s: &str) -> Result<Self, UnknownStatus> {
        EventStatus::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownStatus(s.to_string()))
    }
}

/// Why a lifecycle act is refused, in words for the director.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LifecycleError {
    #[error("This event is now {now}: reload the page and try again.")]
    Stale { now: EventStatus },
    #[error("This event is {from}; it cannot become {to} from here.")]
    NotAllowed { from: EventStatus, to: EventStatus },
    #[error("Only a draft event can be edited.")]
    NotDraft,
    #[error(
        "This draft's deal commitment has been public, so it cannot be deleted: cancel the event instead."
    )]
    DeleteAfterPublic,
    #[error("Only a draft can be deleted; cancel the event instead.")]
    DeleteNotDraft,
    #[error(
        "This draft has {0} result(s) on record, so it cannot be deleted: a result is kept for \
         good (cancel the event instead)."
    )]
    DeleteWithResults(usize),
    #[error("Hand records can be released once play is over (finished, cancelled or archived).")]
    ReleaseBeforeEnd,
    #[error("This event has no deal key, so there are no hand records to release.")]
    ReleaseWithoutKey,
    #[error("The hand records are already released.")]
    AlreadyReleased,
    #[error(
        "The deals cannot be replaced once play has started: use reserve boards for a fouled board."
    )]
    RedealAfterStart,
    #[error(
        "The deal commitment has been public: give the reason for the redeal (for example, boards seen or fouled)."
    )]
    RedealNeedsReason,
    #[error("the reason is at most {MAX_REASON} characters")]
    ReasonTooLong,
}

pub const MAX_REASON: usize = 300;

/// The key rule: an event has a deal key from the moment it leaves draft (its commitment is
/// then public), so moving to any other status makes one if there is none yet.
pub const fn needs_key(to: EventStatus) -> bool {
    !matches!(to, EventStatus::Draft)
}

/// The release rule: hand records (and with them the key) go public once play is over, once.
pub fn check_release(
    status: EventStatus,
    has_key: bool,
    released: bool,
) -> Result<(), LifecycleError> {
    if released {
        Err(LifecycleError::AlreadyReleased)
    } else if !status.over() {
        Err(LifecycleError::ReleaseBeforeEnd)
    } else if !has_key {
        Err(LifecycleError::ReleaseWithoutKey)
    } else {
        Ok(())
    }
}

/// Deleting removes every trace, so only a draft whose commitment was never shown and that
/// has no result may go (an imported file could once store a draft with results).
pub fn check_delete(
    status: EventStatus,
    ever_public: bool,
    results: usize,
) -> Result<(), LifecycleError> {
    if status != EventStatus::Draft {
        Err(LifecycleError::DeleteNotDraft)
    } else if ever_public {
        Err(LifecycleError::DeleteAfterPublic)
    } else if results > 0 {
        Err(LifecycleError::DeleteWithResults(results))
    } else {
        Ok(())
    }
}

/// How a new deal key replaces the current one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Redeal {
    /// The current key (if any) was never shown: it is simply replaced.
    Replace,
    /// The current commitment has been public: it stays on record, withdrawn for this reason.
    Withdraw { reason: String },
}

/// The redeal rule: a draft's unpublished key can be replaced freely; a public commitment is
/// permanent, and replacing it (before play starts) is a recorded act with a reason.
pub fn check_redeal(
    status: EventStatus,
    current_public: bool,
    reason: &str,
) -> Result<Redeal, LifecycleError> {
    if !status.before_play() {
        return Err(LifecycleError::RedealAfterStart);
    }
    if !current_public {
        return Ok(Redeal::Replace);
    }
    let reason = reason.trim();
    if reason.is_empty() {
        Err(LifecycleError::RedealNeedsReason)
    } else if reason.chars().count() > MAX_REASON {
        Err(LifecycleError::ReasonTooLong)
    } else {
        Ok(Redeal::Withdraw {
            reason: reason.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::EventStatus::*;
    use super::*;

    #[test]
    fn every_allowed_and_refused_transition() {
        let allowed = [
            (Draft, Ready),
            (Draft, Cancelled),
            (Ready, Running),
            (Ready, Draft),
            (Ready, Cancelled),
            (Running, Finished),
            (Running, Cancelled),
            (Finished, Archived),
            (Cancelled, Archived),
        ];
        for from in EventStatus::ALL {
            for to in EventStatus::ALL {
                let r = from.check_move(from, to);
                if allowed.contains(&(from, to)) {
                    assert_eq!(r, Ok(()), "{from} -> {to}");
                } else {
                    assert_eq!(
                        r,
                        Err(LifecycleError::NotAllowed { from, to }),
                        "{from} -> {to}"
                    );
                }
            }
        }
        assert!(Archived.next().is_empty());
    }

    #[test]
    fn a_stale_page_cannot_skip_a_step() {
        // The page showed "ready", but the event is running meanwhile.
        assert_eq!(
            Running.check_move(Ready, Running),
            Err(LifecycleError::Stale { now: Running })
        );
    }

    #[test]
    fn irreversible_moves_ask_for_confirmation() {
        assert!(!Draft.move_needs_confirmation(Ready));
        assert!(!Ready.move_needs_confirmation(Draft));
        for to in [Running, Finished, Cancelled, Archived] {
            assert!(Ready.move_needs_confirmation(to), "{to}");
        }
    }

    #[test]
    fn statuses_parse_and_name_themselves() {
        for s in EventStatus::ALL {
            assert_eq!(s.name().parse::<EventStatus>(), Ok(s));
        }
        assert!("done".parse::<EventStatus>().is_err());
        assert!(Draft.editable() && !Ready.editable());
        assert!(!Draft.public() && Ready.public() && Archived.public());
    }

    #[test]
    fn the_key_exists_once_the_event_leaves_draft() {
        assert!(!needs_key(Draft));
        for s in [Ready, Running, Finished, Cancelled, Archived] {
            assert!(needs_key(s));
        }
    }

    #[test]
    fn release_only_after_play_with_a_key_and_once() {
        for s in [Draft, Ready, Running] {
            assert_eq!(
                check_release(s, true, false),
                Err(LifecycleError::ReleaseBeforeEnd)
            );
        }
        for s in [Finished, Cancelled, Archived] {
            assert_eq!(check_release(s, true, false), Ok(()));
            assert_eq!(
                check_release(s, false, false),
                Err(LifecycleError::ReleaseWithoutKey)
            );
            assert_eq!(
                check_release(s, true, true),
                Err(LifecycleError::AlreadyReleased)
            );
        }
    }

    #[test]
    fn only_a_never_public_draft_without_results_can_be_deleted() {
        assert_eq!(check_delete(Draft, false, 0), Ok(()));
        assert_eq!(
            check_delete(Draft, false, 3),
            Err(LifecycleError::DeleteWithResults(3))
        );
        assert_eq!(
            check_delete(Draft, true, 0),
            Err(LifecycleError::DeleteAfterPublic)
        );
        for s in [Ready, Running, Finished, Cancelled, Archived] {
            assert_eq!(
                check_delete(s, false, 0),
                Err(LifecycleError::DeleteNotDraft)
            );
        }
    }

    #[test]
    fn a_public_commitment_is_withdrawn_only_with_a_reason() {
        assert_eq!(check_redeal(Draft, false, ""), Ok(Redeal::Replace));
        assert_eq!(
            check_redeal(Draft, true, "  "),
            Err(LifecycleError::RedealNeedsReason)
        );
        assert_eq!(
            check_redeal(Ready, true, " board 3 seen "),
            Ok(Redeal::Withdraw {
                reason: "board 3 seen".into()
            })
        );
        assert_eq!(
            check_redeal(Ready, true, &"x".repeat(MAX_REASON + 1)),
            Err(LifecycleError::ReasonTooLong)
        );
        for s in [Running, Finished, Cancelled, Archived] {
            assert_eq!(
                check_redeal(s, true, "fouled"),
                Err(LifecycleError::RedealAfterStart)
            );
        }
    }
}
