// The setup's options: every option a game declares, offered when a game is started. What options there
// are, their kinds, choices, bounds, defaults and names (in the page's language) come from the game's
// description (`GET /v1/games/{game}`: `setup_options`): nothing here names an option. The chance (digital or
// at a real table) has its own choice above; a structured option (a board layout, a card list) is offered as
// JSON text holding its default. Only options set otherwise than their default are sent.
import { parseJSON, toJSON } from "./api.js";
import { el } from "./dom.js";
import { tr } from "./i18n.js";

const OWN_CHOICE = new Set(["chance"]);

/**
 * The option controls of ``game`` ({node, read(players) -> options or throws Error(name)}); ``players()``
 * gives the names typed so far (an option that names a player offers them).
 */
export async function optionsPanel(game, description, players) {
  const declared = (description?.setup_options || []).filter((o) => !OWN_CHOICE.has(o.name));
  const names = declared.map((o) => o.name);
  const defaults = Object.fromEntries(declared.map((o) => [o.name, o.default]));
  const simple = [];
  const structured = [];
  const readers = new Map();
  for (const spec of declared) {
    const { name } = spec;
    const id = `option-${name}`;
    const label = el("label", { for: id, text: spec.label || name });
    const fallback = spec.default;
    if (spec.kind === "bool") {
      const box = el("input", { type: "checkbox", id, "data-option": name });
      box.checked = fallback === true;
      simple.push(el("div", { className: "option check" }, box, label));
      readers.set(name, () => box.checked);
    } else if (spec.kind === "choice") {
      const choices = spec.choices || [];
      const select = el("select", { id, "data-option": name },
        ...choices.map((c) => el("option", { value: String(c.value), text: c.label })));
      if (fallback !== undefined && fallback !== null) select.value = String(fallback);
      simple.push(el("div", { className: "option" }, label, select));
      readers.set(name, () => {
        const chosen = choices.find((c) => String(c.value) === select.value);
        return chosen === undefined ? fallback : chosen.value;
      });
    } else if (spec.kind === "integer") {
      const input = el("input", { type: "number", id, "data-option": name, step: "1", inputmode: "numeric",
        ...(spec.minimum !== undefined ? { min: String(spec.minimum) } : {}), ...(spec.maximum !== undefined ? { max: String(spec.maximum) } : {}) });
      input.value = fallback === undefined || fallback === null ? "" : String(fallback);
      simple.push(el("div", { className: "option" }, label, input));
      readers.set(name, () => (input.value.trim() === "" ? fallback : Number(input.value)));
    } else if (spec.kind === "player") {
      const select = el("select", { id, "data-option": name });
      const fill = () => {
        const kept = select.value;
        select.replaceChildren(el("option", { value: "", text: tr("nobody (seat order)") }), ...players().map((p) => el("option", { value: p, text: p })));
        select.value = players().includes(kept) ? kept : "";
      };
      fill();
      select.addEventListener("focus", fill);
      simple.push(el("div", { className: "option" }, label, select));
      readers.set(name, () => select.value || null);
    } else {
      const area = el("textarea", { id, "data-option": name, rows: "3", spellcheck: "false" });
      area.value = fallback === undefined ? "" : toJSON(fallback);
      structured.push(el("div", { className: "option" }, label, area));
      readers.set(name, () => {
        const text = area.value.trim();
        if (text === "") return fallback;
        try { return parseJSON(text); } catch { throw new Error(name); }
      });
    }
  }
  const node = el("details", { id: "options-box" }, el("summary", { text: tr("Options: the game's rule readings ({count})", { count: names.length }) }),
    el("p", { className: "hint", text: tr("Each option starts at the game's default; only those changed are sent.") }),
    ...simple,
    ...(structured.length ? [el("details", { className: "options-structured" },
      el("summary", { text: tr("Structured options (JSON, for experts)") }), ...structured)] : []));
  /** The options set otherwise than their default. */
  const read = () => {
    const out = {};
    for (const [name, reader] of readers) {
      const value = reader();
      if (value !== undefined && toJSON(value) !== toJSON(defaults[name])) out[name] = value;
    }
    return out;
  };
  return { node, read, count: names.length };
}
