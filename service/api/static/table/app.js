// The referee's table: start, play and check, score, history; the wiring of the page's modules. Per-game
// knowledge is in games.js, talking to the service in api.js, what the shared screen may show in
// privacy.js, reveals in reveals.js (shapes) and chooser.js (tapping pieces drawn by pieces.js), the board's
// targets and size in board.js, corrections in correct.js, the score helper in helper.js.
import { call, catalogue, family, describeGame, parseJSON, Problem, svgElement, toJSON } from "./api.js";
import * as G from "./games.js";
import { loadLanguage, tr } from "./i18n.js";
import { $, el } from "./dom.js";
import { chooser } from "./chooser.js";
import { isPrivate, listable, secretOf, sharedState } from "./privacy.js";
import { privateReveal, revealForm } from "./reveals.js";
import { markTargets, sizePicture } from "./board.js";
import { resetHelper, wireHelper } from "./helper.js";
import { correctionForm } from "./correct.js";
import { composerPanel, composition } from "./compose.js";
import * as store from "./store.js";
import { download, linkedRecord, makeRecord, readRecord, sessionOf, shareLink } from "./record.js";
import { logItems, noteOf, redoText, undoText } from "./log.js";
import { finalPanel } from "./final.js";
import { tradeComposer } from "./trade.js";
import { claimComposer } from "./claim.js";
import { handPanel } from "./hands.js";
import { money as amount } from "./fmt.js";
import { qrPanel } from "./qr.js";
import { optionsPanel } from "./options.js";

let games = [];
let session = null; // {id, game, mode, setup, start, moves, redo, state, secret, notes, started}
let lastStatus = null;  // the status and standings of the position shown: {st, scores}

function showProblem(error) {
  const problem = error instanceof Problem ? error : new Problem(tr("Something went wrong"), String(error.message || error));
  $("problem-title").textContent = problem.title;
  $("problem-detail").textContent = problem.detail || "";
  $("problem-errors").replaceChildren(...problem.errors.map((e) => el("li", { text: `${e.pointer || ""} ${e.message || ""}`.trim() })));
  $("problem").hidden = false;
}
const clearProblem = () => { $("problem").hidden = true; };

// The count of unfinished actions, on <body data-pending>, so a test (or a screen reader's busy state) can wait.
let pendingCount = 0;
function busy(delta) {
  pendingCount += delta;
  document.body.dataset.pending = String(pendingCount);
}

async function guarded(work) {
  busy(1);
  clearProblem();
  try { return await work(); } catch (error) { showProblem(error); return undefined; } finally { busy(-1); }
}

// Every game is kept on the device as it changes, with what the list of kept games shows of it.
function save(st = null) {
  if (!session) return;
  session.id ||= store.newId();
  const name = games.find((g) => g.id === session.game)?.name || session.game;
  const summary = st ? { name, players: G.playerIds(session.state), over: st.over, winners: st.winners,
    where: st.over ? tr("over") : st.round ? tr("round {round}, phase {phase}", { round: st.round, phase: G.phaseName(session.game, st.phase) })
      : tr("phase {phase}", { phase: G.phaseName(session.game, st.phase) }), moves: session.moves.length } : null;
  store.keep(session, summary);
}

// The history holds moves and corrections ({correction: {label, state}}): a game is replayed from its
// last correction's state (or its start) with the moves after it.
function replayBody(kept = session) {
  const last = kept.moves.map((m) => !!m.correction).lastIndexOf(true);
  if (last >= 0) return { state: kept.moves[last].correction.state, moves: kept.moves.slice(last + 1) };
  return kept.mode === "table" ? { state: kept.start, moves: kept.moves } : { setup: kept.setup, moves: kept.moves };
}

async function takeCorrection(correction, redoLeft = []) {
  session.moves.push({ correction });
  (session.notes ||= []).length = session.moves.length - 1;
  session.notes.push({});
  session.redo = redoLeft;
  session.state = correction.state;
  save();
  ownView = null;
  $("correction-verdict").replaceChildren(el("p", { className: "legal", text: tr("Correction taken: {what}.", { what: correction.label }) }));
  $("correction-box").open = false;
  await refresh();
}

// The correction form opened at one kind (a player's hand or money, from his own view's hand panel).
function openCorrection(kind) {
  $("correction-box").open = true;
  const select = $("correct-kind");
  if (select && [...select.options].some((o) => o.value === kind)) {
    select.value = kind;
    select.dispatchEvent(new Event("change"));
  }
  $("correction-box").scrollIntoView({ block: "start" });
}

// The explain route's answer to what the referee entered: the moves in words and the table they reach on a
// picture, applied only on confirm; or what no legal sequence reaches and the rules the closest one breaks.
async function showExplanation(answer) {
  const box = $("correction-verdict");
  const game = session.game;
  const cut = answer.complete ? [] : [el("p", { className: "hint", text: tr("The search was cut short: a longer look might find more.") })];
  if (!answer.explained) {
    const fields = el("ul", {}, ...answer.unreached.map((d) => el("li", { text: tr("{field}: the page shows {page}, the table {observed}",
      { field: d.pointer, page: JSON.stringify(d.page), observed: JSON.stringify(d.observed) }) })));
    const closest = answer.closest && answer.closest.violations.length
      ? [el("p", { text: tr("The nearest move breaks these rules:") }), el("p", { className: "move", text: G.describe(answer.closest.refused) }),
        violationList(answer.closest.violations)] : [];
    box.replaceChildren(el("p", { className: "illegal", text: tr("No sequence of up to three legal moves leads to what the table shows:") }),
      fields, ...closest, ...cut);
    return;
  }
  if (!answer.moves.length) {
    box.replaceChildren(el("p", { className: "legal", text: tr("The page already shows this.") }));
    return;
  }
  const steps = el("ol", {}, ...answer.moves.map((m) => el("li", { text: G.describe(m) })));
  const reveals = answer.reveals.length
    ? [el("p", { text: tr("This needs what the table revealed: {pieces}.", { pieces: answer.reveals.map((m) => G.describe(m)).join("; ") }) })] : [];
  const others = answer.sequences.length > 1
    ? [el("p", { className: "hint", text: tr("Other sequences lead there as well:") }),
      el("ul", {}, ...answer.sequences.slice(1).map((s) => el("li", { text: s.map((m) => G.describe(m)).join(", ") })))] : [];
  const picture = el("div", { className: "picture explained-picture" });
  const apply = el("button", { type: "button", id: "explain-apply", text: tr("Apply these moves") });
  apply.addEventListener("click", () => guarded(async () => {
    const moves = answer.moves;
    for (const move of moves) if (!(await play(move))) return;
  }));
  box.replaceChildren(el("p", { className: "legal", text: tr("The table is explained by these moves:") }), steps, ...reveals, ...others, ...cut, picture, apply);
  showPicture(picture, await call(game, "render", { state: answer.state }));
}

function refuseCorrection(violations) {
  $("correction-verdict").replaceChildren(el("p", { className: "illegal", text: tr("Not taken: the corrected table breaks these rules:") }),
    violationList(violations));
}

function showPicture(target, svgText) {
  const svg = typeof svgText === "string" ? svgElement(svgText) : null;
  target.replaceChildren(...(svg ? [svg] : []));
}

function violationList(violations) {
  return el("ul", { className: "violations" }, ...violations.map((v) => el("li", {},
    el("span", { text: v.message }), " ", ruleLabel(v))));
}

// The rule a violation cites, linked to its section of the game's rules page when it names one.
function ruleLabel(v) {
  const label = tr("(rule: {rule})", { rule: v.rule || v.code });
  return v.rule_url ? el("a", { className: "rule", href: v.rule_url, target: "_blank", text: label })
    : el("span", { className: "rule", text: label });
}

// ---- Start -------------------------------------------------------------------------------------
function fillGameSelects() {
  for (const id of ["game", "import-game", "helper-game"]) {
    $(id).replaceChildren(...games.map((g) => el("option", { value: g.id, text: g.name })));
  }
  updatePlayersHint();
}

let tableGames = new Set();  // the games whose engine has the table mode (from their descriptions)

async function learnTableGames() {
  const found = await Promise.all(games.map(async (g) => [g.id, G.supportsTable(await describeGame(g.id))]));
  tableGames = new Set(found.filter(([, ok]) => ok).map(([id]) => id));
}

function chosenMode() { return document.querySelector("input[name=mode]:checked").value; }

// The options of the chosen game, offered as it declares them (options.js).
let setupOptions = null;
const typedPlayers = () => $("players").value.split(",").map((s) => s.trim()).filter(Boolean);

async function showOptions(game) {
  const panel = await optionsPanel(game, await describeGame(game), typedPlayers);
  if ($("game").value !== game) return;  // another game was chosen meanwhile
  setupOptions = { ...panel, game };
  $("options-place").replaceChildren(panel.node);
}

function updatePlayersHint() {
  const g = games.find((x) => x.id === $("game").value);
  if (!g) return;
  if (setupOptions?.game !== g.id) { setupOptions = { game: g.id, read: () => ({}) }; guarded(() => showOptions(g.id)); }
  $("players-hint").textContent = tr("{game}: {min} to {max} players.", { game: g.name, min: g.players.min, max: g.players.max });
  const tableOk = tableGames.has(g.id);
  $("mode-table").disabled = !tableOk;
  $("table-hint").hidden = tableOk;
  $("table-hint").textContent = tableOk ? "" : tr("{game} cannot be set up at a real table yet: its rules service deals only from a seed.", { game: g.name });
  if (!tableOk) document.querySelector("input[name=mode][value=digital]").checked = true;
  updateSeedField();
}

// A real table deals its own pieces: no seed is asked for or sent.
function updateSeedField() {
  const table = chosenMode() === "table";
  $("seed-field").hidden = table;
}

async function startGame(event) {
  event.preventDefault();
  await guarded(async () => {
    const game = $("game").value;
    const players = typedPlayers();
    let options;
    try { options = setupOptions?.read() || {}; } catch (error) {
      throw new Problem(tr("An option is not valid JSON"), tr("Correct the option {option} or empty it for its default.", { option: error.message }));
    }
    const mode = chosenMode() === "table" && tableGames.has(game) ? "table" : "digital";
    const seedText = $("seed").value.trim();
    const seed = seedText === "" ? undefined
      : /^\d+$/.test(seedText) && !Number.isSafeInteger(Number(seedText)) ? JSON.rawJSON(seedText) : Number(seedText);
    const chosen = Object.keys(options).length ? { options } : {};
    const table = G.tableSetup(game, players);
    const setup = mode === "table" ? { ...table, options: { ...options, ...table.options } }
      : { players, ...chosen, ...(seed === undefined ? {} : { seed }) };
    const answer = await call(game, "setup", setup);
    // A seed beyond 2^53 arrives as JSON.rawJSON (see api.js): show its exact digits.
    if (mode === "digital" && answer.seed !== undefined && answer.seed !== null) $("seed").value = String(answer.seed.rawJSON ?? answer.seed);
    const start = answer.state;
    session = { id: store.newId(), game, mode, setup: mode === "table" ? setup : { ...setup, seed: answer.seed ?? seed }, start,
      moves: [], redo: [], state: start, notes: [], started: new Date().toISOString() };
    ownView = null;  // a new game starts on the shared screen
    save();
    await refresh();
  });
}

// ---- Play ----------------------------------------------------------------------------------------
// The shared screen shows the state as the whole table sees it. A player's own view is shown only after
// the device has been passed to him and he has said so (`ownView`); leaving it returns to the shared screen.
let ownView = null;
let revealChooser = null;  // the reveal being entered, when a board tap may fill it (a Chinatown lot)
let trading = null;  // Chinatown's trade being composed, when a board tap may give a lot
let claiming = null;  // a claimed move being composed, when a board tap may choose its cell

function viewer() { return ownView; }

function passDevice(player) {
  ownView = null;
  $("pass-to").textContent = tr("Pass the device to {player}. Only {player} should look at the screen now.", { player });
  $("pass-confirm").textContent = tr("I am {player}: show my view", { player });
  $("pass-confirm").dataset.player = player;
  $("pass-panel").hidden = false;
  $("table-view").hidden = true;
  $("pass-confirm").focus();
}

async function showOwnView() {
  ownView = $("pass-confirm").dataset.player;
  $("pass-panel").hidden = true;
  await refresh();
}

async function backToTable() {
  ownView = null;
  await refresh();
}

async function refresh() {
  const { game, state } = session;
  for (const id of ["play", "score", "history"]) $(id).hidden = false;
  $("pass-panel").hidden = true;
  $("table-view").hidden = false;
  $("rules-link").href = `/v1/games/${game}/rules`;
  $("import-game").value = game;
  const who = viewer();
  $("own-view").hidden = !who;
  $("own-view-text").textContent = who ? tr("{player}'s own view: only what {player} may see is shown. Pass the device back when done.", { player: who }) : "";
  $("undo").disabled = session.moves.length === 0;
  $("redo").disabled = session.redo.length === 0;
  const [description, shown] = await Promise.all([describeGame(game),
    who ? call(game, "view", { state, player: who }).then((a) => a.state) : sharedState(game, state)]);
  G.useDescription(game, description, state);
  // (after the description is known: a New York tile reads by its building and price)
  $("move-log").replaceChildren(...logItems(session));
  $("undo").textContent = undoText(session);
  $("redo").textContent = redoText(session);
  const [moves, picture, score] = await Promise.all([
    // the largest page: a table position lists far fewer moves, and a referee cannot read more
    call(game, "legal-moves", who ? { state, player: who, limit: 1000 } : { state, limit: 1000 }),
    call(game, "render", who ? { state, player: who } : { state: shown }),
    call(game, "score", G.scoreBody(game, state)),
  ]);
  const st = G.status(moves);
  showStatus(game, st);
  lastStatus = { st, scores: score };
  save(st);
  $("final-place").replaceChildren(...(st.over ? [finalPanel(game, games.find((g) => g.id === game)?.name || game, state,
    finalStandings(game, state), st.winners, description)] : []));
  $("score-heading").textContent = st.over ? tr("The scorings") : tr("Score");
  // once the game is over its scorings stand right under the final ranking
  if (st.over) $("final-place").after($("score")); else $("play").after($("score"));
  $("standings").hidden = st.over;  // the final ranking says it, above
  currentPicture = picture;
  $("state-text").value = toJSON(shown);
  const reveals = moves.moves.filter((m) => m.type === "reveal");
  const others = moves.moves.filter((m) => m.type !== "reveal" && listable(game, m));
  const open = who ? others : others.filter((m) => !isPrivate(game, m));
  const hidden = who ? [] : [...new Set(others.filter((m) => isPrivate(game, m)).map((m) => m.player))];
  currentHidden = hidden;
  showPending(state, reveals, st, description, who);
  // Chinatown's trades are made in the open: composed on the shared screen by taps (trade.js)
  trading = family(game) === "chinatown" && state.phase === "trade" && !state.pending && !who && !st.over
    ? tradeComposer(state, description, (m, refused) => guarded(() => play(m, [], (a) => refused(a.violations, violationList))),
      () => showTargets(game, session.state, currentOpen)) : null;
  $("trade").replaceChildren(...(trading ? [trading.node] : []));
  $("hand").replaceChildren(...(who && !st.over ? handPanel(game, state, who, openCorrection) : []));
  // any move a player claims, listed or not, composed by taps and checked before anything changes (claim.js)
  claiming = st.over || state.pending ? null : claimComposer(game, state, description, who, st.toMove,
    (type) => isPrivate(game, { type }), (m, refused) => guarded(() => play(m, [], (a) => refused(a.violations, violationList))),
    () => showTargets(game, session.state, currentOpen));
  $("claim").replaceChildren(...(claiming ? [claiming.node] : []));
  currentOpen = open;
  composing = composition(game, open, description, state);
  showTargets(game, state, open);
  showStandings(game, shown, st);
  $("correction").replaceChildren(correctionForm(game, state, who, takeCorrection, refuseCorrection, guarded, description, showExplanation));
  $("score-now").replaceChildren(...(st.over ? [] : [scoreTable(game, score, tr("What a scoring now would give"))]));
  if (st.over) $("scorings").open = true;
  if ($("scorings").open) await showScorings();
  showKept();
}

function showStandings(game, shown, st) {
  const rows = G.standings(game, shown);
  const winners = st.over && st.winners.length ? [el("p", { className: "winner", text: st.winners.length > 1
    ? tr("Winners: {players}.", { players: st.winners }) : tr("Winner: {player}.", { player: st.winners[0] }) })] : [];
  $("standings").replaceChildren(...winners, el("table", {}, el("caption", { text: tr("Standings: points so far") }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: tr("Player") }), el("th", { scope: "col", text: tr("Points") }))),
    el("tbody", {}, ...rows.map((r) => el("tr", { "data-player": r.id }, el("th", { scope: "row" }, el("bdi", { text: r.id })),
      el("td", { className: "total", text: r.points === null ? tr("hidden") : amount(game, r.points) }))))));
  $("own-views").replaceChildren(...rows.map((r) => passButton(r.id, tr("Pass the device to {player}", { player: r.id }))));
}

// ---- The board as a place to play -----------------------------------------------------------------
let readableBoard = true;
let currentOpen = [];
let currentPicture = null;

let currentHidden = [];  // the players whose moves are made on their own view (a button passes the device)
let composing = null;  // the move being composed part by part on the board (compose.js), for the listed moves

function showTargets(game, state, moves) {
  showPicture($("picture"), currentPicture);  // a fresh picture: no mark or handler of an earlier one stays
  const svg = $("picture").querySelector("svg");
  sizePicture(svg, readableBoard);
  $("zoom").setAttribute("aria-pressed", String(!readableBoard));
  $("zoom").textContent = readableBoard ? tr("Fit the board to the screen") : tr("Show the board readable");
  $("board-choice").replaceChildren();
  const seats = G.playerIds(state);
  const picks = revealChooser ? revealChooser.boardPicks().map(({ value, selector, name }) => ({ selector, name,
    choose: () => revealChooser.pick(value) })) : [];
  if (trading && !revealChooser) picks.push(...trading.boardPicks());
  // a claimed move's cell: while the claim asks for it, a board tap chooses it (not a listed move)
  const claimPicks = !revealChooser && claiming ? claiming.boardPicks() : [];
  picks.push(...claimPicks);
  for (const selector of revealChooser ? revealChooser.boardChosen() : trading ? trading.boardChosen() : claiming ? claiming.boardChosen() : []) svg?.querySelector(selector)?.classList.add("chosen");
  const now = composing && !state.pending ? composing.step() : null;
  // after a part is chosen the keyboard goes on to the picture's first target where the next part is chosen
  // there (or the move's place is next), else to the next part's first button
  const redraw = () => {
    showTargets(game, state, moves);
    const next = composing.step();
    const onPicture = next.parts.length > 0 || next.buttons.length === 0;
    const target = $("picture").querySelector(".target");
    const button = $("compose").querySelector(".part-choice");
    ((onPicture ? target || button : button || target) || $("compose").querySelector("button"))?.focus();
  };
  for (const { target, choose } of now && !claimPicks.length ? now.parts : []) picks.push({ ...target, choose: () => { choose(); redraw(); } });
  const onBoard = state.pending || claimPicks.length ? [] : now ? now.marked : moves;
  const marked = markTargets(svg, game, onBoard, seats, (name, here) => guarded(() => chooseOnBoard(name, here)), picks);
  $("picture").dataset.targets = String(marked);
  $("compose").replaceChildren(...(now ? [composerPanel(composing, redraw, (m) => guarded(() => play(m)))] : []));
  // the list narrows with the board: only the moves the parts chosen so far still allow
  const narrowed = now && composing.chosen.length > 0;
  showMoves(narrowed ? now.moves : moves, narrowed ? [] : currentHidden);
}


async function chooseOnBoard(name, here) {
  if (here.length === 1) { await play(here[0]); return; }
  const list = el("ul", {}, ...here.map((m) => {
    const button = el("button", { type: "button", className: "move", text: G.describe(m) });
    button.addEventListener("click", () => guarded(() => play(m)));
    return el("li", {}, button);
  }));
  const reset = el("button", { type: "button", className: "secondary", text: tr("Show every move again") });
  reset.addEventListener("click", () => $("board-choice").replaceChildren());
  $("board-choice").replaceChildren(el("p", { text: tr("The moves on {target}:", { target: name }) }), list, reset);
  list.querySelector("button").focus();
}

function showStatus(game, st) {
  const awaited = st.toMove;  // every game names whom it awaits, simultaneous choices included
  const name = games.find((g) => g.id === game)?.name || game;
  $("status").textContent = st.over ? tr("{game}: the game is over.", { game: name })
    : (st.round ? tr("{game}: {players} to move; phase {phase}, round {round}.", { game: name,
      players: awaited.length ? awaited : tr("nobody"), phase: G.phaseName(game, st.phase), round: st.round })
      : tr("{game}: {players} to move; phase {phase}.", { game: name, players: awaited.length ? awaited : tr("nobody"),
        phase: G.phaseName(game, st.phase) }));
  $("status").dataset.over = String(st.over);
}

function passButton(player, text) {
  const button = el("button", { type: "button", className: "pass-button", "data-pass": player, text });
  button.addEventListener("click", () => passDevice(player));
  return button;
}

function showMoves(moves, privateTo) {
  // Two moves that read the same are the same at the table (two roof cards of one value, unknown in a hand):
  // the first stands for both.
  const said = new Set();
  const groups = new Map();
  moves.forEach((m) => {
    const text = G.describe(m);
    if (said.has(text)) return;
    said.add(text);
    if (!groups.has(m.type)) groups.set(m.type, []);
    groups.get(m.type).push(m);
  });
  $("moves-count").textContent = said.size === 0 ? tr("No legal move is listed.")
    : said.size === 1 ? tr("{count} legal move.", { count: 1 }) : tr("{count} legal moves.", { count: said.size });
  // Each type is a group that can be folded, so a long list stays usable on a phone.
  $("moves").replaceChildren(
    ...privateTo.map((player) => passButton(player, tr("{player} chooses from a hand only {player} sees: pass the device to {player}", { player }))),
    ...[...groups].map(([type, items]) => el("details", { className: "moves-group", open: "" },
      el("summary", { text: `${G.groupName(type)} (${items.length})` }),
      el("ul", {}, ...items.map((m) => {
        const button = el("button", { type: "button", className: "move", text: G.describe(m) });
        button.addEventListener("click", () => guarded(() => play(m)));
        return el("li", {}, button);
      })))));
}

// A pending reveal is entered by tapping the pieces as they look; one that shows a player's private
// holding is entered on his own view only.
function showPending(state, reveals, st, description, who) {
  const pending = state.pending;
  revealChooser = null;
  $("pending").hidden = !pending;
  $("pending-form").replaceChildren();
  if (!pending) return;
  const form = revealForm(session.game, state, pending, reveals, description, st.toMove);
  const drawer = form?.player ?? reveals[0]?.player ?? st.toMove[0];
  $("pending-text").textContent = tr("The table reveals: {pending}.", { pending: G.describePending(session.game, pending) });
  if (privateReveal(session.game, pending) && who !== drawer) {
    $("pending-form").replaceChildren(passButton(drawer, tr("Only {player} sees this: pass the device to {player}", { player: drawer })));
    return;
  }
  if (!form) {
    $("pending-form").replaceChildren(el("ul", {}, ...reveals.map((m) => {
      const button = el("button", { type: "button", className: "move", text: G.describe(m) });
      button.addEventListener("click", () => guarded(() => play(m)));
      return el("li", {}, button);
    })));
    return;
  }
  revealChooser = chooser(form, tr("Enter this reveal"), (chosen) => guarded(() => play(form.move(chosen))),
    () => showTargets(session.game, session.state, currentOpen));
  $("pending-form").replaceChildren(revealChooser.node);
}

async function play(move, redoLeft = [], refused = showVerdict) {
  const answer = await call(session.game, "moves", { state: session.state, move });
  if (!answer.legal) { refused(answer); return false; }
  // A reveal of what a player privately holds stays unwritten in the history the table sees.
  const pending = session.state.pending;
  if (move.type === "reveal" && pending && privateReveal(session.game, pending)) (session.secret ||= []).push(session.moves.length);
  (session.notes ||= []).length = session.moves.length;
  session.notes.push(noteOf(session.game, session.state, move, answer.events));
  session.moves.push(move);
  session.redo = redoLeft;
  session.state = answer.state;
  save();
  $("verdict").replaceChildren();
  // A move made on a player's own view ends it: the device goes back to the table.
  ownView = null;
  await refresh();
  return true;
}

function showVerdict(answer) {
  $("verdict").replaceChildren(answer.legal
    ? el("p", { className: "legal", text: tr("Legal: this move may be played.") })
    : el("div", {}, el("p", { className: "illegal", text: tr("Illegal:") }), violationList(answer.violations)));
}

function composedMove() {
  try {
    return parseJSON($("move-text").value);
  } catch {
    throw new Problem(tr("The move is not valid JSON"), tr("Write the move as JSON, for example {example}.", { example: '{"type": "pass", "player": "anna"}' }));
  }
}

// ---- Score ---------------------------------------------------------------------------------------
function scoreTable(game, score, caption) {
  const rows = G.scoreRows(game, score);
  const table = el("table", {}, el("caption", { text: caption }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: tr("Player") }), el("th", { scope: "col", text: tr("Total") }),
      el("th", { scope: "col", text: tr("Breakdown") }))),
    el("tbody", {}, ...rows.map((r) => el("tr", { "data-player": r.id },
      el("th", { scope: "row" }, el("bdi", { text: r.id })), el("td", { className: "total", text: amount(game, r.total) }),
      el("td", { text: r.parts.filter((p) => p.points || p.note).map((p) => p.note || `${p.category}: ${amount(game, p.points)}`).join("; ") || "—" })))));
  return table;
}

async function showScorings() {
  const answer = await call(session.game, "replay", replayBody());
  const events = answer.scorings || [];
  const ids = G.playerIds(session.state);
  const table = el("table", {}, el("caption", { text: tr("Each scoring so far (points per player)") }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: tr("After move") }), el("th", { scope: "col", text: tr("Scoring") }),
      ...ids.map((id) => el("th", { scope: "col" }, el("bdi", { text: id }))))),
    el("tbody", {}, ...events.map((event) => {
      const line = G.scoringLine(event);
      return el("tr", {}, el("td", { text: String(event.index + 1) }), el("th", { scope: "row", text: line.label }),
        ...ids.map((id) => el("td", { text: line.points ? amount(session.game, line.points[id] ?? 0) : "" })));
    })));
  $("scorings-list").replaceChildren(events.length ? table : el("p", { text: tr("No scoring has happened yet.") }));
}

// ---- History ------------------------------------------------------------------------------------
async function undo() {
  const move = session.moves.pop();
  session.secret = (session.secret || []).filter((i) => i < session.moves.length);
  (session.notes ||= []).length = Math.min(session.notes.length, session.moves.length);
  session.redo.push(move);
  const answer = await call(session.game, "replay", replayBody());
  session.state = answer.state;
  save();
  await refresh();
}

async function redo() {
  const left = [...session.redo];
  const move = left.pop();
  if (move.correction) await takeCorrection(move.correction, left); else await play(move, left);
}

// The replay body an expert pastes (setup or state, and moves): checked, then kept as a new game.
async function importGame() {
  let body;
  try { body = parseJSON($("replay-text").value); } catch {
    throw new Problem(tr("The replay body is not valid JSON"), tr("Paste an exported game: {example}.", { example: '{"setup": ..., "moves": [...]}' }));
  }
  const game = body.state?.game || $("import-game").value;
  const answer = await call(game, "replay", body);
  if (!answer.valid) {
    const bad = answer.first_illegal;
    const move = body.moves?.[bad.index];
    $("import-verdict").replaceChildren(el("p", { className: "illegal",
      text: move ? tr("Move {number} ({move}) is illegal:", { number: bad.index + 1, move: G.describe(move) })
        : tr("Move {number} is illegal:", { number: bad.index + 1 }) }), violationList(bad.violations));
    return;
  }
  $("import-verdict").replaceChildren(el("p", { className: "legal", text: tr("Imported: {count} moves, all legal.", { count: body.moves.length }) }));
  session = { id: store.newId(), game, mode: body.state ? "table" : "digital", setup: body.setup || null, start: body.state || null,
    moves: body.moves, redo: [], state: answer.state, notes: [], started: new Date().toISOString() };
  await rebuildNotes(session);
  ownView = null;
  save();
  await refresh();
}

// ---- The record: downloaded, imported, shared ---------------------------------------------------------
// What leaves from the shared screen is the table's record; from a player's own view, his own.
async function currentRecord() {
  const who = viewer();
  const shown = who ? (await call(session.game, "view", { state: session.state, player: who })).state : await sharedState(session.game, session.state);
  const st = lastStatus?.st;
  const result = st?.over ? { over: true, winners: st.winners, standings: finalStandings(session.game, session.state) } : null;
  const description = await describeGame(session.game);
  return makeRecord(session, { viewer: who, shown, result, rulesVersion: description.game?.rules_version || null });
}

async function downloadRecord() {
  download(await currentRecord());
}

// The referee's own copy of the whole game (every hand, a digital game's seed): asked for once more, as
// passing the device is, since whoever sees it sees every hand.
function askWhole() {
  $("whole-ask").hidden = false;
  $("download-whole").focus();
}

async function downloadWhole() {
  $("whole-ask").hidden = true;
  const description = await describeGame(session.game);
  const st = lastStatus?.st;
  const result = st?.over ? { over: true, winners: st.winners, standings: finalStandings(session.game, session.state) } : null;
  download(makeRecord(session, { whole: true, result, rulesVersion: description.game?.rules_version || null }));
}

async function shareGame() {
  const link = await shareLink(await currentRecord());
  const field = el("input", { id: "share-link", readonly: "", value: link, "aria-label": tr("The link to this game") });
  const copy = el("button", { type: "button", className: "secondary", text: tr("Copy the link") });
  copy.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(link); copy.textContent = tr("Copied"); } catch { field.select(); }
  });
  $("share-place").replaceChildren(el("p", { className: "hint", text: tr("Open this link on another phone: it shows the game read-only, as the table sees it.") }),
    field, copy, qrPanel(link));
}

const RECORD_REASONS = {
  "not-json": () => tr("The file is not JSON: it is not a game record."),
  "not-record": () => tr("The file is not a game record (format city-games-record)."),
  version: () => tr("The file is a game record of a version this page does not read."),
};

/** A record checked by the service: refused with the reason at the entry where it breaks, else opened. */
async function importRecord(text) {
  let record;
  try { record = readRecord(text); } catch (error) {
    $("record-verdict").replaceChildren(el("p", { className: "illegal", text: (RECORD_REASONS[error.message] || RECORD_REASONS["not-record"])() }));
    return;
  }
  if (!games.some((g) => g.id === record.game)) {
    $("record-verdict").replaceChildren(el("p", { className: "illegal", text: tr("The record is of a game this service does not know: {game}.", { game: String(record.game) }) }));
    return;
  }
  let answer;
  try { answer = await call(record.game, "record", record); } catch (error) {
    if (!(error instanceof Problem)) throw error;
    $("record-verdict").replaceChildren(el("p", { className: "illegal", text: tr("Refused: the record does not fit its format.") }),
      el("ul", { className: "violations" }, ...error.errors.map((e) => el("li", { text: `${e.pointer || ""} ${e.message || ""}`.trim() }))));
    return;
  }
  if (answer.first_illegal) {
    const bad = answer.first_illegal;
    const entry = record.moves[bad.index];
    const what = entry?.move ? G.describe(entry.move) : entry?.correction ? tr("Correction: {what}", { what: entry.correction.label }) : "";
    $("record-verdict").replaceChildren(el("p", { className: "illegal", "data-index": String(bad.index),
      text: tr("Refused: move {number} ({move}) is illegal:", { number: bad.index + 1, move: what }) }), violationList(bad.violations));
    return;
  }
  if (answer.result_matches === false) {
    $("record-verdict").replaceChildren(el("p", { className: "illegal", text: tr("Refused: every move is legal, but the result the record claims is not the one they reach.") }));
    return;
  }
  if (!answer.complete) {
    showShared(record, answer);
    $("record-verdict").replaceChildren(el("p", { className: "legal", text: tr("Checked to move {number}; the rest is hidden from this record's viewer: it opens read-only.", { number: answer.checked }) }));
    return;
  }
  const imported = { ...sessionOf(record, store.newId()), state: answer.state };
  await rebuildNotes(imported);
  session = imported;
  ownView = null;
  save();
  $("record-verdict").replaceChildren(el("p", { className: "legal", text: tr("Imported: {count} moves, all legal.", { count: record.moves.length }) }));
  await refresh();
}

// A shared game, read-only: what its record's viewer saw (the record's `shown`), its log and its result.
async function showShared(record, answer = null) {
  const checkedAnswer = answer || await call(record.game, "record", record).catch(() => null);
  const shown = record.shown?.state || checkedAnswer?.state;
  const name = games.find((g) => g.id === record.game)?.name || record.game;
  $("shared").hidden = false;
  $("shared-title").textContent = tr("{game}, shared: {players} (read-only)", { game: name, players: record.players });
  const over = record.result?.over;
  const status = checkedAnswer?.complete ? checkedAnswer.status : null;
  $("shared-status").textContent = over ? tr("{game}: the game is over.", { game: name })
    : status ? tr("{game}: {players} to move.", { game: name, players: status.to_move.length ? status.to_move : tr("nobody") })
      : tr("{count} moves so far.", { count: record.moves.length });
  const description = await describeGame(record.game);
  if (shown) {
    G.useDescription(record.game, description, shown);
    const [picture, score] = await Promise.all([call(record.game, "render", { state: shown }), call(record.game, "score", { state: shown })]);
    showPicture($("shared-picture"), picture);
    sizePicture($("shared-picture").querySelector("svg"), true);
    $("shared-final").replaceChildren(...(over ? [finalPanel(record.game, name, shown, record.result.standings, record.result.winners, description)] : []));
    $("shared-score").replaceChildren(...(over ? [] : [scoreTable(record.game, score, tr("What a scoring now would give"))]));
  }
  const kept = sessionOf(record, "shared");
  // a hidden entry reads as what its player entered on his own view (a keep, a bid say so themselves)
  const hiddenAt = new Set(record.moves.map((e, i) => (e.hidden && e.hidden.type === "reveal" ? i : -1)).filter((i) => i >= 0));
  $("shared-log").replaceChildren(...logItems({ ...kept, moves: record.moves.map((e) => e.move || (e.correction ? { correction: e.correction } : { type: e.hidden.type, player: e.hidden.player })),
    secret: [...hiddenAt] }));
  $("shared").scrollIntoView();
}

/** The standings of a whole state as the service's `standings` gives them (Chinatown's money, else points). */
function finalStandings(game, state) {
  return Object.fromEntries(G.standings(game, state).map((r) => [r.id, r.points ?? 0]));
}

/**
 * An imported game's log as rich as a played one's: each move is walked through `moves` from the start (or
 * a correction's state) as it was played, keeping what the log writes beside it (the money cards taken,
 * the tile bought, the events its answer carried) and which reveals showed a private holding.
 */
async function rebuildNotes(kept) {
  const notes = [];
  const secret = [];
  let state = kept.mode === "table" ? kept.start : kept.setup?.seed === null || kept.setup?.seed === undefined ? null
    : (await call(kept.game, "setup", kept.setup)).state;
  for (const [index, move] of kept.moves.entries()) {
    if (move.correction) { state = move.correction.state; notes.push({}); continue; }
    if (!state) return;  // the deals cannot be known: the log stays plain
    $("record-verdict").replaceChildren(el("p", { className: "hint", text: tr("Reading the log: move {number} of {count}…", { number: index + 1, count: kept.moves.length }) }));
    const answer = await call(kept.game, "moves", { state, move });
    if (!answer.legal) return;
    if (move.type === "reveal" && state.pending && privateReveal(kept.game, state.pending)) secret.push(index);
    notes.push(noteOf(kept.game, state, move, answer.events));
    state = answer.state;
  }
  kept.notes = notes;
  kept.secret = secret;
}

// ---- The games kept on this device ---------------------------------------------------------------
async function resume(id) {
  const saved = store.kept(id);
  if (!saved) return;
  const answer = await call(saved.game, "replay", replayBody(saved));
  session = { ...saved, state: answer.state };
  ownView = null;
  $("game").value = saved.game;
  await refresh();
  $("play").scrollIntoView();
}

function showKept() {
  const kept = store.list();
  $("kept").hidden = kept.length === 0;
  const day = (iso) => { try { return new Date(iso).toLocaleString(document.documentElement.lang || "en", { dateStyle: "medium", timeStyle: "short" }); } catch { return String(iso); } };
  $("kept-list").replaceChildren(...kept.map((k) => {
    const name = games.find((g) => g.id === k.game)?.name || k.game;
    const players = k.summary?.players || k.setup?.players || [];
    const where = k.summary?.over ? tr("over: {winners} won", { winners: k.summary.winners?.length ? k.summary.winners : tr("nobody") }) : (k.summary?.where || "");
    const playing = session?.id === k.id;
    const open = el("button", { type: "button", className: "secondary", "data-resume": k.id, text: playing ? tr("In play") : tr("Resume") });
    open.disabled = playing;
    open.addEventListener("click", () => guarded(() => resume(k.id)));
    const remove = el("button", { type: "button", className: "secondary danger", "data-delete": k.id, text: tr("Delete") });
    const item = el("li", { "data-game": k.game, "data-id": k.id },
      el("div", { className: "kept-title" }, el("strong", { text: name }), " ",
        ...players.flatMap((p, i) => [...(i ? [", "] : []), el("bdi", { text: p })])),
      el("div", { className: "hint", text: [tr("started {date}", { date: day(k.started) }), tr("{count} moves", { count: k.moves?.length ?? 0 }), where].filter(Boolean).join(" · ") }),
      el("div", { className: "row" }, open, remove));
    remove.addEventListener("click", () => {
      // the delete asks once more, beside the game it deletes
      const ask = el("div", { className: "confirm row", role: "alertdialog" },
        el("span", { text: tr("Delete {game} of {players} from this device? It cannot be undone.", { game: name, players }) }));
      const yes = el("button", { type: "button", className: "danger", "data-confirm-delete": k.id, text: tr("Delete it") });
      const no = el("button", { type: "button", className: "secondary", text: tr("Keep it") });
      yes.addEventListener("click", () => {
        store.remove(k.id);
        if (session?.id === k.id) { session = null; for (const id of ["play", "score", "history"]) $(id).hidden = true; $("final-place").replaceChildren(); }
        showKept();
      });
      no.addEventListener("click", () => ask.remove());
      ask.append(yes, no);
      item.append(ask);
      no.focus();
    });
    return item;
  }));
}

// ---- Wiring -------------------------------------------------------------------------------------
function wire() {
  $("game").addEventListener("change", updatePlayersHint);
  for (const radio of document.querySelectorAll("input[name=mode]")) radio.addEventListener("change", updateSeedField);
  $("start-form").addEventListener("submit", startGame);
  $("pass-confirm").addEventListener("click", () => guarded(showOwnView));
  $("back-to-table").addEventListener("click", () => guarded(backToTable));
  $("zoom").addEventListener("click", () => { readableBoard = !readableBoard; if (session) showTargets(session.game, session.state, currentOpen); });
  $("composer").addEventListener("submit", (e) => { e.preventDefault(); guarded(async () => {
    if (!session) throw new Problem(tr("No game yet"), tr("Start or import a game first."));
    showVerdict(await call(session.game, "moves", { state: session.state, move: composedMove() }));
  }); });
  $("play-composed").addEventListener("click", () => guarded(() => play(composedMove())));
  $("undo").addEventListener("click", () => guarded(undo));
  $("redo").addEventListener("click", () => guarded(redo));
  $("import").addEventListener("click", () => guarded(importGame));
  $("download").addEventListener("click", () => guarded(downloadRecord));
  $("whole").addEventListener("click", askWhole);
  $("download-whole").addEventListener("click", () => guarded(downloadWhole));
  $("whole-cancel").addEventListener("click", () => { $("whole-ask").hidden = true; });
  $("share").addEventListener("click", () => guarded(shareGame));
  $("record-file").addEventListener("change", () => guarded(async () => {
    const file = $("record-file").files[0];
    if (file) await importRecord(await file.text());
    $("record-file").value = "";
  }));
  // "New game" leaves the game in progress kept and listed: it is resumed from the list
  $("new-game").addEventListener("click", () => {
    session = null;
    store.leave();
    ownView = null;
    for (const id of ["play", "score", "history"]) $(id).hidden = true;
    $("final-place").replaceChildren();
    showKept();
    $("start").scrollIntoView();
    $("game").focus();
  });
  $("scorings").addEventListener("toggle", () => { if ($("scorings").open && session) guarded(showScorings); });
  wireHelper({ busy, scoreTable, violationList, showPicture });
}

async function main() {
  await loadLanguage();
  wire();
  await guarded(async () => {
    games = await catalogue();
    await learnTableGames();
    fillGameSelects();
    resetHelper();
    store.migrate();
    showKept();
    const linked = await linkedRecord().catch(() => null);
    if (linked) { await showShared(linked); return; }
    const id = store.currentId();
    if (id && store.kept(id)) await resume(id);
  });
}

main();
