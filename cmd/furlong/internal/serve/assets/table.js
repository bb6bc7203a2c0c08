// The play view, shared by the table at one screen (app.js) and a room
// (room.js): the line above the board, the board, the decision in hand
// with its choices or its throw, the end, the result and the log. Who
// may decide, and what a choice or a throw does, is the caller's.

import { el, BoardView, choicesAt, drawChoices, drawLog, drawResult, light, narrow, pendingText } from './board.js';
import { amount, guideOf, turnWords, verdict } from './words.js';
import { Entry, drawDice, hoverDice } from './dice.js';

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
    // The entry of a throw of dice thrown at the table (dice.js), one for
    // the page: the table at one screen draws it itself, a room through
    // draw's throws.entry; what it enters goes to the choose in hand.
    this.enter = new Entry($('enter'), (text) => this.choose(text));
    this.entering = false;
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
    const entry = !!(throws && throws.entry);
    // The decision in hand: who decides what, what happens next, the
    // choices grouped in the players' words, or the throw.
    $('decide').hidden = !mine || entry;
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
    $('throw').hidden = !throws || entry;
    if (entry) this.enter.draw(st, throws.head);
    else if (this.entering) this.enter.hide();
    this.entering = entry;
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
      if (this.entering) {
        this.enter.focus(narrow());
        return;
      }
      const b = $('choices').querySelector('button') || (!$('throw-box').hidden && $('throw'));
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
