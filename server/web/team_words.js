// Words for Blood Bowl league teams (team.js, player.js): money, skills, departures and
// every change of a team's history (GET /api/leagues/{id}/teams/{team}/history).

/** snake_case -> "Snake case" words ("sure_hands" -> "Sure Hands"). */
export function words(s) {
  return String(s).split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}

/** 1234567 -> "1,234,567 gp". */
export function gold(n) {
  return `${Number(n).toLocaleString('en-GB')} gp`;
}

/** 1234567 -> "1,235k" (team and player values). */
export function kgold(n) {
  return `${Math.round(Number(n) / 1000).toLocaleString('en-GB')}k`;
}

export const DEPARTURE = {
  dead: 'dead', fired: 'fired', walked: 'walked out', released: 'released (journeyman)',
};

export function advanceText(a) {
  if (!a) return '';
  if (a.kind === 'skill') return words(a.skill);
  if (a.kind === 'stat') return `+1 ${String(a.stat).toUpperCase()}`;
  return JSON.stringify(a);
}

export function staffText(s) {
  return words(typeof s === 'string' ? s : JSON.stringify(s));
}

/** A history event in words; `name(id)` names a player. */
export function eventText(e, name) {
  const p = (id) => name(id);
  switch (e.type) {
    case 'created': return `Team created (${words(e.roster)}), treasury ${gold(e.treasury)}`;
    case 'player_joined': return e.journeyman
      ? `${e.name} (#${e.number}, ${e.position}) joins as a journeyman`
      : e.cost === 0
        ? `${e.name} (#${e.number}, ${e.position}) joins free (raised in the match)`
        : `${e.name} (#${e.number}, ${e.position}) hired for ${gold(e.cost)}`;
    case 'raised_turned_away': return `The raised ${e.position} could not join: ${e.why}`;
    case 'player_left': return `${p(e.player)} leaves: ${DEPARTURE[e.why] || e.why}`;
    case 'player_renamed': return `${p(e.player)} renamed ${e.name}`;
    case 'journeyman_signed': return `${p(e.player)} signed for ${gold(e.cost)}`;
    case 'reroll_bought': return `Team re-roll bought for ${gold(e.cost)}`;
    case 'fan_factor_bought': return `Fan factor bought for ${gold(e.cost)}`;
    case 'staff_hired': return `${staffText(e.staff)} hired for ${gold(e.cost)}`;
    case 'staff_fired': return `${staffText(e.staff)} let go`;
    case 'petty_cash': return `${gold(e.amount)} to petty cash`;
    case 'petty_cash_returned': return `${gold(e.amount)} of petty cash back`;
    case 'match_played': return `Match v ${e.opponent}: ${e.result} ${e.score[0]}–${e.score[1]}, casualties ${e.casualties[0]}–${e.casualties[1]}${e.conceded ? ' (conceded)' : ''}`;
    case 'played': return `${p(e.player)} played`;
    case 'missed_match_served': return `${p(e.player)} served his missed match`;
    case 'spp': return `${p(e.player)} +${e.spp} SPP (${e.kind === 'mvp' ? 'MVP' : words(e.kind)})`;
    case 'advancement_rolled': return `${p(e.player)} rolls ${e.dice[0]}+${e.dice[1]} for an advancement`;
    case 'advanced': return `${p(e.player)} takes ${advanceText(e.advance)} (+${gold(e.value)} value)`;
    case 'injury': return `${p(e.player)}: ${words(e.result)}${e.ignored ? ' (past the cap: no effect)' : ''}`;
    case 'winnings': return `Winnings ${gold(e.amount)} (D6 ${e.d6}${e.rerolled ? `, again ${e.rerolled}` : ''})`;
    case 'winnings_from_concession': return `Winnings from the concession: ${gold(e.amount)}`;
    case 'expenses': return `Expenses at TV ${kgold(e.tv)}: ${gold(e.due)} due, ${gold(e.paid)} paid`;
    case 'fan_factor': return `Fan factor ${e.change > 0 ? '+' : ''}${e.change}${e.dice.length ? ` (rolled ${e.dice.join('+')})` : ' (concession)'}`;
    case 'veteran_roll': return `${p(e.player)} rolls ${e.d6} after the concession: ${e.leaves ? 'leaves' : 'stays'}`;
    case 'team_value': return `Team value now ${kgold(e.tv)}`;
    default: return `${words(e.type || 'change')}`;
  }
}

/** Player id -> name, from a team body (current and former players) and its history. */
export function playerNames(team, history) {
  const names = new Map();
  for (const l of history || []) {
    if (l.event.type === 'player_joined') names.set(l.event.player, l.event.name);
    if (l.event.type === 'player_renamed') names.set(l.event.player, l.event.name);
  }
  for (const p of team.former || []) names.set(p.id, p.name);
  for (const p of team.players || []) names.set(p.id, p.name);
  return (id) => names.get(id) || `player ${id}`;
}

/** docs/rules/blood-bowl.md §32.7: the level a player's SPP reach (the thresholds are the
 * rules' `LEVELS`, rules/src/bb/league/tables.rs). */
export function level(spp) {
  const names = ['Rookie', 'Experienced', 'Veteran', 'Emerging Star', 'Star', 'Super Star', 'Legend'];
  const steps = [6, 16, 31, 51, 76, 176];
  return names[steps.filter((s) => spp >= s).length];
}
