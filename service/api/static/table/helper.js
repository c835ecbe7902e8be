// The score helper: a table entered as it stands, row by row, scored and drawn as it is typed. A problem is
// shown next to the row it is about; a score that no longer matches the rows is marked out of date until
// the rows score again.
import { call, family, Problem } from "./api.js";
import { $, el } from "./dom.js";
import * as G from "./games.js";
import { tr } from "./i18n.js";
import { tapBuilder } from "./helpertap.js";
import { markTargets, sizePicture } from "./board.js";

let timer = null;
let show = null;  // {busy, scoreTable, violationList, showPicture} from the page
let tapper = null;  // the tap builder of the game chosen (helpertap.js), where it has one

const spec = () => G.HELPER[$("helper-game").value] || G.HELPER[family($("helper-game").value)];
const bodyRows = () => [...$("helper-rows").tBodies[0].rows];

function row(values = {}) {
  const index = bodyRows().length + 1;
  return el("tr", {}, ...spec().columns.map(([key, label]) => {
    const input = el("input", { "data-key": key, "aria-label": tr("{column}, row {row}", { column: tr(label), row: index }), autocomplete: "off" });
    input.value = values[key] ?? "";
    return el("td", {}, input);
  }), el("td", { className: "row-error-text", "aria-live": "polite" }));
}

export function resetHelper() {
  const s = spec();
  $("helper-intro").textContent = tr(s.intro);
  $("helper-rows").tHead.replaceChildren(el("tr", {}, ...s.columns.map(([, label]) => el("th", { scope: "col", text: tr(label) })),
    el("th", { scope: "col", text: tr("Problem") })));
  $("helper-rows").tBodies[0].replaceChildren(row());
  $("helper-extra").replaceChildren(...s.extra.flatMap(([key, label, options]) => {
    const id = `helper-${key}`;
    const control = options ? el("select", { id, "data-key": key }, ...options.map((o) => el("option", { value: o, text: o })))
      : el("input", { id, "data-key": key, autocomplete: "off" });
    return [el("label", { for: id, text: tr(label) }), control];
  }));
  for (const id of ["helper-violations", "helper-score", "helper-picture", "helper-stale"]) $(id).replaceChildren();
  tapper = null;
  $("helper-taps-box").replaceChildren();
  const game = $("helper-game").value;
  if (!game) return;
  show?.busy(1);
  tapBuilder(game, readRows, put, markTargets).then((t) => {
    if ($("helper-game").value !== game) return;
    tapper = t;
    $("helper-taps-box").replaceChildren(...(t ? [t.node] : []));
    if (t && show && family(game) === "chinatown") scheduled();  // the board's picture, to tap lots on
  }).catch(() => {}).finally(() => show?.busy(-1));
}

const readRows = () => bodyRows().map((r) => Object.fromEntries([...r.querySelectorAll("input")].map((i) => [i.dataset.key, i.value.trim()])));

// A row put by a tap: it replaces the row ``same`` finds (a cell, a lot entered before), else fills an empty
// last row or is added.
function put(values, same) {
  const rows = bodyRows();
  const read = readRows();
  let index = read.findIndex(same);
  if (index < 0 && read.length && Object.values(read[read.length - 1]).every((v) => v === "")) index = read.length - 1;
  if (index < 0) { $("helper-rows").tBodies[0].append(row(values)); } else {
    for (const input of rows[index].querySelectorAll("input")) input.value = values[input.dataset.key] ?? "";
  }
  scheduled();
}

function markStale(text) {
  if (!$("helper-score").firstChild) return;
  $("helper-score").classList.add("stale");
  $("helper-stale").replaceChildren(el("p", { className: "stale-note", text }));
}

function scheduled() {
  if (timer === null) show.busy(1);
  markStale(tr("Out of date: the rows have changed since this score."));
  clearTimeout(timer);
  timer = setTimeout(() => { timer = null; update().finally(() => show.busy(-1)); }, 250);
}

// The row a pointer of the request is about: the longest prefix the rows' body recorded.
function rowOf(pointer, where) {
  let best = null;
  for (const [prefix, index] of where) {
    if ((pointer === prefix || pointer.startsWith(`${prefix}/`)) && (!best || prefix.length > best[0].length)) best = [prefix, index];
  }
  return best ? best[1] : null;
}

function showRowProblems(problems, where) {
  const rows = bodyRows();
  for (const r of rows) { r.classList.remove("row-error"); r.lastChild.textContent = ""; }
  const unplaced = [];
  for (const p of problems) {
    const index = p.pointer ? rowOf(p.pointer, where) : null;
    if (index === null || !rows[index]) { unplaced.push(p); continue; }
    rows[index].classList.add("row-error");
    const cell = rows[index].lastChild;
    cell.textContent = cell.textContent ? `${cell.textContent}; ${p.message}` : p.message;
  }
  return unplaced;
}

async function update() {
  const game = $("helper-game").value;
  const rows = readRows();
  const extra = Object.fromEntries([...$("helper-extra").querySelectorAll("[data-key]")].map((i) => [i.dataset.key, i.value.trim()]));
  const { body, where } = spec().body(rows, extra);
  $("helper-score").setAttribute("aria-busy", "true");
  try {
    const [score, picture] = await Promise.all([call(game, "score", body), call(game, "render", { state: body.state })]);
    const broken = showRowProblems(score.violations || [], where);
    $("helper-violations").replaceChildren(...(broken.length
      ? [el("p", { className: "illegal", text: tr("Rules this position breaks:") }), show.violationList(broken)] : []));
    $("helper-score").replaceChildren(show.scoreTable(game, score, tr("Breakdown")));
    $("helper-score").classList.remove("stale");
    $("helper-stale").replaceChildren();
    show.showPicture($("helper-picture"), picture);
    if (tapper) {
      // lots to tap: the picture at its readable size (panned in its frame), its targets large enough
      sizePicture($("helper-picture").querySelector("svg"), true);
      tapper.markPicture($("helper-picture").querySelector("svg"));
    }
  } catch (error) {
    const problem = error instanceof Problem ? error : new Problem(tr("Something went wrong"), String(error.message || error));
    const unplaced = showRowProblems(problem.errors, where);
    $("helper-violations").replaceChildren(el("p", { className: "illegal", text: problem.title }),
      ...(unplaced.length ? [el("ul", {}, ...unplaced.map((e) => el("li", { text: `${e.pointer || ""} ${e.message || ""}`.trim() })))] : []));
    markStale(tr("Out of date: this score is of the rows before the marked problem."));
  } finally {
    $("helper-score").removeAttribute("aria-busy");
  }
}

export function wireHelper(page) {
  show = page;
  $("helper-game").addEventListener("change", resetHelper);
  $("helper-add").addEventListener("click", () => { $("helper-rows").tBodies[0].append(row()); scheduled(); });
  $("helper-clear").addEventListener("click", resetHelper);
  $("helper-rows").addEventListener("input", () => { scheduled(); tapper?.redraw(); });
  $("helper-extra").addEventListener("input", scheduled);
  $("helper-extra").addEventListener("change", scheduled);
}
