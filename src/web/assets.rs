//! The site's static files (`/static/*`), served from memory. Pages link each with its
//! version in the URL (`/static/style.css?v=3f2a…`, the first hex digits of its SHA-256),
//! so a phone keeps it for a year and asks again only when a new build changes it; a
//! request with another version or none (an old page, a bookmark) revalidates with the
//! `ETag` every time and gets `304 Not Modified` while the file is the same.

use std::sync::OnceLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use sha2::{Digest, Sha256};

/// A versioned URL's lifetime: a year, and never revalidated while it lasts.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// An unversioned URL: kept, but asked again (cheaply, by its ETag) before each use.
const REVALIDATE: &str = "public, no-cache";

struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const ASSETS: [Asset; 9] = [
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../../static/style.css"),
    },
    Asset {
        name: "table.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../static/table.js"),
    },
    Asset {
        name: "rebuild.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../static/rebuild.js"),
    },
    Asset {
        name: "live.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../static/live.js"),
    },
    Asset {
        name: "forms.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../static/forms.js"),
    },
    Asset {
        name: "event_form.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../static/event_form.js"),
    },
    Asset {
        name: "clock.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../static/clock.js"),
    },
    Asset {
        name: "seat.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../static/seat.js"),
    },
    Asset {
        name: "favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../../static/favicon.svg"),
    },
];

/// Each asset's version, worked out once: the first 12 hex digits of its SHA-256.
fn versions() -> &'static [String; ASSETS.len()] {
    static VERSIONS: OnceLock<[String; ASSETS.len()]> = OnceLock::new();
    VERSIONS.get_or_init(|| {
        ASSETS.each_ref().map(|a| {
            let digest = Sha256::digest(a.body.as_bytes());
            hex::encode(&digest[..6])
        })
    })
}

fn find(name: &str) -> Option<(&'static Asset, &'static str)> {
    let i = ASSETS.iter().position(|a| a.name == name)?;
    Some((&ASSETS[i], versions()[i].as_str()))
}

/// The URL a page links an asset by: with its version, so it can be kept for a year.
/// A name that is not an asset (a template's typo) links the bare path, which answers 404.
pub fn url(name: &str) -> String {
    match find(name) {
        Some((a, v)) => format!("/static/{}?v={v}", a.name),
        None => format!("/static/{name}"),
    }
}

#[derive(serde::Deserialize)]
pub struct Version {
    v: Option<String>,
}

/// `GET /static/{name}`.
pub async fn serve(
    req: HttpRequest,
    name: web::Path<String>,
    version: web::Query<Version>,
) -> HttpResponse {
    match find(&name) {
        Some((asset, v)) => answer(&req, asset, v, version.v.as_deref() == Some(v)),
        None => HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("No such file."),
    }
}

/// `GET /favicon.ico`, where browsers and other clients look without a link: the SVG icon.
pub async fn favicon(req: HttpRequest) -> HttpResponse {
    let (asset, v) = find("favicon.svg").expect("the icon is an asset");
    answer(&req, asset, v, false)
}

fn answer(req: &HttpRequest, asset: &Asset, version: &str, versioned: bool) -> HttpResponse {
    let etag = format!("\"{version}\"");
    let cache = if versioned { IMMUTABLE } else { REVALIDATE };
    let unchanged = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|h| h.to_str().ok())
        .flat_map(|h| h.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == etag || t == "*");
    let mut res = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, etag.clone()))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(cache)));
    if unchanged {
        res.finish()
    } else {
        res.content_type(asset.content_type).body(asset.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_asset_links_its_own_version_and_versions_differ() {
        let urls: Vec<String> = ASSETS.iter().map(|a| url(a.name)).collect();
        for (a, u) in ASSETS.iter().zip(&urls) {
            let (path, v) = u.split_once("?v=").expect("a version");
            assert_eq!(path, format!("/static/{}", a.name));
            assert_eq!(v.len(), 12);
            assert!(v.bytes().all(|b| b.is_ascii_hexdigit()), "{u}");
        }
        let mut vs: Vec<&str> = urls
            .iter()
            .map(|u| u.split_once("?v=").unwrap().1)
            .collect();
        vs.sort();
        vs.dedup();
        assert_eq!(
            vs.len(),
            ASSETS.len(),
            "different files, different versions"
        );
        assert_eq!(url("nothing.css"), "/static/nothing.css");
    }
}
