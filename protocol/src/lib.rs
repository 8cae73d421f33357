//! Wire types shared by the Dugout server and its clients.
//!
//! Everything here is plain data with serde derives: no tokio, no axum. The
//! JSON shape of these types *is* the protocol, so changing a field name is a
//! protocol change and must bump [`PROTOCOL_VERSION`].

use serde::{Deserialize, Serialize};

/// Version of the client/server protocol. Bumped on every incompatible change.
pub const PROTOCOL_VERSION: u32 = 1;

/// First message a client sends after connecting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol version the client speaks.
    pub protocol_version: u32,
    /// Free-form client name and version, e.g. `"dugout-cli 0.1.0"`.
    pub client: String,
}

impl Hello {
    /// A `Hello` for the current [`PROTOCOL_VERSION`].
    pub fn new(client: impl Into<String>) -> Self {
        Self {
            protocol_version: PROTOCOL_VERSION,
            client: client.into(),
        }
    }
}

/// The server's answer to a [`Hello`] it accepts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    /// The protocol version the server speaks.
    pub protocol_version: u32,
    /// Free-form server name and version, e.g. `"dugout-server 0.1.0"`.
    pub server: String,
}

impl Welcome {
    /// A `Welcome` for the current [`PROTOCOL_VERSION`].
    pub fn new(server: impl Into<String>) -> Self {
        Self {
            protocol_version: PROTOCOL_VERSION,
            server: server.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hello_survives_a_json_roundtrip() {
        let hello = Hello::new("dugout-cli 0.1.0");
        let json = serde_json::to_string(&hello).expect("serialize hello");
        let back: Hello = serde_json::from_str(&json).expect("deserialize hello");
        assert_eq!(back, hello);
    }

    #[test]
    fn welcome_survives_a_json_roundtrip() {
        let welcome = Welcome::new("dugout-server 0.1.0");
        let json = serde_json::to_string(&welcome).expect("serialize welcome");
        let back: Welcome = serde_json::from_str(&json).expect("deserialize welcome");
        assert_eq!(back, welcome);
    }

    #[test]
    fn hello_has_the_documented_json_shape() {
        let json = serde_json::to_value(Hello::new("bot")).expect("serialize hello");
        assert_eq!(
            json,
            serde_json::json!({ "protocol_version": PROTOCOL_VERSION, "client": "bot" })
        );
    }

    #[test]
    fn a_hello_from_a_newer_client_still_parses_so_the_version_can_be_checked() {
        // Unknown fields are ignored on purpose: a client speaking a newer protocol
        // should get a clear "version mismatch" answer, not a parse error.
        let hello: Hello =
            serde_json::from_str(r#"{"protocol_version":2,"client":"x","extra":true}"#)
                .expect("a newer hello still parses");
        assert_eq!(hello.protocol_version, 2);
    }

    #[test]
    fn a_hello_missing_its_version_is_rejected() {
        let result: Result<Hello, _> = serde_json::from_str(r#"{"client":"x"}"#);
        assert!(result.is_err());
    }
}
