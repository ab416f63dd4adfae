#!/usr/bin/env python3
"""A hostile device on the player's network, on loopback addresses only.

Starts `vitrine play` (VITRINE_BIN) with the web page and the control API on free loopback
ports, sets the page's password, runs one attack (the first argument) while it samples the
player's resident memory (/proc) and frame rate (the `frames` of the control API's state, over
the client's clock), and prints one JSON object of figures. Used by the Swift tests, which
judge the figures, and by hand against any build:

    VITRINE_BIN=.build/debug/vitrine VITRINE_WWW=assets/www python3 hostile.py slow-bodies

Waits are on the player's log, its state or sockets, each with a deadline; none stands in for
an event.
"""
import http.client
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

BIN = os.environ["VITRINE_BIN"]
DEMO = os.environ.get("VITRINE_DEMO", os.path.join(os.path.dirname(__file__), "../../../assets/demo"))
PASSWORD = "kitchen-table-password-9"


def log(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


class Player:
    def __init__(self, work, extra=(), playlist=False, size="640x360", web_port=0, control_port=0,
                 wait_control=True, stdout=None):
        self.work = work
        os.makedirs(work + "/photos", exist_ok=True)
        for name in sorted(os.listdir(DEMO)):
            if name.endswith(".jpg") and not os.path.exists(work + "/photos/" + name):
                shutil.copy(os.path.join(DEMO, name), work + "/photos/" + name)
        source = work + "/photos"
        if playlist:
            source = work + "/playlist.json"
            if not os.path.exists(source):
                with open(source, "w") as f:
                    f.write('{ "version": 1, "items": [ { "folder": "photos" } ] }\n')
        self.state_path = work + "/state/web.json"
        args = [BIN, "play", source, "--config", "none", "--video-driver", "offscreen", "--renderer", "software",
                "--windowed", size, "--no-resume", "--interval", "3", "--web", "--web-port", str(web_port),
                "--web-state", self.state_path, "--control", "--control-port", str(control_port)] + list(extra)
        env = dict(os.environ)
        env.pop("NOTIFY_SOCKET", None)
        self.errors = open(work + "/player.log", "a+")
        self.log_start = self.errors.tell()
        self.process = subprocess.Popen(args, stdout=stdout or subprocess.DEVNULL, stderr=self.errors, env=env)
        deadline = time.time() + 30
        self.web = self.control = None
        if not wait_control:
            self.control = control_port
        while time.time() < deadline and (self.web is None or self.control is None):
            text = self.log()
            for line in text.splitlines():
                if "web: page at http://" in line:
                    self.web = int(line.split("http://", 1)[1].split("/", 1)[0].split(":")[1])
                if "control API on" in line and " port " in line:
                    self.control = int(line.rsplit(" port ", 1)[1].split()[0])
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        if self.web is None or self.control is None:
            self.stop()
            raise SystemExit("the player did not start: " + self.log())

    def log(self):
        """What this player has logged."""
        self.errors.flush()
        with open(self.work + "/player.log") as f:
            f.seek(self.log_start)
            return f.read()

    def rss_mb(self):
        try:
            with open("/proc/%d/status" % self.process.pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024.0
        except OSError:
            return None

    def frames(self):
        try:
            c = http.client.HTTPConnection("127.0.0.1", self.control, timeout=5)
            c.request("GET", "/api/state")
            r = c.getresponse()
            body = r.read()
            c.close()
            return json.loads(body)["frames"]
        except Exception:
            return None

    def setup_code(self):
        with open(self.state_path) as f:
            return json.load(f).get("setupCode")

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


class Sampler(threading.Thread):
    """Memory every 0.1 s and frames every 0.5 s, until stopped; marks split the figures."""

    def __init__(self, player):
        super().__init__(daemon=True)
        self.player = player
        self.samples = []  # (time, rss, frames or None)
        self.halt = threading.Event()
        self.tick = 0

    def run(self):
        while not self.halt.is_set():
            frames = self.player.frames() if self.tick % 5 == 0 else None
            self.samples.append((time.time(), self.player.rss_mb(), frames))
            self.tick += 1
            self.halt.wait(0.1)

    def figures(self, start, end):
        """Memory's peak and mean, and the frame rate: over the whole span, and the median of
        its half-second steps (less moved by a neighbour's burst on a shared machine)."""
        inside = [s for s in self.samples if start <= s[0] <= end]
        rss = [s[1] for s in inside if s[1] is not None]
        frames = [(s[0], s[2]) for s in inside if s[2] is not None]
        fps = None
        steps = []
        if len(frames) >= 2 and frames[-1][0] > frames[0][0]:
            fps = (frames[-1][1] - frames[0][1]) / (frames[-1][0] - frames[0][0])
            steps = sorted((b[1] - a[1]) / (b[0] - a[0]) for a, b in zip(frames, frames[1:]) if b[0] > a[0])
        return {"rss_max_mb": round(max(rss), 1) if rss else None,
                "rss_mean_mb": round(sum(rss) / len(rss), 1) if rss else None,
                "fps": round(fps, 1) if fps is not None else None,
                "fps_median": round(steps[len(steps) // 2], 1) if steps else None}


def connect(port, source="127.0.0.1", timeout=10):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((source, 0))
    s.settimeout(timeout)
    s.connect(("127.0.0.1", port))
    return s


def request(port, method, path, headers=None, body=b"", source="127.0.0.1", timeout=20):
    """One request on its own connection; (status, headers dict lower-case, body), or (0, {}, b"")."""
    headers = dict(headers or {})
    headers.setdefault("Host", "127.0.0.1:%d" % port)
    # An empty value leaves the header out (a request without an Origin).
    sent_without = [k for k, v in headers.items() if v == ""]
    headers["Connection"] = "close"
    if method == "POST":
        headers.setdefault("Origin", "http://127.0.0.1:%d" % port)
        headers["Content-Length"] = str(len(body))
    for k in sent_without:
        headers.pop(k)
    head = "%s %s HTTP/1.1\r\n" % (method, path) + "".join("%s: %s\r\n" % kv for kv in headers.items()) + "\r\n"
    try:
        s = connect(port, source, timeout)
        s.sendall(head.encode() + body)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        s.close()
    except OSError:
        return 0, {}, b""
    if b"\r\n\r\n" not in data:
        return 0, {}, b""
    top, rest = data.split(b"\r\n\r\n", 1)
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    out = {}
    cookies = []
    for line in lines[1:]:
        k, _, v = line.partition(":")
        out[k.strip().lower()] = v.strip()
        if k.strip().lower() == "set-cookie":
            cookies.append(v.strip())
    out["_cookies"] = cookies
    return status, out, rest


def cookie_values(headers):
    jar = {}
    for c in headers.get("_cookies", []):
        name, _, value = c.split(";")[0].partition("=")
        jar[name] = value
    return jar


def form_token(port, page="/login", source="127.0.0.1"):
    status, headers, _ = request(port, "GET", page, source=source)
    return cookie_values(headers).get("vitrine_form")


def form_post(port, path, fields, token, cookie=None, source="127.0.0.1", extra=None):
    body = urllib.parse.urlencode(fields).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": token,
               "Cookie": cookie or "vitrine_form=" + token}
    headers.update(extra or {})
    return request(port, "POST", path, headers, body, source=source)


def sign_in(player, source="127.0.0.1"):
    """Sets the password the first time (with the setup code), signs in after; (cookie, csrf)."""
    port = player.web
    code = player.setup_code()
    if code:
        token = form_token(port, "/setup", source)
        status, headers, body = form_post(
            port, "/api/setup", {"code": code, "password": PASSWORD, "confirm": PASSWORD}, token, source=source)
    else:
        token = form_token(port, "/login", source)
        status, headers, body = form_post(port, "/api/login", {"password": PASSWORD}, token, source=source)
    if status != 200:
        raise SystemExit("cannot sign in: %d %s" % (status, body))
    session = cookie_values(headers)["vitrine_session"]
    cookie = "vitrine_session=" + session
    status, _, page = request(port, "GET", "/now", {"Cookie": cookie}, source=source)
    csrf = page.decode().split('name="csrf" content="', 1)[1][:64]
    return cookie, csrf


def baseline(sampler, seconds=5.0):
    """The figures before an attack, once the show runs (its frames count moves: the first
    photos are decoded), over a window of `seconds`."""
    deadline = time.time() + 30
    while time.time() < deadline:
        frames = [s[2] for s in sampler.samples[-12:] if s[2] is not None]
        if len(frames) >= 2 and frames[-1] > frames[-2] > 0:
            break
        time.sleep(0.05)
    start = time.time()
    time.sleep(seconds)  # a measuring window, not a wait for an event
    return sampler.figures(start, time.time())


# Attacks -------------------------------------------------------------------------------------

def slow_bodies(player, sampler, clients=30, seconds=12.0, rate=4 << 20):
    """`clients` attackers, not signed in, each announcing 100 MB and sending it at `rate` bytes a
    second: half to /healthz with a length, half to /api/login chunked (no length announced).
    One that is cut off connects again at once, until the time is up."""
    port = player.web
    before = baseline(sampler)
    stop = time.time() + seconds
    sent = [0] * clients
    cut = [0] * clients
    chunk = b"x" * 65536

    def client(i):
        started = time.time()
        while time.time() < stop:
            s = None
            try:
                s = connect(port, "127.0.0.1", 5)
                if i % 2 == 0:
                    s.sendall(("POST /healthz HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://127.0.0.1:%d\r\n"
                               "Content-Length: %d\r\n\r\n" % (port, port, 100 << 20)).encode())
                else:
                    token = "0" * 64
                    s.sendall(("POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://127.0.0.1:%d\r\n"
                               "Cookie: vitrine_form=%s\r\nX-CSRF-Token: %s\r\n"
                               "Content-Type: application/x-www-form-urlencoded\r\n"
                               "Transfer-Encoding: chunked\r\n\r\n" % (port, port, token, token)).encode())
                while time.time() < stop:
                    piece = chunk if i % 2 == 0 else b"%x\r\n" % len(chunk) + chunk + b"\r\n"
                    s.sendall(piece)
                    sent[i] += len(chunk)
                    ahead = sent[i] / rate - (time.time() - started)
                    if ahead > 0:
                        time.sleep(ahead)  # the attacker's own pace
            except OSError:
                cut[i] += 1
                # Cut off: the attacker tries again (after the pause its pace allows).
                ahead = sent[i] / rate - (time.time() - started)
                if ahead > 0:
                    time.sleep(min(ahead, max(0.0, stop - time.time())))
            finally:
                if s is not None:
                    s.close()

    start = time.time()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    during = sampler.figures(start, time.time())
    after_start = time.time()
    time.sleep(3)  # a measuring window after the attack
    after = sampler.figures(after_start, time.time())
    return {"before": before, "during": during, "after": after,
            "bytes_sent_mb": round(sum(sent) / 1048576.0, 1), "times_cut_off": sum(cut)}


def wrong_sign_ins(player, sampler, clients=30, seconds=10.0):
    """`clients` concurrent sign-ins with wrong passwords from one address, again and again for
    `seconds`."""
    port = player.web
    sign_in(player)
    before = baseline(sampler)
    statuses = []
    lock = threading.Lock()
    stop = time.time() + seconds

    def guesser(i):
        n = 0
        while time.time() < stop:
            token = form_token(port, "/login")
            status, _, _ = form_post(port, "/api/login", {"password": "wrong-guess-%d-%d" % (i, n)}, token or "")
            n += 1
            with lock:
                statuses.append(status)
            if status == 0:
                time.sleep(0.05)  # turned away at the door: the attacker's own pause
            elif status == 429:
                time.sleep(0.02)  # told to wait: the attacker's own (short) pause

    start = time.time()
    threads = [threading.Thread(target=guesser, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    during = sampler.figures(start, time.time())
    after_start = time.time()
    time.sleep(3)  # a measuring window after the attack
    after = sampler.figures(after_start, time.time())
    return {"before": before, "during": during, "after": after, "attempts": len(statuses),
            "evaluated": statuses.count(401),
            "refused_429": statuses.count(429), "connection_closed": statuses.count(0),
            "statuses": {str(k): statuses.count(k) for k in sorted(set(statuses))}}


def slow_sockets(player, sampler, count=1000, owner="127.0.0.2"):
    """`count` connections from 127.0.0.1 that send half a request head and trickle; a signed-in
    owner at `owner` asks for the state meanwhile; how long it takes, and after they close."""
    port = player.web
    cookie, _ = sign_in(player, owner)
    before = baseline(sampler, 2)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 256)), hard))
    sockets = []
    opened = 0
    for i in range(count):
        try:
            s = connect(port, "127.0.0.1", 5)
            s.setblocking(False)
            sockets.append(s)
            opened += 1
        except OSError:
            break
    for s in sockets:
        try:
            s.send(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        except OSError:
            pass
    start = time.time()
    owner_times = []
    owner_status = []
    probes_answered = 0
    stop_trickle = threading.Event()

    def trickle():
        while not stop_trickle.is_set():
            for s in sockets:
                try:
                    s.send(b"a")
                except OSError:
                    pass
            stop_trickle.wait(2)

    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    for _ in range(10):
        t0 = time.time()
        status, _, _ = request(port, "GET", "/api/state", {"Cookie": cookie}, source=owner, timeout=10)
        owner_times.append(round(time.time() - t0, 3))
        owner_status.append(status)
        t0 = time.time()
        status, _, _ = request(port, "GET", "/healthz", source="127.0.0.1", timeout=2)
        probes_answered += status == 200
        time.sleep(0.5)  # the owner's own pace
    # A connection still open after 20 s of trickling is one the server let hold on.
    held = 0
    deadline = time.time() + 20
    while time.time() < deadline:
        time.sleep(1)  # sampling the attacker's sockets
    for s in sockets:
        try:
            s.send(b"a")
            data = s.recv(1, socket.MSG_PEEK)
            held += 1 if data != b"" else 0
        except BlockingIOError:
            held += 1
        except OSError:
            pass
    during = sampler.figures(start, time.time())
    stop_trickle.set()
    for s in sockets:
        s.close()
    t0 = time.time()
    status, _, _ = request(port, "GET", "/api/state", {"Cookie": cookie}, source="127.0.0.1", timeout=10)
    recovered = round(time.time() - t0, 3)
    return {"before": before, "during": during, "opened": opened, "owner_seconds": owner_times,
            "owner_status": owner_status, "probes_from_attacker_answered": probes_answered,
            "held_after_20s": held, "after_close_status": status, "after_close_seconds": recovered}


def rotating_guesses(player, sampler, guesses=200, addresses=20):
    """`guesses` wrong sign-ins spread over 127.0.0.2 … 127.0.0.(addresses+1)."""
    port = player.web
    sign_in(player)
    statuses = []
    for i in range(guesses):
        source = "127.0.0.%d" % (2 + i % addresses)
        token = form_token(port, "/login", source)
        status, _, _ = form_post(port, "/api/login", {"password": "guess-%d" % i}, token or "", source=source)
        statuses.append(status)
    return {"evaluated": statuses.count(401), "refused_429": statuses.count(429),
            "other": len(statuses) - statuses.count(401) - statuses.count(429)}


def concurrent_guesses(player, sampler, count=30):
    port = player.web
    sign_in(player)
    tokens = [form_token(port, "/login") for _ in range(count)]
    statuses = []
    lock = threading.Lock()
    go = threading.Event()

    def guess(i):
        go.wait()
        status, _, _ = form_post(port, "/api/login", {"password": "guess-%d" % i}, tokens[i] or "")
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    go.set()
    for t in threads:
        t.join()
    return {"evaluated": statuses.count(401), "refused_429": statuses.count(429),
            "connection_closed": statuses.count(0),
            "other": len(statuses) - statuses.count(401) - statuses.count(429) - statuses.count(0)}


def password_change(player, sampler, tries=12):
    """Wrong current passwords on /api/password from a signed-in session; then whether another
    session of the owner can still sign in and change it."""
    port = player.web
    cookie, csrf = sign_in(player)
    other_cookie, other_csrf = sign_in(player, "127.0.0.3")
    statuses = []
    for i in range(tries):
        status, _, _ = form_post(port, "/api/password", {"current": "wrong-%d" % i, "password": "another-long-pass-7",
                                                          "confirm": "another-long-pass-7"}, csrf, cookie=cookie)
        statuses.append(status)
    token = form_token(port, "/login")
    login_status, _, _ = form_post(port, "/api/login", {"password": PASSWORD}, token or "")
    other, _, _ = request(port, "GET", "/api/state", {"Cookie": other_cookie}, source="127.0.0.3")
    return {"statuses": statuses, "evaluated": statuses.count(400), "refused_429": statuses.count(429),
            "sign_in_after": login_status, "other_session_after": other}


def weak_passwords(player, sampler):
    port = player.web
    code = player.setup_code()
    out = {}
    for password in ["12345678", "password", "        ", "password1", "aaaaaaaaaa", "qwertyuiop"]:
        token = form_token(port, "/setup")
        status, _, body = form_post(port, "/api/setup", {"code": code, "password": password, "confirm": password},
                                    token or "")
        out[password] = status
    return {"statuses": out, "has_password": player.setup_code() is None}


def setup_codes(player, sampler, guesses=60, addresses=20):
    """Wrong setup codes from rotating addresses; then the right one; is the code logged?"""
    port = player.web
    code = player.setup_code()
    statuses = []
    for i in range(guesses):
        source = "127.0.0.%d" % (2 + i % addresses)
        token = form_token(port, "/setup", source)
        wrong = "%08d" % ((int(code) + 1 + i) % 100000000)
        status, _, _ = form_post(port, "/api/setup", {"code": wrong, "password": PASSWORD, "confirm": PASSWORD},
                                 token or "", source=source)
        statuses.append(status)
    text = player.log()
    return {"evaluated": statuses.count(400), "refused_429": statuses.count(429),
            "failed_attempts_logged": text.count("failed setup code"),
            "a_tried_code_in_log": any(("%08d" % ((int(code) + 1 + i) % 100000000)) in text for i in range(guesses)),
            "code_in_log": code in text}


def rebinding(player, sampler):
    """Requests naming a foreign host, and changes without an origin."""
    port = player.web
    cookie, csrf = sign_in(player)
    evil = {"Host": "rebind.example:%d" % port}
    token = form_token(port, "/login")
    login, _, _ = form_post(port, "/api/login", {"password": PASSWORD}, token or "",
                            extra={"Host": "rebind.example:%d" % port, "Origin": "http://rebind.example:%d" % port})
    state, _, _ = request(port, "GET", "/api/state", dict(evil, Cookie=cookie))
    command, _, _ = form_post(port, "/api/command", {"command": "pause"}, csrf, cookie=cookie,
                              extra={"Host": "rebind.example:%d" % port, "Origin": "http://rebind.example:%d" % port})
    # No Origin and no Referer: a form some other program posts.
    body = b"command=pause"
    no_origin, _, _ = request(port, "POST", "/api/command",
                              {"Cookie": cookie, "X-CSRF-Token": csrf, "Origin": "",
                               "Content-Type": "application/x-www-form-urlencoded"}, body)
    control, _, _ = request(player.control, "GET", "/api/state", {"Host": "rebind.example:%d" % player.control})
    control_cmd, _, _ = request(player.control, "POST", "/api/cmd",
                                {"Host": "127.0.0.1:%d" % player.control,
                                 "Origin": "http://rebind.example:%d" % player.control,
                                 "Content-Type": "application/json"}, b'{"command":"pause"}')
    own, _, _ = request(port, "GET", "/api/state", {"Cookie": cookie})
    return {"sign_in_foreign_host": login, "state_foreign_host": state, "command_foreign_host": command,
            "command_without_origin": no_origin, "control_state_foreign_host": control,
            "control_command_foreign_origin": control_cmd, "own_state": own}


def hook_commands(player, sampler):
    """A playlist naming a folder outside the roots, then one with an offCommand, saved from the
    page; once the player has read the file again, "display off" from the page."""
    port = player.web
    cookie, csrf = sign_in(player)
    marker = player.work + "/hook-ran"
    headers = {"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json"}
    outside = json.dumps({"version": 1, "items": [{"folder": "photos"}, {"folder": "/etc"}]})
    folder, _, folder_body = request(port, "POST", "/api/playlist", headers, outside.encode())
    with open(player.work + "/playlist.json") as f:
        outside_saved = "/etc" in f.read()
    reloads = player.log().count(": reloaded")
    text = json.dumps({"version": 1, "items": [{"folder": "photos"}, {"folder": "photos", "duration": 4}],
                       "display": {"offCommand": "touch " + marker, "onCommand": ["/bin/true"]}})
    hook, _, hook_body = request(port, "POST", "/api/playlist", headers, text.encode())
    # A saved playlist is read again by the running show; a refused one is not: wait for the
    # reload when it was saved, then ask for the display off.
    deadline = time.time() + 10
    while hook == 200 and time.time() < deadline and player.log().count(": reloaded") <= reloads:
        time.sleep(0.05)
    off, _, _ = form_post(port, "/api/command", {"command": "display-off"}, csrf, cookie=cookie)
    deadline = time.time() + 10
    dark = False
    while time.time() < deadline and not dark:
        status, _, body = request(port, "GET", "/api/state", {"Cookie": cookie})
        dark = b"dark" in body
        time.sleep(0.05)
    # The command, when there is one, is started as the display goes dark: wait for it a moment.
    deadline = time.time() + 5
    while time.time() < deadline and not os.path.exists(marker):
        time.sleep(0.05)
    with open(player.work + "/playlist.json") as f:
        saved = f.read()
    return {"hook_status": hook, "hook_message": hook_body.decode(errors="replace")[:300],
            "outside_status": folder, "outside_message": folder_body.decode(errors="replace")[:300],
            "outside_saved": outside_saved, "display_off_status": off, "display_went_dark": dark,
            "hook_ran": os.path.exists(marker), "hook_saved": "offCommand" in saved}


def temporaries(folder):
    return [n for n in os.listdir(folder) if n.startswith(".vitrine-tmp-") or n.endswith(".part")]


def upload_kills(work, rounds=30):
    """Power cuts (SIGKILL) during uploads and playlist saves: each round starts the player on
    the same folders, checks what the last cut left once its page is up (after its clean-up),
    then uploads a photo slowly while saving the playlist again and again, and kills the player
    when the upload's temporary file has reached a random size (or the photo its name)."""
    import random
    rng = random.Random(int(os.environ.get("VITRINE_SEED", "23")))
    with open(os.path.join(DEMO, "wide-elephants-panorama.jpg"), "rb") as f:
        photo = f.read()
    uploaded = []
    leftovers_seen = []
    half_photos = []
    bad_playlists = 0
    kills = 0
    for round_ in range(rounds + 1):
        player = Player(work, playlist=True, size="160x90")
        photos = work + "/photos"
        # The page is up: the clean-up ran before it. Nothing of ours may be left, no photo half there.
        left = temporaries(photos) + temporaries(work)
        leftovers_seen.append(len(left))
        for name in uploaded:
            path = photos + "/" + name
            if os.path.exists(path):
                with open(path, "rb") as f:
                    if f.read() != photo:
                        half_photos.append(name)
        try:
            with open(work + "/playlist.json") as f:
                json.load(f)
        except ValueError:
            bad_playlists += 1
        if round_ == rounds:
            player.stop()
            break
        cookie, csrf = sign_in(player)
        name = "upload-%02d.jpg" % round_
        uploaded.append(name)
        boundary = "vitrine-kill-%d" % round_
        head = ("--%s\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"%s\"\r\n"
                "Content-Type: image/jpeg\r\n\r\n" % (boundary, name)).encode()
        body = head + photo + ("\r\n--%s--\r\n" % boundary).encode()
        stop = threading.Event()

        def send():
            try:
                s = connect(player.web, "127.0.0.1", 30)
                s.sendall(("POST /api/photos HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://127.0.0.1:%d\r\n"
                           "Cookie: %s\r\nX-CSRF-Token: %s\r\nContent-Type: multipart/form-data; boundary=%s\r\n"
                           "Content-Length: %d\r\n\r\n" % (player.web, player.web, cookie, csrf, boundary,
                                                              len(body))).encode())
                for at in range(0, len(body), 32768):
                    if stop.is_set():
                        break
                    s.sendall(body[at:at + 32768])
                    stop.wait(0.01)  # a slow phone's pace
                s.recv(1024)
                s.close()
            except OSError:
                pass

        def save_playlists():
            n = 0
            headers = {"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json"}
            while not stop.is_set():
                text = json.dumps({"version": 1, "items": [{"folder": "photos", "duration": 3 + n % 5}]}, indent=2)
                request(player.web, "POST", "/api/playlist", headers, text.encode(), timeout=5)
                n += 1

        threads = [threading.Thread(target=send), threading.Thread(target=save_playlists)]
        for t in threads:
            t.start()
        threshold = rng.randrange(0, len(photo) + len(photo) // 4)
        deadline = time.time() + 30
        while time.time() < deadline:
            parts = [p for p in temporaries(photos)]
            sizes = []
            for p in parts:
                try:
                    sizes.append(os.path.getsize(photos + "/" + p))
                except OSError:
                    pass
            if os.path.exists(photos + "/" + name) or any(size >= threshold for size in sizes):
                break
            time.sleep(0.002)  # polling the file's size, the event this waits for
        player.process.kill()
        kills += 1
        player.process.wait()
        stop.set()
        for t in threads:
            t.join()
    present = [n for n in uploaded if os.path.exists(work + "/photos/" + n)]
    return {"kills": kills, "leftovers_at_each_start": leftovers_seen, "half_photos": half_photos,
            "uploads_whole": len(present), "unreadable_playlists": bad_playlists,
            "cleanup_lines": sum(1 for line in open(work + "/player.log") if "unfinished upload or save" in line)}


def taken_ports(work):
    """Both ports taken before the start, with --keep-going: the show plays, the log says which
    listener could not start, and each starts once its port is free."""
    holders = []
    ports = []
    for _ in range(2):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        holders.append(s)
        ports.append(s.getsockname()[1])
    out = open(work + "/state.out", "w+")
    os.makedirs(work, exist_ok=True)
    player = Player(work, extra=["--keep-going", "--print-state", "--interval", "1"], web_port=ports[0],
                    control_port=ports[1], wait_control=False, stdout=out)
    try:
        def states():
            out.flush()
            with open(work + "/state.out") as f:
                return [json.loads(line) for line in f if line.startswith("{")]

        deadline = time.time() + 20
        while time.time() < deadline and len({s.get("index") for s in states()}) < 3:
            time.sleep(0.05)
        slides_while_taken = len({s.get("index") for s in states()})
        log_taken = player.log()
        for s in holders:
            s.close()
        deadline = time.time() + 20
        while time.time() < deadline and not ("the web page listens now" in player.log()
                                              and "control API on" in player.log()):
            time.sleep(0.05)
        web, _, _ = request(ports[0], "GET", "/healthz", timeout=5)
        control, _, _ = request(ports[1], "GET", "/api/state", timeout=5)
        return {"slides_while_taken": slides_while_taken,
                "web_said": [l for l in log_taken.splitlines() if "web page: cannot listen" in l][:1],
                "control_said": [l for l in log_taken.splitlines() if "control API: cannot listen" in l][:1],
                "web_after": web, "control_after": control, "alive": player.process.poll() is None}
    finally:
        player.stop()


ATTACKS = {
    "slow-bodies": (slow_bodies, False),
    "wrong-sign-ins": (wrong_sign_ins, False),
    "slow-sockets": (slow_sockets, False),
    "rotating-guesses": (rotating_guesses, False),
    "concurrent-guesses": (concurrent_guesses, False),
    "password-change": (password_change, False),
    "weak-passwords": (weak_passwords, False),
    "setup-codes": (setup_codes, False),
    "rebinding": (rebinding, False),
    "hook-commands": (hook_commands, True),
}
# Scenarios that start the player themselves, as often as they need.
RUNS = {"upload-kills": upload_kills, "taken-ports": taken_ports}


def main():
    name = sys.argv[1]
    work = tempfile.mkdtemp(prefix="vitrine-hostile-")
    if name in RUNS:
        try:
            print(json.dumps(RUNS[name](work)))
        finally:
            if os.environ.get("VITRINE_KEEP") is None:
                shutil.rmtree(work, ignore_errors=True)
        return
    attack, playlist = ATTACKS[name]
    player = Player(work, playlist=playlist)
    sampler = Sampler(player)
    sampler.start()
    try:
        result = attack(player, sampler)
        result["alive"] = player.process.poll() is None
        result["rss_start_mb"] = sampler.samples[0][1] if sampler.samples else None
    finally:
        sampler.halt.set()
        player.stop()
        if os.environ.get("VITRINE_KEEP") is None:
            shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
