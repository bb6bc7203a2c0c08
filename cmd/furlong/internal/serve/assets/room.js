// A room: one game at one table, every player on their own device. The
// server keeps the game; this device follows it over the room's event
// stream, shows who holds each seat and who is connected, and plays its
// own seat alone: its choices when its seat is to decide, its throws
// with a button, and, on the host's device, the throws that are nobody's
// and the host's controls. It keeps its token in the browser's storage,
// so that a reload or a closed tab resumes its seat. The game is drawn by
// the play view the table at one screen draws in (table.js).

import * as api from './api.js';
import { el } from './board.js';
import * as store from './store.js';
import { status, turnWords } from './words.js';

const $ = (id) => document.getElementById(id);

// sentence writes a message of the server's as a sentence.
export function sentence(s) {
  s = String(s || '');
  return s ? s[0].toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? '' : '.') : s;
}

// spaced writes a join code in two halves, easier to read out: "ACD 479".
export function spaced(code) {
  const c = String(code || '');
  return c.length === 6 ? `${c.slice(0, 3)} ${c.slice(3)}` : c;
}

// local says the page was reached at an address of this computer alone.
function local() {
  const h = location.hostname;
  return h === 'localhost' || h === '::1' || h === '[::1]' || h.startsWith('127.');
}

export class Room {
  // games gives the server's games; view is the play view; show shows a
  // view of the page; dice says whether a state's game is one of dice
  // alone (no decision to take back).
  constructor({ games, view, show, dice }) {
    this.games = games;
    this.dice = dice || (() => false);
    this.view = view;
    this.show = show;
    this.id = null;
    this.token = '';
    this.cur = null; // the room's state as this device last had it
    this.es = null; // the event stream
    this.gen = 0; // bumped whenever the room in hand changes, so late answers are dropped
    this.streamGen = 0; // bumped whenever the stream is opened again
    this.tries = 0; // streams refused in a row
    this.retryTimer = 0;
    this.noticeAt = 0; // the version whose notice was shown last
    this.busy = false;
    $('room-undo').addEventListener('click', () => this.hostCall(() => api.undoRoom(this.id, this.token, this.cur.version)));
    $('room-close').addEventListener('click', () => this.askClose(true));
    $('room-close-no').addEventListener('click', () => this.askClose(false));
    $('room-close-yes').addEventListener('click', () => {
      this.askClose(false);
      this.hostCall(() => api.closeRoom(this.id, this.token, this.cur.version));
    });
    $('room-notice-ok').addEventListener('click', () => { $('room-notice').hidden = true; });
    this.qrAsked = false;
    $('room-qr-show').addEventListener('click', () => {
      this.qrAsked = !this.qrAsked;
      if (this.cur) this.drawRoom();
    });
  }

  get active() { return this.id !== null; }

  // open opens room id, as the token this device keeps for it says (its
  // seat, or the host's), or as a watcher; first, when given, is the
  // room's state as the request that made it answered. It answers
  // whether the room could be opened; when not, the error says why.
  async open(id, first) {
    this.stop();
    this.id = id;
    const mine = ++this.gen;
    const kept = store.loadRoom(id);
    this.token = kept ? kept.token : '';
    this.cur = null;
    this.noticeAt = 0;
    this.tries = 0;
    $('room-error').textContent = '';
    $('refusal').textContent = '';
    $('room-notice').hidden = true;
    this.askClose(false);
    this.view.reset();
    document.body.dataset.table = 'room';
    document.body.dataset.live = 'off';
    let st = first;
    if (!st) {
      st = await this.load();
      if (mine !== this.gen) return false;
    }
    // A notice that came before this device opened the room is not news.
    this.noticeAt = st.version;
    this.show('play');
    this.land(st, { first: true });
    this.connect();
    return true;
  }

  // stop lets the room go: its stream, and the page's part of it.
  stop() {
    this.gen++;
    this.closeStream();
    clearTimeout(this.retryTimer);
    this.id = null;
    this.cur = null;
    $('room').hidden = true;
    $('private').hidden = true;
    document.body.dataset.table = 'screen';
    delete document.body.dataset.live;
    delete document.body.dataset.version;
    delete document.body.dataset.you;
    delete document.body.dataset.room;
  }

  // load reads the room as this device sees it; a token the room no
  // longer knows (the host freed its seat) is dropped, and the room read
  // again as a watcher.
  async load() {
    try {
      return await api.roomState(this.id, this.token);
    } catch (e) {
      if (e instanceof api.ApiError && e.status === 401 && this.token) {
        this.lost();
        return api.roomState(this.id, '');
      }
      throw e;
    }
  }

  // lost forgets the token of a seat the host freed, and says so.
  lost() {
    const st = this.cur;
    const seat = st && st.you >= 0 && st.players[st.you] ? st.players[st.you].name : '';
    store.dropRoom(this.id);
    this.token = '';
    this.say(seat
      ? `The host freed ${seat}'s seat, which this device held: you now watch. Take a free seat to play again.`
      : 'The seat this device held was freed by the host: you now watch. Take a free seat to play again.');
  }

  // say shows a notice until it is dismissed or another comes.
  say(text) {
    $('room-notice-text').textContent = text;
    $('room-notice').hidden = false;
  }

  // land takes a state of the room: one a request of this device
  // answered (drawn whatever its version, since the seats it holds may
  // have changed), or one the stream brought (live: drawn when it is
  // newer than the one in hand; else only its seats are news). A state
  // older than the one in hand is dropped.
  land(st, { first, live } = {}) {
    const cur = this.cur;
    if (cur && st.version < cur.version) return;
    if (st.notice && st.version > this.noticeAt) {
      this.noticeAt = st.version;
      this.say(sentence(st.notice.text));
    }
    if (live && cur && st.version === cur.version) {
      this.seats(st.seats);
      return;
    }
    this.cur = st;
    // A closed room has nothing more to tell.
    if (st.status === 'closed' && this.es) {
      this.closeStream();
      this.live('closed');
    }
    if (this.token) store.saveRoom(this.id, { ...(store.loadRoom(this.id) || {}), token: this.token, code: st.code || '' });
    this.render(first);
  }

  // seats takes the seats as they now stand: who holds them, who is
  // connected.
  seats(seats) {
    if (!this.cur || !seats) return;
    this.cur = { ...this.cur, seats };
    this.view.st = this.cur;
    this.drawRoom();
    $('status').textContent = this.statusLine();
  }

  // seatOf is seat i as the state shows it.
  seatOf(i) { return (this.cur.seats || [])[i] || { seat: i, holder: '', connected: false }; }

  nameOf(i) { return ((this.cur.players || [])[i] || {}).name || `seat ${i + 1}`; }

  // throwMine says the throw in hand is this device's: its seat's, or
  // the host's (a throw that is nobody's) on the host's device.
  throwMine() {
    const st = this.cur;
    const p = st.pending;
    if (st.status !== 'playing' || !p || !p.chance) return false;
    // A bot throws its own dice, unless they are thrown at the table:
    // then the host enters what they show.
    if (p.thrower >= 0 && this.seatOf(p.thrower).holder === 'bot') return st.dice === 'table' && !!st.host;
    if (p.thrower >= 0) return p.thrower === st.you;
    return !!st.host;
  }

  // statusLine says whose turn it is, and whose device it waits for.
  statusLine() {
    const st = this.cur;
    const p = st.pending;
    const games = this.games();
    if (st.status === 'closed') return 'The host closed the room: nothing more is played in it.';
    if (st.over || !p) return status(games, st);
    const w = turnWords(games, st);
    const what = w ? w.short : p.kind;
    const away = (i) => {
      const s = this.seatOf(i);
      if (s.holder === '') return `: ${this.nameOf(i)}'s seat is free, and the game waits for someone to take it`;
      return s.connected ? '' : ` (${this.nameOf(i)}'s device is not connected)`;
    };
    if (p.chance) {
      // Dice thrown at the table: whoever enters the throw says what the
      // dice show.
      const shows = st.dice === 'table' ? ': enter what the dice show' : '';
      if (p.thrower >= 0) {
        const name = this.nameOf(p.thrower);
        if (this.seatOf(p.thrower).holder === 'bot') {
          if (!shows) return status(games, st);
          return st.host ? `${name}'s throw, for the bot: ${what}${shows}` : `${name}'s throw, for the bot, from the host's device: ${what}`;
        }
        if (p.thrower === st.you) return `${name}, your throw: ${what}${shows}`;
        return `${name}'s throw, from their device: ${what}${away(p.thrower)}`;
      }
      if (st.host) return `Your throw, as the host: ${what}${shows}`;
      return `The host's throw: ${what}`;
    }
    if (p.bot) return status(games, st);
    if (p.seat === st.you) return `${p.player} to play: your turn`;
    return `${status(games, st)}: waiting for ${p.player}'s device${away(p.seat)}`;
  }

  render(first) {
    const st = this.cur;
    const p = st.pending;
    const playing = st.status === 'playing';
    const decides = playing && !!p && !p.chance && !p.bot && p.seat === st.you && st.you >= 0;
    const throws = this.throwMine()
      ? {
        head: p.thrower >= 0 ? `${this.nameOf(p.thrower)}'s throw` : "The host's throw",
        label: 'Throw',
        onThrow: () => this.play({ throw: true }),
        // Dice thrown at the table: what they show is entered.
        entry: st.dice === 'table' && p.throw && p.throw.text ? p.throw : null,
      }
      : null;
    const mine = this.view.draw(st, { status: this.statusLine(), decides, choose: (text) => this.play({ choice: text }, text), throws });
    this.drawRoom();
    // What this seat alone sees (a hand), apart.
    const own = st.private || [];
    $('private').hidden = !own.length;
    $('private-lines').replaceChildren(...own.map((l) => el('li', {}, el('code', { text: l }))));
    // The table at one screen's own controls have no place in a room.
    $('controls').hidden = true;
    $('again').hidden = true;
    $('review').hidden = !st.over;
    $('print-box').hidden = !st.print || !st.over;
    document.body.dataset.over = String(!!st.over);
    document.body.dataset.game = st.game;
    document.body.dataset.turn = mine ? 'person' : st.over ? 'over' : 'wait';
    document.body.dataset.version = String(st.version);
    document.body.dataset.you = String(st.you);
    document.body.dataset.room = st.status;
    this.view.settle(mine, first);
  }

  // drawRoom draws the room's panel: how to join it, its seats, who holds
  // them and who is connected, and the host's controls.
  drawRoom() {
    const st = this.cur;
    const playing = st.status === 'playing';
    const box = $('room');
    box.hidden = false;
    box.dataset.host = String(!!st.host);
    box.dataset.free = String((st.seats || []).some((s) => s.holder === ''));
    // How to join: the code large, the link and, on the host's screen,
    // the QR code; while the room plays.
    $('room-join').hidden = !playing || !st.code;
    $('room-code').textContent = spaced(st.code);
    const link = new URL(st.link || `/?room=${this.id}`, location.href).href;
    $('room-link').href = link;
    $('room-link').textContent = link;
    // Once every seat is held, the QR code steps aside for the game,
    // until the host asks for it.
    const free = (st.seats || []).filter((s) => s.holder === '');
    const joining = free.length > 0 || this.qrAsked;
    $('room-local').hidden = !st.host || !local() || !joining;
    const qr = $('room-qr');
    const ask = $('room-qr-show');
    ask.hidden = !st.host || free.length > 0;
    ask.textContent = this.qrAsked ? 'Hide the QR code' : 'Show the QR code';
    ask.setAttribute('aria-expanded', String(!!this.qrAsked));
    qr.hidden = !st.host || !joining;
    if (st.host && qr.dataset.room !== this.id) {
      qr.dataset.room = this.id;
      qr.src = api.qrURL(this.id);
    }
    // Who this device is.
    const you = st.you >= 0 ? this.nameOf(st.you) : '';
    let who;
    if (st.host) {
      if (you) who = `You host this room and play ${you}'s seat.`;
      else if (playing && free.length) who = 'You host this room. Take a free seat to play it yourself, or leave every seat to the players.';
      else who = 'You host this room.';
    } else if (you) {
      who = `You play ${you}'s seat from this device.`;
    } else {
      who = playing && free.length ? 'Tap a free seat to play it from this device, or watch.' : 'You watch this room.';
    }
    if (st.status === 'over') who += ' The game is over.';
    $('room-you').textContent = who;
    this.drawSeats();
    // The host's controls.
    $('room-host').hidden = !st.host || st.status === 'closed';
    $('room-undo').hidden = this.dice(st);
    $('room-undo').disabled = this.busy;
    $('room-close').disabled = this.busy;
  }

  // drawSeats draws the list of seats, redrawing only the seats that
  // changed: a button about to be tapped, the focus and a bot picked stay
  // where they are while other seats come and go.
  drawSeats() {
    const st = this.cur;
    const list = $('room-seats');
    const seats = st.seats || [];
    const bots = this.bots().join(' ');
    seats.forEach((s, i) => {
      // Whether its device is connected is said in place: the seat's
      // buttons stay as they are.
      const key = JSON.stringify([{ ...s, connected: null }, st.you, st.host, st.status, bots]);
      const li = list.children[i];
      if (li && li.dataset.key === key) {
        li.dataset.connected = String(!!s.connected);
        li.querySelector('.seat-held').textContent = this.heldText(s);
        return;
      }
      const n = this.seatItem(s);
      n.dataset.key = key;
      if (li) li.replaceWith(n);
      else list.append(n);
    });
    while (list.children.length > seats.length) list.lastElementChild.remove();
  }

  // seatItem is one seat of the list: its player, who holds it and
  // whether they are connected, and what this device may do with it.
  // heldText says who holds seat s and whether their device is
  // connected.
  heldText(s) {
    const yours = s.seat === this.cur.you;
    let held;
    switch (s.holder) {
      case '': held = 'free'; break;
      case 'bot': held = `the ${s.bot} bot`; break;
      case 'host': held = yours ? 'you, the host' : "the host's device"; break;
      default: held = yours ? 'you' : "a player's device";
    }
    const person = s.holder === 'device' || s.holder === 'host';
    return person ? `${held}, ${s.connected ? 'connected' : 'not connected'}` : held;
  }

  seatItem(s) {
    const st = this.cur;
    const playing = st.status === 'playing';
    const yours = s.seat === st.you;
    const li = el('li', {
      class: 'seat-item', 'data-seat': String(s.seat), 'data-holder': s.holder, 'data-connected': String(!!s.connected), 'data-yours': yours ? 'true' : null,
    },
    el('span', { class: 'dot', 'aria-hidden': 'true' }),
    el('span', { class: 'seat-who' },
      el('span', { class: 'seat-name', text: s.player }),
      el('span', { class: 'seat-held', text: this.heldText(s) })));
    const acts = el('span', { class: 'seat-acts' });
    if (playing && s.holder === '' && st.you < 0) {
      const b = el('button', { type: 'button', class: 'primary take', 'data-seat': String(s.seat), text: 'Take this seat', 'aria-label': `Take this seat: ${s.player}'s` });
      b.addEventListener('click', () => this.seat(s.seat));
      acts.append(b);
    }
    if (playing && st.host) {
      if (s.holder !== '') {
        // A button's name begins with the words it shows.
        const says = s.holder === 'bot' ? 'Take the bot off' : 'Free the seat';
        const b = el('button', { type: 'button', class: 'quiet free', 'data-seat': String(s.seat), text: says, 'aria-label': `${says}: ${s.player}'s` });
        b.addEventListener('click', () => this.seat(s.seat, { free: true }));
        acts.append(b);
      } else {
        const bots = this.bots();
        if (bots.length) {
          const id = `room-bot-${s.seat}`;
          const pick = el('select', { id, 'aria-label': `The bot for ${s.player}'s seat` }, ...bots.map((b) => el('option', { value: b, text: `the ${b} bot` })));
          pick.value = bots[Math.min(1, bots.length - 1)];
          const b = el('button', { type: 'button', class: 'bot', 'data-seat': String(s.seat), text: 'Seat the bot', 'aria-label': `Seat the bot: ${s.player}'s seat` });
          b.addEventListener('click', () => this.seat(s.seat, { bot: pick.value }));
          acts.append(pick, b);
        }
      }
    }
    if (acts.children.length) li.append(acts);
    return li;
  }

  // bots are the bots of the room's game and mode.
  bots() {
    const st = this.cur;
    const g = this.games().find((x) => x.name === st.game);
    const m = g && g.modes.find((x) => x.keyword === st.mode);
    return (m && m.bots) || [];
  }

  askClose(ask) {
    $('room-close-ask').hidden = !ask;
    $('room-close').hidden = ask;
    if (ask) $('room-close-no').focus();
  }

  // seat takes seat n for this device; from the host, more seats a bot
  // there ({bot}) or frees it ({free: true}).
  async seat(n, more) {
    if (this.busy || !this.cur) return;
    const mine = this.gen;
    $('room-error').textContent = '';
    const before = this.cur.you;
    this.fly(true);
    try {
      const r = await api.takeSeat(this.id, this.token, n, more);
      if (mine !== this.gen) return;
      if (r.token) {
        this.token = r.token;
        store.saveRoom(this.id, { token: r.token, host: false, code: r.state.code || '' });
      }
      this.land(r.state);
      // The stream follows the seat this device holds: a new one when
      // it changed.
      if (r.state.you !== before) this.connect();
    } catch (e) {
      if (mine === this.gen) this.refused(e, $('room-error'));
    } finally {
      if (mine === this.gen) this.fly(false);
    }
  }

  // play sends this device's choice ({choice}) or throw ({throw: true})
  // on the version in hand.
  async play(body, text) {
    if (this.busy || !this.cur) return;
    const mine = this.gen;
    $('refusal').textContent = '';
    this.fly(true);
    try {
      const st = await api.playRoom(this.id, this.token, { ...body, version: this.cur.version });
      if (mine !== this.gen) return;
      $('write').value = '';
      this.land(st);
    } catch (e) {
      if (mine !== this.gen) return;
      this.refused(e, $('refusal'), e.status === 400 && text ? `${text}: ` : '');
    } finally {
      if (mine === this.gen) this.fly(false);
    }
  }

  // hostCall sends one of the host's requests (undo, close).
  async hostCall(call) {
    if (this.busy || !this.cur) return;
    const mine = this.gen;
    $('room-error').textContent = '';
    this.fly(true);
    try {
      const st = await call();
      if (mine === this.gen) this.land(st);
    } catch (e) {
      if (mine === this.gen) this.refused(e, $('room-error'));
    } finally {
      if (mine === this.gen) this.fly(false);
    }
  }

  // refused says why a request was refused, in box: a room that moved on
  // (409) is drawn as it stands; a token the room no longer knows (401)
  // is dropped, and the room read again as a watcher's.
  refused(e, box, pre) {
    if (!(e instanceof api.ApiError)) throw e;
    if (e.state) this.land(e.state);
    if (e.status === 401 && this.token) {
      this.lost();
      this.reload();
      return;
    }
    box.textContent = (pre || '') + sentence(e.words());
  }

  fly(on) {
    this.busy = on;
    document.body.dataset.flying = String(on);
    if (this.cur) {
      $('room-undo').disabled = on;
      $('room-close').disabled = on;
    }
  }

  // reload reads the room again, and follows it again.
  async reload() {
    const mine = this.gen;
    try {
      const st = await this.load();
      if (mine !== this.gen) return;
      this.land(st);
      this.connect();
    } catch (e) {
      if (mine !== this.gen) return;
      if (!(e instanceof api.ApiError)) throw e;
      this.down(e);
    }
  }

  // down says the room cannot be read now, and tries again, unless it is
  // gone.
  down(e) {
    if (e.status === 404) {
      this.closeStream();
      this.live('gone');
      $('room-error').textContent = sentence(e.words());
      return;
    }
    this.retry();
  }

  closeStream() {
    this.streamGen++;
    if (this.es) {
      this.es.close();
      this.es = null;
    }
  }

  // connect follows the room over its event stream, from the version in
  // hand. The stream's address carries a ticket the token buys (an
  // EventSource sends no header); the browser reconnects by itself after
  // a short loss, with Last-Event-ID; a stream refused (a ticket expired,
  // the server restarted) is opened again here, after a wait.
  async connect() {
    this.closeStream();
    clearTimeout(this.retryTimer);
    if (this.cur && this.cur.status === 'closed') {
      this.live('closed');
      return;
    }
    const gen = this.streamGen;
    const params = {};
    if (this.cur) params.after = String(this.cur.version);
    if (this.token) {
      try {
        params.ticket = (await api.ticket(this.id, this.token)).ticket;
      } catch (e) {
        if (gen !== this.streamGen) return;
        if (!(e instanceof api.ApiError)) throw e;
        if (e.status === 401) {
          this.lost();
          this.reload();
        } else {
          this.retry();
        }
        return;
      }
      if (gen !== this.streamGen) return;
    }
    const es = new EventSource(api.eventsURL(this.id, params));
    this.es = es;
    this.live('connecting');
    es.addEventListener('open', () => {
      if (es !== this.es) return;
      this.tries = 0;
      this.live('live');
    });
    es.addEventListener('state', (ev) => {
      if (es !== this.es) return;
      this.land(JSON.parse(ev.data), { live: true });
    });
    es.addEventListener('seats', (ev) => {
      if (es !== this.es) return;
      this.seats(JSON.parse(ev.data).seats);
    });
    es.addEventListener('gone', () => {
      if (es !== this.es) return;
      this.closeStream();
      this.lost();
      this.reload();
    });
    es.addEventListener('error', () => {
      if (es !== this.es) return;
      if (es.readyState === EventSource.CLOSED) {
        this.closeStream();
        this.retry();
      } else {
        this.live('connecting');
      }
    });
  }

  // retry reads the room again and opens its stream after a wait that
  // grows with each refusal, to 10 s.
  retry() {
    clearTimeout(this.retryTimer);
    const wait = Math.min(10000, 1000 * 2 ** this.tries++);
    this.live('down', wait);
    this.retryTimer = setTimeout(() => this.reload(), wait);
  }

  // live says how this device follows the room.
  live(how, wait) {
    document.body.dataset.live = how;
    const says = {
      connecting: 'Connecting to the room…',
      live: 'Connected: each move shows here as it is made.',
      down: `Not connected to the room: trying again in ${Math.round((wait || 0) / 1000)} s.`,
      gone: 'The room is gone.',
      closed: 'The room is closed: nothing more comes.',
    };
    $('room-live').textContent = says[how] || '';
  }
}
