//! The client's screens, drawn from the [`App`] model: login, lobby (with the create-room
//! form), match and replay, a status line, and the help overlay.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use dugout_rules::core::{Seat, Side};

use super::choices::{label, subject};
use super::forms::{LoginForm, RoomForm};
use super::model::{App, Link, Play, Replay, Screen, short};
use super::words::count;
use crate::tui::describe::describe_prompt;
use crate::tui::describe::player_label;
use crate::tui::pitch::{match_areas, render_match_in};
use crate::tui::{MatchModel, render_help, render_lobby, render_match};
use dugout_rules::blitz::GameView;

/// Width of the right-hand column of the match screen.
const SIDE_COLUMN: u16 = 48;

/// Draws the whole client.
pub fn render_app(frame: &mut Frame, app: &App) {
    let [main, status] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(frame.area());
    match &app.screen {
        Screen::Login(form) => render_login(frame, main, form),
        Screen::Lobby => {
            let mut lobby = app.lobby.clone();
            lobby.status = None;
            render_lobby(frame, main, &lobby);
            if let Some(form) = &app.form {
                render_form(frame, main, form);
            }
            if let Some(form) = &app.bb_form {
                render_bb_form(frame, main, form);
            }
        }
        Screen::Play(play) => render_play(frame, main, app, play),
        Screen::Replay(replay) => render_replay(frame, main, replay),
    }
    render_status(frame, status, app);
    if app.help {
        let title = match &app.screen {
            Screen::Login(_) => "Login keys",
            Screen::Lobby => "Lobby keys",
            Screen::Play(_) => "Match keys",
            Screen::Replay(_) => "Replay keys",
        };
        render_help(frame, main, title, app.help_keys());
    }
}

fn render_status(frame: &mut Frame, area: Rect, app: &App) {
    let (link, style) = match app.link {
        Link::Up => (
            format!("[{}] ", app.account.as_deref().unwrap_or("?")),
            Style::new().fg(Color::Green),
        ),
        Link::Connecting => ("[connecting...] ".into(), Style::new().fg(Color::Yellow)),
        Link::Reconnecting => (
            "[reconnecting...] ".into(),
            Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
        ),
        Link::Offline => (String::new(), Style::new()),
    };
    let hint = match &app.screen {
        Screen::Play(p) if !p.bb_legal().is_empty() => {
            "Your decision: Space on the pitch, or 1-9 / Tab+Enter a choice (keys below)"
        }
        Screen::Play(p) if !p.legal().is_empty() => {
            "Your decision: Space on the pitch, or Tab+Enter / 1-9 a choice"
        }
        Screen::Play(_) => "arrows move the cursor, t chat, q lobby",
        _ => "",
    };
    let status = match (&app.screen, &app.join_input) {
        (Screen::Lobby, Some(text)) => {
            format!("Join room by id: {text}_  (Enter joins, Esc cancels)")
        }
        _ => app.status.clone().unwrap_or_else(|| hint.to_string()),
    };
    let line = Line::from(vec![
        Span::styled(link, style),
        Span::raw(status),
        Span::styled("  (? help)", Style::new().fg(Color::DarkGray)),
    ]);
    frame.render_widget(Paragraph::new(line), area);
}

fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [boxed] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    boxed
}

fn render_login(frame: &mut Frame, area: Rect, form: &LoginForm) {
    let boxed = centred(area, 60, 12);
    let focus = |i: usize| focus_style(form.focus == i);
    let marker = |i: usize| if form.focus == i { "> " } else { "  " };
    let field = |i: usize, name: &str, value: String| {
        Line::from(vec![
            Span::raw(format!("{}{name:<10}", marker(i))),
            Span::styled(format!("{value}_"), focus(i)),
        ])
    };
    let lines = vec![
        Line::raw("Log in, or register a new account."),
        Line::raw(""),
        field(0, "Server", form.server.clone()),
        field(1, "Name", form.name.clone()),
        field(2, "Password", "*".repeat(form.password.chars().count())),
        Line::raw(""),
        Line::from(vec![
            Span::raw(marker(3)),
            Span::styled("[ Log in ]", focus(3)),
            Span::raw(format!("   {}", marker(4))),
            Span::styled("[ Register ]", focus(4)),
        ]),
        Line::raw(""),
        Line::styled(
            if form.busy {
                "Waiting for the server..."
            } else {
                "Tab: next field   Enter: log in / register   Esc: quit"
            },
            Style::new().fg(Color::DarkGray),
        ),
    ];
    frame.render_widget(Clear, boxed);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" Dugout: Blood Bowl online "),
        ),
        boxed,
    );
}

/// A form field's value: highlighted when the field has the focus.
fn focus_style(focused: bool) -> Style {
    if focused {
        Style::new()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new()
    }
}

/// One line of a form: the field's name, then its value between arrows, highlighted when
/// the field has the focus.
fn form_line(focused: bool, name: &str, value: &str, width: usize) -> Line<'static> {
    let style = focus_style(focused);
    Line::from(vec![
        Span::raw(format!(
            "{}{name:<width$}",
            if focused { "> " } else { "  " }
        )),
        Span::styled(format!("< {value} >"), style),
    ])
}

fn render_form(frame: &mut Frame, area: Rect, form: &RoomForm) {
    let height = u16::try_from(RoomForm::FIELDS.len()).unwrap_or(20) + 4;
    let boxed = centred(area, 64, height);
    let mut lines: Vec<Line> = RoomForm::FIELDS
        .iter()
        .enumerate()
        .map(|(i, name)| form_line(form.focus == i, name, &form.value(i), 24))
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Up/Down field  Left/Right change  Enter create  Esc cancel",
        Style::new().fg(Color::DarkGray),
    ));
    frame.render_widget(Clear, boxed);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" Create a room (Blitz Bowl) "),
        ),
        boxed,
    );
}

fn render_bb_form(frame: &mut Frame, area: Rect, form: &crate::bb::form::BbRoomForm) {
    use crate::bb::form::BbRoomForm;
    if let Some((side, b)) = &form.builder {
        render_team_builder(frame, area, *side, b);
        return;
    }
    let height = u16::try_from(BbRoomForm::FIELDS.len()).unwrap_or(20) + 4;
    let boxed = centred(area, 64, height);
    let mut lines: Vec<Line> = BbRoomForm::FIELDS
        .iter()
        .enumerate()
        .map(|(i, name)| form_line(form.focus == i, name, &form.value(i), 24))
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Up/Down field  Left/Right change  t build the team  Enter create  Esc cancel",
        Style::new().fg(Color::DarkGray),
    ));
    frame.render_widget(Clear, boxed);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" Create a room (Blood Bowl) "),
        ),
        boxed,
    );
}

/// The Blood Bowl team builder: one row per position and extra, the cost against the budget
/// and what the rules would refuse.
fn render_team_builder(
    frame: &mut Frame,
    area: Rect,
    side: usize,
    b: &crate::bb::builder::TeamBuilder,
) {
    use crate::bb::form::thousands;
    let height = u16::try_from(b.rows()).unwrap_or(20) + 7;
    let boxed = centred(area, 96, height);
    let mut lines: Vec<Line> = (0..b.rows())
        .map(|i| {
            let (label, value) = b.row(i);
            form_line(b.focus == i, &label, &value, 40)
        })
        .collect();
    lines.push(Line::raw(""));
    let cost = b.cost();
    lines.push(Line::raw(format!(
        "  {} players, cost {} gp of a budget of {} gp",
        b.sheet().players.len(),
        thousands(cost),
        thousands(b.budget)
    )));
    match b.problem() {
        Some(p) => lines.push(Line::styled(format!("  {p}"), Style::new().fg(Color::Red))),
        None => lines.push(Line::styled(
            "  A legal team",
            Style::new().fg(Color::Green),
        )),
    }
    lines.push(Line::styled(
        "Up/Down row  Left/Right fewer/more  r random team  Enter use it  Esc back",
        Style::new().fg(Color::DarkGray),
    ));
    let title = format!(
        " Build the {} team: {} ",
        if side == 0 { "Home" } else { "Away" },
        b.roster.data().name
    );
    frame.render_widget(Clear, boxed);
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        boxed,
    );
}

fn clock(ms: std::time::Duration) -> String {
    let s = ms.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

fn seat_words(seat: Seat, names: &[String; 2]) -> String {
    match seat {
        Seat::Coach(Side::Home) => format!("you are Home ({})", names[0]),
        Seat::Coach(Side::Away) => format!("you are Away ({})", names[1]),
        Seat::Spectator => "watching".to_string(),
    }
}

/// The smallest terminal the match screen is laid out for.
pub const MIN_SIZE: (u16, u16) = (80, 24);
/// From this size on, the match screen has room for the side panels (challenges, hands,
/// legend, the match panel and the chat); below it, the small layout.
pub const FULL_SIZE: (u16, u16) = (118, 30);

fn render_play(frame: &mut Frame, area: Rect, app: &App, play: &Play) {
    if let Some(bb) = &play.bb
        && let Some(view) = bb.current_view()
    {
        let clock = bb_clock_words(app, play);
        let result = play.result.as_ref().map(super::model::result_words);
        let m = crate::bb::tui::BbMatch {
            view: &view,
            events: &bb.events,
            play: &bb.ui,
            legal: play.bb_legal(),
            seat: play.seat,
            names: &play.names,
            log_scroll: play.log_scroll,
            clock: clock.as_deref(),
            result: result.as_deref(),
            notes: &bb.notes,
            chat_input: play.chat_input.as_deref(),
        };
        crate::bb::tui::render_bb_match(frame, area, &m);
        return;
    }
    let Some(view) = &play.view else {
        render_waiting(frame, area, play);
        return;
    };
    let size = frame.area();
    if size.width < MIN_SIZE.0 || size.height < MIN_SIZE.1 {
        render_too_small(frame, area, size);
        return;
    }
    let small = size.width < FULL_SIZE.0 || size.height < FULL_SIZE.1;
    // The view comes from the last snapshot; the decision is newer (it comes with every
    // answer): its prompt is the one to show.
    let mut view = view.clone();
    if let Some(d) = &play.decision {
        view.prompt = d.prompt.clone();
    }
    let view = &view;
    let model = MatchModel {
        view: view.clone(),
        seat: play.seat,
        names: play.names.clone(),
        events: play.events.clone(),
        cursor: Some(play.cursor),
        targets: play.targets(),
        selected: play.selected.and_then(|id| {
            view.players
                .iter()
                .find(|p| p.id == id)
                .and_then(|p| p.square())
        }),
        log_scroll: play.log_scroll,
    };
    if small {
        render_play_small(frame, area, app, play, &model);
        return;
    }
    let [left, right] =
        Layout::horizontal([Constraint::Min(60), Constraint::Length(SIDE_COLUMN)]).areas(area);
    render_match(frame, left, &model);

    let menu = play.menu_commands();
    let menu_rows = u16::try_from(menu.len().clamp(1, 20)).unwrap_or(20) + 2;
    let [info_area, menu_area, chat_area] = Layout::vertical([
        Constraint::Length(7),
        Constraint::Length(menu_rows),
        Constraint::Min(4),
    ])
    .areas(right);

    // Whose decision, the clock, the seat.
    let mut info = vec![Line::raw(format!(
        "Room {} seq {}, {}",
        short(&play.room),
        play.seq,
        seat_words(play.seat, &play.names)
    ))];
    let prompt = play.decision.as_ref().map(|d| &d.prompt);
    let asked = match prompt {
        Some(p) => describe_prompt(p, play.seat, Some(view)),
        None => describe_prompt(&view.prompt, play.seat, Some(view)),
    };
    info.push(Line::styled(
        asked,
        Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    ));
    info.push(Line::raw(
        clock_words(app, play).unwrap_or_else(|| "Clock: no time limit".into()),
    ));
    // A chess clock keeps the other coach's time: show where it stopped.
    let chess = play
        .summary
        .as_ref()
        .is_some_and(|s| matches!(s.timer, dugout_protocol::TimerPolicy::ChessClock { .. }));
    if chess {
        for side in Side::BOTH {
            if let Some(left) = play.stopped_clocks[side.index()] {
                info.push(Line::raw(format!(
                    "       {side:?} {} (stopped)",
                    clock(left)
                )));
            }
        }
    }
    if let Some(result) = &play.result {
        info.push(Line::styled(
            format!("Match over: {}", super::model::result_words(result)),
            Style::new().add_modifier(Modifier::BOLD),
        ));
    } else if play.sent {
        info.push(Line::raw("Sent; waiting for the server..."));
    }
    frame.render_widget(
        Paragraph::new(info)
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL).title(" Match ")),
        info_area,
    );
    render_menu(frame, menu_area, play, view, false);
    render_chat(frame, chat_area, play);
}

/// Blood Bowl: the deciding coach's clock in words, if it runs.
fn bb_clock_words(app: &App, play: &Play) -> Option<String> {
    let d = play.bb.as_ref()?.decision.as_ref()?;
    let coach = d.prompt.coach?;
    let ms = d.time_left_ms?;
    let spent = app.now.saturating_duration_since(play.decision_at);
    let left = std::time::Duration::from_millis(ms).saturating_sub(spent);
    Some(format!(
        "{} {}{}",
        match coach {
            Side::Home => "Home",
            Side::Away => "Away",
        },
        clock(left),
        if play.seat == Seat::Coach(coach) {
            " (yours)"
        } else {
            ""
        }
    ))
}

/// The clock of the deciding coach in words, if it runs.
fn clock_words(app: &App, play: &Play) -> Option<String> {
    let coach = play.decision.as_ref()?.prompt.coach?;
    let left = play.time_left(app.now)?;
    Some(format!(
        "Clock: {} {} {}",
        match coach {
            Side::Home => "Home",
            Side::Away => "Away",
        },
        clock(left),
        if play.seat == Seat::Coach(coach) {
            "(yours, running)"
        } else {
            "(running)"
        }
    ))
}

/// The choices of the decision in `area` (the highlighted one kept in sight); `small`:
/// labels without your own side's name, to fit a narrow column.
fn render_menu(frame: &mut Frame, area: Rect, play: &Play, view: &GameView, small: bool) {
    let menu = play.menu_commands();
    let rows = usize::from(area.height.saturating_sub(2)).max(1);
    let first = play.menu.saturating_sub(rows - 1);
    let own = match play.seat {
        Seat::Coach(side) => Some(format!("{side:?} ")),
        Seat::Spectator => None,
    };
    let mut lines: Vec<Line> = menu
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .map(|(i, c)| {
            let mut text = label(c, Some(view));
            if small {
                // Narrow: no "Home Blitzer #4: " before each choice of the selected
                // player, and no "Home " before your own players.
                if let Some(who) = play.selected.filter(|p| subject(c) == Some(*p)) {
                    let prefix = format!("{}: ", player_label(Some(view), who));
                    if let Some(rest) = text.strip_prefix(&prefix) {
                        text = rest.to_string();
                    }
                }
                if let Some(own) = &own {
                    text = text.replace(own.as_str(), "");
                }
            }
            let number = if i < 9 {
                format!("{}.", i + 1)
            } else {
                "  ".to_string()
            };
            let text = if small {
                format!("{number} {text}")
            } else {
                format!("{}{number} {text}", if i == play.menu { ">" } else { " " })
            };
            if i == play.menu {
                Line::styled(
                    text,
                    Style::new()
                        .fg(Color::Black)
                        .bg(Color::Yellow)
                        .add_modifier(Modifier::BOLD),
                )
            } else {
                Line::raw(text)
            }
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::styled(
            if play.legal().is_empty() {
                "(nothing for you to choose now)"
            } else {
                "(select a player with Space)"
            },
            Style::new().fg(Color::Gray),
        ));
    }
    let title = match play.selected {
        Some(_) => format!(" Selected player: {} ", count(menu.len(), "choice")),
        None => format!(" Choices ({}) ", menu.len()),
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// The match screen on a terminal smaller than [`FULL_SIZE`] (down to 80x24): the pitch
/// at the top left as always, the choices right of it, the event log below (its title
/// carries the seq and the clock); the chat line, while typed, over the prompt.
fn render_play_small(frame: &mut Frame, area: Rect, app: &App, play: &Play, model: &MatchModel) {
    let areas = match_areas(area, model);
    let mut note = format!(", seq {}", play.seq);
    if let Some(clock) = clock_words(app, play) {
        note.push_str(&format!(", {}", clock.to_lowercase()));
    }
    render_match_in(frame, &areas, model, false, &note);
    render_menu(frame, areas.side, play, &model.view, true);
    if let Some(text) = &play.chat_input {
        frame.render_widget(
            Paragraph::new(format!("say: {text}_"))
                .style(Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)),
            areas.prompt,
        );
    } else if let Some(result) = &play.result {
        frame.render_widget(
            Paragraph::new(format!(
                "Match over: {}  (q: lobby)",
                super::model::result_words(result)
            ))
            .style(Style::new().add_modifier(Modifier::BOLD)),
            areas.prompt,
        );
    }
}

/// Says the size the match screen needs instead of drawing it cut.
fn render_too_small(frame: &mut Frame, area: Rect, size: Rect) {
    let text = format!(
        "The match screen needs a terminal of at least {}x{} (this one is {}x{}): please enlarge it.  q: lobby, ?: keys",
        MIN_SIZE.0, MIN_SIZE.1, size.width, size.height
    );
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .style(Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)),
        area,
    );
}

fn render_chat(frame: &mut Frame, area: Rect, play: &Play) {
    let rows = usize::from(area.height.saturating_sub(3)).max(1);
    let start = play.chat.len().saturating_sub(rows);
    let mut lines: Vec<Line> = play.chat[start..]
        .iter()
        .map(|l| Line::raw(l.clone()))
        .collect();
    while lines.len() < rows {
        lines.push(Line::raw(""));
    }
    lines.push(match &play.chat_input {
        Some(text) => Line::styled(
            format!("say: {text}_"),
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
        ),
        None => Line::styled("t: chat", Style::new().fg(Color::DarkGray)),
    });
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(" Chat ")),
        area,
    );
}

fn render_waiting(frame: &mut Frame, area: Rect, play: &Play) {
    let [top, chat] = Layout::vertical([Constraint::Length(9), Constraint::Min(4)]).areas(area);
    let private = play.summary.as_ref().is_some_and(|s| s.private);
    let mut lines = vec![
        Line::raw(format!(
            "Room {}: waiting for the match to start ({})",
            short(&play.room),
            seat_words(play.seat, &play.names)
        )),
        Line::raw(format!(
            "Room id: {}{}",
            play.room,
            if private {
                "  (private: give this id to your opponent; they join it with i in the lobby)"
            } else {
                ""
            }
        )),
    ];
    if let Some(s) = &play.summary {
        let teams = crate::game::team_names(&s.setup);
        let t = |i: usize| teams[i].as_str();
        for (i, side) in ["Home", "Away"].iter().enumerate() {
            lines.push(Line::raw(format!(
                "  {side}: {} with {}{}",
                s.seats[i].as_deref().unwrap_or("(free seat)"),
                t(i),
                if s.ready[i] { ", ready" } else { "" }
            )));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "The match starts when both coaches are seated and ready.  q: back to the lobby",
        Style::new().fg(Color::DarkGray),
    ));
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" Room ")),
        top,
    );
    render_chat(frame, chat, play);
}

fn render_replay(frame: &mut Frame, area: Rect, r: &Replay) {
    if let Some(view) = &r.bb_view {
        let events = r.bb_events();
        let ui = crate::bb::play::BbPlay {
            cursor: r.cursor,
            team_panel: r.team_panel,
            ..Default::default()
        };
        let m = crate::bb::tui::BbMatch {
            view,
            events: &events,
            play: &ui,
            legal: &[],
            seat: Seat::Spectator,
            names: &r.names,
            log_scroll: r.log_scroll,
            clock: None,
            result: None,
            notes: &[],
            chat_input: None,
        };
        crate::bb::tui::render_bb_match(frame, area, &m);
        if area.height >= crate::bb::tui::MIN_HEIGHT - 1 && area.width >= crate::bb::tui::MIN_WIDTH
        {
            let last = r.entries.last().map_or(0, |e| e.seq);
            let input = r
                .input
                .as_ref()
                .map(|(what, text)| {
                    format!("  {} {text}_", if *what == 't' { "Turn:" } else { "Seq:" })
                })
                .unwrap_or_default();
            let keys = Rect {
                y: area.y + area.height - 1,
                height: 1,
                ..area
            };
            frame.render_widget(Clear, keys);
            frame.render_widget(
                Paragraph::new(Line::styled(
                    format!(
                        "Replay {} seq {} of {last}{input}   Right/Left step  g/G start/end  t N turn  : N seq  [ ] log  q quit",
                        short(&r.id),
                        r.seq()
                    ),
                    Style::new().fg(Color::Cyan),
                )),
                keys,
            );
        }
        return;
    }
    let [left, right] =
        Layout::horizontal([Constraint::Min(60), Constraint::Length(SIDE_COLUMN)]).areas(area);
    match &r.view {
        Some(view) => {
            let model = MatchModel {
                view: view.clone(),
                seat: Seat::Spectator,
                names: r.names.clone(),
                events: r.events(),
                cursor: Some(r.cursor),
                targets: Vec::new(),
                selected: None,
                log_scroll: r.log_scroll,
            };
            render_match(frame, left, &model);
        }
        None => frame.render_widget(
            Paragraph::new("Loading the state...").block(Block::default().borders(Borders::ALL)),
            left,
        ),
    }
    let last = r.entries.last().map_or(0, |e| e.seq);
    let mut lines = vec![
        Line::raw(format!("Match {}", short(&r.id))),
        Line::raw(format!("Event seq {} of {last}", r.seq())),
        Line::raw(match r.at_seq {
            Some(at) => format!("State after seq {at}"),
            None => "State: loading...".to_string(),
        }),
    ];
    if let Some(entry) = r.pos.and_then(|i| r.entries.get(i)) {
        let text = match &entry.event {
            dugout_protocol::RoomEvent::Game { event } => {
                match (crate::game::blitz::event(event), &r.view) {
                    (Ok(event), Some(v)) => crate::tui::describe_in(&event, v),
                    (Ok(event), None) => crate::tui::describe(&event),
                    (Err(e), _) => e.to_string(),
                }
            }
            other => room_event_words(other),
        };
        lines.push(Line::styled(
            format!("This event: {text}"),
            Style::new().fg(Color::Yellow),
        ));
    }
    if let Some((what, text)) = &r.input {
        lines.push(Line::styled(
            format!("{} {text}_", if *what == 't' { "Turn:" } else { "Seq:" }),
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
        ));
    }
    lines.push(Line::raw(""));
    for (k, t) in super::model::REPLAY_KEYS {
        lines.push(Line::styled(
            format!("{k}: {t}"),
            Style::new().fg(Color::DarkGray),
        ));
    }
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL).title(" Replay ")),
        right,
    );
}

/// A room event that is not a game event, in words.
fn room_event_words(event: &dugout_protocol::RoomEvent) -> String {
    use dugout_protocol::RoomEvent;
    match event {
        RoomEvent::MatchStarted { coaches, .. } => {
            format!(
                "Match started: {} (Home) v {} (Away)",
                coaches[0], coaches[1]
            )
        }
        RoomEvent::TimerExpired { coach } => format!("{coach:?}'s timer ran out"),
        RoomEvent::Conceded { coach } => format!("{coach:?} conceded"),
        RoomEvent::Forfeited { coach } => format!("{coach:?} forfeited (clock)"),
        RoomEvent::Abandoned { coach, gone_ms } => format!(
            "{coach:?} forfeited: gone for {} s, the other coach claimed the win",
            gone_ms / 1000
        ),
        RoomEvent::MatchEnded { result, .. } => {
            format!("Match ended: {}", super::model::result_words(result))
        }
        RoomEvent::Game { event } => match crate::game::blitz::event(event) {
            Ok(event) => crate::tui::describe(&event),
            Err(e) => e.to_string(),
        },
    }
}
