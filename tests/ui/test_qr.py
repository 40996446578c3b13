"""The invite's QR code (ui.qr): SVG markup with the title escaped, a well-formed and deterministic matrix."""
from __future__ import annotations

from ui.qr import qr_matrix, qr_svg


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
