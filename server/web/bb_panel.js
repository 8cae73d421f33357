// The Blood Bowl team panels under the pitch (replay and live view): per team, its Star
// Players (§29: the players who joined as "Star Player", marked ★ with their names), the
// inducements it bought (§30: the view's `teams[i].induced`, with what of them is used), and
// its Special Play Cards (§31): the count of the hand, the cards in it only where they are
// known, and every card played, by name.
//
// Secrecy (§31.4): a hand's cards are named only when the view names them (the seat's own hand:
// `view.hands[i].cards`), or when `known` names them: the replay passes the cards the archive's
// event log names (it names them only once the match is over, or to the coach who drew them;
// a spectator of a live match gets `card: null` and sees the count alone). Nothing here
// guesses a card.
//
// Every fact is a data attribute too (`data-team-panel`, `data-star`, `data-induced`,
// `data-hand-count`, `data-card`, `data-played`), so the tests read the panel back.

import { h } from './common.js';

const SIDES = ['Home', 'Away'];

/** "mighty_zug" -> "Mighty Zug" (a fallback when the rules data has no name). */
const words = (s) => String(s).split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');

/** A Star Player's name from his wire name. */
export function starName(rules, star) {
  const s = rules && rules.stars && rules.stars[star];
  return (s && s.name) || words(star);
}

/** A Special Play Card's name from its wire name ("Come On Boys!"). */
export function cardName(rules, card) {
  const c = rules && rules.cards && rules.cards[card];
  return (c && c.name) || words(card);
}

/** A deck's name from its wire name ("Good Karma"). */
export function deckName(rules, deck) {
  const d = rules && rules.decks && rules.decks[deck];
  return (d && d.name) || words(deck);
}

const SIMPLE = {
  bloodweiser_babe: ['Bloodweiser Babe', 'Bloodweiser Babes'],
  bribe: ['Bribe', 'Bribes'],
  extra_training: ['Extra team re-roll', 'Extra team re-rolls'],
  halfling_master_chef: ['Halfling Master Chef', 'Halfling Master Chefs'],
  igor: ['Igor', 'Igors'],
  wandering_apothecary: ['Wandering Apothecary', 'Wandering Apothecaries'],
  wizard: ['Wizard', 'Wizards'],
};

/**
 * One inducement item in words: `{kind: "bribe"}` -> "Bribe", a star -> "Star Player Mighty
 * Zug", a mercenary -> "Mercenary Blitzer (+Block)". `roster`: the buying team's roster key
 * (a mercenary's position is an index into its positions).
 */
export function inducementName(rules, roster, item) {
  if (!item || typeof item !== 'object') return String(item);
  if (item.kind === 'star_player') return `Star Player ${starName(rules, item.star)}`;
  if (item.kind === 'card_draw') return `a draw from the ${deckName(rules, item.deck)} deck`;
  if (item.kind === 'mercenary') {
    const team = rules && rules.teams && rules.teams[roster];
    const pos = team && team.positions && team.positions[item.position];
    const skill = item.skill ? (rules.skills && rules.skills[item.skill] && rules.skills[item.skill].name) || words(item.skill) : null;
    return `Mercenary ${pos ? pos.name : `position ${item.position}`}${skill ? ` (+${skill})` : ''}`;
  }
  return (SIMPLE[item.kind] || [words(item.kind)])[0];
}

/** The purchases grouped: [{key, text, count}] in the order first bought. */
export function inducementList(rules, roster, induced) {
  const out = [];
  for (const item of (induced && induced.bought) || []) {
    const key = JSON.stringify(item);
    const row = out.find((r) => r.key === key);
    if (row) row.count += 1;
    else out.push({ key, item, count: 1 });
  }
  return out.map((r) => {
    const plural = SIMPLE[r.item.kind];
    const text = r.count > 1
      ? `${r.count} ${plural ? plural[1] : inducementName(rules, roster, r.item)}`
      : inducementName(rules, roster, r.item);
    return { key: r.key, item: r.item, count: r.count, text };
  });
}

/**
 * The cards each side holds as the event log names them, up to `atSeq`: `[home, away]`, each
 * a list of card wire names, or null where a draw came without its card (the log does not
 * name that hand: only the count may be shown). `log`: archive events `{seq, event}`.
 */
export function knownHands(log, atSeq) {
  const hands = [[], []];
  for (const e of log || []) {
    if (e.seq > atSeq) break;
    const g = e.event && e.event.type === 'game' ? e.event.event : null;
    if (!g) continue;
    const i = g.side === 'Home' ? 0 : g.side === 'Away' ? 1 : -1;
    if (i < 0) continue;
    if (g.type === 'card_drawn') {
      if (g.card === null || g.card === undefined) hands[i] = null;
      else if (hands[i]) hands[i].push(g.card);
    } else if (g.type === 'card_played' && hands[i]) {
      const at = hands[i].indexOf(g.card);
      if (at >= 0) hands[i].splice(at, 1);
    }
  }
  return hands;
}

const none = () => h('span', { class: 'muted' }, 'none');

/**
 * The two team panels of `view` (a `<div class="bb-teams">`). `known`: `[home, away]` cards
 * named by the log (from [`knownHands`]); a side's own view names its hand itself.
 */
export function drawBbTeamPanels(view, rules, { known = null } = {}) {
  const hands = Array.isArray(view.hands) && view.hands.length === 2 ? view.hands : [{ count: 0, cards: [], played: [] }, { count: 0, cards: [], played: [] }];
  const panels = [0, 1].map((si) => {
    const side = SIDES[si];
    const t = view.teams[si];
    const stars = view.players.filter((p) => p.side === side && p.position === 'Star Player');
    const induced = t.induced || {};
    const bought = inducementList(rules, t.roster, induced);
    const used = [];
    if (induced.igor_used) used.push('Igor used');
    if (induced.wizard_used) used.push('the Wizard has cast his spell');
    if (induced.wandering_used) used.push(`${induced.wandering_used} Wandering Apothecary used`);
    const hand = hands[si] || { count: 0, cards: [], played: [] };
    const own = Array.isArray(hand.cards) && hand.cards.length > 0 ? hand.cards : null;
    const logged = known && Array.isArray(known[si]) && known[si].length === hand.count ? known[si] : null;
    const inHand = own || logged;
    const played = hand.played || [];
    return h('section', { class: `bb-team-panel side-${side.toLowerCase()}`, dataset: { teamPanel: side } },
      h('h3', {}, h('span', { class: `side-${side.toLowerCase()}-text` }, `${side}: `), (rules && rules.teams && rules.teams[t.roster] && rules.teams[t.roster].name) || t.roster),
      h('div', { class: 'bb-stars', dataset: { stars: stars.length } },
        h('span', { class: 'muted' }, 'Star Players: '),
        stars.length
          ? h('ul', { class: 'chips' }, stars.map((p) => h('li', { class: 'star', dataset: { star: p.name, player: p.id }, title: `Star Player #${p.number} ${p.name}` }, `★ #${p.number} ${p.name}`)))
          : none()),
      h('div', { class: 'bb-induced', dataset: { spent: induced.spent || 0 } },
        h('span', { class: 'muted' }, 'Inducements: '),
        bought.length
          ? [h('ul', { class: 'chips' }, bought.map((b) => h('li', { dataset: { induced: b.key, count: b.count } }, b.text))),
            h('span', { class: 'muted' }, ` ${Number(induced.spent || 0).toLocaleString('en')} gp spent${used.length ? `; ${used.join(', ')}` : ''}`)]
          : none()),
      h('div', { class: 'bb-hand', dataset: { handCount: hand.count, handKnown: inHand ? 'true' : 'false' } },
        h('span', { class: 'muted' }, 'Cards in hand: '),
        hand.count === 0 ? none()
          : inHand ? h('ul', { class: 'chips' }, inHand.map((c) => h('li', { class: 'card', dataset: { card: c } }, cardName(rules, c))))
            : h('span', { class: 'secret' }, `${hand.count} (secret)`)),
      h('div', { class: 'bb-played', dataset: { playedCount: played.length } },
        h('span', { class: 'muted' }, 'Cards played: '),
        played.length ? h('ul', { class: 'chips' }, played.map((c) => h('li', { class: 'card', dataset: { played: c } }, cardName(rules, c)))) : none()),
    );
  });
  return h('div', { class: 'bb-teams' }, panels);
}
