//! Special Play Cards (§31): the decks and prices, the match option and its refusal, the
//! draws and their secrecy, the card moments, the timed grants and each card built.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

use dugout_rules::bb::cards::*;
use dugout_rules::bb::data::SkillSet;
use dugout_rules::bb::scenario::start_with_any_cards;

fn setup_with(home: Vec<Deck>, away: Vec<Deck>) -> MatchSetup {
    let mut s = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Human),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    };
    s.options.special_play_cards = SpecialPlayCards {
        home: home.into(),
        away: away.into(),
    };
    s
}

/// The pre-match dice before the draws: Nice weather (3+4), both gates (3+3).
fn prelude() -> Vec<(Die, u16)> {
    vec![d6(3), d6(4), d6(3), d6(3), d6(3), d6(3)]
}

/// A match started with these draws and these dice after the prelude.
fn start(home: Vec<Deck>, away: Vec<Deck>, draws: &[(Die, u16)]) -> (Game, Vec<Event>) {
    let mut script = prelude();
    script.extend_from_slice(draws);
    let mut d = dice(script);
    let (g, ev) = start_with_any_cards(setup_with(home, away), &mut d).unwrap();
    assert_eq!(d.remaining(), 0, "dice left over");
    (g, ev)
}

fn play_card(card: Card, player: Option<PlayerId>) -> Command {
    Command::PlayCard {
        card,
        player,
        square: None,
        choice: None,
    }
}

fn range(n: u16, face: u16) -> (Die, u16) {
    (Die::Range(n), face)
}

/// §31.1, §31.2: seven decks, 104 cards from two packs, each deck at its price per draw.
#[test]
fn the_seven_decks_hold_104_cards_at_their_prices() {
    let sizes: Vec<(Deck, usize, u32)> = Deck::ALL
        .iter()
        .map(|&d| (d, d.cards().count(), d.price()))
        .collect();
    assert_eq!(
        sizes,
        vec![
            (Deck::MiscellaneousMayhem, 13, 50_000),
            (Deck::SpecialTeamPlays, 13, 50_000),
            (Deck::MagicItems, 13, 50_000),
            (Deck::DirtyTricks, 13, 50_000),
            (Deck::GoodKarma, 26, 100_000),
            (Deck::RandomEvents, 18, 200_000),
            (Deck::DesperateMeasures, 8, 400_000),
        ]
    );
    assert_eq!(Card::all().count(), 104);
    assert_eq!(Card::AssassinationAttempt.code(), "J♣");
    assert_eq!(Card::AssassinationAttempt.info().name_fr, "Assassin");
    assert_eq!(Card::BadyearGit.code(), "2♥");
    assert_eq!(Card::WoofWoof.code(), "A♦");
    // Each pack holds every suit and rank once: the four 13-card decks and Good Karma are
    // one pack, Random Events and Desperate Measures the other's clubs and spades.
    for pack in [
        &[
            Deck::MiscellaneousMayhem,
            Deck::SpecialTeamPlays,
            Deck::MagicItems,
            Deck::DirtyTricks,
        ][..],
        &[Deck::GoodKarma, Deck::RandomEvents, Deck::DesperateMeasures][..],
    ] {
        let mut codes: Vec<String> = pack
            .iter()
            .flat_map(|d| d.cards())
            .map(|c| c.code())
            .collect();
        let n = codes.len();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), n);
        assert_eq!(n, 52);
    }
    let draws: DeckDraws = vec![Deck::GoodKarma, Deck::DesperateMeasures, Deck::GoodKarma].into();
    assert_eq!(draws.price(), 600_000);
}

/// §31.1: the option names each team's draws as a list of decks; off by default, and a
/// setup without it reads and writes as before.
#[test]
fn the_option_is_a_list_of_draws_per_team_and_off_by_default() {
    let s: MatchSetup = serde_json::from_str(
        r#"{"teams":["human","orc"],"options":{"special_play_cards":{"home":["good_karma","desperate_measures","good_karma"]}}}"#,
    )
    .unwrap();
    let cards = s.options.special_play_cards;
    assert_eq!(cards.home.count(Deck::GoodKarma), 2);
    assert_eq!(cards.home.count(Deck::DesperateMeasures), 1);
    assert!(cards.away.is_empty());
    let back = serde_json::to_value(s.options).unwrap();
    assert_eq!(
        back["special_play_cards"]["home"],
        serde_json::json!(["good_karma", "good_karma", "desperate_measures"])
    );
    assert!(Options::default().special_play_cards.is_off());
    let plain = serde_json::to_value(Options::default()).unwrap();
    assert!(plain.get("special_play_cards").is_none());
}

/// §31.1: a deck is refused until every card in it is built (the error names them), and a
/// team cannot draw more cards than a deck holds (§31.4). Once every card is built, the
/// refusal is proved with the same check told that one card is not.
#[test]
fn a_deck_with_unbuilt_cards_is_refused() {
    let mut d = dice([]);
    if let Some(deck) = Deck::ALL.into_iter().find(|k| !k.unbuilt().is_empty()) {
        let err = new_game(setup_with(vec![deck], vec![]), &mut d).unwrap_err();
        let SetupError::NotImplemented { what } = err else {
            panic!("{err:?}")
        };
        assert!(what.contains(deck.name()), "{what}");
        for card in deck.unbuilt() {
            assert!(what.contains(card.info().name), "{what}");
        }
    }
    let cards = SpecialPlayCards {
        home: vec![].into(),
        away: vec![Deck::MagicItems, Deck::GoodKarma].into(),
    };
    assert!(cards.validate_with(|_| true).is_ok());
    let err = cards
        .validate_with(|c| c != Card::HurryUpOffense)
        .unwrap_err();
    let SetupError::NotImplemented { what } = err else {
        panic!("{err:?}")
    };
    assert!(
        what.contains("Good Karma") && what.contains("10♥ Hurry Up Offense"),
        "{what}"
    );
    assert!(matches!(
        cards.validate_with(|c| c != Card::RabbitsFoot),
        Err(SetupError::NotImplemented { what }) if what.contains("Magic Items")
    ));
    let err = new_game(setup_with(vec![], vec![Deck::DesperateMeasures; 9]), &mut d).unwrap_err();
    assert!(matches!(err, SetupError::NotImplemented { .. }));
}

/// §31.4: a draw is a random card of the deck among those the team has not drawn yet; the
/// card and its die are the drawer's secret: the other coach and the spectators see a
/// card drawn from that deck, and the count, never which.
#[test]
fn draws_are_random_without_repeats_and_secret() {
    let (g, ev) = start(
        vec![Deck::DesperateMeasures, Deck::DesperateMeasures],
        vec![Deck::DesperateMeasures],
        // Home: the 4th of 8 (Morley's Revenge), then the 1st of the 7 left (Assassination
        // Attempt); Away: the 8th (Mysterious Old Medicine Man).
        &[range(8, 3), range(7, 0), range(8, 7)],
    );
    assert_eq!(
        g.cards.hands[0],
        vec![Card::MorleysRevenge, Card::AssassinationAttempt]
    );
    assert_eq!(g.cards.hands[1], vec![Card::MysteriousOldMedicineMan]);
    let text = |seat: Seat| -> String {
        ev.iter()
            .filter_map(|e| <Game as Ruleset>::project(e, seat))
            .map(|e| serde_json::to_string(&e).unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (home, away, spectator) = (
        text(Seat::Coach(HOME)),
        text(Seat::Coach(AWAY)),
        text(Seat::Spectator),
    );
    for secret in ["morleys_revenge", "assassination_attempt"] {
        assert!(home.contains(secret));
        assert!(!away.contains(secret));
        assert!(!spectator.contains(secret));
    }
    assert!(away.contains("mysterious_old_medicine_man"));
    assert!(!home.contains("mysterious_old_medicine_man"));
    assert!(!spectator.contains("mysterious_old_medicine_man"));
    // The draws' dice are hidden from the other seats too.
    let draw_rolls = |seat: Seat| {
        ev.iter()
            .filter_map(|e| <Game as Ruleset>::project(e, seat))
            .filter(
                |e| matches!(e, Event::Rolled { roll } if roll.purpose == RollPurpose::CardDraw),
            )
            .count()
    };
    assert_eq!(draw_rolls(Seat::Coach(HOME)), 2);
    assert_eq!(draw_rolls(Seat::Coach(AWAY)), 1);
    assert_eq!(draw_rolls(Seat::Spectator), 0);
    // The other seats see a draw happened.
    assert_eq!(away.matches("card_drawn").count(), 3);
    // Views: the count for all, the cards for their owner.
    let v = view_for(&g, Seat::Coach(AWAY));
    assert_eq!(v.hands[0].count, 2);
    assert!(v.hands[0].cards.is_empty());
    assert_eq!(v.hands[1].cards, vec![Card::MysteriousOldMedicineMan]);
    let v = <Game as Ruleset>::view(&g, Seat::Spectator);
    assert_eq!((v.hands[0].count, v.hands[1].count), (2, 1));
    assert!(v.hands.iter().all(|h| h.cards.is_empty()));
    let v = view_for(&g, Seat::Coach(HOME));
    assert_eq!(v.hands[0].cards, g.cards.hands[0]);
    assert!(v.hands[1].cards.is_empty());
    assert!(
        !serde_json::to_string(&view(&g))
            .unwrap()
            .contains("morleys")
    );
}

/// §31.3: before the match (after inducements), each coach holding a playable card is asked
/// (Home first): `play_card` with every target, or `no_card`; then the coin toss. A played
/// card is public.
#[test]
fn a_coach_holding_a_playable_card_is_asked_and_may_pass() {
    let (mut g, _) = start(
        vec![Deck::DesperateMeasures],
        vec![Deck::DesperateMeasures],
        &[range(8, 0), range(8, 7)],
    );
    assert_eq!(g.prompt.coach, Some(HOME));
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::PreMatch
        }
    );
    let legal = legal_commands(&g);
    // Assassination Attempt on any Orc, or no card.
    let orcs = g.players.iter().filter(|p| p.side == AWAY).count();
    assert_eq!(legal.len(), orcs + 1);
    assert!(legal.contains(&Command::NoCard));
    assert!(!legal.contains(&play_card(Card::AssassinationAttempt, Some(PlayerId(0)))));
    play(&mut g, [], &[Command::NoCard]);
    assert_eq!(g.prompt.coach, Some(AWAY));
    let ev = play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::MysteriousOldMedicineMan, None)],
    );
    // Played: everyone sees it, the hand is empty, the coin toss follows.
    let played = Event::CardPlayed {
        side: AWAY,
        card: Card::MysteriousOldMedicineMan,
        player: None,
    };
    assert_eq!(
        <Game as Ruleset>::project(&played, Seat::Spectator),
        Some(played.clone())
    );
    assert!(ev.contains(&played));
    assert!(g.cards.medicine_man[1]);
    assert!(g.cards.hands[1].is_empty());
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
    // Home still holds his card, unplayable now: no prompt at the kick-off decision.
    assert_eq!(g.cards.hands[0], vec![Card::AssassinationAttempt]);
}

/// §31.9 Assassination Attempt: the chosen opponent misses the match.
#[test]
fn assassination_attempt_makes_an_opponent_miss_the_match() {
    let (mut g, _) = start(vec![Deck::DesperateMeasures], vec![], &[range(8, 0)]);
    let victim = g.players.iter().find(|p| p.side == AWAY).unwrap().id;
    let ev = play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::AssassinationAttempt, Some(victim))],
    );
    assert!(ev.contains(&Event::PlayerState {
        player: victim,
        state: PlayerState::Absent
    }));
    assert_eq!(state(&g, victim), PlayerState::Absent);
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
}

/// §31.9 Doom and Gloom: a D6 per opposing team re-roll; each roll but a 1 loses that
/// re-roll for the match (both halves).
#[test]
fn doom_and_gloom_loses_the_opponents_rerolls_on_two_plus() {
    let (mut g, _) = start(vec![Deck::DesperateMeasures], vec![], &[range(8, 1)]);
    let n = g.teams[1].rerolls_start;
    assert!(n >= 2, "the Orc starter has re-rolls");
    let mut script = vec![d6(1)];
    script.extend(std::iter::repeat_n(d6(4), usize::from(n - 1)));
    script.push(range(2, 0));
    play(&mut g, script, &[play_card(Card::DoomAndGloom, None)]);
    assert_eq!(g.teams[1].rerolls_start, 1);
    assert_eq!(g.teams[1].rerolls, 1);
    assert_eq!(view(&g).teams[1].rerolls_start, 1);
}

/// §31.8 Bad Habits: the opponent loses D3 team re-rolls for the match.
#[test]
fn bad_habits_loses_d3_rerolls() {
    let (mut g, _) = start(vec![Deck::RandomEvents], vec![], &[range(18, 0)]);
    assert_eq!(g.cards.hands[0], vec![Card::BadHabits]);
    let n = g.teams[1].rerolls_start;
    // A 3 on the D6 is a D3 of 2.
    play(
        &mut g,
        [d6(3), range(2, 0)],
        &[play_card(Card::BadHabits, None)],
    );
    assert_eq!(g.teams[1].rerolls_start, n.saturating_sub(2));
    assert_eq!(g.teams[1].rerolls, n.saturating_sub(2));
}

/// §31.7 Extra Training: one more team re-roll for the match.
#[test]
fn extra_training_gives_a_team_reroll() {
    let (mut g, _) = start(vec![Deck::GoodKarma], vec![], &[range(26, 6)]);
    assert_eq!(g.cards.hands[0], vec![Card::ExtraTraining]);
    let n = g.teams[0].rerolls_start;
    play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::ExtraTraining, None)],
    );
    assert_eq!(g.teams[0].rerolls_start, n + 1);
    assert_eq!(g.teams[0].rerolls, n + 1);
}

/// §31.9 Morley's Revenge: three random opponents; before every kick-off each rolls a D6
/// and on 1–3 sits the drive out.
#[test]
fn morleys_revenge_keeps_players_out_of_a_drive_on_one_to_three() {
    let (mut g, _) = start(vec![Deck::DesperateMeasures], vec![], &[range(8, 3)]);
    let orcs: Vec<PlayerId> = g
        .players
        .iter()
        .filter(|p| p.side == AWAY)
        .map(|p| p.id)
        .collect();
    let n = orcs.len() as u16;
    // The first of the pool three times: the first three Orcs.
    let ev = play(
        &mut g,
        [range(n, 0), range(n - 1, 0), range(n - 2, 0), range(2, 0)],
        &[play_card(Card::MorleysRevenge, None)],
    );
    let targets: Vec<PlayerId> = ev
        .iter()
        .filter_map(|e| match e {
            Event::CardTarget { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert_eq!(targets, orcs[..3].to_vec());
    // Home kicks; before the kick-off the three roll: 2 (out), 4 (plays), 3 (out).
    play(
        &mut g,
        [d6(2), d6(4), d6(3)],
        &[Command::ChooseKicking { kick: true }],
    );
    assert_eq!(state(&g, orcs[0]), PlayerState::Fainted);
    assert_eq!(state(&g, orcs[1]), PlayerState::Reserve);
    assert_eq!(state(&g, orcs[2]), PlayerState::Fainted);
    assert!(matches!(kind(&g), PromptKind::Setup { .. }));
}

/// §31.9 Mysterious Old Medicine Man: −1 on injury rolls against the team's players; an
/// 8 (KO) is a 7 (Stunned).
#[test]
fn medicine_man_takes_one_from_injury_rolls() {
    let mut s = scen();
    let (a, d) = (s.player(HOME, 0), s.player(AWAY, 0));
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    s.game.cards.medicine_man[1] = true;
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: a,
                target: d,
            },
            Command::Push { square: sq(12, 7) },
        ],
    );
    play(
        &mut g,
        [d6(5), d6(5), d6(4), d6(4)],
        &[Command::FollowUp { follow: false }],
    );
    assert_eq!(state(&g, d), stunned(12, 7));
}

/// §31.9 Mysterious Old Medicine Man: an injury roll below 2 leaves the player placed prone,
/// not stunned.
#[test]
fn medicine_man_below_two_is_only_prone() {
    let mut s = scen();
    let (a, d) = (s.player(HOME, 0), s.player(AWAY, 0));
    s.put(a, 10, 7)
        .put(d, 11, 7)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    s.game.cards.medicine_man[1] = true;
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: a,
                target: d,
            },
            Command::Push { square: sq(12, 7) },
        ],
    );
    play(
        &mut g,
        [d6(5), d6(5), d6(1), d6(1)],
        &[Command::FollowUp { follow: false }],
    );
    assert_eq!(state(&g, d), prone(12, 7));
}

/// §31.9 Mindblow: at the start of his turn, a D6 per opponent on the pitch: on 2+ he
/// loses his tackle zone (as a failed Bone-head) until the end of that turn.
#[test]
fn mindblow_confuses_opponents_until_the_end_of_the_turn() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(a, 5, 7).put(o1, 15, 3).put(o2, 15, 9);
    s.hand(HOME, &[Card::Mindblow]);
    let mut g = s.turn(HOME, 1);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::StartOfOwnTurn
        }
    );
    play(&mut g, [d6(1), d6(2)], &[play_card(Card::Mindblow, None)]);
    assert!(!g.players[o1.index()].confused);
    assert!(g.players[o2.index()].confused);
    assert_eq!(g.tackle_zones(HOME, sq(14, 9), None), 0);
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    play(&mut g, [], &[Command::EndTurn]);
    assert!(!g.players[o2.index()].confused);
    assert_eq!(g.tackle_zones(HOME, sq(14, 9), None), 1);
}

/// §31.5, §31.7 Knutt's Spell of Awesome Strength: double ST this turn; the grant ends with
/// the turn.
#[test]
fn knutts_spell_doubles_strength_for_the_turn() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7);
    s.hand(HOME, &[Card::KnuttsSpellOfAwesomeStrength]);
    let mut g = s.turn(HOME, 1);
    let st = g.players[a.index()].st;
    let ev = play(
        &mut g,
        [],
        &[play_card(Card::KnuttsSpellOfAwesomeStrength, Some(a))],
    );
    assert_eq!(g.players[a.index()].st, 2 * st);
    assert!(ev.iter().any(
        |e| matches!(e, Event::Profile { player, st: s2, .. } if *player == a && *s2 == 2 * st)
    ));
    assert_eq!(view(&g).players[a.index()].st, 2 * st);
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.players[a.index()].st, st);
}

/// §31.5, §31.6 Wand of Smashing: +1 ST and Mighty Blow this turn; a skill the player had
/// already stays when the grant ends.
#[test]
fn wand_of_smashing_grants_strength_and_mighty_blow_for_the_turn() {
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 5, 9).skill(b, Skill::MightyBlow);
    s.hand(HOME, &[Card::WandOfSmashing]);
    let mut g = s.turn(HOME, 1);
    // Either player may take it.
    assert!(legal_commands(&g).contains(&play_card(Card::WandOfSmashing, Some(b))));
    let st = g.players[a.index()].st;
    play(&mut g, [], &[play_card(Card::WandOfSmashing, Some(a))]);
    assert_eq!(g.players[a.index()].st, st + 1);
    assert!(g.players[a.index()].has(Skill::MightyBlow));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.players[a.index()].st, st);
    assert!(!g.players[a.index()].has(Skill::MightyBlow));
    assert!(g.players[b.index()].has(Skill::MightyBlow));
}

/// §31.3, §31.7 Magic Helmet: played at the end of his own turn; +1 AV and Thick Skull for
/// the rest of the match.
#[test]
fn magic_helmet_at_the_end_of_the_turn_lasts_the_match() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7);
    s.hand(HOME, &[Card::MagicHelmet]);
    let mut g = s.turn(HOME, 1);
    // Not at the start of the turn.
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::EndOfOwnTurn
        }
    );
    let av = g.players[a.index()].av;
    play(&mut g, [], &[play_card(Card::MagicHelmet, Some(a))]);
    assert_eq!(g.players[a.index()].av, av + 1);
    assert!(g.players[a.index()].has(Skill::ThickSkull));
    // Away's turn, then Home's: still there.
    assert_eq!(g.prompt.coach, Some(AWAY));
    play(&mut g, [], &[Command::EndTurn, Command::EndTurn]);
    assert_eq!(g.players[a.index()].av, av + 1);
    assert!(g.players[a.index()].has(Skill::ThickSkull));
}

/// §31.8 Get 'Em Lads!: only after an injury (Stunned included) to one of his players in
/// the opponent's last turn; then +1 ST to all his players this turn.
#[test]
fn get_em_lads_needs_an_injury_in_the_opponents_turn() {
    let mut s = scen();
    let (h, b) = (s.player(HOME, 0), s.player(HOME, 1));
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7)
        .put(b, 5, 3)
        .put(o, 11, 7)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    s.hand(HOME, &[Card::GetEmLads]);
    // No injury yet: Home's turn starts without a card prompt.
    let g0 = s.turn(HOME, 1);
    assert!(matches!(kind(&g0), PromptKind::Action { .. }));
    // Away's Orc blocks and stuns the Human.
    let mut g = s.turn(AWAY, 1);
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: o,
                target: h,
            },
            Command::Push { square: sq(9, 7) },
        ],
    );
    play(
        &mut g,
        [d6(6), d6(5), d6(2), d6(3)],
        &[Command::FollowUp { follow: false }],
    );
    assert_eq!(state(&g, h), stunned(9, 7));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::StartOfOwnTurn
        }
    );
    let st = g.players[b.index()].st;
    play(&mut g, [], &[play_card(Card::GetEmLads, None)]);
    assert_eq!(g.players[b.index()].st, st + 1);
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.players[b.index()].st, st);
}

fn mv(player: PlayerId) -> Command {
    Command::Declare {
        player,
        action: ActionKind::Move,
    }
}

fn step(x: i8, y: i8) -> Command {
    Command::Step { to: sq(x, y) }
}

/// §31.5, §31.6 Gikta's Strength of Da Bear: +1 ST to the end of the drive (past the turn's
/// end), then −1 ST for the rest of the match.
#[test]
fn giktas_strength_is_paid_for_after_the_drive() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 24, 7).ball(Ball::Held { player: a });
    s.hand(HOME, &[Card::GiktasStrengthOfDaBear]);
    let mut g = s.turn(HOME, 1);
    let st = g.players[a.index()].st;
    play(
        &mut g,
        [],
        &[play_card(Card::GiktasStrengthOfDaBear, Some(a))],
    );
    assert_eq!(g.players[a.index()].st, st + 1);
    // He scores: the drive ends, the +1 goes and the −1 stays.
    let ev = play(&mut g, [], &[mv(a), step(25, 7)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert_eq!(g.players[a.index()].st, st - 1);
    assert!(matches!(kind(&g), PromptKind::Setup { .. }));
}

/// §31.6 Rabbit's Foot: a player without Loner gains Pro for the match.
#[test]
fn rabbits_foot_gives_pro_to_a_player_without_loner() {
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 5, 9).skill(b, Skill::Loner);
    s.hand(HOME, &[Card::RabbitsFoot]);
    let mut g = s.turn(HOME, 1);
    let legal = legal_commands(&g);
    assert!(legal.contains(&play_card(Card::RabbitsFoot, Some(a))));
    assert!(!legal.contains(&play_card(Card::RabbitsFoot, Some(b))));
    play(&mut g, [], &[play_card(Card::RabbitsFoot, Some(a))]);
    play(&mut g, [], &[Command::EndTurn, Command::EndTurn]);
    assert!(g.players[a.index()].has(Skill::Pro));
}

/// §31.7 The Wall: played when his turn ends; all his players have Stand Firm during the
/// opponent's turn, and lose it when that turn ends.
#[test]
fn the_wall_stands_firm_through_the_opponents_turn() {
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 5, 9);
    s.hand(HOME, &[Card::TheWall]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[Command::EndTurn, play_card(Card::TheWall, None)],
    );
    assert_eq!(g.active, Some(AWAY));
    assert!(g.players[a.index()].has(Skill::StandFirm));
    assert!(g.players[b.index()].has(Skill::StandFirm));
    play(&mut g, [], &[Command::EndTurn]);
    assert!(!g.players[a.index()].has(Skill::StandFirm));
}

/// §31.7 Dazed and Confused: an opponent now prone or stunned gains Bone-head for the match.
#[test]
fn dazed_and_confused_takes_a_player_on_the_ground() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(a, 5, 7).prone(o1, 15, 7).put(o2, 15, 9);
    s.hand(HOME, &[Card::DazedAndConfused]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[Command::EndTurn]);
    let legal = legal_commands(&g);
    assert!(legal.contains(&play_card(Card::DazedAndConfused, Some(o1))));
    assert!(!legal.contains(&play_card(Card::DazedAndConfused, Some(o2))));
    play(&mut g, [], &[play_card(Card::DazedAndConfused, Some(o1))]);
    assert!(g.players[o1.index()].has(Skill::BoneHead));
}

/// §31.8 Duh, Where Am I?: an opponent gains Really Stupid for the match.
#[test]
fn duh_where_am_i_makes_an_opponent_really_stupid() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(a, 5, 7).put(o, 15, 7);
    s.hand(HOME, &[Card::DuhWhereAmI]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[Command::EndTurn, play_card(Card::DuhWhereAmI, Some(o))],
    );
    assert!(g.players[o.index()].has(Skill::ReallyStupid));
    play(&mut g, [], &[Command::EndTurn]);
    assert!(g.players[o.index()].has(Skill::ReallyStupid));
}

/// §31.7 Butterfingers: an opponent not holding the ball gains No Hands to the drive's end.
#[test]
fn butterfingers_never_on_the_ball_carrier() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(a, 5, 7)
        .put(o1, 15, 7)
        .put(o2, 15, 9)
        .ball(Ball::Held { player: o1 });
    s.hand(HOME, &[Card::Butterfingers]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[Command::EndTurn]);
    assert!(!legal_commands(&g).contains(&play_card(Card::Butterfingers, Some(o1))));
    play(&mut g, [], &[play_card(Card::Butterfingers, Some(o2))]);
    assert!(g.players[o2.index()].has(Skill::NoHands));
}

/// §31.3, §31.7 Chainsaw: played before his team sets up; a player in Reserves gains
/// Chainsaw, Secret Weapon and No Hands for the match.
#[test]
fn chainsaw_is_played_before_set_up() {
    // Good Karma's 4th card (5♥) is Chainsaw: not playable before the match.
    let (mut g, _) = start(vec![Deck::GoodKarma], vec![], &[range(26, 3), range(2, 0)]);
    assert_eq!(g.cards.hands[0], vec![Card::Chainsaw]);
    assert_eq!(*kind(&g), PromptKind::ChooseKicking);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::BeforeSetup
        }
    );
    let p = g.players[0].id;
    play(&mut g, [], &[play_card(Card::Chainsaw, Some(p))]);
    for skill in [Skill::Chainsaw, Skill::SecretWeapon, Skill::NoHands] {
        assert!(g.players[0].has(skill));
    }
    assert!(matches!(kind(&g), PromptKind::Setup { .. }));
}

/// §31.12 Pit Trap: any standing player is placed prone, no armour roll; his ball bounces.
#[test]
fn pit_trap_drops_the_ball_carrier() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(a, 5, 7).put(o, 15, 7).ball(Ball::Held { player: o });
    s.hand(HOME, &[Card::PitTrap]);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [(Die::D8, 2)],
        &[Command::EndTurn, play_card(Card::PitTrap, Some(o))],
    );
    assert_eq!(state(&g, o), prone(15, 7));
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert!(
        matches!(g.ball, Ball::Ground { square } if square != sq(15, 7) && square.is_adjacent(sq(15, 7)))
    );
    assert_eq!(g.active, Some(AWAY));
}

/// §31.7 Banana Skin: an opponent in one of his tackle zones is knocked down, with the
/// armour roll.
#[test]
fn banana_skin_knocks_down_a_marked_opponent() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(a, 10, 7).put(o1, 11, 7).put(o2, 15, 9);
    s.hand(HOME, &[Card::BananaSkin]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[Command::EndTurn]);
    assert!(!legal_commands(&g).contains(&play_card(Card::BananaSkin, Some(o2))));
    let ev = play(
        &mut g,
        [d6(1), d6(2)],
        &[play_card(Card::BananaSkin, Some(o1))],
    );
    assert_eq!(rolls(&ev, RollPurpose::Armour).len(), 1);
    assert_eq!(state(&g, o1), prone(11, 7));
}

/// §31.10 Johnny Waterboy: +1 to the team's KO recovery rolls (a 3 comes back).
#[test]
fn johnny_waterboy_helps_ko_recovery() {
    let (mut g, _) = start(vec![Deck::MiscellaneousMayhem], vec![], &[range(13, 11)]);
    assert_eq!(g.cards.hands[0], vec![Card::JohnnyWaterboy]);
    play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::JohnnyWaterboy, None)],
    );
    assert!(g.cards.waterboy[0]);
    // A drive ends with a KO'd player on each side; both roll a 3.
    let mut s = scen();
    let a = s.player(HOME, 0);
    let (k1, k2) = (s.player(HOME, 1), s.player(AWAY, 0));
    s.put(a, 24, 7)
        .ball(Ball::Held { player: a })
        .state(k1, PlayerState::KnockedOut)
        .state(k2, PlayerState::KnockedOut);
    s.game.cards.waterboy[0] = true;
    let mut g = s.turn(HOME, 1);
    play(&mut g, [d6(3), d6(3)], &[mv(a), step(25, 7)]);
    assert_eq!(state(&g, k1), PlayerState::Reserve);
    assert_eq!(state(&g, k2), PlayerState::KnockedOut);
}

/// §31.8 Iron Man: every injury roll against the chosen player is Stunned, unrolled.
#[test]
fn iron_man_is_only_ever_stunned() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7)
        .put(o, 11, 7)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    s.hand(HOME, &[Card::IronMan]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[Command::EndTurn, play_card(Card::IronMan, Some(h))],
    );
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: o,
                target: h,
            },
            Command::Push { square: sq(9, 7) },
        ],
    );
    // Armour broken (6+5), no injury dice.
    let ev = play(
        &mut g,
        [d6(6), d6(5)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(rolls(&ev, RollPurpose::Injury).is_empty());
    assert_eq!(state(&g, h), stunned(9, 7));
}

/// §31.8 Kid Gloves: the chosen opponent's broken armour on one of his players only stuns.
#[test]
fn kid_gloves_blocks_only_stun() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7)
        .put(o, 11, 7)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    s.hand(HOME, &[Card::KidGloves]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[Command::EndTurn, play_card(Card::KidGloves, Some(o))],
    );
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: o,
                target: h,
            },
            Command::Push { square: sq(9, 7) },
        ],
    );
    let ev = play(
        &mut g,
        [d6(6), d6(5)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(rolls(&ev, RollPurpose::Injury).is_empty());
    assert_eq!(state(&g, h), stunned(9, 7));
}

/// §31.8 Rakarth's Curse of Petty Spite: the chosen opponent may re-roll nothing, not even
/// with a team re-roll.
#[test]
fn rakarths_curse_forbids_rerolls() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).put(o, 11, 7).rerolls(AWAY, 2);
    s.hand(HOME, &[Card::RakarthsCurseOfPettySpite]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[
            Command::EndTurn,
            play_card(Card::RakarthsCurseOfPettySpite, Some(o)),
        ],
    );
    // The dodge away fails: no re-roll offered, he falls (armour holds), turnover.
    play(&mut g, [d6(1), d6(1), d6(2)], &[mv(o), step(12, 7)]);
    assert_eq!(state(&g, o), prone(12, 7));
    assert_eq!(g.active, Some(HOME));
    assert_eq!(g.teams[1].rerolls, 2);
}

/// §31.12 Greased Shoes: in the opponent's next turn his GFIs need 5+.
#[test]
fn greased_shoes_make_gfis_five_plus() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(a, 5, 7).put(o, 20, 7).rerolls(AWAY, 0);
    s.hand(HOME, &[Card::GreasedShoes]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[Command::EndTurn, play_card(Card::GreasedShoes, None)],
    );
    let ma = g.players[o.index()].ma as i8;
    let mut cmds = vec![mv(o)];
    for i in 1..=ma {
        cmds.push(step(20 - i, 7));
    }
    play(&mut g, [], &cmds);
    // The first GFI: a 4 fails against 5+.
    let ev = play(&mut g, [d6(4), d6(1), d6(2)], &[step(19 - ma, 7)]);
    let gfi = rolls(&ev, RollPurpose::Gfi);
    assert_eq!(gfi[0].target, Some(5));
    assert_eq!(gfi[0].success, Some(false));
    assert_eq!(state(&g, o), prone(19 - ma, 7));
}

/// The first formation offered, then `done`.
fn set_up(g: &mut Game) {
    let f = legal_commands(g)
        .into_iter()
        .find(|c| matches!(c, Command::SetupFormation { .. }))
        .unwrap();
    play(g, [], &[f, Command::SetupDone]);
}

/// §31.9 I am the Greatest: each drive, of the opponent's two most valuable available
/// players only one may be set up: a formation takes one, and the other cannot be picked.
#[test]
fn i_am_the_greatest_fields_only_one_of_the_two_best() {
    let (mut g, _) = start(vec![Deck::DesperateMeasures], vec![], &[range(8, 4)]);
    assert_eq!(g.cards.hands[0], vec![Card::IAmTheGreatest]);
    play(
        &mut g,
        [range(2, 0)],
        &[
            play_card(Card::IAmTheGreatest, None),
            Command::ChooseKicking { kick: true },
        ],
    );
    let (a, b) = g.cards.greatest_pair[1].unwrap();
    let value = |id: PlayerId| player_value(&g, id);
    let best = g
        .players
        .iter()
        .filter(|p| p.side == AWAY)
        .map(|p| value(p.id))
        .max()
        .unwrap();
    assert_eq!(value(a), best);
    assert!(value(b) <= best);
    assert!(g.cards.greatest_pair[0].is_none());
    set_up(&mut g);
    assert_eq!(g.prompt.coach, Some(AWAY));
    let away_players = g.players.iter().filter(|p| p.side == AWAY).count();
    // Pick the first of the pair by hand: the second is then not offered.
    play(
        &mut g,
        [],
        &[
            Command::SetupPick { player: a },
            Command::SetupPlace { square: sq(13, 7) },
        ],
    );
    assert!(!legal_commands(&g).contains(&Command::SetupPick { player: b }));
    set_up(&mut g);
    let on: Vec<PlayerId> = g.on_pitch(AWAY).map(|p| p.id).collect();
    assert_eq!(on.len(), (away_players - 1).min(11));
    assert!(on.contains(&a) != on.contains(&b));
}

/// §31.9 Come On Boys!: a turn just ended by a turnover goes on; the player who caused it has
/// acted, the others may; a later turnover only ends the Action.
#[test]
fn come_on_boys_cancels_the_turnover() {
    let mut s = scen();
    let (h, b) = (s.player(HOME, 0), s.player(HOME, 1));
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).put(b, 10, 8).put(o, 11, 7).rerolls(HOME, 0);
    s.hand(HOME, &[Card::ComeOnBoys]);
    let mut g = s.turn(HOME, 1);
    // Not offered at the start of the turn.
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    let ev = play(&mut g, [d6(1), d6(1), d6(1)], &[mv(h), step(9, 7)]);
    assert!(turnover_of(&ev).is_some());
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::EndOfOwnTurn
        }
    );
    let ev = play(&mut g, [], &[play_card(Card::ComeOnBoys, None)]);
    assert!(ev.contains(&Event::TurnResumed { side: HOME }));
    assert_eq!(g.active, Some(HOME));
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    assert!(!legal_commands(&g).contains(&mv(h)));
    // b falls too: only his Action ends.
    play(&mut g, [d6(1), d6(1), d6(1)], &[mv(b), step(9, 9)]);
    assert_eq!(state(&g, b), prone(9, 9));
    assert_eq!(g.active, Some(HOME));
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.active, Some(AWAY));
    assert_eq!(g.teams[0].turns, 1);
}

/// §31.5, §31.7 The Fan: before the match he joins the team in Reserves, even beyond 16
/// players (MA 6, ST 4, AG 2, AV 7, Loner, Frenzy); everyone sees him join.
#[test]
fn the_fan_joins_the_team() {
    let (mut g, _) = start(vec![Deck::GoodKarma], vec![], &[range(26, 23)]);
    assert_eq!(g.cards.hands[0], vec![Card::TheFan]);
    let n = g.players.len();
    let ev = play(&mut g, [range(2, 0)], &[play_card(Card::TheFan, None)]);
    assert_eq!(g.players.len(), n + 1);
    let fan = &g.players[n];
    assert_eq!(
        (fan.side, fan.ma, fan.st, fan.ag, fan.av),
        (HOME, 6, 4, 2, 7)
    );
    assert!(fan.has(Skill::Loner) && fan.has(Skill::Frenzy));
    assert_eq!(fan.state, PlayerState::Reserve);
    assert!(ev.iter().any(|e| matches!(e, Event::PlayerJoined { .. })));
    assert_eq!(view(&g).players.len(), n + 1);
}

/// §31.5, §31.8 Not-So-Secret Weapon: at the start of his turn, a rookie Deathroller joins
/// on an empty square beside a sideline (not an end zone), may act this turn, even as a
/// twelfth player, and leaves at the end of the drive.
#[test]
fn not_so_secret_weapon_plays_one_drive() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 24, 7).ball(Ball::Held { player: a });
    s.hand(HOME, &[Card::NotSoSecretWeapon]);
    let mut g = s.turn(HOME, 1);
    let legal = legal_commands(&g);
    let on_square = |x, y| Command::PlayCard {
        card: Card::NotSoSecretWeapon,
        player: None,
        square: Some(sq(x, y)),
        choice: None,
    };
    assert!(legal.contains(&on_square(5, 0)));
    assert!(legal.contains(&on_square(5, 14)));
    assert!(!legal.contains(&on_square(0, 0)));
    assert!(!legal.contains(&on_square(5, 7)));
    let n = g.players.len();
    play(&mut g, [], &[on_square(5, 0)]);
    let roller = g.players[n].id;
    assert_eq!(state(&g, roller), standing(5, 0));
    assert!(g.players[n].has(Skill::SecretWeapon));
    assert!(legal_commands(&g).contains(&mv(roller)));
    // The drive ends (a touchdown): he is gone.
    play(&mut g, [], &[mv(a), step(25, 7)]);
    assert_eq!(state(&g, roller), PlayerState::Absent);
}

/// §31.5, §31.9 Da Freight Train: at the start of his turn, Borg "TGV" Gorthag (MA 6, ST 5,
/// AG 2, AV 9; Loner, Mighty Blow, Thick Skull, Break Tackle, Juggernaut, Strip Ball) joins on
/// an empty square beside a sideline, not in an end zone, may act at once, even as a twelfth
/// player, and plays to the end of the half. With him the whole Desperate Measures deck is
/// built, so the deck is no longer refused.
#[test]
fn da_freight_train_joins_for_the_half() {
    assert_eq!(Deck::DesperateMeasures.unbuilt(), Vec::<Card>::new());
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 12, 7);
    s.hand(HOME, &[Card::DaFreightTrain]);
    let mut g = s.turn(HOME, 1);
    let on_square = |x, y| Command::PlayCard {
        card: Card::DaFreightTrain,
        player: None,
        square: Some(sq(x, y)),
        choice: None,
    };
    let legal = legal_commands(&g);
    assert!(legal.contains(&on_square(5, 0)));
    assert!(legal.contains(&on_square(20, 14)));
    assert!(!legal.contains(&on_square(0, 0)), "not in an end zone");
    assert!(!legal.contains(&on_square(5, 7)), "beside a sideline");
    let n = g.players.len();
    play(&mut g, [], &[on_square(5, 0)]);
    let borg = &g.players[n];
    assert_eq!(
        (borg.ma, borg.st, borg.ag, borg.av),
        (6, 5, 2, 9),
        "his profile"
    );
    for skill in [
        Skill::Loner,
        Skill::MightyBlow,
        Skill::ThickSkull,
        Skill::BreakTackle,
        Skill::Juggernaut,
        Skill::StripBall,
    ] {
        assert!(borg.has(skill), "{skill:?}");
    }
    let id = borg.id;
    assert_eq!(state(&g, id), standing(5, 0));
    assert!(legal_commands(&g).contains(&mv(id)), "he may act this turn");
}

/// §31.3, §31.7 Unsportsmanlike Conduct: just after the opponent scores, the scorer is KO'd
/// and does not roll at the next KO recovery.
#[test]
fn unsportsmanlike_conduct_knocks_out_the_scorer() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 24, 7).ball(Ball::Held { player: a });
    s.hand(AWAY, &[Card::UnsportsmanlikeConduct]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[mv(a), step(25, 7)]);
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::OpponentScored
        }
    );
    let ev = play(&mut g, [], &[play_card(Card::UnsportsmanlikeConduct, None)]);
    assert_eq!(state(&g, a), PlayerState::KnockedOut);
    assert!(rolls(&ev, RollPurpose::KoRecovery).is_empty());
    assert!(matches!(kind(&g), PromptKind::Setup { .. }));
}

/// §31.3, §31.7 Doc Bonesaw: at the drive's end, after KO recovery, a KO'd (or Badly Hurt)
/// player of his goes back to Reserves.
#[test]
fn doc_bonesaw_sends_a_knocked_out_player_back() {
    let mut s = scen();
    let (a, k) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 24, 7)
        .ball(Ball::Held { player: a })
        .state(k, PlayerState::KnockedOut);
    s.hand(HOME, &[Card::DocBonesaw]);
    let mut g = s.turn(HOME, 1);
    // He stays KO'd on a 1; then the card.
    play(&mut g, [d6(1)], &[mv(a), step(25, 7)]);
    assert_eq!(state(&g, k), PlayerState::KnockedOut);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::DriveEndAfterKoRecovery
        }
    );
    play(&mut g, [], &[play_card(Card::DocBonesaw, Some(k))]);
    assert_eq!(state(&g, k), PlayerState::Reserve);
    assert!(matches!(kind(&g), PromptKind::Setup { .. }));
}

/// §31.3, §31.10 Badyear Git: once the kick is placed, before it scatters: the kick goes 2D6
/// squares (3+3 from x 22 is off the pitch, where a D6 of 3 would not be).
#[test]
fn badyear_git_scatters_the_kick_two_d6() {
    let (mut g, _) = start(
        vec![Deck::MiscellaneousMayhem],
        vec![],
        &[range(13, 0), range(2, 0)],
    );
    assert_eq!(g.cards.hands[0], vec![Card::BadyearGit]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    assert_eq!(*kind(&g), PromptKind::PlaceKick);
    play(&mut g, [], &[Command::PlaceKick { square: sq(22, 7) }]);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::KickOffBeforeScatter
        }
    );
    // Scatter +x (D8 5), 3+3 squares; Get the Ref (1+1).
    let ev = play(
        &mut g,
        [(Die::D8, 5), d6(3), d6(3), d6(1), d6(1)],
        &[play_card(Card::BadyearGit, None)],
    );
    assert_eq!(rolls(&ev, RollPurpose::KickDistance)[0].faces, vec![3, 3]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Kick { lands, .. } if lands.x >= 26))
    );
    assert_eq!(*kind(&g), PromptKind::Touchback);
}

/// §31.10 Friendly Fans: the team's players pushed into the crowd go to Reserves without an
/// injury roll.
#[test]
fn friendly_fans_catch_a_crowd_push() {
    let (mut g, _) = start(vec![Deck::MiscellaneousMayhem], vec![], &[range(13, 4)]);
    play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::FriendlyFans, None)],
    );
    assert!(g.cards.friendly_fans[0]);
    let mut s = scen();
    let a = s.player(AWAY, 0);
    let d = s.player(HOME, 0);
    s.put(a, 11, 1).put(d, 11, 0).rerolls(AWAY, 0);
    s.game.cards.friendly_fans[0] = true;
    let mut g = s.turn(AWAY, 1);
    play(
        &mut g,
        [bd(3)],
        &[Command::Block {
            player: a,
            target: d,
        }],
    );
    let ev = play(&mut g, [], &[Command::FollowUp { follow: false }]);
    assert!(rolls(&ev, RollPurpose::Injury).is_empty());
    assert_eq!(state(&g, d), PlayerState::Reserve);
}

/// §31.7 Team Anthem: the coin toss is won without a roll, and +2 FAME at the kick-off
/// (Throw a Rock: Home's 1 + 2 beats Away's 2, so Home's fans throw at an Away player).
#[test]
fn team_anthem_wins_the_toss_and_the_crowd() {
    let (mut g, _) = start(vec![Deck::GoodKarma], vec![], &[range(26, 22)]);
    assert_eq!(g.cards.hands[0], vec![Card::TeamAnthem]);
    let ev = play(&mut g, [], &[play_card(Card::TeamAnthem, None)]);
    assert!(ev.contains(&Event::CoinToss { winner: HOME }));
    assert!(rolls(&ev, RollPurpose::CoinToss).is_empty());
    let away_on = 11;
    let mut d = dice([
        (Die::D8, 5),
        d6(6),
        d6(5),
        d6(6),
        d6(1),
        d6(2),
        range(away_on, 0),
        d6(1),
        d6(1),
    ]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    let ev = go(&mut g, &mut d, Command::PlaceKick { square: sq(22, 7) });
    assert_eq!(d.remaining(), 0);
    let hit = ev
        .iter()
        .find_map(|e| match e {
            Event::Injured {
                player,
                cause: Cause::Rock,
                ..
            } => Some(*player),
            _ => None,
        })
        .unwrap();
    assert_eq!(g.players[hit.index()].side, AWAY);
}

/// §31.10 That Babe's Got Talent!: she wins Cheering Fans whatever the dice.
#[test]
fn that_babe_wins_cheering_fans() {
    let (mut g, _) = start(vec![Deck::MiscellaneousMayhem], vec![], &[range(13, 12)]);
    assert_eq!(g.cards.hands[0], vec![Card::ThatBabesGotTalent]);
    play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::ThatBabesGotTalent, None)],
    );
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    let (h, a) = (g.teams[0].rerolls, g.teams[1].rerolls);
    // Off the pitch (+x, 6); Cheering Fans (3+3): Home's D3 of 1 against Away's 3.
    play(
        &mut g,
        [(Die::D8, 5), d6(6), d6(3), d6(3), d6(1), d6(6)],
        &[Command::PlaceKick { square: sq(22, 7) }],
    );
    assert_eq!((g.teams[0].rerolls, g.teams[1].rerolls), (h + 1, a));
}

/// §31.7 Fan Uproar: in the opponent's next turn no team re-roll is offered.
#[test]
fn fan_uproar_silences_team_rerolls() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).put(o, 11, 7).rerolls(AWAY, 2);
    s.hand(HOME, &[Card::FanUproar]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[Command::EndTurn, play_card(Card::FanUproar, None)],
    );
    play(&mut g, [d6(1), d6(1), d6(2)], &[mv(o), step(12, 7)]);
    assert_eq!(state(&g, o), prone(12, 7));
    assert_eq!(g.teams[1].rerolls, 2);
}

/// §31.7 All Out Blitz: a second Blitz may be declared this turn.
#[test]
fn all_out_blitz_allows_a_second_blitz() {
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 5, 9);
    s.hand(HOME, &[Card::AllOutBlitz]);
    let mut g = s.turn(HOME, 1);
    let blitz = |p| Command::Declare {
        player: p,
        action: ActionKind::Blitz,
    };
    play(
        &mut g,
        [],
        &[
            play_card(Card::AllOutBlitz, None),
            blitz(a),
            Command::EndAction,
        ],
    );
    assert!(legal_commands(&g).contains(&blitz(b)));
    play(&mut g, [], &[blitz(b), Command::EndAction]);
    assert!(!g.cards.extra_blitz[0]);
}

/// §31.7 Razzle Dazzle: a second Pass (or Hand-off) may be declared this turn.
#[test]
fn razzle_dazzle_allows_a_second_pass() {
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 5, 9);
    s.hand(HOME, &[Card::RazzleDazzle]);
    let mut g = s.turn(HOME, 1);
    let pass = |p| Command::Declare {
        player: p,
        action: ActionKind::Pass,
    };
    // Without the card: one Pass a turn.
    play(&mut g, [], &[Command::NoCard, pass(a), Command::EndAction]);
    assert!(!legal_commands(&g).contains(&pass(b)));
    let mut s2 = scen();
    s2.put(a, 5, 7).put(b, 5, 9);
    s2.hand(HOME, &[Card::RazzleDazzle]);
    let mut g = s2.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[
            play_card(Card::RazzleDazzle, None),
            pass(a),
            Command::EndAction,
        ],
    );
    assert!(legal_commands(&g).contains(&pass(b)));
}

/// §31.12 Custard Pie: an opponent next to one of his players loses his tackle zone to the
/// end of the turn.
#[test]
fn custard_pie_takes_a_tackle_zone_for_the_turn() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(h, 10, 7).put(o1, 11, 7).put(o2, 15, 9);
    s.hand(HOME, &[Card::CustardPie]);
    let mut g = s.turn(HOME, 1);
    assert!(!legal_commands(&g).contains(&play_card(Card::CustardPie, Some(o2))));
    play(&mut g, [], &[play_card(Card::CustardPie, Some(o1))]);
    assert_eq!(g.tackle_zones(HOME, sq(10, 7), None), 0);
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.tackle_zones(HOME, sq(10, 7), None), 1);
}

/// §31.12 Blatant Foul: this turn the foul breaks armour without an armour roll (so never a
/// double to send the fouler off); the injury roll is as usual.
#[test]
fn blatant_foul_always_breaks_armour() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).prone(o, 11, 7);
    s.hand(HOME, &[Card::BlatantFoul]);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d6(2)],
        &[
            play_card(Card::BlatantFoul, None),
            Command::Declare {
                player: h,
                action: ActionKind::Foul,
            },
            Command::Foul { target: o },
        ],
    );
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert!(ev.contains(&Event::Armour {
        player: o,
        broken: true
    }));
    assert_eq!(state(&g, o), stunned(11, 7));
    assert_eq!(state(&g, h), standing(10, 7));
}

/// §31.8 Knuckledusters: this turn the chosen player's block dice all count as Defender Down.
#[test]
fn knuckledusters_turn_block_dice_to_defender_down() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).put(o, 11, 7).rerolls(HOME, 0);
    s.hand(HOME, &[Card::Knuckledusters]);
    let mut g = s.turn(HOME, 1);
    // An Attacker Down rolled.
    play(
        &mut g,
        [bd(1)],
        &[
            play_card(Card::Knuckledusters, Some(h)),
            Command::Block {
                player: h,
                target: o,
            },
            Command::Push { square: sq(12, 7) },
        ],
    );
    play(
        &mut g,
        [d6(1), d6(1)],
        &[Command::FollowUp { follow: false }],
    );
    assert_eq!(state(&g, h), standing(10, 7));
    assert_eq!(state(&g, o), prone(12, 7));
}

/// §31.11 Heroic Leap: a player of ST 4 or less leaps this turn, landing on 3+ whatever his
/// AG (an AG 3 player would need 4+).
#[test]
fn heroic_leap_lands_on_three() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    s.put(h, 5, 7);
    s.hand(HOME, &[Card::HeroicLeap]);
    let mut g = s.turn(HOME, 1);
    assert_eq!(g.players[h.index()].ag, 3);
    play(
        &mut g,
        [d6(3)],
        &[
            play_card(Card::HeroicLeap, Some(h)),
            mv(h),
            Command::Leap { to: sq(7, 7) },
        ],
    );
    assert_eq!(state(&g, h), standing(7, 7));
    play(&mut g, [], &[Command::EndAction, Command::EndTurn]);
    assert!(!g.players[h.index()].has(Skill::Leap));
}

/// §31.6 Belt of Invulnerability: armour rolls against the player are never modified: a
/// Mighty Blow 8 against his AV 8 holds.
#[test]
fn belt_of_invulnerability_ignores_mighty_blow() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7)
        .put(o, 11, 7)
        .skill(o, Skill::MightyBlow)
        .rerolls(HOME, 0)
        .rerolls(AWAY, 0);
    s.hand(HOME, &[Card::BeltOfInvulnerability]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[
            Command::EndTurn,
            play_card(Card::BeltOfInvulnerability, Some(h)),
        ],
    );
    assert_eq!(g.players[h.index()].av, 8);
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: o,
                target: h,
            },
            Command::Push { square: sq(9, 7) },
        ],
    );
    let ev = play(
        &mut g,
        [d6(4), d6(4)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(ev.contains(&Event::Armour {
        player: h,
        broken: false
    }));
    assert_eq!(state(&g, h), prone(9, 7));
}

/// §31.6 Lucky Charm: chosen before the match; the first armour roll that breaks the
/// player's armour is ignored (he stays prone, no injury roll).
#[test]
fn lucky_charm_ignores_the_first_broken_armour() {
    let (mut g, _) = start(vec![Deck::MagicItems], vec![], &[range(13, 7)]);
    assert_eq!(g.cards.hands[0], vec![Card::LuckyCharm]);
    let p = g.players[0].id;
    play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::LuckyCharm, Some(p))],
    );
    assert_eq!(g.cards.lucky, vec![p]);
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).put(o, 11, 7).rerolls(AWAY, 0);
    s.game.cards.lucky = vec![h];
    let mut g = s.turn(AWAY, 1);
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: o,
                target: h,
            },
            Command::Push { square: sq(9, 7) },
        ],
    );
    let ev = play(
        &mut g,
        [d6(6), d6(5)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(rolls(&ev, RollPurpose::Injury).is_empty());
    assert_eq!(state(&g, h), prone(9, 7));
    assert!(g.cards.lucky.is_empty());
}

/// §31.6 Good Old Magic Codpiece: the player cannot be fouled, and injury rolls against him
/// are never modified (Mighty Blow's +1 does not turn a 7 into a KO).
#[test]
fn the_codpiece_stops_fouls_and_injury_modifiers() {
    let (mut g, _) = start(vec![Deck::MagicItems], vec![], &[range(13, 9)]);
    assert_eq!(g.cards.hands[0], vec![Card::GoodOldMagicCodpiece]);
    let p = g.players[0].id;
    play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::GoodOldMagicCodpiece, Some(p))],
    );
    assert_eq!(g.cards.codpieces, vec![p]);
    // No foul on him.
    let mut s = scen();
    let h = s.player(HOME, 0);
    let (o, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.prone(h, 10, 7).put(o, 11, 7).put(o2, 11, 9);
    s.game.cards.codpieces = vec![h];
    let mut g = s.turn(AWAY, 1);
    play(
        &mut g,
        [],
        &[Command::Declare {
            player: o,
            action: ActionKind::Foul,
        }],
    );
    assert!(!legal_commands(&g).contains(&Command::Foul { target: h }));
    // A Mighty Blow block: armour broken (6+5), injury 4+3 stays 7: Stunned.
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7)
        .put(o, 11, 7)
        .skill(o, Skill::MightyBlow)
        .rerolls(AWAY, 0);
    s.game.cards.codpieces = vec![h];
    let mut g = s.turn(AWAY, 1);
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: o,
                target: h,
            },
            Command::Push { square: sq(9, 7) },
        ],
    );
    play(
        &mut g,
        [d6(6), d6(5), d6(4), d6(3)],
        &[Command::FollowUp { follow: false }],
    );
    assert_eq!(state(&g, h), stunned(9, 7));
}

/// §31.3, §31.6 Gloves of Holding: at the kick-off before the scatter, a player gains Catch
/// and Sure Hands for the match and may no longer pass or hand off.
#[test]
fn gloves_of_holding_catch_but_never_pass() {
    let (mut g, _) = start(vec![Deck::MagicItems], vec![], &[range(13, 5), range(2, 0)]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    play(&mut g, [], &[Command::PlaceKick { square: sq(22, 7) }]);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::KickOffBeforeScatter
        }
    );
    let p = g.on_pitch(HOME).next().unwrap().id;
    play(
        &mut g,
        [(Die::D8, 5), d6(6), d6(1), d6(1)],
        &[play_card(Card::GlovesOfHolding, Some(p))],
    );
    assert!(g.players[p.index()].has(Skill::Catch));
    assert!(g.players[p.index()].has(Skill::SureHands));
    assert_eq!(g.cards.gloves, vec![p]);
    // In a turn: no Pass or Hand-off for him, as for anyone else.
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 5, 9);
    s.game.cards.gloves = vec![a];
    let g = s.turn(HOME, 1);
    let legal = legal_commands(&g);
    for action in [ActionKind::Pass, ActionKind::HandOff] {
        assert!(!legal.contains(&Command::Declare { player: a, action }));
        assert!(legal.contains(&Command::Declare { player: b, action }));
    }
}

/// §31.8 Ego Trip: the chosen opponent must be the first of his team to act in a turn, or
/// may not act in it.
#[test]
fn ego_trip_acts_first_or_not_at_all() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(h, 5, 7).put(o1, 15, 7).put(o2, 15, 9);
    s.hand(HOME, &[Card::EgoTrip]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[Command::EndTurn, play_card(Card::EgoTrip, Some(o1))],
    );
    assert!(legal_commands(&g).contains(&mv(o1)));
    play(&mut g, [], &[mv(o2), Command::EndAction]);
    assert!(!legal_commands(&g).contains(&mv(o1)));
    // Next turn he may again, first.
    play(&mut g, [], &[Command::EndTurn, Command::EndTurn]);
    assert_eq!(g.active, Some(AWAY));
    assert!(legal_commands(&g).contains(&mv(o1)));
}

/// §31.10 Sprinkler Malfunction: to the drive's end, −1 on pick-ups (and passes and
/// catches): an Orc's pick-up goes from +1 to 0 and a 3 fails.
#[test]
fn sprinkler_malfunction_makes_the_ball_slippery() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7)
        .put(o, 15, 7)
        .ball(Ball::Ground { square: sq(16, 7) })
        .rerolls(AWAY, 0);
    s.hand(HOME, &[Card::SprinklerMalfunction]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[
            Command::EndTurn,
            play_card(Card::SprinklerMalfunction, None),
        ],
    );
    let ev = play(&mut g, [d6(3), (Die::D8, 2)], &[mv(o), step(16, 7)]);
    let pick = rolls(&ev, RollPurpose::PickUp);
    assert_eq!(pick[0].modifier, 0);
    assert_eq!(pick[0].success, Some(false));
    assert_eq!(g.ball, Ball::Ground { square: sq(16, 6) });
}

/// §31.12 Chop Block: after his turn, a standing player of his who took no Action in it and
/// a standing opponent next to him are both placed prone; the opponent is then stunned.
#[test]
fn chop_block_takes_both_down() {
    let mut s = scen();
    let (h1, h2) = (s.player(HOME, 0), s.player(HOME, 1));
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(h1, 10, 7)
        .put(o1, 11, 7)
        .put(h2, 10, 11)
        .put(o2, 11, 11);
    s.hand(HOME, &[Card::ChopBlock]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[mv(h2), Command::EndAction, Command::EndTurn]);
    let chop = |o: PlayerId, x, y| Command::PlayCard {
        card: Card::ChopBlock,
        player: Some(o),
        square: Some(sq(x, y)),
        choice: None,
    };
    let legal = legal_commands(&g);
    assert!(legal.contains(&chop(o1, 10, 7)));
    assert!(!legal.contains(&chop(o2, 10, 11)));
    let ev = play(&mut g, [], &[chop(o1, 10, 7)]);
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert_eq!(state(&g, h1), prone(10, 7));
    assert_eq!(state(&g, o1), stunned(11, 7));
    assert_eq!(g.active, Some(AWAY));
}

/// §31.10 Rowdy Fans: a block against an opponent beside the pitch's edge gets one more
/// assist, and opponents beside the edge give none: 3+1 against 3 (the edge assist lost),
/// two dice for the attacker instead of two for the defender.
#[test]
fn rowdy_fans_work_the_edge() {
    let (mut g, _) = start(vec![Deck::MiscellaneousMayhem], vec![], &[range(13, 5)]);
    play(&mut g, [range(2, 0)], &[play_card(Card::RowdyFans, None)]);
    assert!(g.cards.rowdy[0]);
    for rowdy in [false, true] {
        let mut s = scen();
        let h = s.player(HOME, 0);
        let (o, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
        s.put(h, 10, 1)
            .put(o, 10, 0)
            .put(o2, 11, 0)
            .rerolls(HOME, 0);
        s.game.cards.rowdy[0] = rowdy;
        let mut g = s.turn(HOME, 1);
        let ev = play(
            &mut g,
            [bd(1), bd(6)],
            &[Command::Block {
                player: h,
                target: o,
            }],
        );
        let (dice, chooser) = ev
            .iter()
            .find_map(|e| match e {
                Event::BlockDeclared { dice, chooser, .. } => Some((*dice, *chooser)),
                _ => None,
            })
            .unwrap();
        assert_eq!((dice, chooser), (2, if rowdy { HOME } else { AWAY }));
    }
}

/// §31.10 Incoming!: in the opponent's next turn, leaving a square within 2 of a sideline
/// or an end zone takes a dodge roll, tackle zones or not.
#[test]
fn incoming_makes_the_edges_a_dodge() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7).put(o, 15, 1).rerolls(AWAY, 0);
    s.hand(HOME, &[Card::Incoming]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[Command::EndTurn, play_card(Card::Incoming, None)],
    );
    // From (15,1) to (15,2): a dodge (a 6), then from (15,2) to (15,3): none.
    let ev = play(&mut g, [d6(6)], &[mv(o), step(15, 2), step(15, 3)]);
    assert_eq!(rolls(&ev, RollPurpose::Dodge).len(), 1);
    assert_eq!(state(&g, o), standing(15, 3));
}

/// §31.11 Punt: at the end of his turn, his ball carrier's ball goes to any square, scatters
/// 3 times, and bounces where nobody catches it.
#[test]
fn punt_sends_the_ball_anywhere() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7).put(o, 20, 3).ball(Ball::Held { player: h });
    s.hand(HOME, &[Card::Punt]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[Command::EndTurn]);
    let punt = |x, y| Command::PlayCard {
        card: Card::Punt,
        player: None,
        square: Some(sq(x, y)),
        choice: None,
    };
    assert!(legal_commands(&g).contains(&punt(20, 7)));
    // Three scatters +x (D8 5): (23,7), then a bounce down (D8 7): (23,8).
    play(
        &mut g,
        [(Die::D8, 5), (Die::D8, 5), (Die::D8, 5), (Die::D8, 7)],
        &[punt(20, 7)],
    );
    assert_eq!(g.ball, Ball::Ground { square: sq(23, 8) });
    assert_eq!(g.active, Some(AWAY));
}

/// §31.7 Lewd Maneuvers: no player of either team in the chosen wide zone may act this turn
/// or in the opponent's next.
#[test]
fn lewd_maneuvers_freeze_a_wide_zone() {
    let mut s = scen();
    let (h, h2) = (s.player(HOME, 0), s.player(HOME, 1));
    let o = s.player(AWAY, 0);
    s.put(h, 5, 2).put(h2, 5, 7).put(o, 15, 1);
    s.hand(HOME, &[Card::LewdManeuvers]);
    let mut g = s.turn(HOME, 1);
    let top = Command::PlayCard {
        card: Card::LewdManeuvers,
        player: None,
        square: Some(sq(0, 0)),
        choice: None,
    };
    play(&mut g, [], &[top]);
    let legal = legal_commands(&g);
    assert!(!legal.contains(&mv(h)));
    assert!(legal.contains(&mv(h2)));
    play(&mut g, [], &[Command::EndTurn]);
    assert!(!legal_commands(&g).contains(&mv(o)));
    play(&mut g, [], &[Command::EndTurn]);
    assert!(legal_commands(&g).contains(&mv(h)));
}

/// §31.3, §31.7 Lurve Potion: after his kick-off, a random opponent in the chosen wide zone
/// goes to Reserves.
#[test]
fn lurve_potion_sends_a_receiver_to_the_dugout() {
    let (mut g, _) = start(vec![Deck::GoodKarma], vec![], &[range(26, 13), range(2, 0)]);
    assert_eq!(g.cards.hands[0], vec![Card::LurvePotion]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    // Off the pitch, Get the Ref: a touchback to an Away player outside the top zone.
    play(
        &mut g,
        [(Die::D8, 5), d6(6), d6(1), d6(1)],
        &[Command::PlaceKick { square: sq(22, 7) }],
    );
    let zone_of = |g: &Game, id: PlayerId| g.players[id.index()].square().map(|s| s.y <= 3);
    let catcher = g
        .on_pitch(AWAY)
        .find(|p| p.square().is_some_and(|s| s.y > 3))
        .unwrap()
        .id;
    play(&mut g, [], &[Command::Touchback { player: catcher }]);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::AfterKickOffToOpponent
        }
    );
    let top: Vec<PlayerId> = g
        .on_pitch(AWAY)
        .filter(|p| zone_of(&g, p.id) == Some(true))
        .map(|p| p.id)
        .collect();
    assert!(!top.is_empty());
    let mut script = Vec::new();
    if top.len() > 1 {
        script.push(range(top.len() as u16, 0));
    }
    play(
        &mut g,
        script,
        &[Command::PlayCard {
            card: Card::LurvePotion,
            player: None,
            square: Some(sq(0, 0)),
            choice: None,
        }],
    );
    assert_eq!(state(&g, top[0]), PlayerState::Reserve);
}

/// §31.10 Heckler: one opponent keeps only his compulsory skills this turn and in his own
/// next turn; then he has them all back.
#[test]
fn heckler_silences_an_opponents_skills() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7)
        .put(o, 15, 7)
        .skill(o, Skill::Block)
        .skill(o, Skill::Dodge)
        .skill(o, Skill::Loner);
    s.hand(HOME, &[Card::Heckler]);
    let mut g = s.turn(HOME, 1);
    let before = g.players[o.index()].skills;
    play(&mut g, [], &[play_card(Card::Heckler, Some(o))]);
    let p = &g.players[o.index()];
    assert!(p.has(Skill::Loner) && !p.has(Skill::Block) && !p.has(Skill::Dodge));
    play(&mut g, [], &[Command::EndTurn]);
    assert!(!g.players[o.index()].has(Skill::Block));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.players[o.index()].skills, before);
}

/// §31.11 Going the Extra Mile: the chosen player goes for it as often as he likes this
/// turn, −1 for the third, −2 for the fourth...
#[test]
fn going_the_extra_mile_has_no_gfi_limit() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    s.put(h, 2, 7).rerolls(HOME, 0);
    s.hand(HOME, &[Card::GoingTheExtraMile]);
    let mut g = s.turn(HOME, 1);
    assert_eq!(g.players[h.index()].ma, 6);
    let mut cmds = vec![play_card(Card::GoingTheExtraMile, Some(h)), mv(h)];
    for x in 3..=12 {
        cmds.push(step(x, 7));
    }
    // GFIs: 2, 2, 3 (−1: passes), 3 (−2: fails); armour 1+1.
    let ev = play(&mut g, [d6(2), d6(2), d6(3), d6(3), d6(1), d6(1)], &cmds);
    let gfi: Vec<(i8, Option<bool>)> = rolls(&ev, RollPurpose::Gfi)
        .iter()
        .map(|r| (r.modifier, r.success))
        .collect();
    assert_eq!(
        gfi,
        vec![
            (0, Some(true)),
            (0, Some(true)),
            (-1, Some(true)),
            (-2, Some(false))
        ]
    );
    assert_eq!(state(&g, h), prone(12, 7));
}

// ----- the cards that grant skills (§31.5) -----

/// A card played at the start of Home's turn on `target`; returns the game at Home's Action
/// prompt.
fn start_play(s: &mut Scenario, card: Card, target: Option<PlayerId>) -> Game {
    s.hand(HOME, &[card]);
    let mut g = s.turn(HOME, 1);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::StartOfOwnTurn
        }
    );
    play(&mut g, [], &[play_card(card, target)]);
    g
}

/// A card played at the end of Home's turn on `target`; returns the game at Away's turn.
fn end_play(s: &mut Scenario, card: Card, target: Option<PlayerId>) -> Game {
    s.hand(HOME, &[card]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::EndOfOwnTurn
        }
    );
    play(&mut g, [], &[play_card(card, target)]);
    assert_eq!(g.active, Some(AWAY));
    g
}

fn has_all(g: &Game, id: PlayerId, skills: &[Skill]) -> bool {
    skills.iter().all(|&k| g.players[id.index()].has(k))
}

fn has_none(g: &Game, id: PlayerId, skills: &[Skill]) -> bool {
    skills.iter().all(|&k| !g.players[id.index()].has(k))
}

/// Two team turns later (Home's ends, Away's ends).
fn two_turns(g: &mut Game) {
    play(g, [], &[Command::EndTurn, Command::EndTurn]);
}

/// §31.6 Beguiling Bracers: one of his players gains Hypnotic Gaze, Side Step and Bone-head
/// for the match.
#[test]
fn beguiling_bracers_grant_gaze_side_step_and_bone_head() {
    let k = [Skill::HypnoticGaze, Skill::SideStep, Skill::BoneHead];
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 5, 9);
    assert!(has_none(&s.game, a, &k));
    let mut g = start_play(&mut s, Card::BeguilingBracers, Some(a));
    assert!(has_all(&g, a, &k));
    assert!(has_none(&g, b, &k));
    two_turns(&mut g);
    assert!(has_all(&g, a, &k));
}

/// §31.6 Fawndough's Headband: Pass and Accurate this turn, and an interception of his pass
/// gets +1 (−2 + 1).
#[test]
fn fawndoughs_headband_helps_the_interceptor() {
    let mut s = scen();
    let (t, c) = (s.player(HOME, 8), s.player(HOME, 6));
    let o = s.player(AWAY, 0);
    s.put(t, 5, 7)
        .put(c, 9, 7)
        .put(o, 7, 7)
        .ball(Ball::Held { player: t });
    assert!(has_none(&s.game, t, &[Skill::Accurate]));
    let mut g = start_play(&mut s, Card::FawndoughsHeadband, Some(t));
    assert!(has_all(&g, t, &[Skill::Pass, Skill::Accurate]));
    let ev = play(
        &mut g,
        [d6(6)],
        &[
            Command::Declare {
                player: t,
                action: ActionKind::Pass,
            },
            Command::Pass { target: sq(9, 7) },
            Command::Intercept { player: o },
        ],
    );
    assert_eq!(rolls(&ev, RollPurpose::Interception)[0].modifier, -1);
    assert_eq!(g.ball, Ball::Held { player: o });
    // The turnover ended the turn, and the grant with it.
    assert!(has_none(&g, t, &[Skill::Accurate]));
}

/// §31.6 Force Shield: his ball carrier gains Sure Hands and Fend while he holds the ball;
/// they go when he hands it off.
#[test]
fn force_shield_lasts_while_he_holds_the_ball() {
    let k = [Skill::SureHands, Skill::Fend];
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 6, 7).ball(Ball::Held { player: a });
    assert!(has_none(&s.game, a, &k));
    s.hand(HOME, &[Card::ForceShield]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[Command::EndTurn]);
    let legal = legal_commands(&g);
    assert!(legal.contains(&play_card(Card::ForceShield, Some(a))));
    assert!(!legal.contains(&play_card(Card::ForceShield, Some(b))));
    play(&mut g, [], &[play_card(Card::ForceShield, Some(a))]);
    assert!(has_all(&g, a, &k));
    // Through Away's turn and into Home's: he still holds it.
    play(&mut g, [], &[Command::EndTurn]);
    assert!(has_all(&g, a, &k));
    play(
        &mut g,
        [d6(6)],
        &[
            Command::Declare {
                player: a,
                action: ActionKind::HandOff,
            },
            Command::HandOff { target: b },
        ],
    );
    assert_eq!(g.ball, Ball::Held { player: b });
    assert!(has_none(&g, a, &k));
    assert!(has_none(&g, b, &k));
}

/// §31.6 Magic Gloves of Jark Longarm: Pass Block, and +1 to his interceptions (−2 + 1), to
/// the end of the drive.
#[test]
fn magic_gloves_help_their_wearer_intercept() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let (t, c) = (s.player(AWAY, 8), s.player(AWAY, 6));
    s.put(h, 13, 7)
        .put(t, 15, 7)
        .put(c, 11, 7)
        .ball(Ball::Held { player: t });
    let mut g = end_play(&mut s, Card::MagicGlovesOfJarkLongarm, Some(h));
    assert!(has_all(&g, h, &[Skill::PassBlock]));
    play(
        &mut g,
        [],
        &[
            Command::Declare {
                player: t,
                action: ActionKind::Pass,
            },
            Command::Pass { target: sq(11, 7) },
        ],
    );
    // Pass Block asks first: he stays.
    assert!(matches!(kind(&g), PromptKind::PassBlock { .. }));
    let ev = play(
        &mut g,
        [d6(6)],
        &[Command::Done, Command::Intercept { player: h }],
    );
    assert_eq!(rolls(&ev, RollPurpose::Interception)[0].modifier, -1);
    assert_eq!(g.ball, Ball::Held { player: h });
    assert!(has_all(&g, h, &[Skill::PassBlock]));
}

/// §31.7 Rune of Fear: in the opponent's next turn all his players have Foul Appearance and
/// Disturbing Presence; they lose them when that turn ends.
#[test]
fn rune_of_fear_frightens_through_the_opponents_turn() {
    let k = [Skill::FoulAppearance, Skill::DisturbingPresence];
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    let o = s.player(AWAY, 0);
    s.put(a, 5, 7).put(b, 5, 9).put(o, 15, 7);
    let mut g = end_play(&mut s, Card::RuneOfFear, None);
    assert!(has_all(&g, a, &k) && has_all(&g, b, &k));
    assert!(has_none(&g, o, &k));
    play(&mut g, [], &[Command::EndTurn]);
    assert!(has_none(&g, a, &k) && has_none(&g, b, &k));
}

/// §31.7 Stiletto: Dirty Player and Stab for the match (the French text, which wins over
/// the English card's Stab alone).
#[test]
fn stiletto_grants_dirty_player_and_stab() {
    let k = [Skill::DirtyPlayer, Skill::Stab];
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7);
    let mut g = start_play(&mut s, Card::Stiletto, Some(a));
    assert!(has_all(&g, a, &k));
    two_turns(&mut g);
    assert!(has_all(&g, a, &k));
}

/// §31.8 Buzzing: a player not holding the ball gets +1 AG, No Hands, Jump Up and Frenzy
/// for the match.
#[test]
fn buzzing_never_on_the_ball_carrier() {
    let k = [Skill::NoHands, Skill::JumpUp, Skill::Frenzy];
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 5, 9).ball(Ball::Held { player: b });
    s.hand(HOME, &[Card::Buzzing]);
    let g0 = s.turn(HOME, 1);
    assert!(!legal_commands(&g0).contains(&play_card(Card::Buzzing, Some(b))));
    let ag = g0.players[a.index()].ag;
    let mut g = start_play(&mut s, Card::Buzzing, Some(a));
    assert_eq!(g.players[a.index()].ag, ag + 1);
    assert!(has_all(&g, a, &k));
    two_turns(&mut g);
    assert_eq!(g.players[a.index()].ag, ag + 1);
    assert!(has_all(&g, a, &k));
}

/// §31.8 Zap!: on 2+ an opponent becomes a frog to the end of the drive (MA 4, ST 1, AG 4,
/// AV 4, Dodge, Leap, No Hands, Stunty, Titchy and nothing else); a ball he held bounces;
/// on a 1 nothing happens; the drive's end gives his own profile back.
#[test]
fn zap_turns_an_opponent_into_a_frog_for_the_drive() {
    let frog = [
        Skill::Dodge,
        Skill::Leap,
        Skill::NoHands,
        Skill::Stunty,
        Skill::Titchy,
    ];
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.find(AWAY, "Black Orc Blocker", 0);
    s.put(h, 5, 7).put(o, 15, 7);
    let own = s.game.players[o.index()].clone();
    // A 1: nothing.
    s.hand(HOME, &[Card::Zap]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(1)],
        &[Command::EndTurn, play_card(Card::Zap, Some(o))],
    );
    assert_eq!(g.players[o.index()].skills, own.skills);
    assert_eq!(g.players[o.index()].st, own.st);
    // A 2 on the ball carrier: a frog, and the ball bounces.
    let mut s2 = scen();
    s2.put(h, 24, 7)
        .put(o, 15, 7)
        .ball(Ball::Held { player: o })
        .hand(HOME, &[Card::Zap]);
    let mut g = s2.turn(HOME, 1);
    play(
        &mut g,
        [d6(2), (Die::D8, 2)],
        &[Command::EndTurn, play_card(Card::Zap, Some(o))],
    );
    let p = &g.players[o.index()];
    assert_eq!((p.ma, p.st, p.ag, p.av), (4, 1, 4, 4));
    assert!(has_all(&g, o, &frog));
    assert_eq!(g.players[o.index()].skills.list().len(), frog.len());
    assert_eq!(g.ball, Ball::Ground { square: sq(15, 6) });
    // Zapped while Home holds the ball; Home scores next turn: the drive ends and the frog
    // is himself again.
    let mut s3 = scen();
    s3.put(h, 24, 7)
        .put(o, 15, 7)
        .ball(Ball::Held { player: h })
        .hand(HOME, &[Card::Zap]);
    let mut g = s3.turn(HOME, 1);
    play(
        &mut g,
        [d6(6)],
        &[Command::EndTurn, play_card(Card::Zap, Some(o))],
    );
    assert_eq!(g.players[o.index()].st, 1);
    play(&mut g, [], &[Command::EndTurn]);
    let ev = play(&mut g, [], &[mv(h), step(25, 7)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    let p = &g.players[o.index()];
    assert_eq!((p.ma, p.st, p.ag, p.av), (own.ma, own.st, own.ag, own.av));
    assert_eq!(p.skills, own.skills);
}

/// §31.8 Gimme That!: Dauntless, Juggernaut and Strip Ball for the match.
#[test]
fn gimme_that_grants_dauntless_juggernaut_and_strip_ball() {
    let k = [Skill::Dauntless, Skill::Juggernaut, Skill::StripBall];
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7);
    assert!(has_none(&s.game, a, &k));
    let mut g = start_play(&mut s, Card::GimmeThat, Some(a));
    assert!(has_all(&g, a, &k));
    two_turns(&mut g);
    assert!(has_all(&g, a, &k));
}

/// §31.8 Orcidas Sponsorship: +1 MA, Sprint and Sure Feet for the match.
#[test]
fn orcidas_sponsorship_grants_speed() {
    let k = [Skill::Sprint, Skill::SureFeet];
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7);
    let ma = s.game.players[a.index()].ma;
    let mut g = start_play(&mut s, Card::OrcidasSponsorship, Some(a));
    assert_eq!(g.players[a.index()].ma, ma + 1);
    assert!(has_all(&g, a, &k));
    two_turns(&mut g);
    assert_eq!(g.players[a.index()].ma, ma + 1);
    assert!(has_all(&g, a, &k));
}

/// §31.8 Tackling Machine: Diving Tackle, Jump Up, Tackle and Wrestle for the match.
#[test]
fn tackling_machine_grants_four_skills() {
    let k = [
        Skill::DivingTackle,
        Skill::JumpUp,
        Skill::Tackle,
        Skill::Wrestle,
    ];
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7);
    let mut g = start_play(&mut s, Card::TacklingMachine, Some(a));
    assert!(has_all(&g, a, &k));
    two_turns(&mut g);
    assert!(has_all(&g, a, &k));
}

/// §31.11 Option Play: Dump-Off and Pass to the end of the drive (past the turn's end; the
/// touchdown ends them).
#[test]
fn option_play_lasts_the_drive() {
    let k = [Skill::DumpOff, Skill::Pass];
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7).put(b, 23, 7).ball(Ball::Held { player: b });
    let mut g = start_play(&mut s, Card::OptionPlay, Some(a));
    assert!(has_all(&g, a, &k));
    two_turns(&mut g);
    assert!(has_all(&g, a, &k));
    let ev = play(&mut g, [], &[mv(b), step(24, 7), step(25, 7)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert!(has_none(&g, a, &k));
}

/// §31.11 Spectacular Catch: Catch and Diving Catch this turn only.
#[test]
fn spectacular_catch_lasts_the_turn() {
    let k = [Skill::Catch, Skill::DivingCatch];
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7);
    assert!(has_none(&s.game, a, &k));
    let mut g = start_play(&mut s, Card::SpectacularCatch, Some(a));
    assert!(has_all(&g, a, &k));
    play(&mut g, [], &[Command::EndTurn]);
    assert!(has_none(&g, a, &k));
}

/// §31.12 Stolen Playbook: Pass Block and Shadowing to the end of the drive.
#[test]
fn stolen_playbook_lasts_the_drive() {
    let k = [Skill::PassBlock, Skill::Shadowing];
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7);
    let mut g = end_play(&mut s, Card::StolenPlaybook, Some(a));
    assert!(has_all(&g, a, &k));
    two_turns(&mut g);
    assert!(has_all(&g, a, &k));
    assert!(
        g.cards
            .grants
            .iter()
            .any(|gr| gr.player == a && gr.until == Until::EndOfDrive)
    );
}

/// §31.12 Distract: Disturbing Presence through the opponent's turn, and an opponent who
/// starts an Action within 3 squares of him rolls as a Bone-head (here he fails: no Action,
/// no tackle zone, back at the end of the turn); one farther away does not roll.
#[test]
fn distract_makes_nearby_opponents_bone_heads() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(h, 10, 7)
        .put(o1, 13, 7)
        .put(o2, 20, 7)
        .rerolls(AWAY, 0);
    let mut g = end_play(&mut s, Card::Distract, Some(h));
    assert!(has_all(&g, h, &[Skill::DisturbingPresence]));
    let ev = play(&mut g, [d6(1)], &[mv(o1)]);
    let bh = rolls(&ev, RollPurpose::BoneHead);
    assert_eq!(bh.len(), 1);
    assert_eq!(bh[0].success, Some(false));
    assert!(g.players[o1.index()].confused);
    let ev = play(&mut g, [], &[mv(o2), step(19, 7), Command::EndAction]);
    assert!(rolls(&ev, RollPurpose::BoneHead).is_empty());
    play(&mut g, [], &[Command::EndTurn]);
    assert!(!g.players[o1.index()].confused);
    assert!(has_none(&g, h, &[Skill::DisturbingPresence]));
    // Next Away turn: no more aura.
    let ev = play(&mut g, [], &[Command::EndTurn, mv(o1)]);
    assert!(rolls(&ev, RollPurpose::BoneHead).is_empty());
}

/// §31.12 Spiked Ball: to the end of the drive, a failed pick-up is a stab: an unmodified
/// armour roll, broken: he falls and rolls an injury; then the ball bounces.
#[test]
fn spiked_ball_stabs_a_failed_pick_up() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    s.put(h, 5, 7)
        .ball(Ball::Ground { square: sq(6, 7) })
        .rerolls(HOME, 0);
    s.game.cards.spiked = true;
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d6(6), d6(5), d6(2), d6(3), (Die::D8, 2)],
        &[mv(h), step(6, 7)],
    );
    assert!(ev.contains(&Event::KnockedDown {
        player: h,
        cause: Cause::Stab,
        by: None
    }));
    assert_eq!(g.ball, Ball::Ground { square: sq(6, 6) });
    assert!(!matches!(state(&g, h), PlayerState::Standing { .. }));
    // Without the card, the same failure is only a bounce.
    let mut s2 = scen();
    s2.put(h, 5, 7)
        .ball(Ball::Ground { square: sq(6, 7) })
        .rerolls(HOME, 0);
    let mut g = s2.turn(HOME, 1);
    let ev = play(&mut g, [d6(1), (Die::D8, 2)], &[mv(h), step(6, 7)]);
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
}

/// The Dirty Tricks deck drawn with this index (the card), Home kicking, both teams set up:
/// Home's after-set-up card prompt.
fn after_setup(index: u16, card: Card) -> Game {
    let (mut g, _) = start(
        vec![Deck::DirtyTricks],
        vec![],
        &[range(13, index), range(2, 0)],
    );
    assert_eq!(g.cards.hands[0], vec![card]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::AfterSetup
        }
    );
    g
}

/// §31.3, §31.12 Kicking Boots: after set-up, before the kick-off: Kick, Dirty Player and
/// −1 MA for the match.
#[test]
fn kicking_boots_after_set_up() {
    let mut g = after_setup(7, Card::KickingBoots);
    let p = g.on_pitch(HOME).next().unwrap().id;
    let ma = g.players[p.index()].ma;
    play(&mut g, [], &[play_card(Card::KickingBoots, Some(p))]);
    assert_eq!(g.players[p.index()].ma, ma - 1);
    assert!(has_all(&g, p, &[Skill::Kick, Skill::DirtyPlayer]));
    assert!(matches!(kind(&g), PromptKind::PlaceKick));
}

/// §31.3, §31.12 Spiked Ball: played after set-up; the drive is spiked, not the next one.
#[test]
fn spiked_ball_is_played_after_set_up() {
    let mut g = after_setup(9, Card::SpikedBall);
    play(&mut g, [], &[play_card(Card::SpikedBall, None)]);
    assert!(g.cards.spiked);
}

/// §31.12 Witch's Brew: an opponent rolls D6: 3–6 Really Stupid to the end of the drive; 1
/// Jump Up and No Hands; 2 nothing.
#[test]
fn witchs_brew_sedates_an_opponent() {
    let mut g = after_setup(12, Card::WitchsBrew);
    let o = g.on_pitch(AWAY).next().unwrap().id;
    assert!(!legal_commands(&g).contains(&play_card(
        Card::WitchsBrew,
        Some(g.on_pitch(HOME).next().unwrap().id)
    )));
    play(&mut g, [d6(4)], &[play_card(Card::WitchsBrew, Some(o))]);
    assert!(has_all(&g, o, &[Skill::ReallyStupid]));
    let mut g = after_setup(12, Card::WitchsBrew);
    play(&mut g, [d6(1)], &[play_card(Card::WitchsBrew, Some(o))]);
    assert!(has_all(&g, o, &[Skill::JumpUp, Skill::NoHands]));
    let mut g = after_setup(12, Card::WitchsBrew);
    let before = g.players[o.index()].skills;
    play(&mut g, [d6(2)], &[play_card(Card::WitchsBrew, Some(o))]);
    assert_eq!(g.players[o.index()].skills, before);
}

// ----- the spell cards (§30.10) -----

/// §31.8 Ballista: at the end of his turn, exactly a Lightning Bolt (§30.10): a standing
/// player hit on 2+ is knocked down.
#[test]
fn ballista_is_a_lightning_bolt() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7).put(o, 15, 7);
    s.hand(HOME, &[Card::Ballista]);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(2), d6(1), d6(1)],
        &[Command::EndTurn, play_card(Card::Ballista, Some(o))],
    );
    assert!(ev.contains(&Event::SpellCast {
        side: HOME,
        spell: Spell::LightningBolt { target: o }
    }));
    assert_eq!(state(&g, o), prone(15, 7));
    // A 1 misses.
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(1)],
        &[Command::EndTurn, play_card(Card::Ballista, Some(o))],
    );
    assert_eq!(state(&g, o), standing(15, 7));
}

/// §31.8 Mine: at the start of his turn, a Fireball (§30.10) centred on an opponent: each
/// standing player in the 3x3 area is knocked down on 4+.
#[test]
fn mine_is_a_fireball_on_an_opponent() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let (o1, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(h, 5, 7).put(o1, 15, 7).put(o2, 16, 7);
    s.hand(HOME, &[Card::Mine]);
    let mut g = s.turn(HOME, 1);
    assert!(!legal_commands(&g).contains(&play_card(Card::Mine, Some(h))));
    let ev = play(
        &mut g,
        [d6(4), d6(3), d6(1), d6(1)],
        &[play_card(Card::Mine, Some(o1))],
    );
    assert!(ev.contains(&Event::SpellCast {
        side: HOME,
        spell: Spell::Fireball { target: sq(15, 7) }
    }));
    assert_eq!(state(&g, o1), prone(15, 7));
    assert_eq!(state(&g, o2), standing(16, 7));
}

/// §31.10 Rogue Wizard: a marker on any square scatters 5 times; still on the pitch, a
/// Fireball (§30.10) goes off there; off the pitch, nothing.
#[test]
fn rogue_wizard_scatters_a_fireball() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 3).put(o, 15, 7);
    s.hand(HOME, &[Card::RogueWizard]);
    let wizard = |x, y| Command::PlayCard {
        card: Card::RogueWizard,
        player: None,
        square: Some(sq(x, y)),
        choice: None,
    };
    let mut g = s.turn(HOME, 1);
    // Five scatters to the right: (10, 7) to (15, 7), on the Orc: hit on 4, armour 2.
    let mut script = vec![(Die::D8, 5); 5];
    script.extend([d6(4), d6(1), d6(1)]);
    let ev = play(&mut g, script, &[Command::EndTurn, wizard(10, 7)]);
    assert!(ev.contains(&Event::SpellCast {
        side: HOME,
        spell: Spell::Fireball { target: sq(15, 7) }
    }));
    assert_eq!(state(&g, o), prone(15, 7));
    // From the edge, the first scatter leaves the pitch: no Fireball.
    let mut g = s.turn(HOME, 1);
    let ev = play(&mut g, [(Die::D8, 4)], &[Command::EndTurn, wizard(0, 7)]);
    assert!(!ev.iter().any(|e| matches!(e, Event::SpellCast { .. })));
}

// ----- the moments of the kick and of the drive's end (§31.3) -----

/// Away holds `deck`'s card drawn at `index`; Home kicks; both set up; the kick placed at
/// (20, 7) scatters 1 square up (to (20, 6)): Away's card prompt after the scatter.
fn receiving_after_scatter(deck: Deck, size: u16, index: u16, card: Card) -> Game {
    let (mut g, _) = start(vec![], vec![deck], &[range(size, index), range(2, 0)]);
    assert_eq!(g.cards.hands[1], vec![card]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    play(
        &mut g,
        [(Die::D8, 2), d6(1)],
        &[Command::PlaceKick { square: sq(20, 7) }],
    );
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::ReceivingAfterScatter
        }
    );
    assert_eq!(g.ball, Ball::InAir { square: sq(20, 6) });
    g
}

/// §31.3, §31.7 One with the Kicker: the receiving coach, after the scatter and before the
/// kick-off table: a player gains Kick-Off Return and Diving Catch for the match, in time
/// to return the kick.
#[test]
fn one_with_the_kicker_returns_this_kick() {
    let mut g = receiving_after_scatter(Deck::GoodKarma, 26, 16, Card::OneWithTheKicker);
    let p = g
        .on_pitch(AWAY)
        .find(|p| p.square().is_some_and(|s| s.x >= 16))
        .unwrap()
        .id;
    play(&mut g, [], &[play_card(Card::OneWithTheKicker, Some(p))]);
    assert!(has_all(&g, p, &[Skill::KickOffReturn, Skill::DivingCatch]));
    assert!(matches!(kind(&g), PromptKind::KickOffReturn { .. }));
    assert_eq!(g.prompt.coach, Some(AWAY));
}

/// §31.3, §31.11 Come To Papa!: after the scatter, a receiving player off the line of
/// scrimmage moves to where the kick lands; the ball then lands on him (here after a Get the
/// Ref) and he catches it.
#[test]
fn come_to_papa_puts_a_receiver_under_the_ball() {
    let mut g = receiving_after_scatter(Deck::SpecialTeamPlays, 13, 0, Card::ComeToPapa);
    let legal = legal_commands(&g);
    let on_los = g
        .on_pitch(AWAY)
        .find(|p| p.square().is_some_and(|s| s.x == 13))
        .unwrap()
        .id;
    assert!(!legal.contains(&play_card(Card::ComeToPapa, Some(on_los))));
    let p = g
        .on_pitch(AWAY)
        .find(|p| p.square().is_some_and(|s| s.x > 13))
        .unwrap()
        .id;
    play(
        &mut g,
        [d6(1), d6(1), d6(6)],
        &[play_card(Card::ComeToPapa, Some(p))],
    );
    assert_eq!(state(&g, p), standing(20, 6));
    assert_eq!(g.ball, Ball::Held { player: p });
}

/// A drive about to start after another, with Home holding `card` and `p` a casualty of
/// `result`, and `b` a Badly Hurt team-mate.
fn drive_end_with(card: Card, result: CasualtyResult) -> (Scenario, PlayerId, PlayerId) {
    let mut s = scen();
    let (p, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.state(p, PlayerState::Casualty { result }).state(
        b,
        PlayerState::Casualty {
            result: CasualtyResult::BadlyHurt,
        },
    );
    s.game.drives = 1;
    s.hand(HOME, &[card]);
    (s, p, b)
}

/// §31.3, §31.7 Miracle Worker: at a drive's end, before the KO recovery rolls, a casualty of
/// 41 or more (not Badly Hurt) is treated as KO'd: he rolls KO recovery at once (4+: back).
#[test]
fn miracle_worker_turns_a_serious_injury_into_a_ko() {
    let (s, p, b) = drive_end_with(Card::MiracleWorker, CasualtyResult::SmashedKnee);
    let (mut g, _) = s.start_drive(&mut dice([]));
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::DriveEndBeforeKoRecovery
        }
    );
    let legal = legal_commands(&g);
    assert!(!legal.contains(&play_card(Card::MiracleWorker, Some(b))));
    let ev = play(&mut g, [d6(4)], &[play_card(Card::MiracleWorker, Some(p))]);
    assert!(ev.contains(&Event::CasualtyUndone {
        player: p,
        card: Card::MiracleWorker
    }));
    assert_eq!(rolls(&ev, RollPurpose::KoRecovery).len(), 1);
    assert_eq!(state(&g, p), PlayerState::Reserve);
    assert!(matches!(kind(&g), PromptKind::Setup { .. }));
    // §22: the summary no longer counts the casualty taken back.
    let o = g
        .on_pitch(AWAY)
        .next()
        .map(|o| o.id)
        .unwrap_or(PlayerId(20));
    let log = [
        Event::Casualty {
            player: p,
            result: CasualtyResult::SmashedKnee,
            cause: Cause::Blocked,
            by: Some(o),
        },
        Event::Casualty {
            player: b,
            result: CasualtyResult::BadlyHurt,
            cause: Cause::Blocked,
            by: Some(o),
        },
        Event::CasualtyUndone {
            player: p,
            card: Card::MiracleWorker,
        },
    ];
    let summary = <Game as dugout_rules::core::Ruleset>::summarise(&g.setup, &log);
    assert_eq!(summary.injuries, [1, 0]);
    assert_eq!(summary.count("casualties"), [0, 1]);
    assert_eq!(summary.count("serious_injuries"), [0, 0]);
    assert_eq!(summary.count("badly_hurt"), [1, 0]);
}

/// §31.3, §31.8 Magic Sponge: at a drive's end, D6: on 2+ a player of the Dead & Injured box
/// goes back to Reserves; on a 1 nothing.
#[test]
fn magic_sponge_brings_a_casualty_back_on_two_plus() {
    let (s, p, b) = drive_end_with(Card::MagicSponge, CasualtyResult::Dead);
    let (mut g, _) = s.start_drive(&mut dice([]));
    let ev = play(&mut g, [d6(2)], &[play_card(Card::MagicSponge, Some(p))]);
    assert!(ev.contains(&Event::CasualtyUndone {
        player: p,
        card: Card::MagicSponge
    }));
    assert_eq!(state(&g, p), PlayerState::Reserve);
    assert!(matches!(state(&g, b), PlayerState::Casualty { .. }));
    let (mut g, _) = s.start_drive(&mut dice([]));
    play(&mut g, [d6(1)], &[play_card(Card::MagicSponge, Some(b))]);
    assert!(matches!(state(&g, b), PlayerState::Casualty { .. }));
}

// ----- Magic Items and Dirty Tricks, the last cards (§31.6, §31.12) -----

fn attacker_st(ev: &[Event]) -> Option<u8> {
    ev.iter().find_map(|e| match e {
        Event::BlockDeclared { attacker_st, .. } => Some(*attacker_st),
        _ => None,
    })
}

/// §31.6 Inertia Dampner: for the match, an opponent who moved before blitzing the player
/// blocks him at −1 ST; a Blitz without a step is at full ST.
#[test]
fn inertia_dampner_slows_a_moving_blitzer() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).put(o, 12, 7).rerolls(AWAY, 0);
    let st = s.game.players[o.index()].st;
    let mut g = end_play(&mut s, Card::InertiaDampner, Some(h));
    let blitz = Command::Declare {
        player: o,
        action: ActionKind::Blitz,
    };
    let ev = play(
        &mut g,
        [bd(3), bd(3)],
        &[blitz, step(11, 7), Command::BlitzBlock { target: h }],
    );
    assert_eq!(attacker_st(&ev), Some(st - 1));
    // Standing next to him already: no step, full ST.
    let mut s2 = scen();
    s2.put(h, 10, 7).put(o, 11, 7).rerolls(AWAY, 0);
    let mut g = end_play(&mut s2, Card::InertiaDampner, Some(h));
    let ev = play(&mut g, [bd(3)], &[blitz, Command::BlitzBlock { target: h }]);
    assert_eq!(attacker_st(&ev), Some(st));
}

/// §31.6 Ring of Teleportation: a player flies D6 squares straight the way chosen (named by
/// the square beside him) and lands without a roll.
#[test]
fn ring_of_teleportation_flies_straight_and_lands() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    s.put(h, 5, 7);
    s.hand(HOME, &[Card::RingOfTeleportation]);
    let mut g = s.turn(HOME, 1);
    let ring = |x, y| Command::PlayCard {
        card: Card::RingOfTeleportation,
        player: Some(h),
        square: Some(sq(x, y)),
        choice: None,
    };
    let legal = legal_commands(&g);
    assert_eq!(
        legal
            .iter()
            .filter(|c| matches!(
                c,
                Command::PlayCard {
                    card: Card::RingOfTeleportation,
                    ..
                }
            ))
            .count(),
        8
    );
    let ev = play(&mut g, [d6(4)], &[ring(6, 8)]);
    assert_eq!(state(&g, h), standing(9, 11));
    assert!(rolls(&ev, RollPurpose::Landing).is_empty());
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §31.3, §31.12 Gromskull's Exploding Runes: before his set-up, a player in Reserves gains
/// Bombardier, No Hands and Secret Weapon for the match; his bomb throws are at −1.
#[test]
fn exploding_runes_make_a_clumsy_bombardier() {
    let (mut g, _) = start(
        vec![Deck::DirtyTricks],
        vec![],
        &[range(13, 5), range(2, 0)],
    );
    assert_eq!(g.cards.hands[0], vec![Card::GromskullsExplodingRunes]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::BeforeSetup
        }
    );
    let p = g.players[0].id;
    play(
        &mut g,
        [],
        &[play_card(Card::GromskullsExplodingRunes, Some(p))],
    );
    assert!(has_all(
        &g,
        p,
        &[Skill::Bombardier, Skill::NoHands, Skill::SecretWeapon]
    ));
    // A short bomb (4 squares, +0) is thrown at −1.
    let mut s = scen();
    let b = s.player(HOME, 0);
    s.put(b, 10, 7).skill(b, Skill::Bombardier).rerolls(HOME, 0);
    s.game.cards.runes = vec![b];
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(6)],
        &[
            Command::Declare {
                player: b,
                action: ActionKind::Bomb,
            },
            Command::Pass { target: sq(14, 7) },
        ],
    );
    assert_eq!(rolls(&ev, RollPurpose::Pass)[0].modifier, -1);
}

/// §31.12 Illegal Substitution: a player from Reserves goes to an empty square of his own
/// end zone and may only Move this turn; next turn he plays as any other.
#[test]
fn illegal_substitution_adds_a_twelfth_player() {
    let mut s = scen();
    let (h, r) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(h, 5, 7);
    assert_eq!(state(&s.game, r), PlayerState::Reserve);
    s.hand(HOME, &[Card::IllegalSubstitution]);
    let mut g = s.turn(HOME, 1);
    let sub = Command::PlayCard {
        card: Card::IllegalSubstitution,
        player: Some(r),
        square: Some(sq(0, 5)),
        choice: None,
    };
    assert!(!legal_commands(&g).contains(&Command::PlayCard {
        card: Card::IllegalSubstitution,
        player: Some(r),
        square: Some(sq(1, 5)),
        choice: None,
    }));
    play(&mut g, [], &[sub]);
    assert_eq!(state(&g, r), standing(0, 5));
    assert_eq!(g.cards.substituted, [true, false]);
    let legal = legal_commands(&g);
    let declare = |action| Command::Declare { player: r, action };
    assert!(legal.contains(&declare(ActionKind::Move)));
    assert!(!legal.contains(&declare(ActionKind::Blitz)));
    assert!(legal.contains(&Command::Declare {
        player: h,
        action: ActionKind::Blitz
    }));
    two_turns(&mut g);
    assert!(legal_commands(&g).contains(&declare(ActionKind::Blitz)));
}

/// §31.12 Trampoline Trap: an opponent is thrown without a roll D6 squares in a random
/// direction and makes a landing roll; off the pitch, the crowd has him.
#[test]
fn trampoline_trap_throws_an_opponent() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7).put(o, 15, 7);
    s.hand(HOME, &[Card::TrampolineTrap]);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [(Die::D8, 5), d6(3), d6(4)],
        &[Command::EndTurn, play_card(Card::TrampolineTrap, Some(o))],
    );
    assert_eq!(rolls(&ev, RollPurpose::Landing).len(), 1);
    assert_eq!(state(&g, o), standing(18, 7));
    // From beside the end zone, into the crowd: an injury roll, Reserves on a 2.
    let mut s2 = scen();
    s2.put(h, 5, 7).put(o, 24, 7);
    s2.hand(HOME, &[Card::TrampolineTrap]);
    let mut g = s2.turn(HOME, 1);
    play(
        &mut g,
        [(Die::D8, 5), d6(3), d6(1), d6(1)],
        &[Command::EndTurn, play_card(Card::TrampolineTrap, Some(o))],
    );
    assert_eq!(state(&g, o), PlayerState::Reserve);
}

// ----- the cards that ask a choice, and the goblins (§31.7, §31.10) -----

fn with_choice(card: Card, player: Option<PlayerId>, choice: CardChoice) -> Command {
    Command::PlayCard {
        card,
        player,
        square: None,
        choice: Some(choice),
    }
}

/// §31.3, §31.7 Suitable Pitch: after set-up the coach adds (+1) or removes (−1) dangerous
/// objects: armour rolls of knocked-down players of both teams, to the drive's end.
#[test]
fn suitable_pitch_hardens_the_ground() {
    let (mut g, _) = start(vec![Deck::GoodKarma], vec![], &[range(26, 18), range(2, 0)]);
    assert_eq!(g.cards.hands[0], vec![Card::SuitablePitch]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    let added = with_choice(
        Card::SuitablePitch,
        None,
        CardChoice::DangerousObjects { added: true },
    );
    let legal = legal_commands(&g);
    assert!(legal.contains(&added));
    assert!(legal.contains(&with_choice(
        Card::SuitablePitch,
        None,
        CardChoice::DangerousObjects { added: false },
    )));
    play(&mut g, [], &[added]);
    assert_eq!(g.cards.pitch, 1);
    // A knock-down: armour 9 against the Orc's AV 9 breaks with the +1.
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).put(o, 11, 7).rerolls(HOME, 0);
    assert_eq!(s.game.players[o.index()].av, 9);
    s.game.cards.pitch = 1;
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: h,
                target: o,
            },
            Command::Push { square: sq(12, 7) },
        ],
    );
    let ev = play(
        &mut g,
        [d6(4), d6(5), d6(1), d6(2)],
        &[Command::FollowUp { follow: false }],
    );
    assert!(ev.contains(&Event::Armour {
        player: o,
        broken: true
    }));
    assert_eq!(state(&g, o), stunned(12, 7));
}

/// §31.7 Scutt's Scroll of Weather Magic: the coach picks the weather; it holds at once.
#[test]
fn scutts_scroll_picks_the_weather() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    s.put(h, 5, 7);
    s.hand(HOME, &[Card::ScuttsScrollOfWeatherMagic]);
    let mut g = s.turn(HOME, 1);
    assert_eq!(g.weather, Weather::Nice);
    let ev = play(
        &mut g,
        [],
        &[
            Command::EndTurn,
            with_choice(
                Card::ScuttsScrollOfWeatherMagic,
                None,
                CardChoice::Weather {
                    weather: Weather::Blizzard,
                },
            ),
        ],
    );
    assert_eq!(g.weather, Weather::Blizzard);
    assert!(ev.contains(&Event::Weather {
        weather: Weather::Blizzard
    }));
}

/// §31.7 Intensive Training: a player gains a skill of his normal categories (a Human
/// lineman: General, so Block, not Dodge) for the match.
#[test]
fn intensive_training_teaches_a_normal_skill() {
    let mut s = scen();
    let a = s.find(HOME, "Lineman", 0);
    s.put(a, 5, 7);
    s.hand(HOME, &[Card::IntensiveTraining]);
    let g0 = s.turn(HOME, 1);
    let train = |skill| {
        with_choice(
            Card::IntensiveTraining,
            Some(a),
            CardChoice::Skill { skill },
        )
    };
    let legal = legal_commands(&g0);
    assert!(legal.contains(&train(Skill::Block)));
    assert!(!legal.contains(&train(Skill::Dodge)));
    let mut g = g0;
    play(&mut g, [], &[train(Skill::Block)]);
    assert!(has_all(&g, a, &[Skill::Block]));
    two_turns(&mut g);
    assert!(has_all(&g, a, &[Skill::Block]));
}

/// §31.7 Woof Woof!: only with the ball on the ground; the dog carries it D6 squares the way
/// chosen and drops it without a bounce, one square on if a player stands there.
#[test]
fn woof_woof_carries_the_loose_ball() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7).put(o, 13, 7).ball(Ball::Held { player: h });
    s.hand(HOME, &[Card::WoofWoof]);
    let g0 = s.turn(HOME, 1);
    assert!(matches!(kind(&g0), PromptKind::Action { .. }));
    s.ball(Ball::Ground { square: sq(10, 7) });
    let mut g = s.turn(HOME, 1);
    let woof = Command::PlayCard {
        card: Card::WoofWoof,
        player: None,
        square: Some(sq(11, 7)),
        choice: None,
    };
    let ev = play(&mut g, [d6(3)], &[woof]);
    assert!(rolls(&ev, RollPurpose::Bounce).is_empty());
    assert_eq!(g.ball, Ball::Ground { square: sq(14, 7) });
}

/// §31.10 Eclipse: this turn and the opponent's next, everyone on the pitch plays as a
/// rookie Goblin (6/2/3/7, Dodge, Right Stuff, Stunty and nothing else); then his own
/// profile comes back.
#[test]
fn eclipse_makes_everyone_a_goblin() {
    let goblin = [Skill::Dodge, Skill::RightStuff, Skill::Stunty];
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.find(AWAY, "Black Orc Blocker", 0);
    s.put(h, 5, 7).put(o, 15, 7);
    let own = (
        s.game.players[h.index()].clone(),
        s.game.players[o.index()].clone(),
    );
    let mut g = start_play(&mut s, Card::Eclipse, None);
    for id in [h, o] {
        let p = &g.players[id.index()];
        assert_eq!((p.ma, p.st, p.ag, p.av), (6, 2, 3, 7));
        assert!(has_all(&g, id, &goblin));
        assert_eq!(p.skills.list().len(), goblin.len());
    }
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.players[o.index()].st, 2);
    play(&mut g, [], &[Command::EndTurn]);
    for p in [&own.0, &own.1] {
        let q = &g.players[p.id.index()];
        assert_eq!((q.ma, q.st, q.ag, q.av), (p.ma, p.st, p.ag, p.av));
        assert_eq!(q.skills, p.skills);
    }
}

/// §31.1, §30.1: with `card_inducements`, a draw from a wholly built deck is on the
/// inducement list at the deck's price, drawn at once (the coach sees his card before buying
/// more), 5 draws a coach at most; without the option it is not offered, and the option
/// needs the inducement phase.
#[test]
fn card_draws_are_bought_as_inducements() {
    let induce = |cards: bool| {
        let mut s = MatchSetup {
            teams: [
                TeamChoice::Roster(Roster::Human),
                TeamChoice::Roster(Roster::Orc),
            ],
            options: Options {
                inducements: true,
                card_inducements: cards,
                ..Options::default()
            },
            pre_match: Box::default(),
        };
        s.pre_match.petty_cash = [300_000, 300_000];
        s
    };
    let draw = |deck| Command::Induce {
        item: InducementItem::CardDraw { deck },
    };
    let (g, _) = new_game(induce(false), &mut dice([d6(3), d6(4), range(2, 0)])).unwrap();
    assert!(!legal_commands(&g).contains(&draw(Deck::MagicItems)));
    let (mut g, _) = new_game(induce(true), &mut dice([d6(3), d6(4), range(2, 0)])).unwrap();
    let side = g.prompt.coach.unwrap();
    assert_eq!(*kind(&g), PromptKind::Inducements { money: 300_000 });
    let legal = legal_commands(&g);
    assert!(legal.contains(&draw(Deck::MagicItems)));
    // A wholly built deck within the money is offered; one still being built is not.
    assert!(Deck::GoodKarma.unbuilt().is_empty());
    assert!(legal.contains(&draw(Deck::GoodKarma)));
    if let Some(deck) = Deck::ALL.into_iter().find(|k| !k.unbuilt().is_empty()) {
        assert!(!legal.contains(&draw(deck)));
    }
    // Magic Items' 5th card (6♣) is Gikta's Strength of Da Bear.
    let ev = play(&mut g, [range(13, 4)], &[draw(Deck::MagicItems)]);
    assert_eq!(
        g.cards.hands[side.index()],
        vec![Card::GiktasStrengthOfDaBear]
    );
    assert!(ev.contains(&Event::CardDrawn {
        side,
        deck: Deck::MagicItems,
        card: Some(Card::GiktasStrengthOfDaBear)
    }));
    assert_eq!(*kind(&g), PromptKind::Inducements { money: 250_000 });
    play(
        &mut g,
        [range(12, 0), range(13, 0), range(12, 0), range(11, 0)],
        &[
            draw(Deck::MagicItems),
            draw(Deck::DirtyTricks),
            draw(Deck::DirtyTricks),
            draw(Deck::MagicItems),
        ],
    );
    assert_eq!(g.cards.hands[side.index()].len(), 5);
    assert!(!legal_commands(&g).contains(&draw(Deck::DirtyTricks)));
    assert_eq!(g.induced[side.index()].spent, 250_000);
    // The option alone is refused.
    let mut bad = induce(true);
    bad.options.inducements = false;
    bad.pre_match.petty_cash = [0, 0];
    assert!(matches!(
        new_game(bad, &mut dice([])),
        Err(SetupError::NeedsOption { .. })
    ));
}

/// §31.11 Dogged Defense: in the opponent's next turn his prone players exert tackle zones
/// (leaving one takes a dodge) but cancel no assist; the card ends with that turn.
#[test]
fn dogged_defense_gives_prone_players_tackle_zones() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.prone(h, 10, 7).put(o, 11, 7).rerolls(AWAY, 0);
    // Without the card: no dodge.
    let mut g = s.turn(AWAY, 1);
    let ev = play(&mut g, [], &[mv(o), step(12, 7)]);
    assert!(rolls(&ev, RollPurpose::Dodge).is_empty());
    let mut g = end_play(&mut s, Card::DoggedDefense, None);
    let ev = play(&mut g, [d6(6)], &[mv(o), step(12, 7)]);
    assert_eq!(rolls(&ev, RollPurpose::Dodge).len(), 1);
    play(&mut g, [], &[Command::EndAction, Command::EndTurn]);
    assert_eq!(g.cards.dogged, [false, false]);
    // An assist next to a dogged prone player still counts.
    let mut s2 = scen();
    let b = s2.player(HOME, 1);
    let o2 = s2.player(AWAY, 1);
    s2.prone(h, 10, 8)
        .put(b, 12, 7)
        .put(o, 11, 7)
        .put(o2, 11, 8)
        .rerolls(AWAY, 0);
    let st = s2.game.players[o.index()].st;
    let mut g = end_play(&mut s2, Card::DoggedDefense, None);
    let ev = play(
        &mut g,
        [bd(3), bd(3)],
        &[Command::Block {
            player: o,
            target: b,
        }],
    );
    assert_eq!(attacker_st(&ev), Some(st + 1));
}

/// §31.3, §31.11 Suicide Blitz: after his team kicked off, before the receivers' turn, one of
/// his standing players without the ball blitzes at once (only he acts, only a Blitz), with
/// No Hands for it; then the receivers' turn starts.
#[test]
fn suicide_blitz_strikes_before_the_receivers_turn() {
    let mut s = scen();
    let (h, b) = (s.player(HOME, 0), s.player(HOME, 1));
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7)
        .put(b, 8, 3)
        .put(o, 14, 7)
        .ball(Ball::Held { player: b });
    s.hand(HOME, &[Card::SuicideBlitz]);
    let mut g = s.after_kick_off(HOME);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::AfterKickOffToOpponent
        }
    );
    let legal = legal_commands(&g);
    assert!(!legal.contains(&play_card(Card::SuicideBlitz, Some(b))));
    play(&mut g, [], &[play_card(Card::SuicideBlitz, Some(h))]);
    assert_eq!(g.active, Some(HOME));
    assert!(has_all(&g, h, &[Skill::NoHands]));
    let legal = legal_commands(&g);
    let blitz = Command::Declare {
        player: h,
        action: ActionKind::Blitz,
    };
    assert!(legal.contains(&blitz));
    assert!(!legal.contains(&Command::Declare {
        player: h,
        action: ActionKind::Move
    }));
    assert!(
        !legal
            .iter()
            .any(|c| matches!(c, Command::Declare { player, .. } if *player == b))
    );
    play(
        &mut g,
        [],
        &[
            blitz,
            step(11, 7),
            step(12, 7),
            Command::EndAction,
            Command::EndTurn,
        ],
    );
    assert_eq!(state(&g, h), standing(12, 7));
    assert!(has_none(&g, h, &[Skill::NoHands]));
    assert_eq!(g.active, Some(AWAY));
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §31.11 Flea Flicker: this turn a second Pass Action, once the first pass, which must be a
/// Quick pass, is thrown.
#[test]
fn flea_flicker_passes_twice_quick_first() {
    let mut s = scen();
    let (a, c) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 7)
        .put(c, 7, 7)
        .ball(Ball::Held { player: a })
        .rerolls(HOME, 0);
    let mut g = start_play(&mut s, Card::FleaFlicker, None);
    let pass = |p| Command::Declare {
        player: p,
        action: ActionKind::Pass,
    };
    play(&mut g, [], &[pass(a)]);
    let legal = legal_commands(&g);
    assert!(legal.contains(&Command::Pass { target: sq(7, 7) }));
    assert!(!legal.contains(&Command::Pass { target: sq(9, 7) }));
    play(
        &mut g,
        [d6(6), d6(6)],
        &[Command::Pass { target: sq(7, 7) }],
    );
    assert_eq!(g.ball, Ball::Held { player: c });
    assert!(legal_commands(&g).contains(&pass(c)));
    play(&mut g, [], &[pass(c)]);
    assert!(legal_commands(&g).contains(&Command::Pass { target: sq(11, 7) }));
}

/// §31.3, §31.11 Wake Up Call: at a drive's end, before KO recovery: his KO'd players do not
/// roll but may be set up; after the set-ups each one set up is Stunned, turning Prone on 4+.
#[test]
fn wake_up_call_sets_up_the_knocked_out() {
    let mut s = scen();
    let (k1, k2) = (s.player(HOME, 0), s.player(HOME, 1));
    s.state(k1, PlayerState::KnockedOut)
        .state(k2, PlayerState::KnockedOut);
    s.game.drives = 1;
    s.hand(HOME, &[Card::WakeUpCall]);
    let (mut g, _) = s.start_drive(&mut dice([]));
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::DriveEndBeforeKoRecovery
        }
    );
    let ev = play(&mut g, [], &[play_card(Card::WakeUpCall, None)]);
    assert!(rolls(&ev, RollPurpose::KoRecovery).is_empty());
    assert_eq!(state(&g, k1), PlayerState::Reserve);
    set_up(&mut g);
    let f = legal_commands(&g)
        .into_iter()
        .find(|c| matches!(c, Command::SetupFormation { .. }))
        .unwrap();
    play(&mut g, [], &[f]);
    let on = [k1, k2].map(|k| g.players[k.index()].square());
    assert!(on.iter().all(Option::is_some), "the formation fields both");
    play(&mut g, [d6(4), d6(3)], &[Command::SetupDone]);
    assert!(matches!(state(&g, k1), PlayerState::Prone { .. }));
    assert!(matches!(state(&g, k2), PlayerState::Stunned { .. }));
}

/// §31.11 New Blocking Scheme: at the start of his turn, players in no opposing tackle zone
/// swap squares with a team-mate beside them (neither with the ball), each once; then the
/// turn goes on.
#[test]
fn new_blocking_scheme_swaps_team_mates() {
    let mut s = scen();
    let (a, b, c) = (s.player(HOME, 0), s.player(HOME, 1), s.player(HOME, 2));
    let o = s.player(AWAY, 0);
    s.put(a, 10, 7).put(b, 10, 8).put(c, 14, 7).put(o, 15, 7);
    let swap = |p, x, y| Command::PlayCard {
        card: Card::NewBlockingScheme,
        player: Some(p),
        square: Some(sq(x, y)),
        choice: None,
    };
    let mut g = start_play(&mut s, Card::NewBlockingScheme, None);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::StartOfOwnTurn
        }
    );
    let legal = legal_commands(&g);
    assert!(legal.contains(&swap(a, 10, 8)));
    assert!(legal.contains(&swap(b, 10, 7)));
    play(&mut g, [], &[swap(a, 10, 8)]);
    assert_eq!(state(&g, a), standing(10, 8));
    assert_eq!(state(&g, b), standing(10, 7));
    assert_eq!(g.at(sq(10, 7)), Some(b));
    // Each once: no swap left, the turn goes on.
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// Home kicks off holding Perfect Kick (its draw from Special Team Plays), both teams set
/// up: the kicking coach's card moment after set-up.
fn perfect_kick_ready() -> Game {
    let (mut g, _) = start(
        vec![Deck::SpecialTeamPlays],
        vec![],
        &[range(13, 7), range(2, 0)],
    );
    assert_eq!(g.cards.hands[0], vec![Card::PerfectKick]);
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    set_up(&mut g);
    set_up(&mut g);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::AfterSetup
        }
    );
    g
}

fn perfect_kick(x: i8, y: i8, toward: Toward) -> Command {
    Command::PlayCard {
        card: Card::PerfectKick,
        player: None,
        square: Some(sq(x, y)),
        choice: Some(CardChoice::Aim { toward }),
    }
}

/// §31.3, §31.11 Perfect Kick (G132): after set-up the kicking coach puts the ball on one of
/// the receiving team's 7 line-of-scrimmage squares or in its end zone; three one-square
/// bounces on the throw-in template he aims replace the scatter (no D8, no D6 distance), and
/// the coach is not asked to place the kick. Aimed at the top sideline from (25, 7): 3 is
/// straight on (25, 6), (25, 5), then 1 the diagonal to (24, 4); Get the Ref (1+1); the ball
/// bounces (D8 5: +x) to (25, 4).
#[test]
fn perfect_kick_places_the_ball_and_bounces_it_three_times() {
    let mut g = perfect_kick_ready();
    let legal = legal_commands(&g);
    assert!(legal.contains(&perfect_kick(13, 4, Toward::TopSideline)));
    assert!(legal.contains(&perfect_kick(25, 0, Toward::HomeEndZone)));
    assert!(
        !legal.contains(&perfect_kick(13, 3, Toward::TopSideline)),
        "a wide zone"
    );
    assert!(
        !legal.contains(&perfect_kick(12, 7, Toward::TopSideline)),
        "own line"
    );
    assert!(!legal.contains(&perfect_kick(20, 7, Toward::TopSideline)));
    let ev = play(
        &mut g,
        [d6(3), d6(3), d6(1), d6(1), d6(1), (Die::D8, 5)],
        &[perfect_kick(25, 7, Toward::TopSideline)],
    );
    assert!(rolls(&ev, RollPurpose::KickDirection).is_empty());
    assert!(rolls(&ev, RollPurpose::KickDistance).is_empty());
    assert_eq!(rolls(&ev, RollPurpose::ThrowInDirection).len(), 3);
    assert!(ev.contains(&Event::Kick {
        aimed: sq(25, 7),
        lands: sq(24, 4)
    }));
    assert_eq!(g.ball, Ball::Ground { square: sq(25, 4) });
    assert_eq!(g.cards.perfect_kick, None);
    assert_ne!(*kind(&g), PromptKind::PlaceKick);
}

/// §31.11 Perfect Kick, §6.1: a bounce off the pitch puts the kick out: a touchback (aimed at
/// Away's end zone from (25, 7), a 3 goes straight out).
#[test]
fn perfect_kick_bounced_off_the_pitch_is_a_touchback() {
    let mut g = perfect_kick_ready();
    let ev = play(
        &mut g,
        [d6(3), d6(1), d6(1)],
        &[perfect_kick(25, 7, Toward::AwayEndZone)],
    );
    assert_eq!(rolls(&ev, RollPurpose::ThrowInDirection).len(), 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Kick { lands, .. } if lands.x == 26))
    );
    assert_eq!(*kind(&g), PromptKind::Touchback);
}

/// Away blocks Home's ball carrier on the top sideline into the crowd (Pushed; the injury
/// roll 1+1: Stunned, so to Reserves): the ball is thrown in from (11, 0), with Home's
/// Hometown Fans in play, in half `half`.
fn crowd_push_throw_in(half: u8, dice_after: &[(Die, u16)]) -> (Game, Vec<Event>) {
    let mut s = scen();
    let a = s.player(AWAY, 0);
    let d = s.player(HOME, 0);
    s.put(a, 11, 1)
        .put(d, 11, 0)
        .ball(Ball::Held { player: d })
        .rerolls(AWAY, 0);
    s.game.cards.hometown = Some(HOME);
    s.game.half = half;
    let mut g = s.turn(AWAY, 1);
    play(
        &mut g,
        [bd(3)],
        &[Command::Block {
            player: a,
            target: d,
        }],
    );
    let mut script = vec![d6(1), d6(1)];
    script.extend_from_slice(dice_after);
    let ev = play(&mut g, script, &[Command::FollowUp { follow: false }]);
    assert_eq!(state(&g, d), PlayerState::Reserve);
    (g, ev)
}

/// §31.10 Hometown Fans: played before the match; in the first half its coach (here Home's,
/// in Away's turn) picks the throw-in's direction among the template's three instead of the
/// D6: towards (12, 1), then 2+2 − 1 = 3 squares to (14, 3), and a bounce (D8 5: +x).
#[test]
fn hometown_fans_aim_the_first_half_throw_ins() {
    let (mut g, _) = start(vec![Deck::MiscellaneousMayhem], vec![], &[range(13, 7)]);
    assert_eq!(g.cards.hands[0], vec![Card::HometownFans]);
    play(
        &mut g,
        [range(2, 0)],
        &[play_card(Card::HometownFans, None)],
    );
    assert_eq!(g.cards.hometown, Some(HOME));
    let (mut g, ev) = crowd_push_throw_in(1, &[]);
    assert!(rolls(&ev, RollPurpose::ThrowInDirection).is_empty());
    assert_eq!(g.prompt.coach, Some(HOME));
    assert_eq!(*kind(&g), PromptKind::ThrowInAim { from: sq(11, 0) });
    let aims: Vec<Command> = [(10, 1), (11, 1), (12, 1)]
        .into_iter()
        .map(|(x, y)| Command::ThrowInAim { to: sq(x, y) })
        .collect();
    assert_eq!(legal_commands(&g), aims);
    let ev = play(
        &mut g,
        [d6(2), d6(2), (Die::D8, 5)],
        &[Command::ThrowInAim { to: sq(12, 1) }],
    );
    assert!(rolls(&ev, RollPurpose::ThrowInDirection).is_empty());
    assert_eq!(g.ball, Ball::Ground { square: sq(15, 3) });
    assert_eq!(g.prompt.coach, Some(AWAY));
}

/// §31.10 Hometown Fans: in the second half the throw-in is rolled as usual (D6 3: straight
/// in, 2+2 − 1 = 3 squares to (11, 3), a bounce, D8 5: +x).
#[test]
fn hometown_fans_leave_the_second_half_alone() {
    let (g, ev) = crowd_push_throw_in(2, &[d6(3), d6(2), d6(2), (Die::D8, 5)]);
    assert_eq!(rolls(&ev, RollPurpose::ThrowInDirection).len(), 1);
    assert_eq!(g.ball, Ball::Ground { square: sq(12, 3) });
    assert_eq!(g.prompt.coach, Some(AWAY));
}

/// Home's turn with Fumblerooski played: `a` (holding the ball when `holds`, else beside it
/// at (6, 7)) at (5, 7), a team-mate `b` at (6, 7) (or (9, 7) for a pass), no re-rolls.
fn fumblerooski_turn(holds: bool, mate_x: i8) -> (Game, PlayerId, PlayerId, PlayerId) {
    let mut s = scen();
    let (a, b, c) = (s.player(HOME, 0), s.player(HOME, 1), s.player(HOME, 2));
    s.put(a, 5, 7).put(c, 2, 2).rerolls(HOME, 0);
    if holds {
        s.put(b, mate_x, 7).ball(Ball::Held { player: a });
    } else {
        s.ball(Ball::Ground { square: sq(6, 7) });
    }
    let g = start_play(&mut s, Card::Fumblerooski, None);
    assert_eq!(g.cards.fumblerooski, Some(HOME));
    (g, a, b, c)
}

/// §31.11 Fumblerooski: a pick-up rolled and failed (1) is no turnover: the ball bounces
/// (D8 5: +x), the player's Action ends, the turn goes on; the card ends with the turn.
#[test]
fn fumblerooski_waives_a_failed_pick_up() {
    let (mut g, a, _, c) = fumblerooski_turn(false, 0);
    play(&mut g, [], &[mv(a), step(6, 7)]);
    assert_eq!(
        *kind(&g),
        PromptKind::FailOnPurpose {
            player: a,
            check: CheckKind::PickUp
        }
    );
    let ev = play(
        &mut g,
        [d6(1), (Die::D8, 5)],
        &[Command::FailOnPurpose { fail: false }],
    );
    assert_eq!(rolls(&ev, RollPurpose::PickUp).len(), 1);
    assert_eq!(turnover_of(&ev), None);
    assert_eq!(g.turnover, None);
    assert_eq!(g.ball, Ball::Ground { square: sq(7, 7) });
    assert_eq!(g.prompt.coach, Some(HOME));
    let legal = legal_commands(&g);
    assert!(!legal.contains(&mv(a)), "his Action is over");
    assert!(legal.contains(&mv(c)), "the turn goes on");
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.cards.fumblerooski, None);
}

/// §31.11 Fumblerooski: a hand-off's catch failed on purpose: no catch roll, the ball
/// bounces (D8 5: +x), no turnover, and the catcher has taken his Action this turn.
#[test]
fn fumblerooski_lets_a_catch_be_failed_on_purpose() {
    let (mut g, a, b, c) = fumblerooski_turn(true, 6);
    play(
        &mut g,
        [],
        &[
            Command::Declare {
                player: a,
                action: ActionKind::HandOff,
            },
            Command::HandOff { target: b },
        ],
    );
    assert_eq!(
        *kind(&g),
        PromptKind::FailOnPurpose {
            player: b,
            check: CheckKind::Catch
        }
    );
    let ev = play(
        &mut g,
        [(Die::D8, 5)],
        &[Command::FailOnPurpose { fail: true }],
    );
    assert!(ev.contains(&Event::FailedOnPurpose {
        player: b,
        check: CheckKind::Catch
    }));
    assert!(rolls(&ev, RollPurpose::Catch).is_empty());
    assert!(ev.contains(&Event::CountsAsActed { player: b }));
    assert_eq!(turnover_of(&ev), None);
    assert_eq!(g.ball, Ball::Ground { square: sq(7, 7) });
    let legal = legal_commands(&g);
    assert!(!legal.contains(&mv(b)), "the catcher has acted");
    assert!(legal.contains(&mv(c)));
}

/// §31.11 Fumblerooski: a pass failed on purpose is a fumble without a roll: the ball
/// bounces from the thrower (D8 5: +x), no turnover.
#[test]
fn fumblerooski_lets_a_pass_be_fumbled_on_purpose() {
    let (mut g, a, b, c) = fumblerooski_turn(true, 9);
    play(
        &mut g,
        [],
        &[
            Command::Declare {
                player: a,
                action: ActionKind::Pass,
            },
            Command::Pass { target: sq(9, 7) },
        ],
    );
    assert_eq!(
        *kind(&g),
        PromptKind::FailOnPurpose {
            player: a,
            check: CheckKind::Pass
        }
    );
    let ev = play(
        &mut g,
        [(Die::D8, 5)],
        &[Command::FailOnPurpose { fail: true }],
    );
    assert!(rolls(&ev, RollPurpose::Pass).is_empty());
    assert!(ev.contains(&Event::Fumbled { player: a }));
    assert_eq!(turnover_of(&ev), None);
    assert_eq!(g.ball, Ball::Ground { square: sq(6, 7) });
    let legal = legal_commands(&g);
    assert!(!legal.contains(&mv(a)));
    assert!(legal.contains(&mv(b)) && legal.contains(&mv(c)));
}

// ----- overlapping grants (§31.5): the profile is made again from his own -----

/// The player's (MA, ST, AG, AV) and skills.
fn profile(g: &Game, id: PlayerId) -> ((u8, u8, u8, u8), SkillSet) {
    let p = &g.players[id.index()];
    ((p.ma, p.st, p.ag, p.av), p.skills)
}

/// §31.5: Wand of Smashing (+1 ST, Mighty Blow, this turn) then Eclipse (a Goblin to the
/// end of the opponent's turn) on one player: the Wand ending first leaves a Goblin's ST 2
/// (not 2 − 1), and Eclipse ending gives his own profile back, without Mighty Blow.
#[test]
fn a_grant_ending_under_a_transformation_leaves_the_transformation_whole() {
    let goblin = [Skill::Dodge, Skill::RightStuff, Skill::Stunty];
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7).put(o, 15, 7);
    let own = profile(&s.game, h);
    s.hand(HOME, &[Card::WandOfSmashing, Card::Eclipse]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[
            play_card(Card::WandOfSmashing, Some(h)),
            play_card(Card::Eclipse, None),
        ],
    );
    assert_eq!(profile(&g, h), ((6, 2, 3, 7), SkillSet::of(&goblin)));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(profile(&g, h), ((6, 2, 3, 7), SkillSet::of(&goblin)));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(profile(&g, h), own);
    assert!(!g.players[h.index()].has(Skill::MightyBlow));
}

/// §31.5: Heckler (his skills silenced to the end of his next turn) then Zap! (a frog to
/// the end of the drive) on one opponent: Heckler ending gives the frog his frog's skills,
/// not his own; the drive's end gives his own back.
#[test]
fn a_suppression_ending_under_a_frog_gives_back_no_own_skills() {
    let frog = [
        Skill::Dodge,
        Skill::Leap,
        Skill::NoHands,
        Skill::Stunty,
        Skill::Titchy,
    ];
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.find(AWAY, "Black Orc Blocker", 0);
    s.put(h, 24, 7)
        .put(o, 15, 7)
        .skill(o, Skill::Block)
        .skill(o, Skill::Loner)
        .ball(Ball::Held { player: h });
    let own = profile(&s.game, o);
    s.hand(HOME, &[Card::Heckler, Card::Zap]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[play_card(Card::Heckler, Some(o))]);
    assert_eq!(profile(&g, o).1, SkillSet::of(&[Skill::Loner]));
    play(
        &mut g,
        [d6(4)],
        &[Command::EndTurn, play_card(Card::Zap, Some(o))],
    );
    // The frog under the Heckler: only the frog's compulsory skills.
    assert_eq!(
        profile(&g, o),
        (
            (4, 1, 4, 4),
            SkillSet::of(&[Skill::NoHands, Skill::Stunty, Skill::Titchy])
        )
    );
    play(&mut g, [], &[Command::EndTurn]);
    // The Heckler is over: a whole frog, and no Block nor Loner of his own.
    assert_eq!(profile(&g, o), ((4, 1, 4, 4), SkillSet::of(&frog)));
    let ev = play(&mut g, [], &[mv(h), step(25, 7)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert_eq!(profile(&g, o), own);
}

/// §31.5: Zap! then Heckler on one opponent: the frog silenced; Heckler ending gives the
/// frog's skills back; the drive's end his own.
#[test]
fn a_suppression_made_on_a_frog_gives_back_the_frogs_skills() {
    let frog = [
        Skill::Dodge,
        Skill::Leap,
        Skill::NoHands,
        Skill::Stunty,
        Skill::Titchy,
    ];
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.find(AWAY, "Black Orc Blocker", 0);
    s.put(h, 24, 7)
        .put(o, 15, 7)
        .skill(o, Skill::Block)
        .ball(Ball::Held { player: h });
    let own = profile(&s.game, o);
    s.hand(HOME, &[Card::Zap, Card::Heckler]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [d6(4)],
        &[
            Command::NoCard,
            Command::EndTurn,
            play_card(Card::Zap, Some(o)),
        ],
    );
    play(&mut g, [], &[Command::EndTurn]);
    play(&mut g, [], &[play_card(Card::Heckler, Some(o))]);
    assert_eq!(
        profile(&g, o),
        (
            (4, 1, 4, 4),
            SkillSet::of(&[Skill::NoHands, Skill::Stunty, Skill::Titchy])
        )
    );
    play(&mut g, [], &[Command::EndTurn, Command::EndTurn]);
    assert_eq!(profile(&g, o), ((4, 1, 4, 4), SkillSet::of(&frog)));
    let ev = play(&mut g, [], &[mv(h), step(25, 7)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert_eq!(profile(&g, o), own);
}

/// §31.5: Eclipse (Home's, every player a Goblin to the end of Away's turn) then Away's
/// Heckler on a Home player (to the end of Home's next turn): Eclipse ending first gives
/// him his own profile still silenced; Heckler ending gives his skills back.
#[test]
fn a_transformation_ending_under_a_suppression_keeps_the_suppression() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 5, 7)
        .put(o, 15, 7)
        .skill(h, Skill::Block)
        .skill(h, Skill::Loner);
    let own = profile(&s.game, h);
    s.hand(HOME, &[Card::Eclipse]);
    s.hand(AWAY, &[Card::Heckler]);
    let mut g = s.turn(HOME, 1);
    play(
        &mut g,
        [],
        &[play_card(Card::Eclipse, None), Command::EndTurn],
    );
    play(&mut g, [], &[play_card(Card::Heckler, Some(h))]);
    // A Goblin silenced: Stunty only.
    assert_eq!(
        profile(&g, h),
        ((6, 2, 3, 7), SkillSet::of(&[Skill::Stunty]))
    );
    play(&mut g, [], &[Command::EndTurn]);
    // Eclipse is over, Heckler is not: his own characteristics, his compulsory skills.
    assert_eq!(profile(&g, h), (own.0, SkillSet::of(&[Skill::Loner])));
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(profile(&g, h), own);
}

// ----- §31.7 Hurry Up Offense: free turns outside the turn markers -----

fn end_action() -> Command {
    Command::EndAction
}

/// The rolls of a card's effect (the free turn's D6 after each Action).
fn card_dice(ev: &[Event]) -> Vec<u16> {
    rolls(ev, RollPurpose::CardEffect)
        .iter()
        .map(|r| r.faces[0])
        .collect()
}

/// §31.7 Hurry Up Offense: played before the marker moves, a free turn at once: a D6
/// after each Action, going on on 2+, ending on a 1; then the opponent's free turn the
/// same way; then the card player's own turn, his marker moving only then.
#[test]
fn hurry_up_offense_gives_two_free_turns_outside_the_markers() {
    let mut s = scen();
    let (h, h2) = (s.player(HOME, 0), s.player(HOME, 1));
    let (o, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(h, 5, 7).put(h2, 5, 9).put(o, 20, 7).put(o2, 20, 9);
    s.hand(HOME, &[Card::HurryUpOffense]);
    s.game.teams[1].turns = 2;
    let mut g = s.turn(HOME, 3);
    assert_eq!(
        *kind(&g),
        PromptKind::PlayCard {
            window: Window::BeforeTurnMarker
        }
    );
    assert_eq!([g.teams[0].turns, g.teams[1].turns], [2, 2]);
    let ev = play(&mut g, [], &[play_card(Card::HurryUpOffense, None)]);
    assert!(ev.contains(&Event::FreeTurn { side: HOME }));
    assert_eq!(g.active, Some(HOME));
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
    // 4 after the first Action: the free turn goes on.
    let ev = play(&mut g, [d6(4)], &[mv(h), step(6, 7), end_action()]);
    assert_eq!(card_dice(&ev), vec![4]);
    assert_eq!(g.active, Some(HOME));
    // 1 after the second: Away's free turn.
    let ev = play(&mut g, [d6(1)], &[mv(h2), step(6, 9), end_action()]);
    assert_eq!(card_dice(&ev), vec![1]);
    assert!(ev.contains(&Event::FreeTurn { side: AWAY }));
    assert_eq!(g.active, Some(AWAY));
    assert_eq!([g.teams[0].turns, g.teams[1].turns], [2, 2]);
    let ev = play(&mut g, [d6(2)], &[mv(o), step(19, 7), end_action()]);
    assert_eq!(card_dice(&ev), vec![2]);
    assert_eq!(g.active, Some(AWAY));
    let ev = play(&mut g, [d6(1)], &[mv(o2), step(19, 9), end_action()]);
    assert!(ev.contains(&Event::TurnStarted {
        side: HOME,
        turn: 3,
        blitz_bonus: false
    }));
    // Home's own turn: its marker moves now, Away's never did; every player may act.
    assert_eq!(g.active, Some(HOME));
    assert_eq!([g.teams[0].turns, g.teams[1].turns], [3, 2]);
    assert!(legal_commands(&g).contains(&mv(h)));
    assert!(!g.players[h.index()].acted);
    assert_eq!(state(&g, h), standing(6, 7));
    assert_eq!(state(&g, o), standing(19, 7));
}

/// §31.7 Hurry Up Offense: a turnover ends the free turn (no D6 rolled); the opponent's
/// free turn follows, and may be ended by its coach; the card is spent.
#[test]
fn hurry_up_offense_free_turn_ends_on_a_turnover() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 10, 7).put(o, 11, 7).rerolls(HOME, 0);
    s.hand(HOME, &[Card::HurryUpOffense]);
    let mut g = s.turn(HOME, 2);
    let ev = play(
        &mut g,
        [d6(1), d6(1), d6(1)],
        &[play_card(Card::HurryUpOffense, None), mv(h), step(9, 7)],
    );
    assert!(turnover_of(&ev).is_some());
    assert!(card_dice(&ev).is_empty());
    assert!(ev.contains(&Event::FreeTurn { side: AWAY }));
    assert_eq!(g.active, Some(AWAY));
    assert_eq!(g.teams[0].turns, 1);
    let ev = play(&mut g, [], &[Command::EndTurn]);
    assert!(ev.contains(&Event::TurnStarted {
        side: HOME,
        turn: 2,
        blitz_bonus: false
    }));
    assert!(g.cards.hands[0].is_empty());
    assert_eq!(g.cards.hurry, None);
}

/// §31.7 Hurry Up Offense: a touchdown in the card player's free turn is held (the score
/// unchanged, his free turn over); it counts at the end of the opponent's free turn if
/// his player still holds the ball in the end zone, no marker moving.
#[test]
fn hurry_up_offense_touchdown_counts_if_the_ball_is_still_in_the_end_zone() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 24, 6).put(o, 15, 7).ball(Ball::Held { player: h });
    s.hand(HOME, &[Card::HurryUpOffense]);
    let mut g = s.turn(HOME, 3);
    let ev = play(
        &mut g,
        [],
        &[play_card(Card::HurryUpOffense, None), mv(h), step(25, 7)],
    );
    assert!(ev.contains(&Event::TouchdownPending {
        side: HOME,
        player: h
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert!(card_dice(&ev).is_empty());
    assert_eq!(g.score, [0, 0]);
    assert_eq!(g.active, Some(AWAY));
    // Away's free turn: nothing reaches him.
    let ev = play(&mut g, [d6(1)], &[mv(o), step(16, 7), end_action()]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Touchdown {
            side: HOME,
            player: Some(p),
            ..
        } if *p == h
    )));
    assert_eq!(g.score, [1, 0]);
    assert_eq!([g.teams[0].turns, g.teams[1].turns], [2, 0]);
    assert_eq!(g.cards.hurry, None);
}

/// §31.7 Hurry Up Offense: the held touchdown does not count when the opponent's free turn
/// takes the ball from the end zone; the card player's own turn follows.
#[test]
fn hurry_up_offense_touchdown_is_void_if_the_ball_is_lost() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let o = s.player(AWAY, 0);
    s.put(h, 24, 6)
        .put(o, 25, 8)
        .ball(Ball::Held { player: h })
        .rerolls(AWAY, 0);
    s.hand(HOME, &[Card::HurryUpOffense]);
    let mut g = s.turn(HOME, 3);
    play(
        &mut g,
        [],
        &[play_card(Card::HurryUpOffense, None), mv(h), step(25, 7)],
    );
    assert_eq!(g.active, Some(AWAY));
    // Away blocks him down (Defender Down, armour 1+1), the ball bounces up; 1: over.
    play(
        &mut g,
        [bd(6)],
        &[
            Command::Block {
                player: o,
                target: h,
            },
            Command::Push { square: sq(25, 6) },
        ],
    );
    let ev = play(
        &mut g,
        [d6(1), d6(1), (Die::D8, 2), d6(1)],
        &[Command::FollowUp { follow: false }],
    );
    assert_eq!(state(&g, h), prone(25, 6));
    assert!(ev.contains(&Event::TouchdownDisallowed { side: HOME }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert_eq!(g.score, [0, 0]);
    assert_eq!(g.active, Some(HOME));
    assert_eq!(g.teams[0].turns, 3);
}

// ----- §31.8 Blackmail: an opponent played as one's own for a turn -----

/// §31.8 Blackmail: at the start of his turn the coach plays one opponent (not the ball
/// carrier) as his own: he acts for him, his tackle zone and assists work for him, every
/// view shows him so; the referee still counts him as his own team's; at the turn's end he
/// is his own team's again.
#[test]
fn blackmail_plays_an_opponent_as_ones_own_for_the_turn() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let (o, o2, a) = (s.player(AWAY, 0), s.player(AWAY, 1), s.player(AWAY, 2));
    s.put(h, 12, 7)
        .put(o, 10, 7)
        .put(o2, 11, 7)
        .put(a, 20, 7)
        .ball(Ball::Held { player: a })
        .rerolls(HOME, 0);
    s.hand(HOME, &[Card::Blackmail]);
    let mut g = s.turn(HOME, 1);
    let legal = legal_commands(&g);
    assert!(legal.contains(&play_card(Card::Blackmail, Some(o))));
    assert!(!legal.contains(&play_card(Card::Blackmail, Some(a))));
    assert!(!legal.contains(&play_card(Card::Blackmail, Some(h))));
    let ev = play(&mut g, [], &[play_card(Card::Blackmail, Some(o))]);
    assert!(ev.contains(&Event::ControlledBy {
        player: o,
        side: HOME
    }));
    assert_eq!(g.players[o.index()].side, HOME);
    assert_eq!(g.owner(o), AWAY);
    assert_eq!(view(&g).players[o.index()].side, HOME);
    let legal = legal_commands(&g);
    assert!(legal.contains(&mv(o)));
    assert!(legal.contains(&Command::Block {
        player: o,
        target: o2
    }));
    assert!(!legal.contains(&mv(o2)));
    // His tackle zone is on his team-mates now, not on Home: beside o, o2 and h, the
    // square (11, 8) is in two tackle zones for Away (o's, h's), one for Home (o2's).
    assert_eq!(g.tackle_zones(AWAY, sq(11, 8), None), 2);
    assert_eq!(g.tackle_zones(HOME, sq(11, 8), None), 1);
    assert_eq!(g.tackle_zones(HOME, sq(9, 7), None), 0);
    // He assists h's block on his team-mate: two dice.
    let ev = play(
        &mut g,
        [bd(6), bd(6)],
        &[Command::Block {
            player: h,
            target: o2,
        }],
    );
    assert_eq!(rolls(&ev, RollPurpose::Block)[0].faces.len(), 2);
    let mut g2 = s.turn(HOME, 1);
    play(
        &mut g2,
        [],
        &[play_card(Card::Blackmail, Some(o)), Command::EndTurn],
    );
    assert_eq!(g2.players[o.index()].side, AWAY);
    assert_eq!(g2.owner(o), AWAY);
    assert_eq!(view(&g2).players[o.index()].side, AWAY);
    assert_eq!(g2.active, Some(AWAY));
    assert!(legal_commands(&g2).contains(&mv(o)));
    assert_eq!(g2.cards.blackmail, None);
}

/// §31.8 Blackmail: his failed dodge is the blackmailer's turnover.
#[test]
fn blackmail_a_blackmailed_players_turnover_is_the_blackmailers() {
    let mut s = scen();
    let (o, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(o, 10, 7).put(o2, 11, 7).rerolls(HOME, 0);
    s.hand(HOME, &[Card::Blackmail]);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(1), d6(1), d6(1)],
        &[play_card(Card::Blackmail, Some(o)), mv(o), step(9, 7)],
    );
    assert!(ev.contains(&Event::TurnoverCaused {
        side: HOME,
        reason: Turnover::KnockedDown
    }));
    assert_eq!(state(&g, o), prone(9, 7));
    assert!(ev.contains(&Event::ControlledBy {
        player: o,
        side: AWAY
    }));
    assert_eq!(g.active, Some(AWAY));
}

/// §31.8 Blackmail: he cannot score for the blackmailer: holding the ball in the
/// blackmailer's end zone scores nothing.
#[test]
fn blackmail_he_cannot_score_for_the_blackmailer() {
    let mut s = scen();
    let h = s.player(HOME, 0);
    let (o, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(h, 24, 7)
        .put(o, 23, 8)
        .put(o2, 15, 7)
        .ball(Ball::Held { player: h })
        .rerolls(HOME, 0);
    s.hand(HOME, &[Card::Blackmail]);
    let mut g = s.turn(HOME, 1);
    // h hands off to o (catch 6), who walks into Home's end zone: no touchdown.
    let ev = play(
        &mut g,
        [d6(6)],
        &[
            play_card(Card::Blackmail, Some(o)),
            Command::Declare {
                player: h,
                action: ActionKind::HandOff,
            },
            Command::HandOff { target: o },
        ],
    );
    assert_eq!(g.ball, Ball::Held { player: o });
    assert!(turnover_of(&ev).is_none());
    let ev = play(&mut g, [], &[mv(o), step(24, 8), step(25, 8), end_action()]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert_eq!(g.score, [0, 0]);
    assert_eq!(g.active, Some(HOME));
}

/// §31.8 Blackmail: the referee does not send the blackmailed player off for a foul on his
/// team-mates, a double on the armour roll and all (no turnover either).
#[test]
fn blackmail_a_blackmailed_fouler_is_not_sent_off() {
    let mut s = scen();
    let (f, v) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(f, 10, 7).rerolls(HOME, 0);
    s.game
        .set_state(v, PlayerState::Prone { square: sq(11, 7) });
    s.hand(HOME, &[Card::Blackmail]);
    let mut g = s.turn(HOME, 1);
    let ev = play(
        &mut g,
        [d6(2), d6(2)],
        &[
            play_card(Card::Blackmail, Some(f)),
            Command::Declare {
                player: f,
                action: ActionKind::Foul,
            },
            Command::Foul { target: v },
        ],
    );
    assert_eq!(rolls(&ev, RollPurpose::Armour)[0].faces, vec![2, 2]);
    assert!(!ev.iter().any(|e| matches!(e, Event::SentOff { .. })));
    assert!(turnover_of(&ev).is_none());
    assert_eq!(state(&g, f), standing(10, 7));
    assert_eq!(g.active, Some(HOME));
}

/// §31.8 Blackmail: hurt in the blackmailer's turn, he is his own team's for the
/// apothecary: his own coach is asked, and his own team's apothecary is spent.
#[test]
fn blackmail_his_own_apothecary_looks_after_him() {
    let mut s = scen();
    let (o, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    s.put(o, 10, 7)
        .put(o2, 11, 7)
        .rerolls(HOME, 0)
        .apothecary(HOME, true)
        .apothecary(AWAY, true);
    s.hand(HOME, &[Card::Blackmail]);
    let mut g = s.turn(HOME, 1);
    // A failed dodge, armour 6+6 broken, injury 4+4: knocked out.
    play(
        &mut g,
        [d6(1), d6(6), d6(6), d6(4), d6(4)],
        &[play_card(Card::Blackmail, Some(o)), mv(o), step(9, 7)],
    );
    assert!(matches!(
        kind(&g),
        PromptKind::Apothecary {
            injury: InjuryOutcome::KnockedOut,
            ..
        }
    ));
    assert_eq!(g.prompt.coach, Some(AWAY));
    play(&mut g, [], &[Command::Apothecary { use_it: true }]);
    assert!(!g.teams[1].apothecary);
    assert!(g.teams[0].apothecary);
    assert_eq!(state(&g, o), stunned(9, 7));
}

// ----- §31.10 Fanatic Invasion: the neutral Goblin Fanatic -----

fn invade(x: i8, y: i8) -> Command {
    Command::PlayCard {
        card: Card::FanaticInvasion,
        player: None,
        square: Some(sq(x, y)),
        choice: None,
    }
}

/// Home (a lineman at (5, 7), the ball at (8, 3)) ends turn 1 and plays Fanatic Invasion on
/// (10, 7): the game at Away's Action prompt, and the Fanatic's id.
fn invaded(s: &mut Scenario) -> (Game, PlayerId) {
    invaded_at(s, 10, 7)
}

/// As [`invaded`], the Fanatic on (x, y).
fn invaded_at(s: &mut Scenario, x: i8, y: i8) -> (Game, PlayerId) {
    s.hand(HOME, &[Card::FanaticInvasion]);
    let mut g = s.turn(HOME, 1);
    play(&mut g, [], &[Command::EndTurn]);
    let f = PlayerId(g.players.len() as u8);
    play(&mut g, [], &[invade(x, y)]);
    (g, f)
}

fn fanatic_scen() -> (Scenario, PlayerId) {
    let mut s = scen();
    let a = s.player(HOME, 0);
    s.put(a, 5, 7)
        .ball(Ball::Ground { square: sq(8, 3) })
        .rerolls(HOME, 3)
        .rerolls(AWAY, 3);
    (s, a)
}

/// §31.10 Fanatic Invasion: played when his turn ends, on any empty square (not one with a
/// player, nor [Proposal] the ball's): a neutral Goblin Fanatic with the Goblin roster's
/// Fanatic profile (MA 3, ST 7, AG 3, AV 7; Ball & Chain, No Hands, Secret Weapon, Stunty),
/// shown neutral in the view. He is not moved at the end of the turn the card is played
/// ([Proposal]): the opponent's turn starts.
#[test]
fn fanatic_invasion_puts_a_neutral_goblin_fanatic_on_an_empty_square() {
    let (mut s, a) = fanatic_scen();
    s.hand(HOME, &[Card::FanaticInvasion]);
    let mut g = s.turn(HOME, 1);
    assert!(
        !legal_commands(&g).contains(&invade(10, 7)),
        "not at the start of his turn"
    );
    play(&mut g, [], &[Command::EndTurn]);
    let legal = legal_commands(&g);
    assert!(legal.contains(&invade(10, 7)) && legal.contains(&invade(0, 0)));
    assert!(!legal.contains(&invade(5, 7)), "a player's square");
    assert!(!legal.contains(&invade(8, 3)), "the ball's square");
    let f = PlayerId(g.players.len() as u8);
    let ev = play(&mut g, [], &[invade(10, 7)]);
    let p = &g.players[f.index()];
    assert!(p.neutral);
    assert_eq!((p.ma, p.st, p.ag, p.av), (3, 7, 3, 7));
    for k in [
        Skill::BallAndChain,
        Skill::NoHands,
        Skill::SecretWeapon,
        Skill::Stunty,
    ] {
        assert!(p.has(k), "{k:?}");
    }
    assert_eq!(state(&g, f), standing(10, 7));
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::PlayerJoined { player } if player.id == f && player.neutral)
        )
    );
    let v = view(&g);
    assert!(v.players[f.index()].neutral);
    assert_eq!(g.active, Some(AWAY));
    assert_eq!(*kind(&g), PromptKind::Action { blitz_bonus: false });
    assert_eq!(state(&g, a), standing(5, 7));
    // The deck's other unbuilt card is Ball Clone only: the deck is still refused for it.
    assert_eq!(Deck::MiscellaneousMayhem.unbuilt(), vec![Card::BallClone]);
    let err = new_game(
        setup_with(vec![Deck::MiscellaneousMayhem], vec![]),
        &mut dice([]),
    )
    .unwrap_err();
    let SetupError::NotImplemented { what } = err else {
        panic!("{err:?}")
    };
    assert!(
        what.contains("Ball Clone") && !what.contains("Fanatic Invasion"),
        "{what}"
    );
}

/// §31.10: the Fanatic has no tackle zone [S] and is nobody's player [Proposal]: no coach
/// declares an Action for him, nobody blocks, blitzes or fouls him, he gives no assist, and
/// leaving his side takes no dodge.
#[test]
fn the_neutral_fanatic_has_no_tackle_zone_and_is_nobodys_player() {
    let (mut s, _) = fanatic_scen();
    let h = s.player(HOME, 1);
    let (o, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    // An Orc beside the Fanatic (10, 7), a Human beside both.
    s.put(o, 11, 7).put(h, 11, 8).put(o2, 9, 8);
    let (mut g, f) = invaded(&mut s);
    let legal = legal_commands(&g);
    assert!(legal.iter().all(|c| !matches!(c,
        Command::Block { target, .. } if *target == f)));
    assert!(legal.iter().all(|c| !matches!(c,
        Command::Declare { player, .. } | Command::Block { player, .. } if *player == f)));
    assert!(legal.contains(&Command::Block {
        player: o,
        target: h
    }));
    // The Orc (ST 3) blocks the Human (ST 3) beside the Fanatic: one die, no assist for
    // either from the Fanatic next to both.
    let ev = play(
        &mut g,
        [bd(3)],
        &[
            Command::Block {
                player: o,
                target: h,
            },
            Command::Decline,
            Command::Push { square: sq(11, 9) },
            Command::FollowUp { follow: false },
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::BlockDeclared {
            attacker_st: 3,
            defender_st: 3,
            dice: 1,
            ..
        }
    )));
    // An Orc at (9, 8) leaves the Fanatic's side with no dodge; a Blitz may not target him.
    let ev = play(
        &mut g,
        [],
        &[Command::Declare {
            player: o2,
            action: ActionKind::Blitz,
        }],
    );
    assert!(legal_commands(&g).iter().all(|c| !matches!(c,
        Command::BlitzBlock { target } if *target == f)));
    let ev2 = play(&mut g, [], &[Command::Step { to: sq(8, 9) }]);
    assert!(
        rolls(&ev, RollPurpose::Dodge).is_empty() && rolls(&ev2, RollPurpose::Dodge).is_empty()
    );
    assert_eq!(state(&g, o2), standing(8, 9));
}

/// §31.10: each coach may move him once, only at the end of his own turn [S]: a Ball & Chain
/// move (§26.2): the coach names the facing once (G143), each MA square is rolled on the
/// throw-in template, no dodge; then each go-for-it is his choice, the same facing. For the
/// move his side is that coach's.
#[test]
fn each_coach_moves_the_fanatic_at_the_end_of_his_own_turn() {
    let (mut s, _) = fanatic_scen();
    let (mut g, f) = invaded(&mut s);
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert_eq!(
        *kind(&g),
        PromptKind::FanaticMove {
            player: f,
            gfi: false
        }
    );
    let legal = legal_commands(&g);
    assert_eq!(legal.len(), 5);
    assert!(legal.contains(&Command::EndAction));
    assert!(legal.contains(&Command::Step { to: sq(10, 6) }));
    // Facing (11, 7): 3 straight, 1 the upper diagonal, 6 the lower one.
    let ev = play(
        &mut g,
        [d6(3), d6(1), d6(6)],
        &[Command::Step { to: sq(11, 7) }],
    );
    assert!(ev.contains(&Event::FanaticMove {
        player: f,
        side: AWAY,
        toward: sq(11, 7)
    }));
    assert_eq!(rolls(&ev, RollPurpose::ThrowInDirection).len(), 3);
    assert_eq!(state(&g, f), standing(13, 7));
    assert_eq!(g.players[f.index()].side, AWAY);
    assert_eq!(view(&g).players[f.index()].side, AWAY);
    // MA used: go for it (the facing held) or stop.
    assert_eq!(
        *kind(&g),
        PromptKind::FanaticMove {
            player: f,
            gfi: true
        }
    );
    assert_eq!(
        legal_commands(&g),
        vec![Command::Step { to: sq(14, 7) }, Command::EndAction]
    );
    // One GFI (2+ passes), the template's 3: (14, 7); then he stops.
    let ev = play(
        &mut g,
        [d6(2), d6(3)],
        &[Command::Step { to: sq(14, 7) }, Command::EndAction],
    );
    assert_eq!(rolls(&ev, RollPurpose::Gfi).len(), 1);
    assert_eq!(state(&g, f), standing(14, 7));
    assert_eq!(g.active, Some(HOME), "Home's turn starts");
    // Home's turn ends: Home's coach may move him, or leave him.
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.prompt.coach, Some(HOME));
    assert!(matches!(
        kind(&g),
        PromptKind::FanaticMove { gfi: false, .. }
    ));
    play(&mut g, [], &[Command::EndAction]);
    assert_eq!(state(&g, f), standing(14, 7));
    assert_eq!(g.active, Some(AWAY));
}

/// §31.10, §26.2: moving into a standing player, the Fanatic blocks him, friend or foe of
/// the coach moving him, with no offensive assist [S] (the defender's team-mates assist as
/// usual); that coach chooses the dice of the stronger Fanatic and the push, and he follows
/// up. No team re-roll is his ([Proposal]: nobody's turn).
#[test]
fn the_fanatic_blocks_whoever_is_in_the_way_without_offensive_assists() {
    let (mut s, _) = fanatic_scen();
    let (h, h2) = (s.player(HOME, 1), s.player(HOME, 2));
    let (o, o2) = (s.player(AWAY, 0), s.player(AWAY, 1));
    // The Human (ST 4) at (13, 7) is in the way; an Orc beside him would assist anyone
    // else; a Human beside (12, 7), in no Orc's zone, assists the defender.
    s.put(h, 13, 7)
        .stats(h, 6, 4, 3, 8)
        .put(o, 14, 8)
        .put(o2, 20, 2)
        .put(h2, 11, 6);
    let (mut g, f) = invaded(&mut s);
    play(&mut g, [], &[Command::EndTurn]);
    // Away faces him to (11, 7): two 3s to (12, 7), a third into the Human: 7 against
    // 4 + 1, two dice, Away's choice.
    let ev = play(
        &mut g,
        [d6(3), d6(3), d6(3), bd(3), bd(6)],
        &[Command::Step { to: sq(11, 7) }],
    );
    assert!(ev.iter().any(|e| matches!(e,
        Event::BlockDeclared { attacker, defender, attacker_st: 7, defender_st: 5, dice: 2, chooser: AWAY }
            if *attacker == f && *defender == h)));
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert!(matches!(kind(&g), PromptKind::BlockDice { .. }));
    assert!(
        legal_commands(&g)
            .iter()
            .all(|c| !matches!(c, Command::Reroll { .. })),
        "no team re-roll"
    );
    // Defender Down: Away pushes him to (14, 7), the Fanatic follows; armour 1+1 holds.
    play(
        &mut g,
        [d6(1), d6(1)],
        &[
            Command::BlockDie { index: 1 },
            Command::Push { square: sq(14, 7) },
        ],
    );
    assert_eq!(state(&g, h), prone(14, 7));
    assert_eq!(state(&g, f), standing(13, 7), "followed up");
    assert!(matches!(
        kind(&g),
        PromptKind::FanaticMove { gfi: true, .. }
    ));
    play(&mut g, [], &[Command::EndAction]);
    assert_eq!(g.active, Some(HOME));
    assert_eq!(g.turnover, None);
}

/// §31.10, §26.2: a Fanatic who falls (a failed go-for-it) rolls injury at once, no armour
/// roll, Stunned read as KO; [Proposal] no apothecary is his, no re-roll, and nothing of his
/// move is a turnover: the next turn starts as usual. Off the pitch he is not moved again.
#[test]
fn a_falling_fanatic_is_injured_at_once_with_no_turnover() {
    let (mut s, _) = fanatic_scen();
    s.apothecary(AWAY, true).apothecary(HOME, true);
    let (mut g, f) = invaded(&mut s);
    play(&mut g, [], &[Command::EndTurn]);
    // Three 3s to (13, 7); a GFI failed on a 1; injury 2 + 3: Stunned, so KO.
    let ev = play(
        &mut g,
        [d6(3), d6(3), d6(3), d6(1), d6(2), d6(3)],
        &[
            Command::Step { to: sq(11, 7) },
            Command::Step { to: sq(14, 7) },
        ],
    );
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert_eq!(state(&g, f), PlayerState::KnockedOut);
    assert_eq!(turnover_of(&ev), None);
    assert_eq!(g.active, Some(HOME));
    assert_eq!(*kind(&g), PromptKind::Action { blitz_bonus: false });
    assert!(g.team(AWAY).apothecary && g.team(HOME).apothecary);
    // Home's turn ends: no Fanatic to move.
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.active, Some(AWAY));
}

/// §31.10, §26.2: moved off the pitch, the crowd beats him up (an injury roll) and he is
/// out of the drive; the referee removes him at the drive's end in any case.
#[test]
fn the_crowd_beats_up_a_fanatic_moved_off_the_pitch() {
    let (mut s, _) = fanatic_scen();
    let (mut g, f) = invaded_at(&mut s, 10, 0);
    play(&mut g, [], &[Command::EndTurn]);
    // Facing the sideline: the 3 goes straight off; injury 1 + 1: Stunned, in the Reserves.
    let ev = play(
        &mut g,
        [d6(3), d6(1), d6(1)],
        &[Command::Step { to: sq(10, -1) }],
    );
    assert!(ev.contains(&Event::PushedIntoCrowd { player: f }));
    assert_eq!(state(&g, f), PlayerState::Reserve);
    assert_eq!(g.active, Some(HOME));
    assert!(
        legal_commands(&g)
            .iter()
            .all(|c| !matches!(c, Command::Declare { player, .. } if *player == f))
    );
}

/// §31.10, §26.17: moving onto the loose ball, the Fanatic (No Hands) makes it bounce and
/// goes on moving: no turnover ([Proposal]: nobody's turn).
#[test]
fn the_fanatic_bounces_the_ball_and_moves_on() {
    let (mut s, _) = fanatic_scen();
    let (mut g, f) = invaded_at(&mut s, 8, 4);
    play(&mut g, [], &[Command::EndTurn]);
    // Facing (8, 3): onto the ball, which bounces left to (7, 3); then (8, 2), (8, 1).
    let ev = play(
        &mut g,
        [d6(3), (Die::D8, 4), d6(3), d6(3)],
        &[Command::Step { to: sq(8, 3) }],
    );
    assert_eq!(g.ball, Ball::Ground { square: sq(7, 3) });
    assert_eq!(state(&g, f), standing(8, 1));
    assert_eq!(turnover_of(&ev), None);
    assert!(matches!(
        kind(&g),
        PromptKind::FanaticMove { gfi: true, .. }
    ));
}

/// §31.10, §18.1: a carrier the Fanatic pushes into the end zone he attacks scores, and the
/// drive ends there; the referee removes the Fanatic at the drive's end (no Secret Weapon
/// sending-off: he is nobody's player).
#[test]
fn a_carrier_the_fanatic_pushes_into_the_end_zone_scores_and_the_fanatic_leaves() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let c = s.player(AWAY, 0);
    s.put(a, 12, 7)
        .put(c, 1, 7)
        .ball(Ball::Held { player: c })
        .rerolls(AWAY, 0);
    let (mut g, f) = invaded_at(&mut s, 3, 7);
    play(&mut g, [], &[Command::EndTurn]);
    // Away faces him to (2, 7): a 3 there, a 3 into Away's own carrier: 3 dice, Pushed,
    // Away pushes him into Home's end zone.
    let ev = play(
        &mut g,
        [d6(3), d6(3), bd(3), bd(3), bd(3)],
        &[
            Command::Step { to: sq(2, 7) },
            Command::Push { square: sq(0, 7) },
        ],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Touchdown { side: AWAY, .. }))
    );
    assert_eq!(g.score, [0, 1]);
    assert_eq!(state(&g, f), PlayerState::Absent);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::SentOff { player, .. } if *player == f))
    );
    assert!(g.active.is_none());
}

/// §31.10 with §31.9 Come On Boys!: the Fanatic is moved once a turn: when the card resumes
/// a turn ended by a turnover (the Fanatic offered to move before the card moment), its real
/// end offers him no second move.
#[test]
fn the_fanatic_moves_once_a_turn_even_when_come_on_boys_resumes_it() {
    let (mut s, a) = fanatic_scen();
    s.stats(a, 0, 3, 3, 8).rerolls(HOME, 0);
    s.hand(HOME, &[Card::FanaticInvasion, Card::ComeOnBoys]);
    let mut g = s.turn(HOME, 1);
    let f = PlayerId(g.players.len() as u8);
    play(&mut g, [], &[Command::EndTurn, invade(10, 7)]);
    assert_eq!(g.active, Some(AWAY));
    play(&mut g, [], &[Command::EndTurn, Command::EndAction]);
    assert_eq!(g.active, Some(HOME));
    // A failed go-for-it (armour 1 + 1 holds): a turnover; Home leaves the Fanatic, then
    // plays Come On Boys!: the turn goes on.
    play(
        &mut g,
        [d6(1), d6(1), d6(1)],
        &[mv(a), Command::Step { to: sq(6, 7) }],
    );
    assert!(matches!(kind(&g), PromptKind::FanaticMove { player, gfi: false } if *player == f));
    play(
        &mut g,
        [],
        &[Command::EndAction, play_card(Card::ComeOnBoys, None)],
    );
    assert_eq!(g.active, Some(HOME));
    assert_eq!(*kind(&g), PromptKind::Action { blitz_bonus: false });
    // The turn's real end: Away's turn, no second move of the Fanatic.
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.active, Some(AWAY));
    assert_eq!(*kind(&g), PromptKind::Action { blitz_bonus: false });
}

/// §31.10 [Proposal]: the neutral Fanatic is nobody's: in the match summary (§22) he is no
/// side's hired player, and his KO and casualty count for no side, suffered or inflicted.
#[test]
fn the_neutral_fanatic_counts_for_no_side_in_the_summary() {
    let g = scen().turn(HOME, 1);
    let h = g.players[0].id;
    let f = PlayerId(g.players.len() as u8);
    let mut fan = view(&g).players[0].clone();
    fan.id = f;
    fan.number = 0;
    fan.neutral = true;
    let log = vec![
        Event::PlayerJoined {
            player: Box::new(fan),
        },
        Event::Injured {
            player: f,
            outcome: InjuryOutcome::KnockedOut,
            cause: Cause::Blocking,
            by: Some(h),
        },
        Event::Casualty {
            player: f,
            result: CasualtyResult::BadlyHurt,
            cause: Cause::Blocking,
            by: Some(h),
        },
    ];
    let summary = <Game as dugout_rules::core::Ruleset>::summarise(&g.setup, &log);
    assert_eq!(summary.injuries, [0, 0]);
    assert_eq!(summary.count("casualties"), [0, 0]);
    assert_eq!(summary.count("ko"), [0, 0]);
    assert_eq!(summary.count("badly_hurt"), [0, 0]);
}

/// §31.10 [Proposal]: no card names the neutral Fanatic: Pit Trap (any standing player) is
/// offered on the players of both teams, never on him.
#[test]
fn no_card_names_the_neutral_fanatic() {
    let (mut s, a) = fanatic_scen();
    let o = s.player(AWAY, 0);
    s.put(o, 15, 7);
    s.hand(HOME, &[Card::FanaticInvasion, Card::PitTrap]);
    let mut g = s.turn(HOME, 1);
    let f = PlayerId(g.players.len() as u8);
    play(&mut g, [], &[Command::EndTurn, invade(10, 7)]);
    assert!(g.players[f.index()].neutral);
    // Still Home's card moment: Pit Trap on either team's standing player, not the Fanatic.
    let legal = legal_commands(&g);
    assert!(legal.contains(&play_card(Card::PitTrap, Some(a))));
    assert!(legal.contains(&play_card(Card::PitTrap, Some(o))));
    assert!(!legal.contains(&play_card(Card::PitTrap, Some(f))));
}
