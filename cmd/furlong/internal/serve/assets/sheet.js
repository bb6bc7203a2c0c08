// The scorekeeper's page: finished paper sheets copied box by box, for
// the games with sheet transcripts. The server names the boxes, writes
// the transcript they say and judges it as check judges a file (POST
// /api/sheet); this page draws the boxes, keeps what is entered in the
// browser's storage, and shows check's word and score's result.

import { el, drawResult } from './board.js';
import { amount, guideOf } from './words.js';

const KEPT = 'furlong.sheet';
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEPT) || 'null');
    return v && v.setup && typeof v.setup.mode === 'string' ? { values: {}, open: false, ...v } : null;
  } catch (e) {
    return null;
  }
}

function keep(v) {
  try {
    if (v) localStorage.setItem(KEPT, JSON.stringify(v));
    else localStorage.removeItem(KEPT);
  } catch (e) {
    // A full or forbidden storage: the transcript's download keeps it.
  }
}

// ask posts body to /api/sheet: {status, body}, a 400 keeping the sheets
// it names beside check's problem.
async function ask(body) {
  let res;
  try {
    res = await fetch('/api/sheet', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch (e) {
    return { status: 0, body: { error: { message: 'the server cannot be reached: what is entered stays in this browser' } } };
  }
  let b = null;
  try {
    b = await res.json();
  } catch (e) {
    b = { error: { message: `the server answered ${res.status}` } };
  }
  return { status: res.status, body: b };
}

// words is a problem as check prints it: the line, then the chapter.
function words(e) {
  let m = e.message || '';
  if (e.chapter) m += ` (rulebook: ${e.chapter})`;
  if (e.line) m = `line ${e.line} of the transcript: ${m}`;
  return m;
}

export class Sheet {
  // root is the view's element; games() the server's games.
  constructor(root, { games }) {
    this.root = root;
    this.games = games;
    this.kept = load();
    this.answer = null; // the last answer's sheet
    this.timer = 0;
    this.asked = 0;
  }

  // wasOpen says the page was on the sheets when it was left.
  wasOpen() { return !!(this.kept && this.kept.open); }

  // left notes that the page went to another view.
  left() {
    if (this.kept && this.kept.open) { this.kept.open = false; keep(this.kept); }
  }

  // modes are the sheets the server enters: [{game, mode}].
  modes() {
    const out = [];
    for (const g of this.games()) {
      if (!g.sheet) continue;
      for (const m of g.modes) out.push({ game: g, mode: m });
    }
    return out;
  }

  open() {
    if (this.kept) {
      this.kept.open = true;
      keep(this.kept);
      this.drawEntry();
      this.check(true);
    } else {
      this.drawSetup();
    }
  }

  // ---- the setup: which sheets, whose ----

  drawSetup(err) {
    const modes = this.modes();
    const kept = this.kept;
    const form = el('form', { id: 'sheet-setup', class: 'sheet-setup', novalidate: true });
    const pick = el('select', { id: 'sheet-mode' });
    modes.forEach((m, i) => pick.append(el('option', { value: m.mode.keyword, text: m.mode.title, selected: kept ? kept.setup.mode === m.mode.keyword : i === 0 })));
    const names = el('ol', { class: 'sheet-names' });
    const hint = el('p', { class: 'hint' });
    const error = el('p', { id: 'sheet-setup-error', class: 'error', role: 'alert', text: err || '' });
    const seats = () => {
      const m = modes.find((x) => x.mode.keyword === pick.value);
      return m ? m.mode : { min_players: 1, max_players: 1, players: 1 };
    };
    const fill = (n) => {
      const had = [...names.querySelectorAll('input')].map((i) => i.value);
      names.replaceChildren();
      for (let i = 0; i < n; i++) {
        const id = `sheet-name-${i + 1}`;
        const v = had[i] !== undefined ? had[i] : (kept && kept.setup.players[i]) || NAMES[i] || `P${i + 1}`;
        names.append(el('li', {}, el('label', { for: id, text: `Player ${i + 1}` }), el('input', { id, value: v, autocomplete: 'off', spellcheck: 'false', required: true })));
      }
      const s = seats();
      add.disabled = n >= s.max_players;
      drop.disabled = n <= s.min_players;
      hint.textContent = s.min_players === s.max_players ? `${s.title} has ${s.min_players === 1 ? 'one player' : `${s.min_players} players`}.` : `${s.title} seats ${s.min_players} to ${s.max_players} players, in the order they sat.`;
    };
    const add = el('button', { type: 'button', text: 'Add a player' });
    const drop = el('button', { type: 'button', text: 'Remove the last player' });
    add.addEventListener('click', () => fill(names.children.length + 1));
    drop.addEventListener('click', () => fill(names.children.length - 1));
    pick.addEventListener('change', () => {
      const s = seats();
      fill(Math.min(s.max_players, Math.max(s.min_players, names.children.length)));
    });
    form.append(
      el('div', { class: 'row' }, el('label', { for: 'sheet-mode', text: 'The sheets of' }), pick),
      el('fieldset', {}, el('legend', { text: 'Who played' }), names, el('div', { class: 'buttons' }, add, drop), hint),
      error,
      el('div', { class: 'start-bar' }, el('button', { type: 'submit', class: 'primary', id: 'sheet-start', text: kept ? 'Back to the sheets' : 'Enter the sheets' })));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const players = [...names.querySelectorAll('input')].map((i) => i.value.trim());
      const old = this.kept;
      const setup = { mode: pick.value, players, facts: old && old.setup.mode === pick.value ? old.setup.facts || {} : {} };
      // What was entered stays where the players keep their names.
      const values = old && old.setup.mode === pick.value && old.setup.players.join(' ') === players.join(' ') ? old.values : {};
      this.start(setup, values, error);
    });
    this.root.replaceChildren(
      el('h1', { id: 'sheet-h', text: 'Score a paper sheet' }),
      el('p', { class: 'summary', text: 'Copy what each finished sheet shows, box by box: furlong checks it as it checks a transcript file and works every result out.' }),
      modes.length ? form : el('p', { class: 'error', text: 'This server enters no game\'s sheets.' }));
    if (modes.length) fill(kept && kept.setup.mode === pick.value ? kept.setup.players.length : seats().players);
  }

  async start(setup, values, error) {
    const { status, body } = await ask({ ...setup, values });
    if (!body.sheet) {
      error.textContent = words(body.error || { message: `the server answered ${status}` });
      const f = body.error && body.error.field;
      if (f === 'names') this.root.querySelector('#sheet-name-1').focus();
      return;
    }
    this.kept = { setup, values, open: true };
    keep(this.kept);
    this.drawEntry();
    this.land(status, body);
    const first = this.root.querySelector('.sheet-paper input, .sheet-paper select, .sheet-paper button');
    if (first) first.focus({ preventScroll: true });
  }

  // ---- the sheets ----

  // drawEntry draws the sheets of the last answer, with what is kept.
  drawEntry() {
    const k = this.kept;
    const a = this.answer;
    const head = el('div', { class: 'sheet-head' },
      el('h1', { id: 'sheet-h', text: a ? `${a.title}: the finished sheets` : 'The finished sheets' }),
      el('p', { class: 'summary', text: `${k.setup.players.join(', ')}. Tap a box and type what the sheet shows; a box left blank is blank on paper.` }));
    const change = el('button', { type: 'button', id: 'sheet-change', class: 'quiet', text: 'Change the players' });
    change.addEventListener('click', () => this.drawSetup());
    const clear = el('button', { type: 'button', id: 'sheet-clear', text: 'Start other sheets' });
    clear.addEventListener('click', () => {
      if (!window.confirm('Forget every box entered here?')) return;
      this.kept = null;
      this.answer = null;
      keep(null);
      this.drawSetup();
    });
    const papers = el('div', { class: 'sheet-papers' });
    const status = el('div', { id: 'sheet-status', class: 'sheet-status', role: 'status', 'aria-live': 'polite' });
    const result = el('div', { id: 'sheet-result', class: 'sheet-result' });
    const download = el('button', { type: 'button', id: 'sheet-download', text: 'Download the transcript' });
    download.addEventListener('click', () => this.download());
    const file = el('input', { type: 'file', id: 'sheet-file', accept: '.txt,.log,text/plain' });
    file.addEventListener('change', () => this.openFile(file));
    const text = el('pre', { id: 'sheet-text', class: 'sheet-text' });
    this.root.replaceChildren(head,
      el('div', { class: 'buttons' }, change, clear),
      papers, status, result,
      el('details', { class: 'sheet-transcript' }, el('summary', {}, el('h2', { text: 'The transcript the boxes write' })), text),
      el('div', { class: 'buttons' }, download, el('label', { for: 'sheet-file', class: 'file', text: 'Open a transcript file' }), file));
    this.papers = papers;
    this.status = status;
    this.result = result;
    this.text = text;
    this.drawn = undefined; // the caller lands an answer, which draws the boxes
  }

  drawPapers() {
    const a = this.answer;
    const k = this.kept;
    this.papers.replaceChildren();
    if (a.facts && a.facts.length) {
      const box = el('fieldset', { class: 'sheet-paper sheet-facts' }, el('legend', { text: 'About the game' }));
      for (const f of a.facts) {
        const id = `sheet-fact-${f.key}`;
        const s = el('select', { id, 'data-fact': f.key });
        f.values.forEach((v, i) => s.append(el('option', { value: v, text: f.labels[i] || v, selected: (k.setup.facts[f.key] || '') === v })));
        s.addEventListener('change', () => {
          if (s.value) k.setup.facts[f.key] = s.value;
          else delete k.setup.facts[f.key];
          keep(k);
          this.check(true);
        });
        box.append(el('div', { class: 'row' }, el('label', { for: id, text: f.label }), s));
      }
      this.papers.append(box);
    }
    const sheets = new Map();
    for (const b of a.boxes) {
      if (!sheets.has(b.sheet)) sheets.set(b.sheet, new Map());
      const groups = sheets.get(b.sheet);
      if (!groups.has(b.group)) groups.set(b.group, []);
      groups.get(b.group).push(b);
    }
    let n = 0;
    for (const [sheet, groups] of sheets) {
      const keys = new Map();
      for (const bs of groups.values()) for (const b of bs) for (const key of b.keys || []) keys.set(key.key, key.label);
      const paper = el('fieldset', { class: 'sheet-paper', 'data-sheet': sheet }, el('legend', { text: sheet }));
      if (keys.size) paper.append(el('p', { class: 'hint', text: `Beside the numbers: ${[...keys].map(([key, label]) => `${key}, ${label}`).join('; ')}.` }));
      // A sheet whose rows are the players' columns (a race's tracks)
      // heads them with the players' names, which the boxes, once
      // filled, no longer show.
      const rows = [...groups.values()].filter((bs) => bs.length > 1);
      const heads = rows.length ? rows[0].map((b) => b.label || '') : [];
      if (heads.length && heads.every((h) => h && !/^[0-9]+$/.test(h)) && rows.every((bs) => bs.map((b) => b.label).join(' ') === heads.join(' '))) {
        paper.append(el('div', { class: `sheet-row sheet-heads${heads.length > 3 ? ' wide' : ''}`, 'aria-hidden': 'true' }, el('span', { class: 'sheet-label' }),
          el('div', { class: 'sheet-cells' }, ...heads.map((h) => el('span', { class: 'sheet-head-cell', text: h })))));
      }
      for (const [group, bs] of groups) {
        const row = el('div', { class: `sheet-row${bs.length > 3 ? ' wide' : ''}`, role: 'group', 'aria-label': group });
        row.append(el('span', { class: 'sheet-label', text: bs[0].row || group }));
        const cells = el('div', { class: 'sheet-cells' });
        for (const b of bs) cells.append(this.cell(b, n++));
        row.append(cells);
        paper.append(row);
      }
      this.papers.append(paper);
    }
  }

  // cell is the box b as it is entered: a tick, a list of what it takes,
  // or a field to type its numbers in.
  cell(b, n) {
    const k = this.kept;
    const v = k.values[b.tag] || '';
    const cap = b.label || '';
    let c;
    if (b.tick) {
      c = el('button', { type: 'button', class: 'sheet-box tick', 'data-tag': b.tag, 'aria-label': b.tag, 'aria-pressed': v ? 'true' : 'false', text: v ? `✓${cap}` : cap || ' ' });
      c.addEventListener('click', () => {
        const on = !k.values[b.tag];
        this.set(b.tag, on ? '1' : '');
        c.setAttribute('aria-pressed', on ? 'true' : 'false');
        c.textContent = on ? `✓${cap}` : cap || ' ';
        this.check(true);
      });
    } else if (b.values && b.values.length) {
      c = el('select', { class: 'sheet-box pick', 'data-tag': b.tag, 'aria-label': b.tag });
      b.values.forEach((x, i) => c.append(el('option', { value: x, text: b.labels[i] || x, selected: x === v })));
      c.addEventListener('change', () => { this.set(b.tag, c.value); this.check(true); });
    } else {
      const letters = (b.keys || []).some((key) => /[a-z]/i.test(key.key));
      c = el('input', {
        class: 'sheet-box', 'data-tag': b.tag, 'aria-label': b.tag, value: v, placeholder: cap,
        inputmode: letters || (b.keys || []).length ? 'text' : 'numeric', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'none', maxlength: '16', enterkeyhint: 'next',
      });
      c.addEventListener('input', () => { this.set(b.tag, c.value); this.check(false); });
      c.addEventListener('change', () => this.check(true));
      c.addEventListener('keydown', (ev) => {
        if (ev.key !== 'Enter') return;
        ev.preventDefault();
        this.next(c, !c.value);
      });
    }
    c.dataset.n = String(n);
    return c;
  }

  // next moves on from box c: to the next box, or, from a box left
  // blank, to the first box of the next row.
  next(c, skipRow) {
    const all = [...this.papers.querySelectorAll('.sheet-box')];
    let i = all.indexOf(c) + 1;
    if (skipRow) {
      const row = c.closest('.sheet-row');
      while (i < all.length && all[i].closest('.sheet-row') === row) i++;
    }
    if (i < all.length) all[i].focus();
    this.check(true);
  }

  set(tag, v) {
    const k = this.kept;
    if (v) k.values[tag] = v;
    else delete k.values[tag];
    keep(k);
  }

  // check asks the server's word on the boxes: at once, or once typing
  // pauses.
  check(now) {
    clearTimeout(this.timer);
    if (!now) {
      this.timer = setTimeout(() => this.check(true), 500);
      return;
    }
    const k = this.kept;
    const id = ++this.asked;
    this.root.dataset.checked = 'false';
    ask({ ...k.setup, values: k.values }).then(({ status, body }) => {
      if (id !== this.asked || this.kept !== k) return; // a later one is on its way
      this.land(status, body);
      this.root.dataset.checked = 'true';
    });
  }

  // land shows an answer: check's word, the boxes at fault, score's
  // result.
  land(status, body) {
    if (body.sheet) this.answer = body.sheet;
    if (!this.papers || !this.answer) return;
    // The boxes are drawn again when they change what they take (a
    // jockey gives its lanes their keys), the focus kept on its box.
    const want = JSON.stringify(this.answer.boxes);
    if (this.drawn !== want || !this.papers.childElementCount) {
      const at = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.tag : null;
      this.drawPapers();
      this.drawn = want;
      const c = at && this.papers.querySelector(`[data-tag="${CSS.escape(at)}"]`);
      if (c) c.focus({ preventScroll: true });
    }
    this.root.querySelector('#sheet-h').textContent = `${this.answer.title}: the finished sheets`;
    for (const p of this.root.querySelectorAll('.sheet-row-error')) p.remove();
    for (const c of this.root.querySelectorAll('.sheet-box.bad')) {
      c.classList.remove('bad');
      c.removeAttribute('aria-invalid');
      c.removeAttribute('aria-describedby');
    }
    this.status.replaceChildren();
    this.result.replaceChildren();
    this.text.textContent = this.answer ? this.answer.transcript || '' : '';
    if (status === 200) {
      const unit = guideOf(this.games(), body.game).unit;
      if (body.unfinished) {
        this.status.className = 'sheet-status';
        this.status.append(el('p', { text: 'Every box so far keeps the rules.' }), el('p', { class: 'hint', text: `Not finished: ${body.unfinished}` }));
      } else {
        this.status.className = 'sheet-status ok';
        this.status.append(el('p', { class: 'verdict', text: `Checked: ok, ${body.summary}${body.winners.length ? `; ${body.winners.join(' and ')} ${body.winners.length > 1 ? 'share the win' : 'wins'}` : ''}.` }));
      }
      this.result.append(el('h2', { text: body.unfinished ? 'The result so far' : 'The result' }));
      const table = el('div');
      drawResult(table, { over: !body.unfinished, result: body.result }, (x) => amount(unit, x));
      // Score's text: its heading line as a paragraph, its table as it
      // prints it, which scrolls within its box on a narrow screen.
      const nl = body.text.indexOf('\n');
      this.result.append(table, el('h3', { text: 'The breakdown, as furlong score prints it' }),
        el('p', { class: 'sheet-score-head', text: body.text.slice(0, nl) }),
        el('pre', { class: 'sheet-score', id: 'sheet-score', tabindex: '0', role: 'region', 'aria-label': 'The breakdown', text: body.text.slice(nl + 1).replace(/^\n/, '') }));
      return;
    }
    const e = body.error || { message: `the server answered ${status}` };
    this.status.className = 'sheet-status bad';
    const msg = el('p', { id: 'sheet-problem', class: 'error', role: 'alert', text: words(e) });
    this.status.append(msg);
    const boxes = e.boxes || [];
    if (boxes.length) {
      const list = el('p', { class: 'sheet-at' }, 'The boxes that wrote it: ');
      boxes.forEach((tag, i) => {
        const go = el('button', { type: 'button', class: 'quiet', text: tag });
        go.addEventListener('click', () => {
          const c = this.papers.querySelector(`[data-tag="${CSS.escape(tag)}"]`);
          if (c) { c.scrollIntoView({ block: 'center' }); c.focus({ preventScroll: true }); }
        });
        if (i) list.append(' ');
        list.append(go);
      });
      this.status.append(list);
      let row = null;
      for (const tag of boxes) {
        const c = this.papers.querySelector(`[data-tag="${CSS.escape(tag)}"]`);
        if (c) {
          c.classList.add('bad');
          c.setAttribute('aria-invalid', 'true');
          c.setAttribute('aria-describedby', 'sheet-problem-at');
          row = c.closest('.sheet-row');
        }
      }
      // The problem is said again under the row at fault, where the
      // scorekeeper is looking.
      if (row) row.after(el('p', { id: 'sheet-problem-at', class: 'error sheet-row-error', text: words(e) }));
    }
  }

  download() {
    const a = this.answer;
    if (!a || !a.transcript) return;
    const url = URL.createObjectURL(new Blob([a.transcript], { type: 'text/plain' }));
    const link = el('a', { href: url, download: `${a.setup.mode}-transcript.txt` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  async openFile(input) {
    const f = input.files && input.files[0];
    if (!f) return;
    const text = await f.text();
    input.value = '';
    const { status, body } = await ask({ transcript: text });
    if (!body.sheet) {
      this.status.className = 'sheet-status bad';
      this.status.replaceChildren(el('p', { class: 'error', role: 'alert', text: `${f.name}: ${words(body.error || { message: `the server answered ${status}` })}` }));
      return;
    }
    this.kept = { setup: body.sheet.setup, values: body.sheet.values || {}, open: true };
    this.kept.setup.facts = this.kept.setup.facts || {};
    keep(this.kept);
    this.answer = body.sheet;
    this.drawEntry();
    this.land(status, body);
  }
}
