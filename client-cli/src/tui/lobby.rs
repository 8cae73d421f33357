//! The lobby: open rooms, the selected one highlighted, and the keys.

use dugout_protocol::{RoomStatus, RoomSummary};
use dugout_rules::blitz::Edition;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::{Block, Borders, Paragraph, Row, Table, TableState};

/// What the lobby shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LobbyModel {
    pub rooms: Vec<RoomSummary>,
    /// Index into `rooms` of the highlighted room.
    pub selected: usize,
    /// A line for errors and notices ("joined room 3", "room is full").
    pub status: Option<String>,
}

impl LobbyModel {
    /// The highlighted room, if there is any room.
    pub fn selected_room(&self) -> Option<&RoomSummary> {
        self.rooms
            .get(self.selected.min(self.rooms.len().saturating_sub(1)))
    }

    /// Moves the highlight down one room, wrapping to the top.
    pub fn select_next(&mut self) {
        if !self.rooms.is_empty() {
            self.selected = (self.selected + 1) % self.rooms.len();
        }
    }

    /// Moves the highlight up one room, wrapping to the bottom.
    pub fn select_prev(&mut self) {
        if !self.rooms.is_empty() {
            self.selected = (self.selected + self.rooms.len() - 1) % self.rooms.len();
        }
    }
}

/// The key help line under the room list.
pub const LOBBY_KEYS: &str = "Up/Down select  Enter join  s spectate  c create Blitz Bowl room  b create Blood Bowl room  i join by id  r refresh  L log out  q quit";

fn status_name(status: RoomStatus) -> &'static str {
    match status {
        RoomStatus::Open => "open",
        RoomStatus::Playing => "playing",
        RoomStatus::Finished => "finished",
        RoomStatus::Closed => "closed",
    }
}

fn edition_name(edition: Edition) -> &'static str {
    match edition {
        Edition::Bb2018 => "2018",
        Edition::Bb2024 => "2024",
    }
}

/// The shortest prefixes (8 characters or more) that tell the room ids apart: UUID v7 ids
/// of rooms made within a minute share their first 8.
pub fn short_ids(rooms: &[RoomSummary]) -> Vec<String> {
    let longest = rooms
        .iter()
        .map(|r| r.room.chars().count())
        .max()
        .unwrap_or(0);
    let mut n = 8;
    loop {
        let ids: Vec<String> = rooms
            .iter()
            .map(|r| r.room.chars().take(n).collect())
            .collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() == ids.len() || n >= longest {
            return ids;
        }
        n += 1;
    }
}

fn room_row(room: &RoomSummary, id: String) -> Row<'static> {
    let game = crate::game::title(room.setup.kind());
    let [home, away] = crate::game::team_names(&room.setup);
    let teams = format!("{home} v {away}");
    let seat = |i: usize| {
        let Some(name) = room.seats[i].clone() else {
            return "(free)".to_string();
        };
        // `*`: ready (the key line says so); "(gone)": no connection to the room now.
        let name = if room.ready[i] {
            format!("{name}*")
        } else {
            name
        };
        if room.connected[i] {
            name
        } else {
            format!("{name} (gone)")
        }
    };
    let seats = format!("{} / {}", seat(0), seat(1));
    let mut status = status_name(room.status).to_string();
    if room.private {
        status.push_str(" private");
    }
    if room.spectators > 0 {
        status.push_str(&format!(" +{} watching", room.spectators));
    }
    Row::new(vec![
        id,
        game.to_string(),
        match &room.setup {
            dugout_rules::AnySetup::Blitz(s) => edition_name(s.edition).to_string(),
            // LRB6, the one edition there is.
            dugout_rules::AnySetup::BloodBowl(_) => "LRB6".to_string(),
        },
        teams,
        seats,
        status,
    ])
}

/// Draws the lobby into `area`.
pub fn render_lobby(frame: &mut Frame, area: Rect, model: &LobbyModel) {
    let [list_area, status_area, keys_area] = Layout::vertical([
        Constraint::Min(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);

    let header = Row::new(vec![
        "Room",
        "Game",
        "Edition",
        "Teams",
        "Seats (* ready)",
        "Status",
    ])
    .style(Style::new().add_modifier(Modifier::BOLD));
    let ids = short_ids(&model.rooms);
    let id_width = ids
        .iter()
        .map(|i| i.chars().count())
        .max()
        .unwrap_or(8)
        .max(4);
    let table = Table::new(
        model.rooms.iter().zip(ids).map(|(r, id)| room_row(r, id)),
        [
            Constraint::Length(u16::try_from(id_width).unwrap_or(36)),
            Constraint::Length(10),
            Constraint::Length(7),
            Constraint::Fill(2),
            Constraint::Fill(2),
            Constraint::Fill(1),
        ],
    )
    .header(header)
    .block(Block::default().borders(Borders::ALL).title(format!(
        " Lobby: {} ",
        crate::app::words::count(model.rooms.len(), "room")
    )))
    .row_highlight_style(
        Style::new()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD),
    )
    .highlight_symbol("> ");
    let mut state = TableState::default().with_selected(
        (!model.rooms.is_empty()).then(|| model.selected.min(model.rooms.len() - 1)),
    );
    frame.render_stateful_widget(table, list_area, &mut state);

    let status = match (&model.status, model.rooms.is_empty()) {
        (Some(s), _) => s.clone(),
        (None, true) => {
            "No open rooms: press c (Blitz Bowl) or b (Blood Bowl) to create one".to_string()
        }
        (None, false) => String::new(),
    };
    frame.render_widget(Paragraph::new(status), status_area);
    frame.render_widget(
        Paragraph::new(LOBBY_KEYS).style(Style::new().fg(Color::DarkGray)),
        keys_area,
    );
}
