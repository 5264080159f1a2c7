//! A table's play replayed trick by trick on the deal viewer (#39 item 5): any result
//! entered as the full play record, once the board's cards and results are public.

mod common;

use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_play_record_is_replayed_trick_by_trick_on_the_deal_viewer() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);
    let api = api_for(&app, &d, "alpha").await;
    let e = mitchell(api).await;
    let id = e.path.rsplit('/').next().unwrap().to_string();
    let page = format!("/c/alpha/events/{id}");
    let started = e.start_round(1).await;
    let board = started["tables"][0]["boards"][0].as_u64().unwrap();
    let dealers = e.dealers(board);
    let deals = e.deals(board);
    let (record, _) = played_record(&deals, &dealers);
    let (s, r) = e
        .api
        .post(
            &e.results(),
            json!({"round": 1, "table": 1, "board": board, "record": record}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{r}");

    let play = format!("{page}/boards/{board}/play/1/1");
    // The director sees the traveller and its link before release; the public nothing.
    let (status, viewer) = d.get_text(&format!("{page}/boards/{board}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(viewer.contains(&format!("href=\"{play}\">Replay the play</a>")));
    assert_eq!(public.get(&play).await.status(), StatusCode::NOT_FOUND);

    // Trick 1 of deal 1: the record's cards, by seat, and who led.
    let (status, html) = d.get_text(&play).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("Deal 1, trick 1"), "{html}");
    let first = &record["deals"][0]["tricks"][0];
    for seat in ["N", "E", "S", "W"] {
        let card = first[seat].as_str().unwrap();
        let pretty = pretty(card);
        assert!(html.contains(&pretty), "{seat} {pretty}");
    }
    assert!(html.contains("won trick 1."));
    assert!(html.contains("rel=\"next\">Deal 1 trick 2 →</a>"));
    assert!(!html.contains("rel=\"prev\""));
    // The deal's list shows all 13 tricks, each card as the record has it.
    for t in 0..13 {
        let trick = &record["deals"][0]["tricks"][t];
        assert!(html.contains(&format!("?deal=1&amp;trick={}\">{}</a>", t + 1, t + 1)));
        for seat in ["N", "E", "S", "W"] {
            assert!(html.contains(&pretty(trick[seat].as_str().unwrap())));
        }
    }
    // Stepping across a deal: after deal 1's last trick comes deal 2's first.
    let (_, last) = d.get_text(&format!("{play}?deal=1&trick=13")).await;
    assert!(last.contains("rel=\"next\">Deal 2 trick 1 →</a>"), "{last}");
    let (_, second) = d.get_text(&format!("{play}?deal=2&trick=1")).await;
    assert!(second.contains("rel=\"prev\">← Deal 1 trick 13</a>"));
    assert!(second.contains("Deal 2, trick 1"));
    // Steps out of range or not numbers show the nearest step, never an error.
    for q in ["?deal=99&trick=99", "?deal=abc&trick=-1", "?deal=0&trick=0"] {
        let (s, body) = d.get_text(&format!("{play}{q}")).await;
        assert_eq!(s, StatusCode::OK, "{q}");
        assert!(body.contains(", trick "), "{q}");
    }
    let (_, end) = d.get_text(&format!("{play}?deal=4&trick=13")).await;
    assert!(end.contains("Deal 4, trick 13"));
    assert!(!end.contains("rel=\"next\""));
    assert!(
        end.contains("The engine&#39;s score of the whole game")
            || end.contains("The engine's score of the whole game")
    );

    // A table with no result, and paths that are not numbers: not found.
    for bad in [
        format!("{page}/boards/{board}/play/1/2"),
        format!("{page}/boards/{board}/play/1/x"),
        format!("{page}/boards/{board}/play/-1/1"),
        format!("{page}/boards/999/play/1/1"),
        format!("{page}/boards/{board}/play/4294967296/1"),
    ] {
        let s = d.get(&bad).await.status();
        assert_eq!(s, StatusCode::NOT_FOUND, "{bad}");
    }
}

/// "9S" as pages show it: "9♠".
fn pretty(card: &str) -> String {
    let (rank, suit) = card.split_at(1);
    let symbol = match suit {
        "S" => "♠",
        "H" => "♥",
        "D" => "♦",
        _ => "♣",
    };
    format!("{rank}{symbol}")
}
