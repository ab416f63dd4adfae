"""Prints the host's Debian 12 apt sources as one-line entries, for mmdebstrap.

The guest uses the same mirror as this machine (a local mirror or proxy on a
build farm, deb.debian.org otherwise). Reads /etc/apt/sources.list and the
.list and .sources files beside it; keeps Debian's bookworm suites only.
"""

import glob
import sys

SUITES = ("bookworm", "bookworm-updates", "bookworm-security")


def one_line(path):
    for line in open(path, encoding="utf-8"):
        words = line.split("#", 1)[0].split()
        if len(words) >= 4 and words[0] == "deb":
            if words[1].startswith("["):
                while words and not words[1].endswith("]"):
                    del words[1]
                del words[1]
            yield words[1], words[2], words[3:]


def deb822(path):
    text = open(path, encoding="utf-8").read()
    for stanza in text.split("\n\n"):
        fields = {}
        for line in stanza.splitlines():
            if line.startswith("#") or ":" not in line:
                continue
            key, value = line.split(":", 1)
            fields[key.strip().lower()] = value.split()
        if "deb" not in fields.get("types", []) or fields.get("enabled", ["yes"]) == ["no"]:
            continue
        for uri in fields.get("uris", []):
            for suite in fields.get("suites", []):
                yield uri, suite, fields.get("components", ["main"])


def main():
    entries = []
    for path in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
        try:
            entries += list(one_line(path))
        except OSError:
            pass
    for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
        entries += list(deb822(path))
    lines = []
    for uri, suite, components in entries:
        if suite in SUITES and "main" in components:
            line = f"deb {uri} {suite} main"
            if line not in lines:
                lines.append(line)
    if not lines:
        lines = [
            "deb http://deb.debian.org/debian bookworm main",
            "deb http://deb.debian.org/debian bookworm-updates main",
            "deb http://deb.debian.org/debian-security bookworm-security main",
        ]
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
