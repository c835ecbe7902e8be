// The board picture as a place to play: the legal targets of the listed moves (a New York city cell, a
// Chinatown lot, a Skyline block, a Fifth Avenue plot) are marked on the picture and chosen by a tap, or
// by Tab and Enter; and the picture is shown at a size whose smallest text is readable (12 CSS px),
// panned inside its frame, or fitted to the frame's width on request.
import { family } from "./api.js";
import { tr, word } from "./i18n.js";

const READABLE_PX = 12;

// Per game family: the picture element a move is played on, as a CSS selector, and the target's name.
const TARGETS = {
  newyork: (m, seat) => (m.x === undefined || seat < 0 ? null
    : { selector: `g.player[data-seat="${seat}"] [data-x="${m.x}"][data-y="${m.y}"]`, name: tr("cell ({x}, {y}) of {player}", { x: m.x, y: m.y, player: m.player }) }),
  chinatown: (m) => (m.lot === undefined ? null : { selector: `#lot-${Number(m.lot)}`, name: tr("lot {lot}", { lot: m.lot }) }),
  skyline3000: (m) => (m.block === undefined ? null
    : { selector: `[data-block="${CSS.escape(m.block)}"]`, name: tr("block {block}", { block: m.block }) }),
  fifthavenue: (m) => (m.district === undefined || m.plot === undefined ? null
    : { selector: `[data-district="${CSS.escape(m.district)}"][data-plot="${CSS.escape(m.plot)}"]`,
      name: tr("the {plot} plot of {district}", { plot: word("fifthavenue", m.plot), district: m.district }) }),
};

/** The board target of a move, or null: {selector, name}. */
export function targetOf(game, move, seats) {
  const seat = seats.indexOf(move.player);
  return TARGETS[family(game)]?.(move, seat) ?? null;
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
 * target. Extra ``picks`` ([{selector, name, choose}]) mark targets that fill a reveal (a dealt lot).
 * Returns how many targets were marked.
 */
export function markTargets(svg, game, moves, seats, onChoose, picks = []) {
  if (!svg) return 0;
  const byTarget = new Map();
  for (const move of moves) {
    const target = targetOf(game, move, seats);
    if (!target) continue;
    if (!byTarget.has(target.selector)) byTarget.set(target.selector, { name: target.name, moves: [] });
    byTarget.get(target.selector).moves.push(move);
  }
  let marked = 0;
  for (const [selector, { name, moves: here }] of byTarget) {
    const node = svg.querySelector(selector);
    if (!node) continue;
    mark(node, name, () => onChoose(name, here));
    marked += 1;
  }
  for (const { selector, name, choose } of picks) {
    const node = svg.querySelector(selector);
    if (node) { mark(node, name, choose); marked += 1; }
  }
  return marked;
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
