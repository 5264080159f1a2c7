//! Robot par in an event: what the pages and papers say of each board's par, and how a
//! table's result is set against it. The figures come from `deals::par`; they are worked
//! out in the background and stored per board and deal commitment; which board the background
//! workers take next is [`FairQueue::pick`], round-robin across clubs. Pure.

use std::collections::BTreeMap;

use crate::deals::par::{BoardPar, Figures, Measure};
use crate::event::fair::FairJob;
use crate::event::game::EventGame;
use crate::event::{ClubId, EventId};

/// What the pages, papers and practice tables say for a game the robots give no par:
/// Kaiso's songs, a game dealt at the table (Embers, Auction), Duet's open dummies, and
/// the Calypso variants whose per-seat scores an event's two side scores do not hold.
pub const NO_PAR_FOR_GAME: &str = "No robot par for this game.";

/// What an event has of robot par.
#[derive(Clone, Debug, PartialEq)]
pub enum EventPars {
    /// Nothing shown: the event has no deals yet, the viewer may not see its par yet, or
    /// the page shows none (reserve boards).
    None,
    /// The event's game gets no par ([`EventGame::robot_par`] is false): the pages say
    /// [`NO_PAR_FOR_GAME`].
    NotThisGame,
    /// The event's boards and the pars stored for its current deal.
    Boards {
        boards: u32,
        stored: BTreeMap<u32, BoardPar>,
        /// False when this server works out no par (`CALYPSO_PAR_GAMES=0`).
        working: bool,
    },
}

/// What one board shows of its par.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardParShown {
    Figures(BoardPar),
    /// Not stored yet: the analysis works through the boards in order and is at `at`.
    Pending {
        at: u32,
        of: u32,
    },
    /// Not stored, and this server works none out.
    Off,
    /// The event's game gets no par at all.
    NotThisGame,
}

impl EventPars {
    /// What a viewer who may not see the figures (yet) is shown: nothing, or, for a game
    /// the robots give no par, that there is none (no secret: it says nothing of the cards).
    pub fn unshown(game: EventGame) -> EventPars {
        if game.robot_par() {
            EventPars::None
        } else {
            EventPars::NotThisGame
        }
    }

    /// The event's game gets no par: the pages say [`NO_PAR_FOR_GAME`].
    pub fn not_this_game(&self) -> bool {
        matches!(self, EventPars::NotThisGame)
    }

    /// The board's par, once worked out.
    pub fn stored(&self, board: u32) -> Option<&BoardPar> {
        match self {
            EventPars::Boards { stored, .. } => stored.get(&board),
            _ => None,
        }
    }

    /// The pars set a table's total against the robots' (cooperative Calypso), not its net.
    pub fn by_total(&self) -> bool {
        matches!(self, EventPars::Boards { stored, .. } if stored.values().any(|p| p.total.is_some()))
    }

    /// The board's par as the travellers' heading says it: "net +520" (majors less minors)
    /// or, for cooperative Calypso, "total 3,940" (the table's, all four players').
    pub fn heading(&self, board: u32) -> Option<String> {
        Some(match self.stored(board)?.measure() {
            Measure::Net(n) => format!("net {}", signed(whole(n))),
            Measure::Total(t) => format!("total {}", thousands(whole(t))),
        })
    }

    /// A table's result set against the board's par from the two sides' scores as the
    /// pages show them (an adjusted score, such as "ave+ (60%)", has none): the majors' net
    /// less the par net, or (cooperative) the table's total less the par total.
    pub fn against_shown(&self, board: u32, majors: &str, minors: &str) -> Option<i64> {
        let (majors, minors): (i64, i64) =
            (majors.trim().parse().ok()?, minors.trim().parse().ok()?);
        self.against_scores(board, majors, minors)
    }

    /// The same from the two sides' scores as numbers.
    pub fn against_scores(&self, board: u32, majors: i64, minors: i64) -> Option<i64> {
        Some(match self.stored(board)?.measure() {
            Measure::Net(n) => against(majors.checked_sub(minors)?, n),
            Measure::Total(t) => against(majors.checked_add(minors)?, t),
        })
    }
}

impl EventPars {
    /// The board's par as shown; None where the event gets no par at all.
    pub fn of_board(&self, board: u32) -> Option<BoardParShown> {
        let EventPars::Boards {
            boards,
            stored,
            working,
        } = self
        else {
            return self.not_this_game().then_some(BoardParShown::NotThisGame);
        };
        if let Some(p) = stored.get(&board) {
            return Some(BoardParShown::Figures(p.clone()));
        }
        if !working {
            return Some(BoardParShown::Off);
        }
        let at = (1..=*boards).find(|b| !stored.contains_key(b)).unwrap_or(1);
        Some(BoardParShown::Pending { at, of: *boards })
    }

    /// The board's par net, once worked out; none for a par a table's total is set
    /// against (cooperative Calypso: its sides do not play against each other).
    pub fn net(&self, board: u32) -> Option<f64> {
        match self.stored(board)?.measure() {
            Measure::Net(n) => Some(n),
            Measure::Total(_) => None,
        }
    }

    /// The majors' result at a table set against the board's par (see [`against`]).
    pub fn against(&self, board: u32, table_net: i64) -> Option<i64> {
        self.net(board).map(|par| against(table_net, par))
    }
}

impl EventPars {
    /// A scorecard line's result against the robots from its own side's view: `seat` is
    /// "majors" or "minors", the scores as the scorecard shows them (an adjusted score, such
    /// as "ave+ (60%)", has none).
    pub fn own_against(&self, board: u32, seat: &str, own: &str, theirs: &str) -> Option<i64> {
        if let Measure::Total(_) = self.stored(board)?.measure() {
            // All four play for the table's total: the same figure from either side.
            return self.against_shown(board, own, theirs);
        }
        let (own, theirs): (i64, i64) = (own.trim().parse().ok()?, theirs.trim().parse().ok()?);
        let majors_net = match seat {
            "majors" => own.checked_sub(theirs)?,
            "minors" => theirs.checked_sub(own)?,
            _ => return None,
        };
        let a = self.against(board, majors_net)?;
        Some(if seat == "majors" { a } else { -a })
    }
}

/// A table's net (majors' less minors' score) less the board's par net, rounded to a whole
/// number: how much better the table's majors did than the robots (minors: its negative).
pub fn against(table_net: i64, par_net: f64) -> i64 {
    whole(table_net as f64 - par_net)
}

/// "+340 against the robots", "-120 against the robots", "0 against the robots".
pub fn against_words(n: i64) -> String {
    format!("{} against the robots", signed(n))
}

/// "+340", "-120", "0": the site writes negative numbers with a hyphen.
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{}", thousands(n))
    } else {
        thousands(n)
    }
}

/// A whole number with thousands separated by commas: "2,140", "-1,480".
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// A figure rounded to a whole number by the one display rule (halves away from zero).
pub use crate::scoring::rounding::whole;

/// "Robot par (200 games, 200 playouts)".
pub fn par_title(p: &BoardPar) -> String {
    format!(
        "Robot par ({} {}, {} {})",
        thousands(i64::from(p.games)),
        if p.games == 1 { "game" } else { "games" },
        thousands(i64::from(p.playouts)),
        if p.playouts == 1 {
            "playout"
        } else {
            "playouts"
        },
    )
}

/// "2,140 (median 2,100, 10–90%: 1,480–2,860)": one side's figures.
pub fn side_figures(f: &Figures) -> String {
    format!(
        "{} (median {}, 10–90%: {}–{})",
        thousands(whole(f.mean)),
        thousands(whole(f.median)),
        thousands(f.p10),
        thousands(f.p90)
    )
}

/// The whole par on one line: "Robot par (200 games, 200 playouts): majors 2,140 (median
/// 2,100, 10–90%: 1,480–2,860), minors 1,620 (...), net +520".
pub fn par_line(p: &BoardPar) -> String {
    let total = p
        .total
        .as_ref()
        .map(|t| format!(", table total {}", side_figures(t)))
        .unwrap_or_default();
    format!(
        "{}: majors {}, minors {}, net {}{total}",
        par_title(p),
        side_figures(&p.majors),
        side_figures(&p.minors),
        signed(whole(p.net))
    )
}

/// The line of a board whose par is not there yet.
pub fn pending_line(at: u32, of: u32) -> String {
    format!("Robot par: being worked out (board {at} of {of})")
}

/// A board without a stored par on papers printed now.
pub const NOT_YET: &str = "Robot par: not worked out yet";

/// The most events that have boards without a par one pick reads (newest first, events found
/// complete skipped): what bounds a pick's database reads on a server with many events. A
/// club with more than this many newer events all waiting can still hold the rest back.
pub const PICK_EVENTS: usize = 64;

/// A board whose par is to be worked out, as the fair pick sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParCandidate {
    pub event: EventId,
    pub club: ClubId,
    pub board: u32,
}

/// The robot par's jobs are boards, served in turn by event (`event::fair`): one club's
/// thirty boards do not make another club's two wait behind them; within a club the event
/// served longest ago (newest first among those never served), then its lowest board.
impl FairJob for ParCandidate {
    type Group = EventId;
    fn club(&self) -> ClubId {
        self.club
    }
    fn group(&self) -> EventId {
        self.event
    }
}

/// The background workers' shared queue of boards.
pub type FairQueue = crate::event::fair::FairQueue<ParCandidate>;

#[cfg(test)]
mod tests {
    use super::*;

    fn par(board: u32, net: f64) -> BoardPar {
        let f = |mean: f64, p10, p90| Figures {
            mean,
            median: mean - 40.4,
            sd: 300.0,
            p10,
            p90,
        };
        BoardPar {
            board,
            games: 200,
            playouts: 200,
            majors: f(2140.4, 1480, 2860),
            minors: f(1620.0, 990, 2300),
            net,
            total: None,
        }
    }

    #[test]
    fn the_par_line_reads_as_the_papers_print_it() {
        assert_eq!(
            par_line(&par(1, 520.4)),
            "Robot par (200 games, 200 playouts): majors 2,140 (median 2,100, 10–90%: \
             1,480–2,860), minors 1,620 (median 1,580, 10–90%: 990–2,300), net +520"
        );
        let mut one = par(1, -75.5);
        one.games = 1;
        one.playouts = 1;
        assert!(
            par_line(&one).starts_with("Robot par (1 game, 1 playout):"),
            "{}",
            par_line(&one)
        );
        assert!(par_line(&one).ends_with("net -76"), "{}", par_line(&one));
    }

    #[test]
    fn against_the_robots_is_the_tables_net_less_par_rounded() {
        assert_eq!(against(860, 520.4), 340);
        assert_eq!(against(400, 520.4), -120);
        assert_eq!(against(520, 520.4), 0);
        assert_eq!(against(-3000, -3120.6), 121);
        assert_eq!(against_words(340), "+340 against the robots");
        assert_eq!(against_words(-120), "-120 against the robots");
        assert_eq!(against_words(0), "0 against the robots");
        assert_eq!(against_words(-1250), "-1,250 against the robots");
        // Far out of range: no panic, a bounded figure.
        assert!(against(i64::MAX, f64::MIN).abs() <= 1_000_000_000_000_000);
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(-1234567), "-1,234,567");
        assert_eq!(thousands(i64::MIN), "-9,223,372,036,854,775,808");
    }

    #[test]
    fn a_board_shows_its_par_or_where_the_analysis_is() {
        let stored: BTreeMap<u32, BoardPar> = [(1, par(1, 10.0)), (3, par(3, 0.0))].into();
        let pars = EventPars::Boards {
            boards: 4,
            stored: stored.clone(),
            working: true,
        };
        assert_eq!(pars.of_board(1), Some(BoardParShown::Figures(par(1, 10.0))));
        assert_eq!(
            pars.of_board(4),
            Some(BoardParShown::Pending { at: 2, of: 4 })
        );
        assert_eq!(pars.against(1, 100), Some(90));
        // Each side's own view: the minors' figure is the majors' turned round.
        assert_eq!(pars.own_against(1, "majors", "1250", "500"), Some(740));
        assert_eq!(pars.own_against(1, "minors", "500", "1250"), Some(-740));
        assert_eq!(pars.own_against(1, "minors", "ave+ (60%)", "40%"), None);
        assert_eq!(pars.own_against(2, "majors", "1250", "500"), None);
        assert_eq!(pars.against(2, 100), None);
        let off = EventPars::Boards {
            boards: 4,
            stored,
            working: false,
        };
        assert_eq!(off.of_board(2), Some(BoardParShown::Off));
        assert_eq!(EventPars::None.of_board(1), None);
        assert_eq!(
            pending_line(3, 12),
            "Robot par: being worked out (board 3 of 12)"
        );
    }

    fn boards(event: i32, club: i32, n: u32) -> Vec<ParCandidate> {
        (1..=n)
            .map(|board| ParCandidate {
                event: EventId::new(event),
                club: ClubId::new(club),
                board,
            })
            .collect()
    }

    /// One worker: each pick is worked out and done before the next; a board done leaves
    /// the candidates, as its stored par would.
    fn one_worker(mut candidates: Vec<ParCandidate>, picks: usize) -> Vec<ParCandidate> {
        let mut q = FairQueue::default();
        let mut out = Vec::new();
        for _ in 0..picks {
            let Some(job) = q.pick(&candidates) else {
                break;
            };
            q.done(&job);
            candidates.retain(|c| *c != job);
            out.push(job);
        }
        out
    }

    #[test]
    fn a_small_club_is_not_kept_waiting_behind_a_big_one() {
        // Club 1's event of 30 boards is newer and read first; club 2's 2 boards.
        let mut candidates = boards(10, 1, 30);
        candidates.extend(boards(5, 2, 2));
        let picks = one_worker(candidates, 32);
        let small: Vec<usize> = (0..picks.len())
            .filter(|i| picks[*i].club == ClubId::new(2))
            .collect();
        assert_eq!(small, vec![1, 3], "{picks:?}");
        assert_eq!(picks.len(), 32);
        // The big club's boards in order, each once.
        let big: Vec<u32> = picks
            .iter()
            .filter(|c| c.club == ClubId::new(1))
            .map(|c| c.board)
            .collect();
        assert_eq!(big, (1..=30).collect::<Vec<_>>());
    }

    #[test]
    fn three_clubs_take_turns() {
        let mut candidates = boards(30, 3, 4);
        candidates.extend(boards(20, 1, 4));
        candidates.extend(boards(10, 2, 4));
        let clubs: Vec<i32> = one_worker(candidates, 9)
            .iter()
            .map(|c| c.club.get())
            .collect();
        assert_eq!(clubs, vec![1, 2, 3, 1, 2, 3, 1, 2, 3]);
    }

    #[test]
    fn a_club_with_a_board_in_flight_yields_to_one_with_none() {
        let mut q = FairQueue::default();
        let mut candidates = boards(10, 1, 6);
        candidates.extend(boards(11, 2, 6));
        let first = q.pick(&candidates).unwrap();
        assert_eq!(first.club, ClubId::new(1));
        // Club 2 was never served but club 1 is busy: club 2 next, then club 1 again
        // (one in flight each, club 1 served longer ago) on another board than the first.
        let second = q.pick(&candidates).unwrap();
        assert_eq!(second.club, ClubId::new(2));
        let third = q.pick(&candidates).unwrap();
        assert_eq!((third.club, third.board), (ClubId::new(1), 2));
        assert_eq!(q.busy(), 3);
        // Club 1 has two in flight, club 2 one: club 2, whoever was served last.
        let fourth = q.pick(&candidates).unwrap();
        assert_eq!(fourth.club, ClubId::new(2));
        q.done(&first);
        q.done(&third);
        assert!(!q.in_flight(&first));
        assert_eq!(q.pick(&candidates).unwrap().club, ClubId::new(1));
    }

    #[test]
    fn no_two_workers_get_the_same_board_and_an_all_busy_queue_gives_none() {
        let mut q = FairQueue::default();
        let candidates = boards(7, 1, 3);
        let picked: Vec<u32> = (0..3).map(|_| q.pick(&candidates).unwrap().board).collect();
        assert_eq!(picked, vec![1, 2, 3]);
        assert_eq!(q.pick(&candidates), None);
        assert_eq!(q.pick(&[]), None);
    }

    #[test]
    fn a_clubs_events_take_turns_newest_first() {
        // One club, two events read newest first (12 then 9).
        let mut candidates = boards(12, 4, 3);
        candidates.extend(boards(9, 4, 3));
        let events: Vec<i32> = one_worker(candidates, 4)
            .iter()
            .map(|c| c.event.get())
            .collect();
        assert_eq!(events, vec![12, 9, 12, 9]);
    }
}
