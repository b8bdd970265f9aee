"""The web app in a real browser: headless Chromium driven by Selenium, against a real
``pysolver serve``. Each test compares what the page shows with the library's own answer.

The tests take the screenshots of the guide's page "The web app": with
``PYSOLVER_SCREENSHOTS=docs/img/web`` they are written there, otherwise to a temporary
folder. Without Chromium and chromedriver the tests are skipped, unless
``PYSOLVER_BROWSER_TESTS=required`` (as in CI), when a missing browser fails them.
"""

import os
import shutil
import tempfile
import time
import urllib.parse
from pathlib import Path

import pytest

from pysolver import PokerInputError, equity, parse_range, solve_showdown
from pysolver.core import range_grid
from pysolver.crossval import rule_diff
from pysolver.evaluator import backends_present
from tests.helpers.web_server import running_server
from tests.web.test_web_api import FLUSH_OVER_BOAT, TRIPS_OVER_STRAIGHT

pytestmark = pytest.mark.heavy  # a browser and a server

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
CHROME_OPTIONS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1400,1000",
)


def _browser():
    binary = next((found for name in BROWSERS if (found := shutil.which(name))), None)
    driver = shutil.which("chromedriver")
    if binary and driver:
        return binary, driver
    if os.environ.get("PYSOLVER_BROWSER_TESTS") == "required":
        pytest.fail("no Chromium and chromedriver found (apt-get install chromium chromium-driver)")
    pytest.skip("no Chromium and chromedriver found: apt-get install chromium chromium-driver")


@pytest.fixture(scope="module")
def server():
    with running_server("--workers", "2") as (url, _):
        yield url


@pytest.fixture(scope="module")
def browser():
    binary, driver_path = _browser()
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = binary
    profile = tempfile.mkdtemp(prefix="pysolver-chromium-")
    for option in CHROME_OPTIONS + (f"--user-data-dir={profile}",):
        options.add_argument(option)
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def shots():
    folder = os.environ.get("PYSOLVER_SCREENSHOTS")
    made = None if folder else tempfile.mkdtemp(prefix="pysolver-shots-")
    path = Path(folder or made)
    path.mkdir(parents=True, exist_ok=True)
    yield path
    if made:
        shutil.rmtree(made, ignore_errors=True)


def screenshot(driver, folder, name):
    """The whole page as a PNG, the window as tall as the page."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1400, min(4000, height + 140))  # the window holds the page and its frame
    driver.execute_script("window.scrollTo(0, 0)")
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    driver.set_window_size(1400, 1000)
    assert path.stat().st_size > 10_000
    return path


def find(driver, testid):
    return driver.find_element(By.CSS_SELECTOR, f"[data-testid='{testid}']")


def wait_text(driver, testid, timeout=60):
    """The text of an element once it has some."""
    WebDriverWait(driver, timeout).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, f"[data-testid='{testid}']") and find(d, testid).text.strip()
    )
    return find(driver, testid).text.strip()


def wait_until(driver, condition, timeout=60):
    WebDriverWait(driver, timeout).until(lambda d: condition())


def percent(x):
    return f"{100 * x:.2f}%"


def open_and_time(driver, url, testid):
    """Open a link and wait for its answer: (seconds, the answer's text)."""
    driver.get("about:blank")
    start = time.perf_counter()
    driver.get(url)
    text = wait_text(driver, testid)
    return time.perf_counter() - start, text


def open_page(driver, url):
    """Open a page and wait until it has set itself up."""
    driver.get(url)
    wait_until(driver, lambda: driver.execute_script("return document.body.dataset.ready") == "1")


def type_into(driver, element, text):
    element.clear()
    element.send_keys(text)


def test_a_range_built_on_the_grid_against_a_hand_on_a_picked_board(browser, server, shots):
    open_page(browser, server + "equity")
    type_into(browser, find(browser, "player-0"), "AhKh")
    grid = find(browser, "grid-1")

    def cell(name):
        return grid.find_element(By.CSS_SELECTOR, f"td[data-class='{name}']")

    for name in ("AA", "KK", "QQ"):
        cell(name).click()
    ActionChains(browser).click_and_hold(cell("AKs")).move_to_element(cell("AQs")).move_to_element(
        cell("AJs")
    ).release().perform()  # a drag across three cells
    wait_until(browser, lambda: "combos" in find(browser, "combos-1").text)
    text = find(browser, "player-1").get_attribute("value")
    assert text == "QQ+, AJs+" and parse_range(text) == parse_range("AA, KK, QQ, AKs, AQs, AJs")
    assert find(browser, "combos-1").text.startswith(f"{range_grid('QQ+, AJs+').combos:g} combos")
    for card in ("Ks", "7h", "2d"):
        browser.find_element(By.CSS_SELECTOR, f"[data-card='{card}']").click()
    assert find(browser, "board").get_attribute("value") == "Ks 7h 2d"
    find(browser, "calculate").click()
    expected = equity(["AhKh", "QQ+, AJs+"], "Ks 7h 2d")
    assert wait_text(browser, "equity-0") == percent(expected.players[0].equity)
    assert find(browser, "equity-1").text == percent(expected.players[1].equity)
    assert find(browser, "win-0").text == percent(expected.players[0].win)
    shown = equity(["AhKh", "QQ+, AJs+"], "Ks 7h 2d", breakdown=True)  # the page shows the grids
    summary = find(browser, "summary").text  # how it was found: the path, the backend that counted, the threads
    assert any(f"({shown.method}, {kernel}, 1 thread)" in summary for kernel in backends_present()), summary
    query = urllib.parse.parse_qs(urllib.parse.urlparse(browser.current_url).query)
    assert query["p"] == ["AhKh", text] and query["board"] == ["Ks7h2d"]  # the spot is in the link
    made = find(browser, "texture-1").text
    assert "Set 3" in made  # KK on a king-high board
    screenshot(browser, shots, "equity")
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []  # nothing refused or missing


def test_suits_weights_and_top_percent_on_the_grid(browser, server):
    open_page(browser, server + "equity")
    grid = find(browser, "grid-1")
    ActionChains(browser).context_click(grid.find_element(By.CSS_SELECTOR, "td[data-class='AKs']")).perform()
    find(browser, "suits-1").find_element(By.CSS_SELECTOR, "input[data-combo='AhKh']").click()
    wait_until(browser, lambda: find(browser, "player-1").get_attribute("value") == "AhKh")
    find(browser, "suits-close").click()
    weight = find(browser, "weight-1")
    weight.clear()
    weight.send_keys("0.5")
    grid.find_element(By.CSS_SELECTOR, "td[data-class='KQs']").click()
    wait_until(browser, lambda: find(browser, "player-1").get_attribute("value") == "AhKh, 0.5(KQs)")
    wait_until(browser, lambda: find(browser, "combos-1").text.startswith("3 combos"))
    browser.execute_script(
        "const s = arguments[0]; s.value = '10'; s.dispatchEvent(new Event('input'));", find(browser, "top-1")
    )
    wait_until(browser, lambda: find(browser, "player-1").get_attribute("value") == "top 10% vs1")
    expected = range_grid(parse_range("top 10% vs1")).combos
    wait_until(browser, lambda: find(browser, "combos-1").text.startswith(f"{expected:g} combos"))


@pytest.mark.parametrize(
    "spot",
    [
        {"p": ["AhKh", "QsQd"]},
        {"p": ["AsKs", "QQ+,AKs"], "board": "QsJs2c"},
        {"p": ["AhKh", "random", "random"], "board": "Kd7h2c", "breakdown": "0"},
    ],
)
def test_a_shared_link_computes_when_opened(browser, server, spot):
    url = server + "equity?" + urllib.parse.urlencode(spot, doseq=True)
    seconds, shown = open_and_time(browser, url, "equity-0")
    expected = equity(spot["p"], spot.get("board", ""))
    assert shown == percent(expected.players[0].equity)
    print(f"\nlink to answer: {seconds:.2f} s  {url}")


def test_a_showdown_solved_and_explained(browser, server, shots):
    hands, board = ["AhQd", "AcJh", "7c7d"], "AsKdKc9s9h"
    url = server + "showdown?" + urllib.parse.urlencode({"p": hands, "board": board}, doseq=True)
    seconds, winner = open_and_time(browser, url, "winner")
    expected = solve_showdown(hands, board, explain=True)
    assert winner == f"Player {expected.winners[0]} wins" and expected.winners == (0,)
    assert expected.explanation.to_dict()["reasons"][0] in find(browser, "explanation").text
    best = {chip.text for chip in find(browser, "hand-0").find_elements(By.CSS_SELECTOR, ".card.best")}
    assert best == {str(card) for card in expected.players[0].best_five}
    assert find(browser, "description-2").text == expected.players[2].description
    streets = find(browser, "streets").text
    assert "flop" in streets and "turn" in streets and "river" in streets
    print(f"\nlink to answer: {seconds:.2f} s  {url}")
    screenshot(browser, shots, "showdown")
    browser.get(server + "showdown?p=AsKs&p=QhQd&board=JsTs2c")
    wait_text(browser, "outs")
    assert "16 outs" in find(browser, "outs").text and "555" in find(browser, "runouts").text


def test_a_rule_file_edited_in_the_page_and_its_diff(browser, server, shots):
    open_page(browser, server + "rules")
    wait_until(browser, lambda: "category_order(flush, 5)" in find(browser, "rule-text").get_attribute("value"))
    browser.execute_script(
        "const t = arguments[0]; t.value = arguments[1]; t.dispatchEvent(new Event('input'));",
        find(browser, "rule-text"),
        FLUSH_OVER_BOAT,
    )
    find(browser, "rule-check").click()
    wait_until(browser, lambda: "rules.lp" in find(browser, "rule-facts").text)
    rows = [r.text for r in find(browser, "counts").find_elements(By.CSS_SELECTOR, "tr[data-category]")]
    assert rows[3:5] == ["Flush 5,108 1,277", "Full house 3,744 156"]
    for testid, value in (("showdowns", "2000"), ("seed", "3"), ("matchup", "AhKh vs 7c7d on 7h 9h Ts")):
        type_into(browser, find(browser, testid), value)
    find(browser, "rule-diff-run").click()
    moved = wait_text(browser, "classes-moved")
    expected = rule_diff(
        "standard", "flush_beats_full_house", showdowns=2000, seed=3, matchups=["AhKh vs 7c7d on 7h 9h Ts"]
    )
    assert moved.startswith(f"{expected.classes.moved:,} of 7,462 classes change places")
    assert find(browser, "showdowns-changed").text.startswith(f"{expected.showdowns.changed:,} of 2,000")
    last = expected.matchups[-1]
    for under in last.equities:  # the matchup under both books
        assert f"{percent(under[0])} / {percent(under[1])}" in find(browser, "matchups").text
    type_into(browser, find(browser, "player-0"), "AhKh")
    type_into(browser, find(browser, "player-1"), "7c7d")
    type_into(browser, find(browser, "board"), "7h 9h Th 9c 2h")
    find(browser, "calculate").click()
    assert wait_text(browser, "winner") == "Player 0 wins"  # the flush, now above the full house
    assert "#text=" in browser.current_url
    screenshot(browser, shots, "rules")
    # The link, opened again, shows the same diff.
    seconds, again = open_and_time(browser, browser.current_url, "classes-moved")
    assert again == moved
    print(f"\nlink to answer: {seconds:.2f} s  (rules lab, edited text in the link)")


def set_rule_text(driver, text):
    driver.execute_script(
        "const t = arguments[0]; t.value = arguments[1]; t.dispatchEvent(new Event('input'));",
        find(driver, "rule-text"),
        text,
    )


def test_a_pinned_text_and_the_edited_one_diffed(browser, server, tmp_path):
    open_page(browser, server + "rules")
    wait_until(browser, lambda: "category_order(flush, 5)" in find(browser, "rule-text").get_attribute("value"))
    set_rule_text(browser, FLUSH_OVER_BOAT)
    find(browser, "rule-pin").click()  # rule book A: this text as it is now
    assert find(browser, "against").get_attribute("value") == "pinned"
    set_rule_text(browser, TRIPS_OVER_STRAIGHT)  # rule book B: edited on
    type_into(browser, find(browser, "showdowns"), "1000")
    type_into(browser, find(browser, "seed"), "5")
    find(browser, "rule-diff-run").click()
    moved = wait_text(browser, "classes-moved")
    (tmp_path / "a.lp").write_text(FLUSH_OVER_BOAT)
    (tmp_path / "b.lp").write_text(TRIPS_OVER_STRAIGHT)
    expected = rule_diff(str(tmp_path / "a.lp"), str(tmp_path / "b.lp"), showdowns=1000, seed=5)
    assert moved.startswith(f"{expected.classes.moved:,} of 7,462 classes change places")
    assert find(browser, "showdowns-changed").text.startswith(f"{expected.showdowns.changed:,} of 1,000")
    assert "against.lp → rules.lp" in find(browser, "rule-diff").text
    assert "against_text=" in browser.current_url and "#text=" in browser.current_url
    # The link holds both texts: opened again, it shows the same diff.
    _, again = open_and_time(browser, browser.current_url, "classes-moved")
    assert again == moved
    # A fault in the pinned text is shown beside the choice of A, not at a line of the editor.
    set_rule_text(browser, TRIPS_OVER_STRAIGHT)
    browser.execute_script("pin(arguments[0])", 'royal(ace).\n#include "/etc/passwd".\n')
    find(browser, "rule-diff-run").click()
    assert "'against.lp', line 2: #include is refused" in wait_text(browser, "error")
    assert "invalid" in find(browser, "against").get_attribute("class")
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-testid='error-line']")


def test_bad_input_beside_its_field_and_hostile_rule_text(browser, server, shots):
    browser.get(server + "equity?p=AhKh&p=QQ%2B%2B")
    with pytest.raises(PokerInputError) as expected:
        parse_range("QQ++")
    message = wait_text(browser, "error")
    assert message == str(expected.value)
    sibling = browser.execute_script("return arguments[0].previousElementSibling", find(browser, "error"))
    assert sibling.get_attribute("data-testid") == "player-1"  # beside the field it concerns
    assert "Traceback" not in browser.page_source
    screenshot(browser, shots, "error")
    open_page(browser, server + "rules")
    wait_until(browser, lambda: find(browser, "rule-text").get_attribute("value"))
    hostile = 'royal(ace).\n#include "/etc/passwd".\n'
    browser.execute_script(
        "const t = arguments[0]; t.value = arguments[1]; t.dispatchEvent(new Event('input'));",
        find(browser, "rule-text"),
        hostile,
    )
    find(browser, "rule-check").click()
    assert "#include is refused" in wait_text(browser, "error")
    assert find(browser, "error-line").text == "2"
    assert "root:" not in browser.page_source


def test_a_long_run_shows_progress_and_cancels(browser, server):
    spot = {"p": ["AhKh", "random", "random", "random"], "mode": "sample", "trials": "100000000", "seed": "1"}
    browser.get(server + "equity?" + urllib.parse.urlencode(spot, doseq=True))
    wait_until(
        browser,
        lambda: (
            find(browser, "progress").is_displayed()
            and browser.execute_script("return arguments[0].value", find(browser, "progress")) > 0
        ),
    )
    find(browser, "cancel").click()
    assert wait_text(browser, "error") == "cancelled"
    type_into(browser, find(browser, "trials"), "20000")
    find(browser, "calculate").click()  # the server answers the next run
    expected = equity(spot["p"], trials=20_000, seed=1, breakdown=True)  # the page asks for the grids
    assert wait_text(browser, "equity-0") == percent(expected.players[0].equity)


AXE_CORE = Path(os.environ.get("AXE_CORE", Path.home() / ".cache/pysolver-axe/node_modules/axe-core/axe.min.js"))
"""axe-core from npm (``npm install --prefix ~/.cache/pysolver-axe axe-core@4``; CI installs it there)."""


@pytest.mark.parametrize(
    "link",
    ["/equity?p=AhKh&p=AhQd", "/equity?p=AhKh&p=QsQd&board=Ah7c2d", "/equity?p=AhKh&p=QQ%2B&dead=Kh"],
)
def test_a_shared_link_with_a_card_conflict_always_shows_the_error(browser, server, link):
    """The ranges are read as the page opens while the computation is refused: the refusal stays."""
    with pytest.raises(PokerInputError) as refused:
        params = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
        equity(params["p"], params.get("board", [""])[0], dead=params.get("dead", [""])[0])
    for _ in range(5):  # a race shows up only now and then
        open_page(browser, server.rstrip("/") + link)
        text = wait_text(browser, "error", timeout=30)
        wait_until(browser, lambda: not browser.execute_script("return document.body.dataset.busy === '1'"), 5)
        time.sleep(0.5)  # every range read has answered
        assert find(browser, "error").is_displayed() and find(browser, "error").text.strip() == text
        assert str(refused.value).split(":")[0] in text
        assert find(browser, "error").get_attribute("role") == "alert"


def test_the_grid_and_the_cards_from_the_keyboard(browser, server):
    from selenium.webdriver.common.keys import Keys

    open_page(browser, server + "equity?p=QQ%2B&p=AhKh")
    cell = browser.find_element(By.CSS_SELECTOR, "[data-testid='grid-0'] td[data-class='AA']")
    wait_until(browser, lambda: cell.get_attribute("aria-selected") == "true")  # QQ+ holds AA
    browser.execute_script("arguments[0].closest('details').open = true; arguments[0].focus()", cell)
    active = browser.switch_to.active_element
    active.send_keys(Keys.ARROW_RIGHT)  # to AKs
    assert browser.switch_to.active_element.get_attribute("data-class") == "AKs"
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait_until(browser, lambda: find(browser, "player-0").get_attribute("value") == "QQ+, AKs")
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN, Keys.SPACE)  # KK: out
    wait_until(browser, lambda: find(browser, "player-0").get_attribute("value") == "AA, QQ, AKs")
    browser.switch_to.active_element.send_keys(Keys.ARROW_UP, Keys.HOME, "s")  # AA's suits, in a dialog
    dialog = find(browser, "suits-0")
    assert dialog.get_attribute("role") == "dialog"
    assert browser.switch_to.active_element.get_attribute("data-combo") == "AdAc"
    browser.switch_to.active_element.send_keys(Keys.SPACE, Keys.ESCAPE)  # AdAc out
    wait_until(browser, lambda: "AdAc" not in find(browser, "player-0").get_attribute("value"))
    assert browser.switch_to.active_element.get_attribute("data-class") == "AA"  # back on its cell
    card = browser.find_element(By.CSS_SELECTOR, "#picker [data-card='Qs']")
    browser.execute_script("arguments[0].focus()", card)
    browser.switch_to.active_element.send_keys(Keys.ENTER, Keys.ARROW_RIGHT, Keys.SPACE, Keys.ARROW_DOWN, Keys.ENTER)
    assert find(browser, "board").get_attribute("value") == "Qs Js Jh"
    assert card.get_attribute("aria-pressed") == "true" and "on the board" in card.get_attribute("aria-label")


@pytest.mark.parametrize(
    "page",
    [
        "equity?p=QQ%2B,AKs&p=AhKh&board=Ks7h2d",
        "equity?p=Ah3hKdQd&p=As3s9c9d&board=2c5d8hKc&rules=omaha_hi_lo",
        "showdown?p=AsKs&p=QhQd&board=JsTs2c7h3d",
        "showdown?p=Ah3hKdQd&p=As3s9c9d&board=2c5d8hKcKs&rules=omaha_hi_lo",
        "rules",
        "rules?base=omaha_hi_lo&against=omaha&showdowns=500&seed=1",
    ],
)
def test_no_serious_accessibility_violation(browser, server, page):
    if not AXE_CORE.exists():
        if os.environ.get("PYSOLVER_BROWSER_TESTS") == "required":
            pytest.fail(f"axe-core not found at {AXE_CORE}: npm install --prefix ~/.cache/pysolver-axe axe-core@4")
        pytest.skip(f"axe-core not found at {AXE_CORE}")
    open_page(browser, server + page)
    if page.startswith("equity"):
        wait_text(browser, "summary")
    elif page.startswith("showdown"):
        wait_text(browser, "winner")
    elif "against" in page:
        wait_text(browser, "matchups")
    browser.execute_script(AXE_CORE.read_text(encoding="utf-8"))  # the page's policy governs its own scripts
    browser.set_script_timeout(60)
    found = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations), (e) => done(String(e)));"
    )
    assert isinstance(found, list), found
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert not serious, "\n".join(serious)


def test_a_games_equity_pot_by_pot_in_the_page(browser, server, shots):
    from pysolver import game_equity

    link = "equity?p=Ah3hKdQd&p=As3s9c9d&board=2c5d8hKc&rules=omaha_hi_lo"
    open_page(browser, server + link)
    wait_text(browser, "summary")
    expected = game_equity(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    for p in expected.players:
        assert find(browser, f"equity-{p.player}").text == percent(p.equity)
        assert find(browser, f"low-{p.player}").text == percent(p.pots["low"])
        assert find(browser, f"scoop-{p.player}").text == percent(p.scoop)
    assert "exact, 40 deals" in find(browser, "summary").text and "pot by pot" in find(browser, "summary").text
    assert not browser.find_element(By.CSS_SELECTOR, "#players details").is_displayed()  # no grid for a game
    rules = browser.find_element(By.ID, "rules")
    assert rules.find_element(By.CSS_SELECTOR, "option[value='omaha_hi_lo']").get_attribute("data-game") == "1"
    screenshot(browser, shots, "game")


def test_a_games_showdown_pot_by_pot_and_its_picker(browser, server, shots):
    hands, board = ["Ah3hKdQd", "As3s9c9d"], "2c5d8hKcKs"
    link = "showdown?" + urllib.parse.urlencode({"p": hands, "board": board, "rules": "omaha_hi_lo"}, doseq=True)
    open_page(browser, server + link)
    winner = wait_text(browser, "winner")
    expected = solve_showdown(hands, board, rules="omaha_hi_lo")
    assert winner == "The pot splits: Player 0 75%, Player 1 25%"
    for pot in expected.pots:
        for p, hand in enumerate(pot.hands):
            assert find(browser, f"{pot.pot}-{p}").text.startswith(hand.description)
    assert [find(browser, f"share-{p}").text for p in (0, 1)] == ["75.00%", "25.00%"]
    assert not browser.find_element(By.ID, "draws").is_displayed()  # outs and runouts take hold'em's deal
    screenshot(browser, shots, "showdown-game")
    # The picker deals the game's four hole cards to a seat, then moves on.
    open_page(browser, server + "showdown?rules=omaha")
    find(browser, "player-0").click()
    for card in ("As", "Ks", "Qd", "2c", "7h"):
        browser.find_element(By.CSS_SELECTOR, f"#picker [data-card='{card}']").click()
    assert find(browser, "player-0").get_attribute("value") == "As Ks Qd 2c"
    assert find(browser, "player-1").get_attribute("value") == "7h"


def test_a_game_rule_book_diffed_in_the_lab(browser, server, shots):
    open_page(browser, server + "rules?base=omaha_hi_lo&against=omaha&showdowns=2000&seed=1")
    changed = wait_text(browser, "showdowns-changed")
    expected = rule_diff("omaha", "omaha_hi_lo", showdowns=2000, seed=1)
    assert changed.startswith(f"{expected.changed:,} of 2,000 random deals of 2 players (seed 1)")
    assert "high-low split" in find(browser, "game").text
    low = find(browser, "pot-low").text
    assert percent(expected.pots["low"][1]["none"]) in low
    rows = find(browser, "matchups").find_elements(By.CSS_SELECTOR, "tr")[1:]
    assert len(rows) == len(expected.matchups) == 2
    for row, m in zip(rows, expected.matchups):
        assert " / ".join(percent(x) for x in m.equities[1]) in row.text
    type_into(browser, find(browser, "player-0"), "Ah3hKdQd")
    type_into(browser, find(browser, "player-1"), "As3s9c9d")
    type_into(browser, find(browser, "board"), "2c 5d 8h Kc Ks")
    find(browser, "calculate").click()
    assert wait_text(browser, "winner") == "Player 0 takes 75%, Player 1 takes 25%"
    screenshot(browser, shots, "rules-game")


def test_a_games_outs_and_runouts_on_the_turn(browser, server):
    from pysolver import game_equity

    link = "showdown?p=Ah3hKdQd&p=As3s9c9d&board=2c5d8hKc&rules=omaha_hi_lo"
    open_page(browser, server + link)
    wait_text(browser, "game-runouts")
    expected = game_equity(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    for p in expected.players:
        assert find(browser, f"runout-equity-{p.player}").text.startswith(percent(p.equity))
    assert "takes part on 40" in find(browser, "outs").text  # the A-3 low tied on every river
