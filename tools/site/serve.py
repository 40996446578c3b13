"""Serve web/ on 127.0.0.1 with the MIME types the site needs (`.wasm`, `.mjs`, `.webmanifest`).

    python -m tools.site.serve [--port 8000] [--dir web] [--no-compress]

Used by `make play`, by the e2e tests and by the benchmarks (through `start()`). As static hosts do, it sends text
and WebAssembly gzip-compressed to a browser that accepts it (`make play`, and `start(compress=True)`; the e2e
tests' server sends files as they are, so the bytes it counts are the files' sizes). Zips are sent as they are:
their entries are compressed already.
"""
from __future__ import annotations

import argparse
import collections
import functools
import gzip
import http.server
import os
import pathlib
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".zip": "application/zip",
}


COMPRESSED = {".wasm", ".mjs", ".js", ".json", ".webmanifest", ".py", ".svg", ".css", ".html", ".bin", ".txt"}

_rebuild_lock = threading.Lock()
_count_lock = threading.Lock()
_gzip_lock = threading.Lock()
_gzipped: dict[str, tuple[tuple[int, int], bytes]] = {}  # file -> ((mtime_ns, size), its gzip), made once


def gzipped(path: pathlib.Path) -> bytes:
    stat = path.stat()
    stamp = (stat.st_mtime_ns, stat.st_size)
    with _gzip_lock:
        kept = _gzipped.get(str(path))
        if kept is None or kept[0] != stamp:
            kept = (stamp, gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))
            _gzipped[str(path)] = kept
        return kept[1]


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    sent: collections.Counter | None = None  # when set: body bytes sent, per path (benchmarks and tests)
    raw: collections.Counter | None = None  # when set: the same bytes before compression, per path (benchmarks)
    compress = False  # gzip what COMPRESSED lists when the request accepts it

    def do_GET(self) -> None:
        # While developing: an edited .py file is picked up on the next page load without re-running the set-up.
        if self.path.split("?")[0].endswith("/py-bundle.zip") and pathlib.Path(self.directory) == ROOT / "web":
            from tools.site import build_site

            with _rebuild_lock:
                if build_site.bundle_is_stale():
                    build_site.write_bundle()
                    build_site.write_precache()
        if not self._send_gzipped():
            super().do_GET()

    def _send_gzipped(self) -> bool:
        """Send the file gzip-compressed if it is one to compress and the browser accepts gzip; False otherwise."""
        if not self.compress or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return False
        path = pathlib.Path(self.translate_path(self.path))
        if path.suffix not in COMPRESSED or not path.is_file():
            return False
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        with _count_lock:
            if self.sent is not None:
                self.sent[self.path.split("?")[0]] += len(body)
            if self.raw is not None:
                self.raw[self.path.split("?")[0]] += path.stat().st_size
        self.wfile.write(body)
        return True

    def copyfile(self, source, outputfile) -> None:
        if self.sent is None and self.raw is None:
            return super().copyfile(source, outputfile)
        data = source.read()
        with _count_lock:
            for counter in (self.sent, self.raw):
                if counter is not None:
                    counter[self.path.split("?")[0]] += len(data)
        outputfile.write(data)

    def end_headers(self) -> None:
        # The service worker and the precache list must always be checked for a new deploy.
        if self.path.split("?")[0].endswith(("sw.js", "precache.js")):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        if os.environ.get("GAMAO_SERVE_LOG"):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # A page's start asks for some forty files at once, and tests open several pages together: with the default
    # backlog of 5 (one connection per request, HTTP/1.0) the kernel dropped connections while the server thread
    # waited for the interpreter's lock, and each dropped one cost the page a retransmission of a second or more.
    request_queue_size = 1024


def start(port: int = 0, directory: pathlib.Path | str = ROOT / "web",
          sent: collections.Counter | None = None, compress: bool = False,
          raw: collections.Counter | None = None) -> Server:
    """Start serving in a background thread; `server.server_address[1]` is the port (0 picks a free one).
    With `sent`, the body bytes of every response are added to it under the request's path (`raw`: the same
    before compression); with `compress`, what the browser accepts compressed is sent gzip-compressed."""
    handler_class = type("SiteHandler", (Handler,), {"sent": sent, "raw": raw, "compress": compress})
    handler = functools.partial(handler_class, directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    parser.add_argument("--dir", default=str(ROOT / "web"))
    parser.add_argument("--no-compress", action="store_true", help="send every file as it is")
    args = parser.parse_args()
    handler = functools.partial(type("SiteHandler", (Handler,), {"compress": not args.no_compress}), directory=args.dir)
    with Server(("127.0.0.1", args.port), handler) as server:
        print(f"Gamão is being served at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops it)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
