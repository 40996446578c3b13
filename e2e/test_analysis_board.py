"""The analysis board on a phone and offline: a review at 360x740 (the table's rotated board, arrows, no sideways
scroll), a match file opened for review (from a review, from the History and dropped on the page), and "Analyse a
position" from a link opened with the network off."""
from __future__ import annotations

import json

import pytest

import helpers as H
from test_review import AXE, ROOT, TAGS, open_page

PHONE = {"width": 360, "height": 740}
OPENING_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
OPENING = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


@pytest.fixture(scope="module")
def record():
    """A game of the intermediate bot against the beginner (plays with hits, errors to find)."""
    import game
    table = game.Table(game.Options.bots("intermediate", "beginner", seed="12" * 32, clock=0), now=0)
    game.drive_bots(table, now=0)
    return table.record()


def axe(page) -> list:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async (tags) => {
      const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
      return r.violations.map(v => `${v.id}: ${v.help} -> ` + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""", TAGS)


def rect(page, selector: str) -> dict:
    return page.locator(selector).bounding_box()


def test_a_review_on_a_phone(browser, base_url, record):
    from ui import review as R
    items = R.items(record)
    init = f"localStorage.setItem('gamao.review', {json.dumps(json.dumps(record))});"
    context, page, guard = open_page(browser, H.table_url(base_url) + "&review=1", init=init)
    try:
        page.set_viewport_size(PHONE)
        view = page.locator("[data-review]")
        view.wait_for(state="visible")
        page.wait_for_function("document.querySelector('[data-review]').dataset.step === '0'")
        # the table's board turned a quarter: the bottom player's column on the left (12 at the top down to 1),
        # the other's on the right; every point a row
        p12, p7, p6, p1, p13 = (rect(page, f"[data-review] [data-point='{n}']") for n in (12, 7, 6, 1, 13))
        assert p12["y"] < p7["y"] < p6["y"] < p1["y"] and abs(p12["x"] - p1["x"]) < 2
        assert p13["x"] > p12["x"] + p12["width"] / 2 and abs(p13["y"] - p12["y"]) < 2
        assert p12["width"] > p12["height"]
        board = rect(page, "[data-review] .study-board")
        assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
        # no sideways scroll, in the view or the page
        assert page.evaluate("() => { const d = document.querySelector('[data-review]');"
                             " return d.scrollWidth <= d.clientWidth && document.documentElement.scrollWidth <= 360; }")
        assert not page.locator("[data-review] .pnums").first.is_visible()  # the rows carry the numbers
        # the board mirrored in the settings (the bottom player's home on the left): its rows upside down, as the
        # table's, the trays at the top end
        page.evaluate("document.documentElement.dataset.home = 'left'")
        p12, p7, p6, p1, p13, off = (rect(page, f"[data-review] [data-point='{n}']") for n in (12, 7, 6, 1, 13, "off"))
        assert off["y"] < p1["y"] < p6["y"] < p7["y"] < p12["y"] and abs(p12["x"] - p1["x"]) < 2
        assert p13["x"] > p12["x"] + p12["width"] / 2 and abs(p13["y"] - p12["y"]) < 2
        page.evaluate("document.documentElement.dataset.home = 'right'")
        # a play with a hit: its arrows on the board, the hit marked, every arrow inside the board
        hit_at = next(i for i, it in enumerate(items) if any(h for _, _, h in it.steps))
        page.locator(f"[data-review] [data-decision][data-i='{hit_at}']").click()
        page.wait_for_function(f"document.querySelector('[data-review]').dataset.step === '{hit_at}'")
        arrows = page.evaluate("""() => [...document.querySelectorAll('[data-review] [data-arrow]')].map(a => {
            const r = a.getBoundingClientRect(); return [a.dataset.from, a.dataset.to, a.hasAttribute('data-hit'),
            r.left, r.top, r.right, r.bottom]; })""")
        assert [a[:3] for a in arrows] == [list(s) for s in items[hit_at].steps]
        assert page.locator("[data-review] circle[data-hit]").count() == sum(1 for s in items[hit_at].steps if s[2])
        board = rect(page, "[data-review] .study-board")
        for a in arrows:
            assert board["x"] - 1 <= a[3] and a[5] <= board["x"] + board["width"] + 1
            assert board["y"] - 1 <= a[4] and a[6] <= board["y"] + board["height"] + 1
        # the arrow from the point the first step leaves starts on it, and ends on the point it reaches
        frm, to = items[hit_at].steps[0][:2]
        line = page.evaluate("""() => { const a = document.querySelector('[data-review] [data-arrow]');
            const m = a.getScreenCTM(); return [a.x1.baseVal.value * m.a + m.e, a.y1.baseVal.value * m.d + m.f,
            a.x2.baseVal.value * m.a + m.e, a.y2.baseVal.value * m.d + m.f]; }""")
        for (x, y), slot in (((line[0], line[1]), frm), ((line[2], line[3]), to)):
            box = rect(page, f"[data-review] [data-point='{slot}']")
            assert box["x"] - 12 <= x <= box["x"] + box["width"] + 12 and box["y"] - 12 <= y <= box["y"] + box["height"] + 12
        # the buttons are within the screen's width and big enough to tap
        for name in ("Show the best play", "Next error", "Previous error"):
            b = page.get_by_role("button", name=name, exact=True).bounding_box()
            assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] and b["height"] >= 40
        found = axe(page)
        assert not found, found
        # the position before this decision, analysed on its own: the same board, the play's dice
        page.get_by_role("button", name="Analyse this position", exact=True).click()
        page.locator("[data-position-view]").wait_for(state="visible")
        page.wait_for_function("document.querySelector('[data-position-view]').dataset.analysed", timeout=120_000)
        assert page.get_by_label("Position to analyse").input_value() == R.xgid_of(items[hit_at], 0)
        assert page.locator("[data-position-view] [data-candidate]").count() >= 1
        d = items[hit_at].dice
        assert page.locator(f"[data-position-view] [data-dice='{d[0]},{d[1]}']").count() == 1
        assert page.evaluate("() => document.documentElement.scrollWidth <= 360")
        guard.check()
    finally:
        context.close()


def test_a_match_file_opened_for_review(browser, base_url, record, tmp_path):
    from ui import review as R
    init = f"localStorage.setItem('gamao.review', {json.dumps(json.dumps(record))});"
    context, page, guard = open_page(browser, H.table_url(base_url) + "&review=1", init=init)
    try:
        view = page.locator("[data-review]")
        view.wait_for(state="visible")
        before = page.locator("[data-review] [data-decision]").count()
        assert before == len(R.items(record))
        bad = tmp_path / "bad.mat"
        bad.write_text("this is not a match\n")
        view.get_by_label("Open a match file").set_input_files(str(bad))
        page.wait_for_function("document.querySelector('#review-analysis-status').textContent.includes('cannot be opened')")
        assert page.locator("[data-review] [data-decision]").count() == before     # nothing else changed
        short = {**record, "games": record["games"][:1]}
        short["games"][0] = {**short["games"][0], "actions": short["games"][0]["actions"][:9], "result": None}
        path = tmp_path / "game.json"
        path.write_text(json.dumps(short))
        view.get_by_label("Open a match file").set_input_files(str(path))
        n = len(R.items(short))
        assert n < before
        page.wait_for_function(f"document.querySelectorAll('[data-review] [data-decision]').length === {n}")
        assert page.locator("#review-dice-note").is_hidden()                      # a seeded record
        # a match in progress as GNU Backgammon exports it: reviewed, its dice said to be unverifiable
        import game
        mat = ROOT / "tests" / "data" / "mat" / "gnubg_in_progress.mat"
        n = len(R.items(game.import_match(mat.read_text())))
        view.get_by_label("Open a match file").set_input_files(str(mat))
        page.wait_for_function(f"document.querySelectorAll('[data-review] [data-decision]').length === {n}")
        assert page.locator("#review-dice-note").is_visible()
        guard.check()
    finally:
        context.close()


def test_a_match_file_opened_from_the_history(browser, base_url, tmp_path):
    """A player with no game played yet opens another program's match from the History: it is reviewed; a file
    that is not a match is refused in the History, which stays open with nothing else changed."""
    import game
    from ui import review as R
    context, page, guard = open_page(browser, H.table_url(base_url))
    try:
        page.locator("#btn-history").click()
        history = page.locator("#dlg-history")
        history.wait_for(state="visible")
        assert page.locator("#history-empty").is_visible()
        bad = tmp_path / "bad.mat"
        bad.write_text("this is not a match\n")
        history.get_by_label("Open a match file").set_input_files(str(bad))
        note = page.locator("#history-file-note")
        note.wait_for(state="visible")
        assert "cannot be opened" in note.inner_text()
        assert history.is_visible() and page.locator("[data-review]").is_hidden()
        assert page.locator("#history-list li").count() == 0                       # the history is untouched
        mat = ROOT / "tests" / "data" / "mat" / "gnubg_in_progress.mat"
        n = len(R.items(game.import_match(mat.read_text())))
        history.get_by_label("Open a match file").set_input_files(str(mat))
        page.locator("[data-review]").wait_for(state="visible")
        page.wait_for_function(f"document.querySelectorAll('[data-review] [data-decision]').length === {n}")
        assert history.is_hidden()
        assert page.locator("#review-dice-note").is_visible()                     # no seed: its dice unverifiable
        assert page.locator("#history-list li").count() == 0
        page.locator("#review-close").click()
        page.locator("#btn-history").click()
        assert note.is_hidden()                                                     # a new opening, no old note
        guard.check()
    finally:
        context.close()


DROP_JS = """([text, name, file]) => {
  const dt = new DataTransfer();
  if (file) dt.items.add(new File([text], name, {type: 'text/plain'})); else dt.setData('text/plain', text);
  const target = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
  const out = {};
  for (const kind of ['dragenter', 'dragover', 'drop']) {
    const ev = new DragEvent(kind, {bubbles: true, cancelable: true, dataTransfer: dt});
    target.dispatchEvent(ev);
    out[kind] = ev.defaultPrevented;
  }
  return out;
}"""


def test_a_match_file_dropped_on_the_page(browser, base_url):
    """A file dragged from the desktop onto the table opens in the review; one that is not a match is said below
    the board (and in the review's status line while it is open) and changes nothing; a drag of text is left to
    the browser."""
    import game
    from ui import review as R
    context, page, guard = open_page(browser, H.table_url(base_url))
    try:
        text_drag = page.evaluate(DROP_JS, ["13/8 6/5", "", False])
        assert not text_drag["dragover"] and not text_drag["drop"]                # not a file: the browser's
        bad = page.evaluate(DROP_JS, ["this is not a match\n", "bad.mat", True])
        assert bad["dragover"] and bad["drop"]                                      # the page takes the file
        page.wait_for_function("document.getElementById('notice').textContent.includes('cannot be opened')")
        assert page.locator("[data-review]").is_hidden()
        mat = ROOT / "tests" / "data" / "mat" / "gnubg_in_progress.mat"
        n = len(R.items(game.import_match(mat.read_text())))
        page.evaluate(DROP_JS, [mat.read_text(), "match.mat", True])
        page.locator("[data-review]").wait_for(state="visible")
        page.wait_for_function(f"document.querySelectorAll('[data-review] [data-decision]').length === {n}")
        assert page.locator("#review-dice-note").is_visible()
        page.evaluate(DROP_JS, ["this is not a match\n", "bad.mat", True])         # onto the open review
        page.wait_for_function(
            "document.getElementById('review-analysis-status').textContent.includes('cannot be opened')")
        assert page.locator("[data-review] [data-decision]").count() == n           # the review is unchanged
        guard.check()
    finally:
        context.close()


def test_a_position_link_opened_offline(browser, base_url):
    context, page, guard = open_page(browser, base_url)
    try:
        position_offline(context, page)
        shared_link_opened(context, page)
        guard.check()
    finally:
        context.close()


def shared_link_opened(context, page):
    """The position shown with dice typed beside its ID: "Link to this position" carries them, "Copy the link"
    puts the whole link on the clipboard, and the link opens the same analysis (offline, as the page is)."""
    page.get_by_label("Position to analyse").fill(OPENING)
    page.get_by_label("Dice (optional)").fill("6-5")
    page.get_by_role("button", name="Analyse", exact=True).click()
    page.wait_for_selector("[data-candidate]")
    want = OPENING.replace(":00:", ":65:")
    link = page.get_by_role("link", name="Link to this position")
    assert link.get_attribute("href") == "index.html?analyse=" + want
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy the link").click()
    page.wait_for_function("document.getElementById('position-status').textContent.includes('Link copied')")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.url.split("?")[0] + "?analyse=" + want
    plays = [page.locator("[data-candidate]").nth(k).get_attribute("data-play") for k in range(3)]
    page.goto(copied)
    page.wait_for_selector("[data-position-view][data-analysed]", state="attached")
    assert page.locator("[data-position-view] [data-dice='6,5']").count() == 1
    assert [page.locator("[data-candidate]").nth(k).get_attribute("data-play") for k in range(3)] == plays


def position_offline(context, page):
    from conftest import wait_ready as ready
    base_url = page.url.split("?")[0]
    page.wait_for_selector("html[data-offline]", state="attached", timeout=60_000)
    context.set_offline(True)
    page.goto(base_url + "index.html?lang=en&analyse=" + OPENING_31)
    ready(page)
    want = H.position_analysed(page, OPENING_31)
    rows = page.locator("[data-candidate]")
    assert rows.count() == len(want)
    got = [(rows.nth(k).get_attribute("data-play"), float(rows.nth(k).get_attribute("data-equity"))) for k in range(3)]
    assert [g[0] for g in got] == [w["play"] for w in want[:3]]
    assert all(abs(g[1] - w["equity"]) < 1e-3 for g, w in zip(got, want))
    assert page.locator("[data-position-view] [data-arrow]").count() == 2          # the best play's two steps
    assert page.locator("[data-position-view] [data-dice='3,1']").count() == 1
    # without dice: the cube action and the best play of each roll; bad text is said and changes nothing
    page.get_by_label("Position to analyse").fill(OPENING)
    page.get_by_role("button", name="Analyse", exact=True).click()
    page.wait_for_selector("[data-cube-action]")
    assert page.locator("#position-rolls tbody tr").count() == 21
    page.get_by_label("Position to analyse").fill("not a position")
    page.get_by_role("button", name="Analyse", exact=True).click()
    assert "cannot be analysed" in page.locator("#position-status").text_content()
    assert page.get_by_label("Position to analyse").get_attribute("aria-invalid") == "true"
    assert page.locator("[data-cube-action]").count() == 1
    found = axe(page)
    assert not found, found
    assert page.evaluate("navigator.onLine") is False
