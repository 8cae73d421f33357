//! `dugout team`: a coach manages a Blood Bowl league team by hand in the terminal (issue 13).
//!
//! The screen shows the team as the server folds it (`GET /api/leagues/{id}/teams/{team}`):
//! its roster with characteristics, skills, SPP, level and value, who misses the next match,
//! the treasury, re-rolls, staff, fan factor and record. When one of the team's league
//! matches waits for this coach's post-match decision (`GET /api/leagues/{id}/team-matches`),
//! the prompt is shown with every answer the server lists as legal (an advancement among the
//! rolled options, the MVP, re-rolling the winnings, buying, hiring and firing in the buying
//! window, signing or releasing a journeyman); the coach picks one with the keyboard and it
//! is sent as `POST .../team-matches/{match}/post-match`, the route `dugout post-match` uses.
//! The client never decides what is legal: it offers only the server's list.
//!
//! [`Screen`] is a pure model (keys in, [`Action`]s out) and [`render`] a pure render
//! function, so both are tested without a terminal; [`load`] and [`send`] are the REST calls.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use std::time::Duration;

use dugout_rules::bb::data::{Roster, Skill};
use dugout_rules::bb::league::postmatch::{PostCommand, PostPrompt};
use dugout_rules::bb::league::tables::{Advance, Stat, TITLES, rolls_earned};
use dugout_rules::bb::league::team::{Purchase, Staff};
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph, Row, Table, Wrap};
use serde::Deserialize;

use crate::http::{self, ServerUrl};
use crate::league::Prompt;

/// A league team as the server shows it (the part this screen reads of `LeagueTeamBody`).
#[derive(Clone, Debug, Deserialize)]
pub struct TeamView {
    pub id: i64,
    pub league: i64,
    pub coach: String,
    pub name: String,
    pub roster: Roster,
    pub approved: bool,
    pub treasury: u32,
    pub rerolls: u8,
    pub fan_factor: u8,
    pub assistant_coaches: u8,
    pub cheerleaders: u8,
    pub apothecary: bool,
    pub team_value: u32,
    pub players: Vec<PlayerView>,
    #[serde(default)]
    pub former: Vec<FormerView>,
    pub record: RecordView,
}

/// A player of the team.
#[derive(Clone, Debug, Deserialize)]
pub struct PlayerView {
    pub id: u32,
    pub number: u8,
    pub name: String,
    pub position: String,
    pub ma: i16,
    pub st: i16,
    pub ag: i16,
    pub av: i16,
    pub skills: Vec<Skill>,
    pub spp: u16,
    pub pending_advancement: Option<[u8; 2]>,
    pub value: u32,
    pub niggling: u8,
    pub miss_next_game: bool,
    pub journeyman: bool,
}

/// A player who left.
#[derive(Clone, Debug, Deserialize)]
pub struct FormerView {
    pub id: u32,
    pub name: String,
}

/// The team's record.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct RecordView {
    pub played: u16,
    pub won: u16,
    pub drawn: u16,
    pub lost: u16,
}

#[derive(Clone, Debug, Deserialize)]
struct MatchSide {
    team: i64,
    name: String,
}

/// The part of a `TeamMatchBody` this screen reads.
#[derive(Clone, Debug, Deserialize)]
struct TeamMatchInfo {
    #[serde(rename = "match")]
    match_id: String,
    status: String,
    home: MatchSide,
    away: MatchSide,
    prompt: Option<Prompt>,
}

/// A post-match decision waiting for this coach.
#[derive(Clone, Debug)]
pub struct Decision {
    pub match_id: String,
    pub opponent: String,
    pub prompt: Prompt,
}

/// The screen's model.
#[derive(Clone, Debug)]
pub struct Screen {
    pub team: TeamView,
    /// The logged-in coach.
    pub me: String,
    pub decision: Option<Decision>,
    /// A league match of the team whose sequence waits for someone else (words).
    pub waiting: Option<String>,
    /// The highlighted answer of the decision.
    pub selected: usize,
    /// The last thing that happened (a refusal, an answer sent).
    pub status: String,
}

/// What a key asks the runtime to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    None,
    Quit,
    Refresh,
    /// Send this answer to the decision of this match.
    Send {
        match_id: String,
        command: PostCommand,
    },
}

impl Screen {
    pub fn new(team: TeamView, me: String) -> Screen {
        Screen {
            team,
            me,
            decision: None,
            waiting: None,
            selected: 0,
            status: String::new(),
        }
    }

    /// Take a fresh state from the server; the highlight stays on the same answer when the
    /// prompt is the same, else goes back to the top.
    pub fn update(&mut self, team: TeamView, decision: Option<Decision>, waiting: Option<String>) {
        let same = match (&self.decision, &decision) {
            (Some(a), Some(b)) => a.match_id == b.match_id && a.prompt.legal == b.prompt.legal,
            _ => false,
        };
        if !same {
            self.selected = 0;
        }
        self.team = team;
        self.decision = decision;
        self.waiting = waiting;
    }

    /// Up/Down (or k/j) move among the legal answers, 1-9 pick one directly, Enter sends
    /// the highlighted one, `d` the server's default, `r` reloads, `q` or Esc quits.
    pub fn on_key(&mut self, key: KeyCode) -> Action {
        let legal_len = self.decision.as_ref().map_or(0, |d| d.prompt.legal.len());
        match key {
            KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
            KeyCode::Char('r') => Action::Refresh,
            KeyCode::Up | KeyCode::Char('k') => {
                self.selected = self.selected.saturating_sub(1);
                Action::None
            }
            KeyCode::Down | KeyCode::Char('j') => {
                if self.selected + 1 < legal_len {
                    self.selected += 1;
                }
                Action::None
            }
            KeyCode::Char(c @ '1'..='9') => {
                let i = (c as usize) - ('1' as usize);
                if i < legal_len {
                    self.selected = i;
                    self.send_selected()
                } else {
                    self.status = format!("there is no answer {c}");
                    Action::None
                }
            }
            KeyCode::Enter => self.send_selected(),
            KeyCode::Char('d') => match &self.decision {
                Some(d) => match &d.prompt.default {
                    Some(command) => Action::Send {
                        match_id: d.match_id.clone(),
                        command: command.clone(),
                    },
                    None => Action::None,
                },
                None => Action::None,
            },
            _ => Action::None,
        }
    }

    fn send_selected(&mut self) -> Action {
        match &self.decision {
            Some(d) => match d.prompt.legal.get(self.selected) {
                Some(command) => Action::Send {
                    match_id: d.match_id.clone(),
                    command: command.clone(),
                },
                None => Action::None,
            },
            None => {
                self.status = "no decision waits for you".into();
                Action::None
            }
        }
    }

    fn player_name(&self, id: u32) -> String {
        self.team
            .players
            .iter()
            .find(|p| p.id == id)
            .map(|p| format!("#{} {}", p.number, p.name))
            .or_else(|| {
                self.team
                    .former
                    .iter()
                    .find(|p| p.id == id)
                    .map(|p| p.name.clone())
            })
            .unwrap_or_else(|| format!("player {id}"))
    }

    /// A prompt in words.
    pub fn prompt_text(&self, prompt: &PostPrompt) -> String {
        match prompt {
            PostPrompt::ChooseMvp { .. } => "§32.6: choose your team's MVP".into(),
            PostPrompt::Advancement { player, dice, .. } => format!(
                "§32.7: {} rolled {}+{} for an advancement: choose what he takes",
                self.player_name(*player),
                dice[0],
                dice[1]
            ),
            PostPrompt::WinningsReroll { d6 } => {
                format!("§32.10: your winnings D6 is {d6}: keep it or roll again")
            }
            PostPrompt::Buy => format!(
                "§32.14: the buying window (treasury {}): buy, hire, fire, or done",
                gold(self.team.treasury)
            ),
            PostPrompt::Journeyman { player, cost } => format!(
                "§32.13: sign journeyman {} for {} or release him",
                self.player_name(*player),
                gold(*cost)
            ),
            PostPrompt::JourneymanPosition { .. } => {
                "§32.13: the position of your free journeymen".into()
            }
        }
    }

    /// An answer in words.
    pub fn command_text(&self, command: &PostCommand) -> String {
        match command {
            PostCommand::Mvp { player } => format!("MVP: {}", self.player_name(*player)),
            PostCommand::Advance { player, advance } => {
                format!("{}: {}", self.player_name(*player), advance_text(advance))
            }
            PostCommand::KeepWinnings => "Keep the winnings".into(),
            PostCommand::RerollWinnings => "Roll the winnings again".into(),
            PostCommand::Buy { purchase } => match purchase {
                Purchase::HirePlayer { position, .. } => format!("Hire a {position}"),
                Purchase::FirePlayer { player } => format!("Fire {}", self.player_name(*player)),
                Purchase::RenamePlayer { player, name } => {
                    format!("Rename {} {name}", self.player_name(*player))
                }
                Purchase::BuyReroll => "Buy a team re-roll".into(),
                Purchase::BuyFanFactor => "Buy fan factor".into(),
                Purchase::HireStaff { staff } => format!("Hire {}", staff_text(*staff)),
                Purchase::FireStaff { staff } => format!("Let {} go", staff_text(*staff)),
            },
            PostCommand::Done => "Done (close the window)".into(),
            PostCommand::SignJourneyman => "Sign him".into(),
            PostCommand::ReleaseJourneyman => "Release him".into(),
            PostCommand::JourneymanPosition { position } => format!("Journeymen: {position}"),
        }
    }
}

fn gold(n: u32) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("{out} gp")
}

fn kgold(n: u32) -> String {
    format!("{}k", n / 1000)
}

fn advance_text(a: &Advance) -> String {
    match a {
        Advance::Skill { skill } => skill.name().to_string(),
        Advance::Stat { stat } => format!(
            "+1 {}",
            match stat {
                Stat::Ma => "MA",
                Stat::St => "ST",
                Stat::Ag => "AG",
                Stat::Av => "AV",
            }
        ),
    }
}

fn staff_text(s: Staff) -> &'static str {
    match s {
        Staff::AssistantCoach => "an assistant coach",
        Staff::Cheerleader => "a cheerleader",
        Staff::Apothecary => "an apothecary",
    }
}

/// §32.7: a player's level title by his SPP.
pub fn level(spp: u16) -> &'static str {
    TITLES
        .get(usize::from(rolls_earned(spp)))
        .copied()
        .unwrap_or("Legend")
}

/// Draw the screen.
pub fn render(f: &mut Frame, s: &Screen) {
    let area = f.area();
    let decision_height = match &s.decision {
        Some(d) => (d.prompt.legal.len() as u16 + 3)
            .min(area.height / 2)
            .max(5),
        None => 3,
    };
    let [head, roster, decision, keys] = Layout::vertical([
        Constraint::Length(4),
        Constraint::Min(5),
        Constraint::Length(decision_height),
        Constraint::Length(1),
    ])
    .areas(area);
    render_head(f, head, s);
    render_roster(f, roster, s);
    render_decision(f, decision, s);
    let help = if s.decision.is_some() {
        "↑/↓ choose · Enter send · 1-9 pick · d default · r reload · q quit"
    } else {
        "r reload · q quit"
    };
    let line = if s.status.is_empty() {
        Line::from(help)
    } else {
        Line::from(vec![
            Span::styled(s.status.clone(), Style::default().fg(Color::Yellow)),
            Span::raw(" · "),
            Span::raw(help),
        ])
    };
    f.render_widget(Paragraph::new(line), keys);
}

fn render_head(f: &mut Frame, area: Rect, s: &Screen) {
    let t = &s.team;
    let r = &t.record;
    let lines = vec![
        Line::from(vec![
            Span::styled(
                t.name.clone(),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(
                " · {} · coach {}{}",
                t.roster.data().name,
                t.coach,
                if t.approved { "" } else { " · being created" }
            )),
        ]),
        Line::from(format!(
            "TV {} · treasury {} · re-rolls {} · fan factor {} · record {}/{}/{} in {}",
            kgold(t.team_value),
            gold(t.treasury),
            t.rerolls,
            t.fan_factor,
            r.won,
            r.drawn,
            r.lost,
            r.played
        )),
        Line::from(format!(
            "staff: {} assistant coaches, {} cheerleaders, {}",
            t.assistant_coaches,
            t.cheerleaders,
            if t.apothecary {
                "an apothecary"
            } else {
                "no apothecary"
            }
        )),
    ];
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::BOTTOM)),
        area,
    );
}

fn render_roster(f: &mut Frame, area: Rect, s: &Screen) {
    let mut players: Vec<&PlayerView> = s.team.players.iter().collect();
    players.sort_by_key(|p| p.number);
    let rows = players.iter().map(|p| {
        let mut flags = Vec::new();
        if p.miss_next_game {
            flags.push("MNG".to_string());
        }
        if p.niggling > 0 {
            flags.push(format!("{}N", p.niggling));
        }
        if p.journeyman {
            flags.push("J".into());
        }
        if let Some([a, b]) = p.pending_advancement {
            flags.push(format!("adv {a}+{b}"));
        }
        let style = if p.miss_next_game {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        };
        Row::new(vec![
            p.number.to_string(),
            p.name.clone(),
            p.position.clone(),
            format!("{} {} {} {}", p.ma, p.st, p.ag, p.av),
            p.spp.to_string(),
            level(p.spp).to_string(),
            kgold(p.value),
            flags.join(" "),
            p.skills
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(", "),
        ])
        .style(style)
    });
    let table = Table::new(
        rows,
        [
            Constraint::Length(3),
            Constraint::Length(14),
            Constraint::Length(20),
            Constraint::Length(11),
            Constraint::Length(4),
            Constraint::Length(13),
            Constraint::Length(6),
            Constraint::Length(10),
            Constraint::Min(10),
        ],
    )
    .header(
        Row::new(vec![
            "#",
            "Player",
            "Position",
            "MA ST AG AV",
            "SPP",
            "Level",
            "Value",
            "Flags",
            "Skills",
        ])
        .style(Style::default().add_modifier(Modifier::BOLD)),
    );
    f.render_widget(table, area);
}

fn render_decision(f: &mut Frame, area: Rect, s: &Screen) {
    match &s.decision {
        None => {
            let text = s
                .waiting
                .clone()
                .unwrap_or_else(|| "No post-match decision waits for you.".into());
            f.render_widget(
                Paragraph::new(text)
                    .wrap(Wrap { trim: true })
                    .block(Block::default().borders(Borders::TOP).title("Post-match")),
                area,
            );
        }
        Some(d) => {
            let title = format!(
                "Post-match v {}: {}",
                d.opponent,
                s.prompt_text(&d.prompt.prompt)
            );
            let items: Vec<ListItem> = d
                .prompt
                .legal
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let default = d.prompt.default.as_ref() == Some(c);
                    ListItem::new(format!(
                        "{} {}{}",
                        if i < 9 {
                            format!("{}.", i + 1)
                        } else {
                            "  ".into()
                        },
                        s.command_text(c),
                        if default { " (default)" } else { "" }
                    ))
                })
                .collect();
            let list = List::new(items)
                .block(Block::default().borders(Borders::TOP).title(title))
                .highlight_style(Style::default().add_modifier(Modifier::REVERSED))
                .highlight_symbol("> ");
            let mut state = ListState::default().with_selected(Some(s.selected));
            f.render_stateful_widget(list, area, &mut state);
        }
    }
}

fn refused(r: &http::Response) -> String {
    let body: serde_json::Value = serde_json::from_slice(&r.body).unwrap_or_default();
    match body["message"].as_str() {
        Some(m) => format!("the server answered {}: {m}", r.status),
        None => format!("the server answered {}", r.status),
    }
}

async fn get_json<T: serde::de::DeserializeOwned>(
    url: &ServerUrl,
    path: &str,
    token: &str,
) -> Result<T, String> {
    let r = http::get_as(url, path, Some(token))
        .await
        .map_err(|e| e.to_string())?;
    if r.status != 200 {
        return Err(format!("GET {path}: {}", refused(&r)));
    }
    serde_json::from_slice(&r.body).map_err(|e| format!("GET {path}: unreadable answer: {e}"))
}

/// The team, the decision waiting for `me` in one of its league matches (only `only` if
/// given), and words for a match of the team waiting for someone else.
pub async fn load(
    url: &ServerUrl,
    token: &str,
    league: i64,
    team: i64,
    me: &str,
    only: Option<&str>,
) -> Result<(TeamView, Option<Decision>, Option<String>), String> {
    let view: TeamView =
        get_json(url, &format!("/api/leagues/{league}/teams/{team}"), token).await?;
    let matches: Vec<TeamMatchInfo> =
        get_json(url, &format!("/api/leagues/{league}/team-matches"), token).await?;
    let mut waiting = None;
    for m in matches {
        let ours = m.home.team == team || m.away.team == team;
        if !ours || m.status != "deciding" || only.is_some_and(|o| o != m.match_id) {
            continue;
        }
        // Read it alone: that applies any passed deadline first.
        let m: TeamMatchInfo = get_json(
            url,
            &format!("/api/leagues/{league}/team-matches/{}", m.match_id),
            token,
        )
        .await?;
        let opponent = if m.home.team == team {
            m.away.name.clone()
        } else {
            m.home.name.clone()
        };
        match m.prompt {
            Some(p) if p.coach == me && m.status == "deciding" => {
                return Ok((
                    view,
                    Some(Decision {
                        match_id: m.match_id,
                        opponent,
                        prompt: p,
                    }),
                    None,
                ));
            }
            Some(p) => {
                waiting = Some(format!(
                    "The post-match sequence of the match v {opponent} ({}) waits for {}.",
                    m.match_id, p.coach
                ));
            }
            None => {}
        }
    }
    Ok((view, None, waiting))
}

/// Send `command` as this coach's answer to the decision of `match_id`.
pub async fn send(
    url: &ServerUrl,
    token: &str,
    league: i64,
    match_id: &str,
    command: &PostCommand,
) -> Result<(), String> {
    let body = serde_json::to_string(command).map_err(|e| e.to_string())?;
    let r = http::post_json(
        url,
        &format!("/api/leagues/{league}/team-matches/{match_id}/post-match"),
        &body,
        Some(token),
    )
    .await
    .map_err(|e| e.to_string())?;
    if (200..300).contains(&r.status) {
        Ok(())
    } else {
        Err(refused(&r))
    }
}

/// The arguments of `dugout team`.
#[derive(Clone, Debug)]
pub struct TeamArgs {
    pub server: String,
    pub token: String,
    pub league: i64,
    pub team: i64,
    pub match_id: Option<String>,
}

/// `dugout team`: the screen, reloaded every two seconds and after every answer, until `q`.
pub fn run(args: TeamArgs) -> Result<(), String> {
    let url = ServerUrl::parse(&args.server).map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(async {
        let me = crate::league::whoami(&url, &args.token)
            .await
            .map_err(|e| e.to_string())?;
        let only = args.match_id.as_deref();
        let (team, decision, waiting) =
            load(&url, &args.token, args.league, args.team, &me, only).await?;
        let mut screen = Screen::new(team, me.clone());
        screen.update(screen.team.clone(), decision, waiting);
        let mut terminal =
            ratatui::try_init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
        let result = async {
            let mut last = tokio::time::Instant::now();
            loop {
                terminal
                    .draw(|f| render(f, &screen))
                    .map_err(|e| format!("cannot draw: {e}"))?;
                let key = if event::poll(Duration::from_millis(200)).map_err(|e| e.to_string())? {
                    match event::read().map_err(|e| e.to_string())? {
                        Event::Key(KeyEvent {
                            code,
                            kind: KeyEventKind::Press,
                            ..
                        }) => Some(code),
                        _ => None,
                    }
                } else {
                    None
                };
                let action = key.map_or(Action::None, |k| screen.on_key(k));
                let mut reload = last.elapsed() >= Duration::from_secs(2);
                match action {
                    Action::Quit => return Ok(()),
                    Action::Refresh => reload = true,
                    Action::None => {}
                    Action::Send { match_id, command } => {
                        let words = screen.command_text(&command);
                        screen.status =
                            match send(&url, &args.token, args.league, &match_id, &command).await {
                                Ok(()) => format!("sent: {words}"),
                                Err(e) => e,
                            };
                        reload = true;
                    }
                }
                if reload {
                    last = tokio::time::Instant::now();
                    match load(&url, &args.token, args.league, args.team, &me, only).await {
                        Ok((team, decision, waiting)) => screen.update(team, decision, waiting),
                        Err(e) => screen.status = e,
                    }
                }
            }
        }
        .await;
        ratatui::restore();
        result
    })
}

#[cfg(test)]
mod tests;
