// Registers the service worker (offline play, installable app) as early as possible, so the files of a first
// visit already go through it and are kept as they arrive (none is downloaded twice). Once the page has loaded
// what it needs (html[data-loaded], set by the Python after the table is ready and the bot's weights are in) it
// asks the worker to complete the cache with what the page did not load; when that is done the worker answers
// and <html> gets data-offline ("this site now plays offline"). A new deploy waiting to take over is offered
// with the "Update" prompt. Loaded with `async`: it may run before the body is parsed.
//
// It also starts the interpreter: PyScript's core.js at once (once the document is parsed), and what the
// interpreter's start loads once the worker controls the page (self.gamaoControlled, which the loader waits for too),
// so that on a first visit the 9.6 MB of WebAssembly, the standard library and the app's bundle go through the
// worker and are not downloaded a second time to complete the cache; it never waits more than INTERPRETER_WAIT_MS
// for that (PyScript's JavaScript, 140 KB, loads meanwhile). At that moment it preloads what the interpreter's start
// needs (Pyodide's modules and package index, the standard library, the app's bundle, and the WebAssembly unless a
// memory snapshot is kept: a worker compiles it then), so those loads begin before PyScript's JavaScript has asked
// for them.
(() => {
  const INTERPRETER_WAIT_MS = 3000;
  const WASM_PRELOAD = ["preload", "assets/vendor/pyodide/pyodide.asm.wasm"]; // unless a worker compiles it
  // Set (by boot/pyodide.mjs) while a memory snapshot is kept: the WebAssembly is then compiled by a worker, and
  // preloading it as well only slows the start; without one it is preloaded at once. (Cache Storage answers too late
  // for that: a preload begun once it has, on a first visit, held the start back by about 0.7 s.)
  const SNAPSHOT_KEPT_KEY = "gamao.snapshot-kept";
  const snapshotKept = () => { try { return !!localStorage.getItem(SNAPSHOT_KEPT_KEY); } catch (e) { return false; } };
  const PRELOADS = [
    ["modulepreload", "assets/boot/pyodide.mjs"],
    ["modulepreload", "assets/boot/compile-worker.mjs"], // (pyodide.mjs imports it)
    ["modulepreload", "assets/vendor/pyodide/pyodide.mjs"],
    ["modulepreload", "assets/vendor/pyodide/pyodide.asm.mjs"],
    ["preload", "assets/vendor/pyodide/stdlib.zip"],
    ["preload", "assets/vendor/pyodide/pyodide-lock.json"], // (its package index, awaited before the start ends)
    ["preload", "assets/py-bundle.zip"],
    ["preload", "assets/boot/deploy.json"],
  ];
  const OFFLINE_TOLD_KEY = "gamao.offline-told";
  const OFFLINE_NOTE_MS = 6000;
  const whenParsed = (fn) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
    else fn();
  };
  // The memory snapshot a repeat visit starts from (boot/pyodide.mjs's SNAPSHOT_KEY in SNAPSHOT_CACHE; the loader
  // checks it is this deploy's and whole): its bytes are read from Cache Storage at once, before the loader's modules
  // have even loaded; the loader gets its headers as soon as they are found, and the read of its bytes.
  const HERE = (document.currentScript && document.currentScript.src)
    || new URL("assets/app.js", document.baseURI).href;
  const SNAPSHOT_URL = new URL("../boot-snapshot", HERE).href;
  const readSnapshot = (kept) => {
    if (!kept) preload(...WASM_PRELOAD);
    if (typeof caches === "undefined") return;
    // (said to be kept: the worker starts at once, not once Cache Storage has answered, some 50 ms later)
    let compiling = kept ? compileWasm() : null;
    const none = () => {
      if (compiling) compiling.stop();
      if (kept) preload(...WASM_PRELOAD); // (it was said to be kept and is not: a new deploy removed it)
      return null;
    };
    self.gamaoSnapshotRead = caches.match(SNAPSHOT_URL, { cacheName: "gamao-snapshot" })
      .then((hit) => {
        if (!hit) return none();
        // (as a Blob first: Response.arrayBuffer() reads by small steps of the main thread, which the start keeps
        // busy, where a Blob's arrayBuffer() is read in one piece; 0.1 s instead of 0.3-0.4 s here)
        // Pyodide's header at its start is read first, apart: the interpreter's set-up needs it, not the rest.
        const blob = hit.blob();
        const header = blob.then((b) => b.slice(0, Number(hit.headers.get("x-gamao-header-bytes")) || 0).arrayBuffer());
        const bytes = blob.then((b) => b.arrayBuffer());
        for (const read of [header, bytes]) read.catch(() => {}); // (the loader sees a failed read where it waits)
        compiling = compiling || compileWasm();
        return { headers: hit.headers, blob, header, bytes, wasm: compiling.module };
      })
      .catch(none);
  };
  // With a snapshot kept, the interpreter's WebAssembly is compiled in a worker of its own while the page's main
  // thread does the rest of the start (boot/compile-worker.mjs): { module, stop }, module a promise of the compiled
  // module, or of null if that could not be done (the loader then compiles it as Pyodide does); stop() ends it.
  // Once it has given the module the worker is kept for as long as the page. Chromium keeps the code it compiles
  // and optimises as the page runs beside the cached WebAssembly (its code cache, which the next visit's compile
  // starts from) only through a compile that began from Cache Storage and is still alive: this one. (A first
  // visit's compile begins from the network, as the file arrives: its code is not kept there.)
  let keeper = null; // (the worker that gave the module: held for as long as the page)
  const compileWasm = () => {
    let stop = () => {};
    const module = new Promise((resolve) => {
      if (typeof Worker === "undefined" || !WebAssembly.compileStreaming) return resolve(null);
      try {
        const worker = new Worker(new URL("boot/compile-worker.mjs", HERE), { type: "module" });
        const done = (compiled) => {
          if (compiled) keeper = worker;
          else worker.terminate();
          resolve(compiled);
        };
        stop = () => done(null);
        worker.onmessage = ({ data }) => done(data.module || null);
        worker.onerror = worker.onmessageerror = () => done(null); // (a module that cannot reach the page: no wait)
        worker.postMessage(new URL("vendor/pyodide/pyodide.asm.wasm", HERE).href);
      } catch (e) {
        resolve(null);
      }
    });
    return { module, stop: () => stop() };
  };
  const preload = (rel, href) => {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (rel === "preload") { link.as = "fetch"; link.crossOrigin = "anonymous"; } // as fetch() asks for them
    document.head.appendChild(link);
  };
  // After a start from the snapshot the table is ready within a hundred milliseconds or so, and main.py then asks
  // for the bot's weights and bear-off table: the table's page (<html data-fetches-bot>) preloads them as soon as the
  // loader has restored the interpreter, once the start's own files are in (not sooner: on a throttled network they
  // would share its bandwidth with the standard library and the bundle, which the restore waits for).
  const BOT_PRELOADS = [["preload", "assets/bot/weights.json"], ["preload", "assets/bot/bearoff.bin"]];
  const restored = () => {
    if (!document.documentElement.hasAttribute("data-fetches-bot")) return;
    for (const [rel, href] of BOT_PRELOADS) preload(rel, href);
  };
  let started = false;
  let controlled = () => {};
  self.gamaoControlled = new Promise((resolve) => { controlled = resolve; });
  const startInterpreter = () => {
    if (started) return;
    started = true;
    try { performance.mark("gamao:start"); } catch (e) { /* no timeline */ }
    controlled();
    const kept = snapshotKept();
    readSnapshot(kept);
    for (const [rel, href] of PRELOADS) preload(rel, href);
    // Our interpreter module restores the interpreter from that snapshot, when one is kept, once the table's
    // skeleton has been painted (the restore's long tasks would hold the first paint back), so it loads while
    // PyScript's JavaScript does; PyScript then gets that interpreter when it asks for one.
    const loader = import(new URL("assets/boot/pyodide.mjs", document.baseURI).href);
    loader.catch((e) => console.warn(e));
    requestAnimationFrame(() => setTimeout(() => loader.then((m) => m.start({ kept, restored }), () => {}), 0));
  };
  whenParsed(() => {
    // What PyScript fetches once its JavaScript has run: the page's Python entry script and its config.
    const entry = document.querySelector('script[type="py"][src]');
    for (const href of entry ? [entry.getAttribute("src"), entry.getAttribute("config")] : []) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "preload";
      link.href = href;
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      document.head.appendChild(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.src = "assets/vendor/pyscript/core.js";
    document.head.appendChild(script);
  });
  // Install: where the browser offers to install the site as an app, it fires beforeinstallprompt (maybe before
  // the body is parsed); the menu's "Install" button then shows and opens the browser's own prompt.
  let installPrompt = null;
  const installButton = () => document.getElementById("btn-install");
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt = event;
    whenParsed(() => { const b = installButton(); if (b) b.hidden = false; });
  });
  window.addEventListener("appinstalled", () => {
    installPrompt = null;
    const b = installButton();
    if (b) b.hidden = true;
  });
  // The menu (a popover on phones): choosing an item closes it; "Install" asks the browser.
  whenParsed(() => {
    const menu = document.getElementById("menu");
    if (menu) menu.addEventListener("click", (event) => {
      if (event.target.closest("button, a") && menu.matches(":popover-open")) menu.hidePopover();
    });
    const b = installButton();
    if (b) b.addEventListener("click", async () => {
      if (!installPrompt) return;
      const prompt = installPrompt;
      installPrompt = null;
      b.hidden = true;
      await prompt.prompt();
    });
  });
  if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller) startInterpreter();
  else setTimeout(startInterpreter, INTERPRETER_WAIT_MS);
  if (!("serviceWorker" in navigator)) return; // without a service worker the site still plays online
  const html = document.documentElement;
  const whenLoaded = (fn) => {
    if (html.hasAttribute("data-loaded")) return fn();
    const observer = new MutationObserver(() => {
      if (html.hasAttribute("data-loaded")) { observer.disconnect(); fn(); }
    });
    observer.observe(html, { attributes: true, attributeFilter: ["data-loaded"] });
  };
  const offerUpdate = (worker) => whenParsed(() => {
    const box = document.getElementById("update");
    if (!box) return;
    box.hidden = false;
    document.getElementById("update-reload").addEventListener("click", () => worker.postMessage("skip-waiting"), { once: true });
  });

  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data !== "offline-ready") return;
    html.setAttribute("data-offline", "");
    // Said once, quietly: a status line that goes away by itself (or when tapped).
    let told = true;
    try { told = !!localStorage.getItem(OFFLINE_TOLD_KEY); localStorage.setItem(OFFLINE_TOLD_KEY, "1"); } catch (e) { /* private mode */ }
    const note = document.getElementById("offline-note");
    if (told || !note) return;
    note.hidden = false;
    const hide = () => { note.hidden = true; };
    note.addEventListener("click", hide, { once: true });
    setTimeout(hide, OFFLINE_NOTE_MS);
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    startInterpreter();
    // The first visit's worker taking control is not an update; reload only when the person asked for one.
    const box = document.getElementById("update");
    if (reloading || !box || box.hidden) return;
    reloading = true;
    location.reload();
  });

  navigator.serviceWorker.register("sw.js").then((registration) => {
    // An active worker that will not claim this page (a reload that bypassed it) is asked to; its claim fires
    // controllerchange, which starts the interpreter.
    navigator.serviceWorker.ready.then((ready) => {
      if (!navigator.serviceWorker.controller && ready.active) ready.active.postMessage("claim");
    });
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
    whenLoaded(() => navigator.serviceWorker.ready.then((ready) => ready.active && ready.active.postMessage("complete")));
  }).catch(startInterpreter); // without a service worker the site still plays online
})();
