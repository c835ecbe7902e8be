// The game record (docs/record.md, format city-games-record v1): made from a kept game for one viewer (the
// table, or one player on his own view), downloaded as a file, read back from a file, and carried by a
// share link (the record, compressed, in the link's fragment: it never reaches a server).
import { parseJSON, toJSON } from "./api.js";
import { secretOf } from "./privacy.js";

export const FORMAT = "city-games-record";
export const VERSION = 1;

/** Whether entry ``index`` of ``session`` holds what ``viewer`` (null: the whole table) may not see. */
function hiddenFrom(session, index, viewer) {
  const entry = session.moves[index];
  if (entry.correction) return false;
  const privateReveal = (session.secret || []).includes(index);
  if (!privateReveal && !secretOf(session.game, entry)) return false;
  return viewer === null || entry.player !== viewer;
}

/**
 * The record of ``session`` as ``viewer`` may see it (null: the table); ``whole``: the whole game, every hand
 * and the seed (the referee's own copy, downloaded only after the page has asked that nobody else looks). ``shown`` is the state as the viewer
 * sees it now; ``result`` {over, winners, standings} is written once the game is over (before, a hidden
 * holding, Chinatown's money, would show through the standings).
 */
export function makeRecord(session, { viewer = null, shown = null, result = null, rulesVersion = null, whole = false } = {}) {
  const players = (session.start?.players || session.state?.players || []).map((p) => p.id);
  const setupPlayers = session.setup?.players || players;
  const moves = [];
  let hidden = false;
  session.moves.forEach((entry, index) => {
    if (whole) { moves.push(entry.correction ? { correction: { label: entry.correction.label, state: entry.correction.state } } : { move: entry }); return; }
    if (entry.correction) {
      // a corrected state is a whole state: after an entry the viewer may not see, or in a digital game
      // (the state holds the deck's order), it would show what the viewer may not see
      if (hidden || session.mode !== "table") moves.push({ hidden: { type: "correction" } });
      else moves.push({ correction: { label: entry.correction.label, state: entry.correction.state } });
      return;
    }
    if (hiddenFrom(session, index, viewer)) {
      hidden = true;
      moves.push({ hidden: { type: entry.type, ...(entry.player !== undefined ? { player: entry.player } : {}) } });
    } else moves.push({ move: entry });
  });
  const record = { format: FORMAT, version: VERSION, game: session.game };
  if (rulesVersion) record.rules_version = rulesVersion;
  record.players = setupPlayers;
  if (session.setup?.options) record.options = session.setup.options;
  // a digital game's seed deals every hand and every draw to come: it never leaves with a record
  if (session.mode === "table") record.start = session.start; else record.seed = whole ? session.setup.seed : null;
  record.viewer = whole ? null : viewer;
  if (whole) record.whole = true;
  if (session.started) record.started = session.started;
  record.updated = new Date().toISOString();
  record.moves = moves;
  record.result = result;
  if (shown) record.shown = { state: shown };
  return record;
}

/** The kept game a record stands for (a record checked to its end). */
export function sessionOf(record, id) {
  const table = record.start !== undefined;
  return {
    id, game: record.game, mode: table ? "table" : "digital",
    setup: table ? { players: record.players, options: record.options } : { players: record.players, ...(record.options ? { options: record.options } : {}), seed: record.seed },
    start: table ? record.start : null,
    moves: record.moves.map((e) => (e.correction ? { correction: e.correction } : e.move)),
    redo: [], secret: [], notes: [], started: record.started,
  };
}

/** A file name for a record: game, players, date. */
export function fileName(record) {
  const day = (record.updated || new Date().toISOString()).slice(0, 10);
  const who = record.players.join("-").replace(/[^\p{L}\p{N}-]+/gu, "").slice(0, 40);
  return `${record.game}-${who || "game"}-${day}${record.viewer ? `-${record.viewer}` : ""}.json`;
}

export function download(record) {
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = fileName(record);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** A file's text as a record, or an Error saying why it is none. */
export function readRecord(text) {
  let record;
  try { record = parseJSON(text); } catch { throw new Error("not-json"); }
  if (!record || typeof record !== "object" || record.format !== FORMAT) throw new Error("not-record");
  if (record.version !== VERSION) throw new Error("version");
  if (!Array.isArray(record.moves) || typeof record.game !== "string") throw new Error("not-record");
  return record;
}

// ---- share links: the record deflated and base64url-coded in the fragment ------------------------
const unb64url = (text) => Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export async function shareLink(record) {
  const packed = await pipe(new TextEncoder().encode(toJSON(record)), new CompressionStream("deflate-raw"));
  let text = "";
  for (let i = 0; i < packed.length; i += 8192) text += String.fromCharCode(...packed.subarray(i, i + 8192));
  const code = btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  return `${location.origin}${location.pathname}#record=${code}`;
}

/** The record a share link carries (its fragment), or null. */
export async function linkedRecord(hash = location.hash) {
  const found = /^#record=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!found) return null;
  const bytes = await pipe(unb64url(found[1]), new DecompressionStream("deflate-raw"));
  return readRecord(new TextDecoder().decode(bytes));
}
