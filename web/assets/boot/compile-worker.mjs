// Compiles the interpreter's WebAssembly (9.6 MB) off the page's main thread and posts the compiled module back:
// the page's start from a memory snapshot then only instantiates it (boot/pyodide.mjs), instead of feeding the
// bytes to the compiler on the main thread, which the start keeps busy. app.js starts this worker at once when a
// snapshot is kept, and keeps it for as long as the page once it has answered (so that the code Chromium compiles
// and optimises as the page runs is kept beside the cached WebAssembly for the next visit: app.js's compileWasm).
// The page's message is the WebAssembly's URL; the answer is { module } or { error }.
//
// compileInterpreter is also how the bot's worker (pyodide.mjs) and the snapshot's maker (snapshot-worker.mjs)
// compile it: every compile but a first visit's own (Pyodide's, from the network, as the file arrives) is made with
// COMPILE_OPTIONS. Chromium reuses a module already compiled from the same bytes with the same options in the same
// renderer, with the code optimised for it so far, and then writes nothing new beside the cached response (its
// code cache, which the next visit's compile starts from): the snapshot's maker, which compiles from Cache Storage
// after a first visit and runs the whole start again, would take the first visit's module, optimised already, and
// the second visit would compile everything again. With options of their own they compile a module of their own,
// and the code the snapshot's maker optimises as it runs is written beside the cached WebAssembly (checked with
// Chromium's v8.wasm trace events: e2e/test_instant_start.py). The option asks for JavaScript's string builtins,
// which Pyodide's WebAssembly does not import: it changes nothing else, and a browser without them ignores it.
export const COMPILE_OPTIONS = { builtins: ["js-string"] };

export const compileInterpreter = (url) => WebAssembly.compileStreaming(fetch(url), COMPILE_OPTIONS);

if (typeof WorkerGlobalScope !== "undefined" && self.location.href === import.meta.url) { // (this worker's own file)
  self.onmessage = async ({ data: url }) => {
    try {
      self.postMessage({ module: await compileInterpreter(url) });
    } catch (e) {
      self.postMessage({ error: String(e) });
    }
  };
}
