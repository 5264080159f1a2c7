//! Partnership Auction Calypso on a table's phone (four players, North-South against
//! East-West; our design, docs/variants.md "Partnership Auction Calypso"): after each hand
//! the table types its calls, the trumps the declarer named for the opponents, each
//! partnership's trick pile from the hand, its calypsos completed so far by suit and the
//! cards of its calypsos in progress, and the cards sold; the engine checks every hand
//! against the one before and keeps the running score by partnership. Kept as typed.
//!
//! Fields, hand `k` (1 to 60) and partnership `p` (`NS` or `EW`): `a{k}_calls`, `a{k}_lho`,
//! `a{k}_rho`, `a{k}_pile_{p}`, `a{k}_calypsos_{p}_{S|H|D|C}`, `a{k}_prog_{p}_{S|H|D|C}`,
//! `a{k}_sold`. The calls read as the three-hander's (`super::auction`), eldest first; the
//! form's game has North deal hand 1, and the deal passes to the left (East deals hand 2).
//! What the two forms share (the calls, the trumps, the counts, the chips, the hands' keys
//! and carrying a hand over to the next) is `super::auction`'s.

use super::auction::{
    AuctionRow, CallTable, CallsView, HandLine, MAX_CALYPSOS, MAX_PROGRESS, MAX_SOLD, Say,
    SetupForm, SetupHolders, SetupView, SuitField, calls_view, contract_words, hand_pairs,
    hands_typed, hands_with_next, lines_shown, number, read_calls, read_hands, read_suits,
    setup_view, standard_start, suit_fields, suit_of_letter, take_hand, typed_calls,
};
use crate::engine::auction::pairs::{
    self, BySide, DEAL, PLAYERS, PairsHandReport, PairsScore, PairsSummary, SIDES, SideLine,
    side_name,
};
use crate::engine::auction::{Auction, AuctionEnd, AuctionState, Call, Doubling, SetupKind};
use crate::engine::{Problem, Seat, Suit};

/// No field of a hand past the most a game has is read.
pub const MAX_PAIRS_HANDS: usize = pairs::MAX_HANDS;
/// The form's game: North deals the first hand.
pub const FIRST_DEALER: Seat = Seat::North;

/// The partnership game's table: callers named by seat, N E S W.
const FOUR: CallTable = CallTable {
    players: PLAYERS,
    max_calls: pairs::MAX_CALLS,
    run: Auction::run_partnership,
    caller: |s| s.letter().to_string(),
};

/// The partnerships' keys in field names, North-South first.
const SIDE_KEYS: [&str; SIDES] = ["NS", "EW"];

/// One partnership's line of a hand, as typed; counts by [`Suit::index`] (C, D, H, S).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideForm {
    /// Trick-pile cards from this hand.
    pub pile: String,
    /// Calypsos completed so far in the game, by suit.
    pub calypsos: [String; 4],
    /// Cards of each calypso in progress after the hand (after any sale).
    pub in_progress: [String; 4],
}

/// One hand as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairsHandForm {
    pub calls: String,
    /// The left-hand opponent's trumps (a suit letter), blank in a misère.
    pub lho: String,
    /// The right-hand opponent's trumps.
    pub rho: String,
    /// North-South, East-West.
    pub sides: [SideForm; SIDES],
    pub sold: String,
}

/// Which field of a hand a key names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PairsField {
    Calls,
    Lho,
    Rho,
    Sold,
    Pile(usize),
    Calypsos(usize, Suit),
    Progress(usize, Suit),
}

fn side_of_key(text: &str) -> Option<usize> {
    SIDE_KEYS.iter().position(|&k| k == text)
}

impl HandLine for PairsHandForm {
    type Field = PairsField;
    const MOST: usize = MAX_PAIRS_HANDS;

    fn fields() -> Vec<PairsField> {
        let mut out = vec![
            PairsField::Calls,
            PairsField::Lho,
            PairsField::Rho,
            PairsField::Sold,
        ];
        for side in 0..SIDES {
            out.push(PairsField::Pile(side));
            out.extend(Suit::ALL.map(|s| PairsField::Calypsos(side, s)));
            out.extend(Suit::ALL.map(|s| PairsField::Progress(side, s)));
        }
        out
    }

    fn field_name(f: PairsField) -> String {
        match f {
            PairsField::Calls => "calls".into(),
            PairsField::Lho => "lho".into(),
            PairsField::Rho => "rho".into(),
            PairsField::Sold => "sold".into(),
            PairsField::Pile(p) => format!("pile_{}", SIDE_KEYS[p]),
            PairsField::Calypsos(p, s) => format!("calypsos_{}_{}", SIDE_KEYS[p], s.letter()),
            PairsField::Progress(p, s) => format!("prog_{}_{}", SIDE_KEYS[p], s.letter()),
        }
    }

    fn parse_field(text: &str) -> Option<PairsField> {
        let by_suit = |rest: &str| -> Option<(usize, Suit)> {
            let (p, s) = rest.split_once('_')?;
            Some((side_of_key(p)?, suit_of_letter(s)?))
        };
        Some(match text {
            "calls" => PairsField::Calls,
            "lho" => PairsField::Lho,
            "rho" => PairsField::Rho,
            "sold" => PairsField::Sold,
            _ => {
                if let Some(p) = text.strip_prefix("pile_") {
                    PairsField::Pile(side_of_key(p)?)
                } else if let Some(rest) = text.strip_prefix("calypsos_") {
                    let (p, s) = by_suit(rest)?;
                    PairsField::Calypsos(p, s)
                } else {
                    let (p, s) = by_suit(text.strip_prefix("prog_")?)?;
                    PairsField::Progress(p, s)
                }
            }
        })
    }

    fn slot(&self, f: PairsField) -> &String {
        match f {
            PairsField::Calls => &self.calls,
            PairsField::Lho => &self.lho,
            PairsField::Rho => &self.rho,
            PairsField::Sold => &self.sold,
            PairsField::Pile(p) => &self.sides[p].pile,
            PairsField::Calypsos(p, s) => &self.sides[p].calypsos[s.index()],
            PairsField::Progress(p, s) => &self.sides[p].in_progress[s.index()],
        }
    }

    fn slot_mut(&mut self, f: PairsField) -> &mut String {
        match f {
            PairsField::Calls => &mut self.calls,
            PairsField::Lho => &mut self.lho,
            PairsField::Rho => &mut self.rho,
            PairsField::Sold => &mut self.sold,
            PairsField::Pile(p) => &mut self.sides[p].pile,
            PairsField::Calypsos(p, s) => &mut self.sides[p].calypsos[s.index()],
            PairsField::Progress(p, s) => &mut self.sides[p].in_progress[s.index()],
        }
    }

    fn calls(&self) -> &str {
        &self.calls
    }

    fn carried(&self) -> PairsHandForm {
        let mut next = PairsHandForm::default();
        for (n, l) in next.sides.iter_mut().zip(&self.sides) {
            n.calypsos = l.calypsos.clone();
            n.in_progress = l.in_progress.clone();
        }
        next
    }
}

/// The dealer of hand `k` (1-based) in the form's game.
pub fn dealer_of(k: usize) -> Seat {
    FOUR.dealer(FIRST_DEALER, k)
}

/// The calls of the shortest auction at four that ends in `end` (hand dealt by `dealer`):
/// passes round to the declarer, the bid, a double by the next player and a redouble by the
/// declarer's partner when the contract has them, and three passes. For a stored hand given
/// by its contract; none when `end` is no contract an auction reaches.
fn shortest_calls(dealer: Seat, end: AuctionEnd) -> Option<Vec<Call>> {
    let calls = match end {
        AuctionEnd::Misere => vec![Call::Pass; PLAYERS],
        AuctionEnd::Contract(c) => {
            let before = (0..PLAYERS).find(|&i| dealer.left_by(1 + i, PLAYERS) == c.declarer)?;
            let mut calls = vec![Call::Pass; before];
            calls.push(Call::Bid(c.bid));
            calls.extend(match c.doubling {
                Doubling::Undoubled => &[][..],
                Doubling::Doubled => &[Call::Double][..],
                Doubling::Redoubled => &[Call::Double, Call::Redouble][..],
            });
            calls.extend([Call::Pass; PLAYERS - 1]);
            calls
        }
    };
    let reached = match Auction::run_partnership(dealer, &calls).ok()?.state() {
        AuctionState::Won(w) => AuctionEnd::Contract(w),
        AuctionState::Misere => AuctionEnd::Misere,
        AuctionState::Open { .. } => return None,
    };
    (reached == end).then_some(calls)
}

impl PairsHandForm {
    /// The form of one stored hand report (hand `k`, for its dealer when the report gives a
    /// contract instead of calls).
    fn from_report(k: usize, r: &PairsHandReport) -> PairsHandForm {
        let calls = match (&r.calls, r.contract) {
            (Some(calls), _) => Some(calls.clone()),
            (None, Some(o)) => shortest_calls(dealer_of(k), o),
            (None, None) => None,
        };
        let [calls, lho, rho] = typed_calls(calls.as_deref(), r.opponents_trumps);
        let text = |c: &crate::engine::auction::SuitCounts| Suit::ALL.map(|s| c.get(s).to_string());
        PairsHandForm {
            calls,
            lho,
            rho,
            sides: r.sides.to_array().map(|l| SideForm {
                pile: l.trick_pile.to_string(),
                calypsos: text(&l.calypsos),
                in_progress: text(&l.in_progress),
            }),
            sold: r.sold.to_string(),
        }
    }

    /// Hand `k`'s report, its problems pushed (each named with the hand, and placed on the
    /// partnership when about one).
    fn read(&self, k: usize, problems: &mut Vec<Problem>) -> PairsHandReport {
        let at = |side: Option<usize>| {
            move |code: &'static str, seat: Option<Seat>, message: String| Problem {
                code,
                message: format!("hand {k}: {message}"),
                seat,
                side,
                deal: Some(k as i64),
            }
        };
        let mut say = |code, seat, message| problems.push(at(None)(code, seat, message));
        let calls = read_calls(
            &FOUR,
            dealer_of(k),
            &self.calls,
            "the calls are blank: fill in every hand in order (the calls, each partnership's trick pile, calypsos and cards in progress)",
            &mut say,
        );
        let opponents_trumps = super::auction::read_trumps(&self.lho, &self.rho, &mut say);
        let sold = number(&self.sold, MAX_SOLD, None, "cards sold", &mut say);
        let lines: [SideLine; SIDES] = std::array::from_fn(|side| {
            let place = at(Some(side));
            let mut say: Box<Say<'_>> =
                Box::new(|code, seat, message| problems.push(place(code, seat, message)));
            let who = side_name(side);
            let l = &self.sides[side];
            SideLine {
                trick_pile: number(
                    &l.pile,
                    DEAL as u32,
                    None,
                    &format!("{who}'s trick pile"),
                    &mut say,
                ),
                calypsos: read_suits(
                    &l.calypsos,
                    MAX_CALYPSOS.min(u32::from(u8::MAX)),
                    None,
                    who,
                    "calypsos so far",
                    &mut say,
                ),
                in_progress: read_suits(
                    &l.in_progress,
                    MAX_PROGRESS,
                    None,
                    who,
                    "calypso in progress",
                    &mut say,
                ),
            }
        });
        PairsHandReport {
            calls: Some(calls),
            contract: None,
            needed: None,
            opponents_trumps,
            sides: BySide::from_array(lines),
            sold,
        }
    }
}

/// The partnerships' setup (ours, docs/variants.md): balanced random and standardised give
/// both the same cards, typed once; fully random a line each.
const SIDE_SETUP: SetupHolders<SIDES> = SetupHolders {
    keys: SIDE_KEYS,
    whose: |p| format!("{}'s", side_name(p)),
    seat: |_| None,
    side: Some,
    every_whose: "both partnerships'",
    every: "Both partnerships",
    once: ", once for both partnerships",
    how: [
        "Deal 30 cards face up, set the duplicates aside, and count each suit: both partnerships start with the same cards. A suit with all 13 is a calypso complete: its cards go back, and each partnership scores 500.",
        "Each partnership is dealt 30 cards face up and keeps the distinct ones: count each partnership's suits. A suit with all 13 is a calypso complete: its cards go back, and each partnership scores 500.",
        "Each partnership starts with the 2, 4, 6, 8, 10 and queen of every suit: six cards of each calypso in progress.",
    ],
    bonus: "500 to each partnership for each",
};

/// The whole form: index 0 is hand 1.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairsForm {
    pub hands: Vec<PairsHandForm>,
    /// The setup before hand 1 (`su_all_S`, `su_NS_S`, `su_calypsos`).
    pub setup: SetupForm<SIDES>,
}

impl PairsForm {
    /// Takes a field of this form (`a3_calls`, `a3_pile_NS`, `a3_prog_EW_S`, `su_all_S`,
    /// ...); false if the key is not one (or names a hand past the last).
    pub fn take(&mut self, key: &str, value: String) -> bool {
        if key.starts_with("su_") {
            return self.setup.take(&SIDE_SETUP, key, value);
        }
        take_hand(&mut self.hands, key, value)
    }

    /// Every field typed, as `take` reads it (to keep the input, or to rebuild the form).
    pub fn pairs(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        hand_pairs(&self.hands, &mut out);
        self.setup.pairs(&SIDE_SETUP, &mut out);
        out
    }

    /// Hands filled in: up to the last whose calls are typed.
    pub fn typed(&self) -> usize {
        hands_typed(&self.hands)
    }

    /// The report of each hand typed, as the engine's summary holds them (its problems
    /// pushed: each names the hand, and the partnership when about one).
    pub fn read(&self, problems: &mut Vec<Problem>) -> Vec<PairsHandReport> {
        read_hands(
            &self.hands,
            problems,
            "the calls, each partnership's trick pile, calypsos and cards in progress",
            |k, h, p| h.read(k, p),
        )
    }

    /// The engine's summary of the hands typed: the form's game, North dealing first, with
    /// the setup typed (none when blank; the engine holds it to the event's).
    pub fn summary(&self, problems: &mut Vec<Problem>) -> PairsSummary {
        let (setup, setup_calypsos) = self.setup.read(&SIDE_SETUP, problems);
        PairsSummary {
            setup: match setup {
                [Some(ns), Some(ew)] => Some(BySide { ns, ew }),
                _ => None,
            },
            setup_calypsos,
            ..pairs_summary_of(self.read(problems))
        }
    }

    /// The form a stored game came from, hand by hand.
    pub fn from_summary(s: &PairsSummary) -> PairsForm {
        PairsForm {
            hands: s
                .hands
                .iter()
                .take(MAX_PAIRS_HANDS)
                .enumerate()
                .map(|(i, r)| PairsHandForm::from_report(i + 1, r))
                .collect(),
            setup: SetupForm::of(
                &s.setup.map_or([None; SIDES], |b| b.to_array().map(Some)),
                s.setup_calypsos,
            ),
        }
    }

    /// The lines to show: every hand typed, then the next, which starts where the last
    /// ended (its calypsos and cards in progress copied) unless something of it is typed;
    /// hand 1 starts from the setup.
    pub fn with_next(&self) -> Vec<PairsHandForm> {
        hands_with_next(&self.hands, || {
            let mut next = PairsHandForm::default();
            for (n, l) in next.sides.iter_mut().zip(self.setup.lines()) {
                n.in_progress = l;
            }
            next
        })
    }
}

/// The summary of these reports in the form's game (North deals first).
pub fn pairs_summary_of(hands: Vec<PairsHandReport>) -> PairsSummary {
    PairsSummary {
        first_dealer: FIRST_DEALER,
        setup: None,
        setup_calypsos: 0,
        hands,
    }
}

/// One partnership's column of a hand.
pub struct SideView {
    /// `NS`, `EW`: the fields' key part.
    pub key: &'static str,
    /// "North-South".
    pub name: &'static str,
    /// Its players, when known ("North Ann Lee · South Bo Tan"); blank otherwise.
    pub players: String,
    pub pile: String,
    /// Calypsos so far, ♠ ♥ ♦ ♣.
    pub calypsos: Vec<SuitField>,
    /// Cards in progress, ♠ ♥ ♦ ♣.
    pub in_progress: Vec<SuitField>,
    /// A problem is about this partnership (its fields are marked).
    pub flagged: bool,
}

/// One hand on the page.
pub struct PairsLineView {
    pub hand: usize,
    pub call: CallsView,
    pub sides: Vec<SideView>,
    pub sold: String,
    pub problems: Vec<String>,
}

/// The form's hands and the running score by partnership, as the page shows them.
pub struct PairsView {
    /// Hands agreed for the game (0 when not known: every line is shown).
    pub agreed: usize,
    /// Hands filled in.
    pub typed: usize,
    /// Hands typed, then the next (none past the agreed).
    pub lines: Vec<PairsLineView>,
    pub running: Vec<AuctionRow>,
    /// The running score's columns: "North-South", "East-West".
    columns: [String; SIDES],
    /// The setup step before hand 1, when the event agreed one (see
    /// [`PairsView::with_setup`]).
    pub setup: Option<SetupView>,
    /// The setup as typed, for [`PairsView::with_setup`].
    setup_form: SetupForm<SIDES>,
}

impl PairsView {
    /// The form laid out for the page, each hand with its problems (those whose `deal` is
    /// that hand); `players` names each partnership's players (blank when not known).
    pub fn new(
        form: &PairsForm,
        agreed: usize,
        problems: &[Problem],
        running: Vec<AuctionRow>,
        players: [String; SIDES],
    ) -> PairsView {
        let lines = lines_shown(form.with_next(), agreed, problems, |k, h, mine| {
            line_view(k, h, mine, &players)
        });
        PairsView {
            agreed,
            typed: form.typed(),
            lines,
            running,
            columns: std::array::from_fn(|s| side_name(s).to_string()),
            setup: None,
            setup_form: form.setup.clone(),
        }
    }

    /// The setup step for the setup the event agreed, as the three-hander's
    /// ([`setup_view`]): one line for both partnerships in balanced random and
    /// standardised (read-only, filled in), a line each in fully random.
    pub fn with_setup(mut self, kind: SetupKind) -> PairsView {
        self.setup = setup_view(
            kind,
            &self.setup_form,
            &SIDE_SETUP,
            &self.columns,
            self.typed == 0,
        );
        if kind == SetupKind::Standardised
            && self.typed == 0
            && let Some(first) = self.lines.first_mut()
        {
            for side in &mut first.sides {
                standard_start(&mut side.in_progress);
            }
        }
        self
    }

    /// The running score's columns: the partnerships.
    pub fn columns(&self) -> &[String] {
        &self.columns
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

fn line_view(
    k: usize,
    h: &PairsHandForm,
    problems: &[&Problem],
    players: &[String; SIDES],
) -> PairsLineView {
    let dealer = dealer_of(k);
    PairsLineView {
        hand: k,
        call: calls_view(&FOUR, k, dealer, &h.calls, &h.lho, &h.rho),
        sides: (0..SIDES)
            .map(|side| {
                let l = &h.sides[side];
                SideView {
                    key: SIDE_KEYS[side],
                    name: side_name(side),
                    players: players[side].clone(),
                    pile: l.pile.clone(),
                    calypsos: suit_fields(
                        &l.calypsos,
                        &format!("calypsos_{}", SIDE_KEYS[side]),
                        |s| format!("{}'s {s} calypsos so far", side_name(side)),
                        0,
                    ),
                    in_progress: suit_fields(
                        &l.in_progress,
                        &format!("prog_{}", SIDE_KEYS[side]),
                        |s| format!("{}'s {s} in progress", side_name(side)),
                        MAX_PROGRESS,
                    ),
                    flagged: problems.iter().any(|x| x.side == Some(side)),
                }
            })
            .collect(),
        sold: h.sold.clone(),
        problems: problems.iter().map(|p| p.message.clone()).collect(),
    }
}

/// The engine's score as the running table's rows: a column a partnership, N-S first.
pub fn pairs_rows(score: &PairsScore) -> Vec<AuctionRow> {
    score
        .hands
        .iter()
        .map(|h| AuctionRow {
            hand: h.hand,
            contract: match h.outcome {
                Some(AuctionEnd::Misere) => "misère".into(),
                Some(AuctionEnd::Contract(c)) => {
                    format!("{}: {}", c.declarer.name(), contract_words(&c))
                }
                None => String::new(),
            },
            made: h.made,
            points: h.sides.to_array().iter().map(|p| p.total).collect(),
            running: h.running.to_array().to_vec(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::auction::pairs::random::random_hand;
    use crate::engine::auction::pairs::{PairsGame, PairsOutcome, PairsSpec, check, score};
    use crate::engine::auction::{Bid, Contract};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use crate::event::forms::auction::tests::{Board, messages, typed};

    fn form(pairs: &[(&str, &str)]) -> PairsForm {
        typed(pairs, PairsForm::take)
    }

    /// Hand 1, North deals: East passes, South bids 170 spades, West, North and East pass.
    /// South names hearts for West (left) and diamonds for East; North has clubs. North-South
    /// win 20 pile cards, 5 spades and 3 clubs to their calypsos; East-West 20 pile cards, 2
    /// hearts and 2 diamonds: 52.
    fn one_hand() -> Vec<(&'static str, &'static str)> {
        vec![
            ("a1_calls", "pass 170S, pass p pass"),
            ("a1_lho", "H"),
            ("a1_rho", "d"),
            ("a1_pile_NS", "20"),
            ("a1_prog_NS_S", "5"),
            ("a1_prog_NS_C", "3"),
            ("a1_pile_EW", "20"),
            ("a1_prog_EW_H", "2"),
            ("a1_prog_EW_D", "2"),
        ]
    }

    #[test]
    fn a_hand_typed_by_partnership_is_checked_and_scored_by_the_engine() {
        let mut pairs = one_hand();
        // Hand 2, East deals: four passes, a misère (the calypsos stay as they were).
        pairs.extend([
            ("a2_calls", "p p p p"),
            ("a2_pile_NS", "30"),
            ("a2_pile_EW", "22"),
            ("a2_prog_NS_S", "5"),
            ("a2_prog_NS_C", "3"),
            ("a2_prog_EW_H", "2"),
            ("a2_prog_EW_D", "2"),
        ]);
        let f = form(&pairs);
        let mut problems = Vec::new();
        let summary = f.summary(&mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(summary.first_dealer, Seat::North);
        let r = &summary.hands[0];
        assert_eq!(r.calls.as_ref().map(Vec::len), Some(5));
        assert_eq!(r.opponents_trumps, Some([Suit::Hearts, Suit::Diamonds]));
        assert_eq!(r.sides.ns.in_progress.get(Suit::Spades), 5);
        assert_eq!(r.sides.ew.trick_pile, 20);
        let spec = PairsSpec::new(4).unwrap();
        assert_eq!(
            check(&spec, &summary),
            vec![],
            "the engine takes both hands"
        );
        let rows = pairs_rows(&score(&spec, &summary));
        assert_eq!(rows[0].contract, "South: 170 spades");
        assert_eq!(rows[0].made, Some(true));
        // North-South: 200 in cards and 170 bid; East-West: their pile, 200.
        assert_eq!(rows[0].points, [370, 200]);
        // Misère: North-South's 300 against East-West's 220: −520 and nil.
        assert_eq!((rows[1].contract.as_str(), rows[1].made), ("misère", None));
        assert_eq!(rows[1].points, [-520, 0]);
        assert_eq!(rows[1].running, [-150, 200]);
    }

    #[test]
    fn the_declarers_partner_and_the_opponents_are_named_by_seat() {
        let f = form(&one_hand());
        let v = PairsView::new(&f, 4, &[], Vec::new(), Default::default());
        let c = &v.lines[0].call;
        assert_eq!(
            (c.dealer_name.as_str(), c.eldest.as_str()),
            ("North", "East")
        );
        assert_eq!(c.state, "South declares 170 spades");
        assert_eq!((c.lho_who.as_str(), c.rho_who.as_str()), ("West", "East"));
        assert_eq!(c.callers, "N E S W");
        let who: Vec<&str> = c.chips.iter().map(|x| x.who.as_str()).collect();
        assert_eq!(who, ["E", "S", "W", "N", "E"]);
        // Hand 2 is East's deal; the next line starts from hand 1's calypsos.
        let next = &v.lines[1];
        assert_eq!(next.call.dealer_name, "East");
        assert_eq!(next.sides[0].in_progress[0].value, "5", "spades carried");
        assert_eq!(next.sides[0].pile, "");
        assert_eq!(v.columns(), ["North-South", "East-West"]);
        assert_eq!(dealer_of(5), Seat::North);
    }

    #[test]
    fn each_bad_field_is_named_with_its_hand_and_partnership() {
        let mut pairs = one_hand();
        pairs.extend([
            ("a2_calls", "pass pass pass pass"),
            ("a2_pile_NS", "53"),
            ("a2_pile_EW", "x"),
            ("a2_calypsos_EW_H", "-2"),
            ("a2_prog_NS_D", "13"),
            ("a2_sold", "99"),
            ("a3_calls", "170S 170C"),
            ("a3_rho", "Q"),
        ]);
        let f = form(&pairs);
        let mut problems = Vec::new();
        f.read(&mut problems);
        let said: Vec<(&str, &str, Option<usize>, Option<i64>)> = problems
            .iter()
            .map(|p| (p.code, p.message.as_str(), p.side, p.deal))
            .collect();
        assert_eq!(
            said,
            vec![
                (
                    "number",
                    "hand 2: cards sold: \"99\" is more than 12",
                    None,
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: North-South's trick pile: \"53\" is more than 52",
                    Some(0),
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: North-South's diamonds calypso in progress: \"13\" is more than 12",
                    Some(0),
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: East-West's trick pile: \"x\" is not a number",
                    Some(1),
                    Some(2)
                ),
                (
                    "number",
                    "hand 2: East-West's hearts calypsos so far: \"-2\" is below 0",
                    Some(1),
                    Some(2)
                ),
                (
                    "call",
                    "hand 3: call 2, North's 170 clubs: 170 clubs does not outrank 170 spades",
                    None,
                    Some(3)
                ),
                (
                    "trumps",
                    "hand 3: the right-hand opponent's trumps: \"Q\" is not a suit (S, H, D or C)",
                    None,
                    Some(3)
                ),
            ]
        );
        // Hand 3 is South's deal: West bids first, and North's call is refused.
        assert_eq!(problems[5].seat, Some(Seat::North));
    }

    #[test]
    fn the_auction_of_four_ends_after_three_passes() {
        // Two passes after a bid end the three-hander's auction, not the game of four's.
        let f = form(&[("a1_calls", "pass 170S pass pass")]);
        let mut problems = Vec::new();
        f.read(&mut problems);
        assert_eq!(
            messages(&problems),
            vec!["hand 1: the auction is not over: East is to call"]
        );
        assert_eq!(problems[0].code, "auction-open");
        // Nothing typed: hand 1 is asked for.
        let mut problems = Vec::new();
        assert!(PairsForm::default().read(&mut problems).is_empty());
        assert_eq!(
            messages(&problems),
            vec![
                "fill in hand 1: the calls, each partnership's trick pile, calypsos and cards in progress"
            ]
        );
    }

    #[test]
    fn no_field_past_the_last_hand_or_of_no_partnership_is_read() {
        let mut f = PairsForm::default();
        for key in [
            "a61_calls",
            "a0_calls",
            "a999999999999_calls",
            "a1_pile_1",
            "a1_pile_NE",
            "a1_prog_NS_X",
            "a1_calypsos_NS",
            "a1_calypsos_EW_",
            // The setup's lines are the partnerships' (or all): not a player's, no suit X.
            "su_1_S",
            "su_NS_X",
            "su_NE_S",
        ] {
            assert!(!f.take(key, "1".into()), "{key}");
        }
        assert!(f.hands.is_empty(), "nothing was allocated");
        assert!(f.take("a60_sold", "1".into()));
        assert_eq!(f.hands.len(), MAX_PAIRS_HANDS);
        // Nor past the longest auction of four.
        let mut f = PairsForm::default();
        f.take("a1_calls", "pass ".repeat(pairs::MAX_CALLS + 10));
        let mut problems = Vec::new();
        let r = f.read(&mut problems);
        assert_eq!(r[0].calls.as_ref().map(Vec::len), Some(pairs::MAX_CALLS));
        assert_eq!(
            messages(&problems),
            vec![
                format!(
                    "hand 1: more than {} calls: no auction is longer",
                    pairs::MAX_CALLS
                )
                .as_str()
            ]
        );
    }

    #[test]
    fn random_games_read_back_from_their_summary_and_check_clean() {
        let spec = PairsSpec::new(6).unwrap();
        for seed in 0..8 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = PairsGame::new(&spec, FIRST_DEALER);
            while !game.is_over() {
                random_hand(&mut game, &mut rng);
            }
            let outcome = PairsOutcome::of(&game);
            let mut stored = outcome.summary.clone();
            // The form does not ask for the bonus's cards needed: the engine counts them.
            for r in &mut stored.hands {
                r.needed = None;
            }
            let f = PairsForm::from_summary(&stored);
            assert_eq!(f.typed(), 6, "seed {seed}");
            let mut again = PairsForm::default();
            for (k, v) in f.pairs() {
                assert!(again.take(&k, v), "{k}");
            }
            assert_eq!(again, f, "seed {seed}: through the form's own fields");
            let mut problems = Vec::new();
            let summary = again.summary(&mut problems);
            assert!(problems.is_empty(), "seed {seed}: {problems:?}");
            assert_eq!(summary, stored, "seed {seed}");
            assert_eq!(check(&spec, &summary), vec![], "seed {seed}");
            assert_eq!(score(&spec, &summary), outcome.score, "seed {seed}");
        }
    }

    #[test]
    fn a_hand_given_by_its_contract_gets_the_shortest_auction_of_four() {
        for dealer in Seat::ALL {
            for declarer in Seat::ALL {
                for doubling in [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled] {
                    let c = Contract {
                        declarer,
                        bid: Bid::new(1, 20, Suit::Hearts),
                        doubling,
                    };
                    let calls = shortest_calls(dealer, AuctionEnd::Contract(c)).unwrap();
                    let a = Auction::run_partnership(dealer, &calls).unwrap();
                    assert_eq!(a.state(), AuctionState::Won(c));
                }
            }
        }
        assert_eq!(
            shortest_calls(Seat::East, AuctionEnd::Misere),
            Some(vec![Call::Pass; 4])
        );
        // 100 points with no calypso is no bid: no auction reaches it.
        let c = Contract {
            declarer: Seat::South,
            bid: Bid::new(0, 100, Suit::Spades),
            doubling: Doubling::Undoubled,
        };
        assert_eq!(shortest_calls(Seat::North, AuctionEnd::Contract(c)), None);
        let stored = PairsSummary {
            first_dealer: Seat::North,
            setup: None,
            setup_calypsos: 0,
            hands: vec![PairsHandReport {
                contract: Some(AuctionEnd::Contract(Contract {
                    bid: Bid::new(0, 200, Suit::Spades),
                    doubling: Doubling::Doubled,
                    ..c
                })),
                opponents_trumps: Some([Suit::Hearts, Suit::Diamonds]),
                ..PairsHandReport::default()
            }],
        };
        // East eldest passes, South bids, West doubles, three passes.
        assert_eq!(
            PairsForm::from_summary(&stored).hands[0].calls,
            "pass 200S double pass pass pass"
        );
    }

    #[derive(askama::Template)]
    #[template(path = "_auction_pairs_hands.html")]
    struct Page {
        e: Board,
        a: PairsView,
    }

    #[test]
    fn the_page_shows_the_partnerships_the_call_pad_and_the_running_score() {
        use askama::Template;
        let mut pairs = one_hand();
        pairs.extend([("a2_calls", "p p p p"), ("a2_pile_EW", "x")]);
        let f = form(&pairs);
        let mut problems = Vec::new();
        let reports = f.read(&mut problems);
        assert_eq!(problems.len(), 1);
        let spec = PairsSpec::new(4).unwrap();
        let running = pairs_rows(&score(&spec, &pairs_summary_of(reports)));
        let a = PairsView::new(&f, 4, &problems, running, Default::default());
        assert_eq!((a.typed, a.shown(), a.last()), (2, 3, false));
        assert!(a.lines[1].sides[1].flagged && !a.lines[1].sides[0].flagged);
        let html = Page {
            e: Board { board: 7 },
            a,
        }
        .render()
        .unwrap();
        for want in [
            "Partnership Auction Calypso, 4 hands",
            "name=\"a1_calls\" value=\"pass 170S, pass p pass\"",
            "Hand 3 of 4 · South deals",
            "data-callers=\"N E S W\"",
            "East calls first",
            "Left of the declarer (West)",
            "Right of the declarer (East)",
            "name=\"a1_lho\" value=\"H\" checked",
            "North-South",
            "East-West",
            "name=\"a2_pile_EW\" value=\"x\"",
            "name=\"a1_prog_NS_S\" value=\"5\"",
            "name=\"a3_prog_NS_S\"",
            "name=\"a1_calypsos_NS_S\"",
            "South: 170 spades",
            "<th class=\"num player\">North-South</th>",
            "370<br><strong>370</strong>",
            "data-call=\"pass\"",
            "hand 2: East-West&#39;s trick pile: &#34;x&#34; is not a number",
        ] {
            assert!(html.contains(want), "{want} in\n{html}");
        }
        assert!(
            html.contains("<details class=\"auction-done\" id=\"board-7-hand-2\" open>"),
            "{html}"
        );
    }
}
