// The record: a person's results, kept in the browser. These are pure
// functions, so that the rule of what counts can be tested alone.

// outcome says what a finished game adds to the record: one entry per
// person at the table. players are the state's players ({name, bot});
// standings are score's players ({name, result, place}); ladder, where
// the result gives one (riding alone's), the rungs a purse is measured
// against ([{name, purse}], the lowest first).
//
// A watched game (no person) and a two-player game of two people at one
// screen count for nobody. A game of one seat records its result (a solo
// purse), measured against the ladder when there is one; any other game
// records a win (first place, shared or not) or a loss for each person.
export function outcome(game, mode, players, standings, ladder) {
  const persons = players.filter((p) => !p.bot);
  if (persons.length === 0) return [];
  if (players.length === 2 && persons.length === 2) return [];
  const byName = new Map((standings || []).map((s) => [s.name, s]));
  const out = [];
  for (const p of persons) {
    const s = byName.get(p.name);
    if (!s) continue;
    if (players.length === 1) {
      const rungs = ladder || [];
      out.push({ name: p.name, game, mode, kind: 'solo', result: s.result, rungs: rungs.filter((r) => s.result >= r.purse).length, ladder: rungs });
    } else {
      out.push({ name: p.name, game, mode, kind: s.place === 1 ? 'win' : 'loss' });
    }
  }
  return out;
}

// add returns the record with the entries added; record is not changed.
// A record is {NAME: {games: {GAME: {wins, losses}}, solo: {GAME/MODE:
// {rides, best, last, rungs, ladder}}}}: the ladder the last ride was
// measured against.
export function add(record, entries) {
  const r = structuredClone(record || {});
  for (const e of entries) {
    const p = (r[e.name] ||= { games: {}, solo: {} });
    if (e.kind === 'solo') {
      const k = `${e.game}/${e.mode}`;
      const s = (p.solo[k] ||= { rides: 0, best: null, last: null, rungs: 0 });
      s.rides++;
      s.last = e.result;
      s.best = s.best === null ? e.result : Math.max(s.best, e.result);
      s.rungs = Math.max(s.rungs, e.rungs);
      s.ladder = e.ladder;
    } else {
      const g = (p.games[e.game] ||= { wins: 0, losses: 0 });
      if (e.kind === 'win') g.wins++;
      else g.losses++;
    }
  }
  return r;
}
