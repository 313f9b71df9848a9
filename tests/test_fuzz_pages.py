"""The pages' inputs fuzzed in Debian's chromium (hypothesis, issue 55): the hold checker and the
session calculator of a pay table's page, the "Any pay table" page's pays, deal and address,
and the Chinese Poker arranger, typed with random and hostile text (script tags, an
`"><img onerror=...>`, huge, negative and fractional numbers, repeated cards, jokers where the
game has none, nothing, unicode, pages of text).

For every input: one visible line of text beside the field (or a result), the same verdict as
Python's parser of the same text where there is one (generator/core/cards.py, the pay table loader,
the bankroll command's limits), no console error, no page error, no script of the input run
(`window.__pwned`, which each injected string would set, stays unset) and, once the page has
taken them all, a good input still gives the right answer. Each page is loaded once and typed
into many times (a load per case would cost seconds each). Profiles: tests/fuzz.py.
"""

import re
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import example, given, strategies as st

from generator.bench.browser import serving
from generator.core.cards import parse_hand
from generator.core.errors import VpchartsError
from tests.fuzz import fuzz
from tests.test_any_page import without_chart
from tests.test_browser import open_page

ROOT = Path(__file__).resolve().parents[1]
PAYTABLES = ROOT / "content" / "paytables"

INJECTED = ['"><img src=x onerror="window.__pwned=1">', "<script>window.__pwned=1</script>",
            "<svg onload=window.__pwned=1>", "javascript:window.__pwned=1",
            "As Ks <img src=x onerror=window.__pwned=1> Js 9d", "'); window.__pwned = 1; ('",
            "</p><script>window.__pwned=1</script>", "${window.__pwned=1}"]
NUMBERS = ["0", "-0", "-1", "-400", "0.5", "1/2", "4000/5", "2.5", ".5", "5.", "1e3", "1e308",
           "9" * 400, "Infinity", "NaN", "0x10", "1_000", "1,000", "٣", "²", " 7 ", "+5",
           "1000000", "1000000.5", "1000001", "100000", "100001", "3", "10", "2000", "400"]
CARDISH = ["As As As As As", "As Ks Qs Js Jk", "Jk Jk Jk As Ks", "X", "Jk", "As Ks Qs Js",
           "As Ks Qs Js 9d 8d", "10h Jh Qh Kh Ah", "A♠ K♥ Q♦ J♣ 9♠", "As Ks Qs Js 1d", "", " "]
LONG = ["9" * 5000, "As " * 2000, "x" * 20000, "é" * 300]
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def card_texts(size: int):
    """Deals of about `size` cards: some good, some with a card twice, jokers or one too many."""
    return st.one_of(
        st.lists(st.sampled_from(CARDS), min_size=size, max_size=size, unique=True).map(" ".join),
        st.lists(st.sampled_from(CARDS + ["Jk", "X", "10h", "A♠", "k♥", "Zz"]),
                 min_size=size - 1, max_size=size + 1).map(" ".join))


texts = st.one_of(st.sampled_from(INJECTED + NUMBERS + CARDISH + LONG), st.text(max_size=40),
                  st.integers(-10 ** 12, 10 ** 12).map(str),
                  st.decimals(allow_nan=False, allow_infinity=False, places=2).map(str))

# The visible text of each element named (None for one hidden or missing), whether a script of
# the input ran, and whether the input made an element that runs one.
PROBE = """(ids) => ({
  texts: ids.map((id) => {
    const el = document.getElementById(id);
    if (!el || el.hidden || !el.getClientRects().length) return null;
    return el.innerText;
  }),
  pwned: window.__pwned !== undefined || window.parent.__pwned !== undefined,
  planted: document.querySelectorAll("[onerror], [onload], iframe, img[src='x']").length,
  wide: document.documentElement.scrollWidth > innerWidth,
})"""


def probe(page, *ids):
    found = page.evaluate(PROBE, list(ids))
    assert not found["pwned"] and found["planted"] == 0, found
    assert not found["wide"], ("a line wider than the phone's screen", found)
    return found["texts"]


def one_line(text, limit=400):
    """A message a player reads at a glance: some text, one line, short."""
    assert text and text.strip() and "\n" not in text.strip() and len(text) <= limit, text[:500]


def settle(page, condition: str, tries=500):
    """Until `condition` (a JavaScript expression) holds: not wait_for_function, which the
    pages' CSP refuses."""
    for _ in range(tries):
        if page.evaluate(f"() => Boolean({condition})"):
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"never: {condition}")


PHONE = {"viewport": {"width": 375, "height": 800}}  # (a long line must wrap on a phone too)


@pytest.fixture(scope="module")
def base(sample_site):
    with serving(sample_site) as url:
        yield url


def python_hand(text: str, jokers: int, size=5):
    """Python's verdict on a hand's text: (cards, None) or (None, its error line)."""
    try:
        return parse_hand(text, jokers, size), None
    except VpchartsError as exc:
        return None, str(exc)


# ---- the hold checker -----------------------------------------------------------------------

@pytest.mark.parametrize("slug, jokers", [("9-6-jacks-or-better", 0),
                                          ("joker-poker-kings-or-better", 1)])
def test_the_checker_takes_any_text(base, browser, slug, jokers):
    errors = []
    page = open_page(browser, f"{base}{slug}.html", errors, **PHONE)
    page.wait_for_selector("#checker-deck button")

    @fuzz(full=250, ci=12)
    @given(text=st.one_of(texts, card_texts(5)))
    @example(text="9" * 5000)
    @example(text=INJECTED[0])
    def case(text):
        page.fill("#checker-input", text)
        typed = page.input_value("#checker-input")  # (a text box drops line breaks)
        page.press("#checker-input", "Enter")
        error, = probe(page, "checker-error")
        cards, said = python_hand(typed, jokers)
        if said is None:
            assert error is None, (typed, error)
            assert page.locator("#checker-hand button").count() == 5
        else:
            one_line(error)
            if typed.isprintable():  # (Python's repr escapes what JavaScript shows as it is)
                assert error == said, (typed, error, said)
        assert errors == [], (text, errors)

    case()
    checker_still_works(page, errors)


def checker_still_works(page, errors) -> None:
    """After the fuzz, a good deal typed in gives the royal draw, with no error shown or logged."""
    page.fill("#checker-input", "As Ks Qs Js 9d")
    page.press("#checker-input", "Enter")
    page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
    assert page.inner_text("#checker-optimal") == "A♠ K♠ Q♠ J♠"
    assert page.locator("#checker-error").is_hidden()
    assert errors == []


ACTIONS = ["#trainer-deal", "#trainer-grade", "#trainer-reset", "#checker-none", "#checker-clear",
           "key 1", "key 3", "key 5", "key n", "key g", "key x", "hand 0", "hand 4", "deck 0",
           "deck 51", "level exact", "level card"]


def test_the_trainer_takes_any_sequence_of_presses(base, browser):
    """The trainer's buttons, its keys (1-5 hold, N deals, G grades) and the deck and hand's
    cards pressed in any order: the score always one line of hands graded and EV lost (never
    negative), no error."""
    errors = []
    page = open_page(browser, f"{base}9-6-jacks-or-better.html", errors, **PHONE)
    page.wait_for_selector("#checker-deck button")

    @fuzz(full=150, ci=6)
    @given(actions=st.lists(st.sampled_from(ACTIONS), min_size=1, max_size=8))
    def case(actions):
        for action in actions:
            kind, _, what = action.partition(" ")
            if kind == "key":
                page.evaluate("document.activeElement.blur()")  # (out of a text box: the keys are the trainer's)
                page.keyboard.press(what)
            elif kind == "hand":
                buttons = page.locator("#checker-hand button")
                if buttons.count() > int(what):
                    buttons.nth(int(what)).click()
            elif kind == "deck":
                page.locator("#checker-deck button").nth(int(what)).click()
            elif kind == "level":
                page.check(f"input[name=checker-level][value={what}]")
            elif page.is_enabled(action):
                page.click(action)
            score, error = probe(page, "trainer-score", "checker-error")
            one_line(score)
            assert re.fullmatch(r"Score: (no hands graded yet|\d+ hands? graded; EV lost "
                                r"\d+\.\d+ in all \(exactly \d+(/\d+)?\), \d+\.\d+ a hand on "
                                r"average)\.", score), score
            if error is not None:
                one_line(error)
        assert errors == [], (actions, errors)

    case()
    checker_still_works(page, errors)


# ---- the session calculator -----------------------------------------------------------------

MAX_BANKROLL, MAX_ROUNDS, MAX_BET = 1_000_000, 100_000, 1_000_000  # (bankroll/limits.py)


def page_number(text: str, low, high, whole: bool):
    """The calculator's oracle: the number the field takes, or None."""
    text = text.strip()
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", text):  # (ASCII: Python's \d takes '\u0663')
        return None
    value = Decimal(text)  # (not Fraction: it refuses a text of 4,300 digits; Decimal is exact)
    if whole and value != value.to_integral_value() or not (0 < value and low <= value <= high):
        return None
    return value


def percent(text: str) -> float:
    found = re.search(r"(under 0\.01|[\d.]+)%", text).group(1)
    return 0.005 if found == "under 0.01" else float(found)


def money(text: str) -> float:
    return float(text.replace(",", "").replace(" bets", "").replace(" bet", ""))


@pytest.fixture(scope="module")
def session_page(base, browser):
    errors = []
    page = open_page(browser, f"{base}9-6-jacks-or-better.html", errors, **PHONE)
    page.click("#session-box summary")
    return page, errors


@fuzz(full=300, ci=12)
@given(bankroll=st.one_of(texts, st.integers(1, 5000).map(str)),
       bet=st.one_of(st.just(""), texts), rounds=st.one_of(texts, st.integers(1, 3000).map(str)),
       play=st.sampled_from(["1", "1", "3", "10"]), level=st.sampled_from(["card", "exact"]))
@example(bankroll="9" * 400, bet="", rounds="2000", play="1", level="card")
@example(bankroll="400", bet="1e308", rounds="2000", play="3", level="card")
@example(bankroll="\u0663", bet="", rounds="\u0663", play="1", level="card")  # (Arabic-Indic 3)
def test_the_session_calculator_takes_any_text(session_page, bankroll, bet, rounds, play, level):
    """The three fields and the two lists: a result whose chances are within [0, 100]% and
    whose percentiles are in order, or one line naming the field, within the command's limits
    (a bankroll of a deal's stake to 1,000,000 bets, 1 to 100,000 deals)."""
    page, errors = session_page
    want = (page_number(bankroll, int(play), MAX_BANKROLL, False),
            page_number(rounds, 1, MAX_ROUNDS, True),
            page_number(bet, 0, MAX_BET, False) if bet.strip() else 0)
    if None not in want and want[1] * int(play) > 20_000:
        rounds = "2000"  # (a long multi-play session takes seconds: the limits are examples)
    for field, value in (("bankroll", bankroll), ("bet", bet), ("hands", rounds)):
        page.fill(f"#session-{field}", value)
    page.select_option("#session-play", play)
    page.select_option("#session-level", level)
    page.click("#session-form button")
    if None in want:
        error, result = probe(page, "session-error", "session-result")
        one_line(error)
        assert result is None
        named = ("Bankroll" if want[0] is None else "Deals played" if want[1] is None else "Bet")
        assert error.startswith(f"{named} = "), error
        assert "expected" in error
    else:
        settle(page, "!document.getElementById('session-result').hidden "
                     "&& document.getElementById('session-status').hidden")
        error, ruin, ahead, spread = probe(page, "session-error", "session-ruin",
                                           "session-ahead", "session-spread")
        assert error is None
        # the losing and ending ahead chances (no chance of surviving is printed: ruin +
        # survive = 1 has nothing to check here, nor in the command's report)
        assert 0 <= percent(ruin) <= 100 and 0 <= percent(ahead) <= 100
        assert "surviv" not in (ruin + ahead + spread).lower()
        low, mid, high = (money(m) for m in re.findall(r"(?:below|above) ([-+]?\d[\d,]*(?:\.\d+)?(?: bets?)?)",
                                                        spread))
        assert low <= mid <= high, spread
    assert errors == []


def test_the_session_calculator_says_its_limits_and_still_works(session_page):
    page, errors = session_page
    for field, value, said in [
            ("bankroll", "1000001", 'Bankroll = "1000001": expected a number of bets from 1 to '
                                    '1,000,000, like 400 or 2.5'),
            ("bankroll", "9" * 400, 'Bankroll = "' + "9" * 80 + '"... (400 characters): expected '
                                    'a number of bets from 1 to 1,000,000, like 400 or 2.5'),
            ("hands", "100001", 'Deals played = "100001": expected a whole number from 1 to '
                                '100,000'),
            ("bet", "1e308", 'Bet = "1e308": expected a number above 0 and at most 1,000,000, '
                             'like 400 or 2.5')]:
        page.fill("#session-bankroll", "400")
        page.fill("#session-hands", "2000")
        page.fill("#session-bet", "")
        page.select_option("#session-play", "1")
        page.fill(f"#session-{field}", value)
        page.click("#session-form button")
        assert probe(page, "session-error") == [said]
    # (100,000 deals, the other limit, take the page seconds: the session bench times them)
    for bankroll, hands, said in [("1000000", "2000", "1,000,000 bets within 2,000 hands: 0.00%"),
                                  ("1", "1", "the 1 bet within 1 hand: ")]:
        page.fill("#session-bankroll", bankroll)  # the limits themselves are taken
        page.fill("#session-hands", hands)
        page.fill("#session-bet", "")
        page.click("#session-form button")
        settle(page, "!document.getElementById('session-result').hidden", tries=3000)
        assert said in probe(page, "session-ruin")[0]
    assert errors == []


# ---- the "Any pay table" page ---------------------------------------------------------------

JACKS = tomllib.loads((PAYTABLES / "9-6-jacks-or-better.toml").read_text(encoding="utf-8"))
DEUCES = tomllib.loads((PAYTABLES / "full-pay-deuces-wild.toml").read_text(encoding="utf-8"))
GAMES = {"jacks-or-better": JACKS, "deuces-wild": DEUCES}


def python_pays(game: str, pays: list[str]) -> bool:
    """Whether the pay table loader takes these pays for the game (the page's oracle)."""
    from generator.solve.paytable import parse_paytable

    data = dict(GAMES[game])
    data.pop("published_return"), data.pop("source")
    data["pays"] = dict(zip(GAMES[game]["pays"], (p.strip() for p in pays)))
    try:
        parse_paytable(data, "page", "page")
        return True
    except VpchartsError:
        return False


def page_limit(error) -> bool:
    """Whether the page refused a pay the build takes for the page's smaller limit (its exact
    sums are JavaScript Numbers below 2^53: docs/user-guide/03-site.md)."""
    return error is not None and "the largest this page sums exactly" in error


def good_pays(game: str) -> list[str]:
    return [str(v) for v in GAMES[game]["pays"].values()]


@pytest.fixture(scope="module")
def any_page(base, browser):
    errors = []
    page = open_page(browser, f"{base}any.html#game=jacks-or-better", errors, before=without_chart,
                     **PHONE)
    settle(page, "performance.getEntriesByName('any-prices').length >= 1", tries=3000)
    return page, errors


def test_the_any_pages_deal_takes_any_text(any_page):
    page, errors = any_page

    @fuzz(full=150, ci=10)
    @given(text=st.one_of(texts, card_texts(5)))
    @example(text="As " * 2000)
    def case(text):
        page.fill("#any-deal", text)
        typed = page.input_value("#any-deal")
        page.press("#any-deal", "Enter")
        cards, said = python_hand(typed.strip(), 0)
        if not typed.strip():  # (an empty field asks nothing: no line, no result)
            assert probe(page, "any-deal-error", "any-deal-result") == [None, None]
        elif said is not None:
            error, shown = probe(page, "any-deal-error", "any-deal-result")
            one_line(error)
            assert shown is None
            if typed.isprintable():
                assert error == said, (typed, error, said)
        elif cards is not None:
            settle(page, "!document.getElementById('any-deal-result').hidden")
            assert probe(page, "any-deal-error") == [None]
        assert errors == [], (text, errors)

    case()


def test_the_any_pages_pays_take_any_text(any_page):
    page, errors = any_page

    @fuzz(full=300, ci=12)
    @given(index=st.integers(0, 8), text=st.one_of(texts, st.integers(0, 5000).map(str)))
    @example(index=0, text="489328.42")  # (24,466,421/50: within the page's limit in lowest terms)
    def case(index, text):
        page.evaluate("(pays) => document.querySelectorAll('#any-pay-fields input')"
                      ".forEach((input, i) => { input.value = pays[i]; })", good_pays("jacks-or-better"))
        page.fill(f"#any-pay-{index}", text)
        typed = page.input_value(f"#any-pay-{index}")
        page.wait_for_timeout(300)  # (the page checks the pays 250 ms after the last keystroke)
        pays = good_pays("jacks-or-better")
        pays[index] = typed
        error, = probe(page, "any-error")
        if python_pays("jacks-or-better", pays) and not page_limit(error):
            assert error is None, (typed, error)
            assert page.get_attribute(f"#any-pay-{index}", "aria-invalid") is None
        else:
            one_line(error, 800)
            assert page.locator("#any-result").is_hidden()
        assert errors == [], (text, errors)

    case()
    page.evaluate("(pays) => document.querySelectorAll('#any-pay-fields input')"
                  ".forEach((input, i) => { input.value = pays[i]; })", good_pays("jacks-or-better"))
    page.fill("#any-pay-4", "5")  # 9/5 Jacks or Better, the page still solving
    page.press("#any-pay-4", "Enter")
    settle(page, "document.getElementById('any-return-exact').textContent === "
                 f"{exact_return('9-5-jacks-or-better')!r} && "
                 "!document.getElementById('any-result').hidden", tries=6000)
    assert errors == []


def exact_return(slug: str) -> str:
    from generator.solve.cache import solve
    from generator.solve.paytable import load_paytable

    return str(solve(load_paytable(PAYTABLES / f"{slug}.toml"))[0].expected_return)


pay_lists = st.one_of(st.sampled_from(list(GAMES)).map(good_pays),
                      st.lists(st.one_of(texts, st.integers(0, 900).map(str)), max_size=11))


@fuzz(full=300, ci=12)
@given(game=st.one_of(st.sampled_from(list(GAMES)), st.none(), texts),
       pays=st.one_of(st.none(), pay_lists), deal=st.one_of(st.none(), texts, card_texts(5)),
       raw=st.one_of(st.none(), texts))
@example(game="double-bonus", pays=['"><img src=x onerror="window.__pwned=1">'] * 3 + ["0", "0"],
         deal=None, raw=None)  # (several bad pays: still one line, the first said, the rest counted)
def test_the_any_pages_address_takes_any_parameters(any_page, game, pays, deal, raw):
    """#game=...&pays=...&deal=... set on the open page (or any text after the #): one line
    saying what is wrong with it, or its pays being solved with no line."""
    from urllib.parse import urlencode

    page, errors = any_page
    params = {k: v for k, v in (("game", game), ("pays", None if pays is None else "_".join(pays)),
                                ("deal", deal)) if v is not None}
    hash_ = raw if raw is not None else urlencode(params)
    # (the address as the page reads it: taken as the hash is set, before the page answers,
    # since the page writes its own address back once it has read it)
    read = page.evaluate("""(hash) => new Promise((done) => {
        const before = location.href;
        addEventListener("hashchange", () => setTimeout(() => done(typed), 0), { once: true });
        location.hash = hash;
        const p = new URLSearchParams(location.hash.replace(/^#/, ""));
        const typed = [p.get("game"), p.get("pays"), p.get("deal")];
        if (location.href === before) done(null);
    })""", hash_)
    if read is None:
        return  # (the same address: no change, nothing read again)
    game_, pays_, deal_ = read
    games = page.evaluate("[...document.querySelectorAll('#any-game option')].map((o) => o.value)")
    problem = bool(game_) and game_ not in games  # (said, and the first game shown instead)
    shown_game = game_ if game_ in games else games[0]
    settle(page, f"(vpcharts.anyGames || {{}})[{shown_game!r}] && document.querySelectorAll("
                 f"'#any-pay-fields input').length === vpcharts.anyGames[{shown_game!r}]"
                 ".rules.pays.length")  # (a game's data loads the first time it is asked for)
    error, deal_error = probe(page, "any-error", "any-deal-error")
    error = error or deal_error  # (a bad deal is said at the top, then beside its field once solved)
    assert page.input_value("#any-game") == shown_game
    if shown_game in GAMES:
        typed = pays_.split("_") if pays_ is not None else good_pays(shown_game)
        if len(typed) != len(good_pays(shown_game)):
            problem = True  # (said, and the game's own pays filled in)
        elif not python_pays(shown_game, typed):
            problem = True
        if deal_ and deal_.strip() and python_hand(deal_.strip(), 0)[1] is not None:
            problem = True
        if problem:
            one_line(error, 800)
        else:  # (no line: the pays are being solved)
            assert error is None or page_limit(error), (read, error)
    elif error is not None:  # (a game this test has no pays of: at most one line)
        one_line(error, 800)
    assert errors == [], (hash_, errors)


def test_the_any_page_after_its_address_fuzz_still_solves_an_address(any_page):
    page, errors = any_page
    page.evaluate("location.hash = 'game=deuces-wild&pays=800_200_25_15_9_5_3_2_2_1&deal=2s+2h+Ks+Qs+9d'")
    settle(page, "document.getElementById('any-return-exact').textContent === "
                 f"{exact_return('full-pay-deuces-wild')!r} && "
                 "!document.getElementById('any-deal-result').hidden", tries=6000)
    assert probe(page, "any-error") == [None]
    assert page.locator("#any-evs tbody tr").count() == 32
    assert errors == []


# ---- the Chinese Poker arranger -------------------------------------------------------------

def test_the_chinese_arranger_takes_any_text(base, browser, sample_site):
    errors = []
    page = open_page(browser, f"{base}chinese.html", errors, **PHONE)
    page.wait_for_selector("#cp-grid button")

    @fuzz(full=200, ci=10)
    @given(hand=st.one_of(texts, card_texts(13)), own=st.one_of(st.just(""), texts),
           split=st.booleans())
    @example(hand="9" * 5000, own="", split=False)
    @example(hand=" ".join(CARDS[:13]), own=INJECTED[0], split=False)
    def case(hand, own, split):
        cards, said = python_hand(hand, 0, 13)
        if split and cards is not None:  # a split of the hand itself, rows of 5, 5 and 3
            words = hand.split()
            own = " ".join(words[:5]) + " / " + " ".join(words[5:10]) + " / " + " ".join(words[10:])
        page.fill("#cp-hand", hand)
        page.fill("#cp-own", own)
        page.click("#cp-form button")
        message, result = probe(page, "cp-message", "cp-result")
        one_line(message)
        if said is not None:
            if hand.isprintable():
                assert message == said, (hand, message, said)
            assert not page.locator("#cp-result .cp-split").count()
        else:
            heads = page.locator("#cp-result .cp-head").all_inner_texts()
            assert heads and heads[0].startswith("Best split: E+ "), heads
            e_plus = [float(re.search(r"E\+ ([\d.]+)", h).group(1)) for h in heads]
            best = [e for h, e in zip(heads, e_plus) if not h.startswith("Your split")]
            assert best == sorted(best, reverse=True) and all(0 <= e <= 4 for e in e_plus)
            assert message.startswith("Best split of 13 cards") or message.startswith("Your split")
        assert errors == [], (hand, own, errors)

    case()
    page.fill("#cp-hand", "As Ks Qs Js 9h 9d 8c 7c 6h 5s 4d 3c 2h")
    page.fill("#cp-own", "")
    page.click("#cp-form button")
    assert probe(page, "cp-message")[0].startswith("Best split of 13 cards")
    assert page.locator("#cp-result .cp-split").count() == 5
    assert errors == []
