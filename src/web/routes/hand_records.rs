//! Hand-record PDFs: the event's directors may always download them (once the deal key
//! exists); everyone else only after the director releases them.

use actix_web::{HttpResponse, web};

use crate::db::models::Event;
use crate::db::queries;
use crate::deals::{self, PdfKind, PdfOptions, SetKey};
use crate::engine::{GameSpec, TrickRule, Variant};
use crate::web::AppState;
use crate::web::auth::Viewer;
use crate::web::domain::parse_trumps;
use crate::web::error::AppError;

pub async fn download(
    state: web::Data<AppState>,
    viewer: Viewer,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, id) = path.into_inner();
    let id: i32 = id.parse().map_err(|_| AppError::NotFound)?;
    let ev = state
        .db(move |c| {
            let club = queries::club_by_slug(c, &slug)?.ok_or(AppError::NotFound)?;
            queries::event(c, club.id, id)?.ok_or(AppError::NotFound)
        })
        .await?;
    // Hidden, not forbidden: an outsider cannot tell unreleased records from none.
    if !(viewer.directs(ev.club_id) || ev.hand_records_released) || ev.deal_key.is_none() {
        return Err(AppError::NotFound);
    }
    let filename = format!("hand-records-event-{}.pdf", ev.id);
    let pdf = web::block(move || render(&ev))
        .await
        .map_err(|e| AppError::Internal(format!("blocking task: {e}")))??;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{filename}\""),
        ))
        .insert_header(("Cache-Control", "private, no-store"))
        .body(pdf))
}

/// The single call into the deals module: every board of the event, one page each.
fn render(ev: &Event) -> Result<Vec<u8>, AppError> {
    let fail = |m: String| AppError::Internal(format!("hand records of event {}: {m}", ev.id));
    if ev.deal_algorithm.as_deref() != Some(deals::ALGORITHM) {
        return Err(fail(format!(
            "unsupported deal algorithm {:?}",
            ev.deal_algorithm
        )));
    }
    let key_hex = ev.deal_key.as_deref().ok_or(AppError::NotFound)?;
    let key = SetKey::from_hex(key_hex).map_err(|e| fail(e.to_string()))?;
    let spec = event_spec(ev).map_err(fail)?;
    let boards = (1..=ev.boards.max(0) as u32)
        .map(|n| deals::board(&key, n, false, &spec, None))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| fail(e.to_string()))?;
    let options = PdfOptions {
        kind: PdfKind::Records,
        event_name: Some(ev.name.clone()),
        date: Some(ev.event_date.format("%Y-%m-%d").to_string()),
        commitment: ev.deal_commitment.clone(),
    };
    deals::render(&boards, &spec, &options).map_err(|e| fail(e.to_string()))
}

/// The game an event plays, from its stored variant, trick rule and seating.
pub fn event_spec(ev: &Event) -> Result<GameSpec, String> {
    let variant: Variant = ev.variant.parse()?;
    let rule: TrickRule = ev.trick_rule.parse()?;
    let trumps = parse_trumps(&ev.trumps)?;
    Ok(GameSpec::new(variant)
        .with_trumps(trumps)
        .map_err(|e| e.0)?
        .with_rule(rule))
}
