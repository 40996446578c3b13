"""The runtime files tools/site/build_site.py vendors from npm: byte for byte npm's, except that the scripts named in
``COMPILE_HINTED`` begin with Chromium's compile hint, on a line of their own; copied again only when they differ."""
from __future__ import annotations

import pytest

from tools.site import build_site


@pytest.fixture
def npm(tmp_path):
    src = tmp_path / "npm"
    src.mkdir()
    return src


@pytest.mark.parametrize("name", ["pyodide.asm.mjs", "pyodide.mjs", "pyodide.asm.wasm"])
def test_a_vendored_file_is_npm_s_with_the_hint_only_where_named(npm, tmp_path, name):
    body = b"async function _createPyodideModule(){return 1}\n" if name.endswith("js") else bytes(range(256)) * 4
    (npm / name).write_bytes(body)
    dst = tmp_path / "vendor" / name
    build_site._copy(npm / name, dst)
    hinted = name in build_site.COMPILE_HINTED
    assert dst.read_bytes() == (build_site.COMPILE_HINT + body if hinted else body)
    assert hinted == (name == "pyodide.asm.mjs")


def test_the_hint_is_chromium_s_magic_comment_alone_on_the_first_line():
    assert build_site.COMPILE_HINT == b"//# allFunctionsCalledOnLoad\n"


def test_an_unchanged_copy_is_not_written_again_and_a_changed_source_is(npm, tmp_path):
    (npm / "pyodide.asm.mjs").write_bytes(b"let a = 1;\n")
    dst = tmp_path / "vendor" / "pyodide.asm.mjs"
    build_site._copy(npm / "pyodide.asm.mjs", dst)
    before = dst.stat().st_mtime_ns
    build_site._copy(npm / "pyodide.asm.mjs", dst)
    assert dst.stat().st_mtime_ns == before  # already the right bytes: left alone (the hint did not make it differ)
    (npm / "pyodide.asm.mjs").write_bytes(b"let a = 2;\n")
    build_site._copy(npm / "pyodide.asm.mjs", dst)
    assert dst.read_bytes() == build_site.COMPILE_HINT + b"let a = 2;\n"


def test_the_site_s_own_vendored_factory_is_npm_s_behind_the_hint():
    vendored = build_site.VENDOR / "pyodide" / "pyodide.asm.mjs"
    if not vendored.exists():
        build_site.vendor()
    assert vendored.read_bytes() == build_site.COMPILE_HINT + (build_site.NODE / "pyodide" / "pyodide.asm.mjs").read_bytes()
