// Every per-game difference the page knows lives here: how score breakdown lines read, plain-words move
// descriptions, real-table setup, and the score helper's input rows. Whose turn, the phase, totals and
// breakdowns come in the same shapes from every game (`status`, `players`, see the contract).

const words = (id) => String(id).replaceAll("_", " ").replaceAll("-", " ");
const list = (items) => items.map(words).join(", ");
const money = (cards) => cards.map((c) => `${c.bank} ${c.value}`).join(" + ");

const MOVE_GROUPS = {
  take_money: "Take money", buy: "Buy a tile", place: "Place", reserve: "Put in reserve",
  give_dummy: "Give to the dummy", rebuild_remove: "Rebuild: remove", rebuild_place: "Rebuild: place",
  rebuild_swap: "Rebuild: swap", end_turn: "End the turn", reveal: "Reveal", keep: "Keep lots",
  trade: "Trade", end_trading: "End trading", floor: "Floor cards", roof: "Roof cards",
  contract: "Contracts", billboard: "Billboards", discard: "Discard", pass: "Pass", bid: "Bid",
  bids: "Bids", develop: "Develop", draw: "Draw", place_start: "Starting skyscrapers",
  take_skyscrapers: "Take skyscrapers", place_business: "Place a business",
  black_and_move: "Black card and move", take_cards: "Take cards", move_commissioner: "Move a commissioner",
  value_district: "Value a district", build: "Build",
};

export const groupName = (type) => MOVE_GROUPS[type] || words(type);

const DESCRIBE = {
  take_money: (m) => `${m.player} takes money from slot${m.slots.length > 1 ? "s" : ""} ${m.slots.map((s) => s + 1).join(" and ")}`,
  buy: (m) => `${m.player} buys the tile from the ${m.slot} slot paying ${money(m.cards)}`,
  place: (m) => (m.lot !== undefined ? `${m.player} puts a ${words(m.shop)} shop on lot ${m.lot}`
    : `${m.player} places tile ${m.tile} at (${m.x}, ${m.y})`),
  reserve: (m) => `${m.player} puts tile ${m.tile} in the reserve`,
  give_dummy: (m) => `${m.player} gives tile ${m.tile} to the dummy`,
  rebuild_remove: (m) => `${m.player} removes the tile at (${m.x}, ${m.y})`,
  rebuild_place: (m) => `${m.player} rebuilds with tile ${m.tile} at (${m.x}, ${m.y})`,
  rebuild_swap: (m) => `${m.player} swaps in tile ${m.tile} at (${m.x}, ${m.y})`,
  keep: (m) => `${m.player} keeps lots ${m.lots.join(", ")}`,
  end_trading: (m) => `${m.player} is done trading`,
  end_turn: (m) => `${m.player} ends the turn`,
  floor: (m) => `${m.player} plays ${m.card}: floors on factory building${m.buildings.length > 1 ? "s" : ""} ${m.buildings.join(" and ")}`,
  roof: (m) => `${m.player} plays ${m.card}: a ${m.roof} roof on factory building ${m.building}`,
  contract: (m) => `${m.player} plays ${m.card}: building ${m.building} to block ${m.block} (${words(m.target)})`,
  billboard: (m) => `${m.player} puts a billboard on block ${m.block} (${words(m.target)})`,
  discard: (m) => `${m.player} discards ${m.card}`,
  pass: (m) => `${m.player} passes`,
  bid: (m) => (m.colour !== undefined ? `${m.player} bids ${m.colour} with ${list(m.cards)}`
    : `${m.player} bids ${m.cards.length ? list(m.cards) : "nothing"}`),
  bids: (m) => `${m.player} settles the bids: ${Object.entries(m.piles).map(([p, c]) => `${p} ${c.length ? list(c) : "nothing"}`).join("; ")}`,
  develop: (m) => `${m.player} develops block ${m.block}`,
  draw: (m) => `${m.player} draws from the ${m.pile} pile`,
  place_start: (m) => `${m.player} starts on the ${m.plot} plot of ${words(m.district)}`,
  take_skyscrapers: (m) => `${m.player} takes skyscrapers`,
  place_business: (m) => `${m.player} puts a ${m.business} on the ${m.plot} plot of ${words(m.district)}`,
  black_and_move: (m) => `${m.player} plays a black card and moves the ${m.commissioner} commissioner to ${words(m.to)}`,
  take_cards: (m) => `${m.player} takes ${list(m.colours)} cards`,
  move_commissioner: (m) => `${m.player} moves the ${m.commissioner} commissioner to ${words(m.to)}`,
  value_district: (m) => `${m.player} values ${words(m.district)}`,
  build: (m) => `${m.player} builds ${m.count} skyscraper${m.count === 1 ? "" : "s"}`,
};

export function describe(move) {
  const say = DESCRIBE[move.type];
  try {
    if (say) return say(move);
  } catch { /* an unusual shape: fall through to the generic words */ }
  const rest = Object.entries(move).filter(([k]) => k !== "type" && k !== "player")
    .map(([k, v]) => `${words(k)} ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
  return `${move.player ?? "someone"}: ${words(move.type)}${rest ? ` (${rest})` : ""}`;
}

export function playerIds(state) {
  return (state.players || []).map((p) => p.id);
}

/** {phase, round, toMove: [ids], over, winners} from an answer's `status`, the same shape in every game. */
export function status(answer) {
  const st = (answer && answer.status) || {};
  return { phase: st.phase ?? "?", round: st.round ?? null, toMove: st.to_move || [], over: !!st.over,
    winners: st.winners || [] };
}

const NY_TYPES = ["skyscraper", "park", "church", "theater", "museum", "station"];

// How a breakdown line reads, per game: the categories are stable ids, the words are the page's own.
const LABEL = {
  newyork: (item) => (NY_TYPES.includes(item.category) ? `${item.category}s (${item.detail.count})`
    : item.category === "longest_street" ? `street (${item.detail.length})` : words(item.category)),
  chinatown: (item) => (item.category.startsWith("shop:")
    ? `${words(item.category.slice(5))} ${item.detail.complete ? "complete " : ""}shop of ${item.detail.size} (lots ${item.detail.lots.join(", ")})`
    : words(item.category)),
  skyline3000: (item) => (item.category.startsWith("block:") ? `block ${item.category.slice(6)}` : words(item.category)),
  fifthavenue: (item) => (item.category.startsWith("district:") ? words(item.category.slice(9))
    : item.category.startsWith("building_stop:") ? `building stop ${words(item.category.slice(14))}` : words(item.category)),
};

/** Rows {id, total, parts: [{category, points, note?}]} from a score answer (players in seat order). */
export function scoreRows(game, score) {
  const label = LABEL[game] || ((item) => words(item.category));
  return (score.players || []).map((p) => ({ id: p.id, total: p.total, parts: [
    ...p.breakdown.map((item) => ({ category: label(item), points: item.points })),
    // Skyline's spaceport bonus is not points: extra cards in the next draw, shown beside them as a note.
    ...(p.spaceport_bonus ? [{ category: "spaceport bonus", points: 0,
      note: `spaceport bonus: ${p.spaceport_bonus} extra card(s) in the next draw` }] : [])] }));
}

/** A score body for the current position of a played game. */
export function scoreBody(game, state) {
  return { state };
}

/** Real-table play: the setup request and how to blank the orders only the table knows. */
export function tableSetup(game, players, seed) {
  if (game === "chinatown") return { players, seed, options: { chance: "table" } };
  return { players, seed };
}

// Chinatown deals at the table too (its `table` chance option); in the other games the seed deals the
// starting hands and market, and every later draw is asked for.
export function hideOrders(game, state) {
  const each = (record, change) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, { ...v, ...change }]));
  switch (game) {
    case "newyork": return { ...state, bag: null, money_deck: null, seed: null };
    case "skyline3000": return { ...state, piles: each(state.piles, { draw: null }) };
    case "fifthavenue": return { ...state, stacks: each(state.stacks, { below: null }), park_order: null,
      black_deck: { ...state.black_deck, cards: null, seed: null } };
    default: return state;
  }
}

export const TABLE_PLAY = new Set(["newyork", "chinatown", "skyline3000", "fifthavenue"]);

/** A reveal move to fill in for a pending draw. */
export function revealTemplate(game, state, st) {
  const player = st.toMove[0] || state.pending.player || playerIds(state)[0];
  return { type: "reveal", player };
}

export function describePending(pending) {
  const value = (v) => (typeof v === "string" ? words(v) : typeof v === "object" ? JSON.stringify(v) : v);
  return Object.entries(pending).map(([k, v]) => `${words(k)}: ${value(v)}`).join("; ");
}

// The score helper: input rows per game (columns with labels) and how rows become a score body.
const num = (v) => (v === "" || v === undefined ? undefined : Number(v));
const csv = (v) => String(v || "").split(",").map((s) => s.trim()).filter(Boolean);

export const HELPER = {
  newyork: {
    intro: "One row per tile in a city: the player, its (x, y), and a catalogue tile number or a building type with its streets (n, e, s, w).",
    columns: [["player", "Player"], ["x", "x"], ["y", "y"], ["tile", "Tile number or type"], ["streets", "Streets"]],
    extra: [["scoring", "Scoring", ["final", "A", "B"]]],
    body(rows, extra) {
      const players = new Map();
      for (const r of rows) {
        if (!r.player) continue;
        if (!players.has(r.player)) players.set(r.player, []);
        const tile = /^\d+$/.test(r.tile) ? Number(r.tile) : { type: r.tile, streets: csv(r.streets) };
        players.get(r.player).push({ x: num(r.x), y: num(r.y), tile });
      }
      return { state: { players: [...players].map(([id, city]) => ({ id, city })) }, scoring: extra.scoring };
    },
  },
  chinatown: {
    intro: "One row per lot: its number, its owner and the shop on it (empty when none).",
    columns: [["lot", "Lot"], ["owner", "Owner"], ["shop", "Shop"]],
    extra: [],
    body(rows) {
      const board = {};
      for (const r of rows) {
        if (!r.lot) continue;
        board[r.lot] = { owner: r.owner || null, shop: r.shop ? r.shop.replaceAll(" ", "_") : null };
      }
      return { state: { board } };
    },
  },
  skyline3000: {
    intro: "One row per building (block, owner, floors, roof); greens, billboards (their owners) and a large development go on any row of the block.",
    columns: [["block", "Block"], ["owner", "Owner"], ["floors", "Floors"], ["roof", "Roof"], ["greens", "Greens"], ["billboards", "Billboards"], ["large", "Large"]],
    extra: [],
    body(rows) {
      const blocks = {};
      for (const r of rows) {
        if (!r.block) continue;
        const b = blocks[r.block] ||= { buildings: [], greens: 0, billboards: [], large: null };
        if (r.owner) b.buildings.push({ owner: r.owner, floors: num(r.floors), roof: r.roof || "arched" });
        if (r.greens) b.greens += num(r.greens);
        b.billboards.push(...csv(r.billboards));
        if (r.large) b.large = r.large;
      }
      return { state: { blocks } };
    },
  },
  fifthavenue: {
    intro: "One row per plot: the district, the plot's colour, the skyscrapers' owner and count, and its businesses.",
    columns: [["district", "District"], ["plot", "Plot"], ["owner", "Skyscrapers' owner"], ["count", "Skyscrapers"], ["businesses", "Businesses"]],
    extra: [["scoring", "Scoring", ["final", "district", "building_stop"]], ["declarer", "Declarer (building stop)", null]],
    body(rows, extra) {
      const districts = {};
      let last = null;
      for (const r of rows) {
        if (!r.district || !r.plot) continue;
        last = r.district;
        const d = districts[r.district] ||= { plots: {} };
        d.plots[r.plot] = { businesses: csv(r.businesses),
          skyscrapers: r.owner ? { owner: r.owner, count: num(r.count) } : null };
      }
      const body = { state: { districts } };
      if (extra.scoring === "final" || !last) body.scoring = "final";
      else body.scoring = `${extra.scoring}:${last}`;
      if (extra.scoring === "building_stop" && extra.declarer) body.declarer = extra.declarer;
      return body;
    },
  },
};

/** One scoring event of a replay as {label, points: {player: n} | null}; today each game names it differently. */
export function scoringLine(event) {
  const label = [words(event.kind), event.scoring && `card ${event.scoring}`, event.card && `card ${event.card}`,
    event.round && `round ${event.round}`, event.year, event.district && words(event.district),
    event.after && `after ${event.after} businesses`].filter(Boolean).join(", ");
  return { label, points: event.totals || event.income || event.points || null };
}
