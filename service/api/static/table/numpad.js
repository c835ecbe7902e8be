// A number pad: a number entered by tapping its digits (a Chinatown building card's lot, 1 to 85), then
// added by one more tap; a phone's keyboard never opens and the pad stays a few rows tall.
import { el } from "./dom.js";
import { tr } from "./i18n.js";

/**
 * A pad for numbers ``accepts(n)`` takes; ``enter(n)`` when one is added. ``held`` ({text}) keeps the digits
 * typed so far across redraws of the form around the pad; ``done``: nothing more is taken (every key off).
 */
export function numberPad(accepts, enter, held = { text: "" }, max = 2, done = false) {
  const shown = el("output", { className: "numpad-shown", "aria-live": "polite" });
  const note = el("span", { className: "hint numpad-note" });
  const add = el("button", { type: "button", className: "numpad-add", text: tr("Add") });
  const keys = [];
  const update = () => {
    const n = Number(held.text);
    shown.textContent = held.text || "—";
    const ok = held.text !== "" && accepts(n);
    add.disabled = !ok;
    note.textContent = held.text !== "" && !ok && held.text.length >= max ? tr("{number} cannot be chosen here.", { number: held.text }) : "";
    for (const k of keys) k.disabled = done || held.text.length >= max || (held.text === "" && k.dataset.digit === "0");
  };
  const key = (digit) => {
    const b = el("button", { type: "button", className: "numpad-key", "data-digit": digit, text: digit });
    b.addEventListener("click", () => { held.text += digit; update(); });
    keys.push(b);
    return b;
  };
  const back = el("button", { type: "button", className: "numpad-key secondary", "aria-label": tr("Delete a digit"), text: "⌫" });
  back.addEventListener("click", () => { held.text = held.text.slice(0, -1); update(); });
  add.addEventListener("click", () => { const n = Number(held.text); held.text = ""; update(); enter(n); });
  const grid = el("div", { className: "numpad-grid" }, ..."123456789".split("").map(key), back, key("0"), add);
  update();
  return el("div", { className: "numpad", role: "group", "aria-label": tr("Number pad") },
    el("div", { className: "row" }, el("span", { text: tr("Number:") }), shown, note), grid);
}
