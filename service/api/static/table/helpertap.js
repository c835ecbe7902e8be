// The score helper by taps: a New York (or Alhambra) city built by tapping a tile's picture (its building,
// price and streets, or walls) and then a cell of the player's city; a Chinatown board by choosing an owner
// and a shop and then tapping lots on the board's picture. Each tap fills a row of the helper's table (the
// rows stay, to read and to correct), so the score and the picture follow as they do for typed rows.
import { describeGame, family } from "./api.js";
import { chooser } from "./chooser.js";
import { el } from "./dom.js";
import { N_, tr, word } from "./i18n.js";
import { initials } from "./pieces.js";
import { newYorkTileLook } from "./reveals.js";

const SPAN = 2;  // the cells shown around the start: x and y from -2 to 2

function names(input) {
  return input.value.split(",").map((s) => s.trim()).filter(Boolean);
}

function toggles(values, current, label, choose, attr) {
  return el("div", { className: "row groups", role: "group", "aria-label": label }, ...values.map(([value, text]) => {
    const b = el("button", { type: "button", className: "group", [attr]: String(value), "aria-pressed": String(value === current()), text });
    b.addEventListener("click", () => choose(value));
    return b;
  }));
}

/**
 * The tap builder of ``game`` (null where the helper's rows are typed only). ``rows()`` reads the rows,
 * ``put(values, same)`` adds a row or replaces the row ``same(row)`` finds. Returns {node, markPicture(svg)}.
 */
export async function tapBuilder(game, rows, put, markTargets) {
  const fam = family(game);
  if (fam !== "newyork" && fam !== "chinatown") return null;
  const description = await describeGame(game);
  const node = el("div", { className: "helper-taps", id: "helper-taps" });
  const playersInput = el("input", { id: "helper-players", autocomplete: "off", value: "anna, ben" });
  let player = "anna";
  const currentPlayer = () => (names(playersInput).includes(player) ? player : names(playersInput)[0]);

  if (fam === "newyork") {
    // a city: the tile's picture first, then a cell of the chosen player's city
    const state = { game, options: {} };
    const pieces = description.tiles.map((t) => ({ value: t.id, look: newYorkTileLook(description, state, t.id) }))
      .sort((a, b) => String(a.look.type).localeCompare(String(b.look.type)) || a.look.cost - b.look.cost);
    const pick = chooser({ parts: [{ title: N_("The tile: tap its picture"), count: 1, pieces, grouped: true }] }, null, () => {}, () => draw());
    const grid = el("div", { className: "city-grid", role: "group", "aria-label": tr("The city's cells") });
    const draw = () => {
      const who = currentPlayer();
      const tile = pick.chosenValues()[0][0];
      const placed = new Map(rows().filter((r) => r.player === who).map((r) => [`${r.x},${r.y}`, r.tile]));
      const cells = [];
      for (let y = -SPAN; y <= SPAN; y += 1) {
        for (let x = -SPAN; x <= SPAN; x += 1) {
          if (x === 0 && y === 0) {  // every city starts from its start tile there
            cells.push(el("button", { type: "button", className: "city-cell start", disabled: "",
              "aria-label": tr("the start tile"), text: word(game, "start") }));
            continue;
          }
          const here = placed.get(`${x},${y}`);
          const look = here ? newYorkTileLook(description, state, Number(here)) : null;
          const text = look && look.kind === "tile" ? `${initials(word(game, look.type))} ${look.cost}` : "";
          const cell = el("button", { type: "button", className: "city-cell", "data-x": String(x), "data-y": String(y),
            "aria-label": tr("cell ({x}, {y}) of {player}", { x, y, player: who }) + (text ? `: ${text}` : ""), text });
          cell.disabled = tile === undefined || !who;
          cell.addEventListener("click", () => {
            put({ player: who, x: String(x), y: String(y), tile: String(tile) }, (r) => r.player === who && r.x === String(x) && r.y === String(y));
            draw();
          });
          cells.push(cell);
        }
      }
      grid.replaceChildren(...cells);
      whoRow.replaceChildren(toggles(names(playersInput).map((n) => [n, n]), currentPlayer, tr("Whose city"), (n) => { player = n; draw(); }, "data-player"));
      hint.textContent = tile === undefined ? tr("Tap a tile's picture, then a cell.") : tr("Now tap a cell of {player}'s city.", { player: who || "" });
    };
    const whoRow = el("div", {});
    const hint = el("p", { className: "hint", "aria-live": "polite" });
    playersInput.addEventListener("input", draw);
    node.append(el("label", { for: "helper-players", text: tr("Players (names, separated by commas)") }), playersInput, whoRow, pick.node, hint, grid);
    draw();
    return { node, markPicture: () => {}, redraw: draw };
  }

  // Chinatown: an owner and a shop, then the lots tapped on the board's picture
  let shop = "";
  const shops = [["", tr("no shop")], ...description.shops.map((s) => [s.type, word("chinatown", s.type)])];
  const choices = el("div", {});
  const hint = el("p", { className: "hint", text: tr("Choose the owner and the shop, then tap lots on the board below.") });
  const draw = () => {
    choices.replaceChildren(el("p", { className: "trade-label", text: tr("Owner") }),
      toggles(names(playersInput).map((n) => [n, n]), currentPlayer, tr("Owner"), (n) => { player = n; draw(); }, "data-player"),
      el("p", { className: "trade-label", text: tr("Shop") }),
      toggles(shops, () => shop, tr("Shop"), (s) => { shop = s; draw(); }, "data-shop"));
  };
  playersInput.addEventListener("input", draw);
  node.append(el("label", { for: "helper-players", text: tr("Players (names, separated by commas)") }), playersInput, choices, hint);
  draw();
  const markPicture = (svg) => {
    if (!svg) return;
    const lots = Object.keys(description.board.lots).map(Number);
    markTargets(svg, game, [], [], () => {}, lots.map((lot) => ({ selector: `#lot-${lot}`, name: tr("lot {lot}", { lot }),
      choose: () => put({ lot: String(lot), owner: currentPlayer() || "", shop }, (r) => r.lot === String(lot)) })));
  };
  return { node, markPicture, redraw: draw };
}
