//! What the server accepts in the names, passwords and numbers people send it, written once.
//!
//! The server's checks call these functions, and the OpenAPI document's schemas (the
//! schemars attributes on the request bodies, the parameters in the server's `openapi.rs`)
//! are made from the same constants and patterns, so the document and the checks cannot
//! drift apart. Patterns are ECMA-262 regular expressions, as JSON Schema's `pattern` is; they
//! only use syntax that Rust's `regex` and Python's `re` read the same way (the server's tests
//! check them against these functions with `regex`).

use std::ops::RangeInclusive;

use dugout_rules::GameKind;

/// Shortest and longest account names (people and bots), in characters.
pub const ACCOUNT_NAME_CHARS: RangeInclusive<usize> = 3..=32;

/// An account name's characters: ASCII letters, digits, `_` and `-` (its length is
/// [`ACCOUNT_NAME_CHARS`]).
pub const ACCOUNT_NAME_PATTERN: &str = "^[A-Za-z0-9_-]*$";

/// Whether `c` may be in an account name.
pub fn is_account_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Whether `name` is a valid account name: [`ACCOUNT_NAME_CHARS`] characters, each
/// [`is_account_name_char`].
pub fn is_account_name(name: &str) -> bool {
    ACCOUNT_NAME_CHARS.contains(&name.chars().count()) && name.chars().all(is_account_name_char)
}

/// Shortest and longest new passwords, in characters.
pub const PASSWORD_CHARS: RangeInclusive<usize> = 8..=256;

/// Passwords everyone tries first (at least 8 bytes long: shorter ones are refused anyway).
/// Compared without regard to case or surrounding white space ([`is_common_password`]).
pub const COMMON_PASSWORDS: &[&str] = &[
    "password",
    "password1",
    "password12",
    "password123",
    "passw0rd",
    "p@ssw0rd",
    "12345678",
    "123456789",
    "1234567890",
    "0123456789",
    "87654321",
    "11111111",
    "00000000",
    "88888888",
    "12341234",
    "11223344",
    "qwertyui",
    "qwertyuiop",
    "qwerty12",
    "qwerty123",
    "1q2w3e4r",
    "1qaz2wsx",
    "zaq12wsx",
    "asdfghjk",
    "asdfasdf",
    "abcd1234",
    "abc12345",
    "abcdefgh",
    "iloveyou",
    "sunshine",
    "princess",
    "football",
    "baseball",
    "basketball",
    "welcome1",
    "welcome123",
    "trustno1",
    "superman",
    "starwars",
    "whatever",
    "letmein1",
    "letmeinplease",
    "dragon123",
    "monkey123",
    "shadow123",
    "master123",
    "changeme",
    "computer",
    "internet",
    "bloodbowl",
    "blitzbowl",
    "dungeonbowl",
    "touchdown",
    "blitzbowl1",
    "bloodbowl1",
];

/// Whether `password` is one of [`COMMON_PASSWORDS`], in lower case (Unicode's) and without
/// its leading and trailing white space.
pub fn is_common_password(password: &str) -> bool {
    COMMON_PASSWORDS.contains(&password.to_lowercase().trim())
}

/// The characters whose lower case (Unicode's, `char::to_lowercase`) is `c`, an ASCII
/// character: `c`, its upper case, and for `k` the Kelvin sign.
fn lowercasing_to(c: char) -> String {
    match c {
        'k' => "[kK\\u212a]".to_owned(),
        c if c.is_ascii_lowercase() => format!("[{c}{}]", c.to_ascii_uppercase()),
        c => literal(c),
    }
}

/// Matches exactly the passwords [`is_common_password`] refuses.
pub fn common_password_pattern() -> String {
    let space = class_body(WHITESPACE);
    let words: Vec<String> = COMMON_PASSWORDS
        .iter()
        .map(|w| w.chars().map(lowercasing_to).collect())
        .collect();
    format!("^[{space}]*(?:{})[{space}]*$", words.join("|"))
}

/// Longest league name, in characters.
pub const LEAGUE_NAME_CHARS: RangeInclusive<usize> = 1..=80;

/// Points a league may give for a win, a draw or a loss.
pub const LEAGUE_POINTS: RangeInclusive<i32> = -100..=100;

/// Deserialize an `i32` from any JSON number with an integral value: `3`, and `3.0` too, as
/// JSON Schema's `integer` takes both (serde alone refuses `3.0`).
pub fn integral_i32<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    struct Integral;
    impl serde::de::Visitor<'_> for Integral {
        type Value = i32;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an integer")
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i32, E> {
            i32::try_from(v).map_err(|_| E::custom(format!("{v} is out of range")))
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i32, E> {
            i32::try_from(v).map_err(|_| E::custom(format!("{v} is out of range")))
        }
        fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<i32, E> {
            let whole = v.fract() == 0.0 && v >= f64::from(i32::MIN) && v <= f64::from(i32::MAX);
            if whole {
                // In range and whole: the cast is exact.
                Ok(v as i32)
            } else {
                Err(E::custom(format!("{v} is not an integer in range")))
            }
        }
    }
    d.deserialize_any(Integral)
}

/// The white space characters (Rust's `char::is_whitespace`, Unicode's `White_Space`), as
/// ranges.
pub const WHITESPACE: &[(char, char)] = &[
    ('\u{9}', '\u{d}'),
    (' ', ' '),
    ('\u{85}', '\u{85}'),
    ('\u{a0}', '\u{a0}'),
    ('\u{1680}', '\u{1680}'),
    ('\u{2000}', '\u{200a}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{202f}', '\u{202f}'),
    ('\u{205f}', '\u{205f}'),
    ('\u{3000}', '\u{3000}'),
];

/// The control characters (Rust's `char::is_control`, Unicode's `Cc`), as ranges.
pub const CONTROL: &[(char, char)] = &[('\u{0}', '\u{1f}'), ('\u{7f}', '\u{9f}')];

/// A character as a pattern matches it literally: itself if it is an ASCII letter or digit,
/// else its `\uXXXX` escape (every character of these patterns is in the Basic Multilingual
/// Plane).
fn literal(c: char) -> String {
    if c.is_ascii_alphanumeric() {
        c.to_string()
    } else {
        format!("\\u{:04x}", u32::from(c))
    }
}

/// The body of a character class holding `ranges`.
fn class_body(ranges: &[(char, char)]) -> String {
    ranges
        .iter()
        .map(|&(a, b)| {
            if a == b {
                literal(a)
            } else {
                format!("{}-{}", literal(a), literal(b))
            }
        })
        .collect()
}

/// Whether `text` is only white space (or empty).
pub fn is_blank(text: &str) -> bool {
    text.chars().all(char::is_whitespace)
}

/// Matches a text that is not only white space: it has a character [`WHITESPACE`] does not
/// hold. (Unanchored: JSON Schema's `pattern` matches anywhere.)
pub fn not_blank_pattern() -> String {
    format!("[^{}]", class_body(WHITESPACE))
}

/// Whether `name` is a valid league name: [`LEAGUE_NAME_CHARS`] characters, no control
/// character, not only white space. (It is stored without its leading and trailing space.)
pub fn is_league_name(name: &str) -> bool {
    LEAGUE_NAME_CHARS.contains(&name.chars().count())
        && !name.chars().any(char::is_control)
        && !is_blank(name)
}

/// A league name's characters ([`is_league_name`]; its length is [`LEAGUE_NAME_CHARS`]): no
/// control character, and one at least that is not white space.
pub fn league_name_pattern() -> String {
    let control = class_body(CONTROL);
    let space = class_body(WHITESPACE);
    format!("^[^{control}]*[^{control}{space}][^{control}]*$")
}

/// `c` and the other case of an ASCII letter, as a pattern.
fn ascii_either_case(c: char) -> String {
    if c.is_ascii_alphabetic() {
        format!("[{}{}]", c.to_ascii_uppercase(), c.to_ascii_lowercase())
    } else {
        literal(c)
    }
}

/// Matches exactly one of `words`, ASCII letters in either case (as the server compares them
/// with `eq_ignore_ascii_case`).
pub fn any_case_pattern<S: AsRef<str>>(words: &[S]) -> String {
    let alternatives: Vec<String> = words
        .iter()
        .map(|w| w.as_ref().chars().map(ascii_either_case).collect())
        .collect();
    format!("^(?:{})$", alternatives.join("|"))
}

/// Characters [`same_name`] ignores.
const NAME_SEPARATORS: [char; 3] = [' ', '-', '_'];

/// `text` as [`same_name`] compares it: without spaces, `-` and `_`, ASCII letters in lower
/// case.
fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| !NAME_SEPARATORS.contains(c))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether `asked` names `name` as people type it: ASCII case, spaces, `-` and `_` aside
/// (`orc`, `Black Orc`, `black_orc` all name `BlackOrc`), and a year alone (four digits or
/// more) names the edition that ends with it (`2024` names `Bb2024`).
pub fn same_name(name: &str, asked: &str) -> bool {
    let (name, asked) = (squash(name), squash(asked));
    !asked.is_empty()
        && (name == asked
            || (asked.len() >= 4
                && asked.chars().all(|c| c.is_ascii_digit())
                && name.ends_with(&asked)))
}

/// Matches exactly the texts [`same_name`] takes for one of `names`.
pub fn same_name_pattern<S: AsRef<str>>(names: &[S]) -> String {
    let gap = "[ _-]*";
    let mut alternatives: Vec<String> = Vec::new();
    for name in names {
        let squashed: Vec<char> = squash(name.as_ref()).chars().collect();
        // The whole name, and each all-digit ending of four digits or more.
        let starts = (0..squashed.len()).filter(|&i| {
            i == 0 || (squashed.len() - i >= 4 && squashed[i..].iter().all(char::is_ascii_digit))
        });
        for start in starts {
            let spelled: Vec<String> = squashed[start..]
                .iter()
                .map(|&c| ascii_either_case(c))
                .collect();
            let alternative = spelled.join(gap);
            if !alternatives.contains(&alternative) {
                alternatives.push(alternative);
            }
        }
    }
    format!("^{gap}(?:{}){gap}$", alternatives.join("|"))
}

/// Every team some game knows, as the game names it (`Orc`).
pub fn team_names() -> Vec<String> {
    let mut teams: Vec<String> = Vec::new();
    for team in GameKind::ALL.iter().flat_map(|g| g.catalogue().teams) {
        if !teams.contains(&team) {
            teams.push(team);
        }
    }
    teams
}

/// The team of `asked` in any ASCII case (`orc` is `Orc`), as the game names it.
pub fn team_named(asked: &str) -> Option<String> {
    team_names()
        .into_iter()
        .find(|t| t.eq_ignore_ascii_case(asked))
}

/// The team of `asked` in any ASCII case among `game`'s teams, as that game names it.
pub fn team_of_game(game: GameKind, asked: &str) -> Option<String> {
    game.catalogue()
        .teams
        .into_iter()
        .find(|t| t.eq_ignore_ascii_case(asked.trim()))
}

/// Every edition some game knows, as the game names it (`Bb2024`).
pub fn edition_names() -> Vec<String> {
    GameKind::ALL
        .iter()
        .flat_map(|g| g.catalogue().editions)
        .collect()
}

/// Matches a team [`team_named`] finds.
pub fn team_pattern() -> String {
    any_case_pattern(&team_names())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_character_tables_are_rusts() {
        let within =
            |ranges: &[(char, char)], c: char| ranges.iter().any(|&(a, b)| a <= c && c <= b);
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            assert_eq!(within(WHITESPACE, c), c.is_whitespace(), "{c:?}");
            assert_eq!(within(CONTROL, c), c.is_control(), "{c:?}");
        }
    }

    #[test]
    fn only_ascii_letters_and_the_kelvin_sign_lowercase_to_an_ascii_letter() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let lower: Vec<char> = c.to_lowercase().collect();
            if let [l] = lower.as_slice()
                && l.is_ascii()
            {
                assert!(
                    c.is_ascii() || (c == '\u{212a}' && *l == 'k'),
                    "{c:?} lowercases to {l:?}"
                );
            }
        }
        assert!(
            COMMON_PASSWORDS
                .iter()
                .all(|w| w.is_ascii() && *w == w.to_lowercase())
        );
        assert!(is_common_password(" PassWord\u{a0}"));
        assert!(is_common_password("asdfghj\u{212a}"));
    }

    #[test]
    fn names_compare_as_people_type_them() {
        assert!(same_name("BlackOrc", "black orc"));
        assert!(same_name("BlackOrc", "BLACK_ORC"));
        assert!(same_name("Bb2024", "2024"));
        assert!(!same_name("Bb2024", "024"));
        assert!(!same_name("Bb2024", " - "));
        // ASCII case only: the Kelvin sign is not a `k`.
        assert!(!same_name("Bk", "B\u{212a}"));
        assert_eq!(team_named("oRc").as_deref(), Some("Orc"));
    }

    #[test]
    fn an_integer_may_be_written_as_a_whole_float() {
        #[derive(serde::Deserialize)]
        struct P {
            #[serde(deserialize_with = "integral_i32")]
            n: i32,
        }
        let n = |json: &str| serde_json::from_str::<P>(json).map(|p| p.n).ok();
        assert_eq!(n(r#"{"n": 3}"#), Some(3));
        assert_eq!(n(r#"{"n": -3.0}"#), Some(-3));
        assert_eq!(n(r#"{"n": 1e2}"#), Some(100));
        assert_eq!(n(r#"{"n": 3.5}"#), None);
        assert_eq!(n(r#"{"n": 3e10}"#), None);
        assert_eq!(n(r#"{"n": "3"}"#), None);
    }
}
