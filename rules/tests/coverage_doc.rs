//! The coverage table must stay honest: every test it names exists, and no row says
//! "implemented" without a test.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;
use std::path::Path;

fn test_names() -> HashSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut names = HashSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let file = path.file_stem().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let mut after_test_attr = false;
            for line in text.lines() {
                let l = line.trim();
                if l == "#[test]" {
                    after_test_attr = true;
                } else if after_test_attr && l.starts_with("fn ") {
                    let name = l[3..].split('(').next().unwrap().trim();
                    names.insert(format!("{file}::{name}"));
                    after_test_attr = false;
                }
            }
        }
    }
    names
}

fn cited_tests(cell: &str) -> Vec<String> {
    cell.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .filter(|s| s.contains("::"))
        .collect()
}

#[test]
fn every_test_the_coverage_tables_name_exists_and_implemented_rows_have_tests() {
    let known = test_names();
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/coverage");
    for doc in ["blitz-bowl.md"] {
        let text = std::fs::read_to_string(docs.join(doc)).unwrap();
        for line in text
            .lines()
            .filter(|l| l.starts_with('|') && !l.starts_with("|-") && !l.starts_with("| -"))
        {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let tests: Vec<String> = cells.iter().flat_map(|c| cited_tests(c)).collect();
            for t in &tests {
                assert!(
                    known.contains(t),
                    "{doc}: `{t}` is not a test in rules/tests ({line})"
                );
            }
            let says_implemented = cells.iter().any(|c| c.starts_with("implemented"));
            assert!(
                !says_implemented || !tests.is_empty(),
                "{doc}: a row says implemented but names no test: {line}"
            );
        }
    }
}
