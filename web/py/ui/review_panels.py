"""The review's panels drawn from its data (``ui.review``): the analysis of the decision shown, the graph of the
winning chances with the decision shown marked, and the statistics table. Functions of the elements they fill,
so that ``ui.review_view`` only says when."""
from __future__ import annotations

from . import dom
from . import review as R
from . import review_graph as RG
from . import review_stats as RS


def decision(box, it, who, t) -> None:
    """The analysis of decision ``it`` (its lines, and the top plays of a move) in ``box``."""
    box.innerHTML = ""
    for d in it.analysed:
        p = dom.el("p", None, parent=box, cls="decision-lines", data_kind=d["kind"], data_mark=R.mark_value(d["mark"]))
        for k, line in enumerate(R.decision_lines(d, who, t)):
            cls = ("mark mark-" + R.mark_value(d["mark"])) if k == 0 else ""
            dom.el("span", line, parent=p, cls=cls)
            dom.el("br", parent=p)
        if d["kind"] == "move" and d.get("top") and not d.get("forced"):
            dom.el("h4", t("review_top"), parent=box)
            ol = dom.el("ol", parent=box, cls="review-top")
            for o in d["top"]:
                dom.el("li", f"{o['play'] or t('hint_no_move')} ({o['equity']:+.3f})", parent=ol,
                       data_position_id=o["position_id"])


def graph(box, items, i: int, who, t, player: int) -> None:
    """The graph of ``player``'s winning chances over ``items`` (nothing before an analysis)."""
    if not any(RG.chances(it) for it in items):
        box.innerHTML = ""
        return
    box.innerHTML = RG.svg(items, i, who, t, player)


def graph_current(box, i: int) -> None:
    """Mark decision ``i`` on the graph; the point at or before it is the one Tab reaches."""
    svg = box.querySelector("svg")
    if not svg:
        return
    focus = None
    for c in svg.querySelectorAll("circle[data-i]"):
        j = int(c.getAttribute("data-i"))
        c.classList.toggle("current", j == i)
        c.setAttribute("r", "6" if j == i else "4.5")
        c.setAttribute("tabindex", "-1")
        if j <= i or focus is None:
            focus = c
    if focus is not None:
        focus.setAttribute("tabindex", "0")


def stats(table, analysis, who, t) -> None:
    """The statistics of ``analysis`` for both players in ``table`` (empty before an analysis)."""
    table.innerHTML = ""
    rows = RS.rows(analysis, t)
    if not rows:
        return
    dom.el("caption", t("review_stats"), parent=table)
    head = dom.el("tr", parent=dom.el("thead", parent=table))
    dom.el("td", "", parent=head)
    for name in who:
        dom.el("th", name, parent=head, scope="col")
    body = dom.el("tbody", parent=table)
    for what, a, b in rows:
        tr = dom.el("tr", parent=body)
        dom.el("th", what, parent=tr, scope="row")
        dom.el("td", a, parent=tr)
        dom.el("td", b, parent=tr)
