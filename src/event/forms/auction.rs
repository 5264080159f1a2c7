//! Auction Calypso on a table's page: after each hand the table types its calls, the trumps
//! the declarer named for the opponents, each player's trick pile from the hand, calypsos
//! completed so far and cards of each calypso in progress, and the cards sold; the engine
//! checks every hand against the one before and keeps the running score. Kept as typed, so
//! nothing is lost when the form comes back with problems.
//!
//! Fields, hand `k` (1 to 60) and player `p` (1 to 3): `a{k}_calls`, `a{k}_lho`, `a{k}_rho`,
//! `a{k}_pile_{p}`, `a{k}_calypsos_{p}`, `a{k}_prog_{p}_{S|H|D|C}`, `a{k}_sold`.
//!
//! The calls are text, eldest (the dealer's left) first, tokens separated by spaces or
//! commas, in any case:
//! - `pass` or `p`; `double` or `x`; `redouble` or `xx`;
//! - a bid of no calypsos: its points then its suit, `170C`, `200s`;
//! - a bid of calypsos: calypsos, `+`, points, suit: `1+200S`, `2+0H`.
//!
//! Suits are `S H D C` (or `♠ ♥ ♦ ♣`). The dealer of hand `k` is player ((k − 1) mod 3) + 1:
//! the form's game starts with player 1 dealing.
//!
//! The setup before hand 1 (the event's `auction_setup`): the cards of each calypso in
//! progress each player starts with, `su_{p}_{S|H|D|C}`, or `su_all_{S|H|D|C}` once for all
//! three (balanced random, standardised), and `su_calypsos`, the calypsos found complete in
//! the setup. Their names do not start with `a`: every key that does is a hand's.

use super::songs::Chip;
use crate::engine::auction::setup::STANDARDISED_COUNTS;
use crate::engine::auction::spec::{DEAL, MAX_IN_PROGRESS, PLAYERS, SEATS, player_name};
use crate::engine::auction::{
    self, Auction, AuctionEnd, AuctionScore, AuctionSpec, AuctionState, AuctionSummary, Call,
    Doubling, HandReport, MAX_CALLS, PlayerLine, SetupKind, SuitCounts,
};
use crate::engine::{Problem, Seat, Suit};
use crate::event::table_report::Breakdown;

/// No field of a hand past the most a game has is read.
pub const MAX_AUCTION_HANDS: usize = auction::MAX_HANDS;
/// The form's game: player 1 deals the first hand.
pub const FIRST_DEALER: Seat = auction::FIRST_DEALER;

/// Bounds of the counts read (beyond them a count is a typing slip, not a hand).
const MAX_PILE: u32 = DEAL as u32;
pub(super) const MAX_CALYPSOS: u32 = 200;
pub(super) const MAX_PROGRESS: u32 = MAX_IN_PROGRESS as u32;
pub(super) const MAX_SOLD: u32 = MAX_IN_PROGRESS as u32;
/// Bad tokens named one by one in a hand; the rest are counted.
const BAD_TOKENS_NAMED: usize = 5;

/// Suits in the order the form shows them.
pub(super) const SUITS_SHOWN: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// Calls run from the start: the auction after them, or the first refused with its index.
type RunCalls = fn(Seat, &[Call]) -> Result<Auction, (usize, auction::CallError)>;

/// The table an auction is called at: the three-hander's, or the partnership game's of four
/// (`super::auction_pairs`). What the shared readers and views below need of it.
pub(super) struct CallTable {
    pub players: usize,
    /// The longest auction.
    pub max_calls: usize,
    /// The calls run from the start (the engine's `Auction::run` or `run_partnership`).
    pub run: RunCalls,
    /// A caller as a chip names them: "1", or "N".
    pub caller: fn(Seat) -> String,
}

/// The three-hander's table: players 1, 2, 3.
const THREE: CallTable = CallTable {
    players: PLAYERS,
    max_calls: MAX_CALLS,
    run: Auction::run,
    caller: |s| (s.index() + 1).to_string(),
};

impl CallTable {
    /// "player 1", or "North".
    pub fn name(&self, seat: Seat) -> String {
        auction::bidding::seat_name(seat, self.players)
    }

    /// The dealer of hand `k` (1-based) when the first dealer is `first`: the deal passes
    /// to the left.
    pub fn dealer(&self, first: Seat, k: usize) -> Seat {
        first.left_by((k.max(1) - 1) % self.players, self.players)
    }
}

/// One player's line of a hand, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuctionPlayerForm {
    /// Trick-pile cards from this hand.
    pub pile: String,
    /// Calypsos completed so far in the game.
    pub calypsos: String,
    /// Cards of each calypso in progress after the hand, by [`Suit::index`] (C, D, H, S).
    pub in_progress: [String; 4],
}

/// One hand as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuctionHandForm {
    pub calls: String,
    /// The left-hand opponent's trumps (a suit letter), blank in a misère.
    pub lho: String,
    /// The right-hand opponent's trumps.
    pub rho: String,
    pub players: [AuctionPlayerForm; PLAYERS],
    pub sold: String,
}

/// Who holds a setup's calypsos in progress, as the setup step names them: the three
/// players, or the two partnerships.
pub(super) struct SetupHolders<const N: usize> {
    /// The fields' key part of each holder: `1` to `3`, or `NS`, `EW`.
    pub keys: [&'static str; N],
    /// "player 2's", "North-South's".
    pub whose: fn(usize) -> String,
    /// A problem's seat and side, when about one holder.
    pub seat: fn(usize) -> Option<Seat>,
    pub side: fn(usize) -> Option<usize>,
    /// The once-for-all line: "every player's", "Every player".
    pub every_whose: &'static str,
    pub every: &'static str,
    /// ", once for all three players".
    pub once: &'static str,
    /// What the table does for balanced random, fully random and standardised.
    pub how: [&'static str; 3],
    /// Who scores a calypso complete in the setup: "500 to everyone for each".
    pub bonus: &'static str,
}

/// The three-hander's: players 1 to 3.
pub(super) const PLAYER_SETUP: SetupHolders<PLAYERS> = SetupHolders {
    keys: ["1", "2", "3"],
    whose: |p| format!("{}'s", player_name(SEATS[p])),
    seat: |p| Some(SEATS[p]),
    side: |_| None,
    every_whose: "every player's",
    every: "Every player",
    once: ", once for all three players",
    how: [
        "Deal 30 cards face up, set the duplicates aside, and count each suit: all three players start with the same cards. A suit with all 13 is a calypso complete: its cards go back, and everyone scores 500.",
        "Each player is dealt 30 cards face up and keeps the distinct ones: count each player's suits. A suit with all 13 is a calypso complete: its cards go back, and everyone scores 500.",
        "Every player starts with the 2, 4, 6, 8, 10 and queen of every suit: six cards of each calypso in progress.",
    ],
    bonus: "500 to everyone for each",
};

/// The setup before hand 1 as typed: the counts by [`Suit::index`] (C, D, H, S), for `N`
/// holders (three players, or two partnerships).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupForm<const N: usize = PLAYERS> {
    /// Once for all (balanced random, standardised).
    pub all: [String; 4],
    /// Each holder's own (fully random).
    pub players: [[String; 4]; N],
    /// Calypsos found complete in the setup.
    pub calypsos: String,
}

impl<const N: usize> Default for SetupForm<N> {
    fn default() -> Self {
        SetupForm {
            all: Default::default(),
            players: std::array::from_fn(|_| Default::default()),
            calypsos: String::new(),
        }
    }
}

impl<const N: usize> SetupForm<N> {
    /// Nothing typed.
    pub fn is_blank(&self) -> bool {
        self.all
            .iter()
            .chain(self.players.iter().flatten())
            .chain([&self.calypsos])
            .all(|v| v.trim().is_empty())
    }

    fn all_typed(&self) -> bool {
        self.all.iter().any(|v| !v.trim().is_empty())
    }

    /// Each holder's starting counts as typed: the line for all when it is typed, else
    /// each holder's own.
    pub(super) fn lines(&self) -> [[String; 4]; N] {
        if self.all_typed() {
            std::array::from_fn(|_| self.all.clone())
        } else {
            self.players.clone()
        }
    }

    /// `su_all_S`, `su_2_H` (`su_NS_H`), `su_calypsos`: true when the key is one.
    pub(super) fn take(&mut self, h: &SetupHolders<N>, key: &str, value: String) -> bool {
        let Some(rest) = key.strip_prefix("su_") else {
            return false;
        };
        if rest == "calypsos" {
            self.calypsos = value;
            return true;
        }
        let Some((who, suit)) = rest.split_once('_') else {
            return false;
        };
        let Some(suit) = suit_of_letter(suit) else {
            return false;
        };
        let slot = if who == "all" {
            &mut self.all[suit.index()]
        } else if let Some(p) = h.keys.iter().position(|k| *k == who) {
            &mut self.players[p][suit.index()]
        } else {
            return false;
        };
        *slot = value;
        true
    }

    pub(super) fn pairs(&self, h: &SetupHolders<N>, out: &mut Vec<(String, String)>) {
        for s in SUITS_SHOWN {
            let v = &self.all[s.index()];
            if !v.is_empty() {
                out.push((format!("su_all_{}", s.letter()), v.clone()));
            }
        }
        for (p, line) in self.players.iter().enumerate() {
            for s in SUITS_SHOWN {
                let v = &line[s.index()];
                if !v.is_empty() {
                    out.push((format!("su_{}_{}", h.keys[p], s.letter()), v.clone()));
                }
            }
        }
        if !self.calypsos.is_empty() {
            out.push(("su_calypsos".into(), self.calypsos.clone()));
        }
    }

    /// The setup as the engine's summary holds it, its problems pushed (each named
    /// "setup: ..."): none when nothing is typed.
    pub(super) fn read(
        &self,
        h: &SetupHolders<N>,
        problems: &mut Vec<Problem>,
    ) -> ([Option<SuitCounts>; N], u32) {
        if self.is_blank() {
            return ([None; N], 0);
        }
        let mut say = |p: Option<usize>, message: String| {
            problems.push(Problem {
                code: "setup-number",
                message: format!("setup: {message}"),
                seat: p.and_then(h.seat),
                side: p.and_then(h.side),
                deal: None,
            })
        };
        let all = self.all_typed();
        let lines = self.lines();
        let mut out = [None; N];
        for (p, line) in lines.iter().enumerate() {
            let who = if all {
                h.every_whose.to_string()
            } else {
                (h.whose)(p)
            };
            let mut c = SuitCounts::default();
            for s in SUITS_SHOWN {
                match count(&line[s.index()], MAX_PROGRESS) {
                    Ok(n) => c.0[s.index()] = n as u8,
                    // Once for all: named once.
                    Err(why) if !all || p == 0 => say(
                        (!all).then_some(p),
                        format!(
                            "{who} {} calypso in progress: {why}",
                            s.name().to_lowercase()
                        ),
                    ),
                    Err(_) => {}
                }
            }
            out[p] = Some(c);
        }
        let calypsos = count(&self.calypsos, MAX_SETUP_CALYPSOS).unwrap_or_else(|why| {
            say(None, format!("calypsos complete in the setup: {why}"));
            0
        });
        (out, calypsos)
    }

    /// The form of a stored setup: once for all when every holder's is the same.
    pub(super) fn of(setup: &[Option<SuitCounts>; N], calypsos: u32) -> SetupForm<N> {
        let mut f = SetupForm::default();
        if setup.iter().all(|c| c.is_none_or(|c| c.total() == 0)) && calypsos == 0 {
            return f;
        }
        let counts = setup.map(Option::unwrap_or_default);
        let text = |c: &SuitCounts| Suit::ALL.map(|s| c.get(s).to_string());
        if counts.iter().all(|c| *c == counts[0]) {
            f.all = text(&counts[0]);
        } else {
            f.players = counts.each_ref().map(text);
        }
        if calypsos > 0 {
            f.calypsos = calypsos.to_string();
        }
        f
    }
}

pub(super) fn suit_of_letter(s: &str) -> Option<Suit> {
    match s {
        "S" => Some(Suit::Spades),
        "H" => Some(Suit::Hearts),
        "D" => Some(Suit::Diamonds),
        "C" => Some(Suit::Clubs),
        _ => None,
    }
}

/// Most calypsos complete in a setup a form reads (the engine's bound).
const MAX_SETUP_CALYPSOS: u32 = 12;

/// The whole form: index 0 is hand 1.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuctionForm {
    pub hands: Vec<AuctionHandForm>,
    /// The setup before hand 1.
    pub setup: SetupForm,
}

/// Which field of a hand a key names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    Calls,
    Lho,
    Rho,
    Sold,
    Pile(usize),
    Calypsos(usize),
    Progress(usize, Suit),
}

impl Field {
    const HAND: [Field; 4] = [Field::Calls, Field::Lho, Field::Rho, Field::Sold];

    /// Every field of a hand, in the form's order.
    fn all() -> impl Iterator<Item = Field> {
        Field::HAND.into_iter().chain((0..PLAYERS).flat_map(|p| {
            [Field::Pile(p), Field::Calypsos(p)]
                .into_iter()
                .chain(SUITS_SHOWN.map(|s| Field::Progress(p, s)))
        }))
    }

    /// The key's part after `a{k}_`.
    fn name(self) -> String {
        match self {
            Field::Calls => "calls".into(),
            Field::Lho => "lho".into(),
            Field::Rho => "rho".into(),
            Field::Sold => "sold".into(),
            Field::Pile(p) => format!("pile_{}", p + 1),
            Field::Calypsos(p) => format!("calypsos_{}", p + 1),
            Field::Progress(p, s) => format!("prog_{}_{}", p + 1, s.letter()),
        }
    }

    fn parse(text: &str) -> Option<Field> {
        let player = |t: &str| match t {
            "1" => Some(0),
            "2" => Some(1),
            "3" => Some(2),
            _ => None,
        };
        Some(match text {
            "calls" => Field::Calls,
            "lho" => Field::Lho,
            "rho" => Field::Rho,
            "sold" => Field::Sold,
            _ => {
                if let Some(p) = text.strip_prefix("pile_") {
                    Field::Pile(player(p)?)
                } else if let Some(p) = text.strip_prefix("calypsos_") {
                    Field::Calypsos(player(p)?)
                } else {
                    let (p, s) = text.strip_prefix("prog_")?.split_once('_')?;
                    Field::Progress(player(p)?, suit_of_letter(s)?)
                }
            }
        })
    }
}

/// `a12_pile_3` is hand 12's `Pile(2)`: (11, ..). No hand past `most`.
fn field_of<F>(key: &str, most: usize, parse: fn(&str) -> Option<F>) -> Option<(usize, F)> {
    let (n, rest) = key.strip_prefix('a')?.split_once('_')?;
    if n.is_empty() || n.len() > 2 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let k: usize = n.parse().ok()?;
    if !(1..=most).contains(&k) {
        return None;
    }
    Some((k - 1, parse(rest)?))
}

/// One hand's line of a form typed hand by hand (`a{k}_...`): the three-hander's
/// ([`AuctionHandForm`]) or the partnership game's (`super::auction_pairs`). The hands are
/// taken, written back, counted and carried over the same way for both ([`take_hand`]...).
pub(super) trait HandLine: Clone + Default {
    type Field: Copy;
    /// The most hands a game has: no field past it is read.
    const MOST: usize;
    /// Every field of a hand, in the form's order.
    fn fields() -> Vec<Self::Field>;
    /// The key's part after `a{k}_`.
    fn field_name(f: Self::Field) -> String;
    fn parse_field(text: &str) -> Option<Self::Field>;
    fn slot(&self, f: Self::Field) -> &String;
    fn slot_mut(&mut self, f: Self::Field) -> &mut String;
    fn calls(&self) -> &str;
    /// The next hand's line as it starts after this one: its calypsos and cards in progress
    /// copied, the rest blank.
    fn carried(&self) -> Self;

    /// Nothing typed at all.
    fn is_blank(&self) -> bool {
        Self::fields()
            .into_iter()
            .all(|f| self.slot(f).trim().is_empty())
    }
}

/// Takes a hand's field into `hands` (index 0 is hand 1); false if the key is not one
/// (or names a hand past the last).
pub(super) fn take_hand<H: HandLine>(hands: &mut Vec<H>, key: &str, value: String) -> bool {
    let Some((i, f)) = field_of(key, H::MOST, H::parse_field) else {
        return false;
    };
    if hands.len() <= i {
        hands.resize_with(i + 1, H::default);
    }
    *hands[i].slot_mut(f) = value;
    true
}

/// Every field typed, as [`take_hand`] reads it.
pub(super) fn hand_pairs<H: HandLine>(hands: &[H], out: &mut Vec<(String, String)>) {
    for (i, h) in hands.iter().take(H::MOST).enumerate() {
        for f in H::fields() {
            let v = h.slot(f);
            if !v.is_empty() {
                out.push((format!("a{}_{}", i + 1, H::field_name(f)), v.clone()));
            }
        }
    }
}

/// Hands filled in: up to the last whose calls are typed.
pub(super) fn hands_typed<H: HandLine>(hands: &[H]) -> usize {
    hands
        .iter()
        .rposition(|h| !h.calls().trim().is_empty())
        .map_or(0, |i| i + 1)
}

/// Each hand typed, read by `read` (hand number, line), or the problem that none is
/// ("fill in hand 1: {missing}").
pub(super) fn read_hands<H: HandLine, R>(
    hands: &[H],
    problems: &mut Vec<Problem>,
    missing: &str,
    mut read: impl FnMut(usize, &H, &mut Vec<Problem>) -> R,
) -> Vec<R> {
    let typed = hands_typed(hands);
    if typed == 0 {
        problems.push(Problem {
            code: "hands-missing",
            message: format!("fill in hand 1: {missing}"),
            seat: None,
            side: None,
            deal: Some(1),
        });
        return Vec::new();
    }
    hands
        .iter()
        .take(typed)
        .enumerate()
        .map(|(i, h)| read(i + 1, h, problems))
        .collect()
}

/// The lines to show: every hand typed, then the next. The next starts where the last
/// ended (or as `first` for hand 1), unless something of it is typed already.
pub(super) fn hands_with_next<H: HandLine>(hands: &[H], first: impl FnOnce() -> H) -> Vec<H> {
    let typed = hands_typed(hands);
    let mut lines: Vec<H> = hands.iter().take(typed).cloned().collect();
    if typed < H::MOST {
        let next = match hands.get(typed) {
            Some(h) if !h.is_blank() => h.clone(),
            _ => lines.last().map_or_else(first, H::carried),
        };
        lines.push(next);
    }
    lines
}

impl HandLine for AuctionHandForm {
    type Field = Field;
    const MOST: usize = MAX_AUCTION_HANDS;

    fn fields() -> Vec<Field> {
        Field::all().collect()
    }

    fn field_name(f: Field) -> String {
        f.name()
    }

    fn parse_field(text: &str) -> Option<Field> {
        Field::parse(text)
    }

    fn calls(&self) -> &str {
        &self.calls
    }

    fn carried(&self) -> AuctionHandForm {
        let mut next = AuctionHandForm::default();
        for (n, l) in next.players.iter_mut().zip(&self.players) {
            n.calypsos = l.calypsos.clone();
            n.in_progress = l.in_progress.clone();
        }
        next
    }

    fn slot(&self, f: Field) -> &String {
        match f {
            Field::Calls => &self.calls,
            Field::Lho => &self.lho,
            Field::Rho => &self.rho,
            Field::Sold => &self.sold,
            Field::Pile(p) => &self.players[p].pile,
            Field::Calypsos(p) => &self.players[p].calypsos,
            Field::Progress(p, s) => &self.players[p].in_progress[s.index()],
        }
    }

    fn slot_mut(&mut self, f: Field) -> &mut String {
        match f {
            Field::Calls => &mut self.calls,
            Field::Lho => &mut self.lho,
            Field::Rho => &mut self.rho,
            Field::Sold => &mut self.sold,
            Field::Pile(p) => &mut self.players[p].pile,
            Field::Calypsos(p) => &mut self.players[p].calypsos,
            Field::Progress(p, s) => &mut self.players[p].in_progress[s.index()],
        }
    }
}

impl AuctionHandForm {
    /// The form of one stored hand report (hand `k`, for its dealer when the report gives a
    /// contract instead of calls).
    fn from_report(k: usize, r: &HandReport) -> AuctionHandForm {
        let calls = match (&r.calls, r.contract) {
            (Some(calls), _) => Some(calls.clone()),
            (None, Some(o)) => o.shortest_auction(AuctionSpec::dealer_of_hand(k)),
            (None, None) => None,
        };
        let [calls, lho, rho] = typed_calls(calls.as_deref(), r.opponents_trumps);
        AuctionHandForm {
            calls,
            lho,
            rho,
            players: r.players.map(|l| match l {
                Some(l) => AuctionPlayerForm {
                    pile: l.trick_pile.to_string(),
                    calypsos: l.calypsos.to_string(),
                    in_progress: Suit::ALL.map(|s| l.in_progress.get(s).to_string()),
                },
                None => AuctionPlayerForm::default(),
            }),
            sold: r.sold.to_string(),
        }
    }

    /// Hand `k`'s report, its problems pushed (each named with the hand, and the player when
    /// about one).
    fn read(&self, k: usize, problems: &mut Vec<Problem>) -> HandReport {
        let dealer = AuctionSpec::dealer_of_hand(k);
        let mut say = |code: &'static str, seat: Option<Seat>, message: String| {
            problems.push(Problem {
                code,
                message: format!("hand {k}: {message}"),
                seat,
                side: None,
                deal: Some(k as i64),
            })
        };
        let calls = read_calls(
            &THREE,
            dealer,
            &self.calls,
            "the calls are blank: fill in every hand in order (the calls, each player's trick pile, calypsos and cards in progress)",
            &mut say,
        );
        let opponents_trumps = read_trumps(&self.lho, &self.rho, &mut say);
        // Each player's counts.
        let players = std::array::from_fn(|p| {
            let seat = SEATS[p];
            let who = player_name(seat);
            let l = &self.players[p];
            let w = Some(seat);
            let trick_pile = number(
                &l.pile,
                MAX_PILE,
                w,
                &format!("{who}'s trick pile"),
                &mut say,
            );
            let calypsos = number(
                &l.calypsos,
                MAX_CALYPSOS,
                w,
                &format!("{who}'s calypsos so far"),
                &mut say,
            );
            let in_progress = read_suits(
                &l.in_progress,
                MAX_PROGRESS,
                w,
                &who,
                "calypso in progress",
                &mut say,
            );
            Some(PlayerLine {
                trick_pile,
                calypsos,
                in_progress,
            })
        });
        let sold = number(&self.sold, MAX_SOLD, None, "cards sold", &mut say);
        HandReport {
            calls: Some(calls),
            contract: None,
            needed: None,
            opponents_trumps,
            players,
            sold,
        }
    }
}

/// What a reader says of a field: its code, the player it is about (if one) and why.
pub(super) type Say<'a> = dyn FnMut(&'static str, Option<Seat>, String) + 'a;

/// A hand's calls as typed: every token a call, the auction legal and over at `table`
/// (each problem said; `blank` when nothing is typed). The calls that read, at most the
/// longest auction.
pub(super) fn read_calls(
    table: &CallTable,
    dealer: Seat,
    text: &str,
    blank: &str,
    say: &mut Say<'_>,
) -> Vec<Call> {
    let mut calls = Vec::new();
    if text.trim().is_empty() {
        say("hand-missing", None, blank.into());
        return calls;
    }
    let mut bad = 0;
    let mut too_many = false;
    for (i, token) in tokens(text).enumerate() {
        if i == table.max_calls {
            too_many = true;
            break;
        }
        match Call::parse_token(token) {
            Ok(c) => calls.push(c),
            Err(why) => {
                bad += 1;
                if bad <= BAD_TOKENS_NAMED {
                    say("call", None, why.to_string());
                }
            }
        }
    }
    if bad > BAD_TOKENS_NAMED {
        say(
            "call",
            None,
            format!("{} more tokens are not calls", bad - BAD_TOKENS_NAMED),
        );
    }
    if too_many {
        say(
            "call",
            None,
            format!("more than {} calls: no auction is longer", table.max_calls),
        );
    } else if bad == 0 {
        match (table.run)(dealer, &calls) {
            Err((i, e)) => say("call", e.player, format!("call {}, {e}", i + 1)),
            Ok(a) => {
                if let AuctionState::Open { to_call } = a.state() {
                    say(
                        "auction-open",
                        None,
                        format!(
                            "the auction is not over: {} is to call",
                            table.name(to_call)
                        ),
                    );
                }
            }
        }
    }
    calls
}

/// The opponents' trumps as typed: both or neither (each problem said).
pub(super) fn read_trumps(lho: &str, rho: &str, say: &mut Say<'_>) -> Option<[Suit; 2]> {
    let mut suit = |text: &str, whose: &str| -> Option<Suit> {
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        let s = t.parse::<Suit>().ok();
        if s.is_none() {
            say(
                "trumps",
                None,
                format!("{whose} trumps: \"{t}\" is not a suit (S, H, D or C)"),
            );
        }
        s
    };
    let l = suit(lho, "the left-hand opponent's");
    let r = suit(rho, "the right-hand opponent's");
    match (l, r) {
        (Some(l), Some(r)) => Some([l, r]),
        (None, None) => None,
        (l, _) => {
            // A suit typed that did not read is named already.
            if lho.trim().is_empty() || rho.trim().is_empty() {
                let (named, missing) = if l.is_some() {
                    ("left-hand", "right-hand")
                } else {
                    ("right-hand", "left-hand")
                };
                say(
                    "trumps",
                    None,
                    format!(
                        "the {named} opponent's trumps are named but not the {missing} opponent's: name both, or neither after a misère"
                    ),
                );
            }
            None
        }
    }
}

/// A count field read, or 0 with its problem said ("{what}: why").
pub(super) fn number(
    text: &str,
    max: u32,
    seat: Option<Seat>,
    what: &str,
    say: &mut Say<'_>,
) -> u32 {
    count(text, max).unwrap_or_else(|why| {
        say("number", seat, format!("{what}: {why}"));
        0
    })
}

/// Four counts by suit as typed, each at most `max` ("{who}'s spades {what}: why").
pub(super) fn read_suits(
    values: &[String; 4],
    max: u32,
    seat: Option<Seat>,
    who: &str,
    what: &str,
    say: &mut Say<'_>,
) -> SuitCounts {
    let mut c = SuitCounts::default();
    for s in SUITS_SHOWN {
        let name = s.name().to_lowercase();
        c.0[s.index()] = number(
            &values[s.index()],
            max,
            seat,
            &format!("{who}'s {name} {what}"),
            say,
        ) as u8;
    }
    c
}

/// A stored hand's calls and opponents' trumps as the form types them.
pub(super) fn typed_calls(calls: Option<&[Call]>, trumps: Option<[Suit; 2]>) -> [String; 3] {
    let [lho, rho] = trumps.map_or([String::new(), String::new()], |t| {
        t.map(|s| s.letter().to_string())
    });
    let calls = calls.map_or_else(String::new, |c| {
        c.iter().map(Call::token).collect::<Vec<_>>().join(" ")
    });
    [calls, lho, rho]
}

/// The tokens of a calls text.
pub(super) fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
}

/// A count as typed: blank is 0; not a number, below 0 or above `max` is refused, saying why.
pub(super) fn count(text: &str, max: u32) -> Result<u32, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(0);
    }
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("\"{t}\" is not a number"));
    }
    if negative && digits.bytes().any(|b| b != b'0') {
        return Err(format!("\"{t}\" is below 0"));
    }
    match digits.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!("\"{t}\" is more than {max}")),
    }
}

impl AuctionForm {
    /// Takes a field of this form (`a3_calls`, `a3_pile_2`, `a3_prog_2_S`, ...); false if
    /// the key is not one (or names a hand past the last).
    pub fn take(&mut self, key: &str, value: String) -> bool {
        if key.starts_with("su_") {
            return self.setup.take(&PLAYER_SETUP, key, value);
        }
        take_hand(&mut self.hands, key, value)
    }

    /// Every field typed, as `take` reads it (to keep the input, or to rebuild the form).
    pub fn pairs(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        hand_pairs(&self.hands, &mut out);
        self.setup.pairs(&PLAYER_SETUP, &mut out);
        out
    }

    /// Hands filled in: up to the last whose calls are typed.
    pub fn typed(&self) -> usize {
        hands_typed(&self.hands)
    }

    /// The report of each hand typed, as the engine's summary holds them (its problems
    /// pushed: each names the hand, and the player when about one).
    pub fn read(&self, problems: &mut Vec<Problem>) -> Vec<HandReport> {
        read_hands(
            &self.hands,
            problems,
            "the calls, each player's trick pile, calypsos and cards in progress",
            |k, h, p| h.read(k, p),
        )
    }

    /// The engine's summary of the hands typed: the form's game, player 1 dealing first,
    /// with the setup typed (none when blank; the engine holds it to the event's).
    pub fn summary(&self, problems: &mut Vec<Problem>) -> AuctionSummary {
        let (setup, setup_calypsos) = self.setup.read(&PLAYER_SETUP, problems);
        AuctionSummary {
            setup,
            setup_calypsos,
            ..summary_of(self.read(problems))
        }
    }

    /// The form a stored game came from, hand by hand.
    pub fn from_summary(a: &AuctionSummary) -> AuctionForm {
        AuctionForm {
            hands: a
                .hands
                .iter()
                .take(MAX_AUCTION_HANDS)
                .enumerate()
                .map(|(i, r)| AuctionHandForm::from_report(i + 1, r))
                .collect(),
            setup: SetupForm::of(&a.setup, a.setup_calypsos),
        }
    }

    /// The lines to show: every hand typed, then the next. The next starts where the last
    /// ended (its calypsos and cards in progress copied; calls, trumps, piles and sale
    /// blank), unless something of it is typed already.
    pub fn with_next(&self) -> Vec<AuctionHandForm> {
        hands_with_next(&self.hands, || {
            // Hand 1 starts from the setup.
            let mut next = AuctionHandForm::default();
            for (n, l) in next.players.iter_mut().zip(self.setup.lines()) {
                n.in_progress = l;
            }
            next
        })
    }
}

/// The summary of these reports in the form's game (player 1 deals first, no setup).
pub fn summary_of(hands: Vec<HandReport>) -> AuctionSummary {
    AuctionSummary {
        first_dealer: FIRST_DEALER,
        setup: [None; PLAYERS],
        setup_calypsos: 0,
        hands,
    }
}

/// One call as a chip: who made it ("1" to "3", or "N" to "W" at four) and what it was ("1
/// calypso and 200 spades"), or a token that is not a call, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallChip {
    pub who: String,
    pub label: String,
    pub bad: bool,
}

/// A count field of one suit (a calypso in progress's cards, or calypsos so far).
pub struct SuitField {
    pub letter: char,
    pub symbol: char,
    pub red: bool,
    /// "spades", for the field's label.
    pub name: String,
    pub value: String,
    /// A hand's field: its key after `a{k}_` ("prog_2_S", "calypsos_NS_H"), and what it
    /// says to a screen reader ("spades in progress").
    pub field: String,
    pub label: String,
    /// The most it takes (0: no bound shown).
    pub max: u32,
}

/// One player's column of a hand.
pub struct AuctionPlayerView {
    /// 1 to 3.
    pub n: usize,
    /// The caller's display name, "1 · Ann Lee".
    pub name: String,
    pub pile: String,
    pub calypsos: String,
    /// ♠ ♥ ♦ ♣.
    pub in_progress: Vec<SuitField>,
    /// A problem is about this player (the fields are marked).
    pub flagged: bool,
}

/// A hand's auction on the page (`templates/_auction_calls.html`): its calls with the call
/// pad, and the opponents' trumps; the three-hander's and the partnership game's alike.
pub struct CallsView {
    pub hand: usize,
    /// The dealer's position, 1-based (1 to 3, or North 1 to West 4).
    pub dealer: usize,
    /// The dealer as named: "player 1", "North".
    pub dealer_name: String,
    /// Who calls first (the dealer's left), as named.
    pub eldest: String,
    /// The callers as chips name them, by position, space separated: "1 2 3", "N E S W"
    /// (for the call pad's script).
    pub callers: String,
    /// The calls as typed.
    pub calls: String,
    /// An example for the empty field: a bid, then the passes that end the auction.
    pub example: String,
    pub chips: Vec<CallChip>,
    /// The auction's state when the calls read: "player 3 to call", "misère", "player 2
    /// declares 200 spades, doubled"; blank otherwise.
    pub state: String,
    /// The opponents' trumps as suit buttons, then "none".
    pub lho: Vec<Chip>,
    pub rho: Vec<Chip>,
    /// "player 3" when the declarer is known.
    pub lho_who: String,
    pub rho_who: String,
}

/// One hand on the page.
pub struct AuctionLineView {
    pub hand: usize,
    /// The dealer's position, 1 to 3.
    pub dealer: usize,
    pub call: CallsView,
    pub players: Vec<AuctionPlayerView>,
    pub sold: String,
    pub problems: Vec<String>,
}

/// One hand's points by player (or by partnership, in the game of four) and the running
/// totals after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuctionRow {
    pub hand: usize,
    /// "player 2: 200 spades doubled", "misère"; blank when not known.
    pub contract: String,
    /// Whether the declarer made it (None in misère).
    pub made: Option<bool>,
    pub points: Vec<i64>,
    pub running: Vec<i64>,
}

impl AuctionRow {
    /// "made", "failed", or blank.
    pub fn verdict(&self) -> &'static str {
        match self.made {
            Some(true) => "made",
            Some(false) => "failed",
            None => "",
        }
    }

    /// Each player's (or partnership's) points and running total, player 1 (N-S) first.
    pub fn cells(&self) -> Vec<(i64, i64)> {
        self.points
            .iter()
            .copied()
            .zip(self.running.iter().copied())
            .collect()
    }
}

/// The form's hands and the running score, as the page shows them.
pub struct AuctionView {
    /// Hands agreed for the game (0 when not known: every line is shown).
    pub agreed: usize,
    /// Hands filled in.
    pub typed: usize,
    /// Hands typed, then the next (none past the agreed).
    pub lines: Vec<AuctionLineView>,
    pub running: Vec<AuctionRow>,
    /// Display names, player 1 first: "1 · Ann Lee".
    pub players: [String; PLAYERS],
    /// The setup step before hand 1, when the event agreed one (see
    /// [`AuctionView::with_setup`]).
    pub setup: Option<SetupView>,
    /// The setup as typed, for [`AuctionView::with_setup`].
    setup_form: SetupForm,
}

/// One line of the setup step: every player's (once for all) or one player's.
pub struct SetupLineView {
    /// The fields' key part: `all`, `1`, `2`, `3`.
    pub key: String,
    /// "Every player", "1 · Ann Lee".
    pub label: String,
    /// ♠ ♥ ♦ ♣.
    pub suits: Vec<SuitField>,
}

/// The setup step before hand 1: the cards of each calypso in progress each player (or
/// partnership) starts with, and the calypsos found complete in the setup.
pub struct SetupView {
    /// ", once for all three players" (when one line stands for all), or empty.
    pub once: &'static str,
    /// "500 to everyone for each".
    pub bonus: &'static str,
    /// "balanced random", "fully random", "standardised".
    pub name: String,
    /// What the table does, in a sentence.
    pub how: String,
    /// Standardised: the counts are fixed (shown read-only).
    pub fixed: bool,
    pub lines: Vec<SetupLineView>,
    pub calypsos: String,
    /// Hand 1 is not typed yet: the step is shown open.
    pub open: bool,
}

/// A line of cards in progress left blank takes the standardised setup's counts (the same
/// in every suit).
pub(super) fn standard_start(in_progress: &mut [SuitField]) {
    if in_progress.iter().all(|s| s.value.trim().is_empty()) {
        for s in in_progress {
            s.value = STANDARDISED_COUNTS.0[0].to_string();
        }
    }
}

/// The setup step for the setup the event agreed: none without one; one line for all in
/// balanced random, read-only and filled in when standardised; a line each (`labels`) in
/// fully random. `open` while hand 1 is not typed.
pub(super) fn setup_view<const N: usize>(
    kind: SetupKind,
    f: &SetupForm<N>,
    h: &SetupHolders<N>,
    labels: &[String; N],
    open: bool,
) -> Option<SetupView> {
    let (once, fixed, how) = match kind {
        SetupKind::None => return None,
        SetupKind::Balanced => (true, false, h.how[0]),
        SetupKind::FullyRandom => (false, false, h.how[1]),
        SetupKind::Standardised => (true, true, h.how[2]),
    };
    let standard = Suit::ALL.map(|s| STANDARDISED_COUNTS.get(s).to_string());
    let typed = |line: &[String; 4]| line.iter().any(|v| !v.trim().is_empty());
    let line = |key: String, label: String, values: &[String; 4]| SetupLineView {
        key,
        label,
        suits: suit_fields(values, "", |_| String::new(), MAX_PROGRESS),
    };
    let lines = if once {
        let values = if fixed && !typed(&f.all) {
            standard.clone()
        } else if typed(&f.all) {
            f.all.clone()
        } else {
            f.players[0].clone()
        };
        vec![line("all".into(), h.every.into(), &values)]
    } else {
        let rows = f.lines();
        (0..N)
            .map(|p| line(h.keys[p].to_string(), labels[p].clone(), &rows[p]))
            .collect()
    };
    Some(SetupView {
        once: if once { h.once } else { "" },
        bonus: h.bonus,
        name: kind.name().to_string(),
        how: how.to_string(),
        fixed,
        lines,
        calypsos: if fixed {
            String::new()
        } else {
            f.calypsos.clone()
        },
        open,
    })
}

impl AuctionView {
    /// The form laid out for the page, each hand with its problems (those whose `deal` is
    /// that hand).
    pub fn new(
        form: &AuctionForm,
        agreed: usize,
        problems: &[Problem],
        running: Vec<AuctionRow>,
        players: [String; PLAYERS],
    ) -> AuctionView {
        let lines = lines_shown(form.with_next(), agreed, problems, |k, h, mine| {
            line_view(k, h, mine, &players)
        });
        AuctionView {
            agreed,
            typed: form.typed(),
            lines,
            running,
            players,
            setup: None,
            setup_form: form.setup.clone(),
        }
    }

    /// The setup step for the setup the event agreed: none without one; one line for all
    /// three players in balanced random, read-only and filled in when standardised; a line
    /// each in fully random. Hand 1's cards in progress start from it, when not typed yet.
    pub fn with_setup(mut self, kind: SetupKind) -> AuctionView {
        self.setup = setup_view(
            kind,
            &self.setup_form,
            &PLAYER_SETUP,
            &self.players,
            self.typed == 0,
        );
        // Hand 1 not typed yet starts from the standardised cards.
        if kind == SetupKind::Standardised
            && self.typed == 0
            && let Some(first) = self.lines.first_mut()
        {
            for p in &mut first.players {
                standard_start(&mut p.in_progress);
            }
        }
        self
    }

    /// The running score's columns: the players.
    pub fn columns(&self) -> &[String] {
        &self.players
    }

    /// The line shown last is the game's last hand: the button enters the result.
    pub fn last(&self) -> bool {
        self.agreed > 0 && self.lines.len() >= self.agreed
    }

    /// The hand the button checks (the last line shown).
    pub fn shown(&self) -> usize {
        self.lines.len()
    }
}

/// The calls as chips, each with its caller; and the auction's state when they all read.
fn chips(table: &CallTable, dealer: Seat, text: &str) -> (Vec<CallChip>, Option<Auction>) {
    let mut out = Vec::new();
    let mut calls = Vec::new();
    for (i, token) in tokens(text).take(table.max_calls).enumerate() {
        let who = (table.caller)(dealer.left_by(1 + i % table.players, table.players));
        match Call::parse_token(token) {
            Ok(c) => {
                calls.push(c);
                out.push(CallChip {
                    who,
                    label: c.to_string(),
                    bad: false,
                });
            }
            Err(_) => out.push(CallChip {
                who,
                label: token.to_string(),
                bad: true,
            }),
        }
    }
    let auction = (calls.len() == out.len())
        .then(|| (table.run)(dealer, &calls).ok())
        .flatten();
    (out, auction)
}

fn trump_chips(typed: &str) -> Vec<Chip> {
    let t = typed.trim().parse::<Suit>().ok();
    SUITS_SHOWN
        .iter()
        .map(|&s| Chip {
            value: s.letter().to_string(),
            label: s.symbol().to_string(),
            on: t == Some(s),
            red: s.is_red(),
        })
        .chain([Chip {
            value: String::new(),
            label: "none".into(),
            on: false,
            red: false,
        }])
        .collect()
}

/// The lines a form shows (hands typed and the next, none past the `agreed`, 0 for not
/// known), each laid out by `view` (hand number, line, its problems: those whose `deal` is
/// that hand).
pub(super) fn lines_shown<H, L>(
    mut hands: Vec<H>,
    agreed: usize,
    problems: &[Problem],
    mut view: impl FnMut(usize, &H, &[&Problem]) -> L,
) -> Vec<L> {
    if agreed > 0 {
        hands.truncate(agreed);
    }
    hands
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let k = i + 1;
            let mine: Vec<&Problem> = problems
                .iter()
                .filter(|p| p.deal == Some(k as i64))
                .collect();
            view(k, h, &mine)
        })
        .collect()
}

/// Four count fields by suit, ♠ ♥ ♦ ♣, from values by [`Suit::index`]: a hand's fields
/// `{field}_S`..., labelled by `label` of the suit's name, at most `max` (0: unbounded).
pub(super) fn suit_fields(
    values: &[String; 4],
    field: &str,
    label: impl Fn(&str) -> String,
    max: u32,
) -> Vec<SuitField> {
    SUITS_SHOWN
        .iter()
        .map(|&s| {
            let name = s.name().to_lowercase();
            SuitField {
                letter: s.letter(),
                symbol: s.symbol(),
                red: s.is_red(),
                field: format!("{field}_{}", s.letter()),
                label: label(&name),
                max,
                name,
                value: values[s.index()].clone(),
            }
        })
        .collect()
}

/// Hand `k`'s auction as the page shows it: the calls typed as chips, the auction's state,
/// and the opponents' trumps with who they are once the declarer is known.
pub(super) fn calls_view(
    table: &CallTable,
    k: usize,
    dealer: Seat,
    calls: &str,
    lho: &str,
    rho: &str,
) -> CallsView {
    let (chips, auction) = chips(table, dealer, calls);
    let (state, declarer) = match auction.map(|a| a.state()) {
        Some(AuctionState::Open { to_call }) if !chips.is_empty() => {
            (format!("{} to call", table.name(to_call)), None)
        }
        Some(AuctionState::Won(c)) => (
            format!("{} declares {}", table.name(c.declarer), contract_words(&c)),
            Some(c.declarer),
        ),
        Some(AuctionState::Misere) => ("misère".into(), None),
        _ => (String::new(), None),
    };
    let n = table.players;
    CallsView {
        hand: k,
        dealer: dealer.index() + 1,
        dealer_name: table.name(dealer),
        eldest: table.name(dealer.left(n)),
        callers: Seat::ALL[..n]
            .iter()
            .map(|&s| (table.caller)(s))
            .collect::<Vec<_>>()
            .join(" "),
        calls: calls.to_string(),
        example: format!("pass 170C{}", " pass".repeat(n - 1)),
        chips,
        state,
        lho: trump_chips(lho),
        rho: trump_chips(rho),
        lho_who: declarer.map_or_else(String::new, |d| table.name(d.left(n))),
        rho_who: declarer.map_or_else(String::new, |d| table.name(d.left_by(n - 1, n))),
    }
}

fn line_view(
    k: usize,
    h: &AuctionHandForm,
    problems: &[&Problem],
    names: &[String; PLAYERS],
) -> AuctionLineView {
    let dealer = AuctionSpec::dealer_of_hand(k);
    AuctionLineView {
        hand: k,
        dealer: dealer.index() + 1,
        call: calls_view(&THREE, k, dealer, &h.calls, &h.lho, &h.rho),
        players: (0..PLAYERS)
            .map(|p| {
                let l = &h.players[p];
                AuctionPlayerView {
                    n: p + 1,
                    name: names[p].clone(),
                    pile: l.pile.clone(),
                    calypsos: l.calypsos.clone(),
                    in_progress: suit_fields(
                        &l.in_progress,
                        &format!("prog_{}", p + 1),
                        |s| format!("{s} in progress"),
                        MAX_PROGRESS,
                    ),
                    flagged: problems.iter().any(|x| x.seat == Some(SEATS[p])),
                }
            })
            .collect(),
        sold: h.sold.clone(),
        problems: problems.iter().map(|p| p.message.clone()).collect(),
    }
}

/// "200 spades doubled".
pub(super) fn contract_words(c: &auction::Contract) -> String {
    match c.doubling {
        Doubling::Undoubled => c.bid.to_string(),
        Doubling::Doubled => format!("{} doubled", c.bid),
        Doubling::Redoubled => format!("{} redoubled", c.bid),
    }
}

/// The engine's score as the running table's rows.
pub fn rows(score: &AuctionScore) -> Vec<AuctionRow> {
    score
        .hands
        .iter()
        .map(|h| AuctionRow {
            hand: h.hand,
            contract: match h.outcome {
                Some(AuctionEnd::Misere) => "misère".into(),
                Some(AuctionEnd::Contract(c)) => {
                    format!("{}: {}", player_name(c.declarer), contract_words(&c))
                }
                None => String::new(),
            },
            made: h.made,
            points: h.players.iter().map(|p| p.total).collect(),
            running: h.running.to_vec(),
        })
        .collect()
}

/// The hand by hand score of a stored Auction result: its breakdown, as the engine scored
/// it. Empty for any other.
pub fn auction_report(breakdown: Option<&Breakdown>) -> Vec<AuctionRow> {
    match breakdown {
        Some(Breakdown::Auction(score)) => rows(score),
        _ => Vec::new(),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The form of a game's JSON (`{"auction": ...}` or the summary itself); an empty form
    /// for JSON that is no game.
    fn form_of_json(v: &serde_json::Value) -> AuctionForm {
        let a = if v["auction"].is_object() {
            &v["auction"]
        } else {
            v
        };
        serde_json::from_value::<AuctionSummary>(a.clone())
            .map(|a| AuctionForm::from_summary(&a))
            .unwrap_or_default()
    }
    use crate::engine::auction::random::random_game_from;
    use crate::engine::auction::{Bid, Setup, check};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A form of these fields, each taken by `take` (the three-hander's or the partnership
    /// game's).
    pub(in crate::event::forms) fn typed<F: Default>(
        pairs: &[(&str, &str)],
        take: fn(&mut F, &str, String) -> bool,
    ) -> F {
        let mut f = F::default();
        for (k, v) in pairs {
            assert!(take(&mut f, k, v.to_string()), "{k} is a field of the form");
        }
        f
    }

    fn form(pairs: &[(&str, &str)]) -> AuctionForm {
        typed(pairs, AuctionForm::take)
    }

    pub(in crate::event::forms) fn messages(problems: &[Problem]) -> Vec<&str> {
        problems.iter().map(|p| p.message.as_str()).collect()
    }

    /// Hand 1, player 1 deals: player 2 passes, player 3 bids 170 clubs, players 1 and 2
    /// pass. Player 3 names hearts for player 1 (left) and diamonds for player 2.
    fn one_hand() -> Vec<(&'static str, &'static str)> {
        vec![
            ("a1_calls", "pass 170C, pass p"),
            ("a1_lho", "H"),
            ("a1_rho", "d"),
            ("a1_pile_1", "15"),
            ("a1_pile_2", "18"),
            ("a1_pile_3", "17"),
            ("a1_prog_3_C", "1"),
        ]
    }

    #[test]
    fn the_same_arrangement_placed_in_front_of_both_other_players() {
        // Balanced random, typed once for all three: each player starts with it, hand 1
        // starts from it, and the fields come back as typed.
        let mut pairs = one_hand();
        pairs.extend([
            ("su_all_S", "6"),
            ("su_all_H", "5"),
            ("su_all_D", "7"),
            ("su_all_C", "0"),
        ]);
        let f = form(&pairs);
        assert!(!f.clone().take("su_4_S", "1".into()), "no player 4");
        assert!(!f.clone().take("su_all_X", "1".into()), "no suit X");
        let mut problems = Vec::new();
        let s = f.summary(&mut problems);
        let start = SuitCounts([0, 7, 5, 6]);
        assert_eq!(s.setup, [Some(start); PLAYERS]);
        assert_eq!(s.setup_calypsos, 0);
        let mut back = AuctionForm::default();
        for (k, v) in f.pairs() {
            assert!(back.take(&k, v));
        }
        assert_eq!(back, f);
        assert_eq!(AuctionForm::from_summary(&s).setup.all, f.setup.all);
        let fresh = form(&[("su_all_S", "6"), ("su_all_D", "7")]);
        let next = fresh.with_next();
        assert_eq!(next[0].players[2].in_progress[Suit::Spades.index()], "6");
        assert_eq!(next[0].players[1].in_progress[Suit::Diamonds.index()], "7");
        // The engine holds the counts to the setup agreed: the clubs bid was made from
        // nothing, so the balanced setup checks.
        let spec = AuctionSpec::new(3).unwrap().with_setup(SetupKind::Balanced);
        let codes: Vec<&str> = check(&spec, &s).iter().map(|p| p.code).collect();
        assert!(!codes.iter().any(|c| c.starts_with("setup-")), "{codes:?}");
        // A line each that differ, and a count that is no number.
        let f = form(&[
            ("su_1_S", "6"),
            ("su_2_S", "5"),
            ("su_3_S", "x"),
            ("su_calypsos", "1"),
        ]);
        let mut problems = Vec::new();
        let s = f.summary(&mut problems);
        assert!(
            messages(&problems)
                .contains(&"setup: player 3's spades calypso in progress: \"x\" is not a number"),
            "{problems:?}"
        );
        assert_eq!(s.setup_calypsos, 1);
        let codes: Vec<&str> = check(&spec, &s).iter().map(|p| p.code).collect();
        assert!(codes.contains(&"setup-not-balanced"), "{codes:?}");
    }

    #[test]
    fn a_hand_typed_by_hand_is_checked_and_scored_by_the_engine() {
        let f = form(&one_hand());
        let mut problems = Vec::new();
        let reports = f.read(&mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(reports.len(), 1);
        let r = &reports[0];
        assert_eq!(r.calls.as_ref().map(Vec::len), Some(4));
        assert_eq!(r.opponents_trumps, Some([Suit::Hearts, Suit::Diamonds]));
        assert_eq!(r.players[2].unwrap().in_progress.get(Suit::Clubs), 1);
        let spec = AuctionSpec::new(3).unwrap();
        let summary = summary_of(reports);
        assert_eq!(check(&spec, &summary), vec![], "the engine takes the hand");
        let score = auction::score(&spec, &summary);
        let rows = rows(&score);
        assert_eq!(rows[0].contract, "player 3: 170 clubs");
        assert_eq!(rows[0].made, Some(true));
        // The defenders' 33 cards: 165 each; the declarer 170 in cards and 170 bid.
        assert_eq!(rows[0].points, [165, 165, 340]);
        assert_eq!(rows[0].running, rows[0].points);
    }

    #[test]
    fn random_games_read_back_from_their_stored_sheet_and_check_clean() {
        let spec = AuctionSpec::new(6).unwrap();
        for seed in 0..8 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (_, outcome) = random_game_from(&spec, FIRST_DEALER, &Setup::default(), &mut rng);
            let mut stored = outcome.summary.clone();
            // The form does not ask for the bonus's cards needed: the engine counts them.
            for r in &mut stored.hands {
                r.needed = None;
            }
            let sheet = serde_json::json!({ "auction": stored });
            let f = form_of_json(&sheet);
            assert_eq!(f.typed(), 6, "seed {seed}");
            let mut problems = Vec::new();
            let reports = f.read(&mut problems);
            assert!(problems.is_empty(), "seed {seed}: {problems:?}");
            assert_eq!(reports, stored.hands, "seed {seed}");
            let summary = summary_of(reports);
            assert_eq!(check(&spec, &summary), vec![], "seed {seed}");
            assert_eq!(
                auction::score(&spec, &summary),
                outcome.score,
                "seed {seed}"
            );
            // Through the form's own fields too.
            let mut again = AuctionForm::default();
            for (k, v) in f.pairs() {
                assert!(again.take(&k, v), "{k}");
            }
            assert_eq!(again, f);
            // And the stored result's running score, from the report read back.
            let crate::event::results::TableReport::Auction(read) =
                crate::event::results::TableReport::of_json(sheet.clone())
            else {
                panic!("seed {seed}: an Auction report reads as one");
            };
            let breakdown = Breakdown::Auction(auction::score(&spec, &read));
            let rows = auction_report(Some(&breakdown));
            assert_eq!(rows.len(), 6);
            assert_eq!(rows[5].running, outcome.score.totals, "seed {seed}");
        }
    }

    #[test]
    fn from_json_of_read_round_trips() {
        let mut pairs = one_hand();
        pairs.extend([
            ("a2_calls", "pass pass pass"),
            ("a2_pile_1", "18"),
            ("a2_pile_2", "18"),
            ("a2_pile_3", "15"),
            ("a2_prog_3_C", "1"),
        ]);
        let f = form(&pairs);
        let mut problems = Vec::new();
        let reports = f.read(&mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        let sheet = serde_json::json!({ "auction": summary_of(reports.clone()) });
        let back = form_of_json(&sheet);
        assert_eq!(back.hands[0].calls, "pass 170C pass pass");
        assert_eq!(back.hands[1].calls, "pass pass pass");
        assert_eq!(
            (back.hands[0].lho.as_str(), back.hands[0].rho.as_str()),
            ("H", "D")
        );
        assert_eq!(back.hands[1].lho, "");
        let mut again = Vec::new();
        assert_eq!(back.read(&mut again), reports);
        assert!(again.is_empty(), "{again:?}");
        let spec = AuctionSpec::new(3).unwrap();
        assert_eq!(check(&spec, &summary_of(reports)), vec![]);
    }

    #[test]
    fn a_hand_given_by_its_contract_gets_the_shortest_auction() {
        use crate::engine::auction::Contract;
        // Hand 2: player 2 deals, player 3 is eldest.
        for (declarer, doubling) in [
            (Seat::North, Doubling::Redoubled),
            (Seat::East, Doubling::Doubled),
            (Seat::South, Doubling::Undoubled),
        ] {
            let c = Contract {
                declarer,
                bid: Bid::new(1, 20, Suit::Spades),
                doubling,
            };
            let calls = AuctionEnd::Contract(c)
                .shortest_auction(AuctionSpec::dealer_of_hand(2))
                .unwrap();
            let a = Auction::run(AuctionSpec::dealer_of_hand(2), &calls).unwrap();
            assert_eq!(a.state(), AuctionState::Won(c));
        }
        let json = serde_json::json!({"auction": {"first_dealer": "1", "reports": [
            {"contract": "misere", "players": {}},
            {"contract": {"declarer": "1", "calypsos": 0, "points": 200, "suit": "S",
                "doubling": "doubled"}, "opponents_trumps": ["H", "D"], "players": {}},
            {"contract": {"declarer": "1", "points": 100, "suit": "S"}, "players": {}},
        ]}});
        let f = form_of_json(&json);
        assert_eq!(f.hands[0].calls, "pass pass pass");
        // Player 3 eldest passes, player 1 bids, player 2 doubles, two passes.
        assert_eq!(f.hands[1].calls, "pass 200S double pass pass");
        // 100 points with no calypso is no bid: left blank.
        assert_eq!(f.hands[2].calls, "");
        assert_eq!(f.typed(), 2);
    }

    #[test]
    fn each_bad_field_is_named_with_its_hand_and_player() {
        let mut pairs = one_hand();
        pairs.extend([
            ("a2_calls", "pass pass pass"),
            ("a2_pile_3", "x"),
            ("a2_pile_1", "-1"),
            ("a2_calypsos_2", "201"),
            ("a2_prog_1_H", "13"),
            ("a2_prog_2_S", "1.5"),
            ("a2_sold", "99"),
            ("a2_lho", "Q"),
            ("a3_calls", "pass 17OC"),
            ("a3_lho", "S"),
        ]);
        let f = form(&pairs);
        let mut problems = Vec::new();
        f.read(&mut problems);
        let said: Vec<(&str, &str, Option<Seat>, Option<i64>)> = problems
            .iter()
            .map(|p| (p.code, p.message.as_str(), p.seat, p.deal))
            .collect();
        assert_eq!(
            said,
            vec![
                (
                    "trumps",
                    "hand 2: the left-hand opponent's trumps: \"Q\" is not a suit (S, H, D or C)",
                    None,
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: player 1's trick pile: \"-1\" is below 0",
                    Some(Seat::North),
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: player 1's hearts calypso in progress: \"13\" is more than 12",
                    Some(Seat::North),
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: player 2's calypsos so far: \"201\" is more than 200",
                    Some(Seat::East),
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: player 2's spades calypso in progress: \"1.5\" is not a number",
                    Some(Seat::East),
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: player 3's trick pile: \"x\" is not a number",
                    Some(Seat::South),
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: cards sold: \"99\" is more than 12",
                    None,
                    Some(2)
                ),
                (
                    "call",
                    "hand 3: \"17OC\" is not a call: use pass, double, redouble or a bid like 170C or 1+200S",
                    None,
                    Some(3)
                ),
                (
                    "trumps",
                    "hand 3: the left-hand opponent's trumps are named but not the right-hand opponent's: name both, or neither after a misère",
                    None,
                    Some(3)
                ),
            ]
        );
    }

    #[test]
    fn the_auction_is_checked_in_the_engines_words() {
        // Hand 1: player 2 bids 170 spades, player 3's 170 clubs does not outrank it.
        let f = form(&[("a1_calls", "170S 170C")]);
        let mut problems = Vec::new();
        f.read(&mut problems);
        assert_eq!(
            messages(&problems),
            vec!["hand 1: call 2, player 3's 170 clubs: 170 clubs does not outrank 170 spades"]
        );
        assert_eq!(
            (problems[0].code, problems[0].seat),
            ("call", Some(Seat::South))
        );
        // An auction not over.
        let f = form(&[("a1_calls", "pass 170C")]);
        let mut problems = Vec::new();
        f.read(&mut problems);
        assert_eq!(
            messages(&problems),
            vec!["hand 1: the auction is not over: player 1 is to call"]
        );
        assert_eq!(problems[0].code, "auction-open");
        // Hand 2 is dealt by player 2: player 3 speaks first, and may not double nothing.
        let f = form(&[("a1_calls", "p p p"), ("a2_calls", "x")]);
        let mut problems = Vec::new();
        f.read(&mut problems);
        assert_eq!(
            messages(&problems),
            vec!["hand 2: call 1, player 3's double: nothing to double: there is no bid"]
        );
    }

    #[test]
    fn a_blank_hand_between_typed_ones_and_an_empty_form_are_problems() {
        let f = form(&[
            ("a1_calls", "p p p"),
            ("a2_pile_1", "3"),
            ("a3_calls", "p p p"),
        ]);
        let mut problems = Vec::new();
        let reports = f.read(&mut problems);
        assert_eq!(reports.len(), 3, "every hand keeps its place");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(
            (problems[0].code, problems[0].deal),
            ("hand-missing", Some(2))
        );
        assert!(
            problems[0]
                .message
                .starts_with("hand 2: the calls are blank")
        );
        let mut problems = Vec::new();
        assert!(AuctionForm::default().read(&mut problems).is_empty());
        assert_eq!(
            messages(&problems),
            vec![
                "fill in hand 1: the calls, each player's trick pile, calypsos and cards in progress"
            ]
        );
        assert_eq!(
            (problems[0].code, problems[0].deal),
            ("hands-missing", Some(1))
        );
    }

    #[test]
    fn no_field_past_the_last_hand_is_read() {
        let mut f = AuctionForm::default();
        assert!(!f.take("a61_calls", "pass".into()));
        assert!(!f.take("a0_calls", "pass".into()));
        assert!(!f.take("a999999999999_calls", "pass".into()));
        assert!(!f.take("a+1_calls", "pass".into()));
        assert!(!f.take("a1_pile_4", "3".into()));
        assert!(!f.take("a1_prog_1_X", "3".into()));
        assert!(!f.take("a1_colour", "red".into()));
        assert!(!f.take("h1_calypsos_N", "1".into()));
        assert!(f.hands.is_empty(), "nothing was allocated");
        assert!(f.take("a60_sold", "1".into()));
        assert_eq!(f.hands.len(), MAX_AUCTION_HANDS);
        assert!(f.take("a1_prog_2_S", "4".into()));
        assert_eq!(f.hands[0].players[1].in_progress[Suit::Spades.index()], "4");
        // Nor past the engine's longest auction.
        let mut f = AuctionForm::default();
        f.take("a1_calls", "pass ".repeat(MAX_CALLS + 10));
        let mut problems = Vec::new();
        let r = f.read(&mut problems);
        assert_eq!(r[0].calls.as_ref().map(Vec::len), Some(MAX_CALLS));
        assert_eq!(
            messages(&problems),
            vec![format!("hand 1: more than {MAX_CALLS} calls: no auction is longer").as_str()]
        );
    }

    #[test]
    fn the_next_hand_starts_where_the_last_ended() {
        let f = form(&[
            ("a1_calls", "p p p"),
            ("a1_pile_1", "18"),
            ("a1_calypsos_2", "1"),
            ("a1_prog_3_H", "7"),
            ("a1_prog_1_S", "2"),
            ("a1_sold", "0"),
            ("a1_lho", "S"),
        ]);
        let lines = f.with_next();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], f.hands[0]);
        let next = &lines[1];
        assert_eq!(next.players[1].calypsos, "1");
        assert_eq!(next.players[2].in_progress[Suit::Hearts.index()], "7");
        assert_eq!(next.players[0].in_progress[Suit::Spades.index()], "2");
        assert_eq!(next.players[0].pile, "");
        assert_eq!(
            (next.calls.as_str(), next.lho.as_str(), next.sold.as_str()),
            ("", "", "")
        );
        // A next hand with something typed is kept as typed.
        let mut g = f.clone();
        g.take("a2_pile_1", "9".into());
        assert_eq!(g.with_next()[1], g.hands[1]);
        // Nothing typed: one blank hand.
        assert_eq!(
            AuctionForm::default().with_next(),
            vec![AuctionHandForm::default()]
        );
    }

    #[derive(askama::Template)]
    #[template(path = "_auction_hands.html")]
    struct Page {
        e: Board,
        a: AuctionView,
    }

    /// What the hands' templates read of the page's entry.
    pub(in crate::event::forms) struct Board {
        pub board: u32,
    }

    #[test]
    fn the_page_shows_the_hands_the_chips_and_the_running_score() {
        use askama::Template;
        let mut pairs = one_hand();
        pairs.extend([
            ("a2_calls", "pass pass pass"),
            ("a2_pile_1", "18"),
            ("a2_pile_2", "18"),
            ("a2_pile_3", "x"),
            ("a2_prog_3_C", "1"),
        ]);
        let f = form(&pairs);
        let mut problems = Vec::new();
        let reports = f.read(&mut problems);
        assert_eq!(problems.len(), 1);
        let spec = AuctionSpec::new(3).unwrap();
        let running = rows(&auction::score(&spec, &summary_of(reports)));
        let names = ["1 · Ann Lee", "2 · Bo", "3 · Cy"].map(String::from);
        let a = AuctionView::new(&f, 3, &problems, running, names);
        assert_eq!((a.typed, a.shown(), a.last()), (2, 3, true));
        assert_eq!(a.lines[0].call.state, "player 3 declares 170 clubs");
        assert_eq!(a.lines[0].call.lho_who, "player 1");
        assert_eq!(
            a.lines[2].players[2].in_progress[3].value, "1",
            "carried over"
        );
        let html = Page {
            e: Board { board: 7 },
            a,
        }
        .render()
        .unwrap();
        for want in [
            "name=\"a1_calls\" value=\"pass 170C, pass p\"",
            "name=\"a2_calls\"",
            "name=\"a3_calls\"",
            "id=\"board-7-auction-3\"",
            "Hand 3 of 3 · player 3 deals",
            "name=\"a1_lho\" value=\"H\" checked",
            "name=\"a2_pile_3\"",
            "name=\"a3_prog_3_C\" value=\"1\"",
            "name=\"a1_sold\"",
            "170 clubs",
            "player 3: 170 clubs",
            "1 · Ann Lee",
            "data-call=\"pass\"",
            "data-suit=\"S\"",
            "hand 2: player 3&#39;s trick pile: &#34;x&#34; is not a number",
        ] {
            assert!(html.contains(want), "{want} in\n{html}");
        }
        // Hand 2 has a problem: it is open; hand 1 is folded.
        assert!(
            html.contains("<details class=\"auction-done\" id=\"board-7-hand-2\" open>"),
            "{html}"
        );
        assert!(
            html.contains("<details class=\"auction-done\" id=\"board-7-hand-1\">"),
            "{html}"
        );
    }
}
