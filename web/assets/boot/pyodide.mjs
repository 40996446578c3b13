// Gamão's interpreter module. PyScript's config `interpreter` names this file: PyScript (on the page and in the
// bot's worker) calls its `loadPyodide` and reads its `version` as it would Pyodide's own. It wraps the pinned
// Pyodide's loadPyodide:
// - the standard library is our precompiled zip (stdLibURL: npm's holds sources, compiled again on every boot);
// - the interpreter is always the vendored one (PyScript passes this module's own directory as indexURL);
// - the app's Python (py-bundle.zip: bytecode of its packages, made by tools/site/build_site.py) is written to the
//   interpreter's file system as one file and imported from in place (the zip on sys.path): one write instead of
//   unpacking 150 files at every start;
// - on a visit after the first, the interpreter starts from a memory snapshot (Pyodide's private `_loadSnapshot`):
//   Python with the standard library, the rules, the bot (its weights and bear-off table loaded) and the game
//   already imported, and PyScript's own Python already compiled, in a few hundred milliseconds instead of seconds. The snapshot is made on the player's
//   machine after a normal boot, in a worker of its own (snapshot-worker.mjs) once the page has loaded all it
//   needs, and kept in Cache Storage with the deploy's version and Pyodide's version beside it: it is used only
//   when both match, and anything wrong with it (missing, from another deploy, truncated, a restore that throws
//   or leaves Python unable to import the game) means a normal boot and the snapshot dropped. The player's saved
//   game and settings (localStorage) are never touched (only gamao.snapshot-kept, which says a snapshot is kept).
// On the page, app.js begins reading the kept snapshot as it starts the interpreter and calls start() once the
// skeleton is painted, so that a start from a snapshot begins while PyScript's JavaScript still loads; PyScript's own
// call to loadPyodide then gets that interpreter. The interpreter's WebAssembly is set up while the snapshot's bytes
// are still being read.
// <html data-boot="snapshot"> or "normal" says how the page's interpreter started (and data-boot-wasm="worker" that
// its WebAssembly was compiled in app.js's worker); <html data-snapshot> says what became of making one ("saved" or
// "failed"). In the bot's worker, globalThis.gamaoBoot says how it started.
import { loadPyodide as pyodideLoad, version } from "../vendor/pyodide/pyodide.mjs";
import { compileInterpreter } from "./compile-worker.mjs";

export { version };

export const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
export const STDLIB_URL = new URL("../vendor/pyodide/stdlib.zip", import.meta.url).href;
export const SNAPSHOT_CACHE = "gamao-snapshot"; // a new deploy's service worker removes it with the old caches
export const SNAPSHOT_KEY = new URL("../../boot-snapshot", import.meta.url).href; // a cache key, never fetched
export const BUNDLE_PATH = "/home/pyodide/py-bundle.zip"; // on sys.path, first
export const MEMORY_PAGE = 65536; // a kept snapshot's memory is in pages of this size, those of zeros left out
const DEPLOY_URL = new URL("deploy.json", import.meta.url).href;
const BUNDLE_URL = new URL("../py-bundle.zip", import.meta.url).href;
const ON_PAGE = typeof document !== "undefined";

// The deploy's version and the app's bundle, asked for as soon as this module runs (from the service worker's cache
// after a first visit), while Pyodide loads. On a first visit the page may run this module before the service worker
// controls it (app.js's gamaoControlled): then the start and its loads wait for that, so that what they load goes
// through the worker and is kept, not downloaded again to complete its cache.
const controlled = (ON_PAGE && globalThis.gamaoControlled) || Promise.resolve();
const deployVersion = controlled.then(() => fetch(DEPLOY_URL))
  .then((r) => (r.ok ? r.json() : {})).then((d) => d.version || null, () => null);
const bundleBytes = controlled.then(() => fetch(BUNDLE_URL)).then((r) => {
  if (!r.ok) throw new Error(`${BUNDLE_URL}: HTTP ${r.status}`);
  return r.arrayBuffer();
});
bundleBytes.catch(() => {}); // a failed download is reported where it is awaited

// Puts the app's bundle where Python imports it from. After a start from a snapshot, sys.path and the zip's table of
// contents are the snapshot's (the same deploy, so the same bytes); only the file itself has to be written again.
// With `ahead` (a normal start on the page or in the bot's worker), the code the bundle holds compiled ahead
// (CODE_AHEAD, made by tools/site/compile_ahead.mjs) is used where the start would compile the same text again: the
// methods dataclasses writes for the app's classes, and PyScript's own package, which PyScript writes as source
// and imports once this returns. A text or a file that is not there (another PyScript, a changed class) is compiled
// as before. A start from a snapshot needs none of it (its modules are imported already, PyScript's package compiled
// by the snapshot's own maker), and a snapshot is made without it, so that it does not hold the table.
const CODE_AHEAD = "code-ahead.marshal";
// Python: _load_compiled(codes) teaches the interpreter's source loader to take the bytecode in `codes`, keyed by
// (file, importlib.util.source_hash of its bytes), for a source file whose bytes hash the same, and to compile any
// other as before. Used by a normal start (the code compiled ahead) and by the snapshot's maker (snapshot-worker.mjs).
export const LOAD_COMPILED = `
def _load_compiled(codes):
    import importlib.machinery, importlib.util
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
`;
const USE_CODE_AHEAD = `${LOAD_COMPILED}
def _use_code_ahead(bundle):
    import builtins, dataclasses, marshal, zipimport
    try:
        ahead = marshal.loads(zipimport.zipimporter(bundle).get_data(${JSON.stringify(CODE_AHEAD)}))
    except (OSError, ValueError, EOFError, TypeError):
        return
    made = ahead["dataclasses"]

    def exec_ahead(source, globals=None, locals=None, /):
        return builtins.exec(made.get(source, source) if isinstance(source, str) else source, globals, locals)

    exec_ahead.ahead = made  # (tests)
    dataclasses.exec = exec_ahead  # (dataclasses' only use of exec: the text of a class's methods)
    _load_compiled(ahead["sources"])
`;
export const mountBundle = async (pyodide, ahead = false) => {
  pyodide.FS.writeFile(BUNDLE_PATH, new Uint8Array(await bundleBytes));
  const path = JSON.stringify(BUNDLE_PATH);
  pyodide.runPython(`import sys\nif ${path} not in sys.path: sys.path.insert(0, ${path})`
                    + (ahead ? `${USE_CODE_AHEAD}\n_use_code_ahead(${path})` : ""), { globals: pyodide.toPy({}) });
};

const mark = (name, value) => {
  if (ON_PAGE) document.documentElement.setAttribute(name, value);
  else if (name === "data-boot") globalThis.gamaoBoot = value;
};

// Whether a snapshot is kept, said to app.js before Cache Storage can answer (localStorage; see app.js).
const SNAPSHOT_KEPT_KEY = "gamao.snapshot-kept";
const sayKept = (kept) => {
  if (!ON_PAGE) return;
  try {
    if (kept) localStorage.setItem(SNAPSHOT_KEPT_KEY, "1");
    else localStorage.removeItem(SNAPSHOT_KEPT_KEY);
  } catch (e) { /* storage refused */ }
};

const dropSnapshot = async () => {
  sayKept(false);
  try { await caches.delete(SNAPSHOT_CACHE); } catch (e) { /* storage refused: nothing kept anyway */ }
};

// The kept snapshot's headers, its Blob and the reads of its header and of its bytes (promises), or null: the read
// app.js began on the page as it started (app.js's gamaoSnapshotRead, of SNAPSHOT_KEY in SNAPSHOT_CACHE), or one
// begun here. The headers come at once; the 45 MB of bytes take a hundred milliseconds or more, which the start
// spends setting up the interpreter.
const kept = async (early) => {
  if (early) return early;
  const hit = await caches.match(SNAPSHOT_KEY, { cacheName: SNAPSHOT_CACHE }); // creates no empty cache
  if (!hit) return null;
  const blob = hit.blob(); // read in one piece (see app.js), its header first
  const header = blob.then((b) => b.slice(0, Number(hit.headers.get("x-gamao-header-bytes")) || 0).arrayBuffer());
  const bytes = blob.then((b) => b.arrayBuffer());
  for (const read of [header, bytes]) read.catch(() => {}); // a failed read is reported where it is awaited
  return { headers: hit.headers, blob, header, bytes };
};

// Where a kept snapshot's pages go in Python's memory (its x-gamao-pages: "first+count" runs of MEMORY_PAGE bytes,
// in order, apart by commas), checked against its lengths: [[first, count], ...]; anything else throws.
const pageRuns = (text, memory, kept) => {
  if (!Number.isSafeInteger(memory) || memory <= 0 || memory % MEMORY_PAGE) throw new Error("snapshot has no memory size");
  const runs = [];
  let end = 0;
  let pages = 0;
  for (const run of (text || "").split(",")) {
    const found = /^(\d{1,9})\+(\d{1,9})$/.exec(run);
    if (!found) throw new Error("snapshot has no page list");
    const [first, count] = [Number(found[1]), Number(found[2])];
    if (first < end || count < 1) throw new Error("snapshot page list out of order");
    runs.push([first, count]);
    end = first + count;
    pages += count;
  }
  if (end * MEMORY_PAGE > memory || pages * MEMORY_PAGE !== kept) throw new Error("snapshot page list does not fit");
  return runs;
};

// The kept snapshot if it was made for this deploy (`deployed`: a promise of its version) and this Pyodide and is
// whole: { size, header, memory, runs, bytes } (memory: the length of Python's memory; runs: pageRuns's; header:
// Pyodide's header at its start, read apart, as a Uint8Array; bytes: a promise of the whole ArrayBuffer, checked
// by fromSnapshot); otherwise null (and a snapshot that cannot be used is dropped). App.js's read is taken once,
// whatever comes of it, so that its 45 MB are not held after.
const readSnapshot = async (deployed) => {
  const early = ON_PAGE ? globalThis.gamaoSnapshotRead : undefined;
  if (early) delete globalThis.gamaoSnapshotRead;
  if (typeof caches === "undefined") return null;
  try {
    const found = await kept(early);
    if (!found) return null; // (then the deploy's version is not waited for: a first visit goes on at once)
    const deploy = await deployed;
    if (!deploy) return null;
    const h = found.headers;
    if (h.get("x-gamao-deploy") !== deploy || h.get("x-gamao-pyodide") !== version) {
      await dropSnapshot();
      return null;
    }
    const size = Number(h.get("x-gamao-bytes"));
    const cut = Number(h.get("x-gamao-header-bytes"));
    if (!Number.isSafeInteger(size) || !Number.isSafeInteger(cut) || cut <= 0 || cut % 16 || cut >= size) {
      throw new Error("snapshot has no size");
    }
    const memory = Number(h.get("x-gamao-memory-bytes"));
    const runs = pageRuns(h.get("x-gamao-pages"), memory, size - cut);
    const blob = await found.blob;
    if (blob.size !== size) throw new Error("snapshot truncated");
    const header = new Uint8Array(await found.header);
    if (header.length !== cut || new Uint32Array(header.buffer, 0, 2)[1] !== cut) throw new Error("snapshot damaged");
    return { size, header, memory, runs, bytes: found.bytes, wasm: found.wasm || null };
  } catch (e) {
    console.warn(`memory snapshot not used: ${e}`);
    await dropSnapshot();
    return null;
  }
};

// Pyodide's hook that instantiates the interpreter's WebAssembly (`instantiateWasm`: it adds imports of its own, then
// compiles and instantiates the response it fetched), made to instantiate a module compiled apart instead
// (`compiled`: a promise of that module, or of null): on the page, the one app.js compiled in a worker; in a worker,
// its own compileInterpreter's. Pyodide asks for its WebAssembly as it makes its settings, before the module's
// creation: while that is being done (`withoutWasmFetch`) the ask is answered with a placeholder, so that the 9.6 MB
// are not read a second time; the hook then gives the compiled module, or, if there is none, fetches the WebAssembly
// after all and lets the browser compile it.
const WASM_URL = INDEX_URL + "pyodide.asm.wasm";
const PLACEHOLDER = new Response(null, { headers: { "content-type": "application/wasm" } });
const withoutWasmFetch = () => { // (returns what puts fetch back)
  const real = globalThis.fetch;
  globalThis.fetch = (input, init) => (String(input) === WASM_URL ? Promise.resolve(PLACEHOLDER)
                                                                  : real.call(globalThis, input, init));
  return () => { globalThis.fetch = real; };
};
const precompiled = (hook, compiled) => (imports, receive) => {
  const streaming = WebAssembly.instantiateStreaming;
  const ours = async (source, imported) => {
    const response = await source;
    if (response !== PLACEHOLDER && (!response || response.url !== WASM_URL)) {
      return streaming.call(WebAssembly, response, imported);
    }
    if (WebAssembly.instantiateStreaming === ours) WebAssembly.instantiateStreaming = streaming;
    const module = await compiled;
    if (!module) return streaming.call(WebAssembly, response === PLACEHOLDER ? fetch(WASM_URL) : response, imported);
    if (response.body) response.body.cancel().catch(() => {}); // (fetched by Pyodide, not needed)
    mark("data-boot-wasm", "worker");
    return { module, instance: await WebAssembly.instantiate(module, imported) };
  };
  WebAssembly.instantiateStreaming = ours;
  return hook(imports, receive);
};

// Pyodide's loadPyodide with its WebAssembly from `compiled` (a promise of a module, or of null; by default compiled
// here with compileInterpreter, as the bot's worker and the snapshot's maker do), and `made` given the module Pyodide
// creates before Python starts in it (a memory snapshot's bytes are put there).
const factory = () => import(INDEX_URL + "pyodide.asm.mjs");
export const loadCompiled = async (options, compiled = null, made = (module) => module) => {
  compiled = compiled || compileInterpreter(WASM_URL).catch(() => null);
  const create = (await factory()).default;
  const fetchAgain = withoutWasmFetch();
  const createPyodideModule = async (settings) => {
    fetchAgain();
    settings.instantiateWasm = precompiled(settings.instantiateWasm, compiled);
    return made(await create(settings));
  };
  try {
    return await pyodideLoad({ ...options, createPyodideModule });
  } finally {
    fetchAgain();
  }
};

// A start from the kept snapshot. A snapshot is Pyodide's header (what Pyodide needs to know of its JavaScript
// objects) and then Python's memory as it was. Pyodide is given the header alone, read apart at once, so that it
// sets up its WebAssembly module while the memory's bytes are still being read; the module's creation (ours:
// createPyodideModule) then waits for the read and copies the memory into the module's own, once, where Pyodide
// would copy a whole image it had been given (the header says the memory begins at its end: Pyodide copies nothing).
// Pyodide sizes the heap for a snapshot with a setting its build ignores (its memory is declared inside the wasm),
// so a snapshot over the default 30 MB would not fit: the memory is grown first.
const fromSnapshot = async (options, snapshot) => {
  const restore = async (module) => {
    const bytes = await snapshot.bytes;
    if (bytes.byteLength !== snapshot.size) throw new Error("snapshot truncated");
    if (module.HEAPU8.length < snapshot.memory) module.growMemory(snapshot.memory);
    const heap = module.HEAPU8; // (after growing: a view of the memory as it is now)
    let from = snapshot.header.length;
    let zeros = 0; // the first byte of memory not yet written
    for (const [first, count] of snapshot.runs) {
      heap.fill(0, zeros, first * MEMORY_PAGE);
      heap.set(new Uint8Array(bytes, from, count * MEMORY_PAGE), first * MEMORY_PAGE);
      from += count * MEMORY_PAGE;
      zeros = (first + count) * MEMORY_PAGE;
    }
    heap.fill(0, zeros, snapshot.memory);
    return module;
  };
  const pyodide = await loadCompiled({ ...options, _loadSnapshot: snapshot.header }, snapshot.wasm, restore);
  await mountBundle(pyodide);
  // The snapshot holds the random generator's state from when it was made: seed it again. And check that Python
  // came back whole: a damaged snapshot can restore and then fail here.
  pyodide.runPython("import random, rules, bot, game; random.seed()", { globals: pyodide.toPy({}) });
  return pyodide;
};

// On the page, after a normal boot: once the page has loaded all it needs (html[data-loaded]) and is idle, a worker
// makes the snapshot and keeps it. It imports the standard library modules the page has imported, and compiles the
// sources the page imported from its working directory (PyScript's own package, written there as source at every
// start) so that the snapshot holds their bytecode, and imports the app's modules the page imported that need no
// browser to import (most of ui: those that use the page import pyscript when called, not when imported).
const makeSnapshotLater = (pyodide, deploy) => {
  if (!ON_PAGE || !deploy || typeof caches === "undefined" || typeof Worker === "undefined") return;
  const html = document.documentElement;
  const start = () => {
    let modules = { stdlib: [], sources: {} };
    try {
      modules = JSON.parse(pyodide.runPython(`
import json, os, sys
def _listed():
    stdlib, app, sources = [], [], {}
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith("/lib/python3"):
            stdlib.append(name)
        elif origin.startswith(${JSON.stringify(BUNDLE_PATH + "/")}):
            app.append(name)
        elif origin.startswith("/home/pyodide/") and origin.endswith(".py") and os.path.isfile(origin):
            with open(origin, encoding="utf-8", newline="") as f:
                sources[origin] = f.read()
    return json.dumps({"stdlib": sorted(stdlib), "app": sorted(app), "sources": sources})
_listed()
`, { globals: pyodide.toPy({}) }));
    } catch (e) { /* the worker imports the game's packages anyway */ }
    const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      mark("data-snapshot", data.ok ? "saved" : "failed");
      sayKept(data.ok);
      if (!data.ok) console.warn(`memory snapshot not made: ${data.error}`);
    };
    worker.onerror = (event) => {
      worker.terminate();
      mark("data-snapshot", "failed");
      console.warn(`memory snapshot not made: ${event.message}`);
    };
    worker.postMessage({ deploy, modules });
  };
  const whenIdle = () => setTimeout(() => (self.requestIdleCallback ? requestIdleCallback(start, { timeout: 2000 }) : start()), 500);
  if (html.hasAttribute("data-loaded")) return whenIdle();
  const observer = new MutationObserver(() => {
    if (!html.hasAttribute("data-loaded")) return;
    observer.disconnect();
    whenIdle();
  });
  observer.observe(html, { attributes: true, attributeFilter: ["data-loaded"] });
};

// What ran when, for tools/bench (performance marks, in the page's or the worker's own timeline).
const timeMark = (name) => { try { performance.mark(name); } catch (e) { /* no timeline */ } };

// A start: from `snapshot` (readSnapshot's, found already), or from the kept snapshot if there is one, or normally;
// `restored` is called once the interpreter is restored from a snapshot.
async function boot(options, snapshot, restored = () => {}) {
  options = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  if (snapshot === undefined) {
    timeMark("gamao:boot");
    snapshot = await readSnapshot(deployVersion);
  }
  timeMark("gamao:boot-snapshot-found");
  if (snapshot) {
    try {
      const pyodide = await fromSnapshot(options, snapshot);
      timeMark("gamao:boot-interpreter");
      restored();
      mark("data-boot", "snapshot");
      return pyodide;
    } catch (e) {
      console.warn(`memory snapshot could not be restored, starting normally: ${e}`);
      await dropSnapshot();
    }
  }
  await controlled; // (on a first visit, what Pyodide loads goes through the service worker, to be kept)
  const pyodide = await pyodideLoad(options);
  await mountBundle(pyodide, true);
  timeMark("gamao:boot-interpreter");
  mark("data-boot", "normal");
  makeSnapshotLater(pyodide, await deployVersion); // (a normal start does not wait for the deploy's version before)
  return pyodide;
}

// The page's start from a snapshot, begun before PyScript asks for an interpreter (start()): a promise of the
// interpreter, or of null when there is no snapshot to start from. Once PyScript has asked, none begins.
let early = null;
let asked = false;

// Called by app.js once the skeleton is painted, with `kept` (whether a snapshot is said to be kept) and `restored`
// (called once the interpreter is restored from it). With a snapshot kept, the interpreter is restored while
// PyScript's own JavaScript is still being fetched and run, instead of after it. Without one (a first visit) nothing
// starts early: a normal start's work on the main thread would only hold PyScript's back.
export function start({ kept = false, restored } = {}) {
  if (!early && !asked) {
    early = (async () => {
      timeMark("gamao:boot");
      // With a snapshot said to be kept, Pyodide's module factory is evaluated while Cache Storage finds it.
      if (kept) factory().catch(() => {});
      const snapshot = await readSnapshot(deployVersion);
      return snapshot ? boot({}, snapshot, restored) : null;
    })();
    early.catch(() => {}); // (loadPyodide below starts normally instead)
  }
  return early;
}

export async function loadPyodide(options = {}) {
  asked = true;
  timeMark("gamao:asked");
  const { stdout, stderr, indexURL, ...rest } = options;
  const pyodide = early && !Object.keys(rest).length ? await early.catch(() => undefined) : undefined;
  // (null: start() found no snapshot of this deploy to start from, so none is looked for again)
  if (!pyodide) return boot(options, pyodide === null ? null : undefined);
  if (stdout) pyodide.setStdout({ batched: stdout }); // PyScript's output handlers, as it would have passed them
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
