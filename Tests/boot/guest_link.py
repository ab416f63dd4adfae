"""The boot test's links to the virtual machine, standard library only.

Qmp: the QEMU monitor (keys, pointer, screendump, devices).
Shell: the root shell the guest runs on its second serial port.
Screen: a screendump (PPM) as pixels, compared and written as PNG.
"""

import json
import os
import re
import socket
import struct
import time
import uuid
import zlib


def connect(path, deadline):
    """A connected Unix socket at path, retried until deadline (QEMU creates it)."""
    while True:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(path)
            return sock
        except OSError:
            sock.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


class Qmp:
    def __init__(self, path, timeout=30):
        self.sock = connect(path, time.monotonic() + timeout)
        self.file = self.sock.makefile("rwb")
        self.events = []
        json.loads(self.file.readline())  # the greeting
        self.command("qmp_capabilities")

    def command(self, name, **arguments):
        message = {"execute": name}
        if arguments:
            message["arguments"] = arguments
        self.file.write(json.dumps(message).encode() + b"\n")
        self.file.flush()
        while True:
            line = self.file.readline()
            if not line:
                raise ConnectionError("QEMU closed the monitor")
            reply = json.loads(line)
            if "event" in reply:
                self.events.append(reply)
                continue
            if "error" in reply:
                raise RuntimeError(f"{name}: {reply['error'].get('desc')}")
            return reply.get("return")

    def keys(self, *names, hold_ms=80):
        """Presses the keys together (QEMU qcodes: 'right', 'spc', 'ctrl', 'alt', 'f2')."""
        self.command("send-key", keys=[{"type": "qcode", "data": n} for n in names], **{"hold-time": hold_ms})

    def events_send(self, events):
        self.command("input-send-event", events=events)

    def move(self, dx, dy):
        self.events_send(
            [{"type": "rel", "data": {"axis": "x", "value": dx}}, {"type": "rel", "data": {"axis": "y", "value": dy}}]
        )

    def absolute(self, x, y):
        """Moves an absolute pointer to (x, y) in 0…1 across the screen."""
        self.events_send(
            [
                {"type": "abs", "data": {"axis": "x", "value": int(x * 0x7FFF)}},
                {"type": "abs", "data": {"axis": "y", "value": int(y * 0x7FFF)}},
            ]
        )

    def button(self, down):
        self.events_send([{"type": "btn", "data": {"down": down, "button": "left"}}])

    def screendump(self, path):
        self.command("screendump", filename=path)
        return Screen.read(path)


class Shell:
    """Runs commands in the guest's root shell; each answer is framed by markers."""

    def __init__(self, path, timeout=30):
        self.sock = connect(path, time.monotonic() + timeout)
        self.buffer = b""

    def run(self, command, timeout=30):
        """(exit status, output) of command, or TimeoutError."""
        tag = uuid.uuid4().hex[:12]
        line = f"echo {tag}B; ( {command} ) </dev/null 2>&1; echo {tag}E $?\n"
        self.sock.sendall(line.encode())
        pattern = re.compile(rf"{tag}B\n(.*?){tag}E (\d+)\n".encode(), re.S)
        deadline = time.monotonic() + timeout
        while True:
            found = pattern.search(self.buffer)
            if found:
                self.buffer = self.buffer[found.end() :]
                return int(found.group(2)), found.group(1).decode(errors="replace")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no answer from the guest within {timeout} s to: {command}")
            self.sock.settimeout(min(remaining, 1))
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                raise ConnectionError("the guest's shell closed")
            self.buffer += chunk

    def wait_ready(self, deadline):
        """Waits for the shell to answer (the guest has booted this far)."""
        while time.monotonic() < deadline:
            try:
                status, output = self.run("echo up", timeout=3)
                if status == 0 and "up" in output:
                    return True
            except TimeoutError:
                pass
        return False

    def out(self, command, timeout=30):
        return self.run(command, timeout)[1].strip()


class Screen:
    """A screendump: RGB bytes, with a gray sample grid for fast comparisons."""

    STEP_X = 4
    STEP_Y = 8

    def __init__(self, width, height, rgb):
        self.width = width
        self.height = height
        self.rgb = rgb
        self.gray = []
        for y in range(0, height, self.STEP_Y):
            row = rgb[y * width * 3 : (y + 1) * width * 3]
            r, g, b = row[0 :: 3 * self.STEP_X], row[1 :: 3 * self.STEP_X], row[2 :: 3 * self.STEP_X]
            self.gray.extend((x + y2 + z) // 3 for x, y2, z in zip(r, g, b))

    @staticmethod
    def read(path):
        data = open(path, "rb").read()
        tokens = []
        position = 0
        while len(tokens) < 4:
            match = re.compile(rb"\s*(#[^\n]*\n\s*)*(\S+)").match(data, position)
            tokens.append(match.group(2))
            position = match.end()
        if tokens[0] != b"P6":
            raise ValueError(f"{path} is not a binary PPM")
        width, height = int(tokens[1]), int(tokens[2])
        rgb = data[position + 1 : position + 1 + width * height * 3]
        return Screen(width, height, rgb)

    def mean(self):
        return sum(self.gray) / len(self.gray)

    def spread(self):
        """Standard deviation of the gray samples: a photo has detail, a blank screen none."""
        m = self.mean()
        return (sum((v - m) ** 2 for v in self.gray) / len(self.gray)) ** 0.5

    def lit(self, level=40):
        """Fraction of samples brighter than level."""
        return sum(1 for v in self.gray if v > level) / len(self.gray)

    def difference(self, other):
        """Mean absolute gray difference (0…255)."""
        if len(self.gray) != len(other.gray):
            return 255.0
        return sum(abs(a - b) for a, b in zip(self.gray, other.gray)) / len(self.gray)

    def looks_like_photo(self):
        return self.spread() > 25 and self.lit() > 0.15

    def blend_of(self, a, b):
        """(alpha, residual) of this screen as (1 - alpha)·a + alpha·b, by least squares."""
        num = den = 0.0
        for f, x, y in zip(self.gray, a.gray, b.gray):
            d = y - x
            num += (f - x) * d
            den += d * d
        if den == 0:
            return 0.0, 255.0
        alpha = num / den
        residual = sum(abs(f - (x + alpha * (y - x))) for f, x, y in zip(self.gray, a.gray, b.gray)) / len(self.gray)
        return alpha, residual

    def write_png(self, path):
        raw = b"".join(
            b"\x00" + self.rgb[y * self.width * 3 : (y + 1) * self.width * 3] for y in range(self.height)
        )

        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        with open(path, "wb") as out:
            out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)))
            out.write(chunk(b"IEND", b""))
        if path.endswith(".png"):
            try:
                os.remove(path[:-4] + ".ppm")
            except OSError:
                pass
