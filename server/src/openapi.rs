//! The OpenAPI 3.1 document served at `GET /api/openapi.json`.
//!
//! The paths are listed by hand in [`OPERATIONS`]; every request and response body's schema
//! is generated from the handlers' own types with schemars (the same derives that make the
//! protocol's JSON Schema), so the bodies cannot drift from the code. A test checks that
//! every route the router declares is in the document.

use axum::Json;
use dugout_protocol::{
    ApiError, AttachMatch, BotItem, Credentials, EventPage, LeagueBody, LeagueInvitation,
    LeagueLogLine, MatchCommands, MatchPage, MatchSummary, NewBot, NewLeague, NewLeagueCoach,
    RoomSummary, Standings, StateAt, TokenGrant,
};
use schemars::generate::{SchemaGenerator, SchemaSettings};
use serde_json::{Map, Value, json};

use crate::api::{Health, Me, Version};
use crate::archive::Verification;
use crate::leagues::LeagueItem;

/// Who may call an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Auth {
    None,
    /// A bearer token is optional: it may show more (private matches, a coach's hand).
    Optional,
    Required,
}

/// A schema made by the generator (the types' definitions land in the generator).
type SchemaFn = fn(&mut SchemaGenerator) -> schemars::Schema;

/// One operation of the document.
pub struct Operation {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub auth: Auth,
    /// Query parameters: name and description.
    pub query: &'static [(&'static str, &'static str)],
    pub body: Option<SchemaFn>,
    /// The success status and its body.
    pub ok: (u16, Option<SchemaFn>),
}

fn schema<T: schemars::JsonSchema>(g: &mut SchemaGenerator) -> schemars::Schema {
    g.subschema_for::<T>()
}

/// Every HTTP operation the server answers, besides the WebSocket upgrade at `GET /ws`.
pub const OPERATIONS: &[Operation] = &[
    Operation {
        method: "get",
        path: "/health",
        summary: "Liveness",
        auth: Auth::None,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Health>)),
    },
    Operation {
        method: "get",
        path: "/version",
        summary: "Server and protocol versions",
        auth: Auth::None,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Version>)),
    },
    Operation {
        method: "post",
        path: "/api/register",
        summary: "Create an account; a session token",
        auth: Auth::None,
        query: &[],
        body: Some(schema::<Credentials>),
        ok: (201, Some(schema::<TokenGrant>)),
    },
    Operation {
        method: "get",
        path: "/api/bots",
        summary: "The caller's bots, by name, with how many API tokens each has",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Vec<BotItem>>)),
    },
    Operation {
        method: "post",
        path: "/api/bots/{name}/token",
        summary: "Rotate a bot's token: every old one is revoked (its sockets close), a new one granted (the owner's session only)",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (201, Some(schema::<TokenGrant>)),
    },
    Operation {
        method: "delete",
        path: "/api/bots/{name}/tokens",
        summary: "Revoke every token of a bot; its sockets close (the owner's session only)",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (204, None),
    },
    Operation {
        method: "post",
        path: "/api/login",
        summary: "Log in; a session token",
        auth: Auth::None,
        query: &[],
        body: Some(schema::<Credentials>),
        ok: (200, Some(schema::<TokenGrant>)),
    },
    Operation {
        method: "post",
        path: "/api/logout",
        summary: "End the session",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (204, None),
    },
    Operation {
        method: "get",
        path: "/api/me",
        summary: "The token's account",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Me>)),
    },
    Operation {
        method: "post",
        path: "/api/bots",
        summary: "Create a bot account owned by the caller; its API token",
        auth: Auth::Required,
        query: &[],
        body: Some(schema::<NewBot>),
        ok: (201, Some(schema::<TokenGrant>)),
    },
    Operation {
        method: "get",
        path: "/api/rooms",
        summary: "Public open and playing rooms",
        auth: Auth::None,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Vec<RoomSummary>>)),
    },
    Operation {
        method: "get",
        path: "/api/matches",
        summary: "Stored matches, filtered and paged, newest first",
        auth: Auth::Optional,
        query: &[
            ("game", "game kind (blitz)"),
            ("edition", "rules edition (Bb2018, Bb2024)"),
            (
                "coach",
                "a coach's account name (either seat, case-insensitive)",
            ),
            ("team", "a team (either seat)"),
            ("status", "open, playing, finished or closed"),
            ("from", "created at or after: YYYY-MM-DD (UTC) or Unix ms"),
            (
                "to",
                "created at or before: YYYY-MM-DD (the whole day) or Unix ms",
            ),
            ("result", "home, away or draw (the winner)"),
            ("league", "a league id"),
            ("limit", "page size, 1 to 100 (default 20)"),
            ("offset", "matches to skip (default 0)"),
        ],
        body: None,
        ok: (200, Some(schema::<MatchPage>)),
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}",
        summary: "One match's summary, computed from its events",
        auth: Auth::Optional,
        query: &[],
        body: None,
        ok: (200, Some(schema::<MatchSummary>)),
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}/events",
        summary: "A page of the match's event log (projected for the caller while live)",
        auth: Auth::Optional,
        query: &[
            ("from", "first sequence number (default 1)"),
            ("limit", "page size, 1 to 1000 (default 200)"),
        ],
        body: None,
        ok: (200, Some(schema::<EventPage>)),
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}/state",
        summary: "The state at a sequence number, replayed by the server",
        auth: Auth::Optional,
        query: &[
            ("seq", "sequence number, 1 to the last (default the last)"),
            (
                "as",
                "home, away or spectator (any once the match is over; while live, only your own seat)",
            ),
        ],
        body: None,
        ok: (200, Some(schema::<StateAt>)),
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}/verification",
        summary: "The provably fair dice checked by the server: verified, not revealed yet, not started or failed",
        auth: Auth::Optional,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Verification>)),
    },
    Operation {
        method: "get",
        path: "/api/matches/{id}/commands",
        summary: "A finished match's setup, rules version, dice and every stored command, to replay it without the server (409 wrong_phase until it has ended)",
        auth: Auth::Optional,
        query: &[],
        body: None,
        ok: (200, Some(schema::<MatchCommands>)),
    },
    Operation {
        method: "get",
        path: "/api/leagues",
        summary: "Every league, newest first",
        auth: Auth::None,
        query: &[(
            "organiser",
            "only the leagues this account organises (case-insensitive)",
        )],
        body: None,
        ok: (200, Some(schema::<Vec<LeagueItem>>)),
    },
    Operation {
        method: "post",
        path: "/api/leagues",
        summary: "Create a league; the caller organises it",
        auth: Auth::Required,
        query: &[],
        body: Some(schema::<NewLeague>),
        ok: (201, Some(schema::<LeagueBody>)),
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}",
        summary: "A league: scheme, coaches, matches",
        auth: Auth::None,
        query: &[],
        body: None,
        ok: (200, Some(schema::<LeagueBody>)),
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/coaches",
        summary: "Register a coach and their team (organiser only)",
        auth: Auth::Required,
        query: &[],
        body: Some(schema::<NewLeagueCoach>),
        ok: (201, Some(schema::<LeagueBody>)),
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/matches",
        summary: "Attach a match whose coaches are registered (organiser only)",
        auth: Auth::Required,
        query: &[],
        body: Some(schema::<AttachMatch>),
        ok: (200, Some(schema::<LeagueBody>)),
    },
    Operation {
        method: "delete",
        path: "/api/leagues/{id}/matches/{match}",
        summary: "Detach a match; it stays in the archive (organiser only, logged)",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (200, Some(schema::<LeagueBody>)),
    },
    Operation {
        method: "post",
        path: "/api/leagues/{id}/invitation",
        summary: "Accept the caller's invitation to the league",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (200, Some(schema::<LeagueBody>)),
    },
    Operation {
        method: "delete",
        path: "/api/leagues/{id}/invitation",
        summary: "Decline the caller's invitation to the league (logged)",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (204, None),
    },
    Operation {
        method: "get",
        path: "/api/invitations",
        summary: "The caller's league invitations not accepted yet, newest league first",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Vec<LeagueInvitation>>)),
    },
    Operation {
        method: "delete",
        path: "/api/leagues/{id}/coaches/{name}",
        summary: "Unregister a coach with no attached match (organiser only, logged)",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (200, Some(schema::<LeagueBody>)),
    },
    Operation {
        method: "delete",
        path: "/api/leagues/{id}",
        summary: "Delete a league, detaching its matches (organiser only, logged)",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (204, None),
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/log",
        summary: "The organiser's actions on the league, newest first (organiser only)",
        auth: Auth::Required,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Vec<LeagueLogLine>>)),
    },
    Operation {
        method: "get",
        path: "/api/leagues/{id}/standings",
        summary: "Standings from the attached finished matches",
        auth: Auth::None,
        query: &[],
        body: None,
        ok: (200, Some(schema::<Standings>)),
    },
    Operation {
        method: "get",
        path: "/api/rules/blitz",
        summary: "Board layouts and team cards (names, positions), for drawing a view",
        auth: Auth::None,
        query: &[],
        body: None,
        ok: (200, None),
    },
    Operation {
        method: "get",
        path: "/assets/{file}",
        summary: "The web pages' CSS and JavaScript",
        auth: Auth::None,
        query: &[],
        body: None,
        ok: (200, None),
    },
    Operation {
        method: "get",
        path: "/api/openapi.json",
        summary: "This document",
        auth: Auth::None,
        query: &[],
        body: None,
        ok: (200, None),
    },
];

/// The whole document.
pub fn document() -> Value {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = "/components/schemas".into();
    let mut g = settings.into_generator();
    let error = g.subschema_for::<ApiError>().to_value();
    let mut paths: Map<String, Value> = Map::new();
    for op in OPERATIONS {
        let mut parameters: Vec<Value> = Vec::new();
        for segment in op.path.split('/') {
            if let Some(name) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                parameters.push(json!({
                    "name": name, "in": "path", "required": true, "schema": {"type": "string"}
                }));
            }
        }
        for (name, description) in op.query {
            parameters.push(json!({
                "name": name, "in": "query", "required": false,
                "description": description, "schema": {"type": "string"}
            }));
        }
        let mut responses = Map::new();
        let ok = match op.ok.1 {
            Some(f) => json!({
                "description": "success",
                "content": {"application/json": {"schema": f(&mut g).to_value()}}
            }),
            None => json!({"description": "success"}),
        };
        responses.insert(op.ok.0.to_string(), ok);
        responses.insert(
            "4XX".into(),
            json!({
                "description": "a bad parameter, body or token, a refusal or no such thing: \
                                the error code and a message",
                "content": {"application/json": {"schema": error}}
            }),
        );
        let mut operation = json!({
            "summary": op.summary,
            "parameters": parameters,
            "responses": responses,
        });
        if let Some(f) = op.body {
            operation["requestBody"] = json!({
                "required": true,
                "content": {"application/json": {"schema": f(&mut g).to_value()}}
            });
        }
        match op.auth {
            Auth::None => {}
            Auth::Optional => operation["security"] = json!([{}, {"bearer": []}]),
            Auth::Required => operation["security"] = json!([{"bearer": []}]),
        }
        let entry = paths.entry(op.path.to_owned()).or_insert_with(|| json!({}));
        entry[op.method] = operation;
    }
    for (path, title, _) in crate::web::PAGES {
        let mut parameters: Vec<Value> = Vec::new();
        if path.contains("{id}") {
            parameters.push(json!({
                "name": "id", "in": "path", "required": true, "schema": {"type": "string"}
            }));
        }
        let entry = paths.entry((*path).to_owned()).or_insert_with(|| json!({}));
        entry["get"] = json!({
            "summary": format!("Web page: {title}"),
            "parameters": parameters,
            "responses": {"200": {
                "description": "the page (HTML; its script calls the API)",
                "content": {"text/html": {}}
            }},
        });
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Dugout server",
            "version": crate::SERVER_VERSION,
            "description": "Accounts, rooms, the match archive and leagues. The game itself \
                            is played over the WebSocket at /ws (docs/protocol.md)."
        },
        "paths": paths,
        "components": {
            "schemas": g.take_definitions(true),
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}
        }
    })
}

/// `GET /api/openapi.json`.
pub async fn serve() -> Json<Value> {
    Json(document())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(method, path)` of every `.route("...", method(...))` in a source file.
    fn declared(source: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut rest = source;
        while let Some(i) = rest.find(".route(\"") {
            rest = &rest[i + 8..];
            let Some(end) = rest.find('"') else { break };
            let path = rest[..end].to_owned();
            let after = rest[end + 1..].trim_start_matches([',', ' ', '\n']);
            let method = after
                .split('(')
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned();
            out.push((method, path));
        }
        out
    }

    #[test]
    fn every_route_is_in_the_document() {
        let doc = document();
        let sources = [
            include_str!("api.rs"),
            include_str!("archive.rs"),
            include_str!("leagues.rs"),
            include_str!("web.rs"),
        ];
        let routes: Vec<(String, String)> = sources.iter().flat_map(|s| declared(s)).collect();
        assert!(routes.len() >= 15, "{routes:?}");
        for (method, path) in routes {
            assert!(
                doc["paths"][&path][&method].is_object(),
                "{method} {path} is not in the OpenAPI document"
            );
        }
    }

    #[test]
    fn every_reference_resolves() {
        let doc = document();
        let text = doc.to_string();
        let schemas = &doc["components"]["schemas"];
        let mut rest = text.as_str();
        while let Some(i) = rest.find("#/components/schemas/") {
            rest = &rest[i + 21..];
            let end = rest.find('"').unwrap_or(rest.len());
            let name = &rest[..end];
            assert!(schemas[name].is_object(), "no schema {name}");
        }
    }
}
