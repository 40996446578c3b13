// Makes the memory snapshot the page and the bot's worker start from (see pyodide.mjs), in a worker of its own so
// the page is never held up: a fresh interpreter (Pyodide's private `_makeSnapshot` option, with our precompiled
// standard library), the app's bundle on sys.path (as pyodide.mjs puts it), the standard library modules the page
// had imported, every module of the rules, bot, game and net packages (all pure: what touches the browser is in
// ui), the app's other modules the page had imported that import without a browser (most of ui), and the bot's
// weights and bear-off table loaded. The sources the page named (PyScript's own package, which PyScript writes as
// source at every start) are compiled here, and the interpreter's source loader is taught to use that bytecode for
// a file whose bytes hash the same (importlib.util.source_hash), so a start from the snapshot compiles none of them.
// The snapshot is kept in Cache Storage with the deploy's version, Pyodide's version and its length; the page gets
// {ok: true, bytes} or {ok: false, error}.
//
// Nothing of JavaScript may be held by Python when the snapshot is taken, so every input goes through the
// interpreter's file system and is read there by Python.
import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { BUNDLE_PATH, INDEX_URL, SNAPSHOT_CACHE, SNAPSHOT_KEY, STDLIB_URL, mountBundle } from "./pyodide.mjs";

const asset = (path) => new URL(`../${path}`, import.meta.url).href;

const bytesOf = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};

const make = async ({ deploy, modules }) => {
  const [pyodide, weights, bearoff] = await Promise.all([
    loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, _makeSnapshot: true }),
    bytesOf(asset("bot/weights.json")),
    bytesOf(asset("bot/bearoff.bin")),
  ]);
  await mountBundle(pyodide);
  pyodide.FS.mkdirTree("/tmp/snapshot");
  pyodide.FS.writeFile("/tmp/snapshot/weights.json", weights);
  pyodide.FS.writeFile("/tmp/snapshot/bearoff.bin", bearoff);
  pyodide.FS.writeFile("/tmp/snapshot/modules.json", new TextEncoder().encode(JSON.stringify(modules)));
  pyodide.runPython(`
def _compile_ahead(sources):
    import importlib.machinery, importlib.util
    codes = {}
    for path, text in sources.items():
        data = text.encode("utf-8")
        codes[path, importlib.util.source_hash(data)] = compile(data, path, "exec", dont_inherit=True)
    loader = importlib.machinery.SourceFileLoader
    compile_source = loader.source_to_code

    def source_to_code(self, data, path, *args, **kwargs):
        if isinstance(data, bytes):
            code = codes.get((path, importlib.util.source_hash(data)))
            if code is not None:
                source_to_code.used.append(path)
                return code
        return compile_source(self, data, path, *args, **kwargs)

    source_to_code.used = []  # the files whose bytecode came from here (tests)
    loader.source_to_code = source_to_code

def _prepare():
    import importlib, json, zipfile
    with zipfile.ZipFile(${JSON.stringify(BUNDLE_PATH)}) as bundle:
        packages = sorted({name[:-4].replace("/", ".").removesuffix(".__init__") for name in bundle.namelist()
                           if name.endswith(".pyc") and name.split("/")[0] in ("rules", "bot", "game", "net")})
    with open("/tmp/snapshot/modules.json") as f:
        listed = json.load(f)
    _compile_ahead(listed["sources"])
    for name in listed["stdlib"]:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    for name in packages:
        importlib.import_module(name)
    for name in listed.get("app", []):  # the page's other modules that import without a browser (most of ui)
        try:
            importlib.import_module(name)
        except ImportError:  # it needs the page (pyscript, js) as it is imported: the page imports it itself
            pass
    import bot
    with open("/tmp/snapshot/weights.json", "rb") as f:
        bot.load_weights(data=f.read())
    with open("/tmp/snapshot/bearoff.bin", "rb") as f:
        bot.load_bearoff(data=f.read())
    import shutil
    shutil.rmtree("/tmp/snapshot")
_prepare()
del _prepare, _compile_ahead
`);
  const snapshot = pyodide.makeMemorySnapshot();
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(SNAPSHOT_KEY, new Response(snapshot, {
    headers: {
      "content-type": "application/octet-stream",
      "x-gamao-deploy": deploy,
      "x-gamao-pyodide": version,
      "x-gamao-bytes": String(snapshot.byteLength),
      // where Python's memory begins in it (Pyodide's header before: magic, this offset, a JSON of its JS objects)
      "x-gamao-header-bytes": String(new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1]),
    },
  }));
  return snapshot.byteLength;
};

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ ok: true, bytes: await make(data) });
  } catch (e) {
    try { await caches.delete(SNAPSHOT_CACHE); } catch (_) { /* storage refused */ }
    self.postMessage({ ok: false, error: String(e && e.stack || e) });
  }
};
