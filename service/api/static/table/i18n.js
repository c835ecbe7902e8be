// The page's language. Its texts are message ids of the service's gettext catalogs: the index page's
// texts as written (the catalog's HTML extractor reads the same ones), and tr("...") in the modules.
// The service negotiates the language (the `lang` parameter of this page, the reader's choice kept in
// local storage, else the browser's Accept-Language) and sends the page's part of that catalog.

const CHOICE = "city-games-language";
let lang = "en";
let messages = {};
let words = {};

export const language = () => lang;

/** Marks a text for the catalogs where it is written (a table of labels); ``tr`` translates it where shown. */
export const N_ = (text) => text;

/** One of a game's own words (a phase, a building type, a colour) in the page's language, or the id. */
export const word = (game, id) => words[game]?.[id] || String(id).replaceAll("_", " ").replaceAll("-", " ");

// A player's name is the players' own text, in any script: each one is set apart from the sentence around
// it (a first-strong isolate, as <bdi> or dir=auto would), so a right-to-left name neither reorders the
// words and commas beside it nor is reordered by them. The fields that hold names are isolated, a list of
// names (an array) name by name; PlayerId forbids these marks in a name itself.
const NAME_FIELDS = new Set(["player", "players", "winners", "giver", "parties", "who"]);
export const isolate = (name) => `\u2068${name}\u2069`;

/** ``text`` in the page's language, its `{name}` fields filled from ``params`` (a name field isolated; an
 * array of names: each isolated, joined by commas). */
export function tr(text, params = {}) {
  const template = messages[text] || text;
  const fill = (name, value) => (!NAME_FIELDS.has(name) ? String(value)
    : Array.isArray(value) ? value.map((v) => isolate(v)).join(", ") : isolate(value));
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? fill(name, params[name]) : whole));
}

function translateTree(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  for (const node of nodes) {
    if (node.parentElement.closest("[translate=no], script, style")) continue;
    const text = node.nodeValue.replace(/\s+/g, " ").trim();
    if (text && messages[text]) node.nodeValue = node.nodeValue.replace(node.nodeValue.trim(), messages[text]);
  }
  for (const element of root.querySelectorAll("[aria-label], [placeholder], [title]")) {
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(name);
      if (value && messages[value.trim()]) element.setAttribute(name, messages[value.trim()]);
    }
  }
}

export async function loadLanguage() {
  const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem(CHOICE) || "";
  try {
    const response = await fetch(`messages.json${asked ? `?lang=${encodeURIComponent(asked)}` : ""}`);
    if (response.ok) ({ lang, messages, words } = await response.json());
  } catch { /* the page still works in English */ }
  document.documentElement.lang = lang;
  document.title = tr(document.title);
  translateTree(document.body);
  const chooser = document.getElementById("language");
  if (chooser) {
    chooser.value = lang;
    chooser.addEventListener("change", () => {
      localStorage.setItem(CHOICE, chooser.value);
      const url = new URL(location.href);
      url.searchParams.set("lang", chooser.value);
      location.assign(url);
    });
  }
}
