// Drawing a state: the board (the game's SVG pages where it draws them, a
// table of the players where it does not), the turn, the choices, the
// result and the log. Everything is built with DOM calls: no markup from
// the server is trusted as HTML.

import { ZOOMS, loadZoom } from './store.js';

export function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') e.textContent = v;
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

// SVG_KEEP are the elements a board may hold: drawing, text, and what
// groups and links them within the page. Any other goes with what it
// holds: a script, a foreign object, SMIL's set, animate, animateMotion,
// animateTransform and discard (which can change an attribute, a link's
// href, after the cleaning), a filter that loads an image.
const SVG_KEEP = new Set(['svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'a', 'path', 'rect', 'circle', 'ellipse',
  'line', 'polyline', 'polygon', 'text', 'tspan', 'image', 'clipPath', 'mask', 'linearGradient', 'radialGradient', 'stop', 'pattern']);

// safeAttr reports whether attribute a of node can neither run a script
// nor load anything: no event handler, no style, no link out of the page
// (an image's data: URL stays), no value naming a script or data URL or
// a url() outside the page, whatever spaces or controls split it.
function safeAttr(node, a) {
  const n = a.name.toLowerCase();
  const v = a.value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
  if (n.startsWith('on') || n === 'style' || n === 'xml:base') return false;
  if (n === 'href' || n === 'xlink:href') {
    return v.startsWith('#') || (node.localName === 'image' && /^data:image\/(png|jpeg|gif);/.test(v));
  }
  return !/javascript:|vbscript:|data:|url\((?!['"]?#)/.test(v);
}

// cleanSVG parses one SVG document and keeps only drawing (SVG_KEEP),
// with safe attributes (safeAttr).
export function cleanSVG(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') return null;
  for (const node of root.querySelectorAll('*')) {
    if (node.namespaceURI !== SVG_NS || !SVG_KEEP.has(node.localName)) node.remove();
  }
  for (const node of [root, ...root.querySelectorAll('*')]) {
    for (const a of [...node.attributes]) {
      if (!safeAttr(node, a)) node.removeAttribute(a.name);
    }
  }
  return document.importNode(root, true);
}

// partsOf are the regions of the board a choice concerns: its Part, which
// may name several ("race 7, race 9").
export function partsOf(c) {
  return (c.part || '').split(',').map((p) => p.trim()).filter(Boolean);
}

// choicesAt are the pending person's choices that concern the region
// tagged tag.
export function choicesAt(st, tag) {
  const p = st.pending;
  if (!p || p.bot || p.chance) return [];
  return p.choices.filter((c) => partsOf(c).includes(tag));
}

// fillTools fills tools, the empty box of a board's tools whose id ends
// in "board-tools", with the zoom and the box of the pages' buttons, which
// it returns; their ids begin as the box's does ("r-zoom-in" in
// "r-board-tools").
function fillTools(tools) {
  const p = tools.id.slice(0, -'board-tools'.length);
  const pages = el('div', { class: 'pages', id: `${p}board-pages`, role: 'group', 'aria-label': 'Pages of the board' });
  tools.replaceChildren(
    el('div', { class: 'zoom', role: 'group', 'aria-label': 'Board size' },
      el('button', { type: 'button', id: `${p}zoom-out`, 'aria-label': 'Draw the board smaller', text: '−' }),
      el('output', { id: `${p}zoom-level`, 'aria-live': 'polite' }),
      el('button', { type: 'button', id: `${p}zoom-in`, 'aria-label': 'Draw the board larger', text: '+' })),
    pages);
  return pages;
}

// BoardView draws a state's board into box: the game's SVG pages, one at
// a time when there are several (tools holds the zoom and the pages'
// buttons, which the view puts there), or a table of the players where
// the game draws none.
export class BoardView {
  // dice, when given, says whether the state's game is one of dice alone:
  // nothing on its board is tapped, so it is drawn whole.
  constructor(box, tools, dice) {
    this.box = box;
    this.tools = tools;
    this.pagesBox = fillTools(tools);
    this.dice = dice || (() => false);
    this.page = 0;
    this.zoom = 1;
  }

  // setZoom draws the board z times the width of its box; null lets the
  // view choose: on a phone, a sheet as large as it is on paper, near
  // enough, to be read and tapped, and scrolled within its box.
  setZoom(z) {
    if (z === null || z === undefined) {
      z = 1;
      const svg = this.box.querySelector('svg');
      const mm = svg ? parseFloat(svg.getAttribute('width')) : NaN;
      const w = this.box.clientWidth;
      if (window.innerWidth < 600 && mm > 0 && w > 0 && !(this.st && this.dice(this.st))) {
        const want = (mm * 3.4) / w; // 3.4 px a millimetre: print at arm's length
        z = ZOOMS.reduce((best, l) => (Math.abs(l - want) < Math.abs(best - want) ? l : best), 1);
      }
    }
    this.zoom = z;
    this.box.dataset.zoom = String(z);
    const out = this.tools.querySelector('output');
    if (out) out.textContent = `${Math.round(z * 100)}%`;
    const [less, more] = this.tools.querySelectorAll('.zoom button');
    if (less) less.disabled = z <= ZOOMS[0];
    if (more) more.disabled = z >= ZOOMS[ZOOMS.length - 1];
    this.reveal();
  }

  // reset starts a new game at its first page.
  reset() { this.page = 0; }

  // draw shows st. onPart, when given, is told the region of the board a
  // click lands on (its data-tag), when a choice concerns it. The page
  // shown is the one asked for, unless a choice concerns regions of
  // another page only: then that one.
  draw(st, onPart) {
    this.st = st;
    this.onPart = onPart;
    const pages = (st.svg || []).map(cleanSVG).filter(Boolean);
    this.tools.hidden = !pages.length;
    this.pagesBox.replaceChildren();
    if (!pages.length) {
      this.box.replaceChildren(playersTable(st));
      return;
    }
    const parts = pages.map((svg) => (onPart ? markParts(svg, st, onPart) : 0));
    if (this.page >= pages.length) this.page = 0;
    if (!parts[this.page] && parts.some((n) => n > 0)) this.page = parts.findIndex((n) => n > 0);
    pages.forEach((svg, i) => {
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', pages.length > 1 ? `The board, page ${i + 1} of ${pages.length}` : 'The board');
    });
    this.box.replaceChildren(pages[this.page]);
    this.setZoom(loadZoom());
    if (pages.length > 1) {
      pages.forEach((svg, i) => {
        const b = el('button', { type: 'button', 'aria-pressed': String(i === this.page), 'aria-label': `Page ${i + 1} of the board${parts[i] ? ', where a choice is' : ''}`, class: parts[i] ? 'has-parts' : null, text: String(i + 1) });
        b.addEventListener('click', () => {
          this.page = i;
          this.box.replaceChildren(pages[i]);
          for (const o of this.pagesBox.querySelectorAll('button')) o.setAttribute('aria-pressed', String(o === b));
        });
        this.pagesBox.append(b);
      });
    }
  }

  // reveal scrolls a board drawn larger than its box to the first region
  // a choice concerns.
  reveal() {
    const r = this.box.querySelector('rect.part');
    if (!r || this.box.scrollWidth <= this.box.clientWidth) return;
    const at = r.getBoundingClientRect().left - this.box.getBoundingClientRect().left + this.box.scrollLeft;
    this.box.scrollLeft = Math.max(0, at - 16);
  }
}

// markParts marks the regions of svg that a pending choice concerns, and
// makes a click on one tell onPart; it returns how many there are.
function markParts(svg, st, onPart) {
  let n = 0;
  for (const r of svg.querySelectorAll('[data-tag]')) {
    const tag = r.getAttribute('data-tag');
    if (!choicesAt(st, tag).length) continue;
    r.classList.add('part');
    r.addEventListener('click', () => onPart(tag));
    n++;
  }
  return n;
}

// light marks the regions tagged tag, and nothing else.
export function light(box, tag) {
  for (const r of box.querySelectorAll('[data-tag]')) r.classList.toggle('lit', tag !== null && r.getAttribute('data-tag') === tag);
}

// playersTable is the board of a game that draws none: who sits where,
// who plays them, and the result so far.
function playersTable(st) {
  const res = new Map(((st.result && st.result.players) || []).map((p) => [p.name, p]));
  const body = el('tbody');
  (st.players || []).forEach((p, i) => {
    const r = res.get(p.name);
    const row = el('tr', { class: st.pending && st.pending.seat === i ? 'turn' : null },
      el('td', { class: 'seat', text: String(i + 1) }),
      el('td', { text: p.name }),
      el('td', { text: p.bot ? `the ${p.bot} bot` : 'a person' }),
      el('td', { class: 'num', text: r ? String(r.result) : '' }));
    body.append(row);
  });
  return el('table', { 'aria-label': 'The players' },
    el('thead', {}, el('tr', {}, el('th', { class: 'seat', text: 'Seat' }), el('th', { text: 'Player' }), el('th', { text: 'Played by' }), el('th', { class: 'num', text: 'So far' }))),
    body);
}

// status words whose turn it is.
export function status(st) {
  if (st.over) {
    const w = st.result && st.result.winners;
    if (w && w.length) return `The game is over: ${w.join(' and ')} ${w.length > 1 ? 'share the win' : 'wins'}.`;
    return 'The game is over.';
  }
  const p = st.pending;
  if (!p) return '';
  if (p.chance) return `Chance: ${p.kind}…`;
  if (p.bot) return `${p.player} (the ${p.bot} bot): ${p.kind}…`;
  return `${p.player} to play: ${p.kind}`;
}

// pendingText is what the pending person's choices all begin with, when
// it is more than the player's name: what chance has already written of
// the line, such as the dice of a throw ("roll Ana 1 3 6 6 split"), which
// the log shows only once the decision completes the line.
export function pendingText(st) {
  const p = st.pending;
  if (!p || p.bot || p.chance || p.choices.length < 2) return '';
  let common = p.choices[0].text.split(' ');
  for (const c of p.choices.slice(1)) {
    const w = c.text.split(' ');
    let i = 0;
    while (i < common.length && i < w.length && common[i] === w[i]) i++;
    common = common.slice(0, i);
  }
  const rest = common.filter((w) => w !== p.player);
  if (!rest.length || common.length === p.choices[0].text.split(' ').length) return '';
  return common.join(' ') + ' …';
}

// drawChoices puts the pending person's choices as buttons into box;
// onChoose is told the text of the one pressed.
export function drawChoices(box, st, onChoose) {
  box.replaceChildren();
  const p = st.pending;
  if (!p || p.bot || p.chance) return;
  for (const c of p.choices) {
    const b = el('button', { type: 'button', 'data-text': c.text, 'data-part': c.part || null, title: c.text, text: c.label || c.text });
    b.addEventListener('click', () => onChoose(c.text));
    box.append(b);
  }
}

// drawResult shows score's standings.
export function drawResult(box, st) {
  box.replaceChildren();
  const r = st.result;
  if (!r || !Array.isArray(r.players)) return;
  const rows = el('tbody');
  // The places once they are known; the seats' order while the game runs.
  const players = st.over ? [...r.players].sort((a, b) => (a.place || 99) - (b.place || 99)) : r.players;
  for (const p of players) {
    rows.append(el('tr', {}, el('td', { class: 'num', text: p.place ? String(p.place) : '' }), el('td', { text: p.name }), el('td', { class: 'num', text: String(p.result) })));
  }
  box.append(el('h3', { text: st.over ? 'Result' : 'So far' }),
    el('table', {}, el('thead', {}, el('tr', {}, el('th', { class: 'num', text: 'Place' }), el('th', { text: 'Player' }), el('th', { class: 'num', text: 'Result' }))), rows));
}

// drawLog lists a log's lines; fresh lines and the line at are marked.
// onLine, when given, makes each statement a button; note, when given,
// says what to show beside a line ({text, bad, label}), or null.
export function drawLog(list, text, fresh, at, onLine, note) {
  list.replaceChildren();
  const lines = text.replace(/\n$/, '').split('\n');
  list.dataset.digits = String(Math.min(5, String(lines.length).length));
  // The fresh lines are the log's last statements, as the request wrote
  // them: the same text earlier in the log is not fresh.
  const freshAt = new Set();
  const want = [...(fresh || [])];
  for (let i = lines.length - 1; i >= 0 && want.length; i--) {
    if (!lines[i].trim()) continue;
    if (lines[i] !== want[want.length - 1]) break;
    want.pop();
    freshAt.add(i + 1);
  }
  let mark = null;
  lines.forEach((line, i) => {
    const n = i + 1;
    const t = line.trim();
    const isMeta = t.startsWith('#');
    const li = el('li', { value: String(n), class: [isMeta ? 'meta' : '', freshAt.has(n) && !isMeta ? 'new' : '', at === n ? 'here' : ''].filter(Boolean).join(' ') || null });
    const cost = note && t && !isMeta ? note(n) : null;
    if (onLine && t && !isMeta) {
      const b = el('button', { type: 'button' }, el('span', { class: 'text', text: line }));
      if (cost) b.append(el('span', { class: cost.bad ? 'cost bad' : 'cost', 'aria-label': cost.label, text: cost.text }));
      b.addEventListener('click', () => onLine(n));
      li.append(b);
    } else {
      li.textContent = line || '\u00a0';
    }
    if (at === n) li.setAttribute('aria-current', 'step');
    list.append(li);
    if (at === n || (at === undefined && freshAt.has(n))) mark = li;
  });
  const target = mark || list.lastElementChild;
  if (target) list.scrollTop = target.offsetTop - list.clientHeight / 2;
}
