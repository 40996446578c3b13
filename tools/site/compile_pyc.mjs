// Compile the site's Python modules to bytecode with the very interpreter the browser runs (the pinned Pyodide,
// here under Node), so the browser imports them without compiling: about 0.25 s less before the table is ready.
//
//   node tools/site/compile_pyc.mjs <dir> <module.py>... [--stdlib <name>...]
//
// Each <dir>/<module.py> gets a sourceless <dir>/<module.pyc> beside it (the bundle ships that instead of the source),
// and each standard library module named after --stdlib (Pyodide ships its standard library as source) a sourceless
// <dir>/<name>.pyc, which the interpreter finds before the library's zip because the site's directory comes first on
// sys.path. The .pyc files are
// "unchecked-hash" ones: they carry the source's hash and are used without looking at timestamps, which a zip
// does not keep; tools/site/build_site.py rebuilds them whenever a source changes. Called by tools/site/build_site.py.
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import path from "node:path";

const [dir, ...rest] = process.argv.slice(2);
const split = rest.indexOf("--stdlib");
const files = split < 0 ? rest : rest.slice(0, split);
const stdlib = split < 0 ? [] : rest.slice(split + 1);
const pyodide = await loadPyodide({ indexURL: path.resolve(import.meta.dirname, "../../node_modules/pyodide/") });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(dir) }, "/src");
pyodide.globals.set("files", pyodide.toPy(files));
pyodide.globals.set("stdlib", pyodide.toPy(stdlib));
pyodide.runPython(`
import importlib.util, os, py_compile  # noqa
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
for name in files:
    source = "/src/" + name
    py_compile.compile(source, cfile=source + "c", dfile="/home/pyodide/" + name, doraise=True,
                       invalidation_mode=UNCHECKED)
os.makedirs("/tmp/stdlib", exist_ok=True)
for name in stdlib:
    spec = importlib.util.find_spec(name)
    if spec.submodule_search_locations is not None or not spec.origin.endswith(".py"):
        raise SystemExit(f"{name}: only plain modules of the standard library can be compiled here")
    copy = f"/tmp/stdlib/{name}.py"
    with open(copy, "w", encoding="utf-8") as out:
        out.write(spec.loader.get_source(name))
    py_compile.compile(copy, cfile=f"/src/{name}.pyc", dfile=spec.origin, doraise=True, invalidation_mode=UNCHECKED)
`);
