//! One error type for everything a request can fail with, mapped to an HTTP response or a
//! WebSocket `error` message in one place each.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use dugout_protocol::{ApiError, ErrorCode, RequestId, ServerMessage};

use crate::store::StoreError;

/// A refused request: the protocol's error code and a message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub code: ErrorCode,
    pub message: String,
    /// For a refusal that a later try may pass (`rate_limited`): when, in whole seconds. Sent
    /// as the HTTP `Retry-After` header.
    pub retry_after: Option<u64>,
}

/// A request the server cannot take as sent (`malformed`, 400): a bad parameter or body.
pub(crate) fn bad(message: impl Into<String>) -> Failure {
    Failure::new(ErrorCode::Malformed, message)
}

/// A request that clashes with the state it meets (`conflict`, 409).
pub(crate) fn conflict(message: impl Into<String>) -> Failure {
    Failure::new(ErrorCode::Conflict, message)
}

impl Failure {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Failure {
            code,
            message: message.into(),
            retry_after: None,
        }
    }

    /// `rate_limited`, to be tried again after `seconds` (at least 1).
    pub fn retry_after(message: impl Into<String>, seconds: u64) -> Self {
        Failure {
            retry_after: Some(seconds.max(1)),
            ..Failure::new(ErrorCode::RateLimited, message)
        }
    }

    /// A server-side fault. The details go to the log; the client gets a generic message.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        tracing::error!("internal error: {detail}");
        Failure::new(ErrorCode::Internal, "internal server error")
    }

    /// The WebSocket message for this failure.
    pub fn to_message(&self, id: Option<RequestId>) -> ServerMessage {
        ServerMessage::Error {
            id,
            code: self.code,
            message: self.message.clone(),
        }
    }

    /// The HTTP status for this failure.
    pub fn status(&self) -> StatusCode {
        match self.code {
            ErrorCode::Malformed
            | ErrorCode::UnknownMessage
            | ErrorCode::InvalidAccount
            | ErrorCode::InvalidSetup
            | ErrorCode::InvalidChat
            | ErrorCode::VersionMismatch => StatusCode::BAD_REQUEST,
            ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::Unauthenticated | ErrorCode::BadCredentials => StatusCode::UNAUTHORIZED,
            ErrorCode::NameTaken
            | ErrorCode::RoomFull
            | ErrorCode::SeatTaken
            | ErrorCode::DuplicateId
            | ErrorCode::StaleId
            | ErrorCode::WrongPhase
            | ErrorCode::NotPlaying
            | ErrorCode::OpponentPresent
            | ErrorCode::TooEarly
            | ErrorCode::Conflict => StatusCode::CONFLICT,
            ErrorCode::NotSeated
            | ErrorCode::NotYourSeat
            | ErrorCode::NotYourTurn
            | ErrorCode::IllegalCommand
            | ErrorCode::Forbidden => StatusCode::FORBIDDEN,
            ErrorCode::UnknownRoom | ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::ServerFull | ErrorCode::ShuttingDown => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.code, self.message)
    }
}

impl std::error::Error for Failure {}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Failure::internal(e)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let status = self.status();
        let retry_after = self.retry_after;
        let body = ApiError {
            code: self.code,
            message: self.message,
        };
        let mut response = (status, Json(body)).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds),
            );
        }
        response
    }
}
