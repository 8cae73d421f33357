//! The login form and the create-room form: fields, focus and editing, no I/O.

use dugout_protocol::{RoomSpec, TimerPolicy};
use dugout_rules::blitz::data::{BoardSide, TeamId, team};
use dugout_rules::blitz::{Edition, MatchSetup, Options};
use dugout_rules::core::Side;

/// The login screen's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoginForm {
    pub server: String,
    pub name: String,
    pub password: String,
    /// Focused item: 0 server, 1 name, 2 password, 3 the "Log in" button, 4 "Register".
    pub focus: usize,
    /// Waiting for the server's answer.
    pub busy: bool,
}

impl LoginForm {
    pub const ITEMS: usize = 5;

    pub fn new(server: &str, name: &str) -> LoginForm {
        LoginForm {
            server: server.to_string(),
            name: name.to_string(),
            password: String::new(),
            focus: if name.is_empty() { 1 } else { 2 },
            busy: false,
        }
    }

    /// The text field with the focus, if the focus is on one.
    pub fn field_mut(&mut self) -> Option<&mut String> {
        match self.focus {
            0 => Some(&mut self.server),
            1 => Some(&mut self.name),
            2 => Some(&mut self.password),
            _ => None,
        }
    }

    pub fn next(&mut self) {
        self.focus = (self.focus + 1) % Self::ITEMS;
    }

    pub fn prev(&mut self) {
        self.focus = (self.focus + Self::ITEMS - 1) % Self::ITEMS;
    }
}

/// Which seat the creator of a room takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    Home,
    Away,
}

/// The create-room form: every field of a [`RoomSpec`] a person sets.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomForm {
    pub edition: Edition,
    /// Indices into the teams the edition fields (`blitz::teams_for`).
    pub teams: [usize; 2],
    /// 0 none, 1 per turn, 2 chess clock.
    pub timer: usize,
    pub seconds: u32,
    pub private: bool,
    pub seat: SeatChoice,
    pub options: Options,
    /// The focused field (see [`RoomForm::FIELDS`]).
    pub focus: usize,
}

impl Default for RoomForm {
    fn default() -> Self {
        RoomForm {
            edition: Edition::Bb2024,
            teams: [0, 1.min(TeamId::ALL.len().saturating_sub(1))],
            timer: 0,
            seconds: 120,
            private: false,
            seat: SeatChoice::Home,
            options: Options::default(),
            focus: 0,
        }
    }
}

impl RoomForm {
    /// The fields, in order, as shown.
    pub const FIELDS: [&'static str; 15] = [
        "Edition",
        "Home team",
        "Away team",
        "My seat",
        "Timer",
        "Timer seconds",
        "Private",
        "Random events",
        "Special actions",
        "Rookies to watch",
        "Arenas",
        "Special balls",
        "Board side",
        "Orc Big Un Mighty Blow",
        "Allow zero run",
    ];

    pub fn next(&mut self) {
        self.focus = (self.focus + 1) % Self::FIELDS.len();
    }

    pub fn prev(&mut self) {
        self.focus = (self.focus + Self::FIELDS.len() - 1) % Self::FIELDS.len();
    }

    /// Change the focused field one step (`up`: forwards).
    pub fn change(&mut self, up: bool) {
        let n = dugout_rules::blitz::teams_for(self.edition).len().max(1);
        let step = |i: usize| if up { (i + 1) % n } else { (i + n - 1) % n };
        let o = &mut self.options;
        match self.focus {
            0 => {
                // Keep the teams chosen where the other edition fields them.
                let chosen = [self.team(0), self.team(1)];
                self.edition = match self.edition {
                    Edition::Bb2024 => Edition::Bb2018,
                    Edition::Bb2018 => Edition::Bb2024,
                };
                let allowed = dugout_rules::blitz::teams_for(self.edition);
                for (i, t) in chosen.iter().enumerate() {
                    self.teams[i] = allowed.iter().position(|a| a == t).unwrap_or(i.min(1));
                }
            }
            1 => self.teams[0] = step(self.teams[0]),
            2 => self.teams[1] = step(self.teams[1]),
            3 => {
                self.seat = match self.seat {
                    SeatChoice::Home => SeatChoice::Away,
                    SeatChoice::Away => SeatChoice::Home,
                }
            }
            4 => {
                self.timer = if up {
                    (self.timer + 1) % 3
                } else {
                    (self.timer + 2) % 3
                }
            }
            5 => {
                self.seconds = if up {
                    self.seconds.saturating_add(30).min(24 * 3600)
                } else {
                    self.seconds.saturating_sub(30).max(30)
                }
            }
            6 => self.private = !self.private,
            7 => o.random_events = !o.random_events,
            8 => o.special_actions = !o.special_actions,
            9 => {
                o.rookies_to_watch = match (o.rookies_to_watch, up) {
                    (None, true) | (Some(Side::Away), false) => Some(Side::Home),
                    (Some(Side::Home), true) | (None, false) => Some(Side::Away),
                    _ => None,
                }
            }
            10 => o.arenas = !o.arenas,
            11 => o.special_balls = !o.special_balls,
            12 => {
                o.board_side = match (o.board_side, up) {
                    (None, true) | (Some(BoardSide::TwoTrapdoors), false) => {
                        Some(BoardSide::OneTrapdoor)
                    }
                    (Some(BoardSide::OneTrapdoor), true) | (None, false) => {
                        Some(BoardSide::TwoTrapdoors)
                    }
                    _ => None,
                }
            }
            13 => o.orc_big_un_mighty_blow = !o.orc_big_un_mighty_blow,
            14 => o.allow_zero_run = !o.allow_zero_run,
            _ => {}
        }
    }

    fn team(&self, i: usize) -> TeamId {
        let allowed = dugout_rules::blitz::teams_for(self.edition);
        allowed
            .get(self.teams[i])
            .or(allowed.first())
            .copied()
            .unwrap_or(TeamId::ALL[0])
    }

    /// The value of field `i` in words.
    pub fn value(&self, i: usize) -> String {
        let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
        let o = &self.options;
        match i {
            0 => match self.edition {
                Edition::Bb2024 => "2024".into(),
                Edition::Bb2018 => "2018".into(),
            },
            1 => team(self.team(0)).name.to_string(),
            2 => team(self.team(1)).name.to_string(),
            3 => match self.seat {
                SeatChoice::Home => "Home".into(),
                SeatChoice::Away => "Away".into(),
            },
            4 => ["none", "per turn", "chess clock"][self.timer % 3].into(),
            5 => format!("{} s", self.seconds),
            6 => yes(self.private),
            7 => yes(o.random_events),
            8 => yes(o.special_actions),
            9 => match o.rookies_to_watch {
                None => "no".into(),
                Some(Side::Home) => "Home".into(),
                Some(Side::Away) => "Away".into(),
            },
            10 => yes(o.arenas),
            11 => yes(o.special_balls),
            12 => match o.board_side {
                None => "toss winner chooses".into(),
                Some(BoardSide::OneTrapdoor) => "one trapdoor".into(),
                Some(BoardSide::TwoTrapdoors) => "two trapdoors".into(),
            },
            13 => yes(o.orc_big_un_mighty_blow),
            14 => yes(o.allow_zero_run),
            _ => String::new(),
        }
    }

    /// The room this form describes.
    pub fn spec(&self) -> RoomSpec {
        RoomSpec {
            setup: crate::game::blitz::setup(MatchSetup {
                edition: self.edition,
                teams: [self.team(0), self.team(1)],
                options: self.options,
            }),
            timer: match self.timer {
                1 => TimerPolicy::PerTurn {
                    seconds: self.seconds,
                },
                2 => TimerPolicy::ChessClock {
                    seconds: self.seconds,
                },
                _ => TimerPolicy::None,
            },
            private: self.private,
            league: None,
        }
    }
}
