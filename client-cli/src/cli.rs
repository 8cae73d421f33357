//! Command-line arguments.

use clap::{Parser, Subcommand};

/// Default server base URL.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";

/// Dugout terminal client.
#[derive(Debug, Parser)]
#[command(name = "dugout", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Print the client and protocol versions.
    Version,
    /// Ask a server whether it is up (GET /health).
    Health {
        /// Server base URL (plain http only, for now).
        #[arg(long, env = "DUGOUT_SERVER", default_value = DEFAULT_SERVER)]
        server: String,
    },
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

    #[test]
    fn a_subcommand_is_required() {
        assert!(Cli::try_parse_from(["dugout"]).is_err());
    }

    #[test]
    fn an_unknown_subcommand_is_rejected() {
        assert!(Cli::try_parse_from(["dugout", "kickoff"]).is_err());
    }
}
