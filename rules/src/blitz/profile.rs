//! The rules profile of a match: which rulebook ([`Edition`]) and which rules version it is
//! played under, worked out once by `new_game` and kept in the game ([`Game::profile`]).
//!
//! Every difference between the editions, and every behaviour a later rules version changes,
//! is a named question here (`profile.touchdown_points()`, `profile.mark_stops_when_adjacent()`)
//! rather than an `edition ==` test at the place it matters: the rule reads as the rulebook
//! states it, and the list of differences is in one file. A behaviour change of rules version
//! `N` is a method reading `self.version >= N` (`docs/design.md`, "Rules versions").
//!
//! [`Game::profile`]: super::Game::profile
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use super::rules::{TOUCHDOWN_POINTS_2018, TOUCHDOWN_POINTS_2024};
use super::state::Edition;

/// The rulebook and rules version a match is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Profile {
    pub edition: Edition,
    /// The rules version ([`super::RULES_VERSION`] for a new match).
    pub version: u32,
}

impl Profile {
    pub fn new(edition: Edition, version: u32) -> Profile {
        Profile { edition, version }
    }

    fn ultimate(self) -> bool {
        self.edition == Edition::Bb2024
    }

    /// §3.1: the toss winner is Coach A in 2018; in 2024 the loser is.
    pub fn toss_winner_is_coach_a(self) -> bool {
        !self.ultimate()
    }

    /// §5.3 (proposal): 2024 players roll their Block value in block dice; 2018 has no Block
    /// value (one die, two if assisted).
    pub fn has_block_values(self) -> bool {
        self.ultimate()
    }

    /// §3.4: 2024 caps the net modifier of a check at ±1, and a modified Armour result at a
    /// minimum of 1; 2018 modifiers stack.
    pub fn caps_check_modifiers(self) -> bool {
        self.ultimate()
    }

    /// §3.6.3: 2024 free actions obey the once-per-turn rule (and use it up); 2018 free
    /// actions neither obey it nor use it up.
    pub fn free_actions_obey_once_per_turn(self) -> bool {
        self.ultimate()
    }

    /// §3.15: Emergency Reserves are mandatory and triggered by fewer than three players on
    /// the pitch (2018), or optional and triggered by Reserves reaching the team's Emergency
    /// Reserves value (2024, G11).
    pub fn emergency_reserves_by_team_value(self) -> bool {
        self.ultimate()
    }

    /// §3.15: 2018 Emergency Reserves must be taken.
    pub fn emergency_reserves_mandatory(self) -> bool {
        !self.ultimate()
    }

    /// §3.14 / G26: a Reserves player may be placed on a loose ball's square when no other
    /// end-zone square is free (2024 only).
    pub fn reserves_onto_ball(self) -> bool {
        self.ultimate()
    }

    /// §3.10: 2024 throws target a standing team-mate; 2018 any square in range.
    pub fn throws_target_team_mates(self) -> bool {
        self.ultimate()
    }

    /// §3.10: a 2024 hand-off reaches any adjacent team-mate; a 2018 one only an Open one.
    pub fn hand_off_needs_open_receiver(self) -> bool {
        !self.ultimate()
    }

    /// §3.9: a 2024 Mark stops as soon as the player is next to a standing opponent.
    pub fn mark_stops_when_adjacent(self) -> bool {
        self.ultimate()
    }

    /// §3.16.5 (G2): with two trapdoors, 2018 rolls a coach's D6 for left or right (the toss
    /// winner for the starting ball); 2024 picks one at random.
    pub fn trapdoor_by_coach_roll(self) -> bool {
        !self.ultimate()
    }

    /// §3.21: 2024 checks Sudden Death at the start of a coach's own turn; 2018 after every
    /// change of the score (G20).
    pub fn sudden_death_at_turn_start(self) -> bool {
        self.ultimate()
    }

    /// §3.2.2: 2024 turns begin with the Pre-Turn Sequence (refresh, new ball, Emergency
    /// Reserves; none in a coach's first turn); 2018 turns with a new ball and Emergency
    /// Reserves (§3.2.1).
    pub fn has_pre_turn_sequence(self) -> bool {
        self.ultimate()
    }

    /// §3.19.4: 2018 refreshes the active cards at the end of each turn from round 2 on
    /// (discarding space 1 if all three remain); 2024 in the Pre-Turn Sequence, the coach
    /// choosing the discard.
    pub fn refreshes_at_end_of_turn(self) -> bool {
        !self.ultimate()
    }

    /// §3.18: the points of a touchdown.
    pub fn touchdown_points(self) -> u16 {
        if self.ultimate() {
            TOUCHDOWN_POINTS_2024
        } else {
            TOUCHDOWN_POINTS_2018
        }
    }

    /// §3.19.2 (G12): may a coach claim in this turn? 2018: not in round 1 (each coach's first
    /// turn); 2024: not in Coach A's first turn.
    pub fn claims_allowed(self, first_turn: bool, coach_a: bool) -> bool {
        if self.ultimate() {
            !(first_turn && coach_a)
        } else {
            !first_turn
        }
    }

    /// Rules version 2 on: a behaviour corrected in that version (issue 16).
    fn v2(self) -> bool {
        self.version >= 2
    }

    /// §3.20, §5.6: may a coach play Bonus Plays (Interrupts, Raw Talent on its own players'
    /// rolls) during the other coach's turn? 2024: the Interrupts, yes; 2018: Bonus Plays are
    /// played "during a team's turn" by that team's coach, so no (rules version 2 on; version
    /// 1 opened the 2024 windows in 2018 too).
    pub fn bonus_plays_in_opponent_turn(self) -> bool {
        self.ultimate() || !self.v2()
    }

    /// §5.3 (rules version 2 on, G54): a 2018 team fields six players, so a 2018 match takes
    /// only a team whose 2024 card fields six ([`super::validate_versioned`]).
    pub fn six_player_teams(self) -> bool {
        !self.ultimate() && self.v2()
    }

    /// §5.5 Play as a Team! (rules version 2 on): a Throw Team-mate counts as a Throw when
    /// counting kinds of action for claiming cards (§6.1.5).
    pub fn throw_team_mate_counts_as_throw(self) -> bool {
        self.v2()
    }

    /// §3.6.3, G19, §5.6 Reserves (rules version 2 on): a player finished for the turn by a
    /// Miss or Tackle (and then sent off, e.g. by its own Bloodlust) takes no free action this
    /// turn, a free Reserves action included (2024 names free actions; 2018 by G19).
    pub fn finished_players_barred_from_free_reserves(self) -> bool {
        self.v2()
    }

    /// §5.6 Blocking Play (rules version 2 on): 2024 plays it at the start of the turn,
    /// before the Pre-Turn Sequence (a window of its own); version 1 offered it at the first
    /// Action prompt, after the Pre-Turn Sequence.
    pub fn blocking_play_before_pre_turn(self) -> bool {
        self.ultimate() && self.v2()
    }

    /// §5.6 The Kid's Got Moxy (rules version 2 on): three block dice for an unassisted
    /// Block in 2018 too (version 1 rolled the 2018 single die).
    pub fn moxy_in_2018(self) -> bool {
        self.v2()
    }

    /// §3.19.3, §3.21 (rules version 2 on, G20/G33): a claim and the Clean Sweep it completes
    /// are one change of the score, so 2018 Sudden Death sees both (the game-over event
    /// carries the final score).
    pub fn clean_sweep_with_its_claim(self) -> bool {
        self.v2()
    }

    /// §3.19.4 (rules version 2 on): the 2018 refresh reports each card it shifts down
    /// ([`super::Event::ActiveCardMoved`]).
    pub fn reports_card_shift(self) -> bool {
        self.v2()
    }

    /// §5.4 Safe Hands (rules version 2 on): while its coach picks the bounce square, the
    /// ball lies loose on the Prone player's square; it is not held by a Prone player.
    pub fn safe_hands_ball_loose(self) -> bool {
        self.v2()
    }

    /// §3.17, G17 (rules version 2 on): a player who ends a Run or Mark in the opposing end
    /// zone, Open and holding a ball, scores at once, before any Interrupt window after that
    /// move (Intervention, Step Aside).
    pub fn touchdown_before_move_windows(self) -> bool {
        self.v2()
    }
}
