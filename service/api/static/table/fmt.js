// Amounts as the page's language writes them: thousands separated, Chinatown's money in dollars. A number
// never breaks across lines (the separators are the language's own, non-breaking where it uses a space).
import { family } from "./api.js";
import { language } from "./i18n.js";

const formats = new Map();
function format(kind) {
  const id = `${language()}:${kind}`;
  if (!formats.has(id)) {
    formats.set(id, kind === "dollars"
      ? new Intl.NumberFormat(language(), { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 })
      : new Intl.NumberFormat(language(), { maximumFractionDigits: 0 }));
  }
  return formats.get(id);
}

/** A number in the page's language (12 000, 12,000, 12.000). */
export const number = (value) => (typeof value === "number" ? format("number").format(value) : String(value));

/** An amount of ``game``'s money: Chinatown's in dollars, other games' as numbers. */
export const money = (game, value) => (typeof value !== "number" ? String(value)
  : family(game) === "chinatown" ? format("dollars").format(value) : number(value));

/** A game's points as the page shows them (Chinatown's points are its money). */
export const points = (game, value) => money(game, value);
