"""What the network tests' HTTP servers share: a quiet handler with the replies they all send, a
path under the served folder checked not to leave it, and the start that prints the port.

Each server imports it from its own folder (python3 puts a script's folder first on its path).
"""

import os
import ssl
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class QuietHandler(BaseHTTPRequestHandler):
    """HTTP/1.1, nothing logged; replies with a length, each connection closed after its answer
    unless `keep_open`."""

    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def send_body(self, code, body, headers=None, keep_open=False):
        self.send_response(code)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        if not keep_open:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        if not keep_open:
            self.close_connection = True

    def send_plain(self, code, text, extra=None, keep_open=False):
        self.send_body(code, text.encode(), dict(extra or {}, **{"Content-Type": "text/plain"}), keep_open)


def local_file(root, rel):
    """The file `rel` (percent-encoded, relative) names under `root`; None outside it or missing."""
    full = os.path.realpath(os.path.join(root, urllib.parse.unquote(rel)))
    if not full.startswith(os.path.realpath(root) + os.sep) or not os.path.isfile(full):
        return None
    return full


def serve(handler, host="127.0.0.1", port=0, cert=None, key=None):
    """Listens (with TLS when `cert` is given), prints "PORT <n>" and serves until killed."""
    ThreadingHTTPServer.allow_reuse_address = True
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    if cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    announce(server)


def announce(server):
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()
