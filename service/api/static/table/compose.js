// A move of several parts composed step by step (a New York tile, then its cell; a Skyline card, then its
// factory buildings, its roof, then the block's platform): the parts chosen so far narrow the listed moves,
// and the picture marks only the targets those moves still have. A part pictured on the board (a factory
// building) is chosen there, by a tap or by Tab and Enter; the others are short buttons beside the moves.
import { family } from "./api.js";
import { N_, tr, word } from "./i18n.js";
import { el } from "./dom.js";
import { describe } from "./games.js";
import { targetOf } from "./board.js";
import { newYorkTileLook, skylineCardLook } from "./reveals.js";
import { words as pieceWords } from "./pieces.js";

// A Skyline factory building on the picture: the players' factories are drawn in seat order, each
// building a `g.factory-building`; building ``index`` of the player in ``seat`` is the n-th of them (the
// picture gives them no data attributes: its title, which names the player, is checked before it is marked).
function factoryTarget(state, player, index) {
  const seat = state.players.findIndex((p) => p.id === player);
  if (seat < 0) return null;
  const before = state.players.slice(0, seat).reduce((n, p) => n + (p.factory || []).length, 0);
  if (index >= (state.players[seat].factory || []).length) return null;  // a new building: not drawn yet
  return { selector: "g.factory-building", index: before + index, titled: player,
    name: tr("factory building {number} of {player}", { number: index + 1, player }) };
}

const building = (i) => tr("factory building {number}", { number: i + 1 });

function tileText(description, state, id) {
  const look = newYorkTileLook(description, state, id);
  return look.kind === "tile" ? pieceWords(look) : tr("tile {tile}", { tile: id });
}

function cardText(state, id) {
  const look = skylineCardLook(state, id);
  return look.kind === "card" ? pieceWords(look) : String(id);
}

// Per game and move type: the parts chosen before the move's board target, each {key, value, text, board?}.
const PARTS = {
  newyork: {
    place: (m, d, s) => [{ key: "tile", value: m.tile, text: tileText(d, s, m.tile) }],
    rebuild_place: (m, d, s) => [{ key: "tile", value: m.tile, text: tileText(d, s, m.tile) }],
    rebuild_swap: (m, d, s) => [{ key: "tile", value: m.tile, text: tileText(d, s, m.tile) }],
  },
  skyline3000: {
    floor: (m, d, s) => [{ key: "card", value: m.card, text: cardText(s, m.card) },
      ...m.buildings.map((b) => ({ key: "building", value: b, text: building(b), board: factoryTarget(s, m.player, b) }))],
    roof: (m, d, s) => [{ key: "card", value: m.card, text: cardText(s, m.card) },
      { key: "building", value: m.building, text: building(m.building), board: factoryTarget(s, m.player, m.building) },
      { key: "roof", value: m.roof, text: word("skyline3000", m.roof) }],
    contract: (m, d, s) => [{ key: "card", value: m.card, text: cardText(s, m.card) },
      { key: "building", value: m.building, text: building(m.building), board: factoryTarget(s, m.player, m.building) }],
  },
};

const HEADINGS = { tile: N_("Choose the tile"), card: N_("Choose the card"), building: N_("Choose the factory building"),
  roof: N_("Choose the roof") };

const key = (value) => JSON.stringify(value);

/** The parts of ``move`` chosen before its target ([] when it has none: it is played on its target at once). */
export function partsOf(game, move, description, state) {
  return PARTS[family(game)]?.[move.type]?.(move, description, state) ?? [];
}

/**
 * The composition of a move from ``moves`` (the listed moves a referee may play here): ``chosen`` holds the
 * parts picked so far. ``step()`` says what is left: {moves (still possible), targets ([{target, moves}] to
 * mark), buttons ([{part, choose}] of the next part), done ([moves] complete without a target)}.
 */
export function composition(game, moves, description, state) {
  const chosen = [];
  const withParts = moves.map((m) => ({ move: m, parts: partsOf(game, m, description, state) }));
  const seats = state.players.map((p) => p.id);

  function consistent() {
    return withParts.filter(({ parts }) => parts.length >= chosen.length
      && chosen.every((c, i) => parts[i].key === c.key && key(parts[i].value) === key(c.value)));
  }

  function step() {
    const left = consistent();
    const next = new Map();  // the next part's choices: key+value -> {part, moves}
    const targets = new Map();  // the moves' own targets, once all their parts are chosen
    const done = [];
    for (const { move, parts } of left) {
      if (parts.length > chosen.length) {
        const part = parts[chosen.length];
        const id = `${part.key}:${key(part.value)}`;
        if (!next.has(id)) next.set(id, { part, moves: [] });
        next.get(id).moves.push(move);
        continue;
      }
      const target = targetOf(game, move, seats);
      if (!target) { if (chosen.length) done.push(move); continue; }
      const id = `${target.selector}#${target.index ?? ""}`;
      if (!targets.has(id)) targets.set(id, { target, moves: [] });
      targets.get(id).moves.push(move);
    }
    const choices = [...next.values()];
    return {
      moves: left.map((x) => x.move), done,
      // the moves to mark on the board by their own targets: every one before a part is chosen (a tile
      // tapped on a cell lists the moves there), then only those whose parts are all chosen
      marked: chosen.length ? [...targets.values()].flatMap((t) => t.moves) : moves,
      parts: choices.filter((c) => c.part.board).map((c) => ({ part: c.part, target: c.part.board, choose: () => chosen.push(c.part) })),
      buttons: choices.map((c) => ({ part: c.part, choose: () => chosen.push(c.part) })),
    };
  }

  return { step, chosen, reset: () => { chosen.length = 0; } };
}

/**
 * The composer's panel: the parts chosen (each can be taken back by starting again), the next part's
 * buttons, and the moves already complete. ``redraw()`` after a choice; ``play(move)`` plays one.
 */
export function composerPanel(comp, redraw, play) {
  const now = comp.step();
  if (!comp.chosen.length && !now.buttons.length) return el("div", {});
  const heading = now.buttons.length ? tr(HEADINGS[now.buttons[0].part.key])
    : now.done.length ? tr("The move is composed: play it") : tr("Now tap its place on the board");
  const said = new Set();
  const buttons = now.buttons.filter((b) => !said.has(b.part.text) && said.add(b.part.text)).map((b) => {
    const button = el("button", { type: "button", className: "move part-choice", text: b.part.text });
    button.addEventListener("click", () => { b.choose(); redraw(); });
    return button;
  });
  const done = now.done.map((m) => {
    const button = el("button", { type: "button", className: "move", text: describe(m) });
    button.addEventListener("click", () => play(m));
    return button;
  });
  const chosen = comp.chosen.length ? [el("p", { className: "composed", text: tr("Chosen so far: {parts}", {
    parts: comp.chosen.map((p) => p.text).join(", ") }) })] : [];
  const again = comp.chosen.length ? [el("button", { type: "button", className: "secondary", id: "compose-again",
    text: tr("Start the move again") })] : [];
  again[0]?.addEventListener("click", () => { comp.reset(); redraw(); });
  return el("div", { className: "composer" },
    el("p", { className: "compose-heading", text: comp.chosen.length ? heading : tr("Or compose a move part by part: {heading}", { heading }) }),
    ...chosen, el("div", { className: "row" }, ...buttons, ...done), ...again);
}
