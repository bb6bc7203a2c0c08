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
  if (!res.ok) throw new ApiError(res.status, body.error);
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

export async function games() {
  let res;
  try {
    res = await fetch('/api/games');
  } catch (e) {
    throw new ApiError(0, { message: 'the server cannot be reached: is furlong serve running?' });
  }
  return (await answer(res)).games;
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
