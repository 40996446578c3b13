// Makes the memory snapshot the page and the bot's worker start from (see pyodide.mjs), in a worker of its own so
// the page is never held up: a fresh interpreter (Pyodide's private `_makeSnapshot` option, with our precompiled
// standard library), the app's bundle on sys.path (as pyodide.mjs puts it), the standard library modules the page
// had imported, every module of the rules, bot, game and net packages (all pure: what touches the browser is in
// ui), the app's other modules the page had imported that import without a browser (most of ui), and the bot's
// weights and bear-off table loaded. The sources the page named (PyScript's own package, which PyScript writes as
// source at every start) are compiled here, and the interpreter's source loader is taught to use that bytecode for
// a file whose bytes hash the same (importlib.util.source_hash), so a start from the snapshot compiles none of them.
// The snapshot is kept in Cache Storage, without the memory's pages of zeros, with the deploy's version, Pyodide's
// version, its length and where its pages go; the page gets {ok: true, bytes} or {ok: false, error}.
//
// Nothing of JavaScript may be held by Python when the snapshot is taken, so every input goes through the
// interpreter's file system and is read there by Python.
import { version } from "../vendor/pyodide/pyodide.mjs";
import {
  BUNDLE_PATH, INDEX_URL, LOAD_COMPILED, MEMORY_PAGE, SNAPSHOT_CACHE, SNAPSHOT_KEY, STDLIB_URL, loadCompiled, mountBundle,
} from "./pyodide.mjs";

const asset = (path) => new URL(`../${path}`, import.meta.url).href;

const bytesOf = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};

const make = async ({ deploy, modules }) => {
  const [pyodide, weights, bearoff] = await Promise.all([
    // (its WebAssembly compiled from Cache Storage with compileInterpreter's options: what this start optimises as it
    // runs is then kept beside it, and the next visit starts from that code; see compile-worker.mjs)
    loadCompiled({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, _makeSnapshot: true }),
    bytesOf(asset("bot/weights.json")),
    bytesOf(asset("bot/bearoff.bin")),
  ]);
  await mountBundle(pyodide);
  pyodide.FS.mkdirTree("/tmp/snapshot");
  pyodide.FS.writeFile("/tmp/snapshot/weights.json", weights);
  pyodide.FS.writeFile("/tmp/snapshot/bearoff.bin", bearoff);
  pyodide.FS.writeFile("/tmp/snapshot/modules.json", new TextEncoder().encode(JSON.stringify(modules)));
  pyodide.runPython(`${LOAD_COMPILED}
def _compile_ahead(sources):
    import importlib.util
    codes = {}
    for path, text in sources.items():
        data = text.encode("utf-8")
        codes[path, importlib.util.source_hash(data)] = compile(data, path, "exec", dont_inherit=True)
    _load_compiled(codes)

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
del _prepare, _compile_ahead, _load_compiled
`);
  const snapshot = pyodide.makeMemorySnapshot();
  // where Python's memory begins in it (Pyodide's header before: magic, this offset, a JSON of its JS objects)
  const cut = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  const { kept, runs } = withoutZeroPages(snapshot, cut);
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(SNAPSHOT_KEY, new Response(kept, {
    headers: {
      "content-type": "application/octet-stream",
      "x-gamao-deploy": deploy,
      "x-gamao-pyodide": version,
      "x-gamao-bytes": String(kept.byteLength),
      "x-gamao-header-bytes": String(cut),
      "x-gamao-memory-bytes": String(snapshot.byteLength - cut),
      "x-gamao-pages": runs.map(([first, count]) => `${first}+${count}`).join(","),
    },
  }));
  return kept.byteLength;
};

// Python's memory is kept without its pages that are all zeros (about a third of it): Pyodide's header, then the
// other pages one after another; `runs` says where they go ([first page, pages], in order; pages of MEMORY_PAGE
// bytes, WebAssembly's own). The start (pyodide.mjs) puts them back and zeroes the rest.
const withoutZeroPages = (snapshot, cut) => {
  const bytes = snapshot.byteLength - cut;
  if (bytes % MEMORY_PAGE) throw new Error("the memory is not whole pages");
  const memory = (snapshot.byteOffset + cut) % 4 ? snapshot.slice(cut) : snapshot.subarray(cut);
  const words = new Uint32Array(memory.buffer, memory.byteOffset, bytes / 4);
  const per = MEMORY_PAGE / 4;
  const zeros = (page) => {
    for (let i = page * per; i < (page + 1) * per; i++) if (words[i]) return false;
    return true;
  };
  const runs = [];
  for (let page = 0; page < bytes / MEMORY_PAGE; page++) {
    if (zeros(page)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  const kept = new Uint8Array(cut + runs.reduce((n, [, count]) => n + count * MEMORY_PAGE, 0));
  kept.set(snapshot.subarray(0, cut));
  let at = cut;
  for (const [first, count] of runs) {
    kept.set(memory.subarray(first * MEMORY_PAGE, (first + count) * MEMORY_PAGE), at);
    at += count * MEMORY_PAGE;
  }
  return { kept, runs };
};

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ ok: true, bytes: await make(data) });
  } catch (e) {
    try { await caches.delete(SNAPSHOT_CACHE); } catch (_) { /* storage refused */ }
    self.postMessage({ ok: false, error: String(e && e.stack || e) });
  }
};
