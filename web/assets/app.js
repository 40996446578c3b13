// Registers the service worker (offline play, installable app) and offers an update when a new deploy is ready.
// Registration waits until the page is ready (html[data-ready]): the worker's precache then revalidates what the
// page already loaded (304s) instead of downloading the runtime a second time, and boot is not slowed.
const whenReady = (fn) => {
  if (document.documentElement.hasAttribute("data-ready")) return fn();
  const observer = new MutationObserver(() => {
    if (document.documentElement.hasAttribute("data-ready")) { observer.disconnect(); fn(); }
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
};
if ("serviceWorker" in navigator) whenReady(() => {
  const offerUpdate = (worker) => {
    const box = document.getElementById("update");
    if (!box) return;
    box.hidden = false;
    document.getElementById("update-reload").addEventListener("click", () => worker.postMessage("skip-waiting"), { once: true });
  };
  navigator.serviceWorker.register("sw.js").then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
  }).catch(() => { /* without a service worker the site still plays online */ });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || !document.getElementById("update") || document.getElementById("update").hidden) return;
    reloading = true;
    location.reload();
  });
});
