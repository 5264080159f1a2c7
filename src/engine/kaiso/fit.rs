//! Can these songs, with these trick piles, be made from the board? An exact answer: a
//! maximum flow from each song's natural places and wild 8s, and each trick-pile card, to
//! the copies of each card (four in the deck, split by the deal that dealt them when the
//! board is known), with a branch-and-bound over the suits of rainbow songs' cards for
//! the constraints a flow cannot carry (a rainbow kaiso's four different suits, a rainbow
//! calypso's two of each suit).

use super::song::{EIGHT, Kind, Reading};
use crate::engine::budget::Budget;

/// Feasibility, or that the search ran out of its budget before deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    Yes,
    No,
    Unknown,
}

/// A song as places to fill: each place has a rank and the suits a natural card there may
/// have; `naturals` of them are filled by their own cards, the rest by wild 8s.
#[derive(Clone, Debug)]
pub(super) struct Need {
    places: Vec<(usize, u8)>,
    naturals: usize,
    wilds: usize,
    /// The last deal whose cards it may use (0-based layer), or all.
    last_layer: usize,
    rule: Rule,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// Every place has one possible card: the flow is exact.
    None,
    /// Natural cards of four different suits.
    DistinctSuits,
    /// With the wild 8s (any suit), at least two of each suit.
    TwoOfEachSuit,
}

const ALL_SUITS: u8 = 0b1111;

impl Need {
    /// The places of a song as reported. The song's shape (suit given for a regular song,
    /// rank for a quartet, wilds within its size) is checked before this.
    pub(super) fn of(song: &Reading, deal: Option<u32>, layers: usize) -> Need {
        let suit_mask = song.suit.map_or(ALL_SUITS, |s| 1 << s.index());
        let size = song.kind.size();
        let places: Vec<(usize, u8)> = match song.kind.scale_ranks() {
            Some(ranks) => ranks
                .iter()
                .map(|&r| (r, if song.rainbow { ALL_SUITS } else { suit_mask }))
                .collect(),
            None => {
                let r = song.rank.map_or(EIGHT, |r| r.index());
                if r == EIGHT {
                    // 8s are natural only in a calypso: a quartet of 8s is all wild.
                    Vec::new()
                } else if song.rainbow {
                    (0..4).map(|s| (r, 1u8 << s)).collect()
                } else {
                    vec![(r, suit_mask); 4]
                }
            }
        };
        let wilds = (song.wilds as usize).min(size);
        let rule = match (song.rainbow, song.kind) {
            (false, _) | (true, Kind::Quartet) => Rule::None,
            (true, Kind::Calypso) => Rule::TwoOfEachSuit,
            (true, _) => Rule::DistinctSuits,
        };
        let last_layer = match deal {
            Some(d) if layers > 1 => (d as usize).clamp(1, layers) - 1,
            _ => layers - 1,
        };
        Need {
            places,
            naturals: size - wilds,
            wilds,
            last_layer,
            rule,
        }
    }

    /// Each place's only possible card when the song has no wilds and no choice of suit.
    pub(super) fn forced_cards(&self) -> Option<Vec<usize>> {
        (self.wilds == 0 && self.places.iter().all(|&(_, m)| m.count_ones() == 1)).then(|| {
            self.places
                .iter()
                .map(|&(r, m)| m.trailing_zeros() as usize * 13 + r)
                .collect()
        })
    }
}

/// A place's value in the search: a natural card of a suit, or a wild 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fix {
    Suit(usize),
    Wild,
}

/// Can the songs and the trick piles (copies of each card, by card index) all be made
/// from `layers` (copies of each card dealt in each deal; one layer for the whole deck)?
/// The search spends from `budget` (see [`super::CHECK_BUDGET`] for the unit) and answers
/// [`Fit::Unknown`] when it runs out.
pub(super) fn fit(
    needs: &[Need],
    piles: &[u32; 52],
    layers: &[[u32; 52]],
    budget: &mut Budget,
) -> Fit {
    let mut search = Search {
        needs,
        piles,
        layers,
        budget,
        fixes: needs.iter().map(|n| vec![None; n.places.len()]).collect(),
        places: needs.iter().map(|n| n.places.len() as u64).sum(),
        nodes: 0,
    };
    search.run()
}

/// The branch-and-bound: the songs, the board, the places fixed so far and the budget.
struct Search<'a> {
    needs: &'a [Need],
    piles: &'a [u32; 52],
    layers: &'a [[u32; 52]],
    budget: &'a mut Budget,
    fixes: Vec<Vec<Option<Fix>>>,
    /// The songs' places, all told: the work of a node besides its flows.
    places: u64,
    /// Nodes searched (each one or two maximum flows).
    nodes: usize,
}

impl Search<'_> {
    fn run(&mut self) -> Fit {
        let needs = self.needs;
        // The node's own work (consistency, the rules, the branching) is a few passes over
        // the places.
        if !self.budget.spend(self.places) {
            return Fit::Unknown;
        }
        if !consistent(needs, &self.fixes) {
            return Fit::No;
        }
        self.nodes += 1;
        let suits = match solve(needs, self.piles, self.layers, &self.fixes, self.budget) {
            Flowed::Unknown => return Fit::Unknown,
            Flowed::No => return Fit::No,
            Flowed::Yes(suits) => suits,
        };
        if needs.iter().any(|n| n.rule != Rule::None) {
            match suits_possible(needs, self.piles, self.layers, &self.fixes, self.budget) {
                Flowed::Unknown => return Fit::Unknown,
                Flowed::No => return Fit::No,
                Flowed::Yes(()) => {}
            }
        }
        // The first rainbow song the flow's cards break.
        let broken = needs
            .iter()
            .enumerate()
            .find(|(k, n)| !rule_holds(n, &suits[*k]));
        let Some((k, need)) = broken else {
            return Fit::Yes;
        };
        // Branch on one open place of that song, preferring one whose suit is over-used.
        let count = |s: usize| suits[k].iter().filter(|&&x| x == Some(s)).count();
        let over = |s: usize| match need.rule {
            Rule::DistinctSuits => count(s) > 1,
            _ => count(s) > 2,
        };
        let open: Vec<usize> = (0..need.places.len())
            .filter(|&p| self.fixes[k][p].is_none())
            .collect();
        let Some(&p) = open
            .iter()
            .find(|&&p| suits[k][p].is_some_and(over))
            .or_else(|| open.first())
        else {
            return Fit::No;
        };
        let short: Vec<usize> = (0..4).filter(|&s| count(s) < 2).collect();
        let mut values: Vec<Fix> = short.iter().map(|&s| Fix::Suit(s)).collect();
        values.extend((0..4).filter(|s| !short.contains(s)).map(Fix::Suit));
        values.push(Fix::Wild);
        let mut unknown = false;
        for v in values {
            if let Fix::Suit(s) = v
                && need.places[p].1 & (1 << s) == 0
            {
                continue;
            }
            self.fixes[k][p] = Some(v);
            match self.run() {
                Fit::Yes => {
                    self.fixes[k][p] = None;
                    return Fit::Yes;
                }
                Fit::Unknown => unknown = true,
                Fit::No => {}
            }
            // Out of budget: the other branches would only say so again.
            if self.budget.exhausted() {
                break;
            }
        }
        self.fixes[k][p] = None;
        if unknown { Fit::Unknown } else { Fit::No }
    }
}

/// A relaxation's answer: served (with what it found), not served, or cut off by the
/// budget.
enum Flowed<T> {
    Yes(T),
    No,
    Unknown,
}

/// Do a song's natural cards (their suits by place; `None` a place filled by a wild 8)
/// keep its rule?
fn rule_holds(need: &Need, suits: &[Option<usize>]) -> bool {
    let mut n = [0usize; 4];
    for s in suits.iter().flatten() {
        n[*s] += 1;
    }
    match need.rule {
        Rule::None => true,
        Rule::DistinctSuits => n.iter().all(|&x| x <= 1),
        Rule::TwoOfEachSuit => {
            n.iter().map(|&x| 2usize.saturating_sub(x)).sum::<usize>() <= need.wilds
        }
    }
}

/// Can the fixed places still be completed to keep each song's counts and rule?
fn consistent(needs: &[Need], fixes: &[Vec<Option<Fix>>]) -> bool {
    needs.iter().zip(fixes).all(|(need, fix)| {
        let mut n = [0usize; 4];
        let mut wild = 0;
        for f in fix.iter().flatten() {
            match f {
                Fix::Suit(s) => n[*s] += 1,
                Fix::Wild => wild += 1,
            }
        }
        let fixed = n.iter().sum::<usize>();
        let open = fix.iter().filter(|f| f.is_none()).count();
        if fixed > need.naturals
            || fixed + open < need.naturals
            || wild > need.places.len() - need.naturals.min(need.places.len())
        {
            return false;
        }
        match need.rule {
            Rule::None => true,
            Rule::DistinctSuits => n.iter().all(|&x| x <= 1),
            Rule::TwoOfEachSuit => {
                let deficit: usize = n.iter().map(|&x| 2usize.saturating_sub(x)).sum();
                deficit.saturating_sub(need.naturals - fixed) <= need.wilds
            }
        }
    })
}

/// The maximum flow with the fixes, each rainbow song's places open to any suit (its
/// suit rule dropped); when every song, wild and pile card is served, the suit of the
/// natural card at each place of each song (`None`: a wild 8 fills it).
fn solve(
    needs: &[Need],
    piles: &[u32; 52],
    layers: &[[u32; 52]],
    fixes: &[Vec<Option<Fix>>],
    budget: &mut Budget,
) -> Flowed<Vec<Vec<Option<usize>>>> {
    let mut net = Network::new(piles, layers);
    let mut place_edges: Vec<Vec<Vec<(usize, usize)>>> = Vec::with_capacity(needs.len());
    for (need, fix) in needs.iter().zip(fixes) {
        place_edges.push(net.by_place(need, fix));
        net.wilds(need);
    }
    match net.served(budget) {
        Some(true) => {}
        Some(false) => return Flowed::No,
        None => return Flowed::Unknown,
    }
    let g = &net.g;
    Flowed::Yes(
        place_edges
            .iter()
            .map(|places| {
                places
                    .iter()
                    .map(|out| out.iter().find(|&&(e, _)| g.used(e) > 0).map(|&(_, s)| s))
                    .collect()
            })
            .collect(),
    )
}

/// The other relaxation: each rainbow song's suit rule kept, as counts of natural cards
/// per suit, but a rank may serve it in two suits. Songs without a suit rule are as in
/// [`solve`]. No when the songs cannot be served even so.
fn suits_possible(
    needs: &[Need],
    piles: &[u32; 52],
    layers: &[[u32; 52]],
    fixes: &[Vec<Option<Fix>>],
    budget: &mut Budget,
) -> Flowed<()> {
    let mut net = Network::new(piles, layers);
    for (need, fix) in needs.iter().zip(fixes) {
        if need.rule == Rule::None {
            net.by_place(need, fix);
        } else if !net.by_suit(need, fix) {
            // Refused before any flow: the network built so far is the work done.
            return if budget.spend(net.g.work) {
                Flowed::No
            } else {
                Flowed::Unknown
            };
        }
        net.wilds(need);
    }
    match net.served(budget) {
        Some(true) => Flowed::Yes(()),
        Some(false) => Flowed::No,
        None => Flowed::Unknown,
    }
}

/// A flow network from the source through songs' places, wild 8s and trick-pile cards to
/// the copies of each card (per deal layer) and the sink.
struct Network<'a> {
    g: Flow,
    source: usize,
    sink: usize,
    card_node: Vec<usize>,
    layers: &'a [[u32; 52]],
    demand: i64,
    /// Places added so far.
    places: usize,
}

impl<'a> Network<'a> {
    fn new(piles: &[u32; 52], layers: &'a [[u32; 52]]) -> Network<'a> {
        let mut g = Flow::default();
        let source = g.node();
        let sink = g.node();
        let n_layers = layers.len();
        let card_node: Vec<usize> = (0..52 * n_layers).map(|_| g.node()).collect();
        for card in 0..52 {
            for (l, layer) in layers.iter().enumerate() {
                if layer[card] > 0 {
                    g.edge(card_node[card * n_layers + l], sink, layer[card] as i32);
                }
            }
        }
        let mut net = Network {
            g,
            source,
            sink,
            card_node,
            layers,
            demand: 0,
            places: 0,
        };
        for (card, &n) in piles.iter().enumerate() {
            if n > 0 {
                let pile = net.g.node();
                net.g.edge(source, pile, n as i32);
                net.demand += i64::from(n);
                for l in 0..n_layers {
                    let to = net.at(card, l);
                    net.g.edge(pile, to, n as i32);
                }
            }
        }
        net
    }

    fn at(&self, card: usize, layer: usize) -> usize {
        self.card_node[card * self.layers.len() + layer]
    }

    /// Edges from `from` to the copies of a card the song may use, each of capacity 1.
    fn edges_to_card(&mut self, from: usize, card: usize, need: &Need) -> Vec<usize> {
        (0..=need.last_layer)
            .map(|l| {
                let to = self.at(card, l);
                self.g.edge(from, to, 1)
            })
            .collect()
    }

    /// The song's natural cards place by place (one card per place): per place, its edges
    /// to card copies with their suits.
    fn by_place(&mut self, need: &Need, fix: &[Option<Fix>]) -> Vec<Vec<(usize, usize)>> {
        let forced = fix
            .iter()
            .filter(|f| matches!(f, Some(Fix::Suit(_))))
            .count();
        let song = self.g.node();
        let free = need.naturals.saturating_sub(forced);
        self.g.edge(self.source, song, free as i32);
        self.demand += need.naturals as i64;
        let mut edges = Vec::with_capacity(need.places.len());
        for (&(rank, mask), f) in need.places.iter().zip(fix) {
            let place = self.g.node();
            let suits: Vec<usize> = match f {
                Some(Fix::Wild) => Vec::new(),
                Some(Fix::Suit(s)) => {
                    self.g.edge(self.source, place, 1);
                    vec![*s]
                }
                None => {
                    self.g.edge(song, place, 1);
                    // Suits tried from a different one at each place, so the first flow
                    // found tends to spread a rainbow song's suits (only a search order).
                    let turn = self.places;
                    (0..4)
                        .map(|i| (i + turn) % 4)
                        .filter(|s| mask & (1 << s) != 0)
                        .collect()
                }
            };
            self.places += 1;
            let mut out = Vec::new();
            for s in suits {
                for e in self.edges_to_card(place, s * 13 + rank, need) {
                    out.push((e, s));
                }
            }
            edges.push(out);
        }
        edges
    }

    /// A rainbow song's natural cards by suit: the fixed places as they are; the others
    /// at most one card of each rank and suit, kept to the suit rule by counts (a kaiso at
    /// most one of each suit; a calypso, with its wild 8s, two of each). False when the
    /// fixes already break the counts.
    fn by_suit(&mut self, need: &Need, fix: &[Option<Fix>]) -> bool {
        let mut fixed = [0usize; 4];
        let mut open_ranks = Vec::new();
        for (&(rank, _), f) in need.places.iter().zip(fix) {
            match f {
                Some(Fix::Suit(s)) => {
                    fixed[*s] += 1;
                    let place = self.g.node();
                    self.g.edge(self.source, place, 1);
                    self.edges_to_card(place, s * 13 + rank, need);
                }
                Some(Fix::Wild) => {}
                None => open_ranks.push(rank),
            }
        }
        self.demand += need.naturals as i64;
        let rest = need.naturals.saturating_sub(fixed.iter().sum());
        let hubs: Vec<usize> = (0..4).map(|_| self.g.node()).collect();
        for (s, &hub) in hubs.iter().enumerate() {
            for &rank in &open_ranks {
                let gate = self.g.node();
                self.g.edge(hub, gate, 1);
                self.edges_to_card(gate, s * 13 + rank, need);
            }
        }
        match need.rule {
            Rule::DistinctSuits => {
                if fixed.iter().any(|&n| n > 1) {
                    return false;
                }
                let song = self.g.node();
                self.g.edge(self.source, song, rest as i32);
                for (s, &hub) in hubs.iter().enumerate() {
                    self.g.edge(song, hub, (1 - fixed[s]) as i32);
                }
            }
            _ => {
                // Cards short of two per suit once the wild 8s stand in for some.
                let have: usize = fixed.iter().map(|&n| n.min(2)).sum();
                let credit = 8usize.saturating_sub(need.wilds).saturating_sub(have);
                if credit > rest {
                    return false;
                }
                let credits = self.g.node();
                self.g.edge(self.source, credits, credit as i32);
                let free = self.g.node();
                self.g.edge(self.source, free, (rest - credit) as i32);
                for (s, &hub) in hubs.iter().enumerate() {
                    self.g.edge(credits, hub, 2 - fixed[s].min(2) as i32);
                    self.g.edge(free, hub, rest as i32);
                }
            }
        }
        true
    }

    /// The song's wild 8s: any 8 the song may use.
    fn wilds(&mut self, need: &Need) {
        if need.wilds == 0 {
            return;
        }
        let wild = self.g.node();
        self.g.edge(self.source, wild, need.wilds as i32);
        self.demand += need.wilds as i64;
        for s in 0..4 {
            for l in 0..=need.last_layer {
                let to = self.at(s * 13 + EIGHT, l);
                self.g.edge(wild, to, need.wilds as i32);
            }
        }
    }

    /// Is every demand served at the maximum flow? `None` when building the network and
    /// the flow would take more than the budget has left: the budget is then exhausted.
    fn served(&mut self, budget: &mut Budget) -> Option<bool> {
        let (s, t) = (self.source, self.sink);
        let flow = self.g.max_flow(s, t, budget.left());
        match flow {
            Some(f) if budget.spend(self.g.work) => Some(f == self.demand),
            _ => {
                budget.spend_all();
                None
            }
        }
    }
}

/// Dinic's maximum flow on a small graph.
#[derive(Default)]
struct Flow {
    /// Per edge: head, capacity left; edges come in pairs (forward, backward).
    to: Vec<usize>,
    cap: Vec<i32>,
    orig: Vec<i32>,
    adj: Vec<Vec<usize>>,
    /// Work done on the graph: one per node and edge made, per node set up and per edge
    /// looked at by the flow.
    work: u64,
}

impl Flow {
    fn node(&mut self) -> usize {
        self.work += 1;
        self.adj.push(Vec::new());
        self.adj.len() - 1
    }

    fn edge(&mut self, a: usize, b: usize, cap: i32) -> usize {
        self.work += 1;
        let e = self.to.len();
        self.to.push(b);
        self.cap.push(cap);
        self.orig.push(cap);
        self.adj[a].push(e);
        self.to.push(a);
        self.cap.push(0);
        self.orig.push(0);
        self.adj[b].push(e + 1);
        e
    }

    fn used(&self, e: usize) -> i32 {
        self.orig[e] - self.cap[e]
    }

    /// The maximum flow from `s` to `t`, or `None` once the work (the graph's making
    /// included) passes `limit`.
    fn max_flow(&mut self, s: usize, t: usize, limit: u64) -> Option<i64> {
        let n = self.adj.len();
        let mut total = 0i64;
        loop {
            // Each phase sets up two arrays of a word per node.
            self.work += 2 * n as u64;
            if self.work > limit {
                return None;
            }
            let mut level = vec![usize::MAX; n];
            level[s] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(v) = queue.pop_front() {
                self.work += 1 + self.adj[v].len() as u64;
                if self.work > limit {
                    return None;
                }
                for &e in &self.adj[v] {
                    let w = self.to[e];
                    if self.cap[e] > 0 && level[w] == usize::MAX {
                        level[w] = level[v] + 1;
                        queue.push_back(w);
                    }
                }
            }
            if level[t] == usize::MAX {
                return Some(total);
            }
            let mut next = vec![0usize; n];
            loop {
                let pushed = self.push(s, t, i32::MAX, &level, &mut next, limit);
                if self.work > limit {
                    return None;
                }
                if pushed == 0 {
                    break;
                }
                total += i64::from(pushed);
            }
        }
    }

    /// One augmenting path along the levels; 0 when there is none, or (the caller sees
    /// the work past `limit`) when cut off.
    fn push(
        &mut self,
        v: usize,
        t: usize,
        f: i32,
        level: &[usize],
        next: &mut [usize],
        limit: u64,
    ) -> i32 {
        if v == t {
            return f;
        }
        while next[v] < self.adj[v].len() {
            self.work += 1;
            if self.work > limit {
                return 0;
            }
            let e = self.adj[v][next[v]];
            let w = self.to[e];
            if self.cap[e] > 0 && level[w] == level[v] + 1 {
                let got = self.push(w, t, f.min(self.cap[e]), level, next, limit);
                if got > 0 {
                    self.cap[e] -= got;
                    self.cap[e ^ 1] += got;
                    return got;
                }
            }
            next[v] += 1;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::{Rank, Suit};
    use crate::engine::kaiso::summary::SummarySong;

    fn song(
        kind: Kind,
        rainbow: bool,
        suit: Option<Suit>,
        rank: Option<usize>,
        wilds: u32,
    ) -> SummarySong {
        SummarySong {
            kind,
            rainbow,
            suit,
            rank: rank.and_then(Rank::from_index),
            wilds,
            deal: None,
        }
    }

    fn deck() -> Vec<[u32; 52]> {
        vec![[4; 52]]
    }

    fn budget() -> Budget {
        Budget::new(crate::engine::kaiso::CHECK_BUDGET)
    }

    fn check(songs: &[SummarySong], piles: &[u32; 52]) -> Fit {
        let needs: Vec<Need> = songs
            .iter()
            .map(|s| Need::of(&s.reading(), s.deal, 1))
            .collect();
        fit(&needs, piles, &deck(), &mut budget())
    }

    #[test]
    fn four_regular_calypsos_of_a_suit_fit_and_a_fifth_does_not() {
        let spade = song(Kind::Calypso, false, Some(Suit::Spades), None, 0);
        assert_eq!(check(&vec![spade.clone(); 4], &[0; 52]), Fit::Yes);
        assert_eq!(check(&vec![spade.clone(); 5], &[0; 52]), Fit::No);
        // A fifth all wild: the four take every spade, 8♠ included, and only twelve 8s of
        // the other suits are left for its thirteen wilds.
        let mut with_wilds = vec![spade.clone(); 4];
        with_wilds.push(song(Kind::Calypso, false, Some(Suit::Spades), None, 13));
        assert_eq!(
            check(&with_wilds, &[0; 52]),
            Fit::No,
            "the four 8♠ are natural in the four, twelve 8s left"
        );
        with_wilds[4].wilds = 12;
        assert_eq!(
            check(&with_wilds, &[0; 52]),
            Fit::No,
            "a thirteenth spade place with no spade left"
        );
    }

    #[test]
    fn the_sixteen_eights_are_shared_by_natural_and_wild_places() {
        // Sixteen wild 8s in four all-wild quartets fit; a seventeenth does not.
        let q = song(Kind::Quartet, false, Some(Suit::Hearts), Some(EIGHT), 4);
        assert_eq!(check(&vec![q.clone(); 4], &[0; 52]), Fit::Yes);
        let mut more = vec![q.clone(); 4];
        more.push(song(Kind::KaisoMinor, false, Some(Suit::Hearts), None, 1));
        assert_eq!(check(&more, &[0; 52]), Fit::No);
        // A regular spade calypso's natural 8♠ and three quartets of 8s: 13 8s, fits; the
        // trick piles holding three 8♠ and two 8♥ leave eleven: no.
        let mut mixed = vec![q.clone(); 3];
        mixed.push(song(Kind::Calypso, false, Some(Suit::Spades), None, 0));
        assert_eq!(check(&mixed, &[0; 52]), Fit::Yes);
        let mut piles = [0; 52];
        piles[3 * 13 + EIGHT] = 3;
        piles[2 * 13 + EIGHT] = 2;
        assert_eq!(check(&mixed, &piles), Fit::No);
    }

    #[test]
    fn a_rainbow_calypso_needs_two_of_each_suit_from_the_board() {
        // Four regular club calypsos take every club, the four 8♣ as their natural 8s.
        let clubs = song(Kind::Calypso, false, Some(Suit::Clubs), None, 0);
        let rainbow = song(Kind::Calypso, true, None, None, 0);
        let mut songs = vec![clubs.clone(); 4];
        songs.push(rainbow.clone());
        // No club is left for the rainbow's two clubs, and it has no wild 8 to stand in.
        assert_eq!(check(&songs, &[0; 52]), Fit::No);
        // Two wild 8s stand in for the two clubs.
        songs[4].wilds = 2;
        assert_eq!(check(&songs, &[0; 52]), Fit::Yes);
        // A flow that ignores the suits would fit it: one wild is not enough.
        songs[4].wilds = 1;
        assert_eq!(check(&songs, &[0; 52]), Fit::No);
    }

    #[test]
    fn a_rainbow_kaiso_needs_four_suits_from_the_board() {
        // The trick piles hold every 2-5 of hearts and diamonds but one 2♥ and one 2♦; a
        // rainbow kaiso minor needs a heart and a diamond at different ranks.
        let mut piles = [0u32; 52];
        for r in 0..4 {
            piles[13 + r] = 4;
            piles[2 * 13 + r] = 4;
        }
        piles[2 * 13] = 3; // one 2♥ left
        piles[13] = 3; // one 2♦ left
        let minor = song(Kind::KaisoMinor, true, None, None, 0);
        // Only the 2 has a heart and a diamond left: they cannot both be the 2.
        assert_eq!(check(std::slice::from_ref(&minor), &piles), Fit::No);
        piles[13 + 1] = 3; // a 3♦ back
        assert_eq!(check(std::slice::from_ref(&minor), &piles), Fit::Yes);
        // Two rainbow minors with one 2♥, one 2♦ and one 3♦ left: no.
        assert_eq!(check(&[minor.clone(), minor.clone()], &piles), Fit::No);
        let mut wild = minor.clone();
        wild.wilds = 2;
        assert_eq!(check(&[minor, wild], &piles), Fit::Yes);
    }

    #[test]
    fn a_song_scored_in_a_deal_uses_cards_dealt_by_then() {
        // Deal 1 dealt every spade once, deal 2 the rest.
        let layers = vec![[1; 52], [3; 52], [0; 52], [0; 52]];
        let mut spade = song(Kind::Calypso, false, Some(Suit::Spades), None, 0);
        spade.deal = Some(1);
        let needs = |songs: &[SummarySong]| {
            songs
                .iter()
                .map(|s| Need::of(&s.reading(), s.deal, 4))
                .collect::<Vec<_>>()
        };
        let fit = |songs: &[SummarySong]| fit(&needs(songs), &[0; 52], &layers, &mut budget());
        assert_eq!(fit(&[spade.clone()]), Fit::Yes);
        assert_eq!(fit(&[spade.clone(), spade.clone()]), Fit::No);
        let mut later = spade.clone();
        later.deal = Some(2);
        assert_eq!(fit(&[spade, later]), Fit::Yes);
    }

    /// Every way to fill the songs' places, one place at a time: the plain definition.
    fn brute_force(needs: &[Need], cap: &mut [u32; 52]) -> bool {
        fn go(
            needs: &[Need],
            k: usize,
            p: usize,
            nat: usize,
            suits: &mut Vec<Option<usize>>,
            cap: &mut [u32; 52],
        ) -> bool {
            let Some(need) = needs.get(k) else {
                return true;
            };
            if p == need.places.len() {
                if nat != need.naturals || !rule_holds(need, suits) {
                    return false;
                }
                // The song's wild 8s, any suits.
                let eights: u32 = (0..4).map(|s| cap[s * 13 + EIGHT]).sum();
                if eights < need.wilds as u32 {
                    return false;
                }
                let mut taken = Vec::new();
                let mut left = need.wilds;
                for s in 0..4 {
                    while left > 0 && cap[s * 13 + EIGHT] > 0 {
                        cap[s * 13 + EIGHT] -= 1;
                        taken.push(s * 13 + EIGHT);
                        left -= 1;
                    }
                }
                // Which 8s the wilds take does not matter for later songs' wilds, but it
                // can for natural 8s: none of these songs has one (no calypsos here).
                let mut rest = Vec::new();
                let ok = go(needs, k + 1, 0, 0, &mut rest, cap);
                for c in taken {
                    cap[c] += 1;
                }
                return ok;
            }
            let (rank, mask) = need.places[p];
            // A wild place.
            suits.push(None);
            if go(needs, k, p + 1, nat, suits, cap) {
                return true;
            }
            suits.pop();
            if nat < need.naturals {
                for s in 0..4 {
                    let c = s * 13 + rank;
                    if mask & (1 << s) != 0 && cap[c] > 0 {
                        cap[c] -= 1;
                        suits.push(Some(s));
                        let ok = go(needs, k, p + 1, nat + 1, suits, cap);
                        suits.pop();
                        cap[c] += 1;
                        if ok {
                            return true;
                        }
                    }
                }
            }
            false
        }
        go(needs, 0, 0, 0, &mut Vec::new(), cap)
    }

    #[test]
    fn the_search_agrees_with_brute_force_on_small_boards() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
        let kinds = [Kind::KaisoMinor, Kind::KaisoMidi, Kind::Quartet];
        let (mut yes, mut no, mut branched) = (0, 0, 0);
        for _ in 0..400 {
            let n = 1 + rng.next_u32() as usize % 3;
            let songs: Vec<SummarySong> = (0..n)
                .map(|_| {
                    let kind = kinds[rng.next_u32() as usize % 3];
                    let rainbow = rng.next_u32() % 3 != 0;
                    let suit = (!rainbow).then(|| Suit::from_index(rng.next_u32() as usize % 4));
                    let rank = (kind == Kind::Quartet).then(|| 2 + rng.next_u32() as usize % 3);
                    song(kind, rainbow, suit, rank, rng.next_u32() % 3)
                })
                .collect();
            // A scarce board: 0 to 2 copies of each card of the ranks in play.
            let mut board = [0u32; 52];
            for (c, slot) in board.iter_mut().enumerate() {
                *slot = if c % 13 < 9 { rng.next_u32() % 3 } else { 0 };
            }
            let needs: Vec<Need> = songs
                .iter()
                .map(|s| Need::of(&s.reading(), s.deal, 1))
                .collect();
            let expect = brute_force(&needs, &mut board.clone());
            let mut budget = budget();
            let mut search = Search {
                needs: &needs,
                piles: &[0; 52],
                layers: &[board],
                budget: &mut budget,
                fixes: needs.iter().map(|n| vec![None; n.places.len()]).collect(),
                places: needs.iter().map(|n| n.places.len() as u64).sum(),
                nodes: 0,
            };
            let got = search.run();
            assert_eq!(
                got,
                if expect { Fit::Yes } else { Fit::No },
                "{songs:?} on {board:?}"
            );
            if expect {
                yes += 1
            } else {
                no += 1
            }
            if search.nodes > 1 {
                branched += 1;
            }
        }
        println!("brute force agreed: {yes} fit, {no} do not, {branched} searches branched");
        // Both answers, and searches that had to branch, are common enough to mean something.
        assert!(
            yes > 50 && no > 50 && branched > 10,
            "yes {yes}, no {no}, branched {branched}"
        );
    }
}
