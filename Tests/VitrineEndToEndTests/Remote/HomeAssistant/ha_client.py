"""A small client of a Home Assistant Core started by the tests on loopback.

Standard library only. Each call prints one JSON value on stdout:

  configure DIR PORT          writes DIR/configuration.yaml (http on 127.0.0.1:PORT, no
                              integration that reaches beyond the machine)
  onboard URL                 creates the owner through the onboarding API and prints
                              {"token": ...} (the core_config step, which adds the weather,
                              radio and text-to-speech integrations, is never taken)
  mqtt URL TOKEN BROKER_PORT  adds the MQTT integration through the config-flow API
  states URL TOKEN            every entity's state, attributes and id
  entities URL TOKEN          the entity registry (websocket API): id, unique id, category
  devices URL TOKEN           the device registry (websocket API)
  call URL TOKEN DOMAIN SERVICE JSON
                              calls a service; prints {"status": HTTP status, "body": ...}
"""

import base64
import json
import os
import socket
import sys
import urllib.error
import urllib.parse
import urllib.request

CLIENT_ID = "http://127.0.0.1/"


def request(url, method="GET", body=None, token=None, form=False):
    headers = {}
    data = None
    if token:
        headers["Authorization"] = "Bearer " + token
    if body is not None:
        if form:
            data = urllib.parse.urlencode(body).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        else:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as reply:
            text = reply.read().decode()
            return reply.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text


def configure(folder, port):
    os.makedirs(folder, exist_ok=True)
    # Only what the test needs: the HTTP API, config entries, onboarding (owner), the
    # websocket API; no default_config (it would start discovery, cloud, weather, radio).
    config = f"""homeassistant:
  name: Vitrine test
  latitude: 0
  longitude: 0
  elevation: 0
  unit_system: metric
  time_zone: UTC
  currency: EUR
  country: DE
http:
  server_host: 127.0.0.1
  server_port: {port}
api:
config:
onboarding:
websocket_api:
logger:
  default: warning
  logs:
    homeassistant.components.mqtt: debug
"""
    with open(os.path.join(folder, "configuration.yaml"), "w") as out:
        out.write(config)
    print(json.dumps({"ok": True}))


def onboard(url):
    status, body = request(
        url + "/api/onboarding/users",
        "POST",
        {"client_id": CLIENT_ID, "name": "Owner", "username": "owner", "password": "vitrine-test-pass",
         "language": "en"},
    )
    if status != 200:
        raise SystemExit(f"onboarding: HTTP {status}: {body}")
    status, tokens = request(
        url + "/auth/token", "POST",
        {"grant_type": "authorization_code", "code": body["auth_code"], "client_id": CLIENT_ID}, form=True)
    if status != 200:
        raise SystemExit(f"token: HTTP {status}: {tokens}")
    token = tokens["access_token"]
    # Only the owner: the core_config step would add the weather, radio and text-to-speech
    # integrations, which reach the internet.
    print(json.dumps({"token": token}))


def mqtt(url, token, broker_port):
    status, flow = request(
        url + "/api/config/config_entries/flow", "POST", {"handler": "mqtt", "show_advanced_options": False},
        token=token)
    if status != 200:
        raise SystemExit(f"flow: HTTP {status}: {flow}")
    steps = 0
    while flow.get("type") == "form" and steps < 4:
        steps += 1
        fields = {"broker": "127.0.0.1", "port": int(broker_port)}
        if flow.get("step_id") != "broker":
            fields = {}
        status, flow = request(
            url + "/api/config/config_entries/flow/" + flow["flow_id"], "POST", fields, token=token)
        if status != 200:
            raise SystemExit(f"flow step: HTTP {status}: {flow}")
    print(json.dumps({"type": flow.get("type"), "title": flow.get("title")}))


def states(url, token):
    status, body = request(url + "/api/states", token=token)
    if status != 200:
        raise SystemExit(f"states: HTTP {status}: {body}")
    print(json.dumps(body))


def call(url, token, domain, service, data):
    status, body = request(url + f"/api/services/{domain}/{service}", "POST", json.loads(data), token=token)
    print(json.dumps({"status": status, "body": body}))


def websocket(url, token, message):
    """One request over the websocket API (RFC 6455 by hand: one small text frame each way)."""
    host, port = url.split("//")[1].split(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (f"GET /api/websocket HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    reader = sock.makefile("rb")
    while reader.readline() not in (b"\r\n", b""):
        pass

    def send(value):
        payload = json.dumps(value).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        else:
            header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
        sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive():
        text = b""
        while True:
            first, second = reader.read(2)
            length = second & 0x7F
            if length == 126:
                length = int.from_bytes(reader.read(2), "big")
            elif length == 127:
                length = int.from_bytes(reader.read(8), "big")
            text += reader.read(length)
            if first & 0x80:
                return json.loads(text)

    receive()  # auth_required
    send({"type": "auth", "access_token": token})
    if receive().get("type") != "auth_ok":
        raise SystemExit("websocket: not authenticated")
    send(dict(message, id=1))
    reply = receive()
    sock.close()
    return reply


def main(args):
    command = args[0]
    if command == "configure":
        configure(args[1], int(args[2]))
    elif command == "onboard":
        onboard(args[1])
    elif command == "mqtt":
        mqtt(args[1], args[2], args[3])
    elif command == "states":
        states(args[1], args[2])
    elif command == "entities":
        print(json.dumps(websocket(args[1], args[2], {"type": "config/entity_registry/list"}).get("result")))
    elif command == "devices":
        print(json.dumps(websocket(args[1], args[2], {"type": "config/device_registry/list"}).get("result")))
    elif command == "call":
        call(args[1], args[2], args[3], args[4], args[5])
    else:
        raise SystemExit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv[1:])
