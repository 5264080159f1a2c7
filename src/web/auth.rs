//! Who is asking: the logged-in director of a browser session, a director acting on their
//! own club, or a director calling the API with a bearer token.

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;

use actix_session::SessionExt;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload, web};

use super::error::AppError;
use super::state::AppState;
use crate::event::club::{Club, Director};
use crate::event::results::OpenDisputes;
use crate::event::{ClubId, Viewer as EventViewer};
use crate::service::{self, accounts, tokens};

/// Session key of the login token.
pub const SESSION_LOGIN: &str = "login";

/// The client address used for per-IP limits (see [`client_addr`]).
pub fn client_ip(req: &HttpRequest) -> String {
    client_addr(req).map_or_else(|| "unknown".into(), |a| a.to_string())
}

/// The client's address (None when actix-web does not know the peer, which does not happen
/// on a TCP listener): the TCP peer, unless the peer is one of `CALYPSO_TRUSTED_PROXIES`;
/// then what that proxy says in `X-Forwarded-For`. Any other peer could write anything there
/// and pick its own address, so its header is ignored.
pub fn client_addr(req: &HttpRequest) -> Option<IpAddr> {
    let peer = req.peer_addr()?.ip();
    let trusted = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.config.trusted_proxies.as_slice())
        .unwrap_or_default();
    let forwarded: Result<Vec<&str>, _> = req
        .headers()
        .get_all("x-forwarded-for")
        .map(|v| v.to_str())
        .collect();
    // A header that is not text is as malformed as one that names no address.
    let forwarded = forwarded.unwrap_or_else(|_| vec!["?"]);
    Some(forwarded_client(peer, &forwarded, trusted))
}

/// The client behind a trusted proxy: the rightmost address of `X-Forwarded-For` that is
/// not itself a trusted proxy (each proxy appends the address it was reached from, so the
/// entries left of the last untrusted one may be made up by the client). The peer when it
/// is not trusted, or the header is missing or does not read (an entry that is no address).
fn forwarded_client(peer: IpAddr, forwarded: &[&str], trusted: &[IpAddr]) -> IpAddr {
    let peer = peer.to_canonical();
    if !trusted.contains(&peer) || forwarded.is_empty() {
        return peer;
    }
    let mut chain = Vec::new();
    for entry in forwarded.iter().flat_map(|h| h.split(',')) {
        match entry.trim().parse::<IpAddr>() {
            Ok(ip) => chain.push(ip.to_canonical()),
            Err(_) => return peer,
        }
    }
    chain
        .iter()
        .rev()
        .find(|ip| !trusted.contains(ip))
        // Every hop a trusted proxy: the first of them is where the request came from.
        .or(chain.first())
        .copied()
        .unwrap_or(peer)
}

/// A logged-in director, if any (public pages use this to show director controls).
pub struct MaybeDirector(pub Option<(Director, Club)>);

type Pending<T, E> = Pin<Box<dyn Future<Output = Result<T, E>>>>;

/// The login session's token, if the request carries one.
fn login_token(req: &HttpRequest) -> Option<String> {
    req.get_session()
        .get::<String>(SESSION_LOGIN)
        .ok()
        .flatten()
}

fn load_viewer(req: &HttpRequest) -> Pending<MaybeDirector, AppError> {
    let token = login_token(req);
    let state = req.app_data::<web::Data<AppState>>().cloned();
    Box::pin(async move {
        let (Some(token), Some(state)) = (token, state) else {
            return Ok(MaybeDirector(None));
        };
        let found = state
            .db(move |conn| Ok(accounts::director_for_session(conn, &token)?))
            .await?;
        Ok(MaybeDirector(found))
    })
}

impl FromRequest for MaybeDirector {
    type Error = AppError;
    type Future = Pending<MaybeDirector, AppError>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        load_viewer(req)
    }
}

impl MaybeDirector {
    /// How this viewer stands to a club's events (the visibility rule's viewer).
    pub fn toward(&self, club: ClubId) -> EventViewer {
        EventViewer::of(self.0.as_ref().map(|(d, _)| d.club_id), club)
    }
}

/// A director acting on their own club: the `{club}` in the path must be theirs. Not
/// logged in: redirect to the login page. Another club: 404, as if it did not exist.
pub struct ClubDirector {
    pub director: Director,
    pub club: Club,
    /// The club's open disputes, for the navigation's count on every page.
    pub disputes: OpenDisputes,
}

impl FromRequest for ClubDirector {
    type Error = actix_web::Error;
    type Future = Pending<ClubDirector, actix_web::Error>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = login_token(req);
        let slug = req.match_info().get("club").map(str::to_string);
        let path = req.path().to_string();
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let login_first = || -> actix_web::Error {
                let to = format!("/login?next={}", urlencode(&path));
                actix_web::error::InternalError::from_response(
                    "login required",
                    HttpResponse::SeeOther()
                        .insert_header((header::LOCATION, to))
                        .finish(),
                )
                .into()
            };
            let (Some(token), Some(state)) = (token, state) else {
                return Err(login_first());
            };
            // The director, and on their own club's pages its open disputes, in one trip to
            // the database: every director page asks.
            let found = state
                .db(move |conn| {
                    let Some((director, club)) = accounts::director_for_session(conn, &token)?
                    else {
                        return Ok(None);
                    };
                    if slug.as_deref() != Some(club.slug.as_str()) {
                        return Ok(Some(None));
                    }
                    let disputes = service::results::open_disputes(conn, club.id)?;
                    Ok(Some(Some(ClubDirector {
                        director,
                        club,
                        disputes,
                    })))
                })
                .await?;
            match found {
                None => Err(login_first()),
                // Another club: 404, as if it did not exist.
                Some(None) => Err(AppError::NotFound.into()),
                Some(Some(d)) => Ok(d),
            }
        })
    }
}

/// A director authenticated by `Authorization: Bearer <API token>`.
pub struct ApiDirector {
    pub director: Director,
    pub club: Club,
}

impl FromRequest for ApiDirector {
    type Error = AppError;
    type Future = Pending<ApiDirector, AppError>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string());
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let Some(token) = token.filter(|t| !t.is_empty()) else {
                return Err(AppError::ApiUnauthorized(
                    "missing API token: send Authorization: Bearer <token>".into(),
                ));
            };
            let Some(state) = state else {
                return Err(AppError::NotFound.into_api());
            };
            let found = state
                .db(move |conn| Ok(tokens::director_for_api_token(conn, &token)?))
                .await
                .map_err(AppError::into_api)?;
            match found {
                Some((director, club)) => Ok(ApiDirector { director, club }),
                None => Err(AppError::ApiUnauthorized(
                    "invalid or revoked API token".into(),
                )),
            }
        })
    }
}

/// Percent-encodes for a query value (the `next` page after login).
pub fn urlencode(s: &str) -> String {
    serde_urlencoded::to_string([("", s)])
        .map(|q| q.trim_start_matches('=').to_string())
        .unwrap_or_default()
}

/// Only same-site paths are followed after login (no open redirect).
pub fn safe_next(next: &str) -> String {
    if next.starts_with('/') && !next.starts_with("//") && !next.contains('\\') {
        next.to_string()
    } else {
        "/".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_must_stay_on_site() {
        assert_eq!(safe_next("/c/x/players"), "/c/x/players");
        assert_eq!(safe_next("//evil.example"), "/");
        assert_eq!(safe_next("https://evil.example"), "/");
        assert_eq!(urlencode("/c/a b"), "%2Fc%2Fa+b");
    }

    fn ip(a: &str) -> IpAddr {
        a.parse().unwrap()
    }

    #[test]
    fn only_a_trusted_proxy_says_who_the_client_is() {
        let proxy = ip("10.0.0.1");
        let trusted = [proxy, ip("10.0.0.2")];
        let client = |peer: &str, headers: &[&str]| forwarded_client(ip(peer), headers, &trusted);
        // Straight from a client: its header is its own invention.
        assert_eq!(client("203.0.113.9", &["198.51.100.1"]), ip("203.0.113.9"));
        // Through the proxy: the address it appended.
        assert_eq!(client("10.0.0.1", &["198.51.100.7"]), ip("198.51.100.7"));
        assert_eq!(
            client("10.0.0.1", &[]),
            proxy,
            "no header: the proxy itself"
        );
        // A client's own X-Forwarded-For is left of what the proxy appended: not believed.
        assert_eq!(
            client("10.0.0.1", &["1.2.3.4, 198.51.100.7"]),
            ip("198.51.100.7")
        );
        // Two proxies in a row, and the header split over two lines.
        assert_eq!(
            client("10.0.0.1", &["1.2.3.4, 198.51.100.7", "10.0.0.2"]),
            ip("198.51.100.7")
        );
        assert_eq!(client("10.0.0.1", &["2001:db8::7"]), ip("2001:db8::7"));
        // Every hop trusted: the first of them.
        assert_eq!(client("10.0.0.1", &["10.0.0.2"]), ip("10.0.0.2"));
        // Malformed: the peer.
        for bad in ["unknown", "1.2.3.4:5678", "", "198.51.100.7,,", "?"] {
            assert_eq!(client("10.0.0.1", &[bad]), proxy, "{bad:?}");
        }
        // A proxy reached over IPv6 as an IPv4-mapped address is the same proxy.
        assert_eq!(
            client("::ffff:10.0.0.1", &["198.51.100.7"]),
            ip("198.51.100.7")
        );
    }
}
