// The final screen: once a game is over, the top of the page ranks every player with his total and names
// the winner(s); Chinatown's money, hidden during the game, is shown; New York's and Alhambra's two-player
// dummy is ranked too, marked as no player, with the rule reading on whether it can win.
import { family } from "./api.js";
import { tr } from "./i18n.js";
import { el } from "./dom.js";
import { money } from "./fmt.js";

const DUMMY = "\u0000dummy";  // a key no player id can be

/** Rows {id, total, dummy} of the final ranking, from the whole final state (every holding revealed). */
export function ranking(game, state, standings) {
  const totals = (state.players || []).map((p) => ({ id: p.id, total: standings?.[p.id] ?? (family(game) === "chinatown" ? p.money : p.points) ?? 0, dummy: false }));
  if (family(game) === "newyork" && state.dummy && typeof state.dummy.points === "number") {
    totals.push({ id: DUMMY, total: state.dummy.points, dummy: true });
  }
  totals.sort((a, b) => b.total - a.total);
  // ties share a place: a player's place is one more than the players strictly ahead of him (the dummy,
  // who is no player, has none: it stands where its total puts it)
  return totals.map((row) => ({ ...row, place: row.dummy ? null : totals.filter((r) => !r.dummy && r.total > row.total).length + 1 }));
}

// amounts as the page's language writes them (fmt.js): Chinatown's in dollars, never broken across lines
const amount = (game, n) => money(game, Number(n));

/** The final panel (a section element) for a game that is over. */
export function finalPanel(game, gameName, state, standings, winners, description) {
  const rows = ranking(game, state, standings);
  const won = winners.length ? winners : [];
  const reading = (description?.readings || []).find((r) => r.name === "dummy_can_win");
  const table = el("table", { className: "final-table" },
    el("caption", { text: tr("Final ranking") }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: tr("Rank") }), el("th", { scope: "col", text: tr("Player") }),
      el("th", { scope: "col", text: family(game) === "chinatown" ? tr("Money") : tr("Points") }))),
    el("tbody", {}, ...rows.map((r) => el("tr", { "data-player": r.dummy ? "dummy" : r.id, className: won.includes(r.id) ? "won" : "" },
      el("td", { className: "place", text: r.place === null ? "—" : String(r.place) }),
      el("th", { scope: "row" }, r.dummy ? el("span", { text: tr("the dummy (not a player)") }) : el("bdi", { text: r.id }),
        ...(won.includes(r.id) ? [el("span", { className: "winner-mark", text: ` ${tr("winner")}` })] : [])),
      el("td", { className: "total", text: amount(game, r.total) })))));
  const parts = [
    el("h2", { id: "final-heading", text: tr("{game}: the game is over", { game: gameName }) }),
    el("p", { className: "winner", text: won.length > 1 ? tr("Winners: {players}", { players: won })
      : won.length ? tr("Winner: {player}", { player: won[0] }) : tr("Nobody wins.") }),
    el("div", { className: "scroll" }, table),
  ];
  if (rows.some((r) => r.dummy)) {
    const dummyRow = rows.find((r) => r.dummy);
    const ahead = rows.filter((r) => !r.dummy && r.total >= dummyRow.total).length === 0;
    const text = reading?.default === false || reading?.default === undefined
      ? tr("The dummy is not a player and cannot win: the winners are chosen among the players (a rule reading).")
      : tr("The dummy counts as a rival: it wins if it comes first (a rule reading).");
    parts.push(el("p", { className: "hint" }, el("span", { text: ahead ? `${tr("The dummy came first.")} ${text}` : text }), " ",
      ...(reading?.rule_url ? [el("a", { href: reading.rule_url, target: "_blank", text: tr("(the reading)") })] : [])));
  }
  return el("section", { id: "final", "aria-labelledby": "final-heading", className: "final" }, ...parts);
}
