//! The Blood Bowl match screen, drawn from a [`BbMatch`] (pure: it draws and does nothing
//! else). It needs a 120x40 terminal: the teams and the score on top, the 26x15 pitch (4
//! columns a square) with a legend, then the selected player's panel, the prompt with its
//! choices, the event log, and a line of keys.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use dugout_rules::bb::cards::Card;
use dugout_rules::bb::{
    Ball, Command, Event, GameView, PlayerId, PlayerState, PlayerView, PromptKind,
};
use dugout_rules::core::{Seat, Side, Square};

use super::path::{self, LENGTH, RollKind, WIDTH, square_name};
use super::play::{BbPlay, Ctx};
use super::words;

/// The terminal the match screen needs (the status line included).
pub const MIN_WIDTH: u16 = 120;
pub const MIN_HEIGHT: u16 = 40;

/// Columns a square takes.
pub const CELL: u16 = 4;
/// The row labels' width (left of the pitch, inside its border).
pub const ROW_LABEL: u16 = 2;
/// The lines above the pitch's box (the teams).
pub const HEADER: u16 = 3;

/// The terminal cell of the top-left square (x 0, y 0) on the match screen drawn at (0, 0):
/// below the header, the box's border and the column letters; right of the border and the
/// row labels.
pub fn pitch_origin() -> (u16, u16) {
    (1 + ROW_LABEL, HEADER + 2)
}

/// The square under terminal cell `(column, row)`, if any.
pub fn square_at(column: u16, row: u16) -> Option<Square> {
    let (left, top) = pitch_origin();
    if column < left || row < top {
        return None;
    }
    let x = i8::try_from((column - left) / CELL).ok()?;
    let y = i8::try_from(row - top).ok()?;
    let sq = Square::new(x, y);
    path::on_pitch(sq).then_some(sq)
}

/// What the screen draws.
#[derive(Clone, Copy, Debug)]
pub struct BbMatch<'a> {
    pub view: &'a GameView,
    pub events: &'a [Event],
    pub play: &'a BbPlay,
    /// Our legal commands now (empty when the decision is not ours).
    pub legal: &'a [Command],
    pub seat: Seat,
    /// The coaches' account names, Home then Away.
    pub names: &'a [String; 2],
    /// How many lines the log is scrolled back.
    pub log_scroll: usize,
    /// The deciding coach's clock, in words.
    pub clock: Option<&'a str>,
    /// The match result, in words, once it is over.
    pub result: Option<&'a str>,
    /// Chat lines and room notices, each after how many events it came.
    pub notes: &'a [(usize, String)],
    /// The chat line being typed.
    pub chat_input: Option<&'a str>,
}

impl BbMatch<'_> {
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            view: self.view,
            legal: self.legal,
            side: match self.seat {
                Seat::Coach(s) => Some(s),
                Seat::Spectator => None,
            },
        }
    }
}

/// The event log's lines, oldest first (a player's steps in a row make one line).
pub fn log_lines(view: &GameView, events: &[Event]) -> Vec<String> {
    log_entries(view, events)
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

/// The log's lines, each with how many events it covers from the start.
fn log_entries(view: &GameView, events: &[Event]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut walking: Option<(PlayerId, Square)> = None;
    for (i, e) in events.iter().enumerate() {
        if let Event::Moved { player, from, to } = e {
            if walking == Some((*player, *from))
                && let Some(last) = out.last_mut()
            {
                last.1.push_str(&format!(" -> {}", square_name(*to)));
                last.0 = i + 1;
                walking = Some((*player, *to));
                continue;
            }
            walking = Some((*player, *to));
        } else if !matches!(
            e,
            Event::Rolled { .. } | Event::PlayerState { .. } | Event::Ball { .. }
        ) {
            walking = None;
        }
        if let Some(line) = words::event(view, e) {
            out.push((i + 1, line));
        }
    }
    out
}

/// The log's rows: the events' lines with the chat and room notices where they came
/// (`notes`: after how many events), wrapped at `width`.
pub fn log_rows(
    view: &GameView,
    events: &[Event],
    notes: &[(usize, String)],
    width: usize,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut notes = notes.iter().peekable();
    for (covered, line) in log_entries(view, events) {
        while let Some((at, note)) = notes.peek() {
            if *at < covered {
                lines.push(note.clone());
                notes.next();
            } else {
                break;
            }
        }
        lines.push(line);
    }
    lines.extend(notes.map(|(_, n)| n.clone()));
    lines.iter().flat_map(|l| wrap(l, width)).collect()
}

/// Draws the match screen into `area` (the whole terminal but the status line).
pub fn render_bb_match(frame: &mut Frame, area: Rect, m: &BbMatch) {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT - 1 {
        let text = vec![
            Line::styled(
                "The Blood Bowl match needs a bigger terminal",
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Line::raw(format!(
                "The 26x15 pitch, the panels and the log need {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}.",
                area.width,
                area.height + 1
            )),
            Line::raw("Enlarge the window (or make the font smaller); q goes back to the lobby."),
        ];
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let [header, pitch_row, bottom, keys] = Layout::vertical([
        Constraint::Length(HEADER),
        Constraint::Length(18),
        Constraint::Min(8),
        Constraint::Length(1),
    ])
    .areas(area);
    render_header(frame, header, m);
    let pitch_width = 2 + ROW_LABEL + CELL * LENGTH as u16;
    let [pitch, legend] =
        Layout::horizontal([Constraint::Length(pitch_width), Constraint::Min(8)]).areas(pitch_row);
    render_pitch(frame, pitch, m);
    render_legend(frame, legend);
    let [panel, prompt, log] = Layout::horizontal([
        Constraint::Length(30),
        Constraint::Length(50),
        Constraint::Min(30),
    ])
    .areas(bottom);
    render_panel(frame, panel, m);
    render_prompt(frame, prompt, m);
    render_log(frame, log, m);
    render_keys(frame, keys, m);
}

fn side_style(side: Side) -> Style {
    match side {
        Side::Home => Style::new().fg(Color::White).bg(Color::Blue),
        Side::Away => Style::new().fg(Color::White).bg(Color::Red),
    }
}

fn dugout(view: &GameView, side: Side) -> String {
    let list = |f: &dyn Fn(&PlayerView) -> bool| -> Vec<String> {
        view.players
            .iter()
            .filter(|p| p.side == side && f(p))
            .map(|p| format!("#{}", p.number))
            .collect()
    };
    let res = list(&|p| p.state == PlayerState::Reserve);
    let ko = list(&|p| p.state == PlayerState::KnockedOut);
    let cas = list(&|p| matches!(p.state, PlayerState::Casualty { .. }));
    let off = list(&|p| matches!(p.state, PlayerState::SentOff | PlayerState::Fainted));
    let mut s = format!("Reserves {}", res.len());
    let named = |label: &str, v: &[String]| {
        if v.is_empty() {
            String::new()
        } else {
            format!("  {label} {}", v.join(" "))
        }
    };
    s.push_str(&named("KO", &ko));
    s.push_str(&named("Cas", &cas));
    s.push_str(&named("Out", &off));
    s
}

fn render_header(frame: &mut Frame, area: Rect, m: &BbMatch) {
    let v = m.view;
    let me = match m.seat {
        Seat::Coach(s) => Some(s),
        Seat::Spectator => None,
    };
    let half = match v.half {
        0 => "before kick-off".to_string(),
        3 => "overtime".to_string(),
        h => format!("half {h}"),
    };
    let whose = match v.active {
        Some(s) => format!(
            "{}'s turn{}",
            words::side_name(s),
            if me == Some(s) { " (you)" } else { "" }
        ),
        None => "between turns".into(),
    };
    let clock = m.clock.map(|c| format!("  clock {c}")).unwrap_or_default();
    let top = Line::from(vec![
        Span::styled(" BLOOD BOWL ", Style::new().add_modifier(Modifier::BOLD)),
        Span::styled(
            format!(" {} {} ", words::side_name(Side::Home), m.names[0]),
            side_style(Side::Home),
        ),
        Span::styled(
            format!(" {} - {} ", v.score[0], v.score[1]),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!(" {} {} ", m.names[1], words::side_name(Side::Away)),
            side_style(Side::Away),
        ),
        Span::raw(format!(
            "  {half}  weather {}  {whose}{clock}{}",
            words::spaced(&format!("{:?}", v.weather)),
            match me {
                Some(s) => format!("  you are {}", words::side_name(s)),
                None => "  watching".into(),
            }
        )),
    ]);
    let team = |side: Side| {
        let t = &v.teams[side.index()];
        let used = if t.used.reroll {
            ", used this turn"
        } else {
            ""
        };
        let hand = &v.hands[side.index()];
        let cards = if hand.count > 0 || !hand.played.is_empty() {
            format!(" | cards {}", hand.count)
        } else {
            String::new()
        };
        Line::from(vec![
            Span::styled(format!(" {:<4} ", words::side_name(side)), side_style(side)),
            Span::raw(format!(
                " {} | turn {}/8 | re-rolls {}/{}{used} | apothecary {} | bribes {}{cards} | {}",
                t.name,
                t.turns,
                t.rerolls,
                t.rerolls_start,
                if t.apothecary { "yes" } else { "no" },
                t.bribes,
                dugout(v, side)
            )),
        ])
    };
    frame.render_widget(
        Paragraph::new(vec![top, team(Side::Home), team(Side::Away)]),
        area,
    );
}

fn holds_ball(view: &GameView, id: PlayerId) -> bool {
    view.ball == Ball::Held { player: id }
}

fn render_pitch(frame: &mut Frame, area: Rect, m: &BbMatch) {
    let v = m.view;
    let ctx = m.ctx();
    let targets = m.play.targets(ctx);
    let pending = m.play.pending.as_ref();
    let walking: Vec<Square> = m.play.route.clone();
    let acting = v.acting;
    let mut lines = Vec::new();
    let mut head = vec![Span::raw(" ".repeat(usize::from(ROW_LABEL)))];
    for x in 0..LENGTH {
        head.push(Span::styled(
            format!(" {}  ", char::from(b'A' + x as u8)),
            Style::new().fg(Color::DarkGray),
        ));
    }
    lines.push(Line::from(head));
    for y in 0..WIDTH {
        let mut row = vec![Span::styled(
            format!("{:>2}", y + 1),
            Style::new().fg(Color::DarkGray),
        )];
        for x in 0..LENGTH {
            let sq = Square::new(x, y);
            let occupant = v.players.iter().find(|p| p.state.square() == Some(sq));
            let (mut text, mut style) = match occupant {
                Some(p) => {
                    let mark = match p.side {
                        Side::Home => '>',
                        Side::Away => '<',
                    };
                    let state = match p.state {
                        PlayerState::Prone { .. } => '_',
                        PlayerState::Stunned { .. } => '*',
                        _ if holds_ball(v, p.id) => 'o',
                        _ if p.confused => '?',
                        _ => ' ',
                    };
                    let mut st = side_style(p.side);
                    if p.acted {
                        st = st.add_modifier(Modifier::DIM);
                    }
                    if Some(p.id) == m.play.selected || Some(p.id) == acting {
                        st = st.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
                    }
                    if holds_ball(v, p.id) {
                        st = st.fg(Color::Yellow).add_modifier(Modifier::BOLD);
                    }
                    (format!("{mark}{:>2}{state}", p.number), st)
                }
                None => {
                    let ball = match v.ball {
                        Ball::Ground { square } if square == sq => Some(" @  "),
                        Ball::InAir { square } if square == sq => Some(" ^  "),
                        _ => None,
                    };
                    match ball {
                        Some(b) => (
                            b.to_string(),
                            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
                        ),
                        None => {
                            let dot = if x == 0 || x == LENGTH - 1 { ":" } else { "." };
                            let edge = if x == 12 { "|" } else { " " };
                            (format!(" {dot} {edge}"), Style::new().fg(Color::DarkGray))
                        }
                    }
                }
            };
            if occupant.is_none()
                && let Some(p) = pending
                && let Some(i) = p.plan.steps.iter().position(|s| *s == sq)
            {
                let rolls: Vec<_> = p.plan.rolls.iter().filter(|r| r.step == i).collect();
                text = match rolls.as_slice() {
                    [] => " *  ".into(),
                    [r] => format!("{}{}+ ", roll_letter(r.kind), r.target.min(9)),
                    [a, b, ..] => format!(
                        "{}{}{}{}",
                        roll_letter(a.kind),
                        a.target.min(9),
                        roll_letter(b.kind),
                        b.target.min(9)
                    ),
                };
                style = Style::new().fg(Color::Black).bg(Color::Magenta);
                if sq == p.to {
                    style = style.add_modifier(Modifier::BOLD);
                }
            } else if occupant.is_none() && walking.contains(&sq) {
                text = " *  ".into();
                style = Style::new().fg(Color::Magenta);
            } else if targets.contains(&sq) {
                if occupant.is_none() {
                    text = " +  ".into();
                    style = Style::new().fg(Color::Black).bg(Color::Green);
                } else {
                    style = style.bg(Color::Green).fg(Color::Black);
                }
            }
            if (y == 3 || y == 10) && occupant.is_none() {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            if sq == m.play.cursor {
                style = style
                    .bg(Color::Yellow)
                    .fg(Color::Black)
                    .add_modifier(Modifier::BOLD);
            }
            row.push(Span::styled(text, style));
        }
        lines.push(Line::from(row));
    }
    let title = format!(
        " Pitch: Home ({}) scores right -> x=Z, Away ({}) scores left <- A; cursor {} ",
        '>',
        '<',
        square_name(m.play.cursor)
    );
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

fn roll_letter(k: RollKind) -> char {
    match k {
        RollKind::Dodge => 'D',
        RollKind::Gfi => 'G',
        RollKind::PickUp => 'P',
    }
}

fn render_legend(frame: &mut Frame, area: Rect) {
    let l = |a: &str, b: &str| Line::from(vec![Span::raw(a.to_string()), Span::raw(b.to_string())]);
    let lines = vec![
        Line::styled(">7  Home", side_style(Side::Home)),
        Line::styled("<7  Away", side_style(Side::Away)),
        l("_ ", "prone"),
        l("* ", "stunned"),
        l("o ", "has ball"),
        l("? ", "no TZ"),
        l("@ ", "ball"),
        l("^ ", "ball (air)"),
        l("+ ", "target"),
        l("D4 ", "dodge 4+"),
        l("G2 ", "GFI 2+"),
        l("P3 ", "pick-up"),
        l("dim ", "acted"),
    ];
    frame.render_widget(Paragraph::new(lines), area);
}

/// The player the panel shows: the selected one, else the one acting, else under the
/// cursor.
fn panel_player(m: &BbMatch) -> Option<PlayerId> {
    let under = m
        .view
        .players
        .iter()
        .find(|p| p.state.square() == Some(m.play.cursor))
        .map(|p| p.id);
    under.or(m.play.selected).or(m.view.acting)
}

/// Whether the panel shows the teams' cards and inducements: by itself when the decision is
/// ours at the inducement or card prompt, and `c` switches it (the player panel then).
pub fn shows_team_panel(m: &BbMatch) -> bool {
    let auto = !m.legal.is_empty()
        && matches!(
            m.view.prompt.kind,
            PromptKind::Inducements { .. } | PromptKind::PlayCard { .. }
        );
    m.play.team_panel != auto
}

/// The teams' panel lines: the inducement money (§30.1) while buying, then per side its Star
/// Players (§29), inducements (§30) and Special Play Cards (§31: our own hand by name and
/// when each is playable; the other hand by its count only, §31.4).
pub fn team_panel_lines(m: &BbMatch) -> Vec<String> {
    let v = m.view;
    let me = match m.seat {
        Seat::Coach(s) => Some(s),
        Seat::Spectator => None,
    };
    let mut out = Vec::new();
    if let PromptKind::Inducements { money } = v.prompt.kind {
        out.push(format!(
            "{} buys: {} gp left",
            words::side_name(v.prompt.coach.unwrap_or(Side::Home)),
            words::gp(money)
        ));
        if let Some(Event::InducementMoney {
            team_value,
            petty_cash,
            money,
            first,
        }) = m
            .events
            .iter()
            .rev()
            .find(|e| matches!(e, Event::InducementMoney { .. }))
        {
            out.push(format!(
                "Team value {} / {}",
                words::gp(team_value[0]),
                words::gp(team_value[1])
            ));
            out.push(format!(
                "Petty cash {} / {}",
                words::gp(petty_cash[0]),
                words::gp(petty_cash[1])
            ));
            out.push(format!(
                "To spend {} / {}",
                words::gp(money[0]),
                words::gp(money[1])
            ));
            out.push(format!("{} buys first", words::side_name(*first)));
        }
    }
    for side in Side::BOTH {
        let t = &v.teams[side.index()];
        let you = if me == Some(side) { " (you)" } else { "" };
        out.push(format!("{}{you}:", words::side_name(side)));
        let stars: Vec<String> = v
            .players
            .iter()
            .filter(|p| p.side == side && p.position == "Star Player")
            .map(|p| format!("*{} #{}", p.name, p.number))
            .collect();
        if !stars.is_empty() {
            out.push(format!(" Stars: {}", stars.join(", ")));
        }
        if !t.induced.is_empty() {
            out.push(format!(
                " Bought: {}",
                words::induced_words(v, side, &t.induced)
            ));
        }
        let hand = &v.hands[side.index()];
        // The cards named: our own hand, or a hand whose every draw the events name (a
        // finished match's archive, §31.4); otherwise the count only.
        let named = if me == Some(side) && !hand.cards.is_empty() {
            Some(hand.cards.clone())
        } else {
            known_hand(m.events, side).filter(|k| k.len() == usize::from(hand.count))
        };
        if let Some(cards) = named.filter(|c| !c.is_empty()) {
            out.push(format!(" Hand ({}):", hand.count));
            for c in &cards {
                out.push(format!("  {}", words::card_words(*c)));
            }
        } else if hand.count > 0 {
            out.push(format!(" Hand: {} card(s), secret", hand.count));
        }
        if !hand.played.is_empty() {
            let names: Vec<&str> = hand.played.iter().map(|c| c.name()).collect();
            out.push(format!(" Played: {}", names.join(", ")));
        }
        if stars.is_empty() && t.induced.is_empty() && hand.count == 0 && hand.played.is_empty() {
            out.push(" no stars, inducements or cards".into());
        }
    }
    if !m.legal.is_empty()
        && m.legal.iter().any(|c| {
            matches!(
                c,
                Command::PlayCard {
                    player: None,
                    square: Some(_),
                    ..
                }
            )
        })
    {
        out.push("A card aims at a square: Space on a green one".into());
    }
    out
}

/// `side`'s hand as the events name it: every card drawn less those played; `None` when a
/// draw came without its card (the other coach's, during the match, §31.4).
pub fn known_hand(events: &[Event], side: Side) -> Option<Vec<Card>> {
    let mut hand = Vec::new();
    for e in events {
        match e {
            Event::CardDrawn { side: s, card, .. } if *s == side => hand.push((*card)?),
            Event::CardPlayed { side: s, card, .. } if *s == side => {
                if let Some(i) = hand.iter().position(|c| c == card) {
                    hand.remove(i);
                }
            }
            _ => {}
        }
    }
    Some(hand)
}

fn render_panel(frame: &mut Frame, area: Rect, m: &BbMatch) {
    if shows_team_panel(m) {
        let lines: Vec<Line> = team_panel_lines(m).into_iter().map(Line::raw).collect();
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(Block::default().borders(Borders::ALL).title(" Teams (c) ")),
            area,
        );
        return;
    }
    let v = m.view;
    let mut lines = Vec::new();
    match panel_player(m).and_then(|id| v.players.get(id.index())) {
        Some(p) => {
            lines.push(Line::styled(
                format!("#{} {}", p.number, p.position),
                side_style(p.side).add_modifier(Modifier::BOLD),
            ));
            lines.push(Line::raw(format!(
                "{} ({})",
                p.name,
                v.teams[p.side.index()].name
            )));
            lines.push(Line::styled(
                format!("MA {}  ST {}  AG {}  AV {}", p.ma, p.st, p.ag, p.av),
                Style::new().add_modifier(Modifier::BOLD),
            ));
            let moving = match &v.prompt.kind {
                PromptKind::Acting {
                    player,
                    ma_left,
                    gfi_left,
                    action,
                    ..
                } if *player == p.id => Some(format!(
                    "{}: {ma_left} MA left + {gfi_left} GFI",
                    words::action_name(*action)
                )),
                _ => None,
            };
            lines.push(Line::raw(moving.unwrap_or_else(|| {
                let (ma, gfi) = path::fresh_movement(p);
                format!("Movement: {ma} + {gfi} GFI")
            })));
            let state = match p.state {
                PlayerState::Standing { square } => format!("standing on {}", square_name(square)),
                PlayerState::Prone { square } => format!("prone on {}", square_name(square)),
                PlayerState::Stunned { square } => format!("stunned on {}", square_name(square)),
                other => words::spaced(&format!("{other:?}")).to_lowercase(),
            };
            lines.push(Line::raw(format!(
                "{}{}{}",
                state,
                if p.acted { ", has acted" } else { "" },
                if holds_ball(v, p.id) {
                    ", HAS THE BALL"
                } else {
                    ""
                }
            )));
            if p.confused {
                lines.push(Line::raw("lost his tackle zone"));
            }
            if p.rooted {
                lines.push(Line::raw("rooted"));
            }
            let skills: Vec<&str> = p.skills.iter().map(|s| s.name()).collect();
            lines.push(Line::raw(format!(
                "Skills: {}",
                if skills.is_empty() {
                    "none".to_string()
                } else {
                    skills.join(", ")
                }
            )));
        }
        None => {
            lines.push(Line::raw("No player here."));
            lines.push(Line::raw("Move the cursor onto a player"));
            lines.push(Line::raw("to see his stats and skills."));
        }
    }
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL).title(" Player ")),
        area,
    );
}

fn render_prompt(frame: &mut Frame, area: Rect, m: &BbMatch) {
    let v = m.view;
    let ctx = m.ctx();
    let mine = !m.legal.is_empty();
    let mut lines = Vec::new();
    if let Some(r) = m.result {
        lines.push(Line::styled(
            format!("Match over: {r}"),
            Style::new().add_modifier(Modifier::BOLD),
        ));
    }
    lines.push(Line::styled(
        words::prompt_in(v, &v.prompt, mine, m.events),
        if mine {
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        },
    ));
    if let Some(p) = &m.play.pending {
        lines.push(Line::styled(
            format!("Move: {}", p.plan.words(p.to)),
            Style::new().fg(Color::Magenta),
        ));
        lines.push(Line::raw("Space/Enter/y: go   Esc: cancel"));
    }
    let menu = m.play.menu_commands(ctx);
    for (i, c) in menu.iter().enumerate() {
        let text = format!(
            "{}{} {}",
            if i == m.play.menu { ">" } else { " " },
            if i < 9 {
                format!("{}.", i + 1)
            } else {
                "  ".into()
            },
            words::command(v, c)
        );
        lines.push(if i == m.play.menu {
            Line::styled(text, Style::new().fg(Color::Black).bg(Color::Yellow))
        } else {
            Line::raw(text)
        });
    }
    if mine && menu.is_empty() && m.play.pending.is_none() {
        lines.push(Line::styled(
            "Choose on the pitch (green squares)",
            Style::new().fg(Color::DarkGray),
        ));
    }
    // Keep the highlighted choice in sight.
    let inner = area.height.saturating_sub(2);
    let before = lines.len().saturating_sub(menu.len());
    let skip = (before + m.play.menu + 1).saturating_sub(usize::from(inner));
    let lines: Vec<Line> = if skip > 0 && skip < lines.len() {
        let mut keep = lines[..1].to_vec();
        keep.extend(lines[skip + 1..].iter().cloned());
        keep
    } else {
        lines
    };
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default().borders(Borders::ALL).title(if mine {
                " Your decision "
            } else {
                " Prompt "
            }),
        ),
        area,
    );
}

fn render_log(frame: &mut Frame, area: Rect, m: &BbMatch) {
    let width = usize::from(area.width.saturating_sub(2)).max(10);
    let mut all = log_rows(m.view, m.events, m.notes, width);
    if let Some(t) = m.chat_input {
        all.extend(wrap(&format!("chat> {t}_"), width));
    }
    let inner = usize::from(area.height.saturating_sub(2));
    let end = all.len().saturating_sub(m.log_scroll);
    let start = end.saturating_sub(inner);
    let lines: Vec<Line> = all[start..end]
        .iter()
        .map(|s| Line::raw(s.clone()))
        .collect();
    let title = if m.log_scroll > 0 {
        format!(" Log ({} older lines back; End: newest) ", m.log_scroll)
    } else {
        " Log ([ / PgUp: older) ".into()
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// The log's width inside its box at 120 columns.
pub const LOG_WIDTH: usize = (MIN_WIDTH - 30 - 50 - 2) as usize;

/// A log line cut into rows of `width` at spaces, the rows after the first indented.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let width = width.max(4);
    let mut rows = Vec::new();
    let mut row = String::new();
    let mut fresh = true;
    for word in line.split_whitespace() {
        if !fresh && row.chars().count() + 1 + word.chars().count() > width {
            rows.push(std::mem::take(&mut row));
            row.push_str("  ");
            fresh = true;
        }
        if !fresh {
            row.push(' ');
        }
        row.push_str(word);
        fresh = false;
        while row.chars().count() > width {
            let head: String = row.chars().take(width).collect();
            let tail: String = row.chars().skip(width).collect();
            rows.push(head);
            row = format!("  {tail}");
        }
    }
    if !row.trim().is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

/// The keys line: the keys that do something now first.
pub fn keys_line(m: &BbMatch) -> String {
    let v = m.view;
    let mut keys: Vec<&str> = Vec::new();
    if !m.legal.is_empty() {
        match v.prompt.kind {
            PromptKind::Setup { .. } => {
                keys.extend(["Space place/pick", "b bench", "f formations", "e done"])
            }
            PromptKind::Action { .. } => {
                keys.extend(["Space select/move", "1-9 action", "e end turn"])
            }
            PromptKind::Acting { .. } => keys.extend([
                "Space move/block/target",
                "P pass/throw to cursor",
                "J leap",
                "e end action",
            ]),
            PromptKind::Reroll { .. } => keys.extend(["y re-roll", "d no re-roll", "1-9 choose"]),
            PromptKind::Inducements { .. } => keys.extend([
                "1-9 / Tab+Enter buy",
                "i mercenaries with a skill",
                "e done",
            ]),
            PromptKind::PlayCard { .. } => {
                keys.extend(["1-9 / Tab+Enter play", "Space on green", "d no card"])
            }
            // §31.10 Fanatic Invasion: the facing (or the go-for-it), or leave him.
            PromptKind::FanaticMove { .. } => {
                keys.extend(["Space on green / 1-9 face that way", "e leave him / stop"])
            }
            _ => keys.extend(["Space on green", "1-9 / Tab+Enter choose", "y yes", "d no"]),
        }
    }
    keys.extend([
        "c cards",
        "t chat",
        "W claim",
        "CC concede",
        "q lobby",
        "? help",
    ]);
    keys.join("  ")
}

fn render_keys(frame: &mut Frame, area: Rect, m: &BbMatch) {
    frame.render_widget(
        Paragraph::new(Line::styled(keys_line(m), Style::new().fg(Color::Cyan))),
        area,
    );
}
