"""The net package's shape: only the WebRTC adapter touches js (the page code of Play a friend is in ui/); the
message types are typed; the QR code renders."""
from __future__ import annotations

import ast
import pathlib
import typing

import net
from net.messages import TYPES, MessageType
from net.qr import qr_matrix, qr_svg

NET = pathlib.Path(net.__file__).parent
BROWSER_ONLY = {"webrtc.py"}


def _imports(path: pathlib.Path) -> set:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_webrtc_adapter_touches_the_browser():
    for path in sorted(NET.glob("*.py")):
        browser = _imports(path) & {"js", "pyscript", "pyodide"}
        if path.name in BROWSER_ONLY:
            assert browser, path.name
        else:
            assert not browser, (path.name, browser)
            assert not (_imports(path) & {"numpy", "torch", "bot"}), path.name


def test_no_net_module_reaches_into_the_page():
    for path in sorted(NET.glob("*.py")):
        assert "ui" not in _imports(path), path.name  # the page uses net, never the other way round


def test_the_message_types_are_the_typed_kinds():
    assert set(typing.get_args(MessageType)) == set(TYPES)


def test_qr_code_of_an_invite():
    url = "http://127.0.0.1:8000/index.html?lang=en#join=" + "Ab-_" * 32
    svg = qr_svg(url, title="Invite <link>")
    assert svg.startswith("<svg") and "Invite &lt;link&gt;" in svg and "join=" not in svg
    m = qr_matrix(url)
    assert len(m) == len(m[0]) and 21 <= len(m) <= 177 and (len(m) - 17) % 4 == 0
    # the three finder patterns: dark 7x7 squares with a light ring and a dark 3x3 centre
    n = len(m)
    for r0, c0 in ((0, 0), (0, n - 7), (n - 7, 0)):
        assert all(m[r0][c0 + i] == 1 for i in range(7)) and m[r0 + 3][c0 + 3] == 1 and m[r0 + 1][c0 + 1] == 0
    assert qr_matrix(url) == m  # deterministic
