// When the table and the page disagree: a form for the one part that differs (a player's money, a lot's
// owner, a pile's top card, a player's points, a tile in a New York city, a Skyline hand), filled with choices and numbers, never JSON. The page
// checks the corrected state with the service's `validate` before taking it; the history records it as a
// correction, which Undo takes back like a move. What a player privately holds (his money) is corrected on
// his own view only.
import { call, family, Problem } from "./api.js";
import { chooser } from "./chooser.js";
import { el } from "./dom.js";
import { N_, tr, word } from "./i18n.js";
import { lookKey, newYorkTileLook, skylineCardLook } from "./reveals.js";

const copy = (value) => JSON.parse(JSON.stringify(value));
const seatOf = (state, id) => state.players.findIndex((p) => p.id === id);

function select(label, options, id) {
  const control = el("select", { id }, ...options.map(([value, text]) => el("option", { value: String(value), text })));
  return [el("label", { for: id, text: label }), control];
}

function number(label, value, id) {
  const control = el("input", { id, type: "number", step: "1", min: "0", value: String(value ?? 0) });
  return [el("label", { for: id, text: label }), control];
}

const BANKS = ["blue", "green", "yellow", "red"];

/** The Skyline card ids the state places anywhere but in ``player``'s hand (a pile's top, a block, a discard). */
export function cardsElsewhere(state, player) {
  const rest = { ...state, players: state.players.map((p) => (p.id === player ? { ...p, hand: [] } : p)), options: {} };
  return new Set([...JSON.stringify(rest).matchAll(/"((?:roof|floor|contract)-\d+)"/g)].map((m) => m[1]));
}

// Each kind: {label, own (only on that player's own view), fields(state, viewer, description) -> {nodes, read},
// apply(state, read, viewer) -> state, describe(read, viewer) -> the history's words}
const KINDS = {
  newyork: {
    money: { label: N_("A player's money"), own: true,
      fields(state) {
        const banks = state.market ? Object.keys(state.market) : BANKS;  // the market's slots are the banks, in order
        const pieces = banks.flatMap((bank) => Array.from({ length: 9 }, (_, i) => ({ value: { bank, value: i + 1 }, limit: 3,
          look: { kind: "money", game: state.game, bank, value: i + 1 } })));
        const pick = chooser({ parts: [{ title: N_("The money cards in the hand"), count: null, pieces, grouped: true }] }, null);
        return { nodes: [pick.node], read: () => pick.chosenValues()[0] };
      },
      apply(state, read, viewer) {
        const next = copy(state);
        const player = next.players[seatOf(state, viewer)];
        player.money = read();
        delete player.money_count;  // (the count of hidden cards: the cards themselves are known now)
        return next;
      },
      describe: (read, viewer) => tr("{player}'s money", { player: viewer }) },
    tile: { label: N_("A tile in a city"),
      fields(state, viewer, description) {
        const nodes = [...select(tr("Player"), state.players.map((p) => [p.id, p.id]), "correct-player"),
          ...number("x", 0, "correct-x"), ...number("y", 0, "correct-y")];
        for (const i of [3, 5]) nodes[i].removeAttribute("min");  // a city spreads both ways from its start tile
        const empty = el("input", { type: "checkbox", id: "correct-empty" });
        const pieces = (description?.tiles || []).map((t) => ({ value: t.id, look: newYorkTileLook(description, state, t.id) }))
          .sort((a, b) => String(a.look.type).localeCompare(String(b.look.type)) || a.look.cost - b.look.cost);
        const pick = chooser({ parts: [{ title: N_("The tile on that cell"), count: 1, pieces, grouped: true }] }, null);
        return { nodes: [...nodes, el("div", { className: "row" }, empty, el("label", { for: "correct-empty", text: tr("No tile on that cell") })), pick.node],
          read: () => ({ player: nodes[1].value, x: Number(nodes[3].value), y: Number(nodes[5].value), empty: empty.checked,
            tile: pick.chosenValues()[0][0] }) };
      },
      apply(state, read) {
        const { player, x, y, empty, tile } = read();
        if (!empty && tile === undefined) throw new Problem(tr("No tile chosen"), tr("Choose the tile on that cell, or say that the cell has none."));
        const next = copy(state);
        const city = next.players[seatOf(state, player)].city;
        const here = city.find((c) => c.x === x && c.y === y);
        const was = empty ? undefined : city.find((c) => JSON.stringify(c.tile) === JSON.stringify(tile));
        // a tile of this city put on another cell moves there, and the tile that cell held takes its old place
        const kept = [];
        for (const c of city) {
          if (c === here) { if (!empty) kept.push({ x, y, tile }); } else if (c === was) { if (here) kept.push({ x: was.x, y: was.y, tile: here.tile }); } else kept.push(c);
        }
        if (!here && !empty) kept.push({ x, y, tile });
        next.players[seatOf(state, player)].city = kept;
        return next;
      },
      describe: (read) => tr("the tile at ({x}, {y}) of {player}", read()) },
    points: pointsKind(),
  },
  chinatown: {
    owner: { label: N_("A lot's owner"),
      fields(state) {
        const lots = Array.from({ length: 85 }, (_, i) => [i + 1, tr("lot {lot}", { lot: i + 1 })]);
        const owners = [["", tr("nobody")], ...state.players.map((p) => [p.id, p.id])];
        const nodes = [...select(tr("Lot"), lots, "correct-lot"), ...select(tr("Owner"), owners, "correct-owner")];
        return { nodes, read: () => ({ lot: nodes[1].value, owner: nodes[3].value || null }) };
      },
      apply(state, read) {
        const { lot, owner } = read();
        const next = copy(state);
        const was = next.board[lot];
        if (owner === null && !was?.shop) delete next.board[lot];
        else next.board[lot] = { ...(was || { shop: null }), owner };
        return next;
      },
      describe: (read) => tr("the owner of lot {lot}", { lot: read().lot }) },
    money: { label: N_("A player's money"), own: true,
      fields(state, viewer) {
        const nodes = number(tr("Money"), state.players[seatOf(state, viewer)]?.money, "correct-money");
        return { nodes, read: () => Number(nodes[1].value) };
      },
      apply(state, read, viewer) {
        const next = copy(state);
        next.players[seatOf(state, viewer)].money = read();
        return next;
      },
      describe: (read, viewer) => tr("{player}'s money", { player: viewer }) },
  },
  skyline3000: {
    top: { label: N_("A pile's top card"),
      fields(state) {
        const piles = Object.keys(state.piles);
        const pieces = piles.flatMap((pile) => (state.options.cards[pile] || []).map((_, i) => `${pile}-${i + 1}`))
          .map((id) => ({ value: id, look: skylineCardLook(state, id) }));
        const pick = chooser({ parts: [{ title: N_("The face-up top card"), count: 1, pieces, grouped: true }] }, null);
        return { nodes: [pick.node], read: () => pick.chosenValues()[0][0] };
      },
      apply(state, read) {
        const card = read();
        const next = copy(state);
        next.piles[card.split("-")[0]].top = card;
        return next;
      },
      describe: (read) => tr("the top card of the {pile} pile", { pile: word("skyline3000", String(read()).split("-")[0]) }) },
    hand: { label: N_("A player's hand"), own: true,
      fields(state, viewer) {
        // every card of the game (the service checks that none is also elsewhere): leaving out the cards in
        // other hands would show them on this player's own view. Cards that look the same are one picture,
        // tapped as often as there are such cards; his hand as the page has it is chosen already.
        const held = state.players[seatOf(state, viewer)]?.hand || [];
        const ids = new Map();  // look key -> the card ids of that look, those held first
        for (const id of Object.entries(state.options.cards || {}).flatMap(([deck, cards]) => cards.map((_, i) => `${deck}-${i + 1}`))) {
          const look = lookKey(skylineCardLook(state, id));
          if (!ids.has(look)) ids.set(look, []);
          ids.get(look).push(id);
        }
        // of cards that look the same, those held come first, those the table shows elsewhere (a pile's top) last
        const seen = cardsElsewhere(state, viewer);
        const rank = (id) => (held.includes(id) ? 0 : seen.has(id) ? 2 : 1);
        for (const list of ids.values()) list.sort((a, b) => rank(a) - rank(b));
        // (a card the table shows elsewhere cannot be in his hand: its look is offered as often as it is free)
        const pieces = [...ids].map(([look, list]) => ({ value: look, look: skylineCardLook(state, list[0]),
          limit: list.filter((id) => rank(id) < 2).length })).filter((p) => p.limit > 0);
        const pick = chooser({ parts: [{ title: N_("The cards in the hand"), count: null, pieces, grouped: true,
          initial: held.map((id) => lookKey(skylineCardLook(state, id))) }] }, null);
        const none = el("input", { type: "checkbox", id: "correct-no-cards" });
        const read = () => {
          if (none.checked) return [];
          const used = new Map();
          return pick.chosenValues()[0].map((look) => {
            const n = used.get(look) || 0;
            used.set(look, n + 1);
            return ids.get(look)[n];
          });
        };
        return { nodes: [el("p", { className: "hint", text: tr("Tap every card held.") }), pick.node,
          el("div", { className: "row" }, none, el("label", { for: "correct-no-cards", text: tr("No card in the hand") }))], read };
      },
      apply(state, read, viewer) {
        const hand = read();
        const next = copy(state);
        const player = next.players[seatOf(state, viewer)];
        player.hand = hand;
        player.hand_size = hand.length;
        return next;
      },
      describe: (read, viewer) => tr("{player}'s hand", { player: viewer }) },
    points: pointsKind(),
  },
  fifthavenue: {
    top: { label: N_("A pile's top card"),
      fields(state) {
        const colours = Object.keys(state.stacks).map((c) => [c, word("fifthavenue", c)]);
        const nodes = [...select(tr("Stack"), colours, "correct-stack"), ...select(tr("Value"), [[4, "4"], [5, "5"], [6, "6"]], "correct-value")];
        return { nodes, read: () => ({ colour: nodes[1].value, value: Number(nodes[3].value) }) };
      },
      apply(state, read) {
        const { colour, value } = read();
        const next = copy(state);
        next.stacks[colour].top = value;
        return next;
      },
      describe: (read) => tr("the top card of the {colour} stack", { colour: word("fifthavenue", read().colour) }) },
    hand: { label: N_("A player's hand"), own: true,
      fields(state, viewer, description) {
        // every card that can be in a hand: the plots' colours and black, 4 to 6, as many as the game has
        const cards = description?.catalogues?.cards || { coloured_per_colour: { 4: 5, 5: 4, 6: 3 }, black: { 4: 20, 5: 16, 6: 14 } };
        const colours = [...(description?.catalogues?.plot_colours || Object.keys(state.stacks || {})), "black"];
        const held = state.players[seatOf(state, viewer)]?.hand || [];
        const pieces = colours.flatMap((colour) => Object.entries(colour === "black" ? cards.black : cards.coloured_per_colour)
          .map(([value, n]) => ({ value: `${colour}-${value}`, limit: n, look: { kind: "card", colour, value: Number(value) } })));
        const pick = chooser({ parts: [{ title: N_("The cards in the hand"), count: null, pieces, grouped: true, initial: held }] }, null);
        const none = el("input", { type: "checkbox", id: "correct-no-cards" });
        return { nodes: [el("p", { className: "hint", text: tr("Tap every card held.") }), pick.node,
          el("div", { className: "row" }, none, el("label", { for: "correct-no-cards", text: tr("No card in the hand") }))],
        read: () => (none.checked ? [] : pick.chosenValues()[0]) };
      },
      apply(state, read, viewer) {
        const hand = read();
        const next = copy(state);
        const player = next.players[seatOf(state, viewer)];
        player.hand = hand;
        player.hand_size = hand.length;
        return next;
      },
      describe: (read, viewer) => tr("{player}'s hand", { player: viewer }) },
    points: pointsKind(),
  },
};

function pointsKind() {
  return { label: N_("A player's points"),
    fields(state) {
      const nodes = [...select(tr("Player"), state.players.map((p) => [p.id, p.id]), "correct-player"), ...number(tr("Points"), state.players[0].points, "correct-points")];
      nodes[1].addEventListener("change", () => { nodes[3].value = String(state.players[seatOf(state, nodes[1].value)].points); });
      return { nodes, read: () => ({ player: nodes[1].value, points: Number(nodes[3].value) }) };
    },
    apply(state, read) {
      const { player, points } = read();
      const next = copy(state);
      next.players[seatOf(state, player)].points = points;
      return next;
    },
    describe: (read) => tr("{player}'s points", { player: read().player }) };
}

/**
 * What ``after`` (the table as entered) shows that ``before`` (the page) does not, in the state's own shape:
 * an object's differing fields; the players item by item, each with its id and its differing fields; any
 * other list or value whole. What the explain route compares (docs/wire.md).
 */
export function observedPart(before, after) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const part = {};
  for (const [key, value] of Object.entries(after)) {
    if (same(before?.[key], value)) continue;
    if (key === "players" && Array.isArray(value) && Array.isArray(before?.players) && before.players.length === value.length) {
      part.players = value.map((p, i) => Object.fromEntries(Object.entries(p).filter(([k, v]) => k === "id" || !same(before.players[i][k], v))));
    } else if (value && typeof value === "object" && !Array.isArray(value) && before?.[key] && typeof before[key] === "object" && !Array.isArray(before[key])) {
      part[key] = observedPart(before[key], value);
    } else part[key] = value;
  }
  return part;
}

/**
 * The correction form for ``game`` on ``viewer``'s view (null: the shared screen; ``description``: the game's
 * catalogues, GET /v1/games/<game>); ``take(correction)`` gets
 * {label, state} once the service found the corrected state valid; ``refused(violations)`` otherwise; the
 * check runs inside ``guard`` (the page's busy count and problem display). ``explained(answer)``, when
 * given, gets the service's explanation of what was entered (the explain route: which legal moves lead
 * there), which the page shows and applies only when the referee confirms.
 */
export function correctionForm(game, state, viewer, take, refused, guard = (work) => work(), description = null, explained = null) {
  const kinds = Object.entries(KINDS[family(game)] || {}).filter(([, k]) => !k.own || viewer);
  const box = el("div", { className: "correction" });
  if (!kinds.length) return box;
  const fields = el("div", { className: "correction-fields" });
  const [kindLabel, kindSelect] = select(tr("What differs"), kinds.map(([id, k]) => [id, tr(k.label)]), "correct-kind");
  let current = null;
  const build = () => {
    const kind = KINDS[family(game)][kindSelect.value];
    current = { kind, ...kind.fields(state, viewer, description) };
    fields.replaceChildren(...current.nodes);
  };
  kindSelect.addEventListener("change", build);
  const button = el("button", { type: "button", id: "correct-button", text: tr("Check and take the correction") });
  button.addEventListener("click", () => guard(async () => {
    const corrected = current.kind.apply(state, current.read, viewer);
    const answer = await call(game, "validate", { state: corrected });
    if (!answer.valid) { refused(answer.violations || []); return; }
    await take({ label: current.kind.describe(current.read, viewer), state: corrected });
  }));
  build();
  box.append(kindLabel, kindSelect, fields);
  if (explained) {
    const explain = el("button", { type: "button", id: "explain-button", text: tr("Which moves lead there?") });
    explain.addEventListener("click", () => guard(async () => {
      const corrected = current.kind.apply(state, current.read, viewer);
      explained(await call(game, "explain", { state, observed: observedPart(state, corrected) }));
    }));
    box.append(explain);
  }
  box.append(button);
  return box;
}
