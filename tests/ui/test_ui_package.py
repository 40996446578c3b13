"""The ui package's seams: a view reaches the App (and any other object) only through public names, and the
page's DOM is built with the one helper in ui.dom."""
from __future__ import annotations

import ast
import pathlib

import ui.i18n

UI = pathlib.Path(ui.i18n.__file__).parent
NOT_YET: set = set()


def _foreign_private(path: pathlib.Path) -> list:
    """``x._name`` where ``x`` is not ``self``/``cls``: another object's (or module's) private field."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            found.append(ast.unparse(node))
    return found


def test_no_view_reads_or_writes_another_objects_private_fields():
    bad = [(p.name, a) for p in sorted(UI.glob("*.py")) for a in _foreign_private(p) if (p.name, a) not in NOT_YET]
    assert not bad, bad


def test_the_check_would_see_one(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f(self, app):\n    return self._own or app._busy or app.dialogs._shown_over\n")
    assert _foreign_private(probe) == ["app._busy", "app.dialogs._shown_over"]


def test_one_element_helper():
    makers = [p.name for p in sorted(UI.glob("*.py"))
              for node in ast.walk(ast.parse(p.read_text()))
              if isinstance(node, ast.FunctionDef) and node.name in ("_el", "el")]
    # (verify_view builds the verify page on the document it is given, so that it runs under CPython in tests)
    assert makers == ["dom.py", "verify_view.py"], makers


# -- the page's narrow interface (ui.port.TablePort) --------------------------------------------------------------
def _port_names() -> set:
    """The names ``ui.port.TablePort`` declares: its annotated fields and its functions."""
    tree = ast.parse((UI / "port.py").read_text())
    port = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TablePort")
    names = {n.target.id for n in port.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    return names | {n.name for n in port.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _uses_of_app(source: str) -> set:
    """The names used of ``app`` / ``self.app`` (the page as a view is given it)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        if isinstance(base, ast.Name) and base.id == "app" or \
                isinstance(base, ast.Attribute) and base.attr == "app" and isinstance(base.value, ast.Name) \
                and base.value.id == "self":
            found.add(node.attr)
    return found


def test_the_port_lists_its_names():
    import ui.port
    assert _port_names() == set(ui.port.MEMBERS)


def test_views_use_only_the_port():
    port = _port_names()
    bad = {p.name: sorted(_uses_of_app(p.read_text()) - port) for p in sorted(UI.glob("*.py")) if p.name != "app.py"}
    bad = {name: names for name, names in bad.items() if names}
    assert not bad, bad


def test_the_check_would_see_a_view_reaching_past_the_port():
    assert _uses_of_app("def f(self, app):\n    self.app.review.open(1)\n    app.notice('x')\n") == {"review",
                                                                                                      "notice"}


def test_the_app_has_every_name_of_the_port():
    tree = ast.parse((UI / "app.py").read_text())
    app = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "App")
    has = {n.name for n in app.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for node in ast.walk(app):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    has.add(target.attr)
    assert _port_names() <= has, _port_names() - has


def _worker_uses(source: str) -> list:
    """Where ``source`` reaches a worker itself: ``create_named_worker``, or anything named ``worker`` (a name, an
    attribute, a method)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and ("worker" in node.id.lower()):
            found.append(node.id)
        elif isinstance(node, ast.Attribute) and "worker" in node.attr.lower():
            found.append(ast.unparse(node))
    return found


def test_only_the_bot_proxy_reaches_the_worker():
    """``ui.botproxy.BotProxy`` is the only client of the bot's worker: it starts it and holds it, and every call
    to it is one of its methods; no other module of the page (or its entry point) names a worker."""
    found = {p.name: _worker_uses(p.read_text()) for p in sorted(UI.glob("*.py")) + [UI.parent / "main.py"]
             if p.name != "botproxy.py"}
    found = {name: uses for name, uses in found.items() if uses}
    assert not found, found


def test_the_check_would_see_a_worker_held_elsewhere():
    assert _worker_uses("async def f(self):\n    w = await self.app.bots.worker()\n    await w.decide(1)\n") \
        == ["self.app.bots.worker"]
    assert _worker_uses("from pyscript import create_named_worker\n") == []  # (an import is an alias, below)
    assert _worker_uses("x = create_named_worker('a')\n") == ["create_named_worker"]
