//! `deal`, `hand-records`, `audit` and `bench`: the command-line face of `crate::deals`.
//! Every bad input prints `error: ...` naming the value and returns exit status 2.

use clap::{Args, ValueEnum};

use crate::deals::{Board, SetKey, audit_set, audit_text, board, board_json, board_text};
use crate::engine::{GameSpec, Seat, TrickRule, Trumps, Variant};
use crate::event::PapersJson;
use crate::print;
use crate::print::hand_records::{PdfKind, PdfOptions, render};

/// Most boards in one PDF: a guard against a typo like `1-10000`.
const MAX_PDF_BOARDS: usize = 1000;
/// Most boards in one audit (boards are counted one at a time, so this is about run time).
const MAX_AUDIT_BOARDS: usize = 1_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Text,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    Records,
    Curtains,
    Stack,
    /// A rebuild sheet per board: each card's packets, to put a played board back together.
    Rebuild,
    /// A label per packet (deal and seat) for the packets' sleeves or envelopes.
    Labels,
    /// Records, curtain cards and stacking order: what builds the boards before the evening.
    All,
}

/// The game the boards are for: variant, trick rule and seating (an event's settings).
#[derive(Args, Debug)]
pub struct GameArgs {
    /// Game variant.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Trick rule: standard, beat-the-leader or all-fours.
    #[arg(long, default_value = "standard")]
    rule: String,
    /// Trump seating, a suit letter or '-' per seat N E S W (e.g. SDHC); default: the
    /// variant's own.
    #[arg(long)]
    trumps: Option<String>,
    /// First dealer of the board, instead of the N, E, S, W rotation.
    #[arg(long)]
    pub(crate) first_dealer: Option<String>,
}

impl GameArgs {
    pub(crate) fn spec(&self) -> Result<GameSpec, String> {
        // Every variant the engine deals for, Calypso Duet too.
        let variant = Variant::from_name(&self.variant).ok_or_else(|| {
            let known: Vec<&str> = Variant::EVERY.iter().map(|v| v.name()).collect();
            format!(
                "unknown variant \"{}\": use one of {}",
                self.variant,
                known.join(", ")
            )
        })?;
        let rule: TrickRule = self.rule.parse().map_err(|e| format!("{e}"))?;
        let trumps = self
            .trumps
            .as_deref()
            .map(|t| t.parse::<Trumps>().map_err(|e| format!("trumps: {e}")))
            .transpose()?;
        GameSpec::build(variant, rule, trumps).map_err(|e| format!("trumps: {e}"))
    }
}

/// Shows one board of a set, or makes a new set key.
#[derive(Args, Debug)]
pub struct DealArgs {
    /// The set key: 64 hex digits.
    #[arg(long)]
    key: Option<String>,
    /// Board number, from 1.
    #[arg(long)]
    board: Option<String>,
    /// A reserve board (replacement for a fouled or leaked board).
    #[arg(long)]
    reserve: bool,
    #[arg(long, value_enum, default_value = "json")]
    format: Format,
    /// Print a fresh set key and its commitment.
    #[arg(long, conflicts_with_all = ["key", "board", "reserve"])]
    new_key: bool,
    #[command(flatten)]
    game: GameArgs,
}

/// Writes hand records, curtain cards, stacking order, rebuild sheets or packet labels of
/// boards as a PDF.
#[derive(Args, Debug)]
pub struct HandRecordsArgs {
    /// An event's papers file (downloaded from its page, `papers.json`): its settings and
    /// deal key give every board, and the PDF is the site's, byte for byte.
    #[arg(long, conflicts_with_all = ["key", "boards", "event", "date", "variant", "rule", "trumps", "first_dealer"])]
    settings: Option<String>,
    #[arg(long, required_unless_present = "settings")]
    key: Option<String>,
    /// Boards: `1-8`, `3`, or lists like `1-4,7`.
    #[arg(long, required_unless_present = "settings")]
    boards: Option<String>,
    #[arg(long)]
    reserve: bool,
    /// Output file.
    #[arg(short = 'o', long = "output")]
    output: String,
    #[arg(long, value_enum, default_value = "records")]
    kind: Kind,
    /// Event name, printed on every page.
    #[arg(long)]
    event: Option<String>,
    /// Event date, YYYY-MM-DD.
    #[arg(long)]
    date: Option<String>,
    #[command(flatten)]
    game: GameArgs,
}

/// A statistical audit of a set of boards.
#[derive(Args, Debug)]
pub struct AuditArgs {
    #[arg(long)]
    key: String,
    #[arg(long)]
    boards: String,
    #[arg(long)]
    reserve: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    #[command(flatten)]
    game: GameArgs,
}

/// Measures board generation and PDF rendering.
pub(crate) fn fail(message: impl std::fmt::Display) -> i32 {
    eprintln!("error: {message}");
    2
}

fn parse_board_number(text: &str) -> Result<u32, String> {
    let t = text.trim();
    match t.parse::<u32>() {
        Ok(0) => Err(format!(
            "board \"{t}\" does not exist: boards are numbered from 1"
        )),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "board \"{t}\" is not a board number: use a whole number from 1"
        )),
    }
}

/// Reads `1-8`, `3` or `1-4,7` into board numbers, in the order given.
pub fn parse_boards(text: &str, max: usize) -> Result<Vec<u32>, String> {
    let mut boards: Vec<u32> = Vec::new();
    if text.trim().is_empty() {
        return Err("no boards given: use e.g. 1-8, 3 or 1-4,7".into());
    }
    for part in text.split(',') {
        let part = part.trim();
        let (from, to) = match part.split_once('-') {
            Some((a, b)) => {
                let range_err = |e: String| format!("board range \"{part}\": {e}");
                (
                    parse_board_number(a).map_err(range_err)?,
                    parse_board_number(b).map_err(range_err)?,
                )
            }
            None => {
                let n = parse_board_number(part)?;
                (n, n)
            }
        };
        if from > to {
            return Err(format!(
                "board range \"{part}\" runs backwards: write {to}-{from}"
            ));
        }
        if (to - from) as usize + boards.len() >= max {
            return Err(format!(
                "\"{text}\" is too many boards: at most {max} at a time"
            ));
        }
        for n in from..=to {
            if boards.contains(&n) {
                return Err(format!("board {n} is listed twice in \"{text}\""));
            }
            boards.push(n);
        }
    }
    Ok(boards)
}

pub(crate) fn parse_seat(text: &Option<String>, spec: &GameSpec) -> Result<Option<Seat>, String> {
    let Some(t) = text else { return Ok(None) };
    let seat: Seat = t.parse().map_err(|e| format!("first dealer {e}"))?;
    if seat.index() >= spec.players {
        return Err(format!(
            "first dealer \"{t}\" is not a seat in {} ({} players)",
            spec.variant, spec.players
        ));
    }
    if !spec.order.deals_from(seat) {
        let dealers: Vec<String> = spec.dealing_seats().iter().map(|s| s.to_string()).collect();
        return Err(format!(
            "first dealer \"{t}\" never deals in {}: the dealers are {}",
            spec.variant,
            dealers.join(" and ")
        ));
    }
    Ok(Some(seat))
}

pub(crate) fn parse_key(text: &str) -> Result<SetKey, String> {
    SetKey::from_hex(text).map_err(|e| e.to_string())
}

pub fn deal(args: DealArgs) -> i32 {
    if args.new_key {
        let key = match SetKey::generate() {
            Ok(k) => k,
            Err(e) => return fail(e),
        };
        match args.format {
            Format::Json => println!(
                "{}",
                serde_json::json!({"key": key.to_hex(), "commitment": key.commitment()})
            ),
            Format::Text => println!(
                "key        {}\ncommitment {}",
                key.to_hex(),
                key.commitment()
            ),
        }
        eprintln!("Publish the commitment now; keep the key secret until the event is over.");
        return 0;
    }
    let (Some(key_text), Some(board_text_arg)) = (&args.key, &args.board) else {
        return fail("deal needs --key HEX and --board N (or --new-key for a fresh key)");
    };
    let result = (|| {
        let spec = args.game.spec()?;
        let key = parse_key(key_text)?;
        let number = parse_board_number(board_text_arg)?;
        let first = parse_seat(&args.game.first_dealer, &spec)?;
        let b = board(&key, number, args.reserve, &spec, first).map_err(|e| e.to_string())?;
        Ok::<_, String>(match args.format {
            Format::Json => {
                serde_json::to_string(&board_json(&key, &b, &spec)).map_err(|e| e.to_string())?
            }
            Format::Text => board_text(&key, &b, &spec),
        })
    })();
    match result {
        Ok(out) => {
            println!("{}", out.trim_end());
            0
        }
        Err(e) => fail(e),
    }
}

fn make_boards(
    key: &SetKey,
    numbers: &[u32],
    reserve: bool,
    spec: &GameSpec,
    first: Option<Seat>,
) -> Result<Vec<Board>, String> {
    numbers
        .iter()
        .map(|&n| board(key, n, reserve, spec, first).map_err(|e| e.to_string()))
        .collect()
}

fn check_date(date: &str) -> Result<(), String> {
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .map(|_| ())
        .map_err(|_| format!("date \"{date}\" is not a date in the form YYYY-MM-DD"))
}

fn pdf_kind(kind: Kind) -> PdfKind {
    match kind {
        Kind::Records => PdfKind::Records,
        Kind::Curtains => PdfKind::Curtains,
        Kind::Stack => PdfKind::Stack,
        Kind::Rebuild => PdfKind::Rebuild,
        Kind::Labels => PdfKind::Labels,
        Kind::All => PdfKind::All,
    }
}

/// An event's papers from its `papers.json`: the same function the site serves them with.
fn event_papers(file: &str, kind: Kind, reserve: bool) -> Result<(Vec<u8>, usize), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read \"{file}\": {e}"))?;
    let doc: PapersJson =
        serde_json::from_str(&text).map_err(|e| format!("\"{file}\" is not a papers file: {e}"))?;
    let (settings, key) = doc.read().map_err(|e| format!("\"{file}\": {e}"))?;
    let pdf = print::hand_records::event_papers(&settings, &key, pdf_kind(kind), reserve)
        .map_err(|e| e.to_string())?;
    Ok((pdf, usize::from(settings.boards())))
}

pub fn hand_records(args: HandRecordsArgs) -> i32 {
    let result = (|| {
        let (pdf, n) = match &args.settings {
            Some(file) => event_papers(file, args.kind, args.reserve)?,
            None => {
                let spec = args.game.spec()?;
                let key = parse_key(args.key.as_deref().unwrap_or_default())?;
                let numbers =
                    parse_boards(args.boards.as_deref().unwrap_or_default(), MAX_PDF_BOARDS)?;
                let first = parse_seat(&args.game.first_dealer, &spec)?;
                if let Some(d) = &args.date {
                    check_date(d)?;
                }
                let boards = make_boards(&key, &numbers, args.reserve, &spec, first)?;
                let options = PdfOptions {
                    kind: pdf_kind(args.kind),
                    event_name: args.event.clone(),
                    date: args.date.clone(),
                    commitment: Some(key.commitment()),
                    game: None,
                };
                let pdf = render(&boards, &spec, &options).map_err(|e| e.to_string())?;
                (pdf, boards.len())
            }
        };
        std::fs::write(&args.output, &pdf)
            .map_err(|e| format!("cannot write \"{}\": {e}", args.output))?;
        Ok::<_, String>((pdf.len(), n))
    })();
    match result {
        Ok((bytes, n)) => {
            eprintln!("wrote {} ({n} boards, {bytes} bytes)", args.output);
            0
        }
        Err(e) => fail(e),
    }
}

pub fn audit(args: AuditArgs) -> i32 {
    let result = (|| {
        let spec = args.game.spec()?;
        let key = parse_key(&args.key)?;
        let numbers = parse_boards(&args.boards, MAX_AUDIT_BOARDS)?;
        let first = parse_seat(&args.game.first_dealer, &spec)?;
        let a = audit_set(&key, &numbers, args.reserve, &spec, first).map_err(|e| e.to_string())?;
        Ok::<_, String>(match args.format {
            Format::Text => audit_text(&a, &spec),
            Format::Json => serde_json::to_string_pretty(&a).map_err(|e| e.to_string())?,
        })
    })();
    match result {
        Ok(out) => {
            println!("{}", out.trim_end());
            0
        }
        Err(e) => fail(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_lists_parse() {
        assert_eq!(
            parse_boards("1-8", 100).unwrap(),
            (1..=8).collect::<Vec<_>>()
        );
        assert_eq!(parse_boards("3", 100).unwrap(), vec![3]);
        assert_eq!(parse_boards("1-4,7", 100).unwrap(), vec![1, 2, 3, 4, 7]);
        assert_eq!(parse_boards(" 2 - 3 , 9 ", 100).unwrap(), vec![2, 3, 9]);
    }

    #[test]
    fn bad_board_lists_name_the_value() {
        for (text, needle) in [
            ("5-2", "\"5-2\" runs backwards"),
            ("0-3", "board \"0\" does not exist"),
            ("0", "board \"0\" does not exist"),
            ("x", "board \"x\" is not a board number"),
            ("1-", "board range \"1-\""),
            ("1-3,2", "board 2 is listed twice"),
            ("", "no boards given"),
            ("1-5000", "too many boards"),
            ("99999999999", "\"99999999999\" is not a board number"),
        ] {
            let e = parse_boards(text, 1000).unwrap_err();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
