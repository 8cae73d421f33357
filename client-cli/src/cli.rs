//! Command-line arguments.

use std::path::PathBuf;

use clap::{ArgGroup, Args, Parser, Subcommand};
use dugout_client::bot::{StrategyKind, TeamName, parse_edition, parse_game, parse_team};
use dugout_rules::GameKind;
use dugout_rules::blitz::Edition;

/// Default server base URL.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";

/// Dugout terminal client.
///
/// Servers are given as http:// or https:// URLs (--server, or DUGOUT_SERVER); the WebSocket
/// is then ws:// or wss://. Over https, the server's certificate must be signed by a
/// certificate authority the client trusts: the bundled Mozilla roots, the system's
/// (SSL_CERT_FILE, SSL_CERT_DIR), or the one given with --ca-cert.
#[derive(Debug, Parser)]
#[command(name = "dugout", version)]
pub struct Cli {
    /// Also trust the certificates in this PEM file for https:// and wss:// (a server's
    /// self-signed certificate, or the private CA that signed it).
    #[arg(long, global = true, env = "DUGOUT_CA_CERT", value_name = "FILE")]
    pub ca_cert: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

/// The arguments with `play` added when there is no subcommand: plain `dugout` (or
/// `dugout --ca-cert FILE`) starts the interactive client.
pub fn with_default_command(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut args = args;
    if args.is_empty() {
        args.push("dugout".into());
    }
    // Only the global option (and its value) after the program name: no subcommand.
    let mut rest = args[1..].iter();
    let mut only_global = true;
    while let Some(arg) = rest.next() {
        if arg == "--ca-cert" {
            let _ = rest.next();
        } else if !arg.to_string_lossy().starts_with("--ca-cert=") {
            only_global = false;
            break;
        }
    }
    if only_global {
        args.push("play".into());
    }
    args
}

#[derive(Debug, PartialEq, Subcommand)]
pub enum Command {
    /// Print the client and protocol versions.
    Version,
    /// Ask a server whether it is up (GET /health).
    Health {
        /// Server base URL (http:// or https://).
        #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
        server: String,
    },
    /// Play Blitz Bowl or Blood Bowl matches as a bot account: create a room (of --game) and
    /// wait for an opponent, or join an open room (of --game if given, else of any game);
    /// then play N games in a row and print each result and a summary.
    Bot(BotArgs),
    /// Create a bot account owned by a person and print its API token (for `dugout bot
    /// --token`).
    RegisterBot(RegisterBotArgs),
    /// Manage a Blood Bowl league team after a league match: answer this coach's decisions
    /// of the match's post-match sequence (advancements, winnings, buying, journeymen) until
    /// it is over, waiting while the match is played or the other coach decides.
    PostMatch(PostMatchArgs),
    /// Manage a Blood Bowl league team by hand: see its roster, SPP and treasury, and make
    /// its coach's post-match decisions (advancements, winnings, buying, journeymen) with
    /// the keyboard, among the answers the server lists as legal.
    Team(TeamArgs),
    /// Play in the terminal: log in, the lobby, matches (the default command).
    Play {
        /// Server base URL for the login screen (a remembered session's server wins).
        #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
        server: String,
    },
    /// Step through a stored match in the terminal (REST archive).
    Replay {
        /// The match id.
        #[arg(value_name = "MATCH")]
        id: String,
        /// Server base URL.
        #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
        server: String,
    },
    /// Load-test a server: keep N matches between random bots live for a number of seconds
    /// and/or games, creating the bot accounts itself, and report throughput, latencies,
    /// errors, lost events and (with --pid) the server's memory.
    Load(LoadArgs),
    /// Attack a server as issue 15 describes (login flood, idle connections, sockets that
    /// never say hello, one account hoarding rooms, messages or spectator slots, a replay
    /// flood) and report what it answered, as JSON. For `bench/abuse.sh`; plain http://.
    Abuse(AbuseArgs),
}

#[derive(Debug, PartialEq, Args)]
pub struct AbuseArgs {
    /// Which attack.
    #[arg(value_enum)]
    pub attack: dugout_client::abuse::Attack,
    /// Server base URL (http:// only).
    #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
    pub server: String,
    /// How big: requests in flight, connections, rooms or messages (see `dugout_client::abuse`).
    #[arg(long, default_value_t = 100)]
    pub size: usize,
    /// How long the timed attacks run and connections are held, in seconds.
    #[arg(long, default_value_t = 10.0)]
    pub seconds: f64,
    /// The attacker's source address (say 127.0.0.2, another loopback address).
    #[arg(long)]
    pub from: Option<std::net::IpAddr>,
    /// The finished public match the `replays` attack asks about.
    #[arg(long)]
    pub target: Option<String>,
}

/// `dugout load --follow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FollowArg {
    None,
    Snapshot,
    Fold,
}

#[derive(Debug, PartialEq, Args)]
#[command(group(ArgGroup::new("bound").required(true).multiple(true).args(["seconds", "games"])))]
pub struct LoadArgs {
    /// Server base URL, http:// or https:// (the WebSocket is its /ws, ws:// or wss://).
    #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
    pub server: String,
    /// Several server nodes (issue 14): connect every away coach to this server instead (its
    /// base URL), so half the coaches play a room owned by the node they are not connected to
    /// (the home coach makes the room on --server).
    #[arg(long)]
    pub away_server: Option<String>,
    /// Matches kept live at once (two connections each).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub matches: u32,
    /// Run for this many seconds (matches still under way then are abandoned).
    #[arg(long)]
    pub seconds: Option<f64>,
    /// Start this many matches in all, and let them finish.
    #[arg(long)]
    pub games: Option<u64>,
    /// Mean think time before each command, in milliseconds (jittered within +-50%).
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    /// Spread the first matches' starts over this many seconds.
    #[arg(long, default_value_t = 0.0)]
    pub ramp_seconds: f64,
    /// The server's process id: sample its memory (VmRSS) before and during the load.
    #[arg(long)]
    pub pid: Option<u32>,
    /// Seed for the teams and the random choices (random if not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Public rooms (announced to every connected client) instead of private ones.
    #[arg(long)]
    pub public: bool,
    /// Prefix for the account names it creates (default: load-<random>).
    #[arg(long)]
    pub prefix: Option<String>,
    /// Print the report as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Print a progress line to stderr every this many seconds (0: never).
    #[arg(long, default_value_t = 5.0)]
    pub progress_seconds: f64,
    /// How each coach keeps a view of its match: `none` (the server's cost alone),
    /// `snapshot` (a snapshot before each answer, as clients did before the view reducer)
    /// or `fold` (the events folded into the view, as clients do now).
    #[arg(long, value_enum, default_value = "none")]
    pub follow: FollowArg,
}

#[derive(Debug, PartialEq, Args)]
#[command(group(ArgGroup::new("mode").required(true).args(["create", "join"])))]
pub struct BotArgs {
    /// Server base URL, http:// or https:// (the WebSocket is its /ws, ws:// or wss://).
    #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
    pub server: String,
    /// The bot account's API token (see `dugout register-bot`).
    #[arg(long, env = "DUGOUT_TOKEN", hide_env_values = true)]
    pub token: String,
    /// How the bot picks among the legal commands (both games have both strategies).
    #[arg(long, value_enum, default_value = "greedy")]
    pub strategy: StrategyKind,
    /// The game: `blitz` (Blitz Bowl) or `blood_bowl` (Blood Bowl), as people type them
    /// (`"Blood Bowl"`, `blood-bowl`). Created rooms are of this game (default blitz);
    /// joining, only rooms of this game are joined (default: any game, each played by its
    /// own strategy).
    #[arg(long, value_parser = parse_game)]
    pub game: Option<GameKind>,
    /// Seed for the strategy (game i uses SEED + i) and the teams drawn for created rooms;
    /// random if not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Create a room for each game and wait for an opponent.
    #[arg(long)]
    pub create: bool,
    /// Join an open room: ROOM for the first game, else the first open one (waiting for one
    /// to open).
    #[arg(long, value_name = "ROOM")]
    pub join: Option<Option<String>>,
    /// Home team of the rooms it creates (random if not given): a Blitz Bowl team
    /// (`orc`, `black-orc`...) or a Blood Bowl roster (`human`, `orc`, `dwarf`, `skaven`,
    /// `wood-elf`, `goblin`), any case.
    #[arg(long, conflicts_with = "join", value_parser = parse_team)]
    pub team: Option<TeamName>,
    /// Away team of the rooms it creates (random if not given), as --team.
    #[arg(long, conflicts_with = "join", value_parser = parse_team)]
    pub opponent_team: Option<TeamName>,
    /// Blitz Bowl edition of the rooms it creates: 2018 or 2024 (default 2024). Blood Bowl
    /// plays LRB6 and takes no edition.
    #[arg(long, conflicts_with = "join", value_parser = parse_edition)]
    pub edition: Option<Edition>,
    /// Games to play in a row.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Messages per second at most (the server's default limit is 50).
    #[arg(long, default_value_t = 45.0)]
    pub rate: f64,
    /// Give up after this many seconds without a connection.
    #[arg(long, default_value_t = 120)]
    pub reconnect_seconds: u64,
    /// Write every message sent (`> `) and received (`< `) to this file, one per line.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
}

#[derive(Debug, PartialEq, Eq, Args)]
#[command(group(ArgGroup::new("auth").required(true).args(["owner", "session"])))]
pub struct RegisterBotArgs {
    /// Server base URL, http:// or https://.
    #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
    pub server: String,
    /// The bot account's name (3 to 32 letters, digits, `_`, `-`).
    #[arg(long)]
    pub name: String,
    /// The person who owns the bot: log in as this account...
    #[arg(long, env = "DUGOUT_ACCOUNT", requires = "password")]
    pub owner: Option<String>,
    /// ...with this password.
    #[arg(long, env = "DUGOUT_PASSWORD", hide_env_values = true)]
    pub password: Option<String>,
    /// Register the owner first if the account does not exist yet.
    #[arg(long, requires = "owner")]
    pub register: bool,
    /// Or: a session token of the owner (from login), instead of a name and password.
    #[arg(long, env = "DUGOUT_SESSION", hide_env_values = true)]
    pub session: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn version_takes_no_arguments() {
        let cli = Cli::try_parse_from(["dugout", "version"]).expect("parses");
        assert_eq!(cli.command, Command::Version);
        assert!(Cli::try_parse_from(["dugout", "version", "extra"]).is_err());
    }

    #[test]
    fn health_takes_a_server_url() {
        let cli = Cli::try_parse_from(["dugout", "health", "--server", "http://example.test:9000"])
            .expect("parses");
        assert_eq!(
            cli.command,
            Command::Health {
                server: "http://example.test:9000".into()
            }
        );
    }

    fn bot(args: &[&str]) -> Result<BotArgs, clap::Error> {
        let all = ["dugout", "bot", "--token", "t"].iter().chain(args);
        match Cli::try_parse_from(all)?.command {
            Command::Bot(b) => Ok(b),
            other => panic!("not a bot command: {other:?}"),
        }
    }

    #[test]
    fn bot_creates_or_joins_but_not_both_and_not_neither() {
        let b = bot(&["--create"]).expect("parses");
        assert!(b.create);
        assert_eq!(b.join, None);
        assert_eq!(b.games, 1);
        assert_eq!(b.strategy, StrategyKind::Greedy);
        assert_eq!(bot(&["--join"]).expect("parses").join, Some(None));
        assert_eq!(
            bot(&["--join", "r1"]).expect("parses").join,
            Some(Some("r1".into()))
        );
        assert!(bot(&[]).is_err());
        assert!(bot(&["--create", "--join"]).is_err());
    }

    #[test]
    fn bot_room_options_need_create() {
        let b = bot(&[
            "--create",
            "--team",
            "orc",
            "--opponent-team",
            "wood-elf",
            "--edition",
            "2018",
            "--strategy",
            "random",
            "--seed",
            "7",
            "--games",
            "3",
        ])
        .expect("parses");
        assert_eq!(
            b.team.and_then(|t| t.blitz),
            Some(dugout_rules::blitz::data::TeamId::Orc)
        );
        assert_eq!(
            b.opponent_team.and_then(|t| t.blood_bowl),
            Some(dugout_rules::bb::Roster::WoodElf)
        );
        assert_eq!(b.edition, Some(Edition::Bb2018));
        assert_eq!(b.game, None);
        assert_eq!(b.strategy, StrategyKind::Random);
        assert_eq!((b.seed, b.games), (Some(7), 3));
        assert!(bot(&["--join", "--team", "orc"]).is_err());
        assert!(bot(&["--create", "--team", "martians"]).is_err());
        assert!(bot(&["--create", "--games", "0"]).is_err());
    }

    #[test]
    fn bot_game_is_read_as_people_type_it() {
        for typed in ["blood_bowl", "Blood Bowl", "blood-bowl"] {
            let b = bot(&["--create", "--game", typed, "--team", "orc"]).expect("parses");
            assert_eq!(b.game, Some(GameKind::BloodBowl));
        }
        let b = bot(&["--join", "--game", "blitz"]).expect("parses");
        assert_eq!(b.game, Some(GameKind::Blitz));
        assert!(bot(&["--create", "--game", "chess"]).is_err());
    }

    #[test]
    fn register_bot_needs_an_owner_with_a_password_or_a_session() {
        let parse = |args: &[&str]| {
            let all = ["dugout", "register-bot", "--name", "b0t"]
                .iter()
                .chain(args);
            Cli::try_parse_from(all)
        };
        assert!(parse(&["--owner", "ada", "--password", "pw123456"]).is_ok());
        assert!(parse(&["--session", "tok"]).is_ok());
        assert!(parse(&[]).is_err());
        assert!(
            parse(&["--owner", "ada"]).is_err() || std::env::var_os("DUGOUT_PASSWORD").is_some()
        );
    }

    #[test]
    fn a_subcommand_is_required() {
        assert!(Cli::try_parse_from(["dugout"]).is_err());
    }

    #[test]
    fn no_arguments_mean_play_and_replay_takes_a_match() {
        let args = with_default_command(vec!["dugout".into()]);
        let cli = Cli::try_parse_from(args).expect("parses");
        assert!(matches!(cli.command, Command::Play { .. }));
        let args = with_default_command(vec!["dugout".into(), "version".into()]);
        assert_eq!(
            Cli::try_parse_from(args).expect("parses").command,
            Command::Version
        );
        let cli = Cli::try_parse_from(["dugout", "replay", "m1", "--server", "http://h:1"])
            .expect("parses");
        assert_eq!(
            cli.command,
            Command::Replay {
                id: "m1".into(),
                server: "http://h:1".into()
            }
        );
        assert!(Cli::try_parse_from(["dugout", "replay"]).is_err());
        let cli =
            Cli::try_parse_from(["dugout", "play", "--server", "http://h:2"]).expect("parses");
        assert_eq!(
            cli.command,
            Command::Play {
                server: "http://h:2".into()
            }
        );
    }

    #[test]
    fn ca_cert_is_global_and_alone_still_means_play() {
        let args = with_default_command(vec!["dugout".into(), "--ca-cert".into(), "ca.pem".into()]);
        let cli = Cli::try_parse_from(args).expect("parses");
        assert!(matches!(cli.command, Command::Play { .. }));
        assert_eq!(cli.ca_cert, Some(PathBuf::from("ca.pem")));
        let args = with_default_command(vec!["dugout".into(), "--ca-cert=ca.pem".into()]);
        let cli = Cli::try_parse_from(args).expect("parses");
        assert!(matches!(cli.command, Command::Play { .. }));
        let cli = Cli::try_parse_from([
            "dugout",
            "bot",
            "--token",
            "t",
            "--join",
            "--server",
            "https://h:8443",
            "--ca-cert",
            "ca.pem",
        ])
        .expect("parses");
        assert_eq!(cli.ca_cert, Some(PathBuf::from("ca.pem")));
        let cli = Cli::try_parse_from(["dugout", "--ca-cert", "ca.pem", "health"]).expect("parses");
        assert_eq!(cli.ca_cert, Some(PathBuf::from("ca.pem")));
        let args = with_default_command(vec!["dugout".into(), "--ca-cert".into()]);
        assert!(Cli::try_parse_from(args).is_err(), "--ca-cert needs a file");
    }

    #[test]
    fn an_unknown_subcommand_is_rejected() {
        assert!(Cli::try_parse_from(["dugout", "kickoff"]).is_err());
    }
}

/// `dugout post-match`.
#[derive(Debug, PartialEq, Args)]
pub struct PostMatchArgs {
    /// Server base URL, http:// or https://.
    #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
    pub server: String,
    /// The coach's token (a session or a bot's API token).
    #[arg(long, env = "DUGOUT_TOKEN", hide_env_values = true)]
    pub token: String,
    /// The league's id.
    #[arg(long)]
    pub league: i64,
    /// The league match's id (the room's).
    #[arg(long = "match", value_name = "MATCH")]
    pub match_id: String,
    /// How the bot answers: the rules' default, or greedy.
    #[arg(long, value_enum, default_value = "default")]
    pub strategy: dugout_client::league::PostStrategy,
    /// Seconds to wait for the sequence to end (while the match is played or the other
    /// coach decides).
    #[arg(long, default_value_t = 3600)]
    pub wait: u64,
}

/// `dugout team`.
#[derive(Debug, PartialEq, Args)]
pub struct TeamArgs {
    /// Server base URL, http:// or https://.
    #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
    pub server: String,
    /// The coach's token (a session or a bot's API token); without it, the session `dugout
    /// play` remembered for this server.
    #[arg(long, env = "DUGOUT_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// The league's id.
    #[arg(long)]
    pub league: i64,
    /// The team's id.
    #[arg(long)]
    pub team: i64,
    /// Only this league match's post-match decisions (default: any of the team's).
    #[arg(long = "match", value_name = "MATCH")]
    pub match_id: Option<String>,
}
