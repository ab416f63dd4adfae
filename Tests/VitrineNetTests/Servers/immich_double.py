"""A test double of an Immich server: the few calls of Immich's published REST API that Vitrine uses.

Run: python3 immich_double.py --config CONFIG.json --root DIR
Prints "PORT <n>" once listening on 127.0.0.1.

CONFIG.json: {"apiKey": "...", "albums": [{"id", "albumName", "assets": [asset ids]}],
              "people": [{"id", "name"}],
              "assets": [{"id", "preview": FILE, "thumbnail": FILE, "isFavorite", "people": [ids],
                          "description", "type"}]}
Every call needs the header x-api-key; without it or with another key: 401, as Immich answers.
  GET  /api/albums                         AlbumResponseDto list (without assets)
  GET  /api/albums/{id}                    AlbumResponseDto with assets
  GET  /api/people                         PeopleResponseDto
  POST /api/search/metadata                SearchResponseDto (isFavorite, personIds, page, size)
  GET  /api/assets/{id}/thumbnail?size=preview|thumbnail
  GET  /control/release                    opens the gate (no key needed; not part of Immich's API)
An asset with "gate": true sends its size=preview render only after /control/release: a full-size
download held open while its thumbnail is served.
The config is read again on each call, so a test can change it while the server runs.
"""

import argparse
import json
import os
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CONFIG = ""
ROOT = ""
GATE = threading.Event()


def load():
    with open(CONFIG) as f:
        return json.load(f)


def asset_dto(asset):
    return {
        "id": asset["id"],
        "type": asset.get("type", "IMAGE"),
        "originalFileName": asset["id"] + ".jpg",
        "checksum": asset.get("checksum", "c-" + asset["id"]),
        "updatedAt": asset.get("updatedAt", "2024-01-01T00:00:00.000Z"),
        "isFavorite": asset.get("isFavorite", False),
        "exifInfo": {"description": asset.get("description", "")},
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def reply(self, code, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def authorised(self, config):
        if self.headers.get("x-api-key") != config["apiKey"]:
            self.reply(401, {"message": "Invalid API key", "statusCode": 401, "error": "Unauthorized"})
            return False
        return True

    def do_GET(self):
        if self.path == "/control/release":
            GATE.set()
            return self.reply(200, b"released", "text/plain")
        config = load()
        if not self.authorised(config):
            return
        url = urllib.parse.urlsplit(self.path)
        parts = [p for p in url.path.split("/") if p]
        assets = {a["id"]: a for a in config["assets"]}
        if parts == ["api", "albums"]:
            return self.reply(200, [
                {"id": a["id"], "albumName": a["albumName"], "assetCount": len(a["assets"]), "assets": []}
                for a in config["albums"]])
        if len(parts) == 3 and parts[:2] == ["api", "albums"]:
            for album in config["albums"]:
                if album["id"] == parts[2]:
                    return self.reply(200, {
                        "id": album["id"], "albumName": album["albumName"], "assetCount": len(album["assets"]),
                        "assets": [asset_dto(assets[i]) for i in album["assets"] if i in assets]})
            return self.reply(404, {"message": "Not found or no album.read access", "statusCode": 404})
        if parts == ["api", "people"]:
            return self.reply(200, {"people": config["people"], "total": len(config["people"]), "hidden": 0})
        if len(parts) == 4 and parts[:2] == ["api", "assets"] and parts[3] == "thumbnail":
            asset = assets.get(parts[2])
            size = urllib.parse.parse_qs(url.query).get("size", ["thumbnail"])[0]
            if asset is None or size not in ("preview", "thumbnail"):
                return self.reply(404, {"message": "Not found", "statusCode": 404})
            if size == "preview" and asset.get("gate"):
                GATE.wait(60)
            with open(os.path.join(ROOT, asset[size]), "rb") as f:
                return self.reply(200, f.read(), "image/jpeg")
        self.reply(404, {"message": "Cannot GET " + url.path, "statusCode": 404})

    def do_POST(self):
        config = load()
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        if not self.authorised(config):
            return
        if self.path != "/api/search/metadata":
            return self.reply(404, {"message": "Cannot POST " + self.path, "statusCode": 404})
        found = []
        for asset in config["assets"]:
            if body.get("isFavorite") is True and not asset.get("isFavorite"):
                continue
            if body.get("personIds") and not set(body["personIds"]) & set(asset.get("people", [])):
                continue
            if body.get("type") and asset.get("type", "IMAGE") != body["type"]:
                continue
            found.append(asset_dto(asset))
        page, size = int(body.get("page", 1)), int(body.get("size", 250))
        items = found[(page - 1) * size: page * size]
        next_page = str(page + 1) if page * size < len(found) else None
        self.reply(200, {
            "albums": {"total": 0, "count": 0, "items": [], "facets": [], "nextPage": None},
            "assets": {"total": len(found), "count": len(items), "items": items, "facets": [],
                       "nextPage": next_page}})


def main():
    global CONFIG, ROOT
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True)
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    CONFIG, ROOT = args.config, args.root
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
