//! `rules trick|replay|check`: the engine over JSON. The exact formats are a contract other
//! tools rely on (see docs/cli.md).

use std::collections::BTreeMap;
use std::io::{BufRead, Read, Write};

use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::engine::json::{
    CardText, DealInput, PlayerInput, SeatMap, SummaryInput, deal_record, seat_field, summary,
};
use crate::engine::{
    self, Card, CardCounts, Deal, GameRecord, GameSpec, Score, Seat, Suit, Summary, TrickRule,
    Trumps, UnknownTrickRule, Variant, auction, embers, kaiso,
};

/// Which game `rules replay` and `rules check` read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameArg {
    /// Calypso and its variants (the record's "variant", standard when it names none).
    Calypso,
    /// Kaiso: Calypso's deal and tricks, the winner placing each card in songs.
    Kaiso,
    /// Calypso Duet (the record may name "duet-call-and-response" instead).
    Duet,
    /// Embers Calypso: three or more packs over an agreed number of hands.
    Embers,
    /// Auction Calypso: three players, an auction each hand, over an agreed number of hands.
    Auction,
}

impl GameArg {
    pub fn replay(self) -> fn(&str) -> Result<Value, String> {
        match self {
            GameArg::Calypso => replay_json,
            GameArg::Kaiso => kaiso_replay_json,
            GameArg::Duet => duet_replay_json,
            GameArg::Embers => embers_replay_json,
            GameArg::Auction => auction_replay_json,
        }
    }

    pub fn check(self) -> fn(&str) -> Result<Value, String> {
        match self {
            GameArg::Calypso => check_json,
            GameArg::Kaiso => kaiso_check_json,
            GameArg::Duet => duet_check_json,
            GameArg::Embers => embers_check_json,
            GameArg::Auction => auction_check_json,
        }
    }
}

/// The same input with "variant" set to Duet when it names none; a variant that is not
/// Duet is refused.
fn as_duet(text: &str) -> Result<String, String> {
    let mut v: Value = parse(text)?;
    let Some(o) = v.as_object_mut() else {
        return Err("the input must be a JSON object".into());
    };
    match o.get("variant").and_then(Value::as_str) {
        None => {
            o.insert("variant".into(), json!(Variant::Duet.name()));
        }
        Some(name) if Variant::DUET.iter().any(|d| d.name() == name) => {}
        Some(other) => {
            return Err(format!(
                "--game duet plays duet or duet-call-and-response, not \"{other}\""
            ));
        }
    }
    Ok(v.to_string())
}

pub fn duet_replay_json(text: &str) -> Result<Value, String> {
    replay_json(&as_duet(text)?)
}

pub fn duet_check_json(text: &str) -> Result<Value, String> {
    check_json(&as_duet(text)?)
}

/// A Kaiso input: the spec fields taken out, the rest read by the engine's own types.
fn kaiso_input(text: &str) -> Result<(GameSpec, serde_json::Map<String, Value>), String> {
    standard_input(text, "Kaiso")
}

/// An input of a game played on the standard four-hand table: the variant, rule and
/// seating taken out (the variant must be standard), the rest left.
fn standard_input(
    text: &str,
    game: &str,
) -> Result<(GameSpec, serde_json::Map<String, Value>), String> {
    let v: Value = parse(text)?;
    let Value::Object(mut o) = v else {
        return Err("the input must be a JSON object".into());
    };
    let mut fields = serde_json::Map::new();
    for key in ["variant", "rule", "trumps"] {
        if let Some(x) = o.remove(key) {
            fields.insert(key.into(), x);
        }
    }
    let spec: SpecFields =
        serde_json::from_value(Value::Object(fields)).map_err(|e| format!("bad JSON: {e}"))?;
    let spec = spec.spec()?;
    if spec.variant != Variant::Standard {
        return Err(format!(
            "{game} is played as the standard four-hand game, not \"{}\"",
            spec.variant
        ));
    }
    Ok((spec, o))
}

/// The Embers game's numbers: packs (3 by default), hands agreed (required), fire hands
/// (1 by default).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EmbersFields {
    #[serde(default = "three")]
    packs: usize,
    hands: usize,
    #[serde(default = "one")]
    fire_hands: usize,
}

fn three() -> usize {
    3
}

fn one() -> usize {
    1
}

/// An Embers input: the spec (checked, bounded) and the rest.
fn embers_input(text: &str) -> Result<(embers::EmbersSpec, Map<String, Value>), String> {
    let (table, mut rest) = standard_input(text, "Embers Calypso")?;
    let mut fields = Map::new();
    for key in ["packs", "hands", "fire_hands"] {
        if let Some(x) = rest.remove(key) {
            fields.insert(key.into(), x);
        }
    }
    let f: EmbersFields =
        serde_json::from_value(Value::Object(fields)).map_err(|e| format!("bad JSON: {e}"))?;
    let spec = embers::EmbersSpec::new(
        f.packs,
        f.hands,
        f.fire_hands,
        table.rule,
        Some(table.trumps),
    )
    .map_err(|e| e.to_string())?;
    Ok((spec, rest))
}

/// `rules replay --game embers`: each hand's report, the scores per hand and running, the
/// revokes; or the first impossible deal or card named by hand, trick, seat and card.
pub fn embers_replay_json(text: &str) -> Result<Value, String> {
    let (spec, rest) = embers_input(text)?;
    let record: embers::EmbersRecord =
        serde_json::from_value(Value::Object(rest)).map_err(|e| format!("bad JSON: {e}"))?;
    let outcome = embers::replay(&spec, &record).map_err(|e| e.to_string())?;
    serde_json::to_value(&outcome).map_err(|e| e.to_string())
}

/// `rules check --game embers`: the reports after each hand checked; the scores when they
/// pass.
pub fn embers_check_json(text: &str) -> Result<Value, String> {
    let (spec, rest) = embers_input(text)?;
    let summary: embers::EmbersSummary =
        serde_json::from_value(Value::Object(rest)).map_err(|e| format!("bad JSON: {e}"))?;
    let problems = embers::check(&spec, &summary);
    checked_and_scored(&problems, || embers::score(&spec, &summary))
}

/// A `rules check` answer for a game reported hand by hand: ok, the problems, and the
/// score when there are none.
fn checked_and_scored<T: serde::Serialize>(
    problems: &[engine::Problem],
    score: impl FnOnce() -> T,
) -> Result<Value, String> {
    let mut out = Map::new();
    out.insert("ok".into(), json!(problems.is_empty()));
    out.insert("problems".into(), problems_json(problems));
    if problems.is_empty() {
        out.insert(
            "score".into(),
            serde_json::to_value(score()).map_err(|e| e.to_string())?,
        );
    }
    Ok(Value::Object(out))
}

/// An Auction input's game: the three-hander, or the partnership game for four.
enum AuctionForm {
    Three(auction::AuctionSpec),
    Pairs(auction::pairs::PairsSpec),
}

/// An Auction input: `"players"` (3, the default, or 4 for the partnership game), the
/// hands agreed (required, checked) and the rest.
fn auction_input(text: &str) -> Result<(AuctionForm, Map<String, Value>), String> {
    let v: Value = parse(text)?;
    let Value::Object(mut o) = v else {
        return Err("the input must be a JSON object".into());
    };
    let players = match o.remove("players") {
        None => 3,
        Some(p) => {
            serde_json::from_value::<u8>(p).map_err(|e| format!("bad JSON: players: {e}"))?
        }
    };
    let hands = match o.remove("hands") {
        None => return Err("an Auction Calypso input needs \"hands\", the number agreed".into()),
        Some(h) => {
            serde_json::from_value::<usize>(h).map_err(|e| format!("bad JSON: hands: {e}"))?
        }
    };
    let setup = auction_setup_kind(&mut o)?;
    let form = match players {
        3 => {
            let mut spec = auction::AuctionSpec::new(hands).map_err(|e| e.to_string())?;
            if let Some(kind) = setup {
                spec = spec.with_setup(kind);
            }
            AuctionForm::Three(spec)
        }
        4 => {
            let mut spec = auction::pairs::PairsSpec::new(hands).map_err(|e| e.to_string())?;
            if let Some(kind) = setup {
                spec = spec.with_setup(kind);
            }
            AuctionForm::Pairs(spec)
        }
        n => {
            return Err(format!(
                "Auction Calypso is for 3 players, or 4 in partnerships (\"players\": 4), not {n}"
            ));
        }
    };
    Ok((form, o))
}

/// The input's `"auction_setup"`, the setup the game agreed (`none`, `balanced`,
/// `fully-random`, `standardised`), taken out of it; absent: not stated, any setup within
/// the bounds is accepted.
fn auction_setup_kind(o: &mut Map<String, Value>) -> Result<Option<auction::SetupKind>, String> {
    match o.remove("auction_setup") {
        None => Ok(None),
        Some(Value::String(w)) => auction::SetupKind::parse(&w).map(Some).ok_or_else(|| {
            format!("auction_setup is none, balanced, fully-random or standardised (not \"{w}\")")
        }),
        Some(v) => Err(format!(
            "auction_setup is a word: none, balanced, fully-random or standardised (not {v})"
        )),
    }
}

/// `rules replay --game auction`: each hand's report, the scores per hand and running; or
/// the first impossible deal, call, card or sale named by hand, call or trick, player and
/// card.
pub fn auction_replay_json(text: &str) -> Result<Value, String> {
    let (form, rest) = auction_input(text)?;
    let rest = Value::Object(rest);
    match form {
        AuctionForm::Three(spec) => {
            let record: auction::AuctionRecord =
                serde_json::from_value(rest).map_err(|e| format!("bad JSON: {e}"))?;
            let outcome = auction::replay(&spec, &record).map_err(|e| e.to_string())?;
            serde_json::to_value(&outcome).map_err(|e| e.to_string())
        }
        AuctionForm::Pairs(spec) => {
            let record: auction::pairs::PairsRecord =
                serde_json::from_value(rest).map_err(|e| format!("bad JSON: {e}"))?;
            let outcome = auction::pairs::replay(&spec, &record).map_err(|e| e.to_string())?;
            serde_json::to_value(&outcome).map_err(|e| e.to_string())
        }
    }
}

/// `rules check --game auction`: the reports after each hand checked; the scores when they
/// pass.
pub fn auction_check_json(text: &str) -> Result<Value, String> {
    let (form, rest) = auction_input(text)?;
    let rest = Value::Object(rest);
    match form {
        AuctionForm::Three(spec) => {
            let summary: auction::AuctionSummary =
                serde_json::from_value(rest).map_err(|e| format!("bad JSON: {e}"))?;
            let problems = auction::check(&spec, &summary);
            checked_and_scored(&problems, || auction::score(&spec, &summary))
        }
        AuctionForm::Pairs(spec) => {
            let summary: auction::pairs::PairsSummary =
                serde_json::from_value(rest).map_err(|e| format!("bad JSON: {e}"))?;
            let problems = auction::pairs::check(&spec, &summary);
            checked_and_scored(&problems, || auction::pairs::score(&spec, &summary))
        }
    }
}

/// `rules replay --game kaiso`: the outcome (songs scored in order, leftovers, trick piles,
/// totals), or the first illegal card or placement named.
pub fn kaiso_replay_json(text: &str) -> Result<Value, String> {
    let (spec, rest) = kaiso_input(text)?;
    let record: kaiso::KaisoRecord =
        serde_json::from_value(Value::Object(rest)).map_err(|e| format!("bad JSON: {e}"))?;
    let outcome = kaiso::replay(&spec, &record).map_err(|e| e.to_string())?;
    serde_json::to_value(&outcome).map_err(|e| e.to_string())
}

/// `rules check --game kaiso`: a table's summary checked against the deck (and the board
/// when "deals" gives it); its scores when it passes.
pub fn kaiso_check_json(text: &str) -> Result<Value, String> {
    let (spec, mut rest) = kaiso_input(text)?;
    let deals = match rest.remove("deals") {
        None => None,
        Some(d) => {
            let ds: Vec<DealInput> =
                serde_json::from_value(d).map_err(|e| format!("bad JSON: deals: {e}"))?;
            Some(board_deals(&spec, &ds)?)
        }
    };
    let summary: kaiso::KaisoSummary =
        serde_json::from_value(Value::Object(rest)).map_err(|e| format!("bad JSON: {e}"))?;
    let problems = kaiso::check(&summary, deals.as_deref());
    let mut out = Map::new();
    out.insert("ok".into(), json!(problems.is_empty()));
    out.insert("problems".into(), problems_json(&problems));
    if problems.is_empty() {
        let score = serde_json::to_value(kaiso::score(&summary)).map_err(|e| e.to_string())?;
        if let Value::Object(o) = score {
            out.extend(o);
        }
    }
    Ok(Value::Object(out))
}

/// The variant, trick rule and seating shared by every input.
#[derive(Deserialize, Default)]
#[serde(default)]
struct SpecFields {
    variant: Option<String>,
    rule: Option<String>,
    trumps: Option<SeatMap<Option<String>>>,
}

impl SpecFields {
    fn spec(&self) -> Result<GameSpec, String> {
        // The engine's every variant (Calypso Duet too, which events do not offer yet).
        let name = self.variant.as_deref().unwrap_or("standard");
        let variant = match Variant::from_name(name) {
            Some(v) => v,
            None => {
                let known: Vec<&str> = Variant::EVERY.iter().map(|v| v.name()).collect();
                return Err(format!(
                    "unknown variant \"{name}\": use one of {}",
                    known.join(", ")
                ));
            }
        };
        let rule: TrickRule = self
            .rule
            .as_deref()
            .unwrap_or("standard")
            .parse()
            .map_err(|e: UnknownTrickRule| e.to_string())?;
        let players = variant.players();
        let mut seating = None;
        if let Some(t) = &self.trumps {
            let mut trumps = Trumps::NONE;
            for seat in Seat::ALL {
                let given = t.0[seat.index()].as_ref();
                if seat.index() < players && given.is_none() {
                    return Err(format!("trumps: no suit given for {}", seat.name()));
                }
                if let Some(Some(text)) = given {
                    trumps.0[seat.index()] =
                        Some(text.parse::<Suit>().map_err(|e| format!("trumps: {e}"))?);
                }
            }
            seating = Some(trumps);
        }
        GameSpec::build(variant, rule, seating).map_err(|e| e.to_string())
    }
}

fn parse<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("bad JSON: {e}"))
}

// ---- rules trick ----

#[derive(Deserialize)]
struct TrickInput {
    #[serde(flatten)]
    spec: SpecFields,
    leader: String,
    cards: SeatMap<CardText>,
}

/// One JSON line in, one JSON line out.
pub fn trick_line(line: &str) -> Value {
    match trick_winner(line) {
        Ok(seat) => json!({ "winner": seat.to_string() }),
        Err(e) => json!({ "error": e }),
    }
}

fn trick_winner(line: &str) -> Result<Seat, String> {
    let input: TrickInput = parse(line)?;
    let spec = input.spec.spec()?;
    let leader: Seat = input
        .leader
        .parse()
        .map_err(|e: engine::NotationError| format!("leader: {e}"))?;
    if leader.index() >= spec.players {
        return Err(format!(
            "leader: a {}-player game has no {} seat",
            spec.players,
            leader.name()
        ));
    }
    let mut cards = Vec::with_capacity(spec.players);
    for i in 0..spec.players {
        let seat = leader.left_by(i, spec.players);
        match &input.cards.0[seat.index()] {
            Some(c) => cards.push(c.0),
            None => {
                return Err(format!(
                    "cards: no card for {}; a trick has one card from each of the {} players",
                    seat.name(),
                    spec.players
                ));
            }
        }
    }
    if let Some(extra) = Seat::ALL[spec.players..]
        .iter()
        .find(|s| input.cards.0[s.index()].is_some())
    {
        return Err(format!(
            "cards: a {}-player game has no {} seat",
            spec.players,
            extra.name()
        ));
    }
    let i = engine::trick::winner(leader, &cards, spec.players, &spec.trumps, spec.rule);
    Ok(leader.left_by(i, spec.players))
}

pub fn run_trick() -> i32 {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot read standard input: {e}");
                return 2;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        if writeln!(out, "{}", trick_line(&line)).is_err() {
            return 0; // the reader went away: nothing more to do
        }
    }
    0
}

// ---- rules replay ----

#[derive(Deserialize)]
struct RecordInput {
    #[serde(flatten)]
    spec: SpecFields,
    deals: Vec<DealInput>,
}

/// The replay result as the documented JSON, or the error message.
pub fn replay_json(text: &str) -> Result<Value, String> {
    let input: RecordInput = parse(text)?;
    let spec = input.spec.spec()?;
    let deals = input
        .deals
        .iter()
        .enumerate()
        .map(|(d, x)| deal_record(d, x))
        .collect::<Result<_, _>>()?;
    let outcome = engine::replay(&spec, &GameRecord { deals }).map_err(|e| e.to_string())?;
    let mut out = score_json(&spec, &outcome.score, true);
    let revokes: Vec<Value> = outcome
        .revokes
        .iter()
        .map(|r| json!({"deal": r.deal, "trick": r.trick, "seat": r.seat.to_string(), "card": r.card.to_string()}))
        .collect();
    out.insert("revokes".into(), Value::Array(revokes));
    out.insert("deals_played".into(), json!(outcome.deals_played));
    out.insert("complete".into(), json!(outcome.complete));
    Ok(Value::Object(out))
}

/// Players and sides. `full` gives the whole replay form; otherwise only side scores.
fn score_json(spec: &GameSpec, score: &Score, full: bool) -> Map<String, Value> {
    let mut out = Map::new();
    if full {
        let mut players = Map::new();
        for p in &score.players {
            players.insert(
                p.seat.to_string(),
                json!({
                    "calypsos": p.calypsos,
                    "in_progress": p.in_progress.iter().map(Card::to_string).collect::<Vec<_>>(),
                    "score": p.score,
                }),
            );
        }
        out.insert("players".into(), Value::Object(players));
    }
    let mut sides = Map::new();
    for s in &score.sides {
        let v = if full {
            json!({"trick_pile": s.trick_pile, "revoke_bonus": s.revoke_bonus, "score": s.score})
        } else {
            json!({"score": s.score})
        };
        sides.insert(s.name.clone(), v);
    }
    let key = if spec.scoring.partnerships() {
        "partnerships"
    } else {
        "sides"
    };
    out.insert(key.into(), Value::Object(sides));
    if let Some(totals) = &score.split_totals {
        let m: Map<String, Value> = totals
            .iter()
            .map(|(s, t)| (s.to_string(), json!(t)))
            .collect();
        out.insert("split_totals".into(), Value::Object(m));
    }
    if let Some(t) = score.table_total {
        out.insert("table_total".into(), json!(t));
    }
    out
}

// ---- rules check ----

#[derive(Deserialize)]
struct CheckInput {
    #[serde(flatten)]
    spec: SpecFields,
    #[serde(default)]
    deals: Option<Vec<DealInput>>,
    /// One summary, given inline...
    after_deal: Option<i64>,
    players: Option<SeatMap<PlayerInput>>,
    trick_piles: Option<BTreeMap<String, i64>>,
    /// ...or the summaries after successive deals.
    summaries: Option<Vec<SummaryInput>>,
}

/// The check result as the documented JSON, or why the input could not be read.
pub fn check_json(text: &str) -> Result<Value, String> {
    let input: CheckInput = parse(text)?;
    let spec = input.spec.spec()?;
    let inline = match (input.after_deal, input.players, input.trick_piles) {
        (Some(after_deal), Some(players), Some(trick_piles)) => Some(SummaryInput {
            after_deal,
            players,
            trick_piles,
            dummies: None,
            exchanges: None,
        }),
        (None, None, None) => None,
        _ => return Err("a summary needs after_deal, players and trick_piles".into()),
    };
    let series: Vec<Summary> = match (inline, input.summaries) {
        (Some(one), None) => vec![summary(&spec, one)?],
        (None, Some(many)) if !many.is_empty() => many
            .into_iter()
            .map(|s| summary(&spec, s))
            .collect::<Result<_, _>>()?,
        (Some(_), Some(_)) => return Err(
            "give either one summary (after_deal, players, trick_piles) or \"summaries\", not both"
                .into(),
        ),
        _ => {
            return Err(
                "no summary given: add after_deal, players and trick_piles, or \"summaries\""
                    .into(),
            );
        }
    };
    let deals: Option<Vec<Deal>> = match &input.deals {
        None => None,
        Some(ds) => Some(board_deals(&spec, ds)?),
    };
    let problems = engine::check_series(&spec, &series, deals.as_deref());
    let mut out = Map::new();
    out.insert("ok".into(), json!(problems.is_empty()));
    out.insert("problems".into(), problems_json(&problems));
    if problems.is_empty()
        && let Some(score) = series
            .last()
            .and_then(|last| engine::score_summary(&spec, last))
    {
        out.extend(score_json(&spec, &score, false));
    }
    Ok(Value::Object(out))
}

/// The board's deals as a check input gives them (the first dealer, or North).
fn board_deals(spec: &GameSpec, ds: &[DealInput]) -> Result<Vec<Deal>, String> {
    let first = ds.first().and_then(|d| d.dealer.clone());
    let first = seat_field(&first, "deal 1 dealer")?.unwrap_or(Seat::North);
    ds.iter()
        .enumerate()
        .map(|(i, d)| {
            let rec = deal_record(i, d)?;
            Ok(Deal {
                dealer: rec.dealer.unwrap_or(spec.dealer_of(first, i)),
                hands: rec.hands.each_ref().map(CardCounts::from_cards),
            })
        })
        .collect()
}

/// The engine's problems as `rules check` writes them.
fn problems_json(problems: &[engine::Problem]) -> Value {
    Value::Array(
        problems
            .iter()
            .map(|p| json!({"code": p.code, "message": p.message}))
            .collect(),
    )
}

/// Reads FILE or standard input ("-" or none).
pub fn read_input(path: Option<&str>) -> Result<String, String> {
    match path {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok(s)
        }
        Some(p) => std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}")),
    }
}

/// Prints the result (exit 0) or `{"error":...}` on stdout and the message on stderr (exit 2).
pub fn run_json(path: Option<&str>, f: fn(&str) -> Result<Value, String>) -> i32 {
    match read_input(path).and_then(|text| f(&text)) {
        Ok(v) => {
            println!("{v}");
            0
        }
        Err(e) => refuse(&e),
    }
}

/// A refused input: `{"error": ...}` on stdout, the message on stderr, exit 2.
pub fn refuse(e: &str) -> i32 {
    println!("{}", json!({ "error": e }));
    eprintln!("error: {e}");
    2
}

/// A game record in the `rules replay` input format.
pub fn record_json(spec: &GameSpec, record: &GameRecord) -> Value {
    let trumps: Map<String, Value> = spec
        .seats()
        .iter()
        .filter_map(|&s| {
            spec.trumps
                .of(s)
                .map(|t| (s.to_string(), json!(t.to_string())))
        })
        .collect();
    let deals = crate::engine::json::deals_json(spec, record);
    json!({
        "variant": spec.variant.name(),
        "rule": spec.rule.name(),
        "trumps": Value::Object(trumps),
        "deals": deals,
    })
}
