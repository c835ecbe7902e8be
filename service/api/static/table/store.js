// Every game the page holds, kept on the device (localStorage) until the referee deletes it: several at
// once, each under an id of its own, with a summary for the list (game, players, dates, where it stands).
// "New game" never touches a kept game; the one in play is remembered, so a reload resumes it.
import { parseJSON, toJSON } from "./api.js";

const GAMES = "city-games-table-games";     // {id: kept game}
const CURRENT = "city-games-table-current"; // the id of the game in play
const OLD = "city-games-table";             // the single game an earlier page kept: moved into the list

function readAll() {
  try { return parseJSON(localStorage.getItem(GAMES) || "{}") || {}; } catch { return {}; }
}

function writeAll(all) {
  localStorage.setItem(GAMES, toJSON(all));
}

export const newId = () => `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Keep ``session`` (its state is not kept: it is replayed from the moves) with its ``summary``. */
export function keep(session, summary) {
  const all = readAll();
  const { state, ...kept } = session;
  const now = new Date().toISOString();
  all[session.id] = { ...kept, started: session.started || now, updated: now, summary: summary || all[session.id]?.summary || {} };
  writeAll(all);
  localStorage.setItem(CURRENT, session.id);
}

export function kept(id) {
  return readAll()[id] || null;
}

/** Every kept game, the latest changed first. */
export function list() {
  return Object.values(readAll()).sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
}

export function remove(id) {
  const all = readAll();
  delete all[id];
  writeAll(all);
  if (localStorage.getItem(CURRENT) === id) localStorage.removeItem(CURRENT);
}

export const currentId = () => localStorage.getItem(CURRENT);
export const leave = () => localStorage.removeItem(CURRENT);

/** The game an earlier version of the page kept alone, moved into the list once. */
export function migrate() {
  const old = localStorage.getItem(OLD);
  if (!old) return;
  try {
    const session = parseJSON(old);
    if (session && session.game) {
      const id = newId();
      const all = readAll();
      all[id] = { ...session, id, started: new Date().toISOString(), updated: new Date().toISOString(), summary: {} };
      writeAll(all);
      localStorage.setItem(CURRENT, id);
    }
  } catch { /* an unreadable old entry is left where it is */ return; }
  localStorage.removeItem(OLD);
}
