// furlong serve's page: set up a table, play it, watch it, replay a log,
// and keep the record. The server keeps nothing; this page keeps the game
// in progress as its log in the browser's storage.

import * as api from './api.js';
import { el, BoardView, choicesAt, drawChoices, drawLog, drawResult, light, pendingText, status } from './board.js';
import { LADDERS, add, outcome } from './record.js';
import * as store from './store.js';
import { ZOOMS } from './store.js';
import { Replay } from './replay.js';

const $ = (id) => document.getElementById(id);
const views = ['setup', 'play', 'replay', 'record'];
const NAMES = ['Ana', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];

let games = [];
let game = null; // the game in progress: {log, undo, recorded}
let cur = null; // its state, as the server answered it
let timer = 0;
let flying = -1; // the token of the request on its way, -1 for none
let paused = false;
let token = 0; // bumped whenever the game in hand changes, so late answers are dropped
let board = null; // the BoardView of the game in progress
let replay = null;

function show(view) {
  for (const v of views) $(v).hidden = v !== view;
  $('nav-play').hidden = !game || view === 'play';
  if (view === 'record') drawRecord();
  document.body.dataset.view = view;
}

function notice(text) {
  const n = $('notice');
  n.textContent = text || '';
  n.hidden = !text;
}

// ---- setup ----

function gameByName(name) { return games.find((g) => g.name === name); }
function modeOf(g) { return g.modes.find((m) => m.keyword === $('mode').value) || g.modes[0]; }

function fillGames() {
  const sel = $('game');
  sel.replaceChildren(...games.map((g) => el('option', { value: g.name, text: g.title })));
  $('no-games').hidden = games.length > 0;
  $('setup-form').hidden = games.length === 0;
  if (games.length) fillModes();
}

function fillModes() {
  const g = gameByName($('game').value);
  $('game-summary').textContent = g.summary || '';
  $('mode').replaceChildren(...g.modes.map((m) => el('option', { value: m.keyword, text: m.title })));
  $('mode-row').hidden = g.modes.length < 2;
  fillSeats();
  fillOptions();
}

function seatRow(i, m, name, bot) {
  const id = `seat-${i}`;
  const who = el('select', { id: `${id}-who`, 'aria-label': `Who plays seat ${i + 1}` },
    el('option', { value: '', text: 'a person at this screen' }),
    ...m.bots.map((b) => el('option', { value: b, text: `the ${b} bot` })));
  who.value = bot || '';
  return el('li', {},
    el('label', { for: `${id}-name`, class: 'num', text: `${i + 1}.` }),
    el('input', { id: `${id}-name`, value: name, autocomplete: 'off', spellcheck: 'false', 'aria-label': `Name of seat ${i + 1}` }),
    who);
}

function fillSeats(n) {
  const g = gameByName($('game').value);
  const m = modeOf(g);
  const old = readSeats();
  const count = Math.min(Math.max(n ?? (old.length || m.players || m.min_players), m.min_players), m.max_players);
  const rows = [];
  for (let i = 0; i < count; i++) {
    const o = old[i] || { name: NAMES[i % NAMES.length], bot: i === 0 ? '' : (m.bots[Math.min(1, m.bots.length - 1)] || '') };
    rows.push(seatRow(i, m, o.name, m.bots.includes(o.bot) ? o.bot : (i === 0 ? '' : m.bots[0] || '')));
  }
  $('seats').replaceChildren(...rows);
  $('add-seat').disabled = count >= m.max_players;
  $('drop-seat').disabled = count <= m.min_players;
  const range = m.min_players === m.max_players ? `${m.min_players}` : `${m.min_players} to ${m.max_players}`;
  $('seats-hint').textContent = `${m.title} seats ${range} ${m.max_players === 1 ? 'player' : 'players'}.` +
    (m.bots.length ? '' : ' It has no decisions, so every seat is played by the dice.');
}

function readSeats() {
  return [...$('seats').children].map((li, i) => ({
    name: $(`seat-${i}-name`).value.trim(),
    bot: $(`seat-${i}-who`).value,
  }));
}

function fillOptions() {
  const g = gameByName($('game').value);
  const m = modeOf(g);
  const box = $('options');
  box.replaceChildren();
  const opts = g.options.filter((o) => !o.modes || o.modes.includes(m.keyword));
  $('options-box').hidden = opts.length === 0;
  for (const o of opts) {
    const id = `opt-${o.name}`;
    let input;
    if (o.values) {
      input = el('select', { id, 'data-option': o.name }, ...o.values.map((v) => el('option', { value: v, text: v })));
    } else {
      input = el('input', { id, 'data-option': o.name, type: 'number', inputmode: 'numeric', min: o.min, max: o.max, step: 1 });
    }
    input.value = o.default;
    box.append(el('div', { class: 'row' }, el('label', { for: id, text: o.title || o.name }), input,
      el('span', { class: 'hint', text: o.usage })));
  }
}

function markField(field) {
  for (const e of document.querySelectorAll('[aria-invalid]')) e.removeAttribute('aria-invalid');
  let target = null;
  if (field === 'game') target = $('game');
  else if (field === 'mode') target = $('mode');
  else if (field === 'seed') target = $('seed');
  else if (field === 'names' || field === 'players') target = $('seat-0-name');
  else if (field === 'bots') target = $('seat-0-who');
  else if (field) target = document.querySelector(`[data-option="${CSS.escape(field)}"]`);
  if (target) {
    target.setAttribute('aria-invalid', 'true');
    target.focus();
  }
}

async function start(ev) {
  ev.preventDefault();
  const g = gameByName($('game').value);
  const req = { game: g.name, mode: modeOf(g).keyword, seats: readSeats(), options: {} };
  for (const input of document.querySelectorAll('[data-option]')) req.options[input.dataset.option] = String(input.value).trim();
  const seed = $('seed').value.trim();
  if (seed !== '') {
    if (!/^\d{1,15}$/.test(seed)) {
      $('setup-error').textContent = 'The seed is a whole number, 0 or more (up to 15 digits), or left empty.';
      markField('seed');
      return;
    }
    req.seed = Number(seed);
  }
  $('setup-error').textContent = '';
  markField(null);
  try {
    const st = await api.newGame(req);
    begin(st);
  } catch (e) {
    if (!(e instanceof api.ApiError)) throw e;
    $('setup-error').textContent = e.words();
    markField(e.error.field);
  }
}

// ---- play ----

function begin(st) {
  token++;
  board.reset();
  game = { log: st.log, undo: [], recorded: false };
  store.saveGame(game);
  paused = false;
  show('play');
  land(st, true);
}

function persons(st) { return (st.players || []).filter((p) => !p.bot).length; }

// land shows a state the server answered and plays on after the pause.
function land(st, first) {
  cur = st;
  game.log = st.log;
  if (st.over && !game.recorded) {
    store.saveRecord(add(store.loadRecord(), outcome(st.game, st.mode, st.players, st.result && st.result.players)));
    game.recorded = true;
  }
  store.saveGame(game);
  render(first);
  schedule();
}

function render(first) {
  const st = cur;
  $('play-h').textContent = st.title || st.game;
  $('status').textContent = status(st);
  const pre = pendingText(st);
  $('pending-line').replaceChildren('The line so far: ', el('code', { text: pre }));
  $('pending-line').hidden = !pre;
  closeOffer();
  board.draw(st, pickPart);
  drawChoices($('choices'), st, choose);
  drawResult($('result'), st);
  drawLog($('log'), st.log, st.written);
  const mine = st.pending && !st.pending.bot && !st.pending.chance;
  $('write-form').hidden = !mine;
  // The table plays on by itself where bots sit, and in a game of dice
  // alone (no decisions, no bots): there it can be paused and stepped.
  const alone = dice(st);
  const auto = (st.players || []).some((p) => p.bot) || alone;
  $('pause').hidden = !auto || st.over;
  $('step').hidden = !auto || st.over;
  $('pause').textContent = paused ? 'Resume' : 'Pause';
  $('pause').setAttribute('aria-pressed', String(paused));
  $('step').disabled = !paused || mine;
  $('controls').hidden = !!st.over;
  $('undo').hidden = persons(st) === 0 || alone;
  $('undo').disabled = game.undo.length === 0;
  $('print-box').hidden = !st.print;
  document.body.dataset.over = String(!!st.over);
  document.body.dataset.game = st.game;
  document.body.dataset.turn = mine ? 'person' : st.over ? 'over' : 'auto';
  if (mine && !first) {
    const b = $('choices').querySelector('button');
    // The button pressed is gone with the old choices: the focus moves
    // to the first new one, so that the keyboard plays on.
    if (b && (!document.activeElement || document.activeElement === document.body)) b.focus();
  }
}

function schedule() {
  clearTimeout(timer);
  const st = cur;
  if (!st || st.over || paused || busy()) return;
  const p = st.pending;
  if (!p || !(p.bot || p.chance)) return;
  timer = setTimeout(advance, store.loadPause());
}

// request asks the server for the next state of the game in hand and
// lands it; an answer for a game no longer in hand (token has moved on:
// undo, a new game) is dropped. A refusal (400) goes to refused when
// given, any other failure pauses the table.
async function request(call, then, refused) {
  if (busy()) return;
  const mine = token;
  fly(mine);
  let st;
  try {
    st = await call();
  } catch (e) {
    if (flying === mine) fly(-1);
    if (mine !== token) return;
    if (refused && e instanceof api.ApiError && e.status === 400) refused(e);
    else failed(e);
    return;
  }
  if (flying === mine) fly(-1);
  if (mine !== token) return;
  if (then) then();
  land(st);
}

// busy says a request for the game in hand is on its way.
function busy() { return flying === token; }

// fly notes the request on its way (-1: none), and says on the page
// whether one is, for the tests and whoever inspects it.
function fly(t) {
  flying = t;
  document.body.dataset.flying = String(t !== -1);
}

function advance() {
  if (!cur || cur.over) return;
  request(() => api.step(cur.log, undefined, 'one'));
}

function choose(text) {
  if (!cur) return;
  $('refusal').textContent = '';
  const before = cur.log;
  request(() => api.step(before, text, 'one'), () => {
    game.undo.push(before);
    if (game.undo.length > 200) game.undo.shift();
    $('write').value = '';
  }, (e) => { $('refusal').textContent = `${text}: ${e.words()}`; });
}

// pickPart answers a click on a region of the board: the one choice that
// concerns it is played; when several do, they are offered beside the
// board, to pick one or to cancel.
function pickPart(tag) {
  const cs = choicesAt(cur, tag);
  if (cs.length === 1) {
    closeOffer();
    choose(cs[0].text);
  } else if (cs.length > 1) {
    openOffer(tag, cs);
  }
}

function openOffer(tag, cs) {
  const box = $('offer');
  const list = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'offer-h' });
  for (const c of cs) {
    const b = el('button', { type: 'button', 'data-text': c.text, title: c.text, text: c.label || c.text });
    b.addEventListener('click', () => { closeOffer(); choose(c.text); });
    list.append(b);
  }
  const cancel = el('button', { type: 'button', class: 'quiet', id: 'offer-cancel', text: 'Cancel' });
  cancel.addEventListener('click', () => { closeOffer(); });
  box.replaceChildren(el('p', { id: 'offer-h', class: 'offer-h', text: `${cs.length} choices concern ${tag}:` }), list, cancel);
  box.hidden = false;
  box.dataset.tag = tag;
  box.scrollIntoView({ block: 'nearest' });
  light($('board'), tag);
  for (const b of $('choices').querySelectorAll('button')) b.classList.toggle('lit', cs.some((c) => c.text === b.dataset.text));
  list.querySelector('button').focus();
}

function closeOffer() {
  const box = $('offer');
  box.hidden = true;
  box.replaceChildren();
  delete box.dataset.tag;
  light($('board'), null);
  for (const b of $('choices').querySelectorAll('button.lit')) b.classList.remove('lit');
}

// zoom draws the board larger or smaller than it is drawn now, and keeps
// the size asked for: on a phone a sheet is read larger than the screen,
// and scrolled within its box.
function zoom(by) {
  let i = 0;
  for (const [k, l] of ZOOMS.entries()) if (Math.abs(l - board.zoom) < Math.abs(ZOOMS[i] - board.zoom)) i = k;
  store.saveZoom(ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i + by))]);
  showZoom();
}

function showZoom() {
  const z = store.loadZoom();
  board.setZoom(z);
  replay.board.setZoom(z);
}

// dice says whether st's game is one of dice alone: no decisions, no bots.
function dice(st) {
  const g = gameByName(st.game);
  return !!g && g.modes.every((m) => m.bots.length === 0);
}

function failed(e) {
  if (!(e instanceof api.ApiError)) throw e;
  $('refusal').textContent = e.words();
  paused = true;
  render();
}

function undo() {
  if (!game.undo.length) return;
  const log = game.undo[game.undo.length - 1];
  token++; // an answer on its way is dropped
  clearTimeout(timer);
  request(() => api.state(log), () => {
    game.undo.pop();
    game.recorded = false;
  });
}

// resume opens the game the storage keeps, as it stood.
async function resume() {
  game = store.loadGame();
  if (!game) return false;
  try {
    const st = await api.state(game.log);
    paused = false;
    show('play');
    land(st, true);
    return true;
  } catch (e) {
    if (!(e instanceof api.ApiError)) throw e;
    notice(`The game kept in this browser cannot be resumed: ${e.words()}. Its log is below; download it before starting another.`);
    cur = { log: game.log, players: [], game: 'game', svg: [] };
    show('play');
    drawLog($('log'), game.log);
    return false;
  }
}

function download(text, name, type) {
  const url = URL.createObjectURL(text instanceof Blob ? text : new Blob([text], { type }));
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function logName(st) {
  return `${st.game || 'furlong'}${st.seed !== null && st.seed !== undefined ? '-' + st.seed : ''}.log`;
}

async function printSheets() {
  try {
    const { blob, name } = await api.print(cur.log, $('paper').value);
    download(blob, name);
  } catch (e) {
    if (!(e instanceof api.ApiError)) throw e;
    $('refusal').textContent = e.words();
  }
}

// ---- record ----

function drawRecord() {
  const r = store.loadRecord();
  const box = $('record-view');
  box.replaceChildren();
  const names = Object.keys(r).sort();
  if (!names.length) {
    box.append(el('p', { text: 'No game has counted yet: play against the bots.' }));
    return;
  }
  for (const n of names) {
    const p = r[n];
    const rows = el('tbody');
    for (const [g, c] of Object.entries(p.games || {})) {
      rows.append(el('tr', {}, el('td', { text: (gameByName(g) || { title: g }).title }), el('td', { text: `${c.wins} won, ${c.losses} lost` })));
    }
    const card = el('div', { class: 'record-player', 'data-name': n }, el('h3', { text: n }));
    if (rows.children.length) card.append(el('table', {}, rows));
    for (const [k, s] of Object.entries(p.solo || {})) {
      const [g, m] = k.split('/');
      const gi = gameByName(g);
      const mi = gi && gi.modes.find((x) => x.keyword === m);
      const ladder = LADDERS[k] || [];
      const line = el('p', { text: `${mi ? mi.title : k}: ${s.rides} ${s.rides === 1 ? 'ride' : 'rides'}, best ${s.best}, last ${s.last}. ` });
      for (const [i, rung] of ladder.entries()) line.append(el('span', { class: i < s.rungs ? 'rung made' : 'rung', text: `$${rung}` }));
      card.append(line);
    }
    box.append(card);
  }
}

// ---- wiring ----

function wire() {
  $('nav-setup').addEventListener('click', () => { show('setup'); $('game').focus(); });
  $('nav-replay').addEventListener('click', () => { show('replay'); $('file').focus(); });
  $('nav-record').addEventListener('click', () => show('record'));
  $('nav-play').addEventListener('click', () => { show('play'); if (cur) render(); });
  $('game').addEventListener('change', fillModes);
  $('mode').addEventListener('change', () => { fillSeats(); fillOptions(); });
  $('add-seat').addEventListener('click', () => fillSeats(readSeats().length + 1));
  $('drop-seat').addEventListener('click', () => fillSeats(readSeats().length - 1));
  $('setup-form').addEventListener('submit', start);
  $('write-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('write').value.trim();
    if (text) choose(text);
  });
  $('pause').addEventListener('click', () => { paused = !paused; render(); schedule(); });
  $('step').addEventListener('click', () => { if (paused) advance(); });
  $('undo').addEventListener('click', undo);
  const speed = $('speed');
  speed.value = String(store.loadPause());
  const says = () => { $('speed-out').textContent = `${(Number(speed.value) / 1000).toFixed(1)} s`; };
  says();
  speed.addEventListener('input', () => { store.savePause(Number(speed.value)); says(); });
  $('download').addEventListener('click', () => cur && download(cur.log, logName(cur), 'text/plain'));
  $('print').addEventListener('click', printSheets);
  $('record-clear').addEventListener('click', () => { store.saveRecord({}); drawRecord(); });
  for (const p of ['', 'r-']) {
    $(`${p}zoom-in`).addEventListener('click', () => zoom(1));
    $(`${p}zoom-out`).addEventListener('click', () => zoom(-1));
  }
  showZoom();
  // A phone turned, or a window made narrow: the board's size follows
  // until the user picks one.
  window.addEventListener('resize', showZoom);
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && !$('offer').hidden) {
      ev.preventDefault();
      closeOffer();
      const b = $('choices').querySelector('button');
      if (b) b.focus();
    }
  });
}

async function main() {
  board = new BoardView($('board'), $('board-tools'), dice);
  replay = new Replay({
    onResume: (st) => { begin(st); },
    dice,
  });
  wire();
  try {
    games = await api.games();
  } catch (e) {
    notice(e.words ? e.words() : String(e));
  }
  fillGames();
  if (!(await resume())) {
    if (!game) show('setup');
  }
  document.body.dataset.ready = 'true';
}

main();
