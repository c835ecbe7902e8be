// What a pending reveal asks for, per game, as the pieces look: a form of parts (each a number of pieces to
// pick from pictures) and how the picked pieces become the reveal move. Where the service lists the possible
// reveals, only those pieces are offered; where it cannot (a Chinatown deal: millions), every piece still
// possible is, and the service checks the move.
import { family } from "./api.js";
import { N_, tr, word } from "./i18n.js";
import { initials } from "./pieces.js";

const BANK_ORDER = ["blue", "green", "yellow", "red"];
const ALHAMBRA = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"];

/** {kind, ...} -> a stable key: two pieces with one key look the same at the table. */
export const lookKey = (look) => JSON.stringify(look);

function unique(pieces) {
  const seen = new Map();
  for (const piece of pieces) if (!seen.has(lookKey(piece.look))) seen.set(lookKey(piece.look), piece);
  return [...seen.values()];
}

// New York (and its re-skin Alhambra): a catalogue tile's building depends on the game's tiers (New York's
// option type_tiers); the look names the game, whose words read it.
export function newYorkTileLook(description, state, id) {
  const tile = description.tiles.find((t) => t.id === id);
  if (!tile) return { kind: "text", text: String(id) };
  const tiers = { ...description.tiers, ...(state.options?.type_tiers || {}) };
  const tier = ALHAMBRA.indexOf(tile.alhambra_type) + 1;
  const type = Object.keys(tiers).find((k) => tiers[k] === tier) || tile.alhambra_type;
  return { kind: "tile", game: state.game, type, cost: tile.cost, streets: tile.walls || tile.streets }; // Alhambra: walls
}

export function skylineCardLook(state, id) {
  const [deck, number] = String(id).split("-");
  const cards = state.options?.cards || {};
  const entry = (cards[deck] || [])[Number(number) - 1];
  if (entry === undefined) return { kind: "text", text: String(id) };
  return typeof entry === "object" ? { kind: "card", deck, value: entry.value, district: entry.district }
    : { kind: "card", deck, value: entry };
}

const FORMS = {
  newyork(pending, listed, description, state) {
    if (pending.kind === "money_card" || pending.kind === "starting_money") {
      const pieces = unique(listed.filter((m) => m.card !== undefined).map((m) => ({ value: m.card,
        look: typeof m.card === "string" ? { kind: "scoring", letter: m.card }
          : { kind: "money", game: state.game, bank: m.card.bank, value: m.card.value } })));
      const banks = description.banks || BANK_ORDER;
      pieces.sort((a, b) => groupOf(a, banks).localeCompare(groupOf(b, banks)) || (a.look.value ?? 0) - (b.look.value ?? 0));
      return { parts: [{ title: N_("The money card drawn"), count: 1, pieces, grouped: true }],
        build: ([[card]]) => ({ card }) };
    }
    const pieces = unique(listed.filter((m) => m.tile !== undefined)
      .map((m) => ({ value: m.tile, look: newYorkTileLook(description, state, m.tile) })));
    pieces.sort((a, b) => String(a.look.type).localeCompare(String(b.look.type)) || a.look.cost - b.look.cost);
    return { parts: [{ title: N_("The tile drawn"), count: 1, pieces, grouped: true }], build: ([[tile]]) => ({ tile }) };
  },
  skyline3000(pending, listed, description, state) {
    const pieces = unique(listed.filter((m) => m.card !== undefined).map((m) => ({ value: m.card, look: skylineCardLook(state, m.card) })));
    pieces.sort((a, b) => String(a.look.district || "").localeCompare(String(b.look.district || "")) || a.look.value - b.look.value);
    return { parts: [{ title: N_("The card drawn"), count: 1, pieces, grouped: pieces.length > 12 }], build: ([[card]]) => ({ card }) };
  },
  chinatown(pending, listed, description, state) {
    if (pending.kind === "deal") {
      const held = new Set(state.players.flatMap((p) => p.hand || []));
      const lots = Object.keys(description.board.lots).map(Number)
        .filter((n) => !(String(n) in (state.board || {})) && !held.has(n));
      return { parts: [{ title: N_("The building cards dealt"), count: pending.count, distinct: true, numpad: true,
        pieces: lots.map((n) => ({ value: n, look: { kind: "lot", number: n } })),
        board: { selector: (n) => `#lot-${Number(n)}`, name: (n) => tr("building card {number}", { number: n }) } }],
      build: ([lots]) => ({ lots }) };
    }
    // A tile still in the bag: the box's tiles of its shop less those on the board and in front of players.
    const used = {};
    for (const lot of Object.values(state.board || {})) if (lot?.shop) used[lot.shop] = (used[lot.shop] || 0) + 1;
    for (const p of state.players) for (const [shop, n] of Object.entries(p.tiles || {})) used[shop] = (used[shop] || 0) + n;
    const pieces = description.shops.map((s, index) => ({ value: s.type, limit: s.tiles - (used[s.type] || 0),
      look: { kind: "shop", name: s.name, index, initials: initials(s.name) } })).filter((p) => p.limit > 0);
    return { parts: [{ title: N_("The shop tiles drawn"), count: pending.count, pieces }], build: ([tiles]) => ({ tiles }) };
  },
  fifthavenue(pending, listed, description, state) {
    const catalogue = description.catalogues;
    const values = Object.keys(catalogue.cards.coloured_per_colour).map(Number);
    const blacks = Object.keys(catalogue.cards.black).map(Number);
    const card = (colour) => (value) => ({ value, look: { kind: "card", colour, value } });
    const business = (b) => ({ value: b, look: { kind: "business", name: b, initials: initials(b) } });
    const businesses = Object.keys(catalogue.businesses).map(business);
    switch (pending.kind) {
      case "start_business": {
        // a district's starting business and the plot it goes on: the plot tapped on the board or below
        const district = pending.district;
        const name = catalogue.districts.find((d) => d.id === district)?.name || word("fifthavenue", district);
        const plots = [...new Set(listed.filter((m) => m.plot !== undefined).map((m) => m.plot))];
        const named = [...new Set(listed.filter((m) => m.business !== undefined).map((m) => m.business))];
        return { parts: [
          { title: N_("The plot of {district} the starting business goes on"), params: { district: name }, count: 1,
            pieces: plots.map((plot) => ({ value: plot, look: { kind: "plot", colour: plot } })),
            board: { selector: (plot) => `[data-district="${CSS.escape(district)}"][data-plot="${CSS.escape(plot)}"]`,
              name: (plot) => tr("the {plot} plot of {district}", { plot: word("fifthavenue", plot), district: name }) } },
          { title: N_("The starting business of {district}"), params: { district: name }, count: 1,
            pieces: (named.length ? named : Object.keys(catalogue.businesses)).map(business) }],
        build: ([[plot], [chosen]]) => ({ district, plot, business: chosen }) };
      }
      case "stack_top": {
        // each colour's possible tops, as the listed reveals (every combination, one page) hold them
        const colours = pending.colours || [];
        const possible = (c) => {
          const seen = [...new Set(listed.filter((m) => m.tops?.[c] !== undefined).map((m) => m.tops[c]))].sort((a, b) => a - b);
          return seen.length ? seen : values;
        };
        return { parts: colours.map((c) => ({ title: N_("The new top card of the {colour} stack"), params: { colour: c },
          colour: c, count: 1, pieces: possible(c).map(card(c)) })),
        build: (chosen) => ({ tops: Object.fromEntries(colours.map((c, i) => [c, chosen[i][0]])) }) };
      }
      case "black_cards": {
        // the draws owed, in order: [{player, count}] on the wire ([player, count] pairs or a map also read)
        const draws = (Array.isArray(pending.draws) ? pending.draws : Object.entries(pending.draws || {}))
          .map((d) => (Array.isArray(d) ? d : [d.player, d.count]));
        // the first player's draws are listed: no more of a value than the deck may still hold
        const first = listed.filter((m) => m.drawn).map((m) => Object.values(m.drawn)[0] || []);
        return { parts: draws.map(([who, n], i) => ({ title: N_("The black cards {player} draws"), params: { player: who },
          count: n, pieces: blacks.map((v) => ({ ...card("black")(v), ...(i === 0 && first.length ? { limit: most(first, v) } : {}) }))
            .filter((p) => p.limit !== 0), owner: who })),
        build: (chosen) => ({ drawn: Object.fromEntries(draws.map(([who], i) => [who, chosen[i]])) }) };
      }
      case "dummy_bid": {
        // drawn until a value repeats: a card is offered only where the draw so far can go on that way
        const bids = listed.filter((m) => Array.isArray(m.bid)).map((m) => m.bid);
        return { parts: [{ title: N_("The dummy's black cards, in the order drawn"), count: null, pieces: blacks.map(card("black")),
          ...(bids.length ? { sequences: bids } : {}) }],
        build: ([bid]) => ({ bid }) };
      }
      default: {
        // a supply row's set, Central Park's tiles: only the businesses still possible, as many as possible
        const sets = listed.filter((m) => Array.isArray(m.tiles)).map((m) => m.tiles);
        const pieces = sets.length ? [...new Set(sets.flat())].sort().map((b) => ({ ...business(b), limit: most(sets, b) }))
          : businesses;
        const title = pending.kind === "central_park_tiles" ? N_("The tiles drawn for Central Park") : N_("The businesses revealed");
        return { parts: [{ title, count: pending.count, pieces }], build: ([tiles]) => ({ tiles }) };
      }
    }
  },
};

/** The most times ``value`` is in one of ``lists``. */
const most = (lists, value) => Math.max(0, ...lists.map((list) => list.filter((v) => v === value).length));

function groupOf(piece, banks = BANK_ORDER) {
  const look = piece.look;
  if (look.kind === "money") return String(banks.indexOf(look.bank));
  if (look.kind === "scoring") return "9";
  if (look.kind === "tile") return look.type;
  if (look.kind === "card") return look.district || look.deck || look.colour || "";
  return "";
}

/** The group a piece is chosen in first (a money card's colour, a tile's building, a contract's district). */
export function groupName(piece) {
  const look = piece.look;
  if (look.kind === "money") return [look.game || "newyork", look.bank];
  if (look.kind === "scoring") return [null, N_("scoring card")];
  if (look.kind === "tile") return [look.game || "newyork", look.type];
  if (look.kind === "card") return look.colour ? ["fifthavenue", look.colour] : ["skyline3000", look.district || look.deck];
  return [null, ""];
}

/**
 * The form of a pending reveal: {player, parts, build(chosen) -> move}; null when the page has no form
 * for it (then the listed reveals stay as buttons).
 */
export function revealForm(game, state, pending, listed, description, awaited) {
  const form = FORMS[family(game)]?.(pending, listed, description, state);
  if (!form || form.parts.some((p) => p.pieces.length === 0)) return null;
  const player = listed[0]?.player ?? pending.player ?? awaited[0];
  return { ...form, player, move: (chosen) => ({ type: "reveal", player, ...form.build(chosen) }) };
}

/** Whether a pending reveal shows what a player privately holds: then only that player enters it. */
export function privateReveal(game, pending) {
  return (game === "chinatown" && pending.kind === "deal") || (game === "skyline3000" && pending.kind === "draw")
    || (family(game) === "newyork" && pending.kind === "starting_money")
    || (game === "fifthavenue" && pending.kind === "black_cards");
}
