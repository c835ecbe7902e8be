// The setup's options: every option a game declares, offered when a game is started. What options there
// are, their kinds and choices come from the service's contract (/openapi.json: the game's state's
// `options` schema), their defaults from the game's description (`GET /v1/games/{game}`): nothing here
// names an option. The chance (digital or at a real table) has its own choice above; a structured option
// (a board layout, a card list) is offered as JSON text holding its default. Only options set otherwise
// than their default are sent.
import { parseJSON, toJSON } from "./api.js";
import { el } from "./dom.js";
import { tr, word } from "./i18n.js";

const OWN_CHOICE = new Set(["chance"]);
let contract = null;

async function optionSchema(game) {
  contract ||= fetch("../openapi.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);
  const doc = await contract;
  const schemas = doc?.components?.schemas || {};
  const resolve = (s) => (s?.$ref ? schemas[s.$ref.split("/").pop()] : s);
  const state = Object.values(schemas).find((s) => s?.properties?.game?.enum?.length === 1
    && s.properties.game.enum[0] === game && s.properties.options);
  return { options: resolve(state?.properties?.options), resolve };
}

/** The defaults a description declares: a list of {name, default} or an object of name: default. */
function defaultsOf(description) {
  const declared = description?.options;
  if (Array.isArray(declared)) return Object.fromEntries(declared.map((o) => [o.name, o.default]));
  return declared && typeof declared === "object" ? { ...declared } : {};
}

const isPlayerOrNull = (spec) => Array.isArray(spec.oneOf) && spec.oneOf.some((s) => s.type === "null")
  && spec.oneOf.some((s) => (s.$ref || "").endsWith("/PlayerId"));

/**
 * The option controls of ``game`` ({node, read(players) -> options or throws Error(name)}); ``players()``
 * gives the names typed so far (an option that names a player offers them).
 */
export async function optionsPanel(game, description, players) {
  const { options: schema, resolve } = await optionSchema(game);
  const defaults = defaultsOf(description);
  const names = Object.keys(schema?.properties || defaults).filter((n) => !OWN_CHOICE.has(n));
  const simple = [];
  const structured = [];
  const readers = new Map();
  for (const name of names) {
    const spec = resolve(schema?.properties?.[name]) || {};
    const id = `option-${name}`;
    const label = el("label", { for: id, text: word(game, name) });
    const fallback = defaults[name];
    if (spec.type === "boolean" || typeof fallback === "boolean") {
      const box = el("input", { type: "checkbox", id, "data-option": name });
      box.checked = fallback === true;
      simple.push(el("div", { className: "option check" }, box, label));
      readers.set(name, () => box.checked);
    } else if (Array.isArray(spec.enum)) {
      const select = el("select", { id, "data-option": name }, ...spec.enum.map((v) => el("option", { value: v, text: word(game, v) })));
      if (fallback !== undefined) select.value = fallback;
      simple.push(el("div", { className: "option" }, label, select));
      readers.set(name, () => select.value);
    } else if (spec.type === "integer") {
      const input = el("input", { type: "number", id, "data-option": name, step: "1", inputmode: "numeric",
        ...(spec.minimum !== undefined ? { min: String(spec.minimum) } : {}), ...(spec.maximum !== undefined ? { max: String(spec.maximum) } : {}) });
      input.value = fallback === undefined || fallback === null ? "" : String(fallback);
      simple.push(el("div", { className: "option" }, label, input));
      readers.set(name, () => (input.value.trim() === "" ? fallback : Number(input.value)));
    } else if (isPlayerOrNull(spec)) {
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
