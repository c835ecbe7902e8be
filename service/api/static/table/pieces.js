// Small pictures of the games' pieces as the table shows them (a money card's colour and value, a tile's
// building, price and streets, a card's type and value), drawn as SVG elements: the reveal choices and the
// player's own hand are tapped on these. Every picture has its words too (the button's label).
import { N_, tr, word } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const svgNode = (tag, attrs = {}, text = null) => {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
};

// The colours of the rendered boards, so a piece looks the same here as on the picture.
const BANK_COLOURS = { blue: "#2f6fb5", green: "#2e8b57", yellow: "#e2b400", red: "#c62828",
  denar: "#2e8b57", dirham: "#e8892a", ducat: "#2f6fb5", florin: "#e2b400" };
const BUILDING_COLOURS = { skyscraper: "#9aa5b1", park: "#7cc576", church: "#d9c3a5", theater: "#d98cb3",
  museum: "#c9a0dc", station: "#f0b060",
  pavilion: "#5b8fd1", seraglio: "#d0574f", arcades: "#a8784a", chambers: "#e8e4da", garden: "#5cad5c", tower: "#8e6bbf" };
const DECK_COLOURS = { roof: "#6d4c41", floor: "#546e7a", contract: "#8e24aa" };
const DISTRICT_COLOURS = { red: "#d9534f", yellow: "#e6b800", blue: "#3b7dd8" };
const FIFTH_COLOURS = { violet: "#8e5ea2", brown: "#8b5a2b", gray: "#9a9a9a", green: "#4f9a4f", orange: "#e8912d",
  black: "#212121" };
const SHOP_COLOURS = ["#e57373", "#64b5f6", "#81c784", "#ffd54f", "#ba68c8", "#4db6ac", "#ff8a65", "#a1887f",
  "#90a4ae", "#f06292", "#aed581", "#7986cb"];

function frame(width = 56, height = 56) {
  return svgNode("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "aria-hidden": "true", focusable: "false",
    class: "piece-picture" });
}

function label(svg, x, y, text, size = 14, fill = "#000", weight = "bold") {
  svg.append(svgNode("text", { x, y, "font-size": size, "text-anchor": "middle", fill, "font-weight": weight }, text));
}

const DRAW = {
  money(look) {
    const svg = frame(44, 56);
    svg.append(svgNode("rect", { x: 2, y: 2, width: 40, height: 52, rx: 5, fill: BANK_COLOURS[look.bank] || "#999", stroke: "#222" }));
    label(svg, 22, 37, String(look.value), 22, look.bank === "yellow" ? "#000" : "#fff");
    return svg;
  },
  scoring(look) {
    const svg = frame(44, 56);
    svg.append(svgNode("rect", { x: 2, y: 2, width: 40, height: 52, rx: 5, fill: "#fff", stroke: "#222", "stroke-width": 2 }));
    label(svg, 22, 37, look.letter, 22);
    return svg;
  },
  tile(look) {
    const svg = frame(56, 56);
    svg.append(svgNode("rect", { x: 4, y: 4, width: 48, height: 48, fill: BUILDING_COLOURS[look.type] || "#ccc", stroke: "#666" }));
    const edges = { n: [4, 4, 52, 4], e: [52, 4, 52, 52], s: [4, 52, 52, 52], w: [4, 4, 4, 52] };
    for (const side of look.streets) {
      const [x1, y1, x2, y2] = edges[side];
      svg.append(svgNode("line", { x1, y1, x2, y2, stroke: "#333", "stroke-width": 6 }));
    }
    label(svg, 28, 34, String(look.cost), 18);
    return svg;
  },
  card(look) {
    const svg = frame(44, 56);
    const fill = look.colour ? FIFTH_COLOURS[look.colour] || "#999" : DECK_COLOURS[look.deck] || "#999";
    svg.append(svgNode("rect", { x: 2, y: 2, width: 40, height: 52, rx: 5, fill, stroke: "#222" }));
    if (look.district) svg.append(svgNode("rect", { x: 2, y: 42, width: 40, height: 12, fill: DISTRICT_COLOURS[look.district] || "#999" }));
    label(svg, 22, 33, String(look.value), 22, "#fff");
    return svg;
  },
  lot(look) {
    const svg = frame(44, 56);
    svg.append(svgNode("rect", { x: 2, y: 2, width: 40, height: 52, rx: 4, fill: "#fff8e1", stroke: "#8d6e63", "stroke-width": 2 }));
    label(svg, 22, 35, String(look.number), 18);
    return svg;
  },
  shop(look) {
    const svg = frame(56, 56);
    svg.append(svgNode("rect", { x: 4, y: 4, width: 48, height: 48, rx: 6, fill: SHOP_COLOURS[look.index % SHOP_COLOURS.length], stroke: "#333" }));
    label(svg, 28, 34, look.initials, 16);
    return svg;
  },
  plot(look) {
    const svg = frame(56, 56);
    svg.append(svgNode("circle", { cx: 28, cy: 28, r: 24, fill: FIFTH_COLOURS[look.colour] || "#eee", stroke: "#222", "stroke-width": 2 }));
    return svg;
  },
  business(look) {
    const svg = frame(56, 56);
    svg.append(svgNode("circle", { cx: 28, cy: 28, r: 24, fill: "#fff", stroke: "#333", "stroke-width": 2 }));
    label(svg, 28, 34, look.initials, 16);
    return svg;
  },
};

/** The picture of a piece's look ({kind, ...}); an unknown kind draws nothing (its words still show). */
export function picture(look) {
  const draw = DRAW[look.kind];
  return draw ? draw(look) : frame(4, 4);
}

const initials = (name) => name.split(/[\s_-]+/).filter(Boolean).map((w) => w[0].toUpperCase()).join("").slice(0, 3);

/** The words a piece is read out by (the choice's label), in the page's language. */
export function words(look) {
  switch (look.kind) {
    case "money": return tr("{colour} money card, value {value}", { colour: word(look.game || "newyork", look.bank), value: look.value });
    case "scoring": return tr("scoring card {letter}", { letter: look.letter });
    case "tile": {
      const building = word(look.game || "newyork", look.type);
      if (look.game === "alhambra") { // Alhambra's tiles carry walls where New York's carry streets
        const walls = look.streets.length ? look.streets.map((s) => tr(STREET_NAMES[s])).join(", ") : tr("no wall");
        return tr("{building}, price {cost}, walls: {walls}", { building, cost: look.cost, walls });
      }
      const streets = look.streets.length ? look.streets.map((s) => tr(STREET_NAMES[s])).join(", ") : tr("no street");
      return tr("{building}, price {cost}, streets: {streets}", { building, cost: look.cost, streets });
    }
    case "card": {
      const type = look.colour ? word("fifthavenue", look.colour) : word("skyline3000", look.deck);
      return look.district ? tr("{type} card {value}, {district} district", { type, value: look.value, district: word("skyline3000", look.district) })
        : tr("{type} card {value}", { type, value: look.value });
    }
    case "lot": return tr("building card {number}", { number: look.number });
    case "shop": return tr("{shop} tile", { shop: look.name });
    case "business": return tr("{business} business", { business: word("fifthavenue", look.name) });
    case "plot": return tr("{plot} plot", { plot: word("fifthavenue", look.colour) });
    default: return String(look.text ?? "");
  }
}

const STREET_NAMES = { n: N_("north"), e: N_("east"), s: N_("south"), w: N_("west") };

export { initials };
