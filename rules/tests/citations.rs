//! Every rules citation in the code names a heading of a rules reference in `docs/rules/`.
//!
//! A citation is a section number (`§3.11`, `§6.1.5`, `§4`) or a gap id (`G14`). It resolves when
//! a Markdown heading of its rules document starts with that number or id (`### 3.11 Block …`,
//! `#### G14 …`; a leading `§` in the heading is allowed). Deleting or renumbering a heading
//! that is cited makes this test fail and names every file and line that cites it.
//!
//! Which document a citation belongs to:
//! - each file that cites declares its document once, on a line that has the words "Section
//!   references" followed by the path `docs/rules/<game>.md`, e.g. the last line of this header
//!   (so Blood Bowl files can later point at `docs/rules/blood-bowl.md`);
//! - a single citation may name its own document instead: `<game>.md` written right before it;
//! - a citation right after an outside document's name (`RFC 6455 §7.4.1`) is not ours and is
//!   skipped.
//!
//! Scanned: the `.rs` files under the code roots below and the Markdown under `docs/` (except the
//! rules documents themselves).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Source roots whose `.rs` files are scanned, relative to the workspace.
const CODE_ROOTS: &[&str] = &[
    "rules/src",
    "rules/tests",
    "rules/benches",
    "server/src",
    "client-cli/src",
    "protocol/src",
];
/// Markdown under this directory is scanned too (except [`RULES_DIR`]).
const DOCS_DIR: &str = "docs";
/// The rules references: one `<game>.md` per game.
const RULES_DIR: &str = "docs/rules";
/// A file declares its rules document on a line with this phrase and `docs/rules/<game>.md`.
const DECLARATION: &str = "Section references";
/// Outside documents: a `§` citation right after one of these names (and its number) is theirs.
const EXTERNAL: &[&str] = &["RFC", "ISO", "IEC", "ECMA"];
/// The section sign, spelled as an escape so this file's own examples are not scanned as citations.
const S: char = '\u{a7}';

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// One citation found in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Citation {
    line: usize,
    /// `3.11` for `§3.11`, `G14` for `G14`.
    id: String,
    /// The document named right before the citation: `blood-bowl` after `blood-bowl.md`.
    inline_doc: Option<String>,
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The rules document named by the last word of `before`, if it is `…<name>.md`.
fn doc_named_before(before: &str) -> Option<String> {
    let word = before.split_whitespace().last()?;
    let word = word.trim_matches(|c: char| c == '`' || c == '(' || c == '[' || c == '*');
    let stem = word.strip_suffix(".md")?;
    let name = stem.rsplit('/').next()?;
    (!name.is_empty()).then(|| name.to_string())
}

/// Is the citation after `before` a section of an outside document (`RFC 6455 §7.4.1`)?
fn is_external(before: &str) -> bool {
    let rest = before
        .trim_end()
        .trim_end_matches(|c: char| c.is_ascii_digit());
    let rest = rest.trim_end();
    EXTERNAL.iter().any(|name| {
        rest.strip_suffix(name)
            .is_some_and(|pre| pre.chars().last().is_none_or(|c| !is_ident(c)))
    })
}

/// Every `§x.y` and `G<n>` citation of `text`, with its 1-based line number.
fn citations(text: &str) -> Vec<Citation> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut k = 0;
        while k < chars.len() {
            let (at, c) = chars[k];
            let before = &line[..at];
            if c == S {
                // §, then digits, then any number of `.digits`.
                let mut j = k + 1;
                let mut id = String::new();
                while j < chars.len() && chars[j].1.is_ascii_digit() {
                    id.push(chars[j].1);
                    j += 1;
                }
                while !id.is_empty()
                    && j + 1 < chars.len()
                    && chars[j].1 == '.'
                    && chars[j + 1].1.is_ascii_digit()
                {
                    id.push('.');
                    j += 1;
                    while j < chars.len() && chars[j].1.is_ascii_digit() {
                        id.push(chars[j].1);
                        j += 1;
                    }
                }
                if !id.is_empty() && !is_external(before) {
                    out.push(Citation {
                        line: i + 1,
                        id,
                        inline_doc: doc_named_before(before),
                    });
                }
                k = j.max(k + 1);
                continue;
            }
            if c == 'G' && before.chars().last().is_none_or(|p| !is_ident(p)) {
                // G, then digits, then no more identifier characters.
                let mut j = k + 1;
                while j < chars.len() && chars[j].1.is_ascii_digit() {
                    j += 1;
                }
                let ends_word = j == chars.len() || !is_ident(chars[j].1);
                if j > k + 1 && ends_word {
                    out.push(Citation {
                        line: i + 1,
                        id: line[at..chars.get(j).map_or(line.len(), |c| c.0)].to_string(),
                        inline_doc: doc_named_before(before),
                    });
                }
                k = j.max(k + 1);
                continue;
            }
            k += 1;
        }
    }
    out
}

/// The rules document a file declares: the path after [`DECLARATION`] on a line that has it.
/// Two different declarations in one file are an error: attribute the odd ones inline.
fn declared_doc(text: &str) -> Result<Option<String>, String> {
    let mut found: BTreeSet<String> = BTreeSet::new();
    for line in text.lines() {
        let Some(at) = line.find(DECLARATION) else {
            continue;
        };
        let prefix = format!("{RULES_DIR}/");
        let mut rest = &line[at..];
        while let Some(at) = rest.find(&prefix) {
            let tail = &rest[at + prefix.len()..];
            if let Some(end) = tail.find(".md") {
                found.insert(tail[..end].to_string());
            }
            rest = tail;
        }
    }
    match found.len() {
        0 => Ok(None),
        1 => Ok(found.into_iter().next()),
        _ => Err(format!("declares several rules documents {found:?}")),
    }
}

/// The ids of a rules document: the first word of every heading outside code blocks, without a
/// leading `§` or trailing `.`/`:`.
fn heading_ids(markdown: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !trimmed.starts_with('#') {
            continue;
        }
        let title = trimmed.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        if let Some(word) = title.split_whitespace().next() {
            let word = word.trim_start_matches(S).trim_end_matches(['.', ':', ',']);
            if !word.is_empty() {
                ids.push(word.to_string());
            }
        }
    }
    ids
}

/// The rules documents: game name (file stem) → heading ids.
fn rules_docs() -> BTreeMap<String, BTreeSet<String>> {
    let dir = workspace().join(RULES_DIR);
    let mut docs = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            docs.insert(name, heading_ids(&text).into_iter().collect());
        }
    }
    docs
}

fn walk(dir: &Path, ext: &str, skip: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path == skip || path.file_name().is_some_and(|n| n == "target") {
            continue;
        }
        if path.is_dir() {
            walk(&path, ext, skip, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// The files to check, with their text, as paths relative to the workspace.
fn scanned_files() -> Vec<(String, String)> {
    let root = workspace();
    let rules_dir = root.join(RULES_DIR);
    let mut paths = Vec::new();
    for dir in CODE_ROOTS {
        walk(&root.join(dir), "rs", &rules_dir, &mut paths);
    }
    walk(&root.join(DOCS_DIR), "md", &rules_dir, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let rel = p.strip_prefix(&root).unwrap().to_string_lossy().to_string();
            Some((rel, text))
        })
        .collect()
}

/// Check `files` against `docs`; returns the number of citations checked and every problem.
fn check(
    files: &[(String, String)],
    docs: &BTreeMap<String, BTreeSet<String>>,
) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut problems = Vec::new();
    for (file, text) in files {
        let cites = citations(text);
        if cites.is_empty() {
            continue;
        }
        let declared = match declared_doc(text) {
            Ok(d) => d,
            Err(e) => {
                problems.push(format!("{file}: {e}"));
                continue;
            }
        };
        for c in cites {
            let Some(doc) = c.inline_doc.clone().or_else(|| declared.clone()) else {
                problems.push(format!(
                    "{file}:{}: cites {} but names no rules document; add the line \
                     \"Section references ({S}) and gap ids (`G<n>`) are to {RULES_DIR}/<game>.md.\" \
                     to the file's header",
                    c.line,
                    shown(&c.id)
                ));
                continue;
            };
            checked += 1;
            match docs.get(&doc) {
                None => problems.push(format!(
                    "{file}:{}: {} is attributed to {RULES_DIR}/{doc}.md, which does not exist",
                    c.line,
                    shown(&c.id)
                )),
                Some(ids) if !ids.contains(&c.id) => problems.push(format!(
                    "{file}:{}: {} has no heading in {RULES_DIR}/{doc}.md",
                    c.line,
                    shown(&c.id)
                )),
                Some(_) => {}
            }
        }
    }
    (checked, problems)
}

/// A citation as written: `§3.11` or `G14`.
fn shown(id: &str) -> String {
    if id.starts_with('G') {
        id.to_string()
    } else {
        format!("{S}{id}")
    }
}

#[test]
fn every_citation_names_a_heading_of_its_rules_document() {
    let docs = rules_docs();
    assert!(
        docs.contains_key("blitz-bowl"),
        "{RULES_DIR}/blitz-bowl.md is missing"
    );
    let files = scanned_files();
    let (checked, problems) = check(&files, &docs);
    eprintln!("{checked} citations checked in {} files", files.len());
    assert!(
        problems.is_empty(),
        "{} unresolved citation(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        checked > 1000,
        "only {checked} citations found: is the scanner broken?"
    );
}

#[test]
fn every_heading_id_of_a_rules_document_is_unique() {
    let dir = workspace().join(RULES_DIR);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let ids = heading_ids(&std::fs::read_to_string(&path).unwrap());
            let mut seen = BTreeSet::new();
            for id in ids.iter().filter(|id| {
                id.starts_with(|c: char| c.is_ascii_digit())
                    || (id.starts_with('G') && id[1..].chars().all(|c| c.is_ascii_digit()))
            }) {
                assert!(seen.insert(id), "{}: heading {id} twice", path.display());
            }
        }
    }
}

#[test]
fn deleting_a_cited_heading_makes_the_check_fail() {
    let blitz = std::fs::read_to_string(workspace().join(RULES_DIR).join("blitz-bowl.md")).unwrap();
    let file = format!(
        "//! Section references are to {RULES_DIR}/blitz-bowl.md.\n\
         /// Block ({S}3.11), gap G14.\n"
    );
    let files = vec![("example.rs".to_string(), file)];
    let docs_with = |text: &str| {
        BTreeMap::from([(
            "blitz-bowl".to_string(),
            heading_ids(text).into_iter().collect(),
        )])
    };

    let (checked, problems) = check(&files, &docs_with(&blitz));
    assert_eq!((checked, problems.len()), (2, 0), "{problems:?}");

    for heading in ["### 3.11 ", "#### G14 "] {
        let cut: String = blitz
            .lines()
            .filter(|l| !l.starts_with(heading))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(
            cut.len() < blitz.len(),
            "the reference has no heading `{heading}`"
        );
        let (_, problems) = check(&files, &docs_with(&cut));
        assert_eq!(problems.len(), 1, "deleting `{heading}` went unnoticed");
        assert!(problems[0].contains("has no heading"), "{problems:?}");
    }
}

#[test]
fn citations_are_read_as_written() {
    let line = format!(
        "x ({S}3.10.1 step 3, {S}4 row 18; G14) end of {S}3.11. RFC 6455 {S}7.4.1, PG13 G2x \
         {S} (G) blood-bowl.md {S}2.1 `docs/rules/dungeon-bowl.md` {g}3",
        g = 'G'
    );
    let got: Vec<(String, Option<String>)> = citations(&line)
        .into_iter()
        .map(|c| (c.id, c.inline_doc))
        .collect();
    let want = [
        ("3.10.1", None),
        ("4", None),
        ("G14", None),
        ("3.11", None),
        ("2.1", Some("blood-bowl")),
        ("G3", Some("dungeon-bowl")),
    ];
    let want: Vec<(String, Option<String>)> = want
        .into_iter()
        .map(|(id, doc)| (id.to_string(), doc.map(str::to_string)))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn a_file_that_cites_must_name_its_rules_document() {
    let docs = rules_docs();
    let undeclared = vec![("a.rs".to_string(), format!("/// Block ({S}3.11).\n"))];
    let (_, problems) = check(&undeclared, &docs);
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].contains("names no rules document"),
        "{problems:?}"
    );

    let two = format!(
        "//! Section references are to {RULES_DIR}/blitz-bowl.md.\n\
         //! Section references are to {RULES_DIR}/blood-bowl.md.\n/// {S}3.11\n"
    );
    let (_, problems) = check(&[("b.rs".to_string(), two)], &docs);
    assert!(
        problems[0].contains("several rules documents"),
        "{problems:?}"
    );

    let unknown = format!(
        "//! Section references are to {RULES_DIR}/blitz-bowl.md.\n/// no-such-game.md {S}3.11\n"
    );
    let (_, problems) = check(&[("c.rs".to_string(), unknown)], &docs);
    assert!(problems[0].contains("does not exist"), "{problems:?}");
}
