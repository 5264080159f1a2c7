//! An event's papers as PDFs: hand records, curtain cards, stacking order, rebuild sheets and
//! packet labels, and the same for the reserve boards. The club's directors may download them once the deal key exists;
//! everyone else after the hand records are released (the visibility rule).

use actix_web::{HttpResponse, web};

use crate::event::EventId;
use crate::event::game::EventGame;
use crate::event::par::EventPars;
use crate::print::hand_records::{PdfKind, event_papers_with_pars};
use crate::service::events::club_event;
use crate::web::auth::MaybeDirector;
use crate::web::error::AppError;
use crate::web::state::AppState;

/// Which paper a path names: `records`, `curtains`, `stack`, `rebuild`, `labels`, each also
/// as `reserve-...`.
fn paper(name: &str) -> Option<(PdfKind, bool)> {
    let (reserve, kind) = match name.strip_prefix("reserve-") {
        Some(k) => (true, k),
        None => (false, name),
    };
    let kind = match kind {
        "records" => PdfKind::Records,
        "curtains" => PdfKind::Curtains,
        "stack" => PdfKind::Stack,
        "rebuild" => PdfKind::Rebuild,
        "labels" => PdfKind::Labels,
        _ => return None,
    };
    Some((kind, reserve))
}

/// `/c/{club}/events/{event}/hand-records.pdf`, the first paper the site offered.
pub async fn hand_records(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (club, event) = path.into_inner();
    serve(state, viewer, club, event, "records".into()).await
}

/// `/c/{club}/events/{event}/papers/{paper}.pdf`.
pub async fn download(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (club, event, name) = path.into_inner();
    serve(state, viewer, club, event, name).await
}

async fn serve(
    state: web::Data<AppState>,
    viewer: MaybeDirector,
    slug: String,
    event: String,
    name: String,
) -> Result<HttpResponse, AppError> {
    let id: EventId = event.parse().map_err(|_| AppError::NotFound)?;
    let (kind, reserve) = paper(&name).ok_or(AppError::NotFound)?;
    // The hand records print each board's robot par as far as it is worked out.
    let with_par = matches!(kind, PdfKind::Records | PdfKind::All) && !reserve;
    let working = state.pars.working();
    let (ev, pars) = state
        .db(move |c| {
            let (_, ev) = club_event(c, &slug, id)?;
            let pars = match with_par {
                true => crate::service::pars::event_pars(c, &ev, working)?,
                false => EventPars::None,
            };
            Ok((ev, pars))
        })
        .await?;
    // Hidden, not forbidden: an outsider cannot tell unreleased records from none.
    // A game dealt at the table (Embers) has no boards: nothing the site deals is played.
    if !ev.exposure().papers_visible(viewer.toward(ev.club_id))
        || !EventGame::of(&ev.settings).papers()
    {
        return Err(AppError::NotFound);
    }
    let key = ev.deal.clone().ok_or(AppError::NotFound)?;
    let filename = format!("event-{id}-{name}.pdf");
    let pdf = web::block(move || event_papers_with_pars(&ev.settings, &key, kind, reserve, &pars))
        .await?
        .map_err(AppError::from)?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{filename}\""),
        ))
        .insert_header(("Cache-Control", "private, no-store"))
        .body(pdf))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_names() {
        assert_eq!(paper("records"), Some((PdfKind::Records, false)));
        assert_eq!(paper("reserve-stack"), Some((PdfKind::Stack, true)));
        assert_eq!(paper("rebuild"), Some((PdfKind::Rebuild, false)));
        assert_eq!(paper("reserve-labels"), Some((PdfKind::Labels, true)));
        assert_eq!(paper("all"), None);
        assert_eq!(paper("reserve-all"), None);
        assert_eq!(paper("reserve-"), None);
    }
}
