// Compile the site's Python modules to bytecode with the very interpreter the browser runs (the pinned Pyodide,
// here under Node), so the browser imports them without compiling: about 0.25 s less before the table is ready.
//
//   node tools/compile_pyc.mjs <dir> <module.py>...
//
// Each <dir>/<module.py> gets its <dir>/<pkg>/__pycache__/<name>.cpython-3XX.pyc. The .pyc files are
// "unchecked-hash" ones: they carry the source's hash and are used without looking at timestamps, which a zip
// does not keep; tools/build_site.py rebuilds them whenever a source changes. Called by tools/build_site.py.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import path from "node:path";

const [dir, ...files] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: path.resolve(import.meta.dirname, "../node_modules/pyodide/") });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(dir) }, "/src");
pyodide.globals.set("files", pyodide.toPy(files));
pyodide.runPython(`
import importlib.util, py_compile
for name in files:
    source = "/src/" + name
    py_compile.compile(source, cfile=importlib.util.cache_from_source(source), doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
