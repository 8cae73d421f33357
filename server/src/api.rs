//! The HTTP routes: health, version, accounts, the room list, and the WebSocket upgrade.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `GET /health` | | `{"status":"ok"}` |
//! | `GET /version` | | server and protocol versions |
//! | `POST /api/register` | `NewAccount` | 201 `TokenGrant` (a session) |
//! | `POST /api/login` | `Credentials` | 200 `TokenGrant` (a session) |
//! | `POST /api/logout` | bearer token | 204 |
//! | `GET /api/me` | bearer token | `{"account":..,"bot":..}` |
//! | `POST /api/bots` | bearer token, `NewBot` | 201 `TokenGrant` (the bot's API token) |
//! | `GET /api/bots` | bearer token | the caller's bots (`BotItem`s) |
//! | `POST /api/bots/{name}/token` | owner's session | 201 `TokenGrant`: every old token revoked, a new one |
//! | `DELETE /api/bots/{name}/tokens` | owner's session | 204: every token revoked (its sockets close) |
//! | `GET /api/rooms` | | public open and playing rooms |
//! | `GET /api/matches[/{id}[/events,/state]]` | | the archive (see `archive`) |
//! | `/api/leagues...` | | leagues and standings (see `leagues`) |
//! | `GET /api/openapi.json` | | the OpenAPI 3.1 document (see `openapi`) |
//! | `GET /ws` | | WebSocket upgrade (see `docs/protocol.md`) |
//! | `/`, `/matches...`, `/live...`, `/leagues...`, `/organiser` | | web pages (see `web`) |
//!
//! Every API error is an `ApiError` JSON body with the protocol's error code.

use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Request, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use dugout_protocol::{
    BotItem, Credentials, ErrorCode, MAX_MESSAGE_BYTES, NewAccount, NewBot, PROTOCOL_VERSION,
    RoomSummary, WS_PATH,
};
use serde::Serialize;

use crate::error::Failure;
use crate::store::Account;
use crate::{AppState, SERVER_VERSION};

/// Body of `GET /health`.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Health {
    /// Always `"ok"` while the server answers at all.
    pub status: &'static str,
}

/// Body of `GET /version`.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Version {
    /// The server crate's version.
    pub server: &'static str,
    /// The protocol version the server speaks.
    pub protocol: u32,
}

/// Body of `GET /api/me`.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Me {
    pub account: String,
    pub bot: bool,
}

/// The routes, before the state is attached.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/health", get(health))
        .route("/version", get(version))
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/me", get(me))
        .route("/api/bots", post(create_bot).get(list_bots))
        .route("/api/bots/{name}/token", post(rotate_bot_token))
        .route(
            "/api/bots/{name}/tokens",
            axum::routing::delete(revoke_bot_tokens),
        )
        .route("/api/rooms", get(rooms))
        .route("/api/openapi.json", get(crate::openapi::serve))
        .route(WS_PATH, get(crate::ws::upgrade))
        .merge(crate::archive::routes())
        .merge(crate::leagues::routes())
        .merge(crate::league_schedule::routes())
        .merge(crate::league_teams::routes())
        .merge(crate::league_matches::routes())
        .merge(crate::league_tournaments::routes())
        .merge(crate::league_challenges::routes())
        .merge(crate::web::routes())
        .fallback(crate::web::fallback)
        .method_not_allowed_fallback(method_not_allowed)
        // Request bodies are small JSON documents.
        .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
        // No response is ever sniffed as another type than it says.
        .layer(axum::middleware::map_response(nosniff))
}

/// `X-Content-Type-Options: nosniff` on every response.
async fn nosniff(mut response: Response) -> Response {
    response.headers_mut().insert(
        axum::http::header::X_CONTENT_TYPE_OPTIONS,
        axum::http::HeaderValue::from_static("nosniff"),
    );
    response
}

/// A known path with a method it does not take: 405 with an `ApiError` body, not an empty one.
async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> Response {
    let failure = Failure::new(
        ErrorCode::Malformed,
        format!("{} does not take {method}", uri.path()),
    );
    let mut response = failure.into_response();
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    response
}

async fn health() -> Json<Health> {
    Json(Health { status: "ok" })
}

async fn version() -> Json<Version> {
    Json(Version {
        server: SERVER_VERSION,
        protocol: PROTOCOL_VERSION,
    })
}

/// A JSON body whose rejection is our typed `malformed` error.
///
/// A number with an integral value is an integer, whatever its spelling (`3.0` as `3`), as
/// JSON Schema's `integer` says and the OpenAPI document promises; serde alone refuses `3.0`
/// where it wants a `u32`.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Failure;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let mut value = match Json::<serde_json::Value>::from_request(req, state).await {
            Ok(Json(value)) => value,
            // A body over the limit is `too_large` (413), as the docs say; the rest is
            // `malformed` (400).
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(Failure::new(
                    ErrorCode::TooLarge,
                    format!("request bodies are at most {MAX_MESSAGE_BYTES} bytes"),
                ));
            }
            Err(rejection) => {
                return Err(Failure::new(ErrorCode::Malformed, rejection.body_text()));
            }
        };
        integral_numbers(&mut value);
        serde_path_to_error::deserialize(value)
            .map(Body)
            .map_err(|e| {
                Failure::new(
                    ErrorCode::Malformed,
                    format!("Failed to deserialize the JSON body into the target type: {e}"),
                )
            })
    }
}

/// Every number with an integral value and an integer's range, as an integer.
fn integral_numbers(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(n) => {
            if let Some(f) = n.as_f64()
                && n.is_f64()
                && f.fract() == 0.0
            {
                // 2^63 and 2^64, exactly representable as f64.
                const I63: f64 = 9_223_372_036_854_775_808.0;
                const U64: f64 = 18_446_744_073_709_551_616.0;
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                if (-I63..I63).contains(&f) {
                    *n = (f as i64).into();
                } else if (0.0..U64).contains(&f) {
                    *n = (f as u64).into();
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_numbers),
        Value::Object(map) => map.values_mut().for_each(integral_numbers),
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

/// The bearer token of a request.
pub struct Bearer(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| Bearer(t.trim().to_owned()))
            .ok_or_else(|| {
                Failure::new(
                    ErrorCode::Unauthenticated,
                    "send Authorization: Bearer <token>",
                )
            })
    }
}

/// The account of the request's bearer token.
pub struct Authenticated(pub Account);

impl FromRequestParts<AppState> for Authenticated {
    type Rejection = Failure;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Bearer(token) = Bearer::from_request_parts(parts, state).await?;
        Ok(Authenticated(state.accounts().authenticate(&token).await?))
    }
}

async fn register(
    State(state): State<AppState>,
    Body(c): Body<NewAccount>,
) -> Result<Response, Failure> {
    let grant = state.accounts().register(&c.name, &c.password).await?;
    Ok((StatusCode::CREATED, Json(grant)).into_response())
}

async fn login(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    Body(c): Body<Credentials>,
) -> Result<Response, Failure> {
    let grant = state
        .accounts()
        .login(&c.name, &c.password, address)
        .await?;
    Ok(Json(grant).into_response())
}

/// The peer's IP address, when the server was started with it (`run`; a request built in
/// a test without a socket has none). Behind a proxy this is the proxy's address.
pub struct ClientAddr(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<PeerAddr>>()
                .map(|c| c.0.0.ip()),
        ))
    }
}

/// The peer's socket address as the server's listeners (plain TCP and TLS) report it, kept
/// with each request (`into_make_service_with_connect_info`).
#[derive(Clone, Copy, Debug)]
pub struct PeerAddr(pub std::net::SocketAddr);

impl
    axum::extract::connect_info::Connected<
        axum::serve::IncomingStream<'_, crate::conn::GuardedListener>,
    > for PeerAddr
{
    fn connect_info(stream: axum::serve::IncomingStream<'_, crate::conn::GuardedListener>) -> Self {
        PeerAddr(*stream.remote_addr())
    }
}

impl
    axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, crate::tls::TlsListener>>
    for PeerAddr
{
    fn connect_info(stream: axum::serve::IncomingStream<'_, crate::tls::TlsListener>) -> Self {
        PeerAddr(*stream.remote_addr())
    }
}

async fn logout(
    State(state): State<AppState>,
    Bearer(token): Bearer,
) -> Result<StatusCode, Failure> {
    state.accounts().logout(&token).await?;
    // Sockets opened with this token close too.
    state.revoke_token_sockets(&token);
    Ok(StatusCode::NO_CONTENT)
}

async fn me(Authenticated(account): Authenticated) -> Json<Me> {
    Json(Me {
        account: account.name,
        bot: account.bot,
    })
}

async fn create_bot(
    State(state): State<AppState>,
    Authenticated(owner): Authenticated,
    Body(bot): Body<NewBot>,
) -> Result<Response, Failure> {
    let grant = state.accounts().create_bot(&owner, &bot.name).await?;
    Ok((StatusCode::CREATED, Json(grant)).into_response())
}

async fn list_bots(
    State(state): State<AppState>,
    Authenticated(owner): Authenticated,
) -> Result<Json<Vec<BotItem>>, Failure> {
    Ok(Json(state.accounts().bots(&owner).await?))
}

/// Revoke a bot's tokens and grant it a new one; the sockets the old ones opened close.
async fn rotate_bot_token(
    State(state): State<AppState>,
    Authenticated(owner): Authenticated,
    crate::archive::PathId(name): crate::archive::PathId,
) -> Result<Response, Failure> {
    let (revoked, grant) = state
        .accounts()
        .revoke_bot_tokens(&owner, &name, true)
        .await?;
    for hash in &revoked {
        state.revoke_hashed_token_sockets(hash);
    }
    let grant = grant.ok_or_else(|| Failure::internal("a rotation granted no token"))?;
    Ok((StatusCode::CREATED, Json(grant)).into_response())
}

/// Revoke every token of a bot; the sockets they opened close.
async fn revoke_bot_tokens(
    State(state): State<AppState>,
    Authenticated(owner): Authenticated,
    crate::archive::PathId(name): crate::archive::PathId,
) -> Result<StatusCode, Failure> {
    let (revoked, _) = state
        .accounts()
        .revoke_bot_tokens(&owner, &name, false)
        .await?;
    for hash in &revoked {
        state.revoke_hashed_token_sockets(hash);
    }
    Ok(StatusCode::NO_CONTENT)
}

async fn rooms(State(state): State<AppState>) -> Json<Vec<RoomSummary>> {
    Json(state.lobby().list_public())
}
