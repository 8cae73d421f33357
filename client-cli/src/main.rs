//! `dugout`: the Dugout terminal client: `play` (the default), `replay`, `version`,
//! `health`, `bot`, `register-bot` and `post-match`.

mod cli;

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use dugout_client::bot::{Bot, BotConfig, Mode, RoomPlan};
use dugout_client::http::{self, ServerUrl};
use dugout_client::net::{Session, SessionConfig};
use dugout_client::tls::{self, Trust};
use dugout_protocol::PROTOCOL_VERSION;

use crate::cli::{
    AbuseArgs, BotArgs, Cli, Command, LoadArgs, PostMatchArgs, RegisterBotArgs, TeamArgs,
};

fn main() -> ExitCode {
    let cli = Cli::parse_from(cli::with_default_command(std::env::args_os().collect()));
    if let Some(path) = &cli.ca_cert {
        // Read at once: a wrong file is said before anything else happens.
        match Trust::with_ca_cert(path) {
            Ok(trust) => {
                tls::set_default(trust);
            }
            Err(err) => {
                eprintln!("dugout: {err}");
                return ExitCode::FAILURE;
            }
        }
    }
    match cli.command {
        Command::Play { server } => play(&server),
        Command::Replay { id, server } => replay(&server, &id),
        Command::Version => {
            println!(
                "dugout {} (protocol {PROTOCOL_VERSION})",
                env!("CARGO_PKG_VERSION")
            );
            ExitCode::SUCCESS
        }
        Command::Health { server } => health(&server),
        Command::Bot(args) => bot(args),
        Command::RegisterBot(args) => register_bot(args),
        Command::PostMatch(args) => post_match(args),
        Command::Team(args) => team(args),
        Command::Load(args) => load(args),
        Command::Abuse(args) => abuse(args),
    }
}

/// `dugout play` (and plain `dugout`): the interactive terminal client.
fn play(server: &str) -> ExitCode {
    match dugout_client::app::run::play(server) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("dugout: {err}");
            ExitCode::FAILURE
        }
    }
}

/// `dugout replay MATCH`: step through a stored match.
fn replay(server: &str, id: &str) -> ExitCode {
    match dugout_client::app::run::replay(server, id) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("dugout: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The async runtime: one thread (a bot, a request), or one per core (the load and abuse
/// tools, thousands of connections). `None`, said on stderr, if it cannot start.
fn runtime_with(threads: Threads) -> Option<tokio::runtime::Runtime> {
    let mut builder = match threads {
        Threads::One => tokio::runtime::Builder::new_current_thread(),
        Threads::PerCore => tokio::runtime::Builder::new_multi_thread(),
    };
    match builder.enable_all().build() {
        Ok(runtime) => Some(runtime),
        Err(err) => {
            eprintln!("dugout: cannot start the async runtime: {err}");
            None
        }
    }
}

enum Threads {
    One,
    PerCore,
}

fn runtime() -> Option<tokio::runtime::Runtime> {
    runtime_with(Threads::One)
}

fn multi_thread_runtime() -> Option<tokio::runtime::Runtime> {
    runtime_with(Threads::PerCore)
}

/// `dugout bot`: play the games; exit 0 once they are all played.
fn bot(args: BotArgs) -> ExitCode {
    let url = match ServerUrl::parse(&args.server) {
        Ok(url) => url,
        Err(err) => {
            eprintln!("dugout: {err}");
            return ExitCode::FAILURE;
        }
    };
    let trace: Option<Box<dyn std::io::Write + Send>> = match &args.trace {
        None => None,
        Some(path) => match std::fs::File::create(path) {
            Ok(file) => Some(Box::new(std::io::LineWriter::new(file))),
            Err(err) => {
                eprintln!("dugout: cannot create {}: {err}", path.display());
                return ExitCode::FAILURE;
            }
        },
    };
    let seed = args.seed.unwrap_or_else(|| {
        let mut bytes = [0u8; 8];
        let _ = getrandom_fill(&mut bytes);
        u64::from_le_bytes(bytes)
    });
    let mut session = SessionConfig::for_server(&url, args.token);
    session.client = format!("dugout-bot {}", env!("CARGO_PKG_VERSION"));
    session.rate = (args.rate > 0.0).then_some((args.rate, args.rate.max(1.0)));
    session.reconnect_for = Duration::from_secs(args.reconnect_seconds);
    let mode = match args.join {
        Some(room) => Mode::Join {
            room,
            game: args.game,
        },
        None => match RoomPlan::new(
            args.game.unwrap_or_default(),
            args.edition,
            [args.team.as_ref(), args.opponent_team.as_ref()],
        ) {
            Ok(plan) => Mode::Create(plan),
            Err(why) => {
                eprintln!("dugout bot: {why}");
                return ExitCode::from(2);
            }
        },
    };
    let config = BotConfig {
        session: session.clone(),
        strategy: args.strategy,
        seed,
        mode,
        games: args.games,
    };
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    runtime.block_on(async move {
        let session = match Session::connect_traced(session, trace).await {
            Ok(s) => s,
            Err(err) => {
                eprintln!("dugout: {}: {err}", args.server);
                return ExitCode::FAILURE;
            }
        };
        eprintln!(
            "dugout bot: connected to {} as {}{} ({:?}, seed {seed})",
            args.server,
            session.account(),
            if session.is_bot() { " (bot)" } else { "" },
            args.strategy
        );
        let mut out = std::io::stdout();
        let mut log = std::io::stderr();
        let (result, session) = Bot::new(session, config, &mut out, &mut log).run().await;
        session.close().await;
        match result {
            Ok(_) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("dugout bot: {err}");
                ExitCode::FAILURE
            }
        }
    })
}

/// `dugout load`: run the load, print the report; exit 2 if any error or lost event was seen.
/// `dugout abuse`: one attack; its report as JSON on stdout.
fn abuse(args: AbuseArgs) -> ExitCode {
    use dugout_client::abuse::AbuseConfig;
    let server = match ServerUrl::parse(&args.server) {
        Ok(url) => url,
        Err(err) => {
            eprintln!("dugout: {err}");
            return ExitCode::FAILURE;
        }
    };
    let config = AbuseConfig {
        server,
        attack: args.attack,
        size: args.size,
        seconds: args.seconds,
        from: args.from,
        target: args.target,
    };
    let Some(runtime) = multi_thread_runtime() else {
        return ExitCode::FAILURE;
    };
    match runtime.block_on(dugout_client::abuse::run(config)) {
        Ok(report) => {
            println!("{report:#}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("dugout abuse: {err}");
            ExitCode::FAILURE
        }
    }
}

fn load(args: LoadArgs) -> ExitCode {
    let url = match ServerUrl::parse(&args.server) {
        Ok(url) => url,
        Err(err) => {
            eprintln!("dugout: {err}");
            return ExitCode::FAILURE;
        }
    };
    let mut random = [0u8; 8];
    let _ = getrandom_fill(&mut random);
    let random = u64::from_le_bytes(random);
    let mut config = dugout_client::load::LoadConfig::new(url, args.matches as usize);
    if let Some(away) = &args.away_server {
        match ServerUrl::parse(away) {
            Ok(away) => config.away_server = Some(away),
            Err(err) => {
                eprintln!("dugout: --away-server: {err}");
                return ExitCode::FAILURE;
            }
        }
    }
    config.seconds = args.seconds;
    config.games = args.games;
    config.think = Duration::from_millis(args.think_ms);
    config.ramp = Duration::from_secs_f64(args.ramp_seconds.max(0.0));
    config.pid = args.pid;
    config.seed = args.seed.unwrap_or(random);
    config.public = args.public;
    config.prefix = args
        .prefix
        .unwrap_or_else(|| format!("load-{:06x}", random & 0xff_ffff));
    config.progress = Duration::from_secs_f64(args.progress_seconds.max(0.0));
    config.follow = match args.follow {
        crate::cli::FollowArg::None => dugout_client::load::Follow::None,
        crate::cli::FollowArg::Snapshot => dugout_client::load::Follow::Snapshot,
        crate::cli::FollowArg::Fold => dugout_client::load::Follow::Fold,
    };
    // One multi-threaded runtime for every connection (one task per match).
    let Some(runtime) = multi_thread_runtime() else {
        return ExitCode::FAILURE;
    };
    let report = match runtime.block_on(dugout_client::load::run(config)) {
        Ok(report) => report,
        Err(err) => {
            eprintln!("dugout load: {err}");
            return ExitCode::FAILURE;
        }
    };
    if args.json {
        println!("{report:#}");
    } else {
        print!("{}", dugout_client::load::render(&report));
    }
    let clean =
        report["errors"]["total"].as_u64() == Some(0) && report["lost_events"].as_u64() == Some(0);
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

fn getrandom_fill(bytes: &mut [u8]) -> bool {
    getrandom::fill(bytes).is_ok()
}

/// `dugout register-bot`: log in (or register) the owner, create the bot, print its token.
/// `dugout post-match`: answer this coach's post-match decisions of a league match.
fn post_match(args: PostMatchArgs) -> ExitCode {
    let url = match ServerUrl::parse(&args.server) {
        Ok(url) => url,
        Err(err) => {
            eprintln!("dugout: {err}");
            return ExitCode::FAILURE;
        }
    };
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    runtime.block_on(async move {
        match dugout_client::league::manage_post_match(
            &url,
            &args.token,
            args.league,
            &args.match_id,
            args.strategy,
            Duration::from_millis(500),
            Duration::from_secs(args.wait),
        )
        .await
        {
            Ok(n) => {
                println!(
                    "post-match match={} decisions={n} status=done",
                    args.match_id
                );
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("dugout: post-match of {}: {err}", args.match_id);
                ExitCode::FAILURE
            }
        }
    })
}

/// `dugout team`: a league team and its coach's post-match decisions, by hand.
fn team(args: TeamArgs) -> ExitCode {
    let token = match args.token.clone().filter(|t| !t.is_empty()) {
        Some(t) => t,
        None => match dugout_client::app::config::config_path()
            .as_deref()
            .and_then(dugout_client::app::config::load)
            .filter(|s| s.server.trim_end_matches('/') == args.server.trim_end_matches('/'))
            .map(|s| s.token)
            .filter(|t| !t.is_empty())
        {
            Some(t) => t,
            None => {
                eprintln!(
                    "dugout: team: no --token and no remembered session for {} (log in with `dugout play` first)",
                    args.server
                );
                return ExitCode::FAILURE;
            }
        },
    };
    let run = dugout_client::team::run(dugout_client::team::TeamArgs {
        server: args.server,
        token,
        league: args.league,
        team: args.team,
        match_id: args.match_id,
    });
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("dugout: team: {err}");
            ExitCode::FAILURE
        }
    }
}

fn register_bot(args: RegisterBotArgs) -> ExitCode {
    let url = match ServerUrl::parse(&args.server) {
        Ok(url) => url,
        Err(err) => {
            eprintln!("dugout: {err}");
            return ExitCode::FAILURE;
        }
    };
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    runtime.block_on(async move {
        let session = match (&args.session, &args.owner, &args.password) {
            (Some(token), _, _) => token.clone(),
            (None, Some(owner), Some(password)) => {
                match http::session_token(&url, owner, password, args.register).await {
                    Ok(grant) => grant.token,
                    Err(err) => {
                        eprintln!("dugout: logging in as {owner}: {err}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            _ => {
                eprintln!("dugout: give --owner and --password, or --session");
                return ExitCode::FAILURE;
            }
        };
        match http::create_bot(&url, &session, &args.name).await {
            Ok(grant) => {
                eprintln!(
                    "dugout: bot account {} created; its token follows (keep it secret)",
                    grant.account
                );
                println!("{}", grant.token);
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("dugout: creating bot {}: {err}", args.name);
                ExitCode::FAILURE
            }
        }
    })
}

/// Print the server's `/health` answer; fail unless it is `200` with `"status": "ok"`.
fn health(server: &str) -> ExitCode {
    let url = match ServerUrl::parse(server) {
        Ok(url) => url,
        Err(err) => {
            eprintln!("dugout: {err}");
            return ExitCode::FAILURE;
        }
    };
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    let response = match runtime.block_on(http::get(&url, "/health")) {
        Ok(response) => response,
        Err(err) => {
            eprintln!("dugout: {server}: {err}");
            return ExitCode::FAILURE;
        }
    };

    let body = String::from_utf8_lossy(&response.body);
    println!("{}", body.trim_end());
    if response.status != 200 {
        eprintln!("dugout: {server}: HTTP status {}", response.status);
        return ExitCode::FAILURE;
    }
    if !reports_ok(&response.body) {
        eprintln!("dugout: {server}: the server did not report status \"ok\"");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Whether a `/health` body is JSON with `"status": "ok"`.
fn reports_ok(body: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(body)
        .is_ok_and(|json| json.get("status").and_then(|s| s.as_str()) == Some("ok"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_status_ok_body_counts_as_healthy() {
        assert!(reports_ok(br#"{"status":"ok"}"#));
        assert!(!reports_ok(br#"{"status":"degraded"}"#));
        assert!(!reports_ok(b"ok"));
        assert!(!reports_ok(b""));
    }
}
