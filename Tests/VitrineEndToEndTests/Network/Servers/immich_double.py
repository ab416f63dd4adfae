"""A test double of an Immich server: the calls of Immich's published REST API that Vitrine makes,
answered as Immich's OpenAPI specification (open-api/immich-openapi-specs.json, v2.4.1) describes
them. Immich itself cannot run in the tests (it needs PostgreSQL, Redis and its machine-learning
containers); this double is the stand-in, and says so.

Run: python3 immich_double.py --config CONFIG.json --root DIR [--host 127.0.0.1]
     [--redirect-thumbnails BASE]
Prints "PORT <n>" once listening.

CONFIG.json:
  {"apiKey": "...", "version": [2, 4, 1],
   "albums": [{"id": UUID, "albumName", "assets": [asset ids], "owned": true, "shared": false}],
   "people": [{"id": UUID, "name", "isHidden": false}],
   "assets": [{"id": UUID, "preview": FILE, "thumbnail": FILE, "edited": FILE (optional),
               "isFavorite", "people": [person ids], "description", "type"}],
   "bulkAssets": [{"album": album id, "count": N, "preview": FILE, "thumbnail": FILE}],
   "bulkPeople": N}
  "bulkAssets" adds N generated image assets (UUID ids) to an album; "bulkPeople" adds N generated
  people named "Person 1" … "Person N" before those listed.

What follows the specification:
  - every call needs the header x-api-key: without it or with another key, 401 (Immich's body);
  - ids in paths are UUIDs: anything else is 400 "id must be a UUID", as Immich's validation says;
  - GET  /api/server/version                {major, minor, patch}
  - GET  /api/albums[?shared=true|false]    AlbumResponseDto list: no parameter, the key's own albums
                                            (shared or not); shared=true, every album shared with or
                                            by the user; shared=false, own albums not shared
  - GET  /api/albums/{id}[?withoutAssets=true]  AlbumResponseDto with its assets
  - GET  /api/people?withHidden&page&size   PeopleResponseDto: pages (size 1…1000, default 500),
                                            hasNextPage; hidden people only with withHidden=true
  - GET  /api/search/person?name&withHidden PersonResponseDto list: names with a word starting with name
  - POST /api/search/metadata               SearchResponseDto, paged (page from 1, size 1…1000,
                                            default 250, nextPage a string or null); filters albumIds
                                            (from 1.131; an older version ignores it, as Immich's
                                            whitelisting validation drops unknown properties),
                                            personIds, isFavorite, type
  - GET  /api/assets/{id}/thumbnail?size=thumbnail|preview[&edited=true]
                                            thumbnail is WebP, preview JPEG (Immich's defaults); from
                                            2.5, edited=true sends an edited asset's edited render
                                            (isEdited), the original's render for the others
  - PUT  /api/assets/{id}                   UpdateAssetDto (isFavorite, isArchived, description, rating …;
                                            each optional, isFavorite a boolean or 400 "isFavorite must be
                                            a boolean value"), answered with the AssetResponseDto as
                                            updated; an unknown asset is 400 "Not found or no asset.update
                                            access"; the change holds for later listings
Not Immich's: GET /control/requests (paths, headers and PUT bodies seen), GET /control/release (opens the gate
of assets with "gate": true, whose preview waits for it). --redirect-thumbnails answers every
thumbnail with 302 to BASE/files/FILE (a server whose media moved to another host).
"""

import argparse
import json
import os
import re
import sys
import threading
import urllib.parse

from test_server import QuietHandler, serve

CONFIG = ""
ROOT = ""
REDIRECT = None
GATE = threading.Event()
LOCK = threading.Lock()
SEEN = []
# isFavorite set through PUT /api/assets/{id}, by asset id: laid over the config's.
FAVOURITES = {}
CACHE = {"mtime": None, "data": None}
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
OWNER = "11111111-1111-4111-8111-111111111111"
OTHER = "22222222-2222-4222-8222-222222222222"


def load():
    """The config, with its generated assets and people; read again when the file changes."""
    mtime = os.stat(CONFIG).st_mtime_ns
    with LOCK:
        if CACHE["mtime"] == mtime:
            return CACHE["data"]
    with open(CONFIG) as f:
        config = json.load(f)
    config.setdefault("version", [2, 4, 1])
    assets = list(config.get("assets", []))
    albums = {a["id"]: a for a in config.get("albums", [])}
    for n, bulk in enumerate(config.get("bulkAssets", [])):
        ids = ["%08x-0000-4000-9000-%012x" % (i, n + 1) for i in range(bulk["count"])]
        for i in ids:
            assets.append({"id": i, "preview": bulk["preview"], "thumbnail": bulk["thumbnail"]})
        albums[bulk["album"]]["assets"] = list(albums[bulk["album"]]["assets"]) + ids
    people = [{"id": "%08x-1111-4000-8000-000000000000" % i, "name": "Person %d" % i, "isHidden": False}
              for i in range(1, config.get("bulkPeople", 0) + 1)] + list(config.get("people", []))
    config["assets"], config["people"] = assets, people
    config["byId"] = {a["id"]: a for a in assets}
    with LOCK:
        CACHE["mtime"], CACHE["data"] = mtime, config
    return config


def version_at_least(config, major, minor):
    v = config["version"]
    return (v[0], v[1]) >= (major, minor)


def asset_dto(config, asset):
    dto = {
        "id": asset["id"],
        "type": asset.get("type", "IMAGE"),
        "originalFileName": asset["id"] + ".jpg",
        "ownerId": OWNER,
        "checksum": asset.get("checksum", "c-" + asset["id"]),
        "updatedAt": asset.get("updatedAt", "2024-01-01T00:00:00.000Z"),
        "isFavorite": FAVOURITES.get(asset["id"], asset.get("isFavorite", False)),
        "isArchived": False,
        "isTrashed": False,
        "exifInfo": {"description": asset.get("description", "")},
    }
    if version_at_least(config, 2, 5):
        dto["isEdited"] = "edited" in asset
    return dto


def person_dto(person):
    return {"id": person["id"], "name": person["name"], "birthDate": None, "thumbnailPath": "",
            "isHidden": person.get("isHidden", False), "updatedAt": "2024-01-01T00:00:00.000Z"}


def album_dto(config, album, with_assets):
    owned = album.get("owned", True)
    dto = {"id": album["id"], "albumName": album["albumName"], "description": "",
           "ownerId": OWNER if owned else OTHER, "shared": album.get("shared", False),
           "hasSharedLink": False, "assetCount": len(album["assets"]), "assets": [],
           "albumUsers": [], "isActivityEnabled": True}
    if with_assets:
        dto["assets"] = [asset_dto(config, config["byId"][i]) for i in album["assets"] if i in config["byId"]]
    return dto


class Handler(QuietHandler):
    def reply(self, code, body, content_type="application/json", extra=None):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_body(code, data, dict(extra or {}, **{"Content-Type": content_type}), keep_open=True)

    def bad_request(self, message):
        self.reply(400, {"message": [message], "error": "Bad Request", "statusCode": 400})

    def record(self):
        with LOCK:
            SEEN.append({"method": self.command, "path": self.path,
                         "headers": {k.lower(): v for k, v in self.headers.items()}})

    def authorised(self, config):
        if self.headers.get("x-api-key") != config["apiKey"]:
            self.reply(401, {"message": "Invalid API key", "statusCode": 401, "error": "Unauthorized"})
            return False
        return True

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/control/release":
            GATE.set()
            return self.reply(200, b"released", "text/plain")
        if url.path == "/control/requests":
            with LOCK:
                return self.reply(200, list(SEEN))
        self.record()
        config = load()
        if not self.authorised(config):
            return
        query = urllib.parse.parse_qs(url.query)
        flag = lambda name: query.get(name, [""])[0] == "true"
        parts = [p for p in url.path.split("/") if p]
        if parts == ["api", "server", "version"]:
            major, minor, patch = config["version"]
            return self.reply(200, {"major": major, "minor": minor, "patch": patch})
        if parts == ["api", "albums"]:
            shared = query.get("shared", [None])[0]
            albums = config.get("albums", [])
            if shared == "true":
                chosen = [a for a in albums if a.get("shared", False) or not a.get("owned", True)]
            elif shared == "false":
                chosen = [a for a in albums if a.get("owned", True) and not a.get("shared", False)]
            else:
                chosen = [a for a in albums if a.get("owned", True)]
            return self.reply(200, [album_dto(config, a, False) for a in chosen])
        if len(parts) == 3 and parts[:2] == ["api", "albums"]:
            if not UUID.match(parts[2]):
                return self.bad_request("id must be a UUID")
            for album in config.get("albums", []):
                if album["id"] == parts[2]:
                    return self.reply(200, album_dto(config, album, not flag("withoutAssets")))
            return self.bad_request("Not found or no album.read access")
        if parts == ["api", "people"]:
            try:
                page, size = int(query.get("page", ["1"])[0]), int(query.get("size", ["500"])[0])
            except ValueError:
                return self.bad_request("page must be an integer number")
            if page < 1 or not 1 <= size <= 1000:
                return self.bad_request("size must not be greater than 1000")
            people = [p for p in config["people"] if flag("withHidden") or not p.get("isHidden")]
            chunk = people[(page - 1) * size: page * size]
            return self.reply(200, {"people": [person_dto(p) for p in chunk], "total": len(people),
                                    "hidden": sum(1 for p in config["people"] if p.get("isHidden")),
                                    "hasNextPage": page * size < len(people)})
        if parts == ["api", "search", "person"]:
            name = query.get("name", [""])[0].lower()
            if not name:
                return self.bad_request("name should not be empty")
            found = [p for p in config["people"]
                     if (flag("withHidden") or not p.get("isHidden"))
                     and any(w.startswith(name) for w in [p["name"].lower()] + p["name"].lower().split())]
            return self.reply(200, [person_dto(p) for p in found])
        if len(parts) == 4 and parts[:2] == ["api", "assets"] and parts[3] == "thumbnail":
            if not UUID.match(parts[2]):
                return self.bad_request("id must be a UUID")
            asset = config["byId"].get(parts[2])
            size = query.get("size", ["thumbnail"])[0]
            if size not in ("preview", "thumbnail", "fullsize"):
                return self.bad_request("size must be one of the following values: fullsize, preview, thumbnail")
            if asset is None:
                return self.bad_request("Not found or no asset.view access")
            edited = flag("edited") and version_at_least(config, 2, 5)
            name = asset["edited"] if edited and "edited" in asset else asset[
                "thumbnail" if size == "thumbnail" else "preview"]
            if REDIRECT:
                return self.reply(302, b"", "text/plain", {"Location": REDIRECT + "/files/" + name})
            if size == "preview" and asset.get("gate"):
                GATE.wait(60)
            with open(os.path.join(ROOT, name), "rb") as f:
                data = f.read()
            return self.reply(200, data, "image/webp" if size == "thumbnail" else "image/jpeg")
        self.reply(404, {"message": "Cannot GET " + url.path, "error": "Not Found", "statusCode": 404})

    def do_POST(self):
        self.record()
        config = load()
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        if not self.authorised(config):
            return
        if self.path != "/api/search/metadata":
            return self.reply(404, {"message": "Cannot POST " + self.path, "error": "Not Found", "statusCode": 404})
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return self.bad_request("Unexpected token in JSON")
        page, size = body.get("page", 1), body.get("size", 250)
        if not isinstance(page, int) or page < 1:
            return self.bad_request("page must not be less than 1")
        if not isinstance(size, int) or not 1 <= size <= 1000:
            return self.bad_request("size must not be greater than 1000")
        albums = body.get("albumIds") if version_at_least(config, 1, 131) else None
        for i in (albums or []) + (body.get("personIds") or []):
            if not UUID.match(i):
                return self.bad_request("each value in albumIds must be a UUID")
        members = None
        if albums:
            members = set()
            for album in config.get("albums", []):
                if album["id"] in albums:
                    members |= set(album["assets"])
        found = []
        for asset in config["assets"]:
            if members is not None and asset["id"] not in members:
                continue
            if body.get("isFavorite") is True and not FAVOURITES.get(asset["id"], asset.get("isFavorite")):
                continue
            if body.get("personIds") and not set(body["personIds"]) & set(asset.get("people", [])):
                continue
            if body.get("type") and asset.get("type", "IMAGE") != body["type"]:
                continue
            found.append(asset)
        items = [asset_dto(config, a) for a in found[(page - 1) * size: page * size]]
        next_page = str(page + 1) if page * size < len(found) else None
        self.reply(200, {
            "albums": {"total": 0, "count": 0, "items": [], "facets": [], "nextPage": None},
            "assets": {"total": len(items), "count": len(items), "items": items, "facets": [],
                       "nextPage": next_page}})

    def do_PUT(self):
        config = load()
        length = int(self.headers.get("Content-Length", "0"))
        if length > 65536:
            return self.reply(413, {"message": "request entity too large", "statusCode": 413})
        raw = self.rfile.read(length)
        with LOCK:
            SEEN.append({"method": "PUT", "path": self.path, "body": raw.decode("utf-8", "replace"),
                         "headers": {k.lower(): v for k, v in self.headers.items()}})
        if not self.authorised(config):
            return
        parts = [p for p in urllib.parse.urlsplit(self.path).path.split("/") if p]
        if len(parts) != 3 or parts[:2] != ["api", "assets"]:
            return self.reply(404, {"message": "Cannot PUT " + self.path, "error": "Not Found", "statusCode": 404})
        if not UUID.match(parts[2]):
            return self.bad_request("id must be a UUID")
        asset = config["byId"].get(parts[2])
        if asset is None:
            return self.bad_request("Not found or no asset.update access")
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return self.bad_request("Unexpected token in JSON")
        if not isinstance(body, dict):
            return self.bad_request("body must be an object")
        if "isFavorite" in body:
            if not isinstance(body["isFavorite"], bool):
                return self.bad_request("isFavorite must be a boolean value")
            with LOCK:
                FAVOURITES[asset["id"]] = body["isFavorite"]
        self.reply(200, asset_dto(config, asset))


def main():
    global CONFIG, ROOT, REDIRECT
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--redirect-thumbnails")
    args = parser.parse_args()
    CONFIG, ROOT, REDIRECT = args.config, args.root, args.redirect_thumbnails
    serve(Handler, host=args.host)


if __name__ == "__main__":
    sys.exit(main())
