// A move a player claims, legal or not, composed by taps: its kind, whose it is, then each of its parts
// tapped on pictures and short choices (a card, a tile, a building, a block, a district, money cards) or
// set by steps (a cell's x and y, a count) — never typed ids. It is sent to the service's `moves` before
// anything changes: refused, it shows every rule it breaks and nothing is applied; legal, it is played.
// (Reveals are entered in their own form, Chinatown's trades in trade.js.)
import { family } from "./api.js";
import { chooser } from "./chooser.js";
import { cardsElsewhere } from "./correct.js";
import { el } from "./dom.js";
import { N_, tr, word } from "./i18n.js";
import { groupName as movesGroup } from "./games.js";
import { initials } from "./pieces.js";
import { lookKey, newYorkTileLook, skylineCardLook } from "./reveals.js";

// Each game's move types and their parts, in the order they are tapped ("?" marks a part that may stay empty).
const TYPES = {
  newyork: { take_money: ["slots"], buy: ["slot", "cards"], place: ["tile", "cell"], reserve: ["tile"],
    give_dummy: ["tile"], rebuild_remove: ["cell"], rebuild_place: ["tile", "cell"], rebuild_swap: ["tile", "cell"], end_turn: [] },
  skyline3000: { floor: ["floor_card", "buildings"], roof: ["roof_card", "building", "roof"],
    contract: ["contract_card", "building", "block", "target?"], billboard: ["block", "target?"], discard: ["card"],
    develop: ["block"], draw: ["pile"], bid: ["cards?"], bids: ["piles"], pass: [], stop: [] },
  chinatown: { keep: ["lots"], place: ["lot", "shop"], end_trading: [], end_turn: [] },
  fifthavenue: { place_start: ["district", "plot"], take_skyscrapers: [], place_business: ["district", "plot", "business"],
    black_and_move: ["commissioner", "to"], value_district: ["district"], take_cards: ["colours"],
    move_commissioner: ["commissioner", "to"], bid: ["colour?", "cards"], pass: ["colour?"], build: ["count"], building_stop: [] },
};

const ROOFS = ["arched", "peaked"];
const SKYLINE_TARGETS = ["empty", "billboard", "large", "green"];
const BANKS = ["blue", "green", "yellow", "red"];

const text = (value, words) => ({ value, look: { kind: "text", text: words } });
const seatOf = (state, id) => state.players.findIndex((p) => p.id === id);

// Skyline: a card is chosen by its look; the move names the id of such a card the player holds, if any.
function skylineCards(state, player, deck) {
  const held = state.players[seatOf(state, player)]?.hand || [];
  const ids = new Map();
  for (const [d, cards] of Object.entries(state.options?.cards || {})) {
    if (deck && d !== deck) continue;
    cards.forEach((_, i) => {
      const id = `${d}-${i + 1}`;
      const key = lookKey(skylineCardLook(state, id));
      if (!ids.has(key)) ids.set(key, []);
      ids.get(key).push(id);
    });
  }
  const seen = cardsElsewhere(state, player);
  const rank = (id) => (held.includes(id) ? 0 : seen.has(id) ? 2 : 1);
  for (const list of ids.values()) list.sort((a, b) => rank(a) - rank(b));
  return { pieces: [...ids].map(([key, list]) => ({ value: key, look: skylineCardLook(state, list[0]), limit: list.length })),
    ids: (keys) => { const used = new Map(); return keys.map((k) => { const n = used.get(k) || 0; used.set(k, n + 1); return ids.get(k)[n]; }); } };
}

/** The card in a money market slot ({card}, null when empty; a bare card or null as states were written before). */
const moneyIn = (slot) => (slot && "card" in slot ? slot.card : slot);

/** A part of ``type``: {title, count (1, or null: any number), pieces, grouped?, numpad?, read(values) -> field} or a stepper. */
function part(game, name, state, description, player) {
  const fam = family(game);
  const fifth = description.catalogues || {};
  const districts = () => (fifth.districts || []).map((d) => text(d.id, d.name));
  const P = {
    // New York and Alhambra
    slots: () => ({ title: N_("The money cards taken (their places in the market)"), count: null,
      pieces: (state.money_market || []).map(moneyIn).map((card, i) => ({ limit: 1, ...(card ? { value: i, look: { kind: "money", game: state.game, bank: card.bank, value: card.value } }
        : text(i, tr("place {number}", { number: i + 1 }))) })) }),
    slot: () => ({ title: N_("The bank (the tile's place in the market)"), count: 1,
      pieces: (description.banks || BANKS).map((b) => text(b, word(game, b))) }),
    cards: fam === "newyork" ? () => {
      const known = state.players[seatOf(state, player)]?.money;
      const pieces = known ? [...new Map(known.map((c) => [lookKey(c), c])).values()].map((c) => ({ value: c, look: { kind: "money", game: state.game, ...c },
        limit: known.filter((k) => lookKey(k) === lookKey(c)).length }))
        : (description.banks || BANKS).flatMap((bank) => Array.from({ length: 9 }, (_, i) => ({ value: { bank, value: i + 1 }, limit: 3,
          look: { kind: "money", game: state.game, bank, value: i + 1 } })));
      return { title: N_("The money cards paid"), count: null, grouped: true, pieces };
    } : fam === "fifthavenue" ? () => {
      const colours = [...(fifth.plot_colours || []), "black"];
      const values = Object.keys(fifth.cards?.coloured_per_colour || { 4: 0, 5: 0, 6: 0 }).map(Number);
      return { title: N_("The cards played"), count: null, grouped: true,
        pieces: colours.flatMap((c) => values.map((v) => ({ value: `${c}-${v}`, look: { kind: "card", colour: c, value: v }, limit: 9 }))) };
    } : () => {
      const cards = skylineCards(state, player, null);
      return { title: N_("The cards of the sealed pile"), count: null, grouped: true, pieces: cards.pieces, read: cards.ids };
    },
    tile: () => ({ title: N_("The tile"), count: 1, grouped: true,
      pieces: (description.tiles || []).map((t) => ({ value: t.id, look: newYorkTileLook(description, state, t.id) }))
        .sort((a, b) => String(a.look.type).localeCompare(String(b.look.type)) || a.look.cost - b.look.cost) }),
    // a city's cell is tapped on the board (the player's own city in the picture), never stepped to
    cell: () => {
      const seat = seatOf(state, player);
      const placed = [{ x: 0, y: 0 }, ...(state.players[seat]?.city || [])];
      const cells = new Map();
      for (const { x, y } of placed) {
        for (const [dx, dy] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) cells.set(`${x + dx},${y + dy}`, { x: x + dx, y: y + dy });
      }
      const at = (value) => cells.get(value);
      return { title: N_("The cell: tap it in {player}'s city on the board"), params: { player }, count: 1, boardOnly: true,
        pieces: [...cells.keys()].map((v) => text(v, tr("cell ({x}, {y})", at(v)))),
        board: { selector: (v) => `g.player[data-seat="${seat}"] [data-x="${at(v).x}"][data-y="${at(v).y}"]`,
          name: (v) => tr("cell ({x}, {y}) of {player}", { ...at(v), player }) },
        read: (values) => at(values[0]) };
    },
    // Skyline 3000
    card: () => { const c = skylineCards(state, player, null); return { title: N_("The card"), count: 1, grouped: true, pieces: c.pieces, read: (v) => c.ids(v)[0] }; },
    floor_card: () => { const c = skylineCards(state, player, "floor"); return { title: N_("The card"), count: 1, grouped: true, pieces: c.pieces, read: (v) => c.ids(v)[0] }; },
    roof_card: () => { const c = skylineCards(state, player, "roof"); return { title: N_("The card"), count: 1, grouped: c.pieces.length > 12, pieces: c.pieces, read: (v) => c.ids(v)[0] }; },
    contract_card: () => { const c = skylineCards(state, player, "contract"); return { title: N_("The card"), count: 1, grouped: true, pieces: c.pieces, read: (v) => c.ids(v)[0] }; },
    buildings: () => {
      const n = (state.players[seatOf(state, player)]?.factory || []).length;
      return { title: N_("The factory buildings its floors go on (a new one last)"), count: null,
        pieces: Array.from({ length: n + 1 }, (_, i) => ({ ...text(i, tr("factory building {number}", { number: i + 1 })), limit: 4 })) };
    },
    building: () => ({ title: N_("The factory building"), count: 1,
      pieces: (state.players[seatOf(state, player)]?.factory || []).map((_, i) => text(i, tr("factory building {number}", { number: i + 1 }))) }),
    roof: () => ({ title: N_("The roof"), count: 1, pieces: ROOFS.map((r) => text(r, word(game, r))) }),
    block: () => ({ title: N_("The block"), count: 1, pieces: (description.board?.blocks || []).map((b) => text(b.id, tr("block {block}", { block: b.id }))) }),
    target: () => ({ title: N_("The platform"), count: 1, pieces: SKYLINE_TARGETS.map((t) => text(t, word(game, t))) }),
    pile: () => ({ title: N_("The pile"), count: 1, pieces: Object.keys(state.options?.cards || {}).map((d) => text(d, word(game, d))) }),
    // Chinatown
    lots: () => {
      const hand = state.players[seatOf(state, player)]?.hand;
      const lots = hand && hand.length ? hand : Object.keys(description.board?.lots || {}).map(Number);
      return { title: N_("The building cards"), count: null, numpad: lots.length > 12,
        pieces: lots.map((n) => ({ value: n, look: { kind: "lot", number: n } })) };
    },
    lot: () => ({ title: N_("The lot"), count: 1, numpad: true,
      pieces: Object.keys(description.board?.lots || {}).map(Number).map((n) => ({ value: n, look: { kind: "lot", number: n } })) }),
    shop: () => ({ title: N_("The shop tile"), count: 1, pieces: (description.shops || []).map((s, index) => ({ value: s.type,
      look: { kind: "shop", name: word("chinatown", s.type), index, initials: initials(s.name) } })) }),
    // Fifth Avenue
    district: () => ({ title: N_("The district"), count: 1, pieces: districts() }),
    plot: () => ({ title: N_("The plot"), count: 1, pieces: (fifth.plot_colours || []).map((c) => ({ value: c, look: { kind: "plot", colour: c } })) }),
    business: () => ({ title: N_("The business"), count: 1, pieces: Object.keys(fifth.businesses || {}).map((b) => ({ value: b,
      look: { kind: "business", name: b, initials: initials(b) } })) }),
    commissioner: () => ({ title: N_("The commissioner"), count: 1, pieces: (fifth.commissioners || []).map((c) => text(c, word(game, c))) }),
    to: () => ({ title: N_("Where to"), count: 1, pieces: [...districts(), text(fifth.central_park, word(game, fifth.central_park)), text(fifth.city_hall, word(game, fifth.city_hall))] }),
    colours: () => ({ title: N_("The colours taken"), count: null, pieces: (fifth.plot_colours || []).map((c) => ({ value: c, look: { kind: "plot", colour: c } })) }),
    colour: () => ({ title: N_("The colour"), count: 1, pieces: (fifth.plot_colours || []).map((c) => ({ value: c, look: { kind: "plot", colour: c } })) }),
    count: () => ({ title: N_("How many"), step: 1, min: 1 }),
  };
  return P[name]();
}

function stepper(spec, id) {
  let value = spec.step;
  const shown = el("output", { className: "claim-number", id, text: String(value) });
  const button = (sign, label) => {
    const b = el("button", { type: "button", className: "step", "data-step": sign, "aria-label": label, text: sign === "+" ? "+" : "−" });
    b.addEventListener("click", () => { value += sign === "+" ? 1 : -1; if (spec.min !== undefined) value = Math.max(spec.min, value); shown.textContent = String(value); });
    return b;
  };
  const node = el("fieldset", { className: "part claim-stepper" }, el("legend", { text: tr(spec.title) }),
    el("div", { className: "row stepper" }, button("-", tr("one less")), shown, button("+", tr("one more"))));
  return { node, read: () => value };
}

/**
 * The claim composer for ``game`` at ``state``: on a player's own view (``viewer``) his moves, the private
 * ones included; on the shared screen the open moves of any player (``awaited`` first). ``submit(move,
 * refused)`` checks and plays. ``privateMove(type)`` says which moves are made from a hand.
 */
export function claimComposer(game, state, description, viewer, awaited, privateMove, submit, onBoardChange = () => {}) {
  const types = Object.keys(TYPES[family(game)] || {}).filter((t) => (viewer ? true : !privateMove(t))
    && (!description.move_types || description.move_types.includes(t)));
  const box = el("details", { className: "claim", id: "claim-box" },
    el("summary", { text: tr("A move that is not listed: compose it by taps and check it") }));
  if (!types.length) return { node: box, boardPicks: () => [], boardChosen: () => [] };
  const body = el("div", { className: "claim-body" });
  const verdict = el("div", { className: "claim-verdict", "aria-live": "polite" });
  let chosenType = null;
  let current = null;  // the chooser of the move's parts, whose board parts the picture marks
  let refreshCheck = () => {};
  let player = viewer || awaited[0] || state.players[0]?.id;

  function draw() {
    const typeButtons = types.map((t) => {
      const b = el("button", { type: "button", className: "group", "data-type": t, "aria-pressed": String(t === chosenType), text: movesGroup(t) });
      b.addEventListener("click", () => { chosenType = t; verdict.replaceChildren(); draw(); onBoardChange(); });
      return b;
    });
    const playerButtons = viewer ? [] : [el("div", { className: "row groups", role: "group", "aria-label": tr("Whose move") },
      el("span", { text: tr("Whose move:") }), ...state.players.map((p) => {
        const b = el("button", { type: "button", className: "group", "data-player": p.id, "aria-pressed": String(p.id === player) }, el("bdi", { text: p.id }));
        b.addEventListener("click", () => { player = p.id; draw(); onBoardChange(); });
        return b;
      }))];
    const nodes = [el("p", { className: "compose-heading", text: tr("What kind of move?") }),
      el("div", { className: "row groups", role: "group", "aria-label": tr("What kind of move?") }, ...typeButtons), ...playerButtons];
    if (chosenType) {
      const names = TYPES[family(game)][chosenType];
      // a deck's card ("floor_card") is the move's card
      // Skyline's bids: every player's sealed pile, as the table turns them over (each may be empty)
      const specs = chosenType === "bids" ? state.players.map((p) => ({ field: "piles", pile: p.id, optional: true,
        spec: { ...part(game, "cards", state, description, p.id), title: N_("The pile of {player}"), params: { player: p.id } } }))
        : names.map((n) => ({ field: n.replace("?", "").replace(/^(floor|roof|contract)_card$/, "card"),
          optional: n.endsWith("?"), spec: part(game, n.replace("?", ""), state, description, player) }));
      const chosenParts = specs.filter((s) => s.spec.step === undefined);
      const pick = chosenParts.length ? chooser({ parts: chosenParts.map((s) => s.spec) }, null, () => {}, () => { refreshCheck(); onBoardChange(); }) : null;
      current = pick;
      const steppers = new Map(specs.filter((s) => s.spec.step !== undefined).map((s) => [s.field, stepper(s.spec, `claim-${s.field}`)]));
      const check = el("button", { type: "button", id: "claim-submit", text: tr("Check this move and play it if it is legal") });
      // a cell is needed before the move can be checked: the button waits for the tap on the board
      refreshCheck = () => { check.disabled = specs.some((s, i) => s.field === "cell" && !(pick?.chosenValues()[chosenParts.indexOf(s)] || []).length); };
      refreshCheck();
      check.addEventListener("click", () => {
        const values = pick ? pick.chosenValues() : [];
        const move = { type: chosenType, player };
        let i = 0;
        for (const s of specs) {
          if (s.spec.step !== undefined) { move[s.field] = steppers.get(s.field).read(); continue; }
          const picked = values[i++];
          if (s.pile !== undefined) { (move.piles ||= {})[s.pile] = s.spec.read ? s.spec.read(picked) : picked; continue; }
          if (!picked.length && s.optional) continue;
          const value = s.spec.read ? s.spec.read(picked) : s.spec.count === 1 ? picked[0] : picked;
          if (s.field === "cell") Object.assign(move, value || {}); else move[s.field] = value;
        }
        submit(move, (violations, list) => verdict.replaceChildren(el("p", { className: "illegal",
          text: tr("Refused: nothing is applied. The move breaks these rules:") }), list(violations)));
      });
      nodes.push(...(pick ? [pick.node] : []), ...[...steppers.values()].map((s) => s.node), check);
    }
    body.replaceChildren(...nodes, verdict);
  }
  draw();
  box.append(body);
  // while the box is open, a board tap may fill a part drawn on the board (a city's cell)
  box.addEventListener("toggle", onBoardChange);
  const open = () => box.open && current !== null;
  return { node: box,
    boardPicks: () => (open() ? current.boardPicks().map(({ value, selector, name }) => ({ selector, name, choose: () => current.pick(value) })) : []),
    boardChosen: () => (open() ? current.boardChosen() : []) };
}
