// What the shared screen may show: only what the table shows. A player's hand, money values and sealed
// piles appear on his own view alone, after the device has been passed to him; the shared view is the
// state as every player sees it (the service's `view` for one player, then for another: nobody's secrets).
import { call, family } from "./api.js";

/** The state as the whole table sees it. */
export async function sharedState(game, state) {
  const ids = (state.players || []).map((p) => p.id);
  if (ids.length < 2) return state;
  const first = await call(game, "view", { state, player: ids[0] });
  return (await call(game, "view", { state: first.state, player: ids[1] })).state;
}

// Moves chosen from what a player privately holds (cards in hand, a sealed pile): listed on his own view
// only. Every other move is made in the open and is listed on the shared view.
const PRIVATE_MOVES = {
  newyork: new Set(["buy"]),
  chinatown: new Set(["keep"]),
  skyline3000: new Set(["floor", "roof", "contract", "discard", "bid"]),
  fifthavenue: new Set(["bid", "black_and_move"]),
};

export const isPrivate = (game, move) => !!PRIVATE_MOVES[family(game)]?.has(move.type);

// Moves that name what several players privately hold at once (Skyline's `bids` settles every sealed pile
// in one move): no one view may show them, so the page never lists them; each player bids on his own view.
const NEVER_LISTED = { skyline3000: new Set(["bids"]) };
export const listable = (game, move) => !NEVER_LISTED[family(game)]?.has(move.type);

// What the history the table sees writes of a move that holds a secret: a sealed bid's cards, the cards a
// player was dealt or drew into his hand. null: the move is written out in full.
const SECRET = {
  skyline3000: (m) => (m.type === "bid" ? "bid" : m.type === "reveal" ? "hand" : null),
  chinatown: (m) => (m.type === "reveal" && m.lots !== undefined ? "hand" : m.type === "keep" ? "keep" : null),
  fifthavenue: (m) => (m.type === "reveal" && m.drawn !== undefined ? "hand" : null),
};
export const secretOf = (game, move) => SECRET[family(game)]?.(move) ?? null;
