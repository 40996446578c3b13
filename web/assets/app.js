// Registers the service worker (offline play, installable app) as early as possible, so the files of a first
// visit already go through it and are kept as they arrive (none is downloaded twice). Once the page has loaded
// what it needs (html[data-loaded], set by the Python after the table is ready and the bot's weights are in) it asks the worker to complete the cache with what the page did not load; when that is done
// the worker answers and <html> gets data-offline ("this site now plays offline"). A new deploy waiting to take
// over is offered with the "Update" prompt. Loaded with `async`: it may run before the body is parsed.
(() => {
  if (!("serviceWorker" in navigator)) return; // without a service worker the site still plays online
  const html = document.documentElement;
  const whenLoaded = (fn) => {
    if (html.hasAttribute("data-loaded")) return fn();
    const observer = new MutationObserver(() => {
      if (html.hasAttribute("data-loaded")) { observer.disconnect(); fn(); }
    });
    observer.observe(html, { attributes: true, attributeFilter: ["data-loaded"] });
  };
  const whenParsed = (fn) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
    else fn();
  };
  const offerUpdate = (worker) => whenParsed(() => {
    const box = document.getElementById("update");
    if (!box) return;
    box.hidden = false;
    document.getElementById("update-reload").addEventListener("click", () => worker.postMessage("skip-waiting"), { once: true });
  });

  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data === "offline-ready") html.setAttribute("data-offline", "");
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first visit's worker taking control is not an update; reload only when the person asked for one.
    const box = document.getElementById("update");
    if (reloading || !box || box.hidden) return;
    reloading = true;
    location.reload();
  });

  navigator.serviceWorker.register("sw.js").then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
    whenLoaded(() => navigator.serviceWorker.ready.then((ready) => ready.active && ready.active.postMessage("complete")));
  }).catch(() => { /* without a service worker the site still plays online */ });
})();
