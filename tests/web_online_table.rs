//! A table in the service (#39 item 1): a board played card by card through
//! `service::online` by four personal seat links, the state only the stored move log. The
//! engine's replay of the same record gives the same score; two posts of the same seq at
//! once play it once; a new pool on the same database resumes at the same card; a revoked
//! link is refused; a corrupt stored row is a clear error. Named `web_*` so scripts/test.sh
//! runs it on PostgreSQL too.

mod common;

use calypso_director::db::{self, DbPool};
use calypso_director::deals;
use calypso_director::engine::{Card, GameSpec, Seat};
use calypso_director::event::online::replay::{self, Move, Refused};
use calypso_director::event::online::view::SeatView;
use calypso_director::event::{EntryId, EventId};
use calypso_director::service::online::{self, OnlineError};
use calypso_director::service::{ActionError, ErrorKind};
use common::*;

/// A running event of club alpha (2 tables, 1 round of 1 board) and a seat link for each
/// seat of table 1, issued for the table's round (the board found from the movement).
async fn seated(app: &TestApp) -> (EventId, [String; 4]) {
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (_, id, _) = two_tables_running(app, &d, "Online evening", ("Ann", "Bob")).await;
    let club = app.club_id("alpha");
    // Cards are played online only in an event played online (`event::play`).
    play_online(app, id);
    let tokens = Seat::ALL.map(|seat| {
        with_conn(app, |c| {
            online::issue_seat_link(c, club, id, 1, 1, None, seat, None).unwrap()
        })
    });
    (id, tokens)
}

fn state(pool: &DbPool, token: &str) -> SeatView {
    online::table_state(pool, token).unwrap()
}

/// The seq the seat's next card must carry.
fn next(s: &SeatView) -> u32 {
    u32::try_from(s.seq).unwrap()
}

/// The cards the seat may play (none when it is not to play).
fn legal(s: &SeatView) -> Vec<Card> {
    s.legal.as_ref().map(|c| c.0.clone()).unwrap_or_default()
}

/// The board table 1 plays, as the event dealt it, and the event's game.
fn board_of(app: &TestApp, id: EventId, board: u32) -> (GameSpec, deals::Board) {
    let ev = with_conn(app, |c| {
        db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
    });
    let key = ev.deal.unwrap();
    let set = deals::SetKey::from_hex(&key.key_hex).unwrap();
    let spec = ev.settings.game_spec();
    let b = deals::board(&set, board, false, &spec, None).unwrap();
    (spec, b)
}

/// The stored log of table 1's board.
fn log_of(app: &TestApp, s: &SeatView) -> Vec<Move> {
    let at = db::online::OnlineBoard {
        event: EventId::new(s.event),
        round: s.round,
        table: s.table,
        board: s.board,
    };
    with_conn(app, |c| db::online::moves_of(c, at).unwrap())
        .iter()
        .map(|r| Move::from_stored(r.seq.into(), &r.seat, &r.card).unwrap())
        .collect()
}

/// The seat to play and its token, from the seats' own views.
fn to_play<'t>(pool: &DbPool, tokens: &'t [String; 4]) -> Option<(Seat, &'t str, SeatView)> {
    let s = state(pool, &tokens[0]);
    let seat = s.to_play?;
    let token = &tokens[seat.index()];
    Some((seat, token, state(pool, token)))
}

/// Plays `n` cards (each the seat's first legal card), or to the end; the last state.
fn play_cards(pool: &DbPool, tokens: &[String; 4], n: usize) -> SeatView {
    let mut last = state(pool, &tokens[0]);
    for _ in 0..n {
        let Some((_, token, s)) = to_play(pool, tokens) else {
            break;
        };
        let card = legal(&s)[0].to_string();
        last = online::play_card(pool, token, &card, next(&s)).unwrap();
    }
    last
}

#[tokio::test]
async fn a_whole_board_played_by_four_seat_links_scores_as_the_engines_replay_of_its_log() {
    let app = spawn_app().await;
    let (id, tokens) = seated(&app).await;
    let first = state(&app.pool, &tokens[0]);
    let (spec, board) = board_of(&app, id, first.board);
    assert_eq!((first.round, first.table), (1, 1));
    // Each seat sees its own hand as dealt, and only the seat to play has legal cards.
    for seat in Seat::ALL {
        let s = state(&app.pool, &tokens[seat.index()]);
        assert_eq!(s.seat, seat);
        let mut dealt: Vec<Card> = Card::all()
            .flat_map(|c| {
                std::iter::repeat_n(c, board.deals[0].hands[seat.index()].count(c).into())
            })
            .collect();
        let mut hand = s.hand.0.clone();
        dealt.sort();
        hand.sort();
        assert_eq!(hand, dealt, "{seat:?} sees its own hand");
        assert_eq!(s.legal.is_none(), s.to_play != Some(seat));
        assert_eq!((s.seq, s.deal, s.trick, s.over), (1, 1, 1, false));
    }
    let leader = first.to_play.unwrap();
    assert_eq!(leader, spec.leader_of(board.deals[0].dealer));

    // The refusals, each with its kind and words, and nothing stored by them.
    let other = leader.left(4);
    let s = state(&app.pool, &tokens[other.index()]);
    let held = s.hand.0[0].to_string();
    let e = online::play_card(&app.pool, &tokens[other.index()], &held, 1).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Conflict);
    assert_eq!(
        e.to_string(),
        format!(
            "it is {}'s turn to play, not {}'s",
            leader.name(),
            other.name()
        )
    );
    let lead = state(&app.pool, &tokens[leader.index()]);
    let not_held = Card::all().find(|c| !lead.hand.0.contains(c)).unwrap();
    let e = online::play_card(&app.pool, &tokens[leader.index()], &not_held.to_string(), 1)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Invalid);
    assert!(
        e.to_string()
            .contains(&format!("You do not hold {}", not_held.pretty())),
        "{e}"
    );
    let e = online::play_card(&app.pool, &tokens[leader.index()], "11S", 1).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Invalid);
    assert!(e.to_string().starts_with("not a card"), "{e}");
    assert!(log_of(&app, &lead).is_empty());

    // The board, card by card, each card by the seat to play through its own link.
    let mut cards = 0;
    let mut refused_stale = false;
    let mut refused_illegal = false;
    while let Some((seat, token, s)) = to_play(&app.pool, &tokens) {
        assert_eq!(s.seq, cards + 1);
        let card = legal(&s)[0];
        if !refused_illegal && let Some(bad) = s.hand.0.iter().find(|c| !legal(&s).contains(c)) {
            let e = online::play_card(&app.pool, token, &bad.to_string(), next(&s)).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Invalid, "{e}");
            assert!(e.to_string().contains("You must follow"), "{e}");
            refused_illegal = true;
        }
        let after = online::play_card(&app.pool, token, &card.to_string(), next(&s)).unwrap();
        cards += 1;
        assert_eq!(after.seq, cards + 1);
        let copies = |h: &[Card]| h.iter().filter(|c| **c == card).count();
        if after.deal == s.deal {
            // Gone from the hand (at the end of a deal the seat holds the next deal's hand).
            assert_eq!(copies(&after.hand.0), copies(&s.hand.0) - 1);
            assert_eq!(after.hand.0.len(), s.hand.0.len() - 1);
        }
        if !refused_stale {
            // The same post again: played once, the second answered as stale.
            let e = online::play_card(&app.pool, token, &card.to_string(), next(&s)).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Conflict);
            assert!(
                matches!(e, OnlineError::Refused(Refused::StaleSeq { .. })),
                "{e:?}"
            );
            assert!(e.to_string().contains("already been played"), "{e}");
            refused_stale = true;
        }
        let _ = seat;
    }
    assert!(
        refused_illegal,
        "some seat could follow suit and was refused a discard"
    );
    let end = state(&app.pool, &tokens[2]);
    assert!(end.over);
    assert_eq!(end.seq, 209, "208 cards played");
    assert!(end.hand.0.is_empty() && end.legal.is_none());
    let e = online::play_card(&app.pool, &tokens[0], "AS", 209).unwrap_err();
    assert!(
        matches!(e, OnlineError::Refused(Refused::BoardOver)),
        "{e:?}"
    );

    // The stored log, given to the engine as a record, scores the same.
    let log = log_of(&app, &end);
    assert_eq!(log.len(), 208);
    let record = replay::record(&spec, &board, &log).unwrap();
    let outcome = calypso_director::engine::replay(&spec, &record).unwrap();
    assert!(outcome.complete);
    assert_same_score(&outcome.score, &end);
    // Every seat sees the same end.
    for t in &tokens {
        assert_eq!(state(&app.pool, t).score, end.score);
        assert_same_score(&outcome.score, &state(&app.pool, t));
    }
}

#[tokio::test]
async fn two_threads_posting_the_same_seq_at_once_store_exactly_one_row() {
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    for round in 0..6 {
        let (_, token, s) = to_play(&app.pool, &tokens).unwrap();
        let card = legal(&s)[0].to_string();
        let seq = next(&s);
        let barrier = std::sync::Barrier::new(2);
        let answers: Vec<Result<SeatView, OnlineError>> = std::thread::scope(|scope| {
            let posts: Vec<_> = (0..2)
                .map(|_| {
                    scope.spawn(|| {
                        barrier.wait();
                        online::play_card(&app.pool, token, &card, seq)
                    })
                })
                .collect();
            posts.into_iter().map(|p| p.join().unwrap()).collect()
        });
        let played = answers.iter().filter(|a| a.is_ok()).count();
        assert_eq!(played, 1, "post {round}: {answers:?}");
        for a in &answers {
            if let Err(e) = a {
                assert_eq!(e.kind(), ErrorKind::Conflict, "{e}");
                assert!(
                    matches!(e, OnlineError::Refused(Refused::StaleSeq { .. })),
                    "{e:?}"
                );
            }
        }
        let now = state(&app.pool, &tokens[0]);
        assert_eq!(now.seq, u64::from(seq) + 1);
        assert_eq!(log_of(&app, &now).len(), seq as usize, "one row per seq");
    }
}

#[tokio::test]
async fn a_new_pool_on_the_same_database_resumes_at_the_same_card() {
    let app = spawn_app().await;
    let (id, tokens) = seated(&app).await;
    let version = |app: &TestApp| {
        with_conn(app, |c| {
            calypso_director::service::standings::event_version(c, id)
                .unwrap()
                .unwrap()
        })
    };
    let v0 = version(&app);
    let before = play_cards(&app.pool, &tokens, 57);
    assert_eq!(before.seq, 58, "57 cards played");
    assert!(version(&app) > v0, "each card moves the event's version on");
    // A second process on the same database: its own pool, nothing held in memory.
    let second = app.second_instance().await;
    for t in &tokens {
        assert_eq!(state(&second.pool, t), state(&app.pool, t));
    }
    let (_, token, s) = to_play(&second.pool, &tokens).unwrap();
    assert_eq!(s.seq, 58);
    assert_eq!((s.deal, s.trick), (2, 2), "card 58 leads deal 2's trick 2");
    let after = online::play_card(&second.pool, token, &legal(&s)[0].to_string(), 58).unwrap();
    assert_eq!(after.seq, 59);
    // The first process sees the card the second stored, and card 58 is not played twice.
    assert_eq!(state(&app.pool, &tokens[0]).seq, 59);
    let e = online::play_card(&app.pool, token, &legal(&s)[0].to_string(), 58).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Conflict);
    let end = play_cards(&app.pool, &tokens, 300);
    assert!(end.over);
    assert_eq!(log_of(&app, &end).len(), 208);
}

#[tokio::test]
async fn a_revoked_link_is_refused_and_a_new_one_plays_the_seat() {
    let app = spawn_app().await;
    let (id, tokens) = seated(&app).await;
    let club = app.club_id("alpha");
    play_cards(&app.pool, &tokens, 3);
    let (seat, token, s) = to_play(&app.pool, &tokens).unwrap();
    let n = with_conn(&app, |c| {
        online::revoke_seat_link(c, club, id, 1, 1, None, seat).unwrap()
    });
    assert_eq!(n, 1);
    let e = online::table_state(&app.pool, token).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Forbidden);
    assert!(e.to_string().contains("revoked"), "{e}");
    let e = online::play_card(&app.pool, token, &legal(&s)[0].to_string(), 4).unwrap_err();
    assert!(matches!(e, OnlineError::Revoked), "{e:?}");
    let e = with_conn(&app, |c| online::seat_of(c, token)).unwrap_err();
    assert!(matches!(e, OnlineError::Revoked), "{e:?}");
    // Revoking again finds no live link; an unknown token is not found.
    let e = with_conn(&app, |c| {
        online::revoke_seat_link(c, club, id, 1, 1, None, seat)
    })
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound);
    let e = online::table_state(&app.pool, &"0".repeat(64)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound);
    // The other seats play on; a new link for the seat takes it up at the same card.
    assert_eq!(state(&app.pool, &tokens[seat.left(4).index()]).seq, 4);
    let fresh = with_conn(&app, |c| {
        online::issue_seat_link(c, club, id, 1, 1, None, seat, None).unwrap()
    });
    assert_ne!(&fresh, token);
    assert!(fresh.len() >= 32, "at least 128 random bits");
    let s2 = state(&app.pool, &fresh);
    assert_eq!((s2.seat, s2.seq, &s2.hand), (seat, 4, &s.hand));
    online::play_card(&app.pool, &fresh, &legal(&s)[0].to_string(), 4).unwrap();
    // The token is looked up by its hash (the key), and kept beside it so the director can
    // list the link again (`service::seats`).
    assert!(with_conn(&app, |c| db::online::seat_link(c, &fresh).unwrap()).is_none());
    let stored = with_conn(&app, |c| {
        db::online::seat_link(c, &calypso_director::service::tokens::hash_token(&fresh))
            .unwrap()
            .unwrap()
    });
    assert_eq!(stored.token.as_deref(), Some(fresh.as_str()));
    assert!(!stored.robot);
    // A seat the game has not, and a table without a game, are refused when issued.
    let e = with_conn(&app, |c| {
        online::issue_seat_link(c, club, id, 1, 9, None, Seat::North, None).unwrap_err()
    });
    assert_eq!(e.kind(), ErrorKind::Invalid);
    assert!(
        e.to_string().contains("table 9 has no game in round 1"),
        "{e}"
    );
    let e = with_conn(&app, |c| {
        online::issue_seat_link(c, club, id, 2, 1, None, Seat::North, None).unwrap_err()
    });
    assert_eq!(e.kind(), ErrorKind::Invalid);
    let e = with_conn(&app, |c| {
        online::issue_seat_link(
            c,
            club,
            id,
            1,
            1,
            None,
            Seat::North,
            Some(EntryId::new(999)),
        )
        .unwrap_err()
    });
    assert_eq!(e.to_string(), "the event has no entry 999");
    // A link naming the entrant seated carries it.
    let entry = with_conn(&app, |c| db::entries::entries_of(c, club, id).unwrap())[0].id;
    let named = with_conn(&app, |c| {
        online::issue_seat_link(c, club, id, 1, 1, None, Seat::South, Some(entry)).unwrap()
    });
    let place = with_conn(&app, |c| online::seat_of(c, &named).unwrap());
    assert_eq!((place.seat, place.entry), (Seat::South, Some(entry)));
}

#[tokio::test]
async fn deleting_a_draft_deletes_its_online_moves_and_seat_links() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields("Draft"),
        )
        .await;
    let id = id_from_location(&location(&r));
    let club = app.club_id("alpha");
    let at = db::online::OnlineBoard {
        event: id,
        round: 1,
        table: 1,
        board: 1,
    };
    let card: Card = "9S".parse().unwrap();
    with_conn(&app, |c| {
        assert!(
            db::online::insert_seat_link(
                c,
                club,
                "somehash",
                (id, 1, 1, Some(1)),
                Seat::North,
                None
            )
            .unwrap()
        );
        let m = Move {
            seq: 1,
            seat: Seat::North,
            card,
        };
        assert_eq!(
            db::online::insert_move(c, at, m, db::now()).unwrap(),
            db::online::Stored::Played
        );
        assert_eq!(
            db::online::insert_move(c, at, m, db::now()).unwrap(),
            db::online::Stored::SeqTaken
        );
    });
    assert_eq!(
        with_conn(&app, |c| db::online::moves_of(c, at).unwrap()).len(),
        1
    );
    with_conn(&app, |c| {
        calypso_director::service::events::delete_draft(c, club, id).unwrap()
    });
    assert!(with_conn(&app, |c| db::online::moves_of(c, at).unwrap()).is_empty());
    assert!(with_conn(&app, |c| db::online::seat_link(c, "somehash").unwrap()).is_none());
}

#[tokio::test]
async fn a_corrupt_stored_row_is_a_clear_error_not_a_panic() {
    use diesel::RunQueryDsl;
    use diesel::prelude::*;
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    let s = play_cards(&app.pool, &tokens, 5);
    let at = db::online::OnlineBoard {
        event: EventId::new(s.event),
        round: 1,
        table: 1,
        board: s.board,
    };
    // Card 6 stored by hand for a seat that is not to play.
    let (seat, _, next) = to_play(&app.pool, &tokens).unwrap();
    let wrong = seat.left(4);
    with_conn(&app, |c| {
        db::online::insert_move(
            c,
            at,
            Move {
                seq: 6,
                seat: wrong,
                card: legal(&next)[0],
            },
            db::now(),
        )
        .unwrap()
    });
    let e = online::table_state(&app.pool, &tokens[0]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Internal);
    assert_eq!(
        e.to_string(),
        format!(
            "the table's move 6 does not replay: {} played {}, but it was {}'s turn",
            wrong.name(),
            legal(&next)[0],
            seat.name()
        )
    );
    let e = online::play_card(
        &app.pool,
        &tokens[seat.index()],
        &legal(&next)[0].to_string(),
        7,
    )
    .unwrap_err();
    assert!(matches!(e, OnlineError::Corrupt(_)), "{e:?}");
    // A row whose card does not read.
    with_conn(&app, |c| {
        use calypso_director::db::schema::online_moves as m;
        diesel::update(
            m::table
                .filter(m::event_id.eq(at.event.get()))
                .filter(m::seq.eq(6)),
        )
        .set(m::card.eq("Z9"))
        .execute(c)
        .unwrap()
    });
    let e = online::table_state(&app.pool, &tokens[0]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the table's move 6 does not replay: the card is stored as \"Z9\""
    );
}

/// The engine's score of a record, as the seat's view shows it.
fn assert_same_score(engine: &calypso_director::engine::Score, view: &SeatView) {
    assert_eq!(view.score.table_total, engine.table_total);
    assert_eq!(view.score.sides.0.len(), engine.sides.len());
    for side in &engine.sides {
        let seen = view.score.sides.get(&side.name).unwrap();
        assert_eq!(
            (seen.trick_pile, seen.revoke_bonus, seen.points),
            (side.trick_pile, side.revoke_bonus, side.score),
            "{}",
            side.name
        );
    }
    for p in &engine.players {
        assert_eq!(view.score.players.get(p.seat).unwrap().points, p.score);
    }
}
