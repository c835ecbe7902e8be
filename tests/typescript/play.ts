// One seeded game of each of the four games against a live service, typed only by the types
// openapi-typescript generates from openapi.yaml (./schema.ts, written beside this file by
// tests/test_typescript_client.py), compiled with `tsc --strict`. A score's breakdown details are read
// through their generated type, with no cast; a request leaves out every field that has a default; the
// winners the last move's `game_ended` event names are read from the game's typed event union.
import type { components } from "./schema";

type S = components["schemas"];
declare const process: { env: Record<string, string | undefined>; exitCode?: number };

const base = process.env.SERVICE_URL ?? "http://127.0.0.1:8080";

async function post<Answer>(game: string, op: string, body: object): Promise<Answer> {
  const response = await fetch(`${base}/v1/games/${game}/${op}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${game} ${op}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Answer; // the one boundary where JSON becomes the generated type
}

interface Played {
  game: string; moves: number; winners: string[]; standings: Record<string, number>; details: number;
  ended: string[] | undefined;
}

type Answers<State, Move, Event = unknown> = {
  setup: { state: State; status: S["Status"]; seed: S["Seed"] };
  legal: { moves: Move[]; count: number; status: S["Status"] };
  move: { legal: boolean; state?: State | null; status: S["Status"]; violations: S["Violation"][]; events: Event[] };
  score: { players: { id: string; total: number; breakdown: S["ScoreBreakdownItem"][] }[];
           awarded: S["ScoreAwarded"]; standings: S["ScoreStandings"]; winners: S["ScoreWinners"] };
};

/** Counts a breakdown's details as typed fields (each optional: which ones a line has depends on it). */
function detailsRead(score: Answers<unknown, unknown>["score"]): number {
  let read = 0;
  for (const player of score.players) {
    for (const item of player.breakdown) {
      const detail: S["ScoreDetail"] = item.detail;
      const numbers = [detail.count, detail.rank, detail.length, detail.size, detail.tiles_on_board,
                       detail.floors, detail.multiplier, detail.per_skyscraper ?? undefined];
      read += numbers.filter((value): value is number => typeof value === "number").length;
      read += (detail.lots ?? []).length + (detail.plots ?? []).length + (detail.place ? 1 : 0)
        + (detail.district ? 1 : 0) + (detail.complete === undefined ? 0 : 1)
        + (detail.already_applied === undefined ? 0 : 1);
    }
  }
  return read;
}

/** The winners a game's `game_ended` event names (narrowed on its `kind`, with no cast), else undefined. */
type EndOf<Event> = (event: Event) => string[] | undefined;

async function play<State, Move, Event>(game: string, setup: object, scoreRequest: (state: State) => object,
                                        moveRequest: (state: State, move: Move) => object,
                                        endOf: EndOf<Event>): Promise<Played> {
  type A = Answers<State, Move, Event>;
  let ended: string[] | undefined;
  let answer = await post<A["setup"]>(game, "setup", setup);
  let state = answer.state;
  let status = answer.status;
  let moves = 0;
  let pick = 7;
  while (!status.over) {
    const listed = await post<A["legal"]>(game, "legal-moves", { state });
    if (listed.moves.length === 0) throw new Error(`${game}: no legal move while the game goes on`);
    pick = (pick * 1103515245 + 12345) % 2147483648;
    const move = listed.moves[pick % listed.moves.length];
    if (move === undefined) throw new Error(`${game}: no move at ${pick % listed.moves.length}`);
    const moved = await post<A["move"]>(game, "moves", moveRequest(state, move));
    if (!moved.legal || !moved.state) throw new Error(`${game}: a listed move was refused: ${JSON.stringify(moved.violations)}`);
    state = moved.state;
    status = moved.status;
    for (const event of moved.events) ended = endOf(event) ?? ended;
    moves += 1;
    if (moves > 3000) throw new Error(`${game}: no end after 3000 moves`);
  }
  const score = await post<A["score"]>(game, "score", scoreRequest(state));
  return { game, moves, winners: score.winners, standings: score.standings, details: detailsRead(score), ended };
}

async function main(): Promise<void> {
  const newYork: S["NewYorkSetupRequest"] = { players: ["anna", "ben"], seed: 7 };
  const chinatown: S["ChinatownSetupRequest"] = { players: ["anna", "ben", "cleo"], seed: 11 };
  const skyline: S["Skyline3000SetupRequest"] = { players: ["anna", "ben"], seed: 7 };
  const fifth: S["FifthAvenueSetupRequest"] = { players: ["anna", "ben", "cleo"], seed: 5 };
  const results = [
    await play<S["NewYorkState"], S["NewYorkMove"], S["NewYorkEvent"]>("newyork", newYork,
      (state): S["NewYorkScoreRequest"] => ({ state, scoring: "final" }),
      (state, move): S["NewYorkMoveRequest"] => ({ state, move }),
      (event) => (event.kind === "game_ended" ? event.winners : undefined)),
    await play<S["ChinatownState"], S["ChinatownMove"], S["ChinatownEvent"]>("chinatown", chinatown,
      (state): S["ChinatownScoreRequest"] => ({ state }),
      (state, move): S["ChinatownMoveRequest"] => ({ state, move }),
      (event) => (event.kind === "game_ended" ? event.winners : undefined)),
    await play<S["Skyline3000State"], S["Skyline3000Move"], S["Skyline3000Event"]>("skyline3000", skyline,
      (state): S["Skyline3000ScoreRequest"] => ({ state }),
      (state, move): S["Skyline3000MoveRequest"] => ({ state, move }),
      (event) => (event.kind === "game_ended" ? event.winners : undefined)),
    await play<S["FifthAvenueState"], S["FifthAvenueMove"], S["FifthAvenueEvent"]>("fifthavenue", fifth,
      (state): S["FifthAvenueScoreRequest"] => ({ state }),
      (state, move): S["FifthAvenueMoveRequest"] => ({ state, move }),
      (event) => (event.kind === "game_ended" ? event.winners : undefined)),
  ];
  // The README's partial Chinatown score body, as a typed request (its defaulted fields left out).
  const partial: S["ChinatownScoreRequest"] = { state: { board: { "1": { owner: "anna", shop: "photo" },
                                                                  "2": { owner: "anna", shop: "photo" } } } };
  const income = await post<Answers<unknown, unknown>["score"]>("chinatown", "score", partial);
  console.log(JSON.stringify({ results, partial: { awarded: income.awarded, standings: income.standings } }));
}

main().catch((error: unknown) => { console.error(error); process.exitCode = 1; });
