"""The Python bundle that tools/site/build_site.py writes: deterministic, replaced atomically, and never left stale.

The site build, the dev server and the browser tests pack it again whenever it is stale (``bundle_is_stale``), so a
source touched without a change must leave the bundle up to date, or every page load would rebuild it."""
from __future__ import annotations

import os
import zipfile

import pytest

from tools.site import build_site


@pytest.fixture
def site(tmp_path, monkeypatch):
    """build_site pointed at a small tree: two sources, one of them an app module (whose bytecode is faked here:
    compiling it needs the pinned Pyodide under node, which is the browser tests' concern)."""
    web = tmp_path / "web"
    (web / "py" / "pkg").mkdir(parents=True)
    entry, module = web / "py" / "main.py", web / "py" / "pkg" / "mod.py"
    entry.write_text("print('entry')\n")
    module.write_text("X = 1\n")
    sources = [(entry, "main.py"), (module, "pkg/mod.py")]
    monkeypatch.setattr(build_site, "WEB", web)
    monkeypatch.setattr(build_site, "BUNDLE", web / "assets" / "py-bundle.zip")
    monkeypatch.setattr(build_site, "python_sources", lambda: sources)
    monkeypatch.setattr(build_site, "compiled_modules",
                        lambda srcs: [(name[:-3] + ".pyc", b"pyc:" + path.read_bytes())
                                      for path, name in srcs if build_site.is_app_module(path, name)])
    (web / "assets").mkdir()
    return build_site.BUNDLE, entry, module


def _age(path, seconds):
    stat = path.stat()
    os.utime(path, (stat.st_atime - seconds, stat.st_mtime - seconds))


def test_the_bundle_holds_the_entry_as_source_and_modules_as_bytecode(site):
    bundle, _, _ = site
    build_site.write_bundle()
    with zipfile.ZipFile(bundle) as archive:
        assert sorted(archive.namelist()) == ["main.py", "pkg/mod.pyc"]
        assert archive.read("pkg/mod.pyc") == b"pyc:X = 1\n"
    assert not build_site.bundle_is_stale()
    assert [p.name for p in bundle.parent.iterdir()] == ["py-bundle.zip"]  # no temporary file left behind


def test_a_touched_but_unchanged_source_leaves_the_bundle_up_to_date(site):
    bundle, entry, _ = site
    build_site.write_bundle()
    before = bundle.read_bytes()
    _age(bundle, 60)
    entry.touch()
    assert build_site.bundle_is_stale()
    build_site.write_bundle()
    assert bundle.read_bytes() == before  # the same bytes, so the same cache version
    assert not build_site.bundle_is_stale()


def test_a_changed_source_changes_the_bundle(site):
    bundle, _, module = site
    build_site.write_bundle()
    before = bundle.read_bytes()
    _age(bundle, 60)
    module.write_text("X = 2\n")
    assert build_site.bundle_is_stale()
    build_site.write_bundle()
    assert bundle.read_bytes() != before
    with zipfile.ZipFile(bundle) as archive:
        assert archive.read("pkg/mod.pyc") == b"pyc:X = 2\n"
    assert not build_site.bundle_is_stale()


def test_a_deleted_source_makes_the_bundle_stale(site, monkeypatch):
    bundle, entry, module = site
    build_site.write_bundle()
    assert not build_site.bundle_is_stale()
    module.unlink()  # no file is newer than the bundle, yet it holds a module that is gone
    monkeypatch.setattr(build_site, "python_sources", lambda: [(entry, "main.py")])
    assert build_site.bundle_is_stale()
    build_site.write_bundle()
    with zipfile.ZipFile(bundle) as archive:
        assert archive.namelist() == ["main.py"]
    assert not build_site.bundle_is_stale()


def test_another_recipe_makes_the_bundle_stale(site, monkeypatch):
    bundle, _, _ = site
    build_site.write_bundle()
    assert not build_site.bundle_is_stale()
    monkeypatch.setattr(build_site, "BUNDLE_RECIPE", build_site.BUNDLE_RECIPE + (bundle.with_name("compiler-2"),))
    assert build_site.bundle_is_stale()


def test_an_unreadable_bundle_is_stale(site):
    bundle, _, _ = site
    build_site.write_bundle()
    bundle.write_bytes(b"not a zip")  # newer than every source
    assert build_site.bundle_is_stale()


def test_the_site_build_packs_the_bundle_only_when_stale(site, monkeypatch, tmp_path):
    bundle, _, module = site
    monkeypatch.setattr(build_site, "ROOT", tmp_path)
    for step in ("vendor", "vendor_python_libraries", "write_stdlib", "write_precache"):
        monkeypatch.setattr(build_site, step, lambda: {"version": "v", "files": {}})
    monkeypatch.setattr(build_site, "write_if_changed", lambda path, text: None)
    packed = []
    write = build_site.write_bundle
    monkeypatch.setattr(build_site, "write_bundle", lambda: packed.append(1) or write())
    build_site.main()
    build_site.main()
    assert len(packed) == 1
    _age(bundle, 60)
    module.write_text("X = 3\n")
    build_site.main()
    assert len(packed) == 2
