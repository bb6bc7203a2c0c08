// The first screen and the setup: every game with a line about it, its
// table sizes and a button a mode, then the table the mode usually seats,
// preselected, with the game's own steps of setting up (each with the
// option it sets), how to play and the rulebook. Everything a game says
// here comes from /api/games: its guide, its modes and options.

import { el } from './board.js';

const $ = (id) => document.getElementById(id);
const NAMES = ['Ana', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kit', 'Lou'];

// sizes words a table's sizes: "2 to 6 players", "1 player".
export function sizes(lo, hi) {
  if (lo === hi) return `${lo} ${lo === 1 ? 'player' : 'players'}`;
  return `${lo} to ${hi} players`;
}

// rulebookLinks are links to a game's rulebook, one a paper.
function rulebookLinks(g) {
  const papers = Object.entries(g.rulebook || {});
  if (!papers.length) return [];
  const out = ['The rulebook (PDF): '];
  papers.forEach(([paper, href], i) => {
    if (i > 0) out.push(' or ');
    out.push(el('a', { href, target: '_blank', rel: 'noopener', text: paper === 'a4' ? 'A4' : paper[0].toUpperCase() + paper.slice(1) }));
  });
  return out;
}

// howTo is a game's how to play, as a list.
function howTo(g) {
  return ((g.guide && g.guide.how_to) || []).map((l) => el('li', { text: l }));
}

// valueText words an option's value: its label where the game gives one,
// the name of the jockey (or other word of the guide) it names, or the
// value itself.
function valueText(g, o, v, i) {
  if (o.labels && o.labels[i]) return o.labels[i];
  const w = g.guide && g.guide.words && g.guide.words[v];
  return w ? w.name : v;
}

export class Setup {
  // onStart is told the request for a new game, and where it is played
  // ("screen", or "room": with others on their own devices); the caller
  // answers it and, on a refusal, calls refused(error).
  constructor({ onStart }) {
    this.games = [];
    this.game = null;
    this.onStart = onStart;
    for (const r of document.querySelectorAll('input[name="where"]')) r.addEventListener('change', () => this.fillWhere());
    $('to-games').addEventListener('click', () => this.showPick());
    $('mode').addEventListener('change', () => this.fillMode());
    $('add-seat').addEventListener('click', () => this.fillSeats(this.readSeats().length + 1));
    $('drop-seat').addEventListener('click', () => this.fillSeats(this.readSeats().length - 1));
    $('setup-form').addEventListener('submit', (ev) => { ev.preventDefault(); this.start(); });
  }

  // setRooms offers to play with others on their own devices, where the
  // server keeps rooms.
  setRooms(on) {
    $('where-box').hidden = !on;
    if (!on) $('where-screen').checked = true;
    this.fillWhere();
  }

  // where is where the players play: "screen" or "room".
  where() { return $('where-room').checked ? 'room' : 'screen'; }

  // fillWhere words the setup for where the players play: a room's
  // persons are players on their own devices, and its dice take no seed.
  fillWhere() {
    const room = this.where() === 'room';
    $('where-hint').textContent = room
      ? 'You open a room: each player joins it from their own phone with its code, link or QR code, takes a seat and plays it alone; anyone else may watch. You may take a seat too.'
      : 'Everyone plays at this screen, passing it round.';
    $('start').textContent = room ? 'Open the room' : 'Start the game';
    $('seed-row').hidden = room;
    $('dice-table-row').hidden = !room;
    $('dice-box').hidden = room; // a room's dice: the checkbox above
    $('seed-hint').hidden = room;
    for (const o of document.querySelectorAll('#seats option[value=""]')) o.textContent = this.personText();
    if (this.game) this.hintSeats();
  }

  // personText is who plays a seat that is no bot's.
  personText() { return this.where() === 'room' ? 'a player on their own device' : 'a person at this screen'; }

  setGames(games) {
    this.games = games;
    $('no-games').hidden = games.length > 0;
    $('game-list').replaceChildren(...games.map((g) => this.card(g)));
  }

  // card is a game on the first screen: its title, its line, its table
  // sizes and a button for each mode, how to play and the rulebook.
  card(g) {
    const modes = el('div', { class: 'modes', role: 'group', 'aria-label': `Play ${g.title}` });
    for (const m of g.modes) {
      const label = g.modes.length > 1 ? m.title : `Play ${g.title}`;
      const b = el('button', { type: 'button', class: 'primary', 'data-game': g.name, 'data-mode': m.keyword },
        el('span', { class: 'mode-title', text: label }),
        g.modes.length > 1 ? el('span', { class: 'mode-size', text: sizes(m.min_players, m.max_players) }) : null);
      b.addEventListener('click', () => this.open(g.name, m.keyword));
      modes.append(b);
    }
    const lo = Math.min(...g.modes.map((m) => m.min_players));
    const hi = Math.max(...g.modes.map((m) => m.max_players));
    const how = el('details', { class: 'card-how' }, el('summary', { text: 'How to play' }),
      el('ul', {}, ...howTo(g)), el('p', { class: 'rulebook' }, ...rulebookLinks(g)));
    return el('li', { class: 'card', 'data-game': g.name },
      el('h2', { text: g.title }),
      el('p', { class: 'summary', text: g.summary }),
      el('p', { class: 'size', text: sizes(lo, hi) }),
      modes, how);
  }

  showPick() {
    document.dispatchEvent(new CustomEvent('furlong:view', { detail: 'pick' }));
  }

  // open shows the setup of a game's mode, with its usual table.
  open(name, mode) {
    this.game = this.games.find((g) => g.name === name) || this.games[0];
    const g = this.game;
    $('mode').replaceChildren(...g.modes.map((m) => el('option', { value: m.keyword, text: `${m.title} (${sizes(m.min_players, m.max_players)})` })));
    $('mode').value = g.modes.some((m) => m.keyword === mode) ? mode : g.modes[0].keyword;
    $('mode-row').hidden = g.modes.length < 2;
    $('game-summary').textContent = g.summary || '';
    $('howto').replaceChildren(...howTo(g));
    $('rulebook').replaceChildren(...rulebookLinks(g));
    $('seats').replaceChildren();
    $('setup-error').textContent = '';
    document.body.dataset.setupGame = g.name;
    this.fillMode();
    document.dispatchEvent(new CustomEvent('furlong:view', { detail: 'setup' }));
    $('start').focus({ preventScroll: true });
  }

  mode() {
    const g = this.game;
    return g.modes.find((m) => m.keyword === $('mode').value) || g.modes[0];
  }

  fillMode() {
    const g = this.game;
    const m = this.mode();
    $('setup-h').textContent = g.modes.length > 1 ? `${g.title}: ${m.title}` : g.title;
    this.fillSeats(m.players || m.min_players);
    this.fillOptions();
  }

  seatRow(i, m, name, bot) {
    const id = `seat-${i}`;
    const who = el('select', { id: `${id}-who`, 'aria-label': `Who plays seat ${i + 1}` },
      el('option', { value: '', text: this.personText() }),
      ...m.bots.map((b) => el('option', { value: b, text: `the ${b} bot` })));
    who.value = bot || '';
    return el('li', {},
      el('label', { for: `${id}-name`, class: 'num', text: `${i + 1}.` }),
      el('input', { id: `${id}-name`, value: name, autocomplete: 'off', spellcheck: 'false', 'aria-label': `Name of seat ${i + 1}` }),
      who);
  }

  // fillSeats seats n players (kept within the mode's table), keeping the
  // names and bots already chosen: the first a person, the others the
  // mode's second bot, where it has bots.
  fillSeats(n) {
    const m = this.mode();
    const old = this.readSeats();
    const count = Math.min(Math.max(n, m.min_players), m.max_players);
    const rows = [];
    for (let i = 0; i < count; i++) {
      const usual = i === 0 ? '' : (m.bots[Math.min(1, m.bots.length - 1)] || '');
      const o = old[i] || { name: NAMES[i % NAMES.length], bot: usual };
      rows.push(this.seatRow(i, m, o.name, o.bot === '' || m.bots.includes(o.bot) ? o.bot : usual));
    }
    $('seats').replaceChildren(...rows);
    $('add-seat').disabled = count >= m.max_players;
    $('drop-seat').disabled = count <= m.min_players;
    $('add-seat').hidden = $('drop-seat').hidden = m.min_players === m.max_players;
    this.hintSeats();
  }

  hintSeats() {
    const m = this.mode();
    const room = this.where() === 'room';
    $('seats-hint').textContent = `${m.title} seats ${sizes(m.min_players, m.max_players)}.` +
      (m.bots.length
        ? (room ? ' Each seat is a player, who takes it from their own device, or a bot.' : ' Each seat is a person at this screen or a bot.')
        : (room ? ' Nobody decides anything in it: each player throws their own dice from their device.' : ' Nobody decides anything in it: the dice play every seat.'));
  }

  readSeats() {
    return [...$('seats').children].map((li, i) => ({
      name: $(`seat-${i}-name`).value.trim(),
      bot: $(`seat-${i}-who`).value,
    }));
  }

  // fillOptions puts each option of the mode in the setup step that sets
  // it, the others under More options.
  fillOptions() {
    const g = this.game;
    const m = this.mode();
    const opts = g.options.filter((o) => !o.modes || o.modes.includes(m.keyword));
    const steps = (g.guide && g.guide.setup && g.guide.setup[m.keyword]) || [];
    const placed = new Set();
    const items = steps.map((s, i) => {
      const li = el('li', { class: 'step' }, el('h3', { text: s.title }), el('p', { text: s.text }));
      const o = opts.find((x) => x.name === s.option);
      if (o) {
        li.append(this.optionRow(o, true));
        placed.add(o.name);
      }
      li.dataset.step = String(i + 1);
      return li;
    });
    $('steps').replaceChildren(...items);
    $('steps').closest('section').hidden = items.length === 0;
    const rest = opts.filter((o) => !placed.has(o.name));
    $('options').replaceChildren(...rest.map((o) => this.optionRow(o, false)));
  }

  // optionRow is the control of an option: a list of its values, or a
  // number within its bounds; in a step, with what the value chosen
  // means where the guide says it (a jockey's card).
  optionRow(o, inStep) {
    const g = this.game;
    const id = `opt-${o.name}`;
    let input;
    if (o.values) {
      input = el('select', { id, 'data-option': o.name }, ...o.values.map((v, i) => el('option', { value: v, text: valueText(g, o, v, i) })));
    } else {
      input = el('input', { id, 'data-option': o.name, type: 'number', inputmode: 'numeric', min: o.min, max: o.max, step: 1 });
    }
    input.value = o.default;
    const row = el('div', { class: 'row' }, el('label', { for: id, text: o.title || o.name }), input);
    if (!inStep && o.usage) row.append(el('span', { class: 'hint', text: o.usage }));
    const words = (g.guide && g.guide.words) || {};
    if (o.values && o.values.some((v) => words[v])) {
      const note = el('p', { class: 'word', id: `${id}-note`, 'aria-live': 'polite' });
      const say = () => {
        const w = words[input.value];
        note.replaceChildren(...(w ? [el('strong', { text: `${w.name}: ` }), w.says] : []));
        note.hidden = !w;
      };
      input.addEventListener('change', say);
      say();
      input.setAttribute('aria-describedby', note.id);
      return el('div', {}, row, note);
    }
    return row;
  }

  markField(field) {
    for (const e of document.querySelectorAll('[aria-invalid]')) e.removeAttribute('aria-invalid');
    let target = null;
    if (field === 'mode') target = $('mode');
    else if (field === 'seed') target = $('seed');
    else if (field === 'names' || field === 'players') target = $('seat-0-name');
    else if (field === 'bots') target = $('seat-0-who');
    else if (field) target = document.querySelector(`[data-option="${CSS.escape(field)}"]`);
    if (target) {
      if (target.closest('details')) target.closest('details').open = true;
      target.setAttribute('aria-invalid', 'true');
      target.focus();
    }
  }

  // request is the new game the form asks for, or null (and the form
  // says why) when it cannot be asked.
  request() {
    const g = this.game;
    const req = { game: g.name, mode: this.mode().keyword, seats: this.readSeats(), options: {} };
    const dice = document.querySelector('#setup input[name="dice"]:checked');
    if (dice && dice.value === 'table') req.dice = 'table';
    for (const input of document.querySelectorAll('#setup [data-option]')) req.options[input.dataset.option] = String(input.value).trim();
    if (this.where() === 'room') {
      // A room's dice are drawn from a secret of the server's: it takes
      // no seed.
      req.dice = $('dice-table').checked ? 'table' : 'furlong';
      $('setup-error').textContent = '';
      this.markField(null);
      return req;
    }
    const seed = $('seed').value.trim();
    if (seed !== '') {
      if (!/^\d{1,15}$/.test(seed)) {
        this.refused('The seed is a whole number, 0 or more (up to 15 digits), or left empty.', 'seed');
        return null;
      }
      req.seed = Number(seed);
    }
    $('setup-error').textContent = '';
    this.markField(null);
    return req;
  }

  start() {
    const req = this.request();
    if (req) this.onStart(req, this.where());
  }

  refused(words, field) {
    $('setup-error').textContent = words;
    this.markField(field);
  }
}
