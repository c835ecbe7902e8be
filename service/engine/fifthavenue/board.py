"""Board geometry: the plot ring inside a district and the commissioners' graph (the `board` option; the
readings plot_ring and commissioner_graph say where they come from)."""

from __future__ import annotations

from . import data as D
from .options import Options
from .state import District, Plot, State


def neighbours(options: Options, colour: str) -> tuple[str, ...]:
    """The plots touching ``colour`` in a district: its two neighbours on the ring, and on the board's
    back side the sixth plot (reading `sixth_plot_neighbours`: it touches every plot of the ring)."""
    ring = options.plot_ring
    back = options.board_side == "back"
    if colour == D.SIXTH_PLOT and back:
        return tuple(sorted(ring))
    if colour not in ring:
        return ()
    i = ring.index(colour)
    n = len(ring)
    near = {ring[(i - 1) % n], ring[(i + 1) % n]} - {colour}
    return tuple(sorted(near | ({D.SIXTH_PLOT} if back else set())))


def district(state: State, district_id: str) -> District | None:
    for d in state.districts:
        if d.id == district_id:
            return d
    return None


def district_of(state: State, district_id: str) -> District:
    """The district of an id the checks or validate have accepted."""
    d = district(state, district_id)
    assert d is not None, district_id
    return d


def plot(d: District, colour: str) -> Plot | None:
    for p in d.plots:
        if p.colour == colour:
            return p
    return None


def is_empty(p: Plot) -> bool:
    return not p.businesses and p.skyscrapers is None


def is_full(d: District) -> bool:
    """Every plot holds skyscrapers or businesses (the condition for a building stop)."""
    return all(not is_empty(p) for p in d.plots)


def owned_plot(d: District, player: str) -> Plot | None:
    for p in d.plots:
        if p.skyscrapers is not None and p.skyscrapers.owner == player:
            return p
    return None


def stopped_ids(state: State) -> frozenset[str]:
    return frozenset(d.id for d in state.districts if d.stopped)


def steps(options: Options, stopped: frozenset[str], location: str) -> tuple[str, ...]:
    """Where a commissioner at ``location`` may go in one step: the next districts (skipping stopped
    ones, which are passed over to their own successors) or Central Park; from Central Park only back to
    City Hall."""
    if location == D.CENTRAL_PARK:
        return (D.CITY_HALL,)
    graph = options.graph
    out: list[str] = []
    seen: set[str] = set()
    todo = list(graph.get(location, ()))
    while todo:
        node = todo.pop(0)
        if node in seen:
            continue
        seen.add(node)
        if node in stopped:
            todo.extend(graph.get(node, ()))
        elif node not in out and node != location:
            out.append(node)
    return tuple(out)


def graph_problems(options: Options) -> list[str]:
    """Why a commissioners' graph is unusable: unknown nodes, cycles, or a district from which Central
    Park cannot be reached. The default graph's (none) are known from the start."""
    if options.commissioner_graph == _DEFAULT_GRAPH:
        return list(_DEFAULT_GRAPH_PROBLEMS)
    return _graph_problems(options.graph)


def _graph_problems(graph: dict[str, tuple[str, ...]]) -> list[str]:
    problems: list[str] = []
    for node, targets in graph.items():
        if node not in (D.CITY_HALL,) + D.DISTRICTS:
            problems.append(f"unknown node {node!r}")
        for t in targets:
            if t not in D.DISTRICTS + (D.CENTRAL_PARK,):
                problems.append(f"unknown target {t!r} from {node!r}")
    # reachability of Central Park and acyclicity, by depth-first search with colours
    state: dict[str, int] = {}

    def visit(node: str, depth: int) -> bool:
        if node == D.CENTRAL_PARK:
            return True
        if state.get(node) == 1 or depth > 20:
            problems.append(f"cycle through {node!r}")
            return False
        if state.get(node) == 2:
            return True
        state[node] = 1
        targets = graph.get(node, ())
        ok = bool(targets)
        for t in targets:
            ok = visit(t, depth + 1) and ok
        state[node] = 2
        if not targets:
            problems.append(f"Central Park cannot be reached from {node!r}")
        return ok

    visit(D.CITY_HALL, 0)
    for d in D.DISTRICTS:
        if d not in state:
            problems.append(f"district {d!r} cannot be reached from City Hall")
    return sorted(set(problems))


_DEFAULT_GRAPH = Options().commissioner_graph
_DEFAULT_GRAPH_PROBLEMS = tuple(_graph_problems(Options().graph))
