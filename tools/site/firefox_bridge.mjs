// One Firefox (Debian's firefox-esr) driven over WebDriver BiDi by puppeteer-core, taking commands from Python
// (tools/site/firefox_page.py) as JSON lines on stdin and answering one JSON line per command on stdout.
//
//   node tools/site/firefox_bridge.mjs '{"executablePath": "/usr/bin/firefox-esr", "prefs": {...}}'
//
// Commands: {"id", "op", ...} with op goto(url) | reload | evaluate(expr) | wait(expr, ms) | click(selector)
// | fill(selector, text) | events | close. Answers: {"id", "ok": true, "value"} or {"id", "ok": false, "error"}.
//
// The guard of the browser tests, in Firefox: every request not to 127.0.0.1 (nor data:/blob:) is aborted and
// recorded, as are console errors and uncaught page errors; "events" returns (and clears) what was recorded.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const options = JSON.parse(process.argv[2] || "{}");
const events = { foreign: [], errors: [] };
const reply = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");

const browser = await puppeteer.launch({
  browser: "firefox",
  protocol: "webDriverBiDi",
  executablePath: options.executablePath || "/usr/bin/firefox-esr",
  headless: true,
  extraPrefsFirefox: options.prefs || {},
});
const page = await browser.newPage();
page.setDefaultTimeout(options.timeout || 90_000);
const describe = (value) => {  // runs in the page: an argument of console.error, as text
  if (value && (value instanceof Error || typeof value.message === "string")) {  // (PythonError too)
    return `${value.message}${value.stack ? "\n" + value.stack : ""}`;
  }
  if (value && typeof value === "object") {
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  }
  return String(value);
};
page.on("console", (msg) => {
  if (msg.type() !== "error") return;
  const at = msg.location() && msg.location().url ? ` (${msg.location().url})` : "";
  const entry = { text: `console: ${msg.text()}${at}` };
  events.errors.push(entry);
  Promise.all(msg.args().map((arg) => arg.evaluate(describe)))  // objects arrive as JSHandle@object
    .then((parts) => { entry.text = `console: ${parts.join(" ")}${at}`; })
    .catch(() => {});
});
page.on("pageerror", (err) => events.errors.push({ text: `page error: ${err.message || err}` }));
await page.setRequestInterception(true);
page.on("request", (request) => {
  const url = request.url();
  let local = url.startsWith("data:") || url.startsWith("blob:");
  try {
    local = local || new URL(url).hostname === "127.0.0.1";
  } catch (e) { /* not a URL: not ours */ }
  if (local) return request.continue();
  events.foreign.push(url);
  return request.abort();
});

const ops = {
  goto: async (cmd) => { await page.goto(cmd.url, { waitUntil: "load" }); return page.url(); },
  reload: async () => { await page.reload({ waitUntil: "load" }); return page.url(); },
  evaluate: async (cmd) => page.evaluate(cmd.expr),
  wait: async (cmd) => {
    await page.waitForFunction(cmd.expr, { timeout: cmd.ms || 60_000, polling: 100 });
    return true;
  },
  click: async (cmd) => { await page.locator(cmd.selector).click(); return true; },
  fill: async (cmd) => { await page.locator(cmd.selector).fill(cmd.text); return true; },
  events: async () => {
    return { foreign: events.foreign.splice(0), errors: events.errors.splice(0).map((e) => e.text) };
  },
  version: async () => browser.version(),
};

reply({ id: 0, ok: true, value: await browser.version() });
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const cmd = JSON.parse(line);
  if (cmd.op === "close") break;
  try {
    reply({ id: cmd.id, ok: true, value: (await ops[cmd.op](cmd)) ?? null });
  } catch (err) {
    reply({ id: cmd.id, ok: false, error: String((err && err.message) || err) });
  }
}
await browser.close();
reply({ id: -1, ok: true, value: "closed" });
