// The play view, shared by the table at one screen (app.js) and a room
// (room.js): the line above the board, the board, the decision in hand
// with its choices or its throw, the end, the result and the log. Who
// may decide, and what a choice or a throw does, is the caller's.

import { el, BoardView, choicesAt, drawChoices, drawLog, drawResult, light, narrow, pendingText } from './board.js';
import { amount, guideOf, turnWords, verdict } from './words.js';
import { drawDice, hoverDice } from './dice.js';

const $ = (id) => document.getElementById(id);

export class PlayView {
  // games gives the server's games, whose guides word the table; dice
  // says whether a state's game is one of dice alone.
  constructor({ games, dice }) {
    this.games = games;
    this.board = new BoardView($('board'), $('board-tools'), dice);
    this.st = null;
    this.choose = () => {};
    this.decided = ''; // the state at which the focus last went to the decision
    $('throw').addEventListener('click', () => { if (this.onThrow) this.onThrow(); });
    $('throw-entry').addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.enterThrow();
    });
    $('throw-values').addEventListener('input', () => this.throwLine());
    document.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape' && !$('offer').hidden) {
        ev.preventDefault();
        this.closeOffer();
        const b = $('choices').querySelector('button');
        if (b) b.focus();
      }
    });
  }

  // draw shows st. status is the line above the board; decides says
  // this screen makes the pending person's choice, and choose is told the
  // text of the one made; throws, when given, is the throw in hand that
  // this screen makes ({head, label, onThrow}), or, with entry (the
  // pending throw, engine.Throw), the throw of dice thrown at the table
  // that it enters: choose is told the statement. It returns whether this
  // screen is to act.
  draw(st, { status, decides, choose, throws }) {
    this.st = st;
    this.choose = choose || (() => {});
    this.onThrow = throws ? throws.onThrow : null;
    const g = guideOf(this.games(), st.game);
    const unit = (n) => amount(g.unit, n);
    const p = st.pending;
    $('play-h').textContent = st.title || st.game;
    $('status').textContent = status;
    this.closeOffer();
    this.board.draw(st, (tag) => this.pickPart(tag));
    const person = !!(decides && p && !p.bot && !p.chance);
    const mine = person || !!throws;
    // The decision in hand: who decides what, what happens next, the
    // choices grouped in the players' words, or the throw.
    $('decide').hidden = !mine;
    if (mine) {
      const w = turnWords(this.games(), st);
      $('decide-h').textContent = person ? (w ? `${p.player} ${w.short}` : `${p.player}: ${p.kind}`) : throws.head;
      $('decide-says').textContent = w ? w.says : '';
      $('decide-says').hidden = !w;
      const pre = person ? pendingText(st) : '';
      $('pending-line').replaceChildren('The line so far: ', el('code', { text: pre }));
      $('pending-line').hidden = !pre;
    }
    $('write-box').hidden = !person;
    $('throw-box').hidden = !throws;
    if (throws) $('throw').textContent = throws.label;
    $('throw').hidden = !throws || !!throws.entry;
    this.drawEntry(throws && throws.entry, `${st.log}\n${st.version ?? ''}`);
    drawChoices($('choices'), st, (text) => this.choose(text), g.words);
    if (!person) $('choices').replaceChildren();
    // The dice the decision is about, drawn beside it (dice.js).
    drawDice($('dice'), st);
    hoverDice($('choices'), $('dice'), st);
    // The end: who won, by how much.
    $('end').hidden = !st.over;
    if (st.over) {
      const v = verdict(this.games(), st);
      $('verdict').textContent = v.line;
      $('verdict-more').textContent = v.more;
      $('verdict-more').hidden = !v.more;
    }
    drawResult($('result'), st, unit);
    drawLog($('log'), st.log, st.written);
    return mine;
  }

  // drawEntry draws the form that enters th, a throw of dice thrown at
  // the table: a list of faces for each die, a field for a hand's cards,
  // and the line the log writes; kept as it is while the state is key.
  drawEntry(th, key) {
    const form = $('throw-entry');
    form.hidden = !th;
    if (!th) {
      this.entry = null;
      return;
    }
    if (this.entry && this.entryKey === key) return;
    this.entry = th;
    this.entryKey = key;
    const fields = (th.dice || []).map((d, i) => {
      const faces = d.faces && d.faces.length ? d.faces : ['1', '2', '3', '4', '5', '6'];
      const name = d.for || (th.dice.length > 1 ? `Die ${i + 1}` : 'The die');
      return el('label', {},
        el('span', { text: name }),
        el('select', { 'data-value': String(i) }, el('option', { value: '', text: '–' }), ...faces.map((f) => el('option', { value: f, text: f }))));
    });
    const slots = th.text.split('{}').length - 1;
    if (slots > (th.dice || []).length) {
      const h = th.hand;
      const hint = h ? `${h.size} cards, ranks ${h.ranks.join(' ')}, with a space between` : 'with a space between';
      fields.push(el('label', { class: 'hand' },
        el('span', { text: `The cards dealt (${hint})` }),
        el('input', { 'data-value': 'hand', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false' })));
    }
    $('throw-values').replaceChildren(...fields);
    this.throwLine();
  }

  // throwValues are the values entered, in the order of the throw's
  // slots; "" where one is missing.
  throwValues() {
    return [...$('throw-values').querySelectorAll('[data-value]')].map((f) => f.value.trim().replace(/\s+/g, ' '));
  }

  // throwLine shows the line the log writes for the values entered.
  throwLine() {
    if (!this.entry) return;
    const vs = this.throwValues();
    let i = 0;
    $('throw-line').textContent = this.entry.text.replace(/\{\}/g, () => vs[i++] || '_');
  }

  enterThrow() {
    if (!this.entry) return;
    const vs = this.throwValues();
    const missing = vs.findIndex((v) => v === '');
    if (missing >= 0) {
      $('refusal').textContent = 'Enter every value the dice show before entering the throw.';
      $('throw-values').querySelectorAll('[data-value]')[missing].focus();
      return;
    }
    let i = 0;
    this.choose(this.entry.text.replace(/\{\}/g, () => vs[i++]));
  }

  // settle moves the focus where it belongs once the state is drawn: to
  // the decision, once a state, when this screen is to act (unless a move
  // is being written, or the page is elsewhere), and to who won when the
  // game just ended (first: the state is the first drawn of its game).
  settle(mine, first) {
    const st = this.st;
    const here = document.body.dataset.view === 'play';
    const key = `${st.log}\n${st.version ?? ''}`;
    if (mine && this.decided !== key) {
      this.decided = key;
      if (!here) return;
      const a = document.activeElement;
      if (a && (a.id === 'write' || a.closest('#offer'))) return;
      const b = $('choices').querySelector('button') || (!$('throw-entry').hidden && $('throw-values').querySelector('select, input')) || (!$('throw-box').hidden && $('throw'));
      if (b) b.focus({ preventScroll: narrow() });
    } else if (st.over && !first && here) {
      // The game just ended: the focus, and a phone's screen, go to who won.
      $('end-h').setAttribute('tabindex', '-1');
      $('end-h').focus({ preventScroll: true });
      if (narrow()) $('end').scrollIntoView({ block: 'start' });
    }
  }

  // reset starts a new game: its board at its first page, nothing focused
  // yet.
  reset() {
    this.board.reset();
    this.decided = '';
  }

  // pickPart answers a click on a region of the board: the one choice
  // that concerns it is played; when several do, they are offered beside
  // the board, to pick one or to cancel.
  pickPart(tag) {
    const cs = this.st ? choicesAt(this.st, tag) : [];
    if (cs.length === 1) {
      this.closeOffer();
      this.choose(cs[0].text);
    } else if (cs.length > 1) {
      this.openOffer(tag, cs);
    }
  }

  openOffer(tag, cs) {
    const box = $('offer');
    const list = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'offer-h' });
    for (const c of cs) {
      const b = el('button', { type: 'button', 'data-text': c.text, title: c.text, text: (c.group ? `${c.group}: ` : '') + (c.label || c.text) });
      b.addEventListener('click', () => { this.closeOffer(); this.choose(c.text); });
      list.append(b);
    }
    const cancel = el('button', { type: 'button', class: 'quiet', id: 'offer-cancel', text: 'Cancel' });
    cancel.addEventListener('click', () => { this.closeOffer(); });
    box.replaceChildren(el('p', { id: 'offer-h', class: 'offer-h', text: `${cs.length} choices concern ${tag}:` }), list, cancel);
    box.hidden = false;
    box.dataset.tag = tag;
    box.scrollIntoView({ block: 'nearest' });
    light($('board'), tag);
    for (const b of $('choices').querySelectorAll('button')) b.classList.toggle('lit', cs.some((c) => c.text === b.dataset.text));
    list.querySelector('button').focus();
  }

  closeOffer() {
    const box = $('offer');
    box.hidden = true;
    box.replaceChildren();
    delete box.dataset.tag;
    light($('board'), null);
    for (const b of $('choices').querySelectorAll('button.lit')) b.classList.remove('lit');
  }
}
