"""The dev server sends text and WebAssembly gzip-compressed to a browser that accepts it, as static hosts do,
and counts the bytes it sends on the wire and before compression."""
from __future__ import annotations

import collections
import gzip
import urllib.request

import pytest

from tools.site import serve


@pytest.fixture
def site(tmp_path):
    (tmp_path / "a.wasm").write_bytes(b"\0asm" + b"\1" * 50_000)
    (tmp_path / "b.js").write_text("console.log('x');\n" * 500)
    (tmp_path / "c.zip").write_bytes(b"PK" + bytes(range(256)) * 40)
    sent, raw = collections.Counter(), collections.Counter()
    server = serve.start(0, tmp_path, sent=sent, raw=raw, compress=True)
    yield f"http://127.0.0.1:{server.server_address[1]}/", tmp_path, sent, raw
    server.shutdown()


def get(url: str, encoding: str | None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


@pytest.mark.parametrize("name", ["a.wasm", "b.js"])
def test_text_and_webassembly_go_gzip_when_accepted(site, name):
    url, root, sent, raw = site
    headers, body = get(url + name, "gzip, deflate, br")
    assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == (root / name).read_bytes()
    assert int(headers["Content-Length"]) == len(body) == sent["/" + name] < raw["/" + name] == (root / name).stat().st_size
    assert headers["Content-Type"] == serve.MIME["." + name.split(".")[1]]


def test_as_they_are_without_accept_encoding_and_for_zips(site):
    url, root, sent, raw = site
    headers, body = get(url + "a.wasm", None)
    assert headers["Content-Encoding"] is None and body == (root / "a.wasm").read_bytes()
    headers, body = get(url + "c.zip", "gzip")
    assert headers["Content-Encoding"] is None and body == (root / "c.zip").read_bytes()
    assert sent["/c.zip"] == raw["/c.zip"] == len(body)


def test_a_changed_file_is_compressed_again(site):
    url, root, sent, raw = site
    get(url + "b.js", "gzip")
    (root / "b.js").write_text("changed();\n")
    headers, body = get(url + "b.js", "gzip")
    assert gzip.decompress(body) == b"changed();\n"


def test_the_default_server_sends_files_as_they_are(tmp_path):
    (tmp_path / "b.js").write_text("x = 1;\n" * 100)
    server = serve.start(0, tmp_path)
    try:
        headers, body = get(f"http://127.0.0.1:{server.server_address[1]}/b.js", "gzip")
    finally:
        server.shutdown()
    assert headers["Content-Encoding"] is None and body == (tmp_path / "b.js").read_bytes()
