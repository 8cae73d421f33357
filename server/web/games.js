// The games these pages can show, keyed by the `game` tag every game payload carries on the
// wire (views, events, decisions, room specs: `{"game": "blitz", ...}`). The live view and the
// replay pick a game's drawing data, drawing, words and view reducer here, and nowhere else;
// a match of a game missing here gets a clear message (`unknownGame`), never a wrong drawing.
//
// A game's entry:
//   name                          how people call it
//   loadRules()                   its drawing data (boards, team cards), fetched once
//   matchTitle(rules, teams)      "Humans v Orcs"
//   drawPitch(view, rules, opts)  the drawing of a view (a `.pitch-wrap` element)
//   playersOf(roomEvent)          the players an event is about, to highlight
//   describeEvent(ctx, event)     one game event in words
//   rosterOf(view)                Map player id -> {side, position}, for the words
//   foldsFrom                     the first rules version whose events suffice to follow a
//                                 match (the server's `FOLDS_FROM_VERSION`)
//   fold(view, event, rules)      fold one projected game event into a view, in place; false
//                                 if it cannot (then take a snapshot)

import { h, errorBox, loadRules, teamName } from './common.js';
import { drawPitch, playersOf } from './pitch.js';
import { describeBlitzEvent, rosterOf } from './describe.js';
import { fold as blitzFold, FOLDS_FROM_VERSION as BLITZ_FOLDS_FROM } from './blitz_fold.js';

export const GAMES = Object.freeze({
  blitz: Object.freeze({
    name: 'Blitz Bowl',
    loadRules,
    matchTitle: (rules, teams) => `${teamName(rules, teams[0])} v ${teamName(rules, teams[1])}`,
    drawPitch,
    playersOf,
    describeEvent: describeBlitzEvent,
    rosterOf,
    foldsFrom: BLITZ_FOLDS_FROM,
    // The card table, for a seat's own hand, if the rules data carries one (`cards`: the
    // challenge deck in order). Spectators never need it: their hands' cards are null.
    fold: (view, event, rules) => blitzFold(view, event, { cards: rules && rules.cards }),
  }),
});

/** The entry of the game tagged `tag`, or null if these pages cannot show it. */
export function gameFor(tag) {
  return typeof tag === 'string' && Object.prototype.hasOwnProperty.call(GAMES, tag) ? GAMES[tag] : null;
}

/** The message for a match of a game these pages cannot show. */
export function unknownGame(tag) {
  return h('div', { id: 'unknown-game', dataset: { game: String(tag) } },
    errorBox(`This server's page cannot draw ${tag} yet`,
      `This match is a game of “${tag}”; the pages know ${Object.values(GAMES).map((g) => g.name).join(', ')}. The archive API (/api/matches) still has its events and states.`));
}
