import { language, tr } from "./i18n.js";

// Talking to the service. Seeds can exceed 2^53, so JSON is parsed keeping big integers as their exact
// source text (JSON.rawJSON) and written back unchanged: a state round-trips byte for byte.

export function parseJSON(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value === "number" && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source)) {
      return JSON.rawJSON(context.source);
    }
    return value;
  });
}

export const toJSON = (value) => JSON.stringify(value);

/** A problem answer (RFC 9457) or a network failure, shown to people as title + detail. */
export class Problem extends Error {
  constructor(title, detail, errors = []) {
    super(title);
    this.title = title;
    this.detail = detail;
    this.errors = errors;
  }
}

export async function call(game, operation, body) {
  let response;
  try {
    response = await fetch(`../v1/games/${game}/${operation}?lang=${language()}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: toJSON(body),
    });
  } catch (error) {
    throw new Problem(tr("The service did not answer"), tr("Check the connection and try again."));
  }
  const type = response.headers.get("Content-Type") || "";
  const text = await response.text();
  if (!response.ok) {
    let problem = {};
    try { problem = JSON.parse(text); } catch { /* not JSON: fall back to the status line */ }
    throw new Problem(problem.title || tr("Error {status}", { status: response.status }), problem.detail || response.statusText,
      Array.isArray(problem.errors) ? problem.errors : []);
  }
  return type.includes("svg") ? text : parseJSON(text);
}

// Each game's family: the game whose rules it plays (a re-skin, Alhambra, plays New York's under its own
// words), as the games list tells it. The page's per-game behaviour is keyed by the family.
const families = new Map();
export const family = (game) => families.get(game) || game;

export async function catalogue() {
  const response = await fetch(`../v1/games?lang=${language()}`);
  if (!response.ok) throw new Problem(tr("The games could not be listed"), response.statusText);
  const games = (await response.json()).games;
  for (const g of games) families.set(g.id, g.family || g.id);
  return games;
}

/** One game's description (its catalogues and options), asked once per page load. */
const described = new Map();
export function describeGame(game) {
  if (!described.has(game)) {
    described.set(game, fetch(`../v1/games/${game}?lang=${language()}`).then((response) => {
      if (!response.ok) throw new Problem(tr("The games could not be listed"), response.statusText);
      return response.json();
    }));
  }
  return described.get(game);
}

/** Turn an SVG answer into a detached element (parsed as XML: no scripts run, nothing inline executes). */
export function svgElement(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg") return null;
  for (const bad of root.querySelectorAll("script, foreignObject")) bad.remove();
  for (const node of root.querySelectorAll("*")) {
    for (const attr of [...node.attributes]) {
      if (attr.name.startsWith("on") || attr.name === "style") node.removeAttribute(attr.name);
    }
  }
  return document.importNode(root, true);
}
