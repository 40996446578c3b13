"""The Share button of Play a friend: the Web Share API where the browser has it (a phone's share sheet, stubbed
here by an init script that records what is shared), Copy beside it and alone where there is no Web Share (the
clipboard, with its permission granted). What the guest shares back is exactly what the host pastes to connect."""
from __future__ import annotations

from conftest import BOOT_TIMEOUT_MS, wait_ready

# A phone's navigator.share, recording each call; `gamaoShareOff()` takes it away again (a desktop browser).
SHARE_STUB = """window.gamaoShared = [];
Object.defineProperty(Navigator.prototype, 'share', {configurable: true, writable: true,
  value: function (data) { window.gamaoShared.push(JSON.parse(JSON.stringify(data))); return Promise.resolve(); }});
window.gamaoShareOff = () => { delete Navigator.prototype.share; };"""

INVITE_READY = ("document.getElementById('peer-invite') && "
                "document.getElementById('peer-invite').value.includes('#join=')")
ANSWER_READY = "document.getElementById('peer-answer') && document.getElementById('peer-answer').value.length > 20"


def _context(browser, guard, base_url):
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(BOOT_TIMEOUT_MS)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    ctx.add_init_script(SHARE_STUB)
    guard.watch_context(ctx)
    return ctx


def test_share_the_invite_and_the_answer_and_copy_without_web_share(browser, guard, new_page, base_url):
    contexts = [_context(browser, guard, base_url) for _ in range(2)]
    try:
        host, guest = (new_page(ctx) for ctx in contexts)
        host.goto(base_url + "?lang=en&clock=0&pace=0")
        wait_ready(host)
        # with Web Share: Share hands the invite link to the share sheet, as a link
        host.get_by_role("button", name="Play a friend").click()
        host.wait_for_function(INVITE_READY)
        dialog = host.locator("#peer-dialog")
        dialog.get_by_role("button", name="Share").click()
        host.wait_for_function("window.gamaoShared.length === 1")
        shared = host.evaluate("window.gamaoShared[0]")
        assert shared["url"] == host.get_by_label("Invite link", exact=True).input_value()
        assert shared["text"] and "#join=" not in shared["text"]
        dialog.get_by_role("button", name="Close").click()
        # without Web Share (a desktop browser): no Share button, and Copy puts the invite on the clipboard
        host.evaluate("gamaoShareOff()")
        host.get_by_role("button", name="Play a friend").click()
        host.wait_for_function(INVITE_READY)
        dialog = host.locator("#peer-dialog")
        assert dialog.get_by_role("button", name="Share").count() == 0
        dialog.get_by_role("button", name="Copy").click()
        dialog.get_by_role("button", name="Copied").wait_for()
        link = host.get_by_label("Invite link", exact=True).input_value()
        assert host.evaluate("navigator.clipboard.readText()") == link
        # the Portuguese guest shares its answer code back: exactly the code, which the host pastes to connect
        guest.goto(link.replace("lang=en", "lang=pt"))
        wait_ready(guest)
        guest.wait_for_function(ANSWER_READY)
        guest.locator("#peer-dialog").get_by_role("button", name="Compartilhar").click()
        guest.wait_for_function("window.gamaoShared.length === 1")
        shared = guest.evaluate("window.gamaoShared[0]")
        assert shared == {"text": guest.get_by_label("Código de resposta", exact=True).input_value()}
        host.get_by_label("Paste answer code", exact=True).fill(shared["text"])
        host.get_by_role("button", name="Connect", exact=True).click()
        for page in (host, guest):
            page.wait_for_function("document.documentElement.getAttribute('data-peer') === 'connected'",
                                   timeout=30_000)
    finally:
        for ctx in contexts:
            ctx.close()
