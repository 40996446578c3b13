"""The ui package's seams: a view reaches the App (and any other object) only through public names, and the
page's DOM is built with the one helper in ui.dom."""
from __future__ import annotations

import ast
import pathlib

import ui.i18n

UI = pathlib.Path(ui.i18n.__file__).parent
# review_view.py still waits for the bot through the App's private flag (to become App.wait_for_bot())
NOT_YET = {("review_view.py", "self.app._bot_ready")}


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
