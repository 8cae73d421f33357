// The games these pages can show, keyed by the `game` tag every game payload carries on the
// wire (views, events, decisions, room specs: `{"game": "blitz", ...}`). The live view and the
// replay pick a game's drawing data, drawing, words and view reducer here, and nowhere else;
// a match of a game missing here gets a clear message (`unknownGame`), never a wrong drawing.
//
// A game's entry:
//   name                          how people call it
//   loadRules()                   its drawing data (boards, team cards), fetched once
//   teamName(rules, id)           a team as people call it, from its id in match lists
//   matchTitle(rules, teams)      "Humans v Orcs"
//   teamsOf(view)                 the [home, away] team ids of a view (as match lists name them)
//   drawPitch(view, rules, opts)  the drawing of a view (a `.pitch-wrap` element)
//   playersOf(roomEvent)          the players an event is about, to highlight
//   describeEvent(ctx, event, prev)  one game event in words (`prev`: the game event before)
//   rosterOf(view)                Map player id -> what the words need of each player
//   summaryRows(summary)          the game's own rows of the match summary table:
//                                 [label, home, away, key]
//   foldsFrom                     the first rules version whose events suffice to follow a
//                                 match (the server's `FOLDS_FROM_VERSION`)
//   fold(view, event, rules)      fold one projected game event into a view, in place; false
//                                 if it cannot (then take a snapshot)

import { h, errorBox, loadRules, loadRulesFrom, teamName } from './common.js';
import { drawPitch, playersOf } from './pitch.js';
import { describeBlitzEvent, rosterOf } from './describe.js';
import { fold as blitzFold, FOLDS_FROM_VERSION as BLITZ_FOLDS_FROM } from './blitz_fold.js';
import { fold as bbFold, FOLDS_FROM_VERSION as BB_FOLDS_FROM } from './bb_fold.js';
import { drawBbPitch, bbPlayersOf, bbRosterOf, bbTeamName, bbMatchTitle } from './bb_pitch.js';
import { describeBbEvent } from './bb_describe.js';

const count = (s, key) => (s.counts && s.counts[key]) || [0, 0];

export const GAMES = Object.freeze({
  blitz: Object.freeze({
    name: 'Blitz Bowl',
    loadRules,
    teamName,
    matchTitle: (rules, teams) => `${teamName(rules, teams[0])} v ${teamName(rules, teams[1])}`,
    teamsOf: (view) => view.teams,
    drawPitch,
    playersOf,
    describeEvent: describeBlitzEvent,
    rosterOf,
    summaryRows: (s) => [['Challenge points', s.challenge_points[0], s.challenge_points[1], 'challenge']],
    foldsFrom: BLITZ_FOLDS_FROM,
    // The card table, for a seat's own hand, if the rules data carries one (`cards`: the
    // challenge deck in order). Spectators never need it: their hands' cards are null.
    fold: (view, event, rules) => blitzFold(view, event, { cards: rules && rules.cards }),
  }),
  blood_bowl: Object.freeze({
    name: 'Blood Bowl',
    loadRules: () => loadRulesFrom('/api/rules/blood_bowl'),
    teamName: bbTeamName,
    matchTitle: bbMatchTitle,
    teamsOf: (view) => view.teams.map((t) => t.roster),
    drawPitch: drawBbPitch,
    playersOf: bbPlayersOf,
    describeEvent: describeBbEvent,
    rosterOf: bbRosterOf,
    // The counts `Ruleset::summarise` keeps for Blood Bowl (casualties inflicted, KOs
    // suffered, completions, interceptions, sent off, fumbles).
    summaryRows: (s) => [
      ['Casualties inflicted', ...count(s, 'casualties'), 'casualties'],
      ['Knocked out', ...count(s, 'ko'), 'ko'],
      ['Completions', ...count(s, 'completions'), 'completions'],
      ['Interceptions', ...count(s, 'interceptions'), 'interceptions'],
      ['Sent off', ...count(s, 'sent_off'), 'sent_off'],
      ['Fumbles', ...count(s, 'fumbles'), 'fumbles'],
    ],
    foldsFrom: BB_FOLDS_FROM,
    fold: (view, event) => bbFold(view, event),
  }),
});

/** The entry of the game tagged `tag`, or null if these pages cannot show it. */
export function gameFor(tag) {
  return typeof tag === 'string' && Object.prototype.hasOwnProperty.call(GAMES, tag) ? GAMES[tag] : null;
}

/** Every game's drawing data: Map tag -> rules. */
export async function loadAllRules() {
  const all = new Map();
  await Promise.all(Object.entries(GAMES).map(async ([tag, g]) => all.set(tag, await g.loadRules())));
  return all;
}

/**
 * A team as people call it: by the game tagged `tag` when known, else by the first game
 * whose drawing data lists the id (lists without a game tag: league standings).
 */
export function teamNameOf(all, tag, id) {
  const g = gameFor(tag);
  if (g) return g.teamName(all.get(tag), id);
  for (const [t, game] of Object.entries(GAMES)) {
    const rules = all.get(t);
    if (rules && rules.teams && Object.prototype.hasOwnProperty.call(rules.teams, id)) return game.teamName(rules, id);
  }
  return id;
}

/** The message for a match of a game these pages cannot show. */
export function unknownGame(tag) {
  return h('div', { id: 'unknown-game', dataset: { game: String(tag) } },
    errorBox(`This server's page cannot draw ${tag} yet`,
      `This match is a game of “${tag}”; the pages know ${Object.values(GAMES).map((g) => g.name).join(', ')}. The archive API (/api/matches) still has its events and states.`));
}
