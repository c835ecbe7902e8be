// The log a referee reads: newest first, each entry the move in words, then what it took, bought, paid,
// built or revealed (from the state before it and the events its answer carried, kept with the game as
// its `notes`), and the scorings it triggered. A move that holds a secret is written without its content.
import { isolate, N_, tr, word } from "./i18n.js";
import { el } from "./dom.js";
import { money } from "./fmt.js";
import * as G from "./games.js";
import { secretOf } from "./privacy.js";

const words = (id) => String(id ?? "").replaceAll("_", " ").replaceAll("-", " ");
const cardText = (game, c) => (c && typeof c === "object" ? `${word(game, c.bank)} ${c.value}` : String(c ?? ""));
// Chinatown's income is money: dollars with the language's thousands separators
const amount = (game, n) => money(game, n);
const points = (game, awarded) => Object.entries(awarded || {}).map(([who, n]) => `${isolate(who)} ${amount(game, n)}`).join(", ") || tr("nobody scores");

/** What the log keeps of a move beside it: the money cards a take_money took (the state before knew them),
 * the tile a purchase took, and the events of its answer that the table sees. */
export function noteOf(game, before, move, events) {
  const note = {};
  if (move.type === "take_money" && Array.isArray(before?.money_market)) {
    // a slot is {card} (a bare card in a state written before)
    note.took = move.slots.map((s) => before.money_market[s]).map((slot) => (slot && "card" in slot ? slot.card : slot)).filter(Boolean);
  }
  if (move.type === "buy" && before?.market && move.slot !== undefined) note.tile = before.market[move.slot];
  const shown = (events || []).filter((e) => EVENT[e.kind] || isScoring(e));
  if (shown.length) note.events = shown;
  return note;
}

const isScoring = (e) => e.kind === "scored" || String(e.kind).endsWith("_scored");

// The events the log writes, by kind (every game's own words); a scoring of any kind is written below.
const EVENT = {
  money_card_revealed: (g, e) => tr("money card revealed: {card}, slot {slot}", { card: cardText(g, e.card), slot: Number(e.slot) + 1 }),
  starting_money_dealt: (g, e) => tr("starting money for {player}: {card}", { player: e.player, card: cardText(g, e.card) }),
  scoring_card_revealed: (g, e) => tr("scoring card {letter} revealed", { letter: e.scoring }),
  market_tile_revealed: (g, e) => tr("tile revealed for the {slot} slot: {tile}", { slot: word(g, e.slot), tile: G.tileText(e.tile) }),
  dummy_tile_drawn: (g, e) => tr("the dummy gets: {tile}", { tile: G.tileText(e.tile) }),
  leftover_awarded: (g, e) => tr("{player} gets the tile left in the {slot} slot: {tile}", { player: e.player, slot: word(g, e.slot), tile: G.tileText(e.tile) }),
  money_reshuffled: () => tr("the money cards are reshuffled"),
  tiles_drawn: (g, e) => tr("{player} draws shop tiles: {tiles}", { player: e.player, tiles: (e.tiles || []).map((t) => word(g, t)).join(", ") }),
  trade: (g, e) => tr("a trade between {players}", { players: e.parties || [] }),
  skyscrapers_built: (g, e) => tr("{player} builds {count} on the {plot} plot of {district}", { player: e.player, count: e.count, plot: word(g, e.plot), district: words(e.site) }),
  auction_won: (g, e) => tr("{player} wins the auction for {district} with {total}", { player: e.player, district: words(e.site), total: e.total }),
  business_to_central_park: (g, e) => tr("to Central Park: {business}", { business: word(g, e.business) }),
  development_placed: (g, e) => tr("{player} places a development on block {block}", { player: e.player, block: e.block }),
  game_ended: (g, e) => tr("the game is over: {winners} won", { winners: e.winners?.length ? e.winners : tr("nobody") }),
};

const SCORING_NAMES = {
  scored: N_("scoring {card}"), income_scored: N_("income"), round_scored: N_("the round's scoring"),
  district_scored: N_("district scoring of {district}"), building_stop_scored: N_("building stop in {district}"),
  special_scored: N_("special scoring"), final_district_scored: N_("final scoring of {district}"),
  central_park_scored: N_("Central Park's scoring"),
};

function scoringText(game, e) {
  const name = SCORING_NAMES[e.kind] ? tr(SCORING_NAMES[e.kind], { card: e.scoring ?? "", district: words(e.district) }) : words(e.kind);
  return tr("Scoring: {name}: {points}", { name, points: points(game, e.awarded) });
}

function details(game, move, note) {
  const out = [];
  if (note?.took?.length) out.push(tr("took {cards}", { cards: note.took.map((c) => cardText(game, c)).join(" + ") }));
  if (note?.tile !== undefined && note.tile !== null) out.push(tr("bought {tile}", { tile: G.tileText(note.tile) }));
  // a reveal names what it reveals itself: its events would say it again
  for (const e of note?.events || []) if (EVENT[e.kind] && !(move.type === "reveal" && e.kind === "tiles_drawn")) out.push(EVENT[e.kind](game, e));
  return out;
}

/** One entry of the log: {text, notes: [..], scorings: [..]}. */
export function entry(session, index) {
  const move = session.moves[index];
  if (move.correction) return { text: tr("Correction: {what}", { what: move.correction.label }), notes: [], scorings: [] };
  const note = (session.notes || [])[index];
  const scorings = (note?.events || []).filter(isScoring).map((e) => scoringText(session.game, e));
  const secret = (session.secret || []).includes(index) ? "hand" : secretOf(session.game, move);
  if (secret === "bid") return { text: tr("{player} bids a sealed pile", { player: move.player }), notes: [], scorings };
  if (secret === "keep") return { text: tr("{player} chooses the cards to keep (shown on the board once placed)", { player: move.player }), notes: [], scorings };
  if (secret === "hand") return { text: tr("{player} enters the pieces dealt or drawn (seen on {player}'s own view only)", { player: move.player }), notes: [], scorings };
  return { text: G.describe(move), notes: details(session.game, move, note), scorings };
}

/** The log's list: newest first, each entry numbered as the move it is. */
export function logItems(session) {
  const items = [];
  for (let i = session.moves.length - 1; i >= 0; i -= 1) {
    const { text, notes, scorings } = entry(session, i);
    items.push(el("li", { value: String(i + 1), "data-index": String(i) },
      el("span", { className: "log-move", text }),
      ...(notes.length ? [el("span", { className: "log-note", text: ` — ${notes.join("; ")}` })] : []),
      ...scorings.map((s) => el("div", { className: "log-scoring", text: s }))));
  }
  return items;
}

/** What the Undo and Redo buttons say: the move each takes back or plays again. */
export function undoText(session) {
  if (!session.moves.length) return tr("Undo");
  return tr("Undo move {number}: {move}", { number: session.moves.length, move: entry(session, session.moves.length - 1).text });
}

export function redoText(session) {
  if (!session.redo.length) return tr("Redo");
  const move = session.redo[session.redo.length - 1];
  const text = move.correction ? tr("Correction: {what}", { what: move.correction.label }) : entry({ ...session, moves: [move], notes: [], secret: [] }, 0).text;
  return tr("Redo move {number}: {move}", { number: session.moves.length + 1, move: text });
}
