// The words the page says about a game: all of them come from the game's
// guide (/api/games: what each turn is about, the unit of its results)
// and from its result, never from a rule written here. These are pure
// functions of the games' list and a state, so that they can be tested
// alone.

// guideOf is the guide of game (a state's "game"), or an empty one.
export function guideOf(games, game) {
  const g = (games || []).find((x) => x.name === game);
  return (g && g.guide) || { how_to: [], setup: {}, decisions: {}, chance: {}, words: {}, unit: { one: '', many: '' } };
}

// fill puts the name of who acts in place of {player}.
function fill(text, player) { return (text || '').replaceAll('{player}', player || 'the player'); }

function capital(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

// turnWords is what the guide says of the turn pending in st: {short,
// says}, with the player's name filled in; null when it says nothing.
export function turnWords(games, st) {
  const p = st.pending;
  if (!p) return null;
  const g = guideOf(games, st.game);
  const t = p.chance
    ? (g.chance || {})[p.kind]
    : (g.decisions || {})[`${st.mode} ${p.kind}`] || (g.decisions || {})[p.kind];
  if (!t) return null;
  return { short: fill(t.short, p.player), says: fill(t.says, p.player) };
}

// amount writes n in the game's unit: "+$20", "−$10", "53 points",
// "1 point", "−4 chips".
export function amount(unit, n) {
  const u = unit || {};
  const sign = n < 0 ? '−' : u.signed && n > 0 ? '+' : '';
  const a = Math.abs(n);
  if (u.symbol) return `${sign}${u.symbol}${a}`;
  const word = a === 1 ? u.one : u.many;
  return word ? `${sign}${a} ${word}` : `${sign}${a}`;
}

// difference writes a margin, always positive: "$35", "22 points".
function difference(unit, n) { return amount({ ...unit, signed: false }, Math.abs(n)); }

// names joins names as a sentence does: "Ana", "Ana and Ben", "Ana, Ben
// and Cal".
export function names(ns) {
  if (ns.length <= 1) return ns.join('');
  return `${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}`;
}

// status says in a line whose turn it is, or who won.
export function status(games, st) {
  if (st.over) return verdict(games, st).line;
  const p = st.pending;
  if (!p) return '';
  const w = turnWords(games, st);
  if (p.chance) return w ? `${capital(w.short)}…` : `Chance: ${p.kind}…`;
  if (!p.bot) return w ? `${p.player} ${w.short}` : `${p.player} to play: ${p.kind}`;
  const who = `${p.player} (the ${p.bot} bot)`;
  return w ? `${who} ${w.short}…` : `${who}: ${p.kind}…`;
}

// verdict says how a game ended: line, one sentence naming the winners
// with their result and the margin, in the game's unit, or for riding
// alone the purse and the rung of the ladder it reached (from the result:
// its ladder and the player's rung); and more, a sentence that follows.
export function verdict(games, st) {
  const r = st.result;
  const unit = guideOf(games, st.game).unit;
  const players = (r && Array.isArray(r.players)) ? r.players : [];
  if (!st.over || !players.length) return { line: 'The game is over.', more: '' };
  if (players.length === 1) {
    const p = players[0];
    const ladder = Array.isArray(r.ladder) ? r.ladder : [];
    const at = ladder.findIndex((l) => l.name === p.rung);
    const next = ladder[at + 1];
    if (!ladder.length) return { line: `${p.name} finishes with ${amount(unit, p.result)}.`, more: '' };
    if (at < 0) {
      return {
        line: `${p.name} finishes with ${amount(unit, p.result)}, below the ladder.`,
        more: `Its first rung, ${ladder[0].name}, wants ${amount({ ...unit, signed: false }, ladder[0].purse)}.`,
      };
    }
    const rung = ladder[at];
    return {
      line: `${p.name} finishes with ${amount(unit, p.result)}: the ${rung.name} rung of the ladder (${amount({ ...unit, signed: false }, rung.purse)} or more).`,
      more: next ? `The next rung, ${next.name}, wants ${amount({ ...unit, signed: false }, next.purse)}.` : 'That is the top of the ladder.',
    };
  }
  const ranked = [...players].sort((a, b) => (a.place || 99) - (b.place || 99));
  const won = ranked.filter((p) => p.place === 1);
  if (!won.length) return { line: 'The game is over.', more: '' };
  const rest = ranked.filter((p) => p.place !== 1);
  const top = won[0].result;
  let line = won.length > 1
    ? `${names(won.map((p) => p.name))} share the win with ${amount(unit, top)} each`
    : `${won[0].name} wins with ${amount(unit, top)}`;
  if (rest.length) {
    const second = rest.filter((p) => p.place === rest[0].place);
    const by = top - second[0].result;
    line += by !== 0
      ? `, ${difference(unit, by)} ahead of ${names(second.map((p) => p.name))} (${amount(unit, second[0].result)})`
      : `, level with ${names(second.map((p) => p.name))} but ahead on the tie's rule`;
  }
  return { line: line + '.', more: '' };
}
