// furlong serve's page: pick a game, set up its table, play it, watch it,
// replay a log, and keep the record; or open a room, a game every player
// plays from their own device, and join one (room.js). The table at one
// screen keeps nothing on the server: this page keeps the game in
// progress as its log in the browser's storage.

import * as api from './api.js';
import { el, drawLog, narrow } from './board.js';
import { add, outcome } from './record.js';
import * as store from './store.js';
import { ZOOMS } from './store.js';
import { Replay } from './replay.js';
import { Room, sentence } from './room.js';
import { Setup } from './setup.js';
import { PlayView } from './table.js';
import { entering } from './dice.js';
import { amount, guideOf, status, turnWords } from './words.js';
import { Sheet } from './sheet.js';

const $ = (id) => document.getElementById(id);
const views = ['pick', 'setup', 'play', 'replay', 'record', 'sheet'];

let games = [];
let game = null; // the game in progress: {log, undo, recorded, setup}
let cur = null; // its state, as the server answered it
let timer = 0;
let flying = -1; // the token of the request on its way, -1 for none
let paused = false;
let token = 0; // bumped whenever the game in hand changes, so late answers are dropped
let table = null; // the PlayView the game in progress, or a room, is drawn in
let room = null; // the room in hand, when this screen follows one
let lastRoom = null; // the room this page left, to go back to
let replay = null;
let setup = null;
let sheet = null; // the scorekeeper's page (sheet.js)
let entered = ''; // the state at which the focus last went to the entry of a throw
let entry = null; // the entry of a throw at a table whose dice are thrown

function show(view) {
  // A room is followed while its table is in sight.
  if (view !== 'play') leaveRoom();
  for (const v of views) $(v).hidden = v !== view;
  // The game in progress is offered while there is one to go back to.
  $('nav-play').hidden = !game || view === 'play' || !cur || !!cur.over;
  $('nav-room').hidden = !lastRoom || room.active;
  if (view === 'record') drawRecord();
  if (view !== 'sheet' && sheet) sheet.left();
  document.body.dataset.view = view;
}

function notice(text) {
  const n = $('notice');
  n.textContent = text || '';
  n.hidden = !text;
}

function gameByName(name) { return games.find((g) => g.name === name); }

// ---- setup ----

// start asks for the new game req and plays it; a refusal goes to
// refused, by default to the setup's form.
async function start(req, refused) {
  try {
    const st = await api.newGame(req);
    begin(st, req);
  } catch (e) {
    if (!(e instanceof api.ApiError)) throw e;
    if (refused) refused(e);
    else setup.refused(e.words(), e.error.field);
  }
}

// ---- rooms ----

// host opens a room for the game req sets up, whose host this device
// is.
async function host(req) {
  try {
    const r = await api.createRoom(req);
    store.saveRoom(r.room, { token: r.host, host: true, code: r.code });
    await openRoom(r.room, r.state);
  } catch (e) {
    if (!(e instanceof api.ApiError)) throw e;
    setup.refused(e.words(), e.error.field);
  }
}

// openRoom follows room id (first: its state, when a request just
// answered it) on this screen: the table at one screen waits meanwhile.
// A room that cannot be opened is said on the first screen.
async function openRoom(id, first) {
  token++; // an answer on its way for the table at one screen is dropped
  clearTimeout(timer);
  lastRoom = null;
  history.replaceState(null, '', `/?room=${encodeURIComponent(id)}`);
  try {
    await room.open(id, first);
  } catch (e) {
    if (!(e instanceof api.ApiError)) throw e;
    room.stop();
    history.replaceState(null, '', '/');
    show('pick');
    $('join-error').textContent = e.status === 404
      ? 'No such room: its link is wrong, or it was removed after standing idle.'
      : sentence(e.words());
    return;
  }
  $('nav-room').hidden = true;
  $('nav-play').hidden = !game || !cur || !!cur.over;
}

// leaveRoom stops following the room in hand, which the bar offers to go
// back to.
function leaveRoom() {
  if (!room || !room.active) return;
  lastRoom = room.id;
  room.stop();
  history.replaceState(null, '', '/');
}

// join finds the room of a code typed (in any case, with spaces or
// dashes) and opens it.
async function join(code) {
  $('join-error').textContent = '';
  const c = code.toUpperCase().replace(/[\s-]+/g, '');
  if (!c) {
    $('join-error').textContent = "Type the code the host's screen shows.";
    $('join-code').focus();
    return;
  }
  try {
    const r = await api.findRoom(c);
    await openRoom(r.room);
  } catch (e) {
    if (!(e instanceof api.ApiError)) throw e;
    $('join-error').textContent = sentence(e.words());
    $('join-code').setAttribute('aria-invalid', 'true');
    $('join-code').focus();
  }
}

// ---- play ----

// begin plays st, a new game set up by req (null when it is not known:
// a replay played on).
function begin(st, req) {
  leaveRoom();
  token++;
  table.reset();
  game = { log: st.log, undo: [], recorded: false, setup: req || null };
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
    const r = st.result || {};
    store.saveRecord(add(store.loadRecord(), outcome(st.game, st.mode, st.players, r.players, r.ladder)));
    game.recorded = true;
  }
  store.saveGame(game);
  render(first);
  schedule();
}

function render(first) {
  const st = cur;
  const p = st.pending;
  // A throw at the table: a person enters what the dice show (dice.js).
  const enter = entering(st);
  const w = turnWords(games, st);
  const mine = table.draw(st, {
    // A person's decision is said in full beside the choices: the line
    // above the board says whose turn it is; at the end the verdict says
    // who won, once, in the end's box.
    status: st.over ? 'The game is over.'
      : p && !p.bot && !p.chance ? `${p.player} to play`
        : enter ? `At the table: ${w ? w.short : p.kind}` : status(games, st),
    decides: true,
    choose,
  });
  if (enter) entry.draw(st, w ? capitalize(w.short) : `Enter the ${p.kind}`);
  else entry.hide();
  // The table plays on by itself where bots sit, and in a game of dice
  // alone (no decisions, no bots): there it can be paused and stepped.
  const alone = dice(st);
  const thrown = st.dice === 'table';
  const auto = (st.players || []).some((p) => p.bot) || (alone && !thrown);
  $('pause').hidden = !auto || st.over;
  $('step').hidden = !auto || st.over;
  $('pause').textContent = paused ? 'Resume' : 'Pause';
  $('pause').setAttribute('aria-pressed', String(paused));
  $('step').disabled = !paused || mine;
  $('speed').closest('.speed').hidden = !auto && thrown;
  $('controls').hidden = !!st.over;
  $('undo').hidden = (persons(st) === 0 || alone) && !thrown;
  $('undo').textContent = thrown ? 'Take back the last entry' : 'Undo my last move';
  $('undo').disabled = game.undo.length === 0;
  $('print-box').hidden = !st.print;
  $('again').hidden = !st.over || !(st.players || []).length;
  $('review').hidden = !st.over;
  $('nav-play').hidden = document.body.dataset.view === 'play' || !!st.over;
  document.body.dataset.over = String(!!st.over);
  document.body.dataset.game = st.game;
  document.body.dataset.turn = mine ? 'person' : enter ? 'throw' : st.over ? 'over' : 'auto';
  document.body.dataset.dice = thrown ? 'table' : 'furlong';
  table.settle(mine, first);
  if (mine) inSight($('decide'));
  if (enter && entered !== st.log) {
    entered = st.log;
    if (document.body.dataset.view === 'play') entry.focus(narrow());
    inSight($('enter'));
  }
}

// inSight scrolls a phone's page to box, the decision or the entry of a
// throw, when it is out of sight (the page scrolled down past it): held
// at the foot of the screen, it is in sight wherever the board scrolls
// to from there.
function inSight(box) {
  if (!narrow() || document.body.dataset.view !== 'play') return;
  const r = box.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) box.scrollIntoView({ block: 'nearest' });
}

function schedule() {
  clearTimeout(timer);
  const st = cur;
  if (!st || st.over || paused || busy() || room.active) return;
  const p = st.pending;
  if (!p || !(p.bot || p.chance) || entering(st)) return;
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

// zoom draws the board larger or smaller than it is drawn now, and keeps
// the size asked for.
function zoom(by) {
  let i = 0;
  for (const [k, l] of ZOOMS.entries()) if (Math.abs(l - table.board.zoom) < Math.abs(ZOOMS[i] - table.board.zoom)) i = k;
  store.saveZoom(ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i + by))]);
  showZoom();
}

function showZoom() {
  const z = store.loadZoom();
  table.board.setZoom(z);
  replay.board.setZoom(z);
}

function capitalize(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

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

// again starts the same game again with the same seats and options, and
// a seed of its own.
function again() {
  if (!cur) return;
  const req = game.setup
    ? { ...game.setup }
    : { game: cur.game, mode: cur.mode, seats: (cur.players || []).map((p) => ({ name: p.name, bot: p.bot || '' })), options: {} };
  delete req.seed;
  start(req, (e) => { $('refusal').textContent = e.words(); });
}

// resume opens the game the storage keeps, as it stood.
async function resume() {
  game = store.loadGame();
  if (!game) return false;
  try {
    const st = await api.state(game.log);
    paused = false;
    cur = st;
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

// shown is the state the play view shows: the room's, or the game's at
// this screen.
function shown() { return room.active ? room.cur : cur; }

function download(text, name, type) {
  const url = URL.createObjectURL(text instanceof Blob ? text : new Blob([text], { type }));
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function logName(st) {
  if (st.room) return `${st.game || 'furlong'}-room-${st.room.slice(0, 6)}.log`;
  return `${st.game || 'furlong'}${st.seed !== null && st.seed !== undefined ? '-' + st.seed : ''}.log`;
}

async function printSheets() {
  try {
    const { blob, name } = await api.print(shown().log, $('paper').value);
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
    const card = el('div', { class: 'record-player', 'data-name': n }, el('h2', { text: n }));
    if (rows.children.length) {
      card.append(el('table', {},
        el('thead', {}, el('tr', {}, el('th', { text: 'Game' }), el('th', { text: 'Against the bots' }))), rows));
    }
    for (const [k, s] of Object.entries(p.solo || {})) {
      const [g, m] = k.split('/');
      const gi = gameByName(g);
      const mi = gi && gi.modes.find((x) => x.keyword === m);
      const unit = (v) => (v === null || v === undefined ? '' : amount(guideOf(games, g).unit, v));
      const line = el('p', { text: `${mi ? mi.title : k}: ${s.rides} ${s.rides === 1 ? 'ride' : 'rides'}, best ${unit(s.best)}, last ${unit(s.last)}. ` });
      for (const [i, rung] of (s.ladder || []).entries()) {
        line.append(el('span', { class: i < s.rungs ? 'rung made' : 'rung', title: rung.name, text: `${rung.name} ${amount({ ...guideOf(games, g).unit, signed: false }, rung.purse)}` }));
      }
      card.append(line);
    }
    box.append(card);
  }
}

// ---- wiring ----

function wire() {
  $('nav-setup').addEventListener('click', () => { show('pick'); focusFirst('#game-list button'); });
  $('nav-replay').addEventListener('click', () => { show('replay'); $('file').focus(); });
  $('nav-record').addEventListener('click', () => show('record'));
  $('nav-play').addEventListener('click', () => {
    leaveRoom();
    show('play');
    if (cur) {
      render();
      schedule();
    }
  });
  $('nav-room').addEventListener('click', () => { if (lastRoom) openRoom(lastRoom); });
  $('join-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    $('join-code').removeAttribute('aria-invalid');
    join($('join-code').value);
  });
  $('nav-sheet').addEventListener('click', () => { show('sheet'); sheet.open(); });
  document.addEventListener('furlong:view', (ev) => show(ev.detail));
  $('write-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('write').value.trim();
    if (text) table.choose(text);
  });
  $('pause').addEventListener('click', () => { paused = !paused; render(); schedule(); });
  $('step').addEventListener('click', () => { if (paused) advance(); });
  $('undo').addEventListener('click', undo);
  const speed = $('speed');
  speed.value = String(store.loadPause());
  const says = () => { $('speed-out').textContent = `${(Number(speed.value) / 1000).toFixed(1)} s`; };
  says();
  speed.addEventListener('input', () => { store.savePause(Number(speed.value)); says(); });
  $('download').addEventListener('click', () => shown() && download(shown().log, logName(shown()), 'text/plain'));
  $('print').addEventListener('click', printSheets);
  $('again').addEventListener('click', again);
  $('review').addEventListener('click', () => {
    const st = shown();
    if (!st) return;
    show('replay');
    replay.open(st.log);
  });
  $('record-clear').addEventListener('click', () => { store.saveRecord({}); drawRecord(); });
  for (const p of ['', 'r-']) {
    $(`${p}zoom-in`).addEventListener('click', () => zoom(1));
    $(`${p}zoom-out`).addEventListener('click', () => zoom(-1));
  }
  showZoom();
  // A phone turned, or a window made narrow: the board's size and its
  // close-up follow.
  window.addEventListener('resize', () => {
    showZoom();
    table.board.fit();
    replay.board.fit();
  });
}

function focusFirst(sel) {
  const b = document.querySelector(sel);
  if (b) b.focus({ preventScroll: true });
}

async function main() {
  table = new PlayView({ games: () => games, dice });
  room = new Room({ games: () => games, view: table, show, dice });
  entry = table.enter;
  replay = new Replay({
    onResume: (st) => { begin(st, null); },
    dice,
    games: () => games,
  });
  setup = new Setup({ onStart: (req, where) => (where === 'room' ? host(req) : start(req)) });
  sheet = new Sheet($('sheet'), { games: () => games });
  wire();
  try {
    games = await api.games();
  } catch (e) {
    notice(e.words ? e.words() : String(e));
  }
  setup.setGames(games);
  setup.setRooms(api.rooms);
  $('join-form').hidden = !api.rooms;
  // A room's link opens the room; else the game this browser keeps.
  const id = new URLSearchParams(location.search).get('room');
  if (id && !api.rooms) {
    notice('This server keeps no rooms: it was started without a database (serve --db none).');
    history.replaceState(null, '', '/');
  }
  const onSheet = sheet.wasOpen();
  if (id && api.rooms) {
    await openRoom(id);
  } else if (!(await resume()) && !onSheet) {
    if (!game) show('pick');
  } else if (onSheet) {
    show('sheet');
    sheet.open();
  }
  document.body.dataset.ready = 'true';
}

main();
