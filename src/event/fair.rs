//! The background robots' fair pick across clubs (issue #39): one club's thirty jobs do
//! not make another club's two wait behind them. Each pick serves the club with the fewest
//! jobs in flight, then the one served longest ago; within it the group (the robot par's
//! event, the online robots' table) served longest ago, in the order read among those never
//! served; never a job in flight. Shared by the robot par (`event::par`) and the robots at
//! online tables (`event::online::robots`). Pure.

use std::collections::HashMap;
use std::hash::Hash;

use crate::event::ClubId;

/// A job a worker may take: whose club it is, and the group it is served by in turn.
pub trait FairJob: Copy + Eq {
    type Group: Copy + Eq + Hash;
    fn club(&self) -> ClubId;
    fn group(&self) -> Self::Group;
}

/// Which jobs are in flight (no two workers on one), and when each club and group was last
/// served.
#[derive(Debug)]
pub struct FairQueue<J: FairJob> {
    /// Counts picks; a club or group never served counts as served at 0.
    tick: u64,
    club_served: HashMap<ClubId, u64>,
    group_served: HashMap<J::Group, u64>,
    /// As many as there are workers.
    in_flight: Vec<J>,
}

impl<J: FairJob> Default for FairQueue<J> {
    fn default() -> Self {
        FairQueue {
            tick: 0,
            club_served: HashMap::new(),
            group_served: HashMap::new(),
            in_flight: Vec::new(),
        }
    }
}

impl<J: FairJob> FairQueue<J> {
    /// Whether a worker is on this job now.
    pub fn in_flight(&self, job: &J) -> bool {
        self.in_flight.contains(job)
    }

    /// Jobs being worked on now.
    pub fn busy(&self) -> usize {
        self.in_flight.len()
    }

    /// The fair choice among `candidates` (in the order read), taken: in flight until
    /// [`FairQueue::done`].
    pub fn pick(&mut self, candidates: &[J]) -> Option<J> {
        let free = || {
            candidates
                .iter()
                .enumerate()
                .filter(|(_, c)| !self.in_flight(c))
        };
        let club_key = |club: ClubId| {
            let busy = self.in_flight.iter().filter(|j| j.club() == club).count();
            (
                busy,
                self.club_served.get(&club).copied().unwrap_or(0),
                club,
            )
        };
        let club = free().map(|(_, c)| club_key(c.club())).min()?.2;
        let (_, job) = free()
            .filter(|(_, c)| c.club() == club)
            .min_by_key(|(i, c)| {
                let served = self.group_served.get(&c.group()).copied().unwrap_or(0);
                (served, *i)
            })?;
        let job = *job;
        self.tick += 1;
        self.club_served.insert(job.club(), self.tick);
        self.group_served.insert(job.group(), self.tick);
        self.in_flight.push(job);
        Some(job)
    }

    /// The job is no longer in hand (done, failed or given up).
    pub fn done(&mut self, job: &J) {
        self.in_flight.retain(|j| j != job);
    }

    /// Forgets the groups that are gone, so the queue stays as large as the server.
    pub fn keep_groups(&mut self, live: impl Fn(&J::Group) -> bool) {
        self.group_served.retain(|g, _| live(g));
    }
}
