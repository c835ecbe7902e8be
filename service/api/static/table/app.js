// The referee's table: start, play and check, score, history, the score helper. Per-game knowledge is in
// games.js; talking to the service (and problem answers) in api.js.
import { call, catalogue, parseJSON, Problem, svgElement, toJSON } from "./api.js";
import * as G from "./games.js";
import { loadLanguage, tr } from "./i18n.js";

const STORE = "city-games-table";
const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "text") node.textContent = v; else if (k === "className") node.className = v; else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
};

let games = [];
let session = null; // {game, mode, setup, start, moves, redo, state}

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

function save() {
  if (!session) { localStorage.removeItem(STORE); return; }
  const { state, ...kept } = session;
  localStorage.setItem(STORE, toJSON(kept));
}

function replayBody() {
  return session.mode === "table" ? { state: session.start, moves: session.moves } : { setup: session.setup, moves: session.moves };
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

function updatePlayersHint() {
  const g = games.find((x) => x.id === $("game").value);
  if (!g) return;
  $("players-hint").textContent = tr("{game}: {min} to {max} players.", { game: g.name, min: g.players.min, max: g.players.max });
  const tableOk = G.TABLE_PLAY.has(g.id);
  $("mode-table").disabled = !tableOk;
  if (!tableOk) document.querySelector("input[name=mode][value=digital]").checked = true;
}

async function startGame(event) {
  event.preventDefault();
  await guarded(async () => {
    const game = $("game").value;
    const players = $("players").value.split(",").map((s) => s.trim()).filter(Boolean);
    const mode = document.querySelector("input[name=mode]:checked").value;
    const seedText = $("seed").value.trim();
    const seed = seedText === "" ? undefined
      : /^\d+$/.test(seedText) && !Number.isSafeInteger(Number(seedText)) ? JSON.rawJSON(seedText) : Number(seedText);
    const setup = mode === "table" ? G.tableSetup(game, players, seed) : { players, ...(seed === undefined ? {} : { seed }) };
    const answer = await call(game, "setup", setup);
    // A seed beyond 2^53 arrives as JSON.rawJSON (see api.js): show its exact digits.
    if (answer.seed !== undefined && answer.seed !== null) $("seed").value = String(answer.seed.rawJSON ?? answer.seed);
    const start = mode === "table" ? G.hideOrders(game, answer.state) : answer.state;
    session = { game, mode, setup: { ...setup, seed: answer.seed ?? seed }, start, moves: [], redo: [], state: start };
    save();
    await refresh();
  });
}

// ---- Play ----------------------------------------------------------------------------------------
function viewer() { return $("viewer").value || null; }

async function refresh() {
  const { game, state } = session;
  for (const id of ["play", "score", "history"]) $(id).hidden = false;
  $("rules-link").href = `/v1/games/${game}/rules`;
  const ids = G.playerIds(state);
  const chosen = viewer();
  $("viewer").replaceChildren(el("option", { value: "", text: tr("everyone (the referee)") }),
    ...ids.map((id) => el("option", { value: id, text: id })));
  if (ids.includes(chosen)) $("viewer").value = chosen;
  $("import-game").value = game;
  const who = viewer();
  $("pass-device").hidden = !who;
  $("pass-device").textContent = who ? tr("Pass the device to {player}: only what {player} may see is shown.", { player: who }) : "";
  $("undo").disabled = session.moves.length === 0;
  $("redo").disabled = session.redo.length === 0;
  $("move-log").replaceChildren(...session.moves.map((m) => el("li", { text: G.describe(m) })));
  const [moves, picture, score, seen] = await Promise.all([
    // the largest page: a table position lists far fewer moves, and a referee cannot read more
    call(game, "legal-moves", who ? { state, player: who, limit: 1000 } : { state, limit: 1000 }),
    call(game, "render", who ? { state, player: who } : { state }),
    call(game, "score", G.scoreBody(game, state)),
    who ? call(game, "view", { state, player: who }) : Promise.resolve({ state }),
  ]);
  const st = G.status(moves);
  showStatus(game, st);
  showPicture($("picture"), picture);
  $("state-text").value = toJSON(seen.state);
  showMoves(moves.moves);
  showPending(state, moves.moves, st);
  $("score-now").replaceChildren(scoreTable(game, score, tr("Current position")));
  if ($("scorings").open) await showScorings();
}

function showStatus(game, st) {
  const awaited = st.toMove;  // every game names whom it awaits, simultaneous choices included
  const name = games.find((g) => g.id === game)?.name || game;
  $("status").textContent = st.over ? tr("{game}: the game is over.", { game: name })
    : (st.round ? tr("{game}: {players} to move; phase {phase}, round {round}.", { game: name,
      players: awaited.join(", ") || tr("nobody"), phase: G.phaseName(game, st.phase), round: st.round })
      : tr("{game}: {players} to move; phase {phase}.", { game: name, players: awaited.join(", ") || tr("nobody"),
        phase: G.phaseName(game, st.phase) }));
  $("status").dataset.over = String(st.over);
}

function showMoves(moves) {
  $("moves-count").textContent = moves.length === 0 ? tr("No legal move is listed.")
    : moves.length === 1 ? tr("{count} legal move.", { count: 1 }) : tr("{count} legal moves.", { count: moves.length });
  const groups = new Map();
  moves.forEach((m) => { if (!groups.has(m.type)) groups.set(m.type, []); groups.get(m.type).push(m); });
  // Each type is a group that can be folded, so a long list stays usable on a phone.
  $("moves").replaceChildren(...[...groups].map(([type, items]) => el("details", { className: "moves-group", open: "" },
    el("summary", { text: `${G.groupName(type)} (${items.length})` }),
    el("ul", {}, ...items.map((m) => {
      const button = el("button", { type: "button", className: "move", text: G.describe(m) });
      button.addEventListener("click", () => guarded(() => play(m)));
      return el("li", {}, button);
    })))));
}

function showPending(state, moves, st) {
  const pending = state.pending;
  $("pending").hidden = !pending || session.mode !== "table";
  if (pending && session.mode === "table") {
    $("pending-text").textContent = tr("The table draws: {pending}. Fill in the reveal below and play it.", { pending: G.describePending(pending) });
    // A listed reveal is a ready-made form to edit; where none is listed, the game's bare template.
    $("move-text").value = toJSON(moves.find((m) => m.type === "reveal") || G.revealTemplate(session.game, state, st));
  }
}

async function play(move, redoLeft = []) {
  const answer = await call(session.game, "moves", { state: session.state, move });
  if (!answer.legal) { showVerdict(answer); return false; }
  session.moves.push(move);
  session.redo = redoLeft;
  session.state = answer.state;
  save();
  $("verdict").replaceChildren();
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
      el("th", { scope: "row", text: r.id }), el("td", { className: "total", text: String(r.total) }),
      el("td", { text: r.parts.filter((p) => p.points || p.note).map((p) => p.note || `${p.category}: ${p.points}`).join("; ") || "—" })))));
  return table;
}

async function showScorings() {
  const answer = await call(session.game, "replay", replayBody());
  const events = answer.scorings || [];
  const ids = G.playerIds(session.state);
  const table = el("table", {}, el("caption", { text: tr("Each scoring so far (points per player)") }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: tr("After move") }), el("th", { scope: "col", text: tr("Scoring") }),
      ...ids.map((id) => el("th", { scope: "col", text: id })))),
    el("tbody", {}, ...events.map((event) => {
      const line = G.scoringLine(event);
      return el("tr", {}, el("td", { text: String(event.index + 1) }), el("th", { scope: "row", text: line.label }),
        ...ids.map((id) => el("td", { text: line.points ? String(line.points[id] ?? 0) : "" })));
    })));
  $("scorings-list").replaceChildren(events.length ? table : el("p", { text: tr("No scoring has happened yet.") }));
}

// ---- History ------------------------------------------------------------------------------------
async function undo() {
  const move = session.moves.pop();
  session.redo.push(move);
  const answer = await call(session.game, "replay", replayBody());
  session.state = answer.state;
  save();
  await refresh();
}

async function redo() {
  const left = [...session.redo];
  const move = left.pop();
  await play(move, left);
}

function exportGame() {
  $("replay-text").value = toJSON(replayBody());
  $("replay-text").focus();
}

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
  session = { game, mode: body.state ? "table" : "digital", setup: body.setup || null, start: body.state || null,
    moves: body.moves, redo: [], state: answer.state };
  save();
  await refresh();
}

// ---- Score helper -------------------------------------------------------------------------------
let helperTimer = null;

function helperSpec() { return G.HELPER[$("helper-game").value]; }

function helperRow(values = {}) {
  const spec = helperSpec();
  const index = $("helper-rows").tBodies[0].rows.length + 1;
  return el("tr", {}, ...spec.columns.map(([key, label]) => {
    const input = el("input", { "data-key": key, "aria-label": tr("{column}, row {row}", { column: tr(label), row: index }), autocomplete: "off" });
    input.value = values[key] ?? "";
    return el("td", {}, input);
  }));
}

function resetHelper() {
  const spec = helperSpec();
  $("helper-intro").textContent = tr(spec.intro);
  $("helper-rows").tHead.replaceChildren(el("tr", {}, ...spec.columns.map(([, label]) => el("th", { scope: "col", text: tr(label) }))));
  $("helper-rows").tBodies[0].replaceChildren(helperRow());
  $("helper-extra").replaceChildren(...spec.extra.flatMap(([key, label, options]) => {
    const id = `helper-${key}`;
    const control = options ? el("select", { id, "data-key": key }, ...options.map((o) => el("option", { value: o, text: o })))
      : el("input", { id, "data-key": key, autocomplete: "off" });
    return [el("label", { for: id, text: tr(label) }), control];
  }));
  for (const id of ["helper-violations", "helper-score", "helper-picture"]) $(id).replaceChildren();
}

function helperScheduled() {
  if (helperTimer === null) busy(1);
  clearTimeout(helperTimer);
  helperTimer = setTimeout(() => { helperTimer = null; guarded(helperUpdate).finally(() => busy(-1)); }, 250);
}

async function helperUpdate() {
  const game = $("helper-game").value;
  const spec = helperSpec();
  const rows = [...$("helper-rows").tBodies[0].rows].map((tr) =>
    Object.fromEntries([...tr.querySelectorAll("input")].map((i) => [i.dataset.key, i.value.trim()])));
  const extra = Object.fromEntries([...$("helper-extra").querySelectorAll("[data-key]")].map((i) => [i.dataset.key, i.value.trim()]));
  const body = spec.body(rows, extra);
  $("helper-score").setAttribute("aria-busy", "true");
  try {
    const [score, picture] = await Promise.all([call(game, "score", body), call(game, "render", { state: body.state })]);
    const broken = score.violations || [];
    $("helper-violations").replaceChildren(...(broken.length
      ? [el("p", { className: "illegal", text: tr("Rules this position breaks:") }), violationList(broken)] : []));
    $("helper-score").replaceChildren(scoreTable(game, score, tr("Breakdown")));
    showPicture($("helper-picture"), picture);
  } finally {
    $("helper-score").removeAttribute("aria-busy");
  }
}

// ---- Wiring -------------------------------------------------------------------------------------
function wire() {
  $("game").addEventListener("change", updatePlayersHint);
  $("start-form").addEventListener("submit", startGame);
  $("viewer").addEventListener("change", () => guarded(refresh));
  $("composer").addEventListener("submit", (e) => { e.preventDefault(); guarded(async () => {
    if (!session) throw new Problem(tr("No game yet"), tr("Start or import a game first."));
    showVerdict(await call(session.game, "moves", { state: session.state, move: composedMove() }));
  }); });
  $("play-composed").addEventListener("click", () => guarded(() => play(composedMove())));
  $("undo").addEventListener("click", () => guarded(undo));
  $("redo").addEventListener("click", () => guarded(redo));
  $("export").addEventListener("click", exportGame);
  $("import").addEventListener("click", () => guarded(importGame));
  $("new-game").addEventListener("click", () => {
    session = null; save();
    for (const id of ["play", "score", "history"]) $(id).hidden = true;
    $("game").focus();
  });
  $("scorings").addEventListener("toggle", () => { if ($("scorings").open && session) guarded(showScorings); });
  $("helper-game").addEventListener("change", resetHelper);
  $("helper-add").addEventListener("click", () => { $("helper-rows").tBodies[0].append(helperRow()); helperScheduled(); });
  $("helper-clear").addEventListener("click", resetHelper);
  $("helper-rows").addEventListener("input", helperScheduled);
  $("helper-extra").addEventListener("input", helperScheduled);
  $("helper-extra").addEventListener("change", helperScheduled);
}

async function main() {
  await loadLanguage();
  wire();
  await guarded(async () => {
    games = await catalogue();
    fillGameSelects();
    resetHelper();
    const kept = localStorage.getItem(STORE);
    if (!kept) return;
    const saved = parseJSON(kept);
    const answer = await call(saved.game, "replay", saved.mode === "table"
      ? { state: saved.start, moves: saved.moves } : { setup: saved.setup, moves: saved.moves });
    session = { ...saved, state: answer.state };
    $("game").value = saved.game;
    await refresh();
  });
}

main();
