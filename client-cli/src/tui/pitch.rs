//! The match screen: the pitch drawn from a [`GameView`], the score, whose turn it is and what
//! is being asked, the active challenges, the hands and the event log.

use dugout_rules::blitz::data::{BoardSide, TeamDef, board, team};
use dugout_rules::blitz::{BallAt, Event, GameView, Place, Player};
use dugout_rules::core::{Seat, Side, Square};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::describe::{describe_in, describe_prompt, pts, side_name};

/// What the match screen shows.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchModel {
    pub view: GameView,
    /// Who is looking: a coach sees their own hand; a spectator only counts.
    pub seat: Seat,
    /// Coach display names in the home and away seats.
    pub names: [String; 2],
    /// The events seen so far, oldest first; the log shows the newest that fit.
    pub events: Vec<Event>,
    /// The square the keyboard cursor is on, if any: drawn reversed, its text in `( )`.
    pub cursor: Option<Square>,
    /// Squares a legal command of the coach targets now: drawn on green, ` + ` when empty
    /// and `+X+` around a player.
    pub targets: Vec<Square>,
    /// The square of the selected player, if any: underlined on magenta.
    pub selected: Option<Square>,
    /// How many lines the event log is scrolled back from the newest (0: the newest shown).
    pub log_scroll: usize,
}

impl MatchModel {
    /// Moves the cursor by `(dx, dy)`, staying on the board; with no cursor yet it starts
    /// at the centre square.
    pub fn move_cursor(&mut self, dx: i8, dy: i8) {
        let def = board(self.view.board.unwrap_or(BoardSide::OneTrapdoor));
        let (max_x, max_y) = (def.length as i8 - 1, def.width as i8 - 1);
        self.cursor = Some(match self.cursor {
            None => Square::new(max_x / 2, max_y / 2),
            Some(sq) => Square::new(
                sq.x.saturating_add(dx).clamp(0, max_x),
                sq.y.saturating_add(dy).clamp(0, max_y),
            ),
        });
    }

    /// The player on the cursor's square, if any.
    pub fn player_at_cursor(&self) -> Option<&Player> {
        let sq = self.cursor?;
        self.view.players.iter().find(|p| p.square() == Some(sq))
    }
}

/// Width of one pitch square in terminal cells.
pub const CELL_WIDTH: u16 = 3;
/// Columns taken by the row labels left of the pitch.
pub const ROW_LABEL_WIDTH: u16 = 2;

/// Each position of a team as a distinct letter and a short name, in position order.
///
/// The letter is the first letter of the position name's last word ("Piranha Warrior
/// Blitzer" -> 'B'); if an earlier position took it, the first free initial of the other
/// words, then any free letter of the name. The short name is the last word, or the whole
/// name when another position's name ends in the same word ("Skink", "Chameleon Skink").
pub fn position_keys(def: &TeamDef) -> Vec<(char, String)> {
    let mut used: Vec<char> = Vec::new();
    def.positions
        .iter()
        .map(|pos| {
            let words: Vec<&str> = pos.name.split_whitespace().collect();
            let last = words.last().copied().unwrap_or(pos.name);
            let initials = std::iter::once(last)
                .chain(words.iter().copied().filter(|w| *w != last))
                .filter_map(|w| w.chars().next());
            let letter = initials
                .chain(pos.name.chars())
                .filter(char::is_ascii_alphabetic)
                .map(|c| c.to_ascii_uppercase())
                .find(|c| !used.contains(c))
                .unwrap_or('?');
            used.push(letter);
            let shared = def
                .positions
                .iter()
                .filter(|p| p.name.split_whitespace().last() == Some(last))
                .count()
                > 1;
            let short = if shared { pos.name } else { last };
            (letter, short.to_string())
        })
        .collect()
}

/// A player's position letter from [`position_keys`]; lowercase when the player is prone.
pub fn position_letter(view: &GameView, player: &Player) -> char {
    let keys = position_keys(team(view.teams[player.side.index()]));
    let letter = keys
        .get(usize::from(player.position))
        .map_or('?', |(c, _)| *c);
    if matches!(player.place, Place::Prone(_)) {
        letter.to_ascii_lowercase()
    } else {
        letter
    }
}

/// A player's short position name from [`position_keys`] ("Blitzer").
pub fn position_short_name(view: &GameView, player: &Player) -> Option<String> {
    position_keys(team(view.teams[player.side.index()]))
        .into_iter()
        .nth(usize::from(player.position))
        .map(|(_, name)| name)
}

/// A side's colour behind its players on the pitch: Home red, Away blue, as on the web
/// pages (white letters on them).
pub fn team_colour(side: Side) -> Color {
    match side {
        Side::Home => Color::Red,
        Side::Away => Color::Blue,
    }
}

/// A side's colour for text on the terminal's (dark) background: the light shades, which
/// read on black where dark blue does not.
pub fn team_text_colour(side: Side) -> Color {
    match side {
        Side::Home => Color::LightRed,
        Side::Away => Color::LightBlue,
    }
}

/// Where the ball `at` is on the pitch, if it is.
fn ball_square(view: &GameView, at: BallAt) -> Option<Square> {
    match at {
        BallAt::Loose(s) => Some(s),
        BallAt::Held(id) => view.players.iter().find(|p| p.id == id)?.square(),
    }
}

/// The text (3 cells) and style of one square.
///
/// Players: ` X ` in their team's colour, `X` their position letter (lowercase and dimmed
/// when prone), `*` in the first cell when they hold a ball. A loose ball is ` o `, a
/// blocked square `###`, a trapdoor `[ ]`, an empty end-zone square ` : ` and any other
/// empty square ` . `.
pub fn square_cell(view: &GameView, sq: Square) -> (String, Style) {
    let def = board(view.board.unwrap_or(BoardSide::OneTrapdoor));
    let at = |list: &[(u8, u8)]| {
        list.iter()
            .any(|&(x, y)| i16::from(sq.x) == i16::from(x) && i16::from(sq.y) == i16::from(y))
    };
    let end_zone = sq.x == 0 || sq.x == def.length as i8 - 1;
    let ball_here = view
        .balls
        .iter()
        .any(|b| ball_square(view, b.at) == Some(sq));
    if let Some(p) = view.players.iter().find(|p| p.square() == Some(sq)) {
        let letter = position_letter(view, p);
        let mut style = Style::new()
            .fg(Color::White)
            .bg(team_colour(p.side))
            .add_modifier(Modifier::BOLD);
        if !p.is_standing() {
            style = style
                .remove_modifier(Modifier::BOLD)
                .add_modifier(Modifier::DIM | Modifier::ITALIC);
        }
        let ball = if ball_here { '*' } else { ' ' };
        return (format!("{ball}{letter} "), style);
    }
    if ball_here {
        return (
            " o ".to_string(),
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
        );
    }
    if at(def.blocked) {
        return ("###".to_string(), Style::new().fg(Color::DarkGray));
    }
    if at(def.trapdoors) {
        return ("[ ]".to_string(), Style::new().fg(Color::Magenta));
    }
    if end_zone {
        return (" : ".to_string(), Style::new().fg(Color::Green));
    }
    (" . ".to_string(), Style::new().fg(Color::DarkGray))
}

/// The pitch as lines: a header of column numbers, then one line per row `y`.
fn pitch_lines(model: &MatchModel) -> Vec<Line<'static>> {
    let def = board(model.view.board.unwrap_or(BoardSide::OneTrapdoor));
    let mut header = String::from("  ");
    for x in 0..def.length {
        header.push_str(&format!("{x:^3}"));
    }
    let mut lines = vec![Line::styled(header, Style::new().fg(Color::DarkGray))];
    for y in 0..def.width as i8 {
        let mut spans = vec![Span::styled(
            format!("{y:>2}"),
            Style::new().fg(Color::DarkGray),
        )];
        for x in 0..def.length as i8 {
            let sq = Square::new(x, y);
            let (mut text, mut style) = square_cell(&model.view, sq);
            if model.targets.contains(&sq) {
                style = style.bg(Color::Green);
                let middle = text.chars().nth(1).unwrap_or(' ');
                text = if matches!(middle, '.' | ':' | ' ') {
                    " + ".to_string()
                } else {
                    format!("+{middle}+")
                };
            }
            if model.selected == Some(sq) {
                style = style.bg(Color::Magenta).add_modifier(Modifier::UNDERLINED);
            }
            if model.cursor == Some(sq) {
                style = style.add_modifier(Modifier::REVERSED);
                let middle = text.chars().nth(1).unwrap_or(' ');
                text = format!("({middle})");
            }
            spans.push(Span::styled(text, style));
        }
        lines.push(Line::from(spans));
    }
    lines
}

fn header_line(model: &MatchModel) -> Line<'static> {
    let v = &model.view;
    let team_name = |side: Side| team(v.teams[side.index()]).name;
    let mut spans = vec![
        Span::styled(
            format!(
                "{} ({}) {}",
                team_name(Side::Home),
                model.names[0],
                v.score[0]
            ),
            Style::new()
                .fg(team_text_colour(Side::Home))
                .add_modifier(Modifier::BOLD),
        ),
        Span::raw(" - "),
        Span::styled(
            format!(
                "{} {} ({})",
                v.score[1],
                team_name(Side::Away),
                model.names[1]
            ),
            Style::new()
                .fg(team_text_colour(Side::Away))
                .add_modifier(Modifier::BOLD),
        ),
    ];
    let turn = match v.turn_active {
        Some(side) => format!(
            "   {}'s turn {}, actions {}/{}",
            side_name(side),
            v.turns_started[side.index()],
            v.actions_taken,
            v.action_limit
        ),
        None => "   no turn in progress".to_string(),
    };
    spans.push(Span::raw(turn));
    if let Some(left) = v.final_turns_left {
        spans.push(Span::raw(format!(", final turns left {left}")));
    }
    Line::from(spans)
}

fn side_panel_lines(model: &MatchModel) -> Vec<Line<'static>> {
    let v = &model.view;
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![Line::styled("Challenges", bold)];
    if v.active_cards.is_empty() {
        lines.push(Line::raw("  (none)"));
    }
    for c in &v.active_cards {
        lines.push(Line::raw(format!(
            "  {}. {} ({})",
            c.slot + 1,
            c.challenge.name(),
            pts(c.points)
        )));
    }
    let top = match (v.deck_top, v.deck_top_is_event) {
        (Some(c), _) => c.name().to_string(),
        (None, true) => "a Random Event".to_string(),
        (None, false) => "empty".to_string(),
    };
    lines.push(Line::raw(format!(
        "  Deck: {} left, top: {top}",
        v.deck_remaining
    )));
    lines.push(Line::raw(""));
    for side in Side::BOTH {
        let hand = &v.hands[side.index()];
        let own = model.seat == Seat::Coach(side);
        let title = if own {
            format!("Your hand ({})", hand.count)
        } else {
            format!(
                "{} hand: {} card{}",
                side_name(side),
                hand.count,
                if hand.count == 1 { "" } else { "s" }
            )
        };
        lines.push(Line::styled(title, bold.fg(team_text_colour(side))));
        if own && let Some(cards) = &hand.cards {
            for (i, (_, bonus)) in cards.iter().enumerate() {
                lines.push(Line::raw(format!("  {}. {}", i + 1, bonus.name())));
            }
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Positions", bold));
    for side in Side::BOTH {
        let def = team(v.teams[side.index()]);
        let legend = position_keys(def)
            .into_iter()
            .map(|(letter, name)| format!("{letter} {name}"))
            .collect::<Vec<_>>()
            .join(", ");
        lines.push(Line::from(vec![
            Span::styled(format!("  {}: ", def.name), bold.fg(team_text_colour(side))),
            Span::raw(legend),
        ]));
    }
    lines.push(Line::raw(
        "  lowercase: prone, *: holds the ball, o: loose ball",
    ));
    lines
}

/// The event log as lines, oldest first: one per event, except that a run of steps of one
/// player ("moves (3,4) -> (4,4)", then "(4,4) -> (5,4)") is one line
/// ("moves (3,4) -> (4,4) -> (5,4)").
pub fn log_lines(events: &[Event], view: &GameView) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    // The player and square the last line's run of moves ended on.
    let mut run: Option<(dugout_rules::blitz::PlayerId, Square)> = None;
    for e in events {
        if let Event::PlayerMoved { player, from, to } = e {
            if run == Some((*player, *from))
                && let Some(last) = lines.last_mut()
            {
                last.push_str(&format!(" -> {to}"));
                run = Some((*player, *to));
                continue;
            }
            run = Some((*player, *to));
        } else {
            run = None;
        }
        lines.push(describe_in(e, view));
    }
    lines
}

/// Where the parts of the match screen go.
#[derive(Clone, Copy, Debug)]
pub struct MatchAreas {
    pub header: Rect,
    pub prompt: Rect,
    pub pitch: Rect,
    /// Right of the pitch: the challenges, hands and legend (or, on a small screen, what
    /// the caller puts there).
    pub side: Rect,
    pub log: Rect,
}

/// The match screen's layout in `area`: the score and the prompt on the first two lines,
/// the pitch at the top left (its squares from column 3, row 4), the side panel right of
/// it, the event log below.
pub fn match_areas(area: Rect, model: &MatchModel) -> MatchAreas {
    let def = board(model.view.board.unwrap_or(BoardSide::OneTrapdoor));
    let pitch_width = ROW_LABEL_WIDTH + CELL_WIDTH * u16::from(def.length) + 2;
    let pitch_height = u16::from(def.width) + 1 + 2;
    let [header, prompt, middle, log] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(pitch_height),
        Constraint::Min(3),
    ])
    .areas(area);
    let [pitch, side] =
        Layout::horizontal([Constraint::Length(pitch_width), Constraint::Min(20)]).areas(middle);
    MatchAreas {
        header,
        prompt,
        pitch,
        side,
        log,
    }
}

/// Draws the match screen into `area`.
pub fn render_match(frame: &mut Frame, area: Rect, model: &MatchModel) {
    render_match_in(frame, &match_areas(area, model), model, true, "");
}

/// Draws the match screen into `areas`; the side panel only if `side_panel`. `log_note` is
/// added to the event log's title (the seq and clock on a small screen).
pub fn render_match_in(
    frame: &mut Frame,
    areas: &MatchAreas,
    model: &MatchModel,
    side_panel: bool,
    log_note: &str,
) {
    frame.render_widget(Paragraph::new(header_line(model)), areas.header);
    frame.render_widget(
        Paragraph::new(describe_prompt(
            &model.view.prompt,
            model.seat,
            Some(&model.view),
        ))
        .style(Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)),
        areas.prompt,
    );
    frame.render_widget(
        Paragraph::new(pitch_lines(model))
            .block(Block::default().borders(Borders::ALL).title(" Pitch ")),
        areas.pitch,
    );
    if side_panel {
        frame.render_widget(
            Paragraph::new(side_panel_lines(model))
                .block(Block::default().borders(Borders::ALL))
                .wrap(Wrap { trim: false }),
            areas.side,
        );
    }

    let lines = log_lines(&model.events, &model.view);
    let rows = usize::from(areas.log.height.saturating_sub(2));
    let back = model.log_scroll.min(lines.len().saturating_sub(rows));
    let end = lines.len() - back;
    let start = end.saturating_sub(rows);
    let log: Vec<Line> = lines[start..end].iter().cloned().map(Line::raw).collect();
    let title = if back > 0 {
        format!(" Events{log_note} (scrolled back: {back} newer below, PgDn/End) ")
    } else {
        format!(" Events{log_note} (PgUp: older) ")
    };
    frame.render_widget(
        Paragraph::new(log).block(Block::default().borders(Borders::ALL).title(title)),
        areas.log,
    );
}
