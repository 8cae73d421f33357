//! The create-room form for a Blood Bowl match: each side's team (a roster's starter team, or
//! a team built with [`TeamBuilder`] within the budget), the seat, the timer, privacy and the
//! match options (the budget, unofficial rosters, the rules options, the inducement phase with
//! its petty cash, §30.1, and the Special Play Cards each team draws, §31.1).
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use dugout_protocol::{RoomSpec, TimerPolicy};
use dugout_rules::bb::cards::{Deck, DeckDraws, SpecialPlayCards};
use dugout_rules::bb::setup::PreMatch;
use dugout_rules::bb::setup::TeamSheet;
use dugout_rules::bb::{MatchSetup, Options, Overtime, Roster, TeamChoice};

use super::builder::TeamBuilder;
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
    /// A team built for a side (`None`: the roster's starter team).
    pub sheets: [Option<TeamSheet>; 2],
    /// The team builder, open for a side.
    pub builder: Option<(usize, TeamBuilder)>,
    /// §30.1: the petty cash each team brings to the inducement phase (gp).
    pub petty_cash: u32,
    /// §31.1: the Special Play Cards each team draws: 0 none, else an index into
    /// [`card_choices`] (one draw from a usable deck, or one from each).
    pub cards: usize,
}

/// §31.1: the card draws the form offers, each for both teams: one card from each deck
/// whose cards are all built (the engine refuses the others), then one from each of them.
pub fn card_choices() -> Vec<(String, DeckDraws)> {
    let usable: Vec<Deck> = Deck::ALL
        .into_iter()
        .filter(|d| d.unbuilt().is_empty())
        .collect();
    let mut out: Vec<(String, DeckDraws)> = usable
        .iter()
        .map(|d| {
            (
                format!("1 {} card each", d.name()),
                DeckDraws::from(vec![*d]),
            )
        })
        .collect();
    if usable.len() > 1 {
        out.push((
            "1 card of each usable deck each".into(),
            DeckDraws::from(usable.clone()),
        ));
    }
    if let Some(d) = usable.first() {
        out.push((
            format!("2 {} cards each", d.name()),
            DeckDraws::from(vec![*d, *d]),
        ));
    }
    out
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
            sheets: [None, None],
            builder: None,
            petty_cash: 0,
            cards: 0,
        }
    }
}

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

impl BbRoomForm {
    pub const FIELDS: [&'static str; 15] = [
        "Home team",
        "Away team",
        "Budget",
        "Unofficial rosters",
        "My seat",
        "Timer",
        "Timer seconds",
        "Private",
        "Overtime",
        "Penalty shoot-out",
        "Throw-in counts start",
        "Strict touchdown timing",
        "Inducements",
        "Petty cash (each)",
        "Special Play Cards",
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
        let unofficial = self.options.unofficial_rosters;
        // The next roster the options allow (unofficial ones only with their option).
        let step = |i: usize| {
            let mut j = i;
            for _ in 0..n {
                j = if up { (j + 1) % n } else { (j + n - 1) % n };
                if unofficial || !Roster::ALL[j].data().unofficial {
                    break;
                }
            }
            j
        };
        match self.focus {
            0 | 1 => {
                let side = self.focus;
                self.teams[side] = step(self.teams[side]);
                self.sheets[side] = None;
            }
            2 => {
                let b = self.options.budget;
                self.options.budget = if up {
                    b.saturating_add(50_000).min(3_000_000)
                } else {
                    b.saturating_sub(50_000).max(500_000)
                };
                // A built team over the new budget goes back to the starter team.
                for side in 0..2 {
                    if self.sheets[side].as_ref().is_some_and(|s| {
                        dugout_rules::bb::setup::sheet_cost(s) > self.options.budget
                    }) {
                        self.sheets[side] = None;
                    }
                }
            }
            3 => {
                self.options.unofficial_rosters = !self.options.unofficial_rosters;
                if !self.options.unofficial_rosters {
                    for side in 0..2 {
                        if self.roster(side).data().unofficial {
                            self.teams[side] = 0;
                            self.sheets[side] = None;
                        }
                    }
                }
            }
            4 => {
                self.seat = match self.seat {
                    SeatChoice::Home => SeatChoice::Away,
                    SeatChoice::Away => SeatChoice::Home,
                }
            }
            5 => {
                self.timer = if up {
                    (self.timer + 1) % 3
                } else {
                    (self.timer + 2) % 3
                }
            }
            6 => {
                self.seconds = if up {
                    (self.seconds + 30).min(3600)
                } else {
                    self.seconds.saturating_sub(30).max(30)
                }
            }
            7 => self.private = !self.private,
            8 => {
                self.options.overtime = match self.options.overtime {
                    Overtime::None => Overtime::SuddenDeath,
                    Overtime::SuddenDeath => Overtime::None,
                }
            }
            9 => self.options.penalty_shootout = !self.options.penalty_shootout,
            10 => {
                self.options.throw_in_counts_start_square =
                    !self.options.throw_in_counts_start_square
            }
            11 => self.options.strict_touchdown_timing = !self.options.strict_touchdown_timing,
            12 => {
                self.options.inducements = !self.options.inducements;
                // §30.1: petty cash goes with the inducement phase only.
                if !self.options.inducements {
                    self.petty_cash = 0;
                }
            }
            13 => {
                self.petty_cash = if up {
                    self.petty_cash.saturating_add(50_000).min(1_000_000)
                } else {
                    self.petty_cash.saturating_sub(50_000)
                };
                if self.petty_cash > 0 {
                    self.options.inducements = true;
                }
            }
            14 => {
                let n = card_choices().len() + 1;
                self.cards = if up {
                    (self.cards + 1) % n
                } else {
                    (self.cards + n - 1) % n
                };
                self.options.special_play_cards = match self.cards {
                    0 => SpecialPlayCards::default(),
                    i => card_choices()
                        .get(i - 1)
                        .map(|(_, d)| SpecialPlayCards { home: *d, away: *d })
                        .unwrap_or_default(),
                };
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
            0 | 1 => match &self.sheets[i] {
                Some(sheet) => format!(
                    "{} (built: {} players, {}k)",
                    self.roster(i).data().name,
                    sheet.players.len(),
                    dugout_rules::bb::setup::sheet_cost(sheet) / 1000
                ),
                None => format!("{} (starter team)", self.roster(i).data().name),
            },
            2 => format!("{} gp", thousands(o.budget)),
            3 => yes(o.unofficial_rosters),
            4 => match self.seat {
                SeatChoice::Home => "Home".into(),
                SeatChoice::Away => "Away".into(),
            },
            5 => ["none", "per turn", "chess clock"][self.timer % 3].into(),
            6 => format!("{} s", self.seconds),
            7 => yes(self.private),
            8 => match o.overtime {
                Overtime::None => "none".into(),
                Overtime::SuddenDeath => "sudden death".into(),
            },
            9 => yes(o.penalty_shootout),
            10 => yes(o.throw_in_counts_start_square),
            11 => yes(o.strict_touchdown_timing),
            12 => yes(o.inducements),
            13 => format!("{} gp", thousands(self.petty_cash)),
            14 => match self.cards {
                0 => "none".into(),
                i => card_choices()
                    .get(i - 1)
                    .map(|(w, _)| w.clone())
                    .unwrap_or_else(|| "none".into()),
            },
            _ => String::new(),
        }
    }

    /// The room this form describes.
    pub fn spec(&self) -> RoomSpec {
        RoomSpec {
            setup: crate::game::bb::setup(MatchSetup {
                teams: [0, 1].map(|side| match &self.sheets[side] {
                    Some(sheet) => TeamChoice::Sheet(Box::new(sheet.clone())),
                    None => TeamChoice::Roster(self.roster(side)),
                }),
                options: self.options,
                pre_match: Box::new(PreMatch {
                    petty_cash: [self.petty_cash; 2],
                    ..Default::default()
                }),
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

impl BbRoomForm {
    /// Open the team builder for the focused team field (Home or Away).
    pub fn open_builder(&mut self) -> bool {
        if self.focus > 1 {
            return false;
        }
        let side = self.focus;
        let b = TeamBuilder::new(
            self.roster(side),
            self.sheets[side].as_ref(),
            self.options.budget,
        );
        self.builder = Some((side, b));
        true
    }

    /// Take the builder's team for its side, if the rules accept it; otherwise why not.
    pub fn accept_builder(&mut self) -> Result<(), String> {
        let Some((side, b)) = &self.builder else {
            return Ok(());
        };
        if let Some(problem) = b.problem() {
            return Err(problem);
        }
        self.sheets[*side] = Some(b.sheet());
        self.builder = None;
        Ok(())
    }
}

/// 1000000 as "1,000,000".
pub fn thousands(n: u32) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
