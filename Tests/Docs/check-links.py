#!/usr/bin/env python3
"""Checks every relative link of README.md, ARCHITECTURE.md and docs/*.md: the file it names
exists and, for a Markdown file, so does the heading its #anchor names (GitHub's slugs).
Prints each broken link as FILE:LINE: TARGET: why, and exits 1 when there is one."""

import glob
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<img[^>]*\bsrc=\"([^\"]+)\"|<a[^>]*\bhref=\"([^\"]+)\"")


def slug(heading):
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def prose_lines(path):
    """(line number, text) of the lines outside code fences, inline code removed."""
    fence = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith("```"):
                fence = not fence
                continue
            if not fence:
                yield number, re.sub(r"`[^`]*`", "", line)


def anchors(path):
    seen = {}
    found = set()
    for _, line in prose_lines(path):
        match = re.match(r"#{1,6}\s+(.*)", line)
        if not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def main():
    files = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "ARCHITECTURE.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    broken = []
    checked = 0
    for path in files:
        for number, line in prose_lines(path):
            for match in LINK.finditer(line):
                target = next(group for group in match.groups() if group)
                if re.match(r"[a-z][a-z0-9+.-]*:", target):
                    continue
                checked += 1
                name, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
                where = f"{os.path.relpath(path, ROOT)}:{number}: {target}"
                if not os.path.exists(resolved):
                    broken.append(f"{where}: no such file")
                elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    broken.append(f"{where}: no heading with that anchor")
    for line in broken:
        print(line, file=sys.stderr)
    print(f"links: {checked} relative links checked in {len(files)} files, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
