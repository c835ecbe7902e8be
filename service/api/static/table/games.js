// Every per-game difference the page knows lives here: how score breakdown lines read, plain-words move
// descriptions, real-table setup, and the score helper's input rows. Whose turn, the phase, totals and
// breakdowns come in the same shapes from every game (`status`, `players`, see the contract).
import { N_, tr, word } from "./i18n.js";

const words = (id) => String(id).replaceAll("_", " ").replaceAll("-", " ");
const list = (items) => items.map(words).join(", ");
const money = (cards) => cards.map((c) => `${c.bank} ${c.value}`).join(" + ");

const MOVE_GROUPS = {
  take_money: N_("Take money"), buy: N_("Buy a tile"), place: N_("Place"), reserve: N_("Put in reserve"),
  give_dummy: N_("Give to the dummy"), rebuild_remove: N_("Rebuild: remove"), rebuild_place: N_("Rebuild: place"),
  rebuild_swap: N_("Rebuild: swap"), end_turn: N_("End the turn"), reveal: N_("Reveal"), keep: N_("Keep lots"),
  trade: N_("Trade"), end_trading: N_("End trading"), floor: N_("Floor cards"), roof: N_("Roof cards"),
  contract: N_("Contracts"), billboard: N_("Billboards"), discard: N_("Discard"), pass: N_("Pass"), bid: N_("Bid"),
  bids: N_("Bids"), develop: N_("Develop"), draw: N_("Draw"), stop: N_("Stop drawing"), place_start: N_("Starting skyscrapers"),
  take_skyscrapers: N_("Take skyscrapers"), place_business: N_("Place a business"),
  black_and_move: N_("Black card and move"), take_cards: N_("Take cards"), move_commissioner: N_("Move a commissioner"),
  value_district: N_("Value a district"), build: N_("Build"),
};

export const groupName = (type) => (MOVE_GROUPS[type] ? tr(MOVE_GROUPS[type]) : words(type));
export const phaseName = (game, phase) => word(game, phase);
const and = (items) => items.join(tr(" and "));
const nothing = (cards) => (cards.length ? list(cards) : tr("nothing"));

// Each description is one message id; the ids in a move (cards, tiles, lots, players) stay as they are.
const DESCRIBE = {
  take_money: (m) => (m.slots.length > 1 ? tr("{player} takes money from slots {slots}", { player: m.player, slots: and(m.slots.map((s) => s + 1)) })
    : tr("{player} takes money from slot {slots}", { player: m.player, slots: m.slots.map((s) => s + 1).join("") })),
  buy: (m) => tr("{player} buys the tile from the {slot} slot paying {cards}", { player: m.player, slot: word("newyork", m.slot), cards: money(m.cards) }),
  place: (m) => (m.lot !== undefined ? tr("{player} puts a {shop} shop on lot {lot}", { player: m.player, shop: word("chinatown", m.shop), lot: m.lot })
    : tr("{player} places tile {tile} at ({x}, {y})", m)),
  reserve: (m) => tr("{player} puts tile {tile} in the reserve", m),
  give_dummy: (m) => tr("{player} gives tile {tile} to the dummy", m),
  rebuild_remove: (m) => tr("{player} removes the tile at ({x}, {y})", m),
  rebuild_place: (m) => tr("{player} rebuilds with tile {tile} at ({x}, {y})", m),
  rebuild_swap: (m) => tr("{player} swaps in tile {tile} at ({x}, {y})", m),
  keep: (m) => tr("{player} keeps lots {lots}", { player: m.player, lots: m.lots.join(", ") }),
  end_trading: (m) => tr("{player} is done trading", m),
  end_turn: (m) => tr("{player} ends the turn", m),
  floor: (m) => (m.buildings.length > 1 ? tr("{player} plays {card}: floors on factory buildings {buildings}", { ...m, buildings: and(m.buildings) })
    : tr("{player} plays {card}: floors on factory building {buildings}", { ...m, buildings: m.buildings.join("") })),
  roof: (m) => tr("{player} plays {card}: a {roof} roof on factory building {building}", { ...m, roof: word("skyline3000", m.roof) }),
  contract: (m) => tr("{player} plays {card}: building {building} to block {block} ({target})", { ...m, target: words(m.target) }),
  billboard: (m) => tr("{player} puts a billboard on block {block} ({target})", { ...m, target: words(m.target) }),
  discard: (m) => tr("{player} discards {card}", m),
  pass: (m) => tr("{player} passes", m),
  bid: (m) => (m.colour !== undefined ? tr("{player} bids {colour} with {cards}", { player: m.player, colour: word("fifthavenue", m.colour), cards: list(m.cards) })
    : tr("{player} bids {cards}", { player: m.player, cards: nothing(m.cards) })),
  bids: (m) => tr("{player} settles the bids: {piles}", { player: m.player, piles: Object.entries(m.piles).map(([p, c]) => `${p} ${nothing(c)}`).join("; ") }),
  develop: (m) => tr("{player} develops block {block}", m),
  draw: (m) => tr("{player} draws from the {pile} pile", { player: m.player, pile: word("skyline3000", m.pile) }),
  stop: (m) => tr("{player} declines the Spaceport's other extra cards", m),
  place_start: (m) => tr("{player} starts on the {plot} plot of {district}", { player: m.player, plot: word("fifthavenue", m.plot), district: words(m.district) }),
  take_skyscrapers: (m) => tr("{player} takes skyscrapers", m),
  place_business: (m) => tr("{player} puts a {business} on the {plot} plot of {district}", { player: m.player, business: word("fifthavenue", m.business), plot: word("fifthavenue", m.plot), district: words(m.district) }),
  black_and_move: (m) => tr("{player} plays a black card and moves the {commissioner} commissioner to {to}", { player: m.player, commissioner: word("fifthavenue", m.commissioner), to: words(m.to) }),
  take_cards: (m) => tr("{player} takes {colours} cards", { player: m.player, colours: m.colours.map((c) => word("fifthavenue", c)).join(", ") }),
  move_commissioner: (m) => tr("{player} moves the {commissioner} commissioner to {to}", { player: m.player, commissioner: word("fifthavenue", m.commissioner), to: words(m.to) }),
  value_district: (m) => tr("{player} values {district}", { player: m.player, district: words(m.district) }),
  build: (m) => (m.count === 1 ? tr("{player} builds {count} skyscraper", m) : tr("{player} builds {count} skyscrapers", m)),
};

export function describe(move) {
  const say = DESCRIBE[move.type];
  try {
    if (say) return say(move);
  } catch { /* an unusual shape: fall through to the generic words */ }
  const rest = Object.entries(move).filter(([k]) => k !== "type" && k !== "player")
    .map(([k, v]) => `${words(k)} ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
  const who = move.player ?? tr("someone");
  return rest ? tr("{player}: {move} ({details})", { player: who, move: words(move.type), details: rest })
    : tr("{player}: {move}", { player: who, move: words(move.type) });
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

const shopParams = (s) => ({ shop: word("chinatown", s.type), size: s.size, lots: s.lots.join(", ") });
const NY_TYPES = ["skyscraper", "park", "church", "theater", "museum", "station"];
const NY_PLURALS = { skyscraper: N_("skyscrapers"), park: N_("parks"), church: N_("churches"), theater: N_("theaters"),
  museum: N_("museums"), station: N_("stations") };

// How a breakdown line reads, per game: the categories are stable ids, and the score answer's `labels`
// names each of them in the page's language; New York's and Chinatown's lines add their details.
const categoryName = (item, labels) => labels[item.category] || words(item.category);
const shopLine = (item) => {
  const params = shopParams({ type: item.category.slice(5), size: item.detail.size, lots: item.detail.lots });
  return item.detail.complete ? tr("{shop} complete shop of {size} (lots {lots})", params)
    : tr("{shop} shop of {size} (lots {lots})", params);
};
const LABEL = {
  newyork: (item, labels) => (NY_TYPES.includes(item.category) ? `${tr(NY_PLURALS[item.category])} (${item.detail.count})`
    : item.category === "longest_street" ? tr("street ({length})", { length: item.detail.length }) : categoryName(item, labels)),
  chinatown: (item, labels) => (item.category.startsWith("shop:") ? shopLine(item) : categoryName(item, labels)),
};

/** Rows {id, total, parts: [{category, points, note?}]} from a score answer (players in seat order). */
export function scoreRows(game, score) {
  const label = LABEL[game] || categoryName;
  const labels = score.labels || {};
  return (score.players || []).map((p) => ({ id: p.id, total: p.total, parts: [
    ...p.breakdown.map((item) => ({ category: label(item, labels), points: item.points })),
    // Skyline's spaceport bonus is not points: extra cards in the next draw, shown beside them as a note.
    ...(p.spaceport_bonus ? [{ category: tr("spaceport bonus"), points: 0,
      note: tr("spaceport bonus: {count} extra card(s) in the next draw", { count: p.spaceport_bonus }) }] : [])] }));
}

/** A score body for the current position of a played game. */
export function scoreBody(game, state) {
  return { state };
}

/** Real-table play: the setup request and how to blank the orders only the table knows. */
export function tableSetup(game, players, seed) {
  if (game === "chinatown" || game === "skyline3000") return { players, seed, options: { chance: "table" } };
  return { players, seed };
}

// Chinatown and Skyline 3000 deal at the table too (their `table` chance option: the state starts unknown
// and asks for what the table shows); in the other games the seed deals the starting hands and market, and
// every later draw is asked for.
export function hideOrders(game, state) {
  const each = (record, change) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, { ...v, ...change }]));
  switch (game) {
    case "newyork": return { ...state, bag: null, money_deck: null, seed: null };
    case "fifthavenue": return { ...state, stacks: each(state.stacks, { below: null }), park_order: null,
      black_deck: { ...state.black_deck, cards: null }, seed: null };
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
    intro: N_("One row per tile in a city: the player, its (x, y), and a catalogue tile number or a building type with its streets (n, e, s, w)."),
    columns: [["player", N_("Player")], ["x", "x"], ["y", "y"], ["tile", N_("Tile number or type")], ["streets", N_("Streets")]],
    extra: [["scoring", N_("Scoring"), ["final", "A", "B"]]],
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
    intro: N_("One row per lot: its number, its owner and the shop on it (empty when none)."),
    columns: [["lot", N_("Lot")], ["owner", N_("Owner")], ["shop", N_("Shop")]],
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
    intro: N_("One row per building (block, owner, floors, roof); greens, billboards (their owners) and a large development go on any row of the block."),
    columns: [["block", N_("Block")], ["owner", N_("Owner")], ["floors", N_("Floors")], ["roof", N_("Roof")], ["greens", N_("Greens")], ["billboards", N_("Billboards")], ["large", N_("Large")]],
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
    intro: N_("One row per plot: the district, the plot's colour, the skyscrapers' owner and count, and its businesses."),
    columns: [["district", N_("District")], ["plot", N_("Plot")], ["owner", N_("Skyscrapers' owner")], ["count", N_("Skyscrapers")], ["businesses", N_("Businesses")]],
    extra: [["scoring", N_("Scoring"), ["final", "district", "building_stop"]], ["declarer", N_("Declarer (building stop)"), null]],
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
  const label = [words(event.kind), event.scoring && tr("card {card}", { card: event.scoring }),
    event.card && tr("card {card}", { card: event.card }), event.round && tr("round {round}", { round: event.round }),
    event.year, event.district && words(event.district),
    event.after && tr("after {count} businesses", { count: event.after })].filter(Boolean).join(", ");
  return { label, points: event.totals || event.income || event.points || null };
}
