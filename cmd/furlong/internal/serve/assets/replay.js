// Replay: a log opened from a file, dropped on the page or pasted, stepped
// through by move and by turn, forwards and backwards. The server reads
// the log once for its index, then draws the game as it stood after each
// move from the log cut there.

import * as api from './api.js';
import { el, BoardView, drawLog, drawResult, status } from './board.js';

const $ = (id) => document.getElementById(id);
const MAX = 1 << 20;

export class Replay {
  constructor({ onResume, dice }) {
    this.onResume = onResume;
    this.text = '';
    this.lines = [];
    this.moves = [];
    this.start = 0;
    this.at = -1; // -1: the start; i: after move i
    this.cur = null;
    this.token = 0;
    this.costs = new Map(); // line -> the review's decision on it
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
      $('replay-title').textContent = `${st.title || st.game}: ${this.moves.length} ${this.moves.length === 1 ? 'move' : 'moves'}`;
      this.at = this.moves.length - 1;
      this.costs = new Map();
      this.board.reset();
      document.body.dataset.review = st.review ? 'pending' : 'none';
      this.draw(st);
      $('r-first').focus();
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
      document.body.dataset.review = 'ready';
      if (this.cur) this.draw(this.cur);
    } catch (e) {
      if (!(e instanceof api.ApiError)) throw e;
      document.body.dataset.review = 'failed';
      $('r-review').hidden = false;
      $('r-review').textContent = `No review: ${e.words()}`;
    }
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

  draw(st) {
    this.cur = st;
    const n = this.moves.length;
    const turn = this.turnOf(this.at);
    const last = this.moves.length ? this.moves[this.moves.length - 1].turn : 0;
    $('r-where').textContent = this.at < 0
      ? `At the start (line ${this.start}). ${next(st)}`
      : `Move ${this.at + 1} of ${n}, turn ${turn} of ${last}: ${this.moves[this.at].text}. ${next(st)}`;
    this.board.draw(st, null);
    drawResult($('r-result'), st);
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
  }
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
function next(st) {
  const p = st.pending;
  if (st.over || !p) return status(st);
  if (p.chance) return '';
  return `Next: ${p.player}, ${p.kind}.`;
}
