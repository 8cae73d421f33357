//! Random Event cards (2024 advanced option): set-up, the top-of-deck trigger, the ten events
//! and what the views show (§6.1.1, §5.8, §3.19.4, §3.21, G13, G21, G28, G42).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;
use data::{BoardSide, RandomEvent};

const E24: Edition = Edition::Bb2024;

fn events_setup() -> MatchSetup {
    let mut st = setup(E24, TeamId::Human, TeamId::Orc);
    st.options.random_events = true;
    st
}

/// Home's second turn with Random Events: four players a side on the pitch (Home on y = 10,
/// Away on y = 0), cards 10 and 16 active, space 3 empty, and `events` under the deck's top
/// card (25): the Pre-Turn refresh deals card 25 and then draws them in order.
fn event_scen(events: &[RandomEvent]) -> Scenario {
    let mut s = Scenario::new(events_setup());
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 4);
    s.active_card(0, 10).active_card(1, 16);
    s.events_under_top(events);
    s
}

fn drew(ev: &[Event], event: RandomEvent) -> bool {
    has_event(
        ev,
        &Event::RandomEvent {
            coach: Side::Home,
            event,
        },
    )
}

fn drawn(ev: &[Event]) -> Vec<RandomEvent> {
    ev.iter()
        .filter_map(|e| match e {
            Event::RandomEvent { event, .. } => Some(*event),
            _ => None,
        })
        .collect()
}

/// Identity Fisher-Yates picks for `n` items (the order is kept).
fn keep_order(n: u16) -> Vec<(Die, u16)> {
    (1..n).rev().map(|i| pick(i + 1, i)).collect()
}

#[test]
fn six_events_are_shuffled_into_the_deck_after_the_deal_and_never_left_on_top() {
    // §6.1.1 step 1; 2024
    let mut st = events_setup();
    st.options.board_side = Some(BoardSide::OneTrapdoor);
    let mut d = dice([pick(2, 0)]);
    d.push(keep_order(26)); // the challenge deck: card 25 on top
    d.push(keep_order(12)); // the 12 events: the first six are taken
    d.push(keep_order(29)); // 23 cards + 6 events, unchanged: an event is on top
    d.push([pick(29, 0)]); // so shuffle again: the top swaps with the bottom card
    d.push(keep_order(28));
    let (g, ev) = new_game(st, &mut d).unwrap();
    assert_eq!(d.remaining(), 0);
    // Cards 25, 24, 23 were dealt before the events went in.
    assert_eq!(
        g.active_cards,
        [Some(CardId(25)), Some(CardId(24)), Some(CardId(23))]
    );
    assert_eq!(g.deck.len(), 23 + 6);
    let events: Vec<RandomEvent> = g
        .deck
        .iter()
        .filter_map(|c| match c {
            DeckCard::Event(e) => Some(*e),
            DeckCard::Challenge(_) => None,
        })
        .collect();
    assert_eq!(events.len(), 6);
    for e in data::RANDOM_EVENT_CARDS[..6].iter() {
        assert!(events.contains(e), "{e:?}");
    }
    assert_eq!(g.deck.last(), Some(&DeckCard::Challenge(CardId(0))));
    assert_eq!(
        g.deck[0],
        DeckCard::Event(RandomEvent::ImpatientCoaches),
        "the event that was on top went to the bottom"
    );
    // The shuffles are hidden from every seat; the views show a challenge on top.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Rolled(r) if r.purpose == RollPurpose::Shuffle))
    );
    for seat in [
        Seat::Coach(Side::Home),
        Seat::Coach(Side::Away),
        Seat::Spectator,
    ] {
        assert!(
            ev.iter()
                .filter_map(|e| e.project(seat))
                .all(|e| !matches!(e, Event::Rolled(r) if r.purpose == RollPurpose::Shuffle))
        );
        let v = view(&g, seat);
        assert!(!v.deck_top_is_event);
        assert_eq!(v.deck_remaining, 29);
    }
    assert_eq!(kind(&g), PromptKind::SetUp);
}

#[test]
fn a_shuffled_deck_never_starts_with_an_event_on_top() {
    // §6.1.1 [PROPOSAL] events never occupy active spaces; 2024
    for seed in 0..40 {
        let mut st = events_setup();
        st.options.board_side = Some(BoardSide::OneTrapdoor);
        let mut d = ChaChaDice::from_u64(seed);
        let (g, _) = new_game(st, &mut d).unwrap();
        assert!(matches!(g.deck.last(), Some(DeckCard::Challenge(_))));
        let n = g
            .deck
            .iter()
            .filter(|c| matches!(c, DeckCard::Event(_)))
            .count();
        assert_eq!(n, 6, "seed {seed}");
    }
}

#[test]
fn an_event_under_the_dealt_card_is_drawn_by_the_active_coach_and_discarded() {
    // §6.1.1 steps 2-3, §3.19.4 (2024) step 3; 2024
    let mut s = event_scen(&[RandomEvent::GetTheRef]);
    s.loose_ball(7, 3);
    let (g, ev) = s.start_turn(&mut no_dice());
    assert!(drew(&ev, RandomEvent::GetTheRef));
    assert!(g.persistent.get_the_ref);
    // Card 25 went to space 3; the event never occupies a space.
    assert_eq!(
        g.active_cards,
        [Some(CardId(10)), Some(CardId(16)), Some(CardId(25))]
    );
    assert_eq!(g.discard, vec![DeckCard::Event(RandomEvent::GetTheRef)]);
    assert_eq!(g.deck.last(), Some(&DeckCard::Challenge(CardId(24))));
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn two_events_in_a_row_are_both_resolved_and_the_check_repeats() {
    // §6.1.1 step 2 ("If the next top card is also a Random Event, repeat"); 2024
    let mut s = event_scen(&[
        RandomEvent::CrumblingAstrogranitePitch,
        RandomEvent::GenerousCoaches,
    ]);
    s.loose_ball(7, 3);
    let (g, ev) = s.start_turn(&mut no_dice());
    assert_eq!(
        drawn(&ev),
        vec![
            RandomEvent::CrumblingAstrogranitePitch,
            RandomEvent::GenerousCoaches
        ]
    );
    // After the first was drawn the second showed its back on top.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DeckTop {
            challenge: None,
            event_back: true,
            ..
        }
    )));
    assert!(g.persistent.crumbling_pitch && g.persistent.generous_coaches);
    assert_eq!(
        g.discard,
        vec![
            DeckCard::Event(RandomEvent::CrumblingAstrogranitePitch),
            DeckCard::Event(RandomEvent::GenerousCoaches)
        ]
    );
    assert_eq!(g.deck.last(), Some(&DeckCard::Challenge(CardId(24))));
    let v = view(&g, Seat::Spectator);
    assert_eq!(
        v.events_resolved,
        vec![
            RandomEvent::CrumblingAstrogranitePitch,
            RandomEvent::GenerousCoaches
        ]
    );
    assert!(v.persistent.crumbling_pitch && v.persistent.generous_coaches);
}

#[test]
fn an_event_that_empties_the_deck_counts_as_the_last_card_dealt() {
    // §6.1.1 [PROPOSAL], §3.21 Points Victory, G21; 2024
    let mut s = event_scen(&[]);
    s.deck(&[
        DeckCard::Event(RandomEvent::GetTheRef),
        DeckCard::Challenge(CardId(25)),
    ]);
    s.loose_ball(7, 3);
    s.game.score = [3, 1];
    let (mut g, ev) = s.start_turn(&mut no_dice());
    assert!(drew(&ev, RandomEvent::GetTheRef));
    assert!(g.deck.is_empty());
    assert_eq!(
        g.final_turns_left,
        Some(2),
        "this turn and the other coach's"
    );
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(g.outcome, None);
    assert_eq!(g.turn.active, Some(Side::Away));
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(
        g.outcome,
        Some(Outcome::Points {
            winner: Some(Side::Home)
        })
    );
}

#[test]
fn face_down_events_in_the_deck_are_invisible_to_every_seat() {
    // G28 (no one sees face-down Random Events), §6.1.1 step 1; 2024
    let mut s = event_scen(&[RandomEvent::TrapdoorMonster]);
    s.loose_ball(7, 3);
    let g = s.at_action_prompt();
    for seat in [
        Seat::Coach(Side::Home),
        Seat::Coach(Side::Away),
        Seat::Spectator,
    ] {
        let v = view(&g, seat);
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains("TrapdoorMonster"), "{seat:?}: {json}");
        assert_eq!(v.deck_top, Some(Challenge::TieThemUp)); // card 25
        assert!(!v.deck_top_is_event);
        assert_eq!(v.deck_remaining, 24 + 1);
        assert!(v.events_resolved.is_empty());
    }
}

#[test]
fn banana_skins_each_coach_lays_down_an_open_opponent_active_coach_first() {
    // §5.8 Banana Skins ([PROPOSAL] the active coach picks first); 2024
    let mut s = event_scen(&[RandomEvent::BananaSkins]);
    let carrier = s.player(Side::Away, 1); // (7,0)
    let ball = s.give_ball(carrier);
    // A Marked pair is not offered.
    let hm = s.player(Side::Home, 4);
    let am = s.player(Side::Away, 4);
    s.stand(hm, 3, 5).stand(am, 4, 5);
    let home0 = s.player(Side::Home, 0); // (5,10)
    let (mut g, ev) = s.start_turn(&mut no_dice());
    assert!(drew(&ev, RandomEvent::BananaSkins));
    assert_eq!(
        kind(&g),
        PromptKind::EventPlayer {
            event: RandomEvent::BananaSkins
        }
    );
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    let offered = legal_commands(&g);
    assert_eq!(offered.len(), 4, "Away's four Open players: {offered:?}");
    assert!(offered.contains(&Command::ChoosePlayer { player: carrier }));
    assert!(!offered.contains(&Command::ChoosePlayer { player: am }));
    assert_refused(&mut g, Command::ChoosePlayer { player: home0 });
    assert_refused(&mut g, Command::Decline);
    // Prone with no Armour check; the ball bounces: D8 6 is down, (7,0) -> (7,1).
    let mut d = dice([d8(6)]);
    go(&mut g, &mut d, Command::ChoosePlayer { player: carrier });
    assert_eq!(d.remaining(), 0);
    assert_eq!(at(&g, carrier), prone(7, 0));
    assert_eq!(g.ball_at(sq(7, 1)), Some(ball));
    // Then Away picks one of Home's Open players.
    assert_eq!(prompt(&g).coach, Some(Side::Away));
    assert!(!is_legal_cmd(&g, Command::ChoosePlayer { player: hm }));
    go(
        &mut g,
        &mut no_dice(),
        Command::ChoosePlayer { player: home0 },
    );
    assert_eq!(at(&g, home0), prone(5, 10));
    assert_eq!(at(&g, hm), standing(3, 5));
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(prompt(&g).coach, Some(Side::Home));
}

#[test]
fn banana_skins_skips_a_coach_with_no_open_opponent() {
    // §5.8 Banana Skins ("if any"); 2024
    let mut s = Scenario::new(events_setup());
    let h = s.player(Side::Home, 0);
    let a = s.player(Side::Away, 0);
    let lone = s.player(Side::Away, 1);
    s.stand(h, 3, 5).stand(a, 4, 5).stand(lone, 9, 9);
    s.loose_ball(7, 3);
    s.active_card(0, 10).active_card(1, 16);
    s.events_under_top(&[RandomEvent::BananaSkins]);
    let (mut g, _) = s.start_turn(&mut no_dice());
    // Home may pick the lone Away player; Away has no Open Home player to pick.
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    go(
        &mut g,
        &mut no_dice(),
        Command::ChoosePlayer { player: lone },
    );
    assert_eq!(at(&g, lone), prone(9, 9));
    assert_eq!(at(&g, h), standing(3, 5));
    assert!(matches!(
        kind(&g),
        PromptKind::Action | PromptKind::FreeAction { .. }
    ));
}

#[test]
fn crumbling_astrogranite_pitch_gives_minus_one_to_armour_after_blocks_within_the_cap() {
    // §5.8 Crumbling Astrogranite Pitch, §3.4 modifier cap, G16; 2024
    let mut s = event_scen(&[RandomEvent::CrumblingAstrogranitePitch]);
    s.loose_ball(7, 3);
    let catcher = s.player(Side::Home, 4);
    let orc = s.player(Side::Away, 0); // Lineman, Armour 3+
    s.stand(catcher, 3, 5).stand(orc, 4, 5);
    let thrower = s.position(Side::Home, "Thrower");
    let orc_thrower = s.position(Side::Away, "Thrower"); // Armour 3+
    s.stand(thrower, 9, 5).stand(orc_thrower, 10, 5);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert!(g.persistent.crumbling_pitch);
    // Smash, Armour roll 3: 3 - 1 = 2 fails 3+.
    let mut d = dice([block(BlockFace::Smash), d6(3)]);
    let ev = go(
        &mut g,
        &mut d,
        action(catcher, ActionChoice::Block { target: orc }),
    );
    let armour = rolls(&ev, RollPurpose::Armour);
    assert_eq!((armour[0].modifier, armour[0].success), (-1, Some(false)));
    assert_eq!(at(&g, orc), Place::Reserves);
    // Kerrunch! and the pitch: the net -2 is capped at -1, so a 4 still passes 3+.
    let mut d = dice([block(BlockFace::Kerrunch), d6(4)]);
    let ev = go(
        &mut g,
        &mut d,
        action(
            thrower,
            ActionChoice::Block {
                target: orc_thrower,
            },
        ),
    );
    let armour = rolls(&ev, RollPurpose::Armour);
    assert_eq!((armour[0].modifier, armour[0].success), (-1, Some(true)));
    assert_eq!(at(&g, orc_thrower), prone(10, 5));
}

#[test]
fn generous_coaches_adds_a_point_to_every_touchdown_and_every_claim() {
    // §5.8 Generous Coaches, §3.18; 2024
    let mut s = event_scen(&[RandomEvent::GenerousCoaches]);
    s.active_card(0, 20); // Showboat for the Crowd! (1 point)
    let catcher = s.player(Side::Home, 4);
    s.stand(catcher, 13, 2);
    s.give_ball(catcher);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert!(g.persistent.generous_coaches);
    let mut d = no_dice();
    go(&mut g, &mut d, action(catcher, ActionChoice::Run));
    go(&mut g, &mut d, move_to(14, 2));
    let td = go(&mut g, &mut d, Command::StopMoving);
    let claim = go(&mut g, &mut d, Command::Claim { slot: 0 });
    let reasons: Vec<(ScoreReason, u16)> = td
        .iter()
        .chain(claim.iter())
        .filter_map(|e| match e {
            Event::Scored { reason, points, .. } => Some((*reason, *points)),
            _ => None,
        })
        .collect();
    assert_eq!(
        reasons,
        vec![
            (ScoreReason::Touchdown, 4),
            (ScoreReason::GenerousCoaches, 1),
            (ScoreReason::Challenge, 1),
            (ScoreReason::GenerousCoaches, 1),
        ]
    );
    assert_eq!(points(&g, Side::Home), 7);
}

#[test]
fn get_the_ref_turns_spotted_into_slipped_and_take_that_into_got_them() {
    // §5.8 Get the Ref!, §6.1.4 Foul results; 2024
    let mut s = event_scen(&[RandomEvent::GetTheRef]);
    s.game.setup.options.special_actions = true; // the Foul (built; the option is refused)
    s.loose_ball(7, 3);
    let f1 = s.player(Side::Home, 4);
    let t1 = s.player(Side::Away, 4);
    s.stand(f1, 3, 5).prone(t1, 4, 5);
    let f2 = s.player(Side::Home, 5);
    let t2 = s.player(Side::Away, 5);
    s.stand(f2, 9, 5).prone(t2, 10, 5);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert!(g.persistent.get_the_ref);
    // Miss (Spotted!) counts as Slipped!: the fouler stays, finished for the turn.
    let mut d = dice([block(BlockFace::Miss)]);
    go(
        &mut g,
        &mut d,
        action(f1, ActionChoice::Foul { target: t1 }),
    );
    assert_eq!(at(&g, f1), standing(3, 5));
    assert_eq!(at(&g, t1), prone(4, 5));
    assert!(g.pt(f1).finished);
    // Tackle (Take That!) counts as Got Them!: the target is Injured, the fouler stays.
    let mut d = dice([block(BlockFace::Tackle)]);
    go(
        &mut g,
        &mut d,
        action(f2, ActionChoice::Foul { target: t2 }),
    );
    assert_eq!(at(&g, t2), Place::Reserves);
    assert_eq!(at(&g, f2), standing(9, 5));
    assert!(!g.pt(f2).finished);
}

#[test]
fn empty_the_bench_offers_every_reserves_player_a_free_reserves_action_active_coach_first() {
    // §5.8 Empty the Bench ([PROPOSAL] active coach first); 2024
    let mut s = event_scen(&[RandomEvent::EmptyTheBench]);
    s.loose_ball(7, 3);
    let (h4, h5) = (s.player(Side::Home, 4), s.player(Side::Home, 5));
    let (a4, a5) = (s.player(Side::Away, 4), s.player(Side::Away, 5));
    let (mut g, ev) = s.start_turn(&mut no_dice());
    assert!(drew(&ev, RandomEvent::EmptyTheBench));
    let offer = |g: &Game| match kind(g) {
        PromptKind::FreeAction { player, grant } => (prompt(g).coach, player, grant),
        k => panic!("expected a free action, got {k:?}"),
    };
    assert_eq!(
        offer(&g),
        (Some(Side::Home), h4, FreeGrant::Reserves),
        "Home's bench first"
    );
    let mut d = no_dice();
    go(
        &mut g,
        &mut d,
        action(h4, ActionChoice::Reserves { square: sq(0, 0) }),
    );
    assert_eq!(offer(&g), (Some(Side::Home), h5, FreeGrant::Reserves));
    go(&mut g, &mut d, Command::Decline);
    assert_eq!(offer(&g), (Some(Side::Away), a4, FreeGrant::Reserves));
    go(
        &mut g,
        &mut d,
        action(a4, ActionChoice::Reserves { square: sq(14, 4) }),
    );
    assert_eq!(offer(&g), (Some(Side::Away), a5, FreeGrant::Reserves));
    go(&mut g, &mut d, Command::Decline);
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(at(&g, h4), standing(0, 0));
    assert_eq!(at(&g, a4), standing(14, 4));
    assert_eq!((at(&g, h5), at(&g, a5)), (Place::Reserves, Place::Reserves));
    assert_eq!(g.turn.actions_taken, 0, "free actions");
}

#[test]
fn impatient_coaches_discards_the_active_cards_and_each_new_deal_runs_the_event_check() {
    // §5.8 Impatient Coaches, §6.1.1 step 2; 2024
    let mut s = event_scen(&[]);
    // Top first: 25, Impatient Coaches, 24, Generous Coaches, 23, 22 ...
    s.deck(&[
        DeckCard::Challenge(CardId(21)),
        DeckCard::Challenge(CardId(22)),
        DeckCard::Challenge(CardId(23)),
        DeckCard::Event(RandomEvent::GenerousCoaches),
        DeckCard::Challenge(CardId(24)),
        DeckCard::Event(RandomEvent::ImpatientCoaches),
        DeckCard::Challenge(CardId(25)),
    ]);
    s.loose_ball(7, 3);
    let (g, ev) = s.start_turn(&mut no_dice());
    assert_eq!(
        drawn(&ev),
        vec![RandomEvent::ImpatientCoaches, RandomEvent::GenerousCoaches]
    );
    assert!(g.persistent.generous_coaches);
    assert_eq!(
        g.active_cards,
        [Some(CardId(24)), Some(CardId(23)), Some(CardId(22))]
    );
    for c in [10, 16, 25] {
        assert!(g.discard.contains(&DeckCard::Challenge(CardId(c))), "{c}");
    }
    assert_eq!(g.deck, vec![DeckCard::Challenge(CardId(21))]);
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn impatient_coaches_with_an_event_under_it_resolves_that_event_before_dealing() {
    // §5.8 Impatient Coaches, §6.1.1 ([PROPOSAL] events never occupy spaces); 2024
    let mut s = event_scen(&[RandomEvent::ImpatientCoaches, RandomEvent::GetTheRef]);
    s.loose_ball(7, 3);
    let (g, ev) = s.start_turn(&mut no_dice());
    assert_eq!(
        drawn(&ev),
        vec![RandomEvent::ImpatientCoaches, RandomEvent::GetTheRef]
    );
    assert!(g.persistent.get_the_ref);
    assert_eq!(
        g.active_cards,
        [Some(CardId(24)), Some(CardId(23)), Some(CardId(22))]
    );
}

#[test]
fn multi_ball_brings_one_new_ball_when_a_ball_is_in_play() {
    // §5.8 Multi-Ball, §3.16.5 New Ball!; 2024
    let mut s = event_scen(&[RandomEvent::MultiBall]);
    let old = s.loose_ball(7, 3);
    // The new ball comes up through the trapdoor (7,5) and bounces: D8 4 is right.
    let mut d = dice([d8(4)]);
    let (g, ev) = s.start_turn(&mut d);
    assert_eq!(d.remaining(), 0);
    assert!(drew(&ev, RandomEvent::MultiBall));
    assert_eq!(g.balls.len(), 2);
    assert_eq!(g.ball_at(sq(7, 3)), Some(old));
    let new = g.ball_at(sq(8, 5)).unwrap();
    assert!(has_event(
        &ev,
        &Event::BallEntered {
            ball: new,
            kind: data::BallKind::Standard,
            square: sq(7, 5)
        }
    ));
}

#[test]
fn multi_ball_brings_two_new_balls_when_none_is_in_play() {
    // §5.8 Multi-Ball, §3.16.5, §3.16.4; 2024
    let mut s = event_scen(&[RandomEvent::MultiBall]);
    let on_door = s.player(Side::Away, 4);
    s.stand(on_door, 7, 5);
    // First ball: the player on the trapdoor is Injured, the ball bounces right to (8,5).
    // Second ball: left to (6,5). No third ball from the Pre-Turn's New Ball! step.
    let mut d = dice([d8(4), d8(8)]);
    let (g, ev) = s.start_turn(&mut d);
    assert_eq!(d.remaining(), 0);
    assert_eq!(g.balls.len(), 2);
    assert!(g.ball_at(sq(8, 5)).is_some() && g.ball_at(sq(6, 5)).is_some());
    assert_eq!(at(&g, on_door), Place::Reserves);
    let entered = ev
        .iter()
        .filter(|e| matches!(e, Event::BallEntered { square, .. } if *square == sq(7, 5)))
        .count();
    assert_eq!(entered, 2);
}

#[test]
fn pitch_invasion_injures_each_opponent_rolled_a_kerrunch() {
    // §5.8 Pitch Invasion; 2024
    let mut s = event_scen(&[RandomEvent::PitchInvasion]);
    let a: Vec<PlayerId> = (0..4).map(|i| s.player(Side::Away, i)).collect();
    let h: Vec<PlayerId> = (0..4).map(|i| s.player(Side::Home, i)).collect();
    let ball = s.give_ball(a[0]); // at (5,0)
    s.prone(a[3], 11, 0); // Prone players are rolled for too
    let mut d = dice([
        // Home rolls for Away's players, in order: the carrier is Injured, its ball bounces
        // down from (5,0) to (5,1).
        block(BlockFace::Kerrunch),
        d8(6),
        block(BlockFace::Smash),
        block(BlockFace::Miss),
        block(BlockFace::Kerrunch),
        // Away rolls for Home's players.
        block(BlockFace::Tackle),
        block(BlockFace::Kerrunch),
        block(BlockFace::Shove),
        block(BlockFace::Smash),
    ]);
    let (g, ev) = s.start_turn(&mut d);
    assert_eq!(d.remaining(), 0);
    let r = rolls(&ev, RollPurpose::PitchInvasion);
    assert_eq!(r.len(), 8);
    assert_eq!(r[0].coach, Some(Side::Home));
    assert_eq!(r[4].coach, Some(Side::Away));
    assert_eq!(at(&g, a[0]), Place::Reserves);
    assert_eq!(at(&g, a[1]), standing(7, 0));
    assert_eq!(at(&g, a[2]), standing(9, 0));
    assert_eq!(at(&g, a[3]), Place::Reserves);
    assert_eq!(at(&g, h[0]), standing(5, 10));
    assert_eq!(at(&g, h[1]), Place::Reserves);
    assert_eq!(at(&g, h[2]), standing(9, 10));
    assert_eq!(g.ball_at(sq(5, 1)), Some(ball));
}

#[test]
fn reset_bounces_held_balls_then_both_teams_set_up_again_active_coach_first() {
    // §5.8 Reset, G42; 2024
    let mut s = event_scen(&[RandomEvent::Reset]);
    let holder = s.player(Side::Home, 0); // (5,10)
    let held = s.give_ball(holder);
    let loose = s.loose_ball(0, 3); // in Home's end zone: it stays
    let downed = s.player(Side::Away, 4);
    s.prone(downed, 8, 8);
    // The held ball bounces from (5,10): D8 2 is up, to (5,9).
    let mut d = dice([d8(2)]);
    let (mut g, ev) = s.start_turn(&mut d);
    assert_eq!(d.remaining(), 0);
    assert!(drew(&ev, RandomEvent::Reset));
    assert_eq!(g.ball_at(sq(5, 9)), Some(held));
    assert_eq!(g.ball_at(sq(0, 3)), Some(loose));
    assert!(g.players.iter().all(|p| p.place == Place::Reserves));
    assert_eq!(kind(&g), PromptKind::SetUp);
    assert_eq!(prompt(&g).coach, Some(Side::Home), "the active coach first");
    assert!(
        !is_legal_cmd(
            &g,
            Command::PlacePlayer {
                player: holder,
                square: sq(0, 3)
            }
        ),
        "not on the loose ball while other squares are free"
    );
    let mut placed = Vec::new();
    while kind(&g) == PromptKind::SetUp {
        let cmd = legal_commands(&g)[0];
        placed.push(prompt(&g).coach);
        go(&mut g, &mut no_dice(), cmd);
    }
    assert_eq!(placed.iter().filter(|c| **c == Some(Side::Home)).count(), 6);
    assert_eq!(placed.last(), Some(&Some(Side::Away)));
    for p in &g.players {
        let x = if p.side == Side::Home { 0 } else { 14 };
        assert!(matches!(p.place, Place::Standing(s) if s.x == x), "{:?}", p);
    }
    assert_eq!(g.ball_at(sq(0, 3)), Some(loose));
    // The turn goes on.
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.turn.active, Some(Side::Home));
    assert_eq!(g.turn.actions_taken, 0);
}

#[test]
fn trapdoor_monster_injures_the_player_on_the_trapdoor_and_fells_its_standing_neighbours() {
    // §5.8 Trapdoor Monster; 2024
    let mut s = event_scen(&[RandomEvent::TrapdoorMonster]);
    s.loose_ball(7, 1);
    let victim = s.player(Side::Away, 4);
    s.stand(victim, 7, 5);
    let ball = s.give_ball(victim);
    let next = s.player(Side::Home, 4);
    s.stand(next, 6, 5);
    let lying = s.player(Side::Away, 5);
    s.prone(lying, 8, 6);
    let far = s.player(Side::Home, 5);
    s.stand(far, 5, 5);
    // The victim's ball bounces from the trapdoor (unlike New Ball!): D8 2, up to (7,4).
    // No Armour checks.
    let mut d = dice([d8(2)]);
    let (g, ev) = s.start_turn(&mut d);
    assert_eq!(d.remaining(), 0);
    assert!(drew(&ev, RandomEvent::TrapdoorMonster));
    assert_eq!(at(&g, victim), Place::Reserves);
    assert_eq!(g.ball_at(sq(7, 4)), Some(ball));
    assert_eq!(at(&g, next), prone(6, 5));
    assert_eq!(at(&g, lying), prone(8, 6));
    assert_eq!(at(&g, far), standing(5, 5));
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
}

#[test]
fn trapdoor_monster_picks_a_random_trapdoor_on_the_two_trapdoor_side() {
    // §5.8 Trapdoor Monster ("a random trapdoor"), §2.2 G2; 2024
    let mut st = events_setup();
    st.options.board_side = Some(BoardSide::TwoTrapdoors);
    let mut s = Scenario::new(st);
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 4);
    s.active_card(0, 10).active_card(1, 16);
    s.events_under_top(&[RandomEvent::TrapdoorMonster]);
    s.loose_ball(7, 1);
    let on_first = s.player(Side::Home, 4);
    let on_second = s.player(Side::Away, 4);
    s.stand(on_first, 7, 3).stand(on_second, 7, 7);
    let mut d = dice([pick(2, 1)]);
    let (g, ev) = s.start_turn(&mut d);
    assert_eq!(d.remaining(), 0);
    assert_eq!(rolls(&ev, RollPurpose::Trapdoor).len(), 1);
    assert_eq!(at(&g, on_second), Place::Reserves);
    assert_eq!(at(&g, on_first), standing(7, 3));
}

fn resolved(ev: &[Event]) -> Vec<RandomEvent> {
    ev.iter()
        .filter_map(|e| match e {
            Event::RandomEventResolved { event } => Some(*event),
            _ => None,
        })
        .collect()
}

/// Banana Skins with an Open player on each team, so each coach has a pick to make.
fn banana_skins_scen() -> (Scenario, PlayerId, PlayerId) {
    let mut s = event_scen(&[RandomEvent::BananaSkins]);
    s.loose_ball(7, 3);
    let away = s.player(Side::Away, 0);
    let home = s.player(Side::Home, 0);
    (s, away, home)
}

#[test]
fn a_random_event_is_reported_resolved_once_its_last_decision_is_made() {
    // BB digest §6.1.1 step 3 (resolved, then discarded), §5.8 Banana Skins; rules version
    // 2; 2024
    let (mut s, away, home) = banana_skins_scen();
    let (mut g, ev) = s.start_turn(&mut no_dice());
    assert_eq!(g.rules_version, 2);
    assert!(drew(&ev, RandomEvent::BananaSkins));
    assert!(resolved(&ev).is_empty(), "Home has still to pick");
    assert!(view(&g, Seat::Spectator).events_resolved.is_empty());
    let ev = go(
        &mut g,
        &mut no_dice(),
        Command::ChoosePlayer { player: away },
    );
    assert!(resolved(&ev).is_empty(), "Away has still to pick");
    let ev = go(
        &mut g,
        &mut no_dice(),
        Command::ChoosePlayer { player: home },
    );
    assert_eq!(resolved(&ev), vec![RandomEvent::BananaSkins]);
    assert_eq!(g.discard, vec![DeckCard::Event(RandomEvent::BananaSkins)]);
    assert_eq!(
        view(&g, Seat::Spectator).events_resolved,
        vec![RandomEvent::BananaSkins]
    );
}

#[test]
fn a_rules_version_1_match_resolves_random_events_without_reporting_it() {
    // Rules versions (docs/design.md): a stored version 1 match replays with its own events;
    // BB digest §6.1.1 step 3; 2024
    let (mut s, away, home) = banana_skins_scen();
    s.game.rules_version = 1;
    let (mut g, mut ev) = s.start_turn(&mut no_dice());
    ev.extend(go(
        &mut g,
        &mut no_dice(),
        Command::ChoosePlayer { player: away },
    ));
    ev.extend(go(
        &mut g,
        &mut no_dice(),
        Command::ChoosePlayer { player: home },
    ));
    assert!(resolved(&ev).is_empty());
    assert_eq!(g.discard, vec![DeckCard::Event(RandomEvent::BananaSkins)]);
}

#[test]
fn an_event_drawn_while_impatient_coaches_deals_is_resolved_first() {
    // BB digest §5.8 Impatient Coaches (its deal runs the event check, §6.1.1 step 2), §6.1.1
    // step 3; 2024
    let mut s = event_scen(&[RandomEvent::ImpatientCoaches, RandomEvent::GetTheRef]);
    s.loose_ball(7, 3);
    let (g, ev) = s.start_turn(&mut no_dice());
    assert_eq!(
        drawn(&ev),
        vec![RandomEvent::ImpatientCoaches, RandomEvent::GetTheRef]
    );
    assert_eq!(
        resolved(&ev),
        vec![RandomEvent::GetTheRef, RandomEvent::ImpatientCoaches]
    );
    assert_eq!(
        view(&g, Seat::Spectator).events_resolved,
        resolved(&ev),
        "the discard pile's order"
    );
}
