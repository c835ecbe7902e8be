// Choosing pieces by tapping their pictures: a form of parts (see reveals.js), each filled with as many
// pieces as it asks for; grouped parts are two short choices (a colour, then a value). Nothing is chosen
// until the user taps, and the form's button is enabled only when every part is full.
import { el } from "./dom.js";
import { tr, word } from "./i18n.js";
import { picture, words } from "./pieces.js";
import { groupName, lookKey } from "./reveals.js";
import { numberPad } from "./numpad.js";

// A part with ``sequences`` (the dummy's draw, in order) is full when its picks are one of them, and a piece
// is offered only where the picks so far can go on with it towards one.
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
const full = (part, picked) => (part.sequences ? part.sequences.some((q) => same(q, picked.map((p) => p.value)))
  : part.count === null ? picked.length > 0 : picked.length === part.count);
const goesOn = (part, picked, piece) => !part.sequences || part.sequences.some((q) => q.length > picked.length
  && same(q.slice(0, picked.length + 1), [...picked.map((p) => p.value), piece.value]));

function groupLabel(piece) {
  const [game, id] = groupName(piece);
  return game ? word(game, id) : tr(id);
}

/**
 * A chooser element for ``form``; ``submit(chosen)`` is called with each part's picked values when its button
 * is pressed. Returns {node, pick(value) -> bool (a board tap: into the first part that takes it)}.
 */
export function chooser(form, buttonText, submit, onChange = () => {}) {
  // a part's ``initial`` values are chosen already (a correction starts from what the page holds)
  const chosen = form.parts.map((part) => (part.initial || []).map((v) => part.pieces.find((p) => p.value === v)).filter(Boolean));
  const groups = form.parts.map(() => null);
  const typed = form.parts.map(() => ({ text: "" }));  // a number pad's digits so far, per part
  const node = el("div", { className: "chooser" });
  // buttonText null: no button of its own (the chooser is part of a larger form that reads chosenValues)
  const button = buttonText === null ? null : el("button", { type: "button", className: "chooser-submit", text: buttonText });
  button?.addEventListener("click", () => submit(chosen.map((picked) => picked.map((p) => p.value))));

  function add(index, piece) {
    const part = form.parts[index];
    if (part.count === 1) chosen[index] = [piece];
    else if (part.count === null || chosen[index].length < part.count) chosen[index].push(piece);
    draw();
    onChange();
  }

  function pieceButton(index, piece) {
    const part = form.parts[index];
    const taken = part.distinct && chosen[index].some((p) => lookKey(p.look) === lookKey(piece.look));
    const b = el("button", { type: "button", className: "piece", "aria-label": words(piece.look), "data-look": lookKey(piece.look),
      ...(typeof piece.value === "object" ? {} : { "data-value": String(piece.value) }) });
    const times = chosen[index].filter((p) => lookKey(p.look) === lookKey(piece.look)).length;
    const spent = piece.limit !== undefined && times >= piece.limit;
    if (taken || spent || !goesOn(part, chosen[index], piece) || (part.count !== null && part.count > 1 && chosen[index].length >= part.count)) b.disabled = true;
    b.append(picture(piece.look), el("span", { className: "piece-words", text: words(piece.look) }));
    b.addEventListener("click", () => add(index, piece));
    return b;
  }

  function drawPart(part, index) {
    const picked = chosen[index];
    const title = tr(part.title, Object.fromEntries(Object.entries(part.params || {}).map(([k, v]) => [k, word("fifthavenue", v)])));
    const count = part.count === null ? tr("{count} chosen", { count: picked.length })
      : tr("{count} of {total} chosen", { count: picked.length, total: part.count });
    const chips = picked.map((piece, i) => {
      const chip = el("button", { type: "button", className: "chip", "aria-label": tr("Take back: {piece}", { piece: words(piece.look) }) });
      chip.append(...(piece.look.kind === "text" ? [el("span", { text: words(piece.look) })] : [picture(piece.look)]),
        el("span", { text: "×", "aria-hidden": "true" }));
      chip.addEventListener("click", () => { picked.splice(i, 1); draw(); onChange(); });
      return chip;
    });
    const section = el("fieldset", { className: "part", "data-full": String(full(part, picked)) }, el("legend", { text: `${title} (${count})` }),
      el("div", { className: "chosen", "aria-live": "polite" }, ...(chips.length ? chips : [el("span", { className: "hint", text: tr("Nothing chosen yet.") })])));
    let pieces = part.pieces;
    if (part.grouped) {
      const names = [...new Map(part.pieces.map((p) => [groupLabel(p), p])).keys()];
      if (names.length > 1) {
        section.append(el("div", { className: "groups", role: "group", "aria-label": tr("First choose") },
          ...names.map((name) => {
            const g = el("button", { type: "button", className: "group", "aria-pressed": String(groups[index] === name), text: name });
            g.addEventListener("click", () => { groups[index] = name; draw(); });
            return g;
          })));
        pieces = groups[index] === null ? [] : part.pieces.filter((p) => groupLabel(p) === groups[index]);
      }
    }
    if (part.numpad) {
      // many numbered pieces (85 lots): a number pad, not a screen of buttons; the board's taps still work
      const free = (n) => pieces.some((p) => p.value === n) && !picked.some((p) => p.value === n) && !full(part, picked);
      section.append(numberPad(free, (n) => add(index, pieces.find((p) => p.value === n)), typed[index], 2, full(part, picked)));
      return section;
    }
    if (part.boardOnly) {
      // chosen on the board alone (a city's cell): its targets are marked on the picture
      section.append(el("p", { className: "hint board-only", text: full(part, picked) ? tr("Tap another place on the board to change it.")
        : tr("Tap it on the board: the places are marked there.") }));
      return section;
    }
    section.append(el("div", { className: "pieces" }, ...pieces.map((p) => pieceButton(index, p))));
    return section;
  }

  function draw() {
    const focused = document.activeElement?.dataset?.look;
    node.replaceChildren(...form.parts.map(drawPart), ...(button ? [button] : []));
    if (button) button.disabled = !form.parts.every((part, i) => full(part, chosen[i]));
    if (focused) node.querySelector(`[data-look='${CSS.escape(focused)}']`)?.focus();
  }

  function pick(value) {
    const index = form.parts.findIndex((part, i) => part.pieces.some((p) => p.value === value) && (!full(part, chosen[i]) || (part.boardOnly && part.count === 1)));
    if (index < 0) return false;
    add(index, form.parts[index].pieces.find((p) => p.value === value));
    return true;
  }

  // What a board tap may pick (a dealt lot, a district's starting plot): the pieces of parts drawn on the
  // board, while they take more, each as {value, selector, name} (the part's ``board`` says where and how).
  const boardPicks = () => form.parts.flatMap((part, i) => (part.board && (!full(part, chosen[i]) || (part.boardOnly && part.count === 1))
    ? part.pieces.filter((p) => !chosen[i].some((c) => c.value === p.value))
      .map((p) => ({ value: p.value, selector: part.board.selector(p.value), name: part.board.name(p.value) })) : []));
  // Where the pieces already chosen in board parts are on the board: marked as chosen there.
  const boardChosen = () => form.parts.flatMap((part, i) => (part.board ? chosen[i].map((p) => part.board.selector(p.value)) : []));

  draw();
  return { node, pick, boardPicks, boardChosen, chosenValues: () => chosen.map((picked) => picked.map((p) => p.value)) };
}
