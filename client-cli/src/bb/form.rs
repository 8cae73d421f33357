//! The create-room form for a Blood Bowl match: each side's team (the starter team of any
//! roster; choosing an unofficial one turns on `unofficial_rosters`), the seat, the timer,
//! privacy and the match options, the team budget among them.

use dugout_protocol::{RoomSpec, TimerPolicy};
use dugout_rules::bb::{MatchSetup, Options, Overtime, Roster, TeamChoice};

use crate::app::forms::SeatChoice;

#[derive(Clone, Debug, PartialEq)]
pub struct BbRoomForm {
    /// Indices into [`Roster::ALL`].
    pub teams: [usize; 2],
    pub seat: SeatChoice,
    /// 0 none, 1 per turn, 2 chess clock.
    pub timer: usize,
    pub seconds: u32,
    pub private: bool,
    pub options: Options,
    pub focus: usize,
}

impl Default for BbRoomForm {
    fn default() -> Self {
        BbRoomForm {
            teams: [1, 0],
            seat: SeatChoice::Home,
            timer: 0,
            seconds: 240,
            private: false,
            options: Options::default(),
            focus: 0,
        }
    }
}

/// The team budget's step in the form, and its largest value (gp).
const BUDGET_STEP: u32 = 50_000;
const MAX_BUDGET: u32 = 5_000_000;

/// 1000000 as "1,000,000".
fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

impl BbRoomForm {
    pub const FIELDS: [&'static str; 11] = [
        "Home team",
        "Away team",
        "My seat",
        "Timer",
        "Timer seconds",
        "Private",
        "Overtime",
        "Penalty shoot-out",
        "Throw-in counts start",
        "Strict touchdown timing",
        "Team budget",
    ];

    pub fn next(&mut self) {
        self.focus = (self.focus + 1) % Self::FIELDS.len();
    }

    pub fn prev(&mut self) {
        self.focus = (self.focus + Self::FIELDS.len() - 1) % Self::FIELDS.len();
    }

    /// Change the focused field one step (`up`: forwards).
    pub fn change(&mut self, up: bool) {
        let n = Roster::ALL.len();
        let step = |i: usize| if up { (i + 1) % n } else { (i + n - 1) % n };
        let o = &mut self.options;
        match self.focus {
            0 => self.teams[0] = step(self.teams[0]),
            1 => self.teams[1] = step(self.teams[1]),
            2 => {
                self.seat = match self.seat {
                    SeatChoice::Home => SeatChoice::Away,
                    SeatChoice::Away => SeatChoice::Home,
                }
            }
            3 => {
                self.timer = if up {
                    (self.timer + 1) % 3
                } else {
                    (self.timer + 2) % 3
                }
            }
            4 => {
                self.seconds = if up {
                    (self.seconds + 30).min(3600)
                } else {
                    self.seconds.saturating_sub(30).max(30)
                }
            }
            5 => self.private = !self.private,
            6 => {
                o.overtime = match o.overtime {
                    Overtime::None => Overtime::SuddenDeath,
                    Overtime::SuddenDeath => Overtime::None,
                }
            }
            7 => o.penalty_shootout = !o.penalty_shootout,
            8 => o.throw_in_counts_start_square = !o.throw_in_counts_start_square,
            9 => o.strict_touchdown_timing = !o.strict_touchdown_timing,
            10 => {
                o.budget = if up {
                    o.budget.saturating_add(BUDGET_STEP).min(MAX_BUDGET)
                } else {
                    o.budget.saturating_sub(BUDGET_STEP).max(BUDGET_STEP)
                }
            }
            _ => {}
        }
    }

    pub fn roster(&self, side: usize) -> Roster {
        Roster::ALL[self.teams[side] % Roster::ALL.len()]
    }

    /// The value of field `i` in words.
    pub fn value(&self, i: usize) -> String {
        let o = &self.options;
        match i {
            0 | 1 => self.roster(i).data().name.to_string(),
            2 => match self.seat {
                SeatChoice::Home => "Home".into(),
                SeatChoice::Away => "Away".into(),
            },
            3 => ["none", "per turn", "chess clock"][self.timer % 3].into(),
            4 => format!("{} s", self.seconds),
            5 => yes(self.private),
            6 => match o.overtime {
                Overtime::None => "none".into(),
                Overtime::SuddenDeath => "sudden death".into(),
            },
            7 => yes(o.penalty_shootout),
            8 => yes(o.throw_in_counts_start_square),
            9 => yes(o.strict_touchdown_timing),
            10 => format!("{} gp", thousands(o.budget)),
            _ => String::new(),
        }
    }

    /// The room this form describes.
    pub fn spec(&self) -> RoomSpec {
        RoomSpec {
            setup: crate::game::bb::setup(MatchSetup {
                teams: [
                    TeamChoice::Roster(self.roster(0)),
                    TeamChoice::Roster(self.roster(1)),
                ],
                options: Options {
                    unofficial_rosters: self.options.unofficial_rosters
                        || self.roster(0).data().unofficial
                        || self.roster(1).data().unofficial,
                    ..self.options
                },
                pre_match: Default::default(),
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
