//! A fresh Postgres database per test, dropped afterwards.
//!
//! The server to use: `DUGOUT_TEST_POSTGRES_URL` if set, else
//! `postgres://postgres@127.0.0.1:5432/postgres` (`.ci/run` sets it, starting a throwaway
//! cluster when nothing answers on 5432). Each test makes its own database,
//! `dugout_test_<uuid>`, so tests (and test runs of other worktrees) never share tables.
//!
//! No Postgres: outside CI the test says so loudly and returns (it counts as passed, but the
//! output reads `SKIPPED: no Postgres`); in CI (`CI=true`) it fails.

use std::str::FromStr;
use std::time::Duration;

use dugout_server::store::PostgresStore;
use sqlx::postgres::{PgConnectOptions, PgConnection};
use sqlx::{ConnectOptions, Connection};

/// Where the tests find Postgres unless `DUGOUT_TEST_POSTGRES_URL` says otherwise.
pub const DEFAULT_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// How long reaching the server may take before it counts as absent.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// `true` when running in CI, where Postgres is required.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// The maintenance database URL the tests create their databases through.
pub fn admin_url() -> String {
    std::env::var("DUGOUT_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| DEFAULT_URL.to_owned())
}

/// `url` naming database `name` instead of its own (query parameters kept).
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let authority_end = base[after_scheme..]
        .find('/')
        .map_or(base.len(), |i| after_scheme + i);
    let mut out = format!("{}/{name}", &base[..authority_end]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

/// A database made for one test; dropped (with `FORCE`, closing leftover connections) when
/// this is dropped, even if the test panicked.
pub struct TestDb {
    /// The URL of the test's database (what `--database-url` takes).
    pub url: String,
    pub name: String,
    admin: String,
}

impl TestDb {
    /// A fresh, empty database; `None` (after saying so loudly) when no Postgres answers
    /// outside CI. Panics in CI.
    pub async fn create(test: &str) -> Option<TestDb> {
        let admin = admin_url();
        let mut conn = match connect(&admin).await {
            Ok(conn) => conn,
            Err(e) => {
                let msg = format!(
                    "no Postgres at {admin} ({e}); set DUGOUT_TEST_POSTGRES_URL or run `bash .ci/run`"
                );
                if in_ci() {
                    panic!("{test}: Postgres is required in CI: {msg}");
                }
                // Straight to the stderr handle, not `eprintln!`: the test harness captures
                // the macros' output of passing tests, and this must be seen.
                use std::io::Write as _;
                let _ = writeln!(
                    std::io::stderr(),
                    "\n************************************************************\n\
                     ** SKIPPED: no Postgres: {test}\n** {msg}\n\
                     ************************************************************\n"
                );
                return None;
            }
        };
        let name = format!("dugout_test_{}", uuid::Uuid::now_v7().simple());
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("create database {name}: {e}"));
        let _ = conn.close().await;
        Some(TestDb {
            url: with_database(&admin, &name),
            name,
            admin,
        })
    }

    /// The store on this database (migrated on connect).
    pub async fn store(&self) -> PostgresStore {
        PostgresStore::connect(&self.url)
            .await
            .unwrap_or_else(|e| panic!("open the Postgres store on {}: {e}", self.name))
    }
}

async fn connect(url: &str) -> Result<PgConnection, String> {
    let options = PgConnectOptions::from_str(url).map_err(|e| e.to_string())?;
    match tokio::time::timeout(CONNECT_TIMEOUT, options.connect()).await {
        Ok(Ok(conn)) => Ok(conn),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("no answer in {CONNECT_TIMEOUT:?}")),
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        // Drop runs inside the test's runtime, which cannot be blocked on: a thread with a
        // runtime of its own does the dropping, and this waits for it.
        let admin = self.admin.clone();
        let name = self.name.clone();
        let done = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            rt.block_on(async {
                let mut conn = connect(&admin).await?;
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                )))
                .execute(&mut conn)
                .await
                .map_err(|e| e.to_string())?;
                let _ = conn.close().await;
                Ok::<(), String>(())
            })
        })
        .join();
        match done {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("warning: could not drop test database {}: {e}", self.name),
            Err(_) => eprintln!("warning: dropping test database {} panicked", self.name),
        }
    }
}
