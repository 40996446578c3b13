// Precompile Pyodide's standard library: the same zip as npm's python_stdlib.zip (which holds .py sources only,
// so every boot compiles every module it imports), with the modules the site imports as sourceless bytecode
// compiled by the very interpreter the browser runs (the pinned Pyodide, here under Node). The page names it with
// loadPyodide's stdLibURL (web/assets/boot/pyodide.mjs).
//
//   node tools/site/compile_stdlib.mjs <out.zip> <module>...
//
// Each <module> named (those that are not in the standard library are skipped) is imported here, and every
// standard library module then loaded (what Pyodide itself imports at start-up included) goes in as bytecode; the
// others stay source (they compress to half the size of bytecode, and nothing imports them at start-up: a module
// imported later still works, compiled when it is imported).
// The .pyc files are "unchecked-hash" ones: zipimport uses them without a source beside them. Entries keep a fixed
// timestamp and order, so the same Pyodide always gives the same bytes (a memory snapshot is only valid with the
// standard library zip it was made with, byte for byte). Called by tools/site/build_site.py.
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import path from "node:path";

const [target, ...modules] = process.argv.slice(2);
const out = path.resolve(target);
const pyodide = await loadPyodide({ indexURL: path.resolve(import.meta.dirname, "../../node_modules/pyodide/") });
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.dirname(out) }, "/out");
pyodide.globals.set("target", "/out/" + path.basename(out));
pyodide.globals.set("modules", pyodide.toPy(modules));
pyodide.runPython(`
import importlib.util, zipfile  # noqa
from importlib._bootstrap_external import _code_to_hash_pyc
import importlib, sys  # noqa
ZIP = "/lib/python314.zip"
for module in modules:
    if module.partition(".")[0] in sys.stdlib_module_names:
        importlib.import_module(module)
loaded = {m.__spec__.origin.removeprefix(ZIP + "/") for m in list(sys.modules.values())
          if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(ZIP + "/")}
with zipfile.ZipFile(ZIP) as src, zipfile.ZipFile(target + ".tmp", "w") as dst:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        if info.is_dir():
            continue
        name, data = info.filename, src.read(info)
        if name in loaded:
            code = compile(data, f"{ZIP}/{name}", "exec", dont_inherit=True)
            name, data = name + "c", bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
        entry = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        dst.writestr(entry, data, compresslevel=9)
import os  # noqa
os.replace(target + ".tmp", target)
`);
