"""What a legal move does, on a plain (JSON-ready) working copy of the state: the effects of each move
and the automatic steps that follow (dummy bids, auction results, building stops, the end)."""
from __future__ import annotations

from typing import Any

from ..core import Event, Memo
from ..random import Rng
from . import data as D
from . import rules as R
from . import scoring as S

W = dict[str, Any]


# ------------------------------------------------------------------ lookups on the working copy


def pl(w: W, pid: str) -> W:
    for p in w["players"]:
        if p["id"] == pid:
            return p
    raise KeyError(pid)


def is_dummy(w: W, pid: str | None) -> bool:
    return w["dummy"] is not None and w["dummy"]["id"] == pid


def ids(w: W) -> list[str]:
    return [p["id"] for p in w["players"]]


def clockwise_from(w: W, first: str) -> list[str]:
    order = ids(w)
    i = order.index(first)
    return order[i:] + order[:i]


def own_colour(w: W, did: str, pid: str) -> str | None:
    for colour, p in w["districts"][did]["plots"].items():
        if p["skyscrapers"] is not None and p["skyscrapers"]["owner"] == pid:
            return colour
    return None


def is_empty(p: W) -> bool:
    return not p["businesses"] and p["skyscrapers"] is None


def district_full(w: W, did: str) -> bool:
    return all(not is_empty(p) for p in w["districts"][did]["plots"].values())


def material(w: W, did: str) -> dict[str, Any]:
    return {
        "ring": list(w["options"]["board"]["plot_ring"]),
        "plots": {
            c: {"businesses": sorted(p["businesses"]),
                "skyscrapers": None if p["skyscrapers"] is None else [p["skyscrapers"]["owner"],
                                                                      p["skyscrapers"]["count"]]}
            for c, p in w["districts"][did]["plots"].items()
        },
    }


def rows(w: W, did: str, memo: Memo) -> list[dict[str, Any]]:
    m = material(w, did)
    return memo.get_or_compute(S.KIND_DISTRICT, m, lambda: S.compute_rows(m), S.rows_ok)


def add_points(w: W, gained: dict[str, int]) -> None:
    for p in w["players"]:
        p["points"] += gained.get(p["id"], 0)


def give_card(w: W, pid: str, text: str) -> None:
    p = pl(w, pid)
    if p["hand"] is not None:
        p["hand"] = sorted(p["hand"] + [text])
    p["hand_size"] += 1


def take_cards_from_hand(w: W, pid: str, cards: list[str]) -> None:
    p = pl(w, pid)
    if p["hand"] is not None:
        hand = list(p["hand"])
        for c in cards:
            hand.remove(c)
        p["hand"] = hand
    p["hand_size"] -= len(cards)


def set_pending(w: W, pending: W) -> None:
    w["pending"] = pending


# ------------------------------------------------------------------ drawing


def black_discards(w: W) -> list[int]:
    return sorted(D.card_parts(c)[1] for c in w["discard"] if D.card_parts(c)[0] == D.BLACK)


def refill_black(w: W, ev: list[Event], need: int = 1) -> None:
    """Reading `black_deck_empty`: when the black deck cannot give what a draw needs, the discarded black
    cards are shuffled into it (digital play: the pinned shuffle seeded by the deck's hidden
    ``shuffle_seed``; without that seed, or at a real table, the deck's order becomes unknown)."""
    deck = w["black_deck"]
    if w["options"]["black_deck_empty"] != "reshuffle" or deck["count"] >= need:
        return
    values = black_discards(w)
    if not values:
        return
    w["discard"] = [c for c in w["discard"] if D.card_parts(c)[0] != D.BLACK]
    ev.append(Event("black_deck_reshuffled", {"cards": len(values)}))
    if deck["cards"] is not None and deck.get("shuffle_seed") is not None:
        rng = Rng(deck["shuffle_seed"])
        deck["cards"] = deck["cards"] + rng.shuffled(values)
        deck["shuffle_seed"] = rng.below(D.SEED_SPAN)
    else:
        deck["cards"] = None
        deck["shuffle_seed"] = None
    deck["count"] += len(values)


def draw_black(w: W, requests: list[tuple[str, int]], ev: list[Event]) -> None:
    """Black cards for each (player, n) in order; an empty deck is refilled from the discards (reading
    `black_deck_empty`) or gives no more."""
    deck = w["black_deck"]
    if deck["cards"] is None or deck.get("shuffle_seed") is None:
        refill_black(w, ev, sum(n for _, n in requests))
    if deck["cards"] is None:
        left = deck["count"]
        draws = []
        for pid, n in requests:
            k = min(n, left)
            left -= k
            if k > 0:
                draws.append((pid, k))
        if draws:
            set_pending(w, {"kind": "black_cards", "draws": [{"player": p, "count": k} for p, k in draws]})
        return
    for pid, n in requests:
        got = 0
        for _ in range(n):
            if deck["count"] == 0:
                refill_black(w, ev)
            if deck["count"] == 0:
                break
            give_card(w, pid, D.card(D.BLACK, deck["cards"].pop(0)))
            deck["count"] -= 1
            got += 1
        if got:
            ev.append(Event("black_cards_drawn", {"player": pid, "count": got}))


def take_top(w: W, colour: str, pid: str) -> bool:
    """The visible top card of a colour stack into the hand; True when the new top must be revealed."""
    st = w["stacks"][colour]
    give_card(w, pid, D.card(colour, st["top"]))
    st["count"] -= 1
    if st["below"] is not None:
        st["top"] = st["below"].pop(0) if st["below"] else None
        return False
    st["top"] = None
    return st["count"] > 0


# ------------------------------------------------------------------ turn flow


def end_turn(w: W) -> None:
    order = ids(w)
    nxt = order[(order.index(w["turn"]["player"]) + 1) % len(order)]
    w["turn"] = {"player": nxt, "phase": "action1", "action": None, "start_queue": []}


def place_start(w: W, pid: str, did: str, colour: str, ev: list[Event]) -> None:
    w["districts"][did]["plots"][colour]["skyscrapers"] = {"owner": pid, "count": 1}
    queue = w["turn"]["start_queue"][1:]
    ev.append(Event("start_skyscraper_placed", {"player": pid, "district": did, "plot": colour}))
    if queue:
        w["turn"] = {"player": queue[0], "phase": "start", "action": None, "start_queue": queue}
    else:
        first = w["players"][0]["id"]
        w["turn"] = {"player": first, "phase": "action1", "action": None, "start_queue": []}


def take_skyscrapers(w: W, pid: str, ev: list[Event]) -> None:
    p = pl(w, pid)
    n = min(D.ACTION_A_SKYSCRAPERS, p["general"])
    p["general"] -= n
    p["supply"] += n
    ev.append(Event("skyscrapers_taken", {"player": pid, "count": n}))
    w["turn"].update(phase="action2", action="A")


def current_set(w: W) -> int | None:
    for i, tiles in enumerate(w["supply_row"]):
        if tiles is None or tiles:
            return i
    return None


def place_business(w: W, pid: str, did: str, colour: str, business: str, ev: list[Event], memo: Memo) -> None:
    index = current_set(w)
    tiles = w["supply_row"][index]
    tiles.remove(business)
    plot = w["districts"][did]["plots"][colour]
    plot["businesses"] = sorted(plot["businesses"] + [business])
    w["businesses_placed"] += 1
    placed = w["businesses_placed"]
    ev.append(Event("business_placed", {"player": pid, "district": did, "plot": colour, "business": business,
                                        "number": placed}))
    if len(tiles) == 1:
        last = tiles.pop()
        w["districts"][D.CENTRAL_PARK]["businesses"].append(last)
        ev.append(Event("business_to_central_park", {"business": last}))
    w["turn"].update(phase="action2", action="B")
    if placed >= D.BUSINESSES_ENDING_GAME:
        end_game(w, ev, memo)
        return
    special(w, placed, ev)
    nxt = current_set(w)
    if nxt is not None and w["supply_row"][nxt] is None:
        set_pending(w, {"kind": "supply_set", "index": nxt, "count": D.SET_SIZES[nxt]})


def special(w: W, placed: int, ev: list[Event]) -> None:
    for after, points, need in (tuple(s.values()) for s in w["options"]["special_scorings"]):
        if after != placed:
            continue
        gained = {}
        for pid in ids(w):
            n = sum(1 for did in D.DISTRICTS if not w["districts"][did]["stopped"] and own_colour(w, did, pid))
            if n >= need:
                gained[pid] = points
        add_points(w, gained)
        ev.append(Event("special_scoring", {"after": after, "points": gained}))


def value_district(w: W, pid: str, did: str, ev: list[Event], memo: Memo) -> None:
    r = rows(w, did, memo)
    gained = S.points_by_owner(r)
    add_points(w, gained)
    ev.append(Event("district_scored", {"district": did, "points": {k: v for k, v in gained.items()
                                                                   if not is_dummy(w, k)}}))
    w["turn"].update(phase="action3", action="D")
    requests = [(pid, w["options"]["valuation_black_cards"])]
    owners = {x["owner"] for x in r}
    for q in clockwise_from(w, pid):
        if q not in owners:
            if q == pid:
                requests[0] = (pid, requests[0][1] + 1)
            else:
                requests.append((q, 1))
    draw_black(w, requests, ev)


def take_cards(w: W, pid: str, colours: list[str], ev: list[Event]) -> None:
    reveal = [c for c in colours if take_top(w, c, pid)]
    ev.append(Event("cards_taken", {"player": pid, "colours": list(colours)}))
    w["turn"].update(phase="action3")
    if reveal:
        set_pending(w, {"kind": "stack_top", "colours": reveal})


def move_commissioner(w: W, pid: str, name: str, to: str, resume: str, ev: list[Event]) -> bool:
    """One step; True when the move back to City Hall started the auctions."""
    k = w["commissioners"][name]
    old = k["at"]
    ev.append(Event("commissioner_moved", {"commissioner": name, "from": old, "to": to}))
    if to == D.CITY_HALL:
        start_auctions(w, name, pid, resume, ev)
        return True
    if old in D.DISTRICTS and not w["districts"][old]["stopped"] and old not in k["markers"] \
            and len(k["markers"]) < D.MARKERS_PER_COMMISSIONER:
        k["markers"].append(old)
    k["at"] = to
    return False


def black_and_move(w: W, pid: str, name: str, to: str, ev: list[Event]) -> None:
    w["turn"].update(phase="action2", action="C")
    draw_black(w, [(pid, 1)], ev)
    move_commissioner(w, pid, name, to, "action2", ev)


def third_action(w: W, pid: str, name: str, to: str, ev: list[Event]) -> None:
    if not move_commissioner(w, pid, name, to, "next_turn", ev):
        end_turn(w)


# ------------------------------------------------------------------ auctions


def start_auctions(w: W, name: str, trigger: str, resume: str, ev: list[Event]) -> None:
    k = w["commissioners"][name]
    sites = [d for d in k["markers"] if not w["districts"][d]["stopped"]] + [D.CENTRAL_PARK]
    k["markers"] = []
    k["at"] = D.CITY_HALL
    ev.append(Event("auctions_started", {"commissioner": name, "sites": sites}))
    w["auction"] = {"commissioner": name, "trigger": trigger, "resume": resume}
    w["turn"]["phase"] = "auction"
    begin_site(w, sites[0], sites[1:])


def begin_site(w: W, site: str, queue: list[str]) -> None:
    a = w["auction"]
    order = clockwise_from(w, a["trigger"])
    if w["dummy"] is not None:
        order.insert(2, w["dummy"]["id"])  # the dummy always bids third, in Central Park too (RGG-p5)
    park = site == D.CENTRAL_PARK
    a.update(site=site, queue=list(queue), stage="bidding", order=order, to_act=a["trigger"],
             full=False if park else district_full(w, site), park_colour=None, bids=[], passed=[],
             dummy_bid=None, winner=None)


def bid_total(cards: list[str]) -> int:
    return sum(D.card_parts(c)[1] for c in cards)


def high(a: W) -> int:
    return max((bid_total(b["cards"]) for b in a["bids"]), default=0)


def bid_of(a: W, pid: str) -> W | None:
    for b in a["bids"]:
        if b["player"] == pid:
            return b
    return None


def bid(w: W, pid: str, colour: str | None, cards: list[str], ev: list[Event], memo: Memo) -> None:
    a = w["auction"]
    mine = bid_of(a, pid)
    if not is_dummy(w, pid):
        take_cards_from_hand(w, pid, cards)
    if mine is None:
        a["bids"].append({"player": pid, "colour": colour, "cards": sorted(cards)})
        if a["site"] == D.CENTRAL_PARK and a["park_colour"] is None:
            a["park_colour"] = colour  # the opening card sets Central Park's colour (RGG-p10)
            ev.append(Event("park_colour_set", {"player": pid, "colour": colour}))
    else:
        mine["cards"] = sorted(mine["cards"] + cards)
    ev.append(Event("bid", {"player": pid, "total": high(a)}))
    after_turn(w, pid, ev, memo)


def pass_(w: W, pid: str, ev: list[Event], memo: Memo) -> None:
    a = w["auction"]
    mine = bid_of(a, pid)
    if mine is not None:
        a["bids"].remove(mine)
        if not is_dummy(w, pid):
            for c in mine["cards"]:
                give_card(w, pid, c)
    a["passed"].append(pid)
    ev.append(Event("passed", {"player": pid}))
    after_turn(w, pid, ev, memo)


def after_turn(w: W, actor: str, ev: list[Event], memo: Memo) -> None:
    a = w["auction"]
    active = [p for p in a["order"] if p not in a["passed"]]
    if not active:
        ev.append(Event("auction_without_bids", {"site": a["site"]}))
        site_end(w, ev, memo)
    elif len(active) == 1 and bid_of(a, active[0]) is not None:
        win(w, active[0], ev, memo)
    else:
        order = a["order"]
        i = order.index(actor)
        for step in range(1, len(order) + 1):
            p = order[(i + step) % len(order)]
            if p not in a["passed"]:
                a["to_act"] = p
                break


def build(w: W, site: str, pid: str, colour: str | None, n: int, ev: list[Event]) -> None:
    if n <= 0:
        return
    if is_dummy(w, pid):
        w["dummy"]["general"] -= n
    else:
        pl(w, pid)["supply"] -= n
    if site == D.CENTRAL_PARK:
        entries = w["districts"][D.CENTRAL_PARK]["skyscrapers"]
        for e in entries:
            if e["owner"] == pid:
                e["count"] += n
                break
        else:
            entries.append({"owner": pid, "count": n})
            entries.sort(key=lambda e: e["owner"])
    else:
        plot = w["districts"][site]["plots"][colour]
        if plot["skyscrapers"] is None:
            plot["skyscrapers"] = {"owner": pid, "count": n}
        else:
            plot["skyscrapers"]["count"] += n
    ev.append(Event("skyscrapers_built", {"player": pid, "site": site, "plot": colour, "count": n}))


def limit_of(cards: list[str]) -> int:
    return D.BUILD_LIMIT[max(D.card_parts(c)[1] for c in cards)]


def options_of_winner(w: W, pid: str, bid_colour: str, limit: int) -> tuple[tuple[str, int], ...]:
    a = w["auction"]
    site = a["site"]
    supply = pl(w, pid)["supply"]
    if site == D.CENTRAL_PARK:
        return R.winner_options(True, False, False, False, limit, supply)
    own = own_colour(w, site, pid) is not None
    target_empty = is_empty(w["districts"][site]["plots"][bid_colour])
    return R.winner_options(False, own, target_empty, a["full"], limit, supply)


def win(w: W, pid: str, ev: list[Event], memo: Memo) -> None:
    a = w["auction"]
    b = bid_of(a, pid)
    site = a["site"]
    limit = limit_of(b["cards"])
    ev.append(Event("auction_won", {"site": site, "player": pid, "total": bid_total(b["cards"]), "limit": limit}))
    if is_dummy(w, pid):
        a["bids"] = []
        if site != D.CENTRAL_PARK:  # in Central Park Alea does not build (RGG-p5)
            if is_empty(w["districts"][site]["plots"][b["colour"]]) or own_colour(w, site, pid) is not None:
                build(w, site, pid, b["colour"], min(limit, w["dummy"]["general"]), ev)
            else:
                declare_stop(w, site, pid, ev, memo)
        site_end(w, ev, memo)
        return
    choices = options_of_winner(w, pid, b["colour"], limit)
    if len(choices) > 1:
        a.update(stage="resolve", winner=pid, to_act=pid, bids=[b])
        return
    kind, n = choices[0]
    a["bids"] = [b]
    if kind == "stop":
        resolve_stop(w, pid, ev, memo)
    else:
        resolve_build(w, pid, n, ev, memo)


def resolve_build(w: W, pid: str, n: int, ev: list[Event], memo: Memo) -> None:
    """The winner builds ``n`` (1 up to his limit and supply; 0 when his supply is empty) on his plot,
    on the empty plot of his bid's colour, or below Central Park."""
    a = w["auction"]
    b = a["bids"][0]
    a["bids"] = []
    w["discard"] = sorted(w["discard"] + b["cards"])
    site = a["site"]
    colour = None if site == D.CENTRAL_PARK else (own_colour(w, site, pid) or b["colour"])
    build(w, site, pid, colour, n, ev)
    site_end(w, ev, memo)


def resolve_stop(w: W, pid: str, ev: list[Event], memo: Memo) -> None:
    a = w["auction"]
    b = a["bids"][0]
    a["bids"] = []
    w["discard"] = sorted(w["discard"] + b["cards"])
    declare_stop(w, a["site"], pid, ev, memo)
    site_end(w, ev, memo)


def declare_stop(w: W, did: str, declarer: str, ev: list[Event], memo: Memo) -> None:
    r = rows(w, did, memo)
    gained = {k: v for k, v in S.stop_points(r, declarer).items() if not is_dummy(w, k)}
    add_points(w, gained)
    district = w["districts"][did]
    removed = w["removed"]
    for plot in district["plots"].values():
        removed["businesses"] = sorted(removed["businesses"] + plot["businesses"])
        plot["businesses"] = []
        sky = plot["skyscrapers"]
        if sky is not None:
            for e in removed["skyscrapers"]:
                if e["owner"] == sky["owner"]:
                    e["count"] += sky["count"]
                    break
            else:
                removed["skyscrapers"].append(dict(sky))
                removed["skyscrapers"].sort(key=lambda e: e["owner"])
            plot["skyscrapers"] = None
    district["stopped"] = True
    for k in w["commissioners"].values():
        if did in k["markers"]:
            k["markers"].remove(did)
    ev.append(Event("building_stop_scored", {"district": did, "declarer": declarer, "points": gained}))


def stops(w: W) -> int:
    return sum(1 for d in D.DISTRICTS if w["districts"][d]["stopped"])


def site_end(w: W, ev: list[Event], memo: Memo) -> None:
    a = w["auction"]
    if a["dummy_bid"]:
        deck = w["black_deck"]
        deck["count"] += len(a["dummy_bid"])
        if deck["cards"] is not None:
            deck["cards"].extend(a["dummy_bid"])
        a["dummy_bid"] = None
    if stops(w) >= D.STOPS_ENDING_GAME:
        end_game(w, ev, memo)
        return
    if a["queue"]:
        begin_site(w, a["queue"][0], a["queue"][1:])
        return
    resume = a["resume"]
    w["auction"] = None
    ev.append(Event("auctions_ended", {}))
    if resume == "action2":
        w["turn"]["phase"] = "action2"
    else:
        end_turn(w)


def dummy_colour(w: W, site: str) -> str | None:
    """Readings `dummy_plot`, `dummy_building_stop`, `dummy_park_opening`: the colour Alea bids, or None."""
    if site == D.CENTRAL_PARK:
        return w["auction"]["park_colour"]
    plots = w["districts"][site]["plots"]
    own = own_colour(w, site, w["dummy"]["id"])
    if own is not None:
        return own
    ring = w["options"]["board"]["plot_ring"]
    empty = [c for c in ring if is_empty(plots[c])]
    if empty:
        if w["options"]["dummy_plot"] == "most_types":
            return max(empty, key=lambda c: (len(R.adjacent_types(ring, plots, c)), -ring.index(c)))
        return empty[0]
    if w["options"]["dummy_building_stop"]:
        return next((c for c in ring if plots[c]["businesses"] and plots[c]["skyscrapers"] is None), None)
    return None


def draw_dummy_bid(w: W, ev: list[Event]) -> list[int]:
    deck = w["black_deck"]
    drawn: list[int] = []
    while True:
        if deck["count"] == 0:
            refill_black(w, ev)
        if not deck["cards"]:
            break
        value = deck["cards"].pop(0)
        deck["count"] -= 1
        drawn.append(value)
        if value in drawn[:-1]:
            break
    return drawn


def dummy_needs_supply(w: W, site: str, colour: str) -> bool:
    """Alea builds (and so needs skyscrapers) in a district on its own or an empty plot."""
    if site == D.CENTRAL_PARK:
        return False
    return own_colour(w, site, w["dummy"]["id"]) is not None or is_empty(w["districts"][site]["plots"][colour])


def dummy_act(w: W, ev: list[Event], memo: Memo) -> None:
    a = w["auction"]
    me = w["dummy"]["id"]
    colour = dummy_colour(w, a["site"])
    if (bid_of(a, me) is not None or colour is None
            or (dummy_needs_supply(w, a["site"], colour) and w["dummy"]["general"] <= 0)):
        pass_(w, me, ev, memo)
        return
    if a["dummy_bid"] is None:
        deck = w["black_deck"]
        if deck["cards"] is None:
            refill_black(w, ev, len(D.VALUES) + 1)  # the longest draw a repeat allows
            if deck["count"] > 0:
                set_pending(w, {"kind": "dummy_bid"})
                return
        a["dummy_bid"] = draw_dummy_bid(w, ev) if deck["cards"] is not None else []
    cards = [D.card(D.BLACK, x) for x in a["dummy_bid"]]
    if cards and bid_total(cards) > high(a):
        bid(w, me, colour, cards, ev, memo)
    else:
        pass_(w, me, ev, memo)


def advance(w: W, ev: list[Event], memo: Memo) -> None:
    """The automatic steps: the dummy's turns in an auction, until a player must move or reveal."""
    for _ in range(64):
        if w["pending"] is not None or w["turn"]["phase"] == "over":
            return
        a = w["auction"]
        if a is not None and a["stage"] == "bidding" and is_dummy(w, a["to_act"]):
            dummy_act(w, ev, memo)
            continue
        return


# ------------------------------------------------------------------ the end


def end_game(w: W, ev: list[Event], memo: Memo) -> None:
    w["auction"] = None
    w["turn"].update(phase="over")
    for did in D.DISTRICTS:
        if not w["districts"][did]["stopped"]:
            gained = {k: v for k, v in S.points_by_owner(rows(w, did, memo)).items() if not is_dummy(w, k)}
            add_points(w, gained)
            ev.append(Event("final_district_scored", {"district": did, "points": gained}))
    park = w["districts"][D.CENTRAL_PARK]["businesses"]
    if len(park) <= D.PARK_TILES_REVEALED:
        finish_final(w, list(park), ev)
    elif w["park_order"] is not None:
        chosen = [park[i] for i in w["park_order"] if i < len(park)][: D.PARK_TILES_REVEALED]
        finish_final(w, chosen, ev)
    else:
        set_pending(w, {"kind": "central_park_tiles", "count": D.PARK_TILES_REVEALED})


def finish_final(w: W, tiles: list[str], ev: list[Event]) -> None:
    sky = {}
    for e in w["districts"][D.CENTRAL_PARK]["skyscrapers"]:
        if not is_dummy(w, e["owner"]):
            sky[e["owner"]] = sky.get(e["owner"], 0) + e["count"]
    types, each, gained = S.park_points(sky, tiles, w["options"]["park_tiles_fewer"])
    add_points(w, gained)
    points = {p["id"]: p["points"] for p in w["players"]}
    cards = {p["id"]: p["hand_size"] for p in w["players"]}
    won = S.winners(points, cards)
    w["result"] = {"winners": won, "central_park_tiles": sorted(tiles)}
    ev.append(Event("central_park_scored", {"tiles": sorted(tiles), "types": types, "points": gained}))
    ev.append(Event("game_ended", {"winners": won, "points": points}))
