//! Inducements (§30) and the hire of Star Players (§29): the team value of a sheet (§30.1),
//! the inducement money (§30.1), the buying phase of the pre-match sequence (§4.2 step 3,
//! one `induce` command per purchase, then `done_inducing`), and the inducements' state in
//! the match (`Induced`), read by the rules that use them: Bloodweiser Babes (KO recovery,
//! §30.3), Bribes (§30.4), Extra Training (§30.5), the Halfling Master Chef (§30.6), Igor
//! (§30.7), Mercenaries (§30.8), Star Players (§29), Wandering Apothecaries (§30.9) and the
//! Wizard (§30.10, spells in [`super::spells`]).
//!
//! The phase runs only when the match option `inducements` is on (default off: a match
//! without it plays exactly as before). With the setup's `pre_match.treasury` (league
//! matches) the petty cash step comes first (§32.4, §4.2 step 2): each coach declares, with
//! one `petty_cash` command, how much of his treasury he moves to petty cash.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::*;
use super::flow::{Ctx, Frame, prompt};
use super::league::tournament;
use super::setup::{TeamSheet, position_index};
use super::stars::Star;
use super::state::{Game, Player};
use super::wire::*;
use crate::core::engine::Flow;
use crate::core::{Die, Side};

/// One purchase (§30.2). On the wire `{"kind": "bribe"}`, `{"kind": "star_player", "star":
/// "mighty_zug"}`, `{"kind": "mercenary", "position": 0, "skill": "block"}` (`position`: the
/// index of the position in the team's roster, `skill`: the one extra skill, optional),
/// `{"kind": "card_draw", "deck": "magic_items"}` (§31.1, option `card_inducements`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InducementItem {
    BloodweiserBabe,
    Bribe,
    ExtraTraining,
    HalflingMasterChef,
    Igor,
    WanderingApothecary,
    Wizard,
    StarPlayer {
        star: Star,
    },
    Mercenary {
        position: u8,
        #[serde(default)]
        skill: Option<Skill>,
    },
    /// §31.1: a random draw from a deck of Special Play Cards (option `card_inducements`).
    CardDraw {
        deck: super::cards::Deck,
    },
}

/// The kind of an inducement (§30.2; `card_draw`: §31.1), as a league names it when it
/// removes it from the list (§32.17 (3)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum InducementKind {
    BloodweiserBabe,
    Bribe,
    ExtraTraining,
    HalflingMasterChef,
    Igor,
    Mercenary,
    StarPlayer,
    WanderingApothecary,
    Wizard,
    CardDraw,
}

impl InducementKind {
    /// Every kind, in list order.
    pub const ALL: [InducementKind; 10] = [
        InducementKind::BloodweiserBabe,
        InducementKind::Bribe,
        InducementKind::ExtraTraining,
        InducementKind::HalflingMasterChef,
        InducementKind::Igor,
        InducementKind::Mercenary,
        InducementKind::StarPlayer,
        InducementKind::WanderingApothecary,
        InducementKind::Wizard,
        InducementKind::CardDraw,
    ];

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl InducementItem {
    /// The kind of this purchase.
    pub fn kind(&self) -> InducementKind {
        match self {
            InducementItem::BloodweiserBabe => InducementKind::BloodweiserBabe,
            InducementItem::Bribe => InducementKind::Bribe,
            InducementItem::ExtraTraining => InducementKind::ExtraTraining,
            InducementItem::HalflingMasterChef => InducementKind::HalflingMasterChef,
            InducementItem::Igor => InducementKind::Igor,
            InducementItem::WanderingApothecary => InducementKind::WanderingApothecary,
            InducementItem::Wizard => InducementKind::Wizard,
            InducementItem::StarPlayer { .. } => InducementKind::StarPlayer,
            InducementItem::Mercenary { .. } => InducementKind::Mercenary,
            InducementItem::CardDraw { .. } => InducementKind::CardDraw,
        }
    }
}

/// A set of inducement kinds (§32.17 (3): those a league removes from the list). On the wire a
/// list of kinds, each at most once (a kind listed twice is refused); empty by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct InducementKinds(u16);

impl InducementKinds {
    /// No kind.
    pub const NONE: InducementKinds = InducementKinds(0);

    pub fn of(kinds: &[InducementKind]) -> InducementKinds {
        InducementKinds(kinds.iter().fold(0, |m, k| m | k.bit()))
    }

    pub fn contains(self, kind: InducementKind) -> bool {
        self.0 & kind.bit() != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The kinds, in list order.
    pub fn iter(self) -> impl Iterator<Item = InducementKind> {
        InducementKind::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }
}

impl Serialize for InducementKinds {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for InducementKinds {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<InducementKind>::deserialize(d)?;
        let mut set = InducementKinds::NONE;
        for k in list {
            if set.contains(k) {
                return Err(serde::de::Error::custom(format!("{k:?} is listed twice")));
            }
            set.0 |= k.bit();
        }
        Ok(set)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for InducementKinds {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "InducementKinds".into()
    }

    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let item = g.subschema_for::<InducementKind>();
        schemars::json_schema!({
            "description": "Inducement kinds, each at most once.",
            "type": "array",
            "items": item,
            "uniqueItems": true,
            "maxItems": InducementKind::ALL.len(),
        })
    }
}

/// A team's inducements in this match: what it bought and what of it is used up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Induced {
    /// Every purchase, in order.
    #[serde(default)]
    pub bought: Vec<InducementItem>,
    /// Gold spent on them (the league returns the petty cash left, §30.1).
    #[serde(default)]
    pub spent: u32,
    /// Of it, petty cash (inducement money is spent first: what is left of it is lost).
    #[serde(default)]
    pub petty_cash_spent: u32,
    /// §30.7: Igor has been used.
    #[serde(default)]
    pub igor_used: bool,
    /// §30.10: the Wizard has cast his spell.
    #[serde(default)]
    pub wizard_used: bool,
    /// §30.9: Wandering Apothecaries used.
    #[serde(default)]
    pub wandering_used: u8,
}

impl Induced {
    /// Nothing bought.
    pub fn is_empty(&self) -> bool {
        *self == Induced::default()
    }

    /// How many of `item`'s kind were bought (stars: slots, mercenaries: players).
    pub fn count(&self, kind: InducementItem) -> u8 {
        self.bought
            .iter()
            .map(|b| match (b, kind) {
                (InducementItem::StarPlayer { star }, InducementItem::StarPlayer { .. }) => {
                    star.slots()
                }
                (InducementItem::Mercenary { .. }, InducementItem::Mercenary { .. }) => 1,
                _ if *b == kind => 1,
                _ => 0,
            })
            .sum()
    }

    /// §30.7: Igor bought and not used.
    pub fn igor(&self) -> bool {
        self.count(InducementItem::Igor) > 0 && !self.igor_used
    }

    /// §30.10: a Wizard bought and his spell not cast.
    pub fn wizard(&self) -> bool {
        self.count(InducementItem::Wizard) > 0 && !self.wizard_used
    }

    /// §30.9: Wandering Apothecaries left.
    pub fn wandering_left(&self) -> u8 {
        self.count(InducementItem::WanderingApothecary)
            .saturating_sub(self.wandering_used)
    }

    fn stars(&self) -> impl Iterator<Item = Star> + '_ {
        self.bought.iter().filter_map(|b| match b {
            InducementItem::StarPlayer { star } => Some(*star),
            _ => None,
        })
    }
}

/// §30.7 [R]: the teams that may buy Igor (the ones that cannot have an apothecary).
pub const IGOR_TEAMS: [&str; 4] = ["khemri", "necromantic", "nurgle", "undead"];

/// §31.1 [Proposal: the digest's suggested limit]: the most Special Play Card draws a coach
/// may buy as inducements.
pub const CARD_DRAWS: u8 = 5;

/// §30.2: the most of each inducement a team may buy (mercenaries: no limit but the
/// 16 players).
fn limit(item: InducementItem) -> u8 {
    match item {
        InducementItem::BloodweiserBabe => 2,
        InducementItem::Bribe => 3,
        InducementItem::ExtraTraining => 4,
        InducementItem::HalflingMasterChef | InducementItem::Igor | InducementItem::Wizard => 1,
        InducementItem::WanderingApothecary | InducementItem::StarPlayer { .. } => 2,
        InducementItem::Mercenary { .. } => u8::MAX,
        // §31.1: the digest's suggested limit, 5 cards a coach (all decks together).
        InducementItem::CardDraw { .. } => CARD_DRAWS,
    }
}

/// §30.2: the price of `item` for a team of `roster` (a mercenary: his position's price +
/// 30,000, + 50,000 for an extra skill; the rest: [`list_price`]). `None`: not a thing this
/// roster can buy at all.
pub fn price(roster: Roster, item: InducementItem) -> Option<u32> {
    match item {
        InducementItem::Mercenary { position, skill } => {
            let pos = roster.data().positions.get(usize::from(position))?;
            Some(pos.cost + 30_000 + if skill.is_some() { 50_000 } else { 0 })
        }
        _ => list_price(roster.key(), roster.data().apothecary, item),
    }
}

/// §30.2: the list price of `item` for the team of roster key `key` (`apothecary`: the
/// roster may have one): Bribes 50,000 for Goblins, the Chef 100,000 for Halflings [R], Igor
/// only for the teams of [`IGOR_TEAMS`], Wandering Apothecaries only for teams allowed an
/// apothecary, a star: his fee. `None` for a mercenary (his price is his position's) and for
/// what the team may not buy.
pub fn list_price(key: &str, apothecary: bool, item: InducementItem) -> Option<u32> {
    Some(match item {
        InducementItem::BloodweiserBabe => 50_000,
        InducementItem::Bribe if key == "goblin" => 50_000,
        InducementItem::Bribe | InducementItem::ExtraTraining => 100_000,
        InducementItem::HalflingMasterChef if key == "halfling" => 100_000,
        InducementItem::HalflingMasterChef => 300_000,
        InducementItem::Igor if IGOR_TEAMS.contains(&key) => 100_000,
        InducementItem::WanderingApothecary if apothecary => 100_000,
        InducementItem::Wizard => 150_000,
        InducementItem::StarPlayer { star } => star.data().cost,
        InducementItem::CardDraw { deck } => deck.price(),
        InducementItem::Igor
        | InducementItem::WanderingApothecary
        | InducementItem::Mercenary { .. } => return None,
    })
}

/// §30.1 (§5.2 of the digest): the team value of a sheet: the players who can play this
/// match at their value (position price, plus each gained skill at 20,000 from a Normal
/// category or 30,000 otherwise, +30,000 a point of MA or AV gained, +40,000 of AG, +50,000
/// of ST; losses never lower it), re-rolls at the roster's price, fan factor, assistant
/// coaches and cheerleaders at 10,000 each, the apothecary at 50,000.
pub fn team_value(sheet: &TeamSheet) -> u32 {
    let data = sheet.roster.data();
    let mut tv = 0u32;
    for p in sheet.players.iter().filter(|p| !p.missing_next_game) {
        let Some(i) = position_index(sheet.roster, &p.position) else {
            continue;
        };
        let pos = &data.positions[i];
        tv += pos.cost;
        for s in &p.extra_skills {
            tv += if pos.normal.contains(&s.info().category) {
                20_000
            } else {
                30_000
            };
        }
        let s = p.stat_changes;
        for (change, each) in [
            (s.ma, 30_000),
            (s.av, 30_000),
            (s.ag, 40_000),
            (s.st, 50_000),
        ] {
            tv += u32::from(change.max(0) as u8) * each;
        }
    }
    tv + u32::from(sheet.rerolls) * data.reroll_cost
        + (u32::from(sheet.fan_factor)
            + u32::from(sheet.assistant_coaches)
            + u32::from(sheet.cheerleaders))
            * STAFF_COST
        + if sheet.apothecary { APOTHECARY_COST } else { 0 }
}

/// The players `side` fields in this match: its available sheet players and its hires so far
/// ([Proposal] §29.0 and G-§30.8: players missing the match do not count towards the 16).
fn players_for_match(g: &Game, side: Side) -> usize {
    let sheet_players = g
        .players
        .iter()
        .filter(|p| p.side == side && p.state != PlayerState::Absent)
        .count();
    sheet_players + usize::from(hires(g, side))
}

/// Players the purchases of `side` bring (stars' bodies and mercenaries).
fn hires(g: &Game, side: Side) -> u8 {
    let ind = &g.induced[side.index()];
    ind.count(InducementItem::StarPlayer {
        star: Star::MightyZug,
    }) + ind.count(InducementItem::Mercenary {
        position: 0,
        skill: None,
    })
}

/// Why `side` may not buy `item` with `money` left, or `Ok(price)`.
pub fn can_buy(g: &Game, side: Side, money: u32, item: InducementItem) -> Result<u32, String> {
    let roster = g.team(side).roster;
    let data = roster.data();
    let options = &g.setup.options;
    if options.excluded_inducements.contains(item.kind()) {
        return Err(format!(
            "{:?} is removed from the inducement list in this match (§32.17 (3))",
            item.kind()
        ));
    }
    if options.cards_only && !matches!(item, InducementItem::CardDraw { .. }) {
        return Err(format!(
            "{item:?}: only Special Play Card draws may be bought in this match (§32.17 (5), \
             method 3)"
        ));
    }
    let Some(mut cost) = price(roster, item) else {
        return Err(format!("{item:?} is not for a {} team (§30.2)", data.name));
    };
    // §32.16: no Star Player or Mercenary in a semi-final or final, whatever pays.
    if options.tournament_stage
        && matches!(
            item,
            InducementItem::StarPlayer { .. } | InducementItem::Mercenary { .. }
        )
    {
        return Err(
            "no Star Player or Mercenary in a tournament's semi-final or final (§32.16)".into(),
        );
    }
    // §32.16: the Dungeonbowl trophy's holder buys the Wizard for 50,000.
    if matches!(item, InducementItem::Wizard) {
        cost = tournament::wizard_price(&options.trophies[side.index()].majors());
    }
    if cost > money {
        return Err(format!("{item:?} costs {cost}, {money} left (§30.1)"));
    }
    let ind = &g.induced[side.index()];
    let room = MAX_PLAYERS.saturating_sub(players_for_match(g, side));
    match item {
        InducementItem::StarPlayer { star } => {
            if !star.plays_for(roster.key()) {
                return Err(format!(
                    "{} does not play for {} (§29.1)",
                    star.data().name,
                    data.name
                ));
            }
            if ind.stars().any(|s| s == star) {
                return Err(format!("{} is hired already", star.data().name));
            }
            if ind.count(item) + star.slots() > 2 {
                return Err("two Star Players at most (§29.0)".to_string());
            }
            if usize::from(star.slots()) > room {
                return Err("16 players at most (§29.0)".to_string());
            }
            if let Some(s) = star.unbuilt_skill() {
                return Err(format!(
                    "{} has {} (§{}), not built yet",
                    star.data().name,
                    s.name(),
                    s.info().section
                ));
            }
        }
        InducementItem::Mercenary { position, skill } => {
            let Some(pos) = data.positions.get(usize::from(position)) else {
                return Err(format!(
                    "no position {position} on the {} roster",
                    data.name
                ));
            };
            if room == 0 {
                return Err("16 players at most (§30.8)".to_string());
            }
            let fielded = g
                .players
                .iter()
                .filter(|p| p.side == side && p.state != PlayerState::Absent)
                .filter(|p| p.position == pos.name)
                .count()
                + ind
                    .bought
                    .iter()
                    .filter(|b| matches!(b, InducementItem::Mercenary { position: q, .. } if *q == position))
                    .count();
            if fielded >= usize::from(pos.max) {
                return Err(format!(
                    "{} {} already (at most {}, §30.8)",
                    fielded, pos.name, pos.max
                ));
            }
            if let Some(s) = pos.skills.iter().find(|s| !s.info().built) {
                return Err(format!(
                    "{} (§{}) is not built yet",
                    s.name(),
                    s.info().section
                ));
            }
            if let Some(s) = skill {
                if !pos.normal.contains(&s.info().category) || pos.skills.contains(&s) {
                    return Err(format!(
                        "{} is not a Normal skill the {} may take (§30.8)",
                        s.name(),
                        pos.name
                    ));
                }
                if !s.info().built {
                    return Err(format!(
                        "{} (§{}) is not built yet",
                        s.name(),
                        s.info().section
                    ));
                }
            }
        }
        InducementItem::CardDraw { deck } => {
            if !g.setup.options.card_inducements {
                return Err("Special Play Cards are not inducements in this match (§31.1)".into());
            }
            let draws = ind
                .bought
                .iter()
                .filter(|b| matches!(b, InducementItem::CardDraw { .. }))
                .count();
            if draws >= usize::from(CARD_DRAWS) {
                return Err(format!("{CARD_DRAWS} card draws at most (§31.1)"));
            }
            card_left(g, side, deck)?;
        }
        _ => {
            if ind.count(item) >= limit(item) {
                return Err(format!("{item:?}: {} at most (§30.2)", limit(item)));
            }
        }
    }
    Ok(cost)
}

/// §31.1, §31.4: the `deck` is wholly built and still holds a card `side` may draw.
fn card_left(g: &Game, side: Side, deck: super::cards::Deck) -> Result<(), String> {
    if !deck.unbuilt().is_empty() {
        return Err(format!(
            "the {} deck is not wholly built (§31.1)",
            deck.name()
        ));
    }
    let held = g.cards.hands[side.index()]
        .iter()
        .filter(|c| c.info().deck == deck)
        .count();
    let option = usize::from(g.setup.options.special_play_cards.of(side).count(deck));
    if held + option >= deck.cards().count() {
        return Err(format!("no card left in the {} deck (§31.4)", deck.name()));
    }
    Ok(())
}

/// §32.17 (5) method 4: why `side` may not draw from `deck` with `money` of card gold left,
/// or `Ok(price)` (cards are not inducements there: no list, no limit but the gold).
pub fn can_buy_card(
    g: &Game,
    side: Side,
    money: u32,
    deck: super::cards::Deck,
) -> Result<u32, String> {
    let cost = deck.price();
    if cost > money {
        return Err(format!(
            "a {} card costs {cost}, {money} card gold left (§32.17 (5))",
            deck.name()
        ));
    }
    card_left(g, side, deck)?;
    Ok(cost)
}

/// §32.17 (5) method 4: every draw `side` can still buy with `money` of card gold, then
/// `done_inducing`.
pub fn card_purchases(g: &Game, side: Side, money: u32) -> Vec<Command> {
    let mut out: Vec<Command> = super::cards::Deck::ALL
        .into_iter()
        .filter(|&deck| can_buy_card(g, side, money, deck).is_ok())
        .map(|deck| Command::Induce {
            item: InducementItem::CardDraw { deck },
        })
        .collect();
    out.push(Command::DoneInducing);
    out
}

/// §32.17 (5) method 4: the least and most card gold a match may give each coach.
pub const CARD_GOLD: std::ops::RangeInclusive<u32> = 50_000..=200_000;

/// §32.4: the treasury `side` may declare petty cash from (the setup's
/// `pre_match.treasury`; 0 without it).
pub fn treasury(g: &Game, side: Side) -> u32 {
    g.setup.pre_match.treasury.map_or(0, |t| t[side.index()])
}

/// §32.4: the petty cash `side` may declare: every multiple of 10,000 up to its treasury,
/// and the whole treasury (gold moves in 10,000s: prices, winnings and expenses all do).
pub fn petty_cash_amounts(g: &Game, side: Side) -> Vec<Command> {
    let treasury = treasury(g, side);
    let mut out: Vec<Command> = (0..=treasury / PETTY_CASH_STEP)
        .map(|n| Command::PettyCash {
            amount: n * PETTY_CASH_STEP,
        })
        .collect();
    if !treasury.is_multiple_of(PETTY_CASH_STEP) {
        out.push(Command::PettyCash { amount: treasury });
    }
    out
}

/// §32.4: petty cash is declared in steps of 10,000 gp (or the whole treasury).
pub const PETTY_CASH_STEP: u32 = 10_000;

/// Every purchase `side` can still make with `money`, then `done_inducing`.
pub fn purchases(g: &Game, side: Side, money: u32) -> Vec<Command> {
    let mut out = Vec::new();
    let roster = g.team(side).roster;
    let mut items = vec![
        InducementItem::BloodweiserBabe,
        InducementItem::Bribe,
        InducementItem::ExtraTraining,
        InducementItem::HalflingMasterChef,
        InducementItem::Igor,
        InducementItem::WanderingApothecary,
        InducementItem::Wizard,
    ];
    items.extend(Star::all().map(|star| InducementItem::StarPlayer { star }));
    items.extend(
        super::cards::Deck::ALL
            .into_iter()
            .map(|deck| InducementItem::CardDraw { deck }),
    );
    for (i, pos) in roster.data().positions.iter().enumerate() {
        let position = i as u8;
        items.push(InducementItem::Mercenary {
            position,
            skill: None,
        });
        for info in SKILLS {
            if pos.normal.contains(&info.category) && !pos.skills.contains(&info.skill) {
                items.push(InducementItem::Mercenary {
                    position,
                    skill: Some(info.skill),
                });
            }
        }
    }
    for item in items {
        if can_buy(g, side, money, item).is_ok() {
            out.push(Command::Induce { item });
        }
    }
    out.push(Command::DoneInducing);
    out
}

impl Ctx<'_> {
    /// §30.1, §32.17 (6): the team values of the two sheets, without fan factor when the
    /// league makes it free.
    fn team_values(&self) -> [u32; 2] {
        let free_ff = self.g.setup.options.free_fan_factor;
        [0, 1].map(|i| {
            let sheet = self.g.setup.teams[i].sheet();
            let ff = if free_ff {
                u32::from(sheet.fan_factor) * STAFF_COST
            } else {
                0
            };
            team_value(&sheet) - ff
        })
    }

    /// §32.4 (§4.2 step 2), G105: the petty cash declarations (the setup gives each side's
    /// treasury): the team with the higher team value declares first, equal values: a coin
    /// toss (`petty_cash_order`); the other declares knowing the first amount.
    pub(crate) fn start_petty_cash(&mut self) {
        let tv = self.team_values();
        let first = match tv[0].cmp(&tv[1]) {
            std::cmp::Ordering::Greater => Side::Home,
            std::cmp::Ordering::Less => Side::Away,
            std::cmp::Ordering::Equal => {
                let face = self.roll(RollPurpose::PettyCashOrder, None, Die::Range(2));
                if face == 0 { Side::Home } else { Side::Away }
            }
        };
        self.g.petty_cash = [0, 0];
        self.push(Frame::PettyCash {
            side: first,
            then: Some(first.other()),
        });
    }

    /// §32.4: `side`'s declaration: asked unless its treasury is empty (then 0 is declared).
    pub(crate) fn petty_cash_frame(
        &mut self,
        side: Side,
        then: Option<Side>,
    ) -> Flow<Prompt, Command> {
        let treasury = treasury(self.g, side);
        if treasury == 0 {
            self.petty_cash_answer(side, then, 0);
            return Flow::Continue;
        }
        let declared = then
            .is_none()
            .then(|| self.g.petty_cash[side.other().index()]);
        self.push(Frame::PettyCash { side, then });
        Flow::Wait(prompt(side, PromptKind::PettyCash { treasury, declared }))
    }

    /// §32.4: `side` moves `amount` (a legal amount: no more than its treasury) to petty cash.
    pub(crate) fn petty_cash_answer(&mut self, side: Side, then: Option<Side>, amount: u32) {
        let treasury = treasury(self.g, side);
        self.g.petty_cash[side.index()] = amount;
        self.emit(Event::PettyCash {
            side,
            amount,
            treasury,
        });
        if let Some(next) = then {
            self.push(Frame::PettyCash {
                side: next,
                then: None,
            });
        }
    }

    /// §4.2 step 3, §30.1: the inducement money from the match team values (team value +
    /// petty cash: declared, with the setup's `pre_match.treasury`, else the setup's fixed
    /// `pre_match.petty_cash`); the stronger team buys first with its petty cash only, then
    /// the underdog with the difference plus its petty cash; equal values: no money, the
    /// order by a coin toss (G105).
    pub(crate) fn start_inducements(&mut self) {
        let petty = if self.g.setup.pre_match.treasury.is_some() {
            self.g.petty_cash
        } else {
            self.g.setup.pre_match.petty_cash
        };
        let tv = self.team_values();
        // Saturating: petty cash comes from the setup, any size.
        let mtv = [
            tv[0].saturating_add(petty[0]),
            tv[1].saturating_add(petty[1]),
        ];
        let first = match mtv[0].cmp(&mtv[1]) {
            std::cmp::Ordering::Greater => Side::Home,
            std::cmp::Ordering::Less => Side::Away,
            std::cmp::Ordering::Equal => {
                let face = self.roll(RollPurpose::InducementOrder, None, Die::Range(2));
                if face == 0 { Side::Home } else { Side::Away }
            }
        };
        let second = first.other();
        // §32.16: no inducement money in a tournament's semi-final or final (petty cash only).
        let gift = if self.g.setup.options.tournament_stage {
            0
        } else {
            mtv[first.index()] - mtv[second.index()]
        };
        let mut money = petty;
        money[second.index()] = money[second.index()].saturating_add(gift);
        self.emit(Event::InducementMoney {
            team_value: tv,
            petty_cash: petty,
            money,
            first,
        });
        self.g.inducement_gift = [0, 0];
        self.g.inducement_gift[second.index()] = gift;
        self.push(Frame::EndInducements);
        let card_gold = self.g.setup.options.card_gold;
        if card_gold > 0 {
            // §32.17 (5) method 4: after the inducements, each coach spends his card gold,
            // in the same order.
            self.push(Frame::CardGold {
                side: first,
                money: card_gold,
                then: Some((second, card_gold)),
            });
        }
        self.push(Frame::Inducements {
            side: first,
            money: money[first.index()],
            then: Some((second, money[second.index()])),
        });
    }

    /// A buying turn: waits while something is affordable, else passes on.
    pub(crate) fn inducements_frame(
        &mut self,
        side: Side,
        money: u32,
        then: Option<(Side, u32)>,
    ) -> Flow<Prompt, Command> {
        if purchases(self.g, side, money).len() <= 1 {
            if let Some((next, m)) = then {
                self.push(Frame::Inducements {
                    side: next,
                    money: m,
                    then: None,
                });
            }
            return Flow::Continue;
        }
        self.push(Frame::Inducements { side, money, then });
        Flow::Wait(prompt(side, PromptKind::Inducements { money }))
    }

    /// `induce` (one purchase) or `done_inducing`.
    pub(crate) fn inducements_answer(
        &mut self,
        side: Side,
        money: u32,
        then: Option<(Side, u32)>,
        cmd: Command,
    ) {
        match cmd {
            Command::Induce { item } => {
                let Ok(cost) = can_buy(self.g, side, money, item) else {
                    self.push(Frame::Inducements { side, money, then });
                    return;
                };
                let gift_left = self.g.inducement_gift[side.index()];
                let from_gift = gift_left.min(cost);
                self.g.inducement_gift[side.index()] -= from_gift;
                let ind = &mut self.g.induced[side.index()];
                ind.bought.push(item);
                ind.spent += cost;
                ind.petty_cash_spent += cost - from_gift;
                self.emit_induced(side);
                if let InducementItem::CardDraw { deck } = item {
                    // §31.1: the coach sees his card before he buys anything else.
                    self.draw_card(side, deck);
                }
                self.push(Frame::Inducements {
                    side,
                    money: money - cost,
                    then,
                });
            }
            _ => {
                if let Some((next, m)) = then {
                    self.push(Frame::Inducements {
                        side: next,
                        money: m,
                        then: None,
                    });
                }
            }
        }
    }

    /// §32.17 (5) method 4: a turn to spend card gold: waits while a draw is affordable.
    pub(crate) fn card_gold_frame(
        &mut self,
        side: Side,
        money: u32,
        then: Option<(Side, u32)>,
    ) -> Flow<Prompt, Command> {
        if card_purchases(self.g, side, money).len() <= 1 {
            if let Some((next, m)) = then {
                self.push(Frame::CardGold {
                    side: next,
                    money: m,
                    then: None,
                });
            }
            return Flow::Continue;
        }
        self.push(Frame::CardGold { side, money, then });
        Flow::Wait(prompt(side, PromptKind::CardGold { money }))
    }

    /// §32.17 (5) method 4: a draw paid with card gold (not inducement money nor petty
    /// cash: `spent` does not change), or `done_inducing` (the rest is lost).
    pub(crate) fn card_gold_answer(
        &mut self,
        side: Side,
        money: u32,
        then: Option<(Side, u32)>,
        cmd: Command,
    ) {
        if let Command::Induce {
            item: item @ InducementItem::CardDraw { deck },
        } = cmd
        {
            let Ok(cost) = can_buy_card(self.g, side, money, deck) else {
                self.push(Frame::CardGold { side, money, then });
                return;
            };
            self.g.induced[side.index()].bought.push(item);
            self.emit_induced(side);
            self.draw_card(side, deck);
            self.push(Frame::CardGold {
                side,
                money: money - cost,
                then,
            });
            return;
        }
        if let Some((next, m)) = then {
            self.push(Frame::CardGold {
                side: next,
                money: m,
                then: None,
            });
        }
    }

    pub(crate) fn emit_induced(&mut self, side: Side) {
        let induced = self.g.induced[side.index()].clone();
        self.emit(Event::Induced { side, induced });
    }

    /// The end of the buying: a star hired by both teams plays for neither (§29.0 [R]); the
    /// hired players join (Loner, §29.0, §30.8); bribes and extra training re-rolls are
    /// added (§30.4, §30.5).
    pub(crate) fn end_inducements(&mut self) {
        let stars = [0, 1].map(|i| self.g.induced[i].stars().collect::<Vec<_>>());
        let clash: Vec<Star> = stars[0]
            .iter()
            .copied()
            .filter(|s| stars[1].contains(s))
            .collect();
        for star in &clash {
            self.emit(Event::StarPlaysForNeither { star: *star });
        }
        for side in Side::BOTH {
            let bought = self.g.induced[side.index()].bought.clone();
            let roster = self.g.team(side).roster;
            for item in bought {
                match item {
                    InducementItem::StarPlayer { star } if !clash.contains(&star) => {
                        for b in star.data().players {
                            let mut skills = SkillSet::of(b.skills);
                            skills.insert(Skill::Loner);
                            self.join(
                                side,
                                b.name.to_string(),
                                "Star Player".to_string(),
                                [b.ma, b.st, b.ag, b.av],
                                skills,
                            );
                        }
                    }
                    InducementItem::Mercenary { position, skill } => {
                        let Some(pos) = roster.data().positions.get(usize::from(position)) else {
                            continue;
                        };
                        let mut skills = SkillSet::of(pos.skills);
                        skills.insert(Skill::Loner);
                        if let Some(s) = skill {
                            skills.insert(s);
                        }
                        self.join(
                            side,
                            format!("Mercenary {}", pos.name),
                            pos.name.to_string(),
                            [pos.ma, pos.st, pos.ag, pos.av],
                            skills,
                        );
                    }
                    _ => {}
                }
            }
            let ind = &self.g.induced[side.index()];
            let bribes = ind.count(InducementItem::Bribe);
            let training = ind.count(InducementItem::ExtraTraining);
            if bribes > 0 {
                self.g.teams[side.index()].bribes += bribes;
                let bribes = self.g.team(side).bribes;
                self.emit(Event::Bribes { side, bribes });
            }
            if training > 0 {
                self.g.teams[side.index()].rerolls += training;
                self.emit_rerolls(side);
            }
        }
        self.g.inducement_gift = [0, 0];
    }

    /// A hired player joins `side` in Reserves, numbered after the team's others.
    fn join(&mut self, side: Side, name: String, position: String, s: [u8; 4], skills: SkillSet) {
        let id = PlayerId(self.g.players.len() as u8);
        let number = self.g.next_number(side);
        self.g.players.push(Player {
            id,
            side,
            number,
            name,
            position,
            ma: s[0],
            st: s[1],
            ag: s[2],
            av: s[3],
            skills,
            niggling: 0,
            state: PlayerState::Reserve,
            ..super::state::Player::joining()
        });
        let player = super::view::player_view(self.g.player(id));
        self.emit(Event::PlayerJoined {
            player: Box::new(player),
        });
    }

    /// §30.6: the Halfling Master Chef at the start of a half: 3D6, each 4+ gives his team a
    /// re-roll for the half and takes one from the opponent if it has one left.
    pub(crate) fn master_chef(&mut self) {
        for side in Side::BOTH {
            if self.g.induced[side.index()].count(InducementItem::HalflingMasterChef) == 0 {
                continue;
            }
            let faces = [0; 3].map(|_| self.dice.roll(Die::D6));
            let mut roll = Roll::plain(RollPurpose::MasterChef, Some(side), Die::D6, faces[0]);
            roll.faces.extend_from_slice(&faces[1..]);
            self.emit(Event::Rolled { roll });
            let n = faces.iter().filter(|&&f| f >= 4).count() as u8;
            if n == 0 {
                continue;
            }
            self.g.teams[side.index()].rerolls += n;
            let opp = &mut self.g.teams[side.other().index()];
            let stolen = n.min(opp.rerolls);
            opp.rerolls -= stolen;
            self.emit_rerolls(side);
            if stolen > 0 {
                self.emit_rerolls(side.other());
            }
        }
    }

    /// §30.9: an apothecary `side` can still call on: its own (§12.6) or a Wandering one.
    pub(crate) fn apothecary_available(&self, side: Side) -> bool {
        self.g.team(side).apothecary || self.g.induced[side.index()].wandering_left() > 0
    }

    /// §30.9: use one apothecary on an injury: the team's own first, else a Wandering one
    /// (each once per match; one per injury, as the prompt asks once).
    pub(crate) fn use_apothecary(&mut self, side: Side) {
        if self.g.team(side).apothecary {
            self.g.teams[side.index()].apothecary = false;
        } else {
            self.g.induced[side.index()].wandering_used += 1;
            self.emit_induced(side);
        }
    }

    /// §30.7: Igor re-rolls a failed Regeneration roll (once per match).
    pub(crate) fn igor_answer(&mut self, player: PlayerId, use_it: bool) {
        if !use_it {
            return;
        }
        let side = self.g.player(player).side;
        self.g.induced[side.index()].igor_used = true;
        self.emit_induced(side);
        if self.roll(RollPurpose::Regeneration, Some(side), Die::D6) >= 4 {
            self.set_state(player, PlayerState::Reserve);
            self.emit(Event::Regenerated { player });
        }
    }

    /// §30.3: the KO recovery bonus of `side`'s Bloodweiser Babes.
    pub(crate) fn babes(&self, side: Side) -> u16 {
        u16::from(self.g.induced[side.index()].count(InducementItem::BloodweiserBabe))
    }

    /// §30.5: the team re-rolls `side` starts each half with: the sheet's plus Extra
    /// Training.
    pub(crate) fn half_rerolls(&self, side: Side) -> u8 {
        self.g.team(side).rerolls_start
            + self.g.induced[side.index()].count(InducementItem::ExtraTraining)
    }
}
