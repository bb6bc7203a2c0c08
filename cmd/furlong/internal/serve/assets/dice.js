// The dice on the page: the pending throw's dice drawn where a person
// decides, each marked with what the turn has made of it and, while a
// choice is pointed at or has the focus, with what that choice makes of
// it (the choice's "uses"); and, at a table whose dice are thrown
// ("dice": "table"), the entry of each throw: a tap on the face each die
// shows, or a hand dealt rank by rank, the statement it makes shown as it
// is built and sent only once confirmed. Nothing here knows a rule: what
// is thrown, by whom, and what a hand may hold is the state's throw
// (engine.Throw); the server checks what is entered, in check's words.

import { el } from './board.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

// PIPS are the pips of each face, on a die 100 units wide.
const PIPS = {
  1: [[50, 50]],
  2: [[27, 27], [73, 73]],
  3: [[27, 27], [50, 50], [73, 73]],
  4: [[27, 27], [73, 27], [27, 73], [73, 73]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[27, 25], [73, 25], [27, 50], [73, 50], [27, 75], [73, 75]],
};

function svg(tag, attrs) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  return e;
}

// dieFace draws a die showing face (1 to 6), or a blank die (0), as an
// SVG the size of its box; it says nothing to a screen reader, whose
// words are the caller's.
export function dieFace(face) {
  const s = svg('svg', { viewBox: '0 0 100 100', class: 'die', 'aria-hidden': 'true', focusable: 'false' });
  s.append(svg('rect', { x: 4, y: 4, width: 92, height: 92, rx: 16, class: 'die-body' }));
  for (const [x, y] of PIPS[face] || []) s.append(svg('circle', { cx: x, cy: y, r: 9, class: 'pip' }));
  return s;
}

// throwOf is the throw a person sees at st's pending decision: the dice
// it is about, each with its face, or null.
function throwOf(st) {
  const p = st.pending;
  if (!p || p.chance || !p.throw || !Array.isArray(p.throw.dice)) return null;
  const dice = p.throw.dice.filter((d) => d.face >= 1 && d.face <= 6);
  return dice.length ? p.throw : null;
}

// drawDice draws into box the dice of st's pending decision, each with
// what the turn has made of it so far ("kept", "cut 1"); box is hidden
// when the decision is about no dice.
export function drawDice(box, st) {
  const t = throwOf(st);
  box.replaceChildren();
  box.hidden = !t;
  if (!t) return;
  const who = st.players && st.players[t.thrower] ? `${st.players[t.thrower].name}'s dice` : 'The dice';
  const list = el('ul', { class: 'dice-row', 'aria-label': who });
  t.dice.forEach((d, i) => {
    const li = el('li', { class: 'die-box', 'data-face': String(d.face), 'data-use': d.use || null });
    li.append(dieFace(d.face), el('span', { class: 'use', text: d.use || '' }));
    li.setAttribute('aria-label', `die ${i + 1}: ${d.face}${d.use ? `, ${d.use}` : ''}`);
    list.append(li);
  });
  box.append(el('p', { class: 'dice-h', text: `${who}:` }), list);
}

// markDice shows on box's dice what uses makes of each (a choice's
// "uses", in the dice's order), or, with null, what the turn has made of
// them so far.
export function markDice(box, uses) {
  box.querySelectorAll('.die-box').forEach((li, i) => {
    const u = uses ? uses[i] || '' : '';
    li.classList.toggle('marked', !!u);
    li.classList.toggle('dimmed', !!uses && !u);
    li.querySelector('.use').textContent = uses ? u : li.dataset.use || '';
  });
}

// hoverDice marks box's dice with what each of the choices' buttons
// (in choices) makes of them, while it is pointed at or has the focus.
export function hoverDice(choices, box, st) {
  const p = st.pending;
  if (!p || p.chance || box.hidden) return;
  const by = new Map((p.choices || []).map((c) => [c.text, c.uses || null]));
  for (const b of choices.querySelectorAll('button[data-text]')) {
    const uses = by.get(b.dataset.text);
    if (!uses) continue;
    const on = () => markDice(box, uses);
    const off = () => markDice(box, null);
    b.addEventListener('mouseenter', on);
    b.addEventListener('focus', on);
    b.addEventListener('mouseleave', off);
    b.addEventListener('blur', off);
  }
}

// entering says whether st waits for a throw entered at the table.
export function entering(st) {
  return !!(st && !st.over && st.dice === 'table' && st.pending && st.pending.chance && st.pending.throw);
}

const DRAFT = 'furlong.entry';

// Entry is the entry of the pending throw at a table whose dice are
// thrown: box is its panel, onEnter is told the statement once it is
// confirmed (or written), and answers true when the server took it.
export class Entry {
  constructor(box, onEnter) {
    this.box = box;
    this.onEnter = onEnter;
    this.key = '';
    this.values = []; // each die's face, as the statement writes it, or ''
    this.counts = []; // the hand's cards, rank by rank
    this.at = 0; // the die the next tap enters
    box.addEventListener('keydown', (ev) => this.key_(ev));
  }

  hide() {
    this.box.hidden = true;
    this.box.replaceChildren();
  }

  // draw shows the entry of st's pending throw, keeping what is entered
  // of the same throw of the same log (a refusal, a redraw, a reload).
  draw(st, heading) {
    const t = st.pending.throw;
    const key = `${st.log}\n${t.text}`;
    if (key !== this.key) {
      this.key = key;
      this.values = (t.dice || []).map(() => '');
      this.counts = t.hand ? t.hand.ranks.map(() => 0) : [];
      this.at = 0;
      this.load();
    }
    this.st = st;
    this.t = t;
    this.heading = heading;
    this.render();
  }

  // load takes the draft this browser kept of the same throw.
  load() {
    try {
      const d = JSON.parse(sessionStorage.getItem(DRAFT) || 'null');
      if (!d || d.key !== this.key) return;
      if (Array.isArray(d.values) && d.values.length === this.values.length) this.values = d.values.map(String);
      if (Array.isArray(d.counts) && d.counts.length === this.counts.length) this.counts = d.counts.map(Number);
      this.at = Math.max(0, this.values.indexOf(''));
    } catch (e) { /* a draft that does not read is none */ }
  }

  save() {
    try {
      sessionStorage.setItem(DRAFT, JSON.stringify({ key: this.key, values: this.values, counts: this.counts }));
    } catch (e) { /* storage full or off: the entry stays on the page */ }
  }

  // cards writes the hand entered, lowest rank first, as the log does.
  cards() {
    const out = [];
    this.t.hand.ranks.forEach((r, i) => { for (let n = 0; n < this.counts[i]; n++) out.push(r); });
    return out.join(' ');
  }

  held() { return this.counts.reduce((a, b) => a + b, 0); }

  complete() {
    return this.values.every((v) => v !== '') && (!this.t.hand || this.held() === this.t.hand.size);
  }

  // text is the statement the entry makes: each slot filled with what is
  // entered, "_" where nothing is yet.
  text() {
    const parts = [...this.values.map((v) => v || '_')];
    if (this.t.hand) parts.push(this.held() ? this.cards() : '_');
    let i = 0;
    return this.t.text.replace(/\{\}/g, () => (i < parts.length ? parts[i++] : '_'));
  }

  // who names the one who throws die i, or the throw's thrower.
  who(i) {
    const names = (this.st.players || []).map((p) => p.name);
    const d = this.t.dice && this.t.dice[i];
    if (d && d.for) return d.for;
    const seat = d ? d.seat : this.t.thrower;
    return names[seat] || '';
  }

  render() {
    const t = this.t;
    const box = this.box;
    const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
    box.hidden = false;
    const dice = t.dice || [];
    const thrower = (this.st.players || [])[t.thrower];
    let says;
    if (t.hand) says = `Enter the hand dealt to ${(this.st.players[t.hand.seat] || {}).name}: tap a rank once for each card of it.`;
    else if (dice.length === 1) says = 'Tap the face the die shows.';
    else says = `Tap the face each die shows, die by die${thrower ? `: ${thrower.name} throws` : ''}. Tap a die to correct it.`;
    const kids = [el('h2', { id: 'enter-h', text: this.heading }), el('p', { class: 'says', text: says })];
    if (dice.length) kids.push(this.slots(dice), this.pad(dice[this.at] || dice[0]));
    if (t.hand) kids.push(this.hand());
    kids.push(el('p', { class: 'pending-line' }, 'The line: ', el('code', { id: 'enter-line', text: this.text() })));
    const ok = el('button', { type: 'button', class: 'primary', id: 'enter-ok', 'data-focus': 'ok', text: 'Confirm the throw', disabled: !this.complete() });
    ok.addEventListener('click', () => this.confirm());
    const clear = el('button', { type: 'button', id: 'enter-clear', 'data-focus': 'clear', text: 'Clear' });
    clear.addEventListener('click', () => {
      this.values = this.values.map(() => '');
      this.counts = this.counts.map(() => 0);
      this.at = 0;
      this.save();
      this.render();
    });
    kids.push(el('div', { class: 'buttons enter-actions' }, ok, clear));
    kids.push(this.writeBox());
    box.replaceChildren(...kids);
    const back = focused && box.querySelector(`[data-focus="${CSS.escape(focused)}"]`);
    if (back) back.focus({ preventScroll: true });
  }

  // slots are the dice of the throw, each showing what is entered of it;
  // a tap makes it the one the next face tap enters.
  slots(dice) {
    const row = el('div', { class: 'slots', role: 'group', 'aria-label': 'The dice entered' });
    dice.forEach((d, i) => {
      const v = this.values[i];
      const face = /^[1-6]$/.test(v) && !d.faces ? Number(v) : 0;
      const name = d.for || (dice.length > 1 ? `die ${i + 1}` : 'the die');
      const b = el('button', {
        type: 'button', class: `slot${i === this.at ? ' at' : ''}`, 'data-slot': String(i), 'data-focus': `slot${i}`,
        'aria-pressed': String(i === this.at), 'aria-label': `${name}: ${v || 'not entered'}`,
      });
      b.append(d.faces ? el('span', { class: 'slot-word', text: v || '?' }) : dieFace(face), el('span', { class: 'slot-name', text: name }));
      b.addEventListener('click', () => { this.at = i; this.render(); });
      row.append(b);
    });
    return row;
  }

  // pad is the faces die d may show, a button each.
  pad(d) {
    const name = d.for || (this.values.length > 1 ? `die ${this.at + 1}` : 'the die');
    const row = el('div', { class: d.faces ? 'faces words' : 'faces', role: 'group', 'aria-label': `What ${name} shows` });
    const faces = d.faces || ['1', '2', '3', '4', '5', '6'];
    for (const f of faces) {
      const b = el('button', { type: 'button', class: 'face', 'data-face': f, 'data-focus': `face${f}`, 'aria-label': d.faces ? f : `${f}` });
      if (d.faces) b.append(el('span', { text: f }));
      else b.append(dieFace(Number(f)));
      if (this.values[this.at] === f) b.classList.add('on');
      b.addEventListener('click', () => this.tap(f));
      row.append(b);
    }
    return row;
  }

  // tap enters face for the die at hand, and moves on to the next die not
  // entered yet.
  tap(face) {
    if (!this.values.length) return;
    this.values[this.at] = face;
    const next = this.values.findIndex((v, i) => v === '' && i > this.at);
    const first = this.values.indexOf('');
    this.at = next >= 0 ? next : first >= 0 ? first : this.at;
    this.save();
    this.render();
    if (this.complete() && !this.t.hand) {
      const ok = this.box.querySelector('#enter-ok');
      if (ok) ok.focus({ preventScroll: true });
    }
  }

  // hand is the deal's entry: a tile for each rank, with the cards of it
  // entered and the ones the deck(s) still hold.
  hand() {
    const h = this.t.hand;
    const grid = el('div', { class: 'ranks', role: 'group', 'aria-label': 'The hand, rank by rank' });
    h.ranks.forEach((r, i) => {
      const n = this.counts[i];
      // A room's deal says nothing of what the deck still holds (it would
      // tell every device the others' hands): only the hand's size bounds.
      const left = h.left ? h.left[i] : Infinity;
      const add = el('button', {
        type: 'button', class: 'rank-add', 'data-rank': r, 'data-focus': `add${r}`, disabled: n >= left || this.held() >= h.size,
        'aria-label': h.left ? `${r}: ${n} in the hand, ${left - n} more in the deck; add one` : `${r}: ${n} in the hand; add one`,
      }, el('span', { class: 'rank', text: r }), el('span', { class: 'count', text: n ? `×${n}` : '' }));
      add.addEventListener('click', () => { this.counts[i]++; this.save(); this.render(); });
      const drop = el('button', { type: 'button', class: 'rank-drop', 'data-rank': r, 'data-focus': `drop${r}`, disabled: n === 0, 'aria-label': `take a ${r} out of the hand`, text: '−' });
      drop.addEventListener('click', () => { this.counts[i]--; this.save(); this.render(); });
      grid.append(el('div', { class: 'rank-tile' }, add, drop, el('span', { class: 'left', text: h.left ? `${left - n} left` : '' })));
    });
    return el('div', { class: 'hand' },
      el('p', { class: 'held', id: 'enter-held', text: `${this.held()} of ${h.size} cards` }), grid);
  }

  // writeBox takes the throw written as the log writes it, for a throw
  // the taps cannot say or a person who would rather type.
  writeBox() {
    const input = el('input', { id: 'enter-write', autocomplete: 'off', spellcheck: 'false', 'data-focus': 'write' });
    const form = el('form', { class: 'write' },
      el('label', { for: 'enter-write', text: 'The throw, as the log writes it' }),
      el('div', { class: 'inline' }, input, el('button', { type: 'submit', text: 'Enter it' })));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (text) this.onEnter(text);
    });
    return el('details', { class: 'write-box' }, el('summary', { text: 'Write the throw instead' }), form);
  }

  confirm() {
    if (!this.complete()) return;
    this.onEnter(this.text());
  }

  // key_ takes a face typed on the keyboard (1 to 6) for the die at
  // hand, Backspace to clear it.
  key_(ev) {
    if (!this.t || ev.target.tagName === 'INPUT' || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const d = this.t.dice && this.t.dice[this.at];
    if (d && !d.faces && /^[1-6]$/.test(ev.key)) {
      ev.preventDefault();
      this.tap(ev.key);
    } else if (d && ev.key === 'Backspace') {
      ev.preventDefault();
      this.values[this.at] = '';
      this.save();
      this.render();
    }
  }

  // focus puts the focus on the first face to tap (or rank), unless it
  // is already in the entry.
  focus(preventScroll) {
    if (this.box.contains(document.activeElement)) return;
    const b = this.box.querySelector('.faces button, .rank-add:not([disabled])');
    if (b) b.focus({ preventScroll });
  }
}
