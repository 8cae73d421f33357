//! The match structure: pre-match (§4), set-up (§5), kick-off (§6) and its table (§7),
//! weather (§8), team turns (§9), scoring, drives, halves and the end (§18).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

fn setup() -> MatchSetup {
    MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Human),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    }
}

/// Nice weather, 10,000 fans each (FAME 0), Home wins the toss.
fn pre_match() -> Vec<(Die, u16)> {
    vec![d6(3), d6(4), d6(3), d6(3), d6(4), d6(4), pick(2, 0)]
}

/// Through the pre-match and both set-ups (standard formations) to the kick: Away kicks.
fn to_kick() -> Game {
    to_kick_with(setup())
}

/// [`to_kick`] from another setup (same fan factors, so the same pre-match dice).
fn to_kick_with(setup: MatchSetup) -> Game {
    let mut d = dice(pre_match());
    let (mut g, _) = new_game(setup, &mut d).unwrap();
    let f = Command::SetupFormation {
        formation: Formation::Standard,
    };
    play(
        &mut g,
        [],
        &[
            Command::ChooseKicking { kick: false },
            f,
            Command::SetupDone,
            f,
            Command::SetupDone,
        ],
    );
    assert!(matches!(kind(&g), PromptKind::PlaceKick));
    assert_eq!(g.prompt.coach, Some(AWAY));
    g
}

/// Kick to (6,7), scatter one square east twice to (8,7), the kick-off table `a`+`b`.
fn kick(g: &mut Game, a: u16, b: u16, more: Vec<(Die, u16)>) -> Vec<Event> {
    let mut script = vec![d8(5), d6(2), d6(a), d6(b)];
    script.extend(more);
    play(g, script, &[Command::PlaceKick { square: sq(6, 7) }])
}

fn kick_off_result(ev: &[Event]) -> KickOffResult {
    ev.iter()
        .find_map(|e| match e {
            Event::KickOff { result } => Some(*result),
            _ => None,
        })
        .unwrap()
}

/// §4.2, §4.3, §8, §4.4, §21 (fan factor): weather, the gate (2D6 + fan factor, thousands) and FAME, the toss
/// winner chooses to kick or receive.
#[test]
fn the_pre_match_rolls_weather_gate_fame_and_the_toss() {
    let mut d = dice([d6(1), d6(1), d6(6), d6(6), d6(1), d6(1), pick(2, 1)]);
    let (g, ev) = new_game(setup(), &mut d).unwrap();
    assert_eq!(g.weather, Weather::SwelteringHeat);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Gate {
            fans: [16_000, 4_000],
            fame: [2, 0]
        }
    )));
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert_eq!(
        legal_commands(&g),
        vec![
            Command::ChooseKicking { kick: true },
            Command::ChooseKicking { kick: false }
        ]
    );
}

/// §8: the weather table.
#[test]
fn the_weather_table() {
    use dugout_rules::bb::data::weather;
    assert_eq!(weather(2), Weather::SwelteringHeat);
    assert_eq!(weather(3), Weather::VerySunny);
    assert_eq!(
        (4..=10).map(weather).collect::<Vec<_>>(),
        vec![Weather::Nice; 7]
    );
    assert_eq!(weather(11), Weather::PouringRain);
    assert_eq!(weather(12), Weather::Blizzard);
}

/// §5.2, §1.2 (halves, wide zones, line of scrimmage): the kicking team sets up first; own
/// half only; at most 2 per wide zone; the
/// squares left keep 3 on the line reachable; done only when the formation is legal.
#[test]
fn set_up_offers_only_squares_that_keep_a_legal_formation() {
    let mut d = dice(pre_match());
    let (mut g, _) = new_game(setup(), &mut d).unwrap();
    play(&mut g, [], &[Command::ChooseKicking { kick: true }]);
    assert_eq!(g.prompt.coach, Some(HOME));
    assert!(!legal_commands(&g).contains(&Command::SetupDone));
    let pick = |g: &mut Game, n: u8| {
        play(
            g,
            [],
            &[Command::SetupPick {
                player: PlayerId(n),
            }],
        )
    };
    let place =
        |g: &mut Game, x: i8, y: i8| play(g, [], &[Command::SetupPlace { square: sq(x, y) }]);
    pick(&mut g, 0);
    let squares: Vec<Square> = legal_commands(&g)
        .iter()
        .filter_map(|c| match c {
            Command::SetupPlace { square } => Some(*square),
            _ => None,
        })
        .collect();
    assert!(squares.iter().all(|s| s.x <= 12), "own half only");
    assert!(squares.contains(&sq(0, 0)), "own end zone allowed (G25)");
    place(&mut g, 5, 1);
    pick(&mut g, 1);
    place(&mut g, 5, 2);
    pick(&mut g, 2);
    let legal = legal_commands(&g);
    assert!(
        !legal.contains(&Command::SetupPlace { square: sq(5, 3) }),
        "wide zone full"
    );
    assert!(legal.contains(&Command::SetupPlace { square: sq(5, 4) }));
    // Eight players off the line: the last three must go on it.
    let mut n = 2;
    for y in 4..=9 {
        place(&mut g, 5, y);
        n += 1;
        pick(&mut g, n);
    }
    assert!(legal_commands(&g).iter().all(|c| matches!(c, Command::SetupPlace { square } if square.x == 12 && (4..=10).contains(&square.y))));
    place(&mut g, 12, 4);
    for (k, y) in [(9u8, 5i8), (10, 6)] {
        pick(&mut g, k);
        place(&mut g, 12, y);
    }
    assert!(legal_commands(&g).contains(&Command::SetupDone));
}

/// §6.1, §6.2, §9.1, §9.3: the kick scatters D8 × D6, the table is rolled, an empty landing
/// square bounces, then the receiving team's first turn.
#[test]
fn the_kick_scatters_lands_and_the_receivers_play_first() {
    let mut g = to_kick();
    let ev = kick(&mut g, 4, 5, vec![]); // Quick Snap
    assert!(ev.iter().any(
        |e| matches!(e, Event::Kick { aimed, lands } if *aimed == sq(6, 7) && *lands == sq(8, 7))
    ));
    assert_eq!(kick_off_result(&ev), KickOffResult::QuickSnap);
    let ev = play(&mut g, [d8(2)], &[Command::Done]);
    assert_eq!(g.ball, Ball::Ground { square: sq(8, 6) });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TurnStarted {
            side: Side::Home,
            turn: 1,
            blitz_bonus: false
        }
    )));
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §6.2: a kick landing in the kicking team's half is a touchback.
#[test]
fn a_kick_into_the_kickers_half_is_a_touchback() {
    let mut g = to_kick();
    let ev = play(
        &mut g,
        [d8(5), d6(6), d6(4), d6(5)],
        &[Command::PlaceKick { square: sq(10, 7) }],
    );
    assert_eq!(kick_off_result(&ev), KickOffResult::QuickSnap);
    let ev = play(&mut g, [], &[Command::Done]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TouchbackAwarded { side: Side::Home }))
    );
    assert!(matches!(kind(&g), PromptKind::Touchback));
    let p = PlayerId(5);
    play(&mut g, [], &[Command::Touchback { player: p }]);
    assert_eq!(g.ball, Ball::Held { player: p });
}

/// §7 Get the Ref: each team gets a bribe.
#[test]
fn get_the_ref_gives_each_team_a_bribe() {
    let mut g = to_kick();
    let ev = kick(&mut g, 1, 1, vec![d8(2)]);
    assert_eq!(kick_off_result(&ev), KickOffResult::GetTheRef);
    assert_eq!([g.teams[0].bribes, g.teams[1].bribes], [1, 1]);
}

/// §7 Riot (G7): before the receivers' first turn both markers move forward one.
#[test]
fn a_riot_at_the_start_moves_both_markers_forward() {
    let mut g = to_kick();
    let ev = kick(&mut g, 1, 2, vec![d8(2)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TurnMarkers { turns: [1, 1] }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TurnStarted { turn: 2, .. }))
    );
}

/// §7 Perfect Defence: the kicking coach sets up again.
#[test]
fn perfect_defence_lets_the_kickers_set_up_again() {
    let mut g = to_kick();
    kick(&mut g, 1, 3, vec![]);
    assert!(matches!(
        kind(&g),
        PromptKind::Setup {
            perfect_defence: true,
            ..
        }
    ));
    assert_eq!(g.prompt.coach, Some(AWAY));
    assert!(!legal_commands(&g).contains(&Command::SetupBench));
    play(&mut g, [d8(2)], &[Command::SetupDone]);
    assert!(matches!(kind(&g), PromptKind::Action { .. }));
}

/// §7 High Kick: a free receiving player may move under the ball and must catch it.
#[test]
fn high_kick_moves_a_player_under_the_ball() {
    let mut g = to_kick();
    kick(&mut g, 2, 3, vec![]);
    assert!(matches!(kind(&g), PromptKind::HighKick { square } if *square == sq(8, 7)));
    let p = PlayerId(10);
    let ev = play(&mut g, [d6(5)], &[Command::HighKick { player: p }]);
    assert_eq!(state(&g, p), standing(8, 7));
    assert_eq!(rolls(&ev, RollPurpose::Catch)[0].modifier, 0);
    assert_eq!(g.ball, Ball::Held { player: p });
}

/// §7 Cheering Fans and Brilliant Coaching: D3 + FAME (+ cheerleaders / assistant
/// coaches): the higher gets a re-roll, a tie gives both one.
#[test]
fn cheering_fans_and_brilliant_coaching_give_rerolls() {
    let mut g = to_kick();
    kick(&mut g, 3, 3, vec![d6(6), d6(1), d8(2)]);
    assert_eq!([g.teams[0].rerolls, g.teams[1].rerolls], [4, 3]);
    let mut g = to_kick();
    kick(&mut g, 4, 4, vec![d6(1), d6(2), d8(2)]);
    assert_eq!([g.teams[0].rerolls, g.teams[1].rerolls], [4, 4]);
}

/// §7, §27.0: a sheet's cheerleaders add to its Cheering Fans roll and its assistant
/// coaches to its Brilliant Coaching roll: Away's D3 of 1 with two of each ties Home's 3,
/// so both teams get a re-roll (without them only Home does).
#[test]
fn the_sheets_cheerleaders_and_assistant_coaches_feed_the_kick_off_table() {
    let mut orc = starter_team(Roster::Orc);
    orc.cheerleaders = 2;
    orc.assistant_coaches = 2;
    let with_staff = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Human),
            TeamChoice::Sheet(Box::new(orc)),
        ],
        options: Options {
            budget: 1_040_000,
            ..Options::default()
        },
        pre_match: Box::default(),
    };
    for (a, b) in [(3, 3), (4, 4)] {
        let mut g = to_kick_with(with_staff.clone());
        assert_eq!(g.teams[1].cheerleaders, 2);
        assert_eq!(g.teams[1].assistant_coaches, 2);
        kick(&mut g, a, b, vec![d6(6), d6(1), d8(2)]);
        assert_eq!([g.teams[0].rerolls, g.teams[1].rerolls], [4, 4], "{a}+{b}");
        let mut g = to_kick();
        kick(&mut g, a, b, vec![d6(6), d6(1), d8(2)]);
        assert_eq!([g.teams[0].rerolls, g.teams[1].rerolls], [4, 3], "{a}+{b}");
    }
}

/// §7 Changing Weather: the weather is rolled again.
#[test]
fn changing_weather_rolls_the_weather_again() {
    let mut g = to_kick();
    let ev = kick(&mut g, 3, 4, vec![d6(6), d6(6), d8(2)]);
    assert_eq!(kick_off_result(&ev), KickOffResult::ChangingWeather);
    assert_eq!(g.weather, Weather::Blizzard);
}

/// §7 Changing Weather, §8: if the new weather is Nice the ball scatters one more square.
#[test]
fn changing_weather_to_nice_scatters_the_ball_once_more() {
    let mut g = to_kick();
    kick(&mut g, 3, 4, vec![d6(3), d6(4), d8(7), d8(2)]);
    assert_eq!(g.ball, Ball::Ground { square: sq(8, 7) });
}

/// §7 Quick Snap: receiving players move one square each, ignoring tackle zones.
#[test]
fn quick_snap_moves_receivers_one_square() {
    let mut g = to_kick();
    kick(&mut g, 4, 5, vec![]);
    let p = PlayerId(0); // on (12,6)
    play(
        &mut g,
        [],
        &[Command::QuickSnap {
            player: p,
            to: sq(13, 5),
        }],
    );
    assert_eq!(state(&g, p), standing(13, 5));
    assert!(
        !legal_commands(&g)
            .iter()
            .any(|c| matches!(c, Command::QuickSnap { player, .. } if *player == p))
    );
}

/// §7 Blitz! (G8): the kickers get a bonus turn that does not move their marker; players
/// in an opposing tackle zone may not act; then the kick lands.
#[test]
fn blitz_gives_the_kickers_a_bonus_turn() {
    let mut g = to_kick();
    let ev = kick(&mut g, 5, 5, vec![]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TurnStarted {
            side: Side::Away,
            turn: 0,
            blitz_bonus: true
        }
    )));
    assert!(matches!(kind(&g), PromptKind::Action { blitz_bonus: true }));
    // Away's line players (13,6..8) face Home's (12,6..8): they may not act.
    let legal = legal_commands(&g);
    let on_line: Vec<PlayerId> = g
        .players
        .iter()
        .filter(|p| p.side == AWAY && p.state.square().is_some_and(|s| s.x == 13))
        .map(|p| p.id)
        .collect();
    assert!(
        !legal
            .iter()
            .any(|c| matches!(c, Command::Declare { player, .. } if on_line.contains(player)))
    );
    assert!(!legal.iter().any(|c| matches!(
        c,
        Command::Declare {
            action: ActionKind::Pass,
            ..
        }
    )));
    let ev = play(&mut g, [d8(2)], &[Command::EndTurn]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TurnStarted {
            side: Side::Home,
            turn: 1,
            ..
        }
    )));
}

/// §2.2 (random player), §7 Throw a Rock: the higher D6 + FAME throws at a random opponent on the pitch: an
/// injury roll with no armour roll.
#[test]
fn throw_a_rock_injures_a_random_opponent() {
    let mut g = to_kick();
    let ev = kick(
        &mut g,
        5,
        6,
        vec![d6(6), d6(1), pick(11, 0), d6(1), d6(2), d8(2)],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Injured {
            cause: Cause::Rock,
            outcome: InjuryOutcome::Stunned,
            ..
        }
    )));
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    let victim = g
        .players
        .iter()
        .find(|p| p.side == AWAY && p.state.square().is_some())
        .unwrap();
    assert!(matches!(victim.state, PlayerState::Stunned { .. }));
}

/// §7 Pitch Invasion: D6 + FAME per opposing player on the pitch, 6+ stuns (never on a 1).
#[test]
fn a_pitch_invasion_stuns_players_on_six_plus() {
    let mut g = to_kick();
    let mut more: Vec<(Die, u16)> = vec![d6(6)];
    more.extend(std::iter::repeat_n(d6(5), 10));
    more.extend(std::iter::repeat_n(d6(1), 11));
    more.push(d8(2));
    kick(&mut g, 6, 6, more);
    let stunned = g
        .players
        .iter()
        .filter(|p| matches!(p.state, PlayerState::Stunned { .. }))
        .count();
    assert_eq!(stunned, 1);
}

/// §26.31, §7: rooting ends when the player goes to the ground in any way (« Mis à Terre »,
/// p.47), not only when Knocked Down: a rooted player stunned by a Pitch Invasion is free,
/// and the rooted players left standing stay rooted.
#[test]
fn a_rooted_player_stunned_by_a_pitch_invasion_is_rooted_no_more() {
    let mut g = to_kick();
    for p in g.players.iter_mut() {
        if p.state.square().is_some() {
            p.rooted = true;
        }
    }
    let mut more: Vec<(Die, u16)> = vec![d6(6)];
    more.extend(std::iter::repeat_n(d6(5), 10));
    more.extend(std::iter::repeat_n(d6(1), 11));
    more.push(d8(2));
    kick(&mut g, 6, 6, more);
    let stunned: Vec<_> = g
        .players
        .iter()
        .filter(|p| matches!(p.state, PlayerState::Stunned { .. }))
        .collect();
    assert_eq!(stunned.len(), 1);
    assert!(!stunned[0].rooted, "the stunned player is free");
    assert!(
        g.players
            .iter()
            .filter(|p| matches!(p.state, PlayerState::Standing { .. }))
            .all(|p| p.rooted),
        "the others stand rooted"
    );
}

/// §7: the kick-off table.
#[test]
fn the_kick_off_table() {
    use dugout_rules::bb::data::kick_off_result as k;
    assert_eq!(k(2), KickOffResult::GetTheRef);
    assert_eq!(k(7), KickOffResult::ChangingWeather);
    assert_eq!(k(10), KickOffResult::Blitz);
    assert_eq!(k(12), KickOffResult::PitchInvasion);
}

/// §9.2: Blitz, Pass, Hand-off and Foul once per turn; declaring uses it (G20).
#[test]
fn one_blitz_pass_hand_off_and_foul_per_turn() {
    let mut s = scen();
    let (a, b) = (s.player(HOME, 0), s.player(HOME, 1));
    s.put(a, 5, 5).put(b, 5, 9);
    let mut g = s.turn(HOME, 1);
    for action in [
        ActionKind::Blitz,
        ActionKind::Pass,
        ActionKind::HandOff,
        ActionKind::Foul,
    ] {
        assert!(legal_commands(&g).contains(&Command::Declare { player: b, action }));
    }
    for action in [ActionKind::Blitz, ActionKind::Foul] {
        let mut h = g.clone();
        play(
            &mut h,
            [],
            &[Command::Declare { player: a, action }, Command::EndAction],
        );
        assert!(!legal_commands(&h).contains(&Command::Declare { player: b, action }));
    }
    play(
        &mut g,
        [],
        &[
            Command::Declare {
                player: a,
                action: ActionKind::Move,
            },
            Command::EndAction,
        ],
    );
    assert!(
        !legal_commands(&g)
            .iter()
            .any(|c| matches!(c, Command::Declare { player, .. } if *player == a)),
        "one Action a player"
    );
}

/// §9.4: at the end of a team's turn its stunned players (not stunned this turn) turn face
/// up.
#[test]
fn stunned_players_turn_face_up_at_the_end_of_their_turn() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.stunned(p, 5, 5);
    let mut g = s.turn(HOME, 1);
    assert!(
        !legal_commands(&g)
            .iter()
            .any(|c| matches!(c, Command::Declare { player, .. } if *player == p))
    );
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(state(&g, p), prone(5, 5));
}

/// §18.8: a coach may concede at the start of his turn, not after declaring an Action.
#[test]
fn a_coach_concedes_only_at_the_start_of_his_turn() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5);
    let mut g = s.turn(HOME, 1);
    let mut h = g.clone();
    play(&mut h, [], &[Command::Concede]);
    assert_eq!(h.outcome, Some(Outcome::Conceded { winner: AWAY }));
    play(
        &mut g,
        [],
        &[
            Command::Declare {
                player: p,
                action: ActionKind::Move,
            },
            Command::EndAction,
        ],
    );
    assert!(!legal_commands(&g).contains(&Command::Concede));
}

/// §18.1, §18.3, §9.5, §5.1: a carrier stepping into the opposing end zone scores; the turn and
/// the drive end; the scorers kick the next drive.
#[test]
fn a_touchdown_ends_the_drive_and_the_scorers_kick() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let q = s.player(HOME, 1);
    let o = s.player(AWAY, 0);
    s.put(p, 24, 7).put(o, 5, 5).ball(Ball::Held { player: p });
    s.state(q, PlayerState::KnockedOut);
    let mut g = s.turn(HOME, 3);
    let ev = play(
        &mut g,
        [d6(4)],
        &[
            Command::Declare {
                player: p,
                action: ActionKind::Move,
            },
            Command::Step { to: sq(25, 7) },
        ],
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Touchdown { side: Side::Home, player: Some(x), score: [1, 0] } if *x == p)));
    assert_eq!(turnover_of(&ev), Some(Turnover::Touchdown));
    assert_eq!(
        rolls(&ev, RollPurpose::KoRecovery).len(),
        1,
        "§5.1 KO recovery before the next drive"
    );
    assert_eq!(state(&g, q), PlayerState::Reserve);
    assert!(matches!(kind(&g), PromptKind::Setup { .. }));
    assert_eq!(g.prompt.coach, Some(HOME));
}

/// §18.2: a touchdown in the opponent's turn moves the scorer's turn marker forward.
#[test]
fn a_touchdown_in_the_opponents_turn_moves_the_scorers_marker() {
    let mut s = scen();
    let a = s.player(HOME, 0);
    let d = s.player(AWAY, 0);
    s.put(a, 2, 7)
        .put(d, 1, 7)
        .ball(Ball::Held { player: d })
        .rerolls(HOME, 0);
    s.game.teams[1].turns = 2;
    let mut g = s.turn(HOME, 3);
    let ev = play(
        &mut g,
        [bd(3)],
        &[
            Command::Block {
                player: a,
                target: d,
            },
            Command::Push { square: sq(0, 7) },
            Command::FollowUp { follow: false },
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Touchdown {
            side: Side::Away,
            ..
        }
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TurnMarkers { turns: [3, 3] }))
    );
}

/// G9 option: with strict timing the carrier scores when his Action ends, not on entry.
#[test]
fn strict_timing_scores_at_the_end_of_the_action() {
    let options = Options {
        strict_touchdown_timing: true,
        ..Options::default()
    };
    let mut s = Scenario::with_options(Roster::Human, Roster::Orc, options);
    let p = s.player(HOME, 0);
    s.put(p, 24, 7).ball(Ball::Held { player: p });
    let mut g = s.turn(HOME, 3);
    let ev = play(
        &mut g,
        [],
        &[
            Command::Declare {
                player: p,
                action: ActionKind::Move,
            },
            Command::Step { to: sq(25, 7) },
        ],
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    let ev = play(&mut g, [], &[Command::EndAction]);
    assert!(ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
}

/// §18.5, §19.2: when both teams have played 8 turns the half ends; re-rolls return to
/// their starting level; the first half's receivers kick the second.
#[test]
fn half_time_resets_rerolls_and_the_other_team_kicks() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5).rerolls(HOME, 0);
    s.game.teams[1].turns = 8;
    let mut g = s.turn(HOME, 8);
    let ev = play(&mut g, [], &[Command::EndTurn]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::HalfStarted { half: 2 }))
    );
    assert_eq!(g.teams[0].rerolls, 3);
    assert_eq!([g.teams[0].turns, g.teams[1].turns], [0, 0]);
    assert_eq!(
        g.prompt.coach,
        Some(HOME),
        "Away kicked first, so Home kicks now"
    );
}

/// §4.1, §18.7: after the second half the team with more touchdowns wins; equal is a draw.
#[test]
fn the_match_ends_after_the_second_half() {
    let mut s = scen();
    s.game.half = 2;
    s.game.score = [2, 1];
    s.game.teams[1].turns = 8;
    let mut g = s.turn(HOME, 8);
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.outcome, Some(Outcome::Score { winner: Some(HOME) }));
    let mut s = scen();
    s.game.half = 2;
    s.game.teams[1].turns = 8;
    let mut g = s.turn(HOME, 8);
    play(&mut g, [], &[Command::EndTurn]);
    assert_eq!(g.outcome, Some(Outcome::Score { winner: None }));
}

/// §18.7, G23: the overtime and penalty options: a tie goes to sudden death (a new toss,
/// re-rolls kept), then to penalties (D6 + re-rolls left).
#[test]
fn overtime_and_penalties_settle_a_tie() {
    let options = Options {
        overtime: Overtime::SuddenDeath,
        penalty_shootout: true,
        ..Options::default()
    };
    let mut s = Scenario::with_options(Roster::Human, Roster::Orc, options);
    s.game.half = 2;
    s.game.teams[1].turns = 8;
    s.rerolls(HOME, 1);
    let mut g = s.turn(HOME, 8);
    let ev = play(&mut g, [pick(2, 1)], &[Command::EndTurn]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::HalfStarted { half: 3 }))
    );
    assert_eq!(g.teams[0].rerolls, 1, "no new re-rolls in overtime");
    assert!(matches!(kind(&g), PromptKind::ChooseKicking));
    // No score in overtime: penalties, 3 + 1 against 3 + 0.
    let mut s = Scenario::with_options(Roster::Human, Roster::Orc, options);
    s.game.half = 3;
    s.game.teams[1].turns = 8;
    s.rerolls(HOME, 1).rerolls(AWAY, 0);
    let mut g = s.turn(HOME, 8);
    let ev = play(&mut g, [d6(3), d6(3)], &[Command::EndTurn]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Shootout { totals: [4, 3] }))
    );
    assert_eq!(g.outcome, Some(Outcome::Penalties { winner: HOME }));
}

/// §8 Sweltering Heat, §18.4: at the end of a drive a D6 per player on the pitch: 1
/// faints and misses the next kick-off.
#[test]
fn sweltering_heat_makes_players_faint_at_the_end_of_a_drive() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let q = s.player(HOME, 1);
    s.put(p, 24, 7)
        .put(q, 5, 5)
        .ball(Ball::Held { player: p })
        .weather(Weather::SwelteringHeat);
    let mut g = s.turn(HOME, 3);
    play(
        &mut g,
        [d6(4), d6(1)],
        &[
            Command::Declare {
                player: q,
                action: ActionKind::Move,
            },
            Command::EndAction,
            Command::Declare {
                player: p,
                action: ActionKind::Move,
            },
            Command::Step { to: sq(25, 7) },
        ],
    );
    assert_eq!(state(&g, p), PlayerState::Reserve);
    assert_eq!(state(&g, q), PlayerState::Fainted);
}

/// §26.24 Secret Weapon, §18.4: a secret weapon who played in the drive is sent off at its
/// end.
#[test]
fn a_secret_weapon_is_sent_off_at_the_end_of_the_drive() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    let w = s.player(AWAY, 0);
    s.put(p, 24, 7)
        .put(w, 5, 5)
        .ball(Ball::Held { player: p })
        .skill(w, Skill::SecretWeapon);
    let mut g = s.turn(HOME, 3);
    let ev = play(
        &mut g,
        [],
        &[
            Command::Declare {
                player: p,
                action: ActionKind::Move,
            },
            Command::Step { to: sq(25, 7) },
        ],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SentOff { player } if *player == w))
    );
    assert_eq!(state(&g, w), PlayerState::SentOff);
}

/// §18.6: a team that cannot field a player: both markers move on two and the other team
/// is awarded a touchdown.
#[test]
fn no_players_to_field_awards_a_touchdown() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 24, 7).ball(Ball::Held { player: p });
    for i in 0..11 {
        let o = s.player(AWAY, i);
        s.state(o, PlayerState::SentOff);
    }
    let mut g = s.turn(HOME, 3);
    let ev = play(
        &mut g,
        [],
        &[
            Command::Declare {
                player: p,
                action: ActionKind::Move,
            },
            Command::Step { to: sq(25, 7) },
        ],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::NoPlayers { side: Side::Away }))
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Touchdown {
            side: Side::Home,
            player: None,
            score: [2, 0]
        }
    )));
}

/// §12.4: no player enters the pitch during a drive: Reserves are never offered outside
/// set-up.
#[test]
fn reserves_never_enter_during_a_drive() {
    let mut s = scen();
    let p = s.player(HOME, 0);
    s.put(p, 5, 5);
    let g = s.turn(HOME, 1);
    let reserves: Vec<PlayerId> = g
        .players
        .iter()
        .filter(|q| q.state == PlayerState::Reserve)
        .map(|q| q.id)
        .collect();
    for c in legal_commands(&g) {
        if let Command::Declare { player, .. } | Command::Block { player, .. } = c {
            assert!(!reserves.contains(&player));
        }
    }
    assert!(
        legal_commands(&g)
            .iter()
            .all(|c| !matches!(c, Command::SetupPick { .. }))
    );
}
