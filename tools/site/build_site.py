"""Prepare web/ to be served: vendor the pinned runtime, write the PyScript config and the precache list.

    python3 -m tools.site.build_site     # what `make site` runs (no venv needed: standard library, pip, node)

Run by `make play` and `make test` (and before hosting: the whole `web/` folder is then the site).

- Copies exactly the runtime files the site needs from node_modules (installed from package-lock.json) into
  web/assets/vendor/ (ignored by git): PyScript's core and the chunks it loads for Pyodide, and the Pyodide core.
- Installs the pinned pure-Python libraries of requirements-site.txt (pip, no dependencies resolved behind our
  back) into web/assets/vendor/pylib/.
- Packs every web/py/**/*.py (and the vendored libraries) into web/assets/py-bundle.zip: one request instead of
  dozens, unpacked by Pyodide into the interpreter's working directory. The app's modules go in as bytecode,
  compiled by the pinned Pyodide under Node (tools/site/compile_pyc.mjs), so the browser does not compile them; with
  them, the code a start would otherwise compile in the browser although it never changes (the methods dataclasses
  writes for the app's classes, PyScript's own package: tools/site/compile_ahead.mjs).
  Packed again only when stale (a source newer than it, or its sources' names or the recipe changed: its zip
  comment keeps a key of them), so asking for a ready site again costs no compile.
- Writes Pyodide's standard library precompiled (web/assets/vendor/pyodide/stdlib.zip, by the pinned Pyodide under
  Node: tools/site/compile_stdlib.mjs): every module the site, PyScript and Pyodide import as bytecode, the rest as
  source. npm's python_stdlib.zip is source only, so the browser compiled ~190 modules on every boot.
- Writes web/pyscript.json: `interpreter` points at our loader web/assets/boot/pyodide.mjs (without a local one
  PyScript fetches Pyodide from a CDN), which wraps the pinned Pyodide's loadPyodide (precompiled standard library,
  memory snapshots, and the bundle put on sys.path as one zip, imported from in place).
- Writes web/assets/boot/deploy.json: the deploy's version, which a memory snapshot is kept under.
- Writes web/precache.js for the service worker (imported by sw.js, so the browser sees a new deploy as a new
  service worker): every file the site uses with a hash of its content, and a version derived from them all, so a
  new deploy is a new cache (filled from the old one where files are unchanged) and old caches are removed.
"""
from __future__ import annotations

import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
VENDOR = WEB / "assets" / "vendor"
NODE = ROOT / "node_modules"
PYLIB = VENDOR / "pylib"
BUNDLE = WEB / "assets" / "py-bundle.zip"
SITE_REQUIREMENTS = ROOT / "requirements-site.txt"

# npm's python_stdlib.zip is not among them: the site loads its own, precompiled (STDLIB_ZIP).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]
STDLIB_ZIP = VENDOR / "pyodide" / "stdlib.zip"
STDLIB_RECIPE = (ROOT / "tools" / "site" / "compile_stdlib.mjs", NODE / "pyodide" / "package.json",
                 NODE / "pyodide" / "python_stdlib.zip")
# What PyScript's own Python imports (its modules are strings inside core.js) and what unpacking the bundle imports
# (zipfile's cp437 file names): compiled into the standard library zip too. The e2e test
# test_every_module_imports_with_the_precompiled_standard_library fails if a module the table loads is missing here.
RUNTIME_IMPORTS = ("base64", "collections", "functools", "inspect", "json", "os", "sys", "asyncio", "shutil",
                   "zipfile", "tarfile", "pathlib", "random", "html", "html.entities", "encodings.cp437")
DEPLOY = WEB / "assets" / "boot" / "deploy.json"
# PyScript's dist holds optional plugins (editor, terminal, MicroPython, game) we do not use; these name prefixes are
# the chunks core.js loads to run Pyodide (checked by the e2e test that records every request of a cold load).
PYSCRIPT_PREFIXES = ("core", "error", "deprecations-manager")
# Besides the sources, what the bundle's bytes depend on (bundle_key).
BUNDLE_RECIPE = (pathlib.Path(__file__), ROOT / "tools" / "site" / "compile_pyc.mjs",
                 ROOT / "tools" / "site" / "compile_ahead.mjs", NODE / "pyodide" / "package.json",
                 NODE / "@pyscript" / "core" / "package.json")
# In the bundle beside the modules: the code compiled ahead that a start would otherwise compile (compile_ahead.mjs).
CODE_AHEAD = "code-ahead.marshal"
# Served files that are not part of the app itself.
NOT_PRECACHED = {"precache.js", "sw.js"}
# In the precache list, but not in the version it is derived from (it holds that version).
NOT_VERSIONED = {DEPLOY.relative_to(WEB).as_posix()}


# Vendored scripts given Chromium's explicit compile hint (a magic comment on their first line): every function in
# them is compiled as the script is, off the page's main thread while it is fetched, and kept in the code cache with
# it, where V8 would otherwise compile each function on the main thread when it is first called. Pyodide's module
# factory is one 1.2 MB function that a start calls at once.
COMPILE_HINTED = {"pyodide.asm.mjs"}
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"


def _copy(src: pathlib.Path, dst: pathlib.Path) -> None:
    data = src.read_bytes()
    if src.name in COMPILE_HINTED:
        data = COMPILE_HINT + data
    if dst.exists() and dst.stat().st_size == len(data) and dst.read_bytes() == data:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_bytes(data)


def vendor() -> None:
    pyodide = NODE / "pyodide"
    dist = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not dist.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first (make does it for you)")
    wanted = set()
    for name in PYODIDE_FILES:
        _copy(pyodide / name, VENDOR / "pyodide" / name)
        wanted.add(VENDOR / "pyodide" / name)
    wanted.add(STDLIB_ZIP)
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


def python_sources() -> list[tuple[pathlib.Path, str]]:
    """(file, name inside the interpreter's working directory) for the app's Python and the vendored libraries."""
    sources = [(path, path.relative_to(WEB / "py").as_posix()) for path in sorted((WEB / "py").rglob("*.py"))]
    sources += [(path, path.relative_to(PYLIB).as_posix()) for path in sorted(PYLIB.rglob("*.py"))
                if ".dist-info" not in path.as_posix()]
    return sources


def compiled_modules(sources: list[tuple[pathlib.Path, str]]) -> list[tuple[str, bytes]]:
    """(name, bytes) of the bytecode the bundle ships, compiled by the pinned Pyodide itself (compile_pyc.mjs):
    each module of the app's packages as a sourceless ``pkg/module.pyc`` (in place of its source, which would add
    a third to the bundle; the sources are in the repository). The standard library is compiled in STDLIB_ZIP.

    Left as source: entry scripts (top-level files such as main.py, run by PyScript and not imported) and the
    vendored libraries, which are imported late (segno for an invite's QR code)."""
    modules = [(path, name) for path, name in sources if is_app_module(path, name)]
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        for path, name in modules:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, root / name)
        subprocess.run(["node", str(ROOT / "tools" / "site" / "compile_pyc.mjs"), tmp, *(name for _, name in modules)],
                       check=True)
        compiled = [(pyc.relative_to(root).as_posix(), pyc.read_bytes()) for pyc in sorted(root.rglob("*.pyc"))]
        for path, name in modules:
            (root / name).unlink()  # (the modules are imported from their bytecode alone, as in the browser)
        ahead = root / CODE_AHEAD
        subprocess.run(["node", str(ROOT / "tools" / "site" / "compile_ahead.mjs"), tmp, str(ahead)], check=True)
        return compiled + [(CODE_AHEAD, ahead.read_bytes())]


def is_app_module(path: pathlib.Path, name: str) -> bool:
    return "/" in name and WEB / "py" in path.parents


def write_bundle() -> None:
    """A deterministic zip (fixed timestamps), so an unchanged tree gives an unchanged cache version."""
    sources = python_sources()
    files = [(name, path.read_bytes()) for path, name in sources if not is_app_module(path, name)]
    files += compiled_modules(sources)
    tmp = BUNDLE.with_name(f"{BUNDLE.stem}.{os.getpid()}.tmp")  # this process's own, then one atomic replace
    with zipfile.ZipFile(tmp, "w") as archive:
        archive.comment = bundle_key(sources)
        for name, data in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data, compresslevel=9)
    if BUNDLE.exists() and BUNDLE.read_bytes() == tmp.read_bytes():
        tmp.unlink()
        os.utime(BUNDLE)  # up to date now: a source touched but not changed must not leave it stale for ever
    else:
        tmp.replace(BUNDLE)


def bundle_key(sources: list[tuple[pathlib.Path, str]]) -> bytes:
    """What the bundle is built from besides its sources' contents, kept as its zip comment: the sources' names (so
    a deleted or renamed source makes it stale, which its files' times cannot say) and the build's own recipe (this
    file, the compiler script, the pinned Pyodide's version)."""
    digest = hashlib.sha256()
    for _, name in sources:
        digest.update(name.encode() + b"\0")
    digest.update(b"\1")
    for path in BUNDLE_RECIPE:
        digest.update(path.read_bytes() if path.exists() else b"(missing)")
        digest.update(b"\1")
    return b"gamao-py-bundle " + digest.hexdigest().encode()


def bundle_is_stale() -> bool:
    """True when the bundle is missing, unreadable, built from other sources or another recipe, or older than a
    source (a source touched but not changed then rebuilds the same bytes, and write_bundle touches the bundle)."""
    if not BUNDLE.exists():
        return True
    sources = python_sources()
    try:
        with zipfile.ZipFile(BUNDLE) as archive:
            if archive.comment != bundle_key(sources):
                return True
    except (zipfile.BadZipFile, OSError):
        return True
    built = BUNDLE.stat().st_mtime
    return any(path.stat().st_mtime > built for path, _ in sources)


def stdlib_imports() -> list[str]:
    """Every module name the site's Python imports (lazy imports inside functions too) and what PyScript's own
    Python imports: compile_stdlib.mjs compiles those of the standard library, and what they import in turn."""
    import ast

    names = set(RUNTIME_IMPORTS)
    for path, _ in python_sources():
        if PYLIB in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return sorted(names)


def stdlib_key(modules: list[str]) -> bytes:
    digest = hashlib.sha256("\0".join(modules).encode() + b"\1")
    for path in STDLIB_RECIPE:
        digest.update(path.read_bytes() if path.exists() else b"(missing)")
        digest.update(b"\1")
    return b"gamao-stdlib " + digest.hexdigest().encode()


def write_stdlib() -> None:
    """The precompiled standard library, made again only when its recipe or the list of imported names changed
    (its zip comment keeps a key of them): compiling it takes ~10 s under node."""
    modules = stdlib_imports()
    key = stdlib_key(modules)
    try:
        with zipfile.ZipFile(STDLIB_ZIP) as archive:
            if archive.comment == key:
                return
    except (OSError, zipfile.BadZipFile):
        pass
    STDLIB_ZIP.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["node", str(ROOT / "tools" / "site" / "compile_stdlib.mjs"), str(STDLIB_ZIP), *modules],
                   check=True)
    with zipfile.ZipFile(STDLIB_ZIP, "a") as archive:
        archive.comment = key


def pyscript_config() -> dict:
    return {
        "interpreter": "./assets/boot/pyodide.mjs",
        # Plugins we do not use are turned off, so PyScript does not load their chunks (nor need them offline).
        "plugins": ["!codemirror", "!py-editor", "!py-game", "!py-terminal", "!donkey"],
    }


def precache() -> dict:
    """Every file the site uses, with a hash of each (so a new deploy's worker copies unchanged files from the old
    cache instead of downloading them), and a version derived from all of them."""
    files = {}
    digest = hashlib.sha256()
    for path in sorted(p for p in WEB.rglob("*") if p.is_file()):
        rel = path.relative_to(WEB).as_posix()
        if (rel in NOT_PRECACHED or rel.startswith("assets/vendor/pylib/")
                or rel.startswith("py/") and rel.count("/") > 1  # packages are in the bundle; entry scripts are not
                or "__pycache__" in rel or path.name.startswith(".") or rel.endswith((".pyc", ".pyi", ".map", ".tmp"))):
            continue
        if rel in NOT_VERSIONED:
            continue
        content = hashlib.sha256(path.read_bytes()).digest()
        files[rel] = content.hex()[:16]
        digest.update(rel.encode() + b"\0" + content)
    return {"version": digest.hexdigest()[:16], "files": {"./": files["index.html"], **files}}


def write_if_changed(path: pathlib.Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def write_precache() -> dict:
    """precache.js, and deploy.json with the version (listed in the precache, outside the version's digest)."""
    manifest = precache()
    DEPLOY.parent.mkdir(parents=True, exist_ok=True)
    write_if_changed(DEPLOY, json.dumps({"version": manifest["version"]}) + "\n")
    manifest["files"][DEPLOY.relative_to(WEB).as_posix()] = hashlib.sha256(DEPLOY.read_bytes()).hexdigest()[:16]
    write_if_changed(WEB / "precache.js", "self.PRECACHE = " + json.dumps(manifest, indent=1) + ";\n")
    return manifest


def main() -> None:
    vendor()
    vendor_python_libraries()
    write_stdlib()
    if bundle_is_stale():  # compiling it takes seconds under node, and `make test` asks for the site three times
        write_bundle()
    write_if_changed(WEB / "pyscript.json", json.dumps(pyscript_config(), indent=1) + "\n")
    manifest = write_precache()
    print(f"site ready in {WEB.relative_to(ROOT)}/ (cache version {manifest['version']}, {len(manifest['files'])} files)")


if __name__ == "__main__":
    main()
