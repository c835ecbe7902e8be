// Every per-game difference the page knows lives here: how score breakdown lines read, plain-words move
// descriptions, real-table setup, and the score helper's input rows. Whose turn, the phase, totals and
// breakdowns come in the same shapes from every game (`status`, `players`, see the contract).
import { family } from "./api.js";
import { isolate, N_, tr, word } from "./i18n.js";
import { words as pieceWords } from "./pieces.js";
import { newYorkTileLook, skylineCardLook } from "./reveals.js";

let shown = { game: null, description: null, state: null };

/** The game whose moves are described next (its catalogue names a card id by its type and value). */
export function useDescription(game, description, state) {
  shown = { game, description, state };
}

function cardName(id) {
  const look = shown.game === "skyline3000" && shown.state ? skylineCardLook(shown.state, id) : null;
  return look && look.kind === "card" ? pieceWords(look) : String(id);
}

const words = (id) => String(id).replaceAll("_", " ").replaceAll("-", " ");
const list = (items) => items.map(words).join(", ");
const money = (cards) => cards.map((c) => `${c.bank} ${c.value}`).join(" + ");

const MOVE_GROUPS = {
  take_money: N_("Take money"), buy: N_("Buy a tile"), place: N_("Place"), reserve: N_("Put in reserve"),
  give_dummy: N_("Give to the dummy"), rebuild_remove: N_("Rebuild: remove"), rebuild_place: N_("Rebuild: place"),
  rebuild_swap: N_("Rebuild: swap"), end_turn: N_("End the turn"), reveal: N_("Reveal"), keep: N_("Keep lots"),
  trade: N_("Trade"), end_trading: N_("End trading"), floor: N_("Floor cards"), roof: N_("Roof cards"),
  contract: N_("Contracts"), billboard: N_("Billboards"), discard: N_("Discard"), pass: N_("Pass"), bid: N_("Bid"),
  bids: N_("Bids"), develop: N_("Develop"), draw: N_("Draw"), place_start: N_("Starting skyscrapers"),
  take_skyscrapers: N_("Take skyscrapers"), place_business: N_("Place a business"),
  black_and_move: N_("Black card and move"), take_cards: N_("Take cards"), move_commissioner: N_("Move a commissioner"),
  value_district: N_("Value a district"), build: N_("Build"), stop: N_("Stop building"),
};

export const groupName = (type) => (MOVE_GROUPS[type] ? tr(MOVE_GROUPS[type]) : words(type));
export const phaseName = (game, phase) => word(game, phase);
const and = (items) => items.join(tr(" and "));
const nothing = (cards) => (cards.length ? list(cards) : tr("nothing"));

// Each description is one message id; the ids in a move (cards, tiles, lots, players) stay as they are.
const DESCRIBE = {
  take_money: (m) => (m.slots.length > 1 ? tr("{player} takes money from slots {slots}", { player: m.player, slots: and(m.slots.map((s) => s + 1)) })
    : tr("{player} takes money from slot {slots}", { player: m.player, slots: m.slots.map((s) => s + 1).join("") })),
  buy: (m) => tr("{player} buys the tile from the {slot} slot paying {cards}", { player: m.player, slot: word(shown.game, m.slot), cards: money(m.cards) }),
  place: (m) => (m.lot !== undefined ? tr("{player} puts a {shop} shop on lot {lot}", { player: m.player, shop: word("chinatown", m.shop), lot: m.lot })
    : tr("{player} places at ({x}, {y}): {tile}", { ...m, tile: tileName(m.tile) })),
  reserve: (m) => tr("{player} puts in the reserve: {tile}", { ...m, tile: tileName(m.tile) }),
  give_dummy: (m) => tr("{player} gives to the dummy: {tile}", { ...m, tile: tileName(m.tile) }),
  rebuild_remove: (m) => tr("{player} removes the tile at ({x}, {y})", m),
  rebuild_place: (m) => tr("{player} rebuilds at ({x}, {y}) with: {tile}", { ...m, tile: tileName(m.tile) }),
  rebuild_swap: (m) => tr("{player} swaps in at ({x}, {y}): {tile}", { ...m, tile: tileName(m.tile) }),
  keep: (m) => tr("{player} keeps lots {lots}", { player: m.player, lots: m.lots.join(", ") }),
  end_trading: (m) => tr("{player} is done trading", m),
  end_turn: (m) => tr("{player} ends the turn", m),
  // factory buildings are numbered from 1 on the page, as every slot and seat is (the wire counts from 0)
  floor: (m) => (m.buildings.length > 1 ? tr("{player} plays {card}: floors on factory buildings {buildings}", { ...m, card: cardName(m.card), buildings: and(m.buildings.map((b) => b + 1)) })
    : tr("{player} plays {card}: floors on factory building {buildings}", { ...m, card: cardName(m.card), buildings: m.buildings.map((b) => b + 1).join("") })),
  roof: (m) => tr("{player} plays {card}: a {roof} roof on factory building {building}", { ...m, card: cardName(m.card), building: m.building + 1, roof: word("skyline3000", m.roof) }),
  contract: (m) => tr("{player} plays {card}: building {building} to block {block} ({target})", { ...m, card: cardName(m.card), building: m.building + 1, target: words(m.target) }),
  billboard: (m) => tr("{player} puts a billboard on block {block} ({target})", { ...m, target: words(m.target) }),
  discard: (m) => tr("{player} discards {card}", { ...m, card: cardName(m.card) }),
  pass: (m) => tr("{player} passes", m),
  bid: (m) => (m.colour !== undefined ? tr("{player} bids {colour} with {cards}", { player: m.player, colour: word("fifthavenue", m.colour), cards: list(m.cards) })
    : tr("{player} bids {cards}", { player: m.player, cards: m.cards.length ? m.cards.map(cardName).join(", ") : tr("nothing") })),
  bids: (m) => tr("{player} settles the bids: {piles}", { player: m.player, piles: Object.entries(m.piles).map(([p, c]) => `${p} ${nothing(c)}`).join("; ") }),
  develop: (m) => tr("{player} develops block {block}", m),
  draw: (m) => tr("{player} draws from the {pile} pile", { player: m.player, pile: word("skyline3000", m.pile) }),
  stop: (m) => tr("{player} declines the Spaceport's other extra cards", m),
  reveal: (m) => describeReveal(m),
  place_start: (m) => tr("{player} starts on the {plot} plot of {district}", { player: m.player, plot: word("fifthavenue", m.plot), district: words(m.district) }),
  take_skyscrapers: (m) => tr("{player} takes skyscrapers", m),
  place_business: (m) => tr("{player} puts a {business} on the {plot} plot of {district}", { player: m.player, business: word("fifthavenue", m.business), plot: word("fifthavenue", m.plot), district: words(m.district) }),
  black_and_move: (m) => tr("{player} plays a black card and moves the {commissioner} commissioner to {to}", { player: m.player, commissioner: word("fifthavenue", m.commissioner), to: words(m.to) }),
  take_cards: (m) => tr("{player} takes {colours} cards", { player: m.player, colours: m.colours.map((c) => word("fifthavenue", c)).join(", ") }),
  move_commissioner: (m) => tr("{player} moves the {commissioner} commissioner to {to}", { player: m.player, commissioner: word("fifthavenue", m.commissioner), to: words(m.to) }),
  value_district: (m) => tr("{player} values {district}", { player: m.player, district: words(m.district) }),
  build: (m) => (m.count === 1 ? tr("{player} builds {count} skyscraper", m) : tr("{player} builds {count} skyscrapers", m)),
};

function describeReveal(m) {
  const parts = [];
  if (m.card !== undefined) parts.push(typeof m.card === "string" ? (/^[AB]$/.test(m.card) ? tr("scoring card {letter}", { letter: m.card }) : cardName(m.card)) : `${word(shown.game, m.card.bank)} ${m.card.value}`);
  if (m.tile !== undefined) parts.push(tileName(m.tile));
  if (m.lots !== undefined) parts.push(tr("building cards {lots}", { lots: m.lots.join(", ") }));
  if (m.business !== undefined) parts.push(tr("a {business} on the {plot} plot of {district}", { business: word("fifthavenue", m.business), plot: word("fifthavenue", m.plot), district: words(m.district) }));
  if (m.tiles !== undefined) parts.push(m.tiles.map((t) => word(shown.game, t)).join(", "));
  if (m.tops !== undefined) parts.push(Object.entries(m.tops).map(([c, v]) => `${word("fifthavenue", c)} ${v}`).join(", "));
  if (m.drawn !== undefined) parts.push(Object.entries(m.drawn).map(([p, v]) => `${isolate(p)}: ${v.join(", ")}`).join("; "));
  if (m.bid !== undefined) parts.push(m.bid.join(", "));
  return tr("{player} reveals {what}", { player: m.player, what: parts.join("; ") || tr("nothing") });
}

function tileName(id) {
  const look = family(shown.game) === "newyork" && shown.description ? newYorkTileLook(shown.description, shown.state, id) : null;
  return look && look.kind === "tile" ? tr("{building} tile, price {cost}", { building: word(shown.game, look.type), cost: look.cost })
    : tr("tile {tile}", { tile: id });
}

/** A tile in words (a New York or Alhambra tile by its building and price). */
export const tileText = (id) => tileName(id);

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
  // New York's family: a re-skin's building types and its longest wall are named by the answer's labels
  newyork: (item, labels, game) => (NY_TYPES.includes(item.category) ? `${tr(NY_PLURALS[item.category])} (${item.detail.count})`
    : item.category === "longest_street" && game === "newyork" ? tr("street ({length})", { length: item.detail.length })
    : item.detail?.count !== undefined ? `${categoryName(item, labels)} (${item.detail.count})`
    : item.detail?.length !== undefined ? `${categoryName(item, labels)} (${item.detail.length})` : categoryName(item, labels)),
  chinatown: (item, labels) => (item.category.startsWith("shop:") ? shopLine(item) : categoryName(item, labels)),
};

/** Rows {id, total, parts: [{category, points, note?}]} from a score answer (players in seat order). */
export function scoreRows(game, score) {
  const label = LABEL[family(game)] || categoryName;
  const labels = score.labels || {};
  return (score.players || []).map((p) => ({ id: p.id, total: p.total, parts: [
    ...p.breakdown.map((item) => ({ category: label(item, labels, game), points: item.points })),
    // Skyline's spaceport bonus is not points: extra cards in the next draw, shown beside them as a note.
    ...(p.spaceport_bonus ? [{ category: tr("spaceport bonus"), points: 0,
      note: tr("spaceport bonus: {count} extra card(s) in the next draw", { count: p.spaceport_bonus }) }] : [])] }));
}

/** A score body for the current position of a played game. */
export function scoreBody(game, state) {
  return { state };
}

// Real-table play: the game's own table mode (the option `chance`, value `table`), which deals nothing and
// asks for every reveal. A game whose engine has no such option cannot be played at a real table: the
// page never deals a real table's pieces from a seed.
const CHANCE = "chance";

/** Whether a game's description (GET /v1/games/<game>) offers the table mode. */
export function supportsTable(description) {
  const options = description?.options;
  if (Array.isArray(options)) {
    const spec = options.find((o) => o.name === CHANCE);
    return !!spec && (!spec.choices || spec.choices.includes("table"));
  }
  return !!options && typeof options === "object" && CHANCE in options;
}

/** The setup request of a real-table game: no seed, nothing dealt. */
export function tableSetup(game, players) {
  return { players, options: { [CHANCE]: "table" } };
}

/** The pending reveal in words: what is drawn, for whom, how many. */
export function describePending(game, pending) {
  const who = pending.player;
  const kind = word(game, pending.kind);
  const parts = [kind];
  if (pending.count !== undefined) parts.push(tr("{count} pieces", { count: pending.count }));
  if (pending.pile !== undefined) parts.push(tr("from the {pile} pile", { pile: word(game, pending.pile) }));
  if (pending.slot !== undefined && pending.slot !== null) parts.push(tr("slot {slot}", { slot: typeof pending.slot === "number" ? pending.slot + 1 : word(game, pending.slot) }));
  if (pending.district !== undefined && pending.district !== null) parts.push(words(pending.district));
  if (pending.colours !== undefined) parts.push(pending.colours.map((c) => word(game, c)).join(", "));
  return who ? tr("{what}, for {player}", { what: parts.join(", "), player: who }) : parts.join(", ");
}

// The players' points so far as the state holds them (Chinatown: money), null where the shared view hides them.
const STANDING = { chinatown: (p) => p.money };

export function standings(game, state) {
  const points = STANDING[game] || ((p) => p.points);
  return (state.players || []).map((p) => ({ id: p.id, points: points(p) ?? null }));
}

// The score helper: input rows per game (columns with labels) and how rows become a score body, with
// `where`: the pointer prefix of each row's part of the body, so a problem is shown next to its row.
const num = (v) => (v === "" || v === undefined ? undefined : Number(v));
const csv = (v) => String(v || "").split(",").map((s) => s.trim()).filter(Boolean);

// New York's city rows and Alhambra's: the same, but for the tile's marked edges (streets, walls)
const cityHelper = (edges, intro, label) => ({
  intro,
  columns: [["player", N_("Player")], ["x", "x"], ["y", "y"], ["tile", N_("Tile number or type")], [edges, label]],
  extra: [["scoring", N_("Scoring"), ["final", "A", "B"]]],
  body(rows, extra) {
    const players = new Map();
    const where = [];
    rows.forEach((r, index) => {
      if (!r.player) return;
      if (!players.has(r.player)) players.set(r.player, []);
      const tile = /^\d+$/.test(r.tile) ? Number(r.tile) : { type: r.tile, [edges]: csv(r[edges]) };
      const seat = [...players.keys()].indexOf(r.player);
      where.push([`/state/players/${seat}/city/${players.get(r.player).length}`, index]);
      players.get(r.player).push({ x: num(r.x), y: num(r.y), tile });
    });
    return { body: { state: { players: [...players].map(([id, city]) => ({ id, city })) }, scoring: extra.scoring }, where };
  },
});

export const HELPER = {
  newyork: cityHelper("streets",
    N_("One row per tile in a city: the player, its (x, y), and a catalogue tile number or a building type with its streets (n, e, s, w)."),
    N_("Streets")),
  alhambra: cityHelper("walls",
    N_("One row per tile in an Alhambra: the player, its (x, y), and a catalogue tile number or a building type with its walls (n, e, s, w)."),
    N_("Walls")),
  chinatown: {
    intro: N_("One row per lot: its number, its owner and the shop on it (empty when none)."),
    columns: [["lot", N_("Lot")], ["owner", N_("Owner")], ["shop", N_("Shop")]],
    extra: [],
    body(rows) {
      const board = {};
      const where = [];
      rows.forEach((r, index) => {
        if (!r.lot) return;
        board[r.lot] = { owner: r.owner || null, shop: r.shop ? r.shop.replaceAll(" ", "_") : null };
        where.push([`/state/board/${r.lot}`, index]);
      });
      return { body: { state: { board } }, where };
    },
  },
  skyline3000: {
    intro: N_("One row per building (block, owner, floors, roof); greens, billboards (their owners) and a large development go on any row of the block."),
    columns: [["block", N_("Block")], ["owner", N_("Owner")], ["floors", N_("Floors")], ["roof", N_("Roof")], ["greens", N_("Greens")], ["billboards", N_("Billboards")], ["large", N_("Large")]],
    extra: [],
    body(rows) {
      const blocks = {};
      const where = [];
      rows.forEach((r, index) => {
        if (!r.block) return;
        if (!blocks[r.block]) where.push([`/state/blocks/${r.block}`, index]);
        const b = blocks[r.block] ||= { buildings: [], greens: 0, billboards: [], large: null };
        if (r.owner) {
          where.push([`/state/blocks/${r.block}/buildings/${b.buildings.length}`, index]);
          b.buildings.push({ owner: r.owner, floors: num(r.floors), roof: r.roof || "arched" });
        }
        if (r.greens) b.greens += num(r.greens);
        b.billboards.push(...csv(r.billboards));
        if (r.large) b.large = r.large;
      });
      return { body: { state: { blocks } }, where };
    },
  },
  fifthavenue: {
    intro: N_("One row per plot: the district, the plot's colour, the skyscrapers' owner and count, and its businesses."),
    columns: [["district", N_("District")], ["plot", N_("Plot")], ["owner", N_("Skyscrapers' owner")], ["count", N_("Skyscrapers")], ["businesses", N_("Businesses")]],
    extra: [["scoring", N_("Scoring"), ["final", "district", "building_stop"]], ["declarer", N_("Declarer (building stop)"), null]],
    body(rows, extra) {
      const districts = {};
      let last = null;
      const where = [];
      rows.forEach((r, index) => {
        if (!r.district || !r.plot) return;
        last = r.district;
        const d = districts[r.district] ||= { plots: {} };
        d.plots[r.plot] = { businesses: csv(r.businesses),
          skyscrapers: r.owner ? { owner: r.owner, count: num(r.count) } : null };
        where.push([`/state/districts/${r.district}/plots/${r.plot}`, index]);
      });
      const body = { state: { districts } };
      if (extra.scoring === "final" || !last) body.scoring = "final";
      else body.scoring = `${extra.scoring}:${last}`;
      if (extra.scoring === "building_stop" && extra.declarer) body.declarer = extra.declarer;
      return { body, where };
    },
  },
};

/** One scoring event of a replay as {label, points: {player: n}}: every game's scoring says `awarded`. */
export function scoringLine(event) {
  const label = [words(event.kind), event.scoring && tr("card {card}", { card: event.scoring }),
    event.round && tr("round {round}", { round: event.round }),
    event.year, event.district && words(event.district),
    event.after && tr("after {count} businesses", { count: event.after })].filter(Boolean).join(", ");
  return { label, points: event.awarded || null };
}
