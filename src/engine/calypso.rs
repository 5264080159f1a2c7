//! A player's calypsos: the one in progress (a set of ranks of their suit) and the count of
//! completed ones.

use super::cards::Rank;

const FULL: u16 = (1 << 13) - 1;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Calypsos {
    /// Ranks of the calypso in progress, bit r for rank index r.
    in_progress: u16,
    completed: u8,
}

impl Calypsos {
    pub fn new(completed: u8, in_progress: impl IntoIterator<Item = Rank>) -> Calypsos {
        let mut c = Calypsos {
            in_progress: 0,
            completed,
        };
        for r in in_progress {
            c.in_progress |= 1 << r.index();
        }
        c
    }

    pub fn completed(&self) -> u8 {
        self.completed
    }

    pub fn in_progress_len(&self) -> usize {
        self.in_progress.count_ones() as usize
    }

    pub fn has(&self, rank: Rank) -> bool {
        self.in_progress & (1 << rank.index()) != 0
    }

    /// Ranks of the calypso in progress, low to high.
    pub fn in_progress(&self) -> impl Iterator<Item = Rank> + '_ {
        Rank::all().filter(|&r| self.has(r))
    }

    /// Takes this player's own-suit cards from one won trick (`counts[r]` copies of rank r)
    /// and returns how many of them go to the trick pile instead.
    ///
    /// Missing ranks join the calypso in progress; the rest are would-be duplicates. If the
    /// calypso completes, it is set aside and the would-be duplicates of this same trick
    /// start the next one, one of each rank, whatever order they were played in (the
    /// completion carry-over). What is left goes to the pile.
    pub fn collect(&mut self, counts: &[u8; 13]) -> usize {
        self.collect_spare(counts).iter().map(|&n| n as usize).sum()
    }

    /// As [`Calypsos::collect`], giving the copies of each rank that go to the pile.
    pub fn collect_spare(&mut self, counts: &[u8; 13]) -> [u8; 13] {
        let mut spare = *counts;
        for (r, n) in spare.iter_mut().enumerate() {
            if *n > 0 && self.in_progress & (1 << r) == 0 {
                self.in_progress |= 1 << r;
                *n -= 1;
            }
        }
        if self.in_progress == FULL {
            self.completed += 1;
            self.in_progress = 0;
            for (r, n) in spare.iter_mut().enumerate() {
                if *n > 0 {
                    self.in_progress |= 1 << r;
                    *n -= 1;
                }
            }
        }
        spare
    }

    /// As [`Calypsos::collect`], the cards given as rank masks, `once` the ranks won at least
    /// once and `twice` at least twice (each rank goes in at most twice: once to join, once
    /// to carry over); gives how many cards the calypsos keep rather than how many spare.
    pub(crate) fn collect_ranks(&mut self, once: u16, twice: u16) -> u32 {
        let new = once & !self.in_progress;
        self.in_progress |= new;
        let mut kept = new.count_ones();
        if self.in_progress == FULL {
            self.completed += 1;
            // A rank left over: won twice, or once when it was already in the calypso.
            self.in_progress = twice | (once & !new);
            kept += self.in_progress.count_ones();
        }
        kept
    }
}

/// Points for completed calypsos: the first 500, the second 750, each further 1000.
pub fn calypso_points(completed: u32) -> i64 {
    match completed {
        0 => 0,
        1 => 500,
        n => 1250 + 1000 * (i64::from(n) - 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(ranks: &str) -> [u8; 13] {
        let mut c = [0u8; 13];
        for ch in ranks.chars() {
            let card: crate::engine::Card = format!("{ch}S").parse().unwrap();
            c[card.rank().index()] += 1;
        }
        c
    }

    fn all_but(missing: &str) -> Calypsos {
        let m = counts(missing);
        Calypsos::new(0, Rank::all().filter(|r| m[r.index()] == 0))
    }

    #[test]
    fn calypso_points_are_cumulative_500_750_1000() {
        let totals: Vec<i64> = (0..5).map(calypso_points).collect();
        assert_eq!(totals, vec![0, 500, 1250, 2250, 3250]);
    }

    #[test]
    fn new_ranks_join_and_duplicates_go_to_the_pile() {
        let mut c = Calypsos::default();
        assert_eq!(c.collect(&counts("7K")), 0);
        assert_eq!(c.collect(&counts("77")), 2);
        assert_eq!(c.in_progress_len(), 2);
    }

    #[test]
    fn completion_carry_over_rules_page_example() {
        // Needs only the 7; wins 7, 8, 8, K: the 7 completes, 8 and K start the next
        // calypso, the other 8 goes to the pile.
        let mut c = all_but("7");
        assert_eq!(c.collect(&counts("788K")), 1);
        assert_eq!(c.completed(), 1);
        let next: Vec<char> = c.in_progress().map(|r| r.char()).collect();
        assert_eq!(next, vec!['8', 'K']);
    }

    #[test]
    fn completion_carry_over_ignores_play_order() {
        // The duplicates may come before the completing card in the trick.
        let mut c = all_but("A");
        assert_eq!(
            c.collect(&counts("22A2")),
            2,
            "one 2 starts the next, two to the pile"
        );
        assert_eq!(c.completed(), 1);
        assert_eq!(c.in_progress_len(), 1);
    }

    #[test]
    fn completion_carry_over_two_missing_ranks_in_one_trick() {
        let mut c = all_but("34");
        assert_eq!(c.collect(&counts("3344")), 0);
        assert_eq!(c.completed(), 1);
        assert_eq!(c.in_progress_len(), 2);
    }

    #[test]
    fn collecting_rank_masks_keeps_what_collect_keeps() {
        // Tricks of up to four cards from three ranks, into calypsos missing 0 to 3 ranks.
        for missing in ["", "2", "23", "234", "A", "2A"] {
            for trick in 0..256usize {
                let mut counts = [0u8; 13];
                for k in 0..(trick % 5) {
                    counts[[0, 1, 12][(trick >> (k + 2)) % 3]] += 1;
                }
                let (mut a, mut b) = (all_but(missing), all_but(missing));
                let once = (0..13)
                    .filter(|&r| counts[r] > 0)
                    .fold(0, |m, r| m | 1 << r);
                let twice = (0..13)
                    .filter(|&r| counts[r] > 1)
                    .fold(0, |m, r| m | 1 << r);
                let total: usize = counts.iter().map(|&n| n as usize).sum();
                let spare = a.collect(&counts);
                assert_eq!(b.collect_ranks(once, twice) as usize, total - spare);
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn no_carry_over_without_completion() {
        let mut c = all_but("34");
        assert_eq!(c.collect(&counts("33")), 1);
        assert_eq!(c.completed(), 0);
        assert_eq!(c.in_progress_len(), 12);
    }
}
