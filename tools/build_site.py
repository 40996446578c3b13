"""Prepare web/ to be served: vendor the pinned runtime, write the PyScript config and the precache list.

Run by `make play` and `make test` (and before hosting: the whole `web/` folder is then the site).

- Copies exactly the runtime files the site needs from node_modules (installed from package-lock.json) into
  web/assets/vendor/ (ignored by git): PyScript's core and the chunks it loads for Pyodide, and the Pyodide core.
- Installs the pinned pure-Python libraries of requirements-site.txt (pip, no dependencies resolved behind our
  back) into web/assets/vendor/pylib/.
- Writes web/pyscript.json: `interpreter` points at the local pyodide.mjs (without it PyScript fetches Pyodide from
  a CDN), and `files` maps every web/py/**/*.py into the interpreter's file system.
- Writes web/precache.js for the service worker (imported by sw.js, so the browser sees a new deploy as a new
  service worker): every file the site uses and a version derived from their
  contents, so a new deploy is a new cache and old caches are removed.
"""
from __future__ import annotations

import hashlib
import json
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
VENDOR = WEB / "assets" / "vendor"
NODE = ROOT / "node_modules"
PYLIB = VENDOR / "pylib"
SITE_REQUIREMENTS = ROOT / "requirements-site.txt"

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# PyScript's dist holds optional plugins (editor, terminal, MicroPython, game) we do not use; these name prefixes are
# the chunks core.js loads to run Pyodide (checked by the e2e test that records every request of a cold load).
PYSCRIPT_PREFIXES = ("core", "error", "deprecations-manager")
# Served files that are not part of the app itself.
NOT_PRECACHED = {"precache.js", "sw.js"}


def _copy(src: pathlib.Path, dst: pathlib.Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.read_bytes() == src.read_bytes():
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def vendor() -> None:
    pyodide = NODE / "pyodide"
    dist = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not dist.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first (make does it for you)")
    wanted = set()
    for name in PYODIDE_FILES:
        _copy(pyodide / name, VENDOR / "pyodide" / name)
        wanted.add(VENDOR / "pyodide" / name)
    for src in sorted(dist.iterdir()):
        if src.suffix not in (".js", ".css") or not src.name.startswith(PYSCRIPT_PREFIXES):
            continue
        _copy(src, VENDOR / "pyscript" / src.name)
        wanted.add(VENDOR / "pyscript" / src.name)
    for old in VENDOR.rglob("*"):  # drop files a previous version vendored
        if old.is_file() and old not in wanted and PYLIB not in old.parents:
            old.unlink()


def vendor_python_libraries() -> None:
    """pip-install requirements-site.txt into PYLIB, once per version of that file."""
    stamp = PYLIB / ".requirements"
    wanted = SITE_REQUIREMENTS.read_text()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    shutil.rmtree(PYLIB, ignore_errors=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--no-compile", "--root-user-action=ignore", "--target", str(PYLIB), "-r", str(SITE_REQUIREMENTS)],
        check=True,
    )
    for extra in list(PYLIB.iterdir()):  # keep the packages and their licences, not pip's metadata scripts
        if extra.name == "bin":
            shutil.rmtree(extra)
    stamp.write_text(wanted)


def pyscript_config() -> dict:
    files = {}
    for path in sorted((WEB / "py").rglob("*.py")):
        rel = path.relative_to(WEB).as_posix()
        files["./" + rel] = "./" + path.relative_to(WEB / "py").as_posix()
    for path in sorted(PYLIB.rglob("*.py")):
        if ".dist-info" in path.as_posix():
            continue
        rel = path.relative_to(WEB).as_posix()
        files["./" + rel] = "./" + path.relative_to(PYLIB).as_posix()
    return {
        "interpreter": "./assets/vendor/pyodide/pyodide.mjs",
        # Plugins we do not use are turned off, so PyScript does not load their chunks (nor need them offline).
        "plugins": ["!codemirror", "!py-editor", "!py-game", "!py-terminal", "!donkey"],
        "files": files,
    }


def precache() -> dict:
    urls = []
    digest = hashlib.sha256()
    for path in sorted(p for p in WEB.rglob("*") if p.is_file()):
        rel = path.relative_to(WEB).as_posix()
        if (rel in NOT_PRECACHED or "__pycache__" in rel or ".dist-info/" in rel or path.name.startswith(".")
                or rel.endswith((".pyc", ".pyi", ".map"))):
            continue
        urls.append(rel)
        digest.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return {"version": digest.hexdigest()[:16], "urls": ["./"] + urls}


def write_if_changed(path: pathlib.Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def main() -> None:
    vendor()
    vendor_python_libraries()
    write_if_changed(WEB / "pyscript.json", json.dumps(pyscript_config(), indent=1) + "\n")
    manifest = precache()
    write_if_changed(WEB / "precache.js", "self.PRECACHE = " + json.dumps(manifest, indent=1) + ";\n")
    print(f"site ready in {WEB.relative_to(ROOT)}/ (cache version {manifest['version']}, {len(manifest['urls'])} files)")


if __name__ == "__main__":
    main()
