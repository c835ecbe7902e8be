// The board picture as a place to play: the legal targets of the listed moves (a New York city cell, a
// Chinatown lot, a Skyline block, a Fifth Avenue plot) are marked on the picture and chosen by a tap, or
// by Tab and Enter; and the picture is shown at a size whose smallest text is readable (12 CSS px),
// panned inside its frame, or fitted to the frame's width on request.
import { family } from "./api.js";
import { N_, tr, word } from "./i18n.js";

const READABLE_PX = 12;
// A target drawn smaller than this (in the picture's units) gets a larger transparent hit area over it:
// at the readable size (at least 4/3 of the units on Skyline's board) a tap target of 44 CSS px or more.
const SMALLEST_HIT = 36;

// Skyline 3000: a move placed on a platform targets the platform it goes on (the first of the block's
// empty small platforms: they are all alike), a development the block's large platform; a block whose
// picture lacks that platform is the target itself.
const PLATFORMS = {
  empty: { selector: '[data-platform="small"]', name: N_("an empty platform of block {block}") },
  billboard: { selector: ".billboard", name: N_("a billboard's platform on block {block}") },
  green: { selector: ".green", name: N_("a greenspace's platform on block {block}") },
  large: { selector: ".large", name: N_("the large platform of block {block}") },
};

// Per game family: the picture element a move is played on, as a CSS selector, and the target's name.
const TARGETS = {
  newyork: (m, seat) => (m.x === undefined || seat < 0 ? null
    : { selector: `g.player[data-seat="${seat}"] [data-x="${m.x}"][data-y="${m.y}"]`, name: tr("cell ({x}, {y}) of {player}", { x: m.x, y: m.y, player: m.player }) }),
  chinatown: (m) => (m.lot === undefined ? null : { selector: `#lot-${Number(m.lot)}`, name: tr("lot {lot}", { lot: m.lot }) }),
  skyline3000: (m) => {
    if (m.block === undefined) return null;
    const block = `[data-block="${CSS.escape(m.block)}"]`;
    const platform = PLATFORMS[m.type === "develop" ? "large" : m.target || "empty"];
    return platform ? { selector: `${block} ${platform.selector}`, fallback: block, name: tr(platform.name, { block: m.block }) }
      : { selector: block, name: tr("block {block}", { block: m.block }) };
  },
  fifthavenue: (m) => (m.district === undefined || m.plot === undefined ? null
    : { selector: `[data-district="${CSS.escape(m.district)}"][data-plot="${CSS.escape(m.plot)}"]`,
      name: tr("the {plot} plot of {district}", { plot: word("fifthavenue", m.plot), district: m.district }) }),
};

/** The board target of a move, or null: {selector, name}. */
export function targetOf(game, move, seats) {
  const seat = seats.indexOf(move.player);
  return TARGETS[family(game)]?.(move, seat) ?? null;
}

// The element a tap lands on: ``node`` itself, or a transparent rectangle over it where it is small.
function hitArea(node) {
  const box = typeof node.getBBox === "function" ? node.getBBox() : null;
  // (a picture not laid out, on a hidden screen, has no boxes: its nodes are marked as they are)
  if (!box || (box.width === 0 && box.height === 0) || (box.width >= SMALLEST_HIT && box.height >= SMALLEST_HIT)) return node;
  const ns = node.namespaceURI;
  const hit = document.createElementNS(ns, "rect");
  const width = Math.max(box.width, SMALLEST_HIT);
  const height = Math.max(box.height, SMALLEST_HIT);
  for (const [k, v] of Object.entries({ x: box.x + box.width / 2 - width / 2, y: box.y + box.height / 2 - height / 2,
    width, height, fill: "transparent", class: "hit" })) hit.setAttribute(k, String(v));
  for (const attr of node.attributes) if (attr.name.startsWith("data-")) hit.setAttribute(attr.name, attr.value);
  node.after(hit);
  return hit;
}

function mark(node, name, choose) {
  node.classList.add("target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", name);
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); }
  });
}

/**
 * Marks on ``svg`` every target of ``moves``; ``onChoose(name, moves)`` gets the moves played on a tapped
 * target. Extra ``picks`` ([{selector, index?, name, choose}]) mark targets that fill a reveal (a dealt lot) or
 * choose a part of a move being composed (a factory building).
 * Returns how many targets were marked.
 */
export function markTargets(svg, game, moves, seats, onChoose, picks = []) {
  if (!svg) return 0;
  const byTarget = new Map();
  for (const move of moves) {
    const target = targetOf(game, move, seats);
    if (!target) continue;
    const id = `${target.selector}#${target.index ?? ""}`;
    if (!byTarget.has(id)) byTarget.set(id, { target, moves: [] });
    byTarget.get(id).moves.push(move);
  }
  let marked = 0;
  for (const { target, moves: here } of byTarget.values()) {
    const node = found(svg, target);
    if (!node) continue;
    mark(hitArea(node), target.name, () => onChoose(target.name, here));
    marked += 1;
  }
  for (const pick of picks) {
    const node = found(svg, pick);
    if (node) { mark(hitArea(node), pick.name, pick.choose); marked += 1; }
  }
  return marked;
}

/**
 * The picture's element of a target {selector, index?, titled?, fallback?}: the index-th match where it has
 * one, and only if its title names ``titled`` (an element found by its order alone).
 */
function found(svg, { selector, index, titled, fallback }) {
  let node = index === undefined ? svg.querySelector(selector) : svg.querySelectorAll(selector)[index];
  if (node && titled !== undefined && !node.querySelector("title")?.textContent.includes(titled)) node = null;
  return node || (fallback ? svg.querySelector(fallback) : null);
}

/** The smallest font size written in the picture, in its own units. */
function smallestFont(svg) {
  let smallest = Infinity;
  for (const node of svg.querySelectorAll("text, tspan")) {
    const size = parseFloat(node.getAttribute("font-size") || node.closest("[font-size]")?.getAttribute("font-size") || "16");
    if (size > 0 && node.textContent.trim()) smallest = Math.min(smallest, size);
  }
  return smallest === Infinity ? 16 : smallest;
}

/** Sizes the picture: readable (its smallest text at 12 CSS px, panned in its frame) or fitted to the frame. */
export function sizePicture(svg, readable) {
  if (!svg) return;
  const box = svg.viewBox?.baseVal;
  const width = box && box.width ? box.width : parseFloat(svg.getAttribute("width")) || 800;
  const height = box && box.height ? box.height : parseFloat(svg.getAttribute("height")) || 600;
  if (readable) {
    const scale = Math.max(1, READABLE_PX / smallestFont(svg));
    svg.setAttribute("width", String(Math.ceil(width * scale)));
    svg.setAttribute("height", String(Math.ceil(height * scale)));
    svg.classList.add("readable");
  } else {
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    svg.classList.remove("readable");
  }
}
