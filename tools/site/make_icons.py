"""Render the app icon (web/assets/icons/icon.svg) to the PNG sizes the web app manifest lists.

    .venv/bin/python -m tools.site.make_icons
"""
import pathlib

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
from tools.site.chromium import LAUNCH_ARGS, chromium_path

ICONS = ROOT / "web" / "assets" / "icons"


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0;background:transparent">'
                             f'<div style="width:{size}px;height:{size}px">{svg}</div></body>')
            page.locator("svg").screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
