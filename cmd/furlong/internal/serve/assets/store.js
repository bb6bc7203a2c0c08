// What the page keeps in the browser: the game in progress, as its log
// (so a reload, a closed tab or a restarted server resumes it), the bots'
// pause, the record, and the tokens of the rooms this device hosts or
// holds a seat in (so a reload or a closed tab resumes the seat).

const GAME = 'furlong.game';
const PAUSE = 'furlong.pause';
const RECORD = 'furlong.record';
const ZOOM = 'furlong.zoom';
const ROOMS = 'furlong.rooms';

function read(key) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? null : JSON.parse(v);
  } catch (e) {
    return null;
  }
}

function write(key, v) {
  try {
    if (v === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(v));
  } catch (e) {
    // A full or forbidden storage loses nothing the log download keeps.
  }
}

// The game in progress: {log, undo: [logs before each of a person's
// moves], recorded: bool}.
export const loadGame = () => {
  const g = read(GAME);
  return g && typeof g.log === 'string' ? { undo: [], recorded: false, ...g } : null;
};
export const saveGame = (g) => write(GAME, g);
export const dropGame = () => write(GAME, null);

export const loadPause = () => {
  const p = read(PAUSE);
  return Number.isFinite(p) ? p : 600;
};
export const savePause = (p) => write(PAUSE, p);

export const loadRecord = () => read(RECORD) || {};
export const saveRecord = (r) => write(RECORD, r);

// How large the user asked the board to be drawn (1 fits it to the
// page's width), or null until they do.
export const ZOOMS = [1, 1.5, 2, 3, 4];
export const loadZoom = () => {
  const z = read(ZOOM);
  return ZOOMS.includes(z) ? z : null;
};
export const saveZoom = (z) => write(ZOOM, z);

// The rooms this device hosts or holds a seat in: {ID: {token, host,
// code, at}}, the last 20 opened.
const loadRooms = () => {
  const r = read(ROOMS);
  return r && typeof r === 'object' ? r : {};
};
export const loadRoom = (id) => {
  const r = loadRooms()[id];
  return r && typeof r.token === 'string' ? r : null;
};
export const saveRoom = (id, r) => {
  const all = loadRooms();
  all[id] = { ...r, at: Date.now() };
  const keep = Object.entries(all).sort((a, b) => (b[1].at || 0) - (a[1].at || 0)).slice(0, 20);
  write(ROOMS, Object.fromEntries(keep));
};
export const dropRoom = (id) => {
  const all = loadRooms();
  delete all[id];
  write(ROOMS, all);
};
