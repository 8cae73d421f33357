//! A bot coach's Blood Bowl league choices (issue 13): it answers its team's decisions in a
//! league match's post-match sequence (`dugout post-match`), over the server's REST routes
//! (`GET /api/leagues/{id}/team-matches/{match}`, `POST .../post-match`; see
//! docs/protocol.md, "Blood Bowl league teams").
//!
//! Two strategies: `default` answers what the server would answer at the deadline (the
//! rules' `PostMatch::default_command`); `greedy` spends and keeps: it signs every journeyman
//! it is offered, hires one player per buying window when it can, takes a characteristic
//! over a skill, and rolls poor winnings again. Both answer only among the legal commands
//! the server listed, so the rules stay the server's.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use std::time::Duration;

use dugout_rules::bb::league::postmatch::{PostCommand, PostPrompt};
use dugout_rules::bb::league::tables::Advance;
use dugout_rules::bb::league::team::Purchase;

use crate::http::{self, ServerUrl};

/// How a bot coach answers the post-match sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PostStrategy {
    /// What the server answers at the deadline (§32.5).
    Default,
    /// Sign journeymen, hire a player a window, characteristics first, re-roll poor winnings.
    Greedy,
}

/// The server's league match body, as the protocol defines it.
pub use dugout_protocol::{PostMatchPrompt as Prompt, TeamMatchBody as TeamMatch};

/// The answer to `prompt` (`None`: nothing legal). `buys` is how many purchases this bot
/// made in the current buying window.
pub fn choose(strategy: PostStrategy, prompt: &Prompt, buys: usize) -> Option<PostCommand> {
    let default = prompt
        .default
        .clone()
        .or_else(|| prompt.legal.first().cloned());
    if strategy == PostStrategy::Default {
        return default;
    }
    let find = |f: &dyn Fn(&PostCommand) -> bool| prompt.legal.iter().find(|c| f(c)).cloned();
    let pick = match &prompt.prompt {
        // §32.14: one new player a window, the first position the server lists.
        PostPrompt::Buy if buys == 0 => find(&|c| {
            matches!(
                c,
                PostCommand::Buy {
                    purchase: Purchase::HirePlayer { .. }
                }
            )
        }),
        // §32.13: keep the journeyman.
        PostPrompt::Journeyman { .. } => find(&|c| *c == PostCommand::SignJourneyman),
        // §32.10: a 1 or a 2 is worth rolling again.
        PostPrompt::WinningsReroll { d6 } if *d6 <= 2 => {
            find(&|c| *c == PostCommand::RerollWinnings)
        }
        // §32.7: a characteristic when the roll offers one.
        PostPrompt::Advancement { .. } => find(&|c| {
            matches!(
                c,
                PostCommand::Advance {
                    advance: Advance::Stat { .. },
                    ..
                }
            )
        }),
        _ => None,
    };
    pick.or(default)
}

/// Why managing a post-match sequence stopped.
#[derive(Debug)]
pub enum Error {
    Http(http::Error),
    /// The server refused (status and its message).
    Refused(u16, String),
    /// The server's answer is not what a bot reads.
    Unreadable(String),
    /// The sequence still waits after `wait`.
    TimedOut,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Http(e) => write!(f, "{e}"),
            Error::Refused(status, why) => write!(f, "the server answered {status}: {why}"),
            Error::Unreadable(why) => write!(f, "unreadable answer: {why}"),
            Error::TimedOut => write!(f, "the post-match sequence is not over yet"),
        }
    }
}

impl std::error::Error for Error {}

fn read(response: &http::Response) -> Result<TeamMatch, Error> {
    if !(200..300).contains(&response.status) {
        return Err(Error::Refused(
            response.status,
            String::from_utf8_lossy(&response.body).into_owned(),
        ));
    }
    serde_json::from_slice(&response.body).map_err(|e| Error::Unreadable(e.to_string()))
}

/// The account name a token logs in as (`GET /api/me`).
pub async fn whoami(server: &ServerUrl, token: &str) -> Result<String, Error> {
    let response = http::get_as(server, "/api/me", Some(token))
        .await
        .map_err(Error::Http)?;
    if response.status != 200 {
        return Err(Error::Refused(
            response.status,
            String::from_utf8_lossy(&response.body).into_owned(),
        ));
    }
    let me: serde_json::Value =
        serde_json::from_slice(&response.body).map_err(|e| Error::Unreadable(e.to_string()))?;
    me["account"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| Error::Unreadable("no account in /api/me".into()))
}

/// Answer this coach's decisions of league match `match_id` until the sequence is over,
/// polling every `poll` while the match is played or the other coach decides; gives up
/// after `wait`. Answers how many decisions this bot made.
pub async fn manage_post_match(
    server: &ServerUrl,
    token: &str,
    league: i64,
    match_id: &str,
    strategy: PostStrategy,
    poll: Duration,
    wait: Duration,
) -> Result<usize, Error> {
    let me = whoami(server, token).await?;
    let path = format!("/api/leagues/{league}/team-matches/{match_id}");
    let answer_path = format!("{path}/post-match");
    let deadline = tokio::time::Instant::now() + wait;
    let mut made = 0;
    let mut buys = 0;
    loop {
        let m = read(
            &http::get_as(server, &path, Some(token))
                .await
                .map_err(Error::Http)?,
        )?;
        if m.status == "done" {
            return Ok(made);
        }
        let mine = m.prompt.as_ref().filter(|p| p.coach == me);
        let Some(prompt) = mine else {
            if tokio::time::Instant::now() >= deadline {
                return Err(Error::TimedOut);
            }
            tokio::time::sleep(poll).await;
            continue;
        };
        if !matches!(prompt.prompt, PostPrompt::Buy) {
            buys = 0;
        }
        let Some(command) = choose(strategy, prompt, buys) else {
            return Err(Error::Unreadable("a decision with nothing legal".into()));
        };
        if matches!(command, PostCommand::Buy { .. }) {
            buys += 1;
        }
        let body = serde_json::to_string(&command).map_err(|e| Error::Unreadable(e.to_string()))?;
        let response = http::post_json(server, &answer_path, &body, Some(token))
            .await
            .map_err(Error::Http)?;
        read(&response)?;
        made += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dugout_rules::bb::data::Skill;
    use dugout_rules::bb::league::tables::Stat;

    fn prompt(p: PostPrompt, legal: Vec<PostCommand>, default: PostCommand) -> Prompt {
        Prompt {
            side: dugout_rules::core::Side::Home,
            coach: "me".into(),
            prompt: p,
            legal,
            default: Some(default),
            deadline_ms: 0,
        }
    }

    /// §32.5: the default strategy answers the server's default; greedy answers otherwise
    /// where it has a reason, and only with a legal command.
    #[test]
    fn strategies_answer_with_legal_commands() {
        let hire = PostCommand::Buy {
            purchase: Purchase::HirePlayer {
                position: "Lineman".into(),
                name: String::new(),
            },
        };
        let buy = prompt(
            PostPrompt::Buy,
            vec![hire.clone(), PostCommand::Done],
            PostCommand::Done,
        );
        assert_eq!(
            choose(PostStrategy::Default, &buy, 0),
            Some(PostCommand::Done)
        );
        assert_eq!(choose(PostStrategy::Greedy, &buy, 0), Some(hire));
        assert_eq!(
            choose(PostStrategy::Greedy, &buy, 1),
            Some(PostCommand::Done)
        );

        let skill = PostCommand::Advance {
            player: 3,
            advance: Advance::Skill {
                skill: Skill::Block,
            },
        };
        let stat = PostCommand::Advance {
            player: 3,
            advance: Advance::Stat { stat: Stat::Ma },
        };
        let adv = prompt(
            PostPrompt::Advancement {
                player: 3,
                dice: [5, 5],
                choices: vec![],
            },
            vec![skill.clone(), stat.clone()],
            skill.clone(),
        );
        assert_eq!(choose(PostStrategy::Default, &adv, 0), Some(skill));
        assert_eq!(choose(PostStrategy::Greedy, &adv, 0), Some(stat));

        let j = prompt(
            PostPrompt::Journeyman {
                player: 12,
                cost: 50_000,
            },
            vec![PostCommand::SignJourneyman, PostCommand::ReleaseJourneyman],
            PostCommand::ReleaseJourneyman,
        );
        assert_eq!(
            choose(PostStrategy::Greedy, &j, 0),
            Some(PostCommand::SignJourneyman)
        );
        // Not affordable: not listed, so not chosen.
        let j = Prompt {
            legal: vec![PostCommand::ReleaseJourneyman],
            ..j
        };
        assert_eq!(
            choose(PostStrategy::Greedy, &j, 0),
            Some(PostCommand::ReleaseJourneyman)
        );

        let low = prompt(
            PostPrompt::WinningsReroll { d6: 1 },
            vec![PostCommand::KeepWinnings, PostCommand::RerollWinnings],
            PostCommand::KeepWinnings,
        );
        assert_eq!(
            choose(PostStrategy::Greedy, &low, 0),
            Some(PostCommand::RerollWinnings)
        );
        let high = prompt(
            PostPrompt::WinningsReroll { d6: 5 },
            vec![PostCommand::KeepWinnings, PostCommand::RerollWinnings],
            PostCommand::KeepWinnings,
        );
        assert_eq!(
            choose(PostStrategy::Greedy, &high, 0),
            Some(PostCommand::KeepWinnings)
        );
    }

    /// The bot reads the server's body.
    #[test]
    fn a_team_match_body_reads() {
        let body = serde_json::json!({
            "match": "m", "league": 1, "status": "deciding",
            "home": {"team": 1, "name": "A", "coach": "me"},
            "away": {"team": 2, "name": "B", "coach": "you"},
            "decision_seconds": 60, "commands": [], "commitment": "00", "server_seed": null,
            "prompt": {"side": "Home", "coach": "me", "prompt": {"kind": "buy"},
                       "legal": [{"command": "done"}], "default": {"command": "done"},
                       "deadline_ms": 5}
        });
        let m: TeamMatch = serde_json::from_value(body).expect("reads");
        assert_eq!(m.status, "deciding");
        let p = m.prompt.expect("a prompt");
        assert_eq!(p.coach, "me");
        assert_eq!(choose(PostStrategy::Greedy, &p, 0), Some(PostCommand::Done));
    }
}
