// The server's API: every call carries the game's log, and every answer
// is a state or an error the server words as check would.

// ApiError is a refusal: the HTTP status and the server's error object
// ({line, field, rule, chapter, message}).
export class ApiError extends Error {
  constructor(status, error) {
    super(error && error.message ? error.message : `the server answered ${status}`);
    this.status = status;
    this.error = error || {};
  }
  // words is the message as check prints it: the line, then the chapter.
  words() {
    let m = this.message;
    if (this.error.chapter) m += ` (rulebook: ${this.error.chapter})`;
    if (this.error.line) m = `line ${this.error.line}: ${m}`;
    return m;
  }
}

async function answer(res) {
  const type = res.headers.get('Content-Type') || '';
  if (!type.startsWith('application/json')) {
    if (res.ok) return res;
    throw new ApiError(res.status, { message: `the server answered ${res.status}` });
  }
  const body = await res.json();
  if (!res.ok) {
    const e = new ApiError(res.status, body.error);
    // A room's 409 carries the room as it stands.
    if (body.state) e.state = body.state;
    throw e;
  }
  return body;
}

export async function post(path, body) {
  let res;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, { message: 'the server cannot be reached: is furlong serve running?' });
  }
  return answer(res);
}

// rooms says the server keeps rooms, once games has answered.
export let rooms = false;

export async function games() {
  let res;
  try {
    res = await fetch('/api/games');
  } catch (e) {
    throw new ApiError(0, { message: 'the server cannot be reached: is furlong serve running?' });
  }
  const body = await answer(res);
  rooms = !!body.rooms;
  return body.games;
}

export const newGame = (req) => post('/api/new', req);
export const step = (log, choice, until) => {
  const req = { log };
  if (choice !== undefined) req.choice = choice;
  if (until) req.until = until;
  return post('/api/step', req);
};
export const state = (log, moves) => post('/api/state', moves ? { log, moves: true } : { log });
export const review = (log) => post('/api/review', { log });

// print returns the sheets --from PDF as a Blob, with the file name the
// server gives it.
export async function print(log, paper) {
  let res;
  try {
    res = await fetch('/api/print', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ log, paper }),
    });
  } catch (e) {
    throw new ApiError(0, { message: 'the server cannot be reached: is furlong serve running?' });
  }
  if (!res.ok) await answer(res);
  const disp = res.headers.get('Content-Disposition') || '';
  const m = /filename="([^"]+)"/.exec(disp);
  return { blob: await res.blob(), name: m ? m[1] : 'sheets.pdf' };
}

// ---- rooms: one game shared by every player's device ----

// roomCall sends a request to a room's API with the device's token (a
// watcher has none).
async function roomCall(method, path, token, body) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch (e) {
    throw new ApiError(0, { message: 'the server cannot be reached: is furlong serve running?' });
  }
  return answer(res);
}

const roomPath = (id, what) => `/api/rooms/${encodeURIComponent(id)}${what ? '/' + what : ''}`;

// createRoom sets a room up: {room, code, host, state}.
export const createRoom = (req) => roomCall('POST', '/api/rooms', '', req);
// findRoom is the room a join code names: {room}.
export const findRoom = (code) => roomCall('GET', `/api/rooms/code/${encodeURIComponent(code)}`, '');
export const roomState = (id, token) => roomCall('GET', roomPath(id), token);
// takeSeat takes seat n: {token, state}; from the host, {bot} seats a
// bot and {free: true} frees the seat.
export const takeSeat = (id, token, n, more) => roomCall('POST', roomPath(id, 'seats'), token, { seat: n, ...(more || {}) });
export const playRoom = (id, token, body) => roomCall('POST', roomPath(id, 'play'), token, body);
export const undoRoom = (id, token, version) => roomCall('POST', roomPath(id, 'undo'), token, { version });
export const closeRoom = (id, token, version) => roomCall('POST', roomPath(id, 'close'), token, { version });
// ticket is a stream ticket for the token: the event stream's URL
// carries it, since an EventSource sends no header of its own.
export const ticket = (id, token) => roomCall('POST', roomPath(id, 'ticket'), token, {});
export const eventsURL = (id, params) => `${roomPath(id, 'events')}?${new URLSearchParams(params)}`;
export const qrURL = (id) => roomPath(id, 'qr.svg');
