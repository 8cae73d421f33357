//! Things the client says in words: the server's error codes, counts with their plurals and
//! the hint for a server that does not answer.

use dugout_protocol::ErrorCode;

/// An error code in words ("that name is taken"), never its Rust name.
pub fn error_words(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::Malformed => "the server could not read the message",
        ErrorCode::UnknownMessage => "the server does not know this message",
        ErrorCode::TooLarge => "the message is too large",
        ErrorCode::VersionMismatch => "this client speaks another protocol version than the server",
        ErrorCode::Unauthenticated => "you are not logged in (or the session expired)",
        ErrorCode::WrongPhase => "not possible at this point of the session",
        ErrorCode::UnknownRoom => "there is no such room (it may have closed)",
        ErrorCode::RoomFull => "the room is full",
        ErrorCode::SeatTaken => "that seat is taken",
        ErrorCode::NotSeated => "you have no seat in this room",
        ErrorCode::NotYourSeat => "that decision is the other coach's",
        ErrorCode::NotYourTurn => "it is not your decision now",
        ErrorCode::IllegalCommand => "the rules do not allow that",
        ErrorCode::DuplicateId | ErrorCode::StaleId => {
            "the server had that command already (sent twice)"
        }
        ErrorCode::NotPlaying => "the match has not started or is over",
        ErrorCode::OpponentPresent => "the other coach is connected: no win to claim",
        ErrorCode::TooEarly => "the other coach has not been gone long enough",
        ErrorCode::InvalidSetup => "the rules refuse this room's set-up",
        ErrorCode::RateLimited => "too many messages: slow down",
        ErrorCode::InvalidChat => "a chat line must be 1 to 500 characters",
        ErrorCode::ServerFull => "the server is full: try again later",
        ErrorCode::ShuttingDown => "the server is shutting down",
        ErrorCode::NameTaken => "that name is taken",
        ErrorCode::BadCredentials => "unknown name or wrong password",
        ErrorCode::InvalidAccount => "that name or password is not allowed",
        ErrorCode::Forbidden => "you may not do that",
        ErrorCode::NotFound => "not found",
        ErrorCode::Conflict => "that is there already",
        ErrorCode::Internal => "the server failed (an internal error)",
    }
}

/// A refusal in words: the code's words, and the server's message when it adds something
/// (the rules' reason for an illegal command, the account rule broken).
pub fn refusal_words(code: ErrorCode, message: &str) -> String {
    let words = error_words(code);
    let adds = matches!(
        code,
        ErrorCode::IllegalCommand
            | ErrorCode::InvalidAccount
            | ErrorCode::InvalidSetup
            | ErrorCode::Malformed
            | ErrorCode::TooEarly
            | ErrorCode::Internal
    );
    if adds && !message.trim().is_empty() {
        format!("{words}: {message}")
    } else {
        words.to_string()
    }
}

/// "1 room", "2 rooms": `n` and the noun, plural unless `n` is 1.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A failure to reach `server` in words, with a hint when nothing answers there.
pub fn unreachable(server: &str, why: &str) -> String {
    let lower = why.to_ascii_lowercase();
    // Already hinted (an HTTP failure says it itself), or a TLS failure: a server answered.
    if lower.contains("is dugout-server running at") || lower.contains("tls") {
        return why.to_string();
    }
    let nobody = [
        "refused",
        "os error 111",
        "os error 61",
        "timed out",
        "unreachable",
        "no route",
        "failed to lookup",
        "name or service not known",
        "connect",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if nobody {
        format!("{why}: is dugout-server running at {server}?")
    } else {
        why.to_string()
    }
}
