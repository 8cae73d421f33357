//! Accounts: register and log in with a password, opaque tokens, bots with API tokens.
//!
//! Passwords are hashed with argon2id (default parameters) on tokio's blocking pool: a hash
//! takes tens of milliseconds of CPU and must not stall the async workers. Tokens are 32
//! random bytes from the OS, shown to the client once as hex; the store keeps only their
//! SHA-256, so a leaked database grants no session.

use std::sync::Arc;
use std::time::Duration;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use dugout_protocol::{BotItem, ErrorCode, TokenGrant};
use sha2::{Digest, Sha256};

use crate::error::Failure;
use crate::store::{Account, Store, StoreError, TokenKind, hex, now_ms};
use crate::throttle::PasswordGuard;

pub use dugout_protocol::input::{ACCOUNT_NAME_CHARS, PASSWORD_CHARS};
use dugout_protocol::input::{is_account_name, is_blank, is_common_password};

/// Account operations over a [`Store`].
#[derive(Clone)]
pub struct Accounts {
    store: Arc<dyn Store>,
    session_ttl: Duration,
    /// Hash slots and failed-login back-off ([`crate::throttle`]).
    guard: Arc<PasswordGuard>,
}

impl std::fmt::Debug for Accounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Accounts")
            .field("session_ttl", &self.session_ttl)
            .finish_non_exhaustive()
    }
}

/// A fresh opaque token: 32 bytes from the OS's randomness, as 64 hex digits.
pub fn new_token() -> Result<String, Failure> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| Failure::internal(format!("no randomness for a token: {e}")))?;
    Ok(hex(&bytes))
}

/// What the store keeps of a token: its SHA-256, hex.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Check a new account's name: 3-32 characters, ASCII letters, digits, `_` and `-`
/// ([`dugout_protocol::input::is_account_name`], which the OpenAPI document states too).
pub fn check_name(name: &str) -> Result<(), Failure> {
    if is_account_name(name) {
        Ok(())
    } else {
        Err(Failure::new(
            ErrorCode::InvalidAccount,
            format!(
                "names are {} to {} characters: ASCII letters, digits, _ and -",
                ACCOUNT_NAME_CHARS.start(),
                ACCOUNT_NAME_CHARS.end()
            ),
        ))
    }
}

/// A new password: 8 to 256 characters, not only white space, not the account's name (nor
/// containing it), not one of the most common passwords
/// ([`dugout_protocol::input::is_common_password`]). The OpenAPI document states all but the
/// name's rule, which compares two fields (schemathesis's hook skips those cases).
pub(crate) fn check_password(name: &str, password: &str) -> Result<(), Failure> {
    let weak = |why: &str| Err(Failure::new(ErrorCode::InvalidAccount, why.to_owned()));
    if !PASSWORD_CHARS.contains(&password.chars().count()) {
        return weak("passwords are 8 to 256 characters");
    }
    if is_blank(password) {
        return weak("a password must not be only spaces");
    }
    if password.to_lowercase().contains(&name.to_lowercase()) {
        return weak("a password must not contain the account's name");
    }
    if is_common_password(password) {
        return weak("that password is one of the most common ones: choose another");
    }
    Ok(())
}

thread_local! {
    /// The argon2 memory (19 MiB with the default parameters) of the hash thread this runs
    /// on, reused by every hash. Allocated afresh for each hash, freed blocks stayed with the
    /// allocator: a login flood grew the server to 650 MB and it never shrank (issue 15,
    /// `bench/abuse.sh`). Argon2 overwrites every block before reading it, so reused memory
    /// gives the same hashes (`reused_memory_gives_the_standard_hashes`).
    static ARGON2_MEMORY: std::cell::RefCell<Vec<argon2::Block>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Argon2 of `password` with `salt` into `out`, in this thread's reused memory.
fn argon2_into(
    argon: &Argon2<'_>,
    params: &argon2::Params,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> Result<(), argon2::Error> {
    let blocks = params.block_count();
    ARGON2_MEMORY.with_borrow_mut(|memory| {
        if memory.len() < blocks {
            memory.resize(blocks, argon2::Block::new());
        }
        argon.hash_password_into_with_memory(password, salt, out, &mut memory[..blocks])
    })
}

/// A new PHC string for `password` (argon2id, the default parameters, a random 16-byte
/// salt, a 32-byte hash): what `Argon2::default().hash_password` makes.
fn new_hash(password: &[u8]) -> Result<String, String> {
    use argon2::password_hash::phc::{Output, ParamsString, Salt};
    let params = argon2::Params::default();
    let argon = Argon2::default();
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
    let mut out = [0u8; argon2::Params::DEFAULT_OUTPUT_LEN];
    argon2_into(&argon, &params, password, &salt, &mut out).map_err(|e| e.to_string())?;
    let hash = PasswordHash {
        algorithm: argon2::Algorithm::default().ident(),
        version: Some(argon2::Version::default().into()),
        params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
        salt: Some(Salt::new(&salt).map_err(|e| e.to_string())?),
        hash: Some(Output::new(&out).map_err(|e| e.to_string())?),
    };
    Ok(hash.to_string())
}

/// Whether `password` matches the PHC string `hash` (any argon2 variant, version and
/// parameters it names), compared in constant time.
fn matches_hash(password: &[u8], hash: &str) -> bool {
    use argon2::password_hash::phc::Output;
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return false;
    };
    let Ok(algorithm) = argon2::Algorithm::try_from(parsed.algorithm.as_str()) else {
        return false;
    };
    let version = match parsed.version.map(argon2::Version::try_from).transpose() {
        Ok(v) => v.unwrap_or_default(),
        Err(_) => return false,
    };
    let Ok(params) = argon2::Params::try_from(&parsed) else {
        return false;
    };
    let argon = Argon2::new(algorithm, version, params.clone());
    let mut out = vec![0u8; expected.len()];
    if argon2_into(&argon, &params, password, salt.as_ref(), &mut out).is_err() {
        return false;
    }
    Output::new(&out).is_ok_and(|computed| &computed == expected)
}

/// Hash on `guard`'s threads (argon2 is deliberately slow), holding one of its slots.
async fn hash_password(guard: &PasswordGuard, password: String) -> Result<String, Failure> {
    let slot = guard.permit().await?;
    guard
        .run(slot, move || {
            new_hash(password.as_bytes())
                .map_err(|e| Failure::internal(format!("hash a password: {e}")))
        })
        .await?
}

/// Verify on `guard`'s threads, holding one of `guard`'s slots. `None` (unknown account)
/// still spends the time of one verification, so a wrong name and a wrong password take as
/// long.
async fn verify_password(
    guard: &PasswordGuard,
    password: String,
    hash: Option<String>,
    address: Option<std::net::IpAddr>,
    name: &str,
) -> Result<bool, Failure> {
    let slot = guard.permit().await?;
    // Checked again with the slot in hand: a flood's requests that queued for a slot
    // before their address began to back off give it up at once, without hashing, so the
    // queue drains in microseconds and other people's logins get a slot.
    guard.check(address, name)?;
    // Made once, from a random password nobody knows: verifying against it always fails.
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let found = hash.is_some();
    let checked = guard
        .run(slot, move || {
            let dummy = || {
                let secret = new_token().unwrap_or_else(|_| "x".repeat(64));
                new_hash(secret.as_bytes()).unwrap_or_default()
            };
            let hash = match &hash {
                Some(h) => h.as_str(),
                None => DUMMY.get_or_init(dummy).as_str(),
            };
            matches_hash(password.as_bytes(), hash)
        })
        .await?;
    Ok(found && checked)
}

impl Accounts {
    pub fn new(store: Arc<dyn Store>, session_ttl: Duration) -> Self {
        Self::with_guard(store, session_ttl, PasswordGuard::per_core())
    }

    /// With a given password guard (tests: fewer slots).
    pub fn with_guard(store: Arc<dyn Store>, session_ttl: Duration, guard: PasswordGuard) -> Self {
        Accounts {
            store,
            session_ttl,
            guard: Arc::new(guard),
        }
    }

    /// Create an account and log it in.
    pub async fn register(&self, name: &str, password: &str) -> Result<TokenGrant, Failure> {
        check_name(name)?;
        check_password(name, password)?;
        let hash = hash_password(&self.guard, password.to_owned()).await?;
        let account = self
            .store
            .create_account(name, Some(&hash), false, None, now_ms())
            .await
            .map_err(|e| match e {
                StoreError::NameTaken => Failure::new(ErrorCode::NameTaken, "the name is taken"),
                other => Failure::from(other),
            })?;
        self.grant(&account, TokenKind::Session).await
    }

    /// Log in with a password from `address` (the client's, if known): a new session token.
    /// Refused with `rate_limited` while the account or the address backs off after failed
    /// logins ([`crate::throttle`]).
    pub async fn login(
        &self,
        name: &str,
        password: &str,
        address: Option<std::net::IpAddr>,
    ) -> Result<TokenGrant, Failure> {
        self.guard.check(address, name)?;
        // A name no account can have is not looked up (it is still a wrong name below).
        let credential = if is_account_name(name) {
            self.store.credential(name).await?
        } else {
            None
        };
        let (account, hash) = match credential {
            Some(c) => (Some(c.account), c.password_hash),
            None => (None, None),
        };
        let ok = verify_password(&self.guard, password.to_owned(), hash, address, name).await?;
        match account {
            Some(account) if ok => {
                self.guard.succeeded(name);
                self.grant(&account, TokenKind::Session).await
            }
            _ => {
                self.guard.failed(address, name);
                tracing::info!(account = %name, ?address, "failed login");
                Err(Failure::new(
                    ErrorCode::BadCredentials,
                    "unknown account or wrong password",
                ))
            }
        }
    }

    /// Forget a token (session or bot).
    pub async fn logout(&self, token: &str) -> Result<(), Failure> {
        if self.store.delete_token(&token_hash(token)).await? {
            Ok(())
        } else {
            Err(unauthenticated())
        }
    }

    /// The account a token belongs to.
    pub async fn authenticate(&self, token: &str) -> Result<Account, Failure> {
        if token.is_empty() || token.len() > 256 {
            return Err(unauthenticated());
        }
        self.store
            .token_account(&token_hash(token), now_ms())
            .await?
            .ok_or_else(unauthenticated)
    }

    /// A new bot account owned by `owner`, and its API token.
    pub async fn create_bot(&self, owner: &Account, name: &str) -> Result<TokenGrant, Failure> {
        if owner.bot {
            return Err(Failure::new(
                ErrorCode::InvalidAccount,
                "bots cannot create bots",
            ));
        }
        check_name(name)?;
        let bot = self
            .store
            .create_account(name, None, true, Some(owner.id), now_ms())
            .await
            .map_err(|e| match e {
                StoreError::NameTaken => Failure::new(ErrorCode::NameTaken, "the name is taken"),
                other => Failure::from(other),
            })?;
        self.grant(&bot, TokenKind::Bot).await
    }

    /// The bots `owner` made, with how many tokens each has.
    pub async fn bots(&self, owner: &Account) -> Result<Vec<BotItem>, Failure> {
        let bots = self.store.bots_of(owner.id).await?;
        Ok(bots
            .into_iter()
            .map(|b| BotItem {
                name: b.account.name,
                created_at_ms: b.created_at_ms,
                tokens: u32::try_from(b.tokens).unwrap_or(u32::MAX),
            })
            .collect())
    }

    /// Revoke every token of `owner`'s bot `name` (the hashes, to close their sockets);
    /// with `rotate`, grant it a new one. Only a person manages bots: a bot's own token
    /// cannot (a stolen one could lock its owner out). Another account's bot, or no bot of
    /// that name: `not_found`, the same answer (bots' names are not probed this way).
    pub async fn revoke_bot_tokens(
        &self,
        owner: &Account,
        name: &str,
        rotate: bool,
    ) -> Result<(Vec<String>, Option<TokenGrant>), Failure> {
        if owner.bot {
            return Err(Failure::new(
                ErrorCode::Forbidden,
                "a bot's tokens are managed by its owner's session, not by a bot",
            ));
        }
        let bots = self.store.bots_of(owner.id).await?;
        let Some(bot) = bots
            .into_iter()
            .find(|b| b.account.name.eq_ignore_ascii_case(name))
        else {
            return Err(Failure::new(
                ErrorCode::NotFound,
                format!("you have no bot called {name:?}"),
            ));
        };
        let revoked = self.store.delete_tokens_of(bot.account.id).await?;
        let grant = if rotate {
            Some(self.grant(&bot.account, TokenKind::Bot).await?)
        } else {
            None
        };
        Ok((revoked, grant))
    }

    async fn grant(&self, account: &Account, kind: TokenKind) -> Result<TokenGrant, Failure> {
        let token = new_token()?;
        let now = now_ms();
        let expires = match kind {
            TokenKind::Session => Some(
                now.saturating_add(i64::try_from(self.session_ttl.as_millis()).unwrap_or(i64::MAX)),
            ),
            TokenKind::Bot => None,
        };
        self.store
            .create_token(&token_hash(&token), account.id, kind, now, expires)
            .await?;
        Ok(TokenGrant {
            account: account.name.clone(),
            bot: account.bot,
            token,
        })
    }
}

fn unauthenticated() -> Failure {
    Failure::new(
        ErrorCode::Unauthenticated,
        "no valid session or bot token (log in again)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_account_rules() {
        assert!(check_name("coach_1").is_ok());
        assert!(check_name("ab").is_err());
        assert!(check_name("has space").is_err());
        assert!(check_name(&"x".repeat(33)).is_err());
    }

    #[test]
    fn weak_passwords_are_refused() {
        assert!(check_password("ada", "correct horse battery").is_ok());
        for weak in [
            "short",
            "        ",
            "ada-is-great",
            "my ADA password",
            "Password1",
            "12345678",
            "qwertyuiop",
        ] {
            let refused = check_password("ada", weak).expect_err(weak);
            assert_eq!(refused.code, ErrorCode::InvalidAccount, "{weak}");
        }
        assert!(check_password("ada", &"x".repeat(257)).is_err());
        // Lengths are in characters: eight two-byte letters are a password, four are not.
        assert!(check_password("ada", &"é".repeat(8)).is_ok());
        assert!(check_password("ada", &"é".repeat(4)).is_err());
        assert!(check_password("ada", &"é".repeat(256)).is_ok());
    }

    #[test]
    fn tokens_are_random_and_stored_as_their_sha256() {
        let a = new_token().expect("randomness");
        let b = new_token().expect("randomness");
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn reused_memory_gives_the_standard_hashes() {
        use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
        // The crate's own hash (fresh memory) verifies with ours, twice on one thread (the
        // second time in memory the first one filled), and ours with the crate's.
        let standard = Argon2::default()
            .hash_password(b"correct horse")
            .expect("hash")
            .to_string();
        for _ in 0..2 {
            assert!(matches_hash(b"correct horse", &standard));
            assert!(!matches_hash(b"correct horsf", &standard));
        }
        let ours = new_hash(b"battery staple").expect("hash");
        let parsed = PasswordHash::new(&ours).expect("a PHC string");
        assert!(
            Argon2::default()
                .verify_password(b"battery staple", &parsed)
                .is_ok()
        );
        assert!(
            ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{ours}"
        );
        assert!(!matches_hash(b"x", "not a hash"));
    }

    #[tokio::test]
    async fn a_password_verifies_against_its_own_hash_only() {
        let g = PasswordGuard::new(1);
        let hash = hash_password(&g, "correct horse".into())
            .await
            .expect("hash");
        let verify = |p: &str, h: Option<String>| verify_password(&g, p.into(), h, None, "ada");
        assert_eq!(verify("correct horse", Some(hash.clone())).await, Ok(true));
        assert_eq!(verify("wrong horse", Some(hash)).await, Ok(false));
        assert_eq!(verify("anything", None).await, Ok(false));
    }
}
