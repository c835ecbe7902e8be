"""Moves a referee enters by tapping on a phone (375x812, touch) and has checked before anything changes:
Chinatown's deal on a number pad, its trades (two and three parties) composed from what each party holds,
a refused trade applying nothing; amounts written per language."""

from __future__ import annotations

import pytest

from service.engine.chinatown.state import MOVE_TYPES as CHINATOWN
from service.engine.fifthavenue.state import MOVE_TYPES as FIFTH_AVENUE
from service.engine.newyork.state import MOVE_TYPES as NEW_YORK
from service.engine.skyline3000.state import MOVE_TYPES as SKYLINE

from .table import SETTLED, amount, no_problem_shown, real_table_step, settle, start, state, visible

PHONE = {"width": 375, "height": 812}
MOVE_TYPES = {
    "newyork": NEW_YORK,
    "alhambra": NEW_YORK,
    "chinatown": CHINATOWN,
    "skyline3000": SKYLINE,
    "fifthavenue": FIFTH_AVENUE,
}

# A cell whose text runs on more lines than its words: some word broken inside.
WORD_SPLIT = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('#play table td, #play table th, #score table td, #score table th, #final table td, #final table th')) {
    if (!cell.getClientRects().length) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const re = /\\S+/g; let m;
      while ((m = re.exec(node.nodeValue))) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""

SMALL = """(root) => [...document.querySelectorAll(root + ' button, ' + root + ' select, ' + root + ' input, ' + root + ' summary')]
  .filter((e) => e.getClientRects().length)
  .map((e) => [e, e.getBoundingClientRect(), parseFloat(getComputedStyle(e).fontSize)])
  .filter(([, r, f]) => r.height < 44 || r.width < 44 || f < 14)
  .map(([e, r, f]) => `${e.tagName}.${e.className} "${(e.textContent || '').trim().slice(0, 24)}" ${Math.round(r.width)}x${Math.round(r.height)} ${f}px`)"""


# Every tap (a click event, from the pointer or dispatched) counted on the page.
COUNT_TAPS = "() => { window.taps = 0; document.addEventListener('click', () => { window.taps += 1; }, true); }"


@pytest.fixture
def phone(browser, live_url):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, base_url=live_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.errors = errors
    page.goto("/table/")
    settle(page)
    yield page
    context.close()


class Taps:
    """Taps on the touch screen, counted."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def __call__(self, selector_or_locator) -> None:
        loc = self.page.locator(selector_or_locator) if isinstance(selector_or_locator, str) else selector_or_locator
        loc.tap()
        settle(self.page)
        self.count += 1


def deal_by_number_pad(page, tap, lots: list[int], shot=None) -> None:
    """The dealt building cards of the player whose device it is, typed on the number pad."""
    tap("#pending-form .pass-button")
    tap("#pass-confirm")
    assert page.locator("#pending-form .chooser button.piece").count() == 0, "no grid of 85 lot buttons"
    assert page.evaluate(SMALL, "#pending-form") == []  # the pad's keys: 44 px at least, their text 14 px
    assert page.locator("#pending-form").bounding_box()["height"] < PHONE["height"], "the deal fits on one screen"
    for lot in lots:
        for digit in str(lot):
            tap(f".numpad-key[data-digit='{digit}']")
        tap(".numpad-add")
    if shot:
        page.locator("#pending-form").screenshot(path=str(shot))
    tap("#pending-form .chooser-submit")
    no_problem_shown(page)


def keep_on_own_view(page, tap, player: str) -> None:
    tap(f"#moves .pass-button[data-pass='{player}']")
    tap("#pass-confirm")
    tap(page.locator("#moves button.move").first)


def trade(page, tap, parties: list[str], gives: list[tuple]) -> None:
    """Compose a trade: tap the parties, then per (giver, receiver, lots, tiles, steps of money) the gifts."""
    for p in parties:
        tap(f"#trade-composer button[data-party='{p}']")
    for giver, receiver, lots, tiles, steps in gives:
        section = f"#trade-composer fieldset[data-giver='{giver}']"
        if len(parties) > 2:
            tap(f"{section} button[data-to='{receiver}']")
        for lot in lots:
            tap(f"{section} button[data-lot='{lot}']")
        for shop in tiles:
            tap(f"{section} button[data-shop='{shop}']")
        for _ in range(steps):
            tap(f"{section} button[data-step='+']")
    tap("#trade-submit")


def money_of(page, player: str) -> int:
    """A player's money as his own view shows it (the shared screen hides it), then back to the table."""
    page.locator(f"#own-views button[data-pass='{player}']").tap()
    page.locator("#pass-confirm").tap()
    settle(page)
    held = next(p for p in state(page)["players"] if p["id"] == player)["money"]
    page.locator("#back-to-table").tap()
    settle(page)
    return held


def board_of(page) -> dict:
    return {int(k): v.get("owner") for k, v in state(page)["board"].items()}


def test_a_chinatown_real_table_game_with_its_deal_on_a_number_pad_and_its_trades_tapped(phone, screenshots):
    page = phone
    tap = Taps(page)
    start(page, "chinatown", "anna, ben, cy", mode="table")
    page.evaluate(COUNT_TAPS)
    # the deal: seven building cards each in the first year of three players, typed lot by lot
    deals = {"anna": [1, 2, 3, 4, 5, 6, 7], "ben": [22, 23, 24, 25, 26, 27, 28], "cy": [40, 41, 42, 43, 44, 45, 46]}
    for i, lots in enumerate(deals.values()):
        deal_by_number_pad(page, tap, lots, screenshots / "compose-chinatown-number-pad-375.png" if i == 0 else None)
    page.locator("#play").screenshot(path=str(screenshots / "compose-chinatown-after-deal-375.png"))
    for player in deals:
        keep_on_own_view(page, tap, player)
    # the shop tiles drawn, on the shared screen (tapped pictures)
    while page.locator("#pending").is_visible():
        part = page.locator("#pending-form .chooser fieldset.part[data-full=false]").first
        while part.count():
            tap(part.locator("button.piece:enabled").first)
            part = page.locator("#pending-form .chooser fieldset.part[data-full=false]").first
        tap("#pending-form .chooser-submit")
    no_problem_shown(page)
    assert state(page)["phase"] == "trade"
    before = state(page)
    anna_money = money_of(page, "anna")
    owners = board_of(page)
    anna_lot = min(lot for lot, who in owners.items() if who == "anna")
    ben_lot = min(lot for lot, who in owners.items() if who == "ben")
    ben_tile = next(iter(before["players"][1]["tiles"]))
    # a two-party trade: anna gives a lot and $10,000, ben gives a shop tile
    trade(page, tap, ["anna", "ben"], [("anna", "ben", [anna_lot], [], 1), ("ben", "anna", [], [ben_tile], 0)])
    no_problem_shown(page)
    after = state(page)
    assert board_of(page)[anna_lot] == "ben"
    assert money_of(page, "anna") == anna_money - 10000
    assert after["players"][0]["tiles"].get(ben_tile, 0) == before["players"][0]["tiles"].get(ben_tile, 0) + 1
    # a three-party trade: cy gives anna a lot, anna gives cy $20,000 of her money, ben gives cy a lot
    cy_money = money_of(page, "cy")
    cy_lot = min(lot for lot, who in board_of(page).items() if who == "cy")
    ben_lot2 = min(lot for lot, who in board_of(page).items() if who == "ben" and lot != anna_lot)
    trade(
        page,
        tap,
        ["anna", "ben", "cy"],
        [("cy", "anna", [cy_lot], [], 0), ("anna", "cy", [], [], 2), ("ben", "cy", [ben_lot2], [], 0)],
    )
    no_problem_shown(page)
    owners = board_of(page)
    assert owners[cy_lot] == "anna" and owners[ben_lot2] == "cy"
    assert money_of(page, "cy") == cy_money + 20000
    page.locator("#play").screenshot(path=str(screenshots / "compose-chinatown-trade-375.png"))
    # a refused trade: anna gives ben more money than she has; every broken rule is shown, nothing applied
    held = state(page)
    ben_lot = min(lot for lot, who in board_of(page).items() if who == "ben")
    trade(page, tap, ["anna", "ben"], [("anna", "ben", [], [], 8), ("ben", "anna", [ben_lot], [], 0)])
    verdict = page.locator("#trade-composer .trade-verdict")
    assert "anna" in verdict.inner_text() and verdict.locator("li").count() >= 1
    assert verdict.locator("li a.rule").count() >= 1, "the broken rule links to its section of the rules"
    assert state(page) == held
    page.locator("#trade-composer").screenshot(path=str(screenshots / "compose-chinatown-refused-trade-375.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(screenshots / "compose-chinatown-refused-trade-1280.png"))
    page.set_viewport_size(PHONE)
    assert page.evaluate(SMALL, "#trade-composer") == []
    tap("#trade-again")
    # the rest of the game, by taps on what the page offers (reveals by picture or number pad, listed moves)
    turns = 0
    while real_table_step(page, -1, turns) is not None:
        turns += 1
        assert turns < 900, "the game never ended"
        if page.locator("#status[data-over=true]").count():
            break
    no_problem_shown(page)
    assert page.locator("#status").get_attribute("data-over") == "true"
    # amounts as the language writes them: dollars with thousands separators, never broken
    # the final screen ranks the three players by their money, shown now, highest first
    totals = page.locator("#final td.total")
    assert totals.count() == 3 and all(t.startswith("$") and "," in t for t in totals.all_inner_texts())
    dollars = [amount(t) for t in totals.all_inner_texts()]
    assert dollars[0] > 0 and dollars == sorted(dollars, reverse=True)
    assert page.evaluate(WORD_SPLIT) == []
    page.locator("#final").screenshot(path=str(screenshots / "compose-chinatown-over-375.png"))
    taps = page.evaluate("window.taps")
    print(
        f"chinatown by taps: {tap.count} taps in year 1 (deal, keep, tiles, 3 trades), {taps} in all for {log_length(page)} logged moves"
    )
    assert page.errors == []
    assert page.locator(SETTLED).count() == 1


def reveals_entered(page, limit: int = 30) -> int:
    """Every pending reveal entered as the referee does (the device passed where it is private); the steps."""
    steps = 0
    while visible(page, "#pending") or visible(page, "#pass-panel"):
        real_table_step(page, 0, steps)
        steps += 1
        assert steps < limit, "the reveals never ended"
    return steps


def test_a_skyline_hand_entered_on_its_player_s_own_view_and_a_card_he_does_not_hold_refused(phone, screenshots):
    page = phone
    tap = Taps(page)
    start(page, "skyline3000", "anna, ben", mode="table")
    page.evaluate(COUNT_TAPS)
    reveals_entered(page)
    tap("#own-views button[data-pass='anna']")
    tap("#pass-confirm")
    assert "not entered" in page.inner_text("#hand-text")
    size = state(page)["players"][0]["hand_size"]
    tap("#enter-hand")
    assert page.locator("#correct-kind").input_value() == "hand"
    # dealt as the piles' sizes say: two roof cards, two floor cards and four contracts (here red ones)
    for group, count in (("roof", 2), ("floor", 2), ("red", 4)):
        tap(page.locator("#correction .groups button", has_text=group))
        for _ in range(count):
            tap(page.locator("#correction button.piece:enabled").first)
    tap("#correct-button")
    no_problem_shown(page)
    assert "Not taken" not in page.inner_text("#correction-verdict"), page.inner_text("#correction-verdict")
    tap("#own-views button[data-pass='anna']")
    tap("#pass-confirm")
    hand = state(page)["players"][0]["hand"]
    assert len(hand) == size and page.locator("#hand .hand-piece").count() == size
    floors = {c for c in hand if c.startswith("floor-")}
    # only what he holds is listed now: every listed card play names a card of his hand
    listed = state(page)  # (his own view)
    assert listed["players"][0]["hand"] == hand
    page.locator("#hand").screenshot(path=str(screenshots / "compose-skyline-hand-375.png"))
    assert page.evaluate(SMALL, "#own-view") == []
    # he claims a floor card he does not hold: composed by taps, refused with the rule, nothing applied
    log = page.locator("#move-log li").count()
    tap("#claim-box summary")
    tap("#claim-box button[data-type='floor']")
    card = page.locator("#claim-box fieldset.part").nth(0).locator("button.piece:enabled").last
    tap(card)
    tap(page.locator("#claim-box fieldset.part").nth(1).locator("button.piece:enabled").first)
    tap("#claim-submit")
    verdict = page.locator("#claim-box .claim-verdict")
    assert verdict.locator("li").count() >= 1, verdict.inner_text()
    assert "hand" in verdict.inner_text().lower()
    assert page.locator("#move-log li").count() == log and state(page)["players"][0]["hand"] == hand
    assert floors == {c for c in state(page)["players"][0]["hand"] if c.startswith("floor-")}
    page.locator("#claim-box").screenshot(path=str(screenshots / "compose-skyline-refused-375.png"))
    assert page.evaluate(SMALL, "#claim-box") == []
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(screenshots / "compose-skyline-refused-1280.png"))
    print(
        f"skyline3000: {page.evaluate('window.taps')} taps for {log_length(page)} logged moves (reveals, hand, claim)"
    )
    assert page.errors == []


def test_the_score_helper_builds_a_city_and_a_chinatown_board_by_taps(phone, screenshots):
    page = phone
    tap = Taps(page)
    page.select_option("#helper-game", "newyork")
    settle(page)
    # two parks for anna: the tile's picture (its building, price and streets), then a cell of her city
    for x in (1, 2):
        tap(page.locator("#helper-taps .groups button", has_text="park"))
        tap(page.locator("#helper-taps button.piece:enabled").nth(x))
        tap(f"#helper-taps .city-cell[data-x='{x}'][data-y='0']")
    rows = page.locator("#helper-rows tbody tr")
    assert rows.count() == 2
    assert page.locator("#helper-rows tbody tr").first.locator("input[data-key=player]").input_value() == "anna"
    assert page.locator("#helper-score tr[data-player=anna]").count() == 1
    assert page.inner_text("#helper-taps .city-cell[data-x='1'][data-y='0']").startswith("P ")
    # a rule the city breaks reads as a sentence next to its row, never as a code
    problems = page.locator("#helper-rows td.row-error-text").all_inner_texts()
    assert all(" " in p and "newyork." not in p for p in problems if p)
    page.locator("#helper").screenshot(path=str(screenshots / "compose-helper-city-375.png"))
    assert page.evaluate(SMALL, "#helper-taps") == []
    # Chinatown: Simon's complete seafood shop of three, lots tapped on the board's picture
    page.select_option("#helper-game", "chinatown")
    settle(page)
    page.fill("#helper-players", "simon")
    tap("#helper-taps button[data-player='simon']")
    tap("#helper-taps button[data-shop='seafood']")
    for lot in (1, 2, 4):
        tap(page.locator(f"#helper-picture #lot-{lot}.target, #helper-picture rect.hit[id='lot-{lot}']").first)
    assert totals_of(page) == {"simon": 50000}
    assert "$50,000" in page.inner_text("#helper-score")
    page.locator("#helper").screenshot(path=str(screenshots / "compose-helper-chinatown-375.png"))
    assert page.errors == []


def totals_of(page) -> dict[str, int]:
    rows = page.locator("#helper-score tbody tr")
    return {
        rows.nth(i).get_attribute("data-player"): amount(rows.nth(i).locator("td.total").inner_text())
        for i in range(rows.count())
    }


def log_length(page) -> int:
    return page.locator("#move-log li").count()


def test_a_fifth_avenue_hand_entered_then_its_black_card_draw_revealed_on_its_own_view(phone, screenshots):
    page = phone
    tap = Taps(page)
    start(page, "fifthavenue", "anna, ben", mode="table")
    page.evaluate(COUNT_TAPS)
    tap("#own-views button[data-pass='anna']")
    tap("#pass-confirm")
    size = state(page)["players"][0]["hand_size"]
    tap("#enter-hand")
    # dealt as the rules say: four black cards and one card of each plot's colour
    for group, count in (("black", 4), ("violet", 1), ("brown", 1), ("gray", 1), ("green", 1), ("orange", 1)):
        tap(page.locator("#correction .groups button", has_text=group))
        for _ in range(count):
            tap(page.locator("#correction button.piece:enabled").first)
    assert page.locator("#correction .chip").count() == size
    tap("#correct-button")
    no_problem_shown(page)
    assert "Not taken" not in page.inner_text("#correction-verdict"), page.inner_text("#correction-verdict")
    # play on (reveals by taps, the listed moves, a district valued by anna when she can) until her black cards
    steps = 0
    while "black" not in (page.inner_text("#pending-text") if visible(page, "#pending") else ""):
        value = page.locator("#moves details", has_text="Value a district").locator("button.move")
        if not visible(page, "#pending") and value.count() and state(page)["turn"].get("player") == "anna":
            tap(value.first)
        else:
            assert real_table_step(page, 0, steps) is not None
        steps += 1
        assert steps < 120, "anna never drew black cards"
    assert page.locator("#pending-form .pass-button[data-pass=anna]").count() == 1
    tap("#pending-form .pass-button")
    tap("#pass-confirm")
    held = len(state(page)["players"][0]["hand"])
    count = page.locator("#pending-form .chooser fieldset.part").count()
    assert count == 1
    while not page.locator("#pending-form .chooser-submit").is_enabled():
        tap(page.locator("#pending-form .chooser button.piece:enabled").first)
    page.locator("#pending-form").screenshot(path=str(screenshots / "compose-fifthavenue-black-cards-375.png"))
    tap("#pending-form .chooser-submit")
    no_problem_shown(page)
    newest = page.locator("#move-log li").first  # (the log is newest first)
    assert "own view" in newest.inner_text()  # the table sees no card
    assert newest.get_attribute("data-index") == str(log_length(page) - 1)
    tap("#own-views button[data-pass='anna']")
    tap("#pass-confirm")
    assert len(state(page)["players"][0]["hand"]) > held
    print(f"fifthavenue: {page.evaluate('window.taps')} taps for {log_length(page)} logged moves and reveals")
    assert page.errors == []


@pytest.mark.parametrize("game", ["newyork", "alhambra"])
def test_a_short_new_york_or_alhambra_real_table_game_by_taps_with_a_claimed_move_refused(phone, screenshots, game):
    page = phone
    tap = Taps(page)
    start(page, game, "anna, ben", mode="table")
    page.evaluate(COUNT_TAPS)
    steps = 0
    while steps < 40 and page.locator("#status[data-over=true]").count() == 0:
        if real_table_step(page, 0, steps, private_first=True) is None:
            break
        steps += 1
    no_problem_shown(page)
    moves = log_length(page)
    taps = page.evaluate("window.taps")
    print(f"{game}: {taps} taps for {moves} logged moves and reveals ({taps / max(moves, 1):.1f} a move)")
    # a move claimed by taps that breaks the rules: every money card of the market at once
    while visible(page, "#pending") or visible(page, "#pass-panel"):
        real_table_step(page, 0, steps)
        steps += 1
    market = state(page)["money_market"]
    held = state_text_of(page)
    awaited = page.inner_text("#status")
    tap("#claim-box summary")
    tap("#claim-box button[data-type='take_money']")
    for _ in [slot for slot in market if slot["card"]]:
        tap(page.locator("#claim-box fieldset.part").first.locator("button.piece:enabled").first)
    tap("#claim-submit")
    verdict = page.locator("#claim-box .claim-verdict")
    assert verdict.locator("li").count() >= 1, (market, verdict.inner_text())
    assert "sum" in verdict.inner_text()  # more than one card only up to a sum of 5
    assert state_text_of(page) == held and page.inner_text("#status") == awaited
    page.locator("#play").screenshot(path=str(screenshots / f"compose-{game}-claim-refused-375.png"))
    assert page.evaluate(SMALL, "#claim-box") == []
    assert page.evaluate(WORD_SPLIT) == []
    assert page.errors == []


def state_text_of(page) -> str:
    return page.input_value("#state-text")


def fill_claim_parts(page, tap) -> None:
    """Each part of the claim composed: the first choice offered (its group first), a lot typed as 1."""
    parts = page.locator("#claim-box fieldset.part")
    for i in range(parts.count()):
        part = parts.nth(i)
        if part.locator(".board-only").count():  # a city's cell: tapped on the board, where it is marked
            tap(page.locator("#picture .target").first)
            continue
        if part.locator(".numpad").count():
            tap(part.locator(".numpad-key[data-digit='1']"))
            tap(part.locator(".numpad-add"))
            continue
        groups = part.locator(".groups button")
        if groups.count():
            tap(groups.first)
        pieces = part.locator("button.piece:enabled")
        if pieces.count():
            tap(pieces.first)


@pytest.mark.parametrize("game", ["newyork", "alhambra", "chinatown", "skyline3000", "fifthavenue"])
def test_every_move_type_of_a_game_is_composed_by_taps_and_checked(phone, game):
    """Each kind of move the claim composer offers, on the shared screen and on the awaited player's own view,
    becomes a move the service reads (never a schema problem): refused with its rules, or played."""
    page = phone
    tap = Taps(page)
    start(page, game, "anna, ben, cy" if game == "chinatown" else "anna, ben", seed=7)
    no_problem_shown(page)
    checked = set()

    def open_claim() -> bool:
        if not page.locator("#claim-box").count():
            return False
        if not page.locator("#claim-box").evaluate("e => e.open"):
            tap("#claim-box summary")
        return True

    for where in ("shared", "own"):
        if where == "own":
            tap(page.locator("#own-views button[data-pass]").first)
            tap("#pass-confirm")
        if not open_claim():
            continue
        types = page.locator("#claim-box button[data-type]").evaluate_all("bs => bs.map((b) => b.dataset.type)")
        for kind in types:
            if (
                kind in checked
                or not open_claim()
                or not page.locator(f"#claim-box button[data-type='{kind}']").count()
            ):
                continue
            log = log_length(page)
            tap(f"#claim-box button[data-type='{kind}']")
            fill_claim_parts(page, tap)
            tap("#claim-submit")
            no_problem_shown(page)
            refused = page.locator("#claim-box .claim-verdict li").count()
            assert refused or log_length(page) == log + 1, kind
            checked.add(kind)
    print(f"{game}: claimed by taps and checked: {sorted(checked)}")
    # every move type of the game but its reveals (their own forms) and Chinatown's trade (trade.js)
    assert checked == set(MOVE_TYPES[game]) - {"reveal", "trade"}
    assert page.errors == []


def test_a_claimed_placement_s_cell_is_tapped_on_the_board_and_sent_as_its_x_and_y(phone, screenshots):
    """The claim composer asks for a New York cell by a tap in the player's city on the board (no steppers):
    the check waits for it, the tap marks it chosen, and the move sent holds that cell's x and y."""
    page = phone
    tap = Taps(page)
    start(page, "newyork", "anna, ben", seed=7)
    awaited = state(page)["current"]
    seat = [p["id"] for p in state(page)["players"]].index(awaited)
    tap("#claim-box summary")
    tap("#claim-box button[data-type='place']")
    assert page.locator("#claim-box .claim-stepper").count() == 0  # no −/+ for a cell
    assert page.locator("#claim-submit").is_disabled()  # the cell is still to be tapped
    fill = page.locator("#claim-box fieldset.part").first
    tap(fill.locator(".groups button").first)
    tap(fill.locator("button.piece:enabled").first)
    # only the awaited player's city cells are marked, and no listed move's target while the claim asks
    targets = page.locator("#picture .target")
    assert targets.count() >= 4
    assert all(
        targets.nth(i).evaluate(f"e => !!e.closest('g.player[data-seat=\"{seat}\"]')") for i in range(targets.count())
    )
    cell = targets.nth(1)
    x, y = int(cell.get_attribute("data-x")), int(cell.get_attribute("data-y"))
    tap(cell)
    assert page.locator(f"#picture [data-x='{x}'][data-y='{y}'].chosen").count() == 1
    assert page.locator("#claim-submit").is_enabled()
    sent = []
    page.on("request", lambda r: sent.append(r.post_data_json) if r.url.split("?")[0].endswith("/moves") else None)
    tap("#claim-submit")
    no_problem_shown(page)
    claimed = sent[-1]["move"]
    assert claimed["type"] == "place" and (claimed["x"], claimed["y"]) == (x, y) and claimed["player"] == awaited
    # nothing waits to be placed at the start: refused, every rule shown, nothing applied
    assert page.locator("#claim-box .claim-verdict li").count() >= 1
    page.locator("#play").screenshot(path=str(screenshots / "compose-newyork-claimed-cell-375.png"))
    assert page.errors == []


def skyline_table_game_to_a_draw() -> dict:
    """A Skyline 3000 real-table game played through the service to its first draw phase (8 moves: the top
    cards turned up, both pass, the three auctions' piles settled empty): anna is to draw."""
    from .test_play import API

    url = "/v1/games/skyline3000"
    game = API.post(f"{url}/setup", json={"players": ["anna", "ben"], "options": {"chance": "table"}}).get_json()
    state, played = game["state"], []
    for _ in range(30):
        moves = API.post(f"{url}/legal-moves", json={"state": state, "limit": 1000}).get_json()["moves"]
        if any(m["type"] == "draw" for m in moves):
            return {"state": game["state"], "moves": played}
        move = next(m for kind in ("reveal", "bids", "pass") for m in moves if m["type"] == kind)
        played.append(move)
        state = API.post(f"{url}/moves", json={"state": state, "move": move}).get_json()["state"]
    raise AssertionError("no draw phase")


def test_a_skyline_hand_entered_grows_by_a_draw_and_card_plays_are_checked_against_it(phone, screenshots):
    """At a real table: anna's hand entered on her own view, then a draw entered there too; the hand shown
    grows by the card drawn, and a card play she claims is refused as not in her hand exactly when it is not."""
    from .test_real_table import import_game

    page = phone
    tap = Taps(page)
    import_game(page, "skyline3000", skyline_table_game_to_a_draw())
    tap("#own-views button[data-pass='anna']")
    tap("#pass-confirm")
    size = state(page)["players"][0]["hand_size"]
    tap("#enter-hand")
    groups = page.locator("#correction .groups button")
    for i in range(size):  # the cards dealt, tapped by their pictures, a pile's group after another
        if groups.count():
            tap(groups.nth(i % groups.count()))
        tap(page.locator("#correction button.piece:enabled").first)
    tap("#correct-button")
    no_problem_shown(page)
    assert "Not taken" not in page.inner_text("#correction-verdict"), page.inner_text("#correction-verdict")
    tap("#own-views button[data-pass='anna']")
    tap("#pass-confirm")
    before = state(page)["players"][0]["hand"]
    assert len(before) == size
    tap("#back-to-table")
    # the draw is the table's: anna takes the floor pile's face-up top card, and the referee turns up the
    # next one, tapped by its picture on the shared screen
    tap(page.locator("#moves button.move", has_text="floor").first)
    tap(page.locator("#pending-form button.piece:enabled").last)
    tap("#pending-form .chooser-submit")
    no_problem_shown(page)
    tap("#own-views button[data-pass='anna']")
    tap("#pass-confirm")
    hand = state(page)["players"][0]["hand"]
    drawn = [c for c in hand if c not in before]
    assert len(hand) == size + 1 and len(drawn) == 1 and drawn[0].startswith("floor-")
    assert page.locator("#hand .hand-piece").count() == size + 1  # the hand shown grows
    assert str(size + 1) in page.inner_text("#hand-text")
    words = page.locator("#hand .hand-piece").nth(hand.index(drawn[0])).get_attribute("aria-label")
    page.locator("#own-view").screenshot(path=str(screenshots / "compose-skyline-hand-after-draw-375.png"))
    # the draws go on (anna's five more, ben's six, each next top card turned up) to the next construction,
    # where ben passes: anna's card plays are then checked against the hand she has now
    tap("#back-to-table")
    for turn in range(60):
        if "phase construction" in page.inner_text("#status") and not visible(page, "#pending"):
            break
        real_table_step(page, 0, turn)
    tap("#own-views button[data-pass='ben']")
    tap("#pass-confirm")
    tap(page.locator("#moves button.move", has_text="passes").first)
    assert "\u2068anna\u2069 to move" in page.inner_text("#status")
    tap("#own-views button[data-pass='anna']")
    tap("#pass-confirm")
    hand = state(page)["players"][0]["hand"]
    assert drawn[0] in hand and len(hand) == size + 6
    answers = []
    page.on("response", lambda r: answers.append(r) if r.url.split("?")[0].endswith("/moves") else None)

    def claim_discard(wanted) -> tuple[str, set[str]]:
        """Claim a discard of the first card offered whose words ``wanted`` accepts: its id, its rule codes."""
        tap("#claim-box button[data-type='discard']")
        part = page.locator("#claim-box fieldset.part").first
        kinds = part.locator(".groups button")
        for k in range(max(kinds.count(), 1)):
            if kinds.count():
                tap(kinds.nth(k))
            pieces = part.locator("button.piece:enabled")
            labels = pieces.evaluate_all("bs => bs.map((b) => b.getAttribute('aria-label'))")
            found = [i for i, label in enumerate(labels) if wanted(label)]
            if found:
                tap(pieces.nth(found[0]))
                break
        tap("#claim-submit")
        answer = answers[-1]
        return answer.request.post_data_json["move"]["card"], {v["code"] for v in answer.json()["violations"]}

    held = set(page.locator("#hand .hand-piece").evaluate_all("ps => ps.map((p) => p.getAttribute('aria-label'))"))
    if not page.locator("#claim-box").evaluate("e => e.open"):
        tap("#claim-box summary")
    log = page.locator("#move-log li").count()
    card, codes = claim_discard(lambda label: label not in held)  # a card she does not hold: refused for it
    assert card not in hand and "skyline3000.card.not_in_hand" in codes, (card, codes)
    assert page.locator("#move-log li").count() == log and state(page)["players"][0]["hand"] == hand
    card, codes = claim_discard(lambda label: label == words)  # the card she drew: hers, the discard played
    assert card in hand and card.startswith("floor-") and codes == set(), (card, codes)
    assert page.locator("#move-log li").count() == log + 1
    assert page.errors == []
