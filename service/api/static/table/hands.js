// What a player holds, at a real table: on his own view the page says whether his hand (Skyline's and Fifth
// Avenue's cards) or his money (New York's, Alhambra's, Chinatown's) is entered, shows it as pictures, and
// opens the form that enters it (correct.js: checked by the service before it is taken). Once his hand is
// entered, his plays are checked against it: a card he does not hold is refused; his draws add to it.
import { family } from "./api.js";
import { el } from "./dom.js";
import { tr } from "./i18n.js";
import { money } from "./fmt.js";
import { picture, words } from "./pieces.js";
import { skylineCardLook } from "./reveals.js";

const fifthLook = (id) => { const [colour, value] = String(id).split("-"); return { kind: "card", colour, value: Number(value) }; };

// per family: the kind of correction that enters the holding, and how the holding looks
const HOLDINGS = {
  skyline3000: { kind: "hand", held: (p) => p.hand, size: (p) => p.hand_size, look: (state, id) => skylineCardLook(state, id) },
  fifthavenue: { kind: "hand", held: (p) => p.hand, size: (p) => p.hand_size, look: (state, id) => fifthLook(id) },
  newyork: { kind: "money", held: (p) => p.money, size: (p) => p.money_count ?? (p.money || []).length,
    look: (state, card) => ({ kind: "money", game: state.game, bank: card.bank, value: card.value }) },
  chinatown: { kind: "money", amount: (p) => p.money },
};

/** The panel of ``viewer``'s holding on his own view; ``enter(kind)`` opens the form that enters it. */
export function handPanel(game, state, viewer, enter) {
  const spec = HOLDINGS[family(game)];
  const player = state.players.find((p) => p.id === viewer);
  if (!spec || !player) return [];
  const button = (text) => {
    const b = el("button", { type: "button", id: "enter-hand", text });
    b.addEventListener("click", () => enter(spec.kind));
    return b;
  };
  if (spec.amount) {
    const held = spec.amount(player);
    return [el("p", { id: "hand-text", text: held === null || held === undefined ? tr("Your money is not entered yet.")
      : tr("Your money: {money}.", { money: money(game, held) }) }), button(tr("Enter my money"))];
  }
  const held = spec.held(player);
  if (held === null || held === undefined) {
    // money is the game's money (New York's and Alhambra's money cards), never a "hand"
    const text = spec.kind === "money"
      ? tr("Your money is not entered yet ({count} money cards): enter it, and your payments are checked against it.", { count: spec.size(player) })
      : tr("Your hand is not entered yet ({count} cards): enter it, and your plays are checked against it.", { count: spec.size(player) });
    return [el("p", { id: "hand-text", className: "hand-unknown", text }), button(spec.kind === "money" ? tr("Enter my money") : tr("Enter my hand"))];
  }
  const looks = held.map((id) => spec.look(state, id));
  return [el("p", { id: "hand-text", text: spec.kind === "money" ? tr("Your money cards ({count}):", { count: held.length })
    : tr("Your hand ({count} cards):", { count: held.length }) }),
  el("div", { className: "hand-pieces", role: "list" }, ...looks.map((look) => {
    const item = el("span", { className: "hand-piece", role: "listitem", "aria-label": words(look) });
    item.append(picture(look));
    return item;
  })), button(spec.kind === "money" ? tr("Correct my money") : tr("Correct my hand"))];
}
