//! The web pages: a small front end served by the server itself, on top of the archive REST
//! API and the WebSocket protocol. Plain HTML, CSS and JavaScript modules from `server/web/`,
//! compiled into the binary (`include_str!`): no build step, nothing fetched from elsewhere.
//!
//! | route | page |
//! | --- | --- |
//! | `GET /`, `GET /matches` | the match archive: search, filter, page (state in the URL) |
//! | `GET /matches/{id}` | a match: summary, dice verification, replay viewer (`?step=N`) |
//! | `GET /live`, `GET /live/{id}` | live matches; one followed as a spectator over `/ws` |
//! | `GET /leagues`, `GET /leagues/{id}` | leagues; one league's coaches, matches, standings |
//! | `GET /leagues/{id}/teams` | a Blood Bowl league's teams |
//! | `GET /leagues/{id}/teams/{team}` | a league team: roster, value, treasury, record, history |
//! | `GET /leagues/{id}/teams/{team}/players/{player}` | a league team's player: SPP, advancements, injuries, matches |
//! | `GET /organiser` | log in and manage leagues (create, register coaches, attach matches) |
//! | `GET /assets/{file}` | the CSS and JavaScript |
//! | `GET /api/rules/blitz` | the board layouts and team cards the pages draw with (JSON) |
//! | `GET /api/rules/blood_bowl` | Blood Bowl's pitch, rosters, skill names, stars and cards, for drawing (JSON) |
//!
//! Every page is the same HTML shell naming its script; the script reads the URL and calls
//! the API. Any other path outside `/api` and `/ws` gets the shell's "not found" page (404);
//! an unknown `/api/...` path stays a JSON 404.
//!
//! Headers: a strict Content-Security-Policy (scripts, styles, images and connections from
//! this origin only; no inline script or style), `X-Content-Type-Options: nosniff`,
//! `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`; pages and assets are
//! `Cache-Control: no-cache` with an `ETag` (the content's SHA-256), so a browser revalidates
//! and gets a 304 until the server is upgraded.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use dugout_protocol::ErrorCode;
use dugout_rules::bb::cards::{Card, Deck};
use dugout_rules::bb::data::{MAX_ON_PITCH, MAX_PLAYERS, SKILLS};
use dugout_rules::bb::state::{LENGTH, WIDTH, los_x, own_end_zone};
use dugout_rules::bb::{Roster, Star, Weather};
use dugout_rules::blitz::data::{BOARD_ONE_TRAPDOOR, BOARD_TWO_TRAPDOORS, BoardDef, TEAMS};
use dugout_rules::core::{Side, Square};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::archive::PathId;
use crate::error::Failure;

/// The Content-Security-Policy of every page and asset.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                       img-src 'self'; connect-src 'self'; base-uri 'none'; \
                       form-action 'self'; frame-ancestors 'none'";

/// The pages: path, title, script (under `/assets/`). Listed in the OpenAPI document too.
pub const PAGES: &[(&str, &str, &str)] = &[
    ("/", "Match archive", "archive.js"),
    ("/matches", "Match archive", "archive.js"),
    ("/matches/{id}", "Match", "match.js"),
    ("/live", "Live matches", "live.js"),
    ("/live/{id}", "Live match", "live.js"),
    ("/leagues", "Leagues", "leagues.js"),
    ("/leagues/{id}", "League", "league.js"),
    ("/leagues/{id}/teams", "League teams", "team.js"),
    ("/leagues/{id}/teams/{team}", "League team", "team.js"),
    (
        "/leagues/{id}/teams/{team}/players/{player}",
        "League player",
        "player.js",
    ),
    ("/organiser", "Organiser", "organiser.js"),
];

/// The static files: name, content type, content. Listed in the OpenAPI document too.
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("../web/app.css"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/common.js"),
    ),
    (
        "pitch.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/pitch.js"),
    ),
    (
        "describe.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/describe.js"),
    ),
    (
        "games.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/games.js"),
    ),
    (
        "blitz_fold.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/blitz_fold.js"),
    ),
    (
        "bb_fold.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/bb_fold.js"),
    ),
    (
        "bb_pitch.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/bb_pitch.js"),
    ),
    (
        "bb_describe.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/bb_describe.js"),
    ),
    (
        "bb_panel.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/bb_panel.js"),
    ),
    (
        "archive.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/archive.js"),
    ),
    (
        "match.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/match.js"),
    ),
    (
        "live.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/live.js"),
    ),
    (
        "leagues.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/leagues.js"),
    ),
    (
        "league.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/league.js"),
    ),
    (
        "team_words.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/team_words.js"),
    ),
    (
        "team_manage.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/team_manage.js"),
    ),
    (
        "team.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/team.js"),
    ),
    (
        "player.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/player.js"),
    ),
    (
        "organiser.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/organiser.js"),
    ),
    (
        "notfound.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/notfound.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../web/favicon.svg"),
    ),
];

const SHELL: &str = include_str!("../web/page.html");

/// The web routes: the pages, the assets, and the rules data the pages draw with.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(page_archive))
        .route("/matches", get(page_archive))
        .route("/matches/{id}", get(page_match))
        .route("/live", get(page_live))
        .route("/live/{id}", get(page_live))
        .route("/leagues", get(page_leagues))
        .route("/leagues/{id}", get(page_league))
        .route("/leagues/{id}/teams", get(page_league_teams))
        .route("/leagues/{id}/teams/{team}", get(page_league_team))
        .route(
            "/leagues/{id}/teams/{team}/players/{player}",
            get(page_league_player),
        )
        .route("/organiser", get(page_organiser))
        .route("/assets/{file}", get(asset))
        .route("/api/rules/blitz", get(rules_blitz))
        .route("/api/rules/blood_bowl", get(rules_blood_bowl))
}

fn etag(content: &str) -> String {
    let digest = Sha256::digest(content.as_bytes());
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// A page or asset as served: its content and its ETag, worked out once per process (the
/// content is compiled in, so neither changes while the server runs).
struct Body {
    content_type: &'static str,
    content: String,
    etag: String,
}

impl Body {
    fn new(content_type: &'static str, content: String) -> Body {
        let etag = etag(&content);
        Body {
            content_type,
            content,
            etag,
        }
    }
}

/// Every page shell (by path in [`PAGES`], and `"404"` for the not-found page) and every
/// asset (by file name), built on first use.
fn bodies() -> &'static HashMap<&'static str, Body> {
    static BODIES: OnceLock<HashMap<&'static str, Body>> = OnceLock::new();
    BODIES.get_or_init(|| {
        let html = "text/html; charset=utf-8";
        let mut all: HashMap<&'static str, Body> = PAGES
            .iter()
            .map(|(path, title, script)| (*path, Body::new(html, shell(title, script))))
            .collect();
        all.insert(
            NOT_FOUND,
            Body::new(html, shell("Not found", "notfound.js")),
        );
        for (name, content_type, content) in ASSETS {
            all.insert(*name, Body::new(content_type, (*content).to_owned()));
        }
        all
    })
}

/// The key of the not-found page in [`bodies`] (no page path or asset name looks like it).
const NOT_FOUND: &str = "404";

/// `body` with the security and cache headers, or a 304 if the browser has it.
fn respond(status: StatusCode, body: &'static Body, req: &HeaderMap) -> Response {
    let fresh = status == StatusCode::OK
        && req
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|t| t.trim() == body.etag));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (status, body.content.as_str()).into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(body.content_type),
    );
    if let Ok(v) = HeaderValue::from_str(&body.etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    security_headers(h);
    response
}

fn security_headers(h: &mut HeaderMap) {
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
}

/// The shell for `title` running `script`.
fn shell(title: &str, script: &str) -> String {
    SHELL
        .replace("{{title}}", title)
        .replace("{{script}}", script)
}

fn page(path: &str, req: &HeaderMap) -> Response {
    match bodies().get(path) {
        Some(body) => respond(StatusCode::OK, body, req),
        None => not_found_page(req),
    }
}

/// The "not found" page, with a 404.
fn not_found_page(req: &HeaderMap) -> Response {
    match bodies().get(NOT_FOUND) {
        Some(body) => respond(StatusCode::NOT_FOUND, body, req),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn page_archive(req: HeaderMap) -> Response {
    page("/matches", &req)
}
async fn page_match(req: HeaderMap) -> Response {
    page("/matches/{id}", &req)
}
async fn page_live(req: HeaderMap) -> Response {
    page("/live", &req)
}
async fn page_leagues(req: HeaderMap) -> Response {
    page("/leagues", &req)
}
async fn page_league(req: HeaderMap) -> Response {
    page("/leagues/{id}", &req)
}
async fn page_league_teams(req: HeaderMap) -> Response {
    page("/leagues/{id}/teams", &req)
}
async fn page_league_team(req: HeaderMap) -> Response {
    page("/leagues/{id}/teams/{team}", &req)
}
async fn page_league_player(req: HeaderMap) -> Response {
    page("/leagues/{id}/teams/{team}/players/{player}", &req)
}
async fn page_organiser(req: HeaderMap) -> Response {
    page("/organiser", &req)
}

async fn asset(PathId(file): PathId, req: HeaderMap) -> Response {
    let known = ASSETS.iter().any(|(name, _, _)| *name == file);
    match bodies().get(file.as_str()).filter(|_| known) {
        Some(body) => respond(StatusCode::OK, body, &req),
        // A JSON 404 like every other machine path's (the OpenAPI document lists the asset
        // names).
        None => {
            let mut r =
                Failure::new(ErrorCode::NotFound, format!("no asset {file:?}")).into_response();
            security_headers(r.headers_mut());
            r
        }
    }
}

/// Any path no route takes: a JSON 404 under `/api` and `/ws` (and for `/health`-style
/// machine paths), else the "not found" page.
pub async fn fallback(uri: Uri, req: HeaderMap) -> Response {
    let path = uri.path();
    let machine = path == "/api"
        || path.starts_with("/api/")
        || path == "/ws"
        || path.starts_with("/ws/")
        || path.starts_with("/assets/");
    if machine {
        return crate::archive::no_route(uri).await.into_response();
    }
    not_found_page(&req)
}

fn board_json(b: &BoardDef) -> Value {
    json!({
        "side": b.side,
        "length": b.length,
        "width": b.width,
        "trapdoors": b.trapdoors,
        "blocked": b.blocked,
    })
}

/// `GET /api/rules/blitz`: board layouts and team cards (names, positions), as the pages
/// need them to draw a view. Built and serialized once.
async fn rules_blitz() -> Response {
    static DATA: OnceLock<String> = OnceLock::new();
    let body = DATA.get_or_init(|| {
        let teams: serde_json::Map<String, Value> = TEAMS
            .iter()
            .map(|t| {
                let id = serde_json::to_value(t.id)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_else(|| t.name.to_owned());
                let positions: Vec<Value> = t
                    .positions
                    .iter()
                    .map(|p| json!({"name": p.name, "count": p.count}))
                    .collect();
                (id, json!({"name": t.name, "positions": positions}))
            })
            .collect();
        json!({
            "boards": {
                "OneTrapdoor": board_json(&BOARD_ONE_TRAPDOOR),
                "TwoTrapdoors": board_json(&BOARD_TWO_TRAPDOORS),
            },
            "default_board": "OneTrapdoor",
            "teams": teams,
        })
        .to_string()
    });
    json_response(body)
}

fn json_response(body: &'static str) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
}

/// A value's wire name (its serde string), for keys of the rules data.
fn wire_name<T: serde::Serialize>(value: &T, fallback: &str) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| fallback.to_owned())
}

/// How people call a Blood Bowl team of `roster`: "Humans v Orcs". The match is exhaustive,
/// so a new roster does not compile without its team name.
fn bb_team_name(roster: Roster) -> &'static str {
    match roster {
        Roster::Human => "Humans",
        Roster::Orc => "Orcs",
        Roster::Dwarf => "Dwarves",
        Roster::Skaven => "Skaven",
        Roster::WoodElf => "Wood Elves",
        Roster::Goblin => "Goblins",
        Roster::Amazon => "Amazons",
        Roster::Chaos => "Chaos",
        Roster::ChaosDwarf => "Chaos Dwarves",
        Roster::DarkElf => "Dark Elves",
        Roster::Elf => "Elves",
        Roster::Halfling => "Halflings",
        Roster::HighElf => "High Elves",
        Roster::Khemri => "Khemri",
        Roster::Lizardmen => "Lizardmen",
        Roster::Necromantic => "Necromantic",
        Roster::Norse => "Norse",
        Roster::Nurgle => "Nurgle",
        Roster::Ogre => "Ogres",
        Roster::Undead => "Undead",
        Roster::Vampire => "Vampires",
        Roster::Slann => "Slann",
        Roster::ChaosPact => "Chaos Pact",
        Roster::Underworld => "Underworld",
    }
}

/// How people call a Blood Bowl weather (blood-bowl.md §8). Exhaustive, as [`bb_team_name`].
fn bb_weather_name(w: Weather) -> &'static str {
    match w {
        Weather::SwelteringHeat => "Sweltering Heat",
        Weather::VerySunny => "Very Sunny",
        Weather::Nice => "Nice",
        Weather::PouringRain => "Pouring Rain",
        Weather::Blizzard => "Blizzard",
    }
}

/// `GET /api/rules/blood_bowl`: what the pages need to draw and word a Blood Bowl view, from
/// the engine's tables: the pitch (26x15, end zones, wide zones, lines of scrimmage), every
/// roster (team names, positions with their stats and skills, the unofficial ones marked),
/// the skill names and the weather names, the Star Players (names, fees), the Special Play
/// Cards (names, codes, decks, windows) and the decks. Built and serialized once.
async fn rules_blood_bowl() -> Response {
    static DATA: OnceLock<String> = OnceLock::new();
    let body = DATA.get_or_init(|| {
        let teams: serde_json::Map<String, Value> = Roster::ALL
            .iter()
            .map(|&r| {
                let d = r.data();
                let positions: Vec<Value> = d
                    .positions
                    .iter()
                    .map(|p| {
                        json!({
                            "name": p.name,
                            "max": p.max,
                            "cost": p.cost,
                            "ma": p.ma,
                            "st": p.st,
                            "ag": p.ag,
                            "av": p.av,
                            "skills": p.skills.iter().map(|s| wire_name(s, s.name())).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                (
                    d.key.to_owned(),
                    json!({
                        "name": bb_team_name(r),
                        "roster": d.name,
                        "reroll_cost": d.reroll_cost,
                        "apothecary": d.apothecary,
                        "necromancer": d.necromancer,
                        "unofficial": d.unofficial,
                        "positions": positions,
                    }),
                )
            })
            .collect();
        let skills: serde_json::Map<String, Value> = SKILLS
            .iter()
            .map(|i| {
                (
                    wire_name(&i.skill, i.name),
                    json!({
                        "name": i.name,
                        "category": wire_name(&i.category, ""),
                        "section": i.section,
                        "built": i.built,
                    }),
                )
            })
            .collect();
        let weathers: serde_json::Map<String, Value> = [
            Weather::SwelteringHeat,
            Weather::VerySunny,
            Weather::Nice,
            Weather::PouringRain,
            Weather::Blizzard,
        ]
        .iter()
        .map(|w| (wire_name(w, ""), json!(bb_weather_name(*w))))
        .collect();
        let side = |s: Side| {
            json!({
                "end_zone": own_end_zone(s),
                "line_of_scrimmage": los_x(s),
            })
        };
        let wide = |y: i8| dugout_rules::bb::state::wide_zone(Square::new(0, y));
        let wide_rows = |zone: usize| -> Vec<i8> {
            (0..WIDTH).filter(|&y| wide(y) == Some(zone)).collect()
        };
        // §29: the Star Players by wire name (their names and fees, for the inducement
        // panels); §31: the Special Play Cards and their decks by wire name.
        let stars: serde_json::Map<String, Value> = Star::all()
            .map(|s| {
                let d = s.data();
                (
                    wire_name(&s, d.name),
                    json!({ "name": d.name, "cost": d.cost }),
                )
            })
            .collect();
        let cards: serde_json::Map<String, Value> = Card::all()
            .map(|c| {
                let i = c.info();
                (
                    wire_name(&c, i.name),
                    json!({
                        "name": i.name,
                        "code": c.code(),
                        "deck": wire_name(&i.deck, i.deck.name()),
                        "window": wire_name(&i.window, ""),
                    }),
                )
            })
            .collect();
        let decks: serde_json::Map<String, Value> = Deck::ALL
            .iter()
            .map(|d| {
                (
                    wire_name(d, d.name()),
                    json!({ "name": d.name(), "price": d.price() }),
                )
            })
            .collect();
        json!({
            "pitch": {
                "length": LENGTH,
                "width": WIDTH,
                "home": side(Side::Home),
                "away": side(Side::Away),
                "wide_zones": [wide_rows(0), wide_rows(1)],
                "max_on_pitch": MAX_ON_PITCH,
                "max_players": MAX_PLAYERS,
            },
            "teams": teams,
            "skills": skills,
            "weather": weathers,
            "stars": stars,
            "cards": cards,
            "decks": decks,
        })
        .to_string()
    });
    json_response(body)
}
