// Compile ahead the Python that a start would otherwise compile in the browser although it is the same on every
// visit, with the very interpreter the browser runs (the pinned Pyodide, here under Node):
// - the methods that `dataclasses` writes for each dataclass of the app's packages (their text is generated and
//   compiled with exec() as each class is made: about a third of importing the table's modules on a first visit);
// - PyScript's own Python package, which PyScript writes to the interpreter's working directory as source at every
//   start and imports at once (its text: npm's `src/stdlib/pyscript.js`, the module PyScript's dist is built with).
//
//   node tools/site/compile_ahead.mjs <dir> <out>
//
// <dir> holds the app's packages (as compiled by compile_pyc.mjs); each module of them is imported while
// dataclasses' exec() is watched (what the interface's modules import from the page, pyscript and js, is stood in
// for by objects that do nothing: the text of a class's methods does not depend on them). <out> gets one marshal'd dict:
// {"dataclasses": {text: code}, "sources": {(path, source_hash): code}}. The loader (web/assets/boot/pyodide.mjs)
// has dataclasses use the code of a text it finds there, and the source loader the code of a file whose path and
// bytes hash the same; anything else is compiled as before. Called by tools/site/build_site.py.
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import pyscript from "../../node_modules/@pyscript/core/src/stdlib/pyscript.js";
import path from "node:path";

const [dir, out] = process.argv.slice(2).map((p) => path.resolve(p));
// PyScript writes its package under the interpreter's working directory, /home/pyodide (Pyodide's HOME).
const sources = {};
const walk = (tree, at) => {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") sources[`${at}/${name}`] = value;
    else walk(value, `${at}/${name}`);
  }
};
walk(pyscript, "/home/pyodide");

const pyodide = await loadPyodide({ indexURL: path.resolve(import.meta.dirname, "../../node_modules/pyodide/") });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, "/src");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.dirname(out) }, "/out");
pyodide.globals.set("target", "/out/" + path.basename(out));
pyodide.globals.set("sources", pyodide.toPy(sources));
pyodide.runPython(`
import builtins, dataclasses, importlib, importlib.util, marshal, os, sys  # noqa
sys.path.insert(0, "/src")
made = {}

def exec_watched(source, globals=None, locals=None, /):
    if isinstance(source, str):
        source = made.setdefault(source, compile(source, "<string>", "exec"))
    return builtins.exec(source, globals, locals)

class Stand_in(type(sys)):
    """What the interface's modules import from the page (pyscript, js): anything, doing nothing. Only the text
    of their classes' methods is wanted here, never what they do."""

    __path__ = []

    def __getattr__(self, name):
        return self

    def __call__(self, *args, **kwargs):
        return self

    def __iter__(self):
        return iter(())


class Page_modules:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.partition(".")[0] in ("pyscript", "js"):
            return importlib.util.spec_from_loader(name, Page_modules)

    @staticmethod
    def create_module(spec):
        return Stand_in(spec.name)

    @staticmethod
    def exec_module(module):
        pass


sys.modules.pop("js", None)
sys.meta_path.insert(0, Page_modules)
dataclasses.exec = exec_watched
for root, _, files in sorted(os.walk("/src")):
    for name in sorted(files):
        if not name.endswith(".pyc") or root == "/src":
            continue
        module = os.path.join(root, name)[len("/src/"):-len(".pyc")].replace("/", ".").removesuffix(".__init__")
        try:
            importlib.import_module(module)
        except Exception as exc:  # its classes' methods are compiled in the browser, as before
            print(f"compile_ahead: {module} not imported: {exc!r}", file=sys.stderr)
del dataclasses.exec
codes = {}
for where, text in sorted(sources.items()):
    data = text.encode("utf-8")
    codes[where, importlib.util.source_hash(data)] = compile(data, where, "exec", dont_inherit=True)
with open(target, "wb") as f:
    f.write(marshal.dumps({"dataclasses": dict(sorted(made.items())), "sources": codes}))
`);
