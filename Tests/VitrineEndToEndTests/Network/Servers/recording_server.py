"""HTTP server for the credential and download tests: records every request with all its headers,
optionally asks for Basic authentication, and serves files the way a server without Range support
does (no Accept-Ranges, a Range header ignored).

Run: python3 recording_server.py --root DIR [--host 127.0.0.1] [--user U --password P]
Prints "PORT <n>" once listening.

Routes (PATH is relative to --root; with --user, every route but /control needs Basic auth):
  /files/PATH              the whole file with an ETag, always 200; ?cut=1 cuts the first
                           response for PATH in the middle of its body
  /redirect/PATH?to=BASE   302 to BASE/files/PATH (another host, for example)
  /control/requests        JSON list of the requests seen: method, path, headers (lower-case names)
"""

import argparse
import base64
import hashlib
import json
import os
import sys
import threading
import urllib.parse

from test_server import QuietHandler, serve

ROOT = "."
USER = None
PASSWORD = None
SEEN = []
CUT = set()
LOCK = threading.Lock()


class Handler(QuietHandler):
    def send_plain(self, code, text, extra=None, keep_open=True):
        super().send_plain(code, text, extra, keep_open)

    def authorised(self):
        if USER is None:
            return True
        expected = "Basic " + base64.b64encode(("%s:%s" % (USER, PASSWORD)).encode()).decode()
        if self.headers.get("Authorization") == expected:
            return True
        self.send_plain(401, "who are you?", {"WWW-Authenticate": 'Basic realm="photos"'})
        return False

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/control/requests":
            with LOCK:
                return self.send_plain(200, json.dumps(SEEN))
        with LOCK:
            SEEN.append({"method": self.command, "path": self.path,
                         "headers": {k.lower(): v for k, v in self.headers.items()}})
        if not self.authorised():
            return
        query = urllib.parse.parse_qs(url.query)
        parts = url.path.split("/", 2)
        kind, rest = (parts[1] if len(parts) > 1 else ""), (parts[2] if len(parts) > 2 else "")
        if kind == "redirect":
            return self.send_plain(302, "moved", {"Location": query["to"][0] + "/files/" + rest})
        full = os.path.realpath(os.path.join(ROOT, urllib.parse.unquote(rest)))
        if kind != "files" or not full.startswith(os.path.realpath(ROOT) + os.sep) or not os.path.isfile(full):
            return self.send_plain(404, "not found")
        with open(full, "rb") as f:
            data = f.read()
        self.send_response(200)
        self.send_header("ETag", '"%s"' % hashlib.sha1(data).hexdigest()[:16])
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        with LOCK:
            cut = query.get("cut") == ["1"] and rest not in CUT
            if cut:
                CUT.add(rest)
        if cut:
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.connection.shutdown(2)
            self.close_connection = True
            return
        self.wfile.write(data)


def main():
    global ROOT, USER, PASSWORD
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--user")
    parser.add_argument("--password")
    args = parser.parse_args()
    ROOT, USER, PASSWORD = args.root, args.user, args.password
    serve(Handler, host=args.host)


if __name__ == "__main__":
    sys.exit(main())
