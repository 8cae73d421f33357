//! The Blood Bowl match screen's own state and keys, as a pure model: the cursor, the
//! selected player, the choices menu, a move waiting for the coach's confirmation and the
//! path being walked. The generic match model (the room, the connection, the chat, conceding,
//! claiming the win, the log's scrolling) stays in [`crate::app::model`]; this model gets the
//! view and the legal commands from it and answers with a command to send and a status line.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::{
    ActionKind, Command, GameView, InducementItem, PlayerId, PlayerState, PromptKind, Spell,
};
use dugout_rules::core::{Side, Square};
use ratatui::crossterm::event::KeyCode;

use super::path::{self, NoPath, Plan, square_name};
use super::words;

/// What the match model reads: the view, the legal commands of ours (empty when the decision
/// is not ours or a command is in flight) and our side.
#[derive(Clone, Copy, Debug)]
pub struct Ctx<'a> {
    pub view: &'a GameView,
    pub legal: &'a [Command],
    pub side: Option<Side>,
}

/// A key's or a decision's answer: a command to send (if legal), and the status line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    pub send: Option<Command>,
    pub status: Option<String>,
}

impl Reply {
    fn say(s: impl Into<String>) -> Reply {
        Reply {
            send: None,
            status: Some(s.into()),
        }
    }
    fn send(c: Command, s: impl Into<String>) -> Reply {
        Reply {
            send: Some(c),
            status: Some(s.into()),
        }
    }
    fn none() -> Reply {
        Reply::default()
    }
}

/// A move shown to the coach, waiting for the confirmation.
#[derive(Clone, Debug, PartialEq)]
pub struct PendingMove {
    pub player: PlayerId,
    pub to: Square,
    pub plan: Plan,
    /// The Move Action to declare first (the player is chosen at the Action prompt).
    pub declare: Option<Command>,
    /// What the walk ends with (the block of a Blitz).
    pub then: Option<Command>,
}

/// The screen's state.
#[derive(Clone, Debug, PartialEq)]
pub struct BbPlay {
    pub cursor: Square,
    pub selected: Option<PlayerId>,
    /// Highlighted entry of the choices menu.
    pub menu: usize,
    pub pending: Option<PendingMove>,
    /// The path being walked: the squares still to step on, and where to.
    pub route: Vec<Square>,
    pub route_to: Option<Square>,
    /// A command to send at the next decision if it is legal then (placing the reserve just
    /// picked).
    pub queued: Option<Command>,
    /// Sent when the path being walked is done, if legal then (the block of a Blitz).
    pub then: Option<Command>,
    /// §30: which purchases the inducement menu lists: `false` the inducements, the Star
    /// Players and plain Mercenaries; `true` the Mercenaries with an extra skill (`i`).
    pub skilled_mercenaries: bool,
    /// `c` switched the panel: the teams' cards and inducements instead of a player (or,
    /// at the inducement and card prompts, where the teams are shown by themselves, the
    /// player).
    pub team_panel: bool,
}

impl Default for BbPlay {
    fn default() -> BbPlay {
        BbPlay {
            cursor: Square::new(12, 7),
            selected: None,
            menu: 0,
            pending: None,
            route: Vec::new(),
            route_to: None,
            queued: None,
            then: None,
            skilled_mercenaries: false,
            team_panel: false,
        }
    }
}

/// The player a command is about (the one acting or picked).
pub fn subject(c: &Command) -> Option<PlayerId> {
    match c {
        Command::SetupPick { player }
        | Command::Touchback { player }
        | Command::HighKick { player }
        | Command::QuickSnap { player, .. }
        | Command::KickOffReturn { player, .. }
        | Command::PassBlock { player, .. }
        | Command::Declare { player, .. }
        | Command::Block { player, .. }
        | Command::MultipleBlock { player, .. }
        | Command::Intercept { player } => Some(*player),
        _ => None,
    }
}

fn square_of(view: &GameView, id: PlayerId) -> Option<Square> {
    view.players.get(id.index())?.state.square()
}

/// The square a command aims at on the pitch, if any.
pub fn target(c: &Command, view: &GameView) -> Option<Square> {
    match c {
        Command::SetupPlace { square }
        | Command::ThrowInAim { to: square }
        | Command::PlaceKick { square }
        | Command::Push { square } => Some(*square),
        Command::Step { to }
        | Command::Leap { to }
        | Command::QuickSnap { to, .. }
        | Command::KickOffReturn { to, .. }
        | Command::PassBlock { to, .. } => Some(*to),
        Command::HailMaryPass { target } => Some(*target),
        Command::Pass { target } | Command::ThrowTeamMate { target, .. } => Some(*target),
        Command::SetupPick { player }
        | Command::Touchback { player }
        | Command::HighKick { player }
        | Command::Intercept { player } => square_of(view, *player),
        Command::Block { target, .. }
        | Command::BlitzBlock { target }
        | Command::HandOff { target }
        | Command::Gaze { target }
        | Command::Foul { target } => square_of(view, *target),
        Command::Bite { thrall } => square_of(view, *thrall),
        // §30.10: the Wizard's spell, on a square (Fireball) or a player (Lightning Bolt).
        Command::CastSpell {
            spell: Spell::Fireball { target },
        } => Some(*target),
        Command::CastSpell {
            spell: Spell::LightningBolt { target },
        } => square_of(view, *target),
        // §31: a card on a square (Da Freight Train; Chop Block names its player's square),
        // or on a player.
        Command::PlayCard {
            square: Some(square),
            ..
        } => Some(*square),
        Command::PlayCard {
            player: Some(player),
            ..
        } => square_of(view, *player),
        Command::FollowUp { follow: true } => match view.prompt.kind {
            PromptKind::FollowUp { square, .. } => Some(square),
            _ => None,
        },
        _ => None,
    }
}

/// Chosen on the pitch only (never in the menu): many of them, one per square.
fn pitch_only(c: &Command) -> bool {
    matches!(
        c,
        Command::SetupPlace { .. }
            | Command::PlaceKick { .. }
            | Command::Step { .. }
            | Command::Leap { .. }
            | Command::Pass { .. }
            | Command::ThrowTeamMate { .. }
            | Command::QuickSnap { .. }
            | Command::KickOffReturn { .. }
            | Command::PassBlock { .. }
            | Command::HailMaryPass { .. }
            | Command::Concede
            | Command::PlayCard {
                player: None,
                square: Some(_),
                ..
            }
            | Command::CastSpell {
                spell: Spell::Fireball { .. }
            }
    )
}

/// §30: a purchase of a Mercenary with an extra skill (listed apart: there are many).
fn skilled_mercenary(c: &Command) -> bool {
    matches!(
        c,
        Command::Induce {
            item: InducementItem::Mercenary { skill: Some(_), .. }
        }
    )
}

impl BbPlay {
    /// The commands the menu offers: the selected player's, else those about nobody on the
    /// pitch (at the Action prompt: ending the turn; in set-up: formations and the
    /// reserves).
    pub fn menu_commands(&self, ctx: Ctx) -> Vec<Command> {
        let shop = matches!(ctx.view.prompt.kind, PromptKind::Inducements { .. });
        ctx.legal
            .iter()
            .filter(|c| !pitch_only(c))
            .filter(|c| {
                !shop
                    || matches!(c, Command::DoneInducing)
                    || skilled_mercenary(c) == self.skilled_mercenaries
            })
            .filter(|c| match (self.selected, subject(c)) {
                (Some(sel), Some(p)) => p == sel,
                (Some(_), None) => !matches!(c, Command::EndTurn),
                (None, Some(p)) => match c {
                    // At the Action prompt a player is chosen on the pitch first.
                    Command::Declare { .. }
                    | Command::Block { .. }
                    | Command::MultipleBlock { .. } => false,
                    _ => square_of(ctx.view, p).is_none() || !is_setup(ctx.view),
                },
                (None, None) => true,
            })
            .copied()
            .collect()
    }

    /// The squares to highlight as targets.
    pub fn targets(&self, ctx: Ctx) -> Vec<Square> {
        let mut out: Vec<Square> = ctx
            .legal
            .iter()
            .filter(|c| {
                !matches!(
                    c,
                    Command::Pass { .. } | Command::Leap { .. } | Command::ThrowTeamMate { .. }
                )
            })
            .filter(|c| match subject(c) {
                Some(p)
                    if matches!(
                        c,
                        Command::Block { .. }
                            | Command::QuickSnap { .. }
                            | Command::KickOffReturn { .. }
                            | Command::PassBlock { .. }
                    ) =>
                {
                    Some(p) == self.selected
                }
                _ => true,
            })
            .filter_map(|c| target(c, ctx.view))
            .collect();
        out.sort_by_key(|s| (s.y, s.x));
        out.dedup();
        out
    }

    /// The players some legal command is about (they can act now).
    pub fn actors(&self, ctx: Ctx) -> Vec<PlayerId> {
        let mut out: Vec<PlayerId> = ctx
            .legal
            .iter()
            .filter_map(subject)
            .filter(|p| square_of(ctx.view, *p).is_some())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn clear_move(&mut self) {
        self.pending = None;
        self.then = None;
        self.route.clear();
        self.route_to = None;
    }

    pub fn move_cursor(&mut self, dx: i8, dy: i8) {
        self.cursor = Square::new(
            (self.cursor.x + dx).clamp(0, path::LENGTH - 1),
            (self.cursor.y + dy).clamp(0, path::WIDTH - 1),
        );
    }

    /// A key of the match screen (the generic keys are the app's).
    pub fn key(&mut self, code: KeyCode, ctx: Ctx) -> Reply {
        match code {
            KeyCode::Left | KeyCode::Char('h') => self.move_cursor(-1, 0),
            KeyCode::Right | KeyCode::Char('l') => self.move_cursor(1, 0),
            KeyCode::Up | KeyCode::Char('k') => self.move_cursor(0, -1),
            KeyCode::Down | KeyCode::Char('j') => self.move_cursor(0, 1),
            KeyCode::Char(' ') => return self.act_at_cursor(ctx),
            KeyCode::Esc => {
                self.selected = None;
                self.menu = 0;
                let had = self.pending.is_some() || !self.route.is_empty();
                self.clear_move();
                if had {
                    return Reply::say("Move cancelled");
                }
            }
            KeyCode::Tab | KeyCode::Char('n') => {
                let n = self.menu_commands(ctx).len();
                if n > 0 {
                    self.menu = (self.menu + 1) % n;
                }
            }
            KeyCode::BackTab | KeyCode::Char('p') => {
                let n = self.menu_commands(ctx).len();
                if n > 0 {
                    self.menu = (self.menu + n - 1) % n;
                }
            }
            KeyCode::Enter => {
                if self.pending.is_some() {
                    return self.confirm(ctx);
                }
                let menu = self.menu_commands(ctx);
                return match menu.get(self.menu).copied() {
                    Some(cmd) => self.send(cmd, ctx),
                    None => Reply::say("Nothing to choose now"),
                };
            }
            KeyCode::Char(c @ '1'..='9') => {
                let i = usize::from(c as u8 - b'1');
                let menu = self.menu_commands(ctx);
                return match menu.get(i).copied() {
                    Some(cmd) => self.send(cmd, ctx),
                    None => Reply::say(format!("There is no choice {c}")),
                };
            }
            KeyCode::Char('e') => {
                for cmd in [
                    Command::EndAction,
                    Command::EndTurn,
                    Command::SetupDone,
                    Command::Done,
                    Command::DoneInducing,
                ] {
                    if ctx.legal.contains(&cmd) {
                        return self.send(cmd, ctx);
                    }
                }
                return Reply::say(if is_setup(ctx.view) {
                    "The set-up is not complete yet (or not legal): place your players"
                } else {
                    "Nothing to end now"
                });
            }
            KeyCode::Char('d') | KeyCode::Char('N') => {
                let no = ctx.legal.iter().copied().find(|c| {
                    matches!(
                        c,
                        Command::Decline
                            | Command::FollowUp { follow: false }
                            | Command::Apothecary { use_it: false }
                            | Command::Bribe { use_it: false }
                            | Command::UseSkill { use_it: false, .. }
                            | Command::CatchBomb { catch: false }
                            | Command::ChooseKicking { kick: false }
                            | Command::NoCard
                            | Command::FailOnPurpose { fail: false }
                            | Command::Igor { use_it: false }
                    )
                });
                return match no {
                    Some(c) => self.send(c, ctx),
                    None => Reply::say("Nothing to decline now"),
                };
            }
            KeyCode::Char('y') | KeyCode::Char('Y') => {
                if self.pending.is_some() {
                    return self.confirm(ctx);
                }
                let yes = ctx.legal.iter().copied().find(|c| {
                    matches!(
                        c,
                        Command::FollowUp { follow: true }
                            | Command::Apothecary { use_it: true }
                            | Command::Bribe { use_it: true }
                            | Command::UseSkill { use_it: true, .. }
                            | Command::CatchBomb { catch: true }
                            | Command::Reroll { .. }
                            | Command::ChooseKicking { kick: true }
                            | Command::FailOnPurpose { fail: true }
                            | Command::Igor { use_it: true }
                    )
                });
                return match yes {
                    Some(c) => self.send(c, ctx),
                    None => Reply::say("Nothing to say yes to now"),
                };
            }
            KeyCode::Char('b') => {
                if ctx.legal.contains(&Command::SetupBench) {
                    return self.send(Command::SetupBench, ctx);
                }
                return Reply::say("Back to the Reserves: pick a placed player first");
            }
            KeyCode::Char('f') => {
                let forms: Vec<Command> = ctx
                    .legal
                    .iter()
                    .copied()
                    .filter(|c| matches!(c, Command::SetupFormation { .. }))
                    .collect();
                if forms.is_empty() {
                    return Reply::say("No formation to choose now");
                }
                self.selected = None;
                let menu = self.menu_commands(ctx);
                self.menu = menu.iter().position(|c| *c == forms[0]).unwrap_or(0);
                return Reply::say("Formations in the menu: Tab to the one you want, Enter");
            }
            KeyCode::Char('P') => {
                let cmd = Command::Pass {
                    target: self.cursor,
                };
                // Throw Team-Mate aims the same way: the selected team-mate, else the first
                // who can be thrown there.
                let throw = ctx
                    .legal
                    .iter()
                    .copied()
                    .filter(|c| matches!(c, Command::ThrowTeamMate { target, .. } if *target == self.cursor))
                    .min_by_key(|c| match c {
                        Command::ThrowTeamMate { thrown, .. } => Some(*thrown) != self.selected,
                        _ => true,
                    });
                // Out of range: a Hail Mary Pass if he may throw one.
                let hail_mary = Command::HailMaryPass {
                    target: self.cursor,
                };
                return if ctx.legal.contains(&cmd) {
                    self.send(cmd, ctx)
                } else if let Some(throw) = throw {
                    self.send(throw, ctx)
                } else if ctx.legal.contains(&hail_mary) {
                    self.send(hail_mary, ctx)
                } else {
                    Reply::say(format!(
                        "No pass to {} now (declare a Pass, then put the cursor on a square in range)",
                        square_name(self.cursor)
                    ))
                };
            }
            KeyCode::Char('i') => {
                if !matches!(ctx.view.prompt.kind, PromptKind::Inducements { .. }) {
                    return Reply::say("Inducements are bought before the match only");
                }
                self.skilled_mercenaries = !self.skilled_mercenaries;
                self.menu = 0;
                return Reply::say(if self.skilled_mercenaries {
                    "The menu lists Mercenaries with an extra skill (i: the other inducements)"
                } else {
                    "The menu lists the inducements, Star Players and Mercenaries (i: Mercenaries with a skill)"
                });
            }
            KeyCode::Char('c') => {
                self.team_panel = !self.team_panel;
                return Reply::say(
                    "c switches the panel: the teams' stars, inducements and cards, or the player",
                );
            }
            KeyCode::Char('J') => {
                let cmd = Command::Leap { to: self.cursor };
                return if ctx.legal.contains(&cmd) {
                    self.send(cmd, ctx)
                } else {
                    Reply::say(format!("No leap to {} now", square_name(self.cursor)))
                };
            }
            _ => {}
        }
        Reply::none()
    }

    /// Send `cmd` if it is legal (the menu and the keys only offer legal ones).
    fn send(&mut self, cmd: Command, ctx: Ctx) -> Reply {
        if !ctx.legal.contains(&cmd) {
            return Reply::say("That is not possible now");
        }
        self.menu = 0;
        if !matches!(cmd, Command::Declare { .. }) {
            self.selected = None;
        }
        self.pending = None;
        Reply::send(cmd, format!("Sent: {}", words::command(ctx.view, &cmd)))
    }

    /// Space (or a click): confirm the move shown, choose the command aimed at the cursor,
    /// plan a move there, or select the player there.
    pub fn act_at_cursor(&mut self, ctx: Ctx) -> Reply {
        let sq = self.cursor;
        if let Some(p) = &self.pending
            && p.to == sq
        {
            return self.confirm(ctx);
        }
        self.pending = None;
        if ctx.legal.is_empty() {
            return Reply::say("Not your decision now");
        }
        let view = ctx.view;
        let occupant = view
            .players
            .iter()
            .find(|p| p.state.square() == Some(sq))
            .map(|p| p.id);
        // Commands aimed at this square (a step is planned as a move instead).
        let here: Vec<Command> = ctx
            .legal
            .iter()
            .copied()
            .filter(|c| {
                !matches!(
                    c,
                    Command::Step { .. }
                        | Command::Pass { .. }
                        | Command::HailMaryPass { .. }
                        | Command::Leap { .. }
                        | Command::ThrowTeamMate { .. }
                )
            })
            .filter(|c| target(c, view) == Some(sq))
            .filter(|c| match c {
                Command::Block { player, .. }
                | Command::QuickSnap { player, .. }
                | Command::KickOffReturn { player, .. }
                | Command::PassBlock { player, .. } => Some(*player) == self.selected,
                _ => true,
            })
            .collect();
        if here.len() == 1 {
            return self.send(here[0], ctx);
        }
        if here.len() > 1 {
            let first = here[0];
            self.selected = subject(&first).filter(|p| square_of(view, *p).is_some());
            let menu = self.menu_commands(ctx);
            self.menu = menu.iter().position(|c| *c == first).unwrap_or(0);
            return Reply::say("Several choices aim there: Tab to pick one, Enter to send");
        }
        let opponent = occupant
            .and_then(|id| view.players.get(id.index()))
            .filter(|p| Some(p.side) != ctx.side && matches!(p.state, PlayerState::Standing { .. }))
            .map(|p| p.id);
        match &view.prompt.kind {
            PromptKind::Acting {
                player,
                action: ActionKind::Blitz,
                ma_left,
                gfi_left,
                ..
            } if opponent.is_some() => {
                if let Some(target) = opponent {
                    return self.plan_blitz(ctx, *player, *ma_left, *gfi_left, target, None);
                }
            }
            PromptKind::Action { .. } if opponent.is_some() && self.selected.is_some() => {
                if let (Some(sel), Some(target)) = (self.selected, opponent) {
                    let declare = Command::Declare {
                        player: sel,
                        action: ActionKind::Blitz,
                    };
                    if ctx.legal.contains(&declare)
                        && let Some(p) = view.players.get(sel.index())
                    {
                        let (ma, gfi) = path::fresh_movement(p);
                        return self.plan_blitz(ctx, sel, ma, gfi, target, Some(declare));
                    }
                    return Reply::say(format!(
                        "{} cannot blitz now (one Blitz a turn; a block is only on a neighbour)",
                        words::player(view, sel)
                    ));
                }
            }
            PromptKind::Acting {
                player,
                ma_left,
                gfi_left,
                ..
            } if occupant.is_none() => {
                return self.plan_move(ctx, *player, *ma_left, *gfi_left, sq, None);
            }
            PromptKind::Action { .. } if occupant.is_none() => {
                if let Some(sel) = self.selected {
                    let declare = Command::Declare {
                        player: sel,
                        action: ActionKind::Move,
                    };
                    if ctx.legal.contains(&declare)
                        && let Some(p) = view.players.get(sel.index())
                    {
                        let (ma, gfi) = path::fresh_movement(p);
                        return self.plan_move(ctx, sel, ma, gfi, sq, Some(declare));
                    }
                }
            }
            PromptKind::Setup { picked: None, .. } if occupant.is_none() => {
                // Place the next reserve here: pick him, then place him.
                let reserve = ctx.legal.iter().copied().find(|c| {
                    matches!(c, Command::SetupPick { player }
                        if view.players.get(player.index()).is_some_and(|p| p.state == PlayerState::Reserve))
                });
                if let Some(pick) = reserve {
                    self.queued = Some(Command::SetupPlace { square: sq });
                    let who = subject(&pick)
                        .map(|p| words::player(view, p))
                        .unwrap_or_default();
                    return Reply::send(pick, format!("Placing {who} on {}", square_name(sq)));
                }
                return Reply::say("No reserve left to place: pick a placed player to move him");
            }
            _ => {}
        }
        if let Some(p) = occupant {
            if self.actors(ctx).contains(&p) {
                self.selected = Some(p);
                self.menu = 0;
                let n = self.menu_commands(ctx).len();
                let extra = if matches!(view.prompt.kind, PromptKind::Action { .. }) {
                    "; Space on an empty square moves him there"
                } else {
                    ""
                };
                return Reply::say(format!(
                    "{} selected: {n} choice{} in the menu{extra}",
                    words::player(view, p),
                    if n == 1 { "" } else { "s" }
                ));
            }
            return Reply::say(format!("{} has nothing to do now", words::player(view, p)));
        }
        if matches!(view.prompt.kind, PromptKind::Action { .. }) {
            return Reply::say(format!(
                "Nothing on {}: Space on one of your players first (his Actions come in the menu), then on where he goes",
                square_name(sq)
            ));
        }
        Reply::say(format!(
            "Nothing to do on {}: the green squares are the targets",
            square_name(sq)
        ))
    }

    fn plan_move(
        &mut self,
        ctx: Ctx,
        player: PlayerId,
        ma: u8,
        gfi: u8,
        to: Square,
        declare: Option<Command>,
    ) -> Reply {
        match path::plan(ctx.view, player, ma, gfi, to) {
            Ok(plan) => {
                let words = plan.words(to);
                let quiet = plan.rolls.is_empty() && declare.is_none();
                self.pending = Some(PendingMove {
                    player,
                    to,
                    plan,
                    declare,
                    then: None,
                });
                if quiet {
                    // Nothing to roll and the Action already declared: go.
                    return self.confirm(ctx);
                }
                Reply::say(format!("{words}. Space/Enter/y to go, Esc to cancel"))
            }
            Err(NoPath::Blocked(why)) => Reply::say(format!("Cannot move there: {why}")),
            Err(e) => Reply::say(format!("Cannot reach {}: {e}", square_name(to))),
        }
    }

    /// A Blitz on `target`, not next to the blitzer: the safest free square next to him
    /// within the movement (the block costs a square more), the path there, then the block.
    fn plan_blitz(
        &mut self,
        ctx: Ctx,
        player: PlayerId,
        ma: u8,
        gfi: u8,
        target: PlayerId,
        declare: Option<Command>,
    ) -> Reply {
        let view = ctx.view;
        let Some(at) = square_of(view, target) else {
            return Reply::none();
        };
        let reach = ma.saturating_add(gfi);
        let best = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| Square::new(at.x + dx, at.y + dy)))
            .filter(|sq| *sq != at && path::on_pitch(*sq))
            .filter_map(|sq| {
                if square_of(view, player) == Some(sq) {
                    return Some(Plan {
                        steps: Vec::new(),
                        rolls: Vec::new(),
                        chance: 1.0,
                    });
                }
                path::plan(view, player, ma, gfi, sq).ok()
            })
            // The block itself costs a square.
            .filter(|p| p.steps.len() < usize::from(reach))
            .max_by(|a, b| {
                a.chance
                    .partial_cmp(&b.chance)
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(b.steps.len().cmp(&a.steps.len()))
            });
        let Some(plan) = best else {
            return Reply::say(format!(
                "Cannot reach {} to block him: no free square next to him within the movement left",
                words::player_short(view, target)
            ));
        };
        let block = Command::BlitzBlock { target };
        let gfi_block = plan.steps.len() >= usize::from(ma);
        let who = words::player_short(view, target);
        if plan.steps.is_empty() {
            // Next to him already (the Blitz to declare first).
            let Some(declare) = declare else {
                return Reply::say(format!("Cannot block {who} now"));
            };
            self.then = Some(block);
            self.route.clear();
            self.route_to = None;
            return Reply::send(declare, format!("Blitz on {who}"));
        }
        let to = plan.steps[plan.steps.len() - 1];
        let words = format!(
            "Blitz on {who}: {}, then the block{}",
            plan.words(to),
            if gfi_block {
                format!(" (a GFI {}+ first)", path::gfi_target(view.weather))
            } else {
                String::new()
            }
        );
        self.pending = Some(PendingMove {
            player,
            to,
            plan,
            declare,
            then: Some(block),
        });
        Reply::say(format!("{words}. Space/Enter/y to go, Esc to cancel"))
    }

    /// The coach confirmed the move shown: declare it if needed, then the first step.
    fn confirm(&mut self, ctx: Ctx) -> Reply {
        let Some(p) = self.pending.take() else {
            return Reply::none();
        };
        let words = format!("Moving to {}: {}", square_name(p.to), p.plan.rolls_words());
        self.route = p.plan.steps.clone();
        self.route_to = Some(p.to);
        self.then = p.then;
        self.selected = None;
        if let Some(declare) = p.declare {
            if !ctx.legal.contains(&declare) {
                self.clear_move();
                return Reply::say("That player cannot move now");
            }
            return Reply::send(declare, words);
        }
        let first = self.route.remove(0);
        let step = Command::Step { to: first };
        if !ctx.legal.contains(&step) {
            self.clear_move();
            return Reply::say(format!("The step to {} is not allowed", square_name(first)));
        }
        if self.route.is_empty() {
            self.route_to = None;
        }
        Reply::send(step, words)
    }

    /// A new decision came (with the view updated): send the next step of the path being
    /// walked or the queued command, if still legal; the cursor follows the acting player.
    pub fn on_decision(&mut self, ctx: Ctx) -> Reply {
        let view = ctx.view;
        if let PromptKind::Acting { player, .. } = view.prompt.kind
            && let Some(sq) = square_of(view, player)
            && !ctx.legal.is_empty()
        {
            self.cursor = sq;
        }
        self.aim_cursor(ctx);
        if let Some(q) = self.queued.take() {
            if ctx.legal.contains(&q) {
                return Reply::send(q, format!("Sent: {}", words::command(view, &q)));
            }
            return Reply::say(format!(
                "Could not {}: not allowed now",
                words::command(view, &q).to_lowercase()
            ));
        }
        let Some(next) = self.route.first().copied() else {
            // The walk is done: its last command (the block of a Blitz).
            let Some(then) = self.then.take() else {
                return Reply::none();
            };
            if ctx.legal.contains(&then) {
                return Reply::send(then, format!("Sent: {}", words::command(view, &then)));
            }
            if ctx.legal.is_empty() {
                return Reply::none();
            }
            return Reply::say(format!(
                "Could not {}: not allowed now",
                words::command(view, &then).to_lowercase()
            ));
        };
        let to = self.route_to.unwrap_or(next);
        match view.prompt.kind {
            PromptKind::Acting { .. } if !ctx.legal.is_empty() => {
                let step = Command::Step { to: next };
                if ctx.legal.contains(&step) {
                    self.route.remove(0);
                    if self.route.is_empty() {
                        self.route_to = None;
                    }
                    return Reply::send(
                        step,
                        format!(
                            "Moving to {}: next step {}",
                            square_name(to),
                            square_name(next)
                        ),
                    );
                }
                self.clear_move();
                Reply::say(format!(
                    "Stopped on the way to {}: the step to {} is not allowed",
                    square_name(to),
                    square_name(next)
                ))
            }
            // A re-roll or a skill to decide on the way: the walk waits for the answer.
            PromptKind::Reroll { .. } | PromptKind::UseSkill { .. } if !ctx.legal.is_empty() => {
                Reply::say(format!(
                    "On the way to {}: answer first, the move goes on after",
                    square_name(to)
                ))
            }
            _ => {
                self.clear_move();
                Reply::say(format!("The move to {} stopped", square_name(to)))
            }
        }
    }
}

impl BbPlay {
    /// At a prompt answered on a square (the kick, a touchback, a push, a High Kick, an
    /// interception), the cursor goes to a green square unless it is on one already: the
    /// middle of the other half for the kick, else the target nearest the cursor.
    fn aim_cursor(&mut self, ctx: Ctx) {
        let on_squares = matches!(
            ctx.view.prompt.kind,
            PromptKind::PlaceKick
                | PromptKind::Touchback
                | PromptKind::ThrowInAim { .. }
                | PromptKind::Push { .. }
                | PromptKind::HighKick { .. }
                | PromptKind::Intercept { .. }
        );
        if ctx.legal.is_empty() || !on_squares {
            return;
        }
        let targets = self.targets(ctx);
        if targets.is_empty() || targets.contains(&self.cursor) {
            return;
        }
        let aim = if matches!(ctx.view.prompt.kind, PromptKind::PlaceKick) {
            let n = targets.len() as i32;
            let x = targets.iter().map(|s| i32::from(s.x)).sum::<i32>() / n.max(1);
            Square::new(x as i8, 7)
        } else {
            self.cursor
        };
        let dist = |s: &Square| {
            (i16::from(s.x) - i16::from(aim.x))
                .abs()
                .max((i16::from(s.y) - i16::from(aim.y)).abs())
        };
        if let Some(best) = targets.iter().min_by_key(|s| (dist(s), s.y, s.x)) {
            self.cursor = *best;
        }
    }
}

fn is_setup(view: &GameView) -> bool {
    matches!(view.prompt.kind, PromptKind::Setup { .. })
}

/// A Blood Bowl match in the app's match screen: the view (kept current by folding the
/// events), the events for the log, the pending decision and the screen's state.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BbState {
    pub view: Option<GameView>,
    pub events: Vec<dugout_rules::bb::Event>,
    pub decision: Option<crate::game::bb::Decision>,
    pub ui: BbPlay,
    /// The last command sent (its ack clears the app's `sent` only if no newer one went).
    pub last_sent: Option<Command>,
    /// Chat lines and room notices, each after the events received before it.
    pub notes: Vec<(usize, String)>,
}

impl BbState {
    /// The view with the newest decision's prompt.
    pub fn current_view(&self) -> Option<GameView> {
        let mut v = self.view.clone()?;
        if let Some(d) = &self.decision {
            v.prompt = d.prompt.clone();
        }
        Some(v)
    }

    /// Chat lines or room notices that came after the events so far.
    pub fn note(&mut self, lines: &[String]) {
        let at = self.events.len();
        self.notes.extend(lines.iter().map(|l| (at, l.clone())));
    }

    /// The log's rows (events, chat and notices, wrapped at 120 columns), for scrolling.
    pub fn log_len(&self) -> usize {
        match &self.view {
            Some(v) => {
                super::tui::log_rows(v, &self.events, &self.notes, super::tui::LOG_WIDTH).len()
            }
            None => self.events.len() + self.notes.len(),
        }
    }
}
