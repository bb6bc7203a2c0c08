// Replay: a log opened from a file, dropped on the page or pasted, stepped
// through by move and by turn, forwards and backwards. The server reads
// the log once for its index, then draws the game as it stood after each
// move from the log cut there.

import * as api from './api.js';
import { el, BoardView, drawLog, drawResult } from './board.js';
import { amount, guideOf, status } from './words.js';

const $ = (id) => document.getElementById(id);
const MAX = 1 << 20;

export class Replay {
  // games gives the server's games, whose guides word the replay.
  constructor({ onResume, dice, games }) {
    this.onResume = onResume;
    this.games = games || (() => []);
    this.text = '';
    this.lines = [];
    this.moves = [];
    this.start = 0;
    this.at = -1; // -1: the start; i: after move i
    this.cur = null;
    this.token = 0;
    this.costs = new Map(); // line -> the review's decision on it
    this.story = []; // the review's story, where it tells one: every roll of every race, by line
    this.board = new BoardView($('r-board'), $('r-board-tools'), dice);
    const drop = $('drop');
    drop.addEventListener('dragover', (ev) => { ev.preventDefault(); drop.classList.add('over'); });
    drop.addEventListener('dragleave', () => drop.classList.remove('over'));
    drop.addEventListener('drop', (ev) => {
      ev.preventDefault();
      drop.classList.remove('over');
      const f = ev.dataTransfer && ev.dataTransfer.files && ev.dataTransfer.files[0];
      if (f) this.openFile(f);
    });
    $('file').addEventListener('change', () => { const f = $('file').files[0]; if (f) this.openFile(f); });
    $('paste-open').addEventListener('click', () => this.open($('paste').value));
    $('replay-another').addEventListener('click', () => {
      $('replay-open').hidden = false;
      $('replay-another').hidden = true;
      $('file').focus();
    });
    $('r-first').addEventListener('click', () => this.go(-1));
    $('r-last').addEventListener('click', () => this.go(this.moves.length - 1));
    $('r-back').addEventListener('click', () => this.go(this.at - 1));
    $('r-next').addEventListener('click', () => this.go(this.at + 1));
    $('r-turn-back').addEventListener('click', () => this.go(this.turnBack()));
    $('r-turn-next').addEventListener('click', () => this.go(this.turnNext()));
    $('r-resume').addEventListener('click', () => this.cur && this.onResume(this.cur));
    $('replay-view').addEventListener('keydown', (ev) => {
      if (ev.target.closest('button') && (ev.key === 'Enter' || ev.key === ' ')) return;
      if (ev.key === 'ArrowLeft') { ev.preventDefault(); this.go(ev.shiftKey ? this.turnBack() : this.at - 1); }
      if (ev.key === 'ArrowRight') { ev.preventDefault(); this.go(ev.shiftKey ? this.turnNext() : this.at + 1); }
    });
  }

  async openFile(f) {
    if (f.size > MAX) {
      $('replay-error').textContent = `${f.name} is larger than 1 MiB: no game's log is that long.`;
      return;
    }
    this.open(await f.text());
  }

  async open(text) {
    $('replay-error').textContent = '';
    const mine = ++this.token;
    try {
      const st = await api.state(text, true);
      if (mine !== this.token) return;
      this.text = text.replace(/\r\n?/g, '\n');
      this.lines = this.text.split('\n');
      this.moves = st.moves || [];
      this.start = st.start || 0;
      $('replay-view').hidden = false;
      // The log is open: the ways to open one step aside for it.
      $('replay-open').hidden = true;
      $('replay-another').hidden = false;
      $('replay-title').textContent = `${st.title || st.game}: ${this.moves.length} ${this.moves.length === 1 ? 'move' : 'moves'}`;
      this.at = this.moves.length - 1;
      document.body.dataset.replayMoves = String(this.moves.length);
      this.costs = new Map();
      this.story = [];
      $('r-marks').hidden = true;
      $('r-story').hidden = true;
      this.board.reset();
      document.body.dataset.review = st.review ? 'pending' : 'none';
      this.draw(st);
      $('r-first').focus();
      document.body.dataset.replayOpened = String(Number(document.body.dataset.replayOpened || 0) + 1);
      if (st.review) this.weigh(text);
    } catch (e) {
      if (!(e instanceof api.ApiError)) throw e;
      $('replay-view').hidden = true;
      $('replay-error').textContent = e.words();
    }
  }

  // weigh asks for the review of the log, and shows each decision's cost
  // once it comes: the replay does not wait for it.
  async weigh(text) {
    document.body.dataset.review = 'pending';
    try {
      const r = await api.review(text);
      if (this.text !== text.replace(/\r\n?/g, '\n')) return; // another log is open
      for (const d of (r.review && r.review.decisions) || []) this.costs.set(d.line, d);
      this.story = storyOf(r.review);
      this.explainMarks(r.review && r.review.marks);
      document.body.dataset.review = 'ready';
      if (this.cur) this.draw(this.cur);
    } catch (e) {
      if (!(e instanceof api.ApiError)) throw e;
      document.body.dataset.review = 'failed';
      $('r-review').hidden = false;
      $('r-review').textContent = `No review: ${e.words()}`;
    }
  }

  // explainMarks says what the review's marks mean, from the losses the
  // review marks from.
  explainMarks(m) {
    const box = $('r-marks');
    if (!m || !this.costs.size) {
      box.hidden = true;
      return;
    }
    const unit = this.cur ? guideOf(this.games(), this.cur.game).unit : {};
    const loss = (x) => (m.by === 'loss_win' ? `${Math.round(x * 100)} points of win chance` : `${amount({ ...unit, signed: false }, x)} of the expected result`);
    box.replaceChildren(
      'Beside each decision the log says what it cost against the expert bot\'s best: ',
      el('strong', { text: '?' }), ` marks one that cost ${loss(m['?'])} or more, `,
      el('strong', { text: '??' }), ` one that cost ${loss(m['??'])} or more, and “best” one the expert would have made too.`);
    box.hidden = false;
  }

  // note is what the log shows beside a reviewed decision: what it cost.
  note(line) {
    const d = this.costs.get(line);
    if (!d) return null;
    if (d.played === d.best) return { text: 'best', bad: false, label: "the expert's choice" };
    const c = cost(d);
    return { text: (d.mark ? d.mark + ' ' : '') + c.short, bad: !!d.mark, label: `it cost ${c.long}` };
  }

  // line is the line of the log the position stands at.
  line(at) { return at < 0 ? this.start : this.moves[at].line; }

  turnOf(at) { return at < 0 ? 0 : this.moves[at].turn; }

  // turnNext is the last move of the next turn.
  turnNext() {
    if (this.at + 1 >= this.moves.length) return this.at;
    const t = this.moves[this.at + 1].turn;
    let i = this.at + 1;
    while (i + 1 < this.moves.length && this.moves[i + 1].turn === t) i++;
    return i;
  }

  // turnBack is the last move of the turn before the one in hand.
  turnBack() {
    if (this.at < 0) return -1;
    const want = this.turnOf(this.at) - 1;
    let i = this.at;
    while (i >= 0 && this.turnOf(i) > want) i--;
    return i;
  }

  async go(at) {
    at = Math.max(-1, Math.min(at, this.moves.length - 1));
    const mine = ++this.token;
    const cut = this.lines.slice(0, this.line(at)).join('\n') + '\n';
    try {
      const st = await api.state(cut);
      if (mine !== this.token) return;
      this.at = at;
      this.draw(st);
    } catch (e) {
      if (!(e instanceof api.ApiError)) throw e;
      $('replay-error').textContent = e.words();
    }
  }

  // tell shows the story as it stands at line: the race in hand, each
  // horse's chance to win after the last roll, and each hand's worth.
  tell(line, unit) {
    const box = $('r-story');
    let at = null;
    for (const s of this.story) if (s.line <= line) at = s;
    if (!at) {
      box.hidden = true;
      return;
    }
    const { race, point } = at;
    const pct = (x) => `${Math.round(x * 100)}%`;
    const what = point.roll === 0
      ? `Race ${race.race}, before the first roll`
      : `Race ${race.race}, after roll ${point.roll}: ${point.roller} threw ${point.dice.join(' and ')}, ${point.moved ? `horse ${point.horse} moves` : `horse ${point.horse} is scratched`}`;
    const horses = Object.entries(point.chances).sort((a, b) => Number(a[0]) - Number(b[0]));
    const list = el('ul', { class: 'chances' });
    for (const [h, c] of horses) {
      list.append(el('li', { class: c >= 0.5 ? 'likely' : null },
        el('span', { class: 'horse', text: `horse ${h}` }),
        el('meter', { min: '0', max: '1', value: String(c), 'aria-hidden': 'true' }),
        el('span', { class: 'pct', text: pct(c) })));
    }
    const worth = Object.entries(point.worth || {}).map(([n, w]) => `${n} ${amount({ ...unit, signed: false }, Math.round(w * 10) / 10)}`).join(', ');
    box.replaceChildren(el('p', { class: 'story-h', text: `${what}. Each horse's chance to win:` }), list,
      worth ? el('p', { class: 'hint', text: `What each hand can expect from the pot: ${worth}.` }) : '');
    box.hidden = false;
  }

  draw(st) {
    this.cur = st;
    const n = this.moves.length;
    const turn = this.turnOf(this.at);
    const last = this.moves.length ? this.moves[this.moves.length - 1].turn : 0;
    $('r-where').textContent = this.at < 0
      ? `At the start (line ${this.start}). ${next(this.games(), st)}`
      : `Move ${this.at + 1} of ${n}, turn ${turn} of ${last}: ${this.moves[this.at].text}. ${next(this.games(), st)}`;
    this.board.draw(st, null);
    const unit = guideOf(this.games(), st.game).unit;
    drawResult($('r-result'), st, (n) => amount(unit, n));
    this.tell(this.line(this.at), unit);
    drawLog($('r-log'), this.text, [], this.line(this.at), (line) => {
      const i = this.moves.findIndex((m) => m.line === line);
      this.go(i >= 0 ? i : -1);
    }, (line) => this.note(line));
    const d = this.at >= 0 ? this.costs.get(this.moves[this.at].line) : null;
    const box = $('r-review');
    if (d) {
      box.replaceChildren(
        d.mark ? el('span', { class: 'mark', text: d.mark + ' ' }) : '',
        d.played === d.best
          ? `${d.player} played ${d.played}: the expert's choice too, of ${d.choices}.`
          : `${d.player} played ${d.played}; the expert's best of ${d.choices} choices was ${d.best}. It cost ${cost(d).long}.`);
      box.hidden = false;
    } else if (document.body.dataset.review !== 'failed') {
      box.hidden = true;
    }
    $('r-first').disabled = this.at < 0;
    $('r-back').disabled = this.at < 0;
    $('r-turn-back').disabled = this.at < 0;
    $('r-next').disabled = this.at >= n - 1;
    $('r-turn-next').disabled = this.at >= n - 1;
    $('r-last').disabled = this.at >= n - 1;
    $('r-resume').hidden = st.over || st.seed === null || st.seed === undefined;
    document.body.dataset.replayAt = String(this.at);
    document.body.dataset.replayOver = String(!!st.over);
  }
}

// storyOf lists the points of a review's story, where it tells one (Horse
// Race's: every roll of every race with each horse's chance to win and
// each hand's worth), in the log's order: [{line, race, point}].
function storyOf(review) {
  const out = [];
  for (const race of (review && Array.isArray(review.races) && review.races) || []) {
    for (const p of race.rolls || []) out.push({ line: p.line, race, point: p });
  }
  return out.sort((a, b) => a.line - b.line);
}

// cost words what a decision lost, as the review weighs it: points of win
// chance where the review gives them, and the expected result.
export function cost(d) {
  const pts = (x) => (Math.round(x * 10) / 10).toFixed(1);
  const parts = [];
  let short = '';
  if (typeof d.loss_win === 'number') {
    parts.push(`${pts(d.loss_win * 100)} points of win chance`);
    short = `−${pts(d.loss_win * 100)}%`;
  }
  if (typeof d.loss === 'number') {
    parts.push(`${pts(d.loss)} of the expected result`);
    if (!short) short = `−${pts(d.loss)}`;
  }
  return { short, long: parts.join(' and ') || 'nothing' };
}

// next says what comes after the move in hand: the end, or the seat to
// decide (chance, which the log shows as it falls, goes unsaid).
function next(games, st) {
  const p = st.pending;
  if (st.over || !p) return status(games, st);
  if (p.chance) return '';
  return `Next: ${status(games, st)}.`;
}
