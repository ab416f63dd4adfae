"""HTTP server for the listing tests: serves a folder with content types, answers PROPFIND with a
file, refuses with 429 + Retry-After on request, and plays other protocols for `vitrine check`.

Run: python3 listing_server.py --root DIR [--port N] [--mode http|h2c|gzip]
Prints "PORT <n>" once listening on 127.0.0.1 (port chosen by the system unless --port).

Routes (mode http; PATH is relative to --root):
  GET /files/PATH         the file; Content-Type from PATH.type when that file exists, else by extension
  GET /dav/PATH           the same (the files of the WebDAV folder)
  PROPFIND /dav/...       207 with the bytes of propfind.xml (written by the test, cut or whole)
  GET /busy/PATH?times=N&after=S
                          the first N requests answer 429 with "Retry-After: S", then the file
  GET /control/requests   JSON list of the requests seen: method, path, monotonic time
Mode h2c: every connection is answered with an HTTP/2 server preface (SETTINGS) and a GOAWAY,
as a server speaking only HTTP/2 without TLS does to an HTTP/1.1 request.
Mode gzip: every GET answers its file gzip-compressed with Content-Encoding: gzip, asked or not.
"""

import argparse
import gzip
import hashlib
import json
import os
import socket
import socketserver
import sys
import threading
import time
import urllib.parse

from test_server import QuietHandler, announce, local_file, serve

ROOT = "."
MODE = "http"
SEEN = []
BUSY = {}
LOCK = threading.Lock()
TYPES = {
    ".jpg": "image/jpeg", ".png": "image/png", ".json": "application/json", ".xml": "application/xml",
    ".rss": "application/rss+xml", ".html": "text/html; charset=utf-8",
}


class Handler(QuietHandler):

    def record(self):
        with LOCK:
            SEEN.append({"method": self.command, "path": self.path, "time": time.monotonic()})

    def do_PROPFIND(self):
        self.record()
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        path = os.path.join(ROOT, "propfind.xml")
        with open(path, "rb") as f:
            body = f.read()
        self.send_body(207, body, {"Content-Type": "application/xml; charset=utf-8"})

    def do_GET(self):
        self.record()
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        parts = url.path.split("/", 2)
        kind = parts[1] if len(parts) > 1 else ""
        rest = parts[2] if len(parts) > 2 else ""
        if kind == "control":
            with LOCK:
                return self.send_body(200, json.dumps(SEEN).encode(), {"Content-Type": "application/json"})
        if kind == "busy":
            times = int(query.get("times", ["1"])[0])
            with LOCK:
                count = BUSY.get(rest, 0)
                BUSY[rest] = count + 1
            if count < times:
                after = query.get("after", ["2"])[0]
                return self.send_body(429, b"slow down", {"Retry-After": after, "Content-Type": "text/plain"})
        path = local_file(ROOT, rest)
        if path is None:
            return self.send_body(404, b"not found", {"Content-Type": "text/plain"})
        with open(path, "rb") as f:
            data = f.read()
        kind_file = path + ".type"
        if os.path.isfile(kind_file):
            with open(kind_file) as f:
                content_type = f.read().strip()
        else:
            content_type = TYPES.get(os.path.splitext(path)[1].lower(), "application/octet-stream")
        headers = {"Content-Type": content_type, "ETag": '"%s"' % hashlib.sha1(data).hexdigest()[:16]}
        if MODE == "gzip":
            data = gzip.compress(data)
            headers["Content-Encoding"] = "gzip"
        self.send_body(200, data, headers)


class H2COnly(socketserver.BaseRequestHandler):
    """Answers whatever comes with an HTTP/2 SETTINGS frame and a GOAWAY (PROTOCOL_ERROR)."""

    def handle(self):
        try:
            self.request.recv(4096)
            settings = bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
            goaway = bytes([0, 0, 8, 7, 0, 0, 0, 0, 0]) + bytes([0, 0, 0, 0, 0, 0, 0, 1])
            self.request.sendall(settings + goaway)
            self.request.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class TCPServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    global ROOT, MODE
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--mode", default="http", choices=["http", "h2c", "gzip"])
    args = parser.parse_args()
    ROOT = args.root
    MODE = args.mode
    if MODE == "h2c":
        announce(TCPServer(("127.0.0.1", args.port), H2COnly))
    else:
        serve(Handler, port=args.port)


if __name__ == "__main__":
    sys.exit(main())
