//! `dugout-verify --server http://host:port --match ID [--token T]`: fetch a finished match
//! over the server's REST API and check its provably fair dice without the server's code
//! (`examples/verifier/README.md`).
//!
//! Exit codes: 0 verified, 1 does not verify (the first mismatch is printed), 2 a usage,
//! network or not-found error (or a match this build cannot replay), 3 the match is not over.

use std::process::ExitCode;

use dugout_verifier::{Api, FetchError, Verdict, verify};

const USAGE: &str = "\
usage: dugout-verify --server URL --match ID [--token TOKEN]

Fetches a finished match from a Dugout server's REST API (its summary, its stored commands
and its event log), checks that the revealed server seed hashes to the commitment, derives the
dice seed, replays every command with the rules and compares every event with the stored one.

  --server URL    the server, http://host:port or https://host
  --match ID      the match (room) id
  --token TOKEN   a coach's session or bot token: a private match is served only to its coaches

exit: 0 verified, 1 does not verify, 2 usage, network or not found, 3 the match is not over";

struct Args {
    server: String,
    id: String,
    token: Option<String>,
}

fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<Args>, String> {
    let (mut server, mut id, mut token) = (None, None, None);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_owned(), Some(v.to_owned())),
            _ => (arg.clone(), None),
        };
        let slot = match name.as_str() {
            "-h" | "--help" => return Ok(None),
            "--server" => &mut server,
            "--match" => &mut id,
            "--token" => &mut token,
            other => return Err(format!("unknown argument {other:?}")),
        };
        let value = match inline {
            Some(v) => v,
            None => args.next().ok_or_else(|| format!("{name} needs a value"))?,
        };
        if slot.replace(value).is_some() {
            return Err(format!("{name} is given twice"));
        }
    }
    Ok(Some(Args {
        server: server.ok_or("--server is required")?,
        id: id.ok_or("--match is required")?,
        token,
    }))
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(why) => {
            eprintln!("dugout-verify: {why}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let id = &args.id;
    let fetched = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| FetchError::Network(format!("cannot start the HTTP runtime: {e}")))
        .and_then(|rt| {
            rt.block_on(async {
                let api = Api::new(&args.server, args.token.as_deref())?;
                api.fetch(id).await
            })
        });
    let data = match fetched {
        Ok(data) => data,
        Err(e @ FetchError::NotOver(_)) => {
            println!("match {id}: CANNOT VERIFY YET: {e}");
            return ExitCode::from(e.exit_code());
        }
        Err(e) => {
            eprintln!("dugout-verify: match {id}: {e}");
            return ExitCode::from(e.exit_code());
        }
    };
    let verdict = verify(&data);
    match &verdict {
        Verdict::Verified(v) => println!("match {id}: VERIFIED\n{v}"),
        Verdict::Failed(m) => println!("match {id}: DOES NOT VERIFY: {m}"),
        Verdict::NotOver { status } => println!(
            "match {id}: CANNOT VERIFY YET: the match is not over (status {status:?}): its \
             server seed is revealed when it ends"
        ),
        Verdict::Unsupported(why) => eprintln!("dugout-verify: match {id}: cannot replay: {why}"),
    }
    ExitCode::from(verdict.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Result<Option<Args>, String> {
        parse(s.split_whitespace().map(str::to_owned))
    }

    #[test]
    fn arguments_are_parsed_and_mistakes_named() {
        let a = args("--server http://h:1 --match m --token=t")
            .expect("valid")
            .expect("not help");
        assert_eq!((a.server.as_str(), a.id.as_str()), ("http://h:1", "m"));
        assert_eq!(a.token.as_deref(), Some("t"));
        assert!(matches!(args("--help"), Ok(None)));
        assert!(args("--server http://h:1").is_err_and(|e| e.contains("--match")));
        assert!(args("--server a --server b --match m").is_err_and(|e| e.contains("twice")));
        assert!(args("--server a --match").is_err_and(|e| e.contains("needs a value")));
        assert!(args("--nope").is_err_and(|e| e.contains("--nope")));
    }
}
