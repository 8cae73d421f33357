//! Embed the migrations: one `include_str!` per file of `../migrations/sqlite` and of
//! `../migrations/postgres`, so the binary carries its schema and applies it on start
//! (`cargo run` works on a fresh machine with no database set up; a Postgres database only
//! has to exist). This replaces `sqlx::migrate!`, which would need sqlx's `macros` feature
//! and so a second build of SQLite for the proc-macro host.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // A new or changed migration file must rebuild the server.
    println!("cargo:rerun-if-changed=../migrations");
    println!("cargo:rerun-if-changed=../migrations/sqlite");
    println!("cargo:rerun-if-changed=../migrations/postgres");
    embed("sqlite");
    embed("postgres");
}

/// Write `$OUT_DIR/{dialect}_migrations.rs`: a `&[(version, description, sql)]` literal.
fn embed(dialect: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../migrations")
        .join(dialect);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sql"))
        .collect();
    files.sort();
    let mut out = String::from("&[\n");
    for path in files {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_else(|| panic!("migration file name {}", path.display()));
        let (version, description) = stem
            .split_once('_')
            .unwrap_or_else(|| panic!("migration {stem}: expected NNNN_description.sql"));
        let version: i64 = version
            .parse()
            .unwrap_or_else(|e| panic!("migration {stem}: version {version}: {e}"));
        let path = path.canonicalize().unwrap_or_else(|_| path.clone());
        let _ = writeln!(
            out,
            "    ({version}, {description:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("]\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join(format!("{dialect}_migrations.rs"));
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("write {}: {e}", dest.display()));
}
