//! The coverage table must stay honest: every test it names exists and cites the row's rule
//! (the row's section, `§x.y`, or a subsection of it, in the test's doc or opening comment),
//! and no row says "implemented" without a test.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::path::Path;

/// Every test in rules/tests, as `file::name`, with its "doc": the `///` lines above it and
/// the comment lines that open its body (where the tests cite their sections).
fn test_names() -> HashMap<String, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut names = HashMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let file = path.file_stem().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().map(str::trim).collect();
            let mut doc = String::new();
            let mut after_test_attr = false;
            for (i, l) in lines.iter().enumerate() {
                if l.starts_with("///") {
                    doc.push_str(l);
                    doc.push('\n');
                } else if *l == "#[test]" {
                    after_test_attr = true;
                } else if after_test_attr && l.starts_with("fn ") {
                    let name = l[3..].split('(').next().unwrap().trim();
                    for body in lines[i + 1..].iter().take_while(|b| b.starts_with("//")) {
                        doc.push_str(body);
                        doc.push('\n');
                    }
                    names.insert(format!("{file}::{name}"), std::mem::take(&mut doc));
                    after_test_attr = false;
                } else if !l.starts_with("#[") {
                    doc.clear();
                }
            }
        }
    }
    names
}

/// The section a row is about: the first `§x.y` of its first cell, if any.
fn row_section(rule: &str) -> Option<String> {
    let at = rule.find('§')?;
    let sec: String = rule[at..]
        .chars()
        .take_while(|c| *c == '§' || c.is_ascii_digit() || *c == '.')
        .collect();
    Some(sec.trim_end_matches('.').to_string())
}

/// Does `doc` cite `section` or one of its subsections?
fn cites(doc: &str, section: &str) -> bool {
    doc.match_indices(section).any(|(i, _)| {
        let next = doc[i + section.len()..].chars().next();
        !next.is_some_and(|c| c.is_ascii_digit())
    })
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
    let mut off_rule = Vec::new();
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/coverage");
    for doc in ["blitz-bowl.md", "blood-bowl.md"] {
        let text = std::fs::read_to_string(docs.join(doc)).unwrap();
        for line in text
            .lines()
            .filter(|l| l.starts_with('|') && !l.starts_with("|-") && !l.starts_with("| -"))
        {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let tests: Vec<String> = cells.iter().flat_map(|c| cited_tests(c)).collect();
            let section = cells.get(1).and_then(|c| row_section(c));
            for t in &tests {
                let Some(test_doc) = known.get(t) else {
                    panic!("{doc}: `{t}` is not a test in rules/tests ({line})");
                };
                // The test is about the row's rule: it cites the row's section (or a
                // subsection) in its doc or opening comment.
                if let Some(sec) = &section
                    && !cites(test_doc, sec)
                {
                    off_rule.push(format!("`{t}` does not cite {sec} ({})", cells[1]));
                }
            }
            let says_implemented = cells.iter().any(|c| c.starts_with("implemented"));
            assert!(
                !says_implemented || !tests.is_empty(),
                "{doc}: a row says implemented but names no test: {line}"
            );
        }
    }
    assert!(
        off_rule.is_empty(),
        "tests named for a rule they do not cite:\n{}",
        off_rule.join("\n")
    );
}
