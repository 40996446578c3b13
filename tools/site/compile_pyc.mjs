// Compile the site's Python modules to bytecode with the very interpreter the browser runs (the pinned Pyodide,
// here under Node), so the browser imports them without compiling: about 0.25 s less before the table is ready.
//
//   node tools/site/compile_pyc.mjs <dir> <module.py>...
//
// Each <dir>/<module.py> gets a sourceless <dir>/<module.pyc> beside it (the bundle ships that instead of the source;
// the standard library is compiled by compile_stdlib.mjs). The .pyc files are "unchecked-hash" ones: they carry the source's hash and are used without looking at timestamps, which a zip
// does not keep; tools/site/build_site.py rebuilds them whenever a source changes. Called by tools/site/build_site.py.
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import path from "node:path";

const [dir, ...files] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: path.resolve(import.meta.dirname, "../../node_modules/pyodide/") });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(dir) }, "/src");
pyodide.globals.set("files", pyodide.toPy(files));
pyodide.runPython(`
import py_compile  # noqa
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
for name in files:
    source = "/src/" + name
    py_compile.compile(source, cfile=source + "c", dfile="/home/pyodide/" + name, doraise=True,
                       invalidation_mode=UNCHECKED)
`);
