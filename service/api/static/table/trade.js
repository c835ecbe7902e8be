// Chinatown's trade composed by taps, never typed: the parties first (two or more players), then what each
// gives and to whom, from what he holds: his lots (tapped here or on the board), his shop tiles (one tap a
// tile) and money by steps of the smallest card (- and +). The move is sent to the service's `moves` before
// anything changes: a deal that breaks a rule is refused with every rule it breaks, and nothing is applied.
import { el } from "./dom.js";
import { tr, word } from "./i18n.js";
import { money } from "./fmt.js";
import { initials, picture } from "./pieces.js";

const lotsOf = (state, player) => Object.entries(state.board || {}).filter(([, lot]) => lot?.owner === player)
  .map(([n]) => Number(n)).sort((a, b) => a - b);

/**
 * The trade composer for a Chinatown ``state`` in its trade phase. ``submit(move, refused)`` checks and plays
 * the move (``refused(violations)`` when the service refuses it); ``onChange()`` after every choice, so the
 * board marks what is chosen. Returns {node, boardPicks(), boardChosen()}.
 */
export function tradeComposer(state, description, submit, onChange = () => {}) {
  const ids = state.players.map((p) => p.id);
  const unit = description.money_unit || 10000;
  const shopName = (type) => word("chinatown", type) || description.shops.find((s) => s.type === type)?.name || type;
  const shopIndex = (type) => Math.max(0, description.shops.findIndex((s) => s.type === type));
  let parties = [];
  let gives = new Map();  // giver -> receiver -> {lots: [], tiles: [], money}
  const to = new Map();  // giver -> the receiver his next taps give to
  const node = el("div", { className: "trade", id: "trade-composer" });
  const verdict = el("div", { className: "trade-verdict", "aria-live": "polite" });

  const bundle = (giver, receiver) => {
    if (!gives.has(giver)) gives.set(giver, new Map());
    const mine = gives.get(giver);
    if (!mine.has(receiver)) mine.set(receiver, { lots: [], tiles: [], money: 0 });
    return mine.get(receiver);
  };
  const receiverOf = (giver) => (parties.includes(to.get(giver)) && to.get(giver) !== giver ? to.get(giver)
    : parties.find((p) => p !== giver));
  // where a lot goes now, if it is given: [receiver, bundle]
  const lotGiven = (giver, lot) => [...(gives.get(giver) || new Map())].find(([r, b]) => parties.includes(r) && b.lots.includes(lot));

  function changed() { verdict.replaceChildren(); draw(); onChange(); }

  function toggleParty(id) {
    parties = parties.includes(id) ? parties.filter((p) => p !== id) : [...parties, id];
    changed();
  }

  function toggleLot(giver, lot) {
    const given = lotGiven(giver, lot);
    if (given) given[1].lots = given[1].lots.filter((l) => l !== lot);
    else bundle(giver, receiverOf(giver)).lots.push(lot);
    changed();
  }

  function transfers() {
    const out = [];
    for (const giver of parties) {
      for (const receiver of parties) {
        const b = gives.get(giver)?.get(receiver);
        if (receiver === giver || !b || (!b.lots.length && !b.tiles.length && !b.money)) continue;
        out.push({ from: giver, to: receiver, lots: [...b.lots].sort((x, y) => x - y), tiles: [...b.tiles].sort(), money: b.money });
      }
    }
    return out;
  }

  function button(text, props, onClick) {
    const b = el("button", { type: "button", ...props, text });
    b.addEventListener("click", onClick);
    return b;
  }

  function giverSection(giver) {
    const receiver = receiverOf(giver);
    const player = state.players.find((p) => p.id === giver);
    const section = el("fieldset", { className: "part trade-party", "data-giver": giver },
      el("legend", { text: tr("What {player} gives", { player: giver }) }));
    if (parties.length > 2) {
      section.append(el("div", { className: "row", role: "group", "aria-label": tr("{player} gives to", { player: giver }) },
        el("span", { text: tr("To:") }),
        ...parties.filter((p) => p !== giver).map((p) => button(p, { className: "group", "aria-pressed": String(p === receiver),
          "data-to": p }, () => { to.set(giver, p); changed(); }))));
    }
    // his lots: each a toggle; one given shows to whom
    const lots = lotsOf(state, giver);
    section.append(el("p", { className: "trade-label", text: tr("Lots") }), el("div", { className: "pieces" },
      ...(lots.length ? lots.map((lot) => {
        const given = lotGiven(giver, lot);
        const text = given && parties.length > 2 ? tr("lot {lot} to {player}", { lot, player: given[0] }) : tr("lot {lot}", { lot });
        return button(text, { className: "trade-lot", "aria-pressed": String(!!given), "data-lot": String(lot) }, () => toggleLot(giver, lot));
      }) : [el("span", { className: "hint", text: tr("No lot on the board.") })])));
    // his shop tiles: one tap gives one (to the receiver chosen), a chip takes it back
    const held = Object.entries(player?.tiles || {}).filter(([, n]) => n > 0);
    const b = bundle(giver, receiver);
    section.append(el("p", { className: "trade-label", text: tr("Shop tiles") }), el("div", { className: "pieces" },
      ...(held.length ? held.map(([type, n]) => {
        const given = parties.reduce((sum, r) => sum + (gives.get(giver)?.get(r)?.tiles.filter((t) => t === type).length || 0), 0);
        const tile = button("", { className: "piece trade-tile", "data-shop": type, "aria-label": tr("{shop} tile ({count} held)", { shop: shopName(type), count: n }) },
          () => { b.tiles.push(type); changed(); });
        tile.append(picture({ kind: "shop", index: shopIndex(type), initials: initials(shopName(type)) }),
          el("span", { className: "piece-words", text: `${shopName(type)} ×${n}` }));
        if (given >= n) tile.disabled = true;
        return tile;
      }) : [el("span", { className: "hint", text: tr("No shop tile.") })])));
    // money by steps of the smallest card
    const amount = el("output", { className: "trade-money", text: money("chinatown", b.money) });
    const minus = button("−", { className: "step", "aria-label": tr("{money} less", { money: money("chinatown", unit) }), "data-step": "-" },
      () => { b.money = Math.max(0, b.money - unit); changed(); });
    minus.disabled = b.money === 0;
    const plus = button("+", { className: "step", "aria-label": tr("{money} more", { money: money("chinatown", unit) }), "data-step": "+" },
      () => { b.money += unit; changed(); });
    section.append(el("p", { className: "trade-label", text: parties.length > 2 ? tr("Money to {player}", { player: receiver }) : tr("Money") }),
      el("div", { className: "row stepper" }, minus, amount, plus));
    return section;
  }

  function summary() {
    const list = transfers();
    if (!list.length) return el("p", { className: "hint", text: tr("Nothing given yet.") });
    return el("ul", { className: "trade-summary" }, ...list.map((t) => el("li", { text: tr("{giver} gives {player}: {what}", {
      giver: t.from, player: t.to, what: [...t.lots.map((lot) => tr("lot {lot}", { lot })), ...t.tiles.map((s) => tr("{shop} tile", { shop: shopName(s) })),
        ...(t.money ? [money("chinatown", t.money)] : [])].join(", ") }) })));
  }

  function draw() {
    const partyButtons = ids.map((id) => button(id, { className: "group", "aria-pressed": String(parties.includes(id)), "data-party": id },
      () => toggleParty(id)));
    const ready = parties.length >= 2 && transfers().length > 0;
    const make = button(tr("Check and make this trade"), { id: "trade-submit" }, () => {
      const move = { type: "trade", player: parties[0], transfers: transfers() };
      submit(move, (violations, list) => verdict.replaceChildren(el("p", { className: "illegal",
        text: tr("Refused: nothing is applied. The trade breaks these rules:") }), list(violations)));
    });
    make.disabled = !ready;
    const again = button(tr("Start the trade again"), { className: "secondary", id: "trade-again" }, () => {
      parties = []; gives = new Map(); to.clear(); changed();
    });
    node.replaceChildren(
      el("p", { className: "compose-heading", text: tr("Compose a trade: tap who trades, then what each gives") }),
      el("div", { className: "row groups", role: "group", "aria-label": tr("Who trades") }, ...partyButtons),
      ...(parties.length >= 2 ? parties.map(giverSection) : [el("p", { className: "hint", text: tr("Tap two or more players.") })]),
      summary(), el("div", { className: "row" }, make, again), verdict);
  }

  // A lot of a party on the board picture: tapped there, it is given (or taken back) as below.
  const boardPicks = () => parties.length < 2 ? [] : parties.flatMap((giver) => lotsOf(state, giver)
    .map((lot) => ({ selector: `#lot-${lot}`, name: tr("lot {lot} of {player}", { lot, player: giver }), choose: () => toggleLot(giver, lot) })));
  const boardChosen = () => parties.flatMap((giver) => lotsOf(state, giver).filter((lot) => lotGiven(giver, lot)).map((lot) => `#lot-${lot}`));

  draw();
  return { node, boardPicks, boardChosen };
}
