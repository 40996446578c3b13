// Compiles the interpreter's WebAssembly (9.6 MB) off the page's main thread and posts the compiled module back:
// the page's start from a memory snapshot then only instantiates it (boot/pyodide.mjs), instead of feeding the
// bytes to the compiler on the main thread, which the start keeps busy. app.js starts this worker at once when a
// snapshot is kept, and keeps it for as long as the page once it has answered (so that the code Chromium compiles
// and optimises as the page runs is kept beside the cached WebAssembly for the next visit: app.js's compileWasm).
// The page's message is the WebAssembly's URL; the answer is { module } or { error }.
self.onmessage = async ({ data: url }) => {
  try {
    self.postMessage({ module: await WebAssembly.compileStreaming(fetch(url)) });
  } catch (e) {
    self.postMessage({ error: String(e) });
  }
};
