"""HTTP(S) server for the network tests: serves a folder, and injects faults on request.

Run: python3 fault_server.py --root DIR [--cert CERT.pem --key KEY.pem]
Prints "PORT <n>" once listening on 127.0.0.1 (port chosen by the system).

Routes (PATH is relative to --root):
  /files/PATH            the file, with ETag / Last-Modified, 304 and Range (If-Range) support;
                         ?drop=1 cuts the first response for PATH in the middle of the body
  /gate/PATH             sends the first 40 % (?fraction=F) then waits for /control/release
  /trickle/PATH          about 1 KB/s (?rate=BYTES)
  /status/CODE           that status, short text body
  /wrong-length/PATH     declares 1000 bytes more than it sends, then closes
  /huge                  declares a 2 GB body
  /endless               no length, a JPEG header and then bytes without end
  /loop/N                redirects to /loop/N+1 forever
  /redirect?to=URL       redirects to URL (file://, ftp:// …)
  /control/requests      JSON list of the requests seen (path, Range, If-None-Match, If-Range)
  /control/release       opens every gate
"""

import argparse
import hashlib
import json
import os
import sys
import threading
import time
import urllib.parse
from email.utils import formatdate

from test_server import QuietHandler, local_file, serve

ROOT = "."
SEEN = []
DROPPED = set()
GATE = threading.Event()
LOCK = threading.Lock()
JPEG_HEAD = bytes([0xFF, 0xD8, 0xFF, 0xE0]) + b"\x00\x10JFIF\x00"


class Handler(QuietHandler):

    def record(self):
        with LOCK:
            SEEN.append({
                "path": self.path,
                "method": self.command,
                "range": self.headers.get("Range"),
                "ifNoneMatch": self.headers.get("If-None-Match"),
                "ifRange": self.headers.get("If-Range"),
            })

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        self.record()
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        parts = url.path.split("/", 2)
        kind = parts[1] if len(parts) > 1 else ""
        rest = parts[2] if len(parts) > 2 else ""
        self.close_connection = True
        if kind == "control":
            if rest == "release":
                GATE.set()
                return self.send_plain(200, "released")
            with LOCK:
                return self.send_plain(200, json.dumps(SEEN))
        if kind == "status":
            return self.send_plain(int(rest), "status %s" % rest)
        if kind == "loop":
            return self.send_plain(302, "again", {"Location": "/loop/%d" % (int(rest or 0) + 1)})
        if kind == "redirect":
            return self.send_plain(302, "away", {"Location": query.get("to", ["file:///etc/passwd"])[0]})
        if kind == "huge":
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(2 * 1024 * 1024 * 1024))
            self.end_headers()
            try:
                self.wfile.write(JPEG_HEAD)
                for _ in range(100):
                    self.wfile.write(b"\x00" * 1024)
                    time.sleep(0.05)
            except OSError:
                pass
            return
        if kind == "endless":
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                self.wfile.write(JPEG_HEAD)
                for _ in range(200 * 16):
                    self.wfile.write(b"\x00" * 65536)
            except OSError:
                pass
            return
        path = local_file(ROOT, rest)
        if path is None:
            return self.send_plain(404, "not found")
        with open(path, "rb") as f:
            data = f.read()
        etag = '"%s"' % hashlib.sha1(data).hexdigest()[:16]
        modified = formatdate(os.path.getmtime(path), usegmt=True)
        if kind == "files":
            return self.serve_file(rest, data, etag, modified, query)
        if kind == "gate":
            cut = int(len(data) * float(query.get("fraction", ["0.4"])[0]))
            return self.stream(data, etag, [(data[:cut], "gate"), (data[cut:], 0)])
        if kind == "trickle":
            rate = int(query.get("rate", ["1024"])[0])
            step = max(1, rate // 4)
            chunks = [(data[i:i + step], 0.25) for i in range(0, len(data), step)]
            return self.stream(data, etag, chunks)
        if kind == "wrong-length":
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(len(data) + 1000))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(data)
            return
        return self.send_plain(404, "no such route")

    def serve_file(self, rel, data, etag, modified, query):
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        start = 0
        wanted = self.headers.get("Range")
        if wanted and wanted.startswith("bytes=") and self.headers.get("If-Range") in (None, etag, modified):
            start = int(wanted[6:].split("-")[0] or 0)
            if start >= len(data):
                return self.send_plain(416, "range", {"Content-Range": "bytes */%d" % len(data)})
        body = data[start:]
        self.send_response(206 if start else 200)
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", modified)
        self.send_header("Accept-Ranges", "bytes")
        if start:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(data) - 1, len(data)))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command == "HEAD":
            return
        drop = query.get("drop") == ["1"]
        with LOCK:
            first = rel not in DROPPED
            if drop and first:
                DROPPED.add(rel)
        if drop and first:
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.shutdown(2)
            return
        self.wfile.write(body)

    def stream(self, data, etag, chunks):
        self.send_response(200)
        self.send_header("ETag", etag)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            for chunk, pause in chunks:
                self.wfile.write(chunk)
                self.wfile.flush()
                if pause == "gate":
                    GATE.wait(30)
                elif pause:
                    time.sleep(pause)
        except OSError:
            pass


def main():
    global ROOT
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    args = parser.parse_args()
    ROOT = args.root
    serve(Handler, cert=args.cert, key=args.key)


if __name__ == "__main__":
    sys.exit(main())
