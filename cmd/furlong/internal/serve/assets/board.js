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
// in "board-tools", with the zoom, the close-up switch and the box of the
// pages' buttons, which it returns; their ids begin as the box's does
// ("r-zoom-in" in "r-board-tools").
function fillTools(tools) {
  const p = tools.id.slice(0, -'board-tools'.length);
  const pages = el('div', { class: 'pages', id: `${p}board-pages`, role: 'group', 'aria-label': 'Pages of the board' });
  tools.replaceChildren(
    el('div', { class: 'zoom', role: 'group', 'aria-label': 'Board size' },
      el('button', { type: 'button', id: `${p}zoom-out`, 'aria-label': 'Draw the board smaller', text: '−' }),
      el('output', { id: `${p}zoom-level`, 'aria-live': 'polite' }),
      el('button', { type: 'button', id: `${p}zoom-in`, 'aria-label': 'Draw the board larger', text: '+' })),
    el('button', { type: 'button', id: `${p}close-up`, class: 'close-up', 'aria-pressed': 'false', hidden: true, text: 'Close up' }),
    pages);
  return pages;
}

// narrow says the page is as narrow as a phone's.
export function narrow() { return window.innerWidth < 600; }

// BoardView draws a state's board into box: the game's SVG pages, one at
// a time when there are several (tools holds the zoom, the close-up
// switch and the pages' buttons, which the view puts there), or a table
// of the players where the game draws none.
//
// A board is drawn as wide as its box (zoom 1); larger, it scrolls within
// its box, never the page. On a phone, while a choice concerns regions of
// the board, the view closes up on them: the page is cut to the regions
// in play, drawn as wide as the box, until the switch shows it whole.
export class BoardView {
  // dice, when given, says whether the state's game is one of dice alone:
  // nothing on its board is tapped, so it is drawn whole.
  constructor(box, tools, dice) {
    this.box = box;
    this.tools = tools;
    this.pagesBox = fillTools(tools);
    this.closeBtn = tools.querySelector('.close-up');
    this.dice = dice || (() => false);
    this.page = 0;
    this.zoom = 1;
    this.close = null; // the user's close-up choice; null: close up on a phone
    this.closeBtn.addEventListener('click', () => {
      this.close = !this.closed;
      this.fit();
    });
  }

  // setZoom draws the board z times the width of its box; null (the
  // user has chosen no size) draws it as wide as its box.
  setZoom(z) {
    if (z === null || z === undefined) z = 1;
    this.zoom = z;
    this.box.dataset.zoom = String(z);
    const out = this.tools.querySelector('output');
    if (out) out.textContent = `${Math.round(z * 100)}%`;
    const [less, more] = this.tools.querySelectorAll('.zoom button');
    if (less) less.disabled = z <= ZOOMS[0];
    if (more) more.disabled = z >= ZOOMS[ZOOMS.length - 1];
    // A board larger than its box scrolls: it can be reached and
    // scrolled with the keyboard too.
    if (z > 1) {
      this.box.setAttribute('tabindex', '0');
      this.box.setAttribute('role', 'region');
      this.box.setAttribute('aria-label', 'The board, scrolled sideways');
    } else {
      for (const a of ['tabindex', 'role', 'aria-label']) this.box.removeAttribute(a);
    }
    this.reveal();
  }

  // reset starts a new game at its first page, and forgets the close-up
  // asked for.
  reset() {
    this.page = 0;
    this.close = null;
  }

  // draw shows st. onPart, when given, is told the region of the board a
  // click or a key lands on (its data-tag), when a choice concerns it.
  // The page shown is the one asked for, unless a choice concerns regions
  // of another page only: then that one.
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
      const name = pages.length > 1 ? `The board, page ${i + 1} of ${pages.length}` : 'The board';
      if (parts[i]) {
        // Its regions are buttons: the board is a group of them, and
        // the drawing around them is left out of what is read aloud.
        svg.setAttribute('role', 'group');
        svg.setAttribute('aria-label', `${name}: the regions a choice concerns are buttons`);
        for (const c of svg.children) {
          if (!c.matches('.part') && !c.querySelector('.part')) c.setAttribute('aria-hidden', 'true');
        }
      } else {
        svg.setAttribute('role', 'img');
        svg.setAttribute('aria-label', name);
      }
    });
    this.pages = pages;
    this.show(this.page);
    this.setZoom(loadZoom());
    if (pages.length > 1) {
      pages.forEach((svg, i) => {
        const b = el('button', { type: 'button', 'aria-pressed': String(i === this.page), 'aria-label': `Page ${i + 1} of the board${parts[i] ? ', where a choice is' : ''}`, class: parts[i] ? 'has-parts' : null, text: String(i + 1) });
        b.addEventListener('click', () => {
          this.show(i);
          for (const o of this.pagesBox.querySelectorAll('button')) o.setAttribute('aria-pressed', String(o === b));
        });
        this.pagesBox.append(b);
      });
    }
  }

  // show puts page i in the box, closed up as it should be.
  show(i) {
    this.page = i;
    this.box.replaceChildren(this.pages[i]);
    this.fit();
  }

  // fit closes up on the regions in play, or shows the page whole: whole
  // unless the user asked for the close-up, or, on a phone and until they
  // say otherwise, unless the regions in play are a good deal narrower
  // than the page.
  fit() {
    const svg = this.box.querySelector('svg');
    if (!svg) return;
    const whole = svg.dataset.viewBox || svg.getAttribute('viewBox');
    if (!svg.dataset.viewBox && whole) {
      svg.dataset.viewBox = whole;
      svg.dataset.width = svg.getAttribute('width') || '';
      svg.dataset.height = svg.getAttribute('height') || '';
    }
    const crop = this.crop(svg);
    const want = this.close ?? narrow();
    this.closed = !!(crop && want);
    this.closeBtn.hidden = !crop;
    this.closeBtn.setAttribute('aria-pressed', String(this.closed));
    this.box.dataset.closed = String(this.closed);
    if (this.closed) {
      svg.setAttribute('viewBox', crop.join(' '));
      svg.setAttribute('width', `${crop[2]}mm`);
      svg.setAttribute('height', `${crop[3]}mm`);
    } else if (whole) {
      svg.setAttribute('viewBox', whole);
      if (svg.dataset.width) svg.setAttribute('width', svg.dataset.width);
      if (svg.dataset.height) svg.setAttribute('height', svg.dataset.height);
    }
  }

  // crop is the box of svg's page, in its own units, around the regions
  // a choice concerns, with a margin: [x, y, w, h]; null when there are
  // none, or they take most of the page.
  crop(svg) {
    const vb = (svg.dataset.viewBox || '').split(/[\s,]+/).map(Number);
    const rs = [...svg.querySelectorAll('rect.part')];
    if (vb.length !== 4 || vb.some((n) => !Number.isFinite(n)) || !rs.length) return null;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const r of rs) {
      const x = Number(r.getAttribute('x') || 0), y = Number(r.getAttribute('y') || 0);
      const w = Number(r.getAttribute('width') || 0), h = Number(r.getAttribute('height') || 0);
      if (![x, y, w, h].every(Number.isFinite)) return null;
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + w); y1 = Math.max(y1, y + h);
    }
    // A margin around the regions, and the whole way to the page's edge
    // where little is left of it: what names the regions (a lane's
    // number) is often drawn just beside them.
    const pad = vb[2] * 0.02;
    const edge = vb[2] * 0.2;
    x0 = x0 - vb[0] < edge ? vb[0] : x0 - pad;
    x1 = vb[0] + vb[2] - x1 < edge ? vb[0] + vb[2] : x1 + pad;
    y0 = Math.max(vb[1], y0 - pad);
    y1 = Math.min(vb[1] + vb[3], y1 + pad);
    if ((x1 - x0) * (y1 - y0) > vb[2] * vb[3] * 0.6) return null;
    const r = (n) => Math.round(n * 100) / 100;
    return [r(x0), r(y0), r(x1 - x0), r(y1 - y0)];
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
// makes a click on one, or Enter or Space on one the keyboard reached,
// tell onPart; it returns how many there are.
function markParts(svg, st, onPart) {
  let n = 0;
  for (const r of svg.querySelectorAll('[data-tag]')) {
    const tag = r.getAttribute('data-tag');
    const cs = choicesAt(st, tag);
    if (!cs.length) continue;
    r.classList.add('part');
    r.setAttribute('tabindex', '0');
    r.setAttribute('role', 'button');
    r.setAttribute('aria-label', cs.length === 1 ? `${tag}: ${cs[0].group ? cs[0].group + ', ' : ''}${cs[0].label || cs[0].text}` : `${tag}: ${cs.length} choices`);
    r.addEventListener('click', () => onPart(tag));
    r.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter' && ev.key !== ' ') return;
      ev.preventDefault();
      onPart(tag);
    });
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

// wordOf is what the guide's words say of a choice: of the word of the
// notation its text ends with (a jockey's id), or null.
function wordOf(words, c) {
  const last = c.text.trim().split(/\s+/).pop();
  return (words && Object.hasOwn(words, last) && words[last]) || null;
}

// drawChoices puts the pending person's choices as buttons into box,
// grouped under their groups' headings in the order the game lists them,
// each with what the guide's words say of it (a jockey's card); onChoose
// is told the text of the one pressed.
export function drawChoices(box, st, onChoose, words) {
  box.replaceChildren();
  const p = st.pending;
  if (!p || p.bot || p.chance) return;
  const groups = new Map();
  const seen = new Set();
  for (const c of p.choices) {
    // Two choices a player words alike are one to them (The Great Races'
    // 1 6 6 6 pairs a 6 with the 1 three ways, which the log writes
    // apart): the first stands for both; writing the move can play either.
    const said = `${c.group || ''}\n${c.label || c.text}\n${c.part || ''}`;
    if (c.label && seen.has(said)) continue;
    seen.add(said);
    const w = wordOf(words, c);
    const b = el('button', { type: 'button', class: w ? 'has-word' : null, 'data-text': c.text, 'data-part': c.part || null, title: c.text },
      el('span', { class: 'label', text: c.label || c.text }));
    if (w) b.append(el('span', { class: 'word', text: w.says }));
    b.addEventListener('click', () => onChoose(c.text));
    const key = c.group || '';
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(b);
  }
  let i = 0;
  for (const [name, buttons] of groups) {
    if (!name) {
      box.append(el('div', { class: 'choice-group' }, ...buttons));
      continue;
    }
    const id = `${box.id}-g${i++}`;
    box.append(el('div', { class: 'choice-group', role: 'group', 'aria-labelledby': id },
      el('p', { class: 'group-h', id, text: name }), ...buttons));
  }
}

// drawResult shows score's standings, in the game's unit (amount writes
// a result in it).
export function drawResult(box, st, amount) {
  box.replaceChildren();
  const r = st.result;
  if (!r || !Array.isArray(r.players)) return;
  const rows = el('tbody');
  // The places once they are known; the seats' order while the game runs.
  const players = st.over ? [...r.players].sort((a, b) => (a.place || 99) - (b.place || 99)) : r.players;
  for (const p of players) {
    rows.append(el('tr', {}, el('td', { class: 'num', text: p.place ? String(p.place) : '' }), el('td', { text: p.name }), el('td', { class: 'num', text: amount ? amount(p.result) : String(p.result) })));
  }
  box.append(el('h3', { text: st.over ? 'Standings' : 'So far' }),
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
