#!/usr/bin/env python3
"""A stand-in for GitHub's cache service (version 2, as actions/cache uses it), for the tests
of Scripts/action-main.js: the twirp JSON methods GetCacheEntryDownloadURL, CreateCacheEntry
and FinalizeCacheEntryUpload under /twirp/github.actions.results.api.v1.CacheService/, and a
blob store at /blob/<n> taking a PUT with `x-ms-blob-type: BlockBlob` and serving a GET, as
the signed URLs of Azure blob storage do.

usage: cache-service.py TOKEN LOG [--fail]

Listens on 127.0.0.1 on a free port and prints it, then serves until killed. Every request
is appended to LOG as `<method> <name>` (`POST CreateCacheEntry`, `PUT blob`, `GET blob`).
A request without `Authorization: Bearer TOKEN` gets 401; an entry is found only by its key
and version, once finalized with its archive's size; a second CreateCacheEntry for a key and
version gets twirp's `already_exists` (409). With --fail, every twirp call gets 500.
Python 3 standard library only.
"""
import http.server
import json
import os
import sys
import threading

# Started beside other tests' processes, this one may have inherited their pipes: holding
# one open would keep a reader waiting for its end until this service stops.
os.closerange(3, os.sysconf("SC_OPEN_MAX"))

TOKEN, LOG = sys.argv[1], sys.argv[2]
FAIL = "--fail" in sys.argv[3:]
PREFIX = "/twirp/github.actions.results.api.v1.CacheService/"
lock = threading.Lock()
entries = {}   # (key, version) -> {"blob": n, "finalized": bool}
blobs = {}     # n -> bytes


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def note(self, name):
        with open(LOG, "a") as log:
            log.write(f"{self.command} {name}\n")

    def reply(self, status, body=b"", kind="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def answer(self, status, value):
        self.reply(status, json.dumps(value).encode())

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def url(self, number):
        return f"http://127.0.0.1:{self.server.server_port}/blob/{number}?sig=signed"

    def do_POST(self):
        method = self.path[len(PREFIX):] if self.path.startswith(PREFIX) else "?"
        self.note(method)
        request = json.loads(self.body() or b"{}")
        if self.headers.get("Authorization") != f"Bearer {TOKEN}":
            return self.answer(401, {"code": "unauthenticated", "msg": "no token"})
        if FAIL:
            return self.answer(500, {"code": "internal", "msg": "the stand-in fails on purpose"})
        entry_id = (request.get("key"), request.get("version"))
        if not all(entry_id):
            return self.answer(400, {"code": "invalid_argument", "msg": "key and version are required"})
        with lock:
            entry = entries.get(entry_id)
            if method == "GetCacheEntryDownloadURL":
                if entry and entry["finalized"]:
                    return self.answer(200, {"ok": True, "signed_download_url": self.url(entry["blob"]),
                                             "matched_key": entry_id[0]})
                return self.answer(200, {"ok": False})
            if method == "CreateCacheEntry":
                if entry:
                    return self.answer(409, {"code": "already_exists", "msg": "cache entry exists"})
                number = len(blobs) + 1
                blobs[number] = None
                entries[entry_id] = {"blob": number, "finalized": False}
                return self.answer(200, {"ok": True, "signed_upload_url": self.url(number)})
            if method == "FinalizeCacheEntryUpload":
                size = int(request.get("size_bytes", "-1"))
                if not entry or blobs.get(entry["blob"]) is None or len(blobs[entry["blob"]]) != size:
                    return self.answer(200, {"ok": False})
                entry["finalized"] = True
                return self.answer(200, {"ok": True, "entry_id": str(entry["blob"])})
        self.answer(404, {"code": "bad_route", "msg": self.path})

    def blob(self):
        if not self.path.startswith("/blob/") or not self.path.endswith("?sig=signed"):
            return None
        number = int(self.path[len("/blob/"):-len("?sig=signed")])
        return number if number in blobs else None

    def do_PUT(self):
        self.note("blob")
        number, data = self.blob(), self.body()
        if number is None or self.headers.get("x-ms-blob-type") != "BlockBlob":
            return self.reply(400, b"not a block blob upload", "text/plain")
        with lock:
            blobs[number] = data
        self.reply(201)

    def do_GET(self):
        self.note("blob")
        number = self.blob()
        with lock:
            data = blobs.get(number) if number is not None else None
        if data is None:
            return self.reply(404, b"no blob", "text/plain")
        self.reply(200, data, "application/octet-stream")


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_port, flush=True)
server.serve_forever()
