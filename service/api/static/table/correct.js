// When the table and the page disagree: a form for the one part that differs (a player's money, a lot's
// owner, a pile's top card, a player's points), filled with choices and numbers, never JSON. The page
// checks the corrected state with the service's `validate` before taking it; the history records it as a
// correction, which Undo takes back like a move. What a player privately holds (his money) is corrected on
// his own view only.
import { call, family } from "./api.js";
import { chooser } from "./chooser.js";
import { el } from "./dom.js";
import { N_, tr, word } from "./i18n.js";
import { skylineCardLook } from "./reveals.js";

const copy = (value) => JSON.parse(JSON.stringify(value));
const seatOf = (state, id) => state.players.findIndex((p) => p.id === id);

function select(label, options, id) {
  const control = el("select", { id }, ...options.map(([value, text]) => el("option", { value: String(value), text })));
  return [el("label", { for: id, text: label }), control];
}

function number(label, value, id) {
  const control = el("input", { id, type: "number", step: "1", min: "0", value: String(value ?? 0) });
  return [el("label", { for: id, text: label }), control];
}

const BANKS = ["blue", "green", "yellow", "red"];

// Each kind: {label, own (only on that player's own view), fields(state, viewer) -> nodes, apply(state, form, viewer) -> state}
const KINDS = {
  newyork: {
    money: { label: N_("A player's money"), own: true,
      fields(state) {
        const banks = state.market ? Object.keys(state.market) : BANKS;  // the market's slots are the banks, in order
        const pieces = banks.flatMap((bank) => Array.from({ length: 9 }, (_, i) => ({ value: { bank, value: i + 1 }, limit: 3,
          look: { kind: "money", game: state.game, bank, value: i + 1 } })));
        const pick = chooser({ parts: [{ title: N_("The money cards in his hand"), count: null, pieces, grouped: true }] }, null);
        return { nodes: [pick.node], read: () => pick.chosenValues()[0] };
      },
      apply(state, read, viewer) {
        const next = copy(state);
        next.players[seatOf(state, viewer)].money = read();
        return next;
      },
      describe: (read, viewer) => tr("{player}'s money", { player: viewer }) },
    points: pointsKind(),
  },
  chinatown: {
    owner: { label: N_("A lot's owner"),
      fields(state) {
        const lots = Array.from({ length: 85 }, (_, i) => [i + 1, tr("lot {lot}", { lot: i + 1 })]);
        const owners = [["", tr("nobody")], ...state.players.map((p) => [p.id, p.id])];
        const nodes = [...select(tr("Lot"), lots, "correct-lot"), ...select(tr("Owner"), owners, "correct-owner")];
        return { nodes, read: () => ({ lot: nodes[1].value, owner: nodes[3].value || null }) };
      },
      apply(state, read) {
        const { lot, owner } = read();
        const next = copy(state);
        const was = next.board[lot];
        if (owner === null && !was?.shop) delete next.board[lot];
        else next.board[lot] = { ...(was || { shop: null }), owner };
        return next;
      },
      describe: (read) => tr("the owner of lot {lot}", { lot: read().lot }) },
    money: { label: N_("A player's money"), own: true,
      fields(state, viewer) {
        const nodes = number(tr("Money"), state.players[seatOf(state, viewer)]?.money, "correct-money");
        return { nodes, read: () => Number(nodes[1].value) };
      },
      apply(state, read, viewer) {
        const next = copy(state);
        next.players[seatOf(state, viewer)].money = read();
        return next;
      },
      describe: (read, viewer) => tr("{player}'s money", { player: viewer }) },
  },
  skyline3000: {
    top: { label: N_("A pile's top card"),
      fields(state) {
        const piles = Object.keys(state.piles);
        const pieces = piles.flatMap((pile) => (state.options.cards[pile] || []).map((_, i) => `${pile}-${i + 1}`))
          .map((id) => ({ value: id, look: skylineCardLook(state, id) }));
        const pick = chooser({ parts: [{ title: N_("The face-up top card"), count: 1, pieces, grouped: true }] }, null);
        return { nodes: [pick.node], read: () => pick.chosenValues()[0][0] };
      },
      apply(state, read) {
        const card = read();
        const next = copy(state);
        next.piles[card.split("-")[0]].top = card;
        return next;
      },
      describe: (read) => tr("the top card of the {pile} pile", { pile: word("skyline3000", String(read()).split("-")[0]) }) },
    points: pointsKind(),
  },
  fifthavenue: {
    top: { label: N_("A pile's top card"),
      fields(state) {
        const colours = Object.keys(state.stacks).map((c) => [c, word("fifthavenue", c)]);
        const nodes = [...select(tr("Stack"), colours, "correct-stack"), ...select(tr("Value"), [[4, "4"], [5, "5"], [6, "6"]], "correct-value")];
        return { nodes, read: () => ({ colour: nodes[1].value, value: Number(nodes[3].value) }) };
      },
      apply(state, read) {
        const { colour, value } = read();
        const next = copy(state);
        next.stacks[colour].top = value;
        return next;
      },
      describe: (read) => tr("the top card of the {colour} stack", { colour: word("fifthavenue", read().colour) }) },
    points: pointsKind(),
  },
};

function pointsKind() {
  return { label: N_("A player's points"),
    fields(state) {
      const nodes = [...select(tr("Player"), state.players.map((p) => [p.id, p.id]), "correct-player"), ...number(tr("Points"), state.players[0].points, "correct-points")];
      nodes[1].addEventListener("change", () => { nodes[3].value = String(state.players[seatOf(state, nodes[1].value)].points); });
      return { nodes, read: () => ({ player: nodes[1].value, points: Number(nodes[3].value) }) };
    },
    apply(state, read) {
      const { player, points } = read();
      const next = copy(state);
      next.players[seatOf(state, player)].points = points;
      return next;
    },
    describe: (read) => tr("{player}'s points", { player: read().player }) };
}

/**
 * The correction form for ``game`` on ``viewer``'s view (null: the shared screen); ``take(correction)`` gets
 * {label, state} once the service found the corrected state valid; ``refused(violations)`` otherwise; the
 * check runs inside ``guard`` (the page's busy count and problem display).
 */
export function correctionForm(game, state, viewer, take, refused, guard = (work) => work()) {
  const kinds = Object.entries(KINDS[family(game)] || {}).filter(([, k]) => !k.own || viewer);
  const box = el("div", { className: "correction" });
  if (!kinds.length) return box;
  const fields = el("div", { className: "correction-fields" });
  const [kindLabel, kindSelect] = select(tr("What differs"), kinds.map(([id, k]) => [id, tr(k.label)]), "correct-kind");
  let current = null;
  const build = () => {
    const kind = KINDS[family(game)][kindSelect.value];
    current = { kind, ...kind.fields(state, viewer) };
    fields.replaceChildren(...current.nodes);
  };
  kindSelect.addEventListener("change", build);
  const button = el("button", { type: "button", id: "correct-button", text: tr("Check and take the correction") });
  button.addEventListener("click", () => guard(async () => {
    const corrected = current.kind.apply(state, current.read, viewer);
    const answer = await call(game, "validate", { state: corrected });
    if (!answer.valid) { refused(answer.violations || []); return; }
    await take({ label: current.kind.describe(current.read, viewer), state: corrected });
  }));
  build();
  box.append(kindLabel, kindSelect, fields, button);
  return box;
}
